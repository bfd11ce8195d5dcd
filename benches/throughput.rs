//! Throughput of the notation and the verifier on a large input.
//!
//! `cargo bench --bench throughput` builds a file of at least 100,000
//! records from the shipped corpus (every clean record, repeated) and from
//! the generators, then measures, on one core and on all cores:
//! parse (text → records), structural check, print (records → text),
//! JSON out and JSON in, and verify. Figures are MB/s of input text and
//! records/s. Set `TAROK_BENCH_RECORDS` to change the size, and
//! `TAROK_BENCH_FILE` to measure the records of a file instead of the corpus.

use std::time::Instant;

use rayon::prelude::*;

fn corpus_records() -> Vec<String> {
    let mut out = Vec::new();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    for entry in walkdir::WalkDir::new(root).sort_by_file_name() {
        let Ok(entry) = entry else { continue };
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("tarok")
            || path.components().any(|c| c.as_os_str() == "bad")
        {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        for (_, chunk) in notation::split_records(&text) {
            if notation::parse_record(chunk, 0).is_ok() {
                out.push(chunk.trim_end().to_owned() + "\n");
            }
        }
    }
    out
}

fn generated_records(per_variant: usize) -> Vec<String> {
    let mut out = Vec::new();
    for variant in notation::Variant::ALL {
        let mut rng = verifier::gen::Rng::new(42);
        for i in 0..per_variant {
            match verifier::gen::deal(variant, &mut rng, i) {
                Some(r) => out.push(notation::to_text(&r)),
                None => break,
            }
        }
    }
    out
}

fn measure<F: FnMut() -> usize>(name: &str, bytes: usize, records: usize, mut f: F) {
    // One warm-up run, then the best of three.
    f();
    let mut best = f64::MAX;
    for _ in 0..3 {
        let start = Instant::now();
        let n = f();
        assert_eq!(n, records, "{name}: every record must be processed");
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{name:<34} {:>9.1} MB/s {:>12.0} records/s",
        bytes as f64 / best / 1e6,
        records as f64 / best
    );
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let target: usize = std::env::var("TAROK_BENCH_RECORDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let mut unit = match std::env::var("TAROK_BENCH_FILE") {
        Ok(path) => notation::split_records(&std::fs::read_to_string(path).unwrap())
            .filter(|(_, c)| notation::parse_record(c, 0).is_ok())
            .map(|(_, c)| c.trim_end().to_owned() + "\n")
            .collect(),
        Err(_) => corpus_records(),
    };
    unit.extend(generated_records(250));
    assert!(!unit.is_empty(), "no corpus records found");
    let mut text = String::new();
    let mut records = 0;
    while records < target {
        for r in &unit {
            if records > 0 {
                text.push('\n');
            }
            text.push_str(r);
            records += 1;
        }
    }
    let chunks: Vec<&str> = notation::split_records(&text).map(|(_, c)| c).collect();
    assert_eq!(chunks.len(), records);
    let parsed: Vec<notation::Record> = chunks
        .iter()
        .map(|c| notation::parse_record(c, 0).unwrap())
        .collect();
    let jsonl: String = parsed
        .iter()
        .map(|r| notation::json::to_json(r) + "\n")
        .collect();
    let bytes = text.len();
    println!(
        "input: {records} records, {:.1} MB of text ({} distinct records), {:.1} MB of JSON Lines; {} threads",
        bytes as f64 / 1e6,
        unit.len(),
        jsonl.len() as f64 / 1e6,
        rayon::current_num_threads()
    );

    measure("parse (1 core)", bytes, records, || {
        notation::split_records(&text)
            .map(|(o, c)| notation::parse_record(c, o).is_ok() as usize)
            .sum()
    });
    measure("parse (all cores)", bytes, records, || {
        chunks
            .par_iter()
            .map(|c| notation::parse_record(c, 0).is_ok() as usize)
            .sum()
    });
    measure("structural check (1 core)", bytes, records, || {
        parsed
            .iter()
            .map(|r| {
                std::hint::black_box(notation::check::structure(r));
                1
            })
            .sum()
    });
    measure("print text (1 core)", bytes, records, || {
        parsed
            .iter()
            .map(|r| {
                std::hint::black_box(notation::to_text(r));
                1
            })
            .sum()
    });
    measure("convert text→JSON (1 core)", bytes, records, || {
        notation::split_records(&text)
            .map(|(o, c)| {
                let r = notation::parse_record(c, o).unwrap();
                std::hint::black_box(notation::json::to_json(&r));
                1
            })
            .sum()
    });
    measure(
        "convert JSONL→text (1 core)",
        jsonl.len(),
        records,
        || {
            jsonl
                .lines()
                .map(|l| {
                    let r = notation::json::from_json(l).unwrap();
                    std::hint::black_box(notation::to_text(&r));
                    1
                })
                .sum()
        },
    );
    measure("verify, parsed records (1 core)", bytes, records, || {
        let mut session = verifier::Session::default();
        parsed
            .iter()
            .map(|r| {
                std::hint::black_box(verifier::verify(r, &mut session));
                1
            })
            .sum()
    });
    measure("parse + verify (1 core)", bytes, records, || {
        let mut session = verifier::Session::default();
        chunks
            .iter()
            .map(|c| {
                let r = notation::parse_record(c, 0).unwrap();
                std::hint::black_box(verifier::verify(&r, &mut session));
                1
            })
            .sum()
    });
    measure("parse + verify (all cores)", bytes, records, || {
        chunks
            .par_iter()
            .map(|c| {
                let r = notation::parse_record(c, 0).unwrap();
                let mut session = verifier::Session::default();
                std::hint::black_box(verifier::verify(&r, &mut session));
                1
            })
            .sum()
    });
}
