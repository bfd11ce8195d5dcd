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
    // The text of each record printed into one buffer, kept from record to
    // record (no `String` made per record and formatted out of it).
    let mut text: Vec<u8> = Vec::with_capacity(4096);
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
                text.clear();
                if i > 0 {
                    text.push(b'\n');
                }
                notation::print::write_record_bytes(&mut text, &record);
                out.write_all(&text)
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
