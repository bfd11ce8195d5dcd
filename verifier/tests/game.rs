//! `Game`, step by step: random playouts through `legal()` end in records
//! that verify clean, and an action not in `legal()` is rejected with
//! findings that `verify` gives on the record with it appended.
//!
//! Playouts per variant: `TAROK_GAME_CASES` (or `PROPTEST_CASES`), 4 by
//! default; `--nocapture` prints the time per playout.

extern crate tarok_verifier as verifier;

use std::time::Instant;

use verifier::game::{Game, Move};
use verifier::gen::{self, Rng};
use verifier::notation::{Act, Card, Variant};
use verifier::{verify, Session};

fn cases() -> u64 {
    ["TAROK_GAME_CASES", "PROPTEST_CASES"]
        .iter()
        .find_map(|v| std::env::var(v).ok()?.parse().ok())
        .unwrap_or(4)
}

/// An action that may well be illegal now: a card of the pack by the seat
/// to act, or a word of the auction, calls or declarations.
fn probe(game: &Game, rng: &mut Rng) -> Move {
    let seat = game.to_act().unwrap_or(0);
    let deck: Vec<Card> = game.variant().deck().iter().collect();
    let card = *rng.pick(&deck);
    let acts = [
        Act::Pass,
        Act::Slam,
        Act::Grind,
        Act::Tout,
        Act::Misdeal,
        Act::Continue,
        Act::Call {
            card,
            fourth: false,
        },
    ];
    let act = rng.pick(&acts).clone();
    let any = rng.below(game.table().seats as usize) as u8;
    match rng.below(4) {
        0 | 1 => Move::play(seat, card),
        2 => Move::Auction { seat: any, act },
        _ => Move::Calls { seat: any, act },
    }
}

fn playouts(variant: Variant) {
    let n = cases();
    let start = Instant::now();
    let mut steps = 0usize;
    let mut probes = 0usize;
    for seed in 0..n {
        let mut rng = Rng::new(seed * 7919 + variant as u64);
        let dealt = gen::deal(variant, &mut rng, seed as usize).expect("a generator");
        let mut game = Game::from_record(&dealt).expect("a good deal");
        let mut moves = 0;
        while !game.is_over() {
            let legal = game.legal();
            assert!(
                !legal.is_empty(),
                "{variant} seed {seed}: no legal move, the deal not over:\n{}",
                verifier::notation::to_text(game.record())
            );
            if rng.below(6) == 0 {
                let mv = probe(&game, &mut rng);
                if !legal.contains(&mv) {
                    probes += 1;
                    let mut after = game.clone();
                    let rejected = after.apply(mv.clone()).expect_err(&format!(
                        "{variant} seed {seed}: {mv:?} not in legal() but taken"
                    ));
                    assert!(!rejected.problems.is_empty());
                    // The same findings from `verify` on the record with it.
                    let mut entered = game.clone();
                    entered.apply_anyway(mv.clone());
                    let report = verify(entered.record(), &mut Session::default());
                    for p in rejected.problems.iter().filter(|p| p.rule.is_some()) {
                        assert!(
                            report.problems.iter().any(|q| q.kind == p.kind
                                && q.rule == p.rule
                                && q.seat == p.seat
                                && q.trick == p.trick),
                            "{variant} seed {seed}: {mv:?} rejected with {} [{:?}], which verify does not give:\n{}",
                            p.message,
                            p.rule,
                            verifier::notation::to_text(entered.record())
                        );
                    }
                }
            }
            let mv = rng.pick(&legal).clone();
            game.apply(mv.clone()).unwrap_or_else(|e| {
                panic!("{variant} seed {seed}: {mv:?} listed but rejected: {e}")
            });
            steps += 1;
            moves += 1;
            assert!(
                moves < 400,
                "{variant} seed {seed}: a playout that does not end:\n{}",
                verifier::notation::to_text(game.record())
            );
        }
        let record = game.record().clone();
        let report = verify(&record, &mut Session::default());
        assert!(
            report.settled && report.problems.is_empty(),
            "{variant} seed {seed}: {:?}\n{}",
            report.problems.iter().map(|p| p.code()).collect::<Vec<_>>(),
            verifier::notation::to_text(&record)
        );
        // Entering the finished record again gives the same game.
        let again = Game::replayed(&record).expect("a good deal");
        assert!(again.is_over() && again.problems().is_empty());
    }
    eprintln!(
        "{variant}: {n} playouts, {steps} moves, {probes} illegal probes, {:.1} ms per playout",
        start.elapsed().as_secs_f64() * 1000.0 / n as f64
    );
}

#[test]
fn danish_playouts() {
    playouts(Variant::DanishTarok);
}

#[test]
fn french_playouts() {
    playouts(Variant::FrenchTarot);
}

#[test]
fn koenigrufen_playouts() {
    playouts(Variant::Koenigrufen);
}

#[test]
fn skill7_playouts() {
    playouts(Variant::Skill7Tarock);
}

/// A real record entered move by move: the game has the verifier's
/// findings, and the revoke offered to `apply` is rejected with them.
#[test]
fn a_real_record_with_a_revoke() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../corpus/danish-tarok/20-revoke.tarok"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let record = verifier::notation::parse_str(&text).remove(0).unwrap();
    let report = verify(&record, &mut Session::default());
    let game = Game::replayed(&record).expect("a good deal");
    let codes =
        |ps: &[verifier::notation::Problem]| ps.iter().map(|p| p.code()).collect::<Vec<_>>();
    assert_eq!(codes(game.problems()), codes(&report.problems));
    assert!(game.is_over());
    assert_eq!(game.result().totals, report.totals);

    // Up to trick 4, seat 2 follows HK with C2 though it holds H10.
    let mut cut = record.clone();
    cut.tricks.truncate(3);
    cut.tricks.push(record.tricks[3].clone());
    cut.tricks[3].plays.truncate(1);
    let mut game = Game::replayed(&cut).expect("a good deal");
    assert!(game.problems().is_empty());
    assert_eq!(game.to_act(), Some(2));
    let c2 = "C2".parse().unwrap();
    assert!(!game.legal().contains(&Move::play(2, c2)));
    let rejected = game.apply(Move::play(2, c2)).unwrap_err();
    assert_eq!(codes(&rejected.problems), ["tarok::revoke[DK-PLAY-2]"]);
    assert_eq!(rejected.problems[0].seat, Some(2));
    assert_eq!(rejected.problems[0].trick, Some(4));
    // Entering it anyway records the finding.
    let added = game.apply_anyway(Move::play(2, c2));
    assert_eq!(codes(&added), ["tarok::revoke[DK-PLAY-2]"]);
    assert_eq!(codes(game.problems()), ["tarok::revoke[DK-PLAY-2]"]);
}
