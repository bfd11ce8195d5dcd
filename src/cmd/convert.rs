//! `tarok convert`: text, JSON and JSON Lines into each other.

use std::io::{self, Write};
use std::path::PathBuf;

use crate::{fail, indent, input, out, report, ui, Outcome, To};

pub(crate) fn convert(paths: &[PathBuf], to: Option<To>, quiet: bool) -> Outcome {
    let (files, mut outcome) = crate::files_to_read(paths, &["tarok", "json", "jsonl"]);
    let mut out = out::Stdout::new();
    let mut err = io::stderr().lock();
    let mut count = 0usize;
    let mut target = to;
    // A count of records on stderr, unless the records go to the terminal.
    let progress = ui::Progress::new(None, quiet || ui::Stream::Stdout.is_terminal());
    // JSON Lines are written into one buffer, reused, and handed on in
    // large writes of whole lines (no copy per record, no allocation).
    let mut lines: Vec<u8> = Vec::with_capacity(2 * JSON_LINES_WRITE);
    // Text likewise: each record's checked text is printed straight into
    // it, no `String` per record.
    let mut text = String::new();
    // The records of every file, in order, as one stream. A record's text
    // is copied out of the block it was read in only for a finding.
    let mut each = |raw: input::Raw| {
        let (result, origin) = raw.read();
        let to = *target.get_or_insert_with(|| match input::sniff(origin.text()) {
            input::Form::Json => To::Text,
            input::Form::Text => To::Json,
        });
        match &result {
            Ok(record) => {
                let _ = match to {
                    // Checked as `fmt` checks it: the text must read back
                    // to the same record (issue 23).
                    To::Text => {
                        if text.capacity() == 0 {
                            text.reserve(2 * JSON_LINES_WRITE);
                        }
                        if crate::fmt::push_canonical(&mut text, record, count == 0) {
                            if text.len() >= JSON_LINES_WRITE {
                                let done = out.write_all(text.as_bytes());
                                text.clear();
                                done
                            } else {
                                Ok(())
                            }
                        } else {
                            outcome = Outcome::BadInput;
                            let _ = writeln!(
                                err,
                                "error: {}: record {} cannot be written as text that reads \
                                 back to the same record (a fault of the printer: please \
                                 report it); it is left out",
                                origin.name(),
                                count + 1
                            );
                            Ok(())
                        }
                    }
                    To::Jsonl => {
                        notation::json::push_json(&mut lines, record);
                        lines.push(b'\n');
                        if lines.len() >= JSON_LINES_WRITE {
                            let done = out.write_all(&lines);
                            lines.clear();
                            done
                        } else {
                            Ok(())
                        }
                    }
                    // Tables are written by `cmd::tables` (main.rs).
                    To::None | To::TarotclubDeal | To::Parquet | To::Arrow => Ok(()),
                    To::Json => {
                        let sep = if count == 0 { "[\n" } else { ",\n" };
                        write!(
                            out,
                            "{sep}{}",
                            indent(&notation::json::to_json_pretty(record))
                        )
                    }
                };
                count += 1;
                if count % 256 == 0 {
                    progress.set(count as u64);
                }
            }
            Err(problems) => {
                outcome = Outcome::BadInput;
                progress.suspend(|| report::render_all(&mut err, &origin.source(), problems));
            }
        }
    };
    let mut unread = Vec::new();
    for file in &files {
        if let Err(e) = input::read_raw(file, &mut each) {
            unread.push(format!("{}: {e}", input::display_name(file)));
        }
    }
    progress.finish();
    let _ = out.write_all(&lines);
    let _ = out.write_all(text.as_bytes());
    // An empty input is an empty array; input that could not be read (or
    // of which no record could be) writes nothing at all.
    let failed = !unread.is_empty() || outcome == Outcome::BadInput;
    let target = target.or_else(|| {
        let json_in = files
            .iter()
            .all(|file| input::has_extension(file, &["json", "jsonl"]));
        (!json_in).then_some(To::Json)
    });
    if target == Some(To::Json) && (count > 0 || !failed) {
        let _ = writeln!(out, "{}", if count == 0 { "[]" } else { "\n]" });
    }
    let mut outcome = out.finish(outcome);
    for e in unread {
        outcome = fail(e);
    }
    outcome
}

/// The bytes of JSON Lines (or text) `convert` gathers before it writes them (4x the
/// `BufWriter`'s; 64 KiB would cost 2 MiB more peak memory: mimalloc takes
/// a buffer of twice that from a fresh region).
const JSON_LINES_WRITE: usize = 32 * 1024;
