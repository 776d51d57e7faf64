//! Native counting on several threads sharing one node budget and one clock.

use super::{plan, Counts, TaskCounter, DEFAULT_SPLIT_ROWS};

/// How far a native count may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Threads counting tasks side by side (at least 1).
    pub threads: usize,
    /// Nodes over all threads (`u64::MAX`: no limit).
    pub max_nodes: u64,
    /// Wall time in microseconds (`u64::MAX`: no limit).
    pub max_micros: u64,
}

/// The end of a native count: `finished` is false when a limit stopped it, and `counts` then
/// holds what the tasks found up to there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// What was counted (the whole answer when `finished`).
    pub counts: Counts,
    /// True when every task was counted to the end.
    pub finished: bool,
    /// Tasks in the plan.
    pub tasks: usize,
    /// Tasks counted to the end.
    pub tasks_done: usize,
    /// Threads used (`limits.threads`, at least 1 and at most one per task).
    pub threads: usize,
}

/// Nodes a thread counts between two looks at the shared budget and the clock (a few
/// milliseconds of work).
const CHUNK: u64 = 1 << 20;

/// Counts N on `limits.threads` native threads: each takes the next task of the plan until none
/// is left; nodes are drawn from one shared budget a chunk at a time, unused nodes go back. The
/// count never passes `max_nodes`; a thread that finds the budget empty stops, and the others
/// spend what they still hold.
/// For native callers only: in wasm there are no threads and no `Instant` (both would fail at
/// run time), so the page runs one [`TaskCounter`] per worker instead. It still compiles there so
/// that every target of the crate (the CLI included) builds for wasm32 in `wasm-pack test`.
pub fn count_native(n: usize, limits: Limits) -> Result<Outcome, String> {
    use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
    use std::time::{Duration, Instant};

    let p = plan(n, DEFAULT_SPLIT_ROWS)?;
    // Check every task up front, so the threads below cannot fail.
    for t in &p.tasks {
        TaskCounter::new(t)?;
    }
    let threads = limits.threads.clamp(1, p.tasks.len().max(1));
    let deadline = Instant::now().checked_add(Duration::from_micros(limits.max_micros));
    let next = AtomicUsize::new(0);
    // The split's own nodes are spent first (they are few: the queens of the first rows).
    let left = AtomicU64::new(limits.max_nodes.saturating_sub(p.base.nodes));
    let stop = AtomicBool::new(false);
    let take = |want: u64| {
        left.fetch_update(Relaxed, Relaxed, |l| Some(l - l.min(want)))
            .map_or(0, |l| l.min(want))
    };
    let work = || {
        let (mut found, mut done) = (Counts::default(), 0usize);
        // Set when this thread finds the node budget empty: it stops, while another thread that
        // still holds nodes spends them (so the budget is used up rather than abandoned).
        let mut spent = false;
        while !spent && !stop.load(Relaxed) {
            let Some(task) = p.tasks.get(next.fetch_add(1, Relaxed)) else {
                break;
            };
            let Ok(mut c) = TaskCounter::new(task) else {
                break;
            };
            loop {
                let grant = take(CHUNK);
                let before = c.counts().nodes;
                let finished = c.run(before + grant);
                let used = c.counts().nodes - before;
                left.fetch_add(grant - used, Relaxed);
                if finished {
                    done += 1;
                }
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    stop.store(true, Relaxed);
                    break;
                }
                if finished || stop.load(Relaxed) {
                    break;
                }
                // No progress means the budget is spent (a step may need two nodes at once).
                if used == 0 {
                    spent = true;
                    break;
                }
            }
            found.add(&c.counts());
        }
        (found, done)
    };
    let results: Vec<(Counts, usize)> = if threads == 1 {
        vec![work()]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        })
    };
    let mut counts = p.base;
    let mut tasks_done = 0;
    for (c, d) in results {
        counts.add(&c);
        tasks_done += d;
    }
    Ok(Outcome {
        counts,
        finished: tasks_done == p.tasks.len(),
        tasks: p.tasks.len(),
        tasks_done,
        threads,
    })
}
