//! Parsing alone on the files named, built from this crate only (so a
//! release build takes a minute, not the workspace's ten): each text file
//! is cut into records once and every record parsed (`parse_record`); a
//! file ending in `.jsonl` is read a line at a time
//! (`json::parse_json_doc_at`). Prints MB/s and records/s, the best of
//! `PASSES` (default 5) after one warm-up. `--once` parses each file once
//! without timing, for `valgrind --tool=callgrind
//! --toggle-collect='parse_file::measure*'` (bench/README.md).
//!
//! `--write` measures the writers instead, on the records of each text
//! file (parsed once, not timed): the canonical printer
//! (`print::write_record`) and the JSON writer (`json::push_json`), each
//! into one buffer cleared per record; MB/s of the bytes written and
//! records/s. With `--once` (`--toggle-collect='parse_file::write*'`) each
//! writes every record once.
//!
//! `cargo build --profile bench -p tarok-notation --example parse_file`,
//! then `target/release/examples/parse_file FILE...`.

use std::time::Instant;

use tarok_notation as notation;

#[inline(never)]
fn measure_text(chunks: &[(usize, &str)]) -> usize {
    let mut ok = 0;
    for &(offset, chunk) in chunks {
        ok += std::hint::black_box(notation::parse_record(chunk, offset)).is_ok() as usize;
    }
    ok
}

#[inline(never)]
fn measure_json(lines: &[(usize, &str)]) -> usize {
    let mut ok = 0;
    for &(offset, line) in lines {
        let records = std::hint::black_box(notation::json::parse_json_doc_at(line, offset));
        ok += (records.len() == 1 && records[0].is_ok()) as usize;
    }
    ok
}

#[inline(never)]
fn write_text(records: &[notation::Record], out: &mut String) -> usize {
    let mut bytes = 0;
    for record in records {
        out.clear();
        notation::print::write_record(out, std::hint::black_box(record));
        bytes += std::hint::black_box(&*out).len();
    }
    bytes
}

#[inline(never)]
fn write_json(records: &[notation::Record], out: &mut Vec<u8>) -> usize {
    let mut bytes = 0;
    for record in records {
        out.clear();
        notation::json::push_json(out, std::hint::black_box(record));
        bytes += std::hint::black_box(&*out).len();
    }
    bytes
}

/// `--write`: the printer and the JSON writer on the records of `text`.
fn writers(path: &str, text: &str, once: bool, passes: usize) {
    let records: Vec<notation::Record> = notation::split_records(text)
        .map(|(offset, chunk)| notation::parse_record(chunk, offset).expect("a clean record"))
        .collect();
    let mut string = String::new();
    let mut bytes = Vec::new();
    let writers: [(&str, &mut dyn FnMut() -> usize); 2] = [
        ("print", &mut || write_text(&records, &mut string)),
        ("json", &mut || write_json(&records, &mut bytes)),
    ];
    for (name, write) in writers {
        let written = write();
        if once {
            continue;
        }
        let mut best = f64::MAX;
        for _ in 0..passes {
            let start = Instant::now();
            assert_eq!(write(), written);
            best = best.min(start.elapsed().as_secs_f64());
        }
        println!(
            "{name:<5} {path:<40} {:>7.1} MB/s {:>10.0} records/s  ({} records, {:.1} MB written)",
            written as f64 / best / 1e6,
            records.len() as f64 / best,
            records.len(),
            written as f64 / 1e6,
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let once = args.iter().any(|a| a == "--once");
    let write = args.iter().any(|a| a == "--write");
    let passes: usize = std::env::var("PASSES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    for path in args.iter().filter(|a| !a.starts_with("--")) {
        let text = std::fs::read_to_string(path).unwrap();
        if write {
            writers(path, &text, once, passes);
            continue;
        }
        let json = path.ends_with(".jsonl");
        let chunks: Vec<(usize, &str)> = if json {
            let mut at = 0;
            text.split_inclusive('\n')
                .map(|l| {
                    let here = at;
                    at += l.len();
                    (here, l.trim_end_matches('\n'))
                })
                .filter(|(_, l)| !l.is_empty())
                .collect()
        } else {
            notation::split_records(&text).collect()
        };
        let run = || {
            let ok = if json {
                measure_json(&chunks)
            } else {
                measure_text(&chunks)
            };
            assert_eq!(ok, chunks.len(), "{path}: every record must parse");
        };
        run();
        if once {
            continue;
        }
        let mut best = f64::MAX;
        for _ in 0..passes {
            let start = Instant::now();
            run();
            best = best.min(start.elapsed().as_secs_f64());
        }
        println!(
            "parse {path:<40} {:>7.1} MB/s {:>10.0} records/s  ({} records, {:.1} MB)",
            text.len() as f64 / best / 1e6,
            chunks.len() as f64 / best,
            chunks.len(),
            text.len() as f64 / 1e6,
        );
    }
}
