//! The discard (KR-DISCARD-1..3): after taking talon cards the bidder lays
//! away as many; never a king or a trull card; in three of suits the
//! tarocks first.

use notation::Kind;
use notation::{Discard, Game, Item, Problem};

use super::deal::card_set;
use super::rules::*;
use super::Replay;

impl Replay<'_> {
    /// KR-DISCARD-1..3: the cards the bidder lays away after taking talon
    /// cards; they count for its team (KR-SCORE-1).
    pub(super) fn discard(&mut self) {
        let rec = self.rec;
        let game = self.state.game();
        let b = self.state.bidder;
        let expected = match game {
            Game::SixThrees => 6,
            // No talon pile taken (a missing choice, KR-TALON-1): nothing
            // to lay away.
            g if !is_negative(g) && !is_solo(g) && self.state.taken.is_some() => 3,
            _ => 0,
        };
        let Some(d) = &rec.discard else {
            if expected > 0 {
                let span = rec.calls.as_ref().map(|c| c.span).unwrap_or_default();
                self.out.push(
                    Problem::new(Kind::IllegalDiscard, format!("the bidder (seat {b}) lays away no cards; {expected} are due"))
                        .rule("KR-DISCARD-1")
                        .seat(b)
                        .at(span, "discard missing after this")
                        .help(format!("after taking the talon the bidder lays away as many cards: `discard {b}: ...`")),
                );
            }
            return;
        };
        if expected == 0 {
            self.out.push(
                Problem::new(
                    Kind::IllegalDiscard,
                    if is_negative(game) || is_solo(game) {
                        format!("there is no discard in {}", game.word())
                    } else {
                        "the bidder took no talon cards, so it lays none away".to_string()
                    },
                )
                    .rule("KR-DISCARD-1")
                    .seat(d.seat)
                    .at(d.span, "no discard in this game")
                    .help("only a bidder who took talon cards lays cards away; solo and negative games have no discard"),
            );
            return;
        }
        self.discard_header(d, expected);
        self.discard_cards(d);
    }

    /// KR-DISCARD-1: the bidder lays away as many cards as it took.
    fn discard_header(&mut self, d: &Discard, expected: usize) {
        let b = self.state.bidder;
        if d.seat != b {
            self.out.push(
                Problem::new(
                    Kind::IllegalDiscard,
                    format!(
                        "seat {} lays away cards, but seat {b} is the bidder",
                        d.seat
                    ),
                )
                .rule("KR-DISCARD-1")
                .seat(d.seat)
                .at(d.span, "not the bidder")
                .help("only the bidder lays away cards"),
            );
        }
        if d.cards.len() != expected {
            self.out.push(
                Problem::new(
                    Kind::IllegalDiscard,
                    format!(
                        "the bidder lays away {} cards, not {expected}",
                        d.cards.len()
                    ),
                )
                .rule("KR-DISCARD-1")
                .seat(b)
                .at(d.span, format!("{} cards", d.cards.len()))
                .help("the bidder lays away exactly as many cards as it took: 3 (six threes: 6)"),
            );
        }
    }

    /// KR-DISCARD-1..3 for each card laid away.
    fn discard_cards(&mut self, d: &Discard) {
        let game = self.state.game();
        let b = self.state.bidder;
        let h = self.state.hand[b as usize].union(self.state.dealt[b as usize]);
        let discarded = card_set(&d.cards);
        let non_trull_tarocks = h.intersection(tarocks()).difference(trull());
        let mut suit_reported = false;
        // The KR-DISCARD-3 finding goes on one suit card: a king when one is
        // laid away (it breaks KR-DISCARD-2 as well, and is then one fault
        // with it), else the first suit card.
        let suit_carrier = d
            .cards
            .iter()
            .map(|i| i.card)
            .filter(|c| c.suit().is_some())
            .find(|c| c.is_king())
            .or_else(|| d.cards.iter().map(|i| i.card).find(|c| c.suit().is_some()));
        for item in &d.cards {
            let c = item.card;
            // One card laid away against several rules is one fault (rules
            // README): one finding with the first rule id, the others named.
            let mut faults = Vec::new();
            if !h.contains(c) {
                faults.push(not_held(b, item));
            }
            if c.is_king() || trull().contains(c) {
                faults.push(never_laid_away(b, item));
            }
            if game == Game::ThreeOfSuits && suit_carrier == Some(c) && !suit_reported {
                let bad = self.opts.no_suit_discard
                    || !non_trull_tarocks.difference(discarded).is_empty();
                if bad {
                    suit_reported = true;
                    faults.push(tarock_first(b, item, self.opts.no_suit_discard));
                }
            }
            if let Some(p) = crate::finding::one_finding(
                faults,
                &["KR-DISCARD-1", "KR-DISCARD-2", "KR-DISCARD-3"],
                "one card laid away, one improper discard",
            ) {
                self.out.push(p);
            }
        }
        self.state.discard = discarded;
    }
}

/// KR-DISCARD-1: the card is not in the bidder's hand after the pick-up.
fn not_held(b: u8, item: &Item) -> Problem {
    let c = item.card;
    Problem::new(
        Kind::IllegalDiscard,
        format!("the bidder lays away {c}, which it does not hold"),
    )
    .rule("KR-DISCARD-1")
    .seat(b)
    .card(c)
    .at(item.span, "not in hand")
    .help("the discard comes from the bidder's hand after the talon pick-up")
}

/// KR-DISCARD-2: kings and trull cards stay in the hand.
fn never_laid_away(b: u8, item: &Item) -> Problem {
    let c = item.card;
    Problem::new(Kind::IllegalDiscard, format!("{c} may not be laid away"))
        .rule("KR-DISCARD-2")
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
fn tarock_first(b: u8, item: &Item, no_suit_discard: bool) -> Problem {
    let c = item.card;
    Problem::new(
        Kind::IllegalDiscard,
        format!("in three of suits {c} is laid away while tarock is kept"),
    )
    .rule("KR-DISCARD-3")
    .seat(b)
    .card(c)
    .at(item.span, "suit card laid away")
    .help(if no_suit_discard {
        "with suits_discard=no-suit-cards no suit card may be laid away in three of suits"
    } else {
        "in three of suits the tarocks (other than the trull) are laid away before any suit card"
    })
}
