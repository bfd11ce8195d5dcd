//! The tournament director's report (`tarok report`): what a director hands
//! out at the end of a round.
//!
//! Four parts, built once into [`Sheet`] (serde, the `--format json` form,
//! spec/report.md) and rendered per format:
//! - **irregularities**: one row per finding, with the player's name, the
//!   fine or consequence, and counts per kind and per player;
//! - **claims**: every deal whose score sheet disagrees with the rules,
//!   claimed and computed amounts side by side;
//! - **standings**: per session and over the whole input, per player, from
//!   the engines' totals (never from the claims); each session sums to zero,
//!   the Danish pots included;
//! - **boards**: the duplicate comparison of a deal played at several tables.
//!
//! ## Flow
//! [`collect`] verifies every file exactly as `tarok verify` does (one
//! [`verifier::Session`] per session, see [`starts_session`]) and keeps of
//! each deal only what the report needs ([`Deal`]); [`Sheet::build`] turns
//! the deals into the four parts; `grid` renders text, Markdown and CSV,
//! `html` the page.

mod grid;
mod html;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use notation::{Act, Party, Pot, Problem, Record, Variant};
use rayon::prelude::*;
use serde::Serialize;

use crate::input::{self, Source};
use crate::players;

pub use grid::{csv, markdown, text};
pub use html::html;

/// The whole report: the `--format json` document.
#[derive(Debug, Serialize)]
pub struct Sheet {
    pub summary: Summary,
    pub irregularities: Irregularities,
    pub claims: Vec<ClaimDeal>,
    pub standings: Standings,
    pub boards: Vec<Board>,
}

#[derive(Debug, Serialize)]
pub struct Summary {
    pub files: usize,
    pub records: usize,
    /// Records that could not be read (parse errors).
    pub unreadable: usize,
    /// Records read with at least one finding.
    pub with_findings: usize,
    /// Files with a finding or an unreadable record, in input order.
    pub flagged_files: Vec<String>,
    /// Files that could not be opened, with the reason.
    pub unopened: Vec<String>,
}

/// Where a deal is: its file and record, and the tags a director files it by.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Place {
    pub file: String,
    /// 0-based, as in `verify --format json`.
    pub record: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct Irregularities {
    pub rows: Vec<Irregularity>,
    /// Findings per kind, most frequent first.
    pub by_kind: Vec<Count>,
    /// Findings per player (findings that name a seat), most first.
    pub by_player: Vec<Count>,
}

/// One finding.
#[derive(Debug, Clone, Serialize)]
pub struct Irregularity {
    #[serde(flatten)]
    pub place: Place,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trick: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// The fine paid for it, or what it does to the deal (spec/report.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub consequence: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// Where in a JSON document, for sources without line and column.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    pub message: String,
}

#[derive(Debug, Serialize)]
pub struct Count {
    pub name: String,
    pub findings: usize,
}

/// A deal whose claimed results disagree with the rules.
#[derive(Debug, Serialize)]
pub struct ClaimDeal {
    #[serde(flatten)]
    pub place: Place,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    /// Every seat of the table, then the pots (Danish Tarok).
    pub parties: Vec<ClaimParty>,
}

#[derive(Debug, Serialize)]
pub struct ClaimParty {
    pub party: Party,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// What the score sheet says; absent when it says nothing for the party.
    pub claimed: Option<i64>,
    /// What the rules give.
    pub computed: Option<i64>,
}

#[derive(Debug, Serialize)]
pub struct Standings {
    pub sessions: Vec<SessionStanding>,
    /// Over the whole input, one table per variant (scores of different
    /// games are not added up).
    pub overall: Vec<Overall>,
}

#[derive(Debug, Serialize)]
pub struct SessionStanding {
    /// The session's name: its file today.
    pub session: String,
    pub variants: Vec<Variant>,
    /// Deals the engines settled.
    pub deals: usize,
    /// Best first.
    pub players: Vec<PlayerLine>,
    /// Danish Tarok: the pots at the session's start and end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pots: Option<SessionPots>,
    /// The players' totals plus what went into the pots: 0 when the engines
    /// balance.
    pub sum: i64,
}

#[derive(Debug, Serialize)]
pub struct PlayerLine {
    pub player: String,
    /// The seats the player sat at.
    pub seats: Vec<u8>,
    /// Settled deals the player played in (a Danish seat sitting out does
    /// not play).
    pub deals: usize,
    pub total: i64,
    /// `total / deals`, rounded to two decimals; absent without deals.
    pub average: Option<f64>,
}

#[derive(Debug, Serialize)]
pub struct SessionPots {
    /// `[king-pot, pagat-pot]` before the session's first deal.
    pub start: [i64; 2],
    /// `[king-pot, pagat-pot]` after its last deal.
    pub end: [i64; 2],
    /// What the deals paid into (+) or out of (-) the pots, per pot.
    pub paid_in: [i64; 2],
}

#[derive(Debug, Serialize)]
pub struct Overall {
    pub variant: Variant,
    pub players: Vec<OverallLine>,
}

#[derive(Debug, Serialize)]
pub struct OverallLine {
    pub player: String,
    pub sessions: usize,
    pub deals: usize,
    pub total: i64,
    pub average: Option<f64>,
}

/// One deal played at several tables.
#[derive(Debug, Serialize)]
pub struct Board {
    pub variant: Variant,
    /// The `Board` tag, or the place of the first table for identical hands.
    pub board: String,
    /// `board-tag` or `same-hands`.
    pub matched_by: &'static str,
    pub tables: Vec<BoardTable>,
    /// Each seat's average score over the tables.
    pub average: Vec<f64>,
}

#[derive(Debug, Serialize)]
pub struct BoardTable {
    #[serde(flatten)]
    pub place: Place,
    pub players: Vec<String>,
    /// The winning bid with its bidder, the calls and contras.
    pub contract: Option<String>,
    /// Tricks won per seat.
    pub tricks: Vec<u32>,
    /// Each seat's score for the deal (engine totals).
    pub scores: Vec<i64>,
    /// Each seat's score minus the board's average for that seat.
    pub versus_average: Vec<f64>,
}

/// What the report keeps of one record.
#[derive(Debug)]
pub struct Deal {
    pub place: Place,
    /// Index of the session in the input.
    pub session: usize,
    pub variant: Option<Variant>,
    pub names: Vec<String>,
    pub readable: bool,
    pub findings: Vec<Irregularity>,
    pub claim_mismatch: bool,
    pub claim: Vec<(Party, i64)>,
    /// Engine results, when the deal was settled.
    pub settled: Option<Settled>,
    /// Identical hands find each other by this key.
    pub hands: Option<String>,
    pub contract: Option<String>,
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
}

/// One session's name and its deals.
pub struct SessionRun {
    pub name: String,
    pub deals: Vec<Deal>,
}

/// Does `record` start a new session? Today a file is a session, as in
/// `tarok verify`: only the first record of a file starts one. This is the
/// one place to change when sessions become explicit (a session tag,
/// `--independent`).
pub fn starts_session(index_in_file: usize, _record: Option<&Record>) -> bool {
    index_in_file == 0
}

/// Reads and verifies every file (in parallel, reported in order).
pub fn collect(files: &[PathBuf]) -> (Vec<SessionRun>, Vec<String>) {
    let runs: Vec<(Vec<SessionRun>, Option<String>)> =
        files.par_iter().map(|p| collect_file(p)).collect();
    let mut sessions = Vec::new();
    let mut unopened = Vec::new();
    for (runs, error) in runs {
        sessions.extend(runs);
        unopened.extend(error);
    }
    for (i, s) in sessions.iter_mut().enumerate() {
        for d in &mut s.deals {
            d.session = i;
        }
    }
    (sessions, unopened)
}

fn collect_file(path: &Path) -> (Vec<SessionRun>, Option<String>) {
    let name = input::display_name(path);
    let mut sessions: Vec<SessionRun> = Vec::new();
    let mut session = verifier::Session::default();
    let mut index = 0;
    let read = input::read_records(path, |(result, source)| {
        let record = result.as_ref().ok();
        if starts_session(index, record) || sessions.is_empty() {
            session = verifier::Session::default();
            let label = if sessions.is_empty() {
                name.clone()
            } else {
                format!("{name} from deal {}", index + 1)
            };
            sessions.push(SessionRun {
                name: label,
                deals: Vec::new(),
            });
        }
        let deal = match result {
            Ok(record) => {
                let report = verifier::verify(&record, &mut session);
                deal_of(&name, index, &source, &record, &report)
            }
            Err(problems) => unreadable(&name, index, &source, &problems),
        };
        if let Some(s) = sessions.last_mut() {
            s.deals.push(deal);
        }
        index += 1;
    });
    let error = read.err().map(|e| format!("{name}: {e}"));
    (sessions, error)
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
        kind: p.kind,
        rule: p.rule,
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
    Deal {
        findings: problems
            .iter()
            .map(|p| finding(&place, None, &[], source, p))
            .collect(),
        place,
        session: 0,
        variant: None,
        names: Vec::new(),
        readable: false,
        claim_mismatch: false,
        claim: Vec::new(),
        settled: None,
        hands: None,
        contract: None,
    }
}

fn deal_of(
    file: &str,
    index: usize,
    source: &Source,
    record: &Record,
    report: &verifier::Report,
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
    let names = players::names(record);
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
                if let Some(t) = tricks.get_mut(*winner as usize) {
                    *t += 1;
                }
            }
        }
        Settled {
            totals: report.totals.clone(),
            active: (0..seats)
                .map(|s| table.is_none_or(|t| t.is_active(s as u8)))
                .collect(),
            pots: report.pots,
            paid_in,
            tricks,
        }
    });
    Deal {
        place,
        session: 0,
        variant,
        readable: true,
        claim_mismatch: report.problems.iter().any(|p| p.kind == "claim-mismatch"),
        claim: record
            .claim
            .iter()
            .flat_map(|c| c.entries.iter().map(|e| (e.party, e.amount)))
            .collect(),
        hands: hands_key(record),
        contract: contract(record, &names),
        settled,
        names,
        findings,
    }
}

/// What each finding cost: the fines the engine booked for it (payments
/// whose reason starts with "fine", by the finding's seat, under its rule,
/// taken in order), and what it did to the deal (a Danish deal abandoned,
/// DK-FINE-3; a French deal scored 0, FR-IRREG-2). See spec/report.md.
fn consequences(problems: &[Problem], report: &verifier::Report, rows: &mut [Irregularity]) {
    let mut used = vec![false; report.ledger.len()];
    let abandoned_by = report.events.iter().find_map(|e| match e {
        verifier::Event::Rule { rule, text, .. } if *rule == "DK-FINE-3" => text
            .split_once('(')
            .and_then(|(_, r)| r.split_once(')'))
            .map(|(r, _)| r.to_owned()),
        _ => None,
    });
    // A French deal that scores 0: irregular (FR-IRREG-2) or void
    // (FR-SCORE-8: a bare petit, a wrong deal, four passes).
    let french_zero = report.events.iter().find_map(|e| match e {
        verifier::Event::Rule { rule, .. } if matches!(*rule, "FR-IRREG-2" | "FR-SCORE-8") => {
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
        if !abandon_told && p.rule.is_some() && abandoned_by.as_deref() == p.rule {
            abandon_told = true;
            parts.push("deal abandoned (DK-FINE-3)".into());
        }
        if let Some(rule) = french_zero {
            if !matches!(p.kind, "claim-mismatch" | "scores-mismatch") {
                parts.push(format!("deal scores 0 ({rule})"));
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
/// the same deal was played there.
fn hands_key(record: &Record) -> Option<String> {
    if record.hands.is_empty() {
        return None;
    }
    let mut hands: Vec<(u8, Vec<notation::Card>)> = record
        .hands
        .iter()
        .map(|h| {
            let mut cards: Vec<_> = h.cards.iter().map(|i| i.card).collect();
            cards.sort();
            (h.seat, cards)
        })
        .collect();
    hands.sort();
    let mut key = format!("{:?}", record.variant());
    for (seat, cards) in hands {
        key.push_str(&format!("|{seat}:"));
        for c in cards {
            key.push_str(&c.to_string());
            key.push(' ');
        }
    }
    if let Some(talon) = &record.talon {
        let mut cards: Vec<_> = talon.cards.iter().map(|i| i.card).collect();
        cards.sort();
        key.push_str("|talon:");
        for c in cards {
            key.push_str(&c.to_string());
            key.push(' ');
        }
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

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn average(total: i64, deals: usize) -> Option<f64> {
    (deals > 0).then(|| round2(total as f64 / deals as f64))
}

/// Who a seat is in standings: the name, or the seat within its session.
fn player_key(names: &[String], seat: u8, session: &str) -> (String, bool) {
    match players::name(names, seat) {
        Some(n) => (n.to_owned(), true),
        None => (format!("seat {seat} ({session})"), false),
    }
}

impl Sheet {
    pub fn build(sessions: &[SessionRun], files: usize, unopened: Vec<String>) -> Sheet {
        let deals: Vec<&Deal> = sessions.iter().flat_map(|s| &s.deals).collect();
        Sheet {
            summary: summary(&deals, files, unopened),
            irregularities: irregularities(&deals, sessions),
            claims: claims(&deals),
            standings: standings(sessions),
            boards: boards(&deals),
        }
    }

    /// Whether anything was found: the exit code's ground.
    pub fn has_findings(&self) -> bool {
        !self.irregularities.rows.is_empty()
    }
}

fn summary(deals: &[&Deal], files: usize, unopened: Vec<String>) -> Summary {
    let mut flagged_files: Vec<String> = Vec::new();
    for d in deals {
        if (!d.readable || !d.findings.is_empty())
            && flagged_files.last() != Some(&d.place.file)
            && !flagged_files.contains(&d.place.file)
        {
            flagged_files.push(d.place.file.clone());
        }
    }
    Summary {
        files,
        records: deals.len(),
        unreadable: deals.iter().filter(|d| !d.readable).count(),
        with_findings: deals
            .iter()
            .filter(|d| d.readable && !d.findings.is_empty())
            .count(),
        flagged_files,
        unopened,
    }
}

fn counted(map: BTreeMap<String, usize>) -> Vec<Count> {
    let mut v: Vec<Count> = map
        .into_iter()
        .map(|(name, findings)| Count { name, findings })
        .collect();
    v.sort_by(|a, b| b.findings.cmp(&a.findings).then(a.name.cmp(&b.name)));
    v
}

fn irregularities(deals: &[&Deal], sessions: &[SessionRun]) -> Irregularities {
    let mut rows: Vec<Irregularity> = Vec::new();
    let mut by_kind = BTreeMap::new();
    let mut by_player = BTreeMap::new();
    for d in deals {
        for f in &d.findings {
            *by_kind.entry(f.kind.to_owned()).or_insert(0) += 1;
            if let Some(seat) = f.seat {
                let (key, _) = player_key(&d.names, seat, &sessions[d.session].name);
                *by_player.entry(key).or_insert(0) += 1;
            }
            rows.push(f.clone());
        }
    }
    // Sorted by file and record; a record's findings stay in the order the
    // rules found them.
    rows.sort_by(|a, b| {
        (a.place.file.as_str(), a.place.record).cmp(&(b.place.file.as_str(), b.place.record))
    });
    Irregularities {
        rows,
        by_kind: counted(by_kind),
        by_player: counted(by_player),
    }
}

fn claims(deals: &[&Deal]) -> Vec<ClaimDeal> {
    deals
        .iter()
        .filter(|d| d.claim_mismatch)
        .filter_map(|d| {
            let s = d.settled.as_ref()?;
            let claimed = |party: Party| {
                d.claim
                    .iter()
                    .find(|(p, _)| *p == party)
                    .map(|(_, amount)| *amount)
            };
            let mut parties: Vec<ClaimParty> = (0..s.totals.len())
                .map(|seat| {
                    let party = Party::Seat(seat as u8);
                    ClaimParty {
                        party,
                        player: players::name(&d.names, seat as u8).map(str::to_owned),
                        claimed: claimed(party),
                        computed: Some(s.totals[seat]),
                    }
                })
                .collect();
            if let Some(pots) = s.pots {
                for (i, pot) in [Pot::King, Pot::Pagat].into_iter().enumerate() {
                    let party = Party::Pot(pot);
                    parties.push(ClaimParty {
                        party,
                        player: None,
                        claimed: claimed(party),
                        computed: Some(pots[i]),
                    });
                }
            }
            Some(ClaimDeal {
                place: d.place.clone(),
                variant: d.variant,
                parties,
            })
        })
        .collect()
}

#[derive(Default)]
struct Tally {
    seats: Vec<u8>,
    deals: usize,
    total: i64,
    sessions: usize,
    last_session: Option<usize>,
}

fn standings(sessions: &[SessionRun]) -> Standings {
    let mut out = Vec::new();
    // Per variant, in order of first appearance.
    let mut overall: Vec<(Variant, BTreeMap<String, Tally>)> = Vec::new();
    for (i, session) in sessions.iter().enumerate() {
        let mut lines: BTreeMap<String, Tally> = BTreeMap::new();
        let mut variants: Vec<Variant> = Vec::new();
        let mut deals = 0;
        let mut pots: Option<SessionPots> = None;
        let mut sum = 0;
        for d in &session.deals {
            let (Some(s), Some(variant)) = (&d.settled, d.variant) else {
                continue;
            };
            deals += 1;
            if !variants.contains(&variant) {
                variants.push(variant);
            }
            let at = match overall.iter().position(|(v, _)| *v == variant) {
                Some(at) => at,
                None => {
                    overall.push((variant, BTreeMap::new()));
                    overall.len() - 1
                }
            };
            for (seat, total) in s.totals.iter().enumerate() {
                let seat = seat as u8;
                let active = s.active.get(seat as usize).copied().unwrap_or(true);
                // In its session an unnamed player is the seat; over the
                // whole input, the seat of that session.
                let (key, named) = player_key(&d.names, seat, &session.name);
                let local = if named {
                    key.clone()
                } else {
                    format!("seat {seat}")
                };
                for line in [
                    lines.entry(local).or_default(),
                    overall[at].1.entry(key).or_default(),
                ] {
                    line.total += total;
                    line.deals += usize::from(active);
                    if !line.seats.contains(&seat) {
                        line.seats.push(seat);
                    }
                    if line.last_session != Some(i) {
                        line.last_session = Some(i);
                        line.sessions += 1;
                    }
                }
                sum += total;
            }
            if let Some(after) = s.pots {
                let before = [after[0] - s.paid_in[0], after[1] - s.paid_in[1]];
                let p = pots.get_or_insert(SessionPots {
                    start: before,
                    end: after,
                    paid_in: [0, 0],
                });
                p.end = after;
                p.paid_in[0] += s.paid_in[0];
                p.paid_in[1] += s.paid_in[1];
                sum += s.paid_in[0] + s.paid_in[1];
            }
        }
        let mut players: Vec<PlayerLine> = lines
            .into_iter()
            .map(|(player, mut t)| {
                t.seats.sort_unstable();
                PlayerLine {
                    player,
                    seats: t.seats,
                    deals: t.deals,
                    total: t.total,
                    average: average(t.total, t.deals),
                }
            })
            .collect();
        players.sort_by(|a, b| b.total.cmp(&a.total).then(a.player.cmp(&b.player)));
        out.push(SessionStanding {
            session: session.name.clone(),
            variants,
            deals,
            players,
            pots,
            sum,
        });
    }
    let overall = overall
        .into_iter()
        .map(|(variant, lines)| {
            let mut players: Vec<OverallLine> = lines
                .into_iter()
                .map(|(player, t)| OverallLine {
                    player,
                    sessions: t.sessions,
                    deals: t.deals,
                    total: t.total,
                    average: average(t.total, t.deals),
                })
                .collect();
            players.sort_by(|a, b| b.total.cmp(&a.total).then(a.player.cmp(&b.player)));
            Overall { variant, players }
        })
        .collect();
    Standings {
        sessions: out,
        overall,
    }
}

fn place_label(place: &Place) -> String {
    format!("{} deal {}", place.file, place.record + 1)
}

fn boards(deals: &[&Deal]) -> Vec<Board> {
    // Key: variant, then the Board tag or the hands. BTreeMap keeps the
    // order stable; boards are then listed in order of first appearance.
    let mut groups: BTreeMap<(&'static str, bool, String), Vec<&Deal>> = BTreeMap::new();
    for d in deals {
        let (Some(variant), Some(_)) = (d.variant, &d.settled) else {
            continue;
        };
        let key = match (&d.place.board, &d.hands) {
            (Some(b), _) => (variant.name(), true, b.clone()),
            (None, Some(h)) => (variant.name(), false, h.clone()),
            _ => continue,
        };
        groups.entry(key).or_default().push(d);
    }
    let mut boards: Vec<((usize, usize), Board)> = groups
        .into_iter()
        .filter(|(_, g)| g.len() > 1)
        .filter_map(|((_, by_tag, key), g)| {
            let variant = g[0].variant?;
            let seats = g
                .iter()
                .filter_map(|d| d.settled.as_ref().map(|s| s.totals.len()))
                .max()
                .unwrap_or(0);
            let average: Vec<f64> = (0..seats)
                .map(|seat| {
                    let scores: Vec<i64> = g
                        .iter()
                        .filter_map(|d| d.settled.as_ref()?.totals.get(seat).copied())
                        .collect();
                    round2(scores.iter().sum::<i64>() as f64 / scores.len().max(1) as f64)
                })
                .collect();
            let tables = g
                .iter()
                .map(|d| {
                    let s = d.settled.as_ref().expect("grouped deals are settled");
                    BoardTable {
                        place: d.place.clone(),
                        players: d.names.clone(),
                        contract: d.contract.clone(),
                        tricks: s.tricks.clone(),
                        scores: s.totals.clone(),
                        versus_average: s
                            .totals
                            .iter()
                            .zip(&average)
                            .map(|(t, a)| round2(*t as f64 - a))
                            .collect(),
                    }
                })
                .collect();
            let first = g
                .iter()
                .map(|d| (d.session, d.place.record))
                .min()
                .unwrap_or_default();
            let board = if by_tag {
                key
            } else {
                format!("same hands as {}", place_label(&g[0].place))
            };
            Some((
                first,
                Board {
                    variant,
                    board,
                    matched_by: if by_tag { "board-tag" } else { "same-hands" },
                    tables,
                    average,
                },
            ))
        })
        .collect();
    boards.sort_by_key(|(first, _)| *first);
    boards.into_iter().map(|(_, b)| b).collect()
}
