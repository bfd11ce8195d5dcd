//! The players' own words (spec/notation.md §7.1): a corpus record
//! rewritten with the German or Danish words of its variant reads as the
//! same record, verifies the same, and `fmt` gives back the canonical text.

use crate::cli::{files_in, stderr, stdout, tarok_with_input};
use notation::words::local_words;
use notation::Variant;

/// `text` with every action verb of the auction, calls and declarations
/// that has a local word written as that local word; where a word has
/// several, they take turns (`turn`).
fn localise(text: &str, variant: Variant, turn: &mut usize) -> String {
    let words = local_words(Some(variant));
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let Some((section, rest)) = line.split_once(": ") else {
            out.push_str(line);
            continue;
        };
        if !matches!(section, "auction" | "calls" | "declare") {
            out.push_str(line);
            continue;
        }
        out.push_str(section);
        out.push_str(": ");
        let mut first = true;
        for action in rest.split(", ") {
            if !first {
                out.push_str(", ");
            }
            first = false;
            let mut parts = action.splitn(3, ' ');
            let (seat, verb, tail) = (parts.next(), parts.next(), parts.next());
            let (Some(seat), Some(verb)) = (seat, verb) else {
                out.push_str(action);
                continue;
            };
            let verb_end = verb.trim_end_matches('\n');
            let locals: Vec<&str> = words
                .iter()
                .filter(|(_, canonical, _)| *canonical == verb_end)
                .map(|(local, _, _)| *local)
                .collect();
            out.push_str(seat);
            out.push(' ');
            if locals.is_empty() {
                out.push_str(verb);
            } else {
                out.push_str(locals[*turn % locals.len()]);
                *turn += 1;
                out.push_str(&verb[verb_end.len()..]);
            }
            if let Some(tail) = tail {
                out.push(' ');
                out.push_str(tail);
            }
        }
    }
    out
}

/// Verify's findings without their places: a local word is longer or
/// shorter than its canonical word, so later columns move.
fn findings(input: &str) -> (Option<i32>, Vec<serde_json::Value>) {
    let out = tarok_with_input(&["verify", "--format", "json", "-"], Some(input));
    let lines = stdout(&out)
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            for f in v["violations"].as_array_mut().into_iter().flatten() {
                let f = f.as_object_mut().unwrap();
                for key in ["line", "column", "offset", "length"] {
                    f.remove(key);
                }
            }
            v
        })
        .collect();
    (out.status.code(), lines)
}

#[test]
fn local_words_read_verify_and_format_as_the_canonical_ones() {
    for (dir, variant) in [
        ("corpus/koenigrufen", Variant::Koenigrufen),
        ("corpus/skill7-tarock", Variant::Skill7Tarock),
        ("corpus/danish-tarok", Variant::DanishTarok),
    ] {
        let mut turn = 0;
        let mut used: Vec<&str> = Vec::new();
        for file in files_in(dir, &["tarok"]) {
            let canonical = std::fs::read_to_string(crate::cli::root().join(&file)).unwrap();
            let local = localise(&canonical, variant, &mut turn);
            if local == canonical {
                continue;
            }
            for (word, _, _) in local_words(Some(variant)) {
                let written = local.contains(&format!(" {word},"))
                    || local.contains(&format!(" {word} "))
                    || local.contains(&format!(" {word}\n"));
                if written && !used.contains(word) {
                    used.push(word);
                }
            }
            // The same record: its JSON (which carries no places) is equal,
            // so its settlement and totals are too.
            let json = |input: &str| {
                let out = tarok_with_input(&["convert", "--to", "json", "-"], Some(input));
                assert_eq!(out.status.code(), Some(0), "{file}: {}", stderr(&out));
                stdout(&out)
            };
            assert_eq!(json(&local), json(&canonical), "{file}: JSON");
            assert_eq!(findings(&local), findings(&canonical), "{file}: findings");
            // `fmt` writes the canonical words.
            let fmt = tarok_with_input(&["fmt", "-"], Some(&local));
            assert_eq!(stdout(&fmt), canonical, "{file}: fmt");
        }
        // The rewriting reached the variant's words, so the comparisons
        // above were not of identical texts.
        assert!(
            used.len() * 2 >= local_words(Some(variant)).len().min(6),
            "{variant:?}: only {used:?} were written"
        );
        eprintln!("{variant:?}: {used:?}");
    }
}
