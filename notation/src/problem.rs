//! Findings: a parse error, a structural fault, a broken rule. One type for
//! all of them, so that every tool reports them the same way.

use std::fmt;

use crate::card::Card;
use crate::record::{Seat, Span};

/// Something wrong with a record, and where.
///
/// `kind` is the stable classification (`unknown-card`, `revoke`, ...);
/// `rule` the rules digest id when a rule was broken (`DK-PLAY-2`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Problem {
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// 1-based trick number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trick: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<Card>,
    pub message: String,
    /// What the underline says ("played here").
    #[serde(skip)]
    pub label: String,
    pub help: String,
    #[serde(skip)]
    pub span: Option<Span>,
    /// Further places the one fault shows, each with its own underline
    /// (every card of an improper skat): one finding, every reason visible.
    #[serde(skip)]
    pub also: Vec<(Span, String)>,
    /// Where in a JSON document the fault is, for sources without spans.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

impl Problem {
    pub fn new(kind: &'static str, message: impl Into<String>) -> Problem {
        Problem {
            kind,
            rule: None,
            seat: None,
            trick: None,
            card: None,
            message: message.into(),
            label: String::new(),
            help: String::new(),
            span: None,
            also: Vec::new(),
            path: None,
        }
    }

    pub fn at(mut self, span: Span, label: impl Into<String>) -> Problem {
        self.span = Some(span);
        self.label = label.into();
        self
    }

    /// Another place of the same fault, with its own label.
    pub fn also_at(mut self, span: Span, label: impl Into<String>) -> Problem {
        self.also.push((span, label.into()));
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = help.into();
        self
    }

    pub fn rule(mut self, rule: &'static str) -> Problem {
        self.rule = Some(rule);
        self
    }

    pub fn seat(mut self, seat: Seat) -> Problem {
        self.seat = Some(seat);
        self
    }

    pub fn trick(mut self, trick: usize) -> Problem {
        self.trick = Some(trick as u16);
        self
    }

    pub fn card(mut self, card: Card) -> Problem {
        self.card = Some(card);
        self
    }

    pub fn path(mut self, path: impl Into<String>) -> Problem {
        self.path = Some(path.into());
        self
    }

    /// The code shown by diagnostics: `tarok::<kind>`, with the rule id.
    pub fn code(&self) -> String {
        match self.rule {
            Some(rule) => format!("tarok::{}[{rule}]", self.kind),
            None => format!("tarok::{}", self.kind),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Problem {}

impl miette::Diagnostic for Problem {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(Problem::code(self)))
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        (!self.help.is_empty()).then(|| Box::new(&self.help) as Box<dyn fmt::Display>)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let span = self.span?;
        let label = (!self.label.is_empty()).then(|| self.label.clone());
        let first = miette::LabeledSpan::new(label, span.start as usize, span.len());
        let rest = self.also.iter().map(|(s, l)| {
            miette::LabeledSpan::new(
                (!l.is_empty()).then(|| l.clone()),
                s.start as usize,
                s.len(),
            )
        });
        Some(Box::new(std::iter::once(first).chain(rest)))
    }
}
