//! The Skill7 score sheet (issue 26; spec/rules-skill7-tarock.md, "Score
//! sheets"): the facts of [`super::settle::Facts`] as a `result` section
//! states them, read, checked against the cards, and written back.
//!
//! ```text
//! result: 1 rufer, 3 partner, points 52, kontra game, pagat bid won, trull opponents
//! ```
//!
//! - `SEAT rufer|farbesolo|solo`: the declarer and the game (S7-BID-1);
//!   `SEAT partner` or `alone`: the Rufer's partner (S7-CALL-1);
//! - `points N` (the declarer's team's card points, S7-POINTS-2) or `game
//!   won|lost`;
//! - `kontra T`, `rekontra T`, `subkontra T` (or `contra`, ...): the kontra
//!   level on the game or on an addition bid (S7-ADD-3);
//! - `absolut|pagat|valat bid [by-opponents] won|lost`, `absolut|pagat|valat
//!   silent declarer|opponents` (the team that wins the line; S7-SCORE-2..4);
//! - `trull|four-kings|capture-moon declarer|opponents`: the automatic
//!   premiums Trull, Königstrull and Mondfang, and the team that wins them
//!   (S7-SCORE-5).

use notation::{Fact, Game, Seat, Sheet};

use super::auction::Kind;
use super::settle::{Facts, LineFact, Points, What};
use super::state::{Out, Side};
use crate::sheet::{bad, mismatch, missing};
use crate::Reason;

const HELP: &str = "a Skill7 result is `SEAT rufer|farbesolo|solo`, `SEAT partner` or `alone` (rufer), `points N` or `game won|lost`, `kontra|rekontra|subkontra game|absolut|pagat|valat`, `absolut|pagat|valat bid [by-opponents] won|lost` or `... silent declarer|opponents`, `trull|four-kings|capture-moon declarer|opponents` (spec/notation.md §6.7)";

fn side_word(side: Side) -> &'static str {
    match side {
        Side::Declarer => "declarer",
        Side::Opponents => "opponents",
    }
}

fn what_word(w: What) -> &'static str {
    match w {
        What::Absolut => "absolut",
        What::Pagat => "pagat",
        What::Valat => "valat",
        What::Trull => "trull",
        What::Koenigstrull => "four-kings",
        What::Mondfang => "capture-moon",
    }
}

fn what_of(w: &str) -> Option<What> {
    Some(match w {
        "absolut" => What::Absolut,
        "pagat" => What::Pagat,
        "valat" => What::Valat,
        "trull" => What::Trull,
        "four-kings" => What::Koenigstrull,
        "capture-moon" => What::Mondfang,
        _ => return None,
    })
}

fn level_word(level: u8) -> &'static str {
    ["", "kontra", "rekontra", "subkontra"][level.min(3) as usize]
}

/// A line's words as a sheet writes them.
fn line_words(l: &LineFact) -> String {
    match l.bid {
        Some((owner, _)) => format!(
            "{} bid{} {}",
            what_word(l.what),
            if owner == Side::Declarer {
                ""
            } else {
                " by-opponents"
            },
            if l.winner == owner { "won" } else { "lost" }
        ),
        None if matches!(l.what, What::Absolut | What::Pagat | What::Valat) => {
            format!("{} silent {}", what_word(l.what), side_word(l.winner))
        }
        None => format!("{} {}", what_word(l.what), side_word(l.winner)),
    }
}

fn points_words(p: Points) -> String {
    match p {
        Points::Count(n) => format!("points {n}"),
        Points::Won(true) => "game won".into(),
        Points::Won(false) => "game lost".into(),
    }
}

/// The facts as a score sheet writes them.
pub(super) fn to_sheet(f: &Facts) -> Sheet {
    let mut facts = Vec::new();
    let mut push = |seat: Option<Seat>, words: String| facts.push(crate::sheet::fact(seat, &words));
    push(Some(f.declarer), f.game.word().to_owned());
    match f.partner {
        Some(p) if f.game == Kind::Rufer => push(Some(p), "partner".into()),
        None if f.game == Kind::Rufer => push(None, "alone".into()),
        _ => {}
    }
    push(None, points_words(f.points));
    if f.game_level > 0 {
        push(None, format!("{} game", level_word(f.game_level)));
    }
    for l in f.lines.iter().chain(&f.valat) {
        push(None, line_words(l));
        if let Some((_, level)) = l.bid.filter(|b| b.1 > 0) {
            push(None, format!("{} {}", level_word(level), what_word(l.what)));
        }
    }
    Sheet {
        facts,
        comments: Vec::new(),
        span: Default::default(),
    }
}

struct StatedLine<'s> {
    what: What,
    /// Bid: the owner and whether it won.
    bid: Option<(Side, bool)>,
    /// Silent or a premium: the team that wins the line.
    winner: Side,
    fact: &'s Fact,
}

#[derive(Default)]
struct Stated<'s> {
    contract: Option<(Seat, Kind, &'s Fact)>,
    partner: Option<(Seat, &'s Fact)>,
    alone: Option<&'s Fact>,
    points: Option<(Points, &'s Fact)>,
    /// Kontra levels: `None` for the game.
    levels: Vec<(Option<What>, u8, &'s Fact)>,
    lines: Vec<StatedLine<'s>>,
    faulty: bool,
}

impl Stated<'_> {
    fn level(&self, target: Option<What>) -> u8 {
        self.levels
            .iter()
            .find(|l| l.0 == target)
            .map_or(0, |l| l.1)
    }

    fn line_fact(&self, l: &StatedLine<'_>) -> LineFact {
        let (bid, winner) = match l.bid {
            Some((owner, won)) => (
                Some((owner, self.level(Some(l.what)))),
                if won { owner } else { owner.other() },
            ),
            None => (None, l.winner),
        };
        let fact = LineFact {
            what: l.what,
            bid,
            winner,
            reason: Reason::from(""),
        };
        LineFact {
            reason: crate::reason!("{} (score sheet)", line_words(&fact)),
            ..fact
        }
    }
}

fn read<'s>(sheet: &'s Sheet, out: &mut Out) -> Stated<'s> {
    let mut st = Stated::default();
    for f in &sheet.facts {
        if let (Some(seat), [w]) = (f.seat, f.words.as_slice()) {
            if let Some(kind) = Game::from_word(w).and_then(Kind::from_game) {
                if seat.number() < 4 && st.contract.is_none() {
                    st.contract = Some((seat, kind, f));
                }
            }
        }
    }
    for f in &sheet.facts {
        if let Err(p) = read_fact(f, &mut st) {
            st.faulty = true;
            out.push(p);
        }
    }
    // A kontra on an addition the sheet does not bid cannot be (S7-ADD-3).
    for &(target, _, f) in &st.levels {
        if let Some(w) = target {
            if !st.lines.iter().any(|l| l.what == w && l.bid.is_some()) {
                st.faulty = true;
                out.push(bad(
                    f,
                    format!("a kontra on {}, which the sheet does not bid", what_word(w)),
                    "only the game and additions bid are kontra'd (S7-ADD-3)",
                ));
            }
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
    if f.seat.is_some_and(|s| s.number() >= 4) {
        st.faulty = true;
        return Ok(());
    }
    let game = st.contract.map(|c| c.1);
    let words: Vec<&str> = f.words.iter().map(String::as_str).collect();
    let not_in_game =
        |what: &str| {
            bad(
            f,
            format!("{what} is not scored in {}", game.map_or("this game", |g| g.word())),
            "S7-SCORE-1..5 say what each game scores (no pagat, Trull or Mondfang in farbesolo)",
        )
        };
    let side = |w: &str| match w {
        "declarer" => Some(Side::Declarer),
        "opponents" => Some(Side::Opponents),
        _ => None,
    };
    match (f.seat, words.as_slice()) {
        (Some(_), [w]) if Game::from_word(w).is_some() => {
            if Game::from_word(w).and_then(Kind::from_game).is_none() {
                return Err(bad(
                    f,
                    format!("`{w}` is not a game of Skill7 Tarock"),
                    "the games are rufer, farbesolo and solo (S7-BID-1)",
                ));
            }
            if !st.contract.is_some_and(|c| std::ptr::eq(c.2, f)) {
                return Err(twice("the game"));
            }
        }
        (Some(seat), ["partner"]) => {
            if let Some((declarer, g, _)) = st.contract {
                if g != Kind::Rufer {
                    return Err(bad(
                        f,
                        format!("a {} has no partner: the declarer plays alone", g.word()),
                        "only the Rufer calls a partner (S7-CALL-1)",
                    ));
                }
                if seat == declarer {
                    return Err(bad(f, "the declarer cannot be his own partner", "a Rufer who holds the tarock he calls plays alone: write `alone` (S7-CALL-1)"));
                }
            }
            if st.partner.is_some() || st.alone.is_some() {
                return Err(twice("the partner"));
            }
            st.partner = Some((seat, f));
        }
        (None, ["alone"]) => {
            if game.is_some_and(|g| g != Kind::Rufer) {
                return Err(not_in_game("`alone` (a Rufer without a partner)"));
            }
            if st.partner.is_some() || st.alone.is_some() {
                return Err(twice("the partner"));
            }
            st.alone = Some(f);
        }
        (None, ["game", w @ ("won" | "lost")]) => {
            if st.points.is_some() {
                return Err(twice("the game's result"));
            }
            st.points = Some((Points::Won(*w == "won"), f));
        }
        (None, ["points", n]) => {
            let n: u32 = n.parse().ok().filter(|_| n.len() <= 3).ok_or_else(|| {
                bad(
                    f,
                    format!("`{n}` is not a number of card points"),
                    "write the declarer's team's card points: `points 52`",
                )
            })?;
            if n > 88 {
                return Err(bad(
                    f,
                    format!(
                        "the sheet says {n} points: the cards are worth 88 in all (S7-POINTS-1)"
                    ),
                    "card points are between 0 and 88",
                ));
            }
            if st.points.is_some() {
                return Err(twice("the game's result"));
            }
            st.points = Some((Points::Count(n), f));
        }
        (
            None,
            [c @ ("kontra" | "contra" | "rekontra" | "recontra" | "subkontra" | "subcontra"), target],
        ) => {
            let level = match *c {
                "kontra" | "contra" => 1,
                "rekontra" | "recontra" => 2,
                _ => 3,
            };
            let target = match *target {
                "game" => None,
                w => Some(what_of(w).filter(|w| matches!(w, What::Absolut | What::Pagat | What::Valat)).ok_or_else(|| {
                    bad(f, format!("`{w}` is not the game or an addition"), "a kontra doubles the game or an addition bid: absolut, pagat, valat (S7-ADD-3)")
                })?),
            };
            if st.levels.iter().any(|l| l.0 == target) {
                return Err(twice("a kontra on the same target"));
            }
            st.levels.push((target, level, f));
        }
        (None, [w, rest @ ..]) if what_of(w).is_some() => {
            let what = what_of(w).unwrap();
            if game == Some(Kind::Farbesolo)
                && matches!(what, What::Pagat | What::Trull | What::Mondfang)
            {
                return Err(not_in_game(&format!("`{w}`")));
            }
            let addition = matches!(what, What::Absolut | What::Pagat | What::Valat);
            let (bid, winner) = match (addition, rest) {
                (true, ["bid", r @ ("won" | "lost")]) => {
                    (Some((Side::Declarer, *r == "won")), Side::Declarer)
                }
                (true, ["bid", "by-opponents", r @ ("won" | "lost")]) => {
                    (Some((Side::Opponents, *r == "won")), Side::Opponents)
                }
                (true, ["silent", t]) if side(t).is_some() => (None, side(t).unwrap()),
                (false, [t]) if side(t).is_some() => (None, side(t).unwrap()),
                _ => {
                    return Err(bad(
                        f,
                        format!("`{}` is not a fact of a Skill7 result", words.join(" ")),
                        if addition {
                            format!("write `{w} bid [by-opponents] won|lost` or `{w} silent declarer|opponents` (S7-SCORE-2..4)")
                        } else {
                            format!("write `{w} declarer|opponents`: the team that wins the premium (S7-SCORE-5)")
                        },
                    ))
                }
            };
            if st.lines.iter().any(|l| l.what == what) {
                return Err(twice(w));
            }
            st.lines.push(StatedLine {
                what,
                bid,
                winner,
                fact: f,
            });
        }
        _ => {
            return Err(bad(
                f,
                format!("`{}` is not a fact of a Skill7 result", fact_text(f)),
                HELP,
            ))
        }
    }
    Ok(())
}

fn fact_text(f: &Fact) -> String {
    match f.seat {
        Some(s) => format!("{s} {}", f.words.join(" ")),
        None => f.words.join(" "),
    }
}

/// The facts of a score sheet alone, or `None` (with its findings) when it
/// does not say what the settlement needs or says what cannot be.
pub(super) fn stated(sheet: &Sheet, out: &mut Out) -> Option<Facts> {
    let st = read(sheet, out);
    let Some((declarer, game, _)) = st.contract else {
        if !sheet
            .facts
            .iter()
            .any(|f| f.seat.is_some() && f.words.len() == 1)
        {
            out.push(missing(
                sheet,
                "the result does not say the game and its declarer (`1 rufer`)",
                HELP,
            ));
        }
        return None;
    };
    let mut short = false;
    if game == Kind::Rufer
        && st.partner.is_none()
        && st.alone.is_none()
        && !sheet
            .facts
            .iter()
            .any(|f| matches!(f.head(), "partner" | "alone"))
    {
        out.push(missing(
            sheet,
            "the result does not say who partnered the Rufer",
            "write `SEAT partner` (the holder of the called tarock), or `alone` (S7-CALL-1)",
        ));
        short = true;
    }
    if st.points.is_none()
        && !sheet
            .facts
            .iter()
            .any(|f| matches!(f.head(), "points" | "game"))
    {
        out.push(missing(
            sheet,
            "the result does not say whether the game was won (`points 52` or `game won`)",
            "45 points win the game (S7-POINTS-2)",
        ));
        short = true;
    }
    if st.faulty || short {
        return None;
    }
    let (points, _) = st.points?;
    if game == Kind::Rufer && st.partner.is_none() && st.alone.is_none() {
        return None;
    }
    let lines = st
        .lines
        .iter()
        .filter(|l| l.what != What::Valat)
        .map(|l| st.line_fact(l))
        .collect();
    let valat = st
        .lines
        .iter()
        .find(|l| l.what == What::Valat)
        .map(|l| st.line_fact(l));
    Some(Facts {
        game,
        declarer,
        partner: st.partner.map(|p| p.0),
        game_level: st.level(None),
        points,
        lines,
        valat,
    })
}

/// A sheet beside the cards: each stated fact the cards contradict is one
/// `result-mismatch` at it; when the sheet names the game, a line of the
/// cards it leaves out, and a kontra on the game, are compared too.
pub(super) fn compare(sheet: &Sheet, cards: &Facts, out: &mut Out) {
    let st = read(sheet, out);
    let whole = st.contract.is_some();
    if let Some((seat, game, f)) = st.contract {
        if (seat, game) != (cards.declarer, cards.game) {
            out.push(mismatch(
                f.span,
                &format!("seat {seat} {}", game.word()),
                &format!("seat {} {}", cards.declarer, cards.game.word()),
            ));
        }
    }
    let given_partner = || {
        cards.partner.map_or("the declarer alone".into(), |p| {
            format!("seat {p} as partner")
        })
    };
    if let Some((seat, f)) = st.partner {
        if Some(seat) != cards.partner {
            out.push(mismatch(
                f.span,
                &format!("seat {seat} as partner"),
                &given_partner(),
            ));
        }
    }
    if let (Some(f), Some(_)) = (st.alone, cards.partner) {
        out.push(mismatch(f.span, "the declarer alone", &given_partner()));
    }
    if let Some((p, f)) = st.points {
        let differs = match (p, cards.points) {
            (Points::Count(a), Points::Count(b)) => a != b,
            (a, b) => a.won() != b.won(),
        };
        if differs {
            out.push(mismatch(
                f.span,
                &points_words(p),
                &points_words(cards.points),
            ));
        }
    }
    let level = st.level(None);
    if level != cards.game_level {
        let at = st.levels.iter().find(|l| l.0.is_none()).map(|l| l.2.span);
        if whole || at.is_some() {
            let says = |l: u8| match l {
                0 => "no kontra on the game".to_string(),
                l => format!("{} game", level_word(l)),
            };
            out.push(mismatch(
                at.unwrap_or(sheet.span),
                &says(level),
                &says(cards.game_level),
            ));
        }
    }
    let all: Vec<&LineFact> = cards.lines.iter().chain(&cards.valat).collect();
    for l in &st.lines {
        let stated = st.line_fact(l);
        let given = all.iter().find(|c| c.what == l.what);
        let (sw, gw) = (line_words(&stated), given.map(|g| line_words(g)));
        if Some(&sw) != gw.as_ref() {
            out.push(mismatch(
                l.fact.span,
                &sw,
                gw.as_deref()
                    .unwrap_or(&format!("no {}", what_word(l.what))),
            ));
        } else if let (Some((_, a)), Some((_, b))) = (stated.bid, given.and_then(|g| g.bid)) {
            if a != b {
                out.push(mismatch(
                    l.fact.span,
                    &format!("{} at kontra level {a}", what_word(l.what)),
                    &format!("kontra level {b}"),
                ));
            }
        }
    }
    if whole {
        for c in &all {
            if !st.lines.iter().any(|l| l.what == c.what) {
                out.push(mismatch(
                    sheet.span,
                    &format!("no {}", what_word(c.what)),
                    &line_words(c),
                ));
            }
        }
    }
}
