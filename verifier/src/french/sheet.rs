//! The French score sheet (issue 26; spec/rules-french-tarot.md, "Score
//! sheets"): the facts the settlement needs ([`Facts`]), as the play yields
//! them (`score::played_facts`) or as a `result` section states them:
//!
//! ```text
//! result: 2 guard, points 43, oudlers 2, petit-au-bout taker, 1 handful simple, slam announced made
//! ```
//!
//! - `SEAT CONTRACT`: the taker and his contract (FR-BID-1);
//! - `points N` (or `N.5`): the taker's card points (FR-SCORE-1, FR-CARD-3);
//! - `oudlers N`: the oudlers in his pile (FR-SCORE-1, FR-CARD-2);
//! - `petit-au-bout taker|defence`: the side that won the petit au bout
//!   (FR-SCORE-4);
//! - `SEAT handful simple|double|triple`: a handful shown (FR-HANDFUL-1/-4);
//! - `slam made`, `slam defence`, `slam announced made`, `slam announced
//!   lost`, `slam announced defence`: whether the taker announced a slam
//!   and which side won every trick (FR-SLAM-1/-3).
//!
//! A fact the game does not have or that cannot be true is a `bad-result`
//! at it; a sheet beside the cards is compared with them, one
//! `result-mismatch` per fact the cards contradict.

use notation::{CardSet, Fact, Game, Seat, Sheet};

use super::bidding::Contract;
use super::cards::points_text;
use super::state::Writer;
use super::SEATS;
use crate::sheet::{bad, mismatch, missing, rest};

/// What the settlement needs to know of a deal (FR-SCORE-1..6, FR-SLAM-3,
/// FR-HANDFUL-4): all of it, and nothing else.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Facts {
    pub taker: Seat,
    pub contract: Contract,
    /// The taker's card points, in half points (FR-SCORE-1, FR-EXCUSE-5).
    pub half: u32,
    pub oudlers: u32,
    /// The oudlers in the taker's pile, when the cards are known (words only).
    pub held: CardSet,
    pub petit: Option<Petit>,
    /// The handfuls shown: the seat and its bonus (FR-HANDFUL-1/-4).
    pub handfuls: Vec<(Seat, i64)>,
    pub slam_announced: bool,
    /// The side that won all 18 tricks, if one did (FR-SLAM-1).
    pub slam: Option<Side>,
}

impl Facts {
    /// The facts as a score sheet writes them (`result: 3 guard, points
    /// 43, oudlers 2, petit-au-bout taker`).
    pub fn to_sheet(&self) -> Sheet {
        let fact = |seat: Option<Seat>, words: &[&str]| Fact {
            seat,
            words: words.iter().map(|w| w.to_string()).collect(),
            span: Default::default(),
        };
        let game = match self.contract {
            Contract::Take => Game::Take,
            Contract::Guard => Game::Guard,
            Contract::GuardWithout => Game::GuardWithout,
            Contract::GuardAgainst => Game::GuardAgainst,
        };
        let mut facts = vec![
            fact(Some(self.taker), &[game.word()]),
            fact(None, &["points", &points_text(self.half)]),
            fact(None, &["oudlers", &self.oudlers.to_string()]),
        ];
        if let Some(p) = self.petit {
            facts.push(fact(None, &["petit-au-bout", p.side.word()]));
        }
        for &(seat, bonus) in &self.handfuls {
            facts.push(fact(Some(seat), &["handful", handful_word(bonus)]));
        }
        let slam = match (self.slam_announced, self.slam) {
            (false, None) => None,
            (false, Some(Side::Taker)) => Some(&["made"][..]),
            (false, Some(Side::Defence)) => Some(&["defence"][..]),
            (true, Some(Side::Taker)) => Some(&["announced", "made"][..]),
            (true, None) => Some(&["announced", "lost"][..]),
            (true, Some(Side::Defence)) => Some(&["announced", "defence"][..]),
        };
        if let Some(words) = slam {
            let mut all = vec!["slam"];
            all.extend_from_slice(words);
            facts.push(fact(None, &all));
        }
        Sheet {
            facts,
            comments: Vec::new(),
            span: Default::default(),
        }
    }
}

/// The petit au bout (FR-SCORE-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Petit {
    pub side: Side,
    /// Played to trick 17 under the slam exception (FR-EXCUSE-4): words only.
    pub trick17: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    Taker,
    Defence,
}

impl Side {
    fn word(self) -> &'static str {
        match self {
            Side::Taker => "taker",
            Side::Defence => "defence",
        }
    }
}

fn handful_word(bonus: i64) -> &'static str {
    match bonus {
        20 => "simple",
        30 => "double",
        _ => "triple",
    }
}

/// The facts a sheet states, each with the fact that says it.
#[derive(Default)]
struct Stated<'s> {
    contract: Option<(Seat, Contract, &'s Fact)>,
    points: Option<(u32, &'s Fact)>,
    oudlers: Option<(u32, &'s Fact)>,
    petit: Option<(Side, &'s Fact)>,
    handfuls: Vec<(Seat, i64, &'s Fact)>,
    slam: Option<(bool, Option<Side>, &'s Fact)>,
    /// Some fact could not be read: the sheet alone settles nothing.
    faulty: bool,
}

const HELP: &str = "a French result is `SEAT CONTRACT, points N, oudlers N`, and where they apply `petit-au-bout taker|defence`, `SEAT handful simple|double|triple`, `slam [announced] made|lost|defence` (spec/notation.md §6.7)";

/// Reads the facts of a sheet; each fact that cannot be true, or that the
/// game does not have, is a `bad-result` at it.
fn read<'s>(sheet: &'s Sheet, out: &mut Writer) -> Stated<'s> {
    let mut st = Stated::default();
    for f in &sheet.facts {
        if let Err(p) = read_fact(f, &mut st) {
            st.faulty = true;
            out.sheet(p);
        }
    }
    st
}

// Once per fact of a sheet, never on the play's path: the finding as it is.
#[allow(clippy::result_large_err)]
fn read_fact<'s>(f: &'s Fact, st: &mut Stated<'s>) -> Result<(), notation::Problem> {
    let twice = |what: &str| {
        bad(
            f,
            format!("the sheet states {what} twice"),
            "state each fact once",
        )
    };
    if f.seat.is_some_and(|s| s.number() >= SEATS) {
        // Reported by the structural checks (`unknown-seat`).
        st.faulty = true;
        return Ok(());
    }
    let words: Vec<&str> = f.words.iter().map(String::as_str).collect();
    match (f.seat, words.as_slice()) {
        (Some(seat), [game])
            if Game::from_word(game)
                .and_then(Contract::from_game)
                .is_some() =>
        {
            let contract = Game::from_word(game).and_then(Contract::from_game).unwrap();
            if st.contract.is_some() {
                return Err(twice("the contract"));
            }
            st.contract = Some((seat, contract, f));
        }
        (None, ["points", n]) => {
            let half = half_points(n).ok_or_else(|| {
                bad(
                    f,
                    format!("`{n}` is not a number of card points"),
                    "write the taker's card points as a whole number or a half: `points 43`, `points 40.5`",
                )
            })?;
            if half > 182 {
                return Err(bad(
                    f,
                    format!("the sheet says {n} points: the cards are worth 91 in all (FR-CARD-3)"),
                    "the taker's card points are between 0 and 91",
                ));
            }
            if st.points.is_some() {
                return Err(twice("the points"));
            }
            st.points = Some((half, f));
        }
        (None, ["oudlers", n]) => {
            let n: u32 = n.parse().map_err(|_| {
                bad(
                    f,
                    format!("`{n}` is not a number of oudlers"),
                    "write `oudlers 0` to `oudlers 3`",
                )
            })?;
            if n > 3 {
                return Err(bad(
                    f,
                    format!("the sheet says {n} oudlers: the game has 3 (FR-CARD-2)"),
                    "the taker holds 0 to 3 oudlers: trump 21, the petit and the excuse",
                ));
            }
            if st.oudlers.is_some() {
                return Err(twice("the oudlers"));
            }
            st.oudlers = Some((n, f));
        }
        (None, ["petit-au-bout", side]) => {
            let side = match *side {
                "taker" => Side::Taker,
                "defence" => Side::Defence,
                _ => {
                    return Err(bad(
                        f,
                        format!("`{side}` is not a side"),
                        "write `petit-au-bout taker` or `petit-au-bout defence`: the side that won the last trick (FR-SCORE-4)",
                    ))
                }
            };
            if st.petit.is_some() {
                return Err(twice("the petit au bout"));
            }
            st.petit = Some((side, f));
        }
        (Some(seat), ["handful", size]) => {
            let bonus = match *size {
                "simple" => 20,
                "double" => 30,
                "triple" => 40,
                _ => {
                    return Err(bad(
                        f,
                        format!("`{size}` is not a handful"),
                        "a handful is simple, double or triple (FR-HANDFUL-1)",
                    ))
                }
            };
            if st.handfuls.iter().any(|h| h.0 == seat) {
                return Err(bad(
                    f,
                    format!("the sheet gives seat {seat} a second handful"),
                    "a player declares one handful; a second is false and earns nothing (FR-HANDFUL-1, FR-HANDFUL-3)",
                ));
            }
            let shown: i64 = st.handfuls.iter().map(|h| shown(h.1)).sum::<i64>() + shown(bonus);
            if shown > 22 {
                return Err(bad(
                    f,
                    format!("the handfuls of the sheet show {shown} trumps: the game has 22 with the excuse (FR-CARD-1, FR-HANDFUL-1)"),
                    "check the size of each handful",
                ));
            }
            st.handfuls.push((seat, bonus, f));
        }
        (None, ["passed"]) => {
            return Err(bad(
                f,
                "the sheet says that no one took, and states more",
                "a deal where everyone passed is `result: passed` alone (FR-BID-3, FR-SCORE-8)",
            ))
        }
        (None, ["slam", ..]) => {
            let slam = match &words[1..] {
                ["made"] => (false, Some(Side::Taker)),
                ["defence"] => (false, Some(Side::Defence)),
                ["announced", "made"] => (true, Some(Side::Taker)),
                ["announced", "lost"] => (true, None),
                ["announced", "defence"] => (true, Some(Side::Defence)),
                _ => {
                    return Err(bad(
                        f,
                        format!("`slam {}` is not a slam of French Tarot", rest(f)),
                        "write `slam made`, `slam defence`, `slam announced made`, `slam announced lost` or `slam announced defence` (FR-SLAM-1, FR-SLAM-3); leave it out when no slam was announced or made",
                    ))
                }
            };
            if st.slam.is_some() {
                return Err(twice("the slam"));
            }
            st.slam = Some((slam.0, slam.1, f));
        }
        _ => {
            return Err(bad(
                f,
                format!("`{}` is not a fact of a French Tarot result", fact_text(f)),
                HELP,
            ))
        }
    }
    Ok(())
}

/// The number of trumps a handful shows (FR-HANDFUL-1).
fn shown(bonus: i64) -> i64 {
    match bonus {
        20 => 10,
        30 => 13,
        _ => 15,
    }
}

fn fact_text(f: &Fact) -> String {
    match f.seat {
        Some(s) => format!("{s} {}", f.words.join(" ")),
        None => f.words.join(" "),
    }
}

/// `43` or `43.5` in half points.
fn half_points(n: &str) -> Option<u32> {
    let (whole, half) = match n.split_once('.') {
        Some((w, "5")) => (w, 1),
        Some(_) => return None,
        None => (n, 0),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 4 {
        return None;
    }
    Some(whole.parse::<u32>().ok()? * 2 + half)
}

/// The facts that cannot be true together: the oudlers' own points
/// (4.5 each, FR-CARD-3) against the points, the petit au bout against a
/// slam (FR-SCORE-4, FR-EXCUSE-4). Each a `bad-result` at the later fact.
fn together(st: &mut Stated<'_>, out: &mut Writer) {
    if let (Some((half, pf)), Some((n, of))) = (st.points, st.oudlers) {
        let (least, most) = (9 * n, 182 - 9 * (3 - n));
        if half < least || half > most {
            let at = if pf.span.start > of.span.start {
                pf
            } else {
                of
            };
            st.faulty = true;
            out.sheet(bad(
                at,
                format!(
                    "{} points with {n} oudler(s) cannot be: the oudlers are worth 4.5 each, so the taker has between {} and {} points",
                    points_text(half),
                    points_text(least),
                    points_text(most)
                ),
                "check the points and the oudlers (FR-CARD-3, FR-SCORE-1)",
            ));
        }
    }
    if let (Some((side, pf)), Some((_, Some(slam), sf))) = (st.petit, st.slam) {
        if side != slam {
            let at = if pf.span.start > sf.span.start {
                pf
            } else {
                sf
            };
            st.faulty = true;
            out.sheet(bad(
                at,
                format!(
                    "the petit au bout won by the {} in a slam of the {} cannot be",
                    side.word(),
                    slam.word()
                ),
                "the side that wins every trick wins the last one too (FR-SCORE-4, FR-EXCUSE-4)",
            ));
        }
    }
}

/// Whether the sheet says that everyone passed (`result: passed`): the
/// deal is not played and scores 0 (FR-BID-3, FR-SCORE-8).
pub(super) fn passed(sheet: &Sheet) -> bool {
    matches!(sheet.facts.as_slice(), [f] if f.seat.is_none() && f.words == ["passed"])
}

/// The sheet of a deal where everyone passed.
pub(super) fn passed_sheet() -> Sheet {
    Sheet {
        facts: vec![Fact {
            seat: None,
            words: vec!["passed".into()],
            span: Default::default(),
        }],
        comments: Vec::new(),
        span: Default::default(),
    }
}

/// A sheet beside the cards of a deal where everyone passed: a sheet that
/// says otherwise is one `result-mismatch`, at the section.
pub(super) fn compare_passed(sheet: &Sheet, out: &mut Writer) {
    if !passed(sheet) {
        out.sheet(mismatch(
            sheet.span,
            "a deal played",
            "no taker: everyone passed",
        ));
    }
}

/// The facts of a score sheet alone, or `None` (with its findings) when
/// the sheet does not say them all or says what cannot be.
pub(super) fn stated(sheet: &Sheet, out: &mut Writer) -> Option<Facts> {
    let mut st = read(sheet, out);
    together(&mut st, out);
    // A fact stated but wrong has its own finding: not missing too.
    let said = |head: &str| sheet.facts.iter().any(|f| f.head() == head);
    let contract_said = sheet
        .facts
        .iter()
        .any(|f| f.seat.is_some() && f.words.len() == 1);
    let need = [
        (
            st.contract.is_none() && !contract_said,
            "the taker and the contract (`2 guard`)",
        ),
        (
            st.points.is_none() && !said("points"),
            "the taker's card points (`points 43`)",
        ),
        (
            st.oudlers.is_none() && !said("oudlers"),
            "the taker's oudlers (`oudlers 2`)",
        ),
    ];
    for (absent, what) in need {
        if absent {
            out.sheet(missing(
                sheet,
                format!("the result does not say {what}"),
                format!("the deal is settled from the facts the settlement needs (FR-SCORE-1..5); {HELP}"),
            ));
        }
    }
    if st.faulty || need.iter().any(|n| n.0) {
        return None;
    }
    let (taker, contract, _) = st.contract?;
    let (slam_announced, slam) = st.slam.map_or((false, None), |s| (s.0, s.1));
    Some(Facts {
        taker,
        contract,
        half: st.points?.0,
        oudlers: st.oudlers?.0,
        held: CardSet::EMPTY,
        petit: st.petit.map(|p| Petit {
            side: p.0,
            trick17: false,
        }),
        handfuls: st.handfuls.iter().map(|h| (h.0, h.1)).collect(),
        slam_announced,
        slam,
    })
}

/// A sheet beside the cards: each stated fact the cards contradict is one
/// `result-mismatch` at it. A bonus the sheet leaves out (petit au bout,
/// handful, slam) is compared too when the sheet names the contract: it
/// then says there was none, at the `result` section.
pub(super) fn compare(sheet: &Sheet, cards: &Facts, out: &mut Writer) {
    if passed(sheet) {
        let cards = format!("seat {} {}", cards.taker, cards.contract.word());
        out.sheet(mismatch(sheet.span, "that everyone passed", &cards));
        return;
    }
    let mut st = read(sheet, out);
    together(&mut st, out);
    if let Some((seat, contract, f)) = st.contract {
        if (seat, contract) != (cards.taker, cards.contract) {
            out.sheet(mismatch(
                f.span,
                &format!("seat {seat} {}", contract.word()),
                &format!("seat {} {}", cards.taker, cards.contract.word()),
            ));
        }
    }
    if let Some((half, f)) = st.points {
        if half != cards.half {
            out.sheet(mismatch(
                f.span,
                &format!("{} points", points_text(half)),
                &points_text(cards.half),
            ));
        }
    }
    if let Some((n, f)) = st.oudlers {
        if n != cards.oudlers {
            out.sheet(mismatch(
                f.span,
                &format!("{n} oudler(s)"),
                &cards.oudlers.to_string(),
            ));
        }
    }
    let whole = st.contract.is_some();
    let petit = |side: Option<Side>| match side {
        Some(s) => format!("the petit au bout to the {}", s.word()),
        None => "no petit au bout".to_string(),
    };
    let card_petit = cards.petit.map(|p| p.side);
    match st.petit {
        Some((side, f)) if Some(side) != card_petit => {
            out.sheet(mismatch(f.span, &petit(Some(side)), &petit(card_petit)))
        }
        None if whole && card_petit.is_some() => {
            out.sheet(mismatch(sheet.span, &petit(None), &petit(card_petit)))
        }
        _ => {}
    }
    let handful = |h: Option<i64>| match h {
        Some(b) => format!("a {} handful", handful_word(b)),
        None => "no handful".to_string(),
    };
    for &(seat, bonus, f) in &st.handfuls {
        let given = cards.handfuls.iter().find(|h| h.0 == seat).map(|h| h.1);
        if given != Some(bonus) {
            out.sheet(mismatch(
                f.span,
                &format!("seat {seat} {}", handful(Some(bonus))),
                &handful(given),
            ));
        }
    }
    if whole {
        for &(seat, bonus) in &cards.handfuls {
            if !st.handfuls.iter().any(|h| h.0 == seat) {
                out.sheet(mismatch(
                    sheet.span,
                    &format!("no handful of seat {seat}"),
                    &format!("seat {seat} {}", handful(Some(bonus))),
                ));
            }
        }
    }
    let slam = |announced: bool, side: Option<Side>| {
        let made = match side {
            Some(s) => format!("every trick to the {}", s.word()),
            None => "no side every trick".to_string(),
        };
        format!(
            "a slam {}announced, {made}",
            if announced { "" } else { "not " }
        )
    };
    let card_slam = (cards.slam_announced, cards.slam);
    match st.slam {
        Some((announced, side, f)) if (announced, side) != card_slam => out.sheet(mismatch(
            f.span,
            &slam(announced, side),
            &slam(card_slam.0, card_slam.1),
        )),
        None if whole && card_slam != (false, None) => out.sheet(mismatch(
            sheet.span,
            "no slam",
            &slam(card_slam.0, card_slam.1),
        )),
        _ => {}
    }
}
