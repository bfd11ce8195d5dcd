//! Königrufen: generated deals verify clean, injected faults are found and
//! named, results sum to zero.

extern crate tarok_verifier as verifier;

use notation::Rule;
use notation::Seat;
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

use notation::{Act, Game, Item, Party};
use proptest::prelude::*;
use verifier::Event;

/// (leader, winner) of every trick of a clean report.
fn leaders(report: &Report) -> Vec<(Seat, Seat)> {
    report
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Trick { leader, winner, .. } => Some((*leader, *winner)),
            _ => None,
        })
        .collect()
}

fn game_of(record: &Record) -> Game {
    record
        .auction
        .as_ref()
        .unwrap()
        .actions
        .iter()
        .rev()
        .find_map(|a| match a.act {
            Act::Bid { game } => Some(game),
            _ => None,
        })
        .unwrap()
}

fn first(report: &Report) -> &notation::Problem {
    report.problems.first().expect("a problem is found")
}

/// Swaps a suit card a player followed with a tarock it played later: a
/// revoke (rule 1) in the earlier trick. Returns the trick (1-based) and
/// seat, or `None` if the deal has no such pair.
fn inject_revoke(record: &mut Record, report: &Report) -> Option<(usize, Seat)> {
    let game = game_of(record);
    if matches!(game, Game::ThreeOfSuits | Game::SoloThreeOfSuits) {
        return None;
    }
    let lw = leaders(report);
    let seat_at = |t: usize, i: usize| lw[t].0.after(i, 4);
    for t in 0..record.tricks.len() {
        let led = record.tricks[t].plays[0].card;
        if led.is_trump() {
            continue;
        }
        for i in 1..4 {
            let s = seat_at(t, i);
            let c = record.tricks[t].plays[i].card;
            if c.suit() != led.suit() {
                continue;
            }
            for u in t + 1..record.tricks.len() {
                for j in 0..4 {
                    if seat_at(u, j) == s && record.tricks[u].plays[j].card.is_trump() {
                        let tar = record.tricks[u].plays[j].card;
                        record.tricks[t].plays[i] = Item::new(tar);
                        record.tricks[u].plays[j] = Item::new(c);
                        return Some((t + 1, s));
                    }
                }
            }
        }
    }
    None
}

fn reparse(record: &Record) -> Record {
    notation::parse_str(&notation::to_text(record))
        .remove(0)
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_generated_deal_is_clean_and_sums_to_zero(seed in any::<u64>(), index in 0usize..4) {
        let record = generated(seed, index);
        let (text, report) = check(&record);
        prop_assert!(report.problems.is_empty(), "{}\n{:#?}", text, report.problems);
        prop_assert!(report.settled);
        prop_assert_eq!(report.totals.iter().sum::<i64>(), 0);
        let ledger: i64 = report.ledger.iter().map(|p| p.amount).sum();
        prop_assert!(ledger >= 0);
        for p in &report.ledger {
            prop_assert!(p.amount > 0, "{:?}", p);
            prop_assert!(p.rule.id().starts_with("KR-"));
            prop_assert!(matches!(p.payer, Party::Seat(_)) && matches!(p.payee, Party::Seat(_)));
        }
    }

    #[test]
    fn an_injected_revoke_is_found_with_rule_seat_and_trick(seed in any::<u64>()) {
        let record = generated(seed, 0);
        let (_, clean) = check(&record);
        let mut faulty = reparse(&record);
        if let Some((trick, seat)) = inject_revoke(&mut faulty, &clean) {
            let report = verify(&reparse(&faulty), &mut Session::default());
            let p = first(&report);
            prop_assert_eq!(p.kind.as_str(), "revoke");
            prop_assert_eq!(p.rule, Some(Rule::KrPlay2));
            prop_assert_eq!(p.seat, Some(seat));
            prop_assert_eq!(p.trick, Some(trick as u16));
            prop_assert!(p.span.is_some());
        }
    }

    #[test]
    fn a_changed_claim_is_a_mismatch(seed in any::<u64>(), delta in 1i64..20) {
        let mut record = generated(seed, 1);
        record.claim.as_mut().unwrap().entries[2].amount += delta;
        let (_, report) = check(&record);
        prop_assert_eq!(report.problems.len(), 1);
        prop_assert_eq!(report.problems[0].kind, "claim-mismatch");
        prop_assert_eq!(report.problems[0].seat, Some(Seat::new(2)));
    }
}

/// Seeds whose deal satisfies `want`, up to `n` of them.
fn seeds_where(n: usize, want: impl Fn(&Record) -> bool) -> Vec<u64> {
    (0..20_000u64)
        .filter(|&s| want(&generated(s, s as usize)))
        .take(n)
        .collect()
}

fn calls(record: &Record) -> &[notation::Action] {
    record.calls.as_ref().map_or(&[], |c| &c.actions)
}

fn action(seat: Seat, act: Act) -> notation::Action {
    notation::Action {
        after: None,
        seat,
        act,
        comments: Vec::new(),
        span: notation::Span::default(),
    }
}

fn bidder(record: &Record) -> Seat {
    record
        .auction
        .as_ref()
        .unwrap()
        .actions
        .iter()
        .rev()
        .find(|a| matches!(a.act, Act::Bid { .. }))
        .unwrap()
        .seat
}

#[test]
fn a_revoke_in_a_partial_record_is_found_from_later_play() {
    let mut found = 0;
    for seed in 0..400u64 {
        let record = generated(seed, 0);
        let (_, clean) = check(&record);
        let mut faulty = reparse(&record);
        let Some((trick, seat)) = inject_revoke(&mut faulty, &clean) else {
            continue;
        };
        let full = verify(&reparse(&faulty), &mut Session::default());
        // Only swaps that leave every trick's winner in place.
        if full.problems.iter().any(|p| p.kind != "revoke") {
            continue;
        }
        faulty.hands.clear();
        let report = verify(&reparse(&faulty), &mut Session::default());
        assert!(
            report.problems.iter().any(|p| p.kind == "revoke"
                && p.seat == Some(seat)
                && p.trick == Some(trick as u16)),
            "seed {seed}: {:#?}",
            report.problems
        );
        found += 1;
    }
    assert!(found > 20, "only {found} partial records tried");
}

#[test]
fn calling_ones_own_king_is_an_illegal_call() {
    let seeds = seeds_where(20, |r| {
        calls(r)
            .first()
            .is_some_and(|a| matches!(a.act, Act::Call { .. }))
            && r.hands[(bidder(r)).index()]
                .cards
                .iter()
                .any(|i| i.card.is_king())
    });
    assert_eq!(seeds.len(), 20);
    for seed in seeds {
        let mut record = generated(seed, seed as usize);
        let b = bidder(&record);
        let own = record.hands[b.index()]
            .cards
            .iter()
            .find(|i| i.card.is_king())
            .unwrap()
            .card;
        record.calls.as_mut().unwrap().actions[0].act = Act::Call {
            card: own,
            fourth: false,
        };
        let (_, report) = check(&record);
        let p = first(&report);
        assert_eq!(
            (p.kind.as_str(), p.rule),
            ("illegal-call", Some(Rule::KrCall2))
        );
        assert_eq!((p.seat, p.card), (Some(b), Some(own)));
    }
}

#[test]
fn laying_away_a_king_is_an_illegal_discard() {
    let seeds = seeds_where(20, |r| {
        r.discard.is_some()
            && r.hands[(bidder(r)).index()]
                .cards
                .iter()
                .any(|i| i.card.is_king())
    });
    assert_eq!(seeds.len(), 20);
    for seed in seeds {
        let mut record = generated(seed, seed as usize);
        let b = bidder(&record);
        let king = record.hands[b.index()]
            .cards
            .iter()
            .find(|i| i.card.is_king())
            .unwrap()
            .card;
        record.discard.as_mut().unwrap().cards[1] = Item::new(king);
        let (_, report) = check(&record);
        let p = first(&report);
        assert_eq!(
            (p.kind.as_str(), p.rule),
            ("illegal-discard", Some(Rule::KrDiscard2))
        );
        assert_eq!((p.seat, p.card), (Some(b), Some(king)));
    }
}

#[test]
fn an_announcement_in_a_negative_game_is_an_illegal_call() {
    let seeds = seeds_where(20, |r| matches!(game_of(r), Game::Beggar | Game::Piccolo));
    assert_eq!(seeds.len(), 20);
    for seed in seeds {
        let mut record = generated(seed, seed as usize);
        let b = bidder(&record);
        // The bidder opens the call round with an announcement, then
        // passes as recorded.
        let c = record.calls.as_mut().unwrap();
        c.actions.insert(
            0,
            action(
                b,
                Act::Announce {
                    bonus: notation::Bonus::Trull,
                },
            ),
        );
        let (_, report) = check(&record);
        let p = first(&report);
        assert_eq!(
            (p.kind.as_str(), p.rule, p.seat),
            ("illegal-call", Some(Rule::KrAnn5), Some(b))
        );
    }
}

#[test]
fn a_contra_by_the_bidder_on_its_own_game_is_an_illegal_call() {
    let seeds = seeds_where(20, |r| matches!(game_of(r), Game::Three | Game::SoloThree));
    for seed in seeds {
        let mut record = generated(seed, seed as usize);
        let b = bidder(&record);
        let c = record.calls.as_mut().unwrap();
        let at = c
            .actions
            .iter()
            .position(|a| !matches!(a.act, Act::Call { .. } | Act::Talon { .. }))
            .unwrap();
        c.actions.insert(
            at,
            action(
                b,
                Act::Contra {
                    target: notation::Target::Game,
                },
            ),
        );
        let (_, report) = check(&record);
        let p = first(&report);
        assert_eq!(
            (p.kind.as_str(), p.rule, p.seat),
            ("illegal-call", Some(Rule::KrAnn4), Some(b))
        );
    }
}

#[test]
fn a_call_by_the_wrong_seat_is_out_of_turn() {
    let seeds = seeds_where(20, |r| matches!(game_of(r), Game::Beggar | Game::Three));
    for seed in seeds {
        let mut record = generated(seed, seed as usize);
        let b = bidder(&record);
        let c = record.calls.as_mut().unwrap();
        let at = c
            .actions
            .iter()
            .position(|a| !matches!(a.act, Act::Call { .. } | Act::Talon { .. }))
            .unwrap();
        c.actions[at].seat = b.after(2, 4);
        let (_, report) = check(&record);
        let p = first(&report);
        assert_eq!(
            (p.kind.as_str(), p.rule),
            ("out-of-turn", Some(Rule::KrAnn1))
        );
        assert_eq!(p.seat, Some(b.after(2, 4)));
    }
}

#[test]
fn a_forehand_game_bid_by_another_seat_is_an_illegal_bid() {
    for seed in 0..50u64 {
        let mut record = generated(seed, seed as usize);
        let a = &mut record.auction.as_mut().unwrap().actions[0];
        // The first speaker is never the forehand.
        a.act = Act::Bid {
            game: Game::Trischaken,
        };
        let seat = a.seat;
        let (_, report) = check(&record);
        let p = first(&report);
        assert_eq!(
            (p.kind.as_str(), p.rule, p.seat),
            ("illegal-bid", Some(Rule::KrBid3), Some(seat))
        );
    }
}

#[test]
fn a_missing_trick_leaves_the_deal_unsettled() {
    for seed in 0..50u64 {
        let mut record = generated(seed, seed as usize);
        if record.tricks.len() < 12 {
            continue;
        }
        record.tricks.pop();
        let (_, report) = check(&record);
        // KR-NEG-1 as amended (README ALL-4): one `incomplete`, no seat, no
        // trick, and the deal not settled.
        assert!(!report.settled);
        assert!(report.ledger.is_empty() && report.totals.is_empty());
        let p = first(&report);
        assert_eq!(report.problems.len(), 1, "{:#?}", report.problems);
        assert_eq!(
            (p.kind.as_str(), p.rule, p.seat, p.trick),
            ("incomplete", Some(Rule::KrNeg1), None, None)
        );
    }
}

#[test]
fn playing_an_announced_pagat_early_is_premature() {
    let mut found = 0;
    for seed in 0..20_000u64 {
        let record = generated(seed, seed as usize);
        let game = game_of(&record);
        let announced = game == Game::PagatCaller
            || calls(&record).iter().any(|a| {
                a.act
                    == Act::Announce {
                        bonus: notation::Bonus::Pagat,
                    }
            });
        if !announced || record.tricks.len() != 12 {
            continue;
        }
        let (_, clean) = check(&record);
        let lw = leaders(&clean);
        let seat_at = |t: usize, i: usize| lw[t].0.after(i, 4);
        let Some(j) = record.tricks[11]
            .plays
            .iter()
            .position(|i| i.card == notation::Card::PAGAT)
        else {
            continue;
        };
        let holder = seat_at(11, j);
        // An earlier trick where the holder played another tarock.
        let Some((t, i)) = (0..11).find_map(|t| {
            (0..4)
                .find(|&i| seat_at(t, i) == holder && record.tricks[t].plays[i].card.is_trump())
                .map(|i| (t, i))
        }) else {
            continue;
        };
        let mut faulty = record.clone();
        let other = faulty.tricks[t].plays[i].card;
        faulty.tricks[t].plays[i] = Item::new(notation::Card::PAGAT);
        faulty.tricks[11].plays[j] = Item::new(other);
        let (_, report) = check(&faulty);
        let p = first(&report);
        assert_eq!(
            (p.kind.as_str(), p.rule),
            ("premature-ultimo-card", Some(Rule::KrPlay6)),
            "seed {seed}"
        );
        assert_eq!((p.seat, p.trick), (Some(holder), Some(t as u16 + 1)));
        found += 1;
        if found == 10 {
            break;
        }
    }
    assert_eq!(found, 10);
}

/// The corpus files: the first record of a file opens with `{expect: ...}`,
/// every finding of the file (as `tarok verify --expect` reads it), and from
/// file 10 on every record says with `{finds: clean}` or
/// `{finds: kind[RULE], ...}` which findings, in order, it must produce.
/// Records without `finds` (files 01-03, written by hand for the first
/// issue) must be clean. A file is one session (running totals carry over).
#[test]
fn corpus_records_produce_exactly_their_expected_findings() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/koenigrufen");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("corpus/koenigrufen exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tarok"))
        .collect();
    files.sort();
    let mut records = 0;
    let mut applied = std::collections::BTreeSet::new();
    let comment = |record: &Record, key: &str| -> Option<Vec<String>> {
        let text = record.comments.iter().find_map(|c| c.strip_prefix(key))?;
        Some(
            text.split(", ")
                .filter(|t| *t != "clean")
                .map(str::to_owned)
                .collect(),
        )
    };
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let mut session = Session::default();
        let mut file_expect: Option<Vec<String>> = None;
        let mut file_found: Vec<String> = Vec::new();
        for (i, parsed) in notation::parse_str(&text).into_iter().enumerate() {
            let record = parsed.unwrap_or_else(|e| panic!("{file:?} #{i}: {e:?}"));
            if i == 0 {
                file_expect = verifier::expect::expectation(&record);
            }
            let expected = comment(&record, "finds: ").unwrap_or_default();
            let report = verify(&record, &mut session);
            let got: Vec<String> = report
                .problems
                .iter()
                .map(verifier::expect::token)
                .collect();
            assert_eq!(
                got,
                expected,
                "{file:?} record {}: {:#?}",
                i + 1,
                report.problems
            );
            for p in &report.problems {
                assert!(p.span.is_some(), "{file:?} #{i}: {p:?} has no span");
            }
            if report.settled {
                assert_eq!(report.totals.iter().sum::<i64>(), 0, "{file:?} #{i}");
            }
            file_found.extend(got);
            records += 1;
            applied.extend(report.problems.iter().filter_map(|p| p.rule));
            applied.extend(report.ledger.iter().map(|p| p.rule));
            applied.extend(report.events.iter().filter_map(|e| match e {
                Event::Rule { rule, .. } => Some(*rule),
                _ => None,
            }));
        }
        let wanted = file_expect.unwrap_or_default();
        assert!(
            verifier::expect::matches(&wanted, &file_found),
            "{file:?}: the file's expect comment names {wanted:?}, found {file_found:?}"
        );
    }
    assert!(records >= 60, "only {records} corpus records");
    // Every rule id the engine can apply is exercised by some record.
    let source = [
        include_str!("../src/koenigrufen/mod.rs"),
        include_str!("../src/koenigrufen/deal.rs"),
        include_str!("../src/koenigrufen/auction.rs"),
        include_str!("../src/koenigrufen/call.rs"),
        include_str!("../src/koenigrufen/talon.rs"),
        include_str!("../src/koenigrufen/discard.rs"),
        include_str!("../src/koenigrufen/announcements.rs"),
        include_str!("../src/koenigrufen/play.rs"),
        include_str!("../src/koenigrufen/duties.rs"),
        include_str!("../src/koenigrufen/settle/mod.rs"),
        include_str!("../src/koenigrufen/settle/positive.rs"),
        include_str!("../src/koenigrufen/settle/bonuses.rs"),
        include_str!("../src/koenigrufen/settle/negative.rs"),
    ]
    .concat();
    // The rules the engine names: `Rule::Kr…` in its source.
    let used: std::collections::BTreeSet<Rule> = source
        .split("Rule::")
        .skip(1)
        .filter_map(|rest| {
            let name: String = rest
                .chars()
                .take_while(char::is_ascii_alphanumeric)
                .collect();
            Rule::all().find(|r| format!("{r:?}") == name)
        })
        .filter(|r| r.id().starts_with("KR-"))
        .collect();
    assert!(
        used.len() >= 40,
        "found only {} rule ids in the engine",
        used.len()
    );
    let missing: Vec<&str> = used
        .iter()
        .filter(|r| !applied.contains(*r))
        .map(|r| r.id())
        .collect();
    assert!(
        missing.is_empty(),
        "rule ids no corpus record applies: {missing:?}"
    );
}

/// Damages a record at random: swaps two played cards, drops or reseats an
/// action, changes a bid, drops a trick or the hands.
fn damage(record: &mut Record, rng: &mut Rng) {
    let n = record.tricks.len();
    match rng.below(7) {
        0 if n > 1 => {
            let (a, b) = (rng.below(n), rng.below(n));
            let (i, j) = (rng.below(4), rng.below(4));
            let ca = record.tricks[a].plays[i].card;
            let cb = record.tricks[b].plays[j].card;
            record.tricks[a].plays[i] = Item::new(cb);
            record.tricks[b].plays[j] = Item::new(ca);
        }
        1 => {
            if let Some(c) = record.calls.as_mut().filter(|c| !c.actions.is_empty()) {
                let k = rng.below(c.actions.len());
                c.actions.remove(k);
            }
        }
        2 => {
            if let Some(c) = record.calls.as_mut().filter(|c| !c.actions.is_empty()) {
                let k = rng.below(c.actions.len());
                c.actions[k].seat = Seat::new(rng.below(4) as u8);
            }
        }
        3 => {
            let a = &mut record.auction.as_mut().unwrap().actions;
            let k = rng.below(a.len());
            a[k].act = Act::Bid {
                game: *rng.pick(&[
                    Game::Caller,
                    Game::Trischaken,
                    Game::SixThrees,
                    Game::Beggar,
                    Game::SoloCaller,
                    Game::ThreeOfSuits,
                    Game::PagatCaller,
                ]),
            };
        }
        4 if n > 0 => {
            record.tricks.remove(rng.below(n));
        }
        5 => record.hands.clear(),
        _ => {
            if let Some(d) = record.discard.as_mut() {
                d.cards.pop();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn damaged_records_replay_without_panic_and_settle_to_zero(seed in any::<u64>(), hits in 1usize..4) {
        let mut record = generated(seed, seed as usize % 4);
        let mut rng = Rng::new(seed ^ 0x5eed);
        for _ in 0..hits {
            damage(&mut record, &mut rng);
        }
        let (_, report) = check(&record);
        if report.settled {
            prop_assert_eq!(report.totals.iter().sum::<i64>(), 0);
        }
        for p in &report.problems {
            prop_assert!(p.span.is_some() || p.kind == "claim-mismatch", "{:?}", p);
        }
    }
}

// The amended digest (2026-11-26) and the structural faults of the rules
// README (ALL-1 to ALL-7) as Königrufen meets them.

/// The reports of a corpus file's records, verified as one session.
fn corpus_reports(name: &str) -> Vec<Report> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/koenigrufen");
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    let mut session = Session::default();
    notation::parse_str(&text)
        .into_iter()
        .map(|r| verify(&r.unwrap(), &mut session))
        .collect()
}

fn tokens(report: &Report) -> Vec<String> {
    report
        .problems
        .iter()
        .map(verifier::expect::token)
        .collect()
}

/// A finding as (kind, rule, seat, trick).
type Found = (String, Option<Rule>, Option<Seat>, Option<u16>);

/// (kind, rule, seat, trick) of every finding.
fn findings(report: &Report) -> Vec<Found> {
    report
        .problems
        .iter()
        .map(|p| (p.kind.as_str().to_string(), p.rule, p.seat, p.trick))
        .collect()
}

fn f(kind: &str, rule: Rule, seat: Option<Seat>, trick: Option<u16>) -> Found {
    (kind.to_string(), Some(rule), seat, trick)
}

fn rule_text(report: &Report, rule: Rule) -> Vec<String> {
    report
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Rule { rule: r, text, .. } if *r == rule => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_talon_card_in_a_hand_is_one_wrong_deal_by_the_dealer_and_void() {
    let reports = corpus_reports("29-structural-faults.tarok");
    // KR-DEAL-1 as amended, ALL-1: one finding by the dealer (seat 1), not
    // one per wrong hand; the deal void.
    let r = &reports[0];
    assert_eq!(
        findings(r),
        [f(
            "wrong-card-count",
            Rule::KrDeal1,
            Some(Seat::new(1)),
            None
        )]
    );
    let p = &r.problems[0];
    assert!(p.message.contains("seat 3 holds 13 cards"), "{}", p.message);
    assert!(
        p.message.contains("the talon holds 5 cards"),
        "{}",
        p.message
    );
    assert!(r.settled);
    assert_eq!(r.totals, [0, 0, 0, 0]);
    assert!(r.ledger.is_empty());
    // A card dealt twice: duplicate-card, by the dealer too.
    assert_eq!(
        findings(&reports[1]),
        [f("duplicate-card", Rule::KrDeal1, Some(Seat::new(1)), None)]
    );
    assert_eq!(reports[1].totals, [0, 0, 0, 0]);
    // ALL-7: a missing card is the wrong deal alone, nothing of the play.
    assert_eq!(
        findings(&reports[10]),
        [f(
            "wrong-card-count",
            Rule::KrDeal1,
            Some(Seat::new(1)),
            None
        )]
    );
}

#[test]
fn a_talon_card_moved_into_a_generated_hand_is_one_finding_by_the_dealer() {
    for seed in 0..200u64 {
        let mut record = generated(seed, seed as usize);
        let dealer: Seat = record.tag("Dealer").unwrap().value.parse().unwrap();
        record.claim = None;
        let card = record.talon.as_mut().unwrap().cards.pop().unwrap();
        let seat = (seed % 4) as usize;
        record.hands[seat].cards.push(card);
        let (text, report) = check(&record);
        assert_eq!(
            findings(&report),
            [f("wrong-card-count", Rule::KrDeal1, Some(dealer), None)],
            "seed {seed}:\n{text}"
        );
        assert!(report.settled, "seed {seed}");
        assert_eq!(report.totals, [0, 0, 0, 0], "seed {seed}");
        assert!(report.ledger.is_empty());
    }
}

#[test]
fn a_card_not_held_leaves_the_hand_that_held_it() {
    let r = &corpus_reports("29-structural-faults.tarok")[2];
    // ALL-2: T4 (the bidder's, from the talon) played by seat 1 in trick 3;
    // seat 2 playing it in trick 4 plays it twice; seat 1 still holds T6.
    assert_eq!(
        findings(r),
        [
            f("card-not-held", Rule::KrPlay10, Some(Seat::new(1)), Some(3)),
            f(
                "duplicate-card",
                Rule::KrPlay10,
                Some(Seat::new(2)),
                Some(4)
            ),
            f("revoke", Rule::KrPlay3, Some(Seat::new(1)), Some(12)),
        ]
    );
    assert_eq!(r.problems[0].card, Some("T4".parse().unwrap()));
    assert!(r.problems[0].message.contains("seat 2 holds it"));
    // Scored as played (KR-PLAY-10: no consequence beyond the findings).
    assert!(r.settled);
    assert_eq!(r.totals, [4, -4, 4, -4]);
}

#[test]
fn a_card_played_twice_counts_in_both_tricks() {
    let r = &corpus_reports("29-structural-faults.tarok")[3];
    assert_eq!(
        findings(r),
        [f(
            "duplicate-card",
            Rule::KrPlay10,
            Some(Seat::new(0)),
            Some(11)
        )]
    );
    assert!(r.settled);
    assert_eq!(r.totals, [4, -4, 4, -4]);
    // KR-SCORE-1 as amended: H1 counts twice, DN (never played) for nobody.
    assert_eq!(
        rule_text(r, Rule::KrScore1),
        ["the bidder's team has 48 2/3 points, the opponents 19 1/3"]
    );
}

#[test]
fn a_trick_of_the_wrong_size_names_no_seat_and_voids_the_deal() {
    let r = &corpus_reports("29-structural-faults.tarok")[4];
    assert_eq!(
        findings(r),
        [f("wrong-trick-size", Rule::KrPlay10, None, Some(5))]
    );
    assert!(r.settled);
    assert_eq!(r.totals, [0, 0, 0, 0]);
    assert!(r.ledger.is_empty());
}

#[test]
fn an_incomplete_record_is_one_finding_and_not_settled() {
    let reports = corpus_reports("29-structural-faults.tarok");
    for (i, r) in [(5, &reports[5]), (6, &reports[6])] {
        assert_eq!(
            findings(r),
            [f("incomplete", Rule::KrNeg1, None, None)],
            "#{i}"
        );
        assert!(!r.settled, "#{i}");
        assert!(r.ledger.is_empty() && r.totals.is_empty(), "#{i}");
    }
    // The short last trick is part of the same fault, and the claim line
    // of record 6 is not compared.
    assert!(reports[5].problems[0]
        .message
        .contains("after 7 of the deal's 12 tricks, the last one cut short"));
}

#[test]
fn a_short_last_trick_of_a_generated_deal_is_incomplete_only() {
    for seed in 0..200u64 {
        let mut record = generated(seed, seed as usize);
        let n = record.tricks.len();
        if n < 2 {
            continue;
        }
        record.tricks[n - 1].plays.pop();
        let (text, report) = check(&record);
        assert_eq!(
            findings(&report),
            [f("incomplete", Rule::KrNeg1, None, None)],
            "seed {seed}:\n{text}"
        );
        assert!(!report.settled && report.totals.is_empty(), "seed {seed}");
    }
}

#[test]
fn a_lead_out_of_turn_is_by_the_written_leader() {
    let r = &corpus_reports("29-structural-faults.tarok")[8];
    assert_eq!(
        findings(r),
        [
            f("out-of-turn", Rule::KrPlay1, Some(Seat::new(3)), Some(2)),
            f("incomplete", Rule::KrNeg1, None, None),
        ]
    );
}

#[test]
fn a_wrong_discard_is_one_finding_and_the_cards_never_played_are_the_discard() {
    let all = corpus_reports("29-structural-faults.tarok");
    let amended = corpus_reports("30-amended-2026-11-26.tarok");
    // Two cards (29 #9), recorded for seat 0 (30 #9), four with a king
    // (30 #10): one illegal-discard each, at the seat it is recorded for.
    for (r, seat) in [(&all[9], 2), (&amended[8], 0), (&amended[9], 2)] {
        assert_eq!(
            findings(r),
            [f(
                "illegal-discard",
                Rule::KrDiscard1,
                Some(Seat::new(seat)),
                None
            )]
        );
        assert!(r.problems[0].help.contains(Rule::KrDiscard4.id()));
        // KR-DISCARD-4: C7 HN D1, never played, are the discard; scored
        // as played.
        assert_eq!(
            rule_text(r, Rule::KrDiscard4),
            ["the discard is taken to be the cards seat 2 never plays: HN D1 C7"]
        );
        assert!(r.settled);
        assert_eq!(r.totals, [4, -4, 4, -4]);
    }
    // The king of the four-card discard is named in the one finding.
    assert!(amended[9].problems[0]
        .message
        .contains("HK may not be laid away"));
    assert!(amended[9].problems[0].help.contains(Rule::KrDiscard2.id()));
    // A missing discard where the record goes on: one finding by the bidder.
    assert_eq!(
        findings(&all[7]),
        [
            f(
                "illegal-discard",
                Rule::KrDiscard1,
                Some(Seat::new(2)),
                None
            ),
            f("incomplete", Rule::KrNeg1, None, None),
        ]
    );
}

#[test]
fn a_bid_breaking_several_rules_is_one_illegal_bid() {
    let r = &corpus_reports("30-amended-2026-11-26.tarok")[0];
    assert_eq!(
        findings(r),
        [
            f("illegal-bid", Rule::KrBid1, Some(Seat::new(3)), None),
            f("incomplete", Rule::KrNeg1, None, None),
        ]
    );
    assert!(
        r.problems[0].help.contains(Rule::KrBid5.id()),
        "{}",
        r.problems[0].help
    );
    // The passed seat's bid in 20-auction-faults: no out-of-turn besides.
    let r = &corpus_reports("20-auction-faults.tarok")[1];
    assert_eq!(
        findings(r),
        [
            f("illegal-bid", Rule::KrBid1, Some(Seat::new(2)), None),
            f("incomplete", Rule::KrNeg1, None, None),
        ]
    );
}

#[test]
fn an_auction_with_no_game_is_not_settled_and_nothing_after_it_is_judged() {
    let reports = corpus_reports("30-amended-2026-11-26.tarok");
    // A forehand-only game standing: the lowest table game ranks above it.
    assert_eq!(
        tokens(&reports[1]),
        ["illegal-bid[KR-BID-3]", "incomplete[KR-NEG-1]"]
    );
    // No bid, the record goes on: other with no seat; no game.
    assert_eq!(
        findings(&reports[2]),
        [f("other", Rule::KrBid7, None, None)]
    );
    assert!(!reports[2].settled);
    // Unfinished with a bid: its highest bid is played.
    assert_eq!(
        findings(&reports[3]),
        [
            f("other", Rule::KrBid7, None, None),
            f("incomplete", Rule::KrNeg1, None, None)
        ]
    );
}

#[test]
fn the_amended_king_call_talon_and_call_round_entries() {
    let r = corpus_reports("30-amended-2026-11-26.tarok");
    // A king call for another seat: out-of-turn, and still the call.
    assert_eq!(
        findings(&r[4]),
        [f("out-of-turn", Rule::KrCall1, Some(Seat::new(0)), None)]
    );
    assert_eq!(r[4].totals, [4, -4, 4, -4]);
    // A talon choice for another seat: illegal-call, the bidder takes it.
    assert_eq!(
        findings(&r[5]),
        [f("illegal-call", Rule::KrTalon1, Some(Seat::new(0)), None)]
    );
    assert_eq!(r[5].totals, [4, -4, 4, -4]);
    // No talon choice while the record goes on: by the bidder.
    assert_eq!(
        findings(&r[6]),
        [
            f("illegal-call", Rule::KrTalon1, Some(Seat::new(2)), None),
            f("incomplete", Rule::KrNeg1, None, None)
        ]
    );
    // A grind in a solo game's talon place: ignored, the deal goes on.
    assert_eq!(
        findings(&r[7]),
        [
            f("illegal-call", Rule::KrTalon2, Some(Seat::new(2)), None),
            f("incomplete", Rule::KrNeg1, None, None)
        ]
    );
    assert!(!r[7].settled);
    // A talon choice and a second king call in the round: a turn each.
    for i in [11, 12] {
        assert_eq!(
            findings(&r[i]),
            [f("illegal-call", Rule::KrAnn6, Some(Seat::new(3)), None)]
        );
        assert_eq!(r[i].totals, [4, -4, 4, -4]);
    }
    // An unfinished round with tricks: other, no seat; scored as played.
    assert_eq!(findings(&r[13]), [f("other", Rule::KrAnn1, None, None)]);
    assert_eq!(r[13].totals, [4, -4, 4, -4]);
}

#[test]
fn tricks_after_an_early_end_are_one_other_with_no_seat() {
    let r = &corpus_reports("24-play-faults.tarok")[6];
    assert_eq!(findings(r), [f("other", Rule::KrNeg1, None, Some(7))]);
    assert!(r.settled);
}

#[test]
fn a_missing_discard_in_a_record_that_stops_takes_no_card_from_the_call_round() {
    // The bidder (seat 2) holds T1 and announces pagat; the discard is
    // missing and the record stops after the call round. KR-DISCARD-4's
    // "cards he never plays" are all fifteen here: which of them he laid
    // away is not known, so the announcement is not judged as one without
    // the card (spec/rules-koenigrufen.md, decision 11).
    let text = "[Variant \"koenigrufen\"]\n[Dealer \"1\"]\n\nhand 0: CK T20 D4 H4 T10 T21 DK H1 CQ T7 C9 DN\nhand 1: T8 T18 CN D2 HJ D3 CJ DJ T16 S8 SK T6\nhand 2: HN HK T14 SQ D1 C7 C8 T11 S10 H3 T1 T9\nhand 3: C10 T3 SN T5 S7 DQ T12 HQ T17 T13 SJ T15\ntalon: T19 T4 H2 S9 T22 T2\nauction: 3 pass, 0 pass, 1 pass, 2 caller\ncalls: 2 call CK, 2 talon 0, 2 announce pagat, 3 pass, 0 pass, 1 pass\n";
    let report = verify(
        &notation::parse_str(text).remove(0).unwrap(),
        &mut Session::default(),
    );
    assert_eq!(
        findings(&report),
        [
            f(
                "illegal-discard",
                Rule::KrDiscard1,
                Some(Seat::new(2)),
                None
            ),
            f("incomplete", Rule::KrNeg1, None, None)
        ]
    );
    assert!(!report.settled);
}

/// KR-TALON-2 names the bidder; a grind written for another seat, the
/// called king in the talon, is that seat's `illegal-call` and still the
/// bidder giving up (as a talon choice for another seat, KR-TALON-1 as
/// amended, KR-ANN-6): the same settlement as the bidder's own grind.
#[test]
fn a_grind_by_another_seat_is_an_illegal_call_that_still_ends_the_deal() {
    let deal = "[Variant \"koenigrufen\"]\n[Dealer \"0\"]\n\n\
        hand 0: T22 T12 T9 T6 S10 S7 H2 C10 C9 C8 DJ D2\n\
        hand 1: T21 T15 T11 T8 T4 T2 SK SQ SJ HN H4 CK\n\
        hand 2: T20 T19 T16 T10 T7 S9 S8 CQ CJ C7 DN D4\n\
        hand 3: T18 T14 T3 T1 SN HQ HJ H3 CN DK DQ D1\n\
        talon: T13 T17 T5 HK H1 D3\n\
        auction: 2 pass, 3 pass, 0 pass, 1 quapil-caller\n";
    let run = |calls: &str| {
        let record = notation::parse_str(&format!("{deal}calls: {calls}\n"))
            .remove(0)
            .unwrap();
        verify(&record, &mut Session::default())
    };
    let own = run("1 call HK, 1 grind");
    assert!(own.problems.is_empty(), "{:?}", own.problems);
    let other = run("1 call HK, 2 grind");
    assert_eq!(
        findings(&other),
        [f("illegal-call", Rule::KrTalon2, Some(Seat::new(2)), None)]
    );
    assert!(own.settled && other.settled);
    assert_eq!(other.totals, own.totals);
}
