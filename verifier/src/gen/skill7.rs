//! Random legal deals of Skill7 Tarock. This is deliberately separate and
//! plainer code than the engine (`crate::skill7`): cards in vectors, the
//! rules written out again from the digest, the result computed per seat
//! without a ledger. Each checks the other.
//!
//! The generator plays with the default options. It never produces a deal
//! with a cause for a redeal (S7-DEAL-3): it deals again.

use super::{Fixed, Rng};
use notation::{Card, Rank, Record, Suit, Variant};

const GAMES: [&str; 4] = ["", "rufer", "farbesolo", "solo"];
const ITEMS: [&str; 4] = ["game", "absolut", "pagat", "valat"];

fn t(n: u8) -> Card {
    Card::trump(n).unwrap()
}

fn is_tarock(c: Card) -> bool {
    c.trump_number().is_some()
}

fn value(c: Card) -> i64 {
    if let Some(n) = c.trump_number() {
        return if n == 1 || n >= 21 { 5 } else { 1 };
    }
    match c.rank().unwrap() {
        Rank::King => 5,
        Rank::Queen => 4,
        Rank::Knight => 3,
        Rank::Jack => 2,
        _ => 0,
    }
}

fn order(c: Card) -> u8 {
    c.trump_number()
        .map_or_else(|| c.rank().unwrap() as u8, |n| 100 + n)
}

/// One addition or the game, as the generator tracks it.
#[derive(Clone, Copy)]
struct Bid {
    what: usize,
    /// true = the declarer's team owns it.
    ours: bool,
    level: u8,
    seat: u8,
}

impl Bid {
    /// The bids standing after `seat` bids a game: the game alone (a
    /// higher game cancels every addition and kontra, S7-BID-5).
    fn game(seat: usize) -> Vec<Bid> {
        vec![Bid {
            what: 0,
            ours: true,
            level: 0,
            seat: seat as u8,
        }]
    }
}

/// One random legal deal with its claim.
pub fn deal(rng: &mut Rng, index: usize) -> Option<Record> {
    deal_with(rng, index, &Fixed::default()).ok()
}

/// As [`deal`], with some hands fixed.
pub fn deal_with(rng: &mut Rng, index: usize, fixed: &Fixed) -> Result<Record, String> {
    let dealer = (index % 4) as u8;
    let forehand = (dealer + 1) % 4;
    let deck: Vec<Card> = Variant::Skill7Tarock.deck().iter().collect();
    let hands: Vec<Vec<Card>> = loop {
        let mut cards = deck.clone();
        rng.shuffle(&mut cards);
        fixed.arrange(&mut cards, |s| s as usize * 10..s as usize * 10 + 10)?;
        // Each hand as a player sorts it: tarocks high to low, then the
        // suits, each from the king down.
        let hands: Vec<Vec<Card>> = cards
            .chunks(10)
            .map(|c| {
                let mut hand = c.to_vec();
                hand.sort_by_key(|c| (c.suit().map_or(0, |s| 1 + s as u8), u8::MAX - order(*c)));
                hand
            })
            .collect();
        let glatzen = ["S10", "C10", "H1", "D1"].map(|g| g.parse::<Card>().unwrap());
        let bad = (0..4).filter(|&s| s != forehand as usize).any(|s| {
            hands[s].iter().filter(|c| is_tarock(**c)).count() <= 1
                || glatzen.iter().all(|g| hands[s].contains(g))
        });
        if !bad {
            break hands;
        }
    };
    let suits_of = |s: usize| hands[s].iter().filter(|c| !is_tarock(**c)).count();
    let holder = |c: Card| (0..4).find(|&s| hands[s].contains(&c)).unwrap();
    let call_for = |s: usize| {
        (4..=20)
            .rev()
            .map(t)
            .find(|c| !hands[s].contains(c))
            .unwrap()
    };

    // The auction.
    let mut entries: Vec<String> = Vec::new();
    let mut game = 0usize;
    let mut declarer = forehand as usize;
    let mut agreed = [false; 4];
    let mut bids: Vec<Bid> = Vec::new();
    let mut run = 0;
    let mut seat = forehand as usize;
    let trull = [t(1), t(21), t(22)];
    loop {
        let partner = if game == 1 {
            Some(holder(call_for(declarer)))
        } else {
            None
        };
        let ours = seat == declarer || Some(seat) == partner;
        let game_kontra = bids.iter().any(|b| b.what == 0 && b.level > 0);
        let valat = bids.iter().any(|b| b.what == 3);
        let mut choice: Option<String> = None;
        if game == 0 {
            let mut options = vec![1, 1, 1, 1, 1, 3];
            if suits_of(seat) >= 5 {
                options.extend([2, 2]);
            }
            game = *rng.pick(&options);
            declarer = seat;
            bids = Bid::game(seat);
            choice = Some(GAMES[game].to_string());
        } else if game == 1
            && !ours
            && !game_kontra
            && !valat
            && trull.iter().all(|c| hands[seat].contains(c))
        {
            // S7-ADD-3: the Trull must kontra the Rufer.
            bids[0].level = 1;
            choice = Some("contra game".into());
        } else if entries.len() < 14 {
            let r = rng.below(100);
            if r < 6 && !agreed[seat] && game < 3 {
                let higher: Vec<usize> = (game + 1..=3)
                    .filter(|&g| g != 2 || suits_of(seat) >= 5)
                    .collect();
                if !higher.is_empty() {
                    game = *rng.pick(&higher);
                    declarer = seat;
                    bids = Bid::game(seat);
                    choice = Some(GAMES[game].to_string());
                }
            } else if r < 22 {
                let mut options: Vec<(String, Option<Bid>, Option<usize>)> = Vec::new();
                let have = |w: usize| bids.iter().any(|b| b.what == w);
                if !valat {
                    if !have(3) && rng.below(4) == 0 {
                        options.push((
                            "announce valat".into(),
                            Some(Bid {
                                what: 3,
                                ours,
                                level: 0,
                                seat: seat as u8,
                            }),
                            None,
                        ));
                    }
                    if !have(1) && (ours || game_kontra) {
                        options.push((
                            "announce absolut".into(),
                            Some(Bid {
                                what: 1,
                                ours,
                                level: 0,
                                seat: seat as u8,
                            }),
                            None,
                        ));
                    }
                    if !have(2) && game != 2 && hands[seat].contains(&t(1)) {
                        options.push((
                            "announce pagat".into(),
                            Some(Bid {
                                what: 2,
                                ours,
                                level: 0,
                                seat: seat as u8,
                            }),
                            None,
                        ));
                    }
                }
                for (i, b) in bids.iter().enumerate() {
                    if valat && b.what != 3 {
                        continue;
                    }
                    // kontra and subkontra by the other team, rekontra by the owner
                    let word = match b.level {
                        0 if b.ours != ours => "contra",
                        1 if b.ours == ours => "recontra",
                        2 if b.ours != ours => "subcontra",
                        _ => continue,
                    };
                    options.push((format!("{word} {}", ITEMS[b.what]), None, Some(i)));
                }
                if !options.is_empty() {
                    let k = rng.below(options.len());
                    let (text, new, raise) = options.swap_remove(k);
                    if let Some(b) = new {
                        bids.push(b);
                    }
                    if let Some(i) = raise {
                        bids[i].level += 1;
                    }
                    agreed[seat] = true;
                    choice = Some(text);
                }
            }
        }
        match choice {
            Some(text) => {
                // Bidding a game is not agreeing; every other entry is.
                if !GAMES[1..].contains(&text.as_str()) {
                    agreed[seat] = true;
                }
                run = 0;
                entries.push(format!("{seat} {text}"));
            }
            None => {
                agreed[seat] = true;
                run += 1;
                entries.push(format!("{seat} continue"));
                if run == 3 {
                    break;
                }
            }
        }
        seat = (seat + 1) % 4;
    }

    // The call and the teams.
    let mut team = [false; 4];
    team[declarer] = true;
    let mut call = None;
    if game == 1 {
        let card = call_for(declarer);
        team[holder(card)] = true;
        call = Some(card);
    }
    let valat_bid = bids.iter().find(|b| b.what == 3).copied();
    let pagat_bid = bids.iter().find(|b| b.what == 2).copied();

    // The play.
    let farbe = game == 2;
    let mut left = hands.clone();
    let mut leader = forehand as usize;
    let mut tricks: Vec<String> = Vec::new();
    let mut won_points = [0i64; 4];
    let mut won_tricks = [0u8; 4];
    let mut pagat_last: Option<(usize, bool)> = None;
    let mut mond_caught: Option<usize> = None;
    for n in 1..=10 {
        let mut cards: Vec<Card> = Vec::new();
        for i in 0..4 {
            let s = (leader + i) % 4;
            let hand = &left[s];
            let pick: Vec<Card> = match cards.first() {
                None if farbe && hand.iter().any(|c| !is_tarock(*c)) => {
                    hand.iter().copied().filter(|c| !is_tarock(*c)).collect()
                }
                None => hand.clone(),
                Some(led) => {
                    let same: Vec<Card> = hand
                        .iter()
                        .copied()
                        .filter(|c| c.suit() == led.suit() && is_tarock(*c) == is_tarock(*led))
                        .collect();
                    let mine_tarocks: Vec<Card> =
                        hand.iter().copied().filter(|c| is_tarock(*c)).collect();
                    let mine_suits: Vec<Card> =
                        hand.iter().copied().filter(|c| !is_tarock(*c)).collect();
                    if !same.is_empty() {
                        same
                    } else if farbe && !is_tarock(*led) {
                        // Farbesolo: void in the suit led, any suit card.
                        if mine_suits.is_empty() {
                            hand.clone()
                        } else {
                            mine_suits
                        }
                    } else if mine_tarocks.is_empty() {
                        hand.clone()
                    } else {
                        mine_tarocks
                    }
                }
            };
            let mut pick = pick;
            if pagat_bid.is_some_and(|b| b.seat as usize == s) && n < 10 && pick.len() > 1 {
                pick.retain(|c| *c != t(1));
            }
            let card = *rng.pick(&pick);
            left[s].retain(|c| *c != card);
            cards.push(card);
        }
        let led = cards[0];
        let winner_idx = if !farbe && [t(1), t(21), t(22)].iter().all(|c| cards.contains(c)) {
            cards.iter().position(|c| *c == t(1)).unwrap()
        } else {
            let mut best = 0;
            for i in 1..4 {
                let (a, b) = (cards[best], cards[i]);
                let beats = if is_tarock(b) && !farbe {
                    !is_tarock(a) || order(b) > order(a)
                } else {
                    is_tarock(a) == is_tarock(b) && a.suit() == b.suit() && order(b) > order(a)
                };
                let _ = led;
                if beats {
                    best = i;
                }
            }
            best
        };
        let winner = (leader + winner_idx) % 4;
        won_points[winner] += cards.iter().map(|c| value(*c)).sum::<i64>();
        won_tricks[winner] += 1;
        if let (Some(m), Some(sk)) = (
            cards.iter().position(|c| *c == t(21)),
            cards.iter().position(|c| *c == t(22)),
        ) {
            if winner_idx == sk {
                mond_caught = Some((leader + m) % 4);
            }
        }
        if n == 10 {
            if let Some(p) = cards.iter().position(|c| *c == t(1)) {
                pagat_last = Some(((leader + p) % 4, p == winner_idx));
            }
        }
        let words: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
        tricks.push(format!("trick {n}: {}", words.join(" ")));
        leader = winner;
    }

    // The result: (winner is the declarer's team, value) per line.
    let solo = game != 1;
    let ours_points: i64 = (0..4).filter(|&s| team[s]).map(|s| won_points[s]).sum();
    let ours_tricks: u8 = (0..4).filter(|&s| team[s]).map(|s| won_tricks[s]).sum();
    let points_of = |o: bool| if o { ours_points } else { 88 - ours_points };
    let tricks_of = |o: bool| if o { ours_tricks } else { 10 - ours_tricks };
    let mut lines: Vec<(bool, i64)> = Vec::new();
    if let Some(v) = valat_bid {
        let won = tricks_of(v.ours) == 10;
        lines.push((v.ours == won, (if solo { 24 } else { 12 }) << v.level));
    } else if ours_tricks == 10 || ours_tricks == 0 {
        lines.push((ours_tricks == 10, if solo { 12 } else { 6 }));
    } else {
        lines.push((
            ours_points >= 45,
            (if solo { 4 } else { 1 }) << bids[0].level,
        ));
        match bids.iter().find(|b| b.what == 1) {
            Some(a) => lines.push((
                a.ours == (points_of(a.ours) >= 56),
                (if solo { 4 } else { 2 }) << a.level,
            )),
            None => {
                if ours_points >= 56 || ours_points <= 32 {
                    lines.push((ours_points >= 56, if solo { 2 } else { 1 }));
                }
            }
        }
        if !farbe {
            match pagat_bid {
                Some(p) => {
                    let won = pagat_last.is_some_and(|(s, w)| w && team[s] == p.ours);
                    lines.push((p.ours == won, (if solo { 4 } else { 2 }) << p.level));
                }
                None => {
                    if let Some((s, w)) = pagat_last {
                        lines.push((team[s] == w, if solo { 2 } else { 1 }));
                    }
                }
            }
        }
        let premium = if solo { 2 } else { 1 };
        if !farbe {
            if let Some(s) = (0..4).find(|&s| trull.iter().all(|c| hands[s].contains(c))) {
                lines.push((team[s], premium));
            }
        }
        let kings = Suit::ALL.map(|s| Card::suited(s, Rank::King));
        if let Some(s) = (0..4).find(|&s| kings.iter().all(|c| hands[s].contains(c))) {
            lines.push((team[s], premium));
        }
        if !farbe {
            if let Some(s) = mond_caught {
                lines.push((!team[s], premium));
            }
        }
    }
    let mut totals = [0i64; 4];
    let size = team.iter().filter(|x| **x).count() as i64;
    for (ours_win, v) in lines {
        for s in 0..4 {
            let sign = if team[s] == ours_win { 1 } else { -1 };
            // Two against two: one for one. One against three: the single
            // player pays or gets it from each of the three.
            let times = if size == 2 || !team[s] { 1 } else { 3 };
            totals[s] += sign * v * times;
        }
    }

    let mut text = format!(
        "[Variant \"skill7-tarock\"]\n[Dealer \"{dealer}\"]\n[Players \"North; East; South; West\"]\n[Rules \"skill7\"]\n\n"
    );
    for (s, hand) in hands.iter().enumerate() {
        let words: Vec<String> = hand.iter().map(|c| c.to_string()).collect();
        text.push_str(&format!("hand {s}: {}\n", words.join(" ")));
    }
    text.push_str(&format!("auction: {}\n", entries.join(", ")));
    if let Some(c) = call {
        text.push_str(&format!("calls: {declarer} call {c}\n"));
    }
    for tr in &tricks {
        text.push_str(tr);
        text.push('\n');
    }
    let claim: Vec<String> = (0..4)
        .map(|s| match totals[s] {
            v if v > 0 => format!("{s} +{v}"),
            v => format!("{s} {v}"),
        })
        .collect();
    text.push_str(&format!("claim: {}\n", claim.join(", ")));
    notation::parse_str(&text)
        .into_iter()
        .next()
        .and_then(|r| r.ok())
        .ok_or_else(|| "the generated deal does not parse".to_string())
}
