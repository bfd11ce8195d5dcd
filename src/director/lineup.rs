//! Line-up checks (spec/report.md): who sat where, and which deals may be
//! compared. Names are compared after Unicode NFC and whitespace
//! normalisation; with a player register (`--players FILE`) every name is
//! looked up in it, without one names that differ only in case, accents or
//! spacing are a warning (never silently two players, never silently one).

use std::collections::{BTreeMap, BTreeSet, HashSet};

use unicode_normalization::UnicodeNormalization;

use super::{Deal, LineupFinding};

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

/// Where a finding points: a deal's file and record.
type At = (String, usize);

fn finding(
    kind: &'static str,
    severity: &'static str,
    deal: Option<&At>,
    player: Option<&str>,
    message: String,
) -> LineupFinding {
    LineupFinding {
        kind,
        severity,
        file: deal.map(|d| d.0.clone()),
        record: deal.map(|d| d.1),
        player: player.map(str::to_owned),
        message,
    }
}

fn at(d: &Deal) -> At {
    (d.place.file.clone(), d.place.record)
}

/// The line-up checks, fed deal by deal in input order (issue 23: what
/// it keeps grows with the players and tables, not the deals).
#[derive(Default)]
pub struct Lineup {
    /// Every name once, in order of first appearance, with its first deal.
    seen: Vec<(String, At)>,
    known: HashSet<String>,
    /// Twice at one table: the names told in the open session.
    told: BTreeSet<String>,
    twice: Vec<LineupFinding>,
    /// At two tables of one round: tables named by their `Table` tags (a
    /// table's deals may stand in several files).
    at: BTreeMap<(String, String), Vec<(String, At)>>,
    /// The open session: its first deal, its names, its most seats.
    first: Option<At>,
    names: Vec<String>,
    seats: usize,
    mixed: Vec<LineupFinding>,
}

impl Lineup {
    /// A deal of the open session (`first`: the session's first deal).
    pub fn deal(&mut self, d: &Deal) {
        if self.first.is_none() {
            self.first = Some(at(d));
        }
        if !d.readable {
            return;
        }
        let names: Vec<String> = d
            .names
            .iter()
            .filter(|n| !n.trim().is_empty())
            .map(|n| normal(n))
            .collect();
        for n in &names {
            if self.known.insert(n.clone()) {
                self.seen.push((n.clone(), at(d)));
            }
        }
        for (i, n) in names.iter().enumerate() {
            if names[..i].contains(n) && self.told.insert(n.clone()) {
                self.twice.push(finding(
                    "player-twice-at-table",
                    "finding",
                    Some(&at(d)),
                    Some(n),
                    format!("`{n}` is seated twice at one table"),
                ));
            }
        }
        if let (Some(round), Some(table)) = (&d.place.round, &d.place.table) {
            for n in &names {
                let tables = self.at.entry((round.clone(), n.clone())).or_default();
                if !tables.iter().any(|(t, _)| t == table) {
                    tables.push((table.clone(), at(d)));
                }
            }
        }
        self.seats = self.seats.max(d.names.len());
        for n in names {
            if !self.names.contains(&n) {
                self.names.push(n);
            }
        }
    }

    /// The open session ends: a session whose deals do not share one table.
    pub fn close(&mut self, session: &str) {
        let seats = std::mem::take(&mut self.seats);
        let names = std::mem::take(&mut self.names);
        let first = self.first.take();
        self.told.clear();
        if seats > 0 && names.len() > seats {
            self.mixed.push(finding(
                "mixed-tables",
                "finding",
                first.as_ref(),
                None,
                format!(
                    "{session}: {} players in one session of {seats} seats: its deals do not share one table (one file per table, or `Session` tags); its standings mix tables",
                    names.len()
                ),
            ));
        }
    }

    /// The findings: names, twice at a table, at two tables, mixed tables.
    pub fn finish(self, register: Option<&Register>) -> Vec<LineupFinding> {
        let mut out = Vec::new();
        let seen = &self.seen;
        match register {
            Some(reg) => {
                for (name, d) in seen {
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
                        Some((_, r)) => {
                            format!("`{name}` is not in the register: did you mean `{r}`?")
                        }
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
                for (name, _) in seen {
                    folds.entry(fold(name)).or_default().push(name);
                }
                for (name, d) in seen {
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
        out.extend(self.twice);
        for ((round, n), tables) in &self.at {
            if tables.len() > 1 {
                let list: Vec<&str> = tables.iter().map(|(t, _)| t.as_str()).collect();
                out.push(finding(
                    "player-at-two-tables",
                    "finding",
                    Some(&tables[1].1),
                    Some(n),
                    format!(
                        "`{n}` is seated at {} tables of round {round}: {}",
                        tables.len(),
                        list.join(", ")
                    ),
                ));
            }
        }
        out.extend(self.mixed);
        out
    }
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
