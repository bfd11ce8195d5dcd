//! The additions and kontras (S7-ADD-1, S7-ADD-2): `announce absolut |
//! pagat | valat` and kontra, rekontra, subkontra on the game or an
//! addition, checked and applied as the auction meets them. The Trull
//! holder's duty to kontra (S7-ADD-3) is checked in `auction`.

use notation::record::{Act, Action, Bonus, Target};

use super::auction::{
    Auction, Item, Kind, ABSOLUT, GAME, ITEM_WORDS, LEVEL_WORDS, PAGAT_ITEM, VALAT,
};
use super::deck::PAGAT;
use super::state::{Engine, Side};

/// Why an entry is illegal: its rule, the message, the help line.
pub(super) type Illegal = (&'static str, String, &'static str);

fn item_index(target: Target) -> Option<usize> {
    match target {
        Target::Game => Some(GAME),
        Target::Bonus(Bonus::Absolut) => Some(ABSOLUT),
        Target::Bonus(Bonus::Pagat) => Some(PAGAT_ITEM),
        Target::Bonus(Bonus::Valat) => Some(VALAT),
        Target::Bonus(_) => None,
    }
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
        match *act {
            Act::Announce { bonus } => self.announce(st, game, side, bonus, a),
            Act::Contra { target } => kontra(st, side, target, 1),
            Act::Recontra { target } => kontra(st, side, target, 2),
            Act::Subcontra { target } => kontra(st, side, target, 3),
            _ => None,
        }
    }

    /// `announce absolut | pagat | valat` (S7-ADD-1, S7-ADD-2).
    fn announce(
        &self,
        st: &mut Auction,
        game: Kind,
        side: Side,
        bonus: Bonus,
        a: &Action,
    ) -> Option<Illegal> {
        let seat = a.seat;
        let idx = match bonus {
            Bonus::Absolut => ABSOLUT,
            Bonus::Pagat => PAGAT_ITEM,
            Bonus::Valat => VALAT,
            other => {
                return Some((
                    "S7-ADD-1",
                    format!("`{}` is not an addition of Skill7 Tarock", other.word()),
                    "the additions are absolut, pagat and valat",
                ))
            }
        };
        if st.items[VALAT].is_some() {
            return Some((
                "S7-ADD-2",
                format!("seat {seat} bids {} after valat", ITEM_WORDS[idx]),
                "after a valat only kontra (rekontra, subkontra) on the valat may be bid",
            ));
        }
        if st.items[idx].is_some() {
            return Some((
                "S7-ADD-2",
                format!("{} has already been bid in this game", ITEM_WORDS[idx]),
                "each addition can be bid once per game, by either team",
            ));
        }
        if idx == ABSOLUT && side == Side::Opponents && !absolut_open_to_opponents(st) {
            return Some((
                "S7-ADD-2",
                format!("seat {seat}, an opponent, bids absolut before the game was kontra'd"),
                "an opponent may only bid absolut after a kontra on the game",
            ));
        }
        if idx == PAGAT_ITEM {
            if let Some(why) = self.pagat_not_biddable(game, a) {
                return Some(why);
            }
        }
        st.items[idx] = Some(Item {
            owner: side,
            level: 0,
            bidder: seat,
        });
        None
    }

    /// Pagat is not bid in Farbesolo, nor without holding `T1` (S7-ADD-2).
    fn pagat_not_biddable(&self, game: Kind, a: &Action) -> Option<Illegal> {
        if game == Kind::Farbesolo {
            return Some((
                "S7-ADD-2",
                "pagat cannot be bid in farbesolo".into(),
                "the Pagat premium is not played in Farbesolo, so it cannot be bid there",
            ));
        }
        if self.st.hands_known && !self.st.hands[a.seat as usize].contains(PAGAT) {
            return Some((
                "S7-ADD-2",
                format!("seat {} bids pagat without holding T1", a.seat),
                "only the player who holds the Pagat (T1) can bid pagat",
            ));
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

/// Kontra (`step` 1), rekontra (2), subkontra (3) on `target` (S7-ADD-1,
/// S7-ADD-2).
fn kontra(st: &mut Auction, side: Side, target: Target, step: u8) -> Option<Illegal> {
    let Some(idx) = item_index(target) else {
        return Some((
            "S7-ADD-1",
            format!("`{target}` cannot be kontra'd in Skill7 Tarock"),
            "kontras target the game, absolut, pagat or valat",
        ));
    };
    if let Some(why) = kontra_after_valat(st, idx, step) {
        return Some(why);
    }
    let Some(item) = st.items[idx] else {
        return Some((
            "S7-ADD-1",
            format!(
                "{} on {}, which was not bid in this game",
                LEVEL_WORDS[step as usize], ITEM_WORDS[idx]
            ),
            "a kontra needs its target bid in the current game",
        ));
    };
    if let Some(why) = kontra_out_of_order(item, idx, side, step) {
        return Some(why);
    }
    if let Some(i) = st.items[idx].as_mut() {
        i.level = step;
    }
    None
}

/// After a valat only kontras on the valat; with `after_valat=kontra-only`
/// only the first (S7-ADD-2).
fn kontra_after_valat(st: &Auction, idx: usize, step: u8) -> Option<Illegal> {
    if st.items[VALAT].is_some() && idx != VALAT {
        return Some((
            "S7-ADD-2",
            format!(
                "{} on {} after valat",
                LEVEL_WORDS[step as usize], ITEM_WORDS[idx]
            ),
            "after a valat only kontra (rekontra, subkontra) on the valat may be bid",
        ));
    }
    if idx == VALAT && step > 1 && st.opts.kontra_only {
        return Some((
            "S7-ADD-2",
            format!("{} on valat", LEVEL_WORDS[step as usize]),
            "with after_valat=kontra-only only a kontra on the valat may follow a valat",
        ));
    }
    None
}

/// Kontra, rekontra, subkontra come one step at a time, kontra and
/// subkontra from the team not owning the item (S7-ADD-1).
fn kontra_out_of_order(item: Item, idx: usize, side: Side, step: u8) -> Option<Illegal> {
    if item.level + 1 != step {
        return Some((
            "S7-ADD-1",
            format!(
                "{} on {} which stands at {}",
                LEVEL_WORDS[step as usize],
                ITEM_WORDS[idx],
                if item.level == 0 {
                    "no kontra"
                } else {
                    LEVEL_WORDS[item.level as usize]
                }
            ),
            "kontra, rekontra and subkontra come in that order, one step each",
        ));
    }
    let must = if step == 2 {
        item.owner
    } else {
        item.owner.other()
    };
    if side != must {
        return Some((
            "S7-ADD-1",
            format!(
                "{} on {} by {}; only {} may give it",
                LEVEL_WORDS[step as usize],
                ITEM_WORDS[idx],
                side.word(),
                must.word()
            ),
            "kontra and subkontra come from the team that does not own the item, rekontra from the team that owns it",
        ));
    }
    None
}
