//! The deal (KR-DEAL-1, KR-DEAL-2): the hands and the talon piles as the
//! record gives them. The card count itself (KR-DEAL-1: every card once) is
//! a structural check done before the replay, whose one finding of a wrong
//! deal voids it here; the forehand (KR-DEAL-2) is set in
//! [`super::replay`].
//!
//! A record without hands (`record.is_partial()`) is replayed with each
//! seat's hand taken to be the cards it played (and the bidder's discard),
//! so a revoke still shows by a card of the suit led played later.

use notation::Rule;
use notation::Seat;
use notation::{Act, Card, CardSet, Game, PerSeat, Record};

use super::play::winner;
use super::rules::*;
use super::Replay;
use crate::Moment;

impl Replay<'_> {
    /// KR-DEAL-1 as amended (README ALL-1): a wrong deal is one finding by
    /// the dealer (the structural checks made it), nothing else of the deal
    /// is judged, and the deal is void: settled with nothing paid, since its
    /// tricks cannot be counted.
    pub(super) fn void_wrong_deal(&mut self, dealer: Seat) {
        for p in self.out.problems_mut() {
            if p.rule == Some(Rule::KrDeal1) {
                p.help
                    .push_str("; the deal is void: settled with nothing paid (KR-DEAL-1)");
            }
        }
        self.out.event(
            Moment::Deal,
            Rule::KrDeal1,
            format_args!("the deal is wrong (dealt by seat {dealer}): nothing else of it is judged, and it is void; nobody pays"),
        );
        self.out.void();
        self.out.settled();
    }

    /// The hands and the talon, or for a partial record the cards each seat
    /// played (a pre-pass over the tricks finds who played what).
    pub(super) fn read_deal(&mut self) {
        let rec = self.rec;
        if let Some(t) = &rec.talon {
            // The piles straight from the record's cards (no list of them
            // made and dropped for every deal).
            let cards = || t.cards.iter().map(|i| i.card);
            self.state.talon[0] = cards().take(3).collect();
            self.state.talon[1] = cards().skip(3).take(3).collect();
        }
        if !self.state.partial {
            for h in &rec.hands {
                if h.seat.number() < 4 {
                    self.state.dealt[h.seat] = card_set(&h.cards);
                }
            }
            return;
        }
        let (game, bidder) = self.game_as_bid();
        self.hands_from_tricks(game, bidder);
        self.bidder_hand_before_discard(game);
    }

    /// The game and bidder as the auction leaves them (checked later).
    fn game_as_bid(&self) -> (Game, Seat) {
        let mut game = None;
        let mut bidder = self.state.forehand;
        if let Some(a) = &self.rec.auction {
            for act in &a.actions {
                if let Act::Bid { game: g } = act.act {
                    if is_game(g) && act.seat.number() < 4 {
                        game = Some(g);
                        bidder = act.seat;
                    }
                }
            }
        }
        (game.unwrap_or(Game::Caller), bidder)
    }

    /// A partial record: each seat held the cards it played.
    fn hands_from_tricks(&mut self, g: Game, bidder: Seat) {
        let mut dealt: PerSeat<CardSet> = PerSeat::new(4);
        self.each_play(g, bidder, |seat, card| {
            dealt[seat].insert(card);
        });
        self.state.dealt = dealt;
    }

    /// The cards `seat` plays in the judged tricks (KR-DISCARD-4: what the
    /// bidder never plays is his discard).
    pub(super) fn plays_of(&self, seat: Seat) -> CardSet {
        let mut set = CardSet::EMPTY;
        self.each_play(self.state.game(), self.state.bidder, |s, card| {
            if s == seat {
                set.insert(card);
            }
        });
        set
    }

    /// Who plays which card of the judged tricks, before the replay: the
    /// written leader, else the winner of the trick before (KR-PLAY-1,
    /// KR-PLAY-8).
    fn each_play(&self, g: Game, bidder: Seat, mut f: impl FnMut(Seat, Card)) {
        let mut leader = if is_negative(g) {
            bidder
        } else {
            self.state.forehand
        };
        let judged = self.cut.unwrap_or(usize::MAX).min(12);
        for trick in self.rec.tricks.iter().take(judged) {
            if let Some(l) = trick.leader.filter(|&l| l.number() < 4) {
                leader = l;
            }
            let mut cards = [Card::PAGAT; 4];
            let n = trick.plays.len().min(4);
            for (i, item) in trick.plays.iter().take(4).enumerate() {
                cards[i] = item.card;
                f(leader.after(i, 4), item.card);
            }
            if n == 0 {
                continue;
            }
            let w = winner(&cards[..n], g, &self.opts);
            leader = leader.after(w, 4);
        }
    }

    /// A partial record: the bidder also held what it laid away, less the
    /// talon cards it took (KR-TALON-1, KR-TALON-4).
    fn bidder_hand_before_discard(&mut self, g: Game) {
        let rec = self.rec;
        if let Some(d) = &rec.discard {
            if d.seat.number() < 4 {
                let mut h = self.state.dealt[d.seat].union(card_set(&d.cards));
                let taken = talon_taken(rec);
                if g == Game::SixThrees {
                    h = h.difference(self.state.talon[0].union(self.state.talon[1]));
                } else if let Some(half) = taken {
                    h = h.difference(self.state.talon[half as usize & 1]);
                }
                self.state.dealt[d.seat] = h;
            }
        }
    }
}

pub(super) fn card_set(items: &[notation::Item]) -> CardSet {
    items.iter().map(|i| i.card).collect()
}

/// The talon pile the record says the bidder took.
fn talon_taken(rec: &Record) -> Option<u8> {
    rec.calls
        .as_ref()?
        .actions
        .iter()
        .find_map(|a| match a.act {
            Act::Talon { half } => Some(half),
            _ => None,
        })
}
