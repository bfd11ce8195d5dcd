//! Random legal deals as `tarok gen` makes them, for every front end (the
//! `gen` command and Python's `tarok.generate`): one session of deals in
//! order, hands sorted as held, hands fixed by `--hands`, the Danish pots
//! carried from each deal's claim to the next deal's `Pots` tag
//! (`verifier::gen::Session`).
//!
//! ```
//! let deals = tarok::gen::Deals::new("danish-tarok", 7, 2, None, &[])?;
//! let records = deals.collect::<Result<Vec<_>, _>>()?;
//! assert_eq!(records.len(), 2);
//! // What the first deal leaves in the pots is the second's `Pots` tag.
//! assert!(records[1].tag("Pots").is_some());
//! let wrong = tarok::gen::Deals::new("chess", 1, 1, None, &[]).err().unwrap();
//! assert!(wrong.to_string().starts_with("`chess` is not a variant"));
//! # Ok::<(), tarok::gen::Error>(())
//! ```

use std::fmt;

use notation::{Record, Variant};
use verifier::gen::{Fixed, Rng, Session};

/// Why no deals can be made, in the words `tarok gen` prints.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The variant is not one of the four games.
    Variant(String),
    /// A fixed hand cannot be read or dealt (`--hands`; for a deal that
    /// cannot be dealt, its 1-based number).
    Hands(String),
    /// The variant is not played at this many seats.
    Seats(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Variant(m) | Error::Seats(m) => f.write_str(m),
            Error::Hands(m) => write!(f, "--hands: {m}"),
        }
    }
}

impl std::error::Error for Error {}

/// The deals of `tarok gen --variant V --seed S --count N [--seats K]
/// [--hands "SEAT: CARDS"]...`, in order; an item is an error when the
/// fixed hands cannot be dealt (then no more follow).
pub struct Deals {
    rng: Rng,
    session: Session,
    index: usize,
    count: usize,
}

impl Deals {
    /// The session `tarok gen` deals: `variant` by its name, the table of
    /// `seats` (the variant's first table size when `None`), `hands` as
    /// `--hands` takes them (`"0: SK SQ ..."`).
    pub fn new(
        variant: &str,
        seed: u64,
        count: usize,
        seats: Option<u8>,
        hands: &[String],
    ) -> Result<Deals, Error> {
        let Ok(variant) = variant.parse::<Variant>() else {
            return Err(Error::Variant(format!(
                "`{variant}` is not a variant (danish-tarok, french-tarot, koenigrufen, skill7-tarock)"
            )));
        };
        let seats = seats.unwrap_or(variant.table_sizes()[0]);
        let mut fixed = Fixed::default();
        for spec in hands {
            fixed.add_spec(variant, seats, spec).map_err(Error::Hands)?;
        }
        let Some(session) = Session::new(variant, seats, fixed) else {
            return Err(Error::Seats(format!(
                "{variant} is not played at a table of {seats}"
            )));
        };
        Ok(Deals {
            rng: Rng::new(seed),
            session,
            index: 0,
            count,
        })
    }
}

impl Iterator for Deals {
    type Item = Result<Record, Error>;

    fn next(&mut self) -> Option<Result<Record, Error>> {
        if self.index >= self.count {
            return None;
        }
        self.index += 1;
        let number = self.index;
        Some(self.session.next_deal(&mut self.rng).map_err(|e| {
            // No deal after one that cannot be dealt.
            self.index = self.count;
            Error::Hands(format!("deal {number}: {e}"))
        }))
    }
}
