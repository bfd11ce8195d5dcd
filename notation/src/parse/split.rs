//! Cutting a text into records: a record starts at each line that begins
//! with `[Variant `, and the comments just above it lead into it.

/// Cuts a text into records: `(offset, text)` pairs. Leading comments before
/// the first record belong to it; a text of only white space has no records.
pub fn split_records(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let text_start = text.len() - text.trim_start_matches('\u{feff}').len();
    let mut bounds = vec![text_start];
    let mut splitter = Splitter::default();
    // Line by line (each with its line break; a last line may have none),
    // found by `memchr`: `split_inclusive('\n')` searches for a `char`,
    // several times slower (`convert --to text` reads each record it
    // prints back through here, issue 29).
    let mut pos = text_start;
    let line_ends = memchr::memchr_iter(b'\n', &text.as_bytes()[text_start..])
        .map(|n| text_start + n + 1)
        .chain(Some(text.len()));
    for end in line_ends {
        if end > pos {
            if let Some(cut) = splitter.cut(text, pos, end) {
                bounds.push(cut);
            }
            pos = end;
        }
    }
    bounds.push(text.len());
    let pairs: Vec<(usize, usize)> = bounds.windows(2).map(|w| (w[0], w[1])).collect();
    pairs
        .into_iter()
        .filter(move |&(a, b)| !text[a..b].trim().is_empty())
        .map(move |(a, b)| (a, &text[a..b]))
}

/// Where the comments that lead into the record starting at `line_start`
/// begin: comments on lines of their own directly above the `[Variant`
/// line, after a blank line. Comments with no blank line between them and
/// the previous record's last line trail that record instead.
pub fn leading_comments_start(text: &str, line_start: usize) -> usize {
    let bytes = text.as_bytes();
    let mut start = line_start;
    loop {
        // Walk back over white space, counting line breaks.
        let mut i = start;
        let mut newlines = 0;
        while i > 0 && bytes[i - 1].is_ascii_whitespace() {
            newlines += (bytes[i - 1] == b'\n') as usize;
            i -= 1;
        }
        if i == 0 {
            return 0;
        }
        if newlines >= 2 {
            return start;
        }
        if bytes[i - 1] != b'}' || newlines == 0 && start != line_start {
            return line_start;
        }
        // Find the unescaped `{` that opens this comment.
        let mut j = i - 1;
        loop {
            if j == 0 {
                return line_start;
            }
            j -= 1;
            if bytes[j] == b'{' && (j == 0 || bytes[j - 1] != b'\\') {
                break;
            }
        }
        // The comment must stand at the start of its line.
        let line_begin = text[..j].rfind('\n').map_or(0, |n| n + 1);
        if !text[line_begin..j].trim().is_empty() {
            return line_start;
        }
        start = line_begin;
    }
}

/// Says whether a line starts a record: `[Variant` and a blank. It does so
/// even inside a comment: an unclosed `{` then swallows the rest of its own
/// record only (the parser reports it at the brace), not every record after
/// it. The streaming reader cuts on the same test.
pub fn starts_record(line: &[u8]) -> bool {
    line.strip_prefix(b"[Variant")
        .is_some_and(|rest| rest.first().is_some_and(|&b| b == b' ' || b == b'\t'))
}

/// Line-by-line record boundary detection, shared by [`split_records`] and
/// streaming readers: tracks whether a record has started yet, and where
/// the last one started.
#[derive(Debug, Default, Clone)]
pub struct Splitter {
    seen_record: bool,
    /// The end of the last record-starting line: no cut may go back past it.
    floor: usize,
}

impl Splitter {
    /// Feeds the line of `text` that starts at `line_start` (text holds at
    /// least that whole line). Returns where the record before it ends when
    /// a new record starts here: the start of the comments that lead into
    /// the new record (see [`leading_comments_start`]). Text before the
    /// first record belongs to the first record.
    pub fn cut(&mut self, text: &str, line_start: usize, line_end: usize) -> Option<usize> {
        if !starts_record(&text.as_bytes()[line_start..line_end]) {
            return None;
        }
        let floor = std::mem::replace(&mut self.floor, line_end);
        if !std::mem::replace(&mut self.seen_record, true) {
            return None;
        }
        let cut = leading_comments_start(text, line_start).max(floor.min(line_start));
        (!text[..cut].trim().is_empty()).then_some(cut)
    }

    /// The text before `n` was handed on and dropped by a streaming reader:
    /// positions now count from there.
    pub fn shift(&mut self, n: usize) {
        self.floor = self.floor.saturating_sub(n);
    }
}

#[cfg(test)]
mod tests {
    use super::{split_records, Splitter};

    /// The cuts as they were made before the lines were found by `memchr`:
    /// by `split_inclusive('\n')`.
    fn cuts_by_split_inclusive(text: &str) -> Vec<usize> {
        let text_start = text.len() - text.trim_start_matches('\u{feff}').len();
        let mut bounds = vec![text_start];
        let mut splitter = Splitter::default();
        let mut pos = text_start;
        for line in text[text_start..].split_inclusive('\n') {
            bounds.extend(splitter.cut(text, pos, pos + line.len()));
            pos += line.len();
        }
        bounds
    }

    /// Texts of every shape a line can end in (a line break, CRLF, none at
    /// the end), with a byte-order mark, blank lines, comments leading into
    /// a record and `[Variant` inside a line: cut where they were cut.
    #[test]
    fn records_are_cut_as_line_by_line() {
        let pieces = [
            "",
            "\n",
            "\r\n",
            "\u{feff}",
            "[Variant \"danish-tarok\"]\n",
            "[Variant \"koenigrufen\"]\r\n",
            "[Variant \"skill7-tarock\"]",
            "{lead in}\n",
            "trick 1: T1 T2 T3\n",
            "x [Variant \"french-tarot\"]\n",
            "   \n",
            "{é, ü}",
        ];
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    for d in pieces {
                        let text = [a, b, c, d].concat();
                        let expected = cuts_by_split_inclusive(&text);
                        let got: Vec<usize> =
                            split_records(&text).map(|(offset, _)| offset).collect();
                        let mut bounds = expected.clone();
                        bounds.push(text.len());
                        let want: Vec<usize> = bounds
                            .windows(2)
                            .filter(|w| !text[w[0]..w[1]].trim().is_empty())
                            .map(|w| w[0])
                            .collect();
                        assert_eq!(got, want, "{text:?}");
                    }
                }
            }
        }
    }
}
