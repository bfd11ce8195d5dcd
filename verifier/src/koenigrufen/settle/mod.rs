//! The settlement (KR-SCORE-1..7, KR-BONUS-1..10): every line of the deal,
//! won or lost by a team, paid as KR-SCORE-3 directs, in the order of the
//! digest's bonus table. Positive games in [`positive`] (the game line,
//! KR-SCORE-1, 2) and [`bonuses`] (KR-BONUS-*), negative games in
//! [`negative`] (KR-SCORE-6, 7); the grind (KR-TALON-2, KR-SCORE-5) here.

mod bonuses;
mod negative;
mod positive;

use notation::{Game, Party};

use super::rules::*;
use super::Replay;
use crate::{Moment, Payment, Reason};

/// One line of the score sheet: the team that wins it and its value.
pub(super) struct Line {
    pub bidder_team_wins: bool,
    pub value: i64,
    pub rule: &'static str,
    pub reason: Reason,
}

/// KR-TALON-2: the bidder pays each other seat the table value.
pub(super) fn grind(r: &mut Replay<'_>) {
    let game = r.state.game.unwrap_or(Game::Caller);
    let value = table_value(game);
    let reason = format!("grind: {} given up", game.word());
    pay_each_other_seat(
        r,
        r.state.bidder,
        value,
        "KR-TALON-2",
        reason,
        Moment::Calls,
    );
}

/// One seat pays each of the three others, in seat order after it (the
/// grind, the trischaken loser).
pub(super) fn pay_each_other_seat(
    r: &mut Replay<'_>,
    payer: u8,
    amount: i64,
    rule: &'static str,
    reason: impl Into<Reason>,
    at: Moment,
) {
    let reason = reason.into();
    for s in (1..4).map(|d| (payer + d) % 4) {
        r.out.pay(Payment {
            payer: Party::Seat(payer),
            payee: Party::Seat(s),
            amount,
            rule,
            reason: reason.clone(),
            at,
        });
    }
}

/// Scores a deal played to its end.
pub(super) fn settle(r: &mut Replay<'_>) {
    let game = r.state.game.unwrap_or(Game::Caller);
    if game == Game::Trischaken {
        negative::trischaken(r);
    } else if is_negative(game) {
        negative::beggar_piccolo(r, game);
    } else {
        positive::positive(r, game);
    }
}

/// Pays one line: two against two pair up, one against three pays or
/// receives from each (KR-SCORE-3).
pub(super) fn pay(r: &mut Replay<'_>, line: &Line) {
    if line.value == 0 {
        return;
    }
    let mut winners = [0u8; 4];
    let mut losers = [0u8; 4];
    let (mut nw, mut nl) = (0, 0);
    for s in 0..4u8 {
        if r.state.team(s) == line.bidder_team_wins {
            winners[nw] = s;
            nw += 1;
        } else {
            losers[nl] = s;
            nl += 1;
        }
    }
    let mut one = |payer: u8, payee: u8| {
        r.out.pay(Payment {
            payer: Party::Seat(payer),
            payee: Party::Seat(payee),
            amount: line.value,
            rule: line.rule,
            reason: line.reason.clone(),
            at: Moment::Settlement,
        });
    };
    if nw == nl {
        for i in 0..nw {
            one(losers[i], winners[i]);
        }
    } else if nw == 1 {
        for &l in &losers[..nl] {
            one(l, winners[0]);
        }
    } else {
        for &w in &winners[..nw] {
            one(losers[0], w);
        }
    }
}

/// ×2 per contra step (KR-ANN-4).
pub(super) fn doubling(level: u8) -> i64 {
    1 << level
}
