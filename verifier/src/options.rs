//! Rule options: the record's `Rules` profile and its `Options` overrides
//! (`[Options "tout_amount=85, redeal_fee=true"]`). Each variant's digest
//! names its options; each engine reads the values it knows.

use std::borrow::Cow;

use notation::Kind;
use notation::{Problem, Record, Span, Variant};

/// The options in force for one record, as name/value pairs. Every engine
/// asks for the options it knows with a default; names the variant does not
/// know are reported. Names, profiles and listed values are the words of
/// [`known`] (read for every deal, so nothing is allocated for them); only a
/// whole number is kept as written.
#[derive(Debug, Clone, Default)]
pub struct RuleOptions {
    /// The `Rules` profile, if named.
    pub profile: Option<&'static str>,
    /// The options of the `Options` tag, name and value.
    pub values: Vec<(&'static str, Cow<'static, str>)>,
    /// Where the `Options` tag is (the record's when there is none).
    pub span: Span,
}

/// The options each variant knows, with their allowed values (`*` for any
/// whole number). Defaults are listed first.
pub fn known(variant: Variant) -> &'static [(&'static str, &'static [&'static str])] {
    match variant {
        Variant::DanishTarok => &[
            ("redeal_fee", &["false", "true"]),
            ("skat_rules", &["federation"]),
            ("late_declaration_errors", &["penalize", "excuse"]),
            ("fool_call_fine_scope", &["gone-only", "any-wrong-call"]),
            ("fool_lead_fallback", &["first-card-suit"]),
            ("nolo_skat", &["false", "true"]),
            ("pagat_home_payment", &["true", "false"]),
            ("tout_amount", &["80", "85"]),
            ("last_trick_with_bagud", &["false", "true"]),
            ("tout_count", &["normal", "from-each"]),
            ("announced_tout", &["false", "true"]),
            ("count_table", &["rounded"]),
            ("division_tie", &["lowest-seat"]),
            ("abandon_payments", &["stand", "cancel"]),
            ("irregularities", &["abandon", "continue"]),
        ],
        Variant::FrenchTarot => &[
            ("handful_exact", &["true", "false"]),
            ("defence_slam", &["200", "0"]),
            ("slam_excuse_side", &["taker", "either"]),
            ("excuse_exchange", &["exchange", "keep"]),
        ],
        Variant::Koenigrufen => &[
            ("face_order", &["KQNJ", "KNQJ"]),
            ("ultimo_bid_holder", &["bidder", "any"]),
            ("suits_discard", &["tarock-first", "no-suit-cards"]),
            ("call_round_end", &["three-passes", "all-good"]),
            ("absolut", &["on", "off"]),
            ("absolut_value", &["1", "*"]),
            ("trischaken_must_beat", &["true", "false"]),
            ("suit_tarock_lead", &["follow", "suits-first"]),
            ("fairy_trick", &["positive-black", "all-tarock-games"]),
            ("trischaken_tie", &["from-forehand", "before-forehand"]),
        ],
        Variant::Skill7Tarock => &[
            ("agree_scope", &["per-game", "release"]),
            ("absolut_kontra", &["game", "any-kontra"]),
            ("after_valat", &["kontra-chain", "kontra-only"]),
            ("farbesolo_tarock_lead", &["follow", "suits-first"]),
            ("trull_holding", &["single-hand", "team-hands"]),
            ("mondfang", &["skus-wins", "same-trick"]),
        ],
    }
}

/// Named profiles: a profile sets several options at once.
#[allow(clippy::type_complexity)]
fn profile(
    variant: Variant,
    name: &str,
) -> Option<(&'static str, &'static [(&'static str, &'static str)])> {
    Some(match (variant, name) {
        (Variant::DanishTarok, "federation") => ("federation", &[]),
        // The classic rules of the English description (seed 000).
        (Variant::DanishTarok, "classic") => (
            "classic",
            &[
                ("tout_amount", "85"),
                ("tout_count", "from-each"),
                ("announced_tout", "true"),
                ("late_declaration_errors", "excuse"),
            ],
        ),
        (Variant::FrenchTarot, "federation") => ("federation", &[]),
        (Variant::Koenigrufen, "default") => ("default", &[]),
        (Variant::Skill7Tarock, "skill7") => ("skill7", &[]),
        _ => return None,
    })
}

impl RuleOptions {
    /// Reads `Rules` and `Options`; reports unknown names and values.
    pub fn from_record(record: &Record, variant: Variant) -> Result<RuleOptions, Vec<Problem>> {
        let mut problems = Vec::new();
        let mut out = RuleOptions::default();
        if let Some(tag) = record.tag("Rules") {
            match profile(variant, &tag.value) {
                Some((name, values)) => {
                    out.profile = Some(name);
                    out.values
                        .extend(values.iter().map(|&(n, v)| (n, Cow::Borrowed(v))));
                }
                None => problems.push(
                    Problem::new(
                        Kind::BadTag,
                        format!("`{}` is not a rule profile of {variant}", tag.value),
                    )
                    .at(tag.span, "unknown profile")
                    .help(match variant {
                        Variant::DanishTarok => {
                            "Danish Tarok profiles: federation (default), classic"
                        }
                        Variant::FrenchTarot => "French Tarot profiles: federation (default)",
                        Variant::Koenigrufen => "Königrufen profiles: default",
                        Variant::Skill7Tarock => "Skill7 Tarock profiles: skill7 (default)",
                    }),
                ),
            }
        }
        if let Some(tag) = record.tag("Options") {
            out.span = tag.span;
            for pair in tag
                .value
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
            {
                let Some((name, value)) = pair.split_once('=') else {
                    problems.push(
                        Problem::new(Kind::BadTag, format!("`{pair}` is not an option setting"))
                            .at(tag.span, "expected name=value")
                            .help("write options as name=value, separated by commas: [Options \"tout_amount=85\"]"),
                    );
                    continue;
                };
                let (name, value) = (name.trim(), value.trim());
                match known(variant).iter().find(|(n, _)| *n == name) {
                    None => problems.push(
                        Problem::new(Kind::BadTag, format!("{variant} has no option `{name}`"))
                            .at(tag.span, "unknown option")
                            .help(format!(
                                "options of {variant}: {}",
                                known(variant)
                                    .iter()
                                    .map(|(n, _)| *n)
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            )),
                    ),
                    Some(&(name, allowed)) => {
                        let listed = allowed.iter().find(|&&a| a == value);
                        let setting = match listed {
                            Some(&v) => Some(Cow::Borrowed(v)),
                            None if allowed.contains(&"*")
                                && value.parse::<u32>().is_ok_and(|n| n > 0) =>
                            {
                                Some(Cow::Owned(value.to_owned()))
                            }
                            None => None,
                        };
                        if let Some(setting) = setting {
                            out.values.retain(|&(n, _)| n != name);
                            out.values.push((name, setting));
                        } else {
                            problems.push(
                                Problem::new(
                                    Kind::BadTag,
                                    format!("`{value}` is not a value of option `{name}`"),
                                )
                                .at(tag.span, "bad option value")
                                .help(format!(
                                    "`{name}` takes one of: {}",
                                    allowed.join(", ").replace('*', "a positive whole number")
                                )),
                            );
                        }
                    }
                }
            }
        }
        if problems.is_empty() {
            Ok(out)
        } else {
            Err(problems)
        }
    }

    /// [`get`](Self::get) for an option of `variant`: when the record sets
    /// no option, the first allowed value in that variant's own list, without
    /// `get`'s search of every variant's. French Tarot and Skill7 read their
    /// options this way (no other variant has an option of their names with
    /// another default: a test holds the two equal).
    pub fn get_in(&self, variant: Variant, name: &str) -> &str {
        if self.values.is_empty() {
            if let Some((_, allowed)) = known(variant).iter().find(|(n, _)| *n == name) {
                return allowed[0];
            }
        }
        self.get(name)
    }

    /// The value of an option, or its default (the first allowed value).
    pub fn get(&self, name: &str) -> &str {
        if let Some((_, v)) = self.values.iter().rev().find(|(n, _)| *n == name) {
            return v;
        }
        for v in Variant::ALL {
            if let Some((_, allowed)) = known(v).iter().find(|(n, _)| *n == name) {
                return allowed[0];
            }
        }
        panic!("`{name}` is not an option of any variant")
    }

    /// A boolean option.
    pub fn flag(&self, name: &str) -> bool {
        self.get(name) == "true"
    }

    /// A numeric option.
    pub fn number(&self, name: &str) -> i64 {
        self.get(name)
            .parse()
            .unwrap_or_else(|_| panic!("option `{name}` is not a number"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `get_in` gives what `get` gives, for the variants that read their
    /// options with it, set or not.
    #[test]
    fn an_option_read_in_its_variant_is_what_get_finds() {
        let none = RuleOptions::default();
        let set = RuleOptions {
            values: vec![("some_option", "some_value".into())],
            ..RuleOptions::default()
        };
        for variant in [Variant::FrenchTarot, Variant::Skill7Tarock] {
            for (name, _) in known(variant) {
                assert_eq!(none.get_in(variant, name), none.get(name), "{name}");
                assert_eq!(set.get_in(variant, name), set.get(name), "{name}");
            }
        }
    }
}
