//! The canonical form of a `result` section (spec/notation.md §6.7):
//! `result: 2 guard, points 43, oudlers 2`, the words as written.

use std::fmt::Write;

use crate::record::Sheet;

pub(super) fn section(out: &mut super::Text, sheet: &Sheet) {
    super::lead_in(out, &sheet.comments);
    out.push_str("result:");
    for (i, fact) in sheet.facts.iter().enumerate() {
        out.push_str(if i == 0 { " " } else { ", " });
        if let Some(seat) = fact.seat {
            let _ = write!(out, "{seat} ");
        }
        out.push_str(&fact.words.join(" "));
    }
    out.push('\n');
}
