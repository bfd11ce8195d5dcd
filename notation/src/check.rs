//! Structural checks: the faults a record can have that need no rules
//! engine. Unknown card (for the variant's deck), duplicate card, wrong
//! number of cards for the deck and the seats, unknown seat, a trick with
//! the wrong number of cards, and tags that do not say what they must.
//!
//! ```
//! let text = "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n\ntrick 1: SK SQ T2\ntrick 2: SN\n";
//! let record = tarok_notation::parse_str(text).remove(0).unwrap();
//! use tarok_notation::Kind;
//! let kinds: Vec<Kind> = tarok_notation::check::structure(&record).iter().map(|p| p.kind).collect();
//! // T2 is not in the 40-card pack; trick 1 has three cards and is followed
//! // by another trick (a last trick cut short would be an incomplete record).
//! assert_eq!(kinds, [Kind::UnknownCard, Kind::WrongTrickSize]);
//! ```

use crate::card::{Card, CardSet};
use crate::problem::{Kind, Problem};
use crate::record::*;
use crate::variant::Variant;

/// The table a record is played at, read from its tags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Table {
    /// The game.
    pub variant: Variant,
    /// Seats at the table (Danish Tarok: 3 or 4).
    pub seats: u8,
    /// The dealer's seat.
    pub dealer: Seat,
}

impl Table {
    /// Danish Tarok with four at the table: the seat opposite the dealer
    /// sits out (DK-SEAT-1).
    pub fn sits_out(&self) -> Option<Seat> {
        (self.variant == Variant::DanishTarok && self.seats == 4).then_some(self.dealer.after(2, 4))
    }

    /// Whether the seat is at the table and plays this deal.
    pub fn is_active(&self, seat: Seat) -> bool {
        seat.number() < self.seats && self.sits_out() != Some(seat)
    }

    /// Active seats in order of play, starting after the dealer.
    pub fn order_from_dealer(&self) -> impl Iterator<Item = Seat> + '_ {
        (1..=self.seats)
            .map(move |k| self.dealer.after(usize::from(k), self.seats))
            .filter(move |&s| self.is_active(s))
    }
}

/// The player names of a `Players` tag: `"Anna; Bent; Carl"`.
pub fn player_names(value: &str) -> Vec<&str> {
    value.split(';').map(str::trim).collect()
}

/// Reads the table from the tags, or says why it cannot.
pub fn table(record: &Record) -> Result<Table, Vec<Problem>> {
    let mut problems = Vec::new();
    let variant_tag = record.tags.first();
    let Some(variant) = record.variant() else {
        let mut p = Problem::new(Kind::BadTag, "the record names no known variant")
            .help("start the record with [Variant \"danish-tarok\"] (or french-tarot, koenigrufen, skill7-tarock)");
        if let Some(t) = variant_tag {
            p = p.at(t.span, "unknown variant");
        }
        return Err(vec![p]);
    };
    let mut seats = variant.table_sizes()[0];
    if let Some(tag) = record.tag("Players") {
        // As many names as `player_names` gives, without collecting them:
        // one more than the separators (`split(';')` searched for each one
        // a char at a time, 1% of `verify` on Königrufen records).
        let n = memchr::memchr_iter(b';', tag.value.as_bytes()).count() + 1;
        // No `n as u8`: 260 names are not a table of 4.
        if let Some(n) = u8::try_from(n)
            .ok()
            .filter(|n| variant.table_sizes().contains(n))
        {
            seats = n;
        } else {
            problems.push(
                Problem::new(Kind::BadTag, format!("{variant} is played by {} players, but `Players` names {n}", sizes(variant)))
                    .at(tag.span, "wrong number of players")
                    .help("list the players in seat order, separated by `;`: [Players \"Anna; Bent; Carl\"]"),
            );
        }
    } else if variant == Variant::DanishTarok && record.hands.iter().any(|h| h.seat == Seat::new(3))
    {
        seats = 4;
    }
    let dealer = match record.tag("Dealer") {
        None => {
            problems.push(
                Problem::new(Kind::BadTag, "the record has no `Dealer` tag")
                    .at(record.tags[0].span, "in this record")
                    .help("name the dealer's seat: [Dealer \"0\"]"),
            );
            Seat::new(0)
        }
        Some(tag) => match tag.value.parse::<Seat>() {
            Ok(d) if d.number() < seats && tag.value.bytes().all(|b| b.is_ascii_digit()) => d,
            _ => {
                problems.push(
                    Problem::new(
                        Kind::BadTag,
                        format!("`{}` is not a seat at this table of {seats}", tag.value),
                    )
                    .at(tag.span, "not a seat")
                    .help(format!(
                        "the dealer is a seat number from 0 to {}",
                        seats - 1
                    )),
                );
                Seat::new(0)
            }
        },
    };
    if let Some(tag) = record.tag("Direction") {
        let ok = match variant {
            Variant::Koenigrufen | Variant::Skill7Tarock => {
                matches!(&*tag.value, "clockwise" | "counter-clockwise")
            }
            _ => tag.value == "counter-clockwise",
        };
        if !ok {
            problems.push(
                Problem::new(Kind::BadTag, format!("`{}` is not a play direction of {variant}", tag.value))
                    .at(tag.span, "bad direction")
                    .help("Königrufen and Skill7 Tarock allow \"clockwise\" or \"counter-clockwise\"; Danish Tarok and French Tarot play counter-clockwise"),
            );
        }
    }
    if problems.is_empty() {
        Ok(Table {
            variant,
            seats,
            dealer,
        })
    } else {
        Err(problems)
    }
}

fn sizes(v: Variant) -> String {
    let s: Vec<String> = v.table_sizes().iter().map(u8::to_string).collect();
    s.join(" or ")
}

/// Every structural fault of a record.
pub fn structure(record: &Record) -> Vec<Problem> {
    match table(record) {
        Ok(t) => structure_at(record, t),
        Err(problems) => problems,
    }
}

/// The structural faults of a record whose table is already read.
pub(crate) fn structure_at(record: &Record, table: Table) -> Vec<Problem> {
    structure_of(record, table).problems
}

/// What the structural checks found, with what the rules engines need to
/// know of it (rules README ALL-1, ALL-3).
#[derive(Debug, Default)]
pub struct Structure {
    /// The findings, in record order.
    pub problems: Vec<Problem>,
    /// The deal itself is wrong (ALL-1): hands or talon of the wrong size, a
    /// card dealt twice or not in the pack. Its one finding is by the dealer
    /// and nothing else of the deal is judged.
    pub wrong_deal: bool,
    /// The index (0-based) of the first trick of the wrong size (ALL-3):
    /// nothing in it or after it is judged.
    pub cut: Option<usize>,
    /// What else the findings say, typed, for the engines to act on
    /// without reading the findings' kinds.
    pub facts: Facts,
}

/// The structural faults of a record as facts an engine acts on
/// ([`Structure::facts`]); each comes with its finding in
/// [`Structure::problems`].
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Facts {
    /// A seat the table does not have, or two hands for one seat: who did
    /// what cannot be known.
    pub unknown_seats: bool,
    /// A card not in the pack, anywhere in the record.
    pub not_in_pack: bool,
    /// A trick beyond the deal's number of tricks.
    pub too_many_tricks: bool,
    /// A partial record (no hands): the cards played a second time, each
    /// with the index (0-based) of the trick it is played again in.
    pub played_twice: Vec<(Card, usize)>,
}

/// The structural faults of a record whose table is already read, and
/// whether they stop the judging of the deal.
pub fn structure_of(record: &Record, table: Table) -> Structure {
    let mut out = Vec::new();
    let mut checker = Checker {
        table,
        deck: table.variant.deck(),
        out: &mut out,
        dealt_outside: Vec::new(),
        cut: None,
        facts: Facts::default(),
    };
    let scan = TrickScan::of(record, table);
    checker.seats(record, scan.bad_seat);
    // The first trick of the wrong size, before anything is pushed: in a
    // partial record only the tricks before it are looked at for cards
    // played twice (ALL-3: nothing in it or after it is judged).
    checker.cut = scan.wrong_size;
    let dealt_twice = checker.cards_in_deck(record, scan.outside);
    let wrong_deal = checker.deal(record, dealt_twice);
    if wrong_deal {
        let unknown_seats = checker.facts.unknown_seats;
        // ALL-1, ALL-7: the one finding of the deal; nothing after it.
        let deal = out.pop();
        out.retain(|p| matches!(p.kind, Kind::UnknownSeat | Kind::DuplicateHand));
        let facts = Facts {
            unknown_seats,
            not_in_pack: deal.as_ref().is_some_and(|p| p.kind == Kind::UnknownCard),
            ..Facts::default()
        };
        out.extend(deal);
        return Structure {
            problems: out,
            wrong_deal,
            cut: None,
            facts,
        };
    }
    checker.tricks(record);
    let (cut, facts) = (checker.cut, checker.facts);
    Structure {
        problems: out,
        wrong_deal,
        cut,
        facts,
    }
}

struct Checker<'a> {
    table: Table,
    deck: CardSet,
    out: &'a mut Vec<Problem>,
    /// Cards dealt (hands, talon) that are not in the pack: part of the one
    /// finding of a wrong deal (ALL-1), not findings of their own.
    dealt_outside: Vec<(Card, Span, Option<Seat>)>,
    /// The first trick of the wrong size (ALL-3).
    cut: Option<usize>,
    facts: Facts,
}

impl Checker<'_> {
    #[inline]
    fn seat(&mut self, seat: Seat, span: Span, what: &str) {
        if seat.number() >= self.table.seats {
            self.report_seat(seat, span, what);
        }
    }

    #[cold]
    fn report_seat(&mut self, seat: Seat, span: Span, what: &str) {
        self.facts.unknown_seats = true;
        self.out.push(
            Problem::new(Kind::UnknownSeat, format!("seat {seat} is not at this table ({what})"))
                .seat(seat)
                .at(span, "no such seat")
                .help(format!(
                    "this table has seats 0 to {}; a Danish table of four needs a `Players` tag with four names",
                    self.table.seats - 1
                )),
        );
    }

    /// `tricks_bad`: a trick names a seat the table does not have
    /// ([`TrickScan::bad_seat`]); only then are the tricks walked again
    /// for the findings.
    fn seats(&mut self, r: &Record, tricks_bad: bool) {
        let mut seen = [false; 256];
        for h in &r.hands {
            self.seat(h.seat, h.span, "hand");
            if std::mem::replace(&mut seen[h.seat.index()], true) {
                self.facts.unknown_seats = true;
                self.out.push(
                    Problem::new(
                        Kind::DuplicateHand,
                        format!("seat {} has two hands", h.seat),
                    )
                    .seat(h.seat)
                    .at(h.span, "second hand for this seat")
                    .help("give each seat's hand once"),
                );
            }
        }
        if let Some(d) = &r.discard {
            self.seat(d.seat, d.span, "discard");
        }
        for a in [&r.auction, &r.calls, &r.declarations]
            .into_iter()
            .flatten()
        {
            for action in &a.actions {
                self.seat(action.seat, action.span, "action");
            }
        }
        if tricks_bad {
            for t in &r.tricks {
                if let Some(s) = t.leader {
                    self.seat(s, t.span, "trick");
                }
                if let Some(s) = t.fool_call {
                    self.seat(s, t.span, "trick");
                }
            }
        }
        for f in r.result.iter().flat_map(|sheet| &sheet.facts) {
            if let Some(s) = f.seat {
                self.seat(s, f.span, "result");
            }
        }
        if let Some(c) = &r.claim {
            for e in &c.entries {
                if let Party::Seat(s) = e.party {
                    self.seat(s, e.span, "claim");
                }
            }
        }
    }

    #[inline]
    fn not_in_deck(&mut self, card: Card, span: Span) {
        if !self.deck.contains(card) {
            self.report_not_in_deck(card, span);
        }
    }

    #[cold]
    fn report_not_in_deck(&mut self, card: Card, span: Span) {
        self.facts.not_in_pack = true;
        {
            let v = self.table.variant;
            let hint = outside_hint(v, card);
            self.out.push(
                Problem::new(
                    Kind::UnknownCard,
                    format!("{card} is not in the {v} pack{hint}"),
                )
                .card(card)
                .at(span, "not in this pack")
                .help(deck_help(v)),
            );
        }
    }

    /// The cards of the lists outside the pack, in record order; returns
    /// whether a card is dealt twice (hands and talon), for [`Self::deal`].
    /// `tricks_outside`: a trick holds a card outside the pack
    /// ([`TrickScan::outside`]).
    fn cards_in_deck(&mut self, r: &Record, tricks_outside: bool) -> bool {
        // One pass over every card gathers them as bits: most records hold
        // no card outside the pack and deal none twice, and only a record
        // that does is walked again, card by card, for its findings (the
        // findings and their order are the same either way).
        // By card index (below 79; 256 entries spare the bounds checks).
        // Plain loops, list by list: a chain of the lists' iterators cost
        // about three times the instructions per card.
        let in_deck = in_deck(self.table.variant);
        let mut dealt = [false; 256];
        let mut twice = false;
        let mut outside = tricks_outside;
        let mut deal = |list: &[Item]| {
            for item in list {
                let i = usize::from(item.card.index());
                twice |= dealt[i];
                dealt[i] = true;
                outside |= !in_deck[i];
            }
        };
        for h in &r.hands {
            deal(&h.cards);
        }
        if let Some(t) = &r.talon {
            deal(&t.cards);
        }
        let mut elsewhere = |list: &[Item]| {
            for item in list {
                outside |= !in_deck[usize::from(item.card.index())];
            }
        };
        if let Some(d) = &r.discard {
            elsewhere(&d.cards);
            elsewhere(&d.shown);
        }
        if outside {
            // The lists in record order: hands, talon, discard (laid away,
            // then shown), tricks.
            for h in &r.hands {
                for item in h.cards.iter().filter(|i| !self.deck.contains(i.card)) {
                    self.dealt_outside
                        .push((item.card, item.span, Some(h.seat)));
                }
            }
            if let Some(t) = &r.talon {
                for item in t.cards.iter().filter(|i| !self.deck.contains(i.card)) {
                    self.dealt_outside.push((item.card, item.span, None));
                }
            }
            if let Some(d) = &r.discard {
                self.items_in_deck(&d.cards);
                self.items_in_deck(&d.shown);
            }
            for t in &r.tricks {
                self.items_in_deck(&t.plays);
            }
        }
        for a in [&r.auction, &r.calls, &r.declarations]
            .into_iter()
            .flatten()
        {
            for action in &a.actions {
                for card in action_cards(&action.act) {
                    self.not_in_deck(card, action.span);
                }
            }
        }
        twice
    }

    #[inline]
    fn items_in_deck(&mut self, items: &[Item]) {
        for item in items {
            self.not_in_deck(item.card, item.span);
        }
    }

    /// `twice`: a card is dealt twice ([`Self::cards_in_deck`]). A wrong
    /// deal is **one** finding by the dealer (rules README ALL-1):
    /// `unknown-card` if a card is not in the pack, else `duplicate-card` if
    /// a card is dealt twice, else `wrong-card-count`; its message names
    /// every wrong hand and card, and every place is underlined. Returns
    /// whether the deal is wrong.
    fn deal(&mut self, r: &Record, twice: bool) -> bool {
        let v = self.table.variant;
        if r.is_partial() {
            // The hands are the cards each seat played: a card played twice
            // is a structural fault here.
            let mut played = CardSet::EMPTY;
            let judged = self.cut.unwrap_or(r.tricks.len());
            for (t, trick) in r.tricks.iter().enumerate().take(judged) {
                for item in &trick.plays {
                    if !played.insert(item.card) {
                        self.facts.played_twice.push((item.card, t));
                        self.out.push(
                            Problem::new(
                                Kind::DuplicateCard,
                                format!("{} is played twice", item.card),
                            )
                            .card(item.card)
                            .trick(t + 1)
                            .at(item.span, "played again here")
                            .help("each card of the pack is played once"),
                        );
                    }
                }
            }
            return false;
        }
        // The reasons, each with its place and underline, in record order
        // within each kind.
        let mut outside = Reasons::default();
        let mut doubled = Reasons::default();
        let mut counts = Reasons::default();
        for &(card, span, seat) in &self.dealt_outside {
            let whose = seat.map_or("the talon".to_string(), |s| format!("seat {s}"));
            outside.push(|| {
                (
                    format!(
                        "{card} in {whose} is not in the {v} pack{}",
                        outside_hint(v, card)
                    ),
                    span,
                    "not in this pack".to_string(),
                )
            });
        }
        // Most records deal no card twice (`cards_in_deck` found that in
        // its pass over the cards): only a record with a card dealt twice
        // is walked again to name the first holder of each.
        if twice {
            let mut dealt = CardSet::EMPTY;
            let mut owner = [Seat::new(u8::MAX); Card::COUNT];
            let talon_seat = Seat::new(u8::MAX - 1);
            let name = |s: Seat| {
                if s == talon_seat {
                    "the talon".to_string()
                } else {
                    format!("seat {s}")
                }
            };
            let mut note = |card: Card, whose: Seat, span: Span| {
                if !dealt.insert(card) {
                    let first = owner[card.index() as usize];
                    doubled.push(|| {
                        let first = name(first);
                        (
                            format!("{card} is dealt twice ({first} and {})", name(whose)),
                            span,
                            format!("{card} already dealt to {first}"),
                        )
                    });
                } else {
                    owner[card.index() as usize] = whose;
                }
            };
            for h in &r.hands {
                for item in &h.cards {
                    note(item.card, h.seat, item.span);
                }
            }
            if let Some(t) = &r.talon {
                for item in &t.cards {
                    note(item.card, talon_seat, item.span);
                }
            }
        }
        for seat in Seat::all(self.table.seats) {
            let expected = v.hand_size(seat == self.table.dealer, self.table.is_active(seat));
            let hand = r.hands.iter().find(|h| h.seat == seat);
            let got = hand.map_or(0, |h| h.cards.len());
            if got != expected {
                let span = hand.map_or(r.tags[0].span, |h| h.span);
                let role = if self.table.sits_out() == Some(seat) {
                    ", who sits out,"
                } else if seat == self.table.dealer && v == Variant::DanishTarok {
                    ", the dealer,"
                } else {
                    ""
                };
                counts.push(|| {
                    (
                        format!(
                            "seat {seat}{role} holds {got} card{}, not {expected}",
                            if got == 1 { "" } else { "s" }
                        ),
                        span,
                        format!("{got} cards"),
                    )
                });
            }
        }
        let talon = r.talon.as_ref().map_or(0, |t| t.cards.len());
        if talon != v.talon_size() {
            let span = r.talon.as_ref().map_or(r.tags[0].span, |t| t.span);
            counts.push(|| {
                (
                    format!("the talon holds {talon} cards, not {}", v.talon_size()),
                    span,
                    format!("{talon} cards"),
                )
            });
        }
        let (kind, help) = if outside.total > 0 {
            (Kind::UnknownCard, deck_help(v))
        } else if doubled.total > 0 {
            (
                Kind::DuplicateCard,
                "each card of the pack is dealt exactly once",
            )
        } else if counts.total > 0 {
            (Kind::WrongCardCount, count_help(v))
        } else {
            return false;
        };
        let dealer = self.table.dealer;
        let total = outside.total + doubled.total + counts.total;
        let reasons: Vec<(String, Span, String)> = outside
            .list
            .into_iter()
            .chain(doubled.list)
            .chain(counts.list)
            .take(MAX_REASONS)
            .collect();
        // Every wrong hand and card is named (ALL-1); a record of thousands
        // (a hostile one) names the first ones and counts the rest, so that
        // one finding stays small.
        let mut words: Vec<&str> = reasons.iter().map(|(w, _, _)| w.as_str()).collect();
        let more = total - reasons.len();
        let more_words = format!("and {more} more");
        if more > 0 {
            words.push(&more_words);
        }
        let mut problem = Problem::new(
            kind,
            format!("the deal is wrong (dealt by seat {dealer}): {}", words.join("; ")),
        )
        .seat(dealer)
        .help(format!(
            "{help}; a wrong deal is one fault of the dealer, and nothing else of the deal is judged"
        ));
        let mut places = reasons.into_iter();
        if let Some((_, span, label)) = places.next() {
            problem = problem.at(span, label);
        }
        for (_, span, label) in places {
            problem = problem.also_at(span, label);
        }
        if kind == Kind::UnknownCard {
            if let [(card, _, _)] = self.dealt_outside[..] {
                problem = problem.card(card);
            }
        }
        self.out.push(problem);
        true
    }

    /// The first trick of the wrong size (ALL-3): more cards than players,
    /// or fewer and followed by another trick. A last recorded trick cut
    /// short is an incomplete record (ALL-4), for the engines to report.
    /// Nothing after the first such trick is judged, here or by the engines.
    fn tricks(&mut self, r: &Record) {
        let v = self.table.variant;
        let n = v.active_seats();
        // The first trick of the wrong size is already known
        // (`TrickScan::wrong_size`, within the deal's tricks): it comes before
        // any trick too many.
        if let Some(t) = self.cut {
            let trick = &r.tricks[t];
            let size = trick.plays.len();
            self.out.push(
                Problem::new(
                    Kind::WrongTrickSize,
                    format!(
                        "trick {} has {} card{}, not {n}; who played what from here on is not known, so nothing in this trick or after it is judged",
                        t + 1,
                        size,
                        if size == 1 { "" } else { "s" }
                    ),
                )
                .trick(t + 1)
                .at(trick.span, format!("{size} cards"))
                .help(format!(
                    "each of the {n} active players plays one card to every trick"
                )),
            );
        } else if let Some(trick) = r.tricks.get(v.tricks()) {
            let t = v.tricks();
            self.facts.too_many_tricks = true;
            self.out.push(
                Problem::new(
                    Kind::TooManyTricks,
                    format!(
                        "a deal of {v} has {} tricks; this is trick {}",
                        v.tricks(),
                        t + 1
                    ),
                )
                .trick(t + 1)
                .at(trick.span, "one trick too many")
                .help("check for a trick written twice"),
            );
        }
    }
}

/// What the checks ask of the tricks, read in one pass over them (a deal
/// has up to 25): the findings are made from it, in record order, by the
/// checks' own walks, which only a record with a fault takes.
struct TrickScan {
    /// A trick names a seat the table does not have (its leader or, Danish,
    /// the seat calling for the fool).
    bad_seat: bool,
    /// A trick holds a card outside the pack.
    outside: bool,
    /// The index of the first trick of the wrong size (ALL-3): more cards
    /// than the active players, or fewer and followed by another trick;
    /// only tricks within the deal's number are looked at (a trick beyond
    /// is too many).
    wrong_size: Option<usize>,
}

impl TrickScan {
    fn of(r: &Record, table: Table) -> TrickScan {
        let v = table.variant;
        let in_deck = in_deck(v);
        let n = v.active_seats();
        let judged = v.tricks().min(r.tricks.len());
        let last = r.tricks.len().saturating_sub(1);
        let unknown = |seat: Option<Seat>| seat.is_some_and(|s| s.number() >= table.seats);
        let mut scan = TrickScan {
            bad_seat: false,
            outside: false,
            wrong_size: None,
        };
        for (t, trick) in r.tricks.iter().enumerate() {
            scan.bad_seat |= unknown(trick.leader) | unknown(trick.fool_call);
            let plays = trick.plays.as_slice();
            let size = plays.len();
            // One comparison for the usual trick, of the right size.
            if size != n && scan.wrong_size.is_none() && t < judged && (size > n || t < last) {
                scan.wrong_size = Some(t);
            }
            scan.outside |= plays
                .iter()
                .any(|item| !in_deck[usize::from(item.card.index())]);
        }
        scan
    }
}

/// The variant's pack by card index: whether each card is in it
/// ([`Variant::deck`]), for the structural check's pass over every card.
fn in_deck(variant: Variant) -> &'static [bool; 256] {
    static TABLES: std::sync::LazyLock<[[bool; 256]; 4]> = std::sync::LazyLock::new(|| {
        Variant::ALL.map(|v| {
            let deck = v.deck();
            std::array::from_fn(|i| {
                u8::try_from(i)
                    .ok()
                    .and_then(Card::from_index)
                    .is_some_and(|c| deck.contains(c))
            })
        })
    });
    &TABLES[variant as usize]
}

/// The cards an action names.
pub(crate) fn action_cards(act: &Act) -> impl Iterator<Item = Card> + '_ {
    let named: &[Card] = match act {
        Act::Call { card, .. } => std::slice::from_ref(card),
        Act::Half { missing, .. } | Act::HalfKings { missing, .. } => std::slice::from_ref(missing),
        Act::Handful { cards, .. } => cards,
        _ => &[],
    };
    named.iter().chain(act.skat()).copied()
}

/// The reasons of a wrong deal named and underlined in its one finding; the
/// rest are counted.
const MAX_REASONS: usize = 100;

/// The reasons of one kind of a wrong deal: the first [`MAX_REASONS`] with
/// their words, place and underline (built only for those), and how many.
#[derive(Default)]
struct Reasons {
    list: Vec<(String, Span, String)>,
    total: usize,
}

impl Reasons {
    fn push(&mut self, reason: impl FnOnce() -> (String, Span, String)) {
        if self.list.len() < MAX_REASONS {
            self.list.push(reason());
        }
        self.total += 1;
    }
}

/// Why a card is not in this pack, where a likely confusion explains it.
pub(crate) fn outside_hint(v: Variant, card: Card) -> &'static str {
    match (v, card) {
        (Variant::DanishTarok | Variant::FrenchTarot, c) if c == Card::SKUS => {
            " (the fool or excuse of this pack is EX)"
        }
        (Variant::Koenigrufen | Variant::Skill7Tarock, c) if c.is_fool() => {
            " (the Sküs of this pack is T22)"
        }
        _ => "",
    }
}

pub(crate) fn deck_help(v: Variant) -> &'static str {
    match v {
        Variant::DanishTarok | Variant::FrenchTarot => {
            "the 78-card pack: S, H, D, C with K Q N J 10..1, trumps T1..T21 and EX"
        }
        Variant::Koenigrufen => {
            "the 54-card pack: H, D with K Q N J 1 2 3 4; S, C with K Q N J 10 9 8 7; tarocks T1..T22"
        }
        Variant::Skill7Tarock => {
            "the 40-card pack: S, C with K Q N J 10; H, D with K Q N J 1; tarocks T1, T4..T22"
        }
    }
}

fn count_help(v: Variant) -> &'static str {
    match v {
        Variant::DanishTarok => {
            "Danish Tarok: 25 cards to each active player and 28 to the dealer; no talon"
        }
        Variant::FrenchTarot => "French Tarot: 18 cards to each of four players and a dog of 6",
        Variant::Koenigrufen => "Königrufen: 12 cards to each of four players and a talon of 6",
        Variant::Skill7Tarock => "Skill7 Tarock: 10 cards to each of four players; no talon",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(text: &str) -> Record {
        crate::parse_str(text).remove(0).unwrap()
    }

    /// Over every record of the corpus (its faulty records included), the
    /// typed facts say what the findings say.
    #[test]
    fn the_facts_are_the_findings() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
        let (mut records, mut with_facts) = (0, 0);
        let mut dirs = vec![root];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                if path.extension().is_none_or(|e| e != "tarok") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                for r in crate::parse_str(&text).into_iter().flatten() {
                    let Ok(t) = table(&r) else { continue };
                    let s = structure_of(&r, t);
                    let any = |k: &[Kind]| s.problems.iter().any(|p| k.contains(&p.kind));
                    let f = &s.facts;
                    let at = path.display();
                    assert_eq!(
                        f.unknown_seats,
                        any(&[Kind::UnknownSeat, Kind::DuplicateHand]),
                        "{at}"
                    );
                    assert_eq!(f.not_in_pack, any(&[Kind::UnknownCard]), "{at}");
                    assert_eq!(f.too_many_tricks, any(&[Kind::TooManyTricks]), "{at}");
                    let twice: Vec<(Card, usize)> = s
                        .problems
                        .iter()
                        .filter(|p| r.is_partial() && p.kind == Kind::DuplicateCard)
                        .map(|p| (p.card.unwrap(), usize::from(p.trick.unwrap()) - 1))
                        .collect();
                    assert_eq!(f.played_twice, twice, "{at}");
                    records += 1;
                    with_facts += usize::from(*f != Facts::default());
                }
            }
        }
        assert!(
            records > 100 && with_facts > 5,
            "{records} records, {with_facts} with facts"
        );
    }

    #[test]
    fn a_wrong_deal_is_one_finding_by_the_dealer_naming_every_fault() {
        // T8 written into seat 3's hand as well: dealt twice and a hand of 11.
        let r = record(
            "[Variant \"skill7-tarock\"]\n[Dealer \"2\"]\n\n\
             hand 0: T22 T21 T20 T19 T18 T17 T16 T15 T14 T8\n\
             hand 1: SK SQ SN SJ S10 CK CQ CN T12 T11\n\
             hand 2: HK HQ HN HJ H1 CJ C10 T10 T9 T13\n\
             hand 3: DK DQ DN DJ D1 T7 T6 T5 T4 T1 T8\n",
        );
        let s = structure_of(&r, table(&r).unwrap());
        assert!(s.wrong_deal);
        let [p] = &s.problems[..] else {
            panic!("{:?}", s.problems)
        };
        assert_eq!((p.kind, p.seat), (Kind::DuplicateCard, Some(Seat::new(2))));
        assert!(p.message.contains("T8 is dealt twice (seat 0 and seat 3)"));
        assert!(p.message.contains("seat 3 holds 11 cards, not 10"));
        assert_eq!(p.also.len(), 1, "both places underlined");
    }

    #[test]
    fn a_wrong_deal_of_thousands_of_cards_stays_one_small_finding() {
        // As many as a record may name (`CARDS_MAX`).
        let cards = vec!["SK"; crate::record::CARDS_MAX].join(" ");
        let r = record(&format!(
            "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n\nhand 0: {cards}\n"
        ));
        let s = structure_of(&r, table(&r).unwrap());
        let [p] = &s.problems[..] else {
            panic!("{} findings", s.problems.len())
        };
        assert_eq!(p.kind, Kind::DuplicateCard);
        // 999 cards dealt twice and four wrong hands: 100 named, the rest
        // counted.
        assert!(
            p.message.ends_with("and 903 more"),
            "{}",
            &p.message[p.message.len() - 40..]
        );
        assert_eq!(p.also.len(), MAX_REASONS - 1);
    }

    #[test]
    fn only_the_first_trick_of_the_wrong_size_and_never_a_last_one_cut_short() {
        let head = "[Variant \"skill7-tarock\"]\n[Dealer \"0\"]\n\n";
        let r = record(&format!("{head}trick 1: SK SQ SN SJ\ntrick 2: S10 CK\n"));
        let s = structure_of(&r, table(&r).unwrap());
        assert!(s.problems.is_empty() && s.cut.is_none(), "{:?}", s.problems);
        let r = record(&format!(
            "{head}trick 1: SK SQ SN\ntrick 2: SJ S10 CK CQ CN\ntrick 3: CJ\n"
        ));
        let s = structure_of(&r, table(&r).unwrap());
        let kinds: Vec<_> = s.problems.iter().map(|p| (p.kind, p.trick)).collect();
        assert_eq!(kinds, [(Kind::WrongTrickSize, Some(1))]);
        assert_eq!(s.cut, Some(0));
    }
}
