//! `tarok`, the library behind every front end: the `tarok` binary, the
//! Python package and Rust callers read, verify and report through it, so
//! they give one answer.
//!
//! - [`input`]: files, folders and standard input; text, JSON and JSON
//!   Lines told apart (`sniff`); the reader's limits (a line 1 MiB, a
//!   record 2 MiB and 1,000 cards, regular files only); every record with its [`Source`]
//!   (file, offset, line) for located errors ([`input::Lines`]).
//! - [`pipeline`]: the records of one file verified in sessions as
//!   `tarok verify` cuts them, in parallel, reports in order.
//! - [`gen`]: the random deals of `tarok gen`.
//! - [`players`]: the names of the `Players` tag ("seat 2 (Cara)").
//! - [`report`]: the outcome of a record as every front end shows it: the
//!   diagnostics (miette, a window around each place) and the JSON line of
//!   `tarok verify --format json` ([`report::record_json`]); [`escape`]
//!   makes text from outside safe for each output form; [`rules`] is the
//!   rules reference each finding's help points at.
//!
//! [`Source`]: input::Source
//!
//! ## Reading a file and verifying it, as `tarok verify` does
//!
//! ```
//! use tarok::verifier::session::{Grouping, Sessions};
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/danish-tarok/20-revoke.tarok");
//! // One file, one session (cut where `Session` tags say); no events.
//! let mut sessions = Sessions::new(Grouping::File).without_events();
//! let (mut lines, mut index) = (Vec::new(), 0);
//! tarok::pipeline::verify_file(path.as_ref(), &mut sessions, &mut |read, report| {
//!     let (_, origin) = read;
//!     match report {
//!         // Every finding with its line and column in the file.
//!         Some(report) => {
//!             let source = origin.source();
//!             for p in &report.problems {
//!                 let (line, column) = source.line_col(p.span.unwrap().start as usize);
//!                 println!("{}:{line}:{column}: {}", source.name, p.code());
//!             }
//!             assert_eq!(report.totals, [-55, -45, -110]);
//!         }
//!         // A record that could not be read: `read.0` holds why.
//!         None => {}
//!     }
//!     // The `--format json` line of the record, byte for byte.
//!     let mut line = Vec::new();
//!     tarok::report::read_json(&mut line, read, index, report);
//!     lines.push(String::from_utf8(line).unwrap());
//!     index += 1;
//! })?;
//! assert!(lines[0].contains(r#""kind":"revoke","rule":"DK-PLAY-2","seat":2,"trick":4"#));
//! # Ok::<(), std::io::Error>(())
//! ```

pub mod escape;
pub use verifier;

pub mod explain;
pub mod frames;
pub mod gen;
pub mod input;
pub mod lang;
pub mod lesson;
pub mod pipeline;
pub mod players;
pub mod report;
pub mod rules;
