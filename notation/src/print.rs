//! The canonical printer: a [`Record`] back to text.
//!
//! The canonical form is what `tarok fmt` writes: one tag a line, a blank
//! line, one section a line, canonical card codes and words, comments after
//! the element they annotate (or on lines of their own before a section).
//! Printing then parsing gives back the same record, and printing is
//! idempotent.
//!
//! ```
//! let text = "[Variant \"danish-tarok\"]\ntrick 1 :  HD  Hkn {Danish names} H1";
//! let record = tarok_notation::parse_str(text).remove(0).unwrap();
//! assert_eq!(
//!     tarok_notation::to_text(&record),
//!     "[Variant \"danish-tarok\"]\n\ntrick 1: HQ HJ {Danish names} H1\n"
//! );
//! ```

use std::fmt::Write;

use crate::record::*;

mod result;

/// The canonical text of one record, ending in a newline.
pub fn to_text(record: &Record) -> String {
    let mut out = Text::after(0, 1024);
    write(&mut out, record);
    out.finish()
}

/// The canonical text of several records, separated by blank lines.
pub fn records_to_text<'a>(records: impl IntoIterator<Item = &'a Record>) -> String {
    let mut out = String::new();
    for (i, record) in records.into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_record(&mut out, record);
    }
    out
}

/// Appends the canonical text of one record to `out` (what [`crate::to_text`] returns).
pub fn write_record(out: &mut String, r: &Record) {
    let mut text = Text::after(line_len(out), 1024);
    write(&mut text, r);
    text.append_to(out);
}

/// Appends the canonical text of one record to the bytes of `out` (the
/// bytes [`crate::to_text`] returns), printed in place: no `String` made
/// for the record and copied out of it (`tarok gen` writes each record so
/// into one buffer, issue 29). The line `out` ends in is carried on, as
/// [`write_record`] carries it.
pub fn write_record_bytes(out: &mut Vec<u8>, r: &Record) {
    // The bytes before hold the line carried on: every length the printer
    // reads is taken from where its line starts.
    let mut text = Text {
        bytes: std::mem::take(out),
        carried: 0,
    };
    write(&mut text, r);
    *out = text.bytes;
}

/// Text being printed, as bytes: every write is a `str`, a `char` or a
/// card's code (ASCII), so the bytes are UTF-8, taken as a `String` once
/// at the end. A card is one fixed-size copy, where a `String` pays a
/// `memcpy` a card (a printed record is mostly cards: `tarok gen`, JSON
/// Lines read into text, issue 29). `carried`: how long the line it goes
/// on already was (a line is broken by its length, §4).
struct Text {
    bytes: Vec<u8>,
    carried: usize,
}

impl Text {
    /// Empty text going on a line `carried` bytes long, room for
    /// `capacity` bytes.
    fn after(carried: usize, capacity: usize) -> Text {
        Text {
            bytes: Vec::with_capacity(capacity),
            carried,
        }
    }

    #[inline]
    fn push(&mut self, ch: char) {
        if ch.is_ascii() {
            self.bytes.push(ch as u8);
        } else {
            self.push_str(ch.encode_utf8(&mut [0; 4]));
        }
    }

    #[inline]
    fn push_str(&mut self, s: &str) {
        self.bytes.extend_from_slice(s.as_bytes());
    }

    /// A space and the card's code: four bytes copied, the padding then
    /// cut off.
    #[inline]
    fn card(&mut self, card: crate::Card) {
        let (text, len) = &SPACED[usize::from(card.index())];
        let end = self.bytes.len() + usize::from(*len);
        self.bytes.extend_from_slice(text);
        self.bytes.truncate(end);
    }

    /// The bytes written, and before them those of the line carried on.
    fn len(&self) -> usize {
        self.carried + self.bytes.len()
    }

    /// The bytes of the line the text ends in.
    fn line_len(&self) -> usize {
        match memchr::memrchr(b'\n', &self.bytes) {
            Some(n) => self.bytes.len() - n - 1,
            None => self.len(),
        }
    }

    // The bytes are UTF-8 (above): the lossy conversions never replace
    // anything, they only spare a panic path.
    fn finish(self) -> String {
        String::from_utf8(self.bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }

    fn append_to(&self, out: &mut String) {
        // `from_utf8` first: the lossy reading walks the bytes in chunks,
        // several times slower on a record's worth of ASCII.
        match std::str::from_utf8(&self.bytes) {
            Ok(text) => out.push_str(text),
            Err(_) => out.push_str(&String::from_utf8_lossy(&self.bytes)),
        }
    }
}

impl Write for Text {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

/// The canonical text of one record, written to `out`.
fn write(out: &mut Text, r: &Record) {
    for c in &r.comments {
        comment(out, c);
        out.push('\n');
    }
    for tag in &r.tags {
        out.push('[');
        out.push_str(&tag.name);
        out.push_str(" \"");
        for ch in tag.value.chars() {
            match ch {
                '"' | '\\' => {
                    out.push('\\');
                    out.push(ch);
                }
                '\0' => out.push_str("\\0"),
                _ => out.push(ch),
            }
        }
        out.push_str("\"]");
        inline_comments(out, &tag.comments);
        out.push('\n');
    }
    let has_body = !r.hands.is_empty()
        || r.talon.is_some()
        || r.auction.is_some()
        || r.calls.is_some()
        || r.discard.is_some()
        || r.declarations.is_some()
        || !r.tricks.is_empty()
        || r.result.is_some()
        || r.claim.is_some()
        || !r.trailing.is_empty();
    if has_body {
        out.push('\n');
    }
    for hand in &r.hands {
        lead_in(out, &hand.comments);
        out.push_str("hand ");
        push_number(out, i64::from(hand.seat.number()));
        out.push(':');
        items(out, &hand.cards, &hand.card_comments);
        out.push('\n');
    }
    if let Some(talon) = &r.talon {
        lead_in(out, &talon.comments);
        out.push_str("talon:");
        items(out, &talon.cards, &talon.card_comments);
        out.push('\n');
    }
    actions(out, "auction", r.auction.as_ref());
    actions(out, "calls", r.calls.as_ref());
    if let Some(d) = &r.discard {
        lead_in(out, &d.comments);
        out.push_str("discard ");
        push_number(out, i64::from(d.seat.number()));
        out.push(':');
        items(out, &d.cards, &d.card_comments);
        if !d.shown.is_empty() {
            out.push_str(" show");
            items(out, &d.shown, &d.shown_comments);
        }
        out.push('\n');
    }
    actions(out, "declare", r.declarations.as_ref());
    for (i, trick) in r.tricks.iter().enumerate() {
        lead_in(out, &trick.comments);
        out.push_str("trick ");
        push_number(out, i as i64 + 1);
        if let Some(s) = trick.leader {
            let _ = write!(out, " lead {s}");
        }
        if let Some(s) = trick.fool_call {
            let _ = write!(out, " call {s}");
        }
        out.push(':');
        items(out, &trick.plays, &trick.play_comments);
        out.push('\n');
    }
    if let Some(sheet) = &r.result {
        result::section(out, sheet);
    }
    if let Some(claim) = &r.claim {
        lead_in(out, &claim.comments);
        out.push_str("claim:");
        for (i, e) in claim.entries.iter().enumerate() {
            out.push_str(if i == 0 { " " } else { ", " });
            match e.party {
                Party::Seat(seat) => push_number(out, i64::from(seat.number())),
                Party::Pot(pot) => out.push_str(pot.word()),
            }
            out.push(' ');
            if e.amount > 0 && matches!(e.party, Party::Seat(_)) {
                out.push('+');
            }
            push_number(out, e.amount);
        }
        out.push('\n');
    }
    for c in &r.trailing {
        comment(out, c);
        out.push('\n');
    }
}

/// A printed line is broken once it is this long (bytes): a comment with a
/// backslash at the end of the line (§4: it stands for nothing), a list of
/// cards before its next card. The reader refuses lines over 1 MiB, so what
/// is printed is always read back, whatever the record holds.
pub const LINE_BREAK_AT: usize = 16 << 10;

/// Appends `n` in decimal, as `write!(out, "{n}")` does but without the
/// formatting machinery: a record prints a number for every trick, seat and
/// amount (`tarok gen`, issue 29).
fn push_number(out: &mut Text, n: i64) {
    match u8::try_from(n) {
        // Seats and trick numbers: one or two digits, pushed as they are.
        Ok(d @ 0..=9) => out.push(char::from(b'0' + d)),
        Ok(d @ 10..=99) => {
            out.push(char::from(b'0' + d / 10));
            out.push(char::from(b'0' + d % 10));
        }
        _ => out.push_str(decimal(n, &mut [0; 20])),
    }
}

/// The numbers 00 to 99, two digits each, for [`decimal`].
const TWO_DIGITS: &str = "\
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    4041424344454647484950515253545556575859606162636465666768697071727374757677787980\
    81828384858687888990919293949596979899";

/// `n` in decimal, as `{n}` writes it, written into the end of `buf` (the
/// longest, `i64::MIN`, takes all 20 bytes): the printer's numbers and the
/// verifier's reasons, without the formatting machinery.
pub fn decimal(n: i64, buf: &mut [u8; 20]) -> &str {
    // 0 to 99, most of the verifier's numbers (trick numbers, points,
    // counts), as a slice of one table: no digits written, no check that
    // they are UTF-8 (about 45 instructions a call, issue 29).
    if let Ok(d @ 0..=99) = u8::try_from(n) {
        let at = 2 * usize::from(d) + usize::from(d < 10);
        return &TWO_DIGITS[at..2 * usize::from(d) + 2];
    }
    let mut i = buf.len();
    let mut m = n.unsigned_abs();
    loop {
        i -= 1;
        buf[i] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    if n < 0 {
        i -= 1;
        buf[i] = b'-';
    }
    std::str::from_utf8(&buf[i..]).unwrap_or_default()
}

/// The bytes of the line `out` ends in.
fn line_len(out: &str) -> usize {
    out.len() - memchr::memrchr(b'\n', out.as_bytes()).map_or(0, |n| n + 1)
}

fn comment(out: &mut Text, text: &str) {
    out.push('{');
    let mut column = out.line_len();
    let mut line_start = false;
    for ch in text.chars() {
        if column >= LINE_BREAK_AT && ch != '\n' {
            out.push_str("\\\n");
            column = 0;
            line_start = true;
        }
        // `\[` at the start of a comment's line: a line beginning
        // `[Variant` would start a record even inside a comment.
        if matches!(ch, '{' | '}' | '\\') || ch == '[' && line_start {
            out.push('\\');
        }
        line_start = ch == '\n';
        if ch == '\0' {
            // A file cannot hold a NUL byte (§2.1).
            out.push_str("\\0");
        } else {
            out.push(ch);
        }
        column = if line_start {
            0
        } else {
            column + ch.len_utf8()
        };
    }
    out.push('}');
}

fn inline_comments(out: &mut Text, comments: &[String]) {
    for c in comments {
        out.push(' ');
        comment(out, c);
    }
}

fn lead_in(out: &mut Text, comments: &[String]) {
    for c in comments {
        comment(out, c);
        out.push('\n');
    }
}

fn items(out: &mut Text, items: &[Item], said: &CardComments) {
    // Where the line started (a comment over lines makes it later: a line
    // is then broken a little early, never late).
    let mut line_start = out.len() - out.line_len();
    // The plain cards a list begins with (most often all of them) written
    // at once when no line break can fall among them.
    let first = if said.is_empty() && out.len() - line_start + 4 * items.len() < LINE_BREAK_AT {
        plain_cards(&mut out.bytes, items)
    } else {
        0
    };
    for (i, item) in items.iter().enumerate().skip(first) {
        if out.len() - line_start >= LINE_BREAK_AT {
            out.push('\n');
            line_start = out.len();
        }
        if item.rename.is_none()
            && item.name.is_none()
            && (said.is_empty() || said.of(i).is_empty())
        {
            out.card(item.card);
            continue;
        }
        one_item(out, item, said.of(i));
    }
}

/// The cards `items` begins with that are plain (no renaming, no name),
/// each after a space, as [`Text::card`] writes them, and how many: the
/// room for them made once and each card's four bytes copied into it (a
/// card at a time, `tarok gen` spent some 75 instructions a card).
fn plain_cards(bytes: &mut Vec<u8>, items: &[Item]) -> usize {
    let start = bytes.len();
    bytes.resize(start + 4 * items.len(), 0);
    let mut end = start;
    let mut written = 0;
    for item in items {
        if item.rename.is_some() || item.name.is_some() {
            break;
        }
        let (text, len) = &SPACED[usize::from(item.card.index())];
        if let Some(room) = bytes.get_mut(end..end + 4) {
            room.copy_from_slice(text);
        }
        end += usize::from(*len);
        written += 1;
    }
    bytes.truncate(end);
    written
}

/// One item of a list as it is written, after a space: its renaming, its
/// card, its name, the comments on it.
fn one_item(out: &mut Text, item: &Item, said: &[String]) {
    out.push(' ');
    if let Some(lead) = item.rename {
        let _ = write!(out, "rename {lead} ");
    }
    out.push_str(item.card.code());
    if let Some(lead) = item.name {
        let _ = write!(out, "={lead}");
    }
    inline_comments(out, said);
}

/// Each card's code after a space (` T21`), padded to 4 bytes, and the
/// length of that; 256 rows, so that a card's byte needs no bounds check
/// (rows past the last card are never read).
static SPACED: [([u8; 4], u8); 256] = {
    let mut table = [([0u8; 4], 0u8); 256];
    let mut i = 0;
    while i < crate::Card::COUNT {
        let (quoted, len) = &crate::card::QUOTED[i];
        // `"T21"`: the code is between the quotes.
        table[i].0[0] = b' ';
        let mut j = 1;
        while j < *len - 1 {
            table[i].0[j] = quoted[j];
            j += 1;
        }
        table[i].1 = (*len - 1) as u8;
        i += 1;
    }
    table
};

fn actions(out: &mut Text, keyword: &str, section: Option<&Actions>) {
    let Some(section) = section else { return };
    lead_in(out, &section.comments);
    out.push_str(keyword);
    out.push(':');
    for (i, action) in section.actions.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push(' ');
        push_number(out, i64::from(action.seat.number()));
        out.push(' ');
        act_words(out, &action.act);
        if let Some(n) = action.after {
            let _ = write!(out, " after {n}");
        }
        inline_comments(out, &action.comments);
    }
    out.push('\n');
}

fn cards(out: &mut Text, cards: &[crate::Card]) {
    for &c in cards {
        out.card(c);
    }
}

fn skat(out: &mut Text, list: &[crate::Card]) {
    if !list.is_empty() {
        out.push_str(" skat");
        cards(out, list);
    }
}

/// The words of one action, as the parser reads them: its verb or a bid's
/// game ([`Act::word`]), then the verb's arguments.
pub fn act(out: &mut String, act: &Act) {
    let mut text = Text::after(0, 32);
    act_words(&mut text, act);
    text.append_to(out);
}

/// [`act`], written to `out`.
fn act_words(out: &mut Text, act: &Act) {
    out.push_str(act.word());
    let _ = match act {
        Act::Pass
        | Act::Bid { .. }
        | Act::Continue
        | Act::Grind
        | Act::Slam
        | Act::Misdeal
        | Act::Tout
        | Act::FullKings { .. }
        | Act::AbundantKings { .. } => Ok(()),
        // The acts of every Königrufen and Skill7 deal written without the
        // formatting machinery (`tarok gen`, issue 29): as their `Display`.
        Act::Call { card, fourth } => {
            out.push(' ');
            out.push_str(card.code());
            if *fourth {
                out.push_str(" fourth");
            }
            Ok(())
        }
        Act::Talon { half } => {
            out.push(' ');
            push_number(out, i64::from(*half));
            Ok(())
        }
        Act::Announce { bonus } => {
            out.push(' ');
            out.push_str(bonus.word());
            Ok(())
        }
        Act::Contra { target } | Act::Recontra { target } | Act::Subcontra { target } => {
            out.push(' ');
            out.push_str(match target {
                Target::Game => "game",
                Target::Bonus(bonus) => bonus.word(),
            });
            Ok(())
        }
        Act::Handful { size, cards: list } => {
            let _ = write!(out, " {size}");
            cards(out, list);
            Ok(())
        }
        Act::Trumps { count, pagat, .. } => write!(
            out,
            " {count} {}",
            if *pagat { "pagat" } else { "no-pagat" }
        ),
        Act::Matadors { count, .. } => write!(out, " {count}"),
        Act::Half { suit, missing, .. } => write!(out, " {} {missing}", suit.letter()),
        Act::Full { suit, .. } | Act::Abundant { suit, .. } => write!(out, " {}", suit.letter()),
        Act::HalfKings { missing, .. } => write!(out, " {missing}"),
    };
    skat(out, act.skat());
}

#[cfg(test)]
mod tests {
    use super::{decimal, items, line_len, one_item, push_number, Text, LINE_BREAK_AT, SPACED};
    use crate::record::{CardComments, Item, Lead};
    use crate::Card;

    /// `items` as it was written before plain cards took their text from
    /// `SPACED`: the line broken before the next card once it is
    /// `LINE_BREAK_AT` long, every item written by `one_item`.
    fn items_one_by_one(out: &mut Text, list: &[Item], said: &CardComments) {
        let mut line_start = out.len() - out.line_len();
        for (i, item) in list.iter().enumerate() {
            if out.len() - line_start >= LINE_BREAK_AT {
                out.push('\n');
                line_start = out.len();
            }
            one_item(out, item, said.of(i));
        }
    }

    /// `decimal` writes every number as `{n}` does: the table's 0 to 99,
    /// the numbers written digit by digit around them, and the extremes.
    #[test]
    fn decimal_is_display() {
        let numbers = (-1_000..=1_000).chain([i64::MIN, i64::MIN + 1, i64::MAX, 10_000_000_019]);
        for n in numbers {
            assert_eq!(decimal(n, &mut [0; 20]), n.to_string(), "{n}");
        }
    }

    /// Text holding `start`.
    fn text(start: &str) -> Text {
        let mut text = Text::after(0, 0);
        text.push_str(start);
        text
    }

    /// Lists long enough to be broken over lines many times, of plain
    /// cards, renamed and named ones, and cards with comments, print as
    /// `one_item` writes them, whether the line they go on is in the text
    /// or carried on from before it; `SPACED` holds every card's code after
    /// a space.
    #[test]
    fn lists_print_as_card_by_card() {
        let cards: Vec<Card> = (0..Card::COUNT as u8)
            .filter_map(Card::from_index)
            .collect();
        for every in [0, 7, 50, 333] {
            let mut list = Vec::new();
            let mut said = CardComments::default();
            for k in 0..12_000 {
                let mut item = Item::new(cards[k * 7 % cards.len()]);
                if every > 0 && k % every == 3 {
                    match k % 3 {
                        0 => item.name = Some(Lead::Trumps),
                        1 => item.rename = Some(Lead::Trumps),
                        _ => said.push(k, format!("note {k}")),
                    }
                }
                list.push(item);
            }
            for start in ["hand 0:", "", "x\ntrick 1:"] {
                let (mut new, mut old) = (text(start), text(start));
                items(&mut new, &list, &said);
                items_one_by_one(&mut old, &list, &said);
                let (new, old) = (new.finish(), old.finish());
                assert_eq!(new, old, "a card of every {every} not plain");
                assert!(new.lines().count() > 2);
                let mut carried = Text::after(line_len(start), 0);
                items(&mut carried, &list, &said);
                assert_eq!(carried.finish(), old[start.len()..]);
            }
        }
        // Lists short enough to be written at once (`plain_cards`), with a
        // card not plain anywhere or nowhere, on lines that leave room for
        // them or not.
        let near_break = format!("hand 0:{}", "x".repeat(LINE_BREAK_AT - 40));
        for len in 0..40 {
            for odd in (0..=len).chain([usize::MAX]) {
                for how in 0..3 {
                    let mut list = Vec::new();
                    let mut said = CardComments::default();
                    for k in 0..len {
                        let mut item = Item::new(cards[(k * 11 + len) % cards.len()]);
                        if k == odd {
                            match how {
                                0 => item.name = Some(Lead::Trumps),
                                1 => item.rename = Some(Lead::Trumps),
                                _ => said.push(k, format!("note {k}")),
                            }
                        }
                        list.push(item);
                    }
                    for start in ["hand 0:", near_break.as_str()] {
                        let (mut new, mut old) = (text(start), text(start));
                        items(&mut new, &list, &said);
                        items_one_by_one(&mut old, &list, &said);
                        assert_eq!(new.finish(), old.finish(), "{len} cards, {odd} not plain");
                    }
                }
            }
        }
        for card in cards {
            let (text, len) = &SPACED[usize::from(card.index())];
            assert_eq!(&text[..usize::from(*len)], format!(" {card}").as_bytes());
        }
    }

    /// `push_number` writes what `format!` writes, at the edges of each
    /// number of digits, either side of zero.
    #[test]
    fn numbers_print_as_format_writes_them() {
        let mut values = vec![0, i64::MAX, i64::MIN];
        for digits in 1..19 {
            let ten = 10i64.pow(digits);
            values.extend([ten - 1, ten, ten + 1, -ten + 1, -ten, -ten - 1]);
        }
        for n in values {
            let mut out = text("x");
            push_number(&mut out, n);
            assert_eq!(out.finish(), format!("x{n}"));
        }
    }
}
