//! `tarok report`: the tournament director's report (`crate::director`).

use std::io::Write;
use std::path::PathBuf;

use crate::{director, escape, input, out, Outcome, ReportFormat};

pub(crate) fn director_report(
    paths: &[PathBuf],
    format: ReportFormat,
    grouping: verifier::session::Grouping,
) -> Outcome {
    let (files, mut unopened) = input::collect_files(paths, &["tarok", "json", "jsonl"]);
    // What the walk could not read is in the report too: never "all agrees"
    // over a path that was not read.
    let (sessions, unread) = director::collect(&files, grouping);
    unopened.extend(unread);
    let sheet = director::Sheet::build(&sessions, files.len(), unopened);
    let page = match format {
        ReportFormat::Text => director::text(&sheet),
        ReportFormat::Markdown => director::markdown(&sheet),
        ReportFormat::Csv => director::csv(&sheet),
        ReportFormat::Html => director::html(&sheet),
        ReportFormat::Json => director::json(&sheet),
    };
    let mut out = out::Stdout::new();
    let _ = out.write_all(page.as_bytes());
    let written = out.finish(Outcome::Clean);
    for u in &sheet.summary.unopened {
        eprintln!("error: {}", escape::text(u));
    }
    if written == Outcome::BadInput {
        return written;
    }
    // As `verify`: a tag the tools need that is wrong is bad input.
    let bad_tag = sheet
        .irregularities
        .rows
        .iter()
        .any(|r| r.kind == "bad-tag");
    if !sheet.summary.unopened.is_empty() || sheet.summary.unreadable > 0 || bad_tag {
        Outcome::BadInput
    } else if sheet.has_findings() {
        Outcome::Violations
    } else {
        Outcome::Clean
    }
}
