//! # tarok verifier
//!
//! Replays a record through the rules of its variant, lists every finding
//! (structural faults, broken rules) and settles the deal: a ledger line per
//! payment with its rule id, each seat's net result, and the state carried
//! to the next deal of a session (the Danish pots, running scores).
//!
//! The verifier reports, it never repairs: a record with violations is still
//! replayed to the end and settled as the rules direct. It does no I/O.
//!
//! ## Flow
//! [`verify`] runs the structural checks of `notation`, reads the table and
//! the rule options, then hands the deal to the variant's engine
//! (private modules `danish`, `french`, `koenigrufen`, `skill7`). Each engine
//! replays the deal, pushes its findings, payments and explain events into
//! the [`Report`], and updates its part of the [`Session`]. Claimed results
//! are compared last, the same way for every variant.
//!
//! ```
//! use tarok_verifier::notation;
//!
//! let text = "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n\ntrick 1: SK SQ\ntrick 2: SN SJ HK HQ\n";
//! let record = notation::parse_str(text).remove(0).unwrap();
//! let mut session = tarok_verifier::Session::default();
//! let report = tarok_verifier::verify(&record, &mut session);
//! assert_eq!(report.problems[0].kind, "wrong-trick-size");
//! ```
//!
//! ## What is public
//! The record model ([`notation`], re-exported); verifying ([`verify`],
//! [`Session`], and the sessions of a file in [`session`]); the report
//! ([`Report`], its findings [`notation::Finding`], ledger [`Payment`],
//! [`Moment`], [`Event`], [`Reason`], totals and pots;
//! [`unsettled_reason`]); [`game::Game`], one deal step by step; the
//! legal cards of a trick ([`legal_cards`]); the rule options
//! ([`options`]); the random deals of `tarok gen` ([`gen`]); the corpus
//! convention `{expect: ...}` ([`expect`]); the `Pots` tag ([`parse_pots`]).
//! The engines, one per variant, and what they share are private.
//!
//! ## Reading a file and verifying it
//!
//! A file is a session: its deals are verified in order by one
//! [`session::Sessions`], which carries the dealer's turn, the Danish pots
//! and the running scores from deal to deal, starts a fresh [`Session`]
//! where a `Session` tag says (`new`, `end`), and is told when a record
//! cannot be read ([`session::Sessions::lost`]: the next Danish deal's pots
//! are then unknown), exactly as `tarok verify` follows a file. This crate
//! re-exports the notation crate as [`notation`], so one dependency reads
//! and verifies. Every finding is a [`notation::Problem`] with a kind, a
//! rule id, the seat, the trick, the card, and a span in the file
//! ([`notation::Span::line_col`]); for JSON, [`notation::json::path_at`]
//! gives its JSON path.
//!
//! To read files as the `tarok` CLI does (text, JSON and JSON Lines told
//! apart, its limits on a line and a record, streamed, verified in
//! parallel, findings located and written as `tarok verify --format json`
//! writes them), use the `tarok` library, the one behind the CLI and the
//! Python package: `tarok::pipeline::verify_file` (its crate docs have the
//! example).
//!
//! ```
//! use tarok_verifier::{notation, session::{Grouping, Sessions}};
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpus/danish-tarok/20-revoke.tarok");
//! let text = std::fs::read_to_string(path)?;
//! let mut sessions = Sessions::new(Grouping::File);
//! let mut found = Vec::new();
//! // JSON or JSON Lines: `notation::json::parse_json_doc(&text)` instead.
//! for result in notation::parse_str(&text) {
//!     let record = match result {
//!         Ok(record) => record,
//!         // A record that cannot be read: its parse errors, what it carried
//!         // to the next deal lost, and on to the next.
//!         Err(problems) => {
//!             problems.iter().for_each(|p| eprintln!("{path}: {}", p.message));
//!             sessions.lost();
//!             continue;
//!         }
//!     };
//!     let report = sessions.verify(&record);
//!     for p in &report.problems {
//!         let (line, column) = p.span.map_or((0, 0), |s| s.line_col(&text));
//!         println!("{path}:{line}:{column}: {}: {}", p.code(), p.message);
//!         let seat = p.seat.map(|s| s.number());
//!         found.push((p.code(), seat, p.trick, p.card.map(|c| c.to_string()), line));
//!     }
//!     // The settlement: every payment with its rule, each seat's net result.
//!     assert!(report.settled);
//!     assert_eq!(report.totals, [-55, -45, -110]);
//! }
//! assert_eq!(
//!     found[0],
//!     ("tarok::revoke[DK-PLAY-2]".to_string(), Some(2), Some(4), Some("C2".to_string()), 14)
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

/// The README's Rust example ("for developers"), compiled and run as a
/// doctest so that it stays true (its other blocks are shell, Python and
/// text, which rustdoc leaves alone).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct ReadmeExample;

mod danish;
pub mod expect;
mod finding;
mod french;
pub mod game;
pub mod gen;
mod koenigrufen;
mod legal;
pub mod options;
mod points;
mod reason;
pub mod session;
mod sheet;
mod skill7;
mod structural;
mod trick;

use notation::check::Table;
use notation::Kind;
use notation::Rule;
use notation::Seat;
use notation::{Party, Problem, Record, Variant};

pub use danish::parse_pots;
pub use legal::legal_cards;
/// The notation crate (`tarok-notation`): records, parser, printer, JSON.
pub use notation;
pub use options::RuleOptions;
pub use reason::Reason;
// `crate::reason!`, for the engines.
pub(crate) use reason::reason;
pub use structural::unsettled_reason;

/// When in a deal something happens: orders payments and events for
/// `tarok explain`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Moment {
    /// Before or during the deal (dealer's fee, foundation).
    Deal,
    /// The auction.
    Auction,
    /// The calls (king call, talon choice, announcements).
    Calls,
    /// Cards laid away.
    Discard,
    /// The declarations.
    Declarations,
    /// During trick n (1-based).
    Trick(u16),
    /// After the last trick.
    Settlement,
}

/// A payment from one party to another, with the rule that makes it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Payment {
    /// Who pays: a seat or a Danish pot.
    pub payer: Party,
    /// Who is paid.
    pub payee: Party,
    /// How much (always positive).
    pub amount: i64,
    /// The rule id of the digest that makes the payment (`DK-PAY-3`).
    pub rule: Rule,
    /// What the payment is for, in plain words ("king lost in trick 7").
    pub reason: Reason,
    /// When in the deal it is made.
    pub at: Moment,
}

/// Something the replay wants a reader to know: the material of
/// `tarok explain`, besides the payments.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A trick is complete: who led, who won and why.
    Trick {
        /// The trick's number, 1-based.
        trick: u16,
        /// The seat that led.
        leader: Seat,
        /// The seat that won.
        winner: Seat,
        /// Why the winner won, e.g. "highest trump (T17)".
        reason: String,
    },
    /// The card points taken so far, after trick `trick`, per side, as
    /// the engine counts them during play (the settlement may still move
    /// a card, such as the excuse exchanged for half a point).
    Count {
        /// The trick after which the count is made, 1-based.
        trick: u16,
        /// Each side's name ("the taker", "seat 2") and its points as the
        /// variant writes them ("23.5", "20 1/3").
        sides: Vec<(String, String)>,
    },
    /// A rule applied, in plain words, with its id.
    Rule {
        /// When in the deal.
        at: Moment,
        /// The rule id (`DK-POT-5`).
        rule: Rule,
        /// What happened, in plain words.
        text: String,
    },
}

/// What verifying one record found.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Report {
    /// The variant the record names, when it names a known one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    /// The findings: parse errors, structural faults, broken rules, in
    /// the order of the deal.
    pub problems: Vec<Problem>,
    /// Payments in the order the rules make them.
    pub ledger: Vec<Payment>,
    /// Each seat's net result for the deal (index = seat); empty when not
    /// settled.
    pub totals: Vec<i64>,
    /// Danish pot contents after the deal: `[king, pagat]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pots: Option<[i64; 2]>,
    /// What the replay wants a reader to know; left empty when the caller
    /// does not ask for it ([`session::Sessions::without_events`]).
    #[serde(skip)]
    pub events: Vec<Event>,
    /// Whether a rules engine replayed and settled the deal.
    pub settled: bool,
    /// The facts the play gave the settlement, written as a score sheet's
    /// `result` (issue 26), for a game whose sheet is read; built only when
    /// events are (`wants_events`).
    #[serde(skip)]
    pub result: Option<notation::Sheet>,
    /// The caller shows no events (`tarok verify`): the engines build none.
    #[serde(skip)]
    pub(crate) no_events: bool,
    /// The findings are counted, not written ([`Tally`]): set on the
    /// scratch copies the lists of legal moves are made on (`game.rs`),
    /// never by `verify`.
    #[serde(skip)]
    pub(crate) tally: Option<Tally>,
}

/// The findings of a report that counts them instead of writing them
/// ([`Report::fault`], `structural::incomplete`; a finding pushed worded
/// is still written): a list of legal moves asks only whether a move
/// finds anything, so the words of a rejected move are never built
/// (issue 29 item 5). The judging is the same code as `verify`'s; only the
/// wording is left out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Tally {
    /// Findings other than `incomplete`.
    pub faults: u32,
    /// `incomplete` findings (README ALL-4: a record that stops early).
    pub incomplete: u32,
}

impl Report {
    /// The findings (the field [`Report::problems`], by the project's one
    /// name for them: a [`notation::Finding`]).
    pub fn findings(&self) -> &[notation::Finding] {
        &self.problems
    }

    /// Whether the events are built (explain, the lesson page, the
    /// director's report), so that words nobody reads are not written.
    pub fn wants_events(&self) -> bool {
        !self.no_events
    }

    /// Adds an event, built only when the caller wants events.
    pub(crate) fn event(&mut self, event: impl FnOnce() -> Event) {
        if !self.no_events {
            self.events.push(event());
        }
    }

    /// Adds a finding (written even where the findings are counted,
    /// [`Report::tally`]: only [`Report::fault`] and `incomplete` count).
    pub(crate) fn push(&mut self, problem: Problem) {
        self.problems.push(problem);
    }

    /// Adds the finding `finding` words, a fault other than `incomplete`;
    /// where the findings are counted ([`Report::tally`]) it is counted and
    /// never worded.
    #[inline]
    pub(crate) fn fault(&mut self, finding: impl FnOnce() -> Problem) {
        match &mut self.tally {
            Some(t) => t.faults += 1,
            None => {
                let p = finding();
                debug_assert_ne!(p.kind, Kind::Incomplete);
                self.problems.push(p);
            }
        }
    }

    /// Adds a payment to the ledger.
    pub(crate) fn pay(&mut self, payment: Payment) {
        self.ledger.push(payment);
    }

    /// Net result per seat from the ledger (pots are not seats).
    pub fn totals_from_ledger(&self, seats: usize) -> Vec<i64> {
        let mut totals = vec![0; seats];
        for p in &self.ledger {
            if let Party::Seat(s) = p.payer {
                totals[s.index()] -= p.amount;
            }
            if let Party::Seat(s) = p.payee {
                totals[s.index()] += p.amount;
            }
        }
        totals
    }
}

/// State that carries from one deal of a session to the next (where
/// sessions start: [`session`]).
#[derive(Debug, Clone, Default)]
pub struct Session {
    /// Running totals per seat over the deals verified so far.
    pub scores: Vec<i64>,
    /// Deals seen so far in this session.
    pub deals: usize,
    pub(crate) danish: danish::SessionState,
    pub(crate) koenigrufen: koenigrufen::SessionState,
    pub(crate) french: french::SessionState,
}

impl Session {
    /// A record of the session could not be read: what it did is lost
    /// (Danish Tarok: the pots the next deal starts from are unknown).
    pub fn lost(&mut self) {
        self.danish.unknown = true;
    }

    /// Danish Tarok: the pots after the last deal, `[king, pagat]`; `None`
    /// before the first deal of a session (DK-POT-2).
    pub fn pots(&self) -> Option<[i64; 2]> {
        self.danish.pots
    }

    /// Danish Tarok: the pots the next deal starts from are not known (a
    /// deal before could not be read or settled, DK-POT-6) until a `Pots`
    /// tag states them.
    pub fn pots_unknown(&self) -> bool {
        self.danish.unknown
    }

    /// Danish Tarok: the dealer who must deal again (a valid misdeal
    /// demand, a wrong deal found before play: DK-SEAT-3).
    pub fn redeal(&self) -> Option<Seat> {
        self.danish.redeal
    }
}

/// A deal ready for an engine: the record, its table and its options.
pub(crate) struct Deal<'r> {
    pub record: &'r Record,
    pub table: Table,
    pub options: &'r RuleOptions,
    /// The deal itself is wrong (rules README ALL-1): the structural checks
    /// gave its one finding, by the dealer; nothing else of the deal is
    /// judged (each game says what the deal costs).
    pub wrong_deal: bool,
    /// The first trick of the wrong size (ALL-3, 0-based): nothing in it or
    /// after it is judged.
    pub cut: Option<usize>,
    /// The structural faults as typed facts (seats unknown, cards not in
    /// the pack, ...), for the engines to act on without reading the
    /// findings' kinds.
    pub facts: &'r notation::check::Facts,
}

/// The facts of a deal without structural faults (the stepped engines').
pub(crate) static NO_FACTS: notation::check::Facts = notation::check::Facts {
    unknown_seats: false,
    not_in_pack: false,
    too_many_tricks: false,
    played_twice: Vec::new(),
};

impl<'r> Deal<'r> {
    /// A deal without structural faults, as the stepped engines take it
    /// ([`steppable`]).
    pub(crate) fn clean(record: &'r Record, table: Table, options: &'r RuleOptions) -> Deal<'r> {
        Deal {
            record,
            table,
            options,
            wrong_deal: false,
            cut: None,
            facts: &NO_FACTS,
        }
    }
}

/// The rule options of a deal of `variant` that its engine can step (the
/// `Stepped` of each variant, [`game::Game`]): a deal with hands, a table,
/// readable options, no structural finding and no score sheet. Other
/// deals are judged by the whole replay. With the report a stepped engine
/// starts from: no events.
pub(crate) fn steppable(
    record: &Record,
    table: Table,
    variant: Variant,
) -> Option<(RuleOptions, Report)> {
    if table.variant != variant || record.is_partial() || record.result.is_some() {
        return None;
    }
    let options = RuleOptions::from_record(record, table.variant).ok()?;
    let structure = notation::check::structure_of(record, table);
    if structure.wrong_deal || !structure.problems.is_empty() {
        return None;
    }
    let report = Report {
        variant: Some(table.variant),
        no_events: true,
        ..Report::default()
    };
    Some((options, report))
}

/// Whether `record` (a stepped deal with moves appended) has no structural
/// finding and no score sheet: a stepped engine judges it; otherwise the
/// caller replays it whole.
pub(crate) fn structurally_clean(record: &Record, table: Table) -> bool {
    let structure = notation::check::structure_of(record, table);
    !structure.wrong_deal
        && structure.cut.is_none()
        && structure.problems.is_empty()
        && record.result.is_none()
}

impl Deal<'_> {
    /// The tricks that are judged: those before a trick of the wrong size
    /// (ALL-3).
    pub(crate) fn judged_tricks(&self) -> &[notation::Trick] {
        let tricks = &self.record.tricks[..];
        &tricks[..self.cut.unwrap_or(tricks.len()).min(tricks.len())]
    }
}

/// Verifies one record: structural checks, then the variant's rules, then
/// the claimed results.
pub fn verify(record: &Record, session: &mut Session) -> Report {
    let replayed = replay(record, session, true);
    carry(record, session, replayed)
}

/// The replay of one deal by its engine, before what carries from deal to
/// deal of a session is applied ([`carry`]). The engines read and write
/// only their own part of the [`Session`] (`danish`, `koenigrufen`,
/// `french`), never the running scores or the deal counter, so the replays
/// of a batch of deals can run in parallel ([`session::Sessions::verify_batch`]).
pub(crate) struct Replayed {
    pub report: Report,
    /// The table, when an engine replayed the deal: the session then goes
    /// on (running scores, deal counter); `None` when the table or the rule
    /// options cannot be read.
    table: Option<Table>,
}

/// Structural checks, the table, the rule options and the engine's replay.
/// `events`: whether the engines build the events of the deal.
pub(crate) fn replay(record: &Record, session: &mut Session, events: bool) -> Replayed {
    let table = match notation::check::table(record) {
        Ok(table) => table,
        Err(problems) => {
            return Replayed {
                report: Report {
                    variant: record.variant(),
                    problems,
                    ..Report::default()
                },
                table: None,
            }
        }
    };
    let structure = notation::check::structure_of(record, table);
    let mut report = Report {
        variant: Some(table.variant),
        problems: structure.problems,
        no_events: !events,
        ..Report::default()
    };
    let options = match RuleOptions::from_record(record, table.variant) {
        Ok(o) => o,
        Err(problems) => {
            report.problems.extend(problems);
            return Replayed {
                report,
                table: None,
            };
        }
    };
    let deal = Deal {
        record,
        table,
        options: &options,
        wrong_deal: structure.wrong_deal,
        cut: structure.cut,
        facts: &structure.facts,
    };
    match table.variant {
        Variant::DanishTarok => danish::replay(&deal, session, &mut report),
        Variant::FrenchTarot => french::replay(&deal, session, &mut report),
        Variant::Koenigrufen => koenigrufen::replay(&deal, session, &mut report),
        Variant::Skill7Tarock => skill7::replay(&deal, session, &mut report),
    }
    Replayed {
        report,
        table: Some(table),
    }
}

/// What carries from deal to deal, applied in the order of the deals after
/// the replay: the `Scores` tag, the `Session` tag, the end of a session,
/// the claim comparison and the running scores.
pub(crate) fn carry(record: &Record, session: &mut Session, replayed: Replayed) -> Report {
    let Replayed { mut report, table } = replayed;
    let Some(table) = table else {
        return report;
    };
    // After the replay, so that no engine takes it for a fault of the deal.
    scores_tag(record, table, session, &mut report);
    if let Err(problem) = session::mark(record) {
        report.push(*problem);
    }
    if report.settled {
        if report.totals.is_empty() {
            report.totals = report.totals_from_ledger(table.seats as usize);
        }
        if session.scores.len() < report.totals.len() {
            session.scores.resize(report.totals.len(), 0);
        }
        if session::mark(record).is_ok_and(|m| m.closes) {
            end_session(table, session, &mut report);
        }
        compare_claim(record, &mut report);
        let mut overflow = false;
        for (score, t) in session.scores.iter_mut().zip(&report.totals) {
            match score
                .checked_add(*t)
                .filter(|s| s.unsigned_abs() <= MAX_TOTAL as u64)
            {
                Some(sum) => *score = sum,
                None => overflow = true,
            }
        }
        if overflow {
            report.push(
                Problem::new(notation::Kind::BadTag, "a running total goes beyond ±10^15")
                    .at(record.span, "this deal")
                    .help("the running totals of a session stay within ±10^15; check the `Scores` and `Pots` tags"),
            );
        }
    }
    session.deals += 1;
    report
}

/// `[Session "end"]` on the last deal of a session: after it is settled
/// the pots are divided among the players at the table (DK-POT-5), and
/// the next deal of the file starts a new session. The division is part of
/// this deal's ledger and totals.
fn end_session(table: Table, session: &mut Session, report: &mut Report) {
    let (Variant::DanishTarok, Some(pots)) = (table.variant, report.pots) else {
        return;
    };
    // The net results over the session, this deal included.
    let standing: Vec<i64> = session
        .scores
        .iter()
        .zip(&report.totals)
        .map(|(s, t)| s + t)
        .collect();
    for payment in danish::end_of_session(pots, &standing, table.seats) {
        if let Party::Seat(s) = payment.payee {
            report.totals[s.index()] += payment.amount;
        }
        report.ledger.push(payment);
    }
    report.pots = Some([0, 0]);
    session.danish = danish::SessionState::default();
    report.event(|| Event::Rule {
        at: Moment::Settlement,
        rule: Rule::DkPot5,
        text: format!(
            "the session ends: the {} in the pots is divided among the {} players at the table",
            pots[0] + pots[1],
            table.seats
        ),
    });
}

/// The largest amount a `Scores` or `Pots` tag may give (10^12): far beyond
/// any real session, and small enough that no sum of a session overflows.
pub const MAX_AMOUNT: i64 = 1_000_000_000_000;
/// The largest running total a session may reach (10^15).
pub const MAX_TOTAL: i64 = 1_000_000_000_000_000;

/// `[Scores "0 +10, 1 -10, 2 0, 3 0"]`: each seat's running total at the
/// deal's start. After earlier deals of the session it must agree with them;
/// either way it sets the running totals, so one deal of a session can be
/// checked on its own. Without pots the totals of a table always sum to
/// zero (FR-SCORE-6 says so for French Tarot; the other games pay seat to
/// seat as well); Danish totals sum to zero with the pots.
fn scores_tag(record: &Record, table: Table, session: &mut Session, report: &mut Report) {
    let Some(tag) = record.tag("Scores") else {
        return;
    };
    let seats = table.seats as usize;
    let mut values = vec![0i64; seats];
    for part in tag
        .value
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let mut words = part.split_whitespace();
        let parsed = match (words.next(), words.next(), words.next()) {
            (Some(seat), Some(amount), None) => {
                seat.parse::<usize>().ok().filter(|&s| s < seats).zip(
                    amount
                        .trim_start_matches('+')
                        .parse::<i64>()
                        .ok()
                        .filter(|a| a.unsigned_abs() <= MAX_AMOUNT as u64),
                )
            }
            _ => None,
        };
        let Some((seat, amount)) = parsed else {
            report.push(
                Problem::new(Kind::BadTag, format!("`{}` is not a list of running totals", tag.value))
                    .at(tag.span, "expected `0 +10, 1 -10, 2 0, 3 0`")
                    .help("give each seat's running total at the deal's start: the seat number, then the total (at most 10^12 either way)"),
            );
            return;
        };
        values[seat] = amount;
    }
    let rule = match table.variant {
        Variant::FrenchTarot => Some(Rule::FrScore6),
        _ => None,
    };
    let with_rule = |p: Problem| match rule {
        Some(r) => p.rule(r),
        None => p,
    };
    if table.variant != Variant::DanishTarok && values.iter().sum::<i64>() != 0 {
        report.push(with_rule(
            Problem::new(
                Kind::ScoresMismatch,
                "the running totals do not add up to 0",
            )
            .at(tag.span, "sum is not 0")
            .help("every payment goes from one seat to another, so the totals always add up to 0"),
        ));
    }
    if session.deals > 0 {
        let mut before = session.scores.clone();
        before.resize(seats, 0);
        if before != values {
            let list = |v: &[i64]| {
                v.iter()
                    .enumerate()
                    .map(|(s, n)| format!("{s} {}", signed(*n)))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            report.push(with_rule(
                Problem::new(
                    Kind::ScoresMismatch,
                    format!(
                        "the record gives the running totals {}, the deals before give {}",
                        list(&values),
                        list(&before)
                    ),
                )
                .at(tag.span, "running totals")
                .help("`Scores` holds each seat's running total at the start of the deal: the sum of the results of the deals before it"),
            ));
        }
    }
    session.scores = values;
}

/// Compares the claimed payments with the computed ones (seat totals, and
/// pot contents where the record claims them).
fn compare_claim(record: &Record, report: &mut Report) {
    let Some(claim) = &record.claim else { return };
    for entry in &claim.entries {
        let computed = match entry.party {
            Party::Seat(s) => report.totals.get(s.index()).copied(),
            Party::Pot(notation::Pot::King) => report.pots.map(|p| p[0]),
            Party::Pot(notation::Pot::Pagat) => report.pots.map(|p| p[1]),
        };
        let Some(computed) = computed else { continue };
        if computed != entry.amount {
            let mut p = Problem::new(
                Kind::ClaimMismatch,
                format!(
                    "the record claims {} for {}, the rules give {}",
                    signed(entry.amount),
                    who(entry.party),
                    signed(computed)
                ),
            )
            .at(entry.span, format!("computed {}", signed(computed)))
            .help("the ledger (tarok verify --format json, or tarok explain) lists every payment with its rule")
            .claim(entry.party, entry.amount, computed);
            if let Party::Seat(s) = entry.party {
                p = p.seat(s);
            }
            report.problems.push(p);
        }
    }
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

fn who(party: Party) -> String {
    match party {
        Party::Seat(s) => format!("seat {s}"),
        Party::Pot(p) => format!("the {}", p.word()),
    }
}
