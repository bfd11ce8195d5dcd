//! Danish Tarok: generated deals verify clean, injected faults are found
//! and named, chips are conserved.

use notation::{Party, Record};
use verifier::gen::{self, Rng};
use verifier::{verify, Report, Session};

fn generated(seed: u64, index: usize) -> Record {
    let mut rng = Rng::new(seed);
    gen::danish::deal(&mut rng, index).expect("a deal")
}

/// Through the text form, so spans and the parser are exercised too.
fn reparse(record: &Record) -> Record {
    let text = notation::to_text(record);
    notation::parse_str(&text).remove(0).expect("parses")
}

fn check(record: &Record) -> Report {
    let mut session = Session::default();
    verify(record, &mut session)
}

fn conserved(report: &Report, start: [i64; 2], seats_at_table: usize) {
    let seats: i64 = report.totals.iter().sum();
    let pots = report.pots.expect("pots");
    assert_eq!(
        seats + pots[0] + pots[1],
        start[0] + start[1],
        "chips not conserved"
    );
    assert_eq!(report.totals.len(), seats_at_table);
}

#[test]
fn generated_deals_verify_clean() {
    for seed in 0..300 {
        let record = reparse(&generated(seed, (seed % 4) as usize));
        let report = check(&record);
        assert!(report.settled, "seed {seed} not settled");
        assert!(
            report.problems.is_empty(),
            "seed {seed}: {:#?}\n{}",
            report.problems,
            notation::to_text(&record)
        );
    }
}
