//! Integration tests: one test binary (ripgrep's layout). The corpus is the
//! test suite: every file in it is run through the real `tarok` binary and
//! its output snapshotted.

mod architecture;
mod browser;
mod cli;
mod cores;
mod corpus;
mod ecosystem;
mod fast_parse;
mod front_door;
mod gen;
mod hostile;
mod import;
mod lesson_browser;
mod local_words;
mod located;
mod no_loss;
mod outputs;
mod python_stub;
mod report;
mod robustness;
mod roundtrip;
mod rules;
mod webdriver;
