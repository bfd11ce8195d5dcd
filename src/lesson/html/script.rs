//! The lesson's steps: every phase of the deal in its order (the hands as
//! dealt, the auction bid by bid, the calls, the talon, the discard, the
//! declarations, the play card by card, the result), each with the
//! record's comments that annotate it and the findings placed there. The
//! page's script only shows them one after another: what a step says is
//! written here, from the record and the verifier's report.

use std::collections::HashMap;
use std::fmt::Write;

use notation::Seat;
use notation::{Act, Action, Actions, Card, CardComments, Item, Span, Variant};
use verifier::Moment;

use super::super::{Lesson, Place, Play};
use super::{card, card_name, finding_list, findings, ledger, moment, notes, party, problem_line};
use crate::escape::html as esc;
use crate::lesson::signed;

/// One step of the lesson.
pub struct Step {
    /// `deal`, `auction`, `calls`, `talon`, `discard`, `declarations`,
    /// `play`, `result`.
    pub phase: &'static str,
    /// What the step control says: "The auction: 2 of 4".
    pub label: String,
    /// The step's words, comments and findings (HTML).
    pub body: String,
    /// The trick on the table and how many of its cards are shown.
    pub trick: Option<(usize, usize)>,
    pub leader: Option<Seat>,
    /// The player who acts at this step (bids, lays away, plays).
    pub seat: Option<Seat>,
    /// Set when the trick on the table is complete.
    pub winner: Option<Seat>,
    /// A step of the coarse (trick by trick) mode too.
    pub major: bool,
}

/// The steps of a deal, and when each card of a hand comes in and goes
/// out of it (step indices; `None`: stays to the end).
pub struct Script {
    pub steps: Vec<Step>,
    pub cards: HashMap<(Seat, Card), (usize, Option<usize>)>,
    /// The step at which each trick is complete (index = trick - 1).
    pub trick_end: Vec<usize>,
    /// The trick in which the hidden partner's card is played.
    pub reveal_trick: Option<usize>,
}

/// The hidden partner of a called card (KR-CALL-4, the Skill7 rufer): the
/// seat that holds the called card, and the card; revealed when played.
pub fn hidden_partner(l: &Lesson) -> Option<(Seat, Card)> {
    if !matches!(
        l.variant,
        Some(Variant::Koenigrufen | Variant::Skill7Tarock)
    ) {
        return None;
    }
    let calls = l.record.calls.as_ref().or(l.record.auction.as_ref())?;
    let (caller, called) = calls.actions.iter().find_map(|a| match a.act {
        Act::Call { card, .. } => Some((a.seat, card)),
        _ => None,
    })?;
    let holder = l
        .record
        .hands
        .iter()
        .find(|h| h.cards.iter().any(|i| i.card == called))?
        .seat;
    (holder != caller).then_some((holder, called))
}

/// `text` with the hidden partner's seat unnamed.
fn hide_partner(text: &str, partner: Option<Seat>) -> String {
    match partner {
        Some(p) => text
            .replace(
                &format!(" and partner (seat {p})"),
                " and the hidden partner",
            )
            .replace(&format!("partner (seat {p})"), "the hidden partner"),
        None => text.to_string(),
    }
}

fn step(phase: &'static str, label: String, body: String) -> Step {
    Step {
        phase,
        label,
        body,
        trick: None,
        leader: None,
        seat: None,
        winner: None,
        major: true,
    }
}

/// The findings placed at `place` whose span lies in `span` or that name
/// `card`.
fn findings_in(l: &Lesson, place: Place, span: Span, card: Option<Card>) -> Vec<usize> {
    l.findings_at(place)
        .filter(|&i| {
            let p = &l.report.problems[i];
            p.span
                .is_some_and(|s| span.start <= s.start && s.end <= span.end && s.start != s.end)
                || (card.is_some() && p.card == card)
        })
        .collect()
}

/// A row of cards, each outlined and crossed when a finding names it.
/// A row of cards; what was said about `items[k]` is `said.of(from + k)`.
fn cards_row(
    out: &mut String,
    l: &Lesson,
    place: Place,
    items: &[Item],
    said: &CardComments,
    from: usize,
) {
    out.push_str("<div class=\"row\">");
    for item in items {
        let marks = findings_in(l, place, item.span, Some(item.card));
        if marks.is_empty() {
            card(out, l, item.card, "", "");
        } else {
            out.push_str("<span class=\"marked\">");
            card(out, l, item.card, " bad", "");
            out.push_str("<b class=\"x\" title=\"a finding\">✗</b></span>");
        }
    }
    out.push_str("</div>");
    super::item_notes(out, l, items, said, from);
}

/// What a player says, in words: "bids guard", "calls the king of hearts".
pub fn said(l: &Lesson, act: &Act) -> String {
    let mut words = String::new();
    notation::print::act(&mut words, act);
    match act {
        Act::Pass => "passes".into(),
        Act::Bid { .. } => format!("bids {words}"),
        Act::Call { card, fourth } => format!(
            "calls {}{}",
            card_name(l, *card),
            if *fourth { " (the fourth king)" } else { "" }
        ),
        Act::Talon { half } => format!("takes talon pile {half}"),
        Act::Announce { bonus } => format!("announces {}", bonus.word()),
        Act::Contra { target } => format!("doubles the {target} (contra)"),
        Act::Recontra { target } => format!("doubles the {target} again (recontra)"),
        Act::Subcontra { target } => format!("doubles the {target} once more (subcontra)"),
        Act::Handful { cards, .. } => {
            let names: Vec<String> = cards.iter().map(|c| card_name(l, *c)).collect();
            format!(
                "shows a {} handful: {}",
                words.split(' ').nth(1).unwrap_or("simple"),
                names.join(", ")
            )
        }
        _ => format!("says “{words}”"),
    }
}

/// One action's step body: who says what, its comments, its findings
/// marked with ✗.
fn action_body(l: &Lesson, a: &Action, place: Place) -> String {
    let mut out = String::new();
    let marks = findings_in(l, place, a.span, None);
    let _ = write!(
        out,
        "<p class=\"said-now{}\"><b>{}</b> {}",
        if marks.is_empty() { "" } else { " bad" },
        esc(&l.name(a.seat)),
        esc(&said(l, &a.act))
    );
    if let Some(after) = a.after {
        let _ = write!(out, " <small>after trick {after}</small>");
    }
    if !marks.is_empty() {
        out.push_str(" <b class=\"x\">✗</b>");
    }
    out.push_str("</p>");
    notes(&mut out, &a.comments);
    finding_list(&mut out, l, &marks);
    out
}

fn actions(
    steps: &mut Vec<Step>,
    l: &Lesson,
    phase: &'static str,
    title: &str,
    section: Option<&Actions>,
    at: Moment,
    place: Place,
) {
    let Some(section) = section else {
        let mut body = String::new();
        moment(&mut body, l, at);
        findings(&mut body, l, place);
        if !body.is_empty() {
            steps.push(step(phase, l.tr(title), body));
        }
        return;
    };
    let total = section.actions.len();
    let marked: Vec<usize> = section
        .actions
        .iter()
        .flat_map(|a| findings_in(l, place, a.span, None))
        .collect();
    for (k, a) in section.actions.iter().enumerate() {
        let mut body = String::new();
        if k == 0 {
            notes(&mut body, &section.comments);
        }
        body.push_str(&action_body(l, a, place));
        if k + 1 == total {
            moment(&mut body, l, at);
            let others: Vec<usize> = l
                .findings_at(place)
                .filter(|i| !marked.contains(i))
                .collect();
            finding_list(&mut body, l, &others);
        }
        let mut st = step(
            phase,
            format!("{}: {} {} {total}", l.tr(title), k + 1, l.tr("of")),
            body,
        );
        st.seat = Some(a.seat);
        steps.push(st);
    }
}

/// The steps of the deal of `l`.
pub fn script(l: &Lesson) -> Script {
    let record = l.record;
    let mut steps: Vec<Step> = Vec::new();
    let partner = hidden_partner(l);
    // The step at which the partner's card is played.
    let mut reveal: Option<usize> = None;
    let mut reveal_trick: Option<usize> = None;

    // The hands as dealt.
    let mut body = String::new();
    notes(&mut body, &record.comments);
    for tag in &record.tags {
        notes(&mut body, &tag.comments);
    }
    if let Some(t) = l.table {
        let _ = write!(body, "<p><b>{}</b> deals.</p>", esc(&l.name(t.dealer)));
    }
    for hand in &record.hands {
        if !hand.comments.is_empty() || !hand.card_comments.is_empty() {
            let _ = write!(body, "<h4>{}’s hand</h4>", esc(&l.name(hand.seat)));
            notes(&mut body, &hand.comments);
            super::item_notes(&mut body, l, &hand.cards, &hand.card_comments, 0);
        }
    }
    moment(&mut body, l, Moment::Deal);
    findings(&mut body, l, Place::Hands);
    findings(&mut body, l, Place::Deal);
    steps.push(step("deal", l.tr("The hands as dealt"), body));

    actions(
        &mut steps,
        l,
        "auction",
        "The auction",
        record.auction.as_ref(),
        Moment::Auction,
        Place::Auction,
    );
    actions(
        &mut steps,
        l,
        "calls",
        "The calls",
        record.calls.as_ref(),
        Moment::Calls,
        Place::Calls,
    );

    let mut taken_at = 0;
    if let Some(talon) = &record.talon {
        let mut body = String::new();
        notes(&mut body, &talon.comments);
        let mut from = 0;
        for (k, pile) in l.talon_piles().iter().enumerate() {
            let items: Vec<Item> = pile.iter().map(|i| **i).collect();
            if l.talon_piles().len() > 1 {
                let _ = write!(body, "<p>Pile {k}</p>");
            }
            cards_row(
                &mut body,
                l,
                Place::Talon,
                &items,
                &talon.card_comments,
                from,
            );
            from += items.len();
        }
        findings(&mut body, l, Place::Talon);
        taken_at = steps.len();
        steps.push(step(
            "talon",
            l.tr(&format!("The {}", l.talon_word())),
            body,
        ));
    }

    let mut discard_at = None;
    if let Some(d) = &record.discard {
        let title = match l.variant {
            Some(Variant::DanishTarok) => "The skat",
            Some(Variant::FrenchTarot) => "The discard (écart)",
            _ => "The discard",
        };
        let mut body = String::new();
        notes(&mut body, &d.comments);
        let _ = write!(body, "<p><b>{}</b> lays away</p>", esc(&l.name(d.seat)));
        cards_row(&mut body, l, Place::Discard, &d.cards, &d.card_comments, 0);
        if !d.shown.is_empty() {
            body.push_str("<p>and shows</p>");
            cards_row(&mut body, l, Place::Discard, &d.shown, &d.shown_comments, 0);
        }
        moment(&mut body, l, Moment::Discard);
        findings(&mut body, l, Place::Discard);
        discard_at = Some(steps.len());
        if taken_at == 0 {
            taken_at = steps.len();
        }
        let mut st = step("discard", l.tr(title), body);
        st.seat = Some(d.seat);
        steps.push(st);
    }

    actions(
        &mut steps,
        l,
        "declarations",
        "The declarations",
        record.declarations.as_ref(),
        Moment::Declarations,
        Place::Declarations,
    );

    // The play, card by card.
    let mut played_at: HashMap<(Seat, Card), usize> = HashMap::new();
    let mut trick_end = Vec::with_capacity(l.tricks.len());
    let total = l.tricks.len();
    for (trick, view) in record.tricks.iter().zip(&l.tricks) {
        let t = view.n;
        let plays = view.plays.len();
        for (k, play) in view.plays.iter().enumerate() {
            if let Some(q) = quiz(l, t, k, play, plays) {
                steps.push(Step {
                    trick: Some((t, k)),
                    leader: view.leader,
                    seat: play.seat,
                    ..q
                });
            }
            let at = steps.len();
            if let Some(s) = play.seat {
                played_at.entry((s, play.item.card)).or_insert(at);
            }
            let reveals = reveal.is_none()
                && partner.is_some_and(|(s, c)| play.seat == Some(s) && play.item.card == c);
            if reveals {
                reveal = Some(at);
                reveal_trick = Some(t);
            }
            let hidden = if reveal.is_some() {
                None
            } else {
                partner.map(|p| p.0)
            };
            let mut body = String::new();
            if k == 0 {
                notes(&mut body, &trick.comments);
            }
            if k == 0 {
                if let Some(caller) = trick.fool_call {
                    let _ = write!(
                        body,
                        "<p class=\"say\"><b>{}</b> calls for the fool</p>",
                        esc(&l.name(caller))
                    );
                }
            }
            play_line(&mut body, l, t, k, play);
            if reveals {
                let caller = l
                    .record
                    .calls
                    .iter()
                    .chain(&l.record.auction)
                    .flat_map(|a| &a.actions)
                    .find(|a| matches!(a.act, Act::Call { .. }))
                    .map(|a| l.name(a.seat));
                let _ = write!(
                    body,
                    "<p class=\"reveal\">The called card is played: <b>{}</b> is {}’s partner.</p>",
                    esc(&l.name(play.seat.unwrap_or_default())),
                    esc(&caller.unwrap_or_else(|| "the caller".into()))
                );
            }
            if k + 1 == plays {
                if let (Some(w), Some(reason)) = (view.winner, view.reason) {
                    let _ = write!(
                        body,
                        "<p class=\"won\">Won by <b>{}</b>: {}</p>",
                        esc(&l.name(w)),
                        esc(&super::words(l, reason))
                    );
                }
                if let Some(count) = view.count {
                    body.push_str("<p class=\"count\">Card points in the tricks so far: ");
                    for (j, (side, pts)) in count.iter().enumerate() {
                        if j > 0 {
                            body.push_str(" · ");
                        }
                        let _ = write!(body, "{} <b>{}</b>", esc(&l.side(side, true)), esc(pts));
                    }
                    body.push_str("</p>");
                }
                let mut rest = String::new();
                if let Ok(t) = u16::try_from(t) {
                    moment(&mut rest, l, Moment::Trick(t));
                }
                body.push_str(&hide_partner(&rest, hidden));
                let others: Vec<usize> = l
                    .findings_at(Place::Trick(t))
                    .filter(|&i| !view.plays.iter().any(|p| l.finding_on(t, p).contains(&i)))
                    .collect();
                finding_list(&mut body, l, &others);
                trick_end.push(at);
            }
            let body = if hidden.is_some() {
                hide_count(&body, l, partner.map(|p| p.0))
            } else {
                body
            };
            steps.push(Step {
                phase: "play",
                label: format!(
                    "{} {t} {of} {total}: {} {} {of} {plays}",
                    l.tr("Trick"),
                    l.tr("card"),
                    k + 1,
                    of = l.tr("of")
                ),
                body,
                trick: Some((t, k + 1)),
                leader: view.leader,
                seat: play.seat,
                winner: if k + 1 == plays { view.winner } else { None },
                major: k + 1 == plays,
            });
        }
        if view.plays.is_empty() {
            trick_end.push(steps.len().saturating_sub(1));
        }
    }

    // The result.
    let mut body = String::new();
    if let Some(why) = verifier::unsettled_reason(l.report) {
        let _ = write!(body, "<p class=\"caveat\">{}</p>", esc(&why));
    }
    if l.report.settled {
        moment(&mut body, l, Moment::Settlement);
        ledger(&mut body, l);
    }
    if let Some(claim) = &record.claim {
        notes(&mut body, &claim.comments);
        let claimed: Vec<String> = claim
            .entries
            .iter()
            .map(|e| format!("{} {}", party(l, e.party), signed(e.amount)))
            .collect();
        let _ = write!(
            body,
            "<p class=\"claim\">Claimed on the score sheet: {}</p>",
            esc(&claimed.join(", "))
        );
        findings(&mut body, l, Place::Claim);
    }
    notes(&mut body, &record.trailing);
    let count = l.report.problems.len();
    if count == 0 {
        body.push_str("<p class=\"clean\">The deal follows the rules.</p>");
    } else {
        let _ = write!(
            body,
            "<p class=\"caveat\">{count} finding{} in this deal, listed below.</p>",
            if count == 1 { "" } else { "s" }
        );
    }
    steps.push(step("result", l.tr("The result"), body));

    // When each card is in a hand.
    let mut cards: HashMap<(Seat, Card), (usize, Option<usize>)> = HashMap::new();
    for hand in &record.hands {
        for item in &hand.cards {
            let out = played_at.get(&(hand.seat, item.card)).copied().or_else(|| {
                record
                    .discard
                    .as_ref()
                    .filter(|d| d.seat == hand.seat && d.cards.iter().any(|i| i.card == item.card))
                    .and(discard_at)
            });
            cards.insert((hand.seat, item.card), (0, out));
        }
    }
    for (&(seat, c), &at) in &played_at {
        cards.entry((seat, c)).or_insert((taken_at, Some(at)));
    }
    Script {
        steps,
        cards,
        trick_end,
        reveal_trick,
    }
}

/// A side's name with the hidden partner unnamed before trick `t` reveals
/// them: "the bidder (Inge) and the hidden partner".
pub fn side_before(l: &Lesson, script: &Script, side: &str, t: usize) -> String {
    let named = l.side(side, true);
    match hidden_partner(l) {
        Some((p, _)) if script.reveal_trick.is_none_or(|r| t < r) => named.replace(
            &format!(" and partner ({})", l.name(p)),
            " and the hidden partner",
        ),
        _ => named,
    }
}

/// The hidden partner's name taken out of the card points' side names.
fn hide_count(body: &str, l: &Lesson, partner: Option<Seat>) -> String {
    match partner {
        Some(p) => {
            let named = format!(" and partner ({})", l.name(p));
            body.replace(&esc(&named), " and the hidden partner")
        }
        None => body.to_string(),
    }
}

/// "Franz leads the king of clubs" and the card's comments and findings.
fn play_line(out: &mut String, l: &Lesson, t: usize, k: usize, play: &Play) {
    let who = play.seat.map_or("?".to_string(), |s| l.name(s));
    let marks = l.finding_on(t, play);
    let _ = write!(
        out,
        "<p class=\"said-now{}\"><b>{}</b> {} {}",
        if marks.is_empty() { "" } else { " bad" },
        esc(&who),
        if k == 0 { "leads" } else { "plays" },
        esc(&card_name(l, play.item.card))
    );
    if let Some(r) = play.item.rename {
        let _ = write!(out, " and renames the fool to {}", lead_name(r));
    }
    if let Some(name) = play.item.name {
        let _ = write!(out, ", naming {}", esc(&lead_name(name)));
    }
    if !marks.is_empty() {
        out.push_str(" <b class=\"x\">✗</b>");
    }
    out.push_str("</p>");
    for c in play.comments {
        let _ = write!(out, "<p class=\"note\">{}</p>", esc(c.trim()));
    }
    if !marks.is_empty() {
        finding_list(out, l, &marks);
        if let Some(legal) = super::super::legal_at(l, t, k) {
            let _ = write!(
                out,
                "<div class=\"legal\"><p>{}</p><div class=\"row\">",
                esc(&l.tr("The cards that were legal here:"))
            );
            for c in legal {
                card(out, l, c, "", "");
            }
            out.push_str("</div></div>");
        }
    }
}

/// The teacher's question before card `k` of trick `t`, when a comment on
/// that card starts with `quiz:`: the student clicks a card of the
/// player's hand, and the page answers from the legal cards computed here
/// (`lesson::legal_at`), the card of the record and the teacher's other
/// comments on it.
fn quiz(l: &Lesson, t: usize, k: usize, play: &Play, plays: usize) -> Option<Step> {
    let question = play
        .comments
        .iter()
        .find(|c| super::super::is_quiz(c))
        .map(|c| c.trim()[5..].trim().to_string())?;
    let seat = play.seat?;
    let legal = super::super::legal_at(l, t, k);
    let who = l.name(seat);
    let mut body = String::new();
    let _ = write!(
        body,
        "<div class=\"quiz\" data-seat=\"{seat}\" data-played=\"{}\"",
        play.item.card.code()
    );
    if let Some(legal) = &legal {
        let codes: Vec<&str> = legal.iter().map(|c| c.code()).collect();
        let _ = write!(body, " data-legal=\"{}\"", codes.join(" "));
    }
    let _ = write!(
        body,
        "><p class=\"question\">{}</p><p class=\"ask\">{}</p><div class=\"answer\" hidden><p class=\"verdict-legal\">{}</p><p class=\"verdict-illegal\">{}</p>",
        esc(&question),
        esc(&l.tr("Click a card in {}’s hand."))
            .replace("{}", &format!("<b>{}</b>", esc(&who))),
        esc(&l.tr("Legal here.")),
        esc(&l.tr("Not legal here."))
    );
    match &legal {
        Some(legal) => {
            let _ = write!(body, "<p>{}</p>", esc(&l.tr("The legal cards:")));
            let mut row = String::new();
            for c in legal {
                card(&mut row, l, *c, "", "");
            }
            let _ = write!(body, "<div class=\"row\">{row}</div>");
        }
        None => body.push_str(
            "<p>The rules cannot list the legal cards here (a record without hands, or a deal already ended).</p>",
        ),
    }
    let _ = write!(
        body,
        "<p>In the record <b>{}</b> played {}.</p>",
        esc(&who),
        esc(&card_name(l, play.item.card))
    );
    for i in l.finding_on(t, play) {
        body.push_str("<ul class=\"findings\"><li class=\"finding\">");
        problem_line(&mut body, &l.report.problems[i], Some(l));
        body.push_str("</li></ul>");
    }
    for c in play.comments.iter().map(|c| c.trim()) {
        if !super::super::is_quiz(c) {
            let _ = write!(body, "<p class=\"note\">{}</p>", esc(c));
        }
    }
    body.push_str("</div></div>");
    Some(Step {
        phase: "quiz",
        label: format!(
            "{}: {} {t}, {} {} {} {plays}",
            l.tr("Question"),
            l.tr("trick"),
            l.tr("card"),
            k + 1,
            l.tr("of")
        ),
        body,
        trick: None,
        leader: None,
        seat: None,
        winner: None,
        major: true,
    })
}

/// The suit or trumps a fool names, in words.
pub fn lead_name(lead: notation::Lead) -> String {
    let code = lead.to_string();
    match code.as_str() {
        "T" => "trumps".into(),
        "S" => "spades".into(),
        "H" => "hearts".into(),
        "C" => "clubs".into(),
        "D" => "diamonds".into(),
        other => other.into(),
    }
}
