//! `tarok verify` of one file on two threads (the records parsed and
//! replayed ahead on both, settled in order on one: `src/pipeline.rs`)
//! says exactly what it says on one, faults and all.

use std::process::{Command, Output};

use crate::cli::{root, stdout, tarok};

/// `tarok verify ARGS` with `threads` threads in the pool.
fn verify(threads: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tarok"))
        .arg("verify")
        .args(args)
        .current_dir(root())
        .env_clear()
        .env("NO_COLOR", "1")
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("tarok runs")
}

/// A Danish session of `count` deals with faults spread through it: a card
/// changed, bytes that are not UTF-8, a line that is no notation, a record
/// cut short, a comment that leads into the next record.
fn faulty_session(count: usize) -> Vec<u8> {
    let deals = tarok(&[
        "gen",
        "--variant",
        "danish-tarok",
        "--seed",
        "11",
        "--count",
        &count.to_string(),
    ]);
    assert_eq!(deals.status.code(), Some(0));
    let text = stdout(&deals);
    let mut out = Vec::new();
    for (i, record) in text.split_inclusive("\n\n[Variant").enumerate() {
        let mut record = record.as_bytes().to_vec();
        let at = record.len() / 2;
        match i % 97 {
            5 => record[at] = b'Z',
            17 => record[at] = 0xFF,
            29 => {
                record.splice(at..at, b"\nno notation here\n".iter().copied());
            }
            41 => record.truncate(at),
            53 => record.extend_from_slice(b"\n{leads into the next}\n"),
            _ => {}
        }
        out.extend_from_slice(&record);
    }
    out
}

#[test]
fn two_threads_verify_a_session_as_one_does() {
    let path = std::env::temp_dir().join(format!("tarok-cores-{}.tarok", std::process::id()));
    std::fs::write(&path, faulty_session(3000)).unwrap();
    let name = path.to_str().unwrap();
    for format in ["text", "json"] {
        let one = verify("1", &["--format", format, name]);
        let two = verify("2", &["--format", format, name]);
        assert_eq!(one.status.code(), Some(2), "{format}: unreadable records");
        assert!(one.stdout.len() > 1000, "{format}: findings are reported");
        assert_eq!(two.status.code(), one.status.code(), "{format}");
        assert!(two.stdout == one.stdout, "{format}: stdout differs");
        assert!(two.stderr == one.stderr, "{format}: stderr differs");
    }
    let _ = std::fs::remove_file(&path);
}
