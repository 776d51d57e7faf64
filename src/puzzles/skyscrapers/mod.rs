//! Skyscrapers (Tatham's "Towers"): fill an N×N grid with towers of height 1..N so that every row
//! and every column holds each height once (a Latin square). A clue outside the grid says how many
//! towers are visible from that side, looking along the row or column: a tower hides every lower
//! tower behind it. Some cells may start with a given height.
//!
//! Model: 1 ≤ N ≤ [`MAX_N`] (candidates are `u32` bitmasks, bit `v-1` for height `v`); clues on any
//! subset of the four sides, 0 meaning "no clue"; optional givens (0 = empty).
//!
//! Formats (docs/formats/skyscrapers.md), all in [`format`](mod@format):
//! - Tatham Towers IDs `N:t1/…/tN/b1/…/bN/l1/…/lN/r1/…/rN[,givens]` (clue groups top, bottom,
//!   left, right; givens as a row-major run-length stream);
//! - puzz.link URLs for the pids `skyscrapers`, `building`, `skyscraper`;
//! - the plain (N+2)×(N+2) text grid with the clues in the outer ring.
//!
//! Solving lives in [`solve`] (one [`crate::engine::Machine`], techniques switchable for teaching),
//! hints and board checking for players in [`hint`], a seeded puzzle generator in [`generate`].
//! [`check_solution`] is the independent checker: naive, written from the rules alone, sharing no
//! code with the solver, and every answer the project hands out goes through it.
//!
//! Known limits: N > 16 is refused (masks would not fit the line tables of the solver); puzz.link's
//! "unknown clue" (`.`) is read as no clue, since it constrains nothing.

// Grid code reads best with explicit (row, col) index loops.
#![allow(clippy::needless_range_loop)]

pub mod assist;
pub mod code;
pub mod format;
mod game;
pub mod generate;
pub mod grade;
pub mod hint;
pub mod repair;
pub mod solve;

pub use game::Skyscrapers;

pub use format::{
    parse_any, parse_plain, parse_puzzlink, parse_tatham, to_plain, to_puzzlink_url, to_tatham_id,
};

use serde::{Deserialize, Serialize};

/// Largest N accepted.
pub const MAX_N: usize = 16;

/// The four sides a clue can stand on, in the order of Tatham IDs and puzz.link bodies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Side {
    /// Above the grid, looking down a column.
    Top,
    /// Below the grid, looking up a column.
    Bottom,
    /// Left of the grid, looking right along a row.
    Left,
    /// Right of the grid, looking left along a row.
    Right,
}

impl Side {
    /// The four sides in [`Side`] order (the order of [`Puzzle::clues`]).
    pub const ALL: [Side; 4] = [Side::Top, Side::Bottom, Side::Left, Side::Right];

    /// Index into [`Puzzle::clues`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// An immutable Skyscrapers puzzle. (De)serializes as `{n, clues: [top, bottom, left, right],
/// givens}`; call [`Puzzle::validate`] on one that did not come from a parser.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SkyscrapersPuzzle"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Puzzle {
    /// The size: an N×N grid of heights 1..=N (N from 1 to [`MAX_N`]).
    pub n: usize,
    /// `clues[side][i]`, sides in [`Side`] order; `i` is the column (top/bottom) or row (left/right);
    /// 0 = no clue.
    pub clues: [Vec<u8>; 4],
    /// Row-major given heights, 0 = empty.
    pub givens: Vec<u8>,
}

impl Puzzle {
    /// An empty puzzle (no clues, no givens) of size `n`.
    pub fn empty(n: usize) -> Result<Self, String> {
        if !(1..=MAX_N).contains(&n) {
            return Err(format!("skyscrapers: N must be from 1 to {MAX_N}, got {n}"));
        }
        Ok(Puzzle {
            n,
            clues: [vec![0; n], vec![0; n], vec![0; n], vec![0; n]],
            givens: vec![0; n * n],
        })
    }

    /// The clue on `side` for line `i` (0-based column for top and bottom, row for left and right);
    /// 0 = no clue.
    pub fn clue(&self, side: Side, i: usize) -> u8 {
        self.clues[side.index()][i]
    }

    /// Checks sizes and ranges (parsers call this, so a `Puzzle` from them is always sound).
    pub fn validate(&self) -> Result<(), String> {
        let n = self.n;
        if !(1..=MAX_N).contains(&n) {
            return Err(format!("skyscrapers: N must be from 1 to {MAX_N}, got {n}"));
        }
        for side in Side::ALL {
            let c = &self.clues[side.index()];
            if c.len() != n {
                return Err(format!(
                    "skyscrapers: {side:?} clues: expected {n}, got {}",
                    c.len()
                ));
            }
            if let Some(i) = c.iter().position(|&v| v as usize > n) {
                return Err(format!(
                    "skyscrapers: {side:?} clue {} is {}, but clues go from 1 to {n}",
                    i + 1,
                    c[i]
                ));
            }
        }
        if self.givens.len() != n * n {
            return Err(format!(
                "skyscrapers: expected {} givens, got {}",
                n * n,
                self.givens.len()
            ));
        }
        if let Some(i) = self.givens.iter().position(|&v| v as usize > n) {
            return Err(format!(
                "skyscrapers: the given at row {}, column {} is {}, but heights go from 1 to {n}",
                i / n + 1,
                i % n + 1,
                self.givens[i]
            ));
        }
        Ok(())
    }
}

/// Where a clue stands, in words: "on the left of row 3", "above column 2".
pub fn clue_place(side: Side, i: usize) -> String {
    match side {
        Side::Top => format!("above column {}", i + 1),
        Side::Bottom => format!("below column {}", i + 1),
        Side::Left => format!("on the left of row {}", i + 1),
        Side::Right => format!("on the right of row {}", i + 1),
    }
}

/// Towers visible when walking `heights` from its first element (the naive definition).
pub fn visible_count(heights: &[u8]) -> usize {
    let mut tallest = 0;
    let mut seen = 0;
    for &h in heights {
        if h > tallest {
            tallest = h;
            seen += 1;
        }
    }
    seen
}

/// The independent checker: every row and column is a permutation of 1..N, the givens are kept and
/// every clue equals the number of towers counted from its side. Deliberately plain code with no
/// bitmasks and nothing shared with the solver.
pub fn check_solution(puzzle: &Puzzle, grid: &[Vec<u8>]) -> Result<(), String> {
    let n = puzzle.n;
    if grid.len() != n {
        return Err(format!("expected {n} rows, got {}", grid.len()));
    }
    for (r, row) in grid.iter().enumerate() {
        if row.len() != n {
            return Err(format!(
                "row {}: expected {n} heights, got {}",
                r + 1,
                row.len()
            ));
        }
        for (c, &h) in row.iter().enumerate() {
            if h == 0 || h as usize > n {
                return Err(format!(
                    "row {}, column {}: height {h} is not in 1..{n}",
                    r + 1,
                    c + 1
                ));
            }
            let g = puzzle.givens[r * n + c];
            if g != 0 && g != h {
                return Err(format!(
                    "row {}, column {}: the given {g} was changed to {h}",
                    r + 1,
                    c + 1
                ));
            }
        }
    }
    for i in 0..n {
        let row: Vec<u8> = grid[i].clone();
        let col: Vec<u8> = (0..n).map(|r| grid[r][i]).collect();
        for (name, line) in [("row", &row), ("column", &col)] {
            for h in 1..=n as u8 {
                let times = line.iter().filter(|&&x| x == h).count();
                if times != 1 {
                    return Err(format!(
                        "{name} {}: height {h} appears {times} times",
                        i + 1
                    ));
                }
            }
        }
        let mut row_rev = row.clone();
        row_rev.reverse();
        let mut col_rev = col.clone();
        col_rev.reverse();
        for (side, line) in [
            (Side::Top, &col),
            (Side::Bottom, &col_rev),
            (Side::Left, &row),
            (Side::Right, &row_rev),
        ] {
            let clue = puzzle.clue(side, i) as usize;
            let seen = visible_count(line);
            if clue != 0 && clue != seen {
                return Err(format!(
                    "the clue {clue} {} sees {seen} towers",
                    clue_place(side, i)
                ));
            }
        }
    }
    Ok(())
}

/// Counts solutions (up to `limit`) by plain enumeration: rows are tried as permutations of 1..N
/// in lexicographic order (those that break a row clue or a given are dropped up front),
/// rejecting a row that repeats a height in a column or
/// leaves a column whose count from the top can no longer meet its top clue; every complete
/// grid is then checked in full by [`check_solution`]. Exponential, meant for N ≤ 6 in tests; an
/// independent cross-check of the solver (shares no code with it). Returns the solutions found.
pub fn brute_force(puzzle: &Puzzle, limit: usize) -> Vec<Vec<Vec<u8>>> {
    fn gen(n: usize, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if cur.len() == n {
            out.push(cur.clone());
            return;
        }
        for h in 1..=n as u8 {
            if !cur.contains(&h) {
                cur.push(h);
                gen(n, cur, out);
                cur.pop();
            }
        }
    }
    /// Column state from the top: tallest so far and towers seen.
    struct Search<'a> {
        puzzle: &'a Puzzle,
        /// Per row: the permutations that keep the row's clues and givens.
        rows: Vec<Vec<Vec<u8>>>,
        grid: Vec<Vec<u8>>,
        tallest: Vec<u8>,
        seen: Vec<usize>,
        found: Vec<Vec<Vec<u8>>>,
        limit: usize,
    }
    fn place(s: &mut Search) {
        let n = s.puzzle.n;
        if s.found.len() >= s.limit {
            return;
        }
        let r = s.grid.len();
        if r == n {
            if check_solution(s.puzzle, &s.grid).is_ok() {
                s.found.push(s.grid.clone());
            }
            return;
        }
        for k in 0..s.rows[r].len() {
            let fits = (0..n).all(|c| {
                let h = s.rows[r][k][c];
                let top = s.puzzle.clue(Side::Top, c) as usize;
                let seen = s.seen[c] + usize::from(h > s.tallest[c]);
                s.grid.iter().all(|row| row[c] != h)
                    // A column that already sees more towers than its top clue cannot recover,
                    // nor can one that could not reach it with a new tower in every row left.
                    && (top == 0 || (seen <= top && seen + (n - r - 1) >= top))
            });
            if !fits {
                continue;
            }
            let p = s.rows[r][k].clone();
            let saved = (s.tallest.clone(), s.seen.clone());
            for c in 0..n {
                if p[c] > s.tallest[c] {
                    s.tallest[c] = p[c];
                    s.seen[c] += 1;
                }
            }
            s.grid.push(p);
            place(s);
            s.grid.pop();
            (s.tallest, s.seen) = saved;
        }
    }
    let n = puzzle.n;
    let mut perms = Vec::new();
    gen(n, &mut Vec::new(), &mut perms);
    let rows = (0..n)
        .map(|r| {
            let left = puzzle.clue(Side::Left, r) as usize;
            let right = puzzle.clue(Side::Right, r) as usize;
            perms
                .iter()
                .filter(|p| {
                    let rev: Vec<u8> = p.iter().rev().copied().collect();
                    (0..n)
                        .all(|c| puzzle.givens[r * n + c] == 0 || puzzle.givens[r * n + c] == p[c])
                        && (left == 0 || visible_count(p) == left)
                        && (right == 0 || visible_count(&rev) == right)
                })
                .cloned()
                .collect()
        })
        .collect();
    let mut s = Search {
        puzzle,
        rows,
        grid: Vec::new(),
        tallest: vec![0; n],
        seen: vec![0; n],
        found: Vec::new(),
        limit,
    };
    place(&mut s);
    s.found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tatham_example() -> Puzzle {
        parse_tatham("4://///1/3///4/////3/").unwrap()
    }

    #[test]
    fn checker_accepts_the_known_solution_and_rejects_changes() {
        let p = tatham_example();
        let good: Vec<Vec<u8>> = ["2143", "1234", "4312", "3421"]
            .iter()
            .map(|r| r.bytes().map(|b| b - b'0').collect())
            .collect();
        check_solution(&p, &good).unwrap();
        let mut swapped = good.clone();
        swapped.swap(0, 1);
        assert!(check_solution(&p, &swapped).is_err());
        let mut dup = good.clone();
        dup[0][0] = 1;
        assert!(check_solution(&p, &dup).unwrap_err().contains("appears"));
        assert!(check_solution(&p, &good[..3]).is_err());
    }

    #[test]
    fn brute_force_finds_the_unique_solution() {
        let p = tatham_example();
        let all = brute_force(&p, 10);
        assert_eq!(all.len(), 1);
        assert_eq!(all[0][0], vec![2, 1, 4, 3]);
    }

    #[test]
    fn visible_counts() {
        assert_eq!(visible_count(&[1, 2, 3, 4]), 4);
        assert_eq!(visible_count(&[4, 1, 2, 3]), 1);
        assert_eq!(visible_count(&[2, 1, 4, 3]), 2);
    }
}
