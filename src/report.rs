//! Showing findings: miette diagnostics for people, JSON objects for
//! pipelines.

use std::io::Write;

use miette::{
    GraphicalReportHandler, GraphicalTheme, MietteError, MietteSpanContents, SourceCode,
    SourceSpan, SpanContents,
};
use notation::Problem;
use serde::Serialize;

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
        let s = self.0;
        let local = SourceSpan::new(span.offset().saturating_sub(s.base).into(), span.len());
        if context_lines_before > 0 && s.is_json() {
            if let Some(window) = window(s, &local) {
                return Ok(Box::new(window));
            }
        }
        let inner = s
            .text
            .read_span(&local, context_lines_before, context_lines_after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            s.name.clone(),
            inner.data(),
            SourceSpan::new((inner.span().offset() + s.base).into(), inner.span().len()),
            inner.line() + s.base_line,
            inner.column(),
            inner.line_count(),
        )))
    }
}

/// The longest JSON line shown whole; a longer one (a JSON Lines record)
/// is shown as a window of about this width around the span.
const WINDOW: usize = 100;

/// A window of a long line around a span within it, so that a finding in a
/// JSON Lines record shows the offending value, not the whole record.
fn window<'a>(s: &'a Source, local: &SourceSpan) -> Option<MietteSpanContents<'a>> {
    let text = s.text.as_str();
    let (start, end) = (local.offset(), local.offset() + local.len());
    let line_start = text.get(..start)?.rfind('\n').map_or(0, |n| n + 1);
    let line_end = text[start..].find('\n').map_or(text.len(), |n| start + n);
    if end > line_end || line_end - line_start <= WINDOW {
        return None;
    }
    let margin = WINDOW.saturating_sub(end - start) / 2;
    let mut from = start.saturating_sub(margin).max(line_start);
    let mut to = (end + margin).min(line_end);
    while !text.is_char_boundary(from) {
        from -= 1;
    }
    while !text.is_char_boundary(to) {
        to += 1;
    }
    let before = &text[..from];
    let line = before.matches('\n').count();
    let column = text[line_start..from].chars().count();
    Some(MietteSpanContents::new_named(
        s.name.clone(),
        &text.as_bytes()[from..to],
        SourceSpan::new((from + s.base).into(), to - from),
        line + s.base_line,
        column,
        1,
    ))
}

struct WithSource<'s> {
    problem: &'s Problem,
    source: Located<'s>,
}

impl std::fmt::Debug for WithSource<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.problem.fmt(f)
    }
}
impl std::fmt::Display for WithSource<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self.problem, f)
    }
}
impl std::error::Error for WithSource<'_> {}
impl miette::Diagnostic for WithSource<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        miette::Diagnostic::code(self.problem)
    }
    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        // A broken rule's help ends with the command that shows the rule.
        let Some(rule) = self.problem.rule else {
            return miette::Diagnostic::help(self.problem);
        };
        let see = format!("see: {}", crate::rules::command(rule));
        Some(Box::new(match self.problem.help.as_str() {
            "" => see,
            help => format!("{help}\n({see})"),
        }))
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        self.problem.labels()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.problem.span.map(|_| &self.source as &dyn SourceCode)
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
    let diag = WithSource {
        problem,
        source: Located(source),
    };
    if handler().render_report(&mut text, &diag).is_err() {
        text = format!("{}: {}\n", source.name, problem.message);
    }
    if problem.span.is_none() {
        let at = problem
            .path
            .as_deref()
            .map(|p| format!(" at {p}"))
            .unwrap_or_default();
        text = format!("{}{at}:\n{text}", source.name);
    }
    text
}

pub fn render_all(out: &mut (impl Write + ?Sized), source: &Source, problems: &[Problem]) {
    for p in problems {
        let _ = writeln!(out, "{}", render(source, p));
    }
}

pub fn problems_text(
    out: &mut (impl Write + ?Sized),
    source: &Source,
    _index: usize,
    problems: &[Problem],
) {
    render_all(out, source, problems);
}

#[derive(Serialize)]
struct Finding<'a> {
    #[serde(flatten)]
    problem: &'a Problem,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    offset: Option<u32>,
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
    violations: Vec<Finding<'a>>,
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

/// One JSON object per record: the `--format json` line.
pub fn record_json(
    out: &mut (impl Write + ?Sized),
    source: &Source,
    index: usize,
    report: Option<&verifier::Report>,
    problems: &[Problem],
) {
    let located: Vec<Problem> = problems.iter().map(|p| source.locate(p)).collect();
    let violations = located
        .iter()
        .map(|p| {
            let lc = p.span.map(|s| source.line_col(s.start as usize));
            Finding {
                problem: p,
                line: lc.map(|l| l.0),
                column: lc.map(|l| l.1),
                offset: p.span.map(|s| s.start),
                length: p.span.map(|s| s.end - s.start),
            }
        })
        .collect();
    let settled = report.filter(|r| r.settled);
    let line = RecordLine {
        file: &source.name,
        record: index,
        variant: report.and_then(|r| r.variant),
        readable: report.is_some(),
        violations,
        ledger: settled.map(|r| r.ledger.as_slice()),
        totals: settled.map(|r| r.totals.as_slice()),
        pots: settled
            .and_then(|r| r.pots)
            .map(|[king, pagat]| Pots { king, pagat }),
    };
    let _ = serde_json::to_writer(&mut *out, &line);
    let _ = writeln!(out);
}
