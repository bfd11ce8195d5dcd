//! One value per seat of a table ([`PerSeat`]), indexed by [`Seat`]
//! rather than by `seat as usize` into a `Vec` or an array.

use std::ops::{Index, IndexMut};

use crate::record::Seat;

/// The most seats a table of any variant has ([`crate::Variant::table_sizes`]).
pub const MAX_SEATS: usize = 4;

/// One value per seat of a table of `seats` seats (at most
/// [`MAX_SEATS`]), indexed by [`Seat`]. It lives on the stack and is
/// copied as cheaply as its values.
///
/// Indexing by a seat the table does not have panics, as a slice would:
/// seats read from a record are checked first ([`crate::check`]), and
/// [`PerSeat::get`] takes a seat that may be out of range.
///
/// ```
/// use tarok_notation::PerSeat;
///
/// let mut points: PerSeat<u32> = PerSeat::new(3);
/// points[1] += 5;
/// assert_eq!(points.values(), &[0, 5, 0]);
/// assert_eq!(points.get(3), None);
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
                f(i as Seat)
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
        self.values().get(seat as usize)
    }

    /// The value of `seat` to change, or `None` when the table has no such
    /// seat.
    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        self.values_mut().get_mut(seat as usize)
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
        0..self.seats
    }

    /// Each seat with its value, in seat order.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.values()
            .iter()
            .enumerate()
            .map(|(i, v)| (i as Seat, v))
    }
}

impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;

    fn index(&self, seat: Seat) -> &T {
        &self.values()[seat as usize]
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.values_mut()[seat as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexes_only_the_seats_of_the_table() {
        let mut p = PerSeat::from_fn(3, |s| u32::from(s) * 10);
        p[2] += 1;
        assert_eq!(p.values(), &[0, 10, 21]);
        assert_eq!(p.iter().map(|(s, v)| (s, *v)).last(), Some((2, 21)));
        assert_eq!(p.get(3), None);
        assert_eq!(p.seats().count(), 3);
        assert!(std::panic::catch_unwind(|| p[3]).is_err());
        assert_eq!(PerSeat::<u8>::new(9).len(), MAX_SEATS);
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
