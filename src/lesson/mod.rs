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
use notation::{Card, Item, Record, Span, Variant};
use verifier::{Event, Report};

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
    pub seat: Option<u8>,
    pub item: &'r Item,
}

/// One trick as the report tells it.
pub struct TrickView<'r> {
    pub n: usize,
    pub leader: Option<u8>,
    pub winner: Option<u8>,
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
        let order: Option<Vec<u8>> =
            table.map(|t| (0..t.seats).filter(|&s| t.is_active(s)).collect());
        let mut tricks = Vec::with_capacity(record.tricks.len());
        let mut next_leader: Option<u8> = None;
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
            let seats: Vec<Option<u8>> = match (leader, &order) {
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
                    .map(|(item, seat)| Play { seat, item })
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
        }
    }

    /// `seat 2 (Carl)`, or `seat 2` without a name.
    pub fn seat(&self, s: u8) -> String {
        match self.names.get(s as usize) {
            Some(n) if !n.is_empty() => format!("seat {s} ({n})"),
            _ => format!("seat {s}"),
        }
    }

    /// The player's name, or `seat 2`.
    pub fn name(&self, s: u8) -> String {
        match self.names.get(s as usize) {
            Some(n) if !n.is_empty() => n.clone(),
            _ => format!("seat {s}"),
        }
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
            match after[..digits].parse::<u8>() {
                Ok(s) if self.names.get(s as usize).is_some_and(|n| !n.is_empty()) => {
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
    pub fn playing_hand(&self, seat: u8) -> Vec<Card> {
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
    pub fn seats(&self) -> Vec<u8> {
        match self.table {
            Some(t) => (0..t.seats).collect(),
            None => {
                let mut s: Vec<u8> = self.record.hands.iter().map(|h| h.seat).collect();
                s.sort_unstable();
                s.dedup();
                s
            }
        }
    }
}

/// The cards the player of card `k` of trick `t` might have played
/// there, as the verifier's rules say (`verifier::legal_cards`): of the
/// seat's playing hand less the cards it played before, those that break
/// no duty. `None` where the lesson cannot ask the engine (Königrufen,
/// whose duties depend on the game and its options; a Skill7 Farbesolo).
pub fn legal_at(l: &Lesson, t: usize, k: usize) -> Option<Vec<Card>> {
    let view = l.tricks.get(t.checked_sub(1)?)?;
    let seat = view.plays.get(k)?.seat?;
    let mut hand = notation::CardSet::default();
    for c in l.playing_hand(seat) {
        hand.insert(c);
    }
    for earlier in &l.tricks[..t - 1] {
        for p in &earlier.plays {
            if p.seat == Some(seat) {
                hand.remove(p.item.card);
            }
        }
    }
    let before: Vec<notation::Item> = view.plays[..k].iter().map(|p| p.item.clone()).collect();
    let set = verifier::legal_cards(l.record, l.variant?, hand, &before)?;
    let mut cards: Vec<Card> = set.iter().collect();
    sort_hand(l.variant, &mut cards);
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
