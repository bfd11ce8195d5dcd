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

use std::borrow::Cow;

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
        // The move chosen by its place in the list, copied out of the
        // list once (a move chosen by value was taken apart and put
        // together again on the stack, then read back whole: a
        // store-forwarding stall on every step).
        let i = match legal.first() {
            None => return Err("the game has no legal move before its end".into()),
            Some(_) if legal.len() == 1 => 0,
            Some(Move::Auction { .. }) => bid(rng, &legal),
            Some(Move::Calls { .. }) => {
                let (i, call) = call(rng, &legal, round_calls);
                round_calls += usize::from(call);
                i
            }
            Some(_) => rng.below(legal.len()),
        };
        // The engine's list: the move taken in it by its place
        // (`Game::apply_at`, nothing copied); a list judged is the
        // caller's, the move taken out of it.
        let applied = match legal {
            Cow::Borrowed(_) => game.apply_at(i),
            Cow::Owned(mut judged) => game.apply(judged.swap_remove(i)),
        };
        applied.map_err(|e| e.to_string())?;
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

/// The generator's entry of the auction (the module docs): its place in
/// `legal`.
fn bid(rng: &mut Rng, legal: &[Move]) -> usize {
    let game = |m: &Move| match act(m) {
        Some(Act::Bid { game }) => Some(*game),
        _ => None,
    };
    let pass = legal.iter().position(|m| act(m) == Some(&Act::Pass));
    let Some(pass) = pass else {
        // The forehand must bid (KR-BID-4): caller three times as often.
        let options: Vec<usize> = (0..legal.len())
            .flat_map(|i| {
                let n = if game(&legal[i]) == Some(Game::Caller) {
                    3
                } else {
                    1
                };
                std::iter::repeat_n(i, n)
            })
            .collect();
        return *rng.pick(&options);
    };
    // The higher games sorted by rank only where one of the lowest four
    // is bid (the same draws as ever).
    if legal.iter().any(|m| game(m).is_some()) && rng.below(100) < 30 {
        let mut higher: Vec<usize> = (0..legal.len())
            .filter(|&i| game(&legal[i]).is_some())
            .collect();
        higher.sort_by_key(|&i| game(&legal[i]).and_then(table_rank));
        return higher[rng.below(higher.len().min(4))];
    }
    pass
}

/// The generator's entry of the calls, by its place in `legal`, and
/// whether it is a call of the call round (the module docs); `made`: the
/// call round's calls so far.
fn call(rng: &mut Rng, legal: &[Move], made: usize) -> (usize, bool) {
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
        let i = legal.iter().position(|m| {
            matches!(act(m), Some(Act::Call { card: c, fourth: f }) if *c == card && *f == fourth)
        });
        return (i.expect("a legal king call"), false);
    }
    // The talon: a grind one time in four where it may, else a pile.
    if legal
        .iter()
        .any(|m| is(m, |a| matches!(a, Act::Talon { .. })))
    {
        let grind = legal.iter().position(|m| act(m) == Some(&Act::Grind));
        if let Some(grind) = grind.filter(|_| rng.below(4) == 0) {
            return (grind, false);
        }
        let piles: Vec<usize> = (0..legal.len())
            .filter(|&i| is(&legal[i], |a| matches!(a, Act::Talon { .. })))
            .collect();
        return (*rng.pick(&piles), false);
    }
    // The call round: the seat whose turn it is (the one that may pass).
    let Some(pass) = legal.iter().position(|m| act(m) == Some(&Act::Pass)) else {
        return (rng.below(legal.len()), false);
    };
    let seat = legal[pass].seat();
    let valat = Act::Announce {
        bonus: Bonus::Valat,
    };
    let keep_valat = rng.below(3) == 0;
    let options: Vec<usize> = (0..legal.len())
        .filter(|&i| {
            let m = &legal[i];
            m.seat() == seat && act(m) != Some(&Act::Pass) && (keep_valat || act(m) != Some(&valat))
        })
        .collect();
    if made < 5 && !options.is_empty() && rng.below(100) < 12 {
        return (*rng.pick(&options), true);
    }
    (pass, false)
}
