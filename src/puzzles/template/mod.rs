//! The template puzzle: Latin-square completion, the smallest real puzzle on the shared engines,
//! kept as the starting point for a new one (CONTRIBUTING.md, "Adding a puzzle"). It is behind
//! the opt-in cargo feature `template`: not in the page and not in default builds, but
//! `scripts/test.sh` lints and tests it (with the conformance suite), so it always compiles and
//! works.
//!
//! The puzzle: an N×N grid (1 ≤ N ≤ [`MAX_N`]) with some cells given; fill the rest so that
//! every row and every column holds each of 1..N once.
//!
//! What a puzzle folder holds, here as everywhere:
//! - this file: the model ([`Puzzle`] as plain data, [`Puzzle::validate`]) and the independent
//!   checker [`check_solution`], written from the rules alone, sharing no code with the solver
//!   (and, for tests, [`brute_force`], plain enumeration);
//! - [`format`](mod@format): the text forms, read strictly with errors that say what and where;
//! - [`solve`]: the rules the shared [`Search`](crate::engine::search::Search) runs over a
//!   [`LatinGrid`](crate::shared::latin::LatinGrid), and the events with their sentences;
//! - `game.rs`: the registry entry and `impl Game`;
//! - `samples.json`: the conformance suite's runs, which together emit every event kind.

pub mod format;
mod game;
pub mod solve;

pub use format::{parse, to_plain};
pub use game::Template;

use serde::{Deserialize, Serialize};

/// Largest N accepted (one digit per cell in the text forms).
pub const MAX_N: usize = 9;

/// A Latin square to complete.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "TemplatePuzzle"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// The side.
    pub n: usize,
    /// Row-major, N×N values; 0 = empty.
    pub givens: Vec<u8>,
}

impl Puzzle {
    /// Checks plain data that did not come from the parser: the size, then the grid's length
    /// and every value's range. Givens that clash are not an error: that puzzle has no solution.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.n;
        if !(1..=MAX_N).contains(&n) {
            return Err(format!("template: the size {n} is not in 1..{MAX_N}"));
        }
        if self.givens.len() != n * n {
            return Err(format!(
                "template: a {n}x{n} grid has {} cells, not {}",
                n * n,
                self.givens.len()
            ));
        }
        for (i, &v) in self.givens.iter().enumerate() {
            if v as usize > n {
                return Err(format!(
                    "template: row {}, column {}: {v} is not in 1..{n} (0 for empty)",
                    i / n + 1,
                    i % n + 1
                ));
            }
        }
        Ok(())
    }
}

/// A completed square, row by row.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "TemplateSquare"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Square(pub Vec<Vec<u8>>);

/// The independent checker: `grid` completes `puzzle` (right shape, values 1..N, givens kept,
/// each value once per row and column).
pub fn check_solution(puzzle: &Puzzle, grid: &[Vec<u8>]) -> Result<(), String> {
    let n = puzzle.n;
    if grid.len() != n || grid.iter().any(|row| row.len() != n) {
        return Err(format!("expected {n} rows of {n} values"));
    }
    for r in 0..n {
        for c in 0..n {
            let v = grid[r][c];
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
            if grid[r][..c].contains(&v) {
                return Err(format!("row {} holds {v} twice", r + 1));
            }
            if grid[..r].iter().any(|row| row[c] == v) {
                return Err(format!("column {} holds {v} twice", c + 1));
            }
        }
    }
    Ok(())
}

/// Every completion, up to `limit`, by plain enumeration (cells in row-major order, values in
/// increasing order, each checked against the cells before it): the tests' oracle, for small N.
pub fn brute_force(puzzle: &Puzzle, limit: usize) -> Vec<Vec<Vec<u8>>> {
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
        for v in 1..=n as u8 {
            let given = p.givens[at];
            if (given != 0 && given != v)
                || (0..c).any(|k| grid[r][k] == v)
                || (0..r).any(|k| grid[k][c] == v)
            {
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
mod tests {
    use super::*;
    use crate::engine::{Budget, Machine, NoEvents, Status, Trace};
    use crate::shared::rng::Rng;
    use solve::{Event, Solver};

    /// A random puzzle of side `n`: each cell given a random value with probability `percent`
    /// (so some have clashing givens, some many solutions).
    fn random_puzzle(n: usize, percent: u64, rng: &mut Rng) -> Puzzle {
        let givens = (0..n * n)
            .map(|_| {
                if rng.below(100) < percent {
                    rng.below(n as u64) as u8 + 1
                } else {
                    0
                }
            })
            .collect();
        Puzzle { n, givens }
    }

    #[test]
    fn the_solver_finds_exactly_the_completions_plain_enumeration_finds() {
        let mut rng = Rng::new(29);
        let (mut with_some, mut with_none) = (0, 0);
        for n in 1..=4 {
            for _ in 0..150 {
                let p = random_puzzle(n, 20, &mut rng);
                let mut want = brute_force(&p, usize::MAX);
                let mut s = Solver::new(&p, u64::MAX).unwrap();
                assert_eq!(
                    s.run(&mut Budget::unlimited(), &mut NoEvents),
                    Status::Exhausted
                );
                let mut got: Vec<Vec<Vec<u8>>> =
                    s.solutions().iter().map(|sq| sq.0.clone()).collect();
                for g in &got {
                    check_solution(&p, g).unwrap();
                }
                assert_eq!(s.stats().solutions as usize, got.len());
                got.sort();
                want.sort();
                assert_eq!(got, want, "{p:?}");
                if want.is_empty() {
                    with_none += 1;
                } else {
                    with_some += 1;
                }
            }
        }
        // The sample is worth something only if it has both kinds.
        assert!(with_some > 100 && with_none > 50, "{with_some} {with_none}");
    }

    #[test]
    fn uniqueness_is_read_from_a_limit_of_two() {
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            let p = random_puzzle(5, 45, &mut rng);
            let want = brute_force(&p, 2).len();
            let mut s = Solver::new(&p, 2).unwrap();
            let status = s.run(&mut Budget::unlimited(), &mut NoEvents);
            let expected = if want == 2 {
                Status::LimitReached
            } else {
                Status::Exhausted
            };
            assert_eq!((status, s.solutions().len()), (expected, want), "{p:?}");
        }
    }

    #[test]
    fn events_replay_to_the_board_and_backtracks_undo_exactly() {
        // Replaying every change (before → after) from the full grid must meet each change's
        // `before` and end on the solver's board.
        let p = parse("4:1.......2......3").unwrap();
        let mut s = Solver::new(&p, 2).unwrap();
        let mut trace = Trace::default();
        s.run(&mut Budget::unlimited(), &mut trace);
        let mut board = vec![0b1111u32; 16];
        let mut kinds = std::collections::BTreeSet::new();
        for e in &trace.events {
            let json = serde_json::to_value(e).unwrap();
            kinds.insert(json["kind"].as_str().unwrap().to_string());
            let changes = match e {
                Event::LatinDeduce { changes, .. }
                | Event::LatinGuess { changes, .. }
                | Event::LatinBacktrack { changes, .. } => changes,
                _ => continue,
            };
            for ch in changes {
                let i = (ch.row * 4 + ch.col) as usize;
                assert_eq!(board[i], ch.before, "{e:?}");
                board[i] = ch.after;
            }
        }
        assert_eq!(board, s.rules().candidates());
        assert!(
            kinds.contains("latinBacktrack") && kinds.contains("latinGuess"),
            "{kinds:?}"
        );
    }
}
