//! `tarok report`, the director's report: snapshots of its plain forms on
//! the shipped corpus and on generated sessions, and its figures checked
//! against what `verify --format json` says of the same records.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::cli::{json_lines, stderr, stdout, tarok};

/// The four variant folders of the shipped corpus (not `corpus/bad`).
pub const CORPUS: [&str; 4] = [
    "corpus/danish-tarok",
    "corpus/french-tarot",
    "corpus/koenigrufen",
    "corpus/skill7-tarock",
];

/// Runs `tarok` in `dir` with a clean environment.
pub fn tarok_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tarok"))
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("NO_COLOR", "1")
        .output()
        .expect("tarok runs")
}

/// A folder of generated sessions, one file each: two tables of Danish
/// Tarok that played the same deals (the same seed: a duplicate), and one
/// session of each other variant. Paths are relative to the returned dir.
pub fn generated_sessions(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tarok-report-{tag}-{}", std::process::id()));
    let sessions = dir.join("sessions");
    std::fs::create_dir_all(&sessions).unwrap();
    for (file, variant, seed, count) in [
        ("danish-table-1.tarok", "danish-tarok", "5", "3"),
        ("danish-table-2.tarok", "danish-tarok", "5", "3"),
        ("french.tarok", "french-tarot", "6", "4"),
        ("koenigrufen.tarok", "koenigrufen", "7", "4"),
        ("skill7.tarok", "skill7-tarock", "8", "4"),
    ] {
        let out = tarok(&[
            "gen",
            "--variant",
            variant,
            "--seed",
            seed,
            "--count",
            count,
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        std::fs::write(sessions.join(file), &out.stdout).unwrap();
    }
    dir
}

fn report(dir: &Path, format: &str, paths: &[&str]) -> (Option<i32>, String) {
    let mut args = vec!["report", "--format", format];
    args.extend(paths);
    let out = tarok_in(dir, &args);
    assert!(
        stderr(&out).is_empty(),
        "report --format {format}: {}",
        stderr(&out)
    );
    (out.status.code(), stdout(&out))
}

#[test]
fn report_on_the_corpus_in_plain_forms() {
    for (format, ext) in [("text", "txt"), ("markdown", "md"), ("csv", "csv")] {
        let (code, out) = report(&crate::cli::root(), format, &CORPUS);
        // The corpus holds faulty deals on purpose.
        assert_eq!(code, Some(1), "{format}");
        for part in [
            "Irregularities",
            "Claims",
            "Standings",
            "Duplicate comparison",
        ] {
            if format != "csv" {
                assert!(out.contains(part), "{format} has no {part}");
            }
        }
        insta::assert_snapshot!(format!("report__corpus.{ext}"), out);
    }
}

#[test]
fn report_on_generated_sessions_in_plain_forms() {
    let dir = generated_sessions("plain");
    for (format, ext) in [("text", "txt"), ("markdown", "md"), ("csv", "csv")] {
        let (code, out) = report(&dir, format, &["sessions"]);
        // Generated deals are legal.
        assert_eq!(code, Some(0), "{format}: {out}");
        insta::assert_snapshot!(format!("report__generated.{ext}"), out);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

pub fn report_json(dir: &Path, paths: &[&str]) -> Value {
    let (_, out) = report(dir, "json", paths);
    serde_json::from_str(&out).expect("report --format json is JSON")
}

fn len_of(v: &Value) -> usize {
    v.as_array().map_or(0, Vec::len)
}

fn verify_lines(dir: &Path, paths: &[&str]) -> Vec<Value> {
    let mut args = vec!["verify", "--format", "json"];
    args.extend(paths);
    let out = tarok_in(dir, &args);
    json_lines(&out)
}

/// Each session's standings are the engines' totals (as `verify` gives
/// them, deal by deal) added up per player, and with the Danish pots they
/// sum to zero.
fn standings_are_the_engines_totals(dir: &Path, paths: &[&str]) {
    let sheet = report_json(dir, paths);
    let lines = verify_lines(dir, paths);
    // Expected per file: player -> (total, deals).
    let mut expected: BTreeMap<String, BTreeMap<String, i64>> = BTreeMap::new();
    let mut pots: BTreeMap<String, i64> = BTreeMap::new();
    for line in &lines {
        let Some(totals) = line["totals"].as_array() else {
            continue;
        };
        let file = line["file"].as_str().unwrap().to_owned();
        let names: Vec<&str> = line["players"]
            .as_array()
            .map(|a| a.iter().map(|n| n.as_str().unwrap()).collect())
            .unwrap_or_default();
        let per_player = expected.entry(file.clone()).or_default();
        for (seat, t) in totals.iter().enumerate() {
            let who = match names.get(seat) {
                Some(n) if !n.is_empty() => n.to_string(),
                _ => format!("seat {seat}"),
            };
            *per_player.entry(who).or_default() += t.as_i64().unwrap();
        }
        // What the ledger puts into the pots.
        for p in line["ledger"].as_array().unwrap() {
            let amount = p["amount"].as_i64().unwrap();
            if p["payee"].is_string() {
                *pots.entry(file.clone()).or_default() += amount;
            }
            if p["payer"].is_string() {
                *pots.entry(file.clone()).or_default() -= amount;
            }
        }
    }
    let sessions = sheet["standings"]["sessions"].as_array().unwrap();
    let settled: Vec<&Value> = sessions.iter().filter(|s| s["deals"] != 0).collect();
    assert_eq!(
        settled.len(),
        expected.len(),
        "one session per file with settled deals"
    );
    for s in sessions.iter().filter(|s| s["deals"] == 0) {
        assert_eq!(len_of(&s["players"]), 0, "{}", s["session"]);
        assert_eq!(s["sum"], 0);
    }
    for s in settled {
        let file = s["session"].as_str().unwrap();
        let got: BTreeMap<String, i64> = s["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["player"].as_str().unwrap().to_owned(),
                    p["total"].as_i64().unwrap(),
                )
            })
            .collect();
        assert_eq!(&got, &expected[file], "{file}: standings");
        let players: i64 = got.values().sum();
        let paid_in: i64 = s["pots"]["paid_in"]
            .as_array()
            .map_or(0, |a| a.iter().map(|v| v.as_i64().unwrap()).sum());
        assert_eq!(
            paid_in,
            pots.get(file).copied().unwrap_or(0),
            "{file}: pots"
        );
        assert_eq!(players + paid_in, 0, "{file}: players and pots sum to 0");
        assert_eq!(s["sum"], 0, "{file}");
    }
}

#[test]
fn standings_sum_the_engines_totals_and_to_zero_on_the_corpus() {
    standings_are_the_engines_totals(&crate::cli::root(), &CORPUS);
}

#[test]
fn standings_sum_the_engines_totals_and_to_zero_on_generated_sessions() {
    let dir = generated_sessions("sums");
    standings_are_the_engines_totals(&dir, &["sessions"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_finding_of_verify_is_a_row_of_the_report() {
    let root = crate::cli::root();
    let sheet = report_json(&root, &CORPUS);
    let lines = verify_lines(&root, &CORPUS);
    let mut want: Vec<(String, u64, String)> = Vec::new();
    for line in &lines {
        for v in line["violations"].as_array().unwrap() {
            want.push((
                line["file"].as_str().unwrap().to_owned(),
                line["record"].as_u64().unwrap(),
                v["kind"].as_str().unwrap().to_owned(),
            ));
        }
    }
    let got: Vec<(String, u64, String)> = sheet["irregularities"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["file"].as_str().unwrap().to_owned(),
                r["record"].as_u64().unwrap(),
                r["kind"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    want.sort();
    let mut sorted = got.clone();
    sorted.sort();
    assert_eq!(sorted, want);
    // Rows come sorted by file and record.
    let keys: Vec<(&str, u64)> = got.iter().map(|(f, r, _)| (f.as_str(), *r)).collect();
    assert!(keys.windows(2).all(|w| w[0] <= w[1]), "rows sorted");
    let per_kind: u64 = sheet["irregularities"]["by_kind"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["findings"].as_u64().unwrap())
        .sum();
    assert_eq!(per_kind as usize, got.len());
}

#[test]
fn a_claim_mismatch_shows_claimed_and_computed_side_by_side() {
    let sheet = report_json(
        &crate::cli::root(),
        &["corpus/french-tarot/49-claim-mismatch.tarok"],
    );
    let deal = &sheet["claims"][0];
    assert_eq!(deal["record"], 0);
    let parties = deal["parties"].as_array().unwrap();
    assert_eq!(parties.len(), 4);
    assert_eq!(parties[2]["player"], "Cat");
    assert_eq!(parties[2]["claimed"], 495);
    assert_eq!(parties[2]["computed"], -495);
}

#[test]
fn a_board_played_at_several_tables_is_compared() {
    let dir = std::env::temp_dir().join(format!("tarok-report-board-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Board 7 at two tables, tied by the `Board` tag: two generated deals
    // (different cards, so different scores) tagged as the same board.
    for (file, seed, table, names) in [
        ("a.tarok", "8", "1", "Ann; Bob; Cat; Dan"),
        ("b.tarok", "9", "2", "Eve; Fay; Gus; Hal"),
    ] {
        let out = tarok(&["gen", "--variant", "skill7-tarock", "--seed", seed]);
        let text = stdout(&out)
            .replace(
                "[Variant \"skill7-tarock\"]\n",
                &format!("[Variant \"skill7-tarock\"]\n[Table \"{table}\"]\n[Board \"7\"]\n"),
            )
            .lines()
            .map(|l| {
                if l.starts_with("[Players ") {
                    format!("[Players \"{names}\"]\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect::<String>();
        std::fs::write(dir.join(file), text).unwrap();
    }
    let sheet = report_json(&dir, &["a.tarok", "b.tarok"]);
    let board = &sheet["boards"][0];
    assert_eq!(board["board"], "7");
    assert_eq!(board["matched_by"], "board-tag");
    let tables = board["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 2);
    assert_eq!(tables[0]["table"], "1");
    assert_eq!(tables[1]["players"][0], "Eve");
    let scores = |t: &Value| -> Vec<i64> {
        t["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_i64().unwrap())
            .collect()
    };
    assert_ne!(scores(&tables[0]), scores(&tables[1]), "the deals differ");
    for seat in 0..4 {
        let avg = (scores(&tables[0])[seat] + scores(&tables[1])[seat]) as f64 / 2.0;
        assert_eq!(board["average"][seat].as_f64().unwrap(), avg);
        assert_eq!(
            tables[0]["versus_average"][seat].as_f64().unwrap(),
            scores(&tables[0])[seat] as f64 - avg
        );
    }
    // Each seat's score against the board's average: the differences of a
    // seat over the tables add up to 0.
    for seat in 0..4 {
        let sum: f64 = tables
            .iter()
            .map(|t| t["versus_average"][seat].as_f64().unwrap())
            .sum();
        assert!(sum.abs() < 0.02, "seat {seat}: {sum}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn report_reads_standard_input() {
    let text = std::fs::read_to_string(
        crate::cli::root().join("corpus/french-tarot/49-claim-mismatch.tarok"),
    )
    .unwrap();
    let out = crate::cli::tarok_with_input(&["report", "--format", "json", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(1));
    let sheet: Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(sheet["claims"][0]["file"], "<stdin>");
}

/// `verify --format json` says the variant and the players, and a claim
/// mismatch in numbers: whose, claimed, computed. The text form names the
/// player beside the seat.
#[test]
fn verify_findings_name_players_and_give_claims_in_numbers() {
    let file = "corpus/french-tarot/49-claim-mismatch.tarok";
    let out = tarok(&["verify", "--format", "json", file]);
    let line: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(line["variant"], "french-tarot");
    assert_eq!(line["players"][2], "Cat");
    let v = &line["violations"][2];
    assert_eq!(v["kind"], "claim-mismatch");
    assert_eq!(v["party"], 2);
    assert_eq!(v["player"], "Cat");
    assert_eq!(
        (v["claimed"].as_i64(), v["computed"].as_i64()),
        (Some(495), Some(-495))
    );
    let text = stdout(&tarok(&["verify", file]));
    assert!(
        text.contains("the record claims +495 for seat 2 (Cat), the rules give -495"),
        "{text}"
    );
    // A pot's claim names the pot as the party.
    let danish = std::fs::read_to_string(
        crate::cli::root().join("corpus/danish-tarok/01-declarations.tarok"),
    )
    .unwrap()
    .replace("king-pot 70,", "king-pot 71,");
    let out = crate::cli::tarok_with_input(&["verify", "--format", "json", "-"], Some(&danish));
    let line: Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    let v = &line["violations"][0];
    assert_eq!(v["kind"], "claim-mismatch", "{line}");
    assert_eq!(v["party"], "king-pot");
    assert_eq!(
        (v["claimed"].as_i64(), v["computed"].as_i64()),
        (Some(71), Some(70))
    );
    assert!(v.get("seat").is_none());
}

/// Sessions are cut as `verify` cuts them: `--independent` makes every
/// record a session of its own, and each still sums to zero.
#[test]
fn independent_deals_are_sessions_of_their_own() {
    let dir = generated_sessions("independent");
    let (_, out) = report(
        &dir,
        "json",
        &["--independent", "sessions/koenigrufen.tarok"],
    );
    let sheet: Value = serde_json::from_str(&out).unwrap();
    let sessions = sheet["standings"]["sessions"].as_array().unwrap();
    let names: Vec<&str> = sessions
        .iter()
        .map(|s| s["session"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "sessions/koenigrufen.tarok",
            "sessions/koenigrufen.tarok from deal 2",
            "sessions/koenigrufen.tarok from deal 3",
            "sessions/koenigrufen.tarok from deal 4",
        ]
    );
    for s in sessions {
        assert_eq!(s["deals"], 1);
        assert_eq!(s["sum"], 0);
    }
    // Over the input, a player keeps one line across the four sessions.
    let overall = &sheet["standings"]["overall"][0]["players"];
    assert_eq!(overall.as_array().unwrap().len(), 4);
    assert_eq!(overall[0]["sessions"], 4);
    std::fs::remove_dir_all(&dir).unwrap();
}
