//! The HTML report in a real headless browser (Debian's `chromium`): the
//! page loads, and its tables hold the rows the JSON form holds.
//!
//! Without a `chromium` on the PATH the browser tests fail, unless
//! `TAROK_SKIP_BROWSER=1` is set: then they say that they skipped and pass
//! (a newcomer's machine without a browser; README.md, "Set up").

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

use crate::cli::{stderr, stdout};
use crate::report::{generated_sessions, report_json, tarok_in, CORPUS};

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

fn browser_or_skip() -> Option<PathBuf> {
    if skipped("the HTML report in chromium") {
        return None;
    }
    let found = chromium();
    assert!(
        found.is_some(),
        "chromium is not installed: install it (apt-get install -y chromium; .ci/run does) \
         or set TAROK_SKIP_BROWSER=1 to skip the browser tests"
    );
    found
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
/// further flags (`--dump-dom`, `--screenshot=...`). Returns what the
/// process gave back, or why it could not start.
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

/// Runs headless Chromium on a local file with the flags that work in a
/// container, and a fresh profile; `extra` are the action flags
/// (`--dump-dom`, `--screenshot=...`). Returns stdout.
pub fn headless(browser: &Path, file: &Path, extra: &[&str]) -> String {
    let profile = std::env::temp_dir().join(format!(
        "tarok-chromium-{}-{}",
        std::process::id(),
        file.file_name().unwrap().to_string_lossy()
    ));
    let _ = std::fs::remove_dir_all(&profile);
    std::fs::create_dir_all(&profile).unwrap();
    let out = run_headless(browser, &profile, extra, file).expect("chromium runs");
    let _ = std::fs::remove_dir_all(&profile);
    assert!(out.status.success(), "chromium: {}", stderr(&out));
    stdout(&out)
}

/// The rows of a table in the browser's DOM: `(body rows, foot rows)`.
fn rows(dom: &str, id: &str) -> (usize, usize) {
    let start = dom
        .find(&format!("<table id=\"{id}\""))
        .unwrap_or_else(|| panic!("the page has no table {id}"));
    let table = &dom[start..];
    let table = &table[..table.find("</table>").expect("the table closes")];
    let count = |section: &str| {
        table
            .find(&format!("<{section}>"))
            .map(|at| {
                let part = &table[at..];
                let part = &part[..part.find(&format!("</{section}>")).unwrap()];
                part.matches("<tr>").count()
            })
            .unwrap_or(0)
    };
    (count("tbody"), count("tfoot"))
}

fn len(v: &Value) -> usize {
    v.as_array().map_or(0, Vec::len)
}

/// Every table of the page against the JSON form of the same report.
fn check_page(dir: &Path, paths: &[&str], name: &str) {
    let Some(browser) = browser_or_skip() else {
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
    let dom = headless(&browser, &file, &["--dump-dom"]);
    std::fs::remove_file(&file).unwrap();
    assert!(
        dom.contains("<h1>Tournament director's report</h1>"),
        "the page loads"
    );
    let sheet = report_json(dir, paths);
    let ir = &sheet["irregularities"];
    if len(&ir["rows"]) > 0 {
        assert_eq!(rows(&dom, "irregularities"), (len(&ir["rows"]), 0));
        assert_eq!(rows(&dom, "findings-per-kind").0, len(&ir["by_kind"]));
        // A score-sheet error names no player: the table may be empty.
        if len(&ir["by_player"]) > 0 {
            assert_eq!(rows(&dom, "findings-per-player").0, len(&ir["by_player"]));
        }
    } else {
        assert!(!dom.contains("<table id=\"irregularities\""));
    }
    let parties: usize = sheet["claims"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| len(&c["parties"]))
        .sum();
    if parties > 0 {
        assert_eq!(rows(&dom, "claims").0, parties);
    }
    let standings = &sheet["standings"];
    let mut tables = 0;
    for (i, s) in standings["sessions"].as_array().unwrap().iter().enumerate() {
        if len(&s["players"]) == 0 {
            continue;
        }
        let pots = if s["pots"].is_null() { 0 } else { 2 };
        assert_eq!(
            rows(&dom, &format!("session-{}", i + 1)),
            (len(&s["players"]), pots + 1),
            "session {}",
            s["session"]
        );
        tables += 1;
    }
    for o in standings["overall"].as_array().unwrap() {
        let id = format!("overall-{}", o["variant"].as_str().unwrap());
        assert_eq!(rows(&dom, &id).0, len(&o["players"]), "{id}");
        tables += 1;
    }
    for (i, b) in sheet["boards"].as_array().unwrap().iter().enumerate() {
        assert_eq!(
            rows(&dom, &format!("board-{}", i + 1)),
            (len(&b["tables"]), 1)
        );
        tables += 1;
    }
    for (i, t) in sheet["tables"].as_array().unwrap().iter().enumerate() {
        if len(&t["deals"]) > 0 {
            assert_eq!(
                rows(&dom, &format!("table-{}", i + 1)),
                (len(&t["deals"]), 1)
            );
        }
    }
    if len(&sheet["lineup"]) > 0 {
        assert_eq!(rows(&dom, "lineup").0, len(&sheet["lineup"]));
    }
    if len(&sheet["rulings"]) > 0 {
        assert_eq!(rows(&dom, "rulings").0, len(&sheet["rulings"]));
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

/// Measures a report page in an iframe of each width: the page's and each
/// table box's scroll width against its client width, and the ids used
/// more than once.
const FIT_SCRIPT: &str = r#"
var lines = [];
function seen(f) {
  var d = f.contentDocument, se = d.scrollingElement, res = [f.getAttribute("width")];
  res.push("page " + (se.scrollWidth <= se.clientWidth ? "fits" : "overflows " + se.scrollWidth + ">" + se.clientWidth));
  var ids = {}, dup = [];
  Array.prototype.forEach.call(d.querySelectorAll("[id]"), function (e) {
    if (ids[e.id]) { dup.push(e.id); }
    ids[e.id] = true;
  });
  res.push("duplicate ids: [" + dup.join(" ") + "]");
  var clipped = [];
  Array.prototype.forEach.call(d.querySelectorAll("div.scroll"), function (b) {
    if (b.scrollWidth > b.clientWidth + 1) { clipped.push(b.querySelector("table").id + " " + b.scrollWidth + ">" + b.clientWidth); }
  });
  res.push("clipped tables: [" + clipped.join(", ") + "]");
  res.push("tables " + d.querySelectorAll("table").length);
  lines.push(res.join("; "));
  document.getElementById("out").textContent = lines.sort().join("\n");
}
"#;

/// The handout of the club night and of the line-up fixture at a desktop's
/// 1280 px and a phone's 390 px: no table wider than its page (every wide
/// table a card list on the phone), no id twice.
#[test]
fn html_report_fits_1280_and_390_px_with_unique_ids() {
    if browser_or_skip().is_none() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("tarok-report-fit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let root = crate::cli::root();
    let mut frames = String::new();
    let mut expected = Vec::new();
    for (name, path) in [
        ("club", "tests/director/club"),
        ("lineup", "tests/director/lineup"),
    ] {
        let out = tarok_in(&root, &["report", "--format", "html", path]);
        std::fs::write(dir.join(format!("{name}.html")), stdout(&out)).unwrap();
        for width in [1280, 390] {
            frames.push_str(&format!(
                "<iframe src=\"{name}.html\" width=\"{width}\" height=\"800\" onload=\"seen(this)\"></iframe>\n"
            ));
            expected.push(width);
        }
    }
    let page = dir.join("wrapper.html");
    std::fs::write(
        &page,
        format!(
            "<!DOCTYPE html><html><body><pre id=\"out\"></pre><script>{FIT_SCRIPT}</script>{frames}</body></html>"
        ),
    )
    .unwrap();
    let seen = crate::lesson_browser::browse(&page, 1400, 900);
    let text = seen
        .dom
        .split("<pre id=\"out\">")
        .nth(1)
        .and_then(|s| s.split("</pre>").next())
        .unwrap_or_default()
        .to_owned();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), expected.len(), "every page measured: {text}");
    for line in lines {
        assert!(line.contains("page fits"), "{line}");
        assert!(line.contains("duplicate ids: []"), "{line}");
        assert!(line.contains("clipped tables: []"), "{line}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
