//! The pots (DK-POT-1 to DK-POT-5): the `Pots` tag, foundation at the
//! start of a session and of an emptied pot, and the division of the pots
//! at the end of a session.

use notation::Kind;
use notation::Rule;
use notation::{Party, Pot, Problem, Record, Seat};

use super::Engine;
use crate::{Moment, Payment, Reason, Report};

pub(super) const KING: usize = 0;
pub(super) const PAGAT: usize = 1;

pub(super) fn pot_index(p: Pot) -> usize {
    match p {
        Pot::King => KING,
        Pot::Pagat => PAGAT,
    }
}

/// Reads a `Pots` tag: `king-pot 60, pagat-pot 60`.
pub fn parse_pots(value: &str) -> Option<[i64; 2]> {
    // The form every record writes, read without splitting; anything else
    // (other spacing, order, signs) by the general reading below.
    if let Some(pots) = canonical_pots(value.as_bytes()) {
        return Some(pots);
    }
    let mut pots = [None, None];
    for part in value.split(',') {
        let mut words = part.split_whitespace();
        let slot = match words.next()? {
            "king-pot" => KING,
            "pagat-pot" => PAGAT,
            _ => return None,
        };
        let n: i64 = words.next()?.parse().ok()?;
        if words.next().is_some() || !(0..=crate::MAX_AMOUNT).contains(&n) || pots[slot].is_some() {
            return None;
        }
        pots[slot] = Some(n);
    }
    Some([pots[0]?, pots[1]?])
}

/// `king-pot N, pagat-pot M` exactly, with plain digits: what
/// [`parse_pots`] reads from it, or `None` to read it the general way.
fn canonical_pots(b: &[u8]) -> Option<[i64; 2]> {
    let rest = b.strip_prefix(b"king-pot ")?;
    let (king, rest) = digits(rest)?;
    let rest = rest.strip_prefix(b", pagat-pot ")?;
    let (pagat, rest) = digits(rest)?;
    rest.is_empty().then_some([king, pagat])
}

/// A number of 1 to 15 plain digits within `MAX_AMOUNT`, and what follows.
fn digits(b: &[u8]) -> Option<(i64, &[u8])> {
    let n = b.iter().take_while(|c| c.is_ascii_digit()).count();
    if n == 0 || n > 15 {
        return None;
    }
    let v = b[..n]
        .iter()
        .fold(0i64, |v, &c| v * 10 + i64::from(c - b'0'));
    (v <= crate::MAX_AMOUNT).then_some((v, &b[n..]))
}

impl Engine {
    /// DK-POT-2: at the start of a session every player at the table pays
    /// 20 into each pot. It stands whatever happens later in the deal.
    pub(super) fn found_pots(&mut self) {
        for (pot, reason) in [
            (
                Pot::King,
                "foundation of the king-pot: start of the session",
            ),
            (
                Pot::Pagat,
                "foundation of the pagat-pot: start of the session",
            ),
        ] {
            debug_assert!(reason.contains(pot.word()));
            self.foundation(pot, reason, Moment::Deal, true);
        }
    }

    /// DK-POT-2: a pot emptied by this deal's payments is founded again by
    /// every player at the table, the one sitting out too. Only a deal
    /// that stands is settled, so this is never after an abandonment.
    pub(super) fn refound_emptied_pots(&mut self) {
        for (pot, reason) in [
            (Pot::King, "foundation of the emptied king-pot"),
            (Pot::Pagat, "foundation of the emptied pagat-pot"),
        ] {
            debug_assert!(reason.ends_with(pot.word()));
            if self.out.pots[pot_index(pot)] == 0 {
                self.foundation(pot, reason, Moment::Settlement, false);
            }
        }
    }

    /// Every player at the table pays 20 into `pot`.
    fn foundation(&mut self, pot: Pot, reason: &'static str, at: Moment, keep: bool) {
        for s in Seat::all(self.seating.seats) {
            self.out.payment(
                Party::Seat(s),
                Party::Pot(pot),
                20,
                Rule::DkPot2,
                reason,
                at,
                keep,
            );
        }
    }
}

/// DK-POT-6: the deal starts from pots that are not known (an earlier deal
/// of the session was not settled, or could not be read or replayed): one
/// finding, no seat, no trick, no fine; the deal is replayed for its
/// findings and not settled.
pub(super) fn pots_unknown(record: &Record, report: &mut Report) {
    report.push(
        Problem::new(
            Kind::PotsUnknown,
            "the pots this deal starts from are not known: an earlier deal of the session was not settled, or could not be read or replayed",
        )
        .rule(Rule::DkPot6)
        .at(record.tag("Dealer").map_or(record.span, |t| t.span), "pots not known")
        .help("the deal is replayed for its findings but not settled: no payments, totals or pots, and its claim is not compared; give the pots before this deal with [Pots \"king-pot N, pagat-pot N\"]"),
    );
}

/// The end of a session (DK-POT-5): both pots are added together and
/// divided among the `seats` players at the table, floor(T / 5k) × 5 each;
/// the remainder goes to the player with the lowest net result over the
/// session (`scores`, per seat), the lowest seat among equals (Option
/// `division_tie = lowest-seat`). Returns the payments out of the pots, in
/// seat order, king pot first. The common interface has no end-of-session
/// step yet: a caller that knows the file is finished calls this with
/// `session.danish.pots` and `session.scores`.
pub fn end_of_session(pots: [i64; 2], scores: &[i64], seats: u8) -> Vec<Payment> {
    let k = seats as i64;
    let total = pots[0] + pots[1];
    let share = total / (5 * k) * 5;
    let mut owed: Vec<i64> = vec![share; seats as usize];
    let worst = (0..seats as usize)
        .min_by_key(|&s| (scores.get(s).copied().unwrap_or(0), s))
        .unwrap_or(0);
    owed[worst] += total - k * share;
    // Pay out of the king pot first, then the pagat pot.
    let mut left = pots;
    let mut out = Vec::new();
    for (s, mut amount) in owed.into_iter().enumerate() {
        for (i, pot) in [Pot::King, Pot::Pagat].into_iter().enumerate() {
            let take = amount.min(left[i]);
            if take > 0 {
                left[i] -= take;
                amount -= take;
                out.push(Payment {
                    payer: Party::Pot(pot),
                    payee: Party::Seat(Seat::new(s as u8)),
                    amount: take,
                    rule: Rule::DkPot5,
                    reason: Reason::from("division of the pots at the end of the session"),
                    at: Moment::Settlement,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_usual_pots_tag_reads_as_the_general_reading_does() {
        assert_eq!(parse_pots("king-pot 60, pagat-pot 145"), Some([60, 145]));
        assert_eq!(canonical_pots(b"king-pot 060, pagat-pot 0"), Some([60, 0]));
        assert_eq!(parse_pots("pagat-pot 5,  king-pot 7 "), Some([7, 5]));
        assert_eq!(parse_pots("king-pot +5, pagat-pot 1"), Some([5, 1]));
        // Beyond the largest amount, signs, missing or repeated pots.
        assert_eq!(canonical_pots(b"king-pot 1000000000001, pagat-pot 1"), None);
        assert_eq!(parse_pots("king-pot 1000000000001, pagat-pot 1"), None);
        assert_eq!(parse_pots("king-pot -5, pagat-pot 1"), None);
        assert_eq!(parse_pots("king-pot 5, pagat-pot 1, king-pot 2"), None);
        assert_eq!(parse_pots("king-pot 5"), None);
        assert_eq!(parse_pots("king-pot 5, pagat-pot"), None);
    }

    #[test]
    fn the_pots_are_divided_at_the_end_of_a_session() {
        // 145 + 60 = 205 among three: 65 each, the remainder 10 to the worst.
        let out = end_of_session([145, 60], &[30, -50, 20], 3);
        let mut got = [0i64; 3];
        for p in &out {
            if let Party::Seat(s) = p.payee {
                got[s.index()] += p.amount;
            }
        }
        assert_eq!(got, [65, 75, 65]);
        assert_eq!(out.iter().map(|p| p.amount).sum::<i64>(), 205);
        // A tie for the worst result: the lowest seat.
        let out = end_of_session([55, 50], &[-10, 20, -10, 0], 4);
        let to = |s: Seat| {
            out.iter()
                .filter(|p| p.payee == Party::Seat(s))
                .map(|p| p.amount)
                .sum::<i64>()
        };
        assert_eq!(
            [
                to(Seat::new(0)),
                to(Seat::new(1)),
                to(Seat::new(2)),
                to(Seat::new(3))
            ],
            [30, 25, 25, 25]
        );
    }
}
