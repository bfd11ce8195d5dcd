//! The discard (KR-DISCARD-1..4): after taking talon cards the bidder lays
//! away as many; never a king or a trull card; in three of suits the
//! tarocks first. One discard is one finding (KR-DISCARD-1 as amended,
//! README ALL-6), and a discard the record gets wrong is replaced by the
//! cards the bidder never plays (KR-DISCARD-4).

use notation::Kind;
use notation::Rule;
use notation::Seat;
use notation::{Action, Card, CardSet, Discard, Game, Item, Problem};

use super::deal::card_set;
use super::rules::*;
use super::Replay;
use crate::Moment;

/// The rule ids of a discard in the digest's order (one finding carries the
/// first, README "One fault, one finding").
const ORDER: [Rule; 4] = [
    Rule::KrDiscard1,
    Rule::KrDiscard2,
    Rule::KrDiscard3,
    Rule::KrDiscard4,
];

impl Replay<'_> {
    /// KR-DISCARD-1..4: the cards the bidder lays away after taking talon
    /// cards; they count for its team (KR-SCORE-1). `round`: the entries of
    /// the call round, to know whether the record goes on past the discard.
    pub(super) fn discard(&mut self, round: &[Action]) {
        let rec = self.rec;
        let game = self.state.game();
        let b = self.state.bidder;
        let expected = self.discard_due();
        let Some(d) = &rec.discard else {
            // KR-DISCARD-1 as amended: a missing discard is reported only
            // when the record goes on to the call round or the play.
            if expected > 0 && (!round.is_empty() || !rec.tricks.is_empty()) {
                let span = self.calls_span();
                self.out.fault(||
                    Problem::new(Kind::IllegalDiscard, format!("the bidder (seat {b}) lays away no cards; {expected} are due"))
                        .rule(Rule::KrDiscard1)
                        .seat(b)
                        .at(span, "discard missing after this")
                        .help(format!("after taking the talon the bidder lays away as many cards: `discard {b}: ...`; KR-DISCARD-4: the cards he never plays are taken as his discard")),
                );
                self.discard_never_played();
            }
            return;
        };
        if expected == 0 {
            // "A discard where none is allowed": no effect, the bidder
            // keeps his cards (KR-TALON-1 as amended).
            self.out.fault(||
                Problem::new(
                    Kind::IllegalDiscard,
                    if is_negative(game) || is_solo(game) {
                        format!("there is no discard in {}", game.word())
                    } else {
                        "the bidder took no talon cards, so it lays none away".to_string()
                    },
                )
                    .rule(Rule::KrDiscard1)
                    .seat(d.seat)
                    .at(d.span, "no discard in this game")
                    .help("only a bidder who took talon cards lays cards away; solo and negative games have no discard; the discard has no effect"),
            );
            return;
        }
        let mut faults = Vec::new();
        let wrong = self.discard_header(d, expected, &mut faults);
        let wrong = self.discard_cards(d, wrong, &mut faults);
        if let Some(mut p) = crate::finding::one_finding(
            faults,
            &ORDER,
            "one discard, one improper discard (KR-DISCARD-1, README ALL-6)",
        ) {
            if wrong {
                p.help.push_str("; KR-DISCARD-4: such a discard has no effect, the bidder's discard is the cards of his hand after the pick-up that he never plays");
            }
            self.out.push(p);
        }
        if wrong {
            self.discard_never_played();
        } else {
            self.state.discard = card_set(&d.cards);
        }
    }

    /// How many cards the bidder lays away (KR-DISCARD-1): as many as he
    /// took from the talon, six in six threes; none where no talon pile
    /// was taken (a missing choice, KR-TALON-1).
    fn discard_due(&self) -> usize {
        match self.state.game() {
            Game::SixThrees => 6,
            g if !is_negative(g) && !is_solo(g) && self.state.taken.is_some() => 3,
            _ => 0,
        }
    }

    /// The cards the bidder may lay away next, `chosen` laid already (a
    /// discard laid card by card, `crate::game`): those that some whole
    /// discard holds with the cards chosen that [`Replay::discard`] finds
    /// nothing against (KR-DISCARD-1: as many different cards of his hand
    /// after the pick-up as are due; KR-DISCARD-2: no king, no trull card,
    /// [`barred`]; KR-DISCARD-3: in three of suits a suit card only with
    /// every other tarock, [`suit_cards_may_go`]). `None` where no discard
    /// is due or the cards chosen are none of a proper discard (the game
    /// judges those).
    pub(super) fn next_discard_cards(&self, chosen: &[Card]) -> Option<CardSet> {
        let due = self.discard_due();
        let b = self.state.bidder;
        let hand = self.state.hand[b].union(self.state.dealt[b]);
        let laid: CardSet = chosen.iter().copied().collect();
        // KR-DISCARD-2 on masks: the cards `barred` bars.
        let barred_cards = kings().union(trull());
        if due == 0
            || chosen.len() >= due
            || laid.len() as usize != chosen.len()
            || !laid.difference(hand).is_empty()
            || !laid.intersection(barred_cards).is_empty()
        {
            return None;
        }
        let allowed = hand.difference(barred_cards);
        debug_assert_eq!(allowed, hand.iter().filter(|&c| !barred(c)).collect());
        let (game, no_suit) = (self.state.game(), self.opts.no_suit_discard);
        // Whether some whole discard of `due` cards holds `with` and other
        // allowed cards: without a suit card, or, in three of suits, with
        // every tarock but the trull (the plainest such discard).
        let fills = |with: CardSet| {
            let rest = allowed.difference(with);
            let need = due - with.len() as usize;
            if game != Game::ThreeOfSuits {
                return rest.len() as usize >= need;
            }
            let tarocks = hand.intersection(tarocks()).difference(trull());
            let plain = with.intersection(suit_cards()).is_empty()
                && rest.intersection(tarocks).len() as usize >= need;
            let whole = with.union(tarocks);
            let suits = rest.difference(tarocks).intersection(suit_cards());
            // (A whole discard without a suit card is a plain one.)
            let suited = whole.len() as usize <= due
                && suits.len() as usize >= due - whole.len() as usize
                && suit_cards_may_go(game, no_suit, hand, whole);
            plain || suited
        };
        let open = allowed.difference(laid);
        let each = || {
            open.iter()
                .filter(|&c| {
                    let mut with = laid;
                    with.insert(c);
                    fills(with)
                })
                .collect()
        };
        if game == Game::ThreeOfSuits {
            return Some(each());
        }
        // Elsewhere a card `c` of `open` fills a discard when the allowed
        // cards left, `open` less `c`, are as many as the cards still due
        // after it: whether `open` holds as many as are due now, the same
        // for every card (`fills`, held equal in debug builds).
        let due_now = due - chosen.len();
        let set = if open.len() as usize >= due_now {
            open
        } else {
            CardSet::EMPTY
        };
        debug_assert_eq!(set, each(), "the cards a discard may take");
        Some(set)
    }

    /// KR-DISCARD-1: the bidder lays away exactly as many different cards
    /// of his hand as he took (README ALL-6). Returns whether the discard is
    /// one the record gets wrong (KR-DISCARD-4).
    fn discard_header(&mut self, d: &Discard, expected: usize, faults: &mut Vec<Problem>) -> bool {
        let b = self.state.bidder;
        let mut wrong = false;
        if d.seat != b {
            wrong = true;
            faults.push(
                Problem::new(
                    Kind::IllegalDiscard,
                    format!(
                        "seat {} lays away cards, but seat {b} is the bidder",
                        d.seat
                    ),
                )
                .rule(Rule::KrDiscard1)
                .seat(d.seat)
                .at(d.span, "not the bidder")
                .help("only the bidder lays away cards; a discard recorded for another seat has no effect: no card leaves any hand"),
            );
        }
        let different = card_set(&d.cards).len() as usize;
        if d.cards.len() != expected || different != d.cards.len() {
            wrong = true;
            let twice = if different != d.cards.len() {
                format!(" ({} different)", different)
            } else {
                String::new()
            };
            faults.push(
                Problem::new(
                    Kind::IllegalDiscard,
                    format!(
                        "seat {} lays away {} cards{twice}, not {expected}",
                        d.seat,
                        d.cards.len()
                    ),
                )
                .rule(Rule::KrDiscard1)
                .seat(d.seat)
                .at(d.span, format!("{} cards", d.cards.len()))
                .help("the bidder lays away exactly as many different cards as he took: 3 (six threes: 6)"),
            );
        }
        wrong
    }

    /// KR-DISCARD-1..3 for each card laid away; returns through `faults`.
    /// `wrong`: the discard already breaks KR-DISCARD-1.
    fn discard_cards(&mut self, d: &Discard, mut wrong: bool, faults: &mut Vec<Problem>) -> bool {
        let game = self.state.game();
        let s = d.seat;
        let b = self.state.bidder;
        // The hand the discard comes from: the bidder's after the pick-up;
        // another seat's as dealt.
        let h = if s == b {
            self.state.hand[b].union(self.state.dealt[b])
        } else if s.number() < 4 {
            self.state.dealt[s]
        } else {
            CardSet::EMPTY
        };
        let discarded = card_set(&d.cards);
        let mut suit_reported = false;
        let mut seen = CardSet::EMPTY;
        // The KR-DISCARD-3 reason goes on one suit card: a king when one is
        // laid away, else the first suit card.
        let suit_carrier = d
            .cards
            .iter()
            .map(|i| i.card)
            .filter(|c| c.suit().is_some())
            .find(|c| c.is_king())
            .or_else(|| d.cards.iter().map(|i| i.card).find(|c| c.suit().is_some()));
        for item in &d.cards {
            let c = item.card;
            if !seen.insert(c) {
                continue; // written twice: counted in the header
            }
            if !h.contains(c) {
                wrong = true;
                faults.push(not_held(s, item));
            }
            if barred(c) {
                faults.push(never_laid_away(s, item));
            }
            if game == Game::ThreeOfSuits
                && suit_carrier == Some(c)
                && !suit_reported
                && !suit_cards_may_go(game, self.opts.no_suit_discard, h, discarded)
            {
                suit_reported = true;
                faults.push(tarock_first(s, item, self.opts.no_suit_discard));
            }
        }
        wrong
    }

    /// KR-DISCARD-4: a discard the record gets wrong (missing, for another
    /// seat, not exactly 3 (6) different held cards) is taken to be the
    /// cards of the bidder's hand after the pick-up that he never plays in
    /// the record; he plays from the rest.
    fn discard_never_played(&mut self) {
        let b = self.state.bidder;
        let hand = self.state.hand[b].union(self.state.dealt[b]);
        let discard = hand.difference(self.plays_of(b));
        self.state.discard = discard;
        self.state.discard_guessed = true;
        // A record that stops before the bidder's last card: the cards not
        // yet played are not all laid away. The holding checks of the call
        // round then give them to him (KR-ANN-7); the play judges him by the
        // cards he plays, and such a deal is not settled on its points.
        let due = if self.state.game() == Game::SixThrees {
            6
        } else {
            3
        };
        self.state.discard_open = discard.len() > due && self.rec.tricks.len() < 12;
        self.out.event(
            Moment::Discard,
            Rule::KrDiscard4,
            crate::reason::Lazy(|| {
                format!(
                    "the discard is taken to be the cards seat {b} never plays: {}",
                    list(discard)
                )
            }),
        );
    }
}

/// KR-DISCARD-2: kings and trull cards are never laid away.
fn barred(c: Card) -> bool {
    c.is_king() || trull().contains(c)
}

/// KR-DISCARD-3: whether a discard of `game` laying away `discarded` from
/// `hand` may hold a suit card: in three of suits only once the tarocks
/// other than the trull are all laid away, and never with Option
/// `suits_discard = no-suit-cards` (`no_suit`).
fn suit_cards_may_go(game: Game, no_suit: bool, hand: CardSet, discarded: CardSet) -> bool {
    let tarocks = hand.intersection(tarocks()).difference(trull());
    game != Game::ThreeOfSuits || !no_suit && tarocks.difference(discarded).is_empty()
}

/// KR-DISCARD-1: the card is not in the bidder's hand after the pick-up.
fn not_held(b: Seat, item: &Item) -> Problem {
    let c = item.card;
    Problem::new(
        Kind::IllegalDiscard,
        format!("seat {b} lays away {c}, which it does not hold"),
    )
    .rule(Rule::KrDiscard1)
    .seat(b)
    .card(c)
    .at(item.span, "not in hand")
    .help("the discard comes from the bidder's hand after the talon pick-up")
}

/// KR-DISCARD-2: kings and trull cards stay in the hand.
fn never_laid_away(b: Seat, item: &Item) -> Problem {
    let c = item.card;
    Problem::new(Kind::IllegalDiscard, format!("{c} may not be laid away"))
        .rule(Rule::KrDiscard2)
        .seat(b)
        .card(c)
        .at(
            item.span,
            if c.is_king() {
                "a king"
            } else {
                "a trull card"
            },
        )
        .help("kings and the trull cards (T1, T21, T22) are never discarded")
}

/// KR-DISCARD-3: in three of suits the non-trull tarocks go first (or,
/// with `suits_discard=no-suit-cards`, no suit card at all).
fn tarock_first(b: Seat, item: &Item, no_suit_discard: bool) -> Problem {
    let c = item.card;
    Problem::new(
        Kind::IllegalDiscard,
        format!("in three of suits {c} is laid away while tarock is kept"),
    )
    .rule(Rule::KrDiscard3)
    .seat(b)
    .card(c)
    .at(item.span, "suit card laid away")
    .help(if no_suit_discard {
        "with suits_discard=no-suit-cards no suit card may be laid away in three of suits"
    } else {
        "in three of suits the tarocks (other than the trull) are laid away before any suit card"
    })
}
