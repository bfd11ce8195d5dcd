//! The replay's two halves: [`State`], the small game state the phases
//! change (hands, dog, tricks, taker, contract), and [`Writer`], the report
//! writer that takes what they tell (findings, rule events, trick events,
//! payments, the totals).

use notation::Rule;
use notation::{Card, CardSet, PerSeat, Problem, Seat};

use super::{SEATS, TRICKS};
use crate::reason::Words;
use crate::{Deal, Event, Moment, Payment, Report};

/// Why a trick went to its winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Win {
    Trump(Card),
    Suit(Card),
    /// FR-EXCUSE-4: the excuse takes the last trick of a slam.
    SlamExcuse,
    /// Only the excuse was played (a broken trick).
    Nothing,
}

/// One trick as laid out: who played what, who won.
#[derive(Debug, Clone, Copy)]
pub(super) struct Laid {
    pub leader: Seat,
    pub n: usize,
    pub seats: [Seat; 4],
    pub cards: [Card; 4],
    pub winner: Seat,
    pub win: Win,
}

/// The game state of one deal as the phases find it.
#[derive(Debug, Clone)]
pub(super) struct State {
    pub dealer: Seat,
    /// Whether the dealt hands are valid enough to score at all.
    pub dealt_ok: bool,
    /// The first trick (1-based) of the wrong size (rules README ALL-3):
    /// nothing in it or after it is judged, and the deal is void (FR-PLAY-7).
    pub wrong_trick: Option<u16>,
    /// A dealt hand holds the petit bare (FR-DEAL-2).
    pub bare_petit: bool,
    /// Cards dealt more than once (FR-DEAL-3): taken out of every hand,
    /// and credited to whoever plays them, so that one duplicate does not
    /// turn into a string of false revokes.
    pub floating: CardSet,
    pub taker: Option<Seat>,
    pub contract: Option<super::Contract>,
    /// No one took (FR-BID-3): the deal is not played.
    pub all_passed: bool,
    /// The record goes on after four passes (FR-BID-3): nothing after the
    /// auction is judged.
    pub played_after_passes: bool,
    /// The record stops before the deal's end (FR-PLAY-7, rules README
    /// ALL-4): one `incomplete`, and the deal is not settled.
    pub incomplete: bool,
    /// The taker's discard is taken from the play (FR-DISCARD-4): his
    /// playing hand is the cards of his 24 that he plays.
    pub discard_from_play: bool,
    pub slam_declared: bool,
    /// The dealt hands (full record) or the cards each seat played (partial).
    pub hands: PerSeat<CardSet>,
    pub dog: CardSet,
    /// The taker's playing hand after his discard (or the dealt hand).
    pub playing: PerSeat<CardSet>,
    pub laid: Vec<Laid>,
    /// Valid handfuls: (seat, bonus).
    pub handfuls: Vec<(Seat, i64)>,
}

impl State {
    pub fn new(deal: &Deal<'_>) -> State {
        State {
            dealer: deal.table.dealer,
            dealt_ok: true,
            wrong_trick: None,
            bare_petit: false,
            floating: CardSet::EMPTY,
            taker: None,
            contract: None,
            all_passed: false,
            played_after_passes: false,
            incomplete: false,
            discard_from_play: false,
            slam_declared: false,
            hands: PerSeat::new(SEATS),
            dog: CardSet::EMPTY,
            playing: PerSeat::new(SEATS),
            laid: Vec::with_capacity(TRICKS),
            handfuls: Vec::new(),
        }
    }

    /// The player on the dealer's right bids first and leads (FR-SEAT-1).
    pub fn first_bidder(&self) -> Seat {
        self.dealer.next(SEATS)
    }

    /// The cards `seat` played, as the tricks are laid out.
    pub fn played_by(&self, seat: Seat) -> CardSet {
        let mut s = CardSet::EMPTY;
        for l in &self.laid {
            for i in 0..l.n {
                if l.seats[i] == seat {
                    s.insert(l.cards[i]);
                }
            }
        }
        s
    }
}

/// The value of a French option (`RuleOptions::get_in`).
pub(super) fn option<'d>(deal: &Deal<'d>, name: &str) -> &'d str {
    deal.options.get_in(notation::Variant::FrenchTarot, name)
}

/// The report writer: every finding, event and payment of the replay goes
/// through it.
pub(super) struct Writer<'r> {
    report: &'r mut Report,
    /// Problems that make the deal irregular (all but a wrong `Scores` tag).
    pub irregular: bool,
}

impl<'r> Writer<'r> {
    /// A structural fault in play has been reported
    /// in the trick before `trick` (1-based;
    /// [`crate::structural::slipped_before`]).
    pub fn slipped_before(&self, trick: usize) -> bool {
        crate::structural::slipped_before(&self.report.problems, trick)
    }

    pub fn new(report: &'r mut Report) -> Writer<'r> {
        Writer {
            report,
            irregular: false,
        }
    }

    /// The findings made before the replay (the structural checks common
    /// to every variant): each makes the deal irregular.
    pub fn found_before(&mut self) -> &mut [Problem] {
        if !self.report.problems.is_empty() {
            self.irregular = true;
        }
        &mut self.report.problems
    }

    /// A fault: a finding, and the deal is irregular (FR-IRREG-2).
    pub fn fault(&mut self, p: Problem) {
        self.irregular = true;
        self.report.problems.push(p);
    }

    /// A finding of the score sheet (`bad-result`, `result-mismatch`): the
    /// sheet's, not the table's play, so the deal stays regular.
    pub fn sheet(&mut self, p: Problem) {
        self.report.problems.push(p);
    }

    /// The facts the play gave, kept as a score sheet (when events are).
    pub fn facts(&mut self, facts: &super::sheet::Facts) {
        if self.report.wants_events() {
            self.report.result = Some(facts.to_sheet());
        }
    }

    /// A deal where everyone passed, kept as its score sheet.
    pub fn passed(&mut self) {
        if self.report.wants_events() {
            self.report.result = Some(super::sheet::passed_sheet());
        }
    }

    /// A rule applied, in plain words.
    pub fn rule(&mut self, at: Moment, rule: Rule, text: impl Words) {
        self.report.event(|| Event::Rule {
            at,
            rule,
            text: text.words(),
        });
    }

    /// Whether events are recorded (explain, the lesson page): what is
    /// worked out only for them is skipped otherwise.
    pub fn wants_events(&self) -> bool {
        self.report.wants_events()
    }

    /// An event, built only when the caller wants events.
    pub fn event(&mut self, event: impl FnOnce() -> Event) {
        self.report.event(event);
    }

    /// Room for `n` more payments in the ledger.
    pub fn reserve_payments(&mut self, n: usize) {
        self.report.ledger.reserve(n);
    }

    pub fn pay(&mut self, payment: Payment) {
        self.report.pay(payment);
    }

    /// The one `incomplete` finding of a record that stops before the
    /// deal's end (FR-PLAY-7, rules README ALL-4): the deal is not settled.
    pub fn incomplete(&mut self, record: &notation::Record) {
        self.irregular = true;
        let stop = crate::structural::Stop::of(record, SEATS as usize);
        crate::structural::incomplete(self.report, record, Rule::FrPlay7, stop, TRICKS);
    }

    /// The deal is settled with these net results per seat.
    pub fn settled(&mut self, totals: [i64; 4]) {
        self.report.totals = totals.to_vec();
        self.report.settled = true;
    }
}
