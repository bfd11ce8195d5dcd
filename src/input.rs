//! Reading inputs: files and folders, text or JSON, as a stream of records
//! with the source text each one came from (for diagnostics).

use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use notation::parse::Splitter;
use rayon::prelude::*;

/// Records parsed together, in parallel, before they are handed on.
const BATCH: usize = 256;
use notation::{Problem, Record};

/// How a source is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    Text,
    Json,
}

/// Where a record came from: enough to point at it.
pub struct Source {
    pub name: String,
    /// The text of this record's chunk (text form), or of the JSON document.
    pub text: String,
    /// Offset of `text` in the file.
    pub base: usize,
    /// Lines of the file before `text` starts.
    pub base_line: usize,
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
                let local = (span.start as usize).saturating_sub(self.base);
                p.path = notation::json::path_at(&self.text, local);
            }
        }
        p
    }

    /// 1-based line and column of a byte offset in the file.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let local = offset.saturating_sub(self.base).min(self.text.len());
        let before = &self.text[..local];
        let line = self.base_line + before.matches('\n').count() + 1;
        let col = before
            .rfind('\n')
            .map_or(before.len(), |n| before.len() - n - 1);
        (line, before[before.len() - col..].chars().count() + 1)
    }
}

/// The files a list of paths names: folders are walked for `.tarok`,
/// `.json` and `.jsonl` files, in name order.
pub fn collect_files(paths: &[PathBuf], extensions: &[&str]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            out.push(path.clone());
            continue;
        }
        if path.is_dir() {
            let mut found: Vec<PathBuf> = walkdir::WalkDir::new(path)
                .sort_by_file_name()
                .into_iter()
                .filter_map(Result::ok)
                .filter(|e| e.file_type().is_file())
                .map(|e| e.into_path())
                .filter(|p| {
                    p.extension()
                        .and_then(|e| e.to_str())
                        .is_some_and(|e| extensions.contains(&e))
                })
                .collect();
            found.sort();
            out.extend(found);
        } else if path.exists() {
            out.push(path.clone());
        } else {
            return Err(format!("{}: no such file or folder", path.display()));
        }
    }
    Ok(out)
}

pub fn form_of(path: &Path, head: &str) -> Form {
    match path.extension().and_then(|e| e.to_str()) {
        Some("json" | "jsonl") => Form::Json,
        Some("tarok") => Form::Text,
        _ => sniff(head),
    }
}

/// Tells JSON from text by the first characters: an object whose first
/// key is followed by `:`, or `[` followed by `{` or `]`, is JSON. A text
/// record starts with `[Variant` or a comment (`{...}` with no `:` after a
/// leading string).
pub fn sniff(head: &str) -> Form {
    let t = head.trim_start_matches('\u{feff}').trim_start();
    if let Some(rest) = t.strip_prefix('{') {
        let rest = rest.trim_start();
        if rest.starts_with('}') {
            return Form::Json;
        }
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
    let mut reader = open(path)?;
    let name = display_name(path);
    // Peek far enough to tell JSON from text: a pipe may deliver `[` alone.
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
    let reader: Box<dyn BufRead + Send> = Box::new(io::Cursor::new(head.clone()).chain(reader));
    let head = String::from_utf8_lossy(&head).into_owned();
    match form_of(path, &head) {
        Form::Text => stream_text(reader, &name, &mut each),
        Form::Json => {
            let is_lines = path.extension().and_then(|e| e.to_str()) == Some("jsonl");
            if is_lines {
                stream_json_lines(reader, &name, &mut each)
            } else {
                let mut text = String::new();
                let mut reader = reader;
                reader.read_to_string(&mut text)?;
                let source = Arc::new(Source {
                    name,
                    text,
                    base: 0,
                    base_line: 0,
                });
                for result in notation::json::parse_json_doc(&source.text) {
                    each((result, source.clone()));
                }
                Ok(())
            }
        }
    }
}

fn stream_json_lines(
    mut reader: Box<dyn BufRead + Send>,
    name: &str,
    each: &mut impl FnMut(Item),
) -> io::Result<()> {
    let mut line = String::new();
    let (mut offset, mut line_no) = (0, 0);
    loop {
        line.clear();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        if !line.trim().is_empty() {
            let source = Arc::new(Source {
                name: name.to_owned(),
                text: line.clone(),
                base: offset,
                base_line: line_no,
            });
            for result in notation::json::parse_json_doc_at(&source.text, offset) {
                each((result, source.clone()));
            }
        }
        offset += line.len();
        line_no += 1;
    }
}

fn stream_text(
    reader: Box<dyn BufRead + Send>,
    name: &str,
    each: &mut impl FnMut(Item),
) -> io::Result<()> {
    // A reader thread cuts and parses batches (in parallel) while this
    // thread hands the records on in order: memory stays bounded by two
    // batches in flight, whatever the size of the input.
    let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Item>>(2);
    // Inside a rayon task (files verified in parallel) this thread blocks
    // on the channel: the batches are then parsed on the reader thread
    // alone, so that the pool is never waited on by its own workers.
    let parallel = rayon::current_thread_index().is_none();
    std::thread::scope(|scope| {
        let producer = scope.spawn(move || read_text(reader, name, &tx, parallel));
        for batch in rx {
            batch.into_iter().for_each(&mut *each);
        }
        producer.join().expect("the reader thread does not panic")
    })
}

fn read_text(
    mut reader: Box<dyn BufRead + Send>,
    name: &str,
    tx: &std::sync::mpsc::SyncSender<Vec<Item>>,
    parallel: bool,
) -> io::Result<()> {
    let mut buf = String::new();
    let mut splitter = Splitter::default();
    let (mut base, mut base_line) = (0usize, 0usize);
    let mut batch: Vec<Source> = Vec::with_capacity(BATCH);
    let parse = |source: Source| {
        let result = notation::parse_record(&source.text, source.base);
        (result, Arc::new(source))
    };
    let flush = |batch: &mut Vec<Source>| {
        let sources = std::mem::take(batch);
        let parsed: Vec<Item> = if parallel {
            sources.into_par_iter().map(parse).collect()
        } else {
            sources.into_iter().map(parse).collect()
        };
        // The receiver only goes away when the consumer is done.
        let _ = tx.send(parsed);
    };
    let emit = |chunk: &str, base: usize, base_line: usize, batch: &mut Vec<Source>| {
        if chunk.trim().is_empty() {
            return;
        }
        batch.push(Source {
            name: name.to_owned(),
            text: chunk.to_owned(),
            base,
            base_line,
        });
    };
    let mut bytes = Vec::new();
    let mut first = true;
    loop {
        bytes.clear();
        if reader.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        let mut line = match std::str::from_utf8(&bytes) {
            Ok(text) => std::borrow::Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(&bytes),
        };
        if std::mem::take(&mut first) {
            if let Some(rest) = line.strip_prefix('\u{feff}') {
                base = 3;
                line = rest.to_owned().into();
            }
        }
        let line_start = buf.len();
        buf.push_str(&line);
        if let Some(cut) = splitter.cut(&buf, line_start, buf.len()) {
            let lines = buf.as_bytes()[..cut]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            emit(&buf[..cut], base, base_line, &mut batch);
            if batch.len() >= BATCH {
                flush(&mut batch);
            }
            buf.drain(..cut);
            splitter.shift(cut);
            base += cut;
            base_line += lines;
        }
    }
    emit(&buf, base, base_line, &mut batch);
    flush(&mut batch);
    Ok(())
}
