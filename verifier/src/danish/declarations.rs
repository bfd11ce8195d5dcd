//! Declarations, meldinger (DK-DECL-1 to DK-DECL-6, paid by DK-PAY-2, and
//! the announced tout of DK-TOUT-2): the combinations a hand holds, what
//! each is worth, and the declarations in the order made: out of turn,
//! wrong and missing declarations.

use notation::Kind;
use notation::Rule;
use notation::Seat;
use notation::{Act, Action, Card, CardSet, PerSeat, Problem, Record, Span, Suit};

use super::cards::{cards_word, courts, kings, TRUMPS};
use super::Engine;
use crate::reason::{decimal, Reason};
use crate::Moment;

/// A cavallerie of a suit or of the kings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cav {
    /// Three of the four and the fool; the missing card.
    Half(Card),
    Full,
    Abundant,
}

/// One declaration combination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Combo {
    Trumps { count: u8, pagat: bool },
    Matadors(u8),
    Suit(Suit, Cav),
    Kings(Cav),
}

/// Slots: 0 trumps, 1 matadors, 2..=5 the suits, 6 the kings.
pub const SLOTS: usize = 7;

impl Combo {
    pub fn slot(self) -> usize {
        match self {
            Combo::Trumps { .. } => 0,
            Combo::Matadors(_) => 1,
            Combo::Suit(s, _) => 2 + s as usize,
            Combo::Kings(_) => 6,
        }
    }

    /// What each opponent pays (DK-DECL-2).
    pub fn amount(self) -> i64 {
        match self {
            Combo::Trumps { count, .. } => 10 + 5 * (count as i64 - 10).max(0),
            Combo::Matadors(n) => 10 + 5 * (n as i64 - 3).max(0),
            Combo::Suit(_, cav) | Combo::Kings(cav) => match cav {
                Cav::Half(_) => 5,
                Cav::Full => 10,
                Cav::Abundant => 15,
            },
        }
    }

    /// The declaration as the notation writes it.
    pub fn act(self, skat: Vec<Card>) -> Act {
        match self {
            Combo::Trumps { count, pagat } => Act::Trumps { count, pagat, skat },
            Combo::Matadors(count) => Act::Matadors { count, skat },
            Combo::Suit(suit, Cav::Half(missing)) => Act::Half {
                suit,
                missing,
                skat,
            },
            Combo::Suit(suit, Cav::Full) => Act::Full { suit, skat },
            Combo::Suit(suit, Cav::Abundant) => Act::Abundant { suit, skat },
            Combo::Kings(Cav::Half(missing)) => Act::HalfKings { missing, skat },
            Combo::Kings(Cav::Full) => Act::FullKings { skat },
            Combo::Kings(Cav::Abundant) => Act::AbundantKings { skat },
        }
    }

    /// The combination an action claims, if it is a declaration.
    pub fn of_act(act: &Act) -> Option<Combo> {
        Some(match *act {
            Act::Trumps { count, pagat, .. } => Combo::Trumps { count, pagat },
            Act::Matadors { count, .. } => Combo::Matadors(count),
            Act::Half { suit, missing, .. } => Combo::Suit(suit, Cav::Half(missing)),
            Act::Full { suit, .. } => Combo::Suit(suit, Cav::Full),
            Act::Abundant { suit, .. } => Combo::Suit(suit, Cav::Abundant),
            Act::HalfKings { missing, .. } => Combo::Kings(Cav::Half(missing)),
            Act::FullKings { .. } => Combo::Kings(Cav::Full),
            Act::AbundantKings { .. } => Combo::Kings(Cav::Abundant),
            _ => return None,
        })
    }

    fn describe(self) -> String {
        describe_act(&self.act(Vec::new()))
    }

    /// The payment's reason, ``declaration `…` `` with the words of
    /// [`Combo::describe`], written without the formatting machinery (a
    /// payment per declaration; a test holds the two equal).
    pub(super) fn paid_reason(self) -> Reason {
        let mut n = [0; 20];
        let letter = |s: Suit| ["S", "H", "D", "C"][s as usize];
        match self {
            Combo::Trumps { count, pagat } => Reason::concat(&[
                "declaration `trumps ",
                decimal(i64::from(count), &mut n),
                if pagat { " pagat`" } else { " no-pagat`" },
            ]),
            Combo::Matadors(count) => Reason::concat(&[
                "declaration `matadors ",
                decimal(i64::from(count), &mut n),
                "`",
            ]),
            Combo::Suit(s, Cav::Half(missing)) => {
                Reason::concat(&["declaration `half ", letter(s), " ", missing.code(), "`"])
            }
            Combo::Suit(s, Cav::Full) => Reason::concat(&["declaration `full ", letter(s), "`"]),
            Combo::Suit(s, Cav::Abundant) => {
                Reason::concat(&["declaration `abundant ", letter(s), "`"])
            }
            Combo::Kings(Cav::Half(missing)) => {
                Reason::concat(&["declaration `half-kings ", missing.code(), "`"])
            }
            Combo::Kings(Cav::Full) => Reason::from("declaration `full-kings`"),
            Combo::Kings(Cav::Abundant) => Reason::from("declaration `abundant-kings`"),
        }
    }
}

fn describe_act(act: &Act) -> String {
    let mut s = String::new();
    notation::print::act(&mut s, act);
    s
}

/// Half, full or abundant of the four cards `set` (DK-DECL-2).
fn cavallerie(set: CardSet, hand: CardSet) -> Option<(Cav, CardSet)> {
    let held = set.intersection(hand);
    let fool = hand.contains(Card::FOOL);
    let mut with_fool = held;
    with_fool.insert(Card::FOOL);
    match (held.len(), fool) {
        (4, true) => Some((Cav::Abundant, with_fool)),
        (4, false) => Some((Cav::Full, held)),
        (3, true) => Some((Cav::Half(set.difference(held).iter().next()?), with_fool)),
        _ => None,
    }
}

/// The combinations a hand holds, by slot.
pub(super) type Held = [Option<(Combo, CardSet)>; SLOTS];

/// Every combination a hand holds, by slot, with the cards that make it up.
pub fn combos(hand: CardSet) -> Held {
    let mut out = [None; SLOTS];
    combos_into(hand, &mut out);
    out
}

/// [`combos`] written into `out` where it lies: the declarations' three
/// hands of 224 bytes each were built on the stack and copied into place
/// by `memcpy` (2.3% of Danish `verify`'s time in `perf`).
fn combos_into(hand: CardSet, out: &mut Held) {
    let mut trumps = hand.intersection(TRUMPS);
    if hand.contains(Card::FOOL) {
        trumps.insert(Card::FOOL);
    }
    if trumps.len() >= 10 {
        out[0] = Some((
            Combo::Trumps {
                count: trumps.len() as u8,
                pagat: hand.contains(Card::PAGAT),
            },
            trumps,
        ));
    }
    out[1] = matadors(hand);
    for s in Suit::ALL {
        out[2 + s as usize] =
            cavallerie(courts(s), hand).map(|(cav, cards)| (Combo::Suit(s, cav), cards));
    }
    out[6] = cavallerie(kings(), hand).map(|(cav, cards)| (Combo::Kings(cav), cards));
}

/// The fool, 21 and the pagat, extended downward from 20 without a gap.
fn matadors(hand: CardSet) -> Option<(Combo, CardSet)> {
    if !(hand.contains(Card::FOOL) && hand.contains(Card::MOND) && hand.contains(Card::PAGAT)) {
        return None;
    }
    let mut cards: CardSet = [Card::FOOL, Card::MOND, Card::PAGAT].into_iter().collect();
    let mut n = 3;
    for t in (2..=20).rev() {
        let c = Card::trump(t).expect("a trump");
        if !hand.contains(c) {
            break;
        }
        cards.insert(c);
        n += 1;
    }
    Some((Combo::Matadors(n), cards))
}

/// The cards of every combination a hand holds (DK-DISCARD-4).
pub fn declaration_cards(hand: CardSet) -> CardSet {
    combos(hand)
        .iter()
        .flatten()
        .fold(CardSet::EMPTY, |acc, (_, c)| acc.union(*c))
}

/// Where the declaring stands: what each active player (in declaring
/// order) holds and has declared, whose turn has begun and passed.
struct Declaring {
    held: [Held; 3],
    declared: [[bool; SLOTS]; 3],
    /// Combinations found missing when the player's turn passed: a late
    /// entry does not make them declared (DK-DECL-6).
    missing: [[bool; SLOTS]; 3],
    /// The player has made an entry so far.
    started: [bool; 3],
    /// The player makes an entry somewhere in the record (DK-DECL-7).
    speaks: [bool; 3],
    /// The player's turn has passed (DK-DECL-6).
    done: [bool; 3],
    /// Only the first declaration out of turn is judged (DK-DECL-6).
    out_of_turn: bool,
    /// A partial record: the declarations are taken as made.
    trust: bool,
    skat: CardSet,
}

impl Engine {
    /// The declarations, in the order written (DK-DECL, as amended: a
    /// director hears them one entry at a time).
    pub(super) fn declarations(
        &mut self,
        record: &Record,
        dealt: &PerSeat<CardSet>,
        skat: CardSet,
        trust: bool,
        held: Option<&[Held; 3]>,
    ) {
        let empty = Vec::new();
        let actions = record.declarations.as_ref().map_or(&empty, |x| &x.actions);
        // No entry, and a record that stops before the play: no turn is
        // reached (DK-DECL-7, below), so nothing is judged or paid, and the
        // combinations held are not read (a stepped game's engine before
        // the declarations: at the deal and when the skat is laid).
        if actions.is_empty() && record.tricks.is_empty() {
            return;
        }
        let order = self.seating.order;
        let mut st = Declaring {
            held: [[None; SLOTS]; 3],
            declared: [[false; SLOTS]; 3],
            missing: [[false; SLOTS]; 3],
            started: [false; 3],
            speaks: order.map(|s| actions.iter().any(|a| a.seat == s)),
            done: [false; 3],
            out_of_turn: false,
            trust,
            skat,
        };
        match held {
            // The combinations read already, in declaring order (`step`'s
            // engine after the skat keeps them for its lists).
            Some(held) => st.held = *held,
            None => {
                for (held, &s) in st.held.iter_mut().zip(&order) {
                    combos_into(dealt[s], held);
                }
            }
        }
        let span_of = record.declarations.as_ref().map_or(record.span, |x| x.span);
        for a in actions {
            self.declaration(record, &mut st, a);
        }
        // The turns still open pass at the end of the declarations. A record
        // that stops before the play does not reach the players after the
        // last one with an entry (DK-DECL-7, DK-PLAY-5).
        let reached = if record.tricks.is_empty() {
            (0..3).rev().find(|&k| st.speaks[k]).map_or(0, |k| k + 1)
        } else {
            3
        };
        for k in 0..reached {
            self.pass_turn(record, &mut st, k, span_of);
        }
    }

    /// DK-DECL-6: the `k`-th player's turn passes; what he holds and has
    /// not declared by then is missing (DK-DECL-4).
    fn pass_turn(&mut self, record: &Record, st: &mut Declaring, k: usize, span: Span) {
        if std::mem::replace(&mut st.done[k], true) || st.trust {
            return;
        }
        for slot in 0..SLOTS {
            if st.held[k][slot].is_some() && !st.declared[k][slot] {
                st.missing[k][slot] = true;
            }
        }
        self.missing(record, k, &st.held[k], &st.declared[k], span);
    }

    /// One declaration entry, in turn or not (DK-DECL-6, DK-DECL-7).
    fn declaration(&mut self, record: &Record, st: &mut Declaring, a: &Action) {
        let s = a.seat;
        let at = Moment::Declarations;
        let Some(i) = self.seating.order.iter().position(|&o| o == s) else {
            // DK-DECL-6, DK-SEAT-1: no fine, no effect, each reported.
            self.out.irregular(
                Problem::new(
                    Kind::OutOfTurn,
                    format!("seat {s} sits out and cannot declare"),
                )
                .rule(Rule::DkDecl6)
                .seat(s)
                .at(a.span, "sits out")
                .help("only the three active players declare; an entry by the player who sits out has no effect (DK-SEAT-1) and no fine (DK-FINE-1)"),
                0,
                false,
                at,
            );
            return;
        };
        // An earlier player's turn passes when a later one makes an entry
        // after his own; a player with no entry at all passes in silence
        // when a later player makes his first entry (DK-DECL-7). A player
        // who speaks later in the record is not passed: this entry is early.
        if !st.started[i] {
            for k in 0..i {
                if st.started[k] || !st.speaks[k] {
                    self.pass_turn(record, st, k, a.span);
                }
            }
        } else {
            for k in 0..i {
                if st.started[k] {
                    self.pass_turn(record, st, k, a.span);
                }
            }
        }
        let late = st.done[i];
        self.declares_in_turn(st, i, a, late);
        st.started[i] = true;
        match &a.act {
            Act::Pass => {}
            Act::Tout => self.announce_tout(s, a.span, st.skat),
            act => self.declare(st, i, a, act),
        }
    }

    /// DK-DECL-6: an entry is early when an earlier player in declaring
    /// order has made no entry yet but makes one later; late when its
    /// player's turn has passed. Only the first is the irregularity.
    fn declares_in_turn(&mut self, st: &mut Declaring, i: usize, a: &Action, late: bool) {
        let s = a.seat;
        let early = (0..i).find(|&k| !st.started[k] && st.speaks[k]);
        if !(early.is_some() || late) || st.out_of_turn {
            return;
        }
        st.out_of_turn = true;
        let msg = match early {
            Some(k) => format!(
                "seat {s} declares before seat {}, who declares later",
                self.seating.order[k]
            ),
            None => format!("seat {s} declares after his turn has passed"),
        };
        self.out.irregular(
            Problem::new(Kind::OutOfTurn, msg)
                .rule(Rule::DkDecl6)
                .seat(s)
                .at(a.span, "out of turn")
                .help("declarations go in order: all of the dealer's, then the next player's, then the third player's; 20 into each pot, and the deal is abandoned"),
            20,
            true,
            Moment::Declarations,
        );
    }

    /// DK-TOUT-2: only the dealer who laid the fool away announces a tout.
    fn announce_tout(&mut self, s: Seat, span: Span, skat: CardSet) {
        let at = Moment::Declarations;
        let ok = self.o.announced_tout && s == self.seating.dealer && skat.contains(Card::FOOL);
        if !ok {
            self.out.irregular(
                Problem::new(Kind::IllegalCall, format!("seat {s} announces a tout that is not allowed"))
                    .rule(Rule::DkTout2)
                    .seat(s)
                    .at(span, "tout not allowed")
                    .help("only the dealer who laid the fool in the skat may announce a tout, and only with Option announced_tout"),
                0,
                false,
                at,
            );
        } else {
            self.out.rule_event(
                at,
                Rule::DkTout2,
                format_args!("seat {s} laid the fool away and announces a tout"),
            );
        }
    }

    /// A declaration of a combination: paid if right (DK-PAY-2), a wrong
    /// declaration if not (DK-DECL-4, DK-DECL-5).
    fn declare(&mut self, st: &mut Declaring, i: usize, a: &Action, act: &Act) {
        let s = a.seat;
        let at = Moment::Declarations;
        let Some(claim) = Combo::of_act(act) else {
            self.out.irregular(
                Problem::new(Kind::WrongDeclaration, format!("`{}` is not a declaration", describe_act(act)))
                    .rule(Rule::DkDecl2)
                    .seat(s)
                    .at(a.span, "not a declaration")
                    .help("declarations: trumps, matadors, half/full/abundant in a suit, half-kings, full-kings, abundant-kings, or pass"),
                0,
                false,
                at,
            );
            return;
        };
        let slot = claim.slot();
        if st.missing[i][slot] {
            // DK-DECL-6: a late entry does not make a combination found
            // missing declared; it stays missing, and is not paid.
            return;
        }
        let twice = std::mem::replace(&mut st.declared[i][slot], true);
        let wrong = if st.trust {
            None
        } else if twice {
            Some(format!(
                "seat {s} declares `{}` a second time",
                claim.describe()
            ))
        } else {
            self.wrong_claim(s, claim, st.held[i][slot], act, st.skat)
        };
        match wrong {
            None => {
                self.pay_declaration(s, claim, claim.paid_reason());
            }
            Some(msg) => self.wrong_declaration(s, claim, msg, a.span),
        }
    }

    /// What is wrong with a first declaration of `claim`, against what the
    /// hand holds in its slot (`truth`) and the cards of it in the skat.
    fn wrong_claim(
        &self,
        s: Seat,
        claim: Combo,
        truth: Option<(Combo, CardSet)>,
        act: &Act,
        skat: CardSet,
    ) -> Option<String> {
        match truth {
            None => Some(format!(
                "seat {s} declares `{}` but does not hold it",
                claim.describe()
            )),
            Some((c, _)) if c != claim => Some(format!(
                "seat {s} declares `{}` but holds `{}`",
                claim.describe(),
                c.describe()
            )),
            Some((_, cards)) => {
                // DK-DECL-5: the dealer names the cards of it he laid away.
                let in_skat = if s == self.seating.dealer {
                    cards.intersection(skat)
                } else {
                    CardSet::EMPTY
                };
                let named: CardSet = act.skat().iter().copied().collect();
                (named != in_skat).then(|| {
                    format!(
                        "seat {s} names {} of `{}` as lying in the skat, but {} lie there",
                        cards_word(named),
                        claim.describe(),
                        cards_word(in_skat)
                    )
                })
            }
        }
    }

    /// DK-PAY-2: each other active player pays the declarer at once.
    pub(super) fn pay_declaration(&mut self, s: Seat, claim: Combo, reason: Reason) {
        if !self.out.abandoned {
            self.push_item(super::sheet::Item::Declaration(s, claim));
        }
        self.collect(
            s,
            claim.amount(),
            Rule::DkPay2,
            reason,
            Moment::Declarations,
        );
    }

    /// DK-DECL-4 / DK-DECL-5: a wrong declaration is fined and abandons the
    /// deal; with Option `late_declaration_errors = excuse` it is reported
    /// and paid as made.
    fn wrong_declaration(&mut self, s: Seat, claim: Combo, msg: String, span: Span) {
        let at = Moment::Declarations;
        let rule = if msg.contains("skat") {
            Rule::DkDecl5
        } else {
            Rule::DkDecl4
        };
        let p = Problem::new(Kind::WrongDeclaration, msg)
            .rule(rule)
            .seat(s)
            .at(span, "wrong declaration")
            .help("declare exactly what the hand holds: type, number, pagat, suit, missing card, and cards laid in the skat");
        if self.o.late_excuse {
            self.out.report.push(p);
            let reason = crate::reason!("declaration `{}` (wrong, excused)", claim.describe());
            self.pay_declaration(s, claim, reason);
        } else {
            self.barred[s] = true;
            self.out.irregular(p, 40, true, at);
        }
    }

    /// DK-DECL-4: every combination the `k`-th player holds and did not
    /// declare is a missing declaration.
    fn missing(
        &mut self,
        record: &Record,
        k: usize,
        held: &Held,
        declared: &[bool; SLOTS],
        span: Span,
    ) {
        // Nothing missing (most turns): the pass is not looked for.
        if (0..SLOTS).all(|slot| held[slot].is_none() || declared[slot]) {
            return;
        }
        let s = self.seating.order[k];
        let pass_span = record
            .declarations
            .iter()
            .flat_map(|x| &x.actions)
            .find(|a| a.seat == s && a.act == Act::Pass)
            .map(|a| a.span);
        for slot in 0..SLOTS {
            if let (Some((c, cards)), false) = (held[slot], declared[slot]) {
                let said = if pass_span.is_some() {
                    " and says pass"
                } else {
                    ""
                };
                let p = Problem::new(
                    Kind::MissingDeclaration,
                    format!(
                        "seat {s} holds `{}` and does not declare it{said}",
                        c.describe()
                    ),
                )
                .rule(Rule::DkDecl4)
                .seat(s)
                // The highest card of the combination (its king, trump or fool).
                .card(cards.iter().last().expect("a combination has cards"))
                .at(pass_span.unwrap_or(span), "declaration missing")
                .help("every combination held must be declared (DK-DECL-1)");
                if self.o.late_excuse {
                    self.out.report.push(p);
                } else {
                    self.barred[s] = true;
                    self.out.irregular(p, 40, true, Moment::Declarations);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paid_reason_is_the_described_declaration() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let mut all = vec![
            Combo::Kings(Cav::Full),
            Combo::Kings(Cav::Abundant),
            Combo::Kings(Cav::Half(c("SK"))),
            Combo::Matadors(3),
            Combo::Matadors(12),
        ];
        for count in [10, 11, 21] {
            for pagat in [true, false] {
                all.push(Combo::Trumps { count, pagat });
            }
        }
        for s in Suit::ALL {
            for cav in [Cav::Full, Cav::Abundant, Cav::Half(c("HN"))] {
                all.push(Combo::Suit(s, cav));
            }
        }
        for combo in all {
            let words = format!("declaration `{}`", combo.describe());
            assert_eq!(&*combo.paid_reason(), words.as_str());
        }
    }

    #[test]
    fn combinations_of_a_hand() {
        let hand: CardSet = [
            "EX", "T21", "T1", "T20", "T19", "T17", "HK", "HQ", "HN", "SK", "DK", "CK",
        ]
        .iter()
        .map(|s| s.parse::<Card>().unwrap())
        .collect();
        let found = combos(hand);
        assert_eq!(
            found[0], None,
            "7 trumps with the fool: no trump declaration"
        );
        assert_eq!(found[1].map(|x| x.0), Some(Combo::Matadors(5)));
        assert_eq!(
            found[2 + Suit::Hearts as usize].map(|x| x.0),
            Some(Combo::Suit(Suit::Hearts, Cav::Half("HJ".parse().unwrap())))
        );
        assert_eq!(found[6].map(|x| x.0), Some(Combo::Kings(Cav::Abundant)));
        assert_eq!(Combo::Matadors(5).amount(), 20);
        assert_eq!(
            Combo::Trumps {
                count: 12,
                pagat: true
            }
            .amount(),
            20
        );
    }
}
