//! The settlement (S7-POINTS-2, S7-SCORE-1 .. S7-SCORE-5): the game, the
//! additions bid or silent, the automatic premiums, each a line won by one
//! team; a valat line replaces all others. Each line is paid seat to seat.
//!
//! Play → facts → settlement (issue 26): the play of a full record yields
//! the [`Facts`] (`Replay::played`), a score sheet states them
//! (`super::sheet`), and [`settle_facts`] pays them, reading nothing else.

use notation::Rule;
use notation::{CardSet, PerSeat, Seat};

use super::auction::{Contract, Item, Kind, ABSOLUT, GAME, LEVEL_WORDS, PAGAT_ITEM, VALAT};
use super::deck::{kings, trull};
use super::play::Play;
use super::state::{side_of, Engine, Out, Side};
use crate::reason::{decimal, Reason};
use crate::Moment;

/// One line of the settlement: the team that wins it, its value, the rule,
/// the reason.
type Line = (Side, i64, Rule, crate::Reason);

/// What the settlement of a deal played to its end needs to know, and
/// nothing else (S7-POINTS-2, S7-SCORE-1..5).
#[derive(Debug, Clone)]
pub(super) struct Facts {
    pub game: Kind,
    pub declarer: Seat,
    /// The Rufer partner, the holder of the called tarock (S7-CALL-1).
    pub partner: Option<Seat>,
    /// Kontra steps on the game (S7-ADD-3).
    pub game_level: u8,
    /// The declarer's team's card points (S7-POINTS-2), or (a sheet that
    /// does not count them) whether it won the game.
    pub points: Points,
    /// Absolut, pagat and the automatic premiums, in the digest's order.
    pub lines: Vec<LineFact>,
    /// Valat, bid or silent: the only line when there is one (S7-SCORE-4).
    pub valat: Option<LineFact>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Points {
    Count(u32),
    Won(bool),
}

impl Points {
    /// 45 points win the game (S7-POINTS-2).
    pub fn won(self) -> bool {
        match self {
            Points::Count(p) => p >= 45,
            Points::Won(w) => w,
        }
    }
}

/// What a line is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum What {
    Absolut,
    Pagat,
    Valat,
    Trull,
    Koenigstrull,
    Mondfang,
}

/// One line besides the game: an addition bid (by its owner, at its kontra
/// level) or silent, or a premium; the team that wins it.
#[derive(Debug, Clone)]
pub(super) struct LineFact {
    pub what: What,
    /// Bid: the team that bid it and its kontra level.
    pub bid: Option<(Side, u8)>,
    pub winner: Side,
    pub reason: Reason,
}

impl LineFact {
    /// The line: its value by S7-SCORE-2..5 (×2 per kontra step).
    fn line(&self, solo: bool) -> Line {
        let k = |level: u8| 1i64 << level;
        let (value, rule) = match (self.what, self.bid) {
            (What::Absolut, Some((_, l))) => (if solo { 4 } else { 2 } * k(l), Rule::S7Score2),
            (What::Absolut, None) => (if solo { 2 } else { 1 }, Rule::S7Score2),
            (What::Pagat, Some((_, l))) => (if solo { 4 } else { 2 } * k(l), Rule::S7Score3),
            (What::Pagat, None) => (if solo { 2 } else { 1 }, Rule::S7Score3),
            (What::Valat, Some((_, l))) => (if solo { 24 } else { 12 } * k(l), Rule::S7Score4),
            (What::Valat, None) => (if solo { 12 } else { 6 }, Rule::S7Score4),
            (_, _) => (if solo { 2 } else { 1 }, Rule::S7Score5),
        };
        (self.winner, value, rule, self.reason.clone())
    }
}

/// The teams as the call fixed them, and what each took.
struct Teams<'p> {
    /// Whether each seat plays on the declarer's team.
    declarer: PerSeat<bool>,
    play: &'p Play,
}

impl Teams<'_> {
    fn side_of(&self, seat: Seat) -> Side {
        if self.declarer[seat] {
            Side::Declarer
        } else {
            Side::Opponents
        }
    }

    fn points(&self, side: Side) -> u32 {
        self.declarer
            .seats()
            .filter(|&s| self.declarer[s] == (side == Side::Declarer))
            .map(|s| self.play.points[s])
            .sum()
    }

    fn tricks(&self, side: Side) -> u32 {
        self.declarer
            .seats()
            .filter(|&s| self.declarer[s] == (side == Side::Declarer))
            .map(|s| u32::from(self.play.tricks[s]))
            .sum()
    }
}

fn won_word(won: bool) -> &'static str {
    if won {
        "won"
    } else {
        "lost"
    }
}

/// Valat bid or silent (S7-SCORE-4): when there is one, the only line.
fn valat(items: &[Option<Item>; 4], teams: &Teams) -> Option<LineFact> {
    if let Some(v) = items[VALAT] {
        let won = teams.tricks(v.owner) == 10;
        let winner = if won { v.owner } else { v.owner.other() };
        return Some(LineFact {
            what: What::Valat,
            bid: Some((v.owner, v.level)),
            winner,
            reason: crate::reason!("valat bid by {} {}", v.owner.word(), won_word(won)),
        });
    }
    [Side::Declarer, Side::Opponents]
        .into_iter()
        .find(|s| teams.tricks(*s) == 10)
        .map(|side| LineFact {
            what: What::Valat,
            bid: None,
            winner: side,
            reason: crate::reason!("silent valat by {}", side.word()),
        })
}

/// The game (S7-SCORE-1, S7-POINTS-2): 45 points win it.
fn game_line(game: Kind, level: u8, points: Points, solo: bool) -> Line {
    let won = points.won();
    let value = if solo { 4 } else { 1 } * (1i64 << level);
    (
        if won { Side::Declarer } else { Side::Opponents },
        value,
        Rule::S7Score1,
        // "{game} {won} with {dp} points{ (kontra)}".
        match points {
            // The words of a played deal: the fewest parts joined (each part
            // a copy of its own in `Reason::concat`).
            Points::Count(dp) => {
                let mut n = [0; 20];
                let dp = decimal(i64::from(dp), &mut n);
                let with = game_won_with(game, won);
                if level > 0 {
                    Reason::concat(&[with, dp, " points (", LEVEL_WORDS[level as usize], ")"])
                } else {
                    Reason::concat(&[with, dp, " points"])
                }
            }
            Points::Won(_) => {
                let (open, word, close) = if level > 0 {
                    (" (", LEVEL_WORDS[level as usize], ")")
                } else {
                    ("", "", "")
                };
                Reason::concat(&[
                    game.word(),
                    " ",
                    won_word(won),
                    " (score sheet)",
                    open,
                    word,
                    close,
                ])
            }
        },
    )
}

/// "{game} {won} with ": the words of the game line before its card
/// points, one string a game and outcome ([`Kind::word`], [`won_word`];
/// a test holds them to those words).
fn game_won_with(game: Kind, won: bool) -> &'static str {
    match (game, won) {
        (Kind::Rufer, true) => "rufer won with ",
        (Kind::Rufer, false) => "rufer lost with ",
        (Kind::Farbesolo, true) => "farbesolo won with ",
        (Kind::Farbesolo, false) => "farbesolo lost with ",
        (Kind::Solo, true) => "solo won with ",
        (Kind::Solo, false) => "solo lost with ",
    }
}

/// Absolut bid or silent (S7-SCORE-2): 56 points.
fn absolut(item: Option<Item>, teams: &Teams) -> Option<LineFact> {
    if let Some(ab) = item {
        let won = teams.points(ab.owner) >= 56;
        return Some(LineFact {
            what: What::Absolut,
            bid: Some((ab.owner, ab.level)),
            winner: if won { ab.owner } else { ab.owner.other() },
            reason: crate::reason!("absolut bid by {} {}", ab.owner.word(), won_word(won)),
        });
    }
    [Side::Declarer, Side::Opponents]
        .into_iter()
        .find(|s| teams.points(*s) >= 56)
        .map(|side| LineFact {
            what: What::Absolut,
            bid: None,
            winner: side,
            reason: silent_absolut(side, teams.points(side)),
        })
}

/// "silent absolut by {side} ({points} points)", the words of most played
/// deals: joined as `reason!` would write them (a test holds it), without
/// the formatting machinery.
fn silent_absolut(side: Side, points: u32) -> Reason {
    let mut n = [0; 20];
    Reason::concat(&[
        "silent absolut by ",
        side.word(),
        " (",
        decimal(i64::from(points), &mut n),
        " points)",
    ])
}

/// Pagat bid or silent (S7-SCORE-3): `T1` wins trick 10. Not in Farbesolo
/// (the caller's test).
fn pagat(item: Option<Item>, teams: &Teams) -> Option<LineFact> {
    let last = teams.play.pagat_last;
    if let Some(pg) = item {
        let won = last.is_some_and(|(s, w)| w && teams.side_of(s) == pg.owner);
        return Some(LineFact {
            what: What::Pagat,
            bid: Some((pg.owner, pg.level)),
            winner: if won { pg.owner } else { pg.owner.other() },
            reason: crate::reason!("pagat bid by {} {}", pg.owner.word(), won_word(won)),
        });
    }
    let (s, w) = last?;
    let side = teams.side_of(s);
    Some(LineFact {
        what: What::Pagat,
        bid: None,
        winner: if w { side } else { side.other() },
        reason: crate::reason!("silent pagat of seat {s} {} in the last trick", won_word(w)),
    })
}

/// Scores a deal played to its end, from its facts alone.
pub(super) fn settle_facts(out: &mut Out, f: &Facts) {
    match f.points {
        Points::Count(dp) => out.rule(
            Moment::Settlement,
            Rule::S7Points2,
            format_args!(
                "the declarer's team takes {dp} of the 88 card points (S7-POINTS-1), the opponents {}: 45 win the game",
                88 - dp.min(88)
            ),
        ),
        Points::Won(won) => out.rule(
            Moment::Settlement,
            Rule::S7Points2,
            format_args!("the score sheet says the declarer's team {} the game", won_word(won)),
        ),
    }
    let solo = f.game.solo_values();
    let lines = match &f.valat {
        Some(v) => vec![v.line(solo)],
        None => {
            // Room for every line at once: `vec![..]` of the game line
            // grew (reallocated and copied) for the bonus lines after it.
            let mut lines = Vec::with_capacity(1 + f.lines.len());
            lines.push(game_line(f.game, f.game_level, f.points, solo));
            lines.extend(f.lines.iter().map(|l| l.line(solo)));
            lines
        }
    };
    // A line is paid by two seats to two, or between one and three (the
    // digest's section 7, Scoring): room for every payment at once, where
    // the ledger grew (reallocated and copied) line by line.
    out.reserve_payments(3 * lines.len());
    let declarer = PerSeat::from_fn(4, |s| {
        side_of(s, f.game, f.declarer, f.partner) == Side::Declarer
    });
    for (winner, value, rule, reason) in lines {
        pay_line(out, &declarer, winner, value, rule, reason);
    }
    out.report.settled = true;
}

impl Engine {
    /// Settlement (S7-SCORE-*): the facts of the play, checked against a
    /// score sheet beside the cards, then settled; one ledger line per
    /// payment.
    pub(super) fn settle(
        &mut self,
        c: &Contract,
        partner: Option<Seat>,
        play: &Play,
        result: Option<&notation::Sheet>,
    ) {
        let facts = self.played(c, partner, play);
        if let Some(sheet) = result {
            super::sheet::compare(sheet, &facts, &mut self.out);
        }
        if self.out.report.wants_events() {
            self.out.report.result = Some(super::sheet::to_sheet(&facts));
        }
        settle_facts(&mut self.out, &facts);
    }

    /// The facts of the play (S7-SCORE-*).
    fn played(&self, c: &Contract, partner: Option<Seat>, play: &Play) -> Facts {
        let game = c.game;
        let teams = Teams {
            declarer: PerSeat::from_fn(4, |s| {
                side_of(s, game, c.declarer, partner) == Side::Declarer
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
        let mut lines = Vec::with_capacity(5);
        lines.extend(absolut(items[ABSOLUT], &teams));
        if game != Kind::Farbesolo {
            lines.extend(pagat(items[PAGAT_ITEM], &teams));
        }
        self.premiums(game, &teams, &mut lines);
        Facts {
            game,
            declarer: c.declarer,
            partner,
            game_level: items[GAME].map_or(0, |i| i.level),
            points: Points::Count(dp),
            lines,
            valat: valat(&items, &teams),
        }
    }

    /// The automatic premiums (S7-SCORE-5): Trull, Königstrull, Mondfang.
    fn premiums(&self, game: Kind, teams: &Teams, lines: &mut Vec<LineFact>) {
        if game != Kind::Farbesolo {
            if let Some(s) = self.trull_holder(game, teams) {
                let side = teams.side_of(s);
                lines.push(LineFact {
                    what: What::Trull,
                    bid: None,
                    winner: side,
                    reason: crate::reason!("Trull of {}", side.word()),
                });
            }
        }
        if let Some(s) = Seat::all(4).find(|&s| self.st.hands[s].intersection(kings()) == kings()) {
            lines.push(LineFact {
                what: What::Koenigstrull,
                bid: None,
                winner: teams.side_of(s),
                reason: crate::reason!("Königstrull of seat {s}"),
            });
        }
        if game != Kind::Farbesolo {
            if let Some((s, n)) = teams.play.mondfang {
                lines.push(LineFact {
                    what: What::Mondfang,
                    bid: None,
                    winner: teams.side_of(s).other(),
                    reason: crate::reason!("Mondfang: the Mond of seat {s} caught in trick {n}"),
                });
            }
        }
    }

    /// The first seat whose dealt hand holds the Trull; with
    /// `trull_holding=team-hands` in a Rufer, whose team's hands do.
    fn trull_holder(&self, game: Kind, teams: &Teams) -> Option<Seat> {
        let team_hands = self.opts.team_hands && game == Kind::Rufer;
        Seat::all(4).find(|&s| {
            let hand = if team_hands {
                Seat::all(4)
                    .filter(|&o| teams.side_of(o) == teams.side_of(s))
                    .fold(CardSet::EMPTY, |acc, o| acc.union(self.st.hands[o]))
            } else {
                self.st.hands[s]
            };
            hand.intersection(trull()) == trull()
        })
    }
}

/// Pays one line: two against two, each loser pays one winner; one against
/// three, the one pays or receives from each.
fn pay_line(
    out: &mut Out,
    declarer: &PerSeat<bool>,
    winner: Side,
    value: i64,
    rule: Rule,
    reason: crate::Reason,
) {
    let side_of = |s: Seat| {
        if declarer[s] {
            Side::Declarer
        } else {
            Side::Opponents
        }
    };
    let mut winners = [Seat::new(0); 4];
    let mut losers = [Seat::new(0); 4];
    let (mut nw, mut nl) = (0, 0);
    for s in Seat::all(4) {
        if side_of(s) == winner {
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
    // payment (`perf annotate`).
    let mut pairs = [(Seat::new(0), Seat::new(0)); 4];
    let mut n = 0;
    if nw == nl {
        for k in 0..nw {
            pairs[n] = (losers[k], winners[k]);
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
    out.pay_all(&pairs[..n], value, rule, &reason);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_line_is_worded_as_reason_writes_it() {
        for game in [Kind::Rufer, Kind::Farbesolo, Kind::Solo] {
            for level in 0..4u8 {
                let kontra = if level > 0 {
                    format!(" ({})", LEVEL_WORDS[level as usize])
                } else {
                    String::new()
                };
                for points in [0, 7, 44, 45, 56, 88, 100, 12_345, u32::MAX] {
                    let won = points >= 45;
                    let formatted = crate::reason!(
                        "{} {} with {} points{}",
                        game.word(),
                        won_word(won),
                        points,
                        kontra
                    );
                    let (_, _, _, reason) = game_line(game, level, Points::Count(points), false);
                    assert_eq!(&*reason, &*formatted);
                }
                for won in [false, true] {
                    let formatted =
                        crate::reason!("{} {} (score sheet){}", game.word(), won_word(won), kontra);
                    let (_, _, _, reason) = game_line(game, level, Points::Won(won), true);
                    assert_eq!(&*reason, &*formatted);
                }
            }
        }
    }

    #[test]
    fn the_silent_absolut_is_worded_as_reason_writes_it() {
        for side in [Side::Declarer, Side::Opponents] {
            for points in [0, 7, 56, 70, 88, 100, 12_345, u32::MAX] {
                let formatted =
                    crate::reason!("silent absolut by {} ({} points)", side.word(), points);
                assert_eq!(&*silent_absolut(side, points), &*formatted);
            }
        }
    }
}
