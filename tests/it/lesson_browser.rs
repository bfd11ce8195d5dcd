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
    var current = deal.querySelectorAll(".tricks .trick.current").length;
    res.push(what + " step=" + deal.getAttribute("data-step") + " hand-cards=" + visible +
      " pile=" + pile + " current=" + current + " label=" + deal.querySelector(".step-label").textContent +
      " nav=" + !deal.querySelector(".steps").hidden);
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
  var se = d.scrollingElement;
  res.push("overflow=" + (se.scrollWidth > w.innerWidth));
  document.getElementById(out).textContent = res.join("\n");
}
function outline(f) {
  var d = f.contentDocument, lines = [];
  function walk(el, depth) {
    var tag = el.tagName.toLowerCase();
    if (tag === "svg" || tag === "script" || tag === "style") { return; }
    var line = "  ".repeat(depth) + tag;
    if (el.className && typeof el.className === "string") { line += "." + el.className.trim().split(/\s+/).join("."); }
    ["data-card", "data-seat", "data-pos", "data-out", "data-trick", "data-winner", "data-step", "data-go", "href", "id"].forEach(function (a) {
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
  walk(d.querySelector("article.deal"), 0);
  document.getElementById("outline").textContent = lines.join("\n");
}
"#;

/// The step control moves forward and back, with the keys and with the
/// buttons; the hands shrink as the cards are played; the page does not
/// overflow a phone's width; and the DOM after two steps is snapshotted.
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
<iframe id=\"a\" src=\"lesson.html\" width=\"1280\" height=\"900\" onload=\"run(this, 'out'); var d=this.contentDocument; d.dispatchEvent(new this.contentWindow.KeyboardEvent('keydown', {{key: 'ArrowRight', bubbles: true}})); d.dispatchEvent(new this.contentWindow.KeyboardEvent('keydown', {{key: 'ArrowRight', bubbles: true}})); outline(this)\"></iframe>
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
    let steps: Vec<String> = lines[1..12].iter().map(|l| field(l, "step")).collect();
    assert_eq!(
        steps,
        ["0", "1", "2", "1", "2", "1", "12", "12", "11", "0", "0"],
        "{out}"
    );
    let cards: Vec<usize> = lines[1..12]
        .iter()
        .map(|l| field(l, "hand-cards").parse().unwrap())
        .collect();
    // Four cards leave the hands with each trick.
    assert_eq!(cards[0], 48, "{out}");
    assert_eq!(cards[1], 44, "{out}");
    assert_eq!(cards[2], 40, "{out}");
    assert_eq!(cards[3], 44, "{out}");
    assert_eq!(cards[6], 0, "{out}");
    assert_eq!(cards[8], 4, "{out}");
    assert_eq!(cards[9], 48, "{out}");
    let piles: Vec<String> = lines[1..12].iter().map(|l| field(l, "pile")).collect();
    assert_eq!(piles[0], "0", "before the play the table is empty: {out}");
    assert!(piles[1..9].iter().all(|p| p == "4"), "{out}");
    assert!(lines[2].contains("label=Trick 1 of 12"), "{out}");
    assert!(
        lines[1].contains("nav=true"),
        "the step control shows: {out}"
    );
    assert_eq!(lines[12], "overflow=false", "{out}");
    let phone = pre(&seen.dom, "phone");
    assert!(
        phone.ends_with("overflow=false"),
        "the page fits a phone: {phone}"
    );
    insta::assert_snapshot!("lesson_dom", pre(&seen.dom, "outline"));
    let _ = std::fs::remove_dir_all(&dir);
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
    assert_eq!(html.matches("<p class=\"won\">").count(), 18);
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
