//! Times and reach of the generator's options (BENCHMARKS.md "Hashiwokakero: generating a
//! difficulty level"; every option in docs/history/BENCHMARKS-HISTORY.md): for each
//! bridges-per-pair k (`m<k>`), no-loops rule (`L`), size and level, the registry's `generate`
//! (the path wasm takes) from seeds 0 … K-1 with a budget of B ms each;
//! median and max over the seeds that found a puzzle, how many failed (gave up in their 200
//! layouts, or ran out of the budget: `budget`), the islands in percent of the cells, and the
//! ratio to the baseline measured in the same run: the same size and level with the default
//! options (k = 2, loops allowed, density 20). Then the density option alone.
//!
//! Times are wall time (the thread's CPU time from `/proc/thread-self/schedstat` moves in 4 ms
//! ticks on the benchmark machine, too coarse here; measure whole runs with `perf stat` for CPU
//! time). An error that is not the budget (a request the generator refuses, or 200 layouts
//! without a puzzle) counts as failed too.
//!
//! `cargo run --release --example hashi_generate_options [K] [B]`

use std::time::Instant;

fn main() {
    let k: u64 = std::env::args().nth(1).map_or(5, |s| s.parse().unwrap());
    let budget: u64 = std::env::args().nth(2).map_or(2000, |s| s.parse().unwrap());
    let game = solvescope::puzzles::lookup("hashi").unwrap();
    // (median ms, max ms, failed, budget failures, island %)
    let run = |size: &str, level: &str| {
        let mut times = Vec::new();
        let (mut failed, mut budgets, mut density) = (0, 0, 0.0);
        for seed in 0..k {
            let req = serde_json::json!({"size": size, "seed": seed, "difficulty": level,
                "maxMs": budget});
            let t = Instant::now();
            let made = game.generate(&req);
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            match made {
                Ok(g) => {
                    times.push(ms);
                    let cells = g["puzzle"]["cells"].as_array().unwrap();
                    let islands = cells.iter().filter(|c| c.as_u64() != Some(0)).count();
                    density += 100.0 * islands as f64 / cells.len() as f64;
                }
                Err(e) => {
                    failed += 1;
                    if e.contains(solvescope::puzzles::contract::OUT_OF_BUDGET) {
                        budgets += 1;
                    }
                }
            }
        }
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let found = times.len();
        let median = times.get(found / 2).copied().unwrap_or(f64::NAN);
        let max = times.last().copied().unwrap_or(f64::NAN);
        (median, max, failed, budgets, density / found.max(1) as f64)
    };
    let cell = |x: f64| {
        if x.is_nan() {
            "-".to_string()
        } else {
            format!("{x:.2} ms")
        }
    };
    println!("budget {budget} ms per request, seeds 0..{k}");
    println!(
        "| size | level | options | median | max | failed (budget) | islands | median / default |"
    );
    println!("|---|---|---|---:|---:|---:|---:|---:|");
    for size in ["7x7", "15x15", "30x30", "60x60"] {
        for level in ["easy", "medium", "hard"] {
            let (b, ..) = run(size, level);
            for opts in ["", "m1", "m3", "m4", "L", "m3L", "e10"] {
                if opts.contains("m1") && level == "medium" {
                    continue;
                }
                let (m, x, f, bf, d) = if opts.is_empty() {
                    run(size, level)
                } else {
                    run(&format!("{size}{opts}"), level)
                };
                println!(
                    "| {size} | {level} | {} | {} | {} | {f}/{k} ({bf}) | {d:.1}% | {:.2}x |",
                    if opts.is_empty() { "(default)" } else { opts },
                    cell(m),
                    cell(x),
                    m / b
                );
            }
        }
    }
    println!();
    println!(
        "| size | level | density | median | max | failed (budget) | islands | median / i20 |"
    );
    println!("|---|---|---|---:|---:|---:|---:|---:|");
    for size in ["15x15", "30x30", "60x60"] {
        for level in ["medium", "hard"] {
            let (b, ..) = run(size, level);
            for d in [5, 10, 20, 30] {
                let (m, x, f, bf, dd) = run(&format!("{size}i{d}"), level);
                println!(
                    "| {size} | {level} | i{d} | {} | {} | {f}/{k} ({bf}) | {dd:.1}% | {:.2}x |",
                    cell(m),
                    cell(x),
                    m / b
                );
            }
        }
    }
}
