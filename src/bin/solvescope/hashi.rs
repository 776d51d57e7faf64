//! `solvescope hashi solve ID… | --batch FILE|-` (shared/FORMATS.md §6).
//!
//! One JSON line per puzzle: `{"id", "status": unique|multiple|none|budget, "solution": [{"a":[r,c],
//! "b":[r,c],"n":k}…] or null, "nodes", "micros"}`. A puzzle that does not parse is a bad-input
//! failure (exit 2) naming the line; nothing is printed for it.

use serde_json::json;
use solvescope::session::{
    AnySolution, Options, Session, Verdict, DEFAULT_MAX_MICROS, DEFAULT_MAX_NODES,
};

use crate::args::Args;
use crate::{emit, Failure};

pub fn run(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse(
        argv,
        &["batch", "max-nodes", "max-ms", "techniques", "heuristic"],
        &[],
    )?;
    let words: Vec<&str> = args.positional.iter().map(String::as_str).collect();
    let Some((&"solve", ids)) = words.split_first() else {
        return Err(Failure::input(
            "hashi: expected 'solve ID…' or 'solve --batch FILE' (see solvescope --help)",
        ));
    };
    let puzzles = crate::args::puzzle_jobs(ids, args.value("batch"), |f| {
        solvescope::puzzles::hashi::parse_any(f).is_ok()
    })?;
    if puzzles.is_empty() {
        return Err(Failure::input("hashi solve: no puzzle given"));
    }
    let max_nodes: u64 = args.number("max-nodes")?.unwrap_or(DEFAULT_MAX_NODES);
    let max_micros: u64 = args
        .number::<u64>("max-ms")?
        .map_or(DEFAULT_MAX_MICROS, |ms| ms.saturating_mul(1000));
    let options = Options {
        techniques: crate::args::techniques(
            args.value("techniques"),
            &solvescope::puzzles::hashi::Techniques::NAMES,
        )?,
        ..Options::default()
    };
    for (place, id) in puzzles {
        let mut s = Session::new("hashi", &id, "solve", &options)
            .map_err(|e| Failure::input(format!("{place}: {e}")))?;
        let r = s.solve(max_nodes, max_micros).map_err(|e| Failure {
            code: 1,
            message: e,
        })?;
        let status = match r.verdict {
            Verdict::Unique => "unique",
            Verdict::Multiple => "multiple",
            Verdict::None => "none",
            _ => "budget",
        };
        let solution = match (r.verdict, r.solutions.first()) {
            (Verdict::Unique | Verdict::Multiple, Some(AnySolution::Bridges(b))) => json!(b
                .iter()
                .map(|b| json!({"a": [b.a.0, b.a.1], "b": [b.b.0, b.b.1], "n": b.n}))
                .collect::<Vec<_>>()),
            _ => serde_json::Value::Null,
        };
        emit(&json!({
            "id": id,
            "status": status,
            "solution": solution,
            "nodes": r.stats.nodes,
            "micros": r.stats.elapsed_micros,
        }));
    }
    Ok(())
}
