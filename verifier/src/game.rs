//! One deal, step by step: whose turn it is, what is legal now, and the
//! record so far ([`Game`]).
//!
//! A `Game` holds no rules of its own. Its state *is* a record prefix: the
//! deal (tags, hands, talon) and the entries made so far. An action is legal
//! when the variant's engine, replaying the prefix with the action appended,
//! finds nothing new but the one `incomplete` finding of a record that stops
//! early (rules README ALL-4). [`Game::legal`] tries every action the
//! notation can write at that point (every bid word of the variant, every
//! card a seat can hold, ...) and keeps those; [`Game::apply`] rejects any
//! other action with the engine's own findings.
//!
//! ```
//! use tarok_verifier::game::Game;
//! use tarok_verifier::gen::{self, Rng};
//! use tarok_verifier::notation::Variant;
//!
//! // A random deal from the generator; only its deal (tags, hands, talon) is used.
//! let mut rng = Rng::new(7);
//! let dealt = gen::deal(Variant::Skill7Tarock, &mut rng, 0).unwrap();
//! let mut game = Game::from_record(&dealt).unwrap();
//! while !game.is_over() {
//!     let legal = game.legal();
//!     let choice = rng.pick(&legal).clone();
//!     game.apply(choice).expect("a legal action is taken");
//! }
//! let report = game.result();
//! assert!(report.settled && report.problems.is_empty());
//! ```
//!
//! ## Cost
//!
//! Skill7 Tarock steps (issue 25): the game keeps its engine
//! (`skill7::Engine`) after the record so far, and judges a candidate on a
//! clone of it that takes the move and ends the deal there, beside the
//! structural checks of the record with the move; only the candidates of
//! the seat and section the engine says are due (after legal moves only)
//! are judged, the others being illegal. Debug builds check every 4th
//! judgement against the replay of the whole record, and every 4th
//! candidate left out against a judgement. A record the engine cannot step
//! (no hands, a structural fault in the tricks) is replayed as below.
//! After legal moves only the Skill7 engine lists the legal moves itself
//! (`Stepper::legal`: the auction's entries and the call by the checks it
//! judges them with, the cards by the play's own allowed set), and
//! [`Game::apply`] takes a move it lists by stepping the engine, without
//! judging the record again; debug builds check every 4th list against the
//! judged one and every 4th step against the judgement of the record.
//! Skill7 playouts so: 4.6 ms against 18.6 ms in the same session
//! (bench/README.md, "Skill7: the engine lists the legal moves").
//!
//! In the other variants every candidate is judged by a full replay of the
//! prefix, so one step costs (candidates) × (one replay of the deal so
//! far). The candidates are
//! judged on one scratch copy of the record (the move appended, judged,
//! taken off again), not on a copy each; `to_act` and `phase` stop at the
//! first legal move. Debug builds check every 8th candidate against a
//! judgement on a copy of its own (the tests' playouts: thousands of
//! positions).
//!
//! Random playouts from the deal to the settlement, uniform among the
//! listed moves taken by their place ([`Game::apply_at`]), one core
//! (`verifier/examples/game_speed.rs`, idle machine, 2026-11-28, stop 44):
//! Danish Tarok about 105,000 a second, French Tarot 111,000, Königrufen
//! 98,000, Skill7 Tarock 130,000; a clone of a game
//! mid-play under a microsecond (18 to 24 allocations). The history of
//! these figures is in bench/README.md.
//!
//! Königrufen steps too (`koenigrufen::Engine`, issue 25) and lists most
//! of its legal moves itself (`koenigrufen::Stepped::legal`): the
//! auction's and the call round's entries by the judgements the phase
//! takes an entry with, asked without taking it (the turn, a bid's
//! checks, an announcement's or a contra's fault:
//! `Replay::admitted_bids`, `Replay::round_admits`); the bidder's king
//! call and talon choice on a clone of the engine over the record with
//! each entry that can be the one due, his first call of the round once
//! as a pass, the other words as the round opened there takes them (the
//! round asks only the words it can admit: a pass, the bonuses a seat may
//! announce, worked out once per round, and the next contra on the game
//! and on each bonus announced); the cards by the duties worked out for
//! the whole hand on masks (`duties::legal_cards`, held equal to
//! `duties::card_fault` card by card), on the engine as it stands (the
//! trick being played is not judged again for the list); and the discard
//! card by card
//! (`koenigrufen::Stepped::discard_cards`: a card is listed when some
//! proper discard holds it with the cards chosen, KR-DISCARD-1..3).
//! Its candidates are judged on reports that count their findings
//! (`crate::Tally`): the phases word a fault in a closure that only a
//! report writing findings calls, and a card's, an announcement's and a
//! bid's fault is a small value (`duties::card_fault`, the one judgement
//! of a card `verify` makes too), so a rejected move costs no words.
//! [`Game::apply`] steps the engine by a listed card, auction entry or
//! call (a grind aside) without judging the record again; a card after
//! the first trick's first by `koenigrufen::Stepped::advance_card`, which
//! does not ask whether the engine fits the record (the sections before
//! the play are as it read them) and takes a trick the card completes
//! without judging its listed cards again.
//!
//! French Tarot lists the auction, the écart card by card, the
//! declarations and the first lead (`french::Stepped::before_lead`: the
//! deal as the first trick would find it; a handful's cards by the check
//! the engine judges a handful with, card by card as below, the cards
//! shown, the seat's trumps and the check read once per seat and size,
//! `Game::handful_cards_by`; the slam by the taker), and the play.
//!
//! Skill7 stepped (3 runs of 60, the same test; its deals now come from the
//! generator that plays through `Game`, whose cost is in the figure):
//! 4.3 ms per playout (min 4.2, max 6.5) against 19 ms; the other variants
//! in the same runs 25.1, 36.9 and 343 ms (unchanged within the noise).
//!
//! Danish Tarok steps too (`danish::Stepped`, issue 25): from the first
//! card on, the engine takes the tricks as they complete, and a card is
//! judged on a clone that takes the trick being played; before the play
//! and at the first lead it starts again from the deal for each judgement
//! (the skat and the declarations are judged on what follows them), from
//! the engine after the skat where what came before read neither the
//! declarations nor the tricks (kept from the last start). It
//! lists the legal moves itself (`danish::Stepped::legal`): before the skat
//! the auction words it does not read and a misdeal demand by a seat dealt
//! no trump, the skat card by card (a card is listed when some proper skat
//! of the cards chosen so far and it exists, DK-DISCARD-1 to -4), the
//! declarations and the first lead (each candidate on one reading of the
//! declarations so far), and the play (the duty it judges a card with; a
//! led fool's renamings, DK-FOOL-8; the called fool, DK-FOOL-4); and
//! [`Game::apply`] takes a card, declaration or auction word it lists by
//! stepping it. Only Option `announced_tout` (the fool may then lie in the
//! skat, DK-TOUT-2) and records with a finding are judged candidate by
//! candidate. The list is the judged one wherever the judged discard finds
//! a filling for a card that some proper skat holds: always but for a
//! dealer with fewer than three spot cards, whose fillings may lay a court
//! card of a cavallerie where another court card would do. Figures:
//! `bench/README.md`.
//!
//! Where the time goes (Königrufen, 30 playouts timed by phase): the calls,
//! 85%, where each step judges every call word of every seat and, for each
//! card of each seat, discards that lay it away (up to six fillings, each
//! with and without the trumps shown); the play 4%. Fine for a teaching app,
//! a server or a bot; a search engine wants incremental engines. Not done:
//! taking a trick's legal cards from the engines' own duty functions
//! (`french::legal_plays`, `trick::legal`; Skill7 does, above): they need
//! the contract and options the engine has read, which the game would have
//! to read a second time; the play is no longer the dear part.
//!
//! A playout that takes one listed move after another borrows the list
//! ([`Game::legal_moves`]) rather than copying it; [`Game::apply`] makes
//! the next position's list at once when the last one was asked for (no
//! lazy initialisation to pay for at each step); and the playout asks for the
//! settlement without the events ([`Game::settlement`]: the stepped
//! engine's ending of the deal, where [`Game::result`] replays the record
//! and writes what `explain` shows). A listed entry (French and Königrufen
//! auction and calls, as the discard's cards and a handful's) is taken
//! without judging it first; the record with it is judged once, as any
//! move taken is. `tarok gen` per variant: `bench/gen.sh`, figures in
//! `bench/README.md`.
//!
//! ## What `legal` lists
//!
//! Every entry of the auction, calls and declarations the variant's words
//! can make (Danish declarations with no skat cards named, and, for the
//! dealer, with the skat cards of the combination's kind), every card a seat
//! can hold to the trick (a Danish fool led with or without a name; a Danish
//! call for the fool at trick 23; within a trick the fool led, each card
//! with or without a renaming of it, DK-FOOL-8).
//!
//! Choices of several cards are made one card at a time, so that the list
//! stays short and still holds every choice:
//! - A discard ([`Move::Discard`]): a card is listed when the engine allows
//!   a whole discard made of the cards chosen so far, this card and a
//!   filling of the plainest cards left (lowest suit cards first, or lowest
//!   trumps first, or suit cards then the lowest trumps; the seat's dealt
//!   cards before the talon); the discard is written into the record once
//!   the cards chosen are a legal discard.
//! - A French handful ([`Move::Handful`], FR-HANDFUL-1): its size, and one
//!   card shown; a card is listed when the engine allows a whole handful of
//!   the cards shown so far, this card and the seat's highest other trumps
//!   (the excuse last). Any trumps of the seat can so be shown, in any
//!   order; the handful is written into the declarations once its cards are
//!   a legal handful, and a further card of the same size extends it where
//!   Option `handful_exact = false` lets a handful show more. Till then no
//!   other move is legal (the handful would be written as it stands).
//!
//! Not listed, and why:
//! - An entry written `after N` (made after trick N): no rule makes one
//!   legal. French declarations made after trick 1 are faults (FR-HANDFUL-1,
//!   FR-SLAM-1, spec/rules-french-tarot.md §3), `after 0` is the entry
//!   itself, and the other engines do not read `after`. A [`Move`] has no
//!   `after`: [`Game::replayed`] enters such an entry as made in its section.
//! - A move that only a later move makes legal, since each move is judged
//!   on the record up to it: the Danish dealer's fool laid in the skat for
//!   an announced tout (DK-DISCARD-2, DK-TOUT-2: the tout comes with the
//!   declarations), and the second player's card to a trick the fool led
//!   that the third player's renaming makes legal (DK-FOOL-8). [`Game::apply`]
//!   refuses them; [`Game::apply_anyway`] enters them, and the finding goes
//!   once the later move is entered (the game judges the whole record each
//!   time).
//!
//! The test `every_move_of_the_clean_corpus_is_listed` (tests/game.rs)
//! enters every clean record of the corpus move by move and finds each move
//! in `legal()`, these two cases aside.
//!
//! ## What the game itself refuses
//!
//! A few moves are refused before the engine is asked, with a finding of
//! kind `other` and no rule id, because the record cannot write them or a
//! playout would never end: an entry of a section the record has passed
//! (Königrufen announcements may follow the discard), a word that is none
//! of the variant's (the Danish engine passes over a `slam` in silence), a
//! Danish entry a seat has already made (the engine takes a second `pass`
//! as no fault), a card within a trick by a seat whose place it is not,
//! anything after the end of the deal. A Danish seat that has declared may
//! declare again: the engine, judging a record that stops after it, finds
//! its other combinations missing and ends the deal (DK-DECL-4), so that
//! finding waits until another seat speaks or the play starts.

use notation::check::Table;
use notation::{
    Act, Action, Actions, Bonus, Card, CardSet, Discard, HandfulSize, Item, Kind, Lead, Problem,
    Record, Seat, Span, Suit, Target, Trick, Variant,
};

use crate::{replay, verify, Report, Session};

/// One step of a deal, as a record writes it.
#[derive(Debug, Clone, PartialEq)]
pub enum Move {
    /// An entry of the auction.
    Auction {
        /// Who bids.
        seat: Seat,
        /// The bid, pass or other action.
        act: Act,
    },
    /// An entry of the calls (king call, talon choice, announcements, ...).
    Calls {
        /// Who calls.
        seat: Seat,
        /// What is called.
        act: Act,
    },
    /// One card laid away (Danish skat, French écart, Königrufen discard).
    Discard {
        /// Who lays the card away.
        seat: Seat,
        /// The card laid away.
        card: Card,
    },
    /// An entry of the declarations (Danish meldinger, French handful and slam).
    Declare {
        /// Who declares.
        seat: Seat,
        /// What is declared.
        act: Act,
    },
    /// One card of a French handful of `size` being shown (FR-HANDFUL-1):
    /// a handful is shown card by card, as a discard is laid, and written
    /// into the declarations once its cards are a legal handful.
    Handful {
        /// Who shows the handful.
        seat: Seat,
        /// The handful's size (simple, double, triple).
        size: HandfulSize,
        /// The trump shown.
        card: Card,
    },
    /// A card played. `seat` leads a new trick, or, within a trick, must be
    /// the seat whose turn it is by its place in the trick (the record
    /// writes no seat there: the card is judged as that seat's). `name`:
    /// the suit named for a led fool; `rename`: a renaming of it;
    /// `fool_call`: Danish, the seat that calls for the fool at the start
    /// of this trick (a new trick only).
    Play {
        /// Who plays.
        seat: Seat,
        /// The card played.
        card: Card,
        /// The suit named for a led fool.
        name: Option<Lead>,
        /// A renaming of a led fool by this card's player.
        rename: Option<Lead>,
        /// Danish: the seat that calls for the fool at this trick's start.
        fool_call: Option<Seat>,
    },
}

impl Move {
    /// The seat that makes the move.
    pub fn seat(&self) -> Seat {
        match self {
            Move::Auction { seat, .. }
            | Move::Calls { seat, .. }
            | Move::Discard { seat, .. }
            | Move::Declare { seat, .. }
            | Move::Handful { seat, .. }
            | Move::Play { seat, .. } => *seat,
        }
    }

    /// The phase of the deal the move belongs to.
    pub fn phase(&self) -> Phase {
        match self {
            Move::Auction { .. } => Phase::Auction,
            Move::Calls { .. } => Phase::Calls,
            Move::Discard { .. } => Phase::Discard,
            Move::Declare { .. } | Move::Handful { .. } => Phase::Declare,
            Move::Play { .. } => Phase::Play,
        }
    }

    /// The seat and card of a plain card played ([`Move::play`]: no fool's
    /// suit named, no renaming, no call for the fool); `None` for any other
    /// move.
    pub fn plain_card(&self) -> Option<(Seat, Card)> {
        match *self {
            Move::Play {
                seat,
                card,
                name: None,
                rename: None,
                fool_call: None,
            } => Some((seat, card)),
            _ => None,
        }
    }

    /// A plain card played, as most moves of the play are.
    pub fn play(seat: Seat, card: Card) -> Move {
        Move::renaming(seat, card, None)
    }

    /// A card played that renames the suit of the fool led before it
    /// (Danish Tarok, DK-FOOL-8), or a plain card (`None`).
    pub fn renaming(seat: Seat, card: Card, rename: Option<Lead>) -> Move {
        Move::Play {
            seat,
            card,
            name: None,
            rename,
            fool_call: None,
        }
    }
}

/// The move as the notation writes it, with its section and seat:
/// `auction: 1 guard`, `calls: 0 call HK`, `discard 3: C6`, `handful 2
/// simple: T21` (one card of a handful being shown),
/// `declare: 2 slam`, `play: 1 T21` (a Danish fool led and named
/// `play: 0 EX=S`, after a call for it `play call 2: 0 EX=S`, a renaming
/// `play: 2 rename H SK`).
impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let entry = |f: &mut std::fmt::Formatter<'_>, section: &str, seat: &Seat, act: &Act| {
            let mut words = String::new();
            notation::print::act(&mut words, act);
            write!(f, "{section}: {seat} {words}")
        };
        match self {
            Move::Auction { seat, act } => entry(f, "auction", seat, act),
            Move::Calls { seat, act } => entry(f, "calls", seat, act),
            Move::Declare { seat, act } => entry(f, "declare", seat, act),
            Move::Discard { seat, card } => write!(f, "discard {seat}: {card}"),
            Move::Handful { seat, size, card } => write!(f, "handful {seat} {size}: {card}"),
            Move::Play {
                seat,
                card,
                name,
                rename,
                fool_call,
            } => {
                f.write_str("play")?;
                if let Some(caller) = fool_call {
                    write!(f, " call {caller}")?;
                }
                write!(f, ": {seat} ")?;
                if let Some(lead) = rename {
                    write!(f, "rename {lead} ")?;
                }
                write!(f, "{card}")?;
                if let Some(lead) = name {
                    write!(f, "={lead}")?;
                }
                Ok(())
            }
        }
    }
}

/// The record's sections, in their order; `Over` once the deal has ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Phase {
    /// The auction: bids and passes.
    Auction,
    /// The calls: king call, talon choice, announcements.
    Calls,
    /// Cards laid away.
    Discard,
    /// The declarations.
    Declare,
    /// The tricks.
    Play,
    /// The deal has ended.
    Over,
}

impl Phase {
    /// The phase in words.
    pub fn word(self) -> &'static str {
        match self {
            Phase::Auction => "auction",
            Phase::Calls => "calls",
            Phase::Discard => "discard",
            Phase::Declare => "declarations",
            Phase::Play => "play",
            Phase::Over => "end of the deal",
        }
    }
}

/// An illegal move: the engine's findings on the record with it appended
/// (those the record already had left out).
#[derive(Debug, Clone)]
pub struct Rejected {
    /// What the engine finds wrong with the move.
    pub problems: Vec<Problem>,
}

impl std::fmt::Display for Rejected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let words: Vec<String> = self
            .problems
            .iter()
            .map(|p| format!("{}: {}", p.code(), p.message))
            .collect();
        f.write_str(&words.join("; "))
    }
}

impl std::error::Error for Rejected {}

/// The sizes of a French handful, in the order the candidates list them.
const HANDFUL_SIZES: [HandfulSize; 3] = [
    HandfulSize::Simple,
    HandfulSize::Double,
    HandfulSize::Triple,
];

/// A judgement of a record ([`Game::judge`]): its findings (`incomplete`
/// left out) and whether the deal has ended.
type Judged = (Vec<Problem>, bool);

/// One deal in progress. See the [module docs](self).
#[derive(Debug, Clone)]
pub struct Game {
    record: Record,
    session: Session,
    table: Table,
    /// A discard being laid, card by card: its seat and cards.
    pending: Option<(Seat, Vec<Card>)>,
    /// A French handful being shown, card by card: its seat, size and cards.
    showing: Option<(Seat, HandfulSize, Vec<Card>)>,
    /// The seat that led each trick of the record.
    leaders: Vec<Seat>,
    /// The findings of the record so far (`incomplete` left out).
    problems: Vec<Problem>,
    over: bool,
    /// The variant's engine stepped through the record so far, on whose
    /// clones moves are judged; `None`: each judgement replays the record.
    stepped: Option<Box<Stepper>>,
    /// The engine's list of the legal moves after the game so far, once
    /// made ([`Game::listed`]); emptied by every move taken.
    listed: Listing,
}

/// The engine's list of the legal moves of a position ([`Game::listed`]):
/// made when first asked for, or by [`Game::apply`] for the position it
/// leaves when the list of the position before was asked for (a playout
/// asks for every position's list). Made there, with the game at hand
/// (`&mut`), it costs no lazy initialisation: a `OnceLock`'s takes two
/// atomic read-modify-writes, 4% of the instructions of `tarok gen
/// --variant skill7-tarock` and more of its time (issue 29).
#[derive(Debug, Default)]
struct Listing {
    /// Made by [`Game::apply`].
    ready: Option<Option<Vec<Move>>>,
    /// Made when first asked for, where `ready` is not.
    lazy: std::sync::OnceLock<Option<Vec<Move>>>,
    /// Whether a list was asked for since [`Game::apply`] last looked.
    asked: std::sync::atomic::AtomicBool,
    /// Lists made only when asked for, not ahead by [`Game::apply`]
    /// ([`Game::list_on_ask`]).
    on_ask: bool,
}

impl Clone for Listing {
    fn clone(&self) -> Listing {
        Listing {
            ready: self.ready.clone(),
            lazy: self.lazy.clone(),
            asked: self.asked().into(),
            on_ask: self.on_ask,
        }
    }
}

impl Listing {
    /// The list, if made.
    fn get(&self) -> Option<&Option<Vec<Move>>> {
        self.ready.as_ref().or_else(|| self.lazy.get())
    }

    /// The list, made by `make` if not made yet; counts as asked for.
    fn get_or_init(&self, make: impl FnOnce() -> Option<Vec<Move>>) -> &Option<Vec<Move>> {
        // Relaxed: a flag of this game's own, read with `&mut` (a plain
        // store on x86).
        self.asked.store(true, std::sync::atomic::Ordering::Relaxed);
        match &self.ready {
            Some(list) => list,
            None => self.lazy.get_or_init(make),
        }
    }

    fn asked(&self) -> bool {
        self.asked.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The list made by [`Game::apply`], emptied (its room for the next
    /// list), or a new empty list.
    fn spare(&mut self) -> Vec<Move> {
        match self.ready.take() {
            Some(Some(mut list)) => {
                list.clear();
                list
            }
            _ => Vec::new(),
        }
    }

    /// The list made, taken out (the listing left unmade, whether it was
    /// asked for kept): `None` where none was made or the engine made
    /// none.
    fn take(&mut self) -> Option<Vec<Move>> {
        match self.ready.take() {
            Some(list) => list,
            None => self.lazy.take().flatten(),
        }
    }

    /// Forgets the list (the game has changed), not whether one was asked
    /// for.
    fn forget(&mut self) {
        // Each dropped only where made (a playout that takes its cards by
        // `Game::play_plain` makes none): the `OnceLock` dropped and made
        // anew cost its state's checks at every move.
        if self.ready.is_some() {
            self.ready = None;
        }
        if self.lazy.get().is_some() {
            self.lazy = std::sync::OnceLock::new();
        }
    }
}

/// A variant's engine stepped through the record so far ([`Game`]): one
/// arm per variant, each engine stepping.
#[derive(Debug, Clone)]
// The game holds its stepper boxed: the arms' sizes do not matter.
#[allow(clippy::large_enum_variant)]
enum Stepper {
    Skill7(crate::skill7::Stepped),
    Danish(crate::danish::Stepped),
    Koenigrufen(crate::koenigrufen::Stepped),
    French(crate::french::Stepped),
}

impl Stepper {
    /// The stepped engine of the deal of `record` in `session`, if its
    /// variant's engine steps and can step this deal.
    fn new(record: &Record, table: Table, session: &Session) -> Option<Stepper> {
        match table.variant {
            Variant::Skill7Tarock => {
                crate::skill7::Stepped::new(record, table).map(Stepper::Skill7)
            }
            Variant::DanishTarok => {
                crate::danish::Stepped::new(record, table, session).map(Stepper::Danish)
            }
            Variant::Koenigrufen => {
                crate::koenigrufen::Stepped::new(record, table).map(Stepper::Koenigrufen)
            }
            Variant::FrenchTarot => crate::french::Stepped::new(record, table).map(Stepper::French),
        }
    }

    /// Who acts next after the record so far, and in which phase; `None`
    /// when the engine cannot say (the candidates are then all judged).
    fn due(&self, game: &Game) -> Option<(Seat, Phase)> {
        match self {
            Stepper::Skill7(s) => s.due().map(|(seat, section)| {
                let phase = match section {
                    crate::skill7::Due::Auction => Phase::Auction,
                    crate::skill7::Due::Calls => Phase::Calls,
                    crate::skill7::Due::Play => Phase::Play,
                };
                (seat, phase)
            }),
            Stepper::Danish(s) => s.due(&game.record).map(|seat| (seat, Phase::Play)),
            Stepper::Koenigrufen(s) => s.due(&game.record),
            Stepper::French(s) => s.due().map(|(seat, section)| {
                let phase = match section {
                    crate::french::Due::Auction => Phase::Auction,
                    crate::french::Due::Discard => Phase::Discard,
                };
                (seat, phase)
            }),
        }
    }

    /// The legal moves after the record so far, listed by the engine
    /// itself (the duty functions it judges with), in the order of
    /// [`Game::candidates`]; `None` where it cannot list them (the
    /// candidates are then judged one by one). Debug builds check the list
    /// against the judged one ([`Game::legal`]).
    fn legal(&self, game: &Game) -> Option<Vec<Move>> {
        // A discard half laid: listed by the Danish, French and Königrufen
        // engines only; a handful being shown, by the French engine.
        if game.pending.is_some() && matches!(self, Stepper::Skill7(_))
            || game.showing.is_some() && !matches!(self, Stepper::French(_))
        {
            return None;
        }
        match self {
            Stepper::Skill7(s) => {
                use std::sync::OnceLock;
                let (seat, due) = s.due()?;
                let _ = game;
                // The entries the notation can write that some position
                // admits (`acts`, `Stepped::may_admit`), the same at every
                // step: made once.
                static ACTS: [OnceLock<Vec<Act>>; 2] = [OnceLock::new(), OnceLock::new()];
                let entries = |phase: Phase| {
                    let admits = s.admitted(seat, due);
                    ACTS[usize::from(phase == Phase::Calls)]
                        .get_or_init(|| {
                            let mut words = acts(Variant::Skill7Tarock, phase, Seat::new(0), &[]);
                            words.retain(|act| crate::skill7::Stepped::may_admit(due, act));
                            words
                        })
                        .iter()
                        .filter(|act| admits(act))
                        .map(|act| match phase {
                            Phase::Auction => Move::Auction {
                                seat,
                                act: act.clone(),
                            },
                            _ => Move::Calls {
                                seat,
                                act: act.clone(),
                            },
                        })
                        .collect()
                };
                Some(match due {
                    crate::skill7::Due::Auction => entries(Phase::Auction),
                    crate::skill7::Due::Calls => entries(Phase::Calls),
                    crate::skill7::Due::Play => {
                        let (seat, cards) = s.legal_cards()?;
                        cards.iter().map(|card| Move::play(seat, card)).collect()
                    }
                })
            }
            // Before the skat, the skat card by card, the play listed; the
            // declarations and the first lead by the engine's word on each
            // candidate.
            Stepper::Danish(s) => s.legal(&game.record, game.pending_discard(), Vec::new()),
            Stepper::Koenigrufen(s) => {
                // The discard, card by card: the bidder's cards some proper
                // discard holds with those chosen (KR-DISCARD-1..3).
                let due = if s.before_round() {
                    s.due(&game.record)
                } else {
                    None
                };
                if let Some((bidder, Phase::Discard)) = due {
                    let chosen = match game.pending_discard() {
                        Some((seat, cards)) if seat == bidder => cards,
                        Some(_) => return None,
                        None => &[],
                    };
                    let cards = s.discard_cards(&game.record, bidder, chosen)?;
                    return Some(
                        cards
                            .iter()
                            .map(|card| Move::Discard { seat: bidder, card })
                            .collect(),
                    );
                }
                if game.pending.is_some() {
                    return None;
                }
                // The entries the notation can write, the same at every
                // step (`acts`): made once.
                use std::sync::OnceLock;
                static ACTS: [OnceLock<Vec<Act>>; 2] = [OnceLock::new(), OnceLock::new()];
                s.legal(&game.record, |phase| {
                    ACTS[usize::from(phase == Phase::Calls)]
                        .get_or_init(|| acts(Variant::Koenigrufen, phase, Seat::new(0), &[]))
                })
            }
            Stepper::French(s) => {
                // A handful being shown, card by card: each card judged by
                // the engine's own check of a handful on some whole handful
                // that holds it (FR-HANDFUL-1..3).
                if let Some((seat, size, _)) = &game.showing {
                    let (seat, size) = (*seat, *size);
                    let before = s.before_lead(&game.record)?;
                    let mut out = Vec::new();
                    let held = game.handful_reading(seat);
                    game.handful_cards_by(
                        seat,
                        size,
                        held.0.iter(),
                        held,
                        |replaces| {
                            let check = s.handful_check(&before, &game.record, seat, replaces);
                            move |cards: &[Card]| check.holds(size, cards)
                        },
                        |card| out.push(Move::Handful { seat, size, card }),
                    );
                    return Some(out);
                }
                // The écart, card by card: the taker's cards of his 24.
                if let Some((taker, crate::french::Due::Discard)) = s.due() {
                    let chosen = match game.pending_discard() {
                        Some((seat, cards)) if seat == taker => cards,
                        Some(_) => return None,
                        None => &[],
                    };
                    let cards = s.discard_cards(taker, game.holdings(taker), chosen)?;
                    return Some(
                        cards
                            .iter()
                            .map(|card| Move::Discard { seat: taker, card })
                            .collect(),
                    );
                }
                if let Some((seat, crate::french::Due::Auction)) = s.due() {
                    let open = |act: &&Act| match act {
                        Act::Pass => true,
                        Act::Bid { game } => s.rises(*game),
                        _ => false,
                    };
                    return Some(
                        french_auction_acts()
                            .iter()
                            .filter(open)
                            .map(|act| Move::Auction {
                                seat,
                                act: act.clone(),
                            })
                            .collect(),
                    );
                }
                // Before the first card: the declarations and the first
                // lead, as the engine finds the deal when the play starts.
                // Nothing else is legal then but, after a guard against
                // with fewer than four entries, the auction's entries the
                // engine finds nothing against (a pass by a seat that has
                // not spoken, FR-BID-2): with four a fifth is a second
                // entry (FR-BID-2), and a contract without a discard takes
                // none (FR-DOG-2).
                if game.record.tricks.is_empty() {
                    let before = s.before_lead(&game.record)?;
                    let mut out = Vec::new();
                    let entries = game.record.auction.as_ref().map_or(0, |a| a.actions.len());
                    if entries < usize::from(game.table.seats) {
                        // One copy of the record for all the entries judged.
                        // Only a pass or a bid above the one standing
                        // (FR-BID-1, FR-BID-2) is judged: the engine finds
                        // any other entry wrong (debug builds compare the
                        // list with every candidate judged).
                        let open = |act: &Act| match act {
                            Act::Pass => true,
                            Act::Bid { game } => s.rises(*game),
                            _ => false,
                        };
                        let mut scratch = game.record.clone();
                        for seat in Seat::all(game.table.seats) {
                            for act in french_auction_acts() {
                                if open(act) && s.admits_entry_on(&mut scratch, seat, act) {
                                    out.push(Move::Auction {
                                        seat,
                                        act: act.clone(),
                                    });
                                }
                            }
                        }
                    }
                    for seat in Seat::all(game.table.seats) {
                        if seat == before.taker {
                            out.push(Move::Declare {
                                seat,
                                act: Act::Slam,
                            });
                        }
                        // Each size's candidates (the seat's trumps and
                        // excuse, as [`Game::handful_candidates`] lists
                        // them, for a size it holds enough of), the seat's
                        // cards and the engine's check read once; the
                        // cards dealt to it ([`Game::handful_reading`])
                        // only for a size it holds enough trumps for.
                        let holdings = game.holdings(seat);
                        let mut trumps_and_excuse = CardSet::trumps();
                        trumps_and_excuse.insert(Card::FOOL);
                        let trumps = holdings.intersection(trumps_and_excuse);
                        let count = trumps.len() as usize;
                        let mut dealt = None;
                        for size in HANDFUL_SIZES {
                            if count < crate::french::handful(size).1 {
                                continue;
                            }
                            let held = (holdings, *dealt.get_or_insert_with(|| game.dealt(seat)));
                            game.handful_cards_by(
                                seat,
                                size,
                                trumps.iter(),
                                held,
                                |replaces| {
                                    let check =
                                        s.handful_check(&before, &game.record, seat, replaces);
                                    move |cards: &[Card]| check.holds(size, cards)
                                },
                                |card| out.push(Move::Handful { seat, size, card }),
                            );
                        }
                    }
                    let (leader, cards) = before.lead;
                    out.extend(cards.iter().map(|card| Move::play(leader, card)));
                    return Some(out);
                }
                let (seat, cards) = s.legal_cards(&game.record)?;
                Some(cards.iter().map(|card| Move::play(seat, card)).collect())
            }
        }
    }

    /// [`Stepper::legal`], made in `out` (an empty list) where the engine
    /// lists the play's cards (Danish Tarok, French Tarot): `out` is the
    /// list of the position before, its room kept from move to move
    /// ([`Game::apply`]) rather than a list made and dropped at every card.
    fn legal_in(&self, game: &Game, mut out: Vec<Move>) -> Option<Vec<Move>> {
        match self {
            Stepper::Danish(s) if game.pending.is_none() && game.showing.is_none() => {
                s.legal(&game.record, None, out)
            }
            // The play's cards, as [`Stepper::legal`] lists them.
            Stepper::French(s)
                if game.showing.is_none()
                    && s.due().is_none()
                    && !game.record.tricks.is_empty() =>
            {
                s.push_plays(&game.record, &mut out)?;
                Some(out)
            }
            // The Königrufen call round, as [`Stepper::legal`] lists it.
            Stepper::Koenigrufen(s) if game.pending.is_none() => {
                match s.round_legal_in(&game.record, out) {
                    Ok(listed) => {
                        #[cfg(debug_assertions)]
                        assert_eq!(Some(&listed), self.legal(game).as_ref());
                        Some(listed)
                    }
                    Err(_) => self.legal(game),
                }
            }
            _ => self.legal(game),
        }
    }

    /// Whether the engine lists `mv` as legal ([`Stepper::legal`]), and it
    /// reads, written plainly (a new trick without its leader named), as
    /// the engine takes it: [`Game::apply`] then takes it without judging
    /// the record again. False where the engine cannot tell. `known`: `mv`
    /// is taken from the engine's list of this position
    /// ([`Game::apply_at`]), which then is not searched for it.
    fn admits(&self, game: &Game, mv: &Move, known: bool) -> bool {
        match self {
            Stepper::Skill7(s) => {
                use crate::skill7::Due;
                let entry = |seat: &Seat, due: Due, act: &Act| {
                    known
                        || match game.listed.get() {
                            // The list made for this position holds what the engine admits.
                            Some(Some(legal)) => legal.contains(mv),
                            _ => s.admits(*seat, due, act),
                        }
                };
                let listed = match mv {
                    Move::Auction { seat, act } => entry(seat, Due::Auction, act),
                    Move::Calls { seat, act } => entry(seat, Due::Calls, act),
                    Move::Play { .. } => mv.plain_card().is_some_and(|(seat, card)| {
                        s.legal_cards()
                            .is_some_and(|(due, cards)| due == seat && cards.contains(card))
                    }),
                    _ => false,
                };
                // The engine admits Skill7 words only: no `foreign` check.
                debug_assert!(!listed || foreign(game.table.variant, mv).is_none());
                listed
            }
            // A card, a declaration or an auction word the engine lists; a
            // misdeal demand (which ends the deal) and the skat's cards
            // (laid card by card) are judged.
            Stepper::Danish(_) => {
                matches!(
                    mv,
                    Move::Play { .. } | Move::Declare { .. } | Move::Auction { .. }
                ) && (known || game.listed().is_some_and(|legal| holds(legal, mv)))
            }
            // A card, an auction entry or a call the engine lists (a grind,
            // which ends the deal, aside); the discard is judged.
            Stepper::Koenigrufen(_) => {
                (mv.plain_card().is_some()
                    || matches!(mv, Move::Auction { .. })
                    || matches!(mv, Move::Calls { act, .. } if *act != Act::Grind))
                    && (known || game.listed().is_some_and(|legal| legal.contains(mv)))
            }
            // A card the engine lists (the first lead included), the
            // taker's slam before it (FR-SLAM-1) and an entry of the
            // auction: in the list made once for the position; a handful
            // is shown card by card ([`Game::listed_piece`]).
            Stepper::French(_) => {
                (mv.plain_card().is_some()
                    || matches!(mv, Move::Declare { act: Act::Slam, .. })
                    || matches!(mv, Move::Auction { .. }))
                    && (known || game.listed().is_some_and(|legal| holds(legal, mv)))
            }
        }
    }

    /// Whether the deal has ended after the moves [`Stepper::admits`] took
    /// (the record needs no further entry), the record so far `record`,
    /// `mv` the last of them; `None` where the engine does not say (the
    /// record is then judged).
    fn ended(&self, record: &Record, mv: &Move) -> Option<bool> {
        match self {
            Stepper::Skill7(s) => Some(s.played_out()),
            Stepper::Danish(s) => Some(s.played_out()),
            // An entry of the auction: the deal ends after four passes
            // only (`french::Stepped::auction_over`).
            Stepper::French(s) if matches!(mv, Move::Auction { .. }) => Some(s.auction_over()),
            Stepper::French(s) => Some(s.played_out()),
            Stepper::Koenigrufen(s) => Some(s.played_out(record)),
        }
    }

    /// The cards `seat` holds now, where the engine knows them better than
    /// the deal does (a talon pile taken): the fillings of a discard
    /// ([`Game::discard_legal`]) are tried from them first.
    fn held(&self, game: &Game, seat: Seat) -> Option<CardSet> {
        match self {
            Stepper::Skill7(_) | Stepper::Danish(_) | Stepper::French(_) => None,
            Stepper::Koenigrufen(s) => s.held(&game.record, seat),
        }
    }

    /// The engine after `record`, the record so far.
    fn advance(&mut self, record: &Record) {
        match self {
            Stepper::Skill7(s) => s.advance(record),
            Stepper::Danish(s) => s.advance(record),
            Stepper::Koenigrufen(s) => s.advance(record),
            Stepper::French(s) => s.advance(record),
        }
    }

    /// [`Stepper::judge`] of a record the structural checks find nothing
    /// in: the deal the engine was made on ([`Stepper::new`] checks it), and
    /// after legal moves only the record so far. The Danish, French and
    /// Königrufen engines do not check it again (debug builds do).
    fn judge_clean(&self, record: &Record, table: Table) -> Option<Report> {
        match self {
            Stepper::Danish(s) => Some(s.judge_clean(record)),
            Stepper::French(s) => Some(s.judge_clean(record)),
            Stepper::Koenigrufen(s) => Some(s.judge_clean(record, table)),
            s => s.judge(record, table),
        }
    }

    /// What the replay gives for `record` (the record so far, or it with a
    /// move appended), or `None` where the caller must replay.
    fn judge(&self, record: &Record, table: Table) -> Option<Report> {
        match self {
            Stepper::Skill7(s) => s.judge(record, table),
            Stepper::Danish(s) => s.judge(record, table),
            Stepper::Koenigrufen(s) => s.judge(record, table),
            Stepper::French(s) => s.judge(record),
        }
    }
}

/// The words of a French auction ([`acts`]: a pass and the French bids,
/// whoever speaks), the same at every step: made once.
fn french_auction_acts() -> &'static [Act] {
    static ACTS: std::sync::OnceLock<Vec<Act>> = std::sync::OnceLock::new();
    ACTS.get_or_init(|| acts(Variant::FrenchTarot, Phase::Auction, Seat::new(0), &[]))
}

/// Whether `legal` holds `mv`; a card played is compared by its card
/// first (the moves of a list of the play differ by their cards), in full
/// only where the card is the same.
fn holds(legal: &[Move], mv: &Move) -> bool {
    match mv {
        Move::Play { card, .. } => legal
            .iter()
            .any(|m| matches!(m, Move::Play { card: c, .. } if c == card) && m == mv),
        _ => legal.contains(mv),
    }
}

/// Debug builds: true every 4th call on this thread.
#[cfg(debug_assertions)]
fn every_4th() -> bool {
    thread_local!(static CALLS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });
    CALLS.with(|c| {
        c.set(c.get().wrapping_add(1));
        c.get() % 4 == 0
    })
}

/// Whether two reports agree on their findings (words included), whether
/// the deal is settled, the ledger and the totals (the debug checks).
#[cfg(debug_assertions)]
fn same_report(a: &Report, b: &Report) -> bool {
    a.problems.len() == b.problems.len()
        && a.problems
            .iter()
            .zip(&b.problems)
            .all(|(x, y)| same(x, y) && x.message == y.message)
        && a.settled == b.settled
        && a.ledger == b.ledger
        && a.totals == b.totals
}

/// Whether two findings are the same fault (spans and wording aside).
fn same(a: &Problem, b: &Problem) -> bool {
    a.kind == b.kind
        && a.rule == b.rule
        && a.seat == b.seat
        && a.trick == b.trick
        && a.card == b.card
}

fn action(seat: Seat, act: Act) -> Action {
    Action {
        seat,
        act,
        after: None,
        comments: Vec::new(),
        span: Span::default(),
    }
}

fn items(cards: &[Card]) -> Vec<Item> {
    cards.iter().copied().map(Item::new).collect()
}

/// Appends an entry or a card to `record` ([`Game::append`]); `within`: a
/// card goes to the trick being played.
fn append_to(record: &mut Record, mv: &Move, lead: bool, within: bool) {
    match mv.clone() {
        Move::Auction { seat, act } => push_action(&mut record.auction, seat, act),
        Move::Calls { seat, act } => push_action(&mut record.calls, seat, act),
        Move::Declare { seat, act } => push_action(&mut record.declarations, seat, act),
        Move::Play {
            seat,
            card,
            name,
            rename,
            fool_call,
        } => {
            let item = Item {
                name,
                rename,
                ..Item::new(card)
            };
            if within {
                record.tricks.last_mut().expect("a trick").plays.push(item);
            } else {
                record.tricks.push(Trick {
                    leader: lead.then_some(seat),
                    fool_call,
                    plays: std::iter::once(item).collect(),
                    ..Trick::default()
                });
            }
        }
        Move::Handful { .. } | Move::Discard { .. } => {}
    }
}

fn push_action(list: &mut Option<Actions>, seat: Seat, act: Act) {
    list.get_or_insert_with(|| Actions {
        actions: Vec::new(),
        comments: Vec::new(),
        span: Span::default(),
    })
    .actions
    .push(action(seat, act));
}

impl Game {
    /// The deal of `record` (its tags, hands and talon; its auction, calls,
    /// discard, declarations, tricks and claim are left out), at the start
    /// of a session. `Err`: the engine's findings when the deal cannot be
    /// played (tags that do not name a table, a wrong deal).
    pub fn from_record(record: &Record) -> Result<Game, Rejected> {
        Game::from_record_in(record, Session::default())
    }

    /// As [`Game::from_record`], in a session that has come so far (the
    /// Danish pots, the running scores).
    pub fn from_record_in(record: &Record, session: Session) -> Result<Game, Rejected> {
        let table = notation::check::table(record).map_err(|problems| Rejected { problems })?;
        let deal = Record {
            comments: Vec::new(),
            tags: record.tags.clone(),
            hands: record.hands.clone(),
            talon: record.talon.clone(),
            ..Record::default()
        };
        Game::of_deal(deal, table, session)
    }

    /// As [`Game::from_record`], the record given up for it: its tags,
    /// hands and talon are taken, not copied (how the generators start a
    /// deal they have just written), the rest of it dropped.
    pub fn from_deal(mut record: Record) -> Result<Game, Rejected> {
        let table = notation::check::table(&record).map_err(|problems| Rejected { problems })?;
        let deal = Record {
            comments: Vec::new(),
            tags: std::mem::take(&mut record.tags),
            hands: std::mem::take(&mut record.hands),
            talon: record.talon.take(),
            ..Record::default()
        };
        Game::of_deal(deal, table, Session::default())
    }

    /// The game at the start of `deal` (tags, hands and talon only) at
    /// `table`, in `session`.
    fn of_deal(deal: Record, table: Table, session: Session) -> Result<Game, Rejected> {
        let mut game = Game {
            record: deal,
            session,
            table,
            pending: None,
            showing: None,
            leaders: Vec::new(),
            problems: Vec::new(),
            over: false,
            stepped: None,
            listed: Listing::default(),
        };
        game.stepped = Stepper::new(&game.record, table, &game.session).map(Box::new);
        let (problems, over) = game.judge_deal();
        if !problems.is_empty() {
            return Err(Rejected { problems });
        }
        game.over = over;
        Ok(game)
    }

    /// A game that has entered every entry of `record` in order, legal or
    /// not ([`Game::apply_anyway`]): the findings so far are
    /// [`Game::problems`].
    pub fn replayed(record: &Record) -> Result<Game, Rejected> {
        let mut game = Game::from_record(record)?;
        game.enter(record);
        Ok(game)
    }

    fn enter(&mut self, record: &Record) {
        let acts = |list: &Option<Actions>| {
            list.iter()
                .flat_map(|l| l.actions.iter())
                .map(|a| (a.seat, a.act.clone()))
                .collect::<Vec<_>>()
        };
        for (seat, act) in acts(&record.auction) {
            self.apply_anyway(Move::Auction { seat, act });
        }
        for (seat, act) in acts(&record.calls) {
            self.apply_anyway(Move::Calls { seat, act });
        }
        if let Some(d) = &record.discard {
            // Written as it stands, shown cards included.
            self.record.discard = Some(Discard {
                seat: d.seat,
                cards: d.cards.iter().map(|i| Item::new(i.card)).collect(),
                card_comments: Default::default(),
                shown: d.shown.iter().map(|i| Item::new(i.card)).collect(),
                shown_comments: Default::default(),
                comments: Vec::new(),
                span: Span::default(),
            });
            self.rejudge();
        }
        for (seat, act) in acts(&record.declarations) {
            self.apply_anyway(Move::Declare { seat, act });
        }
        for trick in &record.tricks {
            // Who led: as written, else as the engine reads the trick.
            let mut probe = self.record.clone();
            probe.tricks.push(Trick {
                leader: trick.leader,
                fool_call: trick.fool_call,
                plays: trick.plays.iter().map(|i| Item::new(i.card)).collect(),
                ..Trick::default()
            });
            let mut report = replay(&probe, &mut self.session.clone(), true).report;
            let at = probe.tricks.len() as u16;
            let leader = trick.leader.or_else(|| {
                report.events.drain(..).find_map(|e| match e {
                    crate::Event::Trick { trick, leader, .. } if trick == at => Some(leader),
                    _ => None,
                })
            });
            let leader = leader.unwrap_or_else(|| self.holder(trick.plays.first().map(|i| i.card)));
            let mut seat = leader;
            for (k, item) in trick.plays.iter().enumerate() {
                self.apply_anyway(Move::Play {
                    seat,
                    card: item.card,
                    name: item.name,
                    rename: item.rename,
                    fool_call: if k == 0 { trick.fool_call } else { None },
                });
                seat = self.next_seat(seat);
            }
        }
    }

    /// The seat dealt `card`, else the first active seat.
    fn holder(&self, card: Option<Card>) -> Seat {
        card.and_then(|c| {
            self.record
                .hands
                .iter()
                .find(|h| h.cards.iter().any(|i| i.card == c))
                .map(|h| h.seat)
        })
        .unwrap_or_else(|| {
            Seat::all(self.table.seats)
                .find(|&s| self.table.is_active(s))
                .unwrap_or_default()
        })
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.table.variant
    }

    /// The table: variant, seats, dealer.
    pub fn table(&self) -> Table {
        self.table
    }

    /// The record so far (a discard being laid is not in it until it is
    /// complete: [`Game::pending_discard`]).
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// The record so far, the game given up for it (no copy: how the
    /// generator takes a finished deal).
    pub fn into_record(self) -> Record {
        self.record
    }

    /// The cards of a discard being laid, and its seat.
    pub fn pending_discard(&self) -> Option<(Seat, &[Card])> {
        self.pending.as_ref().map(|(s, c)| (*s, c.as_slice()))
    }

    /// The findings of the record so far, `incomplete` left out: none after
    /// legal moves only; those of the moves taken by [`Game::apply_anyway`].
    pub fn problems(&self) -> &[Problem] {
        &self.problems
    }

    /// Whether the deal has ended (the record needs no further entry).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The phase of the first legal move (the sections in their order),
    /// `Over` when the deal has ended.
    pub fn phase(&self) -> Phase {
        self.first_legal().map_or(Phase::Over, |m| m.phase())
    }

    /// The seat of the first legal move: the one seat to act, except where
    /// the rules let several speak (a French handful beside the lead).
    pub fn to_act(&self) -> Option<Seat> {
        self.first_legal().map(|m| m.seat())
    }

    /// The verifier's report on the record so far: once the deal is over,
    /// its settlement (`settled`, ledger, totals, pots).
    pub fn result(&self) -> Report {
        let mut session = self.session.clone();
        verify(&self.record, &mut session)
    }

    /// [`Game::result`] without the events (the words `explain` shows) and
    /// the result facts they come with: the findings, `settled`, the
    /// ledger, the totals and the pots, what a playout needs. After legal
    /// moves only, the stepped engine's own ending of the deal (as each
    /// move is judged), with what the session carries; else the replay.
    /// Debug builds check it against [`Game::result`].
    pub fn settlement(&self) -> Report {
        let mut session = self.session.clone();
        let stepped = self
            .stepped
            .as_ref()
            .filter(|_| self.problems.is_empty() && self.pending.is_none())
            .and_then(|s| s.judge_clean(&self.record, self.table));
        let replayed = match stepped {
            Some(report) => crate::Replayed {
                report,
                table: Some(self.table),
            },
            None => replay(&self.record, &mut session, false),
        };
        let report = crate::carry(&self.record, &mut session, replayed);
        #[cfg(debug_assertions)]
        {
            let full = self.result();
            assert!(
                same_report(&report, &full) && report.pots == full.pots,
                "settlement {:?}\nresult {:?}",
                report.problems,
                full.problems
            );
        }
        report
    }

    /// [`Game::judge`] of the deal alone, which the stepped engine was
    /// made on: its structural checks found nothing ([`Stepper::new`]).
    fn judge_deal(&self) -> Judged {
        let stepped = self
            .stepped
            .as_ref()
            .and_then(|s| s.judge_clean(&self.record, self.table));
        self.judged(&self.record, stepped)
    }

    /// The engine's findings on `record` (`incomplete` left out), and
    /// whether the record ends the deal.
    fn judge(&self, record: &Record) -> Judged {
        let stepped = self
            .stepped
            .as_ref()
            .and_then(|s| s.judge(record, self.table));
        self.judged(record, stepped)
    }

    /// [`Game::judge`] with the stepped engine's report (`None`: the
    /// record is replayed).
    fn judged(&self, record: &Record, stepped: Option<Report>) -> Judged {
        // Debug builds (the tests): the stepped engine gives what the
        // replay of the whole record gives, every 4th judgement.
        #[cfg(debug_assertions)]
        if let Some(stepped) = stepped.as_ref().filter(|_| every_4th()) {
            let replayed = replay(record, &mut self.session.clone(), false).report;
            assert!(
                same_report(stepped, &replayed),
                "stepped {:?}\nreplayed {:?}",
                stepped.problems,
                replayed.problems
            );
        }
        let report = match stepped {
            Some(report) => report,
            None => replay(record, &mut self.session.clone(), false).report,
        };
        let waiting = report.problems.iter().any(|p| still_declaring(record, p));
        let over = !waiting && !report.problems.iter().any(|p| p.kind == Kind::Incomplete);
        let problems = report
            .problems
            .into_iter()
            .filter(|p| p.kind != Kind::Incomplete && !still_declaring(record, p))
            .collect();
        (problems, over)
    }

    /// The findings of `record` that the record so far does not have.
    fn fresh(&self, record: &Record) -> Vec<Problem> {
        self.fresh_in(&self.judge(record).0)
    }

    /// The findings of a judgement ([`Game::judge`]) that the record so
    /// far does not have.
    fn fresh_in(&self, problems: &[Problem]) -> Vec<Problem> {
        let mut old: Vec<&Problem> = self.problems.iter().collect();
        problems
            .iter()
            .filter(|p| match old.iter().position(|o| same(o, p)) {
                Some(i) => {
                    old.swap_remove(i);
                    false
                }
                None => true,
            })
            .cloned()
            .collect()
    }

    /// Takes `record` as the record so far, `judged` its judgement
    /// ([`Game::judge`]) made already: [`Game::rejudge`] without judging
    /// the same record twice.
    fn adopt(&mut self, record: Record, judged: Judged) {
        self.record = record;
        self.relist();
        if let Some(stepped) = self.stepped.as_mut() {
            stepped.advance(&self.record);
        }
        (self.problems, self.over) = judged;
    }

    fn rejudge(&mut self) {
        self.relist();
        if let Some(stepped) = self.stepped.as_mut() {
            stepped.advance(&self.record);
        }
        let (problems, over) = self.judge(&self.record);
        self.problems = problems;
        self.over = over;
    }

    /// The seat after `seat` in the order of play (Danish Tarok: the seat
    /// that sits out is passed over).
    fn next_seat(&self, seat: Seat) -> Seat {
        let mut s = seat.next(self.table.seats);
        while !self.table.is_active(s) {
            s = s.next(self.table.seats);
        }
        s
    }

    /// Whether the last trick is not complete ([`Game::in_trick`] is some),
    /// without finding whose place it is.
    fn trick_open(&self) -> bool {
        !self.leaders.is_empty()
            && self
                .record
                .tricks
                .last()
                .is_some_and(|last| last.plays.len() < self.table.variant.active_seats())
    }

    /// The seat whose place it is in the last trick, if it is not complete.
    fn in_trick(&self) -> Option<Seat> {
        let last = self.record.tricks.last()?;
        if last.plays.len() >= self.table.variant.active_seats() {
            return None;
        }
        let mut seat = *self.leaders.last()?;
        for _ in 1..last.plays.len() {
            seat = self.next_seat(seat);
        }
        Some(self.next_seat(seat))
    }

    /// The record with `mv` appended (a discard card: the pending discard
    /// with it); `lead`: a new trick names its leader.
    fn with(&self, mv: &Move, lead: bool) -> Record {
        let mut record = self.record.clone();
        match mv.clone() {
            Move::Auction { .. }
            | Move::Calls { .. }
            | Move::Declare { .. }
            | Move::Play { .. } => {
                self.append(&mut record, mv, lead);
            }
            Move::Handful { seat, size, card } => {
                let mut cards = self.showing_cards(seat, size);
                cards.push(card);
                record = self.with_handful(seat, size, &cards);
            }
            Move::Discard { seat, card } => {
                let mut cards = self.pending_cards(seat);
                cards.push(card);
                record.discard = Some(self.discard(seat, &cards, false));
            }
        }
        record
    }

    /// Appends an entry or a card to `record` (the record so far, or a copy
    /// of it), as [`Game::with`]; undone by [`Game::unappend`]. Other moves
    /// are left to `with`.
    fn append(&self, record: &mut Record, mv: &Move, lead: bool) {
        append_to(record, mv, lead, self.in_trick().is_some());
    }

    /// Undoes [`Game::append`] on a copy of the record so far.
    fn unappend(&self, record: &mut Record, mv: &Move) {
        let list = match mv {
            Move::Auction { .. } => &mut record.auction,
            Move::Calls { .. } => &mut record.calls,
            Move::Declare { .. } => &mut record.declarations,
            Move::Play { .. } => {
                if self.in_trick().is_some() {
                    record.tricks.last_mut().expect("a trick").plays.pop();
                } else {
                    record.tricks.pop();
                }
                return;
            }
            Move::Handful { .. } | Move::Discard { .. } => return,
        };
        // `append` made the section when the record had none.
        let made = match mv {
            Move::Auction { .. } => self.record.auction.is_none(),
            Move::Calls { .. } => self.record.calls.is_none(),
            _ => self.record.declarations.is_none(),
        };
        if made {
            *list = None;
        } else if let Some(l) = list.as_mut() {
            l.actions.pop();
        }
    }

    /// [`Game::fresh`] of the record with `mv` appended, judged on
    /// `scratch`, a copy of the record so far that is given back as it
    /// was: an entry or a card costs no copy of the record.
    fn fresh_on(&self, scratch: &mut Record, mv: &Move, lead: bool) -> Vec<Problem> {
        match mv {
            Move::Handful { .. } | Move::Discard { .. } => self.fresh(&self.with(mv, lead)),
            _ => {
                self.append(scratch, mv, lead);
                let problems = self.fresh(scratch);
                self.unappend(scratch, mv);
                problems
            }
        }
    }

    /// The cards of the handful of `size` that `seat` is showing: being
    /// shown, or the last entry of the declarations (a card more extends
    /// it, where the rules let a handful show more, Option `handful_exact`).
    fn showing_cards(&self, seat: Seat, size: HandfulSize) -> Vec<Card> {
        match &self.showing {
            Some((s, z, cards)) if (*s, *z) == (seat, size) => cards.clone(),
            Some(_) => Vec::new(),
            None => self.written_handful(seat, size).unwrap_or_default(),
        }
    }

    /// The cards of the last entry of the declarations, if it is a handful
    /// of `size` by `seat` and no card has been played since.
    fn written_handful(&self, seat: Seat, size: HandfulSize) -> Option<Vec<Card>> {
        if !self.record.tricks.is_empty() {
            return None;
        }
        let last = self.record.declarations.as_ref()?.actions.last()?;
        match &last.act {
            Act::Handful { size: z, cards } if last.seat == seat && *z == size => {
                Some(cards.clone())
            }
            _ => None,
        }
    }

    /// The record with a handful of `cards` of `size` shown by `seat` (in
    /// place of the handful it extends).
    fn with_handful(&self, seat: Seat, size: HandfulSize, cards: &[Card]) -> Record {
        let mut record = self.record.clone();
        if self.showing.is_none() && self.written_handful(seat, size).is_some() {
            if let Some(d) = record.declarations.as_mut() {
                d.actions.pop();
            }
        }
        push_action(
            &mut record.declarations,
            seat,
            Act::Handful {
                size,
                cards: cards.to_vec(),
            },
        );
        record
    }

    /// Whether showing `card` in a handful of `size` is legal: some whole
    /// handful of the cards shown so far, `card` and a filling of the seat's
    /// other trumps (the highest first, the excuse last; its dealt cards
    /// before the talon) is.
    fn handful_legal(&self, seat: Seat, size: HandfulSize, card: Card) -> bool {
        let mut legal = false;
        self.handful_cards_by(
            seat,
            size,
            std::iter::once(card),
            self.handful_reading(seat),
            |_| |cards: &[Card]| self.fresh(&self.with_handful(seat, size, cards)).is_empty(),
            |_| legal = true,
        );
        legal
    }

    /// Each of `candidates` that may be shown in a handful of `size` by
    /// `seat` ([`Game::handful_legal`]), in their order, handed to `take`;
    /// the whole handfuls judged by the judge `judge` makes (given whether
    /// the handful takes the place of the record's last declaration, a
    /// handful it extends): the engine's findings on the record with it,
    /// or the engine's own check of a handful ([`Stepper::legal`]). The
    /// cards shown so far and the seat's trumps are read once for all;
    /// `held`: the seat's holdings and the cards dealt to it
    /// ([`Game::handful_reading`], read once for all sizes).
    fn handful_cards_by<J: Fn(&[Card]) -> bool>(
        &self,
        seat: Seat,
        size: HandfulSize,
        candidates: impl Iterator<Item = Card>,
        held: (CardSet, CardSet),
        judge: impl FnOnce(bool) -> J,
        mut take: impl FnMut(Card),
    ) {
        // No candidate (a seat with too few trumps for the size): nothing
        // to read.
        let mut candidates = candidates.peekable();
        if candidates.peek().is_none() {
            return;
        }
        let replaces = self.showing.is_none() && self.written_handful(seat, size).is_some();
        let base = self.showing_cards(seat, size);
        let size_of = crate::french::handful(size).1;
        let (holdings, dealt) = held;
        let mut trumps: Vec<Card> = holdings
            .iter()
            .filter(|c| (c.is_trump() || c.is_fool()) && !base.contains(c))
            .collect();
        trumps.sort_by_key(|c| (c.is_fool(), std::cmp::Reverse(c.trump_number())));
        // The seat's dealt trumps among them, in the same order, and both
        // as sets: a filling's length is the list's, less the card where
        // the list holds it (read once for all candidates).
        let own: Vec<Card> = trumps
            .iter()
            .copied()
            .filter(|&c| dealt.contains(c))
            .collect();
        let sets = [&own, &trumps].map(|list| list.iter().copied().collect::<CardSet>());
        let holds = judge(replaces);
        let mut cards: Vec<Card> = Vec::with_capacity(size_of.max(base.len() + 1));
        for card in candidates {
            if base.contains(&card) {
                continue;
            }
            let need = size_of.saturating_sub(base.len() + 1);
            // The fillings: the seat's dealt trumps, then all of them, the
            // highest first (the excuse last), less the card.
            let legal = [(&own, sets[0]), (&trumps, sets[1])]
                .into_iter()
                .any(|(list, set)| {
                    if list.len() - usize::from(set.contains(card)) < need {
                        return false;
                    }
                    cards.clear();
                    cards.extend_from_slice(&base);
                    cards.push(card);
                    cards.extend(list.iter().copied().filter(|&c| c != card).take(need));
                    holds(&cards)
                });
            if legal {
                take(card);
            }
        }
    }

    /// What a handful's cards of `seat` are read from
    /// ([`Game::handful_cards_by`]): its holdings and the cards dealt to it.
    fn handful_reading(&self, seat: Seat) -> (CardSet, CardSet) {
        (self.holdings(seat), self.dealt(seat))
    }

    /// The cards dealt to `seat`.
    fn dealt(&self, seat: Seat) -> CardSet {
        self.record
            .hands
            .iter()
            .filter(|h| h.seat == seat)
            .flat_map(|h| h.cards.iter().map(|i| i.card))
            .fold(CardSet::EMPTY, |mut set, c| {
                set.insert(c);
                set
            })
    }

    fn pending_cards(&self, seat: Seat) -> Vec<Card> {
        match &self.pending {
            Some((s, cards)) if *s == seat => cards.clone(),
            _ => Vec::new(),
        }
    }

    /// A discard of `cards` by `seat`; `show`: the trumps in it shown.
    fn discard(&self, seat: Seat, cards: &[Card], show: bool) -> Discard {
        let shown: Vec<Card> = if show {
            cards.iter().copied().filter(|c| c.is_trump()).collect()
        } else {
            Vec::new()
        };
        Discard {
            seat,
            cards: items(cards),
            card_comments: Default::default(),
            shown: items(&shown),
            shown_comments: Default::default(),
            comments: Vec::new(),
            span: Span::default(),
        }
    }

    /// The record with a whole discard of `cards` by `seat`, shown cards or
    /// not as the engine allows, and its new findings.
    fn with_discard(&self, seat: Seat, cards: &[Card]) -> (Record, Vec<Problem>) {
        let (record, problems, _) = self.with_discard_judged(seat, cards);
        (record, problems)
    }

    /// [`Game::with_discard`], with the judgement of the record it gives
    /// ([`Game::judge`]), for [`Game::adopt`].
    fn with_discard_judged(&self, seat: Seat, cards: &[Card]) -> (Record, Vec<Problem>, Judged) {
        let mut best: Option<(Record, Vec<Problem>, Judged)> = None;
        for show in [false, true] {
            if show && !cards.iter().any(|c| c.is_trump()) {
                continue;
            }
            let mut record = self.record.clone();
            record.discard = Some(self.discard(seat, cards, show));
            let judged = self.judge(&record);
            let problems = self.fresh_in(&judged.0);
            if best
                .as_ref()
                .is_none_or(|(_, b, _)| problems.len() < b.len())
            {
                best = Some((record, problems, judged));
            }
        }
        best.expect("one try")
    }

    /// The cards `seat` may have to play or lay away: its hand and the
    /// talon, less the cards played, laid away or being laid away.
    fn holdings(&self, seat: Seat) -> CardSet {
        let mut set = CardSet::EMPTY;
        for h in self.record.hands.iter().filter(|h| h.seat == seat) {
            h.cards.iter().for_each(|i| {
                set.insert(i.card);
            });
        }
        if let Some(t) = &self.record.talon {
            t.cards.iter().for_each(|i| {
                set.insert(i.card);
            });
        }
        for t in &self.record.tricks {
            t.plays.iter().for_each(|i| {
                set.remove(i.card);
            });
        }
        if let Some(d) = self.record.discard.as_ref().filter(|d| d.seat == seat) {
            d.cards.iter().for_each(|i| {
                set.remove(i.card);
            });
        }
        for c in self.pending_cards(seat) {
            set.remove(c);
        }
        set
    }

    /// The discard sizes a variant knows.
    fn discard_sizes(&self) -> &'static [usize] {
        match self.table.variant {
            Variant::DanishTarok => &[3],
            Variant::FrenchTarot => &[6],
            Variant::Koenigrufen => &[3, 6],
            Variant::Skill7Tarock => &[],
        }
    }

    /// Whether laying `card` away is legal: some whole discard of the cards
    /// chosen, `card` and a filling of plain cards is.
    fn discard_legal(&self, seat: Seat, card: Card) -> bool {
        let mut chosen = self.pending_cards(seat);
        chosen.push(card);
        let mut rest: Vec<Card> = self.holdings(seat).iter().filter(|&c| c != card).collect();
        let plain = |c: &Card| {
            let class = if c.is_trump() || c.is_fool() {
                3
            } else if c.is_king() {
                2
            } else if c.rank().is_some_and(|r| r.is_court()) {
                1
            } else {
                0
            };
            (class, c.rank().and_then(|r| r.spot()).unwrap_or(0))
        };
        rest.sort_by_key(plain);
        let trumps_first: Vec<Card> = {
            let mut v = rest.clone();
            v.sort_by_key(|c| (!c.is_trump() || *c == Card::PAGAT, c.trump_number()));
            v
        };
        // The seat's own dealt cards first: a talon card it may not have
        // taken spoils a filling.
        let dealt = self.dealt(seat);
        let own = |v: &[Card]| -> Vec<Card> {
            v.iter().copied().filter(|&c| dealt.contains(c)).collect()
        };
        // Plain cards, then the lowest trumps, kings and oudlers last: a
        // seat with too few plain cards lays trumps away (FR-DISCARD-2).
        let mixed: Vec<Card> = {
            let mut v = rest.clone();
            let top = |c: &Card| {
                c.is_king() || c.is_fool() || matches!(c.trump_number(), Some(1 | 21 | 22))
            };
            v.sort_by_key(|c| (top(c), c.is_trump(), c.trump_number()));
            v
        };
        // Where the stepped engine knows the cards the seat holds now (a
        // Königrufen bidder: its dealt cards and the talon pile it took),
        // those first, in each order, and the tarocks other than the top
        // ones before any suit card (KR-DISCARD-3).
        let mut fills: Vec<Vec<Card>> = Vec::new();
        if let Some(held) = self.stepped.as_ref().and_then(|s| s.held(self, seat)) {
            let top = |c: &Card| {
                c.is_king() || c.is_fool() || matches!(c.trump_number(), Some(1 | 21 | 22))
            };
            let mut tarocks_first = rest.clone();
            tarocks_first.sort_by_key(|c| (top(c), !c.is_trump(), c.trump_number()));
            let held = |v: &[Card]| -> Vec<Card> {
                v.iter().copied().filter(|&c| held.contains(c)).collect()
            };
            fills.extend([held(&tarocks_first), held(&rest), held(&mixed)]);
        }
        fills.extend([
            own(&rest),
            rest.clone(),
            own(&trumps_first),
            trumps_first.clone(),
            own(&mixed),
            mixed,
        ]);
        for &size in self.discard_sizes() {
            if size < chosen.len() {
                continue;
            }
            let need = size - chosen.len();
            for (k, fill) in fills.iter().enumerate() {
                if fills[..k]
                    .iter()
                    .any(|f| f.len() >= need && fill.len() >= need && f[..need] == fill[..need])
                {
                    continue;
                }
                if fill.len() < need {
                    continue;
                }
                let mut cards = chosen.clone();
                cards.extend_from_slice(&fill[..need]);
                if self.with_discard(seat, &cards).1.is_empty() {
                    return true;
                }
            }
        }
        false
    }

    /// Every move the notation can write next, legal or not.
    fn candidates(&self) -> Vec<Move> {
        if let Some((seat, size, _)) = &self.showing {
            return self
                .holdings(*seat)
                .iter()
                .map(|card| Move::Handful {
                    seat: *seat,
                    size: *size,
                    card,
                })
                .collect();
        }
        if let Some((seat, _)) = &self.pending {
            return self
                .holdings(*seat)
                .iter()
                .map(|card| Move::Discard { seat: *seat, card })
                .collect();
        }
        let variant = self.table.variant;
        let sections = notation::words::sections(Some(variant));
        let at = self.at();
        let active: Vec<Seat> = Seat::all(self.table.seats)
            .filter(|&s| self.table.is_active(s))
            .collect();
        let mut out = Vec::new();
        let has = |name: &str| sections.contains(&name);
        if at <= Phase::Auction && has("auction") {
            for &seat in &active {
                out.extend(
                    acts(variant, Phase::Auction, seat, &[])
                        .into_iter()
                        .map(|act| Move::Auction { seat, act }),
                );
            }
        }
        if (at <= Phase::Calls || self.calls_after_discard(Phase::Calls, at)) && has("calls") {
            for &seat in &active {
                out.extend(
                    acts(variant, Phase::Calls, seat, &[])
                        .into_iter()
                        .map(|act| Move::Calls { seat, act }),
                );
            }
        }
        if at < Phase::Discard && has("discard") {
            for &seat in &active {
                out.extend(
                    self.holdings(seat)
                        .iter()
                        .map(|card| Move::Discard { seat, card }),
                );
            }
        }
        if at <= Phase::Declare && has("declare") {
            for &seat in &active {
                let skat: Vec<Card> = match &self.record.discard {
                    Some(d) if d.seat == seat => d.cards.iter().map(|i| i.card).collect(),
                    _ => Vec::new(),
                };
                out.extend(
                    acts(variant, Phase::Declare, seat, &skat)
                        .into_iter()
                        .map(|act| Move::Declare { seat, act }),
                );
                out.extend(self.handful_candidates(seat));
            }
        }
        match self.in_trick() {
            Some(seat) => {
                // Danish Tarok: within a trick the fool led, a card may come
                // with a renaming of it (DK-FOOL-8).
                let led_fool = variant == Variant::DanishTarok
                    && self
                        .record
                        .tricks
                        .last()
                        .and_then(|t| t.plays.first())
                        .is_some_and(|i| i.card.is_fool());
                let renames: &[Option<Lead>] = if led_fool { &LEADS } else { &[None] };
                for card in self.holdings(seat).iter() {
                    for &rename in renames {
                        out.push(Move::renaming(seat, card, rename));
                    }
                }
            }
            None => {
                let trick = self.record.tricks.len();
                if trick < variant.tricks() {
                    for &seat in &active {
                        for card in self.holdings(seat).iter() {
                            let names: &[Option<Lead>] =
                                if variant == Variant::DanishTarok && card.is_fool() {
                                    &LEADS
                                } else {
                                    &[None]
                                };
                            let calls: Vec<Option<Seat>> =
                                if variant == Variant::DanishTarok && trick == 22 {
                                    std::iter::once(None)
                                        .chain(active.iter().map(|&s| Some(s)))
                                        .collect()
                                } else {
                                    vec![None]
                                };
                            for &name in names {
                                for &fool_call in &calls {
                                    out.push(Move::Play {
                                        seat,
                                        card,
                                        name,
                                        rename: None,
                                        fool_call,
                                    });
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// The first card of each French handful `seat` may show: its trumps
    /// and the excuse, for each size it holds enough of them for
    /// (FR-HANDFUL-1; the engine judges each).
    fn handful_candidates(&self, seat: Seat) -> Vec<Move> {
        if self.table.variant != Variant::FrenchTarot {
            return Vec::new();
        }
        let trumps: Vec<Card> = self
            .holdings(seat)
            .iter()
            .filter(|c| c.is_trump() || c.is_fool())
            .collect();
        let mut out = Vec::new();
        for size in HANDFUL_SIZES {
            if trumps.len() >= crate::french::handful(size).1 {
                out.extend(
                    trumps
                        .iter()
                        .map(|&card| Move::Handful { seat, size, card }),
                );
            }
        }
        out
    }

    /// The section the record has reached.
    fn at(&self) -> Phase {
        let r = &self.record;
        if !r.tricks.is_empty() {
            Phase::Play
        } else if r.declarations.is_some() {
            Phase::Declare
        } else if r.discard.is_some() {
            Phase::Discard
        } else if r.calls.is_some() {
            Phase::Calls
        } else {
            Phase::Auction
        }
    }

    /// Königrufen: the announcements come after the discard, though the
    /// record writes them in the calls, before it.
    fn calls_after_discard(&self, phase: Phase, at: Phase) -> bool {
        self.table.variant == Variant::Koenigrufen && phase == Phase::Calls && at == Phase::Discard
    }

    /// A Danish entry the seat has made already in its section (the engine
    /// takes a "pass" again as no fault; offering it would let a playout
    /// go on for ever).
    fn repeated(&self, mv: &Move) -> bool {
        let (list, seat, act) = match mv {
            Move::Auction { seat, act } => (&self.record.auction, seat, act),
            Move::Calls { seat, act } => (&self.record.calls, seat, act),
            Move::Declare { seat, act } => (&self.record.declarations, seat, act),
            _ => return false,
        };
        self.table.variant == Variant::DanishTarok
            && list
                .iter()
                .flat_map(|l| &l.actions)
                .any(|a| a.seat == *seat && a.act == *act)
    }

    /// Whether `mv` is legal now, and if not the engine's findings.
    fn check(&self, mv: &Move) -> Vec<Problem> {
        self.check_on(&mut self.record.clone(), mv)
    }

    /// [`Game::check`], judged on `scratch`, a copy of the record so far
    /// (given back as it was): one copy serves every candidate.
    fn check_on(&self, scratch: &mut Record, mv: &Move) -> Vec<Problem> {
        if self.over {
            // Nothing follows the end of the deal: the engine's word on the
            // record with it, or, where it has none, that the deal is over.
            let problems = self.fresh_on(scratch, mv, true);
            return if problems.is_empty() {
                vec![over()]
            } else {
                problems
            };
        }
        if let Some((seat, cards)) = &self.pending {
            if !matches!(mv, Move::Discard { seat: s, .. } if s == seat) {
                // The discard would be written as it stands: the engine's
                // word on it.
                let mut problems = self.with_discard(*seat, cards).1;
                if problems.is_empty() {
                    problems.push(over_discard());
                }
                return problems;
            }
        }
        if let Some((seat, size, cards)) = &self.showing {
            if !matches!(mv, Move::Handful { seat: s, size: z, .. } if (s, z) == (seat, size)) {
                // The handful would be written as it stands: the engine's
                // word on it.
                let mut problems = self.fresh(&self.with_handful(*seat, *size, cards));
                if problems.is_empty() {
                    problems.push(over_handful());
                }
                return problems;
            }
        }
        if self.repeated(mv) {
            return vec![Problem::new(
                Kind::Other,
                format!("seat {} has said this already", mv.seat()),
            )
            .seat(mv.seat())
            .help("the engine takes an entry said again as no fault, but it says nothing new: a game step by step does not take it")];
        }
        if let Some(word) = foreign(self.table.variant, mv) {
            return vec![Problem::new(
                Kind::Other,
                format!("`{word}` is no word of {}", self.table.variant),
            )
            .seat(mv.seat())
            .help("each game has its own bids, calls and declarations (spec/notation.md §7)")];
        }
        let phase = mv.phase();
        let at = self.at();
        if phase < at && phase != Phase::Discard && !self.calls_after_discard(phase, at) {
            return vec![Problem::new(
                Kind::Other,
                format!("the record has reached the {}: no entry of the {} follows it", at.word(), phase.word()),
            )
            .seat(mv.seat())
            .help("the sections of a record come in their order: auction, calls, discard, declarations, tricks")];
        }
        match mv {
            Move::Discard { seat, card } => {
                if self.pending.as_ref().is_some_and(|(s, _)| s != seat)
                    || self.at() >= Phase::Discard
                {
                    let mut problems = self.fresh_on(scratch, mv, false);
                    problems.truncate(1);
                    if problems.is_empty() {
                        problems.push(over_discard());
                    }
                    return problems;
                }
                if self.discard_legal(*seat, *card) {
                    Vec::new()
                } else {
                    let mut cards = self.pending_cards(*seat);
                    cards.push(*card);
                    let problems = self.with_discard(*seat, &cards).1;
                    if problems.is_empty() {
                        vec![over_discard()]
                    } else {
                        problems
                    }
                }
            }
            Move::Handful { seat, size, card } => {
                if self.handful_legal(*seat, *size, *card) {
                    return Vec::new();
                }
                let mut cards = self.showing_cards(*seat, *size);
                cards.push(*card);
                let mut problems = self.fresh(&self.with_handful(*seat, *size, &cards));
                if problems.is_empty() {
                    problems.push(over_handful());
                }
                problems
            }
            Move::Play { seat, .. } => {
                if let Some(due) = self.in_trick() {
                    if due != *seat {
                        // The record writes no seat within a trick: the card
                        // would be the due seat's.
                        let mut problems = self.fresh_on(scratch, mv, true);
                        if problems.is_empty() {
                            problems.push(
                                Problem::new(
                                    Kind::OutOfTurn,
                                    format!(
                                        "it is seat {due}'s turn in this trick, not seat {seat}'s"
                                    ),
                                )
                                .seat(*seat),
                            );
                        }
                        return problems;
                    }
                }
                self.fresh_on(scratch, mv, true)
            }
            _ => self.fresh_on(scratch, mv, true),
        }
    }

    /// Every legal move now, in the order of the record's sections and
    /// seats.
    pub fn legal(&self) -> Vec<Move> {
        self.legal_moves().into_owned()
    }

    /// [`Game::legal`], borrowed where the engine has listed the moves
    /// (a playout that takes one of them and drops the rest copies none).
    pub fn legal_moves(&self) -> std::borrow::Cow<'_, [Move]> {
        if self.over {
            return std::borrow::Cow::Borrowed(&[]);
        }
        if let Some(listed) = self.listed() {
            // Debug builds (the tests): the engine's list is the judged
            // list, every 4th time (every time with TAROK_CHECK_ALL set in
            // the environment: `TAROK_CHECK_ALL=1 target/debug/tarok gen`).
            #[cfg(debug_assertions)]
            if every_4th() || std::env::var_os("TAROK_CHECK_ALL").is_some() {
                let judged = self.judged_legal();
                assert!(listed == judged, "listed {listed:?}\njudged {judged:?}");
            }
            return std::borrow::Cow::Borrowed(listed);
        }
        std::borrow::Cow::Owned(self.judged_legal())
    }

    /// The legal moves as the stepped engine lists them, where it can: no
    /// finding so far. Made once after each move (a move taken from the
    /// list is then admitted without listing again, [`Stepper::admits`]).
    fn listed(&self) -> Option<&[Move]> {
        self.listed.get_or_init(|| self.list()).as_deref()
    }

    /// The list [`Game::listed`] gives, made now.
    fn list(&self) -> Option<Vec<Move>> {
        self.stepped
            .as_ref()
            .filter(|_| self.problems.is_empty())
            .and_then(|s| s.legal(self))
    }

    /// [`Game::list`], made in `out` (an empty list: [`Stepper::legal_in`]).
    fn list_in(&self, out: Vec<Move>) -> Option<Vec<Move>> {
        self.stepped
            .as_ref()
            .filter(|_| self.problems.is_empty())
            .and_then(|s| s.legal_in(self, out))
    }

    /// Forgets the list of the legal moves ([`Game::listed`]): the game
    /// has changed.
    fn relist(&mut self) {
        self.listed.forget();
    }

    /// Every candidate the engine finds nothing against, judged one by one.
    fn judged_legal(&self) -> Vec<Move> {
        let mut scratch = self.record.clone();
        let legal = self
            .candidates_due(&mut scratch)
            .into_iter()
            .enumerate()
            .filter(|(k, m)| {
                let problems = self.check_on(&mut scratch, m);
                // Debug builds (the tests): every 8th candidate judged on a
                // copy of its own as well, with the same findings.
                #[cfg(debug_assertions)]
                if k % 8 == 0 {
                    let alone = self.check(m);
                    assert!(
                        alone.len() == problems.len()
                            && alone.iter().zip(&problems).all(|(a, b)| same(a, b)),
                        "{m}: judged on the scratch record {problems:?}, alone {alone:?}"
                    );
                }
                let _ = k;
                problems.is_empty()
            })
            .map(|(_, m)| m)
            .collect();
        debug_assert!(scratch == self.record, "the scratch record given back");
        legal
    }

    /// The first move [`Game::legal`] lists, found without judging the
    /// others.
    fn first_legal(&self) -> Option<Move> {
        if self.over {
            return None;
        }
        if let Some(listed) = self.listed() {
            return listed.first().cloned();
        }
        let mut scratch = self.record.clone();
        self.candidates_due(&mut scratch)
            .into_iter()
            .find(|m| self.check_on(&mut scratch, m).is_empty())
    }

    /// The candidates ([`Game::candidates`]) of the seat and section the
    /// stepped engine says are due, after legal moves only (Skill7 Tarock,
    /// `skill7::Engine::due`): the others are illegal, so not judged one
    /// by one. Debug builds judge every 4th of those left out and check
    /// that it is illegal.
    fn candidates_due(&self, scratch: &mut Record) -> Vec<Move> {
        let mut all = self.candidates();
        let due = self
            .stepped
            .as_ref()
            .filter(|_| self.problems.is_empty())
            .and_then(|s| s.due(self));
        let Some((seat, phase)) = due else {
            return all;
        };
        all.retain(|m| {
            let keep = m.seat() == seat && m.phase() == phase;
            #[cfg(debug_assertions)]
            if !keep && every_4th() {
                assert!(
                    !self.check_on(scratch, m).is_empty(),
                    "{m} is legal, but seat {seat} in the {} is due",
                    phase.word()
                );
            }
            keep
        });
        let _ = scratch;
        all
    }

    /// Takes `mv` if it is legal; otherwise leaves the game as it was and
    /// gives the engine's findings on the record with `mv` appended.
    pub fn apply(&mut self, mv: Move) -> Result<(), Rejected> {
        let applied = self.apply_listed(mv);
        if applied.is_ok() {
            // The list of the position left gives its room to the next.
            let spare = self.listed.spare();
            self.relist_in(spare);
        }
        applied
    }

    /// After a move taken: the list forgotten and, where the position
    /// before was listed, this one listed (`Listing`) in `spare` (an empty
    /// list, the room of the one before).
    fn relist_in(&mut self, spare: Vec<Move>) {
        self.relist();
        if self.listed.on_ask {
            *self.listed.asked.get_mut() = false;
        } else if std::mem::take(self.listed.asked.get_mut()) && !self.over {
            self.listed.ready = Some(self.list_in(spare));
        }
    }

    /// Whether the list of the legal moves is made only when asked for
    /// (`true`), not ahead for the position a move leaves where the list of
    /// the position before was asked for (`false`, a new game's way, for a
    /// playout that asks for every list). A playout that takes most moves
    /// without the list ([`Game::play_plain`]) makes none it does not read;
    /// it asks for a list by [`Game::list_now`] first. The lists are the
    /// same either way.
    pub fn list_on_ask(&mut self, on_ask: bool) {
        self.listed.on_ask = on_ask;
    }

    /// Makes the list of the legal moves of this position now
    /// ([`Game::legal_moves`] then reads it), where not made yet, as
    /// [`Game::legal_moves`] would make it but without the lazy
    /// initialisation's atomic operations. (Made by `Game::list`, not in
    /// the room of the list before: a second call of `Game::list_in` had
    /// it made out of line in `Game::relist_in` too, every move of every
    /// variant's playouts 16 instructions more.)
    pub fn list_now(&mut self) {
        if self.over || self.listed.get().is_some() {
            return;
        }
        self.listed.ready = Some(self.list());
    }

    /// Takes the move at `index` in [`Game::legal_moves`] (the list of
    /// this position), as [`Game::apply`] takes that move. Where the engine
    /// lists the moves, the move is read in the list: not copied out of it
    /// to be handed over, nor searched for in it again. Panics where
    /// `index` is not a place in the list.
    pub fn apply_at(&mut self, index: usize) -> Result<(), Rejected> {
        if self.over || self.listed().is_none() {
            let mv = self.legal_moves()[index].clone();
            return self.apply(mv);
        }
        // Debug builds (the tests): the move read as the engine's (`known`)
        // is admitted as the list searched admits it.
        #[cfg(debug_assertions)]
        let searched = {
            let mv = &self.legal_moves()[index];
            self.stepped
                .as_ref()
                .is_some_and(|s| s.admits(self, mv, false))
        };
        // The list taken out of the game while its move is taken; the
        // listing counts as asked for (`Game::listed` above).
        let list = self.listed.take().expect("the engine's list, made");
        if !self.step(&list[index], true) {
            // Judged as `Game::apply` judges it, the list given back.
            let mv = list[index].clone();
            self.listed.ready = Some(Some(list));
            return self.apply(mv);
        }
        #[cfg(debug_assertions)]
        assert!(
            searched,
            "{} admitted as listed, not as searched for",
            list[index]
        );
        // As `Game::apply` after a move taken: the list's room for the next.
        let mut spare = list;
        spare.clear();
        self.relist_in(spare);
        Ok(())
    }

    /// A card of the play chosen from the engine's set of cards, without
    /// the list of the legal moves (a Danish playout: a card a step, most
    /// of them plain). Where the legal moves are plain plays of one seat
    /// and nothing else (no fool named, renamed or called for), `choose`
    /// is given that seat and the cards, in the order [`Game::legal`] lists
    /// them, and the card it gives is taken as [`Game::apply`] takes
    /// `Move::play(seat, card)`: a listed card as [`Game::apply_at`] takes
    /// it, without judging the record again (`Ok(None)`). With `fool`, also
    /// where the list is such cards and then the fool, led plain and under
    /// each name (Danish Tarok, DK-FOOL-8): `choose` is given the cards with
    /// the fool, the last of them, and the fool chosen is given back
    /// untaken (`Ok(Some(fool))`: the caller makes its move). `None`
    /// (nothing taken, `choose` not asked) where the engine does not say
    /// so: another variant, another position (the caller takes
    /// [`Game::legal_moves`]). Debug builds check the set against the
    /// engine's list.
    pub fn play_plain(
        &mut self,
        fool: bool,
        choose: impl FnOnce(Seat, CardSet) -> Card,
    ) -> Option<Result<Option<Card>, Rejected>> {
        // As `Game::step` takes a move: a clean record so far.
        if self.over
            || !self.problems.is_empty()
            || self.pending.is_some()
            || self.showing.is_some()
        {
            return None;
        }
        let (seat, cards, named) = match self.stepped.as_deref() {
            Some(Stepper::Danish(s)) => s.plain_cards(&self.record)?,
            _ => return None,
        };
        if cards.is_empty() || named && !fool {
            return None;
        }
        #[cfg(debug_assertions)]
        {
            let mut plain: Vec<Move> = cards.iter().map(|c| Move::play(seat, c)).collect();
            if named {
                plain.pop();
                plain.extend(LEADS.iter().map(|&name| Move::Play {
                    seat,
                    card: Card::FOOL,
                    name,
                    rename: None,
                    fool_call: None,
                }));
            }
            assert_eq!(self.list().as_deref(), Some(&plain[..]), "the plain cards");
        }
        let card = choose(seat, cards);
        if named && card.is_fool() {
            return Some(Ok(Some(card)));
        }
        let mv = Move::play(seat, card);
        // A card listed: the engine admits it as read in its list (`known`);
        // one not listed is judged.
        if !cards.contains(card) || !self.step(&mv, true) {
            return Some(self.apply(mv).map(|()| None));
        }
        // As `Game::apply` after a move taken; nothing to forget where the
        // lists are made when asked for and none was for this position.
        if !(self.listed.on_ask && self.listed.get().is_none()) {
            let spare = self.listed.spare();
            self.relist_in(spare);
        }
        Some(Ok(None))
    }

    /// [`Game::apply`], the list of the legal moves made before the move
    /// still held.
    fn apply_listed(&mut self, mv: Move) -> Result<(), Rejected> {
        if self.step(&mv, false) {
            return Ok(());
        }
        if self.listed_piece(&mv) {
            #[cfg(debug_assertions)]
            if every_4th() {
                let problems = self.check(&mv);
                assert!(problems.is_empty(), "{mv} listed, judged {problems:?}");
            }
            if !self.discard_listed(&mv) {
                self.take(mv);
            }
            return Ok(());
        }
        let problems = self.check(&mv);
        if !problems.is_empty() {
            return Err(Rejected { problems });
        }
        self.take(mv);
        Ok(())
    }

    /// Takes `mv` without judging the record again where the stepped engine
    /// lists it as legal ([`Stepper::admits`]): the record takes it as
    /// written and the engine steps by it, the findings stay none. Debug
    /// builds check every 4th step against the judgement of the record.
    /// `known`: `mv` is read in the engine's list of this position
    /// ([`Stepper::admits`]).
    fn step(&mut self, mv: &Move, known: bool) -> bool {
        let clean = !self.over
            && self.problems.is_empty()
            && self.pending.is_none()
            && self.showing.is_none();
        if !clean
            || !self
                .stepped
                .as_ref()
                .is_some_and(|s| s.admits(self, mv, known))
        {
            return false;
        }
        let within = self.trick_open();
        debug_assert_eq!(within, self.in_trick().is_some());
        if let (Move::Play { seat, .. }, false) = (mv, within) {
            self.leaders.push(*seat);
        }
        let card = matches!(mv, Move::Play { .. }) && !self.record.tricks.is_empty();
        // Danish and French: room for every trick at the first card (the
        // most cards a seat was dealt), where the list grew by doubling.
        if matches!(mv, Move::Play { .. })
            && self.record.tricks.capacity() == 0
            && matches!(
                self.table.variant,
                Variant::DanishTarok | Variant::FrenchTarot
            )
        {
            let most = self.record.hands.iter().map(|h| h.cards.len()).max();
            self.record.tricks.reserve_exact(most.unwrap_or(0));
        }
        append_to(&mut self.record, mv, false, within);
        if let Some(stepped) = self.stepped.as_mut() {
            match stepped.as_mut() {
                // A card after the first: the sections before the play
                // are as the engine read them.
                Stepper::Danish(s) if card => s.advance_card(&self.record),
                Stepper::French(s) if card => s.advance_card(&self.record),
                Stepper::Koenigrufen(s) if card => s.advance_card(&self.record),
                s => s.advance(&self.record),
            }
            self.over = match stepped.ended(&self.record, mv) {
                Some(over) => over,
                None => self.judge(&self.record).1,
            };
        }
        #[cfg(debug_assertions)]
        if every_4th() {
            let (problems, over) = self.judge(&self.record);
            assert!(
                problems.is_empty() && over == self.over,
                "{mv} stepped (over: {}), judged {problems:?} (over: {over})",
                self.over
            );
        }
        true
    }

    /// Whether `mv` is a card laid away or shown in a handful, or an entry,
    /// that the stepped engine lists as legal ([`Stepper::legal`]: the
    /// Danish skat, the French écart and handfuls, the auction and calls of
    /// French Tarot and Königrufen), on a record of legal moves only:
    /// [`Game::apply`] takes it unjudged (the record with it is judged once,
    /// as any move taken is).
    fn listed_piece(&self, mv: &Move) -> bool {
        !matches!(mv, Move::Play { .. })
            && !self.over
            && self.listed().is_some_and(|legal| legal.contains(mv))
    }

    /// Takes `mv` if it is the last card of a Danish skat or of a French
    /// écart without trumps that the engine lists ([`Game::listed_piece`]):
    /// the discard is then proper (DK-DISCARD-1 to -4; FR-DISCARD), so the
    /// record with it has no finding the record so far has not, and goes
    /// on (the declarations and the play follow): it is taken without
    /// judging it (the engine steps to it, [`Game::adopt`]), where
    /// [`Game::take`] judges it whole. It is written with no trump shown,
    /// as [`Game::with_discard`] writes it: the Danish engine does not read
    /// the trumps shown (both ways find the same, and the first is kept),
    /// and a French écart with no trump is only tried so. Debug builds
    /// check every 4th against that judgement. False (nothing taken) for
    /// any other move.
    fn discard_listed(&mut self, mv: &Move) -> bool {
        let Move::Discard { seat, card } = *mv else {
            return false;
        };
        let (size, trumps_tried) = match self.stepped.as_deref() {
            Some(Stepper::Danish(_)) => (3, true),
            Some(Stepper::French(_)) => (6, false),
            _ => return false,
        };
        let last = matches!(&self.pending, Some((s, chosen))
            if *s == seat
                && chosen.len() + 1 == size
                && (trumps_tried || !chosen.iter().chain([&card]).any(|c| c.is_trump())));
        if !last || self.showing.is_some() || !self.problems.is_empty() {
            return false;
        }
        let (_, mut cards) = self.pending.take().expect("a discard being laid");
        cards.push(card);
        let mut record = self.record.clone();
        record.discard = Some(self.discard(seat, &cards, false));
        #[cfg(debug_assertions)]
        if every_4th() {
            let (judged_record, fresh, (problems, over)) = self.with_discard_judged(seat, &cards);
            assert!(
                fresh.is_empty() && problems.is_empty() && !over && judged_record == record,
                "discard {cards:?} listed, judged {problems:?} (over: {over})"
            );
        }
        self.adopt(record, (Vec::new(), false));
        true
    }

    /// Takes `mv` whether it is legal or not (entering a real record), and
    /// gives the findings it adds (none for a legal move).
    pub fn apply_anyway(&mut self, mv: Move) -> Vec<Problem> {
        let before = self.problems.len();
        let problems = self.check(&mv);
        self.take(mv);
        self.relist();
        let mut added: Vec<Problem> = self.problems.iter().skip(before).cloned().collect();
        if added.is_empty() && !problems.is_empty() && self.pending.is_none() {
            added = problems;
        }
        added
    }

    fn take(&mut self, mv: Move) {
        if let Move::Handful { seat, size, card } = mv {
            if self.pending.is_some()
                || self
                    .showing
                    .as_ref()
                    .is_some_and(|(s, z, _)| (*s, *z) != (seat, size))
            {
                self.commit();
            }
            let mut cards = self.showing_cards(seat, size);
            cards.push(card);
            // A handful written already is extended in place, legal or not.
            let extends = self.showing.is_none() && self.written_handful(seat, size).is_some();
            // Fewer cards than the size shows (exactly so many,
            // FR-HANDFUL-1) are a false handful (FR-HANDFUL-3): after
            // legal moves only, the judgement of the record with them finds
            // that, so they wait to be shown on without it (debug builds
            // check every 4th).
            if !extends
                && self.problems.is_empty()
                && cards.len() < crate::french::handful(size).1
                && matches!(self.stepped.as_deref(), Some(Stepper::French(_)))
            {
                #[cfg(debug_assertions)]
                if every_4th() {
                    let judged = self.judge(&self.with_handful(seat, size, &cards));
                    assert!(
                        !self.fresh_in(&judged.0).is_empty(),
                        "a handful of {} cards judged whole",
                        cards.len()
                    );
                }
                self.showing = Some((seat, size, cards));
                return;
            }
            let record = self.with_handful(seat, size, &cards);
            let judged = self.judge(&record);
            if extends || self.fresh_in(&judged.0).is_empty() {
                self.showing = None;
                self.adopt(record, judged);
            } else {
                self.showing = Some((seat, size, cards));
            }
            return;
        }
        if let Move::Discard { seat, card } = mv {
            self.commit_showing();
            let mut cards = self.pending_cards(seat);
            if self.pending.as_ref().is_some_and(|(s, _)| *s != seat) {
                self.commit();
            }
            cards.push(card);
            // Fewer cards than any discard of the variant holds are a
            // discard being laid: no need to judge them whole.
            let sizes = self.discard_sizes();
            if !sizes.is_empty() && sizes.iter().all(|&size| cards.len() < size) {
                self.pending = Some((seat, cards));
                return;
            }
            let (record, problems, judged) = self.with_discard_judged(seat, &cards);
            if problems.is_empty() {
                self.pending = None;
                self.adopt(record, judged);
            } else {
                self.pending = Some((seat, cards));
            }
            return;
        }
        self.commit();
        if let Move::Play { seat, .. } = mv {
            if self.in_trick().is_none() {
                self.leaders.push(seat);
                // Name the leader only where the engine reads the trick
                // otherwise without it.
                let plain = self.with(&mv, false);
                let named = self.with(&mv, true);
                let (judged_plain, judged_named) = (self.judge(&plain), self.judge(&named));
                let (a, b) = (
                    self.fresh_in(&judged_plain.0),
                    self.fresh_in(&judged_named.0),
                );
                let alike = a.len() == b.len() && a.iter().zip(&b).all(|(a, b)| same(a, b));
                if alike {
                    self.adopt(plain, judged_plain);
                } else {
                    self.adopt(named, judged_named);
                }
                return;
            }
        }
        self.record = self.with(&mv, true);
        self.rejudge();
    }

    /// Writes a discard being laid, and a handful being shown, into the
    /// record as they stand.
    fn commit(&mut self) {
        if let Some((seat, cards)) = self.pending.take() {
            let (record, _, judged) = self.with_discard_judged(seat, &cards);
            self.adopt(record, judged);
        }
        self.commit_showing();
    }

    fn commit_showing(&mut self) {
        if let Some((seat, size, cards)) = self.showing.take() {
            self.record = self.with_handful(seat, size, &cards);
            self.rejudge();
        }
    }
}

/// A Danish seat that has made a declaration and may make another: the
/// engine judges the last seat of a record that stops in the declarations
/// as done, and finds a combination it has not declared yet missing
/// (DK-DECL-4), which ends the deal. Step by step the seat is still
/// speaking: that finding waits until another seat speaks or the play
/// starts, and the deal goes on.
fn still_declaring(record: &Record, p: &Problem) -> bool {
    p.kind == Kind::MissingDeclaration
        && record.tricks.is_empty()
        && record
            .declarations
            .as_ref()
            .and_then(|d| d.actions.last())
            .is_some_and(|a| Some(a.seat) == p.seat && a.act != Act::Pass)
}

/// The word of an entry that the variant's records do not use (the Danish
/// engine passes over a `slam` in silence; a game does not take it).
fn foreign(variant: Variant, mv: &Move) -> Option<&'static str> {
    let act = match mv {
        Move::Auction { act, .. } | Move::Calls { act, .. } | Move::Declare { act, .. } => act,
        Move::Handful { .. } => &Act::Handful {
            size: HandfulSize::Simple,
            cards: Vec::new(),
        },
        _ => return None,
    };
    let used = match act {
        Act::Bid { game } => game.variant() == variant,
        other => other.verb().used_in(variant),
    };
    (!used).then_some(act.word())
}

/// The names a led fool can be given, and the renamings of it within the
/// trick, in the order the game lists them: none, the suits, trumps
/// (DK-FOOL-8).
pub(crate) const LEADS: [Option<Lead>; 6] = [
    None,
    Some(Lead::Suit(Suit::Spades)),
    Some(Lead::Suit(Suit::Hearts)),
    Some(Lead::Suit(Suit::Diamonds)),
    Some(Lead::Suit(Suit::Clubs)),
    Some(Lead::Trumps),
];

fn over() -> Problem {
    Problem::new(Kind::Other, "the deal is over: nothing more is written")
        .help("start the next deal")
}

fn over_handful() -> Problem {
    Problem::new(Kind::WrongDeclaration, "no handful can be shown here")
        .help("a handful is shown once, by one seat, before its first card (FR-HANDFUL-1)")
}

fn over_discard() -> Problem {
    Problem::new(Kind::IllegalDiscard, "no card can be laid away here")
        .help("a discard is laid once, by one seat, before the declarations and the play")
}

/// The entries of a section that a seat of `variant` can write: every word
/// of the variant that the section holds. `skat`: the Danish dealer's skat,
/// whose cards a declaration may name (DK-DECL-5).
fn acts(variant: Variant, phase: Phase, seat: Seat, skat: &[Card]) -> Vec<Act> {
    let _ = seat;
    let mut out = Vec::new();
    let games = || {
        notation::Game::ALL
            .iter()
            .filter(move |g| g.variant() == variant)
            .map(|&game| Act::Bid { game })
    };
    let bonuses = || Bonus::ALL.iter().copied();
    let contras = |out: &mut Vec<Act>| {
        for target in std::iter::once(Target::Game).chain(bonuses().map(Target::Bonus)) {
            out.push(Act::Contra { target });
            out.push(Act::Recontra { target });
            out.push(Act::Subcontra { target });
        }
    };
    match (variant, phase) {
        (Variant::DanishTarok, Phase::Auction | Phase::Calls) => {
            out.extend([Act::Pass, Act::Misdeal, Act::Tout]);
        }
        (Variant::DanishTarok, Phase::Declare) => {
            out.extend([Act::Pass, Act::Misdeal, Act::Tout]);
            let kinds = |f: &dyn Fn(Card) -> bool| -> Vec<Vec<Card>> {
                let named: Vec<Card> = skat.iter().copied().filter(|&c| f(c)).collect();
                if named.is_empty() {
                    vec![Vec::new()]
                } else {
                    vec![Vec::new(), named]
                }
            };
            for skat in kinds(&|c| c.is_trump() || c.is_fool()) {
                for count in 10..=23 {
                    for pagat in [true, false] {
                        out.push(Act::Trumps {
                            count,
                            pagat,
                            skat: skat.clone(),
                        });
                    }
                }
                for count in 3..=23 {
                    out.push(Act::Matadors {
                        count,
                        skat: skat.clone(),
                    });
                }
            }
            for suit in Suit::ALL {
                for skat in
                    kinds(&|c| c.suit() == Some(suit) && c.rank().is_some_and(|r| r.is_court()))
                {
                    for missing in Card::all().filter(|c| {
                        c.suit() == Some(suit) && c.rank().is_some_and(|r| r.is_court())
                    }) {
                        out.push(Act::Half {
                            suit,
                            missing,
                            skat: skat.clone(),
                        });
                    }
                    out.push(Act::Full {
                        suit,
                        skat: skat.clone(),
                    });
                    out.push(Act::Abundant {
                        suit,
                        skat: skat.clone(),
                    });
                }
            }
            for skat in kinds(&|c| c.is_king()) {
                for missing in Card::all().filter(|c| c.is_king()) {
                    out.push(Act::HalfKings {
                        missing,
                        skat: skat.clone(),
                    });
                }
                out.push(Act::FullKings { skat: skat.clone() });
                out.push(Act::AbundantKings { skat: skat.clone() });
            }
        }
        (Variant::FrenchTarot, Phase::Auction) => {
            out.push(Act::Pass);
            out.extend(games());
        }
        (Variant::FrenchTarot, Phase::Declare) => out.push(Act::Slam),
        (Variant::Koenigrufen, Phase::Auction) => {
            out.push(Act::Pass);
            out.extend(games());
        }
        (Variant::Koenigrufen, Phase::Calls)
        | (Variant::Skill7Tarock, Phase::Auction | Phase::Calls) => {
            out.push(Act::Pass);
            if variant == Variant::Skill7Tarock {
                out.extend(games());
                out.push(Act::Continue);
                out.extend(Card::all().filter(|c| c.is_trump()).map(|card| Act::Call {
                    card,
                    fourth: false,
                }));
            } else {
                for card in Card::all().filter(|c| c.is_king()) {
                    out.push(Act::Call {
                        card,
                        fourth: false,
                    });
                    out.push(Act::Call { card, fourth: true });
                }
                out.extend([Act::Talon { half: 0 }, Act::Talon { half: 1 }, Act::Grind]);
            }
            out.extend(bonuses().map(|bonus| Act::Announce { bonus }));
            contras(&mut out);
        }
        _ => {}
    }
    out
}
