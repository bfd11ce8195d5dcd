//! One fault, one finding (rules README, last paragraph), and the other
//! counting rules of issue 9: every class has a corpus example, and these
//! tests read the findings the engines give on it, and on small records
//! written here.

extern crate tarok_verifier as verifier;

use notation::Rule;
use notation::Seat;
use notation::{Problem, Record};
use verifier::{verify, Report, Session};

fn corpus(variant: &str, name: &str) -> Record {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .join(variant);
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    notation::parse_str(&text).remove(0).unwrap()
}

fn parse(text: &str) -> Record {
    notation::parse_str(text).remove(0).unwrap()
}

fn check(record: &Record) -> Report {
    verify(record, &mut Session::default())
}

fn tokens(report: &Report) -> Vec<String> {
    report
        .problems
        .iter()
        .map(verifier::expect::token)
        .collect()
}

/// The claim of a corpus file (written from the engine) still agrees.
fn no_claim_mismatch(report: &Report) {
    assert!(
        !report.problems.iter().any(|p| p.kind == "claim-mismatch"),
        "{:?}",
        report.problems
    );
}

fn only<'r>(report: &'r Report, token: &str) -> &'r Problem {
    assert_eq!(tokens(report), [token]);
    &report.problems[0]
}

#[test]
fn danish_improper_skat_is_one_finding_naming_every_rule() {
    let report = check(&corpus("danish-tarok", "49-pagat-in-the-skat.tarok"));
    let p = only(&report, "illegal-discard[DK-DISCARD-2]");
    assert!(p.help.contains(Rule::DkDiscard3.id()), "{}", p.help);
    assert!(p.message.contains("keeps"), "{}", p.message);
    assert!(p.label.contains("may not be laid away") && p.label.contains("void"));
    assert!(report.settled);
    no_claim_mismatch(&report);
    // One fine of 40 into each pot, by the dealer.
    let fines: Vec<_> = report.ledger.iter().filter(|l| l.amount == 40).collect();
    assert_eq!(fines.len(), 2);
}

#[test]
fn danish_misdeal_before_play_is_one_finding_by_the_dealer() {
    let record = corpus("danish-tarok", "33-wrong-deal.tarok");
    let report = check(&record);
    let p = only(&report, "wrong-card-count[DK-DEAL-3]");
    assert_eq!(p.seat, Some(Seat::new(1)), "the dealer");
    // Both wrong hands are underlined.
    assert_eq!(p.also.len(), 1);
    assert!(p.message.contains("seat 2 holds 26"));
    no_claim_mismatch(&report);
}

#[test]
fn danish_third_player_renaming_judges_the_second_card_against_the_new_suit() {
    // The example: clubs named, both void in clubs; seat 1 plays SN
    // without renaming although he holds trumps; seat 2 renames to spades.
    // Seat 1 holds spades (SN), so his card is legal.
    let text = "[Variant \"danish-tarok\"]\n[Dealer \"0\"]\n[Pots \"king-pot 60, pagat-pot 60\"]\n\ntrick 1: EX=C SN rename S S5\ntrick 2: T2 T3 T4\n";
    let report = check(&parse(text));
    assert!(
        !report.problems.iter().any(|p| p.kind == "revoke"),
        "{:?}",
        tokens(&report)
    );
    // Not holding the new suit, he is judged against the named suit: with
    // trumps in hand, a heart to clubs is a revoke, reported once.
    let text = "[Variant \"danish-tarok\"]\n[Dealer \"0\"]\n[Pots \"king-pot 60, pagat-pot 60\"]\n\ntrick 1: EX=C H5 rename S S5\ntrick 2: T2 T3 T4\n";
    let report = check(&parse(text));
    let revokes: Vec<_> = report
        .problems
        .iter()
        .filter(|p| p.kind == "revoke")
        .collect();
    assert_eq!(revokes.len(), 1, "{:?}", tokens(&report));
    assert_eq!(revokes[0].rule, Some(Rule::DkPlay2));
    assert_eq!(revokes[0].seat, Some(Seat::new(2)));
    // The corpus example: clean.
    let report = check(&corpus(
        "danish-tarok",
        "48-fool-renamed-by-the-third-player.tarok",
    ));
    assert!(report.problems.is_empty(), "{:?}", tokens(&report));
}

#[test]
fn danish_wrong_renaming_that_is_a_revoke_is_one_finding() {
    let report = check(&corpus(
        "danish-tarok",
        "50-wrong-renaming-and-revoke.tarok",
    ));
    let p = only(&report, "fool-misuse[DK-FOOL-8]");
    assert!(p.help.contains(Rule::DkPlay2.id()), "{}", p.help);
    no_claim_mismatch(&report);
}

#[test]
fn danish_trick_of_the_wrong_size_settles_the_deal() {
    let report = check(&corpus(
        "danish-tarok",
        "51-card-missing-from-a-trick.tarok",
    ));
    let p = only(&report, "wrong-trick-size[DK-DEAL-3]");
    assert!(report.settled);
    no_claim_mismatch(&report);
    let seat = p.seat.expect("the holder of the wrong number of cards");
    let fine: i64 = report
        .ledger
        .iter()
        .filter(|l| l.rule == Rule::DkDeal3 && l.payer == notation::Party::Seat(seat))
        .map(|l| l.amount)
        .sum();
    assert_eq!(fine, 80, "40 into each pot");
    // Chips are conserved: the seats' totals and the pots' growth cancel.
    let pots = report.pots.expect("pots");
    // (No `Pots` tag: the session starts here, the seats found the pots.)
    let start = [0i64, 0];
    assert_eq!(
        report.totals.iter().sum::<i64>() + pots[0] + pots[1],
        start[0] + start[1]
    );
    // One card too many in a trick is judged the same way.
    let mut record = corpus("danish-tarok", "51-card-missing-from-a-trick.tarok");
    record.claim = None;
    // Trick 10 has 2 cards: two more make 4, one too many.
    for t in [11, 12] {
        let extra = record.tricks[t].plays[0];
        record.tricks[9].plays.push(extra);
    }
    let report = check(&record);
    assert_eq!(tokens(&report), ["wrong-trick-size[DK-DEAL-3]"]);
    assert!(report.settled);
    // Nothing of trick 10 or after is paid.
    assert!(report
        .ledger
        .iter()
        .all(|l| !matches!(l.at, verifier::Moment::Trick(t) if t > 10)));
}

#[test]
fn danish_structural_faults_are_one_finding_each() {
    // ALL-5: a seat-order slip in one trick (its cards written from the
    // next seat, no leader written) is one lead out of turn by the seat the
    // cards are written from; no card not held, no revoke.
    let report = check(&corpus(
        "danish-tarok",
        "57-cards-written-from-the-wrong-seat.tarok",
    ));
    assert_eq!(tokens(&report), ["out-of-turn[DK-PLAY-1]"]);
    no_claim_mismatch(&report);
    // ALL-1: a skat card written into another hand is one finding, by the
    // first wrong hand in declaring order (the dealer), fined once.
    let report = check(&corpus(
        "danish-tarok",
        "52-skat-card-written-into-a-hand.tarok",
    ));
    let p = only(&report, "wrong-card-count[DK-DEAL-3]");
    assert_eq!(p.seat, Some(Seat::new(2)));
    assert_eq!(p.also.len(), 1, "both hands underlined");
    // ALL-6: a skat card written twice is one improper discard, and no
    // revoke for the cards taken as laid away.
    let report = check(&corpus("danish-tarok", "65-skat-card-written-twice.tarok"));
    only(&report, "illegal-discard[DK-DISCARD-1]");
    // ALL-4: an incomplete record is one finding and its claim is not
    // compared.
    let report = check(&corpus("danish-tarok", "58-incomplete-record.tarok"));
    only(&report, "incomplete[DK-PLAY-5]");
    assert!(!report.settled);
}

#[test]
fn french_false_handful_is_one_finding() {
    let report = check(&corpus(
        "french-tarot",
        "55-false-handful-cards-not-held.tarok",
    ));
    let p = only(&report, "wrong-declaration[FR-HANDFUL-3]");
    for card in ["T1", "T4", "T14", "T16"] {
        assert!(p.message.contains(card), "{}", p.message);
    }
    no_claim_mismatch(&report);
    // The excuse shown with trumps hidden as well: still one finding, with
    // the first rule id in the digest's order (FR-HANDFUL-2), naming -3.
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../corpus/french-tarot/55-false-handful-cards-not-held.tarok"),
    )
    .unwrap()
    .replace("T14 T16 {", "T14 EX {");
    let report = check(&parse(&text));
    let p = only(&report, "wrong-declaration[FR-HANDFUL-2]");
    assert!(p.help.contains(Rule::FrHandful3.id()), "{}", p.help);
}

#[test]
fn french_trick_of_the_wrong_size_voids_the_deal() {
    let report = check(&corpus(
        "french-tarot",
        "56-card-missing-from-a-trick.tarok",
    ));
    let p = only(&report, "wrong-trick-size[FR-PLAY-7]");
    assert_eq!((p.seat, p.trick), (None, Some(7)));
    assert!(report.settled);
    assert_eq!(report.totals, [0, 0, 0, 0]);
    assert!(report.ledger.is_empty());
}

/// FR-DEAL-3 (ALL-1): a dog card written into a hand is one misdeal, by the
/// dealer (seat 1), whichever hands are wrong; nothing else is judged.
#[test]
fn french_dog_card_in_a_hand_is_one_finding_by_the_dealer() {
    let report = check(&corpus("french-tarot", "46-wrong-dog-size.tarok"));
    let p = only(&report, "wrong-card-count[FR-DEAL-3]");
    assert_eq!(p.seat, Some(Seat::new(1)));
    assert!(p.message.contains("seat 0 holds 19"), "{}", p.message);
    assert!(p.message.contains("talon holds 5"), "{}", p.message);
    assert!(report.settled);
    assert_eq!(report.totals, [0, 0, 0, 0]);
}

/// FR-DISCARD-3 (ALL-6): a discard written for the wrong seat is one
/// finding at that seat, not one per card; the taker's discard is taken
/// from the play (FR-DISCARD-4), so nothing else is reported.
#[test]
fn french_discard_for_the_wrong_seat_is_one_finding() {
    let report = check(&corpus(
        "french-tarot",
        "61-discard-for-the-wrong-seat.tarok",
    ));
    let p = only(&report, "illegal-discard[FR-DISCARD-3]");
    assert_eq!(p.seat, Some(Seat::new(1)));
    assert!(report.settled);
    assert_eq!(report.totals, [0, 0, 0, 0]);
}

/// FR-PLAY-7 (ALL-4): a record missing its last tricks is one `incomplete`,
/// not settled, and its claim (+999) is never compared.
#[test]
fn french_incomplete_record_is_not_settled_and_its_claim_not_checked() {
    let report = check(&corpus("french-tarot", "67-last-tricks-missing.tarok"));
    let p = only(&report, "incomplete[FR-PLAY-7]");
    assert_eq!((p.seat, p.trick), (None, None));
    assert!(
        p.message.contains("15 of the deal's 18 tricks"),
        "{}",
        p.message
    );
    assert!(!report.settled);
    assert!(report.totals.is_empty());
    assert!(report.ledger.is_empty());
}

/// The records of a corpus file, verified as one session.
fn corpus_reports(variant: &str, name: &str) -> Vec<Report> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .join(variant);
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    let mut session = Session::default();
    notation::parse_str(&text)
        .into_iter()
        .map(|r| verify(&r.unwrap(), &mut session))
        .collect()
}

#[test]
fn koenigrufen_king_laid_away_in_three_of_suits_is_one_finding() {
    let reports = corpus_reports("koenigrufen", "28-one-fault-one-finding.tarok");
    // The record stops after the discard: incomplete (KR-NEG-1 as amended).
    assert_eq!(
        tokens(&reports[0]),
        ["illegal-discard[KR-DISCARD-2]", "incomplete[KR-NEG-1]"]
    );
    let p = &reports[0].problems[0];
    assert!(p.help.contains(Rule::KrDiscard3.id()), "{}", p.help);
    assert_eq!(p.card, Some("DK".parse().unwrap()));
    // The king need not be the first suit card of the discard.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/koenigrufen");
    let text = std::fs::read_to_string(dir.join("28-one-fault-one-finding.tarok")).unwrap();
    let record = parse(&text.replacen("discard 0: DK H4 C7", "discard 0: H4 DK C7", 1));
    let report = check(&record);
    let p = &report.problems[0];
    assert_eq!(verifier::expect::token(p), "illegal-discard[KR-DISCARD-2]");
    assert!(p.help.contains(Rule::KrDiscard3.id()), "{}", p.help);
}

#[test]
fn koenigrufen_an_illegal_call_is_a_turn_not_a_pass() {
    let reports = corpus_reports("koenigrufen", "28-one-fault-one-finding.tarok");
    // The illegal call then three passes: the round is finished.
    only(&reports[1], "illegal-call[KR-ANN-2]");
    assert!(reports[1].settled);
    no_claim_mismatch(&reports[1]);
    // Two illegal calls; the king ultimo after them is in turn and scored.
    assert_eq!(
        tokens(&reports[2]),
        ["illegal-call[KR-ANN-2]", "illegal-call[KR-ANN-2]"]
    );
    no_claim_mismatch(&reports[2]);
    assert!(reports[2]
        .ledger
        .iter()
        .any(|l| l.rule == Rule::KrBonus2 && l.reason.contains("announced")));
    // An illegal call alone, then three passes: not "unfinished".
    let text = "[Variant \"koenigrufen\"]\n[Dealer \"0\"]\n\nhand 0: S9 T9 CN S7 C7 T15 S10 T1 DK T13 CK T5\nhand 1: T19 T6 T21 T14 HN T20 T17 HK T7 C10 DN D1\nhand 2: SK SJ H2 T12 T11 HJ T8 H1 CQ C9 DJ HQ\nhand 3: H3 D2 T4 T10 CJ C8 D3 T18 D4 T2 H4 SQ\ntalon: SN T3 T22 T16 DQ S8\nauction: 2 pass, 3 pass, 0 pass, 1 three\ncalls: 1 talon 1, 1 announce capture-moon, 2 pass, 3 pass, 0 pass\ndiscard 1: T17 D1 T16\n";
    // (The record stops after the discard: incomplete, KR-NEG-1 as amended;
    // an unfinished round would not be a finding of its own there.)
    let report = check(&parse(text));
    assert_eq!(
        tokens(&report),
        ["illegal-call[KR-ANN-2]", "incomplete[KR-NEG-1]"]
    );
    // A fourth pass would now come after the end.
    let report = check(&parse(&text.replace("0 pass\n", "0 pass, 1 pass\n")));
    assert_eq!(
        tokens(&report),
        [
            "illegal-call[KR-ANN-2]",
            "out-of-turn[KR-ANN-1]",
            "incomplete[KR-NEG-1]"
        ]
    );
}

#[test]
fn capture_words_parse_print_and_convert() {
    for word in ["capture-moon", "capture-king"] {
        let text = format!("[Variant \"koenigrufen\"]\n[Dealer \"0\"]\n\nauction: 1 pass, 2 pass, 3 pass, 0 three\ncalls: 0 talon 0, 0 announce {word}, 1 contra {word}\n");
        let record = parse(&text);
        let printed = notation::to_text(&record);
        assert!(printed.contains(&format!("announce {word}")), "{printed}");
        assert!(printed.contains(&format!("contra {word}")), "{printed}");
        let json = notation::json::to_json(&record);
        assert!(json.contains(&format!("\"{word}\"")), "{json}");
        let back = notation::json::from_json(&json).expect("reads its own JSON");
        assert_eq!(back, record);
        let report = check(&record);
        let calls: Vec<String> = tokens(&report)
            .into_iter()
            .filter(|t| t.starts_with("illegal-call[KR-ANN"))
            .collect();
        // Nobody announced it legally: a contra on it has no target.
        assert_eq!(
            calls,
            ["illegal-call[KR-ANN-2]", "illegal-call[KR-ANN-4]"],
            "{word}"
        );
    }
}

#[test]
fn koenigrufen_trick_of_the_wrong_size_voids_the_deal() {
    let reports = corpus_reports("koenigrufen", "28-one-fault-one-finding.tarok");
    // KR-PLAY-10 as amended (README ALL-3): no seat, at trick 5.
    let p = only(&reports[3], "wrong-trick-size[KR-PLAY-10]");
    assert_eq!((p.seat, p.trick), (None, Some(5)));
    assert!(reports[3].settled);
    assert_eq!(reports[3].totals, [0, 0, 0, 0]);
    assert!(reports[3].ledger.is_empty());
}

#[test]
fn skill7_addition_follows_the_bidders_playing_team() {
    let report = check(&corpus(
        "skill7-tarock",
        "27-addition-follows-the-team.tarok",
    ));
    only(&report, "illegal-call[S7-CALL-1]");
    no_claim_mismatch(&report);
    let absolut: Vec<_> = report
        .ledger
        .iter()
        .filter(|l| l.rule == Rule::S7Score2)
        .collect();
    assert!(!absolut.is_empty());
    // Seat 0 bid it and plays with the declarer (seat 2): both pay it.
    for l in absolut {
        assert!(
            matches!(l.payer, notation::Party::Seat(s) if matches!(s.number(), 0 | 2)),
            "{l:?}"
        );
    }
}

#[test]
fn skill7_trick_of_the_wrong_size_voids_the_deal() {
    let report = check(&corpus(
        "skill7-tarock",
        "37-card-missing-from-a-trick.tarok",
    ));
    only(&report, "wrong-trick-size[S7-PLAY-6]");
    assert!(report.settled);
    assert_eq!(report.totals, [0, 0, 0, 0]);
}

/// Whether the deal itself is wrong (rules README ALL-1): then nothing of
/// its play is judged, a trick of the wrong size included.
fn wrong_deal(record: &Record) -> bool {
    notation::check::table(record)
        .is_ok_and(|t| notation::check::structure_of(record, t).wrong_deal)
}

/// Every corpus deal with a card taken out of, or put into, one of its
/// tricks: no panic, the deal is settled, and nothing is created or lost.
#[test]
fn a_trick_of_the_wrong_size_always_settles_and_conserves() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    let mut checked = 0;
    for variant in [
        "danish-tarok",
        "french-tarot",
        "koenigrufen",
        "skill7-tarock",
    ] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(variant))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for parsed in notation::parse_str(&text) {
                let Ok(record) = parsed else { continue };
                if record.tricks.len() < 3 || !check(&record).settled || wrong_deal(&record) {
                    continue;
                }
                for (t, grow) in [(0, false), (record.tricks.len() / 2, true)] {
                    let mut r = record.clone();
                    r.claim = None;
                    if grow {
                        let extra = r.tricks[t + 1].plays[0];
                        r.tricks[t].plays.push(extra);
                    } else {
                        r.tricks[t].plays.pop();
                    }
                    let report = check(&r);
                    let name = format!("{} trick {}", file.display(), t + 1);
                    assert!(report.settled, "{name}");
                    assert!(
                        report.problems.iter().any(|p| p.kind == "wrong-trick-size"),
                        "{name}"
                    );
                    let pots = report.pots.map_or(0, |p| p[0] + p[1]);
                    let start = r
                        .tag("Pots")
                        .and_then(|tag| verifier::parse_pots(&tag.value))
                        .map_or(0, |p| p[0] + p[1]);
                    let start = if report.pots.is_some() { start } else { 0 };
                    assert_eq!(report.totals.iter().sum::<i64>() + pots, start, "{name}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} deals");
}

#[test]
fn skill7_misdeal_is_one_finding_by_the_dealer() {
    let reports = corpus_reports("skill7-tarock", "40-misdeal.tarok");
    let p = only(&reports[0], "wrong-card-count[S7-DEAL-1]");
    assert_eq!(p.seat, Some(Seat::new(1)));
    assert_eq!(p.also.len(), 1, "both wrong hands underlined");
    assert!(reports[0].settled);
    assert_eq!(reports[0].totals, [0, 0, 0, 0]);
}

#[test]
fn skill7_one_entry_breaking_two_rules_is_one_finding() {
    let reports = corpus_reports("skill7-tarock", "42-one-bid-two-rules.tarok");
    assert_eq!(
        tokens(&reports[0]),
        ["illegal-bid[S7-BID-3]", "incomplete[S7-PLAY-6]"]
    );
    assert!(reports[0].problems[0].help.contains(Rule::S7Bid4.id()));
    let reports = corpus_reports("skill7-tarock", "45-trull-holder-bids-pagat.tarok");
    let p = only(&reports[0], "illegal-call[S7-ADD-3]");
    assert_eq!(p.seat, Some(Seat::new(1)));
    no_claim_mismatch(&reports[0]);
}
