//! Players, seats, dealer (DK-SEAT-1 to DK-SEAT-3): who is active, the
//! order of play and of declaring, and who deals the next deal.

use notation::Kind;
use notation::Rule;
use notation::{Problem, Record, Seat};

use crate::Report;

/// The table of one deal: who deals, who plays, in which order.
#[derive(Debug, Clone, Copy)]
pub(super) struct Seating {
    /// Seats at the table (3 or 4).
    pub seats: u8,
    pub dealer: Seat,
    /// Active seats in declaring order: dealer, next, third (DK-SEAT-1).
    pub order: [Seat; 3],
    /// [`Seating::from`] for leaders 0 to 3, worked out once.
    from: [[Seat; 3]; 4],
}

impl Seating {
    pub fn new(table: &notation::check::Table) -> Seating {
        let dealer = table.dealer;
        let next = |s: Seat| {
            let mut n = s.next(table.seats);
            if table.sits_out() == Some(n) {
                n = n.next(table.seats);
            }
            n
        };
        let mut seating = Seating {
            seats: table.seats,
            dealer,
            order: [dealer, next(dealer), next(next(dealer))],
            from: [[Seat::new(0); 3]; 4],
        };
        seating.from = std::array::from_fn(|l| seating.order_from(Seat::new(l as u8)));
        seating
    }

    /// The next active player in the order of play (DK-SEAT-1, DK-SEAT-2):
    /// with four at the table, the seat opposite the dealer sits out.
    pub fn next(&self, s: Seat) -> Seat {
        let mut n = s.next(self.seats);
        if self.seats == 4 && n == self.dealer.after(2, 4) {
            n = n.next(4);
        }
        n
    }

    pub fn is_active(&self, s: Seat) -> bool {
        self.order.contains(&s)
    }

    /// The three seats of a trick led by `leader`, in order of play.
    #[inline]
    pub fn from(&self, leader: Seat) -> [Seat; 3] {
        match self.from.get(usize::from(leader)) {
            Some(&seats) => seats,
            None => self.order_from(leader),
        }
    }

    fn order_from(&self, leader: Seat) -> [Seat; 3] {
        [leader, self.next(leader), self.next(self.next(leader))]
    }

    /// The two other active players.
    pub fn others(&self, s: Seat) -> [Seat; 2] {
        let mut out = [s; 2];
        let mut k = 0;
        for o in self.order {
            if o != s && k < 2 {
                out[k] = o;
                k += 1;
            }
        }
        out
    }
}

/// DK-SEAT-3: the deal passes to the right, or stays after a re-deal. A
/// record with a Pots tag stands on its own and is not checked.
pub(super) fn check_dealer(
    record: &Record,
    expected: Option<Seat>,
    dealer: Seat,
    report: &mut Report,
) {
    if let (Some(expected), None) = (expected, record.tag("Pots")) {
        if expected != dealer {
            let span = record.tag("Dealer").map_or(record.span, |t| t.span);
            report.push(
                Problem::new(
                    Kind::Other,
                    format!("seat {dealer} deals, but seat {expected} deals this deal of the session"),
                )
                .rule(Rule::DkSeat3)
                .seat(dealer)
                .at(span, "not the next dealer")
                .help("the next dealer is the player on the dealer's right; the same dealer deals again after a misdeal demand or a wrong deal found before play"),
            );
        }
    }
}
