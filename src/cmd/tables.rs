//! `tarok convert --to parquet` and `--to arrow`: the deals verified and
//! written as three tables (`deals`, `findings`, `ledger`; spec/tables.md)
//! into the folder `--out` names, one file a table. Binary output never
//! goes to standard output (a terminal least of all): `--out` is required.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use arrow_array::RecordBatch;
use tarok::frames::{self, Table};

use crate::{fail, report, ui, Outcome};

/// The two file forms.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    Parquet,
    Arrow,
}

impl Form {
    fn extension(self) -> &'static str {
        match self {
            Form::Parquet => "parquet",
            Form::Arrow => "arrow",
        }
    }
}

/// Rows in a Parquet row group: a group is held in memory until written,
/// so it is kept small (the default is a million rows).
const ROW_GROUP: usize = 16 * 1024;

enum Writer {
    Parquet(parquet::arrow::ArrowWriter<BufWriter<File>>),
    Arrow(arrow_ipc::writer::FileWriter<BufWriter<File>>),
}

impl Writer {
    fn create(form: Form, path: &Path, table: Table) -> Result<Writer, String> {
        let file = File::create(path).map_err(|e| e.to_string())?;
        let file = BufWriter::with_capacity(256 * 1024, file);
        let schema = table.schema();
        match form {
            Form::Parquet => {
                let props = parquet::file::properties::WriterProperties::builder()
                    .set_compression(parquet::basic::Compression::SNAPPY)
                    .set_max_row_group_row_count(Some(ROW_GROUP))
                    // Statistics per column chunk, not per page: a page
                    // index is held until the file is closed, so it would
                    // grow with the deals.
                    .set_statistics_enabled(parquet::file::properties::EnabledStatistics::Chunk)
                    .build();
                parquet::arrow::ArrowWriter::try_new(file, schema, Some(props))
                    .map(Writer::Parquet)
                    .map_err(|e| e.to_string())
            }
            Form::Arrow => arrow_ipc::writer::FileWriter::try_new(file, &schema)
                .map(Writer::Arrow)
                .map_err(|e| e.to_string()),
        }
    }

    fn write(&mut self, batch: &RecordBatch) -> Result<(), String> {
        match self {
            Writer::Parquet(w) => {
                let groups = w.flushed_row_groups().len();
                w.write(batch).map_err(|e| e.to_string())?;
                if w.flushed_row_groups().len() > groups {
                    release_freed_memory();
                }
                Ok(())
            }
            Writer::Arrow(w) => w.write(batch).map_err(|e| e.to_string()),
        }
    }

    /// The footer written and every byte flushed to the file.
    fn close(self) -> Result<(), String> {
        let file = match self {
            Writer::Parquet(w) => w.into_inner().map_err(|e| e.to_string())?,
            Writer::Arrow(mut w) => {
                w.finish().map_err(|e| e.to_string())?;
                w.into_inner().map_err(|e| e.to_string())?
            }
        };
        let file = file.into_inner().map_err(|e| e.error().to_string())?;
        file.sync_all().map_err(|e| e.to_string())
    }
}

/// Hands the memory freed since the last call back to the system: a row
/// group written frees its column chunks' buffers, and mimalloc (the
/// binary's allocator) would otherwise keep about 25 MiB of them resident
/// (convert --to parquet at 70 MiB on a million deals, 45-50 MiB with this;
/// bench/README.md, issue 23).
fn release_freed_memory() {
    // SAFETY: `mi_collect` takes no pointer and may be called from any
    // thread at any time; it only returns free pages to the OS.
    unsafe { libmimalloc_sys::mi_collect(true) }
}

pub(crate) fn convert(
    paths: &[PathBuf],
    form: Form,
    out: Option<&Path>,
    grouping: verifier::session::Grouping,
    quiet: bool,
) -> Outcome {
    let Some(dir) = out else {
        return fail(format!(
            "`--to {}` writes three tables (deals, findings, ledger), a file each: give \
             the folder with `--out DIR` (binary output never goes to standard output)",
            form.extension()
        ));
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        return fail(format!("{}: {e}", dir.display()));
    }
    let files: Vec<PathBuf> = Table::ALL
        .iter()
        .map(|&t| frames::file_of(dir, t, form.extension()))
        .collect();
    let mut writers = Vec::new();
    for (table, path) in Table::ALL.iter().zip(&files) {
        match Writer::create(form, path, *table) {
            Ok(w) => writers.push(w),
            Err(e) => return failed(&files, format!("{}: {e}", path.display())),
        }
    }
    let mut sink = |table: Table, batch: &RecordBatch| {
        writers[table as usize]
            .write(batch)
            .map_err(|e| format!("writing {}: {e}", files[table as usize].display()))
    };
    let progress = ui::Progress::new(None, quiet);
    let mut err = io::stderr().lock();
    let mut count = 0u64;
    let mut outcome = Outcome::Clean;
    // An unreadable record is a row (`readable` false, its findings in
    // `findings`) and its diagnostics on standard error, as `convert` shows them.
    let mut each = |read: &tarok::pipeline::Read, _: Option<&verifier::Report>| {
        count += 1;
        if count % 256 == 0 {
            progress.set(count);
        }
        if let (Err(problems), origin) = read {
            outcome = Outcome::BadInput;
            let source = origin.source();
            progress.suspend(|| report::render_all(&mut err, &source, problems));
        }
    };
    let done = frames::tables(paths, grouping, &mut sink, &mut each);
    progress.finish();
    let done = match done {
        Ok(done) => done,
        Err(e) => return failed(&files, e),
    };
    for (writer, path) in writers.into_iter().zip(&files) {
        if let Err(e) = writer.close() {
            return failed(&files, format!("writing {}: {e}", path.display()));
        }
    }
    let _ = err.flush();
    for e in &done.unread {
        outcome = fail(e);
    }
    outcome
}

/// A write failed: the message, and the tables removed (a file without
/// its footer is no table), so that none is taken for complete.
fn failed(files: &[PathBuf], message: String) -> Outcome {
    for f in files {
        let _ = std::fs::remove_file(f);
    }
    fail(format!("{message}; no table is left in the folder"))
}
