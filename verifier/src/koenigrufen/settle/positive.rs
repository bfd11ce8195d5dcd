//! Positive games (KR-SCORE-1..4): the two teams' piles, the game line,
//! then the bonus lines of [`super::bonuses`], paid line by line.

use notation::{CardSet, Game, Variant};

use super::super::rules::*;
use super::super::Replay;
use super::{bonuses, doubling, pay, Line};
use crate::reason::{decimal, Reason};
use crate::Moment;

/// The two teams' piles and their card points in thirds (KR-SCORE-1).
pub(super) struct Piles {
    pub bid: CardSet,
    pub opp: CardSet,
    pub bid_points: u32,
    pub opp_points: u32,
}

/// Scores a positive game: the game line and the bonuses (valat may
/// replace them all, KR-BONUS-10).
pub(super) fn positive(r: &mut Replay<'_>, game: Game) {
    let solo = if is_solo(game) { 2 } else { 1 };
    let piles = piles(r, game);
    let mut lines: Vec<Line> = Vec::with_capacity(12);
    lines.push(game_line(r, game, piles.bid_points));
    bonuses::bonus_lines(r, game, solo, &piles, &mut lines);
    // A line is paid by two seats to two, or between one and three: room
    // for every payment at once.
    r.out.reserve_payments(3 * lines.len());
    for line in &lines {
        pay(r, line);
    }
}

/// KR-SCORE-1: the bidder's team has its tricks, the discard and, in solo
/// caller, a talon pile with the called king; the opponents the rest.
fn piles(r: &mut Replay<'_>, game: Game) -> Piles {
    let mut bid_pile = r.state.discard;
    for s in 0..4u8 {
        if r.state.team(s) {
            bid_pile = bid_pile.union(r.state.won[s as usize]);
        }
    }
    if game == Game::SoloCaller {
        if let Some(k) = r.state.called {
            for pile in r.state.talon {
                if pile.contains(k) {
                    bid_pile = bid_pile.union(pile);
                }
            }
        }
    }
    let opp_pile = Variant::Koenigrufen.deck().difference(bid_pile);
    let pb = pile_points(bid_pile);
    let po = pile_points(opp_pile);
    r.out.event(
        Moment::Settlement,
        "KR-SCORE-1",
        format_args!(
            "the bidder's team has {} points, the opponents {}",
            Thirds(pb),
            Thirds(po)
        ),
    );
    Piles {
        bid: bid_pile,
        opp: opp_pile,
        bid_points: pb,
        opp_points: po,
    }
}

/// KR-SCORE-2: the game line, won with at least 107 thirds.
fn game_line(r: &Replay<'_>, game: Game, pb: u32) -> Line {
    let won = pb >= 107;
    let base = match game {
        Game::SixThrees if !won => 12,
        g => game_value(g),
    };
    // "{game} {won|lost} with {thirds(pb)} points{, ×doubling}", written
    // without the formatting machinery.
    let (mut whole, mut part, mut times) = ([0; 20], [0; 20], [0; 20]);
    let whole = decimal(i64::from(pb / 3), &mut whole);
    let (space, part, third) = match pb % 3 {
        0 => ("", "", ""),
        p => (" ", decimal(i64::from(p), &mut part), "/3"),
    };
    let (by, times) = match r.state.game_level {
        0 => ("", ""),
        l => (", ×", decimal(doubling(l), &mut times)),
    };
    Line {
        bidder_team_wins: won,
        value: base * doubling(r.state.game_level),
        rule: "KR-SCORE-2",
        reason: Reason::concat(&[
            game.word(),
            if won { " won" } else { " lost" },
            " with ",
            whole,
            space,
            part,
            third,
            " points",
            by,
            times,
        ]),
    }
}
