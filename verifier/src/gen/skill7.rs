//! Random legal deals of Skill7 Tarock, played through [`Game`]: the
//! generator holds no rule of its own (issue 25). It deals, lets the game
//! say what is legal at each step ([`Game::legal`]) and chooses among it;
//! the claim is the game's settlement. What it chooses, and how often, is
//! its own:
//! - the forehand opens with rufer five times in eight, farbesolo twice
//!   (where it may bid it), solo once;
//! - an opponent who must kontra the Rufer (S7-ADD-3) does;
//! - in the first fourteen entries a seat bids a higher game 6 times in
//!   100 (when it may), an addition or kontra 16 times in 100 (22 when it
//!   may not bid a higher game; valat is among the choices one time in
//!   four); otherwise, and after that, `continue`;
//! - the call is the one legal call; a card is any legal card, each alike.
//!
//! The generator plays with the default options. A deal with a cause for
//! a redeal (S7-DEAL-3) is over before its auction: it deals again.

use super::{Fixed, Rng};
use crate::game::{Game, Move};
use notation::Seat;
use notation::{Act, Card, Game as Bid, Record, Target, Variant};

/// One random legal deal with its claim.
pub fn deal(rng: &mut Rng, index: usize) -> Option<Record> {
    deal_with(rng, index, &Fixed::default()).ok()
}

/// As [`deal`], with some hands fixed.
pub fn deal_with(rng: &mut Rng, index: usize, fixed: &Fixed) -> Result<Record, String> {
    let dealer = (index % 4) as u8;
    let deck: Vec<Card> = Variant::Skill7Tarock.deck().iter().collect();
    let header = format!(
        "[Variant \"skill7-tarock\"]\n[Dealer \"{dealer}\"]\n[Players \"North; East; South; West\"]\n[Rules \"skill7\"]\n\n"
    );
    let (mut game, mut text) = loop {
        let mut cards = deck.clone();
        rng.shuffle(&mut cards);
        fixed.arrange(&mut cards, |s| s.index() * 10..s.index() * 10 + 10)?;
        let mut text = header.clone();
        for (s, chunk) in cards.chunks(10).enumerate() {
            // Each hand as a player sorts it (`Card::held_order`).
            let mut hand = chunk.to_vec();
            hand.sort_by_key(|c| c.held_order(Some(Variant::Skill7Tarock)));
            let words: Vec<String> = hand.iter().map(|c| c.to_string()).collect();
            text.push_str(&format!("hand {s}: {}\n", words.join(" ")));
        }
        let record = parse(&text)?;
        let game = Game::from_record(&record).map_err(|e| e.to_string())?;
        // A cause for a redeal: the deal is over before it starts.
        if !game.is_over() {
            break (game, text);
        }
    };
    let mut entries: Vec<String> = Vec::new();
    let mut calls: Vec<String> = Vec::new();
    let mut tricks: Vec<Vec<String>> = Vec::new();
    while !game.is_over() {
        let legal = game.legal();
        let mv = match legal.first() {
            Some(Move::Auction { .. }) => auction_choice(rng, &legal, entries.len()),
            Some(_) if legal.len() == 1 => legal[0].clone(),
            Some(_) => rng.pick(&legal).clone(),
            None => return Err("the game has no legal move before its end".into()),
        };
        match &mv {
            Move::Auction { seat, act } => entries.push(entry(*seat, act)),
            Move::Calls { seat, act } => calls.push(entry(*seat, act)),
            Move::Play { card, .. } => match tricks.last_mut() {
                Some(t) if t.len() < 4 => t.push(card.to_string()),
                _ => tricks.push(vec![card.to_string()]),
            },
            other => return Err(format!("a move the generator does not write: {other}")),
        }
        game.apply(mv).map_err(|e| e.to_string())?;
    }
    text.push_str(&format!("auction: {}\n", entries.join(", ")));
    if !calls.is_empty() {
        text.push_str(&format!("calls: {}\n", calls.join(", ")));
    }
    for (n, t) in tricks.iter().enumerate() {
        text.push_str(&format!("trick {}: {}\n", n + 1, t.join(" ")));
    }
    let totals = game.result().totals;
    let claim: Vec<String> = totals
        .iter()
        .enumerate()
        .map(|(s, v)| match v {
            v if *v > 0 => format!("{s} +{v}"),
            v => format!("{s} {v}"),
        })
        .collect();
    text.push_str(&format!("claim: {}\n", claim.join(", ")));
    parse(&text)
}

fn parse(text: &str) -> Result<Record, String> {
    notation::parse_str(text)
        .into_iter()
        .next()
        .and_then(|r| r.ok())
        .ok_or_else(|| "the generated deal does not parse".to_string())
}

/// An entry as the record writes it: `1 rufer`.
fn entry(seat: Seat, act: &Act) -> String {
    let mut words = String::new();
    notation::print::act(&mut words, act);
    format!("{seat} {words}")
}

/// The generator's choice among the legal entries of the auction (the
/// module docs); `made`: the entries made so far.
fn auction_choice(rng: &mut Rng, legal: &[Move], made: usize) -> Move {
    let act = |m: &Move| match m {
        Move::Auction { act, .. } => Some(act.clone()),
        _ => None,
    };
    let has = |a: &Act| legal.iter().any(|m| act(m).as_ref() == Some(a));
    let pick_act = |a: &Act| {
        legal
            .iter()
            .find(|m| act(m).as_ref() == Some(a))
            .cloned()
            .expect("a legal entry")
    };
    let games: Vec<Move> = legal
        .iter()
        .filter(|m| matches!(act(m), Some(Act::Bid { .. })))
        .cloned()
        .collect();
    let kontra_game = Act::Contra {
        target: Target::Game,
    };
    if !has(&Act::Continue) {
        if has(&kontra_game) {
            // The duty of the Trull's holder (S7-ADD-3), as the game lists it.
            return pick_act(&kontra_game);
        }
        // The forehand's opening bid.
        let weight = |m: &Move| match act(m) {
            Some(Act::Bid { game: Bid::Rufer }) => 5,
            Some(Act::Bid {
                game: Bid::Farbesolo,
            }) => 2,
            _ => 1,
        };
        let options: Vec<Move> = games
            .iter()
            .flat_map(|m| std::iter::repeat_n(m.clone(), weight(m)))
            .collect();
        if !options.is_empty() {
            return rng.pick(&options).clone();
        }
        return rng.pick(legal).clone();
    }
    if made < 14 {
        let r = rng.below(100);
        if r < 6 && !games.is_empty() {
            return rng.pick(&games).clone();
        }
        // A seat that may not bid a higher game bids an addition or kontra
        // in 22 entries of 100, one that may in 16.
        if r < 22 {
            let valat = Act::Announce {
                bonus: notation::Bonus::Valat,
            };
            let keep_valat = has(&valat) && rng.below(4) == 0;
            let options: Vec<Move> = legal
                .iter()
                .filter(|m| match act(m) {
                    Some(a) if a == valat => keep_valat,
                    Some(
                        Act::Announce { .. }
                        | Act::Contra { .. }
                        | Act::Recontra { .. }
                        | Act::Subcontra { .. },
                    ) => true,
                    _ => false,
                })
                .cloned()
                .collect();
            if !options.is_empty() {
                return rng.pick(&options).clone();
            }
        }
    }
    pick_act(&Act::Continue)
}
