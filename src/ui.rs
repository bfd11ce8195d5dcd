//! How the command talks to a person: colour, quiet, progress.
//!
//! The conventions of ripgrep and cargo: colour when the output is a
//! terminal (`--color auto`, the default) unless `NO_COLOR` is set to a
//! non-empty value or `TERM` is `dumb`; `--color always|never` overrides
//! both. Progress goes to standard error, only when it is a terminal, only
//! for a run that lasts, and never with `--quiet`.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use clap::ValueEnum;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// `--color WHEN`.
#[derive(Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum ColorChoice {
    /// Colour when writing to a terminal, unless NO_COLOR is set.
    #[default]
    Auto,
    /// Colour, even into a pipe or a file, whatever NO_COLOR says.
    Always,
    /// No colour.
    Never,
}

/// The stream a command writes its diagnostics to.
#[derive(Clone, Copy)]
pub enum Stream {
    Stdout,
    Stderr,
}

impl Stream {
    pub fn is_terminal(self) -> bool {
        match self {
            Stream::Stdout => std::io::stdout().is_terminal(),
            Stream::Stderr => std::io::stderr().is_terminal(),
        }
    }
}

/// Whether diagnostics written to `stream` are coloured.
pub fn colour(choice: ColorChoice, stream: Stream) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
            !no_color && !dumb && stream.is_terminal()
        }
    }
}

/// A progress bar on standard error that shows itself only once a run has
/// lasted [`Progress::DELAY`], and only when standard error is a terminal.
pub struct Progress {
    bar: ProgressBar,
    start: Instant,
    live: bool,
    shown: std::cell::Cell<bool>,
}

impl Progress {
    const DELAY: Duration = Duration::from_millis(500);

    /// A bar over `len` steps (files), or a counter of records when `len`
    /// is `None`.
    pub fn new(len: Option<u64>, quiet: bool) -> Progress {
        let live = !quiet && std::io::stderr().is_terminal();
        let bar = match len {
            Some(n) => ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::hidden())
                .with_style(
                    ProgressStyle::with_template("{bar:30} {pos}/{len} files  {msg}")
                        .expect("the template is valid"),
                ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()).with_style(
                ProgressStyle::with_template("{spinner} {human_pos} records  {elapsed}")
                    .expect("the template is valid"),
            ),
        };
        Progress {
            bar,
            start: Instant::now(),
            live,
            shown: std::cell::Cell::new(false),
        }
    }

    /// Whether the bar may be drawn at all (standard error is a terminal).
    pub fn is_live(&self) -> bool {
        self.live
    }

    pub fn set(&self, pos: u64) {
        self.bar.set_position(pos);
        self.show_if_long();
    }

    pub fn inc(&self, by: u64) {
        self.bar.inc(by);
        self.show_if_long();
    }

    fn show_if_long(&self) {
        if self.live && !self.shown.get() && self.start.elapsed() >= Self::DELAY {
            self.shown.set(true);
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// Runs `f` (which writes to the terminal) with the bar cleared.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        if self.shown.get() {
            self.bar.suspend(f)
        } else {
            f()
        }
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
