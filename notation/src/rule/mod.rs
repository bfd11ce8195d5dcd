//! Rule ids as a type: [`Rule`], one variant per entry of the rules
//! reference (`spec/rules/<variant>.md`, whose ids are those of the rules
//! digests). A finding names its rule with one ([`crate::Problem::rule`]),
//! so a mistyped id does not compile; the JSON form and the diagnostics
//! still write the id (`DK-PLAY-2`).
//!
//! This is the list of names only: what a rule asks is the verifier's
//! business, and `notation` still knows nothing of the rules.
//!
//! `ids.rs` is generated from the reference by the test below:
//! `TAROK_UPDATE_RULES=1 cargo test -p tarok-notation rule::` rewrites it
//! after an entry is added or renamed; without the variable the test fails
//! when the file is out of date.
//!
//! ```
//! use tarok_notation::Rule;
//! assert_eq!(Rule::DkPlay2.id(), "DK-PLAY-2");
//! assert_eq!(Rule::from_id("DK-PLAY-2"), Some(Rule::DkPlay2));
//! assert_eq!(Rule::from_id("dk-play-2"), None); // ids are upper case
//! assert_eq!(Rule::DkPlay2.to_string(), "DK-PLAY-2");
//! ```

// Generated, one entry a line: rustfmt leaves it as the generator writes it.
#[rustfmt::skip]
mod ids;

pub use ids::Rule;

impl Rule {
    /// The rule's id, as the rules digests and the reference write it.
    pub fn id(self) -> &'static str {
        ids::TABLE[self as usize].1
    }

    /// The rule of an id written exactly (`DK-PLAY-2`); `None` for anything
    /// else.
    pub fn from_id(id: &str) -> Option<Rule> {
        ids::from_id(id)
    }

    /// The title of the rule's entry in the reference.
    pub fn title(self) -> &'static str {
        ids::TABLE[self as usize].2
    }

    /// Every rule, in the order of the reference (Danish, French,
    /// Königrufen, Skill7; each in its file's order).
    pub fn all() -> impl Iterator<Item = Rule> {
        ids::TABLE.iter().map(|&(rule, _, _)| rule)
    }
}

/// Written as its id (`"DK-PLAY-2"`), as the JSON forms give it.
impl serde::Serialize for Rule {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id())
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILES: [&str; 4] = [
        "danish-tarok.md",
        "french-tarot.md",
        "koenigrufen.md",
        "skill7-tarock.md",
    ];

    /// The entries of the reference: `## ID — title` lines, in order.
    fn entries() -> Vec<(String, String)> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/rules");
        let mut out = Vec::new();
        for file in FILES {
            let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
            for line in text.lines() {
                if let Some((id, title)) =
                    line.strip_prefix("## ").and_then(|h| h.split_once(" — "))
                {
                    out.push((id.trim().to_owned(), title.trim().to_owned()));
                }
            }
        }
        out
    }

    /// `DK-PLAY-2` → `DkPlay2`.
    fn variant_name(id: &str) -> String {
        id.split('-')
            .map(|part| {
                let lower = part.to_ascii_lowercase();
                let mut chars = lower.chars();
                chars.next().map_or(String::new(), |c| {
                    c.to_ascii_uppercase().to_string() + chars.as_str()
                })
            })
            .collect()
    }

    /// The text of `ids.rs` for the reference as it stands.
    fn generate() -> String {
        let entries = entries();
        let mut s = String::new();
        s.push_str(
            "// @generated from spec/rules/*.md by `TAROK_UPDATE_RULES=1 cargo test -p tarok-notation rule::`:\n\
             // do not edit by hand (see rule/mod.rs).\n\n",
        );
        s.push_str("/// A rule of the rules reference, by its id (see the module docs).\n");
        s.push_str("#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]\npub enum Rule {\n");
        for (id, title) in &entries {
            s.push_str(&format!(
                "    /// `{id}`: {title}.\n    {},\n",
                variant_name(id)
            ));
        }
        s.push_str("}\n\n");
        s.push_str("/// Each rule with its id and title, in the order of the enum.\n");
        s.push_str(&format!(
            "pub(super) const TABLE: [(Rule, &str, &str); {}] = [\n",
            entries.len()
        ));
        for (id, title) in &entries {
            s.push_str(&format!(
                "    (Rule::{}, {id:?}, {title:?}),\n",
                variant_name(id)
            ));
        }
        s.push_str("];\n\n");
        s.push_str("pub(super) fn from_id(id: &str) -> Option<Rule> {\n    Some(match id {\n");
        for (id, _) in &entries {
            s.push_str(&format!("        {id:?} => Rule::{},\n", variant_name(id)));
        }
        s.push_str("        _ => return None,\n    })\n}\n");
        s
    }

    /// `ids.rs` is what the reference gives; with `TAROK_UPDATE_RULES` set
    /// the test writes it.
    #[test]
    fn ids_rs_is_generated_from_the_reference() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/rule/ids.rs");
        let expected = generate();
        if std::env::var_os("TAROK_UPDATE_RULES").is_some() {
            std::fs::write(path, &expected).unwrap();
        }
        let actual = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            actual == expected,
            "notation/src/rule/ids.rs is not what spec/rules/*.md gives: \
             run `TAROK_UPDATE_RULES=1 cargo test -p tarok-notation rule::`"
        );
    }

    /// Every id of the reference is a rule and back, and every rule is an
    /// entry of the reference: the same ids, in the same order, unique.
    #[test]
    fn every_rule_is_an_entry_of_the_reference_and_back() {
        let entries = entries();
        assert!(entries.len() > 150, "only {} entries", entries.len());
        let rules: Vec<Rule> = Rule::all().collect();
        assert_eq!(rules.len(), entries.len());
        for ((id, title), rule) in entries.iter().zip(rules) {
            assert_eq!(rule.id(), id);
            assert_eq!(rule.title(), title);
            assert_eq!(Rule::from_id(id), Some(rule), "{id}");
            assert_eq!(Rule::from_id(&id.to_ascii_lowercase()), None);
        }
        let unique: std::collections::HashSet<&str> = Rule::all().map(Rule::id).collect();
        assert_eq!(unique.len(), entries.len(), "an id stands twice");
        assert_eq!(Rule::from_id(&format!("DK-PLAY-{}", 99)), None);
        assert_eq!(Rule::from_id(""), None);
    }
}
