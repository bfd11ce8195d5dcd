//! `tarok explain`: a deal told trick by trick — who led, who won and why,
//! each payment as it falls due, the rules that applied, and the record's
//! own annotations in place. The view a teacher projects for a class.

use std::fmt::Write;

use notation::Seat;
use notation::{Act, Actions, Card, CardComments, Item, Record};
use verifier::{Event, Moment, Payment, Report};

use crate::lesson::{sort_hand, Lesson, Place};

/// The explanation of one record.
pub fn explain(record: &Record, report: &Report, index: usize) -> String {
    let mut out = String::new();
    let lesson = Lesson::new(record, report, index);
    let table = lesson.table;
    let seat = |s: Seat| lesson.seat(s);
    let findings = |out: &mut String, place: Place| {
        for i in lesson.findings_at(place) {
            finding(out, &lesson, i, "  ✗ ");
        }
    };
    let variant = record
        .variant()
        .map_or("unknown variant".into(), |v| v.to_string());
    let _ = writeln!(out, "=== Deal {} — {variant} ===", index + 1);
    for c in &record.comments {
        note(&mut out, "", c);
    }
    for tag in &record.tags {
        if &*tag.name == "Players" {
            // A blank name reads as its seat.
            let _ = writeln!(out, "Players: {}", lesson.players());
        } else if !matches!(&*tag.name, "Variant" | "Dealer") {
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
    if let Some(why) = verifier::unsettled_reason(report) {
        let _ = writeln!(out, "({why})");
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
    findings(&mut out, Place::Deal);

    if !record.hands.is_empty() {
        let _ = writeln!(out, "\nThe deal (each hand sorted as it is held):");
        for hand in &record.hands {
            section_notes(&mut out, &hand.comments);
            let _ = writeln!(
                out,
                "  {}: {}",
                seat(hand.seat),
                held(lesson.variant, &hand.cards)
            );
            item_notes(&mut out, &hand.cards, &hand.card_comments);
        }
        findings(&mut out, Place::Hands);
    }
    if let Some(talon) = &record.talon {
        section_notes(&mut out, &talon.comments);
        let piles = lesson.talon_piles();
        let word = lesson.talon_word();
        if piles.len() > 1 {
            let _ = writeln!(out, "  {word}, as recorded:");
            for (k, pile) in piles.iter().enumerate() {
                let codes: Vec<&str> = pile.iter().map(|i| i.card.code()).collect();
                let _ = writeln!(out, "    pile {k}: {}", codes.join(" "));
            }
        } else {
            let _ = writeln!(out, "  {word}: {}", cards(&talon.cards));
        }
        item_notes(&mut out, &talon.cards, &talon.card_comments);
        findings(&mut out, Place::Talon);
    }
    actions(&mut out, "Auction", record.auction.as_ref(), &seat);
    moment(&mut out, Moment::Auction);
    findings(&mut out, Place::Auction);
    actions(&mut out, "Calls", record.calls.as_ref(), &seat);
    moment(&mut out, Moment::Calls);
    findings(&mut out, Place::Calls);
    if let Some(d) = &record.discard {
        let _ = writeln!(out, "\nDiscard:");
        section_notes(&mut out, &d.comments);
        let _ = writeln!(out, "  {} lays away {}", seat(d.seat), cards(&d.cards));
        if !d.shown.is_empty() {
            let _ = writeln!(out, "  and shows {}", cards(&d.shown));
        }
        item_notes(&mut out, &d.cards, &d.card_comments);
    }
    moment(&mut out, Moment::Discard);
    findings(&mut out, Place::Discard);
    actions(
        &mut out,
        "Declarations",
        record.declarations.as_ref(),
        &seat,
    );
    moment(&mut out, Moment::Declarations);
    findings(&mut out, Place::Declarations);

    for (trick, view) in record.tricks.iter().zip(&lesson.tricks) {
        let n = view.n;
        let _ = writeln!(out);
        section_notes(&mut out, &trick.comments);
        let leader = view.leader;
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
        for play in &view.plays {
            let item = play.item;
            let mut line = play
                .seat
                .map_or("  ".to_string(), |s| format!("  {}: ", seat(s)));
            if let Some(r) = item.rename {
                let _ = write!(line, "renames the fool to {r}, then ");
            }
            let _ = write!(line, "{}", item.card);
            if let Some(name) = item.name {
                let _ = write!(line, " naming {name}");
            }
            if !lesson.finding_on(n, play).is_empty() {
                line.push_str("   ✗");
            }
            let _ = writeln!(out, "{line}");
            for c in play.comments {
                note(&mut out, "      ", c);
            }
        }
        if let (Some(winner), Some(reason)) = (view.winner, view.reason) {
            let _ = writeln!(out, "  → won by {}: {reason}", seat(winner));
        }
        if let Some(count) = view.count {
            let sides: Vec<String> = count
                .iter()
                .map(|(s, p)| format!("{} {p}", lesson.side(s, false)))
                .collect();
            let _ = writeln!(
                out,
                "  card points in the tricks so far: {}",
                sides.join(", ")
            );
        }
        // Engines number at most a deal's tricks; trick numbers of a record
        // past u16 (reported as too many tricks) have no payments.
        if let Ok(n) = u16::try_from(n) {
            moment(&mut out, Moment::Trick(n));
        }
        findings(&mut out, Place::Trick(n));
    }

    if report.settled {
        let _ = writeln!(out, "\nSettlement:");
        moment(&mut out, Moment::Settlement);
        let totals: Vec<String> = report
            .totals
            .iter()
            .zip(Seat::all(report.totals.len() as u8))
            .map(|(t, s)| format!("{} {}", seat(s), signed(*t)))
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
        findings(&mut out, Place::Claim);
    }
    for c in &record.trailing {
        note(&mut out, "", c);
    }
    if report.problems.is_empty() {
        let _ = writeln!(out, "\nFindings: none.");
    } else {
        let _ = writeln!(out, "\nFindings ({}):", report.problems.len());
        for i in 0..report.problems.len() {
            finding(&mut out, &lesson, i, "  - ");
        }
    }
    out
}

/// One finding on one line: rule, kind, where, and the message.
fn finding(out: &mut String, lesson: &Lesson, i: usize, bullet: &str) {
    let p = &lesson.report.problems[i];
    let mut head = p.kind.to_string();
    if let Some(rule) = p.rule {
        head = format!("{rule} {head}");
    }
    let mut at = Vec::new();
    if let Some(s) = p.seat {
        at.push(lesson.seat(s));
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
    let _ = writeln!(out, "{bullet}{head}{at}: {}", p.message);
}

/// A hand sorted as it is held, a gap between suits: `T21 T3  SK S7  HQ`.
fn held(variant: Option<notation::Variant>, items: &[Item]) -> String {
    let mut cards: Vec<Card> = items.iter().map(|i| i.card).collect();
    sort_hand(variant, &mut cards);
    let mut out = String::new();
    let mut last: Option<(bool, Option<notation::Suit>)> = None;
    for c in cards {
        let group = (c.is_trump() || c.is_fool(), c.suit());
        if let Some(l) = last {
            out.push_str(if l == group { " " } else { "  " });
        }
        out.push_str(c.code());
        last = Some(group);
    }
    out
}

fn payment(out: &mut String, p: &Payment, seat: &dyn Fn(Seat) -> String) {
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

fn item_notes(out: &mut String, items: &[Item], said: &CardComments) {
    for (k, item) in items.iter().enumerate() {
        for c in said.of(k) {
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

fn actions(
    out: &mut String,
    title: &str,
    section: Option<&Actions>,
    seat: &dyn Fn(Seat) -> String,
) {
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
