//! Play (DK-PLAY-1 to DK-PLAY-3, and DK-DEAL-3 for a trick of the wrong
//! size): the tricks card by card, who leads, which card wins, the duty to
//! follow suit or trump (a revoke), a card not held, and the card points
//! won. The fool's own rules are in [`super::fool`], the payments of an
//! ultimo card lost or the pagat home in [`super::payments`].

use notation::Kind;
use notation::Rule;
use notation::{Card, CardSet, Item, Lead, PerSeat, Problem, Record, Seat, Trick};

use super::cards::{has_ultimo_card, lead_set, lead_word, push_card, suit_strength, TRUMPS};
use super::count::card_points;
use super::state::{Game, LastTrick};
use super::{End, Engine};
use crate::trick::{self, lead_of};
use crate::{Event, Moment};

/// The suit a trick is played to: the led card's, or the led fool's name,
/// or its renaming (DK-FOOL-8). `None` when a led fool was named nothing.
pub fn trick_lead(plays: &[Card], name: Option<Lead>, renames: [Option<Lead>; 2]) -> Option<Lead> {
    let first = *plays.first()?;
    if !first.is_fool() {
        return lead_of(first);
    }
    renames[1].or(renames[0]).or(name)
}

/// Danish Tarok as the shared trick core reads it: trumps `T1..=T21` beat
/// every suit card (DK-CARD-3), red spot cards rank in reverse (DK-CARD-2),
/// void in the suit led a player must trump (DK-PLAY-2), and the fool may
/// be played instead of following (DK-FOOL-2). The engine's own
/// [`trick_winner`] and [`duty_broken`] are held equal to the shared core
/// under these rules by tests.
#[cfg(test)]
pub(super) fn rules() -> trick::Rules {
    trick::Rules {
        suit_rank: suit_strength,
        trumps_beat_suits: true,
        fairy_tale: None,
        trumps: TRUMPS,
        duties: trick::Duties {
            trump_when_void: true,
            fool_free: true,
            ..trick::Duties::default()
        },
    }
}

/// The index of the winning card (DK-PLAY-3, DK-FOOL-1, DK-FOOL-9): the
/// highest trump; else the highest card of the suit led (or named); else
/// the highest card of the suit of the first card after a led fool.
/// It is the shared core's `trick::winner` under `rules()` (no fairy-tale
/// trick, trumps beat suits), written out for this hot path; a test holds
/// the two equal.
pub fn trick_winner(plays: &[Card], lead: Option<Lead>) -> (usize, &'static str) {
    // The first of the highest keys wins (a card shown twice: the earlier).
    if let Some(i) = trick::highest(plays, |c| c.trump_number()) {
        return (i, "highest trump");
    }
    if let Some(Lead::Suit(s)) = lead {
        if let Some(i) = trick::highest(plays, |c| (c.suit() == Some(s)).then(|| suit_strength(c)))
        {
            return (i, "highest card of the suit led");
        }
    }
    fool_lead_fallback(plays)
}

/// Each card's strength for [`plain_winner`]: a trump 64 and its number
/// (DK-CARD-3: every trump beats every suit card), a suit card its
/// strength within its suit (DK-CARD-2, [`suit_strength`]: courts 30 to
/// 33, black spots by their number, red spots in reverse), the fool 0. A
/// suit card's index is suit × 14 + rank (spots 1 to 10, then jack,
/// knight, queen, king); hearts and diamonds are the red suits. A test
/// holds the table to `suit_strength` and `trump_number`.
const STRENGTH: [u8; Card::COUNT] = {
    let mut s = [0u8; Card::COUNT];
    let mut i = 0;
    while i < 56 {
        let (suit, rank) = (i / 14, (i % 14) as u8);
        s[i] = if rank >= 10 {
            20 + rank
        } else if suit == 1 || suit == 2 {
            10 - rank
        } else {
            rank + 1
        };
        i += 1;
    }
    while i < Card::COUNT - 1 {
        s[i] = 64 + (i - 55) as u8;
        i += 1;
    }
    s
};

/// [`trick_winner`] of a trick of three cards without the fool, led to
/// `lead` (the first card's suit, [`Engine::plain_trick`]): the first of the
/// strongest cards among the trumps and the cards of the suit led
/// (DK-PLAY-3). The first card always counts (it is of the suit led or a
/// trump), so there is a winner. A test holds it to [`trick_winner`].
fn plain_winner(cards: [Card; 3], lead: Lead) -> (usize, &'static str) {
    // The strengths by the suit led (4: trumps), 0 for a card of another
    // suit: one load a card, no branch on which cards count.
    const KEYS: [[u8; Card::COUNT]; 5] = {
        let mut k = [[0u8; Card::COUNT]; 5];
        let mut lead = 0;
        while lead < 5 {
            let mut i = 0;
            while i < Card::COUNT {
                if i >= 56 || i / 14 == lead {
                    k[lead][i] = STRENGTH[i];
                }
                i += 1;
            }
            lead += 1;
        }
        k
    };
    let keys = &KEYS[match lead {
        Lead::Suit(s) => s as usize,
        Lead::Trumps => 4,
    }];
    let key = |c: Card| keys[usize::from(c.index())];
    let (mut w, mut best) = (0, key(cards[0]));
    for (i, k) in [(1, key(cards[1])), (2, key(cards[2]))] {
        if k > best {
            (w, best) = (i, k);
        }
    }
    if best >= 64 {
        (w, "highest trump")
    } else {
        (w, "highest card of the suit led")
    }
}

/// DK-FOOL-9 fallback, when no card follows the suit a led fool was named
/// and none is a trump: the suit of the first card after the fool.
fn fool_lead_fallback(plays: &[Card]) -> (usize, &'static str) {
    let first = plays.iter().position(|c| !c.is_fool()).unwrap_or(0);
    let fallback = plays.get(first).and_then(|c| c.suit());
    let mut best = (first, 0);
    for (i, &c) in plays.iter().enumerate() {
        if fallback.is_some() && c.suit() == fallback && suit_strength(c) > best.1 {
            best = (i, suit_strength(c));
        }
    }
    (
        best.0,
        "highest card of the first suit played after the fool",
    )
}

/// What a player must play, if his card is wrong: the duty broken
/// (DK-PLAY-2), as the shared core words it. The fool is never a revoke.
/// A card of the suit led follows whatever else the hand holds, and a card
/// not held (its own fault, DK-PLAY-1) is judged as if the hand held it.
///
/// Under `rules()` the shared core's duties come to two masks: a hand
/// holding a card of the lead must follow; else, to a suit lead, a hand
/// holding a trump must trump. Held equal to `duty_broken_by_core` by a
/// test on random hands.
pub fn duty_broken(card: Card, lead: Lead, hand: CardSet) -> Option<&'static str> {
    let follow = lead_set(lead);
    if card.is_fool() || follow.contains(card) {
        return None;
    }
    if !hand.intersection(follow).is_empty() {
        return Some(match lead {
            Lead::Suit(_) => "follow suit",
            Lead::Trumps => "follow trumps",
        });
    }
    match lead {
        Lead::Suit(_) if !TRUMPS.contains(card) && !hand.intersection(TRUMPS).is_empty() => {
            Some("trump")
        }
        _ => None,
    }
}

/// The cards of `hand` that break no duty to `lead` ([`duty_broken`], as
/// one mask): the fool and the cards of the lead, where the hand holds
/// any; else, to a suit lead, the fool and the trumps, where it holds any;
/// else all of it. Held equal to [`duty_broken`] card by card by a test.
pub(crate) fn duty_kept(lead: Lead, hand: CardSet) -> CardSet {
    let follow = lead_set(lead);
    let fool = CardSet::from_bits_truncate(1 << Card::FOOL.index());
    if !hand.intersection(follow).is_empty() {
        return hand.intersection(follow.union(fool));
    }
    match lead {
        Lead::Suit(_) if !hand.intersection(TRUMPS).is_empty() => {
            hand.intersection(TRUMPS.union(fool))
        }
        _ => hand,
    }
}

/// [`duty_broken`] by the shared core's `trick::legal` under [`rules`].
#[cfg(test)]
fn duty_broken_by_core(card: Card, lead: Lead, hand: CardSet) -> Option<&'static str> {
    if card.is_fool() || lead_set(lead).contains(card) {
        return None;
    }
    let mut hand = hand;
    hand.insert(card);
    let broken = trick::legal(hand, &[], Some(lead), &rules()).broken(card)?;
    Some(match broken {
        trick::Duty::FollowSuit => "follow suit",
        trick::Duty::FollowTrump => "follow trumps",
        trick::Duty::Trump => "trump",
        // Not Danish duties (DK-PLAY-2 has none of them).
        trick::Duty::Overtrump => "overtrump",
        trick::Duty::Beat => "beat",
        trick::Duty::LeadSuit => "lead a suit card",
        trick::Duty::SuitNotTrump => "play a suit card",
        trick::Duty::SuitToTrumpLead => "play a suit card to the trump lead",
    })
}

/// The lead of a recorded trick, with its fool name and renamings.
pub(super) fn effective_lead(plays: &[Item]) -> Option<Lead> {
    let mut cards = [Card::FOOL; 3];
    for (slot, item) in cards.iter_mut().zip(plays) {
        *slot = item.card;
    }
    let cards = &cards[..plays.len().min(3)];
    let name = plays.first().and_then(|i| i.name);
    let renames = [
        plays.get(1).and_then(|i| i.rename),
        plays.get(2).and_then(|i| i.rename),
    ];
    trick_lead(cards, name, renames)
}

/// One trick being played: its seats and cards, the hands before it, and
/// the suit it is played to as the fool's name and renaming set it.
pub(super) struct TrickPlay<'t> {
    pub t: usize,
    pub at: Moment,
    pub plays: &'t [Item],
    pub seats: [Seat; 3],
    pub cards: [Card; 3],
    /// The hands at the start of the trick: each card is judged against
    /// the hand it was played from.
    pub before: PerSeat<CardSet>,
    pub first_fool: bool,
    /// The suit led, named, or renamed so far (DK-FOOL-8).
    pub lead: Option<Lead>,
    pub renamed: bool,
    /// Both other players are void in the suit a led fool was named
    /// (`false` when the fool was not led: read only after `first_fool`).
    pub both_void: bool,
    /// DK-FOOL-8: a valid renaming by the third player after the second
    /// played without renaming. The second player's card is then judged
    /// against the new suit when he holds it (at the renaming), and against
    /// the named suit only when he does not.
    pub third_renames: Option<Lead>,
    /// The holder of the fool after a valid call for it (DK-FOOL-4).
    pub must_play_fool: Option<Seat>,
    /// The second card gave a finding when it was played (DK-FOOL-8: it is
    /// not judged again at a third player's renaming).
    pub second_faulted: bool,
}

impl<'t> TrickPlay<'t> {
    fn new(t: usize, plays: &'t [Item], seats: [Seat; 3], before: PerSeat<CardSet>) -> Self {
        let mut cards = [Card::FOOL; 3];
        for (slot, item) in cards.iter_mut().zip(plays) {
            *slot = item.card;
        }
        let first_fool = cards.first().is_some_and(|c| c.is_fool());
        let lead = plays.first().and_then(|i| {
            if i.card.is_fool() {
                i.name
            } else {
                lead_of(i.card)
            }
        });
        // Read only after a led fool (DK-FOOL-8).
        let both_void = first_fool
            && lead.is_some_and(|n| {
                seats[1..]
                    .iter()
                    .all(|&o| before[o].intersection(lead_set(n)).is_empty())
            });
        let third_renames = match plays.get(1..3) {
            Some([second, third]) if first_fool && both_void && second.rename.is_none() => {
                third.rename
            }
            _ => None,
        };
        TrickPlay {
            t,
            at: Moment::Trick(t as u16),
            plays,
            seats,
            cards,
            before,
            first_fool,
            lead,
            renamed: false,
            both_void,
            third_renames,
            must_play_fool: None,
            second_faulted: false,
        }
    }

    /// A finding about the `i`-th card: its seat, trick and card.
    pub fn label(&self, i: usize, p: Problem) -> Problem {
        p.seat(self.seats[i]).trick(self.t).card(self.plays[i].card)
    }
}

impl Engine {
    /// DK-DISCARD-1, DK-COUNT-1: the skat is a trick won by the dealer,
    /// counted before the play.
    pub(super) fn skat_won(&self, game: &mut Game) {
        let d = self.seating.dealer;
        game.points[d] += 1 + game.skat.iter().map(card_points).sum::<i64>();
    }

    /// The tricks of `record` card by card, from the one after the `taken`
    /// tricks already taken. `complete`: only tricks of three cards, which
    /// are judged the same whatever follows them (the engine steps through
    /// a record growing card by card); else up to the record's last judged
    /// trick. Returns the tricks taken, and whether a last trick cut short
    /// was judged (DK-PLAY-5, README ALL-4: its cards are judged, nobody
    /// wins it).
    pub(super) fn take_tricks(
        &mut self,
        record: &Record,
        game: &mut Game,
        taken: usize,
        complete: bool,
    ) -> (usize, bool) {
        // DK-DEAL-3 (README ALL-3): nothing in a trick of the wrong size or
        // after it is judged; the structural check found the first one.
        let judged = self.judged(record);
        let mut n = taken;
        for trick in judged.iter().skip(taken) {
            if complete && trick.plays.len() != 3 {
                break;
            }
            let t = n + 1;
            let cards = match self.plain_trick(trick, game) {
                Some((seats, cards, lead)) => {
                    let win = plain_winner(cards, lead);
                    self.take_plain_trick(t, seats, cards, win, game);
                    cards
                }
                None => {
                    let l = self.check_lead(t, trick, game);
                    let mut tp = TrickPlay::new(t, &trick.plays, self.seating.from(l), game.hands);
                    tp.must_play_fool = self.fool_call(t, trick, game);
                    for i in 0..trick.plays.len() {
                        self.play_card(&mut tp, i, game);
                    }
                    if trick.plays.len() < 3 {
                        return (n, true);
                    }
                    let win = trick_winner(&tp.cards, tp.lead);
                    self.take_trick(t, tp.seats, tp.cards, win, l, game);
                    tp.cards
                }
            };
            // A trick without a king or the pagat pays nothing in play
            // (DK-PAY-3, DK-PAY-4: both are about those cards): not asked.
            // Its cards are asked where they are held, not read back from
            // `game.last` just written (`perf annotate`: 9% of this
            // function's time waited on that load). The payments read the
            // trick where `take_trick` wrote it.
            if t < 25 && has_ultimo_card(cards) {
                if let Some(last) = &game.last {
                    self.pay_ultimo_cards_lost(t, last);
                    self.pay_pagat_home(t, last);
                }
            }
            n += 1;
        }
        (n, false)
    }

    /// The end of the play, once the record's tricks are taken
    /// ([`Engine::take_tricks`]; `short`: its last trick was cut short).
    /// Returns the last trick when all 25 are played and the deal stands,
    /// to be settled; else how the replay ends.
    pub(super) fn end_of_play(
        &mut self,
        record: &Record,
        game: &Game,
        short: bool,
    ) -> Result<LastTrick, End> {
        if let Some(cut) = self.cut.filter(|&c| c < record.tricks.len()) {
            let trick = &record.tricks[cut];
            let l = trick
                .leader
                .filter(|&w| self.seating.is_active(w))
                .unwrap_or(game.leader);
            self.wrong_trick_size(trick, cut + 1, l, &game.dealt, game.complete);
            return Err(End::Settled);
        }
        // DK-PLAY-5, DK-FINE-3: a record that stops after the irregularity
        // that abandoned the deal is complete.
        if self.out.abandoned {
            return Err(End::Settled);
        }
        if short || record.tricks.len() < 25 {
            return Err(End::Unfinished);
        }
        game.last.ok_or(End::Unfinished)
    }

    /// DK-PLAY-1: the winner of a trick leads the next (DK-FOOL-6 in the
    /// last trick). Returns the leader the record writes, or the rules'.
    fn check_lead(&mut self, t: usize, trick: &Trick, game: &Game) -> Seat {
        let leader = game.leader;
        let rules_leader = self.last_trick_lead(t, leader, &game.hands);
        let l = match trick.leader {
            Some(w) if self.seating.is_active(w) => w,
            // No leader written: the cards, written from another seat
            // than the one on lead and held by the seats in order from
            // it, name the leader the record means (README ALL-5, as the
            // other three games read it; spec/rules-danish-tarok.md).
            None if game.complete => match self.written_from(trick, rules_leader, &game.hands) {
                // After a fault in play already reported, the shift is only
                // its consequence (README ALL-7): no finding of its own.
                Some(w) if crate::structural::slipped_before(&self.out.report.problems, t) => {
                    return w
                }
                Some(w) => w,
                None => rules_leader,
            },
            _ => rules_leader,
        };
        // The holder of only the fool who leads it to trick 25 anyway is
        // a fool misuse (below), not also a lead out of turn.
        let fool_led_25 = t == 25 && l == leader && rules_leader != leader;
        if (l != rules_leader && !fool_led_25)
            || trick.leader.is_some_and(|w| !self.seating.is_active(w))
        {
            let w = trick.leader.unwrap_or(l);
            let mut p = Problem::new(
                Kind::OutOfTurn,
                format!("seat {w} leads to trick {t}, but seat {rules_leader} is on lead"),
            )
            .rule(Rule::DkPlay1)
            .seat(w)
            .trick(t)
            .at(trick.span, "lead out of turn")
            .help("the winner of a trick leads the next; trick 1 is led by the player after the dealer");
            if let Some(first) = trick.plays.first() {
                p = p.card(first.card);
            }
            self.out.irregular(p, 20, true, Moment::Trick(t as u16));
        }
        l
    }

    /// The seat a trick without a written leader is written from, when its
    /// cards are not those of the seats in order from the one on lead but
    /// are all held by the seats in order from exactly one other: one lead
    /// out of turn, not a card "not held" for every card of the trick and
    /// every trick after it.
    fn written_from(&self, trick: &Trick, on_lead: Seat, hands: &PerSeat<CardSet>) -> Option<Seat> {
        let plays = &trick.plays[..trick.plays.len().min(3)];
        // A card is held by one seat: when the seat on lead holds the first
        // card, no other seat can be the one the trick is written from.
        if plays
            .first()
            .is_none_or(|first| hands[on_lead].contains(first.card))
        {
            return None;
        }
        let fits = |l: Seat| {
            let seats = self.seating.from(l);
            plays
                .iter()
                .zip(seats)
                .all(|(item, s)| hands[s].contains(item.card))
        };
        if plays.is_empty() || fits(on_lead) {
            return None;
        }
        let others = self.seating.from(on_lead);
        let mut fitting = others[1..].iter().copied().filter(|&l| fits(l));
        match (fitting.next(), fitting.next()) {
            (Some(l), None) => Some(l),
            _ => None,
        }
    }

    /// The `i`-th card of the trick: held, the fool's rules, a renaming,
    /// the duty to follow (DK-PLAY-1, DK-PLAY-2, DK-FOOL).
    fn play_card(&mut self, tp: &mut TrickPlay, i: usize, game: &mut Game) {
        let s = tp.seats[i];
        let c = tp.plays[i].card;
        let held = tp.before[s].contains(c);
        if !held {
            self.card_not_held(tp, i, game);
            // README ALL-2: the card leaves the hand that held it; the seat
            // that played it keeps the card it did not play.
            for h in game.hands.values_mut() {
                h.remove(c);
            }
        }
        game.hands[s].remove(c);
        game.played.insert(c);
        if c.is_fool() {
            game.fool_gone = true;
        }
        if held {
            self.fool_played(tp, i);
        }
        if i == 0 {
            self.leader_renames(tp);
            return;
        }
        let found = self.out.report.problems.len();
        let bad_rename = self.rename(tp, i);
        if held {
            self.follow(tp, i, bad_rename);
        } else if let Some(p) = bad_rename {
            self.out.irregular(p, 20, true, tp.at);
        }
        if i == 1 {
            tp.second_faulted = !held || self.out.report.problems.len() > found;
        }
    }

    /// DK-PLAY-1 (README ALL-2): a card the player does not hold
    /// (`card-not-held`: never dealt to him, in the skat, in another hand)
    /// or a card played a second time (`duplicate-card`). A misplay: 20
    /// into each pot, the deal abandoned. No duty of play is judged for it.
    fn card_not_held(&mut self, tp: &TrickPlay, i: usize, game: &Game) {
        let (s, c, t) = (tp.seats[i], tp.plays[i].card, tp.t);
        let holder = self
            .seating
            .order
            .into_iter()
            .find(|&o| game.hands[o].contains(c));
        let (kind, msg, label) = if game.played.contains(c) {
            (
                Kind::DuplicateCard,
                format!("seat {s} plays {c}, which has already been played"),
                "played a second time",
            )
        } else if game.skat.contains(c) {
            (
                Kind::CardNotHeld,
                format!("seat {s} plays {c}, which lies in the skat"),
                "not in this hand",
            )
        } else if let Some(h) = holder {
            (
                Kind::CardNotHeld,
                format!("seat {s} plays {c}, which seat {h} holds"),
                "not in this hand",
            )
        } else {
            (
                Kind::CardNotHeld,
                format!("seat {s} plays {c}, which he does not hold"),
                "not in this hand",
            )
        };
        if self.partial && kind == Kind::DuplicateCard {
            // The structural check found it already: this
            // finding replaces it, with its seat, rule and fine.
            self.out.report.problems.retain(|p| {
                !(p.kind == Kind::DuplicateCard && p.card == Some(c) && p.trick == Some(t as u16))
            });
        }
        self.out.irregular(
            tp.label(i, Problem::new(kind, msg))
                .rule(Rule::DkPlay1)
                .at(tp.plays[i].span, label)
                .help("each player plays a card from his own hand, once: a misplay, 20 into each pot, and the deal is abandoned (DK-PLAY-1, DK-FINE-3); the card counts in the trick as written and no duty of play is judged for it"),
            20,
            true,
            tp.at,
        );
    }

    /// DK-PLAY-2: the duty to follow suit, else to trump, judged against
    /// the suit led, named or renamed. A card that is both a revoke and a
    /// wrong renaming is one fault, carried by the renaming.
    fn follow(&mut self, tp: &TrickPlay, i: usize, mut bad_rename: Option<Problem>) {
        let c = tp.plays[i].card;
        let hand = tp.before[tp.seats[i]];
        let duty_lead = match tp.lead {
            // DK-FOOL-8: after a valid renaming by the third player, a
            // second player who holds the new suit is judged against it, at
            // the renaming; else his card is judged when played, against
            // the named suit, before the third player's renaming (amended
            // 2026-11-26).
            Some(_)
                if i == 1
                    && tp
                        .third_renames
                        .is_some_and(|n| !hand.intersection(lead_set(n)).is_empty()) =>
            {
                None
            }
            Some(l) => Some(l),
            // A led fool with no name: the second card sets the suit.
            None if i == 2 => lead_of(tp.cards[1]),
            None => None,
        };
        if let Some(dl) = duty_lead {
            if let Some(duty) = duty_broken(c, dl, hand) {
                self.revoke(tp, i, dl, duty, bad_rename.take());
            }
        }
        if let Some(p) = bad_rename {
            self.out.irregular(p, 20, true, tp.at);
        }
    }

    /// A revoke (DK-PLAY-2), or with `bad_rename` the one fault of a wrong
    /// renaming that is also a revoke (rules README, "One fault, one
    /// finding": DK-FOOL-8 comes first in the digest).
    fn revoke(
        &mut self,
        tp: &TrickPlay,
        i: usize,
        dl: Lead,
        duty: &str,
        bad_rename: Option<Problem>,
    ) {
        let (s, c) = (tp.seats[i], tp.plays[i].card);
        let hand = tp.before[s];
        let held = hand.intersection(if duty == "trump" {
            TRUMPS
        } else {
            lead_set(dl)
        });
        let later = !self.partial || held.iter().next().is_none();
        let evidence = if later {
            String::new()
        } else {
            format!(" (plays {} later)", held.iter().next().expect("held"))
        };
        if let Some(mut p) = bad_rename {
            p.message = format!(
                "{}; he plays {c} to {}, but must {duty}{evidence}",
                p.message,
                lead_word(dl)
            );
            p.label = format!("{}; must {duty}", p.label);
            p.help = format!(
                "{}; the card is also a revoke (DK-PLAY-2): follow suit if you can, else trump",
                p.help
            );
            self.out.irregular(p, 20, true, tp.at);
        } else {
            self.out.irregular(
                tp.label(i, Problem::new(
                    Kind::Revoke,
                    format!("seat {s} plays {c} to {}, but must {duty}{evidence}", lead_word(dl)),
                ))
                .rule(Rule::DkPlay2)
                .at(tp.plays[i].span, format!("must {duty}"))
                .help("follow suit if you can; if you cannot, play a trump if you have one; the fool may always be played instead"),
                40,
                true,
                tp.at,
            );
        }
    }

    /// A trick that asks no question of the rules (issue 29: `verify`'s
    /// usual trick, taken without the checks that find nothing in it):
    /// three cards, none the fool, none with a fool's name or a renaming;
    /// no call for the fool; no leader written but the seat on lead; each
    /// card held by the seat that plays it, in order from the seat on lead
    /// (DK-PLAY-1); the second and third cards keeping the duty to the
    /// first card's suit (DK-PLAY-2). On such a trick the full path
    /// (`check_lead`, `fool_call`, `play_card`) finds nothing, writes
    /// nothing and changes only the hands and the cards played: the lead
    /// does not pass on (DK-FOOL-6 needs a hand of only the fool; the
    /// leader holds his card), the seat on lead is the one the cards are
    /// written from, no fool's rule applies (DK-FOOL). Those two changes
    /// are made here. Returns the seats, the cards and the suit led, or
    /// `None` (nothing changed) for the full path.
    #[inline(always)]
    fn plain_trick(&self, trick: &Trick, game: &mut Game) -> Option<([Seat; 3], [Card; 3], Lead)> {
        let [a, b, c] = &trick.plays[..] else {
            return None;
        };
        let leader = game.leader;
        if trick.fool_call.is_some()
            || trick
                .leader
                .is_some_and(|w| w != leader || !self.seating.is_active(w))
        {
            return None;
        }
        let plain = |i: &Item| !i.card.is_fool() && i.name.is_none() && i.rename.is_none();
        if !(plain(a) && plain(b) && plain(c)) {
            return None;
        }
        let seats = self.seating.from(leader);
        let cards = [a.card, b.card, c.card];
        let hands = &game.hands;
        let lead = lead_of(cards[0])?;
        let held = hands[seats[0]].contains(cards[0])
            && hands[seats[1]].contains(cards[1])
            && hands[seats[2]].contains(cards[2]);
        // A card of the lead follows (DK-PLAY-2, `duty_broken`'s first
        // case); any other is asked of `duty_broken`.
        let follow = lead_set(lead);
        let (second, third) = (cards[1], cards[2]);
        if !held
            || (!follow.contains(second) && duty_broken(second, lead, hands[seats[1]]).is_some())
            || (!follow.contains(third) && duty_broken(third, lead, hands[seats[2]]).is_some())
        {
            return None;
        }
        for (&s, &card) in seats.iter().zip(&cards) {
            game.hands[s].remove(card);
            game.played.insert(card);
        }
        Some((seats, cards, lead))
    }

    /// [`Engine::take_trick`] for a trick of [`Engine::plain_trick`],
    /// written into the play's loop: no card is the fool, so each card's
    /// points go to the winner (DK-PLAY-3, DK-COUNT-1; DK-FOOL-7 does not
    /// apply). With events wanted (`explain`) the trick is told by
    /// [`Engine::take_trick`] itself.
    #[inline(always)]
    fn take_plain_trick(
        &mut self,
        t: usize,
        seats: [Seat; 3],
        cards: [Card; 3],
        win: (usize, &'static str),
        game: &mut Game,
    ) {
        if self.out.report.wants_events() {
            self.take_trick(t, seats, cards, win, game.leader, game);
            return;
        }
        let winner = seats[win.0];
        game.won[winner] += 1;
        game.points[winner] +=
            1 + card_points(cards[0]) + card_points(cards[1]) + card_points(cards[2]);
        game.leader = winner;
        game.last = Some(LastTrick {
            seats,
            cards,
            winner: win.0,
        });
    }

    /// DK-PLAY-3: the winner (`win`, [`trick_winner`]) takes the trick and
    /// its card points, the fool going back to its holder in tricks 1–24
    /// (DK-FOOL-7); he leads the next (DK-PLAY-1), and the trick is the
    /// last taken (`game.last`).
    fn take_trick(
        &mut self,
        t: usize,
        seats: [Seat; 3],
        cards: [Card; 3],
        (w, why): (usize, &'static str),
        leader: Seat,
        game: &mut Game,
    ) {
        let winner = seats[w];
        let wcard = cards[w];
        self.out.report.event(|| Event::Trick {
            trick: t as u16,
            leader,
            winner,
            reason: {
                let mut r = String::with_capacity(why.len() + 6);
                r.push_str(why);
                r.push_str(" (");
                push_card(&mut r, wcard);
                r.push(')');
                r
            },
        });
        game.won[winner] += 1;
        game.points[winner] += 1;
        for (i, &c) in cards.iter().enumerate() {
            if c.is_fool() && t < 25 {
                game.points[seats[i]] += card_points(c);
                self.fool_goes_home(Moment::Trick(t as u16), seats[i]);
            } else {
                game.points[winner] += card_points(c);
            }
        }
        self.out.report.event(|| {
            let mut order = seats;
            order.sort_unstable();
            Event::Count {
                trick: t as u16,
                sides: order
                    .iter()
                    .map(|&s| (format!("seat {s}"), game.points[s].to_string()))
                    .collect(),
            }
        });
        game.leader = winner;
        game.last = Some(LastTrick {
            seats,
            cards,
            winner: w,
        });
    }

    /// A trick with a card missing or one too many (the structural
    /// `wrong-trick-size`): a wrong number of cards found in play
    /// (DK-DEAL-3). The holder of the wrong number of cards after it (the
    /// seat that played no card, or two; if several, the first in declaring
    /// order) pays 40 into each pot and the deal is abandoned: payments
    /// before the trick stand, nothing of it or after it is paid. The
    /// replay stops there, since who plays what after it is unknown.
    fn wrong_trick_size(
        &mut self,
        trick: &Trick,
        t: usize,
        leader: Seat,
        dealt: &PerSeat<CardSet>,
        complete: bool,
    ) {
        let offender = self.wrong_trick_offender(trick, leader, dealt, complete);
        let at = Moment::Trick(t as u16);
        if let Some(p) = self
            .out
            .report
            .problems
            .iter_mut()
            .find(|p| p.kind == Kind::WrongTrickSize && p.trick == Some(t as u16))
        {
            p.rule = Some(Rule::DkDeal3);
            p.seat = Some(offender);
            p.help = format!(
                "each of the 3 active players plays one card to every trick; seat {offender} holds the wrong number of cards in play: 40 into each pot, and the deal is abandoned (DK-DEAL-3, DK-FINE-3)"
            );
        }
        if !self.out.abandoned {
            let reason = format!("fine for holding the wrong number of cards in play (trick {t})");
            self.out.fine(offender, 40, Rule::DkDeal3, reason, at);
            self.out.abandon(at, Rule::DkDeal3);
        }
    }

    /// DK-DEAL-3: who holds the wrong number of cards after a trick of the
    /// wrong size: the active player none of whose dealt cards is in it (a
    /// card missing), or two of whose dealt cards are (a card too many),
    /// the first in declaring order; if the dealt hands name none (or are
    /// not known), the player whose card is missing at the gap, or the
    /// leader for a card too many.
    fn wrong_trick_offender(
        &self,
        trick: &Trick,
        leader: Seat,
        dealt: &PerSeat<CardSet>,
        complete: bool,
    ) -> Seat {
        let seats = self.seating.from(leader);
        let missing = trick.plays.len() < 3;
        let by_hands = complete
            .then(|| {
                self.seating.order.into_iter().find(|&s| {
                    let n = trick
                        .plays
                        .iter()
                        .filter(|i| dealt[s].contains(i.card))
                        .count();
                    if missing {
                        n == 0
                    } else {
                        n >= 2
                    }
                })
            })
            .flatten();
        by_hands.unwrap_or(if missing {
            seats[trick.plays.len()]
        } else {
            seats[0]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use notation::Suit;

    #[test]
    fn red_spot_cards_rank_in_reverse() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let lead = Some(Lead::Suit(Suit::Hearts));
        assert_eq!(trick_winner(&[c("H10"), c("H1"), c("H5")], lead).0, 1);
        assert_eq!(
            trick_winner(
                &[c("S1"), c("S10"), c("S5")],
                Some(Lead::Suit(Suit::Spades))
            )
            .0,
            1
        );
        assert_eq!(trick_winner(&[c("HJ"), c("H1"), c("T1")], lead).0, 2);
        // A fool named hearts, nobody follows or trumps: the first suit after it.
        assert_eq!(
            trick_winner(&[Card::FOOL, c("S2"), c("S9")], lead),
            (2, "highest card of the first suit played after the fool")
        );
    }

    #[test]
    fn the_winner_is_the_shared_cores() {
        // Every trick of three from a spread of cards, under every lead.
        let codes = [
            "EX", "T1", "T21", "T22", "T7", "SK", "S1", "S10", "H1", "H10", "HK", "D5", "C9",
        ];
        let cards: Vec<Card> = codes.iter().map(|s| s.parse().unwrap()).collect();
        let leads = [
            None,
            Some(Lead::Trumps),
            Some(Lead::Suit(Suit::Spades)),
            Some(Lead::Suit(Suit::Hearts)),
            Some(Lead::Suit(Suit::Diamonds)),
        ];
        for &a in &cards {
            for &b in &cards {
                for &c in &cards {
                    for lead in leads {
                        let plays = [a, b, c];
                        let shared = match trick::winner(&plays, lead, &rules()) {
                            Some(trick::Win {
                                index,
                                why: trick::Why::Trump,
                            }) => (index, "highest trump"),
                            Some(trick::Win { index, .. }) => {
                                (index, "highest card of the suit led")
                            }
                            None => fool_lead_fallback(&plays),
                        };
                        assert_eq!(trick_winner(&plays, lead), shared, "{plays:?} {lead:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_plain_winner_is_the_trick_winner() {
        for (i, &k) in STRENGTH.iter().enumerate() {
            let c = Card::from_index(i as u8).unwrap();
            let want = match c.trump_number() {
                Some(n) => 64 + n,
                None if c.is_fool() => 0,
                None => suit_strength(c),
            };
            assert_eq!(k, want, "{c}");
        }
        // Every trick of three cards without the fool, led to its first
        // card's suit.
        let cards: Vec<Card> = Card::all().filter(|c| !c.is_fool()).collect();
        for &a in &cards {
            let lead = lead_of(a).unwrap();
            for &b in &cards {
                for &c in &cards {
                    let plays = [a, b, c];
                    assert_eq!(
                        plain_winner(plays, lead),
                        trick_winner(&plays, Some(lead)),
                        "{plays:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_duty_broken_is_the_shared_cores() {
        // The generator's own random numbers: the same hands on every run.
        let mut rng = crate::gen::Rng::new(0x2545_f491_4f6c_dd1d);
        let leads = Suit::ALL.map(Lead::Suit);
        let mut broken = 0;
        for _ in 0..3000 {
            // Hands from empty to most of the pack, so that every duty and
            // every void shows up.
            let size = if rng.below(2) == 0 { 8 } else { 40 };
            let hand = rng.hand(size);
            for lead in leads.into_iter().chain([Lead::Trumps]) {
                for card in Card::all() {
                    let fast = duty_broken(card, lead, hand);
                    broken += usize::from(fast.is_some());
                    assert_eq!(
                        fast,
                        duty_broken_by_core(card, lead, hand),
                        "{hand:?} {lead:?} {card}"
                    );
                }
            }
        }
        assert!(broken > 100_000, "{broken}");
    }

    #[test]
    fn the_duty_kept_is_the_cards_that_break_none() {
        let mut rng = crate::gen::Rng::new(0x9e37_79b9_7f4a_7c15);
        let leads = Suit::ALL.map(Lead::Suit);
        for _ in 0..3000 {
            let size = [1, 3, 8, 25][rng.below(4)];
            let hand = rng.hand(size);
            for lead in leads.into_iter().chain([Lead::Trumps]) {
                let kept = duty_kept(lead, hand);
                assert!(kept.difference(hand).is_empty(), "{hand:?} {lead:?}");
                for card in hand.iter() {
                    assert_eq!(
                        kept.contains(card),
                        duty_broken(card, lead, hand).is_none(),
                        "{hand:?} {lead:?} {card}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_duty_broken_is_worded_for_dk_play_2() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let hand = |s: &str| s.split_whitespace().map(c).collect::<CardSet>();
        let spades = Lead::Suit(Suit::Spades);
        assert_eq!(
            duty_broken(c("H5"), spades, hand("S3 H5 T4")),
            Some("follow suit")
        );
        assert_eq!(
            duty_broken(c("H5"), Lead::Trumps, hand("H5 T4")),
            Some("follow trumps")
        );
        assert_eq!(duty_broken(c("H5"), spades, hand("H5 T4")), Some("trump"));
        assert_eq!(duty_broken(c("H5"), spades, hand("H5 D4")), None);
        // The fool may always be played instead (DK-FOOL-2).
        assert_eq!(duty_broken(Card::FOOL, spades, hand("S3 T4 EX")), None);
        // A card not held is judged as if held: a spade follows, a trump
        // trumps a void hand; its own fault is DK-PLAY-1.
        assert_eq!(duty_broken(c("S9"), spades, hand("S3 T4")), None);
        assert_eq!(duty_broken(c("T9"), spades, hand("H5 T4")), None);
        assert_eq!(
            duty_broken(c("T9"), spades, hand("S3 T4")),
            Some("follow suit")
        );
    }
}
