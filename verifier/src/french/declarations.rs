//! Declarations (FR-HANDFUL-1..3, FR-SLAM-1/-2): one handful per player
//! before his first card, showing exactly 10, 13 or 15 trumps of his
//! playing hand (the excuse only when no trump stays hidden); the slam,
//! declared by the taker alone, before play; declared twice, it counts once
//! (FR-SLAM-1).

use notation::Kind;
use notation::Rule;
use notation::{Act, Action, Card, CardSet, HandfulSize, PerSeat, Problem, Seat};

use super::cards::{excuse_set, french_trumps, list};
use super::state::{State, Writer};
use super::SEATS;
use crate::{Deal, Moment};

/// The handful bonus and the number of cards it shows (FR-HANDFUL-1).
pub fn handful(size: HandfulSize) -> (i64, usize) {
    match size {
        HandfulSize::Simple => (20, 10),
        HandfulSize::Double => (30, 13),
        HandfulSize::Triple => (40, 15),
    }
}

/// Whether the taker declared a slam before play (FR-SLAM-2: he then
/// leads to trick 1).
pub(super) fn slam_before_play(deal: &Deal<'_>, g: &State) -> bool {
    let Some(taker) = g.taker else {
        return false;
    };
    deal.record.declarations.as_ref().is_some_and(|d| {
        d.actions
            .iter()
            .any(|a| a.seat == taker && a.after.is_none() && matches!(a.act, Act::Slam))
    })
}

/// FR-HANDFUL-1..3, FR-SLAM-1/-2.
pub(super) fn declarations(deal: &Deal<'_>, g: &mut State, out: &mut Writer) {
    let Some(decl) = &deal.record.declarations else {
        return;
    };
    let exact = super::state::option(deal, "handful_exact") == "true";
    let mut declared: PerSeat<bool> = PerSeat::new(SEATS);
    for a in &decl.actions {
        if a.seat.number() >= SEATS {
            continue;
        }
        let seat = a.seat;
        // `after N` (N >= 1): made after trick N, so after play began
        // and after the player's first card.
        let late = a.after.filter(|&n| n >= 1);
        match (&a.act, late) {
            (Act::Slam, Some(n)) if Some(seat) == g.taker => {
                out.fault(
                    Problem::new(
                        Kind::IllegalCall,
                        format!("seat {seat} declares a slam after trick {n}: play has begun"),
                    )
                    .rule(Rule::FrSlam1)
                    .seat(seat)
                    .at(a.span, "after play began")
                    .help("the taker declares a slam after the discard (or the bidding), before the first card; a late declaration counts for nothing"),
                );
            }
            (Act::Handful { size, .. }, Some(n)) => {
                declared[seat] = true;
                out.fault(
                    Problem::new(
                        Kind::WrongDeclaration,
                        format!(
                            "seat {seat} shows a {} handful after trick {n}, after its first card",
                            size.word(),
                        ),
                    )
                    .rule(Rule::FrHandful1)
                    .seat(seat)
                    .at(a.span, "shown too late")
                    .help("a handful is shown before the player plays his first card; a late one scores nothing"),
                );
            }
            (Act::Slam, _) => slam_by_the_taker(a, g, out),
            (Act::Handful { size, cards }, _) => {
                let second = declared[seat];
                declared[seat] = true;
                let faults = handful_faults(*size, cards, second, exact, hands(g, seat));
                if faults.is_empty() {
                    let (bonus, _) = handful(*size);
                    g.handfuls.push((seat, bonus));
                    out.rule(
                        Moment::Declarations,
                        Rule::FrHandful1,
                        format_args!("seat {seat} shows a {} handful ({bonus} points to the side that wins the deal)", size.word()),
                    );
                } else {
                    out.fault(false_handful(a, &faults));
                }
            }
            _ => out.fault(
                Problem::new(Kind::WrongDeclaration, "only a slam or a handful may be declared")
                    .rule(Rule::FrHandful1)
                    .seat(seat)
                    .at(a.span, "not a French declaration")
                    .help("declare `slam` (the taker) or `handful simple|double|triple` with the cards shown"),
            ),
        }
    }
}

/// Whether a handful by a seat is true (FR-HANDFUL-1..3), judged as
/// [`declarations`] judges one, with what it reads once for all the
/// handfuls the seat may show after the record so far: whether one would be
/// its second, Option `handful_exact`, and the hands it is judged against.
/// What `crate::game` lists the handfuls a seat may show with
/// (`super::Stepped::handful_check`).
#[derive(Clone, Copy)]
pub(crate) struct HandfulCheck {
    second: bool,
    exact: bool,
    hands: Hands,
}

impl HandfulCheck {
    pub(super) fn new(deal: &Deal<'_>, g: &State, seat: Seat, second: bool) -> HandfulCheck {
        HandfulCheck {
            second,
            exact: super::state::option(deal, "handful_exact") == "true",
            hands: hands(g, seat),
        }
    }

    /// Whether a handful of `size` showing `cards` is true: what
    /// [`handful_faults`] finds nothing against (FR-HANDFUL-1..3), read on
    /// masks. The cards are gathered into a set, a card shown twice ending
    /// it; then every card shown must be a trump or the excuse, held or
    /// floating, and the excuse shown only with every trump of the playing
    /// hand (debug builds compare it with the faults' own reading).
    pub(crate) fn holds(&self, size: HandfulSize, cards: &[Card]) -> bool {
        let sound = self.holds_on_masks(size, cards);
        debug_assert_eq!(
            sound,
            handful_sound(size, cards, self.second, self.exact, self.hands)
        );
        sound
    }

    /// [`HandfulCheck::holds`], without the debug check.
    fn holds_on_masks(&self, size: HandfulSize, cards: &[Card]) -> bool {
        let (_, need) = handful(size);
        let count = if self.exact {
            cards.len() == need
        } else {
            cards.len() >= need
        };
        if self.second || !count {
            return false;
        }
        let mut shown = CardSet::EMPTY;
        for &c in cards {
            if !shown.insert(c) {
                return false;
            }
        }
        let Hands {
            playing,
            held,
            floating,
        } = self.hands;
        let trumps = french_trumps();
        shown.difference(trumps.union(excuse_set())).is_empty()
            && shown.difference(held.union(floating)).is_empty()
            && (!shown.contains(Card::FOOL)
                || playing.intersection(trumps).difference(shown).is_empty())
    }
}

/// Whether [`handful_faults`] finds nothing, no fault worded.
fn handful_sound(
    size: HandfulSize,
    cards: &[Card],
    second: bool,
    exact: bool,
    hands: Hands,
) -> bool {
    let mut sound = true;
    handful_faults_by(size, cards, second, exact, hands, |_, _| sound = false);
    sound
}

/// The hands `seat`'s handful is judged against. FR-DISCARD-4: a taker
/// whose discard is taken from the play is judged on his 24 for the cards
/// shown, so that no card taken as discarded makes the handful false.
fn hands(g: &State, seat: Seat) -> Hands {
    let held = if g.discard_from_play && Some(seat) == g.taker {
        g.hands[seat].union(g.dog)
    } else {
        g.playing[seat]
    };
    Hands {
        playing: g.playing[seat],
        held,
        floating: g.floating,
    }
}

/// FR-SLAM-1/-2: only the taker declares a slam, once; he then leads.
fn slam_by_the_taker(a: &Action, g: &mut State, out: &mut Writer) {
    let seat = a.seat;
    if Some(seat) != g.taker {
        out.fault(
            Problem::new(
                Kind::IllegalCall,
                format!("seat {seat} declares a slam but is not the taker"),
            )
            .rule(Rule::FrSlam1)
            .seat(seat)
            .at(a.span, "not the taker")
            .help("only the taker may declare a slam"),
        );
    } else if g.slam_declared {
        // FR-SLAM-1 (amended): a second declaration claims nothing more; the
        // slam counts as declared once, and it is no fault.
        out.rule(
            Moment::Declarations,
            Rule::FrSlam1,
            format_args!("seat {seat} declares the slam again: it counts once"),
        );
    } else {
        g.slam_declared = true;
        out.rule(
            Moment::Declarations,
            Rule::FrSlam2,
            format_args!("seat {seat} declares a slam and leads to trick 1"),
        );
    }
}

/// What makes a handful false (FR-HANDFUL-2/-3), each with the card at
/// fault if one is.
/// The hands a handful is judged against: the playing hand (the trumps
/// left unshown, FR-HANDFUL-2) and the cards that may be shown.
#[derive(Clone, Copy)]
struct Hands {
    playing: CardSet,
    held: CardSet,
    floating: CardSet,
}

fn handful_faults(
    size: HandfulSize,
    cards: &[Card],
    second: bool,
    exact: bool,
    hands: Hands,
) -> Vec<(String, Option<Card>)> {
    let mut faults: Vec<(String, Option<Card>)> = Vec::new();
    handful_faults_by(size, cards, second, exact, hands, |word, card| {
        faults.push((word(), card))
    });
    faults
}

/// [`handful_faults`], each fault handed to `fault` with the words of it
/// (made only where asked for) and its card.
fn handful_faults_by(
    size: HandfulSize,
    cards: &[Card],
    second: bool,
    exact: bool,
    hands: Hands,
    mut fault: impl FnMut(&dyn Fn() -> String, Option<Card>),
) {
    let Hands {
        playing: hand,
        held,
        floating,
    } = hands;
    let (_, need) = handful(size);
    if second {
        fault(&|| "a second handful by the same player".into(), None);
    }
    // Option `handful_exact`: exactly the size, or at least it.
    let ok_count = if exact {
        cards.len() == need
    } else {
        cards.len() >= need
    };
    if !ok_count {
        fault(
            &|| {
                format!(
                    "a {} handful shows {}{need} trumps, not {}",
                    size.word(),
                    if exact { "" } else { "at least " },
                    cards.len()
                )
            },
            None,
        );
    }
    let trumps_ex = french_trumps().union(excuse_set());
    let mut shown = CardSet::EMPTY;
    for &c in cards {
        if !shown.insert(c) {
            fault(&|| format!("{c} is shown twice"), Some(c));
        } else if !trumps_ex.contains(c) {
            fault(&|| format!("{c} is not a trump"), Some(c));
        } else if !held.contains(c) && !floating.contains(c) {
            fault(&|| format!("{c} is not in the player's hand"), Some(c));
        }
    }
    if shown.contains(Card::FOOL) {
        let unshown = hand.intersection(french_trumps()).difference(shown);
        if !unshown.is_empty() {
            fault(
                &|| format!("the excuse is shown while {} stay hidden", list(unshown)),
                Some(Card::FOOL),
            );
        }
    }
}

/// One false handful, one finding (rules README), however many of its
/// cards are wrong: it names every fault and carries the first rule id in
/// the digest's order (FR-HANDFUL-2 before -3).
fn false_handful(a: &Action, faults: &[(String, Option<Card>)]) -> Problem {
    let rule_of = |card: Option<Card>| {
        if card == Some(Card::FOOL) {
            Rule::FrHandful2
        } else {
            Rule::FrHandful3
        }
    };
    let rules: Vec<Rule> = faults.iter().map(|(_, c)| rule_of(*c)).collect();
    let rule = rules
        .iter()
        .copied()
        .min_by_key(|r| r.id())
        .expect("a fault");
    let text: Vec<&str> = faults.iter().map(|(t, _)| t.as_str()).collect();
    let mut help = String::from("a handful shows exactly 10, 13 or 15 trumps from the player's playing hand; the excuse only when no other trump is held");
    if let Some(other) = rules.iter().find(|&&r| r != rule) {
        help.push_str(&format!(
            "; one false handful, one finding: it also breaks {other}"
        ));
    }
    let mut p = Problem::new(
        Kind::WrongDeclaration,
        format!("false handful by seat {}: {}", a.seat, text.join("; ")),
    )
    .rule(rule)
    .seat(a.seat)
    .at(a.span, "false handful")
    .help(help);
    if let Some(c) = faults
        .iter()
        .find(|(_, c)| rule_of(*c) == rule && c.is_some())
        .and_then(|(_, c)| *c)
    {
        p = p.card(c);
    }
    p
}
