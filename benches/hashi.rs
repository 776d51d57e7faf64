//! Hashiwokakero benchmark: the solver (deductions + search, proving uniqueness) against the
//! source article's algorithm (capacity checks + matrix-tree test at every node, crossing added)
//! and plain backtracking, on Tatham's fixtures, our small fixtures and generated 30x30..60x60
//! boards. Prints markdown tables. Run: `cargo bench --bench hashi`.

use std::time::Instant;

use solvescope::engine::{Budget, Machine, NoEvents, Status};
use solvescope::puzzles::hashi::generate::{generate, GenParams};
use solvescope::puzzles::hashi::*;

struct Run {
    micros: f64,
    nodes: u64,
    status: &'static str,
    mt_calls: u64,
    mt_prunes: u64,
}

fn run_once(p: &Puzzle, t: Techniques, h: Heuristic, max_nodes: u64) -> (Run, f64) {
    // The article's search order (ratio heuristic) runs without restarts, as the article has none.
    let opts = SolveOptions {
        techniques: t,
        heuristic: h,
        restart_base: if h == Heuristic::Ratio {
            0
        } else {
            SolveOptions::default().restart_base
        },
        ..SolveOptions::default()
    };
    let start = Instant::now();
    let mut s = Solver::new(p, opts).unwrap();
    let st = s.run(&mut Budget::nodes(max_nodes), &mut NoEvents);
    let us = start.elapsed().as_secs_f64() * 1e6;
    let n = s.solutions().len();
    for sol in s.solutions() {
        check_solution(p, sol).expect("checked");
    }
    let status = match (st, n) {
        (Status::Exhausted, 0) => "none",
        (Status::Exhausted, 1) => "unique",
        (Status::LimitReached, _) => "multiple",
        _ => "budget",
    };
    (
        Run {
            micros: us,
            nodes: s.stats().nodes,
            status,
            mt_calls: s.matrix_tree_calls,
            mt_prunes: s.matrix_tree_prunes,
        },
        us,
    )
}

/// Median over repetitions (at least 3, until ~150 ms or 301 runs).
fn measure(p: &Puzzle, t: Techniques, h: Heuristic, max_nodes: u64) -> Run {
    let mut times = Vec::new();
    let mut total = 0.0;
    let mut last = None;
    while times.len() < 3 || (total < 150_000.0 && times.len() < 301) {
        let (r, us) = run_once(p, t, h, max_nodes);
        times.push(us);
        total += us;
        last = Some(r);
        if us > 2_000_000.0 {
            break;
        }
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let mut r = last.unwrap();
    r.micros = times[times.len() / 2];
    r
}

fn fmt_us(us: f64) -> String {
    if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.1} µs")
    }
}

fn load(text: &str, name: &str) -> Vec<(String, Puzzle)> {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .enumerate()
        .map(|(i, l)| {
            let id = l.split('\t').nth(1).unwrap();
            (format!("{name}#{}", i + 1), parse_any(id).unwrap())
        })
        .collect()
}

fn main() {
    let mut boards = load(
        include_str!("../tests/fixtures/tatham-bridges.txt"),
        "tatham",
    );
    boards.extend(load(
        include_str!("../tests/fixtures/hashi-small.txt"),
        "small",
    ));
    boards.extend(load(
        include_str!("../tests/fixtures/hashi-external.txt"),
        "ext",
    ));
    boards.extend(load(
        include_str!("../tests/fixtures/hashi-generated.txt"),
        "gen",
    ));
    // Random layouts with loops, not made unique: the solver must find two solutions.
    for seed in 1..=6u64 {
        let gp = GenParams {
            width: 60,
            height: 60,
            islands: 450,
            max_bridges: 2,
            max_len: 8,
            loop_chance: 0.5,
            no_loops: false,
            expansion: None,
        };
        boards.push((format!("loopy60#{seed}"), generate(&gp, seed).0));
    }
    let default = Techniques::default();
    let with_mt = Techniques {
        matrix_tree: true,
        ..Techniques::default()
    };
    println!("| board | size | islands | status | solver | nodes | + matrix-tree | nodes | ratio heuristic, no restarts | nodes | article (capacity + matrix-tree) | nodes | MT prunes/calls | plain backtracking | nodes | article / solver |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let mut by_class: Vec<(usize, f64)> = Vec::new();
    for (name, p) in &boards {
        let islands = p.cells.iter().filter(|&&c| c != 0 && c != ROCK).count();
        let a = measure(p, default, Heuristic::Weighted, u64::MAX);
        let b = measure(p, with_mt, Heuristic::Weighted, u64::MAX);
        let r = measure(p, default, Heuristic::Ratio, u64::MAX);
        assert_eq!(a.status, b.status);
        assert_eq!(a.status, r.status);
        by_class.push((p.width.max(p.height), a.micros));
        // The baselines get a node cap: they are exponential.
        let (c, d) = if islands <= 60 {
            (
                Some(measure(p, Techniques::article(), Heuristic::Ratio, 200_000)),
                Some(measure(p, Techniques::none(), Heuristic::Ratio, 200_000)),
            )
        } else {
            (None, None)
        };
        let cell = |r: &Option<Run>| match r {
            Some(r) if r.status == "budget" => (
                format!("> {} (budget)", fmt_us(r.micros)),
                format!("> {}", r.nodes),
            ),
            Some(r) => (fmt_us(r.micros), r.nodes.to_string()),
            None => ("—".into(), "—".into()),
        };
        let (ct, cn) = cell(&c);
        let (dt, dn) = cell(&d);
        let ratio = c
            .as_ref()
            .map_or("—".into(), |c| format!("{:.0}x", c.micros / a.micros));
        let prunes = c
            .as_ref()
            .map_or("—".into(), |c| format!("{}/{}", c.mt_prunes, c.mt_calls));
        println!(
            "| {name} | {}x{} | {islands} | {} | {} | {} | {} | {} | {} | {} | {ct} | {cn} | {prunes} | {dt} | {dn} | {ratio} |",
            p.width,
            p.height,
            a.status,
            fmt_us(a.micros),
            a.nodes,
            fmt_us(b.micros),
            b.nodes,
            fmt_us(r.micros),
            r.nodes,
        );
    }
    println!();
    println!("| boards (largest side) | count | median | max |");
    println!("|---|---|---|---|");
    for (lo, hi) in [(1, 10), (11, 25), (26, 50), (51, 60)] {
        let mut v: Vec<f64> = by_class
            .iter()
            .filter(|(s, _)| *s >= lo && *s <= hi)
            .map(|x| x.1)
            .collect();
        if v.is_empty() {
            continue;
        }
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "| {lo}..{hi} | {} | {} | {} |",
            v.len(),
            fmt_us(v[v.len() / 2]),
            fmt_us(*v.last().unwrap())
        );
    }
}
