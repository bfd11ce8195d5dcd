//! The call in a Rufer (S7-CALL-1, S7-CALL-2): the declarer calls the
//! highest tarock from `T20` down it does not hold; its holder is the
//! partner. Farbesolo and Solo have no call.

use notation::record::Action;
use notation::{Act, Card, CardSet, Problem, Seat};

use super::auction::{Contract, Kind};
use super::deck::trump;
use super::state::Replay;
use crate::Moment;

/// The Rufer's call (S7-CALL-1): the highest of `T20`, `T19`, ... it does
/// not hold (continued below `T16` down to `T4`).
pub fn rufer_call(hand: CardSet) -> Option<Card> {
    (4..=20).rev().map(trump).find(|c| !hand.contains(*c))
}

impl Replay<'_, '_> {
    /// The call (S7-CALL-1). Returns the partner in a Rufer.
    pub(super) fn call(&mut self, c: &Contract) -> Option<Seat> {
        let record = self.deal.record;
        let calls: &[Action] = record.calls.as_ref().map_or(&[], |a| &a.actions);
        let due = rufer_call(self.st.hands[c.declarer as usize]);
        let mut called = None;
        for a in calls {
            match a.act {
                Act::Call { card, .. } if c.game == Kind::Rufer && called.is_none() => {
                    called = Some(card);
                    self.check_call(c, a, card, due);
                }
                _ => self.no_call_here(c, a),
            }
        }
        if c.game != Kind::Rufer {
            return None;
        }
        if called.is_none() && (self.st.hands_known || !record.tricks.is_empty()) {
            let span = record.calls.as_ref().map_or(record.span, |x| x.span);
            self.out.push(
                Problem::new(
                    "illegal-call",
                    format!("the Rufer's declarer, seat {}, calls no tarock", c.declarer),
                )
                .rule("S7-CALL-1")
                .seat(c.declarer)
                .at(span, "no call")
                .help("write the call after the auction: `calls: 1 call T20`"),
            );
        }
        let card = called.or(due)?;
        let partner = self.st.holder(card);
        if let Some(p) = partner {
            self.out.rule(
                Moment::Calls,
                "S7-CALL-1",
                if p == c.declarer {
                    format!("seat {p} holds the called {card} and plays alone")
                } else {
                    format!("seat {} calls {card}: seat {p} is its partner", c.declarer)
                },
            );
        }
        partner
    }

    /// The declarer calls, and calls the tarock due (S7-CALL-1).
    fn check_call(&mut self, c: &Contract, a: &Action, card: Card, due: Option<Card>) {
        if a.seat != c.declarer {
            self.out.illegal(
                "illegal-call",
                "S7-CALL-1",
                a,
                format!(
                    "seat {} calls, but seat {} is the declarer",
                    a.seat, c.declarer
                ),
                "not the declarer",
                "in a Rufer the declarer calls a tarock",
            );
        } else if self.st.hands_known && Some(card) != due {
            let help = match due {
                Some(d) => format!("the Rufer calls the highest of T20, T19, T18, T17, T16 (then lower) it does not hold: here {d}"),
                None => "the Rufer calls the highest of T20, T19, T18, T17, T16 it does not hold".into(),
            };
            self.out.push(
                Problem::new(
                    "illegal-call",
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

    /// A second call, or any call outside a Rufer (S7-CALL-1).
    fn no_call_here(&mut self, c: &Contract, a: &Action) {
        let msg = if c.game == Kind::Rufer {
            "a second or unknown entry in the calls of a Rufer".to_string()
        } else {
            format!("a call in {}, where nobody calls", c.game.word())
        };
        self.out.illegal(
            "illegal-call",
            "S7-CALL-1",
            a,
            msg,
            "no call here",
            "only the Rufer's declarer calls one tarock; Farbesolo and Solo are played alone",
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
