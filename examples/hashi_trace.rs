//! Prints the reasoning of one solve: `cargo run --example hashi_trace -- ID`.
use solvescope::engine::{Budget, Machine, Trace};
use solvescope::puzzles::hashi::*;
fn main() {
    let id = std::env::args().nth(1).expect("usage: hashi_trace ID");
    let p = parse_any(&id).unwrap_or_else(|e| panic!("{e}"));
    let mut s = Solver::new(&p, SolveOptions::default()).unwrap();
    let mut t = Trace::default();
    let st = s.run(&mut Budget::unlimited(), &mut t);
    for e in &t.events {
        match e {
            Event::HashiRange { .. } => {}
            other => println!("{}", serde_json::to_string(other).unwrap()),
        }
    }
    println!("{st:?} {:?}", s.stats());
}
