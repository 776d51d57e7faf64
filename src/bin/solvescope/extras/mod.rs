//! Commands that only one puzzle has, by registry name. A puzzle needs a line here only if it
//! has commands beyond the generic `solve`, `generate` and `format` of `commands.rs`.

mod queens;

use crate::Failure;

/// Runs `argv` if it is one of the puzzle's own commands; `None` hands it to the generic ones.
type Extra = fn(&[String]) -> Option<Result<(), Failure>>;

const EXTRAS: &[(&str, Extra)] = &[("queens", queens::run)];

/// Usage lines of the extra commands, for `--help`.
pub const USAGE: &str = queens::USAGE;

pub fn run(puzzle: &str, argv: &[String]) -> Option<Result<(), Failure>> {
    EXTRAS
        .iter()
        .find(|(name, _)| *name == puzzle)
        .and_then(|(_, extra)| extra(argv))
}
