//! `tarok explain --format html`: the command around the lesson page. It
//! reads the files, verifies their deals and writes the page that
//! [`crate::lesson::html`] draws; the lesson itself (`lesson/`) does no I/O,
//! so the fuzz target can build it without the rest of the binary.
//!
//! The page is written as the deals are read: each deal is drawn and
//! written, then dropped. Memory holds one deal (its record, report and
//! HTML) and the rules cited so far (at most one entry per rule id of the
//! reference, a few hundred), never every deal: it does not grow with the
//! number of deals.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

use verifier::session::{Grouping, Sessions};

use crate::director::Lang;
use crate::lesson::html;

/// `tarok explain --format html PATH...`: one page for the deals of every
/// file read, on standard output; each file is its own session. Exit codes
/// as for the text form.
pub fn explain_html(paths: &[PathBuf], grouping: Grouping, lang: Lang) -> crate::Outcome {
    let (files, mut outcome) = crate::files_to_read(paths, &["tarok", "json", "jsonl"]);
    let lesson = crate::director::tr(lang, "Lesson");
    let title = match files.as_slice() {
        [file] => match crate::input::display_name(file).rsplit('/').next() {
            Some(base) if !base.is_empty() && base != "-" => format!("{lesson}: {base}"),
            _ => lesson,
        },
        _ => lesson,
    };
    let mut out = crate::out::Stdout::new();
    let mut page = Page::start(&title, lang, &mut out);
    let mut err = std::io::stderr().lock();
    let mut index = 0;
    for file in &files {
        let mut sessions = Sessions::new(grouping);
        let read = crate::input::read_records(file, |(result, source)| {
            let entry = match result {
                Ok(record) => {
                    let report = sessions.verify(&record);
                    if !report.problems.is_empty() {
                        outcome = outcome.max(crate::severity(&report.problems));
                    }
                    html::Entry::Owned {
                        index,
                        record: Box::new(record),
                        report: Box::new(report),
                    }
                }
                Err(problems) => {
                    outcome = crate::Outcome::BadInput;
                    crate::report::render_all(&mut err, &source, &problems);
                    html::Entry::Unreadable { index, problems }
                }
            };
            page.entry(entry, &mut out);
            index += 1;
        });
        if let Err(e) = read {
            // The page is closed, so that what was written is a whole page.
            page.end(&mut out);
            let failed = crate::fail(format!("{}: {e}", crate::input::display_name(file)));
            return out.finish(failed);
        }
    }
    page.end(&mut out);
    out.finish(outcome)
}

/// The lesson page written deal by deal: the same bytes as
/// [`html::page`] on all the deals at once (a test holds them equal).
///
/// `html::page` draws a whole page; a page of no deal gives its head (up
/// to the deals) and its tail (the script), and a page of one deal gives,
/// between the two, the deal and the rules it cites. The rules are kept by
/// id and written, sorted, before the tail, as `html::page` does.
struct Page {
    title: String,
    lang: Lang,
    head_len: usize,
    tail: String,
    /// The rules section's frame (`<section ...><dl>` and `</dl></section>`),
    /// once one deal has cited a rule.
    frame: Option<(String, String)>,
    rules: BTreeMap<String, String>,
    /// The contents' lines, while there are at most `html::MAX_CONTENTS`.
    contents: Vec<(usize, String)>,
    deals: usize,
}

/// Where the rules section starts in a page.
const RULES: &str = "<section class=\"rules\" id=\"rules\">";
/// Where each rule's entry starts in it.
const RULE: &str = "<dt id=\"rule-";

impl Page {
    fn start(title: &str, lang: Lang, out: &mut dyn Write) -> Page {
        let empty = html::page(title, lang, &[]);
        let at = empty.rfind("<script>").unwrap_or(empty.len());
        let _ = out.write_all(&empty.as_bytes()[..at]);
        // The head is the same in every page of this title: its length is
        // enough to cut it off.
        let head_len = at;
        Page {
            title: title.to_owned(),
            lang,
            head_len,
            tail: empty[at..].to_owned(),
            frame: None,
            rules: BTreeMap::new(),
            contents: Vec::new(),
            deals: 0,
        }
    }

    /// Draws one deal and writes it; keeps the rules it cites.
    fn entry(&mut self, entry: html::Entry, out: &mut dyn Write) {
        self.deals += 1;
        if self.deals <= html::MAX_CONTENTS {
            self.contents.push(html::contents_entry(&entry));
        } else {
            self.contents = Vec::new();
        }
        let page = html::page(&self.title, self.lang, std::slice::from_ref(&entry));
        drop(entry);
        let body = page
            .get(self.head_len..page.len().saturating_sub(self.tail.len()))
            .filter(|_| page.ends_with(&self.tail))
            .expect("a page of one deal is the page of none with the deal inside");
        // The rules come last: looked for from the end, over them alone.
        let at = memchr::memmem::rfind(body.as_bytes(), RULES.as_bytes());
        let (deal, rules) = body.split_at(at.unwrap_or(body.len()));
        let _ = out.write_all(deal.as_bytes());
        if rules.is_empty() {
            return;
        }
        let first = rules.find(RULE).unwrap_or(rules.len());
        let close = rules.rfind("</dl>").unwrap_or(rules.len()).max(first);
        self.frame
            .get_or_insert_with(|| (rules[..first].to_owned(), rules[close..].to_owned()));
        let list = &rules[first..close];
        let starts: Vec<usize> = list.match_indices(RULE).map(|(at, _)| at).collect();
        for (k, &at) in starts.iter().enumerate() {
            let item = &list[at..starts.get(k + 1).copied().unwrap_or(list.len())];
            let id = &item[RULE.len()..];
            let id = &id[..id.find('"').unwrap_or(id.len())];
            if !self.rules.contains_key(id) {
                self.rules.insert(id.to_owned(), item.to_owned());
            }
        }
    }

    fn end(self, out: &mut dyn Write) {
        if self.deals > 1 && self.deals <= html::MAX_CONTENTS {
            let mut nav = String::new();
            html::contents(&mut nav, self.lang, &self.contents);
            let _ = out.write_all(nav.as_bytes());
        }
        if let Some((open, close)) = &self.frame {
            let _ = out.write_all(open.as_bytes());
            for rule in self.rules.values() {
                let _ = out.write_all(rule.as_bytes());
            }
            let _ = out.write_all(close.as_bytes());
        }
        let _ = out.write_all(self.tail.as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Written deal by deal, the page is the page `html::page` draws of all
    /// the deals at once: every corpus folder, faulty deals and rules cited
    /// by several deals included, and a record that cannot be read.
    #[test]
    fn the_page_written_deal_by_deal_is_the_page_drawn_at_once() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
        for variant in [
            "danish-tarok",
            "french-tarot",
            "koenigrufen",
            "skill7-tarock",
        ] {
            let (files, _) = crate::input::collect_files(&[root.join(variant)], &["tarok"]);
            let mut entries = Vec::new();
            let mut streamed = Vec::new();
            let mut page = Page::start("Lesson", Lang::En, &mut streamed);
            let entry = |index: usize,
                         read: Result<notation::Record, Vec<notation::Problem>>,
                         sessions: &mut Sessions| match read {
                Ok(record) => {
                    let report = sessions.verify(&record);
                    html::Entry::Owned {
                        index,
                        record: Box::new(record),
                        report: Box::new(report),
                    }
                }
                Err(problems) => html::Entry::Unreadable { index, problems },
            };
            let mut index = 0;
            for file in &files {
                let text = std::fs::read_to_string(file).unwrap();
                let mut all = notation::parse_str(&text);
                all.extend(notation::parse_str(
                    "[Variant \"skill7-tarock\"]\ntrick 1: QQ\n",
                ));
                let (mut one, mut two) =
                    (Sessions::new(Grouping::File), Sessions::new(Grouping::File));
                for read in all {
                    entries.push(entry(index, read.clone(), &mut one));
                    page.entry(entry(index, read, &mut two), &mut streamed);
                    index += 1;
                }
            }
            page.end(&mut streamed);
            assert_eq!(
                String::from_utf8(streamed).unwrap(),
                html::page("Lesson", Lang::En, &entries),
                "{variant}"
            );
        }
    }
}
