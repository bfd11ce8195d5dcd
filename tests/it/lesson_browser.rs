//! The lesson page (`tarok explain --format html`) in a real headless
//! Chromium, driven through WebDriver (`tests/it/webdriver.rs`: Debian's
//! `chromedriver`, which `.ci/run` installs where missing; set `CHROMIUM`
//! to use another browser binary) as a person would: pressing keys,
//! clicking the step buttons and the cards of a hand, opening a link to a
//! moment, printing. Layout is read from the browser (bounding boxes).
//! Without a browser these tests fail, unless `TAROK_SKIP_BROWSER=1` skips
//! them (and says so).

use std::path::{Path, PathBuf};

use fantoccini::key::Key;
use serde_json::{json, Value};

use crate::cli::{files_in, stderr, stdout, tarok};
use crate::webdriver::Browser;

/// A fresh directory under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tarok-lesson-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The lesson of `file`, written into `dir`; the number of tricks of each
/// of its records.
fn lesson(file: &str, dir: &Path, name: &str) -> Vec<usize> {
    let out = tarok(&["explain", "--format", "html", file]);
    let code = out.status.code();
    assert!(
        matches!(code, Some(0 | 1)),
        "{file}: exit {code:?}: {}",
        stderr(&out)
    );
    std::fs::write(dir.join(name), stdout(&out)).unwrap();
    let text = std::fs::read_to_string(crate::cli::root().join(file)).unwrap();
    notation::parse_str(&text)
        .into_iter()
        .map(|r| r.map_or(0, |r| r.tricks.len()))
        .collect()
}

/// Asserts that the browser's console stayed silent (no error, no
/// uncaught exception, no log) since the last look.
fn silent(b: &Browser, what: &str) {
    let said = b.console();
    assert!(
        said.is_empty(),
        "{what}: console messages:\n{}",
        said.join("\n")
    );
}

/// The lesson corpus: one lesson per game, with a quiz and chapters.
const LESSONS: [&str; 4] = [
    "corpus/danish-tarok/90-lesson.tarok",
    "corpus/french-tarot/90-lesson.tarok",
    "corpus/koenigrufen/90-lesson.tarok",
    "corpus/skill7-tarock/90-lesson.tarok",
];

/// Every corpus file's lesson loads in Chromium without a console message,
/// and shows as many tricks as its records hold.
#[test]
fn every_corpus_lesson_loads_in_chromium() {
    let Some(b) = Browser::open("every_corpus_lesson_loads_in_chromium", 800, 300) else {
        return;
    };
    let dir = scratch("corpus");
    let files: Vec<String> = files_in("corpus", &["tarok"])
        .into_iter()
        .filter(|f| !f.starts_with("corpus/bad/"))
        .collect();
    assert!(files.len() > 100, "the corpus holds {} files", files.len());
    for (i, file) in files.iter().enumerate() {
        let name = format!("l{i}.html");
        let tricks = lesson(file, &dir, &name);
        let want: Vec<String> = tricks.iter().map(|t| format!("{t}/{t}")).collect();
        b.goto(&dir.join(&name), "");
        let shown = b.js(
            "return Array.prototype.map.call(document.querySelectorAll('article.deal[data-tricks]'), \
             function (a) { return a.querySelectorAll('.tricks > .trick').length + '/' + a.getAttribute('data-tricks'); })",
        );
        let shown: Vec<String> = serde_json::from_value(shown).unwrap();
        assert_eq!(shown, want, "{file}: tricks shown / tricks in the record");
        silent(&b, file);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The state of the first deal, as the old step test wrote it.
const STATE: &str = r#"
var deal = document.querySelector("article.deal[data-tricks]");
return "step=" + deal.getAttribute("data-step") +
  " hand-cards=" + deal.querySelectorAll(".hand .card:not(.gone)").length +
  " pile=" + deal.querySelectorAll(".pile .play").length + " hash=" + location.hash +
  " nav=" + !deal.querySelector(".steps").hidden +
  " label=" + deal.querySelector(".step-label").textContent;
"#;

/// Whether the page is wider than its window.
const OVERFLOW: &str =
    "return 'overflow=' + (document.scrollingElement.scrollWidth > window.innerWidth)";

/// Steps through the first deal with the keys and the buttons, card by
/// card and then trick by trick; a line per state, the overflow last.
fn step_around(b: &Browser) -> Vec<String> {
    let deal = "article.deal[data-tricks] .steps";
    let mut res = Vec::new();
    res.push(
        b.js("var d = document.querySelector('article.deal[data-tricks]'); \
              return 'tricks=' + d.querySelectorAll('.tricks > .trick').length + ' of ' + d.getAttribute('data-tricks')")
            .as_str()
            .unwrap()
            .to_owned(),
    );
    let mut state = |what: &str| {
        res.push(format!("{what} {}", b.js(STATE).as_str().unwrap()));
    };
    state("load");
    b.key(Key::Right);
    state("right");
    b.key(Key::Right);
    state("right");
    b.key(Key::Left);
    state("left");
    b.click(&format!("{deal} [data-go=\"next\"]"));
    state("next");
    b.click(&format!("{deal} [data-go=\"prev\"]"));
    state("prev");
    b.key(Key::End);
    state("end");
    b.key(Key::Right);
    state("right");
    b.click(&format!("{deal} [data-go=\"prev\"]"));
    state("prev");
    b.key(Key::Home);
    state("home");
    b.key(Key::Left);
    state("left");
    // Card by card to step 20, then trick by trick from there.
    for _ in 0..20 {
        b.key(Key::Right);
    }
    b.click(&format!("{deal} input.by-card"));
    state("coarse-from");
    b.key(Key::Right);
    state("coarse-right");
    b.key(Key::Right);
    state("coarse-right");
    b.key(Key::Left);
    state("coarse-left");
    res.push(b.js(OVERFLOW).as_str().unwrap().to_owned());
    res
}

/// The stage of the first deal as an outline: its elements, classes, the
/// attributes that say what is shown, and their own text.
const OUTLINE: &str = r#"
var lines = [];
function walk(el, depth) {
  var tag = el.tagName.toLowerCase();
  if (tag === "svg" || tag === "script" || tag === "style") { return; }
  if (el.classList.contains("step") && !el.classList.contains("on")) { return; }
  var line = "  ".repeat(depth) + tag;
  if (el.className && typeof el.className === "string") { line += "." + el.className.trim().split(/\s+/).join("."); }
  ["data-card", "data-seat", "data-pos", "data-in", "data-out", "data-trick", "data-winner", "data-step", "data-go", "href", "id"].forEach(function (a) {
    if (el.hasAttribute(a)) { line += " " + a + "=" + el.getAttribute(a); }
  });
  if (el.hidden) { line += " hidden"; }
  if (el.classList.contains("card")) { lines.push(line); return; }
  var text = Array.prototype.filter.call(el.childNodes, function (n) { return n.nodeType === 3; })
    .map(function (n) { return n.textContent; }).join("").replace(/\s+/g, " ").trim();
  if (text) { line += " \"" + (text.length > 60 ? text.slice(0, 60) + "…" : text) + "\""; }
  lines.push(line);
  Array.prototype.forEach.call(el.children, function (c) { walk(c, depth + 1); });
}
walk(document.querySelector("article.deal .stage"), 0);
return lines.join("\n");
"#;

/// The step control moves forward and back, with the keys and with the
/// buttons, card by card and (unticked) trick by trick; the hands shrink
/// as the cards are played; the address follows the step; the page does
/// not overflow a phone's width; and the stage after two steps is
/// snapshotted.
#[test]
fn lesson_step_control_moves_forward_and_back() {
    let Some(b) = Browser::open("lesson_step_control_moves_forward_and_back", 1280, 900) else {
        return;
    };
    let dir = scratch("steps");
    let file = "corpus/koenigrufen/02-caller-pagat.tarok";
    let tricks = lesson(file, &dir, "lesson.html");
    assert_eq!(tricks, vec![12]);
    b.goto(&dir.join("lesson.html"), "");
    let seen = step_around(&b);
    silent(&b, file);
    let lines: Vec<&str> = seen.iter().map(String::as_str).collect();
    let out = lines.join("\n");
    assert_eq!(lines[0], "tricks=12 of 12", "{out}");
    let field = |line: &str, name: &str| -> String {
        line.split(' ')
            .find_map(|w| w.strip_prefix(&format!("{name}=")))
            .unwrap_or_else(|| panic!("no {name} in `{line}`"))
            .to_string()
    };
    // 1 deal, 4 bids, 8 calls, the talon, the discard, 48 cards, the result.
    let last = 1 + 4 + 8 + 1 + 1 + 48;
    let steps: Vec<String> = lines[1..16].iter().map(|l| field(l, "step")).collect();
    let want: Vec<String> = [0, 1, 2, 1, 2, 1, last, last, last - 1, 0, 0]
        .iter()
        .map(|k| k.to_string())
        .chain(["20", "22", "26", "22"].map(String::from))
        .collect();
    assert_eq!(steps, want, "{out}");
    let cards: Vec<usize> = lines[1..16]
        .iter()
        .map(|l| field(l, "hand-cards").parse().unwrap())
        .collect();
    // The hands as dealt: 48 cards; the two tarocks Inge takes from the
    // talon come in at the talon's step, the cards leave as they are played.
    assert_eq!(cards[0], 48, "{out}");
    assert_eq!(cards[6], 0, "{out}");
    assert_eq!(cards[9], 48, "{out}");
    assert_eq!(field(lines[7], "label"), "Step", "{out}");
    assert!(lines[7].contains("The result"), "{out}");
    assert!(lines[1].contains("The hands as dealt"), "{out}");
    assert!(lines[2].contains("The auction: 1 of 4"), "{out}");
    // Step 20 is trick 2's second card: two cards on the table; trick by
    // trick, the next stop is trick 2 complete (step 22), then trick 3.
    assert!(lines[12].contains("Trick 2 of 12: card 2 of 4"), "{out}");
    assert_eq!(field(lines[12], "pile"), "2", "{out}");
    assert_eq!(field(lines[13], "pile"), "4", "{out}");
    assert_eq!(field(lines[13], "hash"), "#d1-step22", "{out}");
    assert!(
        lines[1].contains("nav=true"),
        "the step control shows: {out}"
    );
    assert_eq!(lines[16], "overflow=false", "{out}");
    // Back to the start, trick by trick, two steps on: the stage.
    b.key(Key::Home);
    b.key(Key::Right);
    b.key(Key::Right);
    insta::assert_snapshot!("lesson_dom", b.js(OUTLINE).as_str().unwrap());
    // The same on a phone.
    b.viewport(390, 800);
    b.goto(&dir.join("lesson.html"), "");
    let phone = step_around(&b);
    assert_eq!(
        phone.last().unwrap(),
        "overflow=false",
        "the page fits a phone: {}",
        phone.join("\n")
    );
    silent(&b, file);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every comment of a record, with where it must be shown: `Some((n, k))`
/// at card k (1-based) of trick n, `None` at some step.
fn comments(record: &notation::Record) -> Vec<(String, Option<(usize, usize)>)> {
    let mut all: Vec<(String, Option<(usize, usize)>)> = Vec::new();
    let mut add = |list: &[String], at: Option<(usize, usize)>| {
        for c in list {
            all.push((c.split_whitespace().collect::<Vec<_>>().join(" "), at));
        }
    };
    add(&record.comments, None);
    for t in &record.tags {
        add(&t.comments, None);
    }
    for h in &record.hands {
        add(&h.comments, None);
        for (_, said) in h.card_comments.iter() {
            add(said, None);
        }
    }
    if let Some(t) = &record.talon {
        add(&t.comments, None);
        for (_, said) in t.card_comments.iter() {
            add(said, None);
        }
    }
    for a in [&record.auction, &record.calls, &record.declarations]
        .into_iter()
        .flatten()
    {
        add(&a.comments, None);
        for act in &a.actions {
            add(&act.comments, None);
        }
    }
    if let Some(d) = &record.discard {
        add(&d.comments, None);
        for (_, said) in d.card_comments.iter().chain(d.shown_comments.iter()) {
            add(said, None);
        }
    }
    for (n, t) in record.tricks.iter().enumerate() {
        add(&t.comments, Some((n + 1, 1)));
        for (k, said) in t.play_comments.iter() {
            add(said, Some((n + 1, k + 1)));
        }
    }
    if let Some(c) = &record.claim {
        add(&c.comments, None);
    }
    add(&record.trailing, None);
    all.retain(|(c, _)| !c.is_empty());
    all
}

/// What the deal `arguments[0]` shows at its step: the step, its label,
/// the cards on the table, the words of the step.
const ROW: &str = r#"
var deal = document.getElementById(arguments[0]);
var on = deal.querySelector(".script .step.on");
return [deal.getAttribute("data-step"), on.getAttribute("data-label"),
  String(deal.querySelectorAll(".pile .play").length), on.textContent.replace(/\s+/g, " ").trim()];
"#;

/// Stepping card by card (the deal's ▶ button, as a person clicks it)
/// through every phase of every deal of the lesson corpus and some other
/// corpus files shows each comment of the record at a step, a comment above
/// `trick N:` at that trick's first card and a card's comment at its card;
/// the table holds as many cards as the step has played.
#[test]
fn every_comment_appears_at_its_step() {
    let Some(b) = Browser::open("every_comment_appears_at_its_step", 1280, 800) else {
        return;
    };
    let dir = scratch("walk");
    let files = [
        "corpus/koenigrufen/02-caller-pagat.tarok",
        "corpus/french-tarot/30-revoke-follow-suit.tarok",
        "corpus/danish-tarok/11-session-of-three-deals.tarok",
        "corpus/skill7-tarock/01-rufer.tarok",
    ];
    for (i, file) in files.iter().chain(&LESSONS).enumerate() {
        lesson(file, &dir, &format!("w{i}.html"));
        b.goto(&dir.join(format!("w{i}.html")), "");
        let text = std::fs::read_to_string(crate::cli::root().join(file)).unwrap();
        let records: Vec<notation::Record> = notation::parse_str(&text)
            .into_iter()
            .map(|r| r.unwrap())
            .collect();
        let ids: Vec<String> = serde_json::from_value(b.js(
            "return Array.prototype.map.call(document.querySelectorAll('article.deal[data-tricks]'), function (a) { return a.id; })",
        ))
        .unwrap();
        assert_eq!(ids.len(), records.len(), "{file}: a deal per record");
        for (d, (record, id)) in records.iter().zip(&ids).enumerate() {
            let deal = (d + 1).to_string();
            let last = b
                .js_with(
                    "return parseInt(document.getElementById(arguments[0]).querySelector('.script').getAttribute('data-last'), 10)",
                    vec![json!(id)],
                )
                .as_u64()
                .unwrap();
            let mut mine: Vec<Vec<String>> = Vec::new();
            let next = b.find(&format!("#{id} .steps [data-go=\"next\"]"));
            for k in 0..=last {
                if k > 0 {
                    b.click_on(&next);
                }
                mine.push(serde_json::from_value(b.js_with(ROW, vec![json!(id)])).unwrap());
            }
            // The steps count up from 0, the result last.
            for (k, r) in mine.iter().enumerate() {
                assert_eq!(r[0], k.to_string(), "{file} deal {deal}");
            }
            assert_eq!(mine.last().unwrap()[1], "The result", "{file}");
            for r in &mine {
                if let Some(rest) = r[1].strip_prefix("Trick ") {
                    let card: usize = rest
                        .split("card ")
                        .nth(1)
                        .and_then(|c| c.split(' ').next())
                        .and_then(|c| c.parse().ok())
                        .unwrap();
                    assert_eq!(r[2], card.to_string(), "{file}: {}", r[1]);
                }
            }
            for (comment, at) in comments(record) {
                let shown: Vec<&Vec<String>> =
                    mine.iter().filter(|r| r[3].contains(&comment)).collect();
                assert!(
                    !shown.is_empty(),
                    "{file} deal {deal}: the comment `{comment}` is at no step"
                );
                if let Some((n, k)) = at {
                    let total = record.tricks.len();
                    let label = format!("Trick {n} of {total}: card {k} of");
                    assert!(
                        shown.iter().any(|r| r[1].starts_with(&label)),
                        "{file} deal {deal}: `{comment}` not at {label}"
                    );
                }
            }
        }
        silent(&b, file);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Where the deal `arguments[0]` was opened: its id, its step, the first
/// deal's step, where its stage is.
const OPENED: &str = r#"
var deal = document.getElementById(arguments[0]);
return "opened " + deal.id + " step=" + deal.getAttribute("data-step") +
  " first=" + document.querySelector("article.deal[data-tricks]").getAttribute("data-step") +
  " stage-top=" + Math.round(deal.querySelector(".stage").getBoundingClientRect().top);
"#;

/// The layout at the step shown by the deal `arguments[0]`, its stage
/// scrolled to the top of the window: a control (the comment panel, the
/// step bar) over a card, the step's words out of view, the page wider
/// than the window.
const MEASURE: &str = r#"
var deal = document.getElementById(arguments[0]), k = deal.getAttribute("data-step"), bad = [];
function overlap(a, b) { return a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1; }
deal.querySelector(".stage").scrollIntoView({ block: "start" });
var controls = Array.prototype.map.call(deal.querySelectorAll(".panel, .steps"), function (e) { return e.getBoundingClientRect(); });
deal.querySelectorAll(".felt .card").forEach(function (c) {
  if (c.offsetParent === null) { return; }
  var r = c.getBoundingClientRect();
  controls.forEach(function (p) { if (overlap(r, p)) { bad.push("step " + k + ": a control covers " + c.getAttribute("data-card")); } });
});
var on = deal.querySelector(".script .step.on");
var first = on.querySelector(".note, .said-now, p") || on;
// A result without a comment: its title heads the ledger, which may be
// longer than the window (a Danish session's pots).
if (on.querySelector("table.ledger") && !on.querySelector(".note, .said-now")) { first = on.firstElementChild || on; }
var r = first.getBoundingClientRect();
if (r.top < 0 || r.top > window.innerHeight - 10) { bad.push("step " + k + ": its words at " + Math.round(r.top)); }
return { bad: bad, overflow: document.scrollingElement.scrollWidth > window.innerWidth };
"#;

/// Opens `file#fragment` (a link to a moment) and checks where it opened;
/// then steps card by card from the first step to the last with the
/// deal's buttons: the layout problems found (on the projector), and
/// whether the page overflowed its width at any step.
fn open_and_measure(
    b: &Browser,
    file: &Path,
    fragment: &str,
    deal: &str,
) -> (String, Vec<String>, bool) {
    b.goto(file, fragment);
    let opened = b
        .js_with(OPENED, vec![json!(deal)])
        .as_str()
        .unwrap()
        .to_owned();
    let last = b
        .js_with(
            "return parseInt(document.getElementById(arguments[0]).querySelector('.script').getAttribute('data-last'), 10)",
            vec![json!(deal)],
        )
        .as_u64()
        .unwrap();
    b.click(&format!("#{deal} .steps [data-go=\"first\"]"));
    let (mut bad, mut overflow) = (Vec::new(), false);
    let next = b.find(&format!("#{deal} .steps [data-go=\"next\"]"));
    for k in 0..=last {
        if k > 0 {
            b.click_on(&next);
        }
        let m = b.js_with(MEASURE, vec![json!(deal)]);
        bad.extend(serde_json::from_value::<Vec<String>>(m["bad"].clone()).unwrap());
        overflow |= m["overflow"] == Value::Bool(true);
    }
    (opened, bad, overflow)
}

/// A link to a moment opens that deal at that step (here deal 3 of a
/// file of six); on a 1280×800 projector no control covers a card and the
/// step's words are in view at every step; at 390 wide nothing overflows.
#[test]
fn links_open_the_step_and_the_layout_fits() {
    let Some(b) = Browser::open("links_open_the_step_and_the_layout_fits", 1280, 800) else {
        return;
    };
    let dir = scratch("layout");
    lesson(
        "corpus/koenigrufen/10-worked-examples.tarok",
        &dir,
        "six.html",
    );
    lesson(
        "corpus/french-tarot/30-revoke-follow-suit.tarok",
        &dir,
        "fr.html",
    );
    let (a, bad, _) = open_and_measure(&b, &dir.join("six.html"), "#d3-step5", "deal-3");
    assert!(
        a.starts_with("opened deal-3 step=5 first=0 stage-top=0"),
        "{a}"
    );
    assert!(bad.is_empty(), "{a}: {}", bad.join("\n"));
    silent(&b, "six.html");
    let (o, bad, overflow) = open_and_measure(&b, &dir.join("fr.html"), "#d1-step30", "deal-1");
    assert!(o.starts_with("opened deal-1 step=30"), "{o}");
    assert!(bad.is_empty(), "{o}: {}", bad.join("\n"));
    assert!(!overflow, "{o}: the page overflows 1280 px");
    // Every lesson of the corpus on the projector.
    for (i, file) in LESSONS.iter().enumerate() {
        let deals = lesson(file, &dir, &format!("les{i}.html")).len();
        for d in 1..=deals {
            let (o, bad, overflow) = open_and_measure(
                &b,
                &dir.join(format!("les{i}.html")),
                "",
                &format!("deal-{d}"),
            );
            assert!(bad.is_empty(), "{file} {o}: {}", bad.join("\n"));
            assert!(!overflow, "{file} {o}: the page overflows 1280 px");
        }
        silent(&b, file);
    }
    b.viewport(390, 800);
    let (o, _, overflow) = open_and_measure(&b, &dir.join("fr.html"), "#d1-step30", "deal-1");
    assert!(o.starts_with("opened deal-1 step=30"), "{o}");
    assert!(!overflow, "the page fits a phone: {o}");
    for (i, file) in LESSONS.iter().enumerate() {
        let (o, _, overflow) =
            open_and_measure(&b, &dir.join(format!("les{i}.html")), "", "deal-1");
        assert!(!overflow, "{file} fits a phone: {o}");
    }
    silent(&b, "fr.html");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Printed (WebDriver's Print command, A4), each deal takes at most two
/// pages: no controls, the play as a table.
#[test]
fn printed_lesson_takes_two_pages_a_deal() {
    let Some(b) = Browser::open("printed_lesson_takes_two_pages_a_deal", 1280, 800) else {
        return;
    };
    let dir = scratch("print");
    let files = [
        "corpus/koenigrufen/02-caller-pagat.tarok",
        "corpus/french-tarot/01-guard.tarok",
        "corpus/french-tarot/30-revoke-follow-suit.tarok",
        "corpus/danish-tarok/11-session-of-three-deals.tarok",
        "corpus/skill7-tarock/01-rufer.tarok",
        "corpus/koenigrufen/10-worked-examples.tarok",
        "corpus/danish-tarok/01-declarations.tarok",
        "corpus/skill7-tarock/21-illegal-additions.tarok",
    ];
    for (i, file) in files.iter().chain(&LESSONS).enumerate() {
        let deals = lesson(file, &dir, &format!("p{i}.html")).len();
        b.goto(&dir.join(format!("p{i}.html")), "");
        let pages = pdf_pages(&b.print_a4());
        assert!(
            pages >= 1 && pages <= 2 * deals,
            "{file}: {pages} pages for {deals} deals"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The pages of a PDF: its `/Type /Page` objects.
pub fn pdf_pages(pdf: &[u8]) -> usize {
    let needle = b"/Type /Page";
    pdf.windows(needle.len() + 1)
        .filter(|w| w.starts_with(needle) && !w[needle.len()].is_ascii_alphanumeric())
        .count()
}

/// Without JavaScript the page is static and lists every trick, each with
/// its cards and its winner.
#[test]
fn lesson_page_is_self_contained_and_static() {
    let out = tarok(&[
        "explain",
        "--format",
        "html",
        "corpus/french-tarot/30-revoke-follow-suit.tarok",
    ]);
    assert_eq!(out.status.code(), Some(1), "a revoke is a finding");
    let html = stdout(&out);
    assert!(html.starts_with("<!DOCTYPE html>"));
    for outside in ["http://", "https://", "<link", "src=\"", "@import", "url("] {
        assert!(
            !html.contains(outside),
            "the page refers outside itself: {outside}"
        );
    }
    assert_eq!(html.matches("<li class=\"trick").count(), 18);
    // Each trick's winner in the list of tricks and at its last step.
    assert_eq!(html.matches("<p class=\"won\">").count(), 36);
    // The revoke: its card outlined in trick 2, its rule linked.
    let t2 = &html[html.find("id=\"d1-t2\"").unwrap()..html.find("id=\"d1-t3\"").unwrap()];
    assert!(
        t2.contains("class=\"card red bad\" data-card=\"H9\""),
        "{t2}"
    );
    assert!(t2.contains("href=\"#rule-FR-PLAY-2\""), "{t2}");
    // The rule's entry of the rules reference, on the page.
    let entry = &html[html
        .find("<dt id=\"rule-FR-PLAY-2\">")
        .expect("FR-PLAY-2 cited")..];
    let entry = &entry[..entry.find("</dd>").unwrap()];
    assert!(entry.contains("<b>Rule.</b>"), "{entry}");
    assert!(
        entry.contains("<code>tarok rules FR-PLAY-2</code>"),
        "{entry}"
    );
    // The ledger table, with each payment's rule, on a deal that pays.
    let paid = stdout(&tarok(&[
        "explain",
        "--format",
        "html",
        "corpus/french-tarot/01-guard.tarok",
    ]));
    assert!(paid.contains("<table class=\"ledger\">"));
    assert!(paid.contains("<a class=\"rule\" href=\"#rule-FR-SCORE-"));
}

/// Mistakes outside the tricks are marked at their step with ✗ and the
/// rule's text (an illegal skat, a false handful, a wrong call), and a
/// revoke's step shows the cards that were legal, as the engine says.
#[test]
fn mistakes_are_marked_at_their_step() {
    let step_of = |html: &str, phase: &str| -> String {
        let at = html
            .find(&format!("data-phase=\"{phase}\""))
            .unwrap_or_else(|| panic!("no {phase} step"));
        let rest = &html[at..];
        rest[..rest.find("<li class=\"step\"").unwrap()].to_string()
    };
    let skat = stdout(&tarok(&[
        "explain",
        "--format",
        "html",
        "corpus/danish-tarok/49-pagat-in-the-skat.tarok",
    ]));
    let discard = step_of(&skat, "discard");
    assert!(discard.contains("class=\"x\""), "{discard}");
    assert!(discard.contains("class=\"rule bad\""), "{discard}");
    let handful = stdout(&tarok(&[
        "explain",
        "--format",
        "html",
        "corpus/french-tarot/55-false-handful-cards-not-held.tarok",
    ]));
    let declared = step_of(&handful, "declarations");
    assert!(declared.contains("class=\"x\""), "{declared}");
    let revoke = stdout(&tarok(&[
        "explain",
        "--format",
        "html",
        "corpus/french-tarot/30-revoke-follow-suit.tarok",
    ]));
    let at = revoke
        .find("data-label=\"Trick 2 of 18: card 2 of 4\"")
        .unwrap();
    let step = &revoke[at..at + revoke[at..].find("<li class=\"step\"").unwrap()];
    assert!(step.contains("plays the 9 of hearts"), "{step}");
    let legal = &step[step.find("class=\"legal\"").expect("the legal cards")..];
    let cards: Vec<&str> = legal
        .split("data-card=\"")
        .skip(1)
        .map(|c| &c[..c.find('"').unwrap()])
        .collect();
    assert_eq!(cards, ["D10", "D3", "D2"], "{step}");
}

/// Every corpus file renders (the malformed ones too: their problems are
/// listed on the page, exit 2).
#[test]
fn every_corpus_file_renders_to_html() {
    for file in files_in("corpus", &["tarok"]) {
        let out = tarok(&["explain", "--format", "html", &file]);
        let code = out.status.code();
        let bad = file.starts_with("corpus/bad/");
        assert!(
            if bad {
                matches!(code, Some(1 | 2))
            } else {
                matches!(code, Some(0 | 1))
            },
            "{file}: exit {code:?}"
        );
        let html = stdout(&out);
        assert!(html.starts_with("<!DOCTYPE html>"), "{file}");
        assert!(html.trim_end().ends_with("</html>"), "{file}");
        assert!(html.contains("<article class=\"deal"), "{file}");
    }
}

/// Steps, pressing → as a person would, to the first quiz moment of the
/// first deal; returns the quiz's seat.
fn to_the_quiz(b: &Browser) -> String {
    let at = b
        .js("return parseInt(document.querySelector('.script .step[data-phase=quiz]').getAttribute('data-step'), 10)")
        .as_u64()
        .expect("a quiz step");
    for _ in 0..at {
        b.key(Key::Right);
    }
    b.wait_for(
        &format!("document.querySelector('article.deal[data-tricks]').getAttribute('data-step') === '{at}'"),
        "the quiz step shows",
    );
    b.js("return document.querySelector('.script .step.on .quiz').getAttribute('data-seat')")
        .as_str()
        .expect("the quiz step is on")
        .to_owned()
}

/// The quiz's answer after a click: `data-answer`, and whether the answer
/// shows.
const ANSWER: &str = r#"
var q = document.querySelector(".script .step.on .quiz");
return q.getAttribute("data-answer") + " shown=" + !q.querySelector(".answer").hidden;
"#;

/// A comment `{quiz: ...}` on a card asks the student, one step before the
/// card, to pick a card of the player's hand: the page answers legal or
/// not from the legal cards the lesson computed, then shows the card of the
/// record, the finding and the teacher's comment.
#[test]
fn a_quiz_answers_legal_or_not() {
    let Some(b) = Browser::open("a_quiz_answers_legal_or_not", 1280, 800) else {
        return;
    };
    let dir = scratch("quiz");
    let text = std::fs::read_to_string(
        crate::cli::root().join("corpus/french-tarot/30-revoke-follow-suit.tarok"),
    )
    .unwrap()
    .replace(
        "trick 2: DK H9 {revoke}",
        "trick 2: DK H9 {quiz: Diamonds were led. What may Dan play?} {revoke}",
    );
    let file = dir.join("quiz.tarok");
    std::fs::write(&file, text).unwrap();
    let out = tarok(&["explain", "--format", "html", file.to_str().unwrap()]);
    std::fs::write(dir.join("quiz.html"), stdout(&out)).unwrap();
    b.goto(&dir.join("quiz.html"), "");
    let seat = to_the_quiz(&b);
    let hand = format!("article.deal[data-tricks] .seat[data-seat=\"{seat}\"] .hand");
    let first = b.js_with(
        "return 'pile=' + document.querySelectorAll('article.deal[data-tricks] .pile .play').length + \
         ' played-in-hand=' + !!document.querySelector(arguments[0] + ' .card[data-card=\"H9\"]:not(.gone)')",
        vec![json!(hand)],
    );
    assert_eq!(first, "pile=1 played-in-hand=true");
    let mut lines = Vec::new();
    for code in ["H9", "D3"] {
        b.click(&format!("{hand} .card[data-card=\"{code}\"]"));
        lines.push(format!("{code} {}", b.js(ANSWER).as_str().unwrap()));
    }
    let answer = b
        .text(".script .step.on .quiz .answer")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let got = format!("{}\n{answer}", lines.join("\n"));
    assert_eq!(lines[0], "H9 illegal shown=true", "{got}");
    assert_eq!(lines[1], "D3 legal shown=true", "{got}");
    assert!(
        answer.contains("In the record Dan played the 9 of hearts"),
        "{got}"
    );
    assert!(answer.contains("FR-PLAY-2"), "{got}");
    assert!(answer.contains("revoke"), "{got}");
    silent(&b, "quiz.html");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every lesson of the corpus asks at least one quiz question; clicking a
/// card of the asked hand gets the page's verdict.
#[test]
fn every_corpus_lesson_asks_and_answers() {
    let Some(b) = Browser::open("every_corpus_lesson_asks_and_answers", 1280, 800) else {
        return;
    };
    let dir = scratch("quizzes");
    for (i, file) in LESSONS.iter().enumerate() {
        lesson(file, &dir, &format!("q{i}.html"));
        b.goto(&dir.join(format!("q{i}.html")), "");
        let seat = to_the_quiz(&b);
        let legal: Vec<String> = b
            .js("return document.querySelector('.script .step.on .quiz').getAttribute('data-legal').split(' ')")
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_owned())
            .collect();
        let hand: Vec<String> = serde_json::from_value(b.js_with(
            "return Array.prototype.map.call(document.querySelectorAll('article.deal[data-tricks] .seat[data-seat=\"' + arguments[0] + '\"] .hand .card:not(.gone)'), function (c) { return c.getAttribute('data-card'); })",
            vec![json!(seat)],
        ))
        .unwrap();
        let sel = |c: &str| {
            format!("article.deal[data-tricks] .seat[data-seat=\"{seat}\"] .hand .card[data-card=\"{c}\"]")
        };
        let ok = hand
            .iter()
            .find(|c| legal.contains(c))
            .expect("a legal card in hand");
        b.click(&sel(ok));
        assert_eq!(b.js(ANSWER), "legal shown=true", "{file}: {ok}");
        if let Some(no) = hand.iter().find(|c| !legal.contains(c)) {
            b.click(&sel(no));
            assert_eq!(b.js(ANSWER), "illegal shown=true", "{file}: {no}");
        }
        silent(&b, file);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A file of several deals opens with its contents, each deal linked at
/// its first step under the teacher's title (a record comment
/// `{chapter: ...}`), else its game and players.
#[test]
fn the_contents_list_the_chapters() {
    let dir = scratch("chapters");
    let one = std::fs::read_to_string(
        crate::cli::root().join("corpus/french-tarot/30-revoke-follow-suit.tarok"),
    )
    .unwrap();
    let file = dir.join("two.tarok");
    std::fs::write(&file, format!("{{chapter: Following suit}}\n{one}\n{one}")).unwrap();
    let html = stdout(&tarok(&[
        "explain",
        "--format",
        "html",
        file.to_str().unwrap(),
    ]));
    let contents = &html[html.find("<nav class=\"contents\">").expect("contents")..];
    let contents = &contents[..contents.find("</nav>").unwrap()];
    assert!(
        contents.contains("<li><a href=\"#d1-step0\">Deal 1</a>: Following suit</li>"),
        "{contents}"
    );
    assert!(
        contents.contains("<a href=\"#d2-step0\">Deal 2</a>: French Tarot"),
        "{contents}"
    );
    assert!(
        html.contains("<h2>Deal 1: Following suit <span"),
        "the chapter heads its deal"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--lang de`: the Königrufen lesson's page is German (`lang="de"`), its
/// step control, buttons and quiz speak German, and the quiz answers from
/// the legal cards the rules engine listed (Königrufen too).
#[test]
fn a_lesson_speaks_the_language_of_the_class() {
    let Some(b) = Browser::open("a_lesson_speaks_the_language_of_the_class", 1280, 800) else {
        return;
    };
    let dir = scratch("lang");
    let out = tarok(&[
        "explain",
        "--format",
        "html",
        "--lang",
        "de",
        "corpus/koenigrufen/90-lesson.tarok",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    std::fs::write(dir.join("de.html"), stdout(&out)).unwrap();
    b.goto(&dir.join("de.html"), "");
    let seat = to_the_quiz(&b);
    let deal = "article.deal[data-tricks]";
    let mut lines = vec![
        format!("lang={}", b.js("return document.documentElement.getAttribute('lang')").as_str().unwrap()),
        format!("label={}", b.text(&format!("{deal} .step-label"))),
        format!(
            "buttons={}",
            b.js("return Array.prototype.map.call(document.querySelector('article.deal[data-tricks]').querySelectorAll('.steps button'), function (b) { return b.textContent; }).join('|')")
                .as_str()
                .unwrap()
        ),
        format!("ask={}", b.text(".script .step.on .quiz .ask")),
        format!("heading={}", b.js("return document.querySelector('article.deal[data-tricks] h2').textContent").as_str().unwrap()),
    ];
    for code in ["S8", "T16"] {
        b.click(&format!(
            "{deal} .seat[data-seat=\"{seat}\"] .hand .card[data-card=\"{code}\"]"
        ));
        let said = b.js(
            "var q = document.querySelector('.script .step.on .quiz'); \
             return q.getAttribute('data-answer') + ' says=' + Array.prototype.filter.call(q.querySelectorAll('.answer p'), function (p) { \
               return window.getComputedStyle(p).display !== 'none' && /verdict/.test(p.className); \
             }).map(function (p) { return p.textContent; }).join('|')",
        );
        lines.push(format!("{code} {}", said.as_str().unwrap()));
    }
    silent(&b, "de.html");
    let got = lines.join("\n");
    assert_eq!(lines[0], "lang=de", "{got}");
    assert!(
        lines[1].starts_with("label=Schritt ")
            && lines[1].contains(" von ")
            && lines[1].contains(": Frage: Stich 3, Karte 2 von 4"),
        "{got}"
    );
    assert_eq!(lines[2], "buttons=«|◀ Zurück|Weiter ▶|»", "{got}");
    assert_eq!(
        lines[3], "ask=Klicke eine Karte aus der Hand von Gerti an.",
        "{got}"
    );
    assert!(lines[4].starts_with("heading=Spiel 1: "), "{got}");
    assert_eq!(lines[5], "S8 illegal says=Hier nicht erlaubt.", "{got}");
    assert_eq!(lines[6], "T16 legal says=Hier erlaubt.", "{got}");
    let _ = std::fs::remove_dir_all(&dir);
}
