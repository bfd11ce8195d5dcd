//! The dog and the discard (FR-DOG-1/-2, FR-DISCARD-1..3): after a take or
//! a guard the dog is shown and joins the taker's hand, and he lays away 6
//! cards, neither oudler nor king, trumps only when nothing else may go,
//! and those shown; after a guard without or against there is no discard.

use notation::Kind;
use notation::{CardSet, Discard, Item, Problem, Seat, Span};

use super::cards::{excuse_set, french_trumps, is_oudler, list, set_of};
use super::state::{State, Writer};
use super::Contract;
use crate::{Deal, Moment};

/// FR-DOG-1/-2, FR-DISCARD-1..3.
pub(super) fn discard(deal: &Deal<'_>, g: &mut State, out: &mut Writer) {
    let record = deal.record;
    let (Some(taker), Some(contract)) = (g.taker, g.contract) else {
        if let Some(d) = &record.discard {
            out.fault(
                Problem::new(Kind::IllegalDiscard, "a discard without a taker")
                    .rule("FR-DISCARD-3")
                    .seat(d.seat)
                    .at(d.span, "no one took")
                    .help("only the taker discards, after a take or a guard"),
            );
        }
        return;
    };
    if !contract.has_discard() {
        dog_stays_down(deal, contract, out);
        return;
    }
    out.rule(
        Moment::Discard,
        "FR-DOG-1",
        crate::reason::Lazy(|| {
            format!("the dog {} is shown and goes to seat {taker}", list(g.dog))
        }),
    );
    let partial = record.is_partial();
    let hand24 = g.hands[taker as usize].union(g.dog);
    let Some(d) = &record.discard else {
        if !partial {
            let at = record.auction.as_ref().map_or(Span::default(), |a| a.span);
            out.fault(
                Problem::new(Kind::IllegalDiscard, format!("seat {taker} took with a {} but the record has no discard", contract.word()))
                    .rule("FR-DISCARD-3")
                    .seat(taker)
                    .at(at, "the taker made no discard")
                    .help("after a take or a guard the taker adds the dog to his hand and discards 6 cards: `discard 2: ...`"),
            );
            // Play on with what he played: the rest went away.
            let played = g.played_by(taker);
            g.playing[taker as usize] = hand24.intersection(played);
        }
        return;
    };
    discard_is_proper(d, taker, hand24, partial, g.floating, out);
    let trumps = trumps_only_when_nothing_else(d, taker, hand24, out);
    discarded_trumps_are_shown(d, taker, &trumps, out);
    if !partial {
        g.playing[taker as usize] = hand24.difference(set_of(&d.cards));
    }
    if !trumps.is_empty() {
        let shown: CardSet = trumps.iter().map(|i| i.card).collect();
        out.rule(
            Moment::Discard,
            "FR-DISCARD-2",
            crate::reason::Lazy(|| format!("seat {taker} discards and shows {}", list(shown))),
        );
    }
}

/// FR-DOG-2: after a guard without or against the dog is not looked at,
/// and a discard is illegal (FR-DISCARD-3).
fn dog_stays_down(deal: &Deal<'_>, contract: Contract, out: &mut Writer) {
    let against = contract == Contract::GuardAgainst;
    out.rule(
        Moment::Discard,
        "FR-DOG-2",
        format_args!(
            "after a {} the dog is not looked at and counts for the {}",
            contract.word(),
            if against { "defenders" } else { "taker" }
        ),
    );
    if let Some(d) = &deal.record.discard {
        out.fault(
            Problem::new(
                Kind::IllegalDiscard,
                format!("a discard after a {}", contract.word()),
            )
            .rule("FR-DISCARD-3")
            .seat(d.seat)
            .at(d.span, "no discard after this contract")
            .help("after a guard without or a guard against the dog stays face down and the taker makes no discard"),
        );
    }
}

/// FR-DISCARD-3 (by the taker, 6 cards he holds) and FR-DISCARD-1 (no
/// oudler, no king).
fn discard_is_proper(
    d: &Discard,
    taker: Seat,
    hand24: CardSet,
    partial: bool,
    floating: CardSet,
    out: &mut Writer,
) {
    if d.seat != taker {
        out.fault(
            Problem::new(
                Kind::IllegalDiscard,
                format!("seat {} discards, but seat {taker} is the taker", d.seat),
            )
            .rule("FR-DISCARD-3")
            .seat(d.seat)
            .at(d.span, "not the taker")
            .help("only the taker discards"),
        );
    }
    let discard = set_of(&d.cards);
    if d.cards.len() != 6 || discard.len() != d.cards.len() as u32 {
        out.fault(
            Problem::new(
                Kind::IllegalDiscard,
                format!("the discard holds {} cards, not 6", d.cards.len()),
            )
            .rule("FR-DISCARD-3")
            .seat(taker)
            .at(d.span, format!("{} cards", d.cards.len()))
            .help("the taker discards exactly 6 of his 24 cards"),
        );
    }
    let mut seen = CardSet::EMPTY;
    for item in &d.cards {
        let c = item.card;
        if !seen.insert(c) {
            continue;
        }
        if !partial && !hand24.contains(c) && !floating.contains(c) {
            out.fault(
                Problem::new(
                    Kind::IllegalDiscard,
                    format!("{c} is discarded but not held"),
                )
                .rule("FR-DISCARD-3")
                .seat(taker)
                .card(c)
                .at(item.span, "not in hand or dog")
                .help("the discard comes from the taker's hand and the dog"),
            );
        }
        if is_oudler(c) || c.is_king() {
            out.fault(
                Problem::new(
                    Kind::IllegalDiscard,
                    format!(
                        "{c} is discarded: {}",
                        if c.is_king() { "a king" } else { "an oudler" }
                    ),
                )
                .rule("FR-DISCARD-1")
                .seat(taker)
                .card(c)
                .at(item.span, "may not be discarded")
                .help("the taker may discard neither an oudler (T21, the petit, the excuse) nor a king"),
            );
        }
    }
}

/// The suit cards other than kings among `cards`: what may be discarded
/// before any trump (FR-DISCARD-2).
fn discardable_suit_cards(cards: CardSet) -> CardSet {
    let rest = cards.difference(french_trumps()).difference(excuse_set());
    rest.iter().filter(|c| !c.is_king()).collect()
}

/// FR-DISCARD-2: trumps only when nothing else may go. Returns the
/// discarded trumps (2–20).
fn trumps_only_when_nothing_else<'d>(
    d: &'d Discard,
    taker: Seat,
    hand24: CardSet,
    out: &mut Writer,
) -> Vec<&'d Item> {
    let others = discardable_suit_cards(hand24).len();
    let allowed = 6u32.saturating_sub(others);
    let trumps: Vec<&Item> = d
        .cards
        .iter()
        .filter(|i| i.card.is_trump() && !is_oudler(i.card))
        .collect();
    if trumps.len() as u32 > allowed {
        let left = discardable_suit_cards(hand24.difference(set_of(&d.cards)));
        for item in &trumps[allowed as usize..] {
            out.fault(
                Problem::new(
                    Kind::IllegalDiscard,
                    format!("trump {} is discarded while {} could go", item.card, list(left)),
                )
                .rule("FR-DISCARD-2")
                .seat(taker)
                .card(item.card)
                .at(item.span, "a trump discarded")
                .help("a trump may be discarded only when the taker has nothing left but oudlers, kings and trumps"),
            );
        }
    }
    trumps
}

/// FR-DISCARD-2: discarded trumps are shown, and only they.
fn discarded_trumps_are_shown(d: &Discard, taker: Seat, trumps: &[&Item], out: &mut Writer) {
    let shown = set_of(&d.shown);
    for item in trumps {
        if !shown.contains(item.card) {
            out.fault(
                Problem::new(
                    Kind::IllegalDiscard,
                    format!("trump {} is discarded but not shown", item.card),
                )
                .rule("FR-DISCARD-2")
                .seat(taker)
                .card(item.card)
                .at(item.span, "not shown")
                .help("discarded trumps are shown to the defenders: `show T5`"),
            );
        }
    }
    let discard = set_of(&d.cards);
    for item in &d.shown {
        if !discard.contains(item.card) || !item.card.is_trump() {
            out.fault(
                Problem::new(
                    Kind::IllegalDiscard,
                    format!("{} is shown but is no discarded trump", item.card),
                )
                .rule("FR-DISCARD-2")
                .seat(taker)
                .card(item.card)
                .at(item.span, "not a discarded trump")
                .help("`show` lists the trumps of the discard"),
            );
        }
    }
}
