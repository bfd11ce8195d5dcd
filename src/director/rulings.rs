//! The director's rulings, `Ruling` tags (spec/notation.md §3.4):
//!
//! ```text
//! [Ruling "adjust 2 -10; slow play; KR-PLAY-1"]
//! [Ruling "assign 0 +12, 1 -4, 2 -4, 3 -4; cards exposed, result assigned"]
//! ```
//!
//! `adjust SEAT AMOUNT` adds the amount to the seat's score; `assign SEAT
//! AMOUNT, ...` replaces the computed scores, every seat once. Then the
//! reason (required) and, optionally, the rule id, each after a `;`.

use notation::Seat;

/// What a ruling does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ruled {
    Adjust { seat: Seat, amount: i64 },
    Assign { scores: Vec<i64> },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruling {
    pub ruled: Ruled,
    pub reason: String,
    pub rule: Option<String>,
}

/// What a malformed ruling is told with.
pub const HELP: &str = "write `adjust SEAT AMOUNT; REASON` or `assign 0 AMOUNT, 1 AMOUNT, ...; REASON` (every seat once), optionally `; RULE-ID` after the reason";

/// The largest amount a ruling may give, as a `Scores` tag.
const LIMIT: i64 = 1_000_000_000_000;

fn amount(word: &str) -> Result<i64, String> {
    let digits = word.strip_prefix('+').unwrap_or(word);
    match digits.parse::<i64>() {
        Ok(n) if n.abs() <= LIMIT && !digits.starts_with('+') => Ok(n),
        _ => Err(format!(
            "`{word}` is not an amount (a whole number such as -10 or +5)"
        )),
    }
}

fn seat(word: &str, seats: usize) -> Result<Seat, String> {
    match word.parse::<Seat>() {
        Ok(s) if s.index() < seats => Ok(s),
        _ => Err(format!(
            "`{word}` is not a seat of this table (0 to {})",
            seats.saturating_sub(1)
        )),
    }
}

/// Reads a ruling of a table of `seats` seats.
pub fn parse(value: &str, seats: usize) -> Result<Ruling, String> {
    let mut pieces = value.split(';').map(str::trim);
    let what = pieces.next().unwrap_or("");
    let reason = pieces.next().unwrap_or("").to_owned();
    let rule = pieces.next().filter(|r| !r.is_empty()).map(str::to_owned);
    if pieces.next().is_some() {
        return Err("more than three parts separated by `;`".into());
    }
    if reason.is_empty() {
        return Err("a ruling needs its reason after a `;`".into());
    }
    let (verb, rest) = what.split_once(char::is_whitespace).unwrap_or((what, ""));
    let ruled = match verb {
        "adjust" => {
            let words: Vec<&str> = rest.split_whitespace().collect();
            let [s, a] = words[..] else {
                return Err("`adjust` takes a seat and an amount: `adjust 2 -10`".into());
            };
            Ruled::Adjust {
                seat: seat(s, seats)?,
                amount: amount(a)?,
            }
        }
        "assign" => {
            let mut scores: Vec<Option<i64>> = vec![None; seats];
            for entry in rest.split(',').map(str::trim) {
                let words: Vec<&str> = entry.split_whitespace().collect();
                let [s, a] = words[..] else {
                    return Err(format!("`{entry}` is not `SEAT AMOUNT`"));
                };
                let s = seat(s, seats)?;
                if scores[s.index()].replace(amount(a)?).is_some() {
                    return Err(format!("seat {s} is given twice"));
                }
            }
            if let Some(missing) = scores.iter().position(Option::is_none) {
                return Err(format!(
                    "seat {missing} has no score: assign every seat one"
                ));
            }
            Ruled::Assign {
                scores: scores.into_iter().flatten().collect(),
            }
        }
        "" => return Err("the ruling is empty".into()),
        other => return Err(format!("`{other}` is no ruling (`adjust` or `assign`)")),
    };
    Ok(Ruling {
        ruled,
        reason,
        rule,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rulings_read_as_documented() {
        assert_eq!(
            parse("adjust 2 -10; slow play; KR-PLAY-1", 4),
            Ok(Ruling {
                ruled: Ruled::Adjust {
                    seat: Seat::new(2),
                    amount: -10
                },
                reason: "slow play".into(),
                rule: Some("KR-PLAY-1".into()),
            })
        );
        assert_eq!(
            parse("assign 0 +12, 1 -4, 2 -4, 3 -4; exposed", 4).map(|r| r.ruled),
            Ok(Ruled::Assign {
                scores: vec![12, -4, -4, -4]
            })
        );
        for bad in [
            "adjust 2 -10",
            "adjust 4 -10; x",
            "adjust 2 ten; x",
            "adjust 2 ++1; x",
            "assign 0 1, 1 2, 2 3; x",
            "assign 0 1, 0 2, 2 3, 3 1; x",
            "fine 2 10; x",
            "; x",
            "adjust 1 1; a; b; c",
        ] {
            assert!(parse(bad, 4).is_err(), "{bad}");
        }
    }
}
