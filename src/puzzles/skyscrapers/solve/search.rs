//! The search half of the Skyscrapers solver: the branching cell (MRV with dead-end weights),
//! guesses and refutations, the undo trail, and the [`Machine`] implementation that turns one
//! propagation run into one node.

use super::events::{heights, Change, Event, Reason};
use super::{Decision, Phase, Res, Solver};
use crate::engine::{Budget, Machine, Sink, Stats, Status};
use crate::shared::latin::{bit, single, value_of};

impl Solver {
    // -----------------------------------------------------------------------------------------
    // Search

    pub(super) fn choose(&self) -> Option<usize> {
        if self.options.techniques.mrv {
            // Fewest candidates first; among those, the cell whose row and column still hold
            // the most candidates (branching there settles the most), then row-major order.
            // (`load` is kept up to date by `narrow` and `undo_to`.)
            let n = self.n;
            let load = &self.load;
            let mut best = None;
            let mut best_key = (u32::MAX, 0u32, 0u32);
            for (cell, &m) in self.cand.iter().enumerate() {
                let k = m.count_ones();
                if k > 1 {
                    let w = self.weight[cell / n] + self.weight[n + cell % n];
                    let key = (
                        k,
                        u32::MAX - w,
                        u32::MAX - load[cell / n] - load[n + cell % n],
                    );
                    if key < best_key {
                        best_key = key;
                        best = Some(cell);
                    }
                }
            }
            best
        } else {
            self.cand.iter().position(|&m| !single(m))
        }
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
                sink.emit(Event::SkyExhausted {
                    solutions: self.stats.solutions,
                });
                self.phase = Phase::Done(Status::Exhausted);
            }
            Some(d) => {
                self.stats.backtracks += 1;
                let restored = self.undo_to::<S>(d.trail_len);
                if S::ENABLED {
                    let [row, col] = self.rc(d.cell);
                    sink.emit(Event::SkyBacktrack {
                        row,
                        col,
                        value: d.value,
                        depth: self.stack.len() as u32,
                        changes: restored,
                    });
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
                    sink.emit(Event::SkyGuess {
                        row,
                        col,
                        value: v,
                        depth: self.stack.len() as u32,
                        why: format!(
                            "Guess: {} could be {}; try {v}",
                            self.cell_name(cell),
                            heights(before)
                        ),
                        changes: vec![Change {
                            row,
                            col,
                            before,
                            after: bit(v),
                        }],
                    });
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
                Some(cell) => {
                    let v = value_of(self.cand[cell]);
                    self.stack.push(Decision {
                        cell,
                        value: v,
                        trail_len: self.trail.len(),
                    });
                    self.phase = Phase::Assign(cell, v);
                }
                None => {
                    self.stats.solutions += 1;
                    let grid = self.grid();
                    if S::ENABLED {
                        sink.emit(Event::SkySolution {
                            grid: grid.clone(),
                            number: self.stats.solutions,
                        });
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
