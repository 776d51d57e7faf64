//! Stress run: many random layouts (with loops) per size; prints worst time and nodes.
//! `cargo run --release --example hashi_stress -- SIZE ISLANDS LOOP% COUNT [K]`; environment:
//! `H=1` the article's ratio heuristic, `NORESTART=1` no restarts.
use solvescope::engine::{Budget, Machine, NoEvents};
use solvescope::puzzles::hashi::generate::*;
use solvescope::puzzles::hashi::*;
fn main() {
    let a: Vec<usize> = std::env::args()
        .skip(1)
        .map(|s| s.parse().unwrap())
        .collect();
    let (w, n, lp, count) = (a[0], a[1], a[2], a[3] as u64);
    let mut times = Vec::new();
    let mut total_nodes = 0u64;
    let mut worst = (0.0, 0u64, 0u64);
    let mut counts = [0usize; 3];
    for seed in 0..count {
        let gp = GenParams {
            width: w,
            height: w,
            islands: n,
            max_bridges: a.get(4).copied().unwrap_or(2) as u8,
            max_len: 8,
            loop_chance: lp as f64 / 100.0,
            no_loops: false,
            expansion: None,
        };
        let (p, _) = generate(&gp, seed);
        let t = std::time::Instant::now();
        let h = if std::env::var("H").is_ok() {
            Heuristic::Ratio
        } else {
            Heuristic::Weighted
        };
        let mut s = Solver::new(
            &p,
            SolveOptions {
                heuristic: h,
                restart_base: if std::env::var("NORESTART").is_ok() {
                    0
                } else {
                    SolveOptions::default().restart_base
                },
                ..SolveOptions::default()
            },
        )
        .unwrap();
        let st = s.run(&mut Budget::nodes(5_000_000), &mut NoEvents);
        let us = t.elapsed().as_secs_f64() * 1e6;
        let k = s.solutions().len();
        counts[k.min(2)] += 1;
        for sol in s.solutions() {
            check_solution(&p, sol).unwrap();
        }
        let _ = st;
        times.push(us);
        total_nodes += s.stats().nodes;
        if us > worst.0 {
            worst = (us, s.stats().nodes, seed);
        }
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("total nodes {total_nodes}; {w}x{w} n={n} loops={lp}%: none/unique/multi={counts:?} median={:.0}us p90={:.0}us worst={:.0}us nodes={} seed={}", times[times.len()/2], times[times.len()*9/10], worst.0, worst.1, worst.2);
}
