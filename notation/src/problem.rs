//! Findings: a parse error, a structural fault, a broken rule. One type for
//! all of them, so that every tool reports them the same way.

use std::fmt;

use crate::card::Card;
use crate::record::{Party, Seat, Span};
use crate::rule::Rule;

/// What kind of finding a [`Problem`] is: the stable classification that
/// tools match on. In JSON and in diagnostics it is written in kebab-case
/// (`unknown-card`, `revoke`); `spec/json.md` lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Kind {
    // Reading.
    /// The text does not parse.
    Syntax,
    /// A tag the tools need is missing or wrong.
    BadTag,
    /// A JSON document or record that cannot be read.
    BadJson,
    /// A NUL byte: the input is not a text file; reading stops.
    BinaryInput,
    /// Bytes that are not UTF-8.
    InvalidUtf8,
    /// A line longer than the reader's limit (1 MiB).
    LineTooLong,
    /// A record longer than the reader's limit (2 MiB), or naming more
    /// cards than [`crate::CARDS_MAX`].
    RecordTooLong,
    // Structure: faults found without a rules engine.
    /// A card code no deck of the variant has.
    UnknownCard,
    /// A card dealt or played twice.
    DuplicateCard,
    /// Two hands for one seat.
    DuplicateHand,
    /// A hand, the talon or a discard with the wrong number of cards (rules README ALL-1).
    WrongCardCount,
    /// A seat number the table does not have.
    UnknownSeat,
    /// A trick with more cards than players, or with fewer and followed by
    /// another trick (rules README ALL-3).
    WrongTrickSize,
    /// More tricks than the deal has.
    TooManyTricks,
    /// The record stops before the deal's end (rules README ALL-4): the
    /// deal is not settled and its claim cannot be checked.
    Incomplete,
    // Rules.
    /// A card played that the seat does not hold at that moment (rules
    /// README ALL-2): never dealt to it, laid away, or another seat's.
    CardNotHeld,
    /// A card played against the duty to follow suit or trump.
    Revoke,
    /// The fool / excuse played, named or called against its rules.
    FoolMisuse,
    /// An ultimo card played before the last trick where the rules forbid it.
    PrematureUltimoCard,
    /// A card led or played out of turn.
    OutOfTurn,
    /// A bid the auction does not allow.
    IllegalBid,
    /// A call (king call, talon choice, announcement, contra) the rules do not allow.
    IllegalCall,
    /// Cards laid away against the rules.
    IllegalDiscard,
    /// A declaration the hand does not hold, or with wrong details.
    WrongDeclaration,
    /// A declaration the hand holds and does not make.
    MissingDeclaration,
    /// The claimed payments differ from the computed ones.
    ClaimMismatch,
    /// A fact of a score sheet's `result` that the cards contradict.
    ResultMismatch,
    /// A fact of a `result` that cannot be true, or that the game does not
    /// have (92 card points, 4 oudlers, a bonus of another game).
    BadResult,
    /// The `Scores` tag disagrees with the deals before it, or does not add up.
    ScoresMismatch,
    /// Danish: the deal starts from pots that are not known (an earlier
    /// deal of the session could not be read).
    PotsUnknown,
    /// A rule broken that no other kind names (its rule id says which).
    Other,
}

impl Kind {
    /// Every kind, in the order above.
    pub const ALL: [Kind; 31] = [
        Kind::Syntax,
        Kind::BadTag,
        Kind::BadJson,
        Kind::BinaryInput,
        Kind::InvalidUtf8,
        Kind::LineTooLong,
        Kind::RecordTooLong,
        Kind::UnknownCard,
        Kind::DuplicateCard,
        Kind::DuplicateHand,
        Kind::WrongCardCount,
        Kind::UnknownSeat,
        Kind::WrongTrickSize,
        Kind::TooManyTricks,
        Kind::Incomplete,
        Kind::CardNotHeld,
        Kind::Revoke,
        Kind::FoolMisuse,
        Kind::PrematureUltimoCard,
        Kind::OutOfTurn,
        Kind::IllegalBid,
        Kind::IllegalCall,
        Kind::IllegalDiscard,
        Kind::WrongDeclaration,
        Kind::MissingDeclaration,
        Kind::ClaimMismatch,
        Kind::ResultMismatch,
        Kind::BadResult,
        Kind::ScoresMismatch,
        Kind::PotsUnknown,
        Kind::Other,
    ];

    /// The kebab-case name (`unknown-card`), as in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Syntax => "syntax",
            Kind::BadTag => "bad-tag",
            Kind::BadJson => "bad-json",
            Kind::BinaryInput => "binary-input",
            Kind::InvalidUtf8 => "invalid-utf8",
            Kind::LineTooLong => "line-too-long",
            Kind::RecordTooLong => "record-too-long",
            Kind::UnknownCard => "unknown-card",
            Kind::DuplicateCard => "duplicate-card",
            Kind::DuplicateHand => "duplicate-hand",
            Kind::WrongCardCount => "wrong-card-count",
            Kind::UnknownSeat => "unknown-seat",
            Kind::WrongTrickSize => "wrong-trick-size",
            Kind::TooManyTricks => "too-many-tricks",
            Kind::Incomplete => "incomplete",
            Kind::CardNotHeld => "card-not-held",
            Kind::Revoke => "revoke",
            Kind::FoolMisuse => "fool-misuse",
            Kind::PrematureUltimoCard => "premature-ultimo-card",
            Kind::OutOfTurn => "out-of-turn",
            Kind::IllegalBid => "illegal-bid",
            Kind::IllegalCall => "illegal-call",
            Kind::IllegalDiscard => "illegal-discard",
            Kind::WrongDeclaration => "wrong-declaration",
            Kind::MissingDeclaration => "missing-declaration",
            Kind::ClaimMismatch => "claim-mismatch",
            Kind::ResultMismatch => "result-mismatch",
            Kind::BadResult => "bad-result",
            Kind::ScoresMismatch => "scores-mismatch",
            Kind::PotsUnknown => "pots-unknown",
            Kind::Other => "other",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for Kind {
    type Err = ();
    /// Reads the kebab-case name.
    fn from_str(s: &str) -> Result<Kind, ()> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s).ok_or(())
    }
}

/// A kind compares equal to its kebab-case name: `p.kind == "revoke"`.
impl PartialEq<str> for Kind {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Kind {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// A finding: something wrong with a record, and where. The one finding
/// type of the project: parse errors, structural faults and broken rules
/// alike (Python's `tarok.Finding`; an element of `violations` in the JSON
/// of `tarok verify --format json`, spec/json.md).
///
/// `kind` is the stable classification (`unknown-card`, `revoke`, ...);
/// `rule` the rules digest id when a rule was broken (`DK-PLAY-2`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Finding {
    /// The classification: what kind of fault it is.
    pub kind: Kind,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The rule broken (its id, `DK-PLAY-2`, is what diagnostics and the
    /// JSON form write).
    pub rule: Option<Rule>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The seat at fault.
    pub seat: Option<Seat>,
    /// 1-based trick number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trick: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The card at fault.
    pub card: Option<Card>,
    /// A claim mismatch: whose amount disagrees (a seat or a pot).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub party: Option<Party>,
    /// A claim mismatch: the amount the record claims.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claimed: Option<i64>,
    /// A claim mismatch: the amount the rules give.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub computed: Option<i64>,
    /// What is wrong, in a sentence.
    pub message: String,
    /// What the underline says ("played here").
    #[serde(skip)]
    pub label: String,
    /// What to do about it, in plain words.
    pub help: String,
    #[serde(skip)]
    /// Where it is in the record's text; `None` when it is about no place.
    pub span: Option<Span>,
    /// Further places the one fault shows, each with its own underline
    /// (every card of an improper skat): one finding, every reason visible.
    #[serde(skip)]
    pub also: Vec<(Span, String)>,
    /// Where in a JSON document the fault is, for sources without spans.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

/// The former name of [`Finding`], kept so that code written against it
/// still builds; new code says `Finding`.
pub type Problem = Finding;

impl Problem {
    /// A finding of `kind` saying `message`; the builder methods below add the rest.
    pub fn new(kind: Kind, message: impl Into<String>) -> Problem {
        Problem {
            kind,
            rule: None,
            seat: None,
            trick: None,
            card: None,
            party: None,
            claimed: None,
            computed: None,
            message: message.into(),
            label: String::new(),
            help: String::new(),
            span: None,
            also: Vec::new(),
            path: None,
        }
    }

    /// Where it is, and what the underline says there.
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

    /// What to do about it.
    pub fn help(mut self, help: impl Into<String>) -> Problem {
        self.help = help.into();
        self
    }

    /// The rule broken, named by its variant of [`Rule`].
    pub fn rule(mut self, rule: Rule) -> Problem {
        self.rule = Some(rule);
        self
    }

    /// The seat at fault.
    pub fn seat(mut self, seat: Seat) -> Problem {
        self.seat = Some(seat);
        self
    }

    /// The trick, 1-based.
    pub fn trick(mut self, trick: usize) -> Problem {
        self.trick = Some(trick as u16);
        self
    }

    /// The card at fault.
    pub fn card(mut self, card: Card) -> Problem {
        self.card = Some(card);
        self
    }

    /// A claimed amount that is not the computed one, and whose it is.
    pub fn claim(mut self, party: Party, claimed: i64, computed: i64) -> Problem {
        self.party = Some(party);
        self.claimed = Some(claimed);
        self.computed = Some(computed);
        self
    }

    /// The JSON path of the value at fault.
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

#[cfg(test)]
mod tests {
    use super::Kind;

    #[test]
    fn kinds_are_kebab_case_in_json_and_read_back() {
        for kind in Kind::ALL {
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(json, format!("\"{}\"", kind.as_str()));
            assert_eq!(kind.as_str().parse::<Kind>(), Ok(kind));
            assert!(kind == kind.as_str());
        }
        let mut names: Vec<_> = Kind::ALL.iter().map(|k| k.as_str()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), Kind::ALL.len());
        assert_eq!("stolen-card".parse::<Kind>(), Err(()));
    }
}
