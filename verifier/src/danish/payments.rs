//! Payments in play and after the last trick (DK-PAY-3 to DK-PAY-6) and
//! their interactions (DK-TOUT-1 to DK-TOUT-4): ultimo cards lost in play,
//! the pagat home, then tout, failed announced tout, nolo, ultimo, last
//! trick and bagud. The declarations (DK-PAY-2) are paid in
//! [`super::declarations`], the dealer fee (DK-PAY-1) in [`super::deal`].

use notation::Rule;
use notation::{Card, Party, Pot, Seat};

use super::cards::is_ultimo_card;
use super::pots::{pot_index, KING, PAGAT};
use super::sheet::{Item, Ult};
use super::state::{Game, LastTrick};
use super::Engine;
use crate::reason::{decimal, Reason};
use crate::Moment;

/// What happened after the last trick, as the settlement needs it
/// (DK-PAY-5, DK-TOUT, DK-COUNT): yielded by the play ([`Engine::ending`])
/// or stated by a score sheet ([`Ending::of_items`]).
#[derive(Debug, Default)]
pub(super) struct Ending {
    pub tout: Option<Seat>,
    /// The dealer, when his announced tout failed (DK-TOUT-2).
    pub failed_tout: Option<Seat>,
    pub nolo: Option<Seat>,
    pub ultimo: Option<(Seat, Ult)>,
    /// The winner of trick 25 when it is no ultimo, and no tout or nolo.
    pub last_trick: Option<Seat>,
    /// The ultimo cards of trick 25 that did not win it (the card for the
    /// payment's words, when known).
    pub bagud: Vec<(Seat, Ult, Option<Card>)>,
    /// The card points of the players who settle the count (DK-COUNT-2).
    pub counts: Vec<(Seat, i64)>,
}

impl Ending {
    /// The ending a score sheet's items state.
    pub fn of_items(items: &[Item]) -> Ending {
        let mut e = Ending::default();
        for item in items {
            match *item {
                Item::Tout(s) => e.tout = Some(s),
                Item::ToutFailed(s) => e.failed_tout = Some(s),
                Item::Nolo(s) => e.nolo = Some(s),
                Item::Ultimo(s, u) => e.ultimo = Some((s, u)),
                Item::LastTrick(s) => e.last_trick = Some(s),
                Item::Bagud(s, u, c) => e.bagud.push((s, u, c)),
                Item::Count(s, n) => e.counts.push((s, n)),
                _ => {}
            }
        }
        e
    }

    /// The ending as score-sheet items, pushed onto `out` (the deal's
    /// items, not a list made for them).
    pub fn push_items(&self, out: &mut Vec<Item>) {
        out.reserve(5 + self.bagud.len() + self.counts.len());
        out.extend(self.tout.map(Item::Tout));
        out.extend(self.failed_tout.map(Item::ToutFailed));
        out.extend(self.nolo.map(Item::Nolo));
        out.extend(self.ultimo.map(|(s, u)| Item::Ultimo(s, u)));
        out.extend(self.last_trick.map(Item::LastTrick));
        out.extend(self.bagud.iter().map(|&(s, u, c)| Item::Bagud(s, u, c)));
        out.extend(self.counts.iter().map(|&(s, n)| Item::Count(s, n)));
    }
}

impl Engine {
    /// DK-PAY-3: a king or the pagat played to a trick (1–24) it does not
    /// win costs its player 5 to each other player and 5 into its pot.
    pub(super) fn pay_ultimo_cards_lost(&mut self, t: usize, trick: &LastTrick) {
        let at = Moment::Trick(t as u16);
        let winner = trick.winner_seat();
        for (i, &c) in trick.cards.iter().enumerate() {
            let s = trick.seats[i];
            if is_ultimo_card(c) && s != winner {
                let mut n = [0; 20];
                let t = decimal(t as i64, &mut n);
                let reason = Reason::concat(&[c.code(), " lost in trick ", t]);
                self.pay_lost(s, c, at, reason);
            }
        }
    }

    /// DK-PAY-3 for one card: 5 to each other player, 5 into its pot.
    pub(super) fn pay_lost(&mut self, s: Seat, c: Card, at: Moment, reason: Reason) {
        if !self.out.abandoned {
            self.push_item(Item::Lost(s, c));
        }
        let pot = if c.is_king() { Pot::King } else { Pot::Pagat };
        self.pay_each(s, 5, Rule::DkPay3, reason.clone(), at);
        self.out
            .pay(Party::Seat(s), Party::Pot(pot), 5, Rule::DkPay3, reason, at);
    }

    /// DK-PAY-4: 5 from each other player to the pagat's winner.
    pub(super) fn pay_home(&mut self, s: Seat, at: Moment, reason: Reason) {
        if !self.out.abandoned {
            self.push_item(Item::PagatHome(s));
        }
        self.collect(s, 5, Rule::DkPay4, reason, at);
    }

    /// DK-PAY-4: winning a trick (1–24) with the pagat earns 5 from each
    /// other player (Option `pagat_home_payment`).
    pub(super) fn pay_pagat_home(&mut self, t: usize, trick: &LastTrick) {
        if trick.winner_card() == Card::PAGAT && self.o.pagat_home {
            let mut n = [0; 20];
            let reason = Reason::concat(&["pagat home in trick ", decimal(t as i64, &mut n)]);
            self.pay_home(trick.winner_seat(), Moment::Trick(t as u16), reason);
        }
    }

    /// What the play gave after the last trick (DK-PLAY-4, DK-PAY-5,
    /// DK-TOUT, DK-COUNT-1): the facts the settlement reads.
    pub(super) fn ending(&self, game: &Game, last: LastTrick) -> Ending {
        let d = self.seating.dealer;
        let tout = self.seating.order.into_iter().find(|&s| game.won[s] == 25);
        let failed_tout = (game.announced_tout && tout != Some(d)).then_some(d);
        let zero: Vec<Seat> = self
            .seating
            .order
            .into_iter()
            .filter(|&s| game.won[s] == 0 && !(self.o.nolo_skat && s == d))
            .collect();
        let nolo = if tout.is_none() && zero.len() == 1 {
            Some(zero[0])
        } else {
            None
        };
        let winner = last.winner_seat();
        let wcard = last.winner_card();
        let ultimo = (tout.is_none()
            && nolo.is_none()
            && failed_tout.is_none()
            && !self.barred[winner]
            && is_ultimo_card(wcard))
        .then(|| (winner, Ult::of(wcard)));
        let last_trick = (tout.is_none() && nolo.is_none() && ultimo.is_none()).then_some(winner);
        let bagud = bagud(&last)
            .into_iter()
            .map(|(s, c)| (s, Ult::of(c), Some(c)))
            .collect();
        let counts = if nolo.is_some() {
            Vec::new()
        } else {
            self.counted(tout)
                .seats()
                .iter()
                .map(|&s| (s, game.points[s]))
                .collect()
        };
        Ending {
            tout,
            failed_tout,
            nolo,
            ultimo,
            last_trick,
            bagud,
            counts,
        }
    }

    /// After the last trick (DK-PAY-5, DK-TOUT), in the digest's order,
    /// then the count (DK-COUNT); the pots are those before these payments
    /// (the snapshot of DK-PAY-5). The same for a deal played and a score
    /// sheet.
    pub(super) fn settle_end(&mut self, e: &Ending) {
        e.push_items(&mut self.items);
        let snap = self.out.pots;
        if let Some(t) = e.tout {
            self.pay_tout(t, snap);
        }
        if e.failed_tout.is_some() {
            self.pay_failed_tout(snap);
        }
        if let Some(n) = e.nolo {
            let at = Moment::Settlement;
            self.out.rule_event(
                at,
                Rule::DkPlay4,
                format_args!("seat {n} won no trick: nolo"),
            );
            self.collect(n, 25, Rule::DkPay5, "nolo", at);
        }
        if let Some((winner, u)) = e.ultimo {
            self.pay_ultimo(winner, u, snap);
        }
        if let Some(winner) = e.last_trick {
            if e.bagud.is_empty() || self.o.last_trick_with_bagud {
                self.collect(winner, 20, Rule::DkPay5, "last trick", Moment::Settlement);
            }
        }
        self.pay_bagud(&e.bagud, snap);
        self.count(e);
    }

    /// A tout: 80 (Option `tout_amount`) from each other player, and both
    /// pots.
    fn pay_tout(&mut self, t: Seat, snap: [i64; 2]) {
        let at = Moment::Settlement;
        let a = self.o.tout_amount;
        self.out.rule_event(
            at,
            Rule::DkPay5,
            format_args!("seat {t} won all 25 tricks: tout"),
        );
        self.collect(t, a, Rule::DkPay5, "tout", at);
        for (pot, reason) in [
            (Pot::King, "tout takes the king pot"),
            (Pot::Pagat, "tout takes the pagat pot"),
        ] {
            let amount = snap[pot_index(pot)];
            self.out.pay(
                Party::Pot(pot),
                Party::Seat(t),
                amount,
                Rule::DkPay5,
                reason,
                at,
            );
        }
    }

    /// DK-TOUT-2: a failed announced tout pays 85 to each other player and
    /// doubles both pots.
    fn pay_failed_tout(&mut self, snap: [i64; 2]) {
        let at = Moment::Settlement;
        let d = self.seating.dealer;
        self.out.rule_event(
            at,
            Rule::DkTout2,
            format_args!("seat {d} announced a tout and failed"),
        );
        self.pay_each(d, 85, Rule::DkTout2, "failed announced tout", at);
        for (pot, reason) in [
            (Pot::King, "failed announced tout doubles the king pot"),
            (Pot::Pagat, "failed announced tout doubles the pagat pot"),
        ] {
            let amount = snap[pot_index(pot)];
            self.out.pay(
                Party::Seat(d),
                Party::Pot(pot),
                amount,
                Rule::DkTout2,
                reason,
                at,
            );
        }
    }

    /// An ultimo: the last trick won with the pagat (45 and the pagat pot)
    /// or a king (40 and the king pot).
    fn pay_ultimo(&mut self, winner: Seat, u: Ult, snap: [i64; 2]) {
        let at = Moment::Settlement;
        let (amount, pot, ultimo, takes) = match u {
            Ult::Pagat => (
                45,
                Pot::Pagat,
                "pagat ultimo",
                "pagat ultimo takes the pagat pot",
            ),
            Ult::King => (
                40,
                Pot::King,
                "king ultimo",
                "king ultimo takes the king pot",
            ),
        };
        self.collect(winner, amount, Rule::DkPay5, ultimo, at);
        self.out.pay(
            Party::Pot(pot),
            Party::Seat(winner),
            snap[pot_index(pot)],
            Rule::DkPay5,
            takes,
            at,
        );
    }

    /// A bagud: an ultimo card lost in the last trick pays each other
    /// player (45 the pagat, 40 a king) and doubles its pot; the pagat's
    /// first.
    fn pay_bagud(&mut self, bagud: &[(Seat, Ult, Option<Card>)], snap: [i64; 2]) {
        let at = Moment::Settlement;
        let named = |what: &str, c: Option<Card>| match c {
            Some(c) => format!("{what} ({c})"),
            None => what.to_owned(),
        };
        for &(s, _, c) in bagud.iter().filter(|b| b.1 == Ult::Pagat) {
            self.pay_each(s, 45, Rule::DkPay5, named("pagat bagud", c), at);
            self.out.pay(
                Party::Seat(s),
                Party::Pot(Pot::Pagat),
                snap[PAGAT],
                Rule::DkPay5,
                "pagat bagud doubles the pagat pot",
                at,
            );
        }
        for &(s, _, c) in bagud.iter().filter(|b| b.1 == Ult::King) {
            self.pay_each(s, 40, Rule::DkPay5, named("king bagud", c), at);
            self.out.pay(
                Party::Seat(s),
                Party::Pot(Pot::King),
                snap[KING],
                Rule::DkPay5,
                format!("{} doubles the king pot", named("king bagud", c)),
                at,
            );
        }
    }
}

/// The ultimo cards of the last trick that did not win it, with their
/// players.
fn bagud(last: &LastTrick) -> Vec<(Seat, Card)> {
    (0..3)
        .filter(|&i| i != last.winner && is_ultimo_card(last.cards[i]))
        .map(|i| (last.seats[i], last.cards[i]))
        .collect()
}
