//! The rule options of the digest (the `Option` paragraphs of
//! `koenigrufen.md`: `face_order` KR-DECK-3, `ultimo_bid_holder` KR-BID-5,
//! `suits_discard` KR-DISCARD-3, `call_round_end` KR-ANN-1, `absolut` and
//! `absolut_value` KR-ANN-2, `trischaken_must_beat` KR-PLAY-4,
//! `suit_tarock_lead` KR-PLAY-5, `fairy_trick` KR-PLAY-9, `trischaken_tie`
//! KR-SCORE-7), read once per deal.

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

    pub(crate) fn read(o: &crate::RuleOptions) -> Opts {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_options_are_the_first_allowed_values() {
        let read = |o: &crate::RuleOptions| format!("{:?}", Opts::read(o));
        let mut with_one = crate::RuleOptions::default();
        with_one.values.push(("face_order", "KQNJ".into()));
        assert_eq!(read(&crate::RuleOptions::default()), read(&with_one));
    }
}
