//! `tarok report`: the tournament director's report (`crate::director`).

use std::path::{Path, PathBuf};

use crate::{director, escape, input, out, Outcome, ReportFormat};

pub(crate) fn director_report(
    paths: &[PathBuf],
    format: ReportFormat,
    grouping: verifier::session::Grouping,
    players: Option<&Path>,
    csv: &director::CsvTarget,
    lang: director::Lang,
) -> Outcome {
    let csv_asked = csv.out.is_some() || csv.table.is_some() || csv.excel;
    if csv_asked && !matches!(format, ReportFormat::Csv) {
        eprintln!("error: --out, --table and --excel go with --format csv");
        return Outcome::BadInput;
    }
    let register = match players.map(std::fs::read_to_string) {
        None => None,
        Some(Ok(text)) => Some(director::Register::parse(&text)),
        Some(Err(e)) => {
            eprintln!(
                "error: cannot read the register {}: {e}",
                escape::text(&players.unwrap_or(Path::new("")).display().to_string())
            );
            return Outcome::BadInput;
        }
    };
    let (files, mut unopened) = input::collect_files(paths, &["tarok", "json", "jsonl"]);
    // What the walk could not read is in the report too: never "all agrees"
    // over a path that was not read.
    // Each deal is added to the report as it is verified, and dropped.
    let mut builder = director::Builder::new(register.as_ref());
    let unread = director::collect(&files, grouping, &mut builder);
    unopened.extend(unread);
    let mut sheet = builder.finish(files.len(), unopened);
    sheet.lang = lang;
    // Written as it goes: a failed write is kept by `out` (exit 2).
    let mut out = out::Stdout::new();
    let _ = match format {
        ReportFormat::Text => director::text(&sheet, &mut out),
        ReportFormat::Markdown => director::markdown(&sheet, &mut out),
        ReportFormat::Csv => match director::csv_for(&sheet, csv, &mut out) {
            Ok(()) => Ok(()),
            Err(e) => {
                eprintln!("error: {}", escape::text(&e));
                return Outcome::BadInput;
            }
        },
        ReportFormat::Html => director::html(&sheet, &mut out),
        ReportFormat::Json => director::json(&sheet, &mut out),
    };
    let written = out.finish(Outcome::Clean);
    for u in &sheet.summary.unopened {
        eprintln!("error: {}", escape::text(u));
    }
    if written == Outcome::BadInput {
        return written;
    }
    // As `verify`: a tag the tools need that is wrong is bad input.
    let bad_tag = sheet.irregularities.bad_tag;
    if !sheet.summary.unopened.is_empty() || sheet.summary.unreadable > 0 || bad_tag {
        Outcome::BadInput
    } else if sheet.has_findings() {
        Outcome::Violations
    } else {
        Outcome::Clean
    }
}
