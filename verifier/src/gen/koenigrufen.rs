//! Random legal deals of Königrufen (default options): a random auction,
//! king call, talon and discard, a random call round, random legal play and
//! the claimed results.
//!
//! This is deliberately separate from the engine in `crate::koenigrufen`:
//! its own tables, its own legal-move and trick-winner functions and its
//! own scoring, written as plainly as possible, so that the engine and the
//! generator check each other.

use super::{Fixed, Rng};
use notation::{
    Act, Action, Actions, Bonus, Card, CardSet, Cards, Claim, ClaimEntry, Discard, Game, Hand,
    Item, Party, Rank, Record, Span, Suit, Tag, Target, Trick, Variant,
};

/// The bidding table in ascending order.
const TABLE: [Game; 13] = [
    Game::Piccolo,
    Game::SoloCaller,
    Game::PagatCaller,
    Game::Beggar,
    Game::UhuCaller,
    Game::ThreeOfSuits,
    Game::Three,
    Game::PiccoloOuvert,
    Game::PelicanCaller,
    Game::QuapilCaller,
    Game::BeggarOuvert,
    Game::SoloThreeOfSuits,
    Game::SoloThree,
];

fn t(n: u8) -> Card {
    Card::trump(n).unwrap()
}

fn king(s: Suit) -> Card {
    Card::suited(s, Rank::King)
}

fn needs_king(g: Game) -> bool {
    matches!(
        g,
        Game::Caller
            | Game::SoloCaller
            | Game::PagatCaller
            | Game::UhuCaller
            | Game::PelicanCaller
            | Game::QuapilCaller
    )
}

fn bid_card(g: Game) -> Option<Card> {
    match g {
        Game::PagatCaller => Some(t(1)),
        Game::UhuCaller => Some(t(2)),
        Game::PelicanCaller => Some(t(3)),
        Game::QuapilCaller => Some(t(4)),
        _ => None,
    }
}

fn negative(g: Game) -> bool {
    matches!(
        g,
        Game::Piccolo | Game::Beggar | Game::PiccoloOuvert | Game::BeggarOuvert | Game::Trischaken
    )
}

fn suits_game(g: Game) -> bool {
    matches!(g, Game::ThreeOfSuits | Game::SoloThreeOfSuits)
}

fn solo(g: Game) -> bool {
    matches!(
        g,
        Game::SoloCaller | Game::SoloThree | Game::SoloThreeOfSuits
    )
}

fn value_of(g: Game) -> i64 {
    match g {
        Game::Caller | Game::Trischaken => 2,
        Game::Piccolo => 3,
        Game::SoloCaller | Game::PagatCaller => 4,
        Game::Beggar => 5,
        Game::UhuCaller | Game::ThreeOfSuits | Game::Three | Game::SixThrees => 6,
        Game::PiccoloOuvert => 7,
        Game::PelicanCaller => 8,
        Game::QuapilCaller => 10,
        Game::BeggarOuvert => 11,
        _ => 12,
    }
}

fn may_bid(g: Game, hand: CardSet) -> bool {
    let all_kings = Suit::ALL.iter().all(|&s| hand.contains(king(s)));
    !(needs_king(g) && all_kings) && bid_card(g).is_none_or(|c| hand.contains(c))
}

fn score(c: Card) -> i64 {
    if c.is_king() || c == t(1) || c == t(21) || c == t(22) {
        13
    } else {
        match c.rank() {
            Some(Rank::Queen) => 10,
            Some(Rank::Knight) => 7,
            Some(Rank::Jack) => 4,
            _ => 1,
        }
    }
}

fn count(set: CardSet) -> i64 {
    set.iter().map(score).sum()
}

/// Suit-card order, default face order (queen above knight).
fn order(c: Card) -> i32 {
    let r = c.rank().unwrap();
    match r {
        Rank::King => 100,
        Rank::Queen => 90,
        Rank::Knight => 80,
        Rank::Jack => 70,
        _ => {
            let n = r.spot().unwrap() as i32;
            if matches!(c.suit(), Some(Suit::Hearts | Suit::Diamonds)) {
                10 - n
            } else {
                n
            }
        }
    }
}

/// Index of the winning card of a (possibly unfinished) trick.
fn best(cards: &[Card], g: Game) -> usize {
    let black_positive = !negative(g) && !suits_game(g);
    if black_positive && cards.len() == 4 && [t(1), t(21), t(22)].iter().all(|c| cards.contains(c))
    {
        return cards.iter().position(|&c| c == t(1)).unwrap();
    }
    let trump_rules = !suits_game(g) || cards[0].is_trump();
    let mut w = 0;
    for i in 1..cards.len() {
        let (a, b) = (cards[i], cards[w]);
        let beats = if a.is_trump() && b.is_trump() {
            a.trump_number() > b.trump_number()
        } else if a.is_trump() {
            trump_rules
        } else if b.is_trump() {
            false
        } else {
            a.suit() == b.suit() && order(a) > order(b)
        };
        if beats {
            w = i;
        }
    }
    w
}

/// Cards allowed by rules 1, 2, 3, 4b and 4c (not 4a).
fn allowed(hand: CardSet, trick: &[Card], g: Game) -> Vec<Card> {
    let cards: Vec<Card> = hand.iter().collect();
    let has_suit = cards.iter().any(|c| !c.is_trump());
    let has_tarock = cards.iter().any(|c| c.is_trump());
    let mut ok: Vec<Card> = if trick.is_empty() {
        if suits_game(g) && has_suit {
            cards.iter().copied().filter(|c| !c.is_trump()).collect()
        } else {
            cards.clone()
        }
    } else {
        let led = trick[0];
        let same: Vec<Card> = cards
            .iter()
            .copied()
            .filter(|c| c.is_trump() == led.is_trump() && c.suit() == led.suit())
            .collect();
        if !same.is_empty() {
            same
        } else if suits_game(g) && has_suit && !led.is_trump() {
            cards.iter().copied().filter(|c| !c.is_trump()).collect()
        } else if !suits_game(g) && has_tarock {
            cards.iter().copied().filter(|c| c.is_trump()).collect()
        } else {
            cards.clone()
        }
    };
    if negative(g) {
        if !trick.is_empty() {
            let winning: Vec<Card> = ok
                .iter()
                .copied()
                .filter(|&c| {
                    let mut tt = trick.to_vec();
                    tt.push(c);
                    best(&tt, g) == trick.len()
                })
                .collect();
            if !winning.is_empty() {
                ok = winning;
            }
        }
        if ok.contains(&t(1)) && ok.iter().any(|c| c.is_trump() && *c != t(1)) {
            ok.retain(|&c| c != t(1));
        }
    }
    ok
}

struct Calls {
    acts: Vec<Action>,
}

impl Calls {
    fn add(&mut self, seat: u8, act: Act) {
        self.acts.push(Action {
            after: None,
            seat,
            act,
            comments: Vec::new(),
            span: Span::default(),
        });
    }
}

fn items(cards: impl IntoIterator<Item = Card>) -> Vec<Item> {
    cards.into_iter().map(Item::new).collect()
}

/// One random legal deal.
pub fn deal(rng: &mut Rng, index: usize) -> Option<Record> {
    deal_with(rng, index, &Fixed::default()).ok()
}

/// As [`deal`], with some hands fixed.
pub fn deal_with(rng: &mut Rng, index: usize, fixed: &Fixed) -> Result<Record, String> {
    let dealer = (index % 4) as u8;
    let fh = (dealer + 1) % 4;
    let mut deck: Vec<Card> = Variant::Koenigrufen.deck().iter().collect();
    rng.shuffle(&mut deck);
    fixed.arrange(&mut deck, |s| s as usize * 12..s as usize * 12 + 12)?;
    let dealt: Vec<Vec<Card>> = (0..4).map(|s| deck[s * 12..s * 12 + 12].to_vec()).collect();
    let talon: Vec<Card> = deck[48..].to_vec();
    let mut hands: [CardSet; 4] = std::array::from_fn(|s| dealt[s].iter().copied().collect());
    let mut record = Record {
        tags: vec![
            Tag::new("Variant", "koenigrufen"),
            Tag::new("Dealer", dealer.to_string()),
            Tag::new("Players", "Anna; Bert; Cara; Dirk"),
        ],
        hands: (0..4)
            .map(|s| Hand {
                seat: s as u8,
                cards: items(dealt[s].iter().copied()),
                comments: Vec::new(),
                span: Span::default(),
            })
            .collect(),
        talon: Some(Cards {
            cards: items(talon.iter().copied()),
            comments: Vec::new(),
            span: Span::default(),
        }),
        ..Record::default()
    };

    // The auction.
    let mut auction = Calls { acts: Vec::new() };
    let mut out = [false; 4];
    let mut top: Option<(usize, Game, u8)> = None; // (table index + 1, game, seat)
    let mut seat = (fh + 1) % 4;
    loop {
        let outs = out.iter().filter(|&&o| o).count();
        if outs == 3 && top.is_some() {
            break;
        }
        if out[seat as usize] {
            seat = (seat + 1) % 4;
            continue;
        }
        let hand = hands[seat as usize];
        if seat == fh && outs == 3 {
            // Everybody else passed: the forehand must bid.
            let mut choices = vec![
                Game::Caller,
                Game::Caller,
                Game::Caller,
                Game::SixThrees,
                Game::Trischaken,
            ];
            choices.extend(TABLE.iter().copied());
            choices.retain(|&g| may_bid(g, hand));
            let g = *rng.pick(&choices);
            auction.add(seat, Act::Bid { game: g });
            top = Some((
                TABLE.iter().position(|&x| x == g).map_or(0, |i| i + 1),
                g,
                seat,
            ));
            break;
        }
        let floor = top.map_or(0, |(r, _, _)| r);
        let higher: Vec<Game> = TABLE[floor.min(13)..]
            .iter()
            .copied()
            .filter(|&g| may_bid(g, hand))
            .collect();
        if !higher.is_empty() && rng.below(100) < 30 {
            let g = higher[rng.below(higher.len().min(4))];
            auction.add(seat, Act::Bid { game: g });
            top = Some((TABLE.iter().position(|&x| x == g).unwrap() + 1, g, seat));
        } else {
            auction.add(seat, Act::Pass);
            out[seat as usize] = true;
        }
        seat = (seat + 1) % 4;
    }
    let (_, game, bidder) = top.ok_or("every seat passed")?;
    record.auction = Some(Actions {
        actions: auction.acts,
        comments: Vec::new(),
        span: Span::default(),
    });

    let mut calls = Calls { acts: Vec::new() };
    // King call and partner.
    let mut called = None;
    let mut partner = None;
    if needs_king(game) {
        let own = hands[bidder as usize];
        let free: Vec<Card> = Suit::ALL
            .iter()
            .map(|&s| king(s))
            .filter(|&k| !own.contains(k))
            .collect();
        let k = *rng.pick(&free);
        let fourth = free.len() == 1 && rng.below(2) == 0;
        calls.add(bidder, Act::Call { card: k, fourth });
        called = Some(k);
        partner = (0..4u8).find(|&s| hands[s as usize].contains(k));
    }
    let on_team = |s: u8| s == bidder || Some(s) == partner;
    // Talon.
    let takes_pile = !negative(game) && !solo(game) && game != Game::SixThrees;
    let mut my_pile = CardSet::EMPTY; // discard and talon cards counting for the bidder's team
    if takes_pile {
        let king_in_talon = called.is_some_and(|k| talon.contains(&k));
        if needs_king(game) && king_in_talon && rng.below(4) == 0 {
            calls.add(bidder, Act::Grind);
            record.calls = Some(Actions {
                actions: calls.acts,
                comments: Vec::new(),
                span: Span::default(),
            });
            let v = value_of(game);
            let mut net = [v; 4];
            net[bidder as usize] = -3 * v;
            record.claim = Some(claim(net));
            return Ok(record);
        }
        let half = rng.below(2);
        calls.add(bidder, Act::Talon { half: half as u8 });
        for &c in &talon[half * 3..half * 3 + 3] {
            hands[bidder as usize].insert(c);
        }
    }
    if game == Game::SixThrees {
        for &c in &talon {
            hands[bidder as usize].insert(c);
        }
    }
    if game == Game::SoloCaller {
        for pile in [&talon[..3], &talon[3..]] {
            if called.is_some_and(|k| pile.contains(&k)) {
                my_pile.extend_from(pile);
            }
        }
    }
    // Discard.
    let lay = if game == Game::SixThrees {
        6
    } else if takes_pile {
        3
    } else {
        0
    };
    if lay > 0 {
        let h = hands[bidder as usize];
        let free: Vec<Card> = h
            .iter()
            .filter(|&c| !c.is_king() && c != t(1) && c != t(21) && c != t(22))
            .collect();
        let mut pool = free.clone();
        rng.shuffle(&mut pool);
        let mut chosen: Vec<Card> = if game == Game::ThreeOfSuits {
            // Tarocks go first.
            let mut tarocks: Vec<Card> = pool.iter().copied().filter(|c| c.is_trump()).collect();
            let suits: Vec<Card> = pool.iter().copied().filter(|c| !c.is_trump()).collect();
            tarocks.extend(suits);
            tarocks
        } else {
            pool
        };
        chosen.truncate(lay);
        for &c in &chosen {
            hands[bidder as usize].remove(c);
            my_pile.insert(c);
        }
        record.discard = Some(Discard {
            seat: bidder,
            cards: items(chosen),
            shown: Vec::new(),
            comments: Vec::new(),
            span: Span::default(),
        });
    }

    // The call round.
    let bonuses = [
        Bonus::Pagat,
        Bonus::Uhu,
        Bonus::Pelican,
        Bonus::Quapil,
        Bonus::KingUltimo,
        Bonus::Trull,
        Bonus::FourKings,
        Bonus::Honours,
        Bonus::Absolut,
        Bonus::Valat,
    ];
    let idx = |b: Bonus| bonuses.iter().position(|&x| x == b).unwrap();
    // (announced by the bidder's team, doubling steps)
    let mut said: [Option<(bool, u32)>; 10] = [None; 10];
    if let Some(c) = bid_card(game) {
        let b = [t(1), t(2), t(3), t(4)]
            .iter()
            .position(|&x| x == c)
            .unwrap();
        said[b] = Some((true, 0));
    }
    let mut game_steps = 0u32;
    let black = !negative(game) && !suits_game(game);
    if game != Game::Trischaken {
        let mut cur = bidder;
        let mut passes = 0;
        let mut anything = false;
        let mut made = 0;
        loop {
            let team = on_team(cur);
            let mut options: Vec<Act> = Vec::new();
            if made < 5 {
                let next_step = |steps: u32, owner: bool| -> Option<u32> {
                    match steps {
                        0 if team != owner => Some(1),
                        1 if team == owner => Some(2),
                        2 if team != owner => Some(3),
                        _ => None,
                    }
                };
                if let Some(st) = next_step(game_steps, true) {
                    options.push(contra(st, Target::Game));
                }
                if !negative(game) {
                    for (i, &b) in bonuses.iter().enumerate() {
                        match said[i] {
                            Some((owner, steps)) => {
                                if let Some(st) = next_step(steps, owner) {
                                    options.push(contra(st, Target::Bonus(b)));
                                }
                            }
                            None => {
                                let exists = match b {
                                    Bonus::Pagat
                                    | Bonus::Uhu
                                    | Bonus::Pelican
                                    | Bonus::Quapil
                                    | Bonus::Trull => black,
                                    Bonus::KingUltimo => needs_king(game),
                                    _ => true,
                                };
                                let card = match b {
                                    Bonus::Pagat => Some(t(1)),
                                    Bonus::Uhu => Some(t(2)),
                                    Bonus::Pelican => Some(t(3)),
                                    Bonus::Quapil => Some(t(4)),
                                    Bonus::KingUltimo => called,
                                    _ => None,
                                };
                                let holds = card.is_none_or(|c| hands[cur as usize].contains(c));
                                let rare = b == Bonus::Valat && rng.below(3) != 0;
                                if exists && holds && !rare {
                                    options.push(Act::Announce { bonus: b });
                                }
                            }
                        }
                    }
                }
            }
            if !options.is_empty() && rng.below(100) < 12 {
                let act = options[rng.below(options.len())].clone();
                match &act {
                    Act::Announce { bonus } => said[idx(*bonus)] = Some((team, 0)),
                    Act::Contra { target }
                    | Act::Recontra { target }
                    | Act::Subcontra { target } => match target {
                        Target::Game => game_steps += 1,
                        Target::Bonus(b) => {
                            if let Some(s) = &mut said[idx(*b)] {
                                s.1 += 1;
                            }
                        }
                    },
                    _ => {}
                }
                calls.add(cur, act);
                anything = true;
                passes = 0;
                made += 1;
            } else {
                calls.add(cur, Act::Pass);
                passes += 1;
                if passes >= if anything { 3 } else { 4 } {
                    break;
                }
            }
            cur = (cur + 1) % 4;
        }
    }
    if !calls.acts.is_empty() {
        record.calls = Some(Actions {
            actions: calls.acts,
            comments: Vec::new(),
            span: Span::default(),
        });
    }

    // Rule 4a: announced cards held by the announcing team.
    let mut keep: Vec<(u8, Card, usize)> = Vec::new();
    if black {
        let targets = [(t(1), 12), (t(2), 11), (t(3), 10), (t(4), 9)];
        for (i, (c, k)) in targets.iter().enumerate() {
            if let Some((owner, _)) = said[i] {
                if let Some(s) =
                    (0..4u8).find(|&s| on_team(s) == owner && hands[s as usize].contains(*c))
                {
                    keep.push((s, *c, *k));
                }
            }
        }
        if let (Some((owner, _)), Some(k)) = (said[4], called) {
            if let Some(s) =
                (0..4u8).find(|&s| on_team(s) == owner && hands[s as usize].contains(k))
            {
                keep.push((s, k, 12));
            }
        }
    }

    // Play.
    let valat_by = said[9].map(|(o, _)| o);
    let mut leader = if negative(game) { bidder } else { fh };
    let mut won = [CardSet::EMPTY; 4];
    let mut count_won = [0usize; 4];
    let mut history: Vec<(u8, Vec<Card>, u8)> = Vec::new();
    for k in 1..=12usize {
        let mut trick: Vec<Card> = Vec::new();
        for i in 0..4u8 {
            let s = (leader + i) % 4;
            let mut ok = allowed(hands[s as usize], &trick, game);
            // rule 4a
            let mine: Vec<(Card, usize)> = keep
                .iter()
                .filter(|(o, c, _)| *o == s && ok.contains(c))
                .map(|&(_, c, kk)| (c, kk))
                .collect();
            let now: Vec<Card> = mine
                .iter()
                .filter(|(_, kk)| *kk == k)
                .map(|&(c, _)| c)
                .collect();
            let later: Vec<(Card, usize)> =
                mine.iter().copied().filter(|(_, kk)| *kk > k).collect();
            if !now.is_empty() {
                ok = now;
            } else if !later.is_empty() {
                let rest: Vec<Card> = ok
                    .iter()
                    .copied()
                    .filter(|c| !later.iter().any(|(x, _)| x == c))
                    .collect();
                if !rest.is_empty() {
                    ok = rest;
                } else {
                    let first = later.iter().map(|&(_, kk)| kk).min().unwrap();
                    ok = later
                        .iter()
                        .filter(|&&(_, kk)| kk == first)
                        .map(|&(c, _)| c)
                        .collect();
                }
            }
            let c = ok[rng.below(ok.len())];
            hands[s as usize].remove(c);
            trick.push(c);
        }
        let w = (leader + best(&trick, game) as u8) % 4;
        for &c in &trick {
            won[w as usize].insert(c);
        }
        count_won[w as usize] += 1;
        history.push((leader, trick, w));
        leader = w;
        let stop = match game {
            Game::Beggar | Game::BeggarOuvert => w == bidder,
            Game::Piccolo | Game::PiccoloOuvert => w == bidder && count_won[w as usize] == 2,
            _ => valat_by.is_some_and(|v| on_team(w) != v),
        };
        if stop {
            break;
        }
    }
    record.tricks = history
        .iter()
        .map(|(_, cards, _)| Trick {
            plays: items(cards.iter().copied()).into(),
            ..Trick::default()
        })
        .collect();

    // Scoring.
    let mut net = [0i64; 4];
    let pay = |winners_are_team: bool, v: i64, net: &mut [i64; 4], side: &dyn Fn(u8) -> bool| {
        let nw = (0..4u8).filter(|&s| side(s) == winners_are_team).count() as i64;
        let nl = 4 - nw;
        for s in 0..4u8 {
            if side(s) == winners_are_team {
                net[s as usize] += v * (nl / nw).max(1);
            } else {
                net[s as usize] -= v * (nw / nl).max(1);
            }
        }
    };
    match game {
        Game::Trischaken => {
            let pts: Vec<i64> = (0..4).map(|s| count(won[s])).collect();
            let mut loser = fh;
            for d in 1..4u8 {
                let s = (fh + d) % 4;
                if pts[s as usize] > pts[loser as usize] {
                    loser = s;
                }
            }
            let mut v = 2;
            if pts[loser as usize] >= 96 {
                v *= 2;
            }
            if loser == fh {
                v *= 2;
            }
            pay(false, v, &mut net, &|s| s == loser);
        }
        Game::Piccolo | Game::Beggar | Game::PiccoloOuvert | Game::BeggarOuvert => {
            let target = if matches!(game, Game::Piccolo | Game::PiccoloOuvert) {
                1
            } else {
                0
            };
            let v = value_of(game) << game_steps;
            pay(count_won[bidder as usize] == target, v, &mut net, &|s| {
                s == bidder
            });
        }
        _ => {
            let side = |s: u8| on_team(s);
            let mut mine = my_pile;
            for s in 0..4u8 {
                if side(s) {
                    mine = mine.union(won[s as usize]);
                }
            }
            let theirs = Variant::Koenigrufen.deck().difference(mine);
            let (p_mine, p_theirs) = (count(mine), count(theirs));
            let x = if solo(game) { 2 } else { 1 };
            let mut lines: Vec<(bool, i64)> = Vec::new();
            let win = p_mine >= 107;
            let gv = if game == Game::SixThrees {
                if win {
                    6
                } else {
                    12
                }
            } else if needs_king(game) {
                if solo(game) {
                    4
                } else {
                    2
                }
            } else {
                value_of(game)
            };
            lines.push((win, gv << game_steps));
            let worth = |i: usize, base: i64| match said[i] {
                Some((_, st)) => (base * x * 2) << st,
                None => base * x,
            };
            let full = history.len() == 12;
            if black {
                for (i, (c, k)) in [(t(1), 12usize), (t(2), 11), (t(3), 10), (t(4), 9)]
                    .into_iter()
                    .enumerate()
                {
                    let hit = history.get(k - 1).and_then(|(l, cards, w)| {
                        cards
                            .iter()
                            .position(|&x| x == c)
                            .map(|p| ((l + p as u8) % 4, cards[best(cards, game)] == c, *w))
                    });
                    let v = worth(i, i as i64 + 1);
                    match (said[i], hit) {
                        (Some((owner, _)), hit) => {
                            let ok = matches!(hit, Some((s, true, _)) if side(s) == owner);
                            lines.push((owner == ok, v));
                        }
                        (None, Some((s, wins, _))) => lines.push((side(s) == wins, v)),
                        _ => {}
                    }
                }
            }
            if let Some(k) = called {
                let last = if full {
                    history
                        .last()
                        .filter(|(_, c, _)| c.contains(&k))
                        .map(|(_, _, w)| side(*w))
                } else {
                    None
                };
                let v = worth(4, 1);
                match (said[4], last) {
                    (Some((owner, _)), l) => lines.push((owner == (l == Some(owner)), v)),
                    (None, Some(team)) => lines.push((team, v)),
                    _ => {}
                }
            }
            if black {
                for (l, cards, w) in &history {
                    if let Some(p) = cards.iter().position(|&c| c == t(21)) {
                        let s = (l + p as u8) % 4;
                        if cards[((w + 4 - l) % 4) as usize] != t(21) {
                            lines.push((!side(s), x));
                        }
                    }
                }
            }
            if let Some(k) = called {
                if theirs.contains(k) {
                    lines.push((false, x));
                }
            }
            let trull: CardSet = [t(1), t(21), t(22)].into_iter().collect();
            let kings: CardSet = Suit::ALL.iter().map(|&s| king(s)).collect();
            let has = |i: usize, pile: CardSet, pts: i64| match i {
                5 => pile.intersection(trull) == trull,
                6 => pile.intersection(kings) == kings,
                7 => pile.intersection(trull.union(kings)).len() >= 5,
                _ => pts >= 136,
            };
            for (i, &said_i) in said.iter().enumerate().take(9).skip(5) {
                if i == 5 && !black {
                    continue;
                }
                let v = worth(i, 1);
                let (a, b) = (has(i, mine, p_mine), has(i, theirs, p_theirs));
                match said_i {
                    Some((owner, _)) => {
                        let ok = if owner { a } else { b };
                        lines.push((owner == ok, v));
                    }
                    None if a || b => lines.push((a, v)),
                    None => {}
                }
            }
            let all_by = |team: bool| full && history.iter().all(|(_, _, w)| side(*w) == team);
            let basic = |bidder_wins: bool| {
                if game == Game::SixThrees && !bidder_wins {
                    12
                } else if needs_king(game) {
                    2
                } else {
                    6
                }
            };
            if let Some((owner, st)) = said[9] {
                let ok = all_by(owner);
                let bw = owner == ok;
                lines = vec![(bw, (4 * basic(bw) * 2 * x) << st)];
            } else {
                for team in [true, false] {
                    if all_by(team) {
                        let v = 4 * basic(team) * x;
                        let other: i64 = lines
                            .iter()
                            .map(|&(w, val)| if w == team { val } else { -val })
                            .sum();
                        if v >= other {
                            lines = vec![(team, v)];
                        }
                    }
                }
            }
            for (w, v) in lines {
                pay(w, v, &mut net, &side);
            }
        }
    }
    record.claim = Some(claim(net));
    Ok(record)
}

fn contra(step: u32, target: Target) -> Act {
    match step {
        1 => Act::Contra { target },
        2 => Act::Recontra { target },
        _ => Act::Subcontra { target },
    }
}

fn claim(net: [i64; 4]) -> Claim {
    Claim {
        entries: (0..4)
            .map(|s| ClaimEntry {
                party: Party::Seat(s as u8),
                amount: net[s],
                span: Span::default(),
            })
            .collect(),
        comments: Vec::new(),
        span: Span::default(),
    }
}

trait Extend {
    fn extend_from(&mut self, cards: &[Card]);
}

impl Extend for CardSet {
    fn extend_from(&mut self, cards: &[Card]) {
        for &c in cards {
            self.insert(c);
        }
    }
}
