//! The report writer: everything a deal emits (findings, payments, explain
//! events) goes through [`Ledger`], which also keeps the pots and knows
//! whether the deal has been abandoned. Fines and abandonment live here
//! because they decide what is still paid (DK-FINE-1, DK-FINE-3).

use notation::Rule;
use notation::{Party, Pot, Problem, Seat};

use super::pots::pot_index;
use super::Engine;
use crate::reason::Words;
use crate::{Event, Moment, Payment, Reason, Report};

#[derive(Debug, Clone)]
pub(super) struct Ledger {
    pub report: Report,
    /// Pot contents as the deal's payments go: `[king, pagat]`.
    pub pots: [i64; 2],
    /// Pot contents before the deal (Option `abandon_payments = cancel`).
    pub start_pots: [i64; 2],
    /// Set by the first abandoning irregularity (DK-FINE-3).
    pub abandoned: bool,
    /// Ledger entries that stand when an abandoned deal's payments are
    /// cancelled (Option `abandon_payments = cancel`).
    keep: Vec<bool>,
    /// Option `abandon_payments = cancel`.
    cancel: bool,
    /// Option `irregularities = continue`: nothing abandons the deal.
    continue_play: bool,
    /// The fines paid, each into each pot (the score sheet's `SEAT fine
    /// N`, issue 26).
    pub fines: Vec<(Seat, i64)>,
}

impl Ledger {
    pub fn new(mut report: Report, pots: [i64; 2], cancel: bool, continue_play: bool) -> Self {
        report.ledger.reserve(48);
        if report.wants_events() {
            report.events.reserve(32);
        }
        Ledger {
            report,
            pots,
            start_pots: pots,
            abandoned: false,
            keep: Vec::with_capacity(48),
            cancel,
            continue_play,
            fines: Vec::new(),
        }
    }

    /// A payment that is made whether or not the deal is abandoned later
    /// (`keep`: it stands even when the payments are cancelled).
    #[allow(clippy::too_many_arguments)]
    pub fn payment(
        &mut self,
        payer: Party,
        payee: Party,
        amount: i64,
        rule: Rule,
        reason: impl Into<Reason>,
        at: Moment,
        keep: bool,
    ) {
        if amount == 0 {
            return;
        }
        for (party, sign) in [(payer, -1), (payee, 1)] {
            if let Party::Pot(p) = party {
                self.pots[pot_index(p)] += sign * amount;
            }
        }
        self.report.pay(Payment {
            payer,
            payee,
            amount,
            rule,
            reason: reason.into(),
            at,
        });
        self.keep.push(keep);
    }

    /// A payment of the deal: nothing is paid after the point of
    /// abandonment (DK-FINE-3).
    pub fn pay(
        &mut self,
        payer: Party,
        payee: Party,
        amount: i64,
        rule: Rule,
        reason: impl Into<Reason>,
        at: Moment,
    ) {
        if !self.abandoned {
            self.payment(payer, payee, amount, rule, reason, at, false);
        }
    }

    pub fn rule_event(&mut self, at: Moment, rule: Rule, text: impl Words) {
        self.report.event(|| Event::Rule {
            at,
            rule,
            text: text.words(),
        });
    }

    /// Reports an irregularity; fines the first ones (until the deal is
    /// abandoned) and abandons the deal when the rules say so (DK-FINE).
    pub fn irregular(&mut self, problem: Problem, fine: i64, abandons: bool, at: Moment) {
        let seat = problem.seat;
        let rule = problem.rule.unwrap_or(Rule::DkFine1);
        let kind = problem.kind;
        self.report.push(problem);
        if self.abandoned {
            return;
        }
        if let Some(seat) = seat {
            self.fine(seat, fine, rule, format!("fine for {kind}"), at);
        }
        if abandons && !self.continue_play {
            self.abandon(at, rule);
        }
    }

    /// `seat` pays `fine` into each pot (DK-FINE-1); it stands even when the
    /// deal's payments are cancelled.
    pub fn fine(
        &mut self,
        seat: Seat,
        fine: i64,
        rule: Rule,
        reason: impl Into<Reason>,
        at: Moment,
    ) {
        let reason = reason.into();
        if fine > 0 {
            self.fines.push((seat, fine));
        }
        for pot in [Pot::King, Pot::Pagat] {
            self.payment(
                Party::Seat(seat),
                Party::Pot(pot),
                fine,
                rule,
                reason.clone(),
                at,
                true,
            );
        }
    }

    /// DK-FINE-3: the deal is abandoned; with Option `abandon_payments =
    /// cancel` only the payments marked to stand remain.
    pub fn abandon(&mut self, at: Moment, rule: Rule) {
        self.abandoned = true;
        self.rule_event(
            at,
            Rule::DkFine3,
            format_args!("the deal is abandoned ({rule}); nothing after this point is paid"),
        );
        if self.cancel {
            self.cancel_payments();
        }
    }

    fn cancel_payments(&mut self) {
        let keep = std::mem::take(&mut self.keep);
        let ledger = std::mem::take(&mut self.report.ledger);
        self.pots = self.start_pots;
        for (p, k) in ledger.into_iter().zip(keep) {
            if k {
                for (party, sign) in [(p.payer, -1), (p.payee, 1)] {
                    if let Party::Pot(pot) = party {
                        self.pots[pot_index(pot)] += sign * p.amount;
                    }
                }
                self.report.ledger.push(p);
                self.keep.push(true);
            }
        }
    }
}

impl Engine {
    /// Each other active player pays `seat`.
    pub(super) fn collect(
        &mut self,
        seat: Seat,
        amount: i64,
        rule: Rule,
        reason: impl Into<Reason>,
        at: Moment,
    ) {
        self.with_each_other(seat, amount, rule, reason.into(), at, true);
    }

    /// `seat` pays each other active player.
    pub(super) fn pay_each(
        &mut self,
        seat: Seat,
        amount: i64,
        rule: Rule,
        reason: impl Into<Reason>,
        at: Moment,
    ) {
        self.with_each_other(seat, amount, rule, reason.into(), at, false);
    }

    /// A payment between `seat` and each other active player, in the order
    /// of declaring; `receives`: which way it goes.
    fn with_each_other(
        &mut self,
        seat: Seat,
        amount: i64,
        rule: Rule,
        reason: Reason,
        at: Moment,
        receives: bool,
    ) {
        // The reason copied for the first payment and moved into the
        // second.
        let [first, second] = self.seating.others(seat);
        let pair = |o: Seat| {
            let (payer, payee) = if receives { (o, seat) } else { (seat, o) };
            (Party::Seat(payer), Party::Seat(payee))
        };
        let (payer, payee) = pair(first);
        self.out.pay(payer, payee, amount, rule, reason.clone(), at);
        let (payer, payee) = pair(second);
        self.out.pay(payer, payee, amount, rule, reason, at);
    }
}
