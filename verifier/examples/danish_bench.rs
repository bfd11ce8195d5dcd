//! Generates Danish Tarok deals and times their verification:
//! `cargo run --release -p tarok-verifier --example danish_bench -- 20000`.
//! With `--print N` it prints N generated deals as one session file instead.

extern crate tarok_verifier as verifier;

use std::time::Instant;

use verifier::gen::{self, Rng};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--print") {
        let n: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
        let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
        let mut rng = Rng::new(seed);
        let records: Vec<_> = (0..n)
            .map(|i| gen::danish::deal(&mut rng, i).expect("a deal"))
            .collect();
        print!("{}", notation::records_to_text(&records));
        return;
    }
    let n: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let mut rng = Rng::new(7);
    let records: Vec<_> = (0..n)
        .map(|i| gen::danish::deal(&mut rng, i).expect("a deal"))
        .collect();
    let text = notation::records_to_text(&records);
    let start = Instant::now();
    let parsed: Vec<_> = notation::parse_str(&text)
        .into_iter()
        .map(|r| r.expect("parses"))
        .collect();
    let parse_time = start.elapsed();
    let start = Instant::now();
    let mut k = 0;
    for r in &parsed {
        k += notation::check::structure(r).len();
    }
    let structure_time = start.elapsed();
    let cpu_start = cpu_ns();
    let start = Instant::now();
    let rounds: u32 = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let mut clean = 0;
    for _ in 0..rounds {
        let mut session = verifier::Session::default();
        clean = 0;
        for r in &parsed {
            let report = verifier::verify(r, &mut session);
            clean += report.problems.is_empty() as usize;
        }
    }
    let verify_time = start.elapsed() / rounds;
    let cpu = cpu_ns().saturating_sub(cpu_start) as f64 / 1e9 / rounds as f64;
    println!(
        "{n} deals, {clean} clean; parse {:.0} deals/s ({:.1} MB/s); verify {:.0} deals/s",
        n as f64 / parse_time.as_secs_f64(),
        text.len() as f64 / 1e6 / parse_time.as_secs_f64(),
        n as f64 / verify_time.as_secs_f64()
    );
    if cpu > 0.0 {
        println!(
            "verify, on-CPU time of this thread: {:.0} deals/s per core",
            n as f64 / cpu
        );
    }
    println!(
        "(of which structural checks alone: {:.0} deals/s, {k} findings)",
        n as f64 / structure_time.as_secs_f64()
    );
}

/// Nanoseconds this thread has run on a CPU (Linux), so that a figure per
/// core does not depend on how busy the machine is; 0 elsewhere.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
