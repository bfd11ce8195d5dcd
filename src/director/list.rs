//! A list that grows with the deals read (the rows of a part of the
//! report), kept in memory up to [`IN_MEMORY`] bytes and then in an
//! unnamed temporary file, so that the report of any number of deals is
//! built and written in bounded memory (issue 23). Items are stored as
//! JSON lines (the model derives serde); the list reads them back as often
//! as asked ([`List::iter`]) and serializes as a JSON sequence, so the
//! `--format json` document is written straight from the file.
//!
//! ```text
//! let mut rows = List::new();
//! rows.push(&row);                  // in memory, or on disk past the bound
//! for row in rows.iter() { ... }    // read back in the order pushed
//! serde_json::to_writer(out, &rows) // a JSON array
//! ```

use std::fs::File;
use std::io::{self, BufRead, Read};
use std::marker::PhantomData;
use std::os::unix::fs::FileExt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Bytes of one list held in memory before they go to the file.
const IN_MEMORY: usize = 256 << 10;

pub struct List<T> {
    /// The first `on_disk` bytes of the lines; the rest are `tail`.
    file: Option<File>,
    on_disk: u64,
    tail: Vec<u8>,
    len: usize,
    /// No temporary file, or a write to it failed: the rest is held in
    /// memory (the list stays whole, only larger).
    stuck: bool,
    /// Bytes held in memory before they go to the file.
    bound: usize,
    item: PhantomData<fn() -> T>,
}

impl<T> Default for List<T> {
    fn default() -> Self {
        List {
            file: None,
            on_disk: 0,
            tail: Vec::new(),
            len: 0,
            stuck: false,
            bound: IN_MEMORY,
            item: PhantomData,
        }
    }
}

impl<T> std::fmt::Debug for List<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "List({} items)", self.len)
    }
}

impl<T: Serialize + DeserializeOwned> List<T> {
    pub fn new() -> Self {
        List::default()
    }

    /// A list of which many may be open at once (one per player): 16 KiB
    /// in memory.
    pub fn small() -> Self {
        List {
            bound: 16 << 10,
            ..List::default()
        }
    }

    pub fn push(&mut self, item: &T) {
        serde_json::to_writer(&mut self.tail, item).expect("a report row serializes");
        self.tail.push(b'\n');
        self.len += 1;
        if self.tail.len() >= self.bound && !self.stuck {
            self.spill();
        }
    }

    fn spill(&mut self) {
        let Some(file) = crate::spool::spill_file(&mut self.file, &mut self.stuck) else {
            return;
        };
        match file.write_all_at(&self.tail, self.on_disk) {
            Ok(()) => {
                self.on_disk += self.tail.len() as u64;
                self.tail.clear();
            }
            // A full disk: what is on disk stays good; hold the rest here.
            Err(_) => self.stuck = true,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Where the next item will start: [`List::iter_from`] reads from there.
    pub fn mark(&self) -> u64 {
        self.on_disk + self.tail.len() as u64
    }

    /// The items, in the order pushed.
    pub fn iter(&self) -> Iter<'_, T> {
        self.iter_from(0)
    }

    /// The items from a [`List::mark`] on.
    pub fn iter_from(&self, at: u64) -> Iter<'_, T> {
        self.reader(at, 1 << 14)
    }

    /// The item at a [`List::mark`], read through a small buffer (one row
    /// of many read out of order).
    pub fn get(&self, at: u64) -> Option<T> {
        self.reader(at, 512).next()
    }

    fn reader(&self, at: u64, buffer: usize) -> Iter<'_, T> {
        let disk = At {
            file: self.file.as_ref(),
            at: at.min(self.on_disk),
            end: self.on_disk,
        };
        let skip = at.saturating_sub(self.on_disk) as usize;
        let tail = &self.tail[skip.min(self.tail.len())..];
        Iter {
            at,
            lines: io::BufReader::with_capacity(buffer, disk.chain(tail)),
            line: Vec::new(),
            item: PhantomData,
        }
    }
}

/// Reads the file between two offsets without moving a shared cursor, so
/// that several readers of one list may be open at once.
pub(super) struct At<'a> {
    pub file: Option<&'a File>,
    pub at: u64,
    pub end: u64,
}

impl Read for At<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let Some(file) = self.file else { return Ok(0) };
        let left = (self.end - self.at).min(buf.len() as u64) as usize;
        if left == 0 {
            return Ok(0);
        }
        let n = file.read_at(&mut buf[..left], self.at)?;
        self.at += n as u64;
        Ok(n)
    }
}

pub struct Iter<'a, T> {
    /// The mark of the next item.
    at: u64,
    lines: io::BufReader<io::Chain<At<'a>, &'a [u8]>>,
    line: Vec<u8>,
    item: PhantomData<fn() -> T>,
}

impl<T> Iter<'_, T> {
    /// The [`List::mark`] of the item `next` gives.
    pub fn mark(&self) -> u64 {
        self.at
    }
}

impl<T: DeserializeOwned> Iterator for Iter<'_, T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        self.line.clear();
        // The file is ours and unnamed: it reads back what was written, or
        // the machine has failed under us (said, not hidden).
        let n = match self.lines.read_until(b'\n', &mut self.line) {
            Ok(n) => n,
            Err(e) => lost(&e),
        };
        if n == 0 {
            return None;
        }
        self.at += n as u64;
        match serde_json::from_slice(&self.line) {
            Ok(item) => Some(item),
            Err(e) => lost(&e),
        }
    }
}

/// The temporary file did not give back what was written (the machine
/// failed under us): said, and the run ends as a failed write does (exit
/// 2), the report cut short rather than silently missing rows.
#[cold]
pub(super) fn lost(e: &dyn std::fmt::Display) -> ! {
    eprintln!(
        "error: the report's temporary file could not be read back ({e}); the report is incomplete\n  \
         help: check the temporary folder (TMPDIR) has room and is readable, then run the report again"
    );
    std::process::exit(2)
}

impl<T: Serialize + DeserializeOwned> Serialize for List<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// Reads back a `&'static str` of the model (a kind, a rule id): the
/// values are the program's own words, so each distinct one is kept once
/// for the run.
pub fn word<'de, D: Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
    Ok(intern(String::deserialize(d)?))
}

/// [`word`] for an optional one.
pub fn word_opt<'de, D: Deserializer<'de>>(d: D) -> Result<Option<&'static str>, D::Error> {
    Ok(Option::<String>::deserialize(d)?.map(intern))
}

fn intern(s: String) -> &'static str {
    use std::collections::HashSet;
    use std::sync::{Mutex, OnceLock};
    static WORDS: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut words = WORDS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(w) = words.get(s.as_str()) {
        return w;
    }
    let w: &'static str = Box::leak(s.into_boxed_str());
    words.insert(w);
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_goes_to_disk_and_reads_back_in_order() {
        let mut list = List::new();
        let mut marks = Vec::new();
        for i in 0..100_000u64 {
            marks.push(list.mark());
            list.push(&(i, format!("row {i}")));
        }
        assert!(list.on_disk > 0, "past the bound the rows are in the file");
        assert_eq!(list.len, 100_000);
        let back: Vec<(u64, String)> = list.iter().collect();
        assert_eq!(back.len(), 100_000);
        assert_eq!(back[99_999], (99_999, "row 99999".to_owned()));
        assert!(back.iter().enumerate().all(|(i, r)| r.0 == i as u64));
        let from: Vec<(u64, String)> = list.iter_from(marks[70_000]).take(2).collect();
        assert_eq!(list.get(marks[3]), Some((3, "row 3".to_owned())));
        let mut it = list.iter_from(marks[5]);
        assert_eq!(it.mark(), marks[5]);
        it.next();
        assert_eq!(it.mark(), marks[6], "the mark follows the items read");
        assert_eq!(list.get(marks[99_999]).map(|r| r.0), Some(99_999));
        assert_eq!(from[0].0, 70_000);
        assert_eq!(from[1].0, 70_001);
        let json = serde_json::to_string(&list).unwrap();
        assert!(json.starts_with("[[0,\"row 0\"],[1,"));
    }
}
