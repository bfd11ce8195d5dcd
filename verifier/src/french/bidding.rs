//! Bidding (FR-BID-1..3): the four contracts and their multipliers, one
//! bid or pass per player from the dealer's right, each bid above the one
//! standing; the highest bidder takes, and four passes leave the deal
//! unplayed.

use notation::Kind;
use notation::{Act, Action, Actions, Game, Problem, Seat};

use super::state::{State, Writer};
use super::SEATS;
use crate::{Deal, Moment};

/// The four contracts, in ascending order (FR-BID-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Contract {
    Take,
    Guard,
    GuardWithout,
    GuardAgainst,
}

impl Contract {
    pub fn from_game(game: Game) -> Option<Contract> {
        match game {
            Game::Take => Some(Contract::Take),
            Game::Guard => Some(Contract::Guard),
            Game::GuardWithout => Some(Contract::GuardWithout),
            Game::GuardAgainst => Some(Contract::GuardAgainst),
            _ => None,
        }
    }

    /// FR-BID-1.
    pub fn multiplier(self) -> i64 {
        match self {
            Contract::Take => 1,
            Contract::Guard => 2,
            Contract::GuardWithout => 4,
            Contract::GuardAgainst => 6,
        }
    }

    pub fn word(self) -> &'static str {
        match self {
            Contract::Take => "take",
            Contract::Guard => "guard",
            Contract::GuardWithout => "guard without",
            Contract::GuardAgainst => "guard against",
        }
    }

    /// Whether the taker takes the dog and discards (FR-DOG-1).
    pub fn has_discard(self) -> bool {
        self <= Contract::Guard
    }
}

/// FR-BID-1..3.
pub(super) fn auction(deal: &Deal<'_>, g: &mut State, out: &mut Writer) {
    let Some(auction) = &deal.record.auction else {
        out.rule(
            Moment::Auction,
            "FR-BID-2",
            "the record has no auction: the taker is unknown and the deal is not scored",
        );
        return;
    };
    let mut spoke = [false; 4];
    let first = g.first_bidder();
    let mut best: Option<(Seat, Contract)> = None;
    for a in &auction.actions {
        if a.seat >= SEATS {
            continue;
        }
        let seat = a.seat;
        if spoke[seat as usize] {
            out.fault(
                Problem::new(Kind::IllegalBid, format!("seat {seat} speaks a second time"))
                    .rule("FR-BID-2")
                    .seat(seat)
                    .at(a.span, "second bid by this player")
                    .help("each player speaks exactly once: he passes or bids higher than every bid before him"),
            );
            continue;
        }
        must_speak_in_turn(a, first, &spoke, out);
        spoke[seat as usize] = true;
        bid_must_rise(a, &mut best, out);
    }
    everyone_speaks(auction, &spoke, best, out);
    name_the_taker(deal, best, g, out);
}

/// FR-BID-2: bidding goes once round the table from the dealer's right.
fn must_speak_in_turn(a: &Action, first: Seat, spoke: &[bool; 4], out: &mut Writer) {
    let seat = a.seat;
    // The first player in bidding order who has not spoken yet.
    let next = (0..SEATS)
        .map(|k| (first + k) % SEATS)
        .find(|s| !spoke[*s as usize])
        .unwrap_or(first);
    if seat != next {
        out.fault(
            Problem::new(
                Kind::OutOfTurn,
                format!("seat {seat} bids out of turn; seat {next} was to speak"),
            )
            .rule("FR-BID-2")
            .seat(seat)
            .at(a.span, "not this player's turn")
            .help("bidding starts on the dealer's right and goes once round the table"),
        );
    }
}

/// FR-BID-1/-2: a bid of this game, strictly above every bid before it; an
/// illegal bid counts as a pass.
fn bid_must_rise(a: &Action, best: &mut Option<(Seat, Contract)>, out: &mut Writer) {
    let seat = a.seat;
    match &a.act {
        Act::Pass => {}
        Act::Bid { game } => match Contract::from_game(*game) {
            None => out.fault(
                Problem::new(Kind::IllegalBid, format!("`{}` is not a French Tarot bid", game.word()))
                    .rule("FR-BID-1")
                    .seat(seat)
                    .at(a.span, "not a bid of this game")
                    .help("the bids are take, guard, guard-without and guard-against"),
            ),
            Some(c) => match *best {
                Some((_, b)) if c <= b => out.fault(
                    Problem::new(
                        Kind::IllegalBid,
                        format!("seat {seat} bids {}, not above the {} standing", c.word(), b.word()),
                    )
                    .rule("FR-BID-2")
                    .seat(seat)
                    .at(a.span, "not above the bid standing")
                    .help("a bid must be strictly higher than every bid before it; it counts as a pass"),
                ),
                _ => *best = Some((seat, c)),
            },
        },
        _ => out.fault(
            Problem::new(Kind::IllegalBid, "only bids and passes belong in the auction")
                .rule("FR-BID-2")
                .seat(seat)
                .at(a.span, "not a bid")
                .help("write a slam or a handful in `declare:`"),
        ),
    }
}

/// FR-BID-2: each player speaks once (after a guard against, the higher
/// bids are none, so a silent player lost nothing).
fn everyone_speaks(
    auction: &Actions,
    spoke: &[bool; 4],
    best: Option<(Seat, Contract)>,
    out: &mut Writer,
) {
    let silent: Vec<Seat> = (0..SEATS).filter(|s| !spoke[*s as usize]).collect();
    if !silent.is_empty() && best.map(|b| b.1) != Some(Contract::GuardAgainst) {
        let who: Vec<String> = silent.iter().map(|s| s.to_string()).collect();
        out.fault(
            Problem::new(
                Kind::IllegalBid,
                format!("seat {} did not speak in the auction", who.join(", ")),
            )
            .rule("FR-BID-2")
            .seat(silent[0])
            .at(auction.span, "an incomplete auction")
            .help("each of the four players speaks once; write `pass` for a player who passes"),
        );
    }
}

/// FR-BID-1: the highest bidder takes; FR-BID-3: four passes, no deal.
fn name_the_taker(
    deal: &Deal<'_>,
    best: Option<(Seat, Contract)>,
    g: &mut State,
    out: &mut Writer,
) {
    match best {
        None => {
            g.all_passed = true;
            out.rule(
                Moment::Auction,
                "FR-BID-3",
                "all four passed: the deal is not played and scores 0",
            );
            if let Some(t) = deal.record.tricks.first() {
                out.fault(
                    Problem::new(Kind::Other, "cards were played after four passes")
                        .rule("FR-BID-3")
                        .trick(1)
                        .at(t.span, "no one took")
                        .help("when all four pass, the deal is not played; the next dealer deals"),
                );
            }
        }
        Some((seat, c)) => {
            g.taker = Some(seat);
            g.contract = Some(c);
            out.rule(
                Moment::Auction,
                "FR-BID-1",
                format_args!(
                    "seat {seat} takes with a {} (multiplier {})",
                    c.word(),
                    c.multiplier()
                ),
            );
        }
    }
}
