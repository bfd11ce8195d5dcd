//! Reading inputs: files and folders, text or JSON, as a stream of records
//! with the source text each one came from (for diagnostics).

use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use notation::{Problem, Record};

mod jsonl;
mod text;
use text::{stream_chunks, stream_text, Reads};
pub use text::{Chunk, Chunks};

/// How a source is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Text,
    Json,
}

/// Where a record came from: enough to point at it.
pub struct Source {
    /// The file's name as shown, shared by the records of a file.
    pub name: Arc<str>,
    /// The text of this record's chunk (text form), or of the JSON document.
    pub text: String,
    /// Offset of `text` in the file (spans of its records count from
    /// `text`, so a file of any size is placed right).
    pub base: usize,
    /// Lines of the file before `text` starts.
    pub base_line: usize,
    /// The place of `text` in the JSON array it was cut from (a JSON array
    /// is read element by element): the first step of a JSON path.
    pub element: Option<usize>,
}

impl Source {
    /// Whether this source is JSON (a JSON document, or a line of JSON Lines).
    pub fn is_json(&self) -> bool {
        sniff(&self.text) == Form::Json
    }

    /// The problem with its JSON path filled in, for a finding on JSON
    /// input that points at a value (`tricks[3].plays[1]`).
    pub fn locate(&self, problem: &Problem) -> Problem {
        let mut p = problem.clone();
        if let (None, Some(span)) = (&p.path, p.span) {
            if self.is_json() {
                let path = notation::json::path_at(&self.text, span.start as usize);
                p.path = match (self.element, path) {
                    (Some(i), Some(path)) => Some(format!("[{i}].{path}")),
                    (Some(i), None) => Some(format!("[{i}]")),
                    (None, path) => path,
                };
            }
        }
        p
    }

    /// 1-based line and column of a byte offset in `text`. Lines end at LF
    /// (a CR alone is white space, spec/notation.md §2.1); the column counts
    /// characters. For many places of one record, [`Lines`] is linear.
    pub fn line_col(&self, local: usize) -> (usize, usize) {
        Lines::new(self).line_col(local)
    }
}

/// Lines and columns of places in one source, counted on from the last
/// place asked for: places asked for in order cost one pass over the text
/// in all (a place before the last one starts the count again).
pub struct Lines<'s> {
    text: &'s str,
    base_line: usize,
    /// The last place asked for, its line (0-based in `text`) and column
    /// (characters from its line's start).
    at: usize,
    line: usize,
    column: usize,
}

impl<'s> Lines<'s> {
    pub fn new(source: &'s Source) -> Lines<'s> {
        Lines {
            text: &source.text,
            base_line: source.base_line,
            at: 0,
            line: 0,
            column: 0,
        }
    }

    /// 1-based line and column of a byte offset in the source's text.
    pub fn line_col(&mut self, local: usize) -> (usize, usize) {
        let mut local = local.min(self.text.len());
        while !self.text.is_char_boundary(local) {
            local -= 1;
        }
        if local < self.at {
            (self.at, self.line, self.column) = (0, 0, 0);
        }
        let between = &self.text.as_bytes()[self.at..local];
        match memchr::memrchr(b'\n', between) {
            Some(last) => {
                self.line += memchr::memchr_iter(b'\n', between).count();
                self.column = self.text[self.at + last + 1..local].chars().count();
            }
            None => self.column += self.text[self.at..local].chars().count(),
        }
        self.at = local;
        (self.base_line + self.line + 1, self.column + 1)
    }

    /// The lines and columns of the starts of `spans`, in their order,
    /// counted in one pass (the places sorted first).
    pub fn of_all(
        source: &'s Source,
        spans: impl Iterator<Item = Option<usize>>,
    ) -> Vec<Option<(usize, usize)>> {
        let starts: Vec<Option<usize>> = spans.collect();
        let mut order: Vec<usize> = (0..starts.len()).filter(|&i| starts[i].is_some()).collect();
        order.sort_by_key(|&i| starts[i]);
        let mut lines = Lines::new(source);
        let mut out = vec![None; starts.len()];
        for i in order {
            out[i] = starts[i].map(|at| lines.line_col(at));
        }
        out
    }
}

/// Says whether a file name ends in one of `extensions`, in any case
/// (`X.TAROK` is a `.tarok` file).
pub fn has_extension(path: &Path, extensions: &[&str]) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| extensions.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

/// The files a list of paths names: folders are walked for files with one
/// of `extensions` (in any case), in name order; a symbolic link to a file
/// is followed, one to a folder is not. Nothing is skipped silently: what
/// the walk cannot read (a folder without permission, a broken link) and a
/// folder with no such file at all come back as errors, next to the files
/// that were found.
pub fn collect_files(paths: &[PathBuf], extensions: &[&str]) -> (Vec<PathBuf>, Vec<String>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            out.push(path.clone());
            continue;
        }
        if path.is_dir() {
            let mut found: Vec<PathBuf> = Vec::new();
            for entry in walkdir::WalkDir::new(path).sort_by_file_name() {
                let entry = match entry {
                    Ok(e) => e,
                    Err(e) => {
                        let at = e.path().unwrap_or(path).display().to_string();
                        let why = e
                            .io_error()
                            .map_or_else(|| e.to_string(), |io| io.to_string());
                        errors.push(format!("{at}: {why}"));
                        continue;
                    }
                };
                let file = entry.file_type().is_file()
                    || entry.path_is_symlink() && entry.path().is_file();
                if file && has_extension(entry.path(), extensions) {
                    found.push(entry.into_path());
                } else if let Some(why) = (!entry.file_type().is_dir()
                    && has_extension(entry.path(), extensions))
                .then(|| not_regular(entry.path()))
                .flatten()
                {
                    errors.push(format!("{}: {why}", entry.path().display()));
                } else if entry.path_is_symlink()
                    && !entry.path().exists()
                    && has_extension(entry.path(), extensions)
                {
                    errors.push(format!("{}: a broken link", entry.path().display()));
                }
            }
            if found.is_empty() {
                let kinds: Vec<String> = extensions.iter().map(|e| format!(".{e}")).collect();
                errors.push(format!(
                    "{}: no record found (no {} file in this folder)",
                    path.display(),
                    kinds.join(", ")
                ));
            }
            found.sort();
            out.extend(found);
        } else if path.exists() {
            match not_regular(path) {
                None => out.push(path.clone()),
                Some(why) => errors.push(format!("{}: {why}", path.display())),
            }
        } else {
            errors.push(format!("{}: no such file or folder", path.display()));
        }
    }
    (out, errors)
}

/// Why `path` (followed if a link) is not read: a FIFO, a device or a
/// socket is never opened (opening a FIFO waits for a writer; a device
/// never ends). None for a regular file, and for a path that cannot be
/// looked at (opening it says why).
pub fn not_regular(path: &Path) -> Option<String> {
    let kind = std::fs::metadata(path).ok()?.file_type();
    if kind.is_file() || kind.is_dir() {
        return None;
    }
    #[cfg(unix)]
    let what = {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            "a FIFO"
        } else if kind.is_char_device() {
            "a character device"
        } else if kind.is_block_device() {
            "a block device"
        } else if kind.is_socket() {
            "a socket"
        } else {
            "not a regular file"
        }
    };
    #[cfg(not(unix))]
    let what = "not a regular file";
    Some(format!(
        "{what}, not read (only regular files are; `-` reads standard input)"
    ))
}

pub fn form_of(path: &Path, head: &str) -> Form {
    if has_extension(path, &["json", "jsonl"]) {
        Form::Json
    } else if has_extension(path, &["tarok"]) {
        Form::Text
    } else {
        sniff(head)
    }
}

/// Tells JSON from text by the first characters: an object whose first
/// key is followed by `:`, or `[` followed by `{` or `]`, is JSON. A text
/// record starts with `[Variant` or a comment: any other `{`, an empty one
/// (`{}`, `{ }`) included, opens a comment, and JSON has none.
pub fn sniff(head: &str) -> Form {
    let t = head.trim_start_matches('\u{feff}').trim_start();
    if let Some(rest) = t.strip_prefix('{') {
        let rest = rest.trim_start();
        if let Ok((after, _)) = json_string(rest) {
            if after.trim_start().starts_with(':') {
                return Form::Json;
            }
        }
        return Form::Text;
    }
    if let Some(rest) = t.strip_prefix('[') {
        let rest = rest.trim_start();
        if rest.starts_with('{') || rest.starts_with(']') {
            return Form::Json;
        }
    }
    Form::Text
}

/// A JSON string at the start of `s`: the rest after it.
fn json_string(s: &str) -> Result<(&str, &str), ()> {
    let body = s.strip_prefix('"').ok_or(())?;
    let mut escaped = false;
    for (i, c) in body.char_indices() {
        match (escaped, c) {
            (true, _) => escaped = false,
            (false, '\\') => escaped = true,
            (false, '"') => return Ok((&body[i + 1..], &body[..i])),
            _ => {}
        }
    }
    Err(())
}

pub fn open(path: &Path) -> io::Result<Box<dyn BufRead + Send>> {
    if path.as_os_str() == "-" {
        Ok(Box::new(BufReader::new(io::stdin())))
    } else {
        Ok(Box::new(BufReader::with_capacity(
            1 << 16,
            std::fs::File::open(path)?,
        )))
    }
}

pub fn display_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".into()
    } else {
        path.display().to_string()
    }
}

/// One record read, or why it could not be.
pub type Item = (Result<Record, Vec<Problem>>, std::sync::Arc<Source>);

/// Reads a file record by record. Text is streamed (memory stays flat on
/// inputs of any size); a JSON document is read whole, JSON Lines line by
/// line.
pub fn read_records(path: &Path, mut each: impl FnMut(Item)) -> io::Result<()> {
    read_any(path, false, &mut |raw: Raw| each(raw.parse()))
}

/// A record read, parsed or (text) only cut from the input: parsed where
/// it is used ([`read_raw`]).
// Not boxed: an item is moved a few times, never held long.
#[allow(clippy::large_enum_variant)]
pub enum Raw {
    Parsed(Item),
    Cut(Chunk),
    /// A line of JSON Lines read as one good record, its text left in the
    /// block it was read in (copied only for [`Origin::source`]).
    Line(Box<Record>, Chunk),
}

impl Raw {
    pub fn parse(self) -> Item {
        match self {
            Raw::Parsed(item) => item,
            Raw::Cut(chunk) => chunk.parse(),
            Raw::Line(record, chunk) => (Ok(*record), Arc::new(chunk.source())),
        }
    }

    /// The record parsed, and where it came from: for text, the text is
    /// not copied unless [`Origin::source`] is asked for (a finding).
    pub fn read(self) -> (Result<Box<Record>, Vec<Problem>>, Origin) {
        match self {
            Raw::Parsed((result, source)) => (result.map(Box::new), Origin::Read(source)),
            Raw::Cut(chunk) => {
                let (result, chunk) = chunk.read();
                (result, Origin::Cut(chunk))
            }
            Raw::Line(record, chunk) => (Ok(record), Origin::Line(chunk)),
        }
    }
}

/// Where a record read by [`Raw::read`] came from.
pub enum Origin {
    Read(Arc<Source>),
    Cut(Chunk),
    /// A line of JSON Lines ([`Raw::Line`]): not a text record to parse
    /// again, as [`Origin::Cut`] is.
    Line(Chunk),
}

impl Origin {
    /// The source, to point at the record (its text copied for a record cut).
    pub fn source(&self) -> Arc<Source> {
        match self {
            Origin::Read(source) => source.clone(),
            Origin::Cut(chunk) | Origin::Line(chunk) => Arc::new(chunk.source()),
        }
    }

    /// The record's text (of its JSON document, for JSON).
    pub fn text(&self) -> &str {
        match self {
            Origin::Read(source) => &source.text,
            Origin::Cut(chunk) | Origin::Line(chunk) => chunk.text(),
        }
    }

    /// The file's name as shown.
    pub fn name(&self) -> &str {
        match self {
            Origin::Read(source) => &source.name,
            Origin::Cut(chunk) | Origin::Line(chunk) => chunk.name(),
        }
    }
}

/// [`read_records`], but records of the text form are handed on cut and
/// not parsed, so that the caller parses each on the thread that uses it.
pub fn read_raw(path: &Path, mut each: impl FnMut(Raw)) -> io::Result<()> {
    read_any(path, true, &mut each)
}

/// Reads the records of a text given whole (the notation, JSON or JSON
/// Lines, told apart as a file without an extension is), as a file of that
/// text would be read: the same limits, faults and sources.
pub fn read_str(name: &str, text: String, mut each: impl FnMut(Item)) -> io::Result<()> {
    let reader: Box<dyn BufRead + Send> = Box::new(io::Cursor::new(text.into_bytes()));
    read_from(reader, Path::new(""), name, false, &mut |raw: Raw| {
        each(raw.parse())
    })
}

fn read_any(path: &Path, cut: bool, each: &mut dyn FnMut(Raw)) -> io::Result<()> {
    read_from(open(path)?, path, &display_name(path), cut, each)
}

/// Reads `reader`; `path` says by its extension how, `name` is shown.
/// The records of the file at `path` cut a batch at a time on the caller's
/// thread ([`Chunks`]), as [`read_raw`] cuts them, when the file is
/// of the text notation; `None` for JSON or JSON Lines (read those with
/// [`read_raw`], which opens the file again: for a regular file only).
pub fn text_chunks(path: &Path) -> io::Result<Option<Chunks>> {
    Ok(match open_to_cut(path)? {
        Opened::Text(chunks) => Some(chunks),
        Opened::Json(_) => None,
    })
}

/// A file opened by [`open_to_cut`].
pub enum Opened {
    /// Text: its records cut a batch at a time by whoever asks.
    Text(Chunks),
    /// JSON or JSON Lines: to read with [`read_raw_from`].
    Json(Box<dyn BufRead + Send>),
}

/// Opens the file at `path` (`-`: standard input) and tells its form, as
/// [`read_raw`] does: text is handed back as [`Chunks`]; anything else as
/// the reader from its start (nothing is read twice, so standard input
/// serves as well as a file).
pub fn open_to_cut(path: &Path) -> io::Result<Opened> {
    let (reader, head, head_len) = peek(open(path)?)?;
    Ok(match form_of(path, &head) {
        Form::Text => Opened::Text(Chunks::new(
            reader,
            reads_of(path, head_len),
            &display_name(path),
        )),
        Form::Json => Opened::Json(reader),
    })
}

/// [`read_raw`] of the file at `path` opened by [`open_to_cut`].
pub fn read_raw_from(
    reader: Box<dyn BufRead + Send>,
    path: &Path,
    mut each: impl FnMut(Raw),
) -> io::Result<()> {
    read_from(reader, path, &display_name(path), true, &mut each)
}

/// Peeks far enough into `reader` to tell JSON from text (a pipe may
/// deliver `[` alone): the reader from its start again, the text peeked
/// (lossy) and its length in bytes.
fn peek(
    mut reader: Box<dyn BufRead + Send>,
) -> io::Result<(Box<dyn BufRead + Send>, String, usize)> {
    let mut head = Vec::new();
    while head.len() < 256 {
        let got = reader.fill_buf()?;
        if got.is_empty() {
            break;
        }
        let n = got.len().min(256 - head.len());
        head.extend_from_slice(&got[..n]);
        reader.consume(n);
    }
    let head_len = head.len();
    let reader: Box<dyn BufRead + Send> = Box::new(io::Cursor::new(head.clone()).chain(reader));
    Ok((
        reader,
        String::from_utf8_lossy(&head).into_owned(),
        head_len,
    ))
}

fn read_from(
    reader: Box<dyn BufRead + Send>,
    path: &Path,
    name: &str,
    cut: bool,
    each: &mut dyn FnMut(Raw),
) -> io::Result<()> {
    let (reader, head, head_len) = peek(reader)?;
    // JSON Lines (the form of a `.jsonl` file).
    if has_extension(path, &["jsonl"]) {
        return stream_json_lines(reader, reads_of(path, head_len), name, each);
    }
    let mut each_item = |item: Item| each(Raw::Parsed(item));
    match form_of(path, &head) {
        Form::Text if cut => stream_chunks(reader, reads_of(path, head_len), name, &mut |c| {
            each(Raw::Cut(c))
        }),
        Form::Text => stream_text(reader, reads_of(path, head_len), name, &mut each_item),
        Form::Json => {
            let array = head
                .trim_start_matches('\u{feff}')
                .trim_start()
                .starts_with('[');
            stream_json_values(reader, name, &mut each_item, array)
        }
    }
}

/// Reads a file as the text notation, whatever it looks like (`tarok fmt`).
pub fn read_text_records(path: &Path, mut each: impl FnMut(Item)) -> io::Result<()> {
    let reader = open(path)?;
    let reads = reads_of(path, 0);
    stream_text(Box::new(reader), reads, &display_name(path), &mut each)
}

/// How [`open`]'s reader delivers `path`, after `head` bytes were peeked:
/// see [`Reads`].
fn reads_of(path: &Path, head: usize) -> Reads {
    let step = if path.as_os_str() == "-" {
        8 << 10
    } else {
        64 << 10
    };
    Reads { head, step }
}

/// Reads JSON Lines line by line ([`jsonl::Lines`]): a clean line read as
/// one good record is handed on as [`Raw::Line`], its text left in the
/// block; any other line as before, its text copied into its source, each
/// of its results [`Raw::Parsed`].
fn stream_json_lines(
    reader: Box<dyn BufRead + Send>,
    reads: Reads,
    name: &str,
    each: &mut dyn FnMut(Raw),
) -> io::Result<()> {
    let mut lines = jsonl::Lines::new(Box::new(reader), reads);
    let (mut offset, mut line_no) = (0usize, 0usize);
    // One name for every line's source.
    let name: Arc<str> = name.into();
    while let Some(line) = lines.next_line()? {
        let data = lines.data();
        let bytes = &data[line.start..line.kept];
        // The usual line, whole, without a NUL byte and all UTF-8 (as the
        // block, or checked here), as `line_fault` finds no fault in it.
        let clean = (!line.long && lines.no_nul_before(line.kept))
            .then(|| {
                if data.is_text() {
                    Some(data.text(line.start, line.kept))
                } else {
                    simdutf8::basic::from_utf8(bytes).ok()
                }
            })
            .flatten();
        // A byte-order mark opening the file is read below.
        let bom = line_no == 0 && bytes.starts_with("\u{feff}".as_bytes());
        let record = clean
            .filter(|_| !bom)
            .and_then(notation::json::parse_json_line);
        if let Some(record) = record {
            let chunk = Chunk::line(
                name.clone(),
                data.clone(),
                (line.start, line.kept),
                offset,
                line_no,
            );
            each(Raw::Line(record, chunk));
        } else {
            let (fault, mut text) = match clean {
                Some(text) => (None, text.to_owned()),
                None => {
                    let fault = line_fault(bytes, line.long);
                    let text = match &fault {
                        None => String::from_utf8(bytes.to_vec()).unwrap_or_default(),
                        Some(_) => shown(bytes),
                    };
                    (fault, text)
                }
            };
            // A byte-order mark opening the file is no part of the JSON:
            // blanks in its place keep every offset.
            if line_no == 0 && fault.is_none() && text.starts_with('\u{feff}') {
                text.replace_range(..3, "   ");
            }
            if !text.trim().is_empty() {
                let source = Arc::new(Source {
                    name: name.clone(),
                    text,
                    base: offset,
                    base_line: line_no,
                    element: None,
                });
                if let Some(fault) = fault {
                    each(Raw::Parsed((Err(vec![fault.problem(0, bytes)]), source)));
                    if fault.stops() {
                        return Ok(());
                    }
                } else {
                    for result in notation::json::parse_json_doc(&source.text) {
                        each(Raw::Parsed((result, source.clone())));
                    }
                }
            }
        }
        offset = lines.after(&line)?;
        line_no += 1;
    }
    Ok(())
}

/// Reads a JSON document of records value by value: memory holds one
/// record at a time (at most `RECORD_MAX` bytes), whatever the size of the
/// document. With `array`, the document is an array and each element is
/// parsed on its own (JSON paths keep its index: `[5].tricks[3]`); a fault
/// of the array itself (a missing comma, text after it) ends the reading
/// there, reported at its place. Without, it is one object or a stream of
/// them (JSON Lines in a `.json` file), each read as its own document.
fn stream_json_values(
    reader: Box<dyn BufRead + Send>,
    name: &str,
    each: &mut impl FnMut(Item),
    array: bool,
) -> io::Result<()> {
    // Where the reader is: byte offset, line, and the bytes of this line so
    // far (so an element's text can start at its line's start).
    struct At {
        offset: usize,
        line: usize,
        column_bytes: usize,
    }
    let mut at = At {
        offset: 0,
        line: 0,
        column_bytes: 0,
    };
    // The bytes come from a chunk taken whole from the reader: one call
    // through the reader a chunk, not a byte.
    struct Bytes {
        reader: Box<dyn BufRead + Send>,
        chunk: Vec<u8>,
        pos: usize,
    }
    let mut reader = Bytes {
        reader,
        chunk: Vec::new(),
        pos: 0,
    };
    /// The next byte, with `at` moved over it.
    #[inline(always)]
    fn next(bytes: &mut Bytes, at: &mut At) -> io::Result<Option<u8>> {
        if bytes.pos == bytes.chunk.len() {
            refill(bytes)?;
        }
        let Some(&b) = bytes.chunk.get(bytes.pos) else {
            return Ok(None);
        };
        bytes.pos += 1;
        at.offset += 1;
        if b == b'\n' {
            at.line += 1;
            at.column_bytes = 0;
        } else {
            at.column_bytes += 1;
        }
        Ok(Some(b))
    }
    #[cold]
    fn refill(bytes: &mut Bytes) -> io::Result<()> {
        let buf = loop {
            match bytes.reader.fill_buf() {
                Ok(b) => break b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        };
        bytes.chunk.clear();
        bytes.chunk.extend_from_slice(buf);
        let n = buf.len();
        bytes.reader.consume(n);
        bytes.pos = 0;
        Ok(())
    }
    let fault = |at: &At, message: &str| {
        let source = Source {
            name: name.into(),
            text: " ".repeat(at.column_bytes.saturating_sub(1)) + "^",
            base: at.offset - at.column_bytes,
            base_line: at.line,
            element: None,
        };
        let p = Problem::new(notation::Kind::BadJson, message.to_owned())
            .at(
                notation::Span::new(source.text.len() - 1, source.text.len()),
                "here",
            )
            .help("a JSON document of records is an array of objects: [{...}, {...}]");
        (Err(vec![p]), Arc::new(source))
    };
    // The opening bracket (after a byte order mark and white space).
    let mut b = loop {
        match next(&mut reader, &mut at)? {
            Some(b) if b.is_ascii_whitespace() => continue,
            Some(0xEF) if at.offset == 1 => {
                next(&mut reader, &mut at)?;
                next(&mut reader, &mut at)?;
            }
            other => break other,
        }
    };
    if array && b != Some(b'[') {
        each(fault(&at, "expected `[`"));
        return Ok(());
    }
    let mut index = 0usize;
    let mut element: Vec<u8> = Vec::new();
    loop {
        // White space, then an element or the closing bracket.
        // (A stream's value ended on the byte after it, already read.)
        if array {
            b = next(&mut reader, &mut at)?;
        }
        while b.is_some_and(|b| b.is_ascii_whitespace()) {
            b = next(&mut reader, &mut at)?;
        }
        match b {
            Some(b']') if array && index == 0 => break,
            None if !array => return Ok(()),
            None => {
                each(fault(&at, "the array is not closed: expected `]`"));
                return Ok(());
            }
            _ => {}
        }
        // One value: up to the `,` or `]` outside strings and brackets.
        let (start, start_line, indent) = (at.offset - 1, at.line, at.column_bytes - 1);
        element.clear();
        let (mut depth, mut in_string, mut escaped, mut long) = (0usize, false, false, false);
        loop {
            let Some(c) = b else {
                if !array {
                    // The last value: its faults are the parser's to say.
                    break;
                }
                each(fault(&at, "the array is not closed: expected `]`"));
                return Ok(());
            };
            if in_string {
                match (escaped, c) {
                    (true, _) => escaped = false,
                    (false, b'\\') => escaped = true,
                    (false, b'"') => in_string = false,
                    _ => {}
                }
            } else {
                match c {
                    b'"' => in_string = true,
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' if depth > 0 => depth -= 1,
                    b',' | b']' if array && depth == 0 => break,
                    c if !array && depth == 0 && c.is_ascii_whitespace() => break,
                    _ => {}
                }
            }
            if element.len() < RECORD_MAX {
                element.push(c);
            } else {
                long = true;
            }
            // A value of a stream ends with its closing brace.
            let closed = !array && !in_string && depth == 0 && matches!(c, b'}' | b']');
            b = next(&mut reader, &mut at)?;
            if closed {
                break;
            }
        }
        let mut text = " ".repeat(indent);
        let parsed = match (long, simdutf8::compat::from_utf8(&element)) {
            (true, _) => {
                text.push_str(&shown(&element[..element.len().min(40)]));
                Err(vec![record_too_long(
                    notation::Span::new(indent, indent + 1),
                    &format!(
                        "records are limited to {} MiB; the next record is read",
                        RECORD_MAX >> 20
                    ),
                )])
            }
            (false, Ok(s)) if !array => {
                text.push_str(s);
                let source = Arc::new(Source {
                    name: name.into(),
                    text,
                    base: start - indent,
                    base_line: start_line,
                    element: None,
                });
                for result in notation::json::parse_json_doc(&source.text) {
                    each((result, source.clone()));
                }
                index += 1;
                continue;
            }
            (false, Ok(s)) => {
                text.push_str(s);
                notation::json::parse_json_element(&text, 0, index)
            }
            (false, Err(e)) => {
                text.push_str(&shown(&element));
                Err(vec![LineFault::Utf8(e.valid_up_to()).problem(indent, &[])])
            }
        };
        let source = Source {
            name: name.into(),
            text,
            base: start - indent,
            base_line: start_line,
            element: array.then_some(index),
        };
        each((parsed, Arc::new(source)));
        index += 1;
        if array && b == Some(b']') {
            break;
        }
    }
    // Nothing but white space may follow.
    while let Some(c) = next(&mut reader, &mut at)? {
        if !c.is_ascii_whitespace() {
            each(fault(&at, "text after the end of the array"));
            return Ok(());
        }
    }
    Ok(())
}

/// The longest line read (1 MiB): a longer one is reported at its start and
/// the reader moves on to the next record.
pub const LINE_MAX: usize = 1 << 20;
/// The longest record read (2 MiB, comments included): past that the
/// record is reported at its first line and the reader moves on to the next.
/// Twice the longest line: a deal is a few kilobytes, and with a comment
/// of the longest line it still fits; every command's memory stays under
/// 64 MiB on a record of this size (notation spec §2.1, `bench/bounds.sh`).
pub const RECORD_MAX: usize = 2 << 20;

/// Text for showing bytes that are not all UTF-8: each byte that is not
/// part of a character is written `\xFF` (never U+FFFD, which would look
/// like content).
fn shown(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

/// A record past [`RECORD_MAX`], marked at `span`; `help` says what is
/// counted and what is read next.
fn record_too_long(span: notation::Span, help: &str) -> Problem {
    Problem::new(
        notation::Kind::RecordTooLong,
        format!("a record longer than {} MiB", RECORD_MAX >> 20),
    )
    .at(span, "this record")
    .help(help)
}

/// The largest char boundary of `text` at or before `at`.
fn char_floor(text: &str, at: usize) -> usize {
    (0..=at.min(text.len()))
        .rev()
        .find(|&n| text.is_char_boundary(n))
        .unwrap_or(0)
}

/// What [`read_line_capped`] read.
#[cfg(test)]
struct Got {
    /// Bytes taken from the input, line break included.
    raw: usize,
    /// The line was longer than the cap: only its start was kept.
    long: bool,
}

/// Reads a line into `out` (cleared first), keeping at most `cap` bytes of
/// it: the rest of a longer line is read and dropped, so memory stays flat
/// whatever the input. The JSON Lines reader read its lines so before
/// [`jsonl::Lines`], whose tests compare the two.
#[cfg(test)]
fn read_line_capped(reader: &mut dyn BufRead, out: &mut Vec<u8>, cap: usize) -> io::Result<Got> {
    out.clear();
    let mut got = Got {
        raw: 0,
        long: false,
    };
    loop {
        let buf = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(got);
        }
        let (take, done) = match memchr::memchr(b'\n', buf) {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        let room = cap.saturating_sub(out.len());
        if take > room {
            got.long = true;
        }
        out.extend_from_slice(&buf[..take.min(room)]);
        // A NUL byte: the input is not text, and nothing more is read.
        let nul = memchr::memchr(0, &buf[..take]).is_some();
        reader.consume(take);
        got.raw += take;
        if done || nul {
            return Ok(got);
        }
    }
}

/// What is wrong with a line as read, before any parsing.
enum LineFault {
    /// A NUL byte at this index of the line: not a text file.
    Nul(usize),
    /// Bytes that are not UTF-8 at this index.
    Utf8(usize),
    /// Longer than [`LINE_MAX`].
    Long,
}

fn line_fault(bytes: &[u8], long: bool) -> Option<LineFault> {
    if let Some(i) = memchr::memchr(0, bytes) {
        return Some(LineFault::Nul(i));
    }
    // The quick check first; the standard one says where a fault is.
    if simdutf8::basic::from_utf8(bytes).is_ok() {
        return long.then_some(LineFault::Long);
    }
    if let Err(e) = std::str::from_utf8(bytes) {
        // A multi-byte character cut by the line cap is not a fault of the
        // input: the line is too long.
        if !(long && e.error_len().is_none()) {
            return Some(LineFault::Utf8(e.valid_up_to()));
        }
    }
    long.then_some(LineFault::Long)
}

impl LineFault {
    /// Whether reading stops here (a NUL byte: the input is binary).
    fn stops(&self) -> bool {
        matches!(self, LineFault::Nul(_))
    }

    /// The finding, placed in a text where the line starts at `at`.
    fn problem(&self, at: usize, bytes: &[u8]) -> Problem {
        let span = |i: usize, len: usize| notation::Span::new(at + i, at + i + len);
        match *self {
            LineFault::Nul(i) => Problem::new(
                notation::Kind::BinaryInput,
                "a NUL byte: this is not a text file",
            )
            .at(span(i, 1), "NUL byte here")
            .help("the notation is UTF-8 text; nothing after this byte was read"),
            LineFault::Utf8(i) => {
                // Shown as `\xFF`: four characters a byte.
                Problem::new(notation::Kind::InvalidUtf8, "bytes that are not UTF-8")
                    .at(span(i, 4), "not UTF-8")
                    .help("the notation is UTF-8 text; this record is not read, the next one is")
            }
            LineFault::Long => {
                let shown = bytes.len().min(40);
                let shown = (0..=shown)
                    .rev()
                    .find(|&n| std::str::from_utf8(&bytes[..n]).is_ok())
                    .unwrap_or(0);
                Problem::new(
                    notation::Kind::LineTooLong,
                    format!("a line longer than {} MiB", LINE_MAX >> 20),
                )
                .at(span(0, shown.max(1)), "this line")
                .help("lines are limited to 1 MiB; this record is not read, the next one is")
            }
        }
    }
}
