//! `tarok verify`: the files given, each verified by the library's pipeline
//! in its sessions, every record's outcome written in order (text or JSON),
//! `--expect` compared, the summary and the exit code.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::{
    escape, fail, input, out, pipeline, players, report, severity, spool, ui, Format, Outcome,
};

pub(crate) fn verify(
    paths: &[PathBuf],
    format: Format,
    expect: bool,
    grouping: verifier::session::Grouping,
    quiet: bool,
) -> Outcome {
    let (files, unreadable) = input::collect_files(paths, &["tarok", "json", "jsonl"]);
    let mut out = out::Stdout::new();
    let mut err = io::stderr().lock();
    let mut tally = Tally::default();
    let run = Run {
        format,
        expect,
        grouping,
        quiet,
    };
    for e in &unreadable {
        tally.broken += 1;
        tally.broken_files.push(e.clone());
        tally.outcome = fail(e);
    }
    if files.len() == 1 {
        // One file (a session, maybe of a million deals): streamed straight out.
        let progress = ui::Progress::new(None, quiet);
        // Output and the bar share the terminal only when stdout is one.
        let shared = (progress.is_live() && ui::Stream::Stdout.is_terminal()).then_some(&progress);
        tally.add(verify_file(
            &files[0],
            run,
            &mut out,
            &mut err,
            Some(&progress),
            shared,
        ));
        progress.finish();
    } else {
        // Files are independent sessions: verified in parallel, a few at a
        // time, and reported in order.
        let progress = ui::Progress::new(Some(files.len() as u64), quiet);
        let one = |path: &PathBuf| {
            let (mut o, mut e) = (spool::Spool::default(), spool::Spool::default());
            let t = verify_file(path, run, &mut o, &mut e, None, None);
            (t, o, e)
        };
        // On one core, here: no pool started, nothing handed to it.
        let threads = pipeline::threads();
        for group in files.chunks(4 * threads) {
            let done: Vec<(Tally, spool::Spool, spool::Spool)> = if threads == 1 {
                group.iter().map(one).collect()
            } else {
                group.par_iter().map(one).collect()
            };
            for (t, o, e) in done {
                progress.suspend(|| {
                    if let Err(why) = o.give(&mut out) {
                        tally.outcome = fail(format!("output held back: {why}"));
                    }
                    let _ = out.flush();
                    let _ = e.give(&mut err);
                });
                tally.add(t);
            }
            progress.inc(group.len() as u64);
        }
        progress.finish();
    }
    if format == Format::Text && !quiet {
        // In corpus mode a record with findings is no failure when they
        // are the ones its file names: the summary says so.
        let found = if expect {
            format!(
                "{} with their expected findings, {} clean, {} not as expected",
                tally.with_expected,
                tally.records - tally.with_expected - tally.unexpected_records,
                tally.unexpected_records
            )
        } else {
            format!("{} with violations", tally.flagged)
        };
        let expected_note = if expect {
            format!(", {} file(s) as expected", tally.as_expected)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "{} file(s), {} record(s): {found}, {} unreadable{expected_note}",
            files.len(),
            tally.records,
            tally.broken
        );
        let mut list = |label: &str, names: &[String]| {
            // With one file, every diagnostic already names it.
            if files.len() > 1 && !names.is_empty() {
                let _ = writeln!(out, "{label}:");
                for name in names {
                    let _ = writeln!(out, "  {}", escape::text(name));
                }
            }
        };
        if expect {
            list("not as expected", &tally.unexpected_files);
        } else {
            list("violations in", &tally.flagged_files);
        }
        list("could not read", &tally.broken_files);
    }
    out.finish(tally.outcome)
}

/// How a verify run reads its files.
#[derive(Clone, Copy)]
struct Run {
    format: Format,
    expect: bool,
    grouping: verifier::session::Grouping,
    quiet: bool,
}

/// What verifying some files came to.
#[derive(Default)]
struct Tally {
    outcome: Outcome,
    records: usize,
    flagged: usize,
    broken: usize,
    as_expected: usize,
    /// `--expect`: records with findings in files as expected, and the
    /// records (readable or not) of files not as expected.
    with_expected: usize,
    unexpected_records: usize,
    /// Files with a record with violations, one that could not be read (or
    /// a file that could not be opened), one not as `--expect` expected.
    flagged_files: Vec<String>,
    broken_files: Vec<String>,
    unexpected_files: Vec<String>,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.outcome = self.outcome.max(other.outcome);
        self.records += other.records;
        self.flagged += other.flagged;
        self.broken += other.broken;
        self.as_expected += other.as_expected;
        self.with_expected += other.with_expected;
        self.unexpected_records += other.unexpected_records;
        self.flagged_files.extend(other.flagged_files);
        self.broken_files.extend(other.broken_files);
        self.unexpected_files.extend(other.unexpected_files);
    }
}

/// Verifies one file: its records in order, cut into sessions
/// (`verifier::session`). `progress` counts the records; output goes
/// through `shared` when the bar and the output share a terminal.
fn verify_file(
    path: &Path,
    run: Run,
    out: &mut dyn Write,
    err: &mut dyn Write,
    progress: Option<&ui::Progress>,
    shared: Option<&ui::Progress>,
) -> Tally {
    let Run {
        format,
        expect,
        grouping,
        ..
    } = run;
    let mut tally = Tally::default();
    // `verify` shows no events: the engines need not build them.
    let mut sessions = verifier::session::Sessions::new(grouping).without_events();
    let mut index = 0;
    // In --expect mode a file's output is held back until its findings are
    // compared with what its first record says to expect.
    let mut held = spool::Spool::default();
    let mut expected: Option<Vec<String>> = None;
    // What the file's records gave, as `--expect` compares it: at most
    // FOUND_KEPT findings are kept (no expectation names that many), the
    // rest counted.
    let mut found: Vec<String> = Vec::new();
    let mut found_more = 0usize;
    // What each record comes to, in order: its output written (or held)
    // and counted.
    // A record's output is gathered here and written at once; the output
    // of a record with very many findings goes on in pieces as it is made
    // (`Pieces`), so it is never held whole.
    let mut buf: Vec<u8> = Vec::new();
    let mut record = |read: &pipeline::Read, report: Option<&verifier::Report>| {
        buf.clear();
        let w = {
            let dest: Option<&mut dyn Write> = match (expect, shared) {
                (true, _) => Some(&mut held),
                // Output shared with the progress bar is written at once.
                (false, Some(_)) => None,
                (false, None) => Some(&mut *out),
            };
            written(
                read,
                report,
                index,
                format,
                expect,
                &mut Pieces {
                    buf: &mut buf,
                    dest,
                },
            )
        };
        tally.records += 1;
        match w.outcome {
            Some(Outcome::Clean) => {}
            Some(outcome) => {
                tally.flagged += 1;
                tally.outcome = tally.outcome.max(outcome);
            }
            None => {
                tally.broken += 1;
                tally.outcome = Outcome::BadInput;
            }
        }
        if index == 0 {
            expected = w.expected;
        }
        let room = FOUND_KEPT.saturating_sub(found.len());
        found_more += w.tokens.len().saturating_sub(room);
        found.extend(w.tokens.into_iter().take(room));
        if expect {
            let _ = held.write_all(&buf);
        } else if let (Some(bar), false) = (shared, buf.is_empty()) {
            bar.suspend(|| {
                let _ = out.write_all(&buf);
                let _ = out.flush();
            });
        } else {
            let _ = out.write_all(&buf);
        }
        if buf.capacity() > 4 * PIECE {
            buf = Vec::new();
        }
        index += 1;
        if let Some(bar) = progress.filter(|_| index % 256 == 0) {
            bar.set(index as u64);
        }
    };
    let read = pipeline::verify_file(path, &mut sessions, &mut record);
    let name = input::display_name(path);
    if tally.flagged > 0 {
        tally.flagged_files.push(name.clone());
    }
    if let Err(e) = &read {
        let _ = writeln!(err, "error: {}: {e}", escape::text(&name));
        tally.broken += 1;
        tally.outcome = Outcome::BadInput;
    } else if tally.records == 0 {
        let _ = writeln!(err, "error: {}: no record found", escape::text(&name));
        tally.broken += 1;
        tally.outcome = Outcome::BadInput;
    }
    if tally.broken > 0 || read.is_err() {
        tally.broken_files.push(name.clone());
    }
    if !expect {
        return tally;
    }
    if tally.outcome == Outcome::BadInput {
        if let Err(why) = held.give(out) {
            let _ = writeln!(err, "error: {name}: output held back: {why}");
            tally.outcome = Outcome::BadInput;
        }
        tally.unexpected_records = tally.records - tally.broken;
        tally.unexpected_files.push(name);
        return tally;
    }
    let wanted = expected.unwrap_or_default();
    if found_more == 0 && verifier::expect::matches(&wanted, &found) {
        tally.as_expected += 1;
        tally.with_expected = tally.flagged;
        if format == Format::Text && !run.quiet {
            let _ = writeln!(out, "{name}: as expected ({})", describe(&found));
        }
        tally.outcome = Outcome::Clean;
    } else {
        if let Err(why) = held.give(out) {
            let _ = writeln!(err, "error: {name}: output held back: {why}");
            tally.outcome = Outcome::BadInput;
        }
        let _ = writeln!(
            out,
            "{name}: expected {}, found {}{}",
            describe(&wanted),
            describe(&found),
            match found_more {
                0 => String::new(),
                n => format!(" and {n} more"),
            }
        );
        tally.unexpected_records = tally.records - tally.broken;
        tally.unexpected_files.push(name);
        tally.outcome = tally.outcome.max(Outcome::Violations);
    }
    tally
}

/// Findings `verify --expect` keeps of a file to compare with what it
/// expects: the rest are counted, so a file of a million findings is held
/// in memory as one of a thousand.
const FOUND_KEPT: usize = 1000;

/// One record's part of `verify_file`'s output, and what the tally needs.
struct Written {
    /// `None` for a record that could not be read; `Clean` without findings.
    outcome: Option<Outcome>,
    /// The findings as `--expect` compares them (only in that mode).
    tokens: Vec<String>,
    /// What the record says to expect (the first record of a file).
    expected: Option<Vec<String>>,
}

/// Writes one verified record (text or JSON) and reads off what the tally
/// needs.
fn written(
    read: &pipeline::Read,
    report: Option<&verifier::Report>,
    index: usize,
    format: Format,
    expect: bool,
    buf: &mut Pieces,
) -> Written {
    let (result, origin) = read;
    match (result, report) {
        (Ok(record), Some(report)) => {
            match format {
                // A clean record writes nothing: its text is not copied.
                Format::Text if report.problems.is_empty() => {}
                Format::Text => {
                    let names = players::names(record);
                    report::problems_text(buf, &origin.source(), &names, &report.problems)
                }
                Format::Json => report::read_json(buf, read, index, Some(report)),
            }
            let outcome = match report.problems.is_empty() {
                true => Outcome::Clean,
                false => severity(&report.problems),
            };
            Written {
                outcome: Some(outcome),
                tokens: match expect {
                    true => report
                        .problems
                        .iter()
                        .map(verifier::expect::token)
                        .collect(),
                    false => Vec::new(),
                },
                expected: match index {
                    0 => verifier::expect::expectation(record),
                    _ => None,
                },
            }
        }
        (Err(problems), _) => {
            match format {
                Format::Text => report::problems_text(buf, &origin.source(), &[], problems),
                Format::Json => report::read_json(buf, read, index, None),
            }
            Written {
                outcome: None,
                tokens: Vec::new(),
                expected: None,
            }
        }
        (Ok(_), None) => unreachable!("a report for every record read"),
    }
}

/// One record's output: gathered in `buf`, and handed on to `dest` in
/// pieces of [`PIECE`] bytes once it grows past that (a record with
/// 800,000 findings), so memory does not grow with the output of a record.
/// What is left in `buf` the caller writes.
struct Pieces<'a> {
    buf: &'a mut Vec<u8>,
    dest: Option<&'a mut dyn Write>,
}

/// Bytes of a record's output held before they are written on.
const PIECE: usize = 256 << 10;

impl Pieces<'_> {
    #[cold]
    fn pass_on(&mut self) -> io::Result<()> {
        if let Some(dest) = &mut self.dest {
            let done = dest.write_all(self.buf);
            self.buf.clear();
            done?;
        }
        Ok(())
    }
}

impl Write for Pieces<'_> {
    #[inline]
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.write_all(data).map(|()| data.len())
    }

    // serde_json writes every token with `write_all`: as cheap as a `Vec`'s.
    #[inline]
    fn write_all(&mut self, data: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(data);
        if self.buf.len() >= PIECE {
            return self.pass_on();
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn describe(tokens: &[String]) -> String {
    if tokens.is_empty() {
        "no findings".into()
    } else {
        tokens.join(", ")
    }
}
