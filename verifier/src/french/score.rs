//! Scoring (FR-SCORE-1..8, FR-SLAM-3, FR-HANDFUL-4, FR-EXCUSE-3..5): the
//! taker's card points in half points (the excuse kept by its side and
//! exchanged for half a point), his oudlers and target, the contract, the
//! petit au bout, handfuls and slam as items of the score unit `u`, paid
//! by or to each defender; a void or irregular deal scores 0 (FR-IRREG-2).

use notation::Rule;
use notation::{Card, CardSet, Party, Seat, Variant};

use super::cards::{half_points, half_points_and_oudler, is_oudler, list, points_text, single};
use super::sheet::{Facts, Petit, Side};
use super::state::{State, Win, Writer};
use super::{Contract, SessionState, SEATS, TRICKS};
use crate::reason::{decimal, Reason};
use crate::{Deal, Moment, Payment};

/// The points the taker needs with `oudlers` oudlers (FR-SCORE-2).
pub fn target(oudlers: u32) -> i64 {
    [56, 51, 41, 36][oudlers.min(3) as usize]
}

/// One item of the score unit, seen from the taker's side: amount, rule,
/// words.
type Item = (i64, Rule, crate::Reason);

/// The taker's pile (FR-SCORE-1).
struct Pile {
    half: u32,
    oudlers: u32,
    /// The oudlers in it.
    held: CardSet,
    tricks: usize,
}

/// FR-SCORE-1..8, FR-SLAM-3, FR-HANDFUL-4, FR-EXCUSE-3..5.
pub(super) fn settle(deal: &Deal<'_>, g: &State, out: &mut Writer, _state: &mut SessionState) {
    if let Some(why) = void_reason(g) {
        if g.all_passed && void_reason_before_passes(g) {
            out.passed();
            if let Some(sheet) = &deal.record.result {
                super::sheet::compare_passed(sheet, out);
            }
        }
        out.rule(Moment::Settlement, Rule::FrScore8, why.to_owned());
        out.settled([0; 4]);
        return;
    }
    // FR-PLAY-7 (rules README ALL-4): a record that stops before the deal's
    // end is not settled, also when another irregularity would void it.
    let complete = g.laid.len() == TRICKS && g.laid.iter().all(|l| l.n == 4);
    if g.incomplete || (g.taker.is_some() && !complete) {
        out.incomplete(deal.record);
        return;
    }
    let (Some(taker), Some(contract)) = (g.taker, g.contract) else {
        // No taker is known (no auction), yet the deal was played: it is
        // irregular (FR-BID-2) and void (FR-IRREG-2).
        if out.irregular {
            out.rule(
                Moment::Settlement,
                Rule::FrIrreg2,
                "the deal has irregularities and scores 0 for everyone",
            );
            out.settled([0; 4]);
        }
        return;
    };
    let facts = played_facts(deal, g, taker, contract, out);
    out.facts(&facts);
    if let Some(sheet) = &deal.record.result {
        super::sheet::compare(sheet, &facts, out);
    }
    settle_facts(deal, &facts, out);
}

/// What the play of a full record gives the settlement: the taker's pile
/// (FR-SCORE-1, FR-EXCUSE-3/-5), the petit au bout, the handfuls and the
/// slam.
fn played_facts(
    deal: &Deal<'_>,
    g: &State,
    taker: Seat,
    contract: Contract,
    out: &mut Writer,
) -> Facts {
    let keep = super::state::option(deal, "excuse_exchange") == "keep";
    let mut pile = taker_tricks(g, taker, keep, out);
    dog_or_discard(g, contract, &mut pile);
    Facts {
        taker,
        contract,
        half: pile.half,
        oudlers: pile.oudlers,
        held: pile.held,
        petit: petit_au_bout(g, taker),
        handfuls: g.handfuls.clone(),
        slam_announced: g.slam_declared,
        slam: match pile.tricks {
            TRICKS => Some(Side::Taker),
            0 => Some(Side::Defence),
            _ => None,
        },
    }
}

/// The settlement of a played deal, from its facts alone (a full record's
/// play or a score sheet): FR-SCORE-1..6, FR-SLAM-3, FR-HANDFUL-4,
/// FR-IRREG-2.
pub(super) fn settle_facts(deal: &Deal<'_>, facts: &Facts, out: &mut Writer) {
    let taker = facts.taker;
    let items = score_items(deal, facts, out);
    let u: i64 = items.iter().map(|i| i.0).sum();
    if out.irregular {
        out.rule(
            Moment::Settlement,
            Rule::FrIrreg2,
            format_args!("the deal has irregularities and scores 0 for everyone (had it been regular, the taker would have scored {:+})", 3 * u),
        );
        out.settled([0; 4]);
        return;
    }
    let totals = pay_items(items, taker, out);
    out.rule(
        Moment::Settlement,
        Rule::FrScore6,
        format_args!("u = {u}: seat {taker} {:+}, each defender {:+}", 3 * u, -u),
    );
    out.settled(totals);
}

/// Whether all passing is the reason the deal is not played (no bare
/// petit, wrong deal or broken trick before it).
fn void_reason_before_passes(g: &State) -> bool {
    !g.bare_petit && g.dealt_ok && g.wrong_trick.is_none()
}

/// FR-SCORE-8: why the deal is not played (bare petit, wrong deal, all
/// passed), if it is not.
fn void_reason(g: &State) -> Option<&'static str> {
    if g.bare_petit {
        Some("a hand held the petit bare: the deal is not played and scores 0 (FR-DEAL-2)")
    } else if !g.dealt_ok {
        Some("the deal is void (FR-DEAL-3): it scores 0")
    } else if g.wrong_trick.is_some() {
        Some("a trick has the wrong number of cards: who played what from there on is not known, and the deal is void (FR-PLAY-7): it scores 0")
    } else if g.all_passed {
        Some("no one took: the deal scores 0 (FR-BID-3)")
    } else {
        None
    }
}

/// The card points of the tricks the taker won, and the excuse kept by
/// its side (FR-EXCUSE-3) with its exchange card (FR-EXCUSE-5, unless
/// Option `excuse_exchange` is `keep`).
fn taker_tricks(g: &State, taker: Seat, keep: bool, out: &mut Writer) -> Pile {
    let mut pile = Pile {
        half: 0,
        oudlers: 0,
        held: CardSet::EMPTY,
        tricks: 0,
    };
    for (t, l) in g.laid.iter().enumerate() {
        let taker_wins = l.winner == taker;
        pile.tricks += usize::from(taker_wins);
        let stays = |i: usize| (l.seats[i] == taker) != taker_wins;
        if t < TRICKS - 1 && (0..4).any(|i| l.cards[i].is_fool() && stays(i)) {
            trick_with_excuse(&mut pile, l, t, taker, keep, out);
        } else if taker_wins {
            // No excuse kept back: every card goes to the taker, as
            // `take` one by one (half points and oudler count summed at
            // once, see `half_points_and_oudler`).
            let v: u32 = l.cards.iter().map(|&c| half_points_and_oudler(c)).sum();
            pile.half += v & 0xffff;
            if v >> 16 != 0 {
                for &c in &l.cards {
                    if is_oudler(c) {
                        pile.oudlers += 1;
                        pile.held.insert(c);
                    }
                }
            }
        }
    }
    pile
}

/// A trick whose excuse stays with the other side than the winner's
/// (FR-EXCUSE-3), card by card.
#[cold]
fn trick_with_excuse(
    pile: &mut Pile,
    l: &super::state::Laid,
    t: usize,
    taker: Seat,
    keep: bool,
    out: &mut Writer,
) {
    let taker_wins = l.winner == taker;
    for i in 0..4 {
        let c = l.cards[i];
        let mine = l.seats[i] == taker;
        if !(c.is_fool() && t < TRICKS - 1 && mine != taker_wins) {
            // Any other card goes to the trick's winner.
            if taker_wins {
                take(pile, c, half_points(c));
            }
            continue;
        }
        // FR-EXCUSE-3: the excuse stays with its side; FR-EXCUSE-5.
        let mut v = half_points(c);
        if !keep {
            v = 8;
            if taker_wins {
                pile.half += 1;
            }
        }
        let side = if mine { "the taker" } else { "the defence" };
        out.rule(
            Moment::Trick(t as u16 + 1),
            Rule::FrExcuse3,
            format_args!(
                "the excuse stays with {side}{}",
                if keep {
                    ""
                } else {
                    ", which gives a card worth 0.5 in exchange (FR-EXCUSE-5)"
                }
            ),
        );
        if mine {
            take(pile, c, v);
        }
    }
}

fn take(pile: &mut Pile, c: Card, half: u32) {
    pile.half += half;
    if is_oudler(c) {
        pile.oudlers += 1;
        pile.held.insert(c);
    }
}

/// The cards not played: the discard (take, guard) or the dog (guard
/// without) for the taker; the dog for the defenders after a guard against
/// (FR-SCORE-1, FR-DOG-2).
fn dog_or_discard(g: &State, contract: Contract, pile: &mut Pile) {
    if contract == Contract::GuardAgainst {
        return;
    }
    // The cards played, one mask of the table a card.
    let mut played = CardSet::EMPTY;
    for l in &g.laid {
        for &c in &l.cards {
            played = played.union(single(c));
        }
    }
    let rest = Variant::FrenchTarot.deck().difference(played);
    for c in rest.iter() {
        take(pile, c, half_points(c));
    }
}

/// The items of the score unit (FR-SCORE-3..5, FR-HANDFUL-4, FR-SLAM-3),
/// after the points and the target are told (FR-SCORE-1/-2).
fn score_items(deal: &Deal<'_>, facts: &Facts, out: &mut Writer) -> Vec<Item> {
    let (taker, contract) = (facts.taker, facts.contract);
    let oudlers = facts.oudlers;
    let target = target(oudlers);
    let made = facts.half as i64 >= 2 * target;
    // Half points (Option excuse_exchange = keep) round down, in the
    // defenders' favour (open question 1).
    let points = facts.half as i64 / 2;
    let d = (points - target).abs();
    let sign = if made { 1 } else { -1 };
    let mult = contract.multiplier();
    // As `out.rule`, with the words (two Strings) made only when events
    // are recorded.
    out.event(|| crate::Event::Rule {
        at: Moment::Settlement,
        rule: Rule::FrScore1,
        text: format!(
            "seat {taker} has {} points with {oudlers} oudler(s){}",
            points_text(facts.half),
            if facts.held.is_empty() {
                String::new()
            } else {
                format!(" ({})", list(facts.held))
            }
        ),
    });
    let result = if made { "made" } else { "lost" };
    out.rule(
        Moment::Settlement,
        Rule::FrScore2,
        format_args!(
            "the target with {oudlers} oudler(s) is {target}: the {} is {result} by {d}",
            contract.word(),
        ),
    );
    // Room for the contract, the petit au bout, two handfuls and a slam.
    let mut items: Vec<Item> = Vec::with_capacity(5);
    items.push((
        sign * (25 + d) * mult,
        Rule::FrScore3,
        // "{contract} {result} by {d}: (25 + {d}) × {mult}".
        {
            let (mut n, mut m) = ([0; 20], [0; 20]);
            let d = decimal(d, &mut n);
            Reason::concat(&[
                contract.word(),
                " ",
                result,
                " by ",
                d,
                ": (25 + ",
                d,
                ") × ",
                decimal(mult, &mut m),
            ])
        },
    ));
    items.extend(petit_item(facts.petit, mult));
    // FR-HANDFUL-4: to the side that wins the deal.
    for &(seat, bonus) in &facts.handfuls {
        items.push((
            sign * bonus,
            Rule::FrHandful4,
            crate::reason!(
                "handful of seat {seat}: {bonus} to the {}",
                if made { "taker" } else { "defence" }
            ),
        ));
    }
    slam_bonuses(deal, facts, &mut items);
    items
}

/// FR-SCORE-4: the petit in the last trick (or in trick 17 under the slam
/// exception, FR-EXCUSE-4) goes to that trick's winners.
fn petit_au_bout(g: &State, taker: Seat) -> Option<Petit> {
    let exception = g.laid[TRICKS - 1].win == Win::SlamExcuse;
    let last = &g.laid[TRICKS - 1];
    let petit_last = last.cards.contains(&Card::PAGAT);
    let petit_17 = exception && g.laid[TRICKS - 2].cards.contains(&Card::PAGAT);
    if !(petit_last || petit_17) {
        return None;
    }
    Some(Petit {
        side: if last.winner == taker {
            Side::Taker
        } else {
            Side::Defence
        },
        trick17: petit_17,
    })
}

/// FR-SCORE-4: the petit au bout scores 10 × multiplier for its side.
fn petit_item(petit: Option<Petit>, mult: i64) -> Option<Item> {
    let petit = petit?;
    let taker_side = petit.side == Side::Taker;
    Some((
        if taker_side { 10 * mult } else { -10 * mult },
        Rule::FrScore4,
        crate::reason!(
            "petit au bout{} won by the {}: 10 × {mult}",
            if petit.trick17 {
                " (trick 17, slam exception)"
            } else {
                ""
            },
            if taker_side { "taker" } else { "defence" }
        ),
    ))
}

/// FR-SLAM-3, with Option `defence_slam` for a slam by the defence.
fn slam_bonuses(deal: &Deal<'_>, facts: &Facts, items: &mut Vec<Item>) {
    let taker_slam = facts.slam == Some(Side::Taker);
    let defence_slam = facts.slam == Some(Side::Defence);
    if facts.slam_announced {
        if taker_slam {
            items.push((400, Rule::FrSlam3, "slam declared and made".into()));
        } else {
            items.push((-200, Rule::FrSlam3, "slam declared and not made".into()));
        }
    } else if taker_slam {
        items.push((200, Rule::FrSlam3, "slam made without declaration".into()));
    }
    if defence_slam {
        let bonus = deal.options.number("defence_slam");
        if bonus != 0 {
            items.push((-bonus, Rule::FrSlam3, "slam made by the defence".into()));
        }
    }
}

/// FR-SCORE-6: each item is paid between the taker and each defender, so
/// the taker gets 3u and each defender −u. The net result per seat.
fn pay_items(items: Vec<Item>, taker: Seat, out: &mut Writer) -> [i64; 4] {
    let mut totals = [0i64; 4];
    // Each item is paid by or to the three defenders.
    out.reserve_payments(3 * items.len());
    for (amount, rule, reason) in items {
        for def in Seat::all(SEATS).filter(|&s| s != taker) {
            let (payer, payee) = if amount >= 0 {
                (def, taker)
            } else {
                (taker, def)
            };
            if amount == 0 {
                continue;
            }
            totals[payee.index()] += amount.abs();
            totals[payer.index()] -= amount.abs();
            out.pay(Payment {
                payer: Party::Seat(payer),
                payee: Party::Seat(payee),
                amount: amount.abs(),
                rule,
                reason: reason.clone(),
                at: Moment::Settlement,
            });
        }
    }
    totals
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets() {
        assert_eq!([0, 1, 2, 3].map(target), [56, 51, 41, 36]);
    }
}
