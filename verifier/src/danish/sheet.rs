//! The Danish score sheet (issue 26; spec/notation.md §6.7, "Danish
//! Tarok"; decisions in spec/rules-danish-tarok.md, "Score sheets"): what
//! the settlement needs to know of a deal, as [`Item`]s, yielded by the
//! play of a full record (each payment of the replay records its item) or
//! stated by a `result` section:
//!
//! ```text
//! result: 1 trumps 11 pagat, 2 full H, 0 lost SK, 1 pagat-home, 2 king-ultimo, 0 count 30, 2 count 20
//! ```
//!
//! - the declarations paid (DK-DECL-2, DK-PAY-2), as the `declare` section
//!   writes them: `SEAT trumps N pagat|no-pagat`, `SEAT matadors N`,
//!   `SEAT half SUIT CARD`, `SEAT full SUIT`, `SEAT abundant SUIT`,
//!   `SEAT half-kings CARD`, `SEAT full-kings`, `SEAT abundant-kings`;
//! - `SEAT lost CARD`: a king or the pagat lost in tricks 1–24 (DK-PAY-3);
//! - `SEAT pagat-home`: a trick 1–24 won with the pagat (DK-PAY-4);
//! - `SEAT fine N`: a fine of N into each pot (DK-FINE-1); `abandoned`:
//!   the deal was abandoned (DK-FINE-3); `redeal`: not played, the same
//!   dealer deals again (DK-DEAL-3, DK-DEAL-4);
//! - after the last trick (DK-PAY-5, DK-TOUT): `SEAT tout`, `SEAT
//!   tout-failed` (DK-TOUT-2), `SEAT nolo`, `SEAT pagat-ultimo`, `SEAT
//!   king-ultimo`, `SEAT last-trick` (the winner of trick 25 when it is no
//!   ultimo), `SEAT pagat-bagud`, `SEAT king-bagud`;
//! - `SEAT count N`: the card points of a player who settles the count
//!   (DK-COUNT-1, DK-COUNT-2).
//!
//! The settlement takes only the items ([`Engine::settle_items`]); a full
//! record pays the same items through the same functions as it finds them.

use notation::Rule;
use notation::{Card, Fact, Problem, Seat, Sheet, Suit};

use super::declarations::{Cav, Combo};
use super::Engine;
use crate::sheet::{bad, mismatch, missing};
use crate::Moment;

/// An ultimo card's kind, as the payments after the last trick tell them
/// apart (DK-PAY-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ult {
    Pagat,
    King,
}

impl Ult {
    pub fn of(card: Card) -> Ult {
        if card == Card::PAGAT {
            Ult::Pagat
        } else {
            Ult::King
        }
    }

    fn word(self) -> &'static str {
        match self {
            Ult::Pagat => "pagat",
            Ult::King => "king",
        }
    }
}

/// One fact of a deal's result, as the settlement reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Item {
    /// A declaration paid by each other player (DK-PAY-2).
    Declaration(Seat, Combo),
    /// A king or the pagat lost in tricks 1–24 (DK-PAY-3).
    Lost(Seat, Card),
    /// A trick 1–24 won with the pagat (DK-PAY-4).
    PagatHome(Seat),
    /// A fine into each pot (DK-FINE-1).
    Fine(Seat, i64),
    /// The deal was abandoned (DK-FINE-3).
    Abandoned,
    /// Not played; the same dealer deals again (DK-DEAL-3, DK-DEAL-4).
    Redeal,
    Tout(Seat),
    /// A failed announced tout (DK-TOUT-2).
    ToutFailed(Seat),
    Nolo(Seat),
    Ultimo(Seat, Ult),
    /// The winner of trick 25 when it is no ultimo (DK-PAY-5 "Last trick").
    LastTrick(Seat),
    /// An ultimo card played to trick 25 by a player who did not win it;
    /// the card for the payment's words only.
    Bagud(Seat, Ult, Option<Card>),
    /// A player's card points in the count (DK-COUNT-1).
    Count(Seat, i64),
}

impl Item {
    /// What makes two items "the same fact" for the comparison: a
    /// per-seat fact by its seat, an ultimo card lost by the card, the
    /// deal's single facts by their kind.
    fn key(&self) -> (u8, Option<Seat>, u8) {
        match *self {
            Item::Declaration(s, _) => (0, Some(s), 0),
            // A card is lost once: the sheet may give it to the wrong seat.
            Item::Lost(_, c) => (1, None, c.index()),
            Item::PagatHome(_) => (2, None, 0),
            Item::Fine(s, _) => (3, Some(s), 0),
            Item::Abandoned => (4, None, 0),
            Item::Redeal => (5, None, 0),
            Item::Tout(_) | Item::ToutFailed(_) => (6, None, 0),
            Item::Nolo(_) => (7, None, 0),
            Item::Ultimo(..) | Item::LastTrick(_) => (8, None, 0),
            Item::Bagud(s, ..) => (9, Some(s), 0),
            Item::Count(s, _) => (10, Some(s), 0),
        }
    }

    fn seat(&self) -> Option<Seat> {
        match *self {
            Item::Declaration(s, _)
            | Item::Lost(s, _)
            | Item::PagatHome(s)
            | Item::Fine(s, _)
            | Item::Tout(s)
            | Item::ToutFailed(s)
            | Item::Nolo(s)
            | Item::Ultimo(s, _)
            | Item::LastTrick(s)
            | Item::Bagud(s, ..)
            | Item::Count(s, _) => Some(s),
            Item::Abandoned | Item::Redeal => None,
        }
    }

    /// The item as a score sheet writes it.
    pub fn fact(&self) -> Fact {
        let words = match self {
            Item::Declaration(_, c) => {
                let mut s = String::new();
                notation::print::act(&mut s, &c.act(Vec::new()));
                s
            }
            Item::Lost(_, c) => format!("lost {c}"),
            Item::PagatHome(_) => "pagat-home".into(),
            Item::Fine(_, n) => format!("fine {n}"),
            Item::Abandoned => "abandoned".into(),
            Item::Redeal => "redeal".into(),
            Item::Tout(_) => "tout".into(),
            Item::ToutFailed(_) => "tout-failed".into(),
            Item::Nolo(_) => "nolo".into(),
            Item::Ultimo(_, u) => format!("{}-ultimo", u.word()),
            Item::LastTrick(_) => "last-trick".into(),
            Item::Bagud(_, u, _) => format!("{}-bagud", u.word()),
            Item::Count(_, n) => format!("count {n}"),
        };
        crate::sheet::fact(self.seat(), &words)
    }

    fn text(&self) -> String {
        let f = self.fact();
        match f.seat {
            Some(s) => format!("`{s} {}`", f.words.join(" ")),
            None => format!("`{}`", f.words.join(" ")),
        }
    }
}

/// The items as a score sheet, in the order the settlement pays them.
pub(super) fn to_sheet(items: &[Item]) -> Sheet {
    let mut sorted: Vec<&Item> = items.iter().collect();
    sorted.sort_by_key(|i| i.key().0);
    Sheet {
        facts: sorted.into_iter().map(Item::fact).collect(),
        comments: Vec::new(),
        span: Default::default(),
    }
}

const HELP: &str = "a Danish result states the declarations paid (`1 trumps 11 pagat`), `SEAT lost CARD`, `SEAT pagat-home`, `SEAT fine N`, `abandoned` or `redeal`, and after the last trick `SEAT tout|tout-failed|nolo|pagat-ultimo|king-ultimo|last-trick`, `SEAT pagat-bagud|king-bagud`, `SEAT count N` (spec/notation.md §6.7)";

/// Reads one fact; `None` with the finding when it is no Danish fact or
/// cannot be true on its own.
// Once per fact of a sheet, never on the play's path: the finding as it is.
#[allow(clippy::result_large_err)]
fn read_fact(f: &Fact) -> Result<Item, Problem> {
    let words: Vec<&str> = f.words.iter().map(String::as_str).collect();
    let need_seat = |item: fn(Seat) -> Item| seat_of(f).map(item);
    let number = |n: &str, what: &str| {
        n.parse::<i64>()
            .ok()
            .filter(|v| (0..=1000).contains(v))
            .ok_or_else(|| bad(f, format!("`{n}` is not {what}"), HELP))
    };
    let card = |c: &str| {
        c.parse::<Card>().map_err(|_| {
            bad(
                f,
                format!("`{c}` is not a card"),
                "write a card code: `SK`, `T1`",
            )
        })
    };
    let suit = |s: &str| {
        (s.len() == 1)
            .then(|| Suit::from_letter(s.as_bytes()[0].to_ascii_uppercase()))
            .flatten()
            .ok_or_else(|| {
                bad(
                    f,
                    format!("`{s}` is not a suit"),
                    "a suit is `S`, `H`, `D` or `C`",
                )
            })
    };
    let item = match words.as_slice() {
        ["trumps", n, p @ ("pagat" | "no-pagat")] => {
            let count = number(n, "a number of trumps")?;
            if !(10..=22).contains(&count) {
                return Err(bad(
                    f,
                    format!("the sheet declares {count} trumps: a declaration of trumps is 10 to 22 (the fool counted, DK-DECL-2)"),
                    HELP,
                ));
            }
            decl(
                f,
                Combo::Trumps {
                    count: count as u8,
                    pagat: *p == "pagat",
                },
            )?
        }
        ["matadors", n] => {
            let count = number(n, "a number of matadors")?;
            if !(3..=22).contains(&count) {
                return Err(bad(
                    f,
                    format!("the sheet declares {count} matadors: matadors are 3 to 22 (the fool, 21, the pagat, then 20 down, DK-DECL-2)"),
                    HELP,
                ));
            }
            decl(f, Combo::Matadors(count as u8))?
        }
        ["half", s, c] => {
            let (suit, c) = (suit(s)?, card(c)?);
            if c.suit() != Some(suit) || !is_court(c) {
                return Err(bad(
                    f,
                    format!("`{c}` is not a court card of {}", suit.letter()),
                    "a half cavallerie names the missing court card of its suit (DK-DECL-2): `half H HJ`",
                ));
            }
            decl(f, Combo::Suit(suit, Cav::Half(c)))?
        }
        ["full", s] => decl(f, Combo::Suit(suit(s)?, Cav::Full))?,
        ["abundant", s] => decl(f, Combo::Suit(suit(s)?, Cav::Abundant))?,
        ["half-kings", c] => {
            let c = card(c)?;
            if !c.is_king() {
                return Err(bad(
                    f,
                    format!("`{c}` is not a king"),
                    "half kings name the missing king (DK-DECL-2): `half-kings SK`",
                ));
            }
            decl(f, Combo::Kings(Cav::Half(c)))?
        }
        ["full-kings"] => decl(f, Combo::Kings(Cav::Full))?,
        ["abundant-kings"] => decl(f, Combo::Kings(Cav::Abundant))?,
        ["lost", c] => {
            let c = card(c)?;
            if !(c.is_king() || c == Card::PAGAT) {
                return Err(bad(
                    f,
                    format!("`{c}` is not an ultimo card: only a king or the pagat lost in play is paid (DK-PAY-3, DK-CARD-4)"),
                    HELP,
                ));
            }
            Item::Lost(seat_of(f)?, c)
        }
        ["pagat-home"] => need_seat(Item::PagatHome)?,
        ["fine", n] => {
            let n = number(n, "an amount")?;
            if ![5, 20, 40].contains(&n) {
                return Err(bad(
                    f,
                    format!("a fine of {n}: the fines are 5, 20 or 40 into each pot (DK-FINE-1)"),
                    HELP,
                ));
            }
            Item::Fine(seat_of(f)?, n)
        }
        ["abandoned"] if f.seat.is_none() => Item::Abandoned,
        ["redeal"] if f.seat.is_none() => Item::Redeal,
        ["tout"] => need_seat(Item::Tout)?,
        ["tout-failed"] => need_seat(Item::ToutFailed)?,
        ["nolo"] => need_seat(Item::Nolo)?,
        ["pagat-ultimo"] => need_seat(|s| Item::Ultimo(s, Ult::Pagat))?,
        ["king-ultimo"] => need_seat(|s| Item::Ultimo(s, Ult::King))?,
        ["last-trick"] => need_seat(Item::LastTrick)?,
        ["pagat-bagud"] => need_seat(|s| Item::Bagud(s, Ult::Pagat, None))?,
        ["king-bagud"] => need_seat(|s| Item::Bagud(s, Ult::King, None))?,
        ["count", n] => {
            let n = number(n, "a number of card points")?;
            if n > 78 {
                return Err(bad(
                    f,
                    format!(
                        "the sheet counts {n} points: the cards are worth 78 in all (DK-COUNT-1)"
                    ),
                    "a player's count is 0 to 78",
                ));
            }
            Item::Count(seat_of(f)?, n)
        }
        _ => {
            return Err(bad(
                f,
                format!(
                    "`{}` is not a fact of a Danish score sheet",
                    words.join(" ")
                ),
                HELP,
            ))
        }
    };
    Ok(item)
}

#[allow(clippy::result_large_err)]
fn decl(f: &Fact, c: Combo) -> Result<Item, Problem> {
    seat_of(f).map(|s| Item::Declaration(s, c))
}

/// The seat a fact is about, which it must name.
#[allow(clippy::result_large_err)]
fn seat_of(f: &Fact) -> Result<Seat, Problem> {
    f.seat.ok_or_else(|| {
        let words = f.words.join(" ");
        bad(
            f,
            format!("`{words}` needs the seat it is about"),
            format!("write the seat first: `1 {words}`"),
        )
    })
}

fn is_court(c: Card) -> bool {
    use notation::Rank;
    matches!(
        c.rank(),
        Some(Rank::King | Rank::Queen | Rank::Knight | Rank::Jack)
    )
}

/// The items a sheet states, each with its fact.
struct Stated<'s> {
    items: Vec<(Item, &'s Fact)>,
    /// Some fact could not be read: the sheet alone settles nothing.
    faulty: bool,
}

impl Engine {
    /// Reads a sheet's facts: each that is no Danish fact, cannot be true,
    /// or is about a seat that sits out is a `bad-result` at it.
    fn read_sheet<'s>(&mut self, sheet: &'s Sheet) -> Stated<'s> {
        let mut st = Stated {
            items: Vec::new(),
            faulty: false,
        };
        for f in &sheet.facts {
            if f.seat.is_some_and(|s| s.number() >= self.seating.seats) {
                // Reported by the structural checks (`unknown-seat`).
                st.faulty = true;
                continue;
            }
            match read_fact(f) {
                Ok(item) => {
                    if let Some(s) = item.seat().filter(|&s| !self.seating.is_active(s)) {
                        st.faulty = true;
                        self.out.report.push(bad(
                            f,
                            format!("seat {s} sits out this deal (DK-SEAT-1): he declares, plays and pays nothing"),
                            "the active players are the dealer and the next two in the order of play",
                        ));
                    } else {
                        st.items.push((item, f));
                    }
                }
                Err(p) => {
                    st.faulty = true;
                    self.out.report.push(p);
                }
            }
        }
        st
    }

    /// A `bad-result` at `f`.
    fn sheet_bad(&mut self, f: &Fact, message: String, help: &str) {
        self.out.report.push(bad(f, message, help));
    }

    /// What cannot be true of the facts together (each a `bad-result` at
    /// the fact that makes it so); returns whether all can be.
    fn together(&mut self, st: &Stated<'_>) -> bool {
        let declarations = self.declarations_together(st);
        let cards = self.cards_together(st);
        let end = self.end_together(st);
        declarations && cards && end
    }

    /// The declarations: a combination only one player can hold, the
    /// fool, the trumps of the pack (DK-DECL-2, DK-CARD-1).
    fn declarations_together(&mut self, st: &Stated<'_>) -> bool {
        let mut ok = true;
        let mut seen: Vec<&Item> = Vec::new();
        // The fool, the pagat, the 21: one holder each; a suit's and the
        // kings' cavallerie: one seat; a fact stated twice.
        let mut fool: Option<Seat> = None;
        for (item, f) in &st.items {
            let twice = match item {
                Item::Declaration(s, c) => seen.iter().any(|o| {
                    matches!(o, Item::Declaration(os, oc) if os == s && oc.slot() == c.slot())
                        || matches!(o, Item::Declaration(_, oc) if oc.slot() == c.slot() && c.slot() >= 1)
                }),
                Item::Lost(_, c) => seen.iter().any(|o| matches!(o, Item::Lost(_, oc) if oc == c)),
                Item::Fine(..) => false,
                Item::Bagud(s, ..) => seen.iter().any(|o| matches!(o, Item::Bagud(os, ..) if os == s)),
                _ => seen.iter().any(|o| o.key() == item.key()),
            };
            if twice {
                ok = false;
                self.sheet_bad(
                    f,
                    format!("{} cannot be: the sheet states this fact, or one only one player can have, already", item.text()),
                    "state each fact once; a declaration of matadors, of a suit's cavallerie or of the kings has one holder (DK-DECL-2)",
                );
                continue;
            }
            if let Item::Declaration(s, c) = item {
                let with_fool = matches!(
                    c,
                    Combo::Matadors(_)
                        | Combo::Suit(_, Cav::Half(_) | Cav::Abundant)
                        | Combo::Kings(Cav::Half(_) | Cav::Abundant)
                );
                if with_fool && fool.is_some_and(|o| o != *s) {
                    ok = false;
                    self.sheet_bad(
                        f,
                        format!("{} needs the fool, which the sheet gives seat {} already", item.text(), fool.unwrap_or_default()),
                        "matadors, a half or abundant cavallerie count the fool: one player holds it (DK-DECL-2)",
                    );
                    continue;
                }
                if with_fool {
                    fool = Some(*s);
                }
            }
            seen.push(item);
        }
        let trump_decls: Vec<i64> = st
            .items
            .iter()
            .filter_map(|(i, _)| match i {
                Item::Declaration(_, Combo::Trumps { count, .. }) => Some(i64::from(*count)),
                _ => None,
            })
            .collect();
        if trump_decls.iter().sum::<i64>() > 22 {
            ok = false;
            let f = st
                .items
                .iter()
                .rev()
                .find(|(i, _)| matches!(i, Item::Declaration(_, Combo::Trumps { .. })))
                .map(|x| x.1);
            if let Some(f) = f {
                self.sheet_bad(
                    f,
                    format!("the sheet's declarations of trumps add up to {}: the pack has 21 trumps and the fool (DK-CARD-1)", trump_decls.iter().sum::<i64>()),
                    "each player declares the trumps he holds, the fool counted",
                );
            }
        }
        ok
    }

    /// The ultimo cards: the pagat played once, four kings (DK-CARD-1,
    /// DK-CARD-4, DK-TOUT-4), the pagat home (DK-PAY-4).
    fn cards_together(&mut self, st: &Stated<'_>) -> bool {
        let mut ok = true;
        // The pagat is played once: lost, home, ultimo or bagud.
        let pagat: Vec<&(Item, &Fact)> = st
            .items
            .iter()
            .filter(|(i, _)| {
                matches!(
                    i,
                    Item::Lost(_, Card::PAGAT)
                        | Item::PagatHome(_)
                        | Item::Ultimo(_, Ult::Pagat)
                        | Item::Bagud(_, Ult::Pagat, _)
                )
            })
            .collect();
        if pagat.len() > 1 {
            ok = false;
            self.sheet_bad(
                pagat[1].1,
                format!(
                    "{} and {} cannot both be: the pagat is played once (DK-CARD-1; DK-TOUT-4: no pagat ultimo with a pagat bagud)",
                    pagat[0].0.text(),
                    pagat[1].0.text()
                ),
                HELP,
            );
        }
        if let Some((_, f)) = st
            .items
            .iter()
            .find(|(i, _)| matches!(i, Item::PagatHome(_)))
        {
            if !self.o.pagat_home {
                ok = false;
                self.sheet_bad(f, "the pagat home is not paid under Option `pagat_home_payment = false` (DK-PAY-4)".into(), HELP);
            }
        }
        let kings: Vec<&Fact> = st
            .items
            .iter()
            .filter(|(i, _)| {
                matches!(i, Item::Lost(..)) && !matches!(i, Item::Lost(_, Card::PAGAT))
                    || matches!(i, Item::Ultimo(_, Ult::King) | Item::Bagud(_, Ult::King, _))
            })
            .map(|x| x.1)
            .collect();
        if let Some(f) = kings.get(4) {
            ok = false;
            self.sheet_bad(
                f,
                format!(
                    "the sheet plays {} kings: the pack has 4 (DK-CARD-1)",
                    kings.len()
                ),
                HELP,
            );
        }
        ok
    }

    /// How the deal ended: dealt again, abandoned, or after the last trick
    /// (DK-DEAL-3/-4, DK-FINE-3, DK-PAY-5, DK-TOUT-1..4), and the count
    /// (DK-COUNT-2, DK-COUNT-4).
    fn end_together(&mut self, st: &Stated<'_>) -> bool {
        let mut ok = true;
        let d = self.seating.dealer;
        let has = |p: &dyn Fn(&Item) -> bool| st.items.iter().find(|(i, _)| p(i)).map(|x| x.1);
        // What the end of the deal can be (DK-PAY-5, DK-TOUT-1..4).
        let redeal = has(&|i| matches!(i, Item::Redeal));
        let abandoned = has(&|i| matches!(i, Item::Abandoned));
        let after = |i: &Item| {
            matches!(
                i,
                Item::Tout(_)
                    | Item::ToutFailed(_)
                    | Item::Nolo(_)
                    | Item::Ultimo(..)
                    | Item::LastTrick(_)
                    | Item::Bagud(..)
                    | Item::Count(..)
            )
        };
        if redeal.is_some() {
            for (item, f) in &st.items {
                if !matches!(item, Item::Redeal | Item::Fine(..)) {
                    ok = false;
                    self.sheet_bad(
                        f,
                        format!("{}: the sheet says the deal was not played and is dealt again", item.text()),
                        "a deal dealt again (DK-DEAL-3, DK-DEAL-4) pays only the dealer's fee and a misdeal's fine",
                    );
                }
            }
            return ok;
        }
        if let Some(af) = abandoned {
            if self.o.continue_play {
                ok = false;
                self.sheet_bad(af, "the deal cannot be abandoned: Option `irregularities = continue` plays every deal out (DK-FINE-3)".into(), HELP);
            }
            if has(&|i| matches!(i, Item::Fine(..))).is_none() {
                ok = false;
                self.sheet_bad(af, "an abandoned deal without a fine: the irregularity that abandons a deal is fined (DK-FINE-1)".into(), "state the fine: `1 fine 40`");
            }
            for (item, f) in &st.items {
                if after(item) {
                    ok = false;
                    self.sheet_bad(
                        f,
                        format!(
                            "{}: nothing after the point of abandonment is paid (DK-FINE-3)",
                            item.text()
                        ),
                        "an abandoned deal pays no tout, nolo, ultimo, last trick, bagud or count",
                    );
                }
            }
            return ok;
        }
        let find = |p: &dyn Fn(&Item) -> bool| st.items.iter().find(|(i, _)| p(i));
        let tout = find(&|i| matches!(i, Item::Tout(_)));
        let failed = find(&|i| matches!(i, Item::ToutFailed(_)));
        let nolo = find(&|i| matches!(i, Item::Nolo(_)));
        let ultimo = find(&|i| matches!(i, Item::Ultimo(..)));
        let last = find(&|i| matches!(i, Item::LastTrick(_)));
        let mut clash = |a: Option<&(Item, &Fact)>, b: Option<&(Item, &Fact)>, why: &str| {
            if let (Some(a), Some(b)) = (a, b) {
                ok = false;
                self.out.report.push(bad(
                    b.1,
                    format!("{} and {} cannot both be: {why}", a.0.text(), b.0.text()),
                    HELP,
                ));
            }
        };
        clash(tout, nolo, "a tout makes a nolo impossible (DK-TOUT-1)");
        clash(tout, ultimo, "a tout cancels the ultimo (DK-TOUT-1)");
        clash(
            tout,
            last,
            "a tout cancels the last-trick payment (DK-TOUT-1)",
        );
        clash(nolo, ultimo, "a nolo cancels the ultimo (DK-TOUT-3)");
        clash(
            nolo,
            last,
            "a nolo cancels the last-trick payment (DK-TOUT-3)",
        );
        clash(
            ultimo,
            last,
            "trick 25 is won once: an ultimo or a plain last trick (DK-PAY-5)",
        );
        clash(
            failed,
            ultimo,
            "after a failed announced tout no ultimo is paid (DK-TOUT-2)",
        );
        clash(
            failed,
            tout,
            "the announced tout was made or it failed (DK-TOUT-2)",
        );
        if let Some((Item::ToutFailed(s), f)) = failed {
            if *s != d || !self.o.announced_tout {
                ok = false;
                self.sheet_bad(
                    f,
                    format!("seat {s} cannot fail an announced tout: only the dealer announces one, with Option `announced_tout` (DK-TOUT-2)"),
                    HELP,
                );
            }
        }
        let winner = tout.or(ultimo).or(last).and_then(|x| x.0.seat());
        for (item, f) in &st.items {
            if let Item::Bagud(s, ..) = item {
                if Some(*s) == winner {
                    ok = false;
                    self.sheet_bad(
                        f,
                        format!("{} cannot be: seat {s} won the last trick (DK-PAY-5: a bagud is an ultimo card that does not win it)", item.text()),
                        HELP,
                    );
                }
            }
        }
        ok &= self.counts_together(st, nolo.is_some(), tout.and_then(|x| x.0.seat()));
        ok
    }

    /// The counts: none after a nolo, only the players who settle it, 78
    /// points in all (DK-COUNT-1, DK-COUNT-2, DK-COUNT-4).
    fn counts_together(&mut self, st: &Stated<'_>, nolo: bool, tout: Option<Seat>) -> bool {
        let mut ok = true;
        // The count (DK-COUNT-2): none after a nolo (DK-TOUT-3).
        let counts: Vec<&(Item, &Fact)> = st
            .items
            .iter()
            .filter(|(i, _)| matches!(i, Item::Count(..)))
            .collect();
        if nolo {
            for (item, f) in &counts {
                ok = false;
                self.sheet_bad(
                    f,
                    format!(
                        "{}: there is no count after a nolo (DK-TOUT-3, DK-COUNT-4)",
                        item.text()
                    ),
                    HELP,
                );
            }
        } else {
            let counted = self.counted(tout);
            for (item, f) in &counts {
                if let Item::Count(s, _) = item {
                    if !counted.seats().contains(s) {
                        ok = false;
                        self.sheet_bad(
                            f,
                            format!("{}: seat {s}'s pile is not settled in this count (DK-COUNT-2: the two players other than the next dealer count)", item.text()),
                            HELP,
                        );
                    }
                }
            }
            let sum: i64 = counts
                .iter()
                .filter_map(|(i, _)| match i {
                    Item::Count(_, n) => Some(*n),
                    _ => None,
                })
                .sum();
            if sum > 78 {
                ok = false;
                self.sheet_bad(
                    counts[counts.len() - 1].1,
                    format!(
                        "the counts add up to {sum}: the cards are worth 78 in all (DK-COUNT-1)"
                    ),
                    HELP,
                );
            }
        }
        ok
    }

    /// The seats whose count is settled (DK-COUNT-2; Option `tout_count`):
    /// one or two, held in place (no list made each deal).
    pub(super) fn counted(&self, tout: Option<Seat>) -> Counted {
        match tout {
            Some(t) if self.o.tout_count_each => Counted([t; 2], 1),
            _ => {
                let nd = self.seating.dealer.next(self.seating.seats);
                Counted(self.seating.others(nd), 2)
            }
        }
    }

    /// The items of a score sheet alone, or `None` (with its findings)
    /// when the sheet does not say all the settlement needs or says what
    /// cannot be.
    pub(super) fn stated(&mut self, sheet: &Sheet) -> Option<Vec<Item>> {
        let st = self.read_sheet(sheet);
        let ok = self.together(&st);
        let items: Vec<Item> = st.items.iter().map(|(i, _)| i.clone()).collect();
        let is = |p: &dyn Fn(&Item) -> bool| items.iter().any(p);
        let said = |head: &str| sheet.facts.iter().any(|f| f.head() == head);
        let mut need: Vec<String> = Vec::new();
        let ended_early = is(&|i| matches!(i, Item::Redeal | Item::Abandoned))
            || said("redeal")
            || said("abandoned");
        if !ended_early && !st.faulty {
            let end = is(&|i| {
                matches!(
                    i,
                    Item::Tout(_) | Item::Nolo(_) | Item::Ultimo(..) | Item::LastTrick(_)
                )
            });
            if !end {
                need.push("who won the last trick: `SEAT last-trick`, `SEAT pagat-ultimo` or `SEAT king-ultimo`, or a `SEAT tout` or `SEAT nolo`".into());
            }
            if !is(&|i| matches!(i, Item::Nolo(_))) {
                let tout = items.iter().find_map(|i| match i {
                    Item::Tout(s) => Some(*s),
                    _ => None,
                });
                for &s in self.counted(tout).seats() {
                    if !is(&|i| matches!(i, Item::Count(c, _) if *c == s)) {
                        need.push(format!("seat {s}'s count (`{s} count N`, DK-COUNT-2)"));
                    }
                }
            }
        }
        for what in &need {
            self.out.report.push(missing(
                sheet,
                format!("the result does not say {what}"),
                format!("the deal is settled from the facts the settlement needs (DK-PAY-5, DK-COUNT-2); {HELP}"),
            ));
        }
        (ok && !st.faulty && need.is_empty()).then_some(items)
    }

    /// A sheet beside the cards: each stated fact the cards contradict is
    /// one `result-mismatch` at it; each fact of the cards the sheet leaves
    /// out is one at the section.
    pub(super) fn compare(&mut self, sheet: &Sheet, played: &[Item]) {
        let st = self.read_sheet(sheet);
        self.together(&st);
        let mut left: Vec<Option<&Item>> = played.iter().map(Some).collect();
        let mut wrong: Vec<(&Item, &Fact)> = Vec::new();
        for (item, f) in &st.items {
            // Compared as written: a bagud's card is words only.
            let written = item.fact();
            match left
                .iter_mut()
                .find(|p| p.is_some_and(|p| p.fact() == written))
            {
                Some(slot) => *slot = None,
                None => wrong.push((item, f)),
            }
        }
        for (item, f) in wrong {
            let given = left
                .iter_mut()
                .find(|p| p.is_some_and(|p| p.key() == item.key()))
                .and_then(Option::take);
            let cards = given.map_or_else(|| "no such fact".to_string(), Item::text);
            self.out.report.push(mismatch(f.span, &item.text(), &cards));
        }
        for item in left.into_iter().flatten() {
            self.out.report.push(mismatch(
                sheet.span,
                &format!("nothing of {}", item.text()),
                &item.text(),
            ));
        }
    }

    /// Settles the deal from its items (a score sheet's, DK-PAY-2..5,
    /// DK-COUNT, DK-FINE), through the functions the play pays them with.
    pub(super) fn settle_items(&mut self, items: &[Item]) -> super::End {
        let at = Moment::Settlement;
        for item in items {
            match *item {
                Item::Declaration(s, c) => self.pay_declaration(s, c, c.paid_reason()),
                Item::Lost(s, c) => self.pay_lost(s, c, at, crate::reason!("{c} lost in play")),
                Item::PagatHome(s) => self.pay_home(s, at, "pagat home".into()),
                Item::Fine(s, n) => self.out.fine(s, n, Rule::DkFine1, "fine (score sheet)", at),
                _ => {}
            }
        }
        if items.contains(&Item::Redeal) {
            self.items.push(Item::Redeal);
            return super::End::Redeal;
        }
        if items.contains(&Item::Abandoned) {
            self.out.abandon(at, Rule::DkFine3);
            return super::End::Settled;
        }
        let ending = super::payments::Ending::of_items(items);
        self.settle_end(&ending);
        self.refound_emptied_pots();
        super::End::Settled
    }
}

/// The seats whose count is settled ([`Engine::counted`]): the first `.1`
/// of `.0`.
pub(super) struct Counted([Seat; 2], usize);

impl Counted {
    /// The seats, in the order they settle.
    pub(super) fn seats(&self) -> &[Seat] {
        &self.0[..self.1]
    }
}
