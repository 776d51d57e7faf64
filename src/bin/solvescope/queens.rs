//! `solvescope queens …`

use serde_json::json;
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
    let opts = Options {
        mode: Some("count".into()),
        ..Options::default()
    };
    let mut s = Session::new("queens", n, "backtrack", &opts)?;
    let r = s.solve(u64::MAX, u64::MAX)?;
    let n = s_n(n)?;
    emit(&json!({
        "n": n,
        "solutions": r.stats.solutions,
        "unique": serde_json::Value::Null,
        "nodes": r.stats.nodes,
        "micros": r.stats.elapsed_micros,
    }));
    Ok(())
}

fn solve(n: &str, args: &Args) -> Result<(), Failure> {
    let opts = Options {
        mode: Some(if args.has("all") { "all" } else { "first" }.into()),
        limit: args.number("limit")?,
        ..Options::default()
    };
    let mut s = Session::new("queens", n, "backtrack", &opts)?;
    let r = s.solve(u64::MAX, u64::MAX)?;
    let solutions: Vec<&Vec<usize>> = r
        .solutions
        .iter()
        .map(|s| match s {
            AnySolution::Columns(c) => c,
            _ => unreachable!("a queens session returns columns"),
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
