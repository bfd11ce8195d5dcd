//! # Königrufen ("call the king")
//!
//! The rules engine of the Austrian four-player tarock game, after the
//! digest `koenigrufen.md` (rule ids `KR-…`). The replay walks the record in
//! the order the game is played and never stops at a fault:
//!
//! 1. the auction (KR-BID-*): who bids what, and the game that wins it;
//! 2. the calls (KR-CALL-*, KR-TALON-*): the king call, the talon choice or
//!    grind; the discard (KR-DISCARD-*); the call round of announcements and
//!    contras (KR-ANN-*);
//! 3. the tricks (KR-PLAY-*, KR-NEG-1): every card against the duties of
//!    play, the trick winner, the early end of negative games and valat;
//! 4. the settlement (KR-SCORE-*, KR-BONUS-*): a ledger line per payment.
//!
//! A record without hands (`record.is_partial()`) is replayed with each
//! seat's hand taken to be the cards it played (and the bidder's discard),
//! so a revoke still shows by a card of the suit led played later.
//!
//! ```
//! let text = "[Variant \"koenigrufen\"]\n[Dealer \"3\"]\n\nauction: 1 pass, 2 pass, 3 pass, 0 pass\n";
//! let record = notation::parse_str(text).remove(0).unwrap();
//! let report = tarok_verifier::verify(&record, &mut tarok_verifier::Session::default());
//! assert!(report.problems.iter().any(|p| p.rule == Some("KR-BID-4")));
//! ```

pub mod rules;
mod settle;

use notation::Kind;
use notation::{Act, Action, Bonus, Card, CardSet, Game, Problem, Record, Target};

use crate::{Deal, Event, Moment, Report, Session};
use rules::*;

/// What this variant carries from one deal of a session to the next: the
/// running totals live in [`Session::scores`]; a `Scores` tag of the first
/// deal seeds them.
#[derive(Debug, Clone, Default)]
pub struct SessionState {
    /// Deals of this variant replayed so far.
    pub deals: usize,
}

/// The rule options of the digest, read once per deal.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Opts {
    pub knight_high: bool,
    pub bid_holder_any: bool,
    pub no_suit_discard: bool,
    pub all_good: bool,
    pub absolut_on: bool,
    pub absolut_value: i64,
    pub trischaken_beat: bool,
    pub suits_first: bool,
    pub fairy_all: bool,
    pub tie_before: bool,
}

impl Opts {
    const DEFAULT: Opts = Opts {
        knight_high: false,
        bid_holder_any: false,
        no_suit_discard: false,
        all_good: false,
        absolut_on: true,
        absolut_value: 1,
        trischaken_beat: true,
        suits_first: false,
        fairy_all: false,
        tie_before: false,
    };

    fn read(o: &crate::RuleOptions) -> Opts {
        if o.values.is_empty() {
            return Opts::DEFAULT;
        }
        Opts {
            knight_high: o.get("face_order") == "KNQJ",
            bid_holder_any: o.get("ultimo_bid_holder") == "any",
            no_suit_discard: o.get("suits_discard") == "no-suit-cards",
            all_good: o.get("call_round_end") == "all-good",
            absolut_on: o.get("absolut") == "on",
            absolut_value: o.number("absolut_value"),
            trischaken_beat: o.flag("trischaken_must_beat"),
            suits_first: o.get("suit_tarock_lead") == "suits-first",
            fairy_all: o.get("fairy_trick") == "all-tarock-games",
            tie_before: o.get("trischaken_tie") == "before-forehand",
        }
    }
}

/// An announced bonus: the team that owns it and its contra level.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ann {
    /// Announced by the bidder's team.
    pub bidder_team: bool,
    pub level: u8,
}

/// One replayed trick: the cards by seat, its leader and winner.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Played {
    pub leader: u8,
    pub winner: u8,
    /// Cards in play order from the leader.
    pub cards: [Option<Card>; 4],
    pub n: u8,
}

impl Played {
    /// The seat that played `card` to this trick.
    pub fn seat_of(&self, card: Card) -> Option<u8> {
        (0..self.n as usize)
            .find(|&i| self.cards[i] == Some(card))
            .map(|i| (self.leader + i as u8) % 4)
    }
    pub fn winning_card(&self) -> Option<Card> {
        let i = (self.winner + 4 - self.leader) % 4;
        self.cards[i as usize]
    }
}

/// The whole state of one replay.
pub(crate) struct Replay<'a> {
    pub rec: &'a Record,
    pub opts: Opts,
    pub forehand: u8,
    pub partial: bool,
    /// Dealt hands (partial records: reconstructed).
    pub dealt: [CardSet; 4],
    /// Hands as they are now.
    pub hand: [CardSet; 4],
    pub talon: [CardSet; 2],
    pub bidder: u8,
    pub game: Option<Game>,
    pub called: Option<Card>,
    pub partner: Option<u8>,
    pub taken: Option<u8>,
    pub discard: CardSet,
    pub grind: bool,
    pub game_level: u8,
    pub ann: [Option<Ann>; 12],
    /// Rule 4a: (seat, card, target trick) of announced ultimo cards.
    pub reserved: [(u8, Option<Card>, u16); 5],
    pub tricks: [Played; 12],
    pub ntricks: usize,
    pub won: [CardSet; 4],
    pub tricks_won: [u8; 4],
    pub ended_early: bool,
    pub complete: bool,
    /// The first trick (1-based) with a card missing or one too many.
    pub wrong_trick: Option<usize>,
    pub report: &'a mut Report,
}

const DUTY_HELP: &str = "rule 1: follow suit; rule 2: if void, play tarock; rule 3 (negative games): beat the winning card if you can";

/// Replays the deal, pushing findings, payments and events into the report.
pub fn replay(deal: &Deal<'_>, session: &mut Session, report: &mut Report) {
    let rec = deal.record;
    // Who did what cannot be known when a seat is not at the table or has
    // two hands: such a record is not replayed (its structural finding
    // says why).
    if report
        .problems
        .iter()
        .any(|p| matches!(p.kind, Kind::UnknownSeat | Kind::DuplicateHand))
    {
        return;
    }
    session.koenigrufen.deals += 1;
    let forehand = (deal.table.dealer + 1) % 4;
    let mut r = Replay {
        rec,
        opts: Opts::read(deal.options),
        forehand,
        partial: rec.is_partial(),
        dealt: [CardSet::EMPTY; 4],
        hand: [CardSet::EMPTY; 4],
        talon: [CardSet::EMPTY; 2],
        bidder: forehand,
        game: None,
        called: None,
        partner: None,
        taken: None,
        discard: CardSet::EMPTY,
        grind: false,
        game_level: 0,
        ann: [None; 12],
        reserved: [(0, None, 0); 5],
        tricks: [Played::default(); 12],
        ntricks: 0,
        won: [CardSet::EMPTY; 4],
        tricks_won: [0; 4],
        ended_early: false,
        complete: false,
        wrong_trick: None,
        report,
    };
    r.read_deal();
    if !r.auction() {
        return;
    }
    // A record that stops after the auction (or after the calls) is a
    // fragment: checked as far as it goes, not scored.
    if rec.calls.is_none() && rec.discard.is_none() && rec.tricks.is_empty() {
        return;
    }
    r.calls();
    if r.grind {
        settle::grind(&mut r);
        r.report.settled = true;
        r.after_grind();
        return;
    }
    if rec.tricks.is_empty() {
        return;
    }
    r.play();
    // A trick with a card missing or one too many: a wrong number of cards
    // found in play. The director cannot score the tricks, so the deal is
    // void and nobody pays (spec/rules-koenigrufen.md).
    if let Some(t) = r.wrong_trick {
        for p in r.report.problems.iter_mut() {
            if p.kind == Kind::WrongTrickSize && p.trick == Some(t as u16) {
                p.help.push_str(
                    "; a wrong number of cards found in play: the deal is void, nobody pays",
                );
            }
        }
        r.event(
            Moment::Settlement,
            "KR-DEAL-1",
            format!("trick {t} has a card missing or one too many: a wrong number of cards found in play; the deal is void, nobody pays"),
        );
        r.report.totals = vec![0; 4];
        r.report.settled = true;
        return;
    }
    if r.complete {
        settle::settle(&mut r);
        r.report.settled = true;
    }
}

fn card_set(items: &[notation::Item]) -> CardSet {
    items.iter().map(|i| i.card).collect()
}

impl Replay<'_> {
    fn push(&mut self, p: Problem) {
        self.report.push(p);
    }

    pub(crate) fn event(&mut self, at: Moment, rule: &'static str, text: String) {
        self.report.events.push(Event::Rule { at, rule, text });
    }

    fn game(&self) -> Game {
        self.game.unwrap_or(Game::Caller)
    }

    /// Whether the dealt hand of `seat` lacks `card`. A partial record knows
    /// only the cards played: a card lacks when it is seen elsewhere.
    fn lacks_dealt(&self, seat: u8, card: Card) -> bool {
        if !self.partial {
            return !self.dealt[seat as usize].contains(card);
        }
        self.talon[0].union(self.talon[1]).contains(card)
            || (0..4).any(|o| o != seat && self.dealt[o as usize].contains(card))
    }

    /// Whether the hand of `seat` in the call round lacks `card`.
    fn lacks_now(&self, seat: u8, card: Card) -> bool {
        if !self.partial {
            return !self.hand[seat as usize].contains(card);
        }
        !self.hand[seat as usize].contains(card)
            && (self.discard.contains(card)
                || self.lacks_dealt(seat, card) && !self.hand[seat as usize].contains(card))
    }

    /// Whether a seat plays on the bidder's side.
    /// The card points of the tricks won so far, per side (KR-POINTS-1).
    fn count_event(&mut self, trick: u16) {
        let b = self.bidder;
        if self.game() == Game::Trischaken {
            // Each player counts its own tricks (KR-SCORE-7).
            let sides = (0..4u8)
                .map(|s| {
                    let pts = rules::thirds(rules::pile_points(self.won[s as usize]));
                    (format!("seat {s}"), pts)
                })
                .collect();
            self.report.events.push(Event::Count { trick, sides });
            return;
        }
        let pile = |team: bool| {
            let mut set = CardSet::EMPTY;
            for s in (0..4u8).filter(|&s| self.team(s) == team) {
                set = set.union(self.won[s as usize]);
            }
            rules::thirds(rules::pile_points(set))
        };
        let ours = match self.partner {
            Some(p) => format!("the bidder (seat {b}) and partner (seat {p})"),
            None => format!("the bidder (seat {b})"),
        };
        let sides = vec![(ours, pile(true)), ("the defence".to_owned(), pile(false))];
        self.report.events.push(Event::Count { trick, sides });
    }

    pub fn team(&self, seat: u8) -> bool {
        seat == self.bidder || Some(seat) == self.partner
    }

    /// The hands and the talon, or for a partial record the cards each seat
    /// played (a pre-pass over the tricks finds who played what).
    fn read_deal(&mut self) {
        let rec = self.rec;
        if let Some(t) = &rec.talon {
            let cards: Vec<Card> = t.cards.iter().map(|i| i.card).collect();
            self.talon[0] = cards.iter().take(3).copied().collect();
            self.talon[1] = cards.iter().skip(3).take(3).copied().collect();
        }
        if !self.partial {
            for h in &rec.hands {
                if h.seat < 4 {
                    self.dealt[h.seat as usize] = card_set(&h.cards);
                }
            }
            return;
        }
        // The game and bidder as the auction leaves them (checked later).
        let mut game = None;
        let mut bidder = self.forehand;
        if let Some(a) = &rec.auction {
            for act in &a.actions {
                if let Act::Bid { game: g } = act.act {
                    if is_game(g) && act.seat < 4 {
                        game = Some(g);
                        bidder = act.seat;
                    }
                }
            }
        }
        let g = game.unwrap_or(Game::Caller);
        let mut leader = if is_negative(g) {
            bidder
        } else {
            self.forehand
        };
        for trick in rec.tricks.iter().take(12) {
            if let Some(l) = trick.leader.filter(|&l| l < 4) {
                leader = l;
            }
            let mut cards = [Card::PAGAT; 4];
            let n = trick.plays.len().min(4);
            for (i, item) in trick.plays.iter().take(4).enumerate() {
                cards[i] = item.card;
                self.dealt[(leader as usize + i) % 4].insert(item.card);
            }
            if n == 0 {
                continue;
            }
            let w = winner(&cards[..n], g, &self.opts);
            leader = (leader + w as u8) % 4;
        }
        if let Some(d) = &rec.discard {
            if d.seat < 4 {
                let mut h = self.dealt[d.seat as usize].union(card_set(&d.cards));
                let taken = talon_taken(rec);
                if g == Game::SixThrees {
                    h = h.difference(self.talon[0].union(self.talon[1]));
                } else if let Some(half) = taken {
                    h = h.difference(self.talon[half as usize & 1]);
                }
                self.dealt[d.seat as usize] = h;
            }
        }
    }

    // ---------------------------------------------------------------- auction

    /// KR-BID-1..7. Returns whether there is a game to play.
    fn auction(&mut self) -> bool {
        let rec = self.rec;
        let Some(a) = &rec.auction else {
            if !rec.tricks.is_empty() || rec.calls.is_some() {
                self.push(
                    Problem::new(
                        Kind::Other,
                        "the record has no auction, so no game is known",
                    )
                    .rule("KR-BID-1")
                    .at(rec.tags[0].span, "in this record")
                    .help("write the bids: `auction: 1 pass, 2 three, 3 pass, 0 pass`"),
                );
            }
            return false;
        };
        let fh = self.forehand;
        let mut passed = [false; 4];
        let mut high: Option<(u8, Game, u8)> = None;
        let mut other_bid = false;
        let mut next = (fh + 1) % 4;
        let mut ended = false;
        let mut no_game = false;
        for act in &a.actions {
            let s = act.seat;
            if s >= 4 {
                continue;
            }
            if ended {
                self.push(
                    Problem::new(
                        Kind::OutOfTurn,
                        format!("seat {s} speaks after the auction has ended"),
                    )
                    .rule("KR-BID-4")
                    .seat(s)
                    .at(act.span, "after the end")
                    .help("the auction ends as soon as three seats have passed"),
                );
                continue;
            }
            if s != next {
                self.push(
                    Problem::new(
                        Kind::OutOfTurn,
                        format!("seat {s} speaks, but it is seat {next}'s turn to bid"),
                    )
                    .rule("KR-BID-1")
                    .seat(s)
                    .at(act.span, format!("seat {next} speaks here"))
                    .help("bidding starts after the forehand and goes round in seat order; a seat that passed is out"),
                );
            }
            match act.act {
                Act::Pass => {
                    let others_passed = (0..4u8).filter(|&o| o != fh).all(|o| passed[o as usize]);
                    if s == fh && high.is_none() && others_passed {
                        self.push(
                            Problem::new(
                                Kind::IllegalBid,
                                "the forehand passes after the three others passed; it must bid",
                            )
                            .rule("KR-BID-4")
                            .seat(s)
                            .at(act.span, "the forehand must bid here")
                            .help("when all three others pass, the forehand must bid a game (caller, six threes, trischaken or any game of the table)"),
                        );
                        ended = true;
                        no_game = true;
                        continue;
                    }
                    passed[s as usize] = true;
                }
                Act::Bid { game } => {
                    self.bid(act, game, s, &passed, high, other_bid);
                    if !is_game(game) {
                        next = next_open(s, &passed);
                        continue;
                    }
                    passed[s as usize] = false;
                    high = Some((table_rank(game).unwrap_or(0), game, s));
                    if s != fh {
                        other_bid = true;
                    }
                }
                _ => {
                    self.push(
                        Problem::new(
                            Kind::IllegalBid,
                            "only bids and passes belong in the auction",
                        )
                        .rule("KR-BID-1")
                        .seat(s)
                        .at(act.span, "not a bid")
                        .help("king calls, talon choices and announcements go in `calls:`"),
                    );
                }
            }
            let npassed = passed.iter().filter(|&&p| p).count();
            if npassed >= 3 && high.is_some() {
                ended = true;
            }
            next = next_open(s, &passed);
        }
        if no_game {
            self.event(
                Moment::Auction,
                "KR-BID-7",
                "the forehand passed where it had to bid: no game, the deal is not scored".into(),
            );
            return false;
        }
        let Some((_, game, seat)) = high else {
            self.push(
                Problem::new(Kind::Other, "the auction names no game")
                    .rule("KR-BID-4")
                    .at(a.span, "no bid")
                    .help("the auction ends with three passes and one bid; if the three others pass, the forehand must bid"),
            );
            return false;
        };
        if !ended {
            self.push(
                Problem::new(
                    Kind::Other,
                    "the auction is not finished: fewer than three seats have passed",
                )
                .rule("KR-BID-4")
                .at(a.span, "auction")
                .help("the auction ends as soon as three seats have passed"),
            );
        }
        self.bidder = seat;
        self.game = Some(game);
        if !is_caller(game) {
            self.partner = None;
        }
        self.event(
            Moment::Auction,
            "KR-BID-4",
            format!("seat {seat} plays {}", game.word()),
        );
        true
    }

    /// The checks of one bid (KR-BID-1, 2, 3, 5, 6).
    fn bid(
        &mut self,
        act: &Action,
        game: Game,
        s: u8,
        passed: &[bool; 4],
        high: Option<(u8, Game, u8)>,
        other_bid: bool,
    ) {
        let bad = |msg: String, rule: &'static str, label: &str, help: &str| {
            Problem::new(Kind::IllegalBid, msg)
                .rule(rule)
                .seat(s)
                .at(act.span, label.to_string())
                .help(help.to_string())
        };
        if !is_game(game) {
            self.push(bad(
                format!("`{}` is not a game of Königrufen", game.word()),
                "KR-BID-2",
                "not a Königrufen game",
                "the games are those of the bidding table and the forehand's caller, six-threes and trischaken",
            ));
            return;
        }
        if passed[s as usize] {
            self.push(bad(
                format!("seat {s} bids {} after it passed", game.word()),
                "KR-BID-1",
                "bid after passing",
                "a seat that has passed is out of the bidding for good",
            ));
        }
        if forehand_only(game) {
            if s != self.forehand {
                self.push(bad(
                    format!("{} may be bid only by the forehand (seat {})", game.word(), self.forehand),
                    "KR-BID-3",
                    "forehand-only game",
                    "caller, six-threes and trischaken are the forehand's games, when the three others have passed",
                ));
            } else if other_bid {
                self.push(bad(
                    format!("the forehand bids {} after another seat has bid", game.word()),
                    "KR-BID-3",
                    "only if nobody else bid",
                    "caller, six-threes and trischaken may be bid only if the three others all passed",
                ));
            }
        } else if let Some((rank, standing, _)) = high {
            if table_rank(game).unwrap_or(0) <= rank {
                self.push(bad(
                    format!("{} does not rank above {}, the bid standing", game.word(), standing.word()),
                    "KR-BID-2",
                    "not higher",
                    "each bid must rank strictly higher in the bidding table than the one standing; the forehand too",
                ));
            }
        }
        if let Some(b) = implied_bonus(game) {
            let (card, _) = ultimo_card(b).expect("implied bonuses are ultimo bonuses");
            if !self.opts.bid_holder_any && self.lacks_dealt(s, card) {
                self.push(
                    bad(
                        format!("seat {s} bids {} without holding {card}", game.word()),
                        "KR-BID-5",
                        "card not in the dealt hand",
                        "a pagat/uhu/pelican/quapil caller announces that bonus, so the bidder must hold the card in its dealt hand",
                    )
                    .card(card),
                );
            }
        }
        if is_caller(game) && kings().difference(self.dealt[s as usize]).is_empty() {
            self.push(bad(
                format!("seat {s} holds all four kings and cannot call one"),
                "KR-BID-6",
                "no king to call",
                "with all four kings a player must bid a three or a negative game",
            ));
        }
    }

    // ------------------------------------------------------------------ calls

    fn calls(&mut self) {
        let rec = self.rec;
        let game = self.game();
        let b = self.bidder;
        let empty: &[Action] = &[];
        let acts = rec.calls.as_ref().map_or(empty, |c| &c.actions[..]);
        let calls_span = rec
            .calls
            .as_ref()
            .map(|c| c.span)
            .or(rec.auction.as_ref().map(|a| a.span))
            .unwrap_or_default();
        let mut i = 0;
        // KR-CALL-1..4: the king call.
        if is_caller(game) {
            match acts.first() {
                Some(a @ Action { act: Act::Call { card, fourth }, .. }) => {
                    i = 1;
                    self.king_call(a, *card, *fourth);
                }
                other => self.push(
                    Problem::new(Kind::IllegalCall, format!("{} is a caller game, but no king is called", game.word()))
                        .rule("KR-CALL-1")
                        .seat(b)
                        .at(other.map_or(calls_span, |a| a.span), "king call expected here")
                        .help("right after the auction the bidder calls a king it does not hold: `calls: 0 call HK, ...`"),
                ),
            }
        }
        if !is_caller(game) {
            if let Some(
                a @ Action {
                    act: Act::Call { card, .. },
                    ..
                },
            ) = acts.first()
            {
                i = 1;
                self.push(
                    Problem::new(Kind::IllegalCall, format!("{} is not a caller game: no king is called", game.word()))
                        .rule("KR-CALL-1")
                        .seat(a.seat)
                        .card(*card)
                        .at(a.span, "no king call in this game")
                        .help("only caller games (caller, solo-caller, pagat/uhu/pelican/quapil-caller) have a king call"),
                );
            }
        }
        // KR-TALON-1..5: the talon.
        let normal = !is_negative(game) && !is_solo(game) && game != Game::SixThrees;
        match acts.get(i).map(|a| (a, &a.act)) {
            Some((a, Act::Talon { half })) => {
                i += 1;
                if !normal {
                    let rule = talon_rule(game);
                    self.push(
                        Problem::new(Kind::IllegalCall, format!("in {} the talon is not taken", game.word()))
                            .rule(rule)
                            .seat(a.seat)
                            .at(a.span, "no talon choice in this game")
                            .help("the bidder takes a talon pile only in caller, three and three of suits; solo and negative games leave it, six threes takes all six"),
                    );
                } else if a.seat != b || *half > 1 {
                    self.push(
                        Problem::new(Kind::IllegalCall, format!("talon {half} by seat {}: only the bidder (seat {b}) takes pile 0 or 1", a.seat))
                            .rule("KR-TALON-1")
                            .seat(a.seat)
                            .at(a.span, "bad talon choice")
                            .help("`talon 0` takes the first three talon cards, `talon 1` the last three"),
                    );
                    if *half <= 1 {
                        self.take(*half);
                    }
                } else {
                    self.take(*half);
                }
            }
            Some((a, Act::Grind)) => {
                i += 1;
                let king_in_talon = self
                    .called
                    .is_some_and(|k| self.talon[0].union(self.talon[1]).contains(k));
                if !(is_caller(game) && !is_solo(game) && king_in_talon) {
                    self.push(
                        Problem::new(Kind::IllegalCall, "grind is allowed only in a non-solo caller game whose called king lies in the talon")
                            .rule("KR-TALON-2")
                            .seat(a.seat)
                            .at(a.span, "grind not allowed")
                            .help("a bidder may give up only after seeing its called king in the talon"),
                    );
                }
                self.grind = true;
                self.event(
                    Moment::Calls,
                    "KR-TALON-2",
                    format!("seat {b} gives up (grind)"),
                );
                if let Some(extra) = acts.get(i) {
                    self.push(
                        Problem::new(
                            Kind::Other,
                            "the deal ended with the grind; nothing more is called",
                        )
                        .rule("KR-TALON-2")
                        .seat(extra.seat)
                        .at(extra.span, "after the grind")
                        .help("after a grind there is no discard, no call round and no tricks"),
                    );
                }
                return;
            }
            _ if normal => {
                self.push(
                    Problem::new(Kind::IllegalCall, format!("in {} the bidder must choose a talon pile", game.word()))
                        .rule("KR-TALON-1")
                        .seat(b)
                        .at(acts.get(i).map_or(calls_span, |a| a.span), "talon choice expected here")
                        .help("write `talon 0` or `talon 1` after the king call (or `grind` when the called king is in the talon)"),
                );
            }
            _ => {}
        }
        if game == Game::SixThrees {
            let all = self.talon[0].union(self.talon[1]);
            self.hand[b as usize] = self.hand[b as usize].union(all);
            self.event(
                Moment::Calls,
                "KR-TALON-4",
                format!("seat {b} takes all six talon cards"),
            );
        }
        self.discard_phase();
        self.call_round(&acts[i..]);
        self.reserve();
    }

    fn king_call(&mut self, a: &Action, card: Card, fourth: bool) {
        let b = self.bidder;
        if a.seat != b {
            self.push(
                Problem::new(
                    Kind::OutOfTurn,
                    format!("seat {} calls a king, but seat {b} is the bidder", a.seat),
                )
                .rule("KR-CALL-1")
                .seat(a.seat)
                .at(a.span, "not the bidder")
                .help("the bidder calls the king"),
            );
        }
        if !card.is_king() {
            self.push(
                Problem::new(Kind::IllegalCall, format!("{card} is not a king"))
                    .rule("KR-CALL-1")
                    .seat(a.seat)
                    .card(card)
                    .at(a.span, "not a king")
                    .help("call one of SK, HK, DK, CK"),
            );
            return;
        }
        let dealt = self.dealt[b as usize];
        if dealt.contains(card) {
            self.push(
                Problem::new(
                    Kind::IllegalCall,
                    format!("seat {b} calls {card}, which it holds itself"),
                )
                .rule("KR-CALL-2")
                .seat(b)
                .card(card)
                .at(a.span, "own king")
                .help("the bidder may not call a king it holds; it then plays alone"),
            );
        }
        let held = dealt.intersection(kings()).len();
        let elsewhere = (0..4)
            .filter(|&o| o != b as usize)
            .map(|o| self.dealt[o].intersection(kings()).len())
            .sum::<u32>();
        let not_three = if self.partial {
            elsewhere >= 2
        } else {
            held != 3
        };
        if fourth && not_three {
            self.push(
                Problem::new(
                    Kind::IllegalCall,
                    format!("seat {b} calls \"the fourth\" holding {held} kings, not three"),
                )
                .rule("KR-CALL-3")
                .seat(b)
                .card(card)
                .at(a.span, "not holding three kings")
                .help("\"the fourth\" may be called only by a bidder holding exactly three kings"),
            );
        }
        self.called = Some(card);
        // KR-CALL-4: the partner holds the called king in its dealt hand.
        self.partner = (0..4u8).find(|&s| s != b && self.dealt[s as usize].contains(card));
        let text = match self.partner {
            Some(p) => format!("seat {b} calls {card}; seat {p} holds it and is the partner"),
            None if self.talon[0].union(self.talon[1]).contains(card) => {
                format!("seat {b} calls {card}, which lies in the talon: seat {b} plays alone")
            }
            None => format!("seat {b} calls {card} and plays alone"),
        };
        self.event(Moment::Calls, "KR-CALL-4", text);
    }

    fn take(&mut self, half: u8) {
        let b = self.bidder as usize;
        self.taken = Some(half);
        let pile = self.talon[half as usize];
        self.hand[b] = self.hand[b].union(pile);
        self.event(
            Moment::Calls,
            "KR-TALON-1",
            format!(
                "seat {b} takes talon pile {half} ({}); the other pile counts for the opponents",
                list(pile)
            ),
        );
    }

    /// KR-DISCARD-1..3.
    fn discard_phase(&mut self) {
        let rec = self.rec;
        let game = self.game();
        let b = self.bidder;
        let expected = match game {
            Game::SixThrees => 6,
            // No talon pile taken (a missing choice, KR-TALON-1): nothing
            // to lay away.
            g if !is_negative(g) && !is_solo(g) && self.taken.is_some() => 3,
            _ => 0,
        };
        let Some(d) = &rec.discard else {
            if expected > 0 {
                let span = rec.calls.as_ref().map(|c| c.span).unwrap_or_default();
                self.push(
                    Problem::new(Kind::IllegalDiscard, format!("the bidder (seat {b}) lays away no cards; {expected} are due"))
                        .rule("KR-DISCARD-1")
                        .seat(b)
                        .at(span, "discard missing after this")
                        .help(format!("after taking the talon the bidder lays away as many cards: `discard {b}: ...`")),
                );
            }
            return;
        };
        if expected == 0 {
            self.push(
                Problem::new(
                    Kind::IllegalDiscard,
                    if is_negative(game) || is_solo(game) {
                        format!("there is no discard in {}", game.word())
                    } else {
                        "the bidder took no talon cards, so it lays none away".to_string()
                    },
                )
                    .rule("KR-DISCARD-1")
                    .seat(d.seat)
                    .at(d.span, "no discard in this game")
                    .help("only a bidder who took talon cards lays cards away; solo and negative games have no discard"),
            );
            return;
        }
        if d.seat != b {
            self.push(
                Problem::new(
                    Kind::IllegalDiscard,
                    format!(
                        "seat {} lays away cards, but seat {b} is the bidder",
                        d.seat
                    ),
                )
                .rule("KR-DISCARD-1")
                .seat(d.seat)
                .at(d.span, "not the bidder")
                .help("only the bidder lays away cards"),
            );
        }
        if d.cards.len() != expected {
            self.push(
                Problem::new(
                    Kind::IllegalDiscard,
                    format!(
                        "the bidder lays away {} cards, not {expected}",
                        d.cards.len()
                    ),
                )
                .rule("KR-DISCARD-1")
                .seat(b)
                .at(d.span, format!("{} cards", d.cards.len()))
                .help("the bidder lays away exactly as many cards as it took: 3 (six threes: 6)"),
            );
        }
        let h = self.hand[b as usize].union(self.dealt[b as usize]);
        let full = h;
        let discarded = card_set(&d.cards);
        let non_trull_tarocks = full.intersection(tarocks()).difference(trull());
        let mut suit_reported = false;
        // The KR-DISCARD-3 finding goes on one suit card: a king when one is
        // laid away (it breaks KR-DISCARD-2 as well, and is then one fault
        // with it), else the first suit card.
        let suit_carrier = d
            .cards
            .iter()
            .map(|i| i.card)
            .filter(|c| c.suit().is_some())
            .find(|c| c.is_king())
            .or_else(|| d.cards.iter().map(|i| i.card).find(|c| c.suit().is_some()));
        for item in &d.cards {
            let c = item.card;
            // One card laid away against several rules is one fault (rules
            // README): one finding with the first rule id, the others named.
            let mut faults = Vec::new();
            if !h.contains(c) {
                faults.push(
                    Problem::new(
                        Kind::IllegalDiscard,
                        format!("the bidder lays away {c}, which it does not hold"),
                    )
                    .rule("KR-DISCARD-1")
                    .seat(b)
                    .card(c)
                    .at(item.span, "not in hand")
                    .help("the discard comes from the bidder's hand after the talon pick-up"),
                );
            }
            if c.is_king() || trull().contains(c) {
                faults.push(
                    Problem::new(Kind::IllegalDiscard, format!("{c} may not be laid away"))
                        .rule("KR-DISCARD-2")
                        .seat(b)
                        .card(c)
                        .at(
                            item.span,
                            if c.is_king() {
                                "a king"
                            } else {
                                "a trull card"
                            },
                        )
                        .help("kings and the trull cards (T1, T21, T22) are never discarded"),
                );
            }
            if game == Game::ThreeOfSuits && suit_carrier == Some(c) && !suit_reported {
                let bad = self.opts.no_suit_discard
                    || !non_trull_tarocks.difference(discarded).is_empty();
                if bad {
                    suit_reported = true;
                    faults.push(
                        Problem::new(Kind::IllegalDiscard, format!("in three of suits {c} is laid away while tarock is kept"))
                            .rule("KR-DISCARD-3")
                            .seat(b)
                            .card(c)
                            .at(item.span, "suit card laid away")
                            .help(if self.opts.no_suit_discard {
                                "with suits_discard=no-suit-cards no suit card may be laid away in three of suits"
                            } else {
                                "in three of suits the tarocks (other than the trull) are laid away before any suit card"
                            }),
                    );
                }
            }
            if let Some(p) = crate::finding::one_finding(
                faults,
                &["KR-DISCARD-1", "KR-DISCARD-2", "KR-DISCARD-3"],
                "one card laid away, one improper discard",
            ) {
                self.push(p);
            }
        }
        self.discard = discarded;
    }

    // ------------------------------------------------------------- call round

    /// KR-ANN-1..7.
    fn call_round(&mut self, acts: &[Action]) {
        let game = self.game();
        let b = self.bidder;
        // The hands the call round sees: dealt + pick-up - discard.
        for s in 0..4 {
            self.hand[s] = self.hand[s].union(self.dealt[s]);
        }
        let held_discard = self.discard.intersection(self.hand[b as usize]);
        self.hand[b as usize] = self.hand[b as usize].difference(held_discard);
        if let Some(bonus) = implied_bonus(game) {
            self.ann[bonus_index(bonus)] = Some(Ann {
                bidder_team: true,
                level: 0,
            });
        }
        if game == Game::Trischaken {
            for a in acts {
                self.push(
                    Problem::new(
                        Kind::IllegalCall,
                        "nothing may be announced or contra'd in trischaken",
                    )
                    .rule("KR-ANN-5")
                    .seat(a.seat)
                    .at(a.span, "no calls in trischaken")
                    .help("trischaken has no calls: leave `calls:` out"),
                );
            }
            return;
        }
        let mut cur = b;
        let mut caller_turn: Option<u8> = None;
        let mut passes = 0;
        let mut any_call = false;
        let mut ended = false;
        for a in acts {
            let s = a.seat;
            if s >= 4 {
                continue;
            }
            if ended {
                self.push(
                    Problem::new(Kind::OutOfTurn, format!("seat {s} speaks after the call round has ended"))
                        .rule("KR-ANN-1")
                        .seat(s)
                        .at(a.span, "after the end")
                        .help(if self.opts.all_good {
                            "the call round ends when all four say good (pass) in a row"
                        } else {
                            "the call round ends after three passes in a row following the last call (four if nobody called)"
                        }),
                );
                continue;
            }
            let is_pass = matches!(a.act, Act::Pass);
            let in_turn = s == cur || (!is_pass && caller_turn == Some(s));
            if !in_turn {
                self.push(
                    Problem::new(
                        Kind::OutOfTurn,
                        format!("seat {s} speaks, but it is seat {cur}'s turn in the call round"),
                    )
                    .rule("KR-ANN-1")
                    .seat(s)
                    .at(a.span, format!("seat {cur} speaks here"))
                    .help("the call round starts with the bidder and goes round in seat order"),
                );
            }
            if is_pass {
                passes += 1;
                caller_turn = None;
                cur = (s + 1) % 4;
            } else {
                // KR-ANN-6: an illegal announcement or contra has no effect,
                // but it is a turn and not a pass: the passes that end the
                // round count again from the entry after it.
                self.call(a);
                any_call = true;
                passes = 0;
                caller_turn = Some(s);
                cur = (s + 1) % 4;
            }
            let needed = if self.opts.all_good || !any_call {
                4
            } else {
                3
            };
            if passes >= needed {
                ended = true;
            }
        }
        if !ended {
            let span = self.rec.calls.as_ref().map_or(
                self.rec
                    .auction
                    .as_ref()
                    .map(|a| a.span)
                    .unwrap_or_default(),
                |c| c.span,
            );
            self.push(
                Problem::new(Kind::Other, "the call round is not finished")
                    .rule("KR-ANN-1")
                    .at(span, "call round")
                    .help("record every \"good\" as `pass`: the round ends after three passes in a row following the last call, four if nobody called"),
            );
        }
    }

    /// One announcement or contra; returns whether it took effect.
    fn call(&mut self, a: &Action) -> bool {
        let game = self.game();
        let s = a.seat;
        let negative = is_negative(game);
        let team = self.team(s);
        let illegal = |msg: String, rule: &'static str, label: &str, help: &str| {
            Problem::new(Kind::IllegalCall, msg)
                .rule(rule)
                .seat(s)
                .at(a.span, label.to_string())
                .help(help.to_string())
        };
        match &a.act {
            Act::Announce { bonus } => {
                let bonus = *bonus;
                if negative {
                    self.push(illegal(
                        format!("{} announced in {}, a negative game", bonus.word(), game.word()),
                        "KR-ANN-5",
                        "no announcements in negative games",
                        "in piccolo and beggar only contra, recontra and subcontra of the game may be called",
                    ));
                    return false;
                }
                if matches!(bonus, Bonus::CaptureMoon | Bonus::CaptureKing) {
                    self.push(illegal(
                        format!("seat {s} announces {}, which is silent only", bonus.word()),
                        "KR-ANN-2",
                        "may not be announced",
                        "capture the moon and capture the king score silently; nobody may announce them",
                    ));
                    return false;
                }
                if !bonus_exists(bonus, game, self.opts.absolut_on) {
                    self.push(illegal(
                        format!("{} does not exist in {}", bonus.word(), game.word()),
                        "KR-ANN-2",
                        "no such bonus in this game",
                        "pagat, uhu, pelican, quapil and trull exist in black games, king ultimo in caller games, four kings, honours, absolut and valat in positive games",
                    ));
                    return false;
                }
                let card = match bonus {
                    Bonus::KingUltimo => self.called,
                    b => ultimo_card(b).map(|(c, _)| c),
                };
                if let Some(c) = card {
                    if self.lacks_now(s, c) {
                        self.push(
                            illegal(
                                format!("seat {s} announces {} without holding {c}", bonus.word()),
                                "KR-ANN-2",
                                "card not held",
                                "only the holder of the card (after the talon pick-up and discard) may announce this bonus",
                            )
                            .card(c),
                        );
                        return false;
                    }
                } else if bonus == Bonus::KingUltimo {
                    self.push(illegal(
                        "king ultimo announced, but no king was called".into(),
                        "KR-ANN-2",
                        "no called king",
                        "king ultimo is announced by the holder of the called king",
                    ));
                    return false;
                }
                if let Some(prev) = self.ann[bonus_index(bonus)] {
                    let who = if prev.bidder_team == team {
                        "its own team"
                    } else {
                        "the other team"
                    };
                    self.push(illegal(
                        format!("{} is already announced by {who}", bonus.word()),
                        "KR-ANN-2",
                        "announced twice",
                        "a bonus may be announced by one team only, once",
                    ));
                    return false;
                }
                self.ann[bonus_index(bonus)] = Some(Ann {
                    bidder_team: team,
                    level: 0,
                });
                let side = if team {
                    "the bidder's team"
                } else {
                    "the opponents"
                };
                self.event(
                    Moment::Calls,
                    "KR-ANN-2",
                    format!("seat {s} announces {} for {side}", bonus.word()),
                );
                true
            }
            Act::Contra { target } | Act::Recontra { target } | Act::Subcontra { target } => {
                let step: u8 = match a.act {
                    Act::Contra { .. } => 1,
                    Act::Recontra { .. } => 2,
                    _ => 3,
                };
                let word = ["", "contra", "recontra", "subcontra"][step as usize];
                let (owner, level) = match target {
                    Target::Game => (true, self.game_level),
                    Target::Bonus(bonus) => {
                        if negative {
                            self.push(illegal(
                                format!("{word} on {} in a negative game", bonus.word()),
                                "KR-ANN-5",
                                "only the game can be contra'd",
                                "in piccolo and beggar only the game can be contra'd",
                            ));
                            return false;
                        }
                        match self.ann[bonus_index(*bonus)] {
                            Some(ann) => (ann.bidder_team, ann.level),
                            None => {
                                self.push(illegal(
                                    format!("{word} on {}, which nobody announced", bonus.word()),
                                    "KR-ANN-4",
                                    "nothing to contra",
                                    "a contra needs a target: the game or a bonus announced legally",
                                ));
                                return false;
                            }
                        }
                    }
                };
                // contra and subcontra by the side not owning the item,
                // recontra by its owner.
                let by_owner = team == owner;
                let right_side = if step == 2 { by_owner } else { !by_owner };
                if !right_side {
                    self.push(illegal(
                        format!("{word} on {target} by the wrong side"),
                        "KR-ANN-4",
                        "wrong side",
                        "contra and subcontra come from the side against the item, recontra from the side that owns it",
                    ));
                    return false;
                }
                if level != step - 1 {
                    let msg = match level {
                        0 => format!(
                            "{word} on {target}, which has no {}",
                            ["", "", "contra", "recontra"][step as usize]
                        ),
                        _ => format!(
                            "{word} on {target}, which already stands at {}",
                            ["", "contra", "recontra", "subcontra"][level.min(3) as usize]
                        ),
                    };
                    self.push(illegal(
                        msg,
                        "KR-ANN-4",
                        "out of order",
                        "contra first, then recontra, then subcontra, each once",
                    ));
                    return false;
                }
                match target {
                    Target::Game => self.game_level = step,
                    Target::Bonus(bonus) => {
                        if let Some(ann) = &mut self.ann[bonus_index(*bonus)] {
                            ann.level = step;
                        }
                    }
                }
                self.event(
                    Moment::Calls,
                    "KR-ANN-4",
                    format!("seat {s}: {word} on {target} (×{})", 1 << step),
                );
                true
            }
            Act::Call { .. } | Act::Talon { .. } | Act::Grind => {
                self.push(illegal(
                    "a king call, talon choice or grind out of its place".into(),
                    "KR-CALL-1",
                    "misplaced",
                    "the king call comes first in `calls:`, then the talon choice, then the call round",
                ));
                false
            }
            _ => {
                self.push(illegal(
                    "not a call of Königrufen".into(),
                    "KR-ANN-1",
                    "not a call",
                    "the call round has pass, announce <bonus>, contra/recontra/subcontra <game|bonus>",
                ));
                false
            }
        }
    }

    /// Rule 4a reservations (KR-PLAY-6): positive black games only.
    fn reserve(&mut self) {
        let game = self.game();
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
            let Some(ann) = self.ann[bonus_index(bonus)] else {
                continue;
            };
            let (card, target) = match bonus {
                Bonus::KingUltimo => match self.called {
                    Some(c) => (c, 12),
                    None => continue,
                },
                b => ultimo_card(b).expect("ultimo bonus"),
            };
            if let Some(holder) = (0..4u8)
                .find(|&s| self.team(s) == ann.bidder_team && self.hand[s as usize].contains(card))
            {
                self.reserved[k] = (holder, Some(card), target);
                k += 1;
            }
        }
    }

    fn after_grind(&mut self) {
        let rec = self.rec;
        let extra = rec
            .discard
            .as_ref()
            .map(|d| d.span)
            .or(rec.tricks.first().map(|t| t.span));
        if let Some(span) = extra {
            self.push(
                Problem::new(
                    Kind::Other,
                    "the deal ended with the grind; nothing more is played",
                )
                .rule("KR-TALON-2")
                .seat(self.bidder)
                .at(span, "after the grind")
                .help("after a grind there is no discard, no call round and no tricks"),
            );
        }
    }

    // ------------------------------------------------------------------- play

    fn play(&mut self) {
        let rec = self.rec;
        let game = self.game();
        let fh = self.forehand;
        let mut leader = if is_negative(game) { self.bidder } else { fh };
        let valat_team = self.ann[bonus_index(Bonus::Valat)].map(|a| a.bidder_team);
        for (t, trick) in rec.tricks.iter().enumerate().take(12) {
            let k = t + 1;
            if self.ended_early {
                self.push(
                    Problem::new(Kind::Other, format!("trick {k} is recorded after the play had ended"))
                        .rule("KR-NEG-1")
                        .trick(k)
                        .at(trick.span, "play is over")
                        .help("beggar ends when the bidder wins a trick, piccolo when it wins a second, an announced valat when the other team wins one"),
                );
                break;
            }
            if trick.plays.len() != 4 {
                // Who plays what from here on is unknown: nothing after it
                // is judged, and the deal is void (see `replay`).
                self.wrong_trick = Some(k);
                break;
            }
            if let Some(l) = trick.leader {
                if l != leader && l < 4 {
                    self.push(
                        Problem::new(Kind::OutOfTurn, format!("trick {k} is led by seat {l}, but seat {leader} leads it"))
                            .rule("KR-PLAY-1")
                            .seat(l)
                            .trick(k)
                            .at(trick.span, format!("seat {leader} leads"))
                            .help("the forehand (negative games: the bidder) leads the first trick, the winner of each trick the next"),
                    );
                    leader = l;
                }
            }
            if trick.leader.is_none() && !self.partial && !self.fits(trick, leader) {
                // The cards say another seat led (e.g. the trick before was
                // won by a revoke): one out-of-turn finding, not a cascade.
                if let Some(l) = (1..4)
                    .map(|d| (leader + d) % 4)
                    .find(|&l| self.fits(trick, l))
                {
                    self.push(
                        Problem::new(Kind::OutOfTurn, format!("trick {k} is led by seat {l}, but seat {leader} won the trick before and leads it"))
                            .rule("KR-PLAY-1")
                            .seat(l)
                            .trick(k)
                            .at(trick.plays[0].span, format!("seat {leader} leads"))
                            .help("the winner of each trick leads the next; write `trick N lead S:` when the record means another leader"),
                    );
                    leader = l;
                }
            }
            let mut cards = [Card::PAGAT; 4];
            let mut n = 0;
            for item in trick.plays.iter().take(4) {
                let seat = (leader + n as u8) % 4;
                self.check_card(item, seat, k, &cards[..n]);
                self.hand[seat as usize].remove(item.card);
                cards[n] = item.card;
                n += 1;
            }
            if n == 0 {
                continue;
            }
            let w = winner(&cards[..n], game, &self.opts);
            let winner_seat = (leader + w as u8) % 4;
            let mut p = Played {
                leader,
                winner: winner_seat,
                cards: [None; 4],
                n: n as u8,
            };
            for (i, c) in cards[..n].iter().enumerate() {
                p.cards[i] = Some(*c);
                self.won[winner_seat as usize].insert(*c);
            }
            self.tricks[t] = p;
            self.ntricks = k;
            self.tricks_won[winner_seat as usize] += 1;
            let reason = win_reason(&cards[..n], w, game, &self.opts);
            self.report.events.push(Event::Trick {
                trick: k as u16,
                leader,
                winner: winner_seat,
                reason,
            });
            self.count_event(k as u16);
            leader = winner_seat;
            // KR-NEG-1: early end.
            let b = self.bidder;
            let end = if is_beggar(game) && winner_seat == b {
                Some(format!(
                    "the bidder (seat {b}) wins trick {k}: beggar is lost"
                ))
            } else if is_piccolo(game) && winner_seat == b && self.tricks_won[b as usize] == 2 {
                Some(format!(
                    "the bidder (seat {b}) wins its second trick: piccolo is lost"
                ))
            } else if valat_team.is_some_and(|vt| self.team(winner_seat) != vt) {
                Some(format!(
                    "seat {winner_seat} wins trick {k} against the announced valat: valat is lost"
                ))
            } else {
                None
            };
            if let Some(text) = end {
                self.ended_early = true;
                self.event(Moment::Trick(k as u16), "KR-NEG-1", text);
            }
        }
        if self.wrong_trick.is_some() {
            return;
        }
        let recorded = rec.tricks.len().min(12);
        self.complete = self.ended_early || (recorded == 12 && self.ntricks == 12);
        if !self.complete {
            let span = rec.tricks.last().map_or(rec.tags[0].span, |t| t.span);
            self.push(
                Problem::new(Kind::Other, format!("only {recorded} of 12 tricks are recorded"))
                    .rule("KR-NEG-1")
                    .at(span, "play stops here")
                    .help("all 12 tricks are played unless beggar, piccolo or an announced valat ends the play early; the deal is not scored"),
            );
        }
    }

    /// Whether every card of the trick is in the hand of the seat that
    /// plays it when `leader` leads.
    fn fits(&self, trick: &notation::Trick, leader: u8) -> bool {
        trick
            .plays
            .iter()
            .take(4)
            .enumerate()
            .all(|(i, item)| self.hand[(leader as usize + i) % 4].contains(item.card))
    }

    /// Rules 1–4 for one card (KR-PLAY-2..7, 10).
    fn check_card(&mut self, item: &notation::Item, seat: u8, k: usize, before: &[Card]) {
        let card = item.card;
        let game = self.game();
        let hand = self.hand[seat as usize];
        if !hand.contains(card) {
            self.push(
                Problem::new(Kind::Other, format!("seat {seat} plays {card}, which it does not hold"))
                    .rule("KR-PLAY-10")
                    .seat(seat)
                    .trick(k)
                    .card(card)
                    .at(item.span, "not in this hand")
                    .help("each seat plays the cards it was dealt (the bidder: with the talon cards taken, without those laid away)"),
            );
            return;
        }
        let (a1, rule, duty) = duty_set(hand, before, game, &self.opts);
        let revoke = |rule: &'static str, msg: String| {
            Problem::new(Kind::Revoke, msg)
                .rule(rule)
                .seat(seat)
                .trick(k)
                .card(card)
                .at(item.span, "played here")
                .help(DUTY_HELP)
        };
        if !a1.contains(card) {
            self.push(revoke(
                rule,
                format!("seat {seat} plays {card} but must {duty}"),
            ));
            return;
        }
        let negative = is_negative(game);
        let beat_applies = negative && (game != Game::Trischaken || self.opts.trischaken_beat);
        let mut a2 = a1;
        if beat_applies && !before.is_empty() {
            let beating = beaters(a1, before, game, &self.opts);
            if !beating.is_empty() {
                a2 = beating;
                if !a2.contains(card) {
                    self.push(revoke(
                        "KR-PLAY-4",
                        format!(
                            "seat {seat} plays {card} but must beat the winning card (it holds {})",
                            list(beating)
                        ),
                    ));
                    return;
                }
            }
        }
        if beat_applies
            && card == Card::PAGAT
            && !a2
                .intersection(tarocks())
                .difference(pagat_only())
                .is_empty()
        {
            self.push(revoke(
                "KR-PLAY-7",
                format!("seat {seat} plays the pagat while it may play another tarock"),
            ));
            return;
        }
        if is_black(game) {
            self.rule_4a(item, seat, k, a1);
        }
    }

    /// KR-PLAY-6: announced ultimo cards kept for their target trick.
    fn rule_4a(&mut self, item: &notation::Item, seat: u8, k: usize, allowed: CardSet) {
        let card = item.card;
        let k16 = k as u16;
        let mut due = CardSet::EMPTY;
        let mut pending = CardSet::EMPTY;
        let mut target_of = |c: Card| {
            self.reserved
                .iter()
                .find(|r| r.1 == Some(c))
                .map_or(0, |r| r.2)
        };
        for &(s, c, target) in &self.reserved {
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
        let fault = if !due.is_empty() && !due.contains(card) {
            Some(format!(
                "seat {seat} holds back {} in trick {k}, its announced trick",
                list(due)
            ))
        } else if due.is_empty() && pending.contains(card) {
            if !allowed.difference(pending).is_empty() {
                Some(format!(
                    "seat {seat} plays the announced {card} before trick {}",
                    target_of(card)
                ))
            } else {
                let earliest = pending.iter().map(&mut target_of).min().unwrap_or(0);
                (target_of(card) > earliest).then(|| {
                    format!("seat {seat} must play the announced card due earliest (trick {earliest}), not {card}")
                })
            }
        } else {
            None
        };
        if let Some(msg) = fault {
            self.push(
                Problem::new(Kind::PrematureUltimoCard, msg)
                    .rule("KR-PLAY-6")
                    .seat(seat)
                    .trick(k)
                    .card(card)
                    .at(item.span, "played here")
                    .help("rule 4a: an announced pagat, uhu, pelican, quapil or called king is kept for its trick (12, 11, 10, 9, 12) unless rules 1-2 force it, and played there if they allow"),
            );
        }
    }
}

fn pagat_only() -> CardSet {
    let mut s = CardSet::EMPTY;
    s.insert(Card::PAGAT);
    s
}

fn next_open(s: u8, passed: &[bool; 4]) -> u8 {
    (1..=4)
        .map(|d| (s + d) % 4)
        .find(|&o| !passed[o as usize])
        .unwrap_or((s + 1) % 4)
}

fn talon_rule(game: Game) -> &'static str {
    if is_negative(game) {
        "KR-TALON-5"
    } else if game == Game::SixThrees {
        "KR-TALON-4"
    } else {
        "KR-TALON-3"
    }
}

fn talon_taken(rec: &Record) -> Option<u8> {
    rec.calls
        .as_ref()?
        .actions
        .iter()
        .find_map(|a| match a.act {
            Act::Talon { half } => Some(half),
            _ => None,
        })
}

/// Cards as a space-separated list.
pub(crate) fn list(set: CardSet) -> String {
    let v: Vec<String> = set.iter().map(|c| c.to_string()).collect();
    v.join(" ")
}

/// The cards rules 1, 2 and 4b allow (KR-PLAY-2, 3, 5), the rule that
/// narrows them, and the duty in words.
pub(crate) fn duty_set(
    hand: CardSet,
    before: &[Card],
    game: Game,
    opts: &Opts,
) -> (CardSet, &'static str, &'static str) {
    let tar = hand.intersection(tarocks());
    let suits = hand.difference(tarocks());
    let suit_game = is_suit_game(game);
    let Some(&led) = before.first() else {
        // Leading: rule 4b in suit games; rule 4c is checked apart.
        if suit_game && !suits.is_empty() {
            return (
                suits,
                "KR-PLAY-5",
                "lead a suit card while holding one (tarocks are played only without suit cards)",
            );
        }
        return (hand, "KR-PLAY-2", "lead");
    };
    match led.suit() {
        Some(s) => {
            let follow = hand.intersection(CardSet::suit(s));
            if !follow.is_empty() {
                return (follow, "KR-PLAY-2", "follow suit");
            }
            if suit_game {
                if !suits.is_empty() {
                    return (
                        suits,
                        "KR-PLAY-5",
                        "play a suit card (tarock only without suit cards)",
                    );
                }
                return (hand, "KR-PLAY-5", "play");
            }
            if !tar.is_empty() {
                return (tar, "KR-PLAY-3", "play tarock (void in the suit led)");
            }
            (hand, "KR-PLAY-3", "play")
        }
        None => {
            if suit_game && opts.suits_first && !suits.is_empty() {
                return (
                    suits,
                    "KR-PLAY-5",
                    "play a suit card (suit_tarock_lead=suits-first)",
                );
            }
            if !tar.is_empty() {
                let rule = if suit_game { "KR-PLAY-5" } else { "KR-PLAY-3" };
                return (tar, rule, "follow tarock");
            }
            (hand, "KR-PLAY-3", "play")
        }
    }
}

/// The allowed cards that would take the lead of the trick (rule 3).
fn beaters(allowed: CardSet, before: &[Card], game: Game, opts: &Opts) -> CardSet {
    let mut out = CardSet::EMPTY;
    let mut cards = [Card::PAGAT; 4];
    cards[..before.len()].copy_from_slice(before);
    let n = before.len();
    for c in allowed.iter() {
        cards[n] = c;
        if winner(&cards[..=n], game, opts) == n {
            out.insert(c);
        }
    }
    out
}

/// Whether the fairy-tale trick applies in this game (KR-PLAY-9).
fn fairy(game: Game, opts: &Opts) -> bool {
    is_black(game) || (opts.fairy_all && is_negative(game))
}

/// The index of the winning card (KR-PLAY-8, 9).
pub(crate) fn winner(cards: &[Card], game: Game, opts: &Opts) -> usize {
    let led = cards[0];
    if cards.len() == 4 && fairy(game, opts) {
        let set = cards.iter().fold(0u128, |m, c| m | 1 << c.index());
        if set & trull().0 == trull().0 {
            return cards.iter().position(|&c| c == Card::PAGAT).unwrap_or(0);
        }
    }
    let table = &rules::STRENGTH[opts.knight_high as usize];
    let tarocks_win = !is_suit_game(game) || led.is_trump();
    let led_suit = led.index() / 14;
    let key = |c: Card| -> u8 {
        let i = c.index();
        if i >= 56 {
            if tarocks_win {
                table[i as usize]
            } else {
                0
            }
        } else if i / 14 == led_suit {
            table[i as usize]
        } else {
            0
        }
    };
    let mut best = 0;
    let mut best_key = key(led);
    for (i, &c) in cards.iter().enumerate().skip(1) {
        let k = key(c);
        if k > best_key {
            best = i;
            best_key = k;
        }
    }
    best
}

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
mod tests {
    use super::*;

    fn opts() -> Opts {
        Opts::read(&crate::RuleOptions::default())
    }

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn the_default_options_are_the_first_allowed_values() {
        let read = |o: &crate::RuleOptions| format!("{:?}", Opts::read(o));
        let mut with_one = crate::RuleOptions::default();
        with_one.values.push(("face_order".into(), "KQNJ".into()));
        assert_eq!(read(&crate::RuleOptions::default()), read(&with_one));
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

    #[test]
    fn a_void_player_must_play_tarock_in_black_games() {
        let hand: CardSet = cards("T5 S7 C7").into_iter().collect();
        let (allowed, rule, _) = duty_set(hand, &cards("HK"), Game::Caller, &opts());
        assert_eq!(rule, "KR-PLAY-3");
        assert_eq!(list(allowed), "T5");
        let (allowed, rule, _) = duty_set(hand, &cards("HK"), Game::ThreeOfSuits, &opts());
        assert_eq!(rule, "KR-PLAY-5");
        assert_eq!(list(allowed), "S7 C7");
    }
}
