//! The replay state: what the phases of a deal change (the hands, the skat,
//! who leads, what has been played, tricks and card points won). It holds
//! no finding and no payment; those go to the report writer
//! ([`super::ledger::Ledger`]).

use notation::{Card, CardSet, PerSeat, Seat};

/// The last complete trick: its seats in order of play, its cards, and the
/// index of the winning card. Settlement after the last trick reads it
/// (DK-PAY-5).
#[derive(Debug, Clone, Copy)]
pub(super) struct LastTrick {
    pub seats: [Seat; 3],
    pub cards: [Card; 3],
    pub winner: usize,
}

impl LastTrick {
    pub fn winner_seat(&self) -> Seat {
        self.seats[self.winner]
    }

    pub fn winner_card(&self) -> Card {
        self.cards[self.winner]
    }
}

/// The game state of one deal, as the phases change it.
#[derive(Debug, Clone)]
pub(super) struct Game {
    /// The cards each seat holds now (after the skat, minus cards played).
    pub hands: PerSeat<CardSet>,
    /// The hands as dealt (the dealer's 28 cards), on which the players
    /// declare (DK-DECL-3).
    pub dealt: PerSeat<CardSet>,
    /// The cards laid in the skat (DK-DISCARD-1).
    pub skat: CardSet,
    /// Whether the hands are known before play (a full record), or inferred
    /// from the cards played (a partial record).
    pub complete: bool,
    /// Whether the dealer validly announced a tout (DK-TOUT-2).
    pub announced_tout: bool,
    /// Who is on lead by the rules: the winner of the last trick.
    pub leader: Seat,
    /// Every card played so far.
    pub played: CardSet,
    /// The fool has been played (DK-FOOL-4).
    pub fool_gone: bool,
    /// Tricks won per seat (DK-PLAY-4, DK-PAY-5).
    pub won: PerSeat<u32>,
    /// Card points per seat, the skat counting for the dealer (DK-COUNT-1).
    pub points: PerSeat<i64>,
    pub last: Option<LastTrick>,
}

impl Game {
    pub fn new(hands: PerSeat<CardSet>, skat: CardSet, complete: bool, leader: Seat) -> Game {
        Game {
            hands,
            dealt: hands,
            skat,
            complete,
            announced_tout: false,
            leader,
            played: CardSet::EMPTY,
            fool_gone: false,
            won: PerSeat::new(hands.len() as u8),
            points: PerSeat::new(hands.len() as u8),
            last: None,
        }
    }
}
