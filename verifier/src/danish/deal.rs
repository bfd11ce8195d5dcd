//! The deal and misdeal (DK-DEAL-1 to DK-DEAL-4, with the dealer fee
//! DK-PAY-1 and the re-deal of DK-SEAT-3): the dealer's fee, a wrong deal
//! found before or during play, the dealt hands (inferred from the play
//! in a partial record), and misdeal demands by a player dealt no trump.

use notation::Kind;
use notation::Rule;
use notation::{Act, Action, Card, CardSet, Party, PerSeat, Pot, Problem, Record};

use super::cards::TRUMPS;
use super::play::{effective_lead, trick_winner};
use super::state::Game;
use super::{End, Engine};
use crate::Moment;

impl Engine {
    /// DK-PAY-1: the dealer pays 5 into each pot before dealing; not again
    /// when he deals again, unless Option `redeal_fee` (DK-SEAT-3).
    pub(super) fn pay_dealer_fee(&mut self, redeal: bool) {
        let d = self.seating.dealer;
        if redeal && !self.o.redeal_fee {
            self.out.rule_event(
                Moment::Deal,
                Rule::DkSeat3,
                format_args!(
                    "seat {d} deals again and pays no second dealer fee (Option redeal_fee)"
                ),
            );
        } else {
            for pot in [Pot::King, Pot::Pagat] {
                self.out.payment(
                    Party::Seat(d),
                    Party::Pot(pot),
                    5,
                    Rule::DkPay1,
                    "dealer's fee",
                    Moment::Deal,
                    true,
                );
            }
        }
    }

    /// DK-DEAL-3 (README ALL-1): a wrong deal is one finding, given by the
    /// structural check by the dealer; nothing else of the deal is judged.
    /// Found before play (no trick recorded), or a card dealt twice or not in
    /// the pack: the dealer's misdeal, 5 into each pot, the same dealer deals
    /// again. Wrong hand sizes with tricks recorded: a wrong number of cards
    /// found during play, by the first holder of a wrong hand in declaring
    /// order, 40 into each pot, the deal abandoned.
    pub(super) fn wrong_deal(&mut self, record: &Record) -> Option<End> {
        if !self.wrong_deal {
            return None;
        }
        let d = self.seating.dealer;
        let holder = self.wrong_hand_holder(record);
        let kinds = [Kind::UnknownCard, Kind::DuplicateCard, Kind::WrongCardCount];
        let problem = self
            .out
            .report
            .problems
            .iter_mut()
            .find(|p| kinds.contains(&p.kind))?;
        let kind = problem.kind;
        problem.rule = Some(Rule::DkDeal3);
        let during = kind == Kind::WrongCardCount && !record.tricks.is_empty();
        if let (true, Some(s)) = (during, holder) {
            let hands = problem
                .message
                .split_once("): ")
                .map_or(problem.message.clone(), |(_, h)| h.to_owned());
            problem.message = format!("seat {s} holds the wrong number of cards in play: {hands}");
            problem.seat = Some(s);
            // The holder's hand is the place shown first.
            let span = record.hands.iter().find(|h| h.seat == s).map(|h| h.span);
            if let Some(i) = problem
                .also
                .iter()
                .position(|(a, _)| span.is_some_and(|h| a.start == h.start && a.end == h.end))
            {
                if let Some(first) = problem.span {
                    let (a, label) = std::mem::take(&mut problem.also[i]);
                    problem.also[i] = (first, std::mem::replace(&mut problem.label, label));
                    problem.span = Some(a);
                }
            }
            problem.help = "the wrong number of cards found in play: the first such hand in declaring order (dealer, next, third) pays 40 into each pot, and the deal is abandoned (DK-DEAL-3, DK-FINE-3); nothing else of the deal is judged".into();
            let at = Moment::Trick(1);
            let reason = "fine for holding the wrong number of cards in play".to_owned();
            self.out.fine(s, 40, Rule::DkDeal3, reason, at);
            self.out.abandon(at, Rule::DkDeal3);
            return Some(End::Settled);
        }
        problem.seat = Some(d);
        problem.help = "the dealer's misdeal: 5 into each pot, and he deals again (DK-DEAL-3); the hands must be 25, 25 and 28 cards (28 for the dealer), each card of the pack dealt once; nothing else of the deal is judged".into();
        self.out.fine(
            d,
            5,
            Rule::DkDeal3,
            format!("fine for a wrong deal ({kind})"),
            Moment::Deal,
        );
        self.out.rule_event(
            Moment::Deal,
            Rule::DkDeal3,
            format_args!("the deal is wrong ({kind}): not played, seat {d} deals again"),
        );
        Some(End::Redeal)
    }

    /// DK-DEAL-3: the first active player in declaring order (dealer, next,
    /// third) whose dealt hand has the wrong number of cards.
    fn wrong_hand_holder(&self, record: &Record) -> Option<notation::Seat> {
        let d = self.seating.dealer;
        self.seating.order.into_iter().find(|&s| {
            let n = record
                .hands
                .iter()
                .find(|h| h.seat == s)
                .map_or(0, |h| h.cards.len());
            n != if s == d { 28 } else { 25 }
        })
    }

    /// The dealt hands (partial records: the cards each seat played) and
    /// the skat laid.
    pub(super) fn dealt_hands(&self, record: &Record) -> Game {
        let d = self.seating.dealer;
        let mut hands: PerSeat<CardSet> = PerSeat::new(self.seating.seats);
        let skat: CardSet = record
            .discard
            .iter()
            .flat_map(|x| x.cards.iter().map(|i| i.card))
            .collect();
        let complete;
        if record.is_partial() {
            self.derive_hands(record, &mut hands);
            if record.discard.as_ref().is_some_and(|x| x.seat == d) {
                hands[d] = hands[d].union(skat);
            }
            // Inferred hands are not judged before play: an irregularity
            // later in the deal changes who played what after it.
            complete = false;
        } else {
            for h in &record.hands {
                hands[h.seat] = h.cards.iter().map(|i| i.card).collect();
            }
            complete = true;
        }
        Game::new(hands, skat, complete, self.seating.next(d))
    }

    /// The hands of a partial record: who played what, following the
    /// leaders the record writes or implies.
    fn derive_hands(&self, record: &Record, hands: &mut PerSeat<CardSet>) {
        let mut leader = self.seating.next(self.seating.dealer);
        for trick in &record.tricks {
            let l = match trick.leader {
                Some(w) if self.seating.is_active(w) => w,
                _ => leader,
            };
            let seats = self.seating.from(l);
            let mut cards = [Card::FOOL; 3];
            for (i, item) in trick.plays.iter().enumerate().take(3) {
                // A card played twice belongs to its first player only.
                if !hands.values().iter().any(|h| h.contains(item.card)) {
                    hands[seats[i]].insert(item.card);
                }
                cards[i] = item.card;
            }
            let lead = effective_lead(&trick.plays);
            leader = seats[trick_winner(&cards, lead).0];
        }
    }

    /// DK-DEAL-4: the misdeal demands of the `calls:` section, in order;
    /// true if one is valid and the deal is not played.
    pub(super) fn misdeal_demanded(&mut self, record: &Record, game: &Game) -> bool {
        let Some(calls) = &record.calls else {
            return false;
        };
        calls
            .actions
            .iter()
            .any(|a| self.misdeal_demand(record, a, &game.hands, game.complete))
    }

    /// A misdeal demand (DK-DEAL-4); true if it is valid and the deal is
    /// not played.
    fn misdeal_demand(
        &mut self,
        record: &Record,
        a: &Action,
        hands: &PerSeat<CardSet>,
        complete: bool,
    ) -> bool {
        let s = a.seat;
        let bad = |msg: String| {
            Problem::new(Kind::IllegalCall, msg)
                .rule(Rule::DkDeal4)
                .seat(s)
                .at(a.span, "void demand")
        };
        if !matches!(a.act, Act::Misdeal) {
            self.out.irregular(
                bad("in Danish Tarok the only call before play is a misdeal demand".into())
                    .help("write declarations in `declare:` and fool calls as `trick 23 call N:`"),
                0,
                false,
                Moment::Calls,
            );
            return false;
        }
        if !self.seating.is_active(s) {
            self.out.irregular(
                bad(format!("seat {s} sits out and cannot demand a new deal")),
                0,
                false,
                Moment::Calls,
            );
            return false;
        }
        if !complete {
            return self.demand_in_partial_record(record, s);
        }
        if let Some(t) = hands[s].intersection(TRUMPS).iter().next() {
            self.out.irregular(
                bad(format!("seat {s} demands a new deal but holds a trump ({t})"))
                    .card(t)
                    .help("only a player dealt no trump (the fool does not count) may demand a new deal; the deal goes on"),
                0,
                false,
                Moment::Calls,
            );
            return false;
        }
        self.out.rule_event(
            Moment::Calls,
            Rule::DkDeal4,
            format_args!(
                "seat {s} was dealt no trump and demands a new deal: seat {} deals again",
                self.seating.dealer
            ),
        );
        true
    }

    /// A partial record: the hands are unknown. A demand with no trick
    /// after it was granted; with tricks, the deal was played.
    fn demand_in_partial_record(&mut self, record: &Record, s: notation::Seat) -> bool {
        if record.tricks.is_empty() {
            self.out.rule_event(
                Moment::Calls,
                Rule::DkDeal4,
                format_args!(
                    "seat {s} demands a new deal: seat {} deals again",
                    self.seating.dealer
                ),
            );
            return true;
        }
        false
    }
}
