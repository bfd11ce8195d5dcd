//! Showing findings: miette diagnostics for people, JSON objects for
//! pipelines.

use std::io::Write;

use miette::{
    GraphicalReportHandler, GraphicalTheme, MietteError, MietteSpanContents, SourceCode,
    SourceSpan, SpanContents,
};
use notation::Problem;
use serde::Serialize;

use crate::escape;
use crate::input::Source;

/// A record's source as miette sees it: spans are offsets in the file, the
/// text is the record's chunk.
struct Located<'s>(&'s Source);

impl SourceCode for Located<'_> {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        // Spans count from the record's text; lines from the file's start.
        let s = self.0;
        let inner = lines_around(&s.text, span, context_lines_before, context_lines_after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            escape::text(&s.name).into_owned(),
            inner.data(),
            *inner.span(),
            inner.line() + s.base_line,
            inner.column(),
            inner.line_count(),
        )))
    }
}

/// Whether diagnostics are rendered in colour: set once by `main` from
/// `--color` and the stream the command writes diagnostics to (`ui`).
static COLOUR: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

pub fn set_colour(on: bool) {
    COLOUR.store(on, std::sync::atomic::Ordering::Relaxed);
}

fn handler() -> GraphicalReportHandler {
    let colour = COLOUR.load(std::sync::atomic::Ordering::Relaxed);
    let theme = if colour {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    GraphicalReportHandler::new_themed(theme).with_width(100)
}

/// Text from a file made safe to print on a terminal ([`escape::text`]):
/// kept under this name for the commands that show a record's words.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    escape::text(text)
}

/// At most `max` characters of `text`, escaped.
fn shortened(text: &str, max: usize) -> String {
    let text = escape_controls(text);
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.into_owned(),
    }
}

/// Characters shown on each side of a finding in a long line.
const WINDOW: usize = 60;
/// Lines up to this long are shown whole (with the lines around them).
const SHORT_LINE: usize = 400;
/// Diagnostics shown for one record; the rest are counted.
pub const MAX_SHOWN: usize = 50;

/// The part of one line of a record shown around a finding: for long
/// lines and lines with control characters. Offsets are in `text`.
struct Window {
    name: String,
    text: String,
    line: usize,
    column: usize,
}

impl SourceCode for Window {
    fn read_span<'a>(
        &'a self,
        _span: &SourceSpan,
        _before: usize,
        _after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            self.text.as_bytes(),
            SourceSpan::new(0.into(), self.text.len()),
            self.line,
            self.column,
            1,
        )))
    }
}

fn floor(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn ceil(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// A window around `span` (offsets in `source.text`) with the label's span
/// in it, when the lines around the finding are too long or hold control
/// characters to be shown as they are; None when they can be.
fn window(source: &Source, start: usize, end: usize) -> Option<(Window, SourceSpan)> {
    let text = source.text.as_str();
    let start = floor(text, start);
    let end = ceil(text, end.max(start));
    let line_start = text[..start].rfind('\n').map_or(0, |n| n + 1);
    let line_end = text[start..].find('\n').map_or(text.len(), |n| start + n);
    // The lines miette would show: one before, one after.
    let before = text[..line_start.saturating_sub(1)]
        .rfind('\n')
        .map_or(0, |n| n + 1);
    let after = text[line_end.min(text.len())..]
        .get(1..)
        .and_then(|rest| rest.find('\n'))
        .map_or(text.len(), |n| line_end + 1 + n);
    let shown = &text[before.min(line_start)..after.max(line_end)];
    if shown.split('\n').all(|l| l.len() <= SHORT_LINE) && !shown.chars().any(escape::hidden) {
        return None;
    }
    let line_end = if text[..line_end].ends_with('\r') {
        line_end - 1
    } else {
        line_end
    };
    let from = floor(text, start.saturating_sub(WINDOW).max(line_start));
    let mark_end = end.min(line_end).min(start + 2 * WINDOW).max(start);
    let to = ceil(text, (mark_end + WINDOW).min(line_end)).max(from);
    let mut out = String::new();
    if from > line_start {
        out.push('…');
    }
    let mut label = (0, 0);
    for (i, c) in text[from..to].char_indices() {
        let at = from + i;
        if at == start {
            label.0 = out.len();
        }
        if at == ceil(text, mark_end) {
            label.1 = out.len();
        }
        out.push_str(&escape::text(c.encode_utf8(&mut [0; 4])));
    }
    if start >= to {
        label.0 = out.len();
    }
    if ceil(text, mark_end) >= to {
        label.1 = out.len();
    }
    if to < line_end {
        out.push('…');
    }
    let (line, column) = source.line_col(start);
    let span = SourceSpan::new(label.0.into(), label.1.saturating_sub(label.0));
    Some((
        Window {
            name: escape::text(&source.name).into_owned(),
            text: out,
            line: line - 1,
            column: column - 1,
        },
        span,
    ))
}

/// A finding as shown: its texts escaped and cut short, its span moved
/// into a window when there is one.
struct Shown<'s> {
    problem: Problem,
    window: Option<Window>,
    located: Located<'s>,
}

impl std::fmt::Debug for Shown<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.problem.fmt(f)
    }
}
impl std::fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.problem, f)
    }
}
impl std::error::Error for Shown<'_> {}
impl miette::Diagnostic for Shown<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        miette::Diagnostic::code(&self.problem)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        // A broken rule's help ends with the command that shows the rule.
        let Some(rule) = self.problem.rule else {
            return miette::Diagnostic::help(&self.problem);
        };
        let see = format!("see: {}", crate::rules::command(rule.id()));
        Some(Box::new(match self.problem.help.as_str() {
            "" => see,
            help => format!("{help}\n({see})"),
        }))
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.problem.labels()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.problem.span?;
        Some(match &self.window {
            Some(w) => w as &dyn SourceCode,
            None => &self.located as &dyn SourceCode,
        })
    }
}

/// One diagnostic, rendered.
pub fn render(source: &Source, problem: &Problem) -> String {
    let mut text = String::new();
    let mut problem = source.locate(problem);
    if let (Some(_), Some(path)) = (problem.span, &problem.path) {
        if !problem.label.contains(path.as_str()) {
            problem.label = match problem.label.as_str() {
                "" => format!("at {path}"),
                label => format!("{label} (at {path})"),
            };
        }
    }
    let problem = &problem;
    let mut shown = problem.clone();
    shown.message = shortened(&problem.message, 500);
    shown.label = shortened(&problem.label, 200);
    shown.help = shortened(&problem.help, 2000);
    let mut win = None;
    if let Some(span) = problem.span {
        if let Some((w, at)) = window(source, span.start as usize, span.end as usize) {
            shown.span = Some(notation::Span::new(at.offset(), at.offset() + at.len()));
            // The window shows the main place only; the message names the others.
            shown.also.clear();
            win = Some(w);
        }
    }
    let diag = Shown {
        problem: shown,
        window: win,
        located: Located(source),
    };
    if handler().render_report(&mut text, &diag).is_err() {
        text = format!(
            "{}: {}\n",
            escape::text(&source.name),
            escape::text(&problem.message)
        );
    }
    if problem.span.is_none() {
        let at = problem
            .path
            .as_deref()
            .map(|p| format!(" at {p}"))
            .unwrap_or_default();
        text = format!(
            "{}{}:\n{text}",
            escape::text(&source.name),
            escape::text(&at)
        );
    }
    text
}

/// The diagnostics of one record: the first [`MAX_SHOWN`], then how many
/// more there are (all of them are in `--format json`).
pub fn render_all(out: &mut (impl Write + ?Sized), source: &Source, problems: &[Problem]) {
    problems_text(out, source, &[], problems);
}

/// The findings of one record for people, as [`render_all`]; `names` (the
/// `Players` tag) put the player beside each seat: "seat 2 (Cara)".
pub fn problems_text(
    out: &mut (impl Write + ?Sized),
    source: &Source,
    names: &[String],
    problems: &[Problem],
) {
    for p in problems.iter().take(MAX_SHOWN) {
        let named = shown_part(p, names);
        let _ = writeln!(out, "{}", render(source, &named));
    }
    if problems.len() > MAX_SHOWN {
        let (line, _) = problems[MAX_SHOWN]
            .span
            .map_or((source.base_line + 1, 0), |s| {
                source.line_col(s.start as usize)
            });
        let _ = writeln!(
            out,
            "{}:{line}: and {} more finding(s) in this record (all of them: --format json)\n",
            escape::text(&source.name),
            problems.len() - MAX_SHOWN
        );
    }
}

/// Bytes of a message kept for showing (at most 500 characters are shown).
const MESSAGE_KEPT: usize = 8000;
/// Places underlined in one diagnostic, the main one aside.
const ALSO_SHOWN: usize = 100;

/// The part of a finding a diagnostic shows, seats named: its message cut
/// to what is shown and at most [`ALSO_SHOWN`] further places, so that a
/// finding of a million places (every duplicate card of a record) costs no
/// more to show than one of a hundred.
fn shown_part(p: &Problem, names: &[String]) -> Problem {
    let cut = |text: &str| -> String {
        let mut end = text.len().min(MESSAGE_KEPT);
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        crate::players::name_seats(&text[..end], names)
    };
    let mut help = p.help.clone();
    if p.also.len() > ALSO_SHOWN {
        help = format!(
            "{help}\n(this finding has {} places; at most {ALSO_SHOWN} are underlined)",
            p.also.len() + 1
        );
    }
    Problem {
        kind: p.kind,
        rule: p.rule,
        seat: p.seat,
        trick: p.trick,
        card: p.card,
        party: p.party,
        claimed: p.claimed,
        computed: p.computed,
        message: cut(&p.message),
        label: cut(&p.label),
        help,
        span: p.span,
        also: p.also.iter().take(ALSO_SHOWN).cloned().collect(),
        path: p.path.clone(),
    }
}

#[derive(Serialize)]
struct Finding<'a> {
    #[serde(flatten)]
    problem: &'a Problem,
    /// The name of the finding's seat, from the `Players` tag.
    #[serde(skip_serializing_if = "Option::is_none")]
    player: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    length: Option<u32>,
}

#[derive(Serialize)]
struct RecordLine<'a> {
    file: &'a str,
    record: usize,
    /// The variant the record names (its `Variant` tag), when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<notation::Variant>,
    /// false when the record could not be read at all.
    readable: bool,
    /// The players' names by seat (`Players` tag).
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    players: &'a [String],
    violations: Violations<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ledger: Option<&'a [verifier::Payment]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    totals: Option<&'a [i64]>,
    /// Danish Tarok: the pots after the deal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pots: Option<Pots>,
}

#[derive(Serialize)]
struct Pots {
    #[serde(rename = "king-pot")]
    king: i64,
    #[serde(rename = "pagat-pot")]
    pagat: i64,
}

/// The `--format json` line of the `index`th record read from a file and
/// its report (`None`: the record could not be read): the outcome as `tarok
/// verify` writes it, for every caller of [`crate::pipeline::verify_file`].
pub fn read_json(
    out: &mut (impl Write + ?Sized),
    read: &crate::pipeline::Read,
    index: usize,
    report: Option<&verifier::Report>,
) {
    let (result, origin) = read;
    match (result, report) {
        (Ok(record), Some(report)) => record_json(
            out,
            &origin.source(),
            index,
            Some(record),
            Some(report),
            &report.problems,
        ),
        (Ok(record), None) => record_json(out, &origin.source(), index, Some(record), None, &[]),
        (Err(problems), _) => record_json(out, &origin.source(), index, None, None, problems),
    }
}

/// One JSON object per record: the `--format json` line.
pub fn record_json(
    out: &mut (impl Write + ?Sized),
    source: &Source,
    index: usize,
    record: Option<&notation::Record>,
    report: Option<&verifier::Report>,
    problems: &[Problem],
) {
    let names = record.map(crate::players::names).unwrap_or_default();
    let violations = Violations {
        source,
        problems,
        names: &names,
        places: crate::input::Lines::of_all(
            source,
            problems.iter().map(|p| p.span.map(|s| s.start as usize)),
        ),
    };
    let settled = report.filter(|r| r.settled);
    let line = RecordLine {
        file: &source.name,
        record: index,
        variant: report
            .and_then(|r| r.variant)
            .or_else(|| record.and_then(notation::Record::variant)),
        readable: report.is_some(),
        players: &names,
        violations,
        ledger: settled.map(|r| r.ledger.as_slice()),
        totals: settled.map(|r| r.totals.as_slice()),
        pots: settled
            .and_then(|r| r.pots)
            .map(|[king, pagat]| Pots { king, pagat }),
    };
    let _ = escape::json(&mut *out, &line, false);
    let _ = writeln!(out);
}

/// A record's findings as JSON, each located and written as it comes: no
/// copy of them all is held, whatever their number (800,000 duplicate
/// cards); their lines and columns are counted in one pass ([`Lines`]).
///
/// [`Lines`]: crate::input::Lines
struct Violations<'a> {
    source: &'a Source,
    problems: &'a [Problem],
    names: &'a [String],
    places: Vec<Option<(usize, usize)>>,
}

impl Serialize for Violations<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = serializer.serialize_seq(Some(self.problems.len()))?;
        // Only a finding on JSON input is given its JSON path (a copy).
        let json = self.source.is_json();
        for (p, lc) in self.problems.iter().zip(&self.places) {
            let located;
            let p = match json {
                true => {
                    located = self.source.locate(p);
                    &located
                }
                false => p,
            };
            seq.serialize_element(&Finding {
                problem: p,
                player: p.seat.and_then(|s| crate::players::name(self.names, s)),
                line: lc.map(|l| l.0),
                column: lc.map(|l| l.1),
                offset: p.span.map(|s| (self.source.base + s.start as usize) as u64),
                length: p.span.map(|s| s.end - s.start),
            })?;
        }
        seq.end()
    }
}

/// The lines of `text` around `span` for miette, `before` and `after` lines
/// of context, counted as every reader counts them: a line ends at LF (a CR
/// alone is white space, spec/notation.md §2.1; miette's own count would
/// end a line at it too). The line is counted from the text's start with
/// `memchr`, once per diagnostic shown (at most [`MAX_SHOWN`] a record).
fn lines_around<'a>(
    text: &'a str,
    span: &SourceSpan,
    before: usize,
    after: usize,
) -> Result<MietteSpanContents<'a>, MietteError> {
    let bytes = text.as_bytes();
    let start = span.offset();
    if start + span.len() > bytes.len() {
        return Err(MietteError::OutOfBounds);
    }
    let line_start = |at: usize| memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |n| n + 1);
    let span_line = line_start(start);
    let mut from = span_line;
    for _ in 0..before {
        if from == 0 {
            break;
        }
        from = line_start(from - 1);
    }
    let last = (start + span.len()).saturating_sub(1).max(start);
    // A span that ends with a line break holds the line after it too (as
    // miette counts).
    let mut to = match bytes.get(last) {
        Some(b'\n') if !span.is_empty() => last + 1,
        _ => last.min(bytes.len()),
    };
    for _ in 0..=after {
        match memchr::memchr(b'\n', &bytes[to.min(bytes.len())..]) {
            Some(n) => to += n + 1,
            None => {
                to = bytes.len();
                break;
            }
        }
        if to >= bytes.len() {
            break;
        }
    }
    let data = &bytes[from..to];
    let line = memchr::memchr_iter(b'\n', &bytes[..from]).count();
    let column = if before == 0 { start - span_line } else { 0 };
    Ok(MietteSpanContents::new(
        data,
        (from, to - from).into(),
        line,
        column,
        memchr::memchr_iter(b'\n', data).count() + 1,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record far into a file bigger than 4 GiB is placed right: offsets
    /// are 64-bit, spans count from the record's text.
    #[test]
    fn a_finding_past_four_gib_keeps_its_offset_and_line() {
        let source = Source {
            name: "big.tarok".into(),
            text: "[Variant \"skill7-tarock\"]\ntrick 1: ZZ\n".into(),
            base: 5_000_000_000,
            base_line: 70_000_000,
            element: None,
        };
        let problem = Problem::new(notation::Kind::UnknownCard, "`ZZ` is not a card")
            .at(notation::Span::new(35, 37), "not a card");
        let mut out = Vec::new();
        record_json(
            &mut out,
            &source,
            0,
            None,
            None,
            std::slice::from_ref(&problem),
        );
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let f = &v["violations"][0];
        assert_eq!(f["offset"], 5_000_000_035u64);
        assert_eq!(
            (f["line"].as_u64(), f["column"].as_u64()),
            (Some(70_000_002), Some(10))
        );
        let shown = render(&source, &problem);
        assert!(shown.contains("big.tarok:70000002:10"), "{shown}");
    }
}
