//! The compact JSON form of a record, written straight into bytes.
//!
//! The same bytes as `serde_json::to_writer` of the record's `Serialize`
//! impls (members in the same order, the same ones left out, strings
//! escaped the same way), written without going through serde: a card is
//! one copy of its quoted code. The tests below compare the two.

use crate::card::Card;
use crate::record::{Act, Action, Actions, Item, Party, Record, Target};

/// Appends `record` as compact JSON to `out`.
pub(crate) fn record(out: &mut Vec<u8>, r: &Record) {
    let mut o = Obj::new(out);
    if !r.comments.is_empty() {
        strings(o.key("comments"), &r.comments);
    }
    let out = o.key("tags");
    out.push(b'[');
    for (i, t) in r.tags.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let mut o = Obj::new(out);
        string(o.key("name"), &t.name);
        string(o.key("value"), &t.value);
        if !t.comments.is_empty() {
            strings(o.key("comments"), &t.comments);
        }
        o.end();
    }
    out.push(b']');
    if !r.hands.is_empty() {
        let out = o.key("hands");
        out.push(b'[');
        for (i, h) in r.hands.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            let mut o = Obj::new(out);
            number(o.key("seat"), u64::from(h.seat));
            items(o.key("cards"), &h.cards);
            if !h.comments.is_empty() {
                strings(o.key("comments"), &h.comments);
            }
            o.end();
        }
        out.push(b']');
    }
    if let Some(t) = &r.talon {
        let mut i = Obj::new(o.key("talon"));
        items(i.key("cards"), &t.cards);
        if !t.comments.is_empty() {
            strings(i.key("comments"), &t.comments);
        }
        i.end();
    }
    if let Some(a) = &r.auction {
        actions(o.key("auction"), a);
    }
    if let Some(a) = &r.calls {
        actions(o.key("calls"), a);
    }
    if let Some(d) = &r.discard {
        let mut i = Obj::new(o.key("discard"));
        number(i.key("seat"), u64::from(d.seat));
        items(i.key("cards"), &d.cards);
        if !d.shown.is_empty() {
            items(i.key("shown"), &d.shown);
        }
        if !d.comments.is_empty() {
            strings(i.key("comments"), &d.comments);
        }
        i.end();
    }
    if let Some(a) = &r.declarations {
        actions(o.key("declarations"), a);
    }
    if !r.tricks.is_empty() {
        let out = o.key("tricks");
        out.push(b'[');
        for (i, t) in r.tricks.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            let mut o = Obj::new(out);
            if let Some(s) = t.leader {
                number(o.key("leader"), u64::from(s));
            }
            if let Some(s) = t.fool_call {
                number(o.key("fool_call"), u64::from(s));
            }
            items(o.key("plays"), &t.plays);
            if !t.comments.is_empty() {
                strings(o.key("comments"), &t.comments);
            }
            o.end();
        }
        out.push(b']');
    }
    if let Some(c) = &r.claim {
        let mut o = Obj::new(o.key("claim"));
        let out = o.key("entries");
        out.push(b'[');
        for (i, e) in c.entries.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            let mut o = Obj::new(out);
            let out = o.key("party");
            match e.party {
                Party::Seat(s) => number(out, u64::from(s)),
                Party::Pot(p) => string(out, p.word()),
            }
            let out = o.key("amount");
            if e.amount < 0 {
                out.push(b'-');
            }
            number(out, e.amount.unsigned_abs());
            o.end();
        }
        out.push(b']');
        if !c.comments.is_empty() {
            strings(o.key("comments"), &c.comments);
        }
        o.end();
    }
    if !r.trailing.is_empty() {
        strings(o.key("trailing"), &r.trailing);
    }
    o.end();
}

/// An object being written: `key` writes the separator and the key.
struct Obj<'o> {
    out: &'o mut Vec<u8>,
    first: bool,
}

impl<'o> Obj<'o> {
    fn new(out: &'o mut Vec<u8>) -> Self {
        out.push(b'{');
        Obj { out, first: true }
    }

    fn key(&mut self, key: &str) -> &mut Vec<u8> {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        self.out.push(b'"');
        self.out.extend_from_slice(key.as_bytes());
        self.out.extend_from_slice(b"\":");
        self.out
    }

    fn end(self) {
        self.out.push(b'}');
    }
}

fn number(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// A string, escaped as serde_json escapes it.
fn string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    let b = s.as_bytes();
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
    out.push(b'"');
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

/// A card code in quotes (codes need no escape).
#[inline]
fn card(out: &mut Vec<u8>, c: Card) {
    // A fixed-size copy, then the padding cut off.
    let (quoted, len) = &crate::card::QUOTED[usize::from(c.index())];
    let at = out.len();
    out.extend_from_slice(quoted);
    out.truncate(at + len);
}

fn cards(out: &mut Vec<u8>, list: &[Card]) {
    out.push(b'[');
    for (i, &c) in list.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        card(out, c);
    }
    out.push(b']');
}

fn items(out: &mut Vec<u8>, list: &[Item]) {
    out.push(b'[');
    for (i, item) in list.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        if item.name.is_none() && item.rename.is_none() && item.comments.is_empty() {
            card(out, item.card);
            continue;
        }
        let mut o = Obj::new(out);
        card(o.key("card"), item.card);
        if let Some(l) = item.name {
            string(o.key("name"), &l.to_string());
        }
        if let Some(l) = item.rename {
            string(o.key("rename"), &l.to_string());
        }
        if !item.comments.is_empty() {
            strings(o.key("comments"), &item.comments);
        }
        o.end();
    }
    out.push(b']');
}

fn actions(out: &mut Vec<u8>, a: &Actions) {
    let mut o = Obj::new(out);
    let out = o.key("actions");
    out.push(b'[');
    for (i, action) in a.actions.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        self::action(out, action);
    }
    out.push(b']');
    if !a.comments.is_empty() {
        strings(o.key("comments"), &a.comments);
    }
    o.end();
}

/// An action: its seat, its act's members (`"act"` first), then its own.
fn action(out: &mut Vec<u8>, a: &Action) {
    let mut o = Obj::new(out);
    number(o.key("seat"), u64::from(a.seat));
    let name = match &a.act {
        Act::Pass => "pass",
        Act::Bid { .. } => "bid",
        Act::Continue => "continue",
        Act::Call { .. } => "call",
        Act::Talon { .. } => "talon",
        Act::Grind => "grind",
        Act::Announce { .. } => "announce",
        Act::Contra { .. } => "contra",
        Act::Recontra { .. } => "recontra",
        Act::Subcontra { .. } => "subcontra",
        Act::Handful { .. } => "handful",
        Act::Slam => "slam",
        Act::Misdeal => "misdeal",
        Act::Tout => "tout",
        Act::Trumps { .. } => "trumps",
        Act::Matadors { .. } => "matadors",
        Act::Half { .. } => "half",
        Act::Full { .. } => "full",
        Act::Abundant { .. } => "abundant",
        Act::HalfKings { .. } => "half-kings",
        Act::FullKings { .. } => "full-kings",
        Act::AbundantKings { .. } => "abundant-kings",
    };
    string(o.key("act"), name);
    let suit = |o: &mut Obj, s: crate::card::Suit| {
        let out = o.key("suit");
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
        Act::Bid { game } => string(o.key("game"), game.word()),
        Act::Call { card, fourth } => {
            self::card(o.key("card"), *card);
            if *fourth {
                o.key("fourth").extend_from_slice(b"true");
            }
        }
        Act::Talon { half } => number(o.key("half"), u64::from(*half)),
        Act::Announce { bonus } => string(o.key("bonus"), bonus.word()),
        Act::Contra { target } | Act::Recontra { target } | Act::Subcontra { target } => {
            let word = match target {
                Target::Game => "game",
                Target::Bonus(b) => b.word(),
            };
            string(o.key("target"), word)
        }
        Act::Handful { size, cards } => {
            string(o.key("size"), size.word());
            self::cards(o.key("cards"), cards);
        }
        Act::Trumps { count, pagat, .. } => {
            number(o.key("count"), u64::from(*count));
            let b: &[u8] = if *pagat { b"true" } else { b"false" };
            o.key("pagat").extend_from_slice(b);
        }
        Act::Matadors { count, .. } => number(o.key("count"), u64::from(*count)),
        Act::Half {
            suit: s, missing, ..
        } => {
            suit(&mut o, *s);
            card(o.key("missing"), *missing);
        }
        Act::Full { suit: s, .. } | Act::Abundant { suit: s, .. } => suit(&mut o, *s),
        Act::HalfKings { missing, .. } => card(o.key("missing"), *missing),
    }
    let skat = a.act.skat();
    if !skat.is_empty() {
        cards(o.key("skat"), skat);
    }
    if let Some(after) = a.after {
        number(o.key("after"), u64::from(after));
    }
    if !a.comments.is_empty() {
        strings(o.key("comments"), &a.comments);
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
