//! `tarok`: verify, explain and convert records of tarot-family card games.

mod explain;
mod input;
mod report;
mod rules;

use notation::Kind;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use rayon::prelude::*;

use input::Source;

#[derive(Parser)]
#[command(
    name = "tarok",
    version,
    about = "Verify, explain and convert records of tarot-family card games",
    long_about = "Reads deals of Danish Tarok, French Tarot, Königrufen and Skill7 Tarock written \
                  in the tarok notation (spec/notation.md) or its JSON form (spec/json.md), checks \
                  them, and converts between the two without loss.\n\n\
                  Exit codes: 0 clean, 1 violations found, 2 bad input or usage.",
    after_help = "Examples:\n  tarok verify corpus/\n  tarok convert --to json corpus/koenigrufen/01-three.tarok\n  tarok fmt --check corpus/"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check records: every finding with its place, kind and rule id.
    #[command(
        after_help = "Examples:\n  tarok verify corpus/\n  tarok verify --format json games.jsonl > findings.jsonl"
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
        /// Files or folders (`.tarok`, `.json`, `.jsonl`); `-` reads standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Convert between the notation and JSON (an array) or JSON Lines.
    #[command(
        after_help = "Examples:\n  tarok convert --to json deal.tarok > deal.json\n  tarok convert --to text deal.json\n  cat big.tarok | tarok convert --to jsonl - > big.jsonl"
    )]
    Convert {
        /// Output form; by default JSON for text input and text for JSON input.
        #[arg(long, value_enum)]
        to: Option<To>,
        /// A file, or `-` (the default) for standard input.
        #[arg(default_value = "-")]
        file: PathBuf,
    },
    /// Tell deals trick by trick: who led, who won and why, each payment as it falls due.
    #[command(after_help = "Examples:\n  tarok explain corpus/danish-tarok/01-declarations.tarok")]
    Explain {
        /// A file, or `-` for standard input.
        file: PathBuf,
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
        after_help = "Examples:\n  tarok fmt corpus/\n  tarok fmt --check corpus/   # exit 1 if a file would change"
    )]
    Fmt {
        /// Only say which files are not in canonical form.
        #[arg(long)]
        check: bool,
        /// Files or folders of `.tarok` files.
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
enum To {
    Json,
    Jsonl,
    Text,
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
    let outcome = match cli.command {
        Command::Verify {
            format,
            paths,
            expect,
        } => verify(&paths, format, expect),
        Command::Convert { to, file } => convert(&file, to),
        Command::Fmt { check, paths } => fmt(&paths, check),
        Command::Explain { file } => explain(&file),
        Command::Rules { topic } => match rules::show(&topic) {
            Ok(text) => {
                print!("{text}");
                Outcome::Clean
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

fn fail(message: impl std::fmt::Display) -> Outcome {
    eprintln!("error: {message}");
    Outcome::BadInput
}

fn verify(paths: &[PathBuf], format: Format, expect: bool) -> Outcome {
    let files = match input::collect_files(paths, &["tarok", "json", "jsonl"]) {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr().lock();
    let mut tally = Tally::default();
    if files.len() == 1 {
        // One file (a session, maybe of a million deals): streamed straight out.
        tally.add(verify_file(&files[0], format, expect, &mut out, &mut err));
    } else {
        // Files are independent sessions: verified in parallel, a few at a
        // time, and reported in order.
        for group in files.chunks(4 * rayon::current_num_threads()) {
            let done: Vec<(Tally, Vec<u8>, Vec<u8>)> = group
                .par_iter()
                .map(|path| {
                    let (mut o, mut e) = (Vec::new(), Vec::new());
                    let t = verify_file(path, format, expect, &mut o, &mut e);
                    (t, o, e)
                })
                .collect();
            for (t, o, e) in done {
                let _ = out.write_all(&o);
                let _ = err.write_all(&e);
                tally.add(t);
            }
        }
    }
    if format == Format::Text {
        let expected_note = if expect {
            format!(", {} file(s) as expected", tally.as_expected)
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "{} file(s), {} record(s): {} with violations, {} unreadable{expected_note}",
            files.len(),
            tally.records,
            tally.flagged,
            tally.broken
        );
    }
    let _ = out.flush();
    tally.outcome
}

/// What verifying some files came to.
#[derive(Default)]
struct Tally {
    outcome: Outcome,
    records: usize,
    flagged: usize,
    broken: usize,
    as_expected: usize,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.outcome = self.outcome.max(other.outcome);
        self.records += other.records;
        self.flagged += other.flagged;
        self.broken += other.broken;
        self.as_expected += other.as_expected;
    }
}

/// Verifies one file, a session: its records in order.
fn verify_file(
    path: &Path,
    format: Format,
    expect: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Tally {
    let mut tally = Tally::default();
    let mut session = verifier::Session::default();
    let mut index = 0;
    // In --expect mode a file's output is held back until its findings are
    // compared with what its first record says to expect.
    let mut held: Vec<u8> = Vec::new();
    let mut expected: Option<Vec<String>> = None;
    let mut found: Vec<String> = Vec::new();
    let read = input::read_records(path, |(result, source)| {
        tally.records += 1;
        let sink: &mut dyn Write = if expect { &mut held } else { &mut *out };
        match result {
            Ok(record) => {
                if index == 0 {
                    expected = verifier::expect::expectation(&record);
                }
                let report = verifier::verify(&record, &mut session);
                found.extend(report.problems.iter().map(verifier::expect::token));
                if !report.problems.is_empty() {
                    tally.flagged += 1;
                    tally.outcome = tally.outcome.max(severity(&report.problems));
                }
                match format {
                    Format::Text => report::problems_text(sink, &source, index, &report.problems),
                    Format::Json => {
                        report::record_json(sink, &source, index, Some(&report), &report.problems)
                    }
                }
            }
            Err(problems) => {
                tally.broken += 1;
                tally.outcome = Outcome::BadInput;
                match format {
                    Format::Text => report::problems_text(sink, &source, index, &problems),
                    Format::Json => report::record_json(sink, &source, index, None, &problems),
                }
            }
        }
        index += 1;
    });
    if let Err(e) = read {
        let _ = writeln!(err, "error: {}: {e}", path.display());
        tally.outcome = Outcome::BadInput;
    }
    if !expect {
        return tally;
    }
    if tally.outcome == Outcome::BadInput {
        let _ = out.write_all(&held);
        return tally;
    }
    let wanted = expected.unwrap_or_default();
    let name = input::display_name(path);
    if verifier::expect::matches(&wanted, &found) {
        tally.as_expected += 1;
        if format == Format::Text {
            let _ = writeln!(out, "{name}: as expected ({})", describe(&found));
        }
        tally.outcome = Outcome::Clean;
    } else {
        let _ = out.write_all(&held);
        let _ = writeln!(
            out,
            "{name}: expected {}, found {}",
            describe(&wanted),
            describe(&found)
        );
        tally.outcome = Outcome::Violations;
    }
    tally
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

fn convert(file: &Path, to: Option<To>) -> Outcome {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut outcome = Outcome::Clean;
    let mut err = io::stderr().lock();
    let mut count = 0usize;
    let mut target = to;
    let read = input::read_records(file, |(result, source)| {
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
                        write!(out, "{}", notation::to_text(&record))
                    }
                    To::Jsonl => writeln!(out, "{}", notation::json::to_json(&record)),
                    To::Json => {
                        let sep = if count == 0 { "[\n" } else { ",\n" };
                        write!(
                            out,
                            "{sep}{}",
                            indent(&notation::json::to_json_pretty(&record))
                        )
                    }
                };
                count += 1;
            }
            Err(problems) => {
                outcome = Outcome::BadInput;
                report::render_all(&mut err, &source, &problems);
            }
        }
    });
    if target == Some(To::Json) {
        let _ = writeln!(out, "{}", if count == 0 { "[]" } else { "\n]" });
    }
    let _ = out.flush();
    if let Err(e) = read {
        return fail(format!("{}: {e}", input::display_name(file)));
    }
    outcome
}

fn indent(json: &str) -> String {
    json.lines()
        .map(|l| format!("  {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn fmt(paths: &[PathBuf], check: bool) -> Outcome {
    let files = match input::collect_files(paths, &["tarok"]) {
        Ok(f) => f,
        Err(e) => return fail(e),
    };
    let mut outcome = Outcome::Clean;
    let mut err = io::stderr().lock();
    for path in files {
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                outcome = fail(format!("{}: {e}", path.display()));
                continue;
            }
        };
        let source = Source {
            name: path.display().to_string(),
            text,
            base: 0,
            base_line: 0,
        };
        let mut records = Vec::new();
        let mut bad = false;
        for result in notation::parse_str(&source.text) {
            match result {
                Ok(r) => records.push(r),
                Err(problems) => {
                    bad = true;
                    report::render_all(&mut err, &source, &problems);
                }
            }
        }
        if bad {
            outcome = Outcome::BadInput;
            continue;
        }
        let canonical = notation::records_to_text(&records);
        if canonical == source.text {
            continue;
        }
        if check {
            println!("{}: not in canonical form", path.display());
            outcome = outcome.max(Outcome::Violations);
        } else if let Err(e) = std::fs::write(&path, canonical) {
            outcome = fail(format!("{}: {e}", path.display()));
        } else {
            println!("{}: formatted", path.display());
        }
    }
    outcome
}

fn explain(file: &Path) -> Outcome {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut err = io::stderr().lock();
    let mut outcome = Outcome::Clean;
    let mut session = verifier::Session::default();
    let mut index = 0;
    let read = input::read_records(file, |(result, source)| {
        match result {
            Ok(record) => {
                let report = verifier::verify(&record, &mut session);
                if !report.problems.is_empty() {
                    outcome = outcome.max(severity(&report.problems));
                }
                let sep = if index > 0 { "\n" } else { "" };
                let _ = write!(out, "{sep}{}", explain::explain(&record, &report, index));
            }
            Err(problems) => {
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
    let Ok(variant) = variant.parse::<notation::Variant>() else {
        return fail(format!(
            "`{variant}` is not a variant (danish-tarok, french-tarot, koenigrufen, skill7-tarock)"
        ));
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
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
                let _ = out.flush();
                return fail(format!("--hands: deal {}: {e}", i + 1));
            }
        };
        let _ = match to {
            To::Text => {
                let sep = if i > 0 { "\n" } else { "" };
                write!(out, "{sep}{}", notation::to_text(&record))
            }
            To::Jsonl => writeln!(out, "{}", notation::json::to_json(&record)),
            To::Json => {
                let sep = if i == 0 { "[\n" } else { ",\n" };
                write!(
                    out,
                    "{sep}{}",
                    indent(&notation::json::to_json_pretty(&record))
                )
            }
        };
    }
    if to == To::Json {
        let _ = writeln!(out, "{}", if count == 0 { "[]" } else { "\n]" });
    }
    let _ = out.flush();
    Outcome::Clean
}
