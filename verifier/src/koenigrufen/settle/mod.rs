//! The settlement (KR-SCORE-1..7, KR-BONUS-1..10): every line of the deal,
//! won or lost by a team, paid as KR-SCORE-3 directs, in the order of the
//! digest's bonus table. Positive games in [`positive`] (the game line,
//! KR-SCORE-1, 2) and [`bonuses`] (KR-BONUS-*), negative games in
//! [`negative`] (KR-SCORE-6, 7); the grind (KR-TALON-2, KR-SCORE-5) here.
//!
//! Play → facts → settlement (issue 26): the play of a full record yields
//! the [`Facts`] (`played`), a score sheet states them (`super::sheet`),
//! and [`settle_facts`] pays them, reading nothing else.

mod bonuses;
mod negative;
mod positive;

use notation::Rule;
use notation::{Bonus, Game, Party, Seat};

use super::options::Opts;
use super::out::Out;
use super::rules::*;
use super::state::Ann;
use super::Replay;
use crate::{Moment, Payment, Reason};

/// One line of the score sheet: the team that wins it and its value.
pub(super) struct Line {
    pub bidder_team_wins: bool,
    pub value: i64,
    pub rule: Rule,
    pub reason: Reason,
}

/// What the settlement of a deal played to its end needs to know, and
/// nothing else: the game, the teams, the contras on the game, and what
/// each kind of game counts (KR-SCORE-1..7, KR-BONUS-1..10).
#[derive(Debug, Clone)]
pub(super) struct Facts {
    pub game: Game,
    pub bidder: Seat,
    /// The bidder's partner, the holder of the called king (KR-CALL-1),
    /// when he has one.
    pub partner: Option<Seat>,
    /// The king called (KR-CALL-1), when known: the sheet's words only.
    pub called: Option<notation::Card>,
    /// Contra steps on the game (KR-ANN-4).
    pub game_level: u8,
    /// The forehand (KR-DEAL-2): trischaken's ×2 (KR-SCORE-7).
    pub forehand: Seat,
    pub count: Count,
}

/// What a game counts.
#[derive(Debug, Clone)]
pub(super) enum Count {
    /// A positive game: the bidder's team's card points in thirds
    /// (KR-SCORE-1, 2), the bonuses (KR-BONUS-1..8) and valat (KR-BONUS-9).
    Positive {
        points: Points,
        bonuses: Vec<BonusFact>,
        valat: Option<Valat>,
    },
    /// Beggar or piccolo: the tricks the bidder took (KR-SCORE-6).
    Tricks(u8),
    /// Trischaken: each seat's card points in thirds (KR-SCORE-7).
    Trischaken([u32; 4]),
}

/// The game line's count (KR-SCORE-2): the bidder's team's card points
/// in thirds, or (a score sheet that does not count them) whether it won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Points {
    Thirds(u32),
    Won(bool),
}

impl Points {
    /// Won with at least 107 thirds (35 2/3 points, KR-SCORE-2).
    pub fn won(self) -> bool {
        match self {
            Points::Thirds(t) => t >= 107,
            Points::Won(w) => w,
        }
    }
}

/// One bonus line of a positive game.
#[derive(Debug, Clone)]
pub(super) struct BonusFact {
    pub bonus: Bonus,
    pub rule: Rule,
    /// Announced: by which team, and its contra level (KR-ANN-2, 4).
    pub announced: Option<Ann>,
    /// The team that wins the line: the bidder's (`true`) or the other.
    pub bidder_team_wins: bool,
    /// A capture (the moon, the called king): one unit, never announced
    /// (KR-BONUS-3, 4).
    pub capture: bool,
    /// The words of the line.
    pub reason: Reason,
}

impl BonusFact {
    /// Whether an announced bonus was made by the team that announced it.
    pub fn made(&self) -> bool {
        self.announced
            .is_some_and(|a| a.bidder_team == self.bidder_team_wins)
    }
}

/// Valat (KR-BONUS-9, 10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Valat {
    /// Announced, and made or not.
    Announced(Ann, bool),
    /// Not announced: the team that took every trick (`true`: the
    /// bidder's).
    Silent(bool),
}

impl Facts {
    /// Whether a seat plays on the bidder's side.
    pub fn team(&self, seat: Seat) -> bool {
        seat == self.bidder || Some(seat) == self.partner
    }
}

/// KR-TALON-2: the bidder pays each other seat the table value.
pub(super) fn grind(r: &mut Replay<'_>) {
    let game = r.state.game.unwrap_or(Game::Caller);
    grind_facts(&mut r.out, game, r.state.bidder);
}

/// The grind from its facts: the game given up and its bidder.
pub(super) fn grind_facts(out: &mut Out<'_>, game: Game, bidder: Seat) {
    let value = table_value(game);
    let reason = format!("grind: {} given up", game.word());
    pay_each_other_seat(out, bidder, value, Rule::KrTalon2, reason, Moment::Calls);
}

/// One seat pays each of the three others, in seat order after it (the
/// grind, the trischaken loser).
pub(super) fn pay_each_other_seat(
    out: &mut Out<'_>,
    payer: Seat,
    amount: i64,
    rule: Rule,
    reason: impl Into<Reason>,
    at: Moment,
) {
    let reason = reason.into();
    for s in (1..4).map(|d| payer.after(d, 4)) {
        out.pay(Payment {
            payer: Party::Seat(payer),
            payee: Party::Seat(s),
            amount,
            rule,
            reason: reason.clone(),
            at,
        });
    }
}

/// The facts of a deal played to its end.
pub(super) fn played(r: &mut Replay<'_>) -> Facts {
    let game = r.state.game.unwrap_or(Game::Caller);
    let count = if game == Game::Trischaken {
        // Each card counts in each trick it is played to (KR-SCORE-1 as
        // amended).
        Count::Trischaken(std::array::from_fn(|s| {
            r.state.won_points[Seat::new(s as u8)]
        }))
    } else if is_negative(game) {
        Count::Tricks(r.state.tricks_won[r.state.bidder])
    } else {
        positive::played(r, game)
    };
    Facts {
        game,
        bidder: r.state.bidder,
        partner: r.state.partner,
        called: r.state.called,
        game_level: r.state.game_level,
        forehand: r.state.forehand,
        count,
    }
}

/// Scores a deal played to its end, from its facts alone.
pub(super) fn settle_facts(out: &mut Out<'_>, opts: &Opts, f: &Facts) {
    match &f.count {
        Count::Trischaken(points) => negative::trischaken(out, opts, f, points),
        Count::Tricks(taken) => negative::beggar_piccolo(out, f, *taken),
        Count::Positive {
            points,
            bonuses,
            valat,
        } => positive::positive(out, opts, f, *points, bonuses, *valat),
    }
}

/// Pays one line: two against two pair up, one against three pays or
/// receives from each (KR-SCORE-3).
pub(super) fn pay(out: &mut Out<'_>, f: &Facts, line: &Line) {
    if line.value == 0 {
        return;
    }
    let mut winners = [Seat::new(0); 4];
    let mut losers = [Seat::new(0); 4];
    let (mut nw, mut nl) = (0, 0);
    for s in Seat::all(4) {
        if f.team(s) == line.bidder_team_wins {
            winners[nw] = s;
            nw += 1;
        } else {
            losers[nl] = s;
            nl += 1;
        }
    }
    // Who pays whom, then the payments written straight into the ledger
    // (`Out::pay_all`): a payment built on the stack and copied there read
    // the reason's bytes back wider than they were written, a stall per
    // payment (`perf annotate`: a third of `pay`'s samples).
    let mut pairs = [(Seat::new(0), Seat::new(0)); 4];
    let mut n = 0;
    if nw == nl {
        for i in 0..nw {
            pairs[n] = (losers[i], winners[i]);
            n += 1;
        }
    } else if nw == 1 {
        for &l in &losers[..nl] {
            pairs[n] = (l, winners[0]);
            n += 1;
        }
    } else {
        for &w in &winners[..nw] {
            pairs[n] = (losers[0], w);
            n += 1;
        }
    }
    out.pay_all(pairs[..n].iter().map(|&(payer, payee)| Payment {
        payer: Party::Seat(payer),
        payee: Party::Seat(payee),
        amount: line.value,
        rule: line.rule,
        reason: line.reason.clone(),
        at: Moment::Settlement,
    }));
}

/// ×2 per contra step (KR-ANN-4).
pub(super) fn doubling(level: u8) -> i64 {
    1 << level
}
