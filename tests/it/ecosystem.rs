//! Sessions made explicit, and a command line that follows its ecosystem:
//! colour, quiet, folders and stdin everywhere, a summary that names files,
//! documented commands that do what they say.

use std::process::{Command, Output};

use crate::cli::{root, stderr, stdout, tarok, tarok_with_input};

/// `count` deals of `variant`, each from its own seed: unrelated deals,
/// each clean on its own, in one text.
fn unrelated(variant: &str, count: u64, to: &str) -> String {
    let mut all = String::new();
    for seed in 1..=count {
        let out = tarok(&[
            "gen",
            "--variant",
            variant,
            "--seed",
            &seed.to_string(),
            "--to",
            to,
        ]);
        assert_eq!(out.status.code(), Some(0));
        if to == "text" && !all.is_empty() {
            all.push('\n');
        }
        all.push_str(&stdout(&out));
    }
    all
}

/// Adds a tag after every record's `Variant` line.
fn tag_every_record(text: &str, tag: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with("[Variant") {
                format!("{l}\n{tag}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

fn kinds(out: &Output) -> Vec<String> {
    stdout(out)
        .lines()
        .flat_map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["violations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| f["kind"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn unrelated_deals_in_one_file_are_one_session_unless_told_otherwise() {
    let text = unrelated("danish-tarok", 10, "text");
    // As one session, the second deal is judged by the first one's pots
    // and dealer: the false findings the tags and the flag remove.
    let one = tarok_with_input(&["verify", "--format", "json", "-"], Some(&text));
    assert_eq!(one.status.code(), Some(1), "{}", stdout(&one));
    let found = kinds(&one);
    assert!(found.iter().any(|k| k == "claim-mismatch"), "{found:?}");

    let independent = tarok_with_input(&["verify", "--independent", "-"], Some(&text));
    assert_eq!(
        independent.status.code(),
        Some(0),
        "{}",
        stdout(&independent)
    );
    assert!(stdout(&independent).contains("10 record(s): 0 with violations"));

    let tagged = tag_every_record(&text, "[Session \"new\"]");
    let out = tarok_with_input(&["verify", "-"], Some(&tagged));
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

#[test]
fn session_end_makes_the_next_record_start_a_new_session() {
    let text = unrelated("danish-tarok", 3, "text");
    // `end` on every deal: each next deal opens a session. The division of
    // the pots is part of a deal's result then, so the claims no longer
    // match: only claim-mismatch may remain, never the dealer's turn.
    let ended = tag_every_record(&text, "[Session \"end\"]");
    let out = tarok_with_input(&["verify", "--format", "json", "-"], Some(&ended));
    let found = kinds(&out);
    assert!(found.iter().all(|k| k == "claim-mismatch"), "{found:?}");
    // `new, end`: sessions of one deal, claims included. Bad values are
    // reported as bad tags.
    let both = tag_every_record(&text, "[Session \"new, end\"]");
    let out = tarok_with_input(&["verify", "--format", "json", "-"], Some(&both));
    assert!(kinds(&out).iter().all(|k| k == "claim-mismatch"));
    let bad = tag_every_record(&text, "[Session \"later\"]");
    let out = tarok_with_input(&["verify", "--independent", "-"], Some(&bad));
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).contains("`later` is not a place in a session"));
}

#[test]
fn a_json_lines_export_of_unrelated_deals_is_checkable() {
    for variant in [
        "danish-tarok",
        "french-tarot",
        "koenigrufen",
        "skill7-tarock",
    ] {
        let lines = unrelated(variant, 6, "jsonl");
        let dir = tempdir(variant);
        let file = dir.join("export.jsonl");
        std::fs::write(&file, &lines).unwrap();
        let path = file.to_str().unwrap();
        let out = tarok(&["verify", "--independent", "--format", "json", path]);
        assert_eq!(out.status.code(), Some(0), "{variant}: {}", stdout(&out));
        assert_eq!(stdout(&out).lines().count(), 6);
        assert!(kinds(&out).is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
    // Without the flag the Danish export is one session: not clean.
    let lines = unrelated("danish-tarok", 6, "jsonl");
    let out = tarok_with_input(&["verify", "-"], Some(&lines));
    assert_eq!(out.status.code(), Some(1));
}

fn tempdir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tarok-it-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const FAULTY: &str = "corpus/bad/06-unknown-seat.tarok";
const ANSI: &str = "\x1b[";

#[test]
fn color_flag_decides_over_no_color_and_pipes() {
    // The test harness sets NO_COLOR=1 and pipes stdout.
    let always = tarok(&["--color", "always", "verify", FAULTY]);
    assert!(stdout(&always).contains(ANSI), "{}", stdout(&always));
    // Global: after the subcommand too.
    let after = tarok(&["verify", "--color", "always", FAULTY]);
    assert!(stdout(&after).contains(ANSI));
    for args in [
        &["--color", "never", "verify", FAULTY][..],
        &["verify", FAULTY][..],
        &["--color", "auto", "verify", FAULTY][..],
    ] {
        let out = tarok(args);
        assert!(!stdout(&out).contains(ANSI), "{args:?}");
        assert!(stdout(&out).contains("unknown-seat"), "{args:?}");
    }
    // Commands that write diagnostics to stderr colour them too.
    let bad = "[Variant \"koenigrufen\"]\n[Dealer \"0\"]\n\ntrick 1: SK SQ ZZ SJ\n";
    let out = tarok_with_input(&["convert", "--color", "always", "-"], Some(bad));
    assert!(stderr(&out).contains(ANSI));
    let out = tarok_with_input(&["convert", "--color", "never", "-"], Some(bad));
    assert!(!stderr(&out).contains(ANSI));
    assert_eq!(
        tarok(&["--color", "sometimes", "verify", FAULTY])
            .status
            .code(),
        Some(2)
    );
}

/// Runs `tarok` with stdout and stderr on a pseudo-terminal (`script`, from
/// util-linux / bsdutils), with `NO_COLOR` as given.
fn on_a_terminal(args: &str, no_color: Option<&str>) -> String {
    let bin = env!("CARGO_BIN_EXE_tarok");
    let mut cmd = Command::new("script");
    cmd.args(["-qec", &format!("{bin} {args}"), "/dev/null"])
        .current_dir(root())
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("TERM", "xterm");
    if let Some(v) = no_color {
        cmd.env("NO_COLOR", v);
    }
    let out = cmd
        .output()
        .expect("`script` (util-linux) runs: it gives tarok a terminal");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn colour_is_on_by_default_on_a_terminal_and_no_color_turns_it_off() {
    let args = format!("verify {FAULTY}");
    let plain = on_a_terminal(&args, None);
    assert!(plain.contains("unknown-seat"), "{plain}");
    assert!(plain.contains(ANSI), "no colour on a terminal: {plain}");
    let off = on_a_terminal(&args, Some("1"));
    assert!(off.contains("unknown-seat"), "{off}");
    assert!(!off.contains(ANSI), "NO_COLOR ignored: {off}");
    // An empty NO_COLOR does not count (no-color.org).
    assert!(on_a_terminal(&args, Some("")).contains(ANSI));
    assert!(on_a_terminal(&format!("--color always {args}"), Some("1")).contains(ANSI));
    assert!(!on_a_terminal(&format!("--color never {args}"), None).contains(ANSI));
}

#[test]
fn quiet_leaves_findings_only() {
    let clean = "corpus/koenigrufen/01-three.tarok";
    let out = tarok(&["verify", "-q", clean]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "");
    let out = tarok(&["--quiet", "verify", FAULTY]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("unknown-seat"));
    assert!(!stdout(&out).contains("record(s)"), "{}", stdout(&out));
    let out = tarok(&["-q", "verify", "--expect", "corpus/koenigrufen"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "");
    // Without -q the same run says what it did.
    let out = tarok(&["verify", "--expect", "corpus/koenigrufen"]);
    assert!(stdout(&out).contains("as expected"));
    // fmt: no "formatted" lines.
    let dir = tempdir("quiet-fmt");
    let file = dir.join("a.tarok");
    std::fs::write(&file, "[Variant \"skill7-tarock\"]\n[Dealer   \"0\"]\n").unwrap();
    let out = tarok(&["fmt", "-q", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn no_progress_when_stderr_is_not_a_terminal() {
    let out = tarok(&[
        "verify",
        "--expect",
        "corpus/koenigrufen",
        "corpus/skill7-tarock",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stderr(&out), "");
}

#[test]
fn every_command_that_reads_records_takes_folders_and_stdin() {
    let dir = "corpus/koenigrufen";
    let records = tarok(&["verify", "--format", "json", dir]);
    let count = stdout(&records).lines().count();
    assert!(count >= 10);

    let out = tarok(&["explain", dir]);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{}", stderr(&out));
    assert_eq!(stdout(&out).matches("=== Deal ").count(), count);

    let out = tarok(&["convert", "--to", "jsonl", dir]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), count);
    // A folder to a JSON array: one array of every record.
    let out = tarok(&[
        "convert",
        "--to",
        "json",
        dir,
        "corpus/skill7-tarock/01-rufer.tarok",
    ]);
    let all: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(all.as_array().unwrap().len(), count + 1);

    let text = std::fs::read_to_string(root().join("corpus/koenigrufen/01-three.tarok")).unwrap();
    let out = tarok_with_input(&["explain", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out).matches("=== Deal ").count(), 1);
    assert_eq!(tarok(&["explain", "no/such/folder"]).status.code(), Some(2));

    // fmt: standard input in, its canonical form out; --check only says.
    let typed = "[Variant \"skill7-tarock\"]\n[Dealer   \"0\"]\n\ntrick 1: sk sq sj s10\n";
    let out = tarok_with_input(&["fmt", "-"], Some(typed));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n\ntrick 1: SK SQ SJ S10\n"
    );
    // --check judges files in place; standard input has no place to judge.
    let out = tarok_with_input(&["fmt", "--check", "-"], Some(typed));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("reads files"), "{}", stderr(&out));
}

#[test]
fn the_summary_names_the_files_with_violations_and_the_unreadable() {
    let clean = "corpus/koenigrufen/01-three.tarok";
    let unreadable = "corpus/bad/01-unknown-card.tarok";
    let out = tarok(&["verify", clean, FAULTY, unreadable]);
    assert_eq!(out.status.code(), Some(2));
    let text = stdout(&out);
    let summary = &text[text.find("3 file(s)").expect("a summary")..];
    assert_eq!(
        summary,
        format!(
            "3 file(s), 3 record(s): 1 with violations, 1 unreadable\n\
             violations in:\n  {FAULTY}\ncould not read:\n  {unreadable}\n"
        )
    );
    // --expect names the files that are not as expected.
    let out = tarok(&["verify", "--expect", clean, FAULTY]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).ends_with(&format!("not as expected:\n  {FAULTY}\n")),
        "{}",
        stdout(&out)
    );
}

/// Every `tarok` example in the README's Commands section and in every
/// `--help` that names only files of the repository (no redirection, no
/// pipe, no file-rewriting `fmt`) runs without a usage or input error.
#[test]
fn documented_commands_do_what_they_say() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut examples: Vec<String> = readme
        .lines()
        .filter(|l| l.starts_with("tarok ") || l.starts_with("cargo run --release -- "))
        .map(|l| l.replacen("cargo run --release -- ", "tarok ", 1))
        .collect();
    for cmd in ["", "verify", "convert", "fmt", "explain", "gen"] {
        let args: Vec<&str> = [cmd, "--help"]
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect();
        let help = stdout(&tarok(&args));
        examples.extend(
            help.lines()
                .map(str::trim)
                .filter(|l| l.starts_with("tarok "))
                .map(|l| l.split("  #").next().unwrap().trim().to_owned()),
        );
    }
    let mut ran = 0;
    for example in &examples {
        let owned = shell_words(example);
        let words: Vec<&str> = owned.iter().skip(1).map(String::as_str).collect();
        let rewrites = words.first() == Some(&"fmt") && !words.contains(&"--check");
        let runnable = !example.contains('>')
            && !example.contains('|')
            && !rewrites
            && words
                .iter()
                .filter(|w| w.contains('/') || w.contains('.'))
                .all(|w| root().join(w).exists());
        if !runnable {
            continue;
        }
        let out = tarok(&words);
        let code = out.status.code();
        assert!(matches!(code, Some(0 | 1)), "`{example}` exits {code:?}");
        if words.contains(&"--expect") || words.contains(&"--check") {
            assert_eq!(code, Some(0), "`{example}`: {}", stdout(&out));
        }
        ran += 1;
    }
    assert!(ran >= 8, "only {ran} documented commands ran: {examples:?}");
}

/// The help line of the one diagnostic `tarok verify` gives for `text`,
/// joined back onto one line.
fn help_of(text: &str) -> String {
    let out = tarok_with_input(&["verify", "-"], Some(text));
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    let all = stdout(&out);
    let start = all.find("help: ").expect("a help line") + 6;
    all[start..]
        .split("\n\n")
        .next()
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn did_you_mean_for_sections_actions_and_cards_of_the_variant() {
    let head = |v: &str| format!("[Variant \"{v}\"]\n[Dealer \"0\"]\n\n");
    let help = help_of(&format!(
        "{}tricks 1: SK SQ SJ S10\n",
        head("skill7-tarock")
    ));
    assert_eq!(
        help,
        "did you mean `trick`? the sections of a skill7-tarock record are: hand, auction, calls, trick, result, claim"
    );
    let help = help_of(&format!(
        "{}declare: 2 handfull simple T1\n",
        head("french-tarot")
    ));
    assert!(
        help.starts_with("did you mean `handful`? the actions of a french-tarot record are: "),
        "{help}"
    );
    assert!(
        !help.contains("matadors") && !help.contains("rufer"),
        "{help}"
    );
    // The same slip in a Königrufen record: handful is no word of it.
    let help = help_of(&format!("{}auction: 1 handfull\n", head("koenigrufen")));
    assert!(
        !help.contains("handful") && help.contains("trischaken"),
        "{help}"
    );
    let help = help_of(&format!(
        "{}trick 1: petitt SK SQ SJ\n",
        head("french-tarot")
    ));
    assert!(help.starts_with("did you mean `petit` (T1)? "), "{help}");
    // Skill7 has no excuse to offer; Danish Tarok has.
    let skill7 = help_of(&format!(
        "{}trick 1: excuze SK SQ SJ\n",
        head("skill7-tarock")
    ));
    assert!(!skill7.contains("did you mean"), "{skill7}");
    let danish = help_of(&format!("{}trick 1: excuze SK SQ\n", head("danish-tarok")));
    assert!(
        danish.starts_with("did you mean `excuse` (EX)? "),
        "{danish}"
    );
    // Far from every word: no guess (`dreier` is now a local word, §7.1;
    // `sechserdreier` is no word of any source).
    let help = help_of(&format!(
        "{}auction: 1 sechserdreier\n",
        head("koenigrufen")
    ));
    assert!(!help.contains("did you mean"), "{help}");
}

/// Splits a documented command line into its words as a shell would:
/// at white space, except inside double quotes.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let (mut word, mut quoted, mut started) = (String::new(), false, false);
    for c in line.chars() {
        match c {
            '"' => (quoted, started) = (!quoted, true),
            c if c.is_whitespace() && !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}
