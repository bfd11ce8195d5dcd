//! The count, tælling (DK-COUNT-1 to DK-COUNT-4): card points, and what the
//! two players other than the next dealer receive from him or pay him.

use notation::{Card, Party, Rank, Seat};

use super::payments::Outcome;
use super::state::Game;
use super::Replay;
use crate::reason::{decimal, Reason};
use crate::Moment;

/// Count points of a card (DK-COUNT-1).
pub fn card_points(c: Card) -> i64 {
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

impl Replay<'_, '_> {
    /// The count after the last trick (DK-COUNT-2); none after a nolo
    /// (DK-COUNT-4). With Option `tout_count = from-each` a tout player
    /// settles his count with each other player instead.
    pub(super) fn count(&mut self, game: &Game, outcome: &Outcome) {
        if outcome.nolo.is_some() {
            return;
        }
        let points = game.points;
        match outcome.tout {
            Some(t) if self.o.tout_count_each => {
                let r = count_amount(points[t as usize]);
                for o in self.seating.others(t) {
                    self.count_payment(o, t, r, points[t as usize]);
                }
            }
            _ => {
                let nd = (self.seating.dealer + 1) % self.seating.seats;
                for s in self.seating.others(nd) {
                    let p = points[s as usize];
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
                "DK-COUNT-2",
                reason.clone(),
                at,
            );
        } else if r < 0 {
            self.out.pay(
                Party::Seat(payee),
                Party::Seat(payer),
                -r,
                "DK-COUNT-2",
                reason,
                at,
            );
        }
    }
}
