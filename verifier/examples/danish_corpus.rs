//! Builds the Danish Tarok example hands of `corpus/danish-tarok/` (files
//! 10 and up): `cargo run -p tarok-verifier --example danish_corpus -- DIR`.
//!
//! Clean hands are played out by the generator (its own payments make the
//! claim), with scripted or searched deals for the rare events. Faulty hands
//! are clean ones with one fault put in; their claim is what the engine
//! computes, and the file's first comment names the violation it must give.

extern crate tarok_verifier as verifier;

use notation::Rule;
use notation::Seat;
use notation::{Act, Action, Card, Item, Lead, Party, Pot, Rank, Record, Span, Suit, Tag};
use verifier::gen::danish::{self as g, Setup};
use verifier::gen::Rng;
use verifier::{verify, Report, Session};

fn check(records: &[Record]) -> Vec<Report> {
    let mut session = Session::default();
    records.iter().map(|r| verify(r, &mut session)).collect()
}

/// Sets each record's claim to what the engine computes.
fn claim_from_engine(records: &mut [Record]) {
    let reports = check(records);
    for (r, rep) in records.iter_mut().zip(reports) {
        let mut entries: Vec<notation::ClaimEntry> = rep
            .totals
            .iter()
            .enumerate()
            .map(|(s, &amount)| notation::ClaimEntry {
                party: Party::Seat(Seat::new(s as u8)),
                amount,
                span: Span::default(),
            })
            .collect();
        if let Some(p) = rep.pots {
            for (pot, amount) in [(Pot::King, p[0]), (Pot::Pagat, p[1])] {
                entries.push(notation::ClaimEntry {
                    party: Party::Pot(pot),
                    amount,
                    span: Span::default(),
                });
            }
        }
        r.claim = rep.settled.then(|| notation::Claim {
            entries,
            comments: vec![],
            span: Span::default(),
        });
    }
}

fn write(dir: &str, name: &str, comments: &[&str], mut records: Vec<Record>, expect: &str) {
    records[0].comments = comments.iter().map(|c| c.to_string()).collect();
    records[0].comments.insert(0, format!("expect: {expect}"));
    let text = notation::records_to_text(&records);
    // What the engine says, to print for the builder's reader.
    let parsed: Vec<Record> = notation::parse_str(&text)
        .into_iter()
        .map(|r| r.expect("parses"))
        .collect();
    let reports = check(&parsed);
    let found: Vec<String> = reports
        .iter()
        .flat_map(|r| &r.problems)
        .map(|p| format!("{}[{}]", p.kind, p.rule.map_or("-", |r| r.id())))
        .collect();
    println!("{name}: expect {expect}; found {}", found.join(", "));
    let found = if found.is_empty() {
        "clean".to_string()
    } else {
        found.join(", ")
    };
    std::fs::write(format!("{dir}/{name}"), text).expect("write");
    assert_eq!(found, expect, "{name}");
}

/// Searches seeds for a deal the predicate likes.
fn search(
    index: usize,
    choose: &mut g::Chooser<'_>,
    pred: &mut dyn FnMut(&Setup, &Record, &Report) -> bool,
) -> Record {
    for seed in 0..200_000u64 {
        let mut rng = Rng::new(seed);
        let setup = g::random_setup(&mut rng, index);
        let record = g::play_out(&setup, &mut rng, choose);
        let report = check(std::slice::from_ref(&record)).remove(0);
        if pred(&setup, &record, &report) {
            return record;
        }
    }
    panic!("no deal found")
}

/// The mutated deal with the fewest findings over some seeds.
fn quietest(make: &mut dyn FnMut(u64) -> Option<Record>) -> Record {
    let mut best: Option<(usize, Record)> = None;
    for seed in 0..400 {
        let Some(r) = make(seed) else { continue };
        let n = check(std::slice::from_ref(&r)).remove(0).problems.len();
        if best.as_ref().is_none_or(|(b, _)| n < *b) {
            best = Some((n, r));
        }
    }
    best.expect("a deal").1
}

fn random(rng: &mut Rng, _: usize, _: usize, options: &[Card]) -> Card {
    *rng.pick(options)
}

/// Keeps kings, the pagat and the fool as long as it can.
fn hoard(rng: &mut Rng, _: usize, _: usize, options: &[Card]) -> Card {
    let plain: Vec<Card> = options
        .iter()
        .copied()
        .filter(|c| !c.is_king() && *c != Card::PAGAT && !c.is_fool())
        .collect();
    if plain.is_empty() {
        *rng.pick(options)
    } else {
        *rng.pick(&plain)
    }
}

fn last_trick(r: &Record) -> Vec<Card> {
    r.tricks[24].plays.iter().map(|i| i.card).collect()
}

fn winner_of(rep: &Report, t: u16) -> Seat {
    rep.events
        .iter()
        .find_map(|e| match e {
            verifier::Event::Trick { trick, winner, .. } if *trick == t => Some(*winner),
            _ => None,
        })
        .expect("trick")
}

fn leader_of(rep: &Report, t: u16) -> Seat {
    rep.events
        .iter()
        .find_map(|e| match e {
            verifier::Event::Trick { trick, leader, .. } if *trick == t => Some(*leader),
            _ => None,
        })
        .expect("trick")
}

/// The first record of a corpus file already written.
fn first_record(dir: &str, name: &str) -> Record {
    let text = std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
    notation::parse_str(&text).remove(0).unwrap()
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "corpus/danish-tarok".into());
    std::fs::create_dir_all(&dir).expect("dir");

    // 10: a plain deal that starts a session.
    let mut rng = Rng::new(10);
    let mut r = g::deal(&mut rng, 0).unwrap();
    r.tricks[0]
        .comments
        .push("trick 1 is led by the player after the dealer (DK-SEAT-2)".into());
    write(&dir, "10-first-deal-of-a-session.tarok", &[
        "The first deal of a session: everyone pays 20 into each pot (DK-POT-2), the dealer pays 5 into each (DK-PAY-1), declarations are paid at once (DK-PAY-2), kings and the pagat lost in play cost 5 to each opponent and 5 into their pot (DK-PAY-3), then the last trick (DK-PAY-5) and the count against the next dealer (DK-COUNT-2).",
    ], vec![r], "clean");

    // 11: a session of three deals: the pots carry over.
    let mut rng = Rng::new(11);
    let mut records = Vec::new();
    let mut pots = None;
    for i in 0..3 {
        let mut setup = g::random_setup(&mut rng, i);
        setup.pots = pots;
        let mut r = g::play_out(&setup, &mut rng, &mut random);
        r.tags.retain(|t| t.name != "Pots");
        let c = r.claim.as_ref().unwrap();
        pots = Some([c.entries[3].amount, c.entries[4].amount]);
        records.push(r);
    }
    write(&dir, "11-session-of-three-deals.tarok", &[
        "Three deals of one session: the deal passes to the right (DK-SEAT-3) and the pots carry over from deal to deal (DK-POT-4); only the first deal pays foundation.",
    ], records, "clean");

    // 12: the digest's worked example: three kings in the last trick, 135 in the king pot.
    let mut r = search(1, &mut hoard, &mut |_, r, rep| {
        let last = last_trick(r);
        rep.problems.is_empty() && last.iter().filter(|c| c.is_king()).count() == 3
    });
    let rep = check(std::slice::from_ref(&r)).remove(0);
    let lost = rep
        .ledger
        .iter()
        .filter(|p| p.rule == Rule::DkPay3 && p.payee == Party::Pot(Pot::King))
        .count() as i64;
    let king_start = 130 - 5 * lost;
    let pagat = r
        .tag("Pots")
        .map(|t| verifier::parse_pots(&t.value).unwrap()[1])
        .unwrap();
    r.tags.retain(|t| t.name != "Pots");
    r.tags.push(Tag::new(
        "Pots",
        format!("king-pot {king_start}, pagat-pot {pagat}"),
    ));
    let mut records = vec![r];
    claim_from_engine(&mut records);
    records[0].tricks[24].comments.push("three kings: the winner takes the 135 of the king pot and 40 from each; each loser pays 40 to each of the other two and 135 into the pot, which then holds 270 (DK-PAY-5)".into());
    write(&dir, "12-three-kings-in-the-last-trick.tarok", &[
        "The digest's worked example (DK-PAY-5): trick 25 holds three kings, and the king pot holds 135 when the last trick is complete. King ultimo for the winner, king bagud for each of the two others.",
    ], records, "clean");

    // 13: tout.
    let tout_hand: Vec<Card> = (1..=21)
        .map(|n| Card::trump(n).unwrap())
        .chain(Suit::ALL.iter().map(|&s| Card::suited(s, Rank::King)))
        .collect();
    let mut rest: Vec<Card> = notation::Variant::DanishTarok
        .deck()
        .iter()
        .filter(|c| !tout_hand.contains(c))
        .collect();
    let mut rng = Rng::new(13);
    rng.shuffle(&mut rest);
    // Seat 1 leads trick 1 (dealer 0) and plays trumps high to low, then the kings, the pagat last.
    let dealer_hand: Vec<Card> = rest[0..28].to_vec();
    let skat: Vec<Card> = dealer_hand
        .iter()
        .copied()
        .filter(|c| c.suit().is_some() && !c.rank().unwrap().is_court())
        .take(3)
        .collect();
    let setup = Setup {
        dealer: 0,
        hands: [dealer_hand, tout_hand.clone(), rest[28..53].to_vec()],
        skat,
        pots: Some([45, 60]),
        extras: false,
        four: None,
    };
    let order = |c: &Card| match c.trump_number() {
        Some(1) => 0,
        Some(n) => 100 + n as i32,
        None => 50,
    };
    let r = g::play_out(&setup, &mut rng, &mut |rng, _, seat, options| {
        if seat == 1 {
            *options.iter().max_by_key(|c| order(c)).unwrap()
        } else {
            *rng.pick(options)
        }
    });
    write(&dir, "13-tout.tarok", &[
        "Tout (DK-PAY-5, DK-TOUT-1): seat 1 wins all 25 tricks. Each opponent pays 80 (Option tout_amount), he takes both pots, no ultimo and no last-trick payment though the pagat wins trick 25; the count is made as usual; both emptied pots are founded again (DK-POT-2).",
    ], vec![r], "clean");

    // 14: nolo.
    let r = search(
        2,
        &mut |rng, _, seat, options| {
            if seat == 1 {
                // Seat 1 ducks: its lowest card.
                *options
                    .iter()
                    .min_by_key(|c| c.trump_number().map_or(0, |n| n as i32 + 100))
                    .unwrap()
            } else {
                random(rng, 0, seat, options)
            }
        },
        &mut |_, r, rep| {
            rep.problems.is_empty()
                && rep.ledger.iter().any(|p| p.reason == "nolo")
                && last_trick(r).iter().any(|c| c.is_king())
        },
    );
    write(&dir, "14-nolo.tarok", &[
        "Nolo (DK-PLAY-4, DK-TOUT-3): seat 1 wins no trick. Each opponent pays him 25; the nolo cancels the ultimo and the last-trick payment, but not a bagud; there is no count.",
    ], vec![r], "clean");

    // 15: pagat ultimo.
    let r = search(0, &mut hoard, &mut |_, r, rep| {
        rep.problems.is_empty()
            && rep.ledger.iter().any(|p| p.reason == "pagat ultimo")
            && !last_trick(r).iter().any(|c| c.is_king())
    });
    write(&dir, "15-pagat-ultimo.tarok", &[
        "Pagat ultimo (DK-PAY-5): trick 25 is won by the pagat. Each opponent pays 45 and the winner takes the pagat pot, which is founded again (DK-POT-2).",
    ], vec![r], "clean");

    // 16: pagat bagud and king ultimo together (DK-TOUT-4).
    let r = search(1, &mut hoard, &mut |_, _, rep| {
        rep.problems.is_empty()
            && rep
                .ledger
                .iter()
                .any(|p| p.reason.starts_with("king bagud"))
            && rep
                .ledger
                .iter()
                .any(|p| p.reason.starts_with("pagat bagud"))
    });
    write(&dir, "16-pagat-bagud-and-king-bagud.tarok", &[
        "A pagat bagud and a king bagud in the same last trick (DK-PAY-5, DK-TOUT-4): a higher trump wins trick 25. Each loser pays 45 (pagat) or 40 (king) to each of the other two and doubles his pot with the amount it held when the trick was complete. With a bagud there is no last-trick payment (Option last_trick_with_bagud).",
    ], vec![r], "clean");

    // 17: the fool: pass-on in the last trick (DK-FOOL-6), and who keeps it (DK-FOOL-7).
    let r = search(
        0,
        &mut |rng, t, seat, options| {
            let _ = t;
            let keep: Vec<Card> = options.iter().copied().filter(|c| !c.is_fool()).collect();
            if keep.is_empty() {
                *rng.pick(options)
            } else {
                random(rng, t, seat, &keep)
            }
        },
        &mut |_, r, rep| {
            rep.problems.is_empty()
                && rep.events.iter().any(|e| {
                    matches!(
                        e,
                        verifier::Event::Rule {
                            rule: Rule::DkFool6,
                            ..
                        }
                    )
                })
                && r.tricks[24].plays[2].card.is_fool()
        },
    );
    let mut r = r;
    r.tricks[24].comments.push("the winner of trick 24 holds only the fool: the lead passes to the next player, and the fool is played last; it stays in the trick and belongs to its winner (DK-FOOL-6, DK-FOOL-7)".into());
    let pass_on = r.clone();
    write(&dir, "17-fool-in-the-last-trick.tarok", &[
        "The fool kept to the end (DK-FOOL-6): its holder wins trick 24 and would lead trick 25 holding only the fool, so the lead passes to the next player.",
    ], vec![r], "clean");

    // 18: four at the table: the seat opposite the dealer sits out (DK-SEAT-1).
    let mut rng = Rng::new(18);
    // Dealer 0 of four: seat 2 sits out, play runs 0, 1, 3.
    let r = g::deal_four(&mut rng, 0).unwrap();
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "18-four-at-the-table.tarok", &[
        "Four at the table (DK-SEAT-1): seat 2, opposite the dealer, sits out. He receives no cards and pays only the foundation of the new session (DK-POT-2). Play runs 0, 1, 3.",
    ], records, "clean");

    // 19: a valid misdeal demand, then the same dealer deals again without a second fee.
    let mut rng = Rng::new(19);
    let mut setup = loop {
        let s = g::random_setup(&mut rng, 1);
        if s.hands[2].iter().filter(|c| c.is_trump()).count() <= 3 {
            break s;
        }
    };
    // Give seat 2 no trump: swap its trumps for suit cards of seat 0 (not the dealer's).
    let trumps: Vec<Card> = setup.hands[2]
        .iter()
        .copied()
        .filter(|c| c.is_trump())
        .collect();
    let plain: Vec<Card> = setup.hands[0]
        .iter()
        .copied()
        .filter(|c| c.suit().is_some())
        .take(trumps.len())
        .collect();
    for (t, p) in trumps.iter().zip(&plain) {
        let a = setup.hands[2].iter().position(|c| c == t).unwrap();
        let b = setup.hands[0].iter().position(|c| c == p).unwrap();
        setup.hands[2][a] = *p;
        setup.hands[0][b] = *t;
    }
    let first = g::play_out(&setup, &mut rng, &mut random);
    let mut first = first;
    first.tricks.clear();
    first.discard = None;
    first.declarations = None;
    first.calls = Some(notation::Actions {
        actions: vec![Action {
            after: None,
            seat: Seat::new(2),
            act: Act::Misdeal,
            comments: vec![],
            span: Span::default(),
        }],
        comments: vec![],
        span: Span::default(),
    });
    let mut again_setup = g::random_setup(&mut rng, 1);
    again_setup.pots = Some([65, 65]);
    let mut again = g::play_out(&again_setup, &mut rng, &mut random);
    again.tags.retain(|t| t.name != "Pots");
    let mut records = vec![first, again];
    claim_from_engine(&mut records);
    records[1]
        .comments
        .push("the same dealer deals again and pays no second fee (Option redeal_fee)".into());
    write(&dir, "19-misdeal-demand.tarok", &[
        "A misdeal demand (DK-DEAL-4): seat 2 was dealt no trump (the fool does not count) and demands a new deal. The deal is not played; the same dealer deals again (DK-SEAT-3), without a second dealer fee (Option redeal_fee = false).",
    ], records, "clean");

    // Faulty hands -----------------------------------------------------------

    // 20: a revoke.
    let r = quietest(&mut |seed| {
        let mut rng = Rng::new(seed);
        let mut r = g::deal(&mut rng, 0).unwrap();
        let rep = check(std::slice::from_ref(&r)).remove(0);
        for t in 2..20 {
            let lead = r.tricks[t].plays[0].card;
            if lead.suit().is_none() {
                continue;
            }
            for i in 1..3 {
                let c = r.tricks[t].plays[i].card;
                if c.suit() != lead.suit() {
                    continue;
                }
                let seat = leader_of(&rep, t as u16 + 1).after(i, 3);
                for t2 in t + 1..24 {
                    for j in 0..3 {
                        let c2 = r.tricks[t2].plays[j].card;
                        if leader_of(&rep, t2 as u16 + 1).after(j, 3) == seat
                            && c2.suit().is_some()
                            && c2.suit() != lead.suit()
                        {
                            r.tricks[t].plays[i].card = c2;
                            r.tricks[t2].plays[j].card = c;
                            r.tricks[t]
                                .play_comments
                                .push(i, format!("revoke: {c} is still in this hand"));
                            return Some(r);
                        }
                    }
                }
            }
        }
        None
    });
    let partial = {
        let mut p = r.clone();
        p.hands.clear();
        p
    };
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "20-revoke.tarok", &[
        "A revoke (DK-PLAY-2): a player does not follow suit though he holds the suit. Fined 40 into each pot; the deal is abandoned (DK-FINE-3): the dealer's fee, the declarations and the payments for ultimo cards lost before it stand, nothing after it is paid.",
    ], records, "revoke[DK-PLAY-2], revoke[DK-PLAY-2]");

    // 21: the same revoke in a partial record.
    let mut records = vec![partial];
    claim_from_engine(&mut records);
    write(&dir, "21-revoke-in-a-partial-record.tarok", &[
        "The same deal without its hands: a partial record. The hands are the cards each seat played, so the revoke is found from the card of the suit that seat plays later (DK-PLAY-2).",
    ], records, "revoke[DK-PLAY-2], revoke[DK-PLAY-2]");

    // 22: a king in the skat.
    let r = quietest(&mut |seed| {
        let mut rng = Rng::new(seed);
        let mut r = g::deal(&mut rng, 0).unwrap();
        let king = r.hands[0]
            .cards
            .iter()
            .map(|i| i.card)
            .find(|c| c.is_king())?;
        lay_away(&mut r, king);
        Some(r)
    });
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "22-king-in-the-skat.tarok", &[
        "An improper skat (DK-DISCARD-2, DK-DISCARD-5): the dealer lays away a king. Fined 40 into each pot; the deal is abandoned at the skat, so no declaration is paid.",
    ], records, "illegal-discard[DK-DISCARD-2]");

    // 23: a trump laid away without becoming void.
    let r = quietest(&mut |seed| {
        let mut rng = Rng::new(seed);
        let mut r = g::deal(&mut rng, 0).unwrap();
        let trump = r.hands[0]
            .cards
            .iter()
            .map(|i| i.card)
            .find(|c| c.is_trump() && *c != Card::PAGAT && *c != Card::MOND)?;
        lay_away(&mut r, trump);
        Some(r)
    });
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "23-trump-in-the-skat.tarok", &[
        "An improper skat (DK-DISCARD-3): the dealer lays away a trump but keeps other trumps. Trumps may go in the skat only when the dealer lays himself void in trumps.",
    ], records, "illegal-discard[DK-DISCARD-3]");

    // 24: a wrong declaration (wrong details).
    let mut r = search(0, &mut random, &mut |_, r, rep| {
        rep.problems.is_empty()
            && r.declarations
                .as_ref()
                .unwrap()
                .actions
                .iter()
                .any(|a| matches!(a.act, Act::Trumps { .. }))
    });
    for a in &mut r.declarations.as_mut().unwrap().actions {
        if let Act::Trumps { count, .. } = &mut a.act {
            *count += 1;
            a.comments.push("one trump too many".into());
            break;
        }
    }
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "24-wrong-declaration.tarok", &[
        "A wrong declaration (DK-DECL-4): a player declares one trump more than he holds. It counts once, as wrong, not also as missing; fined 40 into each pot, the bonus is not paid, the deal is abandoned.",
    ], records, "wrong-declaration[DK-DECL-4]");

    // 25: a missing declaration: a "pass" with something to declare.
    let mut r = search(0, &mut random, &mut |_, r, rep| {
        let acts = &r.declarations.as_ref().unwrap().actions;
        rep.problems.is_empty()
            && acts.iter().filter(|a| a.seat == Seat::new(2)).count() == 1
            && acts
                .iter()
                .any(|a| a.seat == Seat::new(2) && a.act != Act::Pass)
    });
    for a in &mut r.declarations.as_mut().unwrap().actions {
        if a.seat == Seat::new(2) {
            a.act = Act::Pass;
        }
    }
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "25-missing-declaration.tarok", &[
        "A missing declaration (DK-DECL-1, DK-DECL-4): seat 2 says pass but holds a combination. Fined 40 into each pot; the declarations made before it stand; the deal is abandoned.",
    ], records, "missing-declaration[DK-DECL-4]");

    // 26: a declaration out of turn.
    let mut rng = Rng::new(26);
    let mut r = g::deal(&mut rng, 0).unwrap();
    let acts = &mut r.declarations.as_mut().unwrap().actions;
    let i = acts.iter().position(|a| a.seat == Seat::new(1)).unwrap();
    let a = acts.remove(i);
    acts.insert(0, a);
    acts[0].comments.push("before the dealer".into());
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "26-declaration-out-of-turn.tarok", &[
        "A declaration out of turn (DK-DECL-6): seat 1 declares before the dealer. Fined 20 into each pot; the deal is abandoned.",
    ], records, "out-of-turn[DK-DECL-6]");

    // 27: a lead out of turn, in the last trick.
    let mut rng = Rng::new(27);
    let mut r = g::deal(&mut rng, 0).unwrap();
    let rep = check(std::slice::from_ref(&r)).remove(0);
    let l = leader_of(&rep, 25);
    let plays = std::mem::take(&mut r.tricks[24].plays);
    r.tricks[24].plays = vec![plays[1], plays[2], plays[0]].into();
    r.tricks[24].leader = Some(l.next(3));
    r.tricks[24].comments.push(format!(
        "seat {l} is on lead to trick 25 (DK-PLAY-1, DK-FOOL-6)"
    ));
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "27-lead-out-of-turn.tarok", &[
        "A lead out of turn (DK-PLAY-1): the player on lead to trick 25 does not lead; the next player does. Fined 20 into each pot; the deal is abandoned: no ultimo, bagud, last trick or count.",
    ], records, "out-of-turn[DK-PLAY-1]");

    // 28: the fool in trick 24.
    let mut r = search(
        0,
        &mut |rng, t, seat, options| {
            let keep: Vec<Card> = options.iter().copied().filter(|c| !c.is_fool()).collect();
            if keep.is_empty() {
                *rng.pick(options)
            } else {
                random(rng, t, seat, &keep)
            }
        },
        &mut |_, r, rep| {
            let Some(i) = r.tricks[24].plays.iter().position(|p| p.card.is_fool()) else {
                return false;
            };
            let holder = leader_of(rep, 25).after(i, 3);
            rep.problems.is_empty() && i > 0 && winner_of(rep, 24) != holder
        },
    );
    let rep = check(std::slice::from_ref(&r)).remove(0);
    let i = r.tricks[24]
        .plays
        .iter()
        .position(|p| p.card.is_fool())
        .unwrap();
    let holder = leader_of(&rep, 25).after(i, 3);
    let j = holder.since(leader_of(&rep, 24), 3);
    let card = r.tricks[23].plays[j].card;
    r.tricks[23].plays[j].card = Card::FOOL;
    r.tricks[24].plays[i].card = card;
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "28-fool-in-trick-24.tarok", &[
        "The fool played to the penultimate trick (DK-FOOL-5): fool misuse, fined 20 into each pot; the deal is abandoned.",
    ], records, "fool-misuse[DK-FOOL-5]");

    // 29: a void misdeal demand.
    let mut rng = Rng::new(29);
    let mut r = g::deal(&mut rng, 0).unwrap();
    r.calls = Some(notation::Actions {
        actions: vec![Action {
            after: None,
            seat: Seat::new(1),
            act: Act::Misdeal,
            comments: vec!["seat 1 holds trumps".into()],
            span: Span::default(),
        }],
        comments: vec![],
        span: Span::default(),
    });
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "29-void-misdeal-demand.tarok", &[
        "A void misdeal demand (DK-DEAL-4): seat 1 holds a trump. An irregularity with no fine; the deal goes on and is scored as played.",
    ], records, "illegal-call[DK-DEAL-4]");

    // 30: calling for the fool (valid), and calling for it when it has gone (fined).
    let mut r = search(
        0,
        &mut |rng, t, seat, options| {
            if t == 23 && options.contains(&Card::FOOL) {
                return Card::FOOL;
            }
            let keep: Vec<Card> = options.iter().copied().filter(|c| !c.is_fool()).collect();
            if keep.is_empty() {
                *rng.pick(options)
            } else {
                random(rng, t, seat, &keep)
            }
        },
        &mut |_, r, rep| {
            rep.problems.is_empty() && r.tricks[22].plays.iter().any(|i| i.card.is_fool())
        },
    );
    let rep = check(std::slice::from_ref(&r)).remove(0);
    let l = leader_of(&rep, 23);
    let holder = (0..3)
        .find(|&i| r.tricks[22].plays[i].card.is_fool())
        .map(|i| l.after(i, 3))
        .unwrap();
    r.tricks[22].fool_call = Some(holder.next(3));
    r.tricks[22].comments.push(format!(
        "seat {} calls for the fool; seat {holder} must play it now (DK-FOOL-4)",
        holder.next(3)
    ));
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "30-calling-for-the-fool.tarok", &[
        "Calling for the fool (DK-FOOL-4): at the start of trick 23 a player who does not hold the fool demands it, and its holder plays it in that trick.",
    ], records, "clean");

    let mut rng = Rng::new(31);
    let mut r = loop {
        let r = g::deal(&mut rng, 0).unwrap();
        if r.tricks[..22]
            .iter()
            .any(|t| t.plays.iter().any(|i| i.card.is_fool()))
        {
            break r;
        }
    };
    r.tricks[22].fool_call = Some(Seat::new(1));
    r.tricks[22]
        .comments
        .push("the fool has already been played".into());
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "31-fool-called-when-gone.tarok", &[
        "Calling for the fool when it has already been played (DK-FOOL-4, DK-FINE-1): illegal call, fined 20 into each pot; play continues and the deal is scored.",
    ], records, "illegal-call[DK-FOOL-4]");

    // 32: the fool led and renamed without both players void.
    let mut r = search(0, &mut random, &mut |_, r, rep| {
        rep.problems.is_empty() && r.tricks[..20].iter().any(followed_named_suit)
    });
    let t = r.tricks.iter().position(followed_named_suit).unwrap();
    let named = r.tricks[t].plays[0].name.unwrap();
    let other = if named == Lead::Trumps {
        Lead::Suit(Suit::Spades)
    } else {
        Lead::Trumps
    };
    let first_follow = r.tricks[t].plays[1].card;
    let new =
        if matches!(named, Lead::Suit(_)) && Some(named) == first_follow.suit().map(Lead::Suit) {
            other
        } else {
            named
        };
    let _ = new;
    r.tricks[t].plays[2].rename = Some(if named == Lead::Suit(Suit::Clubs) {
        Lead::Suit(Suit::Hearts)
    } else {
        Lead::Suit(Suit::Clubs)
    });
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "32-fool-renamed-wrongly.tarok", &[
        "Renaming a led fool (DK-FOOL-8) is allowed only when both other players are void in the suit it was named. Here they are not: fool misuse, fined 20 into each pot, the deal is abandoned.",
    ], records, "fool-misuse[DK-FOOL-8]");

    // 33: the wrong number of cards, found before play.
    let mut rng = Rng::new(33);
    let mut r = g::deal(&mut rng, 1).unwrap();
    let moved: Item = r.hands[1].cards.pop().unwrap();
    r.hands[2].cards.push(moved);
    r.discard = None;
    r.declarations = None;
    r.tricks.clear();
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "33-wrong-deal.tarok", &[
        "A wrong deal found before play (DK-DEAL-3): the dealer gave seat 1 24 cards and seat 2 26. One fault, one finding (rules README): the dealer's one misdeal, a wrong-card-count by the dealer that underlines both hands. 5 into each pot, and he deals again.",
    ], records, "wrong-card-count[DK-DEAL-3]");

    // 34: the fool led to the last trick.
    let mut r = pass_on;
    r.tricks[24].comments.clear();
    let rep = check(std::slice::from_ref(&r)).remove(0);
    let holder = winner_of(&rep, 24);
    let plays = std::mem::take(&mut r.tricks[24].plays);
    r.tricks[24].plays = vec![plays[2], plays[0], plays[1]].into();
    r.tricks[24].plays[0].name = Some(Lead::Suit(Suit::Spades));
    r.tricks[24].leader = Some(holder);
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "34-fool-led-to-the-last-trick.tarok", &[
        "The fool led to the last trick (DK-FOOL-6): its holder must pass the lead on. Fool misuse, fined 20 into each pot, the deal is abandoned.",
    ], records, "fool-misuse[DK-FOOL-6]");

    // 35: an announced tout that succeeds (classic rules).
    let tout_hand: Vec<Card> = (1..=21)
        .map(|n| Card::trump(n).unwrap())
        .chain(Suit::ALL.iter().map(|&s| Card::suited(s, Rank::King)))
        .collect();
    let mut rest: Vec<Card> = notation::Variant::DanishTarok
        .deck()
        .iter()
        .filter(|c| !tout_hand.contains(c) && !c.is_fool())
        .collect();
    let mut rng = Rng::new(35);
    rng.shuffle(&mut rest);
    let mut dealer_hand = tout_hand.clone();
    dealer_hand.extend([Card::FOOL, rest[50], rest[51]]);
    let setup = Setup {
        dealer: 0,
        hands: [dealer_hand, rest[0..25].to_vec(), rest[25..50].to_vec()],
        skat: vec![Card::FOOL, rest[50], rest[51]],
        pots: Some([80, 75]),
        extras: false,
        four: None,
    };
    let mut r = g::play_out(&setup, &mut rng, &mut |rng, _, seat, options| {
        if seat == 0 {
            *options.iter().max_by_key(|c| order(c)).unwrap()
        } else {
            *rng.pick(options)
        }
    });
    announce_tout(&mut r);
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "35-announced-tout.tarok", &[
        "An announced tout (classic rules, DK-TOUT-2): the dealer lays the fool in the skat, announces a tout, names the fool as lying in the skat in his declarations that include it (DK-DECL-5), and wins all 25 tricks. He is paid as for a tout: 85 from each (classic tout_amount) and both pots; the count is paid by each opponent on his points (classic tout_count = from-each).",
    ], records, "clean");

    // 36: a failed announced tout.
    let mut rng = Rng::new(36);
    let mut setup = g::random_setup(&mut rng, 0);
    if !setup.hands[0].contains(&Card::FOOL) {
        let holder = (1..3)
            .find(|&s| setup.hands[s].contains(&Card::FOOL))
            .unwrap();
        let give = *setup.hands[0]
            .iter()
            .find(|c| c.suit().is_some() && !setup.skat.contains(c) && !c.is_king())
            .unwrap();
        let a = setup.hands[0].iter().position(|c| *c == give).unwrap();
        let b = setup.hands[holder]
            .iter()
            .position(|c| c.is_fool())
            .unwrap();
        setup.hands[0][a] = Card::FOOL;
        setup.hands[holder][b] = give;
    }
    let plain: Vec<Card> = setup.hands[0]
        .iter()
        .copied()
        .filter(|c| c.rank().is_some_and(|r| !r.is_court()))
        .take(2)
        .collect();
    setup.skat = std::iter::once(Card::FOOL).chain(plain).collect();
    let mut r = g::play_out(&setup, &mut rng, &mut random);
    announce_tout(&mut r);
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "36-failed-announced-tout.tarok", &[
        "A failed announced tout (classic rules, DK-TOUT-2): the dealer laid the fool away and announced a tout, but lost a trick. He pays 85 to each opponent and doubles both pots with what they held after the last trick; no ultimo for anyone, the last trick is paid as a plain last trick, and the count is made as usual.",
    ], records, "clean");

    // 37: a valid renaming of a led fool.
    let mut r = search(0, &mut random, &mut |_, r, rep| {
        if !rep.problems.is_empty() {
            return false;
        }
        r.tricks[..23]
            .iter()
            .enumerate()
            .any(|(t, tr)| renamable(r, rep, t, tr))
    });
    let rep = check(std::slice::from_ref(&r)).remove(0);
    let t = (0..23)
        .find(|&t| renamable(&r, &rep, t, &r.tricks[t]))
        .unwrap();
    let second = r.tricks[t].plays[1].card;
    r.tricks[t].plays[1].rename = Some(Lead::Suit(second.suit().unwrap()));
    r.tricks[t].comments.push("both other players are void in the named suit: the second player renames the fool to the suit he plays (DK-FOOL-8)".into());
    write(&dir, "37-fool-renamed.tarok", &[
        "Leading the fool (DK-FOOL-8, DK-FOOL-9): the leader names a suit; both other players are void in it, so the second player renames the fool to another suit, and the trick is played as if that suit had been led.",
    ], vec![r], "clean");

    // 38: the fool called for and not played.
    let mut r = search(
        0,
        &mut |rng, t, seat, options| {
            let keep: Vec<Card> = options.iter().copied().filter(|c| !c.is_fool()).collect();
            if keep.is_empty() {
                *rng.pick(options)
            } else {
                random(rng, t, seat, &keep)
            }
        },
        &mut |_, r, rep| {
            rep.problems.is_empty()
                && r.tricks[23..]
                    .iter()
                    .any(|t| t.plays.iter().any(|i| i.card.is_fool()))
                && r.tricks[24].plays.iter().any(|i| i.card.is_fool())
        },
    );
    let rep = check(std::slice::from_ref(&r)).remove(0);
    let i = r.tricks[24]
        .plays
        .iter()
        .position(|p| p.card.is_fool())
        .unwrap();
    let holder = leader_of(&rep, 25).after(i, 3);
    r.tricks[22].fool_call = Some(holder.next(3));
    r.tricks[22]
        .comments
        .push(format!("seat {holder} holds the fool and does not play it"));
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "38-fool-call-not-obeyed.tarok", &[
        "The fool called for and not played (DK-FOOL-4): after a valid call at the start of trick 23 its holder must play it in that trick. Fool misuse: 20 into each pot, the deal is abandoned.",
    ], records, "fool-misuse[DK-FOOL-4]");

    // 39: the wrong number of cards found during play.
    let mut rng = Rng::new(39);
    let mut r = g::deal(&mut rng, 0).unwrap();
    let moved = r.hands[2].cards.pop().unwrap();
    r.hands[1].cards.push(moved);
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "39-wrong-card-count-in-play.tarok", &[
        "The wrong number of cards found during play (DK-DEAL-3): seat 1 holds 26 cards and seat 2 holds 24, and tricks have been played. The first of them in declaring order (dealer, next, third) is fined 40 into each pot, and the deal is abandoned. One fault, one finding: one wrong-card-count by seat 1.",
    ], records, "wrong-card-count[DK-DEAL-3]");

    // 40: a card dealt twice.
    let mut rng = Rng::new(40);
    let mut r = g::deal(&mut rng, 2).unwrap();
    r.hands[0].cards[0].card = r.hands[1].cards[0].card;
    r.discard = None;
    r.declarations = None;
    r.tricks.clear();
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "40-card-dealt-twice.tarok", &[
        "A card dealt twice (DK-DEAL-3): the dealer's misdeal, 5 into each pot; the deal is not played and he deals again.",
    ], records, "duplicate-card[DK-DEAL-3]");

    // 41: the same revoke with Option abandon_payments = cancel.
    let mut r: Record = first_record(&dir, "20-revoke.tarok");
    r.comments.clear();
    r.tags.push(Tag::new("Options", "abandon_payments=cancel"));
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "41-abandoned-payments-cancelled.tarok", &[
        "The revoke of 20-revoke.tarok with Option abandon_payments = cancel (DK-FINE-3): of the abandoned deal only the foundation, the dealer's fee and the fine stand; the declarations and the payments for ultimo cards lost before the revoke are cancelled.",
    ], records, "revoke[DK-PLAY-2], revoke[DK-PLAY-2]");

    // 42: a lead out of turn with Option irregularities = continue.
    let mut r: Record = first_record(&dir, "27-lead-out-of-turn.tarok");
    r.comments.clear();
    r.tags.push(Tag::new("Options", "irregularities=continue"));
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "42-irregularity-and-play-continues.tarok", &[
        "The lead out of turn of 27-lead-out-of-turn.tarok with Option irregularities = continue (DK-FINE-3): the fine is paid and the deal is scored as played.",
    ], records, "out-of-turn[DK-PLAY-1]");

    // 43: a wrong declaration excused (classic rules: late_declaration_errors = excuse).
    let mut r: Record = first_record(&dir, "24-wrong-declaration.tarok");
    r.comments.clear();
    r.tags
        .push(Tag::new("Options", "late_declaration_errors=excuse"));
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "43-declaration-error-excused.tarok", &[
        "The wrong declaration of 24-wrong-declaration.tarok with Option late_declaration_errors = excuse (DK-DECL-4): still reported, but not fined; it is paid as declared and the deal is scored as played.",
    ], records, "wrong-declaration[DK-DECL-4]");

    // 44: the dealer cannot avoid laying declaration cards (DK-DISCARD-4, DK-DECL-5).
    let courts: Vec<Card> = Suit::ALL
        .iter()
        .flat_map(|&s| {
            [Rank::King, Rank::Queen, Rank::Knight, Rank::Jack].map(|r| Card::suited(s, r))
        })
        .collect();
    let mut dealer_hand = courts.clone();
    dealer_hand.push(Card::FOOL);
    dealer_hand
        .extend([1, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12].map(|n| Card::trump(n).unwrap()));
    let mut rest: Vec<Card> = notation::Variant::DanishTarok
        .deck()
        .iter()
        .filter(|c| !dealer_hand.contains(c))
        .collect();
    let mut rng = Rng::new(44);
    rng.shuffle(&mut rest);
    let jacks = [Suit::Spades, Suit::Hearts, Suit::Diamonds].map(|s| Card::suited(s, Rank::Jack));
    let setup = Setup {
        dealer: 0,
        hands: [dealer_hand, rest[0..25].to_vec(), rest[25..50].to_vec()],
        skat: jacks.to_vec(),
        pots: Some([50, 50]),
        extras: false,
        four: None,
    };
    let mut r = g::play_out(&setup, &mut rng, &mut random);
    let named = r.clone();
    for a in &mut r.declarations.as_mut().unwrap().actions {
        if let Act::Abundant { suit, skat } = &mut a.act {
            if *suit != Suit::Clubs {
                skat.push(Card::suited(*suit, Rank::Jack));
            }
        }
    }
    write(&dir, "44-declaration-cards-in-the-skat.tarok", &[
        "The dealer holds all sixteen court cards, the fool and eleven trumps: every card he may lay away belongs to a declaration, so he cannot avoid it (DK-DISCARD-4). He declares on his 28 cards and names the cards of each combination that lie in the skat (DK-DECL-3, DK-DECL-5), and is paid as usual.",
    ], vec![r], "clean");

    // 45: the same without naming the skat cards.
    let mut records = vec![named];
    claim_from_engine(&mut records);
    write(&dir, "45-skat-cards-not-named.tarok", &[
        "The deal of 44-declaration-cards-in-the-skat.tarok, but the dealer does not name the jacks he laid away from his abundant cavalleries: a wrong declaration (DK-DECL-5) for each, fined once (40 into each pot); the deal is abandoned.",
    ], records, "wrong-declaration[DK-DECL-5], wrong-declaration[DK-DECL-5], wrong-declaration[DK-DECL-5]");

    // 46: a declaration card laid away when it could have been kept.
    let r = quietest(&mut |seed| {
        let mut rng = Rng::new(seed);
        let mut r = g::deal(&mut rng, 0).unwrap();
        let hand: notation::CardSet = r.hands[0].cards.iter().map(|i| i.card).collect();
        let court = cavallerie_court(hand)?;
        lay_away(&mut r, court);
        Some(r)
    });
    let mut records = vec![r];
    claim_from_engine(&mut records);
    let found = findings(&records);
    write(&dir, "46-declaration-card-laid-away.tarok", &[
        "An improper skat (DK-DISCARD-4): the dealer lays away a card of a cavallerie he holds, though he had plain cards to lay. 40 into each pot, the deal is abandoned at the skat; the findings after it are not fined.",
    ], records, &found.join(", "));

    // 48: the third player renames a led fool to the suit the second played.
    let mut r = search(0, &mut random, &mut |_, r, rep| {
        rep.problems.is_empty()
            && (0..23).any(|t| renamable(r, rep, t, &r.tricks[t]) && second_holds_trump(r, rep, t))
    });
    let rep = check(std::slice::from_ref(&r)).remove(0);
    let t = (0..23)
        .find(|&t| renamable(&r, &rep, t, &r.tricks[t]) && second_holds_trump(&r, &rep, t))
        .unwrap();
    let second = r.tricks[t].plays[1].card;
    r.tricks[t].plays[1].rename = None;
    r.tricks[t].plays[2].rename = Some(Lead::Suit(second.suit().unwrap()));
    r.tricks[t].comments.push("both other players are void in the named suit; the second player plays a card of another suit without renaming, though he holds trumps, and the third player renames the fool to that suit (DK-FOOL-8): the second player's card is judged against the new suit, which he holds, so it is legal".into());
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "48-fool-renamed-by-the-third-player.tarok", &[
        "Leading the fool (DK-FOOL-8): the leader names a suit both others are void in. The second player does not rename; he plays a card of another suit though he holds trumps. The third player renames the fool to the second player's suit. The second player's card is then judged against the new suit, which he holds: it is legal, not a revoke against the named suit.",
    ], records, "clean");

    // 49: the pagat laid away while the dealer keeps trumps.
    let r = quietest(&mut |seed| {
        let mut rng = Rng::new(seed);
        let mut r = g::deal(&mut rng, 0).unwrap();
        let hand: notation::CardSet = r.hands[0].cards.iter().map(|i| i.card).collect();
        if !hand.contains(Card::PAGAT) || hand.iter().filter(|c| c.is_trump()).count() < 3 {
            return None;
        }
        lay_away(&mut r, Card::PAGAT);
        Some(r)
    });
    let mut records = vec![r];
    claim_from_engine(&mut records);
    let found = findings(&records);
    assert_eq!(
        found
            .iter()
            .filter(|f| f.starts_with("illegal-discard"))
            .count(),
        1,
        "one improper skat, one finding"
    );
    write(&dir, "49-pagat-in-the-skat.tarok", &[
        "An improper skat (DK-DISCARD-5): the dealer lays the pagat away (DK-DISCARD-2) and keeps trumps, so he lays a trump without becoming void (DK-DISCARD-3). One fault, one finding (rules README): one illegal-discard that carries DK-DISCARD-2, the first rule in the digest, and names DK-DISCARD-3 in its help. 40 into each pot, the deal is abandoned at the skat; the findings after it are not fined.",
    ], records, &found.join(", "));

    // 50: a wrong renaming whose card is also a revoke.
    let r = quietest(&mut |seed| {
        let mut rng = Rng::new(seed);
        let mut r = g::deal(&mut rng, 0).unwrap();
        let rep = check(std::slice::from_ref(&r)).remove(0);
        if !rep.problems.is_empty() {
            return None;
        }
        let t = (0..23).find(|&t| followed_named_suit(&r.tricks[t]))?;
        let named = r.tricks[t].plays[1].card.suit()?;
        let l = leader_of(&rep, t as u16 + 1);
        let seat = l.next(3);
        let other = held_before(&r, seat, t)
            .into_iter()
            .find(|c| c.suit().is_some_and(|s| s != named))?;
        let was = r.tricks[t].plays[1].card;
        for later in &mut r.tricks[t + 1..] {
            for i in &mut later.plays {
                if i.card == other {
                    i.card = was;
                }
            }
        }
        r.tricks[t].plays[1].card = other;
        r.tricks[t].plays[1].rename = Some(Lead::Suit(other.suit()?));
        r.tricks[t].comments.push("the second player holds the named suit, renames the fool all the same and plays another suit: one card, one fault".into());
        Some(r)
    });
    let mut records = vec![r];
    claim_from_engine(&mut records);
    let found = findings(&records);
    assert_eq!(
        found.first().map(String::as_str),
        Some("fool-misuse[DK-FOOL-8]")
    );
    assert!(!found.iter().any(|f| f.starts_with("revoke")), "{found:?}");
    write(&dir, "50-wrong-renaming-and-revoke.tarok", &[
        "A wrong renaming that is also a revoke (DK-FOOL-8, DK-PLAY-2): the second player holds the suit the fool was named, renames it all the same and plays another suit. One card, one fault (rules README): one fool-misuse that carries DK-FOOL-8 (it comes first in the digest) and names the revoke (DK-PLAY-2) in its message and help. 20 into each pot, the deal is abandoned.",
    ], records, &found.join(", "));

    // 51: a trick with a card missing.
    let mut rng = Rng::new(51);
    let mut r = g::deal(&mut rng, 0).unwrap();
    r.tricks[9].plays.pop();
    let mut records = vec![r];
    claim_from_engine(&mut records);
    write(&dir, "51-card-missing-from-a-trick.tarok", &[
        "A trick with a card missing (trick 10 has 2 cards): a wrong number of cards found in play (DK-DEAL-3). The player who played no card to it holds the wrong number of cards: 40 into each pot, the deal is abandoned (DK-FINE-3). Payments before trick 10 stand, nothing after it is paid; the deal is settled.",
    ], records, "wrong-trick-size[DK-DEAL-3]");
}

/// The findings of a deal, as an expectation names them.
/// The dealer lays `card` away in place of his first skat card, and plays
/// that card wherever he played `card`.
fn lay_away(r: &mut Record, card: Card) {
    let out = r.discard.as_ref().unwrap().cards[0].card;
    r.discard.as_mut().unwrap().cards[0].card = card;
    for t in &mut r.tricks {
        for i in &mut t.plays {
            if i.card == card {
                i.card = out;
            }
        }
    }
}

fn findings(records: &[Record]) -> Vec<String> {
    check(records)
        .remove(0)
        .problems
        .iter()
        .map(|p| format!("{}[{}]", p.kind, p.rule.map_or("-", |r| r.id())))
        .collect()
}

/// A seat's cards before trick `t` (0-based): dealt, minus skat, minus
/// earlier plays.
fn held_before(r: &Record, seat: Seat, t: usize) -> Vec<Card> {
    let mut h: Vec<Card> = r.hands[seat.index()].cards.iter().map(|i| i.card).collect();
    if let Some(d) = &r.discard {
        h.retain(|c| !d.cards.iter().any(|i| i.card == *c));
    }
    for earlier in &r.tricks[..t] {
        h.retain(|c| !earlier.plays.iter().any(|i| i.card == *c));
    }
    h
}

/// Whether the second player of trick `t` (0-based) holds a trump.
fn second_holds_trump(r: &Record, rep: &Report, t: usize) -> bool {
    let l = leader_of(rep, t as u16 + 1);
    held_before(r, l.next(3), t).iter().any(|c| c.is_trump())
}

/// A trick led by the fool named in a suit, the second player following it.
fn followed_named_suit(t: &notation::Trick) -> bool {
    t.plays[0].card.is_fool()
        && matches!(t.plays[0].name, Some(Lead::Suit(s)) if t.plays[1].card.suit() == Some(s))
}

/// Whether trick `t` was led by the fool named in a suit both others are
/// void in, and a renaming to the second player's suit keeps the third
/// player's card legal.
fn renamable(r: &Record, rep: &Report, t: usize, trick: &notation::Trick) -> bool {
    let Some(Lead::Suit(named)) = trick.plays[0].name else {
        return false;
    };
    if !trick.plays[0].card.is_fool() {
        return false;
    }
    let l = leader_of(rep, t as u16 + 1);
    let seats = [l.next(3), l.after(2, 3)];
    // Hands before trick t: dealt, minus skat, minus earlier plays.
    let held = |seat: Seat| -> Vec<Card> {
        let mut h: Vec<Card> = r.hands[seat.index()].cards.iter().map(|i| i.card).collect();
        if let Some(d) = &r.discard {
            h.retain(|c| !d.cards.iter().any(|i| i.card == *c));
        }
        for earlier in &r.tricks[..t] {
            h.retain(|c| !earlier.plays.iter().any(|i| i.card == *c));
        }
        h
    };
    let (h1, h2) = (held(seats[0]), held(seats[1]));
    let void = |h: &[Card], s: Suit| !h.iter().any(|c| c.suit() == Some(s));
    let Some(new) = trick.plays[1].card.suit() else {
        return false;
    };
    let third = trick.plays[2].card;
    void(&h1, named)
        && void(&h2, named)
        && new != named
        && (third.suit() == Some(new) || void(&h2, new))
}

/// Adds the dealer's tout announcement and names the fool in the skat in
/// his declarations that include it; classic rules.
fn announce_tout(r: &mut Record) {
    r.tags.push(Tag::new("Rules", "classic"));
    let dealer: Seat = r.tag("Dealer").unwrap().value.parse().unwrap();
    let decl = r.declarations.as_mut().unwrap();
    for a in &mut decl.actions {
        if a.seat != dealer {
            continue;
        }
        let uses_fool = matches!(
            a.act,
            Act::Trumps { .. }
                | Act::Matadors { .. }
                | Act::Half { .. }
                | Act::Abundant { .. }
                | Act::HalfKings { .. }
                | Act::AbundantKings { .. }
        );
        if uses_fool {
            a.act = match a.act.clone() {
                Act::Trumps { count, pagat, .. } => Act::Trumps {
                    count,
                    pagat,
                    skat: vec![Card::FOOL],
                },
                Act::Matadors { count, .. } => Act::Matadors {
                    count,
                    skat: vec![Card::FOOL],
                },
                Act::Half { suit, missing, .. } => Act::Half {
                    suit,
                    missing,
                    skat: vec![Card::FOOL],
                },
                Act::Abundant { suit, .. } => Act::Abundant {
                    suit,
                    skat: vec![Card::FOOL],
                },
                Act::HalfKings { missing, .. } => Act::HalfKings {
                    missing,
                    skat: vec![Card::FOOL],
                },
                Act::AbundantKings { .. } => Act::AbundantKings {
                    skat: vec![Card::FOOL],
                },
                other => other,
            };
        }
    }
    let pos = decl
        .actions
        .iter()
        .position(|a| a.seat == dealer)
        .unwrap_or(0);
    decl.actions.insert(
        pos,
        Action {
            after: None,
            seat: dealer,
            act: Act::Tout,
            comments: vec![],
            span: Span::default(),
        },
    );
    // A dealer who only passed now declares the tout instead.
    if let Some(i) = decl
        .actions
        .iter()
        .position(|a| a.seat == dealer && a.act == Act::Pass)
    {
        decl.actions.remove(i);
    }
}

/// A court card other than the king of the first suit whose cavallerie
/// the hand holds (DK-DECL: the four court cards, or three and the fool).
fn cavallerie_court(hand: notation::CardSet) -> Option<Card> {
    Suit::ALL.into_iter().find_map(|s| {
        let courts: notation::CardSet = [Rank::Jack, Rank::Knight, Rank::Queen, Rank::King]
            .map(|r| Card::suited(s, r))
            .into_iter()
            .collect();
        let held = courts.intersection(hand);
        let cavallerie = held.len() == 4 || (held.len() == 3 && hand.contains(Card::FOOL));
        cavallerie.then(|| held.iter().find(|c| !c.is_king()))?
    })
}
