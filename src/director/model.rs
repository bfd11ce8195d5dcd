//! The report's data model: what `--format json` writes (spec/report.md),
//! and what every other form renders.

use notation::{Party, Seat, Variant};
use serde::{Deserialize, Serialize};

use std::cell::RefCell;
use std::rc::Rc;

use super::list::{self, List};

/// A word of the program's own (a kind, a rule id): written as `&'static
/// str` (an alias, so that serde does not borrow it when a row is read back
/// from a [`List`]).
pub type Word = &'static str;

/// The whole report: the `--format json` document.
#[derive(Debug, Serialize)]
pub struct Sheet {
    /// The language of the labels of text, Markdown and HTML (`--lang`).
    #[serde(skip)]
    pub lang: super::Lang,
    /// The event: what the handout's head says.
    pub header: Header,
    pub summary: Summary,
    /// What could not be checked: paths not read, records unreadable, deals
    /// not settled (their claims not compared). Empty when everything was.
    pub not_checked: List<Unchecked>,
    pub irregularities: Irregularities,
    pub claims: List<ClaimDeal>,
    pub standings: Standings,
    pub boards: Boards,
    /// Per table (a session): each deal's contract, declarer, result and
    /// score: the printable per-table sheet.
    pub tables: Tables,
    /// The director's rulings (`Ruling` tags), in input order.
    pub rulings: List<RulingRow>,
    /// Line-up checks: names, seats, tables, boards (spec/report.md).
    pub lineup: Vec<LineupFinding>,
    /// Per player, the matchpoints of every board played at several
    /// tables, best first (one list per variant).
    pub duplicate: Vec<DuplicateStanding>,
}

/// The handout's head: what the `Event`, `Site`, `Date` and `Round` tags
/// say (each distinct value, in order of first appearance), and the tool.
#[derive(Debug, Serialize)]
pub struct Header {
    pub events: Vec<String>,
    pub sites: Vec<String>,
    pub dates: Vec<String>,
    pub rounds: Vec<String>,
    /// `tarok 0.1.0`.
    pub tool: String,
    /// The names in the register (`--players`), when one was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub register: Option<usize>,
}

/// One deal of a table's sheet.
#[derive(Debug, Serialize, Deserialize)]
pub struct TableDeal {
    /// 0-based, as in JSON everywhere.
    pub record: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
    /// The last bid, then the calls and contras (without the bidder).
    pub contract: Option<String>,
    /// The seat (and name) of the last bid; a Danish tout's seat.
    pub declarer: Option<Seat>,
    /// `made` (the declarer's score is positive), `lost` (negative),
    /// `0`; `not settled` without a result.
    pub result: String,
    /// Each seat's score (the ruled one when a ruling applies); empty when
    /// not settled.
    pub scores: Vec<i64>,
    /// A ruling changed the computed score.
    pub ruled: bool,
    /// `agrees`, `disagrees` (a score-sheet error), or absent without a
    /// claim or when not compared.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(default, deserialize_with = "list::word_opt")]
    pub score_sheet: Option<Word>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct TableSheet {
    /// The session's name (its file).
    pub session: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    /// The names of the first deal's `Players` tag, by seat.
    pub players: Vec<String>,
    /// The table's deals: `deals` rows of [`Tables::deals`] from the mark
    /// `deals_at` (written between `players` and `totals` in JSON: see
    /// `TableJson`; these two are for the list, not the JSON form).
    pub deals_at: u64,
    pub deals: usize,
    /// Each seat's sum over the settled deals.
    pub totals: Vec<i64>,
    /// Deals whose score sheet disagrees with the (ruled) result.
    pub score_sheet_errors: usize,
}

/// The per-table sheets, by round and table: the sheets and their deals
/// in two lists, in input order, and the order they are shown in.
#[derive(Debug, Default)]
pub struct Tables {
    pub sheets: List<TableSheet>,
    pub deals: List<TableDeal>,
    /// The sheets' marks in `sheets`, by round and table; `None` when
    /// that is the order they were read in.
    pub order: Option<Vec<u64>>,
}

impl Tables {
    /// The sheets in the order shown.
    pub fn iter(&self) -> Box<dyn Iterator<Item = TableSheet> + '_> {
        match &self.order {
            None => Box::new(self.sheets.iter()),
            Some(order) => Box::new(
                order
                    .iter()
                    .filter_map(|at| self.sheets.iter_from(*at).next()),
            ),
        }
    }

    /// A sheet's deals.
    pub fn deals_of(&self, t: &TableSheet) -> impl Iterator<Item = TableDeal> + '_ {
        self.deals.iter_from(t.deals_at).take(t.deals)
    }
}

impl Serialize for Tables {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter().map(|t| TableJson(t, self)))
    }
}

/// A table's sheet as JSON: its deals in their place.
struct TableJson<'a>(TableSheet, &'a Tables);

impl Serialize for TableJson<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        struct Deals<'a>(&'a TableSheet, &'a Tables);
        impl Serialize for Deals<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.1.deals_of(self.0))
            }
        }
        let t = &self.0;
        let mut st = s.serialize_struct("TableSheet", 7)?;
        st.serialize_field("session", &t.session)?;
        match &t.round {
            Some(r) => st.serialize_field("round", r)?,
            None => st.skip_field("round")?,
        }
        match &t.table {
            Some(r) => st.serialize_field("table", r)?,
            None => st.skip_field("table")?,
        }
        st.serialize_field("players", &t.players)?;
        st.serialize_field("deals", &Deals(t, self.1))?;
        st.serialize_field("totals", &t.totals)?;
        st.serialize_field("score_sheet_errors", &t.score_sheet_errors)?;
        st.end()
    }
}

/// A director's ruling (`Ruling` tag, spec/notation.md §3.4).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RulingRow {
    #[serde(flatten)]
    pub place: Place,
    /// `adjust` or `assign`.
    #[serde(deserialize_with = "list::word")]
    pub ruling: Word,
    /// `adjust`: the seat and the amount added to its score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub amount: Option<i64>,
    /// `assign`: every seat's score, replacing the computed ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<i64>,
    pub reason: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Whether it changed the standings (a ruling on a deal not settled
    /// is listed, not applied).
    pub applied: bool,
}

/// A line-up check's finding (names, seats, tables, boards).
#[derive(Debug, Clone, Serialize)]
pub struct LineupFinding {
    /// `unknown-player`, `similar-names`, `player-twice-at-table`,
    /// `player-at-two-tables`, `mixed-tables`, `board-differs`.
    pub kind: &'static str,
    /// `finding` (exit 1) or `warning` (reported, exit code unchanged).
    pub severity: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    pub message: String,
}

#[derive(Debug, Serialize)]
pub struct DuplicateStanding {
    pub variant: Variant,
    pub players: Vec<DuplicateLine>,
}

#[derive(Debug, Serialize)]
pub struct DuplicateLine {
    /// `1`, `3=` for a tie.
    pub rank: String,
    pub player: String,
    /// Boards the player played that were compared.
    pub boards: usize,
    pub matchpoints: u32,
    /// The most the player could have scored on those boards.
    pub top: u32,
    /// `matchpoints / top`, in percent, two decimals.
    pub percent: Option<f64>,
}

#[derive(Debug, Serialize)]
pub struct Summary {
    pub files: usize,
    pub records: usize,
    /// Records that could not be read (parse errors).
    pub unreadable: usize,
    /// Records read with at least one finding.
    pub with_findings: usize,
    /// Deals the engines settled.
    pub settled: usize,
    /// Deals read that no engine settled (an incomplete record, a tag or
    /// option that cannot be read, pots not known): not scored, their
    /// claims not compared.
    pub unsettled: usize,
    /// The claimed results: compared with the rules, or not.
    pub claims: ClaimCount,
    /// Every path and record read, every deal settled and so every claim
    /// compared: only then does the report say that all agrees.
    pub all_checked: bool,
    /// Files with a finding or an unreadable record, in input order.
    pub flagged_files: Vec<String>,
    /// Paths that could not be read (a missing file, a broken link, a
    /// folder without a record file, a file with no record), with the
    /// reason: `path: why`.
    pub unopened: Vec<String>,
}

#[derive(Debug, Default, Serialize)]
pub struct ClaimCount {
    /// Claims of settled deals: compared with what the rules give.
    pub compared: usize,
    /// Of those, the ones that disagree (`claim-mismatch`).
    pub disagree: usize,
    /// Claims of deals not settled: not compared. (What an unreadable
    /// record claims is not known: see `unreadable`.)
    pub not_compared: usize,
}

/// One thing not checked.
#[derive(Debug, Serialize, Deserialize)]
pub struct Unchecked {
    /// The path, as given or found in a folder (`<stdin>` for `-`).
    pub file: String,
    /// The record (from 0), for a record or a deal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub record: Option<usize>,
    /// `path` (not read), `record` (unreadable) or `deal` (not settled).
    #[serde(deserialize_with = "list::word")]
    pub what: Word,
    /// The finding's kind that says why (`incomplete`, `invalid-utf8`,
    /// `bad-tag`, ...), when a finding says it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(default, deserialize_with = "list::word_opt")]
    pub kind: Option<Word>,
    /// Why, in words.
    pub reason: String,
    /// The deal claims a result that could not be compared.
    pub claim_not_compared: bool,
}

/// Where a deal is: its file and record, and the tags a director files it by.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Place {
    pub file: String,
    /// 0-based, as in `verify --format json`.
    pub record: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct Irregularities {
    pub rows: List<Irregularity>,
    /// A row is a `bad-tag` (bad input, exit 2).
    #[serde(skip)]
    pub bad_tag: bool,
    /// Findings per kind, most frequent first.
    pub by_kind: Vec<Count>,
    /// Findings per player (findings that name a seat; a score-sheet
    /// error is the table's, not counted), most first.
    pub by_player: Vec<Count>,
    /// The same, per player and kind, with the fines and consequences.
    pub by_player_kind: Vec<PlayerKind>,
}

#[derive(Debug, Serialize)]
pub struct PlayerKind {
    pub player: String,
    pub kind: String,
    pub findings: usize,
    /// Each distinct fine or consequence these findings carried.
    pub consequences: Vec<String>,
}

/// One finding.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Irregularity {
    #[serde(flatten)]
    pub place: Place,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    #[serde(deserialize_with = "list::word")]
    pub kind: Word,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(default, deserialize_with = "list::word_opt")]
    pub rule: Option<Word>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trick: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// The fine paid for it, or what it does to the deal (spec/report.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub consequence: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// Where in a JSON document, for sources without line and column.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    pub message: String,
}

#[derive(Debug, Serialize)]
pub struct Count {
    pub name: String,
    pub findings: usize,
}

/// A deal whose claimed results disagree with the rules.
#[derive(Debug, Serialize, Deserialize)]
pub struct ClaimDeal {
    #[serde(flatten)]
    pub place: Place,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    /// Every seat of the table, then the pots (Danish Tarok).
    pub parties: Vec<ClaimParty>,
    /// Compared with the result a director's ruling gave, not the
    /// computed one (`computed` is then the ruled result).
    pub ruled: bool,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct ClaimParty {
    pub party: Party,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// What the score sheet says; absent when it says nothing for the party.
    pub claimed: Option<i64>,
    /// What the rules give.
    pub computed: Option<i64>,
}

#[derive(Debug, Serialize)]
pub struct Standings {
    pub sessions: List<SessionStanding>,
    /// Per variant and round (`Round` tag), every player's result in it.
    pub rounds: Vec<RoundStanding>,
    /// Over the whole input, one table per variant (scores of different
    /// games are not added up).
    pub overall: Vec<Overall>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct SessionStanding {
    /// The session's name: its file today.
    pub session: String,
    pub variants: Vec<Variant>,
    /// Deals the engines settled.
    pub deals: usize,
    /// Deals read but not settled (not in the standings).
    pub unsettled: usize,
    /// Records of the session that could not be read.
    pub unreadable: usize,
    /// Best first.
    pub players: Vec<PlayerLine>,
    /// Danish Tarok: the pots at the session's start and end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pots: Option<SessionPots>,
    /// The players' totals plus what went into the pots: 0 when the engines
    /// balance.
    pub sum: i64,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct PlayerLine {
    pub player: String,
    /// The seats the player sat at.
    pub seats: Vec<Seat>,
    /// Settled deals the player played in (a Danish seat sitting out does
    /// not play).
    pub deals: usize,
    pub total: i64,
    /// `total / deals`, rounded to two decimals; absent without deals.
    pub average: Option<f64>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct SessionPots {
    /// `[king-pot, pagat-pot]` before the session's first deal.
    pub start: [i64; 2],
    /// `[king-pot, pagat-pot]` after its last deal.
    pub end: [i64; 2],
    /// What the deals paid into (+) or out of (-) the pots, per pot.
    pub paid_in: [i64; 2],
}

#[derive(Debug, Serialize)]
pub struct Overall {
    pub variant: Variant,
    /// The rounds (`Round` tags) in order of first appearance; `-` for
    /// deals without one. Each player's `per_round` follows this order.
    pub rounds: Vec<String>,
    pub players: Vec<OverallLine>,
}

#[derive(Debug, Serialize)]
pub struct RoundStanding {
    pub variant: Variant,
    pub round: String,
    pub players: Vec<RoundLine>,
}

#[derive(Debug, Serialize)]
pub struct RoundLine {
    pub rank: String,
    pub player: String,
    /// Where the player sat: the `Table` tag, else the session's name.
    pub tables: List<String>,
    pub deals: usize,
    pub total: i64,
    /// The player's total over the rounds so far: this one and every
    /// round before it in order (the carry-over a handout shows per round).
    pub cumulative: i64,
}

#[derive(Debug, Serialize)]
pub struct OverallLine {
    /// `1`, `2`, `3=` (tied on total), best first.
    pub rank: String,
    pub player: String,
    /// The player's total per round, in the order of `rounds`; the
    /// running sum of these is `total`.
    pub per_round: Vec<i64>,
    pub sessions: usize,
    pub deals: usize,
    pub total: i64,
    pub average: Option<f64>,
}

/// One deal played at several tables: what is said of it besides its
/// tables ([`Boards`] holds the tables).
#[derive(Debug, Serialize, Deserialize)]
pub struct Board {
    pub variant: Variant,
    /// The `Board` tag, or the place of the first table for identical hands.
    pub board: String,
    /// `board-tag` or `same-hands`.
    #[serde(deserialize_with = "list::word")]
    pub matched_by: Word,
    /// How many tables played it: its next `tables` in [`Boards::tables`].
    pub tables: usize,
    /// The most matchpoints a seat can score: 2 per other table.
    pub top: u32,
    /// Each seat's average score over the tables.
    pub average: Vec<f64>,
}

/// The boards played at several tables, in order of their first table, and
/// their tables, board after board, in two lists (issue 23: one board may
/// have been played at a million tables). As JSON, each board holds its
/// tables: `{"variant", "board", "matched_by", "tables": [...], "top",
/// "average"}` (spec/report.md).
#[derive(Debug, Default)]
pub struct Boards {
    pub heads: List<Board>,
    pub tables: List<BoardTable>,
}

impl Boards {
    pub fn is_empty(&self) -> bool {
        self.heads.is_empty()
    }

    /// Each board with its tables, read in one pass over both lists (the
    /// tables of a board not taken are passed over when the next board is
    /// asked for).
    pub fn iter(&self) -> BoardIter<'_> {
        BoardIter {
            heads: self.heads.iter(),
            tables: Rc::new(RefCell::new((self.tables.iter(), 0))),
        }
    }
}

/// The tables' list as read, and how many tables of the board last given
/// are still to be read.
type Shared<'a> = Rc<RefCell<(list::Iter<'a, BoardTable>, usize)>>;

pub struct BoardIter<'a> {
    heads: list::Iter<'a, Board>,
    tables: Shared<'a>,
}

/// A board's tables, read from the list shared with the other boards.
pub struct BoardTables<'a>(Shared<'a>);

impl Iterator for BoardTables<'_> {
    type Item = BoardTable;

    fn next(&mut self) -> Option<BoardTable> {
        let mut shared = self.0.borrow_mut();
        let (tables, left) = &mut *shared;
        if *left == 0 {
            return None;
        }
        *left -= 1;
        tables.next()
    }
}

impl<'a> Iterator for BoardIter<'a> {
    type Item = (Board, BoardTables<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        let b = self.heads.next()?;
        {
            let mut shared = self.tables.borrow_mut();
            let (tables, left) = &mut *shared;
            tables.by_ref().take(*left).for_each(drop);
            *left = b.tables;
        }
        Some((b, BoardTables(self.tables.clone())))
    }
}

impl Serialize for Boards {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        /// Serialized once: the tables are taken from the list as written.
        struct Tables<'a>(RefCell<Option<BoardTables<'a>>>);
        impl Serialize for Tables<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.0.borrow_mut().take().into_iter().flatten())
            }
        }
        struct One<'a>(Board, Tables<'a>);
        impl Serialize for One<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let b = &self.0;
                let mut st = s.serialize_struct("Board", 6)?;
                st.serialize_field("variant", &b.variant)?;
                st.serialize_field("board", &b.board)?;
                st.serialize_field("matched_by", &b.matched_by)?;
                st.serialize_field("tables", &self.1)?;
                st.serialize_field("top", &b.top)?;
                st.serialize_field("average", &b.average)?;
                st.end()
            }
        }
        s.collect_seq(
            self.iter()
                .map(|(b, tables)| One(b, Tables(RefCell::new(Some(tables))))),
        )
    }
}

#[derive(Debug, Serialize, Deserialize)]
pub struct BoardTable {
    #[serde(flatten)]
    pub place: Place,
    pub players: Vec<String>,
    /// The winning bid with its bidder, the calls and contras.
    pub contract: Option<String>,
    /// Tricks won per seat.
    pub tricks: Vec<u32>,
    /// Each seat's score for the deal (engine totals).
    pub scores: Vec<i64>,
    /// Each seat's score minus the board's average for that seat.
    pub versus_average: Vec<f64>,
    /// Each seat's matchpoints against the same seat at the other tables:
    /// 2 for each score beaten, 1 for each tie.
    pub matchpoints: Vec<u32>,
    /// `matchpoints` out of the board's `top`, in percent.
    pub percent: Vec<f64>,
}
