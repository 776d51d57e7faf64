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

/// Min-conflicts repair over rows that are permutations of their missing heights.
pub const REPAIR: &[CodeLine] = &[
    line(
        "fill every row's free cells with its missing heights in random order",
        &["skyRepairStart"],
    ),
    line(
        "cost = repeated heights in columns + how far each clue is from its line",
        &[],
    ),
    line("while cost > 0:", &[]),
    line(
        "  pick a free cell in a broken rule at random; swap it with the partner in its row that leaves the lowest cost (ties at random)",
        &["skyRepairMove"],
    ),
    line(
        "  after maxSteps moves: restart from a new random fill (past maxRestarts, or when no swap can touch a broken rule: give up)",
        &["skyRepairGaveUp"],
    ),
    line("cost 0: a grid that breaks no rule", &["skySolution"]),
];
