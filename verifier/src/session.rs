//! Where sessions begin and end in a stream of records.
//!
//! The records of one input (a file, a JSON document, standard input) are
//! the deals of one session in order, unless a record says otherwise with
//! its `Session` tag (spec/notation.md §2.3):
//!
//! - `[Session "new"]`: this deal opens a new session; nothing carries over
//!   from the deals before it.
//! - `[Session "end"]`: this deal closes its session (Danish Tarok: the pots
//!   are divided, DK-POT-5); the next deal opens a new one.
//! - `[Session "new, end"]`: a session of this one deal.
//!
//! [`Grouping::Independent`] (`tarok verify --independent`) makes every
//! record a session of its own, whatever its tags say: the way to check an
//! export of unrelated deals.
//!
//! [`Sessions`] applies the rule while the records go by, so that every
//! front end (`tarok verify`, `tarok explain`, `tarok report`, a binding)
//! cuts sessions the same way.
//!
//! ```
//! use tarok_verifier::session::{Grouping, Sessions};
//! let text = "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n\n\
//!             [Variant \"skill7-tarock\"]\n[Dealer \"2\"]\n[Session \"new\"]\n";
//! let mut sessions = Sessions::new(Grouping::File);
//! for record in notation::parse_str(text) {
//!     sessions.verify(&record.unwrap());
//! }
//! assert_eq!(sessions.number(), 1); // the second record opened session 1
//! ```

mod batch;
pub use batch::Ahead;

use notation::Kind;
use notation::{Problem, Record};

use crate::{Report, Session};

/// How the records of one input are grouped into sessions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Grouping {
    /// One session per input, cut where `Session` tags say (the default).
    #[default]
    File,
    /// Every record is a session of its own.
    Independent,
}

/// What a record's `Session` tag says about its place in a session.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Mark {
    /// The deal opens a session (`new`).
    pub opens: bool,
    /// The deal closes its session (`end`).
    pub closes: bool,
}

/// Reads a record's `Session` tag: `new`, `end` or `new, end`. A record
/// without the tag neither opens nor closes a session.
pub fn mark(record: &Record) -> Result<Mark, Box<Problem>> {
    let Some(tag) = record.tag("Session") else {
        return Ok(Mark::default());
    };
    let mut mark = Mark::default();
    for word in tag.value.split(',').map(str::trim) {
        match word {
            "new" => mark.opens = true,
            "end" => mark.closes = true,
            _ => {
                return Err(Box::new(
                    Problem::new(
                        Kind::BadTag,
                        format!("`{}` is not a place in a session", tag.value),
                    )
                    .at(tag.span, "expected `new`, `end` or `new, end`")
                    .help(
                        "`new` opens a session with this deal, `end` closes it after this deal \
                     (spec/notation.md §2.3)",
                    ),
                ))
            }
        }
    }
    Ok(mark)
}

/// Whether `record` opens a new session, given how the records are
/// grouped, whether it is the first record of its input, and whether the
/// deal before it closed its session. A record whose `Session` tag cannot
/// be read opens no session.
pub fn starts_session(
    record: &Record,
    grouping: Grouping,
    first: bool,
    previous_closed: bool,
) -> bool {
    first
        || previous_closed
        || grouping == Grouping::Independent
        || mark(record).is_ok_and(|m| m.opens)
}

/// The sessions of one input, followed record by record: the state that
/// carries from deal to deal, reset wherever a session starts.
#[derive(Debug, Clone, Default)]
pub struct Sessions {
    grouping: Grouping,
    state: Session,
    /// Sessions started so far.
    started: usize,
    /// The last verified deal closed its session.
    closed: bool,
    /// The engines build no events ([`Sessions::without_events`]).
    no_events: bool,
    /// Batches still to verify without guessing the Danish state carried
    /// between deals: most guesses failed lately ([`Sessions::verify_batch`]).
    guess_pause: u32,
}

impl Sessions {
    /// The sessions of one input, cut by `grouping`; events are built
    /// (see [`Sessions::without_events`]).
    pub fn new(grouping: Grouping) -> Sessions {
        Sessions {
            grouping,
            ..Sessions::default()
        }
    }

    /// The same sessions, with reports that carry no events (`tarok
    /// verify` shows none): the words of the trick winners, the running
    /// card points and the rules applied are then not written at all.
    pub fn without_events(self) -> Sessions {
        Sessions {
            no_events: true,
            ..self
        }
    }

    /// Verifies the next record of the input, in a fresh session when the
    /// record starts one.
    pub fn verify(&mut self, record: &Record) -> Report {
        if starts_session(record, self.grouping, self.started == 0, self.closed) {
            self.state = Session::default();
            self.started += 1;
        }
        self.closed = mark(record).is_ok_and(|m| m.closes);
        let replayed = crate::replay(record, &mut self.state, !self.no_events);
        crate::carry(record, &mut self.state, replayed)
    }

    /// A record of the input could not be read: what it did to the session
    /// is lost (Danish Tarok: the next deal's pots are unknown), unless the
    /// next record starts a session of its own anyway.
    pub fn lost(&mut self) {
        self.state.lost();
    }

    /// The 0-based number of the session the last verified record belongs
    /// to (0 before any record).
    pub fn number(&self) -> usize {
        self.started.saturating_sub(1)
    }

    /// The state carried to the next deal of the current session.
    pub fn state(&self) -> &Session {
        &self.state
    }
}
