//! `tarok explain --format html`: one self-contained page for a file of
//! deals. No network: the cards are drawn with CSS and inline SVG, the
//! style and the step control are inline. Without JavaScript the page is
//! static and lists every trick; with it, a step control (buttons and the
//! arrow keys) walks through every phase of the deal on the drawn table,
//! the play card by card or trick by trick (`script` writes the steps).
//!
//! Everything the page says about the rules (winners, reasons, card
//! points, payments, findings) comes from the verifier's report.

use std::fmt::Write;

use notation::Seat;
use notation::{Act, Actions, Card, CardComments, Item, Party, Problem, Suit, Variant};
use verifier::{Event, Moment, Payment};

use crate::lang::Lang;

use super::{rule_text, rule_url, signed, Lesson, Place, Play};
use crate::escape::html as esc;

mod script;

/// One record of the file: the deal and its report, or the problems that
/// kept it from being read.
pub enum Entry {
    Owned {
        index: usize,
        record: Box<notation::Record>,
        report: Box<verifier::Report>,
    },
    Unreadable {
        index: usize,
        problems: Vec<Problem>,
    },
}

/// The whole page for a file of deals.
pub fn page(title: &str, lang: Lang, entries: &[Entry]) -> String {
    let tr = |label: &str| crate::lang::tr(lang, label);
    let mut out = String::with_capacity(64 * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n",
        lang.code()
    );
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    let _ = writeln!(out, "<title>{}</title>", esc(title));
    out.push_str("<style>\n");
    out.push_str(CSS);
    out.push_str("</style>\n</head>\n<body>\n");
    out.push_str(SYMBOLS);
    let _ = writeln!(
        out,
        "<header class=\"page\"><h1>{}</h1><p class=\"hint\">{}</p></header>",
        esc(title),
        esc(&tr(
            "Step through each deal with the buttons or the arrow keys (← →, Home, End)."
        ))
    );
    let mut rules: Vec<&'static str> = Vec::new();
    for entry in entries {
        match entry {
            Entry::Owned {
                index,
                record,
                report,
            } => {
                let mut lesson = Lesson::new(record, report, *index);
                lesson.lang = lang;
                deal(&mut out, &lesson);
                collect_rules(&lesson, &mut rules);
            }
            Entry::Unreadable { index, problems } => {
                let _ = writeln!(
                    out,
                    "<article class=\"deal unreadable\" id=\"deal-{}\"><h2>Deal {}: not readable</h2><ul class=\"findings\">",
                    index + 1,
                    index + 1
                );
                for p in problems {
                    out.push_str("<li class=\"finding\">");
                    problem_line(&mut out, p, None);
                    out.push_str("</li>\n");
                }
                out.push_str("</ul></article>\n");
            }
        }
    }
    if entries.len() > 1 && entries.len() <= MAX_CONTENTS {
        let lines: Vec<(usize, String)> = entries.iter().map(contents_entry).collect();
        contents(&mut out, lang, &lines);
    }
    if !rules.is_empty() {
        rules.sort_unstable();
        rules.dedup();
        let _ = writeln!(
            out,
            "<section class=\"rules\" id=\"rules\"><h2>{}</h2><dl>",
            esc(&tr("The rules cited"))
        );
        for id in rules {
            match rule_text(id) {
                Some((title, body)) => {
                    let _ = write!(
                        out,
                        "<dt id=\"rule-{0}\">{0} <span class=\"title\">{1}</span></dt><dd>",
                        esc(id),
                        esc(title)
                    );
                    markdown(&mut out, body);
                    let _ = writeln!(
                        out,
                        "<p class=\"cmd\"><code>tarok rules {}</code></p></dd>",
                        esc(id)
                    );
                }
                None => {
                    let _ = writeln!(
                        out,
                        "<dt id=\"rule-{0}\">{0}</dt><dd><p class=\"cmd\"><code>tarok rules {0}</code></p></dd>",
                        esc(id)
                    );
                }
            }
        }
        out.push_str("</dl></section>\n");
    }
    out.push_str("<script>\n");
    out.push_str(JS);
    out.push_str("</script>\n</body>\n</html>\n");
    out
}

/// One deal's view of the page without the page around it (no head, no
/// contents, no rules section, no step control): the static deal as the
/// page shows it without JavaScript, for a notebook cell (`Record` and
/// `Report`'s `_repr_html_` in Python). The style is the page's, held to
/// the fragment's `div` so that it leaves the notebook's own alone.
pub fn deal_fragment(record: &notation::Record, report: &verifier::Report, index: usize) -> String {
    let lesson = Lesson::new(record, report, index);
    let mut out = fragment_start();
    deal(&mut out, &lesson);
    out.push_str("</div>\n");
    out
}

/// One report's tables as the page shows them under a deal: its findings
/// (each with its rule) and, when the deal is settled, the ledger and the
/// totals. `record` is `None` for a record that could not be read: then
/// the findings only, as the page lists an unreadable deal.
pub fn report_fragment(
    record: Option<&notation::Record>,
    report: Option<&verifier::Report>,
    problems: &[Problem],
    index: usize,
) -> String {
    let mut out = fragment_start();
    let _ = write!(out, "<article class=\"deal\" id=\"deal-{}\">", index + 1);
    match (record, report) {
        (Some(record), Some(report)) => {
            let lesson = Lesson::new(record, report, index);
            let all: Vec<usize> = (0..report.problems.len()).collect();
            if all.is_empty() {
                out.push_str("<p class=\"clean\">No findings.</p>");
            }
            finding_list(&mut out, &lesson, &all);
            if report.settled {
                ledger(&mut out, &lesson);
            }
        }
        _ => {
            out.push_str("<ul class=\"findings\">");
            for p in problems {
                out.push_str("<li class=\"finding\">");
                problem_line(&mut out, p, None);
                out.push_str("</li>");
            }
            out.push_str("</ul>");
        }
    }
    out.push_str("</article></div>\n");
    out
}

/// The opening of a fragment: a `div` with the page's style held to it,
/// and the card symbols.
fn fragment_start() -> String {
    let css = CSS
        .replacen(":root{", ".tarok-nb{", 1)
        .replacen("*{box-sizing", ".tarok-nb *{box-sizing", 1)
        .replacen(
            "body{margin:0;padding:0 0 3rem;line-height:1.4}",
            ".tarok-nb{line-height:1.4}",
            1,
        )
        .replace("\nbody{", "\n.tarok-nb{")
        .replace("\nbody,", "\n.tarok-nb,");
    let mut out = String::with_capacity(css.len() + 8 * 1024);
    out.push_str("<div class=\"tarok-nb\"><style>\n");
    out.push_str(&css);
    out.push_str("</style>\n");
    out.push_str(SYMBOLS);
    out
}

fn collect_rules(lesson: &Lesson, rules: &mut Vec<&'static str>) {
    rules.extend(
        lesson
            .report
            .problems
            .iter()
            .filter_map(|p| p.rule.map(notation::Rule::id)),
    );
    rules.extend(lesson.report.ledger.iter().map(|p| p.rule.id()));
    rules.extend(lesson.report.events.iter().filter_map(|e| match e {
        Event::Rule { rule, .. } => Some(rule.id()),
        _ => None,
    }));
}

/// The teacher's title of a deal: a comment of the record that starts
/// with `chapter:`.
fn chapter(record: &notation::Record) -> Option<String> {
    record.comments.iter().find_map(|c| {
        let c = c.trim();
        c.get(..8)
            .filter(|m| m.eq_ignore_ascii_case("chapter:"))
            .map(|_| c[8..].trim().to_string())
    })
}

/// A deal's line in the contents: its chapter title, else its game and
/// players.
/// A page of more deals than this has no contents list (it would grow with
/// the page, which is written deal by deal).
pub const MAX_CONTENTS: usize = 1000;

/// A deal's place and line in the contents.
pub fn contents_entry(entry: &Entry) -> (usize, String) {
    match entry {
        Entry::Owned { index, record, .. } => (*index, contents_line(record)),
        Entry::Unreadable { index, .. } => (*index, "not readable".to_string()),
    }
}

/// The contents of a page of several deals, written after the deals (a page
/// is written deal by deal) and moved under the page's header by its script.
pub fn contents(out: &mut String, lang: Lang, lines: &[(usize, String)]) {
    let _ = write!(
        out,
        "<nav class=\"contents\"><h2>{}</h2><ol>",
        esc(&crate::lang::tr(lang, "Contents"))
    );
    let deal = esc(&crate::lang::tr(lang, "Deal"));
    for (index, title) in lines {
        let _ = write!(
            out,
            "<li><a href=\"#d{0}-step0\">{deal} {0}</a>: {1}</li>",
            index + 1,
            esc(title)
        );
    }
    out.push_str("</ol></nav>\n");
}

fn contents_line(record: &notation::Record) -> String {
    if let Some(title) = chapter(record) {
        return title;
    }
    let game = record
        .variant()
        .map_or("unknown variant".into(), variant_name);
    match record.tag("Players") {
        Some(_) => format!("{game}, {}", super::players(record).replace(';', ",")),
        None => game,
    }
}

/// Where a seat sits on the drawn table, from the bottom, counter-clockwise
/// as the play goes.
fn position(seat: Seat, seats: u8) -> &'static str {
    match (seats, seat.number()) {
        (3, 0) => "bottom",
        (3, 1) => "right",
        (3, _) => "left",
        (_, 0) => "bottom",
        (_, 1) => "right",
        (_, 2) => "top",
        _ => "left",
    }
}

fn deal(out: &mut String, l: &Lesson) {
    let record = l.record;
    let report = l.report;
    let n = l.index + 1;
    let variant = l.variant.map_or("unknown variant".into(), variant_name);
    let seats = l.seats();
    let nseats = seats.len() as u8;
    let _ = writeln!(
        out,
        "<article class=\"deal\" id=\"deal-{n}\" data-tricks=\"{}\">",
        l.tricks.len()
    );
    let _ = write!(
        out,
        "<header><h2>{} {n}{} <span class=\"variant\">{}</span></h2>",
        esc(&l.tr("Deal")),
        chapter(record)
            .map(|t| format!(": {}", esc(&t)))
            .unwrap_or_default(),
        esc(&variant)
    );
    out.push_str("<p class=\"meta\">");
    if let Some(t) = l.table {
        let _ = write!(
            out,
            "{}: <b>{}</b>",
            esc(&l.tr("Dealer")),
            esc(&l.name(t.dealer))
        );
        if let Some(s) = t.sits_out() {
            let _ = write!(
                out,
                " · {} {} (DK-SEAT-1)",
                esc(&l.name(s)),
                esc(&l.tr("sits out"))
            );
        }
    }
    for tag in &record.tags {
        if !matches!(&*tag.name, "Variant" | "Dealer" | "Players") {
            let _ = write!(out, " · {}: {}", esc(&tag.name), esc(&tag.value));
        }
    }
    out.push_str("</p>");
    notes(out, &record.comments);
    for tag in &record.tags {
        notes(out, &tag.comments);
    }
    if let Some(why) = verifier::unsettled_reason(report) {
        let _ = write!(out, "<p class=\"caveat\">{}</p>", esc(&why));
    }
    moment(out, l, Moment::Deal);
    findings(out, l, Place::Deal);
    out.push_str("</header>\n");

    // The table and the steps beside it.
    let plan = script::script(l);
    let last = plan.steps.len().saturating_sub(1);
    let _ = writeln!(
        out,
        "<div class=\"stage\" id=\"d{n}-stage\"><div class=\"felt seats-{nseats}\">"
    );
    for &s in &seats {
        let pos = position(s, nseats);
        let out_of_play = l.table.is_some_and(|t| !t.is_active(s));
        let _ = write!(
            out,
            "<section class=\"seat pos-{pos}{}\" data-seat=\"{s}\"><h3><span class=\"who\">{}</span>",
            if out_of_play { " idle" } else { "" },
            esc(&l.name(s))
        );
        if l.table.is_some_and(|t| t.dealer == s) {
            let _ = write!(
                out,
                " <span class=\"badge dealer\" title=\"the dealer\">{}</span>",
                esc(&l.tr("dealer"))
            );
        }
        let _ = write!(
            out,
            " <span class=\"badge lead\">{}</span>",
            esc(&l.tr("leads"))
        );
        if out_of_play {
            let _ = write!(
                out,
                " <span class=\"badge\">{}</span>",
                esc(&l.tr("sits out"))
            );
        }
        out.push_str("</h3><div class=\"hand\">");
        let mut group = None;
        let mut held: Vec<Card> = plan
            .cards
            .keys()
            .filter(|k| k.0 == s)
            .map(|k| k.1)
            .collect();
        if held.is_empty() {
            held = l.playing_hand(s);
        }
        super::sort_hand(l.variant, &mut held);
        for c in held {
            let g = (c.is_trump() || c.is_fool(), c.suit());
            let first = group.is_some_and(|last| last != g);
            group = Some(g);
            let mut attr = String::new();
            if let Some(&(from, to)) = plan.cards.get(&(s, c)) {
                if from > 0 {
                    let _ = write!(attr, " data-in=\"{from}\"");
                }
                if let Some(to) = to {
                    let _ = write!(attr, " data-out=\"{to}\"");
                }
            }
            card(out, l, c, if first { " gap" } else { "" }, &attr);
        }
        out.push_str("</div></section>\n");
    }
    let _ = writeln!(
        out,
        "<div class=\"center\"><div class=\"pile\" aria-live=\"polite\"></div></div>"
    );
    out.push_str("</div>\n<aside class=\"panel\">");
    let _ = write!(
        out,
        "<nav class=\"steps\" hidden data-step-word=\"{}\" data-of=\"{}\"><button type=\"button\" data-go=\"first\" title=\"{}\">«</button><button type=\"button\" data-go=\"prev\" title=\"{}\">{}</button><button type=\"button\" data-go=\"next\" title=\"{}\">{}</button><button type=\"button\" data-go=\"last\" title=\"{}\">»</button><label class=\"fine\"><input type=\"checkbox\" class=\"by-card\" checked> {}</label><label class=\"fine\"><input type=\"checkbox\" class=\"open-hands\" checked> {}</label></nav><p class=\"step-label\">{} {}</p><ol class=\"script\" data-last=\"{last}\">",
        esc(&l.tr("Step")),
        esc(&l.tr("of")),
        esc(&l.tr("The hands as dealt (Home)")),
        esc(&l.tr("Previous step (←)")),
        esc(&l.tr("◀ Back")),
        esc(&l.tr("Next step (→)")),
        esc(&l.tr("Next ▶")),
        esc(&l.tr("The result (End)")),
        esc(&l.tr("card by card")),
        esc(&l.tr("all hands open")),
        plan.steps.len(),
        esc(&l.tr("steps"))
    );
    for (k, st) in plan.steps.iter().enumerate() {
        let _ = write!(
            out,
            "<li class=\"step\" id=\"d{n}-s{k}\" data-step=\"{k}\" data-phase=\"{}\" data-label=\"{}\"",
            st.phase,
            esc(&st.label)
        );
        if let Some((t, j)) = st.trick {
            let _ = write!(out, " data-trick=\"{t}\" data-shown=\"{j}\"");
        }
        if let Some(ld) = st.leader {
            let _ = write!(out, " data-leader=\"{ld}\"");
        }
        if let Some(seat) = st.seat {
            let _ = write!(out, " data-seat=\"{seat}\"");
        }
        if let Some(w) = st.winner {
            let _ = write!(out, " data-winner=\"{w}\"");
        }
        if st.major {
            out.push_str(" data-major=\"\"");
        }
        let _ = writeln!(
            out,
            "><h4 class=\"step-title\">{}</h4>{}</li>",
            esc(&st.label),
            st.body
        );
    }
    out.push_str("</ol></aside></div>\n");
    findings(out, l, Place::Hands);
    for hand in &record.hands {
        notes(out, &hand.comments);
        item_notes(out, l, &hand.cards, &hand.card_comments, 0);
    }

    // Before the play.
    out.push_str("<section class=\"bidding\">\n");
    let piles = l.talon_piles();
    if !piles.is_empty() {
        let talon = record.talon.as_ref().expect("piles come from the talon");
        let _ = write!(
            out,
            "<div class=\"block talon\"><h3>{}</h3>",
            esc(&l.tr(&format!("The {}", l.talon_word())))
        );
        notes(out, &talon.comments);
        out.push_str("<div class=\"piles\">");
        for (k, pile) in piles.iter().enumerate() {
            out.push_str("<figure class=\"pile-of\">");
            for item in pile {
                card(out, l, item.card, "", "");
            }
            if piles.len() > 1 {
                let _ = write!(out, "<figcaption>pile {k}</figcaption>");
            }
            out.push_str("</figure>");
        }
        out.push_str("</div>");
        item_notes(out, l, &talon.cards, &talon.card_comments, 0);
        findings(out, l, Place::Talon);
        out.push_str("</div>\n");
    }
    actions(
        out,
        l,
        "Auction",
        record.auction.as_ref(),
        Moment::Auction,
        Place::Auction,
    );
    actions(
        out,
        l,
        "Calls",
        record.calls.as_ref(),
        Moment::Calls,
        Place::Calls,
    );
    if let Some(d) = &record.discard {
        let title = match l.variant {
            Some(Variant::DanishTarok) => "The skat",
            Some(Variant::FrenchTarot) => "The discard (écart)",
            _ => "The discard",
        };
        let _ = write!(
            out,
            "<div class=\"block discard\"><h3>{}</h3>",
            esc(&l.tr(title))
        );
        notes(out, &d.comments);
        let _ = write!(
            out,
            "<p>{} lays away</p><div class=\"row\">",
            esc(&l.name(d.seat))
        );
        for item in &d.cards {
            card(out, l, item.card, "", "");
        }
        out.push_str("</div>");
        if !d.shown.is_empty() {
            out.push_str("<p>and shows</p><div class=\"row\">");
            for item in &d.shown {
                card(out, l, item.card, "", "");
            }
            out.push_str("</div>");
        }
        item_notes(out, l, &d.cards, &d.card_comments, 0);
        moment(out, l, Moment::Discard);
        findings(out, l, Place::Discard);
        out.push_str("</div>\n");
    }
    actions(
        out,
        l,
        "Declarations",
        record.declarations.as_ref(),
        Moment::Declarations,
        Place::Declarations,
    );
    out.push_str("</section>\n");

    // The play.
    let _ = writeln!(
        out,
        "<section class=\"play\"><h3>{}: {} {}</h3><ol class=\"tricks\">",
        esc(&l.tr("The play")),
        l.tricks.len(),
        esc(&l.tr(if l.tricks.len() == 1 {
            "trick"
        } else {
            "tricks"
        }))
    );
    for (trick, view) in record.tricks.iter().zip(&l.tricks) {
        let t = view.n;
        let bad = l.findings_at(Place::Trick(t)).next().is_some();
        let _ = write!(
            out,
            "<li class=\"trick{}\" id=\"d{n}-t{t}\" data-trick=\"{t}\"",
            if bad { " has-finding" } else { "" }
        );
        if let Some(w) = view.winner {
            let _ = write!(out, " data-winner=\"{w}\"");
        }
        if let Some(at) = plan.trick_end.get(t - 1) {
            let _ = write!(out, " data-at=\"{at}\"");
        }
        out.push('>');
        let _ = write!(out, "<h4>{} {t}", esc(&l.tr("Trick")));
        if let Some(ld) = view.leader {
            let _ = write!(out, " <small>{} leads</small>", esc(&l.name(ld)));
        }
        out.push_str("</h4>");
        notes(out, &trick.comments);
        if let Some(caller) = trick.fool_call {
            let _ = write!(
                out,
                "<p class=\"say\">{} calls for the fool</p>",
                esc(&l.name(caller))
            );
        }
        out.push_str("<div class=\"played\">");
        for play in &view.plays {
            played(out, l, t, play, view.winner);
        }
        out.push_str("</div><div class=\"summary\">");
        let _ = write!(
            out,
            "<p class=\"trick-no\">Trick {t} of {}</p>",
            l.tricks.len()
        );
        if let (Some(w), Some(reason)) = (view.winner, view.reason) {
            let _ = write!(
                out,
                "<p class=\"won\">Won by <b>{}</b>: {}</p>",
                esc(&l.name(w)),
                esc(&words(l, reason))
            );
        }
        if let Some(count) = view.count {
            out.push_str("<p class=\"count\">Card points in the tricks so far: ");
            for (k, (side, pts)) in count.iter().enumerate() {
                if k > 0 {
                    out.push_str(" · ");
                }
                let _ = write!(
                    out,
                    "{} <b>{}</b>",
                    esc(&script::side_before(l, &plan, side, t)),
                    esc(pts)
                );
            }
            out.push_str("</p>");
        }
        for play in &view.plays {
            for c in play.comments {
                let _ = write!(
                    out,
                    "<p class=\"note\"><span class=\"on\">{}</span> {}</p>",
                    play.item.card.code(),
                    esc(c.trim())
                );
            }
        }
        if let Ok(t) = u16::try_from(t) {
            moment(out, l, Moment::Trick(t));
        }
        findings(out, l, Place::Trick(t));
        out.push_str("</div></li>\n");
    }
    out.push_str("</ol>");
    play_table(out, l, &seats);
    out.push_str("</section>\n");

    // The settlement.
    out.push_str("<section class=\"settle\">");
    if report.settled {
        let _ = write!(out, "<h3>{}</h3>", esc(&l.tr("Settlement")));
        moment(out, l, Moment::Settlement);
        ledger(out, l);
        if let Some([king, pagat]) = report.pots {
            let _ = write!(
                out,
                "<p>Pots after the deal: king-pot <b>{king}</b>, pagat-pot <b>{pagat}</b></p>"
            );
        }
    }
    if let Some(claim) = &record.claim {
        notes(out, &claim.comments);
        out.push_str("<p class=\"claim\">Claimed on the score sheet: ");
        let claimed: Vec<String> = claim
            .entries
            .iter()
            .map(|e| format!("{} {}", party(l, e.party), signed(e.amount)))
            .collect();
        out.push_str(&esc(&claimed.join(", ")));
        out.push_str("</p>");
        findings(out, l, Place::Claim);
    }
    notes(out, &record.trailing);
    let count = report.problems.len();
    if count == 0 {
        out.push_str("<p class=\"clean\">Findings: none. The deal follows the rules.</p>");
    } else {
        let _ = write!(
            out,
            "<h3>{} ({count})</h3><ol class=\"all-findings\">",
            esc(&l.tr("Findings"))
        );
        for (i, p) in report.problems.iter().enumerate() {
            let at = match l.places[i] {
                Place::Trick(t) => format!("<a href=\"#d{n}-t{t}\">trick {t}</a>"),
                other => place_word(other).to_string(),
            };
            let _ = write!(
                out,
                "<li class=\"finding\"><span class=\"where\">{at}</span> "
            );
            problem_line(out, p, Some(l));
            out.push_str("</li>");
        }
        out.push_str("</ol>");
    }
    out.push_str("</section>\n</article>\n");
}

/// The play as a table, for print: a row per trick, a column per seat,
/// the winner's card underlined, the comments beside.
fn play_table(out: &mut String, l: &Lesson, seats: &[Seat]) {
    let active: Vec<Seat> = seats
        .iter()
        .copied()
        .filter(|&s| l.table.is_none_or(|t| t.is_active(s)))
        .collect();
    out.push_str("<table class=\"play-table\"><thead><tr><th>#</th>");
    for &s in &active {
        let _ = write!(out, "<th>{}</th>", esc(&l.name(s)));
    }
    let _ = write!(
        out,
        "<th>{}</th><th>{}</th></tr></thead><tbody>",
        esc(&l.tr("won by")),
        esc(&l.tr("comments"))
    );
    for (trick, view) in l.record.tricks.iter().zip(&l.tricks) {
        let _ = write!(out, "<tr><td>{}</td>", view.n);
        for &s in &active {
            match view.plays.iter().find(|p| p.seat == Some(s)) {
                Some(p) => {
                    let mut class = Vec::new();
                    if view.winner == Some(s) {
                        class.push("won");
                    }
                    if !l.finding_on(view.n, p).is_empty() {
                        class.push("bad");
                    }
                    let lead = if view.leader == Some(s) { "▸" } else { "" };
                    let _ = write!(
                        out,
                        "<td class=\"{}\">{lead}{}{}</td>",
                        class.join(" "),
                        esc(&short_name(p.item.card)),
                        if class.contains(&"bad") { " ✗" } else { "" }
                    );
                }
                None => out.push_str("<td></td>"),
            }
        }
        let _ = write!(
            out,
            "<td>{}</td><td>",
            view.winner.map(|w| esc(&l.name(w))).unwrap_or_default()
        );
        let mut notes_here: Vec<String> = trick
            .comments
            .iter()
            .map(|c| c.trim().to_string())
            .collect();
        for p in &view.plays {
            for c in p.comments {
                notes_here.push(format!("{}: {}", short_name(p.item.card), c.trim()));
            }
        }
        out.push_str(&esc(&notes_here.join(" · ")));
        out.push_str("</td></tr>");
    }
    out.push_str("</tbody></table>");
}

/// A card in a table cell: "♣K", "21", "★".
fn short_name(c: Card) -> String {
    if c.is_fool() {
        return "★".into();
    }
    if let Some(n) = c.trump_number() {
        return format!("T{n}");
    }
    let code = c.code();
    let sym = match c.suit() {
        Some(Suit::Spades) => "♠",
        Some(Suit::Hearts) => "♥",
        Some(Suit::Diamonds) => "♦",
        Some(Suit::Clubs) => "♣",
        None => "",
    };
    format!("{sym}{}", &code[1..])
}

fn place_word(p: Place) -> &'static str {
    match p {
        Place::Hands => "the deal",
        Place::Talon => "the talon",
        Place::Auction => "the auction",
        Place::Calls => "the calls",
        Place::Discard => "the discard",
        Place::Declarations => "the declarations",
        Place::Trick(_) => "a trick",
        Place::Claim => "the claim",
        Place::Deal => "the record",
    }
}

fn played(out: &mut String, l: &Lesson, t: usize, play: &Play, winner: Option<Seat>) {
    let seats = l.seats().len() as u8;
    let marks = l.finding_on(t, play);
    let won = play.seat.is_some() && play.seat == winner;
    let mut class = String::from("play");
    if won {
        class.push_str(" won");
    }
    let _ = write!(out, "<figure class=\"{class}\"");
    if let Some(s) = play.seat {
        let _ = write!(
            out,
            " data-seat=\"{s}\" data-pos=\"{}\"",
            position(s, seats)
        );
    }
    out.push('>');
    let item = play.item;
    let cls = if marks.is_empty() { "" } else { " bad" };
    let title = marks
        .iter()
        .map(|&i| l.report.problems[i].message.as_str())
        .collect::<Vec<_>>()
        .join("; ");
    let attr = if title.is_empty() {
        String::new()
    } else {
        format!(" data-finding=\"{}\"", esc(&title))
    };
    card(out, l, item.card, cls, &attr);
    out.push_str("<figcaption>");
    if let Some(s) = play.seat {
        out.push_str(&esc(&l.name(s)));
    }
    if let Some(r) = item.rename {
        let _ = write!(
            out,
            " <small>renames the fool to {}</small>",
            script::lead_name(r)
        );
    }
    if let Some(name) = item.name {
        let _ = write!(out, " <small>naming {}</small>", script::lead_name(name));
    }
    if won {
        out.push_str(" <span class=\"badge win\">wins</span>");
    }
    for &i in &marks {
        if let Some(rule) = l.report.problems[i].rule {
            let _ = write!(
                out,
                " <a class=\"rule bad\" href=\"{}\">{}</a>",
                esc(&rule_url(rule.id())),
                esc(rule.id())
            );
        }
    }
    out.push_str("</figcaption></figure>");
}

fn card(out: &mut String, l: &Lesson, c: Card, extra: &str, attr: &str) {
    let (class, corner, centre, title) = if c.is_fool() {
        let word = l.fool_word();
        (
            "card fool",
            "★".to_string(),
            "<svg class=\"pip\" viewBox=\"0 0 100 100\" aria-hidden=\"true\"><use href=\"#star\"/></svg>".to_string(),
            format!("the {word}"),
        )
    } else if let Some(n) = c.trump_number() {
        let name = match (n, l.variant) {
            (22, _) => Some("Sküs"),
            (21, Some(Variant::FrenchTarot)) => None,
            (21, _) => Some("Mond"),
            (1, Some(Variant::FrenchTarot)) => Some("petit"),
            (1, _) => Some("Pagat"),
            _ => None,
        };
        let centre = match name {
            Some(name) => format!("<i>{}</i><em>{name}</em>", roman(n)),
            None => format!("<i>{}</i>", roman(n)),
        };
        let word = if matches!(l.variant, Some(Variant::FrenchTarot | Variant::DanishTarok)) {
            "trump"
        } else {
            "tarock"
        };
        let title = match name {
            Some(name) => format!("{word} {n}, the {name}"),
            None => format!("{word} {n}"),
        };
        ("card trump", n.to_string(), centre, title)
    } else {
        let suit = c.suit().expect("a suit card");
        let rank = c.rank().expect("a suit card");
        let code = c.code();
        let r = &code[1..];
        let class = if suit.is_red() {
            "card red"
        } else {
            "card black"
        };
        let centre = format!(
            "<svg class=\"pip\" viewBox=\"0 0 100 100\" aria-hidden=\"true\"><use href=\"#{}\"/></svg>",
            suit_id(suit)
        );
        let title = format!("{} of {}", rank_name(rank), suit_name(suit));
        (class, r.to_string(), centre, title)
    };
    let small = match c.suit() {
        Some(s) => format!(
            "<svg viewBox=\"0 0 100 100\" aria-hidden=\"true\"><use href=\"#{}\"/></svg>",
            suit_id(s)
        ),
        None => String::new(),
    };
    let _ = write!(
        out,
        "<span class=\"{class}{extra}\" data-card=\"{}\" title=\"{}\"{attr}><span class=\"idx\"><b>{corner}</b>{small}</span><span class=\"face\">{centre}</span></span>",
        c.code(),
        esc(&title)
    );
}

/// A card's name in words: "the king of clubs", "trump 21, the Mond",
/// "the fool".
pub(crate) fn card_name(l: &Lesson, c: Card) -> String {
    let mut out = String::new();
    card(&mut out, l, c, "", "");
    let start = out.find("title=\"").map_or(0, |i| i + 7);
    let end = out[start..].find('"').map_or(start, |e| start + e);
    let name = out[start..end].replace("&amp;", "&");
    if name.starts_with("the ") || c.is_trump() {
        name
    } else {
        format!("the {name}")
    }
}

/// An engine's words for people: each `seat N` by its player's name and
/// each card code by the card's name ("highest trump (T17)" → "highest
/// trump (trump 17)").
pub(crate) fn words(l: &Lesson, text: &str) -> String {
    let mut named = l.side(text, true);
    while let Some(open) = named.find('`') {
        named.replace_range(open..=open, "“");
        match named.find('`') {
            Some(close) => named.replace_range(close..=close, "”"),
            None => break,
        }
    }
    let mut out = String::with_capacity(named.len() + 16);
    let mut word = String::new();
    let flush = |out: &mut String, word: &mut String| {
        match word.parse::<Card>() {
            Ok(c) if c.code() == word.as_str() => out.push_str(&card_name(l, c)),
            _ => out.push_str(word),
        }
        word.clear();
    };
    for ch in named.chars() {
        if ch.is_ascii_alphanumeric() || ch == '-' {
            word.push(ch);
        } else {
            flush(&mut out, &mut word);
            out.push(ch);
        }
    }
    flush(&mut out, &mut word);
    out
}

fn roman(n: u8) -> String {
    const PARTS: [(u8, &str); 6] = [
        (20, "XX"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    let mut n = n;
    let mut s = String::new();
    for (v, r) in PARTS {
        while n >= v {
            s.push_str(r);
            n -= v;
        }
    }
    s
}

fn suit_id(s: Suit) -> &'static str {
    match s {
        Suit::Spades => "spade",
        Suit::Hearts => "heart",
        Suit::Diamonds => "diamond",
        Suit::Clubs => "club",
    }
}

fn suit_name(s: Suit) -> &'static str {
    match s {
        Suit::Spades => "spades",
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
    }
}

fn rank_name(r: notation::Rank) -> String {
    use notation::Rank::*;
    match r {
        King => "king".into(),
        Queen => "queen".into(),
        Knight => "knight".into(),
        Jack => "jack".into(),
        other => other.spot().map_or_else(String::new, |s| s.to_string()),
    }
}

fn variant_name(v: Variant) -> String {
    match v {
        Variant::DanishTarok => "Danish Tarok",
        Variant::FrenchTarot => "French Tarot",
        Variant::Koenigrufen => "Königrufen",
        Variant::Skill7Tarock => "Skill7 Tarock",
    }
    .to_string()
}

fn actions(
    out: &mut String,
    l: &Lesson,
    title: &str,
    section: Option<&Actions>,
    at: Moment,
    place: Place,
) {
    let has_events = l.report.ledger.iter().any(|p| p.at == at)
        || l.report
            .events
            .iter()
            .any(|e| matches!(e, Event::Rule { at: a, .. } if *a == at));
    let has_findings = l.findings_at(place).next().is_some();
    if section.is_none() && !has_events && !has_findings {
        return;
    }
    let _ = write!(out, "<div class=\"block\"><h3>{title}</h3>");
    if let Some(section) = section {
        notes(out, &section.comments);
        out.push_str("<ol class=\"said\">");
        for action in &section.actions {
            let mut words = String::new();
            notation::print::act(&mut words, &action.act);
            let said = match action.act {
                Act::Pass => "passes".to_string(),
                _ => format!("“{words}”"),
            };
            let _ = write!(
                out,
                "<li><b>{}</b> {}",
                esc(&l.name(action.seat)),
                esc(&said)
            );
            if let Some(after) = action.after {
                let _ = write!(out, " <small>after trick {after}</small>");
            }
            for c in &action.comments {
                let _ = write!(out, " <span class=\"note inline\">{}</span>", esc(c.trim()));
            }
            out.push_str("</li>");
        }
        out.push_str("</ol>");
    }
    moment(out, l, at);
    findings(out, l, place);
    out.push_str("</div>\n");
}

fn moment(out: &mut String, l: &Lesson, at: Moment) {
    for e in &l.report.events {
        if let Event::Rule { at: a, rule, text } = e {
            if *a == at {
                let text = match script::hidden_partner(l) {
                    Some((p, _))
                        if !matches!(at, Moment::Trick(_) | Moment::Settlement)
                            && text.contains("partner")
                            && text.contains(&format!("seat {p}")) =>
                    {
                        let call = text.split([';', ':']).next().unwrap_or_default();
                        format!(
                            "{call}; who holds it is the partner, hidden until the card is played"
                        )
                    }
                    _ => text.to_string(),
                };
                let _ = write!(
                    out,
                    "<p class=\"rule-note\">{} {}</p>",
                    rule_link(rule.id()),
                    esc(&words(l, &text))
                );
            }
        }
    }
    let pays: Vec<&Payment> = l.report.ledger.iter().filter(|p| p.at == at).collect();
    if !pays.is_empty() && at != Moment::Settlement {
        out.push_str("<ul class=\"pays\">");
        for p in pays {
            let _ = write!(
                out,
                "<li>{} → {} <b>{}</b>: {} {}</li>",
                esc(&party(l, p.payer)),
                esc(&party(l, p.payee)),
                p.amount,
                esc(&words(l, &p.reason)),
                rule_link(p.rule.id())
            );
        }
        out.push_str("</ul>");
    }
}

fn ledger(out: &mut String, l: &Lesson) {
    let report = l.report;
    if !report.ledger.is_empty() {
        out.push_str("<table class=\"ledger\"><thead><tr><th>when</th><th>from</th><th>to</th><th class=\"n\">amount</th><th>for</th><th>rule</th></tr></thead><tbody>");
        for p in &report.ledger {
            let when = match p.at {
                Moment::Deal => "deal".to_string(),
                Moment::Auction => "auction".to_string(),
                Moment::Calls => "calls".to_string(),
                Moment::Discard => "discard".to_string(),
                Moment::Declarations => "declarations".to_string(),
                Moment::Trick(t) => format!("trick {t}"),
                Moment::Settlement => "end".to_string(),
            };
            let _ = write!(
                out,
                "<tr><td>{when}</td><td>{}</td><td>{}</td><td class=\"n\">{}</td><td>{}</td><td>{}</td></tr>",
                esc(&party(l, p.payer)),
                esc(&party(l, p.payee)),
                p.amount,
                esc(&words(l, &p.reason)),
                rule_link(p.rule.id())
            );
        }
        out.push_str("</tbody></table>");
    }
    out.push_str("<table class=\"totals\"><tr>");
    for s in Seat::all(report.totals.len() as u8) {
        let _ = write!(out, "<th>{}</th>", esc(&l.name(s)));
    }
    out.push_str("</tr><tr>");
    for t in &report.totals {
        let class = match t.signum() {
            1 => "plus",
            -1 => "minus",
            _ => "zero",
        };
        let _ = write!(out, "<td class=\"{class}\">{}</td>", signed(*t));
    }
    out.push_str("</tr></table>");
}

/// A link to the text of rule `rule` further down the page.
fn rule_link(rule: &str) -> String {
    format!(
        "<a class=\"rule\" href=\"{}\">{}</a>",
        esc(&rule_url(rule)),
        esc(rule)
    )
}

fn party(l: &Lesson, p: Party) -> String {
    match p {
        Party::Seat(s) => l.name(s),
        Party::Pot(pot) => format!("the {}", pot.word()),
    }
}

fn findings(out: &mut String, l: &Lesson, place: Place) {
    let list: Vec<usize> = l.findings_at(place).collect();
    finding_list(out, l, &list);
}

/// The findings of the report at these indices, as a list (nothing when
/// there are none).
fn finding_list(out: &mut String, l: &Lesson, list: &[usize]) {
    if list.is_empty() {
        return;
    }
    out.push_str("<ul class=\"findings\">");
    for &i in list {
        out.push_str("<li class=\"finding\">");
        problem_line(out, &l.report.problems[i], Some(l));
        out.push_str("</li>");
    }
    out.push_str("</ul>");
}

fn problem_line(out: &mut String, p: &Problem, l: Option<&Lesson>) {
    if let Some(rule) = p.rule {
        let _ = write!(
            out,
            "<a class=\"rule bad\" href=\"{}\">{}</a> ",
            esc(&rule_url(rule.id())),
            esc(rule.id())
        );
    }
    let _ = write!(out, "<span class=\"kind\">{}</span> ", esc(p.kind.as_str()));
    let mut at = Vec::new();
    if let Some(s) = p.seat {
        at.push(l.map_or(format!("seat {s}"), |l| l.name(s)));
    }
    if let Some(c) = p.card {
        at.push(l.map_or(c.code().to_string(), |l| card_name(l, c)));
    }
    if !at.is_empty() {
        let _ = write!(out, "<span class=\"at\">({})</span> ", esc(&at.join(", ")));
    }
    let plain = |text: &str| l.map_or(text.to_string(), |l| words(l, text));
    out.push_str(&esc(&plain(&p.message)));
    if !p.help.is_empty() {
        let _ = write!(out, "<span class=\"help\">{}</span>", esc(&plain(&p.help)));
    }
}

fn notes(out: &mut String, comments: &[String]) {
    for c in comments {
        let text = c.trim();
        if !text.is_empty() {
            let _ = write!(out, "<p class=\"note\">{}</p>", esc(text));
        }
    }
}

/// The comments on the cards of a line (a hand, the talon, a discard):
/// each after its card's name, but those on the line's last card, which a
/// comment written after the line is read as, are the line's own.
///
/// What was said about `items[k]` is `said.of(from + k)`.
fn item_notes(out: &mut String, l: &Lesson, items: &[Item], said: &CardComments, from: usize) {
    for (k, item) in items.iter().enumerate() {
        for c in said.of(from + k) {
            if k + 1 == items.len() {
                let _ = write!(out, "<p class=\"note\">{}</p>", esc(c.trim()));
            } else {
                let _ = write!(
                    out,
                    "<p class=\"note\"><span class=\"on\">{}</span> {}</p>",
                    esc(&card_name(l, item.card)),
                    esc(c.trim())
                );
            }
        }
    }
}

/// The little markdown of the rules reference: paragraphs, list items,
/// code blocks, `code`, **bold**, and links shown as their text.
fn markdown(out: &mut String, text: &str) {
    let mut in_code = false;
    let mut para: Vec<&str> = Vec::new();
    let flush = |out: &mut String, para: &mut Vec<&str>| {
        if !para.is_empty() {
            out.push_str("<p>");
            out.push_str(&inline(&para.join(" ")));
            out.push_str("</p>");
            para.clear();
        }
    };
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            flush(out, &mut para);
            out.push_str(if in_code {
                "</code></pre>"
            } else {
                "<pre><code>"
            });
            in_code = !in_code;
        } else if in_code {
            out.push_str(&esc(line));
            out.push('\n');
        } else if line.trim().is_empty() {
            flush(out, &mut para);
        } else if let Some(item) = line.strip_prefix("- ") {
            flush(out, &mut para);
            out.push_str("<p class=\"item\">• ");
            out.push_str(&inline(item));
            out.push_str("</p>");
        } else {
            para.push(line.trim());
        }
    }
    if in_code {
        out.push_str("</code></pre>");
    }
    flush(out, &mut para);
}

/// Inline markdown: `code`, **bold**, `[text](link)` as text.
fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut bold = false;
    let mut rest = text;
    while let Some(ch) = rest.chars().next() {
        if rest.starts_with("**") {
            out.push_str(if bold { "</b>" } else { "<b>" });
            bold = !bold;
            rest = &rest[2..];
        } else if ch == '`' {
            match rest[1..].find('`') {
                Some(end) => {
                    let _ = write!(out, "<code>{}</code>", esc(&rest[1..1 + end]));
                    rest = &rest[end + 2..];
                }
                None => {
                    out.push('`');
                    rest = &rest[1..];
                }
            }
        } else if ch == '[' {
            let link = rest.find("](").and_then(|close| {
                let end = rest[close..].find(')')? + close;
                Some((close, end))
            });
            match link {
                Some((close, end)) => {
                    out.push_str(&inline(&rest[1..close]));
                    rest = &rest[end + 1..];
                }
                None => {
                    out.push('[');
                    rest = &rest[1..];
                }
            }
        } else {
            out.push_str(&esc(&rest[..ch.len_utf8()]));
            rest = &rest[ch.len_utf8()..];
        }
    }
    if bold {
        out.push_str("</b>");
    }
    out
}

/// The suit symbols and the fool's star, drawn once and used by every card.
const SYMBOLS: &str = r##"<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>
<symbol id="heart" viewBox="0 0 100 100"><path d="M50 92C22 68 4 50 4 30 4 14 16 4 30 4c9 0 16 5 20 13 4-8 11-13 20-13 14 0 26 10 26 26 0 20-18 38-46 62z"/></symbol>
<symbol id="diamond" viewBox="0 0 100 100"><path d="M50 3 88 50 50 97 12 50z"/></symbol>
<symbol id="spade" viewBox="0 0 100 100"><path d="M50 3C78 30 95 44 95 62c0 14-10 23-22 23-9 0-15-4-19-10 1 10 5 17 13 22H33c8-5 12-12 13-22-4 6-10 10-19 10C15 85 5 76 5 62 5 44 22 30 50 3z"/></symbol>
<symbol id="club" viewBox="0 0 100 100"><circle cx="50" cy="27" r="21"/><circle cx="26" cy="60" r="21"/><circle cx="74" cy="60" r="21"/><circle cx="50" cy="52" r="12"/><path d="M46 55h8c1 18 5 30 13 42H33c8-12 12-24 13-42z"/></symbol>
<symbol id="star" viewBox="0 0 100 100"><path d="M50 4 61 38h35L68 59l11 35-29-21-29 21 11-35L4 38h35z"/></symbol>
</defs></svg>
"##;

const CSS: &str = r#":root{--felt:#1f6b45;--felt-dark:#17553a;--ink:#1d1d1f;--paper:#fffdf7;--red:#c8102e;--bad:#e0182d;--gold:#f4e7c1;--muted:#5d6b63;font-family:"DejaVu Sans",system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--ink);background:#eef2ee}
*{box-sizing:border-box}
body{margin:0;padding:0 0 3rem;line-height:1.4}
header.page{background:var(--felt-dark);color:#fff;padding:.8rem 1.2rem}
header.page h1{margin:0;font-size:1.35rem;font-weight:600;word-break:break-word}
header.page .hint{margin:.2rem 0 0;opacity:.8;font-size:.85rem}
html:not(.js) header.page .hint{display:none}
.deal{max-width:84rem;margin:1.2rem auto;background:#fff;border-radius:14px;box-shadow:0 2px 10px rgba(0,0,0,.12);overflow:clip}
.deal>header{padding:1rem 1.2rem .4rem}
.deal h2{margin:0;font-size:1.3rem}
.deal h2 .variant{font-weight:400;color:var(--muted);margin-left:.4rem}
.meta{margin:.3rem 0;color:var(--muted);font-size:.95rem}
.note{margin:.35rem 0;padding:.35rem .7rem;background:#fff8d8;border-left:4px solid #e5c44a;border-radius:4px;font-size:.95rem}
.note.inline{display:inline;padding:.05rem .4rem;margin:0 .2rem;border-left-width:3px}
.note .on{font-weight:700;margin-right:.3rem}
.caveat{color:#8a4b00}
.felt{display:grid;gap:.6rem;padding:1rem;background:radial-gradient(ellipse at center,#2a8a5a 0%,var(--felt) 60%,var(--felt-dark) 100%);color:#fff;grid-template-columns:minmax(0,1fr) 18rem minmax(0,1fr);grid-template-areas:"top top top" "left center right" "bottom bottom bottom"}
.felt.seats-3{grid-template-areas:"left center right" "bottom bottom bottom"}
.seat{min-width:0}
.seat.pos-top{grid-area:top}.seat.pos-left{grid-area:left}.seat.pos-right{grid-area:right}.seat.pos-bottom{grid-area:bottom}
.seat.pos-top,.seat.pos-bottom{text-align:center}
.seat.pos-right{justify-self:end}
.seat h3{margin:0 0 .35rem;font-size:1rem;font-weight:600}
.seat .num{font-weight:400;opacity:.7;font-size:.8rem}
.seat.idle{opacity:.55}
.seat.winner h3 .who{background:#ffd54a;color:#2b2100;border-radius:4px;padding:0 .3rem}
.badge{display:inline-block;font-size:.7rem;font-weight:700;text-transform:uppercase;letter-spacing:.04em;padding:.05rem .35rem;border-radius:999px;background:rgba(255,255,255,.2);vertical-align:middle}
.badge.dealer{background:#ffd54a;color:#2b2100}
.badge.win{background:#ffd54a;color:#2b2100}
.hand{display:flex;flex-wrap:wrap;gap:.35rem 0;justify-content:inherit}
.seat.pos-top .hand,.seat.pos-bottom .hand{justify-content:center}
.hand{padding-right:1.15rem}
.hand .card{margin-right:-1.15rem}
.hand .card:has(+ .card.gap){margin-right:-.5rem}
.hand .card:has(~ .card:not(.gone)) .face{visibility:hidden}
.hand .card.gone{display:none}
.center{grid-area:center;display:flex;flex-direction:column;align-items:center;justify-content:center;min-height:11rem;background:rgba(0,0,0,.14);border-radius:28px;padding:.6rem}
.pile{display:grid;grid-template-areas:". top ." "left . right" ". bottom .";gap:.1rem .4rem;align-items:center;justify-items:center;min-height:8rem}
.pile .play{margin:0;text-align:center}
.pile [data-pos=top]{grid-area:top}.pile [data-pos=left]{grid-area:left}.pile [data-pos=right]{grid-area:right}.pile [data-pos=bottom]{grid-area:bottom}
.pile figcaption{font-size:.75rem;color:#fff}
.pile .play.won .card{box-shadow:0 0 0 3px #ffd54a,0 3px 8px rgba(0,0,0,.4)}
html:not(.js) .pile{display:none}
html:not(.js) .center{min-height:0}
.verdict{max-width:100%}
.verdict .won{margin:.25rem 0 0;text-align:center;font-size:.9rem}
.verdict .finding{list-style:none;margin:.35rem 0 0;font-size:.82rem;color:var(--ink)}
.verdict .finding .help{display:none}
.step-label{margin:0;padding:.4rem .8rem 0;font-weight:700;font-size:.95rem}
.card{position:relative;display:inline-flex;flex-direction:column;width:2.9rem;height:4.1rem;border-radius:.35rem;background:var(--paper);color:var(--ink);border:1px solid #b9b4a6;box-shadow:0 1px 3px rgba(0,0,0,.35);font-size:1rem;flex:none;vertical-align:middle;user-select:none}
.card.red{color:var(--red)}
.card .idx{position:absolute;top:.12rem;left:.18rem;display:flex;flex-direction:column;align-items:center;line-height:1}
.card .idx b{font-size:.85rem;font-weight:700;letter-spacing:-.03em}
.card .idx svg{width:.7rem;height:.7rem;fill:currentColor;margin-top:.05rem}
.card .face{flex:1;display:flex;flex-direction:column;align-items:center;justify-content:center;padding-top:.7rem}
.card .face .pip{width:1.45rem;height:1.45rem;fill:currentColor}
.card.trump{background:linear-gradient(160deg,#fffaf0,var(--gold));border-color:#c9a54a}
.card.trump .face i{font-family:"DejaVu Serif",Georgia,serif;font-style:normal;font-weight:700;font-size:.8rem;letter-spacing:-.04em}
.card.trump .face em{font-style:normal;font-size:.5rem;text-transform:uppercase;letter-spacing:.05em;color:#7a5a00}
.card.fool{background:linear-gradient(160deg,#f3f0ff,#d9d0ff);border-color:#8a78d0;color:#4b3a99}
.card.bad{outline:3px solid var(--bad);outline-offset:1px}
.stage{display:grid;grid-template-columns:minmax(0,1fr) 22rem;align-items:stretch;scroll-margin-top:0}
.panel{display:flex;flex-direction:column;min-width:0;background:#f6f8f6;border-left:1px solid #dde3de;max-height:100vh;position:sticky;top:0;align-self:start}
html:not(.js) .panel{display:none}
html:not(.js) .stage{grid-template-columns:1fr}
.script{list-style:none;margin:0;padding:.3rem .8rem .8rem;overflow-y:auto;flex:1}
.script .step{display:none}
.script .step.on{display:block}
.step-title{display:none}
.said-now{margin:.3rem 0;font-size:1.02rem}
.said-now.bad{color:var(--bad)}
.x{color:var(--bad);font-weight:900;margin-left:.15rem}
.marked{display:inline-flex;align-items:flex-start}
.legal{margin:.4rem 0;padding:.3rem .5rem;border:2px dashed #0b6b3a;border-radius:8px}
.legal p{margin:0 0 .2rem;font-size:.9rem;font-weight:600}
.seat .badge.lead{display:none;background:#9fd4ff;color:#08324f}
.seat.leader .badge.lead{display:inline-block}
.deal.closed .seat:not(.to-play) .hand .card{background:repeating-linear-gradient(45deg,#2d4f9e 0 4px,#3b63c0 4px 8px);border-color:#1d3570}
.deal.closed .seat:not(.to-play) .hand .card>*{visibility:hidden}
.seat.to-play h3 .who{text-decoration:underline}
.quiz{border:2px solid #3b63c0;border-radius:10px;padding:.4rem .6rem;background:#eef3ff}
.quiz .question{font-weight:700;margin:.2rem 0}
.quiz .answer .verdict-legal,.quiz .answer .verdict-illegal{display:none;font-weight:700}
.quiz[data-answer=legal] .verdict-legal{display:block;color:#0b6b3a}
.quiz[data-answer=illegal] .verdict-illegal{display:block;color:var(--bad)}
.hand .card.picked{outline:3px solid #3b63c0;outline-offset:1px;z-index:1}
.hand .card.picked.no{outline-color:var(--bad)}
.hand .card.picked.ok{outline-color:#0b6b3a}
.steps{display:flex;flex-wrap:wrap;gap:.4rem;justify-content:center;align-items:center;padding:.5rem;background:var(--felt-dark)}
.steps .fine{color:#fff;font-size:.85rem;white-space:nowrap}
.steps[hidden]{display:none}
.steps button{font:inherit;font-size:1rem;min-width:2.6rem;min-height:2.4rem;padding:.3rem .6rem;border-radius:8px;border:0;background:#fff;color:var(--felt-dark);font-weight:700;cursor:pointer}
.steps button:disabled{opacity:.4;cursor:default}
.steps button:focus-visible{outline:3px solid #ffd54a}
.bidding{display:grid;grid-template-columns:repeat(auto-fit,minmax(15rem,1fr));gap:.8rem;padding:1rem 1.2rem}
.block{background:#f6f8f6;border-radius:10px;padding:.6rem .8rem}
.block h3,.play>h3,.settle h3{margin:0 0 .4rem;font-size:1.05rem}
.said{margin:0;padding-left:1.4rem}
.piles{display:flex;gap:1rem;flex-wrap:wrap}
.pile-of{margin:0;display:flex;gap:.2rem;flex-wrap:wrap;align-items:flex-end}
.pile-of figcaption{width:100%;font-size:.8rem;color:var(--muted)}
.row{display:flex;gap:.2rem;flex-wrap:wrap}
.play{padding:0 1.2rem}
.tricks{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(19rem,1fr));gap:.7rem}
.trick{background:#f6f8f6;border-radius:10px;padding:.6rem .8rem;border:2px solid transparent}
.trick.has-finding{border-color:#f3b4bb;background:#fff5f6}
.trick.current{border-color:var(--felt);box-shadow:0 0 0 3px rgba(31,107,69,.25)}
.trick h4{margin:0 0 .3rem;font-size:.95rem}
.trick h4 small{font-weight:400;color:var(--muted)}
.played{display:flex;gap:.5rem;flex-wrap:wrap}
.played .play,.pile .play{padding:0;margin:0;display:flex;flex-direction:column;align-items:center}
.played figcaption{font-size:.75rem;text-align:center;max-width:5.5rem}
.played .play.won .card{box-shadow:0 0 0 3px #ffd54a}
.summary p{margin:.25rem 0}
.trick-no{display:none}
.won{font-size:.95rem}
.count{font-size:.9rem;color:var(--muted)}
.rule{font-family:"DejaVu Sans Mono",monospace;font-size:.8rem;font-weight:700;color:#0b5d3b;background:#e3f1e8;border-radius:4px;padding:0 .25rem;text-decoration:none;white-space:nowrap}
.rule.bad{color:#fff;background:var(--bad)}
.rule-note{font-size:.9rem;margin:.25rem 0}
.pays{margin:.2rem 0;padding-left:1.2rem;font-size:.9rem}
.findings{list-style:none;margin:.4rem 0;padding:0}
.finding{border-left:4px solid var(--bad);background:#fff0f1;padding:.35rem .6rem;margin:.3rem 0;border-radius:4px;font-size:.93rem}
.finding .kind{font-weight:700}
.finding .help{display:block;color:var(--muted);font-size:.85rem}
.finding .where{font-weight:600;margin-right:.3rem}
.all-findings{padding-left:1.4rem}
.settle{padding:1rem 1.2rem}
.ledger,.totals{border-collapse:collapse;margin:.4rem 0;font-size:.9rem}
.ledger th,.ledger td,.totals th,.totals td{border-bottom:1px solid #dde3de;padding:.25rem .5rem;text-align:left}
.ledger .n,.totals td{text-align:right;font-variant-numeric:tabular-nums}
.totals td.plus{color:#0b6b3a;font-weight:700}.totals td.minus{color:var(--red);font-weight:700}
.clean{color:#0b6b3a;font-weight:600}
.rules{max-width:72rem;margin:1.2rem auto;padding:1rem 1.2rem;background:#fff;border-radius:14px}
.rules dt{font-family:"DejaVu Sans Mono",monospace;font-weight:700;margin-top:.4rem}
.rules dt .title{font-family:inherit;font-weight:600}
.rules dd{margin:0 0 .8rem 1rem;font-size:.93rem}
.rules dd p{margin:.3rem 0}
.rules pre{background:#f3f5f3;border-radius:6px;padding:.4rem .6rem;overflow-x:auto;font-size:.85rem}
.rules .cmd{color:var(--muted)}
.unreadable{padding:1rem 1.2rem}
.contents{max-width:84rem;margin:1rem auto;padding:.6rem 1.2rem;background:#fff;border-radius:14px}
.contents h2{margin:0 0 .3rem;font-size:1.1rem}
.contents ol{margin:0;padding-left:1.4rem;columns:2 20rem}
@media (max-width:1000px){
.stage{grid-template-columns:1fr}
.panel{position:static;max-height:none;border-left:0}
}
@media (max-width:720px){
.deal{margin:.5rem 0;border-radius:0}
.felt,.felt.seats-3{grid-template-columns:1fr;grid-template-areas:"top" "left" "right" "bottom" "center"}
.felt.seats-3{grid-template-areas:"left" "right" "bottom" "center"}
.seat,.seat.pos-top,.seat.pos-bottom,.seat.pos-right{text-align:left;justify-self:stretch}
.steps{gap:.35rem;padding:.6rem .4rem}
.steps button{white-space:nowrap;padding:.3rem .55rem;min-width:0;flex:1 0 auto}
.seat .hand,.seat.pos-top .hand,.seat.pos-bottom .hand{justify-content:flex-start}
.center{border-radius:14px;min-height:9rem}
.card{width:2.5rem;height:3.6rem}
.hand{padding-right:.95rem}
.hand .card{margin-right:-.95rem}
.hand .card:has(+ .card.gap){margin-right:-.4rem}
.tricks{grid-template-columns:1fr}
.ledger{font-size:.8rem}
.ledger th:first-child,.ledger td:first-child{display:none}
}
@media print{
@page{size:A4;margin:12mm}
body{background:#fff;padding:0;font-size:9pt}
header.page .hint,.contents,.panel,.steps,.rules,.tricks,.pile,.center,.badge.lead{display:none!important}
.stage{display:block}
.deal{box-shadow:none;margin:0;max-width:none;break-before:page}
.deal:first-of-type{break-before:auto}
.felt{background:#fff;color:#000;padding:.2rem;gap:.2rem;grid-template-columns:1fr 1fr;grid-template-areas:"top top" "left right" "bottom bottom"}
.felt.seats-3{grid-template-areas:"left right" "bottom bottom"}
.hand .card.gone{display:inline-flex}
.card{width:2rem;height:2.8rem;font-size:.7rem;box-shadow:none}
.card .face .pip{width:.9rem;height:.9rem}
.hand .card{margin-right:-.6rem}
.hand{padding-right:.6rem}
.bidding{padding:.3rem;gap:.3rem;grid-template-columns:repeat(3,1fr)}
.block{padding:.2rem .4rem}
.note{padding:.1rem .4rem;margin:.15rem 0;font-size:8pt}
.play-table{display:table!important}
.settle{padding:.3rem}
.deal>header{padding:.3rem}
header.page{padding:.2rem .5rem;background:#fff;color:#000}
header.page h1{font-size:12pt}
.deal h2{font-size:12pt}
.block h3,.play>h3,.settle h3{font-size:10pt;margin:0 0 .1rem}
.rule-note,.pays,.ledger,.totals,.count,.said,.claim,.meta,.finding,.rules-note,.seat h3{font-size:7.5pt;margin:.05rem 0}
.ledger th,.ledger td,.totals th,.totals td{padding:0 .3rem}
.bidding{grid-template-columns:repeat(4,1fr)}
.card{width:1.7rem;height:2.4rem}
.card .idx b{font-size:.65rem}
.card .face{padding-top:.5rem}
.card.trump .face em{display:none}
.hand .card{margin-right:-.5rem}
.deal,.felt,.block,.play-table tr{break-inside:auto}
.play-table tr{break-inside:avoid}
body,.deal{line-height:1.15}
.bidding{display:flex;flex-wrap:wrap}
.bidding .block{flex:1 1 11rem}
.bidding .pays{display:none}
.said{padding-left:1rem}
.ledger td,.ledger th{line-height:1.05}
.ledger th:first-child,.ledger td:first-child{display:none}
.all-findings .help{display:none}
}
.play-table{display:none;border-collapse:collapse;font-size:8pt;width:100%;margin:.3rem 0}
.play-table th,.play-table td{border-bottom:1px solid #ccc;padding:.1rem .3rem;text-align:left;vertical-align:top}
.play-table td.won{font-weight:700;text-decoration:underline}
.play-table td.bad{color:var(--bad)}
"#;

const JS: &str = r##"(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var toc = document.querySelector("nav.contents"), top = document.querySelector("header.page");
  if (toc && top) { top.after(toc); }
  var deals = Array.prototype.slice.call(document.querySelectorAll("article.deal[data-tricks]"));
  var active = deals[0] || null;
  function num(el, name) { var v = el.getAttribute(name); return v === null ? null : parseInt(v, 10); }
  function setup(deal) {
    var n = deal.id.replace("deal-", "");
    var script = deal.querySelector(".script");
    var steps = Array.prototype.slice.call(script.querySelectorAll(":scope > .step"));
    var last = steps.length - 1;
    var nav = deal.querySelector(".steps");
    var fine = nav.querySelector("input.by-card");
    var open = nav.querySelector("input.open-hands");
    open.addEventListener("change", function () { deal.classList.toggle("closed", !open.checked); });
    var pile = deal.querySelector(".pile");
    var label = deal.querySelector(".step-label");
    var step = 0;
    nav.hidden = false;
    function show(k, follow) {
      step = Math.max(0, Math.min(last, k));
      var st = steps[step];
      deal.setAttribute("data-step", String(step));
      steps.forEach(function (s) { s.classList.toggle("on", s === st); });
      deal.querySelectorAll(".hand .card.picked").forEach(function (p) { p.classList.remove("picked", "ok", "no"); });
      deal.querySelectorAll(".hand .card").forEach(function (c) {
        var i = num(c, "data-in"), o = num(c, "data-out");
        c.classList.toggle("gone", (i !== null && step < i) || (o !== null && o <= step));
      });
      var t = num(st, "data-trick"), shown = num(st, "data-shown") || 0;
      var w = st.getAttribute("data-winner"), ld = st.getAttribute("data-leader");
      pile.textContent = "";
      deal.querySelectorAll(".tricks .trick").forEach(function (li) {
        var on = num(li, "data-trick") === t;
        li.classList.toggle("current", on);
        if (on) {
          Array.prototype.slice.call(li.querySelectorAll(".played .play"), 0, shown).forEach(function (p) {
            var c = p.cloneNode(true);
            if (w === null) { c.classList.remove("won"); var b = c.querySelector(".badge.win"); if (b) { b.remove(); } }
            pile.appendChild(c);
          });
        }
      });
      deal.querySelectorAll(".seat").forEach(function (s) {
        s.classList.toggle("winner", w !== null && s.getAttribute("data-seat") === w);
        s.classList.toggle("leader", ld !== null && s.getAttribute("data-seat") === ld);
        s.classList.toggle("to-play", s.getAttribute("data-seat") === st.getAttribute("data-seat"));
      });
      label.textContent = nav.getAttribute("data-step-word") + " " + step + " " + nav.getAttribute("data-of") + " " + last + ": " + st.getAttribute("data-label");
      nav.querySelector('[data-go="first"]').disabled = step === 0;
      nav.querySelector('[data-go="prev"]').disabled = step === 0;
      nav.querySelector('[data-go="next"]').disabled = step === last;
      nav.querySelector('[data-go="last"]').disabled = step === last;
      if (follow && history.replaceState) { history.replaceState(null, "", "#d" + n + "-step" + step); }
    }
    function major(k) { return fine.checked || steps[k].hasAttribute("data-major"); }
    function go(where) {
      active = deal;
      var k = step;
      if (where === "first") { k = 0; }
      else if (where === "last") { k = last; }
      else if (where === "next") { k++; while (k < last && !major(k)) { k++; } }
      else if (where === "prev") { k--; while (k > 0 && !major(k)) { k--; } }
      show(k, true);
    }
    nav.addEventListener("click", function (e) {
      var b = e.target.closest("button[data-go]");
      if (b) { go(b.getAttribute("data-go")); }
    });
    deal.addEventListener("pointerdown", function () { active = deal; });
    deal.querySelectorAll(".tricks .trick").forEach(function (t) {
      t.addEventListener("click", function () { active = deal; show(num(t, "data-at") || 0, true); });
    });
    deal.addEventListener("click", function (e) {
      var c = e.target.closest(".seat .hand .card");
      var q = steps[step].querySelector(".quiz");
      if (!c || !q || c.classList.contains("gone")) { return; }
      var seat = c.closest(".seat").getAttribute("data-seat");
      if (seat !== q.getAttribute("data-seat")) { return; }
      var code = c.getAttribute("data-card");
      var legal = q.getAttribute("data-legal");
      var ok = legal === null ? null : legal.split(" ").indexOf(code) >= 0;
      deal.querySelectorAll(".hand .card.picked").forEach(function (p) { p.classList.remove("picked", "ok", "no"); });
      c.classList.add("picked", ok === false ? "no" : "ok");
      q.setAttribute("data-picked", code);
      q.setAttribute("data-answer", ok === null ? "unknown" : ok ? "legal" : "illegal");
      q.querySelector(".answer").hidden = false;
    });
    deal.go = go;
    deal.show = show;
    show(0, false);
  }
  deals.forEach(setup);
  function fromHash() {
    var m = /^#d(\d+)-step(\d+)$/.exec(location.hash);
    var deal = m && document.getElementById("deal-" + m[1]);
    if (deal && deal.show) {
      active = deal;
      deal.show(parseInt(m[2], 10), false);
      deal.querySelector(".stage").scrollIntoView({ block: "start" });
    }
  }
  window.addEventListener("hashchange", fromHash);
  fromHash();
  document.addEventListener("keydown", function (e) {
    if (!active || e.altKey || e.ctrlKey || e.metaKey) { return; }
    var map = { ArrowRight: "next", ArrowLeft: "prev", Home: "first", End: "last", PageDown: "next", PageUp: "prev" };
    var where = map[e.key];
    if (where) { e.preventDefault(); active.go(where); }
  });
})();
"##;
