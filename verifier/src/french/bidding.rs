//! Bidding (FR-BID-1..4): the four contracts and their multipliers, one
//! bid or pass per player from the dealer's right, each bid above the bids
//! before it in the record; a second entry ignored, a silent player one
//! `illegal-bid`, an entry before an earlier player's turn `out-of-turn`;
//! the highest bidder takes, and four passes leave the deal unplayed.

use notation::Kind;
use notation::Rule;
use notation::{Act, Action, Actions, Game, PerSeat, Problem, Seat};

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

/// FR-BID-1..4.
pub(super) fn auction(deal: &Deal<'_>, g: &mut State, out: &mut Writer) {
    let record = deal.record;
    // Whether the record goes on past the auction (FR-BID-2, FR-BID-3).
    let goes_on = record.calls.is_some()
        || record.discard.is_some()
        || record.declarations.is_some()
        || !record.tricks.is_empty();
    let Some(auction) = &record.auction else {
        no_auction(deal, goes_on, g, out);
        return;
    };
    let first = g.first_bidder();
    // Each seat's first entry, by its place in the record (FR-BID-4 looks
    // ahead for it).
    let mut first_entry: PerSeat<usize> = PerSeat::from_fn(SEATS, |_| usize::MAX);
    for (i, a) in auction.actions.iter().enumerate() {
        if a.seat.number() < SEATS && first_entry[a.seat] == usize::MAX {
            first_entry[a.seat] = i;
        }
    }
    let mut spoke: PerSeat<bool> = PerSeat::new(SEATS);
    let mut best: Option<(Seat, Contract)> = None;
    for (i, a) in auction.actions.iter().enumerate() {
        if a.seat.number() >= SEATS {
            continue;
        }
        let seat = a.seat;
        if spoke[seat] {
            // FR-BID-2 (amended): a second entry is illegal and ignored.
            out.fault(
                Problem::new(Kind::IllegalBid, format!("seat {seat} speaks a second time"))
                    .rule(Rule::FrBid2)
                    .seat(seat)
                    .at(a.span, "second bid by this player")
                    .help("each player speaks exactly once: he passes or bids higher than every bid before him; a second entry is ignored"),
            );
            continue;
        }
        spoke_before_his_turn(a, i, first, &first_entry, out);
        spoke[seat] = true;
        bid_must_rise(a, &mut best, out);
    }
    // FR-BID-2: when the record stops in the auction, the players after the
    // last one who speaks (in bidding order) are not reached.
    let reached = if goes_on {
        usize::from(SEATS)
    } else {
        Seat::all(SEATS)
            .filter(|&s| spoke[s])
            .map(|s| place(s, first) + 1)
            .max()
            .unwrap_or(0)
    };
    everyone_speaks(auction, first, &spoke, reached, out);
    if best.is_none() && reached < usize::from(SEATS) {
        // Cut short before everyone was reached: not four passes, an
        // incomplete record (FR-PLAY-7).
        g.incomplete = true;
        return;
    }
    name_the_taker(deal, best, goes_on, g, out);
}

/// A seat's place in the bidding order: 0 for the player on the dealer's
/// right (FR-BID-2).
fn place(seat: Seat, first: Seat) -> usize {
    seat.since(first, SEATS)
}

/// A record without an auction: it stops before the deal is played
/// (FR-PLAY-7), or it goes on and no one's bid is known (FR-BID-2).
fn no_auction(deal: &Deal<'_>, goes_on: bool, g: &mut State, out: &mut Writer) {
    out.rule(
        Moment::Auction,
        Rule::FrBid2,
        "the record has no auction: the taker is unknown and the deal is not scored",
    );
    if !goes_on {
        g.incomplete = true;
        return;
    }
    let record = deal.record;
    out.fault(
        Problem::new(
            Kind::IllegalBid,
            "the record has no auction, yet the deal goes on: no player's bid is known",
        )
        .rule(Rule::FrBid2)
        .at(record.span, "no `auction:` line")
        .help("each of the four players speaks once, from the dealer's right: write the auction, `pass` for a player who passes"),
    );
}

/// FR-BID-4: an entry made while a player before him in the bidding order
/// has not spoken yet and speaks later in the record is out of turn. A
/// player who never speaks is not waited for. The entry still counts.
fn spoke_before_his_turn(
    a: &Action,
    i: usize,
    first: Seat,
    first_entry: &PerSeat<usize>,
    out: &mut Writer,
) {
    let seat = a.seat;
    let Some(skipped) = (0..place(seat, first))
        .map(|k| first.after(k, SEATS))
        .find(|&p| first_entry[p] != usize::MAX && first_entry[p] > i)
    else {
        return;
    };
    out.fault(
        Problem::new(
            Kind::OutOfTurn,
            format!("seat {seat} speaks out of turn, before seat {skipped}, whose turn came first"),
        )
        .rule(Rule::FrBid4)
        .seat(seat)
        .at(a.span, "not this player's turn")
        .help("bidding starts on the dealer's right and goes once round the table; the entry still counts as this player's bid"),
    );
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
                    .rule(Rule::FrBid1)
                    .seat(seat)
                    .at(a.span, "not a bid of this game")
                    .help("the bids are take, guard, guard-without and guard-against"),
            ),
            Some(c) => match *best {
                Some((_, b)) if !rises(c, Some(b)) => out.fault(
                    Problem::new(
                        Kind::IllegalBid,
                        format!("seat {seat} bids {}, not above the {} standing", c.word(), b.word()),
                    )
                    .rule(Rule::FrBid2)
                    .seat(seat)
                    .at(a.span, "not above the bid standing")
                    .help("a bid must be strictly higher than every bid before it; it counts as a pass"),
                ),
                _ => *best = Some((seat, c)),
            },
        },
        _ => out.fault(
            Problem::new(Kind::IllegalBid, "only bids and passes belong in the auction")
                .rule(Rule::FrBid2)
                .seat(seat)
                .at(a.span, "not a bid")
                .help("write a slam or a handful in `declare:`"),
        ),
    }
}

/// FR-BID-2: a bid rises when it is strictly above the bid standing.
pub(super) fn rises(c: Contract, best: Option<Contract>) -> bool {
    best.is_none_or(|b| c > b)
}

/// FR-BID-2 (amended): a player who never speaks is one `illegal-bid`,
/// unless a player before him in the bidding order bid a guard against
/// (nothing but a pass was open to him), or the record stops in the auction
/// before his turn (`reached`: the places in bidding order reached).
fn everyone_speaks(
    auction: &Actions,
    first: Seat,
    spoke: &PerSeat<bool>,
    reached: usize,
    out: &mut Writer,
) {
    // The place of the first guard against bid as a first entry.
    let mut firsts: PerSeat<bool> = PerSeat::new(SEATS);
    let mut against = usize::from(SEATS);
    for a in &auction.actions {
        if a.seat.number() >= SEATS || std::mem::replace(&mut firsts[a.seat], true) {
            continue;
        }
        if matches!(a.act, Act::Bid { game } if Contract::from_game(game) == Some(Contract::GuardAgainst))
        {
            against = against.min(place(a.seat, first));
        }
    }
    for k in 0..reached {
        let seat = first.after(k, SEATS);
        if spoke[seat] || against < k {
            continue;
        }
        out.fault(
            Problem::new(
                Kind::IllegalBid,
                format!("seat {seat} did not bid"),
            )
            .rule(Rule::FrBid2)
            .seat(seat)
            .at(auction.span, "no entry by this player")
            .help("each of the four players speaks once, from the dealer's right; write `pass` for a player who passes"),
        );
    }
}

/// FR-BID-1: the highest bidder takes; FR-BID-3: four passes, no deal, and
/// a record that goes on after them is one `other`, after which nothing is
/// judged.
fn name_the_taker(
    deal: &Deal<'_>,
    best: Option<(Seat, Contract)>,
    goes_on: bool,
    g: &mut State,
    out: &mut Writer,
) {
    match best {
        None => {
            g.all_passed = true;
            out.rule(
                Moment::Auction,
                Rule::FrBid3,
                "all four passed: the deal is not played and scores 0",
            );
            if goes_on {
                g.played_after_passes = true;
                out.fault(after_four_passes(deal.record));
            }
        }
        Some((seat, c)) => {
            g.taker = Some(seat);
            g.contract = Some(c);
            out.rule(
                Moment::Auction,
                Rule::FrBid1,
                format_args!(
                    "seat {seat} takes with a {} (multiplier {})",
                    c.word(),
                    c.multiplier()
                ),
            );
        }
    }
}

/// FR-BID-3 (amended): one `other`, with no seat, at trick 1 when tricks
/// are recorded.
fn after_four_passes(record: &notation::Record) -> Problem {
    let p = Problem::new(
        Kind::Other,
        "the record goes on after four passes: the deal is not played, and nothing after the auction is judged",
    )
    .rule(Rule::FrBid3)
    .help("when all four pass, the deal is not played and scores 0; the next dealer deals");
    if let Some(t) = record.tricks.first() {
        return p.trick(1).at(t.span, "played although no one took");
    }
    let span = [
        record.calls.as_ref().map(|c| c.span),
        record.discard.as_ref().map(|d| d.span),
        record.declarations.as_ref().map(|d| d.span),
    ]
    .into_iter()
    .flatten()
    .next()
    .unwrap_or(record.span);
    p.at(span, "no one took")
}
