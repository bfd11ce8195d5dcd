//! The king call (KR-CALL-1..4): in caller games the bidder calls a king it
//! does not hold; its holder is the partner.

use notation::Kind;
use notation::Rule;
use notation::Seat;
use notation::{Act, Action, Card, Problem, Span};

use super::rules::*;
use super::Replay;
use crate::Moment;

impl<'a> Replay<'a> {
    /// The entries of `calls:`: the king call, the talon choice, then the
    /// call round.
    pub(super) fn call_entries(&self) -> &'a [Action] {
        self.rec.calls.as_ref().map_or(&[], |c| &c.actions[..])
    }

    /// Where a missing call is underlined: the calls, else the auction.
    pub(super) fn calls_span(&self) -> Span {
        let rec = self.rec;
        rec.calls
            .as_ref()
            .map(|c| c.span)
            .or(rec.auction.as_ref().map(|a| a.span))
            .unwrap_or_default()
    }

    /// KR-CALL-1: the king call is the first entry in caller games, and
    /// none in other games. Returns the index of the entry after it.
    pub(super) fn king_call(&mut self, acts: &[Action]) -> usize {
        let game = self.state.game();
        let b = self.state.bidder;
        let calls_span = self.calls_span();
        let mut i = 0;
        // KR-CALL-1..4: the king call.
        if is_caller(game) {
            match acts.first() {
                Some(a @ Action { act: Act::Call { card, fourth }, .. }) => {
                    i = 1;
                    self.call_king(a, *card, *fourth);
                }
                other => self.out.fault(||
                    Problem::new(Kind::IllegalCall, format!("{} is a caller game, but no king is called", game.word()))
                        .rule(Rule::KrCall1)
                        .seat(b)
                        .at(other.map_or(calls_span, |a| a.span), "king call expected here")
                        .help("right after the auction the bidder calls a king it does not hold: `calls: 0 call HK, ...`"),
                ),
            }
        }
        if !is_caller(game) {
            if let Some(
                a @ Action {
                    act: Act::Call { card, .. },
                    ..
                },
            ) = acts.first()
            {
                i = 1;
                self.out.fault(||
                    Problem::new(Kind::IllegalCall, format!("{} is not a caller game: no king is called", game.word()))
                        .rule(Rule::KrCall1)
                        .seat(a.seat)
                        .card(*card)
                        .at(a.span, "no king call in this game")
                        .help("only caller games (caller, solo-caller, pagat/uhu/pelican/quapil-caller) have a king call"),
                );
            }
        }
        i
    }

    /// KR-CALL-1..4 for a recorded king call.
    fn call_king(&mut self, a: &Action, card: Card, fourth: bool) {
        let b = self.state.bidder;
        if a.seat != b {
            self.out.fault(|| {
                Problem::new(
                    Kind::OutOfTurn,
                    format!("seat {} calls a king, but seat {b} is the bidder", a.seat),
                )
                .rule(Rule::KrCall1)
                .seat(a.seat)
                .at(a.span, "not the bidder")
                .help("the bidder calls the king")
            });
        }
        if !card.is_king() {
            self.out.fault(|| {
                Problem::new(Kind::IllegalCall, format!("{card} is not a king"))
                    .rule(Rule::KrCall1)
                    .seat(a.seat)
                    .card(card)
                    .at(a.span, "not a king")
                    .help("call one of SK, HK, DK, CK")
            });
            return;
        }
        let dealt = self.state.dealt[b];
        if dealt.contains(card) {
            self.out.fault(|| {
                Problem::new(
                    Kind::IllegalCall,
                    format!("seat {b} calls {card}, which it holds itself"),
                )
                .rule(Rule::KrCall2)
                .seat(b)
                .card(card)
                .at(a.span, "own king")
                .help("the bidder may not call a king it holds; it then plays alone")
            });
        }
        if fourth {
            self.check_the_fourth(a, card);
        }
        self.state.called = Some(card);
        // KR-CALL-4: the partner holds the called king in its dealt hand.
        self.state.partner = Seat::all(4).find(|&s| s != b && self.state.dealt[s].contains(card));
        // Worded only when the events are recorded (not by `verify`).
        let partner = self.state.partner;
        let in_talon = self.state.talon[0]
            .union(self.state.talon[1])
            .contains(card);
        let text = crate::reason::Lazy(|| match partner {
            Some(p) => format!("seat {b} calls {card}; seat {p} holds it and is the partner"),
            None if in_talon => {
                format!("seat {b} calls {card}, which lies in the talon: seat {b} plays alone")
            }
            None => format!("seat {b} calls {card} and plays alone"),
        });
        self.out.event(Moment::Calls, Rule::KrCall4, text);
    }

    /// KR-CALL-3: "the fourth" only with exactly three kings in the dealt
    /// hand (a partial record: unless two kings are seen elsewhere).
    fn check_the_fourth(&mut self, a: &Action, card: Card) {
        let b = self.state.bidder;
        let dealt = self.state.dealt[b];
        let held = dealt.intersection(kings()).len();
        let elsewhere = Seat::all(4)
            .filter(|&o| o != b)
            .map(|o| self.state.dealt[o].intersection(kings()).len())
            .sum::<u32>();
        let not_three = if self.state.partial {
            elsewhere >= 2
        } else {
            held != 3
        };
        if not_three {
            self.out.fault(|| {
                Problem::new(
                    Kind::IllegalCall,
                    format!("seat {b} calls \"the fourth\" holding {held} kings, not three"),
                )
                .rule(Rule::KrCall3)
                .seat(b)
                .card(card)
                .at(a.span, "not holding three kings")
                .help("\"the fourth\" may be called only by a bidder holding exactly three kings")
            });
        }
    }
}
