//! The one-pass reader of a good record: JSON text to a record with the
//! spans of its values, in one walk over the bytes.
//!
//! It reads the JSON form exactly as the serde impls do, but only the
//! plain case: strings without escapes, integers, every member known and
//! once. On anything else (a fault, an escape, an unknown member, a number
//! with a fraction) it gives up (`None`) and the caller reads the text
//! again the serde way, which reports the fault or reads what is unusual.
//! So it can only be faster, never say something different: a record it
//! reads is the record serde reads, with the spans [`super::locate`]
//! gives (the tests below compare the two on every variant).
//!
//! With it, JSON in runs at about twice a plain typed serde read (issue 15;
//! `cargo bench --bench json`, `bench/README.md`).

use crate::card::{Card, Suit};
use crate::record::{tag_text, CardComments};
use crate::record::{
    Act, Action, Actions, Bonus, Cards, Claim, ClaimEntry, Discard, Game, Hand, HandfulSize, Item,
    Lead, Party, Pot, Record, Seat, Span, Tag, Target, Trick, Verb,
};

struct P<'t> {
    text: &'t str,
    b: &'t [u8],
    at: usize,
    base: usize,
    /// Whether an item was read in the object form (`{"card": ...}`), the
    /// one form that can name a suit: until then no card of the record
    /// names one.
    named: bool,
}

/// `text` (starting with `{`, at byte `base` of its file) as one record
/// followed by nothing but white space, or `None`.
pub(crate) fn record(text: &str, base: usize) -> Option<Record> {
    let mut r = Record::default();
    record_into(text, base, &mut r).map(|_| r)
}

/// [`record`] read into `r` (a `Record::default()`), in the place the
/// caller keeps it: a record is some 600 bytes, and each hand it passed
/// through copied it (issue 29 item 2). `Some(named)` when read:
/// `named` false says that no card of the record names a suit. On `None`
/// `r` holds what was read so far.
pub(crate) fn record_into(text: &str, base: usize, r: &mut Record) -> Option<bool> {
    let mut p = P {
        text,
        b: text.as_bytes(),
        at: 0,
        base,
        named: false,
    };
    p.record(r)?;
    p.ws();
    (p.at == p.b.len()).then_some(p.named)
}

/// A list items are read into: a `Vec` read aside, or a trick's plays.
trait Push {
    fn push(&mut self, item: Item);
    fn len(&self) -> usize;
}

impl Push for Vec<Item> {
    #[inline(always)]
    fn push(&mut self, item: Item) {
        Vec::push(self, item);
    }
    fn len(&self) -> usize {
        Vec::len(self)
    }
}

impl Push for crate::record::Plays {
    #[inline(always)]
    fn push(&mut self, item: Item) {
        smallvec::SmallVec::push(self, item);
    }
    fn len(&self) -> usize {
        smallvec::SmallVec::len(self)
    }
}

/// Marks a member as seen; `None` the second time (serde refuses a
/// duplicate member).
fn once(seen: &mut u32, bit: u32) -> Option<()> {
    (*seen & bit == 0).then(|| *seen |= bit)
}

impl<'t> P<'t> {
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.b.get(self.at) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.b.get(self.at).copied()
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        (self.peek()? == c).then(|| self.at += 1)
    }

    fn span(&self, start: usize) -> Span {
        Span::new(self.base + start, self.base + self.at)
    }

    /// `null`, consumed.
    fn null(&mut self) -> bool {
        self.ws();
        let is = self.b.get(self.at..self.at + 4) == Some(b"null");
        if is {
            self.at += 4;
        }
        is
    }

    /// The bytes of a string without escapes or control characters.
    fn bytes(&mut self) -> Option<&'t [u8]> {
        self.eat(b'"')?;
        let start = self.at;
        loop {
            match *self.b.get(self.at)? {
                b'"' => break,
                b'\\' | 0..=0x1f => return None,
                _ => self.at += 1,
            }
        }
        self.at += 1;
        Some(&self.b[start..self.at - 1])
    }

    /// A string without escapes or control characters.
    fn str(&mut self) -> Option<&'t str> {
        let b = self.bytes()?;
        let start = b.as_ptr() as usize - self.b.as_ptr() as usize;
        self.text.get(start..start + b.len())
    }

    fn string(&mut self) -> Option<String> {
        self.str().map(str::to_owned)
    }

    fn strings(&mut self) -> Option<Vec<String>> {
        self.list(Self::string)
    }

    /// A non-negative integer in plain form (no sign, fraction, exponent
    /// or leading zero).
    fn digits(&mut self) -> Option<u64> {
        self.ws();
        let start = self.at;
        let mut n: u64 = 0;
        while let Some(&d @ b'0'..=b'9') = self.b.get(self.at) {
            n = n.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
            self.at += 1;
        }
        let len = self.at - start;
        if len == 0 || len > 1 && self.b[start] == b'0' {
            return None;
        }
        match self.b.get(self.at) {
            Some(b'.' | b'e' | b'E') => None,
            _ => Some(n),
        }
    }

    fn u8(&mut self) -> Option<u8> {
        u8::try_from(self.digits()?).ok()
    }

    fn seat(&mut self) -> Option<Seat> {
        self.u8().map(Seat::new)
    }

    fn opt_seat(&mut self) -> Option<Option<Seat>> {
        self.opt_u8().map(|n| n.map(Seat::new))
    }

    fn opt_u8(&mut self) -> Option<Option<u8>> {
        if self.null() {
            Some(None)
        } else {
            self.u8().map(Some)
        }
    }

    fn i64(&mut self) -> Option<i64> {
        if self.eat(b'-').is_some() {
            let n = self.digits()?;
            (n != 0).then_some(())?;
            0i64.checked_sub_unsigned(n)
        } else {
            i64::try_from(self.digits()?).ok()
        }
    }

    fn bool(&mut self) -> Option<bool> {
        self.ws();
        let rest = &self.b[self.at..];
        let (v, n) = if rest.starts_with(b"true") {
            (true, 4)
        } else if rest.starts_with(b"false") {
            (false, 5)
        } else {
            return None;
        };
        self.at += n;
        Some(v)
    }

    /// A canonical card code. `Card::parse_canonical` takes exactly the
    /// canonical codes (a test in card.rs checks it), and none is longer
    /// than three bytes.
    fn card(&mut self) -> Option<Card> {
        self.eat(b'"')?;
        let rest = self.b.get(self.at..)?;
        let len = match rest {
            [_, _, b'"', ..] => 2,
            [_, _, _, b'"', ..] => 3,
            _ => return None,
        };
        let card = Card::parse_canonical(&rest[..len])?;
        self.at += len + 1;
        Some(card)
    }

    fn cards(&mut self) -> Option<Vec<Card>> {
        self.list(Self::card)
    }

    fn lead(&mut self) -> Option<Option<Lead>> {
        if self.null() {
            return Some(None);
        }
        Some(Some(match self.bytes()? {
            b"T" => Lead::Trumps,
            [c @ (b'S' | b'H' | b'D' | b'C')] => Lead::Suit(Suit::from_letter(*c)?),
            _ => return None,
        }))
    }

    fn suit(&mut self) -> Option<Suit> {
        match self.bytes()? {
            [c @ (b'S' | b'H' | b'D' | b'C')] => Suit::from_letter(*c),
            _ => None,
        }
    }

    /// `{ key: value, ... }`: `each` reads the value of each key.
    /// Returns where the object starts.
    fn object(&mut self, mut each: impl FnMut(&mut Self, &'t [u8]) -> Option<()>) -> Option<usize> {
        self.ws();
        let start = self.at;
        self.eat(b'{')?;
        if self.eat(b'}').is_some() {
            return Some(start);
        }
        loop {
            let key = self.bytes()?;
            self.eat(b':')?;
            each(self, key)?;
            match self.peek()? {
                b',' => self.at += 1,
                b'}' => {
                    self.at += 1;
                    return Some(start);
                }
                _ => return None,
            }
        }
    }

    /// `[ value, ... ]`: `each` reads each value.
    fn array(&mut self, mut each: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.eat(b'[')?;
        if self.eat(b']').is_some() {
            return Some(());
        }
        loop {
            each(self)?;
            match self.peek()? {
                b',' => self.at += 1,
                b']' => {
                    self.at += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// `[value, ...]`, each value read by `one`.
    fn list<T>(&mut self, one: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        // Room for four (tags, actions, entries: a few each) made at once,
        // not grown from nothing by the first push: 400 instructions a
        // Danish deal. (Made only at the first value, so that `[]` makes
        // none, it saved a tenth of that; the writer never writes an
        // empty list.)
        self.list_of(4, one)
    }

    /// [`P::list`] with room for `room` values made at once.
    fn list_of<T>(
        &mut self,
        room: usize,
        mut one: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<Vec<T>> {
        let mut out = Vec::with_capacity(room);
        self.array(|p| {
            out.push(one(p)?);
            Some(())
        })?;
        Some(out)
    }

    /// `null`, or a value read by `one`.
    fn nullable<T>(&mut self, one: impl FnOnce(&mut Self) -> Option<T>) -> Option<Option<T>> {
        if self.null() {
            Some(None)
        } else {
            one(self).map(Some)
        }
    }

    /// A list of items, each with the span of its value, read straight
    /// into one allocation with room for as many cards as the bytes up to
    /// the next `]` can hold (a code in quotes and a comma are at least
    /// five bytes): no copy of the list read aside.
    fn items(&mut self) -> Option<(Vec<Item>, CardComments)> {
        let rest = self.b.get(self.at..)?;
        let room = memchr::memchr(b']', rest).map_or(rest.len(), |n| n + 1);
        let mut list = Vec::with_capacity(room / 5);
        let mut said = CardComments::NONE;
        self.item_list(&mut list, &mut said)?;
        Some((list, said))
    }

    /// `[item, ...]` into `list`, the comments on them into `said`; a bare
    /// card code, the common case, is read in line.
    fn item_list<L: Push>(&mut self, list: &mut L, said: &mut CardComments) -> Option<()> {
        self.eat(b'[')?;
        if self.eat(b']').is_some() {
            return Some(());
        }
        loop {
            // The usual element, a code in quotes followed by `,` or `]`
            // with no white space, read on a window of six bytes with one
            // branch: what the element below makes of it. The code's length
            // comes from its third byte (`Card::code_in_by_digit`), so where
            // the next element starts does not wait on the code tables.
            let start = self.at;
            if let Some(&[quote, a, b, c, d, e]) =
                self.b.get(start..).and_then(<[u8]>::first_chunk::<6>)
            {
                let (index, three) = Card::code_in_by_digit([a, b, c, d]);
                let (close, next) = if three { (d, e) } else { (c, d) };
                if let (Some(card), b'"', b'"', b',' | b']') =
                    (Card::from_index(index), quote, close, next)
                {
                    let end = start.wrapping_add(4 + usize::from(three));
                    list.push(Item {
                        span: Span {
                            start: self.base.wrapping_add(start) as u32,
                            end: self.base.wrapping_add(end) as u32,
                        },
                        ..Item::new(card)
                    });
                    self.at = end.wrapping_add(1);
                    if next == b']' {
                        return Some(());
                    }
                    continue;
                }
            }
            self.ws();
            let start = self.at;
            // A canonical code in quotes, read through the code tables:
            // what `Card::parse_canonical` makes of the string's bytes when
            // the code ends at the closing quote (a quote is no digit).
            match Card::code_at(self.b, start + 1) {
                Some((index, end)) if self.b[start] == b'"' && self.b.get(end) == Some(&b'"') => {
                    let mut item = Item::new(Card::from_index(index)?);
                    self.at = end + 1;
                    // Wrapping, as `Span::new` truncates to 32 bits: the
                    // same span, without an overflow check per card.
                    item.span = Span {
                        start: self.base.wrapping_add(start) as u32,
                        end: self.base.wrapping_add(self.at) as u32,
                    };
                    list.push(item);
                    // The usual next byte, a comma or the end of the list,
                    // taken as the white space and `peek` below take it.
                    match self.b.get(self.at) {
                        Some(b',') => {
                            self.at += 1;
                            continue;
                        }
                        Some(b']') => {
                            self.at += 1;
                            return Some(());
                        }
                        _ => {}
                    }
                }
                _ => {
                    let (item, comments) = self.item()?;
                    said.extend(list.len(), comments);
                    list.push(item);
                }
            }
            match self.peek()? {
                b',' => self.at += 1,
                b']' => {
                    self.at += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    fn item(&mut self) -> Option<(Item, Vec<String>)> {
        let start = {
            self.ws();
            self.at
        };
        let (mut item, comments) = if self.b.get(self.at) == Some(&b'"') {
            (Item::new(self.card()?), Vec::new())
        } else {
            self.named = true;
            let (mut seen, mut card) = (0, None);
            let (mut name, mut rename, mut comments) = (None, None, Vec::new());
            self.object(|p, key| {
                match key {
                    b"card" => {
                        once(&mut seen, 1)?;
                        card = Some(p.card()?);
                    }
                    b"name" => {
                        once(&mut seen, 2)?;
                        name = p.lead()?;
                    }
                    b"rename" => {
                        once(&mut seen, 4)?;
                        rename = p.lead()?;
                    }
                    b"comments" => {
                        once(&mut seen, 8)?;
                        comments = p.strings()?;
                    }
                    _ => return None,
                }
                Some(())
            })?;
            let mut item = Item::new(card?);
            item.name = name;
            item.rename = rename;
            (item, comments)
        };
        item.span = self.span(start);
        Some((item, comments))
    }

    fn record(&mut self, r: &mut Record) -> Option<()> {
        let mut seen = 0;
        let start = self.object(|p, key| {
            match key {
                b"comments" => {
                    once(&mut seen, 1)?;
                    r.comments = p.strings()?;
                }
                b"tags" => {
                    once(&mut seen, 2)?;
                    r.tags = p.list(Self::tag)?;
                }
                b"hands" => {
                    once(&mut seen, 4)?;
                    r.hands = p.list(Self::hand)?;
                }
                b"talon" => {
                    once(&mut seen, 8)?;
                    r.talon = p.nullable(Self::talon)?;
                }
                b"auction" => {
                    once(&mut seen, 16)?;
                    r.auction = p.opt_actions()?;
                }
                b"calls" => {
                    once(&mut seen, 32)?;
                    r.calls = p.opt_actions()?;
                }
                b"discard" => {
                    once(&mut seen, 64)?;
                    r.discard = p.nullable(Self::discard)?;
                }
                b"declarations" => {
                    once(&mut seen, 128)?;
                    r.declarations = p.opt_actions()?;
                }
                b"tricks" => {
                    once(&mut seen, 256)?;
                    p.tricks(&mut r.tricks)?;
                }
                b"claim" => {
                    once(&mut seen, 512)?;
                    r.claim = p.nullable(Self::claim)?;
                }
                b"trailing" => {
                    once(&mut seen, 1024)?;
                    r.trailing = p.strings()?;
                }
                _ => return None,
            }
            Some(())
        })?;
        // `tags` is the one member a record must have.
        (seen & 2 != 0).then_some(())?;
        r.span = self.span(start);
        Some(())
    }

    fn tag(&mut self) -> Option<Tag> {
        self.ws();
        let from = self.at;
        if let Some(tag) = self.plain_tag(from) {
            return Some(tag);
        }
        self.at = from;
        let (mut seen, mut name, mut value, mut comments) = (0, None, None, Vec::new());
        let start = self.object(|p, key| {
            match key {
                // The usual words borrowed, as the text parser does
                // (`tag_text`): no allocation for `Variant`, a variant, a
                // dealer seat.
                b"name" => {
                    once(&mut seen, 1)?;
                    name = Some(tag_text(p.str()?));
                }
                b"value" => {
                    once(&mut seen, 2)?;
                    value = Some(tag_text(p.str()?));
                }
                b"comments" => {
                    once(&mut seen, 4)?;
                    comments = p.strings()?;
                }
                _ => return None,
            }
            Some(())
        })?;
        Some(Tag {
            name: name?,
            value: value?,
            comments,
            span: self.span(start),
        })
    }

    fn hand(&mut self) -> Option<Hand> {
        self.ws();
        let from = self.at;
        if let Some(hand) = self.plain_hand(from) {
            return Some(hand);
        }
        self.at = from;
        let (mut seen, mut seat, mut comments) = (0, None, Vec::new());
        let mut cards = (Vec::new(), CardComments::NONE);
        let start = self.object(|p, key| {
            match key {
                b"seat" => {
                    once(&mut seen, 1)?;
                    seat = Some(p.seat()?);
                }
                b"cards" => {
                    once(&mut seen, 2)?;
                    cards = p.items()?;
                }
                b"comments" => {
                    once(&mut seen, 4)?;
                    comments = p.strings()?;
                }
                _ => return None,
            }
            Some(())
        })?;
        (seen & 2 != 0).then_some(())?;
        Some(Hand {
            seat: seat?,
            cards: cards.0,
            card_comments: cards.1,
            comments,
            span: self.span(start),
        })
    }

    fn talon(&mut self) -> Option<Cards> {
        let (mut seen, mut cards, mut comments) = (0, (Vec::new(), CardComments::NONE), Vec::new());
        let start = self.object(|p, key| {
            match key {
                b"cards" => {
                    once(&mut seen, 1)?;
                    cards = p.items()?;
                }
                b"comments" => {
                    once(&mut seen, 2)?;
                    comments = p.strings()?;
                }
                _ => return None,
            }
            Some(())
        })?;
        (seen & 1 != 0).then_some(())?;
        Some(Cards {
            cards: cards.0,
            card_comments: cards.1,
            comments,
            span: self.span(start),
        })
    }

    fn discard(&mut self) -> Option<Discard> {
        let (mut seen, mut seat, mut comments) = (0, None, Vec::new());
        let mut cards = (Vec::new(), CardComments::NONE);
        let mut shown = (Vec::new(), CardComments::NONE);
        let start = self.object(|p, key| {
            match key {
                b"seat" => {
                    once(&mut seen, 1)?;
                    seat = Some(p.seat()?);
                }
                b"cards" => {
                    once(&mut seen, 2)?;
                    cards = p.items()?;
                }
                b"shown" => {
                    once(&mut seen, 4)?;
                    shown = p.items()?;
                }
                b"comments" => {
                    once(&mut seen, 8)?;
                    comments = p.strings()?;
                }
                _ => return None,
            }
            Some(())
        })?;
        (seen & 2 != 0).then_some(())?;
        Some(Discard {
            seat: seat?,
            cards: cards.0,
            card_comments: cards.1,
            shown: shown.0,
            shown_comments: shown.1,
            comments,
            span: self.span(start),
        })
    }

    fn opt_actions(&mut self) -> Option<Option<Actions>> {
        if self.null() {
            return Some(None);
        }
        let (mut seen, mut actions, mut comments) = (0, Vec::new(), Vec::new());
        let start = self.object(|p, key| {
            match key {
                b"actions" => {
                    once(&mut seen, 1)?;
                    actions = p.list(Self::action)?;
                }
                b"comments" => {
                    once(&mut seen, 2)?;
                    comments = p.strings()?;
                }
                _ => return None,
            }
            Some(())
        })?;
        (seen & 1 != 0).then_some(())?;
        Some(Some(Actions {
            actions,
            comments,
            span: self.span(start),
        }))
    }

    /// The action said most, a pass or Skill7's continue, as the writer
    /// writes it: `{"seat":N,"act":"pass"}`, one digit, no blanks. Read on
    /// its bytes; `None` (nothing read) for any other, which [`P::action`]
    /// reads member by member to the same action. Its members gathered
    /// one by one cost some 600 instructions an action, most of the
    /// reading of a Königrufen record's auction and calls (issue 29 item 2).
    #[inline]
    fn plain_action(&mut self) -> Option<Action> {
        const HEAD: &[u8] = b"{\"seat\":";
        const ACT: &[u8] = b",\"act\":\"";
        self.ws();
        let start = self.at;
        let rest = self.b.get(start..)?;
        let (head, rest) = rest.split_at_checked(HEAD.len())?;
        let (&seat, rest) = rest.split_first()?;
        let (act, rest) = rest.split_at_checked(ACT.len())?;
        if head != HEAD || !seat.is_ascii_digit() || act != ACT {
            return None;
        }
        let seat = Seat::new(seat - b'0');
        let word_at = start + HEAD.len() + 1 + ACT.len();
        let (act, len) = if rest.starts_with(b"pass\"}") {
            (Act::Pass, 6)
        } else if rest.starts_with(b"continue\"}") {
            (Act::Continue, 10)
        } else {
            return self.keyed_action(start, seat, word_at);
        };
        self.at = word_at + len;
        Some(Action {
            seat,
            act,
            after: None,
            comments: Vec::new(),
            span: self.span(start),
        })
    }

    /// An act with its members as the writer writes them, after
    /// `{"seat":N,"act":"` (`word_at`): `"bid","game":"solo"}`,
    /// `"call","card":"HK"}`, `"talon","half":1}`, `"announce","bonus":…}`,
    /// `"contra","target":…}` (and re- and subcontra), the Danish
    /// `"trumps","count":10,"pagat":false}`, `"matadors","count":3}`,
    /// `"half","suit":"C","missing":"CN"}` and `"full","suit":"H"}`; each
    /// value read by the readers [`P::action`] uses, and the object ended
    /// by `}` right after the last. `None`, nothing read, for any other
    /// form: read member by member to the same action. Most of the
    /// actions that are not passes (issue 29 item 2).
    #[inline(never)]
    fn keyed_action(&mut self, start: usize, seat: Seat, word_at: usize) -> Option<Action> {
        match self.keyed_act(word_at) {
            Some(act) => Some(Action {
                seat,
                act,
                after: None,
                comments: Vec::new(),
                span: self.span(start),
            }),
            None => {
                self.at = start;
                None
            }
        }
    }

    fn keyed_act(&mut self, word_at: usize) -> Option<Act> {
        const KEYED: [(&[u8], Verb); 11] = [
            (b"bid\",\"game\":", Verb::Bid),
            (b"call\",\"card\":", Verb::Call),
            (b"talon\",\"half\":", Verb::Talon),
            (b"announce\",\"bonus\":", Verb::Announce),
            (b"contra\",\"target\":", Verb::Contra),
            (b"recontra\",\"target\":", Verb::Recontra),
            (b"subcontra\",\"target\":", Verb::Subcontra),
            (b"trumps\",\"count\":", Verb::Trumps),
            (b"matadors\",\"count\":", Verb::Matadors),
            (b"half\",\"suit\":", Verb::Half),
            (b"full\",\"suit\":", Verb::Full),
        ];
        let rest = self.b.get(word_at..)?;
        let (head, verb) = KEYED.iter().find(|(head, _)| rest.starts_with(head))?;
        self.at = word_at + head.len();
        let act = match verb {
            Verb::Bid => Act::Bid { game: self.game()? },
            Verb::Call => Act::Call {
                card: self.card()?,
                fourth: false,
            },
            Verb::Talon => Act::Talon { half: self.u8()? },
            Verb::Announce => Act::Announce {
                bonus: self.bonus()?,
            },
            Verb::Contra => Act::Contra {
                target: self.target()?,
            },
            Verb::Recontra => Act::Recontra {
                target: self.target()?,
            },
            Verb::Subcontra => Act::Subcontra {
                target: self.target()?,
            },
            Verb::Trumps => {
                let count = self.u8()?;
                self.fixed(b",\"pagat\":")?;
                Act::Trumps {
                    count,
                    pagat: self.bool()?,
                    skat: Vec::new(),
                }
            }
            Verb::Matadors => Act::Matadors {
                count: self.u8()?,
                skat: Vec::new(),
            },
            Verb::Half => {
                let suit = self.suit()?;
                self.fixed(b",\"missing\":")?;
                Act::Half {
                    suit,
                    missing: self.card()?,
                    skat: Vec::new(),
                }
            }
            _ => Act::Full {
                suit: self.suit()?,
                skat: Vec::new(),
            },
        };
        (self.b.get(self.at) == Some(&b'}')).then(|| self.at += 1)?;
        Some(act)
    }

    /// `bytes`, exactly, where reading stands.
    fn fixed(&mut self, bytes: &[u8]) -> Option<()> {
        let rest = self.b.get(self.at..)?;
        rest.starts_with(bytes).then(|| self.at += bytes.len())
    }

    /// A game by its canonical word (JSON takes no alias).
    fn game(&mut self) -> Option<Game> {
        let w = self.str()?;
        Game::from_word(w).filter(|g| g.word() == w)
    }

    /// A bonus by its canonical word.
    fn bonus(&mut self) -> Option<Bonus> {
        let w = self.str()?;
        Bonus::from_word(w).filter(|b| b.word() == w)
    }

    /// What a contra doubles: the game, or a bonus by its canonical word.
    fn target(&mut self) -> Option<Target> {
        Some(match self.str()? {
            "game" => Target::Game,
            w => Target::Bonus(Bonus::from_word(w).filter(|b| b.word() == w)?),
        })
    }

    /// An action: its own members, and those of its act (`"act"` names
    /// it); a member its act does not have is left to serde.
    fn action(&mut self) -> Option<Action> {
        self.plain_action().or_else(|| self.action_by_members())
    }

    /// [`P::action`] member by member, in any order and form.
    fn action_by_members(&mut self) -> Option<Action> {
        #[derive(Default)]
        struct Fields<'t> {
            seen: u32,
            seat: Option<Seat>,
            act: Option<&'t str>,
            after: Option<u8>,
            comments: Vec<String>,
            game: Option<Game>,
            card: Option<Card>,
            fourth: Option<bool>,
            half: Option<u8>,
            bonus: Option<Bonus>,
            target: Option<Target>,
            size: Option<HandfulSize>,
            cards: Option<Vec<Card>>,
            count: Option<u8>,
            pagat: Option<bool>,
            suit: Option<Suit>,
            missing: Option<Card>,
            skat: Option<Vec<Card>>,
        }
        let mut f = Fields::default();
        let start = self.object(|p, key| {
            let bit = match key {
                b"seat" => {
                    f.seat = Some(p.seat()?);
                    1
                }
                b"act" => {
                    f.act = Some(p.str()?);
                    2
                }
                b"after" => {
                    f.after = p.opt_u8()?;
                    4
                }
                b"comments" => {
                    f.comments = p.strings()?;
                    8
                }
                b"game" => {
                    f.game = Some(p.game()?);
                    16
                }
                b"card" => {
                    f.card = Some(p.card()?);
                    32
                }
                b"fourth" => {
                    f.fourth = Some(p.bool()?);
                    64
                }
                b"half" => {
                    f.half = Some(p.u8()?);
                    128
                }
                b"bonus" => {
                    f.bonus = Some(p.bonus()?);
                    256
                }
                b"target" => {
                    f.target = Some(p.target()?);
                    512
                }
                b"size" => {
                    let w = p.str()?;
                    f.size = Some(HandfulSize::from_word(w).filter(|s| s.word() == w)?);
                    1024
                }
                b"cards" => {
                    f.cards = Some(p.cards()?);
                    2048
                }
                b"count" => {
                    f.count = Some(p.u8()?);
                    4096
                }
                b"pagat" => {
                    f.pagat = Some(p.bool()?);
                    8192
                }
                b"suit" => {
                    f.suit = Some(p.suit()?);
                    16384
                }
                b"missing" => {
                    f.missing = Some(p.card()?);
                    32768
                }
                b"skat" => {
                    f.skat = Some(p.cards()?);
                    65536
                }
                _ => return None,
            };
            once(&mut f.seen, bit)
        })?;
        // The members each act may have besides seat, act, after, comments.
        const OWN: u32 = 1 | 2 | 4 | 8;
        let allowed = |bits: u32| (f.seen & !(OWN | bits) == 0).then_some(());
        const SKAT: u32 = 65536;
        let skat = f.skat.take().unwrap_or_default();
        // The verb's canonical word only: JSON takes no alias (`good`).
        let word = f.act?;
        let act = match Verb::from_word(word).filter(|v| v.word() == word) {
            Some(Verb::Pass) => allowed(0).map(|_| Act::Pass),
            Some(Verb::Continue) => allowed(0).map(|_| Act::Continue),
            Some(Verb::Grind) => allowed(0).map(|_| Act::Grind),
            Some(Verb::Slam) => allowed(0).map(|_| Act::Slam),
            Some(Verb::Misdeal) => allowed(0).map(|_| Act::Misdeal),
            Some(Verb::Tout) => allowed(0).map(|_| Act::Tout),
            Some(Verb::Bid) => allowed(16).and(f.game.map(|game| Act::Bid { game })),
            Some(Verb::Call) => allowed(32 | 64).and(f.card.map(|card| Act::Call {
                card,
                fourth: f.fourth.unwrap_or(false),
            })),
            Some(Verb::Talon) => allowed(128).and(f.half.map(|half| Act::Talon { half })),
            Some(Verb::Announce) => allowed(256).and(f.bonus.map(|bonus| Act::Announce { bonus })),
            Some(Verb::Contra) => allowed(512).and(f.target.map(|target| Act::Contra { target })),
            Some(Verb::Recontra) => {
                allowed(512).and(f.target.map(|target| Act::Recontra { target }))
            }
            Some(Verb::Subcontra) => {
                allowed(512).and(f.target.map(|target| Act::Subcontra { target }))
            }
            Some(Verb::Handful) => allowed(1024 | 2048).and(
                f.size
                    .zip(f.cards.take())
                    .map(|(size, cards)| Act::Handful { size, cards }),
            ),
            Some(Verb::Trumps) => allowed(4096 | 8192 | SKAT).and(
                f.count
                    .zip(f.pagat)
                    .map(|(count, pagat)| Act::Trumps { count, pagat, skat }),
            ),
            Some(Verb::Matadors) => {
                allowed(4096 | SKAT).and(f.count.map(|count| Act::Matadors { count, skat }))
            }
            Some(Verb::Half) => {
                allowed(16384 | 32768 | SKAT).and(f.suit.zip(f.missing).map(|(suit, missing)| {
                    Act::Half {
                        suit,
                        missing,
                        skat,
                    }
                }))
            }
            Some(Verb::Full) => {
                allowed(16384 | SKAT).and(f.suit.map(|suit| Act::Full { suit, skat }))
            }
            Some(Verb::Abundant) => {
                allowed(16384 | SKAT).and(f.suit.map(|suit| Act::Abundant { suit, skat }))
            }
            Some(Verb::HalfKings) => {
                allowed(32768 | SKAT).and(f.missing.map(|missing| Act::HalfKings { missing, skat }))
            }
            Some(Verb::FullKings) => allowed(SKAT).map(|_| Act::FullKings { skat }),
            Some(Verb::AbundantKings) => allowed(SKAT).map(|_| Act::AbundantKings { skat }),
            None => None,
        }?;
        Some(Action {
            seat: f.seat?,
            act,
            after: f.after,
            comments: f.comments,
            span: self.span(start),
        })
    }

    /// `[trick, ...]` into `tricks` (empty), each read in its place in the
    /// list: a trick moved into it was a copy of some 150 bytes, three
    /// times over. Room for as many tricks as the first one's length fills
    /// the rest of the line.
    fn tricks(&mut self, tricks: &mut Vec<Trick>) -> Option<()> {
        // Room for as many tricks as the first one's length (up to its
        // first `}`, the end of a plain trick) fills the rest of the line,
        // made before the first is read: made after it, it was a second
        // allocation and a copy.
        if tricks.capacity() == 0 {
            let rest = self.b.get(self.at..)?;
            if let Some(n) = memchr::memchr(b'}', rest) {
                tricks.reserve(rest.len() / (n + 2));
            }
        }
        self.array(|p| {
            // From a constant: none of its bytes read back from stores just
            // made (`Trick::EMPTY`).
            tricks.push(Trick::EMPTY);
            p.trick(tricks.last_mut()?)
        })
    }

    fn trick(&mut self, t: &mut Trick) -> Option<()> {
        // The usual trick, its plays alone: `{"plays":[...]}`, read as the
        // object below reads it. Anything else after the plays (another
        // member) is read again from the start by the general form.
        self.ws();
        let from = self.at;
        if self.b.get(from..from + 9) == Some(b"{\"plays\":") {
            self.at += 9;
            self.item_list(&mut t.plays, &mut t.play_comments)?;
            if self.peek()? == b'}' {
                self.at += 1;
                t.span = self.span(from);
                return Some(());
            }
            t.plays.clear();
            t.play_comments.clear();
            self.at = from;
        }
        let mut seen = 0;
        let start = self.object(|p, key| {
            match key {
                b"leader" => {
                    once(&mut seen, 1)?;
                    t.leader = p.opt_seat()?;
                }
                b"fool_call" => {
                    once(&mut seen, 2)?;
                    t.fool_call = p.opt_seat()?;
                }
                b"plays" => {
                    once(&mut seen, 4)?;
                    // Straight into the trick's own list: a trick's plays
                    // fit in line, where a list read aside was moved twice.
                    p.item_list(&mut t.plays, &mut t.play_comments)?;
                }
                b"comments" => {
                    once(&mut seen, 8)?;
                    t.comments = p.strings()?.into();
                }
                _ => return None,
            }
            Some(())
        })?;
        (seen & 4 != 0).then_some(())?;
        t.span = self.span(start);
        Some(())
    }

    fn claim(&mut self) -> Option<Claim> {
        let (mut seen, mut entries, mut comments) = (0, Vec::new(), Vec::new());
        let start = self.object(|p, key| {
            match key {
                b"entries" => {
                    once(&mut seen, 1)?;
                    // A Danish claim has five entries (three seats, two
                    // pots): room for four was grown once a deal.
                    entries = p.list_of(5, Self::entry)?;
                }
                b"comments" => {
                    once(&mut seen, 2)?;
                    comments = p.strings()?;
                }
                _ => return None,
            }
            Some(())
        })?;
        (seen & 1 != 0).then_some(())?;
        Some(Claim {
            entries,
            comments,
            span: self.span(start),
        })
    }

    fn entry(&mut self) -> Option<ClaimEntry> {
        self.ws();
        let from = self.at;
        if let Some(entry) = self.plain_entry(from) {
            return Some(entry);
        }
        self.at = from;
        let (mut seen, mut party, mut amount) = (0, None, None);
        let start = self.object(|p, key| {
            match key {
                b"party" => {
                    once(&mut seen, 1)?;
                    party = Some(if p.peek()? == b'"' {
                        let w = p.str()?;
                        Party::Pot(Pot::from_word(w).filter(|pot| pot.word() == w)?)
                    } else {
                        Party::Seat(p.seat()?)
                    });
                }
                b"amount" => {
                    once(&mut seen, 2)?;
                    amount = Some(p.i64()?);
                }
                _ => return None,
            }
            Some(())
        })?;
        Some(ClaimEntry {
            party: party?,
            amount: amount?,
            span: self.span(start),
        })
    }
}

impl P<'_> {
    /// The claim entry as the writer writes it, `{"party":0,"amount":-55}`
    /// or `{"party":"king-pot","amount":75}` with no blanks, read on its
    /// bytes from `start` by the readers [`P::entry`] uses for each value;
    /// `None` for any other form (reading stopped anywhere), which
    /// [`P::entry`] reads again member by member. Member by member an
    /// entry cost some 700 instructions (issue 29 item 2).
    #[inline]
    fn plain_entry(&mut self, start: usize) -> Option<ClaimEntry> {
        self.fixed(b"{\"party\":")?;
        let party = if self.b.get(self.at) == Some(&b'"') {
            let w = self.str()?;
            Party::Pot(Pot::from_word(w).filter(|pot| pot.word() == w)?)
        } else {
            Party::Seat(self.seat()?)
        };
        self.fixed(b",\"amount\":")?;
        let amount = self.i64()?;
        self.fixed(b"}")?;
        Some(ClaimEntry {
            party,
            amount,
            span: self.span(start),
        })
    }

    /// The tag as the writer writes it, `{"name":"Dealer","value":"0"}`
    /// with no blanks, read on its bytes from `start` as [`P::tag`] reads
    /// it; `None` for any other form, which [`P::tag`] reads again member
    /// by member.
    #[inline]
    fn plain_tag(&mut self, start: usize) -> Option<Tag> {
        self.fixed(b"{\"name\":")?;
        let name = tag_text(self.str()?);
        self.fixed(b",\"value\":")?;
        let value = tag_text(self.str()?);
        self.fixed(b"}")?;
        Some(Tag {
            name,
            value,
            comments: Vec::new(),
            span: self.span(start),
        })
    }

    /// The hand as the writer writes it, `{"seat":0,"cards":[...]}` with
    /// no blanks around its members, read from `start` as [`P::hand`]
    /// reads it; `None` for any other form, which [`P::hand`] reads again
    /// member by member.
    #[inline]
    fn plain_hand(&mut self, start: usize) -> Option<Hand> {
        self.fixed(b"{\"seat\":")?;
        let seat = self.seat()?;
        self.fixed(b",\"cards\":")?;
        let (cards, card_comments) = self.items()?;
        self.fixed(b"}")?;
        Some(Hand {
            seat,
            cards,
            card_comments,
            comments: Vec::new(),
            span: self.span(start),
        })
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// What serde reads, spans included (a span's `PartialEq` ignores it:
    /// compare the debug form, which shows them).
    fn serde_way(text: &str, base: usize) -> Option<String> {
        let mut de = serde_json::Deserializer::from_str(text);
        let mut r: Record = serde::Deserialize::deserialize(&mut de).ok()?;
        de.end().ok()?;
        super::super::locate::locate(&mut r, text, base);
        Some(format!("{r:?}"))
    }

    fn same_as_serde(text: &str) {
        let fast = record(text, 17).map(|r| format!("{r:?}"));
        if let Some(fast) = fast {
            assert_eq!(Some(fast), serde_way(text, 17), "{text}");
        }
    }

    pub(crate) fn generated() -> Vec<String> {
        let mut out = Vec::new();
        for variant in crate::Variant::ALL {
            let mut rng = Rng(u64::from(variant as u8) + 5);
            for i in 0..40 {
                out.push(super::super::to_json(&sample(variant, &mut rng, i)));
            }
        }
        out
    }

    /// A small generator of varied records (the real one lives in the
    /// verifier): every kind of element and act, with comments and names.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n as u64) as usize
        }
    }

    fn sample(variant: crate::Variant, rng: &mut Rng, i: usize) -> Record {
        let card = |rng: &mut Rng| Card::from_index(rng.next(Card::COUNT) as u8).unwrap();
        // A card, and whether something is said about it.
        let item = |rng: &mut Rng| {
            let mut it = Item::new(card(rng));
            let mut said = false;
            match rng.next(6) {
                0 => it.name = Some(Lead::Suit(Suit::Hearts)),
                1 => said = true,
                2 => it.rename = Some(Lead::Trumps),
                _ => {}
            }
            (it, said)
        };
        let plain = |rng: &mut Rng| Item::new(card(rng));
        let acts = [
            Act::Pass,
            Act::Continue,
            Act::Bid { game: Game::Three },
            Act::Call {
                card: card(rng),
                fourth: i % 2 == 0,
            },
            Act::Talon { half: 1 },
            Act::Announce {
                bonus: Bonus::Pagat,
            },
            Act::Contra {
                target: Target::Game,
            },
            Act::Recontra {
                target: Target::Bonus(Bonus::Uhu),
            },
            Act::Handful {
                size: HandfulSize::Simple,
                cards: vec![card(rng), card(rng)],
            },
            Act::Trumps {
                count: 11,
                pagat: true,
                skat: vec![card(rng)],
            },
            Act::Matadors {
                count: 4,
                skat: vec![],
            },
            Act::Half {
                suit: Suit::Hearts,
                missing: card(rng),
                skat: vec![],
            },
            Act::Full {
                suit: Suit::Clubs,
                skat: vec![card(rng)],
            },
            Act::HalfKings {
                missing: card(rng),
                skat: vec![],
            },
            Act::FullKings { skat: vec![] },
            Act::AbundantKings {
                skat: vec![card(rng)],
            },
            Act::Tout,
            Act::Misdeal,
        ];
        let action = |rng: &mut Rng| Action {
            seat: Seat::new(rng.next(4) as u8),
            act: acts[rng.next(acts.len())].clone(),
            after: (rng.next(3) == 0).then_some(3),
            comments: if rng.next(4) == 0 {
                vec!["hm".into()]
            } else {
                vec![]
            },
            span: Span::default(),
        };
        let mut r = Record::default();
        r.tags.push(Tag::new("Variant", variant.to_string()));
        r.tags.push(Tag::new("Dealer", "ü 1"));
        if i % 3 == 0 {
            r.comments = vec!["first".into()];
            r.trailing = vec!["last".into()];
            r.tags[1].comments = vec!["on the tag".into()];
        }
        for seat in Seat::all(3) {
            r.hands.push(Hand {
                seat,
                cards: (0..5).map(|_| plain(rng)).collect(),
                card_comments: Default::default(),
                comments: vec![],
                span: Span::default(),
            });
        }
        if i % 2 == 0 {
            r.talon = Some(Cards {
                cards: (0..3).map(|_| plain(rng)).collect(),
                card_comments: Default::default(),
                comments: vec![],
                span: Span::default(),
            });
            r.discard = Some(Discard {
                seat: Seat::new(1),
                cards: (0..2).map(|_| plain(rng)).collect(),
                card_comments: Default::default(),
                shown: (0..i % 3).map(|_| plain(rng)).collect(),
                shown_comments: Default::default(),
                comments: vec![],
                span: Span::default(),
            });
        }
        r.auction = Some(Actions {
            actions: (0..4).map(|_| action(rng)).collect(),
            comments: vec![],
            span: Span::default(),
        });
        if i % 4 == 1 {
            r.calls = Some(Actions {
                actions: (0..2).map(|_| action(rng)).collect(),
                comments: vec!["c".into()],
                span: Span::default(),
            });
            r.declarations = Some(Actions {
                actions: vec![],
                comments: vec![],
                span: Span::default(),
            });
        }
        for t in 0..4 {
            let mut trick = Trick {
                leader: (t == 2).then_some(Seat::new(1)),
                fool_call: (t == 3).then_some(Seat::new(0)),
                ..Trick::default()
            };
            for _ in 0..3 {
                let (it, said) = item(rng);
                if said {
                    trick.play_comments.push(trick.plays.len(), "said".into());
                }
                trick.plays.push(it);
            }
            r.tricks.push(trick);
        }
        r.claim = Some(Claim {
            entries: vec![
                ClaimEntry {
                    party: Party::Seat(Seat::new(0)),
                    amount: -40,
                    span: Span::default(),
                },
                ClaimEntry {
                    party: Party::Pot(Pot::King),
                    amount: 70,
                    span: Span::default(),
                },
            ],
            comments: vec![],
            span: Span::default(),
        });
        r
    }

    #[test]
    fn reads_what_serde_reads_with_the_same_spans() {
        let lines = generated();
        let mut read = 0;
        for l in &lines {
            let fast = record(l, 17).map(|r| format!("{r:?}"));
            assert_eq!(fast, serde_way(l, 17), "{l}");
            read += 1;
            // Spread out, and with white space around.
            let spaced = l.replace(',', " ,\n\t").replace(':', " : ") + " \n";
            assert!(record(&spaced, 17).is_some());
            same_as_serde(&spaced);
        }
        assert_eq!(read, lines.len());
    }

    /// A pass or a continue in the writer's form (`plain_action`) and
    /// every near miss of it read exactly as serde reads them: other seats,
    /// words, members after it, blanks.
    #[test]
    fn plain_actions_read_as_serde_reads_them() {
        let line = generated()
            .into_iter()
            .find(|l| l.contains("{\"seat\":1,\"act\":\"pass\"}"))
            .expect("a generated record with a pass");
        let plain = "{\"seat\":1,\"act\":\"pass\"}";
        let mut read = 0;
        for seat in ["0", "9", "10", "01", "-1", "a", "", " 1", "1 "] {
            for act in [
                "pass", "continue", "passx", "pas", "Pass", "pass ", "continu", "grind", "bid",
            ] {
                for tail in [
                    "}",
                    ",\"after\":2}",
                    ",\"comments\":[\"x\"]}",
                    " }",
                    "",
                    "}}",
                ] {
                    let action = format!("{{\"seat\":{seat},\"act\":\"{act}\"{tail}");
                    let changed = line.replacen(plain, &action, 1);
                    same_as_serde(&changed);
                    read += usize::from(record(&changed, 17).is_some());
                }
            }
        }
        assert!(read > 20, "{read}");
        // The writer's form itself takes the plain path.
        let mut p = P {
            text: plain,
            b: plain.as_bytes(),
            at: 0,
            base: 0,
            named: false,
        };
        let action = p.plain_action().expect("the plain form");
        assert_eq!((action.seat, p.at), (Seat::new(1), plain.len()));
    }

    /// Acts with members in the writer's form (`keyed_action`) and their
    /// near misses: read exactly as serde reads them in a record, and, as
    /// an action alone, to what reading member by member gives (or to
    /// nothing read). Every verb that takes members, with every key, good
    /// and bad values, and what may follow.
    #[test]
    fn keyed_actions_read_as_serde_reads_them() {
        let line = generated()
            .into_iter()
            .find(|l| l.contains("{\"seat\":1,\"act\":\"pass\"}"))
            .expect("a generated record with a pass");
        let plain = "{\"seat\":1,\"act\":\"pass\"}";
        let (mut read, mut keyed) = (0, 0);
        let acts = [
            "bid",
            "call",
            "talon",
            "announce",
            "contra",
            "recontra",
            "subcontra",
            "trumps",
            "matadors",
            "half",
            "full",
            "pass",
            "callx",
            "Call",
        ];
        let keys = [
            "game", "card", "half", "bonus", "target", "count", "suit", "cards", "Card",
        ];
        let values = [
            "\"solo\"",
            "\"caller\"",
            "\"HK\"",
            "\"T21\"",
            "\"XX\"",
            "1",
            "01",
            "10",
            "256",
            "-1",
            "\"pagat\"",
            "\"game\"",
            "\"valat\"",
            "\"\"",
            "null",
            "\"H\\u004B\"",
            "\"C\"",
        ];
        let tails = [
            "}",
            " }",
            ",\"after\":2}",
            ",\"fourth\":true}",
            "}}",
            "",
            ",\"pagat\":true}",
            ",\"pagat\":false}",
            ",\"pagat\":1}",
            ",\"missing\":\"CN\"}",
            ",\"missing\":\"C\"}",
            ",\"pagat\":true,\"skat\":[\"T1\"]}",
            ",\"skat\":[]}",
        ];
        for act in acts {
            for key in keys {
                for value in values {
                    for tail in tails {
                        let action =
                            format!("{{\"seat\":1,\"act\":\"{act}\",\"{key}\":{value}{tail}");
                        let changed = line.replacen(plain, &action, 1);
                        same_as_serde(&changed);
                        read += usize::from(record(&changed, 17).is_some());
                        let mut p = P {
                            text: &action,
                            b: action.as_bytes(),
                            at: 0,
                            base: 0,
                            named: false,
                        };
                        let mut q = P { at: 0, ..p };
                        match p.plain_action() {
                            Some(got) => {
                                keyed += 1;
                                let want = q.action_by_members().expect("read by members too");
                                assert_eq!(format!("{got:?}"), format!("{want:?}"), "{action}");
                                assert_eq!(p.at, q.at, "{action}");
                            }
                            None => assert_eq!(p.at, 0, "nothing read: {action}"),
                        }
                    }
                }
            }
        }
        assert!(keyed > 40 && read > keyed, "{keyed} {read}");
    }

    /// A card string read through the code tables (`item_list`) and a
    /// trick in its usual form (`{"plays":[...]}`) read exactly as serde
    /// reads them: every string of up to three bytes (and a few of four) over the bytes that
    /// matter, as a hand's card and as a trick's play, and a trick with a
    /// member after its plays.
    #[test]
    fn card_strings_and_plain_tricks_read_as_serde_reads_them() {
        let line = &generated()[1];
        assert!(line.contains("\"plays\":[\"") && line.contains("\"cards\":[\""));
        let alphabet = b"SHDCTEXJNQKR01234569\"a ";
        let mut word = Vec::new();
        let (mut read, mut tried) = (0, 0);
        let mut words: Vec<String> = ["T100", "H10a", "T21 ", "EX\"\"", "D10\""]
            .map(String::from)
            .to_vec();
        for len in 0..=3u32 {
            for mut k in 0..alphabet.len().pow(len) {
                word.clear();
                for _ in 0..len {
                    word.push(alphabet[k % alphabet.len()]);
                    k /= alphabet.len();
                }
                words.push(String::from_utf8(word.clone()).unwrap());
            }
        }
        {
            for word in words {
                for key in ["\"plays\":[", "\"cards\":["] {
                    let changed = line.replacen(key, &format!("{key}\"{word}\","), 1);
                    tried += 1;
                    if record(&changed, 0).is_some() {
                        read += 1;
                    }
                    same_as_serde(&changed);
                }
            }
        }
        // The 2 x 67 codes over these bytes (no 7 or 8).
        assert!(tried > 20_000 && read == 2 * 67, "{read} of {tried}");
        for tail in [",\"comments\":[\"x\"]}", ",\"leader\":1}", " }", "}"] {
            let plays = line.find("\"plays\":[").unwrap();
            let end = plays + line[plays..].find("]}").unwrap();
            let changed = format!("{}]{tail}{}", &line[..end], &line[end + 2..]);
            assert!(record(&changed, 0).is_some(), "{tail}");
            same_as_serde(&changed);
        }
    }

    #[test]
    fn gives_up_on_what_it_does_not_read_plainly() {
        let line = &generated()[1];
        let edits: &[(&str, &str)] = &[
            ("\"T", "\"\\u0054"),
            ("\"seat\":0", "\"seat\":0.0"),
            ("\"seat\":0", "\"seat\":00"),
            ("\"seat\":0", "\"seat\":256"),
            ("\"seat\":0", "\"seat\":-0"),
            ("\"amount\":-40", "\"amount\":-0"),
            ("\"amount\":-40", "\"amount\":-4e1"),
            ("\"act\":\"", "\"act\":\"x"),
            ("\"act\":\"", "\"extra\":1,\"act\":\""),
            ("\"tags\":", "\"tags\":[],\"tagz\":"),
            ("\"Variant\"", "\"Var\\niant\""),
            ("\"party\":0", "\"party\":\"king\""),
            ("\"plays\":[", "\"plays\":[\"hk\","),
            ("\"plays\":[", "\"plays\":[null,"),
            ("\"hands\":", "\"hands\":null,\"x\":"),
        ];
        for (from, to) in edits {
            let changed = line.replacen(from, to, 1);
            assert_ne!(&changed, line, "{from}");
            assert!(record(&changed, 0).is_none(), "{to}");
        }
        for tail in [" x", " {}", ","] {
            assert!(record(&format!("{line}{tail}"), 0).is_none());
        }
        // Every cut of a line is given up, never a panic.
        for cut in (0..line.len()).filter(|&i| line.is_char_boundary(i)) {
            assert!(record(&line[..cut], 0).is_none());
        }
    }
}
