//! Text from a record (names, tags, comments, messages that quote them) and
//! file names made safe for each output form: one function per form, used
//! everywhere that form is written (issue 23). Nothing a file holds may act
//! on the terminal, the browser, the Markdown renderer or the spreadsheet
//! that shows it.
//!
//! - [`text`]: the terminal (diagnostics, `explain`, the text report);
//! - [`html`]: the report page and the lesson page;
//! - [`markdown`]: the Markdown report, one inline run (a table cell, a
//!   heading, a line);
//! - [`csv`]: one CSV cell, quoted, a formula neutralised;
//! - [`json`]: a JSON document (the report, `verify --format json` lines).
//!
//! In every form a [`hidden`] character (a control character, a
//! bidirectional embedding, override, isolate or mark) is shown as
//! `\u{202e}`, so that a name can neither move the cursor nor reorder the
//! text around it; in JSON it is the JSON escape `\u202e` (the value read
//! back is unchanged).
//!
//! ```ignore
//! assert_eq!(escape::text("Ann\u{202e}"), "Ann\\u{202e}");
//! assert_eq!(escape::html("<b>"), "&lt;b&gt;");
//! assert_eq!(escape::markdown("a|b"), "a\\|b");
//! assert_eq!(escape::csv("=1+1"), "'=1+1");
//! assert_eq!(escape::csv("-12"), "-12");
//! ```

use std::borrow::Cow;
use std::io;

use serde::Serialize;

/// Characters that act instead of showing: C0 and C1 control characters
/// (but the line feed and the tab), DEL, the line and paragraph separators,
/// and the bidirectional controls (U+061C, U+200E, U+200F, U+202A..U+202E,
/// U+2066..U+2069).
pub fn hidden(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(
            c,
            '\u{061c}'
                | '\u{200e}'
                | '\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
                | '\u{2028}'
                | '\u{2029}'
        )
}

/// A hidden character as it is shown: `\u{1b}`.
fn shown(out: &mut String, c: char) {
    out.push_str(&format!("\\u{{{:x}}}", c as u32));
}

/// For a terminal: every [`hidden`] character shown as `\u{1b}`, so that a
/// record can neither move the cursor, set the title, reorder a line nor
/// fake an "all clean". Line feeds and tabs stay.
pub fn text(s: &str) -> Cow<'_, str> {
    if !s.chars().any(hidden) {
        return s.into();
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        if hidden(c) {
            shown(&mut out, c);
        } else {
            out.push(c);
        }
    }
    out.into()
}

/// For HTML content and attribute values (quoted): `& < > " '` as
/// entities, [`hidden`] characters shown as `\u{202e}`.
pub fn html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if hidden(c) => shown(&mut out, c),
            c => out.push(c),
        }
    }
    out
}

/// For one inline run of Markdown (a table cell, a heading, a line of a
/// paragraph), as CommonMark and GitHub render it: the characters that
/// open inline syntax (raw HTML and autolinks `<`, entities `&`, emphasis
/// `*` `_`, code `` ` ``, links `[` `]`, strikethrough `~`, maths `$`,
/// escapes `\`) and the table's `|` are backslash-escaped; a line break is
/// a space (a cell is one line); [`hidden`] characters are shown as
/// `\u{202e}` (its backslash escaped too).
pub fn markdown(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '&' | '|' | '~' | '$' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push(' '),
            c if hidden(c) => {
                out.push('\\');
                shown(&mut out, c);
            }
            c => out.push(c),
        }
    }
    out
}

/// Whether a cell is a plain number (`12`, `-12`, `+5`, `-12.5`): a
/// spreadsheet reads it as that number, never as a formula.
fn plain_number(s: &str) -> bool {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    !whole.is_empty()
        && !fraction.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && fraction.bytes().all(|b| b.is_ascii_digit())
}

/// One CSV cell for a spreadsheet. A cell that a spreadsheet would read as
/// a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage
/// return) and is not a plain number (`-12`, `+5` stay numbers) gets a `'`
/// in front (OWASP, "CSV injection"); [`hidden`] characters are shown as
/// `\u{202e}`; then RFC 4180 quoting, where a comma, a quote or a line
/// break asks for it.
pub fn csv(s: &str) -> String {
    let mut cell = String::with_capacity(s.len() + 1);
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) && !plain_number(s) {
        cell.push('\'');
    }
    for c in s.chars() {
        if hidden(c) {
            shown(&mut cell, c);
        } else {
            cell.push(c);
        }
    }
    if cell.contains([',', '"', '\n']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell
    }
}

/// A JSON document, pretty-printed or on one line, with every [`hidden`]
/// character written as a JSON escape (`\u202e`): the value read back is
/// the same, the bytes are safe to show on a terminal.
pub fn json<T: Serialize + ?Sized>(
    out: impl io::Write,
    value: &T,
    pretty: bool,
) -> serde_json::Result<()> {
    if pretty {
        let mut ser = serde_json::Serializer::with_formatter(
            out,
            Safe(serde_json::ser::PrettyFormatter::new()),
        );
        value.serialize(&mut ser)
    } else {
        let mut ser =
            serde_json::Serializer::with_formatter(out, Safe(serde_json::ser::CompactFormatter));
        value.serialize(&mut ser)
    }
}

/// A JSON document as a string ([`json`]).
pub fn json_string<T: Serialize + ?Sized>(value: &T, pretty: bool) -> String {
    let mut out = Vec::new();
    json(&mut out, value, pretty).expect("the value serializes");
    String::from_utf8(out).expect("JSON is UTF-8")
}

/// A formatter that writes [`hidden`] characters as JSON escapes, and
/// leaves the layout to the one inside (serde_json escapes the C0 controls
/// itself).
struct Safe<F>(F);

impl<F: serde_json::ser::Formatter> serde_json::ser::Formatter for Safe<F> {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut rest = fragment;
        while let Some(at) = rest.find(hidden) {
            let c = rest[at..].chars().next().unwrap_or_default();
            writer.write_all(&rest.as_bytes()[..at])?;
            // Every hidden character is in the Basic Multilingual Plane.
            write!(writer, "\\u{:04x}", c as u32)?;
            rest = &rest[at + c.len_utf8()..];
        }
        writer.write_all(rest.as_bytes())
    }
    fn begin_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_array(w)
    }
    fn end_array<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_array(w)
    }
    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_array_value(w, first)
    }
    fn end_array_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_array_value(w)
    }
    fn begin_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_object(w)
    }
    fn end_object<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object(w)
    }
    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.0.begin_object_key(w, first)
    }
    fn begin_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_object_value(w)
    }
    fn end_object_value<W: ?Sized + io::Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object_value(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BIDI: [char; 12] = [
        '\u{061c}', '\u{200e}', '\u{200f}', '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}',
        '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
    ];

    #[test]
    fn text_shows_controls_and_bidi_and_keeps_lines() {
        assert_eq!(text("plain"), "plain");
        assert!(matches!(text("plain"), Cow::Borrowed(_)));
        assert_eq!(text("a\u{1b}]0;owned\u{7}b"), "a\\u{1b}]0;owned\\u{7}b");
        assert_eq!(text("x\u{9b}y\u{7f}"), "x\\u{9b}y\\u{7f}");
        assert_eq!(text("one\ntwo\tthree\r"), "one\ntwo\tthree\\u{d}");
        for c in BIDI {
            let shown = text(&format!("Ann{c}Bo")).into_owned();
            assert!(!shown.contains(c), "{c:?}");
            assert_eq!(shown, format!("Ann\\u{{{:x}}}Bo", c as u32));
        }
        assert_eq!(text("Åsa Ærø 김"), "Åsa Ærø 김");
    }

    #[test]
    fn html_escapes_markup_and_shows_bidi() {
        assert_eq!(
            html("<img src=x onerror=\"alert('1')\">&amp;"),
            "&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;amp;"
        );
        assert_eq!(html("Ann\u{202e}Bo\u{1b}"), "Ann\\u{202e}Bo\\u{1b}");
        assert_eq!(html("a\nb"), "a\nb");
    }

    #[test]
    fn markdown_escapes_inline_syntax_pipes_and_breaks() {
        assert_eq!(markdown("Cara"), "Cara");
        assert_eq!(markdown("a | b"), "a \\| b");
        assert_eq!(markdown("<script>x</script>"), "\\<script\\>x\\</script\\>");
        assert_eq!(markdown("[x](javascript:y)"), "\\[x\\](javascript:y)");
        assert_eq!(
            markdown("*a* _b_ `c` ~d~ $e$ &amp; \\"),
            "\\*a\\* \\_b\\_ \\`c\\` \\~d\\~ \\$e\\$ \\&amp; \\\\"
        );
        assert_eq!(markdown("one\ntwo"), "one two");
        assert_eq!(markdown("A\u{202e}B"), "A\\\\u{202e}B");
        // Plain words, numbers and the report's own punctuation stay.
        assert_eq!(
            markdown("seat 2 (Cara) -12.5 #3 1. x"),
            "seat 2 (Cara) -12.5 #3 1. x"
        );
    }

    #[test]
    fn csv_neutralises_formulas_but_not_numbers() {
        for formula in [
            "=1+1",
            "+1+1",
            "-1+1",
            "@SUM(A1)",
            "\tx",
            "=HYPERLINK(\"x\")",
            "-",
            "+",
            "--5",
        ] {
            let cell = csv(formula);
            let bare = cell.trim_start_matches('"');
            assert!(bare.starts_with('\''), "{formula:?} -> {cell:?}");
        }
        assert_eq!(csv("\r=1"), "'\\u{d}=1");
        for number in ["-12", "+5", "0", "12", "-12.5", "+33.33"] {
            assert_eq!(csv(number), number);
        }
        assert_eq!(csv("plain"), "plain");
        assert_eq!(csv("a, b"), "\"a, b\"");
        assert_eq!(csv("say \"x\""), "\"say \"\"x\"\"\"");
        assert_eq!(csv("=a,b"), "\"'=a,b\"");
        assert_eq!(csv("two\nlines"), "\"two\nlines\"");
        assert_eq!(csv("A\u{202e}B"), "A\\u{202e}B");
    }

    #[test]
    fn json_escapes_hidden_characters_and_reads_back_the_same() {
        let value =
            serde_json::json!({"name": "Ann\u{202e}\u{1b}\u{7f}\u{85}Bo", "list": [1, "é"]});
        for pretty in [false, true] {
            let s = json_string(&value, pretty);
            assert!(!s.chars().any(hidden), "{s:?}");
            assert!(s.contains("Ann\\u202e\\u001b\\u007f\\u0085Bo"), "{s}");
            assert!(s.contains('é'));
            let back: serde_json::Value = serde_json::from_str(&s).unwrap();
            assert_eq!(back, value);
        }
        assert_eq!(
            json_string(&value, true),
            serde_json::to_string_pretty(&value)
                .unwrap()
                .replace('\u{202e}', "\\u202e")
                .replace('\u{7f}', "\\u007f")
                .replace('\u{85}', "\\u0085")
        );
    }
}
