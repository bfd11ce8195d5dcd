//! The cards a seat may play to a trick, asked of the engines' own rules
//! without replaying the deal: what the lesson page shows beside a revoke
//! and asks in its quiz. [`crate::game::Game::legal`] answers the same for
//! any position by replaying it; this answers from the hand and the trick
//! alone, where the variant's duties depend on nothing else.

use notation::{CardSet, Item, Lead, Record, Variant};

/// The cards of `hand` that the seat to play may play to a trick whose
/// cards so far are `before`, as written (a Danish led fool's named suit
/// and its renamings count, DK-FOOL-8), by the duties of `variant`:
/// French Tarot FR-PLAY-2..5 and FR-EXCUSE-1/-2, Danish Tarok DK-PLAY-2,
/// Skill7 S7-PLAY-2/-3. `record` is the deal, read for what the duties
/// depend on besides the trick (a Skill7 Farbesolo).
///
/// `None` where the duties depend on more than the hand and the trick:
/// Königrufen (the game played and its options) and a Skill7 Farbesolo
/// (the contract's options); use [`crate::game::Game`] there.
///
/// ```
/// use tarok_verifier::notation::{Card, CardSet, Item, Record, Variant};
///
/// let card = |c: &str| c.parse::<Card>().unwrap();
/// let hand: CardSet = ["HK", "SQ", "T21"].iter().map(|c| card(c)).collect();
/// let led = [Item::new(card("S1"))];
/// let legal = tarok_verifier::legal_cards(&Record::default(), Variant::FrenchTarot, hand, &led);
/// assert_eq!(legal.unwrap().iter().collect::<Vec<_>>(), [card("SQ")]);
/// ```
pub fn legal_cards(
    record: &Record,
    variant: Variant,
    hand: CardSet,
    before: &[Item],
) -> Option<CardSet> {
    let cards: Vec<_> = before.iter().map(|i| i.card).collect();
    match variant {
        Variant::FrenchTarot => {
            let led = cards
                .iter()
                .find(|c| !c.is_fool())
                .map(|c| c.suit().map_or(Lead::Trumps, Lead::Suit));
            let top = cards
                .iter()
                .filter_map(|c| c.trump_number())
                .max()
                .unwrap_or(0);
            Some(crate::french::legal_plays(hand, led, top))
        }
        Variant::DanishTarok => {
            let rename = |i: usize| before.get(i).and_then(|p| p.rename);
            let lead = crate::danish::trick_lead(
                &cards,
                before.first().and_then(|p| p.name),
                [rename(1), rename(2)],
            );
            let mut set = CardSet::default();
            for c in hand.iter() {
                if lead.is_none_or(|lead| crate::danish::duty_broken(c, lead, hand).is_none()) {
                    set.insert(c);
                }
            }
            Some(set)
        }
        Variant::Skill7Tarock if !farbesolo(record) => {
            Some(crate::skill7::legal_plays(hand, cards.first().copied(), false, false).set)
        }
        Variant::Skill7Tarock | Variant::Koenigrufen => None,
    }
}

/// Whether a Skill7 auction names a Farbesolo, whose duties need the
/// contract's options.
fn farbesolo(record: &Record) -> bool {
    record.auction.iter().flat_map(|a| &a.actions).any(|a| {
        let mut w = String::new();
        notation::print::act(&mut w, &a.act);
        w.contains("farb")
    })
}
