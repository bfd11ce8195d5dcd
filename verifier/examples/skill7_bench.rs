//! Generates Skill7 Tarock deals and times their verification:
//! `cargo run --release -p tarok-verifier --example skill7_bench [N]`.

use std::time::Instant;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    let mut rng = verifier::gen::Rng::new(7);
    let records: Vec<_> = (0..n)
        .filter_map(|i| verifier::gen::skill7::deal(&mut rng, i))
        .collect();
    let start = Instant::now();
    let mut dirty = 0;
    for r in &records {
        let report = verifier::verify(r, &mut verifier::Session::default());
        if !report.problems.is_empty() || !report.settled {
            dirty += 1;
            if dirty <= 3 {
                eprintln!("{}{:#?}", notation::to_text(r), report.problems);
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} deals verified in {:.3} s: {:.0} deals/s; {} with findings",
        records.len(),
        secs,
        records.len() as f64 / secs,
        dirty
    );
}
