//! The rules engine of Skill7 Tarock (`spec/rules/skill7-tarock.md`,
//! rule ids `S7-...`): the 40-card four-player Tarock of the Skill7 site,
//! with the games Rufer, Farbesolo and Solo, the additions Absolut, Pagat
//! and Valat with their kontras, and the automatic premiums.
//!
//! ## Flow
//! One module per phase, in the order [`replay`] runs them:
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
//! assert_eq!(report.problems[0].rule, Some("S7-BID-2"));
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
pub(crate) use play::legal_plays;

use crate::{Deal, Report, Session};
use auction::Closed;
use deal::Redeal;
use state::{Out, Replay, State};

/// Replays the deal, pushing findings, payments and events into the report.
pub fn replay(deal: &Deal<'_>, _session: &mut Session, report: &mut Report) {
    deal::name_structural_faults(report, deal.wrong_deal);
    // A score sheet without cards: its facts settle the deal (issue 26).
    if let Some(sheet) = deal
        .record
        .result
        .as_ref()
        .filter(|_| crate::sheet::sheet_only(deal.record))
    {
        let mut out = Out { report };
        if let Some(facts) = sheet::stated(sheet, &mut out) {
            settle::settle_facts(&mut out, &facts);
        }
        return;
    }
    let mut r = Replay {
        deal,
        st: State::new((deal.table.dealer + 1) % 4),
        out: Out { report },
    };
    if deal.wrong_deal {
        // README ALL-1, S7-DEAL-1: one finding (the structural checks'),
        // nothing else judged, void.
        r.void_wrong_deal();
        return;
    }
    // The game decides trick winners, and in a partial record the winners
    // decide who played what: read the final game first.
    r.read_hands(auction::final_game(deal.record) == Some(Kind::Farbesolo));
    match r.redeal() {
        Redeal::No => {}
        Redeal::Claimed => return r.void_claimed(),
        // S7-DEAL-3 as amended: nothing else of the deal is judged.
        Redeal::Played => return r.void_for_redeal(),
    }
    let contract = match r.auction() {
        Closed::Game(c) => c,
        // S7-BID-2: no game, not settled, nothing after the auction judged.
        Closed::NoGame => return,
        Closed::Stops => return r.incomplete(),
    };
    let partner = r.call(&contract);
    let play = r.play(&contract, partner);
    if r.void_for_wrong_trick() {
        return;
    }
    match play {
        Some(play) => r.settle(&contract, partner, &play),
        // S7-PLAY-6, README ALL-4: fewer than ten tricks, or the last one
        // cut short.
        None => r.incomplete(),
    }
}
