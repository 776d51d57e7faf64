//! The article's min-conflicts repair: the conflict counters per column and diagonal, the
//! optional indexed set of conflicted rows, the initial (random or greedy) placement, and one move
//! (pick a conflicted row, send its queen to a least-conflicted other column), plus the loop that
//! drives it with restarts inside [`Repair`].

use super::{plural, Engine, Event, MoveReason, Options, Repair, GREEDY_SAMPLE, PICK_DETAIL_MAX_N};
use crate::engine::{Budget, Sink, Stats, Status};
use crate::shared::rng::Rng;

/// From this n on, one move takes long enough (tens of microseconds and more) that reading the
/// clock before each costs nothing measurable.
const CLOCK_EVERY_MOVE_N: usize = 1024;

impl Repair {
    pub(super) fn run_min_conflicts<S: Sink<Event>>(
        &mut self,
        budget: &mut Budget,
        sink: &mut S,
    ) -> Status {
        loop {
            let Engine::MinConflicts(m) = &mut self.engine else {
                unreachable!("engine checked by the caller")
            };
            if !m.placed {
                if !budget.take() {
                    return Status::Paused;
                }
                self.stats.nodes += 1;
                m.place_all(&mut self.rng);
                if S::ENABLED {
                    sink.emit(
                        Event::RepairInit {
                            columns: m.queens.clone(),
                            total_conflicts: m.total,
                            greedy: m.greedy,
                            why: format!(
                                "One queen per row on a {} column: {}",
                                if m.greedy {
                                    "least-conflicted sampled"
                                } else {
                                    "random"
                                },
                                plural(m.total, "attacking pair")
                            ),
                        },
                        self.stats,
                    );
                }
                continue;
            }
            if m.total == 0 {
                let queens = std::mem::take(&mut m.queens);
                return self.solved(queens, sink);
            }
            if self.steps >= self.max_steps {
                if self.out_of_restarts(sink) {
                    return Status::GaveUp;
                }
                if !budget.take() {
                    return Status::Paused;
                }
                let Engine::MinConflicts(m) = &mut self.engine else {
                    unreachable!()
                };
                self.stats.nodes += 1;
                self.stats.restarts += 1;
                self.steps = 0;
                let old = if S::ENABLED {
                    m.queens.clone()
                } else {
                    Vec::new()
                };
                let total_before = m.total;
                m.place_all(&mut self.rng);
                if S::ENABLED {
                    sink.emit(
                        Event::RepairRestart {
                            old,
                            columns: m.queens.clone(),
                            total_before,
                            total_after: m.total,
                            restarts: self.stats.restarts,
                            why: format!(
                                "{} moves without a solution: start again from a fresh placement",
                                self.max_steps
                            ),
                        },
                        self.stats,
                    );
                }
                continue;
            }
            // A move scans every column (O(n): 4 ms at n = 100,000), so on big boards the time
            // budget is looked at before each one, not once per chunk of moves.
            if m.n >= CLOCK_EVERY_MOVE_N && budget.out_of_time() {
                return Status::Paused;
            }
            if !budget.take() {
                return Status::Paused;
            }
            self.stats.nodes += 1;
            self.stats.moves += 1;
            self.steps += 1;
            m.one_move(self.stats, &mut self.rng, sink);
        }
    }
}

/// An indexed set of rows: O(1) insert, remove, and uniform pick.
#[derive(Clone, Debug)]
pub(super) struct RowSet {
    pub(super) members: Vec<u32>,
    /// Position of each row in `members`, or `u32::MAX`.
    pub(super) pos: Vec<u32>,
}

impl RowSet {
    pub(super) fn new(n: usize) -> Self {
        RowSet {
            members: Vec::new(),
            pos: vec![u32::MAX; n],
        }
    }
    pub(super) fn clear(&mut self) {
        for &r in &self.members {
            self.pos[r as usize] = u32::MAX;
        }
        self.members.clear();
    }
    pub(super) fn set(&mut self, row: u32, member: bool) {
        let p = self.pos[row as usize];
        if member && p == u32::MAX {
            self.pos[row as usize] = self.members.len() as u32;
            self.members.push(row);
        } else if !member && p != u32::MAX {
            let last = *self.members.last().expect("a member exists");
            self.members.swap_remove(p as usize);
            if last != row {
                self.pos[last as usize] = p;
            }
            self.pos[row as usize] = u32::MAX;
        }
    }
}

#[derive(Clone, Debug)]
pub(super) struct MinConflicts {
    pub(super) n: usize,
    pub(super) greedy: bool,
    pub(super) noise: f64,
    pub(super) tabu_tenure: u32,
    /// The queens are all on the board (false before the first placement).
    pub(super) placed: bool,
    pub(super) queens: Vec<u32>,
    /// Queens per column, per `r - c + n - 1` diagonal, per `r + c` anti-diagonal.
    pub(super) col: Vec<u32>,
    pub(super) d1: Vec<u32>,
    pub(super) d2: Vec<u32>,
    /// With the conflict set: XOR of the rows on each line (the lone queen when the count is 1).
    pub(super) xcol: Vec<u32>,
    pub(super) xd1: Vec<u32>,
    pub(super) xd2: Vec<u32>,
    pub(super) set: Option<RowSet>,
    /// Attacking pairs: sum over lines of k(k-1)/2.
    pub(super) total: u64,
    /// With tabu: the column each row's queen last left, and the move number until which it is
    /// forbidden to return there.
    pub(super) tabu_col: Vec<u32>,
    pub(super) tabu_until: Vec<u64>,
    pub(super) scratch: Vec<u32>,
}

impl MinConflicts {
    pub(super) fn new(n: usize, o: &Options) -> Self {
        let xor = |len: usize| {
            if o.maintain_conflict_set {
                vec![0; len]
            } else {
                Vec::new()
            }
        };
        MinConflicts {
            n,
            greedy: o.greedy,
            noise: o.noise,
            tabu_tenure: o.tabu,
            placed: false,
            queens: vec![0; n],
            col: vec![0; n],
            d1: vec![0; 2 * n - 1],
            d2: vec![0; 2 * n - 1],
            xcol: xor(n),
            xd1: xor(2 * n - 1),
            xd2: xor(2 * n - 1),
            set: o.maintain_conflict_set.then(|| RowSet::new(n)),
            total: 0,
            tabu_col: if o.tabu > 0 {
                vec![u32::MAX; n]
            } else {
                Vec::new()
            },
            tabu_until: if o.tabu > 0 { vec![0; n] } else { Vec::new() },
            scratch: Vec::new(),
        }
    }

    #[inline]
    pub(super) fn lines(&self, row: usize, c: usize) -> (usize, usize, usize) {
        (c, row + self.n - 1 - c, row + c)
    }

    /// Queens attacking square (row, c), not counting a queen standing on it.
    #[inline]
    pub(super) fn attacks(&self, row: usize, c: usize) -> u32 {
        let (a, b, d) = self.lines(row, c);
        self.col[a] + self.d1[b] + self.d2[d]
    }

    /// Conflicts of the queen of `row` (the other queens attacking it).
    #[inline]
    pub(super) fn conflicts(&self, row: usize) -> u32 {
        self.attacks(row, self.queens[row] as usize) - 3
    }

    pub(super) fn add(&mut self, row: usize, c: usize) {
        let (a, b, d) = self.lines(row, c);
        self.total += (self.col[a] + self.d1[b] + self.d2[d]) as u64;
        self.col[a] += 1;
        self.d1[b] += 1;
        self.d2[d] += 1;
        if self.set.is_some() {
            let r = row as u32;
            self.xcol[a] ^= r;
            self.xd1[b] ^= r;
            self.xd2[d] ^= r;
        }
    }

    pub(super) fn remove(&mut self, row: usize, c: usize) {
        let (a, b, d) = self.lines(row, c);
        self.col[a] -= 1;
        self.d1[b] -= 1;
        self.d2[d] -= 1;
        self.total -= (self.col[a] + self.d1[b] + self.d2[d]) as u64;
        if self.set.is_some() {
            let r = row as u32;
            self.xcol[a] ^= r;
            self.xd1[b] ^= r;
            self.xd2[d] ^= r;
        }
    }

    /// Puts the conflict-set membership of `row` right.
    pub(super) fn refresh(&mut self, row: u32) {
        let conflicted = self.conflicts(row as usize) > 0;
        if let Some(set) = &mut self.set {
            set.set(row, conflicted);
        }
    }

    /// A fresh placement (random, or greedy over a sample), replacing whatever is on the board.
    pub(super) fn place_all(&mut self, rng: &mut Rng) {
        let n = self.n;
        self.col.fill(0);
        self.d1.fill(0);
        self.d2.fill(0);
        self.xcol.fill(0);
        self.xd1.fill(0);
        self.xd2.fill(0);
        self.total = 0;
        for row in 0..n {
            let c = if self.greedy {
                self.scratch.clear();
                let mut best = u32::MAX;
                for _ in 0..GREEDY_SAMPLE.min(n) {
                    let c = rng.index(n);
                    let k = self.attacks(row, c);
                    if k < best {
                        best = k;
                        self.scratch.clear();
                    }
                    if k == best {
                        self.scratch.push(c as u32);
                    }
                }
                let pick = if self.scratch.len() == 1 {
                    0
                } else {
                    rng.index(self.scratch.len())
                };
                self.scratch[pick] as usize
            } else {
                rng.index(n)
            };
            self.queens[row] = c as u32;
            self.add(row, c);
        }
        if let Some(set) = &mut self.set {
            set.clear();
        }
        if self.set.is_some() {
            for row in 0..n as u32 {
                self.refresh(row);
            }
        }
        self.tabu_col.fill(u32::MAX);
        self.tabu_until.fill(0);
        self.placed = true;
    }

    /// A uniformly random conflicted row (there is one: the caller checked `total > 0`).
    pub(super) fn pick_row(&mut self, rng: &mut Rng) -> usize {
        if let Some(set) = &self.set {
            return set.members[rng.index(set.members.len())] as usize;
        }
        self.scratch.clear();
        for row in 0..self.n {
            if self.conflicts(row) > 0 {
                self.scratch.push(row as u32);
            }
        }
        self.scratch[rng.index(self.scratch.len())] as usize
    }

    /// One move; `step` is the move's number in the run (for tabu).
    pub(super) fn one_move<S: Sink<Event>>(&mut self, after: Stats, rng: &mut Rng, sink: &mut S) {
        let step = after.moves;
        // The pick is the first half of this move: the move is counted on its `RepairMove`.
        let picking = Stats {
            nodes: after.nodes - 1,
            moves: after.moves - 1,
            ..after
        };
        let n = self.n;
        let row = self.pick_row(rng);
        let from = self.queens[row] as usize;
        let before = self.conflicts(row);
        let tabu = (self.tabu_tenure > 0 && step <= self.tabu_until[row])
            .then(|| self.tabu_col[row])
            .filter(|&c| c != u32::MAX);
        let noisy = self.noise > 0.0 && rng.unit() < self.noise;
        let to = if noisy {
            let c = rng.index(n - 1);
            if c >= from {
                c + 1
            } else {
                c
            }
        } else {
            // The article's rule: the least-conflicted column other than the current one.
            self.scratch.clear();
            let mut best = u32::MAX;
            for c in 0..n {
                if c == from || tabu == Some(c as u32) {
                    continue;
                }
                let k = self.attacks(row, c);
                if k < best {
                    best = k;
                    self.scratch.clear();
                }
                if k == best {
                    self.scratch.push(c as u32);
                }
            }
            let pick = if self.scratch.len() == 1 {
                0
            } else {
                rng.index(self.scratch.len())
            };
            self.scratch[pick] as usize
        };
        if S::ENABLED {
            let (candidates, counts) = if n <= PICK_DETAIL_MAX_N {
                (0..n)
                    .filter(|&c| c != from)
                    .map(|c| (c as u32, self.attacks(row, c)))
                    .unzip()
            } else {
                (Vec::new(), Vec::new())
            };
            let best = if noisy {
                Vec::new()
            } else {
                self.scratch.clone()
            };
            sink.emit(
                Event::RepairPick {
                    row: row as u32,
                    col: from as u32,
                    conflicts: before,
                    candidates,
                    counts,
                    best,
                    tabu,
                    why: format!(
                        "Row {}: its queen on column {} is attacked by {}",
                        row + 1,
                        from + 1,
                        plural(before as u64, "queen")
                    ),
                },
                picking,
            );
        }
        let total_before = self.total;
        self.remove(row, from);
        self.queens[row] = to as u32;
        self.add(row, to);
        if self.tabu_tenure > 0 {
            self.tabu_col[row] = from as u32;
            self.tabu_until[row] = step + self.tabu_tenure as u64;
        }
        if self.set.is_some() {
            self.update_set(row, from, to);
        }
        if S::ENABLED {
            let conflicts_after = self.conflicts(row);
            sink.emit(
                Event::RepairMove {
                    row: row as u32,
                    from: from as u32,
                    to: to as u32,
                    conflicts_before: before,
                    conflicts_after,
                    total_before,
                    total_after: self.total,
                    reason: if noisy {
                        MoveReason::Noise
                    } else {
                        MoveReason::MinConflicts
                    },
                    why: if noisy {
                        format!(
                            "Random walk: row {} moves to column {} ({})",
                            row + 1,
                            to + 1,
                            plural(conflicts_after as u64, "conflict")
                        )
                    } else if self.scratch.len() > 1 {
                        // A tie is the lesson of random tie-breaking: say which columns tied.
                        format!(
                            "Row {} moves to column {}, drawn at random among the {} columns tied at {}: {}",
                            row + 1,
                            to + 1,
                            self.scratch.len(),
                            plural(conflicts_after as u64, "conflict"),
                            column_list(&self.scratch)
                        )
                    } else {
                        format!(
                            "Row {} moves to column {}, its one least-conflicted other column ({})",
                            row + 1,
                            to + 1,
                            plural(conflicts_after as u64, "conflict")
                        )
                    },
                },
                after,
            );
        }
    }

    /// After the queen of `row` went from `from` to `to`: the queens whose conflicted status can
    /// change are the lone queen left on an old line and the queen that was alone on a new line.
    pub(super) fn update_set(&mut self, row: usize, from: usize, to: usize) {
        let (a, b, d) = self.lines(row, from);
        for (count, xor) in [
            (self.col[a], self.xcol[a]),
            (self.d1[b], self.xd1[b]),
            (self.d2[d], self.xd2[d]),
        ] {
            if count == 1 {
                self.refresh(xor);
            }
        }
        let (a, b, d) = self.lines(row, to);
        for (count, xor) in [
            (self.col[a], self.xcol[a]),
            (self.d1[b], self.xd1[b]),
            (self.d2[d], self.xd2[d]),
        ] {
            if count == 2 {
                self.refresh(xor ^ row as u32);
            }
        }
        self.refresh(row as u32);
    }
}

/// "3, 5 and 8" (1-based), the first few of a long list then "and K more".
fn column_list(cols: &[u32]) -> String {
    const SHOWN: usize = 6;
    let names: Vec<String> = cols
        .iter()
        .take(SHOWN)
        .map(|c| (c + 1).to_string())
        .collect();
    match cols.len() {
        0 => String::new(),
        1 => names[0].clone(),
        k if k <= SHOWN => format!("{} and {}", names[..k - 1].join(", "), names[k - 1]),
        k => format!("{} and {} more", names.join(", "), k - SHOWN),
    }
}
