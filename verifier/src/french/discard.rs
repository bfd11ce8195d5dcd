//! The dog and the discard (FR-DOG-1/-2, FR-DISCARD-1..4): after a take or
//! a guard the dog is shown and joins the taker's hand, and he lays away 6
//! cards, neither oudler nor king, trumps only when nothing else may go,
//! and those shown; after a guard without or against there is no discard.
//! One discard is one `illegal-discard` naming every reason (rules README
//! ALL-6); a discard missing, for another player, or not 6 different cards
//! of the 24 has no effect as written, and the taker's discard is then the
//! cards of his 24 he never plays (FR-DISCARD-4).

use notation::Kind;
use notation::Rule;
use notation::{CardSet, Discard, Item, Problem, Seat, Span};

use super::cards::{excuse_set, french_trumps, is_oudler, list, set_of};
use super::state::{State, Writer};
use super::Contract;
use crate::{Deal, Moment};

/// FR-DOG-1/-2, FR-DISCARD-1..4.
pub(super) fn discard(deal: &Deal<'_>, g: &mut State, out: &mut Writer) {
    let record = deal.record;
    let (Some(taker), Some(contract)) = (g.taker, g.contract) else {
        if let Some(d) = &record.discard {
            let mut why = Reasons::default();
            why.add(Rule::FrDiscard3, "a discard without a taker".into());
            out.fault(why.finding(d, "no one took"));
        }
        return;
    };
    if !contract.has_discard() {
        dog_stays_down(deal, contract, out);
        return;
    }
    out.rule(
        Moment::Discard,
        Rule::FrDog1,
        crate::reason::Lazy(|| {
            format!("the dog {} is shown and goes to seat {taker}", list(g.dog))
        }),
    );
    let partial = record.is_partial();
    let hand24 = g.hands[taker].union(g.dog);
    let goes_on = record.declarations.is_some() || !record.tricks.is_empty();
    let Some(d) = &record.discard else {
        // ALL-4: a record that stops here is incomplete, not a missing
        // discard; ALL-6: one that goes on has its discard missing.
        if !partial && goes_on {
            let at = record.auction.as_ref().map_or(record.span, |a| a.span);
            out.fault(
                Problem::new(Kind::IllegalDiscard, format!("seat {taker} took with a {} but the record has no discard", contract.word()))
                    .rule(Rule::FrDiscard3)
                    .seat(taker)
                    .at(at, "the taker made no discard")
                    .help("after a take or a guard the taker adds the dog to his hand and discards 6 cards: `discard 2: ...`; his discard is taken to be the cards of his 24 that he never plays (FR-DISCARD-4)"),
            );
            discard_from_play(g, taker, hand24);
        }
        return;
    };
    let mut why = Reasons::default();
    if d.seat != taker {
        why.add(
            Rule::FrDiscard3,
            format!("not the taker (seat {taker} took)"),
        );
    }
    let malformed = !discard_is_proper(d, hand24, partial, g.floating, &mut why);
    let trumps = trumps_only_when_nothing_else(d, hand24, &mut why);
    discarded_trumps_are_shown(d, &trumps, &mut why);
    let stands = d.seat == taker && !malformed;
    if !why.is_empty() {
        let label = if stands {
            "an illegal discard"
        } else {
            "no effect as written"
        };
        out.fault(why.finding(d, label));
    }
    if partial {
        return;
    }
    if stands {
        g.playing[taker] = hand24.difference(set_of(&d.cards));
    } else {
        // FR-DISCARD-3/-4: a discard for another player, or not 6 different
        // cards of the 24, has no effect as written.
        discard_from_play(g, taker, hand24);
    }
    if stands && !trumps.is_empty() {
        let shown: CardSet = trumps.iter().map(|i| i.card).collect();
        out.rule(
            Moment::Discard,
            Rule::FrDiscard2,
            crate::reason::Lazy(|| format!("seat {taker} discards and shows {}", list(shown))),
        );
    }
}

/// FR-DISCARD-4: the taker's discard is the cards of his 24 that he never
/// plays in the record, his playing hand the cards of his 24 that he plays.
fn discard_from_play(g: &mut State, taker: Seat, hand24: CardSet) {
    let played = g.played_by(taker);
    g.playing[taker] = hand24.intersection(played);
    g.discard_from_play = true;
}

/// Everything wrong with one discard, each with its rule: one discard is
/// one `illegal-discard` (FR-DISCARD-3, rules README ALL-6) that names them
/// all and carries the first rule id in the digest's order.
#[derive(Default)]
struct Reasons {
    list: Vec<(Rule, String)>,
    /// The cards at fault, each with its rule and label, in the order found.
    places: Vec<(Rule, notation::Card, Span, &'static str)>,
}

impl Reasons {
    fn add(&mut self, rule: Rule, why: String) {
        self.list.push((rule, why));
    }

    /// A reason about some cards of the discard, each underlined.
    fn add_cards<'i>(
        &mut self,
        rule: Rule,
        items: impl IntoIterator<Item = &'i Item>,
        label: &'static str,
        why: String,
    ) {
        for item in items {
            self.places.push((rule, item.card, item.span, label));
        }
        self.add(rule, why);
    }

    fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    fn finding(self, d: &Discard, label: &str) -> Problem {
        // The rule ids sort in the digest's order (FR-DISCARD-1 < -2 < -3).
        let rule = self
            .list
            .iter()
            .map(|r| r.0)
            .min_by_key(|r| r.id())
            .unwrap_or(Rule::FrDiscard3);
        let mut others: Vec<&str> = self
            .list
            .iter()
            .map(|r| r.0)
            .filter(|&r| r != rule)
            .map(Rule::id)
            .collect();
        others.sort_unstable();
        others.dedup();
        let words: Vec<&str> = self.list.iter().map(|r| r.1.as_str()).collect();
        let mut help = String::from("the taker alone discards, after a take or a guard: exactly 6 different cards of his 24, neither an oudler nor a king, trumps only when nothing else may go, and those shown");
        if !others.is_empty() {
            help.push_str(&format!(
                "; one discard, one finding: it also breaks {}",
                others.join(", ")
            ));
        }
        let p = Problem::new(
            Kind::IllegalDiscard,
            format!("illegal discard by seat {}: {}", d.seat, words.join("; ")),
        )
        .rule(rule)
        .seat(d.seat)
        .help(help);
        // The first card at fault under the finding's rule is the place and
        // the card; every other card at fault is underlined too.
        let Some(first) = self.places.iter().position(|pl| pl.0 == rule) else {
            return p.at(d.span, label.to_owned());
        };
        let (_, card, span, what) = self.places[first];
        let mut p = p.card(card).at(span, what);
        for (k, &(_, _, span, what)) in self.places.iter().enumerate() {
            if k != first {
                p = p.also_at(span, what);
            }
        }
        p
    }
}

/// FR-DOG-2: after a guard without or against the dog is not looked at,
/// and a discard is illegal and has no effect (FR-DISCARD-3).
fn dog_stays_down(deal: &Deal<'_>, contract: Contract, out: &mut Writer) {
    let against = contract == Contract::GuardAgainst;
    out.rule(
        Moment::Discard,
        Rule::FrDog2,
        format_args!(
            "after a {} the dog is not looked at and counts for the {}",
            contract.word(),
            if against { "defenders" } else { "taker" }
        ),
    );
    if let Some(d) = &deal.record.discard {
        let mut why = Reasons::default();
        why.add(
            Rule::FrDiscard3,
            format!(
                "a discard after a {}, where the dog stays face down and no one discards",
                contract.word()
            ),
        );
        out.fault(why.finding(d, "no discard after this contract"));
    }
}

/// FR-DISCARD-3 (6 different cards of the 24) and FR-DISCARD-1 (no oudler,
/// no king). Whether the discard is 6 different cards of the 24.
fn discard_is_proper(
    d: &Discard,
    hand24: CardSet,
    partial: bool,
    floating: CardSet,
    why: &mut Reasons,
) -> bool {
    let mut proper = true;
    if d.cards.len() != 6 {
        proper = false;
        why.add(
            Rule::FrDiscard3,
            format!("it holds {} cards, not 6", d.cards.len()),
        );
    }
    let mut seen = CardSet::EMPTY;
    let (mut twice, mut not_held, mut barred_items) = (Vec::new(), Vec::new(), Vec::new());
    for item in &d.cards {
        let c = item.card;
        if !seen.insert(c) {
            twice.push(item);
            continue;
        }
        if !partial && !hand24.contains(c) && !floating.contains(c) {
            not_held.push(item);
        }
        if barred(c) {
            barred_items.push(item);
        }
    }
    let cards = |items: &[&Item]| list(items.iter().map(|i| i.card).collect());
    if !barred_items.is_empty() {
        let what = format!(
            "{} may not be discarded (oudlers and kings stay)",
            cards(&barred_items)
        );
        why.add_cards(Rule::FrDiscard1, barred_items, "may not be discarded", what);
    }
    if !twice.is_empty() {
        proper = false;
        let what = format!("{} written twice", cards(&twice));
        why.add_cards(Rule::FrDiscard3, twice, "written again", what);
    }
    if !not_held.is_empty() {
        proper = false;
        let what = format!("{} not in the taker's hand or the dog", cards(&not_held));
        why.add_cards(Rule::FrDiscard3, not_held, "not in hand or dog", what);
    }
    proper
}

/// The cards the taker may lay away next, `chosen` laid already and
/// `rest` the others of his 24: those some proper discard holds with the
/// cards chosen (FR-DISCARD-1, -2: neither oudler nor king; trumps only
/// while the suit cards cannot fill the 6, as many as they leave). `None`
/// where no proper discard holds the cards chosen, or none exists (fewer
/// than 6 cards may go): the game judges those.
pub(crate) fn next_cards(rest: CardSet, chosen: &[notation::Card]) -> Option<CardSet> {
    // By masks: the sets of the cards barred and of the kind each count
    // reads (a test holds it equal to the cards judged one by one).
    let hand24 = rest.union(chosen.iter().copied().collect());
    let suits = discardable_suit_cards(hand24).len();
    let trumps = hand24
        .intersection(french_trumps())
        .difference(oudlers())
        .len();
    let room = 6u32.saturating_sub(suits);
    let laid = chosen.iter().filter(|c| c.is_trump()).count() as u32;
    if chosen.len() >= 6 || suits + trumps < 6 || laid > room || chosen.iter().any(|&c| barred(c)) {
        return None;
    }
    let mut next = rest.difference(oudlers()).difference(kings());
    if laid >= room {
        next = next.difference(CardSet::trumps());
    }
    Some(next)
}

/// FR-DISCARD-1: an oudler or a king is never laid away.
fn barred(card: notation::Card) -> bool {
    is_oudler(card) || card.is_king()
}

/// The oudlers (FR-DISCARD-1), as a set.
fn oudlers() -> CardSet {
    [
        notation::Card::FOOL,
        notation::Card::PAGAT,
        notation::Card::MOND,
    ]
    .into_iter()
    .collect()
}

/// The four kings, as a set.
fn kings() -> CardSet {
    notation::Suit::ALL
        .into_iter()
        .map(|s| notation::Card::suited(s, notation::Rank::King))
        .collect()
}

/// FR-DISCARD-2: how many trumps the taker with `hand24` may lay away,
/// those his suit cards leave of the 6.
fn trump_room(hand24: CardSet) -> u32 {
    6u32.saturating_sub(discardable_suit_cards(hand24).len())
}

/// The suit cards other than kings among `cards`: what may be discarded
/// before any trump (FR-DISCARD-2).
fn discardable_suit_cards(cards: CardSet) -> CardSet {
    cards
        .difference(french_trumps())
        .difference(excuse_set())
        .difference(kings())
}

/// FR-DISCARD-2: trumps only when nothing else may go. Returns the
/// discarded trumps (2–20).
fn trumps_only_when_nothing_else<'d>(
    d: &'d Discard,
    hand24: CardSet,
    why: &mut Reasons,
) -> Vec<&'d Item> {
    let allowed = trump_room(hand24);
    let trumps: Vec<&Item> = d
        .cards
        .iter()
        .filter(|i| i.card.is_trump() && !is_oudler(i.card))
        .collect();
    if trumps.len() as u32 > allowed {
        let left = discardable_suit_cards(hand24.difference(set_of(&d.cards)));
        let wrong = &trumps[allowed as usize..];
        let cards: CardSet = wrong.iter().map(|i| i.card).collect();
        why.add_cards(
            Rule::FrDiscard2,
            wrong.iter().copied(),
            "a trump discarded",
            format!(
                "trump {} discarded while {} could go",
                list(cards),
                list(left)
            ),
        );
    }
    trumps
}

/// FR-DISCARD-2: discarded trumps are shown, and only they.
fn discarded_trumps_are_shown(d: &Discard, trumps: &[&Item], why: &mut Reasons) {
    let shown = set_of(&d.shown);
    let hidden: Vec<&Item> = trumps
        .iter()
        .copied()
        .filter(|i| !shown.contains(i.card))
        .collect();
    if !hidden.is_empty() {
        let cards: CardSet = hidden.iter().map(|i| i.card).collect();
        let what = format!("trump {} discarded but not shown", list(cards));
        why.add_cards(Rule::FrDiscard2, hidden, "not shown", what);
    }
    let discard = set_of(&d.cards);
    let stray: Vec<&Item> = d
        .shown
        .iter()
        .filter(|i| !discard.contains(i.card) || !i.card.is_trump())
        .collect();
    if !stray.is_empty() {
        let cards: CardSet = stray.iter().map(|i| i.card).collect();
        let what = format!("{} shown but no discarded trump", list(cards));
        why.add_cards(Rule::FrDiscard2, stray, "not a discarded trump", what);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use notation::{Card, Variant};

    /// [`next_cards`] as it was written card by card.
    fn next_cards_by_card(rest: CardSet, chosen: &[Card]) -> Option<CardSet> {
        let hand24 = rest.union(chosen.iter().copied().collect());
        let discardable = |cards: CardSet| -> CardSet {
            let rest = cards.difference(french_trumps()).difference(excuse_set());
            rest.iter().filter(|c| !c.is_king()).collect()
        };
        let suits = discardable(hand24).len();
        let trumps = hand24
            .intersection(french_trumps())
            .iter()
            .filter(|&c| !is_oudler(c))
            .count() as u32;
        let room = 6u32.saturating_sub(discardable(hand24).len());
        let laid = chosen.iter().filter(|c| c.is_trump()).count() as u32;
        if chosen.len() >= 6
            || suits + trumps < 6
            || laid > room
            || chosen.iter().any(|&c| barred(c))
        {
            return None;
        }
        Some(
            rest.iter()
                .filter(|&c| !barred(c) && (!c.is_trump() || laid < room))
                .collect(),
        )
    }

    #[test]
    fn next_cards_by_masks_is_card_by_card() {
        let mut rng = crate::gen::Rng::new(29);
        let pack: Vec<Card> = Variant::FrenchTarot.deck().iter().collect();
        for _ in 0..20_000 {
            let mut cards = pack.clone();
            rng.shuffle(&mut cards);
            // Hands rich in trumps or kings now and then (trumps, kings and
            // oudlers first in the pack).
            if rng.below(2) == 0 {
                let special = |c: &Card| c.is_trump() || c.is_king() || c.is_fool();
                let (mut first, rest): (Vec<Card>, Vec<Card>) =
                    cards.iter().copied().partition(special);
                first.extend(rest);
                cards = first;
                cards[..30].rotate_left(rng.below(10));
            }
            let hand = &cards[..24];
            let n = rng.below(7);
            let chosen = &hand[..n];
            let rest: CardSet = hand[n..].iter().copied().collect();
            assert_eq!(
                next_cards(rest, chosen),
                next_cards_by_card(rest, chosen),
                "{hand:?} {n}"
            );
        }
    }
}
