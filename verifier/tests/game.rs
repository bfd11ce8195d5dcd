//! `Game`, step by step: random playouts through `legal()` end in records
//! that verify clean, and an action not in `legal()` is rejected with
//! findings that `verify` gives on the record with it appended.
//!
//! Playouts per variant: `TAROK_GAME_CASES` (or `PROPTEST_CASES`), 2,000 by
//! default (issue 25: thousands of random games a variant); `--nocapture`
//! prints the time per playout.

extern crate tarok_verifier as verifier;

use notation::Seat;
use std::time::Instant;

use verifier::game::{Game, Move};
use verifier::gen::{self, Rng};
use verifier::notation::{Act, Card, Lead, Record, Suit, Variant};
use verifier::{verify, Session};

fn cases() -> u64 {
    ["TAROK_GAME_CASES", "PROPTEST_CASES"]
        .iter()
        .find_map(|v| std::env::var(v).ok()?.parse().ok())
        .unwrap_or(2_000)
}

/// An action that may well be illegal now: a card of the pack by the seat
/// to act, or a word of the auction, calls or declarations.
fn probe(game: &Game, rng: &mut Rng) -> Move {
    let seat = game.to_act().unwrap_or(Seat::new(0));
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
        2 => Move::Auction {
            seat: Seat::new(any),
            act,
        },
        _ => Move::Calls {
            seat: Seat::new(any),
            act,
        },
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
    assert_eq!(game.to_act(), Some(Seat::new(2)));
    let c2 = "C2".parse().unwrap();
    assert!(!game.legal().contains(&Move::play(Seat::new(2), c2)));
    let rejected = game.apply(Move::play(Seat::new(2), c2)).unwrap_err();
    assert_eq!(codes(&rejected.problems), ["tarok::revoke[DK-PLAY-2]"]);
    assert_eq!(rejected.problems[0].seat, Some(Seat::new(2)));
    assert_eq!(rejected.problems[0].trick, Some(4));
    // Entering it anyway records the finding.
    let added = game.apply_anyway(Move::play(Seat::new(2), c2));
    assert_eq!(codes(&added), ["tarok::revoke[DK-PLAY-2]"]);
    assert_eq!(codes(game.problems()), ["tarok::revoke[DK-PLAY-2]"]);
}

/// The moves of a record, as a game takes them: entries, discard and
/// handful cards one by one; a card of the play with no seat (found by
/// the game: the one seat whose card it takes).
enum Step {
    Move(Move),
    Card {
        card: Card,
        name: Option<Lead>,
        rename: Option<Lead>,
        fool_call: Option<Seat>,
    },
}

fn steps(record: &Record) -> Vec<Step> {
    let mut out = Vec::new();
    let entries = |list: &Option<verifier::notation::Actions>| {
        list.iter()
            .flat_map(|l| l.actions.iter())
            .map(|a| {
                assert!(
                    a.after.unwrap_or(0) == 0,
                    "a clean record has no late entry"
                );
                (a.seat, a.act.clone())
            })
            .collect::<Vec<_>>()
    };
    for (seat, act) in entries(&record.auction) {
        out.push(Step::Move(Move::Auction { seat, act }));
    }
    // Königrufen writes the calls made after the discard (announcements,
    // contras) in the calls, before it: the game takes them in the order
    // they are made, the discard after the talon is chosen.
    let calls = entries(&record.calls);
    let talon = calls
        .iter()
        .position(|(_, act)| matches!(act, Act::Talon { .. }))
        .map_or(calls.len(), |i| i + 1);
    for (seat, act) in calls[..talon].iter().cloned() {
        out.push(Step::Move(Move::Calls { seat, act }));
    }
    if let Some(d) = &record.discard {
        for i in &d.cards {
            out.push(Step::Move(Move::Discard {
                seat: d.seat,
                card: i.card,
            }));
        }
    }
    for (seat, act) in calls[talon..].iter().cloned() {
        out.push(Step::Move(Move::Calls { seat, act }));
    }
    for (seat, act) in entries(&record.declarations) {
        match act {
            Act::Handful { size, cards } => {
                for card in cards {
                    out.push(Step::Move(Move::Handful { seat, size, card }));
                }
            }
            act => out.push(Step::Move(Move::Declare { seat, act })),
        }
    }
    for trick in &record.tricks {
        for (k, i) in trick.plays.iter().enumerate() {
            out.push(Step::Card {
                card: i.card,
                name: i.name,
                rename: i.rename,
                fool_call: if k == 0 { trick.fool_call } else { None },
            });
        }
    }
    out
}

/// The clean records with a move that a later move makes legal, which a
/// game judging each move on the record so far refuses (module docs, "What
/// `legal` lists"): the fool laid in the skat for an announced tout
/// (DK-DISCARD-2, DK-TOUT-2), a card that the third player's renaming of the
/// fool makes legal (DK-FOOL-8).
const LATER: [&str; 3] = [
    "35-announced-tout",
    "36-failed-announced-tout",
    "48-fool-renamed-by-the-third-player",
];

/// Every move of every clean record of the corpus is one `legal()` lists
/// at its point (the fool's namings and renamings, handfuls card by card
/// of any trumps, discards, declarations): `legal()` leaves out no move a
/// real deal makes.
#[test]
fn every_move_of_the_clean_corpus_is_listed() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus");
    let mut records = 0;
    let mut special = 0;
    let mut failed = Vec::new();
    let mut later = 0;
    for variant in [
        "danish-tarok",
        "french-tarot",
        "koenigrufen",
        "skill7-tarock",
    ] {
        let mut paths: Vec<_> = std::fs::read_dir(format!("{root}/{variant}"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "tarok"))
            .collect();
        paths.sort();
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap();
            let mut session = Session::default();
            for record in verifier::notation::parse_str(&text) {
                let Ok(record) = record else { continue };
                let report = verify(&record, &mut session);
                if !report.problems.is_empty() || !report.settled {
                    continue;
                }
                let Ok(mut game) = Game::from_record(&record) else {
                    continue;
                };
                if record.hands.is_empty() {
                    // A partial record (no hands): no deal to play.
                    continue;
                }
                if session.deals > 1 {
                    // A later deal of a session: its state (pots, scores)
                    // is the session's, not a fresh one.
                    continue;
                }
                records += 1;
                let name = path.file_stem().unwrap().to_string_lossy().to_string();
                let known = LATER.contains(&name.as_str());
                let before = failed.len();
                for (n, step) in steps(&record).into_iter().enumerate() {
                    let mv = match step {
                        Step::Move(mv) => mv,
                        Step::Card {
                            card,
                            name,
                            rename,
                            fool_call,
                        } => {
                            // The seat whose card the game takes.
                            Seat::all(game.table().seats)
                                .map(|seat| Move::Play {
                                    seat,
                                    card,
                                    name,
                                    rename,
                                    fool_call,
                                })
                                .find(|mv| game.clone().apply(mv.clone()).is_ok())
                                .unwrap_or_else(|| {
                                    failed.push(format!(
                                        "{}: card {card} of move {n} taken from no seat",
                                        path.display()
                                    ));
                                    Move::Play {
                                        seat: game.to_act().unwrap_or(Seat::new(0)),
                                        card,
                                        name,
                                        rename,
                                        fool_call,
                                    }
                                })
                        }
                    };
                    let rare = matches!(
                        &mv,
                        Move::Handful { .. }
                            | Move::Declare { .. }
                            | Move::Discard { .. }
                            | Move::Play { name: Some(_), .. }
                            | Move::Play {
                                rename: Some(_),
                                ..
                            }
                            | Move::Play {
                                fool_call: Some(_),
                                ..
                            }
                    );
                    // `legal()` in full at the rare moves and every 9th.
                    if rare || n % 9 == 0 {
                        special += rare as usize;
                        if !game.legal().contains(&mv) {
                            failed.push(format!(
                                "{}: move {n} {mv} is not in legal()",
                                path.display()
                            ));
                        }
                    }
                    if let Err(e) = game.apply(mv.clone()) {
                        failed.push(format!("{}: move {n} {mv} rejected: {e}", path.display()));
                        game.apply_anyway(mv);
                    }
                }
                if known {
                    // Its moves that only a later move makes legal are
                    // refused, entered anyway, and the whole record is clean.
                    assert!(failed.len() > before, "{name}: now listed: update LATER");
                    failed.truncate(before);
                    later += 1;
                }
                if !game.is_over() || !game.problems().is_empty() {
                    failed.push(format!("{}: not over, or with findings", path.display()));
                }
            }
        }
    }
    eprintln!("{records} clean records entered, {special} rare moves found in legal()");
    assert!(failed.is_empty(), "{}", failed.join("\n"));
    assert_eq!(later, LATER.len());
    assert!(records > 40 && special > 40);
}

/// A French handful is shown card by card, any trumps of the seat in any
/// order: the lowest trumps, shown lowest first, make a handful the record
/// writes once it is whole, and the deal verifies clean.
#[test]
fn a_handful_of_the_lowest_trumps_card_by_card() {
    use verifier::notation::HandfulSize;
    let mut found = false;
    for seed in 0..400u64 {
        let mut rng = Rng::new(seed);
        let dealt = gen::deal(Variant::FrenchTarot, &mut rng, 0).expect("a generator");
        let mut game = Game::from_record(&dealt).expect("a good deal");
        // Random moves up to a handful or the first card.
        let legal = loop {
            let legal = game.legal();
            if legal.is_empty()
                || legal.iter().any(|m| matches!(m, Move::Handful { .. }))
                || matches!(legal[0], Move::Play { .. })
            {
                break legal;
            }
            game.apply(rng.pick(&legal).clone()).unwrap();
        };
        let Some(Move::Handful { seat, .. }) = legal
            .iter()
            .find(|m| matches!(m, Move::Handful { .. }))
            .cloned()
        else {
            continue;
        };
        found = true;
        let mut trumps: Vec<Card> = legal
            .iter()
            .filter_map(|m| match m {
                Move::Handful {
                    seat: s,
                    size: HandfulSize::Simple,
                    card,
                } if *s == seat && card.is_trump() => Some(*card),
                _ => None,
            })
            .collect();
        trumps.sort_by_key(|c| c.trump_number());
        assert!(trumps.len() >= 10, "seed {seed}: {trumps:?}");
        for (k, &card) in trumps[..10].iter().enumerate() {
            let mv = Move::Handful {
                seat,
                size: HandfulSize::Simple,
                card,
            };
            assert!(game.legal().contains(&mv), "seed {seed}: card {k} {card}");
            game.apply(mv).unwrap();
            if k < 9 {
                // Nothing else till the handful is whole.
                assert!(game
                    .legal()
                    .iter()
                    .all(|m| matches!(m, Move::Handful { seat: s, .. } if *s == seat)));
            }
        }
        let written = game.record().declarations.as_ref().unwrap();
        assert!(written.actions.iter().any(|a| a.seat == seat
            && a.act
                == Act::Handful {
                    size: HandfulSize::Simple,
                    cards: trumps[..10].to_vec(),
                }));
        let mut rng = Rng::new(seed);
        while !game.is_over() {
            let legal = game.legal();
            game.apply(rng.pick(&legal).clone()).unwrap();
        }
        let report = verify(game.record(), &mut Session::default());
        assert!(report.settled && report.problems.is_empty());
        break;
    }
    assert!(found, "no French deal with a handful in 400 seeds");
}

/// Danish Tarok: a game in a session goes on from the session's pots and
/// dealer (no foundation again, DK-POT-2), as `verify` of the deal in that
/// session does; the stepped engine judges its moves on them (debug builds
/// check its judgements against the replay of the record in the session).
#[test]
fn a_danish_game_goes_on_from_its_session() {
    for seed in 0..3 {
        let mut rng = Rng::new(seed);
        let first = gen::deal(Variant::DanishTarok, &mut rng, 0).expect("a deal");
        let mut second = gen::deal(Variant::DanishTarok, &mut rng, 1).expect("a deal");
        // The pots come from the session, not from a tag.
        second.tags.retain(|t| t.name != "Pots");
        let mut session = Session::default();
        assert!(verify(&first, &mut session).settled);
        let mut game = Game::from_record_in(&second, session.clone()).expect("the next deal");
        while !game.is_over() {
            let legal = game.legal();
            game.apply(rng.pick(&legal).clone()).unwrap();
        }
        let report = game.result();
        assert!(report.settled && report.problems.is_empty(), "seed {seed}");
        assert!(
            !report
                .ledger
                .iter()
                .any(|p| p.reason.contains("start of the session")),
            "seed {seed}: foundation paid again"
        );
        let mut alone = Session::default();
        let fresh = verify(game.record(), &mut alone);
        assert_ne!(
            fresh.pots, report.pots,
            "seed {seed}: the pots are the session's"
        );
    }
}

/// Danish Tarok: a record without its skat, entered move by move, gets
/// the findings `verify` gives: the skat taken to be the cards the dealer
/// never plays is read from every trick (DK-DISCARD-5), so the stepped
/// engine takes such a record whole each time.
#[test]
fn a_danish_record_without_its_skat_entered_move_by_move() {
    for seed in 0..4 {
        let mut rng = Rng::new(seed);
        let mut record = gen::deal(Variant::DanishTarok, &mut rng, 0).expect("a deal");
        record.discard = None;
        record.claim = None;
        let game = Game::replayed(&record).expect("a good deal");
        let report = verify(&record, &mut Session::default());
        let codes = |ps: &[verifier::notation::Problem]| {
            ps.iter()
                .map(|p| (p.code(), p.seat, p.trick, p.card, p.message.clone()))
                .collect::<Vec<_>>()
        };
        assert!(!report.problems.is_empty(), "seed {seed}");
        assert_eq!(
            codes(game.problems()),
            codes(&report.problems),
            "seed {seed}"
        );
    }
}

/// Danish Tarok: the skat the engine lists card by card, and the
/// declarations after it, are the judged lists also where the dealer may
/// lay trumps (at most three of them, none the pagat or trump 21:
/// DK-DISCARD-3) or holds cavalleries whose cards he may not lay
/// (DK-DISCARD-4). `legal()` is asked four times a step: debug builds then
/// check the engine's list against the judged one at least once.
#[test]
fn a_danish_skat_of_trumps_or_declaration_cards_is_listed_as_judged() {
    let hand = |r: &Record, seat: Seat| -> Vec<Card> {
        r.hands[seat.index()].cards.iter().map(|i| i.card).collect()
    };
    let mut listed_trump = false;
    for seed in 0..24u64 {
        let mut rng = Rng::new(seed);
        let mut record = gen::deal(Variant::DanishTarok, &mut rng, 0).expect("a deal");
        record.discard = None;
        record.declarations = None;
        record.tricks.clear();
        record.claim = None;
        // The dealer (seat 0) keeps at most `keep` trumps, none the pagat or
        // 21, or (odd seeds) holds all the court cards of spades and hearts;
        // the cards he gives up go to seat 1 for seat 1's plainest cards.
        let keep = (seed % 4) as usize;
        let dealer = hand(&record, Seat::new(0));
        let wanted: Vec<Card> = if seed % 2 == 1 {
            Card::all()
                .filter(|c| {
                    c.rank().is_some_and(|r| r.is_court())
                        && matches!(c.suit(), Some(Suit::Spades | Suit::Hearts))
                        && !dealer.contains(c)
                })
                .collect()
        } else {
            Vec::new()
        };
        let away: Vec<Card> = dealer
            .iter()
            .copied()
            .filter(|c| c.is_trump())
            .enumerate()
            .filter(|&(k, c)| k >= keep || c == Card::PAGAT || c == Card::MOND)
            .map(|(_, c)| c)
            .collect();
        let mut give: Vec<Card> = away;
        give.retain(|c| !wanted.contains(c));
        let mut take: Vec<Card> = Vec::new();
        for s in [1u8, 2] {
            for c in hand(&record, Seat::new(s)) {
                if wanted.contains(&c) {
                    take.push(c);
                }
            }
        }
        // Swap the dealer's trumps for plain cards of the others, and the
        // others' wanted courts for the dealer's spot cards.
        let mut spots: Vec<Card> = dealer
            .iter()
            .copied()
            .filter(|c| c.rank().is_some_and(|r| !r.is_court()) && !wanted.contains(c))
            .collect();
        let mut plain: Vec<Card> = [1u8, 2]
            .iter()
            .flat_map(|&s| hand(&record, Seat::new(s)))
            .filter(|c| c.rank().is_some_and(|r| !r.is_court()) && !spots.contains(c))
            .collect();
        let mut swaps: Vec<(Card, Card)> = Vec::new();
        for t in give {
            if let Some(p) = plain.pop() {
                swaps.push((t, p));
            }
        }
        for c in take {
            if let Some(s) = spots.pop() {
                swaps.push((s, c));
            }
        }
        for (a, b) in swaps {
            for h in &mut record.hands {
                for i in &mut h.cards {
                    if i.card == a {
                        i.card = b;
                    } else if i.card == b {
                        i.card = a;
                    }
                }
            }
        }
        let mut game = Game::from_record(&record).expect("a good deal");
        while game.record().tricks.is_empty() && !game.is_over() {
            let mut legal = game.legal();
            for _ in 0..3 {
                assert_eq!(game.legal(), legal, "seed {seed}");
            }
            legal.retain(|m| !matches!(m, Move::Auction { .. } | Move::Calls { .. }));
            listed_trump |= legal
                .iter()
                .any(|m| matches!(m, Move::Discard { card, .. } if card.is_trump()));
            let mv = rng.pick(&legal).clone();
            game.apply(mv).expect("a listed move");
        }
        assert!(game.problems().is_empty(), "seed {seed}");
    }
    assert!(listed_trump, "some dealer may lay trumps");
}

/// `Game::apply_at` (a listed move taken by its place) leaves the game as
/// `Game::apply` of that move does: the same record, findings, end and
/// lists at every step, and the same settlement, in every variant; also
/// after a faulty move (the list then judged, not the engine's).
#[test]
fn a_move_taken_by_its_place_is_the_move_taken() {
    let cases = (cases() / 50).max(20);
    for variant in Variant::ALL {
        for seed in 0..cases {
            let mut rng = Rng::new(seed);
            let dealt = gen::deal(variant, &mut rng, seed as usize).expect("a generator");
            let mut by_value = Game::from_record(&dealt).expect("a good deal");
            let mut by_place = by_value.clone();
            let mut steps = 0;
            while !by_value.is_over() {
                // One faulty deal in five: an illegal move entered early.
                if seed % 5 == 0 && steps == 3 {
                    let mv = probe(&by_value, &mut rng);
                    assert_eq!(by_value.apply_anyway(mv.clone()), by_place.apply_anyway(mv));
                }
                let legal = by_value.legal();
                assert_eq!(
                    by_place.legal(),
                    legal,
                    "{variant} seed {seed} step {steps}"
                );
                if legal.is_empty() {
                    break;
                }
                let k = rng.below(by_value.legal_moves().len());
                let mv = by_value.legal_moves()[k].clone();
                let (a, b) = (by_value.apply(mv), by_place.apply_at(k));
                assert_eq!(a.is_ok(), b.is_ok(), "{variant} seed {seed} step {steps}");
                assert_eq!(
                    by_value.record(),
                    by_place.record(),
                    "{variant} seed {seed}"
                );
                assert_eq!(by_value.problems(), by_place.problems());
                assert_eq!(by_value.is_over(), by_place.is_over());
                steps += 1;
            }
            let (a, b) = (by_value.settlement(), by_place.settlement());
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "{variant} seed {seed}");
        }
    }
}
