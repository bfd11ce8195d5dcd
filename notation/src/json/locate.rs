//! Where things stand in a JSON document: spans for the elements of a
//! record read from JSON, and the JSON path of a place in the document.
//!
//! serde gives values, not positions. After a record has been read by
//! serde (the one-pass reader, `fast.rs`, gives the spans itself), a
//! second pass over its text (already known to be well-formed JSON) walks
//! the same structure and gives every element the span of its JSON value,
//! so that findings on JSON input point at the offending value like they
//! do in the text form. The pass never panics: on anything unexpected it
//! stops and leaves the remaining spans empty.

use crate::record::{Actions, Cards, Claim, Discard, Hand, Item, Record, Span, Tag, Trick};

/// A cursor over JSON text.
struct Cursor<'t> {
    text: &'t [u8],
    at: usize,
}

impl<'t> Cursor<'t> {
    fn new(text: &'t str) -> Self {
        Cursor {
            text: text.as_bytes(),
            at: 0,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn eat(&mut self, b: u8) -> Option<()> {
        self.ws();
        (self.peek() == Some(b)).then(|| self.at += 1)
    }

    /// A string's contents (raw bytes, escapes left in), positioned after
    /// it. Most strings here are short (card codes, keys): a plain loop.
    fn string(&mut self) -> Option<&'t [u8]> {
        self.eat(b'"')?;
        let start = self.at;
        loop {
            match *self.text.get(self.at)? {
                b'"' => break,
                b'\\' => self.at += 2,
                _ => self.at += 1,
            }
        }
        let s = self.text.get(start..self.at)?;
        self.at += 1;
        Some(s)
    }

    /// Skips one value; returns its byte range.
    fn value(&mut self) -> Option<(usize, usize)> {
        self.ws();
        let start = self.at;
        match self.peek()? {
            b'"' => {
                self.string()?;
            }
            b'{' | b'[' => {
                let mut depth = 0usize;
                loop {
                    match self.peek()? {
                        b'"' => {
                            self.string()?;
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                self.at += 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                    self.at += 1;
                }
            }
            _ => {
                while !matches!(
                    self.peek(),
                    None | Some(b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
                ) {
                    self.at += 1;
                }
            }
        }
        Some((start, self.at))
    }

    /// Calls `each(key, cursor)` for every member of an object; `each`
    /// must consume the member's value. Returns the object's range.
    fn object(
        &mut self,
        mut each: impl FnMut(&'t [u8], &mut Self) -> Option<()>,
    ) -> Option<(usize, usize)> {
        self.ws();
        let start = self.at;
        self.eat(b'{')?;
        if self.eat(b'}').is_none() {
            loop {
                let key = self.string()?;
                self.eat(b':')?;
                each(key, self)?;
                if self.eat(b',').is_none() {
                    self.eat(b'}')?;
                    break;
                }
            }
        }
        Some((start, self.at))
    }

    /// Calls `each(index, cursor)` for every element of an array; `each`
    /// must consume the element. Returns the array's range.
    fn array(
        &mut self,
        mut each: impl FnMut(usize, &mut Self) -> Option<()>,
    ) -> Option<(usize, usize)> {
        self.ws();
        let start = self.at;
        self.eat(b'[')?;
        if self.eat(b']').is_none() {
            let mut i = 0;
            loop {
                each(i, self)?;
                i += 1;
                if self.eat(b',').is_none() {
                    self.eat(b']')?;
                    break;
                }
            }
        }
        Some((start, self.at))
    }

    fn is_null(&mut self) -> bool {
        self.ws();
        self.text.get(self.at..self.at + 4) == Some(b"null")
    }
}

fn span(base: usize, (start, end): (usize, usize)) -> Span {
    Span::new(base + start, base + end)
}

/// Gives the elements of `record`, just read from `text` (one JSON object
/// at byte `base` of its file), the spans of their JSON values.
pub(crate) fn locate(record: &mut Record, text: &str, base: usize) {
    let mut c = Cursor::new(text);
    let _ = locate_record(&mut c, record, base);
}

fn locate_record(c: &mut Cursor, r: &mut Record, base: usize) -> Option<()> {
    let whole = c.object(|key, c| {
        if c.is_null() {
            return c.value().map(drop);
        }
        match key {
            b"tags" => c
                .array(|i, c| locate_tag(c, r.tags.get_mut(i)?, base))
                .map(drop),
            b"hands" => c
                .array(|i, c| locate_hand(c, r.hands.get_mut(i)?, base))
                .map(drop),
            b"talon" => locate_cards(c, r.talon.as_mut()?, base),
            b"auction" => locate_actions(c, r.auction.as_mut()?, base),
            b"calls" => locate_actions(c, r.calls.as_mut()?, base),
            b"declarations" => locate_actions(c, r.declarations.as_mut()?, base),
            b"discard" => locate_discard(c, r.discard.as_mut()?, base),
            b"tricks" => c
                .array(|i, c| locate_trick(c, r.tricks.get_mut(i)?, base))
                .map(drop),
            b"result" => locate_result(c, r.result.as_mut()?, base),
            b"claim" => locate_claim(c, r.claim.as_mut()?, base),
            _ => c.value().map(drop),
        }
    })?;
    r.span = span(base, whole);
    Some(())
}

fn locate_tag(c: &mut Cursor, t: &mut Tag, base: usize) -> Option<()> {
    t.span = span(base, c.value()?);
    Some(())
}

/// An array with one value per element of `list`: each element's span
/// (`at`) is set to its value's.
fn locate_elements<T>(
    c: &mut Cursor,
    list: &mut [T],
    at: fn(&mut T) -> &mut Span,
    base: usize,
) -> Option<()> {
    c.array(|i, c| {
        *at(list.get_mut(i)?) = span(base, c.value()?);
        Some(())
    })
    .map(drop)
}

fn locate_items(c: &mut Cursor, items: &mut [Item], base: usize) -> Option<()> {
    locate_elements(c, items, |item| &mut item.span, base)
}

/// An object whose one located member, `key`, is an array with one value
/// per element of `list`: each element's span (`at`) is set, and the
/// object's span is returned.
fn locate_list<T>(
    c: &mut Cursor,
    key: &[u8],
    list: &mut [T],
    at: fn(&mut T) -> &mut Span,
    base: usize,
) -> Option<Span> {
    let whole = c.object(|k, c| {
        if k == key {
            locate_elements(c, list, at, base)
        } else {
            c.value().map(drop)
        }
    })?;
    Some(span(base, whole))
}

fn locate_hand(c: &mut Cursor, h: &mut Hand, base: usize) -> Option<()> {
    h.span = locate_list(c, b"cards", &mut h.cards, |item| &mut item.span, base)?;
    Some(())
}

fn locate_cards(c: &mut Cursor, t: &mut Cards, base: usize) -> Option<()> {
    t.span = locate_list(c, b"cards", &mut t.cards, |item| &mut item.span, base)?;
    Some(())
}

fn locate_discard(c: &mut Cursor, d: &mut Discard, base: usize) -> Option<()> {
    let whole = c.object(|key, c| match key {
        b"cards" => locate_items(c, &mut d.cards, base),
        b"shown" => locate_items(c, &mut d.shown, base),
        _ => c.value().map(drop),
    })?;
    d.span = span(base, whole);
    Some(())
}

fn locate_actions(c: &mut Cursor, a: &mut Actions, base: usize) -> Option<()> {
    a.span = locate_list(c, b"actions", &mut a.actions, |act| &mut act.span, base)?;
    Some(())
}

fn locate_trick(c: &mut Cursor, t: &mut Trick, base: usize) -> Option<()> {
    t.span = locate_list(c, b"plays", &mut t.plays, |item| &mut item.span, base)?;
    Some(())
}

fn locate_result(c: &mut Cursor, sheet: &mut crate::record::Sheet, base: usize) -> Option<()> {
    sheet.span = locate_list(c, b"facts", &mut sheet.facts, |f| &mut f.span, base)?;
    Some(())
}

fn locate_claim(c: &mut Cursor, cl: &mut Claim, base: usize) -> Option<()> {
    cl.span = locate_list(c, b"entries", &mut cl.entries, |e| &mut e.span, base)?;
    Some(())
}

/// The JSON path of the innermost value of `doc` that starts at byte
/// `offset`, or failing that contains it: `tricks[3].plays[1]`; in an array
/// document the element's index comes first (`[2].tricks[3].plays[1]`). In
/// a stream of objects (JSON Lines) the path is within the object. `None`
/// for a place outside every value, or for a whole record of a stream
/// (whose path would be empty).
pub fn path_at(doc: &str, offset: usize) -> Option<String> {
    let mut c = Cursor::new(doc);
    c.ws();
    let mut path = String::new();
    if c.peek() == Some(b'[') {
        descend(&mut c, offset, &mut path)?;
    } else {
        // A stream: find the object that holds the offset.
        loop {
            let start = {
                c.ws();
                c.at
            };
            let mut probe = Cursor {
                text: c.text,
                at: start,
            };
            let (s, e) = probe.value()?;
            if (s..e.max(s + 1)).contains(&offset) {
                descend(&mut c, offset, &mut path)?;
                break;
            }
            if e == s {
                return None;
            }
            c.at = e;
        }
    }
    (!path.is_empty()).then_some(path)
}

/// Moves `c` over one value and appends to `path` the way to the innermost
/// value holding `offset` (the value itself adds nothing).
fn descend(c: &mut Cursor, offset: usize, path: &mut String) -> Option<()> {
    c.ws();
    let mut found = false;
    match c.peek()? {
        b'{' => {
            c.object(|key, c| {
                member(c, offset, path, &mut found, |path| {
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(&String::from_utf8_lossy(key));
                })
            })?;
        }
        b'[' => {
            c.array(|i, c| {
                member(c, offset, path, &mut found, |path| {
                    path.push_str(&format!("[{i}]"))
                })
            })?;
        }
        _ => {
            c.value()?;
        }
    }
    Some(())
}

/// One member or element of the value [`descend`] walks: until one is
/// `found`, the one holding `offset` has `name` appended to `path` and is
/// walked into; every other is passed over.
fn member(
    c: &mut Cursor,
    offset: usize,
    path: &mut String,
    found: &mut bool,
    name: impl FnOnce(&mut String),
) -> Option<()> {
    if *found {
        return c.value().map(drop);
    }
    c.ws();
    let mut probe = Cursor {
        text: c.text,
        at: c.at,
    };
    let (s, e) = probe.value()?;
    if (s..e).contains(&offset) {
        *found = true;
        name(path);
        descend(c, offset, path)
    } else {
        c.at = e;
        Some(())
    }
}

/// The byte range of the value at `path` (as [`path_at`] writes it) in one
/// JSON value `text`.
pub(crate) fn range_of(text: &str, path: &str) -> Option<(usize, usize)> {
    let mut c = Cursor::new(text);
    let mut rest = path;
    loop {
        if rest.is_empty() {
            return c.value();
        }
        rest = rest.strip_prefix('.').unwrap_or(rest);
        c.ws();
        if let Some(after) = rest.strip_prefix('[') {
            let close = after.find(']')?;
            let want: usize = after[..close].parse().ok()?;
            rest = &after[close + 1..];
            let mut hit = None;
            c.array(|i, c| {
                c.ws();
                if i == want && hit.is_none() {
                    hit = Some(c.at);
                }
                c.value().map(drop)
            })?;
            c.at = hit?;
        } else {
            let end = rest.find(['.', '[']).unwrap_or(rest.len());
            let (want, after) = rest.split_at(end);
            rest = after;
            let mut hit = None;
            c.object(|key, c| {
                c.ws();
                if key == want.as_bytes() && hit.is_none() {
                    hit = Some(c.at);
                }
                c.value().map(drop)
            })?;
            c.at = hit?;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = r#"{"tags":[{"name":"Variant","value":"skill7-tarock"}],
 "tricks":[{"plays":["T9","T17"]},{"plays":["DQ",{"card":"EX","name":"H"}]}]}"#;

    #[test]
    fn path_of_a_card_in_a_trick() {
        let at = DOC.find("\"DQ\"").unwrap();
        assert_eq!(path_at(DOC, at).as_deref(), Some("tricks[1].plays[0]"));
        let at = DOC.find("{\"card\"").unwrap();
        assert_eq!(path_at(DOC, at).as_deref(), Some("tricks[1].plays[1]"));
        assert_eq!(path_at(DOC, 0), None);
    }

    #[test]
    fn path_in_an_array_and_a_stream() {
        let array = format!("[{DOC},\n{DOC}]");
        let at = array.rfind("\"T17\"").unwrap();
        assert_eq!(
            path_at(&array, at).as_deref(),
            Some("[1].tricks[0].plays[1]")
        );
        let stream = format!("{DOC}\n{DOC}\n");
        let at = stream.rfind("\"T9\"").unwrap();
        assert_eq!(path_at(&stream, at).as_deref(), Some("tricks[0].plays[0]"));
    }

    #[test]
    fn range_of_a_path() {
        let (s, e) = range_of(DOC, "tricks[1].plays[1]").unwrap();
        assert_eq!(&DOC[s..e], r#"{"card":"EX","name":"H"}"#);
        let (s, e) = range_of(DOC, "tags[0].value").unwrap();
        assert_eq!(&DOC[s..e], r#""skill7-tarock""#);
        assert_eq!(range_of(DOC, "tricks[7]"), None);
    }

    #[test]
    fn bad_text_never_panics() {
        for text in [
            "",
            "{",
            "[",
            "{\"a\":",
            "\"",
            "{\"tricks\":[{\"plays\":[\"",
            "]]]}",
        ] {
            let _ = path_at(text, 3);
            let _ = range_of(text, "tricks[0].plays[0]");
            let mut r = Record::default();
            locate(&mut r, text, 0);
        }
    }
}
