//! Line-up checks (spec/report.md): who sat where, and which deals may be
//! compared. Names are compared after Unicode NFC and whitespace
//! normalisation; with a player register (`--players FILE`) every name is
//! looked up in it, without one names that differ only in case, accents or
//! spacing are a warning (never silently two players, never silently one).

use std::collections::{BTreeMap, BTreeSet};

use unicode_normalization::UnicodeNormalization;

use super::{Deal, LineupFinding, SessionRun};

/// The register of players: one a line, `Name`, or `Name<TAB>id` /
/// `Name; id` (an id or club); empty lines and lines starting with `#`
/// are skipped.
#[derive(Debug, Default)]
pub struct Register {
    /// The names as the register writes them, normalised (NFC, spaces).
    pub names: Vec<String>,
}

impl Register {
    pub fn parse(text: &str) -> Register {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let names = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| l.split(['\t', ';']).next().unwrap_or(l))
            .map(normal)
            .filter(|n| !n.is_empty())
            .collect();
        Register { names }
    }
}

/// A name as compared: NFC, runs of white space as one space, trimmed.
pub fn normal(name: &str) -> String {
    let nfc: String = name.nfc().collect();
    nfc.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A name with case, accents and spacing left out: two names with the same
/// fold are probably one player typed two ways.
pub fn fold(name: &str) -> String {
    name.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

fn finding(
    kind: &'static str,
    severity: &'static str,
    deal: Option<&Deal>,
    player: Option<&str>,
    message: String,
) -> LineupFinding {
    LineupFinding {
        kind,
        severity,
        file: deal.map(|d| d.place.file.clone()),
        record: deal.map(|d| d.place.record),
        player: player.map(str::to_owned),
        message,
    }
}

/// The line-up checks over every deal read.
pub fn check(sessions: &[SessionRun], register: Option<&Register>) -> Vec<LineupFinding> {
    let mut out = Vec::new();
    let deals = || {
        sessions
            .iter()
            .flat_map(|s| &s.deals)
            .filter(|d| d.readable)
    };
    // Every name once, in order of first appearance, with its first deal.
    let mut seen: Vec<(String, &Deal)> = Vec::new();
    let mut known: std::collections::HashSet<String> = std::collections::HashSet::new();
    for d in deals() {
        for n in d.names.iter().filter(|n| !n.trim().is_empty()) {
            let n = normal(n);
            if known.insert(n.clone()) {
                seen.push((n, d));
            }
        }
    }
    match register {
        Some(reg) => {
            for (name, d) in &seen {
                if reg.names.contains(name) {
                    continue;
                }
                let best = reg
                    .names
                    .iter()
                    .map(|r| (strsim::jaro_winkler(&fold(r), &fold(name)), r))
                    .filter(|(score, _)| *score > 0.8)
                    .max_by(|a, b| a.0.total_cmp(&b.0));
                let message = match best {
                    Some((_, r)) => format!("`{name}` is not in the register: did you mean `{r}`?"),
                    None => format!("`{name}` is not in the register"),
                };
                out.push(finding(
                    "unknown-player",
                    "finding",
                    Some(d),
                    Some(name),
                    message,
                ));
            }
        }
        None => {
            let mut folds: BTreeMap<String, Vec<&str>> = BTreeMap::new();
            for (name, _) in &seen {
                folds.entry(fold(name)).or_default().push(name);
            }
            for (name, d) in &seen {
                let same = &folds[&fold(name)];
                if same.len() > 1 && same[0] == name {
                    let list: Vec<String> = same.iter().map(|n| format!("`{n}`")).collect();
                    out.push(finding(
                        "similar-names",
                        "warning",
                        Some(d),
                        Some(name),
                        format!(
                            "{} differ only in case, accents or spacing: counted as {} players; one player typed two ways? (a register, --players, settles it)",
                            list.join(" and "),
                            same.len()
                        ),
                    ));
                }
            }
        }
    }
    // Twice at one table.
    let mut told: BTreeSet<(usize, String)> = BTreeSet::new();
    for d in deals() {
        let names: Vec<String> = d
            .names
            .iter()
            .filter(|n| !n.trim().is_empty())
            .map(|n| normal(n))
            .collect();
        for (i, n) in names.iter().enumerate() {
            if names[..i].contains(n) && told.insert((d.session, n.clone())) {
                out.push(finding(
                    "player-twice-at-table",
                    "finding",
                    Some(d),
                    Some(n),
                    format!("`{n}` is seated twice at one table"),
                ));
            }
        }
    }
    // At two tables of one round: tables named by their `Table` tags (a
    // table's deals may stand in several files).
    let mut at: BTreeMap<(String, String), Vec<(String, &Deal)>> = BTreeMap::new();
    for d in deals() {
        let (Some(round), Some(table)) = (&d.place.round, &d.place.table) else {
            continue;
        };
        let table = table.clone();
        for n in d.names.iter().filter(|n| !n.trim().is_empty()) {
            let tables = at.entry((round.clone(), normal(n))).or_default();
            if !tables.iter().any(|(t, _)| *t == table) {
                tables.push((table.clone(), d));
            }
        }
    }
    for ((round, n), tables) in &at {
        if tables.len() > 1 {
            let list: Vec<&str> = tables.iter().map(|(t, _)| t.as_str()).collect();
            out.push(finding(
                "player-at-two-tables",
                "finding",
                Some(tables[1].1),
                Some(n),
                format!(
                    "`{n}` is seated at {} tables of round {round}: {}",
                    tables.len(),
                    list.join(", ")
                ),
            ));
        }
    }
    // A session whose deals do not share one table.
    for s in sessions {
        let mut names: Vec<String> = Vec::new();
        let mut seats = 0;
        for d in s.deals.iter().filter(|d| d.readable) {
            seats = seats.max(d.names.len());
            for n in d.names.iter().filter(|n| !n.trim().is_empty()) {
                let n = normal(n);
                if !names.contains(&n) {
                    names.push(n);
                }
            }
        }
        if seats > 0 && names.len() > seats {
            out.push(finding(
                "mixed-tables",
                "finding",
                s.deals.first(),
                None,
                format!(
                    "{}: {} players in one session of {seats} seats: its deals do not share one table (one file per table, or `Session` tags); its standings mix tables",
                    s.name,
                    names.len()
                ),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_compare_after_nfc_and_spaces() {
        assert_eq!(normal("  Zoë \t Berg "), "Zoë Berg");
        assert_eq!(normal("Zoe\u{308} Berg"), "Zoë Berg");
        assert_eq!(fold("Zoë  berg"), fold("ZOE BERG"));
        let reg = Register::parse("\u{feff}# club list\nAnna Holm\t17\nBent; KBH\n\n");
        assert_eq!(reg.names, ["Anna Holm", "Bent"]);
    }
}
