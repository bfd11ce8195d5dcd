//! The auction (S7-BID-1 .. S7-BID-8, S7-DEAL-2 for the turn order): the
//! games in their order, one entry per turn, the bar of a seat that agreed,
//! an illegal game bid that still takes effect, the end after three
//! continues. The additions and kontras bid in it are checked in
//! `additions`, the duty of the Trull holder (S7-ADD-3) here.
//!
//! One entry, one finding (rules README, "One fault, one finding";
//! S7-BID-4, S7-ADD-2 and S7-ADD-3 as amended 2026-11-26): the reasons an
//! entry is illegal are gathered and reported as one finding with the first
//! rule id in the digest's order ([`ORDER`]). An entry by the wrong seat is
//! a fault of its own (`out-of-turn`).

use notation::record::{Act, Action, Game, Target};
use notation::Kind as Finding;
use notation::Rule;
use notation::{PerSeat, Problem, Record, Seat};

use super::additions::Illegal;
use super::deck::{suit_cards, trull};
use super::state::{side_of, Engine, Side};
use crate::finding::one_finding;
use crate::Moment;

/// The three games in ascending order (S7-BID-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Rufer,
    Farbesolo,
    Solo,
}

impl Kind {
    pub(super) fn from_game(game: Game) -> Option<Kind> {
        match game {
            Game::Rufer => Some(Kind::Rufer),
            Game::Farbesolo => Some(Kind::Farbesolo),
            Game::Solo => Some(Kind::Solo),
            _ => None,
        }
    }

    pub(super) fn word(self) -> &'static str {
        match self {
            Kind::Rufer => "rufer",
            Kind::Farbesolo => "farbesolo",
            Kind::Solo => "solo",
        }
    }

    /// Farbesolo and Solo score double (S7-SCORE-*).
    pub(super) fn solo_values(self) -> bool {
        self != Kind::Rufer
    }
}

/// The last game bid in the auction, legal or not (S7-BID-7): the game
/// the tricks are played in.
pub(super) fn final_game(record: &Record) -> Option<Kind> {
    record
        .auction
        .iter()
        .flat_map(|a| &a.actions)
        .filter_map(|a| match a.act {
            Act::Bid { game } => Kind::from_game(game),
            _ => None,
        })
        .next_back()
}

/// A biddable item of the current game: the game itself (index 0) and the
/// additions absolut, pagat, valat (1..=3).
#[derive(Debug, Clone, Copy)]
pub(super) struct Item {
    pub(super) owner: Side,
    /// 0 none, 1 kontra, 2 rekontra, 3 subkontra.
    pub(super) level: u8,
    pub(super) bidder: Seat,
}

pub(super) const GAME: usize = 0;
pub(super) const ABSOLUT: usize = 1;
pub(super) const PAGAT_ITEM: usize = 2;
pub(super) const VALAT: usize = 3;

/// The rule ids an auction entry can break, in the digest's order: one
/// finding per entry carries the first (rules README, "One fault, one
/// finding").
pub(super) const ORDER: [Rule; 7] = [
    Rule::S7Bid1,
    Rule::S7Bid2,
    Rule::S7Bid3,
    Rule::S7Bid4,
    Rule::S7Add1,
    Rule::S7Add2,
    Rule::S7Add3,
];

pub(super) const ITEM_WORDS: [&str; 4] = ["the game", "absolut", "pagat", "valat"];
pub(super) const LEVEL_WORDS: [&str; 4] = ["", "kontra", "rekontra", "subkontra"];

/// The auction's options (S7-BID-3, S7-ADD-2).
#[derive(Debug, Clone, Copy)]
pub(super) struct AuctionOpts {
    /// `agree_scope=release`: a new game frees the seats that agreed.
    pub(super) release: bool,
    /// `absolut_kontra=any-kontra`.
    pub(super) any_kontra: bool,
    /// `after_valat=kontra-only`.
    pub(super) kontra_only: bool,
}

/// The state of the auction after each entry.
#[derive(Debug, Clone)]
pub(super) struct Auction {
    pub(super) game: Option<Kind>,
    pub(super) declarer: Seat,
    /// The game that was current when each seat agreed (S7-BID-3).
    pub(super) agreed: PerSeat<Option<Option<Kind>>>,
    pub(super) items: [Option<Item>; 4],
    pub(super) continues: u8,
    pub(super) ended: bool,
    /// Whose turn it is (S7-DEAL-2).
    expected: Seat,
    forehand_spoke: bool,
    /// The seat whose turn an entry out of turn took (S7-DEAL-2).
    displaced: Option<Seat>,
    /// The forehand's first entry was not a game: its one `illegal-bid`
    /// (S7-BID-2) is also the finding of an auction without a game.
    forehand_failed: bool,
    /// The Rufer partner by the rule, for the teams while bidding.
    partner: Option<Seat>,
    pub(super) opts: AuctionOpts,
}

impl Auction {
    /// Whose turn it is (S7-DEAL-2), when no entry was out of turn and the
    /// auction has not ended.
    pub(super) fn turn(&self) -> Option<Seat> {
        (self.displaced.is_none() && !self.ended).then_some(self.expected)
    }

    /// The contract of `game` as the auction stands: its declarer, its
    /// additions and kontras.
    pub(super) fn contract(&self, game: Kind) -> Contract {
        Contract {
            game,
            declarer: self.declarer,
            items: self.items,
        }
    }
}

/// What a game bid breaks (S7-BID-1, S7-BID-3, S7-BID-4).
#[derive(Debug, Clone, Copy)]
struct Breaks {
    /// The current game, not lower than the bid.
    not_higher: Option<Kind>,
    /// The game current when the seat agreed (`None`: before any game).
    bar: Option<Option<Kind>>,
    /// The seat's suit cards, fewer than five, for a Farbesolo.
    suit_cards: Option<u32>,
}

impl Breaks {
    fn none(&self) -> bool {
        self.not_higher.is_none() && self.bar.is_none() && self.suit_cards.is_none()
    }
}

/// How the auction closes (S7-BID-2, S7-BID-6, S7-PLAY-6).
#[derive(Debug, Clone)]
pub(super) enum Closed {
    /// A game: the deal is played in it.
    Game(Contract),
    /// No game was bid (reported, S7-BID-2): the deal has no game, is not
    /// settled, and nothing after the auction is judged.
    NoGame,
    /// The record stops in the auction, or before it: an incomplete record
    /// (S7-PLAY-6, README ALL-4).
    Stops,
}

/// What the auction decided.
#[derive(Debug, Clone)]
pub(super) struct Contract {
    pub(super) game: Kind,
    pub(super) declarer: Seat,
    pub(super) items: [Option<Item>; 4],
}

impl Engine {
    /// The auction before its first entry (S7-BID-*, S7-ADD-*).
    pub(super) fn new_auction(&self) -> Auction {
        Auction {
            game: None,
            declarer: self.st.forehand,
            agreed: PerSeat::new(4),
            items: [None; 4],
            continues: 0,
            ended: false,
            expected: self.st.forehand,
            forehand_spoke: false,
            displaced: None,
            forehand_failed: false,
            partner: None,
            opts: AuctionOpts {
                release: self.opts.release,
                any_kontra: self.opts.any_kontra,
                kontra_only: self.opts.kontra_only,
            },
        }
    }

    /// One entry of the auction: at most one finding for what it says
    /// (its reasons merged, [`ORDER`]), besides `out-of-turn`.
    pub(super) fn entry(&mut self, st: &mut Auction, a: &Action) {
        let seat = a.seat;
        if seat.number() >= 4 || a.act == Act::Misdeal {
            return; // a misdeal is a redeal claim, see `redeal`
        }
        if st.ended {
            // S7-BID-6 (amended): out of turn, and no effect.
            self.out.illegal(
                Finding::OutOfTurn,
                Rule::S7Bid6,
                a,
                format!("seat {seat} speaks after the auction ended with three continues; the entry has no effect"),
                "after the end of the auction",
                "the auction ends when three consecutive entries are `continue`; nobody speaks after that",
            );
            return;
        }
        self.check_turn(st, a);
        let first_of_forehand = seat == self.st.forehand && !st.forehand_spoke;
        if seat == self.st.forehand {
            st.forehand_spoke = true;
        }
        let side = st.game.map(|g| side_of(seat, g, st.declarer, st.partner));
        let trull_duty = self.must_kontra_with_trull(st, seat, side);
        // The entry's word, read in place (a pass is a continue), not a
        // copy of it for every entry.
        let continues = Act::Continue;
        let act = if a.act == Act::Pass {
            &continues
        } else {
            &a.act
        };
        // The reasons this entry is illegal; most entries have none, and an
        // empty `Vec` allocates nothing.
        let mut faults = Vec::new();
        // Whether the entry is a legal higher game or a kontra on the
        // game: what the Trull duty asks (S7-ADD-3).
        let meets_duty = match act {
            Act::Bid { game } => self.bid_game(st, a, *game, &mut faults),
            Act::Continue => {
                self.say_continue(st, a, first_of_forehand, &mut faults);
                false
            }
            Act::Announce { .. }
            | Act::Contra { .. }
            | Act::Recontra { .. }
            | Act::Subcontra { .. } => {
                self.bid_addition(st, a, act, side, first_of_forehand, trull_duty, &mut faults)
            }
            other => {
                faults.push(not_an_entry(st, a, other));
                false
            }
        };
        let is_game = matches!(act, Act::Bid { game } if Kind::from_game(*game).is_some());
        if first_of_forehand && !is_game {
            let said_own = matches!(
                act,
                Act::Continue
                    | Act::Announce { .. }
                    | Act::Contra { .. }
                    | Act::Recontra { .. }
                    | Act::Subcontra { .. }
            );
            if !said_own {
                // Not a Skill7 game, or no auction entry at all: the same
                // entry breaks S7-BID-2 too.
                faults.push(forehand_must_bid(a, "this entry"));
            }
            st.forehand_failed = true;
        }
        if trull_duty && !meets_duty {
            faults.push(
                Problem::new(
                    Finding::IllegalCall,
                    format!("seat {seat} holds the Trull against the Rufer and did not kontra the game"),
                )
                .rule(Rule::S7Add3)
                .seat(seat)
                .at(a.span, "must be `kontra game`")
                .help("an opponent of the Rufer's team who holds T1, T21 and T22 must kontra the game at each turn until it is kontra'd (or bid a higher game); any other entry has no effect"),
            );
        }
        if let Some(p) = one_finding(faults, &ORDER, "one entry of the auction") {
            self.out.push(p);
        }
    }

    /// S7-DEAL-2: the auction goes round in seat order from the forehand.
    /// After an entry out of turn the turn goes on from it; but the seat
    /// whose turn it took, or the seat after that one (the entry was a slip
    /// for the seat due), may speak next without a finding: that only
    /// repeats the fault already reported (README ALL-7; decision in
    /// spec/rules-skill7-tarock.md).
    fn check_turn(&mut self, st: &mut Auction, a: &Action) {
        let (seat, expected) = (a.seat, st.expected);
        let excused = st.displaced.is_some_and(|e| seat == e || seat == e.next(4));
        if seat != expected && !excused {
            self.out.illegal(
                Finding::OutOfTurn,
                Rule::S7Deal2,
                a,
                format!("seat {seat} bids out of turn: it is seat {expected}'s turn"),
                "out of turn",
                "the auction starts with the forehand (the seat after the dealer) and goes round in seat order, one entry per turn",
            );
            st.displaced = Some(expected);
        } else {
            st.displaced = None;
        }
        st.expected = seat.next(4);
    }

    /// S7-ADD-3: an opponent holding the Trull in a Rufer must kontra.
    fn must_kontra_with_trull(&self, st: &Auction, seat: Seat, side: Option<Side>) -> bool {
        self.st.hands_known
            && st.game == Some(Kind::Rufer)
            && side == Some(Side::Opponents)
            && self.st.hands[seat].intersection(trull()) == trull()
            && st.items[GAME].is_some_and(|i| i.level == 0)
            && st.items[VALAT].is_none()
    }

    /// A game bid (S7-BID-1, -3, -4, -5, -7). Returns whether it was legal
    /// (a legal higher game meets the Trull duty); its faults go to
    /// `faults`.
    fn bid_game(
        &mut self,
        st: &mut Auction,
        a: &Action,
        game: Game,
        faults: &mut Vec<Problem>,
    ) -> bool {
        let seat = a.seat;
        let Some(kind) = Kind::from_game(game) else {
            faults.push(entry_fault(
                Finding::IllegalBid,
                Rule::S7Bid1,
                a,
                format!("`{game}` is not a game of Skill7 Tarock"),
                "not a Skill7 game",
                "the games are rufer, farbesolo and solo",
            ));
            st.continues = 0;
            return false;
        };
        let before = faults.len();
        self.game_bid_faults(st, a, kind, faults);
        let legal = faults.len() == before;
        // S7-BID-7: it takes effect anyway; S7-BID-5: reset.
        if !legal {
            self.out.rule(
                Moment::Auction,
                Rule::S7Bid7,
                format_args!(
                    "the illegal bid of seat {seat} still makes {} the current game",
                    kind.word()
                ),
            );
        }
        if st.items[1..].iter().any(Option::is_some) || st.items[GAME].is_some_and(|i| i.level > 0)
        {
            self.out.rule(
                Moment::Auction,
                Rule::S7Bid5,
                format_args!(
                    "the {} of seat {seat} cancels the additions and kontras bid so far",
                    kind.word()
                ),
            );
        }
        self.make_current(st, seat, kind);
        legal
    }

    /// Checks a game bid against the current game (S7-BID-1), the bar of a
    /// seat that agreed (S7-BID-3) and the Farbesolo hand (S7-BID-4): every
    /// reason it breaks, for the entry's one finding (S7-BID-4 amended).
    fn game_bid_faults(&self, st: &Auction, a: &Action, kind: Kind, faults: &mut Vec<Problem>) {
        let seat = a.seat;
        let breaks = self.game_bid_breaks(st, seat, kind);
        if let Some(current) = breaks.not_higher {
            faults.push(entry_fault(
                Finding::IllegalBid,
                Rule::S7Bid1,
                a,
                format!(
                    "seat {seat} bids {} but the current game is already {}",
                    kind.word(),
                    current.word()
                ),
                "not higher than the current game",
                "a game bid must be strictly higher than the current one: rufer < farbesolo < solo",
            ));
        }
        if let Some(bar) = breaks.bar {
            faults.push(entry_fault(
                Finding::IllegalBid,
                Rule::S7Bid3,
                a,
                match bar {
                    Some(g) => format!("seat {seat} bids {} after agreeing to {}", kind.word(), g.word()),
                    None => format!(
                        "seat {seat} bids {} after agreeing before any game was bid",
                        kind.word()
                    ),
                },
                "a game bid after agreeing",
                "a player who said `continue` or bid an addition or kontra may not bid a higher game any more (none at all if it agreed before any game); it may only add additions",
            ));
        }
        if let Some(n) = breaks.suit_cards {
            faults.push(entry_fault(
                Finding::IllegalBid,
                Rule::S7Bid4,
                a,
                format!("seat {seat} bids farbesolo with only {n} suit cards"),
                "farbesolo without five suit cards",
                "only a player holding at least 5 suit cards may bid farbesolo",
            ));
        }
    }

    /// What a game bid of `kind` by `seat` breaks ([`Engine::game_bid_faults`]
    /// words it).
    fn game_bid_breaks(&self, st: &Auction, seat: Seat, kind: Kind) -> Breaks {
        // The bar of S7-BID-3: the game current when the seat agreed (none
        // if it agreed before any game: then no game at all).
        let suit_cards = (kind == Kind::Farbesolo && self.st.hands_known)
            .then(|| self.st.hands[seat].intersection(suit_cards()).len())
            .filter(|&n| n < 5);
        Breaks {
            not_higher: st.game.filter(|g| kind <= *g),
            bar: st.agreed[seat].filter(|b| b.is_none_or(|b| kind > b)),
            suit_cards,
        }
    }

    /// Whether an entry by `seat` is legal now: one that [`Engine::entry`]
    /// finds nothing against, by the same checks. The legal entries of the
    /// seat due are so listed without judging each (`crate::game`); what
    /// the position asks of every entry (the turn, the forehand's first
    /// word, the seat's side, the Trull duty) is read once for them all.
    pub(super) fn admits<'a>(&'a self, st: &'a Auction, seat: Seat) -> impl Fn(&Act) -> bool + 'a {
        let turn = st.turn() == Some(seat);
        let first_of_forehand = seat == self.st.forehand && !st.forehand_spoke;
        let side = st.game.map(|g| side_of(seat, g, st.declarer, st.partner));
        let trull_duty = turn && self.must_kontra_with_trull(st, seat, side);
        move |act: &Act| {
            turn && self.admits_entry(st, seat, act, first_of_forehand, side, trull_duty)
        }
    }

    /// Whether some position admits `act` as an auction entry
    /// ([`Engine::admits_entry`] in any position): a game of Skill7, `pass`,
    /// `continue`, or an addition or kontra of an item Skill7 has (the game,
    /// absolut, pagat, valat: S7-ADD-1); never a call, nor an announcement
    /// or kontra of another bonus, which [`Engine::addition_fault`] refuses
    /// whatever the position. The lists of `crate::game` so leave those out
    /// before asking the position.
    pub(super) fn may_admit_entry(act: &Act) -> bool {
        match act {
            Act::Bid { game } => Kind::from_game(*game).is_some(),
            Act::Continue | Act::Pass => true,
            Act::Announce { .. }
            | Act::Contra { .. }
            | Act::Recontra { .. }
            | Act::Subcontra { .. } => super::additions::names_an_item(act),
            _ => false,
        }
    }

    /// [`Engine::admits`] of one entry, the position read.
    fn admits_entry(
        &self,
        st: &Auction,
        seat: Seat,
        act: &Act,
        first_of_forehand: bool,
        side: Option<Side>,
        trull_duty: bool,
    ) -> bool {
        match act {
            // A legal higher game meets the Trull duty.
            Act::Bid { game } => Kind::from_game(*game)
                .is_some_and(|kind| self.game_bid_breaks(st, seat, kind).none()),
            Act::Continue | Act::Pass => !first_of_forehand && !trull_duty,
            Act::Announce { .. }
            | Act::Contra { .. }
            | Act::Recontra { .. }
            | Act::Subcontra { .. } => {
                let kontra_game = matches!(
                    act,
                    Act::Contra {
                        target: Target::Game
                    }
                );
                match (st.game, side) {
                    (Some(game), Some(side)) if !first_of_forehand => {
                        (kontra_game || !trull_duty)
                            && self.addition_fault(st, game, side, act, seat).is_none()
                    }
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// The bid game becomes the current one, its bidder the declarer, with
    /// no additions or kontras (S7-BID-5).
    fn make_current(&mut self, st: &mut Auction, seat: Seat, kind: Kind) {
        st.game = Some(kind);
        st.declarer = seat;
        st.partner = if kind == Kind::Rufer {
            self.st.rule_partner(seat)
        } else {
            None
        };
        st.items = [None; 4];
        st.items[GAME] = Some(Item {
            owner: Side::Declarer,
            level: 0,
            bidder: seat,
        });
        st.continues = 0;
        if st.opts.release {
            // A higher game releases the seats that agreed to the game
            // before it; a seat that agreed before any game agreed to no
            // game and stays barred (S7-BID-3 amended; decision in
            // spec/rules-skill7-tarock.md).
            for agreed in st.agreed.values_mut() {
                if matches!(agreed, Some(Some(_))) {
                    *agreed = None;
                }
            }
        }
    }

    /// `continue` (S7-BID-2, S7-BID-3, S7-BID-6): as the forehand's first
    /// entry an `illegal-bid`, that still counts as a `continue` and as
    /// agreeing (S7-BID-2 amended).
    fn say_continue(
        &mut self,
        st: &mut Auction,
        a: &Action,
        first_of_forehand: bool,
        faults: &mut Vec<Problem>,
    ) {
        if first_of_forehand {
            faults.push(forehand_must_bid(a, "`continue`"));
        }
        if st.agreed[a.seat].is_none() {
            st.agreed[a.seat] = Some(st.game);
        }
        st.continues += 1;
        if st.continues >= 3 && st.game.is_some() {
            st.ended = true;
        }
    }

    /// An addition or kontra in the auction (S7-BID-2, S7-ADD-1, S7-ADD-2,
    /// S7-ADD-3). Returns whether it is a legal kontra on the game (the
    /// Trull duty). An illegal one is not made (S7-ADD-2 amended): it is
    /// not scored, cannot be kontra'd and brings no S7-PLAY-4; it still
    /// counts as agreeing and as a non-`continue` entry.
    #[allow(clippy::too_many_arguments)]
    fn bid_addition(
        &mut self,
        st: &mut Auction,
        a: &Action,
        act: &Act,
        side: Option<Side>,
        first_of_forehand: bool,
        trull_duty: bool,
        faults: &mut Vec<Problem>,
    ) -> bool {
        st.continues = 0;
        if st.agreed[a.seat].is_none() {
            st.agreed[a.seat] = Some(st.game);
        }
        if first_of_forehand {
            // One `illegal-bid`, not also an addition "before any game".
            faults.push(forehand_must_bid(a, "an addition or kontra"));
            return false;
        }
        let (Some(game), Some(side)) = (st.game, side) else {
            faults.push(entry_fault(
                Finding::IllegalCall,
                Rule::S7Add1,
                a,
                "an addition or kontra before any game was bid; it has no effect".into(),
                "no game yet",
                "additions and kontras belong to the current game",
            ));
            return false;
        };
        let kontra_game = matches!(
            act,
            Act::Contra {
                target: Target::Game
            }
        );
        if trull_duty && !kontra_game {
            // S7-ADD-3: not made. Other limitations it breaks are named in
            // the same finding.
            if let Some(why) = self.addition_fault(st, game, side, act, a.seat) {
                faults.push(illegal_call(a, why.illegal(a.seat)));
            }
            return false;
        }
        match self.addition(st, game, side, act, a) {
            Some(why) => {
                faults.push(illegal_call(a, why));
                false
            }
            None => kontra_game,
        }
    }

    /// The end of the auction (S7-BID-2, S7-BID-6 as amended, S7-PLAY-6).
    pub(super) fn close_auction(&mut self, st: &Auction, record: &Record) -> Closed {
        // The record goes on past the auction: a call or tricks follow.
        let goes_on = record.calls.is_some() || !record.tricks.is_empty();
        let Some(game) = st.game else {
            if st.forehand_failed {
                // Its one `illegal-bid` (S7-BID-2) is the finding.
                return Closed::NoGame;
            }
            let over = goes_on || st.continues >= 3 || st.forehand_spoke;
            if !over {
                // The record stops before the forehand's turn comes.
                return Closed::Stops;
            }
            let (span, what) = record
                .auction
                .as_ref()
                .map_or((record.span, "no auction is recorded"), |a| {
                    (a.span, "no game was bid")
                });
            self.out.push(
                Problem::new(Finding::IllegalBid, format!("{what}: the forehand must bid at least rufer; the deal has no game and is not settled"))
                    .rule(Rule::S7Bid2)
                    .seat(self.st.forehand)
                    .at(span, "no game bid")
                    .help("the forehand (the seat after the dealer) must open with rufer, farbesolo or solo; nothing recorded after the auction is judged"),
            );
            return Closed::NoGame;
        };
        if !st.ended {
            if !goes_on {
                return Closed::Stops;
            }
            let span = record.auction.as_ref().map_or(record.span, |a| a.span);
            self.out.push(
                Problem::new(Finding::Other, format!("the auction does not end with three consecutive continues, but the record goes on; the deal is played in {}", game.word()))
                    .rule(Rule::S7Bid6)
                    .at(span, "auction not finished")
                    .help("the auction ends when three players in a row say `continue` after the last game bid, addition or kontra"),
            );
        }
        self.out.rule(
            Moment::Auction,
            Rule::S7Bid6,
            crate::reason::Lazy(|| contract_text(st, game)),
        );
        Closed::Game(st.contract(game))
    }
}

/// One reason an auction entry is illegal, located at the entry.
fn entry_fault(
    kind: Finding,
    rule: Rule,
    a: &Action,
    msg: String,
    label: &str,
    help: &str,
) -> Problem {
    Problem::new(kind, msg)
        .rule(rule)
        .seat(a.seat)
        .at(a.span, label)
        .help(help)
}

/// An addition or kontra that breaks S7-ADD-1 or S7-ADD-2.
fn illegal_call(a: &Action, (rule, msg, help): Illegal) -> Problem {
    entry_fault(
        Finding::IllegalCall,
        rule,
        a,
        format!("{msg}; it has no effect"),
        "illegal here",
        help,
    )
}

/// S7-BID-2: the forehand's first entry is not a game.
fn forehand_must_bid(a: &Action, what: &str) -> Problem {
    entry_fault(
        Finding::IllegalBid,
        Rule::S7Bid2,
        a,
        format!("the forehand must open the auction with a game bid, not {what}"),
        "the forehand's first entry",
        "the forehand (the seat after the dealer) must bid at least rufer; a `continue` there still counts as one, an addition or kontra there is not made",
    )
}

/// An entry the Skill7 auction does not know (S7-BID-1).
fn not_an_entry(st: &mut Auction, a: &Action, other: &Act) -> Problem {
    st.continues = 0;
    let mut text = String::new();
    notation::print::act(&mut text, other);
    entry_fault(
        Finding::IllegalBid,
        Rule::S7Bid1,
        a,
        format!("`{text}` is not an entry of the Skill7 auction"),
        "not a Skill7 entry",
        "entries are a game (rufer, farbesolo, solo), `continue`, `announce absolut|pagat|valat` or a kontra, rekontra or subkontra",
    )
}

/// The contract in words: declarer, game, additions and kontras.
fn contract_text(st: &Auction, game: Kind) -> String {
    let mut text = format!("seat {} is the declarer of {}", st.declarer, game.word());
    for (i, item) in st.items.iter().enumerate() {
        if let Some(item) = item {
            if i > GAME {
                text.push_str(&format!("; {} bid by seat {}", ITEM_WORDS[i], item.bidder));
            }
            if item.level > 0 {
                text.push_str(&format!(
                    "; {} on {}",
                    LEVEL_WORDS[item.level as usize], ITEM_WORDS[i]
                ));
            }
        }
    }
    text
}
