//! The Skyscrapers solver once over every fixture of `cargo bench --bench skyscrapers`, for
//! counting instructions under callgrind (noise-free on a shared machine, unlike wall time):
//!
//! `valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/skyscrapers_instructions full`
//! (or `article`, `step`). `full` solves each puzzle to the end with every technique (uniqueness
//! proof, limit 2); `article` runs the article's techniques for at most 5,000 nodes per puzzle
//! (some would take seconds); `step` is `full` recording every event, as stepping does. It prints
//! the nodes (and events), so two builds can be checked to do the same work.

use solvescope::engine::{Budget, Machine, NoEvents, Trace};
use solvescope::puzzles::skyscrapers::parse_any;
use solvescope::puzzles::skyscrapers::solve::{Options, Solver, Techniques};

const FILES: &[&str] = &[
    "tatham-towers.txt",
    "skyscrapers-generated.txt",
    "skyscrapers-special.txt",
    "skyscrapers-large.txt",
];

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let article = mode == "article";
    let mut events = 0usize;
    let (techniques, max_nodes) = if article {
        (Techniques::ARTICLE, 5_000)
    } else {
        (Techniques::ALL, u64::MAX)
    };
    let dir = format!("{}/tests/fixtures", env!("CARGO_MANIFEST_DIR"));
    let (mut puzzles, mut nodes) = (0u64, 0u64);
    for file in FILES {
        let text = std::fs::read_to_string(format!("{dir}/{file}")).expect("fixture file");
        for line in text.lines() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let id = line.split('\t').nth(2).expect("third field: the ID");
            let p = parse_any(id).expect("fixture parses");
            let mut s = Solver::new(
                &p,
                Options {
                    techniques,
                    limit: 2,
                },
            )
            .expect("solver");
            if mode == "step" {
                let mut trace = Trace::default();
                s.run(&mut Budget::nodes(max_nodes), &mut trace);
                events += trace.events.len();
            } else {
                s.run(&mut Budget::nodes(max_nodes), &mut NoEvents);
            }
            puzzles += 1;
            nodes += s.stats().nodes;
        }
    }
    println!("{puzzles} puzzles, {nodes} nodes, {events} events");
}
