//! One module per command of the `tarok` binary: each takes the command's
//! arguments and gives its outcome; reading, sessions, verifying and the
//! outcomes of records are the library's (`tarok::input`, `tarok::pipeline`,
//! `tarok::report`).

pub mod convert;
pub mod explain;
pub mod fmt;
pub mod gen;
pub mod report;
pub mod tables;
pub mod verify;
