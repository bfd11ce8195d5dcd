//! What a seat may play to a trick (KR-PLAY-2..7, 10): rule 1 follow
//! suit, rule 2 follow tarock, rule 3 beat (negative games), rule 4a keep an
//! announced ultimo card for its trick, rule 4b suit games, rule 4c the
//! pagat in negative games. A revoke is a card outside the allowed set.

use notation::Kind;
use notation::Rule;
use notation::Seat;
use notation::{Bonus, Card, CardSet, Game, Problem};

use super::options::Opts;
use super::play::beat_applies;
use super::rules::*;
use super::state::State;
use super::Replay;
use crate::trick::{self, Duty, Lead, Legal, Rules};

const DUTY_HELP: &str = "rule 1: follow suit; rule 2: if void, play tarock; rule 3 (negative games): beat the winning card if you can";

impl Replay<'_> {
    /// Rules 1–4 for one card (KR-PLAY-2..7, 10): the fault judged by
    /// [`card_fault`], worded only where a finding is written. Inlined into
    /// the play (issue 25): since the stepped engine lists legal cards with
    /// it too, the compiler left it a call of its own, whose entry and exit
    /// cost `verify` some 2% of its instructions.
    #[inline(always)]
    pub(super) fn check_card(
        &mut self,
        item: &notation::Item,
        seat: Seat,
        k: usize,
        before: &[Card],
        rules: &Rules,
    ) {
        match card_fault(self.state, &self.opts, item.card, seat, k, before, rules) {
            None => {}
            Some(CardFault::NotHeld) => self.not_held(item, seat, k),
            Some(fault) => {
                let game = self.state.game();
                self.out.fault(|| fault.finding(item, seat, k, game));
            }
        }
    }

    /// KR-PLAY-10 as amended (README ALL-2): a card the seat does not hold
    /// is `card-not-held`, a card already played is `duplicate-card`, by
    /// that seat at that trick. No duty is judged for it; it counts in the
    /// trick as written and leaves the hand that held it.
    #[cold]
    fn not_held(&mut self, item: &notation::Item, seat: Seat, k: usize) {
        let card = item.card;
        let help = "either card counts in the trick as written, and the deal is scored as played (KR-PLAY-10)";
        if !notation::Variant::Koenigrufen.deck().contains(card) {
            // Not in the pack: the structural `unknown-card` is the one
            // finding; it gets the seat and the trick.
            if let Some(p) = self.out.problems_mut().iter_mut().find(|p| {
                p.kind == Kind::UnknownCard
                    && p.card == Some(card)
                    && p.span.is_some_and(|s| s.start == item.span.start)
            }) {
                p.seat = Some(seat);
                p.trick = Some(k as u16);
            }
            return;
        }
        if let Some(j) = self.state.tricks[..self.state.ntricks]
            .iter()
            .position(|t| t.seat_of(card).is_some())
            .map(|j| j + 1)
            .or_else(|| self.state.played.contains(card).then_some(k))
        {
            if self.state.partial {
                // A partial record: the structural checks found the card
                // played twice; the finding gets the seat and the rule.
                if let Some(p) = self.out.problems_mut().iter_mut().find(|p| {
                    p.kind == Kind::DuplicateCard
                        && p.card == Some(card)
                        && p.trick == Some(k as u16)
                }) {
                    p.seat = Some(seat);
                    p.rule = Some(Rule::KrPlay10);
                }
                return;
            }
            self.out.fault(|| {
                Problem::new(
                    Kind::DuplicateCard,
                    format!("seat {seat} plays {card}, which was already played in trick {j}"),
                )
                .rule(Rule::KrPlay10)
                .seat(seat)
                .trick(k)
                .card(card)
                .at(item.span, "played again here")
                .help(format!("each card is played once; {help}"))
            });
            return;
        }
        let whose = if let Some(o) = Seat::all(4).find(|&o| self.state.hand[o].contains(card)) {
            format!("seat {o} holds it")
        } else if self.state.discard.contains(card) {
            "it was laid away".to_string()
        } else if self.state.talon[0]
            .union(self.state.talon[1])
            .contains(card)
        {
            "it is in the talon".to_string()
        } else {
            "it was never dealt to it".to_string()
        };
        self.out.fault(||
            Problem::new(Kind::CardNotHeld, format!("seat {seat} plays {card}, which it does not hold: {whose}"))
                .rule(Rule::KrPlay10)
                .seat(seat)
                .trick(k)
                .card(card)
                .at(item.span, "not in this hand")
                .help(format!("each seat plays the cards it was dealt (the bidder: with the talon cards taken, without those laid away); {help}")),
        );
        // ALL-2: the card leaves the hand that held it.
        for h in self.state.hand.values_mut() {
            h.remove(card);
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
            if let Some(holder) = Seat::all(4).find(|&s| {
                self.state.team(s) == ann.bidder_team && self.state.hand[s].contains(card)
            }) {
                self.state.reserve(k, holder, card, target);
                k += 1;
            }
        }
    }
}

/// Why a card is no legal play (KR-PLAY-2..7, 10): the fault
/// [`card_fault`] judges, worded by [`CardFault::finding`] only where a
/// finding is written (the lists of legal moves only ask whether there is
/// one).
#[derive(Debug, Clone, Copy)]
pub(super) enum CardFault {
    /// Not in the seat's hand, or played already (KR-PLAY-10): worded, or
    /// told to the structural finding, by [`Replay::not_held`].
    NotHeld,
    /// Rule 3 (KR-PLAY-4): the card does not beat; the cards that do.
    Beat(CardSet),
    /// Rules 1, 2, 4b: the duty broken.
    Duty(Duty),
    /// Rule 4c (KR-PLAY-7): the pagat while another tarock may be played.
    Pagat,
    /// Rule 4a (KR-PLAY-6): announced cards held back in their trick.
    HeldBack(CardSet),
    /// Rule 4a: an announced card played before its trick (that trick).
    Early(u16),
    /// Rule 4a: not the announced card due earliest (its trick).
    NotEarliest(u16),
}

impl CardFault {
    /// The finding on `item`, played by `seat` to trick `k` in `game`
    /// (not [`CardFault::NotHeld`]).
    fn finding(self, item: &notation::Item, seat: Seat, k: usize, game: Game) -> Problem {
        let card = item.card;
        let revoke = |rule: Rule, msg: String| revoke(item, seat, k, rule, msg);
        let ultimo = |msg: String| {
            Problem::new(Kind::PrematureUltimoCard, msg)
                .rule(Rule::KrPlay6)
                .seat(seat)
                .trick(k)
                .card(card)
                .at(item.span, "played here")
                .help("rule 4a: an announced pagat, uhu, pelican, quapil or called king is kept for its trick (12, 11, 10, 9, 12) unless rules 1-2 force it, and played there if they allow")
        };
        match self {
            CardFault::Beat(set) => revoke(
                Rule::KrPlay4,
                format!(
                    "seat {seat} plays {card} but must beat the winning card (it holds {})",
                    list(set)
                ),
            ),
            CardFault::Duty(duty) => {
                let (rule, words) = duty_words(duty, is_suit_game(game));
                revoke(rule, format!("seat {seat} plays {card} but must {words}"))
            }
            CardFault::Pagat => revoke(
                Rule::KrPlay7,
                format!("seat {seat} plays the pagat while it may play another tarock"),
            ),
            CardFault::HeldBack(due) => ultimo(format!(
                "seat {seat} holds back {} in trick {k}, its announced trick",
                list(due)
            )),
            CardFault::Early(target) => ultimo(format!(
                "seat {seat} plays the announced {card} before trick {target}"
            )),
            CardFault::NotEarliest(earliest) => ultimo(format!(
                "seat {seat} must play the announced card due earliest (trick {earliest}), not {card}"
            )),
            CardFault::NotHeld => unreachable!("worded by Replay::not_held"),
        }
    }
}

/// Whether `set` holds `card` (KR-PLAY-1: a card played must be held), as
/// [`CardSet::contains`] answers, read from the set's 128 bits by one shift:
/// `contains` branches on which half of the bits holds the card, a branch
/// mispredicted when a trick mixes suit cards and high tarocks (`perf
/// annotate`: 6% of `play_cards`' samples just after it).
#[inline(always)]
fn holds(set: CardSet, card: Card) -> bool {
    set.bits() >> (card.index() & 127) & 1 == 1
}

/// The body of [`card_fault`] and [`card_fault_by`], one text for both:
/// rules 1–4 for `$card` played by `$seat` to trick `$k` holding
/// `$before`, rules 1 to 3 judged by `$judge` (the duty broken, what the
/// hand `$hand` may play, and what before rule 3). A macro, not a function
/// taking the judgement as a closure: `verify`'s judgement of each card
/// played stays the code it was. What depends on the game alone is read
/// from its trick rules `$rules` (the game's [`trick_rules`](super::play::trick_rules),
/// made once for the play): whether rule 3 applies (`duties.beat`,
/// [`beat_applies`]), whether it is a suit game (`duties.lead_suit`), not
/// asked of the game for every card.
macro_rules! card_fault_body {
    ($state:expr, $opts:expr, $card:expr, $seat:expr, $k:expr, $before:expr, $rules:expr, |$hand:ident| $judge:expr) => {{
        let (state, opts, card, seat, k, before, rules) =
            ($state, $opts, $card, $seat, $k, $before, $rules);
        debug_assert_eq!(rules.duties.beat, beat_applies(state.game(), opts));
        debug_assert_eq!(rules.duties.lead_suit, is_suit_game(state.game()));
        let $hand = state.hand[seat];
        if !holds($hand, card) || (state.partial && holds(state.played, card)) {
            return Some(CardFault::NotHeld);
        }
        // The usual card follows the suit or tarock led from the hand: rule
        // 1 or 2 is met and, outside the games with rule 3, it is the only
        // duty; what the hand may play is then its cards of that suit.
        let (set, allowed) = match plain_follow($hand, before, card, rules) {
            Some(set) => (set, set),
            None => {
                let (broken, set, before_beat) = $judge;
                match broken {
                    // Rule 3: the cards allowed by rules 1 and 2 that beat.
                    Some(Duty::Beat) => return Some(CardFault::Beat(set)),
                    Some(duty) => return Some(CardFault::Duty(duty)),
                    None => (set, before_beat),
                }
            }
        };
        if rules.duties.beat
            && card == Card::PAGAT
            && !set
                .intersection(tarocks())
                .difference(pagat_only())
                .is_empty()
        {
            return Some(CardFault::Pagat);
        }
        // Rule 4a binds only a seat holding a reserved card (most deals
        // announce no ultimo: then nothing is reserved).
        if state.reserves(seat) && is_black(state.game()) {
            // Rule 4a yields to rules 1 and 2 only (rule 3 is for negative
            // games, where 4a does not apply).
            return rule_4a(state, card, seat, k, allowed);
        }
        None
    }};
}

/// Rules 1–4 for `card` played by `seat` to trick `k` (1-based) holding
/// `before` (KR-PLAY-2..7, 10): the fault, if any. The one judgement of a
/// card, for `verify` ([`Replay::check_card`]) and for the lists of legal
/// cards alike ([`card_fault_by`]).
#[inline(always)]
pub(super) fn card_fault(
    state: &State,
    opts: &Opts,
    card: Card,
    seat: Seat,
    k: usize,
    before: &[Card],
    rules: &Rules,
) -> Option<CardFault> {
    card_fault_body!(state, opts, card, seat, k, before, rules, |hand| judge(
        hand,
        before,
        rules,
        opts.knight_high,
        card
    ))
}

/// [`card_fault`], what rules 1 to 3 make of the seat's hand to this
/// trick ([`HandDuties`]) worked out once into `duties` for all the cards
/// judged with it (the lists of legal cards: one hand, one trick).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn card_fault_by(
    state: &State,
    opts: &Opts,
    card: Card,
    seat: Seat,
    k: usize,
    before: &[Card],
    rules: &Rules,
    duties: &mut Option<HandDuties>,
) -> Option<CardFault> {
    card_fault_body!(state, opts, card, seat, k, before, rules, |hand| duties
        .get_or_insert_with(|| HandDuties::of(hand, before, rules, opts.knight_high))
        .judge(card))
}

/// The cards of `seat`'s hand that [`card_fault_by`] finds nothing
/// against when played to trick `k` holding `before` (KR-PLAY-2..7),
/// worked out on masks for the whole hand: rules 1 and 2 (or 4b) and 3 as
/// [`HandDuties`] finds them (what `card_fault_by` takes from
/// `plain_follow` is the same set: the hand's cards of the suit or tarock
/// led, or the hand), rule 4c taking the pagat out while the cards the
/// seat must play hold another tarock, rule 4a card by card where the
/// seat holds an announced ultimo card. `None` where the duties are the
/// shared core's chain, or the record is partial (each card judged then).
#[inline]
pub(super) fn legal_cards(
    state: &State,
    opts: &Opts,
    seat: Seat,
    k: usize,
    before: &[Card],
    rules: &Rules,
) -> Option<CardSet> {
    let d = rules.duties;
    if state.partial || d.overtrump || d.fool_free {
        return None;
    }
    let game = state.game();
    let hand = state.hand[seat];
    let (step, beating, allowed) = masks(hand, before, rules, opts.knight_high);
    // `broken`: a card outside the set of rules 1 and 2, or outside the
    // cards that beat.
    let mut legal = hand;
    if let Some((_, set)) = step {
        legal = legal.intersection(set);
    }
    if let Some(beat) = beating {
        legal = legal.intersection(beat);
    }
    let set = beating.unwrap_or(allowed);
    if beat_applies(game, opts)
        && !set
            .intersection(tarocks())
            .difference(pagat_only())
            .is_empty()
    {
        legal.remove(Card::PAGAT);
    }
    if is_black(game) && state.reserves(seat) {
        legal = legal
            .iter()
            .filter(|&card| rule_4a(state, card, seat, k, allowed).is_none())
            .collect();
    }
    Some(legal)
}

/// KR-PLAY-6: announced ultimo cards kept for their target trick.
fn rule_4a(state: &State, card: Card, seat: Seat, k: usize, allowed: CardSet) -> Option<CardFault> {
    let k16 = k as u16;
    let mut due = CardSet::EMPTY;
    let mut pending = CardSet::EMPTY;
    let target_of = |c: Card| {
        state
            .reserved
            .iter()
            .find(|r| r.1 == Some(c))
            .map_or(0, |r| r.2)
    };
    for &(s, c, target) in &state.reserved {
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
    if !due.is_empty() && !due.contains(card) {
        Some(CardFault::HeldBack(due))
    } else if due.is_empty() && pending.contains(card) {
        if !allowed.difference(pending).is_empty() {
            Some(CardFault::Early(target_of(card)))
        } else {
            let earliest = pending.iter().map(target_of).min().unwrap_or(0);
            (target_of(card) > earliest).then_some(CardFault::NotEarliest(earliest))
        }
    } else {
        None
    }
}

/// What the hand may play when `card`, held, plainly follows: the suit
/// led, or a tarock to a tarock lead where suit cards do not come first,
/// outside the games with rule 3. Then rule 1 or 2 is met and is the only
/// duty: `legal_plays` (test-only) would allow the card, and this set. So too for
/// the lead outside the games with rule 3: any card (rule 4b, KR-PLAY-5,
/// binds the lead of the suit games only), or there a suit card. The game
/// as its trick rules `rules` hold it ([`trick_rules`](super::play::trick_rules)):
/// rule 3 (`beat`), a suit game (`lead_suit`), suit cards first to a
/// tarock lead (`suit_to_trump_lead`: a suit game with `suits_first`).
#[inline(always)]
fn plain_follow(hand: CardSet, before: &[Card], card: Card, rules: &Rules) -> Option<CardSet> {
    let d = rules.duties;
    match duty_lead(before) {
        _ if d.beat => None,
        None if !d.lead_suit => Some(hand),
        None if suit_cards().contains(card) => Some(hand.intersection(suit_cards())),
        Some(Lead::Suit(s)) if card.suit() == Some(s) => Some(hand.intersection(CardSet::suit(s))),
        Some(Lead::Trumps) if tarocks().contains(card) && !d.suit_to_trump_lead => {
            Some(hand.intersection(tarocks()))
        }
        _ => None,
    }
}

/// A revoke of `item` under `rule`.
fn revoke(item: &notation::Item, seat: Seat, k: usize, rule: Rule, msg: String) -> Problem {
    Problem::new(Kind::Revoke, msg)
        .rule(rule)
        .seat(seat)
        .trick(k)
        .card(item.card)
        .at(item.span, "played here")
        .help(DUTY_HELP)
}

fn pagat_only() -> CardSet {
    let mut s = CardSet::EMPTY;
    s.insert(Card::PAGAT);
    s
}

/// What a seat may play to a trick holding `before`: the shared core's
/// duties (rules 1–3, 4b) with this game's [`trick_rules`].
#[cfg(test)]
pub(super) fn legal_plays(hand: CardSet, before: &[Card], game: Game, opts: &Opts) -> Legal {
    legal_by(hand, before, &super::play::trick_rules(game, opts))
}

/// `legal_plays` (test-only) under the game's [`trick_rules`](super::play::trick_rules), read once per play.
fn legal_by(hand: CardSet, before: &[Card], rules: &Rules) -> Legal {
    trick::legal(hand, before, duty_lead(before), rules)
}

/// The duty `card` breaks, what the hand may play, and what it may play
/// before rule 3: [`legal_by`]'s `broken(card)`, `set` and
/// `set_before(Duty::Beat)`. Königrufen's duties (no overtrump, no free
/// fool: [`trick_rules`](super::play::trick_rules)) are worked out on masks
/// without building the shared core's chain of duties: rules 1 and 2 (or
/// rule 4b in the suit games) narrow the hand at most once, rule 3 then
/// keeps the cards that beat; a test holds the two equal on random hands
/// and tricks in every game. [`HandDuties`] is this worked out once for
/// any card of the hand (the lists of legal cards), on the same [`masks`].
/// Inlined: `verify` judges every card with it.
#[inline(always)]
fn judge(
    hand: CardSet,
    before: &[Card],
    rules: &Rules,
    knight_high: bool,
    card: Card,
) -> (Option<Duty>, CardSet, CardSet) {
    let d = rules.duties;
    if d.overtrump || d.fool_free {
        let legal = legal_by(hand, before, rules);
        return (legal.broken(card), legal.set, legal.set_before(Duty::Beat));
    }
    let (step, beating, allowed) = masks(hand, before, rules, knight_high);
    (
        broken(step, beating, card),
        beating.unwrap_or(allowed),
        allowed,
    )
}

/// Rules 1 and 2 (or 4b), then 3, on masks ([`judge`]): the duty of rules 1
/// and 2 and the cards it allows, if one binds; the cards that beat, if rule
/// 3 binds; what the hand may play before rule 3.
#[inline(always)]
fn masks(
    hand: CardSet,
    before: &[Card],
    rules: &Rules,
    knight_high: bool,
) -> (Option<(Duty, CardSet)>, Option<CardSet>, CardSet) {
    let d = rules.duties;
    let lead = duty_lead(before);
    let trumps = hand.intersection(rules.trumps);
    let suits = hand.intersection(suit_cards());
    let some = |duty: Duty, set: CardSet| (!set.is_empty()).then_some((duty, set));
    // Rules 1 and 2: follow the suit led, else tarock; follow tarock. Rule
    // 4b in the suit games: lead and, when void, play a suit card; suits
    // first to a tarock lead by option.
    let step = match lead {
        None if d.lead_suit => some(Duty::LeadSuit, suits),
        None => None,
        Some(Lead::Suit(s)) => {
            let follow = hand.intersection(CardSet::suit(s));
            if !follow.is_empty() {
                Some((Duty::FollowSuit, follow))
            } else if d.trump_when_void && !trumps.is_empty() {
                Some((Duty::Trump, trumps))
            } else if d.suit_when_void {
                some(Duty::SuitNotTrump, suits)
            } else {
                None
            }
        }
        Some(Lead::Trumps) if d.suit_to_trump_lead => some(Duty::SuitToTrumpLead, suits),
        Some(Lead::Trumps) => some(Duty::FollowTrump, trumps),
    };
    let allowed = step.map_or(hand, |s| s.1);
    // Rule 3: of those, the cards that beat, if any.
    let beating = if !d.beat || before.is_empty() {
        None
    } else {
        must_beat(allowed, before, lead, rules, knight_high)
    };
    (step, beating, allowed)
}

/// Rule 3 (KR-PLAY-4): the cards of `allowed` that would win the trick
/// holding `before` (not empty), if any: [`trick::must_beat`] read from
/// the play's keys ([`WIN_KEYS`](super::play::WIN_KEYS) of the face order
/// `knight_high` where tarocks beat suit cards, at the class of the card
/// led): the cards whose key is above every key of `before` (a card wins
/// only with a key above every earlier one, KR-PLAY-8). A tarock's key is
/// 32 + its number ([`STRENGTH`]), so the tarocks that beat are those
/// above a place, one mask; a suit card beats only while no tarock lies
/// in the trick, and only of the suit led: those few are read from the
/// keys. Where the fairy-tale trick (KR-PLAY-9) may count, or tarocks do
/// not beat suit cards (no game with rule 3 has that), the shared core's
/// own. `trick::must_beat` took a call, each suit card's strength through
/// the rules' function and `before` read twice: about 140 instructions a
/// card judged under rule 3. Held equal to the shared core by
/// `the_duties_on_masks_are_the_shared_cores`.
#[inline(always)]
fn must_beat(
    allowed: CardSet,
    before: &[Card],
    lead: Option<Lead>,
    rules: &Rules,
    knight_high: bool,
) -> Option<CardSet> {
    if rules.fairy_tale.is_some() || !rules.trumps_beat_suits {
        return trick::must_beat(allowed, before, lead, rules);
    }
    let class = trick::lead_class(before[0]);
    let keys = &super::play::WIN_KEYS[usize::from(knight_high)][1][class];
    let key = |i: usize| keys.get(i).copied().unwrap_or(0);
    let top = before
        .iter()
        .map(|c| key(usize::from(c.index())))
        .max()
        .unwrap_or(0);
    // The tarock numbered n (key 32 + n) has index 55 + n: those with a
    // key above `top` have an index from `top` + 24 on, every tarock
    // (from index 56) while none lies in the trick.
    let from = u32::from(top.max(32)) + 24;
    let mut beating = allowed.bits() & tarocks().bits() & (!0u128 << from);
    if top < 32 && class < 4 {
        // The suit led: indices 14 × suit on, 14 of them.
        let mut rest = allowed.bits() as u64 & ((1u64 << 14) - 1) << (14 * class);
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            if key(i) > top {
                beating |= 1 << i;
            }
            rest &= rest - 1;
        }
    }
    (beating != 0).then_some(CardSet::from_bits_truncate(beating))
}

/// The duty `card` breaks, of the masks of [`masks`].
#[inline(always)]
fn broken(step: Option<(Duty, CardSet)>, beating: Option<CardSet>, card: Card) -> Option<Duty> {
    match step {
        Some((duty, set)) if !set.contains(card) => Some(duty),
        _ => beating.filter(|b| !b.contains(card)).map(|_| Duty::Beat),
    }
}

/// What rules 1 to 3 (or 4b) make of a hand to a trick holding `before`,
/// whatever card it plays: [`judge`] is it for one card.
#[derive(Debug, Clone, Copy)]
pub(super) enum HandDuties {
    /// The shared core's chain of duties (overtrump, a free fool).
    Chain(Legal),
    /// Worked out on masks: the duty of rules 1 and 2 (or 4b) and the
    /// cards it allows, if one binds; the cards that beat (rule 3), if it
    /// binds; what the hand may play before rule 3.
    Masks {
        step: Option<(Duty, CardSet)>,
        beating: Option<CardSet>,
        allowed: CardSet,
    },
}

impl HandDuties {
    /// The duties of `hand` to a trick holding `before`.
    #[inline(always)]
    fn of(hand: CardSet, before: &[Card], rules: &Rules, knight_high: bool) -> HandDuties {
        let d = rules.duties;
        if d.overtrump || d.fool_free {
            return HandDuties::Chain(legal_by(hand, before, rules));
        }
        let (step, beating, allowed) = masks(hand, before, rules, knight_high);
        HandDuties::Masks {
            step,
            beating,
            allowed,
        }
    }

    /// The duty `card` breaks, what the hand may play, and what it may
    /// play before rule 3 ([`judge`]).
    #[inline(always)]
    fn judge(&self, card: Card) -> (Option<Duty>, CardSet, CardSet) {
        match *self {
            HandDuties::Chain(legal) => {
                (legal.broken(card), legal.set, legal.set_before(Duty::Beat))
            }
            HandDuties::Masks {
                step,
                beating,
                allowed,
            } => (
                broken(step, beating, card),
                beating.unwrap_or(allowed),
                allowed,
            ),
        }
    }
}

/// What the hand must follow: the suit of the led card, else tarock (a
/// card without a suit leads tarock).
fn duty_lead(before: &[Card]) -> Option<Lead> {
    before
        .first()
        .map(|c| c.suit().map_or(Lead::Trumps, Lead::Suit))
}

/// The rule a broken duty stands for, and the duty in words.
fn duty_words(duty: Duty, suit_game: bool) -> (Rule, &'static str) {
    match duty {
        Duty::FollowSuit => (Rule::KrPlay2, "follow suit"),
        Duty::Trump => (Rule::KrPlay3, "play tarock (void in the suit led)"),
        Duty::FollowTrump if suit_game => (Rule::KrPlay5, "follow tarock"),
        Duty::FollowTrump => (Rule::KrPlay3, "follow tarock"),
        Duty::LeadSuit => (
            Rule::KrPlay5,
            "lead a suit card while holding one (tarocks are played only without suit cards)",
        ),
        Duty::SuitNotTrump => (
            Rule::KrPlay5,
            "play a suit card (tarock only without suit cards)",
        ),
        Duty::SuitToTrumpLead => (
            Rule::KrPlay5,
            "play a suit card (suit_tarock_lead=suits-first)",
        ),
        // Rule 3 is worded apart (it names the cards that beat); there is
        // no duty to overtrump in Königrufen.
        Duty::Beat | Duty::Overtrump => (Rule::KrPlay4, "beat the winning card"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::play::tests::{cards, opts};
    use super::*;

    #[test]
    fn holds_answers_as_contains() {
        let all: Vec<Card> = (0..=255).filter_map(Card::from_index).collect();
        let sets = [
            CardSet::EMPTY,
            notation::Variant::Koenigrufen.deck(),
            notation::Variant::Koenigrufen
                .deck()
                .intersection(tarocks()),
            notation::Variant::Koenigrufen
                .deck()
                .intersection(suit_cards()),
        ];
        for set in sets {
            for (i, &c) in all.iter().enumerate() {
                let mut one = set;
                one.insert(c);
                for s in [
                    set,
                    one,
                    CardSet::from_bits_truncate(set.bits() ^ (i as u128)),
                ] {
                    assert_eq!(holds(s, c), s.contains(c), "{c} in {:x}", s.bits());
                }
            }
        }
    }

    /// The cards of a trick being played, none to three, one in four of
    /// them the pagat, the mond or the sküs.
    fn fairy_heavy_trick(rng: &mut crate::gen::Rng) -> Vec<Card> {
        (0..rng.below(4))
            .map(|_| match rng.below(4) {
                0 => [Card::PAGAT, Card::MOND, Card::SKUS][rng.below(3)],
                _ => rng.card(),
            })
            .collect()
    }

    #[test]
    fn the_plain_follow_is_what_the_shared_core_allows() {
        // The generator's own random numbers: the same hands on every run.
        let mut rng = crate::gen::Rng::new(0x2545_f491_4f6c_dd1d);
        let games = [
            Game::Caller,
            Game::ThreeOfSuits,
            Game::Beggar,
            Game::Trischaken,
        ];
        for _ in 0..1500 {
            let hand = rng.hand(12);
            let before: Vec<Card> = (0..rng.below(4)).map(|_| rng.card()).collect();
            for game in games {
                for suits_first in [false, true] {
                    let o = Opts {
                        suits_first,
                        ..opts()
                    };
                    let rules = super::super::play::trick_rules(game, &o);
                    for card in hand.iter() {
                        if let Some(set) = plain_follow(hand, &before, card, &rules) {
                            let legal = legal_plays(hand, &before, game, &o);
                            assert_eq!(legal.broken(card), None);
                            assert_eq!(
                                (legal.set, legal.set_before(Duty::Beat)),
                                (set, set),
                                "{hand:?} {before:?} {game:?} {card}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_duties_on_masks_are_the_shared_cores() {
        // The generator's own random numbers: the same hands on every run.
        let mut rng = crate::gen::Rng::new(0x9e37_79b9_7f4a_7c15);
        let games = [
            Game::Caller,
            Game::ThreeOfSuits,
            Game::Beggar,
            Game::Piccolo,
            Game::Trischaken,
        ];
        let mut beat = 0;
        for _ in 0..3000 {
            let hand = rng.hand(14);
            // Tricks heavy in the fairy-tale cards, so that rule 3 meets
            // the fairy-tale trick too.
            let before = fairy_heavy_trick(&mut rng);
            for game in games {
                for (fairy_all, trischaken_beat, knight_high, suits_first) in [
                    (false, false, false, false),
                    (true, true, true, true),
                    (false, true, false, true),
                    (false, false, true, false),
                ] {
                    let o = Opts {
                        fairy_all,
                        trischaken_beat,
                        knight_high,
                        suits_first,
                        ..opts()
                    };
                    let rules = super::super::play::trick_rules(game, &o);
                    beat += usize::from(rules.duties.beat);
                    let legal = legal_by(hand, &before, &rules);
                    let duties = HandDuties::of(hand, &before, &rules, knight_high);
                    for card in Card::all() {
                        assert_eq!(
                            judge(hand, &before, &rules, knight_high, card),
                            (legal.broken(card), legal.set, legal.set_before(Duty::Beat)),
                            "{hand:?} {before:?} {game:?} {card}"
                        );
                        // The lists' judgement of the whole hand, the same.
                        assert_eq!(
                            duties.judge(card),
                            judge(hand, &before, &rules, knight_high, card),
                            "{hand:?} {before:?} {game:?} {card}"
                        );
                    }
                }
            }
        }
        assert!(beat > 5000, "{beat}");
    }

    #[test]
    fn the_legal_cards_on_masks_are_the_cards_judged_one_by_one() {
        let mut rng = crate::gen::Rng::new(0x2545_f491_4f6c_dd1d);
        let games = [
            Game::Caller,
            Game::Three,
            Game::ThreeOfSuits,
            Game::Beggar,
            Game::Piccolo,
            Game::Trischaken,
        ];
        let (mut reserved, mut pagat_out) = (0, 0);
        for n in 0..3000 {
            let seat = Seat::new(rng.below(4) as u8);
            let mut state = State::new(Seat::new(0), false);
            state.hand[seat] = rng.hand(14);
            let before = fairy_heavy_trick(&mut rng);
            let k = 1 + rng.below(12);
            // Announced ultimo cards, some of them the seat's (rule 4a).
            for r in 0..rng.below(3) {
                let holder = if rng.below(2) == 0 {
                    seat
                } else {
                    Seat::new(rng.below(4) as u8)
                };
                let card = [Card::PAGAT, tarock(2), tarock(3), tarock(4), Card::MOND][rng.below(5)];
                state.reserve(r, holder, card, 9 + rng.below(4) as u16);
            }
            for game in games {
                state.game = Some(game);
                let o = Opts {
                    suits_first: n % 2 == 0,
                    trischaken_beat: n % 3 == 0,
                    ..opts()
                };
                let rules = super::super::play::trick_rules(game, &o);
                let hand = state.hand[seat];
                let judged: CardSet = hand
                    .iter()
                    .filter(|&c| card_fault(&state, &o, c, seat, k, &before, &rules).is_none())
                    .collect();
                let legal = legal_cards(&state, &o, seat, k, &before, &rules);
                assert_eq!(legal, Some(judged), "{hand:?} {before:?} {game:?} {k}");
                reserved += usize::from(
                    is_black(game)
                        && state
                            .reserved
                            .iter()
                            .any(|r| r.0 == seat && r.1.is_some_and(|c| hand.contains(c))),
                );
                pagat_out +=
                    usize::from(hand.contains(Card::PAGAT) && !judged.contains(Card::PAGAT));
            }
        }
        assert!(reserved > 100 && pagat_out > 300, "{reserved} {pagat_out}");
    }

    #[test]
    fn a_void_player_must_play_tarock_in_black_games() {
        let hand: CardSet = cards("T5 S7 C7").into_iter().collect();
        let legal = legal_plays(hand, &cards("HK"), Game::Caller, &opts());
        assert_eq!(duty_words(legal.duty().unwrap(), false).0, Rule::KrPlay3);
        assert_eq!(list(legal.set), "T5");
        let legal = legal_plays(hand, &cards("HK"), Game::ThreeOfSuits, &opts());
        assert_eq!(duty_words(legal.duty().unwrap(), true).0, Rule::KrPlay5);
        assert_eq!(list(legal.set), "S7 C7");
    }

    #[test]
    fn negative_games_must_beat_and_keep_the_pagat() {
        let hand: CardSet = cards("T1 T3 S7").into_iter().collect();
        let legal = legal_plays(hand, &cards("HK T2"), Game::Beggar, &opts());
        assert_eq!(legal.broken(cards("T1")[0]), Some(Duty::Beat));
        assert_eq!(list(legal.set), "T3");
        assert_eq!(list(legal.set_before(Duty::Beat)), "T1 T3");
    }

    #[test]
    fn a_card_outside_the_pack_is_no_suit_card_in_suit_games() {
        // The fool is an unknown card in Königrufen (KR-DECK-1): it does
        // not excuse a tarock under rule 4b, nor may it be played instead
        // of a suit card (spec/rules-koenigrufen.md).
        let hand: CardSet = cards("EX T5").into_iter().collect();
        let legal = legal_plays(hand, &cards("HK"), Game::ThreeOfSuits, &opts());
        assert_eq!(legal.duty(), None);
        let hand: CardSet = cards("EX S7 T5").into_iter().collect();
        let legal = legal_plays(hand, &cards("HK"), Game::ThreeOfSuits, &opts());
        assert_eq!(legal.broken(cards("EX")[0]), Some(Duty::SuitNotTrump));
    }
}
