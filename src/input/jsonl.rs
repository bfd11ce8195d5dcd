//! The JSON Lines reader's lines: large block reads, lines found with
//! `memchr`, each block checked once for a NUL byte and for UTF-8, as the
//! text reader ([`super::text`]) does. A clean line is read where it lies
//! in the block (no copy); a line read as one good record is handed on
//! with its text left in the block ([`super::Raw::Line`]), copied only if
//! a finding needs it.
//!
//! Lines are cut by the rules of the line reader this replaces
//! (`read_line_capped`): a line ends after its `\n`; a line holding a NUL
//! byte ends at the newline or at the end of the read in which the NUL
//! came, whichever is first ([`Reads`]); of a line longer than the cap
//! ([`LINE_MAX`]) the first bytes are kept and the rest passed over as it
//! streams by, so memory stays flat whatever the input.

use std::io::{self, Read};
use std::sync::Arc;

use super::text::{line_end, refill, Block, Reads};
use super::LINE_MAX;

/// Bytes asked of the input at a time.
const BLOCK: usize = 1 << 20;

/// A line found in the block: `[start, end)` in the block, of which
/// `[start, kept)` is read (the rest of an overlong line is passed over:
/// `end` is then `usize::MAX` until [`Lines::after`] has passed it).
pub(super) struct Line {
    pub start: usize,
    pub end: usize,
    pub kept: usize,
    pub long: bool,
}

/// The lines of an input, a block at a time.
pub(super) struct Lines {
    reader: Box<dyn Read + Send>,
    reads: Reads,
    /// Bytes asked of the input at a time ([`BLOCK`]).
    block: usize,
    /// The longest line kept ([`LINE_MAX`]).
    cap: usize,
    eof: bool,
    /// Where the block's first NUL byte is (its length if it has none).
    nul: usize,
    /// The input from file offset `off`: shared by the records handed on
    /// from it until they are dropped.
    data: Arc<Block>,
    /// Blocks handed on with records, used again once those are dropped.
    spare: Vec<Arc<Block>>,
    off: usize,
    /// Where the next line starts in `data`.
    pos: usize,
}

impl Lines {
    pub(super) fn new(reader: Box<dyn Read + Send>, reads: Reads) -> Lines {
        Lines {
            reader,
            reads,
            block: BLOCK,
            cap: LINE_MAX,
            eof: false,
            nul: 0,
            data: Arc::default(),
            spare: Vec::new(),
            off: 0,
            pos: 0,
        }
    }

    /// The block the lines are cut from.
    pub(super) fn data(&self) -> &Arc<Block> {
        &self.data
    }

    /// The file offset of `data[0]`.
    #[cfg(test)]
    fn off(&self) -> usize {
        self.off
    }

    /// Whether `data[..at]` holds no NUL byte.
    pub(super) fn no_nul_before(&self, at: usize) -> bool {
        at <= self.nul
    }

    /// Drops what is no longer needed and reads a block more. False at
    /// the end of the input.
    fn fill(&mut self) -> io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        let keep = self.pos;
        let (got, room) = refill(
            &mut *self.reader,
            &mut self.data,
            &mut self.spare,
            keep,
            self.block,
        )?;
        self.off += keep;
        self.pos = 0;
        self.nul = memchr::memchr(0, &self.data).unwrap_or(self.data.len());
        if got < room {
            self.eof = true;
        }
        Ok(got > 0)
    }

    /// The line that starts at the next place, more input read as needed.
    /// None at the end of the input. [`Lines::after`] moves past it.
    pub(super) fn next_line(&mut self) -> io::Result<Option<Line>> {
        loop {
            let start = self.pos;
            let end = line_end(&self.data, start, self.nul, &self.reads, self.off, self.eof);
            if let Some(end) = end {
                if end == start {
                    return Ok(None);
                }
                return Ok(Some(Line {
                    start,
                    end,
                    kept: end.min(start + self.cap),
                    long: end - start > self.cap,
                }));
            }
            if self.data.len() - start > self.cap {
                // An overlong line: its start is kept, the rest is passed
                // over once it has been read (`after`).
                return Ok(Some(Line {
                    start,
                    end: usize::MAX,
                    kept: start + self.cap,
                    long: true,
                }));
            }
            // At the end of the input the loop ends the line there.
            self.fill()?;
        }
    }

    /// Moves past `line` (passing over the rest of an overlong one): the
    /// file offset of the next line.
    pub(super) fn after(&mut self, line: &Line) -> io::Result<usize> {
        if line.end == usize::MAX {
            self.pass_line(line.start)?;
        } else {
            self.pos = line.end;
        }
        Ok(self.off + self.pos)
    }

    /// Passes over the rest of an overlong line that starts at `start`
    /// (its first `cap` bytes have been read).
    fn pass_line(&mut self, start: usize) -> io::Result<()> {
        self.pos = start + self.cap;
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
                    return Ok(());
                }
                _ => {
                    // Nothing here is needed: drop it and read on.
                    self.pos = self.data.len();
                    if !self.fill()? {
                        return Ok(());
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines as the line reader this replaces read them from a reader
    /// that hands out `step` bytes a read: (file offset, bytes kept, long).
    fn by_line_reader(input: &[u8], step: usize, cap: usize) -> Vec<(usize, Vec<u8>, bool)> {
        let mut reader = io::BufReader::with_capacity(step, io::Cursor::new(input.to_vec()));
        let mut out = Vec::new();
        let mut bytes = Vec::new();
        let mut offset = 0;
        loop {
            let got = super::super::read_line_capped(&mut reader, &mut bytes, cap).unwrap();
            if got.raw == 0 {
                return out;
            }
            // A NUL byte in what is kept stops the reading.
            let stop = memchr::memchr(0, &bytes).is_some();
            out.push((offset, bytes.clone(), got.long));
            if stop {
                return out;
            }
            offset += got.raw;
        }
    }

    /// The same, cut by [`Lines`] reading `block` bytes at a time.
    fn by_blocks(
        input: &[u8],
        step: usize,
        cap: usize,
        block: usize,
    ) -> Vec<(usize, Vec<u8>, bool)> {
        let reads = Reads { head: 0, step };
        let mut lines = Lines::new(Box::new(io::Cursor::new(input.to_vec())), reads);
        lines.block = block;
        lines.cap = cap;
        let mut out = Vec::new();
        // Blocks are held now and then, as records handed on hold them.
        let mut held = Vec::new();
        while let Some(line) = lines.next_line().unwrap() {
            let bytes = lines.data()[line.start..line.kept].to_vec();
            let at = lines.off() + line.start;
            let stop = memchr::memchr(0, &bytes).is_some();
            if out.len() % 3 == 0 {
                held.push(lines.data().clone());
            }
            if held.len() > 5 {
                held.remove(0);
            }
            out.push((at, bytes, line.long));
            if stop {
                break;
            }
            lines.after(&line).unwrap();
        }
        out
    }

    /// A pseudo-random input of lines of every length around `cap`, with
    /// NUL bytes, CRLF, characters of several bytes and bytes that are
    /// not UTF-8 here and there.
    fn sample(seed: u64, size: usize, cap: usize, nul: bool) -> Vec<u8> {
        let mut state = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
        let mut next = move |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        let mut out = Vec::new();
        while out.len() < size {
            let len = match next(4) {
                0 => next(8) as usize,
                1 => cap - 2 + next(5) as usize,
                2 => next(3 * cap as u64) as usize,
                _ => next(cap as u64 / 2) as usize,
            };
            for _ in 0..len {
                match next(200) {
                    0 if nul => out.push(0),
                    1 => out.extend_from_slice("é".as_bytes()),
                    2 => out.push(0xFF),
                    3 => out.push(b'\r'),
                    _ => out.push(b'a' + next(26) as u8),
                }
            }
            if next(10) != 0 {
                out.push(b'\n');
            }
        }
        out
    }

    #[test]
    fn lines_are_cut_as_the_line_reader_cut_them() {
        for seed in 0..60 {
            let nul = seed % 3 == 0;
            for (cap, step, block) in [
                (100, 64, 256),
                (37, 16, 100),
                (1000, 333, 4096),
                (64, 4096, 64),
            ] {
                let input = sample(seed, 20 * cap, cap, nul);
                let want = by_line_reader(&input, step, cap);
                let got = by_blocks(&input, step, cap, block);
                assert_eq!(
                    got, want,
                    "seed {seed}, cap {cap}, step {step}, block {block}"
                );
            }
        }
    }

    #[test]
    fn an_empty_input_and_a_last_line_without_newline() {
        assert!(by_blocks(b"", 64, 100, 256).is_empty());
        assert_eq!(
            by_blocks(b"{}\n\n{\"a\"", 64, 100, 256),
            vec![
                (0, b"{}\n".to_vec(), false),
                (3, b"\n".to_vec(), false),
                (4, b"{\"a\"".to_vec(), false)
            ]
        );
    }
}
