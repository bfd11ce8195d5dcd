//! The nom parser: text to [`Record`]s with spans, and diagnostics with the
//! offending text underlined.
//!
//! A file is cut into records first ([`split_records`]): a record starts at
//! each line that begins with `[Variant ` outside a comment. Each record is
//! then parsed on its own, so one broken deal never hides the rest; inside a
//! record the parser recovers at the next section keyword and reports every
//! fault it finds.
//!
//! The stages, one file each: `split` cuts the text into records;
//! `mod` (here) reads a record's tags and walks its sections; `sections`
//! reads each section's body and its cards, `actions` the auction, calls and
//! declarations; `reader` holds the cursor and its tokens (words, numbers,
//! seats, cards) and `comments` the white space, comments and escapes
//! between them. `fast` reads the common forms on bytes first and hands
//! anything else to the general parser, which reads it to the same result.
//!
//! ```
//! let text = "[Variant \"skill7-tarock\"]\n[Dealer \"3\"]\n\ntrick 1: SK SQ SN SJ {all spades}\n";
//! let records = tarok_notation::parse_str(text);
//! let record = records[0].as_ref().unwrap();
//! assert_eq!(record.tricks[0].play_comments.of(3), [String::from("all spades")]);
//! ```

mod actions;
mod comments;
mod fast;
mod reader;
mod result;
mod sections;
mod split;

pub use split::{leading_comments_start, split_records, starts_record, Splitter};

use nom::character::complete::char;
use nom::sequence::{delimited, preceded};
use nom::Parser;

use crate::problem::{Kind, Problem};
use crate::record::*;

use comments::*;
use fast::*;
use reader::*;
use sections::*;

/// Parses every record of a text. Spans are byte offsets into `text`.
pub fn parse_str(text: &str) -> Vec<Result<Record, Vec<Problem>>> {
    split_records(text)
        .map(|(offset, chunk)| parse_record(chunk, offset))
        .collect()
}

/// Whether `word` is a section keyword (`dog` included).
pub(crate) fn is_section_keyword(word: &str) -> bool {
    Section::from_word(word).is_some()
}

struct Reader<'a> {
    src: &'a str,
    pos: usize,
    base: usize,
    problems: Vec<Problem>,
    /// Faults past `FAULTS_MAX`: counted, not kept, and where the first of
    /// them is (issue 23: memory bounded on any record).
    dropped: usize,
    first_dropped: Option<Span>,
    /// The record's variant once its tags are read: the help of an unknown
    /// word lists the words of this variant, and its local words are read
    /// as their canonical words (`words`, spec/notation.md §7.1).
    variant: Option<crate::Variant>,
    /// Whether the fast paths may be taken (tests compare with them off).
    fast: bool,
}

/// A fault was recorded in `Reader::problems`; the caller recovers.
#[derive(Debug)]
struct Failed;

type Fail = Failed;

type PResult<T> = Result<T, Fail>;

/// Parses one record (as cut by [`split_records`]); `base` is its offset in
/// the file, so that spans point into the file.
pub fn parse_record(text: &str, base: usize) -> Result<Record, Vec<Problem>> {
    parse_record_with(text, base, true).map(|record| *record)
}

/// [`parse_record`], the record in a box of its own: it is built there, and
/// handed on from there without being copied (a record is some 600 bytes,
/// and a reader passes it through several hands: issue 29).
pub fn parse_record_boxed(text: &str, base: usize) -> Result<Box<Record>, Vec<Problem>> {
    parse_record_with(text, base, true)
}

/// [`parse_record`] without its fast paths: the general parser alone. For
/// tests that show the fast paths change nothing.
#[doc(hidden)]
pub fn parse_record_general(text: &str, base: usize) -> Result<Record, Vec<Problem>> {
    parse_record_with(text, base, false).map(|record| *record)
}

fn parse_record_with(text: &str, base: usize, fast: bool) -> Result<Box<Record>, Vec<Problem>> {
    let mut p = Reader {
        src: text,
        pos: 0,
        base,
        problems: Vec::new(),
        dropped: 0,
        first_dropped: None,
        variant: None,
        fast,
    };
    let record = parse_inner(&mut p);
    if p.dropped > 0 {
        let end = p.span(text.len(), text.len());
        let from = p.first_dropped.map_or(end, |f| Span { end: end.end, ..f });
        p.problems.push(faults_not_listed(p.dropped, from));
    }
    match record {
        Ok(record) if p.problems.is_empty() && text.len() > 2 * CARDS_MAX => {
            past_card_limit(&record).map_or(Ok(record), |p| Err(vec![p]))
        }
        Ok(record) if p.problems.is_empty() => Ok(record),
        _ => Err(p.problems),
    }
}

/// The faults of one record kept and listed; the reader goes on to the
/// end of the record and counts the rest (spec/notation.md §2.1). A record
/// of 2 MiB can hold some 700,000 faults (a malformed tag a line), which
/// took 318 MB in `verify`.
pub(super) const FAULTS_MAX: usize = 1_000;

/// The closing fault of a record with more than `FAULTS_MAX` faults.
#[cold]
#[inline(never)]
fn faults_not_listed(count: usize, span: Span) -> Problem {
    const _: () = assert!(FAULTS_MAX == 1_000);
    Problem::new(
        Kind::Syntax,
        format!("{count} more fault(s) in this record past its first 1,000, not listed"),
    )
    .at(span, "not listed from here")
    .help(
        "a record's first 1,000 faults are listed; mend those (or the line that causes them, \
         often a missing `[Variant` line or a file that is not a record) and read it again",
    )
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

fn parse_inner(p: &mut Reader<'_>) -> PResult<Box<Record>> {
    let mut record = Box::new(Record {
        span: p.span(0, p.src.len()),
        ..Record::default()
    });
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
                // Filled in its place, as the fast paths' actions are
                // (`Action::EMPTY`): a tag moved in read back its empty
                // list of comments from the stores that had just made it.
                record.tags.push(Tag::EMPTY);
                let tag = record.tags.last_mut().expect("a tag was just pushed");
                tag.name = name;
                tag.value = value;
                tag.span = p.span(start, p.pos);
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
        // The usual next line, the next tag: a line break and nothing to
        // read between them (what `trivia` finds there, without the call).
        pending = if p.fast && p.src.as_bytes().get(p.pos..p.pos + 2) == Some(b"\n[") {
            p.pos += 1;
            Vec::new()
        } else {
            p.trivia()?
        };
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
    let mut last = Section::Hand;
    while !p.rest().is_empty() {
        if !p.fast {
        } else if let Some(section) = fast_line(p, &mut record, last, &mut lead_in)
            .or_else(|| fast_actions(p, &mut record, last, &mut lead_in))
            .or_else(|| fast_fool_trick(p, &mut record, last, &mut lead_in))
        {
            last = section;
            continue;
        }
        let start = p.pos;
        let Some((keyword, kw_span)) = p.take_word() else {
            let (found, span) = p.found();
            p.syntax(
                span,
                format!("expected a section, found {found}"),
                "expected a section keyword",
                &format!("sections are: {}", Section::keywords()),
            );
            p.recover();
            lead_in.clear();
            continue;
        };
        let Some(section) = Section::from_word(keyword) else {
            p.fail(
                Problem::new(Kind::Syntax, format!("`{keyword}` is not a section"))
                    .at(kw_span, "unknown section keyword")
                    .help(crate::words::section_help(keyword, p.variant)),
            );
            p.recover();
            lead_in.clear();
            continue;
        };
        if !section.may_follow(last) {
            p.fail(
                Problem::new(Kind::Syntax, format!("`{keyword}` is out of order"))
                    .at(kw_span, "section out of order")
                    .help(format!("sections come in this order, each once (hand and trick as often as needed): {}", Section::keywords())),
            );
        }
        last = section;
        let mut comments = std::mem::take(&mut lead_in);
        let result = sections::section(p, &mut record, section, start, &mut comments);
        match result {
            Ok(pending) => {
                // Attach the tail comments: same line -> the last element.
                let mut sink = last_element_comments(&mut record, section);
                lead_in =
                    Reader::split_tail(pending, sink.as_mut().map(|s| s as &mut dyn CommentSink));
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
