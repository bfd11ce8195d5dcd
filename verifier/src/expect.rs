//! What an example hand says it must produce: the corpus convention.
//!
//! A faulty example's first record opens with a comment naming its
//! findings, `{expect: revoke[DK-PLAY-2], claim-mismatch[-]}` (`kind[RULE]`,
//! `kind[-]` when no rule id applies), or `{expect: clean}`. `tarok verify
//! --expect` and the engines' corpus tests read it through this module.
//!
//! ```
//! let text = "{expect: incomplete[S7-PLAY-6]}\n[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n\nauction: 1 rufer\n";
//! let record = notation::parse_str(text).remove(0).unwrap();
//! let wanted = tarok_verifier::expect::expectation(&record).unwrap();
//! let report = tarok_verifier::verify(&record, &mut tarok_verifier::Session::default());
//! let found: Vec<String> = report.problems.iter().map(tarok_verifier::expect::token).collect();
//! assert!(tarok_verifier::expect::matches(&wanted, &found));
//! ```

use notation::Rule;
use notation::{Problem, Record};

/// The findings a record's `expect:` comment names (empty for `clean`), or
/// `None` when it has no such comment.
pub fn expectation(record: &Record) -> Option<Vec<String>> {
    let text = record
        .comments
        .iter()
        .find_map(|c| c.trim().strip_prefix("expect:"))?;
    Some(
        text.split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty() && *t != "clean")
            .map(str::to_owned)
            .collect(),
    )
}

/// A finding as an expectation names it: `kind[RULE]`, or `kind[-]`.
pub fn token(p: &Problem) -> String {
    format!("{}[{}]", p.kind, p.rule.map_or("-", Rule::id))
}

/// Whether the findings are exactly the ones named, in any order.
pub fn matches(wanted: &[String], found: &[String]) -> bool {
    let mut wanted: Vec<&str> = wanted.iter().map(String::as_str).collect();
    let mut found: Vec<&str> = found.iter().map(String::as_str).collect();
    wanted.sort_unstable();
    found.sort_unstable();
    wanted == found
}
