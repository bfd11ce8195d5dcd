//! Random legal deals of French Tarot, played through [`Game`]: the
//! generator holds no rule of its own (issue 25). It deals 18 × 4 and a
//! dog of 6, lets the game say what is legal at each step ([`Game::legal`])
//! and chooses among it; the claim is the game's settlement. What it
//! chooses, and how often, is its own (as before the game, spec/gen.md):
//! - now and then (1 in 40) the first bidder is dealt T5..T21 and the
//!   excuse, bids, and plays for a slam (keeping the excuse while another
//!   card is legal);
//! - each seat in turn bids in 40 of 100 turns where it may bid, one step
//!   above the bid standing or two, alike; otherwise it passes;
//! - the taker lays away cards other than trumps while any is legal, each
//!   alike, then trumps;
//! - the taker declares a slam one time in 25 (one in 2 when playing for
//!   it); each seat that may show a handful does in 2 of 3, of a size it
//!   may show, each alike, showing trumps while any is legal (the excuse
//!   last), one card more half the time where Option `handful_exact =
//!   false` lets it;
//! - a card is any legal card, each alike;
//! - the options: each alternative one deal in 8.
//!
//! A deal where a hand holds the petit bare is over before its auction
//! (FR-DEAL-2): it deals again.

use std::borrow::Cow;

use super::{Fixed, Rng};
use crate::game::{Game, Move};
use notation::{
    Act, Card, Cards, Game as Bid, Hand, HandfulSize, Item, Record, Seat, Span, Tag, Variant,
};

/// One random legal deal; the dealer is seat `index % 4`.
pub fn deal(rng: &mut Rng, index: usize) -> Option<Record> {
    deal_with(rng, index, &Fixed::default()).ok()
}

/// As [`deal`], with some hands fixed.
pub fn deal_with(rng: &mut Rng, index: usize, fixed: &Fixed) -> Result<Record, String> {
    let dealer = Seat::new((index % 4) as u8);
    let pack: Vec<Card> = Variant::FrenchTarot.deck().iter().collect();
    // Now and then the first bidder is dealt T5..T21 and the excuse, and
    // plays for a slam (keeping the excuse for the last trick).
    let strong = rng.below(40) == 0 && fixed.is_empty();
    let strong_seat = (dealer.next(4)).index();
    // Shuffle until the deal is played: a hand holding the petit bare
    // ends it before the auction (FR-DEAL-2), as the game says.
    let shuffle = |rng: &mut Rng| -> Result<(Vec<Vec<Card>>, Vec<Card>), String> {
        let mut cards = pack.clone();
        rng.shuffle(&mut cards);
        fixed.arrange(&mut cards, |s| s.index() * 18..s.index() * 18 + 18)?;
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
        Ok((hands, cards[72..].to_vec()))
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

    let dealt = |hands: &[Vec<Card>], dog: &[Card]| {
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
                seat: Seat::new(s as u8),
                cards: items(h),
                card_comments: Default::default(),
                comments: Vec::new(),
                span: Span::default(),
            });
        }
        record.talon = Some(Cards {
            cards: items(dog),
            card_comments: Default::default(),
            comments: Vec::new(),
            span: Span::default(),
        });
        record
    };
    let mut game = loop {
        let (hands, dog) = shuffle(rng)?;
        let game = Game::from_record(&dealt(&hands, &dog)).map_err(|e| e.to_string())?;
        if !game.is_over() {
            break game;
        }
    };
    let playing_for_slam = |taker: Seat| strong && taker.index() == strong_seat;

    // The auction: each player once, passing or bidding higher. The lists
    // are read as the game made them (no copy of them).
    loop {
        let legal = game.legal_moves();
        let Some(&Move::Auction { seat, .. }) = legal.first() else {
            break;
        };
        let mut bids: Vec<(usize, Move)> = legal
            .iter()
            .filter_map(|m| match m {
                Move::Auction {
                    seat: s,
                    act: Act::Bid { game },
                } if *s == seat => Some((level(*game), m.clone())),
                _ => None,
            })
            .collect();
        drop(legal);
        bids.sort_by_key(|b| b.0);
        let bid = !bids.is_empty() && (rng.below(100) < 40 || playing_for_slam(seat));
        let mv = if bid {
            // Mostly one step up, sometimes two.
            let step = rng.below(2).min(bids.len() - 1);
            bids.swap_remove(step).1
        } else {
            Move::Auction {
                seat,
                act: Act::Pass,
            }
        };
        game.apply(mv).map_err(|e| e.to_string())?;
    }

    // The discard: cards other than trumps while any is legal.
    loop {
        let legal = game.legal_moves();
        if !matches!(legal.first(), Some(Move::Discard { .. })) {
            break;
        }
        let plain: Vec<usize> = (0..legal.len())
            .filter(|&i| matches!(legal[i], Move::Discard { card, .. } if !card.is_trump()))
            .collect();
        let index = if plain.is_empty() {
            rng.below(legal.len())
        } else {
            *rng.pick(&plain)
        };
        let applied = match legal {
            Cow::Borrowed(_) => game.apply_at(index),
            Cow::Owned(mut judged) => game.apply(judged.swap_remove(index)),
        };
        applied.map_err(|e| e.to_string())?;
    }
    let legal = game.legal();

    // Declarations: now and then a slam, handfuls when held.
    let taker = legal.iter().find_map(|m| match m {
        Move::Declare {
            seat,
            act: Act::Slam,
        } => Some(*seat),
        _ => None,
    });
    if let Some(taker) = taker {
        let slam = if playing_for_slam(taker) {
            rng.below(2) == 0
        } else {
            rng.below(25) == 0
        };
        if slam {
            game.apply(Move::Declare {
                seat: taker,
                act: Act::Slam,
            })
            .map_err(|e| e.to_string())?;
        }
    }
    for k in 1..=4 {
        let seat = dealer.after(k, 4);
        // The sizes the game lets the seat show (a slam or another seat's
        // handful changes none of them).
        let mut sizes: Vec<HandfulSize> = Vec::new();
        for m in &legal {
            if let Move::Handful { seat: s, size, .. } = m {
                if *s == seat && !sizes.contains(size) {
                    sizes.push(*size);
                }
            }
        }
        show_handful(&mut game, rng, seat, &sizes, loose_handful)?;
    }

    // The play: any legal card, taken by its place in the game's list
    // (`Game::apply_at`: not copied out, nor searched for again).
    while !game.is_over() {
        let listed = game.legal_moves();
        let slammer = taker.filter(|&t| playing_for_slam(t));
        let index =
            if listed.len() > 1 && listed.first().map(|m| m.seat()) == slammer && slammer.is_some()
            {
                let legal: Vec<usize> = (0..listed.len())
                    .filter(|&i| !matches!(listed[i], Move::Play { card, .. } if card.is_fool()))
                    .collect();
                match legal.len() {
                    0 => return Err("the game has no legal move before its end".into()),
                    _ => *rng.pick(&legal),
                }
            } else {
                // The list as the game made it (no copy of it).
                match listed.len() {
                    0 => return Err("the game has no legal move before its end".into()),
                    n => rng.below(n),
                }
            };
        // The engine's list: the move taken in it by its place; a list
        // judged is the caller's, the move taken out of it.
        let applied = match listed {
            Cow::Borrowed(_) => game.apply_at(index),
            Cow::Owned(mut judged) => game.apply(judged.swap_remove(index)),
        };
        applied.map_err(|e| e.to_string())?;
    }
    let totals = game.settlement().totals;
    let mut record = game.into_record();
    let mut scores = [0; 4];
    for (s, t) in scores.iter_mut().zip(&totals) {
        *s = *t;
    }
    record.claim = Some(super::claim(&scores));
    Ok(record)
}

/// The order of a bid among the four (take lowest).
fn level(game: Bid) -> usize {
    [Bid::Take, Bid::Guard, Bid::GuardWithout, Bid::GuardAgainst]
        .iter()
        .position(|&g| g == game)
        .unwrap_or(4)
}

/// A handful by `seat`, in 2 deals of 3 where the game lets it show one:
/// a size it may show, each alike, then trumps while any is legal (the
/// excuse last), card by card until the game has written it; one card more
/// half the time where the game lets the handful grow (`loose`: Option
/// `handful_exact = false`).
fn show_handful(
    game: &mut Game,
    rng: &mut Rng,
    seat: Seat,
    sizes: &[HandfulSize],
    loose: bool,
) -> Result<(), String> {
    let cards_of = |game: &Game, size: HandfulSize| -> Vec<Card> {
        game.legal_moves()
            .iter()
            .filter_map(|m| match *m {
                Move::Handful {
                    seat: s,
                    size: z,
                    card,
                } if s == seat && z == size => Some(card),
                _ => None,
            })
            .collect()
    };
    if sizes.is_empty() || rng.below(3) == 0 {
        return Ok(());
    }
    let size = *rng.pick(sizes);
    let written = |game: &Game| {
        game.record()
            .declarations
            .as_ref()
            .and_then(|d| d.actions.last())
            .is_some_and(|a| {
                a.seat == seat && matches!(a.act, Act::Handful { size: z, .. } if z == size)
            })
    };
    let mut more = false;
    loop {
        let cards = cards_of(game, size);
        if cards.is_empty() {
            break;
        }
        if written(game) {
            // Written: one card more, half the time, where it may grow.
            if !loose || more || rng.below(2) != 0 {
                break;
            }
            more = true;
        }
        let trumps: Vec<Card> = cards.iter().copied().filter(|c| !c.is_fool()).collect();
        let card = if trumps.is_empty() {
            cards[0]
        } else {
            *rng.pick(&trumps)
        };
        game.apply(Move::Handful { seat, size, card })
            .map_err(|e| e.to_string())?;
        if more {
            break;
        }
    }
    Ok(())
}

fn items(cards: &[Card]) -> Vec<Item> {
    cards.iter().map(|c| Item::new(*c)).collect()
}
