//! The JSON form: the same model, with a lossless round trip to the text.
//!
//! One record is one JSON object (`spec/json.md`); a file holds one object,
//! an array of objects, or one object per line (JSON Lines). Spans are not
//! part of the JSON form. Errors name the JSON path of the bad value.

use serde::Deserialize;
use serde_json::value::RawValue;

use crate::problem::{Kind, Problem};
use crate::record::{too_many_cards, Record, Span, CARDS_MAX};

mod fast;
mod locate;
mod result;
mod write;

pub use locate::path_at;

/// One record as compact JSON (one line: a JSON Lines row).
pub fn to_json(record: &Record) -> String {
    // The writer reserves what the record needs.
    let mut out = Vec::new();
    write::record(&mut out, record);
    String::from_utf8(out).expect("JSON of strings is UTF-8")
}

/// The longest tag (name and value) the JSON form takes: its line in the
/// text form, with room for the brackets, the quotes, escapes of a few
/// characters and comments (broken at `print::LINE_BREAK_AT`), stays under
/// the reader's 1 MiB.
const TAG_MAX: usize = 1_000_000;

/// Writes one record as compact JSON (no line break): what [`to_json`]
/// returns, straight into `out`.
pub fn write_json(out: &mut impl std::io::Write, record: &Record) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    write::record(&mut bytes, record);
    out.write_all(&bytes)
}

/// Appends one record as compact JSON to `out`: the fastest way, for a
/// caller that reuses its buffer.
pub fn push_json(out: &mut Vec<u8>, record: &Record) {
    write::record(out, record);
}

/// One record as indented JSON.
pub fn to_json_pretty(record: &Record) -> String {
    serde_json::to_string_pretty(record).expect("a record always serializes")
}

/// Reads one record from a JSON object. Its elements get the spans of
/// their JSON values in `text`.
pub fn from_json(text: &str) -> Result<Record, Vec<Problem>> {
    record_at(text, 0, None)
}

/// Reads every record of a JSON document: one object, an array of objects,
/// or a stream of objects (JSON Lines). Each record is read on its own, so a
/// bad one does not hide the others.
pub fn parse_json_doc(text: &str) -> Vec<Result<Record, Vec<Problem>>> {
    parse_json_doc_at(text, 0)
}

/// [`parse_json_doc`] for a document that starts at byte `at` of its file
/// (a line of a JSON Lines file): spans are offsets in the file.
///
/// Every element of a record read gets the span of its JSON value, so a
/// finding points at the offending value (a revoke at its card); the JSON
/// path of a span is [`path_at`] in the document.
pub fn parse_json_doc_at(text: &str, at: usize) -> Vec<Result<Record, Vec<Problem>>> {
    let trimmed = text.trim_start();
    let base = text.len() - trimmed.len();
    // The common case, one good record (a line of JSON Lines), is read in
    // one pass; anything else is read again below, to report it.
    if trimmed.starts_with('{') {
        // Read in the place it is handed on from, not moved there.
        let mut out = vec![Ok(Record::default())];
        if let Some(Ok(record)) = out.first_mut() {
            if one_record(trimmed, at + base, record) {
                return out;
            }
        }
    }
    if trimmed.starts_with('[') {
        return match serde_json::from_str::<Vec<&RawValue>>(text) {
            Ok(items) => items
                .into_iter()
                .enumerate()
                .map(|(i, raw)| record_at(raw.get(), at + offset_in(text, raw.get()), Some(i)))
                .collect(),
            Err(e) => vec![Err(vec![json_problem(text, at, &e, String::new())])],
        };
    }
    let mut out = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(trimmed).into_iter::<&RawValue>();
    loop {
        match stream.next() {
            None => break,
            Some(Ok(raw)) => out.push(record_at(raw.get(), at + offset_in(text, raw.get()), None)),
            Some(Err(e)) => {
                out.push(Err(vec![json_problem(
                    trimmed,
                    at + base,
                    &e,
                    String::new(),
                )]));
                break;
            }
        }
    }
    out
}

/// A line of JSON Lines (or any document) that is exactly one good
/// record, read into a box as [`parse_json_doc`] reads it (spans count
/// from the start of `text`); `None` for any other: [`parse_json_doc`]
/// reads and reports it then.
pub fn parse_json_line(text: &str) -> Option<Box<Record>> {
    let trimmed = text.trim_start();
    if !trimmed.starts_with('{') {
        return None;
    }
    let mut record = Box::<Record>::default();
    one_record(trimmed, text.len() - trimmed.len(), &mut record).then_some(record)
}

/// One element of a JSON array of records, read on its own (a streaming
/// reader cuts the array): `index` is its place, for the JSON paths.
/// Spans count from `text`, which starts at `base`.
pub fn parse_json_element(text: &str, base: usize, index: usize) -> Result<Record, Vec<Problem>> {
    let start = text.len() - text.trim_start().len();
    record_at(&text[start..], base + start, Some(index))
}

fn offset_in(whole: &str, part: &str) -> usize {
    part.as_ptr() as usize - whole.as_ptr() as usize
}

/// Whether `text` is exactly one good record (white space may follow
/// it), read into `record` (a `Record::default()`); `false` for anything
/// else (`record` then holds no meaning).
fn one_record(text: &str, base: usize, record: &mut Record) -> bool {
    if let Some(named) = fast::record_into(text, base, record) {
        return validate_read(record, named).is_ok() && record.card_count() <= CARDS_MAX;
    }
    // Escapes, unknown members and the like: serde reads them.
    let mut de = serde_json::Deserializer::from_str(text);
    let Ok(mut read) = Record::deserialize(&mut de) else {
        return false;
    };
    if de.end().is_err() || validate(&read).is_err() || read.card_count() > CARDS_MAX {
        return false;
    }
    locate::locate(&mut read, text, base);
    *record = read;
    true
}

fn record_at(text: &str, base: usize, index: Option<usize>) -> Result<Record, Vec<Problem>> {
    let good = |r: &Record| validate(r).is_ok() && r.card_count() <= CARDS_MAX;
    if let Some(record) = fast::record(text, base).filter(good) {
        return Ok(record);
    }
    // Read plainly first: the JSON path of a fault is tracked only when
    // there is one, by reading again.
    let mut de = serde_json::Deserializer::from_str(text);
    let mut record = match Record::deserialize(&mut de) {
        Ok(record) => record,
        Err(_) => record_with_path(text, base, index)?,
    };
    // Read whole, unlike the text, then refused the same way (issue 23).
    if record.card_count() > CARDS_MAX {
        return Err(vec![too_many_cards(Span::new(base, base + text.len()))]);
    }
    let prefix = || index.map(|i| format!("[{i}]")).unwrap_or_default();
    validate(&record).map_err(|(path, msg, help)| {
        let prefix = prefix();
        let mut p = Problem::new(Kind::BadJson, msg)
            .help(help)
            .path(if prefix.is_empty() {
                path.clone()
            } else {
                format!("{prefix}.{path}")
            });
        let (start, end) = locate::range_of(text, &path).unwrap_or((0, text.len()));
        p.span = Some(Span::new(base + start, base + end));
        p.label = "this value".into();
        vec![p]
    })?;
    locate::locate(&mut record, text, base);
    Ok(record)
}

/// Reads a record tracking the JSON path of what is read, for the
/// diagnostic of a fault.
fn record_with_path(text: &str, base: usize, index: Option<usize>) -> Result<Record, Vec<Problem>> {
    let prefix = index.map(|i| format!("[{i}]")).unwrap_or_default();
    let mut de = serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let local = e.path().to_string();
        let path = match (prefix.is_empty(), local.as_str()) {
            (_, ".") => prefix.clone(),
            (true, p) => p.to_string(),
            (false, p) => format!("{prefix}.{p}"),
        };
        let mut p = json_problem(text, base, e.inner(), path);
        // serde stops after the bad value: point at the value itself.
        if local != "." && e.inner().is_data() {
            if let Some((start, end)) = locate::range_of(text, &local) {
                p.span = Some(Span::new(base + start, base + end));
            }
        }
        vec![p]
    })
}

fn json_problem(text: &str, base: usize, e: &serde_json::Error, path: String) -> Problem {
    let offset = offset_of_line_col(text, e.line(), e.column());
    let mut message = e.to_string();
    // serde_json appends " at line L column C": the diagnostic shows that.
    if let Some(cut) = message.rfind(" at line ") {
        message.truncate(cut);
    }
    let mut p = Problem::new(Kind::BadJson, message).help(
        "see spec/json.md for the JSON form of a record; card codes are canonical (\"HK\", \"T21\", \"EX\")",
    );
    p.span = Some(Span::new(
        base + offset,
        base + (offset + 1).min(text.len().max(offset)),
    ));
    p.label = if path.is_empty() {
        "here".into()
    } else {
        format!("at {path}")
    };
    if !path.is_empty() {
        p.path = Some(path);
    }
    p
}

fn offset_of_line_col(text: &str, line: usize, column: usize) -> usize {
    if line == 0 {
        return 0;
    }
    let line_start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    (line_start + column.saturating_sub(1)).min(text.len())
}

/// What JSON can say that the text cannot: the checks that keep
/// JSON → text → JSON the identity. Returns (path, message, help).
fn validate(r: &Record) -> Result<(), (String, String, String)> {
    validate_read(r, true)
}

/// [`validate`] of a record whose cards may name a suit only if
/// `may_name` (the one-pass reader knows: `fast::record_into`); without,
/// the lists of cards not played to a trick are not searched for one.
fn validate_read(r: &Record, may_name: bool) -> Result<(), (String, String, String)> {
    let first = r.tags.first().map(|t| (&*t.name, &*t.value));
    match first {
        Some(("Variant", v)) if v.parse::<crate::Variant>().is_ok() => {}
        _ => {
            return Err((
                "tags[0]".into(),
                "a record's first tag must be `Variant` naming a known variant".into(),
                "start `tags` with {\"name\": \"Variant\", \"value\": \"danish-tarok\"} (or french-tarot, koenigrufen, skill7-tarock)".into(),
            ))
        }
    }
    for (i, t) in r.tags.iter().enumerate() {
        if t.name.is_empty()
            || !t
                .name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            return Err((
                format!("tags[{i}].name"),
                format!("`{}` is not a tag name", t.name),
                "tag names are letters, digits and `_`".into(),
            ));
        }
        if t.value.contains('\n') {
            return Err((
                format!("tags[{i}].value"),
                "a tag value cannot hold a line break".into(),
                "tags stand on one line each in the text form".into(),
            ));
        }
        // The text form's lines are read up to 1 MiB (spec/notation.md
        // §2.1): a tag stands on one line, so its name and value must fit.
        let long = t.name.len() + t.value.len() > TAG_MAX / 2;
        if long
            && t.name.len()
                + t.value.len()
                + t.value
                    .bytes()
                    .filter(|b| matches!(b, b'"' | b'\\' | 0))
                    .count()
                > TAG_MAX
        {
            return Err((
                format!("tags[{i}]"),
                "a tag longer than 1,000,000 bytes as text".into(),
                "a tag stands on one line in the text form, and lines are read up to 1 MiB".into(),
            ));
        }
        if i > 0 && t.name == "Variant" {
            return Err((
                format!("tags[{i}]"),
                "only the first tag may be `Variant`".into(),
                "a second `Variant` tag would start a new record in the text form".into(),
            ));
        }
    }
    // The lists of cards not played to a trick; a path is written only
    // for a fault.
    let named = |items: &[crate::record::Item]| {
        items
            .iter()
            .position(|i| i.name.is_some() || i.rename.is_some())
    };
    let fault = |path: String, j: usize| {
        Err((
            format!("{path}[{j}]"),
            "a suit can be named only for a card played to a trick".into(),
            "remove \"name\" and \"rename\" here".into(),
        ))
    };
    if !may_name {
        return result::validate(r);
    }
    for (i, h) in r.hands.iter().enumerate() {
        if let Some(j) = named(&h.cards) {
            return fault(format!("hands[{i}].cards"), j);
        }
    }
    if let Some(j) = r.talon.as_ref().and_then(|t| named(&t.cards)) {
        return fault("talon.cards".into(), j);
    }
    result::validate(r)?;
    if let Some(d) = &r.discard {
        if let Some(j) = named(&d.cards) {
            return fault("discard.cards".into(), j);
        }
        if let Some(j) = named(&d.shown) {
            return fault("discard.shown".into(), j);
        }
    }
    Ok(())
}

/// A JSON value that is a record, for callers that hold one already.
pub fn from_value(value: serde_json::Value) -> Result<Record, serde_json::Error> {
    Record::deserialize(value)
}
