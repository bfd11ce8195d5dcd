//! Score sheets (issue 26 item 1): a record that states its result in a
//! `result` section instead of its cards is settled by the same settlement
//! as the full record; beside the cards, each stated fact they contradict
//! is one `result-mismatch`; facts that cannot be are `bad-result` at them.

extern crate tarok_verifier as verifier;

use notation::Record;
use verifier::{verify, Report, Session};

fn read(text: &str) -> Record {
    notation::parse_str(text).remove(0).expect("parses")
}

fn check(record: &Record) -> Report {
    verify(record, &mut Session::default())
}

/// The record without its cards: tags, then the result given.
fn sheet_only(full: &Record, result: notation::Sheet) -> Record {
    let sheet = Record {
        comments: full.comments.clone(),
        tags: full.tags.clone(),
        result: Some(result),
        ..Record::default()
    };
    // Through the text, so that the sheet is read as a director types it.
    read(&notation::to_text(&sheet))
}

fn corpus(variant: &str) -> Vec<(String, Record)> {
    let dir = format!("{}/../corpus/{variant}", env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for r in notation::parse_str(&text).into_iter().flatten() {
            out.push((path.display().to_string(), r));
        }
    }
    out
}

fn kinds(report: &Report) -> Vec<&'static str> {
    report.problems.iter().map(|p| p.kind.as_str()).collect()
}

#[test]
fn every_clean_french_deal_settles_the_same_from_its_score_sheet() {
    let compared = same_from_sheets("french-tarot");
    assert!(compared >= 15, "only {compared} French deals compared");
}

#[test]
fn every_clean_skill7_deal_settles_the_same_from_its_score_sheet() {
    let compared = same_from_sheets("skill7-tarock");
    assert!(compared >= 5, "only {compared} Skill7 deals compared");
}

#[test]
fn every_clean_koenigrufen_deal_settles_the_same_from_its_score_sheet() {
    let compared = same_from_sheets("koenigrufen");
    assert!(compared >= 5, "only {compared} Königrufen deals compared");
}

/// Every clean deal of a corpus folder played card by card, settled again
/// from its facts written as a score sheet (and with cards and sheet
/// both): the same totals. Returns how many were compared.
fn same_from_sheets(variant: &str) -> usize {
    let mut compared = 0;
    for (path, full) in corpus(variant) {
        let report = check(&full);
        // Deals played card by card only (the corpus has score sheets too).
        if !report.problems.is_empty() || !report.settled || full.tricks.is_empty() {
            continue;
        }
        let Some(result) = report.result.clone() else {
            // Settled without play (a bare petit, a grind): no facts.
            continue;
        };
        let sheet = sheet_only(&full, result.clone());
        let from_sheet = check(&sheet);
        assert_eq!(kinds(&from_sheet), Vec::<&str>::new(), "{path}");
        assert!(from_sheet.settled, "{path}");
        assert_eq!(from_sheet.totals, report.totals, "{path}");
        assert_eq!(from_sheet.ledger.len(), report.ledger.len(), "{path}");
        // Both: the cards and a sheet that agrees with them.
        let mut both = full.clone();
        both.result = Some(result);
        let both = check(&read(&notation::to_text(&both)));
        assert_eq!(kinds(&both), Vec::<&str>::new(), "{path}");
        assert_eq!(both.totals, report.totals, "{path}");
        compared += 1;
    }
    compared
}

const WORKED: &str = "corpus/french-tarot/01-guard.tarok";

fn worked_example() -> Record {
    let text =
        std::fs::read_to_string(format!("{}/../{WORKED}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    read(&text)
}

#[test]
fn the_worked_example_from_its_sheet() {
    // FR-SCORE-7, worked by hand: a guard made with 43 points and 2
    // oudlers, the petit au bout to the taker: u = (25 + 2) × 2 + 10 × 2 =
    // 74; the taker +222, each defender −74.
    let full = worked_example();
    let mut sheet = full.clone();
    sheet.hands.clear();
    sheet.talon = None;
    sheet.auction = None;
    sheet.discard = None;
    sheet.tricks.clear();
    sheet.claim = None;
    let mut text = notation::to_text(&sheet);
    text.push_str("result: 3 guard, points 43, oudlers 2, petit-au-bout taker\n");
    let report = check(&read(&text));
    assert_eq!(kinds(&report), Vec::<&str>::new());
    assert_eq!(report.totals, [-74, -74, -74, 222]);
}

fn with_result(facts: &str) -> Report {
    let mut text = notation::to_text(&worked_example());
    // The result stands before the claim.
    let at = text.find("claim:").unwrap_or(text.len());
    text.insert_str(at, &format!("result: {facts}\n"));
    check(&read(&text))
}

#[test]
fn a_sheet_that_contradicts_its_cards_gives_one_mismatch_per_wrong_fact() {
    let agree = with_result("3 guard, points 43, oudlers 2, petit-au-bout taker");
    assert_eq!(kinds(&agree), Vec::<&str>::new());
    let one = with_result("3 guard, points 41, oudlers 2, petit-au-bout taker");
    assert_eq!(kinds(&one), ["result-mismatch"]);
    assert_eq!(
        one.problems[0].message,
        "the sheet says 41 points, the cards give 43"
    );
    // The cards settle the deal all the same.
    assert_eq!(one.totals, [-74, -74, -74, 222]);
    // Four wrong facts (the points are right): four mismatches, each at
    // its fact, in the sheet's order.
    let four = with_result("2 take, points 43, oudlers 3, petit-au-bout defence, 1 handful simple");
    let messages: Vec<&str> = four.problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "the sheet says seat 2 take, the cards give seat 3 guard",
            "the sheet says 3 oudler(s), the cards give 2",
            "the sheet says the petit au bout to the defence, the cards give the petit au bout to the taker",
            "the sheet says seat 1 a simple handful, the cards give no handful",
        ]
    );
    assert_eq!(kinds(&four), ["result-mismatch"; 4]);
    // A bonus the sheet leaves out while it names the contract.
    let left_out = with_result("3 guard, points 43, oudlers 2");
    assert_eq!(kinds(&left_out), ["result-mismatch"]);
    assert_eq!(
        left_out.problems[0].message,
        "the sheet says no petit au bout, the cards give the petit au bout to the taker"
    );
}

#[test]
fn facts_that_cannot_be_are_found_at_their_place() {
    let text = "[Variant \"french-tarot\"]\n[Dealer \"0\"]\n\nresult: 1 guard, points 92, oudlers 4, 2 announce uhu, slam announced maybe\n";
    let report = check(&read(text));
    let at: Vec<(&str, &str)> = report
        .problems
        .iter()
        .map(|p| {
            (
                p.kind.as_str(),
                &text[p.span.unwrap().start as usize..p.span.unwrap().end as usize],
            )
        })
        .collect();
    assert_eq!(
        at,
        [
            ("bad-result", "points 92"),
            ("bad-result", "oudlers 4"),
            ("bad-result", "2 announce uhu"),
            ("bad-result", "slam announced maybe"),
        ]
    );
    assert!(
        report.problems[0].message.contains("91 in all"),
        "{}",
        report.problems[0].message
    );
    assert!(!report.settled);
    // Possible alone, impossible together: 3 oudlers are 13.5 points.
    let report = check(&read(
        "[Variant \"french-tarot\"]\n[Dealer \"0\"]\n\nresult: 1 take, points 10, oudlers 3\n",
    ));
    assert_eq!(kinds(&report), ["bad-result"]);
    assert!(!report.settled);
    // A sheet that leaves out what the settlement needs.
    let report = check(&read(
        "[Variant \"french-tarot\"]\n[Dealer \"0\"]\n\nresult: 1 take, points 50\n",
    ));
    assert_eq!(kinds(&report), ["bad-result"]);
    assert!(report.problems[0].message.contains("oudlers"));
    assert!(!report.settled);
}

#[test]
fn danish_facts_that_cannot_be_are_bad_results_at_their_place() {
    // 23 trumps (the pack has 21 and the fool, DK-DECL-2), a queen "lost"
    // (only kings and the pagat are paid, DK-PAY-3), 80 points (78 in all,
    // DK-COUNT-1), a tout beside a nolo (DK-TOUT-1), a bonus the game does
    // not have: one `bad-result` each, at its fact; the deal is not settled.
    let text = "[Variant \"danish-tarok\"]\n[Dealer \"0\"]\n\nresult: 1 trumps 23 pagat, 2 lost HQ, 2 count 80, 1 tout, 2 nolo, 0 capture-moon\n";
    let report = check(&read(text));
    assert!(!report.settled);
    assert_eq!(kinds(&report), ["bad-result"; 5], "{:#?}", report.problems);
    let at: Vec<&str> = report
        .problems
        .iter()
        .map(|p| {
            let span = p.span.unwrap();
            &text[span.start as usize..span.end as usize]
        })
        .collect();
    assert_eq!(
        at,
        [
            "1 trumps 23 pagat",
            "2 lost HQ",
            "2 count 80",
            "0 capture-moon",
            "2 nolo",
        ]
    );
}

fn koenigrufen_with_result(facts: &str) -> Report {
    let path = format!(
        "{}/../corpus/koenigrufen/02-caller-pagat.tarok",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut text = std::fs::read_to_string(path).unwrap();
    let at = text.find("claim:").unwrap_or(text.len());
    text.insert_str(at, &format!("result: {facts}\n"));
    check(&read(&text))
}

#[test]
fn a_koenigrufen_sheet_settles_as_worked_by_hand() {
    // corpus/koenigrufen/02-caller-pagat.tarok as its score sheet, worked
    // by hand: a caller won (2, KR-SCORE-2), the pagat announced and made
    // with a recontra (1 × 2 × 4 = 8, KR-SCORE-4, KR-ANN-4), four kings,
    // honours and absolut silent (1 each): 13 a line, two against two
    // (KR-SCORE-3): seats 1 and 3 +13, seats 0 and 2 -13.
    let text = "[Variant \"koenigrufen\"]\n[Dealer \"3\"]\n\nresult: 3 caller, 1 partner, points 59, pagat announced made, recontra pagat, four-kings silent bidder, honours silent bidder, absolut silent bidder\n";
    let report = check(&read(text));
    assert_eq!(kinds(&report), Vec::<&str>::new());
    assert_eq!(report.totals, [-13, 13, -13, 13]);
    // `game won` in place of the points: the same.
    let report = check(&read(&text.replace("points 59", "game won")));
    assert_eq!(report.totals, [-13, 13, -13, 13]);
    // Beside the cards, the same sheet agrees with them.
    let agree = koenigrufen_with_result("3 caller, 1 partner, points 59, pagat announced made, recontra pagat, four-kings silent bidder, honours silent bidder, absolut silent bidder");
    assert_eq!(kinds(&agree), Vec::<&str>::new());
}

#[test]
fn a_koenigrufen_sheet_that_contradicts_its_cards_gives_one_mismatch_per_wrong_fact() {
    // Wrong: the partner, the points, the pagat's outcome, the contra on
    // it; right: the game, the three silent bonuses.
    let report = koenigrufen_with_result("3 caller, 2 partner, points 57, pagat announced lost, recontra pagat, four-kings silent bidder, honours silent bidder, absolut silent bidder");
    let messages: Vec<&str> = report.problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "the sheet says seat 2 as partner, the cards give seat 1 as partner",
            "the sheet says points 57, the cards give points 59",
            "the sheet says pagat announced lost, the cards give pagat announced made",
        ]
    );
    assert_eq!(kinds(&report), ["result-mismatch"; 3]);
    // The cards settle the deal.
    assert_eq!(report.totals, [-13, 13, -13, 13]);
    // A bonus the sheet leaves out, and a contra level that is wrong.
    let report = koenigrufen_with_result("3 caller, 1 partner, points 59, pagat announced made, contra pagat, four-kings silent bidder, honours silent bidder");
    let messages: Vec<&str> = report.problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "the sheet says pagat at contra level 1, the cards give contra level 2",
            "the sheet says no absolut, the cards give absolut silent bidder",
        ]
    );
}

#[test]
fn koenigrufen_facts_that_cannot_be_are_found_at_their_place() {
    let text = "[Variant \"koenigrufen\"]\n[Dealer \"0\"]\n\nresult: 1 caller, 1 partner, points 71, tricks 3, slam announced made, capture-moon announced made, contra uhu\n";
    let report = check(&read(text));
    let at: Vec<(&str, &str)> = report
        .problems
        .iter()
        .map(|p| {
            (
                p.kind.as_str(),
                &text[p.span.unwrap().start as usize..p.span.unwrap().end as usize],
            )
        })
        .collect();
    assert_eq!(
        at,
        [
            ("bad-result", "1 partner"),
            ("bad-result", "points 71"),
            ("bad-result", "tricks 3"),
            ("bad-result", "slam announced made"),
            ("bad-result", "capture-moon announced made"),
            ("bad-result", "contra uhu"),
        ],
        "{:#?}",
        report.problems
    );
    assert!(!report.settled);
    // A bonus of another game: trull is scored in black games only
    // (KR-ANN-2), not in a piccolo.
    let report = check(&read("[Variant \"koenigrufen\"]\n[Dealer \"0\"]\n\nresult: 1 piccolo, tricks 1, trull silent bidder\n"));
    assert_eq!(kinds(&report), ["bad-result"]);
    assert!(!report.settled);
}

fn skill7_with_result(facts: &str) -> Report {
    let path = format!(
        "{}/../corpus/skill7-tarock/10-rufer-kontra-trull.tarok",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut text = std::fs::read_to_string(path).unwrap();
    let at = text.find("claim:").unwrap_or(text.len());
    text.insert_str(at, &format!("result: {facts}\n"));
    check(&read(&text))
}

#[test]
fn a_skill7_sheet_settles_as_worked_by_hand() {
    // corpus/skill7-tarock/10-rufer-kontra-trull.tarok as its sheet, worked
    // by hand: the Rufer won with 50 points (45 win, S7-POINTS-2), 1 × 2 for
    // the kontra (S7-SCORE-1) to seats 2 and 3; the Trull of the opponents,
    // 1 (S7-SCORE-5) to seats 0 and 1: seats 2 and 3 +1, 0 and 1 -1.
    let sheet = "2 rufer, 3 partner, points 50, kontra game, trull opponents";
    let text = format!("[Variant \"skill7-tarock\"]\n[Dealer \"1\"]\n\nresult: {sheet}\n");
    let report = check(&read(&text));
    assert_eq!(kinds(&report), Vec::<&str>::new());
    assert_eq!(report.totals, [-1, -1, 1, 1]);
    assert_eq!(kinds(&skill7_with_result(sheet)), Vec::<&str>::new());
}

#[test]
fn a_skill7_sheet_that_contradicts_its_cards_gives_one_mismatch_per_wrong_fact() {
    let report = skill7_with_result("2 rufer, 1 partner, points 47, kontra game, trull declarer");
    let messages: Vec<&str> = report.problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "the sheet says seat 1 as partner, the cards give seat 3 as partner",
            "the sheet says points 47, the cards give points 50",
            "the sheet says trull declarer, the cards give trull opponents",
        ]
    );
    assert_eq!(report.totals, [-1, -1, 1, 1]);
    // The kontra left out, while the sheet names the game.
    let report = skill7_with_result("2 rufer, 3 partner, points 50, trull opponents");
    let messages: Vec<&str> = report.problems.iter().map(|p| p.message.as_str()).collect();
    assert_eq!(
        messages,
        ["the sheet says no kontra on the game, the cards give kontra game"]
    );
}

#[test]
fn skill7_facts_that_cannot_be_are_found_at_their_place() {
    let text = "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n\nresult: 1 rufer, 3 partner, points 89, uhu bid won, kontra absolut\n";
    let report = check(&read(text));
    let at: Vec<(&str, &str)> = report
        .problems
        .iter()
        .map(|p| {
            (
                p.kind.as_str(),
                &text[p.span.unwrap().start as usize..p.span.unwrap().end as usize],
            )
        })
        .collect();
    assert_eq!(
        at,
        [
            ("bad-result", "points 89"),
            ("bad-result", "uhu bid won"),
            ("bad-result", "kontra absolut"),
        ],
        "{:#?}",
        report.problems
    );
    assert!(!report.settled);
    // No pagat in farbesolo (S7-SCORE-3).
    let report = check(&read("[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n\nresult: 1 farbesolo, points 50, pagat silent declarer\n"));
    assert_eq!(kinds(&report), ["bad-result"]);
    assert!(!report.settled);
}

/// Danish Tarok (issue 26): every deal of the corpus that is settled, the
/// faulty ones too (fines, abandoned deals, re-deals), settled again from
/// the facts its play gave, written as a score sheet: the same totals and
/// pots; with cards and sheet both, no finding beyond the cards' own.
#[test]
fn every_settled_danish_deal_settles_the_same_from_its_score_sheet() {
    let mut compared = 0;
    let mut faulty = 0;
    for (path, full) in corpus("danish-tarok") {
        let report = check(&full);
        // Deals settled from their cards (the corpus has score sheets too).
        if !report.settled || full.result.is_some() {
            continue;
        }
        let result = report
            .result
            .clone()
            .expect("a settled deal gives its facts");
        let sheet = sheet_only(&full, result.clone());
        let from_sheet = check(&sheet);
        assert_eq!(
            kinds(&from_sheet),
            Vec::<&str>::new(),
            "{path}: {}",
            notation::to_text(&sheet)
        );
        assert!(from_sheet.settled, "{path}");
        assert_eq!(
            from_sheet.totals,
            report.totals,
            "{path}: {}",
            notation::to_text(&sheet)
        );
        assert_eq!(from_sheet.pots, report.pots, "{path}");
        // Both (a record without tricks and with a result is a sheet).
        if !full.tricks.is_empty() {
            let mut both = full.clone();
            both.result = Some(result);
            let both = check(&read(&notation::to_text(&both)));
            assert_eq!(kinds(&both), kinds(&report), "{path}");
            assert_eq!(both.totals, report.totals, "{path}");
        }
        compared += 1;
        faulty += usize::from(!report.problems.is_empty());
    }
    assert!(compared >= 30, "only {compared} Danish deals compared");
    assert!(faulty >= 10, "only {faulty} faulty Danish deals compared");
}

fn danish_with_result(facts: &str) -> (String, Report) {
    let path = format!(
        "{}/../corpus/danish-tarok/01-declarations.tarok",
        env!("CARGO_MANIFEST_DIR")
    );
    let mut text = std::fs::read_to_string(path).unwrap();
    let at = text.find("claim:").unwrap_or(text.len());
    text.insert_str(at, &format!("result: {facts}\n"));
    let report = check(&read(&text));
    (text, report)
}

#[test]
fn a_danish_sheet_that_contradicts_its_cards_gives_one_mismatch_per_wrong_fact() {
    // The facts the cards of 01-declarations give (worked by hand in its
    // last comment): Jens (2) declares trumps, matadors and half hearts,
    // Søren (1) full spades; Jens brings the pagat home, loses the HK,
    // wins the last trick; Søren and Jens count 15 and 37.
    let agree = "2 trumps 11 pagat, 2 matadors 4, 2 half H HJ, 1 full S, 2 lost HK, 2 pagat-home, 2 last-trick, 2 count 37, 1 count 15";
    let (_, report) = danish_with_result(agree);
    assert_eq!(kinds(&report), Vec::<&str>::new());
    assert_eq!(report.totals, [-65, -45, 95]);
    // One wrong fact: one finding, at it, saying what the cards give.
    let (text, one) = danish_with_result(&agree.replace("2 count 37", "2 count 40"));
    assert_eq!(kinds(&one), ["result-mismatch"]);
    let p = &one.problems[0];
    let span = p.span.unwrap();
    assert_eq!(&text[span.start as usize..span.end as usize], "2 count 40");
    assert_eq!(
        p.message,
        "the sheet says `2 count 40`, the cards give `2 count 37`"
    );
    // The cards settle the deal, whatever the sheet says.
    assert_eq!(one.totals, [-65, -45, 95]);
    // Three wrong facts (a declaration, the last trick's winner, a king
    // lost by another seat): three findings.
    let three = agree
        .replace("2 matadors 4", "2 matadors 5")
        .replace("2 last-trick", "1 last-trick")
        .replace("2 lost HK", "1 lost HK");
    let (_, three) = danish_with_result(&three);
    assert_eq!(
        kinds(&three),
        ["result-mismatch"; 3],
        "{:#?}",
        three.problems
    );
    // A fact the sheet leaves out (the pagat home) is one finding at the
    // section; a fact the cards do not give (a bagud) one at it.
    let (text, left) = danish_with_result(
        &agree
            .replace("2 pagat-home, ", "")
            .replace("2 last-trick", "2 last-trick, 0 king-bagud"),
    );
    assert_eq!(kinds(&left), ["result-mismatch"; 2], "{:#?}", left.problems);
    let at: Vec<&str> = left
        .problems
        .iter()
        .map(|p| {
            let s = p.span.unwrap();
            &text[s.start as usize..s.start as usize + 12]
        })
        .collect();
    assert_eq!(at, ["0 king-bagud", "result: 2 tr"]);
}

#[test]
fn a_danish_sheet_in_the_federations_words_is_the_canonical_sheet() {
    // spec/notation.md §7.1: `tarokker`, `matadorer`, `halvt`, `fuldt`,
    // `tabt`, `pagat-hjem`, `sidste-stik`, `tælling` are read as their
    // canonical words in a Danish record, beside the cards as without them.
    let danish = "2 tarokker 11 pagat, 2 matadorer 4, 2 halvt H HJ, 1 fuldt S, 2 tabt HK, 2 pagat-hjem, 2 sidste-stik, 2 tælling 37, 1 tælling 15";
    let (text, report) = danish_with_result(danish);
    assert_eq!(kinds(&report), Vec::<&str>::new());
    let record = read(&text);
    let canonical = notation::to_text(&record);
    assert!(
        canonical.contains("result: 2 trumps 11 pagat, 2 matadors 4, 2 half H HJ, 1 full S, 2 lost HK, 2 pagat-home, 2 last-trick, 2 count 37, 1 count 15\n"),
        "{canonical}"
    );
    // Without the cards: the same totals as the cards give.
    let sheet = sheet_only(&record, record.result.clone().unwrap());
    let alone = check(&sheet);
    assert_eq!(kinds(&alone), Vec::<&str>::new());
    assert_eq!(alone.totals, [-65, -45, 95]);
    // A Danish word wrong by a letter is no fact: a `bad-result`.
    let (_, typo) = danish_with_result(&danish.replace("sidste-stik", "sidste-stikk"));
    assert!(kinds(&typo).contains(&"bad-result"), "{:?}", kinds(&typo));
}
