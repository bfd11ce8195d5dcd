//! The HTML report in a real headless browser (Debian's `chromium`, driven
//! through WebDriver by its `chromedriver`: `tests/it/webdriver.rs`): the
//! page loads without a console message, its tables hold the rows the JSON
//! form holds, it fits 1280 and 390 px with no table clipped and no id
//! twice, and it prints.
//!
//! Without `chromium` or `chromedriver` on the PATH the browser tests fail, unless
//! `TAROK_SKIP_BROWSER=1` is set: then they say that they skipped and pass
//! (a newcomer's machine without a browser; README.md, "Set up").

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::cli::stdout;
use crate::report::{generated_sessions, report_json, tarok_in, CORPUS};
use crate::webdriver::Browser;

/// The browser, if there is one.
pub fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser"] {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    None
}

/// Whether the browser tests are skipped (`TAROK_SKIP_BROWSER=1`): said
/// on standard error, so a skipped test never reads as a browser's pass.
pub fn skipped(test: &str) -> bool {
    let skip = std::env::var_os("TAROK_SKIP_BROWSER").is_some_and(|v| v == "1");
    if skip {
        eprintln!("skipped: {test} (TAROK_SKIP_BROWSER=1: no browser run)");
    }
    skip
}

/// The flags that make headless Chromium work in a container.
const HEADLESS_FLAGS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// Runs headless Chromium (`browser`) on a local file with the flags that
/// work in a container and the profile directory `profile`; `extra` are
/// further flags (`--screenshot=...`). Returns what the process gave
/// back, or why it could not start.
pub fn run_headless<S: AsRef<OsStr>>(
    browser: impl AsRef<OsStr>,
    profile: &Path,
    extra: &[S],
    file: &Path,
) -> std::io::Result<Output> {
    Command::new(browser)
        .args(HEADLESS_FLAGS)
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(format!("file://{}", file.display()))
        .output()
}

/// The rows of the table `#id` as the browser lays it out: `(body rows,
/// foot rows)`.
fn rows(b: &Browser, id: &str) -> (usize, usize) {
    let got = b.js_with(
        "var t = document.getElementById(arguments[0]); \
         if (!t || t.tagName !== 'TABLE') { return null; } \
         return [t.querySelectorAll(':scope > tbody > tr').length, t.querySelectorAll(':scope > tfoot > tr').length];",
        vec![serde_json::json!(id)],
    );
    assert!(!got.is_null(), "the page has no table {id}");
    (
        got[0].as_u64().unwrap() as usize,
        got[1].as_u64().unwrap() as usize,
    )
}

fn len(v: &Value) -> usize {
    v.as_array().map_or(0, Vec::len)
}

/// Every table of the page against the JSON form of the same report.
fn check_page(dir: &Path, paths: &[&str], name: &str) {
    let Some(b) = Browser::open(&format!("the HTML report of {name} in chromium"), 1280, 800)
    else {
        return;
    };
    let mut args = vec!["report", "--format", "html"];
    args.extend(paths);
    let out = tarok_in(dir, &args);
    let html = stdout(&out);
    // Self-contained: nothing fetched, no script.
    for outside in ["<script", "<link", "src=", "url(", "@import"] {
        assert!(!html.contains(outside), "the page has {outside}");
    }
    let file =
        std::env::temp_dir().join(format!("tarok-report-{name}-{}.html", std::process::id()));
    std::fs::write(&file, &html).unwrap();
    b.goto(&file, "");
    std::fs::remove_file(&file).unwrap();
    assert_eq!(
        b.text("h1"),
        "Tournament director's report",
        "the page loads"
    );
    let said = b.console();
    assert!(said.is_empty(), "console messages:\n{}", said.join("\n"));
    let sheet = report_json(dir, paths);
    let ir = &sheet["irregularities"];
    if len(&ir["rows"]) > 0 {
        assert_eq!(rows(&b, "irregularities"), (len(&ir["rows"]), 0));
        assert_eq!(rows(&b, "findings-per-kind").0, len(&ir["by_kind"]));
        // A score-sheet error names no player: the table may be empty.
        if len(&ir["by_player"]) > 0 {
            assert_eq!(rows(&b, "findings-per-player").0, len(&ir["by_player"]));
        }
    } else {
        assert!(b
            .js("return document.querySelector('table#irregularities') === null")
            .as_bool()
            .unwrap());
    }
    let parties: usize = sheet["claims"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| len(&c["parties"]))
        .sum();
    if parties > 0 {
        assert_eq!(rows(&b, "claims").0, parties);
    }
    let standings = &sheet["standings"];
    let mut tables = 0;
    for (i, s) in standings["sessions"].as_array().unwrap().iter().enumerate() {
        if len(&s["players"]) == 0 {
            continue;
        }
        let pots = if s["pots"].is_null() { 0 } else { 2 };
        assert_eq!(
            rows(&b, &format!("session-{}", i + 1)),
            (len(&s["players"]), pots + 1),
            "session {}",
            s["session"]
        );
        tables += 1;
    }
    for o in standings["overall"].as_array().unwrap() {
        let id = format!("overall-{}", o["variant"].as_str().unwrap());
        assert_eq!(rows(&b, &id).0, len(&o["players"]), "{id}");
        tables += 1;
    }
    for (i, board) in sheet["boards"].as_array().unwrap().iter().enumerate() {
        assert_eq!(
            rows(&b, &format!("board-{}", i + 1)),
            (len(&board["tables"]), 1)
        );
        tables += 1;
    }
    for (i, t) in sheet["tables"].as_array().unwrap().iter().enumerate() {
        if len(&t["deals"]) > 0 {
            assert_eq!(rows(&b, &format!("table-{}", i + 1)), (len(&t["deals"]), 1));
        }
    }
    if len(&sheet["lineup"]) > 0 {
        assert_eq!(rows(&b, "lineup").0, len(&sheet["lineup"]));
    }
    if len(&sheet["rulings"]) > 0 {
        assert_eq!(rows(&b, "rulings").0, len(&sheet["rulings"]));
    }
    assert!(tables > 0, "{name}: no standings");
}

#[test]
fn html_report_of_the_corpus_in_chromium() {
    check_page(&crate::cli::root(), &CORPUS, "corpus");
}

#[test]
fn html_report_of_the_club_night_in_chromium() {
    check_page(&crate::cli::root(), &["tests/director/club"], "club");
}

#[test]
fn html_report_of_generated_sessions_in_chromium() {
    let dir = generated_sessions("html");
    check_page(&dir, &["sessions"], "generated");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Measures the report page shown: whether the page fits its window,
/// the ids used more than once, each table box's scroll width against
/// its client width, and the number of tables.
const FIT: &str = r#"
var se = document.scrollingElement, res = [];
res.push("page " + (se.scrollWidth <= se.clientWidth ? "fits" : "overflows " + se.scrollWidth + ">" + se.clientWidth));
var ids = {}, dup = [];
Array.prototype.forEach.call(document.querySelectorAll("[id]"), function (e) {
  if (ids[e.id]) { dup.push(e.id); }
  ids[e.id] = true;
});
res.push("duplicate ids: [" + dup.join(" ") + "]");
var clipped = [];
Array.prototype.forEach.call(document.querySelectorAll("div.scroll"), function (b) {
  if (b.scrollWidth > b.clientWidth + 1) { clipped.push(b.querySelector("table").id + " " + b.scrollWidth + ">" + b.clientWidth); }
});
res.push("clipped tables: [" + clipped.join(", ") + "]");
res.push("tables " + document.querySelectorAll("table").length);
return res.join("; ");
"#;

/// The handout of the club night and of the line-up fixture at a desktop's
/// 1280 px and a phone's 390 px: no table wider than its page (every wide
/// table a card list on the phone), no id twice.
#[test]
fn html_report_fits_1280_and_390_px_with_unique_ids() {
    let Some(b) = Browser::open(
        "html_report_fits_1280_and_390_px_with_unique_ids",
        1280,
        800,
    ) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("tarok-report-fit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let root = crate::cli::root();
    let mut measured = 0;
    for (name, path) in [
        ("club", "tests/director/club"),
        ("lineup", "tests/director/lineup"),
    ] {
        let out = tarok_in(&root, &["report", "--format", "html", path]);
        let file = dir.join(format!("{name}.html"));
        std::fs::write(&file, stdout(&out)).unwrap();
        for width in [1280, 390] {
            b.viewport(width, 800);
            b.goto(&file, "");
            let line = format!("{name} {width}: {}", b.js(FIT).as_str().unwrap());
            assert!(line.contains("page fits"), "{line}");
            assert!(line.contains("duplicate ids: []"), "{line}");
            assert!(line.contains("clipped tables: []"), "{line}");
            assert!(!line.contains("tables 0"), "{line}");
            measured += 1;
        }
    }
    assert_eq!(measured, 4, "every page measured");
    let said = b.console();
    assert!(said.is_empty(), "console messages:\n{}", said.join("\n"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The handout printed (WebDriver's Print command, A4): a PDF whose
/// per-table score sheets each start a page (`break-before: page` in the
/// page's print style), so it has at least as many pages as sheets.
#[test]
fn html_report_prints_to_pdf() {
    let Some(b) = Browser::open("html_report_prints_to_pdf", 1280, 800) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("tarok-report-print-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = tarok_in(
        &crate::cli::root(),
        &["report", "--format", "html", "tests/director/club"],
    );
    let file = dir.join("club.html");
    std::fs::write(&file, stdout(&out)).unwrap();
    b.goto(&file, "");
    let sheets = b
        .js("return document.querySelectorAll('#part-tables .scroll + h3').length + 1")
        .as_u64()
        .unwrap();
    assert!(sheets > 1, "the club night has several tables");
    let parts = b
        .js("return document.querySelectorAll('section[id^=part-]').length")
        .as_u64()
        .unwrap();
    assert!(parts > 3, "the handout has its parts");
    // Each part starts a page, and each table sheet after the first too.
    let pages = crate::lesson_browser::pdf_pages(&b.print_a4()) as u64;
    assert!(
        pages >= parts + sheets - 1,
        "{pages} pages for {parts} parts and {sheets} table sheets, one a page"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
