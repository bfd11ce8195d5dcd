//! The report writer: what the replay emits (findings, events of the
//! teacher's view, payments), apart from the game state it reads.

use notation::Rule;
use notation::Seat;
use notation::{Action, Problem, Record};

use crate::reason::Words;
use crate::{Event, Moment, Payment, Report};

/// Writes into the deal's [`Report`].
pub(crate) struct Out<'a> {
    report: &'a mut Report,
}

impl<'a> Out<'a> {
    pub fn new(report: &'a mut Report) -> Out<'a> {
        Out { report }
    }

    /// A finding.
    /// A structural fault in play has been reported
    /// in the trick before `trick` (1-based;
    /// [`crate::structural::slipped_before`]).
    pub fn slipped_before(&self, trick: usize) -> bool {
        crate::structural::slipped_before(&self.report.problems, trick)
    }

    pub fn push(&mut self, p: Problem) {
        self.report.push(p);
    }

    /// A finding worded only when it is written, not where the findings
    /// are counted (the lists of legal moves, [`crate::Report::fault`]).
    #[inline]
    pub fn fault(&mut self, p: impl FnOnce() -> Problem) {
        self.report.fault(p);
    }

    /// Whether the findings are counted, not written (`crate::Tally`).
    pub fn counts_only(&self) -> bool {
        self.report.tally.is_some()
    }

    /// A rule applied, in plain words.
    pub fn event(&mut self, at: Moment, rule: Rule, text: impl Words) {
        self.report.event(|| Event::Rule {
            at,
            rule,
            text: text.words(),
        });
    }

    /// Any other event (a trick, a count), built only when the caller
    /// wants events.
    pub fn emit(&mut self, event: impl FnOnce() -> Event) {
        self.report.event(event);
    }

    /// Whether the caller wants events.
    pub fn wants_events(&self) -> bool {
        self.report.wants_events()
    }

    /// A line of the ledger.
    pub fn pay(&mut self, payment: Payment) {
        self.report.pay(payment);
    }

    /// Lines of the ledger, each written in its place (a `Vec` extended
    /// by an iterator of known length reserves once and writes each
    /// payment where it goes).
    pub fn pay_all(&mut self, payments: impl IntoIterator<Item = Payment>) {
        self.report.ledger.extend(payments);
    }

    /// Room for `n` more lines of the ledger.
    pub fn reserve_payments(&mut self, n: usize) {
        self.report.ledger.reserve(n);
    }

    /// The findings so far, for the notes a later phase adds to them.
    pub fn problems_mut(&mut self) -> &mut [Problem] {
        &mut self.report.problems
    }

    /// Drops the findings that `keep` rejects (a finding the engine finds
    /// to be no fault of the deal).
    pub fn retain_problems(&mut self, keep: impl FnMut(&Problem) -> bool) {
        self.report.problems.retain(keep);
    }

    /// The deal is void: nobody pays.
    pub fn void(&mut self) {
        self.report.totals = vec![0; 4];
    }

    /// The record stops before the deal's end (KR-NEG-1 as amended, ALL-4):
    /// one `incomplete` finding, no seat, no trick; the deal is not
    /// settled.
    pub fn incomplete(&mut self, rec: &Record) {
        let stop = crate::structural::Stop::of(rec, 4);
        crate::structural::incomplete(self.report, rec, Rule::KrNeg1, stop, 12);
    }

    /// The facts the play gave, kept as a score sheet (when events are).
    pub(super) fn facts(&mut self, facts: &super::settle::Facts) {
        if self.report.wants_events() {
            self.report.result = Some(super::sheet::to_sheet(facts));
        }
    }

    /// A grind, kept as its score sheet (when events are).
    pub fn grind_sheet(&mut self, game: notation::Game, bidder: Seat) {
        if self.report.wants_events() {
            self.report.result = Some(super::sheet::grind_sheet(game, bidder));
        }
    }

    /// The deal was replayed to its end and scored.
    pub fn settled(&mut self) {
        self.report.settled = true;
    }
}

/// A finding of `kind` on the auction or call entry `act`, its seat and
/// place.
pub(crate) fn on_entry(
    kind: notation::Kind,
    act: &Action,
    msg: String,
    rule: Rule,
    label: &str,
    help: &str,
) -> Problem {
    Problem::new(kind, msg)
        .rule(rule)
        .seat(act.seat)
        .at(act.span, label.to_string())
        .help(help.to_string())
}
