//! `tarok fmt`: canonical text, streamed record by record.
//!
//! A file is never written in place: the canonical text goes to a temporary
//! file beside the original (same folder, so the rename cannot cross file
//! systems), which is flushed and synced, given the original's permissions
//! and renamed over it. On any error (a record that cannot be read, a full
//! disk, a kill) the original is untouched; a kill may leave the temporary
//! file `.<name>.tarok-fmt-<pid>` behind, never a half-written original.
//!
//! The new file replaces the original only when nothing is lost: it reads
//! back (every record, through the reader every command uses) to exactly
//! what was written, the original did not change while it was formatted
//! (size, times, inode), and it keeps the original's owner, group,
//! permissions and extended attributes. A file with other hard links, a
//! read-only file and anything but a regular file are not rewritten; each
//! refusal is an error with its reason (exit 2), the original untouched.

use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use notation::parse::starts_record;

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

/// The temporary file that becomes the formatted file: `.<name>.tarok-fmt-<pid>`
/// beside it, the name cut so that the whole fits in 255 bytes (NAME_MAX).
fn temp_path(path: &Path) -> PathBuf {
    let suffix = format!(".tarok-fmt-{}", std::process::id());
    let name = path.file_name().unwrap_or_else(|| "file".as_ref());
    let room = 255 - 1 - suffix.len();
    #[cfg(unix)]
    let mut temp = {
        use std::os::unix::ffi::OsStrExt;
        let bytes = name.as_bytes();
        let mut t = std::ffi::OsString::from(".");
        t.push(std::ffi::OsStr::from_bytes(&bytes[..bytes.len().min(room)]));
        t
    };
    #[cfg(not(unix))]
    let mut temp = {
        let n = name.to_string_lossy();
        let mut cut = n.len().min(room);
        while !n.is_char_boundary(cut) {
            cut -= 1;
        }
        std::ffi::OsString::from(format!(".{}", &n[..cut]))
    };
    temp.push(&suffix);
    path.with_file_name(temp)
}

/// Why a file may not be replaced by a new one, as people expect of it: a
/// file with other hard links (a new file would split them), a read-only
/// file (as `rm` and editors ask first, `fmt` does not replace it).
fn may_replace(real: &Path, before: &std::fs::Metadata) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if before.nlink() > 1 {
            return Err(format!(
                "has {} hard links: a new file would split them, so it is not rewritten \
                 (`tarok fmt - < FILE` writes the canonical text to standard output)",
                before.nlink()
            ));
        }
    }
    let writable = !before.permissions().readonly() && {
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            std::ffi::CString::new(real.as_os_str().as_bytes())
                // SAFETY: a valid C string; access(2) only reads it.
                .is_ok_and(|c| unsafe { libc::access(c.as_ptr(), libc::W_OK) } == 0)
        }
        #[cfg(not(unix))]
        {
            let _ = real;
            true
        }
    };
    if !writable {
        return Err("is read-only: not rewritten (make it writable to format it)".into());
    }
    Ok(())
}

/// Gives the new file the original's owner, group, permissions and extended
/// attributes; what cannot be kept is an error (the original then stands).
fn keep_attributes(real: &Path, before: &std::fs::Metadata, new: &File) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let now = new.metadata().map_err(|e| e.to_string())?;
        if (now.uid(), now.gid()) != (before.uid(), before.gid()) {
            std::os::unix::fs::fchown(new, Some(before.uid()), Some(before.gid())).map_err(
                |e| {
                    format!(
                        "its owner (user {}, group {}) cannot be kept ({e}): not rewritten",
                        before.uid(),
                        before.gid()
                    )
                },
            )?;
        }
    }
    // After the owner: changing the owner clears the set-user-ID bit.
    new.set_permissions(before.permissions())
        .map_err(|e| format!("its permissions cannot be kept ({e}): not rewritten"))?;
    xattr::copy(real, new)
}

/// Extended attributes (Linux): listed on the original, set on the new file.
mod xattr {
    use std::fs::File;
    use std::path::Path;

    #[cfg(target_os = "linux")]
    pub fn copy(from: &Path, to: &File) -> Result<(), String> {
        use std::os::unix::ffi::OsStrExt;
        use std::os::unix::io::AsRawFd;
        let path =
            std::ffi::CString::new(from.as_os_str().as_bytes()).map_err(|e| e.to_string())?;
        let fail = |what: &str| {
            let e = std::io::Error::last_os_error();
            format!("its extended attributes cannot be kept ({what}: {e}): not rewritten")
        };
        // SAFETY (each call below): valid C strings and buffers of the
        // lengths given; the calls only read and write within them.
        let size = unsafe { libc::listxattr(path.as_ptr(), std::ptr::null_mut(), 0) };
        if size < 0 {
            let e = std::io::Error::last_os_error();
            // A file system without extended attributes has none to keep.
            return match e.raw_os_error() {
                Some(libc::ENOTSUP) => Ok(()),
                _ => Err(fail("listing them")),
            };
        }
        let mut names = vec![0u8; size as usize];
        let size =
            unsafe { libc::listxattr(path.as_ptr(), names.as_mut_ptr().cast(), names.len()) };
        if size < 0 {
            return Err(fail("listing them"));
        }
        names.truncate(size as usize);
        for name in names.split(|&b| b == 0).filter(|n| !n.is_empty()) {
            let shown = String::from_utf8_lossy(name).into_owned();
            let name = std::ffi::CString::new(name).map_err(|e| e.to_string())?;
            let len =
                unsafe { libc::getxattr(path.as_ptr(), name.as_ptr(), std::ptr::null_mut(), 0) };
            if len < 0 {
                return Err(fail(&shown));
            }
            let mut value = vec![0u8; len as usize];
            let len = unsafe {
                libc::getxattr(
                    path.as_ptr(),
                    name.as_ptr(),
                    value.as_mut_ptr().cast(),
                    value.len(),
                )
            };
            if len < 0 {
                return Err(fail(&shown));
            }
            let set = unsafe {
                libc::fsetxattr(
                    to.as_raw_fd(),
                    name.as_ptr(),
                    value.as_ptr().cast(),
                    len as usize,
                    0,
                )
            };
            if set != 0 {
                return Err(fail(&shown));
            }
        }
        Ok(())
    }

    #[cfg(not(target_os = "linux"))]
    pub fn copy(_from: &Path, _to: &File) -> Result<(), String> {
        Ok(())
    }
}

/// What identifies the original's content as it was when formatting began:
/// a file changed since (a record appended by a logging writer) is not
/// replaced, or what was written after the reading would be lost.
#[derive(PartialEq, Eq, Debug)]
struct Stamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    #[cfg(unix)]
    inode: (u64, u64, i64, i64),
}

impl Stamp {
    fn of(m: &std::fs::Metadata) -> Stamp {
        Stamp {
            len: m.len(),
            modified: m.modified().ok(),
            #[cfg(unix)]
            inode: {
                use std::os::unix::fs::MetadataExt;
                (m.dev(), m.ino(), m.ctime(), m.ctime_nsec())
            },
        }
    }
}

/// Opens a regular file for reading without waiting: a FIFO put in its
/// place since it was looked at is not waited on, and refused.
fn open_regular(path: &Path) -> io::Result<File> {
    let mut options = File::options();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::other("not a regular file, not read"));
    }
    Ok(file)
}

/// The canonical text of one record (after a blank line unless `first`),
/// checked: `None` when it does not read back to the same record, which
/// the printer cannot then write (`fmt` does not replace the file,
/// `convert --to text` fails). The commands use [`push_canonical`].
#[cfg(test)]
pub(crate) fn canonical(record: &notation::Record, first: bool) -> Option<String> {
    let mut text = String::with_capacity(1024);
    push_canonical(&mut text, record, first).then_some(text)
}

/// [`canonical`] appended to `out`, a buffer the caller reuses (no
/// `String` per record: issue 29 item 2); `false`, and `out` as it was,
/// when the text does not read back to the same record.
pub(crate) fn push_canonical(out: &mut String, record: &notation::Record, first: bool) -> bool {
    let from = out.len();
    if !first {
        out.push('\n');
    }
    notation::print::write_record(out, record);
    if reads_back_as(&out[from..], record) {
        true
    } else {
        out.truncate(from);
        false
    }
}

/// Whether `text` reads back as exactly one record equal to `record`, as
/// `notation::parse_str` reads it.
///
/// `parse_str` cuts the text (after any byte-order marks) at each line
/// that starts a record (`starts_record`) but the first such line, then
/// parses each piece that is not blank. When at most one line starts a
/// record (the text a printer writes of one record), there is no cut: its
/// one piece is the whole text after the marks, read here by the
/// one-record parser, without the lists `parse_str` builds (its cuts, its
/// results). Spans are no part of a record's equality, so where the piece
/// starts changes nothing. Any other text is read by `parse_str` itself.
fn reads_back_as(text: &str, record: &notation::Record) -> bool {
    let start = text.len() - text.trim_start_matches('\u{feff}').len();
    let body = &text[start..];
    let bytes = body.as_bytes();
    // The lines after the first that start a record.
    let mut later = memchr::memmem::find_iter(bytes, b"\n[Variant")
        .filter(|&at| starts_record(&bytes[at + 1..]));
    let one_start_at_most = if starts_record(bytes) {
        later.next().is_none()
    } else {
        later.nth(1).is_none()
    };
    if !one_start_at_most {
        return matches!(notation::parse_str(text).as_slice(), [Ok(back)] if back == record);
    }
    !body.trim().is_empty()
        && matches!(notation::parse_record_boxed(body, start), Ok(back) if *back == *record)
}

/// Reads the formatted file back as every command reads it: it must give
/// records whose canonical text is the file itself, byte for byte.
fn reads_back(temp: &Path, records: usize) -> Result<(), String> {
    let file = File::open(temp).map_err(|e| e.to_string())?;
    let mut compare = Compare::new(BufReader::with_capacity(1 << 16, file));
    let mut count = 0usize;
    let mut faults = 0usize;
    let mut text = String::with_capacity(1024);
    let read = input::read_text_records(temp, |(result, _)| {
        match result {
            Ok(record) => {
                text.clear();
                if count > 0 {
                    text.push('\n');
                }
                notation::print::write_record(&mut text, &record);
                if compare.feed(text.as_bytes()).is_err() {
                    faults += 1;
                }
            }
            Err(_) => faults += 1,
        }
        count += 1;
    });
    let whole = read.is_ok() && faults == 0 && count == records;
    if whole && !compare.differs && compare.at_end().unwrap_or(false) {
        Ok(())
    } else {
        Err(
            "its canonical text would not read back the same (a fault of `tarok fmt`: \
             please report it): not rewritten"
                .into(),
        )
    }
}

/// Formats one file (or checks it, with `check`). Messages go to `err`,
/// "formatted" / "not in canonical form" lines to `out`.
pub fn file(path: &Path, check: bool, out: &mut dyn Write, err: &mut dyn Write) -> Done {
    let name = path.display().to_string();
    let mut refuse = |why: &dyn std::fmt::Display| {
        let _ = writeln!(err, "error: {name}: {why}");
        Done::Failed
    };
    // A link is followed: the file it names is replaced, the link stays.
    let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let before = match std::fs::metadata(&real) {
        Ok(m) => m,
        Err(e) => return refuse(&e),
    };
    // Only a regular file is read (never a device, a FIFO, /dev/zero).
    if let Some(why) = input::not_regular(&real) {
        return refuse(&why);
    }
    if !check {
        if let Err(why) = may_replace(&real, &before) {
            return refuse(&why);
        }
    }
    let original = match open_regular(&real) {
        Ok(f) => f,
        Err(e) => return refuse(&e),
    };
    let stamp = Stamp::of(&before);
    let mut compare = Compare::new(BufReader::with_capacity(1 << 16, original));
    let temp = temp_path(&real);
    let mut sink: Option<io::BufWriter<File>> = None;
    if !check {
        let mut options = File::options();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            // No one else may read the new file before it has the
            // original's owner and permissions.
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        match options.open(&temp) {
            Ok(f) => sink = Some(io::BufWriter::with_capacity(1 << 16, f)),
            Err(e) => {
                let _ = writeln!(err, "error: {}: {e}", temp.display());
                return Done::Failed;
            }
        }
    }
    let mut failure: Option<String> = None;
    // Some(changed), or None when a record could not be read.
    let result = (|| -> io::Result<Option<bool>> {
        let mut bad = false;
        let mut write_err: Option<io::Error> = None;
        let mut count = 0usize;
        // The text of each record, in one buffer reused.
        let mut text = String::with_capacity(1024);
        input::read_text_records(path, |(result, source)| {
            let record = match result {
                Ok(record) => record,
                Err(problems) => {
                    bad = true;
                    report::render_all(err, &source, &problems);
                    return;
                }
            };
            if bad || write_err.is_some() || failure.is_some() {
                return;
            }
            text.clear();
            if !push_canonical(&mut text, &record, count == 0) {
                failure = Some(
                    "the canonical text of a record does not read back to the same record \
                     (a fault of `tarok fmt`: please report it): not rewritten"
                        .into(),
                );
                return;
            }
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
        if bad || failure.is_some() {
            return Ok(None);
        }
        let changed = compare.differs || !compare.at_end()?;
        let Some(s) = sink.take() else {
            return Ok(Some(changed));
        };
        let file = s.into_inner().map_err(|e| e.into_error())?;
        if !changed {
            return Ok(Some(false));
        }
        let kept = keep_attributes(&real, &before, &file)
            .and_then(|()| file.sync_all().map_err(|e| e.to_string()))
            .and_then(|()| reads_back(&temp, count))
            .and_then(|()| {
                test_hook(&real);
                match std::fs::metadata(&real) {
                    Ok(now) if Stamp::of(&now) == stamp => Ok(()),
                    _ => Err(
                        "changed while it was formatted: not rewritten (run `tarok fmt` \
                              again once nothing writes to it)"
                            .into(),
                    ),
                }
            });
        if let Err(why) = kept {
            failure = Some(why);
            return Ok(None);
        }
        std::fs::rename(&temp, &real)?;
        sync_folder(&real);
        Ok(Some(true))
    })();
    drop(sink);
    if !check {
        // Gone after a rename; otherwise the original stands.
        let _ = std::fs::remove_file(&temp);
    }
    if let Some(why) = failure {
        let _ = writeln!(err, "error: {name}: {why}");
        return Done::Failed;
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

/// Tests only (debug builds): text appended to the original just before
/// the check that it did not change, as a logging writer would while `fmt`
/// runs (`TAROK_TEST_FMT_APPEND`).
fn test_hook(real: &Path) {
    #[cfg(debug_assertions)]
    if let Some(text) = std::env::var_os("TAROK_TEST_FMT_APPEND") {
        if let Ok(mut f) = File::options().append(true).open(real) {
            let _ = f.write_all(text.to_string_lossy().as_bytes());
        }
    }
    #[cfg(not(debug_assertions))]
    let _ = real;
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
    // The text of each record, in one buffer reused.
    let mut text = String::with_capacity(1024);
    let read = input::read_text_records(Path::new("-"), |(result, source)| {
        text.clear();
        let printed = match &result {
            Ok(record) => push_canonical(&mut text, record, count == 0),
            Err(_) => false,
        };
        if !printed {
            bad = true;
            match result {
                Ok(_) => {
                    let _ = writeln!(
                        err,
                        "error: <stdin>: a record whose canonical text does not read back to \
                         the same record is passed through as it was (a fault of `tarok fmt`: \
                         please report it)"
                    );
                }
                Err(problems) => report::render_all(err, &source, &problems),
            }
            // As it was: after a blank line unless first.
            if count > 0 {
                text.push('\n');
            }
            text.push_str(source.text.trim_end_matches('\n'));
            text.push('\n');
        }
        count += 1;
        if write_err.is_none() {
            if let Err(e) = out.write_all(text.as_bytes()) {
                write_err = Some(e);
            }
        }
    });
    let _ = out.flush();
    if let Err(e) = read {
        let _ = writeln!(err, "error: <stdin>: {e}");
        return Done::Failed;
    }
    // A failed write is said by the writer of standard output (`out`); a
    // closed pipe is no failure.
    if crate::out::check(write_err).is_err() {
        return Done::Failed;
    }
    if bad {
        Done::Failed
    } else {
        Done::Unchanged
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(event: &str) -> notation::Record {
        let mut record = notation::parse_str("[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n")
            .remove(0)
            .unwrap();
        record.tags.push(notation::Tag::new("Event", event));
        record
    }

    /// The check `fmt` and `convert --to text` share: a record the printer
    /// writes faithfully passes, with the blank line before all but the
    /// first; one it cannot (built in code: a tag value with a line break,
    /// which no reader gives and the JSON reader refuses) does not.
    #[test]
    fn canonical_text_is_given_only_when_it_reads_back_the_same() {
        let good = record("Club night");
        assert_eq!(
            canonical(&good, true).as_deref(),
            Some("[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n[Event \"Club night\"]\n")
        );
        assert!(canonical(&good, false).unwrap().starts_with("\n[Variant"));
        let bad = record("Club\n[Variant \"koenigrufen\"]");
        assert_eq!(canonical(&bad, true), None);
        assert!(!reads_back_as(&notation::to_text(&bad), &bad));
    }
}
