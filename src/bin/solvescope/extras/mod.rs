//! Commands that only one puzzle has, by registry name. A puzzle needs a line here only if it
//! has commands beyond the generic `solve`, `generate` and `format` of `commands.rs`.

mod hashi;
mod queens;
mod skyscrapers;

use crate::Failure;

/// Runs `argv` if it is one of the puzzle's own commands; `None` hands it to the generic ones.
type Extra = fn(&[String]) -> Option<Result<(), Failure>>;

const EXTRAS: &[(&str, Extra, &[&str])] = &[
    ("hashi", hashi::run, hashi::COMMANDS),
    ("queens", queens::run, queens::COMMANDS),
    ("skyscrapers", skyscrapers::run, skyscrapers::COMMANDS),
];

/// Usage lines of the extra commands, for `--help`.
pub const USAGE: &[&str] = &[hashi::USAGE, queens::USAGE, skyscrapers::USAGE];

/// Whether `puzzle` has its own `command`, which then replaces the generic one (N-Queens' `solve`
/// lists placements; there is no uniqueness to prove), so `--help` shows only the one that runs.
pub fn owns(puzzle: &str, command: &str) -> bool {
    EXTRAS
        .iter()
        .any(|(name, _, commands)| *name == puzzle && commands.contains(&command))
}

pub fn run(puzzle: &str, argv: &[String]) -> Option<Result<(), Failure>> {
    EXTRAS
        .iter()
        .find(|(name, _, _)| *name == puzzle)
        .and_then(|(_, extra, _)| extra(argv))
}
