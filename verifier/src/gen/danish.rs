//! Random legal deals of Danish Tarok, played through
//! [`crate::game::Game`]: the generator holds no rule of its own (issue 25).
//! It deals, lets the game say what is legal at each step
//! ([`crate::game::Game::legal`]) and chooses among it; the claim is the
//! game's settlement. The first deal of a session (`index` 0) starts the
//! session (foundation), later ones state the pots they start with in a
//! `Pots` tag. What it chooses, and how often, is its own (the choices of
//! the generator before it, which wrote the rules a second time):
//! - no misdeal demand and no entry of the auction (the game lists them);
//!   a deal whose dealer the game lets lay no skat is dealt again;
//! - the skat card by card, each listed card alike, cards other than
//!   trumps while any is listed (so any skat of three plain cards alike);
//! - the declarations: the seats from the dealer on, each making every
//!   declaration listed for it, in the order listed, or passing when it
//!   has none;
//! - a card: any listed card other than the fool, alike, or one time in
//!   eight any listed card (the fool is then often still there for a call
//!   in trick 23 or for the last trick);
//! - with `extras` (every deal but a few scripted ones): a call for the
//!   fool at trick 23 one time in three where one is listed, the caller
//!   alike; a led fool named one of the four suits or trumps alike, or half
//!   the time the first name (suits, then trumps) after which the game
//!   lists a renaming (both others void); a renaming half the time where
//!   one is listed, to one of the four leads other than the one standing,
//!   alike, made if the game lists it.

use super::{Fixed, Rng};
use crate::game::{Game, Move};
use notation::{
    Act, Card, CardSet, ClaimEntry, Hand, Item, Lead, Party, Pot, Record, Seat, Span, Suit, Tag,
    Variant,
};

/// The leads a fool can be named or renamed to, in the order the old
/// generator numbered them.
const NAMES: [Lead; 5] = [
    Lead::Suit(Suit::Spades),
    Lead::Suit(Suit::Hearts),
    Lead::Suit(Suit::Diamonds),
    Lead::Suit(Suit::Clubs),
    Lead::Trumps,
];

/// A deal before play: who deals, the dealt hands (the dealer's 28 cards),
/// a skat to lay (empty: chosen among the legal ones), and the pots before
/// the dealer's fee (`None`: the session starts, foundation is paid).
#[derive(Debug, Clone)]
pub struct Setup {
    /// The dealer's seat (0..3; at a table of four, see `four`).
    pub dealer: usize,
    /// The hands as dealt, by seat (the dealer's with the skat in it).
    pub hands: [Vec<Card>; 3],
    /// The cards the dealer lays away; empty: the generator chooses them
    /// among the cards the game lists.
    pub skat: Vec<Card>,
    /// The pots `[king, pagat]` before the dealer's fee; `None` at a
    /// session's start.
    pub pots: Option<[i64; 2]>,
    /// Random calls for the fool in trick 23 and renamings of a led fool.
    pub extras: bool,
    /// Four at the table: the dealer's seat at the table of four. The
    /// hands are those of seats 0..3 in order of play from the dealer, and
    /// are renumbered; the seat opposite the dealer sits out.
    pub four: Option<Seat>,
}

/// Chooses a card: `(rng, trick 1..=25, seat, legal cards) -> card`.
pub type Chooser<'a> = dyn FnMut(&mut Rng, usize, usize, &[Card]) -> Card + 'a;

/// The generator's own choice of a card (the module docs): the fool rarely.
fn choose_card(rng: &mut Rng, _: usize, _: usize, options: &[Card]) -> Card {
    // The listed cards other than the fool, counted and then indexed in
    // place (no list of them made). The game lists a card once: with the
    // fool at most once, the k-th other card is found by the fool's place.
    let fool = options.iter().position(|c| c.is_fool());
    let once = fool.is_none_or(|f| !options[f + 1..].iter().any(|c| c.is_fool()));
    let count = if once {
        options.len() - usize::from(fool.is_some())
    } else {
        options.iter().filter(|c| !c.is_fool()).count()
    };
    if count == 0 || rng.below(8) == 0 {
        *rng.pick(options)
    } else {
        let k = rng.below(count);
        match fool {
            _ if !once => options
                .iter()
                .copied()
                .filter(|c| !c.is_fool())
                .nth(k)
                .expect("an index below the count"),
            Some(f) if k >= f => options[k + 1],
            _ => options[k],
        }
    }
}

/// [`choose_card`] on the listed cards as a set (the list's order is the
/// set's, each card once, the fool its last card): the same draws and the
/// same card, without the list. The fool, if there, is the last of the `n`
/// cards, so the k-th card other than it is the set's k-th card.
/// The set is read as its two 64-bit halves: each counted once (a software
/// popcount on this target) and the k-th card found in its half.
fn choose_in_set(rng: &mut Rng, cards: CardSet) -> Card {
    let bits = cards.bits();
    let (low, high) = (bits as u64, (bits >> 64) as u64);
    let in_low = low.count_ones() as usize;
    let n = in_low + high.count_ones() as usize;
    let count = n - usize::from(cards.contains(Card::FOOL));
    let k = if count == 0 || rng.below(8) == 0 {
        rng.below(n)
    } else {
        rng.below(count)
    };
    let (mut half, base, k) = if k < in_low {
        (low, 0, k)
    } else {
        (high, 64, k - in_low)
    };
    for _ in 0..k {
        half &= half - 1;
    }
    Card::from_index(base + half.trailing_zeros() as u8).expect("an index below the count")
}

/// One random legal deal; `index` is its place in the session.
pub fn deal(rng: &mut Rng, index: usize) -> Option<Record> {
    deal_with(rng, index, &Fixed::default(), None).ok()
}

/// As [`deal`], with hands fixed and the pots the previous deal left
/// (`None`: random pots after the first deal of a session).
pub fn deal_with(
    rng: &mut Rng,
    index: usize,
    fixed: &Fixed,
    carried: Option<[i64; 2]>,
) -> Result<Record, String> {
    let pots = start_pots(rng, index, carried);
    played(
        rng,
        &Dealing::new(fixed, Seat::new((index % 3) as u8), 3)?,
        pots,
    )
}

/// One random legal deal at a table of four (the seat opposite the dealer
/// sits out); `index` is its place in the session, the dealer rotating
/// through all four seats.
pub fn deal_four(rng: &mut Rng, index: usize) -> Option<Record> {
    deal_four_with(rng, index, &Fixed::default(), None).ok()
}

/// As [`deal_four`], with hands fixed (seats of the table of four) and the
/// pots the previous deal left (`None`: random pots after the first deal).
pub fn deal_four_with(
    rng: &mut Rng,
    index: usize,
    fixed: &Fixed,
    carried: Option<[i64; 2]>,
) -> Result<Record, String> {
    let pots = start_pots(rng, index, carried);
    played(
        rng,
        &Dealing::new(fixed, Seat::new((index % 4) as u8), 4)?,
        pots,
    )
}

/// The pots a deal starts from: none at a session's start, else those
/// carried, else random ones.
fn start_pots(rng: &mut Rng, index: usize, carried: Option<[i64; 2]>) -> Option<[i64; 2]> {
    if index == 0 {
        return None;
    }
    let random = [20 + 5 * rng.below(30) as i64, 20 + 5 * rng.below(30) as i64];
    Some(carried.unwrap_or(random))
}

/// Shuffles and deals until the game lets the dealer lay a skat, and
/// plays the deal out.
fn played(rng: &mut Rng, dealing: &Dealing, pots: Option<[i64; 2]>) -> Result<Record, String> {
    loop {
        let mut setup = dealing.shuffled(rng, pots)?;
        // The hands dealt as players hold them, sorted together here (the
        // pack read once in the held order): the record's hands are sorted
        // so after the deal (`super::sort_hands`, which then finds them in
        // order), and the game reads a hand as a set (its lists are in the
        // set's order).
        super::sort_dealt(Variant::DanishTarok, &mut setup.hands);
        if let Some(record) = try_play_out(&setup, rng, None)? {
            return Ok(record);
        }
    }
}

/// How a table deals: its dealer, its size, and the fixed hands by place
/// in the order of play from the dealer (the seat after the dealer 0, the
/// next 1, the dealer 2).
struct Dealing {
    dealer: Seat,
    seats: u8,
    order: Vec<Seat>,
    fixed: Fixed,
}

impl Dealing {
    fn new(fixed: &Fixed, dealer: Seat, seats: u8) -> Result<Dealing, String> {
        let table = notation::check::Table {
            variant: Variant::DanishTarok,
            seats,
            dealer,
        };
        let order: Vec<Seat> = table.order_from_dealer().collect();
        let fixed = fixed.remap(|s| {
            order
                .iter()
                .position(|&o| o == s)
                .map(|k| Seat::new(k as u8))
        })?;
        Ok(Dealing {
            dealer,
            seats,
            order,
            fixed,
        })
    }

    /// A random shuffle of the pack, the fixed hands in place: the first
    /// 25 cards to the seat after the dealer, the next 25 to the next, the
    /// last 28 to the dealer.
    fn shuffled(&self, rng: &mut Rng, pots: Option<[i64; 2]>) -> Result<Setup, String> {
        let mut pack: Vec<Card> = Variant::DanishTarok.deck().iter().collect();
        rng.shuffle(&mut pack);
        self.fixed.arrange(&mut pack, |k| match k.number() {
            0 => 0..25,
            1 => 25..50,
            _ => 50..78,
        })?;
        let slices = [&pack[0..25], &pack[25..50], &pack[50..78]];
        let mut hands: [Vec<Card>; 3] = Default::default();
        let dealer = if self.seats == 4 {
            // The setup's seats in order of play from its dealer, seat 0.
            hands = [slices[2].to_vec(), slices[0].to_vec(), slices[1].to_vec()];
            0
        } else {
            for (k, &seat) in self.order.iter().enumerate() {
                hands[seat.index()] = slices[k].to_vec();
            }
            self.dealer.index()
        };
        Ok(Setup {
            dealer,
            hands,
            skat: Vec::new(),
            pots,
            extras: true,
            four: (self.seats == 4).then_some(self.dealer),
        })
    }
}

/// A random shuffle for the deal at `index` of a session (a table of
/// three); the skat is left to the play.
pub fn random_setup(rng: &mut Rng, index: usize) -> Setup {
    random_setup_with(rng, index, &Fixed::default()).expect("no hand is fixed")
}

/// As [`random_setup`], with some hands fixed (seats 0..3).
pub fn random_setup_with(rng: &mut Rng, index: usize, fixed: &Fixed) -> Result<Setup, String> {
    let pots = start_pots(rng, index, None);
    Dealing::new(fixed, Seat::new((index % 3) as u8), 3)?.shuffled(rng, pots)
}

/// The record of a setup's deal, before any entry: its tags and hands.
fn dealt(setup: &Setup) -> Record {
    let mut tags = vec![Tag::new("Variant", "danish-tarok")];
    let mut hands: Vec<Hand> = Vec::new();
    let hand = |seat: Seat, cards: &[Card]| Hand {
        seat,
        cards: cards.iter().copied().map(Item::new).collect(),
        card_comments: Default::default(),
        comments: Vec::new(),
        span: Span::default(),
    };
    match setup.four {
        None => {
            tags.push(Tag::new("Dealer", setup.dealer.to_string()));
            for (s, cards) in setup.hands.iter().enumerate() {
                hands.push(hand(Seat::new(s as u8), cards));
            }
        }
        Some(table_dealer) => {
            tags.push(Tag::new("Dealer", table_dealer.to_string()));
            tags.push(Tag::new("Players", "Anna; Bent; Carl; Dora"));
            let table = notation::check::Table {
                variant: Variant::DanishTarok,
                seats: 4,
                dealer: table_dealer,
            };
            // The setup's seats in order of play from its dealer.
            let mut order: Vec<Seat> = table.order_from_dealer().collect();
            order.rotate_right(1);
            for s in Seat::all(4) {
                let k = order.iter().position(|&o| o == s);
                let cards = k.map_or(&[][..], |k| &setup.hands[(setup.dealer + k) % 3][..]);
                hands.push(hand(s, cards));
            }
        }
    }
    if let Some(p) = setup.pots {
        tags.push(Tag::new(
            "Pots",
            format!("king-pot {}, pagat-pot {}", p[0], p[1]),
        ));
    }
    Record {
        tags,
        hands,
        ..Record::default()
    }
}

/// Plays a setup's deal out through the game with the chooser's cards
/// (the other choices are the generator's, the module docs), and writes
/// the record with its claim, the game's settlement. Panics when the
/// setup's hands or skat are not a legal deal.
pub fn play_out(setup: &Setup, rng: &mut Rng, choose: &mut Chooser<'_>) -> Record {
    try_play_out(setup, rng, Some(choose))
        .expect("a deal the game can play")
        .expect("a skat the game lists")
}

/// As [`play_out`]; `Ok(None)` when the game lets the dealer lay no skat
/// (the deal is dealt again), `Err` when the game does not take the deal.
/// `choose`: the chooser of a card; `None`, the generator's own
/// ([`choose_card`]), which draws a plain card on the engine's set of cards
/// ([`choose_in_set`]).
fn try_play_out(
    setup: &Setup,
    rng: &mut Rng,
    mut choose: Option<&mut Chooser<'_>>,
) -> Result<Option<Record>, String> {
    let mut game = Game::from_deal(dealt(setup)).map_err(|e| e.to_string())?;
    // Most cards are taken without a list (`Game::play_plain`): a list is
    // made when asked for, not ahead for every position a move leaves.
    game.list_on_ask(true);
    let table = game.table();
    // The seats from the dealer on: the dealer declares first.
    let mut declaring: Vec<Seat> = table.order_from_dealer().collect();
    declaring.rotate_right(1);
    let mut skat = setup.skat.iter().copied();
    // Room for the largest hand at once (the lists grow otherwise).
    let mut lists = Lists {
        cards: Vec::with_capacity(32),
        ..Lists::default()
    };
    while !game.is_over() {
        // A plain card of the play (most of a deal's moves): chosen from
        // the engine's set of cards (`Game::play_plain`), no list of moves
        // made; the chooser is given the cards as `play` gives them (the
        // list's order) and draws the same. The generator's own choice is
        // drawn on the cards of a lead with the fool too: a fool so chosen
        // (to be named) is handed to `play` below as chosen, `play` drawing
        // nothing before its choice at a lead other than trick 23's.
        let mut chosen = None;
        if game.record().discard.is_some() {
            let t = trick_in_play(game.record());
            let cards = &mut lists.cards;
            let taken = match &mut choose {
                None => game.play_plain(true, |_, set| choose_in_set(rng, set)),
                Some(choose) => game.play_plain(false, |seat, set| {
                    cards.clear();
                    cards.extend(set.iter());
                    choose(rng, t, seat.index(), cards)
                }),
            };
            match taken.transpose().map_err(|e| e.to_string())? {
                Some(None) => continue,
                Some(Some(fool)) => chosen = Some(fool),
                None => {}
            }
        }
        game.list_now();
        let legal = game.legal_moves();
        // A move the engine listed is taken by its place in the list
        // (`Game::apply_at`: not searched for in it again); a list judged
        // move by move (none the engine made) by the move itself.
        let listed = matches!(legal, std::borrow::Cow::Borrowed(_));
        let mv = if game.record().discard.is_none() {
            // Made at the list's size at once (a collected filter grows).
            let mut discard: Vec<Card> = Vec::with_capacity(legal.len());
            discard.extend(legal.iter().filter_map(|m| match m {
                Move::Discard { card, .. } => Some(*card),
                _ => None,
            }));
            if discard.is_empty() && setup.skat.is_empty() {
                return Ok(None);
            }
            let seat = legal
                .iter()
                .find(|m| matches!(m, Move::Discard { .. }))
                .map_or(Seat::default(), Move::seat);
            if let Some(card) = skat.next() {
                // A skat given is laid as it stands: the game records
                // what it breaks (a scripted deal of the corpus builder).
                drop(legal);
                game.apply_anyway(Move::Discard {
                    seat: table.dealer,
                    card,
                });
                continue;
            }
            let plain: Vec<Card> = discard.iter().copied().filter(|c| !c.is_trump()).collect();
            let card = *rng.pick(if plain.is_empty() { &discard } else { &plain });
            Move::Discard { seat, card }
        } else {
            let pick = match declaration(&game, &legal, &declaring) {
                Some(at) => Pick::At(at),
                None => {
                    let mut own = choose_card;
                    // The fool chosen above, given without a draw.
                    let mut given =
                        chosen.map(|card| move |_: &mut Rng, _: usize, _: usize, _: &[Card]| card);
                    let choose: &mut Chooser<'_> = match (&mut choose, &mut given) {
                        (Some(choose), _) => &mut **choose,
                        (None, Some(given)) => given,
                        (None, None) => &mut own,
                    };
                    play(&game, rng, &legal, setup.extras, choose, &mut lists)?
                }
            };
            match pick {
                Pick::At(at) if listed => {
                    drop(legal);
                    game.apply_at(at).map_err(|e| e.to_string())?;
                    continue;
                }
                Pick::At(at) => legal[at].clone(),
                Pick::Move(mv) => mv,
            }
        };
        drop(legal);
        game.apply(mv).map_err(|e| e.to_string())?;
    }
    let report = game.settlement();
    let mut record = game.into_record();
    let pots = report.pots.ok_or("the deal is not settled")?;
    if !report.settled || report.totals.len() != table.seats as usize {
        return Err("the deal is not settled".into());
    }
    let mut claim = super::claim(&report.totals);
    for (pot, amount) in [(Pot::King, pots[0]), (Pot::Pagat, pots[1])] {
        claim.entries.push(ClaimEntry {
            party: Party::Pot(pot),
            amount,
            span: Span::default(),
        });
    }
    record.claim = Some(claim);
    Ok(Some(record))
}

/// A move chosen: by its place in the game's list, or as made.
enum Pick {
    At(usize),
    Move(Move),
}

/// The next entry of the declarations (the module docs), by its place in
/// `legal`: the seats from the dealer on, each its declarations listed, in
/// their order, or a pass from a seat that has made no entry; `None` once
/// none is due (the play).
fn declaration(game: &Game, legal: &[Move], declaring: &[Seat]) -> Option<usize> {
    // The game lists its moves in the order of the record's sections, the
    // declarations before the play: a list that starts with a card has no
    // entry of the declarations (the play's lists, most of a deal's, are
    // not searched through).
    if matches!(legal.first(), Some(Move::Play { .. }))
        || !legal.iter().any(|m| matches!(m, Move::Declare { .. }))
    {
        return None;
    }
    let spoken = |seat: Seat| {
        game.record()
            .declarations
            .iter()
            .flat_map(|d| &d.actions)
            .any(|a| a.seat == seat)
    };
    declaring.iter().find_map(|&seat| {
        let own = |m: &Move| matches!(m, Move::Declare { seat: s, .. } if *s == seat);
        let declare = legal
            .iter()
            .position(|m| own(m) && !matches!(m, Move::Declare { act: Act::Pass, .. }));
        let pass = legal
            .iter()
            .position(|m| own(m) && matches!(m, Move::Declare { act: Act::Pass, .. }))
            .filter(|_| !spoken(seat));
        declare.or(pass)
    })
}

/// A card the game lists: its seat, the card, the name of a led fool, a
/// renaming of it, a call for it.
type Listed = (Seat, Card, Option<Lead>, Option<Lead>, Option<Seat>);

/// The lists [`play`] makes at each card, kept from card to card of a deal
/// (made once, not at every card).
#[derive(Default)]
struct Lists {
    plays: Vec<Listed>,
    cards: Vec<Card>,
}

/// A card of the play, with the fool's call, name or renaming (the module
/// docs).
fn play(
    game: &Game,
    rng: &mut Rng,
    legal: &[Move],
    extras: bool,
    choose: &mut Chooser<'_>,
    lists: &mut Lists,
) -> Result<Pick, String> {
    let Lists { plays, cards } = lists;
    plays.clear();
    cards.clear();
    // Plain cards only (no fool named, renamed or called for): the choice
    // is among them as listed, nothing else drawn (as below, where no call,
    // renaming or name is listed).
    let mut plain = true;
    let mut due = None;
    cards.extend(legal.iter().map_while(|m| match m.plain_card() {
        Some((seat, card)) => {
            due.get_or_insert(seat);
            Some(card)
        }
        None => {
            plain = false;
            None
        }
    }));
    if let (true, Some(seat)) = (plain, due) {
        let t = trick_in_play(game.record());
        let card = choose(rng, t, seat.index(), cards);
        // The list is the cards' list, move for card: the card's place in
        // it is the move's (a chooser's card not listed is taken as made,
        // and the game judges it).
        return Ok(match cards.iter().position(|&c| c == card) {
            Some(at) => Pick::At(at),
            None => Pick::Move(Move::play(seat, card)),
        });
    }
    cards.clear();
    plays.extend(legal.iter().filter_map(|m| match m {
        Move::Play {
            seat,
            card,
            name,
            rename,
            fool_call,
        } => Some((*seat, *card, *name, *rename, *fool_call)),
        _ => None,
    }));
    let Some(&(seat, ..)) = plays.first() else {
        return Err("the game has no legal card before its end".into());
    };
    let record = game.record();
    let within = record
        .tricks
        .last()
        .filter(|t| t.plays.len() < Variant::DanishTarok.active_seats());
    let t = record.tricks.len() + usize::from(within.is_none());
    // A call for the fool (trick 23), one time in three.
    let callers: Vec<Seat> = dedup(plays.iter().filter_map(|p| p.4));
    let call = if extras && !callers.is_empty() && rng.below(3) == 0 {
        Some(*rng.pick(&callers))
    } else {
        None
    };
    // A renaming of a led fool, half the time, to a lead other than the
    // one standing.
    let mut rename = None;
    if let Some(trick) = within.filter(|_| extras && plays.iter().any(|p| p.3.is_some())) {
        let standing = trick
            .plays
            .iter()
            .rev()
            .find_map(|i| i.rename)
            .or(trick.plays[0].name);
        if rng.below(2) == 0 {
            let others: Vec<Lead> = NAMES
                .iter()
                .copied()
                .filter(|&l| Some(l) != standing)
                .collect();
            let new = *rng.pick(&others);
            rename = plays.iter().any(|p| p.3 == Some(new)).then_some(new);
        }
    }
    // The distinct cards in their first order, the set of those seen
    // asked rather than the list (a hand of up to 28 cards).
    let mut seen = CardSet::EMPTY;
    cards.extend(
        plays
            .iter()
            .filter(|p| p.4 == call && p.3 == rename && seen.insert(p.1))
            .map(|p| p.1),
    );
    let card = choose(rng, t, seat.index(), cards);
    // The names listed with the card: only a led fool has any.
    let names: Vec<Lead> = if card.is_fool() && within.is_none() {
        plays
            .iter()
            .filter(|p| p.1 == card && p.4 == call)
            .filter_map(|p| p.2)
            .collect()
    } else {
        Vec::new()
    };
    let mut name = None;
    if !names.is_empty() {
        let mut n = NAMES[rng.below(5)];
        // Now and then a suit neither follower holds, so that renaming
        // happens: the first name after which the game lists a renaming.
        if extras && rng.below(2) == 0 {
            let renamable = |lead: Lead| {
                let mut after = game.clone();
                after
                    .apply(Move::Play {
                        seat,
                        card,
                        name: Some(lead),
                        rename: None,
                        fool_call: call,
                    })
                    .is_ok()
                    && after
                        .legal()
                        .iter()
                        .any(|m| matches!(m, Move::Play { rename, .. } if rename.is_some()))
            };
            if let Some(v) = NAMES.iter().copied().find(|&l| renamable(l)) {
                n = v;
            }
        }
        name = names.contains(&n).then_some(n);
    }
    Ok(Pick::Move(Move::Play {
        seat,
        card,
        name,
        rename,
        fool_call: call,
    }))
}

/// The distinct items of `items`, in their first order.
fn dedup<T: PartialEq>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut out: Vec<T> = Vec::new();
    for item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

/// The number (from 1) of the trick the next card goes to: the last one
/// written while it is short of a card, else the one after it.
fn trick_in_play(record: &Record) -> usize {
    let within = record
        .tricks
        .last()
        .is_some_and(|t| t.plays.len() < Variant::DanishTarok.active_seats());
    record.tricks.len() + usize::from(!within)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generator's choice on the set draws as it draws on the list of
    /// the set's cards: the same card and the same random numbers after,
    /// on random hands, with and without the fool.
    #[test]
    fn choice_on_the_set_is_the_choice_on_the_list() {
        let mut hands = Rng::new(29);
        for seed in 0..20_000u64 {
            let mut cards = hands.hand(30);
            if seed % 3 == 0 {
                cards.insert(Card::FOOL);
            }
            if cards.is_empty() {
                continue;
            }
            let listed: Vec<Card> = cards.iter().collect();
            let (mut a, mut b) = (Rng::new(seed), Rng::new(seed));
            assert_eq!(
                choose_in_set(&mut a, cards),
                choose_card(&mut b, 1, 0, &listed),
                "{listed:?}"
            );
            assert_eq!(a.next_u64(), b.next_u64(), "{listed:?}");
        }
    }
}
