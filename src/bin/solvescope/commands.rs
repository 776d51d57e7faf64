//! The commands every puzzle of the registry has, written once (docs/FORMATS.md §6):
//!
//! - `solve ID… | --batch FILE|-`: one JSON line per puzzle, `{"id", "status", "solution",
//!   "nodes", "micros"}`; `status` is the run's verdict (`unique`, `multiple`, `none`, `budget`,
//!   and `found`, `counted`, `gaveUp` for algorithms that prove nothing more). A puzzle that does
//!   not parse gets its own line, `{"line" | "argument", "status": "error", "error"}`, and a
//!   message on stderr; the others are still solved, and the exit status is 2 at the end.
//! - `generate SIZE [--seed S] [--count K] [--difficulty D] [--givens] [--max-nodes N]
//!   [--max-ms MS]`: generated puzzles with their solution (levels, givens and budgets where the
//!   puzzle's generator has them; a puzzle out of budget gets a line with status `budget`).
//! - `format ID…`: every text form of each puzzle.
//! - `trace ID [--algorithm A] [--options JSON] [--steps K]`: the run as the page steps it, one
//!   JSON line per event, `{"step", "event", "after"}` (`after`: the counters after that event),
//!   then `{"status", "verdict", "stats"}`; the page's end-to-end tests replay it as their oracle.
//!
//! Each option of the chosen algorithm in the registry is a flag: `--kebab-case-name VALUE`, or
//! a bare switch for on/off options; technique switches take a comma list (`all`, `none`).

use serde_json::{json, Map, Value};
use solvescope::puzzles::contract::{seed_json, AlgorithmInfo, OptionInfo, OptionKind};
use solvescope::puzzles::{AnyGame, REGISTRY};
use solvescope::session::{Session, DEFAULT_MAX_MICROS, DEFAULT_MAX_NODES};

use crate::args::{Args, Job, Place};
use crate::{emit, warn, Failure};

/// The help text, made from the registry.
pub fn usage() -> String {
    let mut text = String::from(
        "usage: solvescope PUZZLE COMMAND …   (solvescope list: the registry as JSON)\n",
    );
    for p in REGISTRY {
        let names: Vec<&str> = std::iter::once(p.name)
            .chain(p.aliases.iter().copied())
            .collect();
        text.push_str(&format!("\n{} ({})\n", p.title, names.join(", ")));
        let algorithms: Vec<&str> = p.algorithms.iter().map(|a| a.name).collect();
        if !crate::extras::owns(p.name, "solve") {
            text.push_str(&format!(
            "  solvescope {} solve ID… | --batch FILE|-  [--algorithm {}] [--max-nodes N] [--max-ms MS]\n",
            p.name,
            algorithms.join("|")
        ));
            for a in p.algorithms {
                let flags: Vec<String> = a.options.iter().map(flag_usage).collect();
                if !flags.is_empty() {
                    text.push_str(&format!("      {}: {}\n", a.name, flags.join(" ")));
                }
            }
        }
        if p.helpers.generate && !crate::extras::owns(p.name, "generate") {
            // The generator's own flags, as its registry entry declares them.
            let mut flags = String::new();
            if !p.helpers.generate_levels.is_empty() {
                flags.push_str(&format!(
                    " [--difficulty {}]",
                    p.helpers.generate_levels.join("|")
                ));
            }
            if p.helpers.generate_givens {
                flags.push_str(" [--givens]");
            }
            text.push_str(&format!(
                "  solvescope {} generate SIZE [--seed S] [--count K] [--max-ms MS] [--max-nodes N]{flags}\n",
                p.name,
            ));
        }
        text.push_str(&format!(
            "  solvescope {} format ID… | --batch FILE|-\n",
            p.name
        ));
        text.push_str(&format!(
            "  solvescope {} trace ID [--algorithm A] [--options JSON] [--steps K]\n",
            p.name
        ));
    }
    text.push_str(&format!("\n{}", crate::extras::USAGE.join("\n")));
    text
}

fn flag_usage(o: &OptionInfo) -> String {
    let name = kebab(o.name);
    match o.kind {
        OptionKind::Bool { .. } => format!("[--{name}]"),
        OptionKind::Int { min, max, .. } => format!("[--{name} {min}..{max}]"),
        OptionKind::Seed => format!("[--{name} 0..{}]", u64::MAX),
        OptionKind::Float { min, max, .. } => format!("[--{name} {min}..{max}]"),
        OptionKind::Choice { choices, .. } => format!("[--{name} {}]", choices.join("|")),
        OptionKind::Techniques { names, .. } => format!("[--{name} {},all,none]", names.join(",")),
    }
}

/// `maintainConflictSet` → `maintain-conflict-set`.
pub fn kebab(camel: &str) -> String {
    let mut out = String::new();
    for ch in camel.chars() {
        if ch.is_ascii_uppercase() {
            out.push('-');
            out.push(ch.to_ascii_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

/// `solvescope list`: the registry, one JSON line per puzzle.
pub fn list() -> Result<(), Failure> {
    for p in REGISTRY {
        emit(&serde_json::to_value(p).map_err(|e| Failure {
            code: 1,
            message: e.to_string(),
        })?);
    }
    Ok(())
}

pub fn run(game: &dyn AnyGame, argv: &[String]) -> Result<(), Failure> {
    let info = game.info();
    match argv.first().map(String::as_str) {
        Some("solve") => solve(game, &argv[1..]),
        Some("generate") if info.helpers.generate => generate(game, &argv[1..]),
        Some("format") => format(game, &argv[1..]),
        Some("trace") => trace(game, &argv[1..]),
        _ => {
            // Every command the puzzle word takes: the generic ones and its own (`grade`, …).
            let mut words = vec!["'solve ID…'", "'solve --batch FILE'"];
            if info.helpers.generate {
                words.push("'generate SIZE'");
            }
            words.extend(["'format ID…'", "'trace ID'"]);
            let own: Vec<String> = crate::extras::commands(info.name)
                .iter()
                .filter(|c| !matches!(**c, "solve" | "generate" | "format" | "trace"))
                .map(|c| format!("'{c}'"))
                .collect();
            let mut words: Vec<String> = words.into_iter().map(String::from).collect();
            words.extend(own);
            let last = words.pop().unwrap_or_default();
            Err(Failure::input(format!(
                "{}: expected {} or {last} (see solvescope --help)",
                info.name,
                words.join(", ")
            )))
        }
    }
}

/// Every option flag of every algorithm of the puzzle, so `Args` knows which take a value.
fn option_flags(game: &dyn AnyGame) -> (Vec<String>, Vec<String>) {
    let (mut valued, mut switches) = (Vec::new(), Vec::new());
    for a in game.info().algorithms {
        for o in a.options {
            let name = kebab(o.name);
            let list = match o.kind {
                OptionKind::Bool { .. } => &mut switches,
                _ => &mut valued,
            };
            if !list.contains(&name) {
                list.push(name);
            }
        }
    }
    (valued, switches)
}

/// The options object of `algorithm` from the flags given. A flag only another algorithm takes
/// is refused here, named as typed and with the algorithms that take it.
fn options_from_flags(game: &dyn AnyGame, args: &Args, algorithm: &str) -> Result<Value, Failure> {
    let info = game.info();
    let mut options = Map::new();
    let mut seen = Vec::new();
    let takes = |a: &AlgorithmInfo, name: &str| a.options.iter().any(|o| o.name == name);
    let chosen = info.algorithms.iter().find(|a| a.name == algorithm);
    for a in info.algorithms {
        for o in a.options {
            if seen.contains(&o.name) {
                continue;
            }
            seen.push(o.name);
            let flag = kebab(o.name);
            if !args.has(&flag) {
                continue;
            }
            // An unknown algorithm is left to the session, which lists the known ones.
            if chosen.is_some_and(|c| !takes(c, o.name)) {
                let elsewhere: Vec<String> = info
                    .algorithms
                    .iter()
                    .filter(|a| takes(a, o.name))
                    .map(|a| format!("--algorithm {}", a.name))
                    .collect();
                let chosen = if args.has("algorithm") {
                    format!("--algorithm {algorithm}")
                } else {
                    format!("{algorithm}, the default algorithm")
                };
                return Err(Failure::input(format!(
                    "{} solve: --{flag} only applies to {}, not to {chosen}",
                    info.name,
                    elsewhere.join(" or ")
                )));
            }
            let value = match o.kind {
                OptionKind::Bool { .. } => json!(true),
                OptionKind::Int { .. } => json!(args.number::<u64>(&flag)?),
                // As text, which the library takes exactly for every u64 (a number only to 2^53 - 1).
                OptionKind::Seed => json!(args.number::<u64>(&flag)?.map(|s| s.to_string())),
                OptionKind::Float { .. } => json!(args.float(&flag)?),
                OptionKind::Choice { .. } => json!(args.value(&flag)),
                OptionKind::Techniques { names, .. } => {
                    json!(crate::args::techniques(args.value(&flag), names)?)
                }
            };
            options.insert(o.name.to_string(), value);
        }
    }
    Ok(Value::Object(options))
}

fn solve(game: &dyn AnyGame, argv: &[String]) -> Result<(), Failure> {
    let info = game.info();
    let (mut valued, switches) = option_flags(game);
    valued.extend(["batch", "max-nodes", "max-ms", "algorithm"].map(String::from));
    let valued: Vec<&str> = valued.iter().map(String::as_str).collect();
    let switches: Vec<&str> = switches.iter().map(String::as_str).collect();
    let args = Args::parse(argv, &format!("{} solve", info.name), &valued, &switches)?;
    let algorithm = args.value("algorithm").unwrap_or(info.algorithms[0].name);
    let max_nodes: u64 = args.number("max-nodes")?.unwrap_or(DEFAULT_MAX_NODES);
    let max_micros: u64 = args
        .number::<u64>("max-ms")?
        .map_or(DEFAULT_MAX_MICROS, |ms| ms.saturating_mul(1000));
    let options = options_from_flags(game, &args, algorithm)?;
    // The algorithm and options are the same for every puzzle: try them once on the registry's
    // example, so a bad option is one clear error rather than one per puzzle.
    Session::new(info.name, info.example, algorithm, &options)?;
    let ids: Vec<&str> = args.positional.iter().map(String::as_str).collect();
    let mut bad = 0;
    let count = crate::args::for_each_job(
        &ids,
        args.value("batch"),
        info.name,
        |f| game.parses(f),
        |job| {
            let Job { place, label, text } = job;
            let session =
                text.and_then(|id| Ok((Session::new(info.name, &id, algorithm, &options)?, id)));
            match session {
                Ok((mut session, id)) => solve_one(&mut session, &id, max_nodes, max_micros),
                Err(e) => {
                    bad += 1;
                    report_bad(place, &label, &e);
                    Ok(())
                }
            }
        },
    )?;
    finish(info.name, "solve", count, bad)
}

/// The line of a puzzle that could not be read: on stdout in the place of its answer (so a
/// script reading the output sees every input), and on stderr for a person.
pub fn report_bad(place: Place, label: &str, message: &str) {
    let (key, k) = match place {
        Place::Argument(k) => ("argument", k),
        Place::Line(k) => ("line", k),
    };
    emit(&json!({key: k, "status": "error", "error": message}));
    warn(&format!("{label}: {message}"));
}

/// The end of a `solve`, `format` or `grade`: exit 2 when no puzzle was given or one did not read.
pub fn finish(name: &str, command: &str, count: usize, bad: usize) -> Result<(), Failure> {
    if count == 0 {
        return Err(Failure::input(format!("{name} {command}: no puzzle given")));
    }
    if bad > 0 {
        return Err(Failure::input(format!("{bad} puzzle(s) could not be read")));
    }
    Ok(())
}

/// Solves one puzzle and prints its line.
fn solve_one(
    session: &mut Session,
    id: &str,
    max_nodes: u64,
    max_micros: u64,
) -> Result<(), Failure> {
    let r = session.solve(max_nodes, max_micros).map_err(|e| Failure {
        code: 1,
        message: e,
    })?;
    let status = serde_json::to_value(r.verdict).unwrap_or(Value::Null);
    let proved = matches!(status.as_str(), Some("unique" | "multiple" | "found"));
    let solution = match r.solutions.first() {
        Some(s) if proved => serde_json::to_value(s).unwrap_or(Value::Null),
        _ => Value::Null,
    };
    let mut line = json!({
        "id": id,
        "status": status,
        "solution": solution,
        "nodes": r.stats.nodes,
        "micros": r.stats.elapsed_micros,
    });
    if let Some(seed) = r.seed {
        line["seed"] = seed_json(seed);
    }
    emit(&line);
    Ok(())
}

/// `generate` (also the body of Hashiwokakero's, which folds its own flags into SIZE first).
pub(crate) fn generate(game: &dyn AnyGame, argv: &[String]) -> Result<(), Failure> {
    let name = game.info().name;
    let args = Args::parse(
        argv,
        &format!("{name} generate"),
        &["seed", "count", "difficulty", "max-nodes", "max-ms"],
        &["givens"],
    )?;
    let [size] = args.positional.as_slice() else {
        return Err(Failure::input(format!(
            "{name} generate: expected one SIZE (a number, or WxH for rectangular boards)"
        )));
    };
    let count: u64 = args.number("count")?.unwrap_or(1);
    let seed: Option<u64> = args.number("seed")?;
    let first_seed = seed.unwrap_or_else(solvescope::shared::rng::Rng::entropy_seed);
    for k in 0..count {
        let seed = first_seed.wrapping_add(k);
        // As text: a generator takes a number only up to 2^53 - 1 (what JavaScript holds
        // exactly), text up to 2^64 - 1, so every seed makes the same puzzle here and in wasm.
        let mut request = json!({"size": size, "seed": seed.to_string()});
        // The puzzle's generator says whether it knows levels and givens.
        if let Some(d) = args.value("difficulty") {
            request["difficulty"] = json!(d);
        }
        if args.has("givens") {
            request["givens"] = json!(true);
        }
        // Budgets per puzzle, for the generators that take them (others refuse them).
        if let Some(nodes) = args.number::<u64>("max-nodes")? {
            request["maxNodes"] = json!(nodes);
        }
        if let Some(ms) = args.number::<u64>("max-ms")? {
            request["maxMs"] = json!(ms);
        }
        let made = match game.generate(&request) {
            Ok(made) => made,
            // Out of budget is an answer, as for solve: this seed's line says so, the next goes on.
            Err(e) if e.contains(solvescope::puzzles::contract::OUT_OF_BUDGET) => {
                emit(
                    &json!({"size": size, "seed": seed_json(seed), "status": "budget", "error": e}),
                );
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        let exports = &made["exports"];
        let plain = exports["plain"].as_str().unwrap_or_default();
        // The answer printed beside the puzzle comes from a fresh solve, checked like any other,
        // of the ID: a Hashi plain grid does not keep the rules (k bridges per pair, no loops).
        let id = exports["tatham"].as_str().unwrap_or(plain);
        let mut s = Session::new(name, id, game.info().algorithms[0].name, &Value::Null)?;
        let r = s
            .solve(DEFAULT_MAX_NODES, DEFAULT_MAX_MICROS)
            .map_err(|e| Failure {
                code: 1,
                message: e,
            })?;
        let mut line = json!({
            "size": size,
            "seed": seed_json(seed),
            "id": if exports["tatham"].is_null() { json!(plain) } else { exports["tatham"].clone() },
            "url": exports["puzzlink"],
            "plain": plain,
            "status": r.verdict,
            "solution": r.solutions.first(),
        });
        if !made["difficulty"].is_null() {
            line["difficulty"] = made["difficulty"].clone();
        }
        emit(&line);
    }
    Ok(())
}

fn format(game: &dyn AnyGame, argv: &[String]) -> Result<(), Failure> {
    let name = game.info().name;
    let args = Args::parse(argv, &format!("{name} format"), &["batch"], &[])?;
    let ids: Vec<&str> = args.positional.iter().map(String::as_str).collect();
    let mut bad = 0;
    let count = crate::args::for_each_job(
        &ids,
        args.value("batch"),
        name,
        |f| game.parses(f),
        |job| {
            let Job { place, label, text } = job;
            match text.and_then(|id| Ok((game.parse(&id)?, id))) {
                Ok((parsed, id)) => {
                    let e = &parsed["exports"];
                    emit(
                        &json!({"id": id, "tatham": e["tatham"], "puzzlink": e["puzzlink"], "plain": e["plain"]}),
                    );
                }
                Err(e) => {
                    bad += 1;
                    report_bad(place, &label, &e);
                }
            }
            Ok(())
        },
    )?;
    finish(name, "format", count, bad)
}

/// Most events `trace` prints without `--steps`: a page keeps 200,000, and a test needs fewer.
pub const TRACE_DEFAULT_STEPS: u64 = 100_000;

/// `trace`: the run stepped one event at a time, as the page's player sees it. The options are
/// one JSON object, exactly what the page's worker hands to its session, so a test can replay
/// any page run here.
fn trace(game: &dyn AnyGame, argv: &[String]) -> Result<(), Failure> {
    let info = game.info();
    let args = Args::parse(
        argv,
        &format!("{} trace", info.name),
        &["algorithm", "options", "steps"],
        &[],
    )?;
    let [id] = args.positional.as_slice() else {
        return Err(Failure::input(format!(
            "{} trace: expected one puzzle ID",
            info.name
        )));
    };
    let algorithm = args.value("algorithm").unwrap_or(info.algorithms[0].name);
    let options: Value = match args.value("options") {
        None => Value::Null,
        Some(text) => serde_json::from_str(text)
            .map_err(|e| Failure::input(format!("--options: not a JSON object ({e})")))?,
    };
    let steps: u64 = args.number("steps")?.unwrap_or(TRACE_DEFAULT_STEPS);
    let mut session = Session::new(info.name, id, algorithm, &options)?;
    let mut step = 0u64;
    loop {
        let frame = session.step(1);
        for (event, after) in frame.events.iter().zip(&frame.after) {
            if step == steps {
                break;
            }
            step += 1;
            let [nodes, backtracks, solutions, depth, moves, restarts] = after.0;
            let after = json!({"nodes": nodes, "backtracks": backtracks, "solutions": solutions,
                "depth": depth, "moves": moves, "restarts": restarts});
            emit(&json!({"step": step, "event": event, "after": after}));
        }
        if step == steps || frame.status.is_done() {
            emit(
                &json!({"status": frame.status, "verdict": frame.verdict, "says": frame.says,
                "stats": frame.stats}),
            );
            return Ok(());
        }
    }
}
