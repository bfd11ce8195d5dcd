//! Generates Königrufen deals and times `verify` on them:
//! `cargo run --release -p tarok-verifier --example koenigrufen_bench [N] [print]`.

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
    let mut problems = 0;
    let mut session = verifier::Session::default();
    for r in &records {
        let report = verifier::verify(r, &mut session);
        problems += report.problems.len();
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{n} deals verified in {secs:.3} s: {:.0} deals/s, {problems} problems",
        n as f64 / secs
    );
}
