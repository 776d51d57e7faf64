//! cargo fuzz run hashi_parse (docs/FUZZING.md); what is checked: `checks::hashi_text`.
#![no_main]

#[path = "checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::hashi_text(data));
