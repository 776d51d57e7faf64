//! cargo fuzz run wasm_args (docs/FUZZING.md); what is checked: `checks::wasm_args`.
#![no_main]

#[path = "checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::wasm_args(data));
