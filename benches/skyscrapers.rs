//! Skyscrapers benchmark: every fixture, full solver vs the source article's solver, side by side.
//!
//! `cargo bench --bench skyscrapers` prints a markdown table (one row per puzzle: N, label, verdict,
//! nodes and median µs for the full solver, nodes and µs for the baseline, and the ratio), then the
//! median / max per size. The baseline is the same machine with line propagation switched off
//! (`Techniques::ARTICLE`: bitmask candidates, clue-1 / clue-N rules, clue-distance caps,
//! visibility bounds, Latin singles, MRV), i.e. what the article builds. Times include the
//! uniqueness proof (solution limit 2) and exclude parsing. The baseline gets at most
//! `BASELINE_MAX_MS` per puzzle; a row that runs out shows `budget`.

use std::time::Instant;

use solvescope::engine::{Budget, Machine, NoEvents, Status};
use solvescope::puzzles::skyscrapers::check_solution;
use solvescope::puzzles::skyscrapers::parse_any;
use solvescope::puzzles::skyscrapers::solve::{Options, Solver, Techniques};

const BASELINE_MAX_MS: u64 = 2_000;

struct Row {
    file: &'static str,
    n: usize,
    label: String,
    id: String,
}

fn load(file: &'static str) -> Vec<Row> {
    let path = format!("{}/tests/fixtures/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("fixture file");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                file,
                n: f[0].parse().expect("size"),
                label: f[1].to_string(),
                id: f[2].to_string(),
            }
        })
        .collect()
}

/// One solve: (status, solutions, nodes, µs); `None` status text when the budget ran out.
fn run(id: &str, t: Techniques, max_ms: u64) -> (&'static str, u64, f64) {
    let p = parse_any(id).expect("fixture parses");
    let started = Instant::now();
    let mut s = Solver::new(
        &p,
        Options {
            techniques: t,
            limit: 2,
        },
    )
    .expect("solver");
    let mut status = Status::Paused;
    // Chunks of nodes so the baseline can be cut off by time.
    while status == Status::Paused {
        status = s.run(&mut Budget::nodes(256), &mut NoEvents);
        if started.elapsed().as_millis() as u64 > max_ms {
            break;
        }
    }
    let micros = started.elapsed().as_secs_f64() * 1e6;
    for g in s.solutions() {
        check_solution(&p, g).expect("independent checker accepts the answer");
    }
    let verdict = match (status, s.solutions().len()) {
        (Status::Exhausted, 0) => "none",
        (Status::Exhausted, 1) => "unique",
        (Status::LimitReached, _) => "multiple",
        _ => "budget",
    };
    (verdict, s.stats().nodes, micros)
}

/// Median µs over repeated runs (at least 3, until ~200 ms are spent, at most 101).
fn timed(id: &str, t: Techniques, max_ms: u64) -> (&'static str, u64, f64) {
    let (verdict, nodes, first) = run(id, t, max_ms);
    let mut times = vec![first];
    let mut spent = first;
    while times.len() < 101 && (times.len() < 3 || spent < 200_000.0) && first < 1_000_000.0 {
        let (_, _, us) = run(id, t, max_ms);
        times.push(us);
        spent += us;
    }
    times.sort_by(|a, b| a.total_cmp(b));
    (verdict, nodes, times[times.len() / 2])
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        0.0
    } else {
        v[v.len() / 2]
    }
}

fn main() {
    let mut rows = load("tatham-towers.txt");
    rows.extend(load("skyscrapers-generated.txt"));
    rows.extend(load("skyscrapers-special.txt"));
    rows.extend(load("skyscrapers-large.txt"));
    println!("| fixture | N | label | verdict | nodes | µs full | nodes article | µs article | article / full |");
    println!("|---|---:|---|---|---:|---:|---:|---:|---:|");
    let mut per_size: std::collections::BTreeMap<usize, (Vec<f64>, Vec<f64>)> = Default::default();
    for r in &rows {
        let (verdict, nodes, us) = timed(&r.id, Techniques::ALL, u64::MAX);
        let (bverdict, bnodes, bus) = timed(&r.id, Techniques::ARTICLE, BASELINE_MAX_MS);
        assert!(
            bverdict == verdict || bverdict == "budget",
            "{}: {verdict} vs {bverdict}",
            r.id
        );
        let ratio = if bverdict == "budget" {
            format!("> {:.0}", bus / us)
        } else {
            format!("{:.1}", bus / us)
        };
        let short: String = if r.id.len() > 28 {
            format!("{}…", &r.id[..28])
        } else {
            r.id.clone()
        };
        println!(
            "| {} `{}` | {} | {} | {} | {} | {:.0} | {}{} | {:.0} | {} |",
            r.file.trim_end_matches(".txt"),
            short,
            r.n,
            r.label,
            verdict,
            nodes,
            us,
            bnodes,
            if bverdict == "budget" {
                " (budget)"
            } else {
                ""
            },
            bus,
            ratio
        );
        let e = per_size.entry(r.n).or_default();
        e.0.push(us);
        e.1.push(bus);
    }
    println!();
    println!("| N | puzzles | median µs full | max µs full | median µs article | max µs article |");
    println!("|---:|---:|---:|---:|---:|---:|");
    for (n, (mut full, mut base)) in per_size {
        let (mf, xf) = (median(&mut full), full.iter().cloned().fold(0.0, f64::max));
        let (mb, xb) = (median(&mut base), base.iter().cloned().fold(0.0, f64::max));
        println!(
            "| {n} | {} | {mf:.0} | {xf:.0} | {mb:.0} | {xb:.0} |",
            full.len()
        );
    }
    println!();
    println!(
        "Reference (issue 4): Tatham's Towers solver needs about 1 ms on easy puzzles, a median of roughly 200 ms and up to 3 s on 9x9 'unreasonable' ones."
    );
}
