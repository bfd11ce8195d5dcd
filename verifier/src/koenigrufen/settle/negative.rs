//! Negative games (KR-SCORE-6, 7): beggar and piccolo in both forms, and
//! trischaken, where the player with the most card points pays.

use super::super::options::Opts;
use super::super::out::Out;
use super::super::rules::*;
use super::{doubling, pay, pay_each_other_seat, Facts, Line};
use crate::reason::{decimal, Reason};
use crate::Moment;
use notation::Rule;
use notation::Seat;

/// KR-SCORE-6: beggar and piccolo, the bidder alone against three.
pub(super) fn beggar_piccolo(out: &mut Out<'_>, f: &Facts, taken: u8) {
    let game = f.game;
    let won = if is_beggar(game) {
        taken == 0
    } else {
        taken == 1
    };
    let value = game_value(game) * doubling(f.game_level);
    let line = Line {
        bidder_team_wins: won,
        value,
        rule: Rule::KrScore6,
        // "{game} {won|lost}: the bidder takes {taken} trick(s)".
        reason: Reason::concat(&[
            game.word(),
            if won { " won" } else { " lost" },
            ": the bidder takes ",
            decimal(i64::from(taken), &mut [0; 20]),
            if taken == 1 { " trick" } else { " tricks" },
        ]),
    };
    pay(out, f, &line);
}

/// KR-SCORE-7: the player with the most points pays each other player.
pub(super) fn trischaken(out: &mut Out<'_>, opts: &Opts, f: &Facts, pts: &[u32; 4]) {
    let fh = f.forehand;
    let order: [Seat; 4] = if opts.tie_before {
        std::array::from_fn(|i| fh.before(i, 4))
    } else {
        std::array::from_fn(|i| fh.after(i, 4))
    };
    let mut loser = order[0];
    for &s in &order[1..] {
        if pts[s.index()] > pts[loser.index()] {
            loser = s;
        }
    }
    let mayor = pts[loser.index()] >= 96;
    let value = 2 * if mayor { 2 } else { 1 } * if loser == fh { 2 } else { 1 };
    out.event(
        Moment::Settlement,
        Rule::KrScore7,
        crate::reason::Lazy(|| {
            format!(
                "points: {}; seat {loser} has the most{}{}",
                (0..4)
                    .map(|s| format!("seat {s} {}", thirds(pts[s])))
                    .collect::<Vec<_>>()
                    .join(", "),
                if mayor { " and is mayor (×2)" } else { "" },
                if loser == fh { ", forehand (×2)" } else { "" }
            )
        }),
    );
    let reason = format!("trischaken lost with {} points", thirds(pts[loser.index()]));
    pay_each_other_seat(
        out,
        loser,
        value,
        Rule::KrScore7,
        reason,
        Moment::Settlement,
    );
}
