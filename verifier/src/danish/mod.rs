//! # Danish Tarok: the rules engine
//!
//! Replays one deal of Danish Tarok card by card through the rules of
//! `spec/rules/danish-tarok.md` (rule ids `DK-...`), reports every
//! violation, and settles the deal: foundation, dealer's fee,
//! declarations, ultimo cards lost in play, tout / nolo / ultimo / bagud,
//! last trick, the count against the next dealer, and fines. The two pots
//! carry over from deal to deal of a session ([`SessionState`]).
//!
//! ## Flow
//! One module per phase of the deal, named as the digest names them. First
//! `seats` (DK-SEAT: who deals, who plays), `pots` (DK-POT-2 foundation at
//! the start of a session) and the dealer fee (DK-PAY-1, in `deal`); then,
//! in this order, `Replay::phases`:
//! `deal` (DK-DEAL-3 wrong deal, DK-DEAL-4 misdeal demands) →
//! `discard` (the skat, DK-DISCARD) → `declarations` (DK-DECL) →
//! `play` (tricks card by card: DK-PLAY, with `fool` for DK-FOOL and
//! `payments` for DK-PAY-3/4) → `payments` (after the last trick:
//! DK-PAY-5, DK-TOUT) → `count` (DK-COUNT) → `pots` (foundation of an
//! emptied pot, DK-POT-2).
//!
//! A record that stops before the deal's end, with no irregularity that
//! ended the deal earlier, gets one `incomplete` finding and is not settled
//! (DK-PLAY-5); the deals after it start from pots that are not known, until
//! one states them (DK-POT-6). Structural faults (rules README ALL-1 to
//! ALL-7) are each one finding: a wrong deal or a trick of the wrong size
//! stops the judging (DK-DEAL-3); a card not held leaves its holder's hand
//! and is judged for no duty of play (DK-PLAY-1).
//!
//! A score sheet (issue 26, `sheet`): the play records each fact of the
//! result as it pays it (`sheet::Item`: declarations, ultimo cards lost,
//! the pagat home, fines, the ending after the last trick, the counts); a
//! record with a `result` and no trick states them instead, and
//! `Replay::settle_items` pays them through the same functions. A record
//! with both is settled by its cards and its sheet compared with them.
//!
//! The phases change a small game state (`state::Game`) and write
//! findings, payments and events through the report writer
//! (`ledger::Ledger`). The first irregularity that abandons the deal
//! (DK-FINE-3) is fined; later ones are still reported, but nothing after
//! the point of abandonment is paid.
//!
//! ```
//! let text = "[Variant \"danish-tarok\"]\n[Dealer \"0\"]\n[Pots \"king-pot 60, pagat-pot 60\"]\n\ncalls: 1 misdeal\n";
//! let record = notation::parse_str(text).remove(0).unwrap();
//! let mut session = tarok_verifier::Session::default();
//! let report = tarok_verifier::verify(&record, &mut session);
//! // a partial record: no trick follows the demand, so it was granted;
//! // only the dealer's fee is paid, and the same dealer deals again
//! assert!(report.settled);
//! assert_eq!(report.pots, Some([65, 65]));
//! assert_eq!(session.redeal(), Some(0));
//! ```

mod cards;
mod count;
mod deal;
mod declarations;
mod discard;
mod fool;
mod ledger;
mod options;
mod payments;
mod play;
mod pots;
mod seats;
mod sheet;
mod state;

use notation::Kind;
use notation::{Problem, Seat};

pub(crate) use play::{duty_broken, trick_lead};
pub use pots::{end_of_session, parse_pots};

use crate::{Deal, Report, Session};
use ledger::Ledger;
use options::Opts;
use seats::Seating;

/// What Danish Tarok carries from one deal of a session to the next.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SessionState {
    /// Pot contents after the last deal: `[king, pagat]`; `None` before the
    /// first deal of a session (foundation is due, DK-POT-2).
    pub pots: Option<[i64; 2]>,
    /// The dealer who must deal again (valid misdeal demand, wrong deal
    /// found before play: DK-SEAT-3).
    pub redeal: Option<Seat>,
    /// Who deals the next deal of the session (DK-SEAT-3), once a deal
    /// has been seen.
    pub next_dealer: Option<Seat>,
    /// The pots are not known: a deal before could not be read or
    /// replayed, so what it put in or took out is lost. Cleared by a `Pots`
    /// tag; until then every deal says so and none is settled.
    pub unknown: bool,
}

/// One deal being replayed: the record, its options and table, the report
/// writer, and the players who may not win an ultimo.
struct Replay<'a, 'r> {
    deal: &'a Deal<'r>,
    o: Opts,
    seating: Seating,
    out: Ledger<'a>,
    /// Players who cannot win an ultimo (DK-FINE-3, `irregularities =
    /// continue`).
    barred: [bool; 4],
    /// The facts of the result, as the deal pays them (issue 26): a
    /// score sheet's `result` is compared with them.
    items: Vec<sheet::Item>,
}

/// How the replay of the cards ended.
enum End {
    /// The same dealer deals again.
    Redeal,
    Settled,
    /// The record stops before the deal's end (DK-PLAY-5).
    Unfinished,
    /// A score sheet that does not say all the settlement needs, or says
    /// what cannot be (`bad-result`): not settled.
    BadSheet,
}

/// Replays the deal, pushing findings, payments and events into the report.
pub fn replay(deal: &Deal<'_>, session: &mut Session, report: &mut Report) {
    let record = deal.record;
    if report.problems.iter().any(|p| {
        matches!(
            p.kind,
            Kind::UnknownSeat | Kind::DuplicateHand | Kind::TooManyTricks | Kind::BadTag
        ) || (record.is_partial() && p.kind == "unknown-card")
    }) {
        // What this deal did to the pots is lost for the deals after it.
        session.danish.unknown = true;
        return;
    }
    let Some(start) = start_pots(deal, session, report) else {
        return;
    };
    // A readable `Pots` tag says what the pots are.
    let unknown = session.danish.unknown && record.tag("Pots").is_none();
    if unknown {
        pots::pots_unknown(record, report);
    }
    let dealer = deal.table.dealer;
    // After a lost deal the dealer is not known either.
    let expected = session.danish.next_dealer.filter(|_| !unknown);
    seats::check_dealer(record, expected, dealer, report);
    let o = Opts::read(deal.options);
    let out = Ledger::new(report, start.unwrap_or([0, 0]), o.cancel, o.continue_play);
    let mut r = Replay {
        deal,
        o,
        seating: Seating::new(&deal.table),
        out,
        barred: [false; 4],
        items: Vec::new(),
    };
    let redeal = session.danish.redeal == Some(dealer);
    session.danish.redeal = None;
    // After a lost deal the foundation (DK-POT-2) may have been paid in it.
    let (deal_again, settled) = r.play(start.is_none() && !unknown, redeal);
    if deal_again {
        session.danish.redeal = Some(dealer);
    }
    session.danish.next_dealer = Some(if deal_again {
        dealer
    } else {
        (dealer + 1) % deal.table.seats
    });
    let pots = r.out.pots;
    session.danish.pots = Some(pots);
    // DK-POT-6: after a deal that is not settled, what it did to the pots
    // is not known, until a record states them.
    session.danish.unknown = unknown || !settled;
    if unknown {
        // DK-POT-6: replayed for its findings, not settled: no payments,
        // totals or pots, no claim checked.
        crate::structural::unsettle(r.out.report);
    } else if settled {
        r.out.report.pots = Some(pots);
    }
}

/// The pots before this deal: the record's `Pots` tag, else the session's;
/// `Some(None)` when foundation is due. `None` for an unreadable tag (the
/// deal is not replayed).
fn start_pots(deal: &Deal<'_>, session: &Session, report: &mut Report) -> Option<Option<[i64; 2]>> {
    let Some(tag) = deal.record.tag("Pots") else {
        return Some(session.danish.pots);
    };
    match parse_pots(&tag.value) {
        Some(p) => Some(Some(p)),
        None => {
            report.push(
                Problem::new(Kind::BadTag, format!("`{}` is not a statement of the pots", tag.value))
                    .at(tag.span, "expected `king-pot N, pagat-pot N`")
                    .help("write the pot contents before this deal's dealer fee: [Pots \"king-pot 60, pagat-pot 60\"]; amounts from 0 to 10^12"),
            );
            None
        }
    }
}

impl Replay<'_, '_> {
    /// Plays the deal; returns whether the same dealer deals again, and
    /// whether the deal is settled.
    fn play(&mut self, found: bool, redeal: bool) -> (bool, bool) {
        if found {
            self.found_pots();
        }
        self.pay_dealer_fee(redeal);
        let end = self.phases();
        let settled = !matches!(end, End::Unfinished | End::BadSheet);
        self.out.report.settled = settled;
        if settled {
            self.result(&end);
        }
        if matches!(end, End::Unfinished) {
            // DK-PLAY-5 (README ALL-4): one `incomplete` finding, no fine;
            // the deal is not settled.
            let record = self.deal.record;
            let stop = crate::structural::Stop::of(record, 3);
            crate::structural::incomplete(self.out.report, record, "DK-PLAY-5", stop, 25);
        }
        (matches!(end, End::Redeal), settled)
    }

    /// The facts the deal was settled on (issue 26): a record played card
    /// by card checks its score sheet against them, and keeps them as its
    /// `result` when events are wanted.
    fn result(&mut self, end: &End) {
        let record = self.deal.record;
        if crate::sheet::sheet_only(record) {
            return;
        }
        let mut items = std::mem::take(&mut self.items);
        items.extend(self.out.fines.iter().map(|&(s, n)| sheet::Item::Fine(s, n)));
        if matches!(end, End::Redeal) {
            items.push(sheet::Item::Redeal);
        } else if self.out.abandoned {
            items.push(sheet::Item::Abandoned);
        }
        if let Some(stated) = &record.result {
            self.compare(stated, &items);
        }
        if self.out.report.wants_events() {
            self.out.report.result = Some(sheet::to_sheet(&items));
        }
    }

    /// The phases of the deal, in the order the rules replay them
    /// (DK-FINE-3): dealt hands, misdeal demands, skat, declarations,
    /// tricks card by card, then the settlement after the last trick.
    fn phases(&mut self) -> End {
        // A score sheet without cards: its facts settle the deal (issue 26).
        if let Some(sheet) = self
            .deal
            .record
            .result
            .as_ref()
            .filter(|_| crate::sheet::sheet_only(self.deal.record))
        {
            return match self.stated(sheet) {
                Some(items) => self.settle_items(&items),
                None => End::BadSheet,
            };
        }
        let partial = self.deal.record.is_partial();
        if !partial {
            if let Some(end) = self.wrong_deal() {
                return end;
            }
        }
        let mut game = self.dealt_hands();
        if self.misdeal_demanded(&game) {
            return End::Redeal;
        }
        self.skat(&mut game);
        // A partial record's hands are inferred from the play, which an
        // irregularity may scramble: its declarations are taken as made.
        self.declarations(&game.dealt, game.skat, partial);
        let last = match self.tricks(&mut game) {
            Ok(last) => last,
            Err(end) => return end,
        };
        let ending = self.ending(&game, last);
        self.settle_end(&ending);
        self.refound_emptied_pots();
        End::Settled
    }
}
