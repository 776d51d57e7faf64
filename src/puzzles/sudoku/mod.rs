//! Sudoku: an N×N grid cut into N boxes of `box_rows` × `box_cols` cells; fill it so that every
//! row, every column and every box holds each of 1..N once. Sizes 4x4 (2x2 boxes), 6x6 (2x3),
//! 9x9, 16x16 and any box shape given explicitly (N = box_rows × box_cols ≤ [`MAX_N`]).
//!
//! Behind the opt-in cargo feature `sudoku` until the page has a view for it (as the template
//! puzzle is). The folder, as every puzzle folder:
//! - this file: the model ([`Puzzle`], [`Puzzle::validate`]), the independent checker
//!   [`check_solution`] (the rules written again, sharing no code with the solver) and
//!   [`brute_force`] (plain enumeration, the tests' oracle on small boards);
//! - [`format`](mod@format): the text forms (plain grids, the 81-character line, Tatham's Solo
//!   game IDs, puzz.link `sudoku` URLs), strict, each error saying what and where;
//! - [`solve`]: the rules the shared [`Search`](crate::engine::search::Search) runs: rows and
//!   columns on a [`LatinGrid`](crate::shared::latin::LatinGrid), boxes as the extra units, and
//!   the named techniques, each a switch with its sentence;
//! - [`dlx`]: the second algorithm, exact cover by Knuth's dancing links, stepping through its
//!   covers and uncovers;
//! - [`generate`]: grading by technique (Tatham's Solo levels) and the graded generator;
//! - `game.rs`: the registry entry; `samples.json`: the conformance suite's runs.

pub mod dlx;
pub mod format;
mod game;
pub mod generate;
pub mod solve;

pub use format::{parse, to_line, to_plain, to_puzzlink_url, to_solo_id};
pub use game::Sudoku;

use serde::{Deserialize, Serialize};

/// Largest side accepted (candidates are `u32` masks; 3N units fit a `u64`).
pub const MAX_N: usize = 16;

/// A Sudoku to solve.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SudokuPuzzle"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Puzzle {
    /// The side: box_rows × box_cols.
    pub n: usize,
    /// Rows of cells in one box (Tatham's `c`).
    pub box_rows: usize,
    /// Columns of cells in one box (Tatham's `r`).
    pub box_cols: usize,
    /// Row-major, N×N values; 0 = empty.
    pub givens: Vec<u8>,
}

/// The box shape a size has when none is written: the usual one (rows ≤ columns, as close to
/// square as the size allows). Sizes with no such shape (a prime above 3) need it written.
pub fn default_box(n: usize) -> Option<(usize, usize)> {
    match n {
        1 => Some((1, 1)),
        4 => Some((2, 2)),
        6 => Some((2, 3)),
        8 => Some((2, 4)),
        9 => Some((3, 3)),
        10 => Some((2, 5)),
        12 => Some((3, 4)),
        14 => Some((2, 7)),
        15 => Some((3, 5)),
        16 => Some((4, 4)),
        _ => None,
    }
}

impl Puzzle {
    /// An empty puzzle of side `n` with its usual boxes.
    pub fn empty(n: usize) -> Option<Puzzle> {
        let (box_rows, box_cols) = default_box(n)?;
        Some(Puzzle {
            n,
            box_rows,
            box_cols,
            givens: vec![0; n * n],
        })
    }

    /// Checks plain data that did not come from the parser: the size and box shape, then the
    /// grid's length and every value's range. Givens that clash are not an error: that puzzle
    /// has no solution, which the solver says.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.n;
        if !(1..=MAX_N).contains(&n) {
            return Err(format!("sudoku: the size {n} is not in 1..{MAX_N}"));
        }
        if self.box_rows == 0 || self.box_cols == 0 || self.box_rows * self.box_cols != n {
            return Err(format!(
                "sudoku: boxes of {}x{} cells do not tile a {n}x{n} grid (rows × columns of a box must be {n})",
                self.box_rows, self.box_cols
            ));
        }
        if self.givens.len() != n * n {
            return Err(format!(
                "sudoku: a {n}x{n} grid has {} cells, not {}",
                n * n,
                self.givens.len()
            ));
        }
        for (i, &v) in self.givens.iter().enumerate() {
            if v as usize > n {
                return Err(format!(
                    "sudoku: row {}, column {}: {v} is not in 1..{n} (0 for empty)",
                    i / n + 1,
                    i % n + 1
                ));
            }
        }
        Ok(())
    }

    /// The box (numbered row-major, from 0) of the cell at `row`, `col`.
    pub fn box_of(&self, row: usize, col: usize) -> usize {
        (row / self.box_rows) * (self.n / self.box_cols) + col / self.box_cols
    }
}

/// A filled grid, row by row.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SudokuGrid"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Grid(pub Vec<Vec<u8>>);

/// The independent checker: `grid` completes `puzzle` — N rows of N values in 1..N, the givens
/// kept, no value twice in a row, a column or a box. Written from the rules alone: each unit is
/// gathered by its own coordinates, not through the solver's unit tables.
pub fn check_solution(puzzle: &Puzzle, grid: &[Vec<u8>]) -> Result<(), String> {
    let n = puzzle.n;
    if grid.len() != n || grid.iter().any(|row| row.len() != n) {
        return Err(format!("expected {n} rows of {n} values"));
    }
    for (r, row) in grid.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            if v == 0 || v as usize > n {
                return Err(format!(
                    "row {}, column {}: {v} is not in 1..{n}",
                    r + 1,
                    c + 1
                ));
            }
            let g = puzzle.givens[r * n + c];
            if g != 0 && g != v {
                return Err(format!(
                    "row {}, column {}: the given {g} was changed to {v}",
                    r + 1,
                    c + 1
                ));
            }
        }
    }
    // Every unit as a list of values; it must be a permutation of 1..N.
    let (h, w) = (puzzle.box_rows, puzzle.box_cols);
    let mut units: Vec<(String, Vec<u8>)> = Vec::new();
    for i in 0..n {
        units.push((format!("row {}", i + 1), grid[i].clone()));
        units.push((
            format!("column {}", i + 1),
            grid.iter().map(|row| row[i]).collect(),
        ));
    }
    for top in (0..n).step_by(h) {
        for left in (0..n).step_by(w) {
            let values = (top..top + h)
                .flat_map(|r| (left..left + w).map(move |c| (r, c)))
                .map(|(r, c)| grid[r][c])
                .collect();
            units.push((
                format!("the box at row {}, column {}", top + 1, left + 1),
                values,
            ));
        }
    }
    for (name, mut values) in units {
        values.sort_unstable();
        if let Some(k) = (1..values.len()).find(|&k| values[k] == values[k - 1]) {
            return Err(format!("{name} holds {} twice", values[k]));
        }
    }
    Ok(())
}

/// Every completion, up to `limit`, by plain enumeration (cells in row-major order, values in
/// increasing order, each checked against the filled cells of its row, column and box): the
/// tests' oracle, for small N.
pub fn brute_force(puzzle: &Puzzle, limit: usize) -> Vec<Vec<Vec<u8>>> {
    fn fits(p: &Puzzle, grid: &[Vec<u8>], r: usize, c: usize, v: u8) -> bool {
        let (h, w) = (p.box_rows, p.box_cols);
        let (top, left) = (r - r % h, c - c % w);
        !(0..p.n).any(|k| grid[r][k] == v || grid[k][c] == v)
            && !(top..top + h).any(|y| (left..left + w).any(|x| grid[y][x] == v))
    }
    fn go(
        p: &Puzzle,
        grid: &mut Vec<Vec<u8>>,
        at: usize,
        limit: usize,
        out: &mut Vec<Vec<Vec<u8>>>,
    ) {
        let n = p.n;
        if out.len() >= limit {
            return;
        }
        if at == n * n {
            out.push(grid.clone());
            return;
        }
        let (r, c) = (at / n, at % n);
        let given = p.givens[at];
        for v in 1..=n as u8 {
            if (given != 0 && given != v) || !fits(p, grid, r, c, v) {
                continue;
            }
            grid[r][c] = v;
            go(p, grid, at + 1, limit, out);
            grid[r][c] = 0;
        }
    }
    let mut out = Vec::new();
    let mut grid = vec![vec![0u8; puzzle.n]; puzzle.n];
    go(puzzle, &mut grid, 0, limit, &mut out);
    out
}

#[cfg(test)]
mod tests;
