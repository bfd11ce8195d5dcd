//! Comments and quoted text: white space and `{...}` comments between
//! tokens (trivia), the escapes of comments and tag values, and which
//! element a comment attaches to.

use nom::bytes::complete::{escaped_transform, is_not};
use nom::character::complete::char;
use nom::combinator::opt;
use nom::sequence::delimited;
use nom::{IResult, Parser};

use crate::record::*;

use super::*;

/// A comment read from the source, and whether a line break came before it.
pub(super) struct Trivia {
    pub(super) text: String,
    pub(super) newline_before: bool,
}

/// Gives comments read after the last of `items` items to it (in `said`),
/// or to the section's lead-in before the first item.
pub(super) fn attach(
    items: usize,
    said: &mut CardComments,
    pending: &mut Vec<Trivia>,
    lead_in: &mut Vec<String>,
) {
    if pending.is_empty() {
        return;
    }
    let texts = pending.drain(..).map(|t| t.text);
    match items.checked_sub(1) {
        Some(last) => said.extend(last, texts),
        None => lead_in.extend(texts),
    }
}

/// A list comments can be added to: a tag's, a section's or an action's
/// (`Vec<String>`), a trick's ([`Comments`]), or a card's ([`CardAt`]).
pub(super) trait CommentSink {
    fn push_comment(&mut self, comment: String);
}

impl CommentSink for Vec<String> {
    fn push_comment(&mut self, comment: String) {
        self.push(comment);
    }
}

impl CommentSink for Comments {
    fn push_comment(&mut self, comment: String) {
        self.push(comment);
    }
}

/// The comments on the card at `.1` of a list, kept in `.0`.
pub(super) struct CardAt<'a>(pub(super) &'a mut CardComments, pub(super) usize);

impl CommentSink for CardAt<'_> {
    fn push_comment(&mut self, comment: String) {
        self.0.push(self.1, comment);
    }
}

fn comment_body(i: &str) -> IResult<&str, String> {
    delimited(
        char('{'),
        map_empty(escaped_transform(is_not("\\{}"), '\\', escape(true))),
        char('}'),
    )
    .parse(i)
}

/// What a backslash stands for (spec/notation.md §4): `\\`, `\"`, `\0` (a
/// NUL character, which a file cannot hold) in a tag value and a comment;
/// in a comment also `\{`, `\}`, `\[`, and a backslash at the end of a
/// line, which stands for nothing: the comment goes on at the start of the
/// next line (the printer breaks long comments so).
pub(super) fn escape<'a>(
    comment: bool,
) -> impl Parser<&'a str, Output = &'static str, Error = nom::error::Error<&'a str>> {
    move |i: &'a str| {
        let (c, rest) = match i.as_bytes() {
            [b'\\', ..] => ("\\", &i[1..]),
            [b'0', ..] => ("\0", &i[1..]),
            [b'"', ..] if !comment => ("\"", &i[1..]),
            [b'{', ..] if comment => ("{", &i[1..]),
            [b'}', ..] if comment => ("}", &i[1..]),
            [b'[', ..] if comment => ("[", &i[1..]),
            [b'\n', ..] if comment => ("", &i[1..]),
            [b'\r', b'\n', ..] if comment => ("", &i[2..]),
            _ => {
                return Err(nom::Err::Error(nom::error::Error::new(
                    i,
                    nom::error::ErrorKind::OneOf,
                )))
            }
        };
        Ok((rest, c))
    }
}

/// `escaped_transform` fails on an empty body; an empty comment is allowed.
fn map_empty<'a, P>(
    p: P,
) -> impl Parser<&'a str, Output = String, Error = nom::error::Error<&'a str>>
where
    P: Parser<&'a str, Output = String, Error = nom::error::Error<&'a str>>,
{
    opt(p).map(|s| s.unwrap_or_default())
}

pub(super) fn quoted(i: &str) -> IResult<&str, String> {
    delimited(
        char('"'),
        map_empty(escaped_transform(is_not("\\\"\n"), '\\', escape(false))),
        char('"'),
    )
    .parse(i)
}

impl<'a> Reader<'a> {
    /// Skips white space and comments; returns the comments.
    pub(super) fn trivia(&mut self) -> PResult<Vec<Trivia>> {
        let mut out = Vec::new();
        let mut newline = false;
        let bytes = self.src.as_bytes();
        loop {
            // White space, byte by byte: this runs between every two tokens.
            let mut i = self.pos;
            while let Some(&b) = bytes.get(i) {
                match b {
                    b'\n' => newline = true,
                    b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => {}
                    _ => break,
                }
                i += 1;
            }
            self.pos = i;
            if bytes.get(i) != Some(&b'{') {
                if bytes.get(i).is_some_and(|b| !b.is_ascii()) {
                    // Unicode white space: the slow path.
                    let rest = self.rest();
                    let trimmed = rest.trim_start();
                    if trimmed.len() < rest.len() {
                        newline |= rest[..rest.len() - trimmed.len()].contains('\n');
                        self.advance_to(trimmed);
                        continue;
                    }
                }
                return Ok(out);
            }
            match comment_body(self.rest()) {
                Ok((rest, text)) => {
                    out.push(Trivia {
                        text,
                        newline_before: newline,
                    });
                    newline = false;
                    self.advance_to(rest);
                }
                Err(_) => {
                    let span = self.span(self.pos, self.pos + 1);
                    return Err(self.syntax(
                        span,
                        "comment is not closed",
                        "this `{` has no matching `}`",
                        "close the comment with `}`; inside a comment write \\{, \\} and \\\\",
                    ));
                }
            }
        }
    }

    /// Gives comments that follow a group's last element to it when they
    /// stand on its line; the rest go to what comes next.
    pub(super) fn split_tail(
        pending: Vec<Trivia>,
        last: Option<&mut dyn CommentSink>,
    ) -> Vec<String> {
        let mut next = Vec::new();
        let mut same_line = last.is_some();
        let mut sink = last;
        for t in pending {
            same_line &= !t.newline_before;
            match (&mut sink, same_line) {
                (Some(s), true) => s.push_comment(t.text),
                _ => next.push(t.text),
            }
        }
        next
    }

    /// Skips white space; a comment here is not allowed.
    pub(super) fn trivia_none(&mut self) -> PResult<()> {
        let trimmed = self.rest().trim_start_matches([' ', '\t']);
        self.advance_to(trimmed);
        Ok(())
    }

    /// White space inside an action (comments end it).
    pub(super) fn trivia_inline(&mut self) -> PResult<()> {
        let bytes = self.src.as_bytes();
        while let Some(&b) = bytes.get(self.pos) {
            match b {
                b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c' => self.pos += 1,
                // Unicode white space: the slow path.
                128.. => {
                    let trimmed = self.rest().trim_start();
                    self.advance_to(trimmed);
                    return Ok(());
                }
                _ => return Ok(()),
            }
        }
        Ok(())
    }
}
