//! The replay's two halves: the game state the phases read and change
//! (the hands, who holds which card), and the writer of what they find
//! (problems, explain events, payments). No rule lives here.

use notation::Rule;
use notation::{Action, Card, CardSet, Party, PerSeat, Problem, Seat};

use super::auction::{Auction, Kind};
use super::call::rufer_call;
use super::call::Calls;
use super::play::Tricks;
use crate::reason::Words;
use crate::{Event, Moment, Payment, Reason, Report};

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
#[derive(Debug, Clone)]
pub(super) struct State {
    /// The dealt hands (partial record: the cards each seat played).
    pub(super) hands: PerSeat<CardSet>,
    /// Whether the hands are known in full (dealt, or all 40 cards played).
    pub(super) hands_known: bool,
    pub(super) forehand: Seat,
    /// The seat holding each card, 255 if unknown.
    pub(super) owner: [Seat; Card::COUNT],
}

impl State {
    pub(super) fn new(forehand: Seat) -> State {
        State {
            hands: PerSeat::new(4),
            hands_known: false,
            forehand,
            owner: [Seat::new(u8::MAX); Card::COUNT],
        }
    }

    pub(super) fn holder(&self, card: Card) -> Option<Seat> {
        let o = self.owner[card.index() as usize];
        (o.number() < 4).then_some(o)
    }

    /// The partner a Rufer declarer gets by the rule (S7-CALL-2).
    pub(super) fn rule_partner(&self, declarer: Seat) -> Option<Seat> {
        rufer_call(self.hands[declarer]).and_then(|c| self.holder(c))
    }
}

/// Where the phases write what they find: the report of the deal, which
/// the engine owns so that it can be cloned with it.
#[derive(Debug, Clone)]
pub(super) struct Out {
    pub(super) report: Report,
}

impl Out {
    pub(super) fn push(&mut self, p: Problem) {
        self.report.problems.push(p);
    }

    /// An explain event: a rule applied.
    pub(super) fn rule(&mut self, at: Moment, rule: Rule, text: impl Words) {
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
        rule: Rule,
        a: &Action,
        msg: String,
        label: &str,
        help: &str,
    ) {
        self.push(
            Problem::new(kind, msg)
                .rule(rule)
                .seat(a.seat)
                .at(a.span, label)
                .help(help),
        );
    }

    /// The payments `pairs` (payer, payee) of one line, each written in
    /// its place in the ledger (a `Vec` extended by an iterator of known
    /// length reserves once and writes each payment where it goes).
    pub(super) fn pay_all(
        &mut self,
        pairs: &[(Seat, Seat)],
        amount: i64,
        rule: Rule,
        reason: &Reason,
    ) {
        self.report
            .ledger
            .extend(pairs.iter().map(|&(payer, payee)| Payment {
                payer: Party::Seat(payer),
                payee: Party::Seat(payee),
                amount,
                rule,
                reason: reason.clone(),
                at: Moment::Settlement,
            }));
    }

    /// Room for `n` more lines of the ledger.
    pub(super) fn reserve_payments(&mut self, n: usize) {
        self.report.ledger.reserve(n);
    }

    /// The deal is void: nobody pays (S7-DEAL-1, S7-DEAL-3).
    pub(super) fn void(&mut self) {
        self.report.totals = vec![0; 4];
        self.report.settled = true;
    }
}

/// The rule options the engine reads (`spec/rules/skill7-tarock.md`,
/// Options), read once from the record's tags.
#[derive(Debug, Clone, Copy)]
pub(super) struct Opts {
    /// `agree_scope=release` (S7-BID-3).
    pub(super) release: bool,
    /// `absolut_kontra=any-kontra` (S7-ADD-2).
    pub(super) any_kontra: bool,
    /// `after_valat=kontra-only` (S7-ADD-2).
    pub(super) kontra_only: bool,
    /// `farbesolo_tarock_lead=suits-first` (S7-PLAY-3).
    pub(super) suits_first: bool,
    /// `mondfang=same-trick` (S7-SCORE-5).
    pub(super) same_trick: bool,
    /// `trull_holding=team-hands` (the Trull premium of a Rufer's team).
    pub(super) team_hands: bool,
}

impl Opts {
    pub(super) fn read(options: &crate::RuleOptions) -> Opts {
        let get = |name: &str| options.get_in(notation::Variant::Skill7Tarock, name);
        Opts {
            release: get("agree_scope") == "release",
            any_kontra: get("absolut_kontra") == "any-kontra",
            kontra_only: get("after_valat") == "kontra-only",
            suits_first: get("farbesolo_tarock_lead") == "suits-first",
            same_trick: get("mondfang") == "same-trick",
            team_hands: get("trull_holding") == "team-hands",
        }
    }
}

/// The phase the engine is in, with what it carries from entry to entry.
#[derive(Debug, Clone)]
pub(super) enum Phase {
    /// A hand has a cause for a redeal (S7-DEAL-3): nothing is judged; the
    /// end of the record says whether the deal was bid or played.
    Redeal { seat: Seat, why: String },
    /// The auction, entry by entry.
    Auction(Box<Auction>),
    /// The calls of a game, entry by entry.
    Calls(Box<Calls>),
    /// The tricks, card by card.
    Play(Box<Tricks>),
    /// Nothing more is judged (an auction without a game, S7-BID-2).
    Over,
}

/// How many entries of each section the engine has taken.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Seen {
    pub(super) auction: usize,
    pub(super) calls: usize,
}

/// The engine of one deal, step by step: the hands, the phase it is in
/// and what it has found so far. [`Engine::catch_up`] takes the entries of
/// a record it has not taken yet, in the record's order; [`Engine::finish`]
/// ends the deal as the record ends it. Cloning it is cheap (a few
/// hundred bytes and the findings so far), so a game judges a move on a
/// clone (`crate::game`).
#[derive(Debug, Clone)]
pub struct Engine {
    pub(super) st: State,
    pub(super) out: Out,
    pub(super) opts: Opts,
    /// The record gives no hands: each seat held the cards it played.
    pub(super) partial: bool,
    /// The first trick of the wrong size (README ALL-3).
    pub(super) cut: Option<usize>,
    pub(super) phase: Phase,
    pub(super) seen: Seen,
    /// Where a redeal claimed without cause is reported: before the
    /// auction's findings (S7-DEAL-3 is judged before the auction).
    pub(super) claim_at: usize,
}
