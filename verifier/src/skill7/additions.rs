//! The additions and kontras (S7-ADD-1, S7-ADD-2): `announce absolut |
//! pagat | valat` and kontra, rekontra, subkontra on the game or an
//! addition, checked and applied as the auction meets them. The Trull
//! holder's duty to kontra (S7-ADD-3) is checked in `auction`.

use notation::record::{Act, Action, Bonus, Target};
use notation::Rule;
use notation::Seat;

use super::auction::{
    Auction, Item, Kind, ABSOLUT, GAME, ITEM_WORDS, LEVEL_WORDS, PAGAT_ITEM, VALAT,
};
use super::deck::PAGAT;
use super::state::{Engine, Side};

/// Why an entry is illegal: its rule, the message, the help line.
pub(super) type Illegal = (Rule, String, &'static str);

/// Why an addition or kontra is illegal (S7-ADD-1, S7-ADD-2), as the
/// checks find it; worded ([`Why::illegal`]) only where it is reported, so
/// that the legal entries can be listed without wording the others
/// (`crate::game`). `usize`: an item (the game, absolut, pagat, valat);
/// `u8`: a kontra's step (1 kontra, 2 rekontra, 3 subkontra).
#[derive(Debug, Clone, Copy)]
pub(super) enum Why {
    NoAddition(Bonus),
    AnnounceAfterValat(usize),
    Again(usize),
    AbsolutEarly,
    PagatInFarbesolo,
    PagatNotHeld,
    NoTarget(Target),
    KontraAfterValat(usize, u8),
    KontraOnlyOnValat(u8),
    NotBid(usize, u8),
    OutOfOrder(usize, u8, u8),
    WrongTeam(usize, u8, Side, Side),
}

impl Why {
    /// The reason in words, for the entry of `seat`.
    pub(super) fn illegal(self, seat: Seat) -> Illegal {
        let after_valat = "after a valat only kontra (rekontra, subkontra) on the valat may be bid";
        match self {
            Why::NoAddition(other) => (
                Rule::S7Add1,
                format!("`{}` is not an addition of Skill7 Tarock", other.word()),
                "the additions are absolut, pagat and valat",
            ),
            Why::AnnounceAfterValat(idx) => (
                Rule::S7Add2,
                format!("seat {seat} bids {} after valat", ITEM_WORDS[idx]),
                after_valat,
            ),
            Why::Again(idx) => (
                Rule::S7Add2,
                format!("{} has already been bid in this game", ITEM_WORDS[idx]),
                "each addition can be bid once per game, by either team",
            ),
            Why::AbsolutEarly => (
                Rule::S7Add2,
                format!("seat {seat}, an opponent, bids absolut before the game was kontra'd"),
                "an opponent may only bid absolut after a kontra on the game",
            ),
            Why::PagatInFarbesolo => (
                Rule::S7Add2,
                "pagat cannot be bid in farbesolo".into(),
                "the Pagat premium is not played in Farbesolo, so it cannot be bid there",
            ),
            Why::PagatNotHeld => (
                Rule::S7Add2,
                format!("seat {seat} bids pagat without holding T1"),
                "only the player who holds the Pagat (T1) can bid pagat",
            ),
            Why::NoTarget(target) => (
                Rule::S7Add1,
                format!("`{target}` cannot be kontra'd in Skill7 Tarock"),
                "kontras target the game, absolut, pagat or valat",
            ),
            Why::KontraAfterValat(idx, step) => (
                Rule::S7Add2,
                format!(
                    "{} on {} after valat",
                    LEVEL_WORDS[step as usize], ITEM_WORDS[idx]
                ),
                after_valat,
            ),
            Why::KontraOnlyOnValat(step) => (
                Rule::S7Add2,
                format!("{} on valat", LEVEL_WORDS[step as usize]),
                "with after_valat=kontra-only only a kontra on the valat may follow a valat",
            ),
            Why::NotBid(idx, step) => (
                Rule::S7Add1,
                format!(
                    "{} on {}, which was not bid in this game",
                    LEVEL_WORDS[step as usize], ITEM_WORDS[idx]
                ),
                "a kontra needs its target bid in the current game",
            ),
            Why::OutOfOrder(idx, step, level) => (
                Rule::S7Add1,
                format!(
                    "{} on {} which stands at {}",
                    LEVEL_WORDS[step as usize],
                    ITEM_WORDS[idx],
                    if level == 0 {
                        "no kontra"
                    } else {
                        LEVEL_WORDS[level as usize]
                    }
                ),
                "kontra, rekontra and subkontra come in that order, one step each",
            ),
            Why::WrongTeam(idx, step, side, must) => (
                Rule::S7Add1,
                format!(
                    "{} on {} by {}; only {} may give it",
                    LEVEL_WORDS[step as usize],
                    ITEM_WORDS[idx],
                    side.word(),
                    must.word()
                ),
                "kontra and subkontra come from the team that does not own the item, rekontra from the team that owns it",
            ),
        }
    }
}

fn item_index(target: Target) -> Option<usize> {
    match target {
        Target::Game => Some(GAME),
        Target::Bonus(Bonus::Absolut) => Some(ABSOLUT),
        Target::Bonus(Bonus::Pagat) => Some(PAGAT_ITEM),
        Target::Bonus(Bonus::Valat) => Some(VALAT),
        Target::Bonus(_) => None,
    }
}

/// The item an addition bids, or a kontra targets, and the kontra's step
/// (0 for an addition); `None`: no addition or kontra.
fn item_of(act: &Act) -> Option<Result<(usize, u8), Why>> {
    let kontra = |target: Target, step: u8| {
        item_index(target)
            .map(|idx| (idx, step))
            .ok_or(Why::NoTarget(target))
    };
    Some(match *act {
        Act::Announce { bonus } => match bonus {
            Bonus::Absolut => Ok((ABSOLUT, 0)),
            Bonus::Pagat => Ok((PAGAT_ITEM, 0)),
            Bonus::Valat => Ok((VALAT, 0)),
            other => Err(Why::NoAddition(other)),
        },
        Act::Contra { target } => kontra(target, 1),
        Act::Recontra { target } => kontra(target, 2),
        Act::Subcontra { target } => kontra(target, 3),
        _ => return None,
    })
}

/// Whether `act` is an addition or kontra of an item Skill7 has: one whose
/// [`item_of`] is no fault of its own, whatever the position.
pub(super) fn names_an_item(act: &Act) -> bool {
    matches!(item_of(act), Some(Ok(_)))
}

impl Engine {
    /// Checks an addition or kontra (S7-ADD-1, S7-ADD-2) and applies it when
    /// legal; returns why it is illegal otherwise.
    pub(super) fn addition(
        &self,
        st: &mut Auction,
        game: Kind,
        side: Side,
        act: &Act,
        a: &Action,
    ) -> Option<Illegal> {
        let seat = a.seat;
        if let Some(why) = self.addition_fault(st, game, side, act, seat) {
            return Some(why.illegal(seat));
        }
        if let Some(Ok((idx, step))) = item_of(act) {
            if step == 0 {
                st.items[idx] = Some(Item {
                    owner: side,
                    level: 0,
                    bidder: seat,
                });
            } else if let Some(i) = st.items[idx].as_mut() {
                i.level = step;
            }
        }
        None
    }

    /// Why an addition or kontra by `seat` of `side` is illegal now
    /// (S7-ADD-1, S7-ADD-2), if it is: the checks of [`Engine::addition`].
    pub(super) fn addition_fault(
        &self,
        st: &Auction,
        game: Kind,
        side: Side,
        act: &Act,
        seat: Seat,
    ) -> Option<Why> {
        let (idx, step) = match item_of(act)? {
            Ok(item) => item,
            Err(why) => return Some(why),
        };
        if step == 0 {
            self.announce_fault(st, game, side, idx, seat)
        } else {
            kontra_fault(st, side, idx, step)
        }
    }

    /// `announce absolut | pagat | valat` (S7-ADD-1, S7-ADD-2).
    fn announce_fault(
        &self,
        st: &Auction,
        game: Kind,
        side: Side,
        idx: usize,
        seat: Seat,
    ) -> Option<Why> {
        if st.items[VALAT].is_some() {
            return Some(Why::AnnounceAfterValat(idx));
        }
        if st.items[idx].is_some() {
            return Some(Why::Again(idx));
        }
        if idx == ABSOLUT && side == Side::Opponents && !absolut_open_to_opponents(st) {
            return Some(Why::AbsolutEarly);
        }
        if idx == PAGAT_ITEM {
            // Pagat is not bid in Farbesolo, nor without holding `T1`.
            if game == Kind::Farbesolo {
                return Some(Why::PagatInFarbesolo);
            }
            if self.st.hands_known && !self.st.hands[seat].contains(PAGAT) {
                return Some(Why::PagatNotHeld);
            }
        }
        None
    }
}

/// An opponent may bid absolut only after a kontra on the game, or with
/// `absolut_kontra=any-kontra` on anything (S7-ADD-2).
fn absolut_open_to_opponents(st: &Auction) -> bool {
    if st.opts.any_kontra {
        st.items.iter().flatten().any(|i| i.level > 0)
    } else {
        st.items[GAME].is_some_and(|i| i.level > 0)
    }
}

/// Kontra (`step` 1), rekontra (2), subkontra (3) on item `idx` (S7-ADD-1,
/// S7-ADD-2): after a valat only kontras on the valat, with
/// `after_valat=kontra-only` only the first; the target bid in this game;
/// the steps one at a time, kontra and subkontra from the team not owning
/// the item.
fn kontra_fault(st: &Auction, side: Side, idx: usize, step: u8) -> Option<Why> {
    if st.items[VALAT].is_some() && idx != VALAT {
        return Some(Why::KontraAfterValat(idx, step));
    }
    if idx == VALAT && step > 1 && st.opts.kontra_only {
        return Some(Why::KontraOnlyOnValat(step));
    }
    let Some(item) = st.items[idx] else {
        return Some(Why::NotBid(idx, step));
    };
    if item.level + 1 != step {
        return Some(Why::OutOfOrder(idx, step, item.level));
    }
    let must = if step == 2 {
        item.owner
    } else {
        item.owner.other()
    };
    (side != must).then_some(Why::WrongTeam(idx, step, side, must))
}
