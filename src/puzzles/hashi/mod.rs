//! Hashiwokakero (Bridges): join numbered islands with horizontal or vertical bridges.
//!
//! Rules (docs/formats/hashi.md §1.2): a bridge runs straight between two islands over water only
//! (a rock `#` or another island blocks it); a pair of islands carries 1..=k bridges (k =
//! `max_bridges`, 1..=4, default 2); bridges never cross; every island has exactly its number of
//! bridge ends; all islands are connected; with the optional no-loops rule (`L`) the bridge graph
//! is a tree.
//!
//! Formats: Tatham Bridges IDs (`WxHm2:desc`, `W` alone for square boards, `L`, generation params
//! `i`/`e`/`d` tolerated and dropped), puzz.link `hashikake`/`hashi`/`bridges` URLs (number16
//! stream), and the plain grid of docs/formats/hashi.md §3.2 (`.` water, `1`-`9` and `A`-`G`
//! islands, `#` rock, rows split by newlines or `/`). See [`format`](mod@self::format).
//! `WxH[m<k>][L]#SEED` builds a random unique puzzle with our own seeded generator
//! ([`generate::random_unique`]; not Tatham's puzzle for that seed, and it may hold rocks, so it
//! is written back as a plain grid).
//!
//! For the page: [`Hashi::layout`](crate::puzzles::contract::Game::layout) (islands, candidate edges with ids and crossings, to draw the
//! board and map event edge ids to cells), [`solve::Solver`] behind `Session` (events: see
//! [`solve::Event`]), [`hint()`] (next deduction from the user's bridges, or the mistake, or solved),
//! [`check_board`] (finished / over-full islands, crossing and impossible bridges, mistakes), the
//! writers [`to_tatham_id`], [`to_puzzlink_url`], [`to_plain`].
//!
//! The solver never works on this display grid: [`graph::Graph`] turns a [`Puzzle`] into islands,
//! candidate edges (pairs of islands that see each other) and crossing pairs of candidate edges;
//! [`solve::Solver`] keeps a bridge range `[lo, hi]` per edge, propagates deductions to a fixed
//! point and searches with an undo trail. [`check_solution`] is an independent, naive checker that
//! works on the grid and shares nothing with the solver.
//!
//! Known limits:
//! - boards up to [`MAX_SIDE`]x[`MAX_SIDE`] cells;
//! - puzz.link's unknown-count islands (`.` in the stream) are **rejected** with a message naming the
//!   cell: they turn the puzzle into a different one (any count allowed) which Tatham IDs cannot
//!   express and which our uniqueness verdicts would not mean the same thing for;
//! - Tatham IDs and puzz.link URLs cannot hold rocks, so writing a board with rocks to them fails
//!   (the plain grid can);
//! - the matrix-tree test counts spanning trees modulo two primes; a connected graph whose count is
//!   a multiple of both (probability about 1e-18) would be pruned wrongly. It is off by default
//!   because the exact union-find test decides the same question faster (see BENCHMARKS.md).

pub mod brute;
pub mod code;
pub mod format;
mod game;
pub mod generate;
pub mod grade;
pub mod graph;
pub mod hint;
pub mod matrix_tree;
pub mod solve;

pub use game::Hashi;
pub use game::{
    parse_generate_size, GenSize, Layout, LayoutEdge, LayoutIsland, DEFAULT_DENSITY, DENSITY_RANGE,
    GENERATE_MAX_MICROS,
};

use serde::{Deserialize, Serialize};

pub use format::{
    parse_any, parse_plain, parse_puzzlink, parse_tatham, to_plain, to_puzzlink_url, to_tatham_id,
};
pub use hint::{check_board, check_board_within, hint, hint_within, BoardReport, Hint, HintKind};
pub use solve::{Event, Heuristic, SolveOptions, Solver, Techniques};

/// Largest width or height accepted.
pub const MAX_SIDE: usize = 100;
/// A cell value meaning "rock": blocks bridges, is not an island.
pub const ROCK: u8 = 255;
/// A cell value meaning "water".
pub const WATER: u8 = 0;

/// A puzzle: the clue grid and the rule variant. Cells are row-major (`index = row*width+col`):
/// [`WATER`], [`ROCK`], or an island's number (1..=4k).
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "HashiPuzzle"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Puzzle {
    /// Columns (1..=[`MAX_SIDE`]).
    pub width: usize,
    /// Rows (1..=[`MAX_SIDE`]).
    pub height: usize,
    /// `width * height` cells, row-major.
    pub cells: Vec<u8>,
    /// Most bridges one pair of islands may carry (1..=4).
    pub max_bridges: u8,
    /// The extra rule "no loops": the bridges form a tree.
    pub no_loops: bool,
}

/// `n` bridges between the islands at `a` and `b` (0-based `(row, col)`).
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Bridge {
    /// 0-based `(row, col)` of one island.
    pub a: (usize, usize),
    /// 0-based `(row, col)` of the other island, in the same row or column.
    pub b: (usize, usize),
    /// How many bridges join them (at most the puzzle's `max_bridges`).
    pub n: u8,
}

impl Bridge {
    /// The same bridge with its ends in (row, col) order, so comparisons do not depend on direction.
    pub fn normalized(self) -> Bridge {
        if self.a <= self.b {
            self
        } else {
            Bridge {
                a: self.b,
                b: self.a,
                n: self.n,
            }
        }
    }
}

impl Puzzle {
    /// The cell at (row, col).
    pub fn at(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.width + c]
    }

    /// True for an island cell.
    pub fn is_island(&self, r: usize, c: usize) -> bool {
        let v = self.at(r, c);
        v != WATER && v != ROCK
    }

    /// Checks the structural rules every parser and editor must respect: the size, the numbers'
    /// range, no two islands side by side, at least one island. Messages use 1-based coordinates.
    pub fn validate(&self) -> Result<(), String> {
        let (w, h) = (self.width, self.height);
        if w == 0 || h == 0 {
            return Err(format!("hashi: the board {w}x{h} is empty"));
        }
        if w > MAX_SIDE || h > MAX_SIDE {
            return Err(format!(
                "hashi: the board {w}x{h} is too big (at most {MAX_SIDE}x{MAX_SIDE})"
            ));
        }
        if self.cells.len() != w * h {
            return Err(format!(
                "hashi: {} cells given for a {w}x{h} board ({} expected)",
                self.cells.len(),
                w * h
            ));
        }
        if !(1..=4).contains(&self.max_bridges) {
            return Err(format!(
                "hashi: at most {} bridges per pair is out of range (1 to 4)",
                self.max_bridges
            ));
        }
        let top = 4 * self.max_bridges;
        let mut islands = 0;
        for r in 0..h {
            for c in 0..w {
                let v = self.at(r, c);
                if v == WATER || v == ROCK {
                    continue;
                }
                islands += 1;
                if v > top {
                    return Err(format!(
                        "hashi: the island at row {}, column {} needs {v} bridges, more than any island can have with at most {} per pair (4 x {})",
                        r + 1,
                        c + 1,
                        self.max_bridges,
                        self.max_bridges
                    ));
                }
                if c + 1 < w && self.is_island(r, c + 1) {
                    return Err(format!(
                        "hashi: islands at row {}, column {} and row {}, column {} are side by side",
                        r + 1,
                        c + 1,
                        r + 1,
                        c + 2
                    ));
                }
                if r + 1 < h && self.is_island(r + 1, c) {
                    return Err(format!(
                        "hashi: islands at row {}, column {} and row {}, column {} are side by side",
                        r + 1,
                        c + 1,
                        r + 2,
                        c + 1
                    ));
                }
            }
        }
        if islands == 0 {
            return Err("hashi: the board has no islands".to_string());
        }
        Ok(())
    }
}

/// The independent checker: verifies a complete answer from scratch on the grid.
///
/// Deliberately naive and separate from the solver (it walks cells, paints bridges on a fresh grid
/// and floods the islands): straight bridges over water only, 1..=k per pair and each pair once,
/// no crossing, exact degrees, connected, and a tree under the no-loops rule.
pub fn check_solution(puzzle: &Puzzle, bridges: &[Bridge]) -> Result<(), String> {
    let (w, h) = (puzzle.width, puzzle.height);
    let cell = |p: (usize, usize)| {
        format!(
            "(row {}, column {})",
            p.0.saturating_add(1),
            p.1.saturating_add(1)
        )
    };
    // 1 = horizontal bridge over the cell, 2 = vertical.
    let mut painted = vec![0u8; w * h];
    let mut degree = vec![0u32; w * h];
    // A set, so that a long list (a hostile one repeats a bridge thousands of times) is read in
    // linear time; `pairs` keeps them in the order listed for the flood fill below.
    let mut seen_pairs = std::collections::HashSet::new();
    let mut pairs: Vec<((usize, usize), (usize, usize))> = Vec::new();
    for br in bridges {
        let Bridge { a, b, n } = br.normalized();
        for p in [a, b] {
            if p.0 >= h || p.1 >= w {
                return Err(format!("bridge end {} is off the {w}x{h} board", cell(p)));
            }
            if !puzzle.is_island(p.0, p.1) {
                return Err(format!("bridge end {} is not an island", cell(p)));
            }
        }
        if a == b {
            return Err(format!("a bridge joins {} to itself", cell(a)));
        }
        if n == 0 || n > puzzle.max_bridges {
            return Err(format!(
                "{n} bridges between {} and {}: must be 1 to {}",
                cell(a),
                cell(b),
                puzzle.max_bridges
            ));
        }
        if !seen_pairs.insert((a, b)) {
            return Err(format!(
                "{} and {} are joined twice in the list",
                cell(a),
                cell(b)
            ));
        }
        pairs.push((a, b));
        let between: Vec<(usize, usize)> = if a.0 == b.0 {
            (a.1 + 1..b.1).map(|c| (a.0, c)).collect()
        } else if a.1 == b.1 {
            (a.0 + 1..b.0).map(|r| (r, a.1)).collect()
        } else {
            return Err(format!(
                "the bridge {}-{} is not straight",
                cell(a),
                cell(b)
            ));
        };
        let mark = if a.0 == b.0 { 1 } else { 2 };
        for p in between {
            let v = puzzle.at(p.0, p.1);
            if v != WATER {
                return Err(format!(
                    "the bridge {}-{} passes over {} at {}",
                    cell(a),
                    cell(b),
                    if v == ROCK { "a rock" } else { "an island" },
                    cell(p)
                ));
            }
            let i = p.0 * w + p.1;
            if painted[i] != 0 {
                return Err(format!(
                    "the bridge {}-{} crosses another bridge at {}",
                    cell(a),
                    cell(b),
                    cell(p)
                ));
            }
            painted[i] = mark;
        }
        degree[a.0 * w + a.1] += n as u32;
        degree[b.0 * w + b.1] += n as u32;
    }
    let mut islands = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if puzzle.is_island(r, c) {
                islands.push((r, c));
                if degree[r * w + c] != puzzle.at(r, c) as u32 {
                    return Err(format!(
                        "island {} needs {} bridges and has {}",
                        cell((r, c)),
                        puzzle.at(r, c),
                        degree[r * w + c]
                    ));
                }
            }
        }
    }
    // Flood fill over the pairs, starting from the first island.
    let mut seen = vec![false; w * h];
    let mut stack = vec![islands[0]];
    seen[islands[0].0 * w + islands[0].1] = true;
    let mut reached = 0;
    while let Some(p) = stack.pop() {
        reached += 1;
        for &(a, b) in &pairs {
            let other = if a == p {
                b
            } else if b == p {
                a
            } else {
                continue;
            };
            if !seen[other.0 * w + other.1] {
                seen[other.0 * w + other.1] = true;
                stack.push(other);
            }
        }
    }
    if reached != islands.len() {
        let lost = islands.iter().find(|p| !seen[p.0 * w + p.1]).unwrap();
        return Err(format!(
            "the islands are not all connected: {} cannot be reached from {}",
            cell(*lost),
            cell(islands[0])
        ));
    }
    if puzzle.no_loops && pairs.len() + 1 != islands.len() {
        return Err(format!(
            "the no-loops rule is broken: {} joined pairs for {} islands make a loop",
            pairs.len(),
            islands.len()
        ));
    }
    Ok(())
}

/// Reads a fixture's solution column: `r1,c1-r2,c2xK` entries joined by `;` (0-based).
pub fn parse_bridge_list(text: &str) -> Result<Vec<Bridge>, String> {
    let mut out = Vec::new();
    for (i, item) in text.split(';').enumerate() {
        let item = item.trim();
        if item.is_empty() {
            continue;
        }
        let bad = || format!("bridge list entry {}: '{item}' is not r1,c1-r2,c2xK", i + 1);
        let (ends, n) = item.split_once('x').ok_or_else(bad)?;
        let (a, b) = ends.split_once('-').ok_or_else(bad)?;
        let point = |s: &str| -> Result<(usize, usize), String> {
            let (r, c) = s.split_once(',').ok_or_else(bad)?;
            Ok((
                r.trim().parse().map_err(|_| bad())?,
                c.trim().parse().map_err(|_| bad())?,
            ))
        };
        out.push(
            Bridge {
                a: point(a)?,
                b: point(b)?,
                n: n.trim().parse().map_err(|_| bad())?,
            }
            .normalized(),
        );
    }
    out.sort();
    Ok(out)
}

/// Writes bridges in the fixture form `r1,c1-r2,c2xK;…`, sorted.
pub fn format_bridge_list(bridges: &[Bridge]) -> String {
    let mut v: Vec<Bridge> = bridges.iter().map(|b| b.normalized()).collect();
    v.sort();
    v.iter()
        .map(|b| format!("{},{}-{},{}x{}", b.a.0, b.a.1, b.b.0, b.b.1, b.n))
        .collect::<Vec<_>>()
        .join(";")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_accepts_the_four_corners_and_rejects_breakages() {
        let p = parse_any("3x3m2:2a2c2a2").unwrap();
        let good = parse_bridge_list("0,0-0,2x1;0,0-2,0x1;0,2-2,2x1;2,0-2,2x1").unwrap();
        assert!(check_solution(&p, &good).is_ok());
        let short = parse_bridge_list("0,0-0,2x2;2,0-2,2x2").unwrap();
        assert!(check_solution(&p, &short)
            .unwrap_err()
            .contains("connected"));
        let bent = parse_bridge_list("0,0-2,2x1").unwrap();
        assert!(check_solution(&p, &bent).unwrap_err().contains("straight"));
        let p = parse_any("3x3m2:2a2c2a2").map(|mut p| {
            p.no_loops = true;
            p
        });
        assert!(check_solution(&p.unwrap(), &good)
            .unwrap_err()
            .contains("loop"));
    }

    #[test]
    fn checker_sees_crossings_and_rocks() {
        // A plus sign: the horizontal and vertical bridges would cross in the middle.
        let p = parse_plain(".1./1.1/.1.").unwrap();
        let cross = parse_bridge_list("0,1-2,1x1;1,0-1,2x1").unwrap();
        assert!(check_solution(&p, &cross).unwrap_err().contains("cross"));
        let p = parse_plain("1#1").unwrap();
        let over = parse_bridge_list("0,0-0,2x1").unwrap();
        assert!(check_solution(&p, &over).unwrap_err().contains("rock"));
    }
}
