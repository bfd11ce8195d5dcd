//! The `tarok` binary as a user runs it: exit codes, streams, round trips.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `tarok` from the repository root with a clean environment, so paths
/// in the output are relative and stable.
pub fn tarok(args: &[&str]) -> Output {
    tarok_with_input(args, None)
}

pub fn tarok_with_input(args: &[&str], stdin: Option<&str>) -> Output {
    use std::io::Write;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_tarok"));
    cmd.args(args)
        .current_dir(root())
        .env_clear()
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().expect("tarok runs");
    let mut pipe = child.stdin.take().unwrap();
    // A command that refuses standard input (`fmt --check -`) may exit
    // before reading it: its answer is in its output, not in the write.
    if let Err(e) = pipe.write_all(stdin.unwrap_or("").as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    drop(pipe);
    child.wait_with_output().unwrap()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// Standard output read as JSON Lines, one value a line.
pub fn json_lines(o: &Output) -> Vec<serde_json::Value> {
    stdout(o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

const CLEAN: &str = "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n";

/// A whole Skill7 deal that verifies clean: a record of the tags alone
/// stops before the play and is incomplete (rules README ALL-4).
pub const SETTLED: &str = include_str!("../../corpus/skill7-tarock/10-rufer-kontra-trull.tarok");

#[test]
fn usage_errors_exit_2() {
    assert_eq!(tarok(&[]).status.code(), Some(2));
    assert_eq!(tarok(&["verify"]).status.code(), Some(2));
    assert_eq!(tarok(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(
        tarok(&["verify", "no/such/file.tarok"]).status.code(),
        Some(2)
    );
    assert_eq!(tarok(&["gen", "--variant", "chess"]).status.code(), Some(2));
}

#[test]
fn help_has_an_example_for_every_command() {
    for cmd in [
        "verify", "report", "convert", "fmt", "explain", "gen", "rules",
    ] {
        let out = tarok(&[cmd, "--help"]);
        assert_eq!(out.status.code(), Some(0), "{cmd}");
        assert!(
            stdout(&out).contains("Examples:\n  tarok "),
            "{cmd} --help has no example"
        );
    }
}

#[test]
fn a_parse_error_exits_2_and_names_line_and_column() {
    let out = tarok_with_input(
        &["verify", "--format", "json", "-"],
        Some("[Variant \"koenigrufen\"]\n[Dealer \"0\"]\n\ntrick 1: SK SQ ZZ SJ\n"),
    );
    assert_eq!(out.status.code(), Some(2));
    let line: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(line["readable"], false);
    let v = &line["violations"][0];
    assert_eq!(v["kind"], "unknown-card");
    assert_eq!(
        (v["line"].as_u64(), v["column"].as_u64()),
        (Some(4), Some(16))
    );
}

#[test]
fn one_bad_record_does_not_hide_the_others() {
    let text = format!("{CLEAN}\ntrick 1: SK\ntrick 2: SQ SN SJ S10\n\n[Variant \"skill7-tarock\"]\n[Dealer \"x\n\n{SETTLED}\n");
    let out = tarok_with_input(&["verify", "--format", "json", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(2));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["violations"][0]["kind"], "wrong-trick-size");
    assert_eq!(lines[1]["readable"], false);
    assert_eq!(lines[2]["record"], 2);
    assert_eq!(lines[2]["violations"].as_array().unwrap().len(), 0);
}

#[test]
fn verify_exit_codes_follow_findings() {
    let clean = tarok_with_input(&["verify", "-"], Some(SETTLED));
    assert_eq!(clean.status.code(), Some(0), "{}", stdout(&clean));
    let faulty = tarok_with_input(
        &["verify", "-"],
        Some(&format!("{CLEAN}\ntrick 1: SK\ntrick 2: SQ SN SJ S10\n")),
    );
    assert_eq!(faulty.status.code(), Some(1));
    assert!(stdout(&faulty).contains("tarok::wrong-trick-size"));
}

#[test]
fn convert_round_trips_through_json_and_json_lines() {
    let text = "{ lead-in }\n[Variant \"danish-tarok\"]\n[Dealer \"1\"] {who deals}\n\ntrick 1 lead 2: EX=H {named} rename S S1 S2\nclaim: 0 +5, king-pot 60\n{the end}\n";
    for form in ["json", "jsonl"] {
        let json = tarok_with_input(&["convert", "--to", form, "-"], Some(text));
        assert_eq!(json.status.code(), Some(0), "{}", stderr(&json));
        let back = tarok_with_input(&["convert", "--to", "text", "-"], Some(&stdout(&json)));
        assert_eq!(stdout(&back), text, "via {form}");
        let again = tarok_with_input(&["convert", "--to", form, "-"], Some(&stdout(&back)));
        assert_eq!(stdout(&again), stdout(&json), "{form} -> text -> {form}");
    }
}

#[test]
fn malformed_json_names_the_path_of_the_bad_value() {
    let json =
        r#"{"tags":[{"name":"Variant","value":"koenigrufen"}],"tricks":[{"plays":["SK","ZZ"]}]}"#;
    let out = tarok_with_input(&["convert", "--to", "text", "-"], Some(json));
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("at tricks[0].plays[1]"), "{err}");
    assert!(err.contains("`ZZ` is not a card"), "{err}");
}

#[test]
fn fmt_rewrites_and_check_reports() {
    let dir = std::env::temp_dir().join(format!("tarok-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a.tarok");
    std::fs::write(
        &file,
        "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\ntrick 1:SK sq Sc sKn\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    assert_eq!(tarok(&["fmt", "--check", path]).status.code(), Some(1));
    assert_eq!(tarok(&["fmt", path]).status.code(), Some(0));
    let formatted = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        formatted,
        "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n\ntrick 1: SK SQ SN SJ\n"
    );
    assert_eq!(tarok(&["fmt", "--check", path]).status.code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn fmt_leaves_a_file_with_a_bad_record_untouched() {
    let dir = std::env::temp_dir().join(format!("tarok-fmt-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a.tarok");
    let text = "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\ntrick 1:SK sq\n\n[Variant \"skill7-tarock\"]\ntrick 1: SK QQ\n";
    std::fs::write(&file, text).unwrap();
    let out = tarok(&["fmt", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("`QQ` is not a card"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Files of a corpus folder, relative to the repository root.
pub fn files_in(dir: &str, ext: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = walkdir::WalkDir::new(root().join(dir))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter(|e| {
            e.path()
                .extension()
                .and_then(|x| x.to_str())
                .is_some_and(|x| ext.contains(&x))
        })
        .map(|e| {
            e.path()
                .strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    out.sort();
    out
}

#[allow(dead_code)]
pub fn exists(path: &str) -> bool {
    Path::new(&root()).join(path).exists()
}

#[test]
fn expect_mode_passes_faults_that_are_named_and_fails_the_rest() {
    // A record that stops in the auction: incomplete (README ALL-4).
    let faulty = format!("{{expect: incomplete[S7-PLAY-6]}}\n{CLEAN}\nauction: 1 rufer\n");
    let named = tarok_with_input(&["verify", "--expect", "-"], Some(&faulty));
    assert_eq!(named.status.code(), Some(0), "{}", stdout(&named));
    assert!(stdout(&named).contains("<stdin>: as expected (incomplete[S7-PLAY-6])"));

    let wrong = faulty.replace("incomplete[S7-PLAY-6]", "revoke[S7-PLAY-2]");
    let out = tarok_with_input(&["verify", "--expect", "-"], Some(&wrong));
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("expected revoke[S7-PLAY-2], found incomplete[S7-PLAY-6]"));

    let unnamed = tarok_with_input(
        &["verify", "--expect", "-"],
        Some(&format!("{CLEAN}\nauction: 1 rufer\n")),
    );
    assert_eq!(
        unnamed.status.code(),
        Some(1),
        "a file without an expectation must be clean"
    );
}

#[test]
fn generated_deals_of_every_variant_verify_clean() {
    for (variant, seats) in [
        ("danish-tarok", "3"),
        ("danish-tarok", "4"),
        ("french-tarot", "4"),
        ("koenigrufen", "4"),
        ("skill7-tarock", "4"),
    ] {
        let deals = tarok(&[
            "gen",
            "--variant",
            variant,
            "--seats",
            seats,
            "--seed",
            "5",
            "--count",
            "40",
        ]);
        assert_eq!(deals.status.code(), Some(0), "{variant}");
        let text = stdout(&deals);
        assert_eq!(text.matches("[Variant ").count(), 40);
        let out = tarok_with_input(&["verify", "-"], Some(&text));
        assert_eq!(
            out.status.code(),
            Some(0),
            "{variant} at {seats}: {}",
            stdout(&out)
        );
        assert!(stdout(&out).contains("40 record(s): 0 with violations"));
    }
    assert_eq!(
        tarok(&["gen", "--variant", "french-tarot", "--seats", "3"])
            .status
            .code(),
        Some(2)
    );
}
