//! The deal (FR-SEAT-1, FR-DEAL-1..3): the structural faults found before
//! the replay get their rule ids, the dealt hands and the dog are taken in
//! (a card dealt twice floats to whoever plays it), and a bare petit is
//! caught, in the dealt hands or, for a partial record, in the cards played.

use notation::Kind;
use notation::Rule;
use notation::{Card, CardSet, Hand, Item, Problem, Seat};

use super::cards::{excuse_set, french_trumps, set_of};
use super::state::{State, Writer};
use super::{Contract, SEATS, TRICKS};
use crate::{Deal, Moment};

/// FR-DEAL-3: the structural findings get their rule ids and the dealt
/// hands are taken in (not those of a wrong deal: rules README ALL-1,
/// nothing else of it is judged).
pub(super) fn structure(deal: &Deal<'_>, g: &mut State, out: &mut Writer) {
    give_structural_rule_ids(deal, g, out);
    if !deal.wrong_deal {
        take_dealt_hands(deal, g);
    }
}

/// FR-DEAL-2 on the dealt hands: a bare petit, shown and not played when
/// the record has no auction and no tricks, a fault when the deal was
/// played all the same.
pub(super) fn bare_petit(deal: &Deal<'_>, g: &mut State, out: &mut Writer) {
    let record = deal.record;
    let not_played = not_played(record);
    for h in &record.hands {
        if h.seat.number() >= SEATS {
            continue;
        }
        petit_bare_in_hand(h, not_played, g, out);
    }
}

/// Whether the record shows the deal not played: no auction, no tricks
/// (FR-DEAL-2).
pub(super) fn not_played(record: &notation::Record) -> bool {
    record.auction.is_none() && record.tricks.is_empty()
}

/// French Tarot has no calls after the auction (judged only where the
/// auction is: not after four passes, FR-BID-3).
pub(super) fn no_calls(deal: &Deal<'_>, out: &mut Writer) {
    if let Some(calls) = &deal.record.calls {
        for a in &calls.actions {
            out.fault(
                Problem::new(Kind::Other, "French Tarot has no calls after the auction")
                    .seat(a.seat)
                    .at(a.span, "not a French Tarot action")
                    .help("a slam and handfuls go in `declare:`"),
            );
        }
    }
}

/// FR-DEAL-3 and FR-PLAY-7: the structural faults found before the replay
/// get their rule ids. A wrong deal (rules README ALL-1) and a trick of the
/// wrong size (ALL-3) void the deal; a card played twice in a partial
/// record (ALL-2) is a fault of play.
fn give_structural_rule_ids(deal: &Deal<'_>, g: &mut State, out: &mut Writer) {
    g.wrong_trick = deal.cut.map(|t| t as u16 + 1);
    for p in out.found_before() {
        let rule = match p.kind {
            Kind::WrongCardCount | Kind::DuplicateCard | Kind::UnknownCard if deal.wrong_deal => {
                g.dealt_ok = false;
                Rule::FrDeal3
            }
            Kind::DuplicateHand => {
                g.dealt_ok = false;
                Rule::FrDeal3
            }
            // A card played twice in a partial record (the hands are the
            // cards played): its seat is named by the play (`play`).
            Kind::DuplicateCard => Rule::FrPlay7,
            Kind::WrongTrickSize => {
                p.help
                    .push_str("; the deal is void (FR-PLAY-7): it scores 0 for everyone");
                Rule::FrPlay7
            }
            Kind::TooManyTricks => Rule::FrPlay1,
            _ => {
                g.dealt_ok = false;
                continue;
            }
        };
        if p.rule.is_none() {
            p.rule = Some(rule);
        }
    }
}

/// The dealt hands, without the cards dealt more than once (FR-DEAL-3),
/// which float.
fn take_dealt_hands(deal: &Deal<'_>, g: &mut State) {
    let record = deal.record;
    let lists = record
        .hands
        .iter()
        .map(|h| &h.cards)
        .chain(record.talon.iter().map(|t| &t.cards));
    // The sets of the first lists, kept for the hands below.
    let mut sets = [CardSet::EMPTY; 5];
    g.floating = dealt_twice(lists, &mut sets);
    for (k, h) in record.hands.iter().enumerate() {
        if h.seat.number() >= SEATS {
            continue;
        }
        let set = sets.get(k).map_or_else(|| set_of(&h.cards), |&s| s);
        g.hands[h.seat] = set.difference(g.floating);
    }
}

/// The cards found more than once in `lists`; the set of each of the first
/// lists goes into `sets`. A list with no card twice is taken at once: a
/// card of it is found again exactly when an earlier list has it, as the
/// card-by-card walk finds (held equal to it by a test).
///
/// First the sets alone, counted once (issue 29 item 1: a count is a
/// software popcount on this build's target, one a list before): as many
/// cards in all as cards written, every card was written once and none is
/// found again. Otherwise list by list, as follows.
fn dealt_twice<'a>(
    lists: impl Iterator<Item = &'a Vec<Item>> + Clone,
    sets: &mut [CardSet; 5],
) -> CardSet {
    let (mut all, mut written) = (CardSet::EMPTY, 0usize);
    for (k, list) in lists.clone().enumerate() {
        let set = set_of(list);
        if let Some(s) = sets.get_mut(k) {
            *s = set;
        }
        all = all.union(set);
        written += list.len();
    }
    if all.len() as usize == written {
        return CardSet::EMPTY;
    }
    let (mut seen, mut twice) = (CardSet::EMPTY, CardSet::EMPTY);
    for (k, list) in lists.enumerate() {
        let set = set_of(list);
        if let Some(s) = sets.get_mut(k) {
            *s = set;
        }
        if set.len() as usize == list.len() {
            twice = twice.union(seen.intersection(set));
            seen = seen.union(set);
            continue;
        }
        for item in list {
            if !seen.insert(item.card) {
                twice.insert(item.card);
            }
        }
    }
    twice
}

/// FR-DEAL-2 on a dealt hand: the petit, with no other trump and no excuse.
fn petit_is_bare(hand: CardSet) -> bool {
    let held = hand.intersection(french_trumps().union(excuse_set()));
    held.len() == 1 && held.contains(Card::PAGAT)
}

/// FR-DEAL-2: a bare petit annuls the deal; a deal played all the same is
/// irregular.
fn petit_bare_in_hand(h: &Hand, not_played: bool, g: &mut State, out: &mut Writer) {
    if !petit_is_bare(g.hands[h.seat]) {
        return;
    }
    g.bare_petit = true;
    if not_played {
        // Shown and not played, as the rule directs.
        out.rule(
            Moment::Deal,
            Rule::FrDeal2,
            format_args!(
                "seat {} holds the petit bare and shows his hand: the deal is not played",
                h.seat
            ),
        );
        return;
    }
    out.fault(
        Problem::new(
            Kind::Other,
            format!(
                "seat {} holds the petit bare, yet the deal was played",
                h.seat
            ),
        )
        .rule(Rule::FrDeal2)
        .seat(h.seat)
        .card(Card::PAGAT)
        .at(h.span, "the petit is this hand's only trump")
        .help(BARE_PETIT_HELP),
    );
}

const BARE_PETIT_HELP: &str = "a player whose only trump is the petit (no other trump, no excuse) shows his hand and the deal is not played";

/// The hands and the dog; for a partial record, the cards each seat
/// played (the hands then hold exactly what each seat played).
pub(super) fn hands_and_dog(deal: &Deal<'_>, g: &mut State, out: &mut Writer) {
    let record = deal.record;
    if record.is_partial() {
        hands_from_cards_played(deal, g);
    }
    if let Some(t) = &record.talon {
        g.dog = set_of(&t.cards).difference(g.floating);
    }
    if record.is_partial() && g.laid.len() == TRICKS {
        for seat in Seat::all(SEATS) {
            petit_bare_in_play(deal, seat, g, out);
        }
    }
    g.playing = g.hands;
    if record.is_partial() {
        // The taker's played cards are his playing hand; his discard is not.
        if let (Some(d), Some(t)) = (&record.discard, g.taker) {
            let p = &mut g.playing[t];
            *p = p.difference(set_of(&d.cards));
        }
    }
}

fn hands_from_cards_played(deal: &Deal<'_>, g: &mut State) {
    for l in &g.laid {
        for i in 0..l.n {
            g.hands[l.seats[i]].insert(l.cards[i]);
        }
    }
    // The taker's discard (after a take or a guard) is his too.
    if let (Some(d), Some(t), Some(c)) = (&deal.record.discard, g.taker, g.contract) {
        if c.has_discard() {
            let discard = set_of(&d.cards);
            g.hands[t] = g.hands[t].union(discard);
        }
    }
}

/// FR-DEAL-2 from the cards played: a seat's 18 cards are its dealt hand
/// unless it took the dog.
fn petit_bare_in_play(deal: &Deal<'_>, seat: Seat, g: &mut State, out: &mut Writer) {
    let record = deal.record;
    let took_dog = Some(seat) == g.taker && g.contract.is_some_and(Contract::has_discard);
    if took_dog || !petit_is_bare(g.hands[seat]) {
        return;
    }
    let at = record
        .tricks
        .iter()
        .flat_map(|t| &t.plays)
        .find(|i| i.card == Card::PAGAT)
        .map_or(record.span, |i| i.span);
    out.fault(
        Problem::new(
            Kind::Other,
            format!("seat {seat} played the petit as its only trump, yet the deal was played"),
        )
        .rule(Rule::FrDeal2)
        .seat(seat)
        .card(Card::PAGAT)
        .at(at, "the petit was this hand's only trump")
        .help(BARE_PETIT_HELP),
    );
    g.bare_petit = true;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dealt_twice_is_the_card_by_card_walk() {
        let mut rng = crate::gen::Rng::new(0x6a09_e667_f3bc_c908);
        for _ in 0..5_000 {
            let lists: Vec<Vec<Item>> = (0..rng.below(7))
                .map(|_| (0..rng.below(20)).map(|_| Item::new(rng.card())).collect())
                .collect();
            let (mut seen, mut walk) = (CardSet::EMPTY, CardSet::EMPTY);
            for item in lists.iter().flatten() {
                if !seen.insert(item.card) {
                    walk.insert(item.card);
                }
            }
            let mut sets = [CardSet::EMPTY; 5];
            assert_eq!(dealt_twice(lists.iter(), &mut sets), walk, "{lists:?}");
            for (k, list) in lists.iter().take(5).enumerate() {
                assert_eq!(sets[k], set_of(list));
            }
        }
    }
}
