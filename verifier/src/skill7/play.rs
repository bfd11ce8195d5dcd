//! The play (S7-PLAY-1 .. S7-PLAY-5), on the shared trick-taking core
//! [`crate::trick`]: who leads, which cards a hand may play (follow suit,
//! tarock when void, Farbesolo's suit cards first), the announced Pagat
//! kept for the last trick, the trick's winner with the fairy-tale trick;
//! and on the way what the settlement needs: the card points and tricks
//! taken, the Pagat in the last trick, the Mondfang (S7-SCORE-3,
//! S7-SCORE-5).

use notation::record::Trick;
use notation::Kind as Finding;
use notation::Rule;
use notation::{Card, CardSet, Item, Lead, PerSeat, Problem, Seat};
use notation::{Record, Variant};

use super::auction::{Contract, Kind, PAGAT_ITEM};
use super::deal::judged;
use super::deck::{points, MOND, PAGAT, SKUS};
use super::state::{side_of, Engine, Side};
use crate::structural::Stop;
use crate::trick::{self, Duties, Duty, Legal, Rules};
use crate::{Event, Moment};

/// Skill7's trick rules for the core (S7-PLAY-2, S7-PLAY-3, S7-PLAY-5):
/// in Farbesolo the tarocks are a fifth suit and suit cards come first.
/// S7-PLAY-5 names no trick size for the fairy-tale trick, so it holds for
/// a trick of `cards` cards whatever their number (a partial record's last
/// trick included).
fn rules(farbesolo: bool, suits_first: bool, cards: usize) -> Rules {
    Rules {
        suit_rank: trick::rank_order,
        trumps_beat_suits: !farbesolo,
        fairy_tale: (!farbesolo).then_some(cards),
        trumps: CardSet::trumps(),
        duties: Duties {
            trump_when_void: !farbesolo,
            suit_when_void: farbesolo,
            lead_suit: farbesolo,
            suit_to_trump_lead: farbesolo && suits_first,
            ..Duties::default()
        },
    }
}

/// The cards a hand may play to a trick whose first card is `led` (`None`
/// when leading), S7-PLAY-2 and S7-PLAY-3. `suits_first` is the Farbesolo
/// option `farbesolo_tarock_lead=suits-first`. A led card of no suit is
/// followed as a tarock.
pub fn legal_plays(hand: CardSet, led: Option<Card>, farbesolo: bool, suits_first: bool) -> Legal {
    let lead = led.map(|l| l.suit().map_or(Lead::Trumps, Lead::Suit));
    let before: &[Card] = match &led {
        Some(l) => std::slice::from_ref(l),
        None => &[],
    };
    trick::legal(hand, before, lead, &rules(farbesolo, suits_first, 4))
}

/// Whether `card`, held, surely follows `led` under the rules: a card of
/// the suit led, or a tarock to a tarock lead where suit cards do not come
/// first. Then [`legal_plays`] allows it, under the duty to follow only;
/// the pagat is left to it (S7-PLAY-4 looks at what else may be played).
#[cfg(test)]
fn follows(led: Option<Card>, card: Card, rules: &PlayRules) -> bool {
    let Some(led) = led else { return false };
    match led.suit() {
        Some(s) => card.suit() == Some(s),
        None => card.is_trump() && card != PAGAT && !(rules.farbesolo && rules.suits_first),
    }
}

/// What a hand may play to a trick led with `led` outside Farbesolo
/// (S7-PLAY-2): the suit led; void in it, the tarocks; to a tarock lead
/// (or a card of no suit) the tarocks; else any card. [`legal_plays`]'s
/// set, as a test holds.
fn plain_set(hand: CardSet, led: Card) -> CardSet {
    let trumps = hand.intersection(CardSet::trumps());
    let first = match led.suit() {
        Some(s) => hand.intersection(CardSet::suit(s)),
        None => trumps,
    };
    if !first.is_empty() {
        first
    } else if !trumps.is_empty() {
        trumps
    } else {
        hand
    }
}

/// What a hand may play in Farbesolo to a trick led with `led` (`None`
/// when leading), S7-PLAY-3: a suit card while it holds one, to lead, when
/// void in the suit led, and to a tarock lead where suit cards come first
/// (`suits_first`); else the suit led, or tarock to a tarock lead (a led
/// card of no suit is followed as a tarock); else any card.
/// [`legal_plays`]'s set, as a test holds.
fn farbesolo_set(hand: CardSet, led: Option<Card>, suits_first: bool) -> CardSet {
    let suits = hand.intersection(suit_cards());
    let or_any = |set: CardSet| if set.is_empty() { hand } else { set };
    match led.map(Card::suit) {
        None => or_any(suits),
        Some(Some(s)) => {
            let follow = hand.intersection(CardSet::suit(s));
            if follow.is_empty() {
                or_any(suits)
            } else {
                follow
            }
        }
        Some(None) if suits_first => or_any(suits),
        Some(None) => or_any(hand.intersection(CardSet::trumps())),
    }
}

/// The suit cards of the four suits.
fn suit_cards() -> CardSet {
    CardSet::suit(notation::Suit::Spades)
        .union(CardSet::suit(notation::Suit::Hearts))
        .union(CardSet::suit(notation::Suit::Diamonds))
        .union(CardSet::suit(notation::Suit::Clubs))
}

/// The cards a hand may play to a trick led with `led` (`None` when
/// leading), S7-PLAY-2 and S7-PLAY-3: [`legal_plays`]'s set. Leading
/// outside Farbesolo the hand may play any card it holds (S7-PLAY-2 binds
/// the followers only), and what a follower may play there is one mask
/// ([`plain_set`]); in Farbesolo another ([`farbesolo_set`]): the shared
/// core's chain of duties is built only to word a revoke. Tests hold both.
fn allowed(hand: CardSet, led: Option<Card>, rules: &PlayRules) -> CardSet {
    match led {
        None if !rules.farbesolo => hand,
        Some(l) if !rules.farbesolo => plain_set(hand, l),
        _ => farbesolo_set(hand, led, rules.suits_first),
    }
}

/// The cards that, held, [`Engine::play_card`] finds nothing against
/// whatever else the hand holds, to a trick led with `led` (`None` when
/// leading): a follower's card that follows the card led (`follows`, the
/// rule as written, which a test holds this set to; S7-PLAY-2,
/// S7-PLAY-3); to lead, outside Farbesolo any card but the Pagat (S7-PLAY-2
/// binds the followers only; the Pagat is S7-PLAY-4's), in Farbesolo a
/// suit card (S7-PLAY-3: led while the hand holds one). A test holds it to
/// the checks.
fn sure_cards(led: Option<Card>, rules: &PlayRules) -> CardSet {
    let mut not_pagat = CardSet::trumps();
    not_pagat.remove(PAGAT);
    match led {
        None if rules.farbesolo => suit_cards(),
        None => CardSet::from_bits_truncate(!(1u128 << PAGAT.index())),
        Some(l) => match l.suit() {
            Some(s) => CardSet::suit(s),
            None if rules.farbesolo && rules.suits_first => CardSet::EMPTY,
            None => not_pagat,
        },
    }
}

/// Whether `card`, allowed, is the announced Pagat played before trick 10
/// while the hand may play another card (S7-PLAY-4).
fn premature_pagat(card: Card, seat: Seat, n: usize, allowed: CardSet, rules: &PlayRules) -> bool {
    card == PAGAT
        && rules.pagat_bidder == Some(seat)
        && n < 10
        && allowed != CardSet::from_bits_truncate(1u128 << PAGAT.index())
}

/// A duty in Skill7's words, and its rule.
fn duty_words(duty: Option<Duty>, farbesolo: bool) -> (&'static str, Rule) {
    match duty {
        Some(Duty::FollowSuit) => ("follow suit", Rule::S7Play2),
        Some(Duty::Trump) => ("play a tarock when void in the suit led", Rule::S7Play2),
        Some(Duty::FollowTrump) if farbesolo => ("follow tarock", Rule::S7Play3),
        Some(Duty::FollowTrump) => ("follow tarock", Rule::S7Play2),
        Some(Duty::LeadSuit) => (
            "lead a suit card while holding one (Farbesolo)",
            Rule::S7Play3,
        ),
        Some(Duty::SuitNotTrump) => (
            "play a suit card, not a tarock, while holding one (Farbesolo)",
            Rule::S7Play3,
        ),
        Some(Duty::SuitToTrumpLead) => (
            "play a suit card to a tarock lead while holding one (Farbesolo, suits-first)",
            Rule::S7Play3,
        ),
        // Overtrump and beat are no duties of Skill7.
        Some(Duty::Overtrump | Duty::Beat) | None => ("", Rule::S7Play2),
    }
}

/// The index of the winning card of a trick (S7-PLAY-5), and why it wins:
/// the fairy-tale trick's Pagat (outside Farbesolo); else the highest of
/// the cards that count, one table read a card ([`WIN_KEYS`]: the tarocks
/// where they win, outside Farbesolo and there when tarock is led, above
/// the cards of the suit led) where the shared core asks each card's suit
/// and key. A card shown twice in one trick (a duplicate-card fault) has
/// always gone to its later copy: two cards that count have the same key
/// only when they are the same card, so the last card of the highest key
/// is that copy. Held equal to `trick_winner_by_core`, the shared
/// core's, by a test. Inlined: returned through memory, the index and
/// the words (three words written one by one, read back two at once by
/// the caller) stalled `take_trick` on the copy (`perf annotate`: 46% of
/// its samples on that one load).
#[inline(always)]
pub fn trick_winner(cards: &[Card], farbesolo: bool) -> (usize, &'static str) {
    let (wi, why, _) = winner_and_trull(cards, farbesolo);
    (wi, why)
}

/// [`trick_winner`], and which of the Trull's cards lie in the trick
/// ([`trick::TRULL_BIT`]: 1 the Pagat, 2 the Mond, 4 the Sküs), read on
/// the way: `take_trick` asks it of the fairy-tale trick, the Mondfang and
/// the Pagat in the last trick instead of looking for each card.
#[inline(always)]
fn winner_and_trull(cards: &[Card], farbesolo: bool) -> (usize, &'static str, u8) {
    let Some(&led) = cards.first() else {
        return (0, "no card", 0);
    };
    let keys = &WIN_KEYS[usize::from(farbesolo)][trick::lead_class(led)];
    // Each card's key above its place, the highest taken: the highest key,
    // and of equal keys the last card, as `key != 0 && key >= top` took
    // them one by one (a branch on every card's key, guessed wrong often).
    // A card of key 0 never wins: any key above 0 outweighs every place,
    // and a trick whose keys are all 0 is told by `top == 0` below.
    let (mut most, mut trull) = (0u64, 0);
    for (i, &c) in cards.iter().enumerate() {
        let at = usize::from(c.index());
        most = most.max(u64::from(keys[at]) << 32 | i as u64);
        trull |= trick::TRULL_BIT[at];
    }
    let (best, top) = ((most & 0xffff_ffff) as usize, (most >> 32) as u8);
    if trull == 7 && !farbesolo {
        let pagat = cards.iter().position(|&c| c == PAGAT).unwrap_or(0);
        return (pagat, "the Pagat wins the fairy-tale trick", trull);
    }
    if top == 0 {
        // Only a card outside the pack (the excuse) led and no tarock: the
        // led card keeps the trick.
        let last = cards.iter().rposition(|&c| c == led).unwrap_or(0);
        return (last, "highest card of the suit led", trull);
    }
    // Only a tarock's key is 32 or more: the winner is a tarock.
    if top >= 32 {
        (best, "highest tarock", trull)
    } else {
        (best, "highest card of the suit led", trull)
    }
}

/// The keys of [`trick_winner`]: `WIN_KEYS[farbesolo][class of the card
/// led][card]` (S7-PLAY-5): a card of the suit led 1 + its rank
/// ([`trick::rank_order`]: the ace lowest, the king highest), a tarock
/// where tarocks win (outside Farbesolo; there when tarock is led) 32 +
/// its number, any other card 0.
static WIN_KEYS: [[[u8; 79]; 6]; 2] = {
    let mut t = [[[0u8; 79]; 6]; 2];
    let mut farbesolo = 0;
    while farbesolo < 2 {
        let mut class = 0;
        while class < 6 {
            let mut i = 0;
            while i < 78 {
                if i < 56 {
                    if i / 14 == class {
                        t[farbesolo][class][i] = 1 + (i % 14) as u8;
                    }
                } else if farbesolo == 0 || class == 4 {
                    t[farbesolo][class][i] = 32 + (i - 55) as u8;
                }
                i += 1;
            }
            class += 1;
        }
        farbesolo += 1;
    }
    t
};

/// [`trick_winner`] on the shared core ([`trick::winner`]).
#[cfg(test)]
fn trick_winner_by_core(cards: &[Card], farbesolo: bool) -> (usize, &'static str) {
    use crate::trick::Why;
    let Some(&led) = cards.first() else {
        return (0, "no card");
    };
    let win = trick::winner(
        cards,
        trick::lead_of(led),
        &rules(farbesolo, false, cards.len()),
    );
    // A card shown twice in one trick (a duplicate-card fault) has always
    // gone to its later copy here; kept, so such records replay as before.
    let last_copy = |i: usize| cards.iter().rposition(|&c| c == cards[i]).unwrap_or(i);
    match win {
        Some(w) if w.why == Why::FairyTale => (w.index, "the Pagat wins the fairy-tale trick"),
        Some(w) if w.why == Why::Trump => (last_copy(w.index), "highest tarock"),
        Some(w) => (last_copy(w.index), "highest card of the suit led"),
        // Only a card outside the pack (the excuse) led and no tarock: the
        // led card keeps the trick.
        None => (last_copy(0), "highest card of the suit led"),
    }
}

/// The trick results the settlement needs.
#[derive(Debug, Clone)]
pub(super) struct Play {
    pub(super) points: PerSeat<u32>,
    pub(super) tricks: PerSeat<u8>,
    /// Who played `T1` in trick 10 and whether it won it.
    pub(super) pagat_last: Option<(Seat, bool)>,
    /// The seat whose `T21` was caught (S7-SCORE-5, Mondfang), and the trick.
    pub(super) mondfang: Option<(Seat, u16)>,
}

/// The table during play: what each seat has left, what has been played,
/// who leads.
#[derive(Debug, Clone)]
struct Table {
    left: PerSeat<CardSet>,
    played: CardSet,
    leader: Seat,
    /// A structural fault in play has been reported (a lead out of turn, a
    /// card not held or played twice): a later trick may be read from the
    /// seat that holds its first card ([`super::state::Engine::resync`]).
    slipped: bool,
}

/// What the play needs to know of the contract and the options.
#[derive(Debug, Clone)]
struct PlayRules {
    contract: Option<Contract>,
    partner: Option<Seat>,
    game: Kind,
    farbesolo: bool,
    suits_first: bool,
    /// `mondfang=same-trick`: the Mond is caught by the Sküs in its trick,
    /// whoever wins it.
    same_trick: bool,
    /// The legal pagat bidder (S7-PLAY-4).
    pagat_bidder: Option<Seat>,
}

/// The play as it goes: the table, what the tricks taken so far gave, and
/// the trick being played.
#[derive(Debug, Clone)]
pub(super) struct Tricks {
    rules: PlayRules,
    table: Table,
    pub(super) out: Play,
    /// The tricks taken (four cards each).
    done: usize,
    /// The trick being played, short of its four cards: the table and the
    /// report before it, so that it is judged again, from its first card,
    /// once it has more (who led it may be read from all its cards,
    /// [`Engine::written_from`]), unless it reads alike from its first
    /// card ([`Before::reads_alike`]: only the cards added are judged).
    open: Option<Before>,
    /// The cards of the trick being played.
    in_trick: usize,
    /// The first card of the trick being played.
    led: Option<Card>,
}

#[derive(Debug, Clone)]
struct Before {
    table: Table,
    problems: usize,
    events: usize,
}

impl Before {
    /// Whether the trick, grown by more cards, reads from its first card as
    /// it did when it was shorter: no leader written, no fault in play
    /// before it (no `resync`), and its first card held by the seat on
    /// lead, so that no other seat can be the one it is written from
    /// ([`Engine::written_from`] reads all its cards). Judging it again
    /// from its first card then judges its earlier cards as before.
    fn reads_alike(&self, trick: &Trick) -> bool {
        trick.leader.is_none()
            && !self.table.slipped
            && trick
                .plays
                .first()
                .is_some_and(|first| self.table.left[self.table.leader].contains(first.card))
    }
}

impl Tricks {
    /// The seat whose card is due, unless a fault in play has been found
    /// (who plays next is then read from the cards, [`Engine::resync`]).
    pub(super) fn due(&self) -> Option<Seat> {
        (!self.table.slipped && self.done < 10).then(|| self.table.leader.after(self.in_trick, 4))
    }

    /// The seat whose card is due and the cards it may play (S7-PLAY-2 to
    /// S7-PLAY-4): those [`Engine::play_card`] finds nothing against, by
    /// the same checks ([`allowed`], [`premature_pagat`]). `None` where
    /// [`Tricks::due`] is.
    pub(super) fn legal(&self) -> Option<(Seat, CardSet)> {
        let seat = self.due()?;
        let hand = self.table.left[seat];
        let allowed = allowed(hand, self.led, &self.rules);
        let n = self.done + 1;
        let mut legal = allowed;
        if premature_pagat(PAGAT, seat, n, allowed, &self.rules) {
            legal.remove(PAGAT);
        }
        Some((seat, legal))
    }

    /// Whether the ten tricks have been taken (S7-PLAY-6): the deal is
    /// played out.
    pub(super) fn played_out(&self) -> bool {
        self.done >= 10 && self.open.is_none()
    }

    /// The tricks judged: those taken (four cards each) and the one being
    /// played.
    pub(super) fn judged(&self) -> usize {
        self.done + usize::from(self.open.is_some())
    }

    /// The partner in a Rufer (S7-CALL-1), for the settlement.
    pub(super) fn partner(&self) -> Option<Seat> {
        self.rules.partner
    }

    pub(super) fn contract(&self) -> &Contract {
        self.rules.contract.as_ref().expect("a game is played")
    }

    /// The results when the play is complete: ten tricks of four cards
    /// (S7-PLAY-6, README ALL-4); `judged`: the tricks judged.
    pub(super) fn complete(&self, judged: usize, cut: Option<usize>) -> bool {
        self.open.is_none() && cut.is_none() && judged >= 10
    }
}

impl Engine {
    /// The play of `c` before its first card.
    pub(super) fn new_tricks(&self, c: Contract, partner: Option<Seat>) -> Tricks {
        let game = c.game;
        let pagat_bidder = c.items[PAGAT_ITEM].map(|i| i.bidder);
        Tricks {
            rules: PlayRules {
                contract: Some(c),
                partner,
                game,
                farbesolo: game == Kind::Farbesolo,
                suits_first: self.opts.suits_first,
                same_trick: self.opts.same_trick,
                pagat_bidder,
            },
            table: Table {
                left: self.st.hands,
                played: CardSet::EMPTY,
                leader: self.st.forehand,
                slipped: false,
            },
            out: Play {
                points: PerSeat::new(4),
                tricks: PerSeat::new(4),
                pagat_last: None,
                mondfang: None,
            },
            done: 0,
            open: None,
            in_trick: 0,
            led: None,
        }
    }

    /// The tricks of `record` not taken yet (S7-PLAY-*), the trick being
    /// played judged again from its first card where it may read otherwise
    /// with more cards, else from the cards added ([`Engine::go_on`]). Only the tricks before a
    /// trick of the wrong size are judged (README ALL-3), ten at most; a
    /// last trick cut short is judged card by card (README ALL-4).
    pub(super) fn tricks(&mut self, k: &mut Tricks, record: &Record) {
        let tricks = judged(record, self.cut);
        let end = tricks.len().min(10);
        let lead_sure = sure_cards(None, &k.rules);
        while k.done < end {
            let n = k.done + 1;
            let trick = &tricks[k.done];
            // Asked before it is taken: `Option::take` copied the whole
            // `Before` (the table, some 100 bytes) out for every trick,
            // where only the trick being played has one.
            if k.open.is_some() {
                if let Some(b) = k.open.take() {
                    if !b.reads_alike(trick) {
                        k.table = b.table;
                        self.out.report.problems.truncate(b.problems);
                        self.out.report.events.truncate(b.events);
                    } else if self.go_on(k, trick, n, b) {
                        return;
                    } else {
                        continue;
                    }
                }
            }
            // What the trick is judged from again if it grows: kept only
            // for a trick being played (fewer than four cards), not copied
            // for every complete one.
            let before = (trick.plays.len() < 4).then(|| Before {
                table: k.table.clone(),
                problems: self.out.report.problems.len(),
                events: self.out.report.events.len(),
            });
            let table = &mut k.table;
            if trick.leader.is_some() {
                self.check_leader(trick, n, trick.leader, table);
            } else if let Some(l) = self.written_from(trick, table) {
                if crate::structural::slipped_before(&self.out.report.problems, n) {
                    // Only the consequence of the fault reported before
                    // (README ALL-7): no finding of its own.
                    table.leader = l;
                } else {
                    self.check_leader(trick, n, Some(l), table);
                }
            } else if table.slipped {
                self.resync(trick, table);
            }
            let mut cards = [PAGAT; 4];
            let size = trick.plays.len().min(4);
            // The lead, then the followers on the card led: what a card
            // may be is asked once a trick ([`sure_cards`]), and who plays
            // read from the leader once (playing a card leaves it).
            if let Some((first, rest)) = trick.plays[..size].split_first() {
                let leader = table.leader;
                cards[0] = first.card;
                self.play_card(first, leader, n, None, table, &k.rules, lead_sure);
                let led = Some(first.card);
                let sure = sure_cards(led, &k.rules);
                for (i, item) in rest.iter().enumerate() {
                    cards[i + 1] = item.card;
                    self.play_card(item, leader.after(i + 1, 4), n, led, table, &k.rules, sure);
                }
            }
            if size < 4 {
                // The last trick, cut short (README ALL-4): judged, not won.
                k.open = before;
                k.in_trick = size;
                k.led = (size > 0).then_some(cards[0]);
                return;
            }
            k.in_trick = 0;
            k.led = None;
            k.table.leader = self.take_trick(n, k.table.leader, &cards, &mut k.out, &k.rules);
            k.done += 1;
        }
    }

    /// The trick being played, grown by the cards after the `k.in_trick`
    /// judged already: only those are judged, on the table as the earlier
    /// ones left it (what judging it again from its first card gives, when
    /// [`Before::reads_alike`]); a complete trick is taken. True while the
    /// trick is still short (it stays open).
    fn go_on(&mut self, k: &mut Tricks, trick: &Trick, n: usize, b: Before) -> bool {
        let mut cards = [PAGAT; 4];
        let size = trick.plays.len().min(4);
        for (i, item) in trick.plays.iter().take(4).enumerate() {
            cards[i] = item.card;
            if i >= k.in_trick {
                let seat = k.table.leader.after(i, 4);
                let led = (i > 0).then_some(cards[0]);
                self.play_card_apart(item, seat, n, led, &mut k.table, &k.rules);
            }
        }
        if size < 4 {
            k.open = Some(b);
            k.in_trick = size;
            return true;
        }
        k.in_trick = 0;
        k.led = None;
        k.table.leader = self.take_trick(n, k.table.leader, &cards, &mut k.out, &k.rules);
        k.done += 1;
        false
    }

    /// The one `incomplete` finding of a record that stops before the
    /// deal's end (S7-PLAY-6, README ALL-4); the deal is not settled.
    pub(super) fn incomplete(&mut self, record: &Record) {
        crate::structural::incomplete(
            &mut self.out.report,
            record,
            Rule::S7Play6,
            Stop::of(record, 4),
            10,
        );
    }

    /// S7-PLAY-1, S7-PLAY-6 (README ALL-5): the forehand leads trick 1, each
    /// trick's winner the next. A trick whose written leader is another seat
    /// is `out-of-turn` by it; it is taken as the one who led.
    fn check_leader(&mut self, trick: &Trick, n: usize, written: Option<Seat>, table: &mut Table) {
        let leader = table.leader;
        let Some(l) = written else {
            return;
        };
        if l == leader || l.number() >= 4 {
            return;
        }
        self.out.push(
            Problem::new(
                Finding::OutOfTurn,
                if n == 1 {
                    format!("trick 1 is led by seat {l}, but seat {leader} is the forehand")
                } else {
                    format!(
                        "trick {n} is led by seat {l}, but seat {leader} won trick {}",
                        n - 1
                    )
                },
            )
            .rule(Rule::S7Play1)
            .seat(l)
            .trick(n)
            .at(trick.span, format!("seat {leader} leads"))
            .help("the forehand leads the first trick; the winner of each trick leads the next; the written leader is taken as the one who led"),
        );
        table.leader = l;
        table.slipped = true;
    }

    /// The seat a trick without a written leader is written from, when its
    /// cards are not those of the seats in order from the one on lead but
    /// are all held by the seats in order from exactly one other (README
    /// ALL-5, read alike in the four games: spec/rules-skill7-tarock.md):
    /// one lead out of turn, not a card "not held" for every card.
    fn written_from(&self, trick: &Trick, table: &Table) -> Option<Seat> {
        // A card is held by one seat: when the seat on lead holds the first
        // card, no other seat can be the one the trick is written from.
        let first = trick.plays.first()?.card;
        if !self.st.hands_known || table.left[table.leader].contains(first) {
            return None;
        }
        let fits = |l: Seat| {
            trick
                .plays
                .iter()
                .take(4)
                .enumerate()
                .all(|(i, item)| table.left[l.after(i, 4)].contains(item.card))
        };
        if fits(table.leader) {
            return None;
        }
        let mut fitting = (1..4)
            .map(|d| table.leader.after(d, 4))
            .filter(|&l| fits(l));
        match (fitting.next(), fitting.next()) {
            (Some(l), None) => Some(l),
            _ => None,
        }
    }

    /// After a structural fault in play (README ALL-2, ALL-5), a trick with
    /// no written leader whose first card the seat due to lead does not
    /// hold is read from the seat holding that card when fewer of its cards
    /// are then not held, without a finding: the shift only repeats the
    /// fault already reported (README ALL-7; decision in
    /// spec/rules-skill7-tarock.md).
    fn resync(&mut self, trick: &Trick, table: &mut Table) {
        let Some(first) = trick.plays.first().map(|i| i.card) else {
            return;
        };
        if table.left[table.leader].contains(first) {
            return;
        }
        let Some(holder) = Seat::all(4).find(|&s| table.left[s].contains(first)) else {
            return;
        };
        let not_held = |leader: Seat| {
            trick
                .plays
                .iter()
                .take(4)
                .enumerate()
                .filter(|(i, item)| !table.left[leader.after(*i, 4)].contains(item.card))
                .count()
        };
        if not_held(holder) < not_held(table.leader) {
            table.leader = holder;
        }
    }

    /// [`Engine::play_card`] out of line, for the cards of a trick being
    /// played that grows ([`Engine::go_on`]), so that the play's own loop
    /// ([`Engine::tricks`]) alone takes it inlined.
    #[inline(never)]
    fn play_card_apart(
        &mut self,
        item: &Item,
        seat: Seat,
        n: usize,
        led: Option<Card>,
        table: &mut Table,
        rules: &PlayRules,
    ) {
        let sure = sure_cards(led, rules);
        self.play_card(item, seat, n, led, table, rules, sure);
    }

    /// One card played by `seat` to trick `n` led with `led` (`None`: the
    /// card leads it): a card it does
    /// not hold or one played twice (S7-PLAY-6), a revoke (S7-PLAY-2,
    /// S7-PLAY-3), the announced Pagat played early (S7-PLAY-4). The card is
    /// played either way. Inlined into the play's loop (a call for each
    /// card cost `verify` some 2% of its instructions); the findings are
    /// worded out of line. `sure`: [`sure_cards`] of `led`: a card of it,
    /// held, is judged at once; a card held outside it follows nothing
    /// (the followers' `sure` is the set of the cards that follow `led`),
    /// so it is judged on the hand's allowed set.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn play_card(
        &mut self,
        item: &Item,
        seat: Seat,
        n: usize,
        led: Option<Card>,
        table: &mut Table,
        rules: &PlayRules,
        sure: CardSet,
    ) {
        let card = item.card;
        let hand = table.left[seat];
        if hand.intersection(sure).contains(card) {
            // Held, and a card no duty forbids here (S7-PLAY-2 to
            // S7-PLAY-4, [`sure_cards`]): a card that follows the suit or
            // tarock led meets that duty and no other applies (S7-PLAY-2).
        } else if !hand.contains(card) {
            self.not_held(item, seat, n, table);
        } else {
            let allowed = allowed(hand, led, rules);
            if !allowed.contains(card) {
                let legal = legal_plays(hand, led, rules.farbesolo, rules.suits_first);
                self.revoke(item, seat, n, led, &legal, rules.farbesolo);
            } else if premature_pagat(card, seat, n, allowed, rules) {
                self.pagat_too_early(item, seat, n);
            }
        }
        table.left[seat].remove(card);
        table.played.insert(card);
    }

    /// The announced Pagat played before trick 10 while the hand may play
    /// another card (S7-PLAY-4).
    #[cold]
    #[inline(never)]
    fn pagat_too_early(&mut self, item: &Item, seat: Seat, n: usize) {
        self.out.push(
            Problem::new(
                Finding::PrematureUltimoCard,
                format!("seat {seat} bid pagat and plays T1 in trick {n}, before the last possible point"),
            )
            .rule(Rule::S7Play4)
            .seat(seat)
            .trick(n)
            .card(item.card)
            .at(item.span, "T1 played too early")
            .help("the player who bid pagat keeps T1 for trick 10 unless it is the only card it may play"),
        );
    }

    /// A card played a second time, or one the seat does not hold (S7-PLAY-6,
    /// README ALL-2): one finding; the card counts as played by this seat
    /// and leaves the hand that holds it, and no duty is judged for it. A
    /// card outside the pack was reported by the structural checks, and a
    /// card played twice in a record without hands too.
    #[cold]
    #[inline(never)]
    fn not_held(&mut self, item: &Item, seat: Seat, n: usize, table: &mut Table) {
        let card = item.card;
        if table.played.contains(card) {
            if !self.partial {
                self.out.push(
                    Problem::new(
                        Finding::DuplicateCard,
                        format!(
                            "seat {seat} plays {card} in trick {n}, but it has already been played"
                        ),
                    )
                    .rule(Rule::S7Play6)
                    .seat(seat)
                    .trick(n)
                    .card(card)
                    .at(item.span, "played before")
                    .help("each card is played once; the card counts in this trick as written"),
                );
                table.slipped = true;
            }
        } else if Variant::Skill7Tarock.deck().contains(card) {
            let holder = Seat::all(4).find(|&s| table.left[s].contains(card));
            if let Some(h) = holder {
                // It leaves the hand that held it (README ALL-2).
                table.left[h].remove(card);
            }
            let laid = match (holder, self.st.holder(card)) {
                (Some(h), _) => format!("which seat {h} holds"),
                (None, Some(d)) => format!("which was dealt to seat {d}"),
                (None, None) => "which it was not dealt".to_string(),
            };
            self.out.push(
                Problem::new(
                    Finding::CardNotHeld,
                    format!("seat {seat} plays {card} in trick {n}, {laid}"),
                )
                .rule(Rule::S7Play6)
                .seat(seat)
                .trick(n)
                .card(card)
                .at(item.span, "not in this hand")
                .help("a player plays only cards of its own hand; check the seat order of the trick (it starts with the leader); the card counts in the trick as written and leaves the hand that held it"),
            );
            table.slipped = true;
        }
    }

    /// A card outside the legal set: the duty it broke (S7-PLAY-2,
    /// S7-PLAY-3) and what the hand could play.
    #[cold]
    #[inline(never)]
    fn revoke(
        &mut self,
        item: &Item,
        seat: Seat,
        n: usize,
        led: Option<Card>,
        legal: &Legal,
        farbesolo: bool,
    ) {
        let card = item.card;
        let (duty, rule) = duty_words(legal.broken(card), farbesolo);
        let mut label = format!("must {duty}");
        if let Some(l) = led {
            label.push_str(&format!(" ({l} led)"));
        }
        let could = legal
            .set
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        self.out.push(
            Problem::new(
                Finding::Revoke,
                format!("seat {seat} plays {card} in trick {n} but had to {duty}"),
            )
            .rule(rule)
            .seat(seat)
            .trick(n)
            .card(card)
            .at(item.span, label)
            .help(format!(
                "{}; it could play {could}",
                if rule == Rule::S7Play3 {
                    "in Farbesolo a player holding a suit card may not play or lead a tarock"
                } else {
                    "a player must follow the suit led, play a tarock when void in it, and follow tarock when tarock is led"
                },
            )),
        );
    }

    /// The end of trick `n` (S7-PLAY-5): its winner, the points and the
    /// count, the Mondfang and the Pagat in the last trick (S7-SCORE-3,
    /// S7-SCORE-5). Returns the winner, who leads next. Inlined into the
    /// play's loop: a call per trick saved its registers and read them back.
    #[inline(always)]
    fn take_trick(
        &mut self,
        n: usize,
        leader: Seat,
        cards: &[Card; 4],
        out: &mut Play,
        rules: &PlayRules,
    ) -> Seat {
        let (wi, why, trull) = winner_and_trull(cards, rules.farbesolo);
        // The Mond and the Sküs both in the trick.
        let mond_skus = trull & 6 == 6;
        let winner = leader.after(wi, 4);
        let wcard = cards[wi];
        let at = Moment::Trick(n as u16);
        if wcard == PAGAT && !rules.farbesolo && mond_skus {
            self.out.rule(
                at,
                Rule::S7Play5,
                "the Pagat, the Mond and the Sküs in one trick: the Pagat wins (the fairy-tale trick)",
            );
        }
        out.tricks[winner] += 1;
        out.points[winner] += cards.iter().map(|c| points(*c)).sum::<u32>();
        self.out.report.event(|| Event::Trick {
            trick: n as u16,
            leader,
            winner,
            reason: format!("{why} ({wcard})"),
        });
        if let (Some(c), true) = (rules.contract.as_ref(), self.out.report.wants_events()) {
            self.count(n, c, rules, out);
        }
        // Mondfang (S7-SCORE-5): the Mond and the Sküs in one trick.
        if mond_skus {
            let mi = cards.iter().position(|c| *c == MOND).unwrap_or(0);
            if rules.same_trick || wcard == SKUS {
                let victim = leader.after(mi, 4);
                out.mondfang = Some((victim, n as u16));
                self.out.rule(
                    at,
                    Rule::S7Score5,
                    format_args!("the Mond of seat {victim} is caught by the Sküs (Mondfang)"),
                );
            }
        }
        if n == 10 && trull & 1 == 1 {
            if let Some(pi) = cards.iter().position(|c| *c == PAGAT) {
                out.pagat_last = Some((leader.after(pi, 4), wi == pi));
            }
        }
        winner
    }

    /// The card points each team has taken after trick `n`, for explain.
    fn count(&mut self, n: usize, c: &Contract, rules: &PlayRules, out: &Play) {
        let mut sides = [0u32; 2];
        for s in Seat::all(4) {
            let side = side_of(s, rules.game, c.declarer, rules.partner);
            sides[usize::from(side != Side::Declarer)] += out.points[s];
        }
        self.out.report.event(|| Event::Count {
            trick: n as u16,
            sides: vec![
                (Side::Declarer.word().to_owned(), sides[0].to_string()),
                (Side::Opponents.word().to_owned(), sides[1].to_string()),
            ],
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
    fn the_winner_by_keys_is_the_shared_cores() {
        let mut rng = crate::gen::Rng::new(0x2545_f491_4f6c_dd1d);
        let pool = [PAGAT, MOND, SKUS, Card::FOOL];
        for _ in 0..40_000 {
            let len = 1 + rng.below(5);
            // Any card, the fairy-tale's three and the excuse often, and
            // cards shown twice.
            let mut trick: Vec<Card> = (0..len)
                .map(|_| match rng.below(3) {
                    0 => pool[rng.below(4)],
                    _ => rng.card(),
                })
                .collect();
            if len > 2 && rng.below(4) == 0 {
                trick[len - 1] = trick[rng.below(len - 1)];
            }
            for farbesolo in [false, true] {
                assert_eq!(
                    trick_winner(&trick, farbesolo),
                    trick_winner_by_core(&trick, farbesolo),
                    "{trick:?} {farbesolo}"
                );
            }
        }
    }

    #[test]
    fn a_card_that_follows_is_allowed_by_the_shared_core() {
        // The generator's own random numbers: the same hands on every run.
        let mut rng = crate::gen::Rng::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..1500 {
            let hand = rng.hand(12);
            let led = rng.card();
            for (farbesolo, suits_first) in [(false, false), (true, false), (true, true)] {
                let rules = PlayRules {
                    contract: None,
                    partner: None,
                    game: Kind::Rufer,
                    farbesolo,
                    suits_first,
                    same_trick: false,
                    pagat_bidder: None,
                };
                for card in hand.iter() {
                    if follows(Some(led), card, &rules) {
                        let legal = legal_plays(hand, Some(led), farbesolo, suits_first);
                        assert!(legal.set.contains(card), "{hand:?} {led} {card}");
                        assert_ne!(card, PAGAT);
                    }
                }
            }
        }
    }

    #[test]
    fn a_sure_card_held_is_one_the_checks_find_nothing_against() {
        // The generator's own random numbers: the same hands on every run.
        let mut rng = crate::gen::Rng::new(0x2545_f491_4f6c_dd1d);
        for round in 0..6000 {
            let size = [1, 3, 6, 12][round % 4];
            let mut hand = rng.hand(size);
            if round % 3 == 0 {
                hand.insert(PAGAT);
            }
            let led = (round % 5 != 0).then(|| rng.card());
            let seat = Seat::new(rng.below(4) as u8);
            let n = 1 + rng.below(10);
            for (farbesolo, suits_first) in [(false, false), (true, false), (true, true)] {
                for pagat_bidder in [None, Some(seat)] {
                    let rules = PlayRules {
                        contract: None,
                        partner: None,
                        game: Kind::Rufer,
                        farbesolo,
                        suits_first,
                        same_trick: false,
                        pagat_bidder,
                    };
                    let sure = sure_cards(led, &rules);
                    // A follower's sure cards are those that follow the
                    // card led, no more: `play_card` judges the others as
                    // following nothing.
                    if round < Card::COUNT {
                        let led = Card::from_index(round as u8);
                        let sure = sure_cards(led, &rules);
                        for i in 0..Card::COUNT as u8 {
                            let card = Card::from_index(i).unwrap();
                            assert_eq!(
                                sure.contains(card),
                                follows(led, card, &rules),
                                "{led:?} {card}"
                            );
                        }
                    }
                    for card in hand.intersection(sure).iter() {
                        // `play_card`'s checks after the card is found held.
                        let allowed = allowed(hand, led, &rules);
                        let clean = follows(led, card, &rules)
                            || (allowed.contains(card)
                                && !premature_pagat(card, seat, n, allowed, &rules));
                        assert!(clean, "{hand:?} {led:?} {card} {farbesolo} {suits_first}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_trull_read_with_the_winner_is_the_cards_of_the_trick() {
        let mut rng = crate::gen::Rng::new(0x9e37_79b9_7f4a_7c15);
        let pool = [PAGAT, MOND, SKUS, Card::FOOL];
        for _ in 0..20_000 {
            let cards: Vec<Card> = (0..4)
                .map(|_| match rng.below(2) {
                    0 => pool[rng.below(4)],
                    _ => rng.card(),
                })
                .collect();
            for farbesolo in [false, true] {
                let (wi, why, trull) = winner_and_trull(&cards, farbesolo);
                assert_eq!((wi, why), trick_winner_by_core(&cards, farbesolo));
                assert_eq!(trull & 1 == 1, cards.contains(&PAGAT), "{cards:?}");
                assert_eq!(trull & 2 == 2, cards.contains(&MOND), "{cards:?}");
                assert_eq!(trull & 4 == 4, cards.contains(&SKUS), "{cards:?}");
            }
        }
    }

    #[test]
    fn the_plain_set_is_the_shared_cores() {
        // The generator's own random numbers: the same hands on every run.
        let mut rng = crate::gen::Rng::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            let size = if rng.below(2) == 0 { 6 } else { 40 };
            let hand = rng.hand(size);
            let led = rng.card();
            for suits_first in [false, true] {
                let legal = legal_plays(hand, Some(led), false, suits_first);
                assert_eq!(plain_set(hand, led), legal.set, "{hand:?} {led}");
            }
        }
    }

    #[test]
    fn the_farbesolo_set_is_the_shared_cores() {
        // The generator's own random numbers: the same hands on every run.
        let mut rng = crate::gen::Rng::new(0x2545_f491_4f6c_dd1d);
        for n in 0..20_000 {
            let size = [3, 6, 12, 40][n % 4];
            let hand = rng.hand(size);
            let led = (n % 5 != 0).then(|| rng.card());
            for suits_first in [false, true] {
                let legal = legal_plays(hand, led, true, suits_first);
                assert_eq!(
                    farbesolo_set(hand, led, suits_first),
                    legal.set,
                    "{hand:?} {led:?} {suits_first}"
                );
            }
        }
    }

    #[test]
    fn a_lead_outside_farbesolo_may_be_any_card_held() {
        // The generator's own random numbers: the same hands on every run.
        let mut rng = crate::gen::Rng::new(0x2545_f491_4f6c_dd1d);
        for _ in 0..3000 {
            let hand = rng.hand(40);
            for suits_first in [false, true] {
                let legal = legal_plays(hand, None, false, suits_first);
                assert_eq!(legal.set, hand, "{hand:?}");
                assert!(hand.iter().all(|c| legal.broken(c).is_none()));
            }
        }
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
        let lead = legal_plays(hand, None, true, false);
        assert_eq!(duty_words(lead.duty(), true).1, Rule::S7Play3);
        assert!(!lead.set.contains(c("T5")));
    }

    #[test]
    fn follow_tarock_is_play_3_only_in_farbesolo() {
        let hand: CardSet = [c("T5"), c("HJ")].into_iter().collect();
        let farbe = legal_plays(hand, Some(c("T9")), true, false);
        assert_eq!(
            duty_words(farbe.broken(c("HJ")), true),
            ("follow tarock", Rule::S7Play3)
        );
        let plain = legal_plays(hand, Some(c("T9")), false, false);
        assert_eq!(
            duty_words(plain.broken(c("HJ")), false),
            ("follow tarock", Rule::S7Play2)
        );
    }

    #[test]
    fn a_card_shown_twice_goes_to_its_later_copy() {
        let cards = [c("SQ"), c("SK"), c("SN"), c("SK")];
        assert_eq!(trick_winner(&cards, false).0, 3);
    }
}
