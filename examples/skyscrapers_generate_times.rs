//! Generation times of Skyscrapers puzzles per size and difficulty, natively (BENCHMARKS.md,
//! docs/GRADING.md): `cargo run --release --example skyscrapers_generate_times [SEEDS] [SIZES]`.
//! For each size, level and givens setting it generates from seeds 0..SEEDS (default 15) and
//! prints the median and largest time of the seeds that succeeded, how many failed (no puzzle of
//! that level in `MAX_ATTEMPTS` Latin squares) and how long giving up took, and the median against the baseline of the same
//! run: the ungraded generator (`generate`, any level) at that size.

use std::time::Instant;

use solvescope::puzzles::skyscrapers::generate::{
    generate_graded, generate_within, Spend, CLUES_ONLY_MAX, MAX_ATTEMPTS,
};
use solvescope::puzzles::skyscrapers::grade::Difficulty;

/// The node budget of each uniqueness check, as the registry's generator uses.
const NODES: u64 = 200_000;

/// Wall time the ungraded baseline may take per seed.
const BASELINE_MICROS: u64 = 5_000_000;

fn median(v: &mut [f64]) -> Option<f64> {
    v.sort_by(f64::total_cmp);
    (!v.is_empty()).then(|| v[v.len() / 2])
}

fn ms(x: Option<f64>) -> String {
    x.map_or("—".into(), |t| format!("{t:.2} ms"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seeds: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(15);
    let sizes: Vec<usize> = args.get(1).map_or((4..=9).collect(), |s| {
        s.split(',').filter_map(|w| w.parse().ok()).collect()
    });
    println!("seeds 0..{seeds}, at most {MAX_ATTEMPTS} Latin squares per puzzle");
    println!("| N | level | givens | median | max | failed | gives up after (median) | median / ungraded |");
    println!("|---:|---|---|---:|---:|---:|---:|---:|");
    for n in sizes {
        // The ungraded generator proves near clue-only puzzles unique again and again, which takes
        // tens of seconds from 14x14 up: a seed that runs past the budget counts as failed.
        let spend = Spend {
            max_nodes: u64::MAX,
            max_micros: BASELINE_MICROS,
        };
        let (mut base, mut over) = (Vec::new(), 0);
        for seed in 0..seeds {
            let t = Instant::now();
            match generate_within(n, seed, NODES, spend) {
                Ok(_) => base.push(t.elapsed().as_secs_f64() * 1e3),
                Err(_) => over += 1,
            }
        }
        let base = median(&mut base);
        println!(
            "| {n} | (ungraded) | as needed | {} | | {over}/{seeds} over {} s | | {} |",
            ms(base),
            BASELINE_MICROS / 1_000_000,
            if base.is_some() { "1.00x" } else { "—" }
        );
        let base = base.unwrap_or(f64::NAN);
        for level in Difficulty::ALL {
            for givens in [false, true] {
                if !givens && n > CLUES_ONLY_MAX {
                    println!("| {n} | {} | no | refused | | | | |", level.name());
                    continue;
                }
                let (mut times, mut failed) = (Vec::new(), Vec::new());
                for seed in 0..seeds {
                    let t = Instant::now();
                    let ok = generate_graded(n, seed, Some(level), givens, NODES).is_ok();
                    let took = t.elapsed().as_secs_f64() * 1e3;
                    if ok {
                        times.push(took);
                    } else {
                        failed.push(took);
                    }
                }
                let max = times.iter().copied().reduce(f64::max);
                let med = median(&mut times);
                println!(
                    "| {n} | {} | {} | {} | {} | {}/{seeds} | {} | {} |",
                    level.name(),
                    if givens { "yes" } else { "no" },
                    ms(med),
                    ms(max),
                    failed.len(),
                    ms(median(&mut failed)),
                    med.filter(|_| base.is_finite())
                        .map_or("—".into(), |m| format!("{:.2}x", m / base)),
                );
            }
        }
    }
}
