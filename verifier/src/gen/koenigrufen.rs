//! Random legal deals of Königrufen (default options), played through
//! [`crate::game::Game`]: the generator holds no rule of its own (issue 25). It deals,
//! lets the game say what is legal at each step ([`crate::game::Game::legal`]) and
//! chooses among it; the claim is the game's settlement. What it chooses,
//! and how often, is its own (the choices of the generator before it, which
//! wrote the rules a second time):
//! - in the auction a seat bids 30 times in 100 when it may bid a higher
//!   game, one of the four lowest it may bid (by the bidding table), else
//!   passes; the forehand that must bid (KR-BID-4) bids caller three times
//!   as often as each other game it may bid;
//! - the king called is any king the bidder may call, alike; "the fourth"
//!   half the time where it may be called;
//! - the bidder grinds one time in four where it may (KR-TALON-2), else
//!   takes either talon pile, alike;
//! - the discard is any legal discard, its cards chosen one by one, each
//!   legal card alike;
//! - in the call round the seat whose turn it is calls 12 times in 100 (in
//!   the round's first five calls), any call it may make alike, valat kept
//!   among them one time in three; else it passes;
//! - a card is any legal card, each alike.

use super::{Fixed, Rng};
use crate::game::{Game as Play, Move};
use crate::koenigrufen::rules::table_rank;
use notation::Seat;
use notation::{Act, Bonus, Card, Cards, Game, Hand, Item, Record, Span, Tag, Variant};

/// One random legal deal with its claim.
pub fn deal(rng: &mut Rng, index: usize) -> Option<Record> {
    deal_with(rng, index, &Fixed::default()).ok()
}

/// As [`deal`], with some hands fixed.
pub fn deal_with(rng: &mut Rng, index: usize, fixed: &Fixed) -> Result<Record, String> {
    let dealer = (index % 4) as u8;
    let mut deck: Vec<Card> = Variant::Koenigrufen.deck().iter().collect();
    rng.shuffle(&mut deck);
    fixed.arrange(&mut deck, |s| s.index() * 12..s.index() * 12 + 12)?;
    let record = Record {
        tags: vec![
            Tag::new("Variant", "koenigrufen"),
            Tag::new("Dealer", dealer.to_string()),
            Tag::new("Players", "Anna; Bert; Cara; Dirk"),
        ],
        hands: (0..4)
            .map(|s| Hand {
                seat: Seat::new(s as u8),
                cards: items(&deck[s * 12..s * 12 + 12]),
                card_comments: Default::default(),
                comments: Vec::new(),
                span: Span::default(),
            })
            .collect(),
        talon: Some(Cards {
            cards: items(&deck[48..]),
            card_comments: Default::default(),
            comments: Vec::new(),
            span: Span::default(),
        }),
        ..Record::default()
    };
    let mut game = Play::from_record(&record).map_err(|e| e.to_string())?;
    // The entries of the call round made so far.
    let mut round_calls = 0;
    while !game.is_over() {
        let legal = game.legal_moves();
        let mv = match legal.first() {
            None => return Err("the game has no legal move before its end".into()),
            Some(_) if legal.len() == 1 => legal[0].clone(),
            Some(Move::Auction { .. }) => bid(rng, &legal),
            Some(Move::Calls { .. }) => {
                let (mv, call) = call(rng, &legal, round_calls);
                round_calls += usize::from(call);
                mv
            }
            Some(_) => rng.pick(&legal).clone(),
        };
        drop(legal);
        game.apply(mv).map_err(|e| e.to_string())?;
    }
    let totals = game.settlement().totals;
    if totals.len() != 4 {
        return Err("the deal is not settled".into());
    }
    let mut record = game.into_record();
    record.claim = Some(super::claim(&totals[..4]));
    Ok(record)
}

fn items(cards: &[Card]) -> Vec<Item> {
    cards.iter().copied().map(Item::new).collect()
}

fn act(m: &Move) -> Option<&Act> {
    match m {
        Move::Auction { act, .. } | Move::Calls { act, .. } => Some(act),
        _ => None,
    }
}

/// The generator's entry of the auction (the module docs).
fn bid(rng: &mut Rng, legal: &[Move]) -> Move {
    let game = |m: &Move| match act(m) {
        Some(Act::Bid { game }) => Some(*game),
        _ => None,
    };
    let pass = legal.iter().find(|m| act(m) == Some(&Act::Pass));
    let Some(pass) = pass else {
        // The forehand must bid (KR-BID-4): caller three times as often.
        let options: Vec<&Move> = legal
            .iter()
            .flat_map(|m| {
                let n = if game(m) == Some(Game::Caller) { 3 } else { 1 };
                std::iter::repeat_n(m, n)
            })
            .collect();
        return (*rng.pick(&options)).clone();
    };
    let mut higher: Vec<&Move> = legal.iter().filter(|m| game(m).is_some()).collect();
    higher.sort_by_key(|m| game(m).and_then(table_rank));
    if !higher.is_empty() && rng.below(100) < 30 {
        return higher[rng.below(higher.len().min(4))].clone();
    }
    pass.clone()
}

/// The generator's entry of the calls, and whether it is a call of the
/// call round (the module docs); `made`: the call round's calls so far.
fn call(rng: &mut Rng, legal: &[Move], made: usize) -> (Move, bool) {
    let is = |m: &Move, f: fn(&Act) -> bool| act(m).is_some_and(f);
    // The king call: a king alike, then "the fourth" half the time.
    let kings: Vec<Card> = legal
        .iter()
        .filter_map(|m| match act(m) {
            Some(Act::Call { card, .. }) => Some(*card),
            _ => None,
        })
        .collect();
    if !kings.is_empty() {
        let mut distinct = kings.clone();
        distinct.dedup();
        let card = *rng.pick(&distinct);
        let both = kings.iter().filter(|&&k| k == card).count() > 1;
        let fourth = both && rng.below(2) == 0;
        let mv = legal.iter().find(|m| {
            matches!(act(m), Some(Act::Call { card: c, fourth: f }) if *c == card && *f == fourth)
        });
        return (mv.expect("a legal king call").clone(), false);
    }
    // The talon: a grind one time in four where it may, else a pile.
    if legal
        .iter()
        .any(|m| is(m, |a| matches!(a, Act::Talon { .. })))
    {
        let grind = legal.iter().find(|m| act(m) == Some(&Act::Grind));
        if let Some(grind) = grind.filter(|_| rng.below(4) == 0) {
            return (grind.clone(), false);
        }
        let piles: Vec<&Move> = legal
            .iter()
            .filter(|m| is(m, |a| matches!(a, Act::Talon { .. })))
            .collect();
        return ((*rng.pick(&piles)).clone(), false);
    }
    // The call round: the seat whose turn it is (the one that may pass).
    let Some(pass) = legal.iter().find(|m| act(m) == Some(&Act::Pass)) else {
        return (rng.pick(legal).clone(), false);
    };
    let seat = pass.seat();
    let valat = Act::Announce {
        bonus: Bonus::Valat,
    };
    let keep_valat = rng.below(3) == 0;
    let options: Vec<&Move> = legal
        .iter()
        .filter(|m| m.seat() == seat && act(m) != Some(&Act::Pass))
        .filter(|m| keep_valat || act(m) != Some(&valat))
        .collect();
    if made < 5 && !options.is_empty() && rng.below(100) < 12 {
        return ((*rng.pick(&options)).clone(), true);
    }
    (pass.clone(), false)
}
