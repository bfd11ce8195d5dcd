//! The fool, scusen (DK-FOOL-1 to DK-FOOL-9): the call for the fool in
//! trick 23, the fool never in trick 24 nor led to trick 25, the lead of
//! the last trick passing on from a hand of only the fool, the fool going
//! back to its holder, and naming and renaming a led fool. That it never
//! wins and who wins a trick it leads is [`super::play::trick_winner`].

use notation::Kind;
use notation::Rule;
use notation::{Card, CardSet, PerSeat, Problem, Seat, Trick};

use super::cards::{lead_set, lead_word};
use super::play::TrickPlay;
use super::state::Game;
use super::Engine;
use crate::Moment;

/// DK-FOOL-6: the lead of trick `t` passes on from a leader whose hand
/// is only the fool (trick 25).
pub(super) fn passes_lead(t: usize, hand: CardSet) -> bool {
    t == 25 && hand == CardSet::from_bits_truncate(1 << Card::FOOL.index())
}

impl Engine {
    /// DK-FOOL-6: the lead of trick 25 passes on when the leader holds only
    /// the fool. Returns who leads by the rules.
    pub(super) fn last_trick_lead(
        &mut self,
        t: usize,
        leader: Seat,
        hands: &PerSeat<CardSet>,
    ) -> Seat {
        if passes_lead(t, hands[leader]) {
            let next = self.seating.next(leader);
            self.out.rule_event(
                Moment::Trick(t as u16),
                Rule::DkFool6,
                format_args!("seat {leader} holds only the fool: the lead passes to seat {next}"),
            );
            return next;
        }
        leader
    }

    /// DK-FOOL-4: a call for the fool at the start of the trick. Returns
    /// the holder who must play it now, after a valid call.
    pub(super) fn fool_call(&mut self, t: usize, trick: &Trick, game: &Game) -> Option<Seat> {
        let c = trick.fool_call?;
        let at = Moment::Trick(t as u16);
        let holder = self
            .seating
            .order
            .into_iter()
            .find(|&s| game.hands[s].contains(Card::FOOL));
        let wrong = if !self.seating.is_active(c) {
            Some(format!("seat {c} sits out and cannot call for the fool"))
        } else if t != 23 {
            Some(format!(
                "the fool may be called for only in trick 23, not in trick {t}"
            ))
        } else if game.fool_gone {
            Some("the fool has already been played".to_owned())
        } else if holder == Some(c) {
            Some(format!("seat {c} holds the fool himself"))
        } else {
            None
        };
        let Some(msg) = wrong else {
            if let Some(h) = holder {
                self.out.rule_event(
                    at,
                    Rule::DkFool4,
                    format_args!("seat {c} calls for the fool: seat {h} must play it now"),
                );
            }
            return holder;
        };
        // 002 fines only a call for a fool already played (Option
        // `fool_call_fine_scope`).
        // Amended 2026-11-26: a call by the player who sits out is never
        // fined, whatever the Option says (DK-SEAT-1 comes first).
        let fine = if !self.seating.is_active(c) {
            0
        } else if game.fool_gone && t == 23 || self.o.fool_call_any {
            20
        } else {
            0
        };
        self.out.irregular(
            Problem::new(Kind::IllegalCall, format!("seat {c} calls for the fool: {msg}"))
                .rule(Rule::DkFool4)
                .seat(c)
                .trick(t)
                .at(trick.span, "wrong call for the fool")
                .help("at the start of trick 23 a player who does not hold the fool may demand it, if it has not been played"),
            fine,
            false,
            at,
        );
        None
    }

    /// The `i`-th card and the fool: never in trick 24 (DK-FOOL-5), never
    /// led to trick 25 (DK-FOOL-6), and played at once after a valid call
    /// (DK-FOOL-4).
    pub(super) fn fool_played(&mut self, tp: &TrickPlay, i: usize) {
        let (s, c, t) = (tp.seats[i], tp.plays[i].card, tp.t);
        let span = tp.plays[i].span;
        if c.is_fool() {
            if t == 24 {
                self.out.irregular(
                    tp.label(
                        i,
                        Problem::new(Kind::FoolMisuse, "the fool is played to trick 24"),
                    )
                    .rule(Rule::DkFool5)
                    .at(span, "fool in the penultimate trick")
                    .help("the fool may never be played in the penultimate trick"),
                    20,
                    true,
                    tp.at,
                );
            } else if t == 25 && i == 0 {
                self.out.irregular(
                    tp.label(i, Problem::new(Kind::FoolMisuse, "the fool is led to the last trick"))
                        .rule(Rule::DkFool6)
                        .at(span, "fool led to trick 25")
                        .help("when the leader of trick 25 holds only the fool, the lead passes to the next player and the fool is played last"),
                    20,
                    true,
                    tp.at,
                );
            }
        } else if tp.must_play_fool == Some(s) {
            self.out.irregular(
                tp.label(i, Problem::new(Kind::FoolMisuse, format!("seat {s} was called for the fool and plays {c}")))
                    .rule(Rule::DkFool4)
                    .at(span, "the fool was called for")
                    .help("after a valid call in trick 23 the holder of the fool must play it in that trick"),
                20,
                true,
                tp.at,
            );
        }
    }

    /// DK-FOOL-8: the leader cannot rename his own fool.
    pub(super) fn leader_renames(&mut self, tp: &TrickPlay) {
        if tp.plays[0].rename.is_some() {
            self.out.irregular(
                tp.label(
                    0,
                    Problem::new(Kind::FoolMisuse, "the leader cannot rename his own card"),
                )
                .rule(Rule::DkFool8)
                .at(tp.plays[0].span, "rename by the leader")
                .help("only the two other players may rename a led fool"),
                20,
                true,
                tp.at,
            );
        }
    }

    /// DK-FOOL-8: a renaming by the `i`-th player (second or third). A
    /// valid one changes the suit of the trick; a wrong one is returned, to
    /// be reported after the duty check (a card that is also a revoke is
    /// the same one fault).
    pub(super) fn rename(&mut self, tp: &mut TrickPlay, i: usize) -> Option<Problem> {
        let new = tp.plays[i].rename?;
        let s = tp.seats[i];
        if !tp.first_fool || tp.renamed || !tp.both_void {
            let why = if !tp.first_fool {
                "the trick was not led with the fool"
            } else if tp.renamed {
                "the fool was already renamed"
            } else {
                "not both other players are void in the named suit"
            };
            return Some(
                tp.label(i, Problem::new(Kind::FoolMisuse, format!("seat {s} renames the fool to {}: {why}", lead_word(new))))
                    .rule(Rule::DkFool8)
                    .at(tp.plays[i].span, "renaming not allowed")
                    .help("a led fool may be renamed only when both other players are void in the suit it was named"),
            );
        }
        tp.renamed = true;
        tp.lead = Some(new);
        self.out.rule_event(
            tp.at,
            Rule::DkFool8,
            format_args!("seat {s} renames the fool to {}", lead_word(new)),
        );
        if i == 2 {
            self.second_card_after_renaming(tp, new);
        }
        None
    }

    /// DK-FOOL-8: when the third player renames the fool, the second
    /// player's card is judged against the new suit: holding it, he must
    /// play it (a revoke under DK-PLAY-2, judged by DK-FOOL-8).
    fn second_card_after_renaming(&mut self, tp: &TrickPlay, new: notation::Lead) {
        let s1 = tp.seats[1];
        let c1 = tp.cards[1];
        let h1 = tp.before[s1];
        // One card, one finding: a second card already found faulty when
        // it was played (against the named suit) is not judged again.
        if !tp.second_faulted
            && !c1.is_fool()
            && !lead_set(new).contains(c1)
            && !h1.intersection(lead_set(new)).is_empty()
        {
            self.out.irregular(
                Problem::new(
                    Kind::Revoke,
                    format!("seat {s1} holds {} after the renaming and played {c1}", lead_word(new)),
                )
                .rule(Rule::DkFool8)
                .seat(s1)
                .trick(tp.t)
                .card(c1)
                .at(tp.plays[1].span, "must be exchanged for the new suit")
                .help("when the third player renames the fool, a second player who holds the new suit must play it (a revoke under DK-PLAY-2, judged by DK-FOOL-8)"),
                40,
                true,
                tp.at,
            );
        }
    }

    /// DK-FOOL-7: a fool played to tricks 1–24 goes back to its holder's
    /// own pile (its card points with it).
    pub(super) fn fool_goes_home(&mut self, at: Moment, seat: Seat) {
        // The words are written only when events are asked for.
        self.out.rule_event(
            at,
            Rule::DkFool7,
            format_args!("seat {seat} takes the fool back to his own pile"),
        );
    }
}
