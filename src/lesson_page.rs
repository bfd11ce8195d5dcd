//! `tarok explain --format html`: the command around the lesson page. It
//! reads the files, verifies their deals and writes the page that
//! [`crate::lesson::html`] draws; the lesson itself (`lesson/`) does no I/O,
//! so the fuzz target can build it without the rest of the binary.

use std::io::{self, Write};
use std::path::PathBuf;

use notation::Record;
use verifier::session::{Grouping, Sessions};
use verifier::Report;

use crate::lesson::html;

/// `tarok explain --format html PATH...`: one page for the deals of every
/// file read, on standard output; each file is its own session. Exit codes
/// as for the text form.
pub fn explain_html(paths: &[PathBuf], grouping: Grouping) -> crate::Outcome {
    let (files, unreadable) = crate::input::collect_files(paths, &["tarok", "json", "jsonl"]);
    let mut outcome = crate::Outcome::Clean;
    for e in &unreadable {
        outcome = crate::fail(e);
    }
    let mut deals: Vec<Result<(Record, Report), Vec<notation::Problem>>> = Vec::new();
    let mut err = io::stderr().lock();
    for file in &files {
        let mut sessions = Sessions::new(grouping);
        let read = crate::input::read_records(file, |(result, source)| match result {
            Ok(record) => {
                let report = sessions.verify(&record);
                if !report.problems.is_empty() {
                    outcome = outcome.max(crate::severity(&report.problems));
                }
                deals.push(Ok((record, report)));
            }
            Err(problems) => {
                outcome = crate::Outcome::BadInput;
                crate::report::render_all(&mut err, &source, &problems);
                deals.push(Err(problems));
            }
        });
        if let Err(e) = read {
            return crate::fail(format!("{}: {e}", crate::input::display_name(file)));
        }
    }
    let entries: Vec<html::Entry> = deals
        .into_iter()
        .enumerate()
        .map(|(index, d)| match d {
            Ok((record, report)) => html::Entry::Owned {
                index,
                record: Box::new(record),
                report: Box::new(report),
            },
            Err(problems) => html::Entry::Unreadable { index, problems },
        })
        .collect();
    let title = match files.as_slice() {
        [file] => match crate::input::display_name(file).rsplit('/').next() {
            Some(base) if !base.is_empty() && base != "-" => format!("Lesson: {base}"),
            _ => "Lesson".to_string(),
        },
        _ => "Lesson".to_string(),
    };
    let page = html::page(&title, &entries);
    let mut out = crate::out::Stdout::new();
    let _ = out.write_all(page.as_bytes());
    out.finish(outcome)
}
