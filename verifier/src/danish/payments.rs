//! Payments in play and after the last trick (DK-PAY-3 to DK-PAY-6) and
//! their interactions (DK-TOUT-1 to DK-TOUT-4): ultimo cards lost in play,
//! the pagat home, then tout, failed announced tout, nolo, ultimo, last
//! trick and bagud. The declarations (DK-PAY-2) are paid in
//! [`super::declarations`], the dealer fee (DK-PAY-1) in [`super::deal`].

use notation::{Card, Party, Pot, Seat};

use super::cards::is_ultimo_card;
use super::pots::{pot_index, KING, PAGAT};
use super::state::{Game, LastTrick};
use super::Replay;
use crate::reason::{decimal, Reason};
use crate::Moment;

/// Who won all tricks, and who won none, as the count needs to know.
pub(super) struct Outcome {
    pub tout: Option<Seat>,
    pub nolo: Option<Seat>,
}

impl Replay<'_, '_> {
    /// DK-PAY-3: a king or the pagat played to a trick (1–24) it does not
    /// win costs its player 5 to each other player and 5 into its pot.
    pub(super) fn pay_ultimo_cards_lost(&mut self, t: usize, trick: &LastTrick) {
        let at = Moment::Trick(t as u16);
        let winner = trick.winner_seat();
        for (i, &c) in trick.cards.iter().enumerate() {
            let s = trick.seats[i];
            if is_ultimo_card(c) && s != winner {
                let pot = if c.is_king() { Pot::King } else { Pot::Pagat };
                let mut n = [0; 20];
                let t = decimal(t as i64, &mut n);
                let reason = Reason::concat(&[c.code(), " lost in trick ", t]);
                self.pay_each(s, 5, "DK-PAY-3", reason.clone(), at);
                self.out
                    .pay(Party::Seat(s), Party::Pot(pot), 5, "DK-PAY-3", reason, at);
            }
        }
    }

    /// DK-PAY-4: winning a trick (1–24) with the pagat earns 5 from each
    /// other player (Option `pagat_home_payment`).
    pub(super) fn pay_pagat_home(&mut self, t: usize, trick: &LastTrick) {
        if trick.winner_card() == Card::PAGAT && self.o.pagat_home {
            let mut n = [0; 20];
            let reason = Reason::concat(&["pagat home in trick ", decimal(t as i64, &mut n)]);
            self.collect(
                trick.winner_seat(),
                5,
                "DK-PAY-4",
                reason,
                Moment::Trick(t as u16),
            );
        }
    }

    /// After the last trick (DK-PAY-5, DK-TOUT), in the digest's order; the
    /// pots are those before these payments (the snapshot of DK-PAY-5).
    pub(super) fn settle(&mut self, game: &Game, last: LastTrick) -> Outcome {
        let d = self.seating.dealer;
        let snap = self.out.pots;
        let tout = self
            .seating
            .order
            .into_iter()
            .find(|&s| game.won[s as usize] == 25);
        let failed_tout = game.announced_tout && tout != Some(d);
        let zero: Vec<Seat> = self
            .seating
            .order
            .into_iter()
            .filter(|&s| game.won[s as usize] == 0 && !(self.o.nolo_skat && s == d))
            .collect();
        let nolo = if tout.is_none() && zero.len() == 1 {
            Some(zero[0])
        } else {
            None
        };
        if let Some(t) = tout {
            self.pay_tout(t, snap);
        }
        if failed_tout {
            self.pay_failed_tout(snap);
        }
        if let Some(n) = nolo {
            let at = Moment::Settlement;
            self.out
                .rule_event(at, "DK-PLAY-4", format_args!("seat {n} won no trick: nolo"));
            self.collect(n, 25, "DK-PAY-5", "nolo", at);
        }
        let winner = last.winner_seat();
        let ultimo_ok =
            tout.is_none() && nolo.is_none() && !failed_tout && !self.barred[winner as usize];
        let ultimo = ultimo_ok && self.pay_ultimo(last, snap);
        let bagud = bagud(&last);
        if tout.is_none()
            && nolo.is_none()
            && !ultimo
            && (bagud.is_empty() || self.o.last_trick_with_bagud)
        {
            self.collect(winner, 20, "DK-PAY-5", "last trick", Moment::Settlement);
        }
        self.pay_bagud(&bagud, snap);
        Outcome { tout, nolo }
    }

    /// A tout: 80 (Option `tout_amount`) from each other player, and both
    /// pots.
    fn pay_tout(&mut self, t: Seat, snap: [i64; 2]) {
        let at = Moment::Settlement;
        let a = self.o.tout_amount;
        self.out.rule_event(
            at,
            "DK-PAY-5",
            format_args!("seat {t} won all 25 tricks: tout"),
        );
        self.collect(t, a, "DK-PAY-5", "tout", at);
        for (pot, reason) in [
            (Pot::King, "tout takes the king pot"),
            (Pot::Pagat, "tout takes the pagat pot"),
        ] {
            let amount = snap[pot_index(pot)];
            self.out.pay(
                Party::Pot(pot),
                Party::Seat(t),
                amount,
                "DK-PAY-5",
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
            "DK-TOUT-2",
            format_args!("seat {d} announced a tout and failed"),
        );
        self.pay_each(d, 85, "DK-TOUT-2", "failed announced tout", at);
        for (pot, reason) in [
            (Pot::King, "failed announced tout doubles the king pot"),
            (Pot::Pagat, "failed announced tout doubles the pagat pot"),
        ] {
            let amount = snap[pot_index(pot)];
            self.out.pay(
                Party::Seat(d),
                Party::Pot(pot),
                amount,
                "DK-TOUT-2",
                reason,
                at,
            );
        }
    }

    /// An ultimo: the last trick won with the pagat (45 and the pagat pot)
    /// or a king (40 and the king pot). Returns whether there was one.
    fn pay_ultimo(&mut self, last: LastTrick, snap: [i64; 2]) -> bool {
        let at = Moment::Settlement;
        let winner = last.winner_seat();
        let wcard = last.winner_card();
        let (amount, pot) = if wcard == Card::PAGAT {
            (45, Pot::Pagat)
        } else if wcard.is_king() {
            (40, Pot::King)
        } else {
            return false;
        };
        let (ultimo, takes) = if wcard == Card::PAGAT {
            ("pagat ultimo", "pagat ultimo takes the pagat pot")
        } else {
            ("king ultimo", "king ultimo takes the king pot")
        };
        self.collect(winner, amount, "DK-PAY-5", ultimo, at);
        self.out.pay(
            Party::Pot(pot),
            Party::Seat(winner),
            snap[pot_index(pot)],
            "DK-PAY-5",
            takes,
            at,
        );
        true
    }

    /// A bagud: an ultimo card lost in the last trick pays each other
    /// player (45 the pagat, 40 a king) and doubles its pot; the pagat's
    /// first.
    fn pay_bagud(&mut self, bagud: &[(Seat, Card)], snap: [i64; 2]) {
        let at = Moment::Settlement;
        for &(s, c) in bagud.iter().filter(|(_, c)| *c == Card::PAGAT) {
            self.pay_each(s, 45, "DK-PAY-5", format!("pagat bagud ({c})"), at);
            self.out.pay(
                Party::Seat(s),
                Party::Pot(Pot::Pagat),
                snap[PAGAT],
                "DK-PAY-5",
                "pagat bagud doubles the pagat pot",
                at,
            );
        }
        for &(s, c) in bagud.iter().filter(|(_, c)| c.is_king()) {
            self.pay_each(s, 40, "DK-PAY-5", format!("king bagud ({c})"), at);
            self.out.pay(
                Party::Seat(s),
                Party::Pot(Pot::King),
                snap[KING],
                "DK-PAY-5",
                format!("king bagud ({c}) doubles the king pot"),
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
