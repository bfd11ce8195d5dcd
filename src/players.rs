//! Players' names from the `Players` tag, and findings that name them:
//! "seat 2 (Cara)" where the engines say "seat 2".

use notation::Record;
use notation::Seat;

/// The names of a record's `Players` tag, by seat (empty without the tag).
pub fn names(record: &Record) -> Vec<String> {
    record
        .tag("Players")
        .map(|t| {
            notation::check::player_names(&t.value)
                .into_iter()
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// The name at a seat, if the record gives one.
pub fn name(names: &[String], seat: Seat) -> Option<&str> {
    names
        .get(seat.index())
        .map(String::as_str)
        .filter(|n| !n.is_empty())
}

/// `seat 2 (Cara)`, or `seat 2` when the seat has no name.
pub fn seat_label(names: &[String], seat: Seat) -> String {
    match name(names, seat) {
        Some(n) => format!("seat {seat} ({n})"),
        None => format!("seat {seat}"),
    }
}

/// Rewrites every `seat N` of a sentence as `seat N (Name)`.
///
/// ```text
/// "seat 2 plays C2 to hearts" -> "seat 2 (Cara) plays C2 to hearts"
/// ```
pub fn name_seats(text: &str, names: &[String]) -> String {
    if names.is_empty() {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(at) = rest.find("seat ") {
        let (before, after) = rest.split_at(at);
        out.push_str(before);
        let digits = after[5..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(after.len() - 5);
        let word_start = before
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let seat = after[5..5 + digits].parse::<Seat>().ok();
        match seat.filter(|_| word_start && digits > 0) {
            Some(seat) if !after[5 + digits..].starts_with(" (") => {
                out.push_str(&seat_label(names, seat));
            }
            _ => out.push_str(&after[..5 + digits]),
        }
        rest = &after[5 + digits..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_get_their_names() {
        let names: Vec<String> = ["Anna", "Bent", "Cara"].map(String::from).into();
        assert_eq!(
            name_seats("seat 2 plays C2, seat 0 led; seat 7 is not here", &names),
            "seat 2 (Cara) plays C2, seat 0 (Anna) led; seat 7 is not here"
        );
        assert_eq!(
            name_seats("seat 1 (Bent) leads", &names),
            "seat 1 (Bent) leads"
        );
        assert_eq!(
            name_seats("a seat here; seats 1", &names),
            "a seat here; seats 1"
        );
        assert_eq!(name_seats("seat 1", &[]), "seat 1");
    }
}
