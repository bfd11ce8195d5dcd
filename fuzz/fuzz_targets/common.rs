//! Shared by the fuzz targets: the round-trip assertions, and the filters
//! for bugs already reported (so that a long run can look past them).
//!
//! With `TAROK_FUZZ_SKIP_KNOWN=1` in the environment, inputs that hit a known
//! panic are skipped and records of the shapes known not to round-trip are
//! not asserted on; with `TAROK_FUZZ_SKIP_KNOWN=panics` only the known
//! panics are skipped. Without it every finding is a crash.

use notation::{json, parse_str, to_text, Record};

/// `TAROK_FUZZ_SKIP_KNOWN` is set: known panics are let through.
pub fn skip_known() -> bool {
    skip_level() > 0
}

/// Known round-trip shapes are not asserted on, unless
/// `TAROK_FUZZ_SKIP_KNOWN=panics` (which skips the known panics only).
pub fn skip_known_shapes() -> bool {
    skip_level() > 1
}

fn skip_level() -> u8 {
    static LEVEL: std::sync::OnceLock<u8> = std::sync::OnceLock::new();
    *LEVEL.get_or_init(|| match std::env::var("TAROK_FUZZ_SKIP_KNOWN").as_deref() {
        Err(_) => 0,
        Ok("panics") => 1,
        Ok(_) => 2,
    })
}

/// Runs `f`; with `TAROK_FUZZ_SKIP_KNOWN` set, a panic already reported
/// (see `is_known_panic`) gives `None` instead of a crash.
pub fn guard<T>(f: impl FnOnce() -> T + std::panic::UnwindSafe) -> Option<T> {
    if !skip_known() {
        return Some(f());
    }
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        // libFuzzer's hook aborts the process; let the known panics unwind.
        let abort = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !is_known_panic(info) {
                abort(info);
            }
        }));
    });
    std::panic::catch_unwind(f).ok()
}

/// The panics already reported and not yet fixed, matched by source file
/// and message. None is open: the two found (`Card::parse_code` overflowing
/// a `u8` on `S256`, card.rs; `split_records` cutting backwards, parse.rs)
/// were fixed in 0150ec3. An entry looks like
/// `file.ends_with("card.rs") && msg.contains("with overflow")`.
fn is_known_panic(info: &std::panic::PanicHookInfo<'_>) -> bool {
    let _file = info.location().map_or("", |l| l.file());
    let payload = info.payload();
    let _msg = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("");
    false
}

/// Shapes known not to survive printing and reading back. None is open:
/// the two found (a section with no elements taking the comment lines after
/// it as its own, and an action list ending in an action that may take
/// optional words doing the same) were fixed in 0150ec3; see the
/// `regression_*` tests in `tests/roundtrip.rs`.
pub fn known_round_trip_bug(_r: &Record) -> bool {
    false
}

/// Everything that must hold for a record a reader accepted.
pub fn check_record(r: &Record) {
    let _ = notation::check::structure(r);
    let printed = to_text(r);
    let json = json::to_json(r);
    if skip_known_shapes() && known_round_trip_bug(r) {
        return;
    }
    // text: print, read back, print again
    let Some(back) = guard(|| parse_str(&printed)) else {
        return;
    };
    assert!(
        matches!(back.as_slice(), [Ok(b)] if b == r),
        "model -> text -> model\nrecord: {r:#?}\nprinted:\n{printed}\nread back: {back:#?}"
    );
    let again = to_text(back[0].as_ref().unwrap());
    assert_eq!(again, printed, "text -> model -> text is not idempotent");
    // JSON
    let from = json::from_json(&json).ok();
    assert!(
        from.as_ref() == Some(r),
        "model -> JSON -> model\nrecord: {r:#?}\njson: {json}\nread back: {from:#?}"
    );
}
