//! # Königrufen ("call the king")
//!
//! The rules engine of the Austrian four-player tarock game, after the
//! digest `koenigrufen.md` (rule ids `KR-…`). The engine (`engine`, an
//! owned, cloneable `Engine`) takes the record entry by entry in the order
//! the game is played and ends the deal where the record ends; [`replay`]
//! (what `verify` runs) is the engine over a whole record, and a game
//! played step by step (`crate::game`) judges and lists its moves on
//! clones of it.
//!
//! Each phase is a module; the engine calls them in order:
//!
//! | phase | module | rule ids |
//! |---|---|---|
//! | the deal | `deal` | KR-DEAL-1, 2 (hands, talon piles; partial records; a wrong deal void) |
//! | the auction | `auction` | KR-BID-1..8 |
//! | the king call | `call` | KR-CALL-1..4 |
//! | the talon | `talon` | KR-TALON-1..5 (grind: KR-TALON-2) |
//! | the discard | `discard` | KR-DISCARD-1..4 (one discard, one finding) |
//! | the call round | `announcements` | KR-ANN-1..7 |
//! | the tricks | `play` | KR-PLAY-1, 8, 9, 10, KR-NEG-1; a card not held or played twice, the void deal of a wrong-size trick |
//! | what may be played | `duties` | KR-PLAY-2..7 (on the shared [`crate::trick`] core) |
//! | the settlement | `settle` | KR-SCORE-1..7, KR-BONUS-1..10 |
//!
//! | stepping, the legal moves | `engine` | when each phase's reading is final; who is due; the legal entries and cards |
//!
//! The fixed facts (card points KR-POINTS-*, strength KR-DECK-*, game
//! classes, bonus values) are in `rules`, the rule options in `options`.
//! The phases change a `state::State` (hands, talon, teams,
//! announcements, tricks) and emit findings, events and payments through
//! the report writer `out::Out`; they never stop at a fault. The structural
//! faults of the rules README (ALL-1 to ALL-7) are judged as the amended
//! digest says: a wrong deal is one finding by the dealer and void
//! (KR-DEAL-1), a trick of the wrong size cuts the judging and voids the
//! deal (KR-PLAY-10), a record that stops early is one `incomplete` and not
//! settled (KR-NEG-1).
//!
//! A record without hands (`record.is_partial()`) is replayed with each
//! seat's hand taken to be the cards it played (and the bidder's discard),
//! so a revoke still shows by a card of the suit led played later.
//!
//! ```
//! let text = "[Variant \"koenigrufen\"]\n[Dealer \"3\"]\n\nauction: 1 pass, 2 pass, 3 pass, 0 pass\n";
//! let record = notation::parse_str(text).remove(0).unwrap();
//! let report = tarok_verifier::verify(&record, &mut tarok_verifier::Session::default());
//! assert!(report.problems.iter().any(|p| p.rule == Some(notation::Rule::KrBid4)));
//! ```
//!
//! ## Speed (issue 15)
//! Hot-path shortcuts, each held equal to the plain walk by a unit test: a
//! pile's card points on masks, the bonus lines' words (ultimos, king
//! ultimo, pile bonuses) as fixed words.

mod announcements;
mod auction;
mod call;
mod deal;
mod discard;
mod duties;
mod engine;
mod options;
mod out;
mod play;
pub mod rules;
mod settle;
mod sheet;
mod state;
mod talon;

use notation::Kind;
use notation::Record;
use notation::Rule;

use crate::{Deal, Report, Session};
use engine::Engine;
pub(crate) use engine::Stepped;
use options::Opts;
use out::Out;
use state::State;

/// What this variant carries from one deal of a session to the next: the
/// running totals live in [`Session::scores`]; a `Scores` tag of the first
/// deal seeds them.
#[derive(Debug, Clone, Default)]
pub struct SessionState {
    /// Deals of this variant replayed so far.
    pub deals: usize,
}

/// One step of the engine over the record: the record read, the rule
/// options, and the engine's game state and report writer, which the
/// phases change.
pub(crate) struct Replay<'a> {
    pub rec: &'a Record,
    pub opts: Opts,
    pub state: &'a mut State,
    pub out: Out<'a>,
    /// The first trick of the wrong size (ALL-3, 0-based): nothing in it
    /// or after it is judged.
    pub cut: &'a mut Option<usize>,
}

/// How the auction ends (KR-BID-4, KR-BID-7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Auction {
    /// A game is played (also after an unfinished auction the record goes
    /// on from: its highest bid).
    Game,
    /// No game: the forehand's pass, or no bid at all. Not settled, and
    /// nothing after the auction is judged (KR-BID-7).
    NoGame,
    /// The record stops in or right after the auction (ALL-4).
    Stops,
}

/// Replays the deal, pushing findings, payments and events into the report:
/// the engine ([`Engine`]) takes the record's entries in their order, then
/// the record's end ends the deal.
pub fn replay(deal: &Deal<'_>, session: &mut Session, report: &mut Report) {
    let rec = deal.record;
    // Who did what cannot be known when a seat is not at the table or has
    // two hands: such a record is not replayed (its structural finding
    // says why).
    if deal.facts.unknown_seats {
        return;
    }
    session.koenigrufen.deals += 1;
    name_structural_faults(report);
    let forehand = deal.table.dealer.next(4); // KR-DEAL-2
                                              // A score sheet without cards: its facts settle the deal (issue 26).
    if let Some(sheet) = rec
        .result
        .as_ref()
        .filter(|_| crate::sheet::sheet_only(rec))
    {
        let opts = Opts::read(deal.options);
        let mut out = Out::new(report);
        match sheet::stated(sheet, &opts, forehand, &mut out) {
            Some(sheet::Settles::Grind(game, bidder)) => {
                settle::grind_facts(&mut out, game, bidder);
                out.settled();
            }
            Some(sheet::Settles::Played(facts)) => {
                settle::settle_facts(&mut out, &opts, &facts);
                out.settled();
            }
            None => {}
        }
        return;
    }
    if deal.wrong_deal {
        // KR-DEAL-1 as amended (ALL-1): one finding by the dealer, nothing
        // else of the deal judged, and the deal void.
        let mut engine = Engine::new(deal, std::mem::take(report));
        engine.replay(rec).void_wrong_deal(deal.table.dealer);
        *report = engine.report;
        return;
    }
    let mut engine = Engine::start(deal, std::mem::take(report));
    engine.catch_up(rec);
    *report = engine.finish(rec);
}

/// The structural findings of `notation` that are this game's rules get
/// their rule ids: a wrong deal (KR-DEAL-1 as amended, ALL-1), a trick of
/// the wrong size (KR-PLAY-10 as amended, ALL-3).
fn name_structural_faults(report: &mut Report) {
    for p in report.problems.iter_mut().filter(|p| p.rule.is_none()) {
        p.rule = match p.kind {
            // The one finding of a wrong deal is by the dealer; a card
            // outside the pack elsewhere (a trick, the discard) has no seat.
            Kind::UnknownCard | Kind::DuplicateCard | Kind::WrongCardCount if p.seat.is_some() => {
                Some(Rule::KrDeal1)
            }
            Kind::UnknownCard => Some(Rule::KrDeck1),
            Kind::WrongTrickSize => Some(Rule::KrPlay10),
            _ => None,
        };
    }
}
