//! The pack (FR-CARD-1..3): card values in half points, the oudlers, the
//! 21 trumps of this pack, and how sets of cards and half points are
//! written in the findings.

#[cfg(test)]
use notation::Rank;
use notation::{Card, CardSet, Item, Suit};

/// A card's value in half points (FR-CARD-3): 9, 7, 5, 3 or 1. The pack
/// totals 182 half points (91 points).
#[inline]
pub fn half_points(card: Card) -> u32 {
    u32::from(HALF_POINTS[card.index() as usize])
}

/// A card's half points, plus 1 << 16 for an oudler: a sum of these over
/// cards sums both (at most 79 x 9 half points, far below 1 << 16).
#[inline]
pub(super) fn half_points_and_oudler(card: Card) -> u32 {
    let i = card.index() as usize;
    let oudler = u32::from(HALF_POINTS[i] == 9 && i >= 56);
    u32::from(HALF_POINTS[i]) | oudler << 16
}

/// The set of one card, from a table (no shift across the two halves).
#[inline]
pub(super) fn single(card: Card) -> CardSet {
    // Rows of 256 (those past [`Card::COUNT`] never read): a card's index
    // (a `u8`) needs no bounds check (issue 29 item 1).
    const BITS: [u128; 256] = {
        let mut t = [0u128; 256];
        let mut i = 0;
        while i < Card::COUNT {
            t[i] = 1u128 << i;
            i += 1;
        }
        t
    };
    CardSet::from_bits_truncate(BITS[usize::from(card.index())])
}

/// [`half_points`] of every card by index (suits of 14 ranks, R1..K, then
/// T1..T22 and the excuse), held equal to `half_points_by_rank` (test-only) by a test.
const HALF_POINTS: [u8; Card::COUNT] = crate::points::by_index(
    1,
    [3, 5, 7, 9],
    1,
    &[(Card::PAGAT, 9), (Card::MOND, 9), (Card::FOOL, 9)],
);

/// FR-CARD-3 in the digest's words: the oudlers and kings 4.5, queens 3.5,
/// knights 2.5, jacks 1.5, any other card 0.5.
#[cfg(test)]
fn half_points_by_rank(card: Card) -> u32 {
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
    items
        .iter()
        .fold(CardSet::EMPTY, |s, i| s.union(single(i.card)))
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
    fn the_table_of_half_points_is_the_rule() {
        for i in 0..Card::COUNT as u8 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(half_points(c), half_points_by_rank(c), "{c}");
            let one: Vec<Card> = single(c).iter().collect();
            assert_eq!(one, [c]);
            let oudler = u32::from(is_oudler(c)) << 16;
            assert_eq!(half_points_and_oudler(c), half_points(c) | oudler, "{c}");
        }
    }

    #[test]
    fn half_points_are_written_as_points() {
        assert_eq!([0, 1, 46, 47].map(points_text), ["0", "0.5", "23", "23.5"]);
    }
}
