//! Generates Skill7 Tarock deals and times their verification (structural
//! checks, options, the engine, the claim), best of five passes:
//! `cargo run --release -p tarok-verifier --example skill7_bench [N]`.

extern crate tarok_verifier as verifier;

use std::time::Instant;

/// CPU time of this thread in seconds (Linux), so that a busy machine does
/// not count against the figure; `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    let mut rng = verifier::gen::Rng::new(7);
    let records: Vec<_> = (0..n)
        .filter_map(|i| verifier::gen::skill7::deal(&mut rng, i))
        .collect();
    let mut best = f64::MAX;
    let mut best_cpu = f64::MAX;
    let mut dirty = 0;
    for _ in 0..5 {
        let start = Instant::now();
        let cpu = cpu_seconds();
        dirty = 0;
        for r in &records {
            let report = verifier::verify(r, &mut verifier::Session::default());
            if !report.problems.is_empty() || !report.settled {
                dirty += 1;
            }
        }
        best = best.min(start.elapsed().as_secs_f64());
        if let (Some(a), Some(b)) = (cpu, cpu_seconds()) {
            best_cpu = best_cpu.min(b - a);
        }
    }
    println!(
        "{} deals verified in {:.3} s (best of 5): {:.0} deals/s; {} with findings",
        records.len(),
        best,
        records.len() as f64 / best,
        dirty
    );
    if best_cpu < f64::MAX {
        println!(
            "CPU time {:.3} s: {:.0} deals/s per core",
            best_cpu,
            records.len() as f64 / best_cpu
        );
    }
}
