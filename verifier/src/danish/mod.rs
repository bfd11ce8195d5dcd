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
//! The engine (`Engine`) steps, as Skill7's does: `Engine::start` takes
//! the deal and what comes before the play, `Engine::catch_up` the tricks
//! the record has completed since (a trick of three cards is judged the
//! same whatever follows it), `Engine::finish` ends the deal where the
//! record ends (the last trick cut short, the settlement). [`replay`] (what
//! `verify` runs) is the engine taking a whole record; `crate::game`
//! judges a move on a clone of it (`step`, which also lists the legal
//! cards of the play). What comes before the play is judged on the whole
//! record, since what follows it tells whether it was complete (the skat
//! missing when the record goes on, DK-DISCARD-5; the declarations of the
//! seats a record that stops reaches, DK-DECL-7; the tout announced after
//! the skat, DK-TOUT-2).
//!
//! One module per phase of the deal, named as the digest names them. First
//! `seats` (DK-SEAT: who deals, who plays), `pots` (DK-POT-2 foundation at
//! the start of a session) and the dealer fee (DK-PAY-1, in `deal`); then,
//! in this order:
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
//! `Engine::settle_items` pays them through the same functions. A record
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
//! assert_eq!(session.redeal(), Some(notation::Seat::new(0)));
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
mod step;

use notation::Kind;
use notation::Rule;
use notation::{PerSeat, Problem, Record, Seat};

pub(crate) use play::{duty_broken, trick_lead};
pub use pots::{end_of_session, parse_pots};
pub(crate) use step::Stepped;

use crate::{Deal, Report, Session};
use ledger::Ledger;
use options::Opts;
use seats::Seating;
use state::Game;

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

/// The engine of one deal: its options and table, the report writer, the
/// players who may not win an ultimo, the facts of the result, and the game
/// state as far as the record has been taken. It steps: [`Engine::start`]
/// takes the deal and what comes before the play, [`Engine::catch_up`] the
/// tricks the record has completed since, [`Engine::finish`] ends the deal
/// where the record ends; it is cloned to judge a move (`crate::game`).
/// [`replay`] (what `verify` runs) is the engine taking a whole record.
#[derive(Debug, Clone)]
pub(crate) struct Engine {
    o: Opts,
    seating: Seating,
    out: Ledger,
    /// Players who cannot win an ultimo (DK-FINE-3, `irregularities =
    /// continue`).
    barred: PerSeat<bool>,
    /// The facts of the result, as the deal pays them (issue 26): a
    /// score sheet's `result` is compared with them.
    items: Vec<sheet::Item>,
    /// The structural check found a wrong deal (README ALL-1).
    wrong_deal: bool,
    /// The first trick of the wrong size (README ALL-3).
    cut: Option<usize>,
    /// A record without hands: they are inferred from the play.
    partial: bool,
    /// Where the engine stands.
    step: Step,
    /// What the engine took before the play depends on all the tricks of
    /// the record (a skat taken to be the cards the dealer never plays,
    /// DK-DISCARD-5): it cannot take a longer record ([`Engine::fits`]).
    whole: bool,
}

/// Where the engine stands in the deal.
#[derive(Debug, Clone)]
enum Step {
    /// The deal has ended before the play (a score sheet alone, a wrong
    /// deal, a valid misdeal demand).
    Ended(End),
    /// The play: the game state after the `taken` tricks taken.
    Play { game: Box<Game>, taken: usize },
}

/// The record before the play as the engine read it ([`Engine::start`]): the calls, the skat,
/// the declarations, and whether tricks followed them (the skat and the
/// declarations are judged on what follows them: DK-DISCARD-5, DK-DECL-7).
#[derive(Debug, Clone, PartialEq)]
struct Read {
    calls: Option<notation::Actions>,
    discard: Option<notation::Discard>,
    declarations: Option<notation::Actions>,
    tricks: bool,
}

impl Read {
    fn of(record: &Record) -> Read {
        Read {
            calls: record.calls.clone(),
            discard: record.discard.clone(),
            declarations: record.declarations.clone(),
            tricks: !record.tricks.is_empty(),
        }
    }

    fn fits(&self, record: &Record) -> bool {
        self.tricks != record.tricks.is_empty()
            && self.calls == record.calls
            && self.discard == record.discard
            && self.declarations == record.declarations
    }
}

/// The engine and the game state after the skat, before the declarations
/// ([`Engine::start`]'s `pre`, [`Engine::resume`]).
type AfterSkat = (Engine, Box<Game>);

/// How the replay of the cards ended.
#[derive(Debug, Clone, Copy)]
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

/// What the session gives the deal: the pots it starts from (`None`:
/// foundation is due), whether they are not known (DK-POT-6), and whether
/// the same dealer deals again (DK-SEAT-3).
#[derive(Debug, Clone, Copy)]
struct Start {
    pots: Option<[i64; 2]>,
    unknown: bool,
    redeal: bool,
}

/// How the deal ended ([`Engine::finish`]): the report, whether the same
/// dealer deals again, whether it is settled, the pots after it.
struct Ended {
    report: Report,
    deal_again: bool,
    settled: bool,
    pots: [i64; 2],
}

/// Replays the deal, pushing findings, payments and events into the report:
/// the engine takes the record's entries in their order, then the record's
/// end ends the deal.
pub fn replay(deal: &Deal<'_>, session: &mut Session, report: &mut Report) {
    let Some(start) = session_start(deal, session, report) else {
        return;
    };
    let mut engine = Engine::start(deal, start, std::mem::take(report), None);
    engine.catch_up(deal.record);
    let ended = engine.finish(deal.record);
    *report = carry(deal, session, start, ended);
}

/// What the session gives the deal ([`Start`]), after the findings that
/// come before the engine: a deal that cannot be replayed (the pots are
/// then lost for the deals after it), pots not known (DK-POT-6), the
/// dealer (DK-SEAT-3). `None`: the deal is not replayed.
fn session_start(deal: &Deal<'_>, session: &mut Session, report: &mut Report) -> Option<Start> {
    let record = deal.record;
    let facts = deal.facts;
    if facts.unknown_seats
        || facts.too_many_tricks
        || (record.is_partial() && facts.not_in_pack)
        || report.problems.iter().any(|p| p.kind == Kind::BadTag)
    {
        // What this deal did to the pots is lost for the deals after it.
        session.danish.unknown = true;
        return None;
    }
    let pots = start_pots(deal, session, report)?;
    // A readable `Pots` tag says what the pots are.
    let unknown = session.danish.unknown && record.tag("Pots").is_none();
    if unknown {
        pots::pots_unknown(record, report);
    }
    let dealer = deal.table.dealer;
    // After a lost deal the dealer is not known either.
    let expected = session.danish.next_dealer.filter(|_| !unknown);
    seats::check_dealer(record, expected, dealer, report);
    Some(Start {
        pots,
        unknown,
        redeal: session.danish.redeal == Some(dealer),
    })
}

/// What the deal passes on to the session, and its report.
fn carry(deal: &Deal<'_>, session: &mut Session, start: Start, ended: Ended) -> Report {
    let Ended {
        mut report,
        deal_again,
        settled,
        pots,
    } = ended;
    let dealer = deal.table.dealer;
    session.danish.redeal = deal_again.then_some(dealer);
    session.danish.next_dealer = Some(if deal_again {
        dealer
    } else {
        dealer.next(deal.table.seats)
    });
    session.danish.pots = Some(pots);
    // DK-POT-6: after a deal that is not settled, what it did to the pots
    // is not known, until a record states them.
    session.danish.unknown = start.unknown || !settled;
    if start.unknown {
        // DK-POT-6: replayed for its findings, not settled: no payments,
        // totals or pots, no claim checked.
        crate::structural::unsettle(&mut report);
    } else if settled {
        report.pots = Some(pots);
    }
    report
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

impl Engine {
    /// The engine at the start of `deal`, writing into `report` (the
    /// structural findings so far): the foundation of the pots at the start
    /// of a session (DK-POT-2), the dealer's fee (DK-PAY-1), then what comes
    /// before the play, in the order the rules replay it (DK-FINE-3): the
    /// dealt hands, misdeal demands, the skat and the declarations. Those
    /// are judged on the whole of `record` (what follows them tells whether
    /// the record stops there); the play is left to [`Engine::catch_up`].
    /// `pre`: given, it takes the engine and the game state as they stand
    /// after the skat, before the declarations ([`Engine::before_play`]).
    fn start(
        deal: &Deal<'_>,
        start: Start,
        report: Report,
        pre: Option<&mut Option<AfterSkat>>,
    ) -> Engine {
        let o = Opts::read(deal.options);
        let out = Ledger::new(
            report,
            start.pots.unwrap_or([0, 0]),
            o.cancel,
            o.continue_play,
        );
        let mut e = Engine {
            o,
            seating: Seating::new(&deal.table),
            out,
            barred: PerSeat::new(deal.table.seats),
            items: Vec::new(),
            wrong_deal: deal.wrong_deal,
            cut: deal.cut,
            partial: deal.record.is_partial(),
            step: Step::Ended(End::Unfinished),
            whole: false,
        };
        // After a lost deal the foundation (DK-POT-2) may have been paid in it.
        if start.pots.is_none() && !start.unknown {
            e.found_pots();
        }
        e.pay_dealer_fee(start.redeal);
        e.step = e.before_play(deal.record, None, pre, None);
        e
    }

    /// The engine after what comes before the play of `record`, from `pre`
    /// (the engine and the game state after the skat, [`Engine::start`]):
    /// the declarations and the skat's points taken as [`Engine::start`]
    /// takes them.
    /// `held`: the combinations each active player was dealt, in
    /// declaring order (DK-DECL-3), read already.
    fn resume(pre: &AfterSkat, record: &Record, held: &[declarations::Held; 3]) -> Engine {
        let mut e = pre.0.clone();
        e.step = e.before_play(record, Some(pre.1.clone()), None, Some(held));
        e
    }

    /// What comes before the play (DK-FINE-3): dealt hands, misdeal
    /// demands, skat, declarations; or a score sheet's facts. `after_skat`:
    /// the game state after the skat, the engine as it stood then (the
    /// declarations on are taken); `pre`: given, it takes the engine and
    /// the state after the skat (one function for both, `verify`'s path
    /// as it was); `held`: the combinations dealt, read already
    /// ([`Engine::resume`]).
    fn before_play(
        &mut self,
        record: &Record,
        after_skat: Option<Box<Game>>,
        pre: Option<&mut Option<AfterSkat>>,
        held: Option<&[declarations::Held; 3]>,
    ) -> Step {
        let mut game = match after_skat {
            Some(game) => game,
            None => match self.up_to_declarations(record) {
                Ok(game) => game,
                Err(step) => return step,
            },
        };
        if let Some(pre) = pre {
            *pre = Some((self.clone(), game.clone()));
        }
        // A partial record's hands are inferred from the play, which an
        // irregularity may scramble: its declarations are taken as made.
        self.declarations(record, &game.dealt, game.skat, self.partial, held);
        self.skat_won(&mut game);
        Step::Play { game, taken: 0 }
    }

    /// What comes before the play up to the declarations: the game state
    /// after the skat, or how the deal ended before it.
    #[inline(always)]
    fn up_to_declarations(&mut self, record: &Record) -> Result<Box<Game>, Step> {
        // A score sheet without cards: its facts settle the deal (issue 26).
        if let Some(sheet) = record
            .result
            .as_ref()
            .filter(|_| crate::sheet::sheet_only(record))
        {
            return Err(Step::Ended(match self.stated(sheet) {
                Some(items) => self.settle_items(&items),
                None => End::BadSheet,
            }));
        }
        if !self.partial {
            if let Some(end) = self.wrong_deal(record) {
                return Err(Step::Ended(end));
            }
        }
        // Boxed at once: the state is handed on as it is (no copy of it).
        let mut game = Box::new(self.dealt_hands(record));
        if self.misdeal_demanded(record, &game) {
            return Err(Step::Ended(End::Redeal));
        }
        self.skat(record, &mut game);
        Ok(game)
    }

    /// Whether the engine can take the rest of `record`, a longer record
    /// than the one it started on, whose part before the play is the same
    /// ([`Read`]): it holds the tricks the engine has taken (unchanged: the
    /// caller's care).
    fn fits(&self, record: &Record) -> bool {
        if self.whole {
            return false;
        }
        match &self.step {
            Step::Ended(_) => true,
            Step::Play { taken, .. } => record.tricks.len() >= *taken,
        }
    }

    /// Takes the tricks of `record` the engine has not taken yet that are
    /// complete (three cards: judged the same whatever follows them).
    fn catch_up(&mut self, record: &Record) {
        // Nothing to take while the trick after those taken is not complete
        // (most cards of a game played card by card: `take_tricks` would
        // stop at it at once, after its call's cost).
        if let Step::Play { taken, .. } = &self.step {
            if self
                .judged(record)
                .get(*taken)
                .is_none_or(|t| t.plays.len() != 3)
            {
                return;
            }
        }
        let mut step = std::mem::replace(&mut self.step, Step::Ended(End::Unfinished));
        if let Step::Play { game, taken } = &mut step {
            *taken = self.take_tricks(record, game, *taken, true).0;
        }
        self.step = step;
    }

    /// Ends the deal as `record` ends it (its complete tricks taken,
    /// [`Engine::catch_up`]): the last trick cut short, a trick of the
    /// wrong size, an incomplete record (DK-PLAY-5, README ALL-4), or the
    /// settlement after the last trick.
    fn finish(mut self, record: &Record) -> Ended {
        let step = std::mem::replace(&mut self.step, Step::Ended(End::Unfinished));
        let end = match step {
            Step::Ended(end) => end,
            Step::Play { mut game, taken } => {
                let (_, short) = self.take_tricks(record, &mut game, taken, false);
                match self.end_of_play(record, &game, short) {
                    Ok(last) => {
                        let ending = self.ending(&game, last);
                        self.settle_end(&ending);
                        self.refound_emptied_pots();
                        End::Settled
                    }
                    Err(end) => end,
                }
            }
        };
        let settled = !matches!(end, End::Unfinished | End::BadSheet);
        self.out.report.settled = settled;
        if settled {
            self.result(record, &end);
        }
        if matches!(end, End::Unfinished) {
            // DK-PLAY-5 (README ALL-4): one `incomplete` finding, no fine;
            // the deal is not settled.
            let stop = crate::structural::Stop::of(record, 3);
            crate::structural::incomplete(&mut self.out.report, record, Rule::DkPlay5, stop, 25);
        }
        Ended {
            deal_again: matches!(end, End::Redeal),
            settled,
            pots: self.out.pots,
            report: self.out.report,
        }
    }

    /// The tricks judged: those before the first trick of the wrong size
    /// (README ALL-3).
    fn judged<'r>(&self, record: &'r Record) -> &'r [notation::Trick] {
        let tricks = &record.tricks[..];
        &tricks[..self.cut.unwrap_or(tricks.len()).min(tricks.len())]
    }

    /// Adds an item of the deal's score sheet. The first is given room
    /// for a deal's usual items (declarations, cards lost, the ending and
    /// the count), where the list grew from 4 to 8 to 16; an engine that
    /// never pays (a judgement's copy) makes no list.
    fn push_item(&mut self, item: sheet::Item) {
        if self.items.capacity() == 0 {
            self.items.reserve(16);
        }
        self.items.push(item);
    }

    /// The facts the deal was settled on (issue 26): a record played card
    /// by card checks its score sheet against them, and keeps them as its
    /// `result` when events are wanted.
    fn result(&mut self, record: &Record, end: &End) {
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
}
