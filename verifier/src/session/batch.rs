//! The deals of a batch replayed in parallel, what carries between them
//! applied in order ([`Sessions::verify_batch`]).
//!
//! The engines of French Tarot, Königrufen and Skill7 read nothing of the
//! session (Königrufen only counts its deals), so their replays are
//! independent. A Danish replay reads the state the deal before it left
//! (the pots, the dealer who deals again, the next dealer, whether the pots
//! are known: [`crate::danish::SessionState`]), and the pots decide amounts
//! and even which payments are made (an empty pot pays nothing, an emptied
//! one is founded again). Rather than split the Danish engine, each Danish
//! deal is replayed speculatively from the state the records themselves
//! imply (the pots the deal before claims, else the deal's own `Pots` tag;
//! the same dealer again after the same dealer, else the next), and in
//! order the assumed state is compared with the true one: when they differ
//! the deal is replayed again, in order, from the true state. The output
//! is then identical to [`Sessions::verify`] record by record, by
//! construction. On a session as `tarok gen` writes it (or any file whose
//! claims give the pots) every guess holds; the first deal of a batch needs
//! no guess. Where most guesses of a batch fail (records that state neither
//! the pots nor the pots claimed after the deal) the next batches replay
//! their Danish deals in order, without guessing, and one guesses again
//! every [`PAUSE`] batches.

use notation::{Party, Pot, Record, Seat, Variant};
use rayon::prelude::*;

use super::{mark, starts_session, Sessions};
use crate::danish::{self, SessionState as Danish};
use crate::{Replayed, Report, Session};

/// What the batch does with a record before the in-order part.
enum Plan<'r> {
    /// A record that could not be read.
    Lost,
    /// Replayed ahead, from the Danish state assumed.
    Ahead(&'r Record, Danish),
    /// Replayed in order (guesses paused).
    InOrder,
}

/// After most guesses of a batch failed, this many batches replay their
/// Danish deals in order, then one guesses again.
const PAUSE: u32 = 16;

/// The replays of a run of records made ahead of their turn
/// ([`Sessions::ahead`]), for [`Sessions::settle`].
pub struct Ahead(Vec<Option<One>>);

impl Ahead {
    /// The runs of a batch, joined in order.
    pub fn join(runs: impl IntoIterator<Item = Ahead>) -> Ahead {
        Ahead(runs.into_iter().flat_map(|a| a.0).collect())
    }
}

/// One replay done ahead of its turn, and the Danish state it assumed.
struct One {
    replayed: Replayed,
    /// The Danish state assumed before the deal, and the one it left.
    assumed: Danish,
    left: Session,
}

impl Sessions {
    /// Verifies the next records of the input, in order, as [`Sessions::verify`]
    /// does one by one (`None`: a record that could not be read, as
    /// [`Sessions::lost`]). The replays run in parallel (rayon); what
    /// carries between deals is applied in order after them. Returns one
    /// report per record read, in order.
    pub fn verify_batch(&mut self, records: &[Option<&Record>]) -> Vec<Option<Report>> {
        let ahead = self.plan(records, true, true);
        self.settle(records, ahead)
    }

    /// The part of [`Sessions::verify_batch`] that may run on any thread,
    /// for a run of consecutive records: their replays ahead of their turn
    /// (none is made). `first`: the run starts where the last verified
    /// record ended; otherwise (a later run of the same batch, planned at
    /// the same time as the runs before it) its first record read is
    /// replayed from a guess made of it alone, and the records after it are
    /// planned from it. Any guess is safe: [`Sessions::settle`] checks it.
    /// Give the runs of a batch, in order and joined, to
    /// [`Sessions::settle`].
    pub fn ahead(&self, records: &[Option<&Record>], first: bool) -> Ahead {
        self.plan(records, first, false)
    }

    /// [`Sessions::ahead`], the replays made in parallel or not.
    fn plan(&self, records: &[Option<&Record>], first: bool, parallel: bool) -> Ahead {
        // Where sessions start depends on the records' `Session` tags
        // alone: known before any replay.
        let mut plan = Vec::with_capacity(records.len());
        let (mut started, mut closed) = (self.started, self.closed);
        // The record before, and whether a record was lost since it.
        let mut before: Option<&Record> = None;
        let mut lost = false;
        // Not the first run: what comes before its first record is not
        // known yet.
        let mut unknown = !first;
        let pause = self.guess_pause > 0;
        for slot in records {
            let Some(record) = slot else {
                lost = true;
                plan.push(Plan::Lost);
                continue;
            };
            if unknown {
                // Nothing of the records before is known: guessed from the
                // record alone (a session has started by then).
                unknown = false;
                started = started.max(1);
                let fresh = starts_session(record, self.grouping, false, false);
                closed = mark(record).is_ok_and(|m| m.closes);
                let assumed = if fresh {
                    Danish::default()
                } else {
                    guess_alone(record)
                };
                plan.push(Plan::Ahead(record, assumed));
                before = Some(record);
                lost = false;
                continue;
            }
            let fresh = starts_session(record, self.grouping, started == 0, closed);
            if fresh {
                started += 1;
            }
            closed = mark(record).is_ok_and(|m| m.closes);
            let assumed = if fresh {
                Danish::default()
            } else if let Some(prev) = before {
                if pause && record.variant() == Some(Variant::DanishTarok) {
                    plan.push(Plan::InOrder);
                    before = Some(record);
                    lost = false;
                    continue;
                }
                guess(prev, record, lost)
            } else {
                // The first deal of the batch: the true state is known.
                let mut state = self.state.danish.clone();
                state.unknown |= lost;
                state
            };
            plan.push(Plan::Ahead(record, assumed));
            before = Some(record);
            lost = false;
        }
        let events = !self.no_events;
        let replay = |slot: Plan| {
            let Plan::Ahead(record, assumed) = slot else {
                return None;
            };
            let mut left = Session {
                danish: assumed.clone(),
                ..Session::default()
            };
            let replayed = crate::replay(record, &mut left, events);
            Some(One {
                replayed,
                assumed,
                left,
            })
        };
        Ahead(if parallel {
            plan.into_par_iter().map(replay).collect()
        } else {
            plan.into_iter().map(replay).collect()
        })
    }

    /// The in-order part of [`Sessions::verify_batch`]: `records` verified,
    /// one report per record read, from what [`Sessions::ahead`] made of
    /// them (the runs of `ahead` joined in order).
    pub fn settle(&mut self, records: &[Option<&Record>], ahead: Ahead) -> Vec<Option<Report>> {
        self.guess_pause = self.guess_pause.saturating_sub(1);
        let (mut guessed, mut missed) = (0u32, 0u32);
        let reports = records
            .iter()
            .zip(ahead.0)
            .map(|(slot, ahead)| match (slot, ahead) {
                (None, _) => {
                    self.lost();
                    None
                }
                (Some(record), None) => Some(self.verify(record)),
                (Some(record), Some(ahead)) => {
                    if record.variant() == Some(Variant::DanishTarok) {
                        guessed += 1;
                    }
                    let (report, hit) = self.apply(record, ahead);
                    missed += u32::from(!hit);
                    Some(report)
                }
            })
            .collect();
        // Guessing wrong costs a replay more; when most guesses fail (a
        // session whose records state neither pots nor claims), pause.
        if guessed >= 8 && 2 * missed > guessed {
            self.guess_pause = PAUSE;
        }
        reports
    }

    /// The in-order part for one record replayed ahead; whether the
    /// replay ahead stood.
    fn apply(&mut self, record: &Record, ahead: One) -> (Report, bool) {
        if starts_session(record, self.grouping, self.started == 0, self.closed) {
            self.state = Session::default();
            self.started += 1;
        }
        self.closed = mark(record).is_ok_and(|m| m.closes);
        let One {
            replayed,
            assumed,
            left,
        } = ahead;
        let mut hit = true;
        let replayed = if record.variant() != Some(Variant::DanishTarok) {
            // No other engine reads the session; Königrufen counts its deals.
            self.state.koenigrufen.deals += left.koenigrufen.deals;
            replayed
        } else if assumed == self.state.danish {
            self.state.danish = left.danish;
            replayed
        } else {
            // The guess was wrong: the deal again, from the true state.
            hit = false;
            crate::replay(record, &mut self.state, !self.no_events)
        };
        (crate::carry(record, &mut self.state, replayed), hit)
    }
}

/// The Danish state a deal most likely starts from, read off the record
/// before it: the pots it claims (else this deal's `Pots` tag), the same
/// dealer again when the same seat deals, this deal's dealer as the next
/// one. Only a guess: [`Sessions::verify_batch`] checks it.
fn guess(before: &Record, record: &Record, lost: bool) -> Danish {
    let dealer = dealer(record);
    let claimed = before.claim.as_ref().and_then(|claim| {
        let pot = |p: Pot| {
            claim
                .entries
                .iter()
                .find(|e| e.party == Party::Pot(p))
                .map(|e| e.amount)
        };
        Some([pot(Pot::King)?, pot(Pot::Pagat)?])
    });
    let tagged = || {
        record
            .tag("Pots")
            .and_then(|t| danish::parse_pots(&t.value))
    };
    Danish {
        pots: claimed.or_else(tagged),
        redeal: dealer.filter(|&d| Some(d) == self::dealer(before)),
        next_dealer: dealer,
        unknown: lost,
    }
}

/// [`guess`] without the record before: the deal's own `Pots` tag, no
/// dealer dealing again, no record lost.
fn guess_alone(record: &Record) -> Danish {
    let dealer = dealer(record);
    Danish {
        pots: record
            .tag("Pots")
            .and_then(|t| danish::parse_pots(&t.value)),
        redeal: None,
        next_dealer: dealer,
        unknown: false,
    }
}

fn dealer(record: &Record) -> Option<Seat> {
    record.tag("Dealer").and_then(|t| t.value.parse().ok())
}
