//! `tarok`: verify, explain and convert records of tarot-family card games.

// Records are allocated on the parsing threads and freed on the thread
// that verifies them in order: mimalloc handles that pattern far better
// than the system allocator (issue 15).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

mod director;
mod explain;
mod fmt;
mod import;
mod lesson;
mod lesson_page;
mod out;
mod spool;
mod ui;

use tarok::{escape, input, pipeline, players, report, rules};

use notation::Kind;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use rayon::prelude::*;

#[derive(Parser)]
#[command(
    name = "tarok",
    version = env!("TAROK_VERSION"),
    about = "Verify, explain and convert records of tarot-family card games",
    long_about = "Reads deals of Danish Tarok, French Tarot, Königrufen and Skill7 Tarock written \
                  in the tarok notation (spec/notation.md) or its JSON form (spec/json.md), checks \
                  them, and converts between the two without loss.\n\n\
                  Exit codes: 0 clean, 1 violations found, 2 bad input or usage.",
    after_help = "Examples:\n  tarok verify --expect corpus/koenigrufen corpus/skill7-tarock\n  tarok report --format html corpus/french-tarot > report.html\n  tarok convert --to json corpus/koenigrufen/01-three.tarok\n  tarok fmt --check corpus/koenigrufen"
)]
struct Cli {
    /// Colour diagnostics: auto (when writing to a terminal and NO_COLOR is
    /// not set), always, never.
    #[arg(
        long,
        value_enum,
        global = true,
        value_name = "WHEN",
        default_value_t = ui::ColorChoice::Auto
    )]
    color: ui::ColorChoice,
    /// Findings and errors only: no summary, no progress, no status lines.
    #[arg(short, long, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check records: every finding with its place, kind and rule id.
    #[command(
        after_help = "Examples:\n  tarok verify --expect corpus/koenigrufen corpus/danish-tarok\n  tarok verify --format json games.jsonl > findings.jsonl\n  tarok verify --independent exported-deals.jsonl"
    )]
    Verify {
        /// Output: diagnostics for people, or one JSON object per record.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Corpus mode: a file whose first record has a comment
        /// `{expect: revoke[DK-PLAY-2], ...}` passes when it produces exactly
        /// those findings (`{expect: clean}`: none); any other file must be clean.
        #[arg(long)]
        expect: bool,
        /// Every record on its own, a session of one deal: nothing (scores,
        /// pots, dealer order) carries from one record to the next. Without
        /// it a file is one session, cut where a record has `[Session "new"]`
        /// or follows `[Session "end"]` (spec/notation.md §2.3).
        #[arg(long)]
        independent: bool,
        /// Files or folders (`.tarok`, `.json`, `.jsonl`); `-` reads standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// The tournament director's report: irregularities, claims, standings
    /// and the duplicate comparison, as text, Markdown, CSV, HTML or JSON.
    #[command(
        after_help = "Examples:\n  tarok report corpus/danish-tarok\n  tarok report --format html round-3/ > round-3.html\n  tarok report --format csv round-3/ > round-3.csv"
    )]
    Report {
        /// Output form (the JSON form is documented in spec/report.md).
        #[arg(long, value_enum, default_value_t = ReportFormat::Text)]
        format: ReportFormat,
        /// Every record on its own, a session of one deal, as `verify
        /// --independent`. Without it a file is one session, cut where a
        /// record has `[Session "new"]` or follows `[Session "end"]`.
        #[arg(long)]
        independent: bool,
        /// Files or folders (`.tarok`, `.json`, `.jsonl`); `-` reads standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Convert between the notation and JSON (an array) or JSON Lines.
    #[command(
        after_help = "Examples:\n  tarok convert --to json deal.tarok > deal.json\n  tarok convert --to text deal.json\n  tarok convert --to jsonl corpus/koenigrufen > koenigrufen.jsonl\n  cat big.tarok | tarok convert --to jsonl - > big.jsonl\n  tarok convert --from tarotclub played_deals/ > imported.tarok\n  tarok convert --from harbour-tarock kr_hand1.json --to json\n  tarok convert --to tarotclub-deal --out boards/ round-1.tarok"
    )]
    Convert {
        /// Output form; by default JSON for text input and text for JSON input
        /// (decided by the first record read), text for `--from`.
        /// `tarotclub-deal`: French deals as TarotClub custom-deal files.
        #[arg(long, value_enum)]
        to: Option<To>,
        /// Read another program's deal files (see `--help`).
        #[arg(long, value_enum, value_name = "PROGRAM", long_help = import::from_help())]
        from: Option<import::Program>,
        /// With `--to tarotclub-deal`: the folder to write one file a deal
        /// into (`board-B.json`, or `deal-N.json`); without it, one deal
        /// goes to standard output.
        #[arg(long, value_name = "FOLDER")]
        out: Option<PathBuf>,
        /// Files or folders (`.tarok`, `.json`, `.jsonl`), or `-` (the
        /// default) for standard input; their records are written out in order.
        #[arg(default_value = "-")]
        paths: Vec<PathBuf>,
    },
    /// Tell deals trick by trick: who led, who won and why, each payment as it falls due.
    #[command(
        after_help = "Exit codes: 0 every deal follows the rules, 1 a deal has findings (each is shown at \
                      the trick or phase where it happens), 2 bad input or usage.\n\n\
                      Examples:\n  tarok explain corpus/danish-tarok/01-declarations.tarok\n  \
                      tarok explain corpus/koenigrufen/\n  \
                      tarok explain --format html corpus/koenigrufen/02-caller-pagat.tarok > lesson.html"
    )]
    Explain {
        /// Output: text, or one self-contained HTML page for all the deals read (the table
        /// drawn, a step control that plays the deal trick by trick; no network needed).
        #[arg(long, value_enum, default_value_t = ExplainFormat::Text)]
        format: ExplainFormat,
        /// Every record on its own, as `verify --independent`.
        #[arg(long)]
        independent: bool,
        /// Files or folders (`.tarok`, `.json`, `.jsonl`); `-` reads standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Generate random legal deals played out with random legal moves.
    #[command(
        after_help = "Examples:\n  tarok gen --variant danish-tarok --seed 7 --count 3\n  tarok gen --variant koenigrufen --seed 1 --count 100000 --to jsonl > deals.jsonl\n  tarok gen --variant french-tarot --count 5 --hands \"1: T21 T20 T19 T18 T17 T16 T15 T14 T13 T1 EX SK SQ HK HQ DK CK CQ\"\n\nHands are printed sorted as players hold them. Danish Tarok: each deal's `Pots` tag holds the pots the deal before left."
    )]
    Gen {
        /// The game: danish-tarok, french-tarot, koenigrufen, skill7-tarock.
        #[arg(long)]
        variant: String,
        /// The seed: the same seed always gives the same deals.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many deals (one session, in order).
        #[arg(long, default_value_t = 1)]
        count: usize,
        /// Seats at the table (Danish Tarok: 3, or 4 with one sitting out).
        #[arg(long)]
        seats: Option<u8>,
        /// Fix a seat's hand, the rest dealt at random: `--hands "0: SK SQ ..."`,
        /// repeated for more seats. Every deal then has the same dealer.
        #[arg(long, value_name = "SEAT: CARDS")]
        hands: Vec<String>,
        /// Output form.
        #[arg(long, value_enum, default_value_t = To::Text)]
        to: To,
    },
    /// Show a rule's entry of the rules reference, or list a variant's rules.
    #[command(
        after_help = "Examples:\n  tarok rules DK-PLAY-2\n  tarok rules koenigrufen\n\nEvery finding's help line ends with the command that shows its rule."
    )]
    Rules {
        /// A rule id (any case), or a variant: danish-tarok, french-tarot,
        /// koenigrufen, skill7-tarock.
        topic: String,
    },
    /// Rewrite `.tarok` files in canonical form (idempotent).
    #[command(
        after_help = "Examples:\n  tarok fmt deals/\n  tarok fmt --check corpus/koenigrufen   # exit 1 if a file would change\n  tarok fmt - < typed.tarok > clean.tarok"
    )]
    Fmt {
        /// Only say which files are not in canonical form.
        #[arg(long)]
        check: bool,
        /// Files or folders of `.tarok` files; `-` formats standard input
        /// to standard output.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ReportFormat {
    Text,
    Markdown,
    Csv,
    Html,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ExplainFormat {
    Text,
    Html,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum To {
    Json,
    Jsonl,
    Text,
    /// TarotClub custom-deal files (`convert` only; spec/import.md).
    TarotclubDeal,
    /// Read and parse every record, write none: the reader and parser
    /// alone, for `bench/speed.sh` (hidden from help).
    #[value(hide = true)]
    None,
}

/// The outcome of a command, ordered by severity: the exit code.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
enum Outcome {
    #[default]
    Clean = 0,
    Violations = 1,
    BadInput = 2,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    // Where each command writes its diagnostics, for `--color auto`.
    let stream = match cli.command {
        Command::Verify { .. } => ui::Stream::Stdout,
        _ => ui::Stream::Stderr,
    };
    report::set_colour(ui::colour(cli.color, stream));
    let quiet = cli.quiet;
    let outcome = match cli.command {
        Command::Verify {
            format,
            paths,
            expect,
            independent,
        } => verify(&paths, format, expect, grouping(independent), quiet),
        Command::Report {
            format,
            paths,
            independent,
        } => director_report(&paths, format, grouping(independent)),
        Command::Convert {
            to,
            from,
            out,
            paths,
        } => import::dispatch(from, to, out.as_deref(), &paths)
            .unwrap_or_else(|| convert(&paths, to, quiet)),
        Command::Fmt { check, paths } => fmt(&paths, check, quiet),
        Command::Explain {
            format: ExplainFormat::Text,
            paths,
            independent,
        } => explain(&paths, grouping(independent)),
        Command::Explain {
            format: ExplainFormat::Html,
            paths,
            independent,
        } => lesson_page::explain_html(&paths, grouping(independent)),
        Command::Rules { topic } => match rules::show(&topic) {
            Ok(text) => {
                let mut out = out::Stdout::new();
                let _ = out.write_all(text.as_bytes());
                out.finish(Outcome::Clean)
            }
            Err(e) => fail(e),
        },
        Command::Gen {
            variant,
            seed,
            count,
            seats,
            hands,
            to,
        } => gen(&variant, seed, count, seats, &hands, to),
    };
    ExitCode::from(outcome as u8)
}

fn grouping(independent: bool) -> verifier::session::Grouping {
    if independent {
        verifier::session::Grouping::Independent
    } else {
        verifier::session::Grouping::File
    }
}

fn fail(message: impl std::fmt::Display) -> Outcome {
    // A message names files: shown escaped, as every text from outside.
    eprintln!("error: {}", escape::text(&message.to_string()));
    Outcome::BadInput
}

fn verify(
    paths: &[PathBuf],
    format: Format,
    expect: bool,
    grouping: verifier::session::Grouping,
    quiet: bool,
) -> Outcome {
    let (files, unreadable) = input::collect_files(paths, &["tarok", "json", "jsonl"]);
    let mut out = out::Stdout::new();
    let mut err = io::stderr().lock();
    let mut tally = Tally::default();
    let run = Run {
        format,
        expect,
        grouping,
        quiet,
    };
    for e in &unreadable {
        tally.broken += 1;
        tally.broken_files.push(e.clone());
        tally.outcome = fail(e);
    }
    if files.len() == 1 {
        // One file (a session, maybe of a million deals): streamed straight out.
        let progress = ui::Progress::new(None, quiet);
        // Output and the bar share the terminal only when stdout is one.
        let shared = (progress.is_live() && ui::Stream::Stdout.is_terminal()).then_some(&progress);
        tally.add(verify_file(
            &files[0],
            run,
            &mut out,
            &mut err,
            Some(&progress),
            shared,
        ));
        progress.finish();
    } else {
        // Files are independent sessions: verified in parallel, a few at a
        // time, and reported in order.
        let progress = ui::Progress::new(Some(files.len() as u64), quiet);
        for group in files.chunks(4 * rayon::current_num_threads()) {
            let done: Vec<(Tally, spool::Spool, spool::Spool)> = group
                .par_iter()
                .map(|path| {
                    let (mut o, mut e) = (spool::Spool::default(), spool::Spool::default());
                    let t = verify_file(path, run, &mut o, &mut e, None, None);
                    (t, o, e)
                })
                .collect();
            for (t, o, e) in done {
                progress.suspend(|| {
                    if let Err(why) = o.give(&mut out) {
                        tally.outcome = fail(format!("output held back: {why}"));
                    }
                    let _ = out.flush();
                    let _ = e.give(&mut err);
                });
                tally.add(t);
            }
            progress.inc(group.len() as u64);
        }
        progress.finish();
    }
    if format == Format::Text && !quiet {
        // In corpus mode a record with findings is no failure when they
        // are the ones its file names: the summary says so.
        let found = if expect {
            format!(
                "{} with their expected findings, {} clean, {} not as expected",
                tally.with_expected,
                tally.records - tally.with_expected - tally.unexpected_records,
                tally.unexpected_records
            )
        } else {
            format!("{} with violations", tally.flagged)
        };
        let expected_note = if expect {
            format!(", {} file(s) as expected", tally.as_expected)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "{} file(s), {} record(s): {found}, {} unreadable{expected_note}",
            files.len(),
            tally.records,
            tally.broken
        );
        let mut list = |label: &str, names: &[String]| {
            // With one file, every diagnostic already names it.
            if files.len() > 1 && !names.is_empty() {
                let _ = writeln!(out, "{label}:");
                for name in names {
                    let _ = writeln!(out, "  {}", escape::text(name));
                }
            }
        };
        if expect {
            list("not as expected", &tally.unexpected_files);
        } else {
            list("violations in", &tally.flagged_files);
        }
        list("could not read", &tally.broken_files);
    }
    out.finish(tally.outcome)
}

fn director_report(
    paths: &[PathBuf],
    format: ReportFormat,
    grouping: verifier::session::Grouping,
) -> Outcome {
    let (files, mut unopened) = input::collect_files(paths, &["tarok", "json", "jsonl"]);
    // What the walk could not read is in the report too: never "all agrees"
    // over a path that was not read.
    let (sessions, unread) = director::collect(&files, grouping);
    unopened.extend(unread);
    let sheet = director::Sheet::build(&sessions, files.len(), unopened);
    let page = match format {
        ReportFormat::Text => director::text(&sheet),
        ReportFormat::Markdown => director::markdown(&sheet),
        ReportFormat::Csv => director::csv(&sheet),
        ReportFormat::Html => director::html(&sheet),
        ReportFormat::Json => director::json(&sheet),
    };
    let mut out = out::Stdout::new();
    let _ = out.write_all(page.as_bytes());
    let written = out.finish(Outcome::Clean);
    for u in &sheet.summary.unopened {
        eprintln!("error: {}", escape::text(u));
    }
    if written == Outcome::BadInput {
        return written;
    }
    // As `verify`: a tag the tools need that is wrong is bad input.
    let bad_tag = sheet
        .irregularities
        .rows
        .iter()
        .any(|r| r.kind == "bad-tag");
    if !sheet.summary.unopened.is_empty() || sheet.summary.unreadable > 0 || bad_tag {
        Outcome::BadInput
    } else if sheet.has_findings() {
        Outcome::Violations
    } else {
        Outcome::Clean
    }
}

/// How a verify run reads its files.
#[derive(Clone, Copy)]
struct Run {
    format: Format,
    expect: bool,
    grouping: verifier::session::Grouping,
    quiet: bool,
}

/// What verifying some files came to.
#[derive(Default)]
struct Tally {
    outcome: Outcome,
    records: usize,
    flagged: usize,
    broken: usize,
    as_expected: usize,
    /// `--expect`: records with findings in files as expected, and the
    /// records (readable or not) of files not as expected.
    with_expected: usize,
    unexpected_records: usize,
    /// Files with a record with violations, one that could not be read (or
    /// a file that could not be opened), one not as `--expect` expected.
    flagged_files: Vec<String>,
    broken_files: Vec<String>,
    unexpected_files: Vec<String>,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.outcome = self.outcome.max(other.outcome);
        self.records += other.records;
        self.flagged += other.flagged;
        self.broken += other.broken;
        self.as_expected += other.as_expected;
        self.with_expected += other.with_expected;
        self.unexpected_records += other.unexpected_records;
        self.flagged_files.extend(other.flagged_files);
        self.broken_files.extend(other.broken_files);
        self.unexpected_files.extend(other.unexpected_files);
    }
}

/// Verifies one file: its records in order, cut into sessions
/// (`verifier::session`). `progress` counts the records; output goes
/// through `shared` when the bar and the output share a terminal.
fn verify_file(
    path: &Path,
    run: Run,
    out: &mut dyn Write,
    err: &mut dyn Write,
    progress: Option<&ui::Progress>,
    shared: Option<&ui::Progress>,
) -> Tally {
    let Run {
        format,
        expect,
        grouping,
        ..
    } = run;
    let mut tally = Tally::default();
    // `verify` shows no events: the engines need not build them.
    let mut sessions = verifier::session::Sessions::new(grouping).without_events();
    let mut index = 0;
    // In --expect mode a file's output is held back until its findings are
    // compared with what its first record says to expect.
    let mut held = spool::Spool::default();
    let mut expected: Option<Vec<String>> = None;
    // What the file's records gave, as `--expect` compares it: at most
    // FOUND_KEPT findings are kept (no expectation names that many), the
    // rest counted.
    let mut found: Vec<String> = Vec::new();
    let mut found_more = 0usize;
    // What each record comes to, in order: its output written (or held)
    // and counted.
    // A record's output is gathered here and written at once; the output
    // of a record with very many findings goes on in pieces as it is made
    // (`Pieces`), so it is never held whole.
    let mut buf: Vec<u8> = Vec::new();
    let mut record = |read: &pipeline::Read, report: Option<&verifier::Report>| {
        buf.clear();
        let w = {
            let dest: Option<&mut dyn Write> = match (expect, shared) {
                (true, _) => Some(&mut held),
                // Output shared with the progress bar is written at once.
                (false, Some(_)) => None,
                (false, None) => Some(&mut *out),
            };
            written(
                read,
                report,
                index,
                format,
                expect,
                &mut Pieces {
                    buf: &mut buf,
                    dest,
                },
            )
        };
        tally.records += 1;
        match w.outcome {
            Some(Outcome::Clean) => {}
            Some(outcome) => {
                tally.flagged += 1;
                tally.outcome = tally.outcome.max(outcome);
            }
            None => {
                tally.broken += 1;
                tally.outcome = Outcome::BadInput;
            }
        }
        if index == 0 {
            expected = w.expected;
        }
        let room = FOUND_KEPT.saturating_sub(found.len());
        found_more += w.tokens.len().saturating_sub(room);
        found.extend(w.tokens.into_iter().take(room));
        if expect {
            let _ = held.write_all(&buf);
        } else if let (Some(bar), false) = (shared, buf.is_empty()) {
            bar.suspend(|| {
                let _ = out.write_all(&buf);
                let _ = out.flush();
            });
        } else {
            let _ = out.write_all(&buf);
        }
        if buf.capacity() > 4 * PIECE {
            buf = Vec::new();
        }
        index += 1;
        if let Some(bar) = progress.filter(|_| index % 256 == 0) {
            bar.set(index as u64);
        }
    };
    let read = pipeline::verify_file(path, &mut sessions, &mut record);
    let name = input::display_name(path);
    if tally.flagged > 0 {
        tally.flagged_files.push(name.clone());
    }
    if let Err(e) = &read {
        let _ = writeln!(err, "error: {}: {e}", escape::text(&name));
        tally.broken += 1;
        tally.outcome = Outcome::BadInput;
    } else if tally.records == 0 {
        let _ = writeln!(err, "error: {}: no record found", escape::text(&name));
        tally.broken += 1;
        tally.outcome = Outcome::BadInput;
    }
    if tally.broken > 0 || read.is_err() {
        tally.broken_files.push(name.clone());
    }
    if !expect {
        return tally;
    }
    if tally.outcome == Outcome::BadInput {
        if let Err(why) = held.give(out) {
            let _ = writeln!(err, "error: {name}: output held back: {why}");
            tally.outcome = Outcome::BadInput;
        }
        tally.unexpected_records = tally.records - tally.broken;
        tally.unexpected_files.push(name);
        return tally;
    }
    let wanted = expected.unwrap_or_default();
    if found_more == 0 && verifier::expect::matches(&wanted, &found) {
        tally.as_expected += 1;
        tally.with_expected = tally.flagged;
        if format == Format::Text && !run.quiet {
            let _ = writeln!(out, "{name}: as expected ({})", describe(&found));
        }
        tally.outcome = Outcome::Clean;
    } else {
        if let Err(why) = held.give(out) {
            let _ = writeln!(err, "error: {name}: output held back: {why}");
            tally.outcome = Outcome::BadInput;
        }
        let _ = writeln!(
            out,
            "{name}: expected {}, found {}{}",
            describe(&wanted),
            describe(&found),
            match found_more {
                0 => String::new(),
                n => format!(" and {n} more"),
            }
        );
        tally.unexpected_records = tally.records - tally.broken;
        tally.unexpected_files.push(name);
        tally.outcome = tally.outcome.max(Outcome::Violations);
    }
    tally
}

/// Findings `verify --expect` keeps of a file to compare with what it
/// expects: the rest are counted, so a file of a million findings is held
/// in memory as one of a thousand.
const FOUND_KEPT: usize = 1000;

/// One record's part of `verify_file`'s output, and what the tally needs.
struct Written {
    /// `None` for a record that could not be read; `Clean` without findings.
    outcome: Option<Outcome>,
    /// The findings as `--expect` compares them (only in that mode).
    tokens: Vec<String>,
    /// What the record says to expect (the first record of a file).
    expected: Option<Vec<String>>,
}

/// Writes one verified record (text or JSON) and reads off what the tally
/// needs.
fn written(
    read: &pipeline::Read,
    report: Option<&verifier::Report>,
    index: usize,
    format: Format,
    expect: bool,
    buf: &mut Pieces,
) -> Written {
    let (result, origin) = read;
    match (result, report) {
        (Ok(record), Some(report)) => {
            match format {
                // A clean record writes nothing: its text is not copied.
                Format::Text if report.problems.is_empty() => {}
                Format::Text => {
                    let names = players::names(record);
                    report::problems_text(buf, &origin.source(), &names, &report.problems)
                }
                Format::Json => report::read_json(buf, read, index, Some(report)),
            }
            let outcome = match report.problems.is_empty() {
                true => Outcome::Clean,
                false => severity(&report.problems),
            };
            Written {
                outcome: Some(outcome),
                tokens: match expect {
                    true => report
                        .problems
                        .iter()
                        .map(verifier::expect::token)
                        .collect(),
                    false => Vec::new(),
                },
                expected: match index {
                    0 => verifier::expect::expectation(record),
                    _ => None,
                },
            }
        }
        (Err(problems), _) => {
            match format {
                Format::Text => report::problems_text(buf, &origin.source(), &[], problems),
                Format::Json => report::read_json(buf, read, index, None),
            }
            Written {
                outcome: None,
                tokens: Vec::new(),
                expected: None,
            }
        }
        (Ok(_), None) => unreachable!("a report for every record read"),
    }
}

/// One record's output: gathered in `buf`, and handed on to `dest` in
/// pieces of [`PIECE`] bytes once it grows past that (a record with
/// 800,000 findings), so memory does not grow with the output of a record.
/// What is left in `buf` the caller writes.
struct Pieces<'a> {
    buf: &'a mut Vec<u8>,
    dest: Option<&'a mut dyn Write>,
}

/// Bytes of a record's output held before they are written on.
const PIECE: usize = 256 << 10;

impl Pieces<'_> {
    #[cold]
    fn pass_on(&mut self) -> io::Result<()> {
        if let Some(dest) = &mut self.dest {
            let done = dest.write_all(self.buf);
            self.buf.clear();
            done?;
        }
        Ok(())
    }
}

impl Write for Pieces<'_> {
    #[inline]
    fn write(&mut self, data: &[u8]) -> io::Result<usize> {
        self.write_all(data).map(|()| data.len())
    }

    // serde_json writes every token with `write_all`: as cheap as a `Vec`'s.
    #[inline]
    fn write_all(&mut self, data: &[u8]) -> io::Result<()> {
        self.buf.extend_from_slice(data);
        if self.buf.len() >= PIECE {
            return self.pass_on();
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn describe(tokens: &[String]) -> String {
    if tokens.is_empty() {
        "no findings".into()
    } else {
        tokens.join(", ")
    }
}

/// Violations, or bad input when a tag the tools need is wrong (the deal
/// cannot be judged then).
fn severity(problems: &[notation::Problem]) -> Outcome {
    if problems.iter().any(|p| p.kind == Kind::BadTag) {
        Outcome::BadInput
    } else {
        Outcome::Violations
    }
}

fn convert(paths: &[PathBuf], to: Option<To>, quiet: bool) -> Outcome {
    let (files, unreadable) = input::collect_files(paths, &["tarok", "json", "jsonl"]);
    let mut out = out::Stdout::new();
    let mut outcome = Outcome::Clean;
    for e in &unreadable {
        outcome = fail(e);
    }
    let mut err = io::stderr().lock();
    let mut count = 0usize;
    let mut target = to;
    // A count of records on stderr, unless the records go to the terminal.
    let progress = ui::Progress::new(None, quiet || ui::Stream::Stdout.is_terminal());
    // JSON Lines are written into one buffer, reused, and handed on in
    // large writes of whole lines (no copy per record, no allocation).
    let mut lines: Vec<u8> = Vec::with_capacity(2 * JSON_LINES_WRITE);
    // The records of every file, in order, as one stream.
    // By reference: a record is not moved again once read.
    let mut each = |item: input::Item| {
        let (result, source) = &item;
        let to = *target.get_or_insert_with(|| match input::sniff(&source.text) {
            input::Form::Json => To::Text,
            input::Form::Text => To::Json,
        });
        match result {
            Ok(record) => {
                let _ = match to {
                    To::Text => {
                        if count > 0 {
                            let _ = writeln!(out);
                        }
                        write!(out, "{}", notation::to_text(record))
                    }
                    To::Jsonl => {
                        notation::json::push_json(&mut lines, record);
                        lines.push(b'\n');
                        if lines.len() >= JSON_LINES_WRITE {
                            let done = out.write_all(&lines);
                            lines.clear();
                            done
                        } else {
                            Ok(())
                        }
                    }
                    To::None | To::TarotclubDeal => Ok(()),
                    To::Json => {
                        let sep = if count == 0 { "[\n" } else { ",\n" };
                        write!(
                            out,
                            "{sep}{}",
                            indent(&notation::json::to_json_pretty(record))
                        )
                    }
                };
                count += 1;
                if count % 256 == 0 {
                    progress.set(count as u64);
                }
            }
            Err(problems) => {
                outcome = Outcome::BadInput;
                progress.suspend(|| report::render_all(&mut err, source, problems));
            }
        }
    };
    let mut unread = Vec::new();
    for file in &files {
        if let Err(e) = input::read_records(file, &mut each) {
            unread.push(format!("{}: {e}", input::display_name(file)));
        }
    }
    progress.finish();
    let _ = out.write_all(&lines);
    // An empty input is an empty array; input that could not be read (or
    // of which no record could be) writes nothing at all.
    let failed = !unread.is_empty() || outcome == Outcome::BadInput;
    let target = target.or_else(|| {
        let json_in = files
            .iter()
            .all(|file| input::has_extension(file, &["json", "jsonl"]));
        (!json_in).then_some(To::Json)
    });
    if target == Some(To::Json) && (count > 0 || !failed) {
        let _ = writeln!(out, "{}", if count == 0 { "[]" } else { "\n]" });
    }
    let mut outcome = out.finish(outcome);
    for e in unread {
        outcome = fail(e);
    }
    outcome
}

/// The bytes of JSON Lines `convert` gathers before it writes them (4x the
/// `BufWriter`'s; 64 KiB would cost 2 MiB more peak memory: mimalloc takes
/// a buffer of twice that from a fresh region).
const JSON_LINES_WRITE: usize = 32 * 1024;

fn indent(json: &str) -> String {
    // Pretty JSON has a line break only between lines (one in a string is
    // written `\n`) and none at the end: each line two spaces in.
    format!("  {}", json.replace('\n', "\n  "))
}

fn fmt(paths: &[PathBuf], check: bool, quiet: bool) -> Outcome {
    let (files, unreadable) = input::collect_files(paths, &["tarok"]);
    let mut outcome = Outcome::Clean;
    for e in &unreadable {
        outcome = fail(e);
    }
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

fn explain(paths: &[PathBuf], grouping: verifier::session::Grouping) -> Outcome {
    let (files, unreadable) = input::collect_files(paths, &["tarok", "json", "jsonl"]);
    let mut out = out::Stdout::new();
    let mut outcome = Outcome::Clean;
    for e in &unreadable {
        outcome = fail(e);
    }
    // Deals told so far, over all files: a blank line between two.
    let mut told = 0;
    for file in &files {
        outcome = outcome.max(explain_file(file, grouping, &mut out, &mut told));
    }
    out.finish(outcome)
}

/// Tells the deals of one file, its own sessions.
fn explain_file(
    file: &Path,
    grouping: verifier::session::Grouping,
    out: &mut impl Write,
    told: &mut usize,
) -> Outcome {
    let mut err = io::stderr().lock();
    let mut outcome = Outcome::Clean;
    let mut sessions = verifier::session::Sessions::new(grouping);
    let mut index = 0;
    let read = input::read_records(file, |(result, source)| {
        match result {
            Ok(record) => {
                let report = sessions.verify(&record);
                if !report.problems.is_empty() {
                    outcome = outcome.max(severity(&report.problems));
                }
                let sep = if *told > 0 { "\n" } else { "" };
                *told += 1;
                let told = explain::explain(&record, &report, index);
                let _ = write!(out, "{sep}{}", report::escape_controls(&told));
            }
            Err(problems) => {
                sessions.lost();
                outcome = Outcome::BadInput;
                report::render_all(&mut err, &source, &problems);
            }
        }
        index += 1;
    });
    let _ = out.flush();
    if let Err(e) = read {
        return fail(format!("{}: {e}", input::display_name(file)));
    }
    outcome
}

fn gen(
    variant: &str,
    seed: u64,
    count: usize,
    seats: Option<u8>,
    hands: &[String],
    to: To,
) -> Outcome {
    if to == To::TarotclubDeal {
        return fail("`gen` writes records: pipe them into `tarok convert --to tarotclub-deal --out FOLDER -`");
    }
    let Ok(variant) = variant.parse::<notation::Variant>() else {
        return fail(format!(
            "`{variant}` is not a variant (danish-tarok, french-tarot, koenigrufen, skill7-tarock)"
        ));
    };
    let mut out = out::Stdout::new();
    let mut rng = verifier::gen::Rng::new(seed);
    let seats = seats.unwrap_or(variant.table_sizes()[0]);
    let mut fixed = verifier::gen::Fixed::default();
    for spec in hands {
        if let Err(e) = fixed.add_spec(variant, seats, spec) {
            return fail(format!("--hands: {e}"));
        }
    }
    let Some(mut session) = verifier::gen::Session::new(variant, seats, fixed) else {
        return fail(format!("{variant} is not played at a table of {seats}"));
    };
    for i in 0..count {
        let record = match session.next_deal(&mut rng) {
            Ok(r) => r,
            Err(e) => {
                out.finish(Outcome::Clean);
                return fail(format!("--hands: deal {}: {e}", i + 1));
            }
        };
        let _ = match to {
            To::Text => {
                let sep = if i > 0 { "\n" } else { "" };
                write!(out, "{sep}{}", notation::to_text(&record))
            }
            To::Jsonl => writeln!(out, "{}", notation::json::to_json(&record)),
            To::None | To::TarotclubDeal => Ok(()),
            To::Json => {
                let sep = if i == 0 { "[\n" } else { ",\n" };
                write!(
                    out,
                    "{sep}{}",
                    indent(&notation::json::to_json_pretty(&record))
                )
            }
        };
        if out.gone() {
            break;
        }
    }
    if to == To::Json {
        let _ = writeln!(out, "{}", if count == 0 { "[]" } else { "\n]" });
    }
    out.finish(Outcome::Clean)
}
