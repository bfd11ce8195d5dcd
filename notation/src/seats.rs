//! A seat of a table ([`Seat`]) and one value per seat ([`PerSeat`]),
//! indexed by a seat rather than by `seat as usize` into a `Vec` or an
//! array.

use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

/// A seat number as written (`0..n-1` in order of play; `hand 2:`,
/// `2 pass`). It may be out of range for its table: that is a structural
/// fault, reported by [`crate::check`] (ALL-1), so code that indexes by a
/// seat read from a record checks it first or uses [`PerSeat::get`].
///
/// It is written, read and serialized as its number.
///
/// ```
/// use tarok_notation::Seat;
///
/// let seat = Seat::new(3);
/// assert_eq!(seat.next(4), Seat::new(0));
/// assert_eq!(seat.to_string(), "3");
/// assert_eq!(Seat::all(3).map(Seat::number).collect::<Vec<_>>(), [0, 1, 2]);
/// ```
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
#[repr(transparent)]
pub struct Seat(u8);

impl Seat {
    /// The seat numbered `number`.
    pub const fn new(number: u8) -> Seat {
        Seat(number)
    }

    /// The seat's number, as written.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The seat's number as an index into a per-seat list.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat after this one in order of play at a table of `seats`
    /// seats (after the last comes seat 0).
    pub const fn next(self, seats: u8) -> Seat {
        Seat(((self.0 as u16 + 1) % seats as u16) as u8)
    }

    /// The seat `steps` places after this one in order of play at a table
    /// of `seats` seats.
    pub const fn after(self, steps: usize, seats: u8) -> Seat {
        Seat(((self.0 as usize + steps) % seats as usize) as u8)
    }

    /// The seat `steps` places before this one in order of play at a
    /// table of `seats` seats.
    pub const fn before(self, steps: usize, seats: u8) -> Seat {
        let n = seats as usize;
        Seat(((self.0 as usize % n + n - steps % n) % n) as u8)
    }

    /// How many places after `first` this seat sits in order of play at a
    /// table of `seats` seats (0 for `first` itself): the inverse of
    /// [`Seat::after`].
    pub const fn since(self, first: Seat, seats: u8) -> usize {
        (self.0 as usize + seats as usize - first.0 as usize % seats as usize) % seats as usize
    }

    /// The seats of a table of `seats` seats, in order of play from 0.
    pub fn all(seats: u8) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator + Clone {
        (0..seats).map(Seat)
    }
}

impl From<u8> for Seat {
    fn from(number: u8) -> Seat {
        Seat(number)
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.0
    }
}

impl From<Seat> for u32 {
    fn from(seat: Seat) -> u32 {
        u32::from(seat.0)
    }
}

impl From<Seat> for u64 {
    fn from(seat: Seat) -> u64 {
        u64::from(seat.0)
    }
}

impl From<Seat> for usize {
    fn from(seat: Seat) -> usize {
        usize::from(seat.0)
    }
}

/// A seat from a number read as a wider integer: out of `u8` range is no
/// seat.
macro_rules! seat_from_wider {
    ($($t:ty),*) => {$(
        impl TryFrom<$t> for Seat {
            type Error = std::num::TryFromIntError;

            fn try_from(number: $t) -> Result<Seat, Self::Error> {
                u8::try_from(number).map(Seat)
            }
        }
    )*};
}

seat_from_wider!(u16, u32, u64, usize, i64);

/// A seat written as its number (`2`); a number over 255 is no seat.
impl std::str::FromStr for Seat {
    type Err = std::num::ParseIntError;

    fn from_str(text: &str) -> Result<Seat, Self::Err> {
        text.parse().map(Seat)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// The most seats a table of any variant has ([`crate::Variant::table_sizes`]).
pub const MAX_SEATS: usize = 4;

/// One value per seat of a table of `seats` seats (at most
/// [`MAX_SEATS`]), indexed by [`Seat`]. It lives on the stack and is
/// copied as cheaply as its values.
///
/// Indexing by a seat the table does not have panics in debug builds (see
/// the `Index` impl): seats read from a record are checked first
/// ([`crate::check`]), and [`PerSeat::get`] takes a seat that may be out of
/// range.
///
/// ```
/// use tarok_notation::{PerSeat, Seat};
///
/// let mut points: PerSeat<u32> = PerSeat::new(3);
/// points[Seat::new(1)] += 5;
/// assert_eq!(points.values(), &[0, 5, 0]);
/// assert_eq!(points.get(Seat::new(3)), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PerSeat<T> {
    values: [T; MAX_SEATS],
    seats: u8,
}

impl<T: Default> PerSeat<T> {
    /// A default value for each of `seats` seats (clamped to [`MAX_SEATS`]).
    pub fn new(seats: u8) -> PerSeat<T> {
        PerSeat::from_fn(seats, |_| T::default())
    }

    /// The value `f(seat)` for each of `seats` seats (clamped to
    /// [`MAX_SEATS`]).
    pub fn from_fn(seats: u8, mut f: impl FnMut(Seat) -> T) -> PerSeat<T> {
        let seats = seats.min(MAX_SEATS as u8);
        let values = std::array::from_fn(|i| {
            if i < seats as usize {
                f(Seat(i as u8))
            } else {
                T::default()
            }
        });
        PerSeat { values, seats }
    }
}

impl<T> PerSeat<T> {
    /// How many seats the table has.
    pub fn len(&self) -> usize {
        self.seats as usize
    }

    /// Whether the table has no seats.
    pub fn is_empty(&self) -> bool {
        self.seats == 0
    }

    /// The value of `seat`, or `None` when the table has no such seat.
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.values().get(seat.index())
    }

    /// The value of `seat` to change, or `None` when the table has no such
    /// seat.
    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        self.values_mut().get_mut(seat.index())
    }

    /// The values in seat order.
    pub fn values(&self) -> &[T] {
        &self.values[..self.seats as usize]
    }

    /// The values in seat order, to change.
    pub fn values_mut(&mut self) -> &mut [T] {
        &mut self.values[..self.seats as usize]
    }

    /// The seats of the table, in order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + Clone {
        Seat::all(self.seats)
    }

    /// Each seat with its value, in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.values()
            .iter()
            .enumerate()
            .map(|(i, v)| (Seat(i as u8), v))
    }
}

/// Indexing checks the seat against [`MAX_SEATS`] only (one comparison
/// in the engines' inner loops); debug builds also check it against the
/// table. Seats read from a record are checked before any engine indexes
/// by them (ALL-1), so in a release build a seat beyond the table reads or
/// writes the unused slot, which [`PerSeat::values`] never shows.
impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;

    #[inline]
    fn index(&self, seat: Seat) -> &T {
        debug_assert!(
            seat.number() < self.seats,
            "seat {seat} at a table of {}",
            self.seats
        );
        &self.values[seat.index()]
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    #[inline]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        debug_assert!(
            seat.number() < self.seats,
            "seat {seat} at a table of {}",
            self.seats
        );
        &mut self.values[seat.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_only_the_seats_of_the_table() {
        let mut p = PerSeat::from_fn(3, |s| u32::from(s.number()) * 10);
        p[Seat::new(2)] += 1;
        assert_eq!(p.values(), &[0, 10, 21]);
        assert_eq!(
            p.iter().map(|(s, v)| (s, *v)).last(),
            Some((Seat::new(2), 21))
        );
        assert_eq!(p.get(Seat::new(3)), None);
        assert_eq!(p.seats().count(), 3);
        #[cfg(debug_assertions)]
        assert!(std::panic::catch_unwind(|| p[Seat::new(3)]).is_err());
        assert!(std::panic::catch_unwind(|| p[Seat::new(4)]).is_err());
        assert_eq!(PerSeat::<u8>::new(9).len(), MAX_SEATS);
    }

    #[test]
    fn seats_go_round_the_table() {
        assert_eq!(Seat::new(2).next(3), Seat::new(0));
        assert_eq!(Seat::new(1).next(4), Seat::new(2));
        assert_eq!(Seat::new(3).after(2, 4), Seat::new(1));
        assert_eq!(Seat::new(1).since(Seat::new(3), 4), 2);
        assert_eq!(Seat::new(3).since(Seat::new(3), 4), 0);
        assert_eq!(Seat::new(1).before(2, 4), Seat::new(3));
        assert_eq!(Seat::new(255).next(4), Seat::new(0));
        assert_eq!(Seat::all(4).next_back(), Some(Seat::new(3)));
        assert_eq!(serde_json::to_string(&Seat::new(2)).unwrap(), "2");
        assert_eq!(serde_json::from_str::<Seat>("3").unwrap(), Seat::new(3));
    }

    #[test]
    fn every_table_fits() {
        for v in crate::Variant::ALL {
            assert!(
                v.table_sizes().iter().all(|&n| n as usize <= MAX_SEATS),
                "{v}"
            );
        }
    }
}
