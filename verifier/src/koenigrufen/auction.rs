//! The auction (KR-BID-1..8): who speaks when, which bid may follow which,
//! the forehand's games and its forced bid, the holdings a bid needs, and
//! the game that wins the auction.

use notation::Kind;
use notation::Rule;
use notation::Seat;
use notation::{Act, Action, Bonus, Card, Game, Problem};

use super::out::on_entry;
use super::rules::*;
use super::state::State;
use super::{Auction, Replay};
use crate::finding::Faults;
use crate::Moment;

/// The auction so far.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bidding {
    passed: Passed,
    /// The bid standing: its rank in the table, the game, the seat.
    high: Option<(u8, Game, Seat)>,
    /// Whether a seat other than the forehand has bid (KR-BID-3).
    other_bid: bool,
    /// The seat whose turn it is.
    next: Seat,
    ended: bool,
    /// The forehand passed where it had to bid (KR-BID-7).
    no_game: bool,
}

impl Replay<'_> {
    /// Whether the record goes on past the auction (KR-BID-7: a king call,
    /// talon choice, discard, call round or tricks follow).
    pub(super) fn goes_on_after_auction(&self) -> bool {
        let rec = self.rec;
        rec.calls.as_ref().is_some_and(|c| !c.actions.is_empty())
            || rec.discard.is_some()
            || !rec.tricks.is_empty()
    }

    /// The seat whose turn it is to bid, while the auction goes on.
    pub(super) fn turn(st: &Bidding) -> Option<Seat> {
        (!st.ended).then_some(st.next)
    }

    /// The auction before its first entry: the seat after the forehand
    /// speaks first (KR-BID-1).
    pub(super) fn new_bidding(&self) -> Bidding {
        Bidding {
            passed: Passed::default(),
            high: None,
            other_bid: false,
            next: self.state.forehand.next(4),
            ended: false,
            no_game: false,
        }
    }

    /// KR-BID-1..7: the auction's end, its entries taken
    /// ([`Replay::auction_turn`]), and whether there is a game to play.
    pub(super) fn close_auction(&mut self, st: &Bidding) -> Auction {
        let rec = self.rec;
        let Some(a) = &rec.auction else {
            return match self.unfinished_auction(None) {
                Auction::Stops => Auction::Stops,
                _ => Auction::NoGame,
            };
        };
        self.auction_result(a, st)
    }

    /// KR-BID-7 as amended: an auction that has not ended is `other` (no
    /// seat) when the record goes on, its highest bid played; where the
    /// record stops it is an incomplete record (KR-NEG-1), reported by the
    /// caller. Without a bid there is no game.
    fn unfinished_auction(&mut self, a: Option<&notation::Actions>) -> Auction {
        if !self.goes_on_after_auction() {
            return Auction::Stops;
        }
        let (msg, span) = match a {
            None => (
                "the record has no auction, but goes on after it".to_string(),
                self.rec.tags[0].span,
            ),
            Some(a) => (
                "the auction has not ended (fewer than three seats have passed), but the record goes on".to_string(),
                a.span,
            ),
        };
        self.out.push(
            Problem::new(Kind::Other, msg)
                .rule(Rule::KrBid7)
                .at(span, "auction not ended")
                .help("the auction ends as soon as three seats have passed; the highest bid is played, and with no bid there is no game and the deal is not settled"),
        );
        Auction::Game
    }

    /// What the auction leaves: the game and its bidder (KR-BID-4, 7).
    fn auction_result(&mut self, a: &notation::Actions, st: &Bidding) -> Auction {
        let Bidding {
            high,
            ended,
            no_game,
            ..
        } = *st;
        if no_game {
            self.out.event(
                Moment::Auction,
                Rule::KrBid7,
                "the forehand passed where it had to bid: no game, the deal is not settled",
            );
            return Auction::NoGame;
        }
        if !ended && self.unfinished_auction(Some(a)) == Auction::Stops {
            return Auction::Stops;
        }
        let Some((_, game, seat)) = high else {
            self.out.event(
                Moment::Auction,
                Rule::KrBid7,
                "nobody bid: no game, the deal is not settled",
            );
            return Auction::NoGame;
        };
        self.state.bidder = seat;
        self.state.game = Some(game);
        if !is_caller(game) {
            self.state.partner = None;
        }
        self.out.event(
            Moment::Auction,
            Rule::KrBid4,
            format_args!("seat {seat} plays {}", game.word()),
        );
        Auction::Game
    }

    /// One entry of the auction (KR-BID-1, 4, 7).
    pub(super) fn auction_turn(&mut self, act: &Action, st: &mut Bidding) {
        let fh = self.state.forehand;
        let s = act.seat;
        if s.number() >= 4 {
            return;
        }
        if st.ended {
            self.out.push(
                Problem::new(
                    Kind::OutOfTurn,
                    format!("seat {s} speaks after the auction has ended"),
                )
                .rule(Rule::KrBid4)
                .seat(s)
                .at(act.span, "after the end")
                .help("the auction ends as soon as three seats have passed"),
            );
            return;
        }
        // An entry out of turn that is also an illegal bid is one fault: one
        // `illegal-bid`, with KR-BID-1 first (KR-BID-7 as amended).
        let turn = (s != st.next).then(|| {
            let next = st.next;
            Problem::new(
                Kind::OutOfTurn,
                format!("seat {s} speaks, but it is seat {next}'s turn to bid"),
            )
            .rule(Rule::KrBid1)
            .seat(s)
            .at(act.span, format!("seat {next} speaks here"))
            .help("bidding starts after the forehand and goes round in seat order; a seat that passed is out")
        });
        match act.act {
            Act::Pass => {
                if let Some(p) = turn {
                    self.out.push(p);
                }
                if !self.auction_pass(act, st) {
                    return;
                }
            }
            Act::Bid { game } => {
                self.bid(act, game, st, turn);
                if !is_game(game) {
                    st.next = next_open(s, &st.passed);
                    return;
                }
                st.passed.set(s, false);
                st.high = Some((table_rank(game).unwrap_or(0), game, s));
                if s != fh {
                    st.other_bid = true;
                }
            }
            _ => {
                let mut faults = Faults::new(!self.out.counts_only());
                faults.add(|| {
                    Problem::new(
                        Kind::IllegalBid,
                        "only bids and passes belong in the auction",
                    )
                    .rule(Rule::KrBid1)
                    .seat(s)
                    .at(act.span, "not a bid")
                    .help("king calls, talon choices and announcements go in `calls:`")
                });
                faults.extend(turn);
                self.push_bid_faults(faults);
            }
        }
        let npassed = st.passed.count();
        if npassed >= 3 && st.high.is_some() {
            st.ended = true;
        }
        st.next = next_open(s, &st.passed);
    }

    /// Whether the entry `act` of seat `s` would find nothing in the
    /// auction `st` ([`Replay::auction_turn`] on it writes no finding): the
    /// same judgements (the turn, the forehand's pass,
    /// [`Replay::bid_faults`]), made without taking the entry, for the
    /// lists of legal moves (which ask [`Replay::admitted_bids`]; debug
    /// builds check it word by word against this).
    #[cfg_attr(not(debug_assertions), allow(dead_code))]
    pub(super) fn auction_admits(&self, st: &Bidding, s: Seat, act: &Act) -> bool {
        if s.number() >= 4 {
            return true;
        }
        if st.ended || s != st.next {
            return false;
        }
        match act {
            Act::Pass => !self.forehand_must_bid(st, s),
            Act::Bid { game } => {
                // Refusals `bid_faults` makes too, asked first: a seat that
                // passed (KR-BID-1), a table game not above the bid
                // standing (KR-BID-2); most bids of a list end here.
                let below = !forehand_only(*game)
                    && st
                        .high
                        .is_some_and(|(rank, _, _)| table_rank(*game).unwrap_or(0) <= rank);
                !st.passed.has(s) && !below && !self.bid_faults(s, *game, st).any()
            }
            _ => false,
        }
    }

    /// The entries of `words` that seat `s` may make in the auction `st`:
    /// each as [`Replay::auction_admits`] judges it (the turn, the
    /// forehand's pass, the checks of [`Replay::bid_faults`], KR-BID-1..6),
    /// what is the same for every word (the turn, the pass, whether the
    /// seat passed, whether it holds every king) judged once, for the
    /// lists of legal moves. Debug builds check each word against
    /// `auction_admits`.
    pub(super) fn admitted_bids<'w>(
        &'w self,
        st: &Bidding,
        s: Seat,
        words: &'w [Act],
    ) -> impl Iterator<Item = &'w Act> + 'w {
        #[cfg(debug_assertions)]
        for act in words {
            let admitted = self
                .state
                .admitted_bids(self.opts.bid_holder_any, st, s, std::slice::from_ref(act))
                .next()
                .is_some();
            assert_eq!(admitted, self.auction_admits(st, s, act), "{act:?}");
        }
        self.state
            .admitted_bids(self.opts.bid_holder_any, st, s, words)
    }

    /// Whether a pass by seat `s` is the forehand's where it must bid
    /// (KR-BID-4): the three others passed, nobody bid.
    fn forehand_must_bid(&self, st: &Bidding, s: Seat) -> bool {
        self.state.forehand_must_bid(st, s)
    }

    /// A pass (KR-BID-1), or the forehand's pass where it must bid
    /// (KR-BID-4, 7), which ends the auction with no game. Returns whether
    /// the auction goes on as after any pass.
    fn auction_pass(&mut self, act: &Action, st: &mut Bidding) -> bool {
        let s = act.seat;
        if self.forehand_must_bid(st, s) {
            self.out.push(
                Problem::new(
                    Kind::IllegalBid,
                    "the forehand passes after the three others passed; it must bid",
                )
                .rule(Rule::KrBid4)
                .seat(s)
                .at(act.span, "the forehand must bid here")
                .help("when all three others pass, the forehand must bid a game (caller, six threes, trischaken or any game of the table)"),
            );
            st.ended = true;
            st.no_game = true;
            return false;
        }
        st.passed.set(s, true);
        true
    }

    /// The checks of one bid (KR-BID-1, 2, 3, 5, 6), judged by
    /// [`Replay::bid_faults`]. A bid that breaks several of them is one
    /// `illegal-bid` with the first rule id in the digest's order (KR-BID-7
    /// as amended, "one fault, one finding").
    fn bid(&mut self, act: &Action, game: Game, st: &Bidding, turn: Option<Problem>) {
        let s = act.seat;
        let f = self.bid_faults(s, game, st);
        // Most bids break no rule: the list allocates only for a fault.
        let mut faults = Faults::new(!self.out.counts_only());
        if f.not_game {
            faults.add(|| illegal_bid(
                act,
                format!("`{}` is not a game of Königrufen", game.word()),
                Rule::KrBid2,
                "not a Königrufen game",
                "the games are those of the bidding table and the forehand's caller, six-threes and trischaken",
            ));
            faults.extend(turn);
            return self.push_bid_faults(faults);
        }
        if f.passed {
            faults.add(|| {
                illegal_bid(
                    act,
                    format!(
                        "seat {s} bids {} after it passed (a seat that passed has no turn)",
                        game.word()
                    ),
                    Rule::KrBid1,
                    "bid after passing",
                    "a seat that has passed is out of the bidding for good",
                )
            });
        }
        if f.not_forehand {
            faults.add(|| illegal_bid(
                act,
                format!("{} may be bid only by the forehand (seat {})", game.word(), self.state.forehand),
                Rule::KrBid3,
                "forehand-only game",
                "caller, six-threes and trischaken are the forehand's games, when the three others have passed",
            ));
        } else if f.after_other_bid {
            faults.add(|| {
                illegal_bid(
                act,
                format!("the forehand bids {} after another seat has bid", game.word()),
                Rule::KrBid3,
                "only if nobody else bid",
                "caller, six-threes and trischaken may be bid only if the three others all passed",
            )
            });
        }
        if let (true, Some((_, standing, _))) = (f.not_higher, st.high) {
            faults.add(|| illegal_bid(
                act,
                format!("{} does not rank above {}, the bid standing", game.word(), standing.word()),
                Rule::KrBid2,
                "not higher",
                "each bid must rank strictly higher in the bidding table than the one standing; the forehand too",
            ));
        }
        bid_holding(act, game, s, &f, &mut faults);
        if f.passed {
            // A seat that passed has no turn: speaking out of turn is the
            // same fault as bidding after passing, not a second one.
            return self.push_bid_faults(faults);
        }
        faults.extend(turn);
        self.push_bid_faults(faults);
    }

    /// Which checks a bid of `game` by seat `s` in the auction `st`
    /// breaks (KR-BID-1, 2, 3, 5, 6; not its turn): worded by
    /// [`Replay::bid`], asked about by [`Replay::auction_admits`].
    fn bid_faults(&self, s: Seat, game: Game, st: &Bidding) -> BidFaults {
        let mut f = BidFaults::default();
        if !is_game(game) {
            f.not_game = true;
            return f;
        }
        f.passed = st.passed.has(s);
        if forehand_only(game) {
            if s != self.state.forehand {
                f.not_forehand = true;
            } else if st.other_bid {
                f.after_other_bid = true;
            }
        } else if let Some((rank, _, _)) = st.high {
            // KR-BID-7 as amended: a forehand-only game standing (after an
            // illegal bid) has no rank; every table game ranks above it.
            f.not_higher = table_rank(game).unwrap_or(0) <= rank;
        }
        // The bids a hand must support (KR-BID-5, 6).
        if let Some(b) = implied_bonus(game) {
            let (card, _) = ultimo_card(b).expect("implied bonuses are ultimo bonuses");
            if !self.opts.bid_holder_any && self.state.lacks_dealt(s, card) {
                f.lacks = Some(card);
            }
        }
        f.all_kings = is_caller(game) && kings().difference(self.state.dealt[s]).is_empty();
        f
    }

    /// The faults of one auction entry as one finding (KR-BID-7 as amended,
    /// "one fault, one finding"): the first rule id in the digest's order;
    /// an entry that is an illegal bid stays an `illegal-bid` even where it
    /// is also out of turn.
    fn push_bid_faults(&mut self, faults: Faults) {
        let faults = match faults.into_list() {
            Ok(list) => list,
            Err(counted) => {
                if counted > 0 {
                    self.out.fault(|| unreachable!("counted, not worded"));
                }
                return;
            }
        };
        let illegal = faults.iter().any(|p| p.kind == Kind::IllegalBid);
        if let Some(mut p) = crate::finding::one_finding(
            faults,
            &[
                Rule::KrBid1,
                Rule::KrBid2,
                Rule::KrBid3,
                Rule::KrBid4,
                Rule::KrBid5,
                Rule::KrBid6,
            ],
            "one bid, one illegal bid (KR-BID-7)",
        ) {
            if illegal {
                p.kind = Kind::IllegalBid;
            }
            self.out.push(p);
        }
    }
}

impl State {
    /// [`Replay::admitted_bids`], of the game state alone (it reads
    /// nothing else; `holder_any`: the option `bid_holder_any`): the
    /// bids' list made on the engine as it is, without a copy of the
    /// state lent to a [`Replay`] (`Stepped::legal`). Debug builds check
    /// each word against [`Replay::auction_admits`] in `Replay`'s form.
    pub(super) fn admitted_bids<'w>(
        &'w self,
        holder_any: bool,
        st: &Bidding,
        s: Seat,
        words: &'w [Act],
    ) -> impl Iterator<Item = &'w Act> + 'w {
        let any = s.number() >= 4;
        let due = !st.ended && s == st.next;
        let pass = due && !self.forehand_must_bid(st, s);
        // A seat that passed bids no more (KR-BID-1).
        let bids = due && !st.passed.has(s);
        let forehand = s == self.forehand && !st.other_bid;
        let high = st.high.map(|(rank, _, _)| rank);
        let all_kings = kings().difference(self.dealt[s]).is_empty();
        // The games the seat may bid, as bits (`BidTable`): the same for
        // every word, worked out once, each bid then read off by its bit
        // (a game judged bid by bid took a branch on each of its
        // properties, mispredicted from one game to the next).
        let may_bid = if bids {
            let t = BidTable::get();
            // KR-BID-2, 3, 4.
            let mut may = match high {
                None => t.ranked,
                Some(rank) => t.above[usize::from(rank.min(BidTable::TOP))],
            };
            if forehand {
                may |= t.forehand_only;
            }
            // KR-BID-5, 6.
            if !holder_any {
                for (card, implying) in t.implied {
                    if self.lacks_dealt(s, card) {
                        may &= !implying;
                    }
                }
            }
            if all_kings {
                may &= !t.caller;
            }
            may
        } else {
            0
        };
        let admits = move |act: &Act| match act {
            _ if any => true,
            Act::Pass => pass,
            Act::Bid { game } => may_bid & BidTable::bit(*game) != 0,
            _ => false,
        };
        words.iter().filter(move |act| admits(act))
    }

    /// [`Replay::forehand_must_bid`], of the game state alone.
    fn forehand_must_bid(&self, st: &Bidding, s: Seat) -> bool {
        let fh = self.forehand;
        let others_passed = Seat::all(4).filter(|&o| o != fh).all(|o| st.passed.has(o));
        s == fh && st.high.is_none() && others_passed
    }
}

/// The findings of the bids a hand must support (KR-BID-5, 6), as
/// [`Replay::bid_faults`] judged them.
fn bid_holding(act: &Action, game: Game, s: Seat, f: &BidFaults, faults: &mut Faults) {
    if let Some(card) = f.lacks {
        faults.add(|| {
            illegal_bid(
                act,
                format!("seat {s} bids {} without holding {card}", game.word()),
                Rule::KrBid5,
                "card not in the dealt hand",
                "a pagat/uhu/pelican/quapil caller announces that bonus, so the bidder must hold the card in its dealt hand",
            )
            .card(card)
        });
    }
    if f.all_kings {
        faults.add(|| {
            illegal_bid(
                act,
                format!("seat {s} holds all four kings and cannot call one"),
                Rule::KrBid6,
                "no king to call",
                "with all four kings a player must bid a three or a negative game",
            )
        });
    }
}

/// Which checks of one bid it breaks ([`Replay::bid_faults`]), in the
/// digest's order.
#[derive(Debug, Clone, Copy, Default)]
struct BidFaults {
    /// Not a game of Königrufen (KR-BID-2): nothing else is judged.
    not_game: bool,
    /// By a seat that passed (KR-BID-1).
    passed: bool,
    /// A forehand-only game by another seat (KR-BID-3).
    not_forehand: bool,
    /// The forehand's game after another seat bid (KR-BID-3).
    after_other_bid: bool,
    /// Not above the bid standing (KR-BID-2).
    not_higher: bool,
    /// The card the game's bonus needs, not in the dealt hand (KR-BID-5).
    lacks: Option<Card>,
    /// A caller game with all four kings (KR-BID-6).
    all_kings: bool,
}

impl BidFaults {
    /// Whether any check is broken.
    fn any(&self) -> bool {
        self.not_game
            || self.passed
            || self.not_forehand
            || self.after_other_bid
            || self.not_higher
            || self.lacks.is_some()
            || self.all_kings
    }
}

fn next_open(s: Seat, passed: &Passed) -> Seat {
    (1..=4)
        .map(|d| s.after(d, 4))
        .find(|&o| !passed.has(o))
        .unwrap_or(s.next(4))
}

/// The seats that have passed (KR-BID-1), a bit each: one byte, written
/// and read whole. As a `[bool; 4]` written a seat at a time and counted
/// at once after every entry, its four bytes were read back in one load
/// right after a one-byte store: a store-forwarding stall per entry
/// (`perf annotate`: a quarter of `Engine::catch_up`'s samples).
#[derive(Debug, Clone, Copy, Default)]
struct Passed(u8);

/// The Königrufen games by their properties in the auction, as bits
/// (`BidTable::bit`, a game's index among `Game::ALL`): what
/// [`Replay::admitted_bids`] asks of every game, made once.
struct BidTable {
    /// The games of the bidding table (KR-BID-2).
    ranked: u64,
    /// `above[r]`: the games of the table ranked above `r` (KR-BID-2, 4).
    above: [u64; BidTable::TOP as usize + 1],
    /// The forehand-only games (KR-BID-3).
    forehand_only: u64,
    /// The caller games (KR-BID-8).
    caller: u64,
    /// Each ultimo card a game implies (KR-BID-5, 6), and those games.
    implied: [(Card, u64); 4],
}

impl BidTable {
    /// A rank at or above every game's place in the table.
    const TOP: u8 = 15;

    /// The bit of `game`.
    fn bit(game: Game) -> u64 {
        1u64 << (game as u32)
    }

    /// The table, made on first use.
    fn get() -> &'static BidTable {
        static TABLE: std::sync::OnceLock<BidTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(BidTable::new)
    }

    fn new() -> BidTable {
        assert!(
            Game::ALL.iter().all(|&g| (g as u32) < 64),
            "a game's bit in a u64"
        );
        let mut t = BidTable {
            ranked: 0,
            above: [0; BidTable::TOP as usize + 1],
            forehand_only: 0,
            caller: 0,
            implied: [Bonus::Pagat, Bonus::Uhu, Bonus::Pelican, Bonus::Quapil].map(|b| {
                let (card, _) = ultimo_card(b).expect("an ultimo bonus");
                (card, 0)
            }),
        };
        for &game in Game::ALL.iter().filter(|&&g| is_game(g)) {
            let bit = BidTable::bit(game);
            if forehand_only(game) {
                t.forehand_only |= bit;
            } else {
                let rank = table_rank(game).unwrap_or(0);
                assert!(rank < BidTable::TOP, "a place in the table below the top");
                t.ranked |= bit;
                for r in 0..rank {
                    t.above[usize::from(r)] |= bit;
                }
            }
            if is_caller(game) {
                t.caller |= bit;
            }
            if let Some(b) = implied_bonus(game) {
                let (card, _) = ultimo_card(b).expect("implied bonuses are ultimo bonuses");
                let slot = t.implied.iter_mut().find(|(c, _)| *c == card);
                slot.expect("an implied bonus of the four").1 |= bit;
            }
        }
        t
    }
}

impl Passed {
    /// Whether seat `s` (0 to 3) has passed.
    fn has(self, s: Seat) -> bool {
        self.0 & Passed::bit(s) != 0
    }

    /// Seat `s` (0 to 3) has passed (`true`) or is back in (`false`).
    fn set(&mut self, s: Seat, passed: bool) {
        if passed {
            self.0 |= Passed::bit(s);
        } else {
            self.0 &= !Passed::bit(s);
        }
    }

    /// How many seats have passed: read from a table of the sixteen
    /// masks (`count_ones` is a routine of its own on this build's
    /// target, without the processor's instruction).
    fn count(self) -> u32 {
        const ONES: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];
        u32::from(ONES[usize::from(self.0 & 15)])
    }

    /// The bit of seat `s`: a seat of the table of four, as the array
    /// indexed by seat it replaces required.
    fn bit(s: Seat) -> u8 {
        assert!(s.index() < 4, "seat {s} at a table of four");
        1 << s.index()
    }
}

/// An `illegal-bid` finding on the entry `act`.
fn illegal_bid(act: &Action, msg: String, rule: Rule, label: &str, help: &str) -> Problem {
    on_entry(Kind::IllegalBid, act, msg, rule, label, help)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_passed_seats_are_kept_and_counted_as_the_array_was() {
        // Every order of passes and bids of the four seats, two steps deep
        // at each seat: the mask reads as a `[bool; 4]` written alike.
        for steps in 0..(1u32 << 16) {
            let (mut mask, mut array) = (Passed::default(), [false; 4]);
            for k in 0..8 {
                let s = Seat::new((k % 4) as u8);
                let passed = steps >> (2 * k) & 1 == 1;
                if steps >> (2 * k + 1) & 1 == 1 {
                    mask.set(s, passed);
                    array[s.index()] = passed;
                }
            }
            for s in Seat::all(4) {
                assert_eq!(mask.has(s), array[s.index()]);
            }
            assert_eq!(mask.count() as usize, array.iter().filter(|&&p| p).count());
        }
    }
}
