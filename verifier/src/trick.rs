//! # The trick-taking core
//!
//! What the four games share in a trick, written once: the winner of a
//! trick and the duties a hand has when it plays to one. Each engine
//! describes its game with a [`Rules`] value (how suit cards rank, whether
//! trumps beat suit cards, whether the fairy-tale trick is played, which
//! [`Duties`] apply) and keeps only what is its own: the rule ids, the
//! words of its diagnostics, and the rules no other game has (the Danish
//! fool's name, the Königrufen pagat kept back, the Skill7 pagat bidder).
//!
//! ## API
//! - [`Lead`]: what a trick is played to, a suit or the trumps;
//!   [`lead_of`] a card's (the fool has none), [`first_lead`] a trick's
//!   (its first card that is not the fool).
//! - [`winner`]`(cards, lead, rules)`: the index of the winning card and
//!   [`Why`] it wins, or `None` when no card is of the kind led nor a trump
//!   (only the fool led, or a named lead nobody followed): the engine decides
//!   then (DK-FOOL-9 falls back to the first suit played).
//! - [`legal`]`(hand, before, lead, rules)`: the cards the hand may play to a
//!   trick holding `before`, as a chain of narrowing [`Duty`] steps
//!   ([`Legal`]); [`Legal::set`] is what may be played, [`Legal::broken`]
//!   names the first duty a card breaks (a suit card played while trumps
//!   are held breaks "trump", not "overtrump").
//! - The duties one by one, for engines that word their findings apart:
//!   [`must_follow`], [`must_trump`], [`must_overtrump`], [`must_beat`], and
//!   [`top_trump`], [`would_win`].
//!
//! ## Conventions
//! - Trumps rank by their number (`T22` Sküs above `T21` Mond). Suit cards
//!   rank by the variant's `suit_rank`. A tie (only a card shown twice in a
//!   broken record) goes to the earlier card.
//! - The fool / excuse never wins a trick and is never of the kind led;
//!   where [`Duties::fool_free`] it may be played instead of following.
//! - `lead: None` in [`legal`] means there is nothing to follow (the hand
//!   leads, or only the excuse was led); the engine says what a led fool
//!   sets, since the games differ (a name, the next card, a tarock).
//! - The duties look only at cards of [`Rules::trumps`] as trumps: each
//!   variant's own trumps, so that an unknown card (`T22` in a French hand)
//!   changes no duty.
//!
//! ## How the four games fill it in
//! Checked against each engine's own duty and winner code on random hands
//! and tricks of its pack (300,000 each) before the engines moved onto it:
//! - Danish: `trumps` `T1..=T21`, `suit_rank` red spots reversed,
//!   `trump_when_void`, `fool_free`; lead: the led card's, or the led fool's
//!   name. A `None` winner is DK-FOOL-9's fallback. (The old duty code took
//!   a played `T22`, an unknown card, for a trump.)
//! - French: `trumps` `T1..=T21`, `trump_when_void`, `overtrump`,
//!   `fool_free`; lead: [`first_lead`]; top: [`top_trump`].
//! - Königrufen: `suit_rank` from `rules::STRENGTH`; suit games
//!   `trumps_beat_suits: false`, `suit_when_void`, `lead_suit`,
//!   `suit_to_trump_lead` by option, else `trump_when_void`; `beat` in the
//!   negative games; `fairy_tale: Some(4)` where KR-PLAY-9 applies; lead: a
//!   card without a suit leads tarock.
//! - Skill7: as Königrufen without `beat`, Farbesolo for the suit games;
//!   outside Farbesolo `fairy_tale: Some(cards.len())` (S7-PLAY-5 names no
//!   trick size). A card shown twice in one trick goes to its later copy
//!   there (`skill7::play::trick_winner`).
//!
//! ## Speed (issue 15)
//! This is the hot path of `verify`. A card that plainly meets its duty
//! (the suit led from the hand; in French Tarot also the excuse and a trump
//! above the trick's highest; in Königrufen and Skill7 a tarock to a tarock
//! lead) is passed by the engine without calling [`legal`], and so is the
//! lead where no duty binds it. Where a game's duties are few, the engine
//! works them out on card masks instead of the chain (Danish DK-PLAY-2, the
//! French FR-PLAY-2..4, every Königrufen game's rules 1-3 and 4b, Skill7
//! outside Farbesolo) and builds the chain only to word a revoke where it
//! needs it; unit tests hold these shortcuts, and the Danish written-out
//! winner, equal to the core on random hands. Likewise what depends on
//! which card it is and runs for every card (card points, the Danish ultimo
//! and skat-barred cards) is a table by card index or a mask, not a `match`
//! on the rank (`crate::points`): a test holds each equal to the rule in
//! the digest's words.

use notation::{Card, CardSet, Suit};

pub use notation::Lead;

/// A game's trick rules: its data, not its code.
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    /// The strength of a suit card within its suit; higher beats lower.
    pub suit_rank: fn(Card) -> u8,
    /// Trumps beat every suit card. `false` where the tarocks are a fifth
    /// suit that wins only when led (S7-PLAY-5 Farbesolo, KR-PLAY-8 suit
    /// games).
    pub trumps_beat_suits: bool,
    /// The fairy-tale trick (S7-PLAY-5, KR-PLAY-9): in a trick of this many
    /// cards holding Pagat, Mond and Sküs the Pagat wins. `None`: not played.
    pub fairy_tale: Option<usize>,
    /// The variant's trumps, for the duties.
    pub trumps: CardSet,
    pub duties: Duties,
}

impl Default for Rules {
    /// Suit cards by rank, trumps `T1..=T22` beating suits, no fairy tale,
    /// only the duty to follow.
    fn default() -> Rules {
        Rules {
            suit_rank: rank_order,
            trumps_beat_suits: true,
            fairy_tale: None,
            trumps: CardSet::trumps(),
            duties: Duties::default(),
        }
    }
}

/// Suit cards ranked by [`notation::Rank`] order: `1` low, king high.
pub fn rank_order(card: Card) -> u8 {
    card.rank().map_or(0, |r| r as u8)
}

/// Which duties a game imposes beyond following the suit or trump led
/// (which all four games share).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Duties {
    /// Void in the suit led, play a trump while holding one (DK-PLAY-2,
    /// FR-PLAY-2, S7-PLAY-2, KR-PLAY-3).
    pub trump_when_void: bool,
    /// Void in the suit led, play a suit card rather than a trump while
    /// holding one (S7-PLAY-3, KR-PLAY-5).
    pub suit_when_void: bool,
    /// A trump that must be played must beat the highest trump of the trick
    /// when the hand holds such a trump (FR-PLAY-4).
    pub overtrump: bool,
    /// Of the cards otherwise allowed, play one that takes the lead of the
    /// trick when there is one (KR-PLAY-4).
    pub beat: bool,
    /// Lead a suit card while holding one (S7-PLAY-3, KR-PLAY-5).
    pub lead_suit: bool,
    /// To a trump lead, play a suit card while holding one (the
    /// `suits-first` options of S7-PLAY-3, KR-PLAY-5). It replaces the duty
    /// to follow the trump: a hand holding no suit card may play anything.
    pub suit_to_trump_lead: bool,
    /// The fool / excuse may be played instead of following, and so is
    /// never a revoke (DK-FOOL-1, FR-EXCUSE-1).
    pub fool_free: bool,
}

/// The duty that narrows what a hand may play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Duty {
    /// Follow the suit led.
    FollowSuit,
    /// Trumps were led: play a trump.
    FollowTrump,
    /// Void in the suit led: play a trump.
    Trump,
    /// A trump must beat the highest trump of the trick.
    Overtrump,
    /// Play a card that takes the lead of the trick.
    Beat,
    /// Lead a suit card.
    LeadSuit,
    /// Void in the suit led: play a suit card, not a trump.
    SuitNotTrump,
    /// Trumps were led: play a suit card first.
    SuitToTrumpLead,
}

/// What a hand may play: the hand narrowed by up to three duties in turn.
// The duties and their sets lie apart (96 bytes, not 144): a `Legal` is
// returned for every card an engine judges, and a value this size is
// copied inline, not by `memcpy`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Legal {
    /// The cards that may be played.
    pub set: CardSet,
    hand: CardSet,
    sets: [CardSet; 3],
    duties: [Duty; 3],
    len: u8,
}

impl Legal {
    #[inline]
    fn any(hand: CardSet) -> Legal {
        Legal {
            set: hand,
            hand,
            sets: [hand; 3],
            duties: [Duty::FollowSuit; 3],
            len: 0,
        }
    }

    /// Narrows to `set` by `duty`.
    #[inline]
    fn narrow(&mut self, duty: Duty, set: CardSet) {
        let i = usize::from(self.len);
        self.sets[i] = set;
        self.duties[i] = duty;
        self.len += 1;
        self.set = set;
    }

    /// The duties that narrowed the hand, widest first.
    pub fn steps(&self) -> impl Iterator<Item = (Duty, CardSet)> + '_ {
        let n = usize::from(self.len);
        self.duties[..n]
            .iter()
            .copied()
            .zip(self.sets[..n].iter().copied())
    }

    /// The duty whose set is the final one: the duty a wrong card is held
    /// to; `None` when the hand may play anything.
    #[cfg(test)]
    pub fn duty(&self) -> Option<Duty> {
        self.duties[..usize::from(self.len)].last().copied()
    }

    /// What the hand may play under the duties before `duty` (all of them
    /// when `duty` did not narrow it): the cards a later rule looks at, such
    /// as KR-PLAY-6 before the duty to beat.
    pub fn set_before(&self, duty: Duty) -> CardSet {
        match self.steps().position(|s| s.0 == duty) {
            Some(0) => self.hand,
            Some(i) => self.sets[i - 1],
            None => self.set,
        }
    }

    /// The first duty that `card` breaks; `None` when it may be played.
    #[inline]
    pub fn broken(&self, card: Card) -> Option<Duty> {
        self.steps()
            .find(|(_, set)| !set.contains(card))
            .map(|s| s.0)
    }
}

/// Why a trick went to its winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// Pagat, Mond and Sküs in one trick: the Pagat wins.
    FairyTale,
    /// The highest trump.
    Trump,
    /// The highest card of the suit led.
    Suit,
}

/// The winning card of a trick.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Win {
    pub index: usize,
    pub why: Why,
}

/// The class of a card led, by its index (suit × 14 + rank for the suit
/// cards, the trumps after them): its suit 0 to 3, 4 a trump, 5 the fool
/// (no suit, no trump). The row of a table of keys by the card led, as the
/// French, Königrufen and Skill7 plays read their tricks' winners.
#[inline]
pub(crate) fn lead_class(card: Card) -> usize {
    const CLASS: [u8; 79] = {
        let mut t = [5u8; 79];
        let mut i = 0;
        while i < 78 {
            t[i] = if i < 56 { (i / 14) as u8 } else { 4 };
            i += 1;
        }
        t
    };
    usize::from(CLASS[usize::from(card.index())])
}

/// The pagat (T1), the mond (T21) and the Sküs (T22) as bits 1, 2, 4, by
/// card index, 0 for the other cards: the three cards of the fairy-tale
/// trick (KR-PLAY-9, S7-PLAY-5), found together when a trick's bits make 7.
pub(crate) static TRULL_BIT: [u8; 79] = {
    let mut t = [0u8; 79];
    t[56] = 1;
    t[56 + 20] = 2;
    t[56 + 21] = 4;
    t
};

/// What a card leads: its suit, the trumps, or nothing (the fool).
pub fn lead_of(card: Card) -> Option<Lead> {
    if card.is_trump() {
        Some(Lead::Trumps)
    } else {
        card.suit().map(Lead::Suit)
    }
}

/// What a trick is played to: the lead of its first card that is not the
/// fool (FR-EXCUSE-2: after a led excuse the next card sets the suit).
pub fn first_lead(cards: &[Card]) -> Option<Lead> {
    cards.iter().find_map(|&c| lead_of(c))
}

fn fool_set() -> CardSet {
    CardSet::from_bits_truncate(1u128 << Card::FOOL.index())
}

fn suit_cards(hand: CardSet) -> CardSet {
    // The four suits, as one mask.
    let suits = CardSet::suit(Suit::Spades)
        .union(CardSet::suit(Suit::Hearts))
        .union(CardSet::suit(Suit::Diamonds))
        .union(CardSet::suit(Suit::Clubs));
    suits.intersection(hand)
}

/// The trumps numbered above `top` (all trumps for 0).
pub(crate) fn trumps_above(top: u8) -> CardSet {
    let all = CardSet::trumps();
    match Card::trump(top) {
        // Trumps are in number order: those above `top` come after it.
        Some(t) => all.intersection(CardSet::from_bits_truncate(!((2u128 << t.index()) - 1))),
        None if top == 0 => all,
        None => CardSet::EMPTY,
    }
}

/// The highest trump number among `cards`, 0 when none.
pub fn top_trump(cards: &[Card]) -> u8 {
    cards
        .iter()
        .filter_map(|c| c.trump_number())
        .max()
        .unwrap_or(0)
}

/// The winner of a trick (DK-PLAY-3, FR-PLAY-6, KR-PLAY-8/9, S7-PLAY-5):
/// the Pagat of a fairy-tale trick; else the highest trump where trumps
/// beat suits or were led; else the highest card of the suit led. `None`
/// when no card qualifies (the engine's fallback).
#[inline]
pub fn winner(cards: &[Card], lead: Option<Lead>, rules: &Rules) -> Option<Win> {
    if let Some(i) = fairy_tale(cards, rules) {
        return Some(Win {
            index: i,
            why: Why::FairyTale,
        });
    }
    let trumps_win = rules.trumps_beat_suits || lead == Some(Lead::Trumps);
    if trumps_win {
        if let Some(index) = highest(cards, |c| c.trump_number()) {
            return Some(Win {
                index,
                why: Why::Trump,
            });
        }
    }
    let Some(Lead::Suit(s)) = lead else {
        return None;
    };
    let index = highest(cards, |c| {
        (c.suit() == Some(s)).then(|| (rules.suit_rank)(c))
    })?;
    Some(Win {
        index,
        why: Why::Suit,
    })
}

/// The index of the Pagat when the fairy-tale trick applies.
#[inline]
fn fairy_tale(cards: &[Card], rules: &Rules) -> Option<usize> {
    if rules.fairy_tale != Some(cards.len()) {
        return None;
    }
    let has = |c| cards.contains(&c);
    if has(Card::PAGAT) && has(Card::MOND) && has(Card::SKUS) {
        cards.iter().position(|&c| c == Card::PAGAT)
    } else {
        None
    }
}

/// The index of the first card with the greatest key, among cards with one.
#[inline]
pub(crate) fn highest(cards: &[Card], key: impl Fn(Card) -> Option<u8>) -> Option<usize> {
    let mut best: Option<(usize, u8)> = None;
    for (i, &c) in cards.iter().enumerate() {
        if let Some(k) = key(c) {
            if best.is_none_or(|(_, b)| k > b) {
                best = Some((i, k));
            }
        }
    }
    best.map(|(i, _)| i)
}

/// Whether `card` played after `before` would take the lead of the trick.
pub fn would_win(before: &[Card], card: Card, lead: Option<Lead>, rules: &Rules) -> bool {
    let n = before.len();
    // A trick of a real deal fits on the stack.
    let mut stack = [Card::FOOL; 8];
    let mut heap = Vec::new();
    let cards: &[Card] = if n < stack.len() {
        stack[..n].copy_from_slice(before);
        stack[n] = card;
        &stack[..=n]
    } else {
        heap.extend_from_slice(before);
        heap.push(card);
        &heap
    };
    winner(cards, lead, rules).is_some_and(|w| w.index == n)
}

/// The cards of the suit led the hand must play, if it holds any.
pub fn must_follow(hand: CardSet, lead: Lead, rules: &Rules) -> Option<CardSet> {
    let set = match lead {
        Lead::Suit(s) => hand.intersection(CardSet::suit(s)),
        Lead::Trumps => hand.intersection(rules.trumps),
    };
    (!set.is_empty()).then_some(set)
}

/// The trumps the hand must play, if it holds any.
pub fn must_trump(hand: CardSet, rules: &Rules) -> Option<CardSet> {
    let set = hand.intersection(rules.trumps);
    (!set.is_empty()).then_some(set)
}

/// The trumps above trump number `top` the hand must play, if it holds any
/// (FR-PLAY-4).
pub fn must_overtrump(hand: CardSet, top: u8, rules: &Rules) -> Option<CardSet> {
    let set = hand
        .intersection(rules.trumps)
        .intersection(trumps_above(top));
    (!set.is_empty()).then_some(set)
}

/// The cards of `allowed` that would take the lead of the trick, if any
/// (KR-PLAY-4).
pub fn must_beat(
    allowed: CardSet,
    before: &[Card],
    lead: Option<Lead>,
    rules: &Rules,
) -> Option<CardSet> {
    let set = if fairy_tale_possible(before, rules) {
        beating_by_winner(allowed, before, lead, rules)
    } else {
        beating_by_key(allowed, before, lead, rules)
    };
    (!set.is_empty()).then_some(set)
}

/// Whether one more card could make the fairy-tale trick: the trick then
/// has its size and `before` holds two of Pagat, Mond and Sküs already.
fn fairy_tale_possible(before: &[Card], rules: &Rules) -> bool {
    if rules.fairy_tale != Some(before.len() + 1) {
        return false;
    }
    let held = [Card::PAGAT, Card::MOND, Card::SKUS]
        .iter()
        .filter(|c| before.contains(c))
        .count();
    held >= 2
}

/// The cards of `allowed` that [`would_win`], trick by trick.
fn beating_by_winner(
    allowed: CardSet,
    before: &[Card],
    lead: Option<Lead>,
    rules: &Rules,
) -> CardSet {
    allowed
        .iter()
        .filter(|&c| would_win(before, c, lead, rules))
        .collect()
}

/// The cards of `allowed` that [`would_win`] when no fairy tale can
/// arise: [`winner`]'s keys compared once against the best of `before`
/// (a card wins only with a key above every earlier one; ties go to the
/// earlier card). Held equal to [`beating_by_winner`] by a test.
fn beating_by_key(allowed: CardSet, before: &[Card], lead: Option<Lead>, rules: &Rules) -> CardSet {
    let trumps_win = rules.trumps_beat_suits || lead == Some(Lead::Trumps);
    let top_trump = top_trump(before);
    let mut beating = CardSet::EMPTY;
    if trumps_win {
        // A trump beats with a number above every earlier one; a card that
        // is no trump beats nothing once a trump lies in the trick.
        beating = allowed.intersection(trumps_above(top_trump));
        if top_trump > 0 {
            return beating;
        }
    }
    if let Some(Lead::Suit(s)) = lead {
        let top_suit = before
            .iter()
            .filter(|c| c.suit() == Some(s))
            .map(|&c| (rules.suit_rank)(c))
            .max();
        for c in allowed.intersection(CardSet::suit(s)).iter() {
            if top_suit.is_none_or(|b| (rules.suit_rank)(c) > b) {
                beating.insert(c);
            }
        }
    }
    beating
}

/// The cards `hand` may play to a trick holding `before` whose lead is
/// `lead` (`None`: nothing to follow), under the game's duties.
#[inline]
pub fn legal(hand: CardSet, before: &[Card], lead: Option<Lead>, rules: &Rules) -> Legal {
    let d = rules.duties;
    let fool = if d.fool_free {
        hand.intersection(fool_set())
    } else {
        CardSet::EMPTY
    };
    let mut legal = Legal::any(hand);
    let narrow = |legal: &mut Legal, duty, set: CardSet| legal.narrow(duty, set.union(fool));
    // Whenever a trump must be played, it must beat the highest trump of
    // the trick if the hand can (FR-PLAY-4).
    let play_trump = |legal: &mut Legal, duty, trumps| {
        narrow(legal, duty, trumps);
        if !d.overtrump {
            return;
        }
        if let Some(higher) = must_overtrump(hand, top_trump(before), rules) {
            narrow(legal, Duty::Overtrump, higher);
        }
    };
    let suits = suit_cards(hand);
    match lead {
        None => {
            if d.lead_suit && !suits.is_empty() {
                narrow(&mut legal, Duty::LeadSuit, suits);
            }
        }
        Some(Lead::Suit(s)) => {
            if let Some(follow) = must_follow(hand, Lead::Suit(s), rules) {
                narrow(&mut legal, Duty::FollowSuit, follow);
            } else if let Some(trumps) = must_trump(hand, rules).filter(|_| d.trump_when_void) {
                play_trump(&mut legal, Duty::Trump, trumps);
            } else if d.suit_when_void && !suits.is_empty() {
                narrow(&mut legal, Duty::SuitNotTrump, suits);
            }
        }
        Some(Lead::Trumps) => {
            if d.suit_to_trump_lead {
                // Suits first replaces following the tarock: a hand without
                // a suit card plays what it likes (only tarocks, in a real
                // deal).
                if !suits.is_empty() {
                    narrow(&mut legal, Duty::SuitToTrumpLead, suits);
                }
            } else if let Some(trumps) = must_follow(hand, Lead::Trumps, rules) {
                play_trump(&mut legal, Duty::FollowTrump, trumps);
            }
        }
    }
    if d.beat && !before.is_empty() {
        if let Some(beating) = must_beat(legal.set, before, lead, rules) {
            narrow(&mut legal, Duty::Beat, beating);
        }
    }
    legal
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn set(s: &str) -> CardSet {
        s.split_whitespace().map(c).collect()
    }

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(c).collect()
    }

    #[test]
    fn trumps_above_a_number_are_those_numbered_higher() {
        let everything = CardSet::from_bits_truncate((1u128 << Card::COUNT) - 1);
        for top in 0..=23u8 {
            let want: CardSet = everything
                .iter()
                .filter(|c| c.trump_number().is_some_and(|n| n > top))
                .collect();
            assert_eq!(
                trumps_above(top).intersection(everything),
                want,
                "above {top}"
            );
        }
    }

    fn with(duties: Duties) -> Rules {
        Rules {
            duties,
            ..Rules::default()
        }
    }

    const SPADES: Option<Lead> = Some(Lead::Suit(Suit::Spades));

    #[test]
    fn highest_trump_beats_the_suit_led() {
        let r = Rules::default();
        let w = winner(&cards("SK T2 SQ T1"), SPADES, &r).unwrap();
        assert_eq!((w.index, w.why), (1, Why::Trump));
        let w = winner(&cards("S3 SK H1 SQ"), SPADES, &r).unwrap();
        assert_eq!((w.index, w.why), (1, Why::Suit));
    }

    #[test]
    fn the_fool_never_wins_and_an_unfollowed_lead_has_no_winner() {
        let r = Rules::default();
        let t = cards("EX HK SQ");
        assert_eq!(first_lead(&t), Some(Lead::Suit(Suit::Hearts)));
        assert_eq!(winner(&t, first_lead(&t), &r).unwrap().index, 1);
        assert_eq!(winner(&cards("EX"), None, &r), None);
        assert_eq!(winner(&cards("EX HK"), SPADES, &r), None);
    }

    #[test]
    fn a_fifth_suit_of_tarocks_wins_only_when_led() {
        let r = Rules {
            trumps_beat_suits: false,
            ..Rules::default()
        };
        assert_eq!(winner(&cards("SN T20 SK H1"), SPADES, &r).unwrap().index, 2);
        let w = winner(&cards("T5 SK T20 T1"), Some(Lead::Trumps), &r).unwrap();
        assert_eq!((w.index, w.why), (2, Why::Trump));
    }

    #[test]
    fn the_fairy_tale_needs_its_full_trick() {
        let r = Rules {
            fairy_tale: Some(4),
            ..Rules::default()
        };
        let w = winner(&cards("T22 T21 T1 SK"), SPADES, &r).unwrap();
        assert_eq!((w.index, w.why), (2, Why::FairyTale));
        assert_eq!(winner(&cards("T22 T21 T1"), None, &r).unwrap().index, 0);
        assert_eq!(
            winner(&cards("T22 T21 T1 SK"), SPADES, &Rules::default())
                .unwrap()
                .index,
            0
        );
    }

    #[test]
    fn the_suit_rank_is_the_variants() {
        // Red spot cards reversed, as in the Danish and Austrian packs.
        fn red_low(card: Card) -> u8 {
            match card.rank().unwrap().spot() {
                Some(n) => 11 - n,
                None => 20,
            }
        }
        let r = Rules {
            suit_rank: red_low,
            ..Rules::default()
        };
        let lead = Some(Lead::Suit(Suit::Hearts));
        assert_eq!(winner(&cards("H4 H1 H7"), lead, &r).unwrap().index, 1);
    }

    #[test]
    fn a_tie_goes_to_the_earlier_card() {
        let w = winner(&cards("SK SK"), SPADES, &Rules::default()).unwrap();
        assert_eq!(w.index, 0);
    }

    #[test]
    fn follow_suit_then_trump_when_void() {
        let r = with(Duties {
            trump_when_void: true,
            ..Duties::default()
        });
        let l = legal(set("S3 H5 T4"), &cards("SK"), SPADES, &r);
        assert_eq!((l.set, l.duty()), (set("S3"), Some(Duty::FollowSuit)));
        let l = legal(set("H5 T4"), &cards("SK"), SPADES, &r);
        assert_eq!((l.set, l.duty()), (set("T4"), Some(Duty::Trump)));
        let l = legal(set("H5 D4"), &cards("SK"), SPADES, &r);
        assert_eq!((l.set, l.duty()), (set("H5 D4"), None));
        let l = legal(set("H5 T4"), &cards("T9"), Some(Lead::Trumps), &r);
        assert_eq!((l.set, l.duty()), (set("T4"), Some(Duty::FollowTrump)));
        assert_eq!(legal(set("H5 T4"), &[], None, &r).set, set("H5 T4"));
    }

    #[test]
    fn without_the_trump_duty_a_void_hand_plays_anything() {
        let r = Rules::default();
        let l = legal(set("H5 T4"), &cards("SK"), SPADES, &r);
        assert_eq!((l.set, l.duty()), (set("H5 T4"), None));
    }

    #[test]
    fn the_fool_is_free_where_the_game_says_so() {
        let r = with(Duties {
            trump_when_void: true,
            fool_free: true,
            ..Duties::default()
        });
        let l = legal(set("S3 EX T4"), &cards("SK"), SPADES, &r);
        assert_eq!(l.set, set("S3 EX"));
        assert_eq!(l.broken(c("EX")), None);
        assert_eq!(l.broken(c("T4")), Some(Duty::FollowSuit));
        let r = with(Duties::default());
        assert_eq!(legal(set("S3 EX"), &cards("SK"), SPADES, &r).set, set("S3"));
    }

    #[test]
    fn overtrump_names_the_first_duty_broken() {
        let r = with(Duties {
            trump_when_void: true,
            overtrump: true,
            ..Duties::default()
        });
        let l = legal(set("H5 T3 T9"), &cards("SK T5"), SPADES, &r);
        assert_eq!(l.set, set("T9"));
        assert_eq!(l.broken(c("H5")), Some(Duty::Trump));
        assert_eq!(l.broken(c("T3")), Some(Duty::Overtrump));
        assert_eq!(l.broken(c("T9")), None);
        // Nothing higher held: any trump.
        let l = legal(set("H5 T3"), &cards("SK T5"), SPADES, &r);
        assert_eq!((l.set, l.duty()), (set("T3"), Some(Duty::Trump)));
        let l = legal(set("H5 T3 T9"), &cards("T7"), Some(Lead::Trumps), &r);
        assert_eq!((l.set, l.duty()), (set("T9"), Some(Duty::Overtrump)));
    }

    #[test]
    fn fifth_suit_duties() {
        let r = Rules {
            trumps_beat_suits: false,
            duties: Duties {
                suit_when_void: true,
                lead_suit: true,
                ..Duties::default()
            },
            ..Rules::default()
        };
        let l = legal(set("H5 T4"), &[], None, &r);
        assert_eq!((l.set, l.duty()), (set("H5"), Some(Duty::LeadSuit)));
        let l = legal(set("H5 T4"), &cards("SK"), SPADES, &r);
        assert_eq!((l.set, l.duty()), (set("H5"), Some(Duty::SuitNotTrump)));
        let l = legal(set("H5 T4"), &cards("T9"), Some(Lead::Trumps), &r);
        assert_eq!((l.set, l.duty()), (set("T4"), Some(Duty::FollowTrump)));
        let first = Rules {
            duties: Duties {
                suit_to_trump_lead: true,
                ..r.duties
            },
            ..r
        };
        let l = legal(set("H5 T4"), &cards("T9"), Some(Lead::Trumps), &first);
        assert_eq!((l.set, l.duty()), (set("H5"), Some(Duty::SuitToTrumpLead)));
        // Suits first replaces following the tarock.
        let l = legal(set("T4 EX"), &cards("T9"), Some(Lead::Trumps), &first);
        assert_eq!((l.set, l.duty()), (set("T4 EX"), None));
    }

    #[test]
    fn beating_by_key_is_beating_by_winner_where_no_fairy_tale_can_arise() {
        // The generator's own random numbers: the same tricks on every run.
        let mut rng = crate::gen::Rng::new(0x9e37_79b9_7f4a_7c15);
        let all: Vec<Card> = Card::all().collect();
        fn reversed(c: Card) -> u8 {
            20 - rank_order(c)
        }
        let leads = [
            None,
            Some(Lead::Trumps),
            Some(Lead::Suit(Suit::Spades)),
            Some(Lead::Suit(Suit::Hearts)),
            Some(Lead::Suit(Suit::Diamonds)),
            Some(Lead::Suit(Suit::Clubs)),
        ];
        let mut fast = 0;
        for _ in 0..4000 {
            let allowed = rng.hand(14);
            // Tricks heavy in the fairy-tale cards and in duplicates.
            let pick = |r: usize| match r % 5 {
                0 => [Card::PAGAT, Card::MOND, Card::SKUS][r % 3],
                _ => all[r % all.len()],
            };
            let before: Vec<Card> = (0..rng.below(5)).map(|_| pick(rng.below(1000))).collect();
            let lead = leads[rng.below(leads.len())];
            for trumps_beat_suits in [false, true] {
                for fairy_tale in [None, Some(before.len() + 1), Some(4)] {
                    for suit_rank in [rank_order as fn(Card) -> u8, reversed] {
                        let rules = Rules {
                            suit_rank,
                            trumps_beat_suits,
                            fairy_tale,
                            ..Rules::default()
                        };
                        if fairy_tale_possible(&before, &rules) {
                            continue;
                        }
                        fast += 1;
                        assert_eq!(
                            beating_by_key(allowed, &before, lead, &rules),
                            beating_by_winner(allowed, &before, lead, &rules),
                            "{allowed:?} {before:?} {lead:?} {rules:?}"
                        );
                    }
                }
            }
        }
        assert!(fast > 40_000, "{fast}");
    }

    #[test]
    fn beat_narrows_the_allowed_cards_to_the_winning_ones() {
        let r = with(Duties {
            trump_when_void: true,
            beat: true,
            ..Duties::default()
        });
        let l = legal(set("S3 SQ H5"), &cards("S9 SN"), SPADES, &r);
        assert_eq!(l.set, set("SQ"));
        assert_eq!(l.broken(c("H5")), Some(Duty::FollowSuit));
        assert_eq!(l.broken(c("S3")), Some(Duty::Beat));
        assert_eq!(l.set_before(Duty::Beat), set("S3 SQ"));
        assert_eq!(l.set_before(Duty::FollowSuit), set("S3 SQ H5"));
        assert_eq!(l.set_before(Duty::Overtrump), set("SQ"));
        // Nothing beats: the follow duty alone.
        let l = legal(set("S3 S4"), &cards("S9"), SPADES, &r);
        assert_eq!((l.set, l.duty()), (set("S3 S4"), Some(Duty::FollowSuit)));
        assert!(would_win(&cards("S9 T2"), c("T3"), SPADES, &r));
        assert!(!would_win(&cards("S9 T2"), c("T1"), SPADES, &r));
    }

    /// The module's worked example.
    #[test]
    fn worked_example() {
        use crate::trick::{self, Duties, Duty, Lead, Rules};
        use notation::{Card, CardSet};
        let c = |s: &str| s.parse::<Card>().unwrap();
        let rules = Rules {
            duties: Duties {
                trump_when_void: true,
                overtrump: true,
                ..Duties::default()
            },
            ..Rules::default()
        };
        let hand: CardSet = [c("T3"), c("T9"), c("HK")].into_iter().collect();
        let before = [c("SK"), c("T5")];
        let legal = trick::legal(hand, &before, trick::first_lead(&before), &rules);
        assert_eq!(legal.set, [c("T9")].into_iter().collect());
        assert_eq!(legal.broken(c("HK")), Some(Duty::Trump));
        assert_eq!(legal.broken(c("T3")), Some(Duty::Overtrump));
        let win = trick::winner(
            &[c("SK"), c("T5"), c("T9")],
            Some(Lead::Suit(notation::Suit::Spades)),
            &rules,
        );
        assert_eq!(win.map(|w| w.index), Some(2));
    }
}
