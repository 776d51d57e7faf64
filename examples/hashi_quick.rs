use solvescope::engine::{Budget, Machine, NoEvents};
use solvescope::puzzles::hashi::*;
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() { continue; }
        let f: Vec<&str> = line.split('\t').collect();
        let p = parse_any(f[1]).unwrap();
        let t = std::time::Instant::now();
        let mut s = Solver::new(&p, SolveOptions::default()).unwrap();
        let st = s.run(&mut Budget::unlimited(), &mut NoEvents);
        let us = t.elapsed().as_micros();
        let ok = s.solutions().iter().all(|x| check_solution(&p, x).is_ok());
        let same = f.len() > 2 && s.solutions().first().map(|x| format_bridge_list(x)) == Some(f[2].to_string());
        println!("{}x{} {:?} sols={} nodes={} us={} ok={} same={}", p.width, p.height, st, s.solutions().len(), s.stats().nodes, us, ok, same);
    }
}
