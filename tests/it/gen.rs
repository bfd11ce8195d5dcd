//! `tarok gen` for teachers: hands sorted as players hold them, hands fixed
//! with `--hands`, the Danish pots carried from deal to deal.

use notation::Seat;
use notation::{Card, Party, Pot, Record, Suit};

use crate::cli::{stderr, stdout, tarok, tarok_with_input};

fn records(text: &str) -> Vec<Record> {
    notation::parse_str(text)
        .into_iter()
        .map(|r| r.expect("generated deals parse"))
        .collect()
}

/// Generates deals and checks that `tarok verify` finds them clean, their
/// claims matching the ledger.
fn gen_clean(args: &[&str]) -> Vec<Record> {
    let mut all = vec!["gen"];
    all.extend_from_slice(args);
    let out = tarok(&all);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
    let text = stdout(&out);
    let verified = tarok_with_input(&["verify", "-"], Some(&text));
    assert_eq!(
        verified.status.code(),
        Some(0),
        "{args:?}: {}",
        stdout(&verified)
    );
    records(&text)
}

/// Where a card stands in a hand held as players hold it, checked apart
/// from the generator's own sort: the fool, trumps high to low, then the
/// suits in alternating colours S H C D, courts before spots.
fn group(c: Card) -> (u8, i32) {
    match (c.trump_number(), c.suit()) {
        (Some(n), _) => (1, -(n as i32)),
        (None, None) => (0, 0),
        (None, Some(s)) => {
            let court = c.rank().unwrap().spot().is_none();
            let suit = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds]
                .iter()
                .position(|x| *x == s)
                .unwrap() as u8;
            (
                2 + suit,
                if court {
                    -(c.rank().unwrap() as i32)
                } else {
                    0
                },
            )
        }
    }
}

#[test]
fn generated_hands_are_sorted_by_suit_and_rank() {
    for (variant, seats) in [
        ("danish-tarok", "3"),
        ("danish-tarok", "4"),
        ("french-tarot", "4"),
        ("koenigrufen", "4"),
        ("skill7-tarock", "4"),
    ] {
        for record in gen_clean(&["--variant", variant, "--seats", seats, "--count", "6"]) {
            for hand in &record.hands {
                let keys: Vec<(u8, i32)> = hand.cards.iter().map(|i| group(i.card)).collect();
                assert!(
                    keys.windows(2).all(|w| w[0] <= w[1]),
                    "{variant}: hand {} is not sorted: {:?}",
                    hand.seat,
                    hand.cards.iter().map(|i| i.card.code()).collect::<Vec<_>>()
                );
            }
        }
    }
}

fn pots_tag(r: &Record) -> Option<String> {
    r.tags
        .iter()
        .find(|t| t.name == "Pots")
        .map(|t| t.value.to_string())
}

fn claimed_pots(r: &Record) -> String {
    let entries = &r.claim.as_ref().expect("a claim").entries;
    let pot = |p: Pot| {
        entries
            .iter()
            .find(|e| e.party == Party::Pot(p))
            .expect("the pot is claimed")
            .amount
    };
    format!("king-pot {}, pagat-pot {}", pot(Pot::King), pot(Pot::Pagat))
}

#[test]
fn a_danish_sessions_pots_tags_follow_from_deal_to_deal() {
    for seats in ["3", "4"] {
        let deals = gen_clean(&[
            "--variant",
            "danish-tarok",
            "--seats",
            seats,
            "--seed",
            "11",
            "--count",
            "9",
        ]);
        assert_eq!(deals.len(), 9);
        assert_eq!(pots_tag(&deals[0]), None, "the first deal pays foundation");
        for pair in deals.windows(2) {
            assert_eq!(
                pots_tag(&pair[1]).as_deref(),
                Some(claimed_pots(&pair[0]).as_str()),
                "at a table of {seats}"
            );
        }
    }
}

fn codes(r: &Record, seat: u8) -> Vec<&'static str> {
    let mut v: Vec<&str> = r
        .hands
        .iter()
        .find(|h| h.seat == Seat::new(seat))
        .expect("the seat's hand")
        .cards
        .iter()
        .map(|i| i.card.code())
        .collect();
    v.sort_unstable();
    v
}

fn sorted(hand: &str) -> Vec<&str> {
    let mut v: Vec<&str> = hand.split_whitespace().collect();
    v.sort_unstable();
    v
}

#[test]
fn fixed_hands_appear_as_given_and_the_deals_verify() {
    let fr = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T1 EX SK SQ HK HQ DK CK CQ";
    let kr = "T22 T21 T20 T1 SK SQ HK H1 DK D1 CK C10";
    let s7a = "T22 T21 T20 T19 T1 SK HK DK CK C10";
    let s7b = "T18 T17 T16 SQ SN SJ HQ HN HJ H1";
    let dk_dealer = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 EX \
                     SK SQ SN SJ S10 S9 S8 S7 S6 S5 S4 S3 S2";
    let dk_other = "T1 HK HQ HN HJ H1 H2 H3 H4 H5 H6 H7 H8 H9 H10 DK DQ DN DJ D1 D2 D3 D4 D5 D6";
    // The last field: a seat whose hand is dealt at random (None: the
    // fixed hands leave the last seat no choice).
    type Case<'a> = (&'a str, &'a str, Vec<(u8, &'a str)>, Option<u8>);
    let cases: Vec<Case> = vec![
        ("french-tarot", "4", vec![(1, fr)], Some(0)),
        ("koenigrufen", "4", vec![(3, kr)], Some(0)),
        ("skill7-tarock", "4", vec![(0, s7a), (2, s7b)], Some(1)),
        (
            "danish-tarok",
            "3",
            vec![(0, dk_dealer), (2, dk_other)],
            None,
        ),
        (
            "danish-tarok",
            "4",
            vec![(0, dk_dealer), (3, dk_other)],
            None,
        ),
    ];
    for (variant, seats, hands, free) in cases {
        let specs: Vec<String> = hands.iter().map(|(s, h)| format!("{s}: {h}")).collect();
        let mut args = vec!["--variant", variant, "--seats", seats, "--count", "5"];
        for s in &specs {
            args.extend(["--hands", s.as_str()]);
        }
        let deals = gen_clean(&args);
        assert_eq!(deals.len(), 5);
        for record in &deals {
            for (seat, hand) in &hands {
                assert_eq!(codes(record, *seat), sorted(hand), "{variant} seat {seat}");
            }
        }
        // The other hands change from deal to deal: the hand is played many ways.
        if let Some(o) = free {
            assert_ne!(
                codes(&deals[0], o),
                codes(&deals[1], o),
                "{variant} seat {o}"
            );
        }
        // Every deal has the first deal's dealer: one position played many ways.
        for record in &deals {
            let dealer = record.tags.iter().find(|t| t.name == "Dealer").unwrap();
            assert_eq!(dealer.value, "0", "{variant}");
        }
    }
}

#[test]
fn impossible_fixed_hands_are_usage_errors() {
    let cases = [
        ("french-tarot", "1: T21 T21", "given twice"),
        ("french-tarot", "7: T21", "not at a table"),
        ("french-tarot", "1: T21 T20", "dealt 18 cards"),
        ("french-tarot", "1: T22", "not a card of"),
        ("french-tarot", "1 T21", "seat, a colon"),
        ("koenigrufen", "x: SK", "not a seat"),
        ("koenigrufen", "0: SK ZZ", "`ZZ` is not a card"),
        // A bare petit: the deal would be annulled, so no legal deal has it.
        (
            "french-tarot",
            "1: T1 SK SQ SN SJ S10 S9 S8 S7 S6 S5 S4 S3 S2 S1 HK HQ HN",
            "no legal deal",
        ),
    ];
    for (variant, hand, says) in cases {
        let out = tarok(&["gen", "--variant", variant, "--hands", hand]);
        assert_eq!(out.status.code(), Some(2), "{hand}");
        assert!(stderr(&out).contains(says), "{hand}: {}", stderr(&out));
        assert!(stdout(&out).is_empty(), "{hand}");
    }
    // At a Danish table of four the seat opposite the dealer (seat 0) sits out.
    let out = tarok(&[
        "gen",
        "--variant",
        "danish-tarok",
        "--seats",
        "4",
        "--hands",
        "2: HK",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("sits out"), "{}", stderr(&out));
}
