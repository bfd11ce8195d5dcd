//! The rules engine of Skill7 Tarock (`spec/rules/skill7-tarock.md`,
//! rule ids `S7-...`): the 40-card four-player Tarock of the Skill7 site,
//! with the games Rufer, Farbesolo and Solo, the additions Absolut, Pagat
//! and Valat with their kontras, and the automatic premiums.
//!
//! ## Flow
//! 1. The hands: the dealt hands, or in a partial record the cards each seat
//!    played (the trick winners, and so the seats, follow from the game).
//! 2. Redeal causes (S7-DEAL-3).
//! 3. The auction, one entry per turn (S7-BID-*, S7-ADD-*), then the call
//!    (S7-CALL-1).
//! 4. The play, trick by trick (S7-PLAY-*): a card outside the legal set is
//!    a revoke naming the duty broken.
//! 5. The settlement (S7-SCORE-*): a ledger line per payment.
//!
//! The replay never stops at a fault: an illegal game bid still takes effect
//! (S7-BID-7), an illegal addition has none (S7-ADD-2), a revoked card is
//! still played.
//!
//! ```
//! let text = "[Variant \"skill7-tarock\"]\n[Dealer \"3\"]\n\n\
//!     hand 0: T22 T21 T20 T19 T18 T17 T16 T15 T14 T13\n\
//!     hand 1: SK SQ SN SJ S10 CK CQ CN T12 T11\n\
//!     hand 2: HK HQ HN HJ H1 CJ C10 T10 T9 T8\n\
//!     hand 3: DK DQ DN DJ D1 T7 T6 T5 T4 T1\n\
//!     auction: 0 continue\n";
//! let record = notation::parse_str(text).remove(0).unwrap();
//! let report = tarok_verifier::verify(&record, &mut tarok_verifier::Session::default());
//! assert_eq!(report.problems[0].rule, Some("S7-BID-2"));
//! ```

use notation::record::{Act, Action, Bonus, Game, Target};
use notation::Kind as Finding;
use notation::{Card, CardSet, Party, Problem, Rank, Seat, Suit};

use crate::{Deal, Event, Moment, Payment, Report, Session};

/// What this variant carries from one deal of a session to the next: the
/// running totals live in [`Session::scores`]; nothing else carries over.
#[derive(Debug, Clone, Default)]
pub struct SessionState {}

// ---------------------------------------------------------------------------
// Cards

fn trump(n: u8) -> Card {
    Card::trump(n).expect("a tarock number")
}

const PAGAT: Card = Card::PAGAT;
const MOND: Card = Card::MOND;
const SKUS: Card = Card::SKUS;

fn tarocks() -> CardSet {
    CardSet::trumps()
}

/// The suit cards of the Skill7 pack and the tarocks are disjoint; a suit
/// card is any card below the tarocks.
fn suit_cards() -> CardSet {
    CardSet(
        CardSet::suit(Suit::Spades).0
            | CardSet::suit(Suit::Hearts).0
            | CardSet::suit(Suit::Diamonds).0
            | CardSet::suit(Suit::Clubs).0,
    )
}

fn trull() -> CardSet {
    let mut s = CardSet::EMPTY;
    s.insert(PAGAT);
    s.insert(MOND);
    s.insert(SKUS);
    s
}

fn kings() -> CardSet {
    Suit::ALL
        .into_iter()
        .map(|s| Card::suited(s, Rank::King))
        .collect()
}

/// The Glatzen: `S10`, `C10`, `H1`, `D1` (S7-DECK-2).
fn glatzen() -> CardSet {
    [
        Card::suited(Suit::Spades, Rank::R10),
        Card::suited(Suit::Clubs, Rank::R10),
        Card::suited(Suit::Hearts, Rank::R1),
        Card::suited(Suit::Diamonds, Rank::R1),
    ]
    .into_iter()
    .collect()
}

/// Card points (S7-POINTS-1): king and Trullstück 5, queen 4, knight 3,
/// jack 2, other tarocks 1, `10` / ace 0. The pack holds 88.
pub fn points(card: Card) -> u32 {
    match card.rank() {
        Some(Rank::King) => 5,
        Some(Rank::Queen) => 4,
        Some(Rank::Knight) => 3,
        Some(Rank::Jack) => 2,
        Some(_) => 0,
        None if card == PAGAT || card == MOND || card == SKUS => 5,
        None => 1,
    }
}

/// The rank of a card inside its kind (suit or tarock): higher beats lower
/// (S7-DECK-3). Tarock numbers and the rank enum both grow with strength.
fn strength(card: Card) -> u8 {
    match card.trump_number() {
        Some(n) => n,
        None => card.rank().map_or(0, |r| r as u8),
    }
}

// ---------------------------------------------------------------------------
// Games

/// The three games in ascending order (S7-BID-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Rufer,
    Farbesolo,
    Solo,
}

impl Kind {
    fn from_game(game: Game) -> Option<Kind> {
        match game {
            Game::Rufer => Some(Kind::Rufer),
            Game::Farbesolo => Some(Kind::Farbesolo),
            Game::Solo => Some(Kind::Solo),
            _ => None,
        }
    }

    fn word(self) -> &'static str {
        match self {
            Kind::Rufer => "rufer",
            Kind::Farbesolo => "farbesolo",
            Kind::Solo => "solo",
        }
    }

    fn solo_values(self) -> bool {
        self != Kind::Rufer
    }
}

/// The Rufer's call (S7-CALL-1): the highest of `T20`, `T19`, ... it does
/// not hold (continued below `T16` down to `T4`).
pub fn rufer_call(hand: CardSet) -> Option<Card> {
    (4..=20).rev().map(trump).find(|c| !hand.contains(*c))
}

/// The legal cards for a play, and the duty that restricts them.
#[derive(Debug, Clone, Copy)]
pub struct Legal {
    pub set: CardSet,
    pub duty: &'static str,
    pub rule: &'static str,
}

/// The cards a hand may play to a trick whose first card is `led` (`None`
/// when leading), S7-PLAY-2 and S7-PLAY-3. `suits_first` is the Farbesolo
/// option `farbesolo_tarock_lead=suits-first`.
pub fn legal_plays(hand: CardSet, led: Option<Card>, farbesolo: bool, suits_first: bool) -> Legal {
    let any = Legal {
        set: hand,
        duty: "",
        rule: "S7-PLAY-2",
    };
    let suits = hand.intersection(suit_cards());
    let taroks = hand.intersection(tarocks());
    let restrict = |set: CardSet, duty, rule| {
        if set.is_empty() {
            any
        } else {
            Legal { set, duty, rule }
        }
    };
    match (led, farbesolo) {
        (None, false) => any,
        (None, true) => restrict(
            suits,
            "lead a suit card while holding one (Farbesolo)",
            "S7-PLAY-3",
        ),
        (Some(l), false) => match l.suit() {
            Some(s) => {
                let follow = hand.intersection(CardSet::suit(s));
                if !follow.is_empty() {
                    restrict(follow, "follow suit", "S7-PLAY-2")
                } else {
                    restrict(
                        taroks,
                        "play a tarock when void in the suit led",
                        "S7-PLAY-2",
                    )
                }
            }
            None => restrict(taroks, "follow tarock", "S7-PLAY-2"),
        },
        (Some(l), true) => match l.suit() {
            Some(s) => {
                let follow = hand.intersection(CardSet::suit(s));
                if !follow.is_empty() {
                    restrict(follow, "follow suit", "S7-PLAY-2")
                } else {
                    restrict(
                        suits,
                        "play a suit card, not a tarock, while holding one (Farbesolo)",
                        "S7-PLAY-3",
                    )
                }
            }
            None if suits_first => restrict(
                suits,
                "play a suit card to a tarock lead while holding one (Farbesolo, suits-first)",
                "S7-PLAY-3",
            ),
            None => restrict(taroks, "follow tarock", "S7-PLAY-3"),
        },
    }
}

/// The index of the winning card of a trick (S7-PLAY-5), and why it wins.
pub fn trick_winner(cards: &[Card], farbesolo: bool) -> (usize, &'static str) {
    let Some(&led) = cards.first() else {
        return (0, "no card");
    };
    if !farbesolo {
        let has = |c| cards.contains(&c);
        if has(PAGAT) && has(MOND) && has(SKUS) {
            let i = cards.iter().position(|&c| c == PAGAT).unwrap_or(0);
            return (i, "the Pagat wins the fairy-tale trick");
        }
        if let Some((i, _)) = cards
            .iter()
            .enumerate()
            .filter(|(_, c)| c.is_trump())
            .max_by_key(|(_, c)| strength(**c))
        {
            return (i, "highest tarock");
        }
    }
    // Farbesolo, or no tarock: the highest card of the kind led.
    let best = cards
        .iter()
        .enumerate()
        .filter(|(_, c)| c.suit() == led.suit() && c.is_trump() == led.is_trump())
        .max_by_key(|(_, c)| strength(**c))
        .map_or(0, |(i, _)| i);
    if led.is_trump() {
        (best, "highest tarock")
    } else {
        (best, "highest card of the suit led")
    }
}

// ---------------------------------------------------------------------------
// The auction

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Declarer,
    Opponents,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Declarer => Side::Opponents,
            Side::Opponents => Side::Declarer,
        }
    }
    fn word(self) -> &'static str {
        match self {
            Side::Declarer => "the declarer's team",
            Side::Opponents => "the opponents",
        }
    }
}

/// A biddable item of the current game: the game itself (index 0) and the
/// additions absolut, pagat, valat (1..=3).
#[derive(Debug, Clone, Copy)]
struct Item {
    owner: Side,
    /// 0 none, 1 kontra, 2 rekontra, 3 subkontra.
    level: u8,
    bidder: Seat,
}

const GAME: usize = 0;
const ABSOLUT: usize = 1;
const PAGAT_ITEM: usize = 2;
const VALAT: usize = 3;

fn item_index(target: Target) -> Option<usize> {
    match target {
        Target::Game => Some(GAME),
        Target::Bonus(Bonus::Absolut) => Some(ABSOLUT),
        Target::Bonus(Bonus::Pagat) => Some(PAGAT_ITEM),
        Target::Bonus(Bonus::Valat) => Some(VALAT),
        Target::Bonus(_) => None,
    }
}

const ITEM_WORDS: [&str; 4] = ["the game", "absolut", "pagat", "valat"];
const LEVEL_WORDS: [&str; 4] = ["", "kontra", "rekontra", "subkontra"];

/// The state of the auction after each entry.
#[derive(Debug, Clone)]
struct Auction {
    game: Option<Kind>,
    declarer: Seat,
    /// The game that was current when each seat agreed (S7-BID-3).
    agreed: [Option<Option<Kind>>; 4],
    items: [Option<Item>; 4],
    continues: u8,
    ended: bool,
}

/// What the auction decided.
#[derive(Debug, Clone)]
struct Contract {
    game: Kind,
    declarer: Seat,
    items: [Option<Item>; 4],
}

// ---------------------------------------------------------------------------
// The replay

struct Replay<'a, 'r> {
    deal: &'a Deal<'r>,
    report: &'a mut Report,
    /// The dealt hands (partial record: the cards each seat played).
    hands: [CardSet; 4],
    /// Whether the hands are known in full (dealt, or all 40 cards played).
    hands_known: bool,
    forehand: Seat,
    /// The seat holding each card, 255 if unknown.
    owner: [u8; Card::COUNT],
}

/// Replays the deal, pushing findings, payments and events into the report.
pub fn replay(deal: &Deal<'_>, _session: &mut Session, report: &mut Report) {
    for p in report.problems.iter_mut() {
        if p.rule.is_none() {
            p.rule = match p.kind {
                Finding::UnknownCard => Some("S7-DECK-1"),
                Finding::DuplicateCard | Finding::WrongCardCount => Some("S7-DEAL-1"),
                Finding::WrongTrickSize | Finding::TooManyTricks => Some("S7-PLAY-1"),
                _ => None,
            };
        }
    }
    let record = deal.record;
    let forehand = (deal.table.dealer + 1) % 4;
    let mut r = Replay {
        deal,
        report,
        hands: [CardSet::EMPTY; 4],
        hands_known: false,
        forehand,
        owner: [u8::MAX; Card::COUNT],
    };
    // The game decides trick winners, and in a partial record the winners
    // decide who played what: read the final game first.
    let final_game = record
        .auction
        .iter()
        .flat_map(|a| &a.actions)
        .filter_map(|a| match a.act {
            Act::Bid { game } => Kind::from_game(game),
            _ => None,
        })
        .next_back();
    r.read_hands(final_game == Some(Kind::Farbesolo));
    let redeal = r.redeal();
    if redeal == Redeal::Claimed {
        r.report.events.push(Event::Rule {
            at: Moment::Deal,
            rule: "S7-DEAL-3",
            text: "a redeal is claimed with cause: the cards are dealt again, nobody pays".into(),
        });
        r.report.totals = vec![0; 4];
        r.report.settled = true;
        return;
    }
    let contract = r.auction();
    let partner = contract.as_ref().and_then(|c| r.call(c));
    let play = r.play(contract.as_ref(), partner);
    // A trick with a card missing or one too many: a wrong number of cards
    // found in play. Like a cause for a redeal found after play (S7-DEAL-3),
    // the deal is void and nobody pays (spec/rules-skill7-tarock.md).
    let wrong_trick = record
        .tricks
        .iter()
        .take(10)
        .position(|t| t.plays.len() != 4);
    if let (Some(t), Redeal::No) = (wrong_trick, redeal) {
        for p in r.report.problems.iter_mut() {
            if p.kind == Finding::WrongTrickSize && p.trick == Some(t as u16 + 1) {
                p.help.push_str(
                    "; a wrong number of cards found in play: the deal is void, nobody pays",
                );
            }
        }
        r.report.events.push(Event::Rule {
            at: Moment::Settlement,
            rule: "S7-DEAL-1",
            text: format!("trick {} has a card missing or one too many: a wrong number of cards found in play; the deal is void, nobody pays", t + 1),
        });
        r.report.totals = vec![0; 4];
        r.report.settled = true;
        return;
    }
    if redeal == Redeal::Played {
        r.report.events.push(Event::Rule {
            at: Moment::Settlement,
            rule: "S7-DEAL-3",
            text: "the deal had a cause for a redeal: it is void, nobody pays".into(),
        });
        r.report.totals = vec![0; 4];
        r.report.settled = true;
        return;
    }
    if let (Some(c), Some(play)) = (contract, play) {
        r.settle(&c, partner, &play);
    }
}

/// Whether the deal is void for a redeal (S7-DEAL-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Redeal {
    No,
    /// A cause, and the redeal claimed (`misdeal`) before any play.
    Claimed,
    /// A cause, but the deal was bid or played: reported, and void.
    Played,
}

/// The trick results the settlement needs.
struct Play {
    points: [u32; 4],
    tricks: [u8; 4],
    /// Who played `T1` in trick 10 and whether it won it.
    pagat_last: Option<(Seat, bool)>,
    /// The seat whose `T21` was caught (S7-SCORE-5, Mondfang), and the trick.
    mondfang: Option<(Seat, u16)>,
}

impl Replay<'_, '_> {
    fn opts(&self, name: &str) -> &str {
        self.deal.options.get(name)
    }

    fn push(&mut self, p: Problem) {
        self.report.problems.push(p);
    }

    fn side_of(&self, seat: Seat, game: Kind, declarer: Seat, partner: Option<Seat>) -> Side {
        if seat == declarer || (game == Kind::Rufer && partner == Some(seat)) {
            Side::Declarer
        } else {
            Side::Opponents
        }
    }

    fn holder(&self, card: Card) -> Option<Seat> {
        let o = self.owner[card.index() as usize];
        (o < 4).then_some(o)
    }

    /// The partner a Rufer declarer gets by the rule (S7-CALL-2).
    fn rule_partner(&self, declarer: Seat) -> Option<Seat> {
        rufer_call(self.hands[declarer as usize]).and_then(|c| self.holder(c))
    }

    fn read_hands(&mut self, farbesolo: bool) {
        let record = self.deal.record;
        // A card outside the pack (reported by the structural checks) is
        // left out of the hands: it can never be a legal play.
        let deck = self.deal.table.variant.deck();
        if !record.is_partial() {
            for h in &record.hands {
                if h.seat < 4 {
                    for item in h.cards.iter().filter(|i| deck.contains(i.card)) {
                        self.hands[h.seat as usize].insert(item.card);
                        self.owner[item.card.index() as usize] = h.seat;
                    }
                }
            }
            self.hands_known = true;
            return;
        }
        // Partial: each seat held what it played. Follow the leaders.
        let mut leader = self.forehand;
        let mut cards = [Card::PAGAT; 4];
        for trick in &record.tricks {
            if let Some(l) = trick.leader.filter(|l| *l < 4) {
                leader = l;
            }
            let n = trick.plays.len().min(4);
            for (i, item) in trick.plays.iter().take(4).enumerate() {
                let seat = (leader + i as u8) % 4;
                self.hands[seat as usize].insert(item.card);
                self.owner[item.card.index() as usize] = seat;
                cards[i] = item.card;
            }
            if n > 0 {
                leader = (leader + trick_winner(&cards[..n], farbesolo).0 as u8) % 4;
            }
        }
        let all: u32 = self.hands.iter().map(|h| h.len()).sum();
        self.hands_known = all == 40 && self.hands.iter().all(|h| h.len() == 10);
    }

    /// S7-DEAL-3: a hand other than the forehand's with at most one tarock
    /// or all four Glatzen. A `misdeal` entry in the auction claims the
    /// redeal. Returns whether the deal is void.
    fn redeal(&mut self) -> Redeal {
        let record = self.deal.record;
        let claim = record
            .auction
            .iter()
            .flat_map(|a| &a.actions)
            .find(|a| a.act == Act::Misdeal);
        let mut cause = None;
        if self.hands_known {
            for seat in (0..4).filter(|s| *s != self.forehand) {
                let hand = self.hands[seat as usize];
                let t = hand.intersection(tarocks()).len();
                let why = if t <= 1 {
                    Some(format!("holds {t} tarock{}", if t == 1 { "" } else { "s" }))
                } else if hand.intersection(glatzen()) == glatzen() {
                    Some("holds all four Glatzen".to_string())
                } else {
                    None
                };
                if let Some(why) = why {
                    cause = Some((seat, why));
                    break;
                }
            }
        }
        let played = !record.tricks.is_empty()
            || record
                .auction
                .as_ref()
                .is_some_and(|a| a.actions.iter().any(|x| x.act != Act::Misdeal));
        match (&cause, claim) {
            (Some((seat, why)), _) if played => {
                let span = record
                    .hands
                    .iter()
                    .find(|h| h.seat == *seat)
                    .map_or(record.span, |h| h.span);
                self.push(
                    Problem::new(
                        Finding::Other,
                        format!("redeal: seat {seat} {why}, so the cards must be dealt again; this deal was played"),
                    )
                    .rule("S7-DEAL-3")
                    .seat(*seat)
                    .at(span, format!("{why}: a cause for a redeal"))
                    .help("a hand other than the forehand's with no or one tarock, or with all four Glatzen (S10 C10 H1 D1), is dealt again, not played"),
                );
                Redeal::Played
            }
            (Some(_), Some(_)) => Redeal::Claimed,
            (Some(_), None) => Redeal::No,
            (None, Some(a)) => {
                self.push(
                    Problem::new(
                        Finding::Other,
                        format!("redeal: seat {} claims a redeal, but no hand has a cause", a.seat),
                    )
                    .rule("S7-DEAL-3")
                    .seat(a.seat)
                    .at(a.span, "redeal without cause")
                    .help("a redeal is due only when a hand other than the forehand's holds at most one tarock or all four Glatzen"),
                );
                Redeal::No
            }
            (None, None) => Redeal::No,
        }
    }

    fn illegal(
        &mut self,
        kind: Finding,
        rule: &'static str,
        a: &Action,
        msg: String,
        label: &str,
        help: &str,
    ) {
        self.push(
            Problem::new(kind, msg)
                .rule(rule)
                .seat(a.seat)
                .at(a.span, label)
                .help(help),
        );
    }

    /// The auction (S7-BID-*, S7-ADD-*). `None` when no game was bid.
    fn auction(&mut self) -> Option<Contract> {
        let record = self.deal.record;
        let release = self.opts("agree_scope") == "release";
        let any_kontra = self.opts("absolut_kontra") == "any-kontra";
        let kontra_only = self.opts("after_valat") == "kontra-only";
        let mut st = Auction {
            game: None,
            declarer: self.forehand,
            agreed: [None; 4],
            items: [None; 4],
            continues: 0,
            ended: false,
        };
        let mut expected = self.forehand;
        let mut forehand_spoke = false;
        let mut partner = None;
        let actions: &[Action] = record.auction.as_ref().map_or(&[], |a| &a.actions);
        for a in actions {
            let seat = a.seat;
            if seat >= 4 {
                continue;
            }
            if a.act == Act::Misdeal {
                continue; // a redeal claim, see `redeal`
            }
            if st.ended {
                self.illegal(
                    Finding::IllegalBid,
                    "S7-BID-6",
                    a,
                    format!("seat {seat} bids after the auction ended with three continues"),
                    "after the end of the auction",
                    "the auction ends when three consecutive entries are `continue`",
                );
                continue;
            }
            if seat != expected {
                self.illegal(
                    Finding::OutOfTurn,
                    "S7-DEAL-2",
                    a,
                    format!("seat {seat} bids out of turn: it is seat {expected}'s turn"),
                    "out of turn",
                    "the auction starts with the forehand (the seat after the dealer) and goes round in seat order, one entry per turn",
                );
            }
            expected = (seat + 1) % 4;
            let first_of_forehand = seat == self.forehand && !forehand_spoke;
            if seat == self.forehand {
                forehand_spoke = true;
            }
            let side = st.game.map(|g| self.side_of(seat, g, st.declarer, partner));
            // S7-ADD-3: an opponent holding the Trull in a Rufer must kontra.
            let trull_duty = self.hands_known
                && st.game == Some(Kind::Rufer)
                && side == Some(Side::Opponents)
                && self.hands[seat as usize].intersection(trull()) == trull()
                && st.items[GAME].is_some_and(|i| i.level == 0)
                && st.items[VALAT].is_none();
            // Whether the entry is a legal higher game or a kontra on the
            // game: what the Trull duty asks (S7-ADD-3).
            let mut meets_duty = false;
            let act = if a.act == Act::Pass {
                Act::Continue
            } else {
                a.act.clone()
            };
            match act {
                Act::Bid { game } => {
                    let Some(kind) = Kind::from_game(game) else {
                        self.illegal(
                            Finding::IllegalBid,
                            "S7-BID-1",
                            a,
                            format!("`{game}` is not a game of Skill7 Tarock"),
                            "not a Skill7 game",
                            "the games are rufer, farbesolo and solo",
                        );
                        st.continues = 0;
                        continue;
                    };
                    // The bar of S7-BID-3: the game current when the seat
                    // agreed (none if it agreed before any game).
                    let bar = st.agreed[seat as usize].filter(|b| b.is_none_or(|b| kind > b));
                    if let Some(bar) = bar {
                        self.illegal(
                            Finding::IllegalBid,
                            "S7-BID-3",
                            a,
                            format!(
                                "seat {seat} bids {} after agreeing to {}",
                                kind.word(),
                                bar.map_or("the opening of the auction", |g| g.word())
                            ),
                            "a game bid after agreeing",
                            "a player who said `continue` or bid an addition or kontra may not bid a higher game any more; it may only add additions",
                        );
                    } else if st.game.is_some_and(|g| kind <= g) {
                        self.illegal(
                            Finding::IllegalBid,
                            "S7-BID-1",
                            a,
                            format!(
                                "seat {seat} bids {} but the current game is already {}",
                                kind.word(),
                                st.game.map_or("", |g| g.word())
                            ),
                            "not higher than the current game",
                            "a game bid must be strictly higher than the current one: rufer < farbesolo < solo",
                        );
                    } else {
                        meets_duty = true;
                    }
                    if kind == Kind::Farbesolo && self.hands_known {
                        let n = self.hands[seat as usize].intersection(suit_cards()).len();
                        if n < 5 {
                            self.illegal(
                                Finding::IllegalBid,
                                "S7-BID-4",
                                a,
                                format!("seat {seat} bids farbesolo with only {n} suit cards"),
                                "farbesolo without five suit cards",
                                "only a player holding at least 5 suit cards may bid farbesolo",
                            );
                            meets_duty = false;
                        }
                    }
                    // S7-BID-7: it takes effect anyway; S7-BID-5: reset.
                    if !meets_duty {
                        // Reported above (S7-BID-1, S7-BID-3 or S7-BID-4).
                        self.report.events.push(Event::Rule {
                            at: Moment::Auction,
                            rule: "S7-BID-7",
                            text: format!(
                                "the illegal bid of seat {seat} still makes {} the current game",
                                kind.word()
                            ),
                        });
                    }
                    if st.items[1..].iter().any(Option::is_some)
                        || st.items[GAME].is_some_and(|i| i.level > 0)
                    {
                        self.report.events.push(Event::Rule {
                            at: Moment::Auction,
                            rule: "S7-BID-5",
                            text: format!("the {} of seat {seat} cancels the additions and kontras bid so far", kind.word()),
                        });
                    }
                    st.game = Some(kind);
                    st.declarer = seat;
                    partner = if kind == Kind::Rufer {
                        self.rule_partner(seat)
                    } else {
                        None
                    };
                    st.items = [None; 4];
                    st.items[GAME] = Some(Item {
                        owner: Side::Declarer,
                        level: 0,
                        bidder: seat,
                    });
                    st.continues = 0;
                    if release {
                        st.agreed = [None; 4];
                    }
                }
                Act::Continue => {
                    if first_of_forehand {
                        self.illegal(
                            Finding::IllegalBid,
                            "S7-BID-2",
                            a,
                            "the forehand must open the auction with a game bid, not `continue`"
                                .into(),
                            "the forehand's first entry",
                            "the forehand (the seat after the dealer) must bid at least rufer",
                        );
                    }
                    if st.agreed[seat as usize].is_none() {
                        st.agreed[seat as usize] = Some(st.game);
                    }
                    st.continues += 1;
                    if st.continues >= 3 && st.game.is_some() {
                        st.ended = true;
                    }
                }
                Act::Announce { .. }
                | Act::Contra { .. }
                | Act::Recontra { .. }
                | Act::Subcontra { .. } => {
                    st.continues = 0;
                    if st.agreed[seat as usize].is_none() {
                        st.agreed[seat as usize] = Some(st.game);
                    }
                    if first_of_forehand {
                        self.illegal(
                            Finding::IllegalBid,
                            "S7-BID-2",
                            a,
                            "the forehand must open the auction with a game bid".into(),
                            "the forehand's first entry",
                            "the forehand (the seat after the dealer) must bid at least rufer",
                        );
                        continue;
                    }
                    let (Some(game), Some(side)) = (st.game, side) else {
                        self.illegal(
                            Finding::IllegalCall,
                            "S7-ADD-1",
                            a,
                            "an addition or kontra before any game was bid".into(),
                            "no game yet",
                            "additions and kontras belong to the current game",
                        );
                        continue;
                    };
                    if let Some(why) =
                        self.addition(&mut st, game, side, &act, a, any_kontra, kontra_only)
                    {
                        let (rule, msg, help) = why;
                        self.illegal(Finding::IllegalCall, rule, a, msg, "illegal here", help);
                    } else if matches!(
                        act,
                        Act::Contra {
                            target: Target::Game
                        }
                    ) {
                        meets_duty = true;
                    }
                }
                Act::Misdeal => {}
                other => {
                    st.continues = 0;
                    let mut text = String::new();
                    notation::print::act(&mut text, &other);
                    self.illegal(
                        Finding::IllegalBid,
                        "S7-BID-1",
                        a,
                        format!("`{text}` is not an entry of the Skill7 auction"),
                        "not a Skill7 entry",
                        "entries are a game (rufer, farbesolo, solo), `continue`, `announce absolut|pagat|valat` or a kontra, rekontra or subkontra",
                    );
                }
            }
            if trull_duty && !meets_duty {
                self.illegal(
                    Finding::IllegalCall,
                    "S7-ADD-3",
                    a,
                    format!("seat {seat} holds the Trull against the Rufer and did not kontra the game"),
                    "must be `kontra game`",
                    "an opponent of the Rufer's team who holds T1, T21 and T22 must kontra the game at each turn until it is kontra'd (or bid a higher game)",
                );
            }
        }
        let Some(game) = st.game else {
            // No auction section: a fragment, nothing to report.
            record.auction.as_ref()?;
            let (span, seat) = record
                .auction
                .as_ref()
                .map_or((record.span, self.forehand), |a| (a.span, self.forehand));
            self.push(
                Problem::new(Finding::IllegalBid, "no game was bid: the forehand must bid at least rufer")
                    .rule("S7-BID-2")
                    .seat(seat)
                    .at(span, "no game bid")
                    .help("the forehand (the seat after the dealer) must open with rufer, farbesolo or solo"),
            );
            return None;
        };
        if !st.ended {
            let span = record.auction.as_ref().map_or(record.span, |a| a.span);
            self.push(
                Problem::new(Finding::IllegalBid, "the auction does not end with three consecutive continues")
                    .rule("S7-BID-6")
                    .at(span, "auction not finished")
                    .help("the auction ends when three players in a row say `continue` after the last game bid, addition or kontra"),
            );
        }
        let mut text = format!("seat {} is the declarer of {}", st.declarer, game.word());
        for (i, item) in st.items.iter().enumerate() {
            if let Some(item) = item {
                if i > GAME {
                    text.push_str(&format!("; {} bid by seat {}", ITEM_WORDS[i], item.bidder));
                }
                if item.level > 0 {
                    text.push_str(&format!(
                        "; {} on {}",
                        LEVEL_WORDS[item.level as usize], ITEM_WORDS[i]
                    ));
                }
            }
        }
        self.report.events.push(Event::Rule {
            at: Moment::Auction,
            rule: "S7-BID-6",
            text,
        });
        Some(Contract {
            game,
            declarer: st.declarer,
            items: st.items,
        })
    }

    /// Checks an addition or kontra (S7-ADD-1, S7-ADD-2) and applies it when
    /// legal; returns why it is illegal otherwise.
    #[allow(clippy::too_many_arguments)]
    fn addition(
        &self,
        st: &mut Auction,
        game: Kind,
        side: Side,
        act: &Act,
        a: &Action,
        any_kontra: bool,
        kontra_only: bool,
    ) -> Option<(&'static str, String, &'static str)> {
        let seat = a.seat;
        let valat_bid = st.items[VALAT].is_some();
        match *act {
            Act::Announce { bonus } => {
                let idx = match bonus {
                    Bonus::Absolut => ABSOLUT,
                    Bonus::Pagat => PAGAT_ITEM,
                    Bonus::Valat => VALAT,
                    other => {
                        return Some((
                            "S7-ADD-1",
                            format!("`{}` is not an addition of Skill7 Tarock", other.word()),
                            "the additions are absolut, pagat and valat",
                        ))
                    }
                };
                if valat_bid {
                    return Some((
                        "S7-ADD-2",
                        format!("seat {seat} bids {} after valat", ITEM_WORDS[idx]),
                        "after a valat only kontra (rekontra, subkontra) on the valat may be bid",
                    ));
                }
                if st.items[idx].is_some() {
                    return Some((
                        "S7-ADD-2",
                        format!("{} has already been bid in this game", ITEM_WORDS[idx]),
                        "each addition can be bid once per game, by either team",
                    ));
                }
                if idx == ABSOLUT && side == Side::Opponents {
                    let kontrad = if any_kontra {
                        st.items.iter().flatten().any(|i| i.level > 0)
                    } else {
                        st.items[GAME].is_some_and(|i| i.level > 0)
                    };
                    if !kontrad {
                        return Some((
                            "S7-ADD-2",
                            format!("seat {seat}, an opponent, bids absolut before the game was kontra'd"),
                            "an opponent may only bid absolut after a kontra on the game",
                        ));
                    }
                }
                if idx == PAGAT_ITEM {
                    if game == Kind::Farbesolo {
                        return Some((
                            "S7-ADD-2",
                            "pagat cannot be bid in farbesolo".into(),
                            "the Pagat premium is not played in Farbesolo, so it cannot be bid there",
                        ));
                    }
                    if self.hands_known && !self.hands[seat as usize].contains(PAGAT) {
                        return Some((
                            "S7-ADD-2",
                            format!("seat {seat} bids pagat without holding T1"),
                            "only the player who holds the Pagat (T1) can bid pagat",
                        ));
                    }
                }
                st.items[idx] = Some(Item {
                    owner: side,
                    level: 0,
                    bidder: seat,
                });
                None
            }
            Act::Contra { target } | Act::Recontra { target } | Act::Subcontra { target } => {
                let step = match act {
                    Act::Contra { .. } => 1,
                    Act::Recontra { .. } => 2,
                    _ => 3,
                };
                let Some(idx) = item_index(target) else {
                    return Some((
                        "S7-ADD-1",
                        format!("`{target}` cannot be kontra'd in Skill7 Tarock"),
                        "kontras target the game, absolut, pagat or valat",
                    ));
                };
                if valat_bid && idx != VALAT {
                    return Some((
                        "S7-ADD-2",
                        format!(
                            "{} on {} after valat",
                            LEVEL_WORDS[step as usize], ITEM_WORDS[idx]
                        ),
                        "after a valat only kontra (rekontra, subkontra) on the valat may be bid",
                    ));
                }
                if idx == VALAT && step > 1 && kontra_only {
                    return Some((
                        "S7-ADD-2",
                        format!("{} on valat", LEVEL_WORDS[step as usize]),
                        "with after_valat=kontra-only only a kontra on the valat may follow a valat",
                    ));
                }
                let Some(item) = st.items[idx] else {
                    return Some((
                        "S7-ADD-1",
                        format!(
                            "{} on {}, which was not bid in this game",
                            LEVEL_WORDS[step as usize], ITEM_WORDS[idx]
                        ),
                        "a kontra needs its target bid in the current game",
                    ));
                };
                if item.level + 1 != step {
                    return Some((
                        "S7-ADD-1",
                        format!(
                            "{} on {} which stands at {}",
                            LEVEL_WORDS[step as usize],
                            ITEM_WORDS[idx],
                            if item.level == 0 {
                                "no kontra"
                            } else {
                                LEVEL_WORDS[item.level as usize]
                            }
                        ),
                        "kontra, rekontra and subkontra come in that order, one step each",
                    ));
                }
                let must = if step == 2 {
                    item.owner
                } else {
                    item.owner.other()
                };
                if side != must {
                    return Some((
                        "S7-ADD-1",
                        format!(
                            "{} on {} by {}; only {} may give it",
                            LEVEL_WORDS[step as usize],
                            ITEM_WORDS[idx],
                            side.word(),
                            must.word()
                        ),
                        "kontra and subkontra come from the team that does not own the item, rekontra from the team that owns it",
                    ));
                }
                if let Some(i) = st.items[idx].as_mut() {
                    i.level = step;
                }
                None
            }
            _ => None,
        }
    }

    /// The call (S7-CALL-1). Returns the partner in a Rufer.
    fn call(&mut self, c: &Contract) -> Option<Seat> {
        let record = self.deal.record;
        let calls: &[Action] = record.calls.as_ref().map_or(&[], |a| &a.actions);
        let due = rufer_call(self.hands[c.declarer as usize]);
        let mut called = None;
        for a in calls {
            match a.act {
                Act::Call { card, .. } if c.game == Kind::Rufer && called.is_none() => {
                    called = Some(card);
                    if a.seat != c.declarer {
                        self.illegal(
                            Finding::IllegalCall,
                            "S7-CALL-1",
                            a,
                            format!(
                                "seat {} calls, but seat {} is the declarer",
                                a.seat, c.declarer
                            ),
                            "not the declarer",
                            "in a Rufer the declarer calls a tarock",
                        );
                    } else if self.hands_known && Some(card) != due {
                        let help = match due {
                            Some(d) => format!("the Rufer calls the highest of T20, T19, T18, T17, T16 (then lower) it does not hold: here {d}"),
                            None => "the Rufer calls the highest of T20, T19, T18, T17, T16 it does not hold".into(),
                        };
                        self.push(
                            Problem::new(
                                Finding::IllegalCall,
                                format!(
                                    "seat {} calls {card}, but the highest tarock from T20 down it does not hold is {}",
                                    a.seat,
                                    due.map_or("none".to_string(), |d| d.to_string())
                                ),
                            )
                            .rule("S7-CALL-1")
                            .seat(a.seat)
                            .card(card)
                            .at(a.span, "wrong tarock called")
                            .help(help),
                        );
                    }
                }
                _ => {
                    let msg = if c.game == Kind::Rufer {
                        "a second or unknown entry in the calls of a Rufer".to_string()
                    } else {
                        format!("a call in {}, where nobody calls", c.game.word())
                    };
                    self.illegal(
                        Finding::IllegalCall,
                        "S7-CALL-1",
                        a,
                        msg,
                        "no call here",
                        "only the Rufer's declarer calls one tarock; Farbesolo and Solo are played alone",
                    );
                }
            }
        }
        if c.game != Kind::Rufer {
            return None;
        }
        if called.is_none() && (self.hands_known || !record.tricks.is_empty()) {
            let span = record.calls.as_ref().map_or(record.span, |x| x.span);
            self.push(
                Problem::new(
                    Finding::IllegalCall,
                    format!("the Rufer's declarer, seat {}, calls no tarock", c.declarer),
                )
                .rule("S7-CALL-1")
                .seat(c.declarer)
                .at(span, "no call")
                .help("write the call after the auction: `calls: 1 call T20`"),
            );
        }
        let card = called.or(due)?;
        let partner = self.holder(card);
        if let Some(p) = partner {
            self.report.events.push(Event::Rule {
                at: Moment::Calls,
                rule: "S7-CALL-1",
                text: if p == c.declarer {
                    format!("seat {p} holds the called {card} and plays alone")
                } else {
                    format!("seat {} calls {card}: seat {p} is its partner", c.declarer)
                },
            });
        }
        partner
    }

    /// The tricks (S7-PLAY-*). Returns the results when the play is complete.
    fn play(&mut self, c: Option<&Contract>, partner: Option<Seat>) -> Option<Play> {
        let record = self.deal.record;
        let game = c.map_or(Kind::Rufer, |c| c.game);
        let farbesolo = game == Kind::Farbesolo;
        let suits_first = self.opts("farbesolo_tarock_lead") == "suits-first";
        let same_trick = self.opts("mondfang") == "same-trick";
        // The legal pagat bidder (S7-PLAY-4).
        let pagat_bidder = c.and_then(|c| c.items[PAGAT_ITEM]).map(|i| i.bidder);
        let mut left = self.hands;
        let mut played = CardSet::EMPTY;
        let mut leader = self.forehand;
        let mut out = Play {
            points: [0; 4],
            tricks: [0; 4],
            pagat_last: None,
            mondfang: None,
        };
        let mut complete = record.tricks.len() == 10;
        for (t, trick) in record.tricks.iter().enumerate().take(10) {
            let n = t + 1;
            if trick.plays.len() != 4 {
                // Who plays what from here on is unknown: the deal is void
                // (see `replay`) and nothing after it is judged.
                return None;
            }
            if let Some(l) = trick.leader {
                if l != leader && l < 4 {
                    self.push(
                        Problem::new(
                            Finding::OutOfTurn,
                            if n == 1 {
                                format!("trick 1 is led by seat {l}, but seat {leader} is the forehand")
                            } else {
                                format!("trick {n} is led by seat {l}, but seat {leader} won trick {}", n - 1)
                            },
                        )
                        .rule("S7-PLAY-1")
                        .seat(l)
                        .trick(n)
                        .at(trick.span, format!("seat {leader} leads"))
                        .help("the forehand leads the first trick; the winner of each trick leads the next"),
                    );
                    leader = l;
                }
            }
            if trick.plays.len() != 4 {
                complete = false;
            }
            let mut cards = [PAGAT; 4];
            let k = trick.plays.len().min(4);
            for (i, item) in trick.plays.iter().take(4).enumerate() {
                let seat = (leader + i as u8) % 4;
                let card = item.card;
                cards[i] = card;
                let hand = left[seat as usize];
                if !hand.contains(card) {
                    if played.contains(card) {
                        if !record.is_partial() {
                            self.push(
                                Problem::new(
                                    Finding::DuplicateCard,
                                    format!("{card} is played a second time"),
                                )
                                .rule("S7-DEAL-1")
                                .seat(seat)
                                .trick(n)
                                .card(card)
                                .at(item.span, "played before")
                                .help("each card is played once"),
                            );
                        }
                    } else if self.deal.table.variant.deck().contains(card) {
                        let holder = self.holder(card);
                        self.push(
                            Problem::new(
                                Finding::CardNotHeld,
                                match holder {
                                    Some(h) => format!("seat {seat} plays {card}, which was dealt to seat {h}"),
                                    None => format!("seat {seat} plays {card}, which it was not dealt"),
                                },
                            )
                            .rule("S7-DEAL-1")
                            .seat(seat)
                            .trick(n)
                            .card(card)
                            .at(item.span, "not in this hand")
                            .help("a player plays only cards of its own hand; check the seat order of the trick (it starts with the leader)"),
                        );
                    }
                } else {
                    let led = (i > 0).then_some(cards[0]);
                    let legal = legal_plays(hand, led, farbesolo, suits_first);
                    if !legal.set.contains(card) {
                        let mut label = format!("must {}", legal.duty);
                        if let Some(l) = led {
                            label.push_str(&format!(" ({l} led)"));
                        }
                        self.push(
                            Problem::new(
                                Finding::Revoke,
                                format!(
                                    "seat {seat} plays {card} in trick {n} but had to {}",
                                    legal.duty
                                ),
                            )
                            .rule(legal.rule)
                            .seat(seat)
                            .trick(n)
                            .card(card)
                            .at(item.span, label)
                            .help(format!(
                                "{}; it could play {}",
                                if legal.rule == "S7-PLAY-3" {
                                    "in Farbesolo a player holding a suit card may not play or lead a tarock"
                                } else {
                                    "a player must follow the suit led, play a tarock when void in it, and follow tarock when tarock is led"
                                },
                                legal
                                    .set
                                    .iter()
                                    .map(|c| c.to_string())
                                    .collect::<Vec<_>>()
                                    .join(" ")
                            )),
                        );
                    } else if card == PAGAT
                        && pagat_bidder == Some(seat)
                        && n < 10
                        && legal.set != CardSet(1u128 << PAGAT.index())
                    {
                        self.push(
                            Problem::new(
                                Finding::PrematureUltimoCard,
                                format!("seat {seat} bid pagat and plays T1 in trick {n}, before the last possible point"),
                            )
                            .rule("S7-PLAY-4")
                            .seat(seat)
                            .trick(n)
                            .card(card)
                            .at(item.span, "T1 played too early")
                            .help("the player who bid pagat keeps T1 for trick 10 unless it is the only card it may play"),
                        );
                    }
                }
                left[seat as usize].remove(card);
                played.insert(card);
            }
            if k == 0 {
                continue;
            }
            let (wi, why) = trick_winner(&cards[..k], farbesolo);
            let winner = (leader + wi as u8) % 4;
            let wcard = cards[wi];
            if wcard == PAGAT
                && !farbesolo
                && cards[..k].contains(&MOND)
                && cards[..k].contains(&SKUS)
            {
                self.report.events.push(Event::Rule {
                    at: Moment::Trick(n as u16),
                    rule: "S7-PLAY-5",
                    text: "the Pagat, the Mond and the Sküs in one trick: the Pagat wins (the fairy-tale trick)".into(),
                });
            }
            out.tricks[winner as usize] += 1;
            out.points[winner as usize] += cards[..k].iter().map(|c| points(*c)).sum::<u32>();
            self.report.events.push(Event::Trick {
                trick: n as u16,
                leader,
                winner,
                reason: format!("{why} ({wcard})"),
            });
            if let Some(c) = c {
                let mut sides = [0u32; 2];
                for s in 0..4u8 {
                    let side = self.side_of(s, game, c.declarer, partner);
                    sides[usize::from(side != Side::Declarer)] += out.points[s as usize];
                }
                self.report.events.push(Event::Count {
                    trick: n as u16,
                    sides: vec![
                        (Side::Declarer.word().to_owned(), sides[0].to_string()),
                        (Side::Opponents.word().to_owned(), sides[1].to_string()),
                    ],
                });
            }
            // Mondfang (S7-SCORE-5).
            let mond = cards[..k].iter().position(|c| *c == MOND);
            let has_skus = cards[..k].contains(&SKUS);
            if let (Some(mi), true) = (mond, has_skus) {
                if same_trick || wcard == SKUS {
                    let victim = (leader + mi as u8) % 4;
                    out.mondfang = Some((victim, n as u16));
                    self.report.events.push(Event::Rule {
                        at: Moment::Trick(n as u16),
                        rule: "S7-SCORE-5",
                        text: format!("the Mond of seat {victim} is caught by the Sküs (Mondfang)"),
                    });
                }
            }
            if n == 10 {
                if let Some(pi) = cards[..k].iter().position(|c| *c == PAGAT) {
                    out.pagat_last = Some(((leader + pi as u8) % 4, wi == pi));
                }
            }
            leader = winner;
        }
        complete.then_some(out)
    }

    /// Settlement (S7-SCORE-*): one ledger line per payment.
    fn settle(&mut self, c: &Contract, partner: Option<Seat>, play: &Play) {
        let game = c.game;
        let team: [bool; 4] = std::array::from_fn(|s| {
            self.side_of(s as u8, game, c.declarer, partner) == Side::Declarer
        });
        let side_points = |side: Side| -> u32 {
            (0..4)
                .filter(|&s| team[s] == (side == Side::Declarer))
                .map(|s| play.points[s])
                .sum()
        };
        let side_tricks = |side: Side| -> u32 {
            (0..4)
                .filter(|&s| team[s] == (side == Side::Declarer))
                .map(|s| play.tricks[s] as u32)
                .sum()
        };
        let side_of = |seat: Seat| {
            if team[seat as usize] {
                Side::Declarer
            } else {
                Side::Opponents
            }
        };
        // S7-ADD-1: an addition counts for the team its bidder plays on once
        // the call has fixed the teams, even where a wrong call put the
        // bidder on the other side from the one it had while bidding.
        let mut items = c.items;
        for item in items[ABSOLUT..=VALAT].iter_mut().flatten() {
            item.owner = side_of(item.bidder);
        }
        let dp = side_points(Side::Declarer);
        self.report.events.push(Event::Rule {
            at: Moment::Settlement,
            rule: "S7-POINTS-2",
            text: format!(
                "the declarer's team takes {dp} of the 88 card points (S7-POINTS-1), the opponents {}: 45 win the game",
                88 - dp.min(88)
            ),
        });
        let solo = game.solo_values();
        let mul = |item: Option<Item>| 1i64 << item.map_or(0, |i| i.level);
        let mut lines: Vec<(Side, i64, &'static str, String)> = Vec::new();

        // Valat (S7-SCORE-4): overrides everything else.
        if let Some(v) = items[VALAT] {
            let won = side_tricks(v.owner) == 10;
            let value = if solo { 24 } else { 12 } * mul(Some(v));
            let winner = if won { v.owner } else { v.owner.other() };
            lines.push((
                winner,
                value,
                "S7-SCORE-4",
                format!(
                    "valat bid by {} {}",
                    v.owner.word(),
                    if won { "won" } else { "lost" }
                ),
            ));
        } else if let Some(side) = [Side::Declarer, Side::Opponents]
            .into_iter()
            .find(|s| side_tricks(*s) == 10)
        {
            lines.push((
                side,
                if solo { 12 } else { 6 },
                "S7-SCORE-4",
                format!("silent valat by {}", side.word()),
            ));
        }
        if lines.is_empty() {
            // Game (S7-SCORE-1, S7-POINTS-2).
            let won = dp >= 45;
            let value = if solo { 4 } else { 1 } * mul(items[GAME]);
            let level = items[GAME].map_or(0, |i| i.level);
            lines.push((
                if won { Side::Declarer } else { Side::Opponents },
                value,
                "S7-SCORE-1",
                format!(
                    "{} {} with {dp} points{}",
                    game.word(),
                    if won { "won" } else { "lost" },
                    if level > 0 {
                        format!(" ({})", LEVEL_WORDS[level as usize])
                    } else {
                        String::new()
                    }
                ),
            ));
            // Absolut (S7-SCORE-2).
            if let Some(ab) = items[ABSOLUT] {
                let won = side_points(ab.owner) >= 56;
                lines.push((
                    if won { ab.owner } else { ab.owner.other() },
                    if solo { 4 } else { 2 } * mul(Some(ab)),
                    "S7-SCORE-2",
                    format!(
                        "absolut bid by {} {}",
                        ab.owner.word(),
                        if won { "won" } else { "lost" }
                    ),
                ));
            } else if let Some(side) = [Side::Declarer, Side::Opponents]
                .into_iter()
                .find(|s| side_points(*s) >= 56)
            {
                lines.push((
                    side,
                    if solo { 2 } else { 1 },
                    "S7-SCORE-2",
                    format!(
                        "silent absolut by {} ({} points)",
                        side.word(),
                        side_points(side)
                    ),
                ));
            }
            // Pagat (S7-SCORE-3): not in Farbesolo.
            if game != Kind::Farbesolo {
                if let Some(pg) = items[PAGAT_ITEM] {
                    let won = play
                        .pagat_last
                        .is_some_and(|(s, w)| w && side_of(s) == pg.owner);
                    lines.push((
                        if won { pg.owner } else { pg.owner.other() },
                        if solo { 4 } else { 2 } * mul(Some(pg)),
                        "S7-SCORE-3",
                        format!(
                            "pagat bid by {} {}",
                            pg.owner.word(),
                            if won { "won" } else { "lost" }
                        ),
                    ));
                } else if let Some((s, w)) = play.pagat_last {
                    let side = side_of(s);
                    lines.push((
                        if w { side } else { side.other() },
                        if solo { 2 } else { 1 },
                        "S7-SCORE-3",
                        format!(
                            "silent pagat of seat {s} {} in the last trick",
                            if w { "won" } else { "lost" }
                        ),
                    ));
                }
            }
            // Automatic premiums (S7-SCORE-5).
            let premium = if solo { 2 } else { 1 };
            if game != Kind::Farbesolo {
                let team_hands = self.opts("trull_holding") == "team-hands" && game == Kind::Rufer;
                let holder = (0..4u8).find(|&s| {
                    let hand = if team_hands {
                        (0..4u8)
                            .filter(|&o| side_of(o) == side_of(s))
                            .fold(CardSet::EMPTY, |acc, o| acc.union(self.hands[o as usize]))
                    } else {
                        self.hands[s as usize]
                    };
                    hand.intersection(trull()) == trull()
                });
                if let Some(s) = holder {
                    lines.push((
                        side_of(s),
                        premium,
                        "S7-SCORE-5",
                        format!("Trull of {}", side_of(s).word()),
                    ));
                }
            }
            if let Some(s) =
                (0..4u8).find(|&s| self.hands[s as usize].intersection(kings()) == kings())
            {
                lines.push((
                    side_of(s),
                    premium,
                    "S7-SCORE-5",
                    format!("Königstrull of seat {s}"),
                ));
            }
            if game != Kind::Farbesolo {
                if let Some((s, n)) = play.mondfang {
                    lines.push((
                        side_of(s).other(),
                        premium,
                        "S7-SCORE-5",
                        format!("Mondfang: the Mond of seat {s} caught in trick {n}"),
                    ));
                }
            }
        }
        let mut winners = [0u8; 4];
        let mut losers = [0u8; 4];
        for (winner, value, rule, reason) in lines {
            let (mut nw, mut nl) = (0, 0);
            for s in 0..4u8 {
                if side_of(s) == winner {
                    winners[nw] = s;
                    nw += 1;
                } else {
                    losers[nl] = s;
                    nl += 1;
                }
            }
            if nw == nl {
                // Two against two: each loser pays one winner.
                for k in 0..nw {
                    self.pay(losers[k], winners[k], value, rule, &reason);
                }
            } else if nw == 1 {
                for &l in &losers[..nl] {
                    self.pay(l, winners[0], value, rule, &reason);
                }
            } else {
                for &w in &winners[..nw] {
                    self.pay(losers[0], w, value, rule, &reason);
                }
            }
        }
        self.report.settled = true;
    }

    fn pay(&mut self, payer: Seat, payee: Seat, amount: i64, rule: &'static str, reason: &str) {
        self.report.pay(Payment {
            payer: Party::Seat(payer),
            payee: Party::Seat(payee),
            amount,
            rule,
            reason: reason.to_string(),
            at: Moment::Settlement,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn the_pack_holds_88_points() {
        let total: u32 = notation::Variant::Skill7Tarock
            .deck()
            .iter()
            .map(points)
            .sum();
        assert_eq!(total, 88);
    }

    #[test]
    fn fairy_tale_trick_goes_to_the_pagat_except_in_farbesolo() {
        let cards = [c("T22"), c("T1"), c("T21"), c("T5")];
        assert_eq!(trick_winner(&cards, false).0, 1);
        assert_eq!(trick_winner(&cards, true).0, 0);
        let suits = [c("HJ"), c("T4"), c("HK"), c("SK")];
        assert_eq!(trick_winner(&suits, false).0, 1);
        assert_eq!(trick_winner(&suits, true).0, 2);
    }

    #[test]
    fn farbesolo_tarock_lead_follows_the_option() {
        let hand: CardSet = [c("T5"), c("SK"), c("HJ")].into_iter().collect();
        let follow = legal_plays(hand, Some(c("T9")), true, false);
        assert_eq!(follow.set, [c("T5")].into_iter().collect());
        let suits_first = legal_plays(hand, Some(c("T9")), true, true);
        assert_eq!(suits_first.set, [c("SK"), c("HJ")].into_iter().collect());
        // Outside Farbesolo a void player must play a tarock.
        let plain = legal_plays(hand, Some(c("DK")), false, false);
        assert_eq!(plain.set, [c("T5")].into_iter().collect());
        // In Farbesolo it must play a suit card instead, and may not lead a tarock.
        let farbe = legal_plays(hand, Some(c("DK")), true, false);
        assert_eq!(farbe.set, [c("SK"), c("HJ")].into_iter().collect());
        assert_eq!(legal_plays(hand, None, true, false).rule, "S7-PLAY-3");
        assert!(!legal_plays(hand, None, true, false).set.contains(c("T5")));
    }

    #[test]
    fn rufer_calls_the_highest_tarock_not_held() {
        let hand: CardSet = [c("T20"), c("T19"), c("SK")].into_iter().collect();
        assert_eq!(rufer_call(hand), Some(c("T18")));
        let five: CardSet = (16..=20).map(trump).collect();
        assert_eq!(rufer_call(five), Some(c("T15")));
    }
}
