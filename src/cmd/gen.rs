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
    let Ok(variant) = variant.parse::<notation::Variant>() else {
        return fail(format!(
            "`{variant}` is not a variant (danish-tarok, french-tarot, koenigrufen, skill7-tarock)"
        ));
    };
    let mut out = out::Stdout::new();
    let mut rng = verifier::gen::Rng::new(seed);
    let seats = seats.unwrap_or(variant.table_sizes()[0]);
    let mut fixed = verifier::gen::Fixed::default();
    for spec in hands {
        if let Err(e) = fixed.add_spec(variant, seats, spec) {
            return fail(format!("--hands: {e}"));
        }
    }
    let Some(mut session) = verifier::gen::Session::new(variant, seats, fixed) else {
        return fail(format!("{variant} is not played at a table of {seats}"));
    };
    for i in 0..count {
        let record = match session.next_deal(&mut rng) {
            Ok(r) => r,
            Err(e) => {
                out.finish(Outcome::Clean);
                return fail(format!("--hands: deal {}: {e}", i + 1));
            }
        };
        let _ = match to {
            To::Text => {
                let sep = if i > 0 { "\n" } else { "" };
                write!(out, "{sep}{}", notation::to_text(&record))
            }
            To::Jsonl => writeln!(out, "{}", notation::json::to_json(&record)),
            To::None | To::TarotclubDeal => Ok(()),
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
