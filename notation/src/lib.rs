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
//! let record = notation::parse_str(text).remove(0).unwrap();
//! let json = notation::json::to_json(&record);
//! let back = notation::json::from_json(&json).unwrap();
//! assert_eq!(notation::to_text(&back), text.replace("]\n[", "]\n["));
//! ```

#[macro_use]
mod macros;

pub mod card;
pub mod check;
pub mod json;
pub mod parse;
pub mod print;
pub mod problem;
pub mod record;
pub mod variant;
pub mod words;

pub use card::{Card, CardSet, Rank, Suit};
pub use parse::{parse_record, parse_str, split_records};
pub use print::{records_to_text, to_text};
pub use problem::Problem;
pub use record::*;
pub use variant::Variant;
