//! The corpus as the test suite: snapshots of what the real binary says
//! about every shipped file.

use crate::cli::{files_in, stderr, stdout, tarok};

/// Every malformed file gets its diagnostic, pointing at the right place.
#[test]
fn bad_files_get_their_diagnostics() {
    let files = files_in("corpus/bad", &["tarok", "json", "jsonl"]);
    assert!(files.len() >= 12, "corpus/bad holds {} files", files.len());
    for file in files {
        let out = tarok(&["verify", &file]);
        let code = out.status.code();
        assert!(matches!(code, Some(1 | 2)), "{file}: exit {code:?}");
        let name = file.replace('/', "__");
        insta::assert_snapshot!(
            format!("bad__{name}"),
            format!("exit {}\n{}{}", code.unwrap(), stdout(&out), stderr(&out))
        );
    }
}

fn clean_files() -> Vec<String> {
    files_in("corpus", &["tarok"])
        .into_iter()
        .filter(|f| !f.starts_with("corpus/bad/"))
        .collect()
}

/// The JSON of every corpus record, and its lossless way back.
#[test]
fn corpus_json_round_trips() {
    let files = clean_files();
    assert!(files.len() >= 12, "the corpus holds {} files", files.len());
    for file in files {
        let json = tarok(&["convert", "--to", "json", &file]);
        assert_eq!(json.status.code(), Some(0), "{file}: {}", stderr(&json));
        let json = stdout(&json);
        let name = file.replace('/', "__");
        insta::assert_snapshot!(format!("json__{name}"), json);
        let text = std::fs::read_to_string(crate::cli::root().join(&file)).unwrap();
        let back = crate::cli::tarok_with_input(&["convert", "--to", "text", "-"], Some(&json));
        assert_eq!(stdout(&back), text, "{file}: text -> JSON -> text");
    }
}

/// Every corpus file is in canonical form.
#[test]
fn corpus_is_canonical() {
    let mut args = vec!["fmt", "--check"];
    let dirs: Vec<String> = std::fs::read_dir(crate::cli::root().join("corpus"))
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.path().is_dir() && e.file_name() != "bad")
        .map(|e| format!("corpus/{}", e.file_name().to_string_lossy()))
        .collect();
    args.extend(dirs.iter().map(String::as_str));
    assert_succeeds(&args);
}

/// What `fmt` makes of hand-typed records with aliases and loose spacing.
#[test]
fn fmt_output() {
    for file in files_in("tests/fmt", &["tarok"]) {
        let input = std::fs::read_to_string(crate::cli::root().join(&file)).unwrap();
        let out = crate::cli::tarok_with_input(&["convert", "--to", "text", "-"], Some(&input));
        assert_eq!(out.status.code(), Some(0), "{file}: {}", stderr(&out));
        let formatted = stdout(&out);
        let again =
            crate::cli::tarok_with_input(&["convert", "--to", "text", "-"], Some(&formatted));
        assert_eq!(stdout(&again), formatted, "{file}: fmt is idempotent");
        insta::assert_snapshot!(format!("fmt__{}", file.replace('/', "__")), formatted);
    }
}

/// `verify` and `explain` on every clean corpus file.
#[test]
fn corpus_verify_and_explain() {
    for file in clean_files() {
        let name = file.replace('/', "__");
        let verify = tarok(&["verify", &file]);
        insta::assert_snapshot!(
            format!("verify__{name}"),
            format!(
                "exit {}\n{}{}",
                verify.status.code().unwrap(),
                stdout(&verify),
                stderr(&verify)
            )
        );
        let explain = tarok(&["explain", &file]);
        insta::assert_snapshot!(format!("explain__{name}"), stdout(&explain));
    }
}

/// Every example hand gives exactly the findings its first comment names
/// (`{expect: revoke[DK-PLAY-2]}`), and every other one is clean: the
/// README's main command.
#[test]
fn corpus_findings_are_the_named_ones() {
    let mut args = vec!["verify", "--expect"];
    let dirs = [
        "corpus/danish-tarok",
        "corpus/french-tarot",
        "corpus/koenigrufen",
        "corpus/skill7-tarock",
    ];
    args.extend(dirs);
    assert_succeeds(&args);
}

/// Runs `tarok` and requires exit 0, showing its output otherwise.
fn assert_succeeds(args: &[&str]) {
    let out = tarok(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
}
