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
