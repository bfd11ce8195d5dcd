//! Positive games (KR-SCORE-1..4): the two teams' piles, the game line,
//! then the bonus lines of [`super::bonuses`], paid line by line.

use notation::Rule;
use notation::Seat;
use notation::{CardSet, Game, Variant};

use super::super::options::Opts;
use super::super::out::Out;
use super::super::rules::*;
use super::super::Replay;
use super::{bonuses, doubling, pay, BonusFact, Count, Facts, Line, Points, Valat};
use crate::reason::{decimal, Reason};
use crate::Moment;

/// The two teams' piles and their card points in thirds (KR-SCORE-1).
pub(super) struct Piles {
    pub bid: CardSet,
    pub opp: CardSet,
    pub bid_points: u32,
    pub opp_points: u32,
}

/// The facts of a positive game played: the piles' points, the bonuses
/// and valat, told as the play gives them.
pub(super) fn played(r: &mut Replay<'_>, game: Game) -> Count {
    let piles = piles(r, game);
    let mut bonuses = Vec::with_capacity(8);
    let valat = bonuses::bonus_facts(r, game, &piles, &mut bonuses);
    Count::Positive {
        points: Points::Thirds(piles.bid_points),
        bonuses,
        valat,
    }
}

/// Scores a positive game from its facts: the game line and the bonuses
/// (valat may replace them all, KR-BONUS-10).
pub(super) fn positive(
    out: &mut Out<'_>,
    opts: &Opts,
    f: &Facts,
    points: Points,
    bonuses: &[BonusFact],
    valat: Option<Valat>,
) {
    let solo = if is_solo(f.game) { 2 } else { 1 };
    let mut lines: Vec<Line> = Vec::with_capacity(12);
    lines.push(game_line(f.game, f.game_level, points));
    lines.extend(bonuses.iter().map(|b| bonuses::line(b, solo, opts)));
    bonuses::valat(out, f.game, solo, valat, &mut lines);
    // A line is paid by two seats to two, or between one and three: room
    // for every payment at once.
    out.reserve_payments(3 * lines.len());
    for line in &lines {
        pay(out, f, line);
    }
}

/// KR-SCORE-1 (as amended): each team's pile counted from the record as the
/// rule lists it. The bidder's team: its tricks, the discard and, in solo
/// caller, a talon pile with the called king. The opponents: their tricks
/// and the talon pile not taken (normal games; both when none was taken),
/// or the whole talon less that pile (solo games). A card played twice
/// counts in each trick; a card in no trick, discard or counting pile counts
/// for nobody; the two piles need not add up to 70 points.
fn piles(r: &mut Replay<'_>, game: Game) -> Piles {
    let st = &r.state;
    let mut bid_pile = st.discard;
    let mut opp_pile = CardSet::EMPTY;
    let mut pb = pile_points(st.discard);
    let mut po = 0;
    for s in Seat::all(4) {
        if st.team(s) {
            bid_pile = bid_pile.union(st.won[s]);
            pb += st.won_points[s];
        } else {
            opp_pile = opp_pile.union(st.won[s]);
            po += st.won_points[s];
        }
    }
    // The talon piles that count for a team (KR-SCORE-1, KR-TALON-1, 3, 4).
    let talon = |half: usize| st.talon[half];
    let king_pile =
        |pile: CardSet| game == Game::SoloCaller && st.called.is_some_and(|k| pile.contains(k));
    let mut opp_talon = CardSet::EMPTY;
    let mut bid_talon = CardSet::EMPTY;
    if game == Game::SixThrees {
        // All six taken: the discard counts for the bidder.
    } else if is_solo(game) {
        for half in 0..2 {
            if king_pile(talon(half)) {
                bid_talon = bid_talon.union(talon(half));
            } else {
                opp_talon = opp_talon.union(talon(half));
            }
        }
    } else {
        match st.taken {
            Some(h) => opp_talon = talon(1 - (h as usize & 1)),
            // No pile taken: both count for the opponents (KR-TALON-1).
            None => opp_talon = talon(0).union(talon(1)),
        }
    }
    if st.partial && r.rec.talon.is_none() {
        // A partial record without a talon: the cards the record shows
        // nowhere are the talon, and count for the opponents.
        let shown = st
            .played
            .union(st.discard)
            .union(st.dealt[Seat::new(0)])
            .union(st.dealt[Seat::new(1)])
            .union(st.dealt[Seat::new(2)])
            .union(st.dealt[Seat::new(3)]);
        opp_talon = opp_talon.union(Variant::Koenigrufen.deck().difference(shown));
    }
    bid_pile = bid_pile.union(bid_talon);
    pb += pile_points(bid_talon);
    opp_pile = opp_pile.union(opp_talon);
    po += pile_points(opp_talon);
    r.out.event(
        Moment::Settlement,
        Rule::KrScore1,
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
fn game_line(game: Game, level: u8, points: Points) -> Line {
    let won = points.won();
    let base = match game {
        Game::SixThrees if !won => 12,
        g => game_value(g),
    };
    // "{game} {won|lost} with {thirds(pb)} points{, ×doubling}", written
    // without the formatting machinery; a sheet that does not count the
    // points: "{game} {won|lost} (score sheet)".
    let (mut whole, mut part, mut times) = ([0; 20], [0; 20], [0; 20]);
    let (with, whole, space, part, third, pts) = match points {
        Points::Thirds(pb) => {
            let whole = decimal(i64::from(pb / 3), &mut whole);
            let (space, part, third) = match pb % 3 {
                0 => ("", "", ""),
                p => (" ", decimal(i64::from(p), &mut part), "/3"),
            };
            (" with ", whole, space, part, third, " points")
        }
        Points::Won(_) => (" (score sheet)", "", "", "", "", ""),
    };
    let (by, times) = match level {
        0 => ("", ""),
        l => (", ×", decimal(doubling(l), &mut times)),
    };
    Line {
        bidder_team_wins: won,
        value: base * doubling(level),
        rule: Rule::KrScore2,
        reason: Reason::concat(&[
            game.word(),
            if won { " won" } else { " lost" },
            with,
            whole,
            space,
            part,
            third,
            pts,
            by,
            times,
        ]),
    }
}
