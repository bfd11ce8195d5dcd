//! The words a record of each variant uses (sections, actions, card names),
//! and "did you mean" for a word that is none of them.
//!
//! The parser accepts every canonical word in every variant
//! (spec/notation.md §6.3, §7); these lists shape the help of a diagnostic,
//! so that a Königrufen record is not told about Danish declarations. The
//! players' local words (§7.1) are the exception: each is read as its
//! canonical word in a record of its own variant only.

use crate::{Card, Game, Variant, Verb};

/// The sections a record of `variant` uses, in their order (§6); `result`
/// in every game, whose verifier reads a score sheet (issue 26).
pub fn sections(variant: Option<Variant>) -> &'static [&'static str] {
    match variant {
        // `misdeal` and `tout` may stand in any of the three action sections.
        Some(Variant::DanishTarok) => &[
            "hand", "auction", "calls", "discard", "declare", "trick", "result", "claim",
        ],
        Some(Variant::FrenchTarot) => &[
            "hand", "talon", "auction", "discard", "declare", "trick", "result", "claim",
        ],
        Some(Variant::Koenigrufen) => &[
            "hand", "talon", "auction", "calls", "discard", "trick", "result", "claim",
        ],
        Some(Variant::Skill7Tarock) => &["hand", "auction", "calls", "trick", "result", "claim"],
        None => &[
            "hand", "talon", "auction", "calls", "discard", "declare", "trick", "result", "claim",
        ],
    }
}

/// Accepted spellings of section keywords besides [`sections`].
fn section_aliases(variant: Option<Variant>) -> &'static [&'static str] {
    match variant {
        Some(Variant::FrenchTarot) | None => &["dog"],
        _ => &[],
    }
}

/// The action words (canonical) a record of `variant` uses (§7), from the
/// one table of verbs ([`Verb`]) and games ([`Game`]): `pass`, the
/// variant's game names, its other verbs; all of them, variant by
/// variant, when the variant is not known.
pub fn actions(variant: Option<Variant>) -> Vec<&'static str> {
    let of = |v: Variant| {
        let games = Game::ALL.iter().filter(move |g| g.variant() == v);
        std::iter::once(Verb::Pass.word())
            .chain(games.map(|g| g.word()))
            .chain(
                Verb::ALL
                    .iter()
                    .filter(move |w| !matches!(w, Verb::Pass | Verb::Bid) && w.used_in(v))
                    .map(|w| w.word()),
            )
    };
    match variant {
        Some(v) => of(v).collect(),
        None => {
            let mut all: Vec<&str> = Vec::new();
            for w in Variant::ALL.into_iter().flat_map(of) {
                if !all.contains(&w) {
                    all.push(w);
                }
            }
            all
        }
    }
}

/// Accepted aliases of the action words of `variant` (the other spellings
/// of [`Verb`] and [`Game`]), in the order of [`actions`].
fn action_aliases(variant: Option<Variant>) -> Vec<&'static str> {
    actions(variant)
        .into_iter()
        .flat_map(|w| {
            Verb::from_word(w)
                .map(|v| v.aliases())
                .or_else(|| Game::from_word(w).map(|g| g.aliases()))
                .unwrap_or(&[])
        })
        .copied()
        .collect()
}

/// The players' own words of each variant (spec/notation.md §7.1): a
/// local word, the canonical action word it stands for, and the source
/// that uses the word. A local word is read as its canonical word only in
/// a record of its variant, and written canonical by `fmt`, as the French
/// aliases are.
const KOENIGRUFEN_LOCAL: &[(&str, &str, &str)] = &[
    (
        "weiter",
        "pass",
        "issue 26 (the scorer's word in the auction)",
    ),
    ("gut", "pass", "issue 26; KR-ANN-1 \"good\""),
    ("dreier", "three", "issue 26"),
    ("bettler", "beggar", "seed 003 \"Bettler\""),
];
const SKILL7_LOCAL: &[(&str, &str, &str)] =
    &[("farbensolo", "farbesolo", "seed 004 \"Farbensolo\"")];
const DANISH_LOCAL: &[(&str, &str, &str)] = &[
    ("pas", "pass", "seed 000 \"says \"pass\" (pas)\""),
    ("tarokker", "trumps", "DK-DECL-2; seed 002 TAROKMELDINGER"),
    ("matadorer", "matadors", "seed 002 MATADORMELDINGER"),
    (
        "halvt",
        "half",
        "seed 002 HALVE MELDINGER \"halvt i farven\"",
    ),
    ("fuldt", "full", "seed 002 \"FULDT eller HELT i farve\""),
    ("helt", "full", "seed 002 \"FULDT eller HELT i farve\""),
    (
        "sprøjte",
        "abundant",
        "DK-DECL-2; seed 002 \"SPRØJTE eller OVERFYLDT\"",
    ),
    (
        "overfyldt",
        "abundant",
        "DK-DECL-2; seed 002 \"SPRØJTE eller OVERFYLDT\"",
    ),
    ("halvt-konger", "half-kings", "seed 002 \"halvt i konger\""),
    (
        "fuldt-konger",
        "full-kings",
        "seed 002 \"Tilsvarende i konger\"",
    ),
    (
        "helt-konger",
        "full-kings",
        "seed 002 \"Tilsvarende i konger\"",
    ),
    (
        "sprøjte-konger",
        "abundant-kings",
        "seed 002 \"i farve eller konger\"",
    ),
    (
        "overfyldt-konger",
        "abundant-kings",
        "seed 002 \"i farve eller konger\"",
    ),
];

/// The local words of `variant` (§7.1): (local word, canonical word,
/// source). None without a known variant.
pub fn local_words(
    variant: Option<Variant>,
) -> &'static [(&'static str, &'static str, &'static str)] {
    match variant {
        Some(Variant::Koenigrufen) => KOENIGRUFEN_LOCAL,
        Some(Variant::Skill7Tarock) => SKILL7_LOCAL,
        Some(Variant::DanishTarok) => DANISH_LOCAL,
        Some(Variant::FrenchTarot) | None => &[],
    }
}

/// The canonical action word `word` stands for when it is a local word of
/// `variant` (§7.1).
pub fn local_action(variant: Option<Variant>, word: &str) -> Option<&'static str> {
    canonical_of(local_words(variant), word)
}

/// The canonical word a table of (local, canonical, source) gives `word`.
fn canonical_of(table: &[(&str, &'static str, &str)], word: &str) -> Option<&'static str> {
    table
        .iter()
        .find(|(local, _, _)| *local == word)
        .map(|(_, canonical, _)| *canonical)
}

/// The players' own names of the bonuses (§7.1): a local word, the
/// canonical bonus word (§7, "Bonuses") it stands for, and its source. Read
/// after `announce`, as a contra target and in a score sheet's facts, in a
/// record of its variant only.
const KOENIGRUFEN_BONUS: &[(&str, &str, &str)] = &[
    ("pelikan", "pelican", "seed 003 \"Pelikan\" (KR-ANN-2)"),
    (
        "kakadu",
        "pelican",
        "issue 26 brief; the Austrian name of the tarock III bonus (KR-ANN-2: T3, 10th trick)",
    ),
    (
        "mondfang",
        "capture-moon",
        "seed 004 \"Mondfang\"; KR-BONUS-3",
    ),
    ("mond-fang", "capture-moon", "issue 26 brief \"Mond-Fang\""),
    (
        "vier-könige",
        "four-kings",
        "issue 26 brief \"vier Könige\"",
    ),
];
const SKILL7_BONUS: &[(&str, &str, &str)] = &[
    (
        "mondfang",
        "capture-moon",
        "seed 004 \"Mondfang\" (S7-SCORE-5)",
    ),
    ("mond-fang", "capture-moon", "issue 26 brief \"Mond-Fang\""),
    (
        "königstrull",
        "four-kings",
        "seed 004 \"Königstrull\" (S7-SCORE-5)",
    ),
    (
        "vier-könige",
        "four-kings",
        "issue 26 brief \"vier Könige\"",
    ),
];

/// The local bonus words of `variant` (§7.1): (local word, canonical
/// bonus word, source).
pub fn local_bonus_words(
    variant: Option<Variant>,
) -> &'static [(&'static str, &'static str, &'static str)] {
    match variant {
        Some(Variant::Koenigrufen) => KOENIGRUFEN_BONUS,
        Some(Variant::Skill7Tarock) => SKILL7_BONUS,
        Some(Variant::DanishTarok | Variant::FrenchTarot) | None => &[],
    }
}

/// The canonical bonus word `word` stands for when it is a local bonus
/// word of `variant` (§7.1).
pub fn local_bonus(variant: Option<Variant>, word: &str) -> Option<&'static str> {
    canonical_of(local_bonus_words(variant), word)
}

/// The players' own words of a score sheet's `result` (§6.7, §7.1) beyond
/// the action and bonus words: a local word, the canonical fact word, and
/// its source.
const DANISH_RESULT: &[(&str, &str, &str)] = &[
    ("tabt", "lost", "seed 002 \"tabt ultimokort\" (DK-PAY-3)"),
    (
        "pagat-hjem",
        "pagat-home",
        "seed 002 \"Pagat hjem\" (DK-PAY-4)",
    ),
    (
        "bøde",
        "fine",
        "seed 002 \"bøde 20p i hver kop\", BØDER (DK-FINE-1)",
    ),
    (
        "kasseret",
        "abandoned",
        "seed 002 \"spillet kasseres\" (DK-FINE-3)",
    ),
    (
        "givet-om",
        "redeal",
        "seed 002 \"at der bliver givet om\" (DK-DEAL-4)",
    ),
    (
        "sidste-stik",
        "last-trick",
        "seed 002 \"Sidste stik 20p\" (DK-PAY-5)",
    ),
    (
        "pagatultimo",
        "pagat-ultimo",
        "seed 002 \"pagatultimo 45p\" (DK-PAY-5)",
    ),
    (
        "kongeultimo",
        "king-ultimo",
        "seed 002 \"kongeultimo 40p\" (DK-PAY-5)",
    ),
    (
        "pagatbagud",
        "pagat-bagud",
        "seed 002 \"pagatbagud 45p til hver\" (DK-PAY-5)",
    ),
    (
        "kongebagud",
        "king-bagud",
        "seed 002 \"kongebagud 40p til hver\" (DK-PAY-5)",
    ),
    ("tælling", "count", "seed 002 TÆLLING (DK-COUNT-1)"),
];
const GERMAN_RESULT: &[(&str, &str, &str)] = &[(
    "still",
    "silent",
    "seed 004 \"the game is won as a “Still”\" (a bonus not announced)",
)];

/// The local fact words of `variant`'s score sheet (§6.7): (local word,
/// canonical word, source).
pub fn local_result_words(
    variant: Option<Variant>,
) -> &'static [(&'static str, &'static str, &'static str)] {
    match variant {
        Some(Variant::DanishTarok) => DANISH_RESULT,
        Some(Variant::Koenigrufen | Variant::Skill7Tarock) => GERMAN_RESULT,
        Some(Variant::FrenchTarot) | None => &[],
    }
}

/// The canonical word a word of a score sheet's fact stands for in a
/// record of `variant`: a local action word (`tarokker`, `dreier`), bonus
/// word (`kakadu`) or fact word (`sidste-stik`, `still`) (§6.7, §7.1).
pub fn local_fact_word(variant: Option<Variant>, word: &str) -> Option<&'static str> {
    local_action(variant, word)
        .or_else(|| local_bonus(variant, word))
        .or_else(|| canonical_of(local_result_words(variant), word))
}

/// Card names (§5.2) and the card each stands for.
const CARD_NAMES: &[(&str, &str)] = &[
    ("pagat", "T1"),
    ("petit", "T1"),
    ("mond", "T21"),
    ("mondo", "T21"),
    ("moon", "T21"),
    ("sküs", "T22"),
    ("skus", "T22"),
    ("skues", "T22"),
    ("sküsz", "T22"),
    ("excuse", "EX"),
    ("fool", "EX"),
    ("scies", "EX"),
    ("sciesen", "EX"),
    ("scusen", "EX"),
];

/// The close word to `word` among `candidates`, if one is close enough to
/// be a slip of the hand: a word of four letters or more, at most one edit
/// away per three letters (two at most; a swap of two letters is one
/// edit), compared without regard to case. The first of equally close
/// candidates wins.
pub(crate) fn suggest<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let word = word.to_lowercase();
    let len = word.chars().count();
    if len < 4 {
        return None;
    }
    let limit = (len / 3).clamp(1, 2);
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = strsim::damerau_levenshtein(&word, &c.to_lowercase());
        if d <= limit && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

fn did_you_mean(found: Option<&str>) -> String {
    found.map_or(String::new(), |w| format!("did you mean `{w}`? "))
}

fn of_variant(variant: Option<Variant>) -> String {
    variant.map_or(String::new(), |v| format!(" of a {} record", v.name()))
}

/// The help of an unknown section keyword.
pub(crate) fn section_help(word: &str, variant: Option<Variant>) -> String {
    let list = sections(variant);
    let found = suggest(word, list.iter().chain(section_aliases(variant)).copied());
    format!(
        "{}the sections{} are: {}",
        did_you_mean(found),
        of_variant(variant),
        list.join(", ")
    )
}

/// The help of an unknown action word.
pub(crate) fn action_help(word: &str, variant: Option<Variant>) -> String {
    let list = actions(variant);
    let found = suggest(
        word,
        list.iter()
            .copied()
            .chain(action_aliases(variant))
            .chain(local_words(variant).iter().map(|(local, _, _)| *local)),
    );
    // A local word is named with the canonical word it stands for.
    let hint = match found.map(|w| (w, local_action(variant, w))) {
        Some((w, Some(canonical))) => format!("did you mean `{w}` (`{canonical}`)? "),
        _ => did_you_mean(found),
    };
    format!(
        "{}the actions{} are: {}",
        hint,
        of_variant(variant),
        list.join(", ")
    )
}

/// "did you mean" for a word that is no card: the names and codes of the
/// variant's pack. `None` when no card is close.
pub(crate) fn card_suggestion(word: &str, variant: Option<Variant>) -> Option<String> {
    let deck = variant.map(Variant::deck);
    let in_pack =
        |code: &str| deck.is_none_or(|d| Card::parse_code(code).is_some_and(|c| d.contains(c)));
    let names = CARD_NAMES
        .iter()
        .filter(|(_, code)| in_pack(code))
        .map(|(name, _)| *name);
    let codes: Vec<&'static str> = Card::all()
        .filter(|c| deck.is_none_or(|d| d.contains(*c)))
        .map(Card::code)
        .collect();
    let found = suggest(word, names.chain(codes.iter().copied()))?;
    let code = CARD_NAMES
        .iter()
        .find(|(name, _)| *name == found)
        .map_or(found, |(_, code)| code);
    Some(if code == found {
        format!("did you mean `{found}`? ")
    } else {
        format!("did you mean `{found}` ({code})? ")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Bonus, Game};

    #[test]
    fn close_words_are_suggested_far_ones_not() {
        assert_eq!(suggest("tricks", ["trick", "talon"]), Some("trick"));
        assert_eq!(suggest("Trick", ["trick"]), Some("trick"));
        assert_eq!(suggest("handfull", ["handful", "slam"]), Some("handful"));
        assert_eq!(suggest("clami", ["claim"]), Some("claim"));
        assert_eq!(suggest("dreier", ["three", "pass"]), None);
        assert_eq!(suggest("SX", ["SK"]), None);
    }

    #[test]
    fn help_lists_the_words_of_the_variant_only() {
        let help = section_help("tricks", Some(Variant::Skill7Tarock));
        assert_eq!(
            help,
            "did you mean `trick`? the sections of a skill7-tarock record are: hand, auction, calls, trick, result, claim"
        );
        let help = action_help("handfull", Some(Variant::FrenchTarot));
        assert!(help.starts_with("did you mean `handful`?"), "{help}");
        assert!(!help.contains("matadors"), "{help}");
        // A French word in a Königrufen record is not offered.
        let help = action_help("handfull", Some(Variant::Koenigrufen));
        assert!(!help.contains("handful"), "{help}");
        assert_eq!(
            card_suggestion("petitt", Some(Variant::FrenchTarot)).as_deref(),
            Some("did you mean `petit` (T1)? ")
        );
        // Skill7 has no excuse.
        assert_eq!(card_suggestion("excuze", Some(Variant::Skill7Tarock)), None);
        assert!(card_suggestion("excuze", Some(Variant::DanishTarok)).is_some());
        assert_eq!(
            card_suggestion("T155", Some(Variant::FrenchTarot)).as_deref(),
            Some("did you mean `T15`? ")
        );
    }

    #[test]
    fn local_words_are_unambiguous_in_their_variant() {
        for v in Variant::ALL {
            let list = local_words(Some(v));
            let canonical = actions(Some(v));
            for (i, (local, meaning, source)) in list.iter().enumerate() {
                // One meaning: the word is listed once in its variant.
                assert!(
                    list[i + 1..].iter().all(|(other, _, _)| other != local),
                    "{local} is listed twice for {v:?}"
                );
                // It stands for a word of its own variant ...
                assert!(canonical.contains(meaning), "{local} -> {meaning} in {v:?}");
                // ... and hides no word (canonical or alias) of that variant.
                assert!(
                    !canonical.contains(local) && !action_aliases(Some(v)).contains(local),
                    "{local} is already a word of {v:?}"
                );
                // ... nor any word the parser reads in every variant (a
                // Skill7 game in a Königrufen record is read, then reported;
                // a local word there would silently change its meaning, and
                // such a record would not survive text -> model -> text).
                // The parser's fast path looks up a local word only for a
                // word that is no verb (`parse::fast::fast_actions`).
                assert!(
                    !actions(None).contains(local)
                        && !action_aliases(None).contains(local)
                        && Verb::from_word(local).is_none()
                        && Game::from_word(local).is_none()
                        && Bonus::from_word(local).is_none(),
                    "{local} is a word of every variant"
                );
                assert!(!source.is_empty());
                assert_eq!(local_action(Some(v), local), Some(*meaning));
            }
        }
        // Only in its variant: `dreier` is Königrufen's three, nothing to
        // a Skill7 record or one of unknown variant.
        assert_eq!(
            local_action(Some(Variant::Koenigrufen), "dreier"),
            Some("three")
        );
        assert_eq!(local_action(Some(Variant::Skill7Tarock), "dreier"), None);
        assert_eq!(local_action(None, "dreier"), None);
        assert_eq!(local_action(Some(Variant::FrenchTarot), "pas"), None);
    }

    #[test]
    fn local_bonus_and_fact_words_are_unambiguous_in_their_variant() {
        for v in Variant::ALL {
            let bonuses = local_bonus_words(Some(v));
            let facts = local_result_words(Some(v));
            let all: Vec<&str> = local_words(Some(v))
                .iter()
                .chain(bonuses)
                .chain(facts)
                .map(|w| w.0)
                .collect();
            for (i, local) in all.iter().enumerate() {
                // One meaning in its variant, across the three lists.
                assert!(!all[i + 1..].contains(local), "{local} twice in {v:?}");
                // No word the parser reads as it is, in any variant.
                // The parser's fast path looks up a local word only for a
                // word that is no verb (`parse::fast::fast_actions`).
                assert!(
                    !actions(None).contains(local)
                        && !action_aliases(None).contains(local)
                        && Verb::from_word(local).is_none()
                        && Game::from_word(local).is_none()
                        && Bonus::from_word(local).is_none(),
                    "{local} is a word of every variant"
                );
                assert!(local_fact_word(Some(v), local).is_some());
            }
            for (local, meaning, source) in bonuses {
                assert!(Bonus::from_word(meaning).is_some(), "{local} -> {meaning}");
                assert_eq!(local_bonus(Some(v), local), Some(*meaning));
                assert!(!source.is_empty());
            }
            for (local, meaning, source) in facts {
                assert!(!source.is_empty(), "{local}");
                assert_eq!(local_fact_word(Some(v), local), Some(*meaning));
            }
        }
        // Only in its variant.
        assert_eq!(
            local_bonus(Some(Variant::Koenigrufen), "kakadu"),
            Some("pelican")
        );
        assert_eq!(local_bonus(Some(Variant::Skill7Tarock), "kakadu"), None);
        assert_eq!(local_bonus(Some(Variant::FrenchTarot), "mondfang"), None);
        assert_eq!(
            local_fact_word(Some(Variant::DanishTarok), "tælling"),
            Some("count")
        );
        assert_eq!(
            local_fact_word(Some(Variant::DanishTarok), "tarokker"),
            Some("trumps")
        );
        assert_eq!(local_fact_word(Some(Variant::FrenchTarot), "tælling"), None);
    }

    #[test]
    fn local_words_are_suggested_in_their_variant() {
        let help = action_help("dreiar", Some(Variant::Koenigrufen));
        assert!(
            help.starts_with("did you mean `dreier` (`three`)?"),
            "{help}"
        );
        let help = action_help("dreiar", Some(Variant::FrenchTarot));
        assert!(!help.contains("dreier"), "{help}");
        let help = action_help("matadorr", Some(Variant::DanishTarok));
        assert!(help.starts_with("did you mean `matadors`?"), "{help}");
        let help = action_help("tarokke", Some(Variant::DanishTarok));
        assert!(
            help.starts_with("did you mean `tarokker` (`trumps`)?"),
            "{help}"
        );
    }

    #[test]
    fn the_lists_hold_words_the_parser_knows() {
        // Every verb but `bid` (a game's name in the text) is listed in the
        // help of some variant, and every listed word is a verb or a game.
        for verb in Verb::ALL.iter().filter(|v| **v != Verb::Bid) {
            assert!(actions(None).contains(&verb.word()), "{verb}");
            for v in verb.variants() {
                assert!(actions(Some(*v)).contains(&verb.word()), "{verb} in {v:?}");
            }
        }
        for v in Variant::ALL.map(Some).into_iter().chain([None]) {
            for w in actions(v).into_iter().chain(action_aliases(v)) {
                assert!(
                    Verb::from_word(w).is_some_and(|verb| verb != Verb::Bid)
                        || Game::from_word(w).is_some(),
                    "{w} is no action"
                );
            }
            for w in sections(v) {
                assert!(sections(None).contains(w));
            }
        }
        for (name, code) in CARD_NAMES {
            assert_eq!(Card::parse_code(name), Card::parse_code(code), "{name}");
        }
    }
}

#[cfg(test)]
mod spec_table {
    use super::*;

    /// The table of spec/notation.md §7 and [`Verb`] say the same: each
    /// row's word, its JSON `act`, its aliases and its variants.
    #[test]
    fn the_verbs_are_the_specs() {
        let spec =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../spec/notation.md"))
                .unwrap();
        let section = &spec[spec.find("## 7. Actions").unwrap()..];
        let section = &section[..section.find("### 7.1").unwrap()];
        let mut seen = Vec::new();
        for row in section
            .lines()
            .filter(|l| l.starts_with("| `") || l.starts_with("| a game"))
        {
            let cells: Vec<&str> = row.split('|').map(str::trim).collect();
            let (words, json, variants) = (cells[1], cells[2], cells[4]);
            let tick = |s: &str| s.split('`').nth(1).unwrap().to_string();
            let verb = Verb::from_word(&tick(json)).unwrap();
            assert_eq!(verb.word(), tick(json), "{row}");
            // A further form of a verb (`call CARD fourth`): its first row
            // says the rest.
            if seen.contains(&verb) {
                continue;
            }
            if verb != Verb::Bid {
                assert_eq!(tick(words).split(' ').next(), Some(verb.word()), "{row}");
            }
            for alias in verb.aliases() {
                assert!(
                    words.contains(&format!("alias `{alias}`")),
                    "{row}: {alias}"
                );
            }
            let expected: Vec<Variant> = match variants {
                "all" => Variant::ALL.to_vec(),
                "all but Danish" => Variant::ALL[1..].to_vec(),
                "KR, S7" => vec![Variant::Koenigrufen, Variant::Skill7Tarock],
                "KR" => vec![Variant::Koenigrufen],
                "Skill7" => vec![Variant::Skill7Tarock],
                "French" => vec![Variant::FrenchTarot],
                "Danish" => vec![Variant::DanishTarok],
                other => panic!("{row}: variants `{other}`"),
            };
            assert_eq!(verb.variants(), expected.as_slice(), "{row}");
            seen.push(verb);
        }
        for verb in Verb::ALL {
            assert!(seen.contains(verb), "{verb} is not in spec/notation.md §7");
        }
    }
}
