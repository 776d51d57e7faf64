//! N-Queens by the source article's first, naive backtracking: one record array `placed[row]`
//! holds each row's queen, and a square is tried by checking it against every queen above
//! (same column, or as many columns apart as rows apart).
//!
//! Kept beside the bitmask machine ([`super::backtrack`]) for teaching: it searches the same tree
//! in the same order (lowest column first), so its nodes, backtracks, solutions and even its
//! events are the bitmask machine's, only each square costs a scan of the rows above instead of
//! one mask test. A *node* is one queen placed. The events are [`super::backtrack::Event`]s, so
//! the page animates both machines with one reducer.

use super::backtrack::{is_canonical, Event, Options};
use super::MAX_BACKTRACK_N;
use crate::engine::{Budget, Machine, Sink, Stats, Status};

/// The naive machine.
#[derive(Clone, Debug)]
pub struct Naive {
    n: usize,
    options: Options,
    /// Queens placed so far = the row being filled next.
    depth: usize,
    /// The record array: the column of each row's queen (valid below `depth`).
    placed: Vec<u32>,
    /// Per row: the first column not tried yet.
    next: Vec<u32>,
    stats: Stats,
    fundamental: u64,
    scratch: Vec<u32>,
    solutions: Vec<Vec<usize>>,
    /// The row was just entered and its `attacked` event is still owed to the sink.
    announce: bool,
    finished: Option<Status>,
}

impl Naive {
    /// A search for `n` queens; `n` must be in `1..=64` (the bitmask machine's range, so the two
    /// can always be compared).
    pub fn new(n: usize, options: Options) -> Result<Self, String> {
        if !(1..=MAX_BACKTRACK_N).contains(&n) {
            return Err(format!(
                "queens: naive backtracking supports N from 1 to {MAX_BACKTRACK_N}, got {n}"
            ));
        }
        Ok(Naive {
            n,
            options,
            depth: 0,
            placed: vec![0; n],
            next: vec![0; n + 1],
            stats: Stats::default(),
            fundamental: 0,
            scratch: vec![0; n],
            solutions: Vec::new(),
            announce: true,
            finished: None,
        })
    }

    /// The board size N.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Fundamental solutions counted so far (only with `Options::fundamental`).
    pub fn fundamental_solutions(&self) -> u64 {
        self.fundamental
    }

    /// The queens on the board right now, row by row (`None` for rows still empty).
    pub fn board(&self) -> Vec<Option<usize>> {
        (0..self.n)
            .map(|r| (r < self.depth).then(|| self.placed[r] as usize))
            .collect()
    }

    /// The article's validity check: the first row above `row` whose queen attacks `(row, col)`.
    fn attacker(&self, row: usize, col: u32) -> Option<usize> {
        (0..row).find(|&r| {
            let q = self.placed[r];
            q == col || (row - r) as u32 == q.abs_diff(col)
        })
    }

    fn attacked_event(&self, row: usize) -> Event {
        let (mut cols, mut by) = (Vec::new(), Vec::new());
        for c in 0..self.n as u32 {
            if let Some(r) = self.attacker(row, c) {
                cols.push(c);
                by.push(r as u32);
            }
        }
        Event::attacked(row, self.n, cols, by)
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

impl Machine for Naive {
    type Event = Event;
    type Solution = Vec<usize>;

    fn run<S: Sink<Event>>(&mut self, budget: &mut Budget, sink: &mut S) -> Status {
        if let Some(status) = self.finished {
            return status;
        }
        let n = self.n as u32;
        loop {
            let d = self.depth;
            if d == self.n {
                self.record_solution();
                if S::ENABLED {
                    sink.emit(Event::solution(&self.placed), self.stats());
                }
                if self.stats.solutions >= self.options.limit {
                    self.finished = Some(Status::LimitReached);
                    return Status::LimitReached;
                }
                self.depth -= 1;
                if S::ENABLED {
                    sink.emit(
                        Event::remove(self.depth, self.placed[self.depth]),
                        self.stats(),
                    );
                }
                continue;
            }
            if S::ENABLED && self.announce {
                self.announce = false;
                if d > 0 {
                    sink.emit(self.attacked_event(d), self.stats());
                }
            }
            // Try the columns in order; each is checked against every queen above.
            let mut c = self.next[d];
            while c < n && self.attacker(d, c).is_some() {
                c += 1;
            }
            if c == n {
                if d == 0 {
                    if S::ENABLED {
                        sink.emit(Event::exhausted(), self.stats());
                    }
                    self.finished = Some(Status::Exhausted);
                    return Status::Exhausted;
                }
                self.stats.backtracks += 1;
                self.depth -= 1;
                if S::ENABLED {
                    // Row d still holds its queen until the remove that follows.
                    let held = Stats {
                        depth: d as u32,
                        ..self.stats()
                    };
                    sink.emit(Event::backtrack(d), held);
                    sink.emit(
                        Event::remove(self.depth, self.placed[self.depth]),
                        self.stats(),
                    );
                }
                continue;
            }
            // The checks above only read the board, so remembering `c` loses nothing if the
            // budget says stop here.
            self.next[d] = c;
            if !budget.take() {
                return Status::Paused;
            }
            self.next[d] = c + 1;
            self.placed[d] = c;
            self.stats.nodes += 1;
            self.next[d + 1] = 0;
            self.depth = d + 1;
            self.announce = true;
            if S::ENABLED {
                sink.emit(Event::place(d, c), self.stats());
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

/// The article's naive counter as the page runs it in a worker: the naive machine counting every
/// placement (and its symmetry classes) without events, resumable at a node limit like
/// [`super::count::TaskCounter`], so a worker can report progress and be stopped between chunks.
/// One sequential search (the article's version), so it is one task, not a split.
#[derive(Clone, Debug)]
pub struct NaiveCounter {
    machine: Naive,
    done: bool,
}

impl NaiveCounter {
    /// A count of `n` queens from the start (N from 1 to the backtracking limit).
    pub fn new(n: usize) -> Result<Self, String> {
        Ok(NaiveCounter {
            machine: Naive::new(n, Options::count())?,
            done: false,
        })
    }

    /// Counts on until the search is done (true) or `limit` nodes in all were placed (false).
    pub fn run(&mut self, limit: u64) -> bool {
        if !self.done {
            let more = limit.saturating_sub(self.machine.stats.nodes);
            self.done = self
                .machine
                .run(&mut Budget::nodes(more), &mut crate::engine::NoEvents)
                .is_done();
        }
        self.done
    }

    /// What the count found so far: placements, symmetry classes (`unique`) and nodes.
    pub fn counts(&self) -> super::count::Counts {
        super::count::Counts {
            solutions: self.machine.stats.solutions,
            unique: self.machine.fundamental,
            nodes: self.machine.stats.nodes,
        }
    }

    /// How far the search is, from 0 to 1, read from the first rows as digits in base N (the
    /// search sweeps row 0's columns left to right, row 1's within each, …): the queens placed, then
    /// the columns already done in the row being filled. It never goes back, but subtrees differ in
    /// size, so it only estimates the time left.
    pub fn fraction(&self) -> f64 {
        if self.done {
            return 1.0;
        }
        const ROWS: usize = 4;
        let m = &self.machine;
        let n = m.n as f64;
        let (mut f, mut scale) = (0.0, 1.0 / n);
        for &c in m.placed.iter().take(m.depth.min(ROWS)) {
            f += c as f64 * scale;
            scale /= n;
        }
        if m.depth < ROWS {
            f += m.next[m.depth] as f64 * scale;
        }
        f.clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{NoEvents, Trace};
    use crate::puzzles::queens::backtrack::Backtrack;
    use crate::puzzles::queens::check_placement;

    #[test]
    fn counts_match_the_known_sequences() {
        // OEIS A000170 and A002562.
        let total = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
        let unique = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92];
        for n in 1..=10 {
            let mut m = Naive::new(n, Options::count()).unwrap();
            let status = m.run(&mut Budget::unlimited(), &mut NoEvents);
            assert_eq!(status, Status::Exhausted);
            assert_eq!(m.stats().solutions, total[n - 1], "n = {n}");
            assert_eq!(m.fundamental_solutions(), unique[n - 1], "n = {n}");
        }
    }

    #[test]
    fn searches_the_bitmask_machines_tree_event_for_event() {
        for n in 1..=7 {
            let mut a = Naive::new(n, Options::count()).unwrap();
            let mut b = Backtrack::new(n, Options::count()).unwrap();
            let (mut ta, mut tb) = (Trace::default(), Trace::default());
            a.run(&mut Budget::unlimited(), &mut ta);
            b.run(&mut Budget::unlimited(), &mut tb);
            assert_eq!(ta.events, tb.events, "n = {n}");
            assert_eq!(a.stats(), b.stats(), "n = {n}");
        }
    }

    #[test]
    fn one_node_at_a_time_ends_where_a_single_run_does() {
        let mut whole = Naive::new(8, Options::all(1000)).unwrap();
        whole.run(&mut Budget::unlimited(), &mut NoEvents);
        let mut stepped = Naive::new(8, Options::all(1000)).unwrap();
        while !stepped.run(&mut Budget::nodes(1), &mut NoEvents).is_done() {}
        assert_eq!(stepped.stats(), whole.stats());
        assert_eq!(stepped.solutions(), whole.solutions());
        for s in stepped.solutions() {
            check_placement(8, s).unwrap();
        }
    }

    #[test]
    fn first_solution_and_range() {
        let mut m = Naive::new(8, Options::first()).unwrap();
        assert_eq!(
            m.run(&mut Budget::unlimited(), &mut NoEvents),
            Status::LimitReached
        );
        assert_eq!(m.solutions()[0], vec![0, 4, 7, 5, 2, 6, 1, 3]);
        for n in [0, 65] {
            assert!(Naive::new(n, Options::first())
                .unwrap_err()
                .contains("1 to 64"));
        }
    }

    #[test]
    fn the_counter_pauses_resumes_and_matches_a_whole_run() {
        for n in 1..=9 {
            let mut whole = Naive::new(n, Options::count()).unwrap();
            whole.run(&mut Budget::unlimited(), &mut NoEvents);
            let mut c = NaiveCounter::new(n).unwrap();
            let (mut limit, mut last) = (0, 0.0);
            while !c.run(limit) {
                assert!(c.counts().nodes <= limit, "n = {n}");
                let f = c.fraction();
                assert!((last..1.0).contains(&f), "n = {n}: {f} after {last}");
                last = f;
                limit += 7;
            }
            assert_eq!(c.fraction(), 1.0);
            let counts = c.counts();
            assert_eq!(counts.solutions, whole.stats().solutions, "n = {n}");
            assert_eq!(counts.unique, whole.fundamental_solutions(), "n = {n}");
            assert_eq!(counts.nodes, whole.stats().nodes, "n = {n}");
        }
        assert!(NaiveCounter::new(65).unwrap_err().contains("1 to 64"));
    }
}
