//! What a seat may play to a trick (KR-PLAY-2..7, 10): rule 1 follow
//! suit, rule 2 follow tarock, rule 3 beat (negative games), rule 4a keep an
//! announced ultimo card for its trick, rule 4b suit games, rule 4c the
//! pagat in negative games. A revoke is a card outside the allowed set.

use notation::{Bonus, Card, CardSet, Game, Problem};

use super::options::Opts;
use super::play::winner;
use super::rules::*;
use super::Replay;

const DUTY_HELP: &str = "rule 1: follow suit; rule 2: if void, play tarock; rule 3 (negative games): beat the winning card if you can";

impl Replay<'_> {
    /// Rules 1–4 for one card (KR-PLAY-2..7, 10).
    pub(super) fn check_card(
        &mut self,
        item: &notation::Item,
        seat: u8,
        k: usize,
        before: &[Card],
    ) {
        let card = item.card;
        let game = self.state.game();
        let hand = self.state.hand[seat as usize];
        if !hand.contains(card) {
            self.out.push(
                Problem::new("other", format!("seat {seat} plays {card}, which it does not hold"))
                    .rule("KR-PLAY-10")
                    .seat(seat)
                    .trick(k)
                    .card(card)
                    .at(item.span, "not in this hand")
                    .help("each seat plays the cards it was dealt (the bidder: with the talon cards taken, without those laid away)"),
            );
            return;
        }
        let (a1, rule, duty) = duty_set(hand, before, game, &self.opts);
        let revoke = |rule: &'static str, msg: String| {
            Problem::new("revoke", msg)
                .rule(rule)
                .seat(seat)
                .trick(k)
                .card(card)
                .at(item.span, "played here")
                .help(DUTY_HELP)
        };
        if !a1.contains(card) {
            self.out.push(revoke(
                rule,
                format!("seat {seat} plays {card} but must {duty}"),
            ));
            return;
        }
        let negative = is_negative(game);
        let beat_applies = negative && (game != Game::Trischaken || self.opts.trischaken_beat);
        let mut a2 = a1;
        if beat_applies && !before.is_empty() {
            let beating = beaters(a1, before, game, &self.opts);
            if !beating.is_empty() {
                a2 = beating;
                if !a2.contains(card) {
                    self.out.push(revoke(
                        "KR-PLAY-4",
                        format!(
                            "seat {seat} plays {card} but must beat the winning card (it holds {})",
                            list(beating)
                        ),
                    ));
                    return;
                }
            }
        }
        if beat_applies
            && card == Card::PAGAT
            && !a2
                .intersection(tarocks())
                .difference(pagat_only())
                .is_empty()
        {
            self.out.push(revoke(
                "KR-PLAY-7",
                format!("seat {seat} plays the pagat while it may play another tarock"),
            ));
            return;
        }
        if is_black(game) {
            self.rule_4a(item, seat, k, a1);
        }
    }

    /// KR-PLAY-6: announced ultimo cards kept for their target trick.
    fn rule_4a(&mut self, item: &notation::Item, seat: u8, k: usize, allowed: CardSet) {
        let card = item.card;
        let k16 = k as u16;
        let mut due = CardSet::EMPTY;
        let mut pending = CardSet::EMPTY;
        let mut target_of = |c: Card| {
            self.state
                .reserved
                .iter()
                .find(|r| r.1 == Some(c))
                .map_or(0, |r| r.2)
        };
        for &(s, c, target) in &self.state.reserved {
            let Some(c) = c else { continue };
            if s != seat || !allowed.contains(c) {
                continue;
            }
            if target == k16 {
                due.insert(c);
            } else if target > k16 {
                pending.insert(c);
            }
        }
        let fault = if !due.is_empty() && !due.contains(card) {
            Some(format!(
                "seat {seat} holds back {} in trick {k}, its announced trick",
                list(due)
            ))
        } else if due.is_empty() && pending.contains(card) {
            if !allowed.difference(pending).is_empty() {
                Some(format!(
                    "seat {seat} plays the announced {card} before trick {}",
                    target_of(card)
                ))
            } else {
                let earliest = pending.iter().map(&mut target_of).min().unwrap_or(0);
                (target_of(card) > earliest).then(|| {
                    format!("seat {seat} must play the announced card due earliest (trick {earliest}), not {card}")
                })
            }
        } else {
            None
        };
        if let Some(msg) = fault {
            self.out.push(
                Problem::new("premature-ultimo-card", msg)
                    .rule("KR-PLAY-6")
                    .seat(seat)
                    .trick(k)
                    .card(card)
                    .at(item.span, "played here")
                    .help("rule 4a: an announced pagat, uhu, pelican, quapil or called king is kept for its trick (12, 11, 10, 9, 12) unless rules 1-2 force it, and played there if they allow"),
            );
        }
    }

    /// Rule 4a reservations (KR-PLAY-6): positive black games only. Each
    /// legally announced ultimo card held by its team is kept for its trick.
    pub(super) fn reserve_ultimo_cards(&mut self) {
        let game = self.state.game();
        if !is_black(game) {
            return;
        }
        let mut k = 0;
        for bonus in [
            Bonus::Pagat,
            Bonus::Uhu,
            Bonus::Pelican,
            Bonus::Quapil,
            Bonus::KingUltimo,
        ] {
            let Some(ann) = self.state.ann[bonus_index(bonus)] else {
                continue;
            };
            let (card, target) = match bonus {
                Bonus::KingUltimo => match self.state.called {
                    Some(c) => (c, 12),
                    None => continue,
                },
                b => ultimo_card(b).expect("ultimo bonus"),
            };
            if let Some(holder) = (0..4u8).find(|&s| {
                self.state.team(s) == ann.bidder_team && self.state.hand[s as usize].contains(card)
            }) {
                self.state.reserved[k] = (holder, Some(card), target);
                k += 1;
            }
        }
    }
}

fn pagat_only() -> CardSet {
    let mut s = CardSet::EMPTY;
    s.insert(Card::PAGAT);
    s
}

/// The cards rules 1, 2 and 4b allow (KR-PLAY-2, 3, 5), the rule that
/// narrows them, and the duty in words.
pub(crate) fn duty_set(
    hand: CardSet,
    before: &[Card],
    game: Game,
    opts: &Opts,
) -> (CardSet, &'static str, &'static str) {
    let tar = hand.intersection(tarocks());
    let suits = hand.difference(tarocks());
    let suit_game = is_suit_game(game);
    let Some(&led) = before.first() else {
        // Leading: rule 4b in suit games; rule 4c is checked apart.
        if suit_game && !suits.is_empty() {
            return (
                suits,
                "KR-PLAY-5",
                "lead a suit card while holding one (tarocks are played only without suit cards)",
            );
        }
        return (hand, "KR-PLAY-2", "lead");
    };
    match led.suit() {
        Some(s) => {
            let follow = hand.intersection(CardSet::suit(s));
            if !follow.is_empty() {
                return (follow, "KR-PLAY-2", "follow suit");
            }
            if suit_game {
                if !suits.is_empty() {
                    return (
                        suits,
                        "KR-PLAY-5",
                        "play a suit card (tarock only without suit cards)",
                    );
                }
                return (hand, "KR-PLAY-5", "play");
            }
            if !tar.is_empty() {
                return (tar, "KR-PLAY-3", "play tarock (void in the suit led)");
            }
            (hand, "KR-PLAY-3", "play")
        }
        None => {
            if suit_game && opts.suits_first && !suits.is_empty() {
                return (
                    suits,
                    "KR-PLAY-5",
                    "play a suit card (suit_tarock_lead=suits-first)",
                );
            }
            if !tar.is_empty() {
                let rule = if suit_game { "KR-PLAY-5" } else { "KR-PLAY-3" };
                return (tar, rule, "follow tarock");
            }
            (hand, "KR-PLAY-3", "play")
        }
    }
}

/// The allowed cards that would take the lead of the trick (rule 3).
fn beaters(allowed: CardSet, before: &[Card], game: Game, opts: &Opts) -> CardSet {
    let mut out = CardSet::EMPTY;
    let mut cards = [Card::PAGAT; 4];
    cards[..before.len()].copy_from_slice(before);
    let n = before.len();
    for c in allowed.iter() {
        cards[n] = c;
        if winner(&cards[..=n], game, opts) == n {
            out.insert(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> Opts {
        Opts::read(&crate::RuleOptions::default())
    }

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn a_void_player_must_play_tarock_in_black_games() {
        let hand: CardSet = cards("T5 S7 C7").into_iter().collect();
        let (allowed, rule, _) = duty_set(hand, &cards("HK"), Game::Caller, &opts());
        assert_eq!(rule, "KR-PLAY-3");
        assert_eq!(list(allowed), "T5");
        let (allowed, rule, _) = duty_set(hand, &cards("HK"), Game::ThreeOfSuits, &opts());
        assert_eq!(rule, "KR-PLAY-5");
        assert_eq!(list(allowed), "S7 C7");
    }
}
