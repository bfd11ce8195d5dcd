//! Output held back (`verify --expect` until a file's findings are known;
//! the files of a folder verified in parallel until their turn comes): kept
//! in memory up to 1 MiB, then in an unnamed temporary file, so holding the
//! output of a file of any size keeps memory flat.

use std::fs::File;
use std::io::{self, Read, Seek, Write};

/// Bytes held in memory before they go to a temporary file.
const IN_MEMORY: usize = 1 << 20;

#[derive(Default)]
pub struct Spool {
    memory: Vec<u8>,
    file: Option<io::BufWriter<File>>,
    /// No temporary file could be made: the output is held in memory.
    failed: Option<io::Error>,
    /// A write to the temporary file failed (a full disk): what was held is
    /// not whole, and [`Spool::give`] says so.
    lost: Option<io::Error>,
}

/// The unnamed temporary file of a spill, made on the first spill: `None`
/// (and `stuck` set, so that no spill is tried again) when none can be made.
pub(crate) fn spill_file<'f>(file: &'f mut Option<File>, stuck: &mut bool) -> Option<&'f File> {
    if file.is_none() {
        match unnamed() {
            Ok(f) => *file = Some(f),
            Err(_) => {
                *stuck = true;
                return None;
            }
        }
    }
    file.as_ref()
}

/// A temporary file with no name: removed as soon as it is opened, so
/// nothing is left behind, whatever happens to the process.
pub(crate) fn unnamed() -> io::Result<File> {
    let dir = std::env::temp_dir();
    for n in 0..100u32 {
        let path = dir.join(format!("tarok-spool-{}-{n}", std::process::id()));
        match File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(f) => {
                let _ = std::fs::remove_file(&path);
                return Ok(f);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other("no temporary file could be made"))
}

impl Write for Spool {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.file.is_none() && self.memory.len() + buf.len() > IN_MEMORY {
            match unnamed().and_then(|f| {
                let mut w = io::BufWriter::with_capacity(1 << 16, f);
                w.write_all(&self.memory)?;
                Ok(w)
            }) {
                Ok(w) => {
                    self.memory = Vec::new();
                    self.file = Some(w);
                }
                // No temporary file: keep holding in memory.
                Err(e) => self.failed = Some(e),
            }
        }
        if let Some(e) = &self.lost {
            return Err(io::Error::new(e.kind(), e.to_string()));
        }
        match &mut self.file {
            Some(f) => f.write_all(buf).inspect_err(|e| {
                self.lost = Some(io::Error::new(e.kind(), e.to_string()));
            }),
            None => {
                self.memory.extend_from_slice(buf);
                Ok(())
            }
        }
        .map(|()| buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Spool {
    /// Writes everything held to `out`. An error is the spool's own (what
    /// was held could not be written to or read from its temporary file:
    /// the output is not whole, and none of it is given); a failed write on
    /// `out` is `out`'s to report ([`crate::out::Stdout`] keeps it), and
    /// ends the giving.
    pub fn give(self, out: &mut (impl Write + ?Sized)) -> io::Result<()> {
        if let Some(e) = self.lost {
            // Not whole: nothing of it is given, the error says why.
            return Err(e);
        }
        match self.file {
            None => {
                let _ = out.write_all(&self.memory);
            }
            Some(w) => {
                let mut f = w.into_inner().map_err(|e| e.into_error())?;
                f.rewind()?;
                let mut buf = vec![0u8; 1 << 16];
                loop {
                    let n = f.read(&mut buf)?;
                    if n == 0 || out.write_all(&buf[..n]).is_err() {
                        break;
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A temporary file on a full disk (`/dev/full`): what is held is not
    /// whole, and giving it says so.
    #[test]
    fn a_spool_that_lost_bytes_says_so() {
        let full = File::options()
            .read(true)
            .write(true)
            .open("/dev/full")
            .unwrap();
        let mut spool = Spool {
            file: Some(io::BufWriter::with_capacity(16, full)),
            ..Spool::default()
        };
        assert!(spool.write_all(&[b'x'; 100]).is_err());
        assert!(spool.write_all(b"more").is_err());
        let mut out = Vec::new();
        assert!(spool.give(&mut out).is_err());
    }

    #[test]
    fn what_is_held_comes_back_whole_from_memory_or_a_file() {
        for size in [10usize, 3 << 20] {
            let data: Vec<u8> = (0..size).map(|i| (i % 251) as u8).collect();
            let mut spool = Spool::default();
            for chunk in data.chunks(4096) {
                spool.write_all(chunk).unwrap();
            }
            assert_eq!(spool.file.is_some(), size > IN_MEMORY);
            let mut out = Vec::new();
            spool.give(&mut out).unwrap();
            assert_eq!(out, data);
        }
    }
}
