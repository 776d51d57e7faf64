//! cargo fuzz run queens_parse (docs/FUZZING.md); what is checked: `checks::queens_text`.
#![no_main]

#[path = "checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::queens_text(data));
