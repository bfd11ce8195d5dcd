//! The JSON form of a `result` section (spec/json.md): written as serde
//! writes it, and what JSON can say of it that the text cannot.

use crate::record::{Record, Sheet};

/// Appends the section as compact JSON, the bytes serde writes.
pub(super) fn write(out: &mut Vec<u8>, sheet: &Sheet) {
    // A sheet is a few short words: serde itself, the same bytes by
    // construction.
    serde_json::to_writer(out, sheet).expect("a sheet always serializes");
}

/// A fact the text form could not write back as it is: no words, a word
/// that is empty or holds a separator, a section keyword, or a first word
/// that would be read as a seat. Returns (path, message, help).
pub(super) fn validate(r: &Record) -> Result<(), (String, String, String)> {
    let Some(sheet) = &r.result else {
        return Ok(());
    };
    for (i, fact) in sheet.facts.iter().enumerate() {
        if fact.words.is_empty() {
            return Err((
                format!("result.facts[{i}].words"),
                "a fact needs at least one word".into(),
                "write the fact's words: [\"points\", \"43\"]".into(),
            ));
        }
        for (j, w) in fact.words.iter().enumerate() {
            let separator = w.bytes().any(|b| {
                matches!(
                    b,
                    b' ' | b'\t'
                        | b'\n'
                        | b'\r'
                        | 0x0b
                        | 0x0c
                        | b','
                        | b':'
                        | b'{'
                        | b'}'
                        | b'['
                        | b']'
                        | b'"'
                        | b'='
                )
            }) || w.chars().any(char::is_whitespace);
            let seat_like =
                j == 0 && fact.seat.is_none() && w.starts_with(|c: char| c.is_ascii_digit());
            if w.is_empty() || separator || seat_like || crate::parse::is_section_keyword(w) {
                return Err((
                    format!("result.facts[{i}].words[{j}]"),
                    format!("`{w}` cannot be a word of a result"),
                    "a word is a run of characters without white space or , : { } [ ] \" =, not a section keyword; a fact without a seat does not start with a digit".into(),
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::json::from_json;

    fn with_facts(facts: &str) -> String {
        format!(
            r#"{{"tags":[{{"name":"Variant","value":"french-tarot"}}],"result":{{"facts":{facts}}}}}"#
        )
    }

    #[test]
    fn a_result_round_trips_and_what_the_text_cannot_hold_is_refused_at_its_path() {
        let good = with_facts(r#"[{"seat":2,"words":["guard"]},{"words":["points","43.5"]}]"#);
        let record = from_json(&good).unwrap();
        assert_eq!(crate::json::to_json(&record), good);
        assert!(crate::to_text(&record).contains("result: 2 guard, points 43.5\n"));
        for (facts, path) in [
            (r#"[{"words":[]}]"#, "result.facts[0].words"),
            (r#"[{"words":["points 43"]}]"#, "result.facts[0].words[0]"),
            (r#"[{"words":["guard",""]}]"#, "result.facts[0].words[1]"),
            (r#"[{"words":["43","points"]}]"#, "result.facts[0].words[0]"),
            (r#"[{"words":["claim"]}]"#, "result.facts[0].words[0]"),
            (r#"[{"words":["a,b"]}]"#, "result.facts[0].words[0]"),
        ] {
            let problems = from_json(&with_facts(facts)).unwrap_err();
            assert_eq!(problems[0].kind, crate::Kind::BadJson, "{facts}");
            assert_eq!(problems[0].path.as_deref(), Some(path), "{facts}");
        }
    }
}
