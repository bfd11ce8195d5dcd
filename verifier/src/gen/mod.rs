//! Random legal deals, for practice hands, tests and benchmarks. The
//! generator is separate code from the engines' checks, so each checks the
//! other.

/// SplitMix64: a small, fast generator whose sequence for a seed never
/// changes, so `tarok gen --seed N` is reproducible across versions.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

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

use notation::{Record, Variant};

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
