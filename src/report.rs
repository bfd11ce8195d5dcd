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

/// The findings of one record for people; `names` (the `Players` tag) put
/// the player beside each seat: "seat 2 (Cara)".
pub fn problems_text(
    out: &mut (impl Write + ?Sized),
    source: &Source,
    names: &[String],
    problems: &[Problem],
) {
    for p in problems {
        let named = Problem {
            message: crate::players::name_seats(&p.message, names),
            label: crate::players::name_seats(&p.label, names),
            ..p.clone()
        };
        let _ = writeln!(out, "{}", render(source, &named));
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
    offset: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    length: Option<u32>,
}

#[derive(Serialize)]
struct RecordLine<'a> {
    file: &'a str,
    record: usize,
    /// false when the record could not be read at all.
    readable: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<notation::Variant>,
    /// The players' names by seat (`Players` tag).
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    players: &'a [String],
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
    record: Option<&notation::Record>,
    report: Option<&verifier::Report>,
    problems: &[Problem],
) {
    let names = record.map(crate::players::names).unwrap_or_default();
    let violations = problems
        .iter()
        .map(|p| {
            let lc = p.span.map(|s| source.line_col(s.start as usize));
            Finding {
                problem: p,
                player: p.seat.and_then(|s| crate::players::name(&names, s)),
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
        readable: report.is_some(),
        variant: record.and_then(notation::Record::variant),
        players: &names,
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
