//! Standard output with every write checked: the first failed or short
//! write is kept, later writes fail at once (no work is spent on output
//! that goes nowhere), and [`Stdout::finish`] turns it into a message and
//! exit code 2. A closed pipe (`tarok gen | head`) is no error: it ends the
//! output quietly, as `head` expects.
//!
//! ```text
//! let mut out = out::Stdout::new();
//! let _ = writeln!(out, "...");          // may fail: remembered
//! if out.gone() { break }               // stop producing output
//! outcome = out.finish(outcome);         // flushed; exit 2 on a failed write
//! ```

use std::io::{self, Write};

/// Buffered standard output that remembers its first write error.
pub struct Stdout {
    inner: io::BufWriter<io::StdoutLock<'static>>,
    error: Option<io::Error>,
}

impl Default for Stdout {
    fn default() -> Self {
        Stdout::new()
    }
}

impl Stdout {
    pub fn new() -> Self {
        Stdout {
            inner: io::BufWriter::new(io::stdout().lock()),
            error: None,
        }
    }

    /// True once a write has failed (or the reader went away): nothing more
    /// will be written.
    pub fn gone(&self) -> bool {
        self.error.is_some()
    }

    fn keep<T>(&mut self, result: io::Result<T>) -> io::Result<T> {
        if let Err(e) = &result {
            if self.error.is_none() {
                self.error = Some(io::Error::new(e.kind(), e.to_string()));
            }
        }
        result
    }

    fn stopped(&self) -> io::Error {
        io::Error::other("standard output failed before")
    }

    /// Flushes and says how the output went: `outcome` when every byte was
    /// written (or the reader closed the pipe), else the error on standard
    /// error and [`crate::Outcome::BadInput`].
    pub fn finish(mut self, outcome: crate::Outcome) -> crate::Outcome {
        let _ = self.flush();
        match check(self.error.take()) {
            Ok(()) => outcome,
            Err(e) => {
                crate::fail(format!("writing standard output: {e}"));
                crate::Outcome::BadInput
            }
        }
    }
}

/// `Ok` when nothing went wrong or the reader closed the pipe (not an
/// error for a command that writes to a pipe: `tarok gen | head`).
pub fn check(error: Option<io::Error>) -> io::Result<()> {
    match error {
        Some(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e),
        _ => Ok(()),
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.error.is_some() {
            return Err(self.stopped());
        }
        let r = self.inner.write(buf);
        self.keep(r)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        if self.error.is_some() {
            return Err(self.stopped());
        }
        // `write_all` reports a write of 0 bytes (a short write that makes
        // no progress) as `WriteZero`.
        let r = self.inner.write_all(buf);
        self.keep(r)
    }

    fn flush(&mut self) -> io::Result<()> {
        if self.error.is_some() {
            return Err(self.stopped());
        }
        let r = self.inner.flush();
        self.keep(r)
    }
}
