//! The rules reference shipped in the binary: `spec/rules/<variant>.md`,
//! one entry per rule id the engines cite, read by `tarok rules`.
//!
//! An entry starts at a heading `## DK-PLAY-2 — title` and runs to the next
//! `## ` heading; what comes before the first entry is the file's preface.
//!
//! ```text
//! $ tarok rules dk-play-2        # one entry, the id in any case
//! $ tarok rules danish-tarok     # the ids and titles of a variant
//! ```

use notation::Variant;

/// The reference files, embedded at build time.
const FILES: [(Variant, &str); 4] = [
    (
        Variant::DanishTarok,
        include_str!("../spec/rules/danish-tarok.md"),
    ),
    (
        Variant::FrenchTarot,
        include_str!("../spec/rules/french-tarot.md"),
    ),
    (
        Variant::Koenigrufen,
        include_str!("../spec/rules/koenigrufen.md"),
    ),
    (
        Variant::Skill7Tarock,
        include_str!("../spec/rules/skill7-tarock.md"),
    ),
];

/// One rule's entry.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub variant: Variant,
    /// `DK-PLAY-2`.
    pub id: &'static str,
    pub title: &'static str,
    /// The text after the heading, up to the next entry.
    pub body: &'static str,
}

/// What an entry's example is, as its fence says (`spec/rules/README.md`).
#[cfg(test)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Example {
    /// ```` ```tarok ````: a record that breaks the rule: verified, it gives
    /// a finding with the entry's id.
    Breaks,
    /// ```` ```tarok clean ````: a record where the rule applies and is
    /// kept: it verifies without a finding.
    Clean,
    /// ```` ```tarok applies ````: a record where the engine applies the
    /// rule to a fault of another rule (a fine, a voided deal, a discard
    /// taken from the play): a payment of its ledger, a rule event, or the
    /// message or help of a finding of that other rule names the entry's
    /// id.
    Applies,
    /// ```` ```tarok fragment ````: a piece of a record that shows the
    /// notation (a trick, a hand, an auction) but is no deal the verifier
    /// can judge: it is only parsed.
    Fragment,
}

impl Entry {
    #[cfg(test)]
    /// The entry's example and what it is: its first ```` ```tarok ````
    /// block that is a whole record, else its first fragment (an entry may
    /// show the fault in a few cards, then in a whole deal).
    pub fn example(&self) -> Option<(Example, &'static str)> {
        let blocks = self.examples()?;
        let whole = blocks.iter().find(|(k, _)| *k != Example::Fragment);
        whole.or(blocks.first()).copied()
    }

    #[cfg(test)]
    /// Every ```` ```tarok ```` block of the entry, in order; `None` when a
    /// fence is not closed or names no kind this reference knows.
    pub fn examples(&self) -> Option<Vec<(Example, &'static str)>> {
        let mut blocks = Vec::new();
        let mut rest = self.body;
        while let Some(at) = rest.find("```tarok") {
            let open = at + "```tarok".len();
            let line_end = open + rest[open..].find('\n')?;
            let kind = match rest[open..line_end].trim() {
                "" => Example::Breaks,
                "clean" => Example::Clean,
                "applies" => Example::Applies,
                "fragment" => Example::Fragment,
                _ => return None,
            };
            let start = line_end + 1;
            let len = rest[start..].find("```")?;
            blocks.push((kind, &rest[start..start + len]));
            rest = &rest[start + len + 3..];
        }
        Some(blocks)
    }
}

/// Every entry of every variant, in file order (the reference is cut into
/// entries once: the lesson page looks up rules deal by deal).
pub fn entries() -> impl Iterator<Item = Entry> {
    static ALL: std::sync::OnceLock<Vec<Entry>> = std::sync::OnceLock::new();
    ALL.get_or_init(|| {
        FILES
            .iter()
            .flat_map(|&(variant, text)| entries_of(variant, text))
            .collect()
    })
    .iter()
    .copied()
}

fn entries_of(variant: Variant, text: &'static str) -> impl Iterator<Item = Entry> {
    let mut starts: Vec<usize> = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with("## ") {
            starts.push(offset);
        }
        offset += line.len();
    }
    let ends: Vec<usize> = starts.iter().skip(1).copied().chain([text.len()]).collect();
    starts.into_iter().zip(ends).filter_map(move |(s, e)| {
        let section = &text[s..e];
        let (heading, body) = section.split_once('\n').unwrap_or((section, ""));
        let (id, title) = heading["## ".len()..].split_once(" — ")?;
        Some(Entry {
            variant,
            id: id.trim(),
            title: title.trim(),
            body: body.trim_matches('\n'),
        })
    })
}

/// The entry of a rule id, in any case (`dk-play-2`).
pub fn lookup(id: &str) -> Option<Entry> {
    static BY_ID: std::sync::OnceLock<std::collections::HashMap<String, Entry>> =
        std::sync::OnceLock::new();
    let by_id = BY_ID.get_or_init(|| {
        let mut by_id = std::collections::HashMap::new();
        for e in entries() {
            by_id.entry(e.id.to_ascii_uppercase()).or_insert(e);
        }
        by_id
    });
    by_id.get(&id.trim().to_ascii_uppercase()).copied()
}

/// The command that shows a rule, for help lines.
pub fn command(id: &str) -> String {
    format!("tarok rules {id}")
}

/// The ids most like an unknown one: the same prefix (`DK-PLAY-`) first,
/// then the nearest by edit distance; at most five.
pub fn suggestions(id: &str) -> Vec<&'static str> {
    let wanted = id.trim().to_ascii_uppercase();
    let prefix = wanted
        .rsplit_once('-')
        .map(|(p, _)| format!("{p}-"))
        .unwrap_or_default();
    let mut scored: Vec<(usize, &'static str)> = entries()
        .map(|e| {
            let same_family = !prefix.is_empty() && e.id.starts_with(&prefix);
            let d = distance(&wanted, e.id);
            (if same_family { d } else { d + 100 }, e.id)
        })
        .filter(|&(d, _)| d < 100 || d - 100 <= 3)
        .collect();
    scored.sort();
    // Ids of the same family, when there are any, are the better guess.
    if scored.first().is_some_and(|&(d, _)| d < 100) {
        scored.retain(|&(d, _)| d < 100);
    }
    scored.into_iter().take(5).map(|(_, id)| id).collect()
}

/// Levenshtein distance over bytes (ids are ASCII).
fn distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == cb {
                prev
            } else {
                1 + prev.min(row[j]).min(row[j + 1])
            };
            prev = cur;
        }
    }
    row[b.len()]
}

/// What `tarok rules TOPIC` prints: one entry, or a variant's list. `Err`
/// holds the usage error's text.
pub fn show(topic: &str) -> Result<String, String> {
    if let Some(e) = lookup(topic) {
        return Ok(format!(
            "{} — {} ({})\n\n{}\n",
            e.id, e.title, e.variant, e.body
        ));
    }
    if let Ok(variant) = topic.trim().parse::<Variant>() {
        let list: Vec<Entry> = entries().filter(|e| e.variant == variant).collect();
        let width = list.iter().map(|e| e.id.len()).max().unwrap_or(0);
        let mut out = format!(
            "{variant}: {} rules (tarok rules ID shows one)\n",
            list.len()
        );
        for e in list {
            out.push_str(&format!("  {:width$}  {}\n", e.id, e.title));
        }
        return Ok(out);
    }
    let near = suggestions(topic);
    let hint = if near.is_empty() {
        String::new()
    } else {
        format!("; did you mean {}?", near.join(", "))
    };
    Err(format!(
        "no rule `{}`{hint}\n  help: give a rule id (DK-PLAY-2) or a variant to list its rules: \
         danish-tarok, french-tarot, koenigrufen, skill7-tarock",
        topic.trim()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_found_in_any_case() {
        let e = lookup("dk-play-2").expect("DK-PLAY-2 has an entry");
        assert_eq!(e.id, "DK-PLAY-2");
        assert_eq!(e.variant, Variant::DanishTarok);
        assert!(!e.title.is_empty());
    }

    #[test]
    fn an_unknown_id_gets_its_neighbours() {
        assert!(lookup("DK-PLAY-99").is_none());
        let near = suggestions("dk-play-99");
        assert!(!near.is_empty());
        assert!(near.iter().all(|id| id.starts_with("DK-PLAY-")), "{near:?}");
        assert!(suggestions("FR-PLAY-3x").contains(&"FR-PLAY-3"));
    }

    #[test]
    fn every_entry_has_a_title_a_body_and_an_example() {
        for e in entries() {
            assert!(!e.title.is_empty(), "{}", e.id);
            assert!(e.body.len() > 40, "{}", e.id);
            assert!(e.example().is_some(), "{} has no ```tarok example", e.id);
        }
    }

    #[test]
    fn ids_are_unique_and_of_their_variant() {
        let mut seen = std::collections::HashSet::new();
        for e in entries() {
            assert!(seen.insert(e.id), "{} twice", e.id);
            let prefix = match e.variant {
                Variant::DanishTarok => "DK-",
                Variant::FrenchTarot => "FR-",
                Variant::Koenigrufen => "KR-",
                Variant::Skill7Tarock => "S7-",
            };
            assert!(e.id.starts_with(prefix), "{}", e.id);
        }
    }
}

/// The reference against the engines and the notation: run by `cargo test`.
#[cfg(test)]
mod coverage {
    use super::*;
    use std::path::Path;

    fn is_rule_id(s: &str) -> bool {
        let parts: Vec<&str> = s.split('-').collect();
        parts.len() == 3
            && ["DK", "FR", "KR", "S7"].contains(&parts[0])
            && !parts[1].is_empty()
            && parts[1].bytes().all(|b| b.is_ascii_uppercase())
            && !parts[2].is_empty()
            && parts[2].bytes().all(|b| b.is_ascii_digit())
    }

    /// The reference shipped in the binary and the `Rule` enum are the same
    /// list: every entry is a rule with its title, and every rule an entry.
    #[test]
    fn every_entry_is_a_rule_and_every_rule_an_entry() {
        let entries: Vec<Entry> = entries().collect();
        for e in &entries {
            let rule = notation::Rule::from_id(e.id);
            assert!(rule.is_some(), "{} has no `Rule`", e.id);
            assert_eq!(rule.map(notation::Rule::title), Some(e.title));
        }
        for rule in notation::Rule::all() {
            assert!(lookup(rule.id()).is_some(), "no entry for {rule}");
        }
        assert_eq!(notation::Rule::all().count(), entries.len());
    }

    /// Every id a corpus file names (in its comments and `expect` lines),
    /// so that a reader of the corpus can look each one up.
    fn named(dir: &Path, ids: &mut std::collections::BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).expect("a corpus folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                named(&path, ids);
            } else if path.extension().is_some_and(|e| e == "tarok" || e == "md") {
                let text = std::fs::read_to_string(&path).expect("a corpus file");
                let words = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'));
                ids.extend(words.filter(|w| is_rule_id(w)).map(str::to_string));
            }
        }
    }

    #[test]
    fn every_rule_id_the_corpus_names_has_an_entry() {
        let mut ids = std::collections::BTreeSet::new();
        named(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus"),
            &mut ids,
        );
        assert!(ids.len() > 100, "the scan found {} ids", ids.len());
        let missing: Vec<&String> = ids.iter().filter(|id| lookup(id).is_none()).collect();
        assert!(missing.is_empty(), "no entry for {missing:?}");
    }

    /// An entry's example as records: the tags a lone record needs added
    /// when it has none. A block of several records is a session (each
    /// record with its own tags): a rule that joins deals (the next
    /// dealer, the pots carried over) is shown by two.
    fn records_of(e: &Entry, example: &str) -> Vec<notation::Record> {
        let mut text = String::new();
        if !example.contains("[Variant ") {
            text.push_str(&format!("[Variant \"{}\"]\n", e.variant));
        }
        if !example.contains("[Dealer ") {
            text.push_str("[Dealer \"0\"]\n");
        }
        text.push_str(example);
        let records = notation::parse_str(&text);
        assert!(!records.is_empty(), "{}: no record", e.id);
        records
            .into_iter()
            .map(|r| r.unwrap_or_else(|p| panic!("{}: the example does not parse: {p:?}", e.id)))
            .collect()
    }

    /// Whether `text` names the rule `id` (not a longer id such as
    /// `DK-PLAY-10` for `DK-PLAY-1`).
    fn names(text: &str, id: &str) -> bool {
        text.match_indices(id)
            .any(|(at, _)| !text[at + id.len()..].starts_with(|c: char| c.is_ascii_digit()))
    }

    /// Every example is what its fence says: a record that breaks its rule
    /// gives a finding with the entry's id; a clean illustration verifies
    /// without a finding; a record where the rule follows another rule's
    /// fault has a payment or a rule event with the entry's id, or a
    /// finding whose words name it. Every
    /// entry has such a whole record (a fragment only illustrates).
    #[test]
    fn every_example_breaks_or_keeps_its_rule() {
        let mut fragments = Vec::new();
        let (mut breaks, mut clean, mut applies) = (0, 0, 0);
        for e in entries() {
            let (kind, example) = e.example().expect("an example");
            // As `tarok verify` follows a file: one session of deals.
            let mut sessions = verifier::session::Sessions::new(verifier::session::Grouping::File);
            let reports: Vec<verifier::Report> = records_of(&e, example)
                .iter()
                .map(|r| sessions.verify(r))
                .collect();
            let problems = || reports.iter().flat_map(|r| &r.problems);
            let found: Vec<String> = problems().map(|p| p.code()).collect();
            match kind {
                Example::Breaks => {
                    assert!(
                        problems().any(|p| p.rule.map(notation::Rule::id) == Some(e.id)),
                        "{}: the example gives no finding of its rule, only {found:?}",
                        e.id
                    );
                    breaks += 1;
                }
                Example::Clean => {
                    assert!(
                        found.is_empty(),
                        "{}: the clean example has findings {found:?}",
                        e.id
                    );
                    clean += 1;
                }
                Example::Applies => {
                    let paid = reports
                        .iter()
                        .flat_map(|r| &r.ledger)
                        .any(|p| p.rule.id() == e.id);
                    let told = reports.iter().flat_map(|r| &r.events).any(
                        |ev| matches!(ev, verifier::Event::Rule { rule, .. } if rule.id() == e.id),
                    );
                    let named = problems().any(|p| names(&p.message, e.id) || names(&p.help, e.id));
                    assert!(
                        paid || told || named,
                        "{}: the engine applies no rule of that id (findings {found:?})",
                        e.id
                    );
                    assert!(
                        !found.is_empty(),
                        "{}: no fault of another rule: the example is `tarok clean`",
                        e.id
                    );
                    applies += 1;
                }
                Example::Fragment => fragments.push(e.id),
            }
        }
        assert!(
            breaks >= 70 && clean >= 60 && applies >= 6,
            "{breaks} break, {clean} clean, {applies} apply"
        );
        // FR-IRREG-1 lists the kinds of finding and no finding cites it
        // (`spec/rules/README.md`); every other entry has a whole record.
        assert_eq!(
            fragments,
            ["FR-IRREG-1"],
            "entries with a fragment only, no whole record"
        );
    }

    #[test]
    fn every_example_parses() {
        for e in entries() {
            // A fragment too: the tags a record needs are added when it
            // has none of its own.
            let blocks = e.examples().expect("examples");
            assert!(!blocks.is_empty(), "{}: no example", e.id);
            for (_, example) in blocks {
                records_of(&e, example);
            }
        }
    }
}
