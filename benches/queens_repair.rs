//! Min-conflicts repair: time and peak memory from 10^3 to 10^7 queens, and the article's
//! O(n)-per-move algorithm against the swap path at n = 1024, 4096, 16384.
//!
//! Run with `cargo bench --bench queens_repair`. Every size runs in a child process (this same
//! executable, told what to do through the environment) so that the child's own peak resident set
//! (`VmHWM` in `/proc/self/status`) is the peak of that one solve, and its CPU time is read from
//! `/proc/thread-self/schedstat` (nanoseconds on the CPU), which other load on the machine does not
//! inflate the way it inflates wall time. The child runs the machine without events (what
//! `Session::solve` and the CLI run), then converts the answer and runs the independent linear
//! checker on it, as the CLI does, and prints one JSON line.

use std::process::Command;

use std::time::Instant;

use serde_json::{json, Value};
use solvescope::engine::{Budget, Machine, NoEvents, Status};
use solvescope::puzzles::queens::check_placement_counting;
use solvescope::puzzles::queens::repair::{self, Repair, Strategy};

const CHILD: &str = "SOLVESCOPE_BENCH_CHILD";

fn cpu_nanos() -> u64 {
    // The kernel brings a task's CPU total up to date when it is scheduled; yielding first makes
    // the reading exact instead of up to a timer tick stale.
    std::thread::yield_now();
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn peak_rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))?
                .split_whitespace()
                .nth(1)?
                .parse()
                .ok()
        })
        .unwrap_or(0)
}

/// In the child: `n strategy seed conflictSet(0|1)` → one JSON line.
fn child(spec: &str) {
    let mut words = spec.split_whitespace();
    let n: usize = words.next().unwrap().parse().unwrap();
    let strategy = Strategy::parse(words.next().unwrap()).unwrap();
    let seed: u64 = words.next().unwrap().parse().unwrap();
    let conflict_set = words.next() == Some("1");
    if n == 0 {
        // Baseline: the process with nothing allocated.
        println!("{}", json!({"n": 0, "rssKb": peak_rss_kb()}));
        return;
    }
    let o = repair::Options {
        strategy,
        maintain_conflict_set: conflict_set,
        ..repair::Options::default()
    };
    let cpu0 = cpu_nanos();
    let wall0 = Instant::now();
    let mut m = Repair::new(n, seed, o).unwrap();
    let status = m.run(&mut Budget::unlimited(), &mut NoEvents);
    let wall = wall0.elapsed().as_micros() as u64;
    let cpu1 = cpu_nanos();
    assert_eq!(status, Status::LimitReached, "n={n}");
    // What the CLI does next: the answer as one column per row, through the independent checker.
    let cols: Vec<usize> = m.solutions()[0].iter().map(|&c| c as usize).collect();
    check_placement_counting(n, &cols).expect("a valid placement");
    let cpu2 = cpu_nanos();
    let st = m.stats();
    println!(
        "{}",
        json!({
            "n": n,
            "moves": st.moves,
            "nodes": st.nodes,
            "restarts": st.restarts,
            "wallMicros": wall,
            "cpuMicros": (cpu1 - cpu0) / 1000,
            "checkCpuMicros": (cpu2 - cpu1) / 1000,
            "rssKb": peak_rss_kb(),
        })
    );
}

fn run_child(n: usize, strategy: &str, seed: u64, conflict_set: bool) -> Value {
    let out = Command::new(std::env::current_exe().unwrap())
        .env(
            CHILD,
            format!("{n} {strategy} {seed} {}", conflict_set as u8),
        )
        .output()
        .expect("child runs");
    assert!(
        out.status.success(),
        "child failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("child prints JSON")
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

struct Row {
    moves: f64,
    nodes: f64,
    wall_ms: f64,
    cpu_ms: f64,
    check_ms: f64,
    rss_mb: f64,
}

/// Median over `seeds` child runs.
fn measure(n: usize, strategy: &str, seeds: u64, conflict_set: bool) -> Row {
    let runs: Vec<Value> = (1..=seeds)
        .map(|s| run_child(n, strategy, s, conflict_set))
        .collect();
    let get = |k: &str| median(runs.iter().map(|r| r[k].as_f64().unwrap()).collect());
    Row {
        moves: get("moves"),
        nodes: get("nodes"),
        wall_ms: get("wallMicros") / 1000.0,
        cpu_ms: get("cpuMicros") / 1000.0,
        check_ms: get("checkCpuMicros") / 1000.0,
        rss_mb: runs
            .iter()
            .map(|r| r["rssKb"].as_f64().unwrap())
            .fold(0.0, f64::max)
            / 1024.0,
    }
}

fn main() {
    if let Ok(spec) = std::env::var(CHILD) {
        child(&spec);
        return;
    }
    let base_mb = run_child(0, "auto", 0, false)["rssKb"].as_f64().unwrap() / 1024.0;
    println!("### Scale: one solution (auto strategy), median of 3 seeds");
    println!();
    println!(
        "Process baseline peak RSS: {base_mb:.1} MB. bytes/queen = (peak RSS - baseline) / n; the peak \
         includes the answer converted to one usize per row and the checker's tables."
    );
    println!();
    println!("| n | strategy | moves | nodes | solve CPU ms | solve wall ms | check CPU ms | peak RSS MB | bytes/queen |");
    println!("|---:|---|---:|---:|---:|---:|---:|---:|---:|");
    for n in [1_000usize, 10_000, 100_000, 1_000_000, 10_000_000] {
        let strategy = if n > repair::AUTO_SWAP_ABOVE {
            "swap"
        } else {
            "minConflicts"
        };
        let r = measure(n, "auto", 3, false);
        println!(
            "| {n} | {strategy} | {:.0} | {:.0} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
            r.moves,
            r.nodes,
            r.cpu_ms,
            r.wall_ms,
            r.check_ms,
            r.rss_mb,
            (r.rss_mb - base_mb) * 1024.0 * 1024.0 / n as f64
        );
    }
    println!();
    println!("### The article's algorithm (O(n) per move) against the swap path, median of 3 seeds, CPU ms");
    println!();
    println!("| n | article moves | article ms | article + conflict set ms | swap moves | swap nodes | swap ms | article / swap |");
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|");
    for n in [1024usize, 4096, 16384] {
        let a = measure(n, "minConflicts", 3, false);
        let c = measure(n, "minConflicts", 3, true);
        let s = measure(n, "swap", 3, false);
        println!(
            "| {n} | {:.0} | {:.1} | {:.1} | {:.0} | {:.0} | {:.2} | {:.0}x |",
            a.moves,
            a.cpu_ms,
            c.cpu_ms,
            s.moves,
            s.nodes,
            s.cpu_ms,
            a.cpu_ms / s.cpu_ms.max(0.001)
        );
    }
}
