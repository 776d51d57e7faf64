//! Counting every N-Queens solution fast: bitmask depth-first search over one representative of
//! each symmetry class, split into independent tasks.
//!
//! The square's 8 rotations and reflections act on the solutions. Two families are searched:
//!
//! - **Corner**: a queen on (0, 0). No two corners can both hold queens (they share a row, column
//!   or diagonal), and no solution is symmetric under the main-diagonal reflection (a queen pair
//!   (r, c), (c, r) shares an anti-diagonal), so each such class has 8 members, exactly two with a
//!   queen on (0, 0): a solution and its transpose. We keep the one whose queen in column 1 is in a
//!   lower row than the column `b1` of the queen in row 1, so rows `2..b1` may not use column 1.
//!   Every board found stands for 8 solutions.
//! - **Edge**: no corner queen. We keep the solution whose column list is the lexicographically
//!   smallest of its 8 images. Each image's row-0 queen comes from one of the four edge queens,
//!   so the representative's row-0 column `b1` is at most every edge queen's distance to a
//!   corner, which prunes: the queens in columns 0 and N-1 lie in rows `b1..=N-1-b1`, so those
//!   columns are closed above and below that band, and both must be used by row `N-1-b1`; the
//!   last row's queen lies in columns `b1..=N-1-b1`; and `2·b1 < N-1` (with `b1` the centre of an
//!   odd board, the top and left edge queens would share an anti-diagonal). What the pruning lets
//!   through is settled at the leaf by comparing with the 7 images; the number of images equal to
//!   the board gives its class size (8, 4 or 2 — reflections never fix a solution).
//!
//! `solutions` (OEIS A000170) adds the class sizes, `unique` (OEIS A002562) counts the classes.
//!
//! The work is split by the first rows into [`Task`]s ([`plan`]), pure data that any thread — or a
//! browser worker with its own wasm instance — counts on its own ([`TaskCounter`]); the sums of
//! the tasks' [`Counts`] plus the plan's own are the answer. The inner loop uses an explicit stack
//! of fixed arrays (no allocation, no recursion), handles the last two rows without pushing, and
//! can stop at a node budget and resume exactly where it stopped. A subtree that cannot exhaust
//! the budget left (bounded by the falling factorials of its free columns) is counted by plain
//! recursion with nothing kept for a pause, where nearly all nodes are counted (a subtree of the
//! last eight rows that might exhaust it is counted so too, and taken back if it did); its last
//! eight rows are one inlined function per depth (no call per queen), natively and in
//! WebAssembly alike (a subtree starts no lower than those rows, so the chain is compiled once
//! per family: +1.3 KB in the page's module), and its last three rows are looked up in a table
//! built once (`tail_table`), without a branch. Both loops drop a board as soon as its queens
//! attack every square of one of the next two rows, or (from row N-5 up) every allowed square
//! of the last row or, in the edge family, every square a still empty side column may take up
//! to the side deadline; the split
//! applies the same tests, so every split depth and every budget count the same tree and the
//! same nodes.
//!
//! # Example
//!
//! ```
//! use solvescope::puzzles::queens::count::{count, plan, TaskCounter};
//!
//! // Split N = 8 by its first two rows; every task could go to another thread or worker.
//! let p = plan(8, 2)?;
//! let mut total = p.base;
//! for task in &p.tasks {
//!     let mut counter = TaskCounter::new(task)?;
//!     // A task can pause at a node limit and continue from there.
//!     if !counter.run(5) {
//!         assert!(counter.run(u64::MAX));
//!     }
//!     total.add(&counter.counts());
//! }
//! assert_eq!((total.solutions, total.unique), (92, 12)); // OEIS A000170, A002562
//! // The same on this thread in one call (with the default split, so other node counts).
//! let again = count(8)?;
//! assert_eq!((again.solutions, again.unique), (92, 12));
//! # Ok::<(), String>(())
//! ```
//!
//! # Layout
//!
//! The files of this folder part along the jobs above: `symmetry.rs` the two families and their
//! pruning (`Rules`) and the class size of a board found; `plan.rs` the split into tasks and
//! their weights; `search.rs` counting one task ([`TaskCounter`]: the resumable loop, the
//! per-depth rows, the last three rows' table); `threads.rs` native threads sharing one node
//! budget and clock ([`count_native`]).

use serde::{Deserialize, Serialize};

mod plan;
mod search;
mod symmetry;
mod threads;
mod verb;

pub use plan::{plan, weigh};
pub use search::TaskCounter;
pub use threads::{count_native, Limits, Outcome};
pub use verb::VERB;

/// Largest N counted: every known total (up to A000170(27) ≈ 2.3·10^17) fits a `u64` with room,
/// while the total for N = 29 would not (the sequence grows by about 13 per step), and one row
/// of attacks fits a `u32`.
pub const MAX_COUNT_N: usize = 27;

/// Default number of rows fixed by the split: a few hundred tasks at N = 14, about a thousand at
/// N = 16, enough to keep every core busy to the end while each task still does real work.
pub const DEFAULT_SPLIT_ROWS: usize = 3;

/// What a count found so far (all of them add up).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    /// Solutions (each symmetry class counted with its size).
    pub solutions: u64,
    /// Symmetry classes (fundamental solutions).
    pub unique: u64,
    /// Queens placed.
    pub nodes: u64,
}

impl Counts {
    /// Adds `other` to these counts, field by field.
    pub fn add(&mut self, other: &Counts) {
        self.solutions += other.solutions;
        self.unique += other.unique;
        self.nodes += other.nodes;
    }
}

/// One independent piece of a count: the columns of the queens in the first rows. Row 0 at
/// column 0 makes it a corner task (then row 1 is given too).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Task {
    /// The board size N (4..=[`MAX_COUNT_N`]).
    pub n: u32,
    /// 0-based columns of the queens in rows 0, 1, … that the task fixes.
    pub columns: Vec<u32>,
}

/// A count split into tasks: `base` is what the split itself counted (the queens it placed, and
/// the whole answer for N ≤ 3, where there is nothing to split).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// The board size N.
    pub n: u32,
    /// What the split counted itself (see above).
    pub base: Counts,
    /// The tasks; their counts added to `base` are the answer.
    pub tasks: Vec<Task>,
    /// Per task, how big it is likely to be, for progress and time-left estimates (the tasks of a
    /// plan differ a hundredfold in size, so "tasks done" is a poor measure of how far a count
    /// is): 1 plus the boards its search reaches [`WEIGHT_ROWS`] rows below the task's own, by the
    /// search's own rules. Measured at N = 16, the share of the weights done stays within 9
    /// points of the share of the nodes done along the plan's order, against 25 for the share of
    /// the tasks done (BENCHMARKS.md). Empty until [`weigh`] fills it: only the page shows
    /// progress, so a native count does not pay for it (6 ms at N = 16, 0.5% of one thread's
    /// count, where the speed target has less margin than that).
    pub weights: Vec<u64>,
}

/// Rows below a task's that its weight looks: each row more costs about N/3 times the work and
/// takes the estimate's worst error from 25 points (none) to 19, 13, 9 and 7 at N = 16; three
/// cost about 1% of the plan's count at N = 16.
pub const WEIGHT_ROWS: usize = 3;

/// Refuses sizes outside `1..=MAX_COUNT_N` with the range in the message.
pub fn check_n(n: usize) -> Result<(), String> {
    if !(1..=MAX_COUNT_N).contains(&n) {
        return Err(format!(
            "queens count: N must be from 1 to {MAX_COUNT_N}, got {n} (larger totals would overflow a 64-bit count, and are unknown anyway)"
        ));
    }
    Ok(())
}

/// Counts N on this thread: the plan's tasks one after the other.
pub fn count(n: usize) -> Result<Counts, String> {
    let p = plan(n, DEFAULT_SPLIT_ROWS)?;
    let mut total = p.base;
    for t in &p.tasks {
        let mut c = TaskCounter::new(t)?;
        c.run(u64::MAX);
        total.add(&c.counts());
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Budget, Machine, NoEvents};
    use crate::puzzles::queens::backtrack::{Backtrack, Options};

    /// OEIS A000170, n = 1..=13.
    const TOTAL: [u64; 13] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];
    /// OEIS A002562, n = 1..=13.
    const UNIQUE: [u64; 13] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233];

    #[test]
    fn counts_match_both_oeis_lists() {
        for n in 1..=13 {
            let c = count(n).unwrap();
            assert_eq!(c.solutions, TOTAL[n - 1], "solutions, n = {n}");
            assert_eq!(c.unique, UNIQUE[n - 1], "unique, n = {n}");
        }
    }

    #[test]
    fn agrees_with_the_backtracking_machine() {
        for n in 1..=10 {
            let mut m = Backtrack::new(n, Options::count()).unwrap();
            m.run(&mut Budget::unlimited(), &mut NoEvents);
            let c = count(n).unwrap();
            assert_eq!(c.solutions, m.stats().solutions, "n = {n}");
            assert_eq!(c.unique, m.fundamental_solutions(), "n = {n}");
            // Symmetry must save work, not add it.
            assert!(c.nodes <= m.stats().nodes, "n = {n}");
        }
    }

    #[test]
    fn every_split_depth_gives_the_same_figures() {
        for n in 4..=11 {
            let whole = count(n).unwrap();
            for rows in 0..=n {
                let p = plan(n, rows).unwrap();
                let mut total = p.base;
                for t in &p.tasks {
                    let mut c = TaskCounter::new(t).unwrap();
                    assert!(c.run(u64::MAX));
                    total.add(&c.counts());
                }
                assert_eq!(total, whole, "n = {n}, rows = {rows}");
            }
        }
    }

    #[test]
    fn a_weight_counts_the_boards_a_task_reaches_a_few_rows_down() {
        for n in 4..=13 {
            let mut p = plan(n, DEFAULT_SPLIT_ROWS).unwrap();
            assert!(p.weights.is_empty(), "n = {n}: weighed only when asked");
            weigh(&mut p).unwrap();
            assert_eq!(p.weights.len(), p.tasks.len(), "n = {n}");
            assert!(p.weights.iter().all(|&w| w >= 1), "n = {n}");
            // Where the split could go WEIGHT_ROWS rows deeper (it stops at row N-2), the boards
            // the weights count are exactly the tasks of that deeper split.
            let depth = p.tasks.first().map_or(0, |t| t.columns.len());
            if depth + WEIGHT_ROWS <= n - 2 && p.tasks.iter().all(|t| t.columns.len() == depth) {
                let deeper = plan(n, depth + WEIGHT_ROWS).unwrap();
                let boards: u64 = p.weights.iter().map(|w| w - 1).sum();
                assert_eq!(boards, deeper.tasks.len() as u64, "n = {n}");
            }
        }
        // A task whose search dies early weighs less than one that goes on: at N = 12 the
        // heaviest task is one of the largest by nodes, and the lightest one of the smallest.
        let mut p = plan(12, DEFAULT_SPLIT_ROWS).unwrap();
        weigh(&mut p).unwrap();
        let nodes: Vec<u64> = p
            .tasks
            .iter()
            .map(|t| {
                let mut c = TaskCounter::new(t).unwrap();
                c.run(u64::MAX);
                c.counts().nodes
            })
            .collect();
        let by = |key: &dyn Fn(usize) -> u64| (0..nodes.len()).max_by_key(|&i| key(i)).unwrap();
        let heaviest = by(&|i| p.weights[i]);
        let lightest = by(&|i| u64::MAX - p.weights[i]);
        let mut sorted = nodes.clone();
        sorted.sort_unstable();
        let tenth = sorted.len() / 10;
        assert!(
            nodes[heaviest] >= sorted[sorted.len() - 1 - tenth],
            "{nodes:?}"
        );
        assert!(nodes[lightest] <= sorted[tenth], "{nodes:?}");
    }

    #[test]
    fn a_budget_pauses_and_resumes_without_losing_anything() {
        let n = 10;
        let whole = count(n).unwrap();
        let p = plan(n, 2).unwrap();
        let mut total = p.base;
        for t in &p.tasks {
            let mut c = TaskCounter::new(t).unwrap();
            let mut limit = 0;
            while !c.run(limit) {
                assert!(c.counts().nodes <= limit);
                limit += 3;
            }
            total.add(&c.counts());
        }
        assert_eq!(total, whole);
    }

    /// The budgeted loop and the budget-free recursion (with its per-depth functions) must
    /// search the same tree: steps below `SUBTREE_BOUND[FIXED_ROWS]` (109,600) mix the loop with
    /// subtrees of the last 8 rows counted on trial and given back when they overran
    /// (`TaskCounter::fits`), the largest step hands subtrees to the per-depth rows and leaves
    /// the end of each step to the loop, as the threads' and the page's chunks do, and `whole`
    /// (no budget) starts the recursion at the top. Sizes where every family's look-ahead and
    /// side rules come into play.
    /// A limit at or below the count so far pauses at once and counts nothing (it used to
    /// underflow on the last two rows), and the task still finishes with the right figures.
    #[test]
    fn a_limit_below_the_count_pauses_without_counting() {
        let whole = count(10).unwrap();
        let p = plan(10, 3).unwrap();
        let mut total = p.base;
        for t in &p.tasks {
            let mut c = TaskCounter::new(t).unwrap();
            let mut limit = 0;
            loop {
                limit += 7;
                if c.run(limit) {
                    break;
                }
                let before = c.counts();
                for low in [0, before.nodes.saturating_sub(3), before.nodes] {
                    assert!(!c.run(low));
                    assert_eq!(c.counts(), before);
                }
            }
            total.add(&c.counts());
        }
        assert_eq!(total, whole);
    }

    #[test]
    fn every_budget_step_gives_the_same_figures_at_larger_sizes() {
        for (n, steps) in [
            (12, [1, 40, 5_000, 150_000]),
            (13, [3, 300, 30_000, 200_000]),
        ] {
            let whole = count(n).unwrap();
            for step in steps {
                for rows in [2, 3] {
                    let p = plan(n, rows).unwrap();
                    let mut total = p.base;
                    for t in &p.tasks {
                        let mut c = TaskCounter::new(t).unwrap();
                        let mut limit = step;
                        while !c.run(limit) {
                            limit += step;
                        }
                        total.add(&c.counts());
                    }
                    assert_eq!(total, whole, "n = {n}, step = {step}, rows = {rows}");
                }
            }
        }
    }

    #[cfg(not(target_arch = "wasm32"))] // threads: native only
    #[test]
    fn threads_give_the_same_figures_as_one() {
        for n in [1, 4, 8, 11] {
            let one = count(n).unwrap();
            for threads in [1, 2, 3] {
                let o = count_native(
                    n,
                    Limits {
                        threads,
                        max_nodes: u64::MAX,
                        max_micros: u64::MAX,
                    },
                )
                .unwrap();
                assert!(o.finished && o.tasks_done == o.tasks, "n = {n}");
                assert_eq!(o.counts, one, "n = {n}, threads = {threads}");
            }
        }
    }

    #[cfg(not(target_arch = "wasm32"))] // threads: native only
    #[test]
    fn a_node_budget_stops_every_thread_with_partial_figures() {
        let whole = count(12).unwrap();
        for threads in [1, 2] {
            let max_nodes = whole.nodes / 3;
            let o = count_native(
                12,
                Limits {
                    threads,
                    max_nodes,
                    max_micros: u64::MAX,
                },
            )
            .unwrap();
            assert!(!o.finished);
            // Never over; under by at most what other threads held when one found none left.
            assert!(
                o.counts.nodes <= max_nodes,
                "{} of {max_nodes}",
                o.counts.nodes
            );
            if threads == 1 {
                assert!(
                    o.counts.nodes + 2 >= max_nodes,
                    "{} of {max_nodes}",
                    o.counts.nodes
                );
            }
            assert!(o.counts.solutions < whole.solutions);
            assert!(o.tasks_done < o.tasks);
        }
        let o = count_native(
            12,
            Limits {
                threads: 2,
                max_nodes: u64::MAX,
                max_micros: 0,
            },
        )
        .unwrap();
        assert!(!o.finished);
    }

    #[test]
    fn sizes_and_tasks_out_of_range_are_clear_errors() {
        for n in [0, MAX_COUNT_N + 1] {
            let e = plan(n, 3).unwrap_err();
            assert!(e.contains("from 1 to 27"), "{e}");
        }
        for (n, columns) in [
            (8, vec![]),
            (8, vec![0, 1]),
            (8, vec![4]),
            (8, vec![1, 2]),
            (8, vec![1, 3, 5, 7, 2, 0, 4]),
            (8, vec![40]),
            (3, vec![0]),
        ] {
            assert!(TaskCounter::new(&Task { n, columns }).is_err());
        }
    }
}
