//! Integration tests: one test binary (ripgrep's layout). The corpus is the
//! test suite: every file in it is run through the real `tarok` binary and
//! its output snapshotted.

mod cli;
mod corpus;
mod ecosystem;
mod gen;
mod hostile;
mod lesson_browser;
mod robustness;
mod roundtrip;
mod rules;
