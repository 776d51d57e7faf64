//! Commands that only one puzzle has, by registry name. A puzzle needs a line here only if it
//! has commands beyond the generic `solve`, `generate` and `format` of `commands.rs`.

mod queens;

use crate::Failure;

/// Runs `argv` if it is one of the puzzle's own commands; `None` hands it to the generic ones.
type Extra = fn(&[String]) -> Option<Result<(), Failure>>;

const EXTRAS: &[(&str, Extra)] = &[("queens", queens::run)];

/// Usage lines of the extra commands, for `--help`.
pub const USAGE: &str = queens::USAGE;

/// Whether `puzzle` has its own `command`, which then replaces the generic one (N-Queens' `solve`
/// lists placements; there is no uniqueness to prove), so `--help` shows only the one that runs.
pub fn owns(puzzle: &str, command: &str) -> bool {
    puzzle == "queens" && queens::COMMANDS.contains(&command)
}

pub fn run(puzzle: &str, argv: &[String]) -> Option<Result<(), Failure>> {
    EXTRAS
        .iter()
        .find(|(name, _)| *name == puzzle)
        .and_then(|(_, extra)| extra(argv))
}
