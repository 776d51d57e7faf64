//! Sudoku as exact cover, solved by Knuth's Algorithm X with dancing links: the second
//! algorithm, so a class sees exact cover against propagation on the same puzzle.
//!
//! The matrix: one *option* per (cell, value), N³ of them; one *constraint* (a column, in
//! Knuth's words) per cell ("row 1, column 2 needs a value"), per row and value ("row 1 needs a
//! 5"), per column and value and per box and value, 4N² of them. Each option satisfies four
//! constraints; a solution is a set of options that satisfies every constraint exactly once.
//! The givens are chosen first. Then, at each level, the constraint with the fewest options left
//! (Knuth's choice, the first such in the order above), each of its options in turn: choosing one
//! *covers* its four constraints (every other option sharing one leaves the matrix), withdrawing
//! it *uncovers* them in the reverse order, which the links make exact.
//!
//! Counters: a node is one option tried by the search (givens are not nodes), a backtrack one
//! option withdrawn. Unlike the propagation solver, a constraint with one option left is a level
//! of its own here, so the node counts are higher for the same tree (see BENCHMARKS.md).

use serde::Serialize;

use super::{Grid, Puzzle};
use crate::engine::{Budget, Machine, Sink, Stats, Status};

use super::solve::Change;

/// What the exact-cover search tells the viewer; every sentence is 1-based. Each event that
/// changes the candidates carries the changes ([`Change`]: a cell's values before and after,
/// where a placed cell shows its value alone), so a viewer can step back from the event alone.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SudokuDlxEvent"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Event {
    /// A given chosen before the search: its four constraints covered.
    #[serde(rename_all = "camelCase")]
    DlxGiven {
        /// 0-based row.
        row: u32,
        /// 0-based column.
        col: u32,
        /// The value.
        value: u8,
        /// Every cell whose candidates changed.
        changes: Vec<Change>,
        /// The sentence.
        why: String,
    },
    /// The search chooses an option of the constraint with the fewest.
    #[serde(rename_all = "camelCase")]
    DlxCover {
        /// 0-based row of the option's cell.
        row: u32,
        /// 0-based column of the option's cell.
        col: u32,
        /// The option's value.
        value: u8,
        /// The constraint branched on, 0-based, in the order of the module's note.
        constraint: u32,
        /// Which of its options this is, 1-based.
        option: u32,
        /// How many options it had when chosen.
        options: u32,
        /// Open levels, this one included.
        depth: u32,
        /// Every cell whose candidates changed.
        changes: Vec<Change>,
        /// The sentence.
        why: String,
    },
    /// The search withdraws an option (and, after its constraint's last one, the level).
    #[serde(rename_all = "camelCase")]
    DlxUncover {
        /// 0-based row of the option's cell.
        row: u32,
        /// 0-based column of the option's cell.
        col: u32,
        /// The option's value.
        value: u8,
        /// The constraint branched on.
        constraint: u32,
        /// Open levels left.
        depth: u32,
        /// Every cell whose candidates changed.
        changes: Vec<Change>,
        /// The sentence.
        why: String,
    },
    /// A constraint with no option left (or a given that clashes with an earlier one).
    #[serde(rename_all = "camelCase")]
    DlxDeadEnd {
        /// The constraint that cannot be met.
        constraint: u32,
        /// The sentence.
        why: String,
    },
    /// Every constraint met: a filled grid.
    #[serde(rename_all = "camelCase")]
    DlxSolution {
        /// The grid, row by row.
        grid: Vec<Vec<u8>>,
        /// 1 for the first solution found.
        number: u64,
    },
    /// The search is over.
    #[serde(rename_all = "camelCase")]
    DlxExhausted {
        /// Solutions found in the whole search.
        solutions: u64,
    },
}

/// One open level: the constraint branched on and the option being tried.
#[derive(Clone, Copy, Debug)]
struct Level {
    column: u32,
    node: u32,
    option: u32,
    options: u32,
}

/// What the next call does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// Givens not yet chosen.
    Start,
    /// Choose a constraint and its first option (or record a solution).
    Descend,
    /// Withdraw the option of the top level.
    Withdraw,
    /// Try the option now at the top level.
    Next,
    /// Done, with this status.
    Done(Status),
}

/// The exact-cover machine: the dancing links (one node per option and constraint, plus the
/// headers), the open levels, the board as the viewer sees it.
#[derive(Clone, Debug)]
pub struct Dlx {
    puzzle: Puzzle,
    n: usize,
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    /// The header of each node's constraint (headers are nodes `1..=4N²`, root 0).
    head: Vec<u32>,
    /// Options left in each constraint, by header.
    size: Vec<u32>,
    /// The option (cell × N + value - 1) of each option node.
    option_of: Vec<u32>,
    /// Values still possible in each cell (bit `v-1`): options still in the matrix.
    cand: Vec<u32>,
    /// The value chosen for each cell (given or tried), 0 if none.
    placed: Vec<u8>,
    levels: Vec<Level>,
    mode: Mode,
    limit: u64,
    stats: Stats,
    solutions: Vec<Grid>,
}

impl Dlx {
    /// A machine for `puzzle` (checked), stopping after `limit` solutions (2 proves uniqueness).
    pub fn new(puzzle: &Puzzle, limit: u64) -> Result<Self, String> {
        puzzle.validate()?;
        let n = puzzle.n;
        let columns = 4 * n * n;
        let options = n * n * n;
        let total = 1 + columns + 4 * options;
        let mut d = Dlx {
            puzzle: puzzle.clone(),
            n,
            left: vec![0; total],
            right: vec![0; total],
            up: vec![0; total],
            down: vec![0; total],
            head: vec![0; total],
            size: vec![0; 1 + columns],
            option_of: vec![0; total],
            cand: vec![(1u32 << n) - 1; n * n],
            placed: vec![0; n * n],
            levels: Vec::new(),
            mode: Mode::Start,
            limit,
            stats: Stats::default(),
            solutions: Vec::new(),
        };
        // The header list, in constraint order, then each column's list empty.
        for h in 0..=columns {
            d.left[h] = if h == 0 { columns } else { h - 1 } as u32;
            d.right[h] = if h == columns { 0 } else { h + 1 } as u32;
            d.up[h] = h as u32;
            d.down[h] = h as u32;
            d.head[h] = h as u32;
        }
        // Each option's four nodes, in a ring, each appended at the foot of its column.
        for o in 0..options {
            let first = 1 + columns + 4 * o;
            for (k, c) in d.constraints(o).into_iter().enumerate() {
                let x = first + k;
                let h = 1 + c;
                d.left[x] = (first + (k + 3) % 4) as u32;
                d.right[x] = (first + (k + 1) % 4) as u32;
                d.head[x] = h as u32;
                d.option_of[x] = o as u32;
                d.up[x] = d.up[h];
                d.down[x] = h as u32;
                let above = d.up[h] as usize;
                d.down[above] = x as u32;
                d.up[h] = x as u32;
                d.size[h] += 1;
            }
        }
        Ok(d)
    }

    /// The puzzle being solved.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The four constraints (0-based) of option `o` = cell × N + value - 1.
    fn constraints(&self, o: usize) -> [usize; 4] {
        let n = self.n;
        let (cell, v) = (o / n, o % n);
        let (r, c) = (cell / n, cell % n);
        let b = self.puzzle.box_of(r, c);
        [
            cell,
            n * n + r * n + v,
            2 * n * n + c * n + v,
            3 * n * n + b * n + v,
        ]
    }

    /// A constraint in words ("row 1, column 2 needs a value", "box 3 needs a 5").
    fn constraint_name(&self, c: usize) -> String {
        let n = self.n;
        let (part, rest) = (c / (n * n), c % (n * n));
        let (a, v) = (rest / n + 1, rest % n + 1);
        match part {
            0 => format!("row {a}, column {} needs a value", rest % n + 1),
            1 => format!("row {a} needs a {v}"),
            2 => format!("column {a} needs a {v}"),
            _ => format!("box {a} needs a {v}"),
        }
    }

    /// The option of node `x` as (row, column, value).
    fn rcv(&self, x: u32) -> (u32, u32, u8) {
        let n = self.n;
        let o = self.option_of[x as usize] as usize;
        let cell = o / n;
        ((cell / n) as u32, (cell % n) as u32, (o % n + 1) as u8)
    }

    /// Takes constraint `c` (a header) out of the header list and every option that meets it
    /// out of every other constraint.
    fn cover(&mut self, c: u32) {
        let c = c as usize;
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut i = self.down[c] as usize;
        while i != c {
            let o = self.option_of[i] as usize;
            self.cand[o / self.n] &= !(1 << (o % self.n));
            let mut j = self.right[i] as usize;
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.size[self.head[j] as usize] -= 1;
                j = self.right[j] as usize;
            }
            i = self.down[i] as usize;
        }
    }

    /// Undoes [`Dlx::cover`] of `c`, exactly, in the reverse order.
    fn uncover(&mut self, c: u32) {
        let c = c as usize;
        let mut i = self.up[c] as usize;
        while i != c {
            let o = self.option_of[i] as usize;
            self.cand[o / self.n] |= 1 << (o % self.n);
            let mut j = self.left[i] as usize;
            while j != i {
                self.size[self.head[j] as usize] += 1;
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u as usize] = j as u32;
                self.up[d as usize] = j as u32;
                j = self.left[j] as usize;
            }
            i = self.up[i] as usize;
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = c as u32;
        self.left[r as usize] = c as u32;
    }

    /// Chooses the option of node `x`, whose own constraint is already covered: covers the
    /// other three and places its value.
    fn choose(&mut self, x: u32) {
        let mut j = self.right[x as usize];
        while j != x {
            self.cover(self.head[j as usize]);
            j = self.right[j as usize];
        }
        let o = self.option_of[x as usize] as usize;
        self.placed[o / self.n] = (o % self.n + 1) as u8;
    }

    /// Undoes [`Dlx::choose`] of `x`.
    fn withdraw(&mut self, x: u32) {
        let o = self.option_of[x as usize] as usize;
        self.placed[o / self.n] = 0;
        let mut j = self.left[x as usize];
        while j != x {
            self.uncover(self.head[j as usize]);
            j = self.left[j as usize];
        }
    }

    /// What the viewer sees of every cell: the placed value alone, or the values left.
    fn shown(&self) -> Vec<u32> {
        (0..self.n * self.n)
            .map(|cell| match self.placed[cell] {
                0 => self.cand[cell],
                v => 1 << (v - 1),
            })
            .collect()
    }

    /// The cells that differ between two views, as changes.
    fn changes(&self, before: &[u32]) -> Vec<Change> {
        let n = self.n;
        self.shown()
            .into_iter()
            .zip(before)
            .enumerate()
            .filter(|(_, (after, before))| after != *before)
            .map(|(cell, (after, &before))| Change {
                row: (cell / n) as u32,
                col: (cell % n) as u32,
                before,
                after,
            })
            .collect()
    }

    /// The grid of the options chosen.
    fn grid(&self) -> Vec<Vec<u8>> {
        self.placed.chunks(self.n).map(<[u8]>::to_vec).collect()
    }

    /// Knuth's choice: the constraint with the fewest options left, the first such.
    fn fewest(&self) -> u32 {
        let mut best = self.right[0];
        let mut j = best;
        while j != 0 {
            if self.size[j as usize] < self.size[best as usize] {
                best = j;
                if self.size[j as usize] == 0 {
                    break;
                }
            }
            j = self.right[j as usize];
        }
        best
    }

    /// Chooses the givens, in reading order; a given whose option has already left the matrix
    /// clashes with an earlier one, and the puzzle has no solution.
    fn start<S: Sink<Event>>(&mut self, sink: &mut S) -> Result<(), ()> {
        let n = self.n;
        for cell in 0..n * n {
            let v = self.puzzle.givens[cell];
            if v == 0 {
                continue;
            }
            let o = cell * n + v as usize - 1;
            let first = (1 + 4 * n * n + 4 * o) as u32;
            let (r, c) = (cell / n + 1, cell % n + 1);
            if self.cand[cell] & (1 << (v - 1)) == 0 {
                // Its first constraint already covered: the cell holds another given; else one
                // of its units already holds `v`.
                let hit = (0..4)
                    .map(|k| self.head[(first + k) as usize])
                    .find(|&h| {
                        let h = h as usize;
                        self.right[self.left[h] as usize] != h as u32
                    })
                    .unwrap_or(self.head[first as usize]);
                if S::ENABLED {
                    let name = self.constraint_name(hit as usize - 1);
                    sink.emit(
                        Event::DlxDeadEnd {
                            constraint: hit - 1,
                            why: format!(
                                "The given {v} at row {r}, column {c} cannot be chosen: '{name}' is already met by an earlier given, so the puzzle has no solution."
                            ),
                        },
                        self.stats,
                    );
                }
                return Err(());
            }
            let before = if S::ENABLED { self.shown() } else { Vec::new() };
            let removed = if S::ENABLED { self.options_left() } else { 0 };
            self.cover(self.head[first as usize]);
            self.choose(first);
            if S::ENABLED {
                let gone = removed - self.options_left();
                sink.emit(
                    Event::DlxGiven {
                        row: (r - 1) as u32,
                        col: (c - 1) as u32,
                        value: v,
                        changes: self.changes(&before),
                        why: format!(
                            "The given {v} at row {r}, column {c} is chosen: its four constraints are covered, and the {} other options that meet one of them leave the matrix.",
                            gone.saturating_sub(1)
                        ),
                    },
                    self.stats,
                );
            }
        }
        Ok(())
    }

    /// Options still in the matrix (tracing only: the sentences count what a choice removed).
    fn options_left(&self) -> u32 {
        self.cand.iter().map(|m| m.count_ones()).sum()
    }
}

impl Machine for Dlx {
    type Event = Event;
    type Solution = Grid;

    fn run<S: Sink<Event>>(&mut self, budget: &mut Budget, sink: &mut S) -> Status {
        loop {
            match self.mode {
                Mode::Done(status) => return status,
                Mode::Start => {
                    self.mode = match self.start(sink) {
                        Ok(()) => Mode::Descend,
                        Err(()) => Mode::Done(Status::Exhausted),
                    };
                    if self.mode == Mode::Done(Status::Exhausted) {
                        sink.emit(Event::DlxExhausted { solutions: 0 }, self.stats);
                    }
                }
                Mode::Descend => {
                    if self.right[0] == 0 {
                        self.stats.solutions += 1;
                        let grid = self.grid();
                        if S::ENABLED {
                            sink.emit(
                                Event::DlxSolution {
                                    grid: grid.clone(),
                                    number: self.stats.solutions,
                                },
                                self.stats,
                            );
                        }
                        self.solutions.push(Grid(grid));
                        if self.stats.solutions >= self.limit {
                            self.mode = Mode::Done(Status::LimitReached);
                        } else {
                            self.mode = Mode::Withdraw;
                        }
                        continue;
                    }
                    let c = self.fewest();
                    if self.size[c as usize] == 0 {
                        if S::ENABLED {
                            let name = self.constraint_name(c as usize - 1);
                            let mut s = name[..1].to_uppercase();
                            s.push_str(&name[1..]);
                            sink.emit(
                                Event::DlxDeadEnd {
                                    constraint: c - 1,
                                    why: if self.levels.is_empty() {
                                        format!("'{s}' has no option left once the givens are chosen: the puzzle has no solution.")
                                    } else {
                                        format!("'{s}' has no option left: a dead end, the last choice is withdrawn.")
                                    },
                                },
                                self.stats,
                            );
                        }
                        self.mode = Mode::Withdraw;
                        continue;
                    }
                    if !budget.take() {
                        return Status::Paused;
                    }
                    let before = if S::ENABLED { self.shown() } else { Vec::new() };
                    let left = if S::ENABLED { self.options_left() } else { 0 };
                    let options = self.size[c as usize];
                    self.cover(c);
                    let x = self.down[c as usize];
                    self.levels.push(Level {
                        column: c,
                        node: x,
                        option: 1,
                        options,
                    });
                    // The chosen option left the matrix with its constraint: not one of the others.
                    self.try_top(sink, before, left.saturating_sub(1));
                }
                Mode::Withdraw => {
                    let Some(&top) = self.levels.last() else {
                        self.mode = Mode::Done(Status::Exhausted);
                        sink.emit(
                            Event::DlxExhausted {
                                solutions: self.stats.solutions,
                            },
                            self.stats,
                        );
                        continue;
                    };
                    let before = if S::ENABLED { self.shown() } else { Vec::new() };
                    self.withdraw(top.node);
                    self.stats.backtracks += 1;
                    let next = self.down[top.node as usize];
                    let last = next == top.column;
                    if last {
                        self.uncover(top.column);
                        self.levels.pop();
                    } else {
                        let t = self.levels.last_mut().expect("the top level");
                        t.node = next;
                        t.option += 1;
                        self.mode = Mode::Next;
                    }
                    self.stats.depth = self.levels.len() as u32;
                    if S::ENABLED {
                        let (row, col, value) = self.rcv(top.node);
                        let name = self.constraint_name(top.column as usize - 1);
                        let then = if last {
                            format!("'{name}' has no option left to try: back up a level.")
                        } else {
                            format!("next, option {} of '{name}'.", top.option + 1)
                        };
                        sink.emit(
                            Event::DlxUncover {
                                row,
                                col,
                                value,
                                constraint: top.column - 1,
                                depth: self.stats.depth,
                                changes: self.changes(&before),
                                why: format!(
                                    "Withdraw {value} at row {}, column {}: its constraints are uncovered and the options they had removed come back; {then}",
                                    row + 1,
                                    col + 1
                                ),
                            },
                            self.stats,
                        );
                    }
                }
                Mode::Next => {
                    if !budget.take() {
                        return Status::Paused;
                    }
                    let before = if S::ENABLED { self.shown() } else { Vec::new() };
                    let left = if S::ENABLED { self.options_left() } else { 0 };
                    self.try_top(sink, before, left);
                }
            }
        }
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn solutions(&self) -> &[Grid] {
        &self.solutions
    }
}

impl Dlx {
    /// Chooses the option of the top level (its constraint already covered) and says so;
    /// `before` and `left` are the view and the count of other options before the choice.
    fn try_top<S: Sink<Event>>(&mut self, sink: &mut S, before: Vec<u32>, left: u32) {
        let top = *self.levels.last().expect("a level to try");
        self.choose(top.node);
        self.stats.nodes += 1;
        self.stats.depth = self.levels.len() as u32;
        self.mode = Mode::Descend;
        if S::ENABLED {
            let (row, col, value) = self.rcv(top.node);
            let name = self.constraint_name(top.column as usize - 1);
            let gone = left - self.options_left();
            let which = if top.options == 1 {
                format!("'{name}' has one option left")
            } else if top.option == 1 {
                format!(
                    "'{name}' has the fewest options ({}); try the first",
                    top.options
                )
            } else {
                format!("try option {} of {} of '{name}'", top.option, top.options)
            };
            sink.emit(
                Event::DlxCover {
                    row,
                    col,
                    value,
                    constraint: top.column - 1,
                    option: top.option,
                    options: top.options,
                    depth: self.stats.depth,
                    changes: self.changes(&before),
                    why: format!(
                        "{which}: {value} at row {}, column {}, which covers its constraints and removes {} other {}.",
                        row + 1,
                        col + 1,
                        gone,
                        if gone == 1 { "option" } else { "options" }
                    ),
                },
                self.stats,
            );
        }
    }
}

#[cfg(test)]
mod tests;
