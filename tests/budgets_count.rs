//! The threaded N-Queens counter keeps its time budget (docs/LIMITS.md: T + 10% + 50 ms, plus
//! 350 ms for a shared machine, as in tests/budgets.rs). It runs on worker threads, so the
//! calling thread's CPU time says nothing; this file holds this one test, so the process's CPU
//! time is the workers' (tests/support/timing.rs). On a loaded machine the wall clock may be
//! over the bound while the workers waited for cores; their CPU time together must then be
//! within the bound per thread.

#[path = "support/timing.rs"]
mod timing;

use std::time::{Duration, Instant};
use timing::{bound, process_cpu, Took};

use solvescope::puzzles::queens::count;

const BUDGET: Duration = Duration::from_millis(300);
const THREADS: u32 = 2;

#[test]
fn the_threaded_counter_keeps_its_budget() {
    let (started, cpu_before) = (Instant::now(), process_cpu());
    let o = count::count_native(
        20,
        count::Limits {
            threads: THREADS as usize,
            max_nodes: u64::MAX,
            max_micros: BUDGET.as_micros() as u64,
        },
    )
    .unwrap();
    let took = Took {
        wall: started.elapsed(),
        // Per thread: the workers' CPU time together, shared out.
        cpu: cpu_before
            .zip(process_cpu())
            .map(|(a, b)| (b - a) / THREADS),
    };
    eprintln!("threaded count, n = 20, {BUDGET:?} budget: {took:?}");
    assert!(!o.finished, "n = 20 takes far longer than the budget");
    assert!(took.within(bound(BUDGET)), "{took:?}");
}
