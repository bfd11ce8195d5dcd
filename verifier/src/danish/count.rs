//! The count, tælling (DK-COUNT-1 to DK-COUNT-4): card points, and what the
//! two players other than the next dealer receive from him or pay him.

#[cfg(test)]
use notation::Rank;
use notation::Rule;
use notation::{Card, Party, Seat};

use super::payments::Ending;
use super::Engine;
use crate::reason::{decimal, Reason};
use crate::Moment;

/// Count points of a card (DK-COUNT-1), from a table: a `match` on the
/// rank is a branch the processor guesses wrong on most shuffled cards.
#[inline]
pub fn card_points(c: Card) -> i64 {
    i64::from(POINTS[c.index() as usize])
}

/// [`card_points`] of every card by index (suits of 14 ranks, 1..K, then
/// T1..T22 and the fool), held equal to `points_by_rank` (test-only) by a test.
const POINTS: [u8; Card::COUNT] = crate::points::by_index(
    0,
    [1, 2, 3, 4],
    0,
    &[(Card::PAGAT, 4), (Card::MOND, 4), (Card::FOOL, 4)],
);

/// DK-COUNT-1 in the digest's words: the fool, the pagat, the mond and the
/// kings 4, queens 3, knights 2, jacks 1, any other card 0.
#[cfg(test)]
fn points_by_rank(c: Card) -> i64 {
    if c.is_fool() || c == Card::PAGAT || c == Card::MOND {
        return 4;
    }
    match c.rank() {
        Some(Rank::King) => 4,
        Some(Rank::Queen) => 3,
        Some(Rank::Knight) => 2,
        Some(Rank::Jack) => 1,
        _ => 0,
    }
}

/// The settlement of the count: R(p) = p − 26 rounded to the nearest
/// multiple of 5 (DK-COUNT-2, DK-COUNT-3).
pub fn count_amount(points: i64) -> i64 {
    let d = points - 26;
    d.signum() * ((d.abs() + 2) / 5) * 5
}

impl Engine {
    /// The count after the last trick (DK-COUNT-2) from the counted
    /// players' points; none after a nolo (DK-COUNT-4), where the ending
    /// has no count. With Option `tout_count = from-each` a tout player
    /// settles his count with each other player instead.
    pub(super) fn count(&mut self, e: &Ending) {
        match e.tout {
            Some(t) if self.o.tout_count_each => {
                for &(s, p) in e.counts.iter().filter(|c| c.0 == t) {
                    for o in self.seating.others(t) {
                        self.count_payment(o, s, count_amount(p), p);
                    }
                }
            }
            _ => {
                let nd = self.seating.dealer.next(self.seating.seats);
                for &(s, p) in e.counts.iter().filter(|c| c.0 != nd) {
                    self.count_payment(nd, s, count_amount(p), p);
                }
            }
        }
    }

    /// `payee` receives `r` from `payer` (or pays −r when negative).
    fn count_payment(&mut self, payer: Seat, payee: Seat, r: i64, p: i64) {
        if r == 0 {
            return;
        }
        let mut n = [0; 20];
        let reason = Reason::concat(&["the count: ", decimal(p, &mut n), " points"]);
        let at = Moment::Settlement;
        if r > 0 {
            self.out.pay(
                Party::Seat(payer),
                Party::Seat(payee),
                r,
                Rule::DkCount2,
                reason.clone(),
                at,
            );
        } else if r < 0 {
            self.out.pay(
                Party::Seat(payee),
                Party::Seat(payer),
                -r,
                Rule::DkCount2,
                reason,
                at,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_of_points_is_the_rule() {
        for i in 0..Card::COUNT as u8 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(card_points(c), points_by_rank(c), "{c}");
        }
        let pack: i64 = notation::Variant::DanishTarok
            .deck()
            .iter()
            .map(card_points)
            .sum();
        assert_eq!(pack, 52);
    }

    #[test]
    fn count_table_matches_the_digest() {
        let table = [
            (0, -25),
            (3, -25),
            (4, -20),
            (8, -20),
            (9, -15),
            (13, -15),
            (14, -10),
            (18, -10),
            (19, -5),
            (23, -5),
            (24, 0),
            (28, 0),
            (29, 5),
            (33, 5),
            (34, 10),
            (38, 10),
            (39, 15),
            (43, 15),
            (44, 20),
            (48, 20),
            (49, 25),
            (53, 25),
            (54, 30),
            (58, 30),
            (59, 35),
            (63, 35),
            (64, 40),
            (68, 40),
            (69, 45),
            (73, 45),
            (74, 50),
            (78, 50),
        ];
        for (p, r) in table {
            assert_eq!(count_amount(p), r, "{p} points");
        }
    }
}
