//! The readers never panic, whatever they are given.
//!
//! Inputs: arbitrary strings, strings of notation tokens in random order,
//! and mutations (byte flips, deletions, insertions of `{ } [ ] " : , = \n`
//! and other tokens) of valid record texts and JSON documents. For every
//! input the text parser and the JSON reader run; every record they accept
//! goes through the structural checks, the printer and the JSON writer.
//!
//! The valid texts are the fuzzing seeds in `fuzz/seeds/`.

use notation::{check, json, parse_str, records_to_text, to_text, Record};
use proptest::collection::vec;
use proptest::prelude::*;

const TEXT_SEEDS: [&str; 5] = [
    include_str!("../../fuzz/seeds/parse/danish.tarok"),
    include_str!("../../fuzz/seeds/parse/french.tarok"),
    include_str!("../../fuzz/seeds/parse/koenigrufen.tarok"),
    include_str!("../../fuzz/seeds/parse/skill7.tarok"),
    include_str!("../../fuzz/seeds/parse/two-records.tarok"),
];

const JSON_SEEDS: [&str; 4] = [
    include_str!("../../fuzz/seeds/json/danish.json"),
    include_str!("../../fuzz/seeds/json/koenigrufen.json"),
    include_str!("../../fuzz/seeds/json/array.json"),
    include_str!("../../fuzz/seeds/json/lines.jsonl"),
];

/// Everything a reader's output can be put through; `again` reads the
/// printed forms back once more.
fn exercise(records: &[Result<Record, Vec<notation::Problem>>], again: bool) {
    for record in records.iter().flatten() {
        let _ = check::structure(record);
        let _ = check::table(record);
        let text = to_text(record);
        let json = json::to_json(record);
        let _ = json::to_json_pretty(record);
        if again {
            // Without asserting the round trip: that is tests/roundtrip.rs's
            // business.
            exercise(&parse_str(&text), false);
            exercise(&json::parse_json_doc(&json), false);
        }
    }
    let ok: Vec<&Record> = records.iter().flatten().collect();
    let _ = records_to_text(ok);
}

/// Runs every reader on `input`.
fn read_all(input: &str) {
    exercise(&parse_str(input), true);
    exercise(&json::parse_json_doc(input), true);
    let _ = json::from_json(input);
    let _: Vec<_> = notation::split_records(input).collect();
}

#[derive(Debug, Clone)]
enum Edit {
    Flip { at: usize, bit: u8 },
    Delete { at: usize, len: usize },
    Insert { at: usize, what: &'static str },
    Duplicate { at: usize, len: usize, to: usize },
}

const INSERTS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"",
    ":",
    ",",
    "=",
    "\n",
    "\\",
    " ",
    "\r",
    "\t",
    "\n\n",
    "{}",
    "\\{",
    "\\}",
    "\\\"",
    "[Variant \"danish-tarok\"]\n",
    "[Variant ",
    "hand 0:",
    "talon:",
    "dog:",
    "auction:",
    "calls:",
    "discard 0:",
    "declare:",
    "trick ",
    "trick 1:",
    "claim:",
    "show",
    "rename",
    "lead ",
    "call ",
    "skat",
    "fourth",
    "EX=",
    "T22",
    "SK",
    "0",
    "-",
    "+",
    "99999999999999999999",
    "255",
    "256",
    "ü",
    "\u{2028}",
    "\u{0}",
    "\u{feff}",
];

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        2 => (any::<usize>(), 0u8..8).prop_map(|(at, bit)| Edit::Flip { at, bit }),
        2 => (any::<usize>(), 1usize..8).prop_map(|(at, len)| Edit::Delete { at, len }),
        5 => (any::<usize>(), prop::sample::select(INSERTS))
            .prop_map(|(at, what)| Edit::Insert { at, what }),
        1 => (any::<usize>(), 1usize..40, any::<usize>())
            .prop_map(|(at, len, to)| Edit::Duplicate { at, len, to }),
    ]
}

/// Applies the edits to the bytes of `seed`; invalid UTF-8 is replaced.
fn mutate(seed: &str, edits: &[Edit]) -> String {
    let mut b = seed.as_bytes().to_vec();
    for e in edits {
        let n = b.len();
        match *e {
            Edit::Flip { at, bit } if n > 0 => b[at % n] ^= 1 << bit,
            Edit::Delete { at, len } if n > 0 => {
                let at = at % n;
                b.drain(at..(at + len).min(n));
            }
            Edit::Insert { at, what } => {
                let at = at % (n + 1);
                b.splice(at..at, what.bytes());
            }
            Edit::Duplicate { at, len, to } if n > 0 => {
                let at = at % n;
                let piece = b[at..(at + len).min(n)].to_vec();
                let to = to % (n + 1);
                b.splice(to..to, piece);
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Notation tokens glued in random order.
fn token_soup() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        4 => prop::sample::select(INSERTS).prop_map(String::from),
        1 => "[a-zA-Z0-9-]{1,8}",
        1 => any::<char>().prop_map(String::from),
    ];
    vec(token, 0..60).prop_map(|v| v.concat())
}

proptest! {
    #[test]
    fn arbitrary_strings_do_not_panic(s in any::<String>()) {
        read_all(&s);
    }

    #[test]
    fn arbitrary_bytes_do_not_panic(b in vec(any::<u8>(), 0..300)) {
        read_all(&String::from_utf8_lossy(&b));
    }

    #[test]
    fn token_soup_does_not_panic(s in token_soup()) {
        read_all(&s);
        read_all(&format!("[Variant \"danish-tarok\"]\n{s}"));
    }

    #[test]
    fn mutated_records_do_not_panic(
        seed in prop::sample::select(TEXT_SEEDS.to_vec()),
        edits in vec(edit(), 1..8),
    ) {
        read_all(&mutate(seed, &edits));
    }

    #[test]
    fn mutated_json_does_not_panic(
        seed in prop::sample::select(JSON_SEEDS.to_vec()),
        edits in vec(edit(), 1..8),
    ) {
        read_all(&mutate(seed, &edits));
    }
}

#[test]
fn the_seeds_are_valid() {
    for seed in TEXT_SEEDS {
        let records = parse_str(seed);
        assert!(!records.is_empty());
        for r in &records {
            assert!(r.is_ok(), "{seed}\n{r:#?}");
        }
    }
    for seed in JSON_SEEDS {
        let records = json::parse_json_doc(seed);
        assert!(!records.is_empty());
        for r in &records {
            assert!(r.is_ok(), "{seed}\n{r:#?}");
        }
    }
}

// ---------------------------------------------------------------------------
// The panics found, as their smallest inputs (both fixed in 0150ec3).

/// `parse_small_number` (card.rs) multiplied a `u8` without a check: a suit
/// letter followed by three or more digits panicked with "attempt to multiply
/// with overflow" in a debug build, and in a release build wrapped around, so
/// that `S266` read as S10 and `H2570` as H10.
#[test]
fn regression_card_rank_overflow() {
    for code in ["S256", "S266", "H2570", "C9999999"] {
        let parsed = std::panic::catch_unwind(|| notation::Card::parse_code(code));
        assert!(
            matches!(parsed, Ok(None)),
            "{code}: {:?}",
            parsed.map_err(|_| "panicked")
        );
    }
    let text = "[Variant \"danish-tarok\"]\n\nhand 0: S266\n";
    let r = std::panic::catch_unwind(|| parse_str(text));
    assert!(
        matches!(r.as_deref(), Ok([Err(_)])),
        "{:?}",
        r.map_err(|_| "panicked")
    );
    // The JSON reader too: it checks that a code is canonical only after
    // parsing it.
    let doc =
        r#"{"tags":[{"name":"Variant","value":"danish-tarok"}],"tricks":[{"plays":["S256"]}]}"#;
    let r = std::panic::catch_unwind(|| json::parse_json_doc(doc));
    assert!(
        matches!(r.as_deref(), Ok([Err(_)])),
        "{:?}",
        r.map_err(|_| "panicked")
    );
}

/// `split_records` panicked ("begin > end") when a line holding only `}`
/// stood above a `[Variant` line: `leading_comments_start` walked back to the
/// nearest `{`, past the previous record's start, and the cut went backwards.
#[test]
fn regression_split_records_cut_goes_backwards() {
    let text = "[Variant \"\"]\n\n{}\nx\n[Variant \"\"]\n}\n[Variant \"\"]\n";
    let r = std::panic::catch_unwind(|| parse_str(text).len());
    assert!(r.is_ok(), "parse_str panicked");
}
