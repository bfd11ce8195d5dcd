//! The settlement (KR-SCORE-*, KR-BONUS-*): every line of the deal, won or
//! lost by a team, paid as KR-SCORE-3 directs, in the order of the digest's
//! bonus table.

use notation::{Bonus, Card, CardSet, Game, Party, Variant};

use super::rules::*;
use super::Replay;
use crate::{Moment, Payment};

/// One line of the score sheet: the team that wins it and its value.
struct Line {
    bidder_team_wins: bool,
    value: i64,
    rule: &'static str,
    reason: String,
}

/// KR-TALON-2: the bidder pays each other seat the table value.
pub(super) fn grind(r: &mut Replay<'_>) {
    let game = r.game.unwrap_or(Game::Caller);
    let value = table_value(game);
    let b = r.bidder;
    for s in (1..4).map(|d| (b + d) % 4) {
        r.report.pay(Payment {
            payer: Party::Seat(b),
            payee: Party::Seat(s),
            amount: value,
            rule: "KR-TALON-2",
            reason: format!("grind: {} given up", game.word()),
            at: Moment::Calls,
        });
    }
}

pub(super) fn settle(r: &mut Replay<'_>) {
    let game = r.game.unwrap_or(Game::Caller);
    if game == Game::Trischaken {
        trischaken(r);
    } else if is_negative(game) {
        beggar_piccolo(r, game);
    } else {
        positive(r, game);
    }
}

/// Pays one line: two against two pair up, one against three pays or
/// receives from each (KR-SCORE-3).
fn pay(r: &mut Replay<'_>, line: &Line) {
    if line.value == 0 {
        return;
    }
    let mut winners = [0u8; 4];
    let mut losers = [0u8; 4];
    let (mut nw, mut nl) = (0, 0);
    for s in 0..4u8 {
        if r.team(s) == line.bidder_team_wins {
            winners[nw] = s;
            nw += 1;
        } else {
            losers[nl] = s;
            nl += 1;
        }
    }
    let mut one = |payer: u8, payee: u8| {
        r.report.pay(Payment {
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

fn doubling(level: u8) -> i64 {
    1 << level
}

fn positive(r: &mut Replay<'_>, game: Game) {
    let solo = if is_solo(game) { 2 } else { 1 };
    let black = is_black(game);
    let caller = is_caller(game);
    // KR-SCORE-1: the piles.
    let mut bid_pile = r.discard;
    for s in 0..4u8 {
        if r.team(s) {
            bid_pile = bid_pile.union(r.won[s as usize]);
        }
    }
    if game == Game::SoloCaller {
        if let Some(k) = r.called {
            for pile in r.talon {
                if pile.contains(k) {
                    bid_pile = bid_pile.union(pile);
                }
            }
        }
    }
    let opp_pile = Variant::Koenigrufen.deck().difference(bid_pile);
    let pb = pile_points(bid_pile);
    let po = pile_points(opp_pile);
    r.event(
        Moment::Settlement,
        "KR-SCORE-1",
        format!(
            "the bidder's team has {} points, the opponents {}",
            thirds(pb),
            thirds(po)
        ),
    );
    let mut lines: Vec<Line> = Vec::with_capacity(12);
    // KR-SCORE-2: the game.
    let won = pb >= 107;
    let base = match game {
        Game::SixThrees if !won => 12,
        g => game_value(g),
    };
    let contra = match r.game_level {
        0 => String::new(),
        l => format!(", ×{}", doubling(l)),
    };
    lines.push(Line {
        bidder_team_wins: won,
        value: base * doubling(r.game_level),
        rule: "KR-SCORE-2",
        reason: format!(
            "{} {} with {} points{contra}",
            game.word(),
            if won { "won" } else { "lost" },
            thirds(pb)
        ),
    });
    let bonus_value = |r: &Replay<'_>, bonus: Bonus, absolut_value: i64| -> (i64, bool) {
        let base = bonus_base(bonus, absolut_value) * solo;
        match r.ann[bonus_index(bonus)] {
            Some(a) => (base * 2 * doubling(a.level), true),
            None => (base, false),
        }
    };
    let av = r.opts.absolut_value;
    // KR-BONUS-1: pagat, uhu, pelican, quapil.
    if black {
        for bonus in [Bonus::Pagat, Bonus::Uhu, Bonus::Pelican, Bonus::Quapil] {
            let (card, target) = ultimo_card(bonus).expect("ultimo bonus");
            let (value, announced) = bonus_value(r, bonus, av);
            let t = target as usize - 1;
            let in_target = (t < r.ntricks)
                .then(|| r.tricks[t])
                .and_then(|p| p.seat_of(card).map(|s| (s, p.winning_card() == Some(card))));
            if let Some((s, wins)) = in_target {
                r.event(
                    Moment::Trick(target),
                    "KR-BONUS-1",
                    format!(
                        "{card} played by seat {s} in trick {target} {}: {}",
                        if wins { "wins" } else { "is beaten" },
                        bonus.word()
                    ),
                );
            }
            if let Some(ann) = r.ann[bonus_index(bonus)] {
                let achieved = matches!(in_target, Some((s, true)) if r.team(s) == ann.bidder_team);
                lines.push(Line {
                    bidder_team_wins: ann.bidder_team == achieved,
                    value,
                    rule: "KR-BONUS-1",
                    reason: format!(
                        "{} announced, {} ({card} {} trick {target})",
                        bonus.word(),
                        if achieved { "made" } else { "lost" },
                        if achieved { "wins" } else { "does not win" }
                    ),
                });
            } else if let Some((s, wins)) = in_target {
                debug_assert!(!announced);
                lines.push(Line {
                    bidder_team_wins: r.team(s) == wins,
                    value,
                    rule: "KR-BONUS-1",
                    reason: format!(
                        "{} silent: {card} {} trick {target}",
                        bonus.word(),
                        if wins { "wins" } else { "loses" }
                    ),
                });
            }
        }
    }
    // KR-BONUS-2: king ultimo.
    if caller {
        if let Some(king) = r.called {
            let (value, _) = bonus_value(r, Bonus::KingUltimo, av);
            let last = (r.ntricks == 12).then(|| r.tricks[11]);
            let in_last = last.filter(|p| p.seat_of(king).is_some());
            let last_team = in_last.map(|p| r.team(p.winner));
            if let Some(ann) = r.ann[bonus_index(Bonus::KingUltimo)] {
                let achieved = last_team == Some(ann.bidder_team);
                lines.push(Line {
                    bidder_team_wins: ann.bidder_team == achieved,
                    value,
                    rule: "KR-BONUS-2",
                    reason: format!(
                        "king ultimo announced, {}",
                        if achieved { "made" } else { "lost" }
                    ),
                });
            } else if let Some(t) = last_team {
                lines.push(Line {
                    bidder_team_wins: t,
                    value,
                    rule: "KR-BONUS-2",
                    reason: format!("king ultimo silent: {king} falls in trick 12"),
                });
            }
        }
    }
    // KR-BONUS-3: capture the moon.
    if black {
        for (k, p) in r.tricks[..r.ntricks].iter().enumerate() {
            if let Some(s) = p.seat_of(Card::MOND) {
                if p.winning_card() != Some(Card::MOND) {
                    r.report.events.push(crate::Event::Rule {
                        at: Moment::Trick(k as u16 + 1),
                        rule: "KR-BONUS-3",
                        text: format!("seat {s}'s Mond is captured: capture the moon"),
                    });
                    lines.push(Line {
                        bidder_team_wins: !r.team(s),
                        value: solo,
                        rule: "KR-BONUS-3",
                        reason: format!("capture the moon: seat {s}'s T21 is taken"),
                    });
                }
            }
        }
    }
    // KR-BONUS-4: capture the king.
    if caller {
        if let Some(king) = r.called {
            if let Some(k) = r.tricks[..r.ntricks]
                .iter()
                .position(|p| p.seat_of(king).is_some() && !r.team(p.winner))
            {
                r.event(
                    Moment::Trick(k as u16 + 1),
                    "KR-BONUS-4",
                    format!("the called king {king} falls to the opponents: capture the king"),
                );
            }
            if opp_pile.contains(king) {
                lines.push(Line {
                    bidder_team_wins: false,
                    value: solo,
                    rule: "KR-BONUS-4",
                    reason: format!("capture the king: {king} goes to the opponents"),
                });
            }
        }
    }
    // KR-BONUS-5..8: trull, four kings, honours, absolut.
    type Achieved = fn(CardSet, u32) -> bool;
    let checks: [(Bonus, &'static str, bool, Achieved); 4] = [
        (Bonus::Trull, "KR-BONUS-5", black, |p, _| {
            trull().difference(p).is_empty()
        }),
        (Bonus::FourKings, "KR-BONUS-6", true, |p, _| {
            kings().difference(p).is_empty()
        }),
        (Bonus::Honours, "KR-BONUS-7", true, |p, _| {
            p.intersection(trull().union(kings())).len() >= 5
        }),
        (Bonus::Absolut, "KR-BONUS-8", r.opts.absolut_on, |_, pts| {
            pts >= 136
        }),
    ];
    for (bonus, rule, exists, achieved) in checks {
        if !exists {
            continue;
        }
        let (value, _) = bonus_value(r, bonus, av);
        let bid_has = achieved(bid_pile, pb);
        let opp_has = achieved(opp_pile, po);
        if let Some(ann) = r.ann[bonus_index(bonus)] {
            let made = if ann.bidder_team { bid_has } else { opp_has };
            lines.push(Line {
                bidder_team_wins: ann.bidder_team == made,
                value,
                rule,
                reason: format!(
                    "{} announced, {}",
                    bonus.word(),
                    if made { "made" } else { "lost" }
                ),
            });
        } else if bid_has || opp_has {
            lines.push(Line {
                bidder_team_wins: bid_has,
                value,
                rule,
                reason: format!("{} silent", bonus.word()),
            });
        }
    }
    // KR-BONUS-9, 10: valat.
    let basic = |bidder_wins: bool| -> i64 {
        match game {
            Game::SixThrees if !bidder_wins => 12,
            g if is_caller(g) => 2,
            _ => 6,
        }
    };
    let all_tricks =
        |team: bool| r.ntricks == 12 && r.tricks[..12].iter().all(|p| r.team(p.winner) == team);
    let valat_lines = if let Some(ann) = r.ann[bonus_index(Bonus::Valat)] {
        let made = all_tricks(ann.bidder_team);
        let bidder_wins = ann.bidder_team == made;
        let value = 4 * basic(bidder_wins) * 2 * solo * doubling(ann.level);
        Some(Line {
            bidder_team_wins: bidder_wins,
            value,
            rule: "KR-BONUS-9",
            reason: format!("valat announced, {}", if made { "made" } else { "lost" }),
        })
    } else {
        let team = if all_tricks(true) {
            Some(true)
        } else if all_tricks(false) {
            Some(false)
        } else {
            None
        };
        team.and_then(|t| {
            let value = 4 * basic(t) * solo;
            let net: i64 = lines
                .iter()
                .map(|l| {
                    if l.bidder_team_wins == t {
                        l.value
                    } else {
                        -l.value
                    }
                })
                .sum();
            (value >= net).then(|| Line {
                bidder_team_wins: t,
                value,
                rule: "KR-BONUS-10",
                reason: format!("silent valat ({value} ≥ {net}, the other lines)"),
            })
        })
    };
    if let Some(v) = valat_lines {
        r.event(
            Moment::Settlement,
            "KR-BONUS-10",
            "valat: only the valat line is scored".into(),
        );
        lines.clear();
        lines.push(v);
    }
    for line in &lines {
        pay(r, line);
    }
}

fn beggar_piccolo(r: &mut Replay<'_>, game: Game) {
    let b = r.bidder;
    let taken = r.tricks_won[b as usize];
    let won = if is_beggar(game) {
        taken == 0
    } else {
        taken == 1
    };
    let value = game_value(game) * doubling(r.game_level);
    let line = Line {
        bidder_team_wins: won,
        value,
        rule: "KR-SCORE-6",
        reason: format!(
            "{} {}: the bidder takes {taken} trick{}",
            game.word(),
            if won { "won" } else { "lost" },
            if taken == 1 { "" } else { "s" }
        ),
    };
    pay(r, &line);
}

/// KR-SCORE-7: the player with the most points pays each other player.
fn trischaken(r: &mut Replay<'_>) {
    let fh = r.forehand;
    let pts: [u32; 4] = std::array::from_fn(|s| pile_points(r.won[s]));
    let order: [u8; 4] = if r.opts.tie_before {
        std::array::from_fn(|i| (fh + 4 - i as u8) % 4)
    } else {
        std::array::from_fn(|i| (fh + i as u8) % 4)
    };
    let mut loser = order[0];
    for &s in &order[1..] {
        if pts[s as usize] > pts[loser as usize] {
            loser = s;
        }
    }
    let mayor = pts[loser as usize] >= 96;
    let value = 2 * if mayor { 2 } else { 1 } * if loser == fh { 2 } else { 1 };
    r.event(
        Moment::Settlement,
        "KR-SCORE-7",
        format!(
            "points: {}; seat {loser} has the most{}{}",
            (0..4)
                .map(|s| format!("seat {s} {}", thirds(pts[s])))
                .collect::<Vec<_>>()
                .join(", "),
            if mayor { " and is mayor (×2)" } else { "" },
            if loser == fh { ", forehand (×2)" } else { "" }
        ),
    );
    for s in (1..4).map(|d| (loser + d) % 4) {
        r.report.pay(Payment {
            payer: Party::Seat(loser),
            payee: Party::Seat(s),
            amount: value,
            rule: "KR-SCORE-7",
            reason: format!(
                "trischaken lost with {} points",
                thirds(pts[loser as usize])
            ),
            at: Moment::Settlement,
        });
    }
}
