//! Parsing alone (text → `Record`s, `notation::parse_record`), per variant,
//! on one core.
//!
//! `cargo bench --bench parse` generates a session of deals per variant the
//! way `tarok gen --seed 4` does, cuts each into records once, then parses
//! every record (the best of five passes, after one warm-up) and prints MB/s
//! of text and records/s. The allocator is the one `tarok` uses (`tarok_alloc`).
//! Set `TAROK_BENCH_DEALS` to change the deals per variant (default 10,000),
//! and `TAROK_BENCH_FILE` to measure the records of one file instead.
//! Name variants to measure only those (`cargo bench --bench parse --
//! koenigrufen`). To see the cost in instructions: `--callgrind` parses
//! each input once with no timing (run it under `valgrind --tool=callgrind`).

use std::time::Instant;

#[global_allocator]
static ALLOCATOR: tarok_alloc::MiMalloc = tarok_alloc::MiMalloc;

fn session_text(variant: notation::Variant, deals: usize) -> String {
    let mut rng = verifier::gen::Rng::new(4);
    let seats = variant.table_sizes()[0];
    let mut session =
        verifier::gen::Session::new(variant, seats, verifier::gen::Fixed::default()).unwrap();
    let mut text = String::new();
    for i in 0..deals {
        if i > 0 {
            text.push('\n');
        }
        text.push_str(&notation::to_text(&session.next_deal(&mut rng).unwrap()));
    }
    text
}

fn measure(name: &str, text: &str, once: bool) {
    let chunks: Vec<(usize, &str)> = notation::split_records(text).collect();
    let parse = || {
        let mut ok = 0;
        for &(offset, chunk) in &chunks {
            ok += std::hint::black_box(notation::parse_record(chunk, offset)).is_ok() as usize;
        }
        assert_eq!(ok, chunks.len(), "{name}: every record must parse");
    };
    if once {
        parse();
        return;
    }
    parse();
    let mut best = f64::MAX;
    for _ in 0..5 {
        let start = Instant::now();
        parse();
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "parse {name:<16} {:>7.1} MB/s {:>10.0} records/s  ({} records, {:.1} MB)",
        text.len() as f64 / best / 1e6,
        chunks.len() as f64 / best,
        chunks.len(),
        text.len() as f64 / 1e6,
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.iter().any(|a| a == "--list") {
        return;
    }
    let once = args.iter().any(|a| a == "--callgrind");
    if let Ok(path) = std::env::var("TAROK_BENCH_FILE") {
        let text = std::fs::read_to_string(&path).unwrap();
        measure(&path, &text, once);
        return;
    }
    let deals: usize = std::env::var("TAROK_BENCH_DEALS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let named: Vec<&String> = args[1..].iter().filter(|a| !a.starts_with('-')).collect();
    for variant in notation::Variant::ALL {
        if !named.is_empty() && !named.iter().any(|n| **n == variant.to_string()) {
            continue;
        }
        let text = session_text(variant, deals);
        measure(&variant.to_string(), &text, once);
    }
}
