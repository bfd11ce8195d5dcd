//! The bonus lines of positive games (KR-BONUS-1..10, valued as KR-SCORE-4
//! says): pagat to quapil, king ultimo, capture the moon, capture the king,
//! trull, four kings, honours, absolut, and valat, which replaces them all.
//! The play gives each bonus's facts ([`bonus_facts`]: announced or not,
//! which team wins its line); [`line()`] and [`valat`] value them, the same
//! for a score sheet's.

use notation::Rule;
use notation::{Bonus, Card, CardSet, Game};

use super::super::options::Opts;
use super::super::out::Out;
use super::super::rules::*;
use super::super::Replay;
use super::positive::Piles;
use super::{doubling, BonusFact, Line, Valat};
use crate::reason::Reason;
use crate::Moment;

/// The bonus facts of a positive game as the play gives them (after the
/// game line), in the order of the bonus table; and valat.
pub(super) fn bonus_facts(
    r: &mut Replay<'_>,
    game: Game,
    piles: &Piles,
    facts: &mut Vec<BonusFact>,
) -> Option<Valat> {
    let black = is_black(game);
    let caller = is_caller(game);
    if black {
        ultimo_facts(r, facts);
    }
    if caller {
        king_ultimo_fact(r, facts);
    }
    if black {
        capture_the_moon(r, facts);
    }
    if caller {
        capture_the_king(r, &piles.opp, facts);
    }
    pile_bonus_facts(r, black, piles, facts);
    valat_fact(r)
}

/// KR-SCORE-4: the value of a bonus line (a capture is one unit).
pub(super) fn line(b: &BonusFact, solo: i64, opts: &Opts) -> Line {
    let value = if b.capture {
        solo
    } else {
        let base = bonus_base(b.bonus, opts.absolut_value) * solo;
        match b.announced {
            Some(a) => base * 2 * doubling(a.level),
            None => base,
        }
    };
    Line {
        bidder_team_wins: b.bidder_team_wins,
        value,
        rule: b.rule,
        reason: b.reason.clone(),
    }
}

fn fact(
    r: &Replay<'_>,
    bonus: Bonus,
    rule: Rule,
    bidder_team_wins: bool,
    reason: Reason,
) -> BonusFact {
    BonusFact {
        bonus,
        rule,
        announced: r.state.ann[bonus_index(bonus)],
        bidder_team_wins,
        capture: false,
        reason,
    }
}

/// KR-BONUS-1: pagat, uhu, pelican, quapil.
fn ultimo_facts(r: &mut Replay<'_>, facts: &mut Vec<BonusFact>) {
    for bonus in [Bonus::Pagat, Bonus::Uhu, Bonus::Pelican, Bonus::Quapil] {
        let (card, target) = ultimo_card(bonus).expect("ultimo bonus");
        let t = target as usize - 1;
        let in_target = (t < r.state.ntricks)
            .then(|| &r.state.tricks[t])
            .and_then(|p| p.seat_of(card).map(|s| (s, p.winning_card() == Some(card))));
        if let Some((s, wins)) = in_target {
            r.out.event(
                Moment::Trick(target),
                Rule::KrBonus1,
                format_args!(
                    "{card} played by seat {s} in trick {target} {}: {}",
                    if wins { "wins" } else { "is beaten" },
                    bonus.word()
                ),
            );
        }
        if let Some(ann) = r.state.ann[bonus_index(bonus)] {
            let achieved =
                matches!(in_target, Some((s, true)) if r.state.team(s) == ann.bidder_team);
            facts.push(fact(
                r,
                bonus,
                Rule::KrBonus1,
                ann.bidder_team == achieved,
                ultimo_words(bonus, true, achieved),
            ));
        } else if let Some((s, wins)) = in_target {
            facts.push(fact(
                r,
                bonus,
                Rule::KrBonus1,
                r.state.team(s) == wins,
                ultimo_words(bonus, false, wins),
            ));
        }
    }
}

/// KR-BONUS-2: king ultimo.
fn king_ultimo_fact(r: &mut Replay<'_>, facts: &mut Vec<BonusFact>) {
    if let Some(king) = r.state.called {
        let last = (r.state.ntricks == 12).then(|| &r.state.tricks[11]);
        let in_last = last.filter(|p| p.seat_of(king).is_some());
        let last_team = in_last.map(|p| r.state.team(p.winner));
        if let Some(ann) = r.state.ann[bonus_index(Bonus::KingUltimo)] {
            let achieved = last_team == Some(ann.bidder_team);
            facts.push(fact(
                r,
                Bonus::KingUltimo,
                Rule::KrBonus2,
                ann.bidder_team == achieved,
                Reason::from(if achieved {
                    "king ultimo announced, made"
                } else {
                    "king ultimo announced, lost"
                }),
            ));
        } else if let Some(t) = last_team {
            facts.push(fact(
                r,
                Bonus::KingUltimo,
                Rule::KrBonus2,
                t,
                Reason::concat(&["king ultimo silent: ", king.code(), " falls in trick 12"]),
            ));
        }
    }
}

/// KR-BONUS-3: capture the moon, for the team that did not play it.
fn capture_the_moon(r: &mut Replay<'_>, facts: &mut Vec<BonusFact>) {
    for (k, p) in r.state.tricks[..r.state.ntricks].iter().enumerate() {
        if let Some(s) = p.seat_of(Card::MOND) {
            if p.winning_card() != Some(Card::MOND) {
                r.out.emit(|| crate::Event::Rule {
                    at: Moment::Trick(k as u16 + 1),
                    rule: Rule::KrBonus3,
                    text: format!("seat {s}'s Mond is captured: capture the moon"),
                });
                facts.push(BonusFact {
                    bonus: Bonus::CaptureMoon,
                    rule: Rule::KrBonus3,
                    announced: None,
                    bidder_team_wins: !r.state.team(s),
                    capture: true,
                    reason: crate::reason!("capture the moon: seat {s}'s T21 is taken"),
                });
            }
        }
    }
}

/// KR-BONUS-4: capture the king, for the opponents only.
fn capture_the_king(r: &mut Replay<'_>, opp: &CardSet, facts: &mut Vec<BonusFact>) {
    if let Some(king) = r.state.called {
        if let Some(k) = r.state.tricks[..r.state.ntricks]
            .iter()
            .position(|p| p.seat_of(king).is_some() && !r.state.team(p.winner))
        {
            r.out.event(
                Moment::Trick(k as u16 + 1),
                Rule::KrBonus4,
                format_args!("the called king {king} falls to the opponents: capture the king"),
            );
        }
        if opp.contains(king) {
            facts.push(BonusFact {
                bonus: Bonus::CaptureKing,
                rule: Rule::KrBonus4,
                announced: None,
                bidder_team_wins: false,
                capture: true,
                reason: crate::reason!("capture the king: {king} goes to the opponents"),
            });
        }
    }
}

/// KR-BONUS-5..8: trull, four kings, honours, absolut, by what a team's
/// pile holds.
fn pile_bonus_facts(r: &mut Replay<'_>, black: bool, piles: &Piles, facts: &mut Vec<BonusFact>) {
    type Achieved = fn(CardSet, u32) -> bool;
    let checks: [(Bonus, Rule, bool, Achieved); 4] = [
        (Bonus::Trull, Rule::KrBonus5, black, |p, _| {
            trull().difference(p).is_empty()
        }),
        (Bonus::FourKings, Rule::KrBonus6, true, |p, _| {
            kings().difference(p).is_empty()
        }),
        (Bonus::Honours, Rule::KrBonus7, true, |p, _| {
            p.intersection(trull().union(kings())).len() >= 5
        }),
        (
            Bonus::Absolut,
            Rule::KrBonus8,
            r.opts.absolut_on,
            |_, pts| pts >= 136,
        ),
    ];
    for (bonus, rule, exists, achieved) in checks {
        if !exists {
            continue;
        }
        let bid_has = achieved(piles.bid, piles.bid_points);
        let opp_has = achieved(piles.opp, piles.opp_points);
        if let Some(ann) = r.state.ann[bonus_index(bonus)] {
            let made = if ann.bidder_team { bid_has } else { opp_has };
            facts.push(fact(
                r,
                bonus,
                rule,
                ann.bidder_team == made,
                pile_words(bonus, Some(made)),
            ));
        } else if bid_has || opp_has {
            facts.push(fact(r, bonus, rule, bid_has, pile_words(bonus, None)));
        }
    }
}

/// The words of an ultimo's line (KR-BONUS-1), announced or silent, the
/// card winning (or the line made) or not: `"{word} announced, made ({card}
/// wins trick {target})"`, `"{word} announced, lost ({card} does not win
/// trick {target})"`, `"{word} silent: {card} wins|loses trick {target}"`,
/// as fixed words (a test holds them equal to the formatted ones).
fn ultimo_words(bonus: Bonus, announced: bool, yes: bool) -> Reason {
    const WORDS: [[&str; 4]; 4] = [
        [
            "pagat announced, made (T1 wins trick 12)",
            "pagat announced, lost (T1 does not win trick 12)",
            "pagat silent: T1 wins trick 12",
            "pagat silent: T1 loses trick 12",
        ],
        [
            "uhu announced, made (T2 wins trick 11)",
            "uhu announced, lost (T2 does not win trick 11)",
            "uhu silent: T2 wins trick 11",
            "uhu silent: T2 loses trick 11",
        ],
        [
            "pelican announced, made (T3 wins trick 10)",
            "pelican announced, lost (T3 does not win trick 10)",
            "pelican silent: T3 wins trick 10",
            "pelican silent: T3 loses trick 10",
        ],
        [
            "quapil announced, made (T4 wins trick 9)",
            "quapil announced, lost (T4 does not win trick 9)",
            "quapil silent: T4 wins trick 9",
            "quapil silent: T4 loses trick 9",
        ],
    ];
    let row = match bonus {
        Bonus::Pagat => 0,
        Bonus::Uhu => 1,
        Bonus::Pelican => 2,
        Bonus::Quapil => 3,
        _ => unreachable!("ultimo_lines asks for the four ultimo bonuses only"),
    };
    Reason::from(WORDS[row][usize::from(!announced) * 2 + usize::from(!yes)])
}

/// The words of a pile bonus's line: `"{word} announced, made"` (or
/// `lost`) when announced (`Some(made)`), else `"{word} silent"`; fixed
/// words, without the formatting machinery (a test holds them equal to
/// the formatted ones).
fn pile_words(bonus: Bonus, announced: Option<bool>) -> Reason {
    let words: [&'static str; 3] = match bonus {
        Bonus::Trull => [
            "trull silent",
            "trull announced, made",
            "trull announced, lost",
        ],
        Bonus::FourKings => [
            "four-kings silent",
            "four-kings announced, made",
            "four-kings announced, lost",
        ],
        Bonus::Honours => [
            "honours silent",
            "honours announced, made",
            "honours announced, lost",
        ],
        Bonus::Absolut => [
            "absolut silent",
            "absolut announced, made",
            "absolut announced, lost",
        ],
        _ => {
            return match announced {
                Some(made) => crate::reason!(
                    "{} announced, {}",
                    bonus.word(),
                    if made { "made" } else { "lost" }
                ),
                None => crate::reason!("{} silent", bonus.word()),
            }
        }
    };
    Reason::from(match announced {
        None => words[0],
        Some(true) => words[1],
        Some(false) => words[2],
    })
}

/// KR-BONUS-9: valat as the play gives it: announced and made or not, or
/// silent and the team that took every trick.
fn valat_fact(r: &Replay<'_>) -> Option<Valat> {
    let all_tricks = |team: bool| {
        r.state.ntricks == 12
            && r.state.tricks[..12]
                .iter()
                .all(|p| r.state.team(p.winner) == team)
    };
    if let Some(ann) = r.state.ann[bonus_index(Bonus::Valat)] {
        Some(Valat::Announced(ann, all_tricks(ann.bidder_team)))
    } else if all_tricks(true) {
        Some(Valat::Silent(true))
    } else if all_tricks(false) {
        Some(Valat::Silent(false))
    } else {
        None
    }
}

/// KR-BONUS-9, 10: valat. An announced valat, or a silent one worth at
/// least the other lines, is the only line scored.
pub(super) fn valat(
    out: &mut Out<'_>,
    game: Game,
    solo: i64,
    valat: Option<Valat>,
    lines: &mut Vec<Line>,
) {
    let basic = |bidder_wins: bool| -> i64 {
        match game {
            Game::SixThrees if !bidder_wins => 12,
            g if is_caller(g) => 2,
            _ => 6,
        }
    };
    let valat_lines = match valat {
        Some(Valat::Announced(ann, made)) => {
            let bidder_wins = ann.bidder_team == made;
            let value = 4 * basic(bidder_wins) * 2 * solo * doubling(ann.level);
            Some(Line {
                bidder_team_wins: bidder_wins,
                value,
                rule: Rule::KrBonus9,
                reason: crate::reason!("valat announced, {}", if made { "made" } else { "lost" }),
            })
        }
        Some(Valat::Silent(t)) => {
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
                rule: Rule::KrBonus10,
                reason: crate::reason!("silent valat ({value} ≥ {net}, the other lines)"),
            })
        }
        None => None,
    };
    if let Some(v) = valat_lines {
        out.event(
            Moment::Settlement,
            Rule::KrBonus10,
            "valat: only the valat line is scored",
        );
        lines.clear();
        lines.push(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ultimo_has_the_formatted_words() {
        for bonus in [Bonus::Pagat, Bonus::Uhu, Bonus::Pelican, Bonus::Quapil] {
            let (card, target) = ultimo_card(bonus).unwrap();
            let word = bonus.word();
            for yes in [true, false] {
                assert_eq!(
                    &*ultimo_words(bonus, true, yes),
                    format!(
                        "{word} announced, {} ({card} {} trick {target})",
                        if yes { "made" } else { "lost" },
                        if yes { "wins" } else { "does not win" }
                    )
                );
                assert_eq!(
                    &*ultimo_words(bonus, false, yes),
                    format!(
                        "{word} silent: {card} {} trick {target}",
                        if yes { "wins" } else { "loses" }
                    )
                );
            }
        }
    }

    #[test]
    fn a_pile_bonus_has_the_formatted_words() {
        for bonus in [
            Bonus::Trull,
            Bonus::FourKings,
            Bonus::Honours,
            Bonus::Absolut,
            Bonus::Pagat,
            Bonus::Valat,
        ] {
            assert_eq!(
                &*pile_words(bonus, None),
                format!("{} silent", bonus.word())
            );
            for made in [true, false] {
                let word = if made { "made" } else { "lost" };
                assert_eq!(
                    &*pile_words(bonus, Some(made)),
                    format!("{} announced, {word}", bonus.word())
                );
            }
        }
    }
}
