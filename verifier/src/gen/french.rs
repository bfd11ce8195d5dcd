//! Random legal deals of French Tarot: shuffle, deal 18 × 4 and a dog of 6,
//! an auction, the discard, declarations, 18 tricks of random legal cards
//! and the claimed scores.
//!
//! This is deliberately separate, plainer code than the engine
//! (`crate::french`): lists of cards instead of bit sets, its own duties of
//! play, its own trick winner and its own count. The engine must find every
//! deal made here clean, with the same scores.

use super::{Fixed, Rng};
use notation::{
    Act, Action, Actions, Card, Cards, Claim, ClaimEntry, Discard, Game, Hand, HandfulSize, Item,
    Party, Rank, Record, Seat, Span, Tag, Trick, Variant,
};

/// One random legal deal; the dealer is seat `index % 4`.
pub fn deal(rng: &mut Rng, index: usize) -> Option<Record> {
    deal_with(rng, index, &Fixed::default()).ok()
}

/// As [`deal`], with some hands fixed.
pub fn deal_with(rng: &mut Rng, index: usize, fixed: &Fixed) -> Result<Record, String> {
    let dealer = (index % 4) as Seat;
    let pack: Vec<Card> = Variant::FrenchTarot.deck().iter().collect();
    // Now and then the first bidder is dealt T5..T21 and the excuse, and
    // plays for a slam (keeping the excuse for the last trick).
    let strong = rng.below(40) == 0 && fixed.is_empty();
    let strong_seat = ((dealer + 1) % 4) as usize;
    // Shuffle until no hand holds the petit bare (FR-DEAL-2).
    let (hands, dog) = loop {
        let mut cards = pack.clone();
        rng.shuffle(&mut cards);
        fixed.arrange(&mut cards, |s| s as usize * 18..s as usize * 18 + 18)?;
        if strong {
            let top: Vec<Card> = (5..=21)
                .map(|n| Card::trump(n).unwrap())
                .chain([Card::FOOL])
                .collect();
            let rest: Vec<Card> = cards.iter().copied().filter(|c| !top.contains(c)).collect();
            cards = rest;
            for (k, c) in top.into_iter().enumerate() {
                cards.insert(strong_seat * 18 + k, c);
            }
        }
        let hands: Vec<Vec<Card>> = (0..4)
            .map(|s| cards[s * 18..s * 18 + 18].to_vec())
            .collect();
        let bare = hands.iter().any(|h| {
            h.contains(&Card::PAGAT)
                && h.iter().filter(|c| c.is_trump() || c.is_fool()).count() == 1
        });
        if !bare {
            break (hands, cards[72..].to_vec());
        }
    };

    // Options: now and then an alternative.
    let mut options: Vec<&str> = Vec::new();
    let keep = rng.below(8) == 0;
    if keep {
        options.push("excuse_exchange=keep");
    }
    let loose_handful = rng.below(8) == 0;
    if loose_handful {
        options.push("handful_exact=false");
    }
    let no_defence_slam = rng.below(8) == 0;
    if no_defence_slam {
        options.push("defence_slam=0");
    }
    let either = rng.below(8) == 0;
    if either {
        options.push("slam_excuse_side=either");
    }

    let mut record = Record::default();
    let mut tag = |name: &str, value: String| {
        record.tags.push(Tag {
            name: name.to_owned().into(),
            value: value.into(),
            comments: Vec::new(),
            span: Span::default(),
        })
    };
    tag("Variant", "french-tarot".into());
    tag("Dealer", dealer.to_string());
    tag("Players", "Ann; Bob; Cat; Dan".into());
    tag("Rules", "federation".into());
    if !options.is_empty() {
        tag("Options", options.join(", "));
    }
    for (s, h) in hands.iter().enumerate() {
        record.hands.push(Hand {
            seat: s as Seat,
            cards: items(h),
            comments: Vec::new(),
            span: Span::default(),
        });
    }
    record.talon = Some(Cards {
        cards: items(&dog),
        comments: Vec::new(),
        span: Span::default(),
    });

    // The auction: each player once, passing or bidding higher.
    let games = [
        Game::Take,
        Game::Guard,
        Game::GuardWithout,
        Game::GuardAgainst,
    ];
    let mut level = 0; // bids made so far: 0 none, 1 take, ...
    let mut taker = None;
    let mut actions = Vec::new();
    for k in 1..=4 {
        let seat = (dealer + k) % 4;
        let bid = level < 4 && (rng.below(100) < 40 || (strong && seat as usize == strong_seat));
        let act = if bid {
            // Mostly one step up, sometimes more.
            let step = 1 + rng.below(2).min(3 - level);
            level += step;
            taker = Some((seat, level));
            Act::Bid {
                game: games[level - 1],
            }
        } else {
            Act::Pass
        };
        actions.push(action(seat, act));
    }
    record.auction = Some(Actions {
        actions,
        comments: Vec::new(),
        span: Span::default(),
    });
    let Some((taker, level)) = taker else {
        record.claim = Some(claim([0; 4]));
        return Ok(record);
    };
    let multiplier = [1, 2, 4, 6][level - 1];

    // The dog and the discard.
    let mut playing = hands.clone();
    if level <= 2 {
        let mut all = hands[taker as usize].clone();
        all.extend(&dog);
        let plain: Vec<Card> = all
            .iter()
            .copied()
            .filter(|c| c.suit().is_some() && c.rank() != Some(Rank::King))
            .collect();
        let low_trumps: Vec<Card> = all
            .iter()
            .copied()
            .filter(|c| matches!(c.trump_number(), Some(2..=20)))
            .collect();
        let mut discard: Vec<Card> = Vec::new();
        if plain.len() >= 6 {
            let mut p = plain.clone();
            rng.shuffle(&mut p);
            discard.extend(&p[..6]);
        } else {
            discard.extend(&plain);
            let mut t = low_trumps.clone();
            rng.shuffle(&mut t);
            discard.extend(&t[..6 - plain.len()]);
        }
        let shown: Vec<Card> = discard.iter().copied().filter(|c| c.is_trump()).collect();
        playing[taker as usize] = all.into_iter().filter(|c| !discard.contains(c)).collect();
        record.discard = Some(Discard {
            seat: taker,
            cards: items(&discard),
            shown: items(&shown),
            comments: Vec::new(),
            span: Span::default(),
        });
    }

    // Declarations: now and then a slam, handfuls when held.
    let mut declarations = Vec::new();
    let playing_for_slam = strong && taker as usize == strong_seat;
    let slam = if playing_for_slam {
        rng.below(2) == 0
    } else {
        rng.below(25) == 0
    };
    if slam {
        declarations.push(action(taker, Act::Slam));
    }
    let mut handful_bonus = 0;
    for k in 1..=4 {
        let seat = (dealer + k) % 4;
        let hand = &playing[seat as usize];
        let mut trumps: Vec<Card> = hand.iter().copied().filter(|c| c.is_trump()).collect();
        let has_excuse = hand.contains(&Card::FOOL);
        let count = trumps.len() + has_excuse as usize;
        if count < 10 || rng.below(3) == 0 {
            continue;
        }
        let sizes = [
            (HandfulSize::Simple, 10, 20),
            (HandfulSize::Double, 13, 30),
            (HandfulSize::Triple, 15, 40),
        ];
        let fits: Vec<_> = sizes.iter().filter(|s| s.1 <= count).collect();
        let &&(size, need, bonus) = rng.pick(&fits);
        let mut show = need;
        if loose_handful && count > need && rng.below(2) == 0 {
            show = need + 1;
        }
        rng.shuffle(&mut trumps);
        let cards: Vec<Card> = if trumps.len() >= show {
            trumps[..show].to_vec()
        } else {
            // Every trump, and the excuse to make up the number.
            let mut c = trumps.clone();
            c.push(Card::FOOL);
            c
        };
        handful_bonus += bonus;
        declarations.push(action(seat, Act::Handful { size, cards }));
    }
    if !declarations.is_empty() {
        record.declarations = Some(Actions {
            actions: declarations,
            comments: Vec::new(),
            span: Span::default(),
        });
    }

    // The play.
    let mut leader = if slam { taker } else { (dealer + 1) % 4 };
    let mut won_by_taker = 0;
    let mut won_by_defence = 0;
    // Half points and oudlers of the taker's pile.
    let mut taker_halves = 0;
    let mut taker_oudlers = 0;
    let mut petit_bonus_side = None; // Some(true) when the taker's side gets it
    let mut petit_in_17 = false;
    for t in 1..=18 {
        let mut trick: Vec<(Seat, Card)> = Vec::new();
        for k in 0..4 {
            let seat = (leader + k) % 4;
            let hand = &mut playing[seat as usize];
            let played: Vec<Card> = trick.iter().map(|p| p.1).collect();
            let mut options = allowed(hand, &played);
            if playing_for_slam && seat == taker && options.len() > 1 {
                options.retain(|c| !c.is_fool());
            }
            let card = *rng.pick(&options);
            hand.retain(|c| *c != card);
            trick.push((seat, card));
        }
        let mut win = winner(&trick);
        let excuse = trick.iter().find(|p| p.1.is_fool()).map(|p| p.0);
        let mut slam_excuse = false;
        if t == 18 {
            if let Some(p) = excuse {
                if (p == taker && won_by_taker == 17)
                    || (either && p != taker && won_by_defence == 17)
                {
                    win = p;
                    slam_excuse = true;
                }
            }
        }
        let taker_won = win == taker;
        if taker_won {
            won_by_taker += 1;
        } else {
            won_by_defence += 1;
        }
        for &(p, c) in &trick {
            let mut to_taker = taker_won;
            let mut v = value(c);
            if c.is_fool() && t < 18 && (p == taker) != taker_won {
                to_taker = p == taker;
                if !keep {
                    // The exchange: 4 for the excuse, 0.5 to the winners.
                    v = 8;
                    if taker_won {
                        taker_halves += 1;
                    }
                }
            }
            if to_taker {
                taker_halves += v;
                if [Card::FOOL, Card::PAGAT, Card::MOND].contains(&c) {
                    taker_oudlers += 1;
                }
            }
        }
        if t == 17 {
            petit_in_17 = trick.iter().any(|p| p.1 == Card::PAGAT);
        }
        if t == 18 && (trick.iter().any(|p| p.1 == Card::PAGAT) || (slam_excuse && petit_in_17)) {
            petit_bonus_side = Some(taker_won);
        }
        record.tricks.push(Trick {
            plays: trick.iter().map(|p| Item::new(p.1)).collect(),
            ..Trick::default()
        });
        leader = win;
    }
    // The discard or the dog: the cards nobody played.
    if level <= 3 {
        let aside: Vec<Card> = if level <= 2 {
            record
                .discard
                .as_ref()
                .unwrap()
                .cards
                .iter()
                .map(|i| i.card)
                .collect()
        } else {
            dog.clone()
        };
        for c in aside {
            taker_halves += value(c);
            if [Card::FOOL, Card::PAGAT, Card::MOND].contains(&c) {
                taker_oudlers += 1;
            }
        }
    }
    let needed = match taker_oudlers {
        0 => 56,
        1 => 51,
        2 => 41,
        _ => 36,
    };
    let whole = taker_halves / 2;
    let won = taker_halves >= needed * 2;
    let diff = if won { whole - needed } else { needed - whole };
    let mut u = (25 + diff) * multiplier;
    if !won {
        u = -u;
    }
    match petit_bonus_side {
        Some(true) => u += 10 * multiplier,
        Some(false) => u -= 10 * multiplier,
        None => {}
    }
    u += if won { handful_bonus } else { -handful_bonus };
    if slam {
        u += if won_by_taker == 18 { 400 } else { -200 };
    } else if won_by_taker == 18 {
        u += 200;
    }
    if won_by_defence == 18 && !no_defence_slam {
        u -= 200;
    }
    let mut scores = [-u; 4];
    scores[taker as usize] = 3 * u;
    record.claim = Some(claim(scores));
    Ok(record)
}

fn items(cards: &[Card]) -> Vec<Item> {
    cards.iter().map(|c| Item::new(*c)).collect()
}

fn action(seat: Seat, act: Act) -> Action {
    Action {
        after: None,
        seat,
        act,
        comments: Vec::new(),
        span: Span::default(),
    }
}

fn claim(scores: [i64; 4]) -> Claim {
    Claim {
        entries: (0..4)
            .map(|s| ClaimEntry {
                party: Party::Seat(s as Seat),
                amount: scores[s],
                span: Span::default(),
            })
            .collect(),
        comments: Vec::new(),
        span: Span::default(),
    }
}

/// Twice the card's points.
fn value(c: Card) -> i64 {
    if c.is_fool() || c == Card::PAGAT || c == Card::MOND {
        return 9;
    }
    match c.rank() {
        Some(Rank::King) => 9,
        Some(Rank::Queen) => 7,
        Some(Rank::Knight) => 5,
        Some(Rank::Jack) => 3,
        _ => 1,
    }
}

/// The cards of `hand` a player may add to the cards `played` so far.
fn allowed(hand: &[Card], played: &[Card]) -> Vec<Card> {
    let Some(first) = played.iter().find(|c| !c.is_fool()) else {
        return hand.to_vec();
    };
    let mut out: Vec<Card> = match first.suit() {
        Some(s) => hand
            .iter()
            .copied()
            .filter(|c| c.suit() == Some(s))
            .collect(),
        None => Vec::new(),
    };
    if out.is_empty() {
        let best = played
            .iter()
            .filter_map(|c| c.trump_number())
            .max()
            .unwrap_or(0);
        let trumps: Vec<Card> = hand.iter().copied().filter(|c| c.is_trump()).collect();
        let over: Vec<Card> = trumps
            .iter()
            .copied()
            .filter(|c| c.trump_number().unwrap() > best)
            .collect();
        out = if over.is_empty() { trumps } else { over };
    }
    if out.is_empty() {
        return hand.to_vec();
    }
    if hand.contains(&Card::FOOL) {
        out.push(Card::FOOL);
    }
    out
}

/// The seat that wins a trick (without the slam exception).
fn winner(trick: &[(Seat, Card)]) -> Seat {
    if let Some(p) = trick
        .iter()
        .filter(|p| p.1.is_trump())
        .max_by_key(|p| p.1.trump_number())
    {
        return p.0;
    }
    let suit = trick
        .iter()
        .find(|p| !p.1.is_fool())
        .and_then(|p| p.1.suit());
    trick
        .iter()
        .filter(|p| p.1.suit().is_some() && p.1.suit() == suit)
        .max_by_key(|p| p.1.rank())
        .map(|p| p.0)
        .unwrap()
}
