//! The compact JSON form of a record, written straight into bytes.
//!
//! The same bytes as `serde_json::to_writer` of the record's `Serialize`
//! impls (members in the same order, the same ones left out, strings
//! escaped the same way), written without going through serde. The tests
//! below compare the two.
//!
//! Written for speed (`tarok convert --to jsonl`): the output is reserved
//! once per record; a key is one fixed-size copy of its quoted name; a list
//! of bare cards is written by fixed 8-byte copies of `"CODE",` into room
//! made for it at once; a string that needs no escape is one copy.
//! Keys and frames are fixed-size copies, and strings are checked for
//! escapes 8 bytes at a time. `tarok convert --to jsonl` pushes every
//! record into one reused buffer and writes it in 32 KiB pieces of whole
//! lines (`src/cmd/convert.rs`). Pretty JSON stays serde's.

use crate::card::Card;
use crate::record::{Act, Action, Actions, CardComments, Item, Party, Record, Target, Verb};

/// Appends `record` as compact JSON to `out`.
pub(crate) fn record(out: &mut Vec<u8>, r: &Record) {
    out.reserve(size_hint(r));
    let mut o = Obj::new(out);
    if !r.comments.is_empty() {
        strings(o.key(b"\"comments\":"), &r.comments);
    }
    let out = o.key(b"\"tags\":");
    out.push(b'[');
    for (i, t) in r.tags.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        out.extend_from_slice(b"{\"name\":");
        string(out, &t.name);
        out.extend_from_slice(b",\"value\":");
        string(out, &t.value);
        if !t.comments.is_empty() {
            out.extend_from_slice(b",\"comments\":");
            strings(out, &t.comments);
        }
        out.push(b'}');
    }
    out.push(b']');
    if !r.hands.is_empty() {
        let out = o.key(b"\"hands\":");
        out.push(b'[');
        for (i, h) in r.hands.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(b"{\"seat\":");
            number(out, u64::from(h.seat));
            out.extend_from_slice(b",\"cards\":");
            items(out, &h.cards, &h.card_comments);
            if !h.comments.is_empty() {
                out.extend_from_slice(b",\"comments\":");
                strings(out, &h.comments);
            }
            out.push(b'}');
        }
        out.push(b']');
    }
    if let Some(t) = &r.talon {
        let out = o.key(b"\"talon\":{\"cards\":");
        items(out, &t.cards, &t.card_comments);
        if !t.comments.is_empty() {
            out.extend_from_slice(b",\"comments\":");
            strings(out, &t.comments);
        }
        out.push(b'}');
    }
    if let Some(a) = &r.auction {
        actions(o.key(b"\"auction\":"), a);
    }
    if let Some(a) = &r.calls {
        actions(o.key(b"\"calls\":"), a);
    }
    if let Some(d) = &r.discard {
        let out = o.key(b"\"discard\":{\"seat\":");
        number(out, u64::from(d.seat));
        out.extend_from_slice(b",\"cards\":");
        items(out, &d.cards, &d.card_comments);
        if !d.shown.is_empty() {
            out.extend_from_slice(b",\"shown\":");
            items(out, &d.shown, &d.shown_comments);
        }
        if !d.comments.is_empty() {
            out.extend_from_slice(b",\"comments\":");
            strings(out, &d.comments);
        }
        out.push(b'}');
    }
    if let Some(a) = &r.declarations {
        actions(o.key(b"\"declarations\":"), a);
    }
    if !r.tricks.is_empty() {
        let out = o.key(b"\"tricks\":");
        out.push(b'[');
        let done = bare_tricks(out, &r.tricks);
        for (i, t) in r.tricks.iter().enumerate().skip(done) {
            if i > 0 {
                out.push(b',');
            }
            if t.leader.is_none() && t.fool_call.is_none() {
                out.extend_from_slice(b"{\"plays\":");
            } else {
                let mut o = Obj::new(out);
                if let Some(s) = t.leader {
                    number(o.key(b"\"leader\":"), u64::from(s));
                }
                if let Some(s) = t.fool_call {
                    number(o.key(b"\"fool_call\":"), u64::from(s));
                }
                o.key(b"\"plays\":");
            }
            items(out, &t.plays, &t.play_comments);
            if !t.comments.is_empty() {
                out.extend_from_slice(b",\"comments\":");
                strings(out, &t.comments);
            }
            out.push(b'}');
        }
        out.push(b']');
    }
    if let Some(sheet) = &r.result {
        super::result::write(o.key(b"\"result\":"), sheet);
    }
    if let Some(c) = &r.claim {
        let out = o.key(b"\"claim\":{\"entries\":[");
        for (i, e) in c.entries.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(b"{\"party\":");
            match e.party {
                Party::Seat(s) => number(out, u64::from(s)),
                Party::Pot(p) => self::word(out, p.word()),
            }
            out.extend_from_slice(b",\"amount\":");
            if e.amount < 0 {
                out.push(b'-');
            }
            number(out, e.amount.unsigned_abs());
            out.push(b'}');
        }
        out.push(b']');
        if !c.comments.is_empty() {
            out.extend_from_slice(b",\"comments\":");
            strings(out, &c.comments);
        }
        out.push(b'}');
    }
    if !r.trailing.is_empty() {
        strings(o.key(b"\"trailing\":"), &r.trailing);
    }
    o.end();
}

/// The tricks at the start of `tricks` that are bare (plays of bare cards,
/// nothing else: `{"plays":["T21","SK","S1"]}`), written by fixed-size
/// copies into room made for all the tricks at once. Returns how many;
/// the first that is not bare and the rest are written one by one.
fn bare_tricks(out: &mut Vec<u8>, tricks: &[crate::record::Trick]) -> usize {
    const FRAME: &[u8; 10] = b"{\"plays\":[";
    let start = out.len();
    // A trick's frame (`{"plays":[`, `]}` and a comma), 8 bytes a card.
    let bound: usize = tricks.iter().map(|t| 16 + 8 * t.plays.len()).sum();
    out.resize(start + bound, 0);
    let room = &mut out[start..];
    let mut at = 0;
    let mut done = 0;
    'tricks: for t in tricks {
        if t.leader.is_some()
            || t.fool_call.is_some()
            || !t.comments.is_empty()
            || !t.play_comments.is_empty()
        {
            break;
        }
        let begun = at;
        room[at..][..FRAME.len()].copy_from_slice(FRAME);
        at += FRAME.len();
        for item in t.plays.iter() {
            if !bare(item) {
                at = begun;
                break 'tricks;
            }
            at = put_card(room, at, item.card);
        }
        if t.plays.is_empty() {
            at += 1;
        }
        room[at - 1..at + 2].copy_from_slice(b"]},");
        at += 2;
        done += 1;
    }
    // No comma after the last trick written: the caller writes the one
    // before the next.
    if done > 0 {
        at -= 1;
    }
    out.truncate(start + at);
    done
}

/// Room enough for the JSON of a usual record (more is made as needed).
fn size_hint(r: &Record) -> usize {
    // A card is at most 6 bytes (`"T21",`); a trick's frame 12, an action's 48.
    let hands: usize = r.hands.iter().map(|h| 16 + 6 * h.cards.len()).sum();
    let actions = |a: &Option<Actions>| a.as_ref().map_or(0, |a| 48 * a.actions.len());
    256 + hands
        + 24 * r.tags.len()
        + 36 * r.tricks.len()
        + actions(&r.auction)
        + actions(&r.calls)
        + actions(&r.declarations)
}

/// An object being written: `key` writes the separator and the key.
struct Obj<'o> {
    out: &'o mut Vec<u8>,
    first: bool,
}

impl<'o> Obj<'o> {
    #[inline]
    fn new(out: &'o mut Vec<u8>) -> Self {
        out.push(b'{');
        Obj { out, first: true }
    }

    /// `key` is the quoted key and its colon (`"name":`), and may go on
    /// with the start of the value: one copy of a known size.
    #[inline]
    fn key<const N: usize>(&mut self, key: &[u8; N]) -> &mut Vec<u8> {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        self.out.extend_from_slice(key);
        self.out
    }

    #[inline]
    fn end(self) {
        self.out.push(b'}');
    }
}

#[inline]
fn number(out: &mut Vec<u8>, n: u64) {
    if n < 10 {
        out.push(b'0' + n as u8);
    } else if n < 100 {
        out.extend_from_slice(&[b'0' + (n / 10) as u8, b'0' + (n % 10) as u8]);
    } else {
        long_number(out, n);
    }
}

/// A number of three digits or more: its digits from the left of a
/// buffer, copied whole (a fixed size) and cut to the length.
fn long_number(out: &mut Vec<u8>, n: u64) {
    let len = n.checked_ilog10().unwrap_or(0) as usize + 1;
    let mut digits = [0u8; 20];
    let mut n = n;
    for d in digits[..len].iter_mut().rev() {
        *d = b'0' + (n % 10) as u8;
        n /= 10;
    }
    let at = out.len();
    out.extend_from_slice(&digits);
    out.truncate(at + len);
}

/// A string, escaped as serde_json escapes it.
fn string(out: &mut Vec<u8>, s: &str) {
    let b = s.as_bytes();
    let plain = !needs_escape(b);
    out.reserve(b.len() + 2);
    out.push(b'"');
    if plain {
        out.extend_from_slice(b);
    } else {
        escaped(out, b);
    }
    out.push(b'"');
}

/// Whether any byte of `b` is a control character, `"` or `\`: eight
/// bytes at a time (most strings need no escape).
#[inline]
fn needs_escape(b: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Not zero exactly when a byte of `x` is below `n` (n <= 0x80): with
    // none, no byte borrows, and no byte's high bit survives.
    let below = |x: u64, n: u64| x.wrapping_sub(n * ONES) & !x & HIGH;
    let chunks = b.chunks_exact(8);
    let tail = chunks.remainder();
    let mut odd = 0;
    for chunk in chunks {
        let x = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        // A byte equal to `c` is a zero byte of `x ^ c * ONES`.
        odd |= below(x, 0x20)
            | below(x ^ (u64::from(b'"') * ONES), 1)
            | below(x ^ (u64::from(b'\\') * ONES), 1);
    }
    odd != 0
        || tail.iter().fold(false, |odd, &c| {
            odd | (c < 0x20) | (c == b'"') | (c == b'\\')
        })
}

/// A word of the model (a game, a bonus, a pot): no escape needed.
fn word(out: &mut Vec<u8>, w: &str) {
    out.push(b'"');
    out.extend_from_slice(w.as_bytes());
    out.push(b'"');
}

/// The bytes of a string that needs escapes, escaped.
#[cold]
fn escaped(out: &mut Vec<u8>, b: &[u8]) {
    let mut from = 0;
    for (i, &c) in b.iter().enumerate() {
        let escape: &[u8] = match c {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            0x08 => b"\\b",
            0x0c => b"\\f",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0..=0x1f => &[],
            _ => continue,
        };
        out.extend_from_slice(&b[from..i]);
        if escape.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.extend_from_slice(b"\\u00");
            out.push(HEX[usize::from(c >> 4)]);
            out.push(HEX[usize::from(c & 0xf)]);
        } else {
            out.extend_from_slice(escape);
        }
        from = i + 1;
    }
    out.extend_from_slice(&b[from..]);
}

fn strings(out: &mut Vec<u8>, list: &[String]) {
    out.push(b'[');
    for (i, s) in list.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        string(out, s);
    }
    out.push(b']');
}

/// Each card's code in quotes and a comma after (`"T21",`), padded to 8
/// bytes, and the length of that; 256 rows, so that a card's byte needs no
/// bounds check (rows past the last card are never read).
static CARD_COMMA: [([u8; 8], u8); 256] = {
    let mut table = [([0u8; 8], 0u8); 256];
    let mut i = 0;
    while i < Card::COUNT {
        let (quoted, len) = &crate::card::QUOTED[i];
        let mut j = 0;
        while j < *len {
            table[i].0[j] = quoted[j];
            j += 1;
        }
        table[i].0[*len] = b',';
        table[i].1 = (*len + 1) as u8;
        i += 1;
    }
    table
};

/// Writes `"CODE",` of `c` at `room[at..]` by one 8-byte copy (room is
/// made for 8 bytes a card) and returns where the next goes.
#[inline(always)]
fn put_card(room: &mut [u8], at: usize, c: Card) -> usize {
    let (code, len) = &CARD_COMMA[usize::from(c.index())];
    room[at..][..8].copy_from_slice(code);
    at + usize::from(*len)
}

/// A card code in quotes (codes need no escape).
#[inline]
fn card(out: &mut Vec<u8>, c: Card) {
    let (code, len) = &CARD_COMMA[usize::from(c.index())];
    out.extend_from_slice(&code[..usize::from(*len - 1)]);
}

/// A list of cards: `["T21","SK"]`, each card one fixed-size copy into
/// room made for the whole list at once.
fn cards(out: &mut Vec<u8>, list: &[Card]) {
    let start = out.len();
    // `[`, at most 8 bytes a card (the last copy's padding), and `]`.
    out.resize(start + 2 + 8 * list.len(), 0);
    let room = &mut out[start..];
    room[0] = b'[';
    let mut at = 1;
    for &c in list {
        at = put_card(room, at, c);
    }
    close_list(out, start, at);
}

/// Ends a list written at `out[start..start + at]`, each element followed
/// by a comma: the last comma becomes `]` (an empty list gets one).
#[inline]
fn close_list(out: &mut Vec<u8>, start: usize, mut at: usize) {
    if at == 1 {
        at = 2;
    }
    out[start + at - 1] = b']';
    out.truncate(start + at);
}

fn bare(item: &Item) -> bool {
    item.name.is_none() && item.rename.is_none()
}

/// A list of items with the comments on them (`said`): bare cards as in
/// [`cards`]; from the first item with a name, a renaming or comments on,
/// one element at a time.
fn items(out: &mut Vec<u8>, list: &[Item], said: &CardComments) {
    let start = out.len();
    out.resize(start + 2 + 8 * list.len(), 0);
    let room = &mut out[start..];
    room[0] = b'[';
    let mut at = 1;
    // The first card with comments, if any.
    let commented = said.iter().next().map_or(usize::MAX, |(i, _)| i);
    for (i, item) in list.iter().enumerate() {
        if !bare(item) || i == commented {
            out.truncate(start + at);
            return items_one_by_one(out, start, list, i, said);
        }
        at = put_card(room, at, item.card);
    }
    close_list(out, start, at);
}

/// The rest of a list of items from `from` on, begun at `out[start..]`
/// (`[` and bare cards each with a comma after), one element at a time.
#[cold]
fn items_one_by_one(
    out: &mut Vec<u8>,
    start: usize,
    list: &[Item],
    from: usize,
    said: &CardComments,
) {
    for (i, item) in list.iter().enumerate().skip(from) {
        let comments = said.of(i);
        if bare(item) && comments.is_empty() {
            card(out, item.card);
        } else {
            let mut o = Obj::new(out);
            card(o.key(b"\"card\":"), item.card);
            if let Some(l) = item.name {
                string(o.key(b"\"name\":"), &l.to_string());
            }
            if let Some(l) = item.rename {
                string(o.key(b"\"rename\":"), &l.to_string());
            }
            if !comments.is_empty() {
                strings(o.key(b"\"comments\":"), comments);
            }
            o.end();
        }
        out.push(b',');
    }
    let at = out.len() - start;
    close_list(out, start, at);
}
fn actions(out: &mut Vec<u8>, a: &Actions) {
    out.extend_from_slice(b"{\"actions\":[");
    for (i, action) in a.actions.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        self::action(out, action);
    }
    out.push(b']');
    if !a.comments.is_empty() {
        out.extend_from_slice(b",\"comments\":");
        strings(out, &a.comments);
    }
    out.push(b'}');
}

/// Up to 24 bytes known in advance, padded, and their length: written by
/// one fixed-size copy (the padding cut off after).
struct Padded([u8; 24], usize);

impl Padded {
    const fn new(text: &str) -> Padded {
        let b = text.as_bytes();
        let mut bytes = [0u8; 24];
        let mut i = 0;
        while i < b.len() {
            bytes[i] = b[i];
            i += 1;
        }
        Padded(bytes, b.len())
    }

    /// `,"act":"word"`.
    const fn member(word: &str) -> Padded {
        let mut p = Padded::new(",\"act\":\"");
        let w = word.as_bytes();
        let mut i = 0;
        while i < w.len() {
            p.0[p.1] = w[i];
            p.1 += 1;
            i += 1;
        }
        p.0[p.1] = b'"';
        p.1 += 1;
        p
    }

    #[inline]
    fn put(&self, out: &mut Vec<u8>) {
        let at = out.len();
        out.extend_from_slice(&self.0);
        out.truncate(at + self.1);
    }
}

/// The act member of each verb ([`Verb`]), after the seat:
/// `,"act":"pass"`, in the order of [`Verb::ALL`].
const ACT_MEMBERS: [Padded; Verb::ALL.len()] = {
    let mut members = [const { Padded([0; 24], 0) }; Verb::ALL.len()];
    let mut i = 0;
    while i < members.len() {
        members[i] = Padded::member(Verb::ALL[i].word());
        i += 1;
    }
    members
};

/// The act member of `act`.
fn act_member(act: &Act) -> &'static Padded {
    &ACT_MEMBERS[act.verb() as usize]
}

/// An action: its seat, its act's members (`"act"` first), then its own.
fn action(out: &mut Vec<u8>, a: &Action) {
    out.extend_from_slice(b"{\"seat\":");
    number(out, u64::from(a.seat));
    act_member(&a.act).put(out);
    // The object goes on after the act: no member is the first.
    let mut o = Obj { out, first: false };
    let suit = |o: &mut Obj, s: crate::card::Suit| {
        let out = o.key(b"\"suit\":");
        out.extend_from_slice(&[b'"', s.letter() as u8, b'"']);
    };
    match &a.act {
        Act::Pass
        | Act::Continue
        | Act::Grind
        | Act::Slam
        | Act::Misdeal
        | Act::Tout
        | Act::FullKings { .. }
        | Act::AbundantKings { .. } => {}
        Act::Bid { game } => self::word(o.key(b"\"game\":"), game.word()),
        Act::Call { card, fourth } => {
            self::card(o.key(b"\"card\":"), *card);
            if *fourth {
                o.key(b"\"fourth\":").extend_from_slice(b"true");
            }
        }
        Act::Talon { half } => number(o.key(b"\"half\":"), u64::from(*half)),
        Act::Announce { bonus } => self::word(o.key(b"\"bonus\":"), bonus.word()),
        Act::Contra { target } | Act::Recontra { target } | Act::Subcontra { target } => {
            let word = match target {
                Target::Game => "game",
                Target::Bonus(b) => b.word(),
            };
            self::word(o.key(b"\"target\":"), word)
        }
        Act::Handful { size, cards } => {
            self::word(o.key(b"\"size\":"), size.word());
            self::cards(o.key(b"\"cards\":"), cards);
        }
        Act::Trumps { count, pagat, .. } => {
            number(o.key(b"\"count\":"), u64::from(*count));
            let b: &[u8] = if *pagat { b"true" } else { b"false" };
            o.key(b"\"pagat\":").extend_from_slice(b);
        }
        Act::Matadors { count, .. } => number(o.key(b"\"count\":"), u64::from(*count)),
        Act::Half {
            suit: s, missing, ..
        } => {
            suit(&mut o, *s);
            card(o.key(b"\"missing\":"), *missing);
        }
        Act::Full { suit: s, .. } | Act::Abundant { suit: s, .. } => suit(&mut o, *s),
        Act::HalfKings { missing, .. } => card(o.key(b"\"missing\":"), *missing),
    }
    let skat = a.act.skat();
    if !skat.is_empty() {
        cards(o.key(b"\"skat\":"), skat);
    }
    if let Some(after) = a.after {
        number(o.key(b"\"after\":"), u64::from(after));
    }
    if !a.comments.is_empty() {
        strings(o.key(b"\"comments\":"), &a.comments);
    }
    o.end();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same_as_serde(r: &Record) {
        let mut mine = Vec::new();
        record(&mut mine, r);
        let serde = serde_json::to_string(r).unwrap();
        assert_eq!(String::from_utf8(mine).unwrap(), serde);
    }

    #[test]
    fn writes_what_serde_writes() {
        for line in super::super::fast::tests::generated() {
            let r = super::super::from_json(&line).unwrap();
            same_as_serde(&r);
        }
    }

    #[test]
    fn needs_escape_finds_every_odd_byte_at_every_place() {
        for len in 0..20 {
            for at in 0..len {
                for c in 0u8..=0xff {
                    let mut b = vec![b'a'; len];
                    b[at] = c;
                    let odd = c < 0x20 || c == b'"' || c == b'\\';
                    assert_eq!(needs_escape(&b), odd, "{b:?}");
                }
            }
            assert!(!needs_escape(&vec![0xffu8; len]));
        }
    }

    #[test]
    fn escapes_strings_as_serde_does() {
        let mut r = super::super::from_json(&super::super::fast::tests::generated()[0]).unwrap();
        let odd: String = (0u8..0x80).map(char::from).collect::<String>() + "ü€\u{2028}😀\"\\/";
        r.tags[1].value = odd.clone().into();
        r.comments = vec![odd.clone(), String::new()];
        r.trailing = vec!["a\tb\nc".into()];
        r.claim.as_mut().unwrap().entries[0].amount = i64::MIN;
        r.claim.as_mut().unwrap().entries[1].amount = i64::MAX;
        same_as_serde(&r);
        r.claim.as_mut().unwrap().entries[0].amount = 0;
        same_as_serde(&r);
        same_as_serde(&Record::default());
    }
}
