//! The call in a Rufer (S7-CALL-1, S7-CALL-2): the declarer calls the
//! highest tarock from `T20` down it does not hold; its holder is the
//! partner. Farbesolo and Solo have no call.

use notation::record::Action;
use notation::Kind as Finding;
use notation::Rule;
use notation::{Act, Card, CardSet, Problem, Record, Seat};

use super::auction::{Contract, Kind};
use super::deck::trump;
use super::state::Engine;
use crate::Moment;

/// The Rufer's call (S7-CALL-1): the highest of `T20`, `T19`, ... it does
/// not hold (continued below `T16` down to `T4`).
pub fn rufer_call(hand: CardSet) -> Option<Card> {
    (4..=20).rev().map(trump).find(|c| !hand.contains(*c))
}

/// The calls of a game as they go (S7-CALL-1 as amended 2026-11-26).
#[derive(Debug, Clone)]
pub(super) struct Calls {
    pub(super) contract: Contract,
    /// The tarock the rule names for the declarer.
    due: Option<Card>,
    /// The declarer's first call: the one that counts.
    called: Option<Card>,
    /// A call by another seat stands in the place of a missing one: its
    /// finding is then the only one (one fault).
    stand_in: bool,
}

impl Calls {
    /// Whether the declarer of a Rufer has still to call (S7-CALL-1).
    pub(super) fn call_due(&self) -> bool {
        self.contract.game == Kind::Rufer && self.called.is_none() && !self.stand_in
    }
}

impl Engine {
    /// The calls of `c` before their first entry.
    pub(super) fn new_calls(&self, c: Contract) -> Calls {
        Calls {
            due: rufer_call(self.st.hands[c.declarer]),
            contract: c,
            called: None,
            stand_in: false,
        }
    }

    /// Whether `act` by `seat` is a legal entry of the calls `k` now: the
    /// declarer's first call in a Rufer, of the tarock due
    /// ([`Engine::call_entry`] finds nothing against it, by the same check).
    pub(super) fn admits_call(&self, k: &Calls, seat: Seat, act: &Act) -> bool {
        match *act {
            Act::Call { card, .. } => {
                k.call_due() && seat == k.contract.declarer && !self.wrong_call(card, k.due)
            }
            _ => false,
        }
    }

    /// One entry of the calls: only the declarer's first call counts;
    /// every other call is an `illegal-call` by the seat that made it and
    /// has no effect.
    pub(super) fn call_entry(&mut self, k: &mut Calls, a: &Action) {
        let c = &k.contract;
        match a.act {
            Act::Call { card, .. }
                if c.game == Kind::Rufer && a.seat == c.declarer && k.called.is_none() =>
            {
                k.called = Some(card);
                self.check_call(a, card, k.due);
            }
            _ => {
                k.stand_in |= c.game == Kind::Rufer && a.seat != c.declarer;
                self.no_call_here(c, a, k.called.is_some());
            }
        }
    }

    /// The end of the calls: a call missing while the record goes on to the
    /// tricks; the partner in a Rufer.
    pub(super) fn close_calls(&mut self, k: &Calls, record: &Record) -> Option<Seat> {
        let c = &k.contract;
        if c.game != Kind::Rufer {
            return None;
        }
        // A call missing while the record goes on to the tricks; a record
        // that stops before them is incomplete (S7-PLAY-6, README ALL-4).
        if k.called.is_none() && !k.stand_in && !record.tricks.is_empty() {
            let span = record.calls.as_ref().map_or(record.span, |x| x.span);
            self.out.push(
                Problem::new(
                    Finding::IllegalCall,
                    format!("the Rufer's declarer, seat {}, calls no tarock", c.declarer),
                )
                .rule(Rule::S7Call1)
                .seat(c.declarer)
                .at(span, "no call")
                .help("write the call after the auction: `calls: 1 call T20`; without one, the partner is the holder of the tarock the rule names"),
            );
        }
        let card = k.called.or(k.due)?;
        let partner = self.st.holder(card);
        if let Some(p) = partner {
            // Worded only when the events are recorded (not by `verify`).
            let declarer = c.declarer;
            self.out.rule(
                Moment::Calls,
                Rule::S7Call1,
                crate::reason::Lazy(|| {
                    if p == declarer {
                        format!("seat {p} holds the called {card} and plays alone")
                    } else {
                        format!("seat {declarer} calls {card}: seat {p} is its partner")
                    }
                }),
            );
        }
        partner
    }

    /// The declarer's call names the tarock due (S7-CALL-1).
    fn check_call(&mut self, a: &Action, card: Card, due: Option<Card>) {
        if self.wrong_call(card, due) {
            let help = match due {
                Some(d) => format!("the Rufer calls the highest of T20, T19, T18, T17, T16 (then lower) it does not hold: here {d}"),
                None => "the Rufer calls the highest of T20, T19, T18, T17, T16 it does not hold".into(),
            };
            self.out.push(
                Problem::new(
                    Finding::IllegalCall,
                    format!(
                        "seat {} calls {card}, but the highest tarock from T20 down it does not hold is {}",
                        a.seat,
                        due.map_or("none".to_string(), |d| d.to_string())
                    ),
                )
                .rule(Rule::S7Call1)
                .seat(a.seat)
                .card(card)
                .at(a.span, "wrong tarock called")
                .help(help),
            );
        }
    }

    /// Whether calling `card` breaks S7-CALL-1: it is not the tarock due.
    fn wrong_call(&self, card: Card, due: Option<Card>) -> bool {
        self.st.hands_known && Some(card) != due
    }

    /// A call that does not count (S7-CALL-1 amended): by another seat, a
    /// second call, any call outside a Rufer. Reported at the seat that made
    /// it; it has no effect.
    fn no_call_here(&mut self, c: &Contract, a: &Action, second: bool) {
        let msg = match a.act {
            _ if c.game != Kind::Rufer => {
                format!(
                    "seat {} calls in {}, where nobody calls",
                    a.seat,
                    c.game.word()
                )
            }
            Act::Call { .. } if a.seat != c.declarer => format!(
                "seat {} calls, but seat {} is the declarer: only the declarer calls",
                a.seat, c.declarer
            ),
            Act::Call { .. } if second => {
                format!(
                    "seat {} calls a second time: only the first call counts",
                    a.seat
                )
            }
            _ => format!("seat {}'s entry is not a call", a.seat),
        };
        self.out.illegal(
            Finding::IllegalCall,
            Rule::S7Call1,
            a,
            format!("{msg}; it has no effect"),
            "no call here",
            "only the Rufer's declarer calls, once, one tarock; Farbesolo and Solo are played alone",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn rufer_calls_the_highest_tarock_not_held() {
        let hand: CardSet = [c("T20"), c("T19"), c("SK")].into_iter().collect();
        assert_eq!(rufer_call(hand), Some(c("T18")));
        let five: CardSet = (16..=20).map(trump).collect();
        assert_eq!(rufer_call(five), Some(c("T15")));
    }
}
