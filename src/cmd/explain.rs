//! `tarok explain`: the teacher's view of every deal, as text.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::{explain, fail, input, out, pipeline, report, severity, Outcome};

pub(crate) fn explain(paths: &[PathBuf], grouping: verifier::session::Grouping) -> Outcome {
    let (files, mut outcome) = crate::files_to_read(paths, &["tarok", "json", "jsonl"]);
    let mut out = out::Stdout::new();
    // Deals told so far, over all files: a blank line between two.
    let mut told = 0;
    for file in &files {
        outcome = outcome.max(explain_file(file, grouping, &mut out, &mut told));
    }
    out.finish(outcome)
}

/// Tells the deals of one file, its own sessions.
fn explain_file(
    file: &Path,
    grouping: verifier::session::Grouping,
    out: &mut impl Write,
    told: &mut usize,
) -> Outcome {
    let mut err = io::stderr().lock();
    let mut outcome = Outcome::Clean;
    let mut sessions = verifier::session::Sessions::new(grouping);
    let mut index = 0;
    // The library's pipeline, as `verify` reads a file (in parallel where
    // it can, the same reports), with the events explain shows.
    let read = pipeline::verify_file(file, &mut sessions, &mut |(result, origin), verdict| {
        match (result, verdict) {
            (Ok(record), Some(verdict)) => {
                if !verdict.problems.is_empty() {
                    outcome = outcome.max(severity(&verdict.problems));
                }
                let sep = if *told > 0 { "\n" } else { "" };
                *told += 1;
                let told = explain::explain(record, verdict, index);
                let _ = write!(out, "{sep}{}", report::escape_controls(&told));
            }
            (Err(problems), _) => {
                outcome = Outcome::BadInput;
                report::render_all(&mut err, &origin.source(), problems);
            }
            (Ok(_), None) => unreachable!("a report for every record read"),
        }
        index += 1;
    });
    let _ = out.flush();
    if let Err(e) = read {
        return fail(format!("{}: {e}", input::display_name(file)));
    }
    outcome
}
