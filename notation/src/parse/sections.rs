//! Sections: their keywords and order ([`Section`]), the body of each
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

/// A section of a record. The variants stand in the order sections must
/// appear (the derived order is that order); a hand and a trick may repeat,
/// every other section stands at most once. A new section is a new variant
/// here, in its place in the order, with its keyword, its body in
/// [`section`] and its last element in [`last_element_comments`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Section {
    Hand,
    Talon,
    Auction,
    Calls,
    Discard,
    Declare,
    Trick,
    Result,
    Claim,
}

impl Section {
    /// Every section, in the order sections must appear.
    pub(super) const ALL: [Section; 9] = [
        Section::Hand,
        Section::Talon,
        Section::Auction,
        Section::Calls,
        Section::Discard,
        Section::Declare,
        Section::Trick,
        Section::Result,
        Section::Claim,
    ];

    /// The section a keyword opens; `dog` is the talon.
    pub(super) fn from_word(word: &str) -> Option<Section> {
        Some(match word {
            "hand" => Section::Hand,
            "talon" | "dog" => Section::Talon,
            "auction" => Section::Auction,
            "calls" => Section::Calls,
            "discard" => Section::Discard,
            "declare" => Section::Declare,
            "trick" => Section::Trick,
            "result" => Section::Result,
            "claim" => Section::Claim,
            _ => return None,
        })
    }

    /// The section's keyword as the printer writes it.
    pub(super) fn keyword(self) -> &'static str {
        match self {
            Section::Hand => "hand",
            Section::Talon => "talon",
            Section::Auction => "auction",
            Section::Calls => "calls",
            Section::Discard => "discard",
            Section::Declare => "declare",
            Section::Trick => "trick",
            Section::Result => "result",
            Section::Claim => "claim",
        }
    }

    /// Whether the section may stand more than once (a hand per seat, a
    /// trick per trick).
    pub(super) fn repeats(self) -> bool {
        matches!(self, Section::Hand | Section::Trick)
    }

    /// Whether `self` may follow `last`: later in the order, or the same
    /// section again when it repeats.
    pub(super) fn may_follow(self, last: Section) -> bool {
        self > last || self == last && self.repeats()
    }

    /// The keywords in order, for help lines: `hand, talon, ...`.
    pub(super) fn keywords() -> String {
        Section::ALL.map(Section::keyword).join(", ")
    }
}

/// Parses the body of one section; returns the comments after its last
/// element.
pub(super) fn section(
    p: &mut Reader<'_>,
    record: &mut Record,
    section: Section,
    start: usize,
    comments: &mut Vec<String>,
) -> PResult<Vec<Trivia>> {
    // Tricks first: most sections of a record are tricks.
    match section {
        Section::Trick => {
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
            p.section_colon(section)?;
            let (plays, said, pending) = p.items(true, None, comments)?;
            trick.plays = plays;
            trick.play_comments = said;
            trick.comments = std::mem::take(comments).into();
            trick.span = p.span(start, p.pos);
            record.tricks.push(trick);
            Ok(pending)
        }
        Section::Hand => {
            p.trivia_none()?;
            let (seat, _) = p.seat()?;
            p.section_colon(section)?;
            let (cards, said, pending) = p.items(false, None, comments)?;
            record.hands.push(Hand {
                seat,
                cards,
                card_comments: said,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            Ok(pending)
        }
        Section::Talon => {
            p.section_colon(section)?;
            let (cards, said, pending) = p.items(false, None, comments)?;
            record.talon = Some(Cards {
                cards,
                card_comments: said,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            Ok(pending)
        }
        Section::Discard => {
            p.trivia_none()?;
            let (seat, _) = p.seat()?;
            p.section_colon(section)?;
            let (cards, mut card_comments, mut pending): (Vec<Item>, _, _) =
                p.items(false, Some("show"), comments)?;
            let mut shown = Vec::new();
            let mut shown_comments = CardComments::NONE;
            if p.peek_word() == Some("show") {
                let (_, show_span) = p.take_word().unwrap();
                attach(cards.len(), &mut card_comments, &mut pending, comments);
                let mut cards_comments = Vec::new();
                let mid = p.trivia()?;
                let (list, said, tail) = p.items(false, None, &mut cards_comments)?;
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
                shown_comments = said;
                pending = tail;
            }
            record.discard = Some(Discard {
                seat,
                cards,
                card_comments,
                shown,
                shown_comments,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            Ok(pending)
        }
        Section::Auction | Section::Calls | Section::Declare => {
            p.section_colon(section)?;
            let (actions, pending) = p.actions(comments)?;
            let actions = Some(Actions {
                actions,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            match section {
                Section::Auction => record.auction = actions,
                Section::Calls => record.calls = actions,
                _ => record.declarations = actions,
            }
            Ok(pending)
        }
        // The score sheet's result of the deal (issue 26): `result.rs`.
        Section::Result => super::result::section(p, record, start, comments),
        Section::Claim => {
            p.section_colon(section)?;
            let (entries, pending) = p.claim_entries(comments)?;
            record.claim = Some(Claim {
                entries,
                comments: std::mem::take(comments),
                span: p.span(start, p.pos),
            });
            Ok(pending)
        }
    }
}

/// The comment list of the element a same-line comment after `section`
/// attaches to: its last card or action, or the section's own lead-in when
/// it has none.
pub(super) fn last_element_comments(record: &mut Record, section: Section) -> Option<Sink<'_>> {
    /// The last card of a list (its comments kept in `said`), or the
    /// section's lead-in when the list is empty.
    fn last_card<'a>(
        list: &[Item],
        said: &'a mut CardComments,
        lead_in: &'a mut dyn CommentSink,
    ) -> Sink<'a> {
        match list.len().checked_sub(1) {
            Some(last) => Sink::Card(CardAt(said, last)),
            None => Sink::List(lead_in),
        }
    }
    Some(match section {
        Section::Trick => {
            let t = record.tricks.last_mut()?;
            last_card(&t.plays, &mut t.play_comments, &mut t.comments)
        }
        Section::Hand => {
            let h = record.hands.last_mut()?;
            last_card(&h.cards, &mut h.card_comments, &mut h.comments)
        }
        Section::Talon => {
            let t = record.talon.as_mut()?;
            last_card(&t.cards, &mut t.card_comments, &mut t.comments)
        }
        Section::Discard => {
            let d = record.discard.as_mut()?;
            if d.shown.is_empty() {
                last_card(&d.cards, &mut d.card_comments, &mut d.comments)
            } else {
                last_card(&d.shown, &mut d.shown_comments, &mut d.comments)
            }
        }
        Section::Auction | Section::Calls | Section::Declare => {
            let actions = match section {
                Section::Auction => record.auction.as_mut()?,
                Section::Calls => record.calls.as_mut()?,
                _ => record.declarations.as_mut()?,
            };
            Sink::List(match actions.actions.last_mut() {
                Some(last) => &mut last.comments,
                None => &mut actions.comments,
            })
        }
        // A claim's or a result's entries hold no comments: the lead-in.
        Section::Result => Sink::List(&mut record.result.as_mut()?.comments),
        Section::Claim => Sink::List(&mut record.claim.as_mut()?.comments),
    })
}

/// Where a comment after a section's last element goes: a list of
/// comments, or a card's.
pub(super) enum Sink<'a> {
    List(&'a mut dyn CommentSink),
    Card(CardAt<'a>),
}

impl CommentSink for Sink<'_> {
    fn push_comment(&mut self, comment: String) {
        match self {
            Sink::List(list) => list.push_comment(comment),
            Sink::Card(card) => card.push_comment(comment),
        }
    }
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
            span,
        })
    }

    /// Items until a section keyword, `stop` or the end.
    pub(super) fn items<L: ItemList>(
        &mut self,
        allow_lead: bool,
        stop: Option<&str>,
        lead_in: &mut Vec<String>,
    ) -> PResult<(L, CardComments, Vec<Trivia>)> {
        let mut items = L::default();
        let mut said = CardComments::NONE;
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
                        attach(items.len(), &mut said, &mut pending, lead_in);
                        items.push_item(Item {
                            card,
                            name: None,
                            rename: None,
                            span,
                        });
                        if items.len() > CARDS_MAX {
                            return Err(self.too_many_cards(span));
                        }
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
                return Ok((items, said, pending));
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
            let span = item.span;
            attach(items.len(), &mut said, &mut pending, lead_in);
            items.push_item(item);
            if items.len() > CARDS_MAX {
                return Err(self.too_many_cards(span));
            }
            pending = self.trivia()?;
        }
    }

    pub(super) fn section_colon(&mut self, section: Section) -> PResult<()> {
        let keyword = section.keyword();
        self.trivia_none()?;
        if self.rest().starts_with(':') {
            self.pos += 1;
            return Ok(());
        }
        self.expect_char(
            ':',
            &format!("after `{keyword}`"),
            &match section {
                Section::Hand | Section::Discard => {
                    format!("write `{keyword} <seat>:` followed by its cards")
                }
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
            if word(line)
                .ok()
                .and_then(|(_, w)| Section::from_word(w))
                .is_some()
            {
                self.advance_to(line);
                return;
            }
        }
        self.pos = self.src.len();
    }
}
