//! What the four engines share of the structural faults (rules README,
//! "Structural faults: the same in all four games", ALL-1 to ALL-7): the
//! words of the one `incomplete` finding of a record that stops before the
//! deal's end (ALL-4), and what leaving a deal unsettled means.

use notation::Rule;
use notation::{Kind, Problem, Record};

use crate::Report;

/// Where an incomplete record stops (ALL-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// Before the play: no trick is recorded.
    BeforePlay,
    /// After this many tricks (the last one possibly cut short).
    Tricks {
        /// Tricks recorded, a last one cut short included.
        recorded: usize,
        /// Whether the last recorded trick has fewer cards than players.
        short: bool,
    },
}

impl Stop {
    /// Where the record stops, read off its tricks.
    pub fn of(record: &Record, players: usize) -> Stop {
        match record.tricks.last() {
            None => Stop::BeforePlay,
            Some(last) => Stop::Tricks {
                recorded: record.tricks.len(),
                short: last.plays.len() < players,
            },
        }
    }
}

/// The one `incomplete` finding of a record that stops before the deal's
/// end (ALL-4): no seat, no trick; the message says where the record stops
/// and that the score sheet's claim could not be checked. `rule` is the
/// game's rule id (DK-PLAY-5, FR-PLAY-7, KR-NEG-1, S7-PLAY-6). The deal is
/// left unsettled: no payments, no totals, no pots after it.
pub fn incomplete(report: &mut Report, record: &Record, rule: Rule, stop: Stop, tricks: usize) {
    if let Some(t) = &mut report.tally {
        // Counted, not worded (`Report::tally`).
        t.incomplete += 1;
        unsettle(report);
        return;
    }
    let where_ = match stop {
        Stop::BeforePlay => "the record stops before the play".to_string(),
        Stop::Tricks { recorded, short } => format!(
            "the record stops after {} of the deal's {tricks} tricks{}",
            recorded,
            if short {
                ", the last one cut short"
            } else {
                ""
            }
        ),
    };
    let span = record
        .tricks
        .last()
        .map(|t| t.span)
        .or(record.declarations.as_ref().map(|d| d.span))
        .or(record.calls.as_ref().map(|c| c.span))
        .or(record.auction.as_ref().map(|a| a.span))
        .unwrap_or(record.span);
    report.push(
        Problem::new(
            Kind::Incomplete,
            format!("{where_}: the deal is not settled, and its claim could not be checked"),
        )
        .rule(rule)
        .at(span, "the record stops here")
        .help("write the rest of the deal, or leave the deal out; a director scores an unfinished record by a ruling"),
    );
    unsettle(report);
}

/// No result for the deal: no payments, no totals, no pots after it.
pub fn unsettle(report: &mut Report) {
    report.settled = false;
    report.ledger.clear();
    report.totals.clear();
    report.pots = None;
}

/// Why a deal has no result, in plain words for the front ends (explain,
/// the lesson page, the director's report); `None` when it is settled. An
/// incomplete record says where it stops (ALL-4).
pub fn unsettled_reason(report: &Report) -> Option<String> {
    if report.settled {
        return None;
    }
    let of = |kind: Kind| report.problems.iter().find(|p| p.kind == kind);
    Some(if let Some(p) = of(Kind::Incomplete) {
        let mut words = p.message.clone();
        if let Some(first) = words.get(..1) {
            words.replace_range(..1, &first.to_uppercase());
        }
        words + "."
    } else if of(Kind::PotsUnknown).is_some() {
        "The pots this deal starts from are not known (DK-POT-6): it is replayed, but not settled."
            .to_string()
    } else if report.variant.is_none()
        || report
            .problems
            .iter()
            .any(|p| matches!(p.kind, Kind::BadTag | Kind::Syntax | Kind::BadJson))
    {
        "No rules engine replayed this deal: only the structural checks ran.".to_string()
    } else {
        "The rules give no result for this deal (see its findings).".to_string()
    })
}

/// Whether a structural fault in play (a card not held or played twice, a
/// lead out of turn) is among the findings of the trick before `trick`
/// (1-based): the winner of that trick is the record's, not the rules', and
/// trick `trick` written from the seat that really won it is only that
/// fault's consequence (ALL-7), not a lead out of turn of its own.
pub fn slipped_before(problems: &[Problem], trick: usize) -> bool {
    let Some(before) = trick.checked_sub(1).and_then(|t| u16::try_from(t).ok()) else {
        return false;
    };
    problems.iter().any(|p| {
        p.trick == Some(before)
            && matches!(
                p.kind,
                Kind::CardNotHeld | Kind::DuplicateCard | Kind::OutOfTurn
            )
    })
}
