//! The fixed facts of Königrufen: card points, card strength, the games of
//! the bidding table and their classes, the bonuses. Pure functions over
//! bytes and bit sets, shared by the replay and the settlement.

use notation::{Bonus, Card, CardSet, Game, Rank, Suit};

/// `T1`..`T22` as a set.
pub fn tarocks() -> CardSet {
    CardSet::trumps()
}

/// All suit cards (of any pack; intersected with hands it is exact).
pub fn suit_cards() -> CardSet {
    CardSet::suit(Suit::Spades)
        .union(CardSet::suit(Suit::Hearts))
        .union(CardSet::suit(Suit::Diamonds))
        .union(CardSet::suit(Suit::Clubs))
}

pub fn tarock(n: u8) -> Card {
    Card::trump(n).expect("tarock number 1..=22")
}

/// The trull cards `T1`, `T21`, `T22` (KR-DECK-4).
pub fn trull() -> CardSet {
    let mut s = CardSet::EMPTY;
    s.insert(Card::PAGAT);
    s.insert(Card::MOND);
    s.insert(Card::SKUS);
    s
}

/// The four kings.
pub fn kings() -> CardSet {
    Suit::ALL
        .iter()
        .map(|&s| Card::suited(s, Rank::King))
        .collect()
}

/// Card points in thirds (KR-POINTS-1), read from [`POINTS`]: a table
/// takes no branch on the card (the play counts every card it takes; a
/// `match` on the rank went the wrong way on most of them). Held equal to
/// `points_by_rank` by a test.
#[inline]
pub fn points(card: Card) -> u32 {
    u32::from(POINTS[card.index() as usize])
}

/// Card points in thirds by card index ([`points`]): kings 13, queens 10,
/// knights 7, jacks 4, the trull (T1, T21, T22) 13, every other card 1
/// (KR-POINTS-1).
static POINTS: [u8; 79] = points_table();

const fn points_table() -> [u8; 79] {
    let mut t = [1u8; 79];
    let mut i = 0;
    while i < 56 {
        // R1..R10 = 0..9, jack 10, knight 11, queen 12, king 13.
        t[i] = match i % 14 {
            13 => 13,
            12 => 10,
            11 => 7,
            10 => 4,
            _ => 1,
        };
        i += 1;
    }
    // T1, T21, T22 (trumps from index 56, in number order).
    t[56] = 13;
    t[56 + 20] = 13;
    t[56 + 21] = 13;
    t
}

/// Card points in thirds (KR-POINTS-1) by the card's rank or number: what
/// [`POINTS`] holds.
#[cfg(test)]
fn points_by_rank(card: Card) -> u32 {
    match card.trump_number() {
        Some(1 | 21 | 22) => 13,
        Some(_) => 1,
        None => match card.rank() {
            Some(Rank::King) => 13,
            Some(Rank::Queen) => 10,
            Some(Rank::Knight) => 7,
            Some(Rank::Jack) => 4,
            _ => 1,
        },
    }
}

/// The card points of a pile, in thirds (KR-POINTS-1), card by card from
/// [`POINTS`]. The piles counted so (the discard, the talon's halves:
/// `settle::positive`) hold six cards at most: read card by card they
/// cost less than the five counts of a pile on masks they were counted
/// with (each count of 128 bits some 25 instructions on the build's
/// target, which has no popcount instruction, and the masks behind a
/// lazy static's check).
/// Held equal to the points by rank (`points_by_rank`) by a test.
pub fn pile_points(pile: CardSet) -> u32 {
    pile.iter().map(points).sum()
}

/// Thirds written as points: `35 2/3`.
pub fn thirds(t: u32) -> String {
    Thirds(t).to_string()
}

/// [`thirds`] as a value written only when shown (an event that is not
/// recorded formats nothing).
pub struct Thirds(pub u32);

impl std::fmt::Display for Thirds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 % 3 {
            0 => write!(f, "{}", self.0 / 3),
            r => write!(f, "{} {r}/3", self.0 / 3),
        }
    }
}

/// Cards as a space-separated list.
pub(crate) fn list(set: CardSet) -> String {
    let v: Vec<String> = set.iter().map(|c| c.to_string()).collect();
    v.join(" ")
}

/// The strength of a suit card within its suit (KR-DECK-3): 0 lowest.
/// `knight_high` is the `face_order=KNQJ` alternative.
#[cfg(test)]
fn suit_strength(card: Card, knight_high: bool) -> u8 {
    match card.suit() {
        Some(_) => STRENGTH[knight_high as usize][card.index() as usize] - 1,
        None => 0,
    }
}

/// Trick strength by card index, for `face_order` KQNJ (0) and KNQJ (1):
/// suit cards 1..=8 within their suit (KR-DECK-3), tarocks 32 + number
/// (KR-DECK-2).
pub static STRENGTH: [[u8; 79]; 2] = [strength_table(false), strength_table(true)];

pub(super) const fn strength_table(knight_high: bool) -> [u8; 79] {
    let mut t = [0u8; 79];
    let mut i = 0;
    while i < 56 {
        let suit = i / 14;
        let rank = i % 14; // R1..R10 = 0..9, jack 10, knight 11, queen 12, king 13
        let red = suit == 1 || suit == 2;
        t[i] = 1 + match rank {
            13 => 7,
            12 => {
                if knight_high {
                    5
                } else {
                    6
                }
            }
            11 => {
                if knight_high {
                    6
                } else {
                    5
                }
            }
            10 => 4,
            r if red => 3u8.saturating_sub(r as u8),
            r => (r as u8 + 1).saturating_sub(7),
        };
        i += 1;
    }
    while i < 78 {
        t[i] = 32 + (i - 55) as u8;
        i += 1;
    }
    t
}

/// The place of a game in the bidding table (KR-BID-2), 1..=13; the
/// forehand-only games (KR-BID-3) have none. `None` also for the games of
/// other variants.
pub fn table_rank(game: Game) -> Option<u8> {
    Some(match game {
        Game::Piccolo => 1,
        Game::SoloCaller => 2,
        Game::PagatCaller => 3,
        Game::Beggar => 4,
        Game::UhuCaller => 5,
        Game::ThreeOfSuits => 6,
        Game::Three => 7,
        Game::PiccoloOuvert => 8,
        Game::PelicanCaller => 9,
        Game::QuapilCaller => 10,
        Game::BeggarOuvert => 11,
        Game::SoloThreeOfSuits => 12,
        Game::SoloThree => 13,
        _ => return None,
    })
}

/// `caller`, `six-threes`, `trischaken` (KR-BID-3).
pub fn forehand_only(game: Game) -> bool {
    matches!(game, Game::Caller | Game::SixThrees | Game::Trischaken)
}

/// Whether the game belongs to Königrufen at all.
pub fn is_game(game: Game) -> bool {
    table_rank(game).is_some() || forehand_only(game)
}

/// Caller games (KR-BID-8).
pub fn is_caller(game: Game) -> bool {
    matches!(
        game,
        Game::Caller
            | Game::PagatCaller
            | Game::UhuCaller
            | Game::PelicanCaller
            | Game::QuapilCaller
            | Game::SoloCaller
    )
}

/// Solo games: the talon is not taken (KR-BID-8).
pub fn is_solo(game: Game) -> bool {
    matches!(
        game,
        Game::SoloCaller | Game::SoloThree | Game::SoloThreeOfSuits
    )
}

/// Suit games: tarocks are a fifth suit (KR-PLAY-5).
pub fn is_suit_game(game: Game) -> bool {
    matches!(game, Game::ThreeOfSuits | Game::SoloThreeOfSuits)
}

pub fn is_negative(game: Game) -> bool {
    matches!(
        game,
        Game::Piccolo | Game::Beggar | Game::PiccoloOuvert | Game::BeggarOuvert | Game::Trischaken
    )
}

/// Positive games that are not suit games.
pub fn is_black(game: Game) -> bool {
    !is_negative(game) && !is_suit_game(game)
}

/// Beggar and piccolo in both forms (the negative games with a bidder who
/// plays alone).
pub fn is_beggar(game: Game) -> bool {
    matches!(game, Game::Beggar | Game::BeggarOuvert)
}

pub fn is_piccolo(game: Game) -> bool {
    matches!(game, Game::Piccolo | Game::PiccoloOuvert)
}

/// The value of the game line before contras (KR-SCORE-2, KR-SCORE-6);
/// six threes: the value when won.
pub fn game_value(game: Game) -> i64 {
    match game {
        Game::Caller
        | Game::PagatCaller
        | Game::UhuCaller
        | Game::PelicanCaller
        | Game::QuapilCaller
        | Game::Trischaken => 2,
        Game::SoloCaller => 4,
        Game::Three | Game::ThreeOfSuits | Game::SixThrees => 6,
        Game::SoloThree | Game::SoloThreeOfSuits => 12,
        Game::Piccolo => 3,
        Game::Beggar => 5,
        Game::PiccoloOuvert => 7,
        Game::BeggarOuvert => 11,
        _ => 0,
    }
}

/// The value of the bidding table (KR-BID-2): what a grind costs
/// (KR-TALON-2), the game value plus the bonus the bid announces.
pub fn table_value(game: Game) -> i64 {
    game_value(game) + implied_bonus(game).map_or(0, |b| 2 * bonus_base(b, 1))
}

/// The bonus a `*-caller` bid announces (KR-BID-5).
pub fn implied_bonus(game: Game) -> Option<Bonus> {
    match game {
        Game::PagatCaller => Some(Bonus::Pagat),
        Game::UhuCaller => Some(Bonus::Uhu),
        Game::PelicanCaller => Some(Bonus::Pelican),
        Game::QuapilCaller => Some(Bonus::Quapil),
        _ => None,
    }
}

/// Index of a bonus for per-bonus arrays (the order of the bonus table).
pub fn bonus_index(b: Bonus) -> usize {
    match b {
        Bonus::Pagat => 0,
        Bonus::Uhu => 1,
        Bonus::Pelican => 2,
        Bonus::Quapil => 3,
        Bonus::KingUltimo => 4,
        Bonus::Trull => 5,
        Bonus::FourKings => 6,
        Bonus::Honours => 7,
        Bonus::Absolut => 8,
        Bonus::Valat => 9,
        // Never announced legally (KR-ANN-2): their slots stay empty.
        Bonus::CaptureMoon => 10,
        Bonus::CaptureKing => 11,
    }
}

/// Base value of a bonus (KR-ANN-2), valat excepted (KR-BONUS-9).
pub fn bonus_base(b: Bonus, absolut_value: i64) -> i64 {
    match b {
        Bonus::Pagat => 1,
        Bonus::Uhu => 2,
        Bonus::Pelican => 3,
        Bonus::Quapil => 4,
        Bonus::Absolut => absolut_value,
        _ => 1,
    }
}

/// The ultimo card of `pagat`..`quapil` and its target trick (1-based).
pub fn ultimo_card(b: Bonus) -> Option<(Card, u16)> {
    match b {
        Bonus::Pagat => Some((tarock(1), 12)),
        Bonus::Uhu => Some((tarock(2), 11)),
        Bonus::Pelican => Some((tarock(3), 10)),
        Bonus::Quapil => Some((tarock(4), 9)),
        _ => None,
    }
}

/// Whether a bonus exists in a game (KR-ANN-2 "games" column).
pub fn bonus_exists(b: Bonus, game: Game, absolut_on: bool) -> bool {
    if is_negative(game) {
        return false;
    }
    match b {
        Bonus::Pagat | Bonus::Uhu | Bonus::Pelican | Bonus::Quapil | Bonus::Trull => is_black(game),
        Bonus::KingUltimo => is_caller(game),
        Bonus::FourKings | Bonus::Honours | Bonus::Valat => true,
        Bonus::Absolut => absolut_on,
        // Silent only: they exist, but nobody may announce them.
        Bonus::CaptureMoon => is_black(game),
        Bonus::CaptureKing => is_caller(game),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_points_table_is_the_points_by_rank() {
        for c in Card::all() {
            assert_eq!(points(c), points_by_rank(c), "{c}");
        }
    }

    #[test]
    fn pile_points_are_the_points_by_rank() {
        let mut rng = crate::gen::Rng::new(0x5851_f42d_4c95_7f2d);
        let all: CardSet = Card::all().collect();
        assert_eq!(
            pile_points(all),
            Card::all().map(points_by_rank).sum::<u32>()
        );
        for n in 0..2000 {
            let pile = rng.hand(n % 60);
            assert_eq!(
                pile_points(pile),
                pile.iter().map(points_by_rank).sum::<u32>()
            );
        }
    }
    use notation::Variant;

    #[test]
    fn the_deck_has_seventy_points() {
        assert_eq!(pile_points(Variant::Koenigrufen.deck()), 210);
    }

    #[test]
    fn red_one_beats_red_four_and_black_ten_beats_seven() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert!(suit_strength(c("H1"), false) > suit_strength(c("H4"), false));
        assert!(suit_strength(c("S10"), false) > suit_strength(c("S7"), false));
        assert!(suit_strength(c("HJ"), false) > suit_strength(c("H1"), false));
        assert!(suit_strength(c("HQ"), false) > suit_strength(c("HN"), false));
        assert!(suit_strength(c("HQ"), true) < suit_strength(c("HN"), true));
    }

    #[test]
    fn grind_costs_the_table_value() {
        assert_eq!(table_value(Game::PagatCaller), 4);
        assert_eq!(table_value(Game::UhuCaller), 6);
        assert_eq!(table_value(Game::PelicanCaller), 8);
        assert_eq!(table_value(Game::QuapilCaller), 10);
        assert_eq!(table_value(Game::Caller), 2);
    }
}
