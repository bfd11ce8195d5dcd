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
pub fn sort_hands(variant: Variant, record: &mut Record) {
    let order = held_places(variant);
    for hand in &mut record.hands {
        let cards = &mut hand.cards[..];
        if !sort_by_places(cards, order) {
            // A long hand, or a card twice: the stable sort, as always.
            cards.sort_by_key(|item: &Item| order.place[usize::from(item.card.index())]);
        }
    }
}

/// Each card's place among the whole pack sorted as held
/// ([`Card::held_order`] of one variant): no two cards hold the same order
/// (only the fool is `(0, 0)`), so a hand's sorted order is the order of
/// its cards' places.
struct HeldPlaces {
    place: [u8; Card::COUNT],
    /// The card at each place (the fool past the last: never read).
    card: [Card; 128],
}

/// [`HeldPlaces`] of `variant`, made once.
fn held_places(variant: Variant) -> &'static HeldPlaces {
    use std::sync::OnceLock;
    static PLACES: [OnceLock<HeldPlaces>; 4] = [const { OnceLock::new() }; 4];
    PLACES[variant as usize].get_or_init(|| {
        let mut cards: Vec<Card> = Card::all().collect();
        cards.sort_by_key(|c| c.held_order(Some(variant)));
        let mut place = [0u8; Card::COUNT];
        let mut card = [Card::FOOL; 128];
        for (p, c) in cards.iter().enumerate() {
            place[usize::from(c.index())] = p as u8;
            card[p] = *c;
        }
        HeldPlaces { place, card }
    })
}

/// Sorts `cards` by their places without comparing them (issue 29 item 5:
/// the sort was 4% of `tarok gen`): each card's place marked in a mask of
/// the pack, the cards then read in the mask's order. The same order as
/// the stable sort by place when no card is there twice (places are
/// distinct, so the sorted order is the only one); `false`, nothing
/// changed, for a hand with a card twice or of more than 32 cards.
fn sort_by_places(cards: &mut [Item], order: &HeldPlaces) -> bool {
    const MOST: usize = 32;
    let n = cards.len();
    if !(2..=MOST).contains(&n) {
        return n < 2;
    }
    // A hand dealt in order (the Danish generator sorts its hands before
    // the play, [`sort_cards`]) is left as it is: its places rise.
    let place = |item: &Item| order.place[usize::from(item.card.index())];
    if cards.windows(2).all(|w| place(&w[0]) < place(&w[1])) {
        return true;
    }
    let mut mask = 0u128;
    let mut at = [0u8; 128];
    for (i, item) in cards.iter().enumerate() {
        let p = order.place[usize::from(item.card.index())];
        mask |= 1u128 << p;
        at[usize::from(p)] = i as u8;
    }
    if mask.count_ones() as usize != n {
        return false;
    }
    let mut was = [cards[0]; MOST];
    was[..n].copy_from_slice(cards);
    for slot in cards.iter_mut() {
        let p = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        *slot = was[usize::from(at[p])];
    }
    true
}

/// Sorts hands dealt from one pack as players hold them (the order
/// [`sort_hands`] gives each): each card's hand marked, then the pack read
/// once in the held order, each card pushed onto its hand (no hand sorted
/// on its own). `false`, nothing changed, where a card is in two hands or
/// twice in one.
fn sort_dealt(variant: Variant, hands: &mut [Vec<Card>]) -> bool {
    let order = held_places(variant);
    let mut owner = [0u8; Card::COUNT];
    for (k, hand) in hands.iter().enumerate() {
        for card in hand {
            let at = &mut owner[usize::from(card.index())];
            if *at != 0 || k >= usize::from(u8::MAX) {
                return false;
            }
            *at = k as u8 + 1;
        }
    }
    for hand in hands.iter_mut() {
        hand.clear();
    }
    for card in &order.card[..Card::COUNT] {
        if let Some(k) = owner[usize::from(card.index())].checked_sub(1) {
            hands[usize::from(k)].push(*card);
        }
    }
    true
}

/// Sorts distinct cards as players hold them ([`Card::held_order`] of
/// `variant`, as [`sort_hands`] sorts a record's hands), on a mask of their
/// places; `false`, nothing changed, for a card given twice. The tests'
/// measure of [`sort_dealt`], one hand at a time.
#[cfg(test)]
fn sort_cards(variant: Variant, cards: &mut [Card]) -> bool {
    let order = held_places(variant);
    let mut mask = 0u128;
    for card in cards.iter() {
        mask |= 1u128 << order.place[usize::from(card.index())];
    }
    if mask.count_ones() as usize != cards.len() {
        return false;
    }
    for slot in cards.iter_mut() {
        let p = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        *slot = order.card[p];
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`sort_by_places`] sorts as the stable sort by [`Card::held_order`]
    /// did, on random hands of every size it takes, for every variant; a
    /// hand with a card twice is left to the sort.
    #[test]
    fn sorting_by_places_is_the_held_order() {
        let mut rng = Rng::new(29);
        for variant in [
            Variant::DanishTarok,
            Variant::FrenchTarot,
            Variant::Koenigrufen,
            Variant::Skill7Tarock,
        ] {
            let order = held_places(variant);
            for round in 0..2_000 {
                let mut cards: Vec<Item> = rng
                    .hand(40)
                    .iter()
                    .map(|card| Item {
                        card,
                        name: None,
                        rename: None,
                        span: notation::Span::default(),
                    })
                    .collect();
                // Shuffled, so that the hand is not in index order.
                for i in (1..cards.len()).rev() {
                    cards.swap(i, rng.below(i + 1));
                }
                if round % 10 == 0 && !cards.is_empty() {
                    cards.push(cards[0]);
                }
                let mut want = cards.clone();
                want.sort_by_key(|item| item.card.held_order(Some(variant)));
                let mut got = cards.clone();
                if !sort_by_places(&mut got, order) {
                    assert!(round % 10 == 0 || got.len() > 32, "{variant} {round}");
                    got.sort_by_key(|item| order.place[usize::from(item.card.index())]);
                }
                let codes = |v: &[Item]| v.iter().map(|i| i.card).collect::<Vec<_>>();
                assert_eq!(codes(&got), codes(&want), "{variant} {round}");
                // The cards alone, sorted on their mask: the same order (a
                // card twice: left as they were).
                let mut alone = codes(&cards);
                let before = alone.clone();
                if sort_cards(variant, &mut alone) {
                    assert_eq!(alone, codes(&want), "{variant} {round}");
                } else {
                    assert!(round % 10 == 0, "{variant} {round}");
                    assert_eq!(alone, before);
                }
                // Dealt from one pack: the hands sorted together as each
                // alone (a card in two hands: left as they were).
                let other = rng.hand(40);
                let mut two = vec![alone.clone(), other.iter().collect::<Vec<_>>()];
                let mut each = two.clone();
                let before_two = two.clone();
                if sort_dealt(variant, &mut two) {
                    for hand in &mut each {
                        assert!(sort_cards(variant, hand), "{variant} {round}");
                    }
                    assert_eq!(two, each, "{variant} {round}");
                } else {
                    assert_eq!(two, before_two);
                }
                // A hand sorted already is left so.
                let mut again = want.clone();
                if sort_by_places(&mut again, order) {
                    assert_eq!(codes(&again), codes(&want), "{variant} {round}");
                }
            }
        }
    }
}
