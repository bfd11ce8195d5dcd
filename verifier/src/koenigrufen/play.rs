//! The play (KR-PLAY-1, 8, 9, 10, KR-NEG-1): twelve tricks, who leads
//! each, who wins it and why, the running card points, and the early end of
//! beggar, piccolo and an announced valat. What a seat may play to a trick
//! (rules 1–4) is in [`super::duties`].

use notation::Kind;
use notation::Rule;
use notation::Seat;
use notation::{Bonus, Card, Game, Problem, Trick};

use super::options::Opts;
use super::rules::*;
use super::state::Played;
use super::Replay;
use crate::trick::{self, Duties, Rules};
use crate::{Event, Moment};

/// The play so far: the tricks judged, who leads the next.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tricks {
    /// Who leads the next trick (who led the trick judged last).
    pub leader: Seat,
    /// The team an announced valat is for (KR-NEG-1).
    valat_team: Option<bool>,
    /// The game's trick rules, read once for the whole play.
    pub rules: Rules,
    /// Who wins a trick of the play ([`winner_of_trick`]): the keys of the
    /// cards by the class of the card led under the face order and
    /// whether tarocks beat suit cards ([`WIN_KEYS`]).
    keys: &'static [[u8; 79]; 6],
    /// The next trick to judge (0-based).
    pub next: usize,
    /// Nothing more is judged: the play ended early and a trick after the
    /// end was found, a trick of the wrong size, a trick cut short.
    pub stopped: bool,
}

impl Replay<'_> {
    /// The play before its first card: the forehand leads (negative games:
    /// the bidder, KR-PLAY-1).
    pub(super) fn open_play(&self) -> Tricks {
        let game = self.state.game();
        let leader = if is_negative(game) {
            self.state.bidder
        } else {
            self.state.forehand
        };
        let rules = trick_rules(game, &self.opts);
        Tricks {
            leader,
            valat_team: self.state.ann[bonus_index(Bonus::Valat)].map(|a| a.bidder_team),
            // The game is settled before the first card: its trick rules
            // are read once for the whole play.
            rules,
            keys: &WIN_KEYS[usize::from(self.opts.knight_high)]
                [usize::from(rules.trumps_beat_suits)],
            next: 0,
            stopped: false,
        }
    }

    /// The tricks from `p.next` on, in order, judged whatever they hold;
    /// `whole`: to the record's end, else the last trick is left while it
    /// is being played (fewer than four cards), since who led it is read
    /// from all its cards (README ALL-5).
    pub(super) fn play_tricks(&mut self, p: &mut Tricks, whole: bool) {
        self.play_tricks_by::<true>(p, whole);
    }

    /// [`Replay::play_tricks`] of the stepped engine after a card it
    /// listed legal (`Stepped::advance_card`), the last trick left while
    /// it is being played: a trick completed is taken without judging its
    /// cards (KR-PLAY-2..7), which find nothing: its first cards found
    /// nothing as the record so far was judged, its last one is listed
    /// legal. Debug builds judge them all the same.
    pub(super) fn play_listed_tricks(&mut self, p: &mut Tricks) {
        self.play_tricks_by::<false>(p, false);
    }

    /// [`Replay::play_tricks`], each card judged where `JUDGE`.
    fn play_tricks_by<const JUDGE: bool>(&mut self, p: &mut Tricks, whole: bool) {
        let rec = self.rec;
        while !p.stopped && p.next < rec.tricks.len().min(12) {
            let t = p.next;
            let trick = &rec.tricks[t];
            if !whole && t + 1 == rec.tricks.len() && trick.plays.len() < 4 {
                return;
            }
            p.next += 1;
            let k = t + 1;
            if self.state.ended_early {
                // KR-NEG-1 as amended: one finding, no seat, at the first
                // trick after the end; those tricks are not judged.
                self.out.push(
                    Problem::new(Kind::Other, format!("trick {k} is recorded after the play had ended"))
                        .rule(Rule::KrNeg1)
                        .trick(k)
                        .at(trick.span, "play is over")
                        .help("beggar ends when the bidder wins a trick, piccolo when it wins a second, an announced valat when the other team wins one; the tricks after the end are not judged"),
                );
                p.stopped = true;
                break;
            }
            if *self.cut == Some(t) {
                // ALL-3: who plays what from here on is unknown: nothing in
                // it or after it is judged, and the deal is void.
                self.state.wrong_trick = Some(k);
                p.stopped = true;
                break;
            }
            p.leader = self.trick_leader(trick, k, p.leader);
            if trick.plays.len() < 4 {
                // ALL-4: the last recorded trick cut short; its cards are
                // judged, the record is incomplete.
                self.play_cards::<JUDGE>(trick, k, p.leader, &p.rules, &mut [Card::PAGAT; 4]);
                self.state.short = true;
                p.stopped = true;
                break;
            }
            let Some(winner_seat) = self.play_trick::<JUDGE>(trick, t, p.leader, p) else {
                continue;
            };
            p.leader = winner_seat;
            self.early_end(k, winner_seat, p.valat_team);
        }
    }

    /// The end of the play, its tricks judged ([`Replay::play_tricks`]):
    /// whether the deal is complete.
    pub(super) fn close_play(&mut self) {
        if self.state.ended_early {
            self.forget_tricks_after_the_end();
        }
        if self.state.wrong_trick.is_some() {
            return;
        }
        self.state.complete =
            self.state.ended_early || (!self.state.short && self.state.ntricks == 12);
    }

    /// ALL-7: a trick of the wrong size among the tricks recorded after an
    /// early end (KR-NEG-1) is not judged: their one `other` finding says
    /// they should not be there.
    fn forget_tricks_after_the_end(&mut self) {
        let Some(cut) = (*self.cut).filter(|&c| c >= self.state.ntricks) else {
            return;
        };
        self.out.retain_problems(|p| {
            !(p.kind == Kind::WrongTrickSize && p.trick == Some(cut as u16 + 1))
        });
        *self.cut = None;
    }

    /// KR-PLAY-1: the seat that leads trick `k`, where the record or its
    /// cards say another seat led than the one due. Inlined into both
    /// forms of the play ([`Replay::play_tricks_by`]), as it was into its
    /// one caller before: a call of its own cost `verify` 0.5%.
    #[inline(always)]
    fn trick_leader(&mut self, trick: &Trick, k: usize, leader: Seat) -> Seat {
        let mut leader = leader;
        if let Some(l) = trick.leader {
            if l != leader && l.number() < 4 {
                self.out.push(
                    Problem::new(Kind::OutOfTurn, format!("trick {k} is led by seat {l}, but seat {leader} leads it"))
                        .rule(Rule::KrPlay1)
                        .seat(l)
                        .trick(k)
                        .at(trick.span, format!("seat {leader} leads"))
                        .help("the forehand (negative games: the bidder) leads the first trick, the winner of each trick the next"),
                );
                leader = l;
            }
        }
        if trick.leader.is_none() && !self.state.partial && !self.fits(trick, leader) {
            // The cards say another seat led (e.g. the trick before was
            // won by a revoke): one out-of-turn finding, not a cascade.
            if let Some(l) = (1..4)
                .map(|d| leader.after(d, 4))
                .find(|&l| self.fits(trick, l))
            {
                if self.out.slipped_before(k) {
                    // Only the consequence of a fault in play already
                    // reported (README ALL-7): no finding of its own.
                    return l;
                }
                self.out.push(
                    Problem::new(Kind::OutOfTurn, format!("trick {k} is led by seat {l}, but seat {leader} won the trick before and leads it"))
                        .rule(Rule::KrPlay1)
                        .seat(l)
                        .trick(k)
                        .at(trick.plays[0].span, format!("seat {leader} leads"))
                        .help("the winner of each trick leads the next; write `trick N lead S:` when the record means another leader"),
                );
                leader = l;
            }
        }
        leader
    }

    /// The cards of trick `t` (0-based) checked and played; its winner
    /// (KR-PLAY-8, 9) under the play's trick rules and keys (`play`), the
    /// events of the teacher's view. Returns the winning seat.
    fn play_trick<const JUDGE: bool>(
        &mut self,
        trick: &Trick,
        t: usize,
        leader: Seat,
        play: &Tricks,
    ) -> Option<Seat> {
        let game = self.state.game();
        let k = t + 1;
        let mut cards = [Card::PAGAT; 4];
        let n = self.play_cards::<JUDGE>(trick, k, leader, &play.rules, &mut cards);
        if n == 0 {
            return None;
        }
        let w = winner_of_trick(&cards[..n], &play.rules, play.keys);
        let winner_seat = leader.after(w, 4);
        // The trick written in its place, and the winner's pile gathered
        // apart and stored once: built on the stack and copied, or inserted
        // card by card into the pile in the state, each store was read
        // back at once (`perf annotate`).
        let p = &mut self.state.tricks[t];
        *p = Played {
            leader,
            winner: winner_seat,
            cards: [None; 4],
            n: n as u8,
        };
        let mut won = self.state.won[winner_seat];
        let mut points = 0;
        for (i, c) in cards[..n].iter().enumerate() {
            p.cards[i] = Some(*c);
            won.insert(*c);
            points += super::rules::points(*c);
        }
        self.state.won[winner_seat] = won;
        // KR-SCORE-1 as amended: every card counts in each trick it is
        // played to (a card played twice counts twice).
        self.state.won_points[winner_seat] += points;
        self.state.ntricks = k;
        self.state.tricks_won[winner_seat] += 1;
        let opts = &self.opts;
        self.out.emit(|| Event::Trick {
            trick: k as u16,
            leader,
            winner: winner_seat,
            reason: win_reason(&cards[..n], w, game, opts),
        });
        if self.out.wants_events() {
            self.count_event(k as u16);
        }
        Some(winner_seat)
    }

    /// The cards of trick `k` checked (KR-PLAY-2..7, 10; where `JUDGE`,
    /// else found fine: [`Replay::play_listed_tricks`]) and taken from the
    /// hands, in play order from `leader`, written into `cards`; returns
    /// how many. Written into the caller's array, not returned in one: the
    /// four cards stored one by one and read back at once as the array
    /// returned stalled the play on every trick (`perf annotate`: 10% of
    /// `play_cards`' samples on that load).
    fn play_cards<const JUDGE: bool>(
        &mut self,
        trick: &Trick,
        k: usize,
        leader: Seat,
        rules: &Rules,
        cards: &mut [Card; 4],
    ) -> usize {
        let mut n = 0;
        for item in trick.plays.iter().take(4) {
            let seat = leader.after(n, 4);
            if JUDGE {
                self.check_card(item, seat, k, &cards[..n], rules);
            } else {
                debug_assert!(
                    super::duties::card_fault(
                        self.state,
                        &self.opts,
                        item.card,
                        seat,
                        k,
                        &cards[..n],
                        rules
                    )
                    .is_none(),
                    "a card listed legal"
                );
            }
            self.state.hand[seat].remove(item.card);
            self.state.played.insert(item.card);
            cards[n] = item.card;
            n += 1;
        }
        n
    }

    /// KR-NEG-1: the play ends at once when beggar or piccolo is lost or
    /// the team against an announced valat wins a trick. Inlined as
    /// [`Replay::trick_leader`] is.
    #[inline(always)]
    fn early_end(&mut self, k: usize, winner_seat: Seat, valat_team: Option<bool>) {
        let game = self.state.game();
        // KR-NEG-1: early end.
        let b = self.state.bidder;
        let end = if is_beggar(game) && winner_seat == b {
            Some(Lost::Beggar)
        } else if is_piccolo(game) && winner_seat == b && self.state.tricks_won[b] == 2 {
            Some(Lost::Piccolo)
        } else if valat_team.is_some_and(|vt| self.state.team(winner_seat) != vt) {
            Some(Lost::Valat)
        } else {
            None
        };
        if let Some(lost) = end {
            self.state.ended_early = true;
            // Worded only when the events are recorded (not by `verify`).
            let text = crate::reason::Lazy(|| match lost {
                Lost::Beggar => format!("the bidder (seat {b}) wins trick {k}: beggar is lost"),
                Lost::Piccolo => {
                    format!("the bidder (seat {b}) wins its second trick: piccolo is lost")
                }
                Lost::Valat => format!(
                    "seat {winner_seat} wins trick {k} against the announced valat: valat is lost"
                ),
            });
            self.out.event(Moment::Trick(k as u16), Rule::KrNeg1, text);
        }
    }

    /// A trick of the wrong size (KR-PLAY-10 as amended, README ALL-3): a
    /// card too many, or one missing with another trick after it. Nothing
    /// in it or after it is judged, and the deal is void: settled with
    /// nothing paid.
    pub(super) fn void_wrong_trick(&mut self) {
        let Some(t) = self.state.wrong_trick else {
            return;
        };
        for p in self.out.problems_mut() {
            if p.kind == Kind::WrongTrickSize && p.trick == Some(t as u16) {
                p.help
                    .push_str("; the deal is void: settled with nothing paid (KR-PLAY-10)");
            }
        }
        self.out.event(
            Moment::Settlement,
            Rule::KrPlay10,
            format_args!("trick {t} is of the wrong size: nothing in it or after it is judged; the deal is void, nobody pays"),
        );
        self.out.void();
        self.out.settled();
    }

    /// Whether every card of the trick is in the hand of the seat that
    /// plays it when `leader` leads.
    fn fits(&self, trick: &Trick, leader: Seat) -> bool {
        let plays: &[notation::Item] = &trick.plays;
        for (i, item) in plays[..plays.len().min(4)].iter().enumerate() {
            if !self.state.hand[leader.after(i, 4)].contains(item.card) {
                return false;
            }
        }
        true
    }

    /// The card points of the tricks won so far, per side (KR-POINTS-1).
    fn count_event(&mut self, trick: u16) {
        let b = self.state.bidder;
        if self.state.game() == Game::Trischaken {
            // Each player counts its own tricks (KR-SCORE-7).
            let sides = Seat::all(4)
                .map(|s| {
                    let pts = thirds(self.state.won_points[s]);
                    (format!("seat {s}"), pts)
                })
                .collect();
            self.out.emit(|| Event::Count { trick, sides });
            return;
        }
        let pile = |team: bool| {
            let pts = Seat::all(4)
                .filter(|&s| self.state.team(s) == team)
                .map(|s| self.state.won_points[s])
                .sum();
            thirds(pts)
        };
        let ours = match self.state.partner {
            Some(p) => format!("the bidder (seat {b}) and partner (seat {p})"),
            None => format!("the bidder (seat {b})"),
        };
        let sides = vec![(ours, pile(true)), ("the defence".to_owned(), pile(false))];
        self.out.emit(|| Event::Count { trick, sides });
    }
}

/// What an early end of the play loses (KR-NEG-1, [`Replay::early_end`]).
#[derive(Clone, Copy)]
enum Lost {
    Beggar,
    Piccolo,
    Valat,
}

/// Whether the fairy-tale trick applies in this game (KR-PLAY-9).
fn fairy(game: Game, opts: &Opts) -> bool {
    is_black(game) || (opts.fairy_all && is_negative(game))
}

/// Rule 3 (KR-PLAY-4, 7): in negative games, trischaken by option.
pub(super) fn beat_applies(game: Game, opts: &Opts) -> bool {
    is_negative(game) && (game != Game::Trischaken || opts.trischaken_beat)
}

/// The trick rules of this game for the shared core ([`crate::trick`]):
/// suit cards ranked as KR-DECK-3 (by `face_order`); in suit games the
/// tarocks a fifth suit (KR-PLAY-5, 8), else tarock when void (KR-PLAY-3);
/// the duty to beat (KR-PLAY-4); the fairy-tale trick (KR-PLAY-9).
pub(super) fn trick_rules(game: Game, opts: &Opts) -> Rules {
    let suit_game = is_suit_game(game);
    Rules {
        suit_rank: if opts.knight_high {
            strength_knqj
        } else {
            strength_kqnj
        },
        trumps_beat_suits: !suit_game,
        fairy_tale: fairy(game, opts).then_some(4),
        trumps: tarocks(),
        duties: Duties {
            trump_when_void: !suit_game,
            suit_when_void: suit_game,
            lead_suit: suit_game,
            suit_to_trump_lead: suit_game && opts.suits_first,
            beat: beat_applies(game, opts),
            overtrump: false,
            fool_free: false,
        },
    }
}

fn strength_kqnj(card: Card) -> u8 {
    STRENGTH[0][card.index() as usize]
}

fn strength_knqj(card: Card) -> u8 {
    STRENGTH[1][card.index() as usize]
}

/// The index of the winning card (KR-PLAY-8, 9). A trick that only a card
/// outside the pack could lead (the fool: no suit, no tarock) stays with
/// its first card unless a tarock takes it.
pub(crate) fn winner(cards: &[Card], game: Game, opts: &Opts) -> usize {
    winner_by(cards, &trick_rules(game, opts))
}

/// [`winner`] under the game's [`trick_rules`], read once per play.
fn winner_by(cards: &[Card], rules: &Rules) -> usize {
    let lead = trick::lead_of(cards[0]);
    trick::winner(cards, lead, rules).map_or(0, |w| w.index)
}

/// [`winner_by`] for the tricks of the play, one table read a card where
/// the shared core asks each card's suit and key: the fairy-tale trick's
/// pagat (KR-PLAY-9), else the first card of the highest key, `keys` being
/// [`WIN_KEYS`] of the face order and of whether tarocks beat suit cards,
/// at the class of the card led ([`trick::lead_class`]): the strength
/// ([`STRENGTH`]: suit cards 1..=8, tarocks 32 + number, so the highest
/// tarock wins where one counts) of the cards that count, the suit led
/// and the tarocks where they win (KR-PLAY-8), 0 for the others, which
/// never take the trick from the first card. Held equal to `winner_by` by
/// a test.
#[inline]
fn winner_of_trick(cards: &[Card], rules: &Rules, keys: &[[u8; 79]; 6]) -> usize {
    let keys = &keys[trick::lead_class(cards[0])];
    let (mut best, mut top, mut trull) = (0, 0, 0);
    for (i, &c) in cards.iter().enumerate() {
        let at = usize::from(c.index());
        let key = keys[at];
        if key > top {
            (best, top) = (i, key);
        }
        trull |= trick::TRULL_BIT[at];
    }
    if trull == 7 && rules.fairy_tale == Some(cards.len()) {
        return cards.iter().position(|&c| c == Card::PAGAT).unwrap_or(0);
    }
    best
}

/// The keys of [`winner_of_trick`]: `WIN_KEYS[knight_high][tarocks beat
/// suit cards][class of the card led][card]` (KR-PLAY-8): the card's
/// [`STRENGTH`] where it counts (a card of the suit led; a tarock where
/// tarocks beat suit cards or tarock is led), else 0.
pub(super) static WIN_KEYS: [[[[u8; 79]; 6]; 2]; 2] = {
    let mut t = [[[[0u8; 79]; 6]; 2]; 2];
    let mut face = 0;
    while face < 2 {
        let strength = strength_table(face == 1);
        let mut beat = 0;
        while beat < 2 {
            let mut class = 0;
            while class < 6 {
                let mut i = 0;
                while i < 79 {
                    let counts = if i < 56 {
                        i / 14 == class
                    } else if i < 78 {
                        beat == 1 || class == 4
                    } else {
                        false
                    };
                    if counts {
                        t[face][beat][class][i] = strength[i];
                    }
                    i += 1;
                }
                class += 1;
            }
            beat += 1;
        }
        face += 1;
    }
    t
};

fn win_reason(cards: &[Card], w: usize, game: Game, opts: &Opts) -> String {
    let c = cards[w];
    if c == Card::PAGAT
        && cards.contains(&Card::SKUS)
        && cards.contains(&Card::MOND)
        && fairy(game, opts)
    {
        return "fairy-tale trick: the pagat beats Sküs and Mond (KR-PLAY-9)".into();
    }
    // A tarock wins only as the highest tarock (in suit games only when
    // tarock was led, KR-PLAY-8).
    if c.is_trump() {
        if cards[0].is_trump() {
            format!("highest tarock ({c})")
        } else {
            format!("highest tarock ({c}) on a suit lead")
        }
    } else {
        format!("highest card of the suit led ({c})")
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The default rule options.
    pub(in super::super) fn opts() -> Opts {
        Opts::read(&crate::RuleOptions::default())
    }

    /// Cards from their codes.
    pub(in super::super) fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn the_winner_on_the_strength_table_is_the_shared_cores() {
        let mut rng = crate::gen::Rng::new(0x9e37_79b9_7f4a_7c15);
        let all: Vec<Card> = Card::all().collect();
        let games = [
            Game::Caller,
            Game::Three,
            Game::ThreeOfSuits,
            Game::SoloThreeOfSuits,
            Game::Beggar,
            Game::Piccolo,
            Game::Trischaken,
            Game::SixThrees,
            Game::BeggarOuvert,
        ];
        for n in 0..20_000 {
            let len = 1 + rng.below(5);
            // Cards of a few suits and tarocks, the fairy-tale's three, the
            // fool, and cards played twice.
            let pool = [Card::PAGAT, Card::MOND, Card::SKUS, Card::FOOL];
            let trick: Vec<Card> = (0..len)
                .map(|_| match rng.below(4) {
                    0 => pool[rng.below(4)],
                    _ => all[rng.below(all.len())],
                })
                .collect();
            for game in games {
                let o = Opts {
                    knight_high: n % 2 == 0,
                    fairy_all: n % 3 == 0,
                    ..tests::opts()
                };
                let rules = trick_rules(game, &o);
                let keys =
                    &WIN_KEYS[usize::from(o.knight_high)][usize::from(rules.trumps_beat_suits)];
                assert_eq!(
                    winner_of_trick(&trick, &rules, keys),
                    winner_by(&trick, &rules),
                    "{trick:?} {game:?}"
                );
            }
        }
    }

    #[test]
    fn fairy_tale_trick_is_won_by_the_pagat_in_black_games_only() {
        let t = cards("T22 T1 T21 T5");
        assert_eq!(winner(&t, Game::Three, &opts()), 1);
        assert_eq!(winner(&t, Game::Beggar, &opts()), 0);
    }

    #[test]
    fn in_suit_games_tarock_does_not_beat_a_suit_lead() {
        let t = cards("HK T3 H1 HQ");
        assert_eq!(winner(&t, Game::ThreeOfSuits, &opts()), 0);
        assert_eq!(winner(&t, Game::Three, &opts()), 1);
    }
}
