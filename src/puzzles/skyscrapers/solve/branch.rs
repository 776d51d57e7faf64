//! The Skyscrapers side of the search: the branching choice (MRV with dead-end weights), what a
//! guess and a refutation do and say, and the rest of [`Rules`], which the shared
//! [`Search`](crate::engine::search::Search) runs (decision stack, phases, counters, limits).

use super::events::{count, heights, Change, Event, Reason};
use super::{Out, Res, SkyRules};
use crate::engine::search::{Fixpoint, Rules};
use crate::engine::{Budget, Sink};
use crate::shared::latin::{bit, value_of};

/// From this size up the search branches on a height's places in a line as well as on a cell's
/// candidates (see `SkyRules::choice`; toggle `places`); smaller boards keep the cells-only order
/// their tests, grades' node budgets and watch-view streams were written against.
const DUAL_FROM_N: usize = 10;

/// A guess of the search: try `value` at `cell`; `line` when it was chosen as one of the places of `value` in
/// that line rather than as one of the cell's candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    cell: usize,
    value: u8,
    line: Option<usize>,
}

impl Choice {
    fn cell(cell: usize, value: u8) -> Self {
        Choice {
            cell,
            value,
            line: None,
        }
    }
}

impl SkyRules {
    /// The next guess: a cell and the height to try there, plus the line when the choice was a
    /// height's places in that line (for the sentence).
    ///
    /// MRV: the fewest alternatives first; among those, the heaviest dead-end weight, then the
    /// cell whose row and column still hold the most candidates, then row-major order. (`load`
    /// is kept up to date by `narrow` and `undo_to`.) Below [`DUAL_FROM_N`], or with the
    /// `places` toggle off, the alternatives are a cell's candidates only, and the lowest height
    /// is tried first.
    ///
    /// From [`DUAL_FROM_N`] up with `places` on, a height with k places left in a row or column
    /// is a choice of k alternatives too (the Latin square's other view: which cell of the line
    /// takes the height), and it competes with the cells: guessing "that cell = that height"
    /// and, on a dead end, crossing it out splits the search as well as a cell with k candidates
    /// does. With both views most nodes have many two-way choices, and the weights pick among
    /// more of them; the weight of a choice counts the line it splits twice (the height's line;
    /// for a cell, its heavier line). Measured over 99 minimal boards of 10x10 to 16x16: 27% fewer nodes and
    /// about 25% less CPU than cells alone, and no blow-up on 92 clue-only boards where cells
    /// alone once ran past 60 s (docs/history/BENCHMARKS-HISTORY.md, "Branching on both views").
    fn choice(&self) -> Option<Choice> {
        if !self.techniques.mrv {
            let cell = self.grid.first_open()?;
            return Some(Choice::cell(cell, value_of(self.grid[cell])));
        }
        let n = self.n;
        let dual = n >= DUAL_FROM_N && self.techniques.places;
        let (weight, grid) = (&self.weight, &self.grid);
        let key = |cell: usize, k: u32, line: Option<usize>| {
            let (r, c) = (cell / n, n + cell % n);
            let split = match line {
                Some(l) => weight[l],
                None if dual => weight[r].max(weight[c]),
                None => 0,
            };
            (
                k,
                u32::MAX - (weight[r] + weight[c] + split),
                u32::MAX - grid.load(r) - grid.load(c),
            )
        };
        let mut best = None;
        let mut best_key = (u32::MAX, 0u32, 0u32);
        // places[l][h]: open cells of line l that can still take height h + 1.
        let mut places = [[0u8; 16]; 32];
        for (cell, &m) in self.grid.candidates().iter().enumerate() {
            let k = m.count_ones();
            if k < 2 {
                continue;
            }
            let here = key(cell, k, None);
            if here < best_key {
                best_key = here;
                best = Some(Choice::cell(cell, value_of(m)));
            }
            if dual {
                let (r, c) = (cell / n, n + cell % n);
                let mut rest = m;
                while rest != 0 {
                    let h = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    places[r][h] += 1;
                    places[c][h] += 1;
                }
            }
        }
        if !dual {
            return best;
        }
        for (l, counts) in places.iter().enumerate().take(2 * n) {
            for (h, &k) in counts.iter().enumerate().take(n) {
                // A height fixed in the line has no open place; one open place cannot be left
                // after propagation (the hidden single takes it), so k ≥ 2 here.
                let k = k as u32;
                if k < 2 || k > best_key.0 {
                    continue;
                }
                let v = h as u8 + 1;
                for &cell in &self.lines[l].cells {
                    if self.grid[cell] & bit(v) != 0 {
                        let here = key(cell, k, Some(l));
                        if here < best_key {
                            best_key = here;
                            best = Some(Choice {
                                cell,
                                value: v,
                                line: Some(l),
                            });
                        }
                    }
                }
            }
        }
        best
    }

    /// Undoes the trail down to `mark`, returning the restorations (tracing only).
    pub(super) fn undo_to<S: Sink<Event>>(&mut self, mark: usize) -> Vec<Change> {
        let mut restored = Vec::new();
        let n = self.n;
        self.grid.undo_to(mark, |cell, now, before| {
            if S::ENABLED {
                restored.push(Change {
                    row: (cell / n) as u32,
                    col: (cell % n) as u32,
                    before: now,
                    after: before,
                });
            }
        });
        restored
    }

    /// Forgets the pending work queues (after a dead end, or a probe undone by the trail).
    pub(super) fn clear_queues(&mut self) {
        self.singles.clear();
        self.dirty_hidden = 0;
        self.dirty_bound = 0;
        self.dirty_perm = 0;
        self.dirty_plane = 0;
        self.changes.clear();
    }
}

impl Rules for SkyRules {
    type Event = Event;
    type Choice = Choice;
    type Solution = Vec<Vec<u8>>;

    fn start<S: Sink<Event>>(&mut self, sink: &mut Out<'_, S>) -> Res {
        self.initial(sink)
    }

    fn assign<S: Sink<Event>>(&mut self, choice: Choice, sink: &mut Out<'_, S>) -> Res {
        let Choice {
            cell,
            value: v,
            line,
        } = choice;
        let before = self.grid[cell];
        self.narrow(sink, cell, bit(v))?;
        if S::ENABLED {
            self.changes.clear();
            let [row, col] = self.rc(cell);
            let depth = sink.stats().depth;
            let why = match line {
                Some(l) => format!(
                    "Guess: {v} has {} places left in {}; try it at {}",
                    self.lines[l]
                        .cells
                        .iter()
                        .filter(|&&c| self.grid[c] & bit(v) != 0)
                        .count(),
                    self.line_name(l),
                    self.cell_name(cell)
                ),
                None => format!(
                    "Guess: {} could be {}; try {v}",
                    self.cell_name(cell),
                    heights(before)
                ),
            };
            sink.event(Event::SkyGuess {
                row,
                col,
                value: v,
                depth,
                why,
                changes: vec![Change {
                    row,
                    col,
                    before,
                    after: bit(v),
                }],
            });
        }
        Ok(())
    }

    fn refute<S: Sink<Event>>(&mut self, choice: Choice, sink: &mut Out<'_, S>) -> Res {
        let (cell, v) = (choice.cell, choice.value);
        let r = self.narrow(sink, cell, !bit(v));
        self.flush(sink, Reason::Refuted, None, Some(v), |s| {
            format!(
                "{v} at {} led to a dead end, so it is crossed out",
                s.cell_name(cell)
            )
        });
        r
    }

    fn propagate<S: Sink<Event>>(
        &mut self,
        sink: &mut Out<'_, S>,
        budget: &mut Budget,
    ) -> Fixpoint {
        match SkyRules::propagate(self, sink, budget) {
            Ok(true) => Fixpoint::Reached,
            Ok(false) => Fixpoint::Interrupted,
            Err(_) => Fixpoint::Contradiction,
        }
    }

    fn dead_end<S: Sink<Event>>(&mut self, sink: &mut Out<'_, S>) {
        if let Some((cell, old)) = self.emptied.take() {
            if S::ENABLED {
                let why = format!(
                    "{} has no height left (it could only be {})",
                    self.cell_name(cell),
                    heights(old)
                );
                self.dead(sink, None, vec![cell], why);
            }
        }
    }

    fn clear_pending(&mut self) {
        self.clear_queues();
    }

    fn choose(&self) -> Option<Choice> {
        self.choice()
    }

    fn mark(&self) -> usize {
        self.grid.mark()
    }

    fn backtrack<S: Sink<Event>>(&mut self, mark: usize, choice: Choice, sink: &mut Out<'_, S>) {
        let restored = self.undo_to::<S>(mark);
        if S::ENABLED {
            let [row, col] = self.rc(choice.cell);
            let depth = sink.stats().depth;
            let n = restored.len();
            let why = format!(
                "backtrack: {} at {} led nowhere, so {} back to how {} before that guess",
                choice.value,
                self.cell_name(choice.cell),
                if n == 1 {
                    "1 cell goes".to_string()
                } else {
                    format!("{n} cells go")
                },
                if n == 1 { "it was" } else { "they were" },
            );
            sink.event(Event::SkyBacktrack {
                row,
                col,
                value: choice.value,
                depth,
                changes: restored,
                why,
            });
        }
    }

    fn solution(&self) -> Vec<Vec<u8>> {
        self.grid.values()
    }

    fn solution_event(&self, grid: &Vec<Vec<u8>>, number: u64) -> Event {
        Event::SkySolution {
            grid: grid.clone(),
            number,
            why: format!(
                "solution {number} found; the search goes on to prove whether there is another"
            ),
        }
    }

    fn exhausted_event(&self, solutions: u64) -> Event {
        Event::SkyExhausted {
            solutions,
            why: format!(
                "every branch has been explored: {} in all",
                count(solutions, "solution")
            ),
        }
    }
}
