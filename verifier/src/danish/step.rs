//! A deal played step by step (`crate::game`): the engine after the record
//! so far, on whose clones moves are judged, and the legal moves of the
//! play listed by the duties the engine judges a card with.
//!
//! The engine reads what comes before the play (the misdeal demands, the
//! skat, the declarations) on the record as a whole: whether the record
//! goes on past them decides what is missing (DK-DISCARD-5, DK-DECL-7). So
//! while the record is before the play, or its first card is judged, the
//! engine starts again from the deal for each judgement (as the replay of
//! the whole record did), from the declarations on where what came before
//! them read neither the declarations nor the tricks (`Pre`: the engine
//! after the skat, kept); from the first card on it takes the tricks as
//! they complete, and a card is judged on a clone that takes the trick
//! being played and ends the deal there.
//! A skat missing or not laid as three of the dealer's cards is taken to
//! be the cards he never plays (DK-DISCARD-5), read from every trick: the
//! engine then starts again from the deal for each judgement too.

use notation::check::Table;
use notation::{Act, Card, CardSet, Lead, Record, Seat, Trick, Variant};

use super::cards::{lead_set, TRUMPS};
use super::declarations::{combos, declaration_cards, Combo, Held, SLOTS};
use super::discard::{layable_cards, least_declaration_cards};
use super::fool::passes_lead;
use super::play::{duty_broken, duty_kept};
use super::state::Game;
use super::{carry, session_start, AfterSkat, Engine, Read, Start, Step};
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
    /// The engine before the declarations, kept from the last start that
    /// read neither the declarations nor the tricks before them ([`Pre`]):
    /// the declarations and the first card start from it.
    pre: Option<std::sync::Arc<Pre>>,
    /// The engine before the declarations as the first judgement of a
    /// record with a skat found it ([`Stepped::restart`]): the step that
    /// takes that skat starts from it ([`Stepped::advance`]) rather than
    /// from the deal again.
    judged_pre: std::sync::OnceLock<std::sync::Arc<Pre>>,
    /// The dealer's declaration cards as dealt, and the fewest of them a
    /// proper skat can hold (DK-DISCARD-4): worked out once for the skat's
    /// lists ([`Stepped::skat_cards`]).
    skat_basis: std::sync::OnceLock<(CardSet, u32)>,
    /// The record so far: its number of tricks, and whether its last
    /// trick is being played (fewer than three cards).
    tricks: usize,
    playing: bool,
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
        let now = Box::new(Engine::start(&deal, start, report.clone(), None));
        Some(Stepped {
            table,
            session: session.clone(),
            start,
            report,
            read: Read::of(record),
            now,
            pre: None,
            judged_pre: std::sync::OnceLock::new(),
            skat_basis: std::sync::OnceLock::new(),
            tricks: record.tricks.len(),
            playing: false,
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
            self.restart(record)
        }
    }

    /// The engine at the deal's start after what comes before the play of
    /// `record` ([`Engine::start`]): from [`Pre`] where it fits.
    /// The first record with a skat judged so keeps the engine as it
    /// stands after the skat (`judged_pre`).
    fn restart(&self, record: &Record) -> Engine {
        let kept = self.pre.as_ref().or(self.judged_pre.get());
        if let Some(pre) = kept.filter(|pre| pre.fits(record)) {
            return pre.resume(record);
        }
        let keep = kept.is_none() && record.discard.is_some();
        let mut after_skat = None;
        let e = Engine::start(
            &self.deal(record),
            self.start,
            self.report.clone(),
            keep.then_some(&mut after_skat),
        );
        if let Some(pre) = after_skat.and_then(|s| Pre::of(s, record)) {
            let _ = self.judged_pre.set(std::sync::Arc::new(pre));
        }
        e
    }

    /// The engine after `record`, the record so far, which is the record
    /// it was after with a card played to it, tricks having been played
    /// before it: what comes before the play is as the engine read it.
    pub(crate) fn advance_card(&mut self, record: &Record) {
        debug_assert!(self.read.fits(record));
        if !self.now.fits(record) {
            return self.advance(record);
        }
        self.now.catch_up(record);
        self.tricks = record.tricks.len();
        self.playing = record.tricks.last().is_some_and(|t| t.plays.len() < 3);
    }

    /// The engine after `record`, the record so far.
    pub(crate) fn advance(&mut self, record: &Record) {
        if !(self.read.fits(record) && self.now.fits(record)) {
            if self.declaring(record) {
                // The engine is left as it stands, its reading of the
                // record (`read`) too: it is taken up again from [`Pre`]
                // where it is asked for its findings or the play starts.
                self.tricks = 0;
                self.playing = false;
                // Debug builds: the game state is the one the engine
                // taken up again would stand on.
                #[cfg(debug_assertions)]
                if let (Step::Play { game, .. }, Some(pre)) = (&self.now.step, &self.pre) {
                    let again = pre.resume(record);
                    let Step::Play { game: fresh, .. } = &again.step else {
                        unreachable!("the engine after the skat plays");
                    };
                    assert_eq!(format!("{game:?}"), format!("{fresh:?}"));
                }
                return;
            }
            let judged = self.judged_pre.get().filter(|pre| pre.fits(record));
            *self.now = match self.pre.as_ref().filter(|pre| pre.fits(record)) {
                Some(pre) => pre.resume(record),
                // The engine after this skat, as its judgement found it.
                None if judged.is_some() => {
                    let pre = judged.cloned().expect("a judged skat");
                    let e = pre.resume(record);
                    self.pre = Some(pre);
                    e
                }
                None => {
                    let deal = self.deal(record);
                    let mut after_skat = None;
                    let e = Engine::start(
                        &deal,
                        self.start,
                        self.report.clone(),
                        Some(&mut after_skat),
                    );
                    self.pre = after_skat
                        .and_then(|s| Pre::of(s, record))
                        .map(std::sync::Arc::new);
                    e
                }
            };
            self.read = Read::of(record);
        }
        self.now.catch_up(record);
        self.tricks = record.tricks.len();
        self.playing = record.tricks.last().is_some_and(|t| t.plays.len() < 3);
    }

    /// Whether `record`, the record so far, is in the declarations, its
    /// calls and skat those the engine read before them ([`Pre`]), and the
    /// engine stands at the start of the play of a record without tricks
    /// that is `record` but for its declarations. The engine's game state
    /// is then the one the declarations of `record` would give (they write
    /// findings and payments, DK-DECL, DK-PAY-2, and change no hand, skat
    /// or leader: `Engine::before_play`), which is all that the lists of
    /// the declarations and the first lead read of it
    /// ([`Stepped::legal`]); its findings are not those of `record`, which
    /// `read` tells ([`Stepped::engine_for`] starts again from [`Pre`]).
    fn declaring(&self, record: &Record) -> bool {
        record.tricks.is_empty()
            && !self.read.tricks
            && matches!(self.now.step, Step::Play { taken: 0, .. })
            && self.pre.as_ref().is_some_and(|pre| pre.fits(record))
    }

    /// What `crate::replay` gives for `record` (the record so far, or it
    /// with a move appended), no events built; `None` where the structural
    /// checks find a fault (the caller replays then).
    pub(crate) fn judge(&self, record: &Record, table: Table) -> Option<Report> {
        if !clean(record, table) {
            return None;
        }
        Some(self.judge_clean(record))
    }

    /// [`Stepped::judge`] of a record the caller knows the structural
    /// checks find nothing in (`crate::game`: the deal this engine was made
    /// on, and after legal moves only the record so far): not checked
    /// again (debug builds do).
    pub(crate) fn judge_clean(&self, record: &Record) -> Report {
        debug_assert!(clean(record, self.table), "a clean record");
        let mut engine = self.engine_for(record);
        engine.catch_up(record);
        let ended = engine.finish(record);
        let mut session = self.session.clone();
        carry(&self.deal(record), &mut session, self.start, ended)
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

    /// Whether the engine has taken the last trick (the deal is over
    /// after the moves `crate::game` stepped it by).
    pub(crate) fn played_out(&self) -> bool {
        matches!(self.now.step, Step::Play { taken, .. } if taken >= 25)
    }

    /// The trick being played after `record`, the record so far.
    fn playing<'r>(&self, record: &'r Record) -> Option<&'r Trick> {
        record.tricks.last().filter(|_| self.playing)
    }

    /// The seat whose card is due after `record`, a record of legal moves
    /// only: the leader of the next trick, or the next seat of the trick
    /// being played. `None` before the play and after it.
    pub(crate) fn due(&self, record: &Record) -> Option<Seat> {
        let (_, _, leader) = self.play()?;
        Some(match self.playing(record) {
            None => leader,
            Some(trick) => {
                let l = trick.leader.unwrap_or(leader);
                self.now.seating.from(l)[trick.plays.len()]
            }
        })
    }

    /// The legal moves after `record`, a record of legal moves only, in
    /// the order `crate::game` lists its candidates (`candidates`: those
    /// candidates, asked for only where each is judged here): before the
    /// skat (`pending`: the skat's cards chosen so far, card by card), the
    /// declarations and the first lead, and the play. `None` where they are
    /// judged one by one: Option `announced_tout` (the fool may then lie in
    /// the skat, DK-TOUT-2), a record the engine does not take simply (a
    /// misdeal demand, a seat that sits out speaking). `out`: an empty
    /// list whose room the play's lists are made in (the list of the
    /// position before, kept from move to move by `crate::game`).
    pub(crate) fn legal(
        &self,
        record: &Record,
        pending: Option<(Seat, &[Card])>,
        mut out: Vec<Move>,
    ) -> Option<Vec<Move>> {
        debug_assert!(out.is_empty());
        if self.now.o.announced_tout {
            return None;
        }
        if let Some((seat, chosen)) = pending {
            return self.skat_cards(record, seat, chosen);
        }
        if self.tricks > 0 {
            let (game, t, leader) = self.play()?;
            match self.playing(record) {
                None => self.leads(game, t, leader, &mut out),
                Some(trick) => self.follows(game, t, leader, trick, &mut out)?,
            }
            return Some(out);
        }
        if record.discard.is_none() {
            return self.before_skat(record);
        }
        let Step::Play { game, taken: 0 } = &self.now.step else {
            return None;
        };
        if !record.tricks.is_empty() {
            return None;
        }
        // The combinations dealt: read once, with the engine after the
        // skat ([`Pre`]), and read there in place where it is kept (no copy
        // of the three hands' combinations, 672 bytes, for each list).
        let dealt;
        let held = match &self.pre {
            Some(pre) => &pre.held,
            None => {
                dealt = self.now.seating.order.map(|s| combos(game.dealt[s]));
                &dealt
            }
        };
        let said = Said::of(&self.now, record, held)?;
        Some(self.declarations(record, game, &said))
    }

    /// The play's cards after `record`, a record of legal moves only, where
    /// [`Stepped::legal`] lists plain plays of one seat and nothing else
    /// (no fool named, renamed or called for): that seat and the cards, the
    /// list's order being the set's (`push_plays`); or, the third `true`,
    /// where it lists those and the fool after them, led plain and under
    /// each name (a lead before trick 24 by the fool's holder, DK-FOOL-8),
    /// the cards with the fool. `None` where the list holds other moves, or
    /// is not the play's: before the first trick, option `announced_tout`,
    /// a lead to trick 23 (a call for the fool may be listed, DK-FOOL-4), a
    /// trick led by the fool (renamings, DK-FOOL-8). The sets are those
    /// `leads` and `follows` list there.
    pub(crate) fn plain_cards(&self, record: &Record) -> Option<(Seat, CardSet, bool)> {
        if self.now.o.announced_tout || self.tricks == 0 {
            return None;
        }
        let (game, t, leader) = self.play()?;
        match self.playing(record) {
            // `leads`, no call: each card once, the fool (the last card
            // of the set) listed under its names before trick 24
            // (DK-FOOL-5, DK-FOOL-6, DK-FOOL-8).
            None => {
                let hand = game.hands[leader];
                let mut plain = hand;
                let fool = plain.remove(Card::FOOL);
                match (t, fool) {
                    (23, _) => None,
                    (..24, true) => Some((leader, hand, true)),
                    _ => Some((leader, plain, false)),
                }
            }
            Some(trick) => {
                let first = trick.plays.first()?;
                if first.card.is_fool() {
                    return None;
                }
                let seat = self.now.seating.from(trick.leader.unwrap_or(leader))[trick.plays.len()];
                let hand = game.hands[seat];
                // `follows`: only the fool from its holder after a valid
                // call (DK-FOOL-4); else the cards that break no duty
                // (DK-PLAY-2), the fool not to trick 24 (DK-FOOL-5).
                let called = trick.fool_call.is_some() && t == 23 && !game.fool_gone;
                if called && hand.contains(Card::FOOL) {
                    let mut fool = CardSet::EMPTY;
                    fool.insert(Card::FOOL);
                    return Some((seat, fool, false));
                }
                let mut kept = lead_of(first.card).map_or(hand, |l| duty_kept(l, hand));
                if t == 24 {
                    kept.remove(Card::FOOL);
                }
                Some((seat, kept, false))
            }
        }
    }

    /// The entries of the declarations and the first lead, the skat laid
    /// (in the order of the game's candidates: by seat, a pass, then each
    /// combination as the notation's words list them; then the leader's
    /// cards, a led fool named or not): a pass by a seat that has declared
    /// all it holds, each combination a seat holds and has not declared
    /// (the dealer's naming the cards of it in the skat, in the skat's
    /// order, DK-DECL-5), as [`Said`] allows them; the first lead once all
    /// have declared what they hold (DK-DECL-7).
    fn declarations(&self, record: &Record, game: &Game, said: &Said<'_>) -> Vec<Move> {
        let e = &*self.now;
        // The skat's cards in its order, read where a declaration names
        // them (no list of them made).
        let laid = || {
            record
                .discard
                .iter()
                .flat_map(|d| d.cards.iter().map(|i| i.card))
        };
        let mut active = e.seating.order;
        active.sort_unstable();
        // The entries (a pass and the combinations held, by seat) and the
        // leader's cards (the fool under each of its names): made at their
        // size at once.
        let held: usize = said.held.iter().flatten().filter(|h| h.is_some()).count();
        let mut out = Vec::with_capacity(3 + held + game.hands[game.leader].len() as usize + 5);
        for seat in active {
            let Some(i) = e.seating.order.iter().position(|&o| o == seat) else {
                continue;
            };
            // A seat out of turn may make no entry (DK-DECL-4, DK-DECL-6,
            // DK-DECL-7: [`Said::allows`]' first test, asked once here
            // rather than for each of its entries).
            if !said.in_turn(i) {
                continue;
            }
            // A pass: all it holds declared, not passed yet (the seat in
            // turn: [`Said::allows`] asked without its first test again).
            let pass = said.complete(i) && !said.passed[i];
            debug_assert_eq!(pass, said.allows(e, game, seat, &Act::Pass));
            if pass {
                out.push(Move::Declare {
                    seat,
                    act: Act::Pass,
                });
            }
            // The entry of each combination held and not declared yet (the
            // seat in turn, above: all that [`Said::allows`] asks then of a
            // combination as held, naming its skat cards as laid), with
            // whether it names skat cards; `None` for none.
            let entry = |slot: usize| -> Option<(bool, Act)> {
                let (combo, cards) = said.held[i][slot]?;
                if said.declared[i][slot] {
                    return None;
                }
                let in_skat = if seat == e.seating.dealer {
                    cards.intersection(game.skat)
                } else {
                    CardSet::EMPTY
                };
                // The notation names every skat card of the combination's
                // kind (listed only where the combination has cards there).
                let of_kind = |c: &Card| match slot {
                    0 | 1 => c.is_trump() || c.is_fool(),
                    6 => c.is_king(),
                    _ => {
                        c.suit().is_some_and(|s| 2 + s as usize == slot)
                            && c.rank().is_some_and(|r| r.is_court())
                    }
                };
                let skat: Vec<Card> = if in_skat.is_empty() {
                    Vec::new()
                } else if laid().filter(of_kind).collect::<CardSet>() == in_skat {
                    laid().filter(of_kind).collect()
                } else {
                    return None;
                };
                let act = combo.act(skat);
                debug_assert!(said.allows(e, game, seat, &act), "{act:?}");
                Some((!in_skat.is_empty(), act))
            };
            // In the order of the notation's words: the trumps and the
            // matadors (one group, an entry naming no skat card first,
            // then by slot), then each suit's cavallerie and the kings'.
            let declare = |out: &mut Vec<Move>, act: Act| out.push(Move::Declare { seat, act });
            // A slot with a combination held and not declared yet: `entry`
            // asked only of those (most slots are empty).
            let open = |slot: usize| said.held[i][slot].is_some() && !said.declared[i][slot];
            let entry = |slot: usize| if open(slot) { entry(slot) } else { None };
            match (entry(0), entry(1)) {
                (Some((true, trumps)), Some((false, matadors))) => {
                    declare(&mut out, matadors);
                    declare(&mut out, trumps);
                }
                (trumps, matadors) => {
                    for (_, act) in trumps.into_iter().chain(matadors) {
                        declare(&mut out, act);
                    }
                }
            }
            for slot in 2..SLOTS {
                if let Some((_, act)) = entry(slot) {
                    declare(&mut out, act);
                }
            }
        }
        if (0..3).all(|k| said.complete(k)) {
            // The fool last (the set's order), under each of its names.
            let leader = game.leader;
            let mut plain = game.hands[leader];
            let fool = plain.remove(Card::FOOL);
            push_plays(&mut out, leader, plain);
            if fool {
                out.extend(LEADS.iter().map(|&name| Move::Play {
                    seat: leader,
                    card: Card::FOOL,
                    name,
                    rename: None,
                    fool_call: None,
                }));
            }
        }
        out
    }

    /// The dealt deal before the skat: the game state if the engine took
    /// it simply (a full deal, nothing written but the auction, which the
    /// Danish engine does not read).
    fn dealt(&self, record: &Record) -> Option<&Game> {
        let Step::Play { game, taken: 0 } = &self.now.step else {
            return None;
        };
        let simple = game.complete
            && record.calls.is_none()
            && record.discard.is_none()
            && record.declarations.is_none()
            && record.tricks.is_empty();
        simple.then_some(&**game)
    }

    /// The moves before the skat: an entry of the auction, which the
    /// Danish engine does not read (each seat's word once: `crate::game`
    /// takes no entry said again); a misdeal demand by a seat dealt no
    /// trump (DK-DEAL-4: the fool does not count; the dealer's 28 cards),
    /// which ends the deal; the first card of the skat ([`Stepped::skat_cards`]).
    fn before_skat(&self, record: &Record) -> Option<Vec<Move>> {
        let game = self.dealt(record)?;
        let mut active = self.now.seating.order;
        active.sort_unstable();
        let said = |seat: Seat, act: &Act| {
            record
                .auction
                .iter()
                .flat_map(|a| &a.actions)
                .any(|a| a.seat == seat && a.act == *act)
        };
        // Room for the auction's words, the demands and the dealer's 28
        // cards at once (the list grew from 4 to 8 to 16 to 32).
        let mut out = Vec::with_capacity(9 + 3 + 28);
        for seat in active {
            for act in [Act::Pass, Act::Misdeal, Act::Tout] {
                if !said(seat, &act) {
                    out.push(Move::Auction { seat, act });
                }
            }
        }
        for seat in active {
            if game.dealt[seat].intersection(TRUMPS).is_empty() {
                out.push(Move::Calls {
                    seat,
                    act: Act::Misdeal,
                });
            }
        }
        out.extend(self.skat_cards(record, self.now.seating.dealer, &[])?);
        Some(out)
    }

    /// The cards `seat` may lay in the skat next, `chosen` laid so far
    /// (card by card, as `crate::game` takes a discard): those with which
    /// some whole skat is proper (DK-DISCARD-1 to -4: 3 of the dealer's 28
    /// cards, none a king, the pagat, trump 21 or the fool, trumps only
    /// when the dealer lays them all, no more cards of a declaration than
    /// he cannot avoid). A seat other than the dealer lays none.
    fn skat_cards(&self, record: &Record, seat: Seat, chosen: &[Card]) -> Option<Vec<Move>> {
        let game = self.dealt(record)?;
        if seat != self.now.seating.dealer {
            return Some(Vec::new());
        }
        let dealt = game.dealt[seat];
        let (decl, m) = *self.skat_basis.get_or_init(|| {
            let decl = declaration_cards(dealt);
            (decl, least_declaration_cards(dealt, decl, false))
        });
        let chosen: CardSet = chosen.iter().copied().collect();
        if chosen.len() >= 3 {
            return Some(Vec::new());
        }
        let layable_set = layable_cards(dealt);
        let trumps = dealt.intersection(TRUMPS);
        let suits = layable_set.difference(TRUMPS);
        // Whether `base` with a card of `from` (none of them trumps) fills
        // a proper skat: as few declaration cards as the others allow. The
        // counts of `base` are taken once; a card adds to them by its own
        // kind ([`Filling::with`]).
        let filling = |base: CardSet| Filling::of(base, suits, decl, layable_set);
        // A proper skat holding the card: no trump in it, or every trump
        // of the dealer (DK-DISCARD-3), the rest of it no trump.
        let no_trump = chosen
            .intersection(TRUMPS)
            .is_empty()
            .then(|| filling(chosen));
        let all_trumps = (!trumps.is_empty()).then(|| filling(chosen.union(trumps)));
        let left = dealt.difference(chosen);
        // The cards of `left` that fill a proper skat one way or the other,
        // found a kind of card at a time ([`Filling::cards_with`]).
        let fitting = no_trump
            .map_or(CardSet::EMPTY, |f| f.cards_with(left.difference(TRUMPS), m))
            .union(all_trumps.map_or(CardSet::EMPTY, |f| f.cards_with(left, m)));
        // Debug builds: the cards judged one by one.
        #[cfg(debug_assertions)]
        {
            let fits = |card: Card| {
                no_trump.is_some_and(|f| !TRUMPS.contains(card) && f.with(card, m))
                    || all_trumps.is_some_and(|f| f.with(card, m))
            };
            let one_by_one: CardSet = left.iter().filter(|&card| fits(card)).collect();
            assert_eq!(fitting, one_by_one, "the skat's cards by kind");
        }
        let mut out = Vec::with_capacity(fitting.len() as usize);
        out.extend(fitting.iter().map(|card| Move::Discard { seat, card }));
        Some(out)
    }

    /// The leads of trick `t` by `leader`: any card, the fool named or not
    /// (DK-FOOL-8) but not to tricks 24 and 25 (DK-FOOL-5, DK-FOOL-6); in
    /// trick 23 with or without a call for the fool (DK-FOOL-4): a call by
    /// a seat that does not hold it, while it is unplayed; after a call the
    /// leader who holds it leads it.
    fn leads(&self, game: &Game, t: usize, leader: Seat, out: &mut Vec<Move>) {
        let order = self.now.seating.order;
        let hand = game.hands[leader];
        if t != 23 {
            // No call: each card once, a fool led before trick 24 under
            // each of its names. The fool is the last card of the set's
            // order (the highest index), so the others come first. The
            // lists make their own room (the hand's count, a software
            // popcount on this target, asked once).
            let mut plain = hand;
            let fool = plain.remove(Card::FOOL);
            push_plays(out, leader, plain);
            if fool && t < 24 {
                out.extend(LEADS.iter().map(|&name| Move::Play {
                    seat: leader,
                    card: Card::FOOL,
                    name,
                    rename: None,
                    fool_call: None,
                }));
            }
            return;
        }
        out.reserve(hand.len() as usize + 5);
        let holder = order
            .into_iter()
            .find(|&s| game.hands[s].contains(Card::FOOL));
        let mut callers: [Option<Seat>; 4] = [None; 4];
        let mut n = 1;
        let mut active = order;
        active.sort_unstable();
        for s in active {
            if !game.fool_gone && holder != Some(s) {
                callers[n] = Some(s);
                n += 1;
            }
        }
        let callers = &callers[..n];
        for card in hand.iter() {
            let names: &[Option<Lead>] = if card.is_fool() { &LEADS } else { &[None] };
            for &name in names {
                for &fool_call in callers {
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
    }

    /// The cards of the next seat of `trick`, with a renaming of a led
    /// fool where the trick is led by it: those that follow the suit led,
    /// named or renamed, else trump, else any (DK-PLAY-2), as the engine
    /// judges each card when it is played (a second card that only a third
    /// player's renaming makes legal is not listed, DK-FOOL-8); the fool
    /// always but in trick 24 (DK-FOOL-2, DK-FOOL-5), and only the fool from
    /// its holder after a valid call (DK-FOOL-4). A renaming (DK-FOOL-8):
    /// by the second player, or by the third when the second did not
    /// rename, both being void in the suit the fool was named; the third's
    /// not to a suit the second holds and did not play.
    fn follows(
        &self,
        game: &Game,
        t: usize,
        leader: Seat,
        trick: &Trick,
        out: &mut Vec<Move>,
    ) -> Option<()> {
        let first = trick.plays.first()?;
        let i = trick.plays.len();
        let seats = self.now.seating.from(trick.leader.unwrap_or(leader));
        let seat = seats[i];
        let hand = game.hands[seat];
        // The holder of the fool after a valid call for it (the leader
        // lists only valid calls).
        let called = trick.fool_call.is_some() && t == 23 && !game.fool_gone;
        if called && hand.contains(Card::FOOL) && !first.card.is_fool() {
            out.push(Move::play(seat, Card::FOOL));
            return Some(());
        }
        let fool_led = first.card.is_fool();
        let name = first.name;
        let both_void = fool_led
            && name.is_some_and(|n| {
                seats[1..]
                    .iter()
                    .all(|&o| game.hands[o].intersection(lead_set(n)).is_empty())
            });
        let second = trick.plays.get(1);
        // A renaming made by the second player stands (a wrong one is
        // not in a record of legal moves).
        let renamed = second.and_then(|p| p.rename);
        let lead = if fool_led {
            match (renamed.or(name), second) {
                (Some(l), _) => Some(l),
                (None, Some(p)) if i == 2 => lead_of(p.card),
                (None, _) => None,
            }
        } else {
            lead_of(first.card)
        };
        let may_rename = both_void && renamed.is_none();
        if !fool_led {
            // No renaming: the cards that break no duty (the fool not to
            // trick 24), in their order.
            let mut kept = lead.map_or(hand, |l| duty_kept(l, hand));
            if t == 24 {
                kept.remove(Card::FOOL);
            }
            push_plays(out, seat, kept);
            return Some(());
        }
        let renames: &[Option<Lead>] = &LEADS;
        out.reserve(hand.len() as usize);
        for card in hand.iter() {
            if card.is_fool() && t == 24 {
                continue;
            }
            for &rename in renames {
                let duty = match rename {
                    None => lead,
                    Some(new) => {
                        if !may_rename {
                            continue;
                        }
                        // The second card judged against the new suit.
                        if let Some(p) = second.filter(|_| i == 2) {
                            let held = game.hands[seats[1]].intersection(lead_set(new));
                            if !p.card.is_fool()
                                && !lead_set(new).contains(p.card)
                                && !held.is_empty()
                            {
                                continue;
                            }
                        }
                        Some(new)
                    }
                };
                if duty.is_some_and(|l| duty_broken(card, l, hand).is_some()) {
                    continue;
                }
                out.push(Move::renaming(seat, card, rename));
            }
        }
        Some(())
    }
}

/// Each card of `cards`, in the set's order, as a plain play by `seat`
/// (no fool named, renamed or called for), appended to `out`. Written
/// through a counted range: `Vec::extend` then makes room once and writes
/// the moves with the list's length held aside, where the set's own
/// iterator is extended a card at a time, the room tested and the length
/// stored at each (`perf annotate`: the play's lists waited on those
/// stores and the reloads after them).
fn push_plays(out: &mut Vec<Move>, seat: Seat, cards: CardSet) {
    let mut each = cards.iter();
    // `len` cards, so `next` never runs dry (the fool stands in if it did).
    out.extend((0..cards.len()).map(|_| Move::play(seat, each.next().unwrap_or(Card::FOOL))));
}

/// The counts of a skat's cards chosen so far (`base`) that tell whether
/// it, with one card more and the rest filled from `from` (no trumps),
/// is a proper skat (DK-DISCARD-1 to -4): its size, its declaration cards,
/// whether all of it may be laid, and the cards of `from` left to fill it,
/// all and those of no declaration. Counted once for all the cards tried
/// with it (`Stepped::skat_cards`).
#[derive(Clone, Copy)]
struct Filling {
    base: CardSet,
    len: u32,
    decl: u32,
    layable: bool,
    spare: u32,
    plain: u32,
    from: CardSet,
    decl_cards: CardSet,
    layable_set: CardSet,
}

impl Filling {
    fn of(base: CardSet, from: CardSet, decl: CardSet, layable_set: CardSet) -> Filling {
        let spare = from.difference(base);
        Filling {
            base,
            len: base.len(),
            decl: base.intersection(decl).len(),
            layable: base.difference(layable_set).is_empty(),
            spare: spare.len(),
            plain: spare.difference(decl).len(),
            from,
            decl_cards: decl,
            layable_set,
        }
    }

    /// Whether `base` with `card` fills a proper skat holding at most `m`
    /// declaration cards: at most three cards, all layable, enough cards
    /// of `from` left, the declaration cards it holds and those the
    /// filling cannot avoid no more than `m`.
    fn with(&self, card: Card, m: u32) -> bool {
        let (mut len, mut decl, mut layable, mut spare, mut plain) =
            (self.len, self.decl, self.layable, self.spare, self.plain);
        if !self.base.contains(card) {
            len += 1;
            let in_decl = self.decl_cards.contains(card);
            decl += u32::from(in_decl);
            layable &= self.layable_set.contains(card);
            if self.from.contains(card) {
                spare -= 1;
                plain -= u32::from(!in_decl);
            }
        }
        let need = 3u32.saturating_sub(len);
        len <= 3 && layable && spare >= need && decl + need.saturating_sub(plain) <= m
    }

    /// The cards of `cards` that [`Filling::with`] admits. It reads of a
    /// card only whether `base`, the declaration cards, the layable cards
    /// and `from` hold it, so the cards alike in those four give the same
    /// answer: one card of each such kind is asked (at most 16), and its
    /// answer taken for all of its kind.
    fn cards_with(&self, cards: CardSet, m: u32) -> CardSet {
        let sets = [self.base, self.decl_cards, self.layable_set, self.from];
        let mut rest = cards;
        let mut out = CardSet::EMPTY;
        while let Some(card) = rest.iter().next() {
            let kind = sets.iter().fold(rest, |kind, &set| {
                if set.contains(card) {
                    kind.intersection(set)
                } else {
                    kind.difference(set)
                }
            });
            if self.with(card, m) {
                out = out.union(kind);
            }
            rest = rest.difference(kind);
        }
        out
    }
}

/// The engine before the declarations ([`Engine::start`] up to them) and
/// the game state after the skat, with the calls and the skat it read. It
/// read nothing else of the record: not the declarations (no Option
/// `announced_tout`, whose tout in the declarations lets the fool lie in
/// the skat, DK-TOUT-2) and not the tricks (the dealer's skat laid as three
/// of his cards, not taken from the tricks, DK-DISCARD-5; the hands dealt,
/// not inferred). So a record with the same calls and skat, whatever its
/// declarations and tricks, starts from it: a clone takes the declarations
/// (DK-DECL-7: on what follows them) as [`Engine::start`] does.
#[derive(Debug)]
struct Pre {
    after_skat: AfterSkat,
    /// The combinations each active player was dealt, by declaring order
    /// (DK-DECL-3), for the declarations' lists ([`Said`]).
    held: [Held; 3],
    calls: Option<notation::Actions>,
    discard: Option<notation::Discard>,
}

impl Pre {
    /// The engine before the declarations of `record` and the game state
    /// then (`after_skat`), kept where it read only the calls and the
    /// skat.
    fn of(after_skat: AfterSkat, record: &Record) -> Option<Pre> {
        let (e, game) = &after_skat;
        let dealer = e.seating.dealer;
        let simple = !e.partial
            && !e.wrong_deal
            && !e.whole
            && !e.o.announced_tout
            && game.complete
            && record.result.is_none()
            && record.discard.as_ref().is_some_and(|d| d.seat == dealer);
        let held = e.seating.order.map(|s| combos(game.dealt[s]));
        simple.then(|| Pre {
            held,
            after_skat,
            calls: record.calls.clone(),
            discard: record.discard.clone(),
        })
    }

    /// Whether `record` has the calls and the skat this engine read.
    fn fits(&self, record: &Record) -> bool {
        record.result.is_none() && self.discard == record.discard && self.calls == record.calls
    }

    /// The engine after what comes before the play of `record`.
    fn resume(&self, record: &Record) -> Engine {
        Engine::resume(&self.after_skat, record, &self.held)
    }
}

/// The declarations so far (DK-DECL), by declaring order: what each
/// active player holds, has declared and has passed, and who spoke last.
struct Said<'h> {
    held: &'h [Held; 3],
    declared: [[bool; SLOTS]; 3],
    passed: [bool; 3],
    last: Option<usize>,
}

impl<'h> Said<'h> {
    /// `None` for an entry the declarations do not take simply (a seat
    /// that sits out).
    fn of(e: &Engine, record: &Record, held: &'h [Held; 3]) -> Option<Said<'h>> {
        let order = e.seating.order;
        let mut said = Said {
            held,
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

    /// The `i`-th player may speak now: not before the last one to speak
    /// (DK-DECL-6), every earlier player's combinations declared
    /// (DK-DECL-4, DK-DECL-7).
    fn in_turn(&self, i: usize) -> bool {
        self.last.is_none_or(|c| i >= c) && (0..i).all(|k| self.complete(k))
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
        if !self.in_turn(i) {
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
