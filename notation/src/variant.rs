//! The four games, their decks and the shape of a deal.

use std::fmt;
use std::str::FromStr;

use crate::card::{Card, CardSet, Rank, Suit};

/// The game a record is a deal of (the `Variant` tag).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// Danish Tarok (`danish-tarok`).
    DanishTarok,
    /// French Tarot (`french-tarot`).
    FrenchTarot,
    /// Königrufen (`koenigrufen`).
    Koenigrufen,
    /// Skill7 Tarock (`skill7-tarock`).
    Skill7Tarock,
}

impl Variant {
    /// The four games.
    pub const ALL: [Variant; 4] = [
        Variant::DanishTarok,
        Variant::FrenchTarot,
        Variant::Koenigrufen,
        Variant::Skill7Tarock,
    ];

    /// The name the `Variant` tag writes: `danish-tarok`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::DanishTarok => "danish-tarok",
            Variant::FrenchTarot => "french-tarot",
            Variant::Koenigrufen => "koenigrufen",
            Variant::Skill7Tarock => "skill7-tarock",
        }
    }

    /// The cards of this variant's pack.
    #[inline]
    pub fn deck(self) -> CardSet {
        // Built once: the structural checks ask for it with every record.
        static DECKS: std::sync::LazyLock<[CardSet; 4]> =
            std::sync::LazyLock::new(|| Variant::ALL.map(Variant::build_deck));
        DECKS[self as usize]
    }

    fn build_deck(self) -> CardSet {
        let french = CardSet::suit(Suit::Spades)
            .union(CardSet::suit(Suit::Hearts))
            .union(CardSet::suit(Suit::Diamonds))
            .union(CardSet::suit(Suit::Clubs));
        let mut trumps_1_21 = CardSet::trumps();
        trumps_1_21.remove(Card::SKUS);
        match self {
            Variant::DanishTarok | Variant::FrenchTarot => {
                let mut deck = french.union(trumps_1_21);
                deck.insert(Card::FOOL);
                deck
            }
            Variant::Koenigrufen => {
                let red = [Rank::R1, Rank::R2, Rank::R3, Rank::R4];
                let black = [Rank::R10, Rank::R9, Rank::R8, Rank::R7];
                let mut deck = CardSet::trumps();
                for suit in Suit::ALL {
                    let spots = if suit.is_red() { red } else { black };
                    for rank in
                        spots
                            .into_iter()
                            .chain([Rank::King, Rank::Queen, Rank::Knight, Rank::Jack])
                    {
                        deck.insert(Card::suited(suit, rank));
                    }
                }
                deck
            }
            Variant::Skill7Tarock => {
                let mut deck = CardSet::trumps();
                deck.remove(Card::trump(2).unwrap());
                deck.remove(Card::trump(3).unwrap());
                for suit in Suit::ALL {
                    let spot = if suit.is_red() { Rank::R1 } else { Rank::R10 };
                    for rank in [Rank::King, Rank::Queen, Rank::Knight, Rank::Jack, spot] {
                        deck.insert(Card::suited(suit, rank));
                    }
                }
                deck
            }
        }
    }

    /// The number of seats at the table a record of this variant may have.
    pub fn table_sizes(self) -> &'static [u8] {
        match self {
            Variant::DanishTarok => &[3, 4],
            _ => &[4],
        }
    }

    /// The cards the undealt talon (dog) holds: 6 in the French and Austrian
    /// games, none in Danish Tarok and Skill7 Tarock.
    pub fn talon_size(self) -> usize {
        match self {
            Variant::FrenchTarot | Variant::Koenigrufen => 6,
            Variant::DanishTarok | Variant::Skill7Tarock => 0,
        }
    }

    /// The cards a seat is dealt. `active` is false for the Danish seat that
    /// sits out; `dealer` says whether it is the dealer's hand.
    pub fn hand_size(self, dealer: bool, active: bool) -> usize {
        match self {
            Variant::DanishTarok if !active => 0,
            Variant::DanishTarok if dealer => 28,
            Variant::DanishTarok => 25,
            Variant::FrenchTarot => 18,
            Variant::Koenigrufen => 12,
            Variant::Skill7Tarock => 10,
        }
    }

    /// Players who play to each trick.
    pub fn active_seats(self) -> usize {
        match self {
            Variant::DanishTarok => 3,
            _ => 4,
        }
    }

    /// The number of tricks in a full deal.
    pub fn tricks(self) -> usize {
        match self {
            Variant::DanishTarok => 25,
            Variant::FrenchTarot => 18,
            Variant::Koenigrufen => 12,
            Variant::Skill7Tarock => 10,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = ();
    fn from_str(s: &str) -> Result<Variant, ()> {
        Variant::ALL.into_iter().find(|v| v.name() == s).ok_or(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decks_have_their_sizes() {
        for v in Variant::ALL {
            assert_eq!(v.deck(), v.build_deck(), "{v}");
        }
        assert_eq!(Variant::DanishTarok.deck().len(), 78);
        assert_eq!(Variant::FrenchTarot.deck().len(), 78);
        assert_eq!(Variant::Koenigrufen.deck().len(), 54);
        assert_eq!(Variant::Skill7Tarock.deck().len(), 40);
        assert!(Variant::Koenigrufen.deck().contains("H4".parse().unwrap()));
        assert!(!Variant::Koenigrufen.deck().contains("H5".parse().unwrap()));
        assert!(!Variant::Skill7Tarock.deck().contains("T2".parse().unwrap()));
        assert!(!Variant::DanishTarok.deck().contains(Card::SKUS));
    }

    #[test]
    fn a_full_deal_uses_the_whole_deck() {
        for v in Variant::ALL {
            let seats = *v.table_sizes().first().unwrap() as usize;
            let dealt: usize = (0..seats).map(|s| v.hand_size(s == 0, true)).sum();
            assert_eq!(dealt + v.talon_size(), v.deck().len() as usize, "{v}");
        }
    }
}
