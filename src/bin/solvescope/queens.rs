//! `solvescope queens …`

use std::time::Instant;

use serde_json::json;
use solvescope::engine::{Budget, Machine, NoEvents};
use solvescope::puzzles::queens::backtrack::{Backtrack, Options as BacktrackOptions};
use solvescope::session::{AnySolution, Options, Session, Verdict};

use crate::args::Args;
use crate::{emit, Failure};

pub fn run(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse(argv, &["limit", "threads"], &["all"])?;
    let words: Vec<&str> = args.positional.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["count", n] => count(n, &args),
        ["solve", n] => solve(n, &args),
        _ => Err(Failure::input(
            "queens: expected 'count N' or 'solve N' (see solvescope --help)",
        )),
    }
}

fn count(n: &str, args: &Args) -> Result<(), Failure> {
    // --threads is accepted for the contract of FORMATS.md §6; the counter is single-threaded.
    let _threads: Option<usize> = args.number("threads")?;
    let n = s_n(n)?;
    let mut m = Backtrack::new(n, BacktrackOptions::count())?;
    let started = Instant::now();
    m.run(&mut Budget::unlimited(), &mut NoEvents);
    let micros = started.elapsed().as_micros() as u64;
    let stats = m.stats();
    emit(&json!({
        "n": n,
        "solutions": stats.solutions,
        "unique": m.fundamental_solutions(),
        "nodes": stats.nodes,
        "micros": micros,
    }));
    Ok(())
}

fn solve(n: &str, args: &Args) -> Result<(), Failure> {
    let opts = Options {
        mode: Some(if args.has("all") { "all" } else { "first" }.into()),
        limit: args.number("limit")?,
    };
    let mut s = Session::new("queens", n, "backtrack", &opts)?;
    let r = s.solve(u64::MAX, u64::MAX)?;
    let solutions: Vec<&Vec<usize>> = r
        .solutions
        .iter()
        .map(|s| match s {
            AnySolution::Columns(c) => c,
        })
        .collect();
    emit(&json!({
        "n": s_n(n)?,
        "status": if r.verdict == Verdict::None { "none" } else { "found" },
        "solutions": solutions,
        "nodes": r.stats.nodes,
        "backtracks": r.stats.backtracks,
        "micros": r.stats.elapsed_micros,
    }));
    Ok(())
}

fn s_n(n: &str) -> Result<usize, Failure> {
    Ok(solvescope::puzzles::queens::parse_id(n)?.n)
}
