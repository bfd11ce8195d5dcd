//! The French Tarot engine (digest `french-tarot.md`, federation rules, four
//! players): the auction, the dog and the discard, handfuls and the slam,
//! trick play with its duties (follow, trump, overtrump, the excuse), and
//! the score.
//!
//! ## Flow
//! 1. The structural findings already in the report get their rule ids
//!    (FR-DEAL-3), and the dealt hands are checked for a bare petit
//!    (FR-DEAL-2).
//! 2. The auction names the taker and the contract (FR-BID-1..3).
//! 3. The tricks are laid out: who led, who played each card, who won
//!    (FR-PLAY-1, FR-PLAY-6, FR-EXCUSE-1/-4). A partial record (no hands)
//!    takes each seat's hand to be the cards it played.
//! 4. The dog and the discard (FR-DOG, FR-DISCARD), the declarations
//!    (FR-HANDFUL, FR-SLAM) and then every card against the hand it came
//!    from ([`legal_plays`], FR-PLAY-2..5).
//! 5. Settlement (FR-SCORE): card points in half points, so that no
//!    floating point is ever needed, the target, the contract, the petit au
//!    bout, handfuls and slam, a ledger line per item and per defender.
//!
//! The replay never stops at a fault. By FR-IRREG-2 (Option
//! `irregularities`, default `void`) a deal with any irregularity scores 0
//! for everyone; the score it would have had is told in an event.
//!
//! ```
//! use notation::{Card, CardSet, Lead, Suit};
//! let hand: CardSet = ["S3", "T4", "T9", "EX"].iter().map(|c| c.parse::<Card>().unwrap()).collect();
//! // Hearts led and trumped with T6: T9 must go (or the excuse).
//! let legal = tarok_verifier::french::legal_plays(hand, Some(Lead::Suit(Suit::Hearts)), 6);
//! let codes: Vec<String> = legal.iter().map(|c| c.to_string()).collect();
//! assert_eq!(codes, ["T9", "EX"]);
//! ```

use notation::Kind;
use notation::{
    Act, Card, CardSet, Game, HandfulSize, Item, Lead, Party, Problem, Rank, Seat, Span, Suit,
    Variant,
};

use crate::{Deal, Event, Moment, Payment, Report, Session};

const SEATS: u8 = 4;
const TRICKS: usize = 18;

/// What this variant carries from one deal of a session to the next:
/// nothing beyond the running totals every variant keeps (`Session::scores`).
#[derive(Debug, Clone, Default)]
pub struct SessionState {}

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

/// A card's value in half points (FR-CARD-3): 9, 7, 5, 3 or 1. The pack
/// totals 182 half points (91 points).
pub fn half_points(card: Card) -> u32 {
    if is_oudler(card) {
        return 9;
    }
    match card.rank() {
        Some(Rank::King) => 9,
        Some(Rank::Queen) => 7,
        Some(Rank::Knight) => 5,
        Some(Rank::Jack) => 3,
        _ => 1,
    }
}

/// The three oudlers: T21, the petit, the excuse (FR-CARD-2).
pub fn is_oudler(card: Card) -> bool {
    card == Card::FOOL || card == Card::PAGAT || card == Card::MOND
}

/// The points the taker needs with `oudlers` oudlers (FR-SCORE-2).
pub fn target(oudlers: u32) -> i64 {
    [56, 51, 41, 36][oudlers.min(3) as usize]
}

/// The handful bonus and the number of cards it shows (FR-HANDFUL-1).
pub fn handful(size: HandfulSize) -> (i64, usize) {
    match size {
        HandfulSize::Simple => (20, 10),
        HandfulSize::Double => (30, 13),
        HandfulSize::Triple => (40, 15),
    }
}

fn excuse_set() -> CardSet {
    let mut s = CardSet::EMPTY;
    s.insert(Card::FOOL);
    s
}

fn french_trumps() -> CardSet {
    let mut t = CardSet::trumps();
    t.remove(Card::SKUS);
    t
}

/// Trumps strictly above trump number `top` (0: all trumps).
fn trumps_above(top: u8) -> CardSet {
    let low = Card::PAGAT.index() as u32 + top as u32;
    CardSet(french_trumps().0 & !((1u128 << low) - 1))
}

fn trump_duty(hand: CardSet, top: u8) -> Option<CardSet> {
    let trumps = hand.intersection(french_trumps());
    if trumps.is_empty() {
        return None;
    }
    let higher = trumps.intersection(trumps_above(top));
    let must = if higher.is_empty() { trumps } else { higher };
    Some(must.union(hand.intersection(excuse_set())))
}

/// The cards of `hand` that may be played to a trick whose suit is `led`
/// (`None`: the trick is empty, or only the excuse was led) and whose
/// highest trump so far is `top` (0: none) — FR-PLAY-2..5, FR-EXCUSE-1/-2.
pub fn legal_plays(hand: CardSet, led: Option<Lead>, top: u8) -> CardSet {
    match led {
        None => hand,
        Some(Lead::Suit(s)) => {
            let follow = hand.intersection(CardSet::suit(s));
            if !follow.is_empty() {
                follow.union(hand.intersection(excuse_set()))
            } else {
                trump_duty(hand, top).unwrap_or(hand)
            }
        }
        Some(Lead::Trumps) => trump_duty(hand, top).unwrap_or(hand),
    }
}

/// The duty a card outside [`legal_plays`] broke: its rule and plain words.
fn duty_broken(hand: CardSet, led: Lead, top: u8, card: Card) -> (&'static str, String) {
    match led {
        Lead::Suit(s) if !hand.intersection(CardSet::suit(s)).is_empty() => (
            "FR-PLAY-2",
            format!(
                "must follow suit: {} was led and the hand held {}",
                suit_name(s),
                list(hand.intersection(CardSet::suit(s)))
            ),
        ),
        _ if !card.is_trump() => {
            let what = match led {
                Lead::Suit(s) => format!("void in {}, ", suit_name(s)),
                Lead::Trumps => "trumps were led: ".to_owned(),
            };
            let rule = if led == Lead::Trumps {
                "FR-PLAY-3"
            } else {
                "FR-PLAY-2"
            };
            (
                rule,
                format!(
                    "must trump: {what}the hand held {}",
                    list(hand.intersection(french_trumps()))
                ),
            )
        }
        _ => (
            "FR-PLAY-4",
            format!(
                "must overtrump: T{top} was the highest trump and the hand held {}",
                list(hand.intersection(trumps_above(top)))
            ),
        ),
    }
}

fn suit_name(s: Suit) -> &'static str {
    ["spades", "hearts", "diamonds", "clubs"][s as usize]
}

fn list(set: CardSet) -> String {
    let mut out = String::new();
    for c in set.iter() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(c.code());
    }
    out
}

fn set_of(items: &[Item]) -> CardSet {
    items.iter().map(|i| i.card).collect()
}

/// Why a trick went to its winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Win {
    Trump(Card),
    Suit(Card),
    /// FR-EXCUSE-4: the excuse takes the last trick of a slam.
    SlamExcuse,
    /// Only the excuse was played (a broken trick).
    Nothing,
}

/// One trick as laid out: who played what, who won.
#[derive(Debug, Clone, Copy)]
struct Laid {
    leader: Seat,
    n: usize,
    seats: [Seat; 4],
    cards: [Card; 4],
    winner: Seat,
    win: Win,
}

fn lead_of(card: Card) -> Option<Lead> {
    if card.is_fool() {
        None
    } else if card.is_trump() {
        Some(Lead::Trumps)
    } else {
        card.suit().map(Lead::Suit)
    }
}

/// The winner of a trick among its cards (FR-PLAY-6, FR-EXCUSE-1): the
/// index of the winning card, and why.
fn winner_of(cards: &[Card]) -> (usize, Win) {
    let led = cards.iter().find_map(|&c| lead_of(c));
    let mut best: Option<(usize, Card)> = None;
    for (i, &c) in cards.iter().enumerate() {
        if c.is_fool() {
            continue;
        }
        let better = match best {
            None => true,
            Some((_, b)) => match (c.trump_number(), b.trump_number()) {
                (Some(x), Some(y)) => x > y,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => Some(Lead::Suit(c.suit().unwrap())) == led && c.rank() > b.rank(),
            },
        };
        if better {
            best = Some((i, c));
        }
    }
    match best {
        Some((i, c)) if c.is_trump() => (i, Win::Trump(c)),
        Some((i, c)) => (i, Win::Suit(c)),
        None => (0, Win::Nothing),
    }
}

/// Replays the deal, pushing findings, payments and events into the report.
pub fn replay(deal: &Deal<'_>, session: &mut Session, report: &mut Report) {
    let mut r = Replay::new(deal, report);
    r.structure();
    r.auction();
    r.lay_out_tricks();
    r.hands_and_dog();
    r.discard();
    r.declarations();
    r.play();
    r.settle(&mut session.french);
}

struct Replay<'a, 'r> {
    deal: &'a Deal<'r>,
    report: &'a mut Report,
    dealer: Seat,
    /// Problems that make the deal irregular (all but a wrong `Scores` tag).
    irregular: bool,
    /// Whether the dealt hands are valid enough to score at all.
    dealt_ok: bool,
    /// The first trick (1-based) with a card missing or one too many: a
    /// wrong number of cards found in play, which voids the deal (FR-DEAL-3).
    wrong_trick: Option<u16>,
    /// A dealt hand holds the petit bare (FR-DEAL-2).
    bare_petit: bool,
    /// Cards dealt more than once (FR-DEAL-3): taken out of every hand,
    /// and credited to whoever plays them, so that one duplicate does not
    /// turn into a string of false revokes.
    floating: CardSet,
    taker: Option<Seat>,
    contract: Option<Contract>,
    all_passed: bool,
    slam_declared: bool,
    /// The dealt hands (full record) or the cards each seat played (partial).
    hands: [CardSet; 4],
    dog: CardSet,
    /// The taker's playing hand after his discard (or the dealt hand).
    playing: [CardSet; 4],
    laid: Vec<Laid>,
    /// Valid handfuls: (seat, bonus).
    handfuls: Vec<(Seat, i64)>,
}

impl<'a, 'r> Replay<'a, 'r> {
    fn new(deal: &'a Deal<'r>, report: &'a mut Report) -> Replay<'a, 'r> {
        Replay {
            deal,
            report,
            dealer: deal.table.dealer,
            irregular: false,
            dealt_ok: true,
            wrong_trick: None,
            bare_petit: false,
            floating: CardSet::EMPTY,
            taker: None,
            contract: None,
            all_passed: false,
            slam_declared: false,
            hands: [CardSet::EMPTY; 4],
            dog: CardSet::EMPTY,
            playing: [CardSet::EMPTY; 4],
            laid: Vec::with_capacity(TRICKS),
            handfuls: Vec::new(),
        }
    }

    fn push(&mut self, p: Problem) {
        self.irregular = true;
        self.report.problems.push(p);
    }

    fn rule(&mut self, at: Moment, rule: &'static str, text: String) {
        self.report.events.push(Event::Rule { at, rule, text });
    }

    fn first_bidder(&self) -> Seat {
        (self.dealer + 1) % SEATS
    }

    /// FR-DEAL-3: structural faults void the deal; give them their rule ids.
    fn structure(&mut self) {
        for p in &mut self.report.problems {
            self.irregular = true;
            let rule = match p.kind {
                Kind::WrongCardCount
                | Kind::DuplicateCard
                | Kind::UnknownCard
                | Kind::DuplicateHand => {
                    self.dealt_ok = false;
                    "FR-DEAL-3"
                }
                Kind::WrongTrickSize => {
                    if self.wrong_trick.is_none() {
                        self.wrong_trick = p.trick;
                    }
                    p.help.push_str(
                        "; a wrong number of cards found in play makes the deal void (FR-DEAL-3): it scores 0",
                    );
                    "FR-PLAY-1"
                }
                Kind::TooManyTricks => "FR-PLAY-1",
                _ => {
                    self.dealt_ok = false;
                    continue;
                }
            };
            if p.rule.is_none() {
                p.rule = Some(rule);
            }
        }
        let record = self.deal.record;
        let mut seen = CardSet::EMPTY;
        let lists = record
            .hands
            .iter()
            .map(|h| &h.cards)
            .chain(record.talon.iter().map(|t| &t.cards));
        for list in lists {
            for item in list {
                if !seen.insert(item.card) {
                    self.floating.insert(item.card);
                }
            }
        }
        for h in &record.hands {
            if h.seat >= SEATS {
                continue;
            }
            self.hands[h.seat as usize] = set_of(&h.cards).difference(self.floating);
        }
        // FR-DEAL-2: a bare petit annuls the deal.
        let trumps = french_trumps().union(excuse_set());
        for h in &record.hands {
            if h.seat >= SEATS {
                continue;
            }
            let held = self.hands[h.seat as usize].intersection(trumps);
            if held.len() == 1 && held.contains(Card::PAGAT) {
                self.bare_petit = true;
                if record.auction.is_none() && record.tricks.is_empty() {
                    // Shown and not played, as the rule directs.
                    self.rule(
                        Moment::Deal,
                        "FR-DEAL-2",
                        format!("seat {} holds the petit bare and shows his hand: the deal is not played", h.seat),
                    );
                    continue;
                }
                self.push(
                    Problem::new(
                        Kind::Other,
                        format!("seat {} holds the petit bare, yet the deal was played", h.seat),
                    )
                    .rule("FR-DEAL-2")
                    .seat(h.seat)
                    .card(Card::PAGAT)
                    .at(h.span, "the petit is this hand's only trump")
                    .help("a player whose only trump is the petit (no other trump, no excuse) shows his hand and the deal is not played"),
                );
            }
        }
        if let Some(calls) = &record.calls {
            for a in &calls.actions {
                self.push(
                    Problem::new(Kind::Other, "French Tarot has no calls after the auction")
                        .seat(a.seat)
                        .at(a.span, "not a French Tarot action")
                        .help("a slam and handfuls go in `declare:`"),
                );
            }
        }
    }

    /// FR-BID-1..3.
    fn auction(&mut self) {
        let Some(auction) = &self.deal.record.auction else {
            self.rule(
                Moment::Auction,
                "FR-BID-2",
                "the record has no auction: the taker is unknown and the deal is not scored".into(),
            );
            return;
        };
        let mut spoke = [false; 4];
        let first = self.first_bidder();
        let mut best: Option<(Seat, Contract)> = None;
        for a in &auction.actions {
            if a.seat >= SEATS {
                continue;
            }
            let seat = a.seat;
            if spoke[seat as usize] {
                self.push(
                    Problem::new(Kind::IllegalBid, format!("seat {seat} speaks a second time"))
                        .rule("FR-BID-2")
                        .seat(seat)
                        .at(a.span, "second bid by this player")
                        .help("each player speaks exactly once: he passes or bids higher than every bid before him"),
                );
                continue;
            }
            // The first player in bidding order who has not spoken yet.
            let next = (0..SEATS)
                .map(|k| (first + k) % SEATS)
                .find(|s| !spoke[*s as usize])
                .unwrap_or(first);
            if seat != next {
                self.push(
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
            spoke[seat as usize] = true;
            match &a.act {
                Act::Pass => {}
                Act::Bid { game } => match Contract::from_game(*game) {
                    None => self.push(
                        Problem::new(Kind::IllegalBid, format!("`{}` is not a French Tarot bid", game.word()))
                            .rule("FR-BID-1")
                            .seat(seat)
                            .at(a.span, "not a bid of this game")
                            .help("the bids are take, guard, guard-without and guard-against"),
                    ),
                    Some(c) => match best {
                        Some((_, b)) if c <= b => self.push(
                            Problem::new(
                                Kind::IllegalBid,
                                format!("seat {seat} bids {}, not above the {} standing", c.word(), b.word()),
                            )
                            .rule("FR-BID-2")
                            .seat(seat)
                            .at(a.span, "not above the bid standing")
                            .help("a bid must be strictly higher than every bid before it; it counts as a pass"),
                        ),
                        _ => best = Some((seat, c)),
                    },
                },
                _ => self.push(
                    Problem::new(Kind::IllegalBid, "only bids and passes belong in the auction")
                        .rule("FR-BID-2")
                        .seat(seat)
                        .at(a.span, "not a bid")
                        .help("write a slam or a handful in `declare:`"),
                ),
            }
        }
        let silent: Vec<Seat> = (0..SEATS).filter(|s| !spoke[*s as usize]).collect();
        if !silent.is_empty() && best.map(|b| b.1) != Some(Contract::GuardAgainst) {
            let who: Vec<String> = silent.iter().map(|s| s.to_string()).collect();
            self.push(
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
        match best {
            None => {
                self.all_passed = true;
                self.rule(
                    Moment::Auction,
                    "FR-BID-3",
                    "all four passed: the deal is not played and scores 0".into(),
                );
                if let Some(t) = self.deal.record.tricks.first() {
                    self.push(
                        Problem::new(Kind::Other, "cards were played after four passes")
                            .rule("FR-BID-3")
                            .trick(1)
                            .at(t.span, "no one took")
                            .help(
                                "when all four pass, the deal is not played; the next dealer deals",
                            ),
                    );
                }
            }
            Some((seat, c)) => {
                self.taker = Some(seat);
                self.contract = Some(c);
                self.rule(
                    Moment::Auction,
                    "FR-BID-1",
                    format!(
                        "seat {seat} takes with a {} (multiplier {})",
                        c.word(),
                        c.multiplier()
                    ),
                );
            }
        }
    }

    fn slam_in_declarations(&self) -> bool {
        let Some(taker) = self.taker else {
            return false;
        };
        self.deal.record.declarations.as_ref().is_some_and(|d| {
            d.actions
                .iter()
                .any(|a| a.seat == taker && a.after.is_none() && matches!(a.act, Act::Slam))
        })
    }

    /// Lays the tricks out: leaders, the seat of every card, winners.
    fn lay_out_tricks(&mut self) {
        let record = self.deal.record;
        let slam = self.slam_in_declarations();
        let mut expected = match (slam, self.taker) {
            (true, Some(t)) => t,
            _ => self.first_bidder(),
        };
        let taker = self.taker;
        let either = self.deal.options.get("slam_excuse_side") == "either";
        let mut taker_won = 0;
        let mut defence_won = 0;
        // Who was dealt each card (the dog goes to a taker who takes it):
        // a trick whose cards fit only another leader than the expected one
        // was led out of turn, and is laid out from that leader, so that
        // one wrong lead gives one finding rather than a string of cards
        // "not in the hand".
        let mut owner = [u8::MAX; Card::COUNT];
        if !record.is_partial() {
            for h in &record.hands {
                for item in &h.cards {
                    owner[item.card.index() as usize] = h.seat;
                }
            }
            if let (Some(t), Some(talon)) = (self.taker, &record.talon) {
                if self.contract.is_some_and(Contract::has_discard) {
                    for item in &talon.cards {
                        owner[item.card.index() as usize] = t;
                    }
                }
            }
        }
        for (t, trick) in record.tricks.iter().take(TRICKS).enumerate() {
            let n = trick.plays.len().min(4);
            let fits = |l: u8| {
                (0..n).all(|i| owner[trick.plays[i].card.index() as usize] == (l + i as u8) % SEATS)
            };
            let written = match trick.leader {
                Some(l) if l < SEATS => Some(l),
                _ if !record.is_partial() && !fits(expected) => (0..SEATS).find(|&l| fits(l)),
                _ => None,
            };
            let leader = match written {
                Some(l) => {
                    if l != expected {
                        let (rule, why) = if t > 0 {
                            (
                                "FR-PLAY-1",
                                format!("seat {expected} won trick {t} and leads"),
                            )
                        } else if slam {
                            (
                                "FR-SLAM-2",
                                format!("seat {expected} declared a slam and leads"),
                            )
                        } else {
                            (
                                "FR-SEAT-1",
                                format!("seat {expected}, on the dealer's right, leads"),
                            )
                        };
                        let p = Problem::new(
                            Kind::OutOfTurn,
                            format!("seat {l} leads to trick {}; {why}", t + 1),
                        )
                        .rule(rule)
                        .seat(l)
                        .trick(t + 1)
                        .at(trick.span, "led out of turn")
                        .help("the player on the dealer's right leads to trick 1 (the taker, after a slam declaration); the winner of each trick leads to the next");
                        self.push(p);
                    }
                    l
                }
                None => expected,
            };
            let mut seats = [leader; 4];
            let mut cards = [Card::FOOL; 4];
            for i in 0..n {
                seats[i] = (leader + i as u8) % SEATS;
                cards[i] = trick.plays[i].card;
            }
            let (mut w, mut win) = winner_of(&cards[..n]);
            // FR-EXCUSE-4: the slam exception in the last trick.
            if t == TRICKS - 1 {
                if let (Some(tk), Some(i)) = (taker, cards[..n].iter().position(|c| c.is_fool())) {
                    let by_taker = seats[i] == tk;
                    let applies = if by_taker {
                        taker_won == TRICKS - 1
                    } else {
                        either && defence_won == TRICKS - 1
                    };
                    if applies {
                        w = i;
                        win = Win::SlamExcuse;
                    }
                }
            }
            let winner = seats[w];
            if Some(winner) == taker {
                taker_won += 1;
            } else {
                defence_won += 1;
            }
            self.laid.push(Laid {
                leader,
                n,
                seats,
                cards,
                winner,
                win,
            });
            expected = winner;
        }
    }

    /// The hands and the dog; for a partial record, the cards each seat
    /// played (the hands then hold exactly what each seat played).
    fn hands_and_dog(&mut self) {
        let record = self.deal.record;
        if record.is_partial() {
            for l in &self.laid {
                for i in 0..l.n {
                    self.hands[l.seats[i] as usize].insert(l.cards[i]);
                }
            }
            // The taker's discard (after a take or a guard) is his too.
            if let (Some(d), Some(t), Some(c)) = (&record.discard, self.taker, self.contract) {
                if c.has_discard() {
                    let discard = set_of(&d.cards);
                    self.hands[t as usize] = self.hands[t as usize].union(discard);
                }
            }
        }
        if let Some(t) = &record.talon {
            self.dog = set_of(&t.cards).difference(self.floating);
        }
        if record.is_partial() && self.laid.len() == TRICKS {
            // FR-DEAL-2 from the cards played: a seat's 18 cards are its
            // dealt hand unless it took the dog.
            let trumps = french_trumps().union(excuse_set());
            for seat in 0..SEATS {
                let took_dog =
                    Some(seat) == self.taker && self.contract.is_some_and(Contract::has_discard);
                let held = self.hands[seat as usize].intersection(trumps);
                if took_dog || held.len() != 1 || !held.contains(Card::PAGAT) {
                    continue;
                }
                let at = record
                    .tricks
                    .iter()
                    .flat_map(|t| &t.plays)
                    .find(|i| i.card == Card::PAGAT)
                    .map_or(record.span, |i| i.span);
                self.push(
                    Problem::new(
                        Kind::Other,
                        format!("seat {seat} played the petit as its only trump, yet the deal was played"),
                    )
                    .rule("FR-DEAL-2")
                    .seat(seat)
                    .card(Card::PAGAT)
                    .at(at, "the petit was this hand's only trump")
                    .help("a player whose only trump is the petit (no other trump, no excuse) shows his hand and the deal is not played"),
                );
                self.bare_petit = true;
            }
        }
        self.playing = self.hands;
        if record.is_partial() {
            // The taker's played cards are his playing hand; his discard is not.
            if let (Some(d), Some(t)) = (&record.discard, self.taker) {
                let p = &mut self.playing[t as usize];
                *p = p.difference(set_of(&d.cards));
            }
        }
    }

    /// FR-DOG-1/-2, FR-DISCARD-1..3.
    fn discard(&mut self) {
        let record = self.deal.record;
        let (Some(taker), Some(contract)) = (self.taker, self.contract) else {
            if let Some(d) = &record.discard {
                self.push(
                    Problem::new(Kind::IllegalDiscard, "a discard without a taker")
                        .rule("FR-DISCARD-3")
                        .seat(d.seat)
                        .at(d.span, "no one took")
                        .help("only the taker discards, after a take or a guard"),
                );
            }
            return;
        };
        if !contract.has_discard() {
            let against = contract == Contract::GuardAgainst;
            self.rule(
                Moment::Discard,
                "FR-DOG-2",
                format!(
                    "after a {} the dog is not looked at and counts for the {}",
                    contract.word(),
                    if against { "defenders" } else { "taker" }
                ),
            );
            if let Some(d) = &record.discard {
                self.push(
                    Problem::new(
                        Kind::IllegalDiscard,
                        format!("a discard after a {}", contract.word()),
                    )
                    .rule("FR-DISCARD-3")
                    .seat(d.seat)
                    .at(d.span, "no discard after this contract")
                    .help("after a guard without or a guard against the dog stays face down and the taker makes no discard"),
                );
            }
            return;
        }
        self.rule(
            Moment::Discard,
            "FR-DOG-1",
            format!(
                "the dog {} is shown and goes to seat {taker}",
                list(self.dog)
            ),
        );
        let partial = record.is_partial();
        let hand24 = self.hands[taker as usize].union(self.dog);
        let Some(d) = &record.discard else {
            if !partial {
                let at = record.auction.as_ref().map_or(Span::default(), |a| a.span);
                self.push(
                    Problem::new(Kind::IllegalDiscard, format!("seat {taker} took with a {} but the record has no discard", contract.word()))
                        .rule("FR-DISCARD-3")
                        .seat(taker)
                        .at(at, "the taker made no discard")
                        .help("after a take or a guard the taker adds the dog to his hand and discards 6 cards: `discard 2: ...`"),
                );
                // Play on with what he played: the rest went away.
                let played = self.played_by(taker);
                self.playing[taker as usize] = hand24.intersection(played);
            }
            return;
        };
        if d.seat != taker {
            self.push(
                Problem::new(
                    Kind::IllegalDiscard,
                    format!("seat {} discards, but seat {taker} is the taker", d.seat),
                )
                .rule("FR-DISCARD-3")
                .seat(d.seat)
                .at(d.span, "not the taker")
                .help("only the taker discards"),
            );
        }
        let discard = set_of(&d.cards);
        if d.cards.len() != 6 || discard.len() != d.cards.len() as u32 {
            self.push(
                Problem::new(
                    Kind::IllegalDiscard,
                    format!("the discard holds {} cards, not 6", d.cards.len()),
                )
                .rule("FR-DISCARD-3")
                .seat(taker)
                .at(d.span, format!("{} cards", d.cards.len()))
                .help("the taker discards exactly 6 of his 24 cards"),
            );
        }
        let mut seen = CardSet::EMPTY;
        for item in &d.cards {
            let c = item.card;
            if !seen.insert(c) {
                continue;
            }
            if !partial && !hand24.contains(c) && !self.floating.contains(c) {
                self.push(
                    Problem::new(
                        Kind::IllegalDiscard,
                        format!("{c} is discarded but not held"),
                    )
                    .rule("FR-DISCARD-3")
                    .seat(taker)
                    .card(c)
                    .at(item.span, "not in hand or dog")
                    .help("the discard comes from the taker's hand and the dog"),
                );
            }
            if is_oudler(c) || c.is_king() {
                self.push(
                    Problem::new(
                        Kind::IllegalDiscard,
                        format!(
                            "{c} is discarded: {}",
                            if c.is_king() { "a king" } else { "an oudler" }
                        ),
                    )
                    .rule("FR-DISCARD-1")
                    .seat(taker)
                    .card(c)
                    .at(item.span, "may not be discarded")
                    .help("the taker may discard neither an oudler (T21, the petit, the excuse) nor a king"),
                );
            }
        }
        // FR-DISCARD-2: trumps only when nothing else may go.
        let others = hand24
            .difference(french_trumps())
            .difference(excuse_set())
            .iter()
            .filter(|c| !c.is_king())
            .count() as u32;
        let allowed = 6u32.saturating_sub(others);
        let trumps: Vec<&Item> = d
            .cards
            .iter()
            .filter(|i| i.card.is_trump() && !is_oudler(i.card))
            .collect();
        if trumps.len() as u32 > allowed {
            let left = hand24
                .difference(discard)
                .difference(french_trumps())
                .difference(excuse_set());
            let left: CardSet = left.iter().filter(|c| !c.is_king()).collect();
            for item in &trumps[allowed as usize..] {
                self.push(
                    Problem::new(
                        Kind::IllegalDiscard,
                        format!("trump {} is discarded while {} could go", item.card, list(left)),
                    )
                    .rule("FR-DISCARD-2")
                    .seat(taker)
                    .card(item.card)
                    .at(item.span, "a trump discarded")
                    .help("a trump may be discarded only when the taker has nothing left but oudlers, kings and trumps"),
                );
            }
        }
        let shown = set_of(&d.shown);
        for item in &trumps {
            if !shown.contains(item.card) {
                self.push(
                    Problem::new(
                        Kind::IllegalDiscard,
                        format!("trump {} is discarded but not shown", item.card),
                    )
                    .rule("FR-DISCARD-2")
                    .seat(taker)
                    .card(item.card)
                    .at(item.span, "not shown")
                    .help("discarded trumps are shown to the defenders: `show T5`"),
                );
            }
        }
        for item in &d.shown {
            if !discard.contains(item.card) || !item.card.is_trump() {
                self.push(
                    Problem::new(
                        Kind::IllegalDiscard,
                        format!("{} is shown but is no discarded trump", item.card),
                    )
                    .rule("FR-DISCARD-2")
                    .seat(taker)
                    .card(item.card)
                    .at(item.span, "not a discarded trump")
                    .help("`show` lists the trumps of the discard"),
                );
            }
        }
        if !partial {
            self.playing[taker as usize] = hand24.difference(discard);
        }
        if !trumps.is_empty() {
            let shown: CardSet = trumps.iter().map(|i| i.card).collect();
            self.rule(
                Moment::Discard,
                "FR-DISCARD-2",
                format!("seat {taker} discards and shows {}", list(shown)),
            );
        }
    }

    fn played_by(&self, seat: Seat) -> CardSet {
        let mut s = CardSet::EMPTY;
        for l in &self.laid {
            for i in 0..l.n {
                if l.seats[i] == seat {
                    s.insert(l.cards[i]);
                }
            }
        }
        s
    }

    /// FR-HANDFUL-1..3, FR-SLAM-1/-2.
    fn declarations(&mut self) {
        let Some(decl) = &self.deal.record.declarations else {
            return;
        };
        let exact = self.deal.options.flag("handful_exact");
        let trumps_ex = french_trumps().union(excuse_set());
        let mut declared = [false; 4];
        for a in &decl.actions {
            if a.seat >= SEATS {
                continue;
            }
            let seat = a.seat;
            // `after N` (N >= 1): made after trick N, so after play began
            // and after the player's first card.
            let late = a.after.filter(|&n| n >= 1);
            match &a.act {
                Act::Slam if late.is_some() && Some(seat) == self.taker => {
                    self.push(
                        Problem::new(
                            Kind::IllegalCall,
                            format!("seat {seat} declares a slam after trick {}: play has begun", late.unwrap()),
                        )
                        .rule("FR-SLAM-1")
                        .seat(seat)
                        .at(a.span, "after play began")
                        .help("the taker declares a slam after the discard (or the bidding), before the first card; a late declaration counts for nothing"),
                    );
                }
                Act::Handful { size, .. } if late.is_some() => {
                    declared[seat as usize] = true;
                    self.push(
                        Problem::new(
                            Kind::WrongDeclaration,
                            format!(
                                "seat {seat} shows a {} handful after trick {}, after its first card",
                                size.word(),
                                late.unwrap()
                            ),
                        )
                        .rule("FR-HANDFUL-1")
                        .seat(seat)
                        .at(a.span, "shown too late")
                        .help("a handful is shown before the player plays his first card; a late one scores nothing"),
                    );
                }
                Act::Slam => {
                    if Some(seat) != self.taker {
                        self.push(
                            Problem::new(Kind::IllegalCall, format!("seat {seat} declares a slam but is not the taker"))
                                .rule("FR-SLAM-1")
                                .seat(seat)
                                .at(a.span, "not the taker")
                                .help("only the taker may declare a slam"),
                        );
                    } else if self.slam_declared {
                        self.push(
                            Problem::new(Kind::WrongDeclaration, "the slam is declared twice")
                                .rule("FR-SLAM-1")
                                .seat(seat)
                                .at(a.span, "second slam declaration")
                                .help("declare a slam once"),
                        );
                    } else {
                        self.slam_declared = true;
                        self.rule(
                            Moment::Declarations,
                            "FR-SLAM-2",
                            format!("seat {seat} declares a slam and leads to trick 1"),
                        );
                    }
                }
                Act::Handful { size, cards } => {
                    let (bonus, need) = handful(*size);
                    let hand = self.playing[seat as usize];
                    let mut faults: Vec<(String, Option<Card>)> = Vec::new();
                    if declared[seat as usize] {
                        faults.push(("a second handful by the same player".into(), None));
                    }
                    declared[seat as usize] = true;
                    let ok_count = if exact {
                        cards.len() == need
                    } else {
                        cards.len() >= need
                    };
                    if !ok_count {
                        faults.push((
                            format!(
                                "a {} handful shows {}{need} trumps, not {}",
                                size.word(),
                                if exact { "" } else { "at least " },
                                cards.len()
                            ),
                            None,
                        ));
                    }
                    let mut shown = CardSet::EMPTY;
                    for &c in cards {
                        if !shown.insert(c) {
                            faults.push((format!("{c} is shown twice"), Some(c)));
                        } else if !trumps_ex.contains(c) {
                            faults.push((format!("{c} is not a trump"), Some(c)));
                        } else if !hand.contains(c) && !self.floating.contains(c) {
                            faults.push((format!("{c} is not in the player's hand"), Some(c)));
                        }
                    }
                    if shown.contains(Card::FOOL) {
                        let unshown = hand.intersection(french_trumps()).difference(shown);
                        if !unshown.is_empty() {
                            faults.push((
                                format!(
                                    "the excuse is shown while {} stay hidden",
                                    list(unshown)
                                ),
                                Some(Card::FOOL),
                            ));
                        }
                    }
                    if faults.is_empty() {
                        self.handfuls.push((seat, bonus));
                        self.rule(
                            Moment::Declarations,
                            "FR-HANDFUL-1",
                            format!("seat {seat} shows a {} handful ({bonus} points to the side that wins the deal)", size.word()),
                        );
                    }
                    // One false handful, one finding (rules README), however
                    // many of its cards are wrong: it names every fault and
                    // carries the first rule id in the digest's order
                    // (FR-HANDFUL-2 before -3).
                    if !faults.is_empty() {
                        let rule_of = |card: Option<Card>| {
                            if card == Some(Card::FOOL) {
                                "FR-HANDFUL-2"
                            } else {
                                "FR-HANDFUL-3"
                            }
                        };
                        let rules: Vec<&'static str> =
                            faults.iter().map(|(_, c)| rule_of(*c)).collect();
                        let rule = rules.iter().copied().min().expect("a fault");
                        let text: Vec<&str> = faults.iter().map(|(t, _)| t.as_str()).collect();
                        let mut help = String::from("a handful shows exactly 10, 13 or 15 trumps from the player's playing hand; the excuse only when no other trump is held");
                        if let Some(other) = rules.iter().find(|&&r| r != rule) {
                            help.push_str(&format!("; one false handful, one finding: it also breaks {other}"));
                        }
                        let mut p = Problem::new(
                            Kind::WrongDeclaration,
                            format!("false handful by seat {seat}: {}", text.join("; ")),
                        )
                        .rule(rule)
                        .seat(seat)
                        .at(a.span, "false handful")
                        .help(help);
                        if let Some(c) = faults
                            .iter()
                            .find(|(_, c)| rule_of(*c) == rule && c.is_some())
                            .and_then(|(_, c)| *c)
                        {
                            p = p.card(c);
                        }
                        self.push(p);
                    }
                }
                _ => self.push(
                    Problem::new(Kind::WrongDeclaration, "only a slam or a handful may be declared")
                        .rule("FR-HANDFUL-1")
                        .seat(seat)
                        .at(a.span, "not a French declaration")
                        .help("declare `slam` (the taker) or `handful simple|double|triple` with the cards shown"),
                ),
            }
        }
    }

    /// Every card against the hand it came from (FR-PLAY-2..5,
    /// FR-EXCUSE-2), and the trick events.
    fn play(&mut self) {
        let record = self.deal.record;
        let partial = record.is_partial();
        let mut hands = self.playing;
        // Half points of the taker and of the defence, trick by trick.
        let mut count = [0u32; 2];
        for (t, trick) in record.tricks.iter().take(TRICKS).enumerate() {
            if self.wrong_trick.is_some_and(|w| t + 1 >= w as usize) {
                // Who played what from here on is unknown: the deal is void
                // (FR-DEAL-3) and nothing after it is judged.
                break;
            }
            let l = self.laid[t];
            let mut led: Option<Lead> = None;
            let mut top = 0u8;
            for i in 0..l.n {
                let (seat, card) = (l.seats[i], l.cards[i]);
                let item = &trick.plays[i];
                let mut hand = hands[seat as usize];
                if self.floating.remove(card) {
                    hand.insert(card);
                }
                if !hand.contains(card) {
                    if !partial {
                        let holder = (0..SEATS).find(|s| hands[*s as usize].contains(card));
                        let whose = match holder {
                            Some(h) => format!("seat {h} holds it"),
                            None => "it is in no hand".into(),
                        };
                        self.push(
                            Problem::new(
                                Kind::Other,
                                format!("seat {seat} plays {card}, which is not in his hand ({whose})"),
                            )
                            .rule("FR-IRREG-1")
                            .seat(seat)
                            .trick(t + 1)
                            .card(card)
                            .at(item.span, "not in this hand")
                            .help("each player plays the cards he was dealt (the taker: after his discard); check the hands and the order of the trick"),
                        );
                        if let Some(h) = holder {
                            hands[h as usize].remove(card);
                        }
                    }
                } else if let Some(lead) = led {
                    let legal = legal_plays(hand, led, top);
                    if !legal.contains(card) {
                        let (rule, why) = duty_broken(hand, lead, top, card);
                        self.push(
                            Problem::new(
                                Kind::Revoke,
                                format!("seat {seat} plays {card} in trick {}: {why}", t + 1),
                            )
                            .rule(rule)
                            .seat(seat)
                            .trick(t + 1)
                            .card(card)
                            .at(item.span, "played here")
                            .help(match rule {
                                "FR-PLAY-2" => "a player must follow the suit led; void in it, he must trump (the excuse may always be played instead)",
                                "FR-PLAY-3" => "when trumps are led, a player who holds trumps must play one (the excuse may always be played instead)",
                                _ => "whenever a trump must be played, it must beat the highest trump in the trick if the player holds such a trump",
                            }),
                        );
                    }
                }
                hands[seat as usize].remove(card);
                if item.name.is_some() || item.rename.is_some() {
                    self.push(
                        Problem::new(Kind::FoolMisuse, "in French Tarot the excuse names no suit")
                            .rule("FR-EXCUSE-2")
                            .seat(seat)
                            .trick(t + 1)
                            .card(card)
                            .at(item.span, "no suit is named")
                            .help("when the excuse is led, the second card sets the suit; write the excuse as plain `EX`"),
                    );
                }
                if led.is_none() {
                    led = lead_of(card);
                    if i == 1 && l.cards[0].is_fool() {
                        if let Some(lead) = led {
                            let text = format!(
                                "the excuse was led: {card} sets {} for the trick",
                                match lead {
                                    Lead::Trumps => "trumps".to_owned(),
                                    Lead::Suit(s) => suit_name(s).to_owned(),
                                }
                            );
                            self.rule(Moment::Trick(t as u16 + 1), "FR-EXCUSE-2", text);
                        }
                    }
                }
                if let Some(n) = card.trump_number() {
                    top = top.max(n);
                }
            }
            let reason = match l.win {
                Win::Trump(c) => ["highest trump (", c.code(), ")"].concat(),
                Win::Suit(c) => ["highest card of the suit led (", c.code(), ")"].concat(),
                Win::SlamExcuse => {
                    "the excuse wins the last trick of a slam (FR-EXCUSE-4)".to_owned()
                }
                Win::Nothing => "no card but the excuse".to_owned(),
            };
            self.report.events.push(Event::Trick {
                trick: t as u16 + 1,
                leader: l.leader,
                winner: l.winner,
                reason,
            });
            if let Some(taker) = self.taker {
                let side = |s: Seat| usize::from(s != taker);
                for i in 0..l.n {
                    let c = l.cards[i];
                    // FR-EXCUSE-3: the excuse stays with its side before the last trick.
                    let to = if c.is_fool() && t < TRICKS - 1 {
                        side(l.seats[i])
                    } else {
                        side(l.winner)
                    };
                    count[to] += half_points(c);
                }
                let half = |h: u32| {
                    if h % 2 == 0 {
                        (h / 2).to_string()
                    } else {
                        format!("{}.5", h / 2)
                    }
                };
                self.report.events.push(Event::Count {
                    trick: t as u16 + 1,
                    sides: vec![
                        (format!("the taker (seat {taker})"), half(count[0])),
                        ("the defence".to_owned(), half(count[1])),
                    ],
                });
            }
        }
    }

    /// FR-SCORE-1..8, FR-SLAM-3, FR-HANDFUL-4, FR-EXCUSE-3..5.
    fn settle(&mut self, state: &mut SessionState) {
        let void_reason = if self.bare_petit {
            Some("a hand held the petit bare: the deal is not played and scores 0 (FR-DEAL-2)")
        } else if !self.dealt_ok {
            Some("the deal is void (FR-DEAL-3): it scores 0")
        } else if self.wrong_trick.is_some() {
            Some("a trick has a card missing or one too many: a wrong number of cards found in play makes the deal void (FR-DEAL-3): it scores 0")
        } else if self.all_passed {
            Some("no one took: the deal scores 0 (FR-BID-3)")
        } else {
            None
        };
        if let Some(why) = void_reason {
            self.rule(Moment::Settlement, "FR-SCORE-8", why.to_owned());
            self.finish(state, [0; 4]);
            return;
        }
        let (Some(taker), Some(contract)) = (self.taker, self.contract) else {
            return;
        };
        let complete = self.laid.len() == TRICKS && self.laid.iter().all(|l| l.n == 4);
        if !complete {
            self.rule(
                Moment::Settlement,
                "FR-PLAY-1",
                format!(
                    "only {} complete tricks of 18: the deal cannot be scored",
                    self.laid.iter().filter(|l| l.n == 4).count()
                ),
            );
            return;
        }
        let keep = self.deal.options.get("excuse_exchange") == "keep";
        let mult = contract.multiplier();
        // Card points in half points, and the taker's oudlers.
        let mut taker_half: u32 = 0;
        let mut oudlers = 0;
        let mut held = CardSet::EMPTY;
        let mut played = CardSet::EMPTY;
        let mut taker_tricks = 0;
        let exception = self.laid[TRICKS - 1].win == Win::SlamExcuse;
        for (t, l) in self.laid.iter().enumerate() {
            let taker_wins = l.winner == taker;
            if taker_wins {
                taker_tricks += 1;
            }
            for i in 0..4 {
                let c = l.cards[i];
                played.insert(c);
                let mine = l.seats[i] == taker;
                let mut v = half_points(c);
                let mut taker_gets = taker_wins;
                if c.is_fool() && t < TRICKS - 1 && mine != taker_wins {
                    // FR-EXCUSE-3: it stays with its side; FR-EXCUSE-5.
                    taker_gets = mine;
                    if !keep {
                        v = 8;
                        if taker_wins {
                            taker_half += 1;
                        }
                    }
                    let side = if mine { "the taker" } else { "the defence" };
                    self.report.events.push(Event::Rule {
                        at: Moment::Trick(t as u16 + 1),
                        rule: "FR-EXCUSE-3",
                        text: format!(
                            "the excuse stays with {side}{}",
                            if keep {
                                ""
                            } else {
                                ", which gives a card worth 0.5 in exchange (FR-EXCUSE-5)"
                            }
                        ),
                    });
                }
                if taker_gets {
                    taker_half += v;
                    if is_oudler(c) {
                        oudlers += 1;
                        held.insert(c);
                    }
                }
            }
        }
        // The discard (take, guard) or the dog (guard without) for the taker;
        // the dog for the defenders after a guard against (FR-SCORE-1).
        let rest = Variant::FrenchTarot.deck().difference(played);
        if contract != Contract::GuardAgainst {
            for c in rest.iter() {
                taker_half += half_points(c);
                if is_oudler(c) {
                    oudlers += 1;
                    held.insert(c);
                }
            }
        }
        let target = target(oudlers);
        let made = taker_half as i64 >= 2 * target;
        // Half points (Option excuse_exchange = keep) round down, in the
        // defenders' favour (open question 1).
        let points = taker_half as i64 / 2;
        let d = (points - target).abs();
        let sign = if made { 1 } else { -1 };
        let points_text = if taker_half % 2 == 1 {
            format!("{points}.5")
        } else {
            points.to_string()
        };
        self.rule(
            Moment::Settlement,
            "FR-SCORE-1",
            format!(
                "seat {taker} has {points_text} points with {oudlers} oudler(s){}",
                if held.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", list(held))
                }
            ),
        );
        self.rule(
            Moment::Settlement,
            "FR-SCORE-2",
            format!(
                "the target with {oudlers} oudler(s) is {target}: the {} is {} by {d}",
                contract.word(),
                if made { "made" } else { "lost" }
            ),
        );
        let mut items: Vec<(i64, &'static str, String)> = Vec::new();
        items.push((
            sign * (25 + d) * mult,
            "FR-SCORE-3",
            format!(
                "{} {} by {d}: (25 + {d}) × {mult}",
                contract.word(),
                if made { "made" } else { "lost" }
            ),
        ));
        // FR-SCORE-4: petit au bout.
        let last = &self.laid[TRICKS - 1];
        let petit_last = last.cards.contains(&Card::PAGAT);
        let petit_17 = exception && self.laid[TRICKS - 2].cards.contains(&Card::PAGAT);
        if petit_last || petit_17 {
            let taker_side = last.winner == taker;
            items.push((
                if taker_side { 10 * mult } else { -10 * mult },
                "FR-SCORE-4",
                format!(
                    "petit au bout{} won by the {}: 10 × {mult}",
                    if petit_17 {
                        " (trick 17, slam exception)"
                    } else {
                        ""
                    },
                    if taker_side { "taker" } else { "defence" }
                ),
            ));
        }
        // FR-HANDFUL-4: to the side that wins the deal.
        for &(seat, bonus) in &self.handfuls {
            items.push((
                sign * bonus,
                "FR-HANDFUL-4",
                format!(
                    "handful of seat {seat}: {bonus} to the {}",
                    if made { "taker" } else { "defence" }
                ),
            ));
        }
        // FR-SLAM-3.
        let taker_slam = taker_tricks == TRICKS;
        let defence_slam = taker_tricks == 0;
        if self.slam_declared {
            if taker_slam {
                items.push((400, "FR-SLAM-3", "slam declared and made".into()));
            } else {
                items.push((-200, "FR-SLAM-3", "slam declared and not made".into()));
            }
        } else if taker_slam {
            items.push((200, "FR-SLAM-3", "slam made without declaration".into()));
        }
        if defence_slam {
            let bonus = self.deal.options.number("defence_slam");
            if bonus != 0 {
                items.push((-bonus, "FR-SLAM-3", "slam made by the defence".into()));
            }
        }
        let u: i64 = items.iter().map(|i| i.0).sum();
        if self.irregular {
            self.rule(
                Moment::Settlement,
                "FR-IRREG-2",
                format!("the deal has irregularities and scores 0 for everyone (had it been regular, the taker would have scored {:+})", 3 * u),
            );
            self.finish(state, [0; 4]);
            return;
        }
        let mut totals = [0i64; 4];
        for (amount, rule, reason) in items {
            for def in (0..SEATS).filter(|&s| s != taker) {
                let (payer, payee) = if amount >= 0 {
                    (def, taker)
                } else {
                    (taker, def)
                };
                if amount == 0 {
                    continue;
                }
                totals[payee as usize] += amount.abs();
                totals[payer as usize] -= amount.abs();
                self.report.pay(Payment {
                    payer: Party::Seat(payer),
                    payee: Party::Seat(payee),
                    amount: amount.abs(),
                    rule,
                    reason: reason.clone(),
                    at: Moment::Settlement,
                });
            }
        }
        self.rule(
            Moment::Settlement,
            "FR-SCORE-6",
            format!("u = {u}: seat {taker} {:+}, each defender {:+}", 3 * u, -u),
        );
        self.finish(state, totals);
    }

    fn finish(&mut self, _state: &mut SessionState, totals: [i64; 4]) {
        self.report.totals = totals.to_vec();
        self.report.settled = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(codes: &[&str]) -> CardSet {
        codes.iter().map(|c| c.parse::<Card>().unwrap()).collect()
    }

    #[test]
    fn pack_totals_91_points() {
        let total: u32 = Variant::FrenchTarot.deck().iter().map(half_points).sum();
        assert_eq!(total, 182);
    }

    #[test]
    fn duties_of_play() {
        let hand = set(&["S3", "H5", "T4", "T9", "EX"]);
        let spades = legal_plays(hand, Some(Lead::Suit(Suit::Spades)), 0);
        assert_eq!(spades, set(&["S3", "EX"]));
        let clubs = legal_plays(hand, Some(Lead::Suit(Suit::Clubs)), 5);
        assert_eq!(clubs, set(&["T9", "EX"]));
        let under = legal_plays(hand, Some(Lead::Trumps), 12);
        assert_eq!(under, set(&["T4", "T9", "EX"]));
        let none = legal_plays(set(&["S3", "H5"]), Some(Lead::Trumps), 12);
        assert_eq!(none, set(&["S3", "H5"]));
        assert_eq!(legal_plays(hand, None, 0), hand);
    }

    #[test]
    fn targets() {
        assert_eq!([0, 1, 2, 3].map(target), [56, 51, 41, 36]);
    }
}
