//! The engine as steps (issue 25): an owned, cloneable [`Engine`] that
//! takes a record's entries in the order of the deal ([`Engine::catch_up`])
//! and ends the deal where the record ends ([`Engine::finish`]). `verify`
//! is the engine taking a whole record ([`super::replay`]); a game played
//! step by step (`crate::game`) judges a move on a clone of the engine
//! after the record so far ([`Stepped`]).
//!
//! The phases read the record as the replay did; what a phase learnt from
//! the record's later sections is told by them as they come, or by the
//! record's end:
//! - the auction closes when the calls, a discard or tricks follow it
//!   (KR-BID-7: an unfinished auction that the record goes on from);
//! - the king call, the talon choice and the discard are taken together
//!   once nothing later can change how they read: an entry of the call
//!   round follows them (a discard written later is another record: the
//!   engine starts again), or the tricks have begun. A grind (KR-TALON-2) and a discard taken to be the cards the
//!   bidder never plays (KR-DISCARD-4) are judged at the record's end;
//! - the call round takes its entries one by one and closes at the first
//!   trick (KR-ANN-1: an unfinished round is a finding only then);
//! - the tricks are judged one by one, the trick being played (fewer than
//!   four cards) from its first card at the end, since who led it is read
//!   from all its cards (README ALL-5).

use notation::check::Table;
use notation::Seat;
use notation::{Act, Action, Card, CardSet, Discard, Game, Item, Record, Span};

use super::announcements::Round;
use super::auction::Bidding;
use super::duties::{card_fault_by, legal_cards, CardFault};
use super::options::Opts;
use super::out::Out;
use super::play::Tricks;
use super::rules::{is_caller, is_negative, is_solo};
use super::state::State;
use super::{settle, sheet, Auction, Replay};
use crate::game::{Move, Phase};
use crate::trick::Rules;
use crate::{Deal, Report};

/// Where the engine is in the deal.
#[derive(Debug, Clone)]
enum Stage {
    /// The auction: its entries taken so far.
    Auction { bidding: Bidding, seen: usize },
    /// The auction ended with a game; the king call, talon choice and
    /// discard are not taken yet.
    Head,
    /// The call round: the index of its next entry among the calls.
    Round { round: Round, seen: usize },
    /// The tricks.
    Play(Tricks),
    /// Nothing more is judged (no game).
    Over,
}

/// The Königrufen engine: the game state and the report after the entries
/// taken so far. See the [module docs](self).
#[derive(Debug, Clone)]
pub(crate) struct Engine {
    opts: Opts,
    state: State,
    pub(super) report: Report,
    cut: Option<usize>,
    stage: Stage,
    /// The entries taken: the auction's, and the discard the head was
    /// taken with (a record that changes them is not this engine's).
    seen_auction: usize,
    seen_discard: Option<Discard>,
    /// The calls' entries when the call round closed (at the first trick).
    seen_calls: usize,
}

impl Engine {
    /// The engine before the deal is read, writing into `report` (the
    /// structural findings so far).
    pub(super) fn new(deal: &Deal<'_>, report: Report) -> Engine {
        let forehand = deal.table.dealer.next(4); // KR-DEAL-2
        let mut e = Engine {
            opts: Opts::read(deal.options),
            state: State::new(forehand, deal.record.is_partial()),
            report,
            cut: deal.cut,
            stage: Stage::Over,
            seen_auction: 0,
            seen_discard: None,
            seen_calls: 0,
        };
        let bidding = e.replay(deal.record).new_bidding();
        e.stage = Stage::Auction { bidding, seen: 0 };
        e
    }

    /// The engine at the start of `deal` (not a wrong deal, not a score
    /// sheet alone): the hands and talon read (a partial record: the cards
    /// each seat plays in the whole record, `deal`).
    pub(super) fn start(deal: &Deal<'_>, report: Report) -> Engine {
        let mut e = Engine::new(deal, report);
        e.replay(deal.record).read_deal();
        e
    }

    /// The phases' view of the engine over `rec`.
    pub(super) fn replay<'a>(&'a mut self, rec: &'a Record) -> Replay<'a> {
        Replay {
            rec,
            opts: self.opts,
            state: &mut self.state,
            out: Out::new(&mut self.report),
            cut: &mut self.cut,
        }
    }

    /// Whether the engine can take the rest of `record`: `record` holds the
    /// entries taken so far unchanged (the tricks judged are the caller's
    /// care: entries are only ever appended).
    fn fits(&self, record: &Record) -> bool {
        let len = |l: &Option<notation::Actions>| l.as_ref().map_or(0, |l| l.actions.len());
        let (auction, calls) = (len(&record.auction), len(&record.calls));
        match &self.stage {
            Stage::Auction { seen, .. } => auction >= *seen,
            Stage::Head | Stage::Over => auction == self.seen_auction,
            Stage::Round { seen, .. } => {
                auction == self.seen_auction
                    && calls >= *seen
                    && record.discard == self.seen_discard
            }
            Stage::Play(p) => {
                auction == self.seen_auction
                    && calls == self.seen_calls
                    && record.discard == self.seen_discard
                    && !record.tricks.is_empty()
                    && record.tricks.len() >= p.next
            }
        }
    }

    /// Takes the entries of `record` that the engine has not taken yet, in
    /// the deal's order, as far as nothing later can change how they read.
    /// `record` holds the entries taken so far ([`Engine::fits`]).
    pub(crate) fn catch_up(&mut self, record: &Record) {
        let mut stage = std::mem::replace(&mut self.stage, Stage::Over);
        if let Stage::Auction { bidding, seen } = &mut stage {
            let mut r = self.replay(record);
            if let Some(list) = &record.auction {
                for a in &list.actions[*seen..] {
                    r.auction_turn(a, bidding);
                }
                *seen = list.actions.len();
            }
            if r.goes_on_after_auction() {
                // The record goes on, so the auction does not stop it.
                let closed = r.close_auction(bidding);
                self.seen_auction = *seen;
                stage = match closed {
                    Auction::Game => Stage::Head,
                    Auction::NoGame | Auction::Stops => Stage::Over,
                };
            }
        }
        if let Stage::Head = stage {
            stage = self.take_head(record);
        }
        if let Stage::Round { round, seen } = &mut stage {
            let mut r = self.replay(record);
            if let Some(list) = &record.calls {
                for a in &list.actions[*seen..] {
                    r.round_entry(a, round);
                }
                *seen = list.actions.len();
            }
            if !record.tricks.is_empty() {
                let (p, taken) = (r.close_calls(round), *seen);
                self.seen_calls = taken;
                stage = Stage::Play(p);
            }
        }
        if let Stage::Play(p) = &mut stage {
            self.replay(record).play_tricks(p, false);
        }
        self.stage = stage;
    }

    /// The king call, talon choice and discard, if nothing later in the
    /// record can change how they read (the module docs): the engine after
    /// them, in the call round; else they wait (`Stage::Head`).
    fn take_head(&mut self, record: &Record) -> Stage {
        let started = !record.tricks.is_empty();
        // What the head changes, put back when it waits: the game state,
        // and the findings and events it appends (the king call, the
        // talon and the discard only append to the report). Not a clone of
        // the whole engine for each deal `verify` takes (issue 25).
        let (state, problems, events, tally) = (
            self.state,
            self.report.problems.len(),
            self.report.events.len(),
            self.report.tally,
        );
        let mut r = self.replay(record);
        let calls = r.call_entries();
        let next = r.king_call(calls);
        let next = r.talon(calls, next);
        let taken = if r.state.grind || (!started && calls.len() <= next) {
            None
        } else {
            r.discard(&calls[next..]);
            (!r.state.discard_guessed).then(|| r.open_round())
        };
        let Some(round) = taken else {
            self.state = state;
            self.report.problems.truncate(problems);
            self.report.events.truncate(events);
            self.report.tally = tally;
            return Stage::Head;
        };
        self.seen_discard = record.discard.clone();
        Stage::Round { round, seen: next }
    }

    /// Ends the deal as `record` ends it (the entries taken,
    /// [`Engine::catch_up`]): an auction without a game, a grind, an
    /// incomplete record (KR-NEG-1, README ALL-4), a void deal or the
    /// settlement; the report.
    pub(crate) fn finish(&mut self, record: &Record) -> Report {
        self.end(record);
        std::mem::take(&mut self.report)
    }

    /// [`Engine::finish`], the report left in the engine.
    fn end(&mut self, record: &Record) {
        let mut stage = std::mem::replace(&mut self.stage, Stage::Over);
        let mut r = self.replay(record);
        let rec = record;
        if let Stage::Auction { bidding, .. } = &stage {
            match r.close_auction(bidding) {
                Auction::Game => {}
                Auction::NoGame => return,
                Auction::Stops => {
                    r.out.incomplete(rec);
                    return;
                }
            }
            stage = Stage::Head;
        }
        if let Stage::Head = stage {
            let calls = r.call_entries();
            // ALL-4, KR-NEG-1: a record that stops right after the auction.
            if calls.is_empty() && rec.discard.is_none() && rec.tricks.is_empty() {
                r.out.incomplete(rec);
                return;
            }
            let next = r.king_call(calls); // call.rs
            let next = r.talon(calls, next); // talon.rs
            if r.state.grind {
                let (game, bidder) = (r.state.game(), r.state.bidder);
                if let Some(sheet) = &rec.result {
                    let opts = r.opts;
                    sheet::compare_grind(sheet, game, bidder, &opts, &mut r.out);
                }
                r.out.grind_sheet(game, bidder);
                settle::grind(&mut r);
                r.out.settled();
                r.after_grind();
                return;
            }
            r.discard(&calls[next..]); // discard.rs
            let mut round = r.open_round(); // announcements.rs
            for a in &calls[next..] {
                r.round_entry(a, &mut round);
            }
            stage = Stage::Round {
                round,
                seen: calls.len(),
            };
        }
        if let Stage::Round { round, .. } = &stage {
            let p = r.close_calls(round);
            if rec.tricks.is_empty() {
                r.out.incomplete(rec);
                return;
            }
            stage = Stage::Play(p);
        }
        let Stage::Play(mut p) = stage else {
            return;
        };
        r.play_tricks(&mut p, true); // play.rs
        r.close_play();
        if r.state.wrong_trick.is_some() {
            r.void_wrong_trick();
            return;
        }
        if !r.state.complete {
            r.out.incomplete(rec);
            return;
        }
        let facts = settle::played(&mut r); // settle/
        let opts = r.opts;
        if let Some(sheet) = &rec.result {
            sheet::compare(sheet, &facts, &opts, &mut r.out);
        }
        settle::settle_facts(&mut r.out, &opts, &facts);
        r.out.facts(&facts);
        r.out.settled();
    }
}

impl Replay<'_> {
    /// The end of the calls, at the first trick or the record's end: the
    /// call round closed (KR-ANN-1), the announced ultimo cards reserved
    /// (rule 4a); the play before its first card.
    fn close_calls(&mut self, round: &Round) -> Tricks {
        self.close_round(round); // announcements.rs
        self.reserve_ultimo_cards(); // duties.rs
        self.open_play() // play.rs
    }
}

/// A deal played step by step (`crate::game`): the engine at the deal's
/// start and after the record so far. A move is judged on a clone of the
/// latter, which takes the move and ends the deal there. The engine at
/// the start never changes: the clones of a game share it.
#[derive(Debug, Clone)]
pub(crate) struct Stepped {
    start: std::sync::Arc<Engine>,
    now: Engine,
    /// In the call round: what each seat may announce as far as the
    /// round's entries cannot change it (`Replay::announceable`), worked
    /// out once as the round opens; `None` elsewhere.
    announceable: Option<[u16; 4]>,
    /// Before the call round: who acts next after the record the engine
    /// was advanced to ([`Stepped::due_entry`]), worked out once as the
    /// engine is advanced (a list there asks it two or three times);
    /// `None` elsewhere (worked out when asked).
    due: Option<Due>,
}

/// Who acts next, and in which section ([`Stepped::due_entry`]).
type Due = Option<(Seat, Phase, Option<HeadEntry>)>;

impl Stepped {
    /// The engine of the deal of `record` (its hands, tags), if it can
    /// step it: a deal with hands, a table, readable options and no
    /// structural finding. Other deals are judged by the whole replay.
    pub(crate) fn new(record: &Record, table: Table) -> Option<Stepped> {
        let (options, report) = crate::steppable(record, table, notation::Variant::Koenigrufen)?;
        let deal = Deal::clean(record, table, &options);
        let start = Engine::start(&deal, report);
        Some(Stepped {
            now: start.clone(),
            start: std::sync::Arc::new(start),
            announceable: None,
            due: None,
        })
    }

    /// The engine after `record`, the record so far, which is the record
    /// it was after with a card appended that the engine listed legal
    /// ([`Stepped::legal`], taken by `Game::apply` on a record without
    /// findings), tricks having been played before it: the sections before
    /// the play are as the engine read them ([`Engine::fits`] unasked),
    /// and a trick the card completes is taken without judging its cards
    /// again ([`Replay::play_listed_tricks`]).
    pub(crate) fn advance_card(&mut self, record: &Record) {
        debug_assert!(self.now.fits(record));
        let e = &mut self.now;
        let (Stage::Play(p), true) = (&mut e.stage, e.report.problems.is_empty()) else {
            return self.advance(record);
        };
        // The play taken on in place (the engine's view of it made of its
        // fields, the stage apart: no copy of the stage out and back).
        let mut r = Replay {
            rec: record,
            opts: e.opts,
            state: &mut e.state,
            out: Out::new(&mut e.report),
            cut: &mut e.cut,
        };
        r.play_listed_tricks(p);
        debug_assert!(self.announceable.is_none() && self.due.is_none());
    }

    /// The engine after `record`, the record so far.
    pub(crate) fn advance(&mut self, record: &Record) {
        if !self.now.fits(record) {
            self.now = Engine::clone(&self.start);
            self.announceable = None;
        }
        self.now.catch_up(record);
        self.announceable = match self.now.stage {
            Stage::Round { .. } => self
                .announceable
                .or_else(|| Some(self.now.replay(record).announceable_all())),
            _ => None,
        };
        self.due = None;
        if self.before_round() {
            self.due = Some(self.due_now(record));
        }
    }

    /// Whether the deal is over after `record`, the record so far (legal
    /// moves only): no game was bid (the auction closed as the record's
    /// end closes it, [`Engine::finish`]), or no card is due any more (the
    /// last trick taken, or an early end, KR-NEG).
    pub(crate) fn played_out(&self, record: &Record) -> bool {
        // `record` is the one the engine was advanced to (`Game` advances
        // it after every change of its record): it fits, unchecked.
        debug_assert!(self.now.fits(record));
        // In the play, as `next_card` finds it, on the engine itself: the
        // trick being played, its cards listed legal, finds nothing (which
        // `next_card` judges it for on a copy), so a card of it is due.
        // Before the play, on a copy only where the auction may close.
        match &self.now.stage {
            Stage::Play(p) => {
                let k = record.tricks.len() + 1;
                let over = !self.now.report.problems.is_empty();
                if record.tricks.last().is_some_and(|t| t.plays.len() < 4) {
                    over || k - 1 > 12
                } else {
                    over || p.stopped || self.now.state.ended_early || k > 12
                }
            }
            Stage::Over => true,
            Stage::Head | Stage::Round { .. } => false,
            Stage::Auction { .. } => {
                self.now.scratch().auction_closes(record) == Some(Auction::NoGame)
            }
        }
    }

    /// What `crate::replay` gives for `record` (the record so far, or it
    /// with a move appended), no events built; `None` where the structural
    /// checks find anything (the caller replays then).
    pub(crate) fn judge(&self, record: &Record, table: Table) -> Option<Report> {
        if !crate::structurally_clean(record, table) {
            return None;
        }
        Some(self.judge_clean(record, table))
    }

    /// [`Stepped::judge`] of a record the structural checks find nothing
    /// in, not checked again (debug builds do): the deal
    /// [`Stepped::new`] was made on, or the record of legal moves only
    /// (`Game`'s settlement), as the Danish and French engines judge them.
    pub(crate) fn judge_clean(&self, record: &Record, table: Table) -> Report {
        debug_assert!(crate::structurally_clean(record, table), "a clean record");
        let _ = table;
        let mut engine = if self.now.fits(record) {
            // The discard the engine took is read by `fits` only: not
            // copied for an engine that ends the deal.
            let Engine {
                opts,
                state,
                ref report,
                cut,
                ref stage,
                seen_auction,
                seen_discard: _,
                seen_calls,
            } = self.now;
            Engine {
                opts,
                state,
                report: report.clone(),
                cut,
                stage: stage.clone(),
                seen_auction,
                seen_discard: None,
                seen_calls,
            }
        } else {
            Engine::clone(&self.start)
        };
        engine.catch_up(record);
        engine.finish(record)
    }
}

impl Stepped {
    /// The legal moves after `record` (the record so far, legal moves
    /// only), listed by the engine itself in the order of the game's
    /// candidates: each entry or card of the seats that may act is taken
    /// by the phase's own function on a clone of the engine, and kept when
    /// it finds nothing. `words`: the entries a section can hold. The king
    /// call, talon choice and first call are judged on a clone over the
    /// record with each entry (the deal ended there); the discard is
    /// listed by [`Stepped::discard_cards`]. `None` where the engine does
    /// not list them.
    pub(crate) fn legal<'w>(
        &self,
        record: &Record,
        words: impl Fn(Phase) -> &'w [Act],
    ) -> Option<Vec<Move>> {
        // The record the engine was advanced to: it fits, unchecked.
        debug_assert!(self.now.fits(record));
        // The play: the cards listed on the engine as it is, the trick
        // being played not judged again (`Engine::due_card`); debug builds
        // check the list against the one made after judging it.
        if let Stage::Play(p) = &self.now.stage {
            if let Some((seat, k, before, n)) = self.now.due_card(record, p) {
                let listed = self.now.cards_due(record, &p.rules, seat, k, &before[..n]);
                #[cfg(debug_assertions)]
                {
                    let mut e = self.now.scratch();
                    e.catch_up(record);
                    let judged = match e.stage.clone() {
                        Stage::Play(p) => e.plays(record, p),
                        _ => None,
                    };
                    assert_eq!(Some(&listed), judged.as_ref(), "the play's list");
                }
                return Some(listed);
            }
        }
        // The call round with its entries taken, the round going on: the
        // entries listed on the game state as it is (`round_words`), else
        // on a copy of it alone (the engine taking the record would change
        // nothing).
        if let Some((round, cur, again)) = self.round_due(record) {
            let judged = || {
                self.now.viewed(record, |r| {
                    Self::round_list(r, round, cur, again, words(Phase::Calls), self.announceable)
                })
            };
            return Some(match self.round_words(round, cur, again, Vec::new()) {
                Ok(listed) => {
                    #[cfg(debug_assertions)]
                    assert_eq!(listed, judged(), "the call round's words");
                    listed
                }
                Err(_) => judged(),
            });
        }
        // The auction going on, its entries taken: likewise.
        // The auction going on, its entries taken: the bids listed on the
        // game state as it is (`State::admitted_bids` reads nothing else),
        // without a copy of it lent to a `Replay`; debug builds check the
        // list against the one made on the copy.
        if let Some((bidding, seat)) = self.now.bidding_due(record) {
            let acts = words(Phase::Auction);
            let admitted =
                self.now
                    .state
                    .admitted_bids(self.now.opts.bid_holder_any, &bidding, seat, acts);
            let listed = bids_written(admitted, seat, acts.len());
            #[cfg(debug_assertions)]
            assert_eq!(
                listed,
                self.now.viewed(record, |r| bids(r, &bidding, seat, acts)),
                "the bids' list"
            );
            return Some(listed);
        }
        // The auction over (its entries taken), or the head waiting: the
        // head's list, without a copy of the engine taking the record
        // again (which it has taken: that would change nothing).
        let head = match &self.now.stage {
            Stage::Head => true,
            Stage::Auction { bidding, seen } => {
                Replay::turn(bidding).is_none()
                    && *seen == record.auction.as_ref().map_or(0, |l| l.actions.len())
            }
            _ => false,
        };
        if head && self.now.report.problems.is_empty() {
            return self.head(record, words);
        }
        let mut e = self.now.caught_up(record);
        if !e.report.problems.is_empty() {
            return None;
        }
        // The stage taken out of the copy, which lists on without it.
        match std::mem::replace(&mut e.stage, Stage::Over) {
            Stage::Auction { bidding, .. } => {
                // The auction has ended (its entries taken): the bidder's
                // first entry of the calls, as after it.
                let Some(seat) = Replay::turn(&bidding) else {
                    return self.head(record, words);
                };
                Some(bids(
                    &e.replay(record),
                    &bidding,
                    seat,
                    words(Phase::Auction),
                ))
            }
            Stage::Round { round, .. } => match round.speakers() {
                Some((cur, again)) => {
                    let r = e.replay(record);
                    Some(Self::round_list(
                        &r,
                        &round,
                        cur,
                        again,
                        words(Phase::Calls),
                        self.announceable,
                    ))
                }
                None => {
                    let p = e.replay(record).close_calls(&round);
                    e.plays(record, p)
                }
            },
            Stage::Play(p) => e.plays(record, p),
            Stage::Head => self.head(record, words),
            Stage::Over => None,
        }
    }

    /// The call round going on, its entries taken, nothing found so far
    /// (the engine taking the record would change nothing): the round and
    /// the seats that may speak (`Round::speakers`). `None` otherwise.
    fn round_due(&self, record: &Record) -> Option<(&Round, Seat, Option<Seat>)> {
        let Stage::Round { round, seen } = &self.now.stage else {
            return None;
        };
        let calls = record.calls.as_ref().map_or(0, |l| l.actions.len());
        let (cur, again) = round.speakers()?;
        let taken =
            *seen == calls && record.tricks.is_empty() && self.now.report.problems.is_empty();
        taken.then_some((round, cur, again))
    }

    /// The call round's words ([`Stepped::round_list`]) written into `out`
    /// (an empty list) from the engine's game state as it is, without a
    /// copy of it lent to a [`Replay`] (a `memcpy` of the whole state per
    /// list), where what each seat may announce is worked out
    /// (`announceable`) and the seats that may speak sit at the table
    /// (`State::round_admitted` lists them all). `out` given back
    /// otherwise.
    fn round_words(
        &self,
        round: &Round,
        cur: Seat,
        again: Option<Seat>,
        mut out: Vec<Move>,
    ) -> Result<Vec<Move>, Vec<Move>> {
        let Some(may) = self.announceable else {
            return Err(out);
        };
        if cur.number() >= 4 || again.is_some_and(|s| s.number() >= 4) {
            return Err(out);
        }
        // Room for a seat's pass, its announcements and its contras (one
        // a target: the game or a bonus) for both speakers.
        out.reserve(2 * (2 + notation::Bonus::ALL.len()));
        for seat in Seat::all(4).filter(|&s| s == cur || Some(s) == again) {
            // Each word written in its place (`round_list`).
            let listed = self
                .now
                .state
                .round_admitted(round, seat, may[seat.index()], |word| {
                    out.extend(std::iter::once_with(|| Move::Calls {
                        seat,
                        act: word.act(),
                    }));
                });
            debug_assert!(listed, "seat {seat} at the table");
        }
        Ok(out)
    }

    /// [`Stepped::legal`] in the call round going on, written into `out`
    /// (an empty list: the room of the list before, `Game::apply`); `out`
    /// given back where the engine lists otherwise.
    pub(crate) fn round_legal_in(
        &self,
        record: &Record,
        out: Vec<Move>,
    ) -> Result<Vec<Move>, Vec<Move>> {
        debug_assert!(self.now.fits(record));
        match self.round_due(record) {
            Some((round, cur, again)) => self.round_words(round, cur, again, out),
            None => Err(out),
        }
    }

    /// The entries of the call round `round` going on, the seat whose turn
    /// it is `cur` and the seat that just called `again`, judged as the
    /// round would take them (`Replay::round_admits`) by `r`, the engine as
    /// it is: an entry's findings are judged before it changes anything.
    /// Only the words the round can admit are judged
    /// (`Replay::round_admitted`; `announceable`: what each seat may
    /// announce, when worked out already); debug builds check the list
    /// against the words `acts` judged one by one.
    fn round_list(
        r: &Replay<'_>,
        round: &Round,
        cur: Seat,
        again: Option<Seat>,
        acts: &[Act],
        announceable: Option<[u16; 4]>,
    ) -> Vec<Move> {
        // Room for every word at once (a list grown word by word would
        // move several times).
        let mut legal = Vec::with_capacity(acts.len());
        let speakers = || Seat::all(4).filter(|&s| s == cur || Some(s) == again);
        // The words of `acts` the round admits of `seat`, judged one by one.
        let judged = |seat: Seat| {
            acts.iter()
                .filter(move |act| r.round_admits(round, seat, act))
                .map(move |act| Move::Calls {
                    seat,
                    act: act.clone(),
                })
        };
        for seat in speakers() {
            let may = match announceable {
                Some(m) => m[seat.index()],
                None => r.announceable(seat),
            };
            // Each word written in its place: a `Move` pushed was built
            // on the stack a byte at a time and copied into the list by
            // wide loads of those bytes (a store-forwarding stall); an
            // iterator of known length reserves first and makes the move
            // where it goes.
            let listed = r.round_admitted(round, seat, may, |word| {
                legal.extend(std::iter::once_with(|| Move::Calls {
                    seat,
                    act: word.act(),
                }));
            });
            if !listed {
                legal.extend(judged(seat));
            }
        }
        #[cfg(debug_assertions)]
        {
            let each: Vec<Move> = speakers().flat_map(judged).collect();
            assert_eq!(legal, each, "the call round's words");
        }
        legal
    }

    /// The bidder's king call, talon choice and first call after the
    /// auction (the calls due, [`Stepped::due`]): each entry judged on a
    /// clone of the engine over the record with it, as the deal would end
    /// there. `None` where another move is due.
    ///
    /// Only the entries that can be the one due are judged: the king call
    /// (KR-CALL-1: any other first entry of a caller game is an illegal
    /// call), the talon choice or grind (KR-TALON-1: any other entry in its
    /// place is one). The call round's first entry is judged as a pass
    /// (which the round takes from the bidder, KR-ANN-1), its findings
    /// being the head's, which every entry there shares; the other entries
    /// then as the round opened there takes them
    /// ([`Replay::round_admits`]), the head finding nothing.
    fn head<'w>(&self, record: &Record, words: impl Fn(Phase) -> &'w [Act]) -> Option<Vec<Move>> {
        let Some((seat, phase, next)) = self.due_entry(record) else {
            return self.opening_plays(record);
        };
        if phase != Phase::Calls {
            return None;
        }
        // The record as the engine reads it after the deal's start: its
        // sections (the tags, hands and talon are read at the start,
        // `Engine::start`, and the findings judged here are counted, not
        // worded), a copy much lighter than the whole record's. (Without
        // an auction the engine may word a finding on the first tag: the
        // whole record then.)
        let mut scratch = match record.auction {
            None => record.clone(),
            Some(_) => Record {
                auction: record.auction.clone(),
                calls: record.calls.clone(),
                discard: record.discard.clone(),
                declarations: record.declarations.clone(),
                tricks: record.tricks.clone(),
                result: record.result.clone(),
                claim: record.claim.clone(),
                span: record.span,
                ..Record::default()
            },
        };
        scratch.calls.get_or_insert_with(|| notation::Actions {
            actions: Vec::new(),
            comments: Vec::new(),
            span: Span::default(),
        });
        let words = words(Phase::Calls);
        let mut legal = Vec::new();
        let may_be_due = |act: &Act| match next {
            Some(HeadEntry::KingCall) => matches!(act, Act::Call { .. }),
            Some(HeadEntry::Talon) => matches!(act, Act::Talon { .. } | Act::Grind),
            Some(HeadEntry::Round) | None => true,
        };
        if next == Some(HeadEntry::Round) {
            calls_of(&mut scratch).push(entry(seat, Act::Pass));
            if !self.now.judged_clean(&scratch) {
                return Some(legal);
            }
            let mut e = self.now.scratch();
            let round = e.open_round_at(&scratch)?;
            let r = e.replay(&scratch);
            // The round just opened: its first word is the bidder's.
            return Some(Self::round_list(&r, &round, seat, None, words, None));
        }
        for act in words.iter().filter(|act| may_be_due(act)) {
            calls_of(&mut scratch).push(entry(seat, act.clone()));
            let clean = self.now.judged_clean(&scratch);
            let act = calls_of(&mut scratch).pop().expect("the entry pushed").act;
            if clean {
                legal.push(Move::Calls { seat, act });
            }
        }
        Some(legal)
    }
}

/// The bidder's entry of the calls due between the auction and the call
/// round ([`Stepped::due`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum HeadEntry {
    /// The king call (KR-CALL-1).
    KingCall,
    /// The talon choice or a grind (KR-TALON-1, 2).
    Talon,
    /// The call round's first entry (KR-ANN-1).
    Round,
}

impl Engine {
    /// The call round as the deal's end opens it ([`Engine::end`]) after
    /// `record`, whose calls go on past the head: the auction closed, the
    /// king call, talon choice and discard taken, on this engine (in the
    /// auction with its entries taken, or with the head waiting). `None`
    /// where the round does not open (no game, a grind) or the engine is
    /// past the head.
    fn open_round_at(&mut self, record: &Record) -> Option<Round> {
        let stage = std::mem::replace(&mut self.stage, Stage::Over);
        let mut r = self.replay(record);
        match &stage {
            Stage::Auction { bidding, .. } => {
                if r.close_auction(bidding) != Auction::Game {
                    return None;
                }
            }
            Stage::Head => {}
            _ => return None,
        }
        let calls = r.call_entries();
        let next = r.king_call(calls);
        let next = r.talon(calls, next);
        if r.state.grind {
            return None;
        }
        r.discard(&calls[next..]);
        Some(r.open_round())
    }
}

impl Stepped {
    /// Who acts next after the record so far (legal moves only), and in
    /// which section: the seat whose turn it is to bid (KR-BID-1), to
    /// call (KR-ANN-1; `None` while the seat that just called may call
    /// again) or to play (KR-PLAY-1, 8); between the auction and the call
    /// round the bidder calls a king
    /// (caller games, KR-CALL-1), takes a talon pile (KR-TALON-1), lays
    /// cards away (KR-DISCARD-1) and opens the call round (KR-ANN-1). Every
    /// move by another seat, or of another section, is illegal then.
    pub(crate) fn due(&self, record: &Record) -> Option<(Seat, Phase)> {
        self.due_entry(record).map(|(seat, phase, _)| (seat, phase))
    }

    /// [`Stepped::due`], and which of the bidder's entries before the call
    /// round is due, where one is.
    fn due_entry(&self, record: &Record) -> Due {
        match self.due {
            Some(due) => {
                debug_assert_eq!(due, self.due_now(record), "the seat due, worked out before");
                due
            }
            None => self.due_now(record),
        }
    }

    /// [`Stepped::due_entry`], worked out now.
    fn due_now(&self, record: &Record) -> Due {
        // The record the engine was advanced to: it fits, unchecked.
        debug_assert!(self.now.fits(record));
        if !self.now.report.problems.is_empty() {
            return None;
        }
        // A bid due, the auction's entries taken: read off the engine.
        if let Some((_, seat)) = self.now.bidding_due(record) {
            return Some((seat, Phase::Auction, None));
        }
        let mut e = self.now.caught_up(record);
        // The stage taken out of the copy, which goes on without it.
        match std::mem::replace(&mut e.stage, Stage::Over) {
            Stage::Auction { bidding, .. } => {
                if let Some(seat) = Replay::turn(&bidding) {
                    return Some((seat, Phase::Auction, None));
                }
                // The auction has ended (its entries taken): the game it
                // leaves.
                if e.replay(record).close_auction(&bidding) != Auction::Game {
                    return None;
                }
            }
            Stage::Head => {}
            Stage::Round { round, .. } => {
                return match round.speakers() {
                    Some((cur, None)) => Some((cur, Phase::Calls, None)),
                    // The seat that just called may call again.
                    Some(_) => None,
                    None => {
                        let mut p = e.replay(record).close_calls(&round);
                        e.next_card(record, &mut p)
                            .map(|(seat, ..)| (seat, Phase::Play, None))
                    }
                };
            }
            Stage::Play(mut p) => {
                return e
                    .next_card(record, &mut p)
                    .map(|(seat, ..)| (seat, Phase::Play, None));
            }
            Stage::Over => return None,
        }
        let game = e.state.game();
        let bidder = e.state.bidder;
        let calls = record.calls.as_ref().map_or(0, |l| l.actions.len());
        let mut taken = 0;
        if is_caller(game) {
            if calls == taken {
                return Some((bidder, Phase::Calls, Some(HeadEntry::KingCall)));
            }
            taken += 1;
        }
        let talon = !is_negative(game) && !is_solo(game) && game != Game::SixThrees;
        if talon {
            if calls == taken {
                return Some((bidder, Phase::Calls, Some(HeadEntry::Talon)));
            }
            taken += 1;
        }
        if (talon || game == Game::SixThrees) && record.discard.is_none() {
            return Some((bidder, Phase::Discard, None));
        }
        // The call round opens with the bidder (KR-ANN-1); trischaken has
        // none (KR-ANN-5).
        (calls == taken && game != Game::Trischaken).then_some((
            bidder,
            Phase::Calls,
            Some(HeadEntry::Round),
        ))
    }
}

impl Stepped {
    /// Whether the engine after the record so far is before the call
    /// round (the auction, or the king call, talon choice and discard
    /// waiting): only then may a discard be due ([`Stepped::due`]).
    pub(crate) fn before_round(&self) -> bool {
        matches!(self.now.stage, Stage::Auction { .. } | Stage::Head)
    }

    /// The cards `seat` holds after `record` (the record so far), before
    /// the discard: its dealt cards and, the bidder, the talon cards it
    /// took (KR-TALON-1, 4). `None` once the discard is taken.
    pub(crate) fn held(&self, record: &Record, seat: Seat) -> Option<CardSet> {
        if !self.now.fits(record) || seat.number() >= 4 {
            return None;
        }
        let mut e = self.now.clone();
        e.catch_up(record);
        if !matches!(e.stage, Stage::Head) {
            return None;
        }
        let mut r = e.replay(record);
        let calls = r.call_entries();
        let next = r.king_call(calls);
        r.talon(calls, next);
        Some(r.state.hand[seat].union(r.state.dealt[seat]))
    }
}

impl Engine {
    /// Whether the auction is over with a game after `record` (legal moves
    /// only, taken): closed already, or closed here as the record's end
    /// closes it, no bid being due.
    fn auction_won(&mut self, record: &Record) -> bool {
        match self.stage {
            Stage::Auction { .. } => self.auction_closes(record) == Some(Auction::Game),
            Stage::Head => true,
            _ => false,
        }
    }

    /// How the auction the engine is in closes after `record` as the
    /// record's end closes it; `None` while a bid is due (or after the
    /// auction).
    fn auction_closes(&mut self, record: &Record) -> Option<Auction> {
        let Stage::Auction { bidding, .. } = self.stage else {
            return None;
        };
        if Replay::turn(&bidding).is_some() {
            return None;
        }
        Some(self.replay(record).close_auction(&bidding))
    }
}

impl Stepped {
    /// The first cards after an auction won with `trischaken`, which has
    /// no call round (KR-ANN-5) and no talon: the play opened on a clone
    /// as the record's end opens it ([`Engine::finish`]), its legal cards
    /// as the play lists them. `None` for any other position.
    fn opening_plays(&self, record: &Record) -> Option<Vec<Move>> {
        if record.calls.is_some() || record.discard.is_some() || !record.tricks.is_empty() {
            return None;
        }
        let mut e = self.now.clone();
        e.catch_up(record);
        if !e.auction_won(record) || e.state.game() != Game::Trischaken {
            return None;
        }
        let mut r = e.replay(record);
        let calls = r.call_entries();
        let next = r.king_call(calls);
        let next = r.talon(calls, next);
        r.discard(&calls[next..]);
        let round = r.open_round();
        let p = r.close_calls(&round);
        if !e.report.problems.is_empty() {
            return None;
        }
        e.plays(record, p)
    }

    /// The cards the bidder, `seat`, may lay away next after `record` (the
    /// record so far, legal moves only), `chosen` laid already: the discard
    /// is due, and the engine lists them as the discard judges them
    /// (`Replay::next_discard_cards`, KR-DISCARD-1..3), from his hand after
    /// the king call and the talon pile taken. `None` otherwise.
    pub(crate) fn discard_cards(
        &self,
        record: &Record,
        seat: Seat,
        chosen: &[Card],
    ) -> Option<CardSet> {
        debug_assert!(self.now.fits(record));
        if !self.now.report.problems.is_empty() {
            return None;
        }
        if record.discard.is_some() || self.due(record) != Some((seat, Phase::Discard)) {
            return None;
        }
        let mut e = self.now.caught_up(record);
        let before = e.report.problems.len();
        // Six threes: no king call, no talon (KR-TALON-1); the auction
        // closed as the discard after it closes it.
        if !e.auction_won(record) {
            return None;
        }
        let mut r = e.replay(record);
        let calls = r.call_entries();
        let next = r.king_call(calls);
        r.talon(calls, next);
        if r.state.grind || r.state.bidder != seat || r.out.problems_mut().len() != before {
            return None;
        }
        r.next_discard_cards(chosen)
    }
}

impl Engine {
    /// `f` asked of the phases' view of a copy of the game state over
    /// `record`, with a report of its own: for judgements that take
    /// nothing (the lists), on an engine that has taken the record.
    fn viewed<T>(&self, record: &Record, f: impl FnOnce(&Replay<'_>) -> T) -> T {
        let (mut state, mut cut) = (self.state, self.cut);
        let mut report = Report::default();
        f(&Replay {
            rec: record,
            opts: self.opts,
            state: &mut state,
            out: Out::new(&mut report),
            cut: &mut cut,
        })
    }

    /// The auction going on and the seat due to bid, where the engine has
    /// taken the entries of `record` and the record goes on no further
    /// than the auction, the findings so far being none: what a copy of
    /// the engine finds after taking `record` ([`Engine::catch_up`]
    /// would change nothing). `None` otherwise.
    fn bidding_due(&self, record: &Record) -> Option<(Bidding, Seat)> {
        let Stage::Auction { bidding, seen } = &self.stage else {
            return None;
        };
        let auction = record.auction.as_ref().map_or(0, |l| l.actions.len());
        // `Replay::goes_on_after_auction`.
        let goes_on = record.calls.as_ref().is_some_and(|c| !c.actions.is_empty())
            || record.discard.is_some()
            || !record.tricks.is_empty();
        if *seen != auction || goes_on || !self.report.problems.is_empty() {
            return None;
        }
        Some((*bidding, Replay::turn(bidding)?))
    }

    /// A copy of the engine to list moves on (its game state and stage):
    /// the findings so far being none, with a report of its own, which
    /// the phases only append to, and without the discard it took (read
    /// by [`Engine::fits`] only); the whole engine else.
    fn scratch(&self) -> Engine {
        if !self.report.problems.is_empty() {
            return self.clone();
        }
        Engine {
            opts: self.opts,
            state: self.state,
            report: Report {
                variant: self.report.variant,
                no_events: self.report.no_events,
                ..Report::default()
            },
            cut: self.cut,
            stage: self.stage.clone(),
            seen_auction: self.seen_auction,
            seen_discard: None,
            seen_calls: self.seen_calls,
        }
    }

    /// [`Engine::scratch`] of the engine after `record`, the record it was
    /// advanced to ([`Stepped::advance`]): a copy taking `record` again
    /// ([`Engine::catch_up`]) would change nothing (the entries are
    /// taken, and the auction's close, the head and the call round's
    /// close wait only for later sections, which the record does not
    /// have), so it does not. Debug builds take it again on another copy
    /// and check that the stage and the findings stay.
    fn caught_up(&self, record: &Record) -> Engine {
        let e = self.scratch();
        #[cfg(debug_assertions)]
        {
            let mut again = self.scratch();
            again.catch_up(record);
            assert!(
                std::mem::discriminant(&again.stage) == std::mem::discriminant(&e.stage)
                    && again.report.problems.len() == e.report.problems.len()
                    && again.report.tally == e.report.tally,
                "the engine had taken the record"
            );
        }
        let _ = record;
        e
    }

    /// Whether a clone of the engine over `record`, ended there, finds
    /// nothing but the one `incomplete` finding of a record that stops
    /// early (README ALL-4). Its findings are counted, not worded
    /// ([`crate::Tally`]), where there were none before.
    fn judged_clean(&self, record: &Record) -> bool {
        let mut e = self.scratch();
        if e.report.problems.is_empty() {
            e.report.no_events = true;
            e.report.tally = Some(crate::Tally::default());
        }
        // The head waiting, or the auction over with its entries taken:
        // the end takes the head as `catch_up` would, and `catch_up`
        // might only take it to put it back (`take_head`).
        let auction = record.auction.as_ref().map_or(0, |l| l.actions.len());
        let waiting = match &e.stage {
            Stage::Head => true,
            Stage::Auction { seen, .. } => *seen == auction,
            _ => false,
        };
        if !waiting {
            e.catch_up(record);
        }
        e.end(record);
        e.report.tally.is_none_or(|t| t.faults == 0)
            && e.report
                .problems
                .iter()
                .all(|p| p.kind == notation::Kind::Incomplete)
    }

    /// Whether `step` finds nothing, taken on a clone of the engine: of
    /// its game state, the findings so far being none (as the lists are
    /// made), with a report of its own (a step adds findings and reads
    /// none); the whole engine else.
    fn clean(&self, record: &Record, step: impl FnOnce(&mut Replay<'_>)) -> bool {
        if !self.report.problems.is_empty() {
            let mut e = self.clone();
            let before = e.report.problems.len();
            step(&mut e.replay(record));
            return e.report.problems.len() == before;
        }
        let mut state = self.state;
        let mut cut = self.cut;
        // The findings counted, not worded (`crate::Tally`).
        let mut report = Report {
            variant: self.report.variant,
            no_events: true,
            tally: Some(crate::Tally::default()),
            ..Report::default()
        };
        step(&mut Replay {
            rec: record,
            opts: self.opts,
            state: &mut state,
            out: Out::new(&mut report),
            cut: &mut cut,
        });
        report.problems.is_empty() && report.tally == Some(crate::Tally::default())
    }

    /// The seat due to play next, the trick (1-based) and the cards
    /// played to it so far: the trick being played is judged first (on
    /// this engine). `None` once the play has ended.
    fn next_card(&mut self, record: &Record, p: &mut Tricks) -> Option<(Seat, usize, Vec<Card>)> {
        let mut before = Vec::new();
        let mut k = record.tricks.len() + 1;
        if let Some(last) = record.tricks.last().filter(|t| t.plays.len() < 4) {
            self.replay(record).play_tricks(p, true);
            before = last.plays.iter().map(|i| i.card).collect();
            k -= 1;
        } else if p.stopped || self.state.ended_early {
            return None;
        }
        if k > 12 || !self.report.problems.is_empty() {
            return None;
        }
        Some((p.leader.after(before.len(), 4), k, before))
    }

    /// The seat due to play next, the trick (1-based) and the cards played
    /// to it so far, as [`Engine::next_card`] finds them, without judging
    /// the trick being played, on the engine after the record so far
    /// (legal moves only: the record so far finds nothing) with its
    /// tricks taken ([`Engine::catch_up`], the trick being played aside).
    /// That trick, its cards listed legal, finds nothing, and the seat
    /// that led it is the one due (KR-PLAY-1); what its cards change (they
    /// leave the hands of the seats that played them) is nothing the
    /// duties of the seat due read (its own hand, the trick's cards, the
    /// announced ultimo cards, [`card_fault_by`]). `None` where the
    /// engine is not so, or no card is due (`next_card` then says).
    fn due_card(&self, record: &Record, p: &Tricks) -> Option<(Seat, usize, [Card; 4], usize)> {
        if !self.report.problems.is_empty() {
            return None;
        }
        let mut before = [Card::PAGAT; 4];
        let mut n = 0;
        let mut k = record.tricks.len() + 1;
        if let Some(last) = record.tricks.last().filter(|t| t.plays.len() < 4) {
            k -= 1;
            if p.next + 1 != record.tricks.len()
                || p.stopped
                || self.state.ended_early
                || last.leader.is_some_and(|l| l != p.leader)
            {
                return None;
            }
            for item in &last.plays {
                before[n] = item.card;
                n += 1;
            }
        } else if p.next != record.tricks.len() || p.stopped || self.state.ended_early {
            return None;
        }
        if k > 12 {
            return None;
        }
        Some((p.leader.after(n, 4), k, before, n))
    }

    /// The cards the seat due may play next (KR-PLAY-1..7): its cards that
    /// the duties allow ([`Replay::check_card`]).
    fn plays(&mut self, record: &Record, mut p: Tricks) -> Option<Vec<Move>> {
        let (seat, k, before) = self.next_card(record, &mut p)?;
        Some(self.cards_due(record, &p.rules, seat, k, &before))
    }

    /// The cards `seat` may play to trick `k` holding `before`
    /// (KR-PLAY-1..7): its cards that the duties allow
    /// ([`Replay::check_card`]).
    fn cards_due(
        &self,
        record: &Record,
        rules: &Rules,
        seat: Seat,
        k: usize,
        before: &[Card],
    ) -> Vec<Move> {
        // The hand's legal cards on masks (`legal_cards`); debug builds
        // check them against the cards judged one by one.
        if let Some(set) = legal_cards(&self.state, &self.opts, seat, k, before, rules) {
            let mut legal = Vec::with_capacity(set.len() as usize);
            legal.extend(set.iter().map(|card| Move::play(seat, card)));
            #[cfg(debug_assertions)]
            {
                let (state, opts) = (&self.state, &self.opts);
                let judged: CardSet = state.hand[seat]
                    .iter()
                    .filter(|&card| {
                        let mut duties = None;
                        card_fault_by(state, opts, card, seat, k, before, rules, &mut duties)
                            .is_none()
                    })
                    .collect();
                assert_eq!(set, judged, "the legal cards on masks");
            }
            return legal;
        }
        // The fault as the play judges it (`card_fault`), no finding
        // worded; a card not held (a partial record) as the play takes
        // it, which may only note the structural finding. The list made
        // at the hand's size at once (a filtered list would grow step by
        // step).
        // What the duties make of the hand is worked out once for all its
        // cards (`HandDuties`).
        let hand = self.state.hand[seat];
        let mut duties = None;
        let mut legal = Vec::with_capacity(hand.len() as usize);
        legal.extend(
            hand.iter()
                .filter(|&card| {
                    let (state, opts) = (&self.state, &self.opts);
                    match card_fault_by(state, opts, card, seat, k, before, rules, &mut duties) {
                        None => true,
                        Some(CardFault::NotHeld) => self.clean(record, |r| {
                            r.check_card(&Item::new(card), seat, k, before, rules)
                        }),
                        Some(_) => false,
                    }
                })
                .map(|card| Move::play(seat, card)),
        );
        legal
    }
}

/// The entries of the auction `bidding` that seat `seat`, due to bid, may
/// make of `words`: each word judged as the auction would take it
/// (`Replay::admitted_bids`) by `r`, the engine as it is.
fn bids(r: &Replay<'_>, bidding: &Bidding, seat: Seat, words: &[Act]) -> Vec<Move> {
    bids_written(r.admitted_bids(bidding, seat, words), seat, words.len())
}

/// The entries `admitted` of seat `seat` (of a list of `room` words at
/// most) written as the auction's moves, in their order ([`bids`]).
fn bids_written<'w>(admitted: impl Iterator<Item = &'w Act>, seat: Seat, room: usize) -> Vec<Move> {
    let mut legal = Vec::with_capacity(room);
    // A pass or a bid kept as a copy (`None`: the pass) and the copies
    // written into the list together, by an iterator of known length:
    // each `Move` pushed was built on the stack a byte at a time and
    // copied into the list by wide loads of those bytes (a
    // store-forwarding stall, half of this list's time in `gen`).
    let write = |legal: &mut Vec<Move>, kept: &[Option<Game>]| {
        legal.extend(kept.iter().map(|&bid| Move::Auction {
            seat,
            act: match bid {
                None => Act::Pass,
                Some(game) => Act::Bid { game },
            },
        }));
    };
    let mut kept = [None; 32];
    let mut n = 0;
    for act in admitted {
        let bid = match *act {
            Act::Pass => None,
            Act::Bid { game } => Some(game),
            ref act => {
                write(&mut legal, &kept[..n]);
                n = 0;
                legal.push(Move::Auction {
                    seat,
                    act: act.clone(),
                });
                continue;
            }
        };
        if n == kept.len() {
            write(&mut legal, &kept);
            n = 0;
        }
        kept[n] = bid;
        n += 1;
    }
    write(&mut legal, &kept[..n]);
    legal
}

/// The entries of the calls of `record`, which has them.
fn calls_of(record: &mut Record) -> &mut Vec<Action> {
    &mut record.calls.as_mut().expect("the calls").actions
}

/// An entry of `seat`, as a record holds it.
fn entry(seat: Seat, act: Act) -> Action {
    Action {
        seat,
        act,
        after: None,
        comments: Vec::new(),
        span: Span::default(),
    }
}
