//! Other programs' files in and out: `tarok convert --from PROGRAM` reads
//! a program's own deal files into records of the notation, and `tarok
//! convert --to tarotclub-deal` writes French deals as TarotClub
//! custom-deal files. One module per program; `spec/import.md` is the
//! guide to adding the next.
//!
//! Flow: a file's text → [`json::Doc`] (the program's JSON made strict,
//! every offset kept) → the program's module writes the record's text, every
//! guess a `{guess: ...}` comment where it applies → [`notation::parse_str`]
//! → the records go out as `convert` writes any record. What cannot be
//! mapped is a [`Problem`] at its place in the program's file, with a help
//! line; the file gives no record then (exit 2).

mod harbour;
mod json;
pub mod tarotclub;

use std::collections::HashMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use notation::{Kind, Problem, Record};

use crate::input::{self, Source};
use crate::{fail, report, Outcome, To};
use json::All;

/// The programs whose files `--from` reads.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Program {
    /// TarotClub's end-of-deal logs and custom-deal files (French Tarot).
    Tarotclub,
    /// harbour-tarock's deal files (Königrufen).
    HarbourTarock,
}

/// `--from`'s long help: what each importer reads and every guess it makes.
pub const FROM_HELP: &str = "\
Read another program's deal files (JSON) instead of the notation, and write them \
as records (`--to text` by default). Each guess the import must make is written \
as a `{guess: ...}` comment in the record, where it applies; what cannot be \
mapped is an error at its place in the file (exit 2). spec/import.md has the \
details.\n\n\
tarotclub: TarotClub's end-of-deal logs (`deal_info`, `tricks`; trailing commas \
accepted) and custom-deal files (`FirstPlayer`, `Dog`, `South`..`West`). Places \
South, East, North, West are seats 0 to 3. Guesses:\n";

/// The rest of `--from`'s long help, after TarotClub's guesses.
pub const FROM_HELP_HARBOUR: &str = "\n\n\
harbour-tarock: its Königrufen deal files (`hands`, `talon`, `actions`). Cards: \
`H:K` king, `H:D` queen (Dame), `H:R` knight (Reiter), `H:B` jack (Bube), \
spot cards by number, tarocks as Roman numerals (`IIII` too), `Sk` the Sküs. \
Guesses: none; `OPEN_FOREHAND` is kept as a comment on the forehand's bid, \
`READY` is a pass of the call round (or the end of the turn of a seat that \
just called), `CONFIRM_DISCARD` closes the discard. A bid with no game of \
the project's Königrufen (`BESSERRUFER`) is an error.";

/// The help of `--from` for `--help`, put together once.
pub fn from_help() -> String {
    format!("{FROM_HELP}{}{FROM_HELP_HARBOUR}", tarotclub::GUESSES)
}

/// What `tarok convert` does with `--from`, `--to tarotclub-deal` and
/// `--out`; `None` for a conversion between the notation and JSON.
pub fn dispatch(
    from: Option<Program>,
    to: Option<To>,
    out_dir: Option<&Path>,
    paths: &[PathBuf],
) -> Option<Outcome> {
    if out_dir.is_some() && to != Some(To::TarotclubDeal) {
        return Some(fail(
            "`--out` is for `--to tarotclub-deal` (one file a deal), `--to parquet` and `--to arrow`",
        ));
    }
    match (from, to) {
        (Some(program), to) => Some(convert(program, paths, to, out_dir)),
        (None, Some(To::TarotclubDeal)) => Some(convert_to_deals(paths, out_dir)),
        (None, _) => None,
    }
}

/// `tarok convert --from PROGRAM`: every file read by `program`'s importer,
/// the records written as `to` says (text by default).
pub fn convert(
    program: Program,
    paths: &[PathBuf],
    to: Option<To>,
    out_dir: Option<&Path>,
) -> Outcome {
    let (files, mut outcome) = crate::files_to_read(paths, &["json"]);
    let mut records = Vec::new();
    let mut err = io::stderr().lock();
    for file in &files {
        let name = input::display_name(file);
        let text = match read(file) {
            Ok(t) => t,
            Err(e) => {
                outcome = fail(format!("{name}: {e}"));
                continue;
            }
        };
        let short = match file.file_name() {
            Some(f) if file.as_os_str() != "-" => f.to_string_lossy().into_owned(),
            _ => name.clone(),
        };
        let result = json::Doc::read(&text).all().and_then(|doc| {
            match program {
                Program::Tarotclub => tarotclub::import(&doc, &short),
                Program::HarbourTarock => harbour::import(&doc, &short),
            }
            .map_err(|problems| doc.paths(problems))
            .and_then(|text| read_back(&text))
        });
        let source = Arc::new(source(&name, text));
        match result {
            Ok(record) => records.push((record, source)),
            Err(problems) => {
                outcome = Outcome::BadInput;
                report::render_all(&mut err, &source, &problems);
            }
        }
    }
    let written = match to.unwrap_or(To::Text) {
        To::TarotclubDeal => export(records, out_dir),
        to => write(&records, to),
    };
    outcome.max(written)
}

/// `tarok convert --to tarotclub-deal`: the records of the project's files
/// as TarotClub custom-deal files.
pub fn convert_to_deals(paths: &[PathBuf], out_dir: Option<&Path>) -> Outcome {
    let (files, mut outcome) = crate::files_to_read(paths, &["tarok", "json", "jsonl"]);
    let mut records = Vec::new();
    let mut err = io::stderr().lock();
    for file in &files {
        let read = input::read_records(file, |(result, source)| match result {
            Ok(record) => records.push((record, source)),
            Err(problems) => {
                outcome = Outcome::BadInput;
                report::render_all(&mut err, &source, &problems);
            }
        });
        if let Err(e) = read {
            outcome = fail(format!("{}: {e}", input::display_name(file)));
        }
    }
    outcome.max(export(records, out_dir))
}

/// The record an importer wrote, read by the notation's parser: the one
/// judge of what the notation can say. A record that does not read back
/// is the importer's fault, said as plainly as any.
fn read_back(text: &str) -> Result<Record, Vec<Problem>> {
    let mut records = notation::parse_str(text);
    match (records.pop(), records.is_empty()) {
        (Some(Ok(record)), true) => Ok(record),
        (Some(Err(mut problems)), true) => {
            for p in &mut problems {
                p.span = None;
                p.help = format!("the importer wrote a record that does not read back:\n{text}");
            }
            Err(problems)
        }
        _ => Err(vec![Problem::new(
            Kind::Other,
            "the importer wrote no record, or several",
        )
        .help(format!("what it wrote:\n{text}"))]),
    }
}

fn read(file: &Path) -> io::Result<String> {
    if file.as_os_str() == "-" {
        io::read_to_string(io::stdin())
    } else {
        std::fs::read_to_string(file)
    }
}

fn source(name: &str, text: String) -> Source {
    Source {
        name: name.into(),
        text,
        base: 0,
        base_line: 0,
        element: None,
    }
}

fn write(records: &[(Record, Arc<Source>)], to: To) -> Outcome {
    let mut out = crate::out::Stdout::new();
    let mut text = String::new();
    for (i, (record, _)) in records.iter().enumerate() {
        match to {
            To::Text => {
                if i > 0 {
                    text.push('\n');
                }
                text.push_str(&notation::to_text(record));
            }
            To::Jsonl => {
                text.push_str(&notation::json::to_json(record));
                text.push('\n');
            }
            To::Json => {
                text.push_str(if i == 0 { "[\n" } else { ",\n" });
                text.push_str(&crate::indent(&notation::json::to_json_pretty(record)));
            }
            // Tables are refused with `--from` (main.rs).
            To::None | To::TarotclubDeal | To::Parquet | To::Arrow => {}
        }
    }
    if to == To::Json {
        text.push_str(if records.is_empty() { "[]\n" } else { "\n]\n" });
    }
    let _ = out.write_all(text.as_bytes());
    // A failed write is an error (exit 2), a closed pipe is not.
    out.finish(Outcome::Clean)
}

/// Writes each French deal as a custom-deal file: into `out_dir`, one file
/// a deal (`board-B.json` for a deal with a `Board` tag, written once for
/// the tables that played it; else `deal-N.json`, N its place among the
/// deals written), or on standard output when there is one deal and no
/// folder. A record of another game, or without its hands, is an error
/// (exit 2) and the others are still written.
fn export(records: Vec<(Record, Arc<Source>)>, out_dir: Option<&Path>) -> Outcome {
    let mut outcome = Outcome::Clean;
    let mut err = io::stderr().lock();
    let mut files: Vec<(String, String)> = Vec::new();
    let mut boards: HashMap<String, usize> = HashMap::new();
    for (record, source) in &records {
        let deal = match tarotclub::custom_deal_file(record) {
            Ok(deal) => deal,
            Err(why) => {
                outcome = Outcome::BadInput;
                let at = record.tags.first().map_or(record.span, |t| t.span);
                let problem = Problem::new(Kind::BadTag, format!("cannot be a TarotClub custom deal: {why}"))
                    .at(at, "this record")
                    .help("`--to tarotclub-deal` writes French Tarot deals with their four hands and the dog");
                report::render_all(&mut err, source, &[problem]);
                continue;
            }
        };
        let board = record.tag("Board").map(|t| t.value.to_string());
        match board {
            Some(board) => {
                let name = format!("board-{}.json", file_safe(&board));
                match boards.get(&board) {
                    Some(&i) if files[i].1 == deal => {}
                    Some(_) => {
                        outcome = Outcome::BadInput;
                        let at = record.tag("Board").map_or(record.span, |t| t.span);
                        let problem = Problem::new(Kind::BadTag, format!("board {board} is dealt twice with different cards"))
                            .at(at, "this board")
                            .help("deals with the same `Board` are the same deal played at several tables: their hands, dog and dealer agree");
                        report::render_all(&mut err, source, &[problem]);
                    }
                    None => {
                        boards.insert(board, files.len());
                        files.push((name, deal));
                    }
                }
            }
            None => files.push((format!("deal-{:03}.json", files.len() + 1), deal)),
        }
    }
    match out_dir {
        None if files.len() <= 1 => {
            let mut out = crate::out::Stdout::new();
            for (_, deal) in &files {
                let _ = out.write_all(deal.as_bytes());
            }
            outcome = out.finish(outcome);
        }
        None => {
            return fail(format!(
            "{} deals: TarotClub reads one deal a file; give `--out FOLDER` to write one file each",
            files.len()
        ))
        }
        Some(dir) => {
            if let Err(e) = std::fs::create_dir_all(dir) {
                return fail(format!("{}: {e}", dir.display()));
            }
            for (name, deal) in &files {
                let path = dir.join(name);
                if let Err(e) = std::fs::write(&path, deal) {
                    outcome = fail(format!("{}: {e}", path.display()));
                }
            }
        }
    }
    outcome
}

/// A board's name as part of a file name: letters, digits, `-` and `_`.
fn file_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}
