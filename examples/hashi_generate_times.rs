//! Times of `hashi generate --difficulty` (BENCHMARKS.md "Hashiwokakero: generating a difficulty
//! level"): for each size and level, the registry's `generate` from seeds 0 … K-1 (default 9),
//! median and max over the seeds that found a puzzle, how many gave up, and the ratio to the
//! baseline of the same run: the same request without a level (at most 20x20 that is the
//! pre-grading generator, one uniqueness proof per layout, which finds nothing beyond that).
//!
//! `cargo run --release --example hashi_generate_times [K]`

use std::time::Instant;

fn main() {
    let k: u64 = std::env::args().nth(1).map_or(9, |s| s.parse().unwrap());
    let game = solvescope::puzzles::lookup("hashi").unwrap();
    let time = |size: &str, level: Option<&str>, seed: u64| {
        let mut req = serde_json::json!({"size": size, "seed": seed});
        if let Some(l) = level {
            req["difficulty"] = l.into();
        }
        let t = Instant::now();
        let ok = game.generate(&req).is_ok();
        (ok, t.elapsed().as_secs_f64() * 1000.0)
    };
    let median = |v: &mut Vec<f64>| {
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        if v.is_empty() {
            f64::NAN
        } else {
            v[v.len() / 2]
        }
    };
    println!("| size | level | median | max | failed | median / no level |");
    println!("|---|---|---:|---:|---:|---:|");
    for size in ["7x7", "10x10", "15x15", "20x20", "30x30", "45x45", "60x60"] {
        let mut base: Vec<f64> = Vec::new();
        let mut base_failed = 0;
        for seed in 0..k {
            let (ok, ms) = time(size, None, seed);
            if ok {
                base.push(ms)
            } else {
                base_failed += 1
            }
        }
        let b = median(&mut base);
        println!(
            "| {size} | (no level) | {b:.2} ms | {:.2} ms | {base_failed}/{k} | 1.00x |",
            base.last().copied().unwrap_or(f64::NAN)
        );
        for level in ["easy", "medium", "hard"] {
            if level == "easy" && !matches!(size, "7x7" | "10x10" | "15x15" | "20x20" | "30x30") {
                continue;
            }
            let mut t: Vec<f64> = Vec::new();
            let mut failed = 0;
            for seed in 0..k {
                let (ok, ms) = time(size, Some(level), seed);
                if ok {
                    t.push(ms)
                } else {
                    failed += 1
                }
            }
            let m = median(&mut t);
            println!(
                "| {size} | {level} | {m:.2} ms | {:.2} ms | {failed}/{k} | {:.2}x |",
                t.last().copied().unwrap_or(f64::NAN),
                m / b
            );
        }
    }
}
