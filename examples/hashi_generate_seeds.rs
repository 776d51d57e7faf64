//! One size and level of the Hashiwokakero generator, seed by seed, natively: the registry's
//! `generate` (the path wasm takes) from seeds 0 … K-1 with a budget of B ms each; one JSON line
//! per seed with the wall time (`ms`; the thread's CPU time in Linux's schedstat moves in 4 ms
//! ticks on the benchmark machine, too coarse), the share of island cells, the Tatham ID, and the
//! error if it gave up.
//! `benches/hashi_generate_wasm.mjs` runs it beside the wasm module for the same requests.
//!
//! `cargo run --release --example hashi_generate_seeds SIZE LEVEL|- K B`

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 5 {
        eprintln!("usage: hashi_generate_seeds SIZE LEVEL|- SEEDS BUDGET_MS");
        std::process::exit(2);
    }
    let game = solvescope::puzzles::lookup("hashi").unwrap();
    let seeds: u64 = args[3].parse().expect("SEEDS is a number");
    let budget: u64 = args[4].parse().expect("BUDGET_MS is a number");
    for seed in 0..seeds {
        let mut req = serde_json::json!({"size": args[1], "seed": seed, "maxMs": budget});
        if args[2] != "-" {
            req["difficulty"] = args[2].clone().into();
        }
        let t = Instant::now();
        let made = game.generate(&req);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let line = match made {
            Ok(g) => {
                let cells = g["puzzle"]["cells"].as_array().unwrap();
                let islands = cells.iter().filter(|c| c.as_u64() != Some(0)).count();
                serde_json::json!({"seed": seed, "ms": ms,
                    "islands": islands as f64 / cells.len() as f64,
                    "id": g["exports"]["tatham"]})
            }
            Err(e) => serde_json::json!({"seed": seed, "ms": ms, "error": e}),
        };
        println!("{line}");
    }
}
