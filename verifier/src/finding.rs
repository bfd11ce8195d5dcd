//! One fault, one finding (`shared/rules/README.md`, last paragraph): a
//! fault the rules judge once is reported once, even where it breaks
//! several rules at the same time. The engines collect the reasons of one
//! fault and make them one [`Problem`] here.

use notation::Problem;
use notation::Rule;

/// Several faults of one act (one improper skat, one card laid away against
/// two rules) as the one finding the
/// rules count (rules README, "One fault, one finding"): it carries the
/// rule id that comes first in `order` (the digest's order), its message
/// names every fault, each place keeps its label, and the help names the
/// other rule ids. One fault alone is returned as it is.
pub fn one_finding(mut faults: Vec<Problem>, order: &[Rule], what: &str) -> Option<Problem> {
    let rank = |p: &Problem| {
        order
            .iter()
            .position(|r| Some(*r) == p.rule)
            .unwrap_or(order.len())
    };
    faults.sort_by_key(rank);
    let mut rest = faults.into_iter();
    let mut first = rest.next()?;
    let rest: Vec<Problem> = rest.collect();
    if rest.is_empty() {
        return Some(first);
    }
    let mut others: Vec<Rule> = Vec::new();
    for p in &rest {
        if let Some(r) = p.rule {
            if Some(r) != first.rule && !others.contains(&r) {
                others.push(r);
            }
        }
        first.message.push_str("; ");
        first.message.push_str(&p.message);
        if let Some(span) = p.span {
            // (`Span` compares equal to every span: compare offsets.)
            // The same card breaking two rules keeps one underline with
            // both reasons.
            if let Some((_, l)) = first
                .also
                .iter_mut()
                .find(|(s, _)| s.start == span.start && s.end == span.end)
            {
                if *l != p.label {
                    *l = format!("{l}; {}", p.label);
                }
            } else if first
                .span
                .is_some_and(|f| f.start == span.start && f.end == span.end)
            {
                if first.label != p.label {
                    first.label = format!("{}; {}", first.label, p.label);
                }
            } else {
                first.also.push((span, p.label.clone()));
            }
        }
    }
    let also = if others.is_empty() {
        String::new()
    } else {
        format!(
            "; it also breaks {}",
            others.iter().map(|r| r.id()).collect::<Vec<_>>().join(", ")
        )
    };
    first.help = format!("{what}{also}: {}", {
        let mut helps = vec![first.help.clone()];
        for p in &rest {
            if !helps.contains(&p.help) {
                helps.push(p.help.clone());
            }
        }
        helps.join("; ")
    });
    Some(first)
}

/// The faults of one act, collected to be made one finding ([`one_finding`]):
/// worded as they are found, or, where the findings are counted
/// (`crate::Tally`: the lists of legal moves), counted and never worded.
pub(crate) struct Faults {
    list: Vec<Problem>,
    count: u32,
    words: bool,
}

impl Faults {
    /// No fault yet; `words`: the findings are written, not counted.
    pub fn new(words: bool) -> Faults {
        Faults {
            list: Vec::new(),
            count: 0,
            words,
        }
    }

    /// A fault, worded by `fault` only where the findings are written.
    #[inline]
    pub fn add(&mut self, fault: impl FnOnce() -> Problem) {
        if self.words {
            self.list.push(fault());
        } else {
            self.count += 1;
        }
    }

    /// A fault worded already, if any.
    pub fn extend(&mut self, fault: Option<Problem>) {
        if let Some(p) = fault {
            self.add(|| p);
        }
    }

    /// The faults worded (`Ok`), or how many were counted (`Err`).
    pub fn into_list(self) -> Result<Vec<Problem>, u32> {
        if self.words {
            Ok(self.list)
        } else {
            Err(self.count)
        }
    }
}
