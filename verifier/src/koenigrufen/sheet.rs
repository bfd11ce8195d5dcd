//! The Königrufen score sheet (issue 26; spec/rules-koenigrufen.md, "Score
//! sheets"): the facts of [`super::settle::Facts`] as a `result` section
//! states them, read, checked against the cards, and written back.
//!
//! ```text
//! result: 1 caller, 3 partner, points 41, contra game, pagat announced made, trull silent opponents
//! ```
//!
//! - `SEAT GAME`: the bidder and the game (KR-BID-2, 3); `SEAT partner`:
//!   the holder of the called king, when known, and `call KING`, the king
//!   called (KR-CALL-1); `alone`: a caller without a partner (he called
//!   his own king, or one in the talon);
//! - `game won` / `game lost`, or `points N` / `points N 1/3` / `points N
//!   2/3`: the bidder's team's card points (KR-SCORE-1, 2), positive games;
//! - `tricks N`: the bidder's tricks in beggar and piccolo (KR-SCORE-6);
//!   `SEAT points N`: each seat's card points in trischaken (KR-SCORE-7);
//! - `contra T`, `recontra T`, `subcontra T`: the contra level on the game
//!   or on an announced bonus (KR-ANN-4);
//! - `BONUS announced [by-opponents] made|lost`, `BONUS silent
//!   bidder|opponents` (the team that wins a silent bonus): pagat, uhu,
//!   pelican, quapil, king-ultimo, trull, four-kings, honours, absolut,
//!   valat (KR-BONUS-1, 2, 5..10); `capture-moon bidder|opponents` (the
//!   team that captured it, KR-BONUS-3), `capture-king` (KR-BONUS-4);
//! - `grind`: the bidder gave the game up (KR-TALON-2).

use notation::Rule;
use notation::{Bonus, Fact, Game, Seat, Sheet};

use super::options::Opts;
use super::out::Out;
use super::rules::*;
use super::settle::{BonusFact, Count, Facts, Points, Valat};
use super::state::Ann;
use crate::sheet::{bad, mismatch, missing};

const HELP: &str = "a Königrufen result is `SEAT GAME`, `SEAT partner` or `alone`, `call KING`, `game won|lost` or `points N`, `tricks N` (beggar, piccolo), `SEAT points N` (trischaken), `contra|recontra|subcontra game|BONUS`, `BONUS announced [by-opponents] made|lost`, `BONUS silent bidder|opponents`, `capture-moon bidder|opponents`, `capture-king`, `grind` (spec/notation.md §6.7)";

fn team_word(bidder_team: bool) -> &'static str {
    if bidder_team {
        "bidder"
    } else {
        "opponents"
    }
}

fn level_word(level: u8) -> &'static str {
    ["", "contra", "recontra", "subcontra"][level.min(3) as usize]
}

/// The words of a bonus fact as a sheet writes them (`pagat announced
/// made`, `trull silent opponents`, `capture-moon bidder`).
fn bonus_words(b: &BonusFact) -> String {
    if b.capture {
        return match b.bonus {
            Bonus::CaptureKing => "capture-king".into(),
            _ => format!("{} {}", b.bonus.word(), team_word(b.bidder_team_wins)),
        };
    }
    match b.announced {
        Some(a) => format!(
            "{} announced{} {}",
            b.bonus.word(),
            if a.bidder_team { "" } else { " by-opponents" },
            if b.made() { "made" } else { "lost" }
        ),
        None => format!(
            "{} silent {}",
            b.bonus.word(),
            team_word(b.bidder_team_wins)
        ),
    }
}

fn valat_words(v: Valat) -> String {
    match v {
        Valat::Announced(a, made) => format!(
            "valat announced{} {}",
            if a.bidder_team { "" } else { " by-opponents" },
            if made { "made" } else { "lost" }
        ),
        Valat::Silent(t) => format!("valat silent {}", team_word(t)),
    }
}

fn points_words(p: Points) -> String {
    match p {
        Points::Thirds(t) => format!("points {}", thirds(t)),
        Points::Won(true) => "game won".into(),
        Points::Won(false) => "game lost".into(),
    }
}

/// The facts as a score sheet writes them.
pub(super) fn to_sheet(f: &Facts) -> Sheet {
    let mut facts = Vec::new();
    let mut push = |seat: Option<Seat>, words: String| facts.push(crate::sheet::fact(seat, &words));
    push(Some(f.bidder), f.game.word().to_owned());
    if let Some(p) = f.partner {
        push(Some(p), "partner".into());
    } else if is_caller(f.game) {
        push(None, "alone".into());
    }
    if let Some(k) = f.called {
        push(None, format!("call {k}"));
    }
    if f.game_level > 0 {
        push(None, format!("{} game", level_word(f.game_level)));
    }
    match &f.count {
        Count::Positive {
            points,
            bonuses,
            valat,
        } => {
            push(None, points_words(*points));
            for b in bonuses {
                push(None, bonus_words(b));
                if let Some(a) = b.announced.filter(|a| a.level > 0) {
                    push(None, format!("{} {}", level_word(a.level), b.bonus.word()));
                }
            }
            if let Some(v) = valat {
                push(None, valat_words(*v));
                if let Valat::Announced(a, _) = v {
                    if a.level > 0 {
                        push(None, format!("{} valat", level_word(a.level)));
                    }
                }
            }
        }
        Count::Tricks(n) => push(None, format!("tricks {n}")),
        Count::Trischaken(points) => {
            for (s, &p) in points.iter().enumerate() {
                push(Some(Seat::new(s as u8)), format!("points {}", thirds(p)));
            }
        }
    }
    Sheet {
        facts,
        comments: Vec::new(),
        span: Default::default(),
    }
}

/// The sheet of a grind: the game given up and its bidder (KR-TALON-2).
pub(super) fn grind_sheet(game: Game, bidder: Seat) -> Sheet {
    let fact = |seat: Option<Seat>, word: &str| Fact {
        seat,
        words: vec![word.to_owned()],
        span: Default::default(),
    };
    Sheet {
        facts: vec![fact(Some(bidder), game.word()), fact(None, "grind")],
        comments: Vec::new(),
        span: Default::default(),
    }
}

/// A sheet beside the cards of a grind: the game, and the grind itself.
pub(super) fn compare_grind(
    sheet: &Sheet,
    game: Game,
    bidder: Seat,
    opts: &Opts,
    out: &mut Out<'_>,
) {
    let mut st = read(sheet, opts, out);
    contras_on_announced(&mut st, out);
    if let Some((seat, g, f)) = st.contract {
        if (seat, g) != (bidder, game) {
            out.push(mismatch(
                f.span,
                &format!("seat {seat} {}", g.word()),
                &format!("seat {bidder} {}", game.word()),
            ));
        }
    }
    if st.grind.is_none() {
        out.push(mismatch(
            sheet.span,
            "a game played to its end",
            "a grind: the game given up (KR-TALON-2)",
        ));
    }
}

/// A stated bonus: announced (by which team, made or not) or silent (the
/// team that wins it), with the fact that says it.
struct StatedBonus<'s> {
    bonus: Bonus,
    /// `Some((bidder_team, made))` when announced.
    announced: Option<(bool, bool)>,
    /// Silent: the team that wins the line.
    wins: bool,
    fact: &'s Fact,
}

#[derive(Default)]
struct Stated<'s> {
    contract: Option<(Seat, Game, &'s Fact)>,
    partner: Option<(Seat, &'s Fact)>,
    called: Option<(notation::Card, &'s Fact)>,
    alone: Option<&'s Fact>,
    /// Contra levels: `None` for the game, else the bonus.
    levels: Vec<(Option<Bonus>, u8, &'s Fact)>,
    points: Option<(Points, &'s Fact)>,
    tricks: Option<(u8, &'s Fact)>,
    seat_points: [Option<(u32, &'s Fact)>; 4],
    bonuses: Vec<StatedBonus<'s>>,
    grind: Option<&'s Fact>,
    faulty: bool,
}

impl Stated<'_> {
    fn level(&self, target: Option<Bonus>) -> u8 {
        self.levels
            .iter()
            .find(|l| l.0 == target)
            .map_or(0, |l| l.1)
    }
}

/// `N`, `N 1/3`, `N 2/3` in thirds, at most 70 points (KR-POINTS).
fn thirds_of(words: &[&str]) -> Option<u32> {
    let (whole, part) = match words {
        [w] => (w, 0),
        [w, "1/3"] => (w, 1),
        [w, "2/3"] => (w, 2),
        _ => return None,
    };
    if whole.is_empty() || whole.len() > 3 || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(whole.parse::<u32>().ok()? * 3 + part)
}

#[allow(clippy::result_large_err)]
fn points_fact(f: &Fact, words: &[&str]) -> Result<u32, notation::Problem> {
    let t = thirds_of(words).ok_or_else(|| {
        bad(
            f,
            format!("`{}` is not a number of card points", words.join(" ")),
            "write card points as `N`, `N 1/3` or `N 2/3` (KR-SCORE-1)",
        )
    })?;
    if t > 210 {
        return Err(bad(
            f,
            format!(
                "the sheet says {} points: the cards are worth 70 in all (KR-POINTS)",
                thirds(t)
            ),
            "card points are between 0 and 70",
        ));
    }
    Ok(t)
}

fn bonus_word(w: &str) -> Option<Bonus> {
    Bonus::from_word(w)
}

fn read<'s>(sheet: &'s Sheet, opts: &Opts, out: &mut Out<'_>) -> Stated<'s> {
    let mut st = Stated::default();
    // The game first: what a fact means depends on it.
    for f in &sheet.facts {
        if let (Some(seat), [w]) = (f.seat, f.words.as_slice()) {
            if let Some(game) = Game::from_word(w).filter(|&g| is_game(g)) {
                if seat.number() < 4 && st.contract.is_none() {
                    st.contract = Some((seat, game, f));
                }
            }
        }
    }
    for f in &sheet.facts {
        if let Err(p) = read_fact(f, opts, &mut st) {
            st.faulty = true;
            out.push(p);
        }
    }
    st
}

// Once per fact of a sheet, never on the play's path: the finding as it is.
#[allow(clippy::result_large_err)]
fn read_fact<'s>(f: &'s Fact, opts: &Opts, st: &mut Stated<'s>) -> Result<(), notation::Problem> {
    let twice = |what: &str| {
        bad(
            f,
            format!("the sheet states {what} twice"),
            "state each fact once",
        )
    };
    if f.seat.is_some_and(|s| s.number() >= 4) {
        // Reported by the structural checks (`unknown-seat`).
        st.faulty = true;
        return Ok(());
    }
    let game = st.contract.map(|c| c.1);
    let words: Vec<&str> = f.words.iter().map(String::as_str).collect();
    let not_in_game = |what: &str| {
        bad(
            f,
            format!(
                "{what} is not scored in {}",
                game.map_or("this game".into(), |g| format!("a {}", g.word()))
            ),
            "KR-ANN-2 lists the bonuses of each game; KR-SCORE-1..7 what each game counts",
        )
    };
    match (f.seat, words.as_slice()) {
        (Some(seat), [w]) if Game::from_word(w).is_some() => {
            let g = Game::from_word(w).unwrap();
            if !is_game(g) {
                return Err(bad(
                    f,
                    format!("`{w}` is not a game of Königrufen"),
                    "the games are listed in KR-BID-2 and KR-BID-3",
                ));
            }
            if !st.contract.is_some_and(|c| std::ptr::eq(c.2, f)) {
                return Err(twice("the game"));
            }
            let _ = seat;
        }
        (Some(seat), ["partner"]) => {
            if let Some((bidder, g, _)) = st.contract {
                if !is_caller(g) {
                    return Err(bad(
                        f,
                        format!("a {} has no partner: the bidder plays alone", g.word()),
                        "only caller games call a partner (KR-CALL-1)",
                    ));
                }
                if seat == bidder {
                    return Err(bad(f, "the bidder cannot be his own partner", "the partner holds the called king (KR-CALL-1); a bidder who calls his own king plays alone: leave `partner` out"));
                }
            }
            if st.partner.is_some() || st.alone.is_some() {
                return Err(twice("the partner"));
            }
            st.partner = Some((seat, f));
        }
        (None, ["alone"]) => {
            if game.is_some_and(|g| !is_caller(g)) {
                return Err(not_in_game("`alone` (a caller without a partner)"));
            }
            if st.partner.is_some() || st.alone.is_some() {
                return Err(twice("the partner"));
            }
            st.alone = Some(f);
        }
        (None, ["call", card]) => {
            let king = card
                .parse::<notation::Card>()
                .ok()
                .filter(|c| kings().contains(*c))
                .ok_or_else(|| {
                    bad(
                        f,
                        format!("`{card}` is not a king"),
                        "a caller calls a king: `call HK` (KR-CALL-1)",
                    )
                })?;
            if game.is_some_and(|g| !is_caller(g)) {
                return Err(not_in_game("a king called"));
            }
            if st.called.is_some() {
                return Err(twice("the king called"));
            }
            st.called = Some((king, f));
        }
        (None, ["game", w @ ("won" | "lost")]) => {
            if game.is_some_and(is_negative) {
                return Err(not_in_game("a game line by card points"));
            }
            if st.points.is_some() {
                return Err(twice("the game's result"));
            }
            st.points = Some((Points::Won(*w == "won"), f));
        }
        (None, ["points", rest @ ..]) => {
            let t = points_fact(f, rest)?;
            if game.is_some_and(is_negative) {
                return Err(not_in_game("the bidder's team's card points"));
            }
            if st.points.is_some() {
                return Err(twice("the game's result"));
            }
            st.points = Some((Points::Thirds(t), f));
        }
        (Some(seat), ["points", rest @ ..]) => {
            let t = points_fact(f, rest)?;
            if game.is_some_and(|g| g != Game::Trischaken) {
                return Err(not_in_game("a seat's own card points"));
            }
            if st.seat_points[seat.index()].is_some() {
                return Err(twice(&format!("seat {seat}'s points")));
            }
            st.seat_points[seat.index()] = Some((t, f));
        }
        (None, ["tricks", n]) => {
            let n: u8 = n.parse().ok().filter(|&n| n <= 12).ok_or_else(|| {
                bad(
                    f,
                    format!("`{n}` is not a number of tricks of a deal"),
                    "a deal has 12 tricks: the bidder takes 0 to 12",
                )
            })?;
            if game.is_some_and(|g| !(is_beggar(g) || is_piccolo(g))) {
                return Err(not_in_game("the bidder's tricks"));
            }
            if st.tricks.is_some() {
                return Err(twice("the tricks"));
            }
            st.tricks = Some((n, f));
        }
        (
            None,
            [c @ ("contra" | "kontra" | "recontra" | "rekontra" | "subcontra" | "subkontra"), target],
        ) => {
            let level = match *c {
                "contra" | "kontra" => 1,
                "recontra" | "rekontra" => 2,
                _ => 3,
            };
            let target = match *target {
                "game" => None,
                w => Some(bonus_word(w).ok_or_else(|| {
                    bad(
                        f,
                        format!("`{w}` is not the game or a bonus"),
                        "a contra doubles the game or an announced bonus (KR-ANN-4)",
                    )
                })?),
            };
            if st.levels.iter().any(|l| l.0 == target) {
                return Err(twice("a contra on the same target"));
            }
            st.levels.push((target, level, f));
        }
        (None, ["grind"]) => {
            if st.grind.is_some() {
                return Err(twice("the grind"));
            }
            st.grind = Some(f);
        }
        (None, ["capture-king"]) => {
            if game.is_some_and(|g| !is_caller(g)) {
                return Err(not_in_game("capture the king"));
            }
            push_bonus(st, f, Bonus::CaptureKing, None, false)?;
        }
        (None, ["capture-moon", side @ ("bidder" | "opponents")]) => {
            if game.is_some_and(|g| !is_black(g)) {
                return Err(not_in_game("capture the moon"));
            }
            push_bonus(st, f, Bonus::CaptureMoon, None, *side == "bidder")?;
        }
        (None, [w, rest @ ..]) if bonus_word(w).is_some() => {
            let bonus = bonus_word(w).unwrap();
            if matches!(bonus, Bonus::CaptureMoon | Bonus::CaptureKing) {
                return Err(bad(
                    f,
                    format!("`{}` cannot be: {} scores silently only", words.join(" "), w),
                    "write `capture-moon bidder|opponents` (the team that captured it) or `capture-king` (KR-BONUS-3, 4)",
                ));
            }
            if let Some(g) = game {
                if !bonus_exists(bonus, g, opts.absolut_on) {
                    return Err(not_in_game(&format!("`{w}`")));
                }
            }
            let (announced, wins) = match rest {
                ["announced", m @ ("made" | "lost")] => (Some((true, *m == "made")), false),
                ["announced", "by-opponents", m @ ("made" | "lost")] => {
                    (Some((false, *m == "made")), false)
                }
                ["silent", t @ ("bidder" | "opponents")] => (None, *t == "bidder"),
                _ => {
                    return Err(bad(
                        f,
                        format!("`{}` is not a bonus fact", words.join(" ")),
                        format!("write `{w} announced [by-opponents] made|lost` or `{w} silent bidder|opponents` (KR-SCORE-4)"),
                    ))
                }
            };
            push_bonus(st, f, bonus, announced, wins)?;
        }
        _ => {
            return Err(bad(
                f,
                format!("`{}` is not a fact of a Königrufen result", fact_text(f)),
                HELP,
            ))
        }
    }
    Ok(())
}

#[allow(clippy::result_large_err)]
fn push_bonus<'s>(
    st: &mut Stated<'s>,
    f: &'s Fact,
    bonus: Bonus,
    announced: Option<(bool, bool)>,
    wins: bool,
) -> Result<(), notation::Problem> {
    if st.bonuses.iter().any(|b| b.bonus == bonus) {
        return Err(bad(
            f,
            format!("the sheet states {} twice", bonus.word()),
            "state each bonus once",
        ));
    }
    st.bonuses.push(StatedBonus {
        bonus,
        announced,
        wins,
        fact: f,
    });
    Ok(())
}

fn fact_text(f: &Fact) -> String {
    match f.seat {
        Some(s) => format!("{s} {}", f.words.join(" ")),
        None => f.words.join(" "),
    }
}

fn rule_of(bonus: Bonus) -> Rule {
    match bonus {
        Bonus::Pagat | Bonus::Uhu | Bonus::Pelican | Bonus::Quapil => Rule::KrBonus1,
        Bonus::KingUltimo => Rule::KrBonus2,
        Bonus::CaptureMoon => Rule::KrBonus3,
        Bonus::CaptureKing => Rule::KrBonus4,
        Bonus::Trull => Rule::KrBonus5,
        Bonus::FourKings => Rule::KrBonus6,
        Bonus::Honours => Rule::KrBonus7,
        Bonus::Absolut => Rule::KrBonus8,
        Bonus::Valat => Rule::KrBonus9,
    }
}

/// A stated bonus as the settlement takes it.
fn bonus_fact(st: &Stated<'_>, b: &StatedBonus<'_>) -> BonusFact {
    let capture = matches!(b.bonus, Bonus::CaptureMoon | Bonus::CaptureKing);
    let announced = b.announced.map(|(team, _)| Ann {
        bidder_team: team,
        level: st.level(Some(b.bonus)),
    });
    let bidder_team_wins = match b.announced {
        Some((team, made)) => team == made,
        None => b.wins,
    };
    let reason = match (capture, b.announced) {
        (true, _) if b.bonus == Bonus::CaptureKing => "capture the king (score sheet)".into(),
        (true, _) => crate::reason!(
            "capture the moon by the {} (score sheet)",
            if b.wins { "bidder's team" } else { "opponents" }
        ),
        (false, Some((_, made))) => crate::reason!(
            "{} announced, {}",
            b.bonus.word(),
            if made { "made" } else { "lost" }
        ),
        (false, None) => crate::reason!("{} silent", b.bonus.word()),
    };
    BonusFact {
        bonus: b.bonus,
        rule: rule_of(b.bonus),
        announced,
        bidder_team_wins,
        capture,
        reason,
    }
}

fn valat_of(st: &Stated<'_>) -> Option<Valat> {
    let b = st.bonuses.iter().find(|b| b.bonus == Bonus::Valat)?;
    Some(match b.announced {
        Some((team, made)) => Valat::Announced(
            Ann {
                bidder_team: team,
                level: st.level(Some(Bonus::Valat)),
            },
            made,
        ),
        None => Valat::Silent(b.wins),
    })
}

/// A contra on a bonus the sheet does not announce cannot be (KR-ANN-4).
fn contras_on_announced(st: &mut Stated<'_>, out: &mut Out<'_>) {
    for &(target, _, f) in &st.levels {
        if let Some(bonus) = target {
            let announced = st
                .bonuses
                .iter()
                .any(|b| b.bonus == bonus && b.announced.is_some());
            if !announced {
                st.faulty = true;
                out.push(bad(
                    f,
                    format!(
                        "a contra on {}, which the sheet does not announce",
                        bonus.word()
                    ),
                    "only the game and announced bonuses are doubled (KR-ANN-4)",
                ));
            }
        }
    }
}

/// What a score sheet alone says: a grind (the game given up) or the facts
/// of a deal played to its end; `None`, with findings, when it does not
/// say what the settlement needs or says what cannot be.
pub(super) enum Settles {
    Grind(Game, Seat),
    Played(Facts),
}

pub(super) fn stated(
    sheet: &Sheet,
    opts: &Opts,
    forehand: Seat,
    out: &mut Out<'_>,
) -> Option<Settles> {
    let mut st = read(sheet, opts, out);
    contras_on_announced(&mut st, out);
    let Some((bidder, game, _)) = st.contract else {
        if !sheet
            .facts
            .iter()
            .any(|f| f.seat.is_some() && f.words.len() == 1)
        {
            out.push(missing(
                sheet,
                "the result does not say the game and its bidder (`1 caller`)",
                HELP,
            ));
        }
        return None;
    };
    if st.grind.is_some() {
        return (!st.faulty).then_some(Settles::Grind(game, bidder));
    }
    if is_caller(game) && st.partner.is_none() && st.alone.is_none() {
        if !sheet
            .facts
            .iter()
            .any(|f| f.head() == "partner" || f.head() == "alone")
        {
            out.push(missing(
                sheet,
                format!("the result does not say who partnered the bidder in the {}", game.word()),
                "write `SEAT partner` (the holder of the called king), or `alone` when the bidder called his own king or one in the talon (KR-CALL-1)",
            ));
        }
        return None;
    }
    let count = if game == Game::Trischaken {
        let mut points = [0; 4];
        let mut all = true;
        for (s, p) in st.seat_points.iter().enumerate() {
            match p {
                Some((t, _)) => points[s] = *t,
                None => all = false,
            }
        }
        if !all {
            out.push(missing(
                sheet,
                "the result does not give every seat's card points (`0 points 20`, one per seat)",
                "trischaken is settled by each seat's own points (KR-SCORE-7)",
            ));
            return None;
        }
        Count::Trischaken(points)
    } else if is_negative(game) {
        let Some((n, _)) = st.tricks else {
            out.push(missing(sheet, format!("the result does not say how many tricks the bidder took in the {} (`tricks 0`)", game.word()), "beggar and piccolo are settled by the bidder's tricks (KR-SCORE-6)"));
            return None;
        };
        Count::Tricks(n)
    } else {
        let Some((points, _)) = st.points else {
            if !sheet
                .facts
                .iter()
                .any(|f| matches!(f.head(), "points" | "game"))
            {
                out.push(missing(
                    sheet,
                    "the result does not say whether the game was won (`game won`, or `points 41`)",
                    "the game line is won with 35 2/3 points (KR-SCORE-2)",
                ));
            }
            return None;
        };
        Count::Positive {
            points,
            bonuses: st
                .bonuses
                .iter()
                .filter(|b| b.bonus != Bonus::Valat)
                .map(|b| bonus_fact(&st, b))
                .collect(),
            valat: valat_of(&st),
        }
    };
    if st.faulty {
        return None;
    }
    Some(Settles::Played(Facts {
        game,
        bidder,
        partner: st.partner.map(|p| p.0),
        called: st.called.map(|c| c.0),
        game_level: st.level(None),
        forehand,
        count,
    }))
}

/// A sheet beside the cards: each stated fact the cards contradict is one
/// `result-mismatch` at it. When the sheet names the game, a contra on the
/// game or a bonus of the cards that it leaves out is compared too, at the
/// `result` section.
pub(super) fn compare(sheet: &Sheet, cards: &Facts, opts: &Opts, out: &mut Out<'_>) {
    let mut st = read(sheet, opts, out);
    contras_on_announced(&mut st, out);
    let whole = st.contract.is_some();
    if let Some((seat, game, f)) = st.contract {
        if (seat, game) != (cards.bidder, cards.game) {
            out.push(mismatch(
                f.span,
                &format!("seat {seat} {}", game.word()),
                &format!("seat {} {}", cards.bidder, cards.game.word()),
            ));
        }
    }
    if let (Some(f), Some(p)) = (st.alone, cards.partner) {
        out.push(mismatch(
            f.span,
            "the bidder alone",
            &format!("seat {p} as partner"),
        ));
    }
    if let Some((seat, f)) = st.partner {
        if Some(seat) != cards.partner {
            let given = cards
                .partner
                .map_or("no partner".into(), |p| format!("seat {p} as partner"));
            out.push(mismatch(f.span, &format!("seat {seat} as partner"), &given));
        }
    }
    if let Some((king, f)) = st.called {
        if Some(king) != cards.called {
            let given = cards
                .called
                .map_or("no king called".into(), |k| format!("call {k}"));
            out.push(mismatch(f.span, &format!("call {king}"), &given));
        }
    }
    let game_level = st.level(None);
    if game_level != cards.game_level {
        let at = st
            .levels
            .iter()
            .find(|l| l.0.is_none())
            .map_or(sheet.span, |l| l.2.span);
        if whole || at != sheet.span {
            let says = |l: u8| match l {
                0 => "no contra on the game".to_string(),
                l => format!("{} game", level_word(l)),
            };
            out.push(mismatch(at, &says(game_level), &says(cards.game_level)));
        }
    }
    match &cards.count {
        Count::Positive {
            points,
            bonuses,
            valat,
        } => {
            if let Some((p, f)) = st.points {
                let differs = match (p, points) {
                    (Points::Thirds(a), Points::Thirds(b)) => a != *b,
                    (a, b) => a.won() != b.won(),
                };
                if differs {
                    let cards_words = match (p, points) {
                        (Points::Won(_), Points::Thirds(t)) => format!(
                            "the game {} with {} points",
                            if points.won() { "won" } else { "lost" },
                            thirds(*t)
                        ),
                        _ => points_words(*points),
                    };
                    out.push(mismatch(f.span, &points_words(p), &cards_words));
                }
            }
            for b in &st.bonuses {
                let stated = if b.bonus == Bonus::Valat {
                    valat_of(&st).map(valat_words)
                } else {
                    Some(bonus_words(&bonus_fact(&st, b)))
                };
                let given = if b.bonus == Bonus::Valat {
                    valat.map(valat_words)
                } else {
                    bonuses.iter().find(|c| c.bonus == b.bonus).map(bonus_words)
                };
                let level_differs = b.announced.is_some()
                    && st.level(Some(b.bonus))
                        != bonuses
                            .iter()
                            .find(|c| c.bonus == b.bonus)
                            .and_then(|c| c.announced)
                            .map_or(0, |a| a.level);
                if stated != given {
                    out.push(mismatch(
                        b.fact.span,
                        stated.as_deref().unwrap_or(""),
                        given
                            .as_deref()
                            .unwrap_or(&format!("no {}", b.bonus.word())),
                    ));
                } else if level_differs && b.bonus != Bonus::Valat {
                    out.push(mismatch(
                        b.fact.span,
                        &format!(
                            "{} at contra level {}",
                            b.bonus.word(),
                            st.level(Some(b.bonus))
                        ),
                        &format!(
                            "contra level {}",
                            bonuses
                                .iter()
                                .find(|c| c.bonus == b.bonus)
                                .and_then(|c| c.announced)
                                .map_or(0, |a| a.level)
                        ),
                    ));
                }
            }
            if whole {
                for c in bonuses {
                    if !st.bonuses.iter().any(|b| b.bonus == c.bonus) {
                        out.push(mismatch(
                            sheet.span,
                            &format!("no {}", c.bonus.word()),
                            &bonus_words(c),
                        ));
                    }
                }
                if let Some(v) = valat {
                    if !st.bonuses.iter().any(|b| b.bonus == Bonus::Valat) {
                        out.push(mismatch(sheet.span, "no valat", &valat_words(*v)));
                    }
                }
            }
        }
        Count::Tricks(n) => {
            if let Some((m, f)) = st.tricks {
                if m != *n {
                    out.push(mismatch(f.span, &format!("{m} trick(s)"), &n.to_string()));
                }
            }
        }
        Count::Trischaken(points) => {
            for (s, p) in st.seat_points.iter().enumerate() {
                if let Some((t, f)) = p {
                    if *t != points[s] {
                        out.push(mismatch(
                            f.span,
                            &format!("seat {s} {} points", thirds(*t)),
                            &thirds(points[s]),
                        ));
                    }
                }
            }
        }
    }
    if let Some(f) = st.grind {
        out.push(mismatch(f.span, "a grind", "a game played to its end"));
    }
}
