//! The options of the Danish digest (`spec/rules/danish-tarok.md`, the
//! **Option** lines), read once per deal from the record's rule options.

#[derive(Debug, Clone, PartialEq)]
pub(super) struct Opts {
    pub redeal_fee: bool,
    pub late_excuse: bool,
    pub fool_call_any: bool,
    pub nolo_skat: bool,
    pub pagat_home: bool,
    pub tout_amount: i64,
    pub last_trick_with_bagud: bool,
    pub tout_count_each: bool,
    pub announced_tout: bool,
    pub cancel: bool,
    pub continue_play: bool,
}

impl Opts {
    /// The digest's defaults (the federation's rules).
    pub const DEFAULT: Opts = Opts {
        redeal_fee: false,
        late_excuse: false,
        fool_call_any: false,
        nolo_skat: false,
        pagat_home: true,
        tout_amount: 80,
        last_trick_with_bagud: false,
        tout_count_each: false,
        announced_tout: false,
        cancel: false,
        continue_play: false,
    };

    pub fn read(o: &crate::RuleOptions) -> Opts {
        if o.values.is_empty() {
            return Opts::DEFAULT;
        }
        Opts {
            redeal_fee: o.flag("redeal_fee"),
            late_excuse: o.get("late_declaration_errors") == "excuse",
            fool_call_any: o.get("fool_call_fine_scope") == "any-wrong-call",
            nolo_skat: o.flag("nolo_skat"),
            pagat_home: o.flag("pagat_home_payment"),
            tout_amount: o.number("tout_amount"),
            last_trick_with_bagud: o.flag("last_trick_with_bagud"),
            tout_count_each: o.get("tout_count") == "from-each",
            announced_tout: o.flag("announced_tout"),
            cancel: o.get("abandon_payments") == "cancel",
            continue_play: o.get("irregularities") == "continue",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_options_are_the_digest_defaults() {
        let mut o = crate::RuleOptions::default();
        // A setting of the default value makes `read` ask every option.
        o.values.push(("redeal_fee", "false".into()));
        assert_eq!(Opts::read(&o), Opts::DEFAULT);
    }
}
