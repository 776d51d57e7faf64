//! Every input the fuzzers were seeded with (`fuzz/seeds/TARGET/`) and every input that once made
//! one fail (`fuzz/regressions/TARGET/`, named after what it found), replayed natively through the
//! same checks the fuzz targets run (`fuzz/fuzz_targets/checks.rs`), so `cargo test` keeps them
//! fixed without a nightly compiler. How to fuzz: docs/FUZZING.md.

#[path = "../fuzz/fuzz_targets/checks.rs"]
mod checks;

use std::path::Path;

/// What a fuzz target checks.
type Check = fn(&[u8]);

/// The fuzz targets and what each checks.
const TARGETS: [(&str, Check); 5] = [
    ("skyscrapers_parse", checks::skyscrapers_text),
    ("hashi_parse", checks::hashi_text),
    ("queens_parse", checks::queens_text),
    ("puzzlink", checks::puzzlink_text),
    ("wasm_args", checks::wasm_args),
];

/// Runs `check` on every file of `dir` (if it exists); returns how many there were.
fn replay(dir: &Path, check: Check) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    let mut files: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
    files.sort();
    for file in &files {
        let data = std::fs::read(file).unwrap();
        let outcome = std::panic::catch_unwind(|| check(&data));
        assert!(outcome.is_ok(), "{} fails again", file.display());
    }
    files.len()
}

#[test]
fn kept_fuzz_inputs_pass_their_checks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    for (target, check) in TARGETS {
        let seeds = replay(&root.join("seeds").join(target), check);
        assert!(seeds > 0, "no seeds for {target}");
        replay(&root.join("regressions").join(target), check);
    }
}
