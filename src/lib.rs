//! `tarok`, the library behind every front end: the `tarok` binary, the
//! Python package and Rust callers read, verify and report through it, so
//! they give one answer.
//!
//! - [`input`]: files, folders and standard input; text, JSON and JSON
//!   Lines told apart (`sniff`); the reader's limits (a line 1 MiB, a
//!   record 16 MiB, regular files only); every record with its [`Source`]
//!   (file, offset, line) for located errors ([`input::Lines`]).
//! - [`pipeline`]: the records of one file verified in sessions as
//!   `tarok verify` cuts them, in parallel, reports in order.
//! - [`players`]: the names of the `Players` tag ("seat 2 (Cara)").
//! - [`report`]: the outcome of a record as every front end shows it: the
//!   diagnostics (miette, a window around each place) and the JSON line of
//!   `tarok verify --format json` ([`report::record_json`]); [`escape`]
//!   makes text from outside safe for each output form; [`rules`] is the
//!   rules reference each finding's help points at.
//!
//! [`Source`]: input::Source

pub mod escape;
pub mod input;
pub mod pipeline;
pub mod players;
pub mod report;
pub mod rules;
