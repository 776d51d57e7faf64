//! Skyscrapers traces, for checking that a change to the solver's code changes none of its
//! behaviour: every fixture (tests/fixtures/skyscrapers-*.txt, tatham-towers*.txt) under every
//! combination of the registry's options (the 16 subsets of the four techniques with the default
//! limit, and every technique with limit 1), stepped through the `Session` as the page steps it.
//!
//! `cargo run --release --example skyscrapers_traces [MAX_EVENTS] [full]` prints one line per
//! run: file, line, options, events, an FNV-1a 64 digest of every event (its JSON and the
//! counters after it), and the status and counters where the run stopped (at its end, or after
//! `MAX_EVENTS` events, 20,000 by default). With `full` it prints every event line itself, so
//! two builds' outputs can be compared byte for byte (`| sha256sum`). The stored digests that
//! tests/skyscrapers_traces.rs checks were made this way with the code before the shared search
//! engine (see that test).

use serde_json::{json, Value};
use solvescope::session::Session;

const FILES: &[&str] = &[
    "tatham-towers.txt",
    "skyscrapers-generated.txt",
    "skyscrapers-special.txt",
    "skyscrapers-large.txt",
    "skyscrapers-big.txt",
    "tatham-towers-graded.txt",
];

const TECHNIQUES: [&str; 4] = ["visibility", "lines", "mrv", "places"];

/// The options of every run: each subset of the techniques (default limit), then all with limit 1.
fn option_sets() -> Vec<Value> {
    let mut sets: Vec<Value> = (0..16u32)
        .map(|mask| {
            let t: serde_json::Map<String, Value> = TECHNIQUES
                .iter()
                .enumerate()
                .map(|(i, name)| (name.to_string(), Value::Bool(mask & (1 << i) != 0)))
                .collect();
            json!({ "techniques": t })
        })
        .collect();
    sets.push(json!({ "limit": 1 }));
    sets
}

fn fnv(hash: &mut u64, bytes: &[u8]) {
    for &b in bytes {
        *hash ^= b as u64;
        *hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let max_events: usize = args
        .first()
        .map(|a| a.parse().expect("MAX_EVENTS is a number"))
        .unwrap_or(20_000);
    let full = args.iter().any(|a| a == "full");
    let dir = format!("{}/tests/fixtures", env!("CARGO_MANIFEST_DIR"));
    let (mut runs, mut total) = (0u64, 0u64);
    for file in FILES {
        let text = std::fs::read_to_string(format!("{dir}/{file}")).expect("fixture file");
        for (line_no, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let id = line.split('\t').nth(2).expect("third field: the ID");
            for options in option_sets() {
                let mut session =
                    Session::new("skyscrapers", id, "solve", &options).expect("fixture parses");
                let mut hash = 0xcbf2_9ce4_8422_2325u64;
                let mut events = 0usize;
                let status = loop {
                    let frame = session.step((max_events - events).min(10_000));
                    for (event, after) in frame.events.iter().zip(&frame.after) {
                        let text = format!(
                            "{}\t{}\n",
                            serde_json::to_string(event).expect("event JSON"),
                            serde_json::to_string(after).expect("counters JSON")
                        );
                        fnv(&mut hash, text.as_bytes());
                        if full {
                            print!("{text}");
                        }
                    }
                    events += frame.events.len();
                    if frame.status.is_done() || events >= max_events {
                        break frame.status;
                    }
                };
                let (stats, _) = session.stats();
                runs += 1;
                total += events as u64;
                println!(
                    "{file}:{}\t{options}\t{events}\t{hash:016x}\t{status:?}\t{}/{}/{}/{}",
                    line_no + 1,
                    stats.nodes,
                    stats.backtracks,
                    stats.solutions,
                    stats.depth
                );
            }
        }
    }
    eprintln!("{runs} runs, {total} events");
}
