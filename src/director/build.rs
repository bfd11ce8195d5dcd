//! From the deals to the four parts of the report.

use std::collections::BTreeMap;

use notation::{Party, Pot, Variant};

use super::{
    Board, BoardTable, ClaimCount, ClaimDeal, ClaimParty, Count, Deal, Irregularities,
    Irregularity, Overall, OverallLine, Place, PlayerLine, SessionPots, SessionRun,
    SessionStanding, Sheet, Standings, Summary, Unchecked,
};
use crate::players;

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
    /// The report of the deals of `sessions`, read from `files` files;
    /// `unopened` are the paths that could not be read (`path: why`).
    pub fn build(sessions: &[SessionRun], files: usize, unopened: Vec<String>) -> Sheet {
        let deals: Vec<&Deal> = sessions.iter().flat_map(|s| &s.deals).collect();
        Sheet {
            not_checked: not_checked(&deals, &unopened),
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
            unsettled,
            unreadable,
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

pub(super) fn place_label(place: &Place) -> String {
    format!("{} deal {}", place.file, place.record + 1)
}

fn boards(deals: &[&Deal]) -> Vec<Board> {
    // Key: variant, then the Board tag or the hands. BTreeMap keeps the
    // order stable; boards are then listed in order of first appearance.
    // Key: the variant, then the Board tag or the hands.
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
    let mut boards: Vec<((usize, usize), Board)> = groups
        .into_iter()
        .filter(|(_, g)| g.len() > 1)
        .filter_map(|((_, same), g)| {
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
                        players: d.names.to_vec(),
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
            let (board, by_tag) = match same {
                Same::Board(b) => (b, true),
                Same::Hands(_) => (format!("same hands as {}", place_label(&g[0].place)), false),
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

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::director::Settled;

    fn deal(kinds: &[&'static str]) -> Deal {
        let place = Place::default();
        Deal {
            findings: kinds
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
                .collect(),
            place,
            session: 0,
            variant: None,
            names: Arc::new([]),
            readable: true,
            claim_mismatch: false,
            has_claim: true,
            claim: Vec::new(),
            settled: None,
            hands: None,
            contract: None,
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
        };
        let mut good = deal(&[]);
        good.settled = Some(settled);
        let run = |deals: Vec<Deal>, unopened: Vec<String>| {
            let sessions = [SessionRun {
                name: "f".into(),
                deals,
            }];
            Sheet::build(&sessions, 1, unopened)
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
