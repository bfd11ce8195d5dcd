//! The settlement (S7-POINTS-2, S7-SCORE-1 .. S7-SCORE-5): the game, the
//! additions bid or silent, the automatic premiums, each a line won by one
//! team; a valat line replaces all others. Each line is paid seat to seat.

use notation::{CardSet, Seat};

use super::auction::{Contract, Item, Kind, ABSOLUT, GAME, LEVEL_WORDS, PAGAT_ITEM, VALAT};
use super::deck::{kings, trull};
use super::play::Play;
use super::state::{side_of, Replay, Side};
use crate::reason::{decimal, Reason};
use crate::Moment;

/// One line of the settlement: the team that wins it, its value, the rule,
/// the reason.
type Line = (Side, i64, &'static str, crate::Reason);

/// The teams as the call fixed them, and what each took.
struct Teams<'p> {
    /// Whether each seat plays on the declarer's team.
    declarer: [bool; 4],
    play: &'p Play,
}

impl Teams<'_> {
    fn side_of(&self, seat: Seat) -> Side {
        if self.declarer[seat as usize] {
            Side::Declarer
        } else {
            Side::Opponents
        }
    }

    fn points(&self, side: Side) -> u32 {
        (0..4)
            .filter(|&s| self.declarer[s] == (side == Side::Declarer))
            .map(|s| self.play.points[s])
            .sum()
    }

    fn tricks(&self, side: Side) -> u32 {
        (0..4)
            .filter(|&s| self.declarer[s] == (side == Side::Declarer))
            .map(|s| self.play.tricks[s] as u32)
            .sum()
    }
}

/// The value of an item with its kontras: ×2 per step.
fn with_kontras(item: Option<Item>) -> i64 {
    1i64 << item.map_or(0, |i| i.level)
}

fn won_word(won: bool) -> &'static str {
    if won {
        "won"
    } else {
        "lost"
    }
}

/// Valat bid or silent (S7-SCORE-4): when there is one, the only line.
fn valat(items: &[Option<Item>; 4], teams: &Teams, solo: bool) -> Option<Line> {
    if let Some(v) = items[VALAT] {
        let won = teams.tricks(v.owner) == 10;
        let value = if solo { 24 } else { 12 } * with_kontras(Some(v));
        let winner = if won { v.owner } else { v.owner.other() };
        return Some((
            winner,
            value,
            "S7-SCORE-4",
            crate::reason!("valat bid by {} {}", v.owner.word(), won_word(won)),
        ));
    }
    [Side::Declarer, Side::Opponents]
        .into_iter()
        .find(|s| teams.tricks(*s) == 10)
        .map(|side| {
            (
                side,
                if solo { 12 } else { 6 },
                "S7-SCORE-4",
                crate::reason!("silent valat by {}", side.word()),
            )
        })
}

/// The game (S7-SCORE-1, S7-POINTS-2): 45 points win it.
fn game_line(game: Kind, item: Option<Item>, dp: u32, solo: bool) -> Line {
    let won = dp >= 45;
    let value = if solo { 4 } else { 1 } * with_kontras(item);
    let level = item.map_or(0, |i| i.level);
    (
        if won { Side::Declarer } else { Side::Opponents },
        value,
        "S7-SCORE-1",
        // "{game} {won} with {dp} points{ (kontra)}".
        {
            let (open, word, close) = if level > 0 {
                (" (", LEVEL_WORDS[level as usize], ")")
            } else {
                ("", "", "")
            };
            Reason::concat(&[
                game.word(),
                " ",
                won_word(won),
                " with ",
                decimal(i64::from(dp), &mut [0; 20]),
                " points",
                open,
                word,
                close,
            ])
        },
    )
}

/// Absolut bid or silent (S7-SCORE-2): 56 points.
fn absolut(item: Option<Item>, teams: &Teams, solo: bool) -> Option<Line> {
    if let Some(ab) = item {
        let won = teams.points(ab.owner) >= 56;
        return Some((
            if won { ab.owner } else { ab.owner.other() },
            if solo { 4 } else { 2 } * with_kontras(Some(ab)),
            "S7-SCORE-2",
            crate::reason!("absolut bid by {} {}", ab.owner.word(), won_word(won)),
        ));
    }
    [Side::Declarer, Side::Opponents]
        .into_iter()
        .find(|s| teams.points(*s) >= 56)
        .map(|side| {
            (
                side,
                if solo { 2 } else { 1 },
                "S7-SCORE-2",
                crate::reason!(
                    "silent absolut by {} ({} points)",
                    side.word(),
                    teams.points(side)
                ),
            )
        })
}

/// Pagat bid or silent (S7-SCORE-3): `T1` wins trick 10. Not in Farbesolo
/// (the caller's test).
fn pagat(item: Option<Item>, teams: &Teams, solo: bool) -> Option<Line> {
    let last = teams.play.pagat_last;
    if let Some(pg) = item {
        let won = last.is_some_and(|(s, w)| w && teams.side_of(s) == pg.owner);
        return Some((
            if won { pg.owner } else { pg.owner.other() },
            if solo { 4 } else { 2 } * with_kontras(Some(pg)),
            "S7-SCORE-3",
            crate::reason!("pagat bid by {} {}", pg.owner.word(), won_word(won)),
        ));
    }
    let (s, w) = last?;
    let side = teams.side_of(s);
    Some((
        if w { side } else { side.other() },
        if solo { 2 } else { 1 },
        "S7-SCORE-3",
        crate::reason!("silent pagat of seat {s} {} in the last trick", won_word(w)),
    ))
}

impl Replay<'_, '_> {
    /// Settlement (S7-SCORE-*): one ledger line per payment.
    pub(super) fn settle(&mut self, c: &Contract, partner: Option<Seat>, play: &Play) {
        let game = c.game;
        let teams = Teams {
            declarer: std::array::from_fn(|s| {
                side_of(s as u8, game, c.declarer, partner) == Side::Declarer
            }),
            play,
        };
        // S7-ADD-1: an addition counts for the team its bidder plays on once
        // the call has fixed the teams, even where a wrong call put the
        // bidder on the other side from the one it had while bidding.
        let mut items = c.items;
        for item in items[ABSOLUT..=VALAT].iter_mut().flatten() {
            item.owner = teams.side_of(item.bidder);
        }
        let dp = teams.points(Side::Declarer);
        self.out.rule(
            Moment::Settlement,
            "S7-POINTS-2",
            format_args!(
                "the declarer's team takes {dp} of the 88 card points (S7-POINTS-1), the opponents {}: 45 win the game",
                88 - dp.min(88)
            ),
        );
        let solo = game.solo_values();
        let lines = match valat(&items, &teams, solo) {
            Some(line) => vec![line],
            None => self.lines_without_valat(game, &items, &teams, dp),
        };
        for (winner, value, rule, reason) in lines {
            self.pay_line(&teams, winner, value, rule, reason);
        }
        self.out.report.settled = true;
    }

    /// The game, absolut, pagat and the automatic premiums, in that order.
    fn lines_without_valat(
        &self,
        game: Kind,
        items: &[Option<Item>; 4],
        teams: &Teams,
        dp: u32,
    ) -> Vec<Line> {
        let solo = game.solo_values();
        let mut lines = vec![game_line(game, items[GAME], dp, solo)];
        lines.extend(absolut(items[ABSOLUT], teams, solo));
        if game != Kind::Farbesolo {
            lines.extend(pagat(items[PAGAT_ITEM], teams, solo));
        }
        self.premiums(game, teams, &mut lines);
        lines
    }

    /// The automatic premiums (S7-SCORE-5): Trull, Königstrull, Mondfang.
    fn premiums(&self, game: Kind, teams: &Teams, lines: &mut Vec<Line>) {
        let premium = if game.solo_values() { 2 } else { 1 };
        if game != Kind::Farbesolo {
            if let Some(s) = self.trull_holder(game, teams) {
                let side = teams.side_of(s);
                lines.push((
                    side,
                    premium,
                    "S7-SCORE-5",
                    crate::reason!("Trull of {}", side.word()),
                ));
            }
        }
        if let Some(s) =
            (0..4u8).find(|&s| self.st.hands[s as usize].intersection(kings()) == kings())
        {
            lines.push((
                teams.side_of(s),
                premium,
                "S7-SCORE-5",
                crate::reason!("Königstrull of seat {s}"),
            ));
        }
        if game != Kind::Farbesolo {
            if let Some((s, n)) = teams.play.mondfang {
                lines.push((
                    teams.side_of(s).other(),
                    premium,
                    "S7-SCORE-5",
                    crate::reason!("Mondfang: the Mond of seat {s} caught in trick {n}"),
                ));
            }
        }
    }

    /// The first seat whose dealt hand holds the Trull; with
    /// `trull_holding=team-hands` in a Rufer, whose team's hands do.
    fn trull_holder(&self, game: Kind, teams: &Teams) -> Option<Seat> {
        let team_hands = self.opts("trull_holding") == "team-hands" && game == Kind::Rufer;
        (0..4u8).find(|&s| {
            let hand = if team_hands {
                (0..4u8)
                    .filter(|&o| teams.side_of(o) == teams.side_of(s))
                    .fold(CardSet::EMPTY, |acc, o| {
                        acc.union(self.st.hands[o as usize])
                    })
            } else {
                self.st.hands[s as usize]
            };
            hand.intersection(trull()) == trull()
        })
    }

    /// Pays one line: two against two, each loser pays one winner; one
    /// against three, the one pays or receives from each.
    fn pay_line(
        &mut self,
        teams: &Teams,
        winner: Side,
        value: i64,
        rule: &'static str,
        reason: crate::Reason,
    ) {
        let mut winners = [0u8; 4];
        let mut losers = [0u8; 4];
        let (mut nw, mut nl) = (0, 0);
        for s in 0..4u8 {
            if teams.side_of(s) == winner {
                winners[nw] = s;
                nw += 1;
            } else {
                losers[nl] = s;
                nl += 1;
            }
        }
        if nw == nl {
            for k in 0..nw {
                self.out
                    .pay(losers[k], winners[k], value, rule, reason.clone());
            }
        } else if nw == 1 {
            for &l in &losers[..nl] {
                self.out.pay(l, winners[0], value, rule, reason.clone());
            }
        } else {
            for &w in &winners[..nw] {
                self.out.pay(losers[0], w, value, rule, reason.clone());
            }
        }
    }
}
