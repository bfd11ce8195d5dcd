//! `tarok gen`: random legal deals played out.

use std::io::Write;

use crate::{fail, indent, out, Outcome, To};

pub(crate) fn gen(
    variant: &str,
    seed: u64,
    count: usize,
    seats: Option<u8>,
    hands: &[String],
    to: To,
) -> Outcome {
    if to == To::TarotclubDeal {
        return fail("`gen` writes records: pipe them into `tarok convert --to tarotclub-deal --out FOLDER -`");
    }
    if matches!(to, To::Parquet | To::Arrow) {
        return fail(
            "`gen` writes records: write them to a file (`--to jsonl > deals.jsonl`), then \
             `tarok convert --to parquet --out FOLDER deals.jsonl`",
        );
    }
    let deals = match tarok::gen::Deals::new(variant, seed, count, seats, hands) {
        Ok(deals) => deals,
        Err(e) => return fail(e.to_string()),
    };
    let mut out = out::Stdout::new();
    for (i, deal) in deals.enumerate() {
        let record = match deal {
            Ok(r) => r,
            Err(e) => {
                out.finish(Outcome::Clean);
                return fail(e.to_string());
            }
        };
        let _ = match to {
            To::Text => {
                let sep = if i > 0 { "\n" } else { "" };
                write!(out, "{sep}{}", notation::to_text(&record))
            }
            To::Jsonl => writeln!(out, "{}", notation::json::to_json(&record)),
            To::None | To::TarotclubDeal | To::Parquet | To::Arrow => Ok(()),
            To::Json => {
                let sep = if i == 0 { "[\n" } else { ",\n" };
                write!(
                    out,
                    "{sep}{}",
                    indent(&notation::json::to_json_pretty(&record))
                )
            }
        };
        if out.gone() {
            break;
        }
    }
    if to == To::Json {
        let _ = writeln!(out, "{}", if count == 0 { "[]" } else { "\n]" });
    }
    out.finish(Outcome::Clean)
}
