//! The call round (KR-ANN-1..7): announcements and contras, from the
//! bidder round the table until enough passes in a row. Who may announce
//! what, which contra may follow which, and what an illegal call does.

use notation::Kind;
use notation::Rule;
use notation::Seat;
use notation::{Act, Action, Bonus, Card, Game, Problem, Target};

use super::out::on_entry;
use super::rules::*;
use super::state::{Ann, AnnBits, State};
use super::Replay;
use crate::Moment;

/// An entry of the call round that [`Replay::round_admitted`] lists, as
/// a copy (the entry as a record holds it: [`Word::act`]).
#[derive(Debug, Clone, Copy)]
pub(super) enum Word {
    Pass,
    Announce(Bonus),
    Contra(Target),
    Recontra(Target),
    Subcontra(Target),
}

/// The contra word of `step` (1 contra, 2 recontra, 3 subcontra) on
/// `target`.
fn contra_word(step: u8, target: Target) -> Word {
    match step {
        1 => Word::Contra(target),
        2 => Word::Recontra(target),
        _ => Word::Subcontra(target),
    }
}

impl Word {
    /// The entry.
    pub(super) fn act(self) -> Act {
        match self {
            Word::Pass => Act::Pass,
            Word::Announce(bonus) => Act::Announce { bonus },
            Word::Contra(target) => Act::Contra { target },
            Word::Recontra(target) => Act::Recontra { target },
            Word::Subcontra(target) => Act::Subcontra { target },
        }
    }
}

/// The call round so far.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Round {
    /// Trischaken: every entry is a fault, and nothing else is judged
    /// (KR-ANN-5).
    trischaken: bool,
    /// The seat whose turn it is.
    cur: Seat,
    /// The seat that just called, which may call again before the next
    /// seat speaks (KR-ANN-1: a turn is one or more consecutive calls).
    caller_turn: Option<Seat>,
    /// Passes in a row.
    passes: u32,
    any_call: bool,
    ended: bool,
}

impl Round {
    /// The seats that may speak, while the round goes on (KR-ANN-1): the
    /// seat whose turn it is, and the seat that just called (it may call
    /// again); none once the round has ended, or in trischaken (nothing is
    /// called).
    pub(super) fn speakers(&self) -> Option<(Seat, Option<Seat>)> {
        (!self.trischaken && !self.ended).then_some((self.cur, self.caller_turn))
    }

    /// Whether an entry of seat `s` (a pass, `is_pass`) is in turn
    /// (KR-ANN-1): the seat whose turn it is, or a call by the seat that
    /// just called.
    fn in_turn(&self, s: Seat, is_pass: bool) -> bool {
        s == self.cur || (!is_pass && self.caller_turn == Some(s))
    }
}

impl Replay<'_> {
    /// KR-ANN-1..7: the call round of announcements and contras, before
    /// its first entry: the hands it sees, the bonus a game implies.
    pub(super) fn open_round(&mut self) -> Round {
        let game = self.state.game();
        let b = self.state.bidder;
        // The hands the call round sees: dealt + pick-up - discard.
        for s in Seat::all(4) {
            self.state.hand[s] = self.state.hand[s].union(self.state.dealt[s]);
        }
        let held_discard = self.state.discard.intersection(self.state.hand[b]);
        self.state.hand[b] = self.state.hand[b].difference(held_discard);
        if let Some(bonus) = implied_bonus(game) {
            let ann = Ann {
                bidder_team: true,
                level: 0,
            };
            self.state.put_ann(bonus_index(bonus), ann);
        }
        Round {
            trischaken: game == Game::Trischaken,
            cur: b,
            caller_turn: None,
            passes: 0,
            any_call: false,
            ended: false,
        }
    }

    /// One entry of the call round.
    pub(super) fn round_entry(&mut self, a: &Action, st: &mut Round) {
        if st.trischaken {
            self.out.fault(|| {
                Problem::new(
                    Kind::IllegalCall,
                    "nothing may be announced or contra'd in trischaken",
                )
                .rule(Rule::KrAnn5)
                .seat(a.seat)
                .at(a.span, "no calls in trischaken")
                .help("trischaken has no calls: leave `calls:` out")
            });
            return;
        }
        self.call_round_turn(a, st);
    }

    /// Whether the entry `act` of seat `s` would find nothing in the call
    /// round `st` ([`Replay::round_entry`] on it writes no finding): the
    /// same judgements (the turn, [`Replay::call_is_illegal`]), made without
    /// taking the entry, for the lists of legal moves.
    pub(super) fn round_admits(&self, st: &Round, s: Seat, act: &Act) -> bool {
        if st.trischaken {
            return false;
        }
        if s.number() >= 4 {
            return true;
        }
        if st.ended {
            return false;
        }
        let is_pass = matches!(act, Act::Pass);
        st.in_turn(s, is_pass) && (is_pass || !self.call_is_illegal(s, act))
    }

    /// The entries of seat `s` that the call round `st` admits
    /// ([`Replay::round_admits`]), each handed to `keep`, in the order the
    /// game lists the words of the calls: a pass, the announcements by
    /// bonus, the contras by target (the game, then the bonuses) and step.
    /// Only the words that can be admitted are judged: a king call, talon
    /// choice or grind in the round is misplaced (KR-ANN-6), and a contra
    /// on a bonus nobody announced is illegal (KR-ANN-4), so neither is
    /// asked about. `false` for a seat outside the table, which
    /// `round_admits` admits whatever it says (the caller asks it word by
    /// word then). `announceable`: [`Replay::announceable`] for `s`.
    pub(super) fn round_admitted(
        &self,
        st: &Round,
        s: Seat,
        announceable: u16,
        keep: impl FnMut(Word),
    ) -> bool {
        #[cfg(debug_assertions)]
        if !st.trischaken && !st.ended && s.number() < 4 && st.in_turn(s, false) {
            assert_eq!(announceable, self.announceable(s));
        }
        self.state.round_admitted(st, s, announceable, keep)
    }

    /// Why a contra of `step` by seat `s` on `target` is illegal
    /// (KR-ANN-4, 5), if it is ([`State::contra_fault`]).
    fn contra_fault(&self, s: Seat, step: u8, target: &Target) -> Option<ContraFault> {
        self.state.contra_fault(s, step, target)
    }
}

impl State {
    /// [`Replay::round_admitted`], of the game state alone (it reads
    /// nothing else): the lists made on the engine as it is, without a
    /// copy of its state to lend a [`Replay`] (`Stepped::legal`).
    /// `announceable`: [`Replay::announceable`] for `s`.
    pub(super) fn round_admitted(
        &self,
        st: &Round,
        s: Seat,
        announceable: u16,
        mut keep: impl FnMut(Word),
    ) -> bool {
        if st.trischaken {
            return true;
        }
        if s.number() >= 4 {
            return false;
        }
        if st.ended {
            return true;
        }
        if st.in_turn(s, true) {
            keep(Word::Pass);
        }
        if !st.in_turn(s, false) {
            return true;
        }
        // The bonuses by their bits (`bonus_index`, the order of
        // `Bonus::ALL`), the bits set taken in order: a loop over every
        // bonus asked of each whether it was announced, a branch the
        // round's entries make unpredictable.
        debug_assert!(Bonus::ALL
            .iter()
            .enumerate()
            .all(|(i, &b)| bonus_index(b) == i));
        // The announced bonuses' masks, kept with them (`AnnBits`).
        let bits = self.ann_bits;
        debug_assert_eq!(bits, AnnBits::of(&self.ann), "the announcements' bits");
        let announced = bits.announced;
        // `announce_fault`: held (worked out once), not announced yet.
        let every = (1u16 << Bonus::ALL.len()) - 1;
        let mut open = announceable & !announced & every;
        while open != 0 {
            let i = open.trailing_zeros() as usize;
            open &= open - 1;
            keep(Word::Announce(Bonus::ALL[i]));
        }
        // Of the three steps on a target standing at `level`, only the
        // next one (`level + 1`) can be in order (KR-ANN-4,
        // `contra_fault`): contra and subcontra by the side not owning the
        // target, recontra by its owner (the game is the bidder's side's,
        // a bonus its announcer's), the seat's side read once.
        let team = self.team(s);
        let game = self.game_level;
        let admitted = game < 3 && (game == 1) == team;
        debug_assert_eq!(
            admitted,
            game < 3 && self.contra_fault(s, game + 1, &Target::Game).is_none()
        );
        if admitted {
            keep(contra_word(game + 1, Target::Game));
        }
        // The bonuses announced: those the seat's side owns and the
        // others, each at its level. Nobody announced the rest: every
        // contra on them is illegal (KR-ANN-4); in a negative game every
        // contra on a bonus is (KR-ANN-5).
        let own = if team {
            bits.bidder_team
        } else {
            announced & !bits.bidder_team
        };
        let others = announced & !own;
        let [level0, level1, level2] = bits.level;
        let mut on = if is_negative(self.game()) {
            0
        } else {
            ((level0 | level2) & others | level1 & own) & every
        };
        #[cfg(debug_assertions)]
        for (i, &bonus) in Bonus::ALL.iter().enumerate() {
            let target = Target::Bonus(bonus);
            let next = self.ann[i].map_or(1, |a| a.level + 1);
            let admitted = next <= 3 && self.contra_fault(s, next, &target).is_none();
            assert_eq!(admitted, on & (1 << i) != 0, "the contras on {bonus:?}");
        }
        while on != 0 {
            let i = on.trailing_zeros() as usize;
            let bit = on & on.wrapping_neg();
            on &= on - 1;
            let step = if level0 & bit != 0 {
                1
            } else if level1 & bit != 0 {
                2
            } else {
                3
            };
            keep(contra_word(step, Target::Bonus(Bonus::ALL[i])));
        }
        true
    }
}

impl Replay<'_> {
    /// The end of the call round, its entries taken.
    pub(super) fn close_round(&mut self, st: &Round) {
        if st.trischaken {
            return;
        }
        // KR-ANN-6 as amended: an unfinished round is a finding only when
        // tricks are recorded; where the record stops, it is incomplete.
        if !st.ended && !self.rec.tricks.is_empty() {
            let span = self.rec.calls.as_ref().map_or(
                self.rec
                    .auction
                    .as_ref()
                    .map(|a| a.span)
                    .unwrap_or_default(),
                |c| c.span,
            );
            self.out.fault(||
                Problem::new(Kind::Other, "the call round is not finished")
                    .rule(Rule::KrAnn1)
                    .at(span, "call round")
                    .help("record every \"good\" as `pass`: the round ends after three passes in a row following the last call, four if nobody called"),
            );
        }
    }

    /// One entry of the call round (KR-ANN-1, 6).
    fn call_round_turn(&mut self, a: &Action, st: &mut Round) {
        let s = a.seat;
        if s.number() >= 4 {
            return;
        }
        if st.ended {
            self.out.fault(||
                Problem::new(Kind::OutOfTurn, format!("seat {s} speaks after the call round has ended"))
                    .rule(Rule::KrAnn1)
                    .seat(s)
                    .at(a.span, "after the end")
                    .help(if self.opts.all_good {
                        "the call round ends when all four say good (pass) in a row"
                    } else {
                        "the call round ends after three passes in a row following the last call (four if nobody called)"
                    }),
            );
            return;
        }
        let is_pass = matches!(a.act, Act::Pass);
        if !st.in_turn(s, is_pass) {
            let cur = st.cur;
            self.out.fault(|| {
                Problem::new(
                    Kind::OutOfTurn,
                    format!("seat {s} speaks, but it is seat {cur}'s turn in the call round"),
                )
                .rule(Rule::KrAnn1)
                .seat(s)
                .at(a.span, format!("seat {cur} speaks here"))
                .help("the call round starts with the bidder and goes round in seat order")
            });
        }
        if is_pass {
            st.passes += 1;
            st.caller_turn = None;
            st.cur = s.next(4);
        } else {
            // KR-ANN-6: an illegal announcement or contra has no effect,
            // but it is a turn and not a pass: the passes that end the
            // round count again from the entry after it.
            self.call(a);
            st.any_call = true;
            st.passes = 0;
            st.caller_turn = Some(s);
            st.cur = s.next(4);
        }
        let needed = if self.opts.all_good || !st.any_call {
            4
        } else {
            3
        };
        if st.passes >= needed {
            st.ended = true;
        }
    }

    /// One announcement or contra; returns whether it took effect.
    fn call(&mut self, a: &Action) -> bool {
        match &a.act {
            Act::Announce { bonus } => self.announce(a, *bonus),
            Act::Contra { target } | Act::Recontra { target } | Act::Subcontra { target } => {
                self.contra(a, target)
            }
            Act::Call { .. } | Act::Talon { .. } | Act::Grind => {
                // KR-ANN-6 as amended: a turn of the call round, with no
                // effect.
                self.out.fault(|| illegal(
                    a,
                    "a king call, talon choice or grind out of its place".into(),
                    Rule::KrAnn6,
                    "misplaced",
                    "the king call comes first in `calls:`, then the talon choice, then the call round; out of its place it has no effect, but it is a turn",
                ));
                false
            }
            _ => {
                self.out.fault(|| illegal(
                    a,
                    "not a call of Königrufen".into(),
                    Rule::KrAnn1,
                    "not a call",
                    "the call round has pass, announce <bonus>, contra/recontra/subcontra <game|bonus>",
                ));
                false
            }
        }
    }

    /// KR-ANN-2, 3, 5: an announcement; returns whether it took effect.
    fn announce(&mut self, a: &Action, bonus: Bonus) -> bool {
        let s = a.seat;
        if let Some(fault) = self.announce_fault(s, bonus) {
            let (game, team) = (self.state.game(), self.state.team(s));
            self.out.fault(|| fault.finding(a, bonus, game, team));
            return false;
        }
        let team = self.state.team(s);
        let ann = Ann {
            bidder_team: team,
            level: 0,
        };
        self.state.put_ann(bonus_index(bonus), ann);
        let side = if team {
            "the bidder's team"
        } else {
            "the opponents"
        };
        self.out.event(
            Moment::Calls,
            Rule::KrAnn2,
            format_args!("seat {s} announces {} for {side}", bonus.word()),
        );
        true
    }

    /// Why an announcement of `bonus` by seat `s` is an `illegal-call`
    /// (KR-ANN-2, 5), if it is; the words are [`AnnounceFault::finding`]'s.
    fn announce_fault(&self, s: Seat, bonus: Bonus) -> Option<AnnounceFault> {
        if let Some(fault) = self.announce_fault_held(s, bonus) {
            return Some(fault);
        }
        if let Some(prev) = self.state.ann[bonus_index(bonus)] {
            return Some(AnnounceFault::Twice {
                by_bidder_team: prev.bidder_team,
            });
        }
        None
    }

    /// [`Replay::announce_fault`] but for a bonus announced already: what
    /// the call round's entries do not change (the game, the options, the
    /// called king and the hands the round sees, KR-ANN-2, 5).
    #[inline]
    fn announce_fault_held(&self, s: Seat, bonus: Bonus) -> Option<AnnounceFault> {
        let game = self.state.game();
        if is_negative(game) {
            return Some(AnnounceFault::Negative);
        }
        if matches!(bonus, Bonus::CaptureMoon | Bonus::CaptureKing) {
            return Some(AnnounceFault::Silent);
        }
        if !bonus_exists(bonus, game, self.opts.absolut_on) {
            return Some(AnnounceFault::NoSuchBonus);
        }
        let card = match bonus {
            Bonus::KingUltimo => self.state.called,
            b => ultimo_card(b).map(|(c, _)| c),
        };
        if let Some(c) = card {
            if self.state.lacks_now(s, c) {
                return Some(AnnounceFault::NotHeld(c));
            }
        } else if bonus == Bonus::KingUltimo {
            return Some(AnnounceFault::NoKing);
        }
        None
    }

    /// The bonuses seat `s` may announce in the call round as far as its
    /// entries cannot change it ([`Replay::announce_fault_held`]), as a
    /// mask by [`bonus_index`]: the same for the whole round, so that a
    /// game played step by step works it out once
    /// ([`Replay::round_admitted`] adds the bonuses announced already).
    pub(super) fn announceable(&self, s: Seat) -> u16 {
        Bonus::ALL
            .iter()
            .filter(|&&bonus| self.announce_fault_held(s, bonus).is_none())
            .fold(0, |mask, &bonus| mask | 1 << bonus_index(bonus))
    }

    /// [`Replay::announceable`] of every seat: what is the same for every
    /// seat (the game, the options, the called king) judged once per
    /// bonus, the hand each seat holds (`State::lacks_now`) per seat, in
    /// the order [`Replay::announce_fault_held`] judges them. Debug builds
    /// check it against `announceable` seat by seat.
    pub(super) fn announceable_all(&self) -> [u16; 4] {
        let mut masks = [0; 4];
        let game = self.state.game();
        if !is_negative(game) {
            for &bonus in Bonus::ALL.iter() {
                if matches!(bonus, Bonus::CaptureMoon | Bonus::CaptureKing)
                    || !bonus_exists(bonus, game, self.opts.absolut_on)
                {
                    continue;
                }
                let card = match bonus {
                    Bonus::KingUltimo => self.state.called,
                    b => ultimo_card(b).map(|(c, _)| c),
                };
                if card.is_none() && bonus == Bonus::KingUltimo {
                    continue;
                }
                for s in Seat::all(4) {
                    if card.is_none_or(|c| !self.state.lacks_now(s, c)) {
                        masks[s.index()] |= 1 << bonus_index(bonus);
                    }
                }
            }
        }
        #[cfg(debug_assertions)]
        for s in Seat::all(4) {
            assert_eq!(masks[s.index()], self.announceable(s), "seat {s}");
        }
        masks
    }

    /// Whether the call `act` (not a pass) by seat `s` is an
    /// `illegal-call` (KR-ANN-2, 4..6): the judgements [`Replay::call`]
    /// makes ([`Replay::announce_fault`], [`Replay::contra_fault`]), no
    /// finding worded and nothing taken.
    fn call_is_illegal(&self, s: Seat, act: &Act) -> bool {
        match act {
            Act::Announce { bonus } => self.announce_fault(s, *bonus).is_some(),
            Act::Contra { target } | Act::Recontra { target } | Act::Subcontra { target } => {
                self.contra_fault(s, contra_step(act), target).is_some()
            }
            // Misplaced, or not a call of Königrufen ([`Replay::call`]).
            _ => true,
        }
    }

    /// KR-ANN-4, 5: a contra, recontra or subcontra; returns whether it
    /// took effect.
    fn contra(&mut self, a: &Action, target: &Target) -> bool {
        let s = a.seat;
        let step = contra_step(&a.act);
        if let Some(fault) = self.contra_fault(s, step, target) {
            self.out.fault(|| fault.finding(a, step, target));
            return false;
        }
        let word = CONTRA_WORDS[step as usize];
        match target {
            Target::Game => self.state.game_level = step,
            Target::Bonus(bonus) => {
                let i = bonus_index(*bonus);
                if let Some(ann) = self.state.ann[i] {
                    self.state.put_ann(i, Ann { level: step, ..ann });
                }
            }
        }
        self.out.event(
            Moment::Calls,
            Rule::KrAnn4,
            format_args!("seat {s}: {word} on {target} (×{})", 1 << step),
        );
        true
    }
}

impl State {
    /// Why a contra of `step` (1 contra, 2 recontra, 3 subcontra) on
    /// `target` by seat `s` is an `illegal-call` (KR-ANN-4, 5), if it is;
    /// the words are [`ContraFault::finding`]'s. Its target is the game,
    /// or a bonus announced legally (not in negative games, KR-ANN-5);
    /// contra and subcontra come from the side not owning it, recontra
    /// from its owner, each at its level.
    fn contra_fault(&self, s: Seat, step: u8, target: &Target) -> Option<ContraFault> {
        let team = self.team(s);
        let (owner, level) = match target {
            Target::Game => (true, self.game_level),
            Target::Bonus(bonus) => {
                if is_negative(self.game()) {
                    return Some(ContraFault::Negative(*bonus));
                }
                match self.ann[bonus_index(*bonus)] {
                    Some(ann) => (ann.bidder_team, ann.level),
                    None => return Some(ContraFault::Nobody(*bonus)),
                }
            }
        };
        let by_owner = team == owner;
        let right_side = if step == 2 { by_owner } else { !by_owner };
        if !right_side {
            return Some(ContraFault::WrongSide);
        }
        if level != step - 1 {
            return Some(ContraFault::OutOfOrder { level });
        }
        None
    }
}

/// The words of the contra steps, by step (1 contra, 2 recontra, 3
/// subcontra).
const CONTRA_WORDS: [&str; 4] = ["", "contra", "recontra", "subcontra"];

/// The step of a contra entry: 1 contra, 2 recontra, 3 subcontra.
fn contra_step(act: &Act) -> u8 {
    match act {
        Act::Contra { .. } => 1,
        Act::Recontra { .. } => 2,
        _ => 3,
    }
}

/// Why a contra is an `illegal-call` (KR-ANN-4, 5): the fault judged
/// ([`Replay::contra_fault`]), worded only where a finding is written
/// ([`ContraFault::finding`]).
#[derive(Debug, Clone, Copy)]
enum ContraFault {
    /// On a bonus in a negative game (KR-ANN-5).
    Negative(Bonus),
    /// On a bonus nobody announced (KR-ANN-4).
    Nobody(Bonus),
    /// By the wrong side (KR-ANN-4).
    WrongSide,
    /// Out of order: the target stands at `level` (KR-ANN-4).
    OutOfOrder { level: u8 },
}

impl ContraFault {
    /// The finding on the entry `a`, a contra of `step` on `target`.
    fn finding(self, a: &Action, step: u8, target: &Target) -> Problem {
        let word = CONTRA_WORDS[step as usize];
        match self {
            ContraFault::Negative(bonus) => illegal(
                a,
                format!("{word} on {} in a negative game", bonus.word()),
                Rule::KrAnn5,
                "only the game can be contra'd",
                "in piccolo and beggar only the game can be contra'd",
            ),
            ContraFault::Nobody(bonus) => illegal(
                a,
                format!("{word} on {}, which nobody announced", bonus.word()),
                Rule::KrAnn4,
                "nothing to contra",
                "a contra needs a target: the game or a bonus announced legally",
            ),
            ContraFault::WrongSide => illegal(
                a,
                format!("{word} on {target} by the wrong side"),
                Rule::KrAnn4,
                "wrong side",
                "contra and subcontra come from the side against the item, recontra from the side that owns it",
            ),
            ContraFault::OutOfOrder { level } => {
                let msg = match level {
                    0 => format!(
                        "{word} on {target}, which has no {}",
                        ["", "", "contra", "recontra"][step as usize]
                    ),
                    _ => format!(
                        "{word} on {target}, which already stands at {}",
                        CONTRA_WORDS[level.min(3) as usize]
                    ),
                };
                illegal(
                    a,
                    msg,
                    Rule::KrAnn4,
                    "out of order",
                    "contra first, then recontra, then subcontra, each once",
                )
            }
        }
    }
}

/// Why an announcement is an `illegal-call` (KR-ANN-2, 5): the fault
/// judged ([`Replay::announce_fault`]), worded only where a finding is
/// written ([`AnnounceFault::finding`]).
#[derive(Debug, Clone, Copy)]
enum AnnounceFault {
    /// In a negative game (KR-ANN-5).
    Negative,
    /// Capture the moon or the king: silent only (KR-ANN-2).
    Silent,
    /// No such bonus in this game (KR-ANN-2).
    NoSuchBonus,
    /// The announcer lacks the bonus's card (KR-ANN-2).
    NotHeld(Card),
    /// King ultimo with no king called (KR-ANN-2).
    NoKing,
    /// Announced already, by the bidder's team or not (KR-ANN-2).
    Twice { by_bidder_team: bool },
}

impl AnnounceFault {
    /// The finding on the entry `a` announcing `bonus` in `game`; `team`:
    /// the announcer plays on the bidder's side.
    fn finding(self, a: &Action, bonus: Bonus, game: Game, team: bool) -> Problem {
        let s = a.seat;
        match self {
            AnnounceFault::Negative => illegal(
                a,
                format!("{} announced in {}, a negative game", bonus.word(), game.word()),
                Rule::KrAnn5,
                "no announcements in negative games",
                "in piccolo and beggar only contra, recontra and subcontra of the game may be called",
            ),
            AnnounceFault::Silent => illegal(
                a,
                format!("seat {s} announces {}, which is silent only", bonus.word()),
                Rule::KrAnn2,
                "may not be announced",
                "capture the moon and capture the king score silently; nobody may announce them",
            ),
            AnnounceFault::NoSuchBonus => illegal(
                a,
                format!("{} does not exist in {}", bonus.word(), game.word()),
                Rule::KrAnn2,
                "no such bonus in this game",
                "pagat, uhu, pelican, quapil and trull exist in black games, king ultimo in caller games, four kings, honours, absolut and valat in positive games",
            ),
            AnnounceFault::NotHeld(c) => illegal(
                a,
                format!("seat {s} announces {} without holding {c}", bonus.word()),
                Rule::KrAnn2,
                "card not held",
                "only the holder of the card (after the talon pick-up and discard) may announce this bonus",
            )
            .card(c),
            AnnounceFault::NoKing => illegal(
                a,
                "king ultimo announced, but no king was called".into(),
                Rule::KrAnn2,
                "no called king",
                "king ultimo is announced by the holder of the called king",
            ),
            AnnounceFault::Twice { by_bidder_team } => {
                let who = if by_bidder_team == team {
                    "its own team"
                } else {
                    "the other team"
                };
                illegal(
                    a,
                    format!("{} is already announced by {who}", bonus.word()),
                    Rule::KrAnn2,
                    "announced twice",
                    "a bonus may be announced by one team only, once",
                )
            }
        }
    }
}

/// An `illegal-call` finding on the entry `a`.
fn illegal(a: &Action, msg: String, rule: Rule, label: &str, help: &str) -> Problem {
    on_entry(Kind::IllegalCall, a, msg, rule, label, help)
}
