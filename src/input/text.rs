//! The text reader: large block reads, record starts found with `memchr`
//! on `\n[Variant`, and runs of clean lines taken whole as borrowed slices
//! of the block. Only a line that starts a record, and the lines of a
//! stretch that is not clean (a NUL byte, bytes that are not UTF-8, a line
//! or a record over its limit), are read one by one, by the rules of the
//! line reader this replaces, so what is cut and reported is the same.
//!
//! Lines: a line ends after its `\n`. A line holding a NUL byte ends at the
//! newline or at the end of the read in which the NUL came, whichever is
//! first ([`Reads`]); it is reported and reading stops (unless the NUL is
//! past the kept part of an overlong line). Of a line longer than
//! [`LINE_MAX`] the first `LINE_MAX` bytes are kept and the rest passed
//! over as it streams by, so memory stays flat whatever the input.

use std::io::{self, Read};
use std::sync::Arc;

use notation::parse::{starts_record, Splitter};
use notation::Problem;
use rayon::prelude::*;

use super::{char_floor, line_fault, record_too_long, shown, Item, Source, LINE_MAX, RECORD_MAX};

/// Records parsed together (in parallel with more than one thread) and
/// handed on as one batch.
const BATCH: usize = 128;
/// A batch is handed on once its records hold this many bytes of text.
const BATCH_BYTES: usize = 4 << 20;
/// Bytes asked of the input at a time.
const BLOCK: usize = 1 << 20;
/// Blocks kept for use again once the records cut from them are dropped.
const SPARE: usize = 4;

/// Where the reads of the line reader this one replaces ended: a line with
/// a NUL byte ended at the end of the read that brought the NUL. A file
/// was read 64 KiB at a time (standard input 8 KiB), after the first
/// `head` bytes (peeked to tell JSON from text).
#[derive(Clone, Copy)]
pub struct Reads {
    pub head: usize,
    pub step: usize,
}

impl Reads {
    /// The end of the read holding byte `at` (a file offset).
    pub(super) fn end_after(self, at: usize) -> usize {
        if at < self.head {
            self.head
        } else {
            (at / self.step + 1) * self.step
        }
    }
}

/// Reads `reader` as text records, handed to `each` in order. Memory stays
/// bounded by a block and a few batches in flight, whatever the size of the
/// input.
pub fn stream_text(
    reader: Box<dyn Read + Send>,
    reads: Reads,
    name: &str,
    each: &mut impl FnMut(Item),
) -> io::Result<()> {
    stream_text_in(reader, reads, BLOCK, name, each)
}

/// [`stream_text`], asking the input for `block` bytes at a time.
fn stream_text_in(
    reader: Box<dyn Read + Send>,
    reads: Reads,
    block: usize,
    name: &str,
    each: &mut impl FnMut(Item),
) -> io::Result<()> {
    // With more than one thread in the pool (and this thread not one of
    // its workers, which would wait on their own pool), a reader thread
    // cuts the input and parses batches on the pool while this thread hands
    // the records on. Otherwise (one core, or files verified in parallel)
    // this thread does it all: no hand-off, no thread woken, nothing spins,
    // and records are freed by the thread that made them.
    let parallel = crate::pipeline::threads() > 1;
    if !parallel {
        let mut hand = |batch: Vec<Chunk>| batch.into_iter().map(Chunk::parse).for_each(&mut *each);
        let mut cutter = Cutter::new(reader, reads, name, &mut hand as Call);
        cutter.block = block;
        return cutter.run();
    }
    let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<Item>>(1);
    std::thread::scope(|scope| {
        let producer = scope.spawn(move || {
            // The receiver only goes away when the consumer is done.
            let mut hand = |batch: Vec<Chunk>| {
                let _ = tx.send(batch.into_par_iter().map(Chunk::parse).collect());
            };
            let mut cutter = Cutter::new(reader, reads, name, &mut hand as Call);
            cutter.block = block;
            cutter.run()
        });
        for batch in rx {
            batch.into_iter().for_each(&mut *each);
        }
        producer.join().expect("the reader thread does not panic")
    })
}

/// Reads `reader` as text records cut but not parsed, handed to `each` in
/// order on this thread ([`Chunk::read`] parses one): the caller parses
/// them where it uses them. A record's text is not copied: it is a slice of
/// the block it was read in, which the chunk shares.
pub fn stream_chunks(
    reader: Box<dyn Read + Send>,
    reads: Reads,
    name: &str,
    each: &mut impl FnMut(Chunk),
) -> io::Result<()> {
    let mut hand = |batch: Vec<Chunk>| batch.into_iter().for_each(&mut *each);
    let mut cutter = Cutter::new(reader, reads, name, &mut hand as Call);
    cutter.share = true;
    cutter.run()
}

/// `stream_chunks` turned inside out: the records cut a batch at a time
/// when the caller asks ([`Chunks::next_batch`]), for a caller that must
/// return between batches. The Python package's `verify(path)` on one
/// core takes its reports this way on Python's own thread, as
/// [`crate::pipeline::verify_here`] does on the CLI's: no thread to take
/// turns with on the one core (issue 29).
pub struct Chunks {
    /// Boxed: the cutter's `memmem` finder holds AVX vectors aligned to 32
    /// bytes, and a Python object (where the package keeps a `Chunks`)
    /// aligns what it holds to 16 at most: read from there, the finder's
    /// aligned loads faulted. The heap box is aligned as the type asks.
    cutter: Box<Cutter<Kept>>,
}

impl Chunks {
    pub(super) fn new(reader: Box<dyn Read + Send>, reads: Reads, name: &str) -> Self {
        let mut cutter = Box::new(Cutter::new(reader, reads, name, Kept::default()));
        cutter.share = true;
        Chunks { cutter }
    }

    /// The next records cut, in order (at most a batch); `None` at the end
    /// of the input. A read error is returned once, as `stream_chunks`
    /// returns it (the records of the batch being cut when it came are not
    /// handed on), and the input ends there.
    pub fn next_batch(&mut self) -> io::Result<Option<Vec<Chunk>>> {
        loop {
            if let Some(batch) = self.cutter.hand.0.pop_front() {
                return Ok(Some(batch));
            }
            if self.cutter.phase == Phase::Done {
                return Ok(None);
            }
            if let Err(e) = self.cutter.step() {
                self.cutter.hand.0.clear();
                self.cutter.phase = Phase::Done;
                return Err(e);
            }
        }
    }
}

/// A record's text cut from the input, and what was wrong with it as read
/// (it is not parsed then).
pub struct Chunk {
    name: Arc<str>,
    text: Text,
    base: usize,
    base_line: usize,
    /// Boxed: a chunk is moved a few times, most often without one.
    fault: Option<Box<Problem>>,
}

/// A record's text: most often a slice of the block it was read in (shared
/// by the records of the block), else its own (text around a fault, with
/// what could not be shown replaced).
enum Text {
    Shared(Arc<Block>, usize, usize),
    Owned(String),
}

/// A block of the input as read: text when every byte of it is UTF-8
/// (most blocks), checked once as it is read, so that its records are
/// taken as text without being checked again; else bytes, whose lines and
/// records are checked as they are cut and taken.
#[derive(Clone)]
pub(super) enum Block {
    Text(String),
    Bytes(Vec<u8>),
}

impl Default for Block {
    fn default() -> Self {
        Block::Bytes(Vec::new())
    }
}

impl std::ops::Deref for Block {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Block::Text(text) => text.as_bytes(),
            Block::Bytes(bytes) => bytes,
        }
    }
}

impl Block {
    /// Whether every byte is known to be UTF-8.
    pub(super) fn is_text(&self) -> bool {
        matches!(self, Block::Text(_))
    }

    /// `[a..b]` as text; empty where that is not UTF-8 (not at a
    /// character's bounds, or bytes that are not UTF-8), as [`utf8`] says.
    pub(super) fn text(&self, a: usize, b: usize) -> &str {
        match self {
            Block::Text(text) => text.get(a..b).unwrap_or_default(),
            Block::Bytes(bytes) => utf8(&bytes[a..b]),
        }
    }

    /// The bytes, to change: the block is bytes until [`Block::checked`].
    pub(super) fn bytes_mut(&mut self) -> &mut Vec<u8> {
        if let Block::Text(text) = self {
            *self = Block::Bytes(std::mem::take(text).into_bytes());
        }
        match self {
            Block::Bytes(bytes) => bytes,
            Block::Text(_) => unreachable!("made bytes above"),
        }
    }

    /// Checks the bytes once: text if they are all UTF-8.
    pub(super) fn checked(&mut self) {
        if let Block::Bytes(bytes) = self {
            // `simdutf8` reads about a fifth of the instructions a byte that
            // `String::from_utf8`'s check does (issue 29: 0.8M of a Danish
            // `verify`'s 98M, 1.7% of parsing alone).
            if simdutf8::basic::from_utf8(bytes).is_ok() {
                let bytes = std::mem::take(bytes);
                // SAFETY: `simdutf8` has just found every byte to be UTF-8.
                *self = Block::Text(unsafe { String::from_utf8_unchecked(bytes) });
            }
        }
    }
}

impl Chunk {
    /// A line of JSON Lines, `block[a..b]` (clean text), read from file
    /// offset `base` and line `base_line` (0-based): its text is left in
    /// the block.
    pub(super) fn line(
        name: Arc<str>,
        block: Arc<Block>,
        (a, b): (usize, usize),
        base: usize,
        base_line: usize,
    ) -> Chunk {
        Chunk {
            name,
            text: Text::Shared(block, a, b),
            base,
            base_line,
            fault: None,
        }
    }

    /// The record's text.
    pub fn text(&self) -> &str {
        match &self.text {
            Text::Shared(block, a, b) => block.text(*a, *b),
            Text::Owned(text) => text,
        }
    }

    /// The file's name as shown.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where the record came from, its text copied.
    pub fn source(&self) -> Source {
        self.source_of(self.text().to_owned())
    }

    fn source_of(&self, text: String) -> Source {
        Source {
            name: self.name.clone(),
            text,
            base: self.base,
            base_line: self.base_line,
            element: None,
        }
    }

    /// The record parsed (spans are local to a record's text: the source
    /// knows where it starts).
    pub fn parse(self) -> Item {
        let (result, mut chunk) = self.read();
        // The chunk's own text moves into the source; a slice is copied.
        let text = match std::mem::replace(&mut chunk.text, Text::Owned(String::new())) {
            Text::Owned(text) => text,
            Text::Shared(block, a, b) => block.text(a, b).to_owned(),
        };
        (
            result.map(|record| *record),
            Arc::new(chunk.source_of(text)),
        )
    }

    /// The record parsed from the shared text, and the chunk kept for its
    /// [`Chunk::source`] (made only if a finding needs it).
    pub fn read(mut self) -> (Result<Box<notation::Record>, Vec<Problem>>, Chunk) {
        let result = match self.fault.take() {
            Some(p) => Err(vec![*p]),
            None => notation::parse_record_boxed(self.text(), 0),
        };
        (result, self)
    }
}

/// A line found in the block: `[start, end)` in `data`, of which
/// `[start, kept)` is read (the rest of an overlong line is passed over).
struct Line {
    start: usize,
    end: usize,
    kept: usize,
    long: bool,
}

struct Cutter<H> {
    reader: Box<dyn Read + Send>,
    reads: Reads,
    /// Bytes asked of the input at a time ([`BLOCK`]).
    block: usize,
    eof: bool,
    /// Where the block's first NUL byte is (its length if it has none),
    /// found once as it is read: most blocks have none, and their lines
    /// are not searched for one again.
    nul: usize,
    /// The file's name, shared by its records.
    name: Arc<str>,
    /// Where batches of records cut go.
    hand: H,
    /// How far the cutting is.
    phase: Phase,
    /// Records are handed on as slices of the block ([`stream_chunks`]),
    /// else as copies made as they are cut (the text is checked once).
    share: bool,
    /// The input from file offset `off`: shared by the records cut from it
    /// ([`Text::Shared`]) until they are dropped.
    data: Arc<Block>,
    /// Blocks handed on with records, used again once those are dropped.
    spare: Vec<Arc<Block>>,
    off: usize,
    /// The record being read is `data[rec..pos]` (empty when `rec == pos`);
    /// `rec_line` is the line it starts on.
    rec: usize,
    rec_line: usize,
    /// Where the next line starts, and its number (0-based).
    pos: usize,
    line_no: usize,
    splitter: Splitter,
    /// After a fault, lines are passed over up to the next record.
    skipping: bool,
    batch: Vec<Chunk>,
    batch_bytes: usize,
    finder: memchr::memmem::Finder<'static>,
}

/// Where a [`Cutter`]'s batches go: to a function as they are cut
/// ([`Call`]), or kept for [`Chunks`] to hand out ([`Kept`]).
trait Hand {
    fn hand(&mut self, batch: Vec<Chunk>);
}

/// A function handed each batch as it is cut.
type Call<'n> = &'n mut dyn FnMut(Vec<Chunk>);

impl Hand for Call<'_> {
    fn hand(&mut self, batch: Vec<Chunk>) {
        self(batch)
    }
}

/// Batches cut and not yet taken, in order.
#[derive(Default)]
struct Kept(std::collections::VecDeque<Vec<Chunk>>);

impl Hand for Kept {
    fn hand(&mut self, batch: Vec<Chunk>) {
        self.0.push_back(batch)
    }
}

/// How far a [`Cutter`] is: the first line (a byte order mark), the lines
/// after it, the record left at the end of the input, done.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Start,
    Lines,
    Last,
    Done,
}

impl<H: Hand> Cutter<H> {
    fn new(reader: Box<dyn Read + Send>, reads: Reads, name: &str, hand: H) -> Self {
        Cutter {
            reader,
            reads,
            block: BLOCK,
            eof: false,
            nul: 0,
            name: name.into(),
            hand,
            phase: Phase::Start,
            share: false,
            data: Arc::default(),
            spare: Vec::new(),
            off: 0,
            rec: 0,
            rec_line: 0,
            pos: 0,
            line_no: 0,
            splitter: Splitter::default(),
            skipping: false,
            batch: Vec::with_capacity(BATCH),
            batch_bytes: 0,
            finder: memchr::memmem::Finder::new(b"\n[Variant"),
        }
    }

    /// Drops what is no longer needed and reads a block more. False at
    /// the end of the input.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        let keep = self.rec.min(self.pos);
        let (got, room) = refill(
            &mut *self.reader,
            &mut self.data,
            &mut self.spare,
            keep,
            self.block,
        )?;
        if keep > 0 {
            self.off += keep;
            self.rec -= keep;
            self.pos -= keep;
        }
        self.nul = memchr::memchr(0, &self.data).unwrap_or(self.data.len());
        if got < room {
            self.eof = true;
        }
        Ok(got > 0)
    }

    fn run(&mut self) -> io::Result<()> {
        while self.step()? {}
        Ok(())
    }

    /// Cuts a step further: the first line, a run of clean lines or one
    /// line, or the record left at the end of the input. False once the
    /// input is done and every record handed on.
    fn step(&mut self) -> io::Result<bool> {
        match self.phase {
            Phase::Lines => {
                if self.pos >= self.data.len() && !self.fill()? {
                    self.phase = Phase::Last;
                } else if !self.bulk()? && !self.line_step(false)? {
                    return Ok(self.finish());
                }
            }
            Phase::Start => {
                self.fill()?;
                // A byte order mark at the very start is not part of the text.
                let bom = self.data.starts_with("\u{feff}".as_bytes());
                if !self.data.is_empty() && !self.line_step(bom)? {
                    return Ok(self.finish());
                }
                self.phase = Phase::Lines;
            }
            Phase::Last => {
                if !self.skipping {
                    let line = self.rec_line;
                    if self.share {
                        self.emit(self.rec, self.data.len(), line);
                    } else {
                        let text = self.text(self.rec, self.data.len()).to_owned();
                        self.emit_owned(text, self.off + self.rec, line, None);
                    }
                }
                return Ok(self.finish());
            }
            Phase::Done => return Ok(false),
        }
        Ok(true)
    }

    /// Hands on the last batch: the input is done. False, for [`Cutter::step`].
    fn finish(&mut self) -> bool {
        self.flush();
        self.phase = Phase::Done;
        false
    }

    /// `data[a..b]`, known to be UTF-8 (clean lines).
    fn text(&self, a: usize, b: usize) -> &str {
        self.data.text(a, b)
    }

    /// Takes the clean lines from `pos` up to the next line that starts a
    /// record (or the last whole line read) in one step. False when there
    /// is no such run here: the next line is read on its own.
    fn bulk(&mut self) -> io::Result<bool> {
        let rest = &self.data[self.pos..];
        if starts_record(rest) || (rest.len() < 9 && b"[Variant".starts_with(rest)) {
            return Ok(false);
        }
        // The next `\n[Variant` and a blank, or the last line break read.
        let mut from = 0;
        let end = loop {
            match self.finder.find(&rest[from..]) {
                Some(i) => {
                    let at = from + i + 1;
                    match rest.get(at + 8) {
                        Some(b' ' | b'\t') => break Some(at),
                        Some(_) => from = at,
                        // Cannot tell yet: up to the line break before it.
                        None => break Some(at),
                    }
                }
                None => break memchr::memrchr(b'\n', rest).map(|n| n + 1),
            }
        };
        let Some(end) = end.filter(|&e| e > 0) else {
            return Ok(false);
        };
        let run = &rest[..end];
        // Before the block's first NUL byte, a run has none; a run at or
        // past it is read line by line (a NUL stops the reading, but
        // one in an overlong line passed over does not).
        if self.pos + end > self.nul {
            return Ok(false);
        }
        if self.skipping {
            // Passed over: only the lines are counted.
            self.line_no += count_lines(run);
            self.pos += end;
            self.rec = self.pos;
            return Ok(true);
        }
        if self.pos + end - self.rec > RECORD_MAX
            || (!self.data.is_text() && simdutf8::basic::from_utf8(run).is_err())
            || (run.len() > LINE_MAX && longest_line(run) > LINE_MAX)
        {
            return Ok(false);
        }
        if self.rec == self.pos {
            self.rec_line = self.line_no;
        }
        self.line_no += count_lines(run);
        self.pos += end;
        Ok(true)
    }

    /// The line that starts at `pos`, read more input as needed. None at
    /// the end of the input.
    fn next_line(&mut self) -> io::Result<Option<Line>> {
        loop {
            let start = self.pos;
            let end = line_end(&self.data, start, self.nul, &self.reads, self.off, self.eof);
            if let Some(end) = end {
                if end == start {
                    return Ok(None);
                }
                let long = end - start > LINE_MAX;
                return Ok(Some(Line {
                    start,
                    end,
                    kept: end.min(start + LINE_MAX),
                    long,
                }));
            }
            if self.data.len() - start > LINE_MAX {
                // An overlong line: its start is kept, the rest is passed
                // over once it has been reported (`pass_line`).
                return Ok(Some(Line {
                    start,
                    end: usize::MAX,
                    kept: start + LINE_MAX,
                    long: true,
                }));
            }
            if !self.fill()? {
                // The end of the input: the loop ends the line there.
                continue;
            }
        }
    }

    /// Passes over the rest of an overlong line that starts at `start`
    /// (its first [`LINE_MAX`] bytes have been read).
    fn pass_line(&mut self, start: usize) -> io::Result<()> {
        self.pos = start + LINE_MAX;
        self.rec = self.pos;
        // The file offset where the line ends at the latest: the end of
        // the read that brought a NUL byte.
        let mut limit: Option<usize> = None;
        loop {
            let rest = &self.data[self.pos..];
            let newline = memchr::memchr(b'\n', rest).map(|n| self.pos + n + 1);
            if limit.is_none() {
                let scan_end = newline.unwrap_or(self.data.len());
                if let Some(z) = memchr::memchr(0, &self.data[self.pos..scan_end]) {
                    limit = Some(self.reads.end_after(self.off + self.pos + z));
                }
            }
            let cut = limit.map(|l| l - self.off);
            let end = match (newline, cut) {
                (Some(n), Some(c)) => Some(n.min(c)),
                (n, c) => n.or(c),
            };
            match end {
                Some(e) if e <= self.data.len() => {
                    self.pos = e;
                    self.rec = e;
                    return Ok(());
                }
                _ => {
                    // Nothing here is needed: drop it and read on.
                    self.pos = self.data.len();
                    self.rec = self.pos;
                    if !self.fill()? {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Reads one line by the rules of the line reader. False when reading
    /// stops (a NUL byte).
    fn line_step(&mut self, bom: bool) -> io::Result<bool> {
        let Some(line) = self.next_line()? else {
            // Nothing more: the loop in `run` sees the end.
            self.pos = self.data.len();
            if self.rec > self.pos {
                self.rec = self.pos;
            }
            return Ok(true);
        };
        let this_line = self.line_no;
        self.line_no += 1;
        // The line as read, without a byte order mark at the start.
        let start = if bom { line.start + 3 } else { line.start };
        let bytes = &self.data[start.min(line.kept)..line.kept];
        if self.skipping {
            if !starts_record(bytes) {
                return self.after(&line).map(|()| true);
            }
            self.skipping = false;
            self.splitter = Splitter::default();
            self.rec = start;
        }
        if self.rec == line.start || bom {
            self.rec = start;
            self.rec_line = this_line;
        }
        let fault = if self.data.is_text() && !line.long {
            // UTF-8, as the whole block: only a NUL byte can be wrong.
            let nul = line.kept > self.nul;
            nul.then(|| memchr::memchr(0, bytes).map(super::LineFault::Nul))
                .flatten()
        } else {
            line_fault(bytes, line.long)
        };
        let mut line_at = start - self.rec;
        if starts_record(bytes) {
            // The record so far and this line, as the splitter reads them.
            // A cut comes before this line: the record is clean text.
            // Not shared: the record's copy, made of the text checked here.
            let (cut, copy) = match fault {
                None => {
                    let text = self.data.text(self.rec, line.kept);
                    let cut = self.splitter.cut(text, line_at, text.len());
                    let copy = cut.filter(|_| !self.share).map(|c| text[..c].to_owned());
                    (cut, copy)
                }
                Some(_) => {
                    let mut buf = self.data.text(self.rec, start).to_owned() + &shown(bytes);
                    let cut = self.splitter.cut(&buf, line_at, buf.len());
                    let copy = cut.filter(|_| !self.share).map(|c| {
                        buf.truncate(c);
                        buf
                    });
                    (cut, copy)
                }
            };
            if let Some(cut) = cut {
                let at_line = self.rec_line;
                match copy {
                    Some(text) => self.emit_owned(text, self.off + self.rec, at_line, None),
                    None => self.emit(self.rec, self.rec + cut, at_line),
                }
                self.splitter.shift(cut);
                self.rec += cut;
                // The next record starts `cut` bytes in: counted back from
                // this line (comments that lead into it, if any).
                self.rec_line = this_line - count_lines(&self.data[self.rec..start]);
                line_at -= cut;
            }
        }
        let failed = if let Some(fault) = &fault {
            let bytes = &self.data[start.min(line.kept)..line.kept];
            let text = self.text(self.rec, start).to_owned() + &shown(bytes);
            Some((text, fault.problem(line_at, bytes), fault.stops()))
        } else if line.kept - self.rec > RECORD_MAX {
            let buf = self.text(self.rec, line.kept);
            let first = buf.find('\n').map_or(buf.len(), |n| n + 1);
            let problem = record_too_long(
                notation::Span::new(0, char_floor(buf, first.min(40))),
                &format!(
                    "records are limited to {} MiB, comments included; the next record is read",
                    RECORD_MAX >> 20
                ),
            );
            Some((buf[..first].to_owned(), problem, false))
        } else {
            None
        };
        if let Some((text, problem, stops)) = failed {
            let (base, at_line) = (self.off + self.rec, self.rec_line);
            self.emit_owned(text, base, at_line, Some(problem));
            if stops {
                return Ok(false);
            }
            self.skipping = true;
        }
        self.after(&line)?;
        Ok(true)
    }

    /// Moves past `line` (passing over the rest of an overlong one).
    fn after(&mut self, line: &Line) -> io::Result<()> {
        if line.end == usize::MAX {
            // Only after a fault: the record was handed on.
            return self.pass_line(line.start);
        }
        self.pos = line.end;
        if self.skipping {
            self.rec = self.pos;
        }
        Ok(())
    }

    /// Hands on `data[a..b]` (clean text), read from line `base_line`, as
    /// a record: a slice of the block.
    fn emit(&mut self, a: usize, b: usize, base_line: usize) {
        if blank(&self.data[a..b]) {
            return;
        }
        let text = Text::Shared(self.data.clone(), a, b);
        self.push(text, b - a, self.off + a, base_line, None);
    }

    fn emit_owned(&mut self, text: String, base: usize, base_line: usize, fault: Option<Problem>) {
        if fault.is_none() && text.trim().is_empty() {
            return;
        }
        let len = text.len();
        self.push(Text::Owned(text), len, base, base_line, fault.map(Box::new));
    }

    fn push(
        &mut self,
        text: Text,
        len: usize,
        base: usize,
        base_line: usize,
        fault: Option<Box<Problem>>,
    ) {
        self.batch_bytes += len;
        self.batch.push(Chunk {
            name: self.name.clone(),
            text,
            base,
            base_line,
            fault,
        });
        if self.batch.len() >= BATCH || self.batch_bytes >= BATCH_BYTES {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.batch.is_empty() {
            return;
        }
        let chunks = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        self.batch_bytes = 0;
        self.hand.hand(chunks);
    }
}

/// Drops the first `keep` bytes of `data` and reads a block more after the
/// rest (the text's reader and the JSON Lines' one, `jsonl.rs`). Where
/// records or lines handed on still read `data`, the rest moves to a block
/// of its own: one of `spare` whose records have all been dropped, or a new
/// one. The block is checked as UTF-8 once here (most blocks are all
/// UTF-8): what is cut from it is not checked again. Returns the bytes read
/// and the room they were read into: fewer read than room, the input ended.
pub(super) fn refill(
    reader: &mut (dyn Read + Send),
    data: &mut Arc<Block>,
    spare: &mut Vec<Arc<Block>>,
    keep: usize,
    block: usize,
) -> io::Result<(usize, usize)> {
    if Arc::get_mut(data).is_none() {
        let mut fresh = match spare.iter_mut().position(|b| Arc::get_mut(b).is_some()) {
            Some(i) => spare.swap_remove(i),
            None => Arc::default(),
        };
        let buf = Arc::make_mut(&mut fresh).bytes_mut();
        buf.clear();
        buf.extend_from_slice(&data[keep..]);
        let old = std::mem::replace(data, fresh);
        if spare.len() < SPARE {
            spare.push(old);
        }
    } else if keep > 0 {
        Arc::make_mut(data).bytes_mut().drain(..keep);
    }
    let bytes = Arc::make_mut(data).bytes_mut();
    let len = bytes.len();
    // The buffer stays one block long, unless a long record or line needs
    // more.
    let room = if len + (64 << 10) <= block {
        block - len
    } else {
        block
    };
    bytes.reserve(room);
    loop {
        // `take` reads into the spare room without zeroing it first.
        match reader.take(room as u64).read_to_end(bytes) {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    Arc::make_mut(data).checked();
    Ok((data.len() - len, room))
}

/// Where the line that starts at `start` of `data` ends (past its line
/// break), for the text's reader and the JSON Lines' one: a NUL byte ends
/// its line at the end of the read that brought it (`reads`; `off` is where
/// `data` starts in the input, `nul` how far it holds no NUL byte); at the
/// end of the input (`eof`) the data's end ends it. None: more input is
/// needed.
pub(super) fn line_end(
    data: &[u8],
    start: usize,
    nul: usize,
    reads: &Reads,
    off: usize,
    eof: bool,
) -> Option<usize> {
    let newline = memchr::memchr(b'\n', &data[start..]).map(|n| start + n + 1);
    let scan_end = newline.unwrap_or(data.len());
    let nul = if scan_end <= nul {
        None
    } else {
        memchr::memchr(0, &data[start..scan_end]).map(|z| start + z)
    };
    let end = match nul {
        Some(z) => {
            let cut = reads.end_after(off + z) - off;
            Some(newline.map_or(cut, |n| n.min(cut)))
        }
        None => newline,
    };
    match end {
        Some(e) if e <= data.len() => Some(e),
        _ if eof => Some(data.len()),
        _ => None,
    }
}

/// Bytes known to be UTF-8 (clean lines) as text.
fn utf8(bytes: &[u8]) -> &str {
    simdutf8::basic::from_utf8(bytes).unwrap_or_default()
}

/// Whether clean text is all white space (`str::trim` leaves nothing),
/// most often told by its first byte that is not ASCII white space.
fn blank(bytes: &[u8]) -> bool {
    match bytes.iter().find(|b| !b.is_ascii_whitespace()) {
        None => true,
        // A vertical tab, or a character of several bytes, may be white
        // space too.
        Some(&b) if b.is_ascii() && b != 0x0B => false,
        Some(_) => utf8(bytes).trim().is_empty(),
    }
}

/// Line breaks in `bytes`.
fn count_lines(bytes: &[u8]) -> usize {
    // Counted in bytes per stretch of 255, so that the compiler can use
    // vector instructions (a `usize` sum is overflow-checked, one by one).
    bytes
        .chunks(255)
        .map(|c| {
            c.iter()
                .fold(0u8, |n, &b| n.wrapping_add((b == b'\n') as u8)) as usize
        })
        .sum()
}

/// The length of the longest line of `run` (line breaks included).
fn longest_line(run: &[u8]) -> usize {
    let mut longest = 0;
    let mut start = 0;
    for n in memchr::memchr_iter(b'\n', run) {
        longest = longest.max(n + 1 - start);
        start = n + 1;
    }
    longest.max(run.len() - start)
}

#[cfg(test)]
mod tests {
    use super::*;
    use notation::Kind;

    /// Hands out at most `step` bytes a read, as a pipe may.
    struct Trickle {
        data: io::Cursor<Vec<u8>>,
        step: usize,
    }

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = buf.len().min(self.step);
            self.data.read(&mut buf[..n])
        }
    }

    type Cut = (usize, usize, String, Option<Kind>);

    /// `text` handed out at most `step` bytes a read, and the reader's read sizes.
    fn trickle(text: &[u8], step: usize) -> (Trickle, Reads) {
        let reader = Trickle {
            data: io::Cursor::new(text.to_vec()),
            step,
        };
        let reads = Reads {
            head: 0,
            step: 64 << 10,
        };
        (reader, reads)
    }

    /// What the reader cut, read `block` bytes at a time from reads of at
    /// most `step`: (offset, line, text, the kind of its first problem).
    fn cut(text: &[u8], block: usize, step: usize) -> Vec<Cut> {
        let (reader, reads) = trickle(text, step);
        let mut out = Vec::new();
        stream_text_in(Box::new(reader), reads, block, "t", &mut |(
            result,
            source,
        )| {
            out.push((
                source.base,
                source.base_line,
                source.text.clone(),
                result.err().map(|p| p[0].kind),
            ))
        })
        .unwrap();
        out
    }

    /// [`cut`] as `verify` reads: records handed on as slices of the
    /// blocks ([`stream_chunks`]), parsed as they come.
    fn cut_shared(text: &[u8], block: usize, step: usize) -> Vec<Cut> {
        let (reader, reads) = trickle(text, step);
        let mut out = Vec::new();
        let mut hand = |batch: Vec<Chunk>| {
            for chunk in batch {
                let (base, line, text) = (chunk.base, chunk.base_line, chunk.text().to_owned());
                let (result, _) = chunk.read();
                out.push((base, line, text, result.err().map(|p| p[0].kind)));
            }
        };
        let mut cutter = Cutter::new(Box::new(reader), reads, "t", &mut hand as Call);
        cutter.block = block;
        cutter.share = true;
        cutter.run().unwrap();
        out
    }

    /// [`cut_shared`], the batches taken one at a time ([`Chunks`], as the
    /// Python package's `verify` takes them on one core).
    fn cut_pulled(text: &[u8], block: usize, step: usize) -> Vec<Cut> {
        let (reader, reads) = trickle(text, step);
        let mut chunks = Chunks::new(Box::new(reader), reads, "t");
        chunks.cutter.block = block;
        let mut out = Vec::new();
        while let Some(batch) = chunks.next_batch().unwrap() {
            assert!(!batch.is_empty() && batch.len() <= BATCH);
            for chunk in batch {
                let (base, line, text) = (chunk.base, chunk.base_line, chunk.text().to_owned());
                let (result, _) = chunk.read();
                out.push((base, line, text, result.err().map(|p| p[0].kind)));
            }
        }
        assert!(
            chunks.next_batch().unwrap().is_none(),
            "the end stays the end"
        );
        out
    }

    /// Records of every shape that moves a cut: comments that lead into
    /// the next record or trail the last one, `[Variant` and a tab, a
    /// `[Variantx` line that starts nothing, an unclosed comment, CRLF,
    /// characters of several bytes; padded now and then so that records
    /// straddle the ends of blocks.
    fn sample(size: usize) -> String {
        let shapes = [
            "[Variant \"skill7-tarock\"]\n[Dealer \"1\"]\n\ntrick 1: SK SQ SN SJ\n",
            "{leads into the next}\n[Variant \"skill7-tarock\"]\n{ein König – für dich}\ntrick 1: SK SQ SN SJ\n",
            "\n\n{a comment alone}\n{and one more}\n[Variant\t\"skill7-tarock\"]\ntrick 1: SK SQ SN SJ\n{trails}\n",
            "[Variant \"skill7-tarock\"]\r\n[Variantx \"no\"]\r\ntrick 1: SK {open SQ SN SJ\r\n\r\n",
            "[Variant \"skill7-tarock\"]\n",
        ];
        let mut text = String::new();
        let mut i = 0usize;
        while text.len() < size {
            text.push_str(shapes[i % shapes.len()]);
            if i % 7 == 3 {
                text.push_str(&format!("{{{}}}\n", "é".repeat(i % 300)));
            }
            i += 1;
        }
        text
    }

    #[test]
    fn records_are_cut_as_the_whole_text_splitter_cuts_them_across_blocks() {
        let text = sample(200_000);
        let want: Vec<(usize, usize, &str)> = notation::split_records(&text)
            .map(|(at, chunk)| (at, text[..at].matches('\n').count(), chunk))
            .collect();
        assert!(want.len() > 1_000);
        // Inside a pool's worker the reader cuts and parses on its own
        // thread; outside, on a reader thread and the pool: the same cuts.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        for (block, step) in [
            (BLOCK, usize::MAX),
            (4096, 4093),
            (1000, 77),
            (65536, 1 << 20),
        ] {
            let got = cut(text.as_bytes(), block, step);
            let alone = pool.install(|| cut(text.as_bytes(), block, step));
            assert_eq!(got, alone);
            assert_eq!(got, cut_shared(text.as_bytes(), block, step));
            assert_eq!(got, cut_pulled(text.as_bytes(), block, step));
            assert_eq!(got.len(), want.len(), "block {block}, step {step}");
            for (g, w) in got.iter().zip(&want) {
                assert_eq!((g.0, g.1, g.2.as_str()), *w, "block {block}, step {step}");
            }
        }
    }

    #[test]
    fn a_fault_past_the_first_block_is_placed_and_reading_goes_on_or_stops() {
        let text = sample(100_000);
        let clean = cut(text.as_bytes(), 4096, usize::MAX);
        let at = text[50_000..].find("trick 1:").unwrap() + 50_000;
        let line = text[..at].matches('\n').count();
        // Bytes that are not UTF-8: that record alone is refused, at its
        // line; the records after it are read as before.
        let mut bad = text.as_bytes().to_vec();
        bad[at + 6] = 0xFF;
        let got = cut(&bad, 4096, 999);
        assert_eq!(got, cut_shared(&bad, 4096, 999));
        assert_eq!(got, cut_pulled(&bad, 4096, 999));
        let refused: Vec<_> = got
            .iter()
            .filter(|g| g.3 == Some(Kind::InvalidUtf8))
            .collect();
        assert_eq!(refused.len(), 1);
        assert!(refused[0].2.ends_with("trick \\xFF: SK SQ SN SJ\n"));
        assert!(refused[0].0 < at && refused[0].1 <= line);
        let after = |v: &[Cut]| -> Vec<(usize, usize)> {
            v.iter().filter(|g| g.0 > at).map(|g| (g.0, g.1)).collect()
        };
        // The next record is read from its `[Variant` line (the comments
        // that lead into it were passed over with the fault); the rest as
        // before.
        let (got_after, clean_after) = (after(&got), after(&clean));
        assert!(text[got_after[0].0..].starts_with("[Variant"));
        assert!(got_after[0].0 >= clean_after[0].0);
        assert_eq!(got_after[1..], clean_after[1..]);
        // A NUL byte there: its record is the last one read.
        let mut binary = text.as_bytes().to_vec();
        binary[at + 6] = 0;
        let got = cut(&binary, 4096, 4093);
        assert_eq!(got, cut_shared(&binary, 4096, 4093));
        assert_eq!(got, cut_pulled(&binary, 4096, 4093));
        let last = got.last().unwrap();
        assert_eq!(last.3, Some(Kind::BinaryInput));
        assert!(last.0 < at);
        assert_eq!(got.len(), clean.iter().filter(|g| g.0 < at).count());
    }

    #[test]
    fn a_block_is_text_when_all_of_it_is_utf8_and_reads_alike_either_way() {
        let text = "trick 1: SK {für – dich} SQ\n".as_bytes();
        for end in 0..=text.len() {
            let mut bad = text[..end].to_vec();
            bad.push(0xFF);
            for bytes in [&text[..end], &bad[..]] {
                let mut block = Block::Bytes(bytes.to_vec());
                block.checked();
                assert_eq!(block.is_text(), std::str::from_utf8(bytes).is_ok());
                assert_eq!(&block[..], bytes);
                for a in 0..=bytes.len() {
                    for b in a..=bytes.len() {
                        assert_eq!(block.text(a, b), utf8(&bytes[a..b]), "{a}..{b} of {end}");
                    }
                }
                // Changed, it is bytes until checked again.
                block.bytes_mut().push(b'x');
                assert!(!block.is_text());
            }
        }
    }

    #[test]
    fn blank_is_what_trim_leaves_empty() {
        for text in [
            "",
            " \n\t\r\n",
            "\u{b}",
            " \u{b}x",
            "\u{a0}\u{2003}\n",
            "\u{a0}é",
            "{c}",
            "\n[Variant",
            "é",
            "\u{85}",
        ] {
            assert_eq!(blank(text.as_bytes()), text.trim().is_empty(), "{text:?}");
        }
    }

    #[test]
    fn an_overlong_line_is_passed_over_without_holding_it() {
        let head = "[Variant \"skill7-tarock\"]\ntrick 1: SK SQ SN SJ\n";
        let mut text = head.as_bytes().to_vec();
        text.extend(std::iter::repeat_n(b'x', 3 * LINE_MAX));
        text.push(b'\n');
        let tail_at = text.len();
        text.extend_from_slice(head.as_bytes());
        let got = cut(&text, 65536, 65536);
        assert_eq!(got.len(), 2, "the long record refused, the next one read");
        assert_eq!(got[0].3, Some(Kind::LineTooLong));
        assert!(got[0].2.len() < LINE_MAX + 100);
        assert_eq!((got[1].0, got[1].1, got[1].3), (tail_at, 3, None));
    }
}
