//! Pairs of numbers sorted in bounded memory: up to [`CHUNK`] pairs are
//! sorted in memory; past that each chunk is sorted and written to an
//! unnamed temporary file, and the chunks are merged into one sorted file
//! (an external merge sort). The report sorts its board candidates this
//! way (`(hash, mark)`, then `(first mark, mark)`), so that finding the
//! boards played at several tables does not hold 16 bytes a deal (issue
//! 23).
//!
//! ```text
//! let mut pairs = Pairs::default();
//! pairs.push((hash, mark));
//! let sorted = pairs.sort();          // in memory, or one file
//! for (hash, mark) in sorted.iter(0, sorted.len()) { ... }
//! ```

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::os::unix::fs::FileExt;

use super::list::{lost, At};

/// Pairs sorted in memory at once (16 bytes each: 4 MiB).
const CHUNK: usize = 256 << 10;

/// Bytes of one pair on disk: two little-endian `u64`.
const PAIR: u64 = 16;

pub type Pair = (u64, u64);

/// Pairs being gathered: the current chunk, and the sorted chunks written
/// so far (their offset and length in pairs).
pub struct Pairs {
    chunk: Vec<Pair>,
    file: Option<File>,
    runs: Vec<(u64, u64)>,
    written: u64,
    /// No temporary file, or a write to it failed: the rest is held in
    /// memory (sorted all the same, only larger).
    stuck: bool,
    bound: usize,
}

impl Default for Pairs {
    fn default() -> Self {
        Pairs::with_chunk(CHUNK)
    }
}

impl Pairs {
    fn with_chunk(bound: usize) -> Pairs {
        Pairs {
            chunk: Vec::new(),
            file: None,
            runs: Vec::new(),
            written: 0,
            stuck: false,
            bound,
        }
    }

    pub fn push(&mut self, pair: Pair) {
        self.chunk.push(pair);
        if self.chunk.len() >= self.bound && !self.stuck {
            self.spill();
        }
    }

    /// The chunk sorted and written as a run.
    fn spill(&mut self) {
        let Some(file) = crate::spool::spill_file(&mut self.file, &mut self.stuck) else {
            return;
        };
        self.chunk.sort_unstable();
        let bytes = encode(&self.chunk);
        match file.write_all_at(&bytes, self.written) {
            Ok(()) => {
                self.runs.push((self.written, self.chunk.len() as u64));
                self.written += bytes.len() as u64;
                self.chunk.clear();
            }
            // A full disk: the runs written stay good; hold the rest here.
            Err(_) => self.stuck = true,
        }
    }

    /// Every pair pushed, in order.
    pub fn sort(mut self) -> Sorted {
        self.chunk.sort_unstable();
        let Some(file) = self.file.take() else {
            return Sorted {
                memory: self.chunk,
                file: None,
                len: 0,
            };
        };
        // Merged into a second file, each run read through its own buffer;
        // the pairs left in memory (a last chunk, or the rest of a stuck
        // list) are the last run.
        let merged = match crate::spool::unnamed() {
            Ok(f) => f,
            Err(e) => lost(&e),
        };
        let mut heads = BinaryHeap::new();
        let mut readers: Vec<Reader<'_>> = self
            .runs
            .iter()
            .map(|&(at, len)| Reader::new(Some(&file), at, at + len * PAIR, 1 << 16))
            .collect();
        for (i, r) in readers.iter_mut().enumerate() {
            if let Some(p) = r.next() {
                heads.push(Reverse((p, i)));
            }
        }
        let mut memory = self.chunk.into_iter().peekable();
        let mut out = BufWriter::with_capacity(1 << 16, &merged);
        let mut len = 0u64;
        loop {
            let from_file = heads.peek().map(|Reverse((p, _))| *p);
            let next = match (from_file, memory.peek()) {
                (Some(f), Some(m)) if *m < f => memory.next(),
                (Some(_), _) => {
                    let Some(Reverse((p, i))) = heads.pop() else {
                        break;
                    };
                    if let Some(n) = readers[i].next() {
                        heads.push(Reverse((n, i)));
                    }
                    Some(p)
                }
                (None, Some(_)) => memory.next(),
                (None, None) => None,
            };
            let Some(p) = next else { break };
            if let Err(e) = out.write_all(&encode(&[p])) {
                lost(&e);
            }
            len += 1;
        }
        if let Err(e) = out.flush() {
            lost(&e);
        }
        drop(out);
        Sorted {
            memory: Vec::new(),
            file: Some(merged),
            len,
        }
    }
}

fn encode(pairs: &[Pair]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(pairs.len() * PAIR as usize);
    for (a, b) in pairs {
        bytes.extend_from_slice(&a.to_le_bytes());
        bytes.extend_from_slice(&b.to_le_bytes());
    }
    bytes
}

/// Pairs in order: in memory, or in a file.
pub struct Sorted {
    memory: Vec<Pair>,
    file: Option<File>,
    len: u64,
}

impl Sorted {
    pub fn len(&self) -> u64 {
        match self.file {
            Some(_) => self.len,
            None => self.memory.len() as u64,
        }
    }

    /// The runs of pairs of one first number: where each starts, and how
    /// many pairs it has.
    pub fn runs(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        let mut pairs = self.iter(0, self.len()).peekable();
        let mut at = 0;
        std::iter::from_fn(move || {
            let (first, _) = pairs.next()?;
            let mut len = 1;
            while pairs.next_if(|(f, _)| *f == first).is_some() {
                len += 1;
            }
            let run = (at, len);
            at += len;
            Some(run)
        })
    }

    /// The pairs from the `start`th, `len` of them.
    pub fn iter(&self, start: u64, len: u64) -> Box<dyn Iterator<Item = Pair> + '_> {
        let end = (start + len).min(self.len());
        let start = start.min(end);
        match &self.file {
            None => Box::new(self.memory[start as usize..end as usize].iter().copied()),
            Some(file) => Box::new(Reader::new(
                Some(file),
                start * PAIR,
                end * PAIR,
                // A run of a board's tables is often a few pairs long.
                ((end - start) * PAIR).clamp(PAIR, 1 << 16) as usize,
            )),
        }
    }
}

/// Pairs read from a file between two offsets.
struct Reader<'a> {
    bytes: BufReader<At<'a>>,
}

impl<'a> Reader<'a> {
    fn new(file: Option<&'a File>, at: u64, end: u64, buffer: usize) -> Reader<'a> {
        Reader {
            bytes: BufReader::with_capacity(buffer, At { file, at, end }),
        }
    }
}

impl Iterator for Reader<'_> {
    type Item = Pair;

    fn next(&mut self) -> Option<Pair> {
        let mut b = [0u8; PAIR as usize];
        match self.bytes.read_exact(&mut b) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return None,
            Err(e) => lost(&e),
        }
        let (x, y) = b.split_at(8);
        Some((
            u64::from_le_bytes(x.try_into().expect("8 bytes")),
            u64::from_le_bytes(y.try_into().expect("8 bytes")),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shuffled(n: u64) -> Vec<Pair> {
        // A fixed permutation (multiplication by an odd number mod 2^k).
        (0..n).map(|i| ((i * 7919) % n, i)).collect()
    }

    #[test]
    fn runs_are_the_pairs_of_one_first_number() {
        let mut pairs = Pairs::with_chunk(2);
        for p in [(5, 1), (3, 9), (5, 0), (7, 7), (5, 4), (3, 2)] {
            pairs.push(p);
        }
        let sorted = pairs.sort();
        assert_eq!(sorted.runs().collect::<Vec<_>>(), [(0, 2), (2, 3), (5, 1)]);
        assert_eq!(
            sorted.iter(2, 3).collect::<Vec<_>>(),
            [(5, 0), (5, 1), (5, 4)]
        );
    }

    #[test]
    fn pairs_past_a_chunk_are_merged_from_the_file_in_order() {
        for (n, chunk) in [(10u64, 1_000), (10_000, 1_000), (10_000, 3), (1_001, 1_000)] {
            let mut pairs = Pairs::with_chunk(chunk);
            let input = shuffled(n);
            for p in &input {
                pairs.push(*p);
            }
            let spilled = pairs.file.is_some();
            assert_eq!(
                spilled,
                n as usize >= chunk,
                "{n} pairs in chunks of {chunk}"
            );
            let sorted = pairs.sort();
            assert_eq!(sorted.len(), n);
            let mut want = input;
            want.sort_unstable();
            assert_eq!(sorted.iter(0, n).collect::<Vec<_>>(), want);
            let mid: Vec<Pair> = sorted.iter(n / 2, 3).collect();
            assert_eq!(
                mid,
                want[n as usize / 2..(n as usize / 2 + 3).min(n as usize)]
            );
            assert_eq!(sorted.iter(n, 5).count(), 0, "past the end: nothing");
            let runs: Vec<(u64, u64)> = sorted.runs().collect();
            assert_eq!(runs.iter().map(|r| r.1).sum::<u64>(), n);
            assert!(runs.windows(2).all(|w| w[0].0 + w[0].1 == w[1].0));
        }
    }
}
