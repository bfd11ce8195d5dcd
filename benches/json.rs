//! JSON Lines in and out: tarok against a plain typed serde_json read and
//! write of the same lines (issue 15: tarok's must run at >= 80% of it).
//!
//! `cargo bench --bench json` generates deals of every variant, writes them
//! as JSON Lines, then measures on one thread, per variant and over all:
//!
//! - read: `serde_json::from_str` into a mirror of the JSON form made of
//!   plain `#[derive(Deserialize)]` structs, card codes as `String`
//!   ("plain") or as a derived enum of the 79 codes ("plain-enum"), against
//!   tarok's reading of a line (`notation::json::parse_json_doc_at`, what
//!   `tarok` runs on every line of a `.jsonl` file: a checked record with
//!   the spans of its values);
//! - write: `serde_json::to_writer` of the mirror, against tarok's writer
//!   (`notation::json::push_json` into one buffer, what `tarok convert
//!   --to jsonl` runs).
//!   Both write the same bytes (checked).
//!
//! Figures are MB/s of JSON Lines; `ratio` is tarok's speed over the plain
//! one (the target: >= 0.80). `TAROK_BENCH_RECORDS` sets the deals per variant (default 2,500);
//! `TAROK_BENCH_FILE=F.jsonl` measures the lines of a file instead.

use std::hint::black_box;
use std::time::Instant;

use serde::{Deserialize, Serialize};

/// The JSON form of a record as a plain serde user would type it.
mod plain {
    use super::*;

    macro_rules! codes {
        ($($code:ident)*) => {
            /// A card code as a plain enum: read without an allocation.
            #[derive(Serialize, Deserialize)]
            pub enum Code { $($code),* }
        };
    }
    codes!(
        S1 S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ SN SQ SK H1 H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ HN HQ HK
        D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 DJ DN DQ DK C1 C2 C3 C4 C5 C6 C7 C8 C9 C10 CJ CN CQ CK
        T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13 T14 T15 T16 T17 T18 T19 T20 T21 T22 EX
    );

    fn empty<T>(v: &[T]) -> bool {
        v.is_empty()
    }

    #[derive(Serialize, Deserialize)]
    #[serde(bound(serialize = "C: Serialize", deserialize = "C: Deserialize<'de>"))]
    #[serde(deny_unknown_fields)]
    pub struct Record<C> {
        #[serde(default, skip_serializing_if = "empty")]
        comments: Vec<String>,
        tags: Vec<Tag>,
        #[serde(default, skip_serializing_if = "empty")]
        hands: Vec<Hand<C>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        talon: Option<Cards<C>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        auction: Option<Actions<C>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        calls: Option<Actions<C>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        discard: Option<Discard<C>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        declarations: Option<Actions<C>>,
        #[serde(default, skip_serializing_if = "empty")]
        tricks: Vec<Trick<C>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        claim: Option<Claim>,
        #[serde(default, skip_serializing_if = "empty")]
        trailing: Vec<String>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Tag {
        name: String,
        value: String,
        #[serde(default, skip_serializing_if = "empty")]
        comments: Vec<String>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(bound(serialize = "C: Serialize", deserialize = "C: Deserialize<'de>"))]
    #[serde(untagged)]
    enum Item<C> {
        Code(C),
        Object(ItemObject<C>),
    }

    #[derive(Serialize, Deserialize)]
    #[serde(bound(serialize = "C: Serialize", deserialize = "C: Deserialize<'de>"))]
    #[serde(deny_unknown_fields)]
    struct ItemObject<C> {
        card: C,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rename: Option<String>,
        #[serde(default, skip_serializing_if = "empty")]
        comments: Vec<String>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(bound(serialize = "C: Serialize", deserialize = "C: Deserialize<'de>"))]
    #[serde(deny_unknown_fields)]
    struct Hand<C> {
        seat: u8,
        cards: Vec<Item<C>>,
        #[serde(default, skip_serializing_if = "empty")]
        comments: Vec<String>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(bound(serialize = "C: Serialize", deserialize = "C: Deserialize<'de>"))]
    #[serde(deny_unknown_fields)]
    struct Cards<C> {
        cards: Vec<Item<C>>,
        #[serde(default, skip_serializing_if = "empty")]
        comments: Vec<String>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(bound(serialize = "C: Serialize", deserialize = "C: Deserialize<'de>"))]
    #[serde(deny_unknown_fields)]
    struct Discard<C> {
        seat: u8,
        cards: Vec<Item<C>>,
        #[serde(default, skip_serializing_if = "empty")]
        shown: Vec<Item<C>>,
        #[serde(default, skip_serializing_if = "empty")]
        comments: Vec<String>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(bound(serialize = "C: Serialize", deserialize = "C: Deserialize<'de>"))]
    #[serde(deny_unknown_fields)]
    struct Actions<C> {
        actions: Vec<Action<C>>,
        #[serde(default, skip_serializing_if = "empty")]
        comments: Vec<String>,
    }

    /// Every field any action has, in the order the JSON form writes them.
    #[derive(Serialize, Deserialize)]
    #[serde(bound(serialize = "C: Serialize", deserialize = "C: Deserialize<'de>"))]
    #[serde(deny_unknown_fields)]
    struct Action<C> {
        seat: u8,
        act: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        game: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<C>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fourth: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        half: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        bonus: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        size: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<C>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        count: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pagat: Option<bool>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        suit: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        missing: Option<C>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        skat: Option<Vec<C>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<u8>,
        #[serde(default, skip_serializing_if = "empty")]
        comments: Vec<String>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(bound(serialize = "C: Serialize", deserialize = "C: Deserialize<'de>"))]
    #[serde(deny_unknown_fields)]
    struct Trick<C> {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        leader: Option<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fool_call: Option<u8>,
        plays: Vec<Item<C>>,
        #[serde(default, skip_serializing_if = "empty")]
        comments: Vec<String>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Claim {
        entries: Vec<ClaimEntry>,
        #[serde(default, skip_serializing_if = "empty")]
        comments: Vec<String>,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct ClaimEntry {
        party: Party,
        amount: i64,
    }

    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    enum Party {
        Seat(u8),
        Pot(String),
    }
}

fn generated_lines(per_variant: usize) -> Vec<(String, Vec<String>)> {
    notation::Variant::ALL
        .iter()
        .map(|&variant| {
            let mut rng = verifier::gen::Rng::new(4);
            let lines = (0..per_variant)
                .map_while(|i| verifier::gen::deal(variant, &mut rng, i))
                .map(|r| notation::json::to_json(&r))
                .collect();
            (variant.to_string(), lines)
        })
        .collect()
}

/// Seconds of the best of three runs, after one warm-up.
fn best_of_three(mut f: impl FnMut()) -> f64 {
    f();
    (0..3)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .fold(f64::MAX, f64::min)
}

/// Prints tarok's speed and the plain ones, and tarok's over each.
fn compare(what: &str, bytes: usize, tarok: f64, plain: f64, plain_enum: f64) {
    let mbs = |s: f64| bytes as f64 / s / 1e6;
    println!(
        "{what:<22} tarok {:>6.1} MB/s | plain {:>6.1} MB/s, ratio {:>4.2} | plain-enum {:>6.1} MB/s, ratio {:>4.2}",
        mbs(tarok),
        mbs(plain),
        plain / tarok,
        mbs(plain_enum),
        plain_enum / tarok
    );
}

fn plain_read<C: serde::de::DeserializeOwned>(lines: &[String]) -> f64 {
    best_of_three(|| {
        for l in lines {
            black_box(serde_json::from_str::<plain::Record<C>>(l).unwrap());
        }
    })
}

/// Writes the lines through the mirror; returns the time and the bytes.
fn plain_write<C: serde::de::DeserializeOwned + Serialize>(lines: &[String]) -> (f64, Vec<u8>) {
    let mirrors: Vec<plain::Record<C>> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut out = Vec::new();
    let time = best_of_three(|| {
        out.clear();
        for m in &mirrors {
            serde_json::to_writer(&mut out, m).unwrap();
            out.push(b'\n');
        }
        black_box(&out);
    });
    (time, out)
}

fn measure(name: &str, lines: &[String]) {
    let bytes: usize = lines.iter().map(|l| l.len() + 1).sum();
    // Offsets of the lines in their file, as the reader passes them.
    let offsets: Vec<usize> = lines
        .iter()
        .scan(0, |at, l| {
            let here = *at;
            *at += l.len() + 1;
            Some(here)
        })
        .collect();
    let tarok_read = best_of_three(|| {
        for (l, &at) in lines.iter().zip(&offsets) {
            let mut got = notation::json::parse_json_doc_at(l, at);
            assert!(matches!(got.as_slice(), [Ok(_)]), "{name}: a bad line");
            black_box(got.pop());
        }
    });
    compare(
        &format!("{name}: read"),
        bytes,
        tarok_read,
        plain_read::<String>(lines),
        plain_read::<plain::Code>(lines),
    );

    let records: Vec<notation::Record> = lines
        .iter()
        .map(|l| notation::json::from_json(l).unwrap())
        .collect();
    let mut tarok_out = Vec::with_capacity(bytes);
    let tarok_write = best_of_three(|| {
        tarok_out.clear();
        for r in &records {
            notation::json::push_json(&mut tarok_out, r);
            tarok_out.push(b'\n');
        }
        black_box(&tarok_out);
    });
    let (plain, plain_out) = plain_write::<String>(lines);
    let (plain_enum, enum_out) = plain_write::<plain::Code>(lines);
    assert_eq!(
        plain_out.len(),
        bytes,
        "{name}: the mirror writes its input"
    );
    assert!(plain_out == tarok_out, "{name}: both write the same bytes");
    assert!(enum_out == tarok_out, "{name}: both write the same bytes");
    compare(
        &format!("{name}: write"),
        bytes,
        tarok_write,
        plain,
        plain_enum,
    );
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return;
    }
    let per_variant: usize = std::env::var("TAROK_BENCH_RECORDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_500);
    let sets = match std::env::var("TAROK_BENCH_FILE") {
        Ok(path) => {
            let text = std::fs::read_to_string(&path).unwrap();
            let lines = text
                .lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::to_owned)
                .collect();
            vec![(path, lines)]
        }
        Err(_) => generated_lines(per_variant),
    };
    let all: Vec<String> = sets.iter().flat_map(|(_, l)| l.iter().cloned()).collect();
    println!(
        "JSON Lines: {} records, {:.1} MB; one thread",
        all.len(),
        all.iter().map(|l| l.len() + 1).sum::<usize>() as f64 / 1e6
    );
    for (name, lines) in &sets {
        measure(name, lines);
    }
    if sets.len() > 1 {
        measure("all", &all);
    }
}
