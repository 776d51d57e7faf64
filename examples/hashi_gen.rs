use solvescope::puzzles::hashi::generate::*;
use solvescope::puzzles::hashi::*;
fn main() {
    let a: Vec<usize> = std::env::args().skip(1).map(|s| s.parse().unwrap()).collect();
    let (w, n, len, tries) = (a[0], a[1], a[2], a[3] as u64);
    for seed in 0..tries {
        let gp = GenParams { width: w, height: w, islands: n, max_bridges: 2, max_len: len, loop_chance: a[4] as f64 / 100.0 };
        let (p, sol) = generate(&gp, seed);
        let t = std::time::Instant::now();
        let r = add_rocks_until_unique(&p, &sol, 200, 1_000_000);
        println!("seed {seed}: {:?} in {} ms", r.map(|x| x.1), t.elapsed().as_millis());
    }
}
