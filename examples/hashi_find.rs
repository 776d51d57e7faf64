use solvescope::puzzles::hashi::brute::brute_force;
use solvescope::puzzles::hashi::generate::*;
use solvescope::puzzles::hashi::*;
fn main() {
    let mut found = 0;
    for seed in 0..20000u64 {
        let w = 4 + (seed % 4) as usize;
        let gp = GenParams { width: w, height: w, islands: 5 + (seed % 6) as usize, max_bridges: 2, max_len: 4, loop_chance: 0.7 };
        let (mut p, _) = generate(&gp, seed);
        if p.validate().is_err() { continue; }
        let plain = brute_force(&p, false, 3);
        if plain.len() < 2 { continue; }
        p.no_loops = true;
        let l = brute_force(&p, false, 3);
        if l.len() == 1 {
            println!("seed {seed}: {} plain={} L={}", to_tatham_id(&p).unwrap(), plain.len(), l.len());
            found += 1;
            if found >= 3 { break; }
        }
    }
}
