//! French Tarot: generated deals verify clean with their claims; single
//! injected faults are found with the right kind, rule, seat, trick and
//! card; scores sum to zero; the digest's worked example; the corpus files
//! produce the findings their opening comment names.

extern crate tarok_verifier as verifier;

use notation::Rule;
use notation::Seat;
use notation::{Act, Card, Game, HandfulSize, Party, Record, Variant};
use proptest::prelude::*;
use verifier::gen::{self, Rng};
use verifier::{verify, Report, Session};

fn generated(seed: u64) -> Option<Record> {
    let mut rng = Rng::new(seed);
    gen::french::deal(&mut rng, seed as usize)
}

/// Prints and parses again, so spans are real and the text form is tested.
fn through_text(record: &Record) -> Record {
    let text = notation::to_text(record);
    let mut parsed = notation::parse_str(&text);
    assert_eq!(parsed.len(), 1, "{text}");
    parsed.remove(0).unwrap_or_else(|e| panic!("{e:?}\n{text}"))
}

fn check(record: &Record) -> Report {
    verify(&through_text(record), &mut Session::default())
}

fn kinds(report: &Report) -> Vec<(&'static str, Option<Rule>)> {
    report
        .problems
        .iter()
        .map(|p| (p.kind.as_str(), p.rule))
        .collect()
}

/// The seat that plays each card of each trick, replaying winners as the
/// generator's records imply them (no explicit leaders).
fn seats_of(record: &Record) -> Vec<[Seat; 4]> {
    let report = check(record);
    let mut out = Vec::new();
    for e in &report.events {
        if let verifier::Event::Trick { leader, .. } = e {
            out.push([0, 1, 2, 3].map(|k| leader.after(k, 4)));
        }
    }
    out
}

fn taker(record: &Record) -> Option<Seat> {
    let mut best = None;
    for a in &record.auction.as_ref()?.actions {
        if let Act::Bid { .. } = a.act {
            best = Some(a.seat);
        }
    }
    best
}

/// The first `count` generated deals that are played (seeds from 0), made
/// once for all the tests of this file: the generator plays through
/// `Game`, whose debug checks make a deal dear in a debug build.
fn played_deals(count: usize) -> impl Iterator<Item = Record> {
    static MADE: std::sync::Mutex<(u64, Vec<Record>)> = std::sync::Mutex::new((0, Vec::new()));
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    while made.1.len() < count {
        let seed = made.0;
        made.0 += 1;
        if let Some(r) = generated(seed).filter(|r| !r.tricks.is_empty()) {
            made.1.push(r);
        }
    }
    let deals = made.1[..count].to_vec();
    drop(made);
    deals.into_iter()
}

#[test]
fn generated_deals_verify_clean() {
    let mut settled = 0;
    for seed in 0..400 {
        let record = generated(seed).expect("the generator makes French deals");
        let report = check(&record);
        assert!(
            report.problems.is_empty(),
            "seed {seed}: {:?}\n{}",
            report.problems,
            notation::to_text(&record)
        );
        assert!(report.settled, "seed {seed}");
        assert_eq!(report.totals.iter().sum::<i64>(), 0);
        settled += 1;
    }
    assert_eq!(settled, 400);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_generated_deal_is_clean_and_conserves(seed in any::<u64>()) {
        let record = generated(seed).unwrap();
        let report = check(&record);
        prop_assert!(report.problems.is_empty(), "{:?}", report.problems);
        prop_assert!(report.settled);
        prop_assert_eq!(report.totals.iter().sum::<i64>(), 0);
        let ledger = report.totals_from_ledger(4);
        prop_assert_eq!(&ledger, &report.totals);
        // Every payment is positive and goes between the taker and a defender.
        if let Some(t) = taker(&record) {
            for p in &report.ledger {
                prop_assert!(p.amount > 0);
                prop_assert!(p.payer == Party::Seat(t) || p.payee == Party::Seat(t));
            }
            // The taker's total is three times each defender's loss.
            let u = -report.totals[(t.index() + 1) % 4];
            prop_assert_eq!(report.totals[t.index()], 3 * u);
        }
    }

    /// A revoke injected by swapping two cards of one seat is found at the
    /// place it was made, with the duty's rule.
    #[test]
    fn an_injected_revoke_is_found(seed in any::<u64>()) {
        let Some(record) = generated(seed).filter(|r| !r.tricks.is_empty()) else { return Ok(()) };
        let Some((faulty, seat, trick, c)) = inject_revoke(&record) else { return Ok(()) };
        let report = check(&faulty);
        let first = report.problems.iter().find(|p| p.kind == "revoke");
        let first = first.unwrap_or_else(|| panic!("no revoke: {:?}", report.problems));
        prop_assert_eq!(first.seat, Some(seat));
        prop_assert_eq!(first.trick, Some(trick as u16));
        prop_assert_eq!(first.card, Some(c));
        prop_assert!(matches!(first.rule, Some(Rule::FrPlay2 | Rule::FrPlay3 | Rule::FrPlay4)));
        // An irregular deal scores 0 (FR-IRREG-2).
        prop_assert!(report.totals.iter().all(|t| *t == 0));
    }
}

/// Finds a seat that could have broken a duty of play: in trick t it played
/// card c while holding x (played later in trick t2) that was illegal then.
/// Swaps c and x. Returns the record and the expected finding.
fn inject_revoke(record: &Record) -> Option<(Record, Seat, usize, Card)> {
    let seats = seats_of(record);
    for t in 0..record.tricks.len() {
        let plays: Vec<Card> = record.tricks[t].plays.iter().map(|i| i.card).collect();
        for i in 1..4 {
            let seat = seats[t][i];
            let led = plays[..i].iter().find(|c| !c.is_fool());
            if led.is_none() {
                continue;
            }
            // The seat's hand now: this card and all it plays later.
            let mut hand = notation::CardSet::EMPTY;
            let mut later = Vec::new();
            for (t2, trick) in record.tricks.iter().enumerate().skip(t) {
                for (j, item) in trick.plays.iter().enumerate() {
                    if seats[t2][j] == seat {
                        hand.insert(item.card);
                        if t2 > t {
                            later.push((t2, j, item.card));
                        }
                    }
                }
            }
            let before = &record.tricks[t].plays[..i];
            let legal = verifier::legal_cards(record, Variant::FrenchTarot, hand, before)
                .expect("French Tarot's duties depend on the hand and the trick");
            for &(t2, j, x) in &later {
                if !legal.contains(x) {
                    // Winners change, so later leaders may too: keep the
                    // original seat order by naming every leader.
                    let mut faulty = record.clone();
                    for (k, trick) in faulty.tricks.iter_mut().enumerate() {
                        trick.leader = Some(seats[k][0]);
                    }
                    faulty.tricks[t].plays[i].card = x;
                    faulty.tricks[t2].plays[j].card = plays[i];
                    return Some((faulty, seat, t + 1, x));
                }
            }
        }
    }
    None
}

fn with_leaders(record: &Record) -> Record {
    let seats = seats_of(record);
    let mut r = record.clone();
    for (k, trick) in r.tricks.iter_mut().enumerate() {
        trick.leader = Some(seats[k][0]);
    }
    r
}

#[test]
fn revokes_are_found_in_many_deals() {
    let mut found = 0;
    for record in played_deals(60) {
        if let Some((faulty, seat, trick, c)) = inject_revoke(&record) {
            let report = check(&faulty);
            let p = report
                .problems
                .iter()
                .find(|p| p.kind == "revoke")
                .expect("a revoke");
            assert_eq!(
                (p.seat, p.trick, p.card),
                (Some(seat), Some(trick as u16), Some(c))
            );
            found += 1;
        }
    }
    assert!(found > 40, "{found}");
}

#[test]
fn a_revoke_is_found_in_a_partial_record() {
    let mut checked = 0;
    for record in played_deals(40) {
        let Some((faulty, seat, trick, c)) = inject_revoke(&record) else {
            continue;
        };
        let mut partial = faulty.clone();
        partial.hands.clear();
        partial.talon = None;
        let report = check(&partial);
        let p = report
            .problems
            .iter()
            .find(|p| p.kind == "revoke")
            .unwrap_or_else(|| panic!("{:?}", report.problems));
        assert_eq!(
            (p.seat, p.trick, p.card),
            (Some(seat), Some(trick as u16), Some(c))
        );
        // The clean partial record replays and settles with the same scores.
        let mut clean = with_leaders(&record);
        let full = check(&clean);
        clean.hands.clear();
        clean.talon = None;
        let report = check(&clean);
        assert!(report.problems.is_empty(), "{:?}", report.problems);
        assert_eq!(report.totals, full.totals);
        checked += 1;
    }
    assert!(checked > 20, "{checked}");
}

fn first_problem<'a>(report: &'a Report, kind: &str) -> &'a notation::Problem {
    report
        .problems
        .iter()
        .find(|p| p.kind == kind)
        .unwrap_or_else(|| panic!("no {kind}: {:?}", report.problems))
}

#[test]
fn a_king_in_the_discard_is_found() {
    // Swap the first discarded card (not a trump) with a king the taker
    // played: the discard then holds a king.
    let mut checked = 0;
    for r in played_deals(300).filter(|r| r.discard.is_some()) {
        let tk = taker(&r).unwrap();
        let seats = seats_of(&r);
        let d0 = r.discard.as_ref().unwrap().cards[0].card;
        if d0.is_trump() {
            continue;
        }
        let king = r.tricks.iter().enumerate().find_map(|(t, trick)| {
            trick
                .plays
                .iter()
                .enumerate()
                .find(|(i, item)| seats[t][*i] == tk && item.card.is_king())
                .map(|(i, item)| (t, i, item.card))
        });
        let Some((t, i, king)) = king else { continue };
        let mut f = with_leaders(&r);
        f.discard.as_mut().unwrap().cards[0].card = king;
        f.tricks[t].plays[i].card = d0;
        let report = check(&f);
        let p = report
            .problems
            .iter()
            .find(|p| p.rule == Some(Rule::FrDiscard1))
            .unwrap_or_else(|| panic!("{:?}", report.problems));
        assert_eq!(
            (p.kind.as_str(), p.seat, p.card),
            ("illegal-discard", Some(tk), Some(king))
        );
        checked += 1;
    }
    assert!(checked > 10, "{checked}");
}

#[test]
fn a_bid_not_above_the_standing_one_is_illegal() {
    let record = played_deals(200)
        .find(|r| {
            let a = &r.auction.as_ref().unwrap().actions;
            a.iter()
                .filter(|a| matches!(a.act, Act::Bid { .. }))
                .count()
                == 1
                && matches!(a.last().unwrap().act, Act::Pass)
                && !matches!(
                    a.iter()
                        .find(|a| matches!(a.act, Act::Bid { .. }))
                        .unwrap()
                        .act,
                    Act::Bid {
                        game: Game::GuardAgainst
                    }
                )
                && a.iter()
                    .position(|a| matches!(a.act, Act::Bid { .. }))
                    .unwrap()
                    < 3
        })
        .unwrap();
    let mut faulty = record.clone();
    let actions = &mut faulty.auction.as_mut().unwrap().actions;
    let Act::Bid { game } = actions
        .iter()
        .find(|a| matches!(a.act, Act::Bid { .. }))
        .unwrap()
        .act
        .clone()
    else {
        unreachable!()
    };
    let last = actions.last_mut().unwrap();
    last.act = Act::Bid { game };
    let seat = last.seat;
    let report = check(&faulty);
    let p = first_problem(&report, "illegal-bid");
    assert_eq!((p.rule, p.seat), (Some(Rule::FrBid2), Some(seat)));
    assert!(report.totals.iter().all(|t| *t == 0));
}

#[test]
fn a_second_bid_by_the_same_player_is_illegal() {
    let record = played_deals(1).next().unwrap();
    let mut faulty = record.clone();
    let actions = &mut faulty.auction.as_mut().unwrap().actions;
    let mut again = actions[0].clone();
    again.act = Act::Pass;
    let seat = again.seat;
    actions.push(again);
    let report = check(&faulty);
    let p = first_problem(&report, "illegal-bid");
    assert_eq!((p.rule, p.seat), (Some(Rule::FrBid2), Some(seat)));
    assert!(p.message.contains("second time"), "{}", p.message);
}

#[test]
fn a_slam_declared_by_a_defender_is_an_illegal_call() {
    let record = played_deals(1).next().unwrap();
    let defender = taker(&record).unwrap().next(4);
    let mut faulty = with_leaders(&record);
    let decl = faulty.declarations.get_or_insert(notation::Actions {
        actions: Vec::new(),
        comments: Vec::new(),
        span: Default::default(),
    });
    decl.actions.push(notation::Action {
        after: None,
        seat: defender,
        act: Act::Slam,
        comments: Vec::new(),
        span: Default::default(),
    });
    let report = check(&faulty);
    let p = first_problem(&report, "illegal-call");
    assert_eq!((p.rule, p.seat), (Some(Rule::FrSlam1), Some(defender)));
}

#[test]
fn a_short_handful_is_a_wrong_declaration() {
    let record = played_deals(3000)
        .find(|r| {
            r.declarations.as_ref().is_some_and(|d| {
                d.actions
                    .iter()
                    .any(|a| matches!(a.act, Act::Handful { .. }))
            }) && r.tag("Options").is_none()
        })
        .expect("a deal with a handful");
    let mut faulty = record.clone();
    let action = faulty
        .declarations
        .as_mut()
        .unwrap()
        .actions
        .iter_mut()
        .find(|a| matches!(a.act, Act::Handful { .. }))
        .unwrap();
    let seat = action.seat;
    if let Act::Handful { cards, .. } = &mut action.act {
        cards.pop();
    }
    let report = check(&faulty);
    let p = first_problem(&report, "wrong-declaration");
    assert_eq!((p.rule, p.seat), (Some(Rule::FrHandful3), Some(seat)));
}

#[test]
fn a_wrong_leader_is_out_of_turn() {
    let record = played_deals(1).next().unwrap();
    let mut faulty = with_leaders(&record);
    let right = faulty.tricks[5].leader.unwrap();
    faulty.tricks[5].leader = Some(right.next(4));
    let report = check(&faulty);
    let p = first_problem(&report, "out-of-turn");
    assert_eq!(
        (p.rule, p.seat, p.trick),
        (Some(Rule::FrPlay1), Some(right.next(4)), Some(6))
    );
}

#[test]
fn a_bare_petit_voids_the_deal() {
    // Give seat 0 the petit as its only trump by swapping cards between hands.
    for record in played_deals(300) {
        let h0: Vec<Card> = record.hands[0].cards.iter().map(|i| i.card).collect();
        let trumps: Vec<Card> = h0
            .iter()
            .copied()
            .filter(|c| c.is_trump() || c.is_fool())
            .collect();
        if trumps != [Card::PAGAT] && !(trumps.len() == 2 && trumps.contains(&Card::PAGAT)) {
            continue;
        }
        // Only hand-level check: make the hand bare by writing it that way.
        let mut faulty = record.clone();
        if trumps.len() == 2 {
            let other = *trumps.iter().find(|c| **c != Card::PAGAT).unwrap();
            // Swap `other` with a suit card of seat 1.
            let give = faulty.hands[1]
                .cards
                .iter()
                .map(|i| i.card)
                .find(|c| c.suit().is_some())
                .unwrap();
            for item in &mut faulty.hands[0].cards {
                if item.card == other {
                    item.card = give;
                }
            }
            for item in &mut faulty.hands[1].cards {
                if item.card == give {
                    item.card = other;
                }
            }
        }
        let report = check(&faulty);
        let p = report
            .problems
            .iter()
            .find(|p| p.rule == Some(Rule::FrDeal2))
            .unwrap_or_else(|| panic!("{:?}", report.problems));
        assert_eq!(
            (p.kind.as_str(), p.seat, p.card),
            ("other", Some(Seat::new(0)), Some(Card::PAGAT))
        );
        assert!(report.totals.iter().all(|t| *t == 0));
        return;
    }
    panic!("no deal with a near-bare petit");
}

#[test]
fn play_after_four_passes_is_flagged() {
    let record = played_deals(1).next().unwrap();
    let mut faulty = record.clone();
    for a in &mut faulty.auction.as_mut().unwrap().actions {
        a.act = Act::Pass;
    }
    faulty.discard = None;
    faulty.declarations = None;
    let report = check(&faulty);
    assert!(
        kinds(&report).contains(&("other", Some(Rule::FrBid3))),
        "{:?}",
        report.problems
    );
    assert_eq!(report.totals, [0, 0, 0, 0]);
}

#[test]
fn a_trump_discarded_while_suit_cards_could_go_is_found() {
    // Swap a discarded suit card with a low trump the taker played: that
    // trump is discarded while suit cards could go, and it is not shown.
    let mut checked = 0;
    for r in played_deals(300).filter(|r| r.discard.is_some()) {
        let tk = taker(&r).unwrap();
        let seats = seats_of(&r);
        let d0 = r.discard.as_ref().unwrap().cards[0].card;
        // A discard without trumps: the taker has at least 6 suit cards
        // other than kings, so no trump may go.
        if !r.discard.as_ref().unwrap().shown.is_empty() {
            continue;
        }
        let trump = r.tricks.iter().enumerate().find_map(|(t, trick)| {
            trick
                .plays
                .iter()
                .enumerate()
                .find(|(i, item)| {
                    seats[t][*i] == tk && matches!(item.card.trump_number(), Some(2..=20))
                })
                .map(|(i, item)| (t, i, item.card))
        });
        let Some((t, i, trump)) = trump else { continue };
        let mut f = with_leaders(&r);
        f.discard.as_mut().unwrap().cards[0].card = trump;
        f.tricks[t].plays[i].card = d0;
        let report = check(&f);
        // One discard, one finding (FR-DISCARD-3, ALL-6), naming both
        // reasons; the discard of 6 held cards stands as written.
        let mine: Vec<_> = report
            .problems
            .iter()
            .filter(|p| p.kind == "illegal-discard")
            .map(|p| (p.rule, p.seat, p.card))
            .collect();
        assert_eq!(
            mine,
            [(Some(Rule::FrDiscard2), Some(tk), Some(trump))],
            "{:?}",
            report.problems
        );
        let p = first_problem(&report, "illegal-discard");
        assert!(p.message.contains("could go"), "{}", p.message);
        assert!(p.message.contains("not shown"), "{}", p.message);
        checked += 1;
    }
    assert!(checked > 10, "{checked}");
}

#[test]
fn handful_with_the_excuse_while_trumps_hidden() {
    // A defender's simple handful of trumps only; he also holds the excuse.
    // Showing the excuse in place of a trump says "no other trump": false.
    let mut checked = 0;
    for record in played_deals(3000).filter(|r| r.tag("Options").is_none()) {
        let Some(decl) = &record.declarations else {
            continue;
        };
        let tk = taker(&record);
        let Some(action) = decl.actions.iter().find(|a| {
            Some(a.seat) != tk
                && matches!(&a.act, Act::Handful { size: HandfulSize::Simple, cards } if !cards.contains(&Card::FOOL))
                && record.hands[a.seat.index()]
                    .cards
                    .iter()
                    .any(|i| i.card == Card::FOOL)
        }) else {
            continue;
        };
        let seat = action.seat;
        let mut faulty = record.clone();
        for a in &mut faulty.declarations.as_mut().unwrap().actions {
            if a.seat == seat {
                if let Act::Handful { cards, .. } = &mut a.act {
                    cards[0] = Card::FOOL;
                }
            }
        }
        let report = check(&faulty);
        let p = report
            .problems
            .iter()
            .find(|p| p.rule == Some(Rule::FrHandful2))
            .unwrap_or_else(|| panic!("{:?}", report.problems));
        assert_eq!(
            (p.kind.as_str(), p.seat, p.card),
            ("wrong-declaration", Some(seat), Some(Card::FOOL))
        );
        checked += 1;
        if checked == 5 {
            break;
        }
    }
    assert!(checked >= 1, "{checked}");
}

const WORKED: &str = include_str!("../../corpus/french-tarot/10-worked-example.tarok");

#[test]
fn the_worked_example_scores_222() {
    let record = notation::parse_str(WORKED).remove(0).unwrap();
    let report = verify(&record, &mut Session::default());
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    let taker = (taker(&record).unwrap()).index();
    assert_eq!(report.totals[taker], 222);
    for s in (0..4).filter(|s| *s != taker) {
        assert_eq!(report.totals[s], -74);
    }
    let rules: Vec<Rule> = report.ledger.iter().map(|p| p.rule).collect();
    assert_eq!(
        rules,
        [
            Rule::FrScore3,
            Rule::FrScore3,
            Rule::FrScore3,
            Rule::FrScore4,
            Rule::FrScore4,
            Rule::FrScore4
        ]
    );
    assert_eq!(report.ledger[0].amount, 54);
    assert_eq!(report.ledger[3].amount, 20);
}

/// FR-DEAL-2 in a partial record: seat 0's 18 played cards hold the petit
/// as their only trump.
#[test]
fn a_bare_petit_is_found_in_a_partial_record() {
    let text = include_str!("../../corpus/french-tarot/45-bare-petit.tarok");
    let mut record = notation::parse_str(text).remove(0).unwrap();
    record.hands.clear();
    record.talon = None;
    let report = check(&record);
    let p = first_problem(&report, "other");
    assert_eq!(
        (p.rule, p.seat, p.card),
        (Some(Rule::FrDeal2), Some(Seat::new(0)), Some(Card::PAGAT))
    );
    assert_eq!(report.totals, [0, 0, 0, 0]);
}

/// A card played by a seat that does not hold it (FR-PLAY-7, ALL-2): it
/// leaves its holder's hand, so when the holder later plays the first
/// seat's card, that is the second and last finding of the swap.
#[test]
fn a_card_not_in_hand_is_found() {
    let mut checked = 0;
    for record in played_deals(30) {
        let seats = seats_of(&record);
        let (t, i, t2, j) = (3, 1, 12, 2);
        if seats[t][i] == seats[t2][j] {
            continue;
        }
        let mut faulty = with_leaders(&record);
        let (c, x) = (
            record.tricks[t].plays[i].card,
            record.tricks[t2].plays[j].card,
        );
        faulty.tricks[t].plays[i].card = x;
        faulty.tricks[t2].plays[j].card = c;
        let report = check(&faulty);
        let found: Vec<_> = report
            .problems
            .iter()
            .filter(|p| p.kind == "card-not-held")
            .map(|p| (p.rule, p.seat, p.trick, p.card))
            .collect();
        assert_eq!(
            found,
            [
                (
                    Some(Rule::FrPlay7),
                    Some(seats[t][i]),
                    Some(t as u16 + 1),
                    Some(x)
                ),
                (
                    Some(Rule::FrPlay7),
                    Some(seats[t2][j]),
                    Some(t2 as u16 + 1),
                    Some(c)
                )
            ],
            "{:?}",
            report.problems
        );
        assert!(!report.problems.iter().any(|p| p.kind == "other"));
        assert!(report.settled);
        assert_eq!(report.totals, [0, 0, 0, 0]);
        checked += 1;
    }
    assert!(checked > 10);
}

/// A discard after a guard without or a guard against (FR-DISCARD-3).
#[test]
fn a_discard_after_guard_without_or_against_is_found() {
    let mut checked = 0;
    for record in played_deals(300) {
        let Some(Act::Bid { game }) = record
            .auction
            .as_ref()
            .unwrap()
            .actions
            .iter()
            .rev()
            .map(|a| &a.act)
            .find(|a| matches!(a, Act::Bid { .. }))
        else {
            continue;
        };
        if !matches!(game, Game::GuardWithout | Game::GuardAgainst) {
            continue;
        }
        let tk = taker(&record).unwrap();
        let mut faulty = record.clone();
        faulty.discard = Some(notation::Discard {
            seat: tk,
            cards: record.talon.as_ref().unwrap().cards.clone(),
            card_comments: Default::default(),
            shown: Vec::new(),
            shown_comments: Default::default(),
            comments: Vec::new(),
            span: Default::default(),
        });
        let report = check(&faulty);
        let p = first_problem(&report, "illegal-discard");
        assert_eq!((p.rule, p.seat), (Some(Rule::FrDiscard3), Some(tk)));
        checked += 1;
    }
    assert!(checked > 10, "{checked}");
}

/// A dog card in hand 2 (FR-DEAL-3 amended, ALL-1): one `wrong-card-count`
/// by the dealer, nothing else judged (not the dog card played, not the
/// claim's figures beyond the 0 settled), settled with 0.
#[test]
fn a_wrong_dog_size_is_found() {
    let record = played_deals(1).next().unwrap();
    let dealer = notation::check::table(&record).unwrap().dealer;
    let mut faulty = record.clone();
    let c = faulty.talon.as_mut().unwrap().cards.pop().unwrap();
    faulty.hands[2].cards.push(c);
    // A revoke-like swap in trick 1 is not judged either.
    faulty.tricks[0].plays.swap(1, 2);
    faulty.claim = None;
    let report = check(&faulty);
    let found: Vec<_> = report
        .problems
        .iter()
        .map(|p| (p.kind.as_str(), p.rule, p.seat.map(Seat::number)))
        .collect();
    assert_eq!(
        found,
        [(
            "wrong-card-count",
            Some(Rule::FrDeal3),
            Some(dealer.number())
        )]
    );
    assert!(report.settled);
    assert_eq!(report.totals, [0, 0, 0, 0]);
    assert!(report.ledger.is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Damaged records never make the engine panic; whatever it settles
    /// sums to zero, and a deal with a finding scores 0 (FR-IRREG-2).
    #[test]
    fn damaged_records_replay_without_panic(seed in any::<u64>(), damage in proptest::collection::vec((0u8..7, any::<u16>(), any::<u16>()), 1..4)) {
        let mut record = generated(seed).unwrap();
        for (what, a, b) in damage {
            let tricks = record.tricks.len();
            match what {
                0 if tricks > 0 => {
                    let t = a as usize % tricks;
                    let n = record.tricks[t].plays.len();
                    if n > 0 {
                        record.tricks[t].plays[b as usize % n].card = Card::from_index((b % 79) as u8).unwrap();
                    }
                }
                1 if tricks > 0 => {
                    let t = a as usize % tricks;
                    record.tricks[t].plays.pop();
                }
                2 if tricks > 0 => {
                    let t = a as usize % tricks;
                    record.tricks[t].leader = Some(Seat::new((b % 5) as u8));
                }
                3 => {
                    if let Some(auction) = &mut record.auction {
                        let n = auction.actions.len();
                        let games = [Game::Take, Game::Guard, Game::GuardWithout, Game::GuardAgainst, Game::Solo];
                        auction.actions[a as usize % n].act = if b % 6 == 5 { Act::Pass } else { Act::Bid { game: games[b as usize % 5] } };
                    }
                }
                4 => {
                    record.hands.clear();
                }
                5 if tricks > 0 => {
                    let t = a as usize % tricks;
                    record.tricks.truncate(t);
                }
                _ => {
                    record.talon = None;
                }
            }
        }
        let report = check(&record);
        if report.settled {
            prop_assert_eq!(report.totals.iter().sum::<i64>(), 0);
            let findings = report.problems.iter().any(|p| p.kind != "claim-mismatch");
            if findings {
                prop_assert!(report.totals.iter().all(|t| *t == 0), "{:?}", report.problems);
            }
        }
    }
}

/// Two players speak in the wrong order: one finding, for the first of them
/// (FR-BID-4: he spoke before a player whose turn came first).
#[test]
fn a_bid_out_of_turn_is_found() {
    let record = played_deals(1).next().unwrap();
    let mut faulty = record.clone();
    let actions = &mut faulty.auction.as_mut().unwrap().actions;
    actions.swap(1, 2);
    let seat = actions[1].seat;
    let report = check(&faulty);
    let found: Vec<_> = report
        .problems
        .iter()
        .filter(|p| p.kind != "claim-mismatch")
        .map(|p| (p.kind.as_str(), p.rule, p.seat.map(Seat::number)))
        .collect();
    assert_eq!(
        found,
        [("out-of-turn", Some(Rule::FrBid4), Some(seat.number()))]
    );
}

// The amendments of 2026-11-26 (FR-BID-2/-3/-4, FR-DISCARD-3/-4, FR-SLAM-1,
// FR-PLAY-7, rules README ALL-1 to ALL-7), on corpus deals and small
// records.

fn corpus_text(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/french-tarot")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

fn verify_text(text: &str) -> Report {
    let record = notation::parse_str(text).remove(0).unwrap();
    verify(&record, &mut Session::default())
}

/// Kind, rule, seat (its number) and trick of a finding.
type Finding = (&'static str, Option<Rule>, Option<u8>, Option<u16>);

/// Kind, rule, seat and trick of every finding.
fn findings(report: &Report) -> Vec<Finding> {
    report
        .problems
        .iter()
        .map(|p| (p.kind.as_str(), p.rule, p.seat.map(Seat::number), p.trick))
        .collect()
}

/// An auction alone (a partial record that stops there), its findings but
/// the `incomplete` of a record that stops after a taker.
fn auction_findings(dealer: u8, auction: &str) -> Vec<(&'static str, Option<Rule>, Option<u8>)> {
    let text = format!(
        "[Variant \"french-tarot\"]\n[Dealer \"{dealer}\"]\n[Players \"A; B; C; D\"]\n\nauction: {auction}\n"
    );
    let report = verify_text(&text);
    report
        .problems
        .iter()
        .filter(|p| p.kind != "incomplete")
        .map(|p| (p.kind.as_str(), p.rule, p.seat.map(Seat::number)))
        .collect()
}

/// FR-BID-4's and FR-BID-2's own examples.
#[test]
fn the_digest_auction_examples() {
    let ooo = |s| ("out-of-turn", Some(Rule::FrBid4), Some(s));
    let silent = |s| ("illegal-bid", Some(Rule::FrBid2), Some(s));
    assert_eq!(
        auction_findings(3, "1 take, 0 pass, 2 pass, 3 pass"),
        [ooo(1)]
    );
    assert_eq!(auction_findings(3, "0 pass, 2 take, 3 pass"), [silent(1)]);
    assert_eq!(auction_findings(3, "0 guard-against, 2 pass, 3 pass"), []);
    assert_eq!(
        auction_findings(2, "0 pass, 1 pass, 2 pass, 3 pass"),
        [ooo(0), ooo(1), ooo(2)]
    );
    // A guard against by a player after him does not excuse him; seat 2
    // spoke before seat 0, who speaks later.
    assert_eq!(
        auction_findings(3, "2 guard-against, 0 pass, 3 pass"),
        [ooo(2), silent(1)]
    );
    // A second entry is illegal and ignored: seat 1 still takes.
    assert_eq!(
        auction_findings(3, "0 pass, 1 take, 2 pass, 3 pass, 0 guard"),
        [("illegal-bid", Some(Rule::FrBid2), Some(0))]
    );
    // Judged against the bids made before it in the record, out of turn too.
    assert_eq!(
        auction_findings(3, "1 guard, 0 take, 2 pass, 3 pass"),
        [ooo(1), ("illegal-bid", Some(Rule::FrBid2), Some(0))]
    );
}

/// FR-BID-2, FR-PLAY-7: a record that stops in the auction does not judge
/// the players not reached; it is incomplete and not settled. Four passes
/// and nothing after are complete.
#[test]
fn an_auction_cut_short_is_incomplete() {
    let text = "[Variant \"french-tarot\"]\n[Dealer \"3\"]\n\nauction: 0 pass, 1 take\n";
    let report = verify_text(text);
    assert_eq!(
        findings(&report),
        [("incomplete", Some(Rule::FrPlay7), None, None)]
    );
    assert!(!report.settled);
    let report = verify_text(&corpus_text("70-auction-cut-short.tarok"));
    assert_eq!(
        findings(&report),
        [("incomplete", Some(Rule::FrPlay7), None, None)]
    );
    assert!(report.problems[0].message.contains("before the play"));
    let report = verify_text(&corpus_text("19-all-pass.tarok"));
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    assert!(report.settled);
}

/// FR-BID-2: a silent player is one finding; the deal is void.
#[test]
fn a_silent_player_is_one_illegal_bid() {
    let report = verify_text(&corpus_text("57-silent-bidder.tarok"));
    assert_eq!(
        findings(&report),
        [("illegal-bid", Some(Rule::FrBid2), Some(1), None)]
    );
    assert!(report.settled);
    assert_eq!(report.totals, [0, 0, 0, 0]);
    // After a guard against by a player before him: no finding, and the
    // deal scores as with his pass written.
    let silent = verify_text(&corpus_text("58-silent-after-guard-against.tarok"));
    let spoken = verify_text(&corpus_text("26-handful-not-exact-option.tarok"));
    assert!(silent.problems.is_empty(), "{:?}", silent.problems);
    assert_eq!(silent.totals, spoken.totals);
    assert_ne!(silent.totals, [0, 0, 0, 0]);
}

/// FR-BID-3: after four passes the record goes on: one `other`, no seat, at
/// trick 1 (or no trick without tricks); nothing after it judged.
#[test]
fn play_after_four_passes_is_one_finding() {
    // A revoke and a card not held in the tricks are not judged.
    let text = corpus_text("37-play-after-four-passes.tarok")
        .replace("trick 3: H7 H9 H10 HJ", "trick 3: H7 T16 H10 HJ")
        .replace("trick 4: S8 SN SJ S2", "trick 4: S8 SN SJ S6");
    let report = verify_text(&text);
    assert_eq!(
        findings(&report),
        [("other", Some(Rule::FrBid3), None, Some(1))]
    );
    assert!(report.settled);
    assert_eq!(report.totals, [0, 0, 0, 0]);
    let report = verify_text(&corpus_text("60-discard-after-four-passes.tarok"));
    assert_eq!(
        findings(&report),
        [("other", Some(Rule::FrBid3), None, None)]
    );
    assert!(report.settled);
}

/// FR-DISCARD-3/-4 (ALL-6): a discard for another seat, missing, or not six
/// different held cards is one finding at the seat it is recorded for; the
/// taker's discard is then the cards he never plays (no revoke, no card
/// not held).
#[test]
fn a_discard_the_record_gets_wrong_is_one_finding() {
    let report = verify_text(&corpus_text("61-discard-for-the-wrong-seat.tarok"));
    assert_eq!(
        findings(&report),
        [("illegal-discard", Some(Rule::FrDiscard3), Some(1), None)]
    );
    assert!(report.problems[0].message.contains("not the taker"));
    assert_eq!(report.totals, [0, 0, 0, 0]);
    let report = verify_text(&corpus_text("62-discard-missing.tarok"));
    assert_eq!(
        findings(&report),
        [("illegal-discard", Some(Rule::FrDiscard3), Some(2), None)]
    );
    let report = verify_text(&corpus_text("63-discard-wrong-cards.tarok"));
    assert_eq!(
        findings(&report),
        [("illegal-discard", Some(Rule::FrDiscard1), Some(2), None)]
    );
    let p = &report.problems[0];
    for why in [
        "7 cards",
        "SK",
        "S3 written twice",
        "D2 not in the taker's hand",
    ] {
        assert!(p.message.contains(why), "{why}: {}", p.message);
    }
    assert!(p.help.contains(Rule::FrDiscard3.id()), "{}", p.help);
    // A stray discard stops the record before the play: incomplete only.
    let text = corpus_text("62-discard-missing.tarok");
    let cut: String = text
        .lines()
        .filter(|l| !l.starts_with("trick "))
        .map(|l| format!("{l}\n"))
        .collect();
    let report = verify_text(&cut);
    assert_eq!(
        findings(&report),
        [("incomplete", Some(Rule::FrPlay7), None, None)]
    );
    assert!(!report.settled);
}

/// FR-SLAM-1 (amended): a slam declared twice counts once, with no finding.
#[test]
fn a_slam_declared_twice_counts_once() {
    let twice = verify_text(&corpus_text("64-slam-declared-twice.tarok"));
    let once = verify_text(&corpus_text("15-slam-declared-made.tarok"));
    assert!(twice.problems.is_empty(), "{:?}", twice.problems);
    assert_eq!(twice.totals, once.totals);
    let slam: i64 = twice
        .ledger
        .iter()
        .filter(|p| p.rule == Rule::FrSlam3)
        .map(|p| p.amount)
        .sum();
    assert_eq!(slam, 3 * 400);
}

/// FR-PLAY-7 (ALL-2): a card played again is `duplicate-card` by the seat
/// that plays it again, at that trick; the deal is void.
#[test]
fn a_card_played_twice_is_a_duplicate() {
    let report = verify_text(&corpus_text("65-card-played-twice.tarok"));
    assert_eq!(
        findings(&report),
        [("duplicate-card", Some(Rule::FrPlay7), Some(1), Some(3))]
    );
    assert!(report.settled);
    assert_eq!(report.totals, [0, 0, 0, 0]);
    // In a partial record the structural check finds it; the seat is named.
    let text = corpus_text("21-partial-record.tarok")
        .replace("trick 2: T4 T15 T20 T17", "trick 2: T4 D10 T20 T17");
    let report = verify_text(&text);
    let p = first_problem(&report, "duplicate-card");
    assert_eq!((p.rule, p.trick), (Some(Rule::FrPlay7), Some(2)));
    assert!(p.seat.is_some(), "{p:?}");
}

/// FR-PLAY-7 (ALL-3): a trick of the wrong size names no seat; nothing in
/// it or after it is judged; the deal is void.
#[test]
fn a_trick_of_the_wrong_size_judges_nothing_after_it() {
    let text = corpus_text("66-five-cards-in-a-trick.tarok")
        .replace("trick 9: H8 H9 H6 H10", "trick 9: H8 H9 H6 T21");
    let report = verify_text(&text);
    assert_eq!(
        findings(&report),
        [("wrong-trick-size", Some(Rule::FrPlay7), None, Some(5))]
    );
    assert!(report.settled);
    assert_eq!(report.totals, [0, 0, 0, 0]);
}

/// FR-PLAY-7 (ALL-4): an incomplete record is one finding, not settled, its
/// claim never compared; a last trick cut short is part of it, and its
/// cards are judged.
#[test]
fn an_incomplete_record_is_not_settled() {
    let report = verify_text(&corpus_text("67-last-tricks-missing.tarok"));
    assert_eq!(
        findings(&report),
        [("incomplete", Some(Rule::FrPlay7), None, None)]
    );
    assert!(!report.settled);
    assert!(report.totals.is_empty() && report.ledger.is_empty());
    let report = verify_text(&corpus_text("68-last-trick-cut-short.tarok"));
    let mut found = findings(&report);
    found.sort();
    assert_eq!(
        found,
        [
            ("incomplete", Some(Rule::FrPlay7), None, None),
            ("revoke", Some(Rule::FrPlay2), Some(2), Some(11))
        ]
    );
    assert!(report
        .problems
        .iter()
        .any(|p| p.message.contains("the last one cut short")));
    assert!(!report.settled);
    let report = verify_text(&corpus_text("69-stops-after-the-auction.tarok"));
    assert_eq!(
        findings(&report),
        [("incomplete", Some(Rule::FrPlay7), None, None)]
    );
    assert!(!report.settled);
}

/// FR-DEAL-3 (ALL-1): a card dealt twice is one `duplicate-card` by the
/// dealer; the card played by the wrong hand is not judged.
#[test]
fn a_card_dealt_twice_is_the_dealers_one_fault() {
    let report = verify_text(&corpus_text("71-card-dealt-twice.tarok"));
    assert_eq!(
        findings(&report),
        [("duplicate-card", Some(Rule::FrDeal3), Some(2), None)]
    );
    assert!(report.settled);
    assert_eq!(report.totals, [0, 0, 0, 0]);
}
