//! The replay state: what the phases of the deal change (hands, talon, the
//! game and teams, announcements, tricks, who won what). It emits nothing;
//! findings, events and payments go through the report writer
//! ([`super::out::Out`]).

use notation::Seat;
use notation::{Card, CardSet, Game, PerSeat};

/// An announced bonus: the team that owns it and its contra level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Ann {
    /// Announced by the bidder's team.
    pub bidder_team: bool,
    pub level: u8,
}

/// The announced bonuses of [`State::ann`] as bit masks (bit
/// `bonus_index`), kept with it ([`State::put_ann`]): the call round's
/// list reads which contras each seat may say from them
/// (`State::round_admitted`, KR-ANN-4), not bonus by bonus.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct AnnBits {
    /// The bonuses announced.
    pub announced: u16,
    /// Those announced by the bidder's team.
    pub bidder_team: u16,
    /// Those at contra level 0, 1 and 2 (a subcontra, level 3, in none).
    pub level: [u16; 3],
}

impl AnnBits {
    /// The masks of `ann`, worked out from it.
    pub fn of(ann: &[Option<Ann>; 12]) -> AnnBits {
        let mut bits = AnnBits::default();
        for (i, a) in ann.iter().enumerate() {
            bits.put(i, *a);
        }
        bits
    }

    /// Bit `i` set as `ann` has it.
    fn put(&mut self, i: usize, ann: Option<Ann>) {
        let bit = 1u16 << i;
        self.announced &= !bit;
        self.bidder_team &= !bit;
        for l in &mut self.level {
            *l &= !bit;
        }
        if let Some(a) = ann {
            self.announced |= bit;
            if a.bidder_team {
                self.bidder_team |= bit;
            }
            if let Some(l) = self.level.get_mut(usize::from(a.level)) {
                *l |= bit;
            }
        }
    }
}

/// One replayed trick: the cards by seat, its leader and winner.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Played {
    pub leader: Seat,
    pub winner: Seat,
    /// Cards in play order from the leader.
    pub cards: [Option<Card>; 4],
    pub n: u8,
}

impl Played {
    /// The seat that played `card` to this trick.
    pub fn seat_of(&self, card: Card) -> Option<Seat> {
        (0..self.n as usize)
            .find(|&i| self.cards[i] == Some(card))
            .map(|i| self.leader.after(i, 4))
    }
    pub fn winning_card(&self) -> Option<Card> {
        self.cards[self.winner.since(self.leader, 4)]
    }
}

/// The game state of one replay (a copy is a copy of its bytes).
#[derive(Debug, Clone, Copy)]
pub(crate) struct State {
    pub forehand: Seat,
    pub partial: bool,
    /// Dealt hands (partial records: reconstructed).
    pub dealt: PerSeat<CardSet>,
    /// Hands as they are now.
    pub hand: PerSeat<CardSet>,
    pub talon: [CardSet; 2],
    pub bidder: Seat,
    pub game: Option<Game>,
    pub called: Option<Card>,
    pub partner: Option<Seat>,
    pub taken: Option<u8>,
    pub discard: CardSet,
    /// The discard is taken to be the cards the bidder never plays
    /// (KR-DISCARD-4), but the record stops before he has played all the
    /// others: which of those cards he laid away is not known.
    pub discard_open: bool,
    /// The discard is taken from the cards the bidder never plays
    /// (KR-DISCARD-4): the tricks to come may change it.
    pub discard_guessed: bool,
    pub grind: bool,
    pub game_level: u8,
    /// The announced bonuses (by `bonus_index`); changed only through
    /// [`State::put_ann`], which keeps `ann_bits` with them.
    pub ann: [Option<Ann>; 12],
    /// `ann` as bit masks.
    pub ann_bits: AnnBits,
    /// Rule 4a: (seat, card, target trick) of announced ultimo cards.
    pub reserved: [(Seat, Option<Card>, u16); 5],
    /// The seats holding a card of `reserved` (bit `1 << seat`), what
    /// [`State::reserves`] reads.
    pub reserved_seats: u8,
    pub tricks: [Played; 12],
    pub ntricks: usize,
    pub won: PerSeat<CardSet>,
    /// The card points (thirds) of the tricks each seat won, every card
    /// counted in each trick it is played to (KR-SCORE-1 as amended: a
    /// card played twice counts twice).
    pub won_points: PerSeat<u32>,
    /// The cards played so far (ALL-2: a card played again is a
    /// `duplicate-card`).
    pub played: CardSet,
    pub tricks_won: PerSeat<u8>,
    pub ended_early: bool,
    pub complete: bool,
    /// The first trick (1-based) of the wrong size (ALL-3): a card too many,
    /// or one missing and another trick after it.
    pub wrong_trick: Option<usize>,
    /// The last recorded trick has a card missing (ALL-4: the record is
    /// incomplete; its cards are judged).
    pub short: bool,
}

impl State {
    /// The state before the auction: the forehand bids last and, until a
    /// bid says otherwise, is taken as the bidder.
    pub fn new(forehand: Seat, partial: bool) -> State {
        State {
            forehand,
            partial,
            dealt: PerSeat::new(4),
            hand: PerSeat::new(4),
            talon: [CardSet::EMPTY; 2],
            bidder: forehand,
            game: None,
            called: None,
            partner: None,
            taken: None,
            discard: CardSet::EMPTY,
            discard_open: false,
            discard_guessed: false,
            grind: false,
            game_level: 0,
            ann: [None; 12],
            ann_bits: AnnBits {
                announced: 0,
                bidder_team: 0,
                level: [0; 3],
            },
            reserved: [(Seat::new(0), None, 0); 5],
            reserved_seats: 0,
            tricks: [Played::default(); 12],
            ntricks: 0,
            won: PerSeat::new(4),
            won_points: PerSeat::new(4),
            played: CardSet::EMPTY,
            tricks_won: PerSeat::new(4),
            ended_early: false,
            complete: false,
            wrong_trick: None,
            short: false,
        }
    }

    pub fn game(&self) -> Game {
        self.game.unwrap_or(Game::Caller)
    }

    /// Rule 4a: reserves `card` held by `holder` for trick `target`
    /// (KR-PLAY-6), in place `k` of `reserved`.
    pub fn reserve(&mut self, k: usize, holder: Seat, card: Card, target: u16) {
        self.reserved[k] = (holder, Some(card), target);
        self.reserved_seats |= 1 << holder.index();
    }

    /// Whether `seat` holds a reserved card (rule 4a binds it): the seat of
    /// an entry of `reserved` with a card, read from `reserved_seats`
    /// rather than the five entries, for every card played.
    #[inline]
    pub fn reserves(&self, seat: Seat) -> bool {
        self.reserved_seats & (1 << seat.index()) != 0
    }

    /// Sets the announced bonus `i` (`bonus_index`) to `ann`, its bits
    /// with it (`ann_bits`).
    pub fn put_ann(&mut self, i: usize, ann: Ann) {
        self.ann[i] = Some(ann);
        self.ann_bits.put(i, Some(ann));
    }

    /// Whether a seat plays on the bidder's side.
    pub fn team(&self, seat: Seat) -> bool {
        seat == self.bidder || Some(seat) == self.partner
    }

    /// Whether the dealt hand of `seat` lacks `card`. A partial record knows
    /// only the cards played: a card lacks when it is seen elsewhere.
    pub fn lacks_dealt(&self, seat: Seat, card: Card) -> bool {
        if !self.partial {
            return !self.dealt[seat].contains(card);
        }
        self.talon[0].union(self.talon[1]).contains(card)
            || Seat::all(4).any(|o| o != seat && self.dealt[o].contains(card))
    }

    /// Whether the hand of `seat` in the call round lacks `card`.
    pub fn lacks_now(&self, seat: Seat, card: Card) -> bool {
        if self.discard_open && seat == self.bidder && self.discard.contains(card) {
            // Perhaps still held: the record stops before it could be played.
            return false;
        }
        if !self.partial {
            return !self.hand[seat].contains(card);
        }
        !self.hand[seat].contains(card)
            && (self.discard.contains(card)
                || self.lacks_dealt(seat, card) && !self.hand[seat].contains(card))
    }
}
