//! `tarok explain`: a deal told trick by trick — who led, who won and why,
//! each payment as it falls due, the rules that applied, and the record's
//! own annotations in place. The view a teacher projects for a class.

use std::fmt::Write;

use notation::check::{player_names, Table};
use notation::{Act, Actions, Item, Record};
use verifier::{Event, Moment, Payment, Report};

/// The explanation of one record.
pub fn explain(record: &Record, report: &Report, index: usize) -> String {
    let mut out = String::new();
    let table = notation::check::table(record).ok();
    let names: Vec<String> = record
        .tag("Players")
        .map(|t| {
            player_names(&t.value)
                .into_iter()
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    let seat = |s: u8| match names.get(s as usize) {
        Some(n) if !n.is_empty() => format!("seat {s} ({n})"),
        _ => format!("seat {s}"),
    };
    let variant = record
        .variant()
        .map_or("unknown variant".into(), |v| v.to_string());
    let _ = writeln!(out, "=== Deal {} — {variant} ===", index + 1);
    for c in &record.comments {
        note(&mut out, "", c);
    }
    for tag in &record.tags {
        if !matches!(tag.name.as_str(), "Variant" | "Dealer") {
            let _ = writeln!(out, "{}: {}", tag.name, tag.value);
        }
        for c in &tag.comments {
            note(&mut out, "  ", c);
        }
    }
    if let Some(t) = &table {
        let _ = writeln!(out, "Dealer: {}", seat(t.dealer));
        if let Some(s) = t.sits_out() {
            let _ = writeln!(out, "{} sits out this deal (DK-SEAT-1).", seat(s));
        }
    }
    if !report.settled {
        let _ = writeln!(
            out,
            "(No rules engine replayed this deal: only the structural checks ran.)"
        );
    }
    let moment = |out: &mut String, at: Moment| {
        for e in &report.events {
            if let Event::Rule { at: a, rule, text } = e {
                if *a == at {
                    let _ = writeln!(out, "  rule {rule}: {text}");
                }
            }
        }
        for p in report.ledger.iter().filter(|p| p.at == at) {
            payment(out, p, &seat);
        }
    };
    moment(&mut out, Moment::Deal);

    if !record.hands.is_empty() {
        let _ = writeln!(out, "\nThe deal:");
        for hand in &record.hands {
            section_notes(&mut out, &hand.comments);
            let _ = writeln!(out, "  {}: {}", seat(hand.seat), cards(&hand.cards));
            item_notes(&mut out, &hand.cards);
        }
    }
    if let Some(talon) = &record.talon {
        section_notes(&mut out, &talon.comments);
        let _ = writeln!(out, "  talon: {}", cards(&talon.cards));
    }
    actions(&mut out, "Auction", record.auction.as_ref(), &seat);
    moment(&mut out, Moment::Auction);
    actions(&mut out, "Calls", record.calls.as_ref(), &seat);
    moment(&mut out, Moment::Calls);
    if let Some(d) = &record.discard {
        let _ = writeln!(out, "\nDiscard:");
        section_notes(&mut out, &d.comments);
        let _ = writeln!(out, "  {} lays away {}", seat(d.seat), cards(&d.cards));
        if !d.shown.is_empty() {
            let _ = writeln!(out, "  and shows {}", cards(&d.shown));
        }
        item_notes(&mut out, &d.cards);
    }
    moment(&mut out, Moment::Discard);
    actions(
        &mut out,
        "Declarations",
        record.declarations.as_ref(),
        &seat,
    );
    moment(&mut out, Moment::Declarations);

    let order = table.map(order_of_play);
    for (i, trick) in record.tricks.iter().enumerate() {
        let n = i + 1;
        let _ = writeln!(out);
        section_notes(&mut out, &trick.comments);
        let event = report.events.iter().find_map(|e| match e {
            Event::Trick {
                trick,
                leader,
                winner,
                reason,
            } if usize::from(*trick) == n => Some((*leader, *winner, reason.as_str())),
            _ => None,
        });
        let leader = event.map(|e| e.0).or(trick.leader);
        match leader {
            Some(l) => {
                let _ = writeln!(out, "Trick {n}: {} leads", seat(l));
            }
            None => {
                let _ = writeln!(out, "Trick {n}:");
            }
        }
        if let Some(caller) = trick.fool_call {
            let _ = writeln!(out, "  {} calls for the fool", seat(caller));
        }
        let seats: Vec<Option<u8>> = match (leader, &order) {
            (Some(l), Some(order)) => {
                let start = order.iter().position(|&s| s == l).unwrap_or(0);
                (0..trick.plays.len())
                    .map(|k| order.get((start + k) % order.len().max(1)).copied())
                    .collect()
            }
            _ => vec![None; trick.plays.len()],
        };
        for (item, who) in trick.plays.iter().zip(seats) {
            let mut line = who.map_or("  ".to_string(), |s| format!("  {}: ", seat(s)));
            if let Some(r) = item.rename {
                let _ = write!(line, "renames the fool to {r}, then ");
            }
            let _ = write!(line, "{}", item.card);
            if let Some(name) = item.name {
                let _ = write!(line, " naming {name}");
            }
            let _ = writeln!(out, "{line}");
            for c in &item.comments {
                note(&mut out, "      ", c);
            }
        }
        if let Some((_, winner, reason)) = event {
            let _ = writeln!(out, "  → won by {}: {reason}", seat(winner));
        }
        if let Ok(n) = u16::try_from(n) {
            moment(&mut out, Moment::Trick(n));
        }
    }

    if report.settled {
        let _ = writeln!(out, "\nSettlement:");
        moment(&mut out, Moment::Settlement);
        let totals: Vec<String> = report
            .totals
            .iter()
            .enumerate()
            .map(|(s, t)| format!("{} {}", seat(s as u8), signed(*t)))
            .collect();
        let _ = writeln!(out, "  Net: {}", totals.join(", "));
        if let Some([king, pagat]) = report.pots {
            let _ = writeln!(
                out,
                "  Pots after the deal: king-pot {king}, pagat-pot {pagat}"
            );
        }
    }
    if let Some(claim) = &record.claim {
        section_notes(&mut out, &claim.comments);
        let claimed: Vec<String> = claim
            .entries
            .iter()
            .map(|e| format!("{} {}", e.party, signed(e.amount)))
            .collect();
        let _ = writeln!(out, "  Claimed on the score sheet: {}", claimed.join(", "));
    }
    for c in &record.trailing {
        note(&mut out, "", c);
    }
    if report.problems.is_empty() {
        let _ = writeln!(out, "\nFindings: none.");
    } else {
        let _ = writeln!(out, "\nFindings:");
        for p in &report.problems {
            let mut head = p.kind.to_string();
            if let Some(rule) = p.rule {
                head = format!("{rule} {head}");
            }
            let mut at = Vec::new();
            if let Some(s) = p.seat {
                at.push(seat(s));
            }
            if let Some(t) = p.trick {
                at.push(format!("trick {t}"));
            }
            if let Some(c) = p.card {
                at.push(c.to_string());
            }
            let at = if at.is_empty() {
                String::new()
            } else {
                format!(" ({})", at.join(", "))
            };
            let _ = writeln!(out, "  - {head}{at}: {}", p.message);
        }
    }
    out
}

/// Active seats in order of play, from seat 0.
fn order_of_play(table: Table) -> Vec<u8> {
    (0..table.seats).filter(|&s| table.is_active(s)).collect()
}

fn payment(out: &mut String, p: &Payment, seat: &dyn Fn(u8) -> String) {
    let party = |x: notation::Party| match x {
        notation::Party::Seat(s) => seat(s),
        notation::Party::Pot(p) => format!("the {}", p.word()),
    };
    let _ = writeln!(
        out,
        "  pay: {} → {} {} — {} ({})",
        party(p.payer),
        party(p.payee),
        p.amount,
        p.reason,
        p.rule
    );
}

fn note(out: &mut String, indent: &str, text: &str) {
    for line in text.trim().lines() {
        let _ = writeln!(out, "{indent}» {}", line.trim_end());
    }
}

fn section_notes(out: &mut String, comments: &[String]) {
    for c in comments {
        note(out, "", c);
    }
}

fn item_notes(out: &mut String, items: &[Item]) {
    for item in items {
        for c in &item.comments {
            note(out, "    ", &format!("{}: {c}", item.card));
        }
    }
}

fn cards(items: &[Item]) -> String {
    items
        .iter()
        .map(|i| i.card.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn actions(out: &mut String, title: &str, section: Option<&Actions>, seat: &dyn Fn(u8) -> String) {
    let Some(section) = section else { return };
    let _ = writeln!(out, "\n{title}:");
    section_notes(out, &section.comments);
    for action in &section.actions {
        let mut words = String::new();
        notation::print::act(&mut words, &action.act);
        let verb = match action.act {
            Act::Pass => "passes".to_string(),
            _ => format!("says {words}"),
        };
        let _ = writeln!(out, "  {} {verb}", seat(action.seat));
        for c in &action.comments {
            note(out, "      ", c);
        }
    }
}

fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}
