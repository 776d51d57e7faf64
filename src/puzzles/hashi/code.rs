//! The pseudocode the page shows beside the Hashiwokakero solver (`AlgorithmInfo::code`), each
//! line with the events emitted on it.

use crate::puzzles::contract::CodeLine;

const fn line(text: &'static str, events: &'static [&'static str]) -> CodeLine {
    CodeLine { text, events }
}

/// Range propagation on the candidate bridges, then search with restarts.
pub const SOLVE: &[CodeLine] = &[
    line(
        "every pair of islands that see each other: a bridge count in 0..k",
        &[],
    ),
    line("propagate: until nothing changes,", &[]),
    line(
        "  degree, isolation, connectivity and cut-edge rules narrow the ranges",
        &["hashiRule", "hashiRange", "hashiFocus"],
    ),
    line(
        "  matrix-tree test: no spanning tree left (count mod two primes is 0)",
        &["hashiMatrixTree"],
    ),
    line("  a rule finds no way out: dead end", &["hashiDeadEnd"]),
    line(
        "every range fixed, islands connected: a solution (stop at the second)",
        &["hashiSolution"],
    ),
    line(
        "else choose a bridge (failure-weighted) and try a count",
        &["hashiGuess"],
    ),
    line(
        "dead end: undo back to the guess and try the next count",
        &["hashiBacktrack"],
    ),
    line(
        "too many backtracks: restart from the root (Luby schedule)",
        &["hashiRestart"],
    ),
    line("nothing left to try: done", &["hashiExhausted"]),
];
