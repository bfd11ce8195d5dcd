//! `tarok.frames`: the tables of `tarok convert --to parquet` (deals,
//! findings, ledger; spec/tables.md) built by the same library code
//! (`tarok::frames`) and handed to Python as Arrow IPC streams, which
//! `tarok/frames.py` opens with pyarrow (an optional dependency: the native
//! module needs no Python package).

use std::path::PathBuf;

use arrow_array::RecordBatch;
use arrow_ipc::writer::StreamWriter;
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use tarok::frames::{self, Table};
use verifier::session::Grouping;

type Streams = Vec<StreamWriter<Vec<u8>>>;

fn streams() -> Result<Streams, String> {
    Table::ALL
        .iter()
        .map(|t| StreamWriter::try_new(Vec::new(), &t.schema()).map_err(|e| e.to_string()))
        .collect()
}

/// The three tables of the records in `paths` as Arrow IPC streams.
#[pyfunction]
#[pyo3(signature = (paths, independent = false))]
fn _frames(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    independent: bool,
) -> PyResult<(Py<PyBytes>, Py<PyBytes>, Py<PyBytes>)> {
    let grouping = match independent {
        true => Grouping::Independent,
        false => Grouping::File,
    };
    let built = py.detach(|| -> Result<Vec<Vec<u8>>, String> {
        let mut writers = streams()?;
        let mut sink = |table: Table, batch: &RecordBatch| {
            writers[table as usize]
                .write(batch)
                .map_err(|e| e.to_string())
        };
        let done = frames::tables(&paths, grouping, &mut sink, &mut |_, _| {})?;
        if !done.unread.is_empty() {
            return Err(done.unread.join("; "));
        }
        writers
            .into_iter()
            .map(|mut w| {
                w.finish().map_err(|e| e.to_string())?;
                w.into_inner().map_err(|e| e.to_string())
            })
            .collect()
    });
    let bytes = built.map_err(PyOSError::new_err)?;
    let [deals, findings, ledger] =
        <[Vec<u8>; 3]>::try_from(bytes).map_err(|_| PyOSError::new_err("three tables expected"))?;
    Ok((
        PyBytes::new(py, &deals).unbind(),
        PyBytes::new(py, &findings).unbind(),
        PyBytes::new(py, &ledger).unbind(),
    ))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_frames, m)?)
}
