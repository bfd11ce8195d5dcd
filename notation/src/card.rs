//! Cards as single bytes, and sets of cards as one 128-bit word.
//!
//! Every card of the four decks (78-card French pack, 54-card Austrian pack,
//! 40-card Skill7 pack) has one code, written as the rules digests write it:
//! `SK`, `HQ`, `DN`, `CJ`, `S10`, `H1`, `T1`..`T21`, `T22` (the Sküs) and `EX`
//! (the Danish fool, the French excuse).
//!
//! ## Speed
//! `Card::code_at` is the one reader of a canonical code on bytes (the
//! text parser's `canonical_at`, [`Card::parse_canonical`] for JSON and
//! actions): tables indexed by the code's bytes and a select on a mask, no
//! branch on which card it is. A `match` on the letters compiled to jump
//! tables that the processor guessed wrong on most cards of a shuffled
//! hand: replacing it made parsing 30-45% faster while it ran 4% more
//! instructions (issue 15; the figures are in `bench/README.md`).
//!
//! ```
//! use tarok_notation::{Card, Suit};
//! let card: Card = "HD".parse().unwrap(); // Danish "dame" is the queen
//! assert_eq!(card.to_string(), "HQ");
//! assert_eq!(card.suit(), Some(Suit::Hearts));
//! ```

use std::fmt;
use std::str::FromStr;

/// One of the four suits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Spades (`S`).
    Spades = 0,
    /// Hearts (`H`).
    Hearts = 1,
    /// Diamonds (`D`).
    Diamonds = 2,
    /// Clubs (`C`).
    Clubs = 3,
}

impl Suit {
    /// The four suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// The letter of the canonical form: `S`, `H`, `D`, `C`.
    pub fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self as usize]
    }

    /// The suit of a letter, either case: `S`, `H`, `D`, `C`.
    pub fn from_letter(c: u8) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            b'S' => Some(Suit::Spades),
            b'H' => Some(Suit::Hearts),
            b'D' => Some(Suit::Diamonds),
            b'C' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// Hearts and diamonds, whose spot cards rank in reverse in the Danish
    /// and Austrian games.
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }
}

/// The rank of a suit card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    /// Ace (1).
    R1 = 0,
    /// 2.
    R2,
    /// 3.
    R3,
    /// 4.
    R4,
    /// 5.
    R5,
    /// 6.
    R6,
    /// 7.
    R7,
    /// 8.
    R8,
    /// 9.
    R9,
    /// 10.
    R10,
    /// Jack.
    Jack,
    /// Knight.
    Knight,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl Rank {
    /// The fourteen ranks, lowest first.
    pub const ALL: [Rank; 14] = [
        Rank::R1,
        Rank::R2,
        Rank::R3,
        Rank::R4,
        Rank::R5,
        Rank::R6,
        Rank::R7,
        Rank::R8,
        Rank::R9,
        Rank::R10,
        Rank::Jack,
        Rank::Knight,
        Rank::Queen,
        Rank::King,
    ];

    /// The spot value 1..=10, or `None` for a court card.
    pub fn spot(self) -> Option<u8> {
        let i = self as u8;
        (i < 10).then_some(i + 1)
    }

    /// Jack, knight, queen or king.
    pub fn is_court(self) -> bool {
        self >= Rank::Jack
    }
}

/// A trump number, 1..=22 (22 is the Austrian Sküs).
pub type TrumpNumber = u8;

/// One card. Its byte is the index of the card in the universe of all codes:
/// suit cards `0..56` (suit × 14 + rank), trumps `T1..T22` at `56..78`, and
/// the fool / excuse at 78. A `Card` can only be made from a valid index, so
/// an invalid card cannot exist.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

const TRUMP_BASE: u8 = 56;
const FOOL_INDEX: u8 = 78;

/// The tables [`Card::code_at`] reads a code with, so that reading a card
/// takes no branch on which card it is: a `match` on the letters compiles
/// to jump tables whose target changes with every card, and on a hand of
/// shuffled cards the processor guesses most of them wrong.
///
/// - `lead`: the class of a code's first byte: 1 to 4 the suits `S H D C`,
///   5 trumps `T`, 6 the fool's `E`; 0 for any other byte.
/// - `second`: the class of its second byte: 1 to 9 the digits, 10 to 13
///   `J N Q K`, 14 `X`; 0 for any other byte (`0` included).
/// - `two[lead * 16 + second]`: the index of the two-byte code, or 255.
/// - `three_base` and `three_limit` at the same place: a third byte that is
///   a digit `d` below the limit makes the three-byte code of index
///   `base + d` (`H10`; `T10` to `T22`).
struct CodeTables {
    lead: [u8; 256],
    second: [u8; 256],
    two: [u8; 128],
    three_base: [u8; 128],
    three_limit: [u8; 128],
    /// `three[at][d]`: `three_base[at] + d` for a digit `d` below
    /// `three_limit[at]`, else 255.
    three: [[u8; 16]; 128],
}

impl CodeTables {
    /// The row of the tables `two`, `three_base`, `three_limit` and `three`
    /// for a code's first two bytes. Below 128 (a lead is at most 6, a
    /// second byte at most 14); the mask only tells the compiler so. A byte
    /// that begins no code (lead 0) reads row 0, where every code is 255.
    #[inline(always)]
    fn row(&self, first: u8, second: u8) -> usize {
        (usize::from(self.lead[first as usize]) * 16 + usize::from(self.second[second as usize]))
            & 127
    }
}

const CODE_TABLES: CodeTables = {
    let mut t = CodeTables {
        lead: [0; 256],
        second: [0; 256],
        two: [255; 128],
        three_base: [0; 128],
        three_limit: [0; 128],
        three: [[255; 16]; 128],
    };
    let suits = *b"SHDC";
    let mut k = 0;
    while k < 4 {
        t.lead[suits[k] as usize] = k as u8 + 1;
        k += 1;
    }
    t.lead[b'T' as usize] = 5;
    t.lead[b'E' as usize] = 6;
    let mut d = 1;
    while d <= 9 {
        t.second[b'0' as usize + d] = d as u8;
        d += 1;
    }
    let courts = *b"JNQKX";
    k = 0;
    while k < 5 {
        t.second[courts[k] as usize] = 10 + k as u8;
        k += 1;
    }
    let pagat = TRUMP_BASE;
    let mut suit = 0;
    while suit < 4 {
        let at = (suit + 1) * 16;
        // S1..S9 are ranks 0..8, S10 rank 9, SJ SN SQ SK ranks 10..13.
        let mut second = 1;
        while second <= 13 {
            t.two[at + second] = (suit * 14 + second - 1 + (second >= 10) as usize) as u8;
            second += 1;
        }
        t.three_base[at + 1] = (suit * 14 + 9) as u8;
        t.three_limit[at + 1] = 1;
        suit += 1;
    }
    d = 1;
    while d <= 9 {
        t.two[5 * 16 + d] = pagat - 1 + d as u8;
        d += 1;
    }
    t.three_base[5 * 16 + 1] = pagat - 1 + 10;
    t.three_limit[5 * 16 + 1] = 10;
    t.three_base[5 * 16 + 2] = pagat - 1 + 20;
    t.three_limit[5 * 16 + 2] = 3;
    t.two[6 * 16 + 14] = FOOL_INDEX;
    let mut at = 0;
    while at < 128 {
        let mut d = 0;
        while d < 16 {
            t.three[at][d] = if (d as u8) < t.three_limit[at] {
                t.three_base[at] + d as u8
            } else {
                255
            };
            d += 1;
        }
        at += 1;
    }
    t
};

impl Card {
    /// The number of distinct card codes over all decks.
    pub const COUNT: usize = 79;
    /// The fool (Danish, Königrufen, Skill7) or excuse (French Tarot): `EX`.
    pub const FOOL: Card = Card(FOOL_INDEX);
    /// Trump 1, the pagat (petit): `T1`.
    pub const PAGAT: Card = Card(TRUMP_BASE);
    /// Trump 21, the mond: `T21`.
    pub const MOND: Card = Card(TRUMP_BASE + 20);
    /// Trump 22, the Austrian Sküs: `T22`.
    pub const SKUS: Card = Card(TRUMP_BASE + 21);

    /// The suit card of `suit` and `rank`.
    pub const fn suited(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 14 + rank as u8)
    }

    /// Trump `n` for `n` in `1..=22`.
    pub fn trump(n: TrumpNumber) -> Option<Card> {
        (1..=22).contains(&n).then(|| Card(TRUMP_BASE + n - 1))
    }

    /// The card of index `i` (below [`Card::COUNT`]).
    pub fn from_index(i: u8) -> Option<Card> {
        ((i as usize) < Card::COUNT).then_some(Card(i))
    }

    /// The card's index, below [`Card::COUNT`]: suits S, H, D, C (14 each, ace low), trumps 1..=22, the fool.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The canonical code: `SK`, `H10`, `T21`, `EX`.
    pub fn code(self) -> &'static str {
        CODES[self.0 as usize]
    }

    #[inline]
    /// The suit of a suit card; `None` for a trump or the fool.
    pub fn suit(self) -> Option<Suit> {
        SUIT_OF[self.0 as usize]
    }

    #[inline]
    /// The rank of a suit card; `None` for a trump or the fool.
    pub fn rank(self) -> Option<Rank> {
        RANK_OF[self.0 as usize]
    }

    /// The trump number (1..=22) of a trump, `None` for suit cards and the fool.
    pub fn trump_number(self) -> Option<TrumpNumber> {
        (TRUMP_BASE..FOOL_INDEX)
            .contains(&self.0)
            .then(|| self.0 - TRUMP_BASE + 1)
    }

    /// Whether it is a trump (the fool is none).
    pub fn is_trump(self) -> bool {
        self.trump_number().is_some()
    }

    /// Whether it is the fool / excuse.
    pub fn is_fool(self) -> bool {
        self.0 == FOOL_INDEX
    }

    /// Whether it is a king.
    pub fn is_king(self) -> bool {
        self.rank() == Some(Rank::King)
    }

    /// Where the card goes in a hand sorted as players hold it (smaller
    /// first): the fool / excuse, the trumps from the highest down, then
    /// spades, hearts, clubs and diamonds (the colours alternate), each from
    /// the king down. Red spot cards are held ace high where they rank so
    /// (every game but French Tarot: `H1` above `H2`). `tarok gen`, `explain`
    /// and the lesson page all sort hands by this one key.
    pub fn held_order(self, variant: Option<crate::Variant>) -> (u8, u8) {
        if self.is_fool() {
            return (0, 0);
        }
        if let Some(n) = self.trump_number() {
            return (1, 100 - n);
        }
        let (Some(suit), Some(rank)) = (self.suit(), self.rank()) else {
            return (0, 0);
        };
        let group = match suit {
            Suit::Spades => 2,
            Suit::Hearts => 3,
            Suit::Clubs => 4,
            Suit::Diamonds => 5,
        };
        let red_reversed = !matches!(variant, Some(crate::Variant::FrenchTarot) | None);
        let strength = match rank.spot() {
            None => 20 + rank as u8,
            Some(spot) if red_reversed && suit.is_red() => 11 - spot,
            Some(spot) => spot,
        };
        (group, 100 - strength)
    }

    /// Every card code, in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..Card::COUNT as u8).map(Card)
    }

    /// Parse a canonical code or an accepted alias (case-insensitive).
    ///
    /// Aliases: suit-card ranks `D` (dame) for the queen, `C` (caval,
    /// cavalier) for the knight, `Kn` (knægt), `V` (valet) and `B` (Bube) for
    /// the jack, `R` (roi) for the king, `A` (ace) for 1; trumps as Roman
    /// numerals `I`..`XXI`; the names `pagat`, `petit`, `mond`, `mondo`,
    /// `moon`, `sküs`, `skus`, `excuse`, `fool`, `scies`, `sciesen`, `scusen`.
    pub fn parse_code(text: &str) -> Option<Card> {
        Card::parse_canonical(text.as_bytes()).or_else(|| Card::parse_alias(text))
    }

    /// The canonical codes only, byte by byte: the fast path of parsing.
    pub fn parse_canonical(b: &[u8]) -> Option<Card> {
        match Card::code_at(b, 0) {
            Some((index, end)) if end == b.len() => Card::from_index(index),
            _ => None,
        }
    }

    /// The canonical code that begins at `b[i]`: the index of its card
    /// (255 when the bytes are no code: [`Card::from_index`] refuses it)
    /// and the end of the code, read through [`CODE_TABLES`] with no branch
    /// on which card it is. The longest code wins (`H10`, not `H1`, before
    /// a `0`); the word may go on after it, which the caller checks.
    #[inline(always)]
    pub(crate) fn code_at(b: &[u8], i: usize) -> Option<(u8, usize)> {
        let t = &CODE_TABLES;
        let lead = t.lead[*b.get(i)? as usize];
        if lead == 0 {
            return None;
        }
        let at = usize::from(lead) * 16 + usize::from(t.second[*b.get(i + 1)? as usize]);
        // Not a digit (or no byte at all): 255, above every limit.
        let digit = b.get(i + 2).map_or(255, |&c| c.wrapping_sub(b'0'));
        let three = digit < t.three_limit[at];
        // A select on a mask, not a branch: whether a code has three bytes
        // (`H10`, `T14`) is as hard to guess as which card it is.
        let mask = 0u8.wrapping_sub(u8::from(three));
        let index = (t.three_base[at].wrapping_add(digit) & mask) | (t.two[at] & !mask);
        Some((index, i + 2 + usize::from(three)))
    }

    /// [`Card::code_at`] on a window of four bytes (a code and the byte
    /// after it, or the first four bytes of a longer word): the index and
    /// whether the code has three bytes. The index is 255 when the bytes
    /// are no code, the first byte included ([`Card::from_index`] refuses
    /// it). With every byte in hand, no bound is checked and no branch
    /// taken: the card loop of the parser's fast path where
    /// [`Card::code_in_by_digit`] finds no card (`parse::fast::card_step_exact`).
    #[inline(always)]
    pub(crate) fn code_in(w: [u8; 4]) -> (u8, bool) {
        let t = &CODE_TABLES;
        let at = t.row(w[0], w[1]);
        let digit = w[2].wrapping_sub(b'0');
        let three = digit < t.three_limit[at];
        let mask = 0u8.wrapping_sub(u8::from(three));
        let index = (t.three_base[at].wrapping_add(digit) & mask) | (t.two[at] & !mask);
        (index, three)
    }

    /// [`Card::code_in`] with the code's length told by its third byte
    /// alone, a digit making three bytes: the index and whether the code
    /// has three bytes, the index 255 where the code of that length is
    /// none. Wherever this gives a card, [`Card::code_in`] gives the same
    /// card and length (a three-byte code's limit is at most 10, so a third
    /// byte below its limit is a digit). The length then comes from the
    /// bytes without waiting on the tables: the parser's card loop finds
    /// the next card while this one is still being looked up.
    #[inline(always)]
    pub(crate) fn code_in_by_digit(w: [u8; 4]) -> (u8, bool) {
        let t = &CODE_TABLES;
        let at = t.row(w[0], w[1]);
        let digit = w[2].wrapping_sub(b'0');
        let three = digit < 10;
        // Selects on masks, not branches: whether a code has three bytes is
        // as hard to guess as which card it is.
        // One load for the three-byte code (255 at or past the limit): a
        // comparison with the limit became a branch.
        let long = t.three[at][usize::from(digit & 15)];
        let mask = 0u8.wrapping_sub(u8::from(three));
        ((long & mask) | (t.two[at] & !mask), three)
    }

    fn parse_alias(text: &str) -> Option<Card> {
        let b = text.as_bytes();
        match b {
            [] => None,
            [b'E' | b'e', b'X' | b'x'] => Some(Card::FOOL),
            [b'T' | b't', digits @ ..] if !digits.is_empty() && digits.len() <= 2 => {
                Card::trump(parse_small_number(digits)?)
            }
            [s, rank @ ..] if Suit::from_letter(*s).is_some() && !rank.is_empty() => {
                let suit = Suit::from_letter(*s)?;
                match parse_rank(rank) {
                    Some(rank) => Some(Card::suited(suit, rank)),
                    None => parse_name(text),
                }
            }
            _ => parse_name(text),
        }
    }
}

fn parse_small_number(digits: &[u8]) -> Option<u8> {
    let mut n: u8 = 0;
    if digits.len() > 2 || digits.len() > 1 && digits[0] == b'0' {
        return None;
    }
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        n = n * 10 + (d - b'0');
    }
    Some(n)
}

fn parse_rank(rank: &[u8]) -> Option<Rank> {
    if rank[0].is_ascii_digit() {
        let n = parse_small_number(rank)?;
        return (1..=10).contains(&n).then(|| Rank::ALL[n as usize - 1]);
    }
    let rank = match rank {
        [c] => c.to_ascii_uppercase(),
        [k, n] if k.eq_ignore_ascii_case(&b'k') && n.eq_ignore_ascii_case(&b'n') => b'J',
        _ => return None,
    };
    Some(match rank {
        b'K' | b'R' => Rank::King,
        b'Q' | b'D' => Rank::Queen,
        b'N' | b'C' => Rank::Knight,
        b'J' | b'V' | b'B' => Rank::Jack,
        b'A' => Rank::R1,
        _ => return None,
    })
}

fn parse_name(text: &str) -> Option<Card> {
    if text.len() > 8 {
        return None;
    }
    let lower = text.to_lowercase();
    let card = match lower.as_str() {
        "pagat" | "petit" => Card::PAGAT,
        "mond" | "mondo" | "moon" => Card::MOND,
        "sküs" | "skus" | "skues" | "sküsz" => Card::SKUS,
        "excuse" | "fool" | "scies" | "sciesen" | "scusen" => Card::FOOL,
        roman => Card::trump(parse_roman(roman)?)?,
    };
    Some(card)
}

/// Roman numerals `i`..`xxi` (lower case), strictly in their standard form.
fn parse_roman(text: &str) -> Option<u8> {
    const ROMAN: [&str; 21] = [
        "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii", "xiv",
        "xv", "xvi", "xvii", "xviii", "xix", "xx", "xxi",
    ];
    ROMAN.iter().position(|r| *r == text).map(|i| i as u8 + 1)
}

/// The canonical code of every card, by index.
// The suit and rank of each card index, one load each (a hot path of
// every engine). 256 entries so that no index needs a bounds check.
const SUIT_OF: [Option<Suit>; 256] = {
    let mut t = [None; 256];
    let mut i = 0;
    while i < TRUMP_BASE as usize {
        t[i] = Some(Suit::ALL[i / 14]);
        i += 1;
    }
    t
};

const RANK_OF: [Option<Rank>; 256] = {
    let mut t = [None; 256];
    let mut i = 0;
    while i < TRUMP_BASE as usize {
        t[i] = Some(Rank::ALL[i % 14]);
        i += 1;
    }
    t
};

const CODES: [&str; Card::COUNT] = [
    "S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10", "SJ", "SN", "SQ", "SK", "H1",
    "H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9", "H10", "HJ", "HN", "HQ", "HK", "D1", "D2",
    "D3", "D4", "D5", "D6", "D7", "D8", "D9", "D10", "DJ", "DN", "DQ", "DK", "C1", "C2", "C3",
    "C4", "C5", "C6", "C7", "C8", "C9", "C10", "CJ", "CN", "CQ", "CK", "T1", "T2", "T3", "T4",
    "T5", "T6", "T7", "T8", "T9", "T10", "T11", "T12", "T13", "T14", "T15", "T16", "T17", "T18",
    "T19", "T20", "T21", "T22", "EX",
];

/// Every card's code in JSON quotes (`"T21"`), padded to 5 bytes, and its
/// length: the JSON writer copies one fixed-size block per card.
pub(crate) const QUOTED: [([u8; 5], usize); Card::COUNT] = {
    let mut table = [([0u8; 5], 0); Card::COUNT];
    let mut i = 0;
    while i < Card::COUNT {
        let code = CODES[i].as_bytes();
        table[i].0[0] = b'"';
        let mut j = 0;
        while j < code.len() {
            table[i].0[1 + j] = code[j];
            j += 1;
        }
        table[i].0[1 + code.len()] = b'"';
        table[i].1 = code.len() + 2;
        i += 1;
    }
    table
};

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The error of [`Card::from_str`]: the text is no card code or alias.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a card")]
pub struct UnknownCard(pub String);

impl FromStr for Card {
    type Err = UnknownCard;
    fn from_str(s: &str) -> Result<Card, UnknownCard> {
        Card::parse_code(s).ok_or_else(|| UnknownCard(s.to_owned()))
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Card;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a card code such as \"HK\", \"S10\", \"T21\" or \"EX\"")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Card, E> {
                // JSON is the exchange form: only canonical codes are accepted,
                // so that JSON -> text -> JSON is the identity.
                // Checked on the bytes: no string is built for a card.
                if let Some(c) = Card::parse_canonical(v.as_bytes()).filter(|c| c.code() == v) {
                    return Ok(c);
                }
                match Card::parse_code(v) {
                    Some(c) if c.code() == v => Ok(c),
                    Some(c) => Err(E::custom(format!(
                        "`{v}` is not a canonical card code (write `{c}`)"
                    ))),
                    None => Err(E::custom(format!("`{v}` is not a card"))),
                }
            }
        }
        d.deserialize_str(V)
    }
}

/// A set of cards as a bit set: a hand, a trick, a skat, a deck.
///
/// Bit `i` is the card of index `i` ([`Card::index`]). Read and make the
/// bits with [`CardSet::bits`] and [`CardSet::from_bits_truncate`], which
/// drops the bits above the last card, so that every bit set is a card.
/// The field is private: no other way makes a set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u128);

impl CardSet {
    /// No card.
    pub const EMPTY: CardSet = CardSet(0);

    /// Every card of every pack: the bits of the indices below
    /// [`Card::COUNT`].
    const ALL_BITS: u128 = (1u128 << Card::COUNT) - 1;

    /// The set whose bit `i` is set for each card of index `i` in `bits`;
    /// bits above the last card are dropped. For masks worked out once
    /// (the cards of a rank in every suit, the trumps above a number).
    #[inline]
    pub const fn from_bits_truncate(bits: u128) -> CardSet {
        CardSet(bits & CardSet::ALL_BITS)
    }

    /// The set as bits: bit `i` for the card of index `i`.
    #[inline]
    pub const fn bits(self) -> u128 {
        self.0
    }

    // A card's index is below 79 (`Card::COUNT`), so the masks below
    // change nothing; they spare the shift its overflow check and let the
    // test read one 64-bit half (a hot path of every engine).
    #[inline]
    fn bit(card: Card) -> u128 {
        let bit = 1u64 << (card.0 & 63);
        if card.0 & 64 == 0 {
            u128::from(bit)
        } else {
            u128::from(bit) << 64
        }
    }

    #[inline]
    /// Whether the card is in the set.
    pub fn contains(self, card: Card) -> bool {
        let half = if card.0 & 64 == 0 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        half >> (card.0 & 63) & 1 == 1
    }

    /// Adds the card; returns `false` if it was already there.
    #[inline]
    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= CardSet::bit(card);
        !had
    }

    #[inline]
    /// Removes the card; returns `false` if it was not there.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !CardSet::bit(card);
        had
    }

    /// The number of cards.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds no card.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in either set.
    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// The cards in both sets.
    pub fn intersection(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    /// The cards of this set not in `other`.
    pub fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards in index order (suits S, H, D, C low to high, trumps, fool).
    /// It tells its length, so a list collected from it is made at its
    /// full size at once.
    pub fn iter(self) -> impl ExactSizeIterator<Item = Card> {
        SetCards(self.0)
    }

    /// All cards of one suit.
    #[inline]
    pub fn suit(suit: Suit) -> CardSet {
        const SUITS: [CardSet; 4] = [
            CardSet((1u128 << 14) - 1),
            CardSet(((1u128 << 14) - 1) << 14),
            CardSet(((1u128 << 14) - 1) << 28),
            CardSet(((1u128 << 14) - 1) << 42),
        ];
        SUITS[suit as usize]
    }

    /// All trumps `T1..T22`.
    pub fn trumps() -> CardSet {
        CardSet(((1u128 << 22) - 1) << TRUMP_BASE)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The cards left of a set, lowest index first ([`CardSet::iter`]).
struct SetCards(u128);

impl Iterator for SetCards {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for SetCards {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips() {
        for card in Card::all() {
            let text = card.to_string();
            assert_eq!(Card::parse_code(&text), Some(card), "{text}");
        }
    }

    /// Wherever the length told by the third byte gives a card, the
    /// tables give the same card and length: every first three bytes (the
    /// fourth is not read for the card), and every code is found so.
    #[test]
    fn code_by_digit_is_code_in_where_it_finds_a_card() {
        let mut found = [false; Card::COUNT];
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                for c in 0..=255u8 {
                    let (index, three) = Card::code_in_by_digit([a, b, c, b' ']);
                    if Card::from_index(index).is_some() {
                        assert_eq!(
                            Card::code_in([a, b, c, b' ']),
                            (index, three),
                            "{a} {b} {c}"
                        );
                        found[usize::from(index)] = true;
                    }
                }
            }
        }
        assert!(
            found.iter().all(|&f| f),
            "every code is found by its length"
        );
    }

    #[test]
    fn parse_canonical_takes_exactly_the_canonical_codes() {
        // The JSON reader relies on it (json/fast.rs): no check after it.
        let alphabet = b"SHDCTEXJNQKAsehtx0123456789 \"\\";
        let mut strings: Vec<Vec<u8>> = vec![vec![]];
        for len in 1..=4 {
            let mut longer = Vec::new();
            for s in strings.iter().filter(|s| s.len() == len - 1) {
                for &b in alphabet {
                    let mut t = s.clone();
                    t.push(b);
                    longer.push(t);
                }
            }
            strings.extend(longer);
        }
        let mut taken = 0;
        for s in &strings {
            if let Some(card) = Card::parse_canonical(s) {
                assert_eq!(card.code().as_bytes(), &s[..]);
                taken += 1;
            }
        }
        assert_eq!(taken, Card::COUNT);
    }

    #[test]
    fn aliases_map_to_canonical_cards() {
        let cases = [
            ("HD", "HQ"),
            ("sc", "SN"),
            ("CKn", "CJ"),
            ("DR", "DK"),
            ("HV", "HJ"),
            ("SB", "SJ"),
            ("HA", "H1"),
            ("XXI", "T21"),
            ("iv", "T4"),
            ("Pagat", "T1"),
            ("mond", "T21"),
            ("Sküs", "T22"),
            ("excuse", "EX"),
            ("fool", "EX"),
        ];
        for (alias, canonical) in cases {
            assert_eq!(
                Card::parse_code(alias).unwrap().to_string(),
                canonical,
                "{alias}"
            );
        }
    }

    #[test]
    fn non_cards_are_rejected() {
        for bad in [
            "", "S0", "S11", "T0", "T23", "T05", "XXII", "SX", "Z1", "IIII", "HKK",
        ] {
            assert_eq!(Card::parse_code(bad), None, "{bad}");
        }
    }

    #[test]
    fn card_set_counts_and_iterates_in_order() {
        let set: CardSet = ["T21", "SK", "EX", "SK"]
            .iter()
            .map(|c| c.parse::<Card>().unwrap())
            .collect();
        assert_eq!(set.len(), 3);
        let codes: Vec<String> = set.iter().map(|c| c.to_string()).collect();
        assert_eq!(codes, ["SK", "T21", "EX"]);
        assert_eq!(CardSet::trumps().len(), 22);
        assert_eq!(CardSet::suit(Suit::Clubs).len(), 14);
    }

    /// Whatever bits it is given, a set holds cards only: the bits above
    /// the last card are dropped, and bits() gives back what it holds.
    #[test]
    fn card_set_from_bits_holds_cards_only() {
        let all = CardSet::from_bits_truncate(u128::MAX);
        assert_eq!(all.len(), Card::COUNT as u32);
        assert!(all.iter().eq(Card::all()));
        assert_eq!(
            CardSet::from_bits_truncate(1u128 << Card::COUNT),
            CardSet::EMPTY
        );
        let set = CardSet::from_bits_truncate(0b101 | 1u128 << 100);
        assert_eq!(set.bits(), 0b101);
        assert_eq!(CardSet::from_bits_truncate(set.bits()), set);
    }
}
