//! `tarok verify` of one file on two threads (the records parsed and
//! replayed ahead on both, settled in order on one: `src/pipeline.rs`)
//! says exactly what it says on one, faults and all.

use std::process::{Command, Output};

use crate::cli::{root, stdout, tarok};

/// `tarok verify ARGS` with `threads` threads in the pool.
fn verify(threads: &str, args: &[&str]) -> Output {
    verify_with(threads, args, None)
}

/// [`verify`], with `stdin` as its standard input.
fn verify_with(threads: &str, args: &[&str], stdin: Option<&[u8]>) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_tarok"))
        .arg("verify")
        .args(args)
        .current_dir(root())
        .env_clear()
        .env("NO_COLOR", "1")
        .env("RAYON_NUM_THREADS", threads)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tarok runs");
    let pipe = child.stdin.take();
    let input = stdin.map(<[u8]>::to_vec);
    // Written from a thread of its own: the output is read meanwhile.
    let writer = std::thread::spawn(move || {
        if let (Some(mut pipe), Some(input)) = (pipe, input) {
            let _ = pipe.write_all(&input);
        }
    });
    let out = child.wait_with_output().expect("tarok runs");
    writer.join().unwrap();
    out
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

/// Text is cut by the threads that verify it and JSON by a reader thread of
/// its own (`src/pipeline.rs`); from a file or from standard input, on one,
/// two or four threads, every form says the same.
#[test]
fn every_form_and_standard_input_verify_alike_on_any_number_of_threads() {
    let text = faulty_session(700);
    let dir = std::env::temp_dir().join(format!("tarok-cores-forms-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text_path = dir.join("session.tarok");
    std::fs::write(&text_path, &text).unwrap();
    // The readable records of the session, as JSON Lines.
    let lines = tarok(&["convert", "--to", "jsonl", text_path.to_str().unwrap()]);
    assert!(lines.stdout.len() > 100_000, "records were converted");
    let lines_path = dir.join("session.jsonl");
    std::fs::write(&lines_path, &lines.stdout).unwrap();
    for (path, input) in [(&text_path, &text), (&lines_path, &lines.stdout)] {
        let name = path.to_str().unwrap();
        let one = verify("1", &["--format", "json", name]);
        assert!(one.stdout.len() > 100_000, "{name}: reports are written");
        // Findings name the file: standard input is held to itself.
        let piped_one = verify_with("1", &["--format", "json", "-"], Some(input));
        assert!(
            piped_one.stdout.len() > 100_000,
            "- {name}: reports are written"
        );
        for threads in ["1", "2", "4"] {
            let file = verify(threads, &["--format", "json", name]);
            same(&file, &one, &format!("{name} on {threads}"));
            let piped = verify_with(threads, &["--format", "json", "-"], Some(input));
            same(&piped, &piped_one, &format!("- {name} on {threads}"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `got` says what `want` says: exit code, stdout and stderr.
fn same(got: &Output, want: &Output, what: &str) {
    assert_eq!(got.status.code(), want.status.code(), "{what}");
    assert!(got.stdout == want.stdout, "{what}: stdout differs");
    assert!(got.stderr == want.stderr, "{what}: stderr differs");
}
