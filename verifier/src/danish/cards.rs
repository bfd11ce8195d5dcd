//! The cards and their order (DK-CARD-1 to DK-CARD-4): trumps, suit
//! strength with the red spot cards reversed, the ultimo cards, and the
//! words and codes the engine writes for them.

use notation::{Card, CardSet, Lead, Rank, Suit};

/// Trumps 1 to 21 (the fool is not among them).
pub(super) const TRUMPS: CardSet = CardSet::from_bits_truncate(((1u128 << 21) - 1) << 56);

// A suit card's index is suit × 14 + rank, the jack to the king the ranks
// 10 to 13: the masks below are those cards (a test holds them so).
const SUIT_LEN: u32 = 14;

pub(super) const fn kings() -> CardSet {
    let king = 1u128 << Rank::King as u32;
    CardSet::from_bits_truncate(
        king | king << SUIT_LEN | king << (2 * SUIT_LEN) | king << (3 * SUIT_LEN),
    )
}

/// The courts (jack to king) of the four suits: [`courts`] of each.
pub(super) const fn courts_of_every_suit() -> CardSet {
    let four = 0b1111u128 << Rank::Jack as u32;
    CardSet::from_bits_truncate(
        four | four << SUIT_LEN | four << (2 * SUIT_LEN) | four << (3 * SUIT_LEN),
    )
}

pub(super) fn courts(suit: Suit) -> CardSet {
    CardSet::from_bits_truncate(0b1111u128 << (Rank::Jack as u32 + SUIT_LEN * suit as u32))
}

/// The five ultimo cards: the kings and the pagat (DK-CARD-4). One bit
/// test, not two comparisons the processor has to guess.
pub(super) fn is_ultimo_card(c: Card) -> bool {
    const ULTIMO: CardSet = CardSet::from_bits_truncate(kings().bits() | 1 << Card::PAGAT.index());
    ULTIMO.contains(c)
}

/// Whether a trick holds an ultimo card ([`is_ultimo_card`]): the three
/// tested without a branch between them.
pub(super) fn has_ultimo_card(cards: [Card; 3]) -> bool {
    is_ultimo_card(cards[0]) | is_ultimo_card(cards[1]) | is_ultimo_card(cards[2])
}

/// Strength of a suit card within its suit (DK-CARD-2): courts on top,
/// black spots 10 high, red spots 1 high.
pub(super) fn suit_strength(c: Card) -> u8 {
    let rank = c.rank().expect("a suit card");
    match rank.spot() {
        None => 20 + rank as u8,
        Some(spot) if c.suit().is_some_and(Suit::is_red) => 11 - spot,
        Some(spot) => spot,
    }
}

/// The cards that follow a lead: its suit, or the trumps (DK-PLAY-2).
pub(super) fn lead_set(lead: Lead) -> CardSet {
    match lead {
        Lead::Suit(s) => CardSet::suit(s),
        Lead::Trumps => TRUMPS,
    }
}

pub(super) fn lead_word(lead: Lead) -> &'static str {
    match lead {
        Lead::Suit(Suit::Spades) => "spades",
        Lead::Suit(Suit::Hearts) => "hearts",
        Lead::Suit(Suit::Diamonds) => "diamonds",
        Lead::Suit(Suit::Clubs) => "clubs",
        Lead::Trumps => "trumps",
    }
}

pub(super) fn cards_word(set: CardSet) -> String {
    if set.is_empty() {
        return "no cards".into();
    }
    set.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Writes a card's code without the formatting machinery (hot path).
pub(super) fn push_card(out: &mut String, c: Card) {
    if c.is_fool() {
        out.push_str("EX");
    } else if let Some(n) = c.trump_number() {
        out.push('T');
        push_number(out, n);
    } else if let (Some(s), Some(r)) = (c.suit(), c.rank()) {
        out.push(s.letter());
        match r.spot() {
            Some(n) => push_number(out, n),
            None => out.push(match r {
                Rank::King => 'K',
                Rank::Queen => 'Q',
                Rank::Knight => 'N',
                _ => 'J',
            }),
        }
    }
}

pub(super) fn push_number(out: &mut String, n: u8) {
    if n >= 10 {
        out.push((b'0' + n / 10) as char);
    }
    out.push((b'0' + n % 10) as char);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_masks_are_the_rules() {
        for i in 0..Card::COUNT as u8 {
            let c = Card::from_index(i).unwrap();
            // DK-CARD-4: the kings and the pagat.
            assert_eq!(is_ultimo_card(c), c.is_king() || c == Card::PAGAT, "{c}");
            // DK-DISCARD-2: no king, pagat, mond or fool in the skat.
            let kept = c.is_king() || c == Card::PAGAT || c == Card::MOND || c.is_fool();
            assert_eq!(super::super::discard::layable(c), !kept, "{c}");
        }
    }

    #[test]
    fn the_kings_and_courts_are_those_cards() {
        let kings: CardSet = Suit::ALL
            .iter()
            .map(|&s| Card::suited(s, Rank::King))
            .collect();
        assert_eq!(super::kings(), kings);
        for s in Suit::ALL {
            let courts: CardSet = [Rank::King, Rank::Queen, Rank::Knight, Rank::Jack]
                .iter()
                .map(|&r| Card::suited(s, r))
                .collect();
            assert_eq!(super::courts(s), courts, "{s:?}");
        }
    }
}
