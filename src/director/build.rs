//! From the deals to the four parts of the report.

use std::collections::BTreeMap;

use notation::{Party, Pot, Variant};

use super::lineup::{self, Register};
use super::{
    Board, BoardTable, ClaimCount, ClaimDeal, ClaimParty, Count, Deal, DuplicateLine,
    DuplicateStanding, Header, Irregularities, Irregularity, LineupFinding, Overall, OverallLine,
    Place, PlayerKind, PlayerLine, RoundLine, RoundStanding, SessionPots, SessionRun,
    SessionStanding, Sheet, Standings, Summary, TableDeal, TableSheet, Unchecked,
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
fn player_key(names: &[String], seat: u8, session: &str) -> (String, bool) {
    match players::name(names, seat) {
        Some(n) => (lineup::normal(n), true),
        None => (format!("seat {seat} ({session})"), false),
    }
}

impl Sheet {
    /// The report of the deals of `sessions`, read from `files` files;
    /// `unopened` are the paths that could not be read (`path: why`).
    pub fn build(
        sessions: &[SessionRun],
        files: usize,
        unopened: Vec<String>,
        register: Option<&Register>,
    ) -> Sheet {
        let deals: Vec<&Deal> = sessions.iter().flat_map(|s| &s.deals).collect();
        let mut lineup = lineup::check(sessions, register);
        let (boards, differ) = boards(&deals);
        lineup.extend(differ);
        let duplicate = duplicate(&boards);
        Sheet {
            lang: super::Lang::default(),
            header: Header {
                register: register.map(|r| r.names.len()),
                ..header(&deals)
            },
            not_checked: not_checked(&deals, &unopened),
            summary: summary(&deals, files, unopened),
            irregularities: irregularities(&deals, sessions),
            claims: claims(&deals),
            standings: standings(sessions),
            tables: tables(sessions),
            rulings: deals
                .iter()
                .flat_map(|d| d.rulings.iter().cloned())
                .collect(),
            lineup,
            boards,
            duplicate,
        }
    }

    /// Whether anything was found: the exit code's ground (a line-up
    /// warning is not).
    pub fn has_findings(&self) -> bool {
        !self.irregularities.rows.is_empty() || self.lineup.iter().any(|l| l.severity == "finding")
    }
}

fn distinct<'a>(values: impl Iterator<Item = Option<&'a String>>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    values
        .flatten()
        .filter(|v| seen.insert(v.as_str()))
        .cloned()
        .collect()
}

fn header(deals: &[&Deal]) -> Header {
    Header {
        events: distinct(deals.iter().map(|d| d.place.event.as_ref())),
        sites: distinct(deals.iter().map(|d| d.site.as_ref())),
        dates: distinct(deals.iter().map(|d| d.date.as_ref())),
        rounds: {
            let mut r = distinct(deals.iter().map(|d| d.place.round.as_ref()));
            r.sort_by_key(|r| natural(r));
            r
        },
        tool: format!("tarok {}", env!("CARGO_PKG_VERSION")),
        register: None,
    }
}

/// Per session (a table), each deal: the printable per-table sheet.
fn tables(sessions: &[SessionRun]) -> Vec<TableSheet> {
    let mut out: Vec<TableSheet> = sessions
        .iter()
        .map(|s| {
            let first = s.deals.iter().find(|d| d.readable);
            let seats = s
                .deals
                .iter()
                .filter_map(|d| d.settled.as_ref().map(|x| x.totals.len()))
                .max()
                .unwrap_or(0);
            let mut totals = vec![0i64; seats];
            let mut errors = 0;
            let deals = s
                .deals
                .iter()
                .filter(|d| d.readable)
                .map(|d| {
                    let scores = d
                        .settled
                        .as_ref()
                        .map(|x| x.totals.clone())
                        .unwrap_or_default();
                    for (t, v) in totals.iter_mut().zip(&scores) {
                        *t += v;
                    }
                    let result = match (d.settled.as_ref(), d.declarer) {
                        (None, _) => "not settled".to_owned(),
                        (Some(x), Some(seat)) => match x.totals.get(seat as usize) {
                            Some(v) if *v > 0 => "made".into(),
                            Some(v) if *v < 0 => "lost".into(),
                            _ => "0".into(),
                        },
                        (Some(_), None) => String::new(),
                    };
                    // A stated result the cards contradict, or that cannot
                    // be, is the score sheet's error too (issue 26).
                    let result_error = d
                        .findings
                        .iter()
                        .any(|f| matches!(f.kind, "result-mismatch" | "bad-result"));
                    let score_sheet = match (d.has_claim, d.settled.is_some()) {
                        _ if result_error => {
                            errors += 1;
                            Some("disagrees")
                        }
                        (true, true) if d.claim_mismatch => {
                            errors += 1;
                            Some("disagrees")
                        }
                        (true, true) => Some("agrees"),
                        _ => None,
                    };
                    TableDeal {
                        record: d.place.record,
                        board: d.place.board.clone(),
                        contract: d.bid.clone(),
                        declarer: d.declarer,
                        result,
                        ruled: d.settled.as_ref().is_some_and(|x| x.totals != x.computed),
                        scores,
                        score_sheet,
                    }
                })
                .collect();
            TableSheet {
                session: s.name.clone(),
                round: first.and_then(|d| d.place.round.clone()),
                table: first.and_then(|d| d.place.table.clone()),
                players: first.map(|d| d.names.to_vec()).unwrap_or_default(),
                deals,
                totals,
                score_sheet_errors: errors,
            }
        })
        .collect();
    // By round, then table; in input order where the tags say nothing.
    out.sort_by_key(|t| {
        (
            natural(t.round.as_deref().unwrap_or("-")),
            natural(t.table.as_deref().unwrap_or("-")),
        )
    });
    out
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
    let unreadable = deals.iter().filter(|d| !d.readable).count();
    let settled = deals.iter().filter(|d| d.settled.is_some()).count();
    let unsettled = deals.len() - unreadable - settled;
    let claims = ClaimCount {
        compared: deals
            .iter()
            .filter(|d| d.has_claim && d.settled.is_some())
            .count(),
        disagree: deals
            .iter()
            .filter(|d| d.claim_mismatch && d.settled.is_some())
            .count(),
        not_compared: deals
            .iter()
            .filter(|d| d.has_claim && d.settled.is_none())
            .count(),
    };
    Summary {
        files,
        records: deals.len(),
        unreadable,
        with_findings: deals
            .iter()
            .filter(|d| d.readable && !d.findings.is_empty())
            .count(),
        settled,
        unsettled,
        claims,
        all_checked: unopened.is_empty() && unreadable == 0 && unsettled == 0,
        flagged_files,
        unopened,
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
fn not_checked(deals: &[&Deal], unopened: &[String]) -> Vec<Unchecked> {
    let mut rows: Vec<Unchecked> = unopened
        .iter()
        .map(|u| {
            // `path: why`; the reasons hold no `: `, a path may.
            let (file, reason) = u.rsplit_once(": ").unwrap_or((u.as_str(), "not read"));
            Unchecked {
                file: file.to_owned(),
                record: None,
                what: "path",
                kind: None,
                reason: reason.to_owned(),
                claim_not_compared: false,
            }
        })
        .collect();
    for d in deals {
        let (what, (kind, reason)) = match (d.readable, &d.settled) {
            (_, Some(_)) => continue,
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
        rows.push(Unchecked {
            file: d.place.file.clone(),
            record: Some(d.place.record),
            what,
            kind,
            reason,
            claim_not_compared: d.has_claim,
        });
    }
    rows
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
    let mut by_player_kind: BTreeMap<(String, String), (usize, Vec<String>)> = BTreeMap::new();
    for d in deals {
        for f in &d.findings {
            *by_kind.entry(f.kind.to_owned()).or_insert(0) += 1;
            // A score-sheet error is the table's, not a player's.
            let sheet = matches!(
                f.kind,
                "claim-mismatch" | "scores-mismatch" | "result-mismatch" | "bad-result"
            );
            if let (Some(seat), false) = (f.seat, sheet) {
                let (key, _) = player_key(&d.names, seat, &sessions[d.session].name);
                *by_player.entry(key.clone()).or_insert(0) += 1;
                let e = by_player_kind.entry((key, f.kind.to_owned())).or_default();
                e.0 += 1;
                if let Some(c) = &f.consequence {
                    if !e.1.contains(c) {
                        e.1.push(c.clone());
                    }
                }
            }
            rows.push(f.clone());
        }
    }
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
    // Sorted by file and record; a record's findings stay in the order the
    // rules found them.
    rows.sort_by(|a, b| {
        (a.place.file.as_str(), a.place.record).cmp(&(b.place.file.as_str(), b.place.record))
    });
    Irregularities {
        rows,
        by_kind: counted(by_kind),
        by_player: counted(by_player),
        by_player_kind,
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
                ruled: s.totals != s.computed,
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
    /// Total per round (index into the variant's rounds).
    per_round: BTreeMap<usize, i64>,
    /// Where the player sat (round tables), in the order first seen.
    tables: Vec<String>,
    /// The same tables as a set: asked once a deal, so a `Vec` search
    /// would make a long input quadratic (issue 23).
    seen_tables: std::collections::HashSet<String>,
}

/// `-` for a deal without a `Round` tag.
fn round_name(d: &Deal) -> String {
    d.place.round.clone().unwrap_or_else(|| "-".into())
}

fn standings(sessions: &[SessionRun]) -> Standings {
    let mut out = Vec::new();
    // Per variant, in order of first appearance.
    let mut overall: Vec<(Variant, BTreeMap<String, Tally>)> = Vec::new();
    // Per variant, its rounds in order of first appearance.
    let mut rounds_of: Vec<Vec<String>> = Vec::new();
    // Per variant and round: player -> tally.
    let mut by_round: Vec<(Variant, String, BTreeMap<String, Tally>)> = Vec::new();
    for (i, session) in sessions.iter().enumerate() {
        let mut lines: BTreeMap<String, Tally> = BTreeMap::new();
        let mut variants: Vec<Variant> = Vec::new();
        let mut deals = 0;
        let mut unsettled = 0;
        let mut unreadable = 0;
        let mut pots: Option<SessionPots> = None;
        let mut sum = 0;
        for d in &session.deals {
            let (Some(s), Some(variant)) = (&d.settled, d.variant) else {
                if d.readable {
                    unsettled += 1;
                } else {
                    unreadable += 1;
                }
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
                    rounds_of.push(Vec::new());
                    overall.len() - 1
                }
            };
            let round = round_name(d);
            let r = match rounds_of[at].iter().position(|x| *x == round) {
                Some(r) => r,
                None => {
                    rounds_of[at].push(round.clone());
                    rounds_of[at].len() - 1
                }
            };
            let rb = match by_round
                .iter()
                .position(|(v, x, _)| *v == variant && *x == round)
            {
                Some(rb) => rb,
                None => {
                    by_round.push((variant, round.clone(), BTreeMap::new()));
                    by_round.len() - 1
                }
            };
            let table = d
                .place
                .table
                .clone()
                .unwrap_or_else(|| session.name.clone());
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
                    overall[at].1.entry(key.clone()).or_default(),
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
                if let Some(t) = overall[at].1.get_mut(&key) {
                    *t.per_round.entry(r).or_default() += total;
                }
                let line = by_round[rb].2.entry(key).or_default();
                line.total += total;
                line.deals += usize::from(active);
                if !line.seen_tables.contains(&table) {
                    line.seen_tables.insert(table.clone());
                    line.tables.push(table.clone());
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
            unsettled,
            unreadable,
            players,
            pots,
            sum,
        });
    }
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
    let rounds = by_round
        .into_iter()
        .map(|(variant, round, lines)| {
            let mut players: Vec<RoundLine> = lines
                .into_iter()
                .map(|(player, t)| RoundLine {
                    rank: String::new(),
                    player,
                    tables: t.tables,
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
        sessions: out,
        rounds,
        overall,
    }
}

pub(super) fn place_label(place: &Place) -> String {
    format!("{} deal {}", place.file, place.record + 1)
}

/// Each seat's matchpoints at each table: 2 for each other table whose
/// score for that seat it beats, 1 for each it ties (as bridge does).
pub(super) fn matchpoints(scores: &[Vec<i64>]) -> Vec<Vec<u32>> {
    scores
        .iter()
        .enumerate()
        .map(|(t, mine)| {
            mine.iter()
                .enumerate()
                .map(|(seat, score)| {
                    scores
                        .iter()
                        .enumerate()
                        .filter(|(u, _)| *u != t)
                        .filter_map(|(_, other)| other.get(seat))
                        .map(|other| match score.cmp(other) {
                            std::cmp::Ordering::Greater => 2,
                            std::cmp::Ordering::Equal => 1,
                            std::cmp::Ordering::Less => 0,
                        })
                        .sum()
                })
                .collect()
        })
        .collect()
}

/// The boards played at several tables, compared; and a finding for each
/// `Board` tag over different cards (those tables are not compared).
fn boards(deals: &[&Deal]) -> (Vec<Board>, Vec<LineupFinding>) {
    // Key: the variant, then the Board tag or the hands. BTreeMap keeps
    // the order stable; boards are then listed in order of first appearance.
    #[derive(PartialEq, Eq, PartialOrd, Ord)]
    enum Same {
        Board(String),
        Hands(Vec<u128>),
    }
    let mut groups: BTreeMap<(&'static str, Same), Vec<&Deal>> = BTreeMap::new();
    for d in deals {
        let (Some(variant), Some(_)) = (d.variant, &d.settled) else {
            continue;
        };
        let key = match (&d.place.board, &d.hands) {
            (Some(b), _) => (variant.name(), Same::Board(b.clone())),
            (None, Some(h)) => (variant.name(), Same::Hands(h.clone())),
            _ => continue,
        };
        groups.entry(key).or_default().push(d);
    }
    let mut differ = Vec::new();
    let mut boards: Vec<((usize, usize), Board)> = Vec::new();
    for ((_, same), g) in groups {
        if g.len() < 2 {
            continue;
        }
        let Some(variant) = g[0].variant else {
            continue;
        };
        if let Same::Board(b) = &same {
            let first = g.iter().find_map(|d| d.hands.as_ref());
            let odd: Vec<&&Deal> = g
                .iter()
                .filter(|d| d.hands.is_some() && d.hands.as_ref() != first)
                .collect();
            if !odd.is_empty() {
                let places: Vec<String> = g.iter().map(|d| place_label(&d.place)).collect();
                differ.push(LineupFinding {
                    kind: "board-differs",
                    severity: "finding",
                    file: Some(odd[0].place.file.clone()),
                    record: Some(odd[0].place.record),
                    player: None,
                    message: format!(
                        "Board {b} ({}): the tables were dealt different cards ({}): not compared",
                        variant.name(),
                        places.join(", ")
                    ),
                });
                continue;
            }
        }
        let seats = g
            .iter()
            .filter_map(|d| d.settled.as_ref().map(|s| s.totals.len()))
            .max()
            .unwrap_or(0);
        let scores: Vec<Vec<i64>> = g
            .iter()
            .map(|d| {
                d.settled
                    .as_ref()
                    .map(|s| s.totals.clone())
                    .unwrap_or_default()
            })
            .collect();
        let average: Vec<f64> = (0..seats)
            .map(|seat| {
                let col: Vec<i64> = scores.iter().filter_map(|s| s.get(seat).copied()).collect();
                round2(col.iter().sum::<i64>() as f64 / col.len().max(1) as f64)
            })
            .collect();
        let top = 2 * (g.len() as u32 - 1);
        let mps = matchpoints(&scores);
        let tables = g
            .iter()
            .zip(scores.iter().zip(mps))
            .map(|(d, (sc, mp))| {
                let s = d.settled.as_ref().expect("grouped deals are settled");
                BoardTable {
                    place: d.place.clone(),
                    players: d.names.to_vec(),
                    contract: d.contract.clone(),
                    tricks: s.tricks.clone(),
                    scores: sc.clone(),
                    versus_average: sc
                        .iter()
                        .zip(&average)
                        .map(|(t, a)| round2(*t as f64 - a))
                        .collect(),
                    percent: mp
                        .iter()
                        .map(|m| round2(f64::from(*m) * 100.0 / f64::from(top)))
                        .collect(),
                    matchpoints: mp,
                }
            })
            .collect();
        let first = g
            .iter()
            .map(|d| (d.session, d.place.record))
            .min()
            .unwrap_or_default();
        let (board, by_tag) = match same {
            Same::Board(b) => (b, true),
            Same::Hands(_) => (format!("same hands as {}", place_label(&g[0].place)), false),
        };
        boards.push((
            first,
            Board {
                variant,
                board,
                matched_by: if by_tag { "board-tag" } else { "same-hands" },
                tables,
                top,
                average,
            },
        ));
    }
    boards.sort_by_key(|(first, _)| *first);
    (boards.into_iter().map(|(_, b)| b).collect(), differ)
}

/// Per variant and player, the matchpoints of every board compared.
fn duplicate(boards: &[Board]) -> Vec<DuplicateStanding> {
    // Per player: boards, matchpoints, top.
    type Tallies = BTreeMap<String, (usize, u32, u32)>;
    let mut out: Vec<(Variant, Tallies)> = Vec::new();
    for b in boards {
        let at = match out.iter().position(|(v, _)| *v == b.variant) {
            Some(at) => at,
            None => {
                out.push((b.variant, BTreeMap::new()));
                out.len() - 1
            }
        };
        for t in &b.tables {
            for (seat, mp) in t.matchpoints.iter().enumerate() {
                let Some(name) = players::name(&t.players, seat as u8) else {
                    continue;
                };
                let e = out[at].1.entry(lineup::normal(name)).or_default();
                e.0 += 1;
                e.1 += mp;
                e.2 += b.top;
            }
        }
    }
    out.into_iter()
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

    #[test]
    fn ties_share_a_rank() {
        assert_eq!(ranks(&[9, 5, 5, 1]), ["1", "2=", "2=", "4"]);
        assert_eq!(ranks::<i64>(&[]), Vec::<String>::new());
    }

    /// Three tables, one seat: scores 10, 10, -5. The two tens tie each
    /// other (1) and beat -5 (2): 3 each of a top of 4; -5 beats nothing: 0.
    #[test]
    fn matchpoints_count_two_per_score_beaten_and_one_per_tie() {
        let mp = matchpoints(&[vec![10, -10], vec![10, -10], vec![-5, 5]]);
        assert_eq!(mp, [vec![3, 1], vec![3, 1], vec![0, 4]]);
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
            let sessions = [SessionRun {
                name: "f".into(),
                deals,
            }];
            Sheet::build(&sessions, 1, unopened, None)
        };
        let sheet = run(vec![good], Vec::new());
        assert!(sheet.summary.all_checked);
        assert_eq!(sheet.summary.claims.compared, 1);
        assert!(sheet.not_checked.is_empty());
        let sheet = run(vec![deal(&["incomplete"])], Vec::new());
        assert!(!sheet.summary.all_checked);
        assert_eq!(sheet.summary.claims.not_compared, 1);
        assert_eq!(sheet.not_checked[0].what, "deal");
        assert!(sheet.not_checked[0].claim_not_compared);
        assert_eq!(sheet.standings.sessions.len(), 1);
        assert_eq!(sheet.standings.sessions[0].unsettled, 1);
        let sheet = run(Vec::new(), vec!["a: b: no such file or folder".into()]);
        assert!(!sheet.summary.all_checked);
        assert_eq!(sheet.not_checked[0].file, "a: b");
        assert_eq!(sheet.not_checked[0].reason, "no such file or folder");
    }
}
