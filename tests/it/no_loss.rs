//! Outputs that never lie and never harm (issue 23, items 2, 4, 5, 6): every
//! write checked, `fmt` that never loses a byte, bounded cost, one line
//! count everywhere, a newcomer's first run that reads right.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::cli::{root, stderr, stdout, tarok, tarok_with_input};

/// `tarok args` with standard output on `/dev/full`: every write fails
/// with "no space left on device". Standard input is a corpus file.
fn to_full_disk(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tarok"))
        .args(args)
        .current_dir(root())
        .env_clear()
        .env("NO_COLOR", "1")
        .stdin(File::open(root().join("corpus/koenigrufen/01-three.tarok")).unwrap())
        .stdout(File::create("/dev/full").expect("/dev/full"))
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

#[test]
fn a_full_disk_on_standard_output_is_an_error_in_every_command() {
    for args in [
        &["gen", "--variant", "koenigrufen", "--count", "3000"][..],
        &["convert", "--to", "json", "corpus/koenigrufen"],
        &["convert", "--to", "jsonl", "corpus/koenigrufen"],
        &["verify", "--format", "json", "corpus/koenigrufen"],
        &["verify", "corpus/koenigrufen"],
        &["verify", "--expect", "corpus/koenigrufen"],
        &["explain", "corpus/koenigrufen"],
        &[
            "explain",
            "--format",
            "html",
            "corpus/koenigrufen/01-three.tarok",
        ],
        &["report", "corpus/koenigrufen"],
        &["rules", "koenigrufen"],
        &["fmt", "-"],
        &[
            "convert",
            "--from",
            "tarotclub",
            "tests/import/tarotclub-guard.json",
        ],
    ] {
        let o = to_full_disk(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&o).contains("writing standard output: No space left on device"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tarok"))
        .args(["gen", "--variant", "skill7-tarock", "--count", "1000000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stderr(&o), "");
}

const CLEAN: &str = "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n";
/// Not canonical: `fmt` would rewrite it.
const TYPED: &str = "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\ntrick 1:SK sq Sc sKn\n";

/// A fresh folder under the system temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tarok-outputs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn fmt(file: &Path, env: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tarok"))
        .args(["fmt", file.to_str().unwrap()])
        .env_clear()
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

#[test]
#[cfg_attr(
    not(debug_assertions),
    ignore = "needs the hook of debug builds (TAROK_TEST_FMT_APPEND): run without --release"
)]
fn fmt_refuses_a_file_that_changed_while_it_was_formatted() {
    let dir = scratch("fmt-appended");
    let file = dir.join("log.tarok");
    std::fs::write(&file, TYPED).unwrap();
    // A logging writer appends a record while `fmt` runs (a hook of debug
    // builds appends just before the last check).
    let more = "\n[Variant \"koenigrufen\"]\n";
    let o = fmt(&file, &[("TAROK_TEST_FMT_APPEND", more)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("changed while it was formatted"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        format!("{TYPED}{more}")
    );
    assert_eq!(names(&dir), ["log.tarok"], "no temporary file left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fmt_refuses_read_only_files_and_files_with_hard_links() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("fmt-refuses");
    let read_only = dir.join("read-only.tarok");
    std::fs::write(&read_only, TYPED).unwrap();
    std::fs::set_permissions(&read_only, std::fs::Permissions::from_mode(0o444)).unwrap();
    let o = fmt(&read_only, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("is read-only: not rewritten"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&read_only).unwrap(), TYPED);
    let linked = dir.join("linked.tarok");
    std::fs::write(&linked, TYPED).unwrap();
    std::fs::hard_link(&linked, dir.join("other-name.tarok")).unwrap();
    let o = fmt(&linked, &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("has 2 hard links"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&linked).unwrap(), TYPED);
    // `--check` only reads: both are fine to check.
    let o = tarok(&[
        "fmt",
        "--check",
        read_only.to_str().unwrap(),
        linked.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        names(&dir),
        ["linked.tarok", "other-name.tarok", "read-only.tarok"]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fmt_keeps_owner_mode_and_extended_attributes_and_handles_long_names() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = scratch("fmt-keeps");
    // 251 bytes: the longest name with `.tarok` a file system takes is 255.
    let file = dir.join(format!("{}.tarok", "n".repeat(249)));
    std::fs::write(&file, TYPED).unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    // Another owner where the test may give one (as root).
    let owner = std::os::unix::fs::chown(&file, Some(65534), Some(65534))
        .map_or_else(|_| std::fs::metadata(&file).unwrap().uid(), |()| 65534);
    // An extended attribute where the file system has them.
    let xattr = Command::new("python3")
        .args([
            "-c",
            "import os,sys; os.setxattr(sys.argv[1], 'user.tarok', b'kept')",
        ])
        .arg(&file)
        .status()
        .is_ok_and(|s| s.success());
    let o = fmt(&file, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        format!("{CLEAN}\ntrick 1: SK SQ SN SJ\n")
    );
    let m = std::fs::metadata(&file).unwrap();
    assert_eq!(m.permissions().mode() & 0o7777, 0o640);
    assert_eq!(m.uid(), owner);
    if xattr {
        let got = Command::new("python3")
            .args([
                "-c",
                "import os,sys; print(os.getxattr(sys.argv[1], 'user.tarok'))",
            ])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(stdout(&got).trim(), "b'kept'");
    }
    assert_eq!(names(&dir).len(), 1, "no temporary file left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fifos_and_devices_are_not_opened_but_reported_and_counted() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.tarok");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.tarok")).unwrap();
    let clean = stdout(&tarok(&["gen", "--variant", "skill7-tarock"]));
    std::fs::write(dir.join("a.tarok"), clean).unwrap();
    let d = dir.to_str().unwrap();
    // Nothing writes to the FIFO: a reader that opened it would wait for ever.
    for args in [
        &["verify", d][..],
        &["fmt", d],
        &["fmt", fifo.to_str().unwrap()],
        &["convert", d],
        &["explain", d],
        &["report", d],
    ] {
        let o = tarok(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = stderr(&o);
        if args.len() == 2 && args[1] == d {
            assert!(
                err.contains("pipe.tarok: a FIFO, not read"),
                "{args:?}: {err}"
            );
            assert!(
                err.contains("zero.tarok: a character device, not read"),
                "{args:?}: {err}"
            );
        } else {
            assert!(
                err.contains("pipe.tarok: a FIFO, not read"),
                "{args:?}: {err}"
            );
        }
    }
    let o = tarok(&["verify", d]);
    assert!(
        stdout(&o).contains("1 record(s): 0 with violations, 2 unreadable"),
        "{}",
        stdout(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn what_fmt_and_convert_print_is_read_back_whatever_the_comments_hold() {
    // Two comments of 600 KB on one line, a NUL from JSON, a comment of
    // white space first: printed, each reads back the same.
    let big = |c: char| c.to_string().repeat(600_000);
    let record = serde_json::json!([{
        "comments": [" ", "a\u{0}b", format!("{}\n[Variant x", big('x'))],
        "tags": [{"name": "Variant", "value": "skill7-tarock"}, {"name": "Dealer", "value": "0\u{0}"}],
        "tricks": [{"plays": [
            {"card": "SK", "comments": [big('y')]},
            {"card": "SQ", "comments": [big('z')]}
        ]}]
    }]);
    let json = serde_json::to_string(&record).unwrap();
    let text = tarok_with_input(&["convert", "--to", "text", "-"], Some(&json));
    assert_eq!(text.status.code(), Some(0), "{}", stderr(&text));
    let text = stdout(&text);
    assert!(text.lines().all(|l| l.len() <= 17 << 10));
    assert!(!text.contains('\0'));
    assert!(text.starts_with("{ }\n{a\\0b}\n"), "{}", &text[..40]);
    // Standard input is sniffed as text, and reads back to the same JSON.
    let back = tarok_with_input(&["convert", "--to", "json", "-"], Some(&text));
    assert_eq!(back.status.code(), Some(0), "{}", stderr(&back));
    let back: serde_json::Value = serde_json::from_slice(&back.stdout).unwrap();
    assert_eq!(back, record);
    // `fmt` keeps it as it is: canonical already.
    let dir = scratch("fmt-big");
    let file = dir.join("big.tarok");
    std::fs::write(&file, &text).unwrap();
    let o = tarok(&["fmt", "--check", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn standard_input_is_sniffed_by_its_first_character_that_is_not_a_comment() {
    for head in ["{}", "{ }", "{}\n{\"a\": 1}", "{ \n }"] {
        let text = format!("{head}\n{CLEAN}\ntrick 1: SK\n");
        let o = tarok_with_input(&["convert", "-"], Some(&text));
        assert_eq!(o.status.code(), Some(0), "{head}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v[0]["tags"][0]["value"], "skill7-tarock", "{head}");
    }
    // JSON stays JSON.
    let o = tarok_with_input(
        &["convert", "-"],
        Some("{\"tags\": [{\"name\": \"Variant\", \"value\": \"skill7-tarock\"}]}"),
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("[Variant"));
}

#[test]
fn a_lone_cr_is_white_space_and_text_and_json_agree_on_lines() {
    // `\r` alone is white space (spec/notation.md §2.1), not a line break.
    let text = "[Variant \"skill7-tarock\"]\r[Dealer \"0\"]\n\ntrick 1: SK\r\ntrick 2: QQ\n";
    let json = tarok_with_input(&["verify", "--format", "json", "-"], Some(text));
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let f = &v["violations"][0];
    assert_eq!(
        (f["line"].as_u64(), f["column"].as_u64()),
        (Some(4), Some(10))
    );
    let shown = tarok_with_input(&["verify", "-"], Some(text));
    assert!(
        stdout(&shown).contains("<stdin>:4:10"),
        "{}",
        stdout(&shown)
    );
    // Also where the line shown has no control character.
    let text = "[Variant \"skill7-tarock\"]\r[Dealer \"0\"]\n\ntrick 1: SK\ntrick 2: QQ\n";
    let shown = tarok_with_input(&["verify", "-"], Some(text));
    assert!(
        stdout(&shown).contains("<stdin>:4:10"),
        "{}",
        stdout(&shown)
    );
}

#[test]
fn a_form_feed_between_cards_is_white_space() {
    let text = format!("{CLEAN}\ntrick 1: SK\u{c}SQ\u{b}SN\u{c}\n");
    let o = tarok_with_input(&["fmt", "-"], Some(&text));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("{CLEAN}\ntrick 1: SK SQ SN\n"));
}

/// README.md's samples are what their commands print: every "as `tarok
/// ARGS` prints it" is followed by a `text` block equal to that output.
#[test]
fn the_readme_samples_are_what_the_commands_print() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut checked = 0;
    for (at, _) in readme.match_indices(" prints it") {
        let before = &readme[..at];
        let Some(open) = before.rfind("as `tarok ") else {
            continue;
        };
        let command = &before[open + "as `tarok ".len()..before.len() - 1];
        let block = &readme[at..];
        let start = block.find("```text\n").unwrap() + "```text\n".len();
        let sample = &block[start..start + block[start..].find("```").unwrap()];
        let args: Vec<&str> = command.split_whitespace().collect();
        let printed = stdout(&tarok(&args));
        assert_eq!(printed, sample, "README.md: `tarok {command}`");
        checked += 1;
    }
    assert!(checked > 0, "README.md has a sample to check");
}

#[test]
fn the_version_names_the_commit() {
    let v = stdout(&tarok(&["--version"]));
    assert!(v.starts_with("tarok ") && v.contains(" (commit "), "{v}");
}

/// `--expect` on the corpus: the summary says that faulty examples gave
/// the findings they name, not "with violations" (which read as failure).
#[test]
fn the_expect_summary_counts_records_with_their_expected_findings() {
    let o = tarok(&["verify", "--expect", "corpus/koenigrufen"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let summary = stdout(&o).lines().last().unwrap().to_owned();
    assert!(
        summary.contains(" with their expected findings, ")
            && summary.contains(" clean, 0 not as expected, 0 unreadable, ")
            && !summary.contains("violations"),
        "{summary}"
    );
}

#[test]
fn a_tag_too_long_for_a_line_of_text_is_refused_in_json() {
    let record = serde_json::json!({"tags": [
        {"name": "Variant", "value": "skill7-tarock"},
        {"name": "Event", "value": "\"".repeat(600_000)}
    ]});
    let o = tarok_with_input(&["convert", "--to", "text", "-"], Some(&record.to_string()));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("a tag longer than 1,000,000 bytes as text"),
        "{}",
        stderr(&o)
    );
    assert_eq!(stdout(&o), "");
}

/// A record at the card limit (1,000 cards: 250 tricks of the same four
/// cards) lists every one of its findings in JSON with its line and column;
/// one card more and the record is refused at that card, in text and in
/// JSON, and the next record is read: no record holds memory without bound
/// (issue 23). Lines and columns are counted in one pass over a record.
#[test]
fn every_finding_of_a_record_at_the_card_limit_is_listed_and_one_card_more_is_refused() {
    let dir = scratch("findings");
    let file = dir.join("findings.tarok");
    let tricks = 250;
    let deal = |extra: &str| {
        let mut text = format!("{CLEAN}\n");
        for i in 1..=tricks {
            text.push_str(&format!("trick {i}: SK SQ SN SJ\n"));
        }
        text.push_str(extra);
        text
    };
    std::fs::write(&file, deal("")).unwrap();
    let o = tarok(&["verify", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let found = v["violations"].as_array().unwrap();
    assert!(found.len() >= 4 * (tricks - 1), "{}", found.len());
    // The last card of the last trick (`trick 250: SK SQ SN SJ`): line
    // 3 + tricks, column 21.
    let last = found.iter().max_by_key(|f| f["offset"].as_u64()).unwrap();
    assert_eq!(
        (last["line"].as_u64(), last["column"].as_u64()),
        (Some(3 + tricks as u64), Some(21)),
        "{last}"
    );
    // One card more, then a record with one finding.
    let over = deal("trick 251: SK\n");
    let text = format!("{over}\n{CLEAN}trick 1: SK\ntrick 2: SQ SN SJ S10\n");
    std::fs::write(&file, &text).unwrap();
    let o = tarok(&["verify", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let lines: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{}", stdout(&o));
    let refused = &lines[0]["violations"][0];
    assert_eq!(refused["kind"], "record-too-long", "{refused}");
    assert_eq!(refused["message"], "a record of more than 1,000 cards");
    assert_eq!(
        (refused["line"].as_u64(), refused["column"].as_u64()),
        (Some(3 + tricks as u64 + 1), Some(12)),
        "{refused}"
    );
    assert_eq!(lines[1]["violations"][0]["kind"], "wrong-trick-size");
    // The same record in JSON is refused the same way.
    let json = tarok_with_input(&["convert", "--to", "jsonl", "-"], Some(&deal("")));
    assert_eq!(json.status.code(), Some(0), "{}", stderr(&json));
    let json = stdout(&json).replacen("[\"SK\",\"SQ\"", "[\"SK\",\"SK\",\"SQ\"", 1);
    let o = tarok_with_input(&["verify", "--format", "json", "-"], Some(&json));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stdout(&o).contains("\"record-too-long\""), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}
