//! The search half of the Hashi solver: the branching choice (ratio or weighted), the undo
//! trail, leaves, restarts on the Luby sequence, and the [`Machine`] implementation.

use super::events::{bridges_word, Event, Rule};
use super::{Bridge, Dead, Frame, Heuristic, Phase, SolveOptions, Solver};
use crate::engine::{Budget, Machine, Sink, Stats, Status};
use crate::puzzles::hashi::Puzzle;

impl Solver {
    /// Undoes the trail back to `len`, which is always the fixed point reached before a decision,
    /// so the whole-graph tests need not run again until something is removed.
    pub(super) fn undo_to<S: Sink<Event>>(&mut self, len: usize, sink: &mut S) {
        self.removed = false;
        while self.trail.len() > len {
            let (e, l, h) = self.trail.pop().unwrap();
            let ei = e as usize;
            if S::ENABLED {
                let ed = self.g.edges[ei];
                sink.emit(
                    Event::HashiRange {
                        edge: e,
                        a: self.cell(ed.a),
                        b: self.cell(ed.b),
                        before: [self.lo[ei], self.hi[ei]],
                        after: [l, h],
                        rule: Rule::Undo,
                        why: Some(format!(
                            "back: {} and {} may again have {l} to {h} bridges",
                            self.name(ed.a),
                            self.name(ed.b)
                        )),
                    },
                    self.stats(),
                );
            }
            self.lo[ei] = l;
            self.hi[ei] = h;
        }
    }

    /// The article's choice: the island with the highest remaining demand per open edge.
    pub(super) fn choose(&self) -> Option<(u32, u32)> {
        let mut best: Option<(u32, u32)> = None;
        let mut best_key = (0i64, 0i64); // ratio as a fraction rem/open, compared by cross-multiplying
        for i in 0..self.g.islands.len() {
            let mut rem = self.g.islands[i].need as i64;
            let mut open = 0i64;
            let mut first = u32::MAX;
            for &e in &self.g.incident[i] {
                rem -= self.lo[e as usize] as i64;
                if self.lo[e as usize] < self.hi[e as usize] {
                    open += 1;
                    if first == u32::MAX {
                        first = e;
                    }
                }
            }
            if open == 0 {
                continue;
            }
            if self.opts.heuristic == Heuristic::Weighted {
                rem *= self.weight[i].get() as i64;
            }
            let better = match best {
                None => true,
                Some(_) => {
                    let lhs = rem * best_key.1;
                    let rhs = best_key.0 * open;
                    lhs > rhs || (lhs == rhs && open < best_key.1)
                }
            };
            if better {
                best = Some((i as u32, first));
                best_key = (rem, open);
            }
        }
        best
    }

    /// At a leaf every edge is decided; the rules the techniques may have skipped are checked here.
    pub(super) fn leaf_is_valid(&mut self) -> bool {
        let n = self.g.islands.len() as u32;
        if self.build_groups(false) != 1 {
            return false;
        }
        if self.g.no_loops {
            let used = self.lo.iter().filter(|&&l| l > 0).count() as u32;
            if used + 1 != n {
                return false;
            }
        }
        true
    }

    pub(super) fn current_bridges(&self) -> Vec<Bridge> {
        let mut out: Vec<Bridge> = (0..self.g.edges.len())
            .filter(|&e| self.lo[e] > 0)
            .map(|e| {
                let ed = self.g.edges[e];
                Bridge {
                    a: self.g.pos(ed.a),
                    b: self.g.pos(ed.b),
                    n: self.lo[e],
                }
                .normalized()
            })
            .collect();
        out.sort();
        out
    }

    pub(super) fn finish<S: Sink<Event>>(&mut self, status: Status, sink: &mut S) -> Status {
        self.set_focus(None, sink);
        if S::ENABLED && status == Status::Exhausted {
            sink.emit(
                Event::HashiExhausted {
                    solutions: self.stats.solutions,
                },
                self.stats(),
            );
        }
        self.phase = Phase::Done(status);
        status
    }
}

impl Solver {
    /// Propagates what the current node queued (the root's or a tried value's) and moves on:
    /// `Paused` when the time budget stopped it halfway (the next `run` finishes the same node),
    /// on to `Descend` at a fixed point, and on a dead end the queue is dropped and the run ends
    /// if this was the root (a tried value instead leaves `Try` to take the next value).
    fn settle<S: Sink<Event>>(&mut self, sink: &mut S, budget: &mut Budget) -> Option<Status> {
        let outcome = self.propagate(sink, budget);
        if self.interrupted {
            return Some(Status::Paused);
        }
        match outcome {
            Ok(()) => self.phase = Phase::Descend,
            Err(Dead) => {
                self.clear_queue();
                if self.phase == Phase::Root {
                    return Some(self.finish(Status::Exhausted, sink));
                }
            }
        }
        None
    }
}

impl Machine for Solver {
    type Event = Event;
    type Solution = Vec<Bridge>;

    fn run<S: Sink<Event>>(&mut self, budget: &mut Budget, sink: &mut S) -> Status {
        loop {
            if std::mem::take(&mut self.interrupted) {
                // The last node's propagation stopped on the time budget: finish it (the same
                // node, so no node is taken), then go on as that node would have (Root or Try).
                if let Some(status) = self.settle(sink, budget) {
                    return status;
                }
                continue;
            }
            match self.phase {
                Phase::Done(s) => return s,
                Phase::Root => {
                    if !budget.take() {
                        return Status::Paused;
                    }
                    self.stats.nodes += 1;
                    for i in 0..self.g.islands.len() as u32 {
                        self.enqueue(i);
                    }
                    if let Some(status) = self.settle(sink, budget) {
                        return status;
                    }
                }
                Phase::Descend => match self.choose() {
                    None => {
                        let bridges = self.current_bridges();
                        // After a restart the same solution can be met again: count it once.
                        let valid = self.leaf_is_valid();
                        if valid && !self.solutions.contains(&bridges) {
                            self.stats.solutions += 1;
                            if S::ENABLED {
                                sink.emit(
                                    Event::HashiSolution {
                                        bridges: bridges.clone(),
                                        why: format!("solution {} found", self.stats.solutions),
                                    },
                                    self.stats(),
                                );
                            }
                            if (self.solutions.len() as u64) < self.opts.solution_limit {
                                self.solutions.push(bridges);
                            }
                            if self.stats.solutions >= self.opts.solution_limit {
                                return self.finish(Status::LimitReached, sink);
                            }
                        } else if S::ENABLED && !valid {
                            sink.emit(Event::HashiDeadEnd {
                                rule: Rule::Connectivity,
                                islands: vec![],
                                why: "dead end: every bridge is decided but the islands are not all connected (or form a loop)".into(),
                            }, self.stats());
                        }
                        if self.frames.is_empty() {
                            return self.finish(Status::Exhausted, sink);
                        }
                        self.phase = Phase::Try;
                    }
                    Some((island, e)) => {
                        self.set_focus(Some(island), sink);
                        self.frames.push(Frame {
                            edge: e,
                            trail_len: self.trail.len(),
                            next: self.hi[e as usize] as i16,
                            min: self.lo[e as usize] as i16,
                        });
                        self.stats.depth = self.frames.len() as u32;
                        self.phase = Phase::Try;
                    }
                },
                Phase::Try => {
                    let f = *self.frames.last().unwrap();
                    if f.next < f.min {
                        self.frames.pop();
                        self.undo_to(f.trail_len, sink);
                        self.stats.backtracks += 1;
                        self.stats.depth = self.frames.len() as u32;
                        if S::ENABLED {
                            sink.emit(
                                Event::HashiBacktrack {
                                    edge: f.edge,
                                    depth: self.frames.len() as u32,
                                    why: {
                                        let ed = self.g.edges[f.edge as usize];
                                        format!(
                                            "backtrack: every number of bridges between {} and {} failed",
                                            self.name(ed.a),
                                            self.name(ed.b)
                                        )
                                    },
                                },
                                self.stats(),
                            );
                        }
                        if self.frames.is_empty() {
                            return self.finish(Status::Exhausted, sink);
                        }
                        self.run_backtracks += 1;
                        if self.opts.restart_base > 0 && self.run_backtracks >= self.restart_limit {
                            let root = self.frames[0].trail_len;
                            self.frames.clear();
                            self.undo_to(root, sink);
                            self.stats.depth = 0;
                            self.stats.restarts += 1;
                            self.run_backtracks = 0;
                            self.restart_limit =
                                self.opts.restart_base * luby(self.stats.restarts + 1);
                            if S::ENABLED {
                                sink.emit(
                                    Event::HashiRestart {
                                        restarts: self.stats.restarts,
                                        why: format!("restart {}: too many backtracks in this run, so the search starts again from the root, trying first the islands that failed most", self.stats.restarts),
                                    },
                                    self.stats(),
                                );
                            }
                            self.phase = Phase::Descend;
                        }
                        continue;
                    }
                    if !budget.take() {
                        return Status::Paused;
                    }
                    self.stats.nodes += 1;
                    self.undo_to(f.trail_len, sink);
                    self.frames.last_mut().unwrap().next -= 1;
                    let v = f.next as u8;
                    let e = f.edge;
                    if S::ENABLED {
                        let ed = self.g.edges[e as usize];
                        sink.emit(
                            Event::HashiGuess {
                                edge: e,
                                a: self.cell(ed.a),
                                b: self.cell(ed.b),
                                value: v,
                                depth: self.frames.len() as u32,
                                why: format!(
                                    "guess (depth {}): no rule applies: try {} between {} and {}",
                                    self.frames.len(),
                                    bridges_word(v as i32),
                                    self.name(ed.a),
                                    self.name(ed.b)
                                ),
                            },
                            self.stats(),
                        );
                    }
                    if self.tighten(e, v, v, Rule::Guess, sink).is_err() {
                        self.clear_queue();
                    } else if let Some(status) = self.settle(sink, budget) {
                        return status;
                    }
                }
            }
        }
    }

    fn stats(&self) -> Stats {
        Stats {
            solutions: self.stats.solutions,
            ..self.stats
        }
    }

    fn solutions(&self) -> &[Vec<Bridge>] {
        &self.solutions
    }
}

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 … (index from 1), the restart cutoffs.
pub(super) fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        // The smallest k with 2^k - 1 >= i.
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// Solves `puzzle` to the end (limit 2), or until `max_nodes` nodes or `max_micros` of wall time,
/// for hints, reports, the generator (which passes `u64::MAX`, so that what it makes of a seed
/// does not depend on the machine's speed) and tests.
pub fn solve_all(
    puzzle: &Puzzle,
    opts: SolveOptions,
    max_nodes: u64,
    max_micros: u64,
) -> Result<(Status, Vec<Vec<Bridge>>, Stats), String> {
    let mut s = crate::engine::Stepper::new(Solver::new(puzzle, opts)?);
    let status = s.solve_within(max_nodes, max_micros);
    let stats = s.stats();
    Ok((status, s.into_machine().solutions, stats))
}
