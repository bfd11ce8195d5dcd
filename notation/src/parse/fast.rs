//! The fast paths: the common form of a tag, a line of cards, a fool's
//! trick and a line of actions, read on bytes. Each either reads exactly
//! what the general parser would, or returns `None` having changed
//! nothing; `fast_paths_change_nothing` checks this on the corpus.
//!
//! What each reads: a tag `[Name "value"]` (`fast_tag`); a hand, trick,
//! talon or discard line of canonical codes separated by blanks
//! (`fast_line`); an auction, calls, declare or claim line of plain actions
//! or entries separated by `, ` (`fast_actions`, Danish declarations such
//! as `half H HK` and `full-kings` included, and Königrufen's `call HK
//! fourth`), each followed by the next section keyword; a trick with a led
//! fool's suit named or renamed or a Danish fool call (`trick 23 call 1:
//! EX=H rename T CQ T20`, `fast_fool_trick`, kept apart from `fast_line`).
//! Anything else (a comment, an alias, a suffix, `after`, a skat, a fault,
//! a section out of order) returns `None`: the fast paths never decide a
//! fault or a span.
//!
//! ## Speed (issues 15 and 29)
//! The hot card loop is one step, `card_by_digit` (a code read on a
//! window of four bytes; `card_step_exact` where it finds no card), in two
//! loops: a run of tricks (`fast_tricks`, each trick pushed as
//! `Trick::EMPTY` and its plays written in their place, the next `trick N:`
//! recognised in the loop), and the cards of a hand, the talon or a
//! discard (`line_cards`, written into a list made long enough at once).
//! What bounds the loop is time, not instructions. Where the next card
//! starts is told from the bytes alone (`Card::code_in_by_digit`: a third
//! byte that is a digit makes a three-byte code), and kept in registers,
//! so the loop does not wait on the table lookups of the card before.
//! Nothing built on the stack is copied out while its bytes are still
//! being stored: a trick's cards gathered in an array and then moved into
//! its `SmallVec`, a trick or an action pushed from a value made field by
//! field, each read back eight or sixteen bytes that narrower stores had
//! just written, which the processor cannot forward (over half of the time
//! of `fast_tricks`; `perf annotate` shows such a stall as the hottest
//! instruction, right after the load). These add 3-4% to the instructions
//! and take 15-23% off the time of parsing (bench/README.md,
//! issue 29 item 2). The loop is sensitive to inlining and to branches whose way
//! depends on the card: measure any change to it in time, and in
//! instructions and mispredicted branches (`valgrind --tool=cachegrind
//! --branch-sim=yes`) on every variant (`bench/README.md`). Handling the
//! fool inside it, or overflow-free arithmetic in `canonical_at`, cost more
//! than it saved; its spans add wrapping, as `Span::new` truncates. So does
//! `parse_inner` as a whole: a French `handful` in `fast_actions` (in its
//! verb match, behind the bids, out of line, or in a second never-inlined
//! copy tried last) and building the record in place in the result (no
//! moves on the way out) each cost every variant 1-3% more than they saved;
//! a handful's cards are instead read on bytes in the general parser's
//! `card_run` (a function of its own). Finding where a line's cards start
//! from its spaces, found eight bytes at a time (a mask of the line's
//! blanks instead of the byte after each code), took 13-22% more
//! instructions and more time on every variant; a line's end found that
//! way instead of by `memchr` took more instructions too. A pass or a
//! continue (`fast_actions`) is written into its place whole, its act not
//! made on the stack first (that copy stalled as above).

use crate::card::{Card, Suit};
use crate::record::*;

use super::*;

/// The canonical card code (`SK`, `H10`, `T21`, `EX`) at `i` when the word
/// ends right after it: the card and the end of the code. What
/// [`Card::parse_canonical`] accepts of a whole word, on bytes in place.
#[inline(always)]
pub(super) fn canonical_at(b: &[u8], i: usize) -> Option<(Card, usize)> {
    let (index, end) = Card::code_at(b, i)?;
    if b.get(end).is_some_and(|&x| is_word_byte(x)) {
        return None;
    }
    Some((Card::from_index(index)?, end))
}

/// The bytes of a tag's name (`tag_name`): ASCII letters, digits and `_`.
const TAG_NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = (b as u8).is_ascii_alphanumeric() || b == b'_' as usize;
        b += 1;
    }
    table
};

/// The common form of a tag, read on bytes: `[Name "value"]` with one
/// space and no escape in the value. Anything else is left to the nom
/// parser (`None`); what this reads, that parser reads the same.
pub(super) fn fast_tag(i: &str) -> Option<(&str, (&str, TagText))> {
    let b = i.as_bytes();
    let mut n = 1;
    while n < b.len() && TAG_NAME_BYTES[b[n] as usize] {
        n += 1;
    }
    if n == 1 || b.get(n..n + 2) != Some(b" \"") {
        return None;
    }
    let v = n + 2;
    let close = v + memchr::memchr3(b'"', b'\\', b'\n', &b[v..])?;
    if b[close] != b'"' || b.get(close + 1) != Some(&b']') {
        return None;
    }
    Some((&i[close + 2..], (&i[1..n], tag_text(&i[v..close]))))
}

/// The common form of a hand, a trick, the talon or a discard, read on
/// bytes: `hand N:`, `trick N:` (the next trick's number), `talon:` (or
/// `dog:`) or `discard N:`, canonical card codes separated by blanks, and
/// then the next section's keyword (or the end) after white space. Returns
/// the section when it read one. Anything else (a comment, an alias,
/// a `=` suffix, `lead`/`call`, `show`, a section out of order, a fault of
/// any kind) returns `None` having changed nothing, and the general parser
/// reads the section: what it makes of the common form is exactly what
/// this makes.
pub(super) fn fast_line(
    p: &mut Reader<'_>,
    record: &mut Record,
    last: Section,
    lead_in: &mut Vec<String>,
) -> Option<Section> {
    let bytes = p.src.as_bytes();
    let start = p.pos;
    let (section, mut i) = match bytes.get(start..start + 6)? {
        [b't', b'r', b'i', b'c', b'k', b' '] => (Section::Trick, start + 6),
        [b'h', b'a', b'n', b'd', b' ', _] => (Section::Hand, start + 5),
        [b't', b'a', b'l', b'o', b'n', b':'] => (Section::Talon, start + 5),
        [b'd', b'o', b'g', b':', ..] => (Section::Talon, start + 3),
        b"discar" if bytes.get(start + 6..start + 8) == Some(b"d ") => {
            (Section::Discard, start + 8)
        }
        _ => return None,
    };
    // Hands and tricks may repeat; the others stand once, in order.
    if !section.may_follow(last) {
        return None;
    }
    let mut n: u32 = 0;
    if section != Section::Talon {
        let digits = i;
        while let Some(&d @ b'0'..=b'9') = bytes.get(i) {
            n = n * 10 + u32::from(d - b'0');
            i += 1;
            if i - digits > 3 {
                return None;
            }
        }
        if i == digits {
            return None;
        }
        let fits = if section == Section::Trick {
            n as usize == record.tricks.len() + 1
        } else {
            n <= u32::from(u8::MAX)
        };
        if !fits {
            return None;
        }
    }
    if bytes.get(i) != Some(&b':') {
        return None;
    }
    i += 1;
    let base = p.base as u32;
    if section == Section::Trick {
        return fast_tricks(p, record, lead_in, start, i);
    }
    // A hand after the first: room for the cards of the hand before and
    // an eighth more (the hands of a deal are as long as each other, or a
    // few cards longer: the Danish dealer's 28 to the others' 25), without
    // looking for the end of the line. The first hand, the talon, a
    // discard, and a hand that finds that room too little (or is not in
    // the common form) get room for as many cards as the line can hold (a
    // code and a blank are at least three bytes): one allocation, no copy.
    let guess = match section {
        Section::Hand => record.hands.last().map_or(0, |h| {
            let n = h.cards.len();
            n + n / 8
        }),
        _ => 0,
    };
    let read = (guess > 0)
        .then(|| line_cards(bytes, i, base, guess))
        .flatten();
    let (cards, end) = match read {
        Some(read) => read,
        None => {
            let line = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |n| i + n);
            line_cards(bytes, i, base, (line - i + 1) / 3)?
        }
    };
    let i = section_end(p.src, end)?;
    let span = p.span(start, i);
    let seat = Seat::try_from(n);
    if section != Section::Talon && seat.is_err() {
        return None;
    }
    let comments = std::mem::take(lead_in);
    match section {
        Section::Hand => {
            // Pushed as a constant and filled in place: a hand made on the
            // stack and copied into the list by `push` (out of line) was
            // read back 16 bytes at a time while its narrower stores were
            // still under way (a store-forwarding stall, `perf annotate`).
            let seat = seat.ok()?;
            record.hands.push(Hand::EMPTY);
            let hand = record.hands.last_mut()?;
            hand.seat = seat;
            hand.cards = cards;
            hand.comments = comments;
            hand.span = span;
        }
        Section::Talon => {
            record.talon = Some(Cards {
                cards,
                card_comments: CardComments::NONE,
                comments,
                span,
            })
        }
        _ => {
            record.discard = Some(Discard {
                seat: seat.ok()?,
                cards,
                card_comments: CardComments::NONE,
                shown: Vec::new(),
                shown_comments: CardComments::NONE,
                comments,
                span,
            })
        }
    }
    p.pos = i;
    Some(section)
}

/// A run of tricks in the common form, the first one's `trick N:` read
/// by [`fast_line`] (`start` its first byte, `i` the byte after its colon):
/// each trick is read and pushed, and while the next line is the next
/// trick in the common form it is read here too, without going back to
/// the section loop. `None` having changed nothing when the first trick is
/// not in the common form; a later one that is not is left, unread, to the
/// section loop, which tries the fast paths and the general parser on it
/// as on any line. (Making each trick in its place in the list first and
/// writing its plays there cost more than the copies it saves: 26,838
/// instructions a Danish deal against 25,438.)
#[inline(never)]
fn fast_tricks(
    p: &mut Reader<'_>,
    record: &mut Record,
    lead_in: &mut Vec<String>,
    mut start: usize,
    mut i: usize,
) -> Option<Section> {
    let bytes = p.src.as_bytes();
    let base = p.base as u32;
    let mut read = false;
    loop {
        // The trick is made in its place in the list and its cards written
        // there: nothing built on the stack is read back while its bytes
        // are still being stored (a copy of the cards gathered on the
        // stack stalled on every trick, reading what narrower stores had
        // just written).
        let at = record.tricks.len();
        if record.tricks.capacity() == 0 {
            // Room for as many tricks as lines of this length fill the rest.
            let rest = &bytes[start..];
            let line = memchr::memchr(b'\n', rest).map_or(rest.len(), |n| n + 1);
            record.tricks.reserve(rest.len() / line + 1);
        }
        record.tricks.push(Trick::EMPTY);
        let Some(end) = trick_cards(bytes, i, base, &mut record.tricks[at].plays) else {
            record.tricks.pop();
            return read.then_some(Section::Trick);
        };
        // The usual next line, the next trick: the end of this one is
        // where `section_end` finds it, the line break after the cards.
        let number = at + 2;
        let head = match bytes.get(end) {
            Some(b'\n') => trick_head(bytes, end + 1, number),
            _ => None,
        };
        let next = match head {
            Some(_) => end + 1,
            None => match section_end(p.src, end) {
                Some(next) => next,
                None => {
                    record.tricks.pop();
                    return read.then_some(Section::Trick);
                }
            },
        };
        let trick = &mut record.tricks[at];
        trick.comments = std::mem::take(lead_in).into();
        trick.span = p.span(start, next);
        p.pos = next;
        read = true;
        match head.or_else(|| trick_head(bytes, next, number)) {
            Some(colon) => (start, i) = (next, colon + 1),
            None => return Some(Section::Trick),
        }
    }
}

/// `trick N:` at `at` with `N` the number given (one to three digits, as
/// [`fast_line`] reads them): where its colon is.
#[inline(always)]
fn trick_head(bytes: &[u8], at: usize, number: usize) -> Option<usize> {
    if bytes.get(at..at.wrapping_add(6)) != Some(b"trick ") {
        return None;
    }
    let digits = at + 6;
    let mut i = digits;
    let mut n = 0usize;
    while let Some(&d @ b'0'..=b'9') = bytes.get(i) {
        n = n.wrapping_mul(10).wrapping_add(usize::from(d - b'0'));
        i += 1;
        if i - digits > 3 {
            return None;
        }
    }
    (i > digits && n == number && bytes.get(i) == Some(&b':')).then_some(i)
}

/// A card in the common form with nothing said about it.
const BARE: Item = Item::BARE;

/// The plays of a trick in the common form from `i` on (canonical codes
/// separated by blanks), pushed to `plays` (the trick's own, in its
/// place), and where they end: at a line break, a comment or the end;
/// `None` at a word that is not a canonical code.
#[inline(always)]
fn trick_cards(bytes: &[u8], mut i: usize, base: u32, plays: &mut Plays) -> Option<usize> {
    // The usual one space after the colon.
    i += usize::from(bytes.get(i) == Some(&b' '));
    loop {
        // The usual card first, on its own: its step stays in registers
        // (joined with the exact step's, it went through memory at every
        // card, on the path from one card to the next).
        if let Some((card, end, next)) = card_by_digit(bytes, i) {
            plays.push(bare(card, i, end, base));
            if bytes.get(end) == Some(&b'\n') {
                return Some(end);
            }
            i = next;
            continue;
        }
        match card_step_exact(bytes, i) {
            Step::Card { card, end, next } => {
                plays.push(bare(card, i, end, base));
                // The usual line break after the last card: where the
                // cards end, as the next step would find.
                if bytes.get(end) == Some(&b'\n') {
                    return Some(end);
                }
                i = next;
            }
            Step::Blank => i += 1,
            Step::Word => return None,
            Step::End => return Some(i),
        }
    }
}

/// The cards of a hand, the talon or a discard in the common form from
/// `i` on, as [`trick_cards`] reads a trick's, and where they end; `room` is at
/// least their number (the bytes of the line allow no more). They are
/// written into a list made that long at once, then cut to their number:
/// no check for room and no length kept in memory at each card.
#[inline(never)]
fn line_cards(bytes: &[u8], mut i: usize, base: u32, room: usize) -> Option<(Vec<Item>, usize)> {
    let mut cards = vec![BARE; room];
    let slots = &mut cards[..];
    let mut n = 0;
    // The usual one space after the colon, as in `trick_cards` (without
    // it, the first card waited on the exact step's call for the blank).
    i += usize::from(bytes.get(i) == Some(&b' '));
    let end = loop {
        // The usual card first, on its own, as in `trick_cards`.
        if let Some((card, end, next)) = card_by_digit(bytes, i) {
            *slots.get_mut(n)? = bare(card, i, end, base);
            n += 1;
            i = next;
            continue;
        }
        // The usual end of the line, as the exact step finds it, without
        // the call.
        if bytes.get(i) == Some(&b'\n') {
            break i;
        }
        match card_step_exact(bytes, i) {
            Step::Card { card, end, next } => {
                // Never past the room the line allows; were it, the
                // general parser would read the line.
                let slot = slots.get_mut(n)?;
                *slot = bare(card, i, end, base);
                n += 1;
                i = next;
            }
            Step::Blank => i += 1,
            Step::Word => return None,
            Step::End => break i,
        }
    };
    cards.truncate(n);
    Some((cards, end))
}

/// The item of a bare card from `start` to `end`. Wrapping, as
/// `Span::new` truncates: the same spans as the general parser's past
/// 4 GiB too.
#[inline(always)]
fn bare(card: Card, start: usize, end: usize, base: u32) -> Item {
    Item {
        card,
        span: Span {
            start: base.wrapping_add(start as u32),
            end: base.wrapping_add(end as u32),
        },
        ..BARE
    }
}

/// What the card loop finds at a byte.
enum Step {
    /// A canonical code ending the word: the card, the end of its code,
    /// and where to go on (past the usual one space after it).
    Card { card: Card, end: usize, next: usize },
    /// A blank before a card.
    Blank,
    /// A word that is not a canonical code: the general parser.
    Word,
    /// The end of the cards (a line break, a comment, the end).
    End,
}

/// The usual card at `i` in a line of cards in the common form: its code
/// read on a window of four bytes, its length told by its third byte
/// (`Card::code_in_by_digit`), so that where the next card starts does not
/// wait on the tables: the card, the end of its code, and where to go on
/// (past the usual one space after it). `None` where this does not find
/// one; [`card_step_exact`] then says what stands there.
#[inline(always)]
fn card_by_digit(bytes: &[u8], i: usize) -> Option<(Card, usize, usize)> {
    let &[a, b, c, d] = bytes.get(i..)?.first_chunk::<4>()?;
    let (index, three) = Card::code_in_by_digit([a, b, c, d]);
    let after = if three { d } else { c };
    let card = Card::from_index(index).filter(|_| !is_word_byte(after))?;
    let end = i.wrapping_add(2 + usize::from(three));
    Some((card, end, end.wrapping_add(usize::from(after == b' '))))
}

/// What stands at `i` in a line of cards in the common form where
/// [`card_by_digit`] finds no card: what [`canonical_at`] and the byte at
/// `i` decide, the tables telling the code's length ([`Card::code_in`]).
#[inline(never)]
fn card_step_exact(bytes: &[u8], i: usize) -> Step {
    let (card, end, after) = match bytes.get(i..).and_then(<[u8]>::first_chunk::<4>) {
        Some(&[a, b, c, d]) => {
            let (index, three) = Card::code_in([a, b, c, d]);
            let after = if three { d } else { c };
            match Card::from_index(index) {
                Some(card) if !is_word_byte(after) => {
                    (card, i.wrapping_add(2 + usize::from(three)), after)
                }
                _ => return byte_step(Some(a)),
            }
        }
        None => match canonical_at(bytes, i) {
            Some((card, end)) => (card, end, bytes.get(end).copied().unwrap_or(0)),
            None => return byte_step(bytes.get(i).copied()),
        },
    };
    let next = end.wrapping_add(usize::from(after == b' '));
    Step::Card { card, end, next }
}

/// What a byte that begins no card in the common form is.
#[inline(always)]
fn byte_step(byte: Option<u8>) -> Step {
    match byte {
        Some(b' ' | b'\t') => Step::Blank,
        Some(b) if is_word_byte(b) => Step::Word,
        _ => Step::End,
    }
}

/// The common form of a trick that names or renames a led fool's suit, or
/// whose number is followed by the seat that called for the fool: `trick N`,
/// optionally ` call S`, `:`, then cards as [`fool_item`] reads them
/// separated by blanks, and the next section after white space. Kept out
/// of [`fast_line`], whose card loop runs for every card of a record: this
/// one runs for a trick or two a deal. `None` having changed nothing for
/// anything else, like the other fast paths.
#[inline(never)]
pub(super) fn fast_fool_trick(
    p: &mut Reader<'_>,
    record: &mut Record,
    last: Section,
    lead_in: &mut Vec<String>,
) -> Option<Section> {
    let bytes = p.src.as_bytes();
    let start = p.pos;
    if bytes.get(start..start + 6) != Some(b"trick ") || last > Section::Trick {
        return None;
    }
    let (n, mut i) = small_number_at(bytes, start + 6)?;
    if n as usize != record.tricks.len() + 1 {
        return None;
    }
    // Danish: the seat that called for the fool (`trick 23 call 1:`).
    let mut fool_call = None;
    if bytes.get(i) == Some(&b' ') {
        if bytes.get(i + 1..i + 6) != Some(b"call ") {
            return None;
        }
        let (seat, end) = small_number_at(bytes, i + 6)?;
        fool_call = Some(Seat::try_from(seat).ok()?);
        i = end;
    }
    if bytes.get(i) != Some(&b':') {
        return None;
    }
    i += 1;
    let base = p.base as u32;
    let mut plays = Plays::new();
    loop {
        match bytes.get(i) {
            Some(b' ' | b'\t') => i += 1,
            Some(&b) if is_word_byte(b) => {
                let (item, end) = fool_item(bytes, i, base)?;
                plays.push(item);
                i = end;
            }
            _ => break,
        }
    }
    let i = section_end(p.src, i)?;
    let span = p.span(start, i);
    record.tricks.push(Trick {
        leader: None,
        fool_call,
        plays,
        play_comments: CardComments::NONE,
        comments: std::mem::take(lead_in).into(),
        span,
    });
    p.pos = i;
    Some(Section::Trick)
}

/// A card played to a trick in the common form, with a led fool's suit
/// named or renamed: `[rename X ]CARD[=X]`, with one blank after `rename X`
/// and suits as capital letters (`T` for trumps). The item and its end,
/// spanned as `Reader::item` spans it; `None` for anything else.
fn fool_item(b: &[u8], start: usize, base: u32) -> Option<(Item, usize)> {
    let lead_at = |i: usize| -> Option<Lead> {
        if b.get(i + 1).is_some_and(|&x| is_word_byte(x)) {
            return None;
        }
        match b.get(i)? {
            b'T' => Some(Lead::Trumps),
            &c @ (b'S' | b'H' | b'D' | b'C') => Suit::from_letter(c).map(Lead::Suit),
            _ => None,
        }
    };
    let mut i = start;
    let mut rename = None;
    if b.get(i..i + 7) == Some(b"rename ") {
        rename = Some(lead_at(i + 7)?);
        if b.get(i + 8) != Some(&b' ') {
            return None;
        }
        i += 9;
    }
    let (card, mut end) = canonical_at(b, i)?;
    let mut name = None;
    if b.get(end) == Some(&b'=') {
        name = Some(lead_at(end + 1)?);
        end += 2;
    }
    let from = if rename.is_some() { start } else { i };
    let item = Item {
        card,
        name,
        rename,
        span: Span {
            start: base.wrapping_add(from as u32),
            end: base.wrapping_add(end as u32),
        },
    };
    Some((item, end))
}

/// The end of a section in the common form: white space, then the next
/// section's keyword or the end of the record. Where that keyword starts.
fn section_end(src: &str, mut i: usize) -> Option<usize> {
    let bytes = src.as_bytes();
    if bytes.get(i) == Some(&b'\n') {
        i += 1;
        // The usual next line: a section keyword in its common form (what
        // the general test below accepts too, without reading the word).
        if let Some(head) = bytes.get(i..i + 8) {
            if matches!(
                head,
                [b't', b'r', b'i', b'c', b'k', b' ', ..]
                    | [b'h', b'a', b'n', b'd', b' ', ..]
                    | [b't', b'a', b'l', b'o', b'n', b':', ..]
                    | [b'd', b'o', b'g', b':', ..]
                    | [b'c', b'a', b'l', b'l', b's', b':', ..]
                    | [b'c', b'l', b'a', b'i', b'm', b':', ..]
                    | b"auction:"
                    | b"discard "
                    | b"declare:"
            ) {
                return Some(i);
            }
        }
    }
    while matches!(
        bytes.get(i),
        Some(b' ' | b'\t' | b'\r' | b'\n' | b'\x0b' | b'\x0c')
    ) {
        i += 1;
    }
    if i < bytes.len() {
        if !bytes[i].is_ascii_lowercase() {
            return None;
        }
        let mut end = i;
        while end < bytes.len() && is_word_byte(bytes[end]) {
            end += 1;
        }
        Section::from_word(&src[i..end])?;
    }
    Some(i)
}

/// A number of one to three digits at `i` ending the word: the number and
/// its end.
fn small_number_at(b: &[u8], i: usize) -> Option<(u32, usize)> {
    // The usual one digit (a seat), then a byte that ends the word: what
    // `number_at` finds there, without its loop.
    if let Some(&[d @ b'0'..=b'9', after]) = b.get(i..).and_then(<[u8]>::first_chunk::<2>) {
        if !is_word_byte(after) {
            return Some((u32::from(d - b'0'), i + 1));
        }
    }
    number_at(b, i, 3)
}

/// A number of one to `most` (at most nine) digits at `i` ending the word:
/// the number and its end.
fn number_at(b: &[u8], mut i: usize, most: usize) -> Option<(u32, usize)> {
    let start = i;
    let mut n = 0;
    while let Some(&d @ b'0'..=b'9') = b.get(i) {
        if i - start == most {
            return None;
        }
        n = n * 10 + u32::from(d - b'0');
        i += 1;
    }
    if i == start || b.get(i).is_some_and(|&x| is_word_byte(x)) {
        return None;
    }
    Some((n, i))
}

/// The word at `i`, and its end.
fn word_at(src: &str, i: usize) -> (&str, usize) {
    let rest = src.as_bytes().get(i..).unwrap_or_default();
    let end = i + rest
        .iter()
        .position(|&b| !is_word_byte(b))
        .unwrap_or(rest.len());
    (&src[i..end], end)
}

/// The common form of the auction, the calls, the declarations and the
/// claim, read on bytes: `auction:` and actions separated by `, ` on one
/// line, each a seat and a verb with the usual arguments (no `after`, no
/// skat, no alias), or `claim:` and entries `seat amount` / `pot amount`;
/// then the next section's keyword (or the end). Like [`fast_line`] it
/// returns `None` having changed nothing for anything else, and the general
/// parser reads the section to the same result.
pub(super) fn fast_actions(
    p: &mut Reader<'_>,
    record: &mut Record,
    last: Section,
    lead_in: &mut Vec<String>,
) -> Option<Section> {
    let src = p.src;
    let bytes = src.as_bytes();
    let start = p.pos;
    let (keyword, colon) = word_at(src, start);
    let section = Section::from_word(keyword).filter(|s| {
        matches!(
            s,
            Section::Auction | Section::Calls | Section::Declare | Section::Claim
        )
    })?;
    if !section.may_follow(last) || bytes.get(colon) != Some(&b':') {
        return None;
    }
    let mut i = colon + 1;
    while bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    // Room for as many actions or entries as the line can hold: an action
    // (`0 pass`) is at least six bytes, an entry (`0 5`) three, and `, `
    // stands between them.
    let line = memchr::memchr(b'\n', &bytes[i..]).map_or(bytes.len(), |n| i + n);
    let room = line - i + 2;
    let mut actions = Vec::with_capacity(if section == Section::Claim {
        0
    } else {
        room / 8
    });
    let mut entries = Vec::with_capacity(if section == Section::Claim {
        room / 5
    } else {
        0
    });
    loop {
        let at = i;
        if section == Section::Claim {
            let party = match small_number_at(bytes, i) {
                Some((seat, end)) => {
                    i = end;
                    Party::Seat(Seat::try_from(seat).ok()?)
                }
                None => {
                    let (w, end) = word_at(src, i);
                    i = end;
                    Party::Pot(Pot::from_word(w)?)
                }
            };
            if bytes.get(i) != Some(&b' ') {
                return None;
            }
            i += 1;
            let negative = bytes.get(i) == Some(&b'-');
            if matches!(bytes.get(i), Some(b'-' | b'+')) {
                i += 1;
            }
            // Up to nine digits, as `Reader::number` reads them quickly.
            let (n, end) = number_at(bytes, i, 9)?;
            if negative && n == 0 {
                return None;
            }
            i = end;
            let amount = if negative {
                -i64::from(n)
            } else {
                i64::from(n)
            };
            entries.push(ClaimEntry {
                party,
                amount,
                span: p.span(at, i),
            });
        } else {
            let (seat, end) = small_number_at(bytes, i)?;
            let seat = Seat::try_from(seat).ok()?;
            if bytes.get(end) != Some(&b' ') {
                return None;
            }
            // The word said most, a pass, read on its four bytes: what
            // `word_at` and `Verb::from_word` make of it, without the
            // loop over the word's bytes and the match of its text.
            let pass = bytes.get(end + 1..end + 5) == Some(b"pass")
                && !bytes.get(end + 5).is_some_and(|&b| is_word_byte(b));
            let (mut verb, end) = if pass {
                ("pass", end + 5)
            } else {
                word_at(src, end + 1)
            };
            // A verb first: no local word of any variant is one (§7.1, held
            // by the `words` tests), so the local words are looked up only
            // for a word that is not (a game, or a local word of the
            // record's variant).
            let mut known = if pass {
                Some(Verb::Pass)
            } else {
                Verb::from_word(verb)
            };
            if known.is_none() {
                if let Some(local) = crate::words::local_action(p.variant, verb) {
                    verb = local;
                    known = Verb::from_word(verb);
                }
            }
            i = end;
            // The argument word after one space.
            let mut arg = || -> Option<&str> {
                if bytes.get(i) != Some(&b' ') {
                    return None;
                }
                let (w, end) = word_at(src, i + 1);
                i = end;
                (!w.is_empty()).then_some(w)
            };
            // The words said most (a pass; Skill7's continue) are written
            // straight into their place: an act made on the stack and then
            // copied there stalled, the copy reading back bytes that narrower
            // stores had just written (`perf annotate`, issue 29).
            if let Some(Verb::Pass | Verb::Continue) = known {
                actions.push(Action::EMPTY);
                let slot = actions.last_mut().expect("an action was just pushed");
                slot.seat = seat;
                if known == Some(Verb::Continue) {
                    // The pass it held owns nothing: no drop to call for it.
                    std::mem::forget(std::mem::replace(&mut slot.act, Act::Continue));
                }
                slot.span = p.span(at, i);
            } else {
                let act = match known {
                    // Written in place above.
                    Some(Verb::Pass | Verb::Continue) => unreachable!(),
                    Some(Verb::Grind) => Act::Grind,
                    Some(Verb::Slam) => Act::Slam,
                    Some(Verb::Misdeal) => Act::Misdeal,
                    Some(Verb::Tout) => Act::Tout,
                    Some(Verb::Call) => Act::Call {
                        card: Card::parse_canonical(arg()?.as_bytes())?,
                        // Koenigrufen's call of the fourth king (KR-CALL-3):
                        // `call HK fourth`, one space before the word.
                        fourth: {
                            let fourth = bytes.get(i..i + 7) == Some(b" fourth")
                                && !bytes.get(i + 7).is_some_and(|&b| is_word_byte(b));
                            i += 7 * usize::from(fourth);
                            fourth
                        },
                    },
                    Some(Verb::Talon) => Act::Talon {
                        half: small_count(arg()?)?,
                    },
                    Some(Verb::Announce) => Act::Announce {
                        bonus: Bonus::from_word(arg()?)?,
                    },
                    Some(Verb::Contra) => Act::Contra {
                        target: arg()?.parse().ok()?,
                    },
                    Some(Verb::Recontra) => Act::Recontra {
                        target: arg()?.parse().ok()?,
                    },
                    Some(Verb::Subcontra) => Act::Subcontra {
                        target: arg()?.parse().ok()?,
                    },
                    Some(Verb::Trumps) => {
                        let count = small_count(arg()?)?;
                        let pagat = match arg()? {
                            "pagat" => true,
                            "no-pagat" => false,
                            _ => return None,
                        };
                        Act::Trumps {
                            count,
                            pagat,
                            skat: Vec::new(),
                        }
                    }
                    Some(Verb::Matadors) => Act::Matadors {
                        count: small_count(arg()?)?,
                        skat: Vec::new(),
                    },
                    // Danish cavallerie and kings (DK-DECL-2): a suit letter and
                    // the missing card as canonical codes; `skat` and the
                    // rest take the general path.
                    Some(Verb::Half) => Act::Half {
                        suit: suit_of(arg()?)?,
                        missing: Card::parse_canonical(arg()?.as_bytes())?,
                        skat: Vec::new(),
                    },
                    Some(Verb::Full) => Act::Full {
                        suit: suit_of(arg()?)?,
                        skat: Vec::new(),
                    },
                    Some(Verb::Abundant) => Act::Abundant {
                        suit: suit_of(arg()?)?,
                        skat: Vec::new(),
                    },
                    Some(Verb::HalfKings) => Act::HalfKings {
                        missing: Card::parse_canonical(arg()?.as_bytes())?,
                        skat: Vec::new(),
                    },
                    Some(Verb::FullKings) => Act::FullKings { skat: Vec::new() },
                    Some(Verb::AbundantKings) => Act::AbundantKings { skat: Vec::new() },
                    // A handful and the rest take the general path.
                    Some(Verb::Handful) => return None,
                    // A bid is written by its game's name; `bid` is JSON's word.
                    Some(Verb::Bid) | None => Act::Bid {
                        game: Game::from_word(verb)?,
                    },
                };
                // Filled in its place (`Action::EMPTY`): an action made on the
                // stack and moved into the list read back bytes that narrower
                // stores had just written.
                actions.push(Action::EMPTY);
                let slot = actions.last_mut().expect("an action was just pushed");
                slot.seat = seat;
                // The pass it held owns nothing: no drop to call for it.
                std::mem::forget(std::mem::replace(&mut slot.act, act));
                slot.span = p.span(at, i);
            }
        }
        if bytes.get(i) == Some(&b',') && bytes.get(i + 1) == Some(&b' ') {
            i += 2;
            continue;
        }
        break;
    }
    let end = section_end(src, i)?;
    let span = p.span(start, end);
    let comments = std::mem::take(lead_in);
    if section == Section::Claim {
        record.claim = Some(Claim {
            entries,
            comments,
            span,
        });
    } else {
        let actions = Some(Actions {
            actions,
            comments,
            span,
        });
        match section {
            Section::Auction => record.auction = actions,
            Section::Calls => record.calls = actions,
            _ => record.declarations = actions,
        }
    }
    p.pos = end;
    Some(section)
}

/// A suit written as its letter, as `Reader::suit_word` reads it.
fn suit_of(w: &str) -> Option<Suit> {
    match w.as_bytes() {
        [c] => Suit::from_letter(*c),
        _ => None,
    }
}

/// A count of one to three digits, in range for a `u8`.
fn small_count(w: &str) -> Option<u8> {
    if w.is_empty() || w.len() > 3 || !w.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    w.parse().ok()
}

#[cfg(test)]
mod tests {

    use super::*;

    /// Every record of the corpus and the examples (the faulty ones too),
    /// and variations of them, parse to the same records, spans and
    /// problems with the fast paths as without them.
    #[test]
    fn fast_paths_change_nothing() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let mut files = Vec::new();
        let mut dirs = vec![format!("{root}/corpus"), format!("{root}/spec")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path.to_string_lossy().into_owned());
                } else if path.extension().is_some_and(|e| e == "tarok") {
                    files.push(path);
                }
            }
        }
        assert!(files.len() > 100, "the corpus was not found");
        let variations: [fn(&str) -> String; 7] = [
            |t| t.to_owned(),
            |t| t.replace(": ", ":  "),
            |t| t.replace('\n', "\r\n"),
            |t| t.replace(" S", "\tS").replace(" T1", " t1"),
            |t| {
                t.replace("\ntrick 2", "\n{x}\ntrick 2")
                    .replace(" C", " {c} C")
            },
            |t| t.replace("\n", " ").replace("] ", "]\n"),
            |t| t.replace("[Dealer ", "[Dealer  ").replace("0\"]", "0\" ]"),
        ];
        let mut records = 0;
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            for vary in variations {
                let text = vary(&text);
                for (offset, chunk) in split_records(&text) {
                    let fast = format!("{:?}", parse_record_with(chunk, offset, true));
                    let slow = format!("{:?}", parse_record_with(chunk, offset, false));
                    assert_eq!(fast, slow, "{}:\n{chunk}", path.display());
                    records += 1;
                }
            }
        }
        assert!(records > 500);
    }

    /// Tricks of more or fewer cards than the usual, runs of tricks broken
    /// by a line the fast paths leave to the general parser, and cards at
    /// the very end of a record parse the same with the fast paths as
    /// without them.
    #[test]
    fn runs_of_tricks_change_nothing() {
        let head = "[Variant \"french-tarot\"]\n\n";
        let bodies = [
            "trick 1: SK SQ SN SJ S10\ntrick 2: H1 H2 H3 H4 H5 H6\ntrick 3: C1\n",
            "trick 1: SK SQ SN SJ\ntrick 2:\ntrick 3: C1 C2\n",
            "trick 1: SK SQ SN SJ\ntrick 2: H1 {x} H2\ntrick 3: C1 C2 C3 C4\n",
            "trick 1: SK SQ\ntrick 3: H1 H2\ntrick 2: C1\n",
            "trick 1: SK SQ\ntrick 2 lead 1: H1 H2\ntrick 3: C1\n",
            "trick 1: SK SQ\ntrick 2: H1 Hx\ntrick 3: C1\n",
            "trick 1: SK SQ\ntrick 2: H1 H2\ntrick 0003: C1",
            "trick 1: SK SQ\ntrick 2: H1 H2 \ntrick 3: C1 H10",
            "trick 1: SK SQ\ntrick 2: H1 H2\n\n  trick 3:\tC1 T21\ttrick 4: EX",
            "trick 1: SK SQ\ntrick 2: H1 H2\ntrick 3: EX=H C1\ntrick 4: T1 T2\n",
            "trick 1: SK SQ\ntrick 2: H1 H2\nclaim: 0 5\ntrick 3: C1\n",
            "trick 1: SK SQ\ntrick 2: H1 H2\ntrick 3: SK SQ SN SJ S10 S9 S8 S7 S6 S5",
            "trick 1: SK SQ\ntrick 2: H1 H2\ntrick 3: T2",
            "trick 1: SK SQ\ntrick 2: H1 H2\ntrick 3: T21",
            "trick 1: SK SQ\ntrick 2: H1 H2\ntrick 3: T2x",
            "trick 1: SK SQ\ntrick 2: H1 H2\ntrick 3: S",
            "trick 1: SK SQ\ntrick 2: H1 H2\ntrick 3: ",
        ];
        for body in bodies {
            let text = format!("{head}{body}");
            let fast = format!("{:?}", parse_record_with(&text, 7, true));
            let slow = format!("{:?}", parse_record_with(&text, 7, false));
            assert_eq!(fast, slow, "{text}");
        }
    }

    /// Hands, talons and discards of every length from none to every card,
    /// with no, one or two blanks after the colon, ending the record or
    /// not, with a word not a card in the middle or not: the same records
    /// with the fast paths as without them.
    #[test]
    fn lines_of_cards_of_any_length_change_nothing() {
        let codes: Vec<&str> = (0..Card::COUNT as u8)
            .map(|i| Card::from_index(i).unwrap().code())
            .collect();
        let head = "[Variant \"french-tarot\"]\n\n";
        for n in 0..=codes.len() {
            let cards = codes[..n].join(" ");
            let bad = format!(
                "{} Sx {}",
                codes[..n / 2].join(" "),
                codes[n / 2..n].join(" ")
            );
            for line in [&cards, &bad] {
                for body in [
                    format!("hand 0: {line}\nhand 1: SK\n"),
                    // A hand longer than the room the hand before gives.
                    format!("hand 0: SK\nhand 1: {line}\n"),
                    format!("hand 0: {line}\nhand 1: {line}\nhand 2: {line} SK SQ"),
                    format!("hand 2: {line}"),
                    format!("hand 0: SK\ntalon: {line}\ndiscard 1: {line} \ntrick 1: SK"),
                    format!("talon:  {line}"),
                    format!("discard 3:{line}\n"),
                    format!("hand 1:\t{line}\n"),
                ] {
                    let text = format!("{head}{body}");
                    let fast = format!("{:?}", parse_record_with(&text, 7, true));
                    let slow = format!("{:?}", parse_record_with(&text, 7, false));
                    assert_eq!(fast, slow, "{text}");
                }
            }
        }
    }

    /// Passes and seats written in the common form and next to it, and tags
    /// followed by a tag, a comment or a blank line: the same records with
    /// the fast paths as without them.
    #[test]
    fn passes_seats_and_tags_change_nothing() {
        let tags = [
            "[Variant \"koenigrufen\"]\n[Dealer \"1\"]\n",
            "[Variant \"koenigrufen\"]\n{a}\n[Dealer \"1\"] {b}\n[Players \"A; B; C; D\"]\n",
            "[Variant \"koenigrufen\"]\n\n[Dealer \"1\"]\n[Rules \"x\"]",
            "[Variant \"koenigrufen\"]\n[ Dealer \"1\"]\n[Dealer \"2\"]\n",
            "[Variant \"koenigrufen\"]\n[Variant \"skill7-tarock\"]\n",
            "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n",
        ];
        let lines = [
            "auction: 0 pass, 1 pass, 2 pass, 3 pass\n",
            "auction: 0 pass, 1 passe, 2 pass3, 3 pass-x\n",
            "auction: 0 pass,1 pass, 2  pass, 3 pass\n",
            "auction: 0 pass {c}, 1 good, 2 pass\n",
            "auction: 10 pass, 01 pass, 4 pass, 2pass\n",
            "auction: 0 caller, 1 pass, 2 pass, 3 pass\ncalls: 0 call HK, 0 pass, 1 pass",
            "auction: 0 pass, 1 pass, 2 continue, 3 pass",
            "auction: 0 pas, 1 pass\n",
            "claim: 0 +8, 1 -8, 2 +8, 3 -8\n",
            "claim: 0 +8, 12 -8, 2 8, 3 -0\n",
        ];
        for tag in tags {
            for line in lines {
                for text in [format!("{tag}\n{line}"), format!("{tag}{line}")] {
                    let fast = format!("{:?}", parse_record_with(&text, 3, true));
                    let slow = format!("{:?}", parse_record_with(&text, 3, false));
                    assert_eq!(fast, slow, "{text}");
                }
            }
        }
    }

    /// `canonical_at` reads a word exactly as `Card::parse_canonical` does,
    /// for every word of up to four bytes over the bytes that matter.
    #[test]
    fn canonical_at_is_parse_canonical() {
        let alphabet = b"SHDCTEXJNQKR0123456789a";
        let mut word = Vec::new();
        let mut checked = 0;
        for len in 1..=4u32 {
            for mut k in 0..alphabet.len().pow(len) {
                word.clear();
                for _ in 0..len {
                    word.push(alphabet[k % alphabet.len()]);
                    k /= alphabet.len();
                }
                let expected = Card::parse_canonical(&word).map(|c| (c, word.len()));
                for end in [&b""[..], b" ", b"\n", b"=H", b"{"] {
                    let text = [&word[..], end].concat();
                    assert_eq!(canonical_at(&text, 0), expected, "{text:?}");
                    // The window of four bytes the card loop reads.
                    if let Some(&w) = text.first_chunk::<4>() {
                        let (index, three) = Card::code_in(w);
                        let at = Card::code_at(&text, 0);
                        if at.is_some() {
                            assert_eq!(at, Some((index, 2 + usize::from(three))), "{text:?}");
                        } else {
                            assert!(Card::from_index(index).is_none(), "{text:?}");
                        }
                    }
                }
                checked += 1;
            }
        }
        assert!(checked > 200_000);
    }
}
