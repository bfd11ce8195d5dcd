//! Parsing alone on the files named, built from this crate only (so a
//! release build takes a minute, not the workspace's ten): each text file
//! is cut into records once and every record parsed (`parse_record`); a
//! file ending in `.jsonl` is read a line at a time
//! (`json::parse_json_doc_at`). Prints MB/s and records/s, the best of
//! `PASSES` (default 5) after one warm-up. `--once` parses each file once
//! without timing, for `valgrind --tool=callgrind
//! --toggle-collect='parse_file::measure*'` (bench/README.md).
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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let once = args.iter().any(|a| a == "--once");
    let passes: usize = std::env::var("PASSES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    for path in args.iter().filter(|a| !a.starts_with("--")) {
        let text = std::fs::read_to_string(path).unwrap();
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
