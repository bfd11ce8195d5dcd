//! The tournament director's report (`tarok report`): what a director hands
//! out at the end of a round.
//!
//! Built once into [`Sheet`] (serde, the `--format json` form,
//! spec/report.md) and rendered per format as the handout, in the order
//! players read it: the event's head and what was not checked first (paths
//! not read, records unreadable, deals not settled and their claims not
//! compared), then
//! - **standings**: overall with ranks and a column per round, per round,
//!   per session, from the engines' totals and the director's rulings
//!   (never from the claims);
//! - **results per table**: each deal's contract, declarer, result, score;
//! - **rulings** (`Ruling` tags, `rulings.rs`);
//! - **score-sheet errors**: claimed and computed (or ruled) side by side;
//! - **line-up** (`lineup.rs`): names, the register, seats, tables, boards;
//! - **irregularities**: one row per finding, with the player's name, the
//!   fine or consequence, and counts per kind and per player;
//! - **duplicate comparison**: a deal played at several tables, the
//!   difference from the average and matchpoints, and the duplicate total.
//!
//! ## Flow
//! [`collect`] (here) verifies every file exactly as `tarok verify` does
//! (sessions cut by `verifier::session`) and hands on each deal, in input
//! order, as what the report needs of it ([`Deal`]); the [`Builder`]
//! (`build.rs`) adds each deal to the parts (`model.rs`) and drops it:
//! what grows with the deals goes to lists on disk (`list.rs`), so memory
//! stays bounded (issue 23, spec/report.md); `grid.rs` renders the parts
//! as text, Markdown and CSV, `html.rs` as the page.

mod build;
mod grid;
mod html;
mod lineup;
mod list;
mod model;
mod pairs;
mod rulings;

use notation::Kind;
use notation::Rule;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use notation::{Act, Party, Pot, Problem, Record, Seat, Variant};
use rayon::prelude::*;

use crate::input::{self, Source};
use crate::players;

pub use build::{Builder, Sink};
pub use grid::{csv_for, markdown, text, CsvTarget};
pub use html::html;
pub use lineup::Register;
pub use model::*;
pub use tarok::lang::{tr, Lang};

/// The JSON form (spec/report.md), pretty-printed, hidden characters
/// written as JSON escapes ([`crate::escape::json`]); written as it goes,
/// the lists read back from their files.
pub fn json(sheet: &Sheet, out: &mut dyn std::io::Write) -> std::io::Result<()> {
    crate::escape::json(&mut *out, sheet, true).map_err(std::io::Error::from)?;
    out.write_all(b"\n")
}

/// What the report keeps of one record.
#[derive(Debug)]
pub struct Deal {
    pub place: Place,
    /// Index of the session in the input.
    pub session: usize,
    pub variant: Option<Variant>,
    /// The `Players` names; shared by the deals of a session that repeat
    /// them.
    pub names: Arc<[String]>,
    pub readable: bool,
    pub findings: Vec<Irregularity>,
    pub claim_mismatch: bool,
    /// The record claims a result (a `claim` section).
    pub has_claim: bool,
    pub claim: Vec<(Party, i64)>,
    /// Engine results, when the deal was settled.
    pub settled: Option<Settled>,
    /// Identical hands find each other by this key (see `hands_key`).
    pub hands: Option<Vec<u128>>,
    pub contract: Option<String>,
    /// The contract without its bidder, and the bidder's seat (the
    /// per-table sheet).
    pub bid: Option<String>,
    pub declarer: Option<Seat>,
    pub site: Option<String>,
    pub date: Option<String>,
    /// The director's rulings (`Ruling` tags) read.
    pub rulings: Vec<RulingRow>,
}

#[derive(Debug)]
pub struct Settled {
    pub totals: Vec<i64>,
    /// Seats that play (all but a Danish seat sitting out).
    pub active: Vec<bool>,
    pub pots: Option<[i64; 2]>,
    /// Net payments into each pot in this deal.
    pub paid_in: [i64; 2],
    pub tricks: Vec<u32>,
    /// The engines' totals, before any ruling (`totals` has them applied).
    pub computed: Vec<i64>,
}

/// What [`collect_file`] hands on, held while files are verified in
/// parallel until their turn comes.
enum Event {
    Session(String),
    Deal(Box<Deal>),
}

impl Sink for Vec<Event> {
    fn session(&mut self, name: String) {
        self.push(Event::Session(name));
    }
    fn deal(&mut self, d: Deal) {
        self.push(Event::Deal(Box::new(d)));
    }
}

/// Files of at most this many bytes are verified [`CHUNK`] at a time in
/// parallel, their deals held until their turn; a larger file is verified
/// alone, its deals handed on batch by batch (issue 23: memory bounded
/// whatever the number of files or deals).
const SMALL: u64 = 256 << 10;
const CHUNK: usize = 64;

/// Reads and verifies every file, handing each session and deal on to
/// `sink` in input order, cut into sessions as `tarok verify` cuts them
/// (`verifier::session`: a file is a session unless `Session` tags or
/// `--independent` say otherwise). Returns the files that could not be
/// read, or held no record (`path: why`).
pub fn collect(
    files: &[PathBuf],
    grouping: verifier::session::Grouping,
    sink: &mut dyn Sink,
) -> Vec<String> {
    let mut unopened = Vec::new();
    let mut small: Vec<&PathBuf> = Vec::new();
    let run = |small: &mut Vec<&PathBuf>, sink: &mut dyn Sink, unopened: &mut Vec<String>| {
        let done: Vec<(Vec<Event>, Option<String>)> = small
            .par_iter()
            .map(|p| {
                let mut events = Vec::new();
                let error = collect_file(p, grouping, &mut events);
                (events, error)
            })
            .collect();
        small.clear();
        for (events, error) in done {
            for e in events {
                match e {
                    Event::Session(name) => sink.session(name),
                    Event::Deal(d) => sink.deal(*d),
                }
            }
            unopened.extend(error);
        }
    };
    for f in files {
        let size = std::fs::metadata(f).map_or(0, |m| m.len());
        if files.len() > 1 && size <= SMALL {
            small.push(f);
            if small.len() == CHUNK {
                run(&mut small, sink, &mut unopened);
            }
            continue;
        }
        run(&mut small, sink, &mut unopened);
        unopened.extend(collect_file(f, grouping, sink));
    }
    run(&mut small, sink, &mut unopened);
    unopened
}

/// One file's sessions and deals, handed on batch by batch.
fn collect_file(
    path: &Path,
    grouping: verifier::session::Grouping,
    sink: &mut dyn Sink,
) -> Option<String> {
    let name = input::display_name(path);
    // Sessions opened in this file.
    let mut opened = 0usize;
    let mut sessions = verifier::session::Sessions::new(grouping);
    let mut index = 0;
    let mut names: Arc<[String]> = Arc::new([]);
    // The session of the last deal, as `Sessions::number` counts them.
    let (mut started, mut closed) = (0usize, false);
    // The deals are replayed in batches, in parallel outside a rayon task
    // (`Sessions::verify_batch`), what carries between them in order. A
    // record that cannot be read does not touch the session here.
    let parallel = rayon::current_thread_index().is_none();
    let mut flush = |batch: &mut Vec<input::Item>| {
        let records: Vec<Option<&Record>> = batch
            .iter()
            .filter_map(|(result, _)| result.as_ref().ok().map(Some))
            .collect();
        let reports = if parallel {
            sessions.verify_batch(&records)
        } else {
            records
                .iter()
                .map(|r| r.map(|r| sessions.verify(r)))
                .collect()
        };
        drop(records);
        let mut reports = reports.into_iter().flatten();
        for (result, source) in batch.drain(..) {
            let deal = match result {
                Ok(record) => {
                    let Some(report) = reports.next() else {
                        unreachable!("a report for every record read")
                    };
                    let first = started == 0;
                    if verifier::session::starts_session(&record, grouping, first, closed) {
                        started += 1;
                    }
                    closed = verifier::session::mark(&record).is_ok_and(|m| m.closes);
                    // A new session: the file's first, or one a `Session` tag
                    // (or `--independent`) opened.
                    if opened < started {
                        open_run(sink, &mut opened, &name, index);
                    }
                    let these = players::names(&record);
                    if *names != *these {
                        names = these.into();
                    }
                    deal_of(&name, index, &source, &record, &report, names.clone())
                }
                Err(problems) => unreadable(&name, index, &source, &problems),
            };
            if opened == 0 {
                open_run(sink, &mut opened, &name, index);
            }
            sink.deal(deal);
            index += 1;
        }
    };
    let mut batch: Vec<input::Item> = Vec::with_capacity(BATCH);
    let read = input::read_records(path, |item| {
        batch.push(item);
        if batch.len() == BATCH {
            flush(&mut batch);
        }
    });
    flush(&mut batch);
    match read {
        Err(e) => Some(format!("{name}: {e}")),
        // As `verify`: a file without a record is bad input, not a clean one.
        Ok(()) if index == 0 => Some(format!("{name}: no record found")),
        Ok(()) => None,
    }
}

/// Records replayed together by `collect_file`.
const BATCH: usize = 64;

/// Starts the next session of a file: named by the file, and after its
/// first by the deal it starts from.
fn open_run(sink: &mut dyn Sink, opened: &mut usize, file: &str, index: usize) {
    let name = if *opened == 0 {
        file.to_owned()
    } else {
        format!("{file} from deal {}", index + 1)
    };
    *opened += 1;
    sink.session(name);
}

fn tag(record: &Record, name: &str) -> Option<String> {
    record
        .tag(name)
        .map(|t| t.value.trim().to_owned())
        .filter(|v| !v.is_empty())
}

fn finding(
    place: &Place,
    variant: Option<Variant>,
    names: &[String],
    source: &Source,
    p: &Problem,
) -> Irregularity {
    let lc = p.span.map(|s| source.line_col(s.start as usize));
    Irregularity {
        place: place.clone(),
        variant,
        seat: p.seat,
        player: p
            .seat
            .and_then(|s| players::name(names, s))
            .map(str::to_owned),
        kind: p.kind.as_str(),
        rule: p.rule.map(Rule::id),
        trick: p.trick,
        card: p.card.map(|c| c.to_string()),
        consequence: None,
        line: lc.map(|l| l.0),
        column: lc.map(|l| l.1),
        path: p.path.clone(),
        message: players::name_seats(&p.message, names),
    }
}

fn unreadable(file: &str, index: usize, source: &Source, problems: &[Problem]) -> Deal {
    let place = Place {
        file: file.to_owned(),
        record: index,
        ..Place::default()
    };
    let findings = problems
        .iter()
        .map(|p| finding(&place, None, &[], source, p))
        .collect();
    Deal::bare(place, findings, false)
}

impl Deal {
    /// A deal that is only its place and findings: nothing settled, no
    /// table, no claim (a record that could not be read, a test's deal).
    pub(crate) fn bare(place: Place, findings: Vec<Irregularity>, readable: bool) -> Deal {
        Deal {
            findings,
            place,
            session: 0,
            variant: None,
            names: Arc::new([]),
            readable,
            claim_mismatch: false,
            has_claim: false,
            claim: Vec::new(),
            settled: None,
            hands: None,
            contract: None,
            bid: None,
            declarer: None,
            site: None,
            date: None,
            rulings: Vec::new(),
        }
    }
}

fn deal_of(
    file: &str,
    index: usize,
    source: &Source,
    record: &Record,
    report: &verifier::Report,
    names: Arc<[String]>,
) -> Deal {
    let place = Place {
        file: file.to_owned(),
        record: index,
        event: tag(record, "Event"),
        round: tag(record, "Round"),
        table: tag(record, "Table"),
        board: tag(record, "Board"),
    };
    let variant = record.variant();
    let mut findings: Vec<Irregularity> = report
        .problems
        .iter()
        .map(|p| finding(&place, variant, &names, source, p))
        .collect();
    consequences(&report.problems, report, &mut findings);
    let table = notation::check::table(record).ok();
    let settled = report.settled.then(|| {
        let mut paid_in = [0i64; 2];
        for p in &report.ledger {
            for (party, sign) in [(p.payee, 1), (p.payer, -1)] {
                match party {
                    Party::Pot(Pot::King) => paid_in[0] += sign * p.amount,
                    Party::Pot(Pot::Pagat) => paid_in[1] += sign * p.amount,
                    Party::Seat(_) => {}
                }
            }
        }
        let seats = report.totals.len();
        let mut tricks = vec![0u32; seats];
        for e in &report.events {
            if let verifier::Event::Trick { winner, .. } = e {
                if let Some(t) = tricks.get_mut(winner.index()) {
                    *t += 1;
                }
            }
        }
        Settled {
            computed: report.totals.clone(),
            totals: report.totals.clone(),
            active: Seat::all(seats as u8)
                .map(|s| table.is_none_or(|t| t.is_active(s)))
                .collect(),
            pots: report.pots,
            paid_in,
            tricks,
        }
    });
    let mut settled = settled;
    let claim: Vec<(Party, i64)> = record
        .claim
        .iter()
        .flat_map(|c| c.entries.iter().map(|e| (e.party, e.amount)))
        .collect();
    let seats = table.map_or(names.len(), |t| t.seats as usize);
    let rulings = rule(
        record,
        &place,
        variant,
        &names,
        source,
        seats,
        settled.as_mut(),
        &claim,
        &mut findings,
    );
    let (bid, declarer) = match bid(record) {
        Some((b, d)) => (Some(b), Some(d)),
        None => (None, None),
    };
    Deal {
        place,
        session: 0,
        variant,
        readable: true,
        claim_mismatch: findings.iter().any(|p| p.kind == "claim-mismatch"),
        has_claim: record.claim.is_some(),
        claim,
        hands: hands_key(record),
        contract: contract(record, &names),
        bid,
        declarer,
        site: tag(record, "Site"),
        date: tag(record, "Date"),
        rulings,
        settled,
        names,
        findings,
    }
}

/// Reads the record's `Ruling` tags and applies them to a settled deal:
/// an assigned result replaces the computed one, adjustments are added.
/// A malformed ruling is a located `bad-tag`. With a ruling applied, the
/// claim is compared with the ruled result, not the computed one.
#[allow(clippy::too_many_arguments)]
fn rule(
    record: &Record,
    place: &Place,
    variant: Option<Variant>,
    names: &[String],
    source: &Source,
    seats: usize,
    mut settled: Option<&mut Settled>,
    claim: &[(Party, i64)],
    findings: &mut Vec<Irregularity>,
) -> Vec<RulingRow> {
    let mut rows = Vec::new();
    let mut assigned = false;
    let seats = settled.as_ref().map_or(seats, |s| s.totals.len());
    for t in record.tags.iter().filter(|t| t.name == "Ruling") {
        let lc = source.line_col(t.span.start as usize);
        let bad = |why: String| Irregularity {
            place: place.clone(),
            variant,
            seat: None,
            player: None,
            kind: "bad-tag",
            rule: None,
            trick: None,
            card: None,
            consequence: None,
            line: Some(lc.0),
            column: Some(lc.1),
            path: None,
            message: format!(
                "malformed ruling `{}`: {why}; help: {}",
                t.value,
                rulings::HELP
            ),
        };
        let ruling = match rulings::parse(&t.value, seats) {
            Ok(r) => r,
            Err(why) => {
                findings.push(bad(why));
                continue;
            }
        };
        let mut row = RulingRow {
            place: place.clone(),
            ruling: "adjust",
            seat: None,
            player: None,
            amount: None,
            scores: Vec::new(),
            reason: ruling.reason,
            rule: ruling.rule,
            applied: settled.is_some(),
        };
        match ruling.ruled {
            rulings::Ruled::Adjust { seat, amount } => {
                row.seat = Some(seat);
                row.player = players::name(names, seat).map(str::to_owned);
                row.amount = Some(amount);
                if let Some(s) = settled.as_deref_mut() {
                    s.totals[seat.index()] += amount;
                }
            }
            rulings::Ruled::Assign { scores } => {
                if assigned {
                    findings.push(bad("a second assigned result for the deal".into()));
                    continue;
                }
                assigned = true;
                row.ruling = "assign";
                if let Some(s) = settled.as_deref_mut() {
                    // Adjustments read before stay added to the assigned result.
                    for (i, t) in s.totals.iter_mut().enumerate() {
                        *t = scores[i] + (*t - s.computed[i]);
                    }
                }
                row.scores = scores;
            }
        }
        rows.push(row);
    }
    // The claim against the ruled result.
    if let Some(s) = settled.filter(|s| s.totals != s.computed) {
        findings.retain(|f| f.kind != "claim-mismatch");
        for (party, claimed) in claim {
            let ruled = match party {
                Party::Seat(seat) => s.totals.get((*seat).index()).copied(),
                Party::Pot(Pot::King) => s.pots.map(|p| p[0]),
                Party::Pot(Pot::Pagat) => s.pots.map(|p| p[1]),
            };
            let Some(ruled) = ruled.filter(|r| r != claimed) else {
                continue;
            };
            let seat = match party {
                Party::Seat(s) => Some(*s),
                Party::Pot(_) => None,
            };
            let who = match party {
                Party::Seat(s) => players::seat_label(names, *s),
                Party::Pot(p) => p.word().to_owned(),
            };
            findings.push(Irregularity {
                place: place.clone(),
                variant,
                seat,
                player: seat.and_then(|s| players::name(names, s)).map(str::to_owned),
                kind: "claim-mismatch",
                rule: None,
                trick: None,
                card: None,
                consequence: None,
                line: None,
                column: None,
                path: None,
                message: format!(
                    "the record claims {} for {who}, the ruled result gives {} (the director's ruling applied)",
                    grid::signed(*claimed),
                    grid::signed(ruled)
                ),
            });
        }
    }
    rows
}

/// The last bid without its bidder, then the calls and contras; and the
/// bidder's seat. A Danish tout: `tout` and its seat.
fn bid(record: &Record) -> Option<(String, Seat)> {
    let names: Vec<String> = Vec::new();
    let full = contract(record, &names)?;
    let (head, tail) = full.split_once(" by seat ")?;
    let digits: String = tail.chars().take_while(char::is_ascii_digit).collect();
    let seat = digits.parse().ok()?;
    let rest = &tail[digits.len()..];
    Some((format!("{head}{rest}"), seat))
}

/// What each finding cost: the fines the engine booked for it (payments
/// whose reason starts with "fine", by the finding's seat, under its rule,
/// taken in order), and what it did to the deal (a Danish deal abandoned,
/// DK-FINE-3; a French deal scored 0, FR-IRREG-2; a Königrufen or Skill7
/// deal void). See spec/report.md.
fn consequences(problems: &[Problem], report: &verifier::Report, rows: &mut [Irregularity]) {
    let mut used = vec![false; report.ledger.len()];
    let abandoned_by = report.events.iter().find_map(|e| match e {
        verifier::Event::Rule { rule, text, .. } if *rule == Rule::DkFine3 => text
            .split_once('(')
            .and_then(|(_, r)| r.split_once(')'))
            .map(|(r, _)| r.to_owned()),
        _ => None,
    });
    // A French deal that scores 0: irregular (FR-IRREG-2) or void
    // (FR-SCORE-8: a bare petit, a wrong deal, four passes).
    let french_zero = report.events.iter().find_map(|e| match e {
        verifier::Event::Rule { rule, .. } if matches!(*rule, Rule::FrIrreg2 | Rule::FrScore8) => {
            Some(*rule)
        }
        _ => None,
    });
    // A Königrufen or Skill7 deal made void ("the deal is void, nobody
    // pays": a wrong number of cards found in play, a cause for a redeal).
    let void = report.events.iter().find_map(|e| match e {
        verifier::Event::Rule { rule, text, .. }
            if (rule.id().starts_with("KR-") || rule.id().starts_with("S7-"))
                && text.contains("void, nobody pays") =>
        {
            Some(*rule)
        }
        _ => None,
    });
    let mut abandon_told = false;
    for (p, row) in problems.iter().zip(rows.iter_mut()) {
        let mut parts: Vec<String> = Vec::new();
        if let (Some(seat), Some(rule)) = (p.seat, p.rule) {
            let mut fines: Vec<(Party, i64)> = Vec::new();
            // The fines of one finding are booked together: take the first
            // unused run of them.
            let mut started = false;
            for (i, pay) in report.ledger.iter().enumerate() {
                let fits = !used[i]
                    && pay.rule == rule
                    && pay.payer == Party::Seat(seat)
                    && pay.reason.starts_with("fine");
                if fits {
                    used[i] = true;
                    started = true;
                    fines.push((pay.payee, pay.amount));
                } else if started {
                    break;
                }
            }
            if !fines.is_empty() {
                let each_pot = fines.len() == 2
                    && fines.iter().all(|f| matches!(f.0, Party::Pot(_)))
                    && fines[0].1 == fines[1].1;
                parts.push(if each_pot {
                    format!("fine {} into each pot", fines[0].1)
                } else {
                    let list: Vec<String> = fines
                        .iter()
                        .map(|(to, n)| format!("{n} to {}", party_word(*to)))
                        .collect();
                    format!("fine {}", list.join(", "))
                });
            }
        }
        if !abandon_told && p.rule.is_some() && abandoned_by.as_deref() == p.rule.map(Rule::id) {
            abandon_told = true;
            parts.push("deal abandoned (DK-FINE-3)".into());
        }
        if !matches!(
            p.kind,
            Kind::ClaimMismatch | Kind::ScoresMismatch | Kind::ResultMismatch | Kind::BadResult
        ) {
            if let Some(rule) = french_zero {
                parts.push(format!("deal scores 0 ({rule})"));
            }
            if let Some(rule) = void {
                parts.push(format!("deal void, nobody pays ({rule})"));
            }
        }
        if !parts.is_empty() {
            row.consequence = Some(parts.join("; "));
        }
    }
}

fn party_word(party: Party) -> String {
    match party {
        Party::Seat(s) => format!("seat {s}"),
        Party::Pot(p) => p.word().to_owned(),
    }
}

/// The deal's hands (and talon) as a key: the same key at two tables means
/// the same deal was played there. Each hand is a card set (a `u128`), so
/// the key is exact and small: the seat's bit set, seat by seat, then the
/// talon's.
fn hands_key(record: &Record) -> Option<Vec<u128>> {
    if record.hands.is_empty() {
        return None;
    }
    let seats = record.hands.iter().map(|h| h.seat.index() + 1).max()?;
    let mut key = vec![0u128; seats + 1];
    for h in &record.hands {
        let set: notation::CardSet = h.cards.iter().map(|i| i.card).collect();
        key[h.seat.index()] |= set.bits();
    }
    if let Some(talon) = &record.talon {
        let set: notation::CardSet = talon.cards.iter().map(|i| i.card).collect();
        key[seats] = set.bits();
    }
    Some(key)
}

/// The contract as a director writes it: the last bid and its bidder, then
/// the calls and contras; a Danish tout.
fn contract(record: &Record, names: &[String]) -> Option<String> {
    let word = |act: &Act| {
        let mut s = String::new();
        notation::print::act(&mut s, act);
        s
    };
    let mut out = record.auction.as_ref().and_then(|a| {
        a.actions
            .iter()
            .rev()
            .find(|x| matches!(x.act, Act::Bid { .. }))
            .map(|x| format!("{} by {}", word(&x.act), players::seat_label(names, x.seat)))
    });
    if out.is_none() {
        // A score sheet's `result`: its `SEAT GAME` fact (issue 26), then
        // the king called and the contras as the sheet states them.
        out = record.result.as_ref().and_then(|r| {
            let mut out = r.facts.iter().find_map(|f| {
                let seat = f.seat?;
                let [word] = f.words.as_slice() else {
                    return None;
                };
                // A Danish sheet's failed tout was announced (DK-TOUT-2),
                // as a card record's `declare: N tout`; a tout made may
                // not have been, and the sheet does not say.
                let game = match notation::Game::from_word(word) {
                    Some(game) => game.word(),
                    None if word == "tout-failed" => "tout",
                    None => return None,
                };
                Some(format!("{game} by {}", players::seat_label(names, seat)))
            })?;
            for f in r.facts.iter().filter(|f| {
                use notation::Verb;
                f.seat.is_none()
                    && Verb::from_word(f.head()).is_some_and(|v| {
                        matches!(
                            v,
                            Verb::Call | Verb::Contra | Verb::Recontra | Verb::Subcontra
                        )
                    })
            }) {
                out.push_str(", ");
                out.push_str(&f.words.join(" "));
            }
            Some(out)
        });
        if out.is_some() {
            return out;
        }
    }
    if out.is_none() {
        out = record.declarations.as_ref().and_then(|d| {
            d.actions
                .iter()
                .find(|x| matches!(x.act, Act::Tout))
                .map(|x| format!("tout by {}", players::seat_label(names, x.seat)))
        });
    }
    let mut out = out?;
    if let Some(calls) = &record.calls {
        for x in &calls.actions {
            if matches!(
                x.act,
                Act::Call { .. }
                    | Act::Contra { .. }
                    | Act::Recontra { .. }
                    | Act::Subcontra { .. }
            ) {
                out.push_str(", ");
                out.push_str(&word(&x.act));
            }
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::contract;

    fn record(result: &str) -> notation::Record {
        let text = format!(
            "[Variant \"danish-tarok\"]\n[Dealer \"2\"]\n[Players \"Ane; Bo; Cy; Di\"]\n\nresult: {result}\n"
        );
        let mut all = notation::parse_str(&text);
        all.remove(0).expect("the record reads")
    }

    #[test]
    fn a_danish_sheets_failed_tout_names_the_contract_and_a_tout_made_does_not() {
        let names: Vec<String> = ["Ane", "Bo", "Cy", "Di"].map(String::from).into();
        let failed = record("2 tout-failed, 0 count 40");
        assert_eq!(
            contract(&failed, &names).as_deref(),
            Some("tout by seat 2 (Cy)")
        );
        let made = record("1 tout");
        assert_eq!(contract(&made, &names), None);
    }
}
