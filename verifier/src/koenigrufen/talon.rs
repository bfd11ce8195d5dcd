//! The talon (KR-TALON-1..5): which pile the bidder takes, the grind,
//! six threes taking all six cards; solo and negative games leave it.

use notation::Kind;
use notation::Rule;
use notation::{Act, Action, Game, Problem};

use super::rules::*;
use super::Replay;
use crate::Moment;

impl Replay<'_> {
    /// The talon entry at `acts[i]`, if this game has one. Returns the index
    /// of the entry after it.
    pub(super) fn talon(&mut self, acts: &[Action], i: usize) -> usize {
        let game = self.state.game();
        let b = self.state.bidder;
        let calls_span = self.calls_span();
        let mut i = i;
        let normal = !is_negative(game) && !is_solo(game) && game != Game::SixThrees;
        match acts.get(i).map(|a| (a, &a.act)) {
            Some((a, Act::Talon { .. } | Act::Grind)) if !normal => {
                // KR-TALON-1 as amended: in a game without a talon choice, a
                // talon choice or grind in its place is reported and ignored;
                // it is not part of the call round.
                i += 1;
                let rule = if a.act == Act::Grind {
                    Rule::KrTalon2
                } else {
                    talon_rule(game)
                };
                self.out.fault(||
                    Problem::new(Kind::IllegalCall, format!("in {} the talon is not taken", game.word()))
                        .rule(rule)
                        .seat(a.seat)
                        .at(a.span, "no talon choice in this game")
                        .help("the bidder takes a talon pile (or grinds) only in caller, three and three of suits; solo and negative games leave it, six threes takes all six; the entry is ignored"),
                );
            }
            Some((a, Act::Talon { half })) => {
                i += 1;
                if a.seat != b || *half > 1 {
                    // KR-TALON-1 as amended: a choice recorded for another
                    // seat still takes effect, the bidder takes that pile.
                    self.out.fault(||
                        Problem::new(Kind::IllegalCall, format!("talon {half} by seat {}: only the bidder (seat {b}) takes pile 0 or 1", a.seat))
                            .rule(Rule::KrTalon1)
                            .seat(a.seat)
                            .at(a.span, "bad talon choice")
                            .help("`talon 0` takes the first three talon cards, `talon 1` the last three; a choice written for another seat is the bidder's"),
                    );
                }
                if *half <= 1 {
                    self.take(*half);
                }
            }
            Some((a, Act::Grind)) => {
                self.grind(acts, a, i + 1);
                return i + 1;
            }
            next if normal && (next.is_some() || self.goes_on_after_calls()) => {
                // KR-TALON-1 as amended: no pile is taken, both count for
                // the opponents, and no discard is due.
                self.out.fault(||
                    Problem::new(Kind::IllegalCall, format!("in {} the bidder must choose a talon pile", game.word()))
                        .rule(Rule::KrTalon1)
                        .seat(b)
                        .at(next.map_or(calls_span, |(a, _)| a.span), "talon choice expected here")
                        .help("write `talon 0` or `talon 1` after the king call (or `grind` when the called king is in the talon); without it the bidder takes no pile, both count for the opponents, and no discard is due"),
                );
            }
            // A record that stops before the talon choice: an incomplete
            // record (KR-NEG-1), no finding of its own.
            _ => {}
        }
        if game == Game::SixThrees {
            let all = self.state.talon[0].union(self.state.talon[1]);
            self.state.hand[b] = self.state.hand[b].union(all);
            self.out.event(
                Moment::Calls,
                Rule::KrTalon4,
                format_args!("seat {b} takes all six talon cards"),
            );
        }
        i
    }

    /// Whether the record goes on after `calls:` (a discard or tricks).
    pub(super) fn goes_on_after_calls(&self) -> bool {
        self.rec.discard.is_some() || !self.rec.tricks.is_empty()
    }

    /// KR-TALON-2: the bidder gives up after seeing its called king in the
    /// talon; the deal ends there.
    fn grind(&mut self, acts: &[Action], a: &Action, i: usize) {
        let game = self.state.game();
        let b = self.state.bidder;
        let king_in_talon = self
            .state
            .called
            .is_some_and(|k| self.state.talon[0].union(self.state.talon[1]).contains(k));
        // KR-TALON-2 names the bidder's seat; as a talon choice for another
        // seat (KR-TALON-1 as amended, KR-ANN-6), a grind recorded for
        // another seat is that seat's illegal call and still takes effect:
        // the bidder gives up.
        let fault = if !(is_caller(game) && !is_solo(game) && king_in_talon) {
            Some((
                "grind is allowed only in a non-solo caller game whose called king lies in the talon".to_owned(),
                "grind not allowed",
                "a bidder may give up only after seeing its called king in the talon",
            ))
        } else if a.seat != b {
            Some((
                format!("grind by seat {}: only the bidder (seat {b}) may give up", a.seat),
                "grind by another seat",
                "the grind is the bidder's: a grind written for another seat is still the bidder giving up",
            ))
        } else {
            None
        };
        if let Some((what, label, help)) = fault {
            self.out.fault(|| {
                Problem::new(Kind::IllegalCall, what)
                    .rule(Rule::KrTalon2)
                    .seat(a.seat)
                    .at(a.span, label)
                    .help(help)
            });
        }
        self.state.grind = true;
        self.out.event(
            Moment::Calls,
            Rule::KrTalon2,
            format_args!("seat {b} gives up (grind)"),
        );
        if let Some(extra) = acts.get(i) {
            self.out.fault(|| {
                Problem::new(
                    Kind::Other,
                    "the deal ended with the grind; nothing more is called",
                )
                .rule(Rule::KrTalon2)
                .seat(extra.seat)
                .at(extra.span, "after the grind")
                .help("after a grind there is no discard, no call round and no tricks")
            });
        }
    }

    /// KR-TALON-1: the bidder takes pile `half`.
    fn take(&mut self, half: u8) {
        let b = self.state.bidder;
        self.state.taken = Some(half);
        let pile = self.state.talon[half as usize];
        self.state.hand[b] = self.state.hand[b].union(pile);
        self.out.event(
            Moment::Calls,
            Rule::KrTalon1,
            // The pile's list is written only when events are wanted.
            crate::reason::Lazy(|| {
                format!(
                    "seat {b} takes talon pile {half} ({}); the other pile counts for the opponents",
                    list(pile)
                )
            }),
        );
    }

    /// KR-TALON-2: nothing is laid away or played after a grind.
    pub(super) fn after_grind(&mut self) {
        let rec = self.rec;
        let extra = rec
            .discard
            .as_ref()
            .map(|d| d.span)
            .or(rec.tricks.first().map(|t| t.span));
        if let Some(span) = extra {
            self.out.fault(|| {
                Problem::new(
                    Kind::Other,
                    "the deal ended with the grind; nothing more is played",
                )
                .rule(Rule::KrTalon2)
                .seat(self.state.bidder)
                .at(span, "after the grind")
                .help("after a grind there is no discard, no call round and no tricks")
            });
        }
    }
}

fn talon_rule(game: Game) -> Rule {
    if is_negative(game) {
        Rule::KrTalon5
    } else if game == Game::SixThrees {
        Rule::KrTalon4
    } else {
        Rule::KrTalon3
    }
}
