//! Issue 24, one front door: the CLI and the Rust API (the `tarok`
//! library: its reader, sessions, pipeline and outcomes) give the same
//! answer on the same inputs, line for line of `verify --format json`:
//! findings and their places, ledgers, totals and pots. The Python package
//! is held to the same lines by `python/tests/test_front_door.py`, on the
//! inputs [`inputs`] makes (written by `tarok front-door fixtures` there).

use std::path::{Path, PathBuf};

use verifier::session::{Grouping, Sessions};

use crate::cli::{root, stdout, tarok};

/// The inputs every front end is held to: the corpus; a generated Danish
/// session with an unreadable deal in the middle (what the deal after it
/// may claim of the pots is unknown); 2,000 generated deals as JSON Lines,
/// and the same with one record edited (a card of one trick swapped with
/// the next trick's, two revokes or a card not held); a JSON file opening
/// with a byte-order mark, and JSON Lines too.
pub fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = [
        "danish-tarok",
        "french-tarot",
        "koenigrufen",
        "skill7-tarock",
    ]
    .iter()
    .flat_map(|v| {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("corpus").join(v))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "tarok"))
            .collect();
        files.sort();
        files
    })
    .collect();
    let gen = |args: &[&str]| {
        let o = tarok(args);
        assert!(o.status.success(), "{args:?}");
        stdout(&o)
    };
    // The fifth deal of twelve cannot be read.
    let danish = gen(&[
        "gen",
        "--variant",
        "danish-tarok",
        "--count",
        "12",
        "--seed",
        "24",
    ]);
    let path = dir.join("danish-unreadable.tarok");
    std::fs::write(&path, break_fifth(&danish)).unwrap();
    out.push(path);
    let lines = gen(&[
        "gen",
        "--variant",
        "french-tarot",
        "--count",
        "2000",
        "--seed",
        "5",
        "--to",
        "jsonl",
    ]);
    let path = dir.join("deals.jsonl");
    std::fs::write(&path, &lines).unwrap();
    out.push(path);
    let path = dir.join("deals-edited.jsonl");
    std::fs::write(&path, edit_one(&lines, 1234)).unwrap();
    out.push(path);
    let json = gen(&[
        "convert",
        "--to",
        "json",
        "corpus/danish-tarok/20-revoke.tarok",
    ]);
    let path = dir.join("bom.json");
    std::fs::write(&path, format!("\u{feff}{json}")).unwrap();
    out.push(path);
    let row = gen(&[
        "convert",
        "--to",
        "jsonl",
        "corpus/danish-tarok/20-revoke.tarok",
    ]);
    let path = dir.join("bom.jsonl");
    std::fs::write(&path, format!("\u{feff}{row}")).unwrap();
    out.push(path);
    out
}

/// The Danish session with a line no record has in its fifth deal.
fn break_fifth(text: &str) -> String {
    let mut out = String::new();
    for (i, record) in text.split("[Variant").enumerate() {
        if i > 0 {
            out.push_str("[Variant");
        }
        if i == 5 {
            out.push_str(&record.replacen("\n\n", "\n\nwhat is this\n", 1));
        } else {
            out.push_str(record);
        }
    }
    out
}

/// JSON Lines with record `n`'s third trick's first card swapped with the
/// fourth trick's first card.
fn edit_one(lines: &str, n: usize) -> String {
    let mut out = String::new();
    for (i, line) in lines.lines().enumerate() {
        if i == n {
            let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
            let tricks = v["tricks"].as_array_mut().unwrap();
            let a = tricks[2]["plays"][0].clone();
            let b = tricks[3]["plays"][0].clone();
            tricks[2]["plays"][0] = b;
            tricks[3]["plays"][0] = a;
            out.push_str(&serde_json::to_string(&v).unwrap());
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// `tarok verify --format json` of one file through the Rust API: the
/// library's pipeline in the sessions the CLI cuts, each outcome written
/// by the library.
fn api_lines(path: &Path) -> String {
    let mut out = Vec::new();
    let mut sessions = Sessions::new(Grouping::File).without_events();
    let mut index = 0;
    tarok::pipeline::verify_file(path, &mut sessions, &mut |read, report| {
        tarok::report::read_json(&mut out, read, index, report);
        index += 1;
    })
    .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn the_cli_and_the_rust_api_give_the_same_answer() {
    let dir = tempfile::tempdir().unwrap();
    let files = inputs(dir.path());
    let mut unreadable = 0;
    for path in &files {
        let shown = path.strip_prefix(root()).unwrap_or(path);
        let shown = shown.to_str().unwrap();
        let cli = stdout(&tarok(&["verify", "--format", "json", shown]));
        // The library names the file as it was given.
        let api = api_lines(Path::new(&root()).join(shown).as_path())
            .replace(&format!("{}/", root().display()), "");
        assert_eq!(cli, api, "{shown}");
        unreadable += cli.matches("\"readable\":false").count();
    }
    assert_eq!(unreadable, 1, "the Danish deal made unreadable, no other");
    let edited = std::fs::read_to_string(dir.path().join("deals-edited.jsonl")).unwrap();
    let cli = stdout(&tarok(&[
        "verify",
        "--format",
        "json",
        dir.path().join("deals-edited.jsonl").to_str().unwrap(),
    ]));
    assert_eq!(cli.lines().count(), edited.lines().count());
    let flagged: Vec<&str> = cli
        .lines()
        .filter(|l| !l.contains("\"violations\":[]"))
        .collect();
    assert_eq!(flagged.len(), 1, "only the edited record has findings");
    assert!(flagged[0].contains("\"record\":1234"));
}
