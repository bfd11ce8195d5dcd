//! The rules engine of Skill7 Tarock (`spec/rules/skill7-tarock.md`,
//! rule ids `S7-...`): the 40-card four-player Tarock of the Skill7 site,
//! with the games Rufer, Farbesolo and Solo, the additions Absolut, Pagat
//! and Valat with their kontras, and the automatic premiums.
//!
//! ## Flow
//! The engine ([`Engine`]) steps: it takes one entry at a time in the
//! record's order ([`Engine::catch_up`] takes those it has not taken yet)
//! and ends the deal where the record ends ([`Engine::finish`]); it is
//! cloned to judge a move (`crate::game`). [`replay`] (what `verify` runs)
//! is the engine taking a whole record. One module per phase:
//! 1. `deal`: the hands, the dealt ones or in a partial record the cards
//!    each seat played (the trick winners, and so the seats, follow from the
//!    game); redeal causes (S7-DEAL-*).
//! 2. `auction`: one entry per turn (S7-BID-*), the additions and kontras
//!    in `additions` (S7-ADD-*); then `call` (S7-CALL-*).
//! 3. `play`: trick by trick (S7-PLAY-*), on the shared core
//!    [`crate::trick`]: a card outside the legal set is a revoke naming the
//!    duty broken.
//! 4. `settle`: a ledger line per payment (S7-SCORE-*, S7-POINTS-2).
//!
//! What a whole record told the replay before the engine stepped is told
//! by the record's end or by the next section: the auction closes when
//! calls or tricks follow it (or the record ends); the calls close at the
//! first trick; whether a deal with a cause for a redeal was bid or played
//! (S7-DEAL-3), and a redeal claimed without cause (reported before the
//! auction's findings, as S7-DEAL-3 is judged first), are read at the end.
//! Who led a trick can be read from all its cards (README ALL-5), so the
//! trick being played is judged again from its first card each time it
//! grows (the table and the report before it are kept).
//!
//! Step by step (`crate::game`), the engine after the record so far also
//! says who acts ([`Engine::due`]) and lists what is legal then, by the
//! very checks it judges an entry or a card with: [`Stepped::admits`] (an
//! auction entry: the game bids' breaks and the additions' reasons, typed
//! and worded only when reported; the declarer's call) and
//! [`Stepped::legal_cards`] (the play's allowed set and S7-PLAY-4).
//!
//! `deck` holds the pack and the card points (S7-DECK-*, S7-POINTS-1);
//! `state` the game state the phases change and the writer of what they
//! find.
//!
//! The replay goes on past a fault of a rule: an illegal game bid still
//! takes effect (S7-BID-7), an illegal addition has none (S7-ADD-2), a
//! revoked card is still played, a card not held counts as played
//! (S7-PLAY-6). It stops where the rules judge nothing more (README ALL-1
//! to ALL-4): a wrong deal, a deal due for a redeal (S7-DEAL-3), an auction
//! without a game (S7-BID-2), a trick of the wrong size, a record that
//! stops before the deal's end (S7-PLAY-6).
//!
//! ```
//! let text = "[Variant \"skill7-tarock\"]\n[Dealer \"3\"]\n\n\
//!     hand 0: T22 T21 T20 T19 T18 T17 T16 T15 T14 T13\n\
//!     hand 1: SK SQ SN SJ S10 CK CQ CN T12 T11\n\
//!     hand 2: HK HQ HN HJ H1 CJ C10 T10 T9 T8\n\
//!     hand 3: DK DQ DN DJ D1 T7 T6 T5 T4 T1\n\
//!     auction: 0 continue\n";
//! let record = notation::parse_str(text).remove(0).unwrap();
//! let report = tarok_verifier::verify(&record, &mut tarok_verifier::Session::default());
//! assert_eq!(report.problems[0].rule, Some(notation::Rule::S7Bid2));
//! ```

mod additions;
mod auction;
mod call;
mod deal;
mod deck;
mod play;
mod settle;
mod sheet;
mod state;

pub use auction::Kind;
pub(crate) use deal::name_structural_faults;
pub(crate) use play::legal_plays;
pub(crate) use state::Engine;

use crate::{Deal, Report, Session};
use auction::Closed;
use notation::Record;
use state::{Opts, Out, Phase, Seen, State};

/// Replays the deal, pushing findings, payments and events into the report:
/// the engine takes the record's entries in their order, then the record's
/// end ends the deal.
pub fn replay(deal: &Deal<'_>, _session: &mut Session, report: &mut Report) {
    name_structural_faults(report, deal.wrong_deal);
    // A score sheet without cards: its facts settle the deal (issue 26).
    if let Some(sheet) = deal
        .record
        .result
        .as_ref()
        .filter(|_| crate::sheet::sheet_only(deal.record))
    {
        let mut out = Out {
            report: std::mem::take(report),
        };
        if let Some(facts) = sheet::stated(sheet, &mut out) {
            settle::settle_facts(&mut out, &facts);
        }
        *report = out.report;
        return;
    }
    if deal.wrong_deal {
        // README ALL-1, S7-DEAL-1: one finding (the structural checks'),
        // nothing else judged, void.
        let mut out = Out {
            report: std::mem::take(report),
        };
        deal::void_wrong_deal(&mut out);
        *report = out.report;
        return;
    }
    let mut engine = Engine::start(deal, std::mem::take(report));
    engine.catch_up(deal.record);
    *report = engine.finish(deal.record);
}

impl Engine {
    /// The engine at the start of `deal` (not a wrong deal, not a score
    /// sheet alone), writing into `report` (the structural findings so
    /// far). In a partial record the hands are the cards each seat played,
    /// read from the whole record.
    pub(crate) fn start(deal: &Deal<'_>, report: Report) -> Engine {
        let claim_at = report.problems.len();
        let mut e = Engine {
            st: State::new(deal.table.dealer.next(4)),
            out: Out { report },
            opts: Opts::read(deal.options),
            partial: deal.record.is_partial(),
            cut: deal.cut,
            phase: Phase::Over,
            seen: Seen::default(),
            claim_at,
        };
        // The game decides trick winners, and in a partial record the
        // winners decide who played what: read the final game first.
        e.read_hands(
            deal.record,
            auction::final_game(deal.record) == Some(Kind::Farbesolo),
        );
        e.phase = match e.redeal_cause() {
            Some((seat, why)) => Phase::Redeal { seat, why },
            None => Phase::Auction(Box::new(e.new_auction())),
        };
        e
    }

    /// Whether the engine can take the rest of `record`: `record` holds
    /// every entry the engine has taken (the tricks taken unchanged are
    /// the caller's care), and no section the engine has closed has grown.
    pub(crate) fn fits(&self, record: &Record) -> bool {
        let len = |l: &Option<notation::Actions>| l.as_ref().map_or(0, |l| l.actions.len());
        let (auction, calls) = (len(&record.auction), len(&record.calls));
        // The auction closed because the record went on past it.
        let goes_on = record.calls.is_some() || !record.tricks.is_empty();
        match &self.phase {
            // Nothing is taken: the record's end judges it all.
            Phase::Redeal { .. } => true,
            Phase::Auction(_) => auction >= self.seen.auction,
            Phase::Over => auction == self.seen.auction && goes_on,
            Phase::Calls(_) => auction == self.seen.auction && calls >= self.seen.calls && goes_on,
            Phase::Play(k) => {
                auction == self.seen.auction
                    && calls == self.seen.calls
                    && !record.tricks.is_empty()
                    && record.tricks.len() >= k.judged()
            }
        }
    }

    /// Who acts next, and in which section, after a record of legal entries
    /// only: in the auction the seat whose turn it is (S7-DEAL-2); after
    /// it, in a Rufer, the declarer's call (S7-CALL-1); then the card due
    /// (S7-PLAY-1). Every move by another seat, or of another section, is
    /// illegal then (a finding the replay gives; debug builds check it in
    /// `crate::game`). `None` where it is not known so simply (a redeal due,
    /// an entry out of turn, a fault in play, the deal over).
    pub(crate) fn due(&self) -> Option<(notation::Seat, Due)> {
        match &self.phase {
            Phase::Auction(st) => match (st.turn(), st.game) {
                (Some(seat), _) => Some((seat, Due::Auction)),
                (None, Some(Kind::Rufer)) if st.ended => Some((st.declarer, Due::Calls)),
                (None, Some(_)) if st.ended => Some((self.st.forehand, Due::Play)),
                _ => None,
            },
            Phase::Calls(k) if k.call_due() => Some((k.contract.declarer, Due::Calls)),
            Phase::Calls(_) => Some((self.st.forehand, Due::Play)),
            Phase::Play(k) => k.due().map(|seat| (seat, Due::Play)),
            Phase::Redeal { .. } | Phase::Over => None,
        }
    }

    /// Takes the entries of `record` that the engine has not taken yet, in
    /// the record's order: the auction's, then the calls', then the tricks'
    /// cards (the trick being played judged again from its first card).
    /// `record` holds the entries taken so far ([`Engine::fits`]).
    pub(crate) fn catch_up(&mut self, record: &Record) {
        let entries = |l: &Option<notation::Actions>| l.as_ref().map_or(0, |l| l.actions.len());
        let mut phase = std::mem::replace(&mut self.phase, Phase::Over);
        if let Phase::Auction(st) = &mut phase {
            if let Some(list) = &record.auction {
                for a in &list.actions[self.seen.auction..] {
                    self.entry(st, a);
                }
            }
            self.seen.auction = entries(&record.auction);
            // The record goes on past the auction: a call or tricks follow.
            if record.calls.is_some() || !record.tricks.is_empty() {
                phase = match self.close_auction(st, record) {
                    Closed::Game(c) => Phase::Calls(Box::new(self.new_calls(c))),
                    // S7-BID-2: no game, not settled, nothing after the
                    // auction judged.
                    Closed::NoGame | Closed::Stops => Phase::Over,
                };
            }
        }
        if let Phase::Calls(k) = &mut phase {
            if let Some(list) = &record.calls {
                for a in &list.actions[self.seen.calls..] {
                    self.call_entry(k, a);
                }
            }
            self.seen.calls = entries(&record.calls);
            if !record.tricks.is_empty() {
                let partner = self.close_calls(k, record);
                phase = Phase::Play(Box::new(self.new_tricks(k.contract.clone(), partner)));
            }
        }
        if let Phase::Play(k) = &mut phase {
            self.tricks(k, record);
        }
        self.phase = phase;
    }

    /// Ends the deal as `record` ends it (the entries taken,
    /// [`Engine::catch_up`]): a redeal, an auction without a game, an
    /// incomplete record (S7-PLAY-6, README ALL-4), a void deal or the
    /// settlement; the report.
    pub(crate) fn finish(&mut self, record: &Record) -> Report {
        self.end(record);
        std::mem::take(&mut self.out.report)
    }

    /// [`Engine::finish`], the report left in the engine.
    fn end(&mut self, record: &Record) {
        let mut phase = std::mem::replace(&mut self.phase, Phase::Over);
        if let Phase::Redeal { seat, why } = &phase {
            // S7-DEAL-3 as amended: nothing else of the deal is judged.
            self.redeal(record, *seat, why);
            return;
        }
        self.claim_without_cause(record);
        if let Phase::Auction(st) = &phase {
            phase = match self.close_auction(st, record) {
                Closed::Game(c) => Phase::Calls(Box::new(self.new_calls(c))),
                Closed::NoGame => return,
                Closed::Stops => {
                    self.incomplete(record);
                    return;
                }
            };
        }
        if let Phase::Calls(k) = &phase {
            let partner = self.close_calls(k, record);
            phase = Phase::Play(Box::new(self.new_tricks(k.contract.clone(), partner)));
        }
        let Phase::Play(k) = &phase else {
            return;
        };
        if self.void_for_wrong_trick() {
            return;
        }
        let judged = deal::judged(record, self.cut).len();
        if k.complete(judged, self.cut) {
            self.settle(k.contract(), k.partner(), &k.out, record.result.as_ref());
        } else {
            // S7-PLAY-6, README ALL-4: fewer than ten tricks, or the last
            // one cut short.
            self.incomplete(record);
        }
    }
}

/// The section of the move due ([`Engine::due`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Due {
    Auction,
    Calls,
    Play,
}

/// A deal played step by step (`crate::game`): the engine at the deal's
/// start and after the record so far. A move is judged on a clone of the
/// latter, which takes the move and ends the deal there.
#[derive(Debug, Clone)]
pub(crate) struct Stepped {
    /// Shared by the clones of a game (a search clones games often): it
    /// never changes.
    start: std::sync::Arc<Engine>,
    now: Engine,
}

impl Stepped {
    /// The engine of the deal of `record` (its hands, tags), if it can
    /// step it: a deal with hands, a table, readable options and no
    /// structural finding. Other deals are judged by the whole replay.
    pub(crate) fn new(record: &Record, table: notation::check::Table) -> Option<Stepped> {
        let (options, report) = crate::steppable(record, table, notation::Variant::Skill7Tarock)?;
        let deal = Deal::clean(record, table, &options);
        let start = Engine::start(&deal, report);
        Some(Stepped {
            now: start.clone(),
            start: std::sync::Arc::new(start),
        })
    }

    /// Who acts next after the record so far, and in which section
    /// ([`Engine::due`]).
    pub(crate) fn due(&self) -> Option<(notation::Seat, Due)> {
        self.now.due()
    }

    /// Whether `act` by `seat` is a legal entry of the section `due`
    /// (the auction or the calls) now, by the checks the engine judges
    /// the entry with ([`Engine::admits`], [`Engine::admits_call`]); false
    /// for a seat or section not due.
    pub(crate) fn admits(&self, seat: notation::Seat, due: Due, act: &notation::Act) -> bool {
        self.admitted(seat, due)(act)
    }

    /// Whether an entry of the section `due` is admitted in some position
    /// ([`Stepped::admitted`] can say yes to it): false for the words it
    /// refuses whatever the position, so that a list of the legal entries
    /// asks the position only of the others. In the auction, a call, and an
    /// announcement or kontra of a bonus that is no Skill7 addition
    /// (S7-ADD-1, [`Engine::may_admit_entry`]); in the calls, all but a call
    /// ([`Engine::admits_call`], S7-CALL-1).
    pub(crate) fn may_admit(due: Due, act: &notation::Act) -> bool {
        match due {
            Due::Auction => Engine::may_admit_entry(act),
            Due::Calls => matches!(act, notation::Act::Call { .. }),
            Due::Play => false,
        }
    }

    /// [`Stepped::admits`] for the entries of one seat and section, the
    /// position (the seat due, the calls the auction leaves) read once for
    /// them all: how the lists of `crate::game` ask.
    pub(crate) fn admitted(
        &self,
        seat: notation::Seat,
        due: Due,
    ) -> Box<dyn Fn(&notation::Act) -> bool + '_> {
        if self.now.due() != Some((seat, due)) {
            return Box::new(|_| false);
        }
        let e = &self.now;
        match (&e.phase, due) {
            (Phase::Auction(st), Due::Auction) => Box::new(e.admits(st, seat)),
            // The auction has ended and the record not gone on yet.
            (Phase::Auction(st), Due::Calls) => match st.game {
                Some(game) => {
                    let k = e.new_calls(st.contract(game));
                    Box::new(move |act| e.admits_call(&k, seat, act))
                }
                None => Box::new(|_| false),
            },
            (Phase::Calls(k), Due::Calls) => Box::new(move |act| e.admits_call(k, seat, act)),
            _ => Box::new(|_| false),
        }
    }

    /// The seat whose card is due and the cards it may play, by the checks
    /// the engine judges a card with ([`Engine::play_card`]); `None` where
    /// no card is due.
    pub(crate) fn legal_cards(&self) -> Option<(notation::Seat, notation::CardSet)> {
        let e = &self.now;
        match &e.phase {
            Phase::Play(k) => k.legal(),
            // The first trick, before the record has gone on to it: the
            // play the engine would start.
            Phase::Auction(st) if self.now.due().is_some_and(|(_, d)| d == Due::Play) => {
                let game = st.game?;
                e.new_tricks(st.contract(game), None).legal()
            }
            Phase::Calls(k) if self.now.due().is_some_and(|(_, d)| d == Due::Play) => {
                e.new_tricks(k.contract.clone(), None).legal()
            }
            _ => None,
        }
    }

    /// Whether the deal is played out after legal moves (the ten tricks
    /// taken): the record needs no further entry.
    pub(crate) fn played_out(&self) -> bool {
        matches!(&self.now.phase, Phase::Play(k) if k.played_out())
    }

    /// The engine after `record`, the record so far.
    pub(crate) fn advance(&mut self, record: &Record) {
        if !self.now.fits(record) {
            self.now = Engine::clone(&self.start);
        }
        self.now.catch_up(record);
    }

    /// What `crate::replay` gives for `record` (the record so far, or it
    /// with a move appended), no events built: the structural checks of
    /// `record` and the engine's findings after it. `None` where the
    /// structural checks judge more than the deal (a trick of the wrong
    /// size, a card a seat cannot have played): the caller replays then.
    pub(crate) fn judge(&self, record: &Record, table: notation::check::Table) -> Option<Report> {
        let structure = notation::check::structure_of(record, table);
        let plain = structure.problems.iter().all(|p| {
            !matches!(
                p.kind,
                notation::Kind::DuplicateCard
                    | notation::Kind::CardNotHeld
                    | notation::Kind::OutOfTurn
            )
        });
        if structure.wrong_deal || structure.cut.is_some() || !plain || record.result.is_some() {
            return None;
        }
        let mut engine = if self.now.fits(record) {
            self.now.clone()
        } else {
            Engine::clone(&self.start)
        };
        engine.catch_up(record);
        let mut report = engine.finish(record);
        let mut problems = structure.problems;
        if !problems.is_empty() {
            let mut named = Report {
                problems,
                ..Report::default()
            };
            name_structural_faults(&mut named, false);
            problems = named.problems;
            problems.append(&mut report.problems);
            report.problems = problems;
        }
        Some(report)
    }
}
