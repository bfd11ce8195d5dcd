//! The actions of the auction, the calls and the declarations: a seat, a
//! verb and its arguments, separated by commas.

use crate::card::Card;
use crate::problem::{Kind, Problem};
use crate::record::*;

use super::*;

impl<'a> Reader<'a> {
    pub(super) fn actions(
        &mut self,
        lead_in: &mut Vec<String>,
    ) -> PResult<(Vec<Action>, Vec<Trivia>)> {
        let mut actions: Vec<Action> = Vec::new();
        let mut pending = self.trivia()?;
        if self.at_section_start() {
            return Ok((actions, pending));
        }
        lead_in.extend(pending.drain(..).map(|t| t.text));
        loop {
            let action = self.action()?;
            actions.push(action);
            pending = self.trivia()?;
            if self.rest().starts_with(',') {
                self.pos += 1;
                let more = self.trivia()?;
                let last = actions.last_mut().unwrap();
                last.comments
                    .extend(pending.drain(..).chain(more).map(|t| t.text));
                continue;
            }
            if self.at_section_start() {
                return Ok((actions, pending));
            }
            let (found, span) = self.found();
            return Err(self.syntax(
                span,
                format!("expected `,` or a new section, found {found}"),
                "expected `,` here",
                "separate actions with commas: `1 pass, 2 three`",
            ));
        }
    }

    fn card_run(&mut self) -> PResult<Vec<Card>> {
        let mut cards = Vec::new();
        loop {
            // The common form (a handful's cards): one space and a canonical
            // code, read as below reads it.
            if self.fast && self.src.as_bytes().get(self.pos) == Some(&b' ') {
                if let Some((card, end)) = canonical_at(self.src.as_bytes(), self.pos + 1) {
                    cards.push(card);
                    self.pos = end;
                    continue;
                }
            }
            // Blanks are only skipped if a card follows: a line break before
            // a comment decides where the comment belongs.
            let before = self.pos;
            self.trivia_inline()?;
            let rest = self.rest();
            if rest.is_empty()
                || rest.starts_with([',', '{'])
                || self.at_section_start()
                || self.peek_word() == Some("after")
            {
                self.pos = before;
                return Ok(cards);
            }
            cards.push(self.card_word()?.0);
        }
    }

    fn skat_tail(&mut self) -> PResult<Vec<Card>> {
        let before = self.pos;
        self.trivia_inline()?;
        if self.peek_word() == Some("skat") {
            self.take_word();
            let cards = self.card_run()?;
            return Ok(cards);
        }
        self.pos = before;
        Ok(Vec::new())
    }

    pub(super) fn action(&mut self) -> PResult<Action> {
        let start = self.pos;
        let (seat, _) = self.seat()?;
        let (verb, verb_span) = self.expect_word(
            "an action",
            "an action is a seat number and what it said: `2 pass`, `0 call HK`",
        )?;
        // A local word of the record's variant stands for its canonical
        // word (§7.1).
        let verb = crate::words::local_action(self.variant, verb).unwrap_or(verb);
        let variant = self.variant;
        #[rustfmt::skip] // compact arms, as written
        let act = match Verb::from_word(verb) {
            Some(Verb::Pass) => Act::Pass,
            Some(Verb::Continue) => Act::Continue,
            Some(Verb::Grind) => Act::Grind,
            Some(Verb::Slam) => Act::Slam,
            Some(Verb::Misdeal) => Act::Misdeal,
            Some(Verb::Tout) => Act::Tout,
            Some(Verb::Call) => {
                let card = self.action_card()?;
                let before = self.pos;
                self.trivia_inline()?;
                let fourth = self.peek_word() == Some("fourth");
                if fourth {
                    self.take_word();
                } else {
                    self.pos = before;
                }
                Act::Call { card, fourth }
            }
            Some(Verb::Talon) => {
                self.trivia_inline()?;
                let (half, _) = self.number("a talon half (0 or 1)", "`talon 0` takes the first three cards, `talon 1` the last three")?;
                Act::Talon { half }
            }
            // A local bonus word of the record's variant (§7.1): `kakadu`.
            Some(Verb::Announce) => Act::Announce {
                bonus: self.word_of(|w| Bonus::from_word(crate::words::local_bonus(variant, w).unwrap_or(w)), "a bonus", Bonus::expected())?,
            },
            Some(verb @ (Verb::Contra | Verb::Recontra | Verb::Subcontra)) => {
                let target = self.word_of(|w| crate::words::local_bonus(variant, w).unwrap_or(w).parse().ok(), "a contra target", format!("game, {}", Bonus::expected()))?;
                match verb {
                    Verb::Contra => Act::Contra { target },
                    Verb::Recontra => Act::Recontra { target },
                    _ => Act::Subcontra { target },
                }
            }
            Some(Verb::Handful) => {
                let size = self.word_of(HandfulSize::from_word, "a handful size", HandfulSize::expected())?;
                Act::Handful { size, cards: self.card_run()? }
            }
            Some(Verb::Trumps) => {
                self.trivia_inline()?;
                let (count, _) = self.number("the number of trumps", "`trumps 11 pagat` or `trumps 10 no-pagat`")?;
                let pagat = self.word_of(
                    |w| match w {
                        "pagat" => Some(true),
                        "no-pagat" => Some(false),
                        _ => None,
                    },
                    "`pagat` or `no-pagat`",
                    "pagat, no-pagat".into(),
                )?;
                Act::Trumps { count, pagat, skat: self.skat_tail()? }
            }
            Some(Verb::Matadors) => {
                self.trivia_inline()?;
                let (count, _) = self.number("the number of matadors", "`matadors 4`")?;
                Act::Matadors { count, skat: self.skat_tail()? }
            }
            Some(Verb::Half) => {
                let suit = self.suit_word()?;
                let missing = self.action_card()?;
                Act::Half { suit, missing, skat: self.skat_tail()? }
            }
            Some(Verb::Full) => Act::Full { suit: self.suit_word()?, skat: self.skat_tail()? },
            Some(Verb::Abundant) => Act::Abundant { suit: self.suit_word()?, skat: self.skat_tail()? },
            Some(Verb::HalfKings) => {
                let missing = self.action_card()?;
                Act::HalfKings { missing, skat: self.skat_tail()? }
            }
            Some(Verb::FullKings) => Act::FullKings { skat: self.skat_tail()? },
            Some(Verb::AbundantKings) => Act::AbundantKings { skat: self.skat_tail()? },
            // A bid is written by its game's name; `bid` is JSON's word.
            Some(Verb::Bid) | None => match Game::from_word(verb) {
                Some(game) => Act::Bid { game },
                None => {
                    return Err(self.fail(
                        Problem::new(Kind::Syntax, format!("`{verb}` is not an action"))
                            .at(verb_span, "unknown action")
                            .help(crate::words::action_help(verb, self.variant)),
                    ))
                }
            },
        };
        let before = self.pos;
        self.trivia_inline()?;
        let after = if self.peek_word() == Some("after") {
            self.take_word();
            self.trivia_inline()?;
            Some(
                self.number(
                    "a trick number",
                    "`after 3`: the action was made after trick 3 was complete",
                )?
                .0,
            )
        } else {
            self.pos = before;
            None
        };
        Ok(Action {
            seat,
            act,
            after,
            comments: Vec::new(),
            span: self.span(start, self.pos),
        })
    }
}
