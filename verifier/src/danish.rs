//! # Danish Tarok: the rules engine
//!
//! Replays one deal of Danish Tarok card by card through the rules of
//! `spec/rules/danish-tarok.md` (rule ids `DK-...`), reports every
//! violation, and settles the deal: foundation, dealer's fee,
//! declarations, ultimo cards lost in play, tout / nolo / ultimo / bagud,
//! last trick, the count against the next dealer, and fines. The two pots
//! carry over from deal to deal of a session ([`SessionState`]).
//!
//! ## Flow
//! structural faults of the deal (DK-DEAL-3) → misdeal demands (DK-DEAL-4)
//! → the skat (DK-DISCARD) → declarations in order (DK-DECL) → tricks card
//! by card (DK-PLAY, DK-FOOL, DK-PAY-3/4) → after the last trick (DK-PAY-5,
//! DK-TOUT) → the count (DK-COUNT) → foundation of an emptied pot (DK-POT-2).
//!
//! The first irregularity that abandons the deal (DK-FINE-3) is fined; later
//! ones are still reported, but nothing after the point of abandonment is
//! paid.
//!
//! ```
//! let text = "[Variant \"danish-tarok\"]\n[Dealer \"0\"]\n[Pots \"king-pot 60, pagat-pot 60\"]\n\ncalls: 1 misdeal\n";
//! let record = notation::parse_str(text).remove(0).unwrap();
//! let mut session = tarok_verifier::Session::default();
//! let report = tarok_verifier::verify(&record, &mut session);
//! // a partial record: no trick follows the demand, so it was granted;
//! // only the dealer's fee is paid, and the same dealer deals again
//! assert!(report.settled);
//! assert_eq!(report.pots, Some([65, 65]));
//! assert_eq!(session.danish.redeal, Some(0));
//! ```

use notation::Kind;
use notation::{Act, Action, Card, CardSet, Lead, Party, Pot, Problem, Rank, Seat, Span, Suit};

use crate::{Deal, Event, Moment, Payment, Report, Session};

/// What Danish Tarok carries from one deal of a session to the next.
#[derive(Debug, Clone, Default)]
pub struct SessionState {
    /// Pot contents after the last deal: `[king, pagat]`; `None` before the
    /// first deal of a session (foundation is due, DK-POT-2).
    pub pots: Option<[i64; 2]>,
    /// The dealer who must deal again (valid misdeal demand, wrong deal
    /// found before play: DK-SEAT-3).
    pub redeal: Option<Seat>,
    /// Who deals the next deal of the session (DK-SEAT-3), once a deal
    /// has been seen.
    pub next_dealer: Option<Seat>,
    /// The pots are not known: a deal before could not be read or
    /// replayed, so what it put in or took out is lost. Cleared by a `Pots`
    /// tag; until then every deal says so and none is settled.
    pub unknown: bool,
}

const KING: usize = 0;
const PAGAT: usize = 1;

/// Trumps 1 to 21 (the fool is not among them).
const TRUMPS: CardSet = CardSet(((1u128 << 21) - 1) << 56);

fn kings() -> CardSet {
    Suit::ALL
        .iter()
        .map(|&s| Card::suited(s, Rank::King))
        .collect()
}

fn courts(suit: Suit) -> CardSet {
    [Rank::King, Rank::Queen, Rank::Knight, Rank::Jack]
        .iter()
        .map(|&r| Card::suited(suit, r))
        .collect()
}

fn is_ultimo_card(c: Card) -> bool {
    c.is_king() || c == Card::PAGAT
}

/// Count points of a card (DK-COUNT-1).
pub fn card_points(c: Card) -> i64 {
    if c.is_fool() || c == Card::PAGAT || c == Card::MOND {
        return 4;
    }
    match c.rank() {
        Some(Rank::King) => 4,
        Some(Rank::Queen) => 3,
        Some(Rank::Knight) => 2,
        Some(Rank::Jack) => 1,
        _ => 0,
    }
}

/// Strength of a suit card within its suit (DK-CARD-2): courts on top,
/// black spots 10 high, red spots 1 high.
fn suit_strength(c: Card) -> u8 {
    let rank = c.rank().expect("a suit card");
    match rank.spot() {
        None => 20 + rank as u8,
        Some(spot) if c.suit().is_some_and(Suit::is_red) => 11 - spot,
        Some(spot) => spot,
    }
}

/// The settlement of the count: R(p) = p − 26 rounded to the nearest
/// multiple of 5 (DK-COUNT-2, DK-COUNT-3).
pub fn count_amount(points: i64) -> i64 {
    let d = points - 26;
    d.signum() * ((d.abs() + 2) / 5) * 5
}

fn lead_set(lead: Lead) -> CardSet {
    match lead {
        Lead::Suit(s) => CardSet::suit(s),
        Lead::Trumps => TRUMPS,
    }
}

fn lead_of(c: Card) -> Option<Lead> {
    if c.is_trump() {
        Some(Lead::Trumps)
    } else {
        c.suit().map(Lead::Suit)
    }
}

fn lead_word(lead: Lead) -> &'static str {
    match lead {
        Lead::Suit(Suit::Spades) => "spades",
        Lead::Suit(Suit::Hearts) => "hearts",
        Lead::Suit(Suit::Diamonds) => "diamonds",
        Lead::Suit(Suit::Clubs) => "clubs",
        Lead::Trumps => "trumps",
    }
}

/// The suit a trick is played to: the led card's, or the led fool's name,
/// or its renaming (DK-FOOL-8). `None` when a led fool was named nothing.
pub fn trick_lead(plays: &[Card], name: Option<Lead>, renames: [Option<Lead>; 2]) -> Option<Lead> {
    let first = *plays.first()?;
    if !first.is_fool() {
        return lead_of(first);
    }
    renames[1].or(renames[0]).or(name)
}

/// The index of the winning card (DK-PLAY-3, DK-FOOL-1, DK-FOOL-9): the
/// highest trump; else the highest card of the suit led (or named); else
/// the highest card of the suit of the first card after a led fool.
pub fn trick_winner(plays: &[Card], lead: Option<Lead>) -> (usize, &'static str) {
    // One pass: the highest trump, and the highest card of the suit led.
    let led = match lead {
        Some(Lead::Suit(s)) => Some(s),
        _ => None,
    };
    let mut trump: Option<(usize, u8)> = None;
    let mut suit: Option<(usize, u8)> = None;
    for (i, &c) in plays.iter().enumerate() {
        if let Some(n) = c.trump_number() {
            if trump.is_none_or(|(_, b)| n > b) {
                trump = Some((i, n));
            }
        } else if led.is_some() && c.suit() == led {
            let v = suit_strength(c);
            if suit.is_none_or(|(_, b)| v > b) {
                suit = Some((i, v));
            }
        }
    }
    if let Some((i, _)) = trump {
        return (i, "highest trump");
    }
    if let Some((i, _)) = suit {
        return (i, "highest card of the suit led");
    }
    // DK-FOOL-9 fallback: the suit of the first card after the fool.
    let first = plays.iter().position(|c| !c.is_fool()).unwrap_or(0);
    let fallback = plays.get(first).and_then(|c| c.suit());
    let mut best = (first, 0);
    for (i, &c) in plays.iter().enumerate() {
        if fallback.is_some() && c.suit() == fallback && suit_strength(c) > best.1 {
            best = (i, suit_strength(c));
        }
    }
    (
        best.0,
        "highest card of the first suit played after the fool",
    )
}

/// What a player must play, if his card is wrong: the duty broken
/// (DK-PLAY-2). The fool is never a revoke.
pub fn duty_broken(card: Card, lead: Lead, hand: CardSet) -> Option<&'static str> {
    if card.is_fool() {
        return None;
    }
    let set = lead_set(lead);
    if set.contains(card) {
        return None;
    }
    if !hand.intersection(set).is_empty() {
        return Some(match lead {
            Lead::Trumps => "follow trumps",
            Lead::Suit(_) => "follow suit",
        });
    }
    if !card.is_trump() && !hand.intersection(TRUMPS).is_empty() {
        return Some("trump");
    }
    None
}

// ---------------------------------------------------------------------------
// Declarations (DK-DECL-2)

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
        let mut s = String::new();
        notation::print::act(&mut s, &self.act(Vec::new()));
        s
    }
}

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

/// Every combination a hand holds, by slot, with the cards that make it up.
pub fn combos(hand: CardSet) -> [Option<(Combo, CardSet)>; SLOTS] {
    let mut out = [None; SLOTS];
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
    if hand.contains(Card::FOOL) && hand.contains(Card::MOND) && hand.contains(Card::PAGAT) {
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
        out[1] = Some((Combo::Matadors(n), cards));
    }
    for s in Suit::ALL {
        out[2 + s as usize] =
            cavallerie(courts(s), hand).map(|(cav, cards)| (Combo::Suit(s, cav), cards));
    }
    out[6] = cavallerie(kings(), hand).map(|(cav, cards)| (Combo::Kings(cav), cards));
    out
}

/// The cards of every combination a hand holds (DK-DISCARD-4).
pub fn declaration_cards(hand: CardSet) -> CardSet {
    combos(hand)
        .iter()
        .flatten()
        .fold(CardSet::EMPTY, |acc, (_, c)| acc.union(*c))
}

/// Whether a card may ever lie in the skat (DK-DISCARD-2).
pub fn layable(c: Card) -> bool {
    !(c.is_king() || c == Card::PAGAT || c == Card::MOND || c.is_fool())
}

/// The fewest declaration cards any skat allowed by DK-DISCARD-1 to -3 can
/// hold (DK-DISCARD-4). `fool_ok`: the fool may be laid (announced tout).
pub fn least_declaration_cards(hand: CardSet, decl: CardSet, fool_ok: bool) -> u32 {
    let ok = |c: Card| layable(c) || (fool_ok && c.is_fool());
    let plain = hand
        .iter()
        .filter(|&c| ok(c) && !c.is_trump() && !decl.contains(c))
        .count();
    if plain >= 3 {
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

// ---------------------------------------------------------------------------
// Options

#[derive(Debug, PartialEq)]
struct Opts {
    redeal_fee: bool,
    late_excuse: bool,
    fool_call_any: bool,
    nolo_skat: bool,
    pagat_home: bool,
    tout_amount: i64,
    last_trick_with_bagud: bool,
    tout_count_each: bool,
    announced_tout: bool,
    cancel: bool,
    continue_play: bool,
}

impl Opts {
    /// The digest's defaults (the federation's rules).
    const DEFAULT: Opts = Opts {
        redeal_fee: false,
        late_excuse: false,
        fool_call_any: false,
        nolo_skat: false,
        pagat_home: true,
        tout_amount: 80,
        last_trick_with_bagud: false,
        tout_count_each: false,
        announced_tout: false,
        cancel: false,
        continue_play: false,
    };

    fn read(o: &crate::RuleOptions) -> Opts {
        if o.values.is_empty() {
            return Opts::DEFAULT;
        }
        Opts {
            redeal_fee: o.flag("redeal_fee"),
            late_excuse: o.get("late_declaration_errors") == "excuse",
            fool_call_any: o.get("fool_call_fine_scope") == "any-wrong-call",
            nolo_skat: o.flag("nolo_skat"),
            pagat_home: o.flag("pagat_home_payment"),
            tout_amount: o.number("tout_amount"),
            last_trick_with_bagud: o.flag("last_trick_with_bagud"),
            tout_count_each: o.get("tout_count") == "from-each",
            announced_tout: o.flag("announced_tout"),
            cancel: o.get("abandon_payments") == "cancel",
            continue_play: o.get("irregularities") == "continue",
        }
    }
}

/// Reads a `Pots` tag: `king-pot 60, pagat-pot 60`.
pub fn parse_pots(value: &str) -> Option<[i64; 2]> {
    let mut pots = [None, None];
    for part in value.split(',') {
        let mut words = part.split_whitespace();
        let slot = match words.next()? {
            "king-pot" => KING,
            "pagat-pot" => PAGAT,
            _ => return None,
        };
        let n: i64 = words.next()?.parse().ok()?;
        if words.next().is_some() || !(0..=crate::MAX_AMOUNT).contains(&n) || pots[slot].is_some() {
            return None;
        }
        pots[slot] = Some(n);
    }
    Some([pots[0]?, pots[1]?])
}

// ---------------------------------------------------------------------------
// The replay

struct Replay<'a, 'r> {
    deal: &'a Deal<'r>,
    report: &'a mut Report,
    o: Opts,
    seats: u8,
    dealer: Seat,
    /// Active seats in declaring order: dealer, next, third.
    order: [Seat; 3],
    pots: [i64; 2],
    abandoned: bool,
    /// Ledger entries that stand when an abandoned deal's payments are
    /// cancelled (Option `abandon_payments = cancel`).
    keep: Vec<bool>,
    start_pots: [i64; 2],
    /// Players who cannot win an ultimo (DK-FINE-3, `irregularities =
    /// continue`).
    barred: [bool; 4],
}

impl Replay<'_, '_> {
    fn next(&self, s: Seat) -> Seat {
        let mut n = (s + 1) % self.seats;
        if self.seats == 4 && n == (self.dealer + 2) % 4 {
            n = (n + 1) % 4;
        }
        n
    }

    fn is_active(&self, s: Seat) -> bool {
        self.order.contains(&s)
    }

    /// The two other active players.
    fn others(&self, s: Seat) -> [Seat; 2] {
        let mut out = [s; 2];
        let mut k = 0;
        for o in self.order {
            if o != s && k < 2 {
                out[k] = o;
                k += 1;
            }
        }
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn payment(
        &mut self,
        payer: Party,
        payee: Party,
        amount: i64,
        rule: &'static str,
        reason: String,
        at: Moment,
        keep: bool,
    ) {
        if amount == 0 {
            return;
        }
        for (party, sign) in [(payer, -1), (payee, 1)] {
            if let Party::Pot(p) = party {
                self.pots[pot_index(p)] += sign * amount;
            }
        }
        self.report.pay(Payment {
            payer,
            payee,
            amount,
            rule,
            reason,
            at,
        });
        self.keep.push(keep);
    }

    fn pay(
        &mut self,
        payer: Party,
        payee: Party,
        amount: i64,
        rule: &'static str,
        reason: String,
        at: Moment,
    ) {
        if !self.abandoned {
            self.payment(payer, payee, amount, rule, reason, at, false);
        }
    }

    /// Each other active player pays `seat`.
    fn collect(&mut self, seat: Seat, amount: i64, rule: &'static str, reason: &str, at: Moment) {
        for o in self.others(seat) {
            self.pay(
                Party::Seat(o),
                Party::Seat(seat),
                amount,
                rule,
                reason.to_owned(),
                at,
            );
        }
    }

    /// `seat` pays each other active player.
    fn pay_each(&mut self, seat: Seat, amount: i64, rule: &'static str, reason: &str, at: Moment) {
        for o in self.others(seat) {
            self.pay(
                Party::Seat(seat),
                Party::Seat(o),
                amount,
                rule,
                reason.to_owned(),
                at,
            );
        }
    }

    fn rule_event(&mut self, at: Moment, rule: &'static str, text: String) {
        self.report.events.push(Event::Rule { at, rule, text });
    }

    /// Reports an irregularity; fines the first ones (until the deal is
    /// abandoned) and abandons the deal when the rules say so (DK-FINE).
    fn irregular(&mut self, problem: Problem, fine: i64, abandons: bool, at: Moment) {
        let seat = problem.seat;
        let rule = problem.rule.unwrap_or("DK-FINE-1");
        let kind = problem.kind;
        self.report.push(problem);
        if self.abandoned {
            return;
        }
        if let Some(seat) = seat {
            for pot in [Pot::King, Pot::Pagat] {
                self.payment(
                    Party::Seat(seat),
                    Party::Pot(pot),
                    fine,
                    rule,
                    format!("fine for {kind}"),
                    at,
                    true,
                );
            }
        }
        if abandons && !self.o.continue_play {
            self.abandon(at, rule);
        }
    }

    fn abandon(&mut self, at: Moment, rule: &'static str) {
        self.abandoned = true;
        self.rule_event(
            at,
            "DK-FINE-3",
            format!("the deal is abandoned ({rule}); nothing after this point is paid"),
        );
        if self.o.cancel {
            let keep = std::mem::take(&mut self.keep);
            let ledger = std::mem::take(&mut self.report.ledger);
            self.pots = self.start_pots;
            for (p, k) in ledger.into_iter().zip(keep) {
                if k {
                    for (party, sign) in [(p.payer, -1), (p.payee, 1)] {
                        if let Party::Pot(pot) = party {
                            self.pots[pot_index(pot)] += sign * p.amount;
                        }
                    }
                    self.report.ledger.push(p);
                    self.keep.push(true);
                }
            }
        }
    }
}

fn pot_index(p: Pot) -> usize {
    match p {
        Pot::King => KING,
        Pot::Pagat => PAGAT,
    }
}

/// Replays the deal, pushing findings, payments and events into the report.
pub fn replay(deal: &Deal<'_>, session: &mut Session, report: &mut Report) {
    let record = deal.record;
    if report.problems.iter().any(|p| {
        matches!(
            p.kind,
            Kind::UnknownSeat | Kind::DuplicateHand | Kind::TooManyTricks | Kind::BadTag
        ) || (record.is_partial() && p.kind == Kind::UnknownCard)
    }) {
        // What this deal did to the pots is lost for the deals after it.
        session.danish.unknown = true;
        return;
    }
    let table = deal.table;
    let mut start = session.danish.pots;
    let mut unknown = session.danish.unknown;
    if let Some(tag) = record.tag("Pots") {
        match parse_pots(&tag.value) {
            Some(p) => {
                start = Some(p);
                unknown = false;
            }
            None => {
                report.push(
                    Problem::new(Kind::BadTag, format!("`{}` is not a statement of the pots", tag.value))
                        .at(tag.span, "expected `king-pot N, pagat-pot N`")
                        .help("write the pot contents before this deal's dealer fee: [Pots \"king-pot 60, pagat-pot 60\"]; amounts from 0 to 10^12"),
                );
                return;
            }
        }
    }
    if unknown {
        report.push(
            Problem::new(
                notation::Kind::PotsUnknown,
                "the pots this deal starts from are not known: an earlier deal of the session could not be read or replayed",
            )
            .rule("DK-POT-2")
            .at(record.tag("Dealer").map_or(record.span, |t| t.span), "pots carried past an unreadable deal")
            .help("the deal is replayed but not settled, and its claim is not compared; give the pots before this deal with [Pots \"king-pot N, pagat-pot N\"]"),
        );
    }
    let dealer = table.dealer;
    // DK-SEAT-3: the deal passes to the right, or stays after a re-deal. A
    // record with a Pots tag stands on its own and is not checked.
    // After a lost deal the dealer is not known either.
    if let (Some(expected), None, false) = (session.danish.next_dealer, record.tag("Pots"), unknown)
    {
        if expected != dealer {
            let span = record.tag("Dealer").map_or(record.span, |t| t.span);
            report.push(
                Problem::new(
                    Kind::Other,
                    format!("seat {dealer} deals, but seat {expected} deals this deal of the session"),
                )
                .rule("DK-SEAT-3")
                .seat(dealer)
                .at(span, "not the next dealer")
                .help("the next dealer is the player on the dealer's right; the same dealer deals again after a misdeal demand or a wrong deal found before play"),
            );
        }
    }
    let next = |s: Seat| {
        let mut n = (s + 1) % table.seats;
        if table.sits_out() == Some(n) {
            n = (n + 1) % table.seats;
        }
        n
    };
    let order = [dealer, next(dealer), next(next(dealer))];
    let mut r = Replay {
        deal,
        report,
        o: Opts::read(deal.options),
        seats: table.seats,
        dealer,
        order,
        pots: start.unwrap_or([0, 0]),
        abandoned: false,
        keep: Vec::with_capacity(48),
        start_pots: start.unwrap_or([0, 0]),
        barred: [false; 4],
    };
    r.report.ledger.reserve(48);
    r.report.events.reserve(32);
    let redeal = session.danish.redeal == Some(dealer);
    session.danish.redeal = None;
    // After a lost deal the foundation (DK-POT-2) may have been paid in it.
    let deal_again = r.play(start.is_none() && !unknown, redeal);
    if deal_again {
        session.danish.redeal = Some(dealer);
    }
    session.danish.next_dealer = Some(if deal_again {
        dealer
    } else {
        (dealer + 1) % table.seats
    });
    session.danish.pots = Some(r.pots);
    session.danish.unknown = unknown;
    if unknown {
        // Nothing computed from pots that are not known is claimed as fact.
        r.report.settled = false;
        r.report.pots = None;
    } else {
        r.report.pots = Some(r.pots);
    }
}

/// How the replay of the cards ended.
enum End {
    /// The same dealer deals again.
    Redeal,
    Settled,
    /// The record stops before the last trick.
    Unfinished,
}

impl Replay<'_, '_> {
    /// Plays the deal; returns whether the same dealer deals again.
    fn play(&mut self, found: bool, redeal: bool) -> bool {
        let d = self.dealer;
        if found {
            for pot in [Pot::King, Pot::Pagat] {
                for s in 0..self.seats {
                    self.payment(
                        Party::Seat(s),
                        Party::Pot(pot),
                        20,
                        "DK-POT-2",
                        format!("foundation of the {}: start of the session", pot.word()),
                        Moment::Deal,
                        true,
                    );
                }
            }
        }
        if redeal && !self.o.redeal_fee {
            self.rule_event(
                Moment::Deal,
                "DK-SEAT-3",
                format!("seat {d} deals again and pays no second dealer fee (Option redeal_fee)"),
            );
        } else {
            for pot in [Pot::King, Pot::Pagat] {
                self.payment(
                    Party::Seat(d),
                    Party::Pot(pot),
                    5,
                    "DK-PAY-1",
                    "dealer's fee".into(),
                    Moment::Deal,
                    true,
                );
            }
        }
        let end = self.cards();
        self.report.settled = !matches!(end, End::Unfinished);
        matches!(end, End::Redeal)
    }

    fn cards(&mut self) -> End {
        let record = self.deal.record;
        let d = self.dealer;
        let partial = record.is_partial();
        // DK-DEAL-3: a wrong deal.
        if !partial {
            if let Some(end) = self.wrong_deal() {
                return end;
            }
        }
        // The dealt hands (partial records: the cards each seat played).
        let mut hands = [CardSet::EMPTY; 4];
        let skat: CardSet = record
            .discard
            .iter()
            .flat_map(|x| x.cards.iter().map(|i| i.card))
            .collect();
        let complete;
        if partial {
            self.derive_hands(&mut hands);
            if record.discard.as_ref().is_some_and(|x| x.seat == d) {
                hands[d as usize] = hands[d as usize].union(skat);
            }
            // Inferred hands are not judged before play: an irregularity
            // later in the deal changes who played what after it.
            complete = false;
        } else {
            for h in &record.hands {
                hands[h.seat as usize] = h.cards.iter().map(|i| i.card).collect();
            }
            complete = true;
        }
        // DK-DEAL-4: misdeal demands.
        if let Some(calls) = &record.calls {
            for a in &calls.actions {
                if self.call(a, &hands, complete) {
                    return End::Redeal;
                }
            }
        }
        let dealt = hands;
        let tout = self.skat(&mut hands, skat, complete);
        // A partial record's hands are inferred from the play, which an
        // irregularity may scramble: its declarations are taken as made.
        self.declarations(&dealt, partial);
        self.tricks(hands, skat, tout)
    }

    /// DK-DEAL-3: faults of the dealt hands, found before play or during it.
    fn wrong_deal(&mut self) -> Option<End> {
        let record = self.deal.record;
        let d = self.dealer;
        let mut before_play = None;
        let mut during = None;
        for p in self.report.problems.iter_mut() {
            match p.kind {
                Kind::UnknownCard | Kind::DuplicateCard => {
                    p.rule = Some("DK-DEAL-3");
                    p.seat = Some(d);
                    before_play.get_or_insert(p.kind);
                }
                Kind::WrongCardCount => {
                    p.rule = Some("DK-DEAL-3");
                    if record.tricks.is_empty() {
                        p.help =
                            "the dealer's misdeal: 5 into each pot, and he deals again (DK-DEAL-3)"
                                .into();
                        before_play.get_or_insert(p.kind);
                    } else if let Some(s) = p.seat {
                        let rank = self.order.iter().position(|&o| o == s).unwrap_or(3);
                        if during.is_none_or(|(r, _)| rank < r) {
                            during = Some((rank, s));
                        }
                    }
                }
                _ => {}
            }
        }
        if record.tricks.is_empty() {
            self.one_wrong_count(
                d,
                format!("the dealer, seat {d}, misdeals"),
                "the dealer's misdeal: 5 into each pot, and he deals again (DK-DEAL-3); the hands must be 25, 25 and 28 cards (28 for the dealer)",
            );
        } else if let Some((_, s)) = during {
            self.one_wrong_count(
                s,
                format!("seat {s} holds the wrong number of cards in play"),
                "the wrong number of cards found in play: the first such hand in declaring order (dealer, next, third) pays 40 into each pot, and the deal is abandoned (DK-DEAL-3)",
            );
        }
        if let Some(kind) = before_play {
            for pot in [Pot::King, Pot::Pagat] {
                self.payment(
                    Party::Seat(d),
                    Party::Pot(pot),
                    5,
                    "DK-DEAL-3",
                    format!("fine for a wrong deal ({kind})"),
                    Moment::Deal,
                    true,
                );
            }
            self.rule_event(
                Moment::Deal,
                "DK-DEAL-3",
                format!("the deal is wrong ({kind}): not played, seat {d} deals again"),
            );
            return Some(End::Redeal);
        }
        if let Some((_, s)) = during {
            for pot in [Pot::King, Pot::Pagat] {
                self.payment(
                    Party::Seat(s),
                    Party::Pot(pot),
                    40,
                    "DK-DEAL-3",
                    "fine for holding the wrong number of cards in play".into(),
                    Moment::Trick(1),
                    true,
                );
            }
            self.abandon(Moment::Trick(1), "DK-DEAL-3");
            return Some(End::Settled);
        }
        None
    }

    /// DK-DEAL-3: wrong hand sizes are one fault (rules README, "One fault,
    /// one finding"): before play the dealer's misdeal, during play the
    /// fault of the first wrong hand in declaring order. The structural
    /// check found one per hand; they become one `wrong-card-count` by
    /// `seat`, each wrong hand underlined.
    fn one_wrong_count(&mut self, seat: u8, what: String, help: &str) {
        let problems = &mut self.report.problems;
        let Some(at) = problems.iter().position(|p| p.kind == Kind::WrongCardCount) else {
            return;
        };
        let wrong: Vec<Problem> = problems
            .iter()
            .filter(|p| p.kind == Kind::WrongCardCount)
            .cloned()
            .collect();
        problems.retain(|p| p.kind != Kind::WrongCardCount);
        let hands: Vec<String> = wrong.iter().map(|p| p.message.clone()).collect();
        let mut p = Problem::new(
            Kind::WrongCardCount,
            format!("{what}: {}", hands.join("; ")),
        )
        .rule("DK-DEAL-3")
        .seat(seat)
        .help(help);
        for w in &wrong {
            if let Some(span) = w.span {
                if p.span.is_none() {
                    p = p.at(span, w.label.clone());
                } else {
                    p = p.also_at(span, w.label.clone());
                }
            }
        }
        problems.insert(at.min(problems.len()), p);
    }

    /// The hands of a partial record: who played what, following the
    /// leaders the record writes or implies.
    fn derive_hands(&self, hands: &mut [CardSet; 4]) {
        let mut leader = self.next(self.dealer);
        for trick in &self.deal.record.tricks {
            let l = match trick.leader {
                Some(w) if self.is_active(w) => w,
                _ => leader,
            };
            let seats = [l, self.next(l), self.next(self.next(l))];
            let mut cards = [Card::FOOL; 3];
            for (i, item) in trick.plays.iter().enumerate().take(3) {
                // A card played twice belongs to its first player only.
                if !hands.iter().any(|h| h.contains(item.card)) {
                    hands[seats[i] as usize].insert(item.card);
                }
                cards[i] = item.card;
            }
            let lead = effective_lead(&trick.plays);
            leader = seats[trick_winner(&cards, lead).0];
        }
    }

    /// A misdeal demand (DK-DEAL-4); true if it is valid and the deal is
    /// not played.
    fn call(&mut self, a: &Action, hands: &[CardSet; 4], complete: bool) -> bool {
        let s = a.seat;
        let bad = |msg: String| {
            Problem::new(Kind::IllegalCall, msg)
                .rule("DK-DEAL-4")
                .seat(s)
                .at(a.span, "void demand")
        };
        if !matches!(a.act, Act::Misdeal) {
            self.irregular(
                bad("in Danish Tarok the only call before play is a misdeal demand".into())
                    .help("write declarations in `declare:` and fool calls as `trick 23 call N:`"),
                0,
                false,
                Moment::Calls,
            );
            return false;
        }
        if !self.is_active(s) {
            self.irregular(
                bad(format!("seat {s} sits out and cannot demand a new deal")),
                0,
                false,
                Moment::Calls,
            );
            return false;
        }
        if !complete {
            // A partial record: the hands are unknown. A demand with no
            // trick after it was granted; with tricks, the deal was played.
            if self.deal.record.tricks.is_empty() {
                self.rule_event(
                    Moment::Calls,
                    "DK-DEAL-4",
                    format!(
                        "seat {s} demands a new deal: seat {} deals again",
                        self.dealer
                    ),
                );
                return true;
            }
            return false;
        }
        if let Some(t) = hands[s as usize].intersection(TRUMPS).iter().next() {
            self.irregular(
                bad(format!("seat {s} demands a new deal but holds a trump ({t})"))
                    .card(t)
                    .help("only a player dealt no trump (the fool does not count) may demand a new deal; the deal goes on"),
                0,
                false,
                Moment::Calls,
            );
            return false;
        }
        self.rule_event(
            Moment::Calls,
            "DK-DEAL-4",
            format!(
                "seat {s} was dealt no trump and demands a new deal: seat {} deals again",
                self.dealer
            ),
        );
        true
    }

    /// The dealer's skat (DK-DISCARD). Returns whether a tout was validly
    /// announced (DK-TOUT-2).
    fn skat(&mut self, hands: &mut [CardSet; 4], skat: CardSet, complete: bool) -> bool {
        let record = self.deal.record;
        let d = self.dealer;
        let at = Moment::Discard;
        let announced = self.o.announced_tout
            && record
                .declarations
                .iter()
                .flat_map(|x| &x.actions)
                .any(|a| a.seat == d && a.act == Act::Tout);
        let Some(disc) = &record.discard else {
            // A record of the deal alone (hands, nothing after) is no fault.
            let later = record.declarations.is_some() || !record.tricks.is_empty();
            if !record.is_partial() && later {
                let span = record
                    .hands
                    .iter()
                    .find(|h| h.seat == d)
                    .map_or(record.span, |h| h.span);
                self.irregular(
                    Problem::new(
                        Kind::IllegalDiscard,
                        format!("the dealer (seat {d}) lays no skat"),
                    )
                    .rule("DK-DISCARD-1")
                    .seat(d)
                    .at(span, "28 cards, no skat laid")
                    .help("the dealer lays away exactly 3 of his 28 cards: `discard D: ...`"),
                    40,
                    true,
                    at,
                );
            }
            return false;
        };
        let dealt = hands[d as usize];
        let problem = |msg: String, rule: &'static str, label: &str, span: Span| {
            Problem::new(Kind::IllegalDiscard, msg)
                .rule(rule)
                .seat(d)
                .at(span, label.to_owned())
        };
        if disc.seat != d {
            let p = problem(
                format!("seat {} lays a skat, but seat {d} is the dealer", disc.seat),
                "DK-DISCARD-1",
                "not the dealer",
                disc.span,
            )
            .seat(disc.seat)
            .help("only the dealer lays away 3 cards");
            self.irregular(p, 40, true, at);
            return false;
        }
        // DK-DISCARD-5: the skat is one improper discard, however many of
        // its cards break however many of DK-DISCARD-1 to -4.
        let mut faults: Vec<Problem> = Vec::new();
        if disc.cards.len() != 3 {
            faults.push(
                problem(
                    format!("the skat holds {} cards, not 3", disc.cards.len()),
                    "DK-DISCARD-1",
                    "wrong skat size",
                    disc.span,
                )
                .help("the dealer lays away exactly 3 of his 28 cards"),
            );
        }
        for item in &disc.cards {
            let c = item.card;
            if !dealt.contains(c) {
                faults.push(
                    problem(
                        format!("{c} is laid away but the dealer does not hold it"),
                        "DK-DISCARD-1",
                        "not in the dealer's hand",
                        item.span,
                    )
                    .card(c)
                    .help("the skat is 3 of the dealer's own 28 cards"),
                );
            } else if c.is_fool() && announced {
                // DK-TOUT-2: the fool lies in the skat for an announced tout.
            } else if !layable(c) {
                let what = if c.is_king() {
                    "a king"
                } else if c == Card::PAGAT {
                    "the pagat"
                } else if c == Card::MOND {
                    "trump 21"
                } else {
                    "the fool"
                };
                let rule = if c.is_fool() && self.o.announced_tout {
                    "DK-TOUT-2"
                } else {
                    "DK-DISCARD-2"
                };
                faults.push(problem(format!("{c} ({what}) may not be laid in the skat"), rule, "may not be laid away", item.span)
                    .card(c)
                    .help(if c.is_fool() && self.o.announced_tout {
                        "the fool may lie in the skat only when the dealer announces a tout (`D tout` in declare)"
                    } else {
                        "kings, the pagat, trump 21 and the fool never go in the skat"
                    }));
            }
        }
        let rest = dealt.difference(skat);
        if let Some(t) = skat.intersection(TRUMPS).iter().next() {
            if complete && !rest.intersection(TRUMPS).is_empty() {
                let item = disc.cards.iter().find(|i| i.card == t).expect("laid");
                faults.push(problem(
                    format!("{t} is laid away, but the dealer keeps {} trumps", rest.intersection(TRUMPS).len()),
                    "DK-DISCARD-3",
                    "trump laid without becoming void",
                    item.span,
                )
                .card(t)
                .help("trumps may be laid away only if the dealer lays away all of his trumps (the fool does not count)"));
            }
        }
        if complete && skat.len() == 3 && skat.difference(dealt).is_empty() {
            let mut decl = declaration_cards(dealt);
            if announced {
                decl.remove(Card::FOOL);
            }
            let laid = skat.intersection(decl);
            let m = least_declaration_cards(dealt, decl, announced);
            if laid.len() > m {
                let c = laid.iter().next().expect("a card");
                let item = disc.cards.iter().find(|i| i.card == c).expect("laid");
                faults.push(problem(
                    format!("{c} belongs to a declaration and could have been kept"),
                    "DK-DISCARD-4",
                    "card of a declaration",
                    item.span,
                )
                .card(c)
                .help("the dealer may not lay away cards of a combination he holds unless he cannot avoid it"));
            }
        }
        if let Some(p) = crate::finding::one_finding(
            faults,
            &[
                "DK-DISCARD-1",
                "DK-DISCARD-2",
                "DK-DISCARD-3",
                "DK-DISCARD-4",
                "DK-TOUT-2",
            ],
            "the skat is one improper discard (DK-DISCARD-5)",
        ) {
            self.irregular(p, 40, true, at);
        }
        hands[d as usize] = rest;
        announced && skat.contains(Card::FOOL)
    }

    /// The declarations, in the order made (DK-DECL).
    fn declarations(&mut self, dealt: &[CardSet; 4], trust: bool) {
        let record = self.deal.record;
        let d = self.dealer;
        let at = Moment::Declarations;
        let skat: CardSet = record
            .discard
            .iter()
            .flat_map(|x| x.cards.iter().map(|i| i.card))
            .collect();
        let held: [[Option<(Combo, CardSet)>; SLOTS]; 3] =
            self.order.map(|s| combos(dealt[s as usize]));
        let mut declared = [[false; SLOTS]; 3];
        let mut started = [false; 3];
        let mut done = [false; 3];
        let mut out_of_turn = false;
        let empty = Vec::new();
        let actions = record.declarations.as_ref().map_or(&empty, |x| &x.actions);
        let span_of = record.declarations.as_ref().map_or(record.span, |x| x.span);
        for a in actions {
            let s = a.seat;
            let Some(i) = self.order.iter().position(|&o| o == s) else {
                self.irregular(
                    Problem::new(
                        Kind::OutOfTurn,
                        format!("seat {s} sits out and cannot declare"),
                    )
                    .rule("DK-DECL-6")
                    .seat(s)
                    .at(a.span, "sits out")
                    .help("only the three active players declare"),
                    0,
                    false,
                    at,
                );
                continue;
            };
            for k in 0..i {
                if started[k] && !done[k] && !trust {
                    done[k] = true;
                    self.missing(k, &held[k], &declared[k], a.span);
                }
            }
            let early = (0..i).any(|k| !started[k]);
            let late = (i + 1..3).any(|k| started[k]) || done[i];
            if (early || late) && !out_of_turn {
                out_of_turn = true;
                let msg = if early {
                    format!(
                        "seat {s} declares before seat {} has declared",
                        self.order[(0..i).find(|&k| !started[k]).unwrap_or(0)]
                    )
                } else {
                    format!("seat {s} declares after his turn has passed")
                };
                self.irregular(
                    Problem::new(Kind::OutOfTurn, msg)
                        .rule("DK-DECL-6")
                        .seat(s)
                        .at(a.span, "out of turn")
                        .help("declarations go in order: all of the dealer's, then the next player's, then the third player's"),
                    20,
                    true,
                    at,
                );
            }
            started[i] = true;
            match &a.act {
                Act::Pass => {}
                Act::Tout => {
                    let ok = self.o.announced_tout && s == d && skat.contains(Card::FOOL);
                    if !ok {
                        self.irregular(
                            Problem::new(Kind::IllegalCall, format!("seat {s} announces a tout that is not allowed"))
                                .rule("DK-TOUT-2")
                                .seat(s)
                                .at(a.span, "tout not allowed")
                                .help("only the dealer who laid the fool in the skat may announce a tout, and only with Option announced_tout"),
                            0,
                            false,
                            at,
                        );
                    } else {
                        self.rule_event(
                            at,
                            "DK-TOUT-2",
                            format!("seat {s} laid the fool away and announces a tout"),
                        );
                    }
                }
                act => {
                    let Some(claim) = Combo::of_act(act) else {
                        self.irregular(
                            Problem::new(Kind::WrongDeclaration, format!("`{}` is not a declaration", describe_act(act)))
                                .rule("DK-DECL-2")
                                .seat(s)
                                .at(a.span, "not a declaration")
                                .help("declarations: trumps, matadors, half/full/abundant in a suit, half-kings, full-kings, abundant-kings, or pass"),
                            0,
                            false,
                            at,
                        );
                        continue;
                    };
                    let slot = claim.slot();
                    let truth = held[i][slot];
                    let twice = std::mem::replace(&mut declared[i][slot], true);
                    let wrong = if trust {
                        None
                    } else if twice {
                        Some(format!(
                            "seat {s} declares `{}` a second time",
                            claim.describe()
                        ))
                    } else {
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
                                let in_skat = if s == d {
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
                    };
                    match wrong {
                        None => {
                            let reason = format!("declaration `{}`", claim.describe());
                            self.collect(s, claim.amount(), "DK-PAY-2", &reason, at);
                        }
                        Some(msg) => {
                            let rule = if msg.contains("skat") {
                                "DK-DECL-5"
                            } else {
                                "DK-DECL-4"
                            };
                            let p = Problem::new(Kind::WrongDeclaration, msg)
                                .rule(rule)
                                .seat(s)
                                .at(a.span, "wrong declaration")
                                .help("declare exactly what the hand holds: type, number, pagat, suit, missing card, and cards laid in the skat");
                            if self.o.late_excuse {
                                self.report.push(p);
                                let reason =
                                    format!("declaration `{}` (wrong, excused)", claim.describe());
                                self.collect(s, claim.amount(), "DK-PAY-2", &reason, at);
                            } else {
                                self.barred[s as usize] = true;
                                self.irregular(p, 40, true, at);
                            }
                        }
                    }
                }
            }
        }
        for k in 0..3 {
            if !done[k] && !trust {
                self.missing(k, &held[k], &declared[k], span_of);
            }
        }
    }

    fn missing(
        &mut self,
        k: usize,
        held: &[Option<(Combo, CardSet)>; SLOTS],
        declared: &[bool; SLOTS],
        span: Span,
    ) {
        let s = self.order[k];
        let record = self.deal.record;
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
                .rule("DK-DECL-4")
                .seat(s)
                // The highest card of the combination (its king, trump or fool).
                .card(cards.iter().last().expect("a combination has cards"))
                .at(pass_span.unwrap_or(span), "declaration missing")
                .help("every combination held must be declared (DK-DECL-1)");
                if self.o.late_excuse {
                    self.report.push(p);
                } else {
                    self.barred[s as usize] = true;
                    self.irregular(p, 40, true, Moment::Declarations);
                }
            }
        }
    }

    /// The tricks, card by card, then the settlement after the last trick.
    fn tricks(&mut self, mut hands: [CardSet; 4], skat: CardSet, announced_tout: bool) -> End {
        let record = self.deal.record;
        let d = self.dealer;
        let mut won = [0u32; 4];
        let mut points = [0i64; 4];
        points[d as usize] += 1 + skat.iter().map(card_points).sum::<i64>();
        let mut fool_gone = false;
        let mut leader = self.next(d);
        let mut played = CardSet::EMPTY;
        let mut last = None;
        for (ti, trick) in record.tricks.iter().enumerate() {
            let t = ti + 1;
            let at = Moment::Trick(t as u16);
            if trick.plays.len() != 3 {
                let l = trick
                    .leader
                    .filter(|&w| self.is_active(w))
                    .unwrap_or(leader);
                self.wrong_trick_size(t, l, &hands);
                return End::Settled;
            }
            // DK-FOOL-6: the lead passes on when the leader holds only the fool.
            let mut rules_leader = leader;
            if t == 25 && hands[leader as usize] == CardSet(1 << Card::FOOL.index()) {
                rules_leader = self.next(leader);
                self.rule_event(
                    at,
                    "DK-FOOL-6",
                    format!(
                        "seat {leader} holds only the fool: the lead passes to seat {rules_leader}"
                    ),
                );
            }
            let l = match trick.leader {
                Some(w) if self.is_active(w) => w,
                _ => rules_leader,
            };
            // The holder of only the fool who leads it to trick 25 anyway is
            // a fool misuse (below), not also a lead out of turn.
            let fool_led_25 = t == 25 && l == leader && rules_leader != leader;
            if (l != rules_leader && !fool_led_25)
                || trick.leader.is_some_and(|w| !self.is_active(w))
            {
                let w = trick.leader.unwrap_or(l);
                let mut p = Problem::new(
                    Kind::OutOfTurn,
                    format!("seat {w} leads to trick {t}, but seat {rules_leader} is on lead"),
                )
                .rule("DK-PLAY-1")
                .seat(w)
                .trick(t)
                .at(trick.span, "lead out of turn")
                .help("the winner of a trick leads the next; trick 1 is led by the player after the dealer");
                if let Some(first) = trick.plays.first() {
                    p = p.card(first.card);
                }
                self.irregular(p, 20, true, at);
            }
            let seats = [l, self.next(l), self.next(self.next(l))];
            let before = hands;
            // DK-FOOL-4: a call for the fool.
            let mut must_play_fool = None;
            if let Some(c) = trick.fool_call {
                let holder = self
                    .order
                    .into_iter()
                    .find(|&s| hands[s as usize].contains(Card::FOOL));
                let wrong = if !self.is_active(c) {
                    Some(format!("seat {c} sits out and cannot call for the fool"))
                } else if t != 23 {
                    Some(format!(
                        "the fool may be called for only in trick 23, not in trick {t}"
                    ))
                } else if fool_gone {
                    Some("the fool has already been played".to_owned())
                } else if holder == Some(c) {
                    Some(format!("seat {c} holds the fool himself"))
                } else {
                    None
                };
                match wrong {
                    Some(msg) => {
                        let fine = if fool_gone && t == 23 || self.o.fool_call_any {
                            20
                        } else {
                            0
                        };
                        self.irregular(
                            Problem::new(Kind::IllegalCall, format!("seat {c} calls for the fool: {msg}"))
                                .rule("DK-FOOL-4")
                                .seat(c)
                                .trick(t)
                                .at(trick.span, "wrong call for the fool")
                                .help("at the start of trick 23 a player who does not hold the fool may demand it, if it has not been played"),
                            fine,
                            false,
                            at,
                        );
                    }
                    None => {
                        must_play_fool = holder;
                        if let Some(h) = holder {
                            self.rule_event(
                                at,
                                "DK-FOOL-4",
                                format!("seat {c} calls for the fool: seat {h} must play it now"),
                            );
                        }
                    }
                }
            }
            let mut cards = [Card::FOOL; 3];
            for (slot, item) in cards.iter_mut().zip(&trick.plays) {
                *slot = item.card;
            }
            let first_fool = cards.first().is_some_and(|c| c.is_fool());
            let mut lead = trick.plays.first().and_then(|i| {
                if i.card.is_fool() {
                    i.name
                } else {
                    lead_of(i.card)
                }
            });
            let named = lead;
            let mut renamed = false;
            let both_void = named.is_some_and(|n| {
                seats[1..]
                    .iter()
                    .all(|&o| before[o as usize].intersection(lead_set(n)).is_empty())
            });
            // DK-FOOL-8: a valid renaming by the third player after the second
            // played without renaming. The second player's card is then judged
            // against the new suit when he holds it (below, at the renaming),
            // and against the named suit only when he does not.
            let third_renames = match trick.plays.get(1..3) {
                Some([second, third]) if first_fool && both_void && second.rename.is_none() => {
                    third.rename
                }
                _ => None,
            };
            for (i, item) in trick.plays.iter().enumerate() {
                let s = seats[i];
                let c = item.card;
                let hand = before[s as usize];
                let label = |p: Problem| p.seat(s).trick(t).card(c);
                if !hand.contains(c) {
                    let (kind, msg) = if played.contains(c) {
                        (Kind::DuplicateCard, format!("{c} is played a second time"))
                    } else if skat.contains(c) {
                        (
                            Kind::NotInHand,
                            format!("seat {s} plays {c}, which lies in the skat"),
                        )
                    } else {
                        (
                            Kind::NotInHand,
                            format!("seat {s} plays {c}, which he does not hold"),
                        )
                    };
                    if record.is_partial() && kind == Kind::DuplicateCard {
                        // The structural check found it already: this
                        // finding replaces it, with its seat, rule and fine.
                        self.report.problems.retain(|p| {
                            !(p.kind == Kind::DuplicateCard
                                && p.card == Some(c)
                                && p.trick == Some(t as u16))
                        });
                    }
                    self.irregular(
                        label(Problem::new(kind, msg))
                            .rule("DK-PLAY-1")
                            .at(item.span, "not in this hand")
                            .help("each player plays a card from his own hand"),
                        20,
                        true,
                        at,
                    );
                }
                hands[s as usize].remove(c);
                played.insert(c);
                if c.is_fool() {
                    fool_gone = true;
                    if t == 24 {
                        self.irregular(
                            label(Problem::new(
                                Kind::FoolMisuse,
                                "the fool is played to trick 24",
                            ))
                            .rule("DK-FOOL-5")
                            .at(item.span, "fool in the penultimate trick")
                            .help("the fool may never be played in the penultimate trick"),
                            20,
                            true,
                            at,
                        );
                    } else if t == 25 && i == 0 {
                        self.irregular(
                            label(Problem::new(Kind::FoolMisuse, "the fool is led to the last trick"))
                                .rule("DK-FOOL-6")
                                .at(item.span, "fool led to trick 25")
                                .help("when the leader of trick 25 holds only the fool, the lead passes to the next player and the fool is played last"),
                            20,
                            true,
                            at,
                        );
                    }
                } else if must_play_fool == Some(s) {
                    self.irregular(
                        label(Problem::new(Kind::FoolMisuse, format!("seat {s} was called for the fool and plays {c}")))
                            .rule("DK-FOOL-4")
                            .at(item.span, "the fool was called for")
                            .help("after a valid call in trick 23 the holder of the fool must play it in that trick"),
                        20,
                        true,
                        at,
                    );
                }
                if i == 0 {
                    if item.rename.is_some() {
                        self.irregular(
                            label(Problem::new(
                                Kind::FoolMisuse,
                                "the leader cannot rename his own card",
                            ))
                            .rule("DK-FOOL-8")
                            .at(item.span, "rename by the leader")
                            .help("only the two other players may rename a led fool"),
                            20,
                            true,
                            at,
                        );
                    }
                    continue;
                }
                let mut bad_rename = None;
                if let Some(new) = item.rename {
                    if !first_fool || renamed || !both_void {
                        let why = if !first_fool {
                            "the trick was not led with the fool"
                        } else if renamed {
                            "the fool was already renamed"
                        } else {
                            "not both other players are void in the named suit"
                        };
                        // Reported after the duty check: a card that is also a
                        // revoke is the same one fault.
                        bad_rename = Some(
                            label(Problem::new(Kind::FoolMisuse, format!("seat {s} renames the fool to {}: {why}", lead_word(new))))
                                .rule("DK-FOOL-8")
                                .at(item.span, "renaming not allowed")
                                .help("a led fool may be renamed only when both other players are void in the suit it was named"),
                        );
                    } else {
                        renamed = true;
                        lead = Some(new);
                        self.rule_event(
                            at,
                            "DK-FOOL-8",
                            format!("seat {s} renames the fool to {}", lead_word(new)),
                        );
                        if i == 2 {
                            // The second player's card is checked against the new suit.
                            let s1 = seats[1];
                            let c1 = cards[1];
                            let h1 = before[s1 as usize];
                            if !c1.is_fool()
                                && !lead_set(new).contains(c1)
                                && !h1.intersection(lead_set(new)).is_empty()
                            {
                                self.irregular(
                                    Problem::new(
                                        Kind::Revoke,
                                        format!("seat {s1} holds {} after the renaming and played {c1}", lead_word(new)),
                                    )
                                    .rule("DK-FOOL-8")
                                    .seat(s1)
                                    .trick(t)
                                    .card(c1)
                                    .at(trick.plays[1].span, "must be exchanged for the new suit")
                                    .help("when the third player renames the fool, a second player who holds the new suit must play it (a revoke under DK-PLAY-2, judged by DK-FOOL-8)"),
                                    40,
                                    true,
                                    at,
                                );
                            }
                        }
                    }
                }
                let duty_lead = match lead {
                    // Judged against the third player's new suit, at the renaming.
                    Some(_)
                        if i == 1
                            && third_renames
                                .is_some_and(|n| !hand.intersection(lead_set(n)).is_empty()) =>
                    {
                        None
                    }
                    Some(l) => Some(l),
                    // A led fool with no name: the second card sets the suit.
                    None if i == 2 => lead_of(cards[1]),
                    None => None,
                };
                if let Some(dl) = duty_lead {
                    if let Some(duty) = duty_broken(c, dl, hand) {
                        let held = hand.intersection(if duty == "trump" {
                            TRUMPS
                        } else {
                            lead_set(dl)
                        });
                        let later = !record.is_partial() || held.iter().next().is_none();
                        let evidence = if later {
                            String::new()
                        } else {
                            format!(" (plays {} later)", held.iter().next().expect("held"))
                        };
                        if let Some(mut p) = bad_rename.take() {
                            // One card, one fault (rules README): the wrong
                            // renaming carries it (DK-FOOL-8 comes first in the
                            // digest), the revoke is named with it.
                            p.message = format!(
                                "{}; he plays {c} to {}, but must {duty}{evidence}",
                                p.message,
                                lead_word(dl)
                            );
                            p.label = format!("{}; must {duty}", p.label);
                            p.help = format!(
                                "{}; the card is also a revoke (DK-PLAY-2): follow suit if you can, else trump",
                                p.help
                            );
                            self.irregular(p, 20, true, at);
                        } else {
                            self.irregular(
                                label(Problem::new(
                                    Kind::Revoke,
                                    format!("seat {s} plays {c} to {}, but must {duty}{evidence}", lead_word(dl)),
                                ))
                                .rule("DK-PLAY-2")
                                .at(item.span, format!("must {duty}"))
                                .help("follow suit if you can; if you cannot, play a trump if you have one; the fool may always be played instead"),
                                40,
                                true,
                                at,
                            );
                        }
                    }
                }
                if let Some(p) = bad_rename {
                    self.irregular(p, 20, true, at);
                }
            }
            if trick.plays.len() != 3 {
                return End::Unfinished;
            }
            let (w, why) = trick_winner(&cards, lead);
            let winner = seats[w];
            let wcard = cards[w];
            self.report.events.push(Event::Trick {
                trick: t as u16,
                leader: l,
                winner,
                reason: {
                    let mut r = String::with_capacity(why.len() + 6);
                    r.push_str(why);
                    r.push_str(" (");
                    push_card(&mut r, wcard);
                    r.push(')');
                    r
                },
            });
            won[winner as usize] += 1;
            points[winner as usize] += 1;
            for (i, &c) in cards.iter().enumerate() {
                if c.is_fool() && t < 25 {
                    points[seats[i] as usize] += card_points(c);
                    self.rule_event(at, "DK-FOOL-7", {
                        let mut text = String::with_capacity(48);
                        text.push_str("seat ");
                        push_number(&mut text, seats[i]);
                        text.push_str(" takes the fool back to his own pile");
                        text
                    });
                } else {
                    points[winner as usize] += card_points(c);
                }
            }
            let mut order = seats;
            order.sort_unstable();
            self.report.events.push(Event::Count {
                trick: t as u16,
                sides: order
                    .iter()
                    .map(|&s| (format!("seat {s}"), points[s as usize].to_string()))
                    .collect(),
            });
            if t < 25 {
                for (i, &c) in cards.iter().enumerate() {
                    let s = seats[i];
                    if is_ultimo_card(c) && s != winner {
                        let pot = if c.is_king() { Pot::King } else { Pot::Pagat };
                        let mut reason = String::with_capacity(24);
                        push_card(&mut reason, c);
                        reason.push_str(" lost in trick ");
                        push_number(&mut reason, t as u8);
                        self.pay_each(s, 5, "DK-PAY-3", &reason, at);
                        self.pay(Party::Seat(s), Party::Pot(pot), 5, "DK-PAY-3", reason, at);
                    }
                }
                if wcard == Card::PAGAT && self.o.pagat_home {
                    self.collect(
                        winner,
                        5,
                        "DK-PAY-4",
                        &{
                            let mut reason = String::with_capacity(24);
                            reason.push_str("pagat home in trick ");
                            push_number(&mut reason, t as u8);
                            reason
                        },
                        at,
                    );
                }
            }
            leader = winner;
            last = Some((seats, cards, w));
        }
        if self.abandoned {
            return End::Settled;
        }
        if record.tricks.len() < 25 {
            return End::Unfinished;
        }
        let Some((seats, cards, w)) = last else {
            return End::Unfinished;
        };
        self.settle(
            won,
            points,
            seats,
            [cards[0], cards[1], cards[2]],
            w,
            announced_tout,
        );
        End::Settled
    }

    /// A trick with a card missing or one too many (the structural
    /// `wrong-trick-size`): a wrong number of cards found in play
    /// (DK-DEAL-3). The holder of the wrong number of cards after it (the
    /// seat that played no card, or two; if several, the first in declaring
    /// order) pays 40 into each pot and the deal is abandoned: payments
    /// before the trick stand, nothing of it or after it is paid. The
    /// replay stops there, since who plays what after it is unknown.
    fn wrong_trick_size(&mut self, t: usize, leader: Seat, hands: &[CardSet; 4]) {
        let trick = &self.deal.record.tricks[t - 1];
        let seats = [leader, self.next(leader), self.next(self.next(leader))];
        let mut played = [0usize; 4];
        for item in &trick.plays {
            if let Some(s) = self
                .order
                .iter()
                .find(|&&s| hands[s as usize].contains(item.card))
            {
                played[*s as usize] += 1;
            }
        }
        let known = played.iter().sum::<usize>() == trick.plays.len();
        let offender = self
            .order
            .into_iter()
            .find(|&s| known && played[s as usize] != 1)
            .unwrap_or(if trick.plays.len() < 3 {
                seats[trick.plays.len()]
            } else {
                seats[0]
            });
        let at = Moment::Trick(t as u16);
        // Later tricks of the wrong size are reported under the same rule,
        // but not judged or fined: the deal is over at the first.
        for p in self.report.problems.iter_mut() {
            if p.kind == Kind::WrongTrickSize && p.rule.is_none() {
                p.rule = Some("DK-DEAL-3");
            }
        }
        if let Some(p) = self
            .report
            .problems
            .iter_mut()
            .find(|p| p.kind == Kind::WrongTrickSize && p.trick == Some(t as u16))
        {
            p.rule = Some("DK-DEAL-3");
            p.seat = Some(offender);
            p.help = format!(
                "each of the 3 active players plays one card to every trick; seat {offender} holds the wrong number of cards in play: 40 into each pot, and the deal is abandoned (DK-DEAL-3, DK-FINE-3)"
            );
        }
        if !self.abandoned {
            for pot in [Pot::King, Pot::Pagat] {
                self.payment(
                    Party::Seat(offender),
                    Party::Pot(pot),
                    40,
                    "DK-DEAL-3",
                    format!("fine for holding the wrong number of cards in play (trick {t})"),
                    at,
                    true,
                );
            }
            self.abandon(at, "DK-DEAL-3");
        }
    }

    /// After the last trick (DK-PAY-5, DK-TOUT), the count (DK-COUNT) and
    /// foundation (DK-POT-2).
    fn settle(
        &mut self,
        won: [u32; 4],
        points: [i64; 4],
        seats: [Seat; 3],
        cards: [Card; 3],
        w: usize,
        announced: bool,
    ) {
        let at = Moment::Settlement;
        let d = self.dealer;
        let snap = self.pots;
        let winner = seats[w];
        let wcard = cards[w];
        let tout = self.order.into_iter().find(|&s| won[s as usize] == 25);
        let failed_tout = announced && tout != Some(d);
        let zero: Vec<Seat> = self
            .order
            .into_iter()
            .filter(|&s| won[s as usize] == 0 && !(self.o.nolo_skat && s == d))
            .collect();
        let nolo = if tout.is_none() && zero.len() == 1 {
            Some(zero[0])
        } else {
            None
        };
        if let Some(t) = tout {
            let a = self.o.tout_amount;
            self.rule_event(at, "DK-PAY-5", format!("seat {t} won all 25 tricks: tout"));
            self.collect(t, a, "DK-PAY-5", "tout", at);
            self.pay(
                Party::Pot(Pot::King),
                Party::Seat(t),
                snap[KING],
                "DK-PAY-5",
                "tout takes the king pot".into(),
                at,
            );
            self.pay(
                Party::Pot(Pot::Pagat),
                Party::Seat(t),
                snap[PAGAT],
                "DK-PAY-5",
                "tout takes the pagat pot".into(),
                at,
            );
        }
        if failed_tout {
            self.rule_event(
                at,
                "DK-TOUT-2",
                format!("seat {d} announced a tout and failed"),
            );
            self.pay_each(d, 85, "DK-TOUT-2", "failed announced tout", at);
            self.pay(
                Party::Seat(d),
                Party::Pot(Pot::King),
                snap[KING],
                "DK-TOUT-2",
                "failed announced tout doubles the king pot".into(),
                at,
            );
            self.pay(
                Party::Seat(d),
                Party::Pot(Pot::Pagat),
                snap[PAGAT],
                "DK-TOUT-2",
                "failed announced tout doubles the pagat pot".into(),
                at,
            );
        }
        if let Some(n) = nolo {
            self.rule_event(at, "DK-PLAY-4", format!("seat {n} won no trick: nolo"));
            self.collect(n, 25, "DK-PAY-5", "nolo", at);
        }
        let ultimo_ok =
            tout.is_none() && nolo.is_none() && !failed_tout && !self.barred[winner as usize];
        let mut ultimo = false;
        if wcard == Card::PAGAT && ultimo_ok {
            ultimo = true;
            self.collect(winner, 45, "DK-PAY-5", "pagat ultimo", at);
            self.pay(
                Party::Pot(Pot::Pagat),
                Party::Seat(winner),
                snap[PAGAT],
                "DK-PAY-5",
                "pagat ultimo takes the pagat pot".into(),
                at,
            );
        }
        if wcard.is_king() && ultimo_ok {
            ultimo = true;
            self.collect(winner, 40, "DK-PAY-5", "king ultimo", at);
            self.pay(
                Party::Pot(Pot::King),
                Party::Seat(winner),
                snap[KING],
                "DK-PAY-5",
                "king ultimo takes the king pot".into(),
                at,
            );
        }
        let bagud: Vec<(Seat, Card)> = (0..3)
            .filter(|&i| i != w && is_ultimo_card(cards[i]))
            .map(|i| (seats[i], cards[i]))
            .collect();
        if tout.is_none()
            && nolo.is_none()
            && !ultimo
            && (bagud.is_empty() || self.o.last_trick_with_bagud)
        {
            self.collect(winner, 20, "DK-PAY-5", "last trick", at);
        }
        for &(s, c) in bagud.iter().filter(|(_, c)| *c == Card::PAGAT) {
            self.pay_each(s, 45, "DK-PAY-5", &format!("pagat bagud ({c})"), at);
            self.pay(
                Party::Seat(s),
                Party::Pot(Pot::Pagat),
                snap[PAGAT],
                "DK-PAY-5",
                "pagat bagud doubles the pagat pot".into(),
                at,
            );
        }
        for &(s, c) in bagud.iter().filter(|(_, c)| c.is_king()) {
            self.pay_each(s, 40, "DK-PAY-5", &format!("king bagud ({c})"), at);
            self.pay(
                Party::Seat(s),
                Party::Pot(Pot::King),
                snap[KING],
                "DK-PAY-5",
                format!("king bagud ({c}) doubles the king pot"),
                at,
            );
        }
        // The count (DK-COUNT).
        if nolo.is_none() {
            match tout {
                Some(t) if self.o.tout_count_each => {
                    let r = count_amount(points[t as usize]);
                    for o in self.others(t) {
                        self.count_payment(o, t, r, points[t as usize]);
                    }
                }
                _ => {
                    let nd = (d + 1) % self.seats;
                    for s in self.others(nd) {
                        let p = points[s as usize];
                        self.count_payment(nd, s, count_amount(p), p);
                    }
                }
            }
        }
        // Foundation of an emptied pot (DK-POT-2).
        for pot in [Pot::King, Pot::Pagat] {
            if self.pots[pot_index(pot)] == 0 {
                for s in 0..self.seats {
                    self.pay(
                        Party::Seat(s),
                        Party::Pot(pot),
                        20,
                        "DK-POT-2",
                        format!("foundation of the emptied {}", pot.word()),
                        at,
                    );
                }
            }
        }
    }

    /// `payee` receives `r` from `payer` (or pays −r when negative).
    fn count_payment(&mut self, payer: Seat, payee: Seat, r: i64, p: i64) {
        let reason = format!("the count: {} points", p);
        let at = Moment::Settlement;
        if r > 0 {
            self.pay(
                Party::Seat(payer),
                Party::Seat(payee),
                r,
                "DK-COUNT-2",
                reason,
                at,
            );
        } else if r < 0 {
            self.pay(
                Party::Seat(payee),
                Party::Seat(payer),
                -r,
                "DK-COUNT-2",
                reason,
                at,
            );
        }
    }
}

/// The lead of a recorded trick, with its fool name and renamings.
fn effective_lead(plays: &[notation::Item]) -> Option<Lead> {
    let mut cards = [Card::FOOL; 3];
    for (slot, item) in cards.iter_mut().zip(plays) {
        *slot = item.card;
    }
    let cards = &cards[..plays.len().min(3)];
    let name = plays.first().and_then(|i| i.name);
    let renames = [
        plays.get(1).and_then(|i| i.rename),
        plays.get(2).and_then(|i| i.rename),
    ];
    trick_lead(cards, name, renames)
}

fn describe_act(act: &Act) -> String {
    let mut s = String::new();
    notation::print::act(&mut s, act);
    s
}

fn cards_word(set: CardSet) -> String {
    if set.is_empty() {
        return "no cards".into();
    }
    set.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The end of a session (DK-POT-5): both pots are added together and
/// divided among the `seats` players at the table, floor(T / 5k) × 5 each;
/// the remainder goes to the player with the lowest net result over the
/// session (`scores`, per seat), the lowest seat among equals (Option
/// `division_tie = lowest-seat`). Returns the payments out of the pots, in
/// seat order, king pot first. The common interface has no end-of-session
/// step yet: a caller that knows the file is finished calls this with
/// `session.danish.pots` and `session.scores`.
pub fn end_of_session(pots: [i64; 2], scores: &[i64], seats: u8) -> Vec<Payment> {
    let k = seats as i64;
    let total = pots[0] + pots[1];
    let share = total / (5 * k) * 5;
    let mut owed: Vec<i64> = vec![share; seats as usize];
    let worst = (0..seats as usize)
        .min_by_key(|&s| (scores.get(s).copied().unwrap_or(0), s))
        .unwrap_or(0);
    owed[worst] += total - k * share;
    // Pay out of the king pot first, then the pagat pot.
    let mut left = pots;
    let mut out = Vec::new();
    for (s, mut amount) in owed.into_iter().enumerate() {
        for (i, pot) in [Pot::King, Pot::Pagat].into_iter().enumerate() {
            let take = amount.min(left[i]);
            if take > 0 {
                left[i] -= take;
                amount -= take;
                out.push(Payment {
                    payer: Party::Pot(pot),
                    payee: Party::Seat(s as Seat),
                    amount: take,
                    rule: "DK-POT-5",
                    reason: "division of the pots at the end of the session".into(),
                    at: Moment::Settlement,
                });
            }
        }
    }
    out
}

/// Writes a card's code without the formatting machinery (hot path).
fn push_card(out: &mut String, c: Card) {
    if c.is_fool() {
        out.push_str("EX");
    } else if let Some(n) = c.trump_number() {
        out.push('T');
        push_number(out, n);
    } else if let (Some(s), Some(r)) = (c.suit(), c.rank()) {
        out.push(s.letter());
        match r.spot() {
            Some(n) => push_number(out, n),
            None => out.push(match r {
                Rank::King => 'K',
                Rank::Queen => 'Q',
                Rank::Knight => 'N',
                _ => 'J',
            }),
        }
    }
}

fn push_number(out: &mut String, n: u8) {
    if n >= 10 {
        out.push((b'0' + n / 10) as char);
    }
    out.push((b'0' + n % 10) as char);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_options_are_the_digest_defaults() {
        let mut o = crate::RuleOptions::default();
        // A setting of the default value makes `read` ask every option.
        o.values.push(("redeal_fee".into(), "false".into()));
        assert_eq!(Opts::read(&o), Opts::DEFAULT);
    }

    #[test]
    fn the_pots_are_divided_at_the_end_of_a_session() {
        // 145 + 60 = 205 among three: 65 each, the remainder 10 to the worst.
        let out = end_of_session([145, 60], &[30, -50, 20], 3);
        let mut got = [0i64; 3];
        for p in &out {
            if let Party::Seat(s) = p.payee {
                got[s as usize] += p.amount;
            }
        }
        assert_eq!(got, [65, 75, 65]);
        assert_eq!(out.iter().map(|p| p.amount).sum::<i64>(), 205);
        // A tie for the worst result: the lowest seat.
        let out = end_of_session([55, 50], &[-10, 20, -10, 0], 4);
        let to = |s: Seat| {
            out.iter()
                .filter(|p| p.payee == Party::Seat(s))
                .map(|p| p.amount)
                .sum::<i64>()
        };
        assert_eq!([to(0), to(1), to(2), to(3)], [30, 25, 25, 25]);
    }

    #[test]
    fn red_spot_cards_rank_in_reverse() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let lead = Some(Lead::Suit(Suit::Hearts));
        assert_eq!(trick_winner(&[c("H10"), c("H1"), c("H5")], lead).0, 1);
        assert_eq!(
            trick_winner(
                &[c("S1"), c("S10"), c("S5")],
                Some(Lead::Suit(Suit::Spades))
            )
            .0,
            1
        );
        assert_eq!(trick_winner(&[c("HJ"), c("H1"), c("T1")], lead).0, 2);
        // A fool named hearts, nobody follows or trumps: the first suit after it.
        assert_eq!(
            trick_winner(&[Card::FOOL, c("S2"), c("S9")], lead),
            (2, "highest card of the first suit played after the fool")
        );
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
