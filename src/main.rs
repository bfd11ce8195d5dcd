//! `tarok`: verify, explain and convert records of tarot-family card games.

// Records are allocated on the parsing threads and freed on the thread
// that verifies them in order: mimalloc handles that pattern far better
// than the system allocator (issue 15). `tarok_alloc` asks it for plain
// blocks where they align (issue 29).
#[global_allocator]
static ALLOCATOR: tarok_alloc::MiMalloc = tarok_alloc::MiMalloc;

mod cmd;
mod director;
mod fmt;
mod import;
mod lesson_page;
mod out;
mod spool;
mod ui;

use tarok::{escape, explain, input, lesson, pipeline, players, report, rules};

use notation::Kind;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

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
        after_help = "Examples:\n  tarok report corpus/danish-tarok\n  tarok report --format html round-3/ > round-3.html\n  tarok report --format csv round-3/ > round-3.csv\n  tarok report --players club.txt --format csv --excel --out round-3-csv/ round-3/"
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
        /// The register of players: one a line, optionally an id or club
        /// after a tab or `;`. Every name is checked against it.
        #[arg(long, value_name = "FILE")]
        players: Option<PathBuf>,
        /// With `--format csv`: one file per table of the report in DIR
        /// (`overall-koenigrufen.csv`, `table-1.csv`, ...).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// With `--format csv`: only the table of this id
        /// (`overall-koenigrufen`, `irregularities`, ...).
        #[arg(long, value_name = "ID")]
        table: Option<String>,
        /// With `--format csv`: UTF-8 with a byte-order mark, as Excel wants.
        #[arg(long)]
        excel: bool,
        /// The language of the labels of text, Markdown and HTML (titles,
        /// column headers); sentences stay English, JSON and CSV too.
        #[arg(long, value_enum, default_value_t = director::Lang::En)]
        lang: director::Lang,
        /// Files or folders (`.tarok`, `.json`, `.jsonl`); `-` reads standard input.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Convert between the notation and JSON (an array) or JSON Lines.
    #[command(
        after_help = "Examples:\n  tarok convert --to json deal.tarok > deal.json\n  tarok convert --to text deal.json\n  tarok convert --to jsonl corpus/koenigrufen > koenigrufen.jsonl\n  cat big.tarok | tarok convert --to jsonl - > big.jsonl\n  tarok convert --from tarotclub played_deals/ > imported.tarok\n  tarok convert --from harbour-tarock kr_hand1.json --to json\n  tarok convert --to tarotclub-deal --out boards/ round-1.tarok\n  tarok convert --to parquet --out tables/ deals.jsonl\n\n`--to parquet` and `--to arrow` verify the deals as `tarok verify` does and write three tables into the `--out` folder: deals, findings and ledger (spec/tables.md). Exit codes: 0 written, 2 bad input (an unreadable record is written as a row, its diagnostics shown) or a failed write (no table is left then)."
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
        /// goes to standard output. With `--to parquet` or `--to arrow`
        /// (required): the folder of the three tables (`deals.parquet`,
        /// `findings.parquet`, `ledger.parquet`).
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
        /// With `--format html`: the language of the lesson's labels (buttons, step titles,
        /// headings) and of the page's `lang`; sentences and findings stay English. The text
        /// form is English only.
        #[arg(long, value_enum, default_value_t = director::Lang::En)]
        lang: director::Lang,
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
    /// Tables for analysis, verified: deals, findings and ledger as Parquet
    /// files in the `--out` folder (`convert` only; spec/tables.md).
    Parquet,
    /// The same tables as Arrow IPC files (`deals.arrow`, ...).
    Arrow,
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
        } => cmd::verify::verify(&paths, format, expect, grouping(independent), quiet),
        Command::Report {
            format,
            paths,
            independent,
            players,
            out,
            table,
            excel,
            lang,
        } => cmd::report::director_report(
            &paths,
            format,
            grouping(independent),
            players.as_deref(),
            &director::CsvTarget { out, table, excel },
            lang,
        ),
        Command::Convert {
            from: Some(_),
            to: Some(To::Parquet | To::Arrow),
            ..
        } => fail(
            "`--from` with tables: import to JSON Lines first (`--to jsonl > deals.jsonl`), \
             then `tarok convert --to parquet --out DIR deals.jsonl`",
        ),
        Command::Convert {
            to,
            from,
            out,
            paths,
        } if from.is_none() && matches!(to, Some(To::Parquet | To::Arrow)) => {
            let form = match to {
                Some(To::Arrow) => cmd::tables::Form::Arrow,
                _ => cmd::tables::Form::Parquet,
            };
            cmd::tables::convert(&paths, form, out.as_deref(), grouping(false), quiet)
        }
        Command::Convert {
            to,
            from,
            out,
            paths,
        } => import::dispatch(from, to, out.as_deref(), &paths)
            .unwrap_or_else(|| cmd::convert::convert(&paths, to, quiet)),
        Command::Fmt { check, paths } => cmd::fmt::fmt(&paths, check, quiet),
        Command::Explain {
            format: ExplainFormat::Text,
            lang: director::Lang::En,
            paths,
            independent,
        } => cmd::explain::explain(&paths, grouping(independent)),
        Command::Explain {
            format: ExplainFormat::Text,
            ..
        } => fail("--lang is for `--format html`: the text form is English only"),
        Command::Explain {
            format: ExplainFormat::Html,
            paths,
            independent,
            lang,
        } => lesson_page::explain_html(&paths, grouping(independent), lang),
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
        } => cmd::gen::gen(&variant, seed, count, seats, &hands, to),
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

/// The files `paths` name (folders walked for `extensions`), each path the
/// walk could not read said as an error: the outcome is bad input then.
fn files_to_read(paths: &[PathBuf], extensions: &[&str]) -> (Vec<PathBuf>, Outcome) {
    let (files, unreadable) = input::collect_files(paths, extensions);
    let mut outcome = Outcome::Clean;
    for e in &unreadable {
        outcome = fail(e);
    }
    (files, outcome)
}

fn fail(message: impl std::fmt::Display) -> Outcome {
    // A message names files: shown escaped, as every text from outside.
    eprintln!("error: {}", escape::text(&message.to_string()));
    Outcome::BadInput
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

/// Pretty JSON as `convert` and `gen` write it.
fn indent(json: &str) -> String {
    // Pretty JSON has a line break only between lines (one in a string is
    // written `\n`) and none at the end: each line two spaces in.
    format!("  {}", json.replace('\n', "\n  "))
}
