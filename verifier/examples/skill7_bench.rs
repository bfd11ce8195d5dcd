//! Generates Skill7 Tarock deals, timing the generator (CPU time of one
//! pass: `gen::skill7::deal` plays each deal through `Game`), and times
//! their verification (structural checks, options, the engine, the claim),
//! best of five passes:
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
    let (start, cpu) = (Instant::now(), cpu_seconds());
    let records: Vec<_> = (0..n)
        .filter_map(|i| verifier::gen::skill7::deal(&mut rng, i))
        .collect();
    let wall = start.elapsed().as_secs_f64();
    match (cpu, cpu_seconds()) {
        (Some(a), Some(b)) => println!(
            "{} deals generated in {wall:.3} s, CPU time {:.3} s: {:.1} µs of CPU per deal",
            records.len(),
            b - a,
            (b - a) * 1e6 / records.len() as f64
        ),
        _ => println!("{} deals generated in {wall:.3} s", records.len()),
    }
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
