//! The rules engine of this variant: not written yet. Until it is, a record
//! gets the structural checks only and is not settled.

use crate::{Deal, Report, Session};

/// What this variant carries from one deal of a session to the next.
#[derive(Debug, Clone, Default)]
pub struct SessionState {}

/// Replays the deal, pushing findings, payments and events into the report.
pub fn replay(_deal: &Deal<'_>, _session: &mut Session, _report: &mut Report) {}
