//! # tarok verifier
//!
//! Replays a record through the rules of its variant, lists every finding
//! (structural faults, broken rules) and settles the deal: a ledger line per
//! payment with its rule id, each seat's net result, and the state carried
//! to the next deal of a session (the Danish pots, running scores).
//!
//! The verifier reports, it never repairs: a record with violations is still
//! replayed to the end and settled as the rules direct. It does no I/O.
//!
//! ```
//! let text = "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n\ntrick 1: SK SQ\n";
//! let record = notation::parse_str(text).remove(0).unwrap();
//! let mut session = verifier::Session::default();
//! let report = verifier::verify(&record, &mut session);
//! assert_eq!(report.problems[0].kind, "wrong-trick-size");
//! ```

use notation::check::Table;
use notation::{Party, Problem, Record};

/// A payment from one party to another, with the rule that makes it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Payment {
    pub payer: Party,
    pub payee: Party,
    pub amount: i64,
    pub rule: &'static str,
    /// What the payment is for, in plain words ("king lost in trick 7").
    pub reason: String,
}

/// Something the replay wants a reader to know, in order: the material of
/// `tarok explain`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A trick is complete: who led, who won and why.
    Trick {
        trick: u16,
        leader: u8,
        winner: u8,
        reason: String,
    },
    /// A payment falls due.
    Payment(Payment),
    /// A rule applied, in plain words, with its id.
    Rule { rule: &'static str, text: String },
}

/// What verifying one record found.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Report {
    pub problems: Vec<Problem>,
    /// Payments in the order the rules make them; empty until the variant's
    /// engine settles deals.
    pub ledger: Vec<Payment>,
    /// Each seat's net result for the deal (index = seat).
    pub totals: Vec<i64>,
    #[serde(skip)]
    pub events: Vec<Event>,
    /// Whether a rules engine replayed the deal (false: structural checks
    /// only).
    pub settled: bool,
}

/// State that carries from one deal of a session file to the next.
#[derive(Debug, Clone, Default)]
pub struct Session {
    /// Running totals per seat.
    pub scores: Vec<i64>,
}

/// Verifies one record: structural checks, then the variant's rules.
pub fn verify(record: &Record, _session: &mut Session) -> Report {
    let problems = notation::check::structure(record);
    let _table: Option<Table> = notation::check::table(record).ok();
    Report {
        problems,
        ..Report::default()
    }
}
