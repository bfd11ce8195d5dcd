//! Tables for analysis (issue 28; the columns are listed in spec/tables.md):
//! the outcome of every deal read as three Arrow tables, `deals` (one row a
//! deal), `findings` and `ledger` (one row a finding, a payment), the last
//! two keyed by the deal's `deal` number. `tarok convert --to parquet` and
//! `--to arrow` write them; the Python package hands them to pyarrow.
//!
//! The deals are verified as `tarok verify` verifies them (the same
//! pipeline, the same sessions), so a deal's totals are the ones its
//! `--format json` line gives. Rows are gathered in builders and handed to
//! a [`Sink`] in batches of [`BATCH_ROWS`], so memory stays flat whatever
//! the number of deals.
//!
//! ```
//! use tarok::frames::{self, Table};
//! use tarok::verifier::session::Grouping;
//!
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus/danish-tarok/20-revoke.tarok");
//! let mut rows = [0usize; 3];
//! let mut sink = |table: Table, batch: &arrow_array::RecordBatch| {
//!     rows[table as usize] += batch.num_rows();
//!     Ok::<(), String>(())
//! };
//! let done = frames::tables(&[path.into()], Grouping::File, &mut sink, &mut |_, _| {});
//! assert!(done.is_ok());
//! assert_eq!(rows[Table::Deals as usize], 1);
//! assert_eq!(rows[Table::Findings as usize], 2); // two revokes
//! ```

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::builder::{
    BooleanBuilder, Int64Builder, ListBuilder, MapBuilder, MapFieldNames, StringBuilder,
    UInt16Builder, UInt32Builder, UInt64Builder, UInt8Builder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{Field, Schema, SchemaRef};
use notation::{Act, Party, Record, Seat};
use verifier::session::{Grouping, Sessions};
use verifier::{Moment, Report};

use crate::input::{self, Source};
use crate::pipeline::{self, Read};

/// The rows a table gathers before they are handed on as one batch.
pub const BATCH_ROWS: usize = 1024;

/// The three tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    Deals = 0,
    Findings = 1,
    Ledger = 2,
}

impl Table {
    pub const ALL: [Table; 3] = [Table::Deals, Table::Findings, Table::Ledger];

    /// The table's name, and its file's stem (`deals.parquet`).
    pub fn name(self) -> &'static str {
        match self {
            Table::Deals => "deals",
            Table::Findings => "findings",
            Table::Ledger => "ledger",
        }
    }

    /// The table's columns.
    pub fn schema(self) -> SchemaRef {
        match self {
            Table::Deals => Deals::default().batch().schema(),
            Table::Findings => Findings::default().batch().schema(),
            Table::Ledger => Ledger::default().batch().schema(),
        }
    }
}

/// Where the batches go: files, or memory for Python. An error is a
/// message; the first one stops the run.
pub trait Sink {
    fn write(&mut self, table: Table, batch: &RecordBatch) -> Result<(), String>;
}

impl<F: FnMut(Table, &RecordBatch) -> Result<(), String>> Sink for F {
    fn write(&mut self, table: Table, batch: &RecordBatch) -> Result<(), String> {
        self(table, batch)
    }
}

/// Why [`tables`] stopped before the end, or what it could not read.
#[derive(Debug, Default)]
pub struct Done {
    /// Deals written (rows of `deals`).
    pub deals: u64,
    /// Records that could not be read (rows with `readable = false`).
    pub unreadable: u64,
    /// Files or folders that could not be read at all (no rows).
    pub unread: Vec<String>,
}

/// Verifies every record of `paths` (files or folders of `.tarok`,
/// `.json`, `.jsonl`; `-` is standard input) as `tarok verify` does and
/// writes the three tables to `sink`. `each` sees every record read with
/// its report (the CLI shows unreadable records' diagnostics through it).
/// `Err` is the sink's first error; the batches before it were written.
pub fn tables(
    paths: &[PathBuf],
    grouping: Grouping,
    sink: &mut dyn Sink,
    each: &mut dyn FnMut(&Read, Option<&Report>),
) -> Result<Done, String> {
    let (files, unread) = input::collect_files(paths, &["tarok", "json", "jsonl"]);
    let mut frames = Frames::default();
    let mut done = Done {
        unread,
        ..Done::default()
    };
    let mut failed: Option<String> = None;
    for file in &files {
        // Events on: the engines then write the `result` sheet of each deal.
        let mut sessions = Sessions::new(grouping);
        let name = input::display_name(file);
        let mut index = 0usize;
        let read = pipeline::verify_file(file, &mut sessions, &mut |read, report| {
            if failed.is_some() {
                return;
            }
            each(read, report);
            if report.is_none() {
                done.unreadable += 1;
            }
            frames.push(&name, index, read, report);
            index += 1;
            if let Err(e) = frames.flush(sink, false) {
                failed = Some(e);
            }
        });
        if let Some(e) = failed.take() {
            return Err(e);
        }
        if let Err(e) = read {
            done.unread
                .push(format!("{}: {e}", input::display_name(file)));
        }
    }
    frames.flush(sink, true)?;
    done.deals = frames.next;
    Ok(done)
}

/// The three tables' builders and the next deal's number.
#[derive(Default)]
struct Frames {
    deals: Deals,
    findings: Findings,
    ledger: Ledger,
    next: u64,
}

impl Frames {
    fn push(&mut self, file: &str, index: usize, read: &Read, report: Option<&Report>) {
        let deal = self.next;
        self.next += 1;
        let (result, origin) = read;
        let record = result.as_deref().ok();
        let problems = match (result, report) {
            (_, Some(r)) => &r.problems[..],
            (Err(p), None) => &p[..],
            (Ok(_), None) => &[],
        };
        self.deals
            .push(deal, file, index, record, report, problems.len());
        if !problems.is_empty() {
            // Lines and columns as `tarok verify` gives them (the text of a
            // record cut from a file is copied only for a record with findings).
            let source = origin.source();
            self.findings.push(deal, &source, problems);
        }
        if let Some(r) = report.filter(|r| r.settled) {
            for (i, p) in r.ledger.iter().enumerate() {
                self.ledger.push(deal, i, p);
            }
        }
    }

    /// Hands on each table's rows once it has [`BATCH_ROWS`] (all of them
    /// at the `end`, and every table's, even empty, so each has a schema).
    fn flush(&mut self, sink: &mut dyn Sink, end: bool) -> Result<(), String> {
        if end || self.deals.rows >= BATCH_ROWS {
            sink.write(Table::Deals, &self.deals.batch())?;
        }
        if end || self.findings.rows >= BATCH_ROWS {
            sink.write(Table::Findings, &self.findings.batch())?;
        }
        if end || self.ledger.rows >= BATCH_ROWS {
            sink.write(Table::Ledger, &self.ledger.batch())?;
        }
        Ok(())
    }
}

fn map_names() -> MapFieldNames {
    // Parquet's names for a map's parts.
    MapFieldNames {
        entry: "key_value".into(),
        key: "key".into(),
        value: "value".into(),
    }
}

/// The record batch of `columns`, each `(name, array, nullable)`.
fn batch(columns: Vec<(&str, ArrayRef, bool)>) -> RecordBatch {
    let fields: Vec<Field> = columns
        .iter()
        .map(|(name, array, nullable)| Field::new(*name, array.data_type().clone(), *nullable))
        .collect();
    let arrays = columns.into_iter().map(|c| c.1).collect();
    RecordBatch::try_new(Arc::new(Schema::new(fields)), arrays)
        .expect("every column has a row per deal, of its field's type")
}

/// The informational tags that get a column each (spec/notation.md §3.3);
/// `Table` is `table_id`, `table` being a word SQL reserves.
const TAG_COLUMNS: [(&str, &str); 6] = [
    ("Event", "event"),
    ("Site", "site"),
    ("Date", "date"),
    ("Round", "round"),
    ("Table", "table_id"),
    ("Board", "board"),
];

struct Deals {
    rows: usize,
    deal: UInt64Builder,
    file: StringBuilder,
    record: UInt64Builder,
    variant: StringBuilder,
    readable: BooleanBuilder,
    settled: BooleanBuilder,
    findings: UInt32Builder,
    tags: [StringBuilder; 6],
    dealer: UInt8Builder,
    players: ListBuilder<StringBuilder>,
    contract: StringBuilder,
    declarer: UInt8Builder,
    result: StringBuilder,
    totals: ListBuilder<Int64Builder>,
    king_pot: Int64Builder,
    pagat_pot: Int64Builder,
    all_tags: MapBuilder<StringBuilder, StringBuilder>,
}

impl Default for Deals {
    fn default() -> Self {
        Deals {
            rows: 0,
            deal: UInt64Builder::new(),
            file: StringBuilder::new(),
            record: UInt64Builder::new(),
            variant: StringBuilder::new(),
            readable: BooleanBuilder::new(),
            settled: BooleanBuilder::new(),
            findings: UInt32Builder::new(),
            tags: std::array::from_fn(|_| StringBuilder::new()),
            dealer: UInt8Builder::new(),
            players: ListBuilder::new(StringBuilder::new()),
            contract: StringBuilder::new(),
            declarer: UInt8Builder::new(),
            result: StringBuilder::new(),
            totals: ListBuilder::new(Int64Builder::new()),
            king_pot: Int64Builder::new(),
            pagat_pot: Int64Builder::new(),
            all_tags: MapBuilder::new(
                Some(map_names()),
                StringBuilder::new(),
                StringBuilder::new(),
            ),
        }
    }
}

impl Deals {
    fn push(
        &mut self,
        deal: u64,
        file: &str,
        index: usize,
        record: Option<&Record>,
        report: Option<&Report>,
        findings: usize,
    ) {
        self.rows += 1;
        self.deal.append_value(deal);
        self.file.append_value(file);
        self.record.append_value(index as u64);
        // As `tarok verify --format json` names it.
        let variant = report
            .and_then(|r| r.variant)
            .or_else(|| record.and_then(Record::variant));
        self.variant.append_option(variant.map(|v| v.name()));
        self.readable.append_value(report.is_some());
        let settled = report.filter(|r| r.settled);
        self.settled.append_value(settled.is_some());
        self.findings
            .append_value(u32::try_from(findings).unwrap_or(u32::MAX));
        for ((tag, _), column) in TAG_COLUMNS.iter().zip(&mut self.tags) {
            column.append_option(record.and_then(|r| r.tag(tag)).map(|t| &*t.value));
        }
        self.dealer.append_option(
            record
                .and_then(|r| r.tag("Dealer"))
                .and_then(|t| t.value.trim().parse::<u8>().ok()),
        );
        for name in record.map(crate::players::names).unwrap_or_default() {
            self.players.values().append_value(name);
        }
        self.players.append(true);
        let (contract, declarer) = record.and_then(contract).unzip();
        self.contract.append_option(contract);
        self.declarer.append_option(declarer.map(Seat::number));
        self.result
            .append_option(report.and_then(|r| r.result.as_ref()).map(sheet_text));
        match settled {
            Some(r) => {
                self.totals.values().append_slice(&r.totals);
                self.totals.append(true);
            }
            None => self.totals.append(false),
        }
        let pots = settled.and_then(|r| r.pots);
        self.king_pot.append_option(pots.map(|p| p[0]));
        self.pagat_pot.append_option(pots.map(|p| p[1]));
        if let Some(r) = record {
            for t in &r.tags {
                self.all_tags.keys().append_value(&t.name);
                self.all_tags.values().append_value(&t.value);
            }
        }
        self.all_tags
            .append(record.is_some())
            .expect("a key and a value for each tag");
    }

    fn batch(&mut self) -> RecordBatch {
        self.rows = 0;
        let mut columns: Vec<(&str, ArrayRef, bool)> = vec![
            ("deal", Arc::new(self.deal.finish()), false),
            ("file", Arc::new(self.file.finish()), false),
            ("record", Arc::new(self.record.finish()), false),
            ("variant", Arc::new(self.variant.finish()), true),
            ("readable", Arc::new(self.readable.finish()), false),
            ("settled", Arc::new(self.settled.finish()), false),
            ("findings", Arc::new(self.findings.finish()), false),
        ];
        for ((_, name), column) in TAG_COLUMNS.iter().zip(&mut self.tags) {
            columns.push((name, Arc::new(column.finish()), true));
        }
        columns.extend([
            ("dealer", Arc::new(self.dealer.finish()) as ArrayRef, true),
            ("players", Arc::new(self.players.finish()), false),
            ("contract", Arc::new(self.contract.finish()), true),
            ("declarer", Arc::new(self.declarer.finish()), true),
            ("result", Arc::new(self.result.finish()), true),
            ("totals", Arc::new(self.totals.finish()), true),
            ("king_pot", Arc::new(self.king_pot.finish()), true),
            ("pagat_pot", Arc::new(self.pagat_pot.finish()), true),
            ("tags", Arc::new(self.all_tags.finish()), true),
        ]);
        batch(columns)
    }
}

/// The contract and its declarer: the auction's last bid; else a Danish
/// tout; else a score sheet's `SEAT GAME` fact (spec/tables.md).
fn contract(record: &Record) -> Option<(&'static str, Seat)> {
    let bid = record.auction.as_ref().and_then(|a| {
        a.actions.iter().rev().find_map(|x| match &x.act {
            Act::Bid { game } => Some((game.word(), x.seat)),
            _ => None,
        })
    });
    let tout = || {
        record.declarations.as_ref().and_then(|d| {
            d.actions
                .iter()
                .find(|x| matches!(x.act, Act::Tout))
                .map(|x| ("tout", x.seat))
        })
    };
    let sheet = || {
        record.result.as_ref().and_then(|r| {
            r.facts.iter().find_map(|f| match f.words.as_slice() {
                [word] => Some((notation::Game::from_word(word)?.word(), f.seat?)),
                _ => None,
            })
        })
    };
    bid.or_else(tout).or_else(sheet)
}

/// A `result` sheet as its section reads, without the keyword:
/// `2 guard, points 43, oudlers 2`.
fn sheet_text(sheet: &notation::Sheet) -> String {
    let mut out = String::new();
    for (i, fact) in sheet.facts.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        if let Some(seat) = fact.seat {
            out.push_str(&seat.to_string());
            out.push(' ');
        }
        out.push_str(&fact.words.join(" "));
    }
    out
}

struct Findings {
    rows: usize,
    deal: UInt64Builder,
    index: UInt32Builder,
    kind: StringBuilder,
    rule: StringBuilder,
    seat: UInt8Builder,
    trick: UInt16Builder,
    card: StringBuilder,
    party_seat: UInt8Builder,
    party_pot: StringBuilder,
    claimed: Int64Builder,
    computed: Int64Builder,
    message: StringBuilder,
    help: StringBuilder,
    line: UInt64Builder,
    column: UInt64Builder,
    path: StringBuilder,
}

impl Default for Findings {
    fn default() -> Self {
        Findings {
            rows: 0,
            deal: UInt64Builder::new(),
            index: UInt32Builder::new(),
            kind: StringBuilder::new(),
            rule: StringBuilder::new(),
            seat: UInt8Builder::new(),
            trick: UInt16Builder::new(),
            card: StringBuilder::new(),
            party_seat: UInt8Builder::new(),
            party_pot: StringBuilder::new(),
            claimed: Int64Builder::new(),
            computed: Int64Builder::new(),
            message: StringBuilder::new(),
            help: StringBuilder::new(),
            line: UInt64Builder::new(),
            column: UInt64Builder::new(),
            path: StringBuilder::new(),
        }
    }
}

impl Findings {
    fn push(&mut self, deal: u64, source: &Source, problems: &[notation::Finding]) {
        let places = input::Lines::of_all(
            source,
            problems.iter().map(|p| p.span.map(|s| s.start as usize)),
        );
        let json = source.is_json();
        for (i, (p, place)) in problems.iter().zip(places).enumerate() {
            self.rows += 1;
            self.deal.append_value(deal);
            self.index.append_value(i as u32);
            self.kind.append_value(p.kind.as_str());
            self.rule.append_option(p.rule.map(notation::Rule::id));
            self.seat.append_option(p.seat.map(Seat::number));
            self.trick.append_option(p.trick);
            self.card.append_option(p.card.map(|c| c.code()));
            self.party_seat.append_option(match p.party {
                Some(Party::Seat(s)) => Some(s.number()),
                _ => None,
            });
            self.party_pot.append_option(match p.party {
                Some(Party::Pot(pot)) => Some(pot.word()),
                _ => None,
            });
            self.claimed.append_option(p.claimed);
            self.computed.append_option(p.computed);
            self.message.append_value(&p.message);
            self.help.append_value(&p.help);
            self.line.append_option(place.map(|l| l.0 as u64));
            self.column.append_option(place.map(|l| l.1 as u64));
            // Only a finding on JSON input has a JSON path, as in `verify`.
            let path = json.then(|| source.locate(p).path).flatten();
            self.path.append_option(path);
        }
    }

    fn batch(&mut self) -> RecordBatch {
        self.rows = 0;
        batch(vec![
            ("deal", Arc::new(self.deal.finish()), false),
            ("index", Arc::new(self.index.finish()), false),
            ("kind", Arc::new(self.kind.finish()), false),
            ("rule", Arc::new(self.rule.finish()), true),
            ("seat", Arc::new(self.seat.finish()), true),
            ("trick", Arc::new(self.trick.finish()), true),
            ("card", Arc::new(self.card.finish()), true),
            ("party_seat", Arc::new(self.party_seat.finish()), true),
            ("party_pot", Arc::new(self.party_pot.finish()), true),
            ("claimed", Arc::new(self.claimed.finish()), true),
            ("computed", Arc::new(self.computed.finish()), true),
            ("message", Arc::new(self.message.finish()), false),
            ("help", Arc::new(self.help.finish()), false),
            ("line", Arc::new(self.line.finish()), true),
            ("column", Arc::new(self.column.finish()), true),
            ("path", Arc::new(self.path.finish()), true),
        ])
    }
}

struct Ledger {
    rows: usize,
    deal: UInt64Builder,
    index: UInt32Builder,
    payer: UInt8Builder,
    payer_pot: StringBuilder,
    payee: UInt8Builder,
    payee_pot: StringBuilder,
    amount: Int64Builder,
    rule: StringBuilder,
    reason: StringBuilder,
    moment: StringBuilder,
    trick: UInt16Builder,
}

impl Default for Ledger {
    fn default() -> Self {
        Ledger {
            rows: 0,
            deal: UInt64Builder::new(),
            index: UInt32Builder::new(),
            payer: UInt8Builder::new(),
            payer_pot: StringBuilder::new(),
            payee: UInt8Builder::new(),
            payee_pot: StringBuilder::new(),
            amount: Int64Builder::new(),
            rule: StringBuilder::new(),
            reason: StringBuilder::new(),
            moment: StringBuilder::new(),
            trick: UInt16Builder::new(),
        }
    }
}

impl Ledger {
    fn push(&mut self, deal: u64, index: usize, p: &verifier::Payment) {
        self.rows += 1;
        self.deal.append_value(deal);
        self.index.append_value(index as u32);
        let (seat, pot) = party(p.payer);
        self.payer.append_option(seat);
        self.payer_pot.append_option(pot);
        let (seat, pot) = party(p.payee);
        self.payee.append_option(seat);
        self.payee_pot.append_option(pot);
        self.amount.append_value(p.amount);
        self.rule.append_value(p.rule.id());
        self.reason.append_value(&*p.reason);
        let (at, trick) = match p.at {
            Moment::Deal => ("deal", None),
            Moment::Auction => ("auction", None),
            Moment::Calls => ("calls", None),
            Moment::Discard => ("discard", None),
            Moment::Declarations => ("declarations", None),
            Moment::Trick(n) => ("trick", Some(n)),
            Moment::Settlement => ("settlement", None),
        };
        self.moment.append_value(at);
        self.trick.append_option(trick);
    }

    fn batch(&mut self) -> RecordBatch {
        self.rows = 0;
        batch(vec![
            ("deal", Arc::new(self.deal.finish()), false),
            ("index", Arc::new(self.index.finish()), false),
            ("payer", Arc::new(self.payer.finish()), true),
            ("payee", Arc::new(self.payee.finish()), true),
            ("payer_pot", Arc::new(self.payer_pot.finish()), true),
            ("payee_pot", Arc::new(self.payee_pot.finish()), true),
            ("amount", Arc::new(self.amount.finish()), false),
            ("rule", Arc::new(self.rule.finish()), false),
            ("reason", Arc::new(self.reason.finish()), false),
            ("moment", Arc::new(self.moment.finish()), false),
            ("trick", Arc::new(self.trick.finish()), true),
        ])
    }
}

fn party(p: Party) -> (Option<u8>, Option<&'static str>) {
    match p {
        Party::Seat(s) => (Some(s.number()), None),
        Party::Pot(pot) => (None, Some(pot.word())),
    }
}

/// The name a table's file takes in `dir`: `deals.parquet`.
pub fn file_of(dir: &Path, table: Table, extension: &str) -> PathBuf {
    dir.join(format!("{}.{extension}", table.name()))
}
