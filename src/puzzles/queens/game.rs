//! N-Queens behind the puzzle contract: its registry entry, options and how each algorithm starts.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{
    backtrack, check_placement, check_placement_counting, naive, parse_id, repair, QueensId,
};
use crate::puzzles::contract::{
    self, AlgorithmInfo, Exports, Game, Helpers, LimitInfo, OptionInfo, OptionKind, PuzzleInfo,
    Question, Run, Runner,
};
use crate::puzzles::{AnyEvent, AnySolution};
use crate::shared::rng::Rng;

/// N-Queens, as registered.
pub struct Queens;

/// The events of either algorithm (each has its own `kind` tags).
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "QueensEvent"))]
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Event {
    /// An event of `backtrack`.
    Backtrack(backtrack::Event),
    /// An event of `repair`.
    Repair(repair::Event),
}

impl From<backtrack::Event> for AnyEvent {
    fn from(e: backtrack::Event) -> Self {
        AnyEvent::Queens(Event::Backtrack(e))
    }
}

impl From<repair::Event> for AnyEvent {
    fn from(e: repair::Event) -> Self {
        AnyEvent::Queens(Event::Repair(e))
    }
}

/// Options of `backtrack`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct BacktrackOptions {
    mode: Option<String>,
    limit: Option<u64>,
}

/// Options of `repair` (see `repair/mod.rs` for what each does).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct RepairOptions {
    strategy: Option<String>,
    maintain_conflict_set: Option<bool>,
    tabu: Option<u32>,
    greedy: Option<bool>,
    noise: Option<f64>,
    max_steps: Option<u64>,
    max_restarts: Option<u64>,
    seed: Option<u64>,
}

/// Options of both backtracking machines (bitmask and naive search the same tree).
const SEARCH_OPTIONS: &[OptionInfo] = &[
    OptionInfo {
        name: "mode",
        summary: "first placement, all placements (up to the limit), or count every placement",
        kind: OptionKind::Choice {
            choices: &["first", "all", "count"],
            default: "first",
        },
    },
    OptionInfo {
        name: "limit",
        summary: "with mode all: stop after this many placements (default 1000)",
        kind: OptionKind::Int {
            min: 1,
            max: contract::MAX_SOLUTION_LIMIT,
            default: Some(1000),
        },
    },
];

/// Largest board the page and the API accept for repair (the machine's own cap).
const MAX_REPAIR_N: u64 = repair::MAX_REPAIR_N as u64;

impl Game for Queens {
    const INFO: PuzzleInfo = PuzzleInfo {
        name: "queens",
        title: "N-Queens",
        aliases: &["nqueens", "n-queens"],
        algorithms: &[
            AlgorithmInfo {
                name: "backtrack",
                title: "Backtracking",
                summary: "Builds a placement row by row and undoes the last queen when a row has no safe square.",
                options: SEARCH_OPTIONS,
                code: super::code::BACKTRACK,
            },
            AlgorithmInfo {
                name: "naive",
                title: "Naive backtracking",
                summary: "The same search with a record array: each square is checked against every queen above (the article's first version, for teaching; same tree, slower).",
                options: SEARCH_OPTIONS,
                code: super::code::NAIVE,
            },
            AlgorithmInfo {
                name: "repair",
                title: "Min-conflicts repair",
                summary: "Starts with a queen in every row and keeps moving an attacked queen to its least-attacked column (seeded; swap-based for huge boards).",
                options: &[
                    OptionInfo {
                        name: "strategy",
                        summary: "the article's min-conflicts, swap repair for huge boards, or auto (swap above 4096)",
                        kind: OptionKind::Choice {
                            choices: &["auto", "minConflicts", "swap"],
                            default: "auto",
                        },
                    },
                    OptionInfo {
                        name: "maintainConflictSet",
                        summary: "keep the set of attacked rows up to date instead of rescanning",
                        kind: OptionKind::Bool { default: false },
                    },
                    OptionInfo {
                        name: "tabu",
                        summary: "a moved queen may not return to its old column for this many moves",
                        kind: OptionKind::Int {
                            min: 0,
                            max: u32::MAX as u64,
                            default: Some(0),
                        },
                    },
                    OptionInfo {
                        name: "greedy",
                        summary: "start from a greedy placement instead of a random one",
                        kind: OptionKind::Bool { default: false },
                    },
                    OptionInfo {
                        name: "noise",
                        summary: "probability of a random move instead of the least-conflicted one",
                        kind: OptionKind::Float {
                            min: 0.0,
                            max: 1.0,
                            default: 0.0,
                        },
                    },
                    OptionInfo {
                        name: "maxSteps",
                        summary: "moves before a restart (default 200 N)",
                        kind: OptionKind::Int {
                            min: 1,
                            max: contract::MAX_WHOLE,
                            default: None,
                        },
                    },
                    OptionInfo {
                        name: "maxRestarts",
                        summary: "restarts before giving up (default: no limit)",
                        kind: OptionKind::Int {
                            min: 0,
                            max: contract::MAX_WHOLE,
                            default: None,
                        },
                    },
                    OptionInfo {
                        name: "seed",
                        summary: "the random seed (also written queens:N#SEED); a fresh one when absent",
                        kind: OptionKind::Seed,
                    },
                ],
                code: super::code::REPAIR,
            },
        ],
        example: "queens:8",
        limits: &[
            LimitInfo {
                name: "backtrackN",
                summary: "board size for backtracking (a row of attacks fits one 64-bit word)",
                min: 1,
                max: super::MAX_BACKTRACK_N as u64,
            },
            LimitInfo {
                name: "countN",
                summary: "board size for counting with the bitmask counter (queens count, the page's Count)",
                min: 1,
                max: super::count::MAX_COUNT_N as u64,
            },
            LimitInfo {
                name: "repairN",
                summary: "board size for repair",
                min: 1,
                max: MAX_REPAIR_N,
            },
            LimitInfo {
                name: "repairAnimatedN",
                summary: "largest repair board the page animates move by move",
                min: 1,
                max: 1_000_000,
            },
        ],
        helpers: Helpers {
            hint: false,
            check: false,
            layout: false,
            generate: false,
            generate_levels: &[],
            generate_givens: false,
        },
    };

    const EXPERIMENTS: Option<&'static dyn crate::puzzles::verbs::Experiments> =
        Some(&super::experiment::VERBS);

    const COUNTING: Option<&'static dyn crate::puzzles::verbs::Counting> =
        Some(&super::count::VERB);

    type Puzzle = QueensId;
    type Event = Event;
    /// The column of the queen in each row, 0-based.
    type Solution = Vec<usize>;
    type Board = ();
    type Hint = ();
    type Check = ();
    type Layout = ();

    fn parse(text: &str) -> Result<QueensId, String> {
        parse_id(text)
    }

    fn validate(p: &QueensId) -> Result<(), String> {
        if p.n == 0 || p.n as u64 > MAX_REPAIR_N {
            return Err(format!(
                "queens: N must be from 1 to {MAX_REPAIR_N}, got {}",
                p.n
            ));
        }
        Ok(())
    }

    fn exports(p: &QueensId) -> Exports {
        Exports {
            tatham: None,
            puzzlink: None,
            plain: super::format_id(p),
        }
    }

    fn start(p: &QueensId, algorithm: &str, options: &Value) -> Result<Box<dyn Run>, String> {
        match algorithm {
            "backtrack" | "naive" => start_backtrack(p, algorithm, options),
            _ => start_repair(p, options),
        }
    }
}

fn start_backtrack(p: &QueensId, algorithm: &str, options: &Value) -> Result<Box<dyn Run>, String> {
    let o: BacktrackOptions = contract::parse_options(&Queens::INFO, algorithm, options)?;
    if p.seed.is_some() {
        return Err("queens: a seed (queens:N#SEED) only applies to the repair algorithm".into());
    }
    let mode = o.mode.as_deref().unwrap_or("first");
    let (opts, question) = match mode {
        "first" => (backtrack::Options::first(), Question::Find),
        "all" => (
            backtrack::Options::all(contract::solution_limit(o.limit, 1000)?),
            Question::Find,
        ),
        "count" => (backtrack::Options::count(), Question::Count),
        other => {
            return Err(format!(
                "queens {algorithm}: unknown mode '{other}' (known: first, all, count)"
            ))
        }
    };
    if o.limit.is_some() && mode != "all" {
        return Err(format!(
            "queens {algorithm}: limit only applies to mode all, not to mode {mode}"
        ));
    }
    // Both machines emit the same events and solutions; only the runner's machine type differs.
    Ok(if algorithm == "naive" {
        let m = naive::Naive::new(p.n, opts)?;
        Runner::new(m, question, |m, cols| checked_placement(m.n(), cols))
            .with_stopped(|m| Some(placed_so_far(&m.board())))
            .with_says(|m, end| Some(search_says(m.n(), end)))
            .boxed()
    } else {
        let m = backtrack::Backtrack::new(p.n, opts)?;
        Runner::new(m, question, |m, cols| checked_placement(m.n(), cols))
            .with_stopped(|m| Some(placed_so_far(&m.board())))
            .with_says(|m, end| Some(search_says(m.n(), end)))
            .boxed()
    })
}

/// Where a backtracking search stood: its queens row by row from the top (rows without one
/// are not written), breaking no rule.
fn placed_so_far(board: &[Option<usize>]) -> contract::Stopped {
    let cols: Vec<usize> = board.iter().map_while(|c| *c).collect();
    contract::Stopped::board(AnySolution::from(cols), 0)
}

/// The end of a backtracking run in words (the page shows these; it writes none of its own).
fn search_says(n: usize, end: &contract::End) -> String {
    use crate::engine::{Status, Verdict};
    use contract::{grouped, plural, time_text, Limit};
    let k = end.stats.solutions;
    let took = time_text(end.stats.elapsed_micros)
        .filter(|_| end.timed)
        .map(|t| format!(" ({t})"))
        .unwrap_or_default();
    match end.verdict {
        Verdict::None => format!("N = {n} has no solution: every placement was tried{took}."),
        Verdict::Counted => format!("Done: all {} solutions found{took}.", grouped(k)),
        // The search space ran out: every solution was found.
        Verdict::Found if end.status == Status::Exhausted => {
            format!(
                "Done: all {} found{took}.",
                plural(k, "solution", "solutions")
            )
        }
        Verdict::Found if k == 1 => format!("Found a solution{took}."),
        Verdict::Found => format!(
            "Stopped after {}{took}.",
            plural(k, "solution", "solutions")
        ),
        Verdict::Budget => {
            let which = match end.limit {
                Some(Limit::Nodes(b)) => {
                    format!("its budget of {} ran out", plural(b, "node", "nodes"))
                }
                Some(Limit::Micros(us)) => format!(
                    "its time budget of {} ran out",
                    time_text(us).unwrap_or_else(|| "0 µs".into())
                ),
                None => "its budget ran out".to_string(),
            };
            let said = format!(
                "Stopped: {which} after {}, {} so far.",
                plural(end.stats.nodes, "node", "nodes"),
                plural(k, "solution", "solutions")
            );
            match end.stopped {
                Some(s) => {
                    let rows = match &s.board {
                        AnySolution::Queens(cols) => cols.len(),
                        _ => 0,
                    };
                    contract::stopped_says(
                        said,
                        &format!("queens on {rows} of {}", plural(n as u64, "row", "rows")),
                    )
                }
                None => said,
            }
        }
        _ => contract::says(
            end.verdict,
            end.status,
            contract::Question::Find,
            k,
            None,
            end.limit,
        ),
    }
}

/// A backtracking answer, once the independent checker has passed it.
fn checked_placement(n: usize, cols: &[usize]) -> Result<AnySolution, String> {
    check_placement(n, cols)?;
    Ok(AnySolution::from(cols.to_vec()))
}

fn start_repair(p: &QueensId, options: &Value) -> Result<Box<dyn Run>, String> {
    let o: RepairOptions = contract::parse_options(&Queens::INFO, "repair", options)?;
    let seed = match (p.seed, o.seed) {
        (Some(a), Some(b)) if a != b => {
            return Err(format!(
                "queens repair: the ID says seed {a} but the options say seed {b}"
            ))
        }
        (Some(a), _) | (None, Some(a)) => a,
        (None, None) => Rng::entropy_seed(),
    };
    let strategy = match o.strategy.as_deref() {
        None => repair::Strategy::Auto,
        Some(s) => repair::Strategy::parse(s)?,
    };
    let noise = o.noise.unwrap_or(0.0);
    if !(0.0..=1.0).contains(&noise) {
        return Err(format!(
            "queens repair: noise is a probability from 0 to 1, got {noise}"
        ));
    }
    let opts = repair::Options {
        strategy,
        maintain_conflict_set: o.maintain_conflict_set.unwrap_or(false),
        tabu: o.tabu.unwrap_or(0),
        greedy: o.greedy.unwrap_or(false),
        noise,
        max_steps: o.max_steps,
        max_restarts: o.max_restarts,
    };
    let m = repair::Repair::new(p.n, seed, opts)?;
    let variant = m.strategy().name();
    Ok(Runner::new(m, Question::Find, |m, cols| {
        let n = m.n();
        let cols: Vec<usize> = cols.iter().map(|&c| c as usize).collect();
        // The pairwise checker is quadratic; above a few thousand queens the linear one (fresh
        // tables, no code shared with the solver) takes over.
        if n <= 4096 {
            check_placement(n, &cols)?;
        } else {
            check_placement_counting(n, &cols)?;
        }
        Ok(AnySolution::from(cols))
    })
    .with_stopped(|m| {
        Some(contract::Stopped::board(
            AnySolution::from(m.current()?.iter().map(|&c| c as usize).collect::<Vec<_>>()),
            m.total_conflicts(),
        ))
    })
    .with_says(repair_says)
    .with_seed(seed)
    .with_variant(variant)
    .boxed())
}

/// The end of a repair `solve` in words: the work done, and where it stood if it did not succeed
/// (the page shows these; it writes none of its own).
fn repair_says(m: &repair::Repair, end: &contract::End) -> Option<String> {
    use crate::engine::Verdict;
    use contract::{grouped, plural, time_text, Limit};
    let n = m.n();
    let work = format!(
        "{} and {}",
        plural(end.stats.moves, "move", "moves"),
        plural(end.stats.restarts, "restart", "restarts")
    );
    let left = match end.stopped {
        Some(s) => format!(
            "; the board it stopped at has {}",
            plural(s.cost, "attacking pair", "attacking pairs")
        ),
        None => String::new(),
    };
    let n_text = grouped(n as u64);
    Some(match end.verdict {
        Verdict::Found => {
            let took = time_text(end.stats.elapsed_micros)
                .filter(|_| end.timed)
                .map(|t| format!(", {t}"))
                .unwrap_or_default();
            let seed = end
                .seed
                .map(|s| format!(" with seed {s}"))
                .unwrap_or_default();
            format!("Solved N = {n_text}{seed}: {work}{took}.")
        }
        Verdict::Budget => {
            let which = match end.limit {
                Some(Limit::Nodes(_)) => "node budget",
                _ => "time budget",
            };
            format!("Stopped by the {which} after {work}{left}.")
        }
        _ if n == 2 || n == 3 => format!("N = {n} has no solution, so repair cannot succeed."),
        _ => format!("Repair gave up after {work}{left}."),
    })
}
