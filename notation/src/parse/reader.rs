//! The `Reader`'s cursor and its tokens: words, numbers, seats, cards,
//! suit names, and the located faults ("expected ..., found ...").

use nom::bytes::complete::take_while1;
use nom::character::complete::{char, one_of};
use nom::combinator::{opt, recognize};
use nom::sequence::preceded;
use nom::{IResult, Parser};

use crate::card::{Card, Suit};
use crate::problem::{Kind, Problem};
use crate::record::*;

use super::*;

/// Bytes that can be part of a word (a card, a keyword, a number):
/// everything but white space and the punctuation of the notation.
const WORD_BYTES: [bool; 256] = {
    let mut table = [true; 256];
    let stops = b" \t\n\r\x0b\x0c,:{}[]\"=";
    let mut i = 0;
    while i < stops.len() {
        table[stops[i] as usize] = false;
        i += 1;
    }
    table
};

pub(super) fn is_word_byte(b: u8) -> bool {
    WORD_BYTES[b as usize]
}

pub(super) fn word(i: &str) -> IResult<&str, &str> {
    let end = i.bytes().position(|b| !is_word_byte(b)).unwrap_or(i.len());
    if end == 0 {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::TakeWhile1,
        )));
    }
    Ok((&i[end..], &i[..end]))
}

pub(super) fn tag_name(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_')(i)
}

pub(super) fn signed(i: &str) -> IResult<&str, &str> {
    recognize((opt(one_of("+-")), take_while1(|c: char| c.is_ascii_digit()))).parse(i)
}

/// The value of a `=X` suffix on a card.
pub(super) fn lead_suffix(i: &str) -> IResult<&str, &str> {
    preceded(char('='), word).parse(i)
}

impl<'a> Reader<'a> {
    pub(super) fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    pub(super) fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.base + start, self.base + end)
    }

    pub(super) fn span_of(&self, s: &str) -> Span {
        let start = s.as_ptr() as usize - self.src.as_ptr() as usize;
        self.span(start, start + s.len())
    }

    pub(super) fn advance_to(&mut self, rest: &'a str) {
        self.pos = self.src.len() - rest.len();
    }

    /// A list of more than `CARDS_MAX` cards, at the card past it: the
    /// record is not read further, so that its cards never hold memory
    /// without bound (issue 23; `past_card_limit` counts the whole record).
    #[cold]
    #[inline(never)]
    pub(super) fn too_many_cards(&mut self, span: Span) -> Fail {
        self.pos = self.src.len();
        self.fail(too_many_cards(span))
    }

    pub(super) fn fail(&mut self, p: Problem) -> Fail {
        if self.problems.len() < FAULTS_MAX {
            self.problems.push(p);
        } else {
            self.dropped += 1;
            if self.first_dropped.is_none() {
                self.first_dropped = p.span;
            }
        }
        Failed
    }

    pub(super) fn syntax(
        &mut self,
        span: Span,
        message: impl Into<String>,
        label: &str,
        help: &str,
    ) -> Fail {
        self.fail(
            Problem::new(Kind::Syntax, message)
                .at(span, label)
                .help(help),
        )
    }

    /// The next token's text, for "found ..." messages, and its span.
    pub(super) fn found(&self) -> (String, Span) {
        let rest = self.rest();
        if rest.is_empty() {
            return (
                "the end of the record".into(),
                self.span(self.pos, self.pos),
            );
        }
        let len = match word(rest) {
            Ok((r, w)) => rest.len() - r.len().min(rest.len() - w.len()),
            Err(_) => rest.chars().next().map_or(0, char::len_utf8),
        };
        (
            format!("`{}`", &rest[..len]),
            self.span(self.pos, self.pos + len),
        )
    }

    /// The word at the cursor, scanned byte by byte (non-ASCII bytes are
    /// word bytes).
    pub(super) fn word_end(&self) -> usize {
        let bytes = self.src.as_bytes();
        let mut i = self.pos;
        while i < bytes.len() && is_word_byte(bytes[i]) {
            i += 1;
        }
        i
    }

    pub(super) fn peek_word(&self) -> Option<&'a str> {
        // Stops are ASCII: a word ends on a character boundary.
        let end = self.word_end();
        (end > self.pos).then(|| &self.src[self.pos..end])
    }

    pub(super) fn take_word(&mut self) -> Option<(&'a str, Span)> {
        let end = self.word_end();
        if end == self.pos {
            return None;
        }
        let w = &self.src[self.pos..end];
        let span = self.span(self.pos, end);
        self.pos = end;
        Some((w, span))
    }

    pub(super) fn at_section_start(&self) -> bool {
        match self.src.as_bytes().get(self.pos) {
            None => true,
            // Section keywords are lower-case words.
            Some(b) if !b.is_ascii_lowercase() => false,
            Some(_) => self.peek_word().and_then(Section::from_word).is_some(),
        }
    }

    pub(super) fn expect_char(&mut self, c: char, what: &str, help: &str) -> PResult<()> {
        if self.rest().starts_with(c) {
            self.pos += 1;
            Ok(())
        } else {
            let (found, span) = self.found();
            Err(self.syntax(
                span,
                format!("expected `{c}` {what}, found {found}"),
                &format!("expected `{c}` here"),
                help,
            ))
        }
    }

    pub(super) fn number<T: std::str::FromStr + TryFrom<i64>>(
        &mut self,
        what: &str,
        help: &str,
    ) -> PResult<(T, Span)> {
        // Fast path: a sign or none and up to nine digits, in range (`-0`
        // and the rest take the general path, which also words the faults).
        let bytes = self.src.as_bytes();
        let mut end = self.pos;
        let negative = match bytes.get(end) {
            Some(b'-') => {
                end += 1;
                true
            }
            Some(b'+') => {
                end += 1;
                false
            }
            _ => false,
        };
        let digits = end;
        let mut n: i64 = 0;
        while let Some(&d @ b'0'..=b'9') = bytes.get(end) {
            n = n * 10 + i64::from(d - b'0');
            end += 1;
            if end - digits > 9 {
                break;
            }
        }
        if (1..=9).contains(&(end - digits))
            && !bytes.get(end).is_some_and(u8::is_ascii_digit)
            && !(negative && n == 0)
        {
            if let Ok(n) = T::try_from(if negative { -n } else { n }) {
                let span = self.span(self.pos, end);
                self.pos = end;
                return Ok((n, span));
            }
        }
        let parsed = signed(self.rest()).ok();
        if let Some((rest, text)) = parsed {
            let span = self.span_of(text);
            if let Ok(n) = text.trim_start_matches('+').parse::<T>() {
                self.advance_to(rest);
                return Ok((n, span));
            }
            return Err(self.syntax(
                span,
                format!("`{text}` is out of range for {what}"),
                "out of range",
                help,
            ));
        }
        let (found, span) = self.found();
        Err(self.syntax(
            span,
            format!("expected {what}, found {found}"),
            &format!("expected {what}"),
            help,
        ))
    }

    pub(super) fn seat(&mut self) -> PResult<(Seat, Span)> {
        if !self
            .src
            .as_bytes()
            .get(self.pos)
            .is_some_and(u8::is_ascii_digit)
        {
            let (found, span) = self.found();
            return Err(self.syntax(
                span,
                format!("expected a seat number, found {found}"),
                "expected a seat number",
                "seats are numbered 0, 1, 2, 3 in the order of play",
            ));
        }
        self.number(
            "a seat number",
            "seats are numbered 0, 1, 2, 3 in the order of play",
        )
    }

    pub(super) fn card_word(&mut self) -> PResult<(Card, Span)> {
        let Some((w, span)) = self.take_word() else {
            let (found, span) = self.found();
            return Err(self.syntax(
                span,
                format!("expected a card, found {found}"),
                "expected a card",
                "cards are written SK, HQ, DN, CJ, S10, T1..T22, EX",
            ));
        };
        match Card::parse_code(w) {
            Some(c) => Ok((c, span)),
            None => Err(self.unknown_card(w, span)),
        }
    }

    fn unknown_card(&mut self, w: &str, span: Span) -> Fail {
        let after = self.rest().trim_start();
        let looks_like_section = w.chars().all(|c| c.is_ascii_alphabetic())
            && (after.starts_with(':') || {
                let digits = after.trim_start_matches(|c: char| c.is_ascii_digit());
                digits.len() < after.len() && digits.trim_start().starts_with(':')
            });
        if looks_like_section {
            return self.fail(
                Problem::new(Kind::Syntax, format!("`{w}` is not a section"))
                    .at(span, "unknown section keyword")
                    .help(crate::words::section_help(w, self.variant)),
            );
        }
        let guess = crate::words::card_suggestion(w, self.variant).unwrap_or_default();
        self.fail(
            Problem::new(Kind::UnknownCard, format!("`{w}` is not a card"))
                .at(span, "not a card")
                .help(
                    guess
                        + "write suit + rank (SK, HQ, DN, CJ, S10, H1), trumps T1..T21, \
                     the Sküs T22 and the fool/excuse EX; aliases: D dame, C caval, \
                     Kn/V/B jack, R roi, Roman numerals I..XXI, pagat, mond, sküs, excuse",
                ),
        )
    }

    pub(super) fn lead_name(&mut self) -> PResult<Lead> {
        let (w, span) = self
            .take_word()
            .unwrap_or(("", self.span(self.pos, self.pos)));
        w.parse().map_err(|_| {
            self.syntax(
                span,
                format!("`{w}` is not a suit to name"),
                "expected S, H, D, C or T",
                "name the fool's suit with a suit letter, or T for trumps: `EX=H`",
            )
        })
    }

    pub(super) fn expect_word(&mut self, what: &str, help: &str) -> PResult<(&'a str, Span)> {
        self.trivia_inline()?;
        match self.take_word() {
            Some(w) => Ok(w),
            None => {
                let (found, span) = self.found();
                Err(self.syntax(
                    span,
                    format!("expected {what}, found {found}"),
                    &format!("expected {what}"),
                    help,
                ))
            }
        }
    }

    pub(super) fn word_of<T>(
        &mut self,
        parse: impl Fn(&str) -> Option<T>,
        what: &str,
        expected: String,
    ) -> PResult<T> {
        let (w, span) = self.expect_word(what, &format!("one of: {expected}"))?;
        parse(w).ok_or_else(|| {
            let guess = crate::words::suggest(w, expected.split(", "))
                .map_or(String::new(), |g| format!("did you mean `{g}`? "));
            self.syntax(
                span,
                format!("`{w}` is not {what}"),
                &format!("expected {what}"),
                &format!("{guess}one of: {expected}"),
            )
        })
    }

    pub(super) fn suit_word(&mut self) -> PResult<Suit> {
        self.word_of(
            |w| match w.as_bytes() {
                [c] => Suit::from_letter(*c),
                _ => None,
            },
            "a suit",
            "S, H, D, C".into(),
        )
    }

    pub(super) fn action_card(&mut self) -> PResult<Card> {
        self.trivia_inline()?;
        self.card_word().map(|(c, _)| c)
    }
}
