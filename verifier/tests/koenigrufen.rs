//! Königrufen: generated deals verify clean, injected faults are found and
//! named, results sum to zero.

use notation::{Record, Variant};
use verifier::gen::{self, Rng};
use verifier::{verify, Report, Session};

fn generated(seed: u64, index: usize) -> Record {
    let mut rng = Rng::new(seed);
    gen::deal(Variant::Koenigrufen, &mut rng, index).expect("the generator makes a deal")
}

/// Verifies the record after a print-and-parse round trip, so that spans
/// are real.
fn check(record: &Record) -> (String, Report) {
    let text = notation::to_text(record);
    let parsed = notation::parse_str(&text)
        .remove(0)
        .expect("generated text parses");
    let report = verify(&parsed, &mut Session::default());
    (text, report)
}

#[test]
fn generated_deals_verify_clean() {
    for seed in 0..3000u64 {
        let record = generated(seed, seed as usize);
        let (text, report) = check(&record);
        assert!(
            report.problems.is_empty(),
            "seed {seed}:\n{text}\n{:#?}",
            report.problems
        );
        assert!(report.settled, "seed {seed} not settled:\n{text}");
        assert_eq!(report.totals.iter().sum::<i64>(), 0, "seed {seed}");
    }
}
