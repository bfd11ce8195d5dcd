//! Notebooks: a record and a report show themselves in Jupyter
//! (`_repr_html_`) with the renderers of `tarok explain --format html`
//! ([`tarok::lesson::html`]), every text from the record escaped there
//! ([`tarok::escape::html`]).

use notation::{Problem, Record};
use verifier::session::{Grouping, Sessions};

/// What a Python report keeps of the verification for its HTML: the
/// verifier's report (`None` for a record that could not be read) and the
/// problems that kept the record from being read.
pub(crate) struct Verified {
    pub(crate) report: Option<verifier::Report>,
    pub(crate) unread: Vec<Problem>,
}

/// `Record._repr_html_`: the deal as the lesson page draws it, verified
/// on its own (a deal of its own session, as `tarok explain --independent`).
pub(crate) fn record_html(record: &Record) -> String {
    let report = Sessions::new(Grouping::Independent).verify(record);
    tarok::lesson::html::deal_fragment(record, &report, 0)
}

/// `Report._repr_html_`: the findings, ledger and totals as the lesson page
/// shows them under the deal; the report's own (with the session state it
/// was verified in), not a new verification.
pub(crate) fn report_html(record: Option<&Record>, verified: &Verified) -> String {
    tarok::lesson::html::report_fragment(record, verified.report.as_ref(), &verified.unread, 0)
}
