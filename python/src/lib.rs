//! The `tarok` Python package's native module (`tarok._tarok`): records
//! read from text, JSON or JSON Lines, written back, and verified, on top of
//! the `tarok-notation` and `tarok-verifier` crates.
//!
//! The Python-facing documentation is in `tarok/_tarok.pyi` (with
//! examples); the docstrings here say the same in short.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use notation::{Party, Problem, Record};
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use rayon::prelude::*;

pyo3::create_exception!(
    tarok,
    ParseError,
    PyValueError,
    "A record could not be read. `findings` lists why; `file`, `line`, `column` and `path` say where the first fault is."
);

/// Where records came from: enough to point at a finding.
struct Source {
    /// File name, or `None` for text given directly.
    name: Option<String>,
    /// The text of the record's chunk, or of the whole document.
    text: String,
    /// Offset of `text` in the file.
    base: usize,
    /// Lines of the file before `text`.
    base_line: usize,
    json: bool,
    /// One number per document read: a session is the records of one.
    doc: u64,
}

/// One record read, or why it could not be, with where it came from.
type Item = (Result<Record, Vec<Problem>>, Arc<Source>);

static DOCS: AtomicU64 = AtomicU64::new(0);

fn next_doc() -> u64 {
    DOCS.fetch_add(1, Ordering::Relaxed)
}

impl Source {
    /// 1-based line and column (in characters) of a byte offset in the file.
    fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut local = offset.saturating_sub(self.base).min(self.text.len());
        while !self.text.is_char_boundary(local) {
            local -= 1;
        }
        let before = &self.text[..local];
        let line = self.base_line + before.matches('\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |n| n + 1);
        (line, before[start..].chars().count() + 1)
    }
}

/// Tells JSON from text by the first characters (as `tarok` does): a `{`
/// that opens no object's first key (`{}` too) opens a text comment.
fn is_json(text: &str) -> bool {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    if let Some(rest) = t.strip_prefix('{') {
        let rest = rest.trim_start();
        if let Some(body) = rest.strip_prefix('"') {
            let mut escaped = false;
            for (i, c) in body.char_indices() {
                match (escaped, c) {
                    (true, _) => escaped = false,
                    (false, '\\') => escaped = true,
                    (false, '"') => return body[i + 1..].trim_start().starts_with(':'),
                    _ => {}
                }
            }
        }
        return false;
    }
    if let Some(rest) = t.strip_prefix('[') {
        let rest = rest.trim_start();
        return rest.starts_with('{') || rest.starts_with(']');
    }
    false
}

/// A finding: a parse error, a structural fault, or a broken rule.
#[pyclass(module = "tarok", frozen, get_all)]
#[derive(Clone)]
struct Finding {
    kind: String,
    rule: Option<String>,
    seat: Option<u8>,
    player: Option<String>,
    trick: Option<u16>,
    card: Option<String>,
    message: String,
    help: String,
    file: Option<String>,
    line: Option<usize>,
    column: Option<usize>,
    offset: Option<usize>,
    length: Option<usize>,
    path: Option<String>,
}

#[pymethods]
impl Finding {
    fn __repr__(&self) -> String {
        format!(
            "<Finding {} at {}: {:?}>",
            self.code(),
            self.place(),
            self.message
        )
    }

    fn __str__(&self) -> String {
        format!("{}: {}: {}", self.place(), self.code(), self.message)
    }

    /// `kind[RULE]`, or `kind` when no rule was broken.
    #[getter]
    fn code(&self) -> String {
        match &self.rule {
            Some(rule) => format!("{}[{rule}]", self.kind),
            None => self.kind.clone(),
        }
    }
}

impl Finding {
    fn new(p: &Problem, source: &Source, players: &[String]) -> Finding {
        let lc = p.span.map(|s| source.line_col(s.start as usize));
        let path = p.path.clone().or_else(|| {
            let span = p.span?;
            source
                .json
                .then(|| {
                    notation::json::path_at(
                        &source.text,
                        (span.start as usize).saturating_sub(source.base),
                    )
                })
                .flatten()
        });
        Finding {
            kind: p.kind.to_string(),
            rule: p.rule.map(str::to_string),
            seat: p.seat,
            player: p.seat.and_then(|s| players.get(s as usize).cloned()),
            trick: p.trick,
            card: p.card.map(|c| c.to_string()),
            message: p.message.clone(),
            help: p.help.clone(),
            file: source.name.clone(),
            line: lc.map(|l| l.0),
            column: lc.map(|l| l.1),
            offset: p.span.map(|s| s.start as usize),
            length: p.span.map(|s| s.len()),
            path,
        }
    }

    fn place(&self) -> String {
        let mut at = self.file.clone().unwrap_or_else(|| "<text>".into());
        if let (Some(l), Some(c)) = (self.line, self.column) {
            at.push_str(&format!(":{l}:{c}"));
        }
        if let Some(p) = &self.path {
            at.push_str(&format!(" ({p})"));
        }
        at
    }
}

fn players(record: &Record) -> Vec<String> {
    record
        .tag("Players")
        .map(|t| t.value.split(';').map(|p| p.trim().to_string()).collect())
        .unwrap_or_default()
}

fn parse_error(problems: &[Problem], source: &Source, index: usize) -> PyErr {
    let findings: Vec<Finding> = problems
        .iter()
        .map(|p| Finding::new(p, source, &[]))
        .collect();
    let first = findings.first().cloned();
    let message = match &first {
        Some(f) => format!("record {index}: {}", f.__str__()),
        None => format!("record {index} could not be read"),
    };
    Python::attach(|py| {
        let err = ParseError::new_err(message);
        let value = err.value(py);
        let _ = value.setattr("findings", findings.clone());
        let _ = value.setattr("record", index);
        let _ = value.setattr("file", first.as_ref().and_then(|f| f.file.clone()));
        let _ = value.setattr("line", first.as_ref().and_then(|f| f.line));
        let _ = value.setattr("column", first.as_ref().and_then(|f| f.column));
        let _ = value.setattr("path", first.as_ref().and_then(|f| f.path.clone()));
        err
    })
}

/// One deal, as read from text or JSON.
#[pyclass(module = "tarok", name = "Record", frozen)]
struct PyRecord {
    record: Record,
    source: Arc<Source>,
}

fn card_list(items: &[notation::Item]) -> Vec<String> {
    items.iter().map(|i| i.card.to_string()).collect()
}

#[pymethods]
impl PyRecord {
    /// The variant named by the `Variant` tag.
    #[getter]
    fn variant(&self) -> Option<String> {
        self.record.variant().map(|v| v.to_string())
    }

    /// The tags, in order, as a dict (the first tag of a name wins).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for t in &self.record.tags {
            if !d.contains(&*t.name)? {
                d.set_item(&*t.name, &*t.value)?;
            }
        }
        Ok(d)
    }

    /// The players' names from the `Players` tag, by seat.
    #[getter]
    fn players(&self) -> Vec<String> {
        players(&self.record)
    }

    /// The dealt hands: seat → card codes. Empty in a partial record.
    #[getter]
    fn hands(&self) -> Vec<(u8, Vec<String>)> {
        self.record
            .hands
            .iter()
            .map(|h| (h.seat, card_list(&h.cards)))
            .collect()
    }

    /// The talon's cards, if the record has a talon.
    #[getter]
    fn talon(&self) -> Option<Vec<String>> {
        self.record.talon.as_ref().map(|t| card_list(&t.cards))
    }

    /// The tricks: each a list of card codes in play order from the leader.
    #[getter]
    fn tricks(&self) -> Vec<Vec<String>> {
        self.record
            .tricks
            .iter()
            .map(|t| card_list(&t.plays))
            .collect()
    }

    /// The comments before the first tag.
    #[getter]
    fn comments(&self) -> Vec<String> {
        self.record.comments.clone()
    }

    /// The file the record was read from, if any.
    #[getter]
    fn file(&self) -> Option<String> {
        self.source.name.clone()
    }

    /// The line the record starts on (1-based) in its file or text.
    #[getter]
    fn line(&self) -> usize {
        self.source.line_col(self.record.span.start as usize).0
    }

    /// The record as JSON: compact (one line, a JSON Lines row), or indented.
    #[pyo3(signature = (indent = false))]
    fn to_json(&self, indent: bool) -> String {
        if indent {
            notation::json::to_json_pretty(&self.record)
        } else {
            notation::json::to_json(&self.record)
        }
    }

    /// The record as a plain dict (the JSON form, `spec/json.md`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?
            .call_method1("loads", (notation::json::to_json(&self.record),))
    }

    /// The record in the canonical text notation.
    fn to_text(&self) -> String {
        notation::to_text(&self.record)
    }

    fn __str__(&self) -> String {
        self.to_text()
    }

    fn __repr__(&self) -> String {
        let variant = self.variant().unwrap_or_else(|| "?".into());
        let at = match &self.source.name {
            Some(n) => format!(" from {n}:{}", self.line()),
            None => String::new(),
        };
        format!(
            "<Record {variant}, {} hands, {} tricks{at}>",
            self.record.hands.len(),
            self.record.tricks.len()
        )
    }

    /// Records are equal when their contents are (not where they were read).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyRecord>()
            .is_ok_and(|o| o.get().record == self.record)
    }
}

/// Parses a whole text or JSON document.
fn parse_doc(text: String, name: Option<String>) -> Vec<Item> {
    let json = is_json(&text);
    let source = Arc::new(Source {
        name,
        text,
        base: 0,
        base_line: 0,
        json,
        doc: next_doc(),
    });
    let results = if json {
        notation::json::parse_json_doc(&source.text)
    } else {
        notation::parse_str(&source.text)
    };
    results.into_iter().map(|r| (r, source.clone())).collect()
}

fn collect(items: Vec<Item>, py: Python<'_>) -> PyResult<Vec<Py<PyRecord>>> {
    let mut out = Vec::with_capacity(items.len());
    for (i, (result, source)) in items.into_iter().enumerate() {
        match result {
            Ok(record) => out.push(Py::new(py, PyRecord { record, source })?),
            Err(problems) => return Err(parse_error(&problems, &source, i)),
        }
    }
    Ok(out)
}

fn read_file(path: &str) -> PyResult<String> {
    let bytes = std::fs::read(path).map_err(|e| PyOSError::new_err(format!("{path}: {e}")))?;
    String::from_utf8(bytes).map_err(|_| PyValueError::new_err(format!("{path}: not UTF-8 text")))
}

/// Parses records from text (the notation, JSON or JSON Lines) or a file.
#[pyfunction]
fn parse(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyRecord>>> {
    let (text, name) = if let Ok(s) = source.cast::<PyString>() {
        let s: String = s.extract()?;
        // One line that cannot start a record (a tag `[` or a comment `{`)
        // and names a file is a path.
        let t = s.trim_start();
        if !s.contains('\n') && !t.starts_with(['[', '{']) && std::path::Path::new(&s).is_file() {
            (read_file(&s)?, Some(s))
        } else {
            (s, None)
        }
    } else {
        let fspath = py
            .import("os")?
            .call_method1("fspath", (source,))
            .map_err(|_| {
                PyTypeError::new_err(
                    "parse() takes the text of records (str) or a path (os.PathLike)",
                )
            })?;
        let path: String = fspath.extract()?;
        (read_file(&path)?, Some(path))
    };
    let items = py.detach(|| parse_doc(text, name));
    collect(items, py)
}

/// Reads one record from JSON: a str holding one JSON object, or a dict.
#[pyfunction]
fn from_json(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Py<PyRecord>> {
    let text: String = if let Ok(s) = obj.cast::<PyString>() {
        s.extract::<String>()?
    } else if let Ok(b) = obj.extract::<Vec<u8>>() {
        String::from_utf8(b).map_err(|_| PyValueError::new_err("JSON bytes must be UTF-8"))?
    } else {
        py.import("json")?
            .call_method1("dumps", (obj,))?
            .extract()?
    };
    let source = Source {
        name: None,
        text,
        base: 0,
        base_line: 0,
        json: true,
        doc: next_doc(),
    };
    match notation::json::from_json(&source.text) {
        Ok(record) => Py::new(
            py,
            PyRecord {
                record,
                source: Arc::new(source),
            },
        ),
        Err(problems) => Err(parse_error(&problems, &source, 0)),
    }
}

/// How `read` takes a file apart.
enum Mode {
    Text {
        splitter: notation::parse::Splitter,
        buf: String,
        base: usize,
        base_line: usize,
    },
    Lines {
        offset: usize,
        line_no: usize,
    },
    Done,
}

/// Records streamed from a file: see `tarok.read`.
#[pyclass(module = "tarok")]
struct Reader {
    name: String,
    reader: Option<Box<dyn BufRead + Send + Sync>>,
    mode: Mode,
    pending: std::collections::VecDeque<Item>,
    index: usize,
    doc: u64,
}

impl Reader {
    /// Reads on until at least one record is pending or the file ends.
    fn fill(&mut self) -> std::io::Result<()> {
        let mut line = String::new();
        while self.pending.is_empty() {
            let Some(reader) = self.reader.as_mut() else {
                return Ok(());
            };
            line.clear();
            let n = reader.read_line(&mut line)?;
            if n == 0 {
                self.reader = None;
            }
            match &mut self.mode {
                Mode::Lines { offset, line_no } => {
                    if !line.trim().is_empty() {
                        let source = Arc::new(Source {
                            name: Some(self.name.clone()),
                            text: line.clone(),
                            base: *offset,
                            base_line: *line_no,
                            json: true,
                            doc: self.doc,
                        });
                        for r in notation::json::parse_json_doc_at(&source.text, *offset) {
                            self.pending.push_back((r, source.clone()));
                        }
                    }
                    *offset += n;
                    *line_no += 1;
                }
                Mode::Text {
                    splitter,
                    buf,
                    base,
                    base_line,
                } => {
                    let chunk = if n == 0 {
                        let cut = buf.len();
                        Some((std::mem::take(buf), cut))
                    } else {
                        let start = buf.len();
                        buf.push_str(&line);
                        splitter.cut(buf, start, buf.len()).map(|cut| {
                            let chunk = buf[..cut].to_string();
                            buf.drain(..cut);
                            splitter.shift(cut);
                            (chunk, cut)
                        })
                    };
                    if let Some((chunk, cut)) = chunk {
                        let lines = chunk.matches('\n').count();
                        if !chunk.trim().is_empty() {
                            let result = notation::parse_record(&chunk, *base);
                            let source = Arc::new(Source {
                                name: Some(self.name.clone()),
                                text: chunk,
                                base: *base,
                                base_line: *base_line,
                                json: false,
                                doc: self.doc,
                            });
                            self.pending.push_back((result, source));
                        }
                        *base += cut;
                        *base_line += lines;
                    }
                }
                Mode::Done => self.reader = None,
            }
        }
        Ok(())
    }
}

#[pymethods]
impl Reader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyRecord>>> {
        if self.pending.is_empty() {
            let filled = py.detach(|| self.fill());
            filled.map_err(|e| PyOSError::new_err(format!("{}: {e}", self.name)))?;
        }
        let Some((result, source)) = self.pending.pop_front() else {
            return Ok(None);
        };
        let index = self.index;
        self.index += 1;
        match result {
            Ok(record) => Ok(Some(Py::new(py, PyRecord { record, source })?)),
            Err(problems) => Err(parse_error(&problems, &source, index)),
        }
    }
}

/// Streams the records of a file: text, JSON or JSON Lines.
#[pyfunction]
fn read(py: Python<'_>, path: &Bound<'_, PyAny>) -> PyResult<Reader> {
    let path: String = py
        .import("os")?
        .call_method1("fspath", (path,))?
        .extract()?;
    let file = File::open(&path).map_err(|e| PyOSError::new_err(format!("{path}: {e}")))?;
    let mut reader: Box<dyn BufRead + Send + Sync> =
        Box::new(BufReader::with_capacity(1 << 16, file));
    let head = String::from_utf8_lossy(reader.fill_buf()?).into_owned();
    let ext = std::path::Path::new(&path)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_string();
    let json = match ext.as_str() {
        "json" | "jsonl" => true,
        "tarok" => false,
        _ => is_json(&head),
    };
    let doc = next_doc();
    let mut pending = std::collections::VecDeque::new();
    let mode = if json && ext != "jsonl" {
        // One JSON document: read whole.
        let mut text = String::new();
        reader
            .read_to_string(&mut text)
            .map_err(|e| PyOSError::new_err(format!("{path}: {e}")))?;
        let source = Arc::new(Source {
            name: Some(path.clone()),
            text,
            base: 0,
            base_line: 0,
            json: true,
            doc,
        });
        for r in py.detach(|| notation::json::parse_json_doc(&source.text)) {
            pending.push_back((r, source.clone()));
        }
        Mode::Done
    } else if json {
        Mode::Lines {
            offset: 0,
            line_no: 0,
        }
    } else {
        let bom = head.starts_with('\u{feff}');
        if bom {
            reader.consume(3);
        }
        Mode::Text {
            splitter: notation::parse::Splitter::default(),
            buf: String::new(),
            base: if bom { 3 } else { 0 },
            base_line: 0,
        }
    };
    Ok(Reader {
        name: path,
        reader: (!matches!(mode, Mode::Done)).then_some(reader),
        mode,
        pending,
        index: 0,
        doc,
    })
}

/// A payment of the ledger.
#[pyclass(module = "tarok", frozen, get_all)]
#[derive(Clone)]
struct Payment {
    payer: PartyValue,
    payee: PartyValue,
    amount: i64,
    rule: String,
    reason: String,
    at: String,
    trick: Option<u16>,
}

#[pymethods]
impl Payment {
    fn __repr__(&self) -> String {
        format!(
            "<Payment {} pays {} {} [{}] {}: {}>",
            self.payer.show(),
            self.payee.show(),
            self.amount,
            self.rule,
            self.at,
            self.reason
        )
    }
}

/// A seat (int) or a pot (str).
#[derive(Clone, IntoPyObject)]
enum PartyValue {
    Seat(u8),
    Pot(String),
}

impl PartyValue {
    fn new(p: Party) -> PartyValue {
        match p {
            Party::Seat(s) => PartyValue::Seat(s),
            Party::Pot(p) => PartyValue::Pot(p.word().to_string()),
        }
    }
    fn show(&self) -> String {
        match self {
            PartyValue::Seat(s) => format!("seat {s}"),
            PartyValue::Pot(p) => p.clone(),
        }
    }
}

impl<'py> IntoPyObject<'py> for &PartyValue {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;
    fn into_pyobject(self, py: Python<'py>) -> Result<Self::Output, PyErr> {
        self.clone().into_pyobject(py)
    }
}

/// What verifying one record found.
#[pyclass(module = "tarok", frozen, get_all)]
struct Report {
    record: Py<PyRecord>,
    variant: Option<String>,
    findings: Vec<Finding>,
    ledger: Vec<Payment>,
    totals: Vec<i64>,
    pots: Option<std::collections::BTreeMap<String, i64>>,
    settled: bool,
}

#[pymethods]
impl Report {
    /// True when the record has no findings.
    #[getter]
    fn is_clean(&self) -> bool {
        self.findings.is_empty()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Report of {}: {} finding(s), totals {:?}>",
            self.record.get().__repr__(),
            self.findings.len(),
            self.totals
        )
    }
}

fn moment(m: verifier::Moment) -> (String, Option<u16>) {
    use verifier::Moment::*;
    let s = match m {
        Deal => "deal",
        Auction => "auction",
        Calls => "calls",
        Discard => "discard",
        Declarations => "declarations",
        Trick(n) => return ("trick".into(), Some(n)),
        Settlement => "settlement",
    };
    (s.into(), None)
}

/// Verifies records: as sessions (one per document read), or each on its own.
#[pyfunction]
#[pyo3(signature = (records, independent = false))]
fn verify(py: Python<'_>, records: &Bound<'_, PyAny>, independent: bool) -> PyResult<Vec<Report>> {
    let mut held: Vec<Py<PyRecord>> = Vec::new();
    for item in records.try_iter()? {
        let item = item?;
        let record = item
            .cast::<PyRecord>()
            .map_err(|_| PyTypeError::new_err("verify() takes an iterable of tarok.Record"))?;
        held.push(record.clone().unbind());
    }
    let refs: Vec<&PyRecord> = held.iter().map(|r| r.get()).collect();
    let reports: Vec<verifier::Report> = py.detach(|| {
        if independent {
            refs.par_iter()
                .map(|r| verifier::verify(&r.record, &mut verifier::Session::default()))
                .collect()
        } else {
            // One input, one session, cut where `Session` tags say (as
            // `tarok verify` does).
            // The binding shows no events: the engines need not build them.
            let mut sessions = verifier::session::Sessions::default().without_events();
            let mut doc = None;
            refs.iter()
                .map(|r| {
                    if doc.replace(r.source.doc) != Some(r.source.doc) {
                        sessions = verifier::session::Sessions::default().without_events();
                    }
                    sessions.verify(&r.record)
                })
                .collect()
        }
    });
    let mut out = Vec::with_capacity(reports.len());
    for (report, record) in reports.into_iter().zip(held) {
        let r = record.get();
        let names = players(&r.record);
        let findings = report
            .problems
            .iter()
            .map(|p| Finding::new(p, &r.source, &names))
            .collect();
        let ledger = if report.settled {
            report
                .ledger
                .iter()
                .map(|p| {
                    let (at, trick) = moment(p.at);
                    Payment {
                        payer: PartyValue::new(p.payer),
                        payee: PartyValue::new(p.payee),
                        amount: p.amount,
                        rule: p.rule.to_string(),
                        reason: p.reason.to_string(),
                        at,
                        trick,
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        let pots = report.pots.filter(|_| report.settled).map(|[k, p]| {
            [("king-pot".to_string(), k), ("pagat-pot".to_string(), p)]
                .into_iter()
                .collect()
        });
        out.push(Report {
            variant: report.variant.map(|v| v.to_string()),
            findings,
            ledger,
            totals: if report.settled {
                report.totals
            } else {
                Vec::new()
            },
            pots,
            settled: report.settled,
            record,
        });
    }
    Ok(out)
}

/// Random legal deals played out with random legal moves (`tarok gen`).
#[pyfunction]
#[pyo3(signature = (variant, seed = 1, count = 1, seats = None))]
fn generate(
    py: Python<'_>,
    variant: &str,
    seed: u64,
    count: usize,
    seats: Option<u8>,
) -> PyResult<Vec<Py<PyRecord>>> {
    let v: notation::Variant = variant.parse().map_err(|_| {
        PyValueError::new_err(format!(
            "`{variant}` is not a variant (danish-tarok, french-tarot, koenigrufen, skill7-tarock)"
        ))
    })?;
    let seats = seats.unwrap_or(v.table_sizes()[0]);
    let records = py.detach(|| {
        let mut rng = verifier::gen::Rng::new(seed);
        (0..count)
            .map(|i| verifier::gen::deal_at(v, seats, &mut rng, i))
            .collect::<Option<Vec<Record>>>()
    });
    let records = records
        .ok_or_else(|| PyValueError::new_err(format!("{v} is not played at a table of {seats}")))?;
    // Spans point into the canonical text, so findings can be located.
    let text = notation::records_to_text(&records);
    collect(py.detach(|| parse_doc(text, None)), py)
}

#[pymodule]
fn _tarok(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRecord>()?;
    m.add_class::<Reader>()?;
    m.add_class::<Report>()?;
    m.add_class::<Finding>()?;
    m.add_class::<Payment>()?;
    m.add("ParseError", m.py().get_type::<ParseError>())?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(from_json, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    Ok(())
}
