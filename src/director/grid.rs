//! The report as tables ([`Part`]s of [`Grid`]s), and the plain renderers:
//! aligned text, Markdown, CSV. The HTML page (`html.rs`) renders the same
//! grids.

use std::io::{self, Write as _};

use notation::{Party, Seat};

use super::list::List;
use super::tr;
use super::{Board, BoardTable, Place, Sheet};
use crate::escape;

/// One of the report's parts: what was not checked, then the four.
pub struct Part<'a> {
    pub id: &'static str,
    pub title: &'static str,
    /// Said under the title whatever the grids (what the part leaves out).
    pub note: Option<String>,
    /// Made one at a time as they are written (a part may have a grid per
    /// session: issue 23).
    pub grids: Box<dyn Iterator<Item = Grid> + 'a>,
    /// Said when the part has no grid to show.
    pub empty: String,
}

/// Whether a page shows a grid: one with rows, or with a note in their
/// place (a session without a settled deal); an empty grid without a note
/// is left out.
pub fn shown(g: &Grid) -> bool {
    !g.rows.is_empty() || g.note.is_some()
}

fn boxed<'a>(list: Vec<Grid>) -> Box<dyn Iterator<Item = Grid> + 'a> {
    Box::new(list.into_iter())
}

/// A grid's rows, as many as there are: in a [`List`] (memory, then an
/// unnamed file), with what the renderers need of all of them kept as they
/// are added: which columns a row fills, and each column's widest cell.
#[derive(Default)]
pub struct Rows {
    list: List<Vec<String>>,
    filled: Vec<bool>,
    widths: Vec<usize>,
    /// The columns kept ([`Grid::drop_empty_columns`]); all when empty.
    keep: Vec<bool>,
    /// The numeric columns, whose `—` is left empty ([`Grid::numbers_only`]).
    blank: Vec<bool>,
}

impl Rows {
    pub fn push(&mut self, row: Vec<String>) {
        if self.filled.len() < row.len() {
            self.filled.resize(row.len(), false);
            self.widths.resize(row.len(), 0);
        }
        for (i, c) in row.iter().enumerate() {
            self.filled[i] |= !c.is_empty();
            self.widths[i] = self.widths[i].max(width(&text_cell(c)));
        }
        self.list.push(&row);
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The rows as shown: numbers only, or the empty columns left out.
    pub fn iter(&self) -> impl Iterator<Item = Vec<String>> + '_ {
        self.list.iter().map(|mut r| {
            for (cell, numeric) in r.iter_mut().zip(&self.blank) {
                if *numeric && cell == "—" {
                    cell.clear();
                }
            }
            if !self.keep.is_empty() {
                let mut i = 0;
                r.retain(|_| {
                    i += 1;
                    self.keep.get(i - 1).copied().unwrap_or(true)
                });
            }
            r
        })
    }

    /// The widest cell of each column shown, as the terminal shows it.
    fn widths(&self) -> Vec<usize> {
        self.widths
            .iter()
            .enumerate()
            .filter(|(i, _)| self.keep.get(*i).copied().unwrap_or(true))
            .map(|(_, w)| *w)
            .collect()
    }
}

impl FromIterator<Vec<String>> for Rows {
    fn from_iter<I: IntoIterator<Item = Vec<String>>>(iter: I) -> Rows {
        let mut rows = Rows::default();
        for r in iter {
            rows.push(r);
        }
        rows
    }
}

/// One table.
pub struct Grid {
    /// Stable id (HTML `id`, a JSON part's name).
    pub id: String,
    pub title: String,
    pub columns: Vec<Column>,
    pub rows: Rows,
    /// Summary rows under the data (pots, sums, averages).
    pub foot: Vec<Vec<String>>,
    /// Said in place of the table when it has no rows.
    pub note: Option<String>,
}

pub struct Column {
    pub name: String,
    pub numeric: bool,
    /// A fixed label where the name holds text from a file (a seat's
    /// player): the page's `data-label` is then this, never that text.
    pub label: Option<&'static str>,
}

fn col(name: impl Into<String>) -> Column {
    Column {
        name: name.into(),
        numeric: false,
        label: None,
    }
}

fn num(name: impl Into<String>) -> Column {
    Column {
        name: name.into(),
        numeric: true,
        label: None,
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
pub fn parts(sheet: &Sheet, full: bool) -> Vec<Part<'_>> {
    // In the order players read a handout: what was not checked stays
    // first (never an all-clear above it), then the standings.
    let mut parts = vec![
        not_checked(sheet, full),
        standings(sheet, full),
        tables(sheet, full),
        rulings(sheet, full),
        claims(sheet, full),
        lineup(sheet, full),
        irregularities(sheet, full),
        boards(sheet, full),
    ];
    for p in &mut parts {
        let all = std::mem::replace(&mut p.grids, Box::new(std::iter::empty()));
        p.grids = Box::new(all.map(move |mut g| {
            if full {
                g.numbers_only();
            } else {
                g.drop_empty_columns();
            }
            g
        }));
    }
    parts
}

impl Grid {
    /// For a spreadsheet: a numeric column holds numbers or nothing (`—`,
    /// said for "none" when reading, is left empty).
    fn numbers_only(&mut self) {
        self.rows.blank = self.columns.iter().map(|c| c.numeric).collect();
        for r in self.foot.iter_mut() {
            for (cell, c) in r.iter_mut().zip(&self.columns) {
                if c.numeric && cell == "—" {
                    cell.clear();
                }
            }
        }
    }

    /// Leaves out the columns no row fills (no tags, no cards in any
    /// finding): for reading. CSV keeps every column, so that a spreadsheet
    /// always gets the same ones.
    fn drop_empty_columns(&mut self) {
        if self.rows.is_empty() {
            return;
        }
        let keep: Vec<bool> = (0..self.columns.len())
            .map(|i| {
                self.rows.filled.get(i).copied().unwrap_or(false)
                    || self
                        .foot
                        .iter()
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
        for r in self.foot.iter_mut() {
            filter(r);
        }
        self.rows.keep = keep;
    }
}

fn irregularities(sheet: &Sheet, full: bool) -> Part<'_> {
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
            "Findings per player (a score-sheet error is the table's, not counted)",
            "Player",
            &ir.by_player,
        ));
        grids.push(Grid {
            id: "findings-per-player-kind".into(),
            title: "Findings per player and kind, with the fines".into(),
            columns: vec![
                col("Player"),
                col("Kind"),
                num("Findings"),
                col("Fine / consequence"),
            ],
            rows: ir
                .by_player_kind
                .iter()
                .map(|p| {
                    vec![
                        p.player.clone(),
                        p.kind.clone(),
                        p.findings.to_string(),
                        p.consequences.join("; "),
                    ]
                })
                .collect(),
            foot: Vec::new(),
            note: None,
        });
    }
    Part {
        id: "irregularities",
        title: "Irregularities",
        note: None,
        grids: boxed(grids),
        empty: if sheet.summary.all_checked {
            "No irregularities: every deal follows the rules.".into()
        } else {
            "No irregularities in what was checked; not everything was (see Not checked).".into()
        },
    }
}

/// What was not checked: first in every form, so that an empty report is
/// never read as a clean one.
fn not_checked(sheet: &Sheet, full: bool) -> Part<'_> {
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
        grids: boxed(vec![Grid {
            id: "not-checked".into(),
            title: "What was not checked".into(),
            columns,
            rows,
            foot: Vec::new(),
            note: None,
        }]),
        empty: "Everything was checked: every path and record read, every deal settled, every claim compared."
            .into(),
    }
}

fn claims(sheet: &Sheet, full: bool) -> Part<'_> {
    let rows = sheet
        .claims
        .iter()
        .flat_map(|d| {
            let place = d.place;
            d.parties.into_iter().map(move |p| {
                let mut row = place_cells(&place, full);
                if full {
                    // Seat and name apart, numbers only in numeric columns.
                    row.extend([
                        match p.party {
                            Party::Seat(s) => s.to_string(),
                            Party::Pot(pot) => pot.word().to_owned(),
                        },
                        opt(p.player.as_ref()),
                        opt(p.claimed.map(signed)),
                        opt(p.computed.map(signed)),
                        match (p.claimed, p.computed) {
                            (Some(c), Some(r)) => signed(c - r),
                            _ => String::new(),
                        },
                    ]);
                    return row;
                }
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
    if full {
        columns.extend([col("Party"), col("Player")]);
    } else {
        columns.push(col("Party"));
    }
    columns.extend([num("Claimed"), num("Computed"), num("Claimed − computed")]);
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
    let mut notes = Vec::new();
    if !left.is_empty() {
        notes.push(format!("Not compared: {}.", left.join(", ")));
    }
    if sheet.claims.iter().any(|c| c.ruled) {
        notes.push("Where the director ruled, the claim is compared with the ruled result (Computed gives it).".to_owned());
    }
    let note = (!notes.is_empty()).then(|| notes.join(" "));
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
        title: "Score-sheet errors",
        note,
        grids: boxed(
            std::iter::once(Grid {
                id: "claims".into(),
                title: "Score sheets that disagree with the rules".into(),
                columns,
                rows,
                foot: Vec::new(),
                note: None,
            })
            // Only where a `result` is in error: no empty table in every CSV.
            .chain(Some(stated_results(sheet, full)).filter(|g| !g.rows.is_empty()))
            .collect(),
        ),
        empty,
    }
}

/// The stated results (`result` sections) that the cards contradict
/// (`result-mismatch`) or that cannot be (`bad-result`): the table's score
/// sheet's errors, per deal (issue 26). A grid without rows is left out.
fn stated_results(sheet: &Sheet, full: bool) -> Grid {
    let rows = sheet
        .irregularities
        .rows
        .iter()
        .filter(|f| matches!(f.kind, "result-mismatch" | "bad-result"))
        .map(|f| {
            let mut row = place_cells(&f.place, full);
            row.push(f.kind.to_owned());
            row.push(match (f.line, f.column, &f.path) {
                (Some(l), Some(c), _) => format!("{l}:{c}"),
                (_, _, Some(p)) => p.clone(),
                _ => String::new(),
            });
            row.push(f.message.clone());
            row
        })
        .collect();
    let mut columns = place_columns(full);
    columns.extend([col("Finding"), col("Where"), col("What")]);
    Grid {
        id: "stated-results".into(),
        title: "Stated results that disagree with the cards or cannot be".into(),
        columns,
        rows,
        foot: Vec::new(),
        note: None,
    }
}

/// `3=` as the number and the tie apart, for a spreadsheet.
fn rank_cells(rank: &str, full: bool) -> Vec<String> {
    if full {
        let n = rank.trim_end_matches('=');
        let tie = if rank.ends_with('=') { "tied" } else { "" };
        vec![n.to_owned(), tie.to_owned()]
    } else {
        vec![rank.to_owned()]
    }
}

fn rank_columns(full: bool) -> Vec<Column> {
    if full {
        vec![num("Rank"), col("Tie")]
    } else {
        vec![col("Rank")]
    }
}

fn overall_grids(sheet: &Sheet, full: bool) -> Vec<Grid> {
    let mut grids = Vec::new();
    for o in &sheet.standings.overall {
        // A column per round when the deals say their round.
        let by_round = o.rounds.iter().any(|r| r != "-");
        let mut columns = rank_columns(full);
        columns.push(col("Player"));
        if by_round {
            for r in &o.rounds {
                columns.push(num(if r == "-" {
                    "No round".to_owned()
                } else {
                    format!("Round {r}")
                }));
            }
        }
        columns.extend([num("Total"), num("Sessions"), num("Deals"), num("Average")]);
        grids.push(Grid {
            id: format!("overall-{}", o.variant.name()),
            title: format!("Overall: {}", o.variant.name()),
            columns,
            rows: o
                .players
                .iter()
                .map(|p| {
                    let mut row = rank_cells(&p.rank, full);
                    row.push(p.player.clone());
                    if by_round {
                        row.extend(p.per_round.iter().map(|t| signed(*t)));
                    }
                    row.extend([
                        signed(p.total),
                        p.sessions.to_string(),
                        p.deals.to_string(),
                        p.average.map(signed_f).unwrap_or_else(|| "—".into()),
                    ]);
                    row
                })
                .collect(),
            foot: Vec::new(),
            note: None,
        });
    }
    for (i, r) in sheet
        .standings
        .rounds
        .iter()
        .filter(|r| r.round != "-")
        .enumerate()
    {
        let mut columns = rank_columns(full);
        columns.extend([
            col("Player"),
            col("Tables"),
            num("Deals"),
            num("Total"),
            num("Cumulative"),
        ]);
        grids.push(Grid {
            id: format!("round-{}", i + 1),
            title: format!("Round {} ({})", r.round, r.variant.name()),
            columns,
            rows: r
                .players
                .iter()
                .map(|p| {
                    let mut row = rank_cells(&p.rank, full);
                    row.extend([
                        p.player.clone(),
                        p.tables.iter().collect::<Vec<_>>().join(", "),
                        p.deals.to_string(),
                        signed(p.total),
                        signed(p.cumulative),
                    ]);
                    row
                })
                .collect(),
            foot: Vec::new(),
            note: None,
        });
    }
    grids
}

/// A session's standings.
fn session_grid(i: usize, s: &super::SessionStanding) -> Grid {
    {
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
        Grid {
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
                            .map(Seat::to_string)
                            .collect::<Vec<_>>()
                            .join(" "),
                        p.deals.to_string(),
                        signed(p.total),
                        p.average.map(signed_f).unwrap_or_else(|| "—".into()),
                    ]
                })
                .collect(),
            foot,
        }
    }
}

fn standings(sheet: &Sheet, full: bool) -> Part<'_> {
    let overall = overall_grids(sheet, full);
    let left = sheet.summary.unsettled + sheet.summary.unreadable;
    let mut notes = Vec::new();
    if left > 0 {
        notes.push(format!(
            "{left} deal(s) not settled or not read are not in the standings (see Not checked)."
        ));
    }
    if sheet.rulings.iter().any(|r| r.applied) {
        notes.push("The director's rulings are included (see Rulings).".to_owned());
    }
    Part {
        id: "standings",
        title: "Standings",
        note: (!notes.is_empty()).then(|| notes.join(" ")),
        grids: Box::new(
            overall.into_iter().chain(
                sheet
                    .standings
                    .sessions
                    .iter()
                    .enumerate()
                    .map(|(i, s)| session_grid(i, &s)),
            ),
        ),
        empty: "No deal was settled.".into(),
    }
}

/// Per table, each deal: the printable per-table sheet.
fn tables(sheet: &Sheet, full: bool) -> Part<'_> {
    Part {
        id: "tables",
        title: "Results per table",
        note: None,
        grids: Box::new(
            sheet
                .tables
                .iter()
                .enumerate()
                .map(move |(i, t)| table_grid(sheet, i, &t, full)),
        ),
        empty: "No deal was read.".into(),
    }
}

/// A table's sheet.
fn table_grid(sheet: &Sheet, i: usize, t: &super::TableSheet, full: bool) -> Grid {
    {
        let seats = t.totals.len().max(t.players.len());
        let who = |seat: usize| -> String {
            match t.players.get(seat).filter(|n| !n.is_empty()) {
                Some(n) => format!("{seat} {n}"),
                None => format!("Seat {seat}"),
            }
        };
        let mut columns = if full {
            vec![
                col("file"),
                num("record"),
                col("round"),
                col("table"),
                col("board"),
                col("contract"),
                num("declarer seat"),
                col("declarer"),
                col("result"),
            ]
        } else {
            vec![
                num("Deal"),
                col("Board"),
                col("Contract"),
                col("Declarer"),
                col("Result"),
            ]
        };
        const SEAT: [&str; 4] = ["Seat 0", "Seat 1", "Seat 2", "Seat 3"];
        for seat in 0..seats {
            let mut c = num(if full {
                format!("score {seat}")
            } else {
                who(seat)
            });
            c.label = SEAT.get(seat).copied().or(Some("Seat"));
            columns.push(c);
        }
        columns.extend([col("Ruled"), col("Score sheet")]);
        let rows = sheet
            .tables
            .deals_of(t)
            .map(|d| {
                let declarer_name = d
                    .declarer
                    .and_then(|s| t.players.get(s.index()))
                    .cloned()
                    .unwrap_or_default();
                let mut row = if full {
                    vec![
                        t.session.clone(),
                        d.record.to_string(),
                        opt(t.round.as_ref()),
                        opt(t.table.as_ref()),
                        opt(d.board.as_ref()),
                        opt(d.contract.as_ref()),
                        opt(d.declarer),
                        declarer_name,
                        d.result.clone(),
                    ]
                } else {
                    vec![
                        (d.record + 1).to_string(),
                        opt(d.board.as_ref()),
                        d.contract.clone().unwrap_or_else(|| "—".into()),
                        d.declarer
                            .map(|s| {
                                party(
                                    Party::Seat(s),
                                    t.players
                                        .get(s.index())
                                        .map(String::as_str)
                                        .filter(|n| !n.is_empty()),
                                )
                            })
                            .unwrap_or_default(),
                        d.result.clone(),
                    ]
                };
                for seat in 0..seats {
                    row.push(opt(d.scores.get(seat).copied().map(signed)));
                }
                row.push(if d.ruled {
                    "ruled".into()
                } else {
                    String::new()
                });
                row.push(opt(d.score_sheet));
                row
            })
            .collect();
        let mut total = vec!["Total".to_owned()];
        total.resize(columns.len() - seats - 2, String::new());
        total.extend(t.totals.iter().map(|v| signed(*v)));
        total.resize(columns.len(), String::new());
        let mut title = vec![format!("Table {}", t.table.as_deref().unwrap_or("-"))];
        if let Some(r) = &t.round {
            title.push(format!("Round {r}"));
        }
        let names: Vec<&str> = t
            .players
            .iter()
            .map(String::as_str)
            .filter(|n| !n.is_empty())
            .collect();
        let mut heading = format!("{} ({})", title.join(" · "), t.session);
        if !names.is_empty() {
            heading.push_str(&format!(": {}", names.join(", ")));
        }
        if t.score_sheet_errors > 0 {
            heading.push_str(&format!(" — {} score-sheet error(s)", t.score_sheet_errors));
        }
        Grid {
            id: format!("table-{}", i + 1),
            title: heading,
            columns,
            rows,
            foot: vec![total],
            note: (t.deals == 0).then(|| "No deal of this table could be read.".to_owned()),
        }
    }
}

/// The director's rulings, as written in the `Ruling` tags.
fn rulings(sheet: &Sheet, full: bool) -> Part<'_> {
    let seats = sheet
        .rulings
        .iter()
        .map(|r| r.scores.len())
        .max()
        .unwrap_or(0);
    let mut columns = place_columns(full);
    if full {
        columns.extend([col("ruling"), num("seat"), col("player"), num("amount")]);
        for s in 0..seats {
            columns.push(num(format!("score {s}")));
        }
        columns.extend([col("reason"), col("rule"), col("applied")]);
    } else {
        columns.extend([
            col("Ruling"),
            col("Party"),
            col("Change"),
            col("Reason"),
            col("Rule"),
            col("Applied"),
        ]);
    }
    let rows = sheet
        .rulings
        .iter()
        .map(|r| {
            let mut row = place_cells(&r.place, full);
            let applied = if r.applied {
                "yes".to_owned()
            } else {
                "no: the deal is not settled".to_owned()
            };
            if full {
                row.extend([
                    r.ruling.to_owned(),
                    opt(r.seat),
                    opt(r.player.as_ref()),
                    opt(r.amount),
                ]);
                for s in 0..seats {
                    row.push(opt(r.scores.get(s)));
                }
                row.extend([r.reason.clone(), opt(r.rule.as_ref()), applied]);
            } else {
                let (who, change) = match (r.seat, r.amount) {
                    (Some(s), Some(a)) => (party(Party::Seat(s), r.player.as_deref()), signed(a)),
                    _ => (
                        "every seat".to_owned(),
                        r.scores
                            .iter()
                            .enumerate()
                            .map(|(s, v)| format!("{s}: {}", signed(*v)))
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
                };
                row.extend([
                    r.ruling.to_owned(),
                    who,
                    change,
                    r.reason.clone(),
                    opt(r.rule.as_ref()),
                    applied,
                ]);
            }
            row
        })
        .collect();
    Part {
        id: "rulings",
        title: "Rulings",
        note: None,
        grids: boxed(vec![Grid {
            id: "rulings".into(),
            title: "The director's rulings".into(),
            columns,
            rows,
            foot: Vec::new(),
            note: None,
        }]),
        empty: "No ruling (no `Ruling` tag in the records read).".into(),
    }
}

/// Line-up checks: names, seats, tables, boards.
fn lineup(sheet: &Sheet, full: bool) -> Part<'_> {
    let columns = if full {
        vec![
            col("kind"),
            col("severity"),
            col("player"),
            col("file"),
            num("record"),
            col("message"),
        ]
    } else {
        vec![
            col("Kind"),
            col("Severity"),
            col("Player"),
            col("File"),
            num("Deal"),
            col("Finding"),
        ]
    };
    let rows = sheet
        .lineup
        .iter()
        .map(|l| {
            vec![
                l.kind.to_owned(),
                l.severity.to_owned(),
                opt(l.player.as_ref()),
                opt(l.file.as_ref()),
                opt(l.record.map(|r| if full { r } else { r + 1 })),
                l.message.clone(),
            ]
        })
        .collect();
    Part {
        id: "lineup",
        title: "Line-up",
        note: None,
        grids: boxed(vec![Grid {
            id: "lineup".into(),
            title: "Names, seats, tables and boards".into(),
            columns,
            rows,
            foot: Vec::new(),
            note: None,
        }]),
        empty: format!(
            "No line-up problem in the records read: no player at two tables of a round (by the Table tags) or twice at one, every session one table, every Board tag over the same cards, {}.",
            match sheet.header.register {
                Some(n) => format!("every name in the register ({n} names)"),
                None => "no two names alike (no register given)".to_owned(),
            }
        ),
    }
}

fn board_grid(i: usize, b: &Board, tables: impl Iterator<Item = BoardTable>, full: bool) -> Grid {
    let seats = b.average.len();
    let mut columns = if full {
        place_columns(true)
    } else {
        vec![col("Table")]
    };
    columns.extend([col("Players"), col("Contract"), col("Tricks")]);
    for s in 0..seats.min(4) {
        columns.push(num(format!("Seat {s}")));
        if full {
            columns.push(num(format!("Seat {s} vs average")));
        }
        columns.push(num(format!("Seat {s} MP")));
        if full {
            columns.push(num(format!("Seat {s} percent")));
        }
    }
    let rows = tables
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
                let mp = t.matchpoints.get(s).copied();
                let pct = t.percent.get(s).copied();
                if full {
                    row.push(opt(score.map(signed)));
                    row.push(opt(versus.map(signed_f)));
                    row.push(opt(mp));
                    row.push(opt(pct));
                } else {
                    row.push(match (score, versus) {
                        (Some(sc), Some(v)) => format!("{} ({})", signed(sc), signed_f(v)),
                        _ => String::new(),
                    });
                    row.push(match (mp, pct) {
                        (Some(m), Some(p)) => format!("{m} ({p}%)"),
                        _ => String::new(),
                    });
                }
            }
            row
        })
        .collect();
    // "Average" under the first column, empty cells up to the seats'.
    let per_seat = if full { 4 } else { 2 };
    let before_seats = columns.len() - seats.min(4) * per_seat;
    let mut average = vec!["Average".to_owned()];
    average.resize(before_seats, String::new());
    for a in b.average.iter().take(4) {
        average.push(signed_f(*a));
        average.resize(average.len() + per_seat - 1, String::new());
    }
    Grid {
        id: format!("board-{}", i + 1),
        title: format!(
            "Board {}: {} ({}, {} tables, top {} matchpoints)",
            i + 1,
            b.board,
            b.variant.name(),
            b.tables,
            b.top
        ),
        columns,
        rows,
        foot: vec![average],
        note: None,
    }
}

fn boards(sheet: &Sheet, full: bool) -> Part<'_> {
    Part {
        id: "boards",
        title: "Duplicate comparison",
        note: (!sheet.boards.is_empty()).then(|| {
            "Each seat against the same seat at the other tables: its score, the difference from the board's average, and matchpoints (2 for each score beaten, 1 for each tie) with their percentage of the top.".to_owned()
        }),
        // One board's grid made at a time, as it is written.
        grids: Box::new(sheet
            .boards
            .iter()
            .enumerate()
            .map(move |(i, (b, tables))| board_grid(i, &b, tables, full))
            .chain(sheet.duplicate.iter().map(move |d| {
                let mut columns = rank_columns(full);
                columns.extend([
                    col("Player"),
                    num("Boards"),
                    num("Matchpoints"),
                    num("Top"),
                    num("Percent"),
                ]);
                Grid {
                    id: format!("duplicate-{}", d.variant.name()),
                    title: format!("Duplicate total: {}", d.variant.name()),
                    columns,
                    rows: d
                        .players
                        .iter()
                        .map(|p| {
                            let mut row = rank_cells(&p.rank, full);
                            row.extend([
                                p.player.clone(),
                                p.boards.to_string(),
                                p.matchpoints.to_string(),
                                p.top.to_string(),
                                opt(p.percent),
                            ]);
                            row
                        })
                        .collect(),
                    foot: Vec::new(),
                    note: None,
                }
            }))),
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
    let findings = sheet
        .lineup
        .iter()
        .filter(|l| l.severity == "finding")
        .count();
    let warnings = sheet.lineup.len() - findings;
    if !sheet.lineup.is_empty() {
        lines.push(format!(
            "Line-up: {findings} finding(s), {warnings} warning(s) (see Line-up)."
        ));
    }
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

/// The handout's head: the event, site, date, rounds and the tool.
pub fn header_line(sheet: &Sheet) -> String {
    let h = &sheet.header;
    let mut parts = Vec::new();
    for (name, values) in [("Event", &h.events), ("Site", &h.sites), ("Date", &h.dates)] {
        if !values.is_empty() {
            parts.push(format!("{name}: {}", values.join(", ")));
        }
    }
    if !h.rounds.is_empty() {
        parts.push(format!(
            "{} round(s): {}",
            h.rounds.len(),
            h.rounds.join(", ")
        ));
    }
    if let Some(n) = h.register {
        parts.push(format!("register of {n} players"));
    }
    parts.push(format!("checked by {}", h.tool));
    parts.join(" · ")
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

pub(super) const TITLE: &str = "Tournament director's report";

/// Aligned plain text, for a terminal: every text from a file is shown
/// through [`escape::text`]. Written as it goes: a grid's column widths are
/// known from its rows as they were added ([`Rows`]).
pub fn text(sheet: &Sheet, out: &mut dyn io::Write) -> io::Result<()> {
    let lang = sheet.lang;
    let title = tr(lang, TITLE);
    writeln!(
        out,
        "{}\n{}",
        title.to_uppercase(),
        "=".repeat(width(&title))
    )?;
    writeln!(out, "{}", escape::text(&header_line(sheet)))?;
    for l in summary_lines(sheet) {
        writeln!(out, "{}", escape::text(&l))?;
    }
    for part in parts(sheet, false) {
        writeln!(out, "\n== {} ==", tr(lang, part.title))?;
        if let Some(note) = &part.note {
            writeln!(out, "{}", escape::text(note))?;
        }
        let mut shown = part.grids.filter(shown).peekable();
        if shown.peek().is_none() {
            writeln!(out, "{}", escape::text(&part.empty))?;
        }
        for g in shown {
            writeln!(out, "\n{}", escape::text(&g.title))?;
            match (&g.note, g.rows.is_empty()) {
                (Some(note), true) => writeln!(out, "{}", escape::text(note))?,
                _ => text_grid(out, &g, lang)?,
            }
        }
    }
    Ok(())
}

fn width(s: &str) -> usize {
    s.chars().count()
}

/// A cell for the terminal: escaped, on one line.
fn text_cell(s: &str) -> String {
    escape::text(s).replace('\n', " ")
}

fn text_grid(out: &mut dyn io::Write, g: &Grid, lang: super::Lang) -> io::Result<()> {
    let n = g.columns.len();
    let cells = |r: &[String]| -> Vec<String> { r.iter().map(|c| text_cell(c)).collect() };
    let mut foot: Vec<Vec<String>> = g.foot.iter().map(|r| cells(r)).collect();
    for r in &mut foot {
        if let Some(first) = r.first_mut() {
            *first = tr(lang, first);
        }
    }
    // A header may hold a name (a table's seats): escaped as a cell.
    let header: Vec<String> = g
        .columns
        .iter()
        .map(|c| text_cell(&tr(lang, &c.name)))
        .collect();
    let mut widths: Vec<usize> = header.iter().map(|c| width(c)).collect();
    for (i, w) in g.rows.widths().into_iter().enumerate().take(n) {
        widths[i] = widths[i].max(w);
    }
    for row in &foot {
        for (i, cell) in row.iter().enumerate().take(n) {
            widths[i] = widths[i].max(width(cell));
        }
    }
    let line = |out: &mut dyn io::Write, cells: &[String]| -> io::Result<()> {
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
        writeln!(out, "{}", l.trim_end())
    };
    line(out, &header)?;
    let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
    line(out, &rule)?;
    for row in g.rows.iter() {
        line(out, &cells(&row))?;
    }
    if !foot.is_empty() {
        line(out, &rule)?;
        for row in &foot {
            line(out, row)?;
        }
    }
    Ok(())
}

/// GitHub-flavoured Markdown: every text through [`escape::markdown`], so
/// that no name, tag, message or path adds markup, a link or a table cell.
pub fn markdown(sheet: &Sheet, out: &mut dyn io::Write) -> io::Result<()> {
    let md = escape::markdown;
    let lang = sheet.lang;
    writeln!(out, "# {}\n", md(&tr(lang, TITLE)))?;
    writeln!(out, "{}  ", md(&header_line(sheet)))?;
    for l in summary_lines(sheet) {
        writeln!(out, "{}  ", md(&l))?;
    }
    for part in parts(sheet, false) {
        writeln!(out, "\n## {}", md(&tr(lang, part.title)))?;
        if let Some(note) = &part.note {
            writeln!(out, "\n{}", md(note))?;
        }
        let mut shown = part.grids.filter(shown).peekable();
        if shown.peek().is_none() {
            writeln!(out, "\n{}", md(&part.empty))?;
        }
        for g in shown {
            writeln!(out, "\n### {}\n", md(&g.title))?;
            if let (Some(note), true) = (&g.note, g.rows.is_empty()) {
                writeln!(out, "{}", md(note))?;
                continue;
            }
            let header: Vec<String> = g.columns.iter().map(|c| md(&tr(lang, &c.name))).collect();
            writeln!(out, "| {} |", header.join(" | "))?;
            let align: Vec<&str> = g
                .columns
                .iter()
                .map(|c| if c.numeric { "---:" } else { "---" })
                .collect();
            writeln!(out, "| {} |", align.join(" | "))?;
            let rows = g.rows.iter().map(|r| (false, r));
            for (foot, row) in rows.chain(g.foot.iter().map(|r| (true, r.clone()))) {
                let cells: Vec<String> = row
                    .iter()
                    .enumerate()
                    .map(|(k, c)| match (foot, c.is_empty()) {
                        (true, false) if k == 0 => format!("**{}**", md(&tr(lang, c))),
                        (true, false) => format!("**{}**", md(c)),
                        _ => md(c),
                    })
                    .collect();
                writeln!(out, "| {} |", cells.join(" | "))?;
            }
        }
    }
    Ok(())
}

/// One CSV row: every cell through [`escape::csv`] (a cell a spreadsheet
/// would take for a formula is neutralised).
fn csv_row(out: &mut dyn io::Write, cells: &[String]) -> io::Result<()> {
    let cells: Vec<String> = cells.iter().map(|c| escape::csv(c)).collect();
    writeln!(out, "{}", cells.join(","))
}

/// The byte-order mark a spreadsheet (Excel) needs to read UTF-8.
pub const BOM: &str = "\u{feff}";

/// One table of the report as a CSV file of its own (`--out DIR`,
/// `--table ID`): a header row (lower case) and the rows, summary rows
/// last; no title row, so that a spreadsheet reads the first row as the
/// header.
fn csv_table(out: &mut dyn io::Write, g: &Grid) -> io::Result<()> {
    let header: Vec<String> = g.columns.iter().map(|c| c.name.to_lowercase()).collect();
    csv_row(out, &header)?;
    for r in g.rows.iter() {
        csv_row(out, &r)?;
    }
    for r in &g.foot {
        csv_row(out, r)?;
    }
    Ok(())
}

/// The tables of the report for CSV, one at a time.
pub fn csv_grids(sheet: &Sheet) -> impl Iterator<Item = Grid> + '_ {
    parts(sheet, true).into_iter().flat_map(|p| p.grids)
}

/// CSV (RFC 4180 quoting, `\n` line ends, lower-case headers) for a
/// spreadsheet: each table is a row with its title, a header row and its
/// rows, then an empty line.
pub fn csv(sheet: &Sheet, out: &mut dyn io::Write) -> io::Result<()> {
    for g in csv_grids(sheet) {
        csv_row(out, std::slice::from_ref(&g.title))?;
        csv_table(out, &g)?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// Where CSV goes: `--out DIR` (one file per table), `--table ID` (that
/// table alone), `--excel` (a byte-order mark first, for Excel).
#[derive(Debug, Default, Clone)]
pub struct CsvTarget {
    pub out: Option<std::path::PathBuf>,
    pub table: Option<String>,
    pub excel: bool,
}

/// The CSV form as `target` asks, on `out`: the report, or the table
/// asked, or (`--out`) the files written, one a line. `Err` is a usage or
/// write error, said in words (a failed write on `out` is `out`'s to
/// report: [`crate::out::Stdout`] keeps it).
pub fn csv_for(sheet: &Sheet, target: &CsvTarget, out: &mut dyn io::Write) -> Result<(), String> {
    let bom = if target.excel { BOM } else { "" };
    let chosen = |g: &Grid| target.table.as_ref().is_none_or(|id| *id == g.id);
    let mut found = false;
    match &target.out {
        None if target.table.is_some() => {
            if let Some(g) = csv_grids(sheet).find(|g| chosen(g)) {
                found = true;
                let _ = out
                    .write_all(bom.as_bytes())
                    .and_then(|()| csv_table(out, &g));
            }
        }
        None => {
            let _ = out.write_all(bom.as_bytes()).and_then(|()| csv(sheet, out));
            return Ok(());
        }
        Some(_) if target.table.is_some() && !csv_grids(sheet).any(|g| chosen(&g)) => {}
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            for g in csv_grids(sheet).filter(|g| chosen(g)) {
                found = true;
                let path = dir.join(format!("{}.csv", g.id));
                let write = || -> io::Result<()> {
                    let mut f = io::BufWriter::new(std::fs::File::create(&path)?);
                    f.write_all(bom.as_bytes())?;
                    csv_table(&mut f, &g)?;
                    f.flush()
                };
                write().map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                if writeln!(out, "{}", path.display()).is_err() {
                    break;
                }
            }
        }
    }
    match &target.table {
        Some(id) if !found => {
            let ids: Vec<String> = csv_grids(sheet).map(|g| g.id).collect();
            Err(format!(
                "no table `{id}` in this report; its tables: {}",
                ids.join(", ")
            ))
        }
        _ => Ok(()),
    }
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
            rows: [
                vec!["1".into(), String::new(), "3".into()],
                vec!["4".into(), String::new(), String::new()],
            ]
            .into_iter()
            .collect(),
            foot: vec![vec!["Sum".into(), String::new(), "3".into()]],
            note: None,
        };
        g.drop_empty_columns();
        let names: Vec<&str> = g.columns.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["A", "C"]);
        assert_eq!(g.rows.iter().nth(1).unwrap(), ["4", ""]);
        assert_eq!(g.foot[0], ["Sum", "3"]);
    }
}
