//! The pseudocode the page shows beside the Skyscrapers solver (`AlgorithmInfo::code`), each
//! line with the events emitted on it.

use crate::puzzles::contract::CodeLine;

const fn line(text: &'static str, events: &'static [&'static str]) -> CodeLine {
    CodeLine { text, events }
}

/// Propagation, then search on the cell with the fewest candidates, to the second solution.
pub const SOLVE: &[CodeLine] = &[
    line("every cell starts with candidates 1..N (a bit mask)", &[]),
    line("propagate: until nothing changes,", &[]),
    line(
        "  clue rules, visibility bounds, line tables and singles cross candidates out",
        &["skyDeduce"],
    ),
    line(
        "  a cell or a line left with no possibility: contradiction",
        &["skyContradiction"],
    ),
    line(
        "every cell has one height: a solution (stop at the second)",
        &["skySolution"],
    ),
    line(
        "else choose the fewest alternatives (MRV): a cell's heights or, with places from 10x10, a height's places in a line; try one",
        &["skyGuess"],
    ),
    line(
        "on a contradiction: undo back to the guess, cross that height out, go on",
        &["skyBacktrack"],
    ),
    line(
        "no guess left to try: done (unique, none or multiple)",
        &["skyExhausted"],
    ),
];
