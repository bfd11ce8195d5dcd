//! The nom parser: text to [`Record`]s with spans, and diagnostics with the
//! offending text underlined.
//!
//! A file is cut into records first ([`split_records`]): a record starts at
//! each line that begins with `[Variant ` outside a comment. Each record is
//! then parsed on its own, so one broken deal never hides the rest; inside a
//! record the parser recovers at the next section keyword and reports every
//! fault it finds.
//!
//! ```
//! let text = "[Variant \"skill7-tarock\"]\n[Dealer \"3\"]\n\ntrick 1: SK SQ SN SJ {all spades}\n";
//! let records = tarok_notation::parse_str(text);
//! let record = records[0].as_ref().unwrap();
//! assert_eq!(record.tricks[0].plays[3].comments, [String::from("all spades")]);
//! ```

use nom::bytes::complete::{escaped_transform, is_not, take_while1};
use nom::character::complete::{char, one_of};
use nom::combinator::{opt, recognize};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};

use crate::card::{Card, Suit};
use crate::problem::{Kind, Problem};
use crate::record::*;

/// Parses every record of a text. Spans are byte offsets into `text`.
pub fn parse_str(text: &str) -> Vec<Result<Record, Vec<Problem>>> {
    split_records(text)
        .map(|(offset, chunk)| parse_record(chunk, offset))
        .collect()
}

/// Cuts a text into records: `(offset, text)` pairs. Leading comments before
/// the first record belong to it; a text of only white space has no records.
pub fn split_records(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text_start = text.len() - text.trim_start_matches('\u{feff}').len();
    let mut bounds = vec![text_start];
    let mut splitter = Splitter::default();
    let mut pos = text_start;
    for line in text[text_start..].split_inclusive('\n') {
        if let Some(cut) = splitter.cut(text, pos, pos + line.len()) {
            bounds.push(cut);
        }
        pos += line.len();
    }
    bounds.push(text.len());
    let pairs: Vec<(usize, usize)> = bounds.windows(2).map(|w| (w[0], w[1])).collect();
    pairs
        .into_iter()
        .filter(move |&(a, b)| !text[a..b].trim().is_empty())
        .map(move |(a, b)| (a, &text[a..b]))
}

/// Where the comments that lead into the record starting at `line_start`
/// begin: comments on lines of their own directly above the `[Variant`
/// line, after a blank line. Comments with no blank line between them and
/// the previous record's last line trail that record instead.
pub fn leading_comments_start(text: &str, line_start: usize) -> usize {
    let bytes = text.as_bytes();
    let mut start = line_start;
    loop {
        // Walk back over white space, counting line breaks.
        let mut i = start;
        let mut newlines = 0;
        while i > 0 && bytes[i - 1].is_ascii_whitespace() {
            newlines += (bytes[i - 1] == b'\n') as usize;
            i -= 1;
        }
        if i == 0 {
            return 0;
        }
        if newlines >= 2 {
            return start;
        }
        if bytes[i - 1] != b'}' || newlines == 0 && start != line_start {
            return line_start;
        }
        // Find the unescaped `{` that opens this comment.
        let mut j = i - 1;
        loop {
            if j == 0 {
                return line_start;
            }
            j -= 1;
            if bytes[j] == b'{' && (j == 0 || bytes[j - 1] != b'\\') {
                break;
            }
        }
        // The comment must stand at the start of its line.
        let line_begin = text[..j].rfind('\n').map_or(0, |n| n + 1);
        if !text[line_begin..j].trim().is_empty() {
            return line_start;
        }
        start = line_begin;
    }
}

/// Says whether a line starts a record: `[Variant` and a blank. It does so
/// even inside a comment: an unclosed `{` then swallows the rest of its own
/// record only (the parser reports it at the brace), not every record after
/// it. The streaming reader cuts on the same test.
pub fn starts_record(line: &[u8]) -> bool {
    line.strip_prefix(b"[Variant")
        .is_some_and(|rest| rest.first().is_some_and(|&b| b == b' ' || b == b'\t'))
}

/// Line-by-line record boundary detection, shared by [`split_records`] and
/// streaming readers: tracks whether a record has started yet, and where
/// the last one started.
#[derive(Debug, Default, Clone)]
pub struct Splitter {
    seen_record: bool,
    /// The end of the last record-starting line: no cut may go back past it.
    floor: usize,
}

impl Splitter {
    /// Feeds the line of `text` that starts at `line_start` (text holds at
    /// least that whole line). Returns where the record before it ends when
    /// a new record starts here: the start of the comments that lead into
    /// the new record (see [`leading_comments_start`]). Text before the
    /// first record belongs to the first record.
    pub fn cut(&mut self, text: &str, line_start: usize, line_end: usize) -> Option<usize> {
        if !starts_record(&text.as_bytes()[line_start..line_end]) {
            return None;
        }
        let floor = std::mem::replace(&mut self.floor, line_end);
        if !std::mem::replace(&mut self.seen_record, true) {
            return None;
        }
        let cut = leading_comments_start(text, line_start).max(floor.min(line_start));
        (!text[..cut].trim().is_empty()).then_some(cut)
    }

    /// The text before `n` was handed on and dropped by a streaming reader:
    /// positions now count from there.
    pub fn shift(&mut self, n: usize) {
        self.floor = self.floor.saturating_sub(n);
    }
}

/// Gives comments read after the last item to it (or to the section's
/// lead-in before the first item).
fn attach(items: &mut [Item], pending: &mut Vec<Trivia>, lead_in: &mut Vec<String>) {
    if pending.is_empty() {
        return;
    }
    let texts = pending.drain(..).map(|t| t.text);
    match items.last_mut() {
        Some(last) => last.comments.extend(texts),
        None => lead_in.extend(texts),
    }
}

/// A list comments can be added to: a tag's, a section's or an action's
/// (`Vec<String>`), or a card's ([`Comments`]).
trait CommentSink {
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

/// A list of items being read: a trick's plays or a list of cards.
trait ItemList: Default + Extend<Item> + std::ops::DerefMut<Target = [Item]> {
    fn push_item(&mut self, item: Item);
}

impl ItemList for Vec<Item> {
    #[inline(always)]
    fn push_item(&mut self, item: Item) {
        self.push(item);
    }
}

impl ItemList for Plays {
    #[inline(always)]
    fn push_item(&mut self, item: Item) {
        self.push(item);
    }
}

/// The section keywords, in the order sections must appear.
const SECTIONS: [&str; 8] = [
    "hand", "talon", "auction", "calls", "discard", "declare", "trick", "claim",
];

// A section's rank: its position in SECTIONS, the order sections come in.
const HAND: usize = 0;
const TALON: usize = 1;
const AUCTION: usize = 2;
const CALLS: usize = 3;
const DISCARD: usize = 4;
const DECLARE: usize = 5;
const TRICK: usize = 6;
const CLAIM: usize = 7;

fn section_rank(word: &str) -> Option<usize> {
    // `dog` is the talon.
    Some(match word {
        "hand" => HAND,
        "talon" | "dog" => TALON,
        "auction" => AUCTION,
        "calls" => CALLS,
        "discard" => DISCARD,
        "declare" => DECLARE,
        "trick" => TRICK,
        "claim" => CLAIM,
        _ => return None,
    })
}

/// The canonical card code (`SK`, `H10`, `T21`, `EX`) at `i` when the word
/// ends right after it: the card and the end of the code. What
/// [`Card::parse_canonical`] accepts of a whole word, on bytes in place.
#[inline(always)]
fn canonical_at(b: &[u8], i: usize) -> Option<(Card, usize)> {
    let (index, end) = Card::code_at(b, i)?;
    if b.get(end).is_some_and(|&x| is_word_byte(x)) {
        return None;
    }
    Some((Card::from_index(index)?, end))
}

/// A comment read from the source, and whether a line break came before it.
struct Trivia {
    text: String,
    newline_before: bool,
}

struct Reader<'a> {
    src: &'a str,
    pos: usize,
    base: usize,
    problems: Vec<Problem>,
    /// The record's variant once its tags are read: the help of an unknown
    /// word lists the words of this variant (`words`).
    variant: Option<crate::Variant>,
    /// Whether the fast paths may be taken (tests compare with them off).
    fast: bool,
}

/// A fault was recorded in `Reader::problems`; the caller recovers.
#[derive(Debug)]
struct Failed;
type Fail = Failed;
type PResult<T> = Result<T, Fail>;

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

fn is_word_byte(b: u8) -> bool {
    WORD_BYTES[b as usize]
}

fn word(i: &str) -> IResult<&str, &str> {
    let end = i.bytes().position(|b| !is_word_byte(b)).unwrap_or(i.len());
    if end == 0 {
        return Err(nom::Err::Error(nom::error::Error::new(
            i,
            nom::error::ErrorKind::TakeWhile1,
        )));
    }
    Ok((&i[end..], &i[..end]))
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
fn escape<'a>(
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

fn quoted(i: &str) -> IResult<&str, String> {
    delimited(
        char('"'),
        map_empty(escaped_transform(is_not("\\\"\n"), '\\', escape(false))),
        char('"'),
    )
    .parse(i)
}

fn tag_name(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_')(i)
}

fn signed(i: &str) -> IResult<&str, &str> {
    recognize((opt(one_of("+-")), take_while1(|c: char| c.is_ascii_digit()))).parse(i)
}

/// The value of a `=X` suffix on a card.
fn lead_suffix(i: &str) -> IResult<&str, &str> {
    preceded(char('='), word).parse(i)
}

impl<'a> Reader<'a> {
    fn rest(&self) -> &'a str {
        &self.src[self.pos..]
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.base + start, self.base + end)
    }

    fn span_of(&self, s: &str) -> Span {
        let start = s.as_ptr() as usize - self.src.as_ptr() as usize;
        self.span(start, start + s.len())
    }

    fn advance_to(&mut self, rest: &'a str) {
        self.pos = self.src.len() - rest.len();
    }

    /// A list of more than `CARDS_MAX` cards, at the card past it: the
    /// record is not read further, so that its cards never hold memory
    /// without bound (issue 23; `past_card_limit` counts the whole record).
    #[cold]
    #[inline(never)]
    fn too_many_cards(&mut self, span: Span) -> Fail {
        self.pos = self.src.len();
        self.fail(too_many_cards(span))
    }

    fn fail(&mut self, p: Problem) -> Fail {
        self.problems.push(p);
        Failed
    }

    fn syntax(&mut self, span: Span, message: impl Into<String>, label: &str, help: &str) -> Fail {
        self.fail(
            Problem::new(Kind::Syntax, message)
                .at(span, label)
                .help(help),
        )
    }

    /// The next token's text, for "found ..." messages, and its span.
    fn found(&self) -> (String, Span) {
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

    /// Skips white space and comments; returns the comments.
    fn trivia(&mut self) -> PResult<Vec<Trivia>> {
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

    /// The word at the cursor, scanned byte by byte (non-ASCII bytes are
    /// word bytes).
    fn word_end(&self) -> usize {
        let bytes = self.src.as_bytes();
        let mut i = self.pos;
        while i < bytes.len() && is_word_byte(bytes[i]) {
            i += 1;
        }
        i
    }

    fn peek_word(&self) -> Option<&'a str> {
        // Stops are ASCII: a word ends on a character boundary.
        let end = self.word_end();
        (end > self.pos).then(|| &self.src[self.pos..end])
    }

    fn take_word(&mut self) -> Option<(&'a str, Span)> {
        let end = self.word_end();
        if end == self.pos {
            return None;
        }
        let w = &self.src[self.pos..end];
        let span = self.span(self.pos, end);
        self.pos = end;
        Some((w, span))
    }

    fn at_section_start(&self) -> bool {
        match self.src.as_bytes().get(self.pos) {
            None => true,
            // Section keywords are lower-case words.
            Some(b) if !b.is_ascii_lowercase() => false,
            Some(_) => self.peek_word().and_then(section_rank).is_some(),
        }
    }

    fn expect_char(&mut self, c: char, what: &str, help: &str) -> PResult<()> {
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

    fn number<T: std::str::FromStr + TryFrom<i64>>(
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

    fn seat(&mut self) -> PResult<(Seat, Span)> {
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

    fn card_word(&mut self) -> PResult<(Card, Span)> {
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

    fn lead_name(&mut self) -> PResult<Lead> {
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

    /// A card in a list or trick: `[rename X] CARD[=X] {comments}`.
    fn item(&mut self, allow_lead: bool) -> PResult<Item> {
        let start = self.pos;
        let mut rename = None;
        if allow_lead && self.peek_word() == Some("rename") {
            self.take_word();
            self.trivia_inline()?;
            rename = Some(self.lead_name()?);
            self.trivia_inline()?;
        }
        let (card, mut span) = self.card_word()?;
        let mut name = None;
        if let Ok((rest, suffix)) = lead_suffix(self.rest()) {
            let suffix_span = self.span_of(suffix);
            if !allow_lead {
                return Err(self.syntax(
                    suffix_span,
                    "a suit can be named only for a card played to a trick",
                    "not allowed here",
                    "remove the `=` suffix",
                ));
            }
            name = Some(suffix.parse().map_err(|_| {
                self.syntax(
                    suffix_span,
                    format!("`{suffix}` is not a suit to name"),
                    "expected S, H, D, C or T",
                    "name the fool's suit with a suit letter, or T for trumps: `EX=H`",
                )
            })?);
            self.advance_to(rest);
            span = span.to(suffix_span);
        }
        if rename.is_some() {
            span = self.span(start, self.pos);
        }
        Ok(Item {
            card,
            name,
            rename,
            comments: Comments::default(),
            span,
        })
    }

    /// Items until a section keyword, `stop` or the end.
    fn items<L: ItemList>(
        &mut self,
        allow_lead: bool,
        stop: Option<&str>,
        lead_in: &mut Vec<String>,
    ) -> PResult<(L, Vec<Trivia>)> {
        let mut items = L::default();
        // Comments before the first card lead into the section; if no card
        // follows they are the section's tail (see `split_tail`).
        let mut pending = self.trivia()?;
        let bytes = self.src.as_bytes();
        loop {
            // The common case first: a canonical card code, upper case, with
            // no suffix. Keywords are lower case; anything else takes the
            // general path below.
            let first = bytes.get(self.pos).copied();
            if first.is_some_and(|b| b.is_ascii_uppercase()) {
                let end = self.word_end();
                if bytes.get(end) != Some(&b'=') {
                    let text = &self.src[self.pos..end];
                    if let Some(card) = Card::parse_code(text) {
                        let span = self.span(self.pos, end);
                        self.pos = end;
                        attach(&mut items, &mut pending, lead_in);
                        items.push_item(Item {
                            card,
                            name: None,
                            rename: None,
                            comments: Comments::default(),
                            span,
                        });
                        if items.len() > CARDS_MAX {
                            return Err(self.too_many_cards(span));
                        }
                        // Blanks between cards inline; comments the slow way.
                        let mut i = self.pos;
                        while matches!(
                            bytes.get(i),
                            Some(b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c')
                        ) {
                            i += 1;
                        }
                        if bytes.get(i).is_some_and(|&b| b == b'{' || !b.is_ascii()) {
                            pending = self.trivia()?;
                        } else {
                            self.pos = i;
                        }
                        continue;
                    }
                }
            }
            if self.at_section_start() || (stop.is_some() && self.peek_word() == stop) {
                return Ok((items, pending));
            }
            if !self
                .rest()
                .starts_with(|c: char| !c.is_ascii() || is_word_byte(c as u8))
            {
                let (found, span) = self.found();
                return Err(self.syntax(
                    span,
                    format!("expected a card, found {found}"),
                    "expected a card",
                    "cards are separated by spaces; a new section starts with its keyword",
                ));
            }
            let item = self.item(allow_lead)?;
            let span = item.span;
            attach(&mut items, &mut pending, lead_in);
            items.push_item(item);
            if items.len() > CARDS_MAX {
                return Err(self.too_many_cards(span));
            }
            pending = self.trivia()?;
        }
    }

    /// Gives comments that follow a group's last element to it when they
    /// stand on its line; the rest go to what comes next.
    fn split_tail(pending: Vec<Trivia>, last: Option<&mut dyn CommentSink>) -> Vec<String> {
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

    fn section_colon(&mut self, keyword: &str) -> PResult<()> {
        self.trivia_none()?;
        if self.rest().starts_with(':') {
            self.pos += 1;
            return Ok(());
        }
        self.expect_char(
            ':',
            &format!("after `{keyword}`"),
            &match keyword {
                "hand" | "discard" => format!("write `{keyword} <seat>:` followed by its cards"),
                _ => format!("write `{keyword}:` followed by its contents"),
            },
        )
    }

    /// Skips white space; a comment here is not allowed.
    fn trivia_none(&mut self) -> PResult<()> {
        let trimmed = self.rest().trim_start_matches([' ', '\t']);
        self.advance_to(trimmed);
        Ok(())
    }

    fn actions(&mut self, lead_in: &mut Vec<String>) -> PResult<(Vec<Action>, Vec<Trivia>)> {
        let mut actions: Vec<Action> = Vec::new();
        let mut pending = self.trivia()?;
        if self.at_section_start() {
            return Ok((actions, pending));
        }
        lead_in.extend(pending.drain(..).map(|t| t.text));
        loop {
            let action = self.action()?;
            actions.push(action);
            pending = self.trivia()?;
            if self.rest().starts_with(',') {
                self.pos += 1;
                let more = self.trivia()?;
                let last = actions.last_mut().unwrap();
                last.comments
                    .extend(pending.drain(..).chain(more).map(|t| t.text));
                continue;
            }
            if self.at_section_start() {
                return Ok((actions, pending));
            }
            let (found, span) = self.found();
            return Err(self.syntax(
                span,
                format!("expected `,` or a new section, found {found}"),
                "expected `,` here",
                "separate actions with commas: `1 pass, 2 three`",
            ));
        }
    }

    fn expect_word(&mut self, what: &str, help: &str) -> PResult<(&'a str, Span)> {
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

    /// White space inside an action (comments end it).
    fn trivia_inline(&mut self) -> PResult<()> {
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

    fn word_of<T>(
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

    fn suit_word(&mut self) -> PResult<Suit> {
        self.word_of(
            |w| match w.as_bytes() {
                [c] => Suit::from_letter(*c),
                _ => None,
            },
            "a suit",
            "S, H, D, C".into(),
        )
    }

    fn action_card(&mut self) -> PResult<Card> {
        self.trivia_inline()?;
        self.card_word().map(|(c, _)| c)
    }

    fn card_run(&mut self) -> PResult<Vec<Card>> {
        let mut cards = Vec::new();
        loop {
            // The common form (a handful's cards): one space and a canonical
            // code, read as below reads it.
            if self.fast && self.src.as_bytes().get(self.pos) == Some(&b' ') {
                if let Some((card, end)) = canonical_at(self.src.as_bytes(), self.pos + 1) {
                    cards.push(card);
                    self.pos = end;
                    continue;
                }
            }
            // Blanks are only skipped if a card follows: a line break before
            // a comment decides where the comment belongs.
            let before = self.pos;
            self.trivia_inline()?;
            let rest = self.rest();
            if rest.is_empty()
                || rest.starts_with([',', '{'])
                || self.at_section_start()
                || self.peek_word() == Some("after")
            {
                self.pos = before;
                return Ok(cards);
            }
            cards.push(self.card_word()?.0);
        }
    }

    fn skat_tail(&mut self) -> PResult<Vec<Card>> {
        let before = self.pos;
        self.trivia_inline()?;
        if self.peek_word() == Some("skat") {
            self.take_word();
            let cards = self.card_run()?;
            return Ok(cards);
        }
        self.pos = before;
        Ok(Vec::new())
    }

    fn action(&mut self) -> PResult<Action> {
        let start = self.pos;
        let (seat, _) = self.seat()?;
        let (verb, verb_span) = self.expect_word(
            "an action",
            "an action is a seat number and what it said: `2 pass`, `0 call HK`",
        )?;
        #[rustfmt::skip] // compact arms, as written
        let act = match verb {
            "pass" | "good" => Act::Pass,
            "continue" => Act::Continue,
            "grind" => Act::Grind,
            "slam" => Act::Slam,
            "misdeal" => Act::Misdeal,
            "tout" => Act::Tout,
            "call" => {
                let card = self.action_card()?;
                let before = self.pos;
                self.trivia_inline()?;
                let fourth = self.peek_word() == Some("fourth");
                if fourth {
                    self.take_word();
                } else {
                    self.pos = before;
                }
                Act::Call { card, fourth }
            }
            "talon" => {
                self.trivia_inline()?;
                let (half, _) = self.number("a talon half (0 or 1)", "`talon 0` takes the first three cards, `talon 1` the last three")?;
                Act::Talon { half }
            }
            "announce" => Act::Announce {
                bonus: self.word_of(Bonus::from_word, "a bonus", Bonus::expected())?,
            },
            "contra" | "kontra" | "recontra" | "rekontra" | "subcontra" | "subkontra" => {
                let target = self.word_of(|w| w.parse().ok(), "a contra target", format!("game, {}", Bonus::expected()))?;
                match verb {
                    "contra" | "kontra" => Act::Contra { target },
                    "recontra" | "rekontra" => Act::Recontra { target },
                    _ => Act::Subcontra { target },
                }
            }
            "handful" => {
                let size = self.word_of(HandfulSize::from_word, "a handful size", HandfulSize::expected())?;
                Act::Handful { size, cards: self.card_run()? }
            }
            "trumps" => {
                self.trivia_inline()?;
                let (count, _) = self.number("the number of trumps", "`trumps 11 pagat` or `trumps 10 no-pagat`")?;
                let pagat = self.word_of(
                    |w| match w {
                        "pagat" => Some(true),
                        "no-pagat" => Some(false),
                        _ => None,
                    },
                    "`pagat` or `no-pagat`",
                    "pagat, no-pagat".into(),
                )?;
                Act::Trumps { count, pagat, skat: self.skat_tail()? }
            }
            "matadors" => {
                self.trivia_inline()?;
                let (count, _) = self.number("the number of matadors", "`matadors 4`")?;
                Act::Matadors { count, skat: self.skat_tail()? }
            }
            "half" => {
                let suit = self.suit_word()?;
                let missing = self.action_card()?;
                Act::Half { suit, missing, skat: self.skat_tail()? }
            }
            "full" => Act::Full { suit: self.suit_word()?, skat: self.skat_tail()? },
            "abundant" => Act::Abundant { suit: self.suit_word()?, skat: self.skat_tail()? },
            "half-kings" => {
                let missing = self.action_card()?;
                Act::HalfKings { missing, skat: self.skat_tail()? }
            }
            "full-kings" => Act::FullKings { skat: self.skat_tail()? },
            "abundant-kings" => Act::AbundantKings { skat: self.skat_tail()? },
            other => match Game::from_word(other) {
                Some(game) => Act::Bid { game },
                None => {
                    return Err(self.fail(
                        Problem::new(Kind::Syntax, format!("`{other}` is not an action"))
                            .at(verb_span, "unknown action")
                            .help(crate::words::action_help(other, self.variant)),
                    ))
                }
            },
        };
        let before = self.pos;
        self.trivia_inline()?;
        let after = if self.peek_word() == Some("after") {
            self.take_word();
            self.trivia_inline()?;
            Some(
                self.number(
                    "a trick number",
                    "`after 3`: the action was made after trick 3 was complete",
                )?
                .0,
            )
        } else {
            self.pos = before;
            None
        };
        Ok(Action {
            seat,
            act,
            after,
            comments: Vec::new(),
            span: self.span(start, self.pos),
        })
    }

    fn claim_entries(
        &mut self,
        lead_in: &mut Vec<String>,
    ) -> PResult<(Vec<ClaimEntry>, Vec<Trivia>)> {
        let mut entries = Vec::new();
        let mut pending = self.trivia()?;
        if self.at_section_start() {
            return Ok((entries, pending));
        }
        lead_in.extend(pending.drain(..).map(|t| t.text));
        loop {
            let start = self.pos;
            let party = if self.rest().starts_with(|c: char| c.is_ascii_digit()) {
                Party::Seat(self.seat()?.0)
            } else {
                Party::Pot(self.word_of(Pot::from_word, "a seat or pot", Pot::expected())?)
            };
            self.trivia_inline()?;
            let (amount, _) =
                self.number("an amount", "write a signed whole number: `0 +40, 1 -20`")?;
            entries.push(ClaimEntry {
                party,
                amount,
                span: self.span(start, self.pos),
            });
            pending = self.trivia()?;
            if self.rest().starts_with(',') {
                self.pos += 1;
                pending.extend(self.trivia()?);
                if !pending.is_empty() {
                    let span = self.span(self.pos, self.pos);
                    return Err(self.syntax(
                        span,
                        "a comment cannot stand inside a claim",
                        "move it",
                        "put comments before `claim:`",
                    ));
                }
                continue;
            }
            if self.at_section_start() {
                return Ok((entries, pending));
            }
            let (found, span) = self.found();
            return Err(self.syntax(
                span,
                format!("expected `,` or a new section, found {found}"),
                "expected `,` here",
                "separate claimed amounts with commas: `0 +40, 1 -20`",
            ));
        }
    }

    /// Skips to the start of the next line that begins with a section
    /// keyword (error recovery).
    fn recover(&mut self) {
        while let Some(nl) = self.rest().find('\n') {
            self.pos += nl + 1;
            let line = self.rest().trim_start_matches([' ', '\t']);
            if word(line).ok().and_then(|(_, w)| section_rank(w)).is_some() {
                self.advance_to(line);
                return;
            }
        }
        self.pos = self.src.len();
    }
}

/// Parses one record (as cut by [`split_records`]); `base` is its offset in
/// the file, so that spans point into the file.
pub fn parse_record(text: &str, base: usize) -> Result<Record, Vec<Problem>> {
    parse_record_with(text, base, true)
}

/// [`parse_record`] without its fast paths: the general parser alone. For
/// tests that show the fast paths change nothing.
#[doc(hidden)]
pub fn parse_record_general(text: &str, base: usize) -> Result<Record, Vec<Problem>> {
    parse_record_with(text, base, false)
}

fn parse_record_with(text: &str, base: usize, fast: bool) -> Result<Record, Vec<Problem>> {
    let mut p = Reader {
        src: text,
        pos: 0,
        base,
        problems: Vec::new(),
        variant: None,
        fast,
    };
    let record = parse_inner(&mut p);
    match record {
        Ok(record) if p.problems.is_empty() && text.len() > 2 * CARDS_MAX => {
            past_card_limit(&record).map_or(Ok(record), |p| Err(vec![p]))
        }
        Ok(record) if p.problems.is_empty() => Ok(record),
        _ => Err(p.problems),
    }
}

fn parse_inner(p: &mut Reader<'_>) -> PResult<Record> {
    let mut record = Record {
        span: p.span(0, p.src.len()),
        ..Record::default()
    };
    let leading = p.trivia()?;
    record.comments = leading.into_iter().map(|t| t.text).collect();

    // Tags.
    let mut pending: Vec<Trivia> = Vec::new();
    while p.rest().starts_with('[') {
        let start = p.pos;
        let parsed = match p.fast.then(|| fast_tag(p.rest())).flatten() {
            Some(tag) => Ok(tag),
            None => delimited(
                char('['),
                (
                    preceded(nom::character::complete::space0, tag_name),
                    preceded(nom::character::complete::space1, quoted),
                ),
                preceded(nom::character::complete::space0, char(']')),
            )
            .parse(p.rest())
            .map(|(rest, (name, value))| (rest, (name, TagText::Owned(value)))),
        };
        match parsed {
            Ok((rest, (name, value))) => {
                let name_span = p.span_of(name);
                let name = tag_text(name);
                p.advance_to(rest);
                if let Some(last) = record.tags.last_mut() {
                    last.comments.extend(pending.drain(..).map(|t| t.text));
                }
                record.tags.push(Tag {
                    name,
                    value,
                    comments: Vec::new(),
                    span: p.span(start, p.pos),
                });
                if record.tags.len() > 1
                    && record.tags[0].name == "Variant"
                    && record.tags.last().unwrap().name == "Variant"
                {
                    p.fail(
                        Problem::new(Kind::BadTag, "a second `Variant` tag inside a record")
                            .at(name_span, "second `Variant`")
                            .help("a record has one `Variant` tag, first; a new record starts on a line that begins with [Variant \"...\"]"),
                    );
                }
                if record.tags.len() == 1 && record.tags[0].name != "Variant" {
                    p.fail(
                        Problem::new(Kind::BadTag, "a record must begin with its `Variant` tag")
                            .at(name_span, "expected `Variant` here")
                            .help("start every record with [Variant \"danish-tarok\"] (or french-tarot, koenigrufen, skill7-tarock)"),
                    );
                }
            }
            Err(_) => {
                let end = p.rest().find('\n').map_or(p.src.len(), |n| p.pos + n);
                let span = p.span(start, end);
                p.syntax(
                    span,
                    "malformed tag",
                    "expected [Name \"value\"]",
                    "a tag is a name and a quoted value in brackets: [Event \"Club night\"]; write \\\" for a quote",
                );
                p.pos = end;
            }
        }
        pending = p.trivia()?;
    }
    if record.tags.is_empty() {
        let (found, span) = p.found();
        return Err(p.fail(
            Problem::new(Kind::BadTag, format!("expected the record's tags, found {found}"))
                .at(span, "expected `[Variant \"...\"]`")
                .help("every record begins with [Variant \"danish-tarok\"] (or french-tarot, koenigrufen, skill7-tarock)"),
        ));
    }
    let variant_tag = &record.tags[0];
    if variant_tag.name == "Variant" && record.variant().is_none() {
        let span = variant_tag.span;
        let value = variant_tag.value.clone();
        p.fail(
            Problem::new(Kind::BadTag, format!("`{value}` is not a known variant"))
                .at(span, "unknown variant")
                .help("the variants are danish-tarok, french-tarot, koenigrufen, skill7-tarock"),
        );
    }
    p.variant = record.variant();
    let mut lead_in = Reader::split_tail(
        pending,
        record
            .tags
            .last_mut()
            .map(|t| &mut t.comments as &mut dyn CommentSink),
    );

    // Sections.
    let mut last_rank = 0;
    while !p.rest().is_empty() {
        if !p.fast {
        } else if let Some(rank) = fast_line(p, &mut record, last_rank, &mut lead_in)
            .or_else(|| fast_actions(p, &mut record, last_rank, &mut lead_in))
            .or_else(|| fast_fool_trick(p, &mut record, last_rank, &mut lead_in))
        {
            last_rank = rank;
            continue;
        }
        let start = p.pos;
        let Some((keyword, kw_span)) = p.take_word() else {
            let (found, span) = p.found();
            p.syntax(
                span,
                format!("expected a section, found {found}"),
                "expected a section keyword",
                &format!("sections are: {}", SECTIONS.join(", ")),
            );
            p.recover();
            lead_in.clear();
            continue;
        };
        let Some(rank) = section_rank(keyword) else {
            p.fail(
                Problem::new(Kind::Syntax, format!("`{keyword}` is not a section"))
                    .at(kw_span, "unknown section keyword")
                    .help(crate::words::section_help(keyword, p.variant)),
            );
            p.recover();
            lead_in.clear();
            continue;
        };
        if rank < last_rank || (rank == last_rank && !matches!(keyword, "hand" | "trick")) {
            p.fail(
                Problem::new(Kind::Syntax, format!("`{keyword}` is out of order"))
                    .at(kw_span, "section out of order")
                    .help(format!("sections come in this order, each once (hand and trick as often as needed): {}", SECTIONS.join(", "))),
            );
        }
        last_rank = rank;
        let mut comments = std::mem::take(&mut lead_in);
        let result = section(p, &mut record, SECTIONS[rank], start, &mut comments);
        match result {
            Ok(pending) => {
                // Attach the tail comments: same line -> the last element.
                let sink = last_element_comments(&mut record, SECTIONS[rank]);
                lead_in = Reader::split_tail(pending, sink);
            }
            Err(Failed) => {
                p.recover();
                lead_in.clear();
            }
        }
    }
    record.trailing = lead_in;
    if !p.problems.is_empty() {
        return Err(Failed);
    }
    Ok(record)
}

/// The fault of a record past `CARDS_MAX`, if it is (issue 23). A card is
/// two bytes at least, so a shorter record is never counted; the 2 MiB
/// record limit bounds what is read before. Out of the parser, which is
/// compiled as it was.
#[cold]
#[inline(never)]
fn past_card_limit(record: &Record) -> Option<Problem> {
    record.card_past_limit().map(too_many_cards)
}

/// The bytes of a tag's name (`tag_name`): ASCII letters, digits and `_`.
const TAG_NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_alphanumeric() || b == b'_' as usize;
        b += 1;
    }
    table
};

/// The common form of a tag, read on bytes: `[Name "value"]` with one
/// space and no escape in the value. Anything else is left to the nom
/// parser (`None`); what this reads, that parser reads the same.
fn fast_tag(i: &str) -> Option<(&str, (&str, TagText))> {
    let b = i.as_bytes();
    let mut n = 1;
    while n < b.len() && TAG_NAME_BYTES[b[n] as usize] {
        n += 1;
    }
    if n == 1 || b.get(n..n + 2) != Some(b" \"") {
        return None;
    }
    let v = n + 2;
    let close = v + memchr::memchr3(b'"', b'\\', b'\n', &b[v..])?;
    if b[close] != b'"' || b.get(close + 1) != Some(&b']') {
        return None;
    }
    Some((&i[close + 2..], (&i[1..n], tag_text(&i[v..close]))))
}

/// The common form of a hand, a trick, the talon or a discard, read on
/// bytes: `hand N:`, `trick N:` (the next trick's number), `talon:` (or
/// `dog:`) or `discard N:`, canonical card codes separated by blanks, and
/// then the next section's keyword (or the end) after white space. Returns
/// the section's rank when it read one. Anything else (a comment, an alias,
/// a `=` suffix, `lead`/`call`, `show`, a section out of order, a fault of
/// any kind) returns `None` having changed nothing, and the general parser
/// reads the section: what it makes of the common form is exactly what
/// this makes.
fn fast_line(
    p: &mut Reader<'_>,
    record: &mut Record,
    last_rank: usize,
    lead_in: &mut Vec<String>,
) -> Option<usize> {
    let bytes = p.src.as_bytes();
    let start = p.pos;
    let (rank, mut i) = match bytes.get(start..start + 6)? {
        [b't', b'r', b'i', b'c', b'k', b' '] => (TRICK, start + 6),
        [b'h', b'a', b'n', b'd', b' ', _] => (HAND, start + 5),
        [b't', b'a', b'l', b'o', b'n', b':'] => (TALON, start + 5),
        [b'd', b'o', b'g', b':', ..] => (TALON, start + 3),
        b"discar" if bytes.get(start + 6..start + 8) == Some(b"d ") => (DISCARD, start + 8),
        _ => return None,
    };
    // Hands and tricks may repeat; the others stand once, in order.
    if rank < last_rank || rank == last_rank && !matches!(rank, HAND | TRICK) {
        return None;
    }
    let mut n: u32 = 0;
    if rank != TALON {
        let digits = i;
        while let Some(&d @ b'0'..=b'9') = bytes.get(i) {
            n = n * 10 + u32::from(d - b'0');
            i += 1;
            if i - digits > 3 {
                return None;
            }
        }
        if i == digits {
            return None;
        }
        let fits = if rank == TRICK {
            n as usize == record.tricks.len() + 1
        } else {
            n <= u32::from(u8::MAX)
        };
        if !fits {
            return None;
        }
    }
    if bytes.get(i) != Some(&b':') {
        return None;
    }
    i += 1;
    let base = p.base as u32;
    if rank == TRICK {
        let mut plays = Plays::new();
        let i = section_end(p.src, card_list(bytes, i, base, &mut plays)?)?;
        if record.tricks.capacity() == 0 {
            // Room for as many tricks as lines of this length fill the rest.
            record
                .tricks
                .reserve((bytes.len() - start) / (i - start) + 1);
        }
        record.tricks.push(Trick {
            leader: None,
            fool_call: None,
            plays,
            comments: std::mem::take(lead_in),
            span: p.span(start, i),
        });
        p.pos = i;
        return Some(rank);
    }
    // Room for as many cards as the line can hold (a code and a blank are
    // at least three bytes): one allocation, no copy.
    let line = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |n| i + n);
    let mut cards = Vec::with_capacity((line - i + 1) / 3);
    let i = section_end(p.src, card_list(bytes, i, base, &mut cards)?)?;
    let span = p.span(start, i);
    let comments = std::mem::take(lead_in);
    match rank {
        HAND => record.hands.push(Hand {
            seat: n as Seat,
            cards,
            comments,
            span,
        }),
        TALON => {
            record.talon = Some(Cards {
                cards,
                comments,
                span,
            })
        }
        _ => {
            record.discard = Some(Discard {
                seat: n as Seat,
                cards,
                shown: Vec::new(),
                comments,
                span,
            })
        }
    }
    p.pos = i;
    Some(rank)
}

/// The cards of a line in the common form from `i` on: canonical codes
/// separated by blanks, pushed to `list`. Where the cards end (at a line
/// break, a comment or the end); `None` at a word that is not a canonical
/// code. One copy for a trick's plays and one for a list of cards, each
/// with its own push inline: this loop runs for every card of a record.
#[inline(always)]
fn card_list<L: ItemList>(bytes: &[u8], mut i: usize, base: u32, list: &mut L) -> Option<usize> {
    loop {
        match canonical_at(bytes, i) {
            Some((card, end)) => {
                list.push_item(Item {
                    card,
                    name: None,
                    rename: None,
                    comments: Comments::default(),
                    // Wrapping, as `Span::new` truncates: the same spans
                    // as the general parser's past 4 GiB too.
                    span: Span {
                        start: base.wrapping_add(i as u32),
                        end: base.wrapping_add(end as u32),
                    },
                });
                // The usual one space before the next card.
                i = end + usize::from(bytes.get(end) == Some(&b' '));
            }
            None => match bytes.get(i) {
                Some(b' ' | b'\t') => i += 1,
                // A word that is not a canonical code: the general parser.
                Some(&b) if is_word_byte(b) => return None,
                _ => return Some(i),
            },
        }
    }
}

/// The common form of a trick that names or renames a led fool's suit, or
/// whose number is followed by the seat that called for the fool: `trick N`,
/// optionally ` call S`, `:`, then cards as [`fool_item`] reads them
/// separated by blanks, and the next section after white space. Kept out
/// of [`fast_line`], whose card loop runs for every card of a record: this
/// one runs for a trick or two a deal. `None` having changed nothing for
/// anything else, like the other fast paths.
#[inline(never)]
fn fast_fool_trick(
    p: &mut Reader<'_>,
    record: &mut Record,
    last_rank: usize,
    lead_in: &mut Vec<String>,
) -> Option<usize> {
    let bytes = p.src.as_bytes();
    let start = p.pos;
    if bytes.get(start..start + 6) != Some(b"trick ") || last_rank > TRICK {
        return None;
    }
    let (n, mut i) = small_number_at(bytes, start + 6)?;
    if n as usize != record.tricks.len() + 1 {
        return None;
    }
    // Danish: the seat that called for the fool (`trick 23 call 1:`).
    let mut fool_call = None;
    if bytes.get(i) == Some(&b' ') {
        if bytes.get(i + 1..i + 6) != Some(b"call ") {
            return None;
        }
        let (seat, end) = small_number_at(bytes, i + 6)?;
        fool_call = Some(Seat::try_from(seat).ok()?);
        i = end;
    }
    if bytes.get(i) != Some(&b':') {
        return None;
    }
    i += 1;
    let base = p.base as u32;
    let mut plays = Plays::new();
    loop {
        match bytes.get(i) {
            Some(b' ' | b'\t') => i += 1,
            Some(&b) if is_word_byte(b) => {
                let (item, end) = fool_item(bytes, i, base)?;
                plays.push(item);
                i = end;
            }
            _ => break,
        }
    }
    let i = section_end(p.src, i)?;
    let span = p.span(start, i);
    record.tricks.push(Trick {
        leader: None,
        fool_call,
        plays,
        comments: std::mem::take(lead_in),
        span,
    });
    p.pos = i;
    Some(TRICK)
}

/// A card played to a trick in the common form, with a led fool's suit
/// named or renamed: `[rename X ]CARD[=X]`, with one blank after `rename X`
/// and suits as capital letters (`T` for trumps). The item and its end,
/// spanned as `Reader::item` spans it; `None` for anything else.
fn fool_item(b: &[u8], start: usize, base: u32) -> Option<(Item, usize)> {
    let lead_at = |i: usize| -> Option<Lead> {
        if b.get(i + 1).is_some_and(|&x| is_word_byte(x)) {
            return None;
        }
        match b.get(i)? {
            b'T' => Some(Lead::Trumps),
            &c @ (b'S' | b'H' | b'D' | b'C') => Suit::from_letter(c).map(Lead::Suit),
            _ => None,
        }
    };
    let mut i = start;
    let mut rename = None;
    if b.get(i..i + 7) == Some(b"rename ") {
        rename = Some(lead_at(i + 7)?);
        if b.get(i + 8) != Some(&b' ') {
            return None;
        }
        i += 9;
    }
    let (card, mut end) = canonical_at(b, i)?;
    let mut name = None;
    if b.get(end) == Some(&b'=') {
        name = Some(lead_at(end + 1)?);
        end += 2;
    }
    let from = if rename.is_some() { start } else { i };
    let item = Item {
        card,
        name,
        rename,
        comments: Comments::default(),
        span: Span {
            start: base.wrapping_add(from as u32),
            end: base.wrapping_add(end as u32),
        },
    };
    Some((item, end))
}

/// The end of a section in the common form: white space, then the next
/// section's keyword or the end of the record. Where that keyword starts.
fn section_end(src: &str, mut i: usize) -> Option<usize> {
    let bytes = src.as_bytes();
    if bytes.get(i) == Some(&b'\n') {
        i += 1;
        // The usual next line: a section keyword in its common form (what
        // the general test below accepts too, without reading the word).
        if let Some(head) = bytes.get(i..i + 8) {
            if matches!(
                head,
                [b't', b'r', b'i', b'c', b'k', b' ', ..]
                    | [b'h', b'a', b'n', b'd', b' ', ..]
                    | [b't', b'a', b'l', b'o', b'n', b':', ..]
                    | [b'd', b'o', b'g', b':', ..]
                    | [b'c', b'a', b'l', b'l', b's', b':', ..]
                    | [b'c', b'l', b'a', b'i', b'm', b':', ..]
                    | b"auction:"
                    | b"discard "
                    | b"declare:"
            ) {
                return Some(i);
            }
        }
    }
    while matches!(
        bytes.get(i),
        Some(b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c')
    ) {
        i += 1;
    }
    if i < bytes.len() {
        if !bytes[i].is_ascii_lowercase() {
            return None;
        }
        let mut end = i;
        while end < bytes.len() && is_word_byte(bytes[end]) {
            end += 1;
        }
        section_rank(&src[i..end])?;
    }
    Some(i)
}

/// A number of one to three digits at `i` ending the word: the number and
/// its end.
fn small_number_at(b: &[u8], i: usize) -> Option<(u32, usize)> {
    number_at(b, i, 3)
}

/// A number of one to `most` (at most nine) digits at `i` ending the word:
/// the number and its end.
fn number_at(b: &[u8], mut i: usize, most: usize) -> Option<(u32, usize)> {
    let start = i;
    let mut n = 0;
    while let Some(&d @ b'0'..=b'9') = b.get(i) {
        if i - start == most {
            return None;
        }
        n = n * 10 + u32::from(d - b'0');
        i += 1;
    }
    if i == start || b.get(i).is_some_and(|&x| is_word_byte(x)) {
        return None;
    }
    Some((n, i))
}

/// The word at `i`, and its end.
fn word_at(src: &str, i: usize) -> (&str, usize) {
    let rest = src.as_bytes().get(i..).unwrap_or_default();
    let end = i + rest
        .iter()
        .position(|&b| !is_word_byte(b))
        .unwrap_or(rest.len());
    (&src[i..end], end)
}

/// The common form of the auction, the calls, the declarations and the
/// claim, read on bytes: `auction:` and actions separated by `, ` on one
/// line, each a seat and a verb with the usual arguments (no `after`, no
/// skat, no alias), or `claim:` and entries `seat amount` / `pot amount`;
/// then the next section's keyword (or the end). Like [`fast_line`] it
/// returns `None` having changed nothing for anything else, and the general
/// parser reads the section to the same result.
fn fast_actions(
    p: &mut Reader<'_>,
    record: &mut Record,
    last_rank: usize,
    lead_in: &mut Vec<String>,
) -> Option<usize> {
    let src = p.src;
    let bytes = src.as_bytes();
    let start = p.pos;
    let (keyword, colon) = word_at(src, start);
    let rank = section_rank(keyword).filter(|&r| matches!(r, AUCTION | CALLS | DECLARE | CLAIM))?;
    if rank <= last_rank || bytes.get(colon) != Some(&b':') {
        return None;
    }
    let mut i = colon + 1;
    while bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    // Room for as many actions or entries as the line can hold: an action
    // (`0 pass`) is at least six bytes, an entry (`0 5`) three, and `, `
    // stands between them.
    let line = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |n| i + n);
    let room = line - i + 2;
    let mut actions = Vec::with_capacity(if rank == CLAIM { 0 } else { room / 8 });
    let mut entries = Vec::with_capacity(if rank == CLAIM { room / 5 } else { 0 });
    loop {
        let at = i;
        if rank == CLAIM {
            let party = match small_number_at(bytes, i) {
                Some((seat, end)) => {
                    i = end;
                    Party::Seat(Seat::try_from(seat).ok()?)
                }
                None => {
                    let (w, end) = word_at(src, i);
                    i = end;
                    Party::Pot(Pot::from_word(w)?)
                }
            };
            if bytes.get(i) != Some(&b' ') {
                return None;
            }
            i += 1;
            let negative = bytes.get(i) == Some(&b'-');
            if matches!(bytes.get(i), Some(b'-' | b'+')) {
                i += 1;
            }
            // Up to nine digits, as `Reader::number` reads them quickly.
            let (n, end) = number_at(bytes, i, 9)?;
            if negative && n == 0 {
                return None;
            }
            i = end;
            let amount = if negative {
                -i64::from(n)
            } else {
                i64::from(n)
            };
            entries.push(ClaimEntry {
                party,
                amount,
                span: p.span(at, i),
            });
        } else {
            let (seat, end) = small_number_at(bytes, i)?;
            let seat = Seat::try_from(seat).ok()?;
            if bytes.get(end) != Some(&b' ') {
                return None;
            }
            let (verb, end) = word_at(src, end + 1);
            i = end;
            // The argument word after one space.
            let mut arg = || -> Option<&str> {
                if bytes.get(i) != Some(&b' ') {
                    return None;
                }
                let (w, end) = word_at(src, i + 1);
                i = end;
                (!w.is_empty()).then_some(w)
            };
            let act = match verb {
                "pass" | "good" => Act::Pass,
                "continue" => Act::Continue,
                "grind" => Act::Grind,
                "slam" => Act::Slam,
                "misdeal" => Act::Misdeal,
                "tout" => Act::Tout,
                "call" => Act::Call {
                    card: Card::parse_canonical(arg()?.as_bytes())?,
                    // Koenigrufen's call of the fourth king (KR-CALL-3):
                    // `call HK fourth`, one space before the word.
                    fourth: {
                        let fourth = bytes.get(i..i + 7) == Some(b" fourth")
                            && !bytes.get(i + 7).is_some_and(|&b| is_word_byte(b));
                        i += 7 * usize::from(fourth);
                        fourth
                    },
                },
                "talon" => Act::Talon {
                    half: small_count(arg()?)?,
                },
                "announce" => Act::Announce {
                    bonus: Bonus::from_word(arg()?)?,
                },
                "contra" | "kontra" => Act::Contra {
                    target: arg()?.parse().ok()?,
                },
                "recontra" | "rekontra" => Act::Recontra {
                    target: arg()?.parse().ok()?,
                },
                "subcontra" | "subkontra" => Act::Subcontra {
                    target: arg()?.parse().ok()?,
                },
                "trumps" => {
                    let count = small_count(arg()?)?;
                    let pagat = match arg()? {
                        "pagat" => true,
                        "no-pagat" => false,
                        _ => return None,
                    };
                    Act::Trumps {
                        count,
                        pagat,
                        skat: Vec::new(),
                    }
                }
                "matadors" => Act::Matadors {
                    count: small_count(arg()?)?,
                    skat: Vec::new(),
                },
                // Danish cavallerie and kings (DK-DECL-2): a suit letter and
                // the missing card as canonical codes; `skat` and the
                // rest take the general path.
                "half" => Act::Half {
                    suit: suit_of(arg()?)?,
                    missing: Card::parse_canonical(arg()?.as_bytes())?,
                    skat: Vec::new(),
                },
                "full" => Act::Full {
                    suit: suit_of(arg()?)?,
                    skat: Vec::new(),
                },
                "abundant" => Act::Abundant {
                    suit: suit_of(arg()?)?,
                    skat: Vec::new(),
                },
                "half-kings" => Act::HalfKings {
                    missing: Card::parse_canonical(arg()?.as_bytes())?,
                    skat: Vec::new(),
                },
                "full-kings" => Act::FullKings { skat: Vec::new() },
                "abundant-kings" => Act::AbundantKings { skat: Vec::new() },
                other => Act::Bid {
                    game: Game::from_word(other)?,
                },
            };
            actions.push(Action {
                seat,
                act,
                after: None,
                comments: Vec::new(),
                span: p.span(at, i),
            });
        }
        if bytes.get(i) == Some(&b',') && bytes.get(i + 1) == Some(&b' ') {
            i += 2;
            continue;
        }
        break;
    }
    let end = section_end(src, i)?;
    let span = p.span(start, end);
    let comments = std::mem::take(lead_in);
    if rank == CLAIM {
        record.claim = Some(Claim {
            entries,
            comments,
            span,
        });
    } else {
        let section = Some(Actions {
            actions,
            comments,
            span,
        });
        match rank {
            2 => record.auction = section,
            3 => record.calls = section,
            _ => record.declarations = section,
        }
    }
    p.pos = end;
    Some(rank)
}

/// A suit written as its letter, as `Reader::suit_word` reads it.
fn suit_of(w: &str) -> Option<Suit> {
    match w.as_bytes() {
        [c] => Suit::from_letter(*c),
        _ => None,
    }
}

/// A count of one to three digits, in range for a `u8`.
fn small_count(w: &str) -> Option<u8> {
    if w.is_empty() || w.len() > 3 || !w.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    w.parse().ok()
}

/// Parses the body of one section; returns the comments after its last
/// element.
fn section(
    p: &mut Reader<'_>,
    record: &mut Record,
    keyword: &str,
    start: usize,
    comments: &mut Vec<String>,
) -> PResult<Vec<Trivia>> {
    // Tricks first: most sections of a record are tricks.
    match keyword {
        "trick" => {
            let mut trick = Trick::default();
            p.trivia_none()?;
            if p.rest().starts_with(|c: char| c.is_ascii_digit()) {
                let (n, span) = p.number::<u32>("a trick number", "tricks are numbered from 1")?;
                let expected = record.tricks.len() + 1;
                // After another fault the count is off anyway: say nothing.
                if n as usize != expected && p.problems.is_empty() {
                    p.fail(
                        Problem::new(Kind::Syntax, format!("trick {n} stands where trick {expected} belongs"))
                            .at(span, format!("expected {expected}"))
                            .help("tricks are numbered 1, 2, 3, ... in order; the number may also be left out"),
                    );
                }
                p.trivia_none()?;
            }
            loop {
                match p.peek_word() {
                    Some("lead") => {
                        p.take_word();
                        p.trivia_none()?;
                        trick.leader = Some(p.seat()?.0);
                    }
                    Some("call") => {
                        p.take_word();
                        p.trivia_none()?;
                        trick.fool_call = Some(p.seat()?.0);
                    }
                    _ => break,
                }
                p.trivia_none()?;
            }
            p.section_colon("trick")?;
            let (plays, pending) = p.items(true, None, comments)?;
            trick.plays = plays;
            trick.comments = std::mem::take(comments);
            trick.span = p.span(start, p.pos);
            record.tricks.push(trick);
            Ok(pending)
        }
        "hand" => {
            p.trivia_none()?;
            let (seat, _) = p.seat()?;
            p.section_colon("hand")?;
            let (cards, pending) = p.items(false, None, comments)?;
            record.hands.push(Hand {
                seat,
                cards,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            Ok(pending)
        }
        "talon" => {
            p.section_colon("talon")?;
            let (cards, pending) = p.items(false, None, comments)?;
            record.talon = Some(Cards {
                cards,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            Ok(pending)
        }
        "discard" => {
            p.trivia_none()?;
            let (seat, _) = p.seat()?;
            p.section_colon("discard")?;
            let (mut cards, mut pending): (Vec<Item>, _) =
                p.items(false, Some("show"), comments)?;
            let mut shown = Vec::new();
            if p.peek_word() == Some("show") {
                let (_, show_span) = p.take_word().unwrap();
                attach(&mut cards, &mut pending, comments);
                let mut cards_comments = Vec::new();
                let mid = p.trivia()?;
                let (list, tail) = p.items(false, None, &mut cards_comments)?;
                if !pending.is_empty() || !mid.is_empty() || !cards_comments.is_empty() {
                    let _ = show_span;
                    let span = p.span(start, p.pos);
                    return Err(p.syntax(
                        span,
                        "a comment cannot stand right after `show`",
                        "comment here",
                        "put comments before `discard`, or after a card",
                    ));
                }
                shown = list;
                pending = tail;
            }
            record.discard = Some(Discard {
                seat,
                cards,
                shown,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            Ok(pending)
        }
        "auction" | "calls" | "declare" => {
            p.section_colon(keyword)?;
            let (actions, pending) = p.actions(comments)?;
            let section = Some(Actions {
                actions,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            match keyword {
                "auction" => record.auction = section,
                "calls" => record.calls = section,
                _ => record.declarations = section,
            }
            Ok(pending)
        }
        "claim" => {
            p.section_colon("claim")?;
            let (entries, pending) = p.claim_entries(comments)?;
            record.claim = Some(Claim {
                entries,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            Ok(pending)
        }
        _ => unreachable!("section keywords are listed in SECTIONS"),
    }
}

/// The comment list of the element a same-line comment after `keyword`'s
/// section attaches to: its last card or action, or the section's own
/// lead-in when it has none.
fn last_element_comments<'r>(
    record: &'r mut Record,
    keyword: &str,
) -> Option<&'r mut dyn CommentSink> {
    fn last_or<'a, T>(
        list: &'a mut [T],
        comments: &'a mut Vec<String>,
        of: impl Fn(&'a mut T) -> &'a mut dyn CommentSink,
    ) -> &'a mut dyn CommentSink {
        match list.last_mut() {
            Some(last) => of(last),
            None => comments,
        }
    }
    fn item(i: &mut Item) -> &mut dyn CommentSink {
        &mut i.comments
    }
    fn action(a: &mut Action) -> &mut dyn CommentSink {
        &mut a.comments
    }
    Some(match keyword {
        "trick" => {
            let t = record.tricks.last_mut()?;
            last_or(&mut t.plays, &mut t.comments, item)
        }
        "hand" => {
            let h = record.hands.last_mut()?;
            last_or(&mut h.cards, &mut h.comments, item)
        }
        "talon" => {
            let t = record.talon.as_mut()?;
            last_or(&mut t.cards, &mut t.comments, item)
        }
        "discard" => {
            let d = record.discard.as_mut()?;
            if d.shown.is_empty() {
                last_or(&mut d.cards, &mut d.comments, item)
            } else {
                last_or(&mut d.shown, &mut d.comments, item)
            }
        }
        "auction" | "calls" | "declare" => {
            let section = match keyword {
                "auction" => record.auction.as_mut()?,
                "calls" => record.calls.as_mut()?,
                _ => record.declarations.as_mut()?,
            };
            last_or(&mut section.actions, &mut section.comments, action)
        }
        // A claim's entries hold no comments: the claim's own lead-in.
        "claim" => &mut record.claim.as_mut()?.comments,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {

    use super::*;

    /// Every record of the corpus and the examples (the faulty ones too),
    /// and variations of them, parse to the same records, spans and
    /// problems with the fast paths as without them.
    #[test]
    fn fast_paths_change_nothing() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let mut files = Vec::new();
        let mut dirs = vec![format!("{root}/corpus"), format!("{root}/spec")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path.to_string_lossy().into_owned());
                } else if path.extension().is_some_and(|e| e == "tarok") {
                    files.push(path);
                }
            }
        }
        assert!(files.len() > 100, "the corpus was not found");
        let variations: [fn(&str) -> String; 7] = [
            |t| t.to_owned(),
            |t| t.replace(": ", ":  "),
            |t| t.replace('\n', "\r\n"),
            |t| t.replace(" S", "\tS").replace(" T1", " t1"),
            |t| {
                t.replace("\ntrick 2", "\n{x}\ntrick 2")
                    .replace(" C", " {c} C")
            },
            |t| t.replace("\n", " ").replace("] ", "]\n"),
            |t| t.replace("[Dealer ", "[Dealer  ").replace("0\"]", "0\" ]"),
        ];
        let mut records = 0;
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            for vary in variations {
                let text = vary(&text);
                for (offset, chunk) in split_records(&text) {
                    let fast = format!("{:?}", parse_record_with(chunk, offset, true));
                    let slow = format!("{:?}", parse_record_with(chunk, offset, false));
                    assert_eq!(fast, slow, "{}:\n{chunk}", path.display());
                    records += 1;
                }
            }
        }
        assert!(records > 500);
    }

    /// `canonical_at` reads a word exactly as `Card::parse_canonical` does,
    /// for every word of up to four bytes over the bytes that matter.
    #[test]
    fn canonical_at_is_parse_canonical() {
        let alphabet = b"SHDCTEXJNQKR0123456789a";
        let mut word = Vec::new();
        let mut checked = 0;
        for len in 1..=4u32 {
            for mut k in 0..alphabet.len().pow(len) {
                word.clear();
                for _ in 0..len {
                    word.push(alphabet[k % alphabet.len()]);
                    k /= alphabet.len();
                }
                let expected = Card::parse_canonical(&word).map(|c| (c, word.len()));
                for end in [&b""[..], b" ", b"\n", b"=H", b"{"] {
                    let text = [&word[..], end].concat();
                    assert_eq!(canonical_at(&text, 0), expected, "{text:?}");
                }
                checked += 1;
            }
        }
        assert!(checked > 200_000);
    }
}
