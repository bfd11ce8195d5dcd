//! Issue 10, trust under hostile input: fmt never destroys a file, folder
//! walks skip nothing silently, memory and output stay bounded, numbers do
//! not wrap, control characters are shown escaped.

use std::path::PathBuf;

use crate::cli::{stderr, stdout, tarok, tarok_with_input};

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
