//! Outputs that never lie and never harm (issue 23): every write checked,
//! `fmt` that never loses a byte, bounded cost, one line count everywhere.

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
        &["explain", "--format", "html", "corpus/koenigrufen/01-three.tarok"],
        &["report", "corpus/koenigrufen"],
        &["rules", "koenigrufen"],
        &["fmt", "-"],
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
