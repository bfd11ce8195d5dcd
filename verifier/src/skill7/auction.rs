//! The auction (S7-BID-1 .. S7-BID-8, S7-DEAL-2 for the turn order): the
//! games in their order, one entry per turn, the bar of a seat that agreed,
//! an illegal game bid that still takes effect, the end after three
//! continues. The additions and kontras bid in it are checked in
//! `additions`, the duty of the Trull holder (S7-ADD-3) here.

use notation::record::{Act, Action, Game, Target};
use notation::Kind as Finding;
use notation::{Problem, Record, Seat};

use super::deck::{suit_cards, trull};
use super::state::{side_of, Replay, Side};
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
    pub(super) agreed: [Option<Option<Kind>>; 4],
    pub(super) items: [Option<Item>; 4],
    pub(super) continues: u8,
    pub(super) ended: bool,
    /// Whose turn it is (S7-DEAL-2).
    expected: Seat,
    forehand_spoke: bool,
    /// The Rufer partner by the rule, for the teams while bidding.
    partner: Option<Seat>,
    pub(super) opts: AuctionOpts,
}

/// What the auction decided.
#[derive(Debug, Clone)]
pub(super) struct Contract {
    pub(super) game: Kind,
    pub(super) declarer: Seat,
    pub(super) items: [Option<Item>; 4],
}

impl Replay<'_, '_> {
    /// The auction (S7-BID-*, S7-ADD-*). `None` when no game was bid.
    pub(super) fn auction(&mut self) -> Option<Contract> {
        let mut st = Auction {
            game: None,
            declarer: self.st.forehand,
            agreed: [None; 4],
            items: [None; 4],
            continues: 0,
            ended: false,
            expected: self.st.forehand,
            forehand_spoke: false,
            partner: None,
            opts: AuctionOpts {
                release: self.opts("agree_scope") == "release",
                any_kontra: self.opts("absolut_kontra") == "any-kontra",
                kontra_only: self.opts("after_valat") == "kontra-only",
            },
        };
        let record = self.deal.record;
        let actions: &[Action] = record.auction.as_ref().map_or(&[], |a| &a.actions);
        for a in actions {
            self.entry(&mut st, a);
        }
        self.close_auction(&st)
    }

    /// One entry of the auction.
    fn entry(&mut self, st: &mut Auction, a: &Action) {
        let seat = a.seat;
        if seat >= 4 || a.act == Act::Misdeal {
            return; // a misdeal is a redeal claim, see `redeal`
        }
        if st.ended {
            self.out.illegal(
                Finding::IllegalBid,
                "S7-BID-6",
                a,
                format!("seat {seat} bids after the auction ended with three continues"),
                "after the end of the auction",
                "the auction ends when three consecutive entries are `continue`",
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
        let act = if a.act == Act::Pass {
            Act::Continue
        } else {
            a.act.clone()
        };
        // Whether the entry is a legal higher game or a kontra on the
        // game: what the Trull duty asks (S7-ADD-3). `None`: an entry
        // rejected before it could meet it.
        let meets_duty = match act {
            Act::Bid { game } => self.bid_game(st, a, game),
            Act::Continue => {
                self.say_continue(st, a, first_of_forehand);
                Some(false)
            }
            Act::Announce { .. }
            | Act::Contra { .. }
            | Act::Recontra { .. }
            | Act::Subcontra { .. } => self.bid_addition(st, a, &act, side, first_of_forehand),
            Act::Misdeal => Some(false),
            other => {
                self.not_an_entry(st, a, &other);
                Some(false)
            }
        };
        if trull_duty && meets_duty == Some(false) {
            self.out.illegal(
                Finding::IllegalCall,
                "S7-ADD-3",
                a,
                format!("seat {seat} holds the Trull against the Rufer and did not kontra the game"),
                "must be `kontra game`",
                "an opponent of the Rufer's team who holds T1, T21 and T22 must kontra the game at each turn until it is kontra'd (or bid a higher game)",
            );
        }
    }

    /// S7-DEAL-2: the auction goes round in seat order from the forehand.
    fn check_turn(&mut self, st: &mut Auction, a: &Action) {
        let (seat, expected) = (a.seat, st.expected);
        if seat != expected {
            self.out.illegal(
                Finding::OutOfTurn,
                "S7-DEAL-2",
                a,
                format!("seat {seat} bids out of turn: it is seat {expected}'s turn"),
                "out of turn",
                "the auction starts with the forehand (the seat after the dealer) and goes round in seat order, one entry per turn",
            );
        }
        st.expected = (seat + 1) % 4;
    }

    /// S7-ADD-3: an opponent holding the Trull in a Rufer must kontra.
    fn must_kontra_with_trull(&self, st: &Auction, seat: Seat, side: Option<Side>) -> bool {
        self.st.hands_known
            && st.game == Some(Kind::Rufer)
            && side == Some(Side::Opponents)
            && self.st.hands[seat as usize].intersection(trull()) == trull()
            && st.items[GAME].is_some_and(|i| i.level == 0)
            && st.items[VALAT].is_none()
    }

    /// A game bid (S7-BID-1, -3, -4, -5, -7). Returns whether it was legal
    /// (a legal higher game meets the Trull duty), `None` when it names no
    /// Skill7 game.
    fn bid_game(&mut self, st: &mut Auction, a: &Action, game: Game) -> Option<bool> {
        let seat = a.seat;
        let Some(kind) = Kind::from_game(game) else {
            self.out.illegal(
                Finding::IllegalBid,
                "S7-BID-1",
                a,
                format!("`{game}` is not a game of Skill7 Tarock"),
                "not a Skill7 game",
                "the games are rufer, farbesolo and solo",
            );
            st.continues = 0;
            return None;
        };
        let legal = self.game_bid_is_legal(st, a, kind);
        // S7-BID-7: it takes effect anyway; S7-BID-5: reset.
        if !legal {
            // Reported by `game_bid_is_legal` (S7-BID-1, S7-BID-3 or S7-BID-4).
            self.out.rule(
                Moment::Auction,
                "S7-BID-7",
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
                "S7-BID-5",
                format_args!(
                    "the {} of seat {seat} cancels the additions and kontras bid so far",
                    kind.word()
                ),
            );
        }
        self.make_current(st, seat, kind);
        Some(legal)
    }

    /// Checks a game bid against the bar of a seat that agreed (S7-BID-3),
    /// the current game (S7-BID-1) and the Farbesolo hand (S7-BID-4),
    /// reporting each breach.
    fn game_bid_is_legal(&mut self, st: &Auction, a: &Action, kind: Kind) -> bool {
        let seat = a.seat;
        let mut legal = false;
        // The bar of S7-BID-3: the game current when the seat agreed (none
        // if it agreed before any game).
        let bar = st.agreed[seat as usize].filter(|b| b.is_none_or(|b| kind > b));
        if let Some(bar) = bar {
            self.out.illegal(
                Finding::IllegalBid,
                "S7-BID-3",
                a,
                format!(
                    "seat {seat} bids {} after agreeing to {}",
                    kind.word(),
                    bar.map_or("the opening of the auction", |g| g.word())
                ),
                "a game bid after agreeing",
                "a player who said `continue` or bid an addition or kontra may not bid a higher game any more; it may only add additions",
            );
        } else if st.game.is_some_and(|g| kind <= g) {
            self.out.illegal(
                Finding::IllegalBid,
                "S7-BID-1",
                a,
                format!(
                    "seat {seat} bids {} but the current game is already {}",
                    kind.word(),
                    st.game.map_or("", |g| g.word())
                ),
                "not higher than the current game",
                "a game bid must be strictly higher than the current one: rufer < farbesolo < solo",
            );
        } else {
            legal = true;
        }
        if kind == Kind::Farbesolo && self.st.hands_known {
            let n = self.st.hands[seat as usize]
                .intersection(suit_cards())
                .len();
            if n < 5 {
                self.out.illegal(
                    Finding::IllegalBid,
                    "S7-BID-4",
                    a,
                    format!("seat {seat} bids farbesolo with only {n} suit cards"),
                    "farbesolo without five suit cards",
                    "only a player holding at least 5 suit cards may bid farbesolo",
                );
                legal = false;
            }
        }
        legal
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
            st.agreed = [None; 4];
        }
    }

    /// `continue` (S7-BID-2, S7-BID-3, S7-BID-6).
    fn say_continue(&mut self, st: &mut Auction, a: &Action, first_of_forehand: bool) {
        if first_of_forehand {
            self.out.illegal(
                Finding::IllegalBid,
                "S7-BID-2",
                a,
                "the forehand must open the auction with a game bid, not `continue`".into(),
                "the forehand's first entry",
                "the forehand (the seat after the dealer) must bid at least rufer",
            );
        }
        if st.agreed[a.seat as usize].is_none() {
            st.agreed[a.seat as usize] = Some(st.game);
        }
        st.continues += 1;
        if st.continues >= 3 && st.game.is_some() {
            st.ended = true;
        }
    }

    /// An addition or kontra in the auction (S7-BID-2, S7-ADD-1, S7-ADD-2).
    /// Returns whether it is a legal kontra on the game (the Trull duty),
    /// `None` when rejected before it could be.
    fn bid_addition(
        &mut self,
        st: &mut Auction,
        a: &Action,
        act: &Act,
        side: Option<Side>,
        first_of_forehand: bool,
    ) -> Option<bool> {
        st.continues = 0;
        if st.agreed[a.seat as usize].is_none() {
            st.agreed[a.seat as usize] = Some(st.game);
        }
        if first_of_forehand {
            self.out.illegal(
                Finding::IllegalBid,
                "S7-BID-2",
                a,
                "the forehand must open the auction with a game bid".into(),
                "the forehand's first entry",
                "the forehand (the seat after the dealer) must bid at least rufer",
            );
            return None;
        }
        let (Some(game), Some(side)) = (st.game, side) else {
            self.out.illegal(
                Finding::IllegalCall,
                "S7-ADD-1",
                a,
                "an addition or kontra before any game was bid".into(),
                "no game yet",
                "additions and kontras belong to the current game",
            );
            return None;
        };
        if let Some((rule, msg, help)) = self.addition(st, game, side, act, a) {
            self.out
                .illegal(Finding::IllegalCall, rule, a, msg, "illegal here", help);
            Some(false)
        } else {
            Some(matches!(
                act,
                Act::Contra {
                    target: Target::Game
                }
            ))
        }
    }

    /// An entry the Skill7 auction does not know (S7-BID-1).
    fn not_an_entry(&mut self, st: &mut Auction, a: &Action, other: &Act) {
        st.continues = 0;
        let mut text = String::new();
        notation::print::act(&mut text, other);
        self.out.illegal(
            Finding::IllegalBid,
            "S7-BID-1",
            a,
            format!("`{text}` is not an entry of the Skill7 auction"),
            "not a Skill7 entry",
            "entries are a game (rufer, farbesolo, solo), `continue`, `announce absolut|pagat|valat` or a kontra, rekontra or subkontra",
        );
    }

    /// The end of the auction (S7-BID-2, S7-BID-6): the contract, or `None`
    /// when no game was bid.
    fn close_auction(&mut self, st: &Auction) -> Option<Contract> {
        let record = self.deal.record;
        let Some(game) = st.game else {
            // No auction section: a fragment, nothing to report.
            record.auction.as_ref()?;
            let (span, seat) = record
                .auction
                .as_ref()
                .map_or((record.span, self.st.forehand), |a| {
                    (a.span, self.st.forehand)
                });
            self.out.push(
                Problem::new(Finding::IllegalBid, "no game was bid: the forehand must bid at least rufer")
                    .rule("S7-BID-2")
                    .seat(seat)
                    .at(span, "no game bid")
                    .help("the forehand (the seat after the dealer) must open with rufer, farbesolo or solo"),
            );
            return None;
        };
        if !st.ended {
            let span = record.auction.as_ref().map_or(record.span, |a| a.span);
            self.out.push(
                Problem::new(Finding::IllegalBid, "the auction does not end with three consecutive continues")
                    .rule("S7-BID-6")
                    .at(span, "auction not finished")
                    .help("the auction ends when three players in a row say `continue` after the last game bid, addition or kontra"),
            );
        }
        self.out.rule(
            Moment::Auction,
            "S7-BID-6",
            crate::reason::Lazy(|| contract_text(st, game)),
        );
        Some(Contract {
            game,
            declarer: st.declarer,
            items: st.items,
        })
    }
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
