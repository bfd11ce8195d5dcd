//! Issue 23, outputs that never lie and never harm.
//!
//! - A report states what it did not check, first, in every form: paths not
//!   read, records unreadable, deals not settled and their claims not
//!   compared; it says that all agrees only when every claim was compared,
//!   and lists every session in the standings. One test per false all-clear
//!   a tester found.
//! - Nothing a file holds acts on what shows the output: a hostile fixture
//!   (player names, tags, comments and a file name with HTML, Markdown,
//!   formula, terminal-escape and bidi payloads) through every form of
//!   `report`, `verify` and `explain`; the HTML pages in headless Chromium,
//!   the Markdown through pulldown-cmark, the CSV read back cell by cell.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::cli::{stderr, stdout};
use crate::report::tarok_in;

/// A deal of the corpus with a claim: settled, the claim agrees.
fn rufer() -> String {
    let text =
        std::fs::read_to_string(crate::cli::root().join("corpus/skill7-tarock/01-rufer.tarok"))
            .unwrap();
    text[text.find("[Variant").unwrap()..].to_owned()
}

/// Runs `tarok report --format FORMAT PATHS` in `dir`: exit code and output.
fn report(dir: &Path, format: &str, paths: &[&str]) -> (Option<i32>, String) {
    let mut args = vec!["report", "--format", format];
    args.extend(paths);
    let out = tarok_in(dir, &args);
    (out.status.code(), stdout(&out))
}

fn report_json(dir: &Path, paths: &[&str]) -> Value {
    let (_, out) = report(dir, "json", paths);
    serde_json::from_str(&out).expect("the report is JSON")
}

/// What every form must say when something was not checked, and must not.
fn says_not_everything_was_checked(dir: &Path, paths: &[&str], code: i32) -> Value {
    for format in ["text", "markdown", "html"] {
        let (got, out) = report(dir, format, paths);
        assert_eq!(got, Some(code), "{format}: {out}");
        assert!(out.contains("NOT CHECKED"), "{format}: {out}");
        for lie in [
            "every deal follows the rules",
            "Every claimed result agrees",
            "Everything was checked",
        ] {
            assert!(!out.contains(lie), "{format} says {lie:?}:\n{out}");
        }
        let first = out.find("NOT CHECKED").unwrap();
        for later in ["Irregularities", "Claims", "Standings"] {
            let at = out.find(later).unwrap_or(usize::MAX);
            assert!(first < at, "{format}: NOT CHECKED comes before {later}");
        }
    }
    let (got, csv) = report(dir, "csv", paths);
    assert_eq!(got, Some(code));
    assert!(csv.starts_with("What was not checked\n"), "{csv}");
    let sheet = report_json(dir, paths);
    assert_eq!(sheet["summary"]["all_checked"], false, "{sheet:#}");
    assert!(!sheet["not_checked"].as_array().unwrap().is_empty());
    sheet
}

fn rows_of<'a>(sheet: &'a Value, what: &str) -> Vec<&'a Value> {
    sheet["not_checked"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["what"] == what)
        .collect()
}

#[test]
fn a_missing_path_is_not_an_all_clear() {
    let dir = tempfile::tempdir().unwrap();
    let sheet = says_not_everything_was_checked(dir.path(), &["typo/"], 2);
    let paths = rows_of(&sheet, "path");
    assert_eq!(paths.len(), 1, "{sheet:#}");
    assert_eq!(paths[0]["file"], "typo/");
    assert_eq!(paths[0]["reason"], "no such file or folder");
    assert_eq!(
        sheet["summary"]["unopened"][0],
        "typo/: no such file or folder"
    );
}

#[test]
fn a_file_of_unreadable_records_is_not_an_all_clear() {
    let dir = tempfile::tempdir().unwrap();
    // Windows-1252: `é` is the byte E9, not UTF-8.
    let mut bytes = rufer().replace("Lukas", "Jos\u{e9}").into_bytes();
    let at = bytes.windows(2).position(|w| w == "é".as_bytes()).unwrap();
    bytes.splice(at..at + 2, [0xE9]);
    std::fs::write(dir.path().join("cp1252.tarok"), &bytes).unwrap();
    let sheet = says_not_everything_was_checked(dir.path(), &["cp1252.tarok"], 2);
    let records = rows_of(&sheet, "record");
    assert_eq!(records.len(), 1, "{sheet:#}");
    assert_eq!(records[0]["kind"], "invalid-utf8");
    assert_eq!(sheet["summary"]["unreadable"], 1);
    // The session is in the standings, with nothing to add up.
    let sessions = sheet["standings"]["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 1);
    assert_eq!(sessions[0]["unreadable"], 1);
}

#[test]
fn a_broken_link_in_a_folder_is_counted_as_verify_counts_it() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("round");
    std::fs::create_dir(&folder).unwrap();
    std::fs::write(folder.join("a.tarok"), rufer()).unwrap();
    std::os::unix::fs::symlink("nowhere.tarok", folder.join("b.tarok")).unwrap();
    let sheet = says_not_everything_was_checked(dir.path(), &["round"], 2);
    let paths = rows_of(&sheet, "path");
    assert_eq!(paths.len(), 1, "{sheet:#}");
    assert_eq!(paths[0]["file"], "round/b.tarok");
    assert_eq!(paths[0]["reason"], "a broken link");
    let (_, text) = report(dir.path(), "text", &["round"]);
    assert!(text.contains("NOT CHECKED: 1 path(s) not read"), "{text}");
    // verify counts the same link, and the report's first line as verify.
    let out = tarok_in(dir.path(), &["verify", "round"]);
    assert!(
        stdout(&out).contains("1 file(s), 1 record(s): 0 with violations, 1 unreadable"),
        "{}",
        stdout(&out)
    );
    assert!(
        text.contains("1 file(s), 1 record(s): 0 with findings, 1 unreadable, 0 not settled"),
        "{text}"
    );
}

#[test]
fn an_empty_file_is_a_path_with_no_record_as_in_verify() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("empty.tarok"), "").unwrap();
    let sheet = says_not_everything_was_checked(dir.path(), &["empty.tarok"], 2);
    assert_eq!(rows_of(&sheet, "path")[0]["reason"], "no record found");
    let verify = tarok_in(dir.path(), &["verify", "empty.tarok"]);
    assert_eq!(verify.status.code(), Some(2));
}

/// Deals not settled: a record that stops before the deal's end (its claim
/// cannot be checked), and one whose options cannot be read. Each is in
/// the not-checked list with why, its claim not compared.
#[test]
fn deals_not_settled_are_listed_with_why_and_their_claims_not_compared() {
    let dir = tempfile::tempdir().unwrap();
    let stops: String = rufer()
        .lines()
        .filter(|l| !l.starts_with("trick 9") && !l.starts_with("trick 10"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.path().join("stops.tarok"), stops).unwrap();
    let options = rufer().replace(
        "[Rules \"skill7\"]",
        "[Rules \"skill7\"]\n[Options \"nonsense\"]",
    );
    std::fs::write(dir.path().join("options.tarok"), options).unwrap();
    let sheet = says_not_everything_was_checked(dir.path(), &["stops.tarok", "options.tarok"], 2);
    let deals = rows_of(&sheet, "deal");
    assert_eq!(deals.len(), 2, "{sheet:#}");
    for d in &deals {
        assert_eq!(d["claim_not_compared"], true, "{d}");
    }
    let by_file = |f: &str| deals.iter().find(|d| d["file"] == f).unwrap();
    // The engines that report a record that stops early name it
    // `incomplete`; until every engine does, the deal is still not settled.
    let stops = by_file("stops.tarok");
    assert!(
        stops["kind"].is_null() || stops["kind"] == "incomplete",
        "{stops}"
    );
    assert_eq!(by_file("options.tarok")["kind"], "bad-tag");
    let s = &sheet["summary"];
    assert_eq!(
        (s["unsettled"].as_u64(), s["settled"].as_u64()),
        (Some(2), Some(0))
    );
    assert_eq!(s["claims"]["not_compared"], 2);
    assert_eq!(s["claims"]["compared"], 0);
    let (_, text) = report(dir.path(), "text", &["stops.tarok", "options.tarok"]);
    assert!(text.contains("2 claim(s) not compared"), "{text}");
    assert!(text.contains("No claimed result was compared."), "{text}");
}

/// Every session is in the standings, settled or not: no gap in the
/// numbering.
#[test]
fn every_session_is_in_the_standings_settled_or_not() {
    let dir = tempfile::tempdir().unwrap();
    let unsettled = rufer().replace("[Rules \"skill7\"]", "[Rules \"skill7\"]\n[Options \"x\"]");
    for (name, text) in [
        ("1.tarok", rufer()),
        ("2.tarok", unsettled.clone()),
        ("3.tarok", unsettled),
        ("4.tarok", rufer()),
    ] {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let files = ["1.tarok", "2.tarok", "3.tarok", "4.tarok"];
    let sheet = report_json(dir.path(), &files);
    let sessions = sheet["standings"]["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 4);
    assert_eq!(sessions[1]["deals"], 0);
    assert_eq!(sessions[1]["unsettled"], 1);
    for (format, each) in [
        ("text", "Session {n}: {n}.tarok"),
        ("markdown", "### Session {n}: {n}.tarok"),
        ("csv", "Session {n}: {n}.tarok"),
        ("html", "<h3>Session {n}: {n}.tarok"),
    ] {
        let (_, out) = report(dir.path(), format, &files);
        for n in 1..=4 {
            let want = each.replace("{n}", &n.to_string());
            assert!(out.contains(&want), "{format}: no {want:?}:\n{out}");
        }
    }
}

/// Everything read and settled, every claim compared: only then the
/// all-clear.
#[test]
fn the_all_clear_is_said_only_when_everything_was_checked() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.tarok"), rufer()).unwrap();
    for format in ["text", "markdown", "html"] {
        let (code, out) = report(dir.path(), format, &["a.tarok"]);
        assert_eq!(code, Some(0), "{out}");
        assert!(out.contains("Everything was checked"), "{out}");
        assert!(out.contains("Every claimed result agrees with the rules (1 compared)"));
        assert!(!out.contains("NOT CHECKED"));
    }
    let sheet = report_json(dir.path(), &["a.tarok"]);
    assert_eq!(sheet["summary"]["all_checked"], true);
    assert_eq!(sheet["not_checked"], Value::Array(Vec::new()));
    assert_eq!(sheet["summary"]["claims"]["compared"], 1);
}

// ---------------------------------------------------------------------------
// The hostile fixture.

/// The players' names: HTML, a table cell, a formula, bidi overrides and a
/// terminal escape (clear screen, bell).
const NAMES: [&str; 4] = [
    "<img src=x onerror=document.title='pwned'>",
    "Eve | 999 | 999",
    "=1+2",
    "Ann\u{202e}evil\u{202c}\u{2066}x\u{2069}\u{200f}\u{61c}\u{1b}[2J\u{7}\u{9b}",
];

/// The file's name: HTML, bidi and a terminal colour.
const FILE: &str = "<img src=x onerror=document.title='file'> \u{202e}evil\u{1b}[31m.tarok";

/// A folder with the hostile fixture: one deal whose claim disagrees for
/// seat 0 (a finding that names the player), with hostile tags and comments.
fn hostile() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let text = rufer()
        .replace("Lukas; Mia; Tobias; Vera", &NAMES.join("; "))
        .replace(
            "[Event \"Skill7 Tarock, Friday table\"]",
            "[Event \"<script>document.title='pwned'</script>\"]",
        )
        .replace(
            "[Round \"2\"]",
            "[Round \"@SUM(1)\"]\n[Table \"-2+3 | x \u{202e}\u{1b}]2;t\u{7}\"]\n[Board \"+cmd\"]",
        )
        .replace(
            "{Mia holds XIX",
            "{<script>document.title='pwned'</script> \u{1b}[2J [x](javascript:alert(1)) Mia holds XIX",
        )
        .replace("claim: 0 -2,", "claim: 0 -4,");
    std::fs::write(dir.path().join(FILE), text).unwrap();
    dir
}

/// Bytes that would act on a terminal or reorder text: none may be written.
fn assert_shows_nothing_hidden(what: &str, out: &str) {
    let hidden: Vec<char> = out
        .chars()
        .filter(|c| {
            (c.is_control() && *c != '\n' && *c != '\t')
                || matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
        })
        .collect();
    assert!(hidden.is_empty(), "{what} writes {hidden:?}");
}

/// No element or attribute from the payloads in an HTML text: `<script`,
/// `<img` and `onerror` appear only as text.
fn assert_no_payload_markup(what: &str, html: &str) {
    let lower = html.to_lowercase();
    assert!(!lower.contains("<img"), "{what} has an <img>");
    assert!(!lower.contains("href=\"javascript"), "{what} has a link");
    let mut rest = lower.as_str();
    while let Some(at) = rest.find('<') {
        let tag = &rest[at..rest[at..].find('>').map_or(rest.len(), |e| at + e)];
        assert!(!tag.contains("onerror"), "{what} has markup {tag}");
        rest = &rest[at + 1..];
    }
}

#[test]
fn the_hostile_fixture_in_the_text_report_and_diagnostics() {
    let dir = hostile();
    let (code, text) = report(dir.path(), "text", &["."]);
    assert_eq!(code, Some(1), "{text}");
    assert_shows_nothing_hidden("report --format text", &text);
    assert!(text.contains("Ann\\u{202e}evil\\u{202c}"), "{text}");
    assert!(text.contains("\\u{1b}[2J\\u{7}\\u{9b}"), "{text}");
    assert!(text.contains("\\u{202e}evil\\u{1b}[31m.tarok"), "{text}");
    for args in [
        vec!["verify", "."],
        vec!["explain", "."],
        vec!["verify", FILE],
        vec!["explain", FILE],
    ] {
        let out = tarok_in(dir.path(), &args);
        assert_shows_nothing_hidden(&format!("{args:?} (stdout)"), &stdout(&out));
        assert_shows_nothing_hidden(&format!("{args:?} (stderr)"), &stderr(&out));
    }
    let verify = stdout(&tarok_in(dir.path(), &["verify", "."]));
    assert!(verify.contains("claim-mismatch"), "{verify}");
    assert!(
        verify.contains("\\u{202e}evil\\u{1b}[31m.tarok"),
        "{verify}"
    );
    // Two files: the summary lists them by name; a broken link with a
    // hostile name is an error that names it.
    std::fs::copy(dir.path().join(FILE), dir.path().join("plain.tarok")).unwrap();
    let link = dir.path().join("\u{1b}[2J\u{202e}gone.tarok");
    std::os::unix::fs::symlink("gone", &link).unwrap();
    for command in ["verify", "report", "explain"] {
        let out = tarok_in(dir.path(), &[command, "."]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert_shows_nothing_hidden(&format!("{command} . (stdout)"), &stdout(&out));
        assert_shows_nothing_hidden(&format!("{command} . (stderr)"), &stderr(&out));
        assert!(
            stderr(&out).contains("\\u{1b}[2J\\u{202e}gone.tarok"),
            "{command}: {}",
            stderr(&out)
        );
    }
    let listed = stdout(&tarok_in(dir.path(), &["verify", "."]));
    assert!(listed.contains("violations in:"), "{listed}");
    std::fs::remove_file(&link).unwrap();
    std::fs::remove_file(dir.path().join("plain.tarok")).unwrap();
    // A record that cannot be read: the diagnostic's file name escaped too.
    std::fs::write(
        dir.path().join(FILE),
        "[Variant \"skill7-tarock\"]\ntrick 1: QQ\n",
    )
    .unwrap();
    let out = tarok_in(dir.path(), &["verify", "."]);
    assert_eq!(out.status.code(), Some(2));
    assert_shows_nothing_hidden("verify of a bad record", &stdout(&out));
    assert_shows_nothing_hidden("verify of a bad record (stderr)", &stderr(&out));
}

#[test]
fn the_hostile_fixture_in_json_is_escaped_and_reads_back_the_same() {
    let dir = hostile();
    let (_, json) = report(dir.path(), "json", &["."]);
    assert_shows_nothing_hidden("report --format json", &json);
    let sheet: Value = serde_json::from_str(&json).unwrap();
    let players: Vec<&str> = sheet["standings"]["sessions"][0]["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["player"].as_str().unwrap())
        .collect();
    for name in NAMES {
        assert!(players.contains(&name), "{name:?} in {players:?}");
    }
    assert_eq!(
        sheet["irregularities"]["rows"][0]["file"],
        format!("./{FILE}")
    );
    let out = tarok_in(dir.path(), &["verify", "--format", "json", "."]);
    let line = stdout(&out);
    assert_shows_nothing_hidden("verify --format json", &line);
    let v: Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    assert_eq!(v["players"][3], NAMES[3]);
    assert_eq!(v["file"], format!("./{FILE}"));
}

#[test]
fn the_hostile_fixture_in_markdown_renders_no_markup_and_no_extra_cell() {
    use pulldown_cmark::{html, Options, Parser};
    let dir = hostile();
    let (_, md) = report(dir.path(), "markdown", &["."]);
    assert_shows_nothing_hidden("report --format markdown", &md);
    let mut page = String::new();
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    html::push_html(&mut page, Parser::new_ext(&md, options));
    assert_no_payload_markup("the rendered Markdown", &page);
    assert!(!page.to_lowercase().contains("<script"), "{page}");
    assert!(!page.contains("<a "), "a link from a name or tag: {page}");
    // Every row has as many cells as its table's header: a `|` in a name
    // makes no cell.
    let mut tables = 0;
    for table in page.split("<table>").skip(1) {
        let table = &table[..table.find("</table>").unwrap()];
        let head = table.matches("<th>").count() + table.matches("<th ").count();
        for row in table.split("<tr>").skip(2) {
            assert_eq!(row.matches("<td").count(), head, "{row}");
        }
        tables += 1;
    }
    assert!(tables >= 4, "{page}");
    assert!(page.contains("<td>Eve | 999 | 999</td>"), "{page}");
    assert!(page.contains("Ann\\u{202e}evil\\u{202c}"), "{page}");
}

/// A CSV text as rows of cells (RFC 4180).
fn csv_cells(text: &str) -> Vec<Vec<String>> {
    let mut rows = vec![Vec::new()];
    let mut cell = String::new();
    let (mut quoted, mut chars) = (false, text.chars().peekable());
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => cell.push(c),
            (false, '"') => quoted = true,
            (false, ',') => rows.last_mut().unwrap().push(std::mem::take(&mut cell)),
            (false, '\n') => {
                rows.last_mut().unwrap().push(std::mem::take(&mut cell));
                rows.push(Vec::new());
            }
            (false, c) => cell.push(c),
        }
    }
    rows
}

#[test]
fn the_hostile_fixture_in_csv_has_no_formula_and_keeps_numbers() {
    let dir = hostile();
    let (_, csv) = report(dir.path(), "csv", &["."]);
    assert_shows_nothing_hidden("report --format csv", &csv);
    let cells: Vec<String> = csv_cells(&csv).into_iter().flatten().collect();
    let number = |c: &str| {
        let d = c.strip_prefix(['+', '-']).unwrap_or(c);
        !d.is_empty() && d.chars().all(|x| x.is_ascii_digit() || x == '.')
    };
    for c in &cells {
        if c.starts_with(['=', '+', '-', '@', '\t', '\r']) {
            assert!(number(c), "a formula in a cell: {c:?}");
        }
    }
    for neutral in ["'=1+2", "'@SUM(1)", "'+cmd"] {
        assert!(
            cells.iter().any(|c| c == neutral),
            "no {neutral:?} in {cells:?}"
        );
    }
    assert!(
        cells.iter().any(|c| c.starts_with("'-2+3 | x")),
        "{cells:?}"
    );
    // Scores stay numbers a spreadsheet reads as such.
    assert!(cells.iter().any(|c| c == "-4"), "{cells:?}");
    assert!(cells.iter().any(|c| c == "+2"), "{cells:?}");
}

/// Headless Chromium, or `None` after saying the test is skipped (never
/// under CI, where `.ci/run` installs it).
fn chromium_or_skip(test: &str) -> Option<PathBuf> {
    let found = crate::browser::chromium();
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is not installed (.ci/run installs it)"
        );
        eprintln!("{test}: SKIPPED: no chromium on the PATH");
    }
    found
}

/// The DOM of `page` after its scripts and image errors have run.
fn dom_after_load(browser: &Path, dir: &Path, name: &str, page: &str) -> String {
    let file = dir.join(name);
    std::fs::write(&file, page).unwrap();
    let profile = dir.join(format!("{name}.profile"));
    let out = crate::browser::run_headless(
        browser,
        &profile,
        &["--virtual-time-budget=5000", "--dump-dom"],
        &file,
    )
    .expect("chromium runs");
    assert!(out.status.success(), "chromium: {}", stderr(&out));
    stdout(&out)
}

fn title(dom: &str) -> &str {
    let start = dom.find("<title>").expect("a title") + "<title>".len();
    &dom[start..start + dom[start..].find("</title>").unwrap()]
}

#[test]
fn the_hostile_fixture_runs_nothing_in_chromium() {
    let Some(browser) = chromium_or_skip("the_hostile_fixture_runs_nothing_in_chromium") else {
        return;
    };
    let dir = hostile();
    let pages = tempfile::tempdir().unwrap();
    // The payload does run where it is not escaped: the check can fail.
    let raw = format!("<!DOCTYPE html><title>clean</title><p>{}</p>", NAMES[0]);
    let dom = dom_after_load(&browser, pages.path(), "raw.html", &raw);
    assert_eq!(title(&dom), "pwned", "the unescaped payload runs");

    let (_, report_page) = report(dir.path(), "html", &["."]);
    assert_shows_nothing_hidden("report --format html", &report_page);
    assert_no_payload_markup("report --format html", &report_page);
    assert!(!report_page.to_lowercase().contains("<script"));
    let dom = dom_after_load(&browser, pages.path(), "report.html", &report_page);
    assert_eq!(title(&dom), "Tournament director's report");
    assert_no_payload_markup("the report in Chromium", &dom);
    assert!(dom.contains("Ann\\u{202e}evil\\u{202c}"), "{dom}");

    let out = tarok_in(dir.path(), &["explain", "--format", "html", "."]);
    let lesson = stdout(&out);
    assert_shows_nothing_hidden("explain --format html", &lesson);
    assert_no_payload_markup("explain --format html", &lesson);
    // The lesson's own step control is its only script.
    assert_eq!(lesson.to_lowercase().matches("<script").count(), 1);
    let dom = dom_after_load(&browser, pages.path(), "lesson.html", &lesson);
    assert!(title(&dom).starts_with("Lesson: "), "{}", title(&dom));
    assert!(!title(&dom).contains("pwned"));
    assert_no_payload_markup("the lesson in Chromium", &dom);
}
