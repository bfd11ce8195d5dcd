//! The skat, the dealer's discard (DK-DISCARD-1 to DK-DISCARD-5, and the
//! fool laid for an announced tout, DK-TOUT-2): which cards may be laid
//! away, and the one improper-discard finding for a skat that breaks any
//! of the rules.

use notation::Kind;
use notation::Rule;
use notation::Seat;
use notation::{Act, Card, CardSet, Discard, Problem, Record, Span};

use super::cards::TRUMPS;
use super::declarations::declaration_cards;
use super::state::Game;
use super::Engine;
use crate::Moment;

/// The cards that may never lie in the skat (DK-DISCARD-2): the kings, the
/// pagat, trump 21 and the fool.
const KEPT: CardSet = CardSet::from_bits_truncate(
    super::cards::kings().bits()
        | 1 << Card::PAGAT.index()
        | 1 << Card::MOND.index()
        | 1 << Card::FOOL.index(),
);

/// Every card a combination can hold (DK-DECL-2): the trumps and the fool
/// (trumps, matadors, the fool of a cavallerie) and the courts of the four
/// suits (the cavalleries; the kings among them). A test holds every
/// combination's cards within it.
const DECLARABLE: CardSet = CardSet::from_bits_truncate(
    TRUMPS.bits() | 1 << Card::FOOL.index() | super::cards::courts_of_every_suit().bits(),
);

/// Whether a card may ever lie in the skat (DK-DISCARD-2).
pub fn layable(c: Card) -> bool {
    // One bit test, not four comparisons the processor has to guess.
    !KEPT.contains(c)
}

/// The cards of `cards` that may lie in the skat ([`layable`]), as one
/// mask.
pub fn layable_cards(cards: CardSet) -> CardSet {
    cards.difference(KEPT)
}

/// The fewest declaration cards any skat allowed by DK-DISCARD-1 to -3 can
/// hold (DK-DISCARD-4). `fool_ok`: the fool may be laid (announced tout).
pub fn least_declaration_cards(hand: CardSet, decl: CardSet, fool_ok: bool) -> u32 {
    let ok = |c: Card| layable(c) || (fool_ok && c.is_fool());
    // The cards `ok` takes, as one mask: three of them that are no trump
    // and of no declaration make a skat without a declaration card (most
    // hands: counted on the mask, not card by card).
    let mut ok_cards = layable_cards(hand);
    if fool_ok && hand.contains(Card::FOOL) {
        ok_cards.insert(Card::FOOL);
    }
    if ok_cards.difference(TRUMPS).difference(decl).len() >= 3 {
        return 0;
    }
    let cards: Vec<Card> = hand.iter().filter(|&c| ok(c)).collect();
    let mut best = u32::MAX;
    for i in 0..cards.len() {
        for j in i + 1..cards.len() {
            for k in j + 1..cards.len() {
                let skat: CardSet = [cards[i], cards[j], cards[k]].into_iter().collect();
                let rest = hand.difference(skat);
                if !skat.intersection(TRUMPS).is_empty() && !rest.intersection(TRUMPS).is_empty() {
                    continue;
                }
                best = best.min(skat.intersection(decl).len());
            }
        }
    }
    if best == u32::MAX {
        0
    } else {
        best
    }
}

/// An `illegal-discard` finding against the dealer.
fn improper(d: Seat, msg: String, rule: Rule, label: &str, span: Span) -> Problem {
    Problem::new(Kind::IllegalDiscard, msg)
        .rule(rule)
        .seat(d)
        .at(span, label.to_owned())
}

impl Engine {
    /// The dealer's skat (DK-DISCARD): takes it out of his hand and notes
    /// whether a tout was validly announced (DK-TOUT-2). An improper skat
    /// is one `illegal-discard` (DK-DISCARD-5, README ALL-6); a skat that is
    /// missing, recorded for another seat, or not exactly 3 different cards
    /// of the dealer's 28 has no effect as written: the skat is taken to be
    /// the cards of his 28 that he never plays in the record.
    pub(super) fn skat(&mut self, record: &Record, game: &mut Game) {
        let d = self.seating.dealer;
        let at = Moment::Discard;
        let announced = self.tout_announced(record);
        let dealt = game.hands[d];
        let Some(disc) = record.discard.as_ref().filter(|x| x.seat == d) else {
            game.skat = CardSet::EMPTY;
            if self.no_skat(record) {
                self.infer_skat(record, game);
            }
            return;
        };
        let written: CardSet = disc.cards.iter().map(|i| i.card).collect();
        // DK-DISCARD-5: one improper skat, one finding, whatever it breaks.
        let mut faults = self.skat_card_faults(disc, dealt, announced);
        let shaped =
            disc.cards.len() == 3 && written.len() == 3 && written.difference(dealt).is_empty();
        if shaped {
            game.skat = written;
            let rest = dealt.difference(written);
            faults.extend(self.trump_laid_without_void(disc, game, rest));
            faults.extend(self.declaration_card_laid(disc, game, announced));
        }
        if let Some(p) = crate::finding::one_finding(
            faults,
            &[
                Rule::DkDiscard1,
                Rule::DkDiscard2,
                Rule::DkDiscard3,
                Rule::DkDiscard4,
                Rule::DkTout2,
            ],
            "the skat is one improper discard (DK-DISCARD-5)",
        ) {
            self.out.irregular(p, 40, true, at);
        }
        if shaped || !game.complete {
            game.skat = written;
            game.hands[d] = dealt.difference(written);
        } else {
            self.infer_skat(record, game);
        }
        game.announced_tout = announced && game.skat.contains(Card::FOOL);
    }

    /// DK-DISCARD-5: the skat taken to be the cards of the dealer's 28 that
    /// he never plays in the record (no card of any trick); he plays from
    /// the rest, and nothing else is reported about those cards.
    fn infer_skat(&mut self, record: &Record, game: &mut Game) {
        // The skat depends on every trick of the record: the engine cannot
        // take a longer record from here.
        self.whole = true;
        let d = self.seating.dealer;
        let played: CardSet = self
            .judged(record)
            .iter()
            .flat_map(|t| t.plays.iter().map(|i| i.card))
            .collect();
        game.skat = game.hands[d].difference(played);
        game.hands[d] = game.hands[d].intersection(played);
    }

    /// The dealer declares a tout, with Option `announced_tout` (DK-TOUT-2).
    fn tout_announced(&self, record: &Record) -> bool {
        let d = self.seating.dealer;
        self.o.announced_tout
            && record
                .declarations
                .iter()
                .flat_map(|x| &x.actions)
                .any(|a| a.seat == d && a.act == Act::Tout)
    }

    /// DK-DISCARD-1, DK-DISCARD-5: the dealer's skat is missing, or is
    /// recorded for another seat. A record that goes on to declarations or
    /// tricks has an improper discard: one `illegal-discard` by the seat the
    /// skat is recorded for, else by the dealer (the dealer's missing skat
    /// is the same fault). A record of the deal alone is incomplete
    /// (DK-PLAY-5), not this. Returns whether the skat is to be inferred.
    fn no_skat(&mut self, record: &Record) -> bool {
        let d = self.seating.dealer;
        if let Some(disc) = &record.discard {
            let p = improper(
                disc.seat,
                format!("seat {} lays a skat, but seat {d} is the dealer: the dealer's skat is missing", disc.seat),
                Rule::DkDiscard5,
                "not the dealer",
                disc.span,
            )
            .help("only the dealer lays away 3 of his 28 cards (DK-DISCARD-1); a skat recorded for another seat is one improper discard by that seat: 40 into each pot, and the deal is abandoned");
            self.out.irregular(p, 40, true, Moment::Discard);
            return !record.is_partial();
        }
        if record.is_partial() {
            return false;
        }
        let later = record.declarations.is_some() || !record.tricks.is_empty();
        if !later {
            return false;
        }
        let span = record
            .hands
            .iter()
            .find(|h| h.seat == d)
            .map_or(record.span, |h| h.span);
        self.out.irregular(
            Problem::new(
                Kind::IllegalDiscard,
                format!("the dealer (seat {d}) lays no skat, and the record goes on"),
            )
            .rule(Rule::DkDiscard1)
            .seat(d)
            .at(span, "28 cards, no skat laid")
            .help("the dealer lays away exactly 3 of his 28 cards: `discard D: ...`; an improper discard: 40 into each pot, and the deal is abandoned (DK-DISCARD-5)"),
            40,
            true,
            Moment::Discard,
        );
        true
    }

    /// DK-DISCARD-1 and -2: the skat's size, and each card laid: held by
    /// the dealer, and one that may be laid away.
    fn skat_card_faults(&self, disc: &Discard, dealt: CardSet, announced: bool) -> Vec<Problem> {
        let d = self.seating.dealer;
        let mut faults: Vec<Problem> = Vec::new();
        if disc.cards.len() != 3 {
            faults.push(
                improper(
                    d,
                    format!("the skat holds {} cards, not 3", disc.cards.len()),
                    Rule::DkDiscard1,
                    "wrong skat size",
                    disc.span,
                )
                .help("the dealer lays away exactly 3 of his 28 cards"),
            );
        }
        let mut seen = CardSet::EMPTY;
        for item in &disc.cards {
            let c = item.card;
            if !seen.insert(c) {
                faults.push(
                    improper(
                        d,
                        format!("{c} is written twice in the skat"),
                        Rule::DkDiscard1,
                        "written twice",
                        item.span,
                    )
                    .card(c)
                    .help("the skat is 3 different cards of the dealer's 28"),
                );
            } else if !dealt.contains(c) {
                faults.push(
                    improper(
                        d,
                        format!("{c} is laid away but the dealer does not hold it"),
                        Rule::DkDiscard1,
                        "not in the dealer's hand",
                        item.span,
                    )
                    .card(c)
                    .help("the skat is 3 of the dealer's own 28 cards"),
                );
            } else if c.is_fool() && announced {
                // DK-TOUT-2: the fool lies in the skat for an announced tout.
            } else if !layable(c) {
                faults.push(self.not_layable(c, item.span));
            }
        }
        faults
    }

    /// DK-DISCARD-2 (DK-TOUT-2 for the fool when a tout may be announced):
    /// a king, the pagat, trump 21 or the fool laid away.
    fn not_layable(&self, c: Card, span: Span) -> Problem {
        let what = if c.is_king() {
            "a king"
        } else if c == Card::PAGAT {
            "the pagat"
        } else if c == Card::MOND {
            "trump 21"
        } else {
            "the fool"
        };
        let tout_rule = c.is_fool() && self.o.announced_tout;
        let rule = if tout_rule {
            Rule::DkTout2
        } else {
            Rule::DkDiscard2
        };
        improper(
            self.seating.dealer,
            format!("{c} ({what}) may not be laid in the skat"),
            rule,
            "may not be laid away",
            span,
        )
        .card(c)
        .help(if tout_rule {
            "the fool may lie in the skat only when the dealer announces a tout (`D tout` in declare)"
        } else {
            "kings, the pagat, trump 21 and the fool never go in the skat"
        })
    }

    /// DK-DISCARD-3: a trump laid away while the dealer keeps a trump.
    fn trump_laid_without_void(
        &self,
        disc: &Discard,
        game: &Game,
        rest: CardSet,
    ) -> Option<Problem> {
        let t = game.skat.intersection(TRUMPS).iter().next()?;
        if !game.complete || rest.intersection(TRUMPS).is_empty() {
            return None;
        }
        let item = disc.cards.iter().find(|i| i.card == t).expect("laid");
        Some(
            improper(
                self.seating.dealer,
                format!("{t} is laid away, but the dealer keeps {} trumps", rest.intersection(TRUMPS).len()),
                Rule::DkDiscard3,
                "trump laid without becoming void",
                item.span,
            )
            .card(t)
            .help("trumps may be laid away only if the dealer lays away all of his trumps (the fool does not count)"),
        )
    }

    /// DK-DISCARD-4: more cards of a declaration laid away than the dealer
    /// could not avoid.
    fn declaration_card_laid(
        &self,
        disc: &Discard,
        game: &Game,
        announced: bool,
    ) -> Option<Problem> {
        let dealt = game.hands[self.seating.dealer];
        let skat = game.skat;
        if !(game.complete && skat.len() == 3 && skat.difference(dealt).is_empty()) {
            return None;
        }
        // No card a combination can hold (DK-DECL-2: trumps, the fool, the
        // courts) laid away: nothing to weigh, and the dealer's
        // combinations are not looked for.
        if skat.intersection(DECLARABLE).is_empty() {
            return None;
        }
        let mut decl = declaration_cards(dealt);
        if announced {
            decl.remove(Card::FOOL);
        }
        let laid = skat.intersection(decl);
        if laid.is_empty() {
            // No card of a declaration laid away: nothing to weigh.
            return None;
        }
        let m = least_declaration_cards(dealt, decl, announced);
        if laid.len() <= m {
            return None;
        }
        let c = laid.iter().next().expect("a card");
        let item = disc.cards.iter().find(|i| i.card == c).expect("laid");
        Some(
            improper(
                self.seating.dealer,
                format!("{c} belongs to a declaration and could have been kept"),
                Rule::DkDiscard4,
                "card of a declaration",
                item.span,
            )
            .card(c)
            .help("the dealer may not lay away cards of a combination he holds unless he cannot avoid it"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand of every card holds every combination at its fullest
    /// (abundant cavalleries, matadors down to the pagat, all trumps): its
    /// declaration cards are exactly the cards any combination can hold.
    #[test]
    fn the_declarable_cards_are_every_combinations_cards() {
        let every = CardSet::from_bits_truncate(u128::MAX);
        assert_eq!(declaration_cards(every), DECLARABLE);
    }

    /// [`least_declaration_cards`] as it was written, card by card: the
    /// mask of its first test gives the same on random hands (the fool
    /// laid or not, few plain cards among them).
    #[test]
    fn the_least_declaration_cards_as_counted_card_by_card() {
        fn card_by_card(hand: CardSet, decl: CardSet, fool_ok: bool) -> u32 {
            let ok = |c: Card| layable(c) || (fool_ok && c.is_fool());
            let plain = hand
                .iter()
                .filter(|&c| ok(c) && !c.is_trump() && !decl.contains(c))
                .count();
            if plain >= 3 {
                return 0;
            }
            least_declaration_cards(hand, decl, fool_ok)
        }
        let mut rng = crate::gen::Rng::new(45);
        for round in 0..3_000 {
            let mut hand = CardSet::EMPTY;
            // Mostly trumps, courts and kings: few plain cards.
            while hand.len() < 28 {
                let card = rng.card();
                if round % 2 == 0 || DECLARABLE.contains(card) || rng.below(6) == 0 {
                    hand.insert(card);
                }
            }
            let decl = declaration_cards(hand);
            for fool_ok in [false, true] {
                assert_eq!(
                    least_declaration_cards(hand, decl, fool_ok),
                    card_by_card(hand, decl, fool_ok),
                    "{round}"
                );
            }
        }
    }
}
