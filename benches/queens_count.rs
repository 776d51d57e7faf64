//! Counting all N-Queens solutions, every counter of the crate against one baseline in the same
//! run: the article's naive record-array machine, the bitmask backtracking machine (`solve`
//! path, no events), the symmetry-class counter on one thread and on every core, and a plain
//! mirror-halved recursive bitmask counter written here as the baseline (the usual "count the
//! left half of row 0 twice, the middle once" program, nothing more).
//!
//! `cargo bench --bench queens_count` prints a markdown table for BENCHMARKS.md, n = 12..=16
//! (`QUEENS_MAX_N=17` adds 17, `QUEENS_MIN_N` moves the start; the naive machine stops at
//! `QUEENS_NAIVE_MAX_N`, default 14, and the bitmask machine at `QUEENS_MACHINE_MAX_N`, default
//! 16, where each would take minutes; 0 leaves either out, for quick A/B runs of the counter).
//! Times are the best of a few runs (one run from n = 15 on; `QUEENS_REPS` sets the number); the
//! last column is the ratio of the best CPU times of the calling thread (Linux only, from n = 15
//! on, where runs last long enough for the kernel's figure), which
//! other jobs on the machine disturb less than wall time.

use std::time::Instant;

use solvescope::engine::{Budget, Machine, NoEvents};
use solvescope::puzzles::queens::backtrack::{Backtrack, Options};
use solvescope::puzzles::queens::count::{self, Limits};
use solvescope::puzzles::queens::naive::Naive;

/// The baseline: depth-first search with column and diagonal masks, row 0's left half counted
/// twice (its mirror images) and its middle column once.
fn baseline(n: usize) -> u64 {
    fn go(all: u32, cols: u32, ld: u32, rd: u32) -> u64 {
        if cols == all {
            return 1;
        }
        let mut free = all & !(cols | ld | rd);
        let mut found = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            found += go(all, cols | bit, (ld | bit) << 1, (rd | bit) >> 1);
        }
        found
    }
    let all = (1u32 << n) - 1;
    let mut total = 0;
    for c in 0..n / 2 {
        let bit = 1 << c;
        total += 2 * go(all, bit, bit << 1, bit >> 1);
    }
    if n % 2 == 1 {
        let bit = 1 << (n / 2);
        total += go(all, bit, bit << 1, bit >> 1);
    }
    total
}

fn best_of<T>(reps: usize, f: impl FnMut() -> T) -> (T, f64) {
    let (v, wall, _) = best_of_cpu(reps, f);
    (v, wall)
}

/// CPU time of the calling thread in seconds: the first field of Linux's
/// `/proc/thread-self/schedstat` (nanoseconds on a CPU). On a shared machine this is what the
/// issue's target is about, and it does not grow when other jobs take turns on the cores (wall
/// time does). `None` elsewhere.
fn thread_cpu() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = s.split_whitespace().next()?.parse().ok()?;
    Some(ns * 1e-9)
}

/// Best wall time and best CPU time of the calling thread over `reps` runs (for work done on
/// this thread only).
fn best_of_cpu<T>(reps: usize, mut f: impl FnMut() -> T) -> (T, f64, Option<f64>) {
    let mut best = f64::INFINITY;
    let mut best_cpu: Option<f64> = None;
    let mut out = None;
    for _ in 0..reps {
        let c = thread_cpu();
        let t = Instant::now();
        let v = f();
        best = best.min(t.elapsed().as_secs_f64());
        if let (Some(a), Some(b)) = (c, thread_cpu()) {
            best_cpu = Some(best_cpu.map_or(b - a, |x: f64| x.min(b - a)));
        }
        out = Some(v);
    }
    (out.unwrap(), best, best_cpu)
}

fn env_n(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let max_n = env_n("QUEENS_MAX_N", 16);
    let min_n = env_n("QUEENS_MIN_N", 12);
    let naive_max = env_n("QUEENS_NAIVE_MAX_N", 14);
    let machine_max = env_n("QUEENS_MACHINE_MAX_N", 16);
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let native = |n: usize, threads: usize| {
        let o = count::count_native(
            n,
            Limits {
                threads,
                max_nodes: u64::MAX,
                max_micros: u64::MAX,
            },
        )
        .unwrap();
        assert!(o.finished);
        o.counts
    };
    let ms = |s: f64| format!("{:.1}", s * 1e3);
    let ratio = |s: f64, base: f64| format!("{:.2}x", s / base);
    println!(
        "| n | solutions | unique | nodes naive = machine | nodes counter | naive ms | machine ms | counter 1 thread ms | counter {cores} threads ms | baseline ms | naive / base | machine / base | counter 1t / base | counter {cores}t / base | 1t / {cores}t | CPU: counter 1t / base |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for n in min_n..=max_n {
        let reps = env_n("QUEENS_REPS", if n <= 14 { 3 } else { 1 });
        let (base_count, base, base_cpu) = best_of_cpu(reps, || baseline(n));
        // One thread runs on this one (count_native does not spawn for a single thread).
        let (one, t1, t1_cpu) = best_of_cpu(reps, || native(n, 1));
        let (all, tall) = best_of(reps, || native(n, cores));
        // Every counter must agree with the baseline; the split must not change any figure.
        assert_eq!(one.solutions, base_count, "n = {n}");
        assert_eq!(one, all, "n = {n}");
        let machine = (n <= machine_max).then(|| {
            best_of(reps.min(2), || {
                let mut m = Backtrack::new(n, Options::count()).unwrap();
                m.run(&mut Budget::unlimited(), &mut NoEvents);
                (m.stats(), m.fundamental_solutions())
            })
        });
        let naive = (n <= naive_max).then(|| {
            best_of(1, || {
                let mut m = Naive::new(n, Options::count()).unwrap();
                m.run(&mut Budget::unlimited(), &mut NoEvents);
                m.stats()
            })
        });
        if let Some(((stats, unique), _)) = machine {
            assert_eq!(
                (stats.solutions, unique),
                (one.solutions, one.unique),
                "n = {n}"
            );
        }
        if let (Some((a, _)), Some(((b, _), _))) = (naive, machine) {
            // Same tree, same order: the two machines count the same nodes.
            assert_eq!(a, b, "n = {n}");
        }
        let machine_nodes = machine.map_or("—".into(), |((s, _), _)| s.nodes.to_string());
        let cell = |t: Option<f64>| t.map_or("—".into(), ms);
        let rcell = |t: Option<f64>| t.map_or("—".into(), |t| ratio(t, base));
        let (tn, tm) = (naive.map(|x| x.1), machine.map(|x| x.1));
        println!(
            "| {n} | {} | {} | {machine_nodes} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.2}x | {} |",
            one.solutions,
            one.unique,
            one.nodes,
            cell(tn),
            cell(tm),
            ms(t1),
            ms(tall),
            ms(base),
            rcell(tn),
            rcell(tm),
            ratio(t1, base),
            ratio(tall, base),
            t1 / tall,
            match (t1_cpu, base_cpu) {
                // The kernel updates the figure at scheduling events: short runs read as 0.
                (Some(a), Some(b)) if b >= 0.2 => ratio(a, b),
                _ => "—".into(),
            },
        );
    }
}
