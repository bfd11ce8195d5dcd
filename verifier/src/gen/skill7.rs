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

use std::borrow::Cow;

use super::{Fixed, Rng};
use crate::game::{Game, Move};
use notation::Seat;
use notation::{Act, Card, Game as Bid, Hand, Item, Record, Span, Tag, Target, Variant};

/// One random legal deal with its claim.
pub fn deal(rng: &mut Rng, index: usize) -> Option<Record> {
    deal_with(rng, index, &Fixed::default()).ok()
}

/// As [`deal`], with some hands fixed.
pub fn deal_with(rng: &mut Rng, index: usize, fixed: &Fixed) -> Result<Record, String> {
    let dealer = (index % 4) as u8;
    let deck: Vec<Card> = Variant::Skill7Tarock.deck().iter().collect();
    let tags = vec![
        Tag::new("Variant", "skill7-tarock"),
        Tag::new("Dealer", dealer.to_string()),
        Tag::new("Players", "North; East; South; West"),
        Tag::new("Rules", "skill7"),
    ];
    let mut game = loop {
        let mut cards = deck.clone();
        rng.shuffle(&mut cards);
        fixed.arrange(&mut cards, |s| s.index() * 10..s.index() * 10 + 10)?;
        let hands = cards
            .chunks(10)
            .enumerate()
            .map(|(s, chunk)| Hand {
                seat: Seat::new(s as u8),
                cards: chunk.iter().copied().map(Item::new).collect(),
                card_comments: Default::default(),
                comments: Vec::new(),
                span: Span::default(),
            })
            .collect();
        let mut record = Record {
            tags: tags.clone(),
            hands,
            ..Record::default()
        };
        // Each hand as a player sorts it (`Card::held_order`).
        super::sort_hands(Variant::Skill7Tarock, &mut record);
        let game = Game::from_record(&record).map_err(|e| e.to_string())?;
        // A cause for a redeal: the deal is over before it starts.
        if !game.is_over() {
            break game;
        }
    };
    let mut entries = 0;
    while !game.is_over() {
        let legal = game.legal_moves();
        let i = match legal.first() {
            Some(Move::Auction { .. }) => None,
            Some(_) if legal.len() == 1 => Some(0),
            Some(_) => Some(rng.below(legal.len())),
            None => return Err("the game has no legal move before its end".into()),
        };
        // A call or a card: taken in the engine's list by its place
        // (`Game::apply_at`, nothing copied); a list judged is the
        // caller's, the move taken out of it.
        if let Some(i) = i {
            written(&legal[i], &mut entries)?;
            let applied = match legal {
                Cow::Borrowed(_) => game.apply_at(i),
                Cow::Owned(mut judged) => game.apply(judged.swap_remove(i)),
            };
            applied.map_err(|e| e.to_string())?;
            continue;
        }
        let mv = auction_choice(rng, &legal, entries);
        drop(legal);
        written(&mv, &mut entries)?;
        game.apply(mv).map_err(|e| e.to_string())?;
    }
    let totals = game.settlement().totals;
    let mut record = game.into_record();
    record.claim = Some(super::claim(&totals));
    Ok(record)
}

/// Whether the generator writes `mv` (an auction entry, counted in
/// `entries`, a call or a card).
fn written(mv: &Move, entries: &mut usize) -> Result<(), String> {
    match mv {
        Move::Auction { .. } => *entries += 1,
        Move::Calls { .. } | Move::Play { .. } => {}
        other => return Err(format!("a move the generator does not write: {other}")),
    }
    Ok(())
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
