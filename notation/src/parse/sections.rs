//! Sections: their keywords and order (`SECTIONS`), the body of each
//! section and its cards, where a comment after a section's last element
//! goes, and recovery at the next section keyword.

use crate::card::Card;
use crate::problem::{Kind, Problem};
use crate::record::*;

use super::*;

/// A list of items being read: a trick's plays or a list of cards.
pub(super) trait ItemList:
    Default + Extend<Item> + std::ops::DerefMut<Target = [Item]>
{
    fn push_item(&mut self, item: Item);
}

impl ItemList for Vec<Item> {
    #[inline(always)]
    fn push_item(&mut self, item: Item) {
        self.push(item);
    }
}

impl ItemList for Plays {
    #[inline(always)]
    fn push_item(&mut self, item: Item) {
        self.push(item);
    }
}

/// The section keywords, in the order sections must appear.
pub(super) const SECTIONS: [&str; 8] = [
    "hand", "talon", "auction", "calls", "discard", "declare", "trick", "claim",
];

// A section's rank: its position in SECTIONS, the order sections come in.
pub(super) const HAND: usize = 0;
pub(super) const TALON: usize = 1;
pub(super) const AUCTION: usize = 2;
pub(super) const CALLS: usize = 3;
pub(super) const DISCARD: usize = 4;
pub(super) const DECLARE: usize = 5;
pub(super) const TRICK: usize = 6;
pub(super) const CLAIM: usize = 7;

pub(super) fn section_rank(word: &str) -> Option<usize> {
    // `dog` is the talon.
    Some(match word {
        "hand" => HAND,
        "talon" | "dog" => TALON,
        "auction" => AUCTION,
        "calls" => CALLS,
        "discard" => DISCARD,
        "declare" => DECLARE,
        "trick" => TRICK,
        "claim" => CLAIM,
        _ => return None,
    })
}

/// Parses the body of one section; returns the comments after its last
/// element.
pub(super) fn section(
    p: &mut Reader<'_>,
    record: &mut Record,
    keyword: &str,
    start: usize,
    comments: &mut Vec<String>,
) -> PResult<Vec<Trivia>> {
    // Tricks first: most sections of a record are tricks.
    match keyword {
        "trick" => {
            let mut trick = Trick::default();
            p.trivia_none()?;
            if p.rest().starts_with(|c: char| c.is_ascii_digit()) {
                let (n, span) = p.number::<u32>("a trick number", "tricks are numbered from 1")?;
                let expected = record.tricks.len() + 1;
                // After another fault the count is off anyway: say nothing.
                if n as usize != expected && p.problems.is_empty() {
                    p.fail(
                        Problem::new(Kind::Syntax, format!("trick {n} stands where trick {expected} belongs"))
                            .at(span, format!("expected {expected}"))
                            .help("tricks are numbered 1, 2, 3, ... in order; the number may also be left out"),
                    );
                }
                p.trivia_none()?;
            }
            loop {
                match p.peek_word() {
                    Some("lead") => {
                        p.take_word();
                        p.trivia_none()?;
                        trick.leader = Some(p.seat()?.0);
                    }
                    Some("call") => {
                        p.take_word();
                        p.trivia_none()?;
                        trick.fool_call = Some(p.seat()?.0);
                    }
                    _ => break,
                }
                p.trivia_none()?;
            }
            p.section_colon("trick")?;
            let (plays, pending) = p.items(true, None, comments)?;
            trick.plays = plays;
            trick.comments = std::mem::take(comments);
            trick.span = p.span(start, p.pos);
            record.tricks.push(trick);
            Ok(pending)
        }
        "hand" => {
            p.trivia_none()?;
            let (seat, _) = p.seat()?;
            p.section_colon("hand")?;
            let (cards, pending) = p.items(false, None, comments)?;
            record.hands.push(Hand {
                seat,
                cards,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            Ok(pending)
        }
        "talon" => {
            p.section_colon("talon")?;
            let (cards, pending) = p.items(false, None, comments)?;
            record.talon = Some(Cards {
                cards,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            Ok(pending)
        }
        "discard" => {
            p.trivia_none()?;
            let (seat, _) = p.seat()?;
            p.section_colon("discard")?;
            let (mut cards, mut pending): (Vec<Item>, _) =
                p.items(false, Some("show"), comments)?;
            let mut shown = Vec::new();
            if p.peek_word() == Some("show") {
                let (_, show_span) = p.take_word().unwrap();
                attach(&mut cards, &mut pending, comments);
                let mut cards_comments = Vec::new();
                let mid = p.trivia()?;
                let (list, tail) = p.items(false, None, &mut cards_comments)?;
                if !pending.is_empty() || !mid.is_empty() || !cards_comments.is_empty() {
                    let _ = show_span;
                    let span = p.span(start, p.pos);
                    return Err(p.syntax(
                        span,
                        "a comment cannot stand right after `show`",
                        "comment here",
                        "put comments before `discard`, or after a card",
                    ));
                }
                shown = list;
                pending = tail;
            }
            record.discard = Some(Discard {
                seat,
                cards,
                shown,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            Ok(pending)
        }
        "auction" | "calls" | "declare" => {
            p.section_colon(keyword)?;
            let (actions, pending) = p.actions(comments)?;
            let section = Some(Actions {
                actions,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            match keyword {
                "auction" => record.auction = section,
                "calls" => record.calls = section,
                _ => record.declarations = section,
            }
            Ok(pending)
        }
        "claim" => {
            p.section_colon("claim")?;
            let (entries, pending) = p.claim_entries(comments)?;
            record.claim = Some(Claim {
                entries,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            Ok(pending)
        }
        _ => unreachable!("section keywords are listed in SECTIONS"),
    }
}

/// The comment list of the element a same-line comment after `keyword`'s
/// section attaches to: its last card or action, or the section's own
/// lead-in when it has none.
pub(super) fn last_element_comments<'r>(
    record: &'r mut Record,
    keyword: &str,
) -> Option<&'r mut dyn CommentSink> {
    fn last_or<'a, T>(
        list: &'a mut [T],
        comments: &'a mut Vec<String>,
        of: impl Fn(&'a mut T) -> &'a mut dyn CommentSink,
    ) -> &'a mut dyn CommentSink {
        match list.last_mut() {
            Some(last) => of(last),
            None => comments,
        }
    }
    pub(super) fn item(i: &mut Item) -> &mut dyn CommentSink {
        &mut i.comments
    }
    pub(super) fn action(a: &mut Action) -> &mut dyn CommentSink {
        &mut a.comments
    }
    Some(match keyword {
        "trick" => {
            let t = record.tricks.last_mut()?;
            last_or(&mut t.plays, &mut t.comments, item)
        }
        "hand" => {
            let h = record.hands.last_mut()?;
            last_or(&mut h.cards, &mut h.comments, item)
        }
        "talon" => {
            let t = record.talon.as_mut()?;
            last_or(&mut t.cards, &mut t.comments, item)
        }
        "discard" => {
            let d = record.discard.as_mut()?;
            if d.shown.is_empty() {
                last_or(&mut d.cards, &mut d.comments, item)
            } else {
                last_or(&mut d.shown, &mut d.comments, item)
            }
        }
        "auction" | "calls" | "declare" => {
            let section = match keyword {
                "auction" => record.auction.as_mut()?,
                "calls" => record.calls.as_mut()?,
                _ => record.declarations.as_mut()?,
            };
            last_or(&mut section.actions, &mut section.comments, action)
        }
        // A claim's entries hold no comments: the claim's own lead-in.
        "claim" => &mut record.claim.as_mut()?.comments,
        _ => return None,
    })
}

impl<'a> Reader<'a> {
    /// A card in a list or trick: `[rename X] CARD[=X] {comments}`.
    pub(super) fn item(&mut self, allow_lead: bool) -> PResult<Item> {
        let start = self.pos;
        let mut rename = None;
        if allow_lead && self.peek_word() == Some("rename") {
            self.take_word();
            self.trivia_inline()?;
            rename = Some(self.lead_name()?);
            self.trivia_inline()?;
        }
        let (card, mut span) = self.card_word()?;
        let mut name = None;
        if let Ok((rest, suffix)) = lead_suffix(self.rest()) {
            let suffix_span = self.span_of(suffix);
            if !allow_lead {
                return Err(self.syntax(
                    suffix_span,
                    "a suit can be named only for a card played to a trick",
                    "not allowed here",
                    "remove the `=` suffix",
                ));
            }
            name = Some(suffix.parse().map_err(|_| {
                self.syntax(
                    suffix_span,
                    format!("`{suffix}` is not a suit to name"),
                    "expected S, H, D, C or T",
                    "name the fool's suit with a suit letter, or T for trumps: `EX=H`",
                )
            })?);
            self.advance_to(rest);
            span = span.to(suffix_span);
        }
        if rename.is_some() {
            span = self.span(start, self.pos);
        }
        Ok(Item {
            card,
            name,
            rename,
            comments: Comments::default(),
            span,
        })
    }

    /// Items until a section keyword, `stop` or the end.
    pub(super) fn items<L: ItemList>(
        &mut self,
        allow_lead: bool,
        stop: Option<&str>,
        lead_in: &mut Vec<String>,
    ) -> PResult<(L, Vec<Trivia>)> {
        let mut items = L::default();
        // Comments before the first card lead into the section; if no card
        // follows they are the section's tail (see `split_tail`).
        let mut pending = self.trivia()?;
        let bytes = self.src.as_bytes();
        loop {
            // The common case first: a canonical card code, upper case, with
            // no suffix. Keywords are lower case; anything else takes the
            // general path below.
            let first = bytes.get(self.pos).copied();
            if first.is_some_and(|b| b.is_ascii_uppercase()) {
                let end = self.word_end();
                if bytes.get(end) != Some(&b'=') {
                    let text = &self.src[self.pos..end];
                    if let Some(card) = Card::parse_code(text) {
                        let span = self.span(self.pos, end);
                        self.pos = end;
                        attach(&mut items, &mut pending, lead_in);
                        items.push_item(Item {
                            card,
                            name: None,
                            rename: None,
                            comments: Comments::default(),
                            span,
                        });
                        // Blanks between cards inline; comments the slow way.
                        let mut i = self.pos;
                        while matches!(
                            bytes.get(i),
                            Some(b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c')
                        ) {
                            i += 1;
                        }
                        if bytes.get(i).is_some_and(|&b| b == b'{' || !b.is_ascii()) {
                            pending = self.trivia()?;
                        } else {
                            self.pos = i;
                        }
                        continue;
                    }
                }
            }
            if self.at_section_start() || (stop.is_some() && self.peek_word() == stop) {
                return Ok((items, pending));
            }
            if !self
                .rest()
                .starts_with(|c: char| !c.is_ascii() || is_word_byte(c as u8))
            {
                let (found, span) = self.found();
                return Err(self.syntax(
                    span,
                    format!("expected a card, found {found}"),
                    "expected a card",
                    "cards are separated by spaces; a new section starts with its keyword",
                ));
            }
            let item = self.item(allow_lead)?;
            attach(&mut items, &mut pending, lead_in);
            items.push_item(item);
            pending = self.trivia()?;
        }
    }

    fn section_colon(&mut self, keyword: &str) -> PResult<()> {
        self.trivia_none()?;
        if self.rest().starts_with(':') {
            self.pos += 1;
            return Ok(());
        }
        self.expect_char(
            ':',
            &format!("after `{keyword}`"),
            &match keyword {
                "hand" | "discard" => format!("write `{keyword} <seat>:` followed by its cards"),
                _ => format!("write `{keyword}:` followed by its contents"),
            },
        )
    }

    fn claim_entries(
        &mut self,
        lead_in: &mut Vec<String>,
    ) -> PResult<(Vec<ClaimEntry>, Vec<Trivia>)> {
        let mut entries = Vec::new();
        let mut pending = self.trivia()?;
        if self.at_section_start() {
            return Ok((entries, pending));
        }
        lead_in.extend(pending.drain(..).map(|t| t.text));
        loop {
            let start = self.pos;
            let party = if self.rest().starts_with(|c: char| c.is_ascii_digit()) {
                Party::Seat(self.seat()?.0)
            } else {
                Party::Pot(self.word_of(Pot::from_word, "a seat or pot", Pot::expected())?)
            };
            self.trivia_inline()?;
            let (amount, _) =
                self.number("an amount", "write a signed whole number: `0 +40, 1 -20`")?;
            entries.push(ClaimEntry {
                party,
                amount,
                span: self.span(start, self.pos),
            });
            pending = self.trivia()?;
            if self.rest().starts_with(',') {
                self.pos += 1;
                pending.extend(self.trivia()?);
                if !pending.is_empty() {
                    let span = self.span(self.pos, self.pos);
                    return Err(self.syntax(
                        span,
                        "a comment cannot stand inside a claim",
                        "move it",
                        "put comments before `claim:`",
                    ));
                }
                continue;
            }
            if self.at_section_start() {
                return Ok((entries, pending));
            }
            let (found, span) = self.found();
            return Err(self.syntax(
                span,
                format!("expected `,` or a new section, found {found}"),
                "expected `,` here",
                "separate claimed amounts with commas: `0 +40, 1 -20`",
            ));
        }
    }

    /// Skips to the start of the next line that begins with a section
    /// keyword (error recovery).
    pub(super) fn recover(&mut self) {
        while let Some(nl) = self.rest().find('\n') {
            self.pos += nl + 1;
            let line = self.rest().trim_start_matches([' ', '\t']);
            if word(line).ok().and_then(|(_, w)| section_rank(w)).is_some() {
                self.advance_to(line);
                return;
            }
        }
        self.pos = self.src.len();
    }
}
