//! `solvescope skyscrapers …` (shared/FORMATS.md §6).
//!
//! `solve ID…` / `solve --batch FILE|-`: one JSON line per puzzle. A bad ID is reported on stderr
//! (with its line number in batch mode), the other puzzles are still solved, and the exit status
//! is 2 at the end. `generate N [--seed S] [--count K]` prints generated puzzles.

use serde_json::json;
use solvescope::puzzles::skyscrapers::{self, generate::generate};
use solvescope::session::{self, AnySolution, Options, Session, Verdict};

use crate::args::Args;
use crate::{emit, Failure};

const HELP: &str = "skyscrapers: expected 'solve ID…', 'solve --batch FILE' or 'generate N [--seed S] [--count K] [--max-nodes N]'
  solve options: --max-nodes N, --max-ms MS (budget; default 60000 ms), --techniques LIST
  (comma list of visibility,lines,mrv, or 'none'; default all)";

pub fn run(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse(
        argv,
        &[
            "batch",
            "max-nodes",
            "max-ms",
            "techniques",
            "seed",
            "count",
        ],
        &[],
    )?;
    let words: Vec<&str> = args.positional.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["solve", ids @ ..] => solve(ids, &args),
        ["generate", n] => gen(n, &args),
        _ => Err(Failure::input(HELP)),
    }
}

fn solve(ids: &[&str], args: &Args) -> Result<(), Failure> {
    let max_nodes: u64 = args
        .number("max-nodes")?
        .unwrap_or(session::DEFAULT_MAX_NODES);
    let max_micros: u64 = args
        .number::<u64>("max-ms")?
        .map(|ms| ms.saturating_mul(1000))
        .unwrap_or(session::DEFAULT_MAX_MICROS);
    let opts = Options {
        techniques: crate::args::techniques(
            args.value("techniques"),
            &["visibility", "lines", "mrv"],
        )?,
        ..Options::default()
    };
    let jobs = crate::args::puzzle_jobs(ids, args.value("batch"), |f| {
        skyscrapers::parse_any(f).is_ok()
    })?;
    if jobs.is_empty() {
        return Err(Failure::input(HELP));
    }
    let mut bad = 0;
    for (place, id) in jobs {
        match solve_one(&id, &opts, max_nodes, max_micros) {
            Ok(value) => emit(&value),
            Err(e) => {
                bad += 1;
                eprintln!("solvescope: {place}: {e}");
            }
        }
    }
    if bad > 0 {
        return Err(Failure::input(format!("{bad} puzzle(s) could not be read")));
    }
    Ok(())
}

fn solve_one(
    id: &str,
    opts: &Options,
    max_nodes: u64,
    max_micros: u64,
) -> Result<serde_json::Value, String> {
    let mut s = Session::new("skyscrapers", id, "solve", opts)?;
    let r = s.solve(max_nodes, max_micros)?;
    let status = match r.verdict {
        Verdict::Unique => "unique",
        Verdict::Multiple => "multiple",
        Verdict::None => "none",
        _ => "budget",
    };
    let solution = match (status, r.solutions.first()) {
        ("unique" | "multiple", Some(AnySolution::Grid(g))) => json!(g),
        _ => serde_json::Value::Null,
    };
    Ok(json!({
        "id": id,
        "status": status,
        "solution": solution,
        "nodes": r.stats.nodes,
        "micros": r.stats.elapsed_micros,
    }))
}

fn gen(n: &str, args: &Args) -> Result<(), Failure> {
    let n: usize = n
        .parse()
        .map_err(|_| Failure::input(format!("generate: N '{n}' is not a number")))?;
    let seed: u64 = args.number("seed")?.unwrap_or(1);
    let count: u64 = args.number("count")?.unwrap_or(1);
    // Each uniqueness check gets this many nodes; a check that runs out keeps its clue.
    let max_nodes: u64 = args.number("max-nodes")?.unwrap_or(100_000);
    for k in 0..count {
        let (p, grid) = generate(n, seed.wrapping_add(k), max_nodes)?;
        emit(&json!({
            "n": n,
            "seed": seed.wrapping_add(k),
            "id": skyscrapers::to_tatham_id(&p),
            "url": skyscrapers::to_puzzlink_url(&p),
            "solution": grid,
        }));
    }
    Ok(())
}
