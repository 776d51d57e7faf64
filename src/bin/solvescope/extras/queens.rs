//! N-Queens' own commands (docs/FORMATS.md §6): `count`, `solve` (placements, not puzzles to
//! prove unique), `repair` and `repair-stats`. Anything else goes to the generic commands.

use std::time::Instant;

use serde_json::{json, Value};
use solvescope::engine::Stepper;
use solvescope::puzzles::contract::seed_json;
use solvescope::puzzles::queens::backtrack::Options as BacktrackOptions;
use solvescope::puzzles::queens::count;
use solvescope::puzzles::queens::experiment;
use solvescope::puzzles::queens::naive::Naive;
use solvescope::session::{Session, Verdict, DEFAULT_MAX_MICROS};

use crate::args::Args;
use crate::{emit, Failure};

pub const USAGE: &str = "N-Queens' own commands:
  solvescope queens count N [--algorithm bitmask|naive] [--threads T] [--max-nodes K] [--max-ms M]
                                                  count all solutions (bitmask: symmetry classes on
                                                  every core by default; naive: the article's first version)
  solvescope queens solve N [--all [--limit K]] [--max-nodes K] [--max-ms M]
                                                  first (or all) placements
  solvescope queens repair N [--seed S] [--print] [--tabu K] [--greedy] [--noise P] [--max-ms M]
             [--conflict-set] [--max-steps M] [--max-restarts R] [--strategy auto|minConflicts|swap]
             [--max-nodes K]                      one placement by min-conflicts repair (seeded)
  solvescope queens repair-stats [--trials 200] [--sizes 8,16,...,1024] [--seed S] [repair options]
             [--max-nodes K] [--max-ms M]         the article's statistics, one JSON line per size
  solvescope queens experiment scaling [--backtrack-sizes 4,5,... | --backtrack-max N]
             [--repair-sizes 8,10,... | --repair-max N]
             [--seeds K] [--seed S] [--max-nodes K] [--max-ms M] [--summary]
  solvescope queens experiment trials [--sizes 8,16,...] [--trials T] [--seed S] [--max-ms M]
             [--series min-conflicts,min-conflicts+greedy,...] [--summary]
                                                  the page's experiments (docs/EXPERIMENTS.md): one CSV
                                                  line per run, or one JSON line per series and N
";

/// N-Queens' own commands.
pub const COMMANDS: &[&str] = &["count", "solve", "repair", "repair-stats", "experiment"];

/// Runs one of N-Queens' own commands, or `None` for the generic ones.
pub fn run(argv: &[String]) -> Option<Result<(), Failure>> {
    let command = argv.first().map(String::as_str)?;
    if !COMMANDS.contains(&command) {
        return None;
    }
    Some(run_own(argv))
}

/// The flags of each command (valued, switches). Each command has its own table, so a flag meant
/// for another one (`queens count 8 --print`, `queens solve 8 --seed 3`) is refused, not ignored.
fn flags(command: &str) -> (&'static [&'static str], &'static [&'static str]) {
    // Both take the node and time budgets every long-running command takes.
    const REPAIR: &[&str] = &[
        "seed",
        "tabu",
        "noise",
        "max-steps",
        "max-restarts",
        "strategy",
        "max-nodes",
        "max-ms",
    ];
    const STATS: &[&str] = &[
        "trials",
        "sizes",
        "seed",
        "tabu",
        "noise",
        "max-steps",
        "max-restarts",
        "strategy",
        "max-nodes",
        "max-ms",
    ];
    match command {
        "count" => (&["algorithm", "threads", "max-nodes", "max-ms"], &[]),
        "solve" => (&["limit", "max-nodes", "max-ms"], &["all"]),
        "experiment" => (
            &[
                "backtrack-sizes",
                "backtrack-max",
                "repair-sizes",
                "repair-max",
                "sizes",
                "seeds",
                "seed",
                "trials",
                "series",
                "max-nodes",
                "max-ms",
            ],
            &["summary"],
        ),
        "repair" => (REPAIR, &["print", "greedy", "conflict-set"]),
        _ => (STATS, &["greedy", "conflict-set"]),
    }
}

fn run_own(argv: &[String]) -> Result<(), Failure> {
    let command = argv[0].as_str();
    let (valued, switches) = flags(command);
    let args = Args::parse(&argv[1..], &format!("queens {command}"), valued, switches)?;
    let words: Vec<&str> = args.positional.iter().map(String::as_str).collect();
    match (command, words.as_slice()) {
        ("count", [n]) => count(n, &args),
        ("solve", [n]) => solve(n, &args),
        ("repair", [n]) => repair(n, &args),
        ("repair-stats", []) => repair_stats(&args),
        ("experiment", [kind]) => experiment(kind, &args),
        _ => Err(Failure::input(
            "queens: expected 'count N', 'solve N', 'repair N', 'repair-stats' or 'experiment scaling|trials' (see solvescope --help)",
        )),
    }
}

/// `queens count N [--algorithm bitmask|naive] [--threads T] [--max-nodes K] [--max-ms M]`: one
/// line with `status` `counted`, or `budget` with the figures reached when a limit ended it.
fn count(n: &str, args: &Args) -> Result<(), Failure> {
    let id = solvescope::puzzles::queens::parse_id(n)?;
    if id.seed.is_some() {
        return Err(Failure::input(format!(
            "queens count takes N, not a seeded ID like {} (a seed only applies to repair)",
            solvescope::shared::text::quote(n)
        )));
    }
    let n = id.n;
    let max_nodes: u64 = args.number("max-nodes")?.unwrap_or(u64::MAX);
    let max_micros: u64 = args
        .number::<u64>("max-ms")?
        .map_or(u64::MAX, |ms| ms.saturating_mul(1000));
    let threads: Option<usize> = args.number("threads")?;
    if threads == Some(0) {
        return Err(Failure::input("--threads must be at least 1"));
    }
    let algorithm = args.value("algorithm").unwrap_or("bitmask");
    let started = Instant::now();
    let (counts, finished, threads, tasks) = match algorithm {
        "bitmask" => {
            let threads = threads.unwrap_or_else(|| {
                std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
            });
            let o = count::count_native(
                n,
                count::Limits {
                    threads,
                    max_nodes,
                    max_micros,
                },
            )?;
            (
                o.counts,
                o.finished,
                o.threads,
                Some((o.tasks, o.tasks_done)),
            )
        }
        "naive" => {
            if threads.is_some_and(|t| t > 1) {
                return Err(Failure::input(format!(
                    "--threads {}: the naive counter runs on one thread (the article's version; use --algorithm bitmask for threads)",
                    threads.unwrap_or(1)
                )));
            }
            let mut s = Stepper::new(Naive::new(n, BacktrackOptions::count())?);
            let status = s.solve_within(max_nodes, max_micros);
            let stats = s.stats();
            let counts = count::Counts {
                solutions: stats.solutions,
                unique: s.machine().fundamental_solutions(),
                nodes: stats.nodes,
            };
            (counts, status.is_done(), 1, None)
        }
        other => {
            return Err(Failure::input(format!(
                "queens count: unknown algorithm '{other}' (known: bitmask, naive)"
            )))
        }
    };
    let mut line = json!({
        "n": n,
        "algorithm": algorithm,
        "status": if finished { "counted" } else { "budget" },
        "solutions": counts.solutions,
        "unique": counts.unique,
        "nodes": counts.nodes,
        "threads": threads,
        "micros": started.elapsed().as_micros() as u64,
    });
    if let Some((tasks, done)) = tasks {
        line["tasks"] = json!(tasks);
        line["tasksDone"] = json!(done);
    }
    emit(&line);
    Ok(())
}

fn solve(n: &str, args: &Args) -> Result<(), Failure> {
    let mut opts = json!({"mode": if args.has("all") { "all" } else { "first" }});
    if let Some(limit) = args.number::<u64>("limit")? {
        opts["limit"] = json!(limit);
    }
    let max_nodes: u64 = args.number("max-nodes")?.unwrap_or(u64::MAX);
    let max_micros: u64 = args
        .number::<u64>("max-ms")?
        .map_or(u64::MAX, |ms| ms.saturating_mul(1000));
    let mut s = Session::new("queens", n, "backtrack", &opts)?;
    let r = s.solve(max_nodes, max_micros).map_err(internal)?;
    let solutions = &r.solutions;
    let status = match r.verdict {
        Verdict::None => "none",
        Verdict::Budget => "budget",
        _ => "found",
    };
    emit(&json!({
        "n": s_n(n)?,
        "status": status,
        "solutions": solutions,
        "nodes": r.stats.nodes,
        "backtracks": r.stats.backtracks,
        "micros": r.stats.elapsed_micros,
    }));
    Ok(())
}

/// A solver failure (an answer the checker refused) is ours, not the user's: exit status 1.
fn internal(message: String) -> Failure {
    Failure { code: 1, message }
}

fn s_n(n: &str) -> Result<usize, Failure> {
    Ok(solvescope::puzzles::queens::parse_id(n)?.n)
}

/// The repair options given on the command line (seed excluded), as the options object.
fn repair_options(args: &Args) -> Result<Value, Failure> {
    let mut o = json!({});
    if let Some(s) = args.value("strategy") {
        o["strategy"] = json!(s);
    }
    if args.has("conflict-set") {
        o["maintainConflictSet"] = json!(true);
    }
    if args.has("greedy") {
        o["greedy"] = json!(true);
    }
    if let Some(t) = args.number::<u64>("tabu")? {
        o["tabu"] = json!(t);
    }
    if let Some(p) = args.float("noise")? {
        o["noise"] = json!(p);
    }
    if let Some(m) = args.number::<u64>("max-steps")? {
        o["maxSteps"] = json!(m);
    }
    if let Some(r) = args.number::<u64>("max-restarts")? {
        o["maxRestarts"] = json!(r);
    }
    Ok(o)
}

fn status_word(v: Verdict) -> &'static str {
    match v {
        Verdict::Budget => "budget",
        Verdict::GaveUp => "gaveUp",
        _ => "found",
    }
}

/// `queens repair N [--seed S] [--print] [--tabu K] [--greedy] [--noise P] [--conflict-set]
/// [--max-steps M] [--max-restarts R] [--strategy auto|minConflicts|swap] [--max-nodes K]
/// [--max-ms M]` (default budget 60 s, no node limit: the step and restart limits are the
/// algorithm's own, the budgets the caller's)
fn repair(n: &str, args: &Args) -> Result<(), Failure> {
    let mut opts = repair_options(args)?;
    if let Some(seed) = args.number::<u64>("seed")? {
        opts["seed"] = json!(seed.to_string());
    }
    let max_nodes: u64 = args.number("max-nodes")?.unwrap_or(u64::MAX);
    let max_micros: u64 = args
        .number::<u64>("max-ms")?
        .map_or(DEFAULT_MAX_MICROS, |ms| ms.saturating_mul(1000));
    let mut s = Session::new("queens", n, "repair", &opts)?;
    let r = s.solve(max_nodes, max_micros).map_err(internal)?;
    let mut line = json!({
        "n": s_n(n)?,
        "seed": r.seed.map(seed_json),
        "status": status_word(r.verdict),
        "strategy": s.variant(),
        "moves": r.stats.moves,
        "restarts": r.stats.restarts,
        "nodes": r.stats.nodes,
        "micros": r.stats.elapsed_micros,
    });
    if args.has("print") {
        line["columns"] = json!(r.solutions.first());
    }
    emit(&line);
    Ok(())
}

/// `queens repair-stats [--trials T] [--sizes 8,16,…] [--seed S] [--max-nodes K] [--max-ms M]`
/// plus the repair options: one JSON line per size. Trial t of every size uses seed S + t, so
/// `queens:N#(S+t)` replays it. The article's algorithm is used unless `--strategy` says
/// otherwise. The budgets cover the whole command (nodes over all trials, time from the start;
/// without `--max-ms` each trial has 60 s): the line of the size they end is written with
/// `"status":"budget"` and the trials finished by then, and no size follows.
fn repair_stats(args: &Args) -> Result<(), Failure> {
    let trials: u64 = args.number("trials")?.unwrap_or(200);
    if trials == 0 {
        return Err(Failure::input("--trials must be at least 1"));
    }
    let base: u64 = args.number("seed")?.unwrap_or(1);
    // Trial t's seed is S + t, as in the experiments, which refuse seeds past the largest too.
    if base.checked_add(trials - 1).is_none() {
        return Err(Failure::input(format!(
            "queens repair-stats: the seeds run past {}, the largest seed; choose a smaller seed",
            u64::MAX
        )));
    }
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
    if opts.get("strategy").is_none() {
        opts["strategy"] = json!("minConflicts");
    }
    // The summary is the experiments' (src/puzzles/queens/experiment.rs), so this table and the
    // page's trials table compute their figures the same way.
    let strategy = opts["strategy"]
        .as_str()
        .unwrap_or("minConflicts")
        .to_string();
    let mut nodes_left: u64 = args.number("max-nodes")?.unwrap_or(u64::MAX);
    let max_micros: Option<u64> = args
        .number::<u64>("max-ms")?
        .map(|ms| ms.saturating_mul(1000));
    let started = std::time::Instant::now();
    for n in sizes {
        let mut rows = Vec::new();
        let mut out_of_budget = false;
        for t in 0..trials {
            let micros_left = match max_micros {
                Some(m) => m.saturating_sub(started.elapsed().as_micros() as u64),
                None => DEFAULT_MAX_MICROS,
            };
            let mut o = opts.clone();
            o["seed"] = json!((base + t).to_string());
            let mut s = Session::new("queens", &format!("queens:{n}"), "repair", &o)?;
            let r = s.solve(nodes_left, micros_left).map_err(internal)?;
            nodes_left = nodes_left.saturating_sub(r.stats.nodes);
            // A trial cut by the command's budget is no failure of the algorithm: it is left out
            // of the figures, which then cover the trials that ran to their end. Without budgets
            // a trial out of its own 60 s still counts, as a failure, as it always did.
            if r.verdict == Verdict::Budget && (max_micros.is_some() || nodes_left == 0) {
                out_of_budget = true;
                break;
            }
            rows.push(experiment::row(
                strategy.clone(),
                n,
                Some(base + t),
                &s,
                &r,
                true,
            ));
        }
        let mut line = json!({
            "n": n,
            "trials": trials,
            "trialsDone": rows.len(),
            "status": if out_of_budget { "budget" } else { "done" },
            "seed": seed_json(base),
            "strategy": opts["strategy"],
        });
        // No figures at all when the budget ended the size before its first trial finished.
        if let Some(s) = experiment::summarise(&rows).first() {
            for (key, value) in [
                ("successRate", json!(s.success_rate)),
                ("firstTryRate", json!(s.first_try_rate)),
                ("meanMoves", json!(s.mean_moves)),
                ("medianMoves", json!(s.median_moves)),
                ("maxMoves", json!(s.max_moves)),
                ("meanRestarts", json!(s.mean_restarts)),
                ("meanMicros", json!(s.mean_micros)),
            ] {
                line[key] = value;
            }
        }
        emit(&line);
        if out_of_budget {
            break;
        }
    }
    Ok(())
}

/// `queens experiment scaling|trials …`: the page's experiments (src/puzzles/queens/experiment.rs)
/// from the command line. The flags fill the same spec the page sends, so the same flags and
/// seeds give the same CSV lines as the page's download (all but the measured `micros`).
fn experiment(kind: &str, args: &Args) -> Result<(), Failure> {
    let mut spec = json!({ "kind": kind });
    // (command-line flag, spec field) pairs: lists of sizes, then single numbers.
    type Fields = &'static [(&'static str, &'static str)];
    let (lists, numbers): (Fields, Fields) = match kind {
        "scaling" => (
            &[
                ("backtrack-sizes", "backtrackSizes"),
                ("repair-sizes", "repairSizes"),
            ],
            &[
                ("backtrack-max", "backtrackMax"),
                ("repair-max", "repairMax"),
                ("seeds", "seeds"),
                ("seed", "seed"),
                ("max-nodes", "maxNodes"),
                ("max-ms", "maxMs"),
            ],
        ),
        "trials" => (
            &[("sizes", "sizes")],
            &[("trials", "trials"), ("seed", "seed"), ("max-ms", "maxMs")],
        ),
        other => {
            return Err(Failure::input(format!(
                "queens experiment: expected 'scaling' or 'trials', got {}",
                solvescope::shared::text::quote(other)
            )))
        }
    };
    for &flag in flags("experiment").0 {
        let known = lists.iter().chain(numbers).any(|(f, _)| *f == flag)
            || (flag == "series" && kind == "trials");
        if args.value(flag).is_some() && !known {
            return Err(Failure::input(format!(
                "queens experiment {kind} takes no --{flag}"
            )));
        }
    }
    for (flag, key) in lists {
        if let Some(list) = args.value(flag) {
            let sizes = list
                .split(',')
                .map(|w| {
                    w.trim().parse::<u64>().map_err(|_| {
                        Failure::input(format!("--{flag}: '{}' is not a whole number", w.trim()))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            spec[*key] = json!(sizes);
        }
    }
    for (flag, key) in numbers {
        if let Some(x) = args.number::<u64>(flag)? {
            // A seed as text: the spec takes every u64 that way, a number only to 2^53 - 1.
            spec[*key] = if *key == "seed" {
                json!(x.to_string())
            } else {
                json!(x)
            };
        }
    }
    if let Some(list) = args.value("series") {
        spec["series"] = json!(list.split(',').map(str::trim).collect::<Vec<_>>());
    }
    let plan = experiment::plan(&spec)?;
    let mut rows = Vec::with_capacity(plan.runs.len());
    for run in &plan.runs {
        rows.push(experiment::run(run).map_err(internal)?);
    }
    if args.has("summary") {
        for s in experiment::summarise(&rows) {
            emit(&serde_json::to_value(s).map_err(|e| internal(e.to_string()))?);
        }
    } else {
        crate::write_out(&experiment::csv(&rows));
    }
    Ok(())
}
