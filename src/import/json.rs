//! Reading another program's JSON with every error placed: the text as the
//! program wrote it (trailing commas too), and spans into it.
//!
//! ```text
//! let doc = Doc::read(&text)?;            // trailing commas turned into blanks
//! let log: Log = doc.parse()?;            // a serde error at its line and column
//! let span = doc.span(log.deal_info.dog); // a `&RawValue` field: where it stands
//! ```

use notation::{Kind, Problem, Span};
use serde::Deserialize;
use serde_json::value::RawValue;

/// An importer's finding: boxed, as it is the cold path (one a file at
/// most) and a `Problem` is large.
pub type Fault = Box<Problem>;

/// A [`Fault`] as the list of a file's findings: `doc.parse().all()?`.
pub trait All<T> {
    fn all(self) -> Result<T, Vec<Problem>>;
}

impl<T> All<T> for Result<T, Fault> {
    fn all(self) -> Result<T, Vec<Problem>> {
        self.map_err(|p| vec![*p])
    }
}

/// A JSON document as its program wrote it, made strict JSON byte for byte:
/// `json_strip_comments` turns trailing commas (and comments) into blanks,
/// so every offset into the strict text is the same offset in the file.
pub struct Doc {
    pub strict: String,
}

impl Doc {
    pub fn read(text: &str) -> Result<Doc, Fault> {
        let mut strict = text.to_owned();
        json_strip_comments::strip(&mut strict).map_err(|e| {
            Problem::new(Kind::BadJson, format!("the file is not JSON: {e}"))
                .help("the importers read JSON as the programs write it: trailing commas and comments are accepted")
        })?;
        Ok(Doc { strict })
    }

    /// The document read as `T`; a serde error is placed at its line and column.
    pub fn parse<'a, T: Deserialize<'a>>(&'a self) -> Result<T, Fault> {
        Ok(serde_json::from_str(&self.strict).map_err(|e| self.error(&e))?)
    }

    /// A value read from one of the document's raw values.
    pub fn parse_raw<'a, T: Deserialize<'a>>(&'a self, raw: &'a RawValue) -> Result<T, Fault> {
        Ok(serde_json::from_str(raw.get()).map_err(|e| {
            let at = self.span(raw);
            Problem::new(Kind::BadJson, e.to_string())
                .at(at, "this value")
                .help(HELP_SHAPE)
        })?)
    }

    /// A JSON string value.
    pub fn string<'a>(&'a self, raw: &'a RawValue, what: &str) -> Result<String, Fault> {
        Ok(serde_json::from_str::<String>(raw.get()).map_err(|_| {
            Problem::new(Kind::BadJson, format!("{what} must be a string"))
                .at(self.span(raw), "not a string")
                .help(HELP_SHAPE)
        })?)
    }

    /// Where a raw value borrowed from this document stands in it.
    pub fn span(&self, raw: &RawValue) -> Span {
        let start = raw.get().as_ptr() as usize - self.strict.as_ptr() as usize;
        Span::new(start, start + raw.get().len())
    }

    /// The span of `len` bytes at byte `at` of a string value's content
    /// (after its opening quote; exact when the string has no escapes).
    pub fn inside(&self, raw: &RawValue, at: usize, len: usize) -> Span {
        let start = self.span(raw).start as usize + 1 + at;
        Span::new(start, start + len)
    }

    /// The problems with the JSON path of their place filled in, read on
    /// the strict text (the file's own, with a trailing comma, is not JSON
    /// to the path finder).
    pub fn paths(&self, mut problems: Vec<Problem>) -> Vec<Problem> {
        for p in &mut problems {
            if let (None, Some(span)) = (&p.path, p.span) {
                p.path = notation::json::path_at(&self.strict, span.start as usize);
            }
        }
        problems
    }

    fn error(&self, e: &serde_json::Error) -> Problem {
        let offset = offset_of(&self.strict, e.line(), e.column());
        let message = e.to_string();
        // serde's message ends with " at line L column C": the span says it.
        let message = message
            .rsplit_once(" at line ")
            .map_or(message.as_str(), |(m, _)| m);
        Problem::new(Kind::BadJson, message.to_owned())
            .at(Span::new(offset, offset + 1), "here")
            .help(HELP_SHAPE)
    }
}

const HELP_SHAPE: &str =
    "spec/import.md describes the files each importer reads (`tarok convert --help`)";

/// The byte offset of a 1-based line and column (serde_json counts columns
/// in bytes).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (start + column.saturating_sub(1)).min(text.len())
}

/// Text for a `{...}` comment: the notation's escapes (spec/notation.md §10).
pub fn comment(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('{');
    for c in text.chars() {
        match c {
            '{' | '}' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('}');
    out
}

/// Text for a tag value: `"` and `\` escaped, no line break.
pub fn tag_value(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailing_commas_keep_every_offset() {
        let text = "{\n  \"a\": [1, 2,],\n  \"b\": \"x\",\n}";
        let doc = Doc::read(text).unwrap();
        assert_eq!(doc.strict.len(), text.len());
        #[derive(Deserialize)]
        struct T<'a> {
            #[serde(borrow)]
            b: &'a RawValue,
        }
        let t: T = doc.parse().unwrap();
        let span = doc.span(t.b);
        assert_eq!(&text[span.start as usize..span.end as usize], "\"x\"");
    }

    #[test]
    fn a_serde_error_is_placed() {
        let text = "{\n  \"a\": 1 \"b\": 2\n}";
        let doc = Doc::read(text).unwrap();
        let e = doc.parse::<serde_json::Value>().unwrap_err();
        let span = e.span.unwrap();
        assert_eq!(span.line_col(text), (2, 10));
        assert!(
            e.message.starts_with("expected `,` or `}`"),
            "{}",
            e.message
        );
    }

    #[test]
    fn comments_escape() {
        assert_eq!(comment("a {b} \\ c"), "{a \\{b\\} \\\\ c}");
    }
}
