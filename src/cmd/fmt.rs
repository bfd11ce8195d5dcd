//! `tarok fmt`: files rewritten in canonical form (`crate::fmt`).

use std::io;
use std::path::PathBuf;

use crate::{fail, fmt, out, Outcome};

pub(crate) fn fmt(paths: &[PathBuf], check: bool, quiet: bool) -> Outcome {
    let (files, mut outcome) = crate::files_to_read(paths, &["tarok"]);
    let mut out = out::Stdout::new();
    let mut err = io::stderr().lock();
    for path in files {
        let done = if path.as_os_str() == "-" {
            if check {
                outcome = fail("`fmt --check` reads files, not standard input");
                continue;
            }
            fmt::stdin_to_stdout(&mut out, &mut err)
        } else if quiet {
            fmt::file(&path, check, &mut io::sink(), &mut err)
        } else {
            fmt::file(&path, check, &mut out, &mut err)
        };
        outcome = outcome.max(match done {
            fmt::Done::Unchanged => Outcome::Clean,
            fmt::Done::Changed if check => Outcome::Violations,
            fmt::Done::Changed => Outcome::Clean,
            fmt::Done::Failed => Outcome::BadInput,
        });
    }
    out.finish(outcome)
}
