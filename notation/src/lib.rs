//! # tarok notation
//!
//! Cards, the record model, the text notation's parser and printer, and the
//! JSON form, for the tarot family of card games (Danish Tarok, French
//! Tarot, Königrufen, Skill7 Tarock). This crate knows cards and syntax and
//! nothing of the rules: a revoke parses fine.
//!
//! ## Flow
//!
//! text → [`parse_str`] → [`Record`]s (with spans) → [`check::structure`]
//! (faults that need no rules engine) → the verifier. A record goes back to
//! text with [`to_text`] and to and from JSON with [`json`].
//!
//! ```
//! let text = "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n";
//! let record = tarok_notation::parse_str(text).remove(0).unwrap();
//! let json = tarok_notation::json::to_json(&record);
//! let back = tarok_notation::json::from_json(&json).unwrap();
//! assert_eq!(tarok_notation::to_text(&back), text.replace("]\n[", "]\n["));
//! ```
//!
//! ## Reading a file, and where things are
//!
//! Every element of a record keeps the [`Span`] it was read from, in text
//! and in JSON alike, so anything found about it can be pointed at: a line
//! and column ([`Span::line_col`]) and, in JSON, a path
//! ([`json::path_at`]). To verify the records too, depend on
//! `tarok-verifier`, which re-exports this crate and has a worked example.
//!
//! ```
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/examples/skill7-rufer.tarok");
//! let text = std::fs::read_to_string(path)?;
//! let record = tarok_notation::parse_str(&text).remove(0).unwrap();
//! // To JSON Lines and back: the same record.
//! let line = tarok_notation::json::to_json(&record);
//! let docs = tarok_notation::json::parse_json_doc(&format!("{line}\n{line}\n"));
//! assert_eq!(docs.len(), 2);
//! let again = docs.into_iter().next().unwrap().unwrap();
//! assert_eq!(again, record);
//! // Where the first card of trick 2 stands in the JSON line.
//! let span = again.tricks[1].plays[0].span;
//! assert_eq!(&line[span.start as usize..span.end as usize], "\"DQ\"");
//! assert_eq!(tarok_notation::json::path_at(&line, span.start as usize).as_deref(), Some("tricks[1].plays[0]"));
//! # Ok::<(), std::io::Error>(())
//! ```

#![warn(missing_docs)]

#[macro_use]
mod macros;

pub mod build;
pub mod card;
pub mod check;
pub mod json;
pub mod parse;
pub mod print;
pub mod problem;
pub mod record;
pub mod rule;
pub mod seats;
pub mod variant;
pub mod words;

pub use card::{Card, CardSet, Rank, Suit};
pub use parse::{parse_record, parse_record_boxed, parse_str, split_records};
pub use print::{records_to_text, to_text};
pub use problem::{Finding, Kind, Problem};
pub use record::*;
pub use rule::Rule;
pub use seats::{PerSeat, Seat, MAX_SEATS};
pub use variant::Variant;
