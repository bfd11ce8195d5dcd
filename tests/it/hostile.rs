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
        let out = crate::cli::tarok_with_input(&[cmd, "-"], Some(&zeros));
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        let err = format!("{}{}", stdout(&out), stderr(&out));
        assert!(err.contains("binary-input"), "{cmd}: {err}");
        assert!(err.contains("<stdin>:1:1"), "{cmd}: {err}");
    }
}

/// spec/notation.md §2.1, §3.3, §4 and the tool agree.
#[test]
fn the_spec_and_the_tool_agree_on_bom_rename_comments_tag_lines_and_nul() {
    let spec = std::fs::read_to_string(crate::cli::root().join("spec/notation.md")).unwrap();
    // A byte order mark is skipped.
    assert!(spec.contains("byte order mark at the very start of a file is skipped"));
    let out = tarok_with_input(&["verify", "-"], Some(&format!("\u{feff}{CLEAN}")));
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
    assert_eq!(v["violations"][0]["kind"], "bad-tag");
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
