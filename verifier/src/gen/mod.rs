//! Random legal deals, for practice hands, tests and benchmarks. Each
//! variant's generator deals, then chooses among the moves
//! [`crate::game::Game::legal`] lists, with weights of its own: it holds no
//! rule (issue 25).

/// SplitMix64: a small, fast generator whose sequence for a seed never
/// changes, so `tarok gen --seed N` is reproducible across versions.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// Any card code, for the tests that hold a shortcut equal to the
    /// shared core on random hands.
    #[cfg(test)]
    pub fn card(&mut self) -> Card {
        Card::from_index(self.below(Card::COUNT) as u8).expect("an index below Card::COUNT")
    }

    /// Fewer than `below` random cards (a card drawn twice counts once).
    #[cfg(test)]
    pub fn hand(&mut self, below: usize) -> CardSet {
        let mut hand = CardSet::EMPTY;
        for _ in 0..self.below(below) {
            hand.insert(self.card());
        }
        hand
    }

    /// The generator of a seed: the same seed, the same deals.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

pub mod danish;
pub mod french;
pub mod koenigrufen;
pub mod skill7;

use std::cell::Cell;
use std::ops::Range;

use notation::Seat;
use notation::{Card, CardSet, Item, Party, Pot, Record, Variant};

/// One random legal deal of a variant, played out with random legal moves;
/// `index` is its place in a generated session (the dealer rotates).
/// `None` while the variant has no generator.
pub fn deal(variant: Variant, rng: &mut Rng, index: usize) -> Option<Record> {
    deal_at(variant, variant.table_sizes()[0], rng, index)
}

/// As [`deal`], at a table of `seats` (Danish Tarok: 3 or 4; the others: 4).
/// `None` for a table size the variant is not played at.
pub fn deal_at(variant: Variant, seats: u8, rng: &mut Rng, index: usize) -> Option<Record> {
    if !variant.table_sizes().contains(&seats) {
        return None;
    }
    if variant == Variant::DanishTarok && seats == 4 {
        return danish::deal_four(rng, index);
    }
    match variant {
        Variant::DanishTarok => danish::deal(rng, index),
        Variant::FrenchTarot => french::deal(rng, index),
        Variant::Koenigrufen => koenigrufen::deal(rng, index),
        Variant::Skill7Tarock => skill7::deal(rng, index),
    }
}

/// Hands fixed in advance (`tarok gen --hands "0: SK SQ ..."`): the cards
/// of some seats are given, the rest of the pack is dealt at random.
#[derive(Debug, Clone, Default)]
pub struct Fixed {
    hands: Vec<(Seat, Vec<Card>)>,
    /// Shuffles tried for the current deal; a generator that rejects
    /// shuffles (a bare petit, a dealer with no skat) gives up after
    /// [`Fixed::MAX_TRIES`] when hands are fixed.
    tries: Cell<u32>,
}

impl Fixed {
    const MAX_TRIES: u32 = 20_000;

    /// Whether no hand is fixed.
    pub fn is_empty(&self) -> bool {
        self.hands.is_empty()
    }

    /// Adds a seat's hand; the cards must be of the variant's pack and
    /// in no other fixed hand, the seat one at the table.
    pub fn add(
        &mut self,
        variant: Variant,
        seats: u8,
        seat: Seat,
        cards: Vec<Card>,
    ) -> Result<(), String> {
        if seat.number() >= seats {
            return Err(format!("seat {seat} is not at a table of {seats}"));
        }
        if self.hands.iter().any(|(s, _)| *s == seat) {
            return Err(format!("seat {seat}'s hand is given twice"));
        }
        let deck = variant.deck();
        let mut seen = CardSet::EMPTY;
        for &c in &cards {
            if !deck.contains(c) {
                return Err(format!("{c} is not a card of {variant}"));
            }
            if !seen.insert(c) || self.hands.iter().any(|(_, h)| h.contains(&c)) {
                return Err(format!("{c} is given twice"));
            }
        }
        self.hands.push((seat, cards));
        Ok(())
    }

    /// Adds a hand written as `--hands` takes it: `"0: SK SQ T21 ..."`
    /// (a seat, a colon, the cards in the notation's codes or aliases).
    pub fn add_spec(&mut self, variant: Variant, seats: u8, spec: &str) -> Result<(), String> {
        let Some((seat, cards)) = spec.split_once(':') else {
            return Err(format!(
                "`{spec}`: write a seat, a colon and the cards: \"0: SK SQ ...\""
            ));
        };
        let Ok(seat) = seat.trim().parse::<Seat>() else {
            return Err(format!("`{}` is not a seat number", seat.trim()));
        };
        let cards = cards
            .split_whitespace()
            .map(|c| {
                c.parse::<Card>()
                    .map_err(|_| format!("`{c}` is not a card"))
            })
            .collect::<Result<Vec<Card>, String>>()?;
        self.add(variant, seats, seat, cards)
    }

    /// The same hands with seats renumbered (`None`: the seat is not dealt).
    fn remap(&self, map: impl Fn(Seat) -> Option<Seat>) -> Result<Fixed, String> {
        let mut out = Fixed::default();
        for (seat, cards) in &self.hands {
            let Some(s) = map(*seat) else {
                return Err(format!("seat {seat} sits out and is dealt no cards"));
            };
            out.hands.push((s, cards.clone()));
        }
        Ok(out)
    }

    /// Rearranges a shuffled pack so that each fixed hand lies where the
    /// generator deals that seat's cards (`slot`); the other cards keep
    /// their shuffled order in the places left.
    fn arrange(
        &self,
        pack: &mut [Card],
        slot: impl Fn(Seat) -> Range<usize>,
    ) -> Result<(), String> {
        if self.hands.is_empty() {
            return Ok(());
        }
        let tries = self.tries.get() + 1;
        self.tries.set(tries);
        if tries > Self::MAX_TRIES {
            return Err(format!(
                "no legal deal found with these hands in {} shuffles (a hand the rules \
                 would have redealt?)",
                Self::MAX_TRIES
            ));
        }
        let mut placed: Vec<Option<Card>> = vec![None; pack.len()];
        let mut fixed = CardSet::EMPTY;
        for (seat, cards) in &self.hands {
            let range = slot(*seat);
            if range.len() != cards.len() {
                return Err(format!(
                    "seat {seat} is dealt {} cards, the hand given has {}",
                    range.len(),
                    cards.len()
                ));
            }
            for (place, &c) in range.zip(cards) {
                placed[place] = Some(c);
                fixed.insert(c);
            }
        }
        let rest: Vec<Card> = pack
            .iter()
            .copied()
            .filter(|c| !fixed.contains(*c))
            .collect();
        let mut rest = rest.into_iter();
        for (place, card) in pack.iter_mut().zip(placed) {
            *place = match card {
                Some(c) => c,
                None => rest.next().expect("the pack has a card for every place"),
            };
        }
        Ok(())
    }

    fn start_deal(&self) {
        self.tries.set(0);
    }
}

/// A generated session: deals in order, the dealer rotating, the Danish
/// pots carried from each deal's claim to the next deal's `Pots` tag.
/// With fixed hands every deal has the same dealer (one position played
/// many ways).
pub struct Session {
    variant: Variant,
    seats: u8,
    fixed: Fixed,
    index: usize,
    pots: Option<[i64; 2]>,
}

impl Session {
    /// `None` for a table size the variant is not played at.
    pub fn new(variant: Variant, seats: u8, fixed: Fixed) -> Option<Session> {
        variant.table_sizes().contains(&seats).then_some(Session {
            variant,
            seats,
            fixed,
            index: 0,
            pots: None,
        })
    }

    /// The next deal, its hands sorted as players hold them; an error when
    /// the fixed hands cannot be dealt.
    pub fn next_deal(&mut self, rng: &mut Rng) -> Result<Record, String> {
        let i = self.index;
        self.index += 1;
        // Fixed hands: the first deal's dealer deals again (the dealer is
        // `index % seats` in every generator).
        let index = if self.fixed.is_empty() {
            i
        } else {
            i * self.seats as usize
        };
        self.fixed.start_deal();
        let mut record = match self.variant {
            Variant::DanishTarok if self.seats == 4 => {
                danish::deal_four_with(rng, index, &self.fixed, self.pots)
            }
            Variant::DanishTarok => danish::deal_with(rng, index, &self.fixed, self.pots),
            Variant::FrenchTarot => french::deal_with(rng, index, &self.fixed),
            Variant::Koenigrufen => koenigrufen::deal_with(rng, index, &self.fixed),
            Variant::Skill7Tarock => skill7::deal_with(rng, index, &self.fixed),
        }?;
        if self.variant == Variant::DanishTarok {
            self.pots = pots_after(&record);
        }
        sort_hands(self.variant, &mut record);
        Ok(record)
    }
}

/// The claim of a generated deal: each seat's net result, in seat order.
fn claim(totals: &[i64]) -> notation::Claim {
    notation::Claim {
        entries: totals
            .iter()
            .enumerate()
            .map(|(s, &amount)| notation::ClaimEntry {
                party: Party::Seat(Seat::new(s as u8)),
                amount,
                span: notation::Span::default(),
            })
            .collect(),
        comments: Vec::new(),
        span: notation::Span::default(),
    }
}

/// The pots after a Danish deal, as its claim states them.
fn pots_after(record: &Record) -> Option<[i64; 2]> {
    let entries = &record.claim.as_ref()?.entries;
    let pot = |p: Pot| {
        entries
            .iter()
            .find(|e| e.party == Party::Pot(p))
            .map(|e| e.amount)
    };
    Some([pot(Pot::King)?, pot(Pot::Pagat)?])
}

/// Sorts every hand of a record as players hold their cards
/// ([`Card::held_order`], the order `explain` and the lesson page show).
///
/// A hand of distinct cards whose keys differ is laid out by the cards'
/// places in the variant's order (`HeldOrder`, made once): the same list
/// as the stable sort by key, without its compares and moves (an insertion
/// sort of twelve items, its branches mispredicted: 5% of `gen`'s time).
/// Any other hand is sorted by key, as before.
pub fn sort_hands(variant: Variant, record: &mut Record) {
    let order = HeldOrder::of(variant);
    for hand in &mut record.hands {
        if !order.lay_out(&mut hand.cards) {
            hand.cards
                .sort_by_key(|item: &Item| order.key[usize::from(item.card.index())]);
        }
    }
}

/// Every card's key in a variant's held order ([`Card::held_order`]),
/// packed in a number, and its place among the pack's keys.
struct HeldOrder {
    /// The key of each card (by index): the group, then the rank.
    key: [u16; Card::COUNT],
    /// The place of each card (by index) in the pack sorted by key (cards
    /// of equal keys in index order).
    place: [u8; Card::COUNT],
    /// The places of the cards whose key another card shares.
    tied: u128,
}

impl HeldOrder {
    /// The order of `variant`, made on first use.
    fn of(variant: Variant) -> &'static HeldOrder {
        use std::sync::OnceLock;
        static ORDERS: [OnceLock<HeldOrder>; 4] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        let i = match variant {
            Variant::DanishTarok => 0,
            Variant::FrenchTarot => 1,
            Variant::Koenigrufen => 2,
            Variant::Skill7Tarock => 3,
        };
        ORDERS[i].get_or_init(|| HeldOrder::new(variant))
    }

    fn new(variant: Variant) -> HeldOrder {
        let mut key = [0u16; Card::COUNT];
        for card in Card::all() {
            let (group, rank) = card.held_order(Some(variant));
            key[usize::from(card.index())] = u16::from(group) << 8 | u16::from(rank);
        }
        let mut place = [0u8; Card::COUNT];
        let mut tied = 0u128;
        for c in 0..Card::COUNT {
            let below = (0..Card::COUNT)
                .filter(|&d| key[d] < key[c] || key[d] == key[c] && d < c)
                .count();
            place[c] = below as u8;
        }
        for c in 0..Card::COUNT {
            if (0..Card::COUNT).any(|d| d != c && key[d] == key[c]) {
                tied |= 1 << place[c];
            }
        }
        HeldOrder { key, place, tied }
    }

    /// `cards` laid out in held order, where they are distinct cards of
    /// which at most one has a key another card shares (so that the
    /// stable sort by key gives the one list of their places in order);
    /// `false`, and `cards` as they were, otherwise.
    fn lay_out(&self, cards: &mut Vec<Item>) -> bool {
        // Which item stands at each place (`Card::COUNT` < 128).
        let mut at = [0u8; 128];
        let mut held = 0u128;
        if cards.len() > Card::COUNT {
            return false;
        }
        for (i, item) in cards.iter().enumerate() {
            let p = self.place[usize::from(item.card.index())];
            let bit = 1u128 << p;
            if held & bit != 0 {
                return false;
            }
            held |= bit;
            at[usize::from(p)] = i as u8;
        }
        let tied = held & self.tied;
        if tied & tied.wrapping_sub(1) != 0 {
            return false;
        }
        let mut sorted = Vec::with_capacity(cards.len());
        while held != 0 {
            let p = held.trailing_zeros() as usize;
            held &= held - 1;
            sorted.push(cards[usize::from(at[p])]);
        }
        *cards = sorted;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hands laid out by place are the hands the stable sort by key
    /// gives: random hands of every size, of distinct cards and with cards
    /// written twice, in every variant's order.
    #[test]
    fn lay_out_is_the_sort_by_key() {
        let mut rng = Rng::new(0x5eed_29e1_0000_0043);
        for &variant in &Variant::ALL {
            let order = HeldOrder::of(variant);
            let mut laid_out = 0;
            for round in 0..3_000 {
                let len = rng.below(if round % 10 == 0 { 90 } else { 25 });
                let mut cards: Vec<Item> = (0..len)
                    .map(|i| {
                        let mut item = Item::new(rng.card());
                        // Items told apart beyond their cards: a stable
                        // sort keeps equal keys in the order written.
                        item.span = notation::Span::new(i, i + 1);
                        item
                    })
                    .collect();
                if round % 3 == 0 {
                    // Distinct cards, most hands being such.
                    let mut seen = CardSet::EMPTY;
                    cards.retain(|item| seen.insert(item.card));
                }
                let mut sorted = cards.clone();
                sorted.sort_by_key(|item| order.key[usize::from(item.card.index())]);
                let mut laid = cards.clone();
                if !order.lay_out(&mut laid) {
                    assert_eq!(laid, cards, "left as it was");
                    continue;
                }
                laid_out += 1;
                assert_eq!(laid.len(), sorted.len());
                for (a, b) in laid.iter().zip(&sorted) {
                    assert_eq!((a.card, a.span.start), (b.card, b.span.start));
                }
            }
            // The hands of distinct cards, about a third, are laid out.
            assert!(laid_out > 500, "{variant}: {laid_out} laid out");
        }
    }
}
