//! The pack (S7-DECK-1, S7-DECK-2, S7-DECK-3) and the card points
//! (S7-POINTS-1): the fixed facts the phases look cards up in.

use notation::{Card, CardSet, Rank, Suit};

pub(super) fn trump(n: u8) -> Card {
    Card::trump(n).expect("a tarock number")
}

pub(super) const PAGAT: Card = Card::PAGAT;
pub(super) const MOND: Card = Card::MOND;
pub(super) const SKUS: Card = Card::SKUS;

pub(super) fn tarocks() -> CardSet {
    CardSet::trumps()
}

/// The suit cards of the Skill7 pack and the tarocks are disjoint; a suit
/// card is any card below the tarocks.
pub(super) fn suit_cards() -> CardSet {
    CardSet::suit(Suit::Spades)
        .union(CardSet::suit(Suit::Hearts))
        .union(CardSet::suit(Suit::Diamonds))
        .union(CardSet::suit(Suit::Clubs))
}

/// The Trull: `T1`, `T21`, `T22` (S7-DECK-2).
pub(super) fn trull() -> CardSet {
    let mut s = CardSet::EMPTY;
    s.insert(PAGAT);
    s.insert(MOND);
    s.insert(SKUS);
    s
}

pub(super) fn kings() -> CardSet {
    Suit::ALL
        .into_iter()
        .map(|s| Card::suited(s, Rank::King))
        .collect()
}

/// The Glatzen: `S10`, `C10`, `H1`, `D1` (S7-DECK-2).
pub(super) fn glatzen() -> CardSet {
    [
        Card::suited(Suit::Spades, Rank::R10),
        Card::suited(Suit::Clubs, Rank::R10),
        Card::suited(Suit::Hearts, Rank::R1),
        Card::suited(Suit::Diamonds, Rank::R1),
    ]
    .into_iter()
    .collect()
}

/// Card points (S7-POINTS-1), from a table: a `match` on the rank is a
/// branch the processor guesses wrong on most shuffled cards.
#[inline]
pub fn points(card: Card) -> u32 {
    u32::from(POINTS[card.index() as usize])
}

/// [`points`] of every card by index (suits of 14 ranks, 1..K, then T1..T22
/// and the fool), held equal to `points_by_rank` (test-only) by a test.
const POINTS: [u8; Card::COUNT] =
    crate::points::by_index(0, [2, 3, 4, 5], 1, &[(PAGAT, 5), (MOND, 5), (SKUS, 5)]);

/// S7-POINTS-1 in the digest's words: king and Trullstück 5, queen 4,
/// knight 3, jack 2, other tarocks 1, `10` / ace 0. The pack holds 88.
#[cfg(test)]
fn points_by_rank(card: Card) -> u32 {
    match card.rank() {
        Some(Rank::King) => 5,
        Some(Rank::Queen) => 4,
        Some(Rank::Knight) => 3,
        Some(Rank::Jack) => 2,
        Some(_) => 0,
        None if card == PAGAT || card == MOND || card == SKUS => 5,
        None => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pack_holds_88_points() {
        let total: u32 = notation::Variant::Skill7Tarock
            .deck()
            .iter()
            .map(points)
            .sum();
        assert_eq!(total, 88);
    }

    #[test]
    fn the_table_of_points_is_the_rule() {
        for i in 0..Card::COUNT as u8 {
            let c = Card::from_index(i).unwrap();
            assert_eq!(points(c), points_by_rank(c), "{c}");
        }
    }
}
