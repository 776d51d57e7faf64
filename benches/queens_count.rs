//! Counting all N-Queens solutions: the bitmask backtracking machine (`solve` path, no events)
//! against the source article's first, naive version (one record array, every placement checked
//! against every queen above) as the baseline, in the same run, with the ratio.
//!
//! `cargo bench --bench queens_count`; prints a markdown table for BENCHMARKS.md.

use std::time::Instant;

use solvescope::engine::{Budget, Machine, NoEvents};
use solvescope::puzzles::queens::backtrack::{Backtrack, Options};

/// The article's naive counter: `cols[r]` records the queen of row r; a square is safe when no
/// queen above shares its column or a diagonal. Kept only here, as the baseline.
fn naive_count(n: usize) -> (u64, u64) {
    fn go(row: usize, n: usize, cols: &mut Vec<usize>, nodes: &mut u64) -> u64 {
        if row == n {
            return 1;
        }
        let mut found = 0;
        for c in 0..n {
            let safe = cols
                .iter()
                .enumerate()
                .all(|(r, &qc)| qc != c && row - r != qc.abs_diff(c));
            if safe {
                *nodes += 1;
                cols.push(c);
                found += go(row + 1, n, cols, nodes);
                cols.pop();
            }
        }
        found
    }
    let mut nodes = 0;
    let found = go(0, n, &mut Vec::with_capacity(n), &mut nodes);
    (found, nodes)
}

fn best_of<T>(reps: usize, mut f: impl FnMut() -> T) -> (T, f64) {
    let mut best = f64::INFINITY;
    let mut out = None;
    for _ in 0..reps {
        let t = Instant::now();
        let v = f();
        best = best.min(t.elapsed().as_secs_f64());
        out = Some(v);
    }
    (out.unwrap(), best)
}

fn main() {
    println!(
        "| n | solutions | nodes | bitmask machine ms | naive record array ms | naive / bitmask |"
    );
    println!("|---:|---:|---:|---:|---:|---:|");
    for n in 8..=14 {
        let reps = if n <= 11 { 5 } else { 2 };
        let ((count, nodes), fast) = best_of(reps, || {
            let mut m = Backtrack::new(n, Options::count()).unwrap();
            m.run(&mut Budget::unlimited(), &mut NoEvents);
            (m.stats().solutions, m.stats().nodes)
        });
        let ((naive, naive_nodes), slow) = best_of(reps, || naive_count(n));
        // Both enumerate the same tree, so they must agree on everything they count.
        assert_eq!((count, nodes), (naive, naive_nodes), "n = {n}");
        println!(
            "| {n} | {count} | {nodes} | {:.2} | {:.2} | {:.1}x |",
            fast * 1e3,
            slow * 1e3,
            slow / fast
        );
    }
}
