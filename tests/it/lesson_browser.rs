//! The lesson page (`tarok explain --format html`) in a real browser:
//! Debian's headless `chromium` (`.ci/run` installs it where missing; set
//! `CHROMIUM` to use another binary). Without it these tests fail, unless
//! `TAROK_SKIP_BROWSER=1` skips them (and says so).
//!
//! The browser is driven without any dependency: a wrapper page next to the
//! lesson loads it in an iframe (`--allow-file-access-from-files` lets the
//! wrapper reach into it), presses keys and buttons, and writes what it saw
//! into its own DOM, which `--dump-dom` prints. Console messages (errors,
//! uncaught exceptions) come out on stderr with `--enable-logging=stderr`.

use std::path::{Path, PathBuf};

use crate::cli::{files_in, stderr, stdout, tarok};

/// A fresh directory under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tarok-lesson-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn chromium() -> String {
    std::env::var("CHROMIUM").unwrap_or_else(|_| "chromium".to_string())
}

/// What the browser printed: the DOM after the page's load event, and
/// the console messages it logged.
pub struct Browsed {
    pub dom: String,
    pub console: Vec<String>,
}

/// Opens `page` in headless Chromium and returns its DOM after load.
pub fn browse(page: &Path, width: u32, height: u32) -> Browsed {
    let profile = page.with_extension("profile");
    let flags = [
        "--allow-file-access-from-files".to_string(),
        "--enable-logging=stderr".to_string(),
        "--v=0".to_string(),
        "--virtual-time-budget=10000".to_string(),
        format!("--window-size={width},{height}"),
        "--dump-dom".to_string(),
    ];
    let out = crate::browser::run_headless(chromium(), &profile, &flags, page)
        .unwrap_or_else(|e| {
            panic!(
                "cannot run `{}` ({e}): install Debian's chromium (apt-get install -y chromium) or set CHROMIUM",
                chromium()
            )
        });
    let _ = std::fs::remove_dir_all(&profile);
    let console = String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter(|l| l.contains(":CONSOLE"))
        .map(str::to_owned)
        .collect();
    Browsed {
        dom: String::from_utf8_lossy(&out.stdout).into_owned(),
        console,
    }
}

/// The text of the element `<pre id="{id}">` of a dumped DOM, unescaped.
fn pre(dom: &str, id: &str) -> String {
    let open = format!("<pre id=\"{id}\">");
    let start = dom
        .find(&open)
        .unwrap_or_else(|| panic!("no #{id} in the DOM:\n{dom}"))
        + open.len();
    let end = start + dom[start..].find("</pre>").expect("</pre>");
    dom[start..end]
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
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

const FRAME_SCRIPT: &str = r#"
function tricksShown(d) {
  return Array.prototype.map.call(d.querySelectorAll("article.deal[data-tricks]"), function (a) {
    return a.querySelectorAll(".tricks > .trick").length + "/" + a.getAttribute("data-tricks");
  }).join(" ");
}
"#;

/// Every corpus file's lesson loads in Chromium without a console message,
/// and shows as many tricks as its records hold.
#[test]
fn every_corpus_lesson_loads_in_chromium() {
    if crate::browser::skipped("every_corpus_lesson_loads_in_chromium") {
        return;
    }
    let dir = scratch("corpus");
    let files: Vec<String> = files_in("corpus", &["tarok"])
        .into_iter()
        .filter(|f| !f.starts_with("corpus/bad/"))
        .collect();
    assert!(files.len() > 100, "the corpus holds {} files", files.len());
    let mut frames = String::new();
    let mut expected = Vec::new();
    for (i, file) in files.iter().enumerate() {
        let name = format!("l{i}.html");
        let tricks = lesson(file, &dir, &name);
        let shown: Vec<String> = tricks.iter().map(|t| format!("{t}/{t}")).collect();
        expected.push(format!("{name} {}", shown.join(" ")));
        frames.push_str(&format!(
            "<iframe src=\"{name}\" width=\"800\" height=\"300\" onload=\"seen(this)\"></iframe>\n"
        ));
    }
    let wrapper = format!(
        "<!DOCTYPE html><html><body><pre id=\"out\"></pre><script>{FRAME_SCRIPT}
var lines = [];
function seen(f) {{
  var d = f.contentDocument;
  lines.push(f.getAttribute('src') + ' ' + tricksShown(d));
  document.getElementById('out').textContent = lines.sort().join('\\n');
}}
</script>{frames}</body></html>"
    );
    let page = dir.join("wrapper.html");
    std::fs::write(&page, wrapper).unwrap();
    let seen = browse(&page, 1000, 800);
    assert!(
        seen.console.is_empty(),
        "console messages:\n{}",
        seen.console.join("\n")
    );
    let mut got: Vec<String> = pre(&seen.dom, "out").lines().map(str::to_owned).collect();
    got.sort();
    expected.sort();
    assert_eq!(
        got, expected,
        "tricks shown / tricks in the record, per page"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

const STEP_SCRIPT: &str = r#"
function run(f, out) {
  var w = f.contentWindow, d = f.contentDocument, res = [];
  var deal = d.querySelector("article.deal[data-tricks]");
  function key(k) { d.dispatchEvent(new w.KeyboardEvent("keydown", { key: k, bubbles: true })); }
  function click(go) { deal.querySelector('.steps [data-go="' + go + '"]').click(); }
  function state(what) {
    var visible = deal.querySelectorAll(".hand .card:not(.gone)").length;
    var pile = deal.querySelectorAll(".pile .play").length;
    res.push(what + " step=" + deal.getAttribute("data-step") + " hand-cards=" + visible +
      " pile=" + pile + " hash=" + w.location.hash + " nav=" + !deal.querySelector(".steps").hidden +
      " label=" + deal.querySelector(".step-label").textContent);
  }
  res.push("tricks=" + deal.querySelectorAll(".tricks > .trick").length + " of " + deal.getAttribute("data-tricks"));
  state("load");
  key("ArrowRight"); state("right");
  key("ArrowRight"); state("right");
  key("ArrowLeft"); state("left");
  click("next"); state("next");
  click("prev"); state("prev");
  key("End"); state("end");
  key("ArrowRight"); state("right");
  click("prev"); state("prev");
  key("Home"); state("home");
  key("ArrowLeft"); state("left");
  deal.querySelector(".steps input.by-card").click();
  deal.show(20, true); state("coarse-from");
  key("ArrowRight"); state("coarse-right");
  key("ArrowRight"); state("coarse-right");
  key("ArrowLeft"); state("coarse-left");
  var se = d.scrollingElement;
  res.push("overflow=" + (se.scrollWidth > w.innerWidth));
  document.getElementById(out).textContent = res.join("\n");
}
function outline(f) {
  var d = f.contentDocument, lines = [];
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
  walk(d.querySelector("article.deal .stage"), 0);
  document.getElementById("outline").textContent = lines.join("\n");
}
"#;

/// The step control moves forward and back, with the keys and with the
/// buttons, card by card and (unticked) trick by trick; the hands shrink
/// as the cards are played; the address follows the step; the page does
/// not overflow a phone's width; and the stage after two steps is
/// snapshotted.
#[test]
fn lesson_step_control_moves_forward_and_back() {
    if crate::browser::skipped("lesson_step_control_moves_forward_and_back") {
        return;
    }
    let dir = scratch("steps");
    let file = "corpus/koenigrufen/02-caller-pagat.tarok";
    let tricks = lesson(file, &dir, "lesson.html");
    assert_eq!(tricks, vec![12]);
    let wrapper = format!(
        "<!DOCTYPE html><html><body><pre id=\"out\"></pre><pre id=\"phone\"></pre><pre id=\"outline\"></pre>
<script>{STEP_SCRIPT}</script>
<iframe id=\"a\" src=\"lesson.html\" width=\"1280\" height=\"900\" onload=\"run(this, 'out'); var d=this.contentDocument; d.querySelector('article.deal').show(0); d.dispatchEvent(new this.contentWindow.KeyboardEvent('keydown', {{key: 'ArrowRight', bubbles: true}})); d.dispatchEvent(new this.contentWindow.KeyboardEvent('keydown', {{key: 'ArrowRight', bubbles: true}})); outline(this)\"></iframe>
<iframe id=\"b\" src=\"lesson.html\" width=\"390\" height=\"800\" onload=\"run(this, 'phone')\"></iframe>
</body></html>"
    );
    let page = dir.join("wrapper.html");
    std::fs::write(&page, wrapper).unwrap();
    let seen = browse(&page, 1400, 1000);
    assert!(
        seen.console.is_empty(),
        "console messages:\n{}",
        seen.console.join("\n")
    );
    let out = pre(&seen.dom, "out");
    let lines: Vec<&str> = out.lines().collect();
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
    let phone = pre(&seen.dom, "phone");
    assert!(
        phone.ends_with("overflow=false"),
        "the page fits a phone: {phone}"
    );
    insta::assert_snapshot!("lesson_dom", pre(&seen.dom, "outline"));
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
        for i in &h.cards {
            add(&i.comments, None);
        }
    }
    if let Some(t) = &record.talon {
        add(&t.comments, None);
        for i in &t.cards {
            add(&i.comments, None);
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
        for i in d.cards.iter().chain(&d.shown) {
            add(&i.comments, None);
        }
    }
    for (n, t) in record.tricks.iter().enumerate() {
        add(&t.comments, Some((n + 1, 1)));
        for (k, i) in t.plays.iter().enumerate() {
            add(&i.comments, Some((n + 1, k + 1)));
        }
    }
    if let Some(c) = &record.claim {
        add(&c.comments, None);
    }
    add(&record.trailing, None);
    all.retain(|(c, _)| !c.is_empty());
    all
}

const WALK_SCRIPT: &str = r#"
function walk(f, out) {
  var w = f.contentWindow, d = f.contentDocument, res = [];
  d.querySelectorAll("article.deal[data-tricks]").forEach(function (deal, i) {
    var last = parseInt(deal.querySelector(".script").getAttribute("data-last"), 10);
    for (var k = 0; k <= last; k++) {
      deal.show(k);
      var on = deal.querySelector(".script .step.on");
      var text = on.textContent.replace(/\s+/g, " ").trim();
      res.push((i + 1) + "\t" + deal.getAttribute("data-step") + "\t" + on.getAttribute("data-label") + "\t" +
        deal.querySelectorAll(".pile .play").length + "\t" + text);
    }
  });
  document.getElementById(out).textContent = res.join("\n");
}
"#;

/// Stepping card by card through every phase of every deal of some corpus
/// files shows each comment of the record at a step, a comment above
/// `trick N:` at that trick's first card and a card's comment at its card;
/// the table holds as many cards as the step has played.
#[test]
fn every_comment_appears_at_its_step() {
    let dir = scratch("walk");
    let files = [
        "corpus/koenigrufen/02-caller-pagat.tarok",
        "corpus/french-tarot/30-revoke-follow-suit.tarok",
        "corpus/danish-tarok/11-session-of-three-deals.tarok",
        "corpus/skill7-tarock/01-rufer.tarok",
    ];
    let mut frames = String::new();
    for (i, file) in files.iter().enumerate() {
        lesson(file, &dir, &format!("w{i}.html"));
        frames.push_str(&format!(
            "<pre id=\"o{i}\"></pre><iframe src=\"w{i}.html\" width=\"1280\" height=\"800\" onload=\"walk(this, 'o{i}')\"></iframe>\n"
        ));
    }
    let page = dir.join("wrapper.html");
    std::fs::write(
        &page,
        format!("<!DOCTYPE html><html><body><script>{WALK_SCRIPT}</script>{frames}</body></html>"),
    )
    .unwrap();
    let seen = browse(&page, 1400, 1000);
    assert!(seen.console.is_empty(), "{}", seen.console.join("\n"));
    for (i, file) in files.iter().enumerate() {
        let got = pre(&seen.dom, &format!("o{i}"));
        let rows: Vec<Vec<&str>> = got.lines().map(|l| l.split('\t').collect()).collect();
        let text = std::fs::read_to_string(crate::cli::root().join(file)).unwrap();
        let records: Vec<notation::Record> = notation::parse_str(&text)
            .into_iter()
            .map(|r| r.unwrap())
            .collect();
        for (d, record) in records.iter().enumerate() {
            let deal = (d + 1).to_string();
            let mine: Vec<&Vec<&str>> = rows.iter().filter(|r| r[0] == deal).collect();
            assert!(!mine.is_empty(), "{file} deal {deal}: no steps");
            // The steps count up from 0, the result last.
            for (k, r) in mine.iter().enumerate() {
                assert_eq!(r[1], k.to_string(), "{file} deal {deal}");
            }
            assert_eq!(mine.last().unwrap()[2], "The result", "{file}");
            for r in &mine {
                if let Some(rest) = r[2].strip_prefix("Trick ") {
                    let card: usize = rest
                        .split("card ")
                        .nth(1)
                        .and_then(|c| c.split(' ').next())
                        .and_then(|c| c.parse().ok())
                        .unwrap();
                    assert_eq!(r[3], card.to_string(), "{file}: {}", r[2]);
                }
            }
            for (comment, at) in comments(record) {
                let shown: Vec<&&Vec<&str>> =
                    mine.iter().filter(|r| r[4].contains(&comment)).collect();
                assert!(
                    !shown.is_empty(),
                    "{file} deal {deal}: the comment `{comment}` is at no step"
                );
                if let Some((n, k)) = at {
                    let total = record.tricks.len();
                    let label = format!("Trick {n} of {total}: card {k} of");
                    assert!(
                        shown.iter().any(|r| r[2].starts_with(&label)),
                        "{file} deal {deal}: `{comment}` not at {label}"
                    );
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

const LAYOUT_SCRIPT: &str = r#"
function layout(f, out) {
  var w = f.contentWindow, d = f.contentDocument, res = [];
  var deal = d.getElementById("deal-3") || d.querySelector("article.deal[data-tricks]");
  res.push("opened " + deal.id + " step=" + deal.getAttribute("data-step") +
    " first=" + d.querySelector("article.deal[data-tricks]").getAttribute("data-step") +
    " stage-top=" + Math.round(deal.querySelector(".stage").getBoundingClientRect().top));
  function overlap(a, b) { return a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1; }
  var last = parseInt(deal.querySelector(".script").getAttribute("data-last"), 10);
  var bad = [];
  for (var k = 0; k <= last; k++) {
    deal.show(k);
    deal.querySelector(".stage").scrollIntoView({ block: "start" });
    var controls = Array.prototype.map.call(deal.querySelectorAll(".panel, .steps"), function (e) { return e.getBoundingClientRect(); });
    deal.querySelectorAll(".felt .card").forEach(function (c) {
      if (c.offsetParent === null) { return; }
      var r = c.getBoundingClientRect();
      controls.forEach(function (p) { if (overlap(r, p)) { bad.push("step " + k + ": a control covers " + c.getAttribute("data-card")); } });
    });
    var on = deal.querySelector(".script .step.on");
    var first = on.querySelector(".note, .said-now, p") || on;
    var r = first.getBoundingClientRect();
    if (r.top < 0 || r.top > w.innerHeight - 10) { bad.push("step " + k + ": its words at " + Math.round(r.top)); }
  }
  res.push("problems=" + bad.length);
  res = res.concat(bad.slice(0, 10));
  res.push("overflow=" + (d.scrollingElement.scrollWidth > w.innerWidth));
  document.getElementById(out).textContent = res.join("\n");
}
"#;

/// A link to a moment opens that deal at that step (here deal 3 of a
/// file of six); on a 1280×800 projector no control covers a card and the
/// step's words are in view at every step; at 390 wide nothing overflows.
#[test]
fn links_open_the_step_and_the_layout_fits() {
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
    let wrapper = format!(
        "<!DOCTYPE html><html><body><pre id=\"a\"></pre><pre id=\"b\"></pre><pre id=\"c\"></pre><script>{LAYOUT_SCRIPT}</script>
<iframe src=\"six.html#d3-step5\" width=\"1280\" height=\"800\" onload=\"layout(this, 'a')\"></iframe>
<iframe src=\"fr.html#d1-step30\" width=\"1280\" height=\"800\" onload=\"layout(this, 'b')\"></iframe>
<iframe src=\"fr.html#d1-step30\" width=\"390\" height=\"800\" onload=\"layout(this, 'c')\"></iframe>
</body></html>"
    );
    let page = dir.join("wrapper.html");
    std::fs::write(&page, wrapper).unwrap();
    let seen = browse(&page, 1400, 1000);
    assert!(seen.console.is_empty(), "{}", seen.console.join("\n"));
    let a = pre(&seen.dom, "a");
    assert!(
        a.starts_with("opened deal-3 step=5 first=0 stage-top=0"),
        "{a}"
    );
    assert!(a.contains("problems=0"), "{a}");
    let b = pre(&seen.dom, "b");
    assert!(b.starts_with("opened deal-1 step=30"), "{b}");
    assert!(b.contains("problems=0"), "{b}");
    assert!(b.ends_with("overflow=false"), "{b}");
    let c = pre(&seen.dom, "c");
    assert!(c.ends_with("overflow=false"), "the page fits a phone: {c}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Printed (Chromium's `--print-to-pdf`), each deal takes at most two A4
/// pages: no controls, the play as a table.
#[test]
fn printed_lesson_takes_two_pages_a_deal() {
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
    for (i, file) in files.iter().enumerate() {
        let deals = lesson(file, &dir, &format!("p{i}.html")).len();
        let html = dir.join(format!("p{i}.html"));
        let pdf = dir.join(format!("p{i}.pdf"));
        let profile = dir.join(format!("p{i}.profile"));
        let flags = [
            "--no-pdf-header-footer".to_string(),
            format!("--print-to-pdf={}", pdf.display()),
        ];
        crate::browser::run_headless(chromium(), &profile, &flags, &html).expect("chromium runs");
        let bytes = std::fs::read(&pdf).unwrap_or_else(|e| panic!("{file}: no PDF ({e})"));
        let pages = pdf_pages(&bytes);
        assert!(
            pages >= 1 && pages <= 2 * deals,
            "{file}: {pages} pages for {deals} deals"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The pages of a PDF: its `/Type /Page` objects.
fn pdf_pages(pdf: &[u8]) -> usize {
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

const QUIZ_SCRIPT: &str = r#"
function quiz(f) {
  var d = f.contentDocument, res = [];
  var deal = d.querySelector("article.deal[data-tricks]");
  var step = d.querySelector(".script .step[data-phase=quiz]");
  deal.show(parseInt(step.getAttribute("data-step"), 10));
  var q = step.querySelector(".quiz");
  res.push("pile=" + deal.querySelectorAll(".pile .play").length + " played-in-hand=" +
    !!deal.querySelector('.seat[data-seat="' + q.getAttribute("data-seat") + '"] .hand .card[data-card="H9"]:not(.gone)'));
  ["H9", "D3"].forEach(function (code) {
    deal.querySelector('.seat[data-seat="' + q.getAttribute("data-seat") + '"] .hand .card[data-card="' + code + '"]').click();
    res.push(code + " " + q.getAttribute("data-answer") + " shown=" + !q.querySelector(".answer").hidden);
  });
  res.push(q.querySelector(".answer").textContent.replace(/\s+/g, " "));
  document.getElementById("quiz").textContent = res.join("\n");
}
"#;

/// A comment `{quiz: ...}` on a card asks the student, one step before the
/// card, to pick a card of the player's hand: the page answers legal or
/// not from the legal cards the lesson computed, then shows the card of the
/// record, the finding and the teacher's comment.
#[test]
fn a_quiz_answers_legal_or_not() {
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
    let page = dir.join("wrapper.html");
    std::fs::write(
        &page,
        format!("<!DOCTYPE html><html><body><pre id=\"quiz\"></pre><script>{QUIZ_SCRIPT}</script><iframe src=\"quiz.html\" width=\"1280\" height=\"800\" onload=\"quiz(this)\"></iframe></body></html>"),
    )
    .unwrap();
    let seen = browse(&page, 1400, 1000);
    assert!(seen.console.is_empty(), "{}", seen.console.join("\n"));
    let got = pre(&seen.dom, "quiz");
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(lines[0], "pile=1 played-in-hand=true", "{got}");
    assert_eq!(lines[1], "H9 illegal shown=true", "{got}");
    assert_eq!(lines[2], "D3 legal shown=true", "{got}");
    assert!(
        lines[3].contains("In the record Dan played the 9 of hearts"),
        "{got}"
    );
    assert!(lines[3].contains("FR-PLAY-2"), "{got}");
    assert!(lines[3].contains("revoke"), "{got}");
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

const LANG_SCRIPT: &str = r#"
function speak(f) {
  var d = f.contentDocument, w = f.contentWindow, res = [];
  res.push("lang=" + d.documentElement.getAttribute("lang"));
  var deal = d.querySelector("article.deal[data-tricks]");
  var step = deal.querySelector(".script .step[data-phase=quiz]");
  deal.show(parseInt(step.getAttribute("data-step"), 10));
  res.push("label=" + deal.querySelector(".step-label").textContent);
  res.push("buttons=" + Array.prototype.map.call(deal.querySelectorAll(".steps button"), function (b) { return b.textContent; }).join("|"));
  var q = step.querySelector(".quiz");
  res.push("ask=" + q.querySelector(".ask").textContent);
  res.push("heading=" + deal.querySelector("h2").textContent);
  ["S8", "T16"].forEach(function (code) {
    deal.querySelector('.seat[data-seat="' + q.getAttribute("data-seat") + '"] .hand .card[data-card="' + code + '"]').click();
    var said = Array.prototype.filter.call(q.querySelectorAll(".answer p"), function (p) {
      return w.getComputedStyle(p).display !== "none" && /verdict/.test(p.className);
    }).map(function (p) { return p.textContent; }).join("|");
    res.push(code + " " + q.getAttribute("data-answer") + " says=" + said);
  });
  document.getElementById("lang").textContent = res.join("\n");
}
"#;

/// `--lang de`: the Königrufen lesson's page is German (`lang="de"`), its
/// step control, buttons and quiz speak German, and the quiz answers from
/// the legal cards the rules engine listed (Königrufen too).
#[test]
fn a_lesson_speaks_the_language_of_the_class() {
    if crate::browser::skipped("a_lesson_speaks_the_language_of_the_class") {
        return;
    }
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
    let page = dir.join("wrapper.html");
    std::fs::write(
        &page,
        format!("<!DOCTYPE html><html><body><pre id=\"lang\"></pre><script>{LANG_SCRIPT}</script><iframe src=\"de.html\" width=\"1280\" height=\"800\" onload=\"speak(this)\"></iframe></body></html>"),
    )
    .unwrap();
    let seen = browse(&page, 1400, 1000);
    assert!(seen.console.is_empty(), "{}", seen.console.join("\n"));
    let got = pre(&seen.dom, "lang");
    let lines: Vec<&str> = got.lines().collect();
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
