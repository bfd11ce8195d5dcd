//! The `result` section (spec/notation.md §6.7): the result of a deal as
//! the score sheet states it, facts separated by commas, each an optional
//! seat and words (`result: 2 guard, points 43, oudlers 2`). The notation
//! keeps the words as written, but for the players' own words of the
//! record's variant, read as their canonical words (§7.1); which facts a
//! game has and what they mean is the verifier's (issue 26).

use super::{PResult, Reader, Trivia};
use crate::record::{Fact, Record, Sheet};

/// `result:` and its facts, up to the next section.
pub(super) fn section(
    p: &mut Reader<'_>,
    record: &mut Record,
    start: usize,
    comments: &mut Vec<String>,
) -> PResult<Vec<Trivia>> {
    p.section_colon(super::Section::Result)?;
    let (facts, pending) = facts(p, comments)?;
    // The section ends with its last fact (or its colon).
    let end = facts
        .last()
        .map_or(p.span(start, p.pos), |f: &Fact| f.span)
        .end;
    let mut span = p.span(start, p.pos);
    span.end = end.max(span.start);
    record.result = Some(Sheet {
        facts,
        comments: std::mem::take(comments),
        span,
    });
    Ok(pending)
}

fn facts(p: &mut Reader<'_>, lead_in: &mut Vec<String>) -> PResult<(Vec<Fact>, Vec<Trivia>)> {
    let mut facts = Vec::new();
    let mut pending = p.trivia()?;
    if p.at_section_start() {
        return Ok((facts, pending));
    }
    lead_in.extend(pending.drain(..).map(|t| t.text));
    loop {
        facts.push(fact(p)?);
        pending = p.trivia()?;
        if p.rest().starts_with(',') {
            p.pos += 1;
            pending.extend(p.trivia()?);
            if !pending.is_empty() {
                let span = p.span(p.pos, p.pos);
                return Err(p.syntax(
                    span,
                    "a comment cannot stand inside a result",
                    "move it",
                    "put comments before `result:`",
                ));
            }
            continue;
        }
        if p.at_section_start() {
            return Ok((facts, pending));
        }
        let (found, span) = p.found();
        return Err(p.syntax(
            span,
            format!("expected `,` or a new section, found {found}"),
            "expected `,` here",
            "separate the facts with commas: `2 guard, points 43, oudlers 2`",
        ));
    }
}

/// One fact: an optional seat, then one word or more, up to a comma, a
/// comment, a section keyword or the end of the record.
fn fact(p: &mut Reader<'_>) -> PResult<Fact> {
    let start = p.pos;
    let seat = if p.rest().starts_with(|c: char| c.is_ascii_digit()) {
        let (seat, _) = p.seat()?;
        p.trivia_inline()?;
        Some(seat)
    } else {
        None
    };
    let mut words = Vec::new();
    let mut end = p.pos;
    loop {
        if p.at_section_start() && !p.rest().is_empty() && !words.is_empty() {
            break;
        }
        match p.take_word() {
            Some((w, _)) => {
                // A local word of the record's variant is read as its
                // canonical word (§6.7, §7.1): `tælling` is `count`.
                let w = crate::words::local_fact_word(p.variant, w).unwrap_or(w);
                words.push(w.to_owned());
                end = p.pos;
            }
            None => break,
        }
        p.trivia_inline()?;
    }
    p.pos = end;
    if words.is_empty() {
        let (found, span) = p.found();
        return Err(p.syntax(
            span,
            format!("expected a fact of the result, found {found}"),
            "expected a fact",
            "a fact is an optional seat and words: `2 guard`, `points 43`, `oudlers 2`",
        ));
    }
    Ok(Fact {
        seat,
        words,
        span: p.span(start, end),
    })
}

#[cfg(test)]
mod tests {
    use crate::{parse_str, to_text, Kind, Seat};

    fn record(body: &str) -> Result<crate::Record, Vec<crate::Problem>> {
        parse_str(&format!(
            "[Variant \"french-tarot\"]\n[Dealer \"0\"]\n\n{body}"
        ))
        .remove(0)
    }

    #[test]
    fn facts_are_a_seat_and_words_up_to_a_comma_or_a_section() {
        let r = record("result: 2 guard,points 43 ,\n  0 handful\n simple\nclaim: 0 -1").unwrap();
        let sheet = r.result.as_ref().unwrap();
        let facts: Vec<(Option<u8>, Vec<&str>)> = sheet
            .facts
            .iter()
            .map(|f| {
                (
                    f.seat.map(Seat::number),
                    f.words.iter().map(String::as_str).collect(),
                )
            })
            .collect();
        assert_eq!(
            facts,
            [
                (Some(2), vec!["guard"]),
                (None, vec!["points", "43"]),
                (Some(0), vec!["handful", "simple"]),
            ]
        );
        assert!(r.claim.is_some());
        assert!(to_text(&r).contains("result: 2 guard, points 43, 0 handful simple\nclaim: 0 -1\n"));
        // An empty section, and one before `claim` only.
        assert!(record("result:\nclaim: 0 +1")
            .unwrap()
            .result
            .unwrap()
            .facts
            .is_empty());
    }

    #[test]
    fn what_a_result_cannot_hold_is_a_syntax_error_at_its_place() {
        for (body, message) in [
            (
                "result: 2 guard, {no} points 43",
                "a comment cannot stand inside a result",
            ),
            (
                "result: 2 guard, , points 43",
                "expected a fact of the result, found `,`",
            ),
            (
                "result: 2 guard: 3",
                "expected `,` or a new section, found `:`",
            ),
            ("claim: 0 +1\nresult: 2 guard", "`result` is out of order"),
        ] {
            let problems = record(body).unwrap_err();
            assert_eq!(problems[0].kind, Kind::Syntax, "{body}");
            assert!(
                problems[0].message.contains(message),
                "{body}: {}",
                problems[0].message
            );
        }
    }
}
