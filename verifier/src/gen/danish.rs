//! Random legal deals of Danish Tarok, played out with random legal moves
//! and settled, with the claim written on the record.
//!
//! This is deliberately separate, simpler code than the engine in
//! `crate::danish`: its own card ranking, legal moves, declarations and
//! payments, so that the engine and the generator check each other.
//! Every deal is a three-player deal with no irregularity; the first deal
//! of a session (`index` 0) starts the session (foundation), later ones
//! state the pots they start with in a `Pots` tag.

use super::{Fixed, Rng};
use notation::{
    Act, Action, Actions, Card, Claim, ClaimEntry, Discard, Hand, Item, Lead, Party, Pot, Record,
    Span, Suit, Tag, Trick,
};

fn items(cards: &[Card]) -> Vec<Item> {
    cards.iter().copied().map(Item::new).collect()
}

fn trump_no(c: Card) -> u8 {
    c.trump_number().unwrap_or(0)
}

/// Suit of a card as a number 0..4, 4 for trumps, 5 for the fool.
fn colour(c: Card) -> u8 {
    if c.is_fool() {
        5
    } else if c.is_trump() {
        4
    } else {
        c.suit().map_or(5, |s| s as u8)
    }
}

/// Rank of a suit card for comparing within its suit (higher wins).
fn order(c: Card) -> i32 {
    let rank = c.rank().map_or(0, |r| r as i32); // 0..9 spots 1..10, 10 J, 11 N, 12 Q, 13 K
    if rank >= 10 {
        100 + rank
    } else if matches!(c.suit(), Some(Suit::Hearts | Suit::Diamonds)) {
        50 - rank
    } else {
        rank
    }
}

fn value(c: Card) -> i64 {
    if c.is_fool() || trump_no(c) == 1 || trump_no(c) == 21 {
        4
    } else if c.is_trump() {
        0
    } else {
        match c.rank().map(|r| r as u8) {
            Some(13) => 4,
            Some(12) => 3,
            Some(11) => 2,
            Some(10) => 1,
            _ => 0,
        }
    }
}

/// The declarations a hand holds, in the notation's words, with the cards
/// that make up each.
fn declarations(hand: &[Card]) -> Vec<(Act, Vec<Card>, i64)> {
    let mut out = Vec::new();
    let has = |c: Card| hand.contains(&c);
    let fool = has(Card::FOOL);
    let trumps: Vec<Card> = hand
        .iter()
        .copied()
        .filter(|c| c.is_trump() || c.is_fool())
        .collect();
    if trumps.len() >= 10 {
        let n = trumps.len() as i64;
        out.push((
            Act::Trumps {
                count: n as u8,
                pagat: has(Card::PAGAT),
                skat: vec![],
            },
            trumps.clone(),
            10 + 5 * (n - 10),
        ));
    }
    if fool && has(Card::PAGAT) && has(Card::MOND) {
        let mut cards = vec![Card::FOOL, Card::PAGAT, Card::MOND];
        let mut t = 20;
        while has(Card::trump(t).unwrap()) && t > 1 {
            cards.push(Card::trump(t).unwrap());
            t -= 1;
        }
        let n = cards.len() as i64;
        out.push((
            Act::Matadors {
                count: n as u8,
                skat: vec![],
            },
            cards,
            10 + 5 * (n - 3),
        ));
    }
    let ranks = [
        notation::Rank::King,
        notation::Rank::Queen,
        notation::Rank::Knight,
        notation::Rank::Jack,
    ];
    for suit in Suit::ALL {
        let set: Vec<Card> = ranks.iter().map(|&r| Card::suited(suit, r)).collect();
        let held: Vec<Card> = set.iter().copied().filter(|&c| has(c)).collect();
        let mut with = held.clone();
        with.push(Card::FOOL);
        match (held.len(), fool) {
            (4, true) => out.push((Act::Abundant { suit, skat: vec![] }, with, 15)),
            (4, false) => out.push((Act::Full { suit, skat: vec![] }, held, 10)),
            (3, true) => {
                let missing = *set.iter().find(|c| !has(**c)).unwrap();
                out.push((
                    Act::Half {
                        suit,
                        missing,
                        skat: vec![],
                    },
                    with,
                    5,
                ))
            }
            _ => {}
        }
    }
    let kings: Vec<Card> = Suit::ALL
        .iter()
        .map(|&s| Card::suited(s, notation::Rank::King))
        .collect();
    let held: Vec<Card> = kings.iter().copied().filter(|&c| has(c)).collect();
    let mut with = held.clone();
    with.push(Card::FOOL);
    match (held.len(), fool) {
        (4, true) => out.push((Act::AbundantKings { skat: vec![] }, with, 15)),
        (4, false) => out.push((Act::FullKings { skat: vec![] }, held, 10)),
        (3, true) => {
            let missing = *kings.iter().find(|c| !has(**c)).unwrap();
            out.push((
                Act::HalfKings {
                    missing,
                    skat: vec![],
                },
                with,
                5,
            ))
        }
        _ => {}
    }
    out
}

/// Renumbers a deal played by seats 0..3 for a table of four whose dealer
/// sits at `table_dealer`; the seat opposite sits out with net `sits_out`.
/// `dealer` is the dealer's seat among the three.
pub fn to_four(mut r: Record, dealer: usize, table_dealer: u8, sits_out: i64) -> Record {
    let out = (table_dealer + 2) % 4;
    let next = |s: u8| {
        if (s + 1) % 4 == out {
            (s + 2) % 4
        } else {
            (s + 1) % 4
        }
    };
    let order = [table_dealer, next(table_dealer), next(next(table_dealer))];
    let map = |s: u8| order[(s as usize + 3 - dealer) % 3];
    for h in &mut r.hands {
        h.seat = map(h.seat);
    }
    r.hands.push(Hand {
        seat: out,
        cards: vec![],
        comments: vec![],
        span: Span::default(),
    });
    r.hands.sort_by_key(|h| h.seat);
    if let Some(d) = &mut r.discard {
        d.seat = map(d.seat);
    }
    for a in r.declarations.iter_mut().flat_map(|d| &mut d.actions) {
        a.seat = map(a.seat);
    }
    for t in &mut r.tricks {
        t.fool_call = t.fool_call.map(map);
    }
    if let Some(c) = &mut r.claim {
        for e in &mut c.entries {
            if let Party::Seat(s) = e.party {
                e.party = Party::Seat(map(s));
            }
        }
        c.entries.push(ClaimEntry {
            party: Party::Seat(out),
            amount: sits_out,
            span: Span::default(),
        });
        c.entries.sort_by_key(|e| match e.party {
            Party::Seat(s) => s as u16,
            Party::Pot(Pot::King) => 100,
            Party::Pot(Pot::Pagat) => 101,
        });
    }
    for t in &mut r.tags {
        if t.name == "Dealer" {
            t.value = table_dealer.to_string().into();
        }
    }
    let after_dealer = r
        .tags
        .iter()
        .position(|t| t.name == "Dealer")
        .map_or(1, |i| i + 1);
    r.tags
        .insert(after_dealer, Tag::new("Players", "Anna; Bent; Carl; Dora"));
    r
}

/// One random legal deal at a table of four (the seat opposite the dealer
/// sits out); `index` is its place in the session, the dealer rotating
/// through all four seats.
pub fn deal_four(rng: &mut Rng, index: usize) -> Option<Record> {
    deal_four_with(rng, index, &Fixed::default(), None).ok()
}

/// As [`deal_four`], with hands fixed (seats of the table of four) and the
/// pots the previous deal left (`None`: random pots after the first deal).
pub fn deal_four_with(
    rng: &mut Rng,
    index: usize,
    fixed: &Fixed,
    carried: Option<[i64; 2]>,
) -> Result<Record, String> {
    let table_dealer = (index % 4) as u8;
    // The deal is played by seats 0..3 from the dealer on (see `to_four`).
    let out = (table_dealer + 2) % 4;
    let order: Vec<u8> = (0..4)
        .map(|k| (table_dealer + k) % 4)
        .filter(|&s| s != out)
        .collect();
    let inner = fixed.remap(|s| order.iter().position(|&o| o == s).map(|i| i as u8))?;
    let mut setup = random_setup_with(rng, 0, &inner)?;
    setup.pots = if index == 0 {
        None
    } else {
        let random = [20 + 5 * rng.below(30) as i64, 20 + 5 * rng.below(30) as i64];
        Some(carried.unwrap_or(random))
    };
    setup.four = Some(table_dealer);
    Ok(play_out(&setup, rng, &mut |rng, _, _, options| {
        let plain: Vec<Card> = options.iter().copied().filter(|c| !c.is_fool()).collect();
        if plain.is_empty() || rng.below(8) == 0 {
            *rng.pick(options)
        } else {
            *rng.pick(&plain)
        }
    }))
}

/// How many cards of a trick so far carry a renaming.
fn plays_renamed(plays: &[Item]) -> usize {
    plays.iter().filter(|i| i.rename.is_some()).count()
}

/// Running money: seats 0..3 and the pots.
struct Money {
    seats: [i64; 3],
    pots: [i64; 2],
    /// The net of a fourth player who sits out (foundation only).
    sits_out: i64,
}

impl Money {
    /// `to` gets `amount` from each of the two others.
    fn collect_from(&mut self, to: usize, amount: i64) {
        for s in 0..3 {
            if s != to {
                self.seats[s] -= amount;
                self.seats[to] += amount;
            }
        }
    }
    fn pay_pot(&mut self, from: usize, pot: usize, amount: i64) {
        self.seats[from] -= amount;
        self.pots[pot] += amount;
    }
}

/// A deal before play: who deals, the dealt hands (the dealer's 28
/// cards), the skat he lays away, and the pots before the dealer's fee
/// (`None`: the session starts, foundation is paid).
#[derive(Debug, Clone)]
pub struct Setup {
    /// The dealer's seat.
    pub dealer: usize,
    /// The hands as dealt, by seat (the dealer's with the skat in it).
    pub hands: [Vec<Card>; 3],
    /// The cards the dealer lays away.
    pub skat: Vec<Card>,
    /// The pots `[king, pagat]` before the dealer's fee; `None` at a
    /// session's start.
    pub pots: Option<[i64; 2]>,
    /// Random calls for the fool in trick 23 and renamings of a led fool.
    pub extras: bool,
    /// Four at the table: the dealer's seat at the table of four. The deal
    /// is played with seats 0..3 as above (in order of play from the
    /// dealer's seat) and renumbered; the seat opposite the dealer sits
    /// out and pays only foundation.
    pub four: Option<u8>,
}

/// Chooses a card: `(rng, trick 1..=25, seat, legal cards) -> card`.
pub type Chooser<'a> = dyn FnMut(&mut Rng, usize, usize, &[Card]) -> Card + 'a;

/// One random legal deal; `index` is its place in the session.
pub fn deal(rng: &mut Rng, index: usize) -> Option<Record> {
    deal_with(rng, index, &Fixed::default(), None).ok()
}

/// As [`deal`], with hands fixed and the pots the previous deal left
/// (`None`: random pots after the first deal of a session).
pub fn deal_with(
    rng: &mut Rng,
    index: usize,
    fixed: &Fixed,
    carried: Option<[i64; 2]>,
) -> Result<Record, String> {
    let mut setup = random_setup_with(rng, index, fixed)?;
    if index > 0 && carried.is_some() {
        setup.pots = carried;
    }
    Ok(play_out(&setup, rng, &mut |rng, _, _, options| {
        // The fool is played rarely, so that it is often still there for a
        // call in trick 23 or for the last trick.
        let plain: Vec<Card> = options.iter().copied().filter(|c| !c.is_fool()).collect();
        if plain.is_empty() || rng.below(8) == 0 {
            *rng.pick(options)
        } else {
            *rng.pick(&plain)
        }
    }))
}

/// A random shuffle and skat for the deal at `index` of a session.
pub fn random_setup(rng: &mut Rng, index: usize) -> Setup {
    random_setup_with(rng, index, &Fixed::default()).expect("no hand is fixed")
}

/// As [`random_setup`], with some hands fixed (seats 0..3).
pub fn random_setup_with(rng: &mut Rng, index: usize, fixed: &Fixed) -> Result<Setup, String> {
    let dealer = index % 3;
    let next = |s: usize| (s + 1) % 3;
    let start_pots = if index == 0 {
        None
    } else {
        Some([20 + 5 * rng.below(30) as i64, 20 + 5 * rng.below(30) as i64])
    };
    let mut pack: Vec<Card> = notation::Variant::DanishTarok.deck().iter().collect();
    // Shuffle until the dealer has three plain cards to lay away.
    let (hands, skat) = loop {
        rng.shuffle(&mut pack);
        let first = next(dealer);
        fixed.arrange(&mut pack, |s| match s as usize {
            s if s == first => 0..25,
            s if s == dealer => 50..78,
            _ => 25..50,
        })?;
        let mut hands: [Vec<Card>; 3] = Default::default();
        hands[first] = pack[0..25].to_vec();
        hands[next(first)] = pack[25..50].to_vec();
        hands[dealer] = pack[50..78].to_vec();
        let decl: Vec<Card> = declarations(&hands[dealer])
            .into_iter()
            .flat_map(|(_, c, _)| c)
            .collect();
        let mut plain: Vec<Card> = hands[dealer]
            .iter()
            .copied()
            .filter(|&c| c.suit().is_some() && !c.is_king() && !decl.contains(&c))
            .collect();
        if plain.len() >= 3 {
            rng.shuffle(&mut plain);
            break (hands, plain[..3].to_vec());
        }
    };
    Ok(Setup {
        dealer,
        hands,
        skat,
        pots: start_pots,
        extras: true,
        four: None,
    })
}

/// Plays a deal out with the chooser's legal moves, pays it, and writes the
/// record with its claim. The declarations are every combination held.
pub fn play_out(setup: &Setup, rng: &mut Rng, choose: &mut Chooser<'_>) -> Record {
    let dealer = setup.dealer;
    let next = |s: usize| (s + 1) % 3;
    let start_pots = setup.pots;
    let hands = setup.hands.clone();
    let skat = setup.skat.clone();
    let mut money = Money {
        seats: [0; 3],
        pots: start_pots.unwrap_or([0, 0]),
        sits_out: 0,
    };
    if start_pots.is_none() {
        for s in 0..3 {
            money.pay_pot(s, 0, 20);
            money.pay_pot(s, 1, 20);
        }
        if setup.four.is_some() {
            money.sits_out -= 40;
            money.pots[0] += 20;
            money.pots[1] += 20;
        }
    }
    money.pay_pot(dealer, 0, 5);
    money.pay_pot(dealer, 1, 5);
    let mut play: [Vec<Card>; 3] = hands.clone();
    play[dealer].retain(|c| !skat.contains(c));
    // Declarations: dealer first.
    let mut decl_actions = Vec::new();
    for s in [dealer, next(dealer), next(next(dealer))] {
        let found = declarations(&hands[s]);
        if found.is_empty() {
            decl_actions.push(Action {
                after: None,
                seat: s as u8,
                act: Act::Pass,
                comments: vec![],
                span: Span::default(),
            });
        }
        for (act, _, amount) in found {
            money.collect_from(s, amount);
            decl_actions.push(Action {
                after: None,
                seat: s as u8,
                act,
                comments: vec![],
                span: Span::default(),
            });
        }
    }
    // Play.
    let mut tricks = Vec::new();
    let mut won = [0; 3];
    let mut points = [0i64; 3];
    points[dealer] += 1 + skat.iter().map(|&c| value(c)).sum::<i64>();
    let mut leader = next(dealer);
    let mut last = (0usize, [Card::FOOL; 3], [0usize; 3]);
    for t in 1..=25 {
        if t == 25 && play[leader] == [Card::FOOL] {
            leader = next(leader);
        }
        let seats = [leader, next(leader), next(next(leader))];
        // A call for the fool at the start of trick 23: its holder must play it.
        let mut call = None;
        let mut must_fool = None;
        if setup.extras && t == 23 {
            if let Some(h) = (0..3).find(|&s| play[s].contains(&Card::FOOL)) {
                if rng.below(3) == 0 {
                    call = Some(((h + 1 + rng.below(2)) % 3) as u8);
                    must_fool = Some(h);
                }
            }
        }
        let mut cards = [Card::FOOL; 3];
        let mut plays = Vec::new();
        let mut led: Option<u8> = None;
        for (i, &s) in seats.iter().enumerate() {
            let hand = &play[s];
            // A led fool whose named suit neither follower holds: the second
            // player may rename it.
            let mut rename = None;
            if setup.extras && i == 1 && cards[0].is_fool() {
                let named = led.unwrap();
                let void = |x: usize| !play[x].iter().any(|&c| colour(c) == named);
                if void(seats[1]) && void(seats[2]) && rng.below(2) == 0 {
                    let new = (named as usize + 1 + rng.below(4)) % 5;
                    rename = Some(if new == 4 {
                        Lead::Trumps
                    } else {
                        Lead::Suit(Suit::ALL[new])
                    });
                    led = Some(new as u8);
                }
            }
            // Or the third player renames it, when the second did not and
            // both were void in the named suit; the second player's card
            // must then not be a revoke in the new suit.
            if setup.extras && i == 2 && cards[0].is_fool() && plays_renamed(&plays) == 0 {
                let named = led.unwrap();
                let second_void = colour(cards[1]) != named;
                let third_void = !play[s].iter().any(|&c| colour(c) == named);
                if second_void && third_void && rng.below(2) == 0 {
                    let new = ((named as usize + 1 + rng.below(4)) % 5) as u8;
                    let second_ok = colour(cards[1]) == new
                        || !play[seats[1]].iter().any(|&c| colour(c) == new);
                    if second_ok {
                        rename = Some(if new == 4 {
                            Lead::Trumps
                        } else {
                            Lead::Suit(Suit::ALL[new as usize])
                        });
                        led = Some(new);
                    }
                }
            }
            let mut options: Vec<Card> = match led {
                None => hand.iter().copied().filter(|c| !c.is_fool()).collect(),
                Some(col) => {
                    let follow: Vec<Card> =
                        hand.iter().copied().filter(|&c| colour(c) == col).collect();
                    let trump: Vec<Card> = hand.iter().copied().filter(|c| c.is_trump()).collect();
                    if !follow.is_empty() {
                        follow
                    } else if col != 4 && !trump.is_empty() {
                        trump
                    } else {
                        hand.iter().copied().filter(|c| !c.is_fool()).collect()
                    }
                }
            };
            let fool_ok = hand.contains(&Card::FOOL) && t != 24 && !(t == 25 && i == 0);
            if must_fool == Some(s) {
                options = vec![Card::FOOL];
            } else if fool_ok {
                options.push(Card::FOOL);
            }
            let card = choose(rng, t, s, &options);
            let mut item = Item::new(card);
            item.rename = rename;
            if i == 0 {
                led = Some(colour(card));
                if card.is_fool() {
                    let mut n = rng.below(5);
                    // Now and then name a suit neither follower holds, so
                    // that renaming happens.
                    let void =
                        |x: usize, col: usize| !play[x].iter().any(|&c| colour(c) == col as u8);
                    if setup.extras && rng.below(2) == 0 {
                        if let Some(v) =
                            (0..5).find(|&col| void(seats[1], col) && void(seats[2], col))
                        {
                            n = v;
                        }
                    }
                    let lead = if n == 4 {
                        Lead::Trumps
                    } else {
                        Lead::Suit(Suit::ALL[n])
                    };
                    item.name = Some(lead);
                    led = Some(n as u8);
                }
            }
            play[s].retain(|&c| c != card);
            cards[i] = card;
            plays.push(item);
        }
        // Winner: highest trump, else highest of the named/led suit, else of
        // the first suit after the fool.
        let led_col = led.unwrap();
        let mut best: Option<usize> = None;
        for i in 0..3 {
            if cards[i].is_trump()
                && best
                    .is_none_or(|b| !cards[b].is_trump() || trump_no(cards[i]) > trump_no(cards[b]))
            {
                best = Some(i);
            }
        }
        if best.is_none() {
            let target = if (0..3).any(|i| colour(cards[i]) == led_col) {
                led_col
            } else {
                colour(cards[if cards[0].is_fool() { 1 } else { 0 }])
            };
            for i in 0..3 {
                if colour(cards[i]) == target
                    && best.is_none_or(|b| order(cards[i]) > order(cards[b]))
                {
                    best = Some(i);
                }
            }
        }
        let w = best.unwrap();
        let winner = seats[w];
        won[winner] += 1;
        points[winner] += 1;
        for i in 0..3 {
            if cards[i].is_fool() && t < 25 {
                points[seats[i]] += 4;
            } else {
                points[winner] += value(cards[i]);
            }
        }
        if t < 25 {
            for i in 0..3 {
                let c = cards[i];
                if i != w && (c.is_king() || c == Card::PAGAT) {
                    let s = seats[i];
                    for o in 0..3 {
                        if o != s {
                            money.seats[s] -= 5;
                            money.seats[o] += 5;
                        }
                    }
                    money.pay_pot(s, if c.is_king() { 0 } else { 1 }, 5);
                }
            }
            if cards[w] == Card::PAGAT {
                money.collect_from(winner, 5);
            }
        }
        tricks.push(Trick {
            leader: None,
            fool_call: call,
            plays: plays.into(),
            comments: vec![],
            span: Span::default(),
        });
        last = (w, cards, seats);
        leader = winner;
    }
    // After the last trick.
    let (w, cards, seats) = last;
    let snap = money.pots;
    let winner = seats[w];
    let tout = (0..3).find(|&s| won[s] == 25);
    let zero: Vec<usize> = (0..3).filter(|&s| won[s] == 0).collect();
    let nolo = (tout.is_none() && zero.len() == 1).then(|| zero[0]);
    let mut ultimo = false;
    if let Some(s) = tout {
        money.collect_from(s, 80);
        money.seats[s] += snap[0] + snap[1];
        money.pots[0] -= snap[0];
        money.pots[1] -= snap[1];
    } else if let Some(s) = nolo {
        money.collect_from(s, 25);
    } else if cards[w] == Card::PAGAT {
        ultimo = true;
        money.collect_from(winner, 45);
        money.seats[winner] += snap[1];
        money.pots[1] -= snap[1];
    } else if cards[w].is_king() {
        ultimo = true;
        money.collect_from(winner, 40);
        money.seats[winner] += snap[0];
        money.pots[0] -= snap[0];
    }
    let losers: Vec<usize> = (0..3)
        .filter(|&i| i != w && (cards[i].is_king() || cards[i] == Card::PAGAT))
        .collect();
    if tout.is_none() && nolo.is_none() && !ultimo && losers.is_empty() {
        money.collect_from(winner, 20);
    }
    for &i in &losers {
        let s = seats[i];
        let (each, pot) = if cards[i] == Card::PAGAT {
            (45, 1)
        } else {
            (40, 0)
        };
        for o in 0..3 {
            if o != s {
                money.seats[s] -= each;
                money.seats[o] += each;
            }
        }
        money.pay_pot(s, pot, snap[pot]);
    }
    if nolo.is_none() {
        let nd = next(dealer);
        for (s, &p) in points.iter().enumerate() {
            if s != nd {
                // Round p - 26 to the nearest multiple of 5.
                let diff = p - 26;
                let r = (diff as f64 / 5.0).round() as i64 * 5;
                money.seats[s] += r;
                money.seats[nd] -= r;
            }
        }
    }
    for pot in 0..2 {
        if money.pots[pot] == 0 {
            for s in 0..3 {
                money.pay_pot(s, pot, 20);
            }
            if setup.four.is_some() {
                money.sits_out -= 20;
                money.pots[pot] += 20;
            }
        }
    }
    let mut tags = vec![
        Tag::new("Variant", "danish-tarok"),
        Tag::new("Dealer", dealer.to_string()),
    ];
    if let Some(p) = start_pots {
        tags.push(Tag::new(
            "Pots",
            format!("king-pot {}, pagat-pot {}", p[0], p[1]),
        ));
    }
    let mut entries: Vec<ClaimEntry> = (0..3)
        .map(|s| ClaimEntry {
            party: Party::Seat(s as u8),
            amount: money.seats[s],
            span: Span::default(),
        })
        .collect();
    for (pot, amount) in [(Pot::King, money.pots[0]), (Pot::Pagat, money.pots[1])] {
        entries.push(ClaimEntry {
            party: Party::Pot(pot),
            amount,
            span: Span::default(),
        });
    }
    let record = Record {
        comments: vec![],
        tags,
        hands: (0..3)
            .map(|s| Hand {
                seat: s as u8,
                cards: items(&hands[s]),
                comments: vec![],
                span: Span::default(),
            })
            .collect(),
        talon: None,
        auction: None,
        calls: None,
        discard: Some(Discard {
            seat: dealer as u8,
            cards: items(&skat),
            shown: vec![],
            comments: vec![],
            span: Span::default(),
        }),
        declarations: Some(Actions {
            actions: decl_actions,
            comments: vec![],
            span: Span::default(),
        }),
        tricks,
        result: None,
        claim: Some(Claim {
            entries,
            comments: vec![],
            span: Span::default(),
        }),
        trailing: vec![],
        span: Span::default(),
    };
    match setup.four {
        None => record,
        Some(table_dealer) => to_four(record, dealer, table_dealer, money.sits_out),
    }
}
