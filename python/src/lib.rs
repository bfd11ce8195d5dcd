//! The `tarok` Python package's native module (`tarok._tarok`): records
//! read from text, JSON or JSON Lines, written back, and verified, on top of
//! the `tarok-notation` and `tarok-verifier` crates.
//!
//! The Python-facing documentation is in `tarok/_tarok.pyi` (with
//! examples); the docstrings here say the same in short.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex, OnceLock};

use notation::{Party, Problem, Record, Seat};
use pyo3::exceptions::{
    PyFileNotFoundError, PyIsADirectoryError, PyOSError, PyTypeError, PyValueError,
};
use pyo3::prelude::*;
use pyo3::types::PyString;
use tarok::input::{self, Source};
use tarok::players;
use verifier::session::{Grouping, Sessions};

// The allocator `tarok` has (src/main.rs): records and reports are made on
// the verifying thread and dropped on Python's, a pattern mimalloc
// (`tarok_alloc`) handles far better than the system allocator. Python's own objects keep Python's
// allocator; only Rust's allocations go through this one.
#[global_allocator]
static ALLOCATOR: tarok_alloc::MiMalloc = tarok_alloc::MiMalloc;

/// `tarok.RecordBuilder`: records built in code.
mod build;
/// `tarok.frames`: the analysis tables as Arrow IPC streams.
mod frames;
/// `tarok.Game` and `tarok.Move`: one deal step by step.
mod game;
mod notebook;

pyo3::create_exception!(
    tarok,
    ParseError,
    PyValueError,
    "A record could not be read. `findings` lists why; `file`, `line`, `column` and `path` say where the first fault is."
);

/// One record read (by the `tarok` library's reader), or why it could not
/// be, with where it came from.
type Item = input::Item;

/// One record read, or why it could not be, with its [`Origin`].
type Got = (Result<Record, Vec<Problem>>, Origin);

/// Where a record came from: the library's [`Source`] and the document it
/// was read with: a session is the records of one document, as `tarok
/// verify` makes a file one session. Records made by `from_json` share
/// document 0, so the rows of one JSON Lines file verified together are
/// one session, as the CLI reads that file.
#[derive(Clone)]
struct Origin {
    source: Arc<Source>,
    /// The source has a file name (not text given directly).
    named: bool,
    doc: u64,
}

static DOCS: AtomicU64 = AtomicU64::new(1);

fn next_doc() -> u64 {
    DOCS.fetch_add(1, Ordering::Relaxed)
}

/// The next thing a reading thread sent (an error once it is gone).
fn recv<T>(rx: &Mutex<Receiver<T>>) -> Result<T, std::sync::mpsc::RecvError> {
    match rx.lock() {
        Ok(rx) => rx.recv(),
        Err(_) => Err(std::sync::mpsc::RecvError),
    }
}

/// The name shown for text given directly.
const NO_FILE: &str = "<text>";

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
    claimed: Option<i64>,
    computed: Option<i64>,
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

    /// Pickled by its fields (a finding is a value).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (FindingState,))> {
        let state = slf.get().state();
        Ok((slf.get_type().getattr("_restore")?, (state,)))
    }

    #[classmethod]
    fn _restore(_cls: &Bound<'_, pyo3::types::PyType>, state: FindingState) -> Finding {
        let ((kind, rule, seat, player, trick, card, message, help), rest) = state;
        let (file, line, column, offset, length, path, claimed, computed) = rest;
        Finding {
            kind,
            rule,
            seat,
            player,
            trick,
            card,
            message,
            help,
            file,
            line,
            column,
            offset,
            length,
            path,
            claimed,
            computed,
        }
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Finding>().is_ok_and(|o| {
            let o = o.get();
            (o.state()) == self.state()
        })
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.state().into_pyobject(py)?.hash()
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

/// A finding's fields, as pickled.
type FindingState = (
    (
        String,
        Option<String>,
        Option<u8>,
        Option<String>,
        Option<u16>,
        Option<String>,
        String,
        String,
    ),
    (
        Option<String>,
        Option<usize>,
        Option<usize>,
        Option<usize>,
        Option<usize>,
        Option<String>,
        Option<i64>,
        Option<i64>,
    ),
);

impl Finding {
    fn state(&self) -> FindingState {
        let f = self.clone();
        (
            (
                f.kind, f.rule, f.seat, f.player, f.trick, f.card, f.message, f.help,
            ),
            (
                f.file, f.line, f.column, f.offset, f.length, f.path, f.claimed, f.computed,
            ),
        )
    }

    fn new(p: &Problem, origin: &Origin, players: &[String]) -> Finding {
        let source = &origin.source;
        let lc = p.span.map(|s| source.line_col(s.start as usize));
        let path = source.locate(p).path;
        Finding {
            kind: p.kind.to_string(),
            rule: p.rule.map(|r| r.id().to_string()),
            seat: p.seat.map(Seat::number),
            player: p
                .seat
                .and_then(|s| players::name(players, s))
                .map(str::to_string),
            trick: p.trick,
            card: p.card.map(|c| c.to_string()),
            message: p.message.clone(),
            help: p.help.clone(),
            file: origin.named.then(|| source.name.to_string()),
            line: lc.map(|l| l.0),
            column: lc.map(|l| l.1),
            offset: p.span.map(|s| source.base + s.start as usize),
            length: p.span.map(|s| s.len()),
            path,
            claimed: p.claimed,
            computed: p.computed,
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

fn parse_error(problems: &[Problem], source: &Origin, index: usize) -> PyErr {
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

/// One deal, as read from text or JSON, built, or edited (its tags).
#[pyclass(module = "tarok", name = "Record")]
struct PyRecord {
    record: Record,
    source: Origin,
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

    /// The tags, in order, as a mutable mapping that writes through to
    /// the record (`tarok.Tags`; the first tag of a name wins).
    #[getter]
    fn tags<'py>(slf: Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        py.import("tarok._tags")?.getattr("Tags")?.call1((slf,))
    }

    /// The tags as `(name, value)` pairs, the first of each name, in order.
    fn _tag_items(&self) -> Vec<(String, String)> {
        let mut seen = std::collections::HashSet::new();
        self.record
            .tags
            .iter()
            .filter(|t| seen.insert(t.name.to_string()))
            .map(|t| (t.name.to_string(), t.value.to_string()))
            .collect()
    }

    /// Sets a tag (the first of that name, or a new one at the end), or
    /// removes it (`value` None); see `edit`.
    #[pyo3(signature = (name, value))]
    fn _set_tag(&mut self, py: Python<'_>, name: &str, value: Option<&str>) -> PyResult<()> {
        let mut next = self.record.clone();
        let at = next.tags.iter().position(|t| t.name == name);
        match (at, value) {
            (Some(i), Some(v)) => next.tags[i].value = notation::TagText::Owned(v.to_string()),
            (None, Some(v)) => {
                notation::build::Builder::new(notation::Variant::DanishTarok)
                    .tag(name, v)
                    .map_err(|p| PyValueError::new_err(format!("{}: {}", p.message, p.help)))?;
                next.tags.push(notation::Tag::new(name, v));
            }
            (Some(i), None) => {
                next.tags.remove(i);
            }
            (None, None) => return Err(pyo3::exceptions::PyKeyError::new_err(name.to_string())),
        }
        self.edit(py, next)
    }

    /// A copy (records are values: the copy is edited on its own).
    fn __copy__(&self) -> PyRecord {
        PyRecord {
            record: self.record.clone(),
            source: self.source.clone(),
        }
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyRecord {
        self.__copy__()
    }

    /// Pickled as its canonical text: unpickled, it is a record made in
    /// code (no file; sessions as `from_json`'s).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let make = slf.get_type().getattr("_from_text")?;
        Ok((make, (slf.borrow().to_text(),)))
    }

    /// The record of a canonical text (for pickle).
    #[classmethod]
    fn _from_text(
        _cls: &Bound<'_, pyo3::types::PyType>,
        py: Python<'_>,
        text: String,
    ) -> PyResult<PyRecord> {
        made(py, text)
    }

    /// The players' names from the `Players` tag, by seat.
    #[getter]
    fn players(&self) -> Vec<String> {
        players::names(&self.record)
    }

    /// The dealt hands: seat → card codes. Empty in a partial record.
    #[getter]
    fn hands(&self) -> Vec<(u8, Vec<String>)> {
        self.record
            .hands
            .iter()
            .map(|h| (h.seat.number(), card_list(&h.cards)))
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
        self.source
            .named
            .then(|| self.source.source.name.to_string())
    }

    /// The line the record starts on (1-based) in its file or text.
    #[getter]
    fn line(&self) -> usize {
        self.source
            .source
            .line_col(self.record.span.start as usize)
            .0
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

    /// The deal as HTML for notebooks, drawn as `tarok explain --format
    /// html` draws it (verified on its own).
    fn _repr_html_(&self) -> String {
        notebook::record_html(&self.record)
    }

    fn __repr__(&self) -> String {
        let variant = self.variant().unwrap_or_else(|| "?".into());
        let at = match self.file() {
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
            .is_ok_and(|o| o.try_borrow().is_ok_and(|o| o.record == self.record))
    }
}

impl PyRecord {
    /// Takes `next` as the record, read back from its canonical text so
    /// that its findings are located in that text (as `tarok verify`
    /// locates them in a file of it); refused, the record unchanged,
    /// unless the text reads back to `next`.
    fn edit(&mut self, py: Python<'_>, next: Record) -> PyResult<()> {
        let text = notation::to_text(&next);
        let mut items = py.detach(|| read_doc(text, None));
        match items.pop() {
            Some((Ok(record), source)) if items.is_empty() && record == next => {
                self.record = record;
                self.source = Origin {
                    doc: self.source.doc,
                    ..source
                };
                Ok(())
            }
            Some((Err(problems), _)) => Err(PyValueError::new_err(format!(
                "the record would not read back: {}",
                problems.first().map_or(String::new(), |p| format!(
                    "{}: {}",
                    p.kind.as_str(),
                    p.message
                ))
            ))),
            _ => Err(PyValueError::new_err(
                "the record would not read back as edited",
            )),
        }
    }
}

/// A record made in code from its canonical `text`: no file, and the
/// session of the records made from JSON (document 0, see `Origin`).
fn made(py: Python<'_>, text: String) -> PyResult<PyRecord> {
    let mut items = py.detach(|| read_doc(text, None));
    match items.pop() {
        Some((Ok(record), source)) if items.is_empty() => Ok(PyRecord {
            record,
            source: Origin { doc: 0, ..source },
        }),
        Some((Err(problems), source)) => Err(parse_error(&problems, &source, 0)),
        _ => Err(PyValueError::new_err("one record expected")),
    }
}

/// The records of a text given whole, read as `tarok` reads a file of
/// that text (the library's reader: its sniffing, limits and faults).
fn read_doc(text: String, name: Option<String>) -> Vec<Got> {
    let doc = next_doc();
    let named = name.is_some();
    let mut out = Vec::new();
    let shown = name.unwrap_or_else(|| NO_FILE.into());
    // Reading text held in memory cannot fail.
    let _ = input::read_str(&shown, text, |(result, source)| {
        out.push((result, Origin { source, named, doc }))
    });
    out
}

fn collect(items: Vec<Got>, py: Python<'_>) -> PyResult<Vec<Py<PyRecord>>> {
    let mut out = Vec::with_capacity(items.len());
    for (i, (result, source)) in items.into_iter().enumerate() {
        match result {
            Ok(record) => out.push(Py::new(py, PyRecord { record, source })?),
            Err(problems) => return Err(parse_error(&problems, &source, i)),
        }
    }
    Ok(out)
}

/// An OS error on `path` as the matching Python exception.
fn os_error(path: &str, e: &std::io::Error) -> PyErr {
    let message = format!("{path}: {e}");
    match e.kind() {
        std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
        std::io::ErrorKind::IsADirectory => PyIsADirectoryError::new_err(message),
        _ => PyOSError::new_err(message),
    }
}

/// Checks that `path` is a file `tarok` reads: a regular file (a FIFO or a
/// device such as `/dev/zero` is refused at once, as the CLI refuses it).
fn readable(path: &str) -> PyResult<()> {
    let meta = std::fs::metadata(path).map_err(|e| os_error(path, &e))?;
    if meta.is_dir() {
        return Err(PyIsADirectoryError::new_err(format!(
            "{path}: is a directory"
        )));
    }
    match input::not_regular(Path::new(path)) {
        Some(why) => Err(PyOSError::new_err(format!("{path}: {why}"))),
        None => Ok(()),
    }
}

/// The path named by `obj` (a str or an `os.PathLike`).
fn fspath(py: Python<'_>, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    py.import("os")?
        .call_method1("fspath", (obj,))
        .map_err(|_| PyTypeError::new_err(what.to_string()))?
        .extract()
}

/// Whether one line given to `parse()` is meant as a path: it cannot start
/// a record, and it names a file or looks like a file's name.
fn looks_like_path(s: &str) -> bool {
    let t = s.trim();
    !s.contains('\n')
        && !t.is_empty()
        && !t.starts_with(['[', '{'])
        && (Path::new(t).is_file()
            || t.contains(std::path::MAIN_SEPARATOR)
            || input::has_extension(Path::new(t), &["tarok", "json", "jsonl"]))
}

/// Parses records from text (the notation, JSON or JSON Lines) or a file.
#[pyfunction]
fn parse(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<Vec<Py<PyRecord>>> {
    let path = match source.cast::<PyString>() {
        Ok(s) => {
            let s: String = s.extract()?;
            if !looks_like_path(&s) {
                let items = py.detach(|| read_doc(s, None));
                return collect(items, py);
            }
            s
        }
        Err(_) => fspath(
            py,
            source,
            "parse() takes the text of records (str) or a path (os.PathLike)",
        )?,
    };
    let reader = open_reader(py, &path)?;
    let mut out = Vec::new();
    for record in reader {
        out.push(record?);
    }
    Ok(out)
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
    let source = Origin {
        source: Arc::new(Source {
            name: NO_FILE.into(),
            text,
            base: 0,
            base_line: 0,
            element: None,
        }),
        named: false,
        // Records made from JSON share a session (see `Origin`).
        doc: 0,
    };
    match notation::json::from_json(&source.source.text) {
        Ok(record) => Py::new(py, PyRecord { record, source }),
        Err(problems) => Err(parse_error(&problems, &source, 0)),
    }
}

/// What the reading thread sends: records read, a batch at a time (one
/// hand-off, and one release of the GIL, a batch rather than a record),
/// or the reader's error after the records before it.
type Sent = Result<Vec<Item>, std::io::Error>;

/// Items sent on a channel a batch at a time: one hand-off (and on the
/// taking side one release of the GIL) a batch rather than an item. A send
/// fails once the receiver is dropped: the rest goes nowhere.
struct Batcher<'a, T, M> {
    batch: Vec<T>,
    size: usize,
    tx: &'a SyncSender<M>,
    wrap: fn(Vec<T>) -> M,
    gone: bool,
}

impl<'a, T, M> Batcher<'a, T, M> {
    fn new(size: usize, tx: &'a SyncSender<M>, wrap: fn(Vec<T>) -> M) -> Self {
        Batcher {
            batch: Vec::with_capacity(size),
            size,
            tx,
            wrap,
            gone: false,
        }
    }

    fn push(&mut self, item: T) {
        if self.gone {
            return;
        }
        self.batch.push(item);
        if self.batch.len() == self.size {
            let full = std::mem::replace(&mut self.batch, Vec::with_capacity(self.size));
            self.gone = self.tx.send((self.wrap)(full)).is_err();
        }
    }

    /// Sends the last batch, if any.
    fn finish(self) {
        if !self.gone && !self.batch.is_empty() {
            let _ = self.tx.send((self.wrap)(self.batch));
        }
    }
}

/// Records sent at once by the reading thread, and batches sent and not
/// yet taken at most: memory stays flat whatever the file's size.
const READ_BATCH: usize = 64;
const READ_AHEAD: usize = 2;

/// Records streamed from a file: see `tarok.read`. The `tarok` library
/// reads the file on a thread of its own, at most [`READ_AHEAD`] batches
/// of [`READ_BATCH`] records ahead.
#[pyclass(module = "tarok")]
struct Reader {
    name: String,
    doc: u64,
    index: usize,
    got: Option<Mutex<Receiver<Sent>>>,
    /// Records received, not yet taken.
    ready: std::collections::VecDeque<Item>,
}

fn open_reader(py: Python<'_>, path: &str) -> PyResult<Reader> {
    readable(path)?;
    let (tx, rx) = sync_channel::<Sent>(READ_AHEAD);
    let owned = path.to_string();
    py.detach(|| {
        std::thread::spawn(move || {
            let mut batches = Batcher::new(READ_BATCH, &tx, Ok);
            let read = input::read_records(Path::new(&owned), |item| batches.push(item));
            batches.finish();
            if let Err(e) = read {
                let _ = tx.send(Err(e));
            }
        })
    });
    Ok(Reader {
        name: path.to_string(),
        doc: next_doc(),
        index: 0,
        got: Some(Mutex::new(rx)),
        ready: Default::default(),
    })
}

impl Reader {
    /// The next record read, or why not; `None` at the end.
    fn next_item(&mut self, py: Python<'_>) -> PyResult<Option<Got>> {
        while self.ready.is_empty() {
            let Some(rx) = &self.got else {
                return Ok(None);
            };
            match py.detach(|| recv(rx)) {
                Ok(Ok(batch)) => self.ready.extend(batch),
                Ok(Err(e)) => {
                    self.got = None;
                    return Err(os_error(&self.name, &e));
                }
                Err(_) => {
                    self.got = None;
                    return Ok(None);
                }
            }
        }
        Ok(self.ready.pop_front().map(|(result, source)| {
            (
                result,
                Origin {
                    source,
                    named: true,
                    doc: self.doc,
                },
            )
        }))
    }
}

impl Iterator for Reader {
    type Item = PyResult<Py<PyRecord>>;
    fn next(&mut self) -> Option<Self::Item> {
        Python::attach(|py| self.__next__(py).transpose())
    }
}

#[pymethods]
impl Reader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyRecord>>> {
        let Some((result, source)) = self.next_item(py)? else {
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
    let path = fspath(py, path, "read() takes a path (str or os.PathLike)")?;
    open_reader(py, &path)
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

/// A payment's fields, as pickled.
type PaymentState = (
    PartyValue,
    PartyValue,
    i64,
    String,
    String,
    String,
    Option<u16>,
);

#[pymethods]
impl Payment {
    /// Pickled by its fields (a payment is a value).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (PaymentState,))> {
        let p = slf.get().clone();
        let state = (p.payer, p.payee, p.amount, p.rule, p.reason, p.at, p.trick);
        Ok((slf.get_type().getattr("_restore")?, (state,)))
    }

    #[classmethod]
    fn _restore(_cls: &Bound<'_, pyo3::types::PyType>, state: PaymentState) -> Payment {
        let (payer, payee, amount, rule, reason, at, trick) = state;
        Payment {
            payer,
            payee,
            amount,
            rule,
            reason,
            at,
            trick,
        }
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Payment>().is_ok_and(|o| {
            let o = o.get();
            (
                &o.payer, &o.payee, o.amount, &o.rule, &o.reason, &o.at, o.trick,
            ) == (
                &self.payer,
                &self.payee,
                self.amount,
                &self.rule,
                &self.reason,
                &self.at,
                self.trick,
            )
        })
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        let p = self.clone();
        (p.payer, p.payee, p.amount, p.rule, p.reason, p.at, p.trick)
            .into_pyobject(py)?
            .hash()
    }

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
#[derive(Clone, PartialEq, IntoPyObject, FromPyObject)]
enum PartyValue {
    Seat(u8),
    Pot(String),
}

impl PartyValue {
    fn new(p: Party) -> PartyValue {
        match p {
            Party::Seat(s) => PartyValue::Seat(s.number()),
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
#[pyclass(module = "tarok", frozen)]
struct Report {
    /// The record verified; `None` when it could not be read (its
    /// `findings` then say why, as `tarok verify` does). Made when first
    /// asked for when `unmade` holds it (see there).
    record: OnceLock<Option<Py<PyRecord>>>,
    /// A record cut from a text file and verified, not yet made for
    /// Python: its text, parsed again when `record` is first asked for.
    /// The parsed record is dropped on the thread that verified it, as
    /// `tarok verify` drops it, instead of being handed to Python's
    /// thread (every report of a file is made, few records are looked at).
    unmade: Option<Origin>,
    #[pyo3(get)]
    variant: Option<&'static str>,
    #[pyo3(get)]
    findings: Vec<Finding>,
    #[pyo3(get)]
    settled: bool,
    /// The verifier's report: the ledger and the pots are written out from
    /// it when asked for (`ledger`, `pots`), and `_repr_html_` draws it.
    verified: Arc<notebook::Verified>,
}

#[pymethods]
impl Report {
    /// True when the record has no findings.
    #[getter]
    fn is_clean(&self) -> bool {
        self.findings.is_empty()
    }

    /// Every payment in the order the rules make them; empty when the deal
    /// was not settled (as `tarok verify --format json`).
    #[getter]
    fn ledger(&self) -> Vec<Payment> {
        let Some(report) = self.settled_report() else {
            return Vec::new();
        };
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
    }

    /// Danish Tarok: the pots after a settled deal.
    #[getter]
    fn pots(&self) -> Option<std::collections::BTreeMap<String, i64>> {
        let [k, p] = self.settled_report()?.pots?;
        Some(
            [("king-pot".to_string(), k), ("pagat-pot".to_string(), p)]
                .into_iter()
                .collect(),
        )
    }

    /// The record verified; `None` when it could not be read.
    #[getter]
    fn record(&self, py: Python<'_>) -> PyResult<Option<Py<PyRecord>>> {
        if self.record.get().is_none() {
            let made = match &self.unmade {
                Some(origin) => {
                    let text = &origin.source.text;
                    // The text read as `tarok::input` read it (`Chunk::read`:
                    // `parse_record` of the record's own text, base 0): the
                    // same record, spans and all.
                    match py.detach(|| notation::parse_record(text, 0)) {
                        Ok(record) => Some(Py::new(
                            py,
                            PyRecord {
                                record,
                                source: origin.clone(),
                            },
                        )?),
                        Err(_) => {
                            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                                "a record verified no longer reads from its text",
                            ))
                        }
                    }
                }
                None => None,
            };
            // Another thread may have made it meanwhile: theirs is kept.
            let _ = self.record.set(made);
        }
        Ok(self
            .record
            .get()
            .and_then(|r| r.as_ref().map(|r| r.clone_ref(py))))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let of = match self.record(py)? {
            Some(r) => r.borrow(py).__repr__(),
            None => "an unreadable record".into(),
        };
        Ok(format!(
            "<Report of {of}: {} finding(s), totals {:?}>",
            self.findings.len(),
            self.totals()
        ))
    }

    /// What each seat won or paid in the deal (empty unless settled),
    /// read from the verifier's report when asked for: a list of its own
    /// is not made for every report of a file.
    #[getter]
    fn totals(&self) -> Vec<i64> {
        match &self.verified.report {
            Some(r) if self.settled => r.totals.clone(),
            _ => Vec::new(),
        }
    }

    /// The findings, ledger and totals as HTML for notebooks, drawn as
    /// `tarok explain --format html` draws them under a deal.
    fn _repr_html_(&self, py: Python<'_>) -> PyResult<String> {
        let record = self.record(py)?;
        let record = record.as_ref().map(|r| r.borrow(py));
        Ok(notebook::report_html(
            record.as_ref().map(|r| &r.record),
            &self.verified,
        ))
    }
}

impl Report {
    /// The verifier's report of a settled deal.
    fn settled_report(&self) -> Option<&verifier::Report> {
        self.verified.report.as_ref().filter(|r| r.settled)
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

/// A report as Python shows it, built without the interpreter: the
/// findings located, the ledger, totals and pots only of a settled deal
/// (as `tarok verify --format json`).
fn report_of(
    record: Option<Py<PyRecord>>,
    read: Option<&Record>,
    origin: &Origin,
    report: Option<verifier::Report>,
    unread: Vec<Problem>,
) -> Report {
    let problems = report
        .as_ref()
        .map_or(unread.as_slice(), |r| r.problems.as_slice());
    // The players' names only name the seats of findings.
    let names = match read {
        Some(record) if !problems.is_empty() => players::names(record),
        _ => Vec::new(),
    };
    let findings = problems
        .iter()
        .map(|p| Finding::new(p, origin, &names))
        .collect();
    let settled = report.as_ref().filter(|r| r.settled);
    let variant = report
        .as_ref()
        .and_then(|r| r.variant)
        .or_else(|| read.and_then(Record::variant))
        .map(|v| v.name());
    let settled = settled.is_some();
    Report {
        variant,
        findings,
        settled,
        record: match record {
            Some(record) => OnceLock::from(Some(record)),
            None => OnceLock::new(),
        },
        unmade: None,
        verified: Arc::new(notebook::Verified { report, unread }),
    }
}

fn grouping(independent: bool) -> Grouping {
    if independent {
        Grouping::Independent
    } else {
        Grouping::File
    }
}

/// Records verified one by one in the sessions of one input, as `tarok
/// verify` follows the records of one file: the state carried from deal to
/// deal (Danish pots, the next dealer, running scores), a fresh one where a
/// `Session` tag starts a session.
#[pyclass(module = "tarok")]
struct Session {
    sessions: Sessions,
}

#[pymethods]
impl Session {
    #[new]
    #[pyo3(signature = (independent = false))]
    fn new(independent: bool) -> Session {
        Session {
            sessions: Sessions::new(grouping(independent)).without_events(),
        }
    }

    /// Verifies the next record of the input.
    fn verify(&mut self, py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<Report> {
        let record = record
            .cast::<PyRecord>()
            .map_err(|_| PyTypeError::new_err("Session.verify() takes a tarok.Record"))?;
        let r = record.borrow();
        let r = &*r;
        let sessions = &mut self.sessions;
        let report = py.detach(|| sessions.verify(&r.record));
        Ok(report_of(
            Some(record.clone().unbind()),
            Some(&r.record),
            &r.source,
            Some(report),
            Vec::new(),
        ))
    }

    /// A record of the input could not be read: what it carried to the
    /// next deal is lost (Danish Tarok: the next deal's pots are unknown),
    /// as `tarok verify` goes on after an unreadable record.
    fn lost(&mut self) {
        self.sessions.lost();
    }

    /// The 0-based number of the session of the last record verified.
    #[getter]
    fn number(&self) -> usize {
        self.sessions.number()
    }
}

/// A record of a file verified: the record (`None`: it could not be read,
/// or it is made later from its text, `Report::unmade`), where it came
/// from, and its report ready for Python (findings located, players named,
/// the ledger written out), made on the verifying thread without the GIL.
/// A record verified and its report made ready for Python: the record
/// itself only when it was read from JSON (one cut from text is made from
/// its text when asked for, `Report::unmade`); boxed, as it is rarely
/// there and the three are moved a few times on their way.
type Verified = (Option<Box<Record>>, Origin, Report);

/// What the verifying thread of a file sends: reports in order, a batch
/// at a time (one hand-off, and one release of the GIL, a batch rather than
/// a record), then how the file ended.
enum Reports {
    Batch(Vec<Verified>),
    /// Every record of the file was sent.
    End,
    /// The reader's error, after the reports of the records before it.
    Failed(std::io::Error),
    /// The verifying thread panicked (a bug): raised, never taken for the
    /// end of the file.
    Panicked(String),
}

// A Python object holds a class's Rust value where Python's allocator put
// the object: aligned to 16 bytes, not to what the type asks beyond that. A
// value aligned to more (AVX vectors, as `memchr`'s finders hold) would be
// read misaligned and fault; `input::Chunks` boxes its cutter for this.
// Every class of the package is held to it here, at compile time.
const _: () = {
    const fn fits<T>() -> bool {
        std::mem::align_of::<T>() <= 16
    }
    assert!(fits::<build::PyBuilder>() && fits::<game::PyMove>() && fits::<game::PyGame>());
    assert!(fits::<Finding>() && fits::<PyRecord>() && fits::<Reader>() && fits::<Payment>());
    assert!(fits::<Report>() && fits::<Session>() && fits::<Verification>());
};

/// Reports streamed: see `tarok.verify`.
#[pyclass(module = "tarok")]
struct Verification {
    how: How,
}

enum How {
    /// Records given by the caller, verified here in batches of at most
    /// [`BATCH`] (the replays in parallel, `Sessions::verify_batch`, the
    /// reports those of verifying them one by one), a batch cut where a
    /// new document starts a session.
    Records {
        iter: Py<PyAny>,
        sessions: Sessions,
        independent: bool,
        doc: Option<u64>,
        /// Reports verified, not yet taken.
        ready: std::collections::VecDeque<Report>,
        /// The record that starts the next batch (a new document), or
        /// what the caller's iterator raised after the batch, in order.
        next: Option<PyResult<Py<PyRecord>>>,
        done: bool,
    },
    /// A file verified by the `tarok` library on threads of its own (the
    /// CLI's pipeline), at most [`BATCHES`] batches of [`FILE_BATCH`]
    /// reports ahead.
    File {
        name: String,
        got: Option<Mutex<Receiver<Reports>>>,
        /// Reports received, not yet taken.
        ready: std::vec::IntoIter<Verified>,
    },
    /// A text file on one core: cut, verified and made ready here, on
    /// Python's thread with the GIL released, a batch at a time when the
    /// reports before it are taken, as `tarok verify` does on its one
    /// thread. No thread of its own that the one core would take turns
    /// with (issue 29 item 4).
    Here {
        name: String,
        /// `None` once the file is done, or stopped.
        chunks: Option<Mutex<input::Chunks>>,
        sessions: Sessions,
        doc: u64,
        /// Reports made, not yet taken.
        ready: std::vec::IntoIter<Verified>,
    },
}

#[pymethods]
impl Verification {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Report>> {
        match &mut self.how {
            How::Records {
                iter,
                sessions,
                independent,
                doc,
                ready,
                next,
                done,
            } => {
                if ready.is_empty() {
                    if let Some(Err(e)) = next.take_if(|n| n.is_err()) {
                        return Err(e);
                    }
                    if !*done {
                        let (batch, fresh) = take_batch(py, iter, *independent, doc, next, done)?;
                        if fresh {
                            *sessions = Sessions::new(Grouping::File).without_events();
                        }
                        ready.extend(verify_batch(py, sessions, *independent, &batch));
                    }
                }
                match ready.pop_front() {
                    Some(report) => Ok(Some(report)),
                    None => match next.take() {
                        Some(Err(e)) => Err(e),
                        _ => Ok(None),
                    },
                }
            }
            How::Here {
                name,
                chunks,
                sessions,
                doc,
                ready,
            } => {
                while ready.as_slice().is_empty() {
                    let Some(cut) = chunks else {
                        return Ok(None);
                    };
                    let doc = *doc;
                    let run = py.detach(|| {
                        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            verify_chunks(cut, sessions, doc)
                        }))
                    });
                    match run {
                        Ok(Ok(Some(batch))) => *ready = batch.into_iter(),
                        Ok(Ok(None)) => *chunks = None,
                        Ok(Err(e)) => {
                            *chunks = None;
                            return Err(os_error(name, &e));
                        }
                        Err(panic) => {
                            *chunks = None;
                            return Err(pyo3::panic::PanicException::new_err(format!(
                                "verifying {name} stopped: {}",
                                panic_words(&*panic)
                            )));
                        }
                    }
                }
                ready.next().map(|v| taken(py, v)).transpose()
            }
            How::File { name, got, ready } => {
                while ready.as_slice().is_empty() {
                    let Some(rx) = got else {
                        return Ok(None);
                    };
                    match py.detach(|| recv(rx)) {
                        Ok(Reports::Batch(batch)) => *ready = batch.into_iter(),
                        Ok(Reports::Failed(e)) => {
                            *got = None;
                            return Err(os_error(name, &e));
                        }
                        Ok(Reports::Panicked(why)) => {
                            *got = None;
                            return Err(pyo3::panic::PanicException::new_err(format!(
                                "verifying {name} stopped: {why}"
                            )));
                        }
                        Ok(Reports::End) => *got = None,
                        // The thread is gone without a word: only a panic
                        // that could not be told does that.
                        Err(_) => {
                            *got = None;
                            return Err(pyo3::panic::PanicException::new_err(format!(
                                "verifying {name} stopped"
                            )));
                        }
                    }
                }
                ready.next().map(|v| taken(py, v)).transpose()
            }
        }
    }
}

/// A report made ready for Python taken by it: with its record when the
/// record goes with it.
fn taken(py: Python<'_>, (record, origin, shown): Verified) -> PyResult<Report> {
    Ok(match record {
        Some(record) => {
            let record = PyRecord {
                record: *record,
                source: origin,
            };
            Report {
                record: OnceLock::from(Some(Py::new(py, record)?)),
                ..shown
            }
        }
        None => shown,
    })
}

/// The next batch of a text file's records ([`input::Chunks`]) verified
/// in `sessions` and made ready for Python, as `verify_path` makes them;
/// `None` at the end of the file.
fn verify_chunks(
    chunks: &Mutex<input::Chunks>,
    sessions: &mut Sessions,
    doc: u64,
) -> std::io::Result<Option<Vec<Verified>>> {
    let batch = chunks
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .next_batch()?;
    let Some(batch) = batch else {
        return Ok(None);
    };
    let mut made = Vec::with_capacity(batch.len());
    tarok::pipeline::verify_cut(batch, sessions, |(result, from), report| {
        let result = match result {
            Ok(record) => Ok(&**record),
            Err(problems) => Err(std::mem::take(problems)),
        };
        made.push(ready_for_python(result, from, report.take(), doc));
    });
    Ok(Some(made))
}

/// A record read (or why it could not be) and its report, made ready for
/// Python. A record cut from text is made for Python from its text when
/// asked for (`Report::unmade`); one read from JSON goes with its report.
fn ready_for_python(
    result: Result<&Record, Vec<Problem>>,
    from: &input::Origin,
    report: Option<verifier::Report>,
    doc: u64,
) -> Verified {
    let origin = Origin {
        source: from.source(),
        named: true,
        doc,
    };
    match (result, report) {
        (Ok(record), Some(report)) => {
            let mut shown = report_of(None, Some(record), &origin, Some(report), Vec::new());
            if matches!(from, input::Origin::Cut(_)) {
                shown.unmade = Some(origin.clone());
                (None, origin, shown)
            } else {
                (Some(Box::new(record.clone())), origin, shown)
            }
        }
        (Ok(_), None) => unreachable!("a record read has its report"),
        (Err(problems), _) => {
            let shown = report_of(None, None, &origin, None, problems);
            (None, origin, shown)
        }
    }
}

/// What a panic said, for the exception that tells it.
fn panic_words(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}

/// Reports of a file sent at once by its verifying thread.
const FILE_BATCH: usize = 64;

/// Batches of a file sent and not yet taken, at most: with the batch being
/// filled and the one being taken, memory holds a few hundred reports.
const BATCHES: usize = 2;

/// Verifies the file at `path` as `tarok verify` does (one session, cut by
/// `Session` tags, or each record on its own), sending the reports to `tx`
/// in batches; see [`Reports`]. With one core (what
/// [`tarok::pipeline::threads`] says), the records are read, verified and
/// made ready here ([`tarok::pipeline::verify_here`], as `verify_file` does
/// on one thread), and moved into their reports rather than copied; with
/// more, through the pipeline's threads.
fn verify_path(path: &Path, independent: bool, doc: u64, tx: &SyncSender<Reports>) {
    let mut sessions = Sessions::new(grouping(independent)).without_events();
    let mut batches = Batcher::new(FILE_BATCH, tx, Reports::Batch);
    let threads = tarok::pipeline::threads();
    let done = if threads > 1 {
        tarok::pipeline::verify(
            path,
            threads,
            &mut sessions,
            &mut |(result, from), report| {
                let result = result.as_deref().map_err(Clone::clone);
                batches.push(ready_for_python(result, from, report.cloned(), doc));
            },
        )
    } else {
        // `pipeline::verify_file` on one thread, each report taken here
        // (a JSON file: text on one core is verified on Python's thread).
        tarok::pipeline::verify_here(path, &mut sessions, |(result, from), report| {
            let result = match result {
                Ok(record) => Ok(&**record),
                Err(problems) => Err(std::mem::take(problems)),
            };
            batches.push(ready_for_python(result, from, report.take(), doc));
        })
    };
    batches.finish();
    let _ = tx.send(match done {
        Ok(()) => Reports::End,
        Err(e) => Reports::Failed(e),
    });
}

/// The most records verified at once from an iterable (their replays in
/// parallel): enough that waking the threads of each batch costs little
/// beside its work (about 5 µs a record), few enough that memory stays
/// small (a report is a few KB).
const BATCH: usize = 512;

/// The next batch of records from the caller's iterator: at most
/// [`BATCH`], all of one document (one session) unless `independent`.
/// `next` keeps the record of a new document, or the error the iterator
/// raised, for after the batch; `done` is set at the iterator's end.
/// `true` with a batch that starts a new document: a fresh session.
fn take_batch(
    py: Python<'_>,
    iter: &Py<PyAny>,
    independent: bool,
    doc: &mut Option<u64>,
    next: &mut Option<PyResult<Py<PyRecord>>>,
    done: &mut bool,
) -> PyResult<(Vec<Py<PyRecord>>, bool)> {
    let mut iter = iter
        .bind(py)
        .clone()
        .cast_into::<pyo3::types::PyIterator>()?;
    let (mut batch, mut fresh) = (Vec::new(), false);
    while batch.len() < BATCH {
        let record = match next.take() {
            Some(r) => r,
            None => match iter.next() {
                None => {
                    *done = true;
                    break;
                }
                Some(item) => item.and_then(|item| {
                    Ok(item
                        .cast_into::<PyRecord>()
                        .map_err(|_| {
                            PyTypeError::new_err(
                                "verify() takes an iterable of tarok.Record, or a path",
                            )
                        })?
                        .unbind())
                }),
            },
        };
        let record = match record {
            Ok(r) => r,
            // Raised after the reports of the records before it.
            Err(e) if !batch.is_empty() => {
                *next = Some(Err(e));
                break;
            }
            Err(e) => return Err(e),
        };
        // One document, one session (as one file for the CLI): a batch
        // ends where a new document starts.
        let this = record.bind(py).borrow().source.doc;
        if !independent && *doc != Some(this) {
            if !batch.is_empty() {
                *next = Some(Ok(record));
                break;
            }
            *doc = Some(this);
            fresh = true;
        }
        batch.push(record);
    }
    Ok((batch, fresh))
}

/// The reports of a batch, in order, with the GIL released: the replays
/// in parallel, then each report made ready for Python (findings located,
/// players named, the ledger written out) in parallel too; the reports are
/// those of verifying the records one by one.
fn verify_batch(
    py: Python<'_>,
    sessions: &mut Sessions,
    independent: bool,
    batch: &[Py<PyRecord>],
) -> Vec<Report> {
    use rayon::prelude::*;
    let held: Vec<PyRef<'_, PyRecord>> = batch.iter().map(|r| r.borrow(py)).collect();
    let got: Vec<&PyRecord> = held.iter().map(|r| &**r).collect();
    let shown: Vec<Report> = py.detach(|| {
        if independent {
            // Nothing carries from record to record: each verified and
            // made ready in one parallel pass, a session of its own.
            return got
                .par_iter()
                .map(|r| {
                    let report = Sessions::new(Grouping::Independent)
                        .without_events()
                        .verify(&r.record);
                    report_of(None, Some(&r.record), &r.source, Some(report), Vec::new())
                })
                .collect();
        }
        let records: Vec<Option<&Record>> = got.iter().map(|r| Some(&r.record)).collect();
        let reports = sessions.verify_batch(&records);
        got.par_iter()
            .zip(reports.into_par_iter())
            .map(|(r, report)| report_of(None, Some(&r.record), &r.source, report, Vec::new()))
            .collect()
    });
    shown
        .into_iter()
        .zip(batch)
        .map(|(shown, r)| Report {
            record: OnceLock::from(Some(r.clone_ref(py))),
            ..shown
        })
        .collect()
}

/// Verifies records as `tarok verify` does, report by report: a path
/// (str or os.PathLike) is read and verified by the CLI's own pipeline
/// (one file, one session, cut by `Session` tags); an iterable of records
/// is verified as they come, one session per document read (the records
/// of `from_json` share one), in batches of up to 512 replayed in
/// parallel, the reports those of verifying them one by one.
#[pyfunction]
#[pyo3(signature = (records, independent = false))]
fn verify(py: Python<'_>, records: &Bound<'_, PyAny>, independent: bool) -> PyResult<Verification> {
    let is_path = records.cast::<PyString>().is_ok() || records.hasattr("__fspath__")?;
    if !is_path {
        return Ok(Verification {
            how: How::Records {
                iter: records.try_iter()?.into_any().unbind(),
                sessions: Sessions::new(grouping(independent)).without_events(),
                independent,
                doc: None,
                ready: Default::default(),
                next: None,
                done: false,
            },
        });
    }
    let path = fspath(py, records, "verify() takes records or a path")?;
    readable(&path)?;
    let doc = next_doc();
    if tarok::pipeline::threads() == 1 {
        // One core: a text file is verified on this thread as the reports
        // are taken (`How::Here`); JSON on a thread of its own, below.
        let chunks = py
            .detach(|| input::text_chunks(Path::new(&path)))
            .map_err(|e| os_error(&path, &e))?;
        if let Some(chunks) = chunks {
            return Ok(Verification {
                how: How::Here {
                    name: path,
                    chunks: Some(Mutex::new(chunks)),
                    sessions: Sessions::new(grouping(independent)).without_events(),
                    doc,
                    ready: Vec::new().into_iter(),
                },
            });
        }
    }
    let (tx, rx) = sync_channel::<Reports>(BATCHES);
    let owned = path.clone();
    std::thread::spawn(move || {
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            verify_path(Path::new(&owned), independent, doc, &tx)
        }));
        if let Err(panic) = run {
            let _ = tx.send(Reports::Panicked(panic_words(&*panic)));
        }
    });
    Ok(Verification {
        how: How::File {
            name: path,
            got: Some(Mutex::new(rx)),
            ready: Vec::new().into_iter(),
        },
    })
}

/// Random legal deals played out with random legal moves, as `tarok gen`
/// makes them (the `tarok` library's `gen::Deals`): one session in order,
/// hands sorted as held, `hands` fixed as `--hands` takes them, the Danish
/// pots carried from deal to deal.
#[pyfunction]
#[pyo3(signature = (variant, seed = 1, count = 1, seats = None, hands = None))]
fn generate(
    py: Python<'_>,
    variant: &str,
    seed: u64,
    count: usize,
    seats: Option<u8>,
    hands: Option<Vec<String>>,
) -> PyResult<Vec<Py<PyRecord>>> {
    let hands = hands.unwrap_or_default();
    let records = py
        .detach(|| {
            tarok::gen::Deals::new(variant, seed, count, seats, &hands)?
                .collect::<Result<Vec<Record>, _>>()
        })
        .map_err(|e| {
            PyValueError::new_err(match e {
                tarok::gen::Error::Hands(m) => format!("hands: {m}"),
                e => e.to_string(),
            })
        })?;
    // Spans point into the canonical text, so findings can be located.
    let text = notation::records_to_text(&records);
    collect(py.detach(|| read_doc(text, None)), py)
}

#[pymodule]
fn _tarok(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRecord>()?;
    m.add_class::<Reader>()?;
    m.add_class::<Report>()?;
    m.add_class::<Finding>()?;
    m.add_class::<Payment>()?;
    m.add_class::<Session>()?;
    m.add_class::<Verification>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The names the Rust enums are written as, as `typing.Literal` types.
    let literal = m.py().import("typing")?.getattr("Literal")?;
    let words = |w: Vec<String>| pyo3::types::PyTuple::new(m.py(), w);
    let variants = words(
        notation::Variant::ALL
            .iter()
            .map(|v| v.to_string())
            .collect(),
    )?;
    m.add("Variant", literal.get_item(variants)?)?;
    let kinds = words(notation::Kind::ALL.iter().map(|k| k.to_string()).collect())?;
    m.add("Kind", literal.get_item(kinds)?)?;
    // A party of a payment: a seat number, or a Danish pot.
    let types = m.py().import("builtins")?;
    let party = (types.getattr("int")?, types.getattr("str")?);
    m.add(
        "Party",
        m.py().import("typing")?.getattr("Union")?.get_item(party)?,
    )?;
    m.add("ParseError", m.py().get_type::<ParseError>())?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(from_json, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    game::register(m)?;
    build::register(m)?;
    frames::register(m)?;
    Ok(())
}
