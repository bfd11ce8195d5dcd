//! The replay's two halves: the game state the phases read and change
//! (the hands, who holds which card), and the writer of what they find
//! (problems, explain events, payments). No rule lives here.

use notation::{Action, Card, CardSet, Party, Problem, Seat};

use super::auction::Kind;
use super::call::rufer_call;
use crate::reason::Words;
use crate::{Deal, Event, Moment, Payment, Reason, Report};

/// The two teams of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    Declarer,
    Opponents,
}

impl Side {
    pub(super) fn other(self) -> Side {
        match self {
            Side::Declarer => Side::Opponents,
            Side::Opponents => Side::Declarer,
        }
    }

    pub(super) fn word(self) -> &'static str {
        match self {
            Side::Declarer => "the declarer's team",
            Side::Opponents => "the opponents",
        }
    }
}

/// The team of `seat`: the declarer's partner belongs to it only in a
/// Rufer (S7-CALL-1).
pub(super) fn side_of(seat: Seat, game: Kind, declarer: Seat, partner: Option<Seat>) -> Side {
    if seat == declarer || (game == Kind::Rufer && partner == Some(seat)) {
        Side::Declarer
    } else {
        Side::Opponents
    }
}

/// The hands as dealt, and who holds which card.
pub(super) struct State {
    /// The dealt hands (partial record: the cards each seat played).
    pub(super) hands: [CardSet; 4],
    /// Whether the hands are known in full (dealt, or all 40 cards played).
    pub(super) hands_known: bool,
    pub(super) forehand: Seat,
    /// The seat holding each card, 255 if unknown.
    pub(super) owner: [u8; Card::COUNT],
}

impl State {
    pub(super) fn new(forehand: Seat) -> State {
        State {
            hands: [CardSet::EMPTY; 4],
            hands_known: false,
            forehand,
            owner: [u8::MAX; Card::COUNT],
        }
    }

    pub(super) fn holder(&self, card: Card) -> Option<Seat> {
        let o = self.owner[card.index() as usize];
        (o < 4).then_some(o)
    }

    /// The partner a Rufer declarer gets by the rule (S7-CALL-2).
    pub(super) fn rule_partner(&self, declarer: Seat) -> Option<Seat> {
        rufer_call(self.hands[declarer as usize]).and_then(|c| self.holder(c))
    }
}

/// Where the phases write what they find.
pub(super) struct Out<'a> {
    pub(super) report: &'a mut Report,
}

impl Out<'_> {
    pub(super) fn push(&mut self, p: Problem) {
        self.report.problems.push(p);
    }

    /// An explain event: a rule applied.
    pub(super) fn rule(&mut self, at: Moment, rule: &'static str, text: impl Words) {
        self.report.event(|| Event::Rule {
            at,
            rule,
            text: text.words(),
        });
    }

    /// A faulty auction or call entry.
    pub(super) fn illegal(
        &mut self,
        kind: notation::Kind,
        rule: &'static str,
        a: &Action,
        msg: String,
        label: &str,
        help: &str,
    ) {
        self.push(
            Problem::new(kind, msg)
                .rule_id(rule)
                .seat(a.seat)
                .at(a.span, label)
                .help(help),
        );
    }

    pub(super) fn pay(
        &mut self,
        payer: Seat,
        payee: Seat,
        amount: i64,
        rule: &'static str,
        reason: Reason,
    ) {
        self.report.pay(Payment {
            payer: Party::Seat(payer),
            payee: Party::Seat(payee),
            amount,
            rule,
            reason,
            at: Moment::Settlement,
        });
    }

    /// The deal is void: nobody pays (S7-DEAL-1, S7-DEAL-3).
    pub(super) fn void(&mut self) {
        self.report.totals = vec![0; 4];
        self.report.settled = true;
    }
}

/// One deal being replayed: the record, the state, the writer.
pub(super) struct Replay<'a, 'r> {
    pub(super) deal: &'a Deal<'r>,
    pub(super) st: State,
    pub(super) out: Out<'a>,
}

impl Replay<'_, '_> {
    pub(super) fn opts(&self, name: &str) -> &str {
        self.deal
            .options
            .get_in(notation::Variant::Skill7Tarock, name)
    }
}
