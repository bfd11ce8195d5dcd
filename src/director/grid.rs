//! The report as tables ([`Part`]s of [`Grid`]s), and the plain renderers:
//! aligned text, Markdown, CSV. The HTML page (`html.rs`) renders the same
//! grids.

use std::fmt::Write;

use notation::Party;

use super::{Board, Place, Sheet};
use crate::escape;

/// One of the report's parts: what was not checked, then the four.
pub struct Part {
    pub id: &'static str,
    pub title: &'static str,
    /// Said under the title whatever the grids (what the part leaves out).
    pub note: Option<String>,
    pub grids: Vec<Grid>,
    /// Said when the part has no grid to show.
    pub empty: String,
}

impl Part {
    /// The grids a page shows: those with rows, and those with a note in
    /// their place (a session without a settled deal); an empty grid
    /// without a note is left out.
    pub fn shown(&self) -> Vec<&Grid> {
        self.grids
            .iter()
            .filter(|g| !g.rows.is_empty() || g.note.is_some())
            .collect()
    }
}

/// One table.
pub struct Grid {
    /// Stable id (HTML `id`, a JSON part's name).
    pub id: String,
    pub title: String,
    pub columns: Vec<Column>,
    pub rows: Vec<Vec<String>>,
    /// Summary rows under the data (pots, sums, averages).
    pub foot: Vec<Vec<String>>,
    /// Said in place of the table when it has no rows.
    pub note: Option<String>,
}

pub struct Column {
    pub name: String,
    pub numeric: bool,
}

fn col(name: impl Into<String>) -> Column {
    Column {
        name: name.into(),
        numeric: false,
    }
}

fn num(name: impl Into<String>) -> Column {
    Column {
        name: name.into(),
        numeric: true,
    }
}

/// `+5`, `-5`, `0`.
pub fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

/// `+33.33`, `-12.5`, `0`.
pub fn signed_f(x: f64) -> String {
    if x.abs() < 0.005 {
        return "0".into();
    }
    let s = format!("{x:+.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|v| v.to_string()).unwrap_or_default()
}

/// `Event Klubaften · Round 5 · Table 2 · Board 7` (an event's name may
/// hold a comma).
pub fn tags(place: &Place) -> String {
    [
        ("Event", &place.event),
        ("Round", &place.round),
        ("Table", &place.table),
        ("Board", &place.board),
    ]
    .iter()
    .filter_map(|(n, v)| v.as_ref().map(|v| format!("{n} {v}")))
    .collect::<Vec<_>>()
    .join(" · ")
}

/// The columns that say where a deal is: one per field for CSV (`record`
/// from 0, as in JSON), file, deal (from 1) and tags for reading.
fn place_columns(full: bool) -> Vec<Column> {
    if full {
        vec![
            col("file"),
            num("record"),
            col("event"),
            col("round"),
            col("table"),
            col("board"),
        ]
    } else {
        vec![col("File"), num("Deal"), col("Tags")]
    }
}

fn place_cells(place: &Place, full: bool) -> Vec<String> {
    if full {
        vec![
            place.file.clone(),
            place.record.to_string(),
            opt(place.event.as_ref()),
            opt(place.round.as_ref()),
            opt(place.table.as_ref()),
            opt(place.board.as_ref()),
        ]
    } else {
        vec![
            place.file.clone(),
            (place.record + 1).to_string(),
            tags(place),
        ]
    }
}

fn party(p: Party, player: Option<&str>) -> String {
    match (p, player) {
        (Party::Seat(s), Some(n)) => format!("seat {s} ({n})"),
        (Party::Seat(s), None) => format!("seat {s}"),
        (Party::Pot(p), _) => p.word().to_owned(),
    }
}

/// The report's parts. `full` gives one column per field (CSV, for
/// spreadsheets); otherwise some fields share a column (for reading).
pub fn parts(sheet: &Sheet, full: bool) -> Vec<Part> {
    let mut parts = vec![
        not_checked(sheet, full),
        irregularities(sheet, full),
        claims(sheet, full),
        standings(sheet),
        boards(sheet, full),
    ];
    if !full {
        for g in parts.iter_mut().flat_map(|p| &mut p.grids) {
            g.drop_empty_columns();
        }
    }
    parts
}

impl Grid {
    /// Leaves out the columns no row fills (no tags, no cards in any
    /// finding): for reading. CSV keeps every column, so that a spreadsheet
    /// always gets the same ones.
    fn drop_empty_columns(&mut self) {
        if self.rows.is_empty() {
            return;
        }
        let keep: Vec<bool> = (0..self.columns.len())
            .map(|i| {
                self.rows
                    .iter()
                    .chain(&self.foot)
                    .any(|r| r.get(i).is_some_and(|c| !c.is_empty()))
            })
            .collect();
        let filter = |cells: &mut Vec<String>| {
            let mut i = 0;
            cells.retain(|_| {
                i += 1;
                keep.get(i - 1).copied().unwrap_or(true)
            });
        };
        let mut i = 0;
        self.columns.retain(|_| {
            i += 1;
            keep[i - 1]
        });
        for r in self.rows.iter_mut().chain(self.foot.iter_mut()) {
            filter(r);
        }
    }
}

fn irregularities(sheet: &Sheet, full: bool) -> Part {
    let ir = &sheet.irregularities;
    let main = if full {
        Grid {
            id: "irregularities".into(),
            title: "Findings by file and deal".into(),
            columns: vec![
                col("file"),
                num("record"),
                col("event"),
                col("round"),
                col("table"),
                col("board"),
                col("variant"),
                num("seat"),
                col("player"),
                col("kind"),
                col("rule"),
                num("trick"),
                col("card"),
                col("consequence"),
                num("line"),
                num("column"),
                col("path"),
                col("message"),
            ],
            rows: ir
                .rows
                .iter()
                .map(|r| {
                    vec![
                        r.place.file.clone(),
                        r.place.record.to_string(),
                        opt(r.place.event.as_ref()),
                        opt(r.place.round.as_ref()),
                        opt(r.place.table.as_ref()),
                        opt(r.place.board.as_ref()),
                        opt(r.variant),
                        opt(r.seat),
                        opt(r.player.as_ref()),
                        r.kind.to_owned(),
                        opt(r.rule),
                        opt(r.trick),
                        opt(r.card.as_ref()),
                        opt(r.consequence.as_ref()),
                        opt(r.line),
                        opt(r.column),
                        opt(r.path.as_ref()),
                        r.message.clone(),
                    ]
                })
                .collect(),
            foot: Vec::new(),
            note: None,
        }
    } else {
        Grid {
            id: "irregularities".into(),
            title: "Findings by file and deal".into(),
            columns: vec![
                col("File"),
                num("Deal"),
                col("Tags"),
                col("Variant"),
                col("Player"),
                col("Kind"),
                col("Rule"),
                num("Trick"),
                col("Card"),
                col("Fine / consequence"),
                col("At"),
                col("Finding"),
            ],
            rows: ir
                .rows
                .iter()
                .map(|r| {
                    vec![
                        r.place.file.clone(),
                        (r.place.record + 1).to_string(),
                        tags(&r.place),
                        opt(r.variant),
                        r.seat
                            .map(|s| party(Party::Seat(s), r.player.as_deref()))
                            .unwrap_or_default(),
                        r.kind.to_owned(),
                        opt(r.rule),
                        opt(r.trick),
                        opt(r.card.as_ref()),
                        opt(r.consequence.as_ref()),
                        match (r.line, r.column, &r.path) {
                            (Some(l), Some(c), _) => format!("{l}:{c}"),
                            (_, _, Some(p)) => p.clone(),
                            _ => String::new(),
                        },
                        r.message.clone(),
                    ]
                })
                .collect(),
            foot: Vec::new(),
            note: None,
        }
    };
    let count = |id: &str, title: &str, first: &'static str, list: &[super::Count]| Grid {
        id: id.into(),
        title: title.into(),
        columns: vec![col(first), num("Findings")],
        rows: list
            .iter()
            .map(|c| vec![c.name.clone(), c.findings.to_string()])
            .collect(),
        foot: Vec::new(),
        note: None,
    };
    let mut grids = vec![main];
    if !ir.rows.is_empty() {
        grids.push(count(
            "findings-per-kind",
            "Findings per kind",
            "Kind",
            &ir.by_kind,
        ));
        grids.push(count(
            "findings-per-player",
            "Findings per player",
            "Player",
            &ir.by_player,
        ));
    }
    Part {
        id: "irregularities",
        title: "Irregularities",
        note: None,
        grids,
        empty: if sheet.summary.all_checked {
            "No irregularities: every deal follows the rules.".into()
        } else {
            "No irregularities in what was checked; not everything was (see Not checked).".into()
        },
    }
}

/// What was not checked: first in every form, so that an empty report is
/// never read as a clean one.
fn not_checked(sheet: &Sheet, full: bool) -> Part {
    let rows = sheet
        .not_checked
        .iter()
        .map(|u| {
            let what = match u.what {
                "path" => "path not read",
                "record" => "record unreadable",
                _ => "deal not settled",
            };
            let record = match (u.record, full) {
                (Some(r), true) => r.to_string(),
                (Some(r), false) => (r + 1).to_string(),
                (None, _) => String::new(),
            };
            let claim = if u.claim_not_compared {
                "not compared"
            } else {
                ""
            };
            if full {
                vec![
                    u.file.clone(),
                    record,
                    u.what.to_owned(),
                    opt(u.kind),
                    u.reason.clone(),
                    claim.to_owned(),
                ]
            } else {
                let why = match u.kind {
                    Some(k) => format!("{k}: {}", u.reason),
                    None => u.reason.clone(),
                };
                vec![
                    u.file.clone(),
                    record,
                    what.to_owned(),
                    why,
                    claim.to_owned(),
                ]
            }
        })
        .collect();
    let columns = if full {
        vec![
            col("file"),
            num("record"),
            col("what"),
            col("kind"),
            col("reason"),
            col("claim"),
        ]
    } else {
        vec![
            col("File"),
            num("Deal"),
            col("What"),
            col("Why"),
            col("Claim"),
        ]
    };
    Part {
        id: "not-checked",
        title: "Not checked",
        note: None,
        grids: vec![Grid {
            id: "not-checked".into(),
            title: "What was not checked".into(),
            columns,
            rows,
            foot: Vec::new(),
            note: None,
        }],
        empty: "Everything was checked: every path and record read, every deal settled, every claim compared."
            .into(),
    }
}

fn claims(sheet: &Sheet, full: bool) -> Part {
    let rows = sheet
        .claims
        .iter()
        .flat_map(|d| {
            d.parties.iter().map(move |p| {
                let mut row = place_cells(&d.place, full);
                row.extend([
                    party(p.party, p.player.as_deref()),
                    p.claimed.map(signed).unwrap_or_else(|| "—".into()),
                    p.computed.map(signed).unwrap_or_else(|| "—".into()),
                    match (p.claimed, p.computed) {
                        (Some(c), Some(r)) if c != r => signed(c - r),
                        (Some(_), Some(_)) => "agrees".into(),
                        _ => String::new(),
                    },
                ]);
                row
            })
        })
        .collect();
    let mut columns = place_columns(full);
    columns.extend([
        col("Party"),
        num("Claimed"),
        num("Computed"),
        num("Claimed − computed"),
    ]);
    let s = &sheet.summary;
    let c = &s.claims;
    // What the comparison leaves out: claims of deals not settled, and
    // whatever unreadable records and paths not read claim.
    let mut left: Vec<String> = Vec::new();
    if c.not_compared > 0 {
        left.push(format!("{} claim(s) of deals not settled", c.not_compared));
    }
    if s.unreadable > 0 {
        left.push(format!(
            "whatever the {} unreadable record(s) claim",
            s.unreadable
        ));
    }
    if !s.unopened.is_empty() {
        left.push(format!(
            "whatever the {} path(s) not read hold",
            s.unopened.len()
        ));
    }
    let note = (!left.is_empty()).then(|| format!("Not compared: {}.", left.join(", ")));
    let empty = match (left.is_empty(), c.compared) {
        (true, 0) => "No deal claims a result: there was nothing to compare.".to_owned(),
        (true, n) => format!("Every claimed result agrees with the rules ({n} compared)."),
        (false, 0) => "No claimed result was compared.".to_owned(),
        (false, n) => {
            format!("None of the {n} claimed result(s) compared disagrees with the rules.")
        }
    };
    Part {
        id: "claims",
        title: "Claims",
        note,
        grids: vec![Grid {
            id: "claims".into(),
            title: "Score sheets that disagree with the rules".into(),
            columns,
            rows,
            foot: Vec::new(),
            note: None,
        }],
        empty,
    }
}

fn standings(sheet: &Sheet) -> Part {
    let mut grids = Vec::new();
    for (i, s) in sheet.standings.sessions.iter().enumerate() {
        let variants: Vec<&str> = s.variants.iter().map(|v| v.name()).collect();
        let mut foot = Vec::new();
        if let Some(p) = &s.pots {
            for (k, name) in ["king-pot", "pagat-pot"].iter().enumerate() {
                foot.push(vec![
                    format!("{name} ({} → {})", p.start[k], p.end[k]),
                    String::new(),
                    String::new(),
                    signed(p.paid_in[k]),
                    String::new(),
                ]);
            }
        }
        foot.push(vec![
            "Sum".into(),
            String::new(),
            String::new(),
            signed(s.sum),
            String::new(),
        ]);
        let mut counts = vec![format!("{} deal(s)", s.deals)];
        if s.unsettled > 0 {
            counts.push(format!("{} not settled", s.unsettled));
        }
        if s.unreadable > 0 {
            counts.push(format!("{} unreadable", s.unreadable));
        }
        grids.push(Grid {
            id: format!("session-{}", i + 1),
            title: format!(
                "Session {}: {} ({}, {})",
                i + 1,
                s.session,
                if variants.is_empty() {
                    "no deal settled".to_owned()
                } else {
                    variants.join(", ")
                },
                counts.join(", ")
            ),
            note: s.players.is_empty().then(|| {
                "No deal of this session was settled: nothing to add up (see Not checked)."
                    .to_owned()
            }),
            columns: vec![
                col("Player"),
                col("Seats"),
                num("Deals"),
                num("Total"),
                num("Average"),
            ],
            rows: s
                .players
                .iter()
                .map(|p| {
                    vec![
                        p.player.clone(),
                        p.seats
                            .iter()
                            .map(u8::to_string)
                            .collect::<Vec<_>>()
                            .join(" "),
                        p.deals.to_string(),
                        signed(p.total),
                        p.average.map(signed_f).unwrap_or_else(|| "—".into()),
                    ]
                })
                .collect(),
            foot,
        });
    }
    for o in &sheet.standings.overall {
        grids.push(Grid {
            id: format!("overall-{}", o.variant.name()),
            title: format!("Overall: {}", o.variant.name()),
            columns: vec![
                col("Player"),
                num("Sessions"),
                num("Deals"),
                num("Total"),
                num("Average"),
            ],
            rows: o
                .players
                .iter()
                .map(|p| {
                    vec![
                        p.player.clone(),
                        p.sessions.to_string(),
                        p.deals.to_string(),
                        signed(p.total),
                        p.average.map(signed_f).unwrap_or_else(|| "—".into()),
                    ]
                })
                .collect(),
            foot: Vec::new(),
            note: None,
        });
    }
    let left = sheet.summary.unsettled + sheet.summary.unreadable;
    Part {
        id: "standings",
        title: "Standings",
        note: (left > 0).then(|| {
            format!("{left} deal(s) not settled or not read are not in the standings (see Not checked).")
        }),
        grids,
        empty: "No deal was settled.".into(),
    }
}

fn board_grid(i: usize, b: &Board, full: bool) -> Grid {
    let seats = b.average.len();
    let mut columns = if full {
        place_columns(true)
    } else {
        vec![col("Table")]
    };
    columns.extend([col("Players"), col("Contract"), col("Tricks")]);
    const SEAT: [&str; 4] = ["Seat 0", "Seat 1", "Seat 2", "Seat 3"];
    const VERSUS: [&str; 4] = [
        "Seat 0 vs average",
        "Seat 1 vs average",
        "Seat 2 vs average",
        "Seat 3 vs average",
    ];
    for s in 0..seats.min(4) {
        columns.push(num(SEAT[s]));
        if full {
            columns.push(num(VERSUS[s]));
        }
    }
    let rows = b
        .tables
        .iter()
        .map(|t| {
            let mut row = if full {
                place_cells(&t.place, true)
            } else {
                vec![t
                    .place
                    .table
                    .as_ref()
                    .map(|n| format!("Table {n} ({} deal {})", t.place.file, t.place.record + 1))
                    .unwrap_or_else(|| super::build::place_label(&t.place))]
            };
            row.extend([
                t.players.join(", "),
                t.contract.clone().unwrap_or_else(|| "—".into()),
                t.tricks
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join("-"),
            ]);
            for s in 0..seats.min(4) {
                let score = t.scores.get(s).copied();
                let versus = t.versus_average.get(s).copied();
                if full {
                    row.push(opt(score.map(signed)));
                    row.push(opt(versus.map(signed_f)));
                } else {
                    row.push(match (score, versus) {
                        (Some(sc), Some(v)) => format!("{} ({})", signed(sc), signed_f(v)),
                        _ => String::new(),
                    });
                }
            }
            row
        })
        .collect();
    // "Average" under the first column, empty cells up to the seats'.
    let before_seats = columns.len() - seats.min(4) * if full { 2 } else { 1 };
    let mut average = vec!["Average".to_owned()];
    average.resize(before_seats, String::new());
    for a in b.average.iter().take(4) {
        average.push(signed_f(*a));
        if full {
            average.push(String::new());
        }
    }
    Grid {
        id: format!("board-{}", i + 1),
        title: format!(
            "Board {}: {} ({}, {} tables)",
            i + 1,
            b.board,
            b.variant.name(),
            b.tables.len()
        ),
        columns,
        rows,
        foot: vec![average],
        note: None,
    }
}

fn boards(sheet: &Sheet, full: bool) -> Part {
    Part {
        id: "boards",
        title: "Duplicate comparison",
        note: None,
        grids: sheet
            .boards
            .iter()
            .enumerate()
            .map(|(i, b)| board_grid(i, b, full))
            .collect(),
        empty: "No deal was played at more than one table (same Board tag or same hands).".into(),
    }
}

/// The summary lines at the head of every form: the counts, then what was
/// not checked (or that everything was), then the files with findings and
/// the paths not read.
pub fn summary_lines(sheet: &Sheet) -> Vec<String> {
    let s = &sheet.summary;
    // Counted as `verify` counts them: a path not read is unreadable too.
    let mut lines = vec![format!(
        "{} file(s), {} record(s): {} with findings, {} unreadable, {} not settled",
        s.files,
        s.records,
        s.with_findings,
        s.unreadable + s.unopened.len(),
        s.unsettled
    )];
    lines.push(checked_line(sheet));
    if !s.flagged_files.is_empty() {
        lines.push(format!(
            "Files with findings: {}",
            s.flagged_files.join(", ")
        ));
    }
    for u in &s.unopened {
        lines.push(format!("Could not read {u}"));
    }
    lines
}

/// What was checked, in one line: `NOT CHECKED: ...` unless everything was.
pub fn checked_line(sheet: &Sheet) -> String {
    let s = &sheet.summary;
    let c = &s.claims;
    if s.all_checked {
        return format!(
            "Everything was checked: every path and record read, every deal settled, every claim compared ({} claim(s)).",
            c.compared
        );
    }
    let mut parts = Vec::new();
    if !s.unopened.is_empty() {
        parts.push(format!("{} path(s) not read", s.unopened.len()));
    }
    if s.unreadable > 0 {
        parts.push(format!("{} record(s) unreadable", s.unreadable));
    }
    if s.unsettled > 0 {
        parts.push(format!("{} deal(s) not settled", s.unsettled));
    }
    if c.not_compared > 0 {
        parts.push(format!("{} claim(s) not compared", c.not_compared));
    }
    format!("NOT CHECKED: {} (see Not checked).", parts.join(", "))
}

const TITLE: &str = "Tournament director's report";

/// Aligned plain text, for a terminal: every text from a file is shown
/// through [`escape::text`].
pub fn text(sheet: &Sheet) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}\n{}", TITLE.to_uppercase(), "=".repeat(TITLE.len()));
    for l in summary_lines(sheet) {
        let _ = writeln!(out, "{}", escape::text(&l));
    }
    for part in parts(sheet, false) {
        let _ = writeln!(out, "\n== {} ==", part.title);
        if let Some(note) = &part.note {
            let _ = writeln!(out, "{}", escape::text(note));
        }
        let shown = part.shown();
        if shown.is_empty() {
            let _ = writeln!(out, "{}", escape::text(&part.empty));
        }
        for g in shown {
            let _ = writeln!(out, "\n{}", escape::text(&g.title));
            match (&g.note, g.rows.is_empty()) {
                (Some(note), true) => {
                    let _ = writeln!(out, "{}", escape::text(note));
                }
                _ => text_grid(&mut out, g),
            }
        }
    }
    out
}

fn width(s: &str) -> usize {
    s.chars().count()
}

/// A cell for the terminal: escaped, on one line.
fn text_cell(s: &str) -> String {
    escape::text(s).replace('\n', " ")
}

fn text_grid(out: &mut String, g: &Grid) {
    let n = g.columns.len();
    let cells = |rows: &[Vec<String>]| -> Vec<Vec<String>> {
        rows.iter()
            .map(|r| r.iter().map(|c| text_cell(c)).collect())
            .collect()
    };
    let (rows, foot) = (cells(&g.rows), cells(&g.foot));
    let mut widths: Vec<usize> = g.columns.iter().map(|c| width(&c.name)).collect();
    for row in rows.iter().chain(&foot) {
        for (i, cell) in row.iter().enumerate().take(n) {
            widths[i] = widths[i].max(width(cell));
        }
    }
    let line = |out: &mut String, cells: &[String]| {
        let mut l = String::new();
        for (i, c) in g.columns.iter().enumerate() {
            let cell = cells.get(i).map(String::as_str).unwrap_or("");
            let pad = widths[i] - width(cell);
            if i > 0 {
                l.push_str("  ");
            }
            if c.numeric {
                l.push_str(&" ".repeat(pad));
                l.push_str(cell);
            } else {
                l.push_str(cell);
                if i + 1 < n {
                    l.push_str(&" ".repeat(pad));
                }
            }
        }
        let _ = writeln!(out, "{}", l.trim_end());
    };
    let header: Vec<String> = g.columns.iter().map(|c| c.name.clone()).collect();
    line(out, &header);
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    line(out, &rule);
    for row in &rows {
        line(out, row);
    }
    if !foot.is_empty() {
        line(out, &rule);
        for row in &foot {
            line(out, row);
        }
    }
}

/// GitHub-flavoured Markdown: every text through [`escape::markdown`], so
/// that no name, tag, message or path adds markup, a link or a table cell.
pub fn markdown(sheet: &Sheet) -> String {
    let md = escape::markdown;
    let mut out = String::new();
    let _ = writeln!(out, "# {}\n", md(TITLE));
    for l in summary_lines(sheet) {
        let _ = writeln!(out, "{}  ", md(&l));
    }
    for part in parts(sheet, false) {
        let _ = writeln!(out, "\n## {}", md(part.title));
        if let Some(note) = &part.note {
            let _ = writeln!(out, "\n{}", md(note));
        }
        let shown = part.shown();
        if shown.is_empty() {
            let _ = writeln!(out, "\n{}", md(&part.empty));
        }
        for g in shown {
            let _ = writeln!(out, "\n### {}\n", md(&g.title));
            if let (Some(note), true) = (&g.note, g.rows.is_empty()) {
                let _ = writeln!(out, "{}", md(note));
                continue;
            }
            let header: Vec<String> = g.columns.iter().map(|c| md(&c.name)).collect();
            let _ = writeln!(out, "| {} |", header.join(" | "));
            let align: Vec<&str> = g
                .columns
                .iter()
                .map(|c| if c.numeric { "---:" } else { "---" })
                .collect();
            let _ = writeln!(out, "| {} |", align.join(" | "));
            for (i, row) in g.rows.iter().chain(&g.foot).enumerate() {
                let foot = i >= g.rows.len();
                let cells: Vec<String> = row
                    .iter()
                    .map(|c| match (foot, c.is_empty()) {
                        (true, false) => format!("**{}**", md(c)),
                        _ => md(c),
                    })
                    .collect();
                let _ = writeln!(out, "| {} |", cells.join(" | "));
            }
        }
    }
    out
}

/// CSV (RFC 4180 quoting, `\n` line ends, lower-case headers) for a
/// spreadsheet: each table is a row with its title, a header row and its
/// rows, then an empty line. Every cell through [`escape::csv`] (a cell a
/// spreadsheet would take for a formula is neutralised).
pub fn csv(sheet: &Sheet) -> String {
    let mut out = String::new();
    let row = |out: &mut String, cells: &[String]| {
        let cells: Vec<String> = cells.iter().map(|c| escape::csv(c)).collect();
        let _ = writeln!(out, "{}", cells.join(","));
    };
    for part in parts(sheet, true) {
        for g in &part.grids {
            row(&mut out, std::slice::from_ref(&g.title));
            let header: Vec<String> = g.columns.iter().map(|c| c.name.to_lowercase()).collect();
            row(&mut out, &header);
            for r in g.rows.iter().chain(&g.foot) {
                row(&mut out, r);
            }
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_carry_their_sign() {
        assert_eq!(signed(5), "+5");
        assert_eq!(signed(-5), "-5");
        assert_eq!(signed(0), "0");
        assert_eq!(signed_f(33.333), "+33.33");
        assert_eq!(signed_f(-12.5), "-12.5");
        assert_eq!(signed_f(222.0), "+222");
        assert_eq!(signed_f(-0.001), "0");
    }

    #[test]
    fn empty_columns_are_left_out_for_reading() {
        let mut g = Grid {
            id: "t".into(),
            title: "t".into(),
            columns: vec![col("A"), col("B"), num("C")],
            rows: vec![
                vec!["1".into(), String::new(), "3".into()],
                vec!["4".into(), String::new(), String::new()],
            ],
            foot: vec![vec!["Sum".into(), String::new(), "3".into()]],
            note: None,
        };
        g.drop_empty_columns();
        let names: Vec<&str> = g.columns.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["A", "C"]);
        assert_eq!(g.rows[1], ["4", ""]);
        assert_eq!(g.foot[0], ["Sum", "3"]);
    }
}
