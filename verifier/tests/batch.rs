//! `Sessions::verify_batch` (the replays in parallel, what carries between
//! deals in order) gives exactly what `Sessions::verify` gives record by
//! record, on clean sessions and on sessions whose carried state the
//! records do not imply (no `Pots` tag, a wrong claim, a wrong dealer, a
//! session cut short, a record that cannot be read).

extern crate tarok_verifier as verifier;

use notation::{Record, Variant};
use verifier::gen::{Fixed, Rng, Session as Dealer};
use verifier::session::{Ahead, Grouping, Sessions};
use verifier::Report;

/// A generated session of `count` deals, as text, changed here and there.
fn session_text(variant: Variant, seed: u64, count: usize, mutate: bool) -> String {
    let seats = variant.table_sizes()[0];
    let mut dealer = Dealer::new(variant, seats, Fixed::default()).unwrap();
    let mut rng = Rng::new(seed);
    let mut text = String::new();
    for i in 0..count {
        let record = dealer.next_deal(&mut rng).unwrap();
        let mut deal = notation::print::to_text(&record);
        if mutate {
            match i % 11 {
                // The pots carried, not stated.
                1..=3 => {
                    deal = deal
                        .lines()
                        .filter(|l| !l.starts_with("[Pots "))
                        .map(|l| format!("{l}\n"))
                        .collect()
                }
                // A wrong claim: the next deal's guess of the pots is wrong.
                4 => deal = deal.replace("king-pot ", "king-pot 1"),
                // Seat 0 deals, in turn or not.
                5 => {
                    let at = deal.find("[Dealer \"").unwrap() + 9;
                    deal.replace_range(at..at + 1, "0");
                }
                6 => deal = deal.replacen("\n", "\n[Session \"end\"]\n", 1),
                7 => deal = deal.replacen("\n", "\n[Session \"new\"]\n", 1),
                // A record that cannot be read.
                8 => deal.push_str("trick 99 nonsense\n"),
                // A card cut from a trick.
                9 => {
                    deal = deal
                        .lines()
                        .map(|l| match l.strip_prefix("trick 4:") {
                            Some(_) => format!("{}\n", &l[..l.rfind(' ').unwrap()]),
                            None => format!("{l}\n"),
                        })
                        .collect()
                }
                _ => {}
            }
            if i % 13 == 12 {
                // A dealer out of turn.
                deal = deal.replacen("[Dealer \"0\"]", "[Dealer \"2\"]", 1);
            }
        }
        text.push_str(&deal);
        text.push('\n');
    }
    text
}

fn one_by_one(records: &[Option<Record>], sessions: &mut Sessions) -> Vec<Option<Report>> {
    records
        .iter()
        .map(|slot| match slot {
            Some(r) => Some(sessions.verify(r)),
            None => {
                sessions.lost();
                None
            }
        })
        .collect()
}

fn in_batches(
    records: &[Option<Record>],
    sessions: &mut Sessions,
    size: usize,
) -> Vec<Option<Report>> {
    let mut out = Vec::new();
    for chunk in records.chunks(size) {
        let slots: Vec<Option<&Record>> = chunk.iter().map(Option::as_ref).collect();
        out.extend(sessions.verify_batch(&slots));
    }
    out
}

/// As `tarok verify` on more than one thread: each batch cut in `runs`
/// runs planned and replayed ahead apart (`Sessions::ahead`), then settled
/// in order.
fn in_runs(
    records: &[Option<Record>],
    sessions: &mut Sessions,
    size: usize,
    runs: usize,
) -> Vec<Option<Report>> {
    let mut out = Vec::new();
    for chunk in records.chunks(size) {
        let slots: Vec<Option<&Record>> = chunk.iter().map(Option::as_ref).collect();
        let ahead = slots
            .chunks(size.div_ceil(runs))
            .enumerate()
            .map(|(k, run)| sessions.ahead(run, k == 0))
            .collect::<Vec<_>>();
        out.extend(sessions.settle(&slots, Ahead::join(ahead)));
    }
    out
}

fn show(reports: &[Option<Report>]) -> Vec<String> {
    reports.iter().map(|r| format!("{r:?}")).collect()
}

#[test]
fn batches_verify_as_one_by_one() {
    for variant in [
        Variant::DanishTarok,
        Variant::FrenchTarot,
        Variant::Koenigrufen,
        Variant::Skill7Tarock,
    ] {
        for mutate in [false, true] {
            let text = session_text(variant, 7, 120, mutate);
            let records: Vec<Option<Record>> = notation::parse_str(&text)
                .into_iter()
                .map(Result::ok)
                .collect();
            assert!(records.len() >= 100);
            if mutate {
                assert!(records.iter().any(Option::is_none));
            }
            for grouping in [Grouping::File, Grouping::Independent] {
                let mut reference = Sessions::new(grouping);
                let want = show(&one_by_one(&records, &mut reference));
                for size in [1, 5, 64, 1000] {
                    let mut sessions = Sessions::new(grouping);
                    let got = show(&in_batches(&records, &mut sessions, size));
                    assert_eq!(got.len(), want.len());
                    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                        assert_eq!(g, w, "{variant:?} mutate={mutate} batch {size}: record {i}");
                    }
                    // The state carried on: pots, dealer, deal counters, scores.
                    assert_eq!(
                        format!("{:?}", sessions.state()),
                        format!("{:?}", reference.state())
                    );
                    assert_eq!(sessions.number(), reference.number());
                    for runs in [2, 3] {
                        let mut sessions = Sessions::new(grouping);
                        let got = show(&in_runs(&records, &mut sessions, size, runs));
                        assert_eq!(
                            got, want,
                            "{variant:?} mutate={mutate} {size} in {runs} runs"
                        );
                        assert_eq!(
                            format!("{:?}", sessions.state()),
                            format!("{:?}", reference.state())
                        );
                    }
                }
            }
        }
    }
}

/// A Danish session whose records state neither the pots (`Pots` tag)
/// nor the pots after the deal (claim): every guess of the carried pots
/// fails, and the batches stop guessing for a while.
#[test]
fn a_session_without_stated_pots_verifies_as_one_by_one() {
    let text: String = session_text(Variant::DanishTarok, 5, 400, false)
        .lines()
        .filter(|l| !l.starts_with("[Pots "))
        .map(|l| match l.find(", king-pot") {
            Some(at) if l.starts_with("claim:") => format!("{}\n", &l[..at]),
            _ => format!("{l}\n"),
        })
        .collect();
    assert!(!text.contains("pot "));
    let records: Vec<Option<Record>> = notation::parse_str(&text)
        .into_iter()
        .map(Result::ok)
        .collect();
    let want = show(&one_by_one(&records, &mut Sessions::new(Grouping::File)));
    for size in [3, 16, 64] {
        let got = show(&in_batches(
            &records,
            &mut Sessions::new(Grouping::File),
            size,
        ));
        assert_eq!(got, want, "batch {size}");
    }
}

#[test]
fn without_events_only_the_events_go() {
    let text = session_text(Variant::DanishTarok, 3, 60, true);
    let records: Vec<Option<Record>> = notation::parse_str(&text)
        .into_iter()
        .map(Result::ok)
        .collect();
    let full = one_by_one(&records, &mut Sessions::new(Grouping::File));
    let lean = in_batches(
        &records,
        &mut Sessions::new(Grouping::File).without_events(),
        16,
    );
    assert!(full.iter().flatten().any(|r| !r.events.is_empty()));
    for (f, l) in full.iter().zip(&lean) {
        match (f, l) {
            (Some(f), Some(l)) => {
                assert!(l.events.is_empty());
                assert_eq!(format!("{:?}", f.problems), format!("{:?}", l.problems));
                assert_eq!(f.ledger, l.ledger);
                assert_eq!(
                    (&f.totals, f.pots, f.settled),
                    (&l.totals, l.pots, l.settled)
                );
            }
            (None, None) => {}
            _ => panic!("a report for one, none for the other"),
        }
    }
}
