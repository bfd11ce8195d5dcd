//! The deal (S7-DEAL-1, S7-DEAL-2, S7-DEAL-3): the hands each seat holds,
//! the causes for a redeal, and the deals that are void so that nobody
//! pays.

use notation::Kind as Finding;
use notation::Rule;
use notation::{Act, Card, CardSet, Problem, Record, Seat, Variant};

use super::deck::{glatzen, tarocks, PAGAT};
use super::play::trick_winner;
use super::state::{Engine, Out};
use crate::{Moment, Report};

/// Gives the structural findings of `notation` their Skill7 rule ids: a
/// wrong deal is S7-DEAL-1 whatever its kind (README ALL-1, S7-DEAL-1 as
/// amended); a card outside the pack elsewhere is S7-DECK-1; a card played
/// twice in a record without hands and a trick of the wrong size are
/// S7-PLAY-6 (README ALL-2, ALL-3); one trick too many is S7-PLAY-1.
pub(crate) fn name_structural_faults(report: &mut Report, wrong_deal: bool) {
    for p in report.problems.iter_mut() {
        if p.rule.is_none() {
            p.rule = match p.kind {
                Finding::UnknownCard | Finding::DuplicateCard | Finding::WrongCardCount
                    if wrong_deal =>
                {
                    Some(Rule::S7Deal1)
                }
                Finding::UnknownCard => Some(Rule::S7Deck1),
                Finding::WrongCardCount => Some(Rule::S7Deal1),
                Finding::DuplicateCard | Finding::WrongTrickSize => Some(Rule::S7Play6),
                Finding::TooManyTricks => Some(Rule::S7Play1),
                _ => None,
            };
        }
    }
}

/// Each card's bit in a [`CardSet`]'s bits where it is in the Skill7
/// pack (S7-DECK-1), 0 where it is not: [`Engine::read_hands`] reads a
/// hand with it. Held equal to the pack by a test.
static DECK_BITS: std::sync::LazyLock<[u128; Card::COUNT]> = std::sync::LazyLock::new(|| {
    let deck = Variant::Skill7Tarock.deck();
    let mut t = [0u128; Card::COUNT];
    for c in deck.iter() {
        let mut one = CardSet::EMPTY;
        one.insert(c);
        t[usize::from(c.index())] = one.bits();
    }
    t
});

impl Engine {
    /// The hands: as dealt (S7-DEAL-1), or in a partial record the cards
    /// each seat played.
    pub(super) fn read_hands(&mut self, record: &Record, farbesolo: bool) {
        if record.is_partial() {
            self.hands_from_tricks(record, farbesolo);
            return;
        }
        // A card outside the pack (reported by the structural checks) is
        // left out of the hands: it can never be a legal play.
        // Each hand is gathered in bits of its own, a card's bit read from
        // a table (0 for a card outside the pack), and stored once: an
        // insert into the hand in the engine read and wrote it back in
        // memory for every card, each waiting on the one before, and
        // asked the pack and the hand which half of the bits holds it.
        let bits = &*DECK_BITS;
        for h in &record.hands {
            if h.seat.number() < 4 {
                let mut hand = self.st.hands[h.seat].bits();
                for item in &h.cards {
                    let bit = bits[usize::from(item.card.index())];
                    if bit != 0 {
                        hand |= bit;
                        self.st.owner[usize::from(item.card.index())] = h.seat;
                    }
                }
                self.st.hands[h.seat] = CardSet::from_bits_truncate(hand);
            }
        }
        self.st.hands_known = true;
    }

    /// Partial: each seat held what it played. Follow the leaders.
    fn hands_from_tricks(&mut self, record: &Record, farbesolo: bool) {
        let mut leader = self.st.forehand;
        let mut cards = [PAGAT; 4];
        // Not past a trick of the wrong size: who played what is not known
        // from there on (README ALL-3).
        for trick in judged(record, self.cut) {
            if let Some(l) = trick.leader.filter(|l| l.number() < 4) {
                leader = l;
            }
            let n = trick.plays.len().min(4);
            for (i, item) in trick.plays.iter().take(4).enumerate() {
                let seat = leader.after(i, 4);
                self.st.hands[seat].insert(item.card);
                self.st.owner[item.card.index() as usize] = seat;
                cards[i] = item.card;
            }
            if n > 0 {
                leader = leader.after(trick_winner(&cards[..n], farbesolo).0, 4);
            }
        }
        let all: u32 = self.st.hands.values().iter().map(|h| h.len()).sum();
        self.st.hands_known = all == 40 && self.st.hands.values().iter().all(|h| h.len() == 10);
    }

    /// S7-DEAL-3: the first hand other than the forehand's with at most one
    /// tarock or all four Glatzen, and why.
    pub(super) fn redeal_cause(&self) -> Option<(Seat, String)> {
        if !self.st.hands_known {
            return None;
        }
        Seat::all(4)
            .filter(|s| *s != self.st.forehand)
            .find_map(|seat| {
                let hand = self.st.hands[seat];
                let t = hand.intersection(tarocks()).len();
                let why = if t <= 1 {
                    format!("holds {t} tarock{}", if t == 1 { "" } else { "s" })
                } else if hand.intersection(glatzen()) == glatzen() {
                    "holds all four Glatzen".to_string()
                } else {
                    return None;
                };
                Some((seat, why))
            })
    }

    /// S7-DEAL-3, at the end of a deal with a cause for a redeal: bid or
    /// played (an auction entry other than `misdeal`, or a trick), it is
    /// reported and void; else (claimed, or a record of the hands alone)
    /// it is dealt again, not played (no incomplete record, README ALL-4).
    pub(super) fn redeal(&mut self, record: &Record, seat: Seat, why: &str) {
        let played = !record.tricks.is_empty()
            || record
                .auction
                .as_ref()
                .is_some_and(|a| a.actions.iter().any(|x| x.act != Act::Misdeal));
        if !played {
            return self.void_claimed();
        }
        let span = record
            .hands
            .iter()
            .find(|h| h.seat == seat)
            .map_or(record.span, |h| h.span);
        self.out.push(
            Problem::new(
                Finding::Other,
                format!("redeal: seat {seat} {why}, so the cards must be dealt again; this deal was played"),
            )
            .rule(Rule::S7Deal3)
            .seat(seat)
            .at(span, format!("{why}: a cause for a redeal"))
            .help("a hand other than the forehand's with no or one tarock, or with all four Glatzen (S10 C10 H1 D1), is dealt again, not played; nothing else of the deal is judged, and nobody pays"),
        );
        self.void_for_redeal();
    }

    /// S7-DEAL-3: a `misdeal` entry in the auction of a deal without a
    /// cause for a redeal, reported before the auction's findings (the
    /// redeal is judged first).
    pub(super) fn claim_without_cause(&mut self, record: &Record) {
        let Some(a) = record
            .auction
            .iter()
            .flat_map(|a| &a.actions)
            .find(|a| a.act == Act::Misdeal)
        else {
            return;
        };
        let at = self.claim_at.min(self.out.report.problems.len());
        self.out.report.problems.insert(
            at,
            Problem::new(
                Finding::Other,
                format!("redeal: seat {} claims a redeal, but no hand has a cause", a.seat),
            )
            .rule(Rule::S7Deal3)
            .seat(a.seat)
            .at(a.span, "redeal without cause")
            .help("a redeal is due only when a hand other than the forehand's holds at most one tarock or all four Glatzen"),
        );
    }

    /// A redeal claimed with cause (S7-DEAL-3): dealt again, nobody pays.
    pub(super) fn void_claimed(&mut self) {
        self.out.rule(
            Moment::Deal,
            Rule::S7Deal3,
            "a redeal is claimed with cause: the cards are dealt again, nobody pays",
        );
        self.out.void();
    }

    /// A trick of the wrong size (README ALL-3, S7-PLAY-6): nothing in it or
    /// after it is judged, and the deal is void, settled with nothing paid.
    /// Returns whether it is.
    pub(super) fn void_for_wrong_trick(&mut self) -> bool {
        let Some(t) = self.cut else {
            return false;
        };
        self.out.rule(
            Moment::Settlement,
            Rule::S7Play6,
            format_args!("trick {} has a card missing or one too many: who played what from there on is not known; the deal is void, nobody pays", t + 1),
        );
        self.out.void();
        true
    }

    /// A deal bid or played despite a cause for a redeal (S7-DEAL-3 as
    /// amended): it is not played, so nothing else of it is judged; it is
    /// void, settled with nothing paid.
    pub(super) fn void_for_redeal(&mut self) {
        self.out.rule(
            Moment::Settlement,
            Rule::S7Deal3,
            "the deal had a cause for a redeal: it is not played, nothing else of it is judged; it is void, nobody pays",
        );
        self.out.void();
    }
}

/// A wrong deal (README ALL-1, S7-DEAL-1 as amended): its one finding
/// was given by the structural checks; nothing else of the deal is
/// judged, and it is void: settled with nothing paid.
pub(super) fn void_wrong_deal(out: &mut Out) {
    out.rule(
        Moment::Deal,
        Rule::S7Deal1,
        "the deal is wrong (not ten cards each, every card of the 40 once): nothing else of it is judged; it is void, nobody pays",
    );
    out.void();
}

/// The tricks that are judged: those before a trick of the wrong size
/// (README ALL-3).
pub(super) fn judged(record: &Record, cut: Option<usize>) -> &[notation::Trick] {
    let tricks = &record.tricks[..];
    &tricks[..cut.unwrap_or(tricks.len()).min(tricks.len())]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_bits_are_the_packs_cards() {
        let deck = Variant::Skill7Tarock.deck();
        for c in Card::all() {
            let bit = DECK_BITS[usize::from(c.index())];
            assert_eq!(bit != 0, deck.contains(c), "{c}");
            if bit != 0 {
                let mut one = CardSet::EMPTY;
                one.insert(c);
                assert_eq!(CardSet::from_bits_truncate(bit), one, "{c}");
            }
        }
    }
}
