//! From the deals to the parts of the report, deal by deal ([`Builder`]).

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};

use notation::{Party, Pot, Seat, Variant};

use super::lineup::{self, Register};
use super::list::{self, List};
use super::pairs::{Pairs, Sorted};
use super::{
    Board, BoardTable, Boards, ClaimCount, ClaimDeal, ClaimParty, Count, Deal, DuplicateLine,
    DuplicateStanding, Header, Irregularities, Irregularity, LineupFinding, Overall, OverallLine,
    Place, PlayerKind, PlayerLine, RoundLine, RoundStanding, RulingRow, SessionPots,
    SessionStanding, Sheet, Standings, Summary, TableDeal, TableSheet, Tables, Unchecked,
};
use crate::players;

/// Rounds and tables in a director's order: numbers by value, then other
/// names, `-` (no tag) last.
pub(super) fn natural(name: &str) -> (u8, i64, String) {
    match (name, name.trim().parse::<i64>()) {
        ("-", _) => (2, 0, String::new()),
        (_, Ok(n)) => (0, n, String::new()),
        _ => (1, 0, name.to_owned()),
    }
}

/// `1`, `2`, `3=`, `3=`, `5` for values best first (ties share a rank).
pub(super) fn ranks<T: PartialEq>(sorted: &[T]) -> Vec<String> {
    (0..sorted.len())
        .map(|i| {
            let first = sorted.iter().position(|v| *v == sorted[i]).unwrap_or(i);
            let tied = sorted.iter().filter(|v| **v == sorted[i]).count() > 1;
            format!("{}{}", first + 1, if tied { "=" } else { "" })
        })
        .collect()
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn average(total: i64, deals: usize) -> Option<f64> {
    (deals > 0).then(|| round2(total as f64 / deals as f64))
}

/// Who a seat is in standings: the name, or the seat within its session.
fn player_key(names: &[String], seat: Seat, session: &str) -> (String, bool) {
    match players::name(names, seat) {
        Some(n) => (lineup::normal(n), true),
        None => (format!("seat {seat} ({session})"), false),
    }
}

/// Where a table's sheet is shown: by round, then table ([`natural`]).
type TableKey = ((u8, i64, String), (u8, i64, String));

/// What a report is built from, in input order: each session as it opens,
/// then its deals ([`super::collect`] hands them on as they are verified).
pub trait Sink {
    fn session(&mut self, name: String);
    fn deal(&mut self, d: Deal);
}

/// Distinct values in order of first appearance.
#[derive(Default)]
struct Distinct {
    seen: HashSet<String>,
    list: Vec<String>,
}

impl Distinct {
    fn add(&mut self, v: Option<&String>) {
        if let Some(v) = v.filter(|v| !self.seen.contains(*v)) {
            self.seen.insert(v.clone());
            self.list.push(v.clone());
        }
    }
}

/// The session being read: what its standings and its table's sheet add
/// up.
#[derive(Default)]
struct Open {
    name: String,
    lines: BTreeMap<String, Tally>,
    variants: Vec<Variant>,
    deals: usize,
    unsettled: usize,
    unreadable: usize,
    pots: Option<SessionPots>,
    sum: i64,
    /// The first deal read: the sheet's round, table and players.
    first: Option<(Option<String>, Option<String>, Vec<String>)>,
    totals: Vec<i64>,
    errors: usize,
    table_deals: usize,
    deals_at: u64,
}

/// A deal that may have been played at several tables (settled, with a
/// `Board` tag or hands): kept on disk, its key's hash in memory.
#[derive(Serialize, Deserialize)]
struct Candidate {
    variant: Variant,
    place: Place,
    hands: Option<Vec<u128>>,
    session: usize,
    names: Vec<String>,
    contract: Option<String>,
    tricks: Vec<u32>,
    totals: Vec<i64>,
}

/// How deals played at several tables find each other: the variant, then
/// the `Board` tag or the hands.
#[derive(PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Same {
    Board(String),
    Hands(Vec<u128>),
}

impl Candidate {
    fn key(&self) -> Option<(&'static str, Same)> {
        match (&self.place.board, &self.hands) {
            (Some(b), _) => Some((self.variant.name(), Same::Board(b.clone()))),
            (None, Some(h)) => Some((self.variant.name(), Same::Hands(h.clone()))),
            _ => None,
        }
    }
}

fn hash_of(key: &impl std::hash::Hash) -> u64 {
    use std::hash::Hasher;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    key.hash(&mut h);
    h.finish()
}

/// The report, built deal by deal (issue 23): what grows with the deals
/// goes to [`List`]s (memory, then an unnamed file); what is kept in
/// memory grows with the players, rounds, tables, files and sessions (and
/// 8 bytes a deal that may be a board played at several tables).
pub struct Builder<'r> {
    register: Option<&'r Register>,
    open: Option<Open>,
    sessions: usize,
    events: Distinct,
    sites: Distinct,
    dates: Distinct,
    rounds: Distinct,
    records: usize,
    unreadable: usize,
    settled: usize,
    with_findings: usize,
    claim_count: ClaimCount,
    flagged: Vec<String>,
    flagged_seen: HashSet<String>,
    not_checked: List<Unchecked>,
    rows: List<Irregularity>,
    /// Runs of rows of one file: the file, the mark of the first, how many.
    segments: Vec<(String, u64, usize)>,
    bad_tag: bool,
    by_kind: BTreeMap<String, usize>,
    by_player: BTreeMap<String, usize>,
    by_player_kind: BTreeMap<(String, String), (usize, Vec<String>)>,
    claims: List<ClaimDeal>,
    overall: Vec<(Variant, BTreeMap<String, Tally>)>,
    rounds_of: Vec<Vec<String>>,
    by_round: Vec<(Variant, String, BTreeMap<String, Tally>)>,
    standings: List<SessionStanding>,
    tables: Tables,
    /// Each table sheet's place in the order shown (round, table) and its
    /// mark; the last key, and whether they came in that order so far.
    table_keys: List<(TableKey, u64)>,
    last_key: Option<TableKey>,
    keys_sorted: bool,
    rulings: List<RulingRow>,
    lineup: lineup::Lineup,
    candidates: List<Candidate>,
    /// Each candidate's key hash and mark in `candidates`.
    pairs: Pairs,
    /// Round lines given a number so far.
    lines: u64,
    /// Each round line's tables as its deals came: (line, table), once per
    /// run of deals at one table.
    seated: List<(u64, String)>,
    /// Their `(line, table)` hash and mark in `seated`.
    seats_at: Pairs,
}

impl Sink for Builder<'_> {
    fn session(&mut self, name: String) {
        self.close();
        self.sessions += 1;
        self.open = Some(Open {
            name,
            deals_at: self.tables.deals.mark(),
            ..Open::default()
        });
    }

    fn deal(&mut self, mut d: Deal) {
        if self.open.is_none() {
            self.session(d.place.file.clone());
        }
        d.session = self.sessions - 1;
        self.header(&d);
        self.summary(&d);
        self.not_checked(&d);
        self.irregularities(&d);
        self.claim(&d);
        self.standings(&d);
        self.table(&d);
        for r in &d.rulings {
            self.rulings.push(r);
        }
        self.lineup.deal(&d);
        self.candidate(&d);
    }
}

impl<'r> Builder<'r> {
    pub fn new(register: Option<&'r Register>) -> Builder<'r> {
        Builder {
            register,
            open: None,
            sessions: 0,
            events: Distinct::default(),
            sites: Distinct::default(),
            dates: Distinct::default(),
            rounds: Distinct::default(),
            records: 0,
            unreadable: 0,
            settled: 0,
            with_findings: 0,
            claim_count: ClaimCount::default(),
            flagged: Vec::new(),
            flagged_seen: HashSet::new(),
            not_checked: List::new(),
            rows: List::new(),
            segments: Vec::new(),
            bad_tag: false,
            by_kind: BTreeMap::new(),
            by_player: BTreeMap::new(),
            by_player_kind: BTreeMap::new(),
            claims: List::new(),
            overall: Vec::new(),
            rounds_of: Vec::new(),
            by_round: Vec::new(),
            standings: List::new(),
            tables: Tables::default(),
            table_keys: List::new(),
            last_key: None,
            keys_sorted: true,
            rulings: List::new(),
            lineup: lineup::Lineup::default(),
            candidates: List::new(),
            pairs: Pairs::default(),
            lines: 0,
            seated: List::new(),
            seats_at: Pairs::default(),
        }
    }

    fn header(&mut self, d: &Deal) {
        self.events.add(d.place.event.as_ref());
        self.sites.add(d.site.as_ref());
        self.dates.add(d.date.as_ref());
        self.rounds.add(d.place.round.as_ref());
    }

    fn summary(&mut self, d: &Deal) {
        if (!d.readable || !d.findings.is_empty()) && !self.flagged_seen.contains(&d.place.file) {
            self.flagged_seen.insert(d.place.file.clone());
            self.flagged.push(d.place.file.clone());
        }
        self.records += 1;
        self.unreadable += usize::from(!d.readable);
        self.settled += usize::from(d.settled.is_some());
        self.with_findings += usize::from(d.readable && !d.findings.is_empty());
        let c = &mut self.claim_count;
        c.compared += usize::from(d.has_claim && d.settled.is_some());
        c.disagree += usize::from(d.claim_mismatch && d.settled.is_some());
        c.not_compared += usize::from(d.has_claim && d.settled.is_none());
    }

    /// Per deal, the record unreadable or the deal not settled.
    fn not_checked(&mut self, d: &Deal) {
        let (what, (kind, reason)) = match (d.readable, &d.settled) {
            (_, Some(_)) => return,
            (false, None) => {
                let first = d.findings.first();
                let more = d.findings.len().saturating_sub(1);
                let mut reason = first.map_or_else(|| "not read".to_owned(), |f| f.message.clone());
                if more > 0 {
                    reason.push_str(&format!(" (and {more} more finding(s))"));
                }
                ("record", (first.map(|f| f.kind), reason))
            }
            (true, None) => ("deal", why_unsettled(d)),
        };
        self.not_checked.push(&Unchecked {
            file: d.place.file.clone(),
            record: Some(d.place.record),
            what,
            kind,
            reason,
            claim_not_compared: d.has_claim,
        });
    }

    fn irregularities(&mut self, d: &Deal) {
        if d.findings.is_empty() {
            return;
        }
        match self.segments.last_mut() {
            Some(s) if s.0 == d.place.file => s.2 += d.findings.len(),
            _ => self
                .segments
                .push((d.place.file.clone(), self.rows.mark(), d.findings.len())),
        }
        let session = self.open.as_ref().map_or("", |s| s.name.as_str());
        for f in &d.findings {
            *self.by_kind.entry(f.kind.to_owned()).or_insert(0) += 1;
            self.bad_tag |= f.kind == "bad-tag";
            // A score-sheet error is the table's, not a player's.
            let sheet = matches!(
                f.kind,
                "claim-mismatch" | "scores-mismatch" | "result-mismatch" | "bad-result"
            );
            if let (Some(seat), false) = (f.seat, sheet) {
                let (key, _) = player_key(&d.names, seat, session);
                *self.by_player.entry(key.clone()).or_insert(0) += 1;
                let e = self
                    .by_player_kind
                    .entry((key, f.kind.to_owned()))
                    .or_default();
                e.0 += 1;
                if let Some(c) = &f.consequence {
                    if !e.1.contains(c) {
                        e.1.push(c.clone());
                    }
                }
            }
            self.rows.push(f);
        }
    }

    fn claim(&mut self, d: &Deal) {
        if !d.claim_mismatch {
            return;
        }
        let Some(s) = d.settled.as_ref() else { return };
        let claimed = |party: Party| {
            d.claim
                .iter()
                .find(|(p, _)| *p == party)
                .map(|(_, amount)| *amount)
        };
        let mut parties: Vec<ClaimParty> = Seat::all(s.totals.len() as u8)
            .map(|seat| {
                let party = Party::Seat(seat);
                ClaimParty {
                    party,
                    player: players::name(&d.names, seat).map(str::to_owned),
                    claimed: claimed(party),
                    computed: Some(s.totals[seat.index()]),
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
        self.claims.push(&ClaimDeal {
            place: d.place.clone(),
            variant: d.variant,
            parties,
            ruled: s.totals != s.computed,
        });
    }

    fn standings(&mut self, d: &Deal) {
        let i = self.sessions - 1;
        let Some(open) = self.open.as_mut() else {
            return;
        };
        let (Some(s), Some(variant)) = (&d.settled, d.variant) else {
            if d.readable {
                open.unsettled += 1;
            } else {
                open.unreadable += 1;
            }
            return;
        };
        open.deals += 1;
        if !open.variants.contains(&variant) {
            open.variants.push(variant);
        }
        let at = match self.overall.iter().position(|(v, _)| *v == variant) {
            Some(at) => at,
            None => {
                self.overall.push((variant, BTreeMap::new()));
                self.rounds_of.push(Vec::new());
                self.overall.len() - 1
            }
        };
        let round = round_name(d);
        let r = match self.rounds_of[at].iter().position(|x| *x == round) {
            Some(r) => r,
            None => {
                self.rounds_of[at].push(round.clone());
                self.rounds_of[at].len() - 1
            }
        };
        let rb = match self
            .by_round
            .iter()
            .position(|(v, x, _)| *v == variant && *x == round)
        {
            Some(rb) => rb,
            None => {
                self.by_round
                    .push((variant, round.clone(), BTreeMap::new()));
                self.by_round.len() - 1
            }
        };
        let table = d.place.table.clone().unwrap_or_else(|| open.name.clone());
        for (seat, total) in s.totals.iter().enumerate() {
            let active = s.active.get(seat).copied().unwrap_or(true);
            let seat = Seat::new(seat as u8);
            // In its session an unnamed player is the seat; over the
            // whole input, the seat of that session.
            let (key, named) = player_key(&d.names, seat, &open.name);
            let local = if named {
                key.clone()
            } else {
                format!("seat {seat}")
            };
            for line in [
                open.lines.entry(local).or_default(),
                self.overall[at].1.entry(key.clone()).or_default(),
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
            if let Some(t) = self.overall[at].1.get_mut(&key) {
                *t.per_round.entry(r).or_default() += total;
            }
            let line = self.by_round[rb].2.entry(key).or_default();
            line.total += total;
            line.deals += usize::from(active);
            // A table once per run of deals there; each name's first
            // appearance found once every deal is read (`round_tables`).
            if line.last_table.as_deref() != Some(table.as_str()) {
                let id = *line.id.get_or_insert_with(|| {
                    self.lines += 1;
                    self.lines - 1
                });
                self.seats_at
                    .push((hash_of(&(id, &table)), self.seated.mark()));
                self.seated.push(&(id, table.clone()));
                line.last_table = Some(table.clone());
            }
            open.sum += total;
        }
        if let Some(after) = s.pots {
            let before = [after[0] - s.paid_in[0], after[1] - s.paid_in[1]];
            let p = open.pots.get_or_insert(SessionPots {
                start: before,
                end: after,
                paid_in: [0, 0],
            });
            p.end = after;
            p.paid_in[0] += s.paid_in[0];
            p.paid_in[1] += s.paid_in[1];
            open.sum += s.paid_in[0] + s.paid_in[1];
        }
    }

    /// The deal's row of its table's sheet.
    fn table(&mut self, d: &Deal) {
        let Some(open) = self.open.as_mut() else {
            return;
        };
        if !d.readable {
            return;
        }
        if open.first.is_none() {
            open.first = Some((
                d.place.round.clone(),
                d.place.table.clone(),
                d.names.to_vec(),
            ));
        }
        let scores = d
            .settled
            .as_ref()
            .map(|x| x.totals.clone())
            .unwrap_or_default();
        if open.totals.len() < scores.len() {
            open.totals.resize(scores.len(), 0);
        }
        for (t, v) in open.totals.iter_mut().zip(&scores) {
            *t += v;
        }
        let result = match (d.settled.as_ref(), d.declarer) {
            (None, _) => "not settled".to_owned(),
            (Some(x), Some(seat)) => match x.totals.get(seat.index()) {
                Some(v) if *v > 0 => "made".into(),
                Some(v) if *v < 0 => "lost".into(),
                _ => "0".into(),
            },
            (Some(_), None) => String::new(),
        };
        // A stated result the cards contradict, or that cannot be, is the
        // score sheet's error too (issue 26).
        let result_error = d
            .findings
            .iter()
            .any(|f| matches!(f.kind, "result-mismatch" | "bad-result"));
        let score_sheet = match (d.has_claim, d.settled.is_some()) {
            _ if result_error => {
                open.errors += 1;
                Some("disagrees")
            }
            (true, true) if d.claim_mismatch => {
                open.errors += 1;
                Some("disagrees")
            }
            (true, true) => Some("agrees"),
            _ => None,
        };
        open.table_deals += 1;
        self.tables.deals.push(&TableDeal {
            record: d.place.record,
            board: d.place.board.clone(),
            contract: d.bid.clone(),
            declarer: d.declarer,
            result,
            ruled: d.settled.as_ref().is_some_and(|x| x.totals != x.computed),
            scores,
            score_sheet,
        });
    }

    fn candidate(&mut self, d: &Deal) {
        let (Some(variant), Some(s)) = (d.variant, &d.settled) else {
            return;
        };
        let c = Candidate {
            variant,
            place: d.place.clone(),
            hands: d.hands.clone(),
            session: d.session,
            names: d.names.to_vec(),
            contract: d.contract.clone(),
            tricks: s.tricks.clone(),
            totals: s.totals.clone(),
        };
        let Some(key) = c.key() else { return };
        self.pairs.push((hash_of(&key), self.candidates.mark()));
        self.candidates.push(&c);
    }

    /// The open session ends: its standings and its table's sheet.
    fn close(&mut self) {
        let Some(open) = self.open.take() else {
            return;
        };
        let mut players: Vec<PlayerLine> = open
            .lines
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
        self.standings.push(&SessionStanding {
            session: open.name.clone(),
            variants: open.variants,
            deals: open.deals,
            unsettled: open.unsettled,
            unreadable: open.unreadable,
            players,
            pots: open.pots,
            sum: open.sum,
        });
        let (round, table, players) = open.first.unwrap_or_default();
        let key = (
            natural(round.as_deref().unwrap_or("-")),
            natural(table.as_deref().unwrap_or("-")),
        );
        if self.last_key.as_ref().is_some_and(|last| *last > key) {
            self.keys_sorted = false;
        }
        self.table_keys
            .push(&(key.clone(), self.tables.sheets.mark()));
        self.last_key = Some(key);
        self.tables.sheets.push(&TableSheet {
            session: open.name.clone(),
            round,
            table,
            players,
            deals_at: open.deals_at,
            deals: open.table_deals,
            totals: open.totals,
            score_sheet_errors: open.errors,
        });
        self.lineup.close(&open.name);
    }

    /// The report of every deal handed on; `files` files were read,
    /// `unopened` are the paths that could not be (`path: why`).
    pub fn finish(mut self, files: usize, unopened: Vec<String>) -> Sheet {
        self.close();
        let (boards, differ, duplicate) = boards(&self.candidates, self.pairs);
        let mut lineup = self.lineup.finish(self.register);
        lineup.extend(differ);
        // By round, then table; in input order where the tags say nothing.
        // Read in that order (one table, or no tags): nothing to sort.
        if !self.keys_sorted {
            let mut keys: Vec<(TableKey, u64)> = self.table_keys.iter().collect();
            keys.sort_by(|a, b| a.0.cmp(&b.0));
            self.tables.order = Some(keys.into_iter().map(|(_, at)| at).collect());
        }
        let mut rounds = self.rounds.list;
        rounds.sort_by_key(|r| natural(r));
        let unsettled = self.records - self.unreadable - self.settled;
        Sheet {
            lang: super::Lang::default(),
            header: Header {
                events: self.events.list,
                sites: self.sites.list,
                dates: self.dates.list,
                rounds,
                tool: format!("tarok {}", env!("CARGO_PKG_VERSION")),
                register: self.register.map(|r| r.names.len()),
            },
            not_checked: not_checked(self.not_checked, &unopened),
            summary: Summary {
                files,
                records: self.records,
                unreadable: self.unreadable,
                with_findings: self.with_findings,
                settled: self.settled,
                unsettled,
                claims: self.claim_count,
                all_checked: unopened.is_empty() && self.unreadable == 0 && unsettled == 0,
                flagged_files: self.flagged,
                unopened,
            },
            irregularities: irregularities(
                sorted_rows(self.rows, &self.segments),
                self.bad_tag,
                self.by_kind,
                self.by_player,
                self.by_player_kind,
            ),
            claims: self.claims,
            standings: standings(
                self.standings,
                self.overall,
                self.rounds_of,
                self.by_round,
                round_tables(&self.seated, self.seats_at),
            ),
            tables: self.tables,
            rulings: self.rulings,
            lineup,
            boards,
            duplicate,
        }
    }
}

impl Sheet {
    /// Whether anything was found: the exit code's ground (a line-up
    /// warning is not).
    pub fn has_findings(&self) -> bool {
        !self.irregularities.rows.is_empty() || self.lineup.iter().any(|l| l.severity == "finding")
    }
}

/// Why a deal read was not settled: the finding that stopped the engine
/// (the record stops early, pots not known, a tag or option that cannot be
/// read), else the first finding.
fn why_unsettled(d: &Deal) -> (Option<&'static str>, String) {
    const STOPS: [&str; 3] = ["incomplete", "pots-unknown", "bad-tag"];
    let stop = STOPS
        .iter()
        .find_map(|k| d.findings.iter().find(|f| f.kind == *k))
        .or(d.findings.first());
    match stop {
        Some(f) => (Some(f.kind), f.message.clone()),
        None => (
            None,
            "the rules engine did not settle the deal (no finding says why)".into(),
        ),
    }
}

/// What was not checked, in input order: the paths not read, then per
/// deal the records unreadable and the deals not settled.
fn not_checked(deals: List<Unchecked>, unopened: &[String]) -> List<Unchecked> {
    if unopened.is_empty() {
        return deals;
    }
    let mut rows = List::new();
    for u in unopened {
        // `path: why`; the reasons hold no `: `, a path may.
        let (file, reason) = u.rsplit_once(": ").unwrap_or((u.as_str(), "not read"));
        rows.push(&Unchecked {
            file: file.to_owned(),
            record: None,
            what: "path",
            kind: None,
            reason: reason.to_owned(),
            claim_not_compared: false,
        });
    }
    for r in deals.iter() {
        rows.push(&r);
    }
    rows
}

/// The findings sorted by file and record (a record's findings stay in
/// the order the rules found them): the runs of one file, in the order of
/// their files' names; runs of one file given twice merged by record. The
/// rows are copied only when the files were not read in that order.
fn sorted_rows(rows: List<Irregularity>, segments: &[(String, u64, usize)]) -> List<Irregularity> {
    if segments.windows(2).all(|w| w[0].0 < w[1].0) {
        return rows;
    }
    let mut order: Vec<usize> = (0..segments.len()).collect();
    order.sort_by(|a, b| segments[*a].0.cmp(&segments[*b].0));
    let mut out = List::new();
    let mut i = 0;
    while i < order.len() {
        let file = &segments[order[i]].0;
        let mut j = i;
        while j < order.len() && segments[order[j]].0 == *file {
            j += 1;
        }
        let mut runs: Vec<std::iter::Peekable<_>> = order[i..j]
            .iter()
            .map(|k| {
                let (_, at, n) = &segments[*k];
                rows.iter_from(*at).take(*n).peekable()
            })
            .collect();
        loop {
            // The smallest record next; the first run on a tie.
            let mut best: Option<(usize, usize)> = None;
            for (k, r) in runs.iter_mut().enumerate() {
                if let Some(row) = r.peek() {
                    if best.is_none_or(|(_, rec)| row.place.record < rec) {
                        best = Some((k, row.place.record));
                    }
                }
            }
            let Some((k, _)) = best else { break };
            if let Some(row) = runs[k].next() {
                out.push(&row);
            }
        }
        i = j;
    }
    out
}

fn counted(map: BTreeMap<String, usize>) -> Vec<Count> {
    let mut v: Vec<Count> = map
        .into_iter()
        .map(|(name, findings)| Count { name, findings })
        .collect();
    v.sort_by(|a, b| b.findings.cmp(&a.findings).then(a.name.cmp(&b.name)));
    v
}

fn irregularities(
    rows: List<Irregularity>,
    bad_tag: bool,
    by_kind: BTreeMap<String, usize>,
    by_player: BTreeMap<String, usize>,
    by_player_kind: BTreeMap<(String, String), (usize, Vec<String>)>,
) -> Irregularities {
    let mut by_player_kind: Vec<PlayerKind> = by_player_kind
        .into_iter()
        .map(|((player, kind), (findings, consequences))| PlayerKind {
            player,
            kind,
            findings,
            consequences,
        })
        .collect();
    // Players in the order of `by_player` (most findings first).
    let order: std::collections::HashMap<String, usize> = counted(by_player.clone())
        .into_iter()
        .enumerate()
        .map(|(i, c)| (c.name, i))
        .collect();
    by_player_kind.sort_by_key(|p| (order.get(&p.player).copied(), std::cmp::Reverse(p.findings)));
    Irregularities {
        rows,
        bad_tag,
        by_kind: counted(by_kind),
        by_player: counted(by_player),
        by_player_kind,
    }
}

#[derive(Default)]
struct Tally {
    seats: Vec<Seat>,
    deals: usize,
    total: i64,
    sessions: usize,
    last_session: Option<usize>,
    /// Total per round (index into the variant's rounds).
    per_round: BTreeMap<usize, i64>,
    /// A round line's number in [`Builder::seated`], given at its first
    /// deal (where the player sat is kept there, not here: as many tables
    /// as sessions without a `Table` tag, issue 23).
    id: Option<u64>,
    /// The table of the line's last deal.
    last_table: Option<String>,
}

/// `-` for a deal without a `Round` tag.
fn round_name(d: &Deal) -> String {
    d.place.round.clone().unwrap_or_else(|| "-".into())
}

type Tallies = BTreeMap<String, Tally>;

fn standings(
    sessions: List<SessionStanding>,
    overall: Vec<(Variant, Tallies)>,
    rounds_of: Vec<Vec<String>>,
    mut by_round: Vec<(Variant, String, Tallies)>,
    mut tables: Vec<List<String>>,
) -> Standings {
    let overall: Vec<Overall> = overall
        .into_iter()
        .zip(rounds_of)
        .map(|((variant, lines), rounds)| {
            let mut order: Vec<usize> = (0..rounds.len()).collect();
            order.sort_by_key(|i| natural(&rounds[*i]));
            let rounds: Vec<String> = order.iter().map(|i| rounds[*i].clone()).collect();
            let mut players: Vec<OverallLine> = lines
                .into_iter()
                .map(|(player, t)| OverallLine {
                    rank: String::new(),
                    player,
                    per_round: order
                        .iter()
                        .map(|r| t.per_round.get(r).copied().unwrap_or(0))
                        .collect(),
                    sessions: t.sessions,
                    deals: t.deals,
                    total: t.total,
                    average: average(t.total, t.deals),
                })
                .collect();
            players.sort_by(|a, b| b.total.cmp(&a.total).then(a.player.cmp(&b.player)));
            let totals: Vec<i64> = players.iter().map(|p| p.total).collect();
            for (p, rank) in players.iter_mut().zip(ranks(&totals)) {
                p.rank = rank;
            }
            Overall {
                variant,
                rounds,
                players,
            }
        })
        .collect();
    let variants: Vec<Variant> = overall.iter().map(|o: &Overall| o.variant).collect();
    by_round.sort_by_key(|(v, r, _)| (variants.iter().position(|x| x == v), natural(r)));
    // A player's total over the named rounds up to `round` (in the natural
    // order the overall table's columns follow).
    let carried = |variant: Variant, player: &str, round: &str| -> i64 {
        overall
            .iter()
            .filter(|o| o.variant == variant)
            .flat_map(|o| {
                let line = o.players.iter().find(|p| p.player == player);
                o.rounds
                    .iter()
                    .zip(line.map(|l| l.per_round.as_slice()).unwrap_or(&[]))
                    .filter(|(r, _)| *r != "-" && natural(r) <= natural(round))
                    .map(|(_, t)| *t)
            })
            .sum()
    };
    let rounds = by_round
        .into_iter()
        .map(|(variant, round, lines)| {
            let mut players: Vec<RoundLine> = lines
                .into_iter()
                .map(|(player, t)| RoundLine {
                    rank: String::new(),
                    cumulative: carried(variant, &player, &round),
                    player,
                    tables: t
                        .id
                        .and_then(|id| tables.get_mut(id as usize))
                        .map(std::mem::take)
                        .unwrap_or_else(List::small),
                    deals: t.deals,
                    total: t.total,
                })
                .collect();
            players.sort_by(|a, b| b.total.cmp(&a.total).then(a.player.cmp(&b.player)));
            let totals: Vec<i64> = players.iter().map(|p| p.total).collect();
            for (p, rank) in players.iter_mut().zip(ranks(&totals)) {
                p.rank = rank;
            }
            RoundStanding {
                variant,
                round,
                players,
            }
        })
        .collect();
    Standings {
        sessions,
        rounds,
        overall,
    }
}

/// Each round line's tables, in the order first seen (the `Table` tag,
/// else the session's name), by line number: the first appearance of each
/// (line, table) found by sorting their hashes, then the firsts sorted by
/// line and order of appearance, so that memory does not grow with the
/// tables (a million sessions without a `Table` tag are a million tables
/// in each player's line).
fn round_tables(seated: &List<(u64, String)>, seats_at: Pairs) -> Vec<List<String>> {
    let by_hash = seats_at.sort();
    let mut firsts = Pairs::default();
    for (start, len) in by_hash.runs() {
        let mut marks = by_hash.iter(start, len).map(|(_, m)| m);
        let Some(first) = marks.next() else { continue };
        if len == 1 {
            firsts.push((0, first));
            continue;
        }
        // A hash of several (line, table): each one's first, kept apart.
        let read = |m| {
            seated
                .get(m)
                .unwrap_or_else(|| list::lost(&"a round line's table is missing"))
        };
        let mut seen = vec![read(first)];
        firsts.push((0, first));
        for m in marks {
            let t = read(m);
            if !seen.contains(&t) {
                seen.push(t);
                firsts.push((0, m));
            }
        }
    }
    drop(by_hash);
    // The firsts in input order, read back in one pass.
    let firsts = firsts.sort();
    let mut out: Vec<List<String>> = Vec::new();
    let mut items = seated.iter();
    for (_, want) in firsts.iter(0, firsts.len()) {
        let (line, table) = loop {
            let at = items.mark();
            match items.next() {
                Some(item) if at == want => break item,
                Some(_) => {}
                None => list::lost(&"a round line's table is missing"),
            }
        };
        let line = line as usize;
        if out.len() <= line {
            out.resize_with(line + 1, List::small);
        }
        out[line].push(&table);
    }
    out
}

pub(super) fn place_label(place: &Place) -> String {
    format!("{} deal {}", place.file, place.record + 1)
}

/// Each seat's scores at the tables of one board, counted: a table's
/// matchpoints for a seat are 2 for each other table whose score for that
/// seat it beats and 1 for each it ties (as bridge does), found from the
/// counts rather than table against table, so that a board played at any
/// number of tables is held in a map per seat of its distinct scores.
#[derive(Default)]
pub(super) struct Field {
    /// Per seat: each score, how many tables scored less, and how many it.
    seats: Vec<BTreeMap<i64, (u32, u32)>>,
    sums: Vec<i64>,
}

impl Field {
    pub(super) fn add(&mut self, scores: &[i64]) {
        if self.seats.len() < scores.len() {
            self.seats.resize_with(scores.len(), BTreeMap::new);
            self.sums.resize(scores.len(), 0);
        }
        for (seat, score) in scores.iter().enumerate() {
            self.seats[seat].entry(*score).or_default().1 += 1;
            self.sums[seat] += score;
        }
    }

    /// Every table added: the counts of lower scores made.
    pub(super) fn close(&mut self) {
        for seat in &mut self.seats {
            let mut below = 0;
            for (less, same) in seat.values_mut() {
                *less = below;
                below += *same;
            }
        }
    }

    /// Each seat's average score over the tables that have the seat.
    pub(super) fn average(&self) -> Vec<f64> {
        self.seats
            .iter()
            .zip(&self.sums)
            .map(|(counts, sum)| {
                let tables: u32 = counts.values().map(|(_, same)| same).sum();
                round2(*sum as f64 / f64::from(tables.max(1)))
            })
            .collect()
    }

    /// A table's matchpoints, seat by seat (after [`Field::close`]).
    pub(super) fn matchpoints(&self, scores: &[i64]) -> Vec<u32> {
        scores
            .iter()
            .zip(&self.seats)
            .map(|(score, seat)| {
                let (less, same) = seat.get(score).copied().unwrap_or_default();
                2 * less + same.saturating_sub(1)
            })
            .collect()
    }
}

/// Per player: boards, matchpoints, top (per variant).
type DuplicateTallies = BTreeMap<String, (usize, u32, u32)>;

/// The boards played at several tables: the deals of one key read back
/// from the candidates' list, as many as there are, in bounded memory.
struct Grouping<'a> {
    list: &'a List<Candidate>,
    boards: Boards,
    /// Each `Board` tag over different cards, with its key's order.
    differ: Vec<((&'static str, String), LineupFinding)>,
    duplicate: Vec<(Variant, DuplicateTallies)>,
}

impl Grouping<'_> {
    fn read(&self, mark: u64) -> Candidate {
        self.list
            .get(mark)
            .unwrap_or_else(|| list::lost(&"a board's deal is missing"))
    }

    /// The deals of one hash (marks in input order): those of one key
    /// sorted together as `(mark of the first, mark)`; a hash shared by
    /// different keys (a collision) is parted by key.
    fn group(&self, run: (&Sorted, u64, u64), out: &mut Pairs) {
        let marks = || run.0.iter(run.1, run.2).map(|(_, m)| m);
        let mut all = marks();
        let Some(first) = all.next() else { return };
        let key = self.read(first).key();
        if all.all(|m| self.read(m).key() == key) {
            for m in marks() {
                out.push((first, m));
            }
            return;
        }
        let mut by_key: BTreeMap<_, Vec<u64>> = BTreeMap::new();
        for m in marks() {
            by_key.entry(self.read(m).key()).or_default().push(m);
        }
        for same in by_key.into_values().filter(|v| v.len() > 1) {
            for m in &same {
                out.push((same[0], *m));
            }
        }
    }

    /// One board: its deals (marks in input order) compared, or a finding
    /// when its `Board` tag names different cards.
    fn board(&mut self, run: (&Sorted, u64, u64)) {
        let marks = || run.0.iter(run.1, run.2).map(|(_, m)| m);
        let Some(first) = marks().next().map(|m| self.read(m)) else {
            return;
        };
        let Some((_, same)) = first.key() else { return };
        let variant = first.variant;
        let mut field = Field::default();
        let mut tables = 0usize;
        let mut dealt = None;
        let mut odd = None;
        for d in marks().map(|m| self.read(m)) {
            tables += 1;
            field.add(&d.totals);
            match (&dealt, &d.hands) {
                (None, Some(h)) => dealt = Some(h.clone()),
                (Some(a), Some(h)) if a != h && odd.is_none() => odd = Some(d.place),
                _ => {}
            }
        }
        if let (Same::Board(b), Some(odd)) = (&same, odd) {
            let places: Vec<String> = marks().map(|m| place_label(&self.read(m).place)).collect();
            self.differ.push((
                (variant.name(), b.clone()),
                LineupFinding {
                    kind: "board-differs",
                    severity: "finding",
                    file: Some(odd.file),
                    record: Some(odd.record),
                    player: None,
                    message: format!(
                        "Board {b} ({}): the tables were dealt different cards ({}): not compared",
                        variant.name(),
                        places.join(", ")
                    ),
                },
            ));
            return;
        }
        field.close();
        let average = field.average();
        let top = 2 * (tables as u32 - 1);
        let (board, matched_by) = match same {
            Same::Board(b) => (b, "board-tag"),
            Same::Hands(_) => (
                format!("same hands as {}", place_label(&first.place)),
                "same-hands",
            ),
        };
        let at = match self.duplicate.iter().position(|(v, _)| *v == variant) {
            Some(at) => at,
            None => {
                self.duplicate.push((variant, BTreeMap::new()));
                self.duplicate.len() - 1
            }
        };
        for m in marks() {
            let d = self.read(m);
            let mp = field.matchpoints(&d.totals);
            for (seat, mp) in Seat::all(mp.len() as u8).zip(mp.iter()) {
                let Some(name) = players::name(&d.names, seat) else {
                    continue;
                };
                let e = self.duplicate[at]
                    .1
                    .entry(lineup::normal(name))
                    .or_default();
                e.0 += 1;
                e.1 += mp;
                e.2 += top;
            }
            self.boards.tables.push(&BoardTable {
                place: d.place,
                players: d.names,
                contract: d.contract,
                tricks: d.tricks,
                versus_average: d
                    .totals
                    .iter()
                    .zip(&average)
                    .map(|(t, a)| round2(*t as f64 - a))
                    .collect(),
                scores: d.totals,
                percent: mp
                    .iter()
                    .map(|m| round2(f64::from(*m) * 100.0 / f64::from(top)))
                    .collect(),
                matchpoints: mp,
            });
        }
        self.boards.heads.push(&Board {
            variant,
            board,
            matched_by,
            tables,
            top,
            average,
        });
    }
}

/// The boards played at several tables, compared, in order of their first
/// table; a finding for each `Board` tag over different cards (those tables
/// are not compared), by variant and tag; and per variant and player, the
/// matchpoints of every board compared. `pairs` holds each candidate's key
/// hash and mark in `list`. Memory: the sorts' chunks, and per board in
/// turn the distinct scores of each seat (spec/report.md).
fn boards(
    list: &List<Candidate>,
    pairs: Pairs,
) -> (Boards, Vec<LineupFinding>, Vec<DuplicateStanding>) {
    let by_hash = pairs.sort();
    // The deals of one key, as (first deal, deal): only keys seen more
    // than once are read back.
    let mut grouped = Pairs::default();
    let mut g = Grouping {
        list,
        boards: Boards::default(),
        differ: Vec::new(),
        duplicate: Vec::new(),
    };
    for (start, len) in by_hash.runs().filter(|(_, len)| *len > 1) {
        g.group((&by_hash, start, len), &mut grouped);
    }
    drop(by_hash);
    // Boards in order of their first deal: input order, the order of
    // (session, record).
    let grouped = grouped.sort();
    for (start, len) in grouped.runs() {
        g.board((&grouped, start, len));
    }
    g.differ.sort_by(|a, b| a.0.cmp(&b.0));
    let differ = g.differ.into_iter().map(|(_, f)| f).collect();
    (g.boards, differ, duplicate(g.duplicate))
}

/// The duplicate totals, best first, ranked.
fn duplicate(tallies: Vec<(Variant, DuplicateTallies)>) -> Vec<DuplicateStanding> {
    tallies
        .into_iter()
        .map(|(variant, lines)| {
            let mut players: Vec<DuplicateLine> = lines
                .into_iter()
                .map(|(player, (boards, matchpoints, top))| DuplicateLine {
                    rank: String::new(),
                    player,
                    boards,
                    matchpoints,
                    top,
                    percent: (top > 0)
                        .then(|| round2(f64::from(matchpoints) * 100.0 / f64::from(top))),
                })
                .collect();
            players.sort_by(|a, b| {
                b.percent
                    .unwrap_or(0.0)
                    .total_cmp(&a.percent.unwrap_or(0.0))
                    .then(a.player.cmp(&b.player))
            });
            let keys: Vec<Option<f64>> = players.iter().map(|p| p.percent).collect();
            for (p, rank) in players.iter_mut().zip(ranks(&keys)) {
                p.rank = rank;
            }
            DuplicateStanding { variant, players }
        })
        .collect()
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::director::Settled;

    fn deal(kinds: &[&'static str]) -> Deal {
        let place = Place::default();
        let findings = kinds
            .iter()
            .map(|k| Irregularity {
                place: place.clone(),
                variant: None,
                seat: None,
                player: None,
                kind: k,
                rule: None,
                trick: None,
                card: None,
                consequence: None,
                line: None,
                column: None,
                path: None,
                message: format!("{k} here"),
            })
            .collect();
        Deal {
            has_claim: true,
            ..Deal::bare(place, findings, true)
        }
    }

    /// Findings come sorted by file and record: files read out of name
    /// order are put in order, and a file given twice has its runs merged
    /// by record (as a stable sort of all the rows would).
    #[test]
    fn findings_are_sorted_by_file_then_record_from_their_runs() {
        let row = |file: &str, record: usize, kind: &'static str| Irregularity {
            place: Place {
                file: file.into(),
                record,
                ..Place::default()
            },
            ..deal(&[kind]).findings.remove(0)
        };
        let input = [
            row("b", 0, "revoke"),
            row("b", 1, "revoke"),
            row("a", 0, "incomplete"),
            row("b", 0, "bad-tag"),
            row("b", 2, "bad-tag"),
        ];
        let mut list = List::new();
        let mut segments: Vec<(String, u64, usize)> = Vec::new();
        for r in &input {
            match segments.last_mut() {
                Some(s) if s.0 == r.place.file => s.2 += 1,
                _ => segments.push((r.place.file.clone(), list.mark(), 1)),
            }
            list.push(r);
        }
        assert_eq!(
            segments.len(),
            3,
            "b 0-1, a 0, b 0-2: the file b given twice"
        );
        let sorted: Vec<(String, usize, &str)> = sorted_rows(list, &segments)
            .iter()
            .map(|r| (r.place.file, r.place.record, r.kind))
            .collect();
        let want = [
            ("a", 0, "incomplete"),
            ("b", 0, "revoke"),
            ("b", 0, "bad-tag"),
            ("b", 1, "revoke"),
            ("b", 2, "bad-tag"),
        ];
        let want: Vec<(String, usize, &str)> = want
            .iter()
            .map(|(f, r, k)| (f.to_string(), *r, *k))
            .collect();
        assert_eq!(sorted, want);
    }

    #[test]
    fn ties_share_a_rank() {
        assert_eq!(ranks(&[9, 5, 5, 1]), ["1", "2=", "2=", "4"]);
        assert_eq!(ranks::<i64>(&[]), Vec::<String>::new());
    }

    /// Three tables, one seat: scores 10, 10, -5. The two tens tie each
    /// other (1) and beat -5 (2): 3 each of a top of 4; -5 beats nothing: 0.
    #[test]
    fn matchpoints_count_two_per_score_beaten_and_one_per_tie() {
        let mut field = Field::default();
        let tables = [vec![10, -10], vec![10, -10], vec![-5, 5]];
        for t in &tables {
            field.add(t);
        }
        field.close();
        let mp: Vec<Vec<u32>> = tables.iter().map(|t| field.matchpoints(t)).collect();
        assert_eq!(mp, [vec![3, 1], vec![3, 1], vec![0, 4]]);
        assert_eq!(field.average(), [5.0, -5.0]);
    }

    /// The counts give what comparing every table with every other gives,
    /// also when a table has fewer seats than the others.
    #[test]
    fn matchpoints_from_counts_are_those_of_table_against_table() {
        let tables: Vec<Vec<i64>> = (0..40i64)
            .map(|i| (0..(3 + i % 2)).map(|s| (i * 7 + s * 13) % 9 - 4).collect())
            .collect();
        let mut field = Field::default();
        for t in &tables {
            field.add(t);
        }
        field.close();
        for (i, mine) in tables.iter().enumerate() {
            let want: Vec<u32> = mine
                .iter()
                .enumerate()
                .map(|(seat, score)| {
                    tables
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| *j != i)
                        .filter_map(|(_, other)| other.get(seat))
                        .map(|other| match score.cmp(other) {
                            std::cmp::Ordering::Greater => 2,
                            std::cmp::Ordering::Equal => 1,
                            std::cmp::Ordering::Less => 0,
                        })
                        .sum()
                })
                .collect();
            assert_eq!(field.matchpoints(mine), want, "table {i}");
        }
    }

    #[test]
    fn a_deal_not_settled_says_the_finding_that_stopped_it() {
        assert_eq!(
            why_unsettled(&deal(&["revoke", "incomplete"])),
            (Some("incomplete"), "incomplete here".into())
        );
        assert_eq!(
            why_unsettled(&deal(&["illegal-bid", "bad-tag"])),
            (Some("bad-tag"), "bad-tag here".into())
        );
        assert_eq!(
            why_unsettled(&deal(&["illegal-bid"])).0,
            Some("illegal-bid")
        );
        assert_eq!(why_unsettled(&deal(&[])).0, None);
    }

    #[test]
    fn everything_is_checked_only_when_nothing_is_left_out() {
        let settled = Settled {
            totals: vec![1, -1],
            active: vec![true, true],
            pots: None,
            paid_in: [0, 0],
            tricks: vec![0, 0],
            computed: vec![1, -1],
        };
        let mut good = deal(&[]);
        good.settled = Some(settled);
        let run = |deals: Vec<Deal>, unopened: Vec<String>| {
            let mut b = Builder::new(None);
            b.session("f".into());
            for d in deals {
                b.deal(d);
            }
            b.finish(1, unopened)
        };
        let sheet = run(vec![good], Vec::new());
        assert!(sheet.summary.all_checked);
        assert_eq!(sheet.summary.claims.compared, 1);
        assert!(sheet.not_checked.is_empty());
        let sheet = run(vec![deal(&["incomplete"])], Vec::new());
        assert!(!sheet.summary.all_checked);
        assert_eq!(sheet.summary.claims.not_compared, 1);
        let not_checked: Vec<Unchecked> = sheet.not_checked.iter().collect();
        assert_eq!(not_checked[0].what, "deal");
        assert!(not_checked[0].claim_not_compared);
        let sessions: Vec<SessionStanding> = sheet.standings.sessions.iter().collect();
        assert_eq!(sessions.len(), 1);
        assert_eq!(sessions[0].unsettled, 1);
        let sheet = run(Vec::new(), vec!["a: b: no such file or folder".into()]);
        assert!(!sheet.summary.all_checked);
        let not_checked: Vec<Unchecked> = sheet.not_checked.iter().collect();
        assert_eq!(not_checked[0].file, "a: b");
        assert_eq!(not_checked[0].reason, "no such file or folder");
    }
}
