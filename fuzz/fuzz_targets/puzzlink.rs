//! cargo fuzz run puzzlink (docs/FUZZING.md); what is checked: `checks::puzzlink_text`.
#![no_main]

#[path = "checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::puzzlink_text(data));
