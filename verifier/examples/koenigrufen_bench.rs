//! Generates Königrufen deals and times `verify` on them:
//! `cargo run --release -p tarok-verifier --example koenigrufen_bench [N] [print]`.

extern crate tarok_verifier as verifier;

use std::time::Instant;

use notation::Variant;
use verifier::gen::{self, Rng};

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let print = args.next().is_some();
    let mut rng = Rng::new(2026);
    let records: Vec<_> = (0..n)
        .map(|i| gen::deal(Variant::Koenigrufen, &mut rng, i).expect("a deal"))
        .collect();
    if print {
        print!("{}", notation::records_to_text(&records));
        return;
    }
    let start = Instant::now();
    let mut structural = 0;
    for r in &records {
        structural += notation::check::structure(r).len();
    }
    println!(
        "structural checks alone: {:.3} s ({structural} problems)",
        start.elapsed().as_secs_f64()
    );
    // The best of five passes, in CPU time when the system tells it: the
    // machine may be shared.
    let mut best = f64::MAX;
    let mut problems = 0;
    for _ in 0..5 {
        let start = Clock::now();
        problems = 0;
        let mut session = verifier::Session::default();
        for r in &records {
            let report = verifier::verify(r, &mut session);
            problems += report.problems.len();
        }
        best = best.min(start.elapsed());
    }
    println!(
        "{n} deals verified in {best:.3} s (best of 5): {:.0} deals/s, {problems} problems",
        n as f64 / best
    );
}

/// CPU time of this thread from /proc (Linux), else wall time.
struct Clock(Option<u64>, Instant);

impl Clock {
    fn cpu_ns() -> Option<u64> {
        let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        s.split_whitespace().next()?.parse().ok()
    }
    fn now() -> Clock {
        Clock(Clock::cpu_ns(), Instant::now())
    }
    fn elapsed(&self) -> f64 {
        match (self.0, Clock::cpu_ns()) {
            (Some(a), Some(b)) => (b - a) as f64 / 1e9,
            _ => self.1.elapsed().as_secs_f64(),
        }
    }
}
