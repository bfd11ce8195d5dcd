//! Play (FR-PLAY-1..6) and the excuse in a trick (FR-EXCUSE-1/-2/-4): the
//! tricks laid out (who led, who played each card, who won), then every
//! card judged against the hand it came from: follow suit, else trump,
//! always overtrump when able, the excuse free; the trick events and the
//! running card count (FR-EXCUSE-3 for the excuse's side).

use notation::{Card, CardSet, Item, Lead, Problem, Seat, Trick};

use super::cards::{
    excuse_set, french_trumps, half_points, list, points_text, suit_name, trumps_above,
};
use super::declarations::slam_before_play;
use super::state::{Laid, State, Win, Writer};
use super::{Contract, SEATS, TRICKS};
use crate::{Deal, Event, Moment};

fn trump_duty(hand: CardSet, top: u8) -> Option<CardSet> {
    let trumps = hand.intersection(french_trumps());
    if trumps.is_empty() {
        return None;
    }
    let higher = trumps.intersection(trumps_above(top));
    let must = if higher.is_empty() { trumps } else { higher };
    Some(must.union(hand.intersection(excuse_set())))
}

/// The cards of `hand` that may be played to a trick whose suit is `led`
/// (`None`: the trick is empty, or only the excuse was led) and whose
/// highest trump so far is `top` (0: none) — FR-PLAY-2..5, FR-EXCUSE-1/-2.
pub fn legal_plays(hand: CardSet, led: Option<Lead>, top: u8) -> CardSet {
    match led {
        None => hand,
        Some(Lead::Suit(s)) => {
            let follow = hand.intersection(CardSet::suit(s));
            if !follow.is_empty() {
                follow.union(hand.intersection(excuse_set()))
            } else {
                trump_duty(hand, top).unwrap_or(hand)
            }
        }
        Some(Lead::Trumps) => trump_duty(hand, top).unwrap_or(hand),
    }
}

/// The duty a card outside [`legal_plays`] broke: its rule and plain words.
fn duty_broken(hand: CardSet, led: Lead, top: u8, card: Card) -> (&'static str, String) {
    match led {
        Lead::Suit(s) if !hand.intersection(CardSet::suit(s)).is_empty() => (
            "FR-PLAY-2",
            format!(
                "must follow suit: {} was led and the hand held {}",
                suit_name(s),
                list(hand.intersection(CardSet::suit(s)))
            ),
        ),
        _ if !card.is_trump() => {
            let what = match led {
                Lead::Suit(s) => format!("void in {}, ", suit_name(s)),
                Lead::Trumps => "trumps were led: ".to_owned(),
            };
            let rule = if led == Lead::Trumps {
                "FR-PLAY-3"
            } else {
                "FR-PLAY-2"
            };
            (
                rule,
                format!(
                    "must trump: {what}the hand held {}",
                    list(hand.intersection(french_trumps()))
                ),
            )
        }
        _ => (
            "FR-PLAY-4",
            format!(
                "must overtrump: T{top} was the highest trump and the hand held {}",
                list(hand.intersection(trumps_above(top)))
            ),
        ),
    }
}

fn lead_of(card: Card) -> Option<Lead> {
    if card.is_fool() {
        None
    } else if card.is_trump() {
        Some(Lead::Trumps)
    } else {
        card.suit().map(Lead::Suit)
    }
}

/// The winner of a trick among its cards (FR-PLAY-6, FR-EXCUSE-1): the
/// index of the winning card, and why.
fn winner_of(cards: &[Card]) -> (usize, Win) {
    let led = cards.iter().find_map(|&c| lead_of(c));
    let mut best: Option<(usize, Card)> = None;
    for (i, &c) in cards.iter().enumerate() {
        if c.is_fool() {
            continue;
        }
        let better = match best {
            None => true,
            Some((_, b)) => match (c.trump_number(), b.trump_number()) {
                (Some(x), Some(y)) => x > y,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => Some(Lead::Suit(c.suit().unwrap())) == led && c.rank() > b.rank(),
            },
        };
        if better {
            best = Some((i, c));
        }
    }
    match best {
        Some((i, c)) if c.is_trump() => (i, Win::Trump(c)),
        Some((i, c)) => (i, Win::Suit(c)),
        None => (0, Win::Nothing),
    }
}

/// Lays the tricks out: leaders, the seat of every card, winners
/// (FR-PLAY-1, FR-PLAY-6, FR-SEAT-1, FR-SLAM-2, FR-EXCUSE-4).
pub(super) fn lay_out_tricks(deal: &Deal<'_>, g: &mut State, out: &mut Writer) {
    let slam = slam_before_play(deal, g);
    let mut expected = match (slam, g.taker) {
        (true, Some(t)) => t,
        _ => g.first_bidder(),
    };
    let either = deal.options.get("slam_excuse_side") == "either";
    // Tricks won so far by the taker and by the defence.
    let mut won = [0usize; 2];
    let owner = dealt_owners(deal, g);
    for (t, trick) in deal.record.tricks.iter().take(TRICKS).enumerate() {
        let n = trick.plays.len().min(4);
        let leader = leader_of(deal, trick, t, expected, slam, &owner, out);
        let mut seats = [leader; 4];
        let mut cards = [Card::FOOL; 4];
        for i in 0..n {
            seats[i] = (leader + i as u8) % SEATS;
            cards[i] = trick.plays[i].card;
        }
        let (mut w, mut win) = winner_of(&cards[..n]);
        if t == TRICKS - 1 {
            if let Some(i) = excuse_wins_the_slam(&seats, &cards[..n], g.taker, won, either) {
                w = i;
                win = Win::SlamExcuse;
            }
        }
        let winner = seats[w];
        won[usize::from(Some(winner) != g.taker)] += 1;
        g.laid.push(Laid {
            leader,
            n,
            seats,
            cards,
            winner,
            win,
        });
        expected = winner;
    }
}

/// Who was dealt each card (the dog goes to a taker who takes it): a
/// trick whose cards fit only another leader than the expected one was led
/// out of turn, and is laid out from that leader, so that one wrong lead
/// gives one finding rather than a string of cards "not in the hand".
fn dealt_owners(deal: &Deal<'_>, g: &State) -> [u8; Card::COUNT] {
    let record = deal.record;
    let mut owner = [u8::MAX; Card::COUNT];
    if !record.is_partial() {
        for h in &record.hands {
            for item in &h.cards {
                owner[item.card.index() as usize] = h.seat;
            }
        }
        if let (Some(t), Some(talon)) = (g.taker, &record.talon) {
            if g.contract.is_some_and(Contract::has_discard) {
                for item in &talon.cards {
                    owner[item.card.index() as usize] = t;
                }
            }
        }
    }
    owner
}

/// The leader of trick `t` (0-based): the one written, else the one whose
/// seat order fits the cards' owners, else the one expected (FR-PLAY-1).
fn leader_of(
    deal: &Deal<'_>,
    trick: &Trick,
    t: usize,
    expected: Seat,
    slam: bool,
    owner: &[u8; Card::COUNT],
    out: &mut Writer,
) -> Seat {
    let partial = deal.record.is_partial();
    let n = trick.plays.len().min(4);
    let fits = |l: u8| {
        (0..n).all(|i| owner[trick.plays[i].card.index() as usize] == (l + i as u8) % SEATS)
    };
    let written = match trick.leader {
        Some(l) if l < SEATS => Some(l),
        _ if !partial && !fits(expected) => (0..SEATS).find(|&l| fits(l)),
        _ => None,
    };
    let Some(l) = written else {
        return expected;
    };
    if l != expected {
        let (rule, why) = if t > 0 {
            (
                "FR-PLAY-1",
                format!("seat {expected} won trick {t} and leads"),
            )
        } else if slam {
            (
                "FR-SLAM-2",
                format!("seat {expected} declared a slam and leads"),
            )
        } else {
            (
                "FR-SEAT-1",
                format!("seat {expected}, on the dealer's right, leads"),
            )
        };
        out.fault(
            Problem::new("out-of-turn", format!("seat {l} leads to trick {}; {why}", t + 1))
                .rule(rule)
                .seat(l)
                .trick(t + 1)
                .at(trick.span, "led out of turn")
                .help("the player on the dealer's right leads to trick 1 (the taker, after a slam declaration); the winner of each trick leads to the next"),
        );
    }
    l
}

/// FR-EXCUSE-4: the excuse played to the last trick by the side that won
/// all the others wins it (the taker's side only, unless Option
/// `slam_excuse_side` is `either`). The index of the excuse when it does.
fn excuse_wins_the_slam(
    seats: &[Seat; 4],
    cards: &[Card],
    taker: Option<Seat>,
    won: [usize; 2],
    either: bool,
) -> Option<usize> {
    let tk = taker?;
    let i = cards.iter().position(|c| c.is_fool())?;
    let applies = if seats[i] == tk {
        won[0] == TRICKS - 1
    } else {
        either && won[1] == TRICKS - 1
    };
    applies.then_some(i)
}

/// One card as played: its trick (0-based), seat, card, and where it is
/// written.
struct Played<'a> {
    t: usize,
    seat: Seat,
    card: Card,
    item: &'a Item,
}

/// Every card against the hand it came from (FR-PLAY-2..5,
/// FR-EXCUSE-2), and the trick events.
pub(super) fn play(deal: &Deal<'_>, g: &mut State, out: &mut Writer) {
    let record = deal.record;
    let mut hands = g.playing;
    // Half points of the taker and of the defence, trick by trick.
    let mut count = [0u32; 2];
    for (t, trick) in record.tricks.iter().take(TRICKS).enumerate() {
        if g.wrong_trick.is_some_and(|w| t + 1 >= w as usize) {
            // Who played what from here on is unknown: the deal is void
            // (FR-DEAL-3) and nothing after it is judged.
            break;
        }
        let l = g.laid[t];
        let mut led: Option<Lead> = None;
        let mut top = 0u8;
        for i in 0..l.n {
            let p = Played {
                t,
                seat: l.seats[i],
                card: l.cards[i],
                item: &trick.plays[i],
            };
            card_from_hand(&p, led, top, record.is_partial(), &mut hands, g, out);
            excuse_names_no_suit(&p, out);
            if led.is_none() {
                led = lead_of(p.card);
                if i == 1 && l.cards[0].is_fool() {
                    excuse_led(&p, led, out);
                }
            }
            if let Some(n) = p.card.trump_number() {
                top = top.max(n);
            }
        }
        tell_trick(&l, t, out);
        if let Some(taker) = g.taker {
            tell_count(&l, t, taker, &mut count, out);
        }
    }
}

/// The card must be in the hand (FR-IRREG-1) and among its legal plays
/// (FR-PLAY-2..4); it leaves the hand.
fn card_from_hand(
    p: &Played,
    led: Option<Lead>,
    top: u8,
    partial: bool,
    hands: &mut [CardSet; 4],
    g: &mut State,
    out: &mut Writer,
) {
    let (seat, card, t) = (p.seat, p.card, p.t);
    let mut hand = hands[seat as usize];
    if g.floating.remove(card) {
        hand.insert(card);
    }
    if !hand.contains(card) {
        if !partial {
            let holder = (0..SEATS).find(|s| hands[*s as usize].contains(card));
            let whose = match holder {
                Some(h) => format!("seat {h} holds it"),
                None => "it is in no hand".into(),
            };
            out.fault(
                Problem::new(
                    "other",
                    format!("seat {seat} plays {card}, which is not in his hand ({whose})"),
                )
                .rule("FR-IRREG-1")
                .seat(seat)
                .trick(t + 1)
                .card(card)
                .at(p.item.span, "not in this hand")
                .help("each player plays the cards he was dealt (the taker: after his discard); check the hands and the order of the trick"),
            );
            if let Some(h) = holder {
                hands[h as usize].remove(card);
            }
        }
    } else if let Some(lead) = led {
        if !legal_plays(hand, led, top).contains(card) {
            let (rule, why) = duty_broken(hand, lead, top, card);
            out.fault(revoke(p, rule, why));
        }
    }
    hands[seat as usize].remove(card);
}

/// A revoke (FR-PLAY-6): the card, the duty broken and why.
fn revoke(p: &Played, rule: &'static str, why: String) -> Problem {
    Problem::new(
        "revoke",
        format!("seat {} plays {} in trick {}: {why}", p.seat, p.card, p.t + 1),
    )
    .rule(rule)
    .seat(p.seat)
    .trick(p.t + 1)
    .card(p.card)
    .at(p.item.span, "played here")
    .help(match rule {
        "FR-PLAY-2" => "a player must follow the suit led; void in it, he must trump (the excuse may always be played instead)",
        "FR-PLAY-3" => "when trumps are led, a player who holds trumps must play one (the excuse may always be played instead)",
        _ => "whenever a trump must be played, it must beat the highest trump in the trick if the player holds such a trump",
    })
}

/// FR-EXCUSE-2: the excuse names no suit (unlike the Danish fool).
fn excuse_names_no_suit(p: &Played, out: &mut Writer) {
    if p.item.name.is_some() || p.item.rename.is_some() {
        out.fault(
            Problem::new("fool-misuse", "in French Tarot the excuse names no suit")
                .rule("FR-EXCUSE-2")
                .seat(p.seat)
                .trick(p.t + 1)
                .card(p.card)
                .at(p.item.span, "no suit is named")
                .help("when the excuse is led, the second card sets the suit; write the excuse as plain `EX`"),
        );
    }
}

/// FR-EXCUSE-2: after a led excuse, the second card sets the suit.
fn excuse_led(p: &Played, led: Option<Lead>, out: &mut Writer) {
    if let Some(lead) = led {
        let text = format!(
            "the excuse was led: {} sets {} for the trick",
            p.card,
            match lead {
                Lead::Trumps => "trumps".to_owned(),
                Lead::Suit(s) => suit_name(s).to_owned(),
            }
        );
        out.rule(Moment::Trick(p.t as u16 + 1), "FR-EXCUSE-2", text);
    }
}

/// The trick event: who led, who won, and why (FR-PLAY-6, FR-EXCUSE-4).
fn tell_trick(l: &Laid, t: usize, out: &mut Writer) {
    let reason = match l.win {
        Win::Trump(c) => ["highest trump (", c.code(), ")"].concat(),
        Win::Suit(c) => ["highest card of the suit led (", c.code(), ")"].concat(),
        Win::SlamExcuse => "the excuse wins the last trick of a slam (FR-EXCUSE-4)".to_owned(),
        Win::Nothing => "no card but the excuse".to_owned(),
    };
    out.event(Event::Trick {
        trick: t as u16 + 1,
        leader: l.leader,
        winner: l.winner,
        reason,
    });
}

/// The running card points per side after the trick; the excuse stays
/// with its side before the last trick (FR-EXCUSE-3).
fn tell_count(l: &Laid, t: usize, taker: Seat, count: &mut [u32; 2], out: &mut Writer) {
    let side = |s: Seat| usize::from(s != taker);
    for i in 0..l.n {
        let c = l.cards[i];
        let to = if c.is_fool() && t < TRICKS - 1 {
            side(l.seats[i])
        } else {
            side(l.winner)
        };
        count[to] += half_points(c);
    }
    out.event(Event::Count {
        trick: t as u16 + 1,
        sides: vec![
            (format!("the taker (seat {taker})"), points_text(count[0])),
            ("the defence".to_owned(), points_text(count[1])),
        ],
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use notation::Suit;

    fn set(codes: &[&str]) -> CardSet {
        codes.iter().map(|c| c.parse::<Card>().unwrap()).collect()
    }

    #[test]
    fn duties_of_play() {
        let hand = set(&["S3", "H5", "T4", "T9", "EX"]);
        let spades = legal_plays(hand, Some(Lead::Suit(Suit::Spades)), 0);
        assert_eq!(spades, set(&["S3", "EX"]));
        let clubs = legal_plays(hand, Some(Lead::Suit(Suit::Clubs)), 5);
        assert_eq!(clubs, set(&["T9", "EX"]));
        let under = legal_plays(hand, Some(Lead::Trumps), 12);
        assert_eq!(under, set(&["T4", "T9", "EX"]));
        let none = legal_plays(set(&["S3", "H5"]), Some(Lead::Trumps), 12);
        assert_eq!(none, set(&["S3", "H5"]));
        assert_eq!(legal_plays(hand, None, 0), hand);
    }
}
