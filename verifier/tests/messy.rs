//! Messy records (issue 22): generated legal deals of every variant with the
//! slips real scorers make, and the invariants of the rules README's
//! "Structural faults: the same in all four games" (ALL-1 to ALL-7) checked
//! on what the engines say of them:
//! - every fault found once: no two findings alike (kind, rule, seat, trick,
//!   card), and no card of a trick reported under two structural kinds, or
//!   as a structural fault and a revoke;
//! - an incomplete record (cut short) gets exactly one `incomplete`, with no
//!   seat and no trick, and is never settled (no totals, no payments) nor
//!   clean;
//! - a wrong deal (a talon or skat card copied into a hand) is exactly one
//!   finding, `duplicate-card` by the dealer, and pays nothing but the
//!   game's fine (its claim is still compared);
//! - a trick written for the wrong seats, or a record cut short, is never
//!   clean.

extern crate tarok_verifier as verifier;

use std::collections::HashSet;

use notation::{Item, Kind, Record, Seat, Variant};
use proptest::prelude::*;
use verifier::gen::{self, Rng};
use verifier::{verify, Report, Session};

/// A scorer's slip, applied to a clean generated deal.
#[derive(Debug, Clone, Copy)]
enum Slip {
    /// Two played cards swapped (between tricks or between seats): the
    /// positions are picked from the seed.
    SwapPlayed,
    /// One entry of the auction left out.
    DropBid,
    /// A card of the talon (Danish: of the skat; Skill7, which has none:
    /// of another hand) copied into a hand.
    CopyIntoHand,
    /// The record cut short, possibly in the middle of a trick.
    CutShort,
    /// One trick's cards written for the wrong seats (rotated by one).
    WrongSeats,
}

const SLIPS: [Slip; 5] = [
    Slip::SwapPlayed,
    Slip::DropBid,
    Slip::CopyIntoHand,
    Slip::CutShort,
    Slip::WrongSeats,
];

fn check(record: &Record) -> Report {
    verify(record, &mut Session::default())
}

/// A clean generated deal of the variant: the test is about faults the
/// mutation adds, so the deal it starts from must verify clean.
fn clean_deal(variant: Variant, seed: u64) -> Record {
    let mut rng = Rng::new(seed);
    let record = gen::deal(variant, &mut rng, (seed % 4) as usize).expect("a generator");
    let report = check(&record);
    assert!(
        report.problems.is_empty() && report.settled,
        "a generated {variant} deal (seed {seed}) is not clean: {:?}",
        report.problems
    );
    record
}

/// Applies the slip; `None` where the deal has nothing it could apply to
/// (an auction of one entry, no tricks).
fn apply(slip: Slip, record: &Record, pick: u64) -> Option<Record> {
    let mut r = record.clone();
    let mut rng = Rng::new(pick);
    match slip {
        Slip::SwapPlayed => {
            let places: Vec<(usize, usize)> = r
                .tricks
                .iter()
                .enumerate()
                .flat_map(|(t, trick)| (0..trick.plays.len()).map(move |i| (t, i)))
                .collect();
            if places.len() < 2 {
                return None;
            }
            let a = *rng.pick(&places);
            let b = *rng.pick(&places);
            if a == b {
                return None;
            }
            let (ca, cb) = (r.tricks[a.0].plays[a.1].card, r.tricks[b.0].plays[b.1].card);
            r.tricks[a.0].plays[a.1] = Item::new(cb);
            r.tricks[b.0].plays[b.1] = Item::new(ca);
        }
        Slip::DropBid => {
            let auction = r.auction.as_mut()?;
            if auction.actions.len() < 2 {
                return None;
            }
            let i = rng.below(auction.actions.len());
            auction.actions.remove(i);
        }
        Slip::CopyIntoHand => {
            let card = match r.variant()? {
                Variant::DanishTarok => r.discard.as_ref()?.cards.first()?.card,
                Variant::Skill7Tarock => r.hands.first()?.cards.first()?.card,
                _ => r.talon.as_ref()?.cards.first()?.card,
            };
            // Into a hand that does not hold it already.
            let holders: Vec<usize> = (0..r.hands.len())
                .filter(|&h| !r.hands[h].cards.iter().any(|i| i.card == card))
                .collect();
            if holders.is_empty() {
                return None;
            }
            let h = *rng.pick(&holders);
            r.hands[h].cards.push(Item::new(card));
        }
        Slip::CutShort => {
            if r.tricks.is_empty() {
                return None;
            }
            let cards: usize = r.tricks.iter().map(|t| t.plays.len()).sum();
            // Keep `keep` cards of the play, fewer than all.
            let keep = rng.below(cards);
            let mut left = keep;
            let mut tricks = Vec::new();
            for mut trick in std::mem::take(&mut r.tricks) {
                if left == 0 {
                    break;
                }
                let n = trick.plays.len().min(left);
                trick.plays.truncate(n);
                left -= n;
                tricks.push(trick);
            }
            r.tricks = tricks;
        }
        Slip::WrongSeats => {
            if r.tricks.is_empty() {
                return None;
            }
            let t = rng.below(r.tricks.len());
            r.tricks[t].plays.rotate_left(1);
        }
    }
    Some(r)
}

fn is_structural(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::CardNotHeld | Kind::DuplicateCard | Kind::UnknownCard | Kind::WrongTrickSize
    )
}

/// The invariants every report keeps, whatever the slip.
fn invariants(slip: Slip, record: &Record, report: &Report) -> Result<(), TestCaseError> {
    let p = &report.problems;
    // One fault, one finding: no two findings alike.
    let mut seen = HashSet::new();
    for f in p {
        let key = (
            f.kind,
            f.rule,
            f.seat,
            f.trick,
            f.card,
            format!("{:?}", f.party),
            f.span.map(|s| (s.start, s.end)),
        );
        prop_assert!(seen.insert(key), "{slip:?}: a finding twice: {f:?}\n{p:#?}");
    }
    // A card of a trick: one structural kind at most, and not also a revoke.
    let mut cards = HashSet::new();
    for f in p.iter().filter(|f| is_structural(f.kind)) {
        if let (Some(t), Some(c)) = (f.trick, f.card) {
            prop_assert!(
                cards.insert((t, c)),
                "{slip:?}: {c} at trick {t} under two structural kinds\n{p:#?}"
            );
        }
    }
    for f in p.iter().filter(|f| {
        matches!(
            f.kind,
            Kind::Revoke | Kind::PrematureUltimoCard | Kind::FoolMisuse
        )
    }) {
        if let (Some(t), Some(c)) = (f.trick, f.card) {
            prop_assert!(
                !cards.contains(&(t, c)),
                "{slip:?}: {c} at trick {t} both structural and {}\n{p:#?}",
                f.kind
            );
        }
    }
    // An incomplete record: one finding of it, no seat, no trick, unsettled.
    let incomplete: Vec<_> = p.iter().filter(|f| f.kind == Kind::Incomplete).collect();
    prop_assert!(incomplete.len() <= 1, "{slip:?}: {incomplete:#?}");
    if let [f] = incomplete[..] {
        prop_assert!(f.seat.is_none() && f.trick.is_none(), "{f:?}");
        prop_assert!(!report.settled, "{slip:?}: an incomplete deal settled");
        prop_assert!(report.totals.is_empty() && report.pots.is_none());
        prop_assert!(
            !p.iter().any(|f| f.kind == Kind::ClaimMismatch),
            "{slip:?}: an incomplete deal's claim compared\n{p:#?}"
        );
    }
    match slip {
        Slip::CutShort => {
            prop_assert_eq!(incomplete.len(), 1, "{:?}: no `incomplete`\n{:#?}", slip, p);
        }
        Slip::CopyIntoHand => {
            // The score sheet's claim is still compared with the void deal's
            // result (nothing paid, or the Danish fine): a claim written
            // for the deal as played disagrees, and says so.
            let p: Vec<_> = p.iter().filter(|f| f.kind != Kind::ClaimMismatch).collect();
            prop_assert_eq!(
                p.len(),
                1,
                "{:?}: a wrong deal is one finding\n{:#?}",
                slip,
                p
            );
            let dealer: Seat = record.tag("Dealer").unwrap().value.parse().unwrap();
            prop_assert_eq!(p[0].kind, Kind::DuplicateCard);
            prop_assert_eq!(p[0].seat, Some(dealer), "by the dealer");
            if record.variant() != Some(Variant::DanishTarok) {
                prop_assert!(
                    report.totals.iter().all(|&t| t == 0),
                    "a void deal pays nothing: {:?}",
                    report.totals
                );
            }
        }
        Slip::WrongSeats => {
            prop_assert!(
                !p.is_empty(),
                "{slip:?}: a trick for the wrong seats passed clean"
            );
            // A whole trick written from the next seat, no leader written:
            // one lead out of turn, the same in every game (README ALL-5;
            // spec/notation.md §6.5), and no card not held (the trick's
            // other cards are then judged against the card written first:
            // a revoke there is the record's own).
            let full = record
                .tricks
                .iter()
                .all(|t| t.plays.len() == record.variant().map_or(4, |v| v.active_seats()));
            if full && record.tricks.iter().all(|t| t.leader.is_none()) {
                let leads = p.iter().filter(|f| f.kind == Kind::OutOfTurn).count();
                let not_held = p.iter().filter(|f| f.kind == Kind::CardNotHeld).count();
                prop_assert!(
                    leads == 1 && not_held == 0,
                    "{slip:?}: not one out-of-turn\n{p:#?}"
                );
            }
        }
        Slip::SwapPlayed | Slip::DropBid => {}
    }
    Ok(())
}

fn run(variant: Variant, seed: u64, slip: usize, pick: u64) -> Result<(), TestCaseError> {
    let record = clean_deal(variant, seed);
    let slip = SLIPS[slip];
    let Some(messy) = apply(slip, &record, pick) else {
        return Ok(());
    };
    // Printed and read again: every element gets its own place, so two
    // findings at two entries are told apart by their spans.
    let messy = notation::parse_str(&notation::to_text(&messy))
        .remove(0)
        .expect("a mutated record still parses");
    let report = check(&messy);
    invariants(slip, &messy, &report)
}

proptest! {
    // 200 cases a variant; PROPTEST_CASES=N for a longer soak.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(200),
        ..ProptestConfig::default()
    })]

    #[test]
    fn danish_messy_records(seed in 0u64..1_000_000, slip in 0usize..SLIPS.len(), pick: u64) {
        run(Variant::DanishTarok, seed, slip, pick)?;
    }

    #[test]
    fn french_messy_records(seed in 0u64..1_000_000, slip in 0usize..SLIPS.len(), pick: u64) {
        run(Variant::FrenchTarot, seed, slip, pick)?;
    }

    #[test]
    fn koenigrufen_messy_records(seed in 0u64..1_000_000, slip in 0usize..SLIPS.len(), pick: u64) {
        run(Variant::Koenigrufen, seed, slip, pick)?;
    }

    #[test]
    fn skill7_messy_records(seed in 0u64..1_000_000, slip in 0usize..SLIPS.len(), pick: u64) {
        run(Variant::Skill7Tarock, seed, slip, pick)?;
    }
}
