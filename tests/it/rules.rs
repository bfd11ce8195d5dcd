//! `tarok rules`: the rules reference shipped in the binary, and the help
//! line of every diagnostic pointing at it.

use crate::cli::{stderr, stdout, tarok};

#[test]
fn a_rule_is_shown_whatever_the_case() {
    let out = tarok(&["rules", "dk-play-2"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("DK-PLAY-2 — "), "{text}");
    for part in [
        "**Rule.**",
        "**Why.**",
        "**Example.**",
        "```tarok",
        "**Decided here.**",
    ] {
        assert!(text.contains(part), "{part} missing:\n{text}");
    }
    // Only the one entry: the next entry's heading is not printed.
    assert!(!text.contains("## "), "{text}");
}

#[test]
fn a_variant_lists_its_rules() {
    for (variant, prefix) in [
        ("danish-tarok", "DK-"),
        ("french-tarot", "FR-"),
        ("koenigrufen", "KR-"),
        ("skill7-tarock", "S7-"),
    ] {
        let out = tarok(&["rules", variant]);
        assert_eq!(out.status.code(), Some(0), "{variant}");
        let text = stdout(&out);
        let ids: Vec<&str> = text
            .lines()
            .skip(1)
            .map(|l| l.split_whitespace().next().unwrap())
            .collect();
        assert!(ids.len() >= 20, "{variant}: {}", ids.len());
        assert!(ids.iter().all(|id| id.starts_with(prefix)), "{text}");
        assert!(text
            .lines()
            .next()
            .unwrap()
            .contains(&format!("{} rules", ids.len())));
        // Every listed id shows its entry.
        let first = tarok(&["rules", ids[0]]);
        assert_eq!(first.status.code(), Some(0));
    }
}

#[test]
fn an_unknown_rule_is_a_usage_error_with_neighbours() {
    let out = tarok(&["rules", "DK-PLAY-99"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    let err = stderr(&out);
    assert!(err.contains("no rule `DK-PLAY-99`"), "{err}");
    assert!(err.contains("did you mean DK-PLAY-"), "{err}");
    assert!(err.contains("danish-tarok"), "{err}");
    assert_eq!(tarok(&["rules"]).status.code(), Some(2));
}

/// Every diagnostic that names a rule ends its help with the command that
/// shows that rule, and the command works.
#[test]
fn every_finding_points_at_its_rule() {
    let out = tarok(&[
        "verify",
        "corpus/danish-tarok",
        "corpus/french-tarot",
        "corpus/koenigrufen",
        "corpus/skill7-tarock",
    ]);
    // The summary (its count line and the files it lists) closes the
    // output; it belongs to no diagnostic.
    let all = stdout(&out);
    let body: Vec<&str> = all
        .lines()
        .take_while(|l| !l.contains(" file(s), "))
        .collect();
    let text = format!("\n{}", body.join("\n"));
    let mut seen = std::collections::BTreeSet::new();
    for block in text.split("\ntarok::").skip(1) {
        let code = block.lines().next().unwrap();
        let Some(rule) = code.split('[').nth(1).map(|r| r.trim_end_matches(']')) else {
            continue;
        };
        let last = block
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap()
            .trim();
        assert_eq!(last, format!("(see: tarok rules {rule})"), "{code}");
        seen.insert(rule.to_string());
    }
    assert!(seen.len() > 60, "{} rules seen", seen.len());
    for rule in &seen {
        assert_eq!(tarok(&["rules", rule]).status.code(), Some(0), "{rule}");
    }
}
