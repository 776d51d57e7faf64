//! cargo fuzz run skyscrapers_parse (docs/FUZZING.md); what is checked: `checks::skyscrapers_text`.
#![no_main]

#[path = "checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::skyscrapers_text(data));
