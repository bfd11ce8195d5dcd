//! The teacher's lesson: one deal laid out for people to look at. This
//! module reads a record and the verifier's [`Report`] into a [`Lesson`]
//! (who sits where, the hands sorted as players hold them, each trick with
//! the seat of every card, its winner, the running card points and the
//! findings that belong to it); `explain.rs` tells it as text and
//! [`html`] draws it as a page. Nothing here judges a rule: winners,
//! reasons, card points and findings all come from the report.

pub mod html;

use std::collections::HashMap;

use notation::check::{player_names, Table};
use notation::Seat;
use notation::{Card, Item, Record, Span, Variant};
use verifier::game::{Game, Move};
use verifier::{Event, Report};

/// The legal cards at card `k` (0-based) of trick `t` (1-based), `None`
/// where the rules cannot list them ([`legal_at`]).
type LegalCards = HashMap<(usize, usize), Option<Vec<Card>>>;

/// Where in the deal a finding belongs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    Hands,
    Talon,
    Auction,
    Calls,
    Discard,
    Declarations,
    /// Trick n (1-based).
    Trick(usize),
    Claim,
    /// The deal as a whole (tags, settlement, claims without a place).
    Deal,
}

/// One card of a trick, with the seat that played it.
pub struct Play<'r> {
    pub seat: Option<Seat>,
    pub item: &'r Item,
    /// What was said about the card.
    pub comments: &'r [String],
}

/// One trick as the report tells it.
pub struct TrickView<'r> {
    pub n: usize,
    pub leader: Option<Seat>,
    pub winner: Option<Seat>,
    pub reason: Option<&'r str>,
    pub plays: Vec<Play<'r>>,
    /// Card points taken so far, per side, after this trick.
    pub count: Option<&'r [(String, String)]>,
}

/// A deal ready to be told.
pub struct Lesson<'r> {
    pub record: &'r Record,
    pub report: &'r Report,
    /// 0-based position in its file.
    pub index: usize,
    pub variant: Option<Variant>,
    pub table: Option<Table>,
    pub names: Vec<String>,
    pub tricks: Vec<TrickView<'r>>,
    /// The place of each finding (same order as `report.problems`).
    pub places: Vec<Place>,
    /// The findings of each place, in report order: asked once a trick
    /// and a card, so looked up, not searched.
    by_place: HashMap<Place, Vec<usize>>,
    /// The language of the page's labels (`--lang`); English by default.
    pub lang: crate::lang::Lang,
    /// The legal cards at the cards the page shows them at, worked out at
    /// the first ask ([`legal_at`]).
    legal: std::cell::OnceCell<LegalCards>,
}

impl<'r> Lesson<'r> {
    pub fn new(record: &'r Record, report: &'r Report, index: usize) -> Lesson<'r> {
        let table = notation::check::table(record).ok();
        let names = record
            .tag("Players")
            .map(|t| {
                player_names(&t.value)
                    .into_iter()
                    .map(str::to_owned)
                    .collect()
            })
            .unwrap_or_default();
        let order: Option<Vec<Seat>> =
            table.map(|t| Seat::all(t.seats).filter(|&s| t.is_active(s)).collect());
        let mut tricks = Vec::with_capacity(record.tricks.len());
        let mut next_leader: Option<Seat> = None;
        for (i, trick) in record.tricks.iter().enumerate() {
            let n = i + 1;
            let event = report.events.iter().find_map(|e| match e {
                Event::Trick {
                    trick,
                    leader,
                    winner,
                    reason,
                } if usize::from(*trick) == n => Some((*leader, *winner, reason.as_str())),
                _ => None,
            });
            let count = report.events.iter().find_map(|e| match e {
                Event::Count { trick, sides } if usize::from(*trick) == n => Some(sides.as_slice()),
                _ => None,
            });
            let leader = event.map(|e| e.0).or(trick.leader).or(next_leader);
            let seats: Vec<Option<Seat>> = match (leader, &order) {
                (Some(l), Some(order)) if !order.is_empty() => {
                    let start = order.iter().position(|&s| s == l).unwrap_or(0);
                    (0..trick.plays.len())
                        .map(|k| order.get((start + k) % order.len()).copied())
                        .collect()
                }
                _ => vec![None; trick.plays.len()],
            };
            next_leader = event.map(|e| e.1);
            tricks.push(TrickView {
                n,
                leader,
                winner: event.map(|e| e.1),
                reason: event.map(|e| e.2),
                plays: trick
                    .plays
                    .iter()
                    .zip(seats)
                    .enumerate()
                    .map(|(k, (item, seat))| Play {
                        seat,
                        item,
                        comments: trick.play_comments.of(k),
                    })
                    .collect(),
                count,
            });
        }
        let places: Vec<Place> = report
            .problems
            .iter()
            .map(|p| place_of(record, p.trick, p.span))
            .collect();
        Lesson {
            record,
            report,
            index,
            variant: record.variant(),
            table,
            names,
            tricks,
            by_place: places.iter().enumerate().fold(
                HashMap::new(),
                |mut by: HashMap<Place, Vec<usize>>, (i, p)| {
                    by.entry(*p).or_default().push(i);
                    by
                },
            ),
            places,
            lang: crate::lang::Lang::En,
            legal: std::cell::OnceCell::new(),
        }
    }

    /// A label of the page in the lesson's language
    /// ([`crate::lang::tr`]).
    pub fn tr(&self, label: &str) -> String {
        crate::lang::tr(self.lang, label)
    }

    /// `seat 2 (Carl)`, or `seat 2` without a name.
    pub fn seat(&self, s: Seat) -> String {
        match self.names.get(s.index()) {
            Some(n) if !n.is_empty() => format!("seat {s} ({n})"),
            _ => format!("seat {s}"),
        }
    }

    /// The player's name, or `seat 2`.
    pub fn name(&self, s: Seat) -> String {
        match self.names.get(s.index()) {
            Some(n) if !n.is_empty() => n.clone(),
            _ => format!("seat {s}"),
        }
    }

    /// Every seat's name in order of play, `seat N` for a seat the
    /// `Players` tag leaves blank (or does not reach): `seat 0; Gerti;
    /// Hannes; Inge`.
    pub fn players(&self) -> String {
        players(self.record)
    }

    /// A side's name as the engine gives it, with each `seat N` in it
    /// followed by the player's name: `seat 1 (Søren)`; replaced by it
    /// inside parentheses or with `short`: `the taker (Søren)`.
    pub fn side(&self, label: &str, short: bool) -> String {
        let mut out = String::with_capacity(label.len() + 8);
        let mut rest = label;
        while let Some(i) = rest.find("seat ") {
            out.push_str(&rest[..i]);
            let after = &rest[i + 5..];
            let digits = after.bytes().take_while(u8::is_ascii_digit).count();
            match after[..digits].parse::<Seat>() {
                Ok(s) if self.names.get(s.index()).is_some_and(|n| !n.is_empty()) => {
                    let bare = short || out.ends_with('(');
                    out.push_str(&if bare { self.name(s) } else { self.seat(s) });
                }
                _ => out.push_str(&rest[i..i + 5 + digits]),
            }
            rest = &after[digits..];
        }
        out.push_str(rest);
        out
    }

    /// The findings placed at `place`, with their index.
    pub fn findings_at(&self, place: Place) -> impl Iterator<Item = usize> + '_ {
        self.by_place.get(&place).into_iter().flatten().copied()
    }

    /// Whether the card at `play` of trick `n` is what a finding points at.
    pub fn finding_on(&self, n: usize, play: &Play) -> Vec<usize> {
        self.findings_at(Place::Trick(n))
            .filter(|&i| {
                let p = &self.report.problems[i];
                let by_span = p.span.is_some_and(|s| {
                    s.start == play.item.span.start && s.end == play.item.span.end
                });
                let by_card =
                    p.card == Some(play.item.card) && (p.seat.is_none() || p.seat == play.seat);
                by_span || by_card
            })
            .collect()
    }

    /// The cards each seat holds for the play: the dealt hand, less the
    /// cards it laid away, with the cards it plays that it was not dealt
    /// (taken from the talon). No rule is applied: this is what the record
    /// shows the seat playing.
    pub fn playing_hand(&self, seat: Seat) -> Vec<Card> {
        let mut cards: Vec<Card> = self
            .record
            .hands
            .iter()
            .filter(|h| h.seat == seat)
            .flat_map(|h| h.cards.iter().map(|i| i.card))
            .collect();
        if let Some(d) = self.record.discard.as_ref().filter(|d| d.seat == seat) {
            cards.retain(|c| !d.cards.iter().any(|i| i.card == *c));
        }
        for t in &self.tricks {
            for p in &t.plays {
                if p.seat == Some(seat) && !cards.contains(&p.item.card) {
                    cards.push(p.item.card);
                }
            }
        }
        sort_hand(self.variant, &mut cards);
        cards
    }

    /// The talon as the record writes it, cut into its piles: the
    /// Königrufen talon is two piles of three (first three = pile 0).
    pub fn talon_piles(&self) -> Vec<Vec<&'r Item>> {
        let Some(talon) = &self.record.talon else {
            return Vec::new();
        };
        let items: Vec<&Item> = talon.cards.iter().collect();
        if self.variant == Some(Variant::Koenigrufen) && items.len() == 6 {
            vec![items[..3].to_vec(), items[3..].to_vec()]
        } else {
            vec![items]
        }
    }

    /// What the talon is called in this game.
    pub fn talon_word(&self) -> &'static str {
        match self.variant {
            Some(Variant::FrenchTarot) => "dog",
            _ => "talon",
        }
    }

    /// The name of `EX` in this game.
    pub fn fool_word(&self) -> &'static str {
        match self.variant {
            Some(Variant::FrenchTarot) => "excuse",
            _ => "fool",
        }
    }

    /// The seats at the table, in order of play (those who sit out too).
    pub fn seats(&self) -> Vec<Seat> {
        match self.table {
            Some(t) => Seat::all(t.seats).collect(),
            None => {
                let mut s: Vec<Seat> = self.record.hands.iter().map(|h| h.seat).collect();
                s.sort_unstable();
                s.dedup();
                s
            }
        }
    }
}

/// The players of `record` in order of play, as [`Lesson::players`].
pub fn players(record: &Record) -> String {
    let names = record
        .tag("Players")
        .map(|t| player_names(&t.value))
        .unwrap_or_default();
    let seats = notation::check::table(record)
        .map(|t| usize::from(t.seats))
        .unwrap_or(0)
        .max(names.len());
    (0..seats)
        .map(|s| match names.get(s) {
            Some(n) if !n.is_empty() => (*n).to_string(),
            _ => format!("seat {s}"),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The cards the player of card `k` of trick `t` might have played
/// there, as the rules engines say, in every game alike: the record is
/// entered into a [`Game`] (`Game::replayed`, faults and all) and the
/// seat's cards among [`Game::legal`] are kept. `None` where the game
/// cannot go on there (a wrong deal, a deal the rules ended before this
/// card, a trick the engine does not judge), in a partial record (no
/// hands), or where the seat has no legal card.
///
/// A [`Game`] judges a move by replaying the record with it, so the lesson
/// asks it only where the page shows the legal cards (a card with a
/// finding, a quiz): the first call steps one game through the deal and
/// asks it at each of those cards (kept in the lesson); any other card is
/// worked out alone ([`legal_by_prefix`]).
pub fn legal_at(l: &Lesson, t: usize, k: usize) -> Option<Vec<Card>> {
    let known = l.legal.get_or_init(|| stepped(l));
    match known.get(&(t, k)) {
        Some(cards) => cards.clone(),
        None => legal_by_prefix(l, t, k),
    }
}

/// Whether a comment asks the class a question (`{quiz: ...}`).
pub fn is_quiz(comment: &str) -> bool {
    comment
        .trim()
        .get(..5)
        .is_some_and(|m| m.eq_ignore_ascii_case("quiz:"))
}

/// The legal cards at every card of the deal the page shows them at (a
/// card with a finding, a card with a quiz), by one game stepped through
/// the record card by card: a replay per card played and per candidate
/// asked, where working each out alone costs a replay per move before it.
fn stepped(l: &Lesson) -> LegalCards {
    let mut known = HashMap::new();
    let mut asked: std::collections::BTreeSet<(usize, usize)> = l
        .tricks
        .iter()
        .flat_map(|view| {
            view.plays.iter().enumerate().filter_map(move |(k, play)| {
                let quiz = play.comments.iter().any(|c| is_quiz(c));
                (quiz || !l.finding_on(view.n, play).is_empty()).then_some((view.n, k))
            })
        })
        .collect();
    if asked.is_empty() || l.record.hands.is_empty() {
        return known;
    }
    let dealt = Record {
        tricks: Vec::new(),
        ..before_play(l.record)
    };
    let Ok(mut game) = Game::replayed(&dealt) else {
        return known;
    };
    'deal: for view in &l.tricks {
        for (k, play) in view.plays.iter().enumerate() {
            if game.is_over() {
                // The rules have ended the deal: no card after is legal
                // (and a record that runs on is not replayed card by card).
                known.extend(asked.iter().map(|&at| (at, None)));
                break 'deal;
            }
            let Some(seat) = play.seat else { break 'deal };
            if asked.remove(&(view.n, k)) {
                known.insert((view.n, k), legal_of(&game, seat));
            }
            if asked.is_empty() {
                break 'deal;
            }
            game.apply_anyway(Move::Play {
                seat,
                card: play.item.card,
                name: play.item.name,
                rename: play.item.rename,
                fool_call: if k == 0 {
                    l.record.tricks[view.n - 1].fool_call
                } else {
                    None
                },
            });
        }
    }
    known
}

/// The record's deal and its entries before the play (no comments, no
/// claim).
fn before_play(record: &Record) -> Record {
    Record {
        comments: Vec::new(),
        tags: record.tags.clone(),
        hands: record.hands.clone(),
        talon: record.talon.clone(),
        auction: record.auction.clone(),
        calls: record.calls.clone(),
        discard: record.discard.clone(),
        declarations: record.declarations.clone(),
        ..Record::default()
    }
}

/// [`legal_at`] for one card alone: the record up to that card is entered
/// into a [`Game`] and asked.
pub fn legal_by_prefix(l: &Lesson, t: usize, k: usize) -> Option<Vec<Card>> {
    let view = l.tricks.get(t.checked_sub(1)?)?;
    let seat = view.plays.get(k)?.seat?;
    if l.record.hands.is_empty() {
        // A partial record: what a seat held is not known.
        return None;
    }
    let mut prefix = Record {
        tricks: l.record.tricks[..t].to_vec(),
        ..before_play(l.record)
    };
    let last = prefix.tricks.last_mut()?;
    // Who led, as the lesson read it (the engine's leader).
    last.leader = last.leader.or(view.leader);
    last.plays.truncate(k);
    if k == 0 {
        prefix.tricks.pop();
    }
    let game = Game::replayed(&prefix).ok()?;
    legal_of(&game, seat)
}

/// The cards `seat` may play now in `game`.
fn legal_of(game: &Game, seat: Seat) -> Option<Vec<Card>> {
    if game.is_over() {
        return None;
    }
    let mut set = notation::CardSet::default();
    for mv in game.legal() {
        // The cards legal as the trick stands: a renaming of a led Danish
        // fool (DK-FOOL-8) changes the suit to follow, and is a choice the
        // page does not offer.
        if let Move::Play {
            seat: s,
            card,
            rename: None,
            ..
        } = mv
        {
            if s == seat {
                set.insert(card);
            }
        }
    }
    if set.is_empty() {
        return None;
    }
    let mut cards: Vec<Card> = set.iter().collect();
    sort_hand(Some(game.variant()), &mut cards);
    Some(cards)
}

/// The place a finding belongs to: its trick when it names one, else the
/// section of the record its span lies in.
fn place_of(record: &Record, trick: Option<u16>, span: Option<Span>) -> Place {
    if let Some(t) = trick {
        return Place::Trick(usize::from(t));
    }
    let Some(span) = span else {
        return Place::Deal;
    };
    let inside = |outer: Span| {
        outer.start != outer.end && outer.start <= span.start && span.end <= outer.end
    };
    if let Some(i) = record.tricks.iter().position(|t| inside(t.span)) {
        return Place::Trick(i + 1);
    }
    if record.hands.iter().any(|h| inside(h.span)) {
        return Place::Hands;
    }
    let sections = [
        (record.talon.as_ref().map(|c| c.span), Place::Talon),
        (record.auction.as_ref().map(|c| c.span), Place::Auction),
        (record.calls.as_ref().map(|c| c.span), Place::Calls),
        (record.discard.as_ref().map(|c| c.span), Place::Discard),
        (
            record.declarations.as_ref().map(|c| c.span),
            Place::Declarations,
        ),
        (record.claim.as_ref().map(|c| c.span), Place::Claim),
    ];
    for (s, place) in sections {
        if s.is_some_and(inside) {
            return place;
        }
    }
    Place::Deal
}

/// Sorts cards as a player holds them ([`Card::held_order`]).
pub fn sort_hand(variant: Option<Variant>, cards: &mut [Card]) {
    cards.sort_by_key(|&c| c.held_order(variant));
}

/// Where the text of a rule is found: an anchor in the page's rules
/// section, which holds the rule's entry of the rules reference
/// (`tarok rules ID`).
pub fn rule_url(id: &str) -> String {
    format!("#rule-{id}")
}

/// The title and text (markdown) of a rule in the rules reference.
pub fn rule_text(id: &str) -> Option<(&'static str, &'static str)> {
    crate::rules::lookup(id).map(|e| (e.title, e.body))
}

/// `+5`, `0`, `-3`.
pub fn signed(n: i64) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(codes: &str) -> Vec<Card> {
        codes.split(' ').map(|c| c.parse().unwrap()).collect()
    }

    fn codes(cards: &[Card]) -> String {
        cards.iter().map(|c| c.code()).collect::<Vec<_>>().join(" ")
    }

    /// The legal cards as the engines' own duty functions give them
    /// (`verifier::legal_cards`): a second path to check [`Game`]'s
    /// against. `None` in Königrufen and a Skill7 Farbesolo, whose duties
    /// depend on more than the hand and the trick.
    fn engines_legal_at(l: &Lesson, t: usize, k: usize) -> Option<Vec<Card>> {
        let view = l.tricks.get(t.checked_sub(1)?)?;
        let seat = view.plays.get(k)?.seat?;
        // The dealt hand, with the talon for the seat that lays away, less
        // its discard and the cards it played before.
        let mut hand = notation::CardSet::default();
        let record = l.record;
        for h in record.hands.iter().filter(|h| h.seat == seat) {
            h.cards.iter().for_each(|i| {
                hand.insert(i.card);
            });
        }
        if let Some(d) = record.discard.as_ref().filter(|d| d.seat == seat) {
            for i in record.talon.iter().flat_map(|t| t.cards.iter()) {
                hand.insert(i.card);
            }
            d.cards.iter().for_each(|i| {
                hand.remove(i.card);
            });
        }
        for earlier in &l.tricks[..t - 1] {
            for p in &earlier.plays {
                if p.seat == Some(seat) {
                    hand.remove(p.item.card);
                }
            }
        }
        let before: Vec<notation::Item> = view.plays[..k].iter().map(|p| *p.item).collect();
        let set = verifier::legal_cards(l.record, l.variant?, hand, &before)?;
        let mut cards: Vec<Card> = set.iter().collect();
        sort_hand(l.variant, &mut cards);
        Some(cards)
    }

    /// The rules besides the duties of play that bar a card the duties
    /// allow.
    const BARRED: [notation::Rule; 4] = [
        notation::Rule::S7Play4,
        notation::Rule::DkFool4,
        notation::Rule::DkFool5,
        notation::Rule::DkFool6,
    ];

    /// The corpus's records with their reports, file by file, each file
    /// its own session.
    fn corpus(only: &str) -> Vec<(String, Record, Report)> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
        let mut out = Vec::new();
        let mut dirs: Vec<_> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir())
            .collect();
        dirs.sort();
        for dir in dirs {
            let mut files: Vec<_> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|e| e == "tarok"))
                .filter(|p| p.to_string_lossy().contains(only))
                .collect();
            files.sort();
            for file in files {
                let text = std::fs::read_to_string(&file).unwrap();
                let mut sessions =
                    verifier::session::Sessions::new(verifier::session::Grouping::default());
                for record in notation::parse_str(&text).into_iter().flatten() {
                    let report = sessions.verify(&record);
                    out.push((file.display().to_string(), record, report));
                }
            }
        }
        out
    }

    /// Every card step of every corpus deal with hands: the legal cards a
    /// [`Game`] finds, stepping through the record card by card, are those
    /// the engines' duty functions allow (French Tarot, Danish Tarok,
    /// Skill7 outside a Farbesolo), less the cards another rule bars, each
    /// refused by the game with that rule's id; a card of the record
    /// without a finding is among them in every game. At every faulty
    /// card and every card of the corpus lessons, the page's `legal_at`
    /// (one game stepped through the deal, asked at the cards the page
    /// shows them at) and `legal_by_prefix` (the record up to the card
    /// entered alone) agree with the stepping.
    #[test]
    fn legal_cards_are_the_engines() {
        let (mut compared, mut stepped) = (0, 0);
        let mut barred = std::collections::BTreeSet::new();
        for (file, record, report) in corpus("") {
            use notation::Kind;
            // Where a card is played by a seat that does not hold it, or
            // the tricks are cut, the lesson's playing hands (what the record
            // shows each seat playing) are no rule's: the engines' duties
            // are compared on the other deals.
            let plain = !report.problems.iter().any(|p| {
                matches!(
                    p.kind,
                    Kind::UnknownCard
                        | Kind::DuplicateCard
                        | Kind::DuplicateHand
                        | Kind::WrongCardCount
                        | Kind::UnknownSeat
                        | Kind::WrongTrickSize
                        | Kind::TooManyTricks
                        | Kind::CardNotHeld
                        | Kind::IllegalDiscard
                )
            });
            if record.hands.is_empty() {
                continue;
            }
            let l = Lesson::new(&record, &report, 0);
            let mut dealt = record.clone();
            dealt.tricks.clear();
            dealt.claim = None;
            let Ok(mut game) = verifier::game::Game::replayed(&dealt) else {
                continue;
            };
            for view in &l.tricks {
                for (k, play) in view.plays.iter().enumerate() {
                    let Some(seat) = play.seat else { break };
                    let by_game = legal_of(&game, seat);
                    let engines = engines_legal_at(&l, view.n, k).filter(|_| plain);
                    if let (Some(g), Some(e)) = (&by_game, engines) {
                        let at = format!("{file}: trick {} card {}", view.n, k + 1);
                        // The game may refuse more than the duties of play:
                        // a rule of its own bars the card (an announced
                        // pagat kept back, the fool called for or not in
                        // the last trick). Nothing else differs.
                        assert!(
                            g.iter().all(|c| e.contains(c)),
                            "{at}: {} ⊄ {}",
                            codes(g),
                            codes(&e)
                        );
                        for &c in e.iter().filter(|c| !g.contains(c)) {
                            let refused = game.clone().apply(Move::play(seat, c)).unwrap_err();
                            let rules: Vec<notation::Rule> =
                                refused.problems.iter().filter_map(|p| p.rule).collect();
                            assert!(
                                !rules.is_empty() && rules.iter().all(|r| BARRED.contains(r)),
                                "{at}: {} refused by {rules:?}",
                                c.code()
                            );
                            barred.insert(rules[0].to_string());
                        }
                        compared += 1;
                    }
                    if let Some(g) = &by_game {
                        stepped += 1;
                        let faulty = !l.finding_on(view.n, play).is_empty();
                        // A card that renames a led fool is legal with its
                        // renaming, which `Game::legal` does not list, and
                        // a renaming judges the cards before it anew.
                        let renamed = view.plays.iter().any(|p| p.item.rename.is_some());
                        if !faulty && plain && !renamed {
                            assert!(
                                g.contains(&play.item.card),
                                "{file}: trick {} card {}: {} played without a finding, not legal by the game: {}",
                                view.n,
                                k + 1,
                                play.item.card.code(),
                                codes(g)
                            );
                        }
                        if file.contains("90-lesson") || faulty {
                            let at = legal_by_prefix(&l, view.n, k);
                            assert_eq!(
                                legal_at(&l, view.n, k),
                                at,
                                "{file}: trick {} card {}",
                                view.n,
                                k + 1
                            );
                            assert_eq!(
                                at.as_deref().map(codes),
                                Some(codes(g)),
                                "{file}: trick {} card {}",
                                view.n,
                                k + 1
                            );
                        }
                    }
                    let item = play.item;
                    game.apply_anyway(Move::Play {
                        seat,
                        card: item.card,
                        name: item.name,
                        rename: item.rename,
                        fool_call: if k == 0 {
                            record.tricks[view.n - 1].fool_call
                        } else {
                            None
                        },
                    });
                }
            }
        }
        assert!(compared > 1000, "{compared} card steps compared");
        assert!(stepped > compared, "{stepped} card steps stepped");
        assert!(
            barred.contains("S7-PLAY-4") && barred.contains("DK-FOOL-4"),
            "rules beyond the duties are met: {barred:?}"
        );
    }

    /// A seat that the `Players` tag leaves blank reads "seat N" in the
    /// text and on the page, never an empty name or a bare number.
    #[test]
    fn a_seat_without_a_name_reads_seat_n() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("corpus/koenigrufen/90-lesson.tarok");
        let text = std::fs::read_to_string(path)
            .unwrap()
            .replace("[Players \"Franz;", "[Players \" ;");
        assert!(text.contains("[Players \" ; Gerti"));
        let mut entries = Vec::new();
        let mut told = String::new();
        let mut sessions = verifier::session::Sessions::new(verifier::session::Grouping::File);
        for (index, record) in notation::parse_str(&text).into_iter().enumerate() {
            let record = record.unwrap();
            let report = sessions.verify(&record);
            told.push_str(&crate::explain::explain(&record, &report, index));
            entries.push(html::Entry::Owned {
                index,
                record: Box::new(record),
                report: Box::new(report),
            });
        }
        let page = html::page("Lesson", crate::lang::Lang::En, &entries);
        // The words of the page, its style and script left out.
        let style = page.find("</style>").unwrap();
        let script = page.rfind("<script>").unwrap();
        let page = page[style..script].to_string();
        // The comments the teacher wrote name Franz; the lesson's own words
        // say "seat 0".
        let own = |s: &str| {
            s.lines()
                .filter(|l| !l.trim_start().starts_with('»') && !l.contains("class=\"note"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        for (form, body) in [("text", own(&told)), ("page", own(&page))] {
            assert!(body.contains("seat 0"), "{form}");
            for empty in [
                "<b></b>",
                "<b> </b>",
                "<th></th>",
                "()",
                "( )",
                ", ,",
                "> deals",
                ">’s hand",
                "Dealer: \n",
            ] {
                assert!(!body.contains(empty), "{form} has {empty:?}");
            }
        }
        assert!(
            told.contains("Players: seat 0; Gerti; Hannes; Inge"),
            "{told}"
        );
        let bare = notation::parse_str(
            "[Variant \"koenigrufen\"]\n[Dealer \"0\"]\n[Players \" ; Gerti; ; Inge\"]\n",
        )
        .remove(0)
        .unwrap();
        let entry = html::Entry::Owned {
            index: 0,
            record: Box::new(bare),
            report: Box::default(),
        };
        assert_eq!(
            html::contents_entry(&entry).1,
            "Königrufen, seat 0, Gerti, seat 2, Inge"
        );
        assert!(page.contains("<b>seat 0</b> deals"));
        assert!(page.contains("seat 0’s hand"));
    }

    #[test]
    fn hands_are_sorted_as_held() {
        let mut hand = cards("D2 S10 T3 HK H1 EX C7 T21 H10 SK D1");
        sort_hand(Some(Variant::DanishTarok), &mut hand);
        // Red spots 1 high in the Danish game (DK-CARD-2).
        assert_eq!(codes(&hand), "EX T21 T3 SK S10 HK H1 H10 C7 D1 D2");
        sort_hand(Some(Variant::FrenchTarot), &mut hand);
        assert_eq!(codes(&hand), "EX T21 T3 SK S10 HK H10 H1 C7 D2 D1");
    }

    #[test]
    fn side_names_take_the_players_names() {
        let record = notation::parse_str(
            "[Variant \"french-tarot\"]\n[Dealer \"0\"]\n[Players \"Ann; Bob; ; Dan\"]\n",
        )
        .remove(0)
        .unwrap();
        let report = Report::default();
        let lesson = Lesson::new(&record, &report, 0);
        assert_eq!(lesson.side("the taker (seat 1)", false), "the taker (Bob)");
        assert_eq!(lesson.side("seat 0", false), "seat 0 (Ann)");
        assert_eq!(lesson.side("seat 0", true), "Ann");
        assert_eq!(lesson.side("seat 2", true), "seat 2");
        assert_eq!(lesson.side("the defence", true), "the defence");
        assert_eq!(rule_url("FR-PLAY-2"), "#rule-FR-PLAY-2");
    }
}
