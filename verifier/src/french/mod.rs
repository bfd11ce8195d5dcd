//! The French Tarot engine (digest `french-tarot.md`, federation rules, four
//! players): the auction, the dog and the discard, handfuls and the slam,
//! trick play with its duties (follow, trump, overtrump, the excuse), and
//! the score.
//!
//! ## Flow
//! One module per phase of the deal, in the digest's words, run on a small
//! game state (`state::State`: hands, dog, tricks, taker) and a report
//! writer (`state::Writer`: findings, rule events, payments), so that a
//! phase says what it reads and what it tells. The engine ([`Engine`])
//! steps (issue 25): it takes the record as it comes
//! ([`Engine::catch_up`]) and ends the deal where the record ends
//! ([`Engine::finish`]); [`replay`] (what `verify` runs) is the engine
//! taking a whole record, and `crate::game` judges a move on a clone of
//! it. What the replay read from the whole record is read when the record
//! goes on or ends: the auction is judged once a later section follows it
//! (or at the end), the calls, dog, discard and declarations at the first
//! trick, each trick once complete (the trick being played again from its
//! first card each time); the findings are kept by phase, so the report
//! holds them in the order below whatever the order they are met in. A
//! partial record, or a discard taken from the play (FR-DISCARD-4), leaves
//! everything after the auction to the end.
//! 1. `deal`: the structural findings already in the report get their rule
//!    ids (FR-DEAL-3, FR-PLAY-7), and the dealt hands are checked for a
//!    bare petit (FR-DEAL-2). Nothing else of a wrong deal is judged.
//! 2. `bidding`: the auction names the taker and the contract (FR-BID-1..4);
//!    after four passes nothing more is judged (FR-BID-3).
//! 3. `play` lays the tricks out: who led, who played each card, who won
//!    (FR-PLAY-1, FR-PLAY-6, FR-EXCUSE-1/-4). A partial record (no hands)
//!    takes each seat's hand to be the cards it played (`deal`).
//! 4. `discard`: the dog and the discard (FR-DOG, FR-DISCARD);
//!    `declarations`: handfuls and the slam (FR-HANDFUL, FR-SLAM-1/-2);
//!    then `play` judges every card against the hand it came from
//!    ([`legal_plays`], FR-PLAY-2..5, FR-EXCUSE-2).
//! 5. `score`: the play yields the facts the settlement needs
//!    (`sheet::Facts`: taker, contract, card points, oudlers, petit au
//!    bout, handfuls, slam); a score sheet's `result` states them instead
//!    (`sheet`, issue 26), or beside the cards, where each stated fact the
//!    cards contradict is a `result-mismatch`. The settlement takes only
//!    the facts: card points in half points, so that no floating point is
//!    ever needed, the target, the contract, the petit au bout, handfuls and
//!    slam, a ledger line per item and per defender (FR-SCORE, FR-SLAM-3,
//!    FR-HANDFUL-4, FR-EXCUSE-3/-5). `cards` holds the pack (FR-CARD).
//!
//! The replay never stops at a fault of play; it stops where the rules
//! say nothing more is judged (a wrong deal, four passes, a trick of the
//! wrong size: rules README ALL-1, ALL-3). A record that stops before the
//! deal's end gets one `incomplete` and is not settled (FR-PLAY-7). By FR-IRREG-2 (Option
//! `irregularities`, default `void`) a deal with any irregularity scores 0
//! for everyone; the score it would have had is told in an event.
//!
//! ## Speed (issue 15)
//! Hot-path shortcuts, each held equal to the plain walk by a unit test:
//! half points from a 79-entry table, a won trick summed at once (the
//! excuse kept back by its side card by card), the cards dealt twice found
//! list by list on sets, an option's default from French Tarot's own list,
//! the running card count worked out only when events are recorded.

mod bidding;
mod cards;
mod deal;
mod declarations;
mod discard;
mod play;
mod score;
mod sheet;
mod state;

pub use bidding::Contract;
pub use declarations::handful;
pub use play::legal_plays;

use crate::{Deal, Report, RuleOptions, Session};
use notation::check::Table;
use notation::Rule;
use notation::{Card, CardSet, Record, Seat};
use play::{Cursor, Layout};
use state::{State, Writer};

const SEATS: u8 = 4;
const TRICKS: usize = 18;

/// What this variant carries from one deal of a session to the next:
/// nothing beyond the running totals every variant keeps (`Session::scores`).
#[derive(Debug, Clone, Default)]
pub struct SessionState {}

/// Replays the deal, pushing findings, payments and events into the report:
/// the engine takes the record ([`Engine::catch_up`]), then the record's
/// end ends the deal ([`Engine::finish`]).
pub fn replay(deal: &Deal<'_>, session: &mut Session, report: &mut Report) {
    // A score sheet without cards: its facts settle the deal (issue 26).
    if let Some(sheet) = deal
        .record
        .result
        .as_ref()
        .filter(|_| crate::sheet::sheet_only(deal.record))
    {
        let mut out = Writer::new(report);
        if sheet::passed(sheet) {
            out.rule(
                crate::Moment::Settlement,
                Rule::FrScore8,
                "the sheet says no one took: the deal scores 0 (FR-BID-3)",
            );
            out.settled([0; 4]);
        } else if let Some(facts) = sheet::stated(sheet, &mut out) {
            score::settle_facts(deal, &facts, &mut out);
        }
        return;
    }
    let mut engine = Engine::start(deal, std::mem::take(report));
    engine.catch_up(deal);
    *report = engine.finish(deal, session);
}

/// Where the engine stands in the record ([`Engine`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// The auction is open: the record has not gone on past it.
    Auction,
    /// The auction is closed (the record went on past it), no trick yet.
    Between,
    /// The play: each complete trick laid out and judged as it comes.
    Play,
    /// What follows the auction is judged at the record's end, over the
    /// whole record: a partial record (the hands are the cards played), a
    /// discard taken from the play (FR-DISCARD-4: the taker's playing hand
    /// is the cards of his 24 he plays, known only at the end).
    Whole,
    /// Nothing more is judged before the settlement: a wrong deal
    /// (FR-DEAL-3), a record that goes on after four passes (FR-BID-3).
    Done,
}

/// Where a finding or an event goes: the report's findings come in the
/// order of the phases, whatever the order in which the engine meets them
/// (the leads of all tricks, then the discard and the declarations, then
/// every card: [`Engine::finish`] puts them together).
#[derive(Debug, Clone, Copy)]
enum Bucket {
    /// The deal, the auction, the calls; the settlement at the end.
    Main,
    /// The leads of the tricks (FR-PLAY-1, FR-SEAT-1, FR-SLAM-2).
    Led,
    /// The dog, the discard and the declarations.
    Mid,
    /// The cards (FR-PLAY-2..7, FR-EXCUSE-2) and the trick events.
    Play,
}

/// What the engine has taken of the record, so that a longer record can be
/// checked to start with it ([`Engine::fits`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Seen {
    /// The auction's entries, once it is closed.
    auction: usize,
    /// Whether the bare petit was judged on a deal not played (FR-DEAL-2).
    unplayed: bool,
    /// Once the play has started: the calls, the discard and the
    /// declarations as judged (a fingerprint).
    before_play: BeforePlay,
    /// The complete tricks laid out and judged.
    tricks: usize,
}

/// The French Tarot engine, stepped: it takes the record's entries as they
/// come ([`Engine::catch_up`]) and ends the deal where the record ends
/// ([`Engine::finish`]); it is cloned to judge a move (`crate::game`).
/// What the whole record told the replay before the engine stepped is told
/// by the record going on or by its end: the auction closes when any later
/// section follows it; the calls, the discard and the declarations are
/// judged when the first trick comes (or at the end); the trick being
/// played is judged again from its first card until it is complete.
/// Cloned field by field ([`clone_report`]: an empty report, as most are
/// when a move is judged, made without cloning its lists).
#[derive(Debug)]
pub(crate) struct Engine {
    g: State,
    stage: Stage,
    seen: Seen,
    main: Report,
    led: Report,
    mid: Report,
    play: Report,
    /// Some finding made the deal irregular (FR-IRREG-2).
    irregular: bool,
    /// The tricks being laid out and judged (stage `Play`).
    tricks: Option<Box<(Layout, Cursor)>>,
}

impl Clone for Engine {
    fn clone(&self) -> Engine {
        // Every field named: a field added to the engine is a compile
        // error here until it is cloned too.
        let Engine {
            g,
            stage,
            seen,
            main,
            led,
            mid,
            play,
            irregular,
            tricks,
        } = self;
        Engine {
            g: g.clone(),
            stage: *stage,
            seen: *seen,
            main: clone_report(main),
            led: clone_report(led),
            mid: clone_report(mid),
            play: clone_report(play),
            irregular: *irregular,
            tricks: tricks.clone(),
        }
    }
}

/// `report.clone()`: a report with nothing in its lists (the engine's
/// buckets before the play, every bucket of a deal judged as dealt) made
/// with empty lists, not by cloning each (issue 29 item 5: four reports a
/// clone, a clone for each move judged and each list before the first
/// card in `gen`). The same value either way: an empty list's clone is an
/// empty list with no room.
#[inline(always)]
fn clone_report(report: &Report) -> Report {
    // Every field named, as in `Engine`'s clone.
    let Report {
        variant,
        problems,
        ledger,
        totals,
        pots,
        events,
        settled,
        result,
        no_events,
        tally,
    } = report;
    if !(problems.is_empty()
        && ledger.is_empty()
        && totals.is_empty()
        && events.is_empty()
        && result.is_none())
    {
        return report.clone();
    }
    Report {
        variant: *variant,
        problems: Vec::new(),
        ledger: Vec::new(),
        totals: Vec::new(),
        pots: *pots,
        events: Vec::new(),
        settled: *settled,
        result: None,
        no_events: *no_events,
        tally: *tally,
    }
}

impl Engine {
    /// The engine at the start of `deal` (not a score sheet alone),
    /// writing into `report` (the structural findings so far).
    pub(crate) fn start(deal: &Deal<'_>, report: Report) -> Engine {
        let bucket = || Report {
            no_events: report.no_events,
            ..Report::default()
        };
        let mut e = Engine {
            g: State::new(deal),
            stage: if deal.wrong_deal {
                Stage::Done
            } else {
                Stage::Auction
            },
            seen: Seen::default(),
            led: bucket(),
            mid: bucket(),
            play: bucket(),
            main: report,
            irregular: false,
            tricks: None,
        };
        e.write(Bucket::Main, |g, out| deal::structure(deal, g, out));
        e
    }

    /// Runs `f` on the game state and a writer into `bucket`.
    fn write<R>(&mut self, bucket: Bucket, f: impl FnOnce(&mut State, &mut Writer) -> R) -> R {
        let report = match bucket {
            Bucket::Main => &mut self.main,
            Bucket::Led => &mut self.led,
            Bucket::Mid => &mut self.mid,
            Bucket::Play => &mut self.play,
        };
        let mut out = Writer::new(report);
        out.irregular = self.irregular;
        let r = f(&mut self.g, &mut out);
        self.irregular = out.irregular;
        r
    }

    /// Whether the engine can take the rest of `record`: it holds every
    /// entry the engine has taken, and no section the engine has closed
    /// has changed.
    pub(crate) fn fits(&self, record: &Record) -> bool {
        let len = |l: &Option<notation::Actions>| l.as_ref().map_or(0, |l| l.actions.len());
        match self.stage {
            Stage::Auction => true,
            Stage::Done if self.seen == Seen::default() => true,
            Stage::Between | Stage::Whole | Stage::Done => {
                len(&record.auction) == self.seen.auction
                    && deal::not_played(record) == self.seen.unplayed
            }
            Stage::Play => {
                len(&record.auction) == self.seen.auction
                    && !self.seen.unplayed
                    && record.tricks.len() >= self.seen.tricks.max(1)
                    && record.tricks[..self.seen.tricks]
                        .iter()
                        .all(|t| t.plays.len() == 4)
                    && before_play(record) == self.seen.before_play
            }
        }
    }

    /// Takes the entries of the deal's record that the engine has not
    /// taken yet ([`Engine::fits`]): the auction once the record goes on
    /// past it, the sections before the play at the first trick, then each
    /// complete trick.
    pub(crate) fn catch_up(&mut self, deal: &Deal<'_>) {
        let record = deal.record;
        if self.stage == Stage::Auction && goes_on(record) {
            self.close_auction(deal);
        }
        if self.stage == Stage::Between && !record.tricks.is_empty() {
            self.start_play(deal);
        }
        // Played card by card (`crate::game`), three cards in four leave
        // the next trick incomplete: nothing to take, asked here before
        // the call (issue 29 item 5: `gen` calls this at every card).
        if self.stage == Stage::Play
            && deal
                .judged_tricks()
                .get(self.seen.tricks)
                .is_some_and(|t| t.plays.len() == 4)
        {
            self.tricks(deal, false);
        }
    }

    /// FR-DEAL-2 and FR-BID-1..4: the bare petit and the auction, judged
    /// once the record goes on past the auction, or at its end.
    fn close_auction(&mut self, deal: &Deal<'_>) {
        self.write(Bucket::Main, |g, out| {
            deal::bare_petit(deal, g, out);
            bidding::auction(deal, g, out);
        });
        self.seen.auction = deal.record.auction.as_ref().map_or(0, |a| a.actions.len());
        self.seen.unplayed = deal::not_played(deal.record);
        // FR-BID-3: nothing after four passes is judged.
        self.stage = if self.g.played_after_passes {
            Stage::Done
        } else {
            Stage::Between
        };
    }

    /// The first trick has come: the calls, the dog, the discard and the
    /// declarations are judged, and the tricks are laid out from here on.
    fn start_play(&mut self, deal: &Deal<'_>) {
        if self.judge_before_play(deal) {
            self.tricks = Some(Box::new((Layout::new(deal, &self.g), Cursor::new(&self.g))));
            self.seen.before_play = before_play(deal.record);
        }
    }

    /// What [`Engine::start_play`] judges before the tricks are laid out:
    /// the calls, the dog, the discard and the declarations; the stage
    /// `Play` and `true` where the tricks are to be laid out from here on
    /// (the caller lays them out), `Whole` and `false` where the record's
    /// end judges them.
    fn judge_before_play(&mut self, deal: &Deal<'_>) -> bool {
        if deal.record.is_partial() {
            self.stage = Stage::Whole;
            return false;
        }
        let (g, irregular) = (self.g.clone(), self.irregular);
        self.write(Bucket::Mid, |g, out| {
            deal::hands_and_dog(deal, g, out);
            discard::discard(deal, g, out);
        });
        if self.g.discard_from_play {
            // FR-DISCARD-4: the taker's hand waits for the whole record.
            self.g = g;
            self.irregular = irregular;
            self.mid = Report {
                no_events: self.mid.no_events,
                ..Report::default()
            };
            self.stage = Stage::Whole;
            return false;
        }
        self.write(Bucket::Main, |_, out| deal::no_calls(deal, out));
        self.write(Bucket::Mid, |g, out| {
            declarations::declarations(deal, g, out)
        });
        self.stage = Stage::Play;
        true
    }

    /// Lays out and judges the tricks not taken yet: the complete ones, or
    /// with `all` the trick being played too (the record's end).
    fn tricks(&mut self, deal: &Deal<'_>, all: bool) {
        let judged = deal.judged_tricks();
        let from = self.seen.tricks;
        // Played card by card (`crate::game`), three cards in four leave
        // the next trick incomplete: nothing to take, the loop's own first
        // test, asked before the engine's tricks are taken out and put back.
        if !all && judged.get(from).is_none_or(|t| t.plays.len() != 4) {
            return;
        }
        let Some(mut tricks) = self.tricks.take() else {
            return;
        };
        for (t, trick) in judged.iter().enumerate().take(TRICKS).skip(from) {
            if !all && trick.plays.len() != 4 {
                break;
            }
            let (layout, cursor) = &mut *tricks;
            // The usual trick laid out and judged in one pass; any other
            // in two.
            let plain = self.write(Bucket::Play, |g, out| {
                play::plain_trick(layout, cursor, deal, t, trick, g, out)
            });
            if !plain {
                let slipped = crate::structural::slipped_before(&self.main.problems, t + 1)
                    || crate::structural::slipped_before(&self.led.problems, t + 1);
                self.write(Bucket::Led, |g, out| {
                    layout.trick(deal, t, trick, slipped, g, out)
                });
                self.write(Bucket::Play, |g, out| cursor.trick(deal, t, trick, g, out));
            }
            if !all {
                self.seen.tricks = t + 1;
            }
        }
        self.tricks = Some(tricks);
    }

    /// Ends the deal as the record ends it (the entries taken,
    /// [`Engine::catch_up`]): the auction if still open, what follows it,
    /// the trick being played, then the settlement (FR-SCORE, FR-PLAY-7:
    /// a record that stops early is incomplete); the report.
    pub(crate) fn finish(&mut self, deal: &Deal<'_>, session: &mut Session) -> Report {
        if self.stage == Stage::Auction {
            self.close_auction(deal);
        }
        if self.stage == Stage::Between {
            self.stage = Stage::Whole;
        }
        match self.stage {
            Stage::Whole => self.write(Bucket::Main, |g, out| {
                deal::no_calls(deal, out);
                play::lay_out_tricks(deal, g, out);
                deal::hands_and_dog(deal, g, out);
                discard::discard(deal, g, out);
                declarations::declarations(deal, g, out);
                play::play(deal, g, out);
            }),
            Stage::Play => {
                self.tricks(deal, true);
                for bucket in [&mut self.led, &mut self.mid, &mut self.play] {
                    self.main.problems.append(&mut bucket.problems);
                    self.main.events.append(&mut bucket.events);
                }
            }
            _ => {}
        }
        self.write(Bucket::Main, |g, out| {
            score::settle(deal, g, out, &mut session.french)
        });
        std::mem::take(&mut self.main)
    }

    /// The seat due to play and the cards it may play, after a record of
    /// legal moves only, in the play (FR-PLAY-1..5): the leader is the
    /// winner of the trick before, each card of a trick comes from the
    /// seat after the one before. `None` before the play.
    pub(crate) fn legal_cards(&self, record: &Record) -> Option<(Seat, CardSet)> {
        let (layout, cursor) = self
            .tricks
            .as_deref()
            .filter(|_| self.stage == Stage::Play)?;
        let plays = record
            .tricks
            .get(self.seen.tricks)
            .map_or(&[][..], |t| &t.plays[..]);
        if self.seen.tricks >= TRICKS || plays.len() >= 4 {
            return None;
        }
        // The cards of the trick so far, on the stack (no list made).
        let mut cards = [Card::FOOL; 3];
        for (slot, item) in cards.iter_mut().zip(plays) {
            *slot = item.card;
        }
        let before = &cards[..plays.len()];
        let seat = layout.expected().after(before.len(), SEATS);
        let legal = legal_plays(
            cursor.hand(seat),
            crate::trick::first_lead(before),
            crate::trick::top_trump(before),
        );
        Some((seat, legal))
    }
}

impl Engine {
    /// Who acts next, and in which section, after a record of legal entries
    /// only, while the auction is open: the seat whose turn it is to bid
    /// (FR-BID-2; none after a guard against, when the seats after it may
    /// pass or stay silent), then after a take or a guard the taker, who
    /// discards (FR-DOG-1, FR-DISCARD-3). Every move by another seat, or of
    /// another section, is illegal then (a finding the replay gives; debug
    /// builds check it in `crate::game`). `None` where several seats may
    /// act (a handful beside the lead) or the play lists its own moves.
    fn due(&self, deal: &Deal<'_>) -> Option<(Seat, Due)> {
        if self.stage != Stage::Auction {
            return None;
        }
        let entries = deal
            .record
            .auction
            .as_ref()
            .map_or(&[][..], |a| &a.actions[..]);
        if entries.len() < SEATS as usize {
            let against = entries.iter().any(|a| {
                matches!(a.act, notation::Act::Bid { game } if Contract::from_game(game) == Some(Contract::GuardAgainst))
            });
            let seat = self.g.first_bidder().after(entries.len(), SEATS);
            return (!against).then_some((seat, Due::Auction));
        }
        if deal.record.discard.is_some() {
            return None;
        }
        // The auction's judgement ([`Engine::close_auction`]) on a copy of
        // the game state alone, writing into a report of its own (issue 29
        // item 5: the whole engine was cloned for it at each step after
        // the auction's four entries): the judgement writes findings and
        // reads none, so the engine's own report holds none after it
        // exactly when it held none before and the copy finds none.
        let mut g = self.g.clone();
        let mut report = Report {
            no_events: self.main.no_events,
            ..Report::default()
        };
        let mut out = Writer::new(&mut report);
        out.irregular = self.irregular;
        deal::bare_petit(deal, &mut g, &mut out);
        bidding::auction(deal, &mut g, &mut out);
        let clean = self.main.problems.is_empty() && report.problems.is_empty();
        // Debug builds: as the judgement on a clone of the engine finds.
        #[cfg(debug_assertions)]
        {
            let mut probe = self.clone();
            probe.close_auction(deal);
            assert_eq!(
                (
                    probe.g.taker,
                    probe.g.contract,
                    probe.main.problems.is_empty()
                ),
                (g.taker, g.contract, clean)
            );
        }
        match (g.taker, g.contract) {
            (Some(taker), Some(c)) if c.has_discard() && clean => Some((taker, Due::Discard)),
            _ => None,
        }
    }
}

/// The section of the move due ([`Engine::due`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Due {
    Auction,
    Discard,
}

/// Whether the record goes on past the auction (FR-BID-2, FR-BID-3).
fn goes_on(record: &Record) -> bool {
    record.calls.is_some()
        || record.discard.is_some()
        || record.declarations.is_some()
        || !record.tricks.is_empty()
}

/// What the sections judged when the play starts hold: the entries of
/// the calls and of the declarations, the discard's seat, cards and cards
/// shown. A game only appends to a record, so this tells whether they
/// changed.
fn before_play(record: &Record) -> BeforePlay {
    let len = |l: &Option<notation::Actions>| l.as_ref().map_or(0, |l| l.actions.len());
    let set = |items: &[notation::Item]| -> CardSet { items.iter().map(|i| i.card).collect() };
    BeforePlay {
        calls: len(&record.calls),
        declarations: len(&record.declarations),
        discard: record
            .discard
            .as_ref()
            .map(|d| (d.seat, d.cards.len(), set(&d.cards), set(&d.shown))),
    }
}

/// See [`before_play`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct BeforePlay {
    calls: usize,
    declarations: usize,
    discard: Option<(Seat, usize, CardSet, CardSet)>,
}

/// The deal as the first trick would find it ([`Stepped::before_lead`]).
#[derive(Debug, Clone)]
pub(crate) struct BeforeLead {
    /// The game state after the dog, the discard and the declarations
    /// judged (the handfuls' check reads it, [`Stepped::handful_check`]).
    g: State,
    /// The taker: he alone may declare a slam (FR-SLAM-1).
    pub(crate) taker: Seat,
    /// The seat that leads to trick 1 and the cards it may lead (FR-SEAT-1,
    /// FR-SLAM-2: the taker after a slam declared).
    pub(crate) lead: (Seat, CardSet),
}

/// A deal played step by step (`crate::game`): the engine at the deal's
/// start and after the record so far. A move is judged on a clone of the
/// latter, which takes the move and ends the deal there.
#[derive(Debug, Clone)]
pub(crate) struct Stepped {
    options: std::sync::Arc<RuleOptions>,
    table: Table,
    /// Shared, never changed (issue 29 item 5): a game's clone, and each
    /// move of the game, copies a pointer rather than an engine.
    start: std::sync::Arc<Engine>,
    now: Engine,
    /// Whether `now` fits the record so far ([`Engine::fits`]), asked once
    /// when the engine steps ([`Stepped::advance`]) rather than at each
    /// list: the record so far is the one the last step was given.
    fits_now: bool,
    /// Who acts next after the record so far, and in which section
    /// ([`Engine::due`]).
    due: Option<(Seat, Due)>,
    /// The bid standing after the record so far, while the auction is
    /// open.
    best: Option<Contract>,
}

impl Stepped {
    /// The engine of the deal of `record` (its hands, tags), if it can
    /// step it: a deal with hands, a table, readable options and no
    /// structural finding. Other deals are judged by the whole replay.
    pub(crate) fn new(record: &Record, table: Table) -> Option<Stepped> {
        let (options, report) = crate::steppable(record, table, notation::Variant::FrenchTarot)?;
        let deal = Deal::clean(record, table, &options);
        let start = Engine::start(&deal, report);
        let mut stepped = Stepped {
            options: std::sync::Arc::new(options),
            table,
            now: start.clone(),
            start: std::sync::Arc::new(start),
            fits_now: false,
            due: None,
            best: None,
        };
        // Who acts first (the first bidder, FR-BID-2), as after any entry.
        stepped.advance(record);
        Some(stepped)
    }

    fn deal<'r>(&'r self, record: &'r Record) -> Deal<'r> {
        Deal::clean(record, self.table, &self.options)
    }

    /// The engine after `record`, the record so far.
    pub(crate) fn advance(&mut self, record: &Record) {
        if !self.now.fits(record) {
            self.now = Engine::clone(&self.start);
        }
        let deal = Deal::clean(record, self.table, &self.options);
        self.now.catch_up(&deal);
        self.due = self.now.due(&deal);
        self.fits_now = self.now.fits(record);
        // After legal entries only, each bid rises: the last one stands.
        self.best = record
            .auction
            .iter()
            .flat_map(|a| &a.actions)
            .filter_map(|a| match a.act {
                notation::Act::Bid { game } => Contract::from_game(game),
                _ => None,
            })
            .next_back();
    }

    /// The engine after `record`, the record so far, which is the record
    /// it was after with a card played to it, tricks having been played
    /// before it (the caller's care, as a game only appends to its
    /// record): where the engine fitted that record in the play, it fits
    /// this one (the auction and the sections judged when the play started
    /// are unchanged, the tricks it took are complete), and takes the
    /// tricks completed since without asking [`Engine::fits`] again.
    pub(crate) fn advance_card(&mut self, record: &Record) {
        if !(self.fits_now && self.now.stage == Stage::Play) {
            return self.advance(record);
        }
        let deal = Deal::clean(record, self.table, &self.options);
        self.now.catch_up(&deal);
        // In the play no entry is due and the auction stands as it was.
        self.due = None;
        debug_assert!(self.now.fits(record) && self.now.due(&deal).is_none());
    }

    /// Whether the deal has ended after the record so far, an auction of
    /// legal entries only: no seat is due and no bid was made, four passes
    /// (FR-BID-3). With a bid the deal goes on: to the taker's discard
    /// (FR-DOG-1, a seat due), or after a guard against or a contract
    /// without a discard to the declarations and the play (FR-DOG-2).
    pub(crate) fn auction_over(&self) -> bool {
        self.due.is_none() && self.best.is_none()
    }

    /// Whether `game` may be bid now, after legal entries only: a French
    /// bid above the bid standing (FR-BID-1, FR-BID-2).
    pub(crate) fn rises(&self, game: notation::Game) -> bool {
        Contract::from_game(game).is_some_and(|c| bidding::rises(c, self.best))
    }

    /// Who acts next after the record so far, and in which section
    /// ([`Engine::due`]).
    pub(crate) fn due(&self) -> Option<(Seat, Due)> {
        self.due
    }

    /// What `crate::replay` gives for `record` (the record so far, or it
    /// with a move appended), no events built; `None` where the structural
    /// checks find anything (the caller replays then).
    pub(crate) fn judge(&self, record: &Record) -> Option<Report> {
        if !crate::structurally_clean(record, self.table) {
            return None;
        }
        Some(self.judge_clean(record))
    }

    /// [`Stepped::judge`] of a record the caller knows the structural
    /// checks find nothing in (`crate::game`: the deal this engine was made
    /// on, and after legal moves only the record so far): not checked
    /// again (debug builds do).
    pub(crate) fn judge_clean(&self, record: &Record) -> Report {
        debug_assert!(crate::structurally_clean(record, self.table));
        let mut engine = if self.now.fits(record) {
            self.now.clone()
        } else {
            Engine::clone(&self.start)
        };
        let deal = self.deal(record);
        engine.catch_up(&deal);
        engine.finish(&deal, &mut Session::default())
    }

    /// The seat due to play and its legal cards, after the record so far
    /// ([`Engine::legal_cards`]); before the first trick, the first lead
    /// ([`Stepped::before_lead`]).
    /// `record` is the record so far (the engine's fit to it asked when it
    /// stepped, [`Stepped::advance`]).
    pub(crate) fn legal_cards(&self, record: &Record) -> Option<(Seat, CardSet)> {
        debug_assert_eq!(self.fits_now, self.now.fits(record));
        if !self.fits_now {
            return None;
        }
        if self.now.stage != Stage::Play {
            return self.before_lead(record).map(|b| b.lead);
        }
        self.now.legal_cards(record)
    }

    /// [`Stepped::legal_cards`] written into `out` as plain plays, in the
    /// cards' order; `None` where it gives none. The cards are gathered
    /// on the stack, counted as they come, and written at once (one room
    /// made, no test of it a card: issue 29 item 5, a list at every card
    /// of a game played through `crate::game`), where the set's iterator
    /// filled the list a card at a time (a count of the set up front is a
    /// software popcount on this build's target).
    pub(crate) fn push_plays(
        &self,
        record: &Record,
        out: &mut Vec<crate::game::Move>,
    ) -> Option<()> {
        let (seat, cards) = self.legal_cards(record)?;
        let mut buf = [Card::FOOL; Card::COUNT];
        let mut n = 0;
        for card in cards.iter() {
            buf[n] = card;
            n += 1;
        }
        out.extend(
            buf[..n]
                .iter()
                .map(|&card| crate::game::Move::play(seat, card)),
        );
        Some(())
    }

    /// The taker's legal discard cards while the discard is due
    /// ([`Due::Discard`]), `chosen` laid already and `rest` the others of
    /// his 24 (the game's holdings); `None` otherwise, or where the game
    /// judges them ([`discard::next_cards`]).
    pub(crate) fn discard_cards(
        &self,
        seat: Seat,
        rest: CardSet,
        chosen: &[Card],
    ) -> Option<CardSet> {
        match self.due {
            Some((taker, Due::Discard)) if taker == seat => discard::next_cards(rest, chosen),
            _ => None,
        }
    }

    /// The deal as the first trick would find it after the record so far
    /// (`crate::game` lists the declarations and the first lead from it):
    /// the auction closed with a taker (FR-BID-1), the discard laid where
    /// the contract has one (FR-DOG-1, FR-DISCARD-3), no trick yet; the
    /// engine then judges the dog, the discard and the declarations so far,
    /// as it does when the first card comes ([`Engine::start_play`]), and
    /// they must hold nothing wrong. `None` otherwise, and while the
    /// auction is open to a bid (fewer than four entries and no guard
    /// against, [`Engine::due`]). After a guard against the seats after it
    /// may pass or stay silent (FR-BID-2): the record may go on from it.
    pub(crate) fn before_lead(&self, record: &Record) -> Option<BeforeLead> {
        let entries = record.auction.as_ref().map_or(0, |a| a.actions.len());
        let open = entries < SEATS as usize && self.due.is_some();
        debug_assert_eq!(self.fits_now, self.now.fits(record));
        if !record.tricks.is_empty() || open || !self.fits_now {
            return None;
        }
        let deal = self.deal(record);
        let mut engine = self.now.clone();
        if engine.stage == Stage::Auction {
            engine.close_auction(&deal);
        }
        let (taker, contract) = (engine.g.taker?, engine.g.contract?);
        if engine.stage != Stage::Between || contract.has_discard() != record.discard.is_some() {
            return None;
        }
        // Judged as the first card finds it, without the tricks' layout
        // (who was dealt each card) nor the cursor made (issue 29 item 5:
        // a list before the first card, and each card of a handful shown,
        // made them to read the first lead).
        engine.judge_before_play(&deal);
        let clean = [&engine.main, &engine.led, &engine.mid, &engine.play]
            .iter()
            .all(|r| r.problems.is_empty());
        if engine.stage != Stage::Play || !clean {
            return None;
        }
        // The first lead as [`Engine::legal_cards`] reads it from the
        // layout and the cursor [`Engine::start_play`] makes: the seat
        // [`Layout::new`] expects (FR-SEAT-1, FR-SLAM-2), its playing hand,
        // no card before it (FR-PLAY-1).
        let seat = play::first_leader(&deal, &engine.g);
        let lead = (
            seat,
            legal_plays(
                engine.g.playing[seat],
                crate::trick::first_lead(&[]),
                crate::trick::top_trump(&[]),
            ),
        );
        #[cfg(debug_assertions)]
        {
            let mut full = engine.clone();
            full.tricks = Some(Box::new((
                Layout::new(&deal, &full.g),
                Cursor::new(&full.g),
            )));
            assert_eq!(full.legal_cards(record), Some(lead));
        }
        Some(BeforeLead {
            g: engine.g,
            taker,
            lead,
        })
    }

    /// Whether the auction's entry `act` by `seat` is legal after the
    /// record so far: the engine's judgement of the auction
    /// ([`Engine::close_auction`], FR-BID-1..4) with it appended finds
    /// nothing, on a clone.
    /// `scratch` is a copy of the record so far: the entry is appended,
    /// judged and taken off again (one copy for all the entries asked
    /// about).
    pub(crate) fn admits_entry_on(
        &self,
        scratch: &mut Record,
        seat: Seat,
        act: &notation::Act,
    ) -> bool {
        if self.now.stage != Stage::Auction || !self.now.fits(scratch) {
            return false;
        }
        let none = scratch.auction.is_none();
        scratch
            .auction
            .get_or_insert_with(|| notation::Actions {
                actions: Vec::new(),
                comments: Vec::new(),
                span: notation::Span::default(),
            })
            .actions
            .push(notation::Action {
                seat,
                act: act.clone(),
                after: None,
                comments: Vec::new(),
                span: notation::Span::default(),
            });
        // The auction's judgement ([`Engine::close_auction`]) on a copy of
        // the game state alone, writing into a report of its own (the
        // judgement reads nothing of the findings before it): the entry is
        // admitted when it finds nothing.
        let mut g = self.now.g.clone();
        let mut report = Report {
            no_events: true,
            ..Report::default()
        };
        let deal = self.deal(scratch);
        let mut out = Writer::new(&mut report);
        deal::bare_petit(&deal, &mut g, &mut out);
        bidding::auction(&deal, &mut g, &mut out);
        let admits = report.problems.is_empty();
        // Debug builds: as the judgement on a clone of the engine finds.
        #[cfg(debug_assertions)]
        {
            let mut engine = self.now.clone();
            engine.close_auction(&deal);
            assert_eq!(
                admits,
                engine.main.problems.len() == self.now.main.problems.len()
            );
        }
        if none {
            scratch.auction = None;
        } else if let Some(a) = scratch.auction.as_mut() {
            a.actions.pop();
        }
        admits
    }

    /// The check of the handfuls `seat` may show after the record so far
    /// ([`Stepped::before_lead`]): the engine's own check of a handful
    /// (`declarations::HandfulCheck`, FR-HANDFUL-1..3), read once for all
    /// of them; `replaces`: the handful takes the place of the record's
    /// last declaration (a handful it extends).
    pub(crate) fn handful_check(
        &self,
        before: &BeforeLead,
        record: &Record,
        seat: Seat,
        replaces: bool,
    ) -> declarations::HandfulCheck {
        let entries = record
            .declarations
            .as_ref()
            .map_or(&[][..], |d| &d.actions[..]);
        let entries = &entries[..entries.len() - usize::from(replaces && !entries.is_empty())];
        let second = entries
            .iter()
            .any(|a| a.seat == seat && matches!(a.act, notation::Act::Handful { .. }));
        let deal = self.deal(record);
        declarations::HandfulCheck::new(&deal, &before.g, seat, second)
    }

    /// Whether the engine has taken the last trick (the deal is over
    /// after the cards `crate::game` stepped it by).
    pub(crate) fn played_out(&self) -> bool {
        self.now.stage == Stage::Play && self.now.seen.tricks >= TRICKS
    }
}
