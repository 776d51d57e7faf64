//! N-Queens by backtracking, row by row, with bitmasks (the source article's accelerated version).
//!
//! For each row the free squares are `all & !(cols | ld | rd)`: `cols` has a bit for every column
//! already used, `ld`/`rd` for the squares the placed queens attack along the two diagonals in
//! *this* row (shifted by one each row down). The lowest free bit is tried first, so the search
//! order — and the node count — is the article's.
//!
//! The recursion of the article is unrolled into explicit per-row stacks so the search can stop
//! after any node and resume ([`crate::engine::Machine`]). A *node* is one queen placed.
//!
//! Events (all invertible by the viewer): `place` / `remove` a queen; `attacked` lists the squares
//! of the row being entered that the queens above attack (so the page can mark conflicts);
//! `backtrack` says a row ran out of columns; `solution`; `exhausted`.

use serde::Serialize;

use super::MAX_BACKTRACK_N;
use crate::engine::{Budget, Machine, Sink, Stats, Status};

/// What the search should do about solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Stop after this many solutions (`u64::MAX`: count them all).
    pub limit: u64,
    /// Keep at most this many solutions in memory (counting needs none).
    pub keep: usize,
    /// Also count fundamental solutions (distinct under the board's 8 rotations and reflections).
    pub fundamental: bool,
}

impl Options {
    /// Stop at the first solution.
    pub fn first() -> Self {
        Options {
            limit: 1,
            keep: 1,
            fundamental: false,
        }
    }
    /// Find up to `limit` solutions and keep them all.
    pub fn all(limit: u64) -> Self {
        Options {
            limit,
            keep: limit.min(1 << 20) as usize,
            fundamental: false,
        }
    }
    /// Count every solution, keeping none.
    pub fn count() -> Self {
        Options {
            limit: u64::MAX,
            keep: 0,
            fundamental: true,
        }
    }
}

/// One change the backtracking search makes, with its reason. Every event carries `why`, the
/// sentence the page shows for it (1-based rows and columns), so no viewer words it again.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "BacktrackEvent"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Event {
    /// A queen is put on `(row, col)` (one search node).
    Place {
        /// 0-based row of the queen.
        row: u32,
        /// 0-based column of the queen.
        col: u32,
        /// The step as a sentence.
        why: String,
    },
    /// Entering `row`: these columns are attacked, each by the queen in the row given in `by`.
    Attacked {
        /// 0-based row being entered.
        row: u32,
        /// 0-based columns of `row` under attack.
        cols: Vec<u32>,
        /// For each of `cols`, in the same order, the 0-based row of a queen attacking it.
        by: Vec<u32>,
        /// The step as a sentence.
        why: String,
    },
    /// The queen on `(row, col)` is taken back to try the next column.
    Remove {
        /// 0-based row of the queen.
        row: u32,
        /// 0-based column it leaves.
        col: u32,
        /// The step as a sentence.
        why: String,
    },
    /// `row` has no column left; the search returns to the row above.
    Backtrack {
        /// 0-based row left without a column.
        row: u32,
        /// The step as a sentence.
        why: String,
    },
    /// All rows hold a queen: `columns[row]` is the column of each.
    Solution {
        /// `columns[row]`: 0-based column of each row's queen.
        columns: Vec<u32>,
        /// The step as a sentence.
        why: String,
    },
    /// Every branch was explored.
    Exhausted {
        /// The step as a sentence.
        why: String,
    },
}

impl Event {
    pub(crate) fn place(row: usize, col: u32) -> Event {
        Event::Place {
            row: row as u32,
            col,
            why: format!("row {}: queen on column {}", row + 1, col + 1),
        }
    }

    /// Entering `row` of an `n`-board: `cols` are attacked, each by the queen of row `by[i]`.
    pub(crate) fn attacked(row: usize, n: usize, cols: Vec<u32>, by: Vec<u32>) -> Event {
        let why = if cols.is_empty() {
            format!("row {}: no square is attacked", row + 1)
        } else {
            format!(
                "row {}: {} of {} squares are attacked by the queens above",
                row + 1,
                cols.len(),
                n
            )
        };
        Event::Attacked {
            row: row as u32,
            cols,
            by,
            why,
        }
    }

    pub(crate) fn remove(row: usize, col: u32) -> Event {
        Event::Remove {
            row: row as u32,
            col,
            why: format!("row {}: taking the queen off column {}", row + 1, col + 1),
        }
    }

    pub(crate) fn backtrack(row: usize) -> Event {
        Event::Backtrack {
            row: row as u32,
            why: format!(
                "dead end: row {} has no safe square, so back to row {}",
                row + 1,
                row
            ),
        }
    }

    pub(crate) fn solution(columns: &[u32]) -> Event {
        let words: Vec<String> = columns.iter().map(|c| (c + 1).to_string()).collect();
        Event::Solution {
            columns: columns.to_vec(),
            why: format!("solution: {}", words.join(" ")),
        }
    }

    pub(crate) fn exhausted() -> Event {
        Event::Exhausted {
            why: "every branch has been explored".into(),
        }
    }
}

/// The backtracking machine.
#[derive(Clone, Debug)]
pub struct Backtrack {
    n: usize,
    all: u64,
    options: Options,
    /// Queens placed so far = the row being filled next.
    depth: usize,
    /// Per row: attacked columns / left-diagonal / right-diagonal masks on entering the row.
    cols: Vec<u64>,
    ld: Vec<u64>,
    rd: Vec<u64>,
    /// Per row: the columns not tried yet.
    avail: Vec<u64>,
    /// Per row: the column of its queen (valid below `depth`).
    placed: Vec<u32>,
    stats: Stats,
    /// Solutions that are the smallest of their symmetry class (with `Options::fundamental`).
    fundamental: u64,
    /// Scratch space for the symmetry test.
    scratch: Vec<u32>,
    solutions: Vec<Vec<usize>>,
    /// The row was just entered and its `attacked` event is still owed to the sink.
    announce: bool,
    finished: Option<Status>,
}

impl Backtrack {
    /// A search for `n` queens; `n` must be in `1..=64`.
    pub fn new(n: usize, options: Options) -> Result<Self, String> {
        if !(1..=MAX_BACKTRACK_N).contains(&n) {
            return Err(format!(
                "queens: backtracking supports N from 1 to {MAX_BACKTRACK_N}, got {n} (use the repair algorithm for larger boards)"
            ));
        }
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut m = Backtrack {
            n,
            all,
            options,
            depth: 0,
            cols: vec![0; n + 1],
            ld: vec![0; n + 1],
            rd: vec![0; n + 1],
            avail: vec![0; n + 1],
            placed: vec![0; n],
            stats: Stats::default(),
            fundamental: 0,
            scratch: vec![0; n],
            solutions: Vec::new(),
            announce: true,
            finished: None,
        };
        m.avail[0] = all;
        Ok(m)
    }

    /// The board size N.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The queens on the board right now, row by row (`None` for rows still empty).
    pub fn board(&self) -> Vec<Option<usize>> {
        (0..self.n)
            .map(|r| (r < self.depth).then(|| self.placed[r] as usize))
            .collect()
    }

    /// Builds the `attacked` event for the row being entered: for each attacked column, the
    /// first queen above that attacks it. Only called when a sink records events.
    fn attacked_event(&self, row: usize) -> Event {
        let free = self.avail[row];
        let mut cols = Vec::new();
        let mut by = Vec::new();
        for c in 0..self.n {
            if free & (1u64 << c) != 0 {
                continue;
            }
            let attacker = (0..row).find(|&r| {
                let qc = self.placed[r] as usize;
                qc == c || row - r == qc.abs_diff(c)
            });
            if let Some(r) = attacker {
                cols.push(c as u32);
                by.push(r as u32);
            }
        }
        Event::attacked(row, self.n, cols, by)
    }

    /// Fundamental solutions counted so far (only with `Options::fundamental`).
    pub fn fundamental_solutions(&self) -> u64 {
        self.fundamental
    }

    fn record_solution(&mut self) {
        self.stats.solutions += 1;
        if self.options.fundamental && is_canonical(&self.placed, &mut self.scratch) {
            self.fundamental += 1;
        }
        if self.solutions.len() < self.options.keep {
            self.solutions
                .push(self.placed.iter().map(|&c| c as usize).collect());
        }
    }
}

impl Machine for Backtrack {
    type Event = Event;
    type Solution = Vec<usize>;

    fn run<S: Sink<Event>>(&mut self, budget: &mut Budget, sink: &mut S) -> Status {
        if let Some(status) = self.finished {
            return status;
        }
        loop {
            let d = self.depth;
            if d == self.n {
                // A full board. Record it, then undo the last queen to look for the next one.
                self.record_solution();
                if S::ENABLED {
                    sink.emit(Event::solution(&self.placed), self.stats());
                }
                if self.stats.solutions >= self.options.limit {
                    // Leave the last solution on the board for the viewer.
                    self.finished = Some(Status::LimitReached);
                    return Status::LimitReached;
                }
                self.depth -= 1;
                let row = self.depth;
                if S::ENABLED {
                    sink.emit(Event::remove(row, self.placed[row]), self.stats());
                }
                continue;
            }
            if S::ENABLED && self.announce {
                self.announce = false;
                if d > 0 {
                    sink.emit(self.attacked_event(d), self.stats());
                }
            }
            if self.avail[d] == 0 {
                if d == 0 {
                    if S::ENABLED {
                        sink.emit(Event::exhausted(), self.stats());
                    }
                    self.finished = Some(Status::Exhausted);
                    return Status::Exhausted;
                }
                // Dead end: go back to the row above and take its queen away.
                self.stats.backtracks += 1;
                self.depth -= 1;
                let row = self.depth;
                if S::ENABLED {
                    // Row d still holds its queen until the remove that follows.
                    let held = Stats {
                        depth: d as u32,
                        ..self.stats()
                    };
                    sink.emit(Event::backtrack(d), held);
                    sink.emit(Event::remove(row, self.placed[row]), self.stats());
                }
                continue;
            }
            if !budget.take() {
                return Status::Paused;
            }
            let bit = self.avail[d] & self.avail[d].wrapping_neg();
            self.avail[d] ^= bit;
            let col = bit.trailing_zeros();
            self.placed[d] = col;
            self.stats.nodes += 1;
            let next = d + 1;
            self.cols[next] = self.cols[d] | bit;
            self.ld[next] = ((self.ld[d] | bit) << 1) & self.all;
            self.rd[next] = (self.rd[d] | bit) >> 1;
            self.avail[next] = self.all & !(self.cols[next] | self.ld[next] | self.rd[next]);
            self.depth = next;
            self.announce = true;
            if S::ENABLED {
                sink.emit(Event::place(d, col), self.stats());
            }
        }
    }

    fn stats(&self) -> Stats {
        Stats {
            depth: self.depth as u32,
            ..self.stats
        }
    }

    fn solutions(&self) -> &[Vec<usize>] {
        &self.solutions
    }
}

/// True when `p` (column per row) is lexicographically smallest among its 8 images under the
/// rotations and reflections of the square, so each symmetry class is counted exactly once.
pub(crate) fn is_canonical(p: &[u32], q: &mut [u32]) -> bool {
    let n = p.len();
    let m = n as u32 - 1;
    // Each map sends the queen at (r, c) to a new square; writing q[row] = col builds the image.
    type Map = fn(u32, u32, u32) -> (u32, u32);
    const MAPS: [Map; 7] = [
        |r, c, m| (r, m - c),     // mirror left-right
        |r, c, m| (m - r, c),     // mirror top-bottom
        |r, c, m| (m - r, m - c), // half turn
        |r, c, _| (c, r),         // main diagonal
        |r, c, m| (m - c, m - r), // anti-diagonal
        |r, c, m| (c, m - r),     // quarter turn
        |r, c, m| (m - c, r),     // three-quarter turn
    ];
    for map in MAPS {
        for (r, &c) in p.iter().enumerate() {
            let (r2, c2) = map(r as u32, c, m);
            q[r2 as usize] = c2;
        }
        if q[..n] < *p {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{NoEvents, Trace};
    use crate::puzzles::queens::check_placement;

    fn count(n: usize) -> u64 {
        let mut m = Backtrack::new(n, Options::count()).unwrap();
        assert_eq!(
            m.run(&mut Budget::unlimited(), &mut NoEvents),
            Status::Exhausted
        );
        m.stats().solutions
    }

    #[test]
    fn counts_match_the_known_sequence() {
        // OEIS A000170.
        let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680];
        for (i, &k) in known.iter().enumerate() {
            assert_eq!(count(i + 1), k, "n = {}", i + 1);
        }
    }

    #[test]
    fn fundamental_counts_match_the_known_sequence() {
        // OEIS A002562.
        let known = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341];
        for (i, &k) in known.iter().enumerate() {
            let mut m = Backtrack::new(i + 1, Options::count()).unwrap();
            m.run(&mut Budget::unlimited(), &mut NoEvents);
            assert_eq!(m.fundamental_solutions(), k, "n = {}", i + 1);
        }
    }

    #[test]
    fn every_solution_found_is_valid_and_distinct() {
        let mut m = Backtrack::new(8, Options::all(1000)).unwrap();
        assert_eq!(
            m.run(&mut Budget::unlimited(), &mut NoEvents),
            Status::Exhausted
        );
        let sols = m.solutions();
        assert_eq!(sols.len(), 92);
        for s in sols {
            check_placement(8, s).unwrap();
        }
        let mut dedup = sols.to_vec();
        dedup.sort();
        dedup.dedup();
        assert_eq!(dedup.len(), 92);
    }

    #[test]
    fn first_solutions_are_valid_and_in_lowest_column_first_order() {
        for n in [1, 4, 5, 8, 12, 20, 24] {
            let mut m = Backtrack::new(n, Options::first()).unwrap();
            let status = m.run(&mut Budget::unlimited(), &mut NoEvents);
            assert_eq!(status, Status::LimitReached, "n = {n}");
            check_placement(n, &m.solutions()[0]).unwrap();
            // The board is left showing the solution.
            let board: Vec<usize> = m.board().into_iter().map(|c| c.unwrap()).collect();
            assert_eq!(board, m.solutions()[0]);
        }
        // The lexicographically first 8-queens solution, which lowest-bit-first search must find.
        let mut m = Backtrack::new(8, Options::first()).unwrap();
        m.run(&mut Budget::unlimited(), &mut NoEvents);
        assert_eq!(m.solutions()[0], vec![0, 4, 7, 5, 2, 6, 1, 3]);
    }

    #[test]
    fn no_solution_is_a_clear_answer() {
        for n in [2, 3] {
            let mut m = Backtrack::new(n, Options::first()).unwrap();
            assert_eq!(
                m.run(&mut Budget::unlimited(), &mut NoEvents),
                Status::Exhausted
            );
            assert!(m.solutions().is_empty());
        }
    }

    #[test]
    fn out_of_range_is_an_error_naming_the_range() {
        for n in [0, 65] {
            let e = Backtrack::new(n, Options::first()).unwrap_err();
            assert!(e.contains("1 to 64"), "{e}");
        }
    }

    #[test]
    fn attacked_squares_are_really_attacked() {
        let mut m = Backtrack::new(6, Options::first()).unwrap();
        let mut trace = Trace::default();
        m.run(&mut Budget::unlimited(), &mut trace);
        let mut board: Vec<Option<u32>> = vec![None; 6];
        for e in &trace.events {
            match e {
                Event::Place { row, col, .. } => board[*row as usize] = Some(*col),
                Event::Remove { row, .. } => board[*row as usize] = None,
                Event::Attacked { row, cols, by, .. } => {
                    for (c, r) in cols.iter().zip(by) {
                        let qc = board[*r as usize].expect("attacker is on the board");
                        assert!(qc == *c || row - r == qc.abs_diff(*c));
                    }
                }
                _ => {}
            }
        }
    }
}
