//! The auction (KR-BID-1..8): who speaks when, which bid may follow which,
//! the forehand's games and its forced bid, the holdings a bid needs, and
//! the game that wins the auction.

use notation::Kind;
use notation::{Act, Action, Game, Problem};

use super::out::on_entry;
use super::rules::*;
use super::Replay;
use crate::Moment;

/// The auction so far.
#[derive(Debug, Clone, Copy)]
struct Bidding {
    passed: [bool; 4],
    /// The bid standing: its rank in the table, the game, the seat.
    high: Option<(u8, Game, u8)>,
    /// Whether a seat other than the forehand has bid (KR-BID-3).
    other_bid: bool,
    /// The seat whose turn it is.
    next: u8,
    ended: bool,
    /// The forehand passed where it had to bid (KR-BID-7).
    no_game: bool,
}

impl Replay<'_> {
    /// KR-BID-1..7. Returns whether there is a game to play.
    pub(super) fn auction(&mut self) -> bool {
        let rec = self.rec;
        let Some(a) = &rec.auction else {
            if !rec.tricks.is_empty() || rec.calls.is_some() {
                self.out.push(
                    Problem::new(
                        Kind::Other,
                        "the record has no auction, so no game is known",
                    )
                    .rule("KR-BID-1")
                    .at(rec.tags[0].span, "in this record")
                    .help("write the bids: `auction: 1 pass, 2 three, 3 pass, 0 pass`"),
                );
            }
            return false;
        };
        let mut st = Bidding {
            passed: [false; 4],
            high: None,
            other_bid: false,
            next: (self.state.forehand + 1) % 4,
            ended: false,
            no_game: false,
        };
        for act in &a.actions {
            self.auction_turn(act, &mut st);
        }
        self.auction_result(a, &st)
    }

    /// What the auction leaves: the game and its bidder (KR-BID-4, 7).
    fn auction_result(&mut self, a: &notation::Actions, st: &Bidding) -> bool {
        let Bidding {
            high,
            ended,
            no_game,
            ..
        } = *st;
        if no_game {
            self.out.event(
                Moment::Auction,
                "KR-BID-7",
                "the forehand passed where it had to bid: no game, the deal is not scored",
            );
            return false;
        }
        let Some((_, game, seat)) = high else {
            self.out.push(
                Problem::new(Kind::Other, "the auction names no game")
                    .rule("KR-BID-4")
                    .at(a.span, "no bid")
                    .help("the auction ends with three passes and one bid; if the three others pass, the forehand must bid"),
            );
            return false;
        };
        if !ended {
            self.out.push(
                Problem::new(
                    Kind::Other,
                    "the auction is not finished: fewer than three seats have passed",
                )
                .rule("KR-BID-4")
                .at(a.span, "auction")
                .help("the auction ends as soon as three seats have passed"),
            );
        }
        self.state.bidder = seat;
        self.state.game = Some(game);
        if !is_caller(game) {
            self.state.partner = None;
        }
        self.out.event(
            Moment::Auction,
            "KR-BID-4",
            format_args!("seat {seat} plays {}", game.word()),
        );
        true
    }

    /// One entry of the auction (KR-BID-1, 4, 7).
    fn auction_turn(&mut self, act: &Action, st: &mut Bidding) {
        let fh = self.state.forehand;
        let s = act.seat;
        if s >= 4 {
            return;
        }
        if st.ended {
            self.out.push(
                Problem::new(
                    Kind::OutOfTurn,
                    format!("seat {s} speaks after the auction has ended"),
                )
                .rule("KR-BID-4")
                .seat(s)
                .at(act.span, "after the end")
                .help("the auction ends as soon as three seats have passed"),
            );
            return;
        }
        if s != st.next {
            let next = st.next;
            self.out.push(
                Problem::new(
                    Kind::OutOfTurn,
                    format!("seat {s} speaks, but it is seat {next}'s turn to bid"),
                )
                .rule("KR-BID-1")
                .seat(s)
                .at(act.span, format!("seat {next} speaks here"))
                .help("bidding starts after the forehand and goes round in seat order; a seat that passed is out"),
            );
        }
        match act.act {
            Act::Pass => {
                if !self.auction_pass(act, st) {
                    return;
                }
            }
            Act::Bid { game } => {
                self.bid(act, game, s, &st.passed, st.high, st.other_bid);
                if !is_game(game) {
                    st.next = next_open(s, &st.passed);
                    return;
                }
                st.passed[s as usize] = false;
                st.high = Some((table_rank(game).unwrap_or(0), game, s));
                if s != fh {
                    st.other_bid = true;
                }
            }
            _ => {
                self.out.push(
                    Problem::new(
                        Kind::IllegalBid,
                        "only bids and passes belong in the auction",
                    )
                    .rule("KR-BID-1")
                    .seat(s)
                    .at(act.span, "not a bid")
                    .help("king calls, talon choices and announcements go in `calls:`"),
                );
            }
        }
        let npassed = st.passed.iter().filter(|&&p| p).count();
        if npassed >= 3 && st.high.is_some() {
            st.ended = true;
        }
        st.next = next_open(s, &st.passed);
    }

    /// A pass (KR-BID-1), or the forehand's pass where it must bid
    /// (KR-BID-4, 7), which ends the auction with no game. Returns whether
    /// the auction goes on as after any pass.
    fn auction_pass(&mut self, act: &Action, st: &mut Bidding) -> bool {
        let s = act.seat;
        let fh = self.state.forehand;
        let others_passed = (0..4u8).filter(|&o| o != fh).all(|o| st.passed[o as usize]);
        if s == fh && st.high.is_none() && others_passed {
            self.out.push(
                Problem::new(
                    Kind::IllegalBid,
                    "the forehand passes after the three others passed; it must bid",
                )
                .rule("KR-BID-4")
                .seat(s)
                .at(act.span, "the forehand must bid here")
                .help("when all three others pass, the forehand must bid a game (caller, six threes, trischaken or any game of the table)"),
            );
            st.ended = true;
            st.no_game = true;
            return false;
        }
        st.passed[s as usize] = true;
        true
    }

    /// The checks of one bid (KR-BID-1, 2, 3, 5, 6).
    fn bid(
        &mut self,
        act: &Action,
        game: Game,
        s: u8,
        passed: &[bool; 4],
        high: Option<(u8, Game, u8)>,
        other_bid: bool,
    ) {
        if !is_game(game) {
            self.out.push(illegal_bid(
                act,
                format!("`{}` is not a game of Königrufen", game.word()),
                "KR-BID-2",
                "not a Königrufen game",
                "the games are those of the bidding table and the forehand's caller, six-threes and trischaken",
            ));
            return;
        }
        if passed[s as usize] {
            self.out.push(illegal_bid(
                act,
                format!("seat {s} bids {} after it passed", game.word()),
                "KR-BID-1",
                "bid after passing",
                "a seat that has passed is out of the bidding for good",
            ));
        }
        if forehand_only(game) {
            if s != self.state.forehand {
                self.out.push(illegal_bid(
                    act,
                    format!("{} may be bid only by the forehand (seat {})", game.word(), self.state.forehand),
                    "KR-BID-3",
                    "forehand-only game",
                    "caller, six-threes and trischaken are the forehand's games, when the three others have passed",
                ));
            } else if other_bid {
                self.out.push(illegal_bid(
                    act,
                    format!("the forehand bids {} after another seat has bid", game.word()),
                    "KR-BID-3",
                    "only if nobody else bid",
                    "caller, six-threes and trischaken may be bid only if the three others all passed",
                ));
            }
        } else if let Some((rank, standing, _)) = high {
            if table_rank(game).unwrap_or(0) <= rank {
                self.out.push(illegal_bid(
                    act,
                    format!("{} does not rank above {}, the bid standing", game.word(), standing.word()),
                    "KR-BID-2",
                    "not higher",
                    "each bid must rank strictly higher in the bidding table than the one standing; the forehand too",
                ));
            }
        }
        self.bid_holding(act, game, s);
    }

    /// The bids a hand must support (KR-BID-5, 6).
    fn bid_holding(&mut self, act: &Action, game: Game, s: u8) {
        if let Some(b) = implied_bonus(game) {
            let (card, _) = ultimo_card(b).expect("implied bonuses are ultimo bonuses");
            if !self.opts.bid_holder_any && self.state.lacks_dealt(s, card) {
                self.out.push(
                    illegal_bid(
                        act,
                        format!("seat {s} bids {} without holding {card}", game.word()),
                        "KR-BID-5",
                        "card not in the dealt hand",
                        "a pagat/uhu/pelican/quapil caller announces that bonus, so the bidder must hold the card in its dealt hand",
                    )
                    .card(card),
                );
            }
        }
        if is_caller(game) && kings().difference(self.state.dealt[s as usize]).is_empty() {
            self.out.push(illegal_bid(
                act,
                format!("seat {s} holds all four kings and cannot call one"),
                "KR-BID-6",
                "no king to call",
                "with all four kings a player must bid a three or a negative game",
            ));
        }
    }
}

fn next_open(s: u8, passed: &[bool; 4]) -> u8 {
    (1..=4)
        .map(|d| (s + d) % 4)
        .find(|&o| !passed[o as usize])
        .unwrap_or((s + 1) % 4)
}

/// An `illegal-bid` finding on the entry `act`.
fn illegal_bid(act: &Action, msg: String, rule: &'static str, label: &str, help: &str) -> Problem {
    on_entry(Kind::IllegalBid, act, msg, rule, label, help)
}
