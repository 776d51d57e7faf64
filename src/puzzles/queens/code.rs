//! The pseudocode the page shows beside N-Queens' animations (`AlgorithmInfo::code`), each line
//! with the events emitted on it: backtracking as the article's two versions write it, and
//! min-conflicts repair with its swap variant.

use crate::puzzles::contract::CodeLine;

const fn line(text: &'static str, events: &'static [&'static str]) -> CodeLine {
    CodeLine { text, events }
}

/// The bitmask machine: attacked columns and diagonals are bit masks passed down the rows.
pub const BACKTRACK: &[CodeLine] = &[
    line("solve(row, cols, diag1, diag2):", &[]),
    line(
        "  if row = N: a solution (stop, or go on to count)",
        &["solution"],
    ),
    line(
        "  free = ~(cols | diag1 | diag2) within the board",
        &["attacked"],
    ),
    line("  for each free column c, leftmost first:", &[]),
    line("    place a queen at (row, c)", &["place"]),
    line(
        "    solve(row + 1, cols | c, (diag1 | c) << 1, (diag2 | c) >> 1)",
        &[],
    ),
    line("    take the queen off (row, c)", &["remove"]),
    line("  no free column left: back to row - 1", &["backtrack"]),
    line(
        "solve(0, 0, 0, 0); every column of row 0 tried: done",
        &["exhausted"],
    ),
];

/// The article's first version: a record array of queen columns, checked square by square.
pub const NAIVE: &[CodeLine] = &[
    line("queen[row] = column of the queen on each row so far", &[]),
    line("solve(row):", &[]),
    line(
        "  if row = N: a solution (stop, or go on to count)",
        &["solution"],
    ),
    line("  for c in 0 .. N-1:", &[]),
    line(
        "    safe = for every r < row: queen[r] != c and |queen[r] - c| != row - r",
        &["attacked"],
    ),
    line("    if safe: queen[row] = c (place a queen)", &["place"]),
    line("      solve(row + 1)", &[]),
    line("      take the queen off", &["remove"]),
    line("  no safe column left: back to row - 1", &["backtrack"]),
    line(
        "solve(0); every column of row 0 tried: done",
        &["exhausted"],
    ),
];

/// Min-conflicts repair (the article), and the swap variant used for huge boards.
pub const REPAIR: &[CodeLine] = &[
    line(
        "put one queen in every row (random columns, or greedy)",
        &["repairInit"],
    ),
    line(
        "keep three counters: queens per column, per diagonal, per anti-diagonal",
        &[],
    ),
    line("repeat:", &[]),
    line("  if no queen is attacked: solved", &["repairSolution"]),
    line("  pick an attacked queen at random", &["repairPick"]),
    line(
        "  move it to the least-conflicted column of its row (ties at random)",
        &["repairMove"],
    ),
    line(
        "  (swap variant: swap two queens' columns when that lowers the conflicts)",
        &["repairSwap"],
    ),
    line(
        "  too many moves without a solution: restart from a new board",
        &["repairRestart"],
    ),
    line("move limit reached: give up", &["repairGaveUp"]),
];
