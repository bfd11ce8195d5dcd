//! The pack (FR-CARD-1..3): card values in half points, the oudlers, the
//! 21 trumps of this pack, and how sets of cards and half points are
//! written in the findings.

use notation::{Card, CardSet, Item, Rank, Suit};

/// A card's value in half points (FR-CARD-3): 9, 7, 5, 3 or 1. The pack
/// totals 182 half points (91 points).
pub fn half_points(card: Card) -> u32 {
    if is_oudler(card) {
        return 9;
    }
    match card.rank() {
        Some(Rank::King) => 9,
        Some(Rank::Queen) => 7,
        Some(Rank::Knight) => 5,
        Some(Rank::Jack) => 3,
        _ => 1,
    }
}

/// The three oudlers: T21, the petit, the excuse (FR-CARD-2).
pub fn is_oudler(card: Card) -> bool {
    card == Card::FOOL || card == Card::PAGAT || card == Card::MOND
}

pub(super) fn excuse_set() -> CardSet {
    let mut s = CardSet::EMPTY;
    s.insert(Card::FOOL);
    s
}

/// The trumps of this pack, T1..T21 (FR-CARD-1): a `T22` is no French card.
pub(super) fn french_trumps() -> CardSet {
    let mut t = CardSet::trumps();
    t.remove(Card::SKUS);
    t
}

pub(super) fn suit_name(s: Suit) -> &'static str {
    ["spades", "hearts", "diamonds", "clubs"][s as usize]
}

/// The cards' codes, space-separated, for a finding's words.
pub(super) fn list(set: CardSet) -> String {
    let mut out = String::new();
    for c in set.iter() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(c.code());
    }
    out
}

pub(super) fn set_of(items: &[Item]) -> CardSet {
    items.iter().map(|i| i.card).collect()
}

/// Half points written as points: `23` or `23.5`.
pub(super) fn points_text(half: u32) -> String {
    if half % 2 == 0 {
        (half / 2).to_string()
    } else {
        format!("{}.5", half / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use notation::Variant;

    #[test]
    fn pack_totals_91_points() {
        let total: u32 = Variant::FrenchTarot.deck().iter().map(half_points).sum();
        assert_eq!(total, 182);
    }

    #[test]
    fn half_points_are_written_as_points() {
        assert_eq!([0, 1, 46, 47].map(points_text), ["0", "0.5", "23", "23.5"]);
    }
}
