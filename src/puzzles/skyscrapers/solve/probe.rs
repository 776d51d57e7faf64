//! Failed-literal probing, for grading: try each remaining height of each open cell, propagate,
//! and cross the height out when that ends in a contradiction; repeat until nothing changes. It
//! is one level of trial and error, never nested, so a puzzle it finishes needs no real guessing —
//! the "extreme" level of [`super::super::grade`]. The search itself does not use it: its binary
//! branching with refutation finds the same contradictions when they matter.

use super::{Options, Solver, Techniques};
use crate::engine::{Budget, NoEvents};
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

impl Solver {
    /// Forgets the pending work queues after a probe was undone (the trail restored the masks).
    fn clear_queues(&mut self) {
        self.singles.clear();
        self.dirty_hidden = 0;
        self.dirty_bound = 0;
        self.dirty_perm = 0;
        self.dirty_plane = 0;
        self.emptied = None;
    }
}

/// Runs the deductions of `techniques` to a fixed point from the clues and givens, then (when
/// `probe` names the deductions a probe may use) failed-literal probing to its own fixed point,
/// and says how far that got.
pub fn reach(
    puzzle: &Puzzle,
    techniques: Techniques,
    probe: Option<Techniques>,
) -> Result<Reach, String> {
    let mut s = Solver::new(
        puzzle,
        Options {
            techniques,
            limit: 1,
        },
    )?;
    let sink = &mut NoEvents;
    // No deadline: grading is bounded by the board (N ≤ 16), and a propagation cut short by a
    // deadline would read as "stuck" and grade the puzzle too hard.
    let budget = &mut Budget::unlimited();
    if s.initial(sink)
        .and_then(|_| s.propagate(sink, budget))
        .is_err()
    {
        return Ok(Reach::Contradiction);
    }
    let cells = s.cand.len();
    let mut changed = probe.is_some();
    while changed {
        changed = false;
        for cell in 0..cells {
            let mut rest = s.cand[cell];
            while rest != 0 && !single(s.cand[cell]) {
                let v = rest.trailing_zeros() as u8 + 1;
                rest &= rest - 1;
                if s.cand[cell] & bit(v) == 0 {
                    continue;
                }
                let mark = s.trail.len();
                s.options.techniques = probe.unwrap_or(techniques);
                let failed = s
                    .narrow(sink, cell, bit(v))
                    .and_then(|_| s.propagate(sink, budget))
                    .is_err();
                s.undo_to::<NoEvents>(mark);
                s.clear_queues();
                s.options.techniques = techniques;
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
    Ok(if s.cand.iter().all(|&m| single(m)) {
        Reach::Solved(s.grid())
    } else {
        Reach::Stuck
    })
}
