//! Issue 10, trust under hostile input: fmt never destroys a file, folder
//! walks skip nothing silently, memory and output stay bounded, numbers do
//! not wrap, control characters are shown escaped.

use std::path::PathBuf;

use crate::cli::{json_lines, stderr, stdout, tarok, tarok_with_input};

const CLEAN: &str = "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n";

/// A fresh folder under the system temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tarok-hostile-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn entries(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn fmt_replaces_the_file_and_a_reader_of_the_old_one_sees_it_whole() {
    use std::io::Read;
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("fmt-atomic");
    let file = dir.join("a.tarok");
    let text = "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\ntrick 1:SK sq Sc sKn\n";
    std::fs::write(&file, text).unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
    // A reader that opened the file before fmt ran.
    let mut before = std::fs::File::open(&file).unwrap();
    let out = tarok(&["fmt", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut old = String::new();
    before.read_to_string(&mut old).unwrap();
    assert_eq!(
        old, text,
        "the old file is replaced, not rewritten in place"
    );
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n\ntrick 1: SK SQ SN SJ\n"
    );
    let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o640, "permissions kept");
    assert_eq!(entries(&dir), ["a.tarok"], "no temporary file left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fmt_that_fails_leaves_the_original_and_no_temporary_file() {
    let dir = scratch("fmt-fail");
    let file = dir.join("a.tarok");
    let text = format!("{CLEAN}trick 1:SK sq\n\n[Variant \"skill7-tarock\"]\ntrick 1: SK QQ\n");
    std::fs::write(&file, &text).unwrap();
    let out = tarok(&["fmt", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    assert_eq!(entries(&dir), ["a.tarok"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fmt_dash_formats_standard_input_to_standard_output() {
    let out = tarok_with_input(
        &["fmt", "-"],
        Some(&format!("{CLEAN}trick 1:SK sq Sc sKn\n")),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("{CLEAN}\ntrick 1: SK SQ SN SJ\n"));
    let bad = tarok_with_input(&["fmt", "-"], Some(&format!("{CLEAN}trick 1: SK QQ\n")));
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("`QQ` is not a card"),
        "{}",
        stderr(&bad)
    );
    assert!(
        stdout(&bad).contains("SK QQ"),
        "a bad record passes through"
    );
}

#[test]
fn a_folder_walk_reports_what_it_cannot_read_and_follows_links_to_files() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("walk");
    let faulty = format!("{CLEAN}\ntrick 1: SK\n");
    // Upper-case extension, and a link to a file outside the folder.
    std::fs::write(dir.join("A.TAROK"), &faulty).unwrap();
    let outside = scratch("walk-outside");
    std::fs::write(outside.join("b.tarok"), &faulty).unwrap();
    std::os::unix::fs::symlink(outside.join("b.tarok"), dir.join("b.tarok")).unwrap();
    let out = tarok(&["verify", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("2 file(s), 2 record(s): 2 with violations, 0 unreadable"),
        "{}",
        stdout(&out)
    );
    // A sub-folder that cannot be read.
    let locked = dir.join("locked");
    std::fs::create_dir(&locked).unwrap();
    std::fs::write(locked.join("c.tarok"), CLEAN).unwrap();
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    let readable = std::fs::read_dir(&locked).is_ok(); // running as root
    let out = tarok(&["verify", dir.to_str().unwrap()]);
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    if !readable {
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("locked"), "{}", stderr(&out));
        assert!(stdout(&out).contains("1 unreadable"), "{}", stdout(&out));
    }
    // A link to nowhere is not passed over either.
    std::os::unix::fs::symlink(dir.join("gone.tarok"), dir.join("c.tarok")).unwrap();
    let out = tarok(&["verify", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("c.tarok: a broken link"),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).contains("1 unreadable"), "{}", stdout(&out));
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&outside).unwrap();
}

#[test]
fn a_path_that_yields_no_record_is_an_error() {
    let dir = scratch("empty");
    std::fs::write(dir.join("notes.txt"), "nothing here").unwrap();
    let out = tarok(&["verify", dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("no record found"), "{}", stderr(&out));
    assert!(stdout(&out).contains("1 unreadable"), "{}", stdout(&out));
    std::fs::write(dir.join("empty.tarok"), "\n  \n").unwrap();
    let out = tarok(&["verify", dir.join("empty.tarok").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no record found"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unreadable_file_is_counted_as_unreadable() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("perm");
    let file = dir.join("a.tarok");
    std::fs::write(&file, CLEAN).unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o000)).unwrap();
    if std::fs::read(&file).is_err() {
        let out = tarok(&["verify", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stdout(&out).contains("1 unreadable"), "{}", stdout(&out));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `tarok` on a file, killed after `secs` seconds: a reader that never
/// ends fails the test instead of hanging it.
fn tarok_within(args: &[&str], secs: u64) -> std::process::Output {
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_tarok"))
        .args(args)
        .env_clear()
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed().as_secs() >= secs {
            child.kill().unwrap();
            let _ = child.wait();
            panic!("tarok {args:?} did not end within {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn dev_zero_is_not_read_and_zeros_on_standard_input_end_at_once_with_a_located_error() {
    for cmd in ["verify", "explain", "convert", "fmt"] {
        let out = tarok_within(&[cmd, "/dev/zero"], 20);
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        let err = stderr(&out);
        assert!(
            err.contains("/dev/zero: a character device, not read"),
            "{cmd}: {err}"
        );
    }
    for cmd in ["verify", "explain", "convert"] {
        let zeros = "\0".repeat(3 << 20);
        let out = tarok_with_input(&[cmd, "-"], Some(&zeros));
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        let err = format!("{}{}", stdout(&out), stderr(&out));
        assert!(err.contains("binary-input"), "{cmd}: {err}");
        assert!(err.contains("<stdin>:1:1"), "{cmd}: {err}");
    }
}

#[test]
fn a_line_over_the_limit_is_reported_and_the_next_record_read() {
    let dir = scratch("long-line");
    let file = dir.join("a.tarok");
    let text = format!(
        "{CLEAN}{{{}}}\n\n{CLEAN}trick 1: SK\ntrick 2: SQ SN SJ S10\n",
        "x".repeat(2 << 20)
    );
    std::fs::write(&file, text).unwrap();
    let out = tarok_within(&["verify", "--format", "json", file.to_str().unwrap()], 60);
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2, "the record after the long line is read");
    let v = &lines[0]["violations"][0];
    assert_eq!(v["kind"], "line-too-long");
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(3), Some(1))
    );
    assert_eq!(lines[1]["violations"][0]["kind"], "wrong-trick-size");
    assert!(out.stdout.len() < 10_000, "output stays small");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_record_over_the_limit_is_reported_and_the_next_record_read() {
    let dir = scratch("long-record");
    let file = dir.join("a.tarok");
    let line = format!("{{{}}}\n", "y".repeat(1000));
    let text = format!(
        "{CLEAN}{}\n{CLEAN}trick 1: SK\ntrick 2: SQ SN SJ S10\n",
        line.repeat(17 * 1024)
    );
    std::fs::write(&file, text).unwrap();
    let out = tarok_within(&["verify", "--format", "json", file.to_str().unwrap()], 120);
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2, "{}", stdout(&out));
    assert_eq!(lines[0]["violations"][0]["kind"], "record-too-long");
    assert_eq!(lines[0]["violations"][0]["line"], 1);
    assert_eq!(lines[1]["violations"][0]["kind"], "wrong-trick-size");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unclosed_comment_ends_at_the_next_record() {
    let text = format!("{CLEAN}{{never closed\n\n{CLEAN}trick 1: SK\ntrick 2: SQ SN SJ S10\n");
    let out = tarok_with_input(&["verify", "--format", "json", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2, "{}", stdout(&out));
    let v = &lines[0]["violations"][0];
    assert_eq!(v["message"], "comment is not closed");
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(3), Some(1))
    );
    assert_eq!(lines[1]["violations"][0]["kind"], "wrong-trick-size");
}

#[test]
fn a_comment_line_beginning_with_variant_round_trips() {
    let json = r#"{"tags":[{"name":"Variant","value":"skill7-tarock"},{"name":"Dealer","value":"0"}],"comments":["a\n[Variant \"x\"] b"]}"#;
    let text = tarok_with_input(&["convert", "--to", "text", "-"], Some(json));
    assert_eq!(text.status.code(), Some(0), "{}", stderr(&text));
    assert!(stdout(&text).contains("\n\\[Variant"), "{}", stdout(&text));
    let back = tarok_with_input(&["convert", "--to", "jsonl", "-"], Some(&stdout(&text)));
    assert_eq!(back.status.code(), Some(0), "{}", stderr(&back));
    let a: serde_json::Value = serde_json::from_str(json).unwrap();
    let b: serde_json::Value = serde_json::from_str(stdout(&back).trim()).unwrap();
    assert_eq!(a, b);
}

#[test]
fn invalid_utf8_is_bad_input_at_its_line_and_column_in_every_command() {
    let dir = scratch("utf8");
    let file = dir.join("a.tarok");
    let mut bytes = format!("{CLEAN}[Event \"a").into_bytes();
    bytes.extend_from_slice(b"\xff\xfeb\"]\n");
    std::fs::write(&file, &bytes).unwrap();
    let path = file.to_str().unwrap();
    for args in [
        vec!["verify", path],
        vec!["explain", path],
        vec!["convert", "--to", "json", path],
        vec!["fmt", "--check", path],
        vec!["fmt", path],
    ] {
        let out = tarok(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let all = format!("{}{}", stdout(&out), stderr(&out));
        assert!(all.contains("invalid-utf8"), "{args:?}: {all}");
        assert!(all.contains("a.tarok:3:10"), "{args:?}: {all}");
        assert!(
            !stdout(&out).contains('\u{fffd}'),
            "{args:?}: no U+FFFD written as content"
        );
    }
    assert_eq!(std::fs::read(&file).unwrap(), bytes, "fmt left it");
    // JSON, whole and by lines.
    for name in ["b.json", "c.jsonl"] {
        let file = dir.join(name);
        let mut bytes =
            br#"{"tags":[{"name":"Variant","value":"skill7-tarock"},{"name":"Event","value":"a"#
                .to_vec();
        bytes.extend_from_slice(b"\xff\"}]}\n");
        std::fs::write(&file, &bytes).unwrap();
        let out = tarok(&["verify", "--format", "json", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let v: serde_json::Value =
            serde_json::from_str(stdout(&out).lines().next().unwrap()).unwrap();
        assert_eq!(v["violations"][0]["kind"], "invalid-utf8", "{name}");
        assert_eq!(v["violations"][0]["column"], 79, "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn diagnostics_show_a_window_and_at_most_fifty_findings_a_record() {
    // 1,000 copies of one card played (a partial record of 250 tricks, as
    // many cards as a record may name): 999 cards played twice. (Dealt in a
    // hand, they would be one wrong deal: one finding, rules README ALL-1.)
    let text = format!("{CLEAN}{}", "trick: SK SK SK SK\n".repeat(250));
    let out = tarok_with_input(&["verify", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(1));
    let shown = stdout(&out);
    assert!(shown.len() < 40_000, "{} bytes of diagnostics", shown.len());
    assert_eq!(shown.matches("\n  × ").count(), 50);
    // Every finding is still in the JSON form.
    let json = tarok_with_input(&["verify", "--format", "json", "-"], Some(&text));
    let v: serde_json::Value = serde_json::from_str(stdout(&json).trim()).unwrap();
    let all = v["violations"].as_array().unwrap();
    let twice = all.iter().filter(|f| f["kind"] == "duplicate-card").count();
    assert_eq!(twice, 999);
    let more = format!("and {} more finding(s)", all.len() - 50);
    assert!(shown.contains(&more), "{more}: {shown}");
    // A fault at the end of a long line: the line is not reprinted whole.
    let text = format!(
        "{CLEAN}{{{}}}\ntrick 1: SK SQ SN ZZ {{{}}}\n",
        "c".repeat(500_000),
        "d".repeat(500_000)
    );
    let out = tarok_with_input(&["verify", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).len() < 5_000, "{}", stdout(&out).len());
    assert!(
        stdout(&out).contains("trick 1: SK SQ SN ZZ {ddd"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn control_characters_from_the_file_are_shown_escaped() {
    let text = format!(
        "{CLEAN}[Players \"A\x1b]0;title\x07; B; C; D\"]\n{{\x1b[2J}}\ntrick 1: S\x1b[2JK SQ SN SJ\n"
    );
    for cmd in ["verify", "explain"] {
        let out = tarok_with_input(&[cmd, "-"], Some(&text));
        let all = format!("{}{}", stdout(&out), stderr(&out));
        assert!(!all.contains('\x1b'), "{cmd}: {all}");
        assert!(!all.contains('\x07'), "{cmd}: {all}");
        assert!(all.contains("\\u{1b}"), "{cmd}: {all}");
    }
}

#[test]
fn convert_of_nothing_is_an_empty_array_and_of_the_unreadable_nothing() {
    let dir = scratch("convert-empty");
    let file = dir.join("empty.tarok");
    std::fs::write(&file, "").unwrap();
    for args in [vec!["convert", "--to", "json"], vec!["convert"]] {
        let mut args = args.clone();
        args.push(file.to_str().unwrap());
        let out = tarok(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert_eq!(stdout(&out), "[]\n", "{args:?}");
    }
    let missing = dir.join("missing.tarok");
    let out = tarok(&["convert", "--to", "json", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stdout(&out),
        "",
        "nothing written for input that cannot be read"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn amounts_beyond_the_bound_are_bad_tags_not_wrapped_numbers() {
    let dk = "[Variant \"danish-tarok\"]\n[Dealer \"0\"]\n";
    // Pots near i64::MAX were shown wrapped to a negative amount.
    let text =
        format!("{dk}[Pots \"king-pot 9223372036854775800, pagat-pot 60\"]\n\ncalls: 1 misdeal\n");
    let out = tarok_with_input(&["verify", "--format", "json", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("is not a statement of the pots"),
        "{}",
        stdout(&out)
    );
    assert!(!stdout(&out).contains("-92233"), "{}", stdout(&out));
    // Running totals that sum to 2^64 passed the zero-sum check.
    let s7 =
        format!("{CLEAN}[Scores \"0 +9223372036854775807, 1 +9223372036854775807, 2 +2, 3 0\"]\n");
    let out = tarok_with_input(&["verify", "--format", "json", "-"], Some(&s7));
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    // The tags alone are also an incomplete record (rules README ALL-4).
    let tag = bad_tag(&v);
    assert!(tag["line"].is_u64());
}

/// The `bad-tag` finding of a record's report.
fn bad_tag(v: &serde_json::Value) -> &serde_json::Value {
    v["violations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["kind"] == "bad-tag")
        .unwrap_or_else(|| panic!("no bad-tag: {v}"))
}

#[test]
fn players_are_counted_without_truncation() {
    let names: Vec<String> = (0..260).map(|i| format!("P{i}")).collect();
    let text = format!(
        "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n[Players \"{}\"]\n",
        names.join("; ")
    );
    let out = tarok_with_input(&["verify", "-"], Some(&text));
    assert_ne!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("names 260"), "{}", stdout(&out));
}

#[test]
fn explain_of_65537_tricks_refuses_the_record_at_the_card_limit() {
    // Once numbered "Trick 0" past u16; a record of more than 1,000 cards
    // is now refused before any trick is told (notation spec 2.1).
    let mut text = format!("{CLEAN}\n");
    for i in 1..=65_537 {
        text.push_str(&format!("trick {i}: SK SQ SN SJ\n"));
    }
    let out = tarok_with_input(&["explain", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let told = format!("{}{}", stdout(&out), stderr(&out));
    assert!(told.contains("a record of more than 1,000 cards"), "{told}");
    assert!(told.contains("trick 251: SK"), "{told}");
    assert!(!told.contains("Trick 0:"));
}

#[test]
fn a_danish_deal_after_an_unreadable_one_starts_from_unknown_pots() {
    let out = tarok(&[
        "verify",
        "--format",
        "json",
        "tests/hostile/danish-lost-deal.tarok",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1]["readable"], false);
    let third = &lines[2];
    let kinds: Vec<&str> = third["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["pots-unknown"], "no claim judged on unknown pots");
    assert!(third.get("pots").is_none() && third.get("totals").is_none());
    // The first deal is untouched.
    assert_eq!(lines[0]["violations"].as_array().unwrap().len(), 0);
    assert!(lines[0]["pots"].is_object());
}

#[test]
fn fmt_rewrites_only_regular_files() {
    for args in [&["fmt", "/dev/zero"][..], &["fmt", "--check", "/dev/zero"]] {
        let out = tarok_within(args, 20);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).contains("a character device, not read"),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn the_spec_and_the_tool_agree_on_bom_rename_comments_tag_lines_and_nul() {
    let spec = std::fs::read_to_string(crate::cli::root().join("spec/notation.md")).unwrap();
    // A byte order mark is skipped.
    assert!(spec.contains("byte order mark at the very start of a file is skipped"));
    let out = tarok_with_input(
        &["verify", "-"],
        Some(&format!("\u{feff}{}", crate::cli::SETTLED)),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    // No comment inside a renaming.
    assert!(spec.contains("No comment may stand inside a renaming"));
    let dk = "[Variant \"danish-tarok\"]\n[Dealer \"0\"]\n\ntrick 1: rename {x} D D1 DK D2\n";
    let out = tarok_with_input(&["verify", "-"], Some(dk));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stdout(&out).contains("is not a suit to name"),
        "{}",
        stdout(&out)
    );
    // A tag value stands on one line.
    assert!(spec.contains("A tag value stands on one line"));
    let out = tarok_with_input(
        &["verify", "-"],
        Some(&format!("{CLEAN}[Event \"a\nb\"]\n")),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).contains("malformed tag"), "{}", stdout(&out));
    // A NUL byte: not a text file.
    assert!(spec.contains("**A NUL byte** (`binary-input`)"));
    let out = tarok_with_input(&["verify", "-"], Some(&format!("{CLEAN}trick 1: S\0K\n")));
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).contains("binary-input"), "{}", stdout(&out));
}

#[test]
fn a_json_array_is_read_record_by_record_with_its_paths_and_lines() {
    let gen = tarok(&[
        "gen",
        "--variant",
        "skill7-tarock",
        "--seed",
        "5",
        "--count",
        "3",
        "--to",
        "json",
    ]);
    let mut doc: serde_json::Value = serde_json::from_slice(&gen.stdout).unwrap();
    doc[1]["hands"][0]["cards"][0] = "ZZ".into();
    let text = serde_json::to_string_pretty(&doc).unwrap();
    let dir = scratch("json-array");
    let file = dir.join("a.json");
    std::fs::write(&file, &text).unwrap();
    let out = tarok(&["verify", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3, "the record after the bad one is read");
    let v = &lines[1]["violations"][0];
    assert_eq!(v["path"], "[1].hands[0].cards[0]");
    let want = text.lines().position(|l| l.contains("\"ZZ\"")).unwrap() + 1;
    assert_eq!(v["line"].as_u64(), Some(want as u64));
    assert_eq!(lines[2]["readable"], true);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Found by the `deals` fuzz target: a running total of -2^63 was negated
/// (`abs`) by the bound check itself.
#[test]
fn regression_a_running_total_of_i64_min() {
    let s7 = format!("{CLEAN}[Scores \"0 -9223372036854775808, 1 0, 2 0, 3 0\"]\n");
    let out = tarok_with_input(&["verify", "--format", "json", "-"], Some(&s7));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    bad_tag(&v);
}

#[test]
fn fmt_through_a_link_formats_the_file_and_keeps_the_link() {
    let dir = scratch("fmt-link");
    let file = dir.join("real.tarok");
    std::fs::write(&file, format!("{CLEAN}trick 1:SK sq Sc sKn\n")).unwrap();
    let link = dir.join("link.tarok");
    std::os::unix::fs::symlink(&file, &link).unwrap();
    let out = tarok(&["fmt", link.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        format!("{CLEAN}\ntrick 1: SK SQ SN SJ\n")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_record_of_many_syntax_faults_lists_its_first_thousand_and_counts_the_rest() {
    // 600,000 malformed tags (1.8 MB, under the record limit) once held
    // 318 MB of findings in `verify`; now the first 1,000 are listed and
    // the rest counted in one closing fault (notation spec 2.1).
    let text = format!(
        "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n{}",
        "[x\n".repeat(1_500)
    );
    let out = tarok_with_input(&["verify", "--format", "json", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let lines = json_lines(&out);
    let faults = lines[0]["violations"].as_array().expect("violations");
    assert_eq!(faults.len(), 1_001);
    assert_eq!(faults[999]["line"], 1002, "{}", faults[999]);
    let last = &faults[1_000];
    assert_eq!(last["kind"], "syntax");
    assert_eq!(
        last["message"],
        "500 more fault(s) in this record past its first 1,000, not listed"
    );
    assert_eq!(last["line"], 1003, "{last}");
}

#[test]
fn a_json_file_of_objects_is_read_one_record_at_a_time() {
    // Not an array: once read whole, so one object of 3 MB was held
    // whole; now each value is read on its own, under the record limit.
    let dir = scratch("json-stream");
    let one = stdout(&tarok(&[
        "convert",
        "--to",
        "jsonl",
        "corpus/skill7-tarock/01-rufer.tarok",
    ]));
    let one = one.trim_end();
    let big = one.replacen(
        "\"comments\":[\"",
        &format!("\"comments\":[\"{}", "c".repeat(3 << 20)),
        1,
    );
    assert_ne!(big.len(), one.len(), "the record has a comment to lengthen");
    let path = dir.join("stream.json");
    std::fs::write(&path, format!("{one}\n{big}\n  {one}\n")).unwrap();
    let out = tarok(&["verify", "--format", "json", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let lines = json_lines(&out);
    let readable: Vec<bool> = lines
        .iter()
        .filter(|l| l.get("readable").is_some())
        .map(|l| l["readable"] == true)
        .collect();
    assert_eq!(readable, [true, false, true], "{lines:?}");
    assert_eq!(lines[1]["violations"][0]["kind"], "record-too-long");
    assert_eq!(lines[1]["violations"][0]["line"], 2);
    assert_eq!(lines[2]["violations"].as_array().map(Vec::len), Some(0));
    let _ = std::fs::remove_dir_all(&dir);
}
