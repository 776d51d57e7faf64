//! Failed-literal probing, for grading: try each remaining height of each open cell, propagate,
//! and cross the height out when that ends in a contradiction; repeat until nothing changes. It
//! is one level of trial and error, never nested, so a puzzle it finishes needs no real guessing —
//! the "extreme" level of [`super::super::grade`]. The search itself does not use it: its binary
//! branching with refutation finds the same contradictions when they matter.

use super::{SkyRules, Techniques};
use crate::engine::search::Emit;
use crate::engine::{Budget, NoEvents, Stats};
use crate::puzzles::skyscrapers::Puzzle;
use crate::shared::latin::{bit, single};

/// How far deductions alone (with `techniques`, and probing when `probe`) get on a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Every cell is down to one height: the grid, row by row.
    Solved(Vec<Vec<u8>>),
    /// Some cell still has several heights.
    Stuck,
    /// The deductions found a contradiction: the puzzle has no solution.
    Contradiction,
}

/// Runs the deductions of `techniques` to a fixed point from the clues and givens, then (when
/// `probe` names the deductions a probe may use) failed-literal probing to its own fixed point,
/// and says how far that got.
pub fn reach(
    puzzle: &Puzzle,
    techniques: Techniques,
    probe: Option<Techniques>,
) -> Result<Reach, String> {
    let mut s = SkyRules::new(puzzle, techniques)?;
    let mut quiet = NoEvents;
    let sink = &mut Emit::new(&mut quiet, Stats::default());
    // No deadline: grading is bounded by the board (N ≤ 16), and a propagation cut short by a
    // deadline would read as "stuck" and grade the puzzle too hard.
    let budget = &mut Budget::unlimited();
    if s.initial(sink)
        .and_then(|_| s.propagate(sink, budget))
        .is_err()
    {
        return Ok(Reach::Contradiction);
    }
    let cells = s.grid.candidates().len();
    let mut changed = probe.is_some();
    while changed {
        changed = false;
        for cell in 0..cells {
            let mut rest = s.grid[cell];
            while rest != 0 && !single(s.grid[cell]) {
                let v = rest.trailing_zeros() as u8 + 1;
                rest &= rest - 1;
                if s.grid[cell] & bit(v) == 0 {
                    continue;
                }
                let mark = s.grid.mark();
                s.techniques = probe.unwrap_or(techniques);
                let failed = s
                    .narrow(sink, cell, bit(v))
                    .and_then(|_| s.propagate(sink, budget))
                    .is_err();
                s.undo_to::<NoEvents>(mark);
                s.clear_queues();
                s.emptied = None;
                s.techniques = techniques;
                if failed {
                    changed = true;
                    if s.narrow(sink, cell, !bit(v))
                        .and_then(|_| s.propagate(sink, budget))
                        .is_err()
                    {
                        return Ok(Reach::Contradiction);
                    }
                }
            }
        }
    }
    Ok(if s.grid.candidates().iter().all(|&m| single(m)) {
        Reach::Solved(s.grid.values())
    } else {
        Reach::Stuck
    })
}
