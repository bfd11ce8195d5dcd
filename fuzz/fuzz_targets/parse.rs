//! Arbitrary bytes (lossily decoded) through the text parser; every record
//! it accepts through the structural checks and the printer, and back.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Some(records) = common::guard(|| notation::parse_str(&text)) else {
        return;
    };
    for record in records.into_iter().flatten() {
        common::check_record(&record);
    }
});
