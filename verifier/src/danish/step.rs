//! A deal played step by step (`crate::game`): the engine after the record
//! so far, on whose clones moves are judged, and the legal moves of the
//! play listed by the duties the engine judges a card with.
//!
//! The engine reads what comes before the play (the misdeal demands, the
//! skat, the declarations) on the record as a whole: whether the record
//! goes on past them decides what is missing (DK-DISCARD-5, DK-DECL-7). So
//! while the record is before the play, or its first card is judged, the
//! engine starts again from the deal for each judgement (as the replay of
//! the whole record did); from the first card on it takes the tricks as
//! they complete, and a card is judged on a clone that takes the trick
//! being played and ends the deal there.
//! A skat missing or not laid as three of the dealer's cards is taken to
//! be the cards he never plays (DK-DISCARD-5), read from every trick: the
//! engine then starts again from the deal for each judgement too.

use notation::check::Table;
use notation::{Act, Card, Lead, Record, Seat, Trick, Variant};

use super::declarations::{combos, Combo, SLOTS};
use super::fool::passes_lead;
use super::play::duty_broken;
use super::state::Game;
use super::{carry, session_start, Engine, Read, Start, Step};
use crate::game::{Move, LEADS};
use crate::trick::lead_of;
use crate::{Deal, Report, RuleOptions, Session};

/// The engine of a deal played step by step: at the deal's start (the
/// session it starts from, the findings that gives) and after the record
/// so far.
#[derive(Debug, Clone)]
pub(crate) struct Stepped {
    table: Table,
    options: RuleOptions,
    session: Session,
    start: Start,
    /// The report before the engine: the findings the session gives the
    /// deal (DK-POT-6, DK-SEAT-3).
    report: Report,
    /// What `now` read of the record before the play.
    read: Read,
    now: Box<Engine>,
    /// The record so far: its number of tricks, and its last trick if it
    /// is being played (fewer than three cards).
    tricks: usize,
    playing: Option<Trick>,
}

impl Stepped {
    /// The engine of the deal of `record` (its hands, tags) in `session`,
    /// if it can step it: a deal with hands, readable options and pots, no
    /// structural finding, no score sheet. Other deals are judged by the
    /// whole replay.
    pub(crate) fn new(record: &Record, table: Table, session: &Session) -> Option<Stepped> {
        if table.variant != Variant::DanishTarok || record.is_partial() || !clean(record, table) {
            return None;
        }
        let options = RuleOptions::from_record(record, table.variant).ok()?;
        let mut report = Report {
            variant: Some(table.variant),
            no_events: true,
            ..Report::default()
        };
        let deal = Deal::clean(record, table, &options);
        let start = session_start(&deal, &mut session.clone(), &mut report)?;
        let now = Box::new(Engine::start(&deal, start, report.clone()));
        Some(Stepped {
            table,
            session: session.clone(),
            start,
            report,
            read: Read::of(record),
            now,
            tricks: record.tricks.len(),
            playing: None,
            options,
        })
    }

    fn deal<'r>(&'r self, record: &'r Record) -> Deal<'r> {
        Deal::clean(record, self.table, &self.options)
    }

    /// The engine after as much of `record` as it can keep: the one after
    /// the record so far, else the one at the deal's start.
    fn engine_for(&self, record: &Record) -> Engine {
        if self.read.fits(record) && self.now.fits(record) {
            (*self.now).clone()
        } else {
            Engine::start(&self.deal(record), self.start, self.report.clone())
        }
    }

    /// The engine after `record`, the record so far.
    pub(crate) fn advance(&mut self, record: &Record) {
        if !(self.read.fits(record) && self.now.fits(record)) {
            *self.now = Engine::start(&self.deal(record), self.start, self.report.clone());
            self.read = Read::of(record);
        }
        self.now.catch_up(record);
        self.tricks = record.tricks.len();
        self.playing = record.tricks.last().filter(|t| t.plays.len() < 3).cloned();
    }

    /// What `crate::replay` gives for `record` (the record so far, or it
    /// with a move appended), no events built; `None` where the structural
    /// checks find a fault (the caller replays then).
    pub(crate) fn judge(&self, record: &Record, table: Table) -> Option<Report> {
        if !clean(record, table) {
            return None;
        }
        let mut engine = self.engine_for(record);
        engine.catch_up(record);
        let ended = engine.finish(record);
        let mut session = self.session.clone();
        Some(carry(&self.deal(record), &mut session, self.start, ended))
    }

    /// The play after the record so far: the game state, the number of the
    /// trick being played or led next, and the seat on lead to it by the
    /// rules (DK-PLAY-1, DK-FOOL-6). `None` before the play (several seats
    /// may speak then) and after the last trick.
    fn play(&self) -> Option<(&Game, usize, Seat)> {
        let Step::Play { game, taken } = &self.now.step else {
            return None;
        };
        if self.tricks == 0 || *taken >= 25 {
            return None;
        }
        let t = taken + 1;
        let leader = if passes_lead(t, game.hands[game.leader]) {
            self.now.seating.next(game.leader)
        } else {
            game.leader
        };
        Some((game, t, leader))
    }

    /// The seat whose card is due after a record of legal moves only: the
    /// leader of the next trick, or the next seat of the trick being
    /// played. `None` before the play and after it.
    pub(crate) fn due(&self) -> Option<Seat> {
        let (_, _, leader) = self.play()?;
        Some(match &self.playing {
            None => leader,
            Some(trick) => {
                let l = trick.leader.unwrap_or(leader);
                self.now.seating.from(l)[trick.plays.len()]
            }
        })
    }

    /// The legal moves after a record of legal moves only, listed by the
    /// rules of the play, in the order `crate::game` lists its candidates;
    /// `None` where they are judged one by one: before the play and at the
    /// first lead (the skat and the declarations are closed by it), and in
    /// a trick the fool leads or is called for (DK-FOOL-4, DK-FOOL-8).
    pub(crate) fn legal(&self) -> Option<Vec<Move>> {
        let (game, t, leader) = self.play()?;
        match &self.playing {
            None => Some(self.leads(game, t, leader)),
            Some(trick) => self.follows(game, t, leader, trick),
        }
    }

    /// The leads of trick `t` by `leader`: any card, the fool named or not
    /// (DK-FOOL-8) but not to tricks 24 and 25 (DK-FOOL-5, DK-FOOL-6); in
    /// trick 23 with or without a call for the fool (DK-FOOL-4): a call by
    /// a seat that does not hold it, while it is unplayed; after a call the
    /// leader who holds it leads it.
    fn leads(&self, game: &Game, t: usize, leader: Seat) -> Vec<Move> {
        let order = self.now.seating.order;
        let holder = order
            .into_iter()
            .find(|&s| game.hands[s].contains(Card::FOOL));
        let mut callers: Vec<Option<Seat>> = vec![None];
        if t == 23 {
            let mut active = order;
            active.sort_unstable();
            callers.extend(
                active
                    .into_iter()
                    .filter(|&s| !game.fool_gone && holder != Some(s))
                    .map(Some),
            );
        }
        let mut out = Vec::new();
        for card in game.hands[leader].iter() {
            let names: &[Option<Lead>] = if card.is_fool() { &LEADS } else { &[None] };
            if card.is_fool() && t >= 24 {
                continue;
            }
            for &name in names {
                for &fool_call in &callers {
                    let must = fool_call.and(holder);
                    if must == Some(leader) && !card.is_fool() {
                        continue;
                    }
                    out.push(Move::Play {
                        seat: leader,
                        card,
                        name,
                        rename: None,
                        fool_call,
                    });
                }
            }
        }
        out
    }

    /// The cards of the next seat of `trick` (led with a card other than
    /// the fool, no call for it): those that follow suit, else trump, else
    /// any (DK-PLAY-2), the fool always but in trick 24 (DK-FOOL-2,
    /// DK-FOOL-5).
    fn follows(&self, game: &Game, t: usize, leader: Seat, trick: &Trick) -> Option<Vec<Move>> {
        let first = trick.plays.first()?.card;
        if first.is_fool() || trick.fool_call.is_some() {
            return None;
        }
        let lead = lead_of(first)?;
        let seat = self.now.seating.from(trick.leader.unwrap_or(leader))[trick.plays.len()];
        let hand = game.hands[seat];
        Some(
            hand.iter()
                .filter(|&c| duty_broken(c, lead, hand).is_none() && !(c.is_fool() && t == 24))
                .map(|c| Move::play(seat, c))
                .collect(),
        )
    }
}

impl Stepped {
    /// Whether `mv` is legal after `record`, the record so far (legal
    /// moves only), where the declarations say it simply: the skat laid,
    /// no trick yet (the declarations and the first lead). `None` where the
    /// move is judged (before the skat, a move of another kind, Option
    /// `announced_tout`).
    pub(crate) fn allows(&self, record: &Record, mv: &Move) -> Option<bool> {
        let Step::Play { game, taken: 0 } = &self.now.step else {
            return None;
        };
        if !record.tricks.is_empty() || record.discard.is_none() || self.now.o.announced_tout {
            return None;
        }
        let said = Said::of(&self.now, record, game)?;
        match mv {
            Move::Declare { seat, act } => Some(said.allows(&self.now, game, *seat, act)),
            // The first lead closes the declarations (DK-DECL-7).
            Move::Play {
                seat,
                card,
                name,
                rename,
                fool_call,
            } => Some(
                (0..3).all(|k| said.complete(k))
                    && *seat == game.leader
                    && rename.is_none()
                    && fool_call.is_none()
                    && (name.is_none() || card.is_fool()),
            ),
            _ => None,
        }
    }
}

/// The declarations so far (DK-DECL), by declaring order: what each
/// active player holds, has declared and has passed, and who spoke last.
struct Said {
    held: [[Option<(Combo, notation::CardSet)>; SLOTS]; 3],
    declared: [[bool; SLOTS]; 3],
    passed: [bool; 3],
    last: Option<usize>,
}

impl Said {
    /// `None` for an entry the declarations do not take simply (a seat
    /// that sits out).
    fn of(e: &Engine, record: &Record, game: &Game) -> Option<Said> {
        let order = e.seating.order;
        let mut said = Said {
            held: order.map(|s| combos(game.dealt[s])),
            declared: [[false; SLOTS]; 3],
            passed: [false; 3],
            last: None,
        };
        for a in record.declarations.iter().flat_map(|d| &d.actions) {
            let k = order.iter().position(|&o| o == a.seat)?;
            said.last = Some(k);
            match Combo::of_act(&a.act) {
                Some(c) => said.declared[k][c.slot()] = true,
                None if a.act == Act::Pass => said.passed[k] = true,
                None => return None,
            }
        }
        Some(said)
    }

    /// The `k`-th player has declared every combination he holds.
    fn complete(&self, k: usize) -> bool {
        (0..SLOTS).all(|slot| self.held[k][slot].is_none() || self.declared[k][slot])
    }

    /// An entry by `seat`: in turn (DK-DECL-6: not before the last one to
    /// speak), every earlier player's combinations declared, since his
    /// turn passes (DK-DECL-4, DK-DECL-7); a pass when the seat has
    /// declared all it holds; a combination it holds, once, naming the
    /// cards of it in the dealer's skat (DK-DECL-5). A tout is not
    /// allowed without Option `announced_tout` (DK-TOUT-2), a misdeal
    /// demand is no declaration.
    fn allows(&self, e: &Engine, game: &Game, seat: Seat, act: &Act) -> bool {
        let Some(i) = e.seating.order.iter().position(|&o| o == seat) else {
            return false;
        };
        if self.last.is_some_and(|c| i < c) || !(0..i).all(|k| self.complete(k)) {
            return false;
        }
        if *act == Act::Pass {
            return self.complete(i) && !self.passed[i];
        }
        let Some(claim) = Combo::of_act(act) else {
            return false;
        };
        let slot = claim.slot();
        match self.held[i][slot] {
            Some((held, cards)) if held == claim && !self.declared[i][slot] => {
                let in_skat = if seat == e.seating.dealer {
                    cards.intersection(game.skat)
                } else {
                    notation::CardSet::EMPTY
                };
                act.skat().iter().copied().collect::<notation::CardSet>() == in_skat
            }
            _ => false,
        }
    }
}

/// Whether the structural checks find nothing in `record`: the engine
/// then judges all of it.
fn clean(record: &Record, table: Table) -> bool {
    let structure = notation::check::structure_of(record, table);
    !structure.wrong_deal
        && structure.cut.is_none()
        && structure.problems.is_empty()
        && record.result.is_none()
}
