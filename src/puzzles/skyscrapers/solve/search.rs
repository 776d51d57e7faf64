//! The search half of the Skyscrapers solver: the branching choice (MRV with dead-end weights),
//! guesses and refutations, the undo trail, and the [`Machine`] implementation that turns one
//! propagation run into one node.

use super::events::{heights, Change, Event, Reason};
use super::{Decision, Phase, Res, Solver};
use crate::engine::{Budget, Machine, Sink, Stats, Status};
use crate::shared::latin::{bit, single, value_of};

/// From this size up the search branches on a height's places in a line as well as on a cell's
/// candidates (see [`Solver::choose`]; toggle `places`); smaller boards keep the cells-only order
/// their tests, grades' node budgets and watch-view streams were written against.
pub(super) const DUAL_FROM_N: usize = 10;

/// A guess: try `value` at `cell`; `line` when it was chosen as one of the places of `value` in
/// that line rather than as one of the cell's candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Choice {
    pub(super) cell: usize,
    pub(super) value: u8,
    pub(super) line: Option<usize>,
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

impl Solver {
    // -----------------------------------------------------------------------------------------
    // Search

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
    pub(super) fn choose(&self) -> Option<Choice> {
        if !self.options.techniques.mrv {
            let cell = self.cand.iter().position(|&m| !single(m))?;
            return Some(Choice::cell(cell, value_of(self.cand[cell])));
        }
        let n = self.n;
        let dual = n >= DUAL_FROM_N && self.options.techniques.places;
        let (weight, load) = (&self.weight, &self.load);
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
                u32::MAX - load[r] - load[c],
            )
        };
        let mut best = None;
        let mut best_key = (u32::MAX, 0u32, 0u32);
        // places[l][h]: open cells of line l that can still take height h + 1.
        let mut places = [[0u8; 16]; 32];
        for (cell, &m) in self.cand.iter().enumerate() {
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
                    if self.cand[cell] & bit(v) != 0 {
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

    /// Undoes the trail down to `len`, returning the restorations (tracing only).
    pub(super) fn undo_to<S: Sink<Event>>(&mut self, len: usize) -> Vec<Change> {
        let mut restored = Vec::new();
        while self.trail.len() > len {
            let Some((cell, old)) = self.trail.pop() else {
                break;
            };
            if S::ENABLED {
                let [row, col] = self.rc(cell);
                restored.push(Change {
                    row,
                    col,
                    before: self.cand[cell],
                    after: old,
                });
            }
            let back = old.count_ones() - self.cand[cell].count_ones();
            self.load[cell / self.n] += back;
            self.load[self.n + cell % self.n] += back;
            self.cand[cell] = old;
        }
        restored
    }

    /// After a dead end or a recorded solution: undo the last guess and refute it, or finish.
    pub(super) fn fail<S: Sink<Event>>(&mut self, sink: &mut S) {
        self.singles.clear();
        self.dirty_hidden = 0;
        self.dirty_bound = 0;
        self.dirty_perm = 0;
        self.dirty_plane = 0;
        self.changes.clear();
        match self.stack.pop() {
            None => {
                sink.emit(
                    Event::SkyExhausted {
                        solutions: self.stats.solutions,
                    },
                    self.stats(),
                );
                self.phase = Phase::Done(Status::Exhausted);
            }
            Some(d) => {
                self.stats.backtracks += 1;
                let restored = self.undo_to::<S>(d.trail_len);
                if S::ENABLED {
                    let [row, col] = self.rc(d.cell);
                    sink.emit(
                        Event::SkyBacktrack {
                            row,
                            col,
                            value: d.value,
                            depth: self.stack.len() as u32,
                            changes: restored,
                        },
                        self.stats(),
                    );
                }
                self.phase = Phase::Refute(d.cell, d.value);
            }
        }
    }

    pub(super) fn grid(&self) -> Vec<Vec<u8>> {
        self.cand
            .chunks(self.n)
            .map(|row| row.iter().map(|&m| value_of(m)).collect())
            .collect()
    }

    /// One node: the work of the current phase plus propagation (or only the rest of the
    /// propagation, when the time budget interrupted it: see `interrupted`).
    pub(super) fn node<S: Sink<Event>>(&mut self, sink: &mut S, budget: &mut Budget) -> Res {
        if std::mem::take(&mut self.interrupted) {
            return self.propagate(sink, budget);
        }
        match self.phase {
            Phase::Start => self.initial(sink)?,
            Phase::Assign(cell, v) => {
                let before = self.cand[cell];
                self.narrow(sink, cell, bit(v))?;
                if S::ENABLED {
                    self.changes.clear();
                    let [row, col] = self.rc(cell);
                    sink.emit(
                        Event::SkyGuess {
                            row,
                            col,
                            value: v,
                            depth: self.stack.len() as u32,
                            why: match self.stack.last().and_then(|d| d.line) {
                                Some(l) => format!(
                                    "Guess: {v} has {} places left in {}; try it at {}",
                                    self.lines[l]
                                        .cells
                                        .iter()
                                        .filter(|&&c| self.cand[c] & bit(v) != 0)
                                        .count(),
                                    self.line_name(l),
                                    self.cell_name(cell)
                                ),
                                None => format!(
                                    "Guess: {} could be {}; try {v}",
                                    self.cell_name(cell),
                                    heights(before)
                                ),
                            },
                            changes: vec![Change {
                                row,
                                col,
                                before,
                                after: bit(v),
                            }],
                        },
                        self.stats(),
                    );
                }
            }
            Phase::Refute(cell, v) => {
                let r = self.narrow(sink, cell, !bit(v));
                self.flush(sink, Reason::Refuted, None, Some(v), |s| {
                    format!(
                        "{v} at {} led to a dead end, so it is crossed out",
                        s.cell_name(cell)
                    )
                });
                r?;
            }
            Phase::Done(_) => return Ok(()),
        }
        self.propagate(sink, budget)
    }
}

impl Machine for Solver {
    type Event = Event;
    type Solution = Vec<Vec<u8>>;

    fn run<S: Sink<Event>>(&mut self, budget: &mut Budget, sink: &mut S) -> Status {
        loop {
            if let Phase::Done(status) = self.phase {
                return status;
            }
            // An interrupted node goes on without taking another node from the budget.
            if !self.interrupted {
                if !budget.take() {
                    return Status::Paused;
                }
                self.stats.nodes += 1;
            }
            let outcome = self.node(sink, budget);
            if outcome.is_ok() && self.interrupted {
                return Status::Paused;
            }
            if outcome.is_err() {
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
                self.fail(sink);
                continue;
            }
            match self.choose() {
                Some(Choice {
                    cell,
                    value: v,
                    line,
                }) => {
                    self.stack.push(Decision {
                        cell,
                        value: v,
                        line,
                        trail_len: self.trail.len(),
                    });
                    self.phase = Phase::Assign(cell, v);
                }
                None => {
                    self.stats.solutions += 1;
                    let grid = self.grid();
                    if S::ENABLED {
                        sink.emit(
                            Event::SkySolution {
                                grid: grid.clone(),
                                number: self.stats.solutions,
                            },
                            self.stats(),
                        );
                    }
                    self.solutions.push(grid);
                    if self.stats.solutions >= self.options.limit {
                        // Leave the last solution on the board for the viewer.
                        self.phase = Phase::Done(Status::LimitReached);
                    } else {
                        self.fail(sink);
                    }
                }
            }
        }
    }

    fn stats(&self) -> Stats {
        Stats {
            depth: self.stack.len() as u32,
            ..self.stats
        }
    }

    fn solutions(&self) -> &[Vec<Vec<u8>>] {
        &self.solutions
    }
}
