//! The record model: one deal as written, every phase a variant has, with
//! the comments where they stood and the source span of every element.
//!
//! A `Record` is a plain description: nothing in it is checked against the
//! rules (a revoke is a perfectly good record). [`crate::check`] finds the
//! structural faults; the verifier finds the rest.
//!
//! Spans are kept for diagnostics only: they are not part of the JSON form
//! and two spans always compare equal, so records compare by content.
//!
//! ## Layout (issue 15)
//! An [`Item`] (a card as written) is 12 bytes, `Copy`, with nothing to
//! drop (issue 29): what was said about the cards of a list is kept beside
//! the list, in its [`CardComments`] (one pointer, null when no card of the
//! list has a comment; `hand.card_comments.of(i)` are the comments on
//! `hand.cards[i]`), so dropping a record visits no card. A trick's
//! `plays` is a [`Plays`] (`smallvec::SmallVec<[Item; 4]>`: up to four
//! inline, more, in a faulty record, on the heap; it derefs to `[Item]`,
//! the JSON is unchanged; 56 bytes with smallvec's `union` feature, which
//! tells inline from spilled by the capacity alone), and its own comments a
//! [`Comments`] (one pointer), so a `Trick` is 88 bytes. A
//! hand's, the talon's and a discard's cards are a `Vec` with room for its
//! line, written in place by the parser. A tag's name and value are a
//! [`TagText`] (`Cow<'static, str>`): the parser borrows the usual words
//! (tag names, variants, dealer seats, rule profiles: [`tag_text`]) and owns
//! the rest; which of the two is no part of the meaning (it compares,
//! prints and serializes as its text).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use crate::card::{Card, Suit};
use crate::variant::Variant;

/// A range of bytes in the source file. Equality ignores it (see module docs).
#[derive(Debug, Clone, Copy, Default, Eq)]
pub struct Span {
    /// The first byte.
    pub start: u32,
    /// One past the last byte.
    pub end: u32,
}

impl Span {
    /// The span of bytes `start..end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }
    /// Its length in bytes.
    pub fn len(self) -> usize {
        (self.end - self.start) as usize
    }
    /// Whether it covers no byte.
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
    /// The 1-based line and column (counted in characters) where the span
    /// starts in `text`, the file it is a span of.
    ///
    /// ```
    /// let text = "[Variant \"koenigrufen\"]\n\ntrick 1: SK ZZ\n";
    /// let problems = tarok_notation::parse_str(text).remove(0).unwrap_err();
    /// assert_eq!(problems[0].span.unwrap().line_col(text), (3, 13));
    /// ```
    pub fn line_col(self, text: &str) -> (usize, usize) {
        let mut at = (self.start as usize).min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let before = &text[..at];
        let line_start = before.rfind('\n').map_or(0, |n| n + 1);
        (
            before.matches('\n').count() + 1,
            before[line_start..].chars().count() + 1,
        )
    }

    /// The span from this one's start to the end of `other` (or of this one, if later).
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start,
            end: other.end.max(self.end),
        }
    }
}

impl PartialEq for Span {
    fn eq(&self, _: &Span) -> bool {
        true
    }
}

pub use crate::seats::Seat;

/// One deal.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// Comments before the first tag.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// The tags, `[Name "value"]`, in order.
    pub tags: Vec<Tag>,
    /// The dealt hands; empty in a partial record.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hands: Vec<Hand>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// `talon: ...`: the undealt cards.
    pub talon: Option<Cards>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// `auction: ...`: bids and passes.
    pub auction: Option<Actions>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// `calls: ...`: king call, talon choice, announcements, contras.
    pub calls: Option<Actions>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// `discard N: ...`: the cards laid away.
    pub discard: Option<Discard>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// `declarations: ...`: Danish declarations, French handfuls and slams.
    pub declarations: Option<Actions>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// The tricks, in order.
    pub tricks: Vec<Trick>,
    /// The result of the deal as the score sheet states it (`result:`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Sheet>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    /// `claim: ...`: the payments as the score sheet writes them.
    pub claim: Option<Claim>,
    /// Comments after the last element, on lines of their own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub trailing: Vec<String>,
    #[serde(skip)]
    /// Where it stands in the source (not part of the content).
    pub span: Span,
}

/// The most cards one record may name, in its hands, talon, discard and
/// tricks together (notation spec §2.1). No deal comes near it: the
/// largest, a French deal, names 78 cards dealt, six laid away and shown,
/// and 72 played, under 250 in all; 1,000 is four times that. A record
/// past it is no deal but a file gone wrong (a hand of five million
/// duplicate cards), and its cards and the findings about each of them
/// would hold memory in proportion: it is refused as the record longer
/// than the reader's limit is (`record-too-long`, at the first card past it),
/// which keeps every command's memory flat on any record.
pub const CARDS_MAX: usize = 1_000;

/// The fault of a record that names more than [`CARDS_MAX`] cards, marked
/// at `span`: the record's card past the limit, or (one list longer than
/// the limit, not read further) that list's, or the record in JSON.
pub fn too_many_cards(span: Span) -> crate::Problem {
    // The words name the number as people write it.
    const _: () = assert!(CARDS_MAX == 1_000);
    crate::Problem::new(
        crate::Kind::RecordTooLong,
        "a record of more than 1,000 cards",
    )
    .at(span, "past 1,000 cards")
    .help(
        "a deal names at most about 250 cards (78 dealt and each played once, rules \
             README ALL-1): records are limited to 1,000 cards, and this one is not read; \
             the next record is read",
    )
}

impl Record {
    /// The value of the first tag of this name.
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The variant named by the `Variant` tag, if it names a known one.
    pub fn variant(&self) -> Option<Variant> {
        self.tag("Variant")?.value.parse().ok()
    }

    /// Whether the dealt hands were left out (the hands are then the cards
    /// each seat played).
    pub fn is_partial(&self) -> bool {
        self.hands.is_empty()
    }

    /// The cards the record names in its lists and tricks (hands, talon,
    /// discard and shown cards, plays), the count [`CARDS_MAX`] limits.
    pub fn card_count(&self) -> usize {
        self.card_lists().map(<[Item]>::len).sum()
    }

    /// Where the record's card past [`CARDS_MAX`] stands (its 1,001st, in
    /// the order written), if it names more.
    pub fn card_past_limit(&self) -> Option<Span> {
        let mut before = 0;
        for list in self.card_lists() {
            if let Some(item) = list.get(CARDS_MAX - before) {
                return Some(item.span);
            }
            before += list.len();
        }
        None
    }

    /// The lists of cards in the order they are written.
    fn card_lists(&self) -> impl Iterator<Item = &[Item]> {
        let hands = self.hands.iter().map(|h| &h.cards[..]);
        let talon = self.talon.iter().map(|t| &t.cards[..]);
        let discard = self
            .discard
            .iter()
            .flat_map(|d| [&d.cards[..], &d.shown[..]]);
        let tricks = self.tricks.iter().map(|t| &t.plays[..]);
        hands.chain(talon).chain(discard).chain(tricks)
    }
}

/// `[Name "value"]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tag {
    /// The tag's name.
    pub name: TagText,
    /// The tag's value.
    pub value: TagText,
    /// Comments after the tag.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    #[serde(skip)]
    /// Where it stands in the source (not part of the content).
    pub span: Span,
}

impl Tag {
    /// A tag with an empty name and value and nothing said, a constant to
    /// push and then fill in place (the reader).
    pub(crate) const EMPTY: Tag = Tag {
        name: std::borrow::Cow::Borrowed(""),
        value: std::borrow::Cow::Borrowed(""),
        comments: Vec::new(),
        span: Span { start: 0, end: 0 },
    };

    /// A tag with no comments, for records built in code.
    pub fn new(name: impl Into<String>, value: impl Into<String>) -> Tag {
        Tag {
            name: TagText::Owned(name.into()),
            value: TagText::Owned(value.into()),
            comments: Vec::new(),
            span: Span::default(),
        }
    }
}

/// The text of a tag's name or value. The parser borrows the usual words
/// (the tag names, the variants, the dealer seats, the rule profiles) from
/// a table instead of copying them ([`tag_text`]); any other text is owned.
/// Either way it compares, prints and serializes as its text: which of the
/// two a tag holds is no part of its meaning.
pub type TagText = std::borrow::Cow<'static, str>;

/// `text` as a [`TagText`]: borrowed when it is one of the usual words of
/// a tag (no allocation), a copy otherwise.
///
/// ```
/// use std::borrow::Cow;
/// assert!(matches!(tarok_notation::tag_text("Variant"), Cow::Borrowed("Variant")));
/// assert!(matches!(tarok_notation::tag_text("Club night"), Cow::Owned(_)));
/// ```
pub fn tag_text(text: &str) -> TagText {
    macro_rules! known {
        ($($word:literal)*) => {
            match text {
                $($word => TagText::Borrowed($word),)*
                _ => TagText::Owned(text.to_owned()),
            }
        };
    }
    known!(
        // Tag names.
        "Variant" "Dealer" "Players" "Rules" "Options" "Pots" "Scores" "Direction" "Event"
        "Site" "Date" "Round" "Session" "Table" "Name" "Annotator" "Source"
        // Values: variants, dealer seats, rule profiles, directions.
        "danish-tarok" "french-tarot" "koenigrufen" "skill7-tarock"
        "0" "1" "2" "3" "4" "5"
        "federation" "classic" "default" "skill7" "clockwise" "counter-clockwise"
    )
}

/// A card as written in a list or a trick: the card, a led fool's suit
/// named or renamed, and its place.
///
/// Small (12 bytes) and `Copy`: what was said about a card is kept beside
/// its list ([`CardComments`]), and a trick keeps up to four items inline
/// ([`Plays`]).
#[derive(Debug, Clone, Copy)]
pub struct Item {
    /// The card.
    pub card: Card,
    /// The suit (or trumps) named when the fool is led: `EX=H`.
    pub name: Option<Lead>,
    /// A renaming of a led fool by the player of this card: `rename D D5`.
    pub rename: Option<Lead>,
    /// Where it stands in the source (not part of the content).
    pub span: Span,
}

/// What the derived equality would say (the span is no part of the
/// content: `Span` compares equal to any span), with a fool's name and
/// renaming compared by their codes (`lead_code`): a byte each, where
/// `Option<Lead>`'s own comparison branches on each side's variant
/// (issue 29: the read-back check of `fmt` and `convert --to text`
/// compares every card).
impl PartialEq for Item {
    fn eq(&self, other: &Item) -> bool {
        let Item {
            card,
            name,
            rename,
            span: _,
        } = self;
        *card == other.card
            && lead_code(*name) == lead_code(other.name)
            && lead_code(*rename) == lead_code(other.rename)
    }
}

/// A different byte for each value of an `Option<Lead>`.
#[inline(always)]
fn lead_code(lead: Option<Lead>) -> u8 {
    match lead {
        Some(Lead::Suit(suit)) => suit as u8,
        Some(Lead::Trumps) => 4,
        None => 5,
    }
}

impl Item {
    /// A bare card with no place, a constant to fill lists with before
    /// they are written (the readers' fast paths).
    pub(crate) const BARE: Item = Item {
        card: Card::FOOL,
        name: None,
        rename: None,
        span: Span { start: 0, end: 0 },
    };

    /// A bare card: no fool's name, no renaming, no comment.
    pub fn new(card: Card) -> Item {
        Item {
            card,
            name: None,
            rename: None,
            span: Span::default(),
        }
    }
    fn is_bare(&self) -> bool {
        self.name.is_none() && self.rename.is_none()
    }
}

// An item stays a few bytes with nothing to drop: a hand of 28 cards is 336.
const _: () = assert!(std::mem::size_of::<Item>() == 12);
const _: () = assert!(!std::mem::needs_drop::<Item>());
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<Trick>() == 88);

/// The cards played to a trick: up to four inline, more (a faulty record)
/// on the heap. It derefs to `[Item]`; build it with `collect()` or
/// `Plays::from(vec)`.
pub type Plays = smallvec::SmallVec<[Item; 4]>;

/// The comments said about one card: almost always none, so they are kept
/// out of line, in one pointer that is null when there are none. It derefs
/// to `[String]`; `push`, `extend` and `clear` change it. An empty list
/// never holds an allocation once built with `default`, `from` or `collect`,
/// and compares equal to any other empty list.
#[derive(Clone, Default)]
// A boxed Vec on purpose: one thin pointer (8 bytes) where a Vec is 24 and a
// boxed slice 16; the extra allocation is paid only by a card with comments.
#[allow(clippy::box_collection)]
pub struct Comments(Option<Box<Vec<String>>>);

impl Comments {
    /// Adds a comment.
    pub fn push(&mut self, comment: String) {
        self.as_mut_vec().push(comment);
    }

    /// Removes every comment.
    pub fn clear(&mut self) {
        self.0 = None;
    }

    /// The list to change in place.
    pub fn as_mut_vec(&mut self) -> &mut Vec<String> {
        self.0.get_or_insert_with(Box::default)
    }
}

impl std::ops::Deref for Comments {
    type Target = [String];
    fn deref(&self) -> &[String] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }
}

impl fmt::Debug for Comments {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for Comments {
    fn eq(&self, other: &Comments) -> bool {
        **self == **other
    }
}

impl<const N: usize> PartialEq<[String; N]> for Comments {
    fn eq(&self, other: &[String; N]) -> bool {
        **self == *other
    }
}

impl PartialEq<Vec<String>> for Comments {
    fn eq(&self, other: &Vec<String>) -> bool {
        **self == **other
    }
}

impl From<Vec<String>> for Comments {
    fn from(list: Vec<String>) -> Comments {
        Comments((!list.is_empty()).then(|| Box::new(list)))
    }
}

impl FromIterator<String> for Comments {
    fn from_iter<I: IntoIterator<Item = String>>(iter: I) -> Comments {
        Comments::from(iter.into_iter().collect::<Vec<String>>())
    }
}

impl Extend<String> for Comments {
    fn extend<I: IntoIterator<Item = String>>(&mut self, iter: I) {
        let mut iter = iter.into_iter().peekable();
        if iter.peek().is_some() {
            self.as_mut_vec().extend(iter);
        }
    }
}

/// What was said about the cards of one list (a hand, the talon, a
/// discard, its shown cards, a trick's plays), by each card's place in the
/// list: `of(i)` are the comments written after card `i`. Almost always
/// none: one pointer, null when no card has a comment. Kept in the order
/// of the places, with no empty entry, so two lists compare by content.
#[derive(Clone, Default, PartialEq)]
// A boxed Vec on purpose, as `Comments`: one thin pointer (8 bytes) in every
// list, the extra allocation paid only by a list with a commented card.
#[allow(clippy::box_collection)]
pub struct CardComments(Option<Box<Vec<CardNote>>>);

/// The place of a card in its list, and the comments on it.
type CardNote = (u32, Vec<String>);

impl CardComments {
    /// No comment on any card, as a constant.
    pub const NONE: CardComments = CardComments(None);

    /// The comments on the card at `index` (empty for none).
    pub fn of(&self, index: usize) -> &[String] {
        self.entries()
            .iter()
            .find(|(at, _)| *at as usize == index)
            .map_or(&[], |(_, list)| list.as_slice())
    }

    /// Adds a comment on the card at `index`.
    pub fn push(&mut self, index: usize, comment: String) {
        self.list_at(index).push(comment);
    }

    /// Adds comments on the card at `index` (nothing is kept for none).
    pub fn extend(&mut self, index: usize, comments: impl IntoIterator<Item = String>) {
        let mut comments = comments.into_iter().peekable();
        if comments.peek().is_some() {
            self.list_at(index).extend(comments);
        }
    }

    /// Removes every comment.
    pub fn clear(&mut self) {
        self.0 = None;
    }

    /// Whether no card has a comment.
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// The cards with comments: each one's place and its comments, in order.
    pub fn iter(&self) -> impl Iterator<Item = (usize, &[String])> {
        self.entries()
            .iter()
            .map(|(at, list)| (*at as usize, list.as_slice()))
    }

    fn entries(&self) -> &[CardNote] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }

    /// The list of the card at `index`, made (in its place) if it has none.
    fn list_at(&mut self, index: usize) -> &mut Vec<String> {
        let entries = self.0.get_or_insert_with(Box::default);
        let at = index as u32;
        let k = entries.partition_point(|(i, _)| *i < at);
        if entries.get(k).is_none_or(|(i, _)| *i != at) {
            entries.insert(k, (at, Vec::new()));
        }
        &mut entries[k].1
    }
}

impl fmt::Debug for CardComments {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// A list of cards in the JSON form: each card a code, or an object with
/// its comments ([`Item`]'s form, the comments taken from `comments`).
struct NotedList<'a>(&'a [Item], &'a CardComments);

impl NotedList<'_> {
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for NotedList<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(
            self.0
                .iter()
                .enumerate()
                .map(|(i, item)| Noted(item, self.1.of(i))),
        )
    }
}

/// A card and its comments, as the JSON form writes them.
struct Noted<'a>(&'a Item, &'a [String]);

impl Serialize for Noted<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Noted(item, comments) = *self;
        if item.is_bare() && comments.is_empty() {
            item.card.serialize(s)
        } else {
            ItemObject {
                card: item.card,
                name: item.name,
                rename: item.rename,
                comments: comments.to_vec(),
            }
            .serialize(s)
        }
    }
}

/// A list of cards read from the JSON form: the items, and the comments on
/// them apart.
struct ReadList<L>(L, CardComments);

impl<'de, L: Default + Extend<Item>> Deserialize<'de> for ReadList<L> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ReadList<L>, D::Error> {
        struct V<L>(std::marker::PhantomData<L>);
        impl<'de, L: Default + Extend<Item>> serde::de::Visitor<'de> for V<L> {
            type Value = ReadList<L>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of cards")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<ReadList<L>, A::Error> {
                let mut items = L::default();
                let mut comments = CardComments::NONE;
                let mut n = 0;
                while let Some(ReadItem(item, said)) = seq.next_element()? {
                    items.extend(Some(item));
                    comments.extend(n, said);
                    n += 1;
                }
                Ok(ReadList(items, comments))
            }
        }
        d.deserialize_seq(V(std::marker::PhantomData))
    }
}

impl Serialize for Comments {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Comments {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Comments, D::Error> {
        Vec::<String>::deserialize(d).map(Comments::from)
    }
}

impl<'a> IntoIterator for &'a Comments {
    type Item = &'a String;
    type IntoIter = std::slice::Iter<'a, String>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ItemObject {
    card: Card,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<Lead>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rename: Option<Lead>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    comments: Vec<String>,
}

/// A card of the JSON form read: the item and the comments on it.
struct ReadItem(Item, Vec<String>);

impl<'de> Deserialize<'de> for ReadItem {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ReadItem, D::Error> {
        // A visitor rather than `untagged`, so that a bad card code is
        // reported as such, at its own place in the document.
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = ReadItem;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a card code, or an object with \"card\"")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<ReadItem, E> {
                Card::deserialize(serde::de::value::StrDeserializer::<E>::new(v))
                    .map(|card| ReadItem(Item::new(card), Vec::new()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<ReadItem, A::Error> {
                let o = ItemObject::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                let item = Item {
                    card: o.card,
                    name: o.name,
                    rename: o.rename,
                    span: Span::default(),
                };
                Ok(ReadItem(item, o.comments))
            }
        }
        d.deserialize_any(V)
    }
}

/// A suit, or trumps, as named for a led fool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lead {
    /// A suit.
    Suit(Suit),
    /// Trumps.
    Trumps,
}

impl fmt::Display for Lead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Lead::Suit(s) => write!(f, "{}", s.letter()),
            Lead::Trumps => f.write_str("T"),
        }
    }
}

impl FromStr for Lead {
    type Err = ();
    fn from_str(s: &str) -> Result<Lead, ()> {
        match s.as_bytes() {
            [b'T' | b't'] => Ok(Lead::Trumps),
            [c] => Suit::from_letter(*c).map(Lead::Suit).ok_or(()),
            _ => Err(()),
        }
    }
}

string_serde!(Lead, "a suit letter S, H, D, C or T for trumps");

/// `hand 0: SK SQ ...`: the cards a seat was dealt.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(from = "forms::Hand")]
pub struct Hand {
    /// The seat dealt the cards.
    pub seat: Seat,
    /// The cards, as written.
    pub cards: Vec<Item>,
    /// What was said about the cards (`card_comments.of(i)`: after `cards[i]`).
    pub card_comments: CardComments,
    /// Comments before the line.
    pub comments: Vec<String>,
    /// Where it stands in the source (not part of the content).
    pub span: Span,
}

impl Hand {
    /// A hand of seat 0 with no card and nothing said, a constant to push
    /// and then fill in place (the reader's fast path, as [`Trick::EMPTY`]).
    pub(crate) const EMPTY: Hand = Hand {
        seat: Seat::new(0),
        cards: Vec::new(),
        card_comments: CardComments::NONE,
        comments: Vec::new(),
        span: Span { start: 0, end: 0 },
    };
}

/// `talon: ...`: the undealt cards (the dog, the Königrufen talon).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(from = "forms::Cards")]
pub struct Cards {
    /// The cards, as written.
    pub cards: Vec<Item>,
    /// What was said about the cards (`card_comments.of(i)`: after `cards[i]`).
    pub card_comments: CardComments,
    /// Comments before the line.
    pub comments: Vec<String>,
    /// Where it stands in the source (not part of the content).
    pub span: Span,
}

/// `discard 0: S2 S3 S4 show T5`: the cards a seat laid away (Danish skat,
/// French écart, Königrufen discard), and those of them shown to the table.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(from = "forms::Discard")]
pub struct Discard {
    /// The seat that lays the cards away.
    pub seat: Seat,
    /// The cards laid away.
    pub cards: Vec<Item>,
    /// What was said about the cards laid away (after `cards[i]`).
    pub card_comments: CardComments,
    /// `show ...`: the cards of them shown to the table.
    pub shown: Vec<Item>,
    /// What was said about the cards shown (after `shown[i]`).
    pub shown_comments: CardComments,
    /// Comments before the line.
    pub comments: Vec<String>,
    /// Where it stands in the source (not part of the content).
    pub span: Span,
}

/// The JSON forms of the sections that hold cards: each card a code, or an
/// object with the comments on it (`{"card": "SK", "comments": [...]}`),
/// which the model keeps beside the list ([`CardComments`]). Read with
/// serde's derive (the same messages, the same names), written by hand.
mod forms {
    use super::*;

    fn none(list: &&[String]) -> bool {
        list.is_empty()
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(super) struct Hand {
        seat: Seat,
        cards: ReadList<Vec<Item>>,
        #[serde(default)]
        comments: Vec<String>,
    }

    impl From<Hand> for super::Hand {
        fn from(h: Hand) -> super::Hand {
            super::Hand {
                seat: h.seat,
                cards: h.cards.0,
                card_comments: h.cards.1,
                comments: h.comments,
                span: Span::default(),
            }
        }
    }

    impl Serialize for super::Hand {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            #[derive(Serialize)]
            #[serde(rename = "Hand")]
            struct Out<'a> {
                seat: Seat,
                cards: NotedList<'a>,
                #[serde(skip_serializing_if = "none")]
                comments: &'a [String],
            }
            Out {
                seat: self.seat,
                cards: NotedList(&self.cards, &self.card_comments),
                comments: &self.comments,
            }
            .serialize(s)
        }
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(super) struct Cards {
        cards: ReadList<Vec<Item>>,
        #[serde(default)]
        comments: Vec<String>,
    }

    impl From<Cards> for super::Cards {
        fn from(c: Cards) -> super::Cards {
            super::Cards {
                cards: c.cards.0,
                card_comments: c.cards.1,
                comments: c.comments,
                span: Span::default(),
            }
        }
    }

    impl Serialize for super::Cards {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            #[derive(Serialize)]
            #[serde(rename = "Cards")]
            struct Out<'a> {
                cards: NotedList<'a>,
                #[serde(skip_serializing_if = "none")]
                comments: &'a [String],
            }
            Out {
                cards: NotedList(&self.cards, &self.card_comments),
                comments: &self.comments,
            }
            .serialize(s)
        }
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(super) struct Discard {
        seat: Seat,
        cards: ReadList<Vec<Item>>,
        #[serde(default)]
        shown: Option<ReadList<Vec<Item>>>,
        #[serde(default)]
        comments: Vec<String>,
    }

    impl From<Discard> for super::Discard {
        fn from(d: Discard) -> super::Discard {
            let shown = d.shown.unwrap_or(ReadList(Vec::new(), CardComments::NONE));
            super::Discard {
                seat: d.seat,
                cards: d.cards.0,
                card_comments: d.cards.1,
                shown: shown.0,
                shown_comments: shown.1,
                comments: d.comments,
                span: Span::default(),
            }
        }
    }

    impl Serialize for super::Discard {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            #[derive(Serialize)]
            #[serde(rename = "Discard")]
            struct Out<'a> {
                seat: Seat,
                cards: NotedList<'a>,
                #[serde(skip_serializing_if = "NotedList::is_empty")]
                shown: NotedList<'a>,
                #[serde(skip_serializing_if = "none")]
                comments: &'a [String],
            }
            Out {
                seat: self.seat,
                cards: NotedList(&self.cards, &self.card_comments),
                shown: NotedList(&self.shown, &self.shown_comments),
                comments: &self.comments,
            }
            .serialize(s)
        }
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    pub(super) struct Trick {
        #[serde(default)]
        leader: Option<Seat>,
        #[serde(default)]
        fool_call: Option<Seat>,
        plays: ReadList<Plays>,
        #[serde(default)]
        comments: Vec<String>,
    }

    impl From<Trick> for super::Trick {
        fn from(t: Trick) -> super::Trick {
            super::Trick {
                leader: t.leader,
                fool_call: t.fool_call,
                plays: t.plays.0,
                play_comments: t.plays.1,
                comments: t.comments.into(),
                span: Span::default(),
            }
        }
    }

    impl Serialize for super::Trick {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            #[derive(Serialize)]
            #[serde(rename = "Trick")]
            struct Out<'a> {
                #[serde(skip_serializing_if = "Option::is_none")]
                leader: Option<Seat>,
                #[serde(skip_serializing_if = "Option::is_none")]
                fool_call: Option<Seat>,
                plays: NotedList<'a>,
                #[serde(skip_serializing_if = "none")]
                comments: &'a [String],
            }
            Out {
                leader: self.leader,
                fool_call: self.fool_call,
                plays: NotedList(&self.plays, &self.play_comments),
                comments: &self.comments,
            }
            .serialize(s)
        }
    }
}

/// A list of actions in order: the auction, the calls, the declarations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Actions {
    /// The actions, in order.
    pub actions: Vec<Action>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Comments before the line.
    pub comments: Vec<String>,
    #[serde(skip)]
    /// Where it stands in the source (not part of the content).
    pub span: Span,
}

/// One thing a seat said: `2 three`, `0 call HK`, `1 contra game`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Action {
    /// Who acts.
    pub seat: Seat,
    #[serde(flatten)]
    /// What the seat says.
    pub act: Act,
    /// `after 3`: the action was made after trick 3 was complete, not in its
    /// section's place before the play (a French handful or slam declared
    /// late). `None`: in its place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<u8>,
    /// Comments after the action.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    #[serde(skip)]
    /// Where it stands in the source (not part of the content).
    pub span: Span,
}

impl Action {
    /// A pass by seat 0 with nothing said, a constant to push and then
    /// fill in place (the reader's fast path): pushed from a constant,
    /// none of its bytes are read back from stores just made.
    pub(crate) const EMPTY: Action = Action {
        seat: Seat::new(0),
        act: Act::Pass,
        after: None,
        comments: Vec::new(),
        span: Span { start: 0, end: 0 },
    };
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// What an action says. The words are the text form; the JSON form tags
/// them with `"act"`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "act", rename_all = "kebab-case")]
pub enum Act {
    /// `pass` (also "good" in a call round).
    Pass,
    /// A game or contract: `three`, `guard`, `rufer`.
    Bid {
        /// The game bid.
        game: Game,
    },
    /// Skill7: agree to the current game.
    Continue,
    /// A king call (Königrufen) or the Rufer's tarock call (Skill7):
    /// `call HK`, `call HK fourth`.
    Call {
        /// The card called.
        card: Card,
        #[serde(default, skip_serializing_if = "is_false")]
        /// `fourth`: the Königrufen call of the fourth king.
        fourth: bool,
    },
    /// Take talon half 0 or 1: `talon 1`.
    Talon {
        /// The half taken: 0 or 1.
        half: u8,
    },
    /// Give up after seeing the called king in the talon.
    Grind,
    /// Announce a bonus (Königrufen) or bid an addition (Skill7).
    Announce {
        /// The bonus or addition.
        bonus: Bonus,
    },
    /// `contra ...`: doubles the game or a bonus.
    Contra {
        /// What is doubled.
        target: Target,
    },
    /// `recontra ...`: doubles a contra again.
    Recontra {
        /// What is doubled.
        target: Target,
    },
    /// `subcontra ...`: doubles a recontra again.
    Subcontra {
        /// What is doubled.
        target: Target,
    },
    /// French handful: `handful simple T21 T20 ...`.
    Handful {
        /// Simple, double or triple (FR-HANDFUL-1).
        size: HandfulSize,
        /// The trumps shown.
        cards: Vec<Card>,
    },
    /// French slam declaration.
    Slam,
    /// Danish: demand a new deal for a hand without trumps.
    Misdeal,
    /// Danish: announce a tout (with the fool in the skat).
    Tout,
    /// Danish: `trumps 11 pagat` / `trumps 10 no-pagat`.
    Trumps {
        /// How many trumps (the fool counted).
        count: u8,
        /// Whether the pagat is among them.
        pagat: bool,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        /// The cards of the declaration the dealer laid in the skat (DK-DECL-5).
        skat: Vec<Card>,
    },
    /// Danish: `matadors 4`.
    Matadors {
        /// How many matadors.
        count: u8,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        /// The cards of the declaration the dealer laid in the skat (DK-DECL-5).
        skat: Vec<Card>,
    },
    /// Danish half cavallerie: `half H HJ` (the suit and the missing card).
    Half {
        /// The suit.
        suit: Suit,
        /// The court card that is missing.
        missing: Card,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        /// The cards of the declaration the dealer laid in the skat (DK-DECL-5).
        skat: Vec<Card>,
    },
    /// Danish full cavallerie: `full H`.
    Full {
        /// The suit.
        suit: Suit,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        /// The cards of the declaration the dealer laid in the skat (DK-DECL-5).
        skat: Vec<Card>,
    },
    /// Danish abundant cavallerie: `abundant H`.
    Abundant {
        /// The suit.
        suit: Suit,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        /// The cards of the declaration the dealer laid in the skat (DK-DECL-5).
        skat: Vec<Card>,
    },
    /// Danish half kings: `half-kings DK` (the missing king).
    HalfKings {
        /// The king that is missing.
        missing: Card,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        /// The cards of the declaration the dealer laid in the skat (DK-DECL-5).
        skat: Vec<Card>,
    },
    /// Danish full kings: `full-kings`.
    FullKings {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        /// The cards of the declaration the dealer laid in the skat (DK-DECL-5).
        skat: Vec<Card>,
    },
    /// Danish abundant kings: `abundant-kings`.
    AbundantKings {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        /// The cards of the declaration the dealer laid in the skat (DK-DECL-5).
        skat: Vec<Card>,
    },
}

impl Act {
    /// The cards a Danish declaration names as lying in the skat (DK-DECL-5).
    pub fn skat(&self) -> &[Card] {
        match self {
            Act::Trumps { skat, .. }
            | Act::Matadors { skat, .. }
            | Act::Half { skat, .. }
            | Act::Full { skat, .. }
            | Act::Abundant { skat, .. }
            | Act::HalfKings { skat, .. }
            | Act::FullKings { skat }
            | Act::AbundantKings { skat } => skat,
            _ => &[],
        }
    }
}

impl Serialize for Suit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.letter())
    }
}

impl<'de> Deserialize<'de> for Suit {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Suit, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = Suit;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Suit, E> {
                match s.as_bytes() {
                    [c @ (b'S' | b'H' | b'D' | b'C')] => Ok(Suit::from_letter(*c).unwrap()),
                    _ => Err(E::custom(format!("`{s}` is not a suit (S, H, D or C)"))),
                }
            }
        }
        d.deserialize_str(V)
    }
}

words!(
    /// The verb of an action: the word after its seat (`2 pass`, `0 call
    /// HK`), in the text and as the JSON form's `"act"`. This is the one
    /// table of the action words: the text parser and printer, the JSON
    /// reader and writer, [`crate::words`] and the verifier's game read it.
    /// A bid is written by its game's name in the text ([`Game`]) and as
    /// `"act": "bid"` in JSON.
    Verb, "an action", {
    Pass = "pass" | "good",
    Bid = "bid",
    Continue = "continue",
    Call = "call",
    Talon = "talon",
    Grind = "grind",
    Announce = "announce",
    Contra = "contra" | "kontra",
    Recontra = "recontra" | "rekontra",
    Subcontra = "subcontra" | "subkontra",
    Handful = "handful",
    Slam = "slam",
    Misdeal = "misdeal",
    Tout = "tout",
    Trumps = "trumps",
    Matadors = "matadors",
    Half = "half",
    Full = "full",
    Abundant = "abundant",
    HalfKings = "half-kings",
    FullKings = "full-kings",
    AbundantKings = "abundant-kings",
});

impl Verb {
    /// The variants whose records use the verb (spec/notation.md §7); the
    /// parser reads every verb in every variant, and this shapes the help
    /// of a diagnostic.
    pub const fn variants(self) -> &'static [Variant] {
        use Variant::*;
        match self {
            Verb::Pass => &[DanishTarok, FrenchTarot, Koenigrufen, Skill7Tarock],
            Verb::Bid => &[FrenchTarot, Koenigrufen, Skill7Tarock],
            Verb::Continue => &[Skill7Tarock],
            Verb::Call | Verb::Announce | Verb::Contra | Verb::Recontra | Verb::Subcontra => {
                &[Koenigrufen, Skill7Tarock]
            }
            Verb::Talon | Verb::Grind => &[Koenigrufen],
            Verb::Handful | Verb::Slam => &[FrenchTarot],
            Verb::Misdeal
            | Verb::Tout
            | Verb::Trumps
            | Verb::Matadors
            | Verb::Half
            | Verb::Full
            | Verb::Abundant
            | Verb::HalfKings
            | Verb::FullKings
            | Verb::AbundantKings => &[DanishTarok],
        }
    }

    /// Whether a record of `variant` uses the verb.
    pub fn used_in(self, variant: Variant) -> bool {
        self.variants().contains(&variant)
    }
}

impl Act {
    /// The action's verb.
    pub const fn verb(&self) -> Verb {
        match self {
            Act::Pass => Verb::Pass,
            Act::Bid { .. } => Verb::Bid,
            Act::Continue => Verb::Continue,
            Act::Call { .. } => Verb::Call,
            Act::Talon { .. } => Verb::Talon,
            Act::Grind => Verb::Grind,
            Act::Announce { .. } => Verb::Announce,
            Act::Contra { .. } => Verb::Contra,
            Act::Recontra { .. } => Verb::Recontra,
            Act::Subcontra { .. } => Verb::Subcontra,
            Act::Handful { .. } => Verb::Handful,
            Act::Slam => Verb::Slam,
            Act::Misdeal => Verb::Misdeal,
            Act::Tout => Verb::Tout,
            Act::Trumps { .. } => Verb::Trumps,
            Act::Matadors { .. } => Verb::Matadors,
            Act::Half { .. } => Verb::Half,
            Act::Full { .. } => Verb::Full,
            Act::Abundant { .. } => Verb::Abundant,
            Act::HalfKings { .. } => Verb::HalfKings,
            Act::FullKings { .. } => Verb::FullKings,
            Act::AbundantKings { .. } => Verb::AbundantKings,
        }
    }

    /// The first word of the action in the text: its verb, or a bid's
    /// game name.
    pub fn word(&self) -> &'static str {
        match self {
            Act::Bid { game } => game.word(),
            other => other.verb().word(),
        }
    }
}

words!(
    /// Every game, contract and bid name of the four variants.
    Game, "a game name", {
    // French Tarot (FR-BID-1)
    Take = "take" | "prise" | "petite",
    Guard = "guard" | "garde",
    GuardWithout = "guard-without" | "garde-sans",
    GuardAgainst = "guard-against" | "garde-contre",
    // Königrufen (KR-BID-2, KR-BID-3)
    Caller = "caller",
    Piccolo = "piccolo",
    SoloCaller = "solo-caller",
    PagatCaller = "pagat-caller",
    Beggar = "beggar",
    UhuCaller = "uhu-caller",
    ThreeOfSuits = "three-of-suits",
    Three = "three",
    PiccoloOuvert = "piccolo-ouvert",
    PelicanCaller = "pelican-caller",
    QuapilCaller = "quapil-caller",
    BeggarOuvert = "beggar-ouvert",
    SoloThreeOfSuits = "solo-three-of-suits",
    SoloThree = "solo-three",
    SixThrees = "six-threes",
    Trischaken = "trischaken",
    // Skill7 Tarock (S7-BID-1)
    Rufer = "rufer",
    Farbesolo = "farbesolo",
    Solo = "solo",
});

impl Game {
    /// The variant whose game it is.
    pub const fn variant(self) -> Variant {
        match self {
            Game::Take | Game::Guard | Game::GuardWithout | Game::GuardAgainst => {
                Variant::FrenchTarot
            }
            Game::Rufer | Game::Farbesolo | Game::Solo => Variant::Skill7Tarock,
            _ => Variant::Koenigrufen,
        }
    }
}

words!(
    /// Bonuses that can be announced (Königrufen) or bid as additions (Skill7).
    Bonus, "a bonus name", {
    Pagat = "pagat",
    Uhu = "uhu",
    Pelican = "pelican",
    Quapil = "quapil",
    KingUltimo = "king-ultimo",
    Trull = "trull",
    FourKings = "four-kings",
    Honours = "honours",
    Absolut = "absolut",
    Valat = "valat",
    // Silent only (KR-ANN-2): the words exist so that a record can say
    // that someone announced them, which is an illegal call.
    CaptureMoon = "capture-moon",
    CaptureKing = "capture-king",
});

words!(
    /// The size of a French handful (FR-HANDFUL-1).
    HandfulSize, "a handful size (simple, double, triple)", {
    Simple = "simple",
    Double = "double",
    Triple = "triple",
});

/// What a contra doubles: the game, or an announced bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The game.
    Game,
    /// An announced bonus.
    Bonus(Bonus),
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Game => f.write_str("game"),
            Target::Bonus(b) => f.write_str(b.word()),
        }
    }
}

impl FromStr for Target {
    type Err = ();
    fn from_str(s: &str) -> Result<Target, ()> {
        if s == "game" {
            Ok(Target::Game)
        } else {
            Bonus::from_word(s).map(Target::Bonus).ok_or(())
        }
    }
}

string_serde!(Target, "a contra target (game or a bonus name)");

impl Trick {
    /// A trick with no card, nothing named and nothing said, a constant to
    /// push and then fill in place (the reader's fast path): pushed from a
    /// constant, none of its bytes are read back from stores just made.
    pub(crate) const EMPTY: Trick = Trick {
        leader: None,
        fool_call: None,
        plays: Plays::new_const(),
        play_comments: CardComments::NONE,
        comments: Comments(None),
        span: Span { start: 0, end: 0 },
    };
}

/// One trick: its cards in play order from the leader.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(from = "forms::Trick")]
pub struct Trick {
    /// The leader, when the record names it (`trick 5 lead 2:`); otherwise it
    /// is implied by the previous trick's winner.
    pub leader: Option<Seat>,
    /// Danish: the seat that called for the fool at the start of this trick
    /// (`trick 23 call 1:`).
    pub fool_call: Option<Seat>,
    /// The cards played, in order from the leader.
    pub plays: Plays,
    /// What was said about the cards played (`play_comments.of(i)`: after
    /// `plays[i]`).
    pub play_comments: CardComments,
    /// Comments before the trick: one pointer, null when there are none.
    pub comments: Comments,
    /// Where it stands in the source (not part of the content).
    pub span: Span,
}

/// `result: 2 guard, points 43, oudlers 2`: the result of the deal as the
/// score sheet states it, instead of or beside the cards. The notation
/// keeps its facts as words; what they mean is each game's (the verifier).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sheet {
    /// The facts, in the order written.
    pub facts: Vec<Fact>,
    /// Comments before the section.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<String>,
    /// Where it stands in the source (not part of the content).
    #[serde(skip)]
    pub span: Span,
}

/// One stated fact of a `result` section: an optional seat and words
/// (`2 guard`, `points 43`, `1 handful double`, `slam announced made`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fact {
    /// The seat the fact is about (`2 guard`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// The words as written (`points`, `43`).
    pub words: Vec<String>,
    /// Where it stands in the source (not part of the content).
    #[serde(skip)]
    pub span: Span,
}

impl Fact {
    /// The fact's first word (`guard`, `points`); empty for none.
    pub fn head(&self) -> &str {
        self.words.first().map_or("", String::as_str)
    }
}

/// `claim: 0 +40, 1 -20, 2 -20, king-pot 70`: the payments as written on
/// the score sheet, to compare with the computed ones.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    /// The claimed amounts, in order.
    pub entries: Vec<ClaimEntry>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    /// Comments before the line.
    pub comments: Vec<String>,
    #[serde(skip)]
    /// Where it stands in the source (not part of the content).
    pub span: Span,
}

/// One amount of a claim: `0 +40`, `king-pot 70`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimEntry {
    /// A seat, or a Danish pot.
    pub party: Party,
    /// Its net result for the deal (a pot: its contents after the deal).
    pub amount: i64,
    #[serde(skip)]
    /// Where it stands in the source (not part of the content).
    pub span: Span,
}

/// Who a claimed amount belongs to: a seat's net result, or a Danish pot's
/// contents after the deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Party {
    /// A seat's net result.
    Seat(Seat),
    /// A Danish pot's contents.
    Pot(Pot),
}

words!(
    /// The two Danish pots (DK-POT-1).
    Pot, "a pot (king-pot, pagat-pot)", {
    King = "king-pot",
    Pagat = "pagat-pot",
});

impl fmt::Display for Party {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Party::Seat(s) => write!(f, "{s}"),
            Party::Pot(p) => f.write_str(p.word()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_are_equal_when_card_name_and_renaming_are_whatever_their_spans() {
        let leads: Vec<Option<Lead>> = [None, Some(Lead::Trumps)]
            .into_iter()
            .chain(Suit::ALL.map(|s| Some(Lead::Suit(s))))
            .collect();
        let cards = [
            Card::FOOL,
            Card::all().next().unwrap(),
            Card::all().last().unwrap(),
        ];
        let mut items = Vec::new();
        for &card in &cards {
            for &name in &leads {
                for &rename in &leads {
                    items.push(Item {
                        card,
                        name,
                        rename,
                        span: Span::new(items.len(), items.len() + 3),
                    });
                }
            }
        }
        for a in &items {
            for b in &items {
                let same = (a.card, a.name, a.rename) == (b.card, b.name, b.rename);
                assert_eq!(*a == *b, same, "{a:?} {b:?}");
            }
        }
    }
}
