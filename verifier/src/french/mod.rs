//! The French Tarot engine (digest `french-tarot.md`, federation rules, four
//! players): the auction, the dog and the discard, handfuls and the slam,
//! trick play with its duties (follow, trump, overtrump, the excuse), and
//! the score.
//!
//! ## Flow
//! One module per phase of the deal, in the digest's words; [`replay`] runs
//! them in order on a small game state (`state::State`: hands, dog, tricks,
//! taker) and a report writer (`state::Writer`: findings, rule events,
//! payments), so that a phase says what it reads and what it tells.
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

use crate::{Deal, Report, Session};
use state::{State, Writer};

const SEATS: u8 = 4;
const TRICKS: usize = 18;

/// What this variant carries from one deal of a session to the next:
/// nothing beyond the running totals every variant keeps (`Session::scores`).
#[derive(Debug, Clone, Default)]
pub struct SessionState {}

/// Replays the deal, pushing findings, payments and events into the report.
pub fn replay(deal: &Deal<'_>, session: &mut Session, report: &mut Report) {
    let mut game = State::new(deal);
    let mut out = Writer::new(report);
    // A score sheet without cards: its facts settle the deal (issue 26).
    if let Some(sheet) = deal
        .record
        .result
        .as_ref()
        .filter(|_| crate::sheet::sheet_only(deal.record))
    {
        if sheet::passed(sheet) {
            out.rule(
                crate::Moment::Settlement,
                "FR-SCORE-8",
                "the sheet says no one took: the deal scores 0 (FR-BID-3)",
            );
            out.settled([0; 4]);
        } else if let Some(facts) = sheet::stated(sheet, &mut out) {
            score::settle_facts(deal, &facts, &mut out);
        }
        return;
    }
    deal::structure(deal, &mut game, &mut out);
    // FR-DEAL-3 (rules README ALL-1): nothing else of a wrong deal is
    // judged; FR-BID-3: nothing after four passes.
    if !deal.wrong_deal {
        bidding::auction(deal, &mut game, &mut out);
    }
    if !deal.wrong_deal && !game.played_after_passes {
        deal::no_calls(deal, &mut out);
        play::lay_out_tricks(deal, &mut game, &mut out);
        deal::hands_and_dog(deal, &mut game, &mut out);
        discard::discard(deal, &mut game, &mut out);
        declarations::declarations(deal, &mut game, &mut out);
        play::play(deal, &mut game, &mut out);
    }
    score::settle(deal, &game, &mut out, &mut session.french);
}
