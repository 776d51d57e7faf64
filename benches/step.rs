//! Stepping against solving: what recording events (with the counters after each, and their
//! JSON, as the page's worker receives them) costs over the same run without events.
//!
//! `cargo bench --bench step`. For each run: CPU time of `solve` (no events) and of `step` drained
//! in frames of 20,000 events with every frame serialised to JSON, both on the same machine in
//! the same process one after the other, best of five; the ratio is step / solve, and events/s
//! is the stepping speed the player can draw from. Runs are capped at 200,000 events.

use std::time::Instant;

use serde_json::{json, Value};
use solvescope::session::Session;

const CAP: usize = 200_000;

fn cpu_nanos() -> u64 {
    std::thread::yield_now();
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| Instant::now().elapsed().as_nanos() as u64)
}

fn best<F: FnMut() -> usize>(mut f: F) -> (u64, usize) {
    let mut best = u64::MAX;
    let mut out = 0;
    for _ in 0..5 {
        let t = cpu_nanos();
        out = f();
        best = best.min(cpu_nanos() - t);
    }
    (best, out)
}

fn main() {
    let runs: &[(&str, &str, &str, Value)] = &[
        ("queens", "queens:10", "backtrack", json!({"mode": "all"})),
        ("queens", "queens:10", "naive", json!({"mode": "all"})),
        ("queens", "queens:200#1", "repair", json!({"strategy": "minConflicts"})),
        ("skyscrapers", "9:4/4//4/2/3/3//4/3/2//2/6/2/4////3/4////2//4///3//4/2/3//,a4_7m1a2_6i8a2d4g3b2b6_3j5a1e2g4b", "solve", json!({"techniques": {"lines": false}})),
        ("hashi", "7x7m2:3a4c3i2b1a5e5n3e2", "solve", json!({"techniques": {"degree": false}})),
    ];
    println!("| run | events | solve ms | step+JSON ms | step / solve | events/s |");
    println!("|---|---:|---:|---:|---:|---:|");
    for (puzzle, id, algorithm, options) in runs {
        // Solve to the same point the capped step reaches: the nodes it took.
        let (step_ns, (events, nodes)) = {
            let mut nodes = 0;
            let (ns, events) = best(|| {
                let mut s = Session::new(puzzle, id, algorithm, options).unwrap();
                let mut events = 0;
                let mut bytes = 0;
                loop {
                    let f = s.step(20_000);
                    events += f.events.len();
                    bytes += serde_json::to_string(&f).unwrap().len();
                    nodes = f.stats.nodes;
                    if f.status.is_done() || events >= CAP {
                        break;
                    }
                }
                std::hint::black_box(bytes);
                events
            });
            (ns, (events, nodes))
        };
        let (solve_ns, _) = best(|| {
            let mut s = Session::new(puzzle, id, algorithm, options).unwrap();
            let r = s.solve(nodes, u64::MAX).unwrap();
            r.stats.nodes as usize
        });
        println!(
            "| {puzzle} {algorithm} {} | {events} | {:.2} | {:.2} | {:.1}x | {:.2}M |",
            if id.len() > 14 { &id[..14] } else { id },
            solve_ns as f64 / 1e6,
            step_ns as f64 / 1e6,
            step_ns as f64 / solve_ns.max(1) as f64,
            events as f64 / (step_ns as f64 / 1e9) / 1e6
        );
    }
}
