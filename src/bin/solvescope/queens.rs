//! `solvescope queens …`

use std::time::Instant;

use serde_json::json;
use solvescope::engine::{Budget, Machine, NoEvents};
use solvescope::puzzles::queens::backtrack::{Backtrack, Options as BacktrackOptions};
use solvescope::session::{AnySolution, Options, Session, Verdict, DEFAULT_MAX_MICROS};

use crate::args::Args;
use crate::{emit, Failure};

pub fn run(argv: &[String]) -> Result<(), Failure> {
    let args = Args::parse(
        argv,
        &[
            "limit",
            "threads",
            "seed",
            "tabu",
            "noise",
            "max-steps",
            "max-restarts",
            "strategy",
            "trials",
            "sizes",
        ],
        &["all", "print", "greedy", "conflict-set"],
    )?;
    let words: Vec<&str> = args.positional.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["count", n] => count(n, &args),
        ["solve", n] => solve(n, &args),
        ["repair", n] => repair(n, &args),
        ["repair-stats"] => repair_stats(&args),
        _ => Err(Failure::input(
            "queens: expected 'count N', 'solve N', 'repair N' or 'repair-stats' (see solvescope --help)",
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
        ..Options::default()
    };
    let mut s = Session::new("queens", n, "backtrack", &opts)?;
    let r = s.solve(u64::MAX, u64::MAX)?;
    let solutions: Vec<&Vec<usize>> = r
        .solutions
        .iter()
        .filter_map(|s| match s {
            AnySolution::Columns(c) => Some(c),
            _ => None,
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

/// The repair options given on the command line (seed excluded).
fn repair_options(args: &Args) -> Result<Options, Failure> {
    Ok(Options {
        strategy: args.value("strategy").map(str::to_string),
        maintain_conflict_set: args.has("conflict-set").then_some(true),
        tabu: args.number("tabu")?,
        greedy: args.has("greedy").then_some(true),
        noise: args.number("noise")?,
        max_steps: args.number("max-steps")?,
        max_restarts: args.number("max-restarts")?,
        ..Options::default()
    })
}

fn status_word(v: Verdict) -> &'static str {
    match v {
        Verdict::Budget => "budget",
        Verdict::GaveUp => "gaveUp",
        _ => "found",
    }
}

/// `queens repair N [--seed S] [--print] [--tabu K] [--greedy] [--noise P] [--conflict-set]
/// [--max-steps M] [--max-restarts R] [--strategy auto|minConflicts|swap]`
fn repair(n: &str, args: &Args) -> Result<(), Failure> {
    let opts = Options {
        seed: args.number("seed")?,
        ..repair_options(args)?
    };
    let mut s = Session::new("queens", n, "repair", &opts)?;
    let r = s.solve(u64::MAX, DEFAULT_MAX_MICROS)?;
    let mut line = json!({
        "n": s_n(n)?,
        "seed": r.seed,
        "status": status_word(r.verdict),
        "strategy": s.repair_strategy(),
        "moves": r.stats.moves,
        "restarts": r.stats.restarts,
        "nodes": r.stats.nodes,
        "micros": r.stats.elapsed_micros,
    });
    if args.has("print") {
        line["columns"] = match r.solutions.first() {
            Some(AnySolution::Columns(c)) => json!(c),
            _ => serde_json::Value::Null,
        };
    }
    emit(&line);
    Ok(())
}

/// `queens repair-stats [--trials T] [--sizes 8,16,…] [--seed S]` plus the repair options: one
/// JSON line per size. Trial t of every size uses seed S + t, so `queens:N#(S+t)` replays it.
/// The article's algorithm is used unless `--strategy` says otherwise.
fn repair_stats(args: &Args) -> Result<(), Failure> {
    let trials: u64 = args.number("trials")?.unwrap_or(200);
    if trials == 0 {
        return Err(Failure::input("--trials must be at least 1"));
    }
    let base: u64 = args.number("seed")?.unwrap_or(1);
    let sizes: Vec<usize> = match args.value("sizes") {
        None => (3..=10).map(|k| 1usize << k).collect(),
        Some(list) => list
            .split(',')
            .map(|w| {
                w.trim()
                    .parse::<usize>()
                    .map_err(|_| Failure::input(format!("--sizes: '{w}' is not a whole number")))
            })
            .collect::<Result<_, _>>()?,
    };
    let mut opts = repair_options(args)?;
    if opts.strategy.is_none() {
        opts.strategy = Some("minConflicts".into());
    }
    for n in sizes {
        let mut moves = Vec::new();
        let (mut solved, mut first_try, mut restarts, mut micros) = (0u64, 0u64, 0u64, 0u64);
        for t in 0..trials {
            let o = Options {
                seed: Some(base.wrapping_add(t)),
                ..opts.clone()
            };
            let mut s = Session::new("queens", &format!("queens:{n}"), "repair", &o)?;
            let r = s.solve(u64::MAX, DEFAULT_MAX_MICROS)?;
            micros += r.stats.elapsed_micros;
            restarts += r.stats.restarts;
            if !r.solutions.is_empty() {
                solved += 1;
                moves.push(r.stats.moves);
                if r.stats.restarts == 0 {
                    first_try += 1;
                }
            }
        }
        moves.sort_unstable();
        let mean = |sum: u64, count: u64| {
            if count == 0 {
                serde_json::Value::Null
            } else {
                json!(sum as f64 / count as f64)
            }
        };
        emit(&json!({
            "n": n,
            "trials": trials,
            "seed": base,
            "strategy": opts.strategy,
            "successRate": solved as f64 / trials as f64,
            "firstTryRate": first_try as f64 / trials as f64,
            "meanMoves": mean(moves.iter().sum(), solved),
            "medianMoves": moves.get(moves.len() / 2),
            "maxMoves": moves.last(),
            "meanRestarts": mean(restarts, trials),
            "meanMicros": mean(micros, trials),
        }));
    }
    Ok(())
}
