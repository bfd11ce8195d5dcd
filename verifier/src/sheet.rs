//! What the engines share of the score sheet's `result` section (issue 26,
//! spec/notation.md §6.7): a record may state the result of a deal instead
//! of its cards, or beside them. Each engine that reads score sheets splits
//! its settlement as play → facts → settlement: the play of a full record
//! yields the facts, a score sheet states them, and the settlement takes
//! only the facts. Here: whether a record is a score sheet, the findings a
//! sheet can give (`bad-result`, `result-mismatch`). All four games read
//! their sheets (`danish/sheet.rs`, `french/sheet.rs`,
//! `koenigrufen/sheet.rs`, `skill7/sheet.rs`).

use notation::{Fact, Kind, Problem, Record, Seat, Sheet, Span};

/// Whether the record is a score sheet only: a `result` and no trick. Its
/// facts are then the deal's result; with tricks, the cards are, and the
/// sheet is checked against them.
pub fn sheet_only(record: &Record) -> bool {
    record.result.is_some() && record.tricks.is_empty()
}

/// A fact that cannot be true or that the game does not have, at the fact.
pub fn bad(fact: &Fact, message: impl Into<String>, help: impl Into<String>) -> Problem {
    let mut p = Problem::new(Kind::BadResult, message)
        .at(fact.span, "this fact")
        .help(help);
    if let Some(s) = fact.seat {
        p = p.seat(s);
    }
    p
}

/// A fact the sheet should state and does not, at the `result` section.
pub fn missing(sheet: &Sheet, message: impl Into<String>, help: impl Into<String>) -> Problem {
    Problem::new(Kind::BadResult, message)
        .at(sheet.span, "this result")
        .help(help)
}

/// A stated fact that the cards contradict: "the sheet says 43 points, the
/// cards give 41", at the fact (or at the section, for a fact the sheet
/// leaves out).
pub fn mismatch(span: Span, says: &str, cards: &str) -> Problem {
    Problem::new(
        Kind::ResultMismatch,
        format!("the sheet says {says}, the cards give {cards}"),
    )
    .at(span, format!("the cards give {cards}"))
    .help("the cards settle the deal; correct the score sheet's `result` (tarok explain shows how the cards came to it)")
}

/// A fact as a score sheet writes it (the engines' `to_sheet`): `seat` and
/// its words, separated by single spaces in `words` (`"points 43"`).
pub fn fact(seat: Option<Seat>, words: &str) -> Fact {
    Fact {
        seat,
        words: words.split(' ').map(str::to_owned).collect(),
        span: Span::default(),
    }
}

/// The words of a fact after its head, joined (`announced made`).
pub fn rest(fact: &Fact) -> String {
    fact.words[1..].join(" ")
}
