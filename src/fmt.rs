//! `tarok fmt`: canonical text, streamed record by record.
//!
//! A file is never written in place: the canonical text goes to a temporary
//! file beside the original (same folder, so the rename cannot cross file
//! systems), which is flushed and synced, given the original's permissions
//! and renamed over it. On any error (a record that cannot be read, a full
//! disk, a kill) the original is untouched; a kill may leave the temporary
//! file `.<name>.tarok-fmt-<pid>` behind, never a half-written original.

use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use crate::input;
use crate::report;

/// What formatting one source came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Done {
    /// Already canonical: nothing written.
    Unchanged,
    /// Not canonical (`--check`), or rewritten.
    Changed,
    /// A record could not be read, or the file could not be read or written;
    /// what was wrong is on standard error.
    Failed,
}

/// A writer that compares what is written with a reader (the original
/// file), so that "already canonical" is known without holding either.
struct Compare<R> {
    original: R,
    differs: bool,
    buf: Vec<u8>,
}

impl<R: Read> Compare<R> {
    fn new(original: R) -> Self {
        Compare {
            original,
            differs: false,
            buf: Vec::new(),
        }
    }

    fn feed(&mut self, data: &[u8]) -> io::Result<()> {
        if self.differs {
            return Ok(());
        }
        self.buf.resize(data.len(), 0);
        let mut got = 0;
        while got < data.len() {
            let n = self.original.read(&mut self.buf[got..])?;
            if n == 0 {
                break;
            }
            got += n;
        }
        if got < data.len() || self.buf[..got] != *data {
            self.differs = true;
        }
        Ok(())
    }

    /// True when the original has nothing left after what was written.
    fn at_end(&mut self) -> io::Result<bool> {
        let mut one = [0u8; 1];
        Ok(self.original.read(&mut one)? == 0)
    }
}

/// The temporary file that becomes the formatted file.
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.tarok-fmt-{}", std::process::id()))
}

/// Formats one file (or checks it, with `check`). Messages go to `err`,
/// "formatted" / "not in canonical form" lines to `out`.
pub fn file(path: &Path, check: bool, out: &mut dyn Write, err: &mut dyn Write) -> Done {
    let name = path.display().to_string();
    let original = match File::open(path) {
        Ok(f) => f,
        Err(e) => {
            let _ = writeln!(err, "error: {name}: {e}");
            return Done::Failed;
        }
    };
    // Only a regular file is rewritten (never a device, a pipe, /dev/zero).
    match original.metadata() {
        Ok(m) if m.is_file() => {}
        Ok(_) if check => {}
        Ok(_) => {
            let _ = writeln!(
                err,
                "error: {name}: not a regular file; `tarok fmt -` reads standard input"
            );
            return Done::Failed;
        }
        Err(e) => {
            let _ = writeln!(err, "error: {name}: {e}");
            return Done::Failed;
        }
    }
    let mut compare = Compare::new(BufReader::with_capacity(1 << 16, original));
    // A link is followed: the file it names is replaced, the link stays.
    let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let temp = temp_path(&real);
    let mut sink: Option<io::BufWriter<File>> = None;
    if !check {
        match File::options().write(true).create_new(true).open(&temp) {
            Ok(f) => sink = Some(io::BufWriter::with_capacity(1 << 16, f)),
            Err(e) => {
                let _ = writeln!(err, "error: {}: {e}", temp.display());
                return Done::Failed;
            }
        }
    }
    // Some(changed), or None when a record could not be read.
    let result = (|| -> io::Result<Option<bool>> {
        let mut bad = false;
        let mut write_err: Option<io::Error> = None;
        let mut count = 0usize;
        input::read_text_records(path, |(result, source)| {
            let record = match result {
                Ok(record) => record,
                Err(problems) => {
                    bad = true;
                    report::render_all(err, &source, &problems);
                    return;
                }
            };
            if bad || write_err.is_some() {
                return;
            }
            let mut text = String::with_capacity(1024);
            if count > 0 {
                text.push('\n');
            }
            notation::print::write_record(&mut text, &record);
            count += 1;
            let wrote = compare
                .feed(text.as_bytes())
                .and_then(|()| match &mut sink {
                    Some(s) => s.write_all(text.as_bytes()),
                    None => Ok(()),
                });
            if let Err(e) = wrote {
                write_err = Some(e);
            }
        })?;
        if let Some(e) = write_err {
            return Err(e);
        }
        if bad {
            return Ok(None);
        }
        if let Some(s) = sink.take() {
            let file = s.into_inner().map_err(|e| e.into_error())?;
            file.sync_all()?;
            let changed = compare.differs || !compare.at_end()?;
            if changed {
                let permissions = std::fs::metadata(&real)?.permissions();
                std::fs::set_permissions(&temp, permissions)?;
                std::fs::rename(&temp, &real)?;
                sync_folder(&real);
            }
            return Ok(Some(changed));
        }
        Ok(Some(compare.differs || !compare.at_end()?))
    })();
    drop(sink);
    if !check {
        // Gone after a rename; otherwise the original stands.
        let _ = std::fs::remove_file(&temp);
    }
    match result {
        Ok(Some(true)) => {
            let said = if check {
                "not in canonical form"
            } else {
                "formatted"
            };
            let _ = writeln!(out, "{name}: {said}");
            Done::Changed
        }
        Ok(Some(false)) => Done::Unchanged,
        Ok(None) => Done::Failed,
        Err(e) => {
            let _ = writeln!(err, "error: {name}: {e}");
            Done::Failed
        }
    }
}

/// The folder entry of a rename is made durable too (best effort).
fn sync_folder(path: &Path) {
    if let Some(dir) = path.parent() {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
}

/// `tarok fmt -`: standard input to standard output, record by record. A
/// record that cannot be read is passed through as it was, so nothing is
/// lost; the exit code says so.
pub fn stdin_to_stdout(out: &mut dyn Write, err: &mut dyn Write) -> Done {
    let mut bad = false;
    let mut count = 0usize;
    let mut write_err = None;
    let read = input::read_text_records(Path::new("-"), |(result, source)| {
        let mut text = String::with_capacity(1024);
        if count > 0 {
            text.push('\n');
        }
        match result {
            Ok(record) => notation::print::write_record(&mut text, &record),
            Err(problems) => {
                bad = true;
                report::render_all(err, &source, &problems);
                text.push_str(source.text.trim_end_matches('\n'));
                text.push('\n');
            }
        }
        count += 1;
        if write_err.is_none() {
            if let Err(e) = out.write_all(text.as_bytes()) {
                write_err = Some(e);
            }
        }
    });
    let _ = out.flush();
    if let Err(e) = read.and_then(|()| write_err.map_or(Ok(()), Err)) {
        let _ = writeln!(err, "error: <stdin>: {e}");
        return Done::Failed;
    }
    if bad {
        Done::Failed
    } else {
        Done::Unchanged
    }
}
