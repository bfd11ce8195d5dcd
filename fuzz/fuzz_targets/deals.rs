//! Whole legal deals from the generators (`tarok gen`), mutated the way a
//! careless or hostile hand would: cards swapped, duplicated, moved between
//! hands and tricks, tricks deleted or truncated, seats changed, tags set to
//! extreme values. Each mutated session goes through the verifier and the
//! teacher's view (`tarok explain`), and every record through the printer
//! (`tarok fmt`) and JSON and back. Built with overflow checks on (the
//! default of `cargo fuzz`), so a wrapped number is a crash here.
#![no_main]

use libfuzzer_sys::fuzz_target;
use notation::{Record, Variant};
use verifier::gen::{deal_at, Rng};

#[path = "common.rs"]
mod common;

// The plain-text explanation and the lesson model it lays out from, from
// the library (neither does I/O).
use tarok::explain;

/// Reads the fuzzer's bytes as a stream of small choices.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(b)
    }
    fn below(&mut self, n: usize) -> Option<usize> {
        if n == 0 {
            return None;
        }
        let hi = self.byte()? as usize;
        let lo = self.byte()? as usize;
        Some((hi << 8 | lo) % n)
    }
}

/// Extreme and malformed amounts and counts for tags.
const EXTREMES: [&str; 12] = [
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551616",
    "1000000000000",
    "1000000000001",
    "-1",
    "0",
    "+0",
    "65536",
    "4294967296",
    "",
    "\u{1b}[2J",
];

/// The cards of a record as places a mutation can reach.
fn card_slots(r: &mut Record) -> Vec<&mut notation::Item> {
    let mut slots: Vec<&mut notation::Item> = Vec::new();
    for h in &mut r.hands {
        slots.extend(h.cards.iter_mut());
    }
    if let Some(t) = &mut r.talon {
        slots.extend(t.cards.iter_mut());
    }
    if let Some(d) = &mut r.discard {
        slots.extend(d.cards.iter_mut());
    }
    for t in &mut r.tricks {
        slots.extend(t.plays.iter_mut());
    }
    slots
}

fn mutate(r: &mut Record, b: &mut Bytes<'_>) -> Option<()> {
    match b.byte()? % 10 {
        // swap two cards
        0 => {
            let mut slots = card_slots(r);
            let (i, j) = (b.below(slots.len())?, b.below(slots.len())?);
            let (ci, cj) = (slots[i].card, slots[j].card);
            slots[i].card = cj;
            slots[j].card = ci;
        }
        // duplicate a card over another
        1 => {
            let mut slots = card_slots(r);
            let (i, j) = (b.below(slots.len())?, b.below(slots.len())?);
            let c = slots[i].card;
            slots[j].card = c;
        }
        // move a card from a hand to a trick, or from a trick to a hand
        2 => {
            let h = b.below(r.hands.len())?;
            let t = b.below(r.tricks.len())?;
            if b.byte()? % 2 == 0 {
                let i = b.below(r.hands[h].cards.len())?;
                let item = r.hands[h].cards.remove(i);
                r.tricks[t].plays.push(item);
            } else {
                let i = b.below(r.tricks[t].plays.len())?;
                let item = r.tricks[t].plays.remove(i);
                r.hands[h].cards.push(item);
            }
        }
        // delete a trick
        3 => {
            let t = b.below(r.tricks.len())?;
            r.tricks.remove(t);
        }
        // truncate the play
        4 => {
            let n = b.below(r.tricks.len() + 1)?;
            r.tricks.truncate(n);
        }
        // change a hand's seat or a trick's leader
        5 => {
            let seat = notation::Seat::new(b.byte()? % 6);
            if b.byte()? % 2 == 0 {
                let h = b.below(r.hands.len())?;
                r.hands[h].seat = seat;
            } else {
                let t = b.below(r.tricks.len())?;
                r.tricks[t].leader = Some(seat);
            }
        }
        // an extreme tag value
        6 => {
            let name = ["Pots", "Scores", "Players", "Dealer", "Rules", "Options"][b.below(6)?];
            let x = EXTREMES[b.below(EXTREMES.len())?];
            let value = match name {
                "Pots" => format!("king-pot {x}, pagat-pot {x}"),
                "Scores" => format!("0 {x}, 1 {x}, 2 {x}, 3 {x}"),
                "Players" => vec!["P"; b.below(300)?].join("; "),
                _ => x.to_string(),
            };
            match r.tags.iter_mut().find(|t| t.name == name) {
                Some(t) => t.value = value.into(),
                None => r.tags.push(notation::Tag::new(name, &value)),
            }
        }
        // an extreme claim
        7 => {
            let claim = r.claim.as_mut()?;
            let i = b.below(claim.entries.len())?;
            claim.entries[i].amount = [i64::MAX, i64::MIN, i64::MAX / 2, -1][b.below(4)?];
        }
        // drop a hand
        8 => {
            let h = b.below(r.hands.len())?;
            r.hands.remove(h);
        }
        // duplicate a trick
        _ => {
            let t = b.below(r.tricks.len())?;
            let copy = r.tricks[t].clone();
            r.tricks.insert(t, copy);
        }
    }
    Some(())
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let (Some(v), Some(seed), Some(count)) = (b.byte(), b.byte(), b.byte()) else {
        return;
    };
    let variant = Variant::ALL[v as usize % Variant::ALL.len()];
    let seats = variant.table_sizes()[(v as usize / 4) % variant.table_sizes().len()];
    let mut rng = Rng::new(u64::from(seed));
    let mut deals: Vec<Record> = (0..1 + count as usize % 3)
        .filter_map(|i| deal_at(variant, seats, &mut rng, i))
        .collect();
    while let Some(which) = b.byte() {
        let n = deals.len().max(1);
        let Some(r) = deals.get_mut(which as usize % n) else {
            break;
        };
        if mutate(r, &mut b).is_none() {
            break;
        }
    }
    let mut session = verifier::Session::default();
    for (i, r) in deals.iter().enumerate() {
        let report = verifier::verify(r, &mut session);
        let _ = explain::explain(r, &report, i);
        // The round trip is promised for what a reader can accept: a
        // mutation may leave a model no reader gives (a suit named for a
        // card moved into a hand), which the JSON reader refuses.
        if notation::json::from_json(&notation::json::to_json(r)).is_ok() {
            common::check_record(r);
        }
    }
});
