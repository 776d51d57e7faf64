//! Skyscrapers behind the puzzle contract: registry entry, options, and the player helpers
//! (hint, check, generate) over the plain [`Puzzle`] data the page's editor holds.

use serde::Deserialize;
use serde_json::Value;

use super::generate::{generate_graded_within, generate_within, Spend};
use super::grade::Difficulty;
use super::{
    assist, hint, parse_any, repair, solve, to_plain, to_puzzlink_url, to_tatham_id, Puzzle, MAX_N,
};
use crate::puzzles::contract::{
    self, AlgorithmInfo, Exports, Game, GenerateRequest, Generated, Helpers, LimitInfo, OptionInfo,
    OptionKind, PuzzleInfo, Question, Run, Runner, TechniqueLabel,
};
use crate::puzzles::AnySolution;
use crate::shared::rng::Rng;

/// Skyscrapers, as registered.
pub struct Skyscrapers;

/// Largest size the generator makes on request: every size the solver takes. A level with
/// givens takes seconds at most at 16x16; clue-only levels stop at
/// [`CLUES_ONLY_MAX`](super::generate::CLUES_ONLY_MAX) (see docs/GRADING.md, BENCHMARKS.md).
pub const GENERATE_MAX: usize = MAX_N;

/// The node budget of each uniqueness check while generating (one that runs out keeps its clue).
const GENERATE_NODES: u64 = 200_000;

/// Technique names, in the order of [`solve::Techniques`].
const TECHNIQUES: &[&str] = &["visibility", "lines", "mrv", "places"];

/// Options of `repair` (see `repair.rs`).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct RepairOptions {
    tabu: Option<u32>,
    noise: Option<f64>,
    max_steps: Option<u64>,
    max_restarts: Option<u64>,
    seed: Option<u64>,
}

/// Options of `solve`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct SolveOptions {
    techniques: Option<solve::Techniques>,
    limit: Option<u64>,
}

impl Game for Skyscrapers {
    const INFO: PuzzleInfo = PuzzleInfo {
        name: "skyscrapers",
        title: "Skyscrapers",
        aliases: &["towers", "building", "skyscraper"],
        algorithms: &[AlgorithmInfo {
            name: "solve",
            title: "Propagation and search",
            summary: "Crosses out candidates with clue rules, visibility bounds, line permutations and Latin-square singles, then guesses on the cell with the fewest candidates.",
            options: &[
                OptionInfo {
                    name: "techniques",
                    summary: "deductions switched on or off by name (visibility bounds, exact line tables, fewest-candidates branching, branching on a height's places in a line)",
                    kind: OptionKind::Techniques {
                        names: TECHNIQUES,
                        on: TECHNIQUES,
                        labels: &[
                            TechniqueLabel {
                                name: "visibility",
                                label: "Visibility bounds",
                                title: "A line that surely shows lo towers and can show at most hi must have lo ≤ clue ≤ hi",
                            },
                            TechniqueLabel {
                                name: "lines",
                                label: "Line propagation",
                                title: "Keep only candidates used by some ordering of the line that fits both clues",
                            },
                            TechniqueLabel {
                                name: "mrv",
                                label: "MRV",
                                title: "Guess where the fewest alternatives are left: a cell with the fewest heights (otherwise the first open cell)",
                            },
                            TechniqueLabel {
                                name: "places",
                                label: "Places in a line",
                                title: "From 10x10, with MRV: a height with the fewest places left in a row or column competes with the cells, and the guess puts it in one of them (off: guess on cells only, as the article does)",
                            },
                        ],
                    },
                },
                contract::LIMIT_OPTION,
            ],
            code: super::code::SOLVE,
        },
        AlgorithmInfo {
            name: "repair",
            title: "Min-conflicts repair",
            summary: "Fills every row with its missing heights, then keeps swapping a cell in a broken rule with the partner in its row that leaves the lowest cost (repeated heights plus clue misses), ties at random (seeded; proves nothing).",
            options: &[
                OptionInfo {
                    name: "tabu",
                    summary: "a cell may not take back the height it gave up for this many moves (unless every swap is tabu; noise moves ignore it)",
                    kind: OptionKind::Int { min: 0, max: u32::MAX as u64, default: Some(0) },
                },
                OptionInfo {
                    name: "noise",
                    summary: "probability of a random partner instead of the best one",
                    kind: OptionKind::Float { min: 0.0, max: 1.0, default: 0.0 },
                },
                OptionInfo {
                    name: "maxSteps",
                    summary: "moves before a restart (default 20 per cell, at least 100)",
                    kind: OptionKind::Int { min: 1, max: contract::MAX_WHOLE, default: None },
                },
                OptionInfo {
                    name: "maxRestarts",
                    summary: "restarts before giving up (default: no limit)",
                    kind: OptionKind::Int { min: 0, max: contract::MAX_WHOLE, default: None },
                },
                OptionInfo {
                    name: "seed",
                    summary: "the random seed; a fresh one when absent",
                    kind: OptionKind::Seed,
                },
            ],
            code: super::code::REPAIR,
        }],
        example: "4://///1/3///4/////3/",
        limits: &[
            LimitInfo {
                name: "n",
                summary: "grid size (candidates are bitmasks of the heights)",
                min: 1,
                max: MAX_N as u64,
            },
            LimitInfo {
                name: "generateN",
                summary: "grid size the generator makes on request",
                min: 1,
                max: GENERATE_MAX as u64,
            },
        ],
        helpers: Helpers {
            hint: true,
            check: true,
            layout: false,
            generate: true,
            generate_levels: &["easy", "hard", "extreme", "unreasonable"],
            generate_givens: true,
        },
    };

    const GENERATE_BUDGETS: bool = true;

    type Puzzle = Puzzle;
    type Event = solve::Event;
    /// Rows of heights.
    type Solution = Vec<Vec<u8>>;
    /// Rows of the player's digits, 0 = empty, perhaps with a question (`assist.rs`).
    type Board = assist::Board;
    type Hint = hint::Hint;
    type Check = assist::CheckAnswer;
    type Layout = ();

    fn parse(text: &str) -> Result<Puzzle, String> {
        parse_any(text)
    }

    fn validate(p: &Puzzle) -> Result<(), String> {
        p.validate()
    }

    fn exports(p: &Puzzle) -> Exports {
        Exports {
            tatham: Some(to_tatham_id(p)),
            puzzlink: Some(to_puzzlink_url(p)),
            plain: to_plain(p),
        }
    }

    fn start(p: &Puzzle, algorithm: &str, options: &Value) -> Result<Box<dyn Run>, String> {
        if algorithm == "repair" {
            return start_repair(p, options);
        }
        let o: SolveOptions = contract::parse_options(&Self::INFO, algorithm, options)?;
        let opts = solve::Options {
            techniques: o.techniques.unwrap_or_default(),
            limit: contract::solution_limit(o.limit, 2)?,
        };
        let m = solve::Solver::new(p, opts)?;
        Ok(Runner::new(m, Question::Uniqueness, |m, grid| {
            super::check_solution(m.puzzle(), grid)?;
            Ok(AnySolution::from(grid.clone()))
        })
        .with_stopped(|m| Some(stood_at(m.puzzle().n, m.candidates())))
        .with_says(|_, end| {
            let s = end.stopped?;
            let decided = s
                .candidates
                .iter()
                .flatten()
                .filter(|c| c.count_ones() == 1);
            let cells = s.candidates.as_ref().map_or(0, Vec::len) as u64;
            Some(contract::stopped_says(
                common_says(end),
                &format!(
                    "{} of {} decided",
                    decided.count(),
                    contract::plural(cells, "cell", "cells")
                ),
            ))
        })
        .boxed())
    }

    fn hint(p: &Puzzle, board: &assist::Board, max_micros: u64) -> Result<hint::Hint, String> {
        match board {
            assist::Board::Rows(rows) => hint::hint_within(p, rows, max_micros),
            assist::Board::RulesOnly(_) => {
                Err("skyscrapers: a hint takes the board as bare rows, not {rows}".into())
            }
        }
    }

    fn check(
        p: &Puzzle,
        board: &assist::Board,
        max_micros: u64,
    ) -> Result<assist::CheckAnswer, String> {
        use assist::{Board, CheckAnswer};
        Ok(match board {
            Board::Rows(rows) => CheckAnswer::Check(hint::check_within(p, rows, max_micros)?),
            Board::RulesOnly(b) => CheckAnswer::Rules(assist::rules(p, &b.rows)?),
        })
    }

    fn generate(request: &GenerateRequest) -> Result<Generated<Puzzle>, String> {
        /// Largest N the generator without a level or givens makes the old way.
        const UNGRADED_MAX: usize = 9;
        let text = request.size.trim();
        // Digits too many for a number are a size out of range, not no number (`usize` is 32
        // bits in wasm, so 2^32 would otherwise be "not a whole number" there only).
        let n: usize = match text.parse() {
            Ok(n) => n,
            Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => usize::MAX,
            Err(_) => {
                return Err(format!(
                    "skyscrapers: the size '{}' is not a whole number",
                    request.size
                ))
            }
        };
        if !(1..=GENERATE_MAX).contains(&n) {
            return Err(format!(
                "skyscrapers: random puzzles go from 1x1 to {GENERATE_MAX}x{GENERATE_MAX}, got {text}"
            ));
        }
        let level = request
            .difficulty
            .as_deref()
            .map(|d| Difficulty::from_name(d).map_err(|e| format!("skyscrapers: {e}")))
            .transpose()?;
        let seed = request.seed.unwrap_or_else(Rng::entropy_seed);
        let spend = Spend {
            max_nodes: request.max_nodes.unwrap_or(u64::MAX),
            max_micros: request
                .max_ms
                .map_or(u64::MAX, |ms| ms.saturating_mul(1000)),
        };
        // Without a level, givens are added only where the clues cannot pin the grid (the
        // generator of old, kept up to 9x9 so those seeds give the puzzles they always gave);
        // with givens allowed but no level, any level will do. From 10x10 up the old way proves
        // near clue-only grids unique again and again (40 s at 14x14, minutes at 16x16), so a
        // request with neither takes the graded path with givens, about a second at 16x16.
        let puzzle = match (level, request.givens) {
            (None, false) if n <= UNGRADED_MAX => {
                generate_within(n, seed, GENERATE_NODES, spend)?.0
            }
            (None, false) => generate_graded_within(n, seed, None, true, GENERATE_NODES, spend)?.0,
            (level, givens) => {
                generate_graded_within(n, seed, level, givens, GENERATE_NODES, spend)?.0
            }
        };
        let difficulty = level.map(|d| d.name().to_string());
        Ok(Generated {
            says: format!(
                "{}.",
                contract::made_says(&format!("{n} × {n}"), difficulty.as_deref(), seed)
            ),
            exports: Self::exports(&puzzle),
            puzzle,
            seed,
            difficulty,
        })
    }
}

fn start_repair(p: &Puzzle, options: &Value) -> Result<Box<dyn Run>, String> {
    let o: RepairOptions = contract::parse_options(&Skyscrapers::INFO, "repair", options)?;
    let seed = o.seed.unwrap_or_else(Rng::entropy_seed);
    let opts = repair::Options {
        noise: o.noise.unwrap_or(0.0),
        tabu: o.tabu.unwrap_or(0),
        max_steps: o.max_steps,
        max_restarts: o.max_restarts,
    };
    let m = repair::Repair::new(p, seed, opts)?;
    Ok(Runner::new(m, Question::Find, |m, grid| {
        super::check_solution(m.puzzle(), grid)?;
        Ok(AnySolution::from(grid.clone()))
    })
    .with_stopped(|m| {
        Some(contract::Stopped {
            bad: Some(m.marks()),
            ..contract::Stopped::board(AnySolution::from(m.current()?), m.cost())
        })
    })
    .with_says(repair_says)
    .with_seed(seed)
    .boxed())
}

/// The end of a repair run in words: the work done, and where it stood without an answer.
fn repair_says(m: &repair::Repair, end: &contract::End) -> Option<String> {
    use crate::engine::Verdict;
    use contract::{plural, time_text, Limit};
    let work = format!(
        "{} and {}",
        plural(end.stats.moves, "move", "moves"),
        plural(end.stats.restarts, "restart", "restarts")
    );
    let left = match end.stopped {
        Some(s) => format!("; the grid it stopped at has cost {}", s.cost),
        None => String::new(),
    };
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
            format!("Repaired to a grid that breaks no rule{seed}: {work}{took}. Repair proves nothing about other solutions.")
        }
        Verdict::Budget => {
            let which = match end.limit {
                Some(Limit::Nodes(_)) => "node budget",
                _ => "time budget",
            };
            format!("Stopped by the {which} after {work}{left}.")
        }
        _ => {
            let why = m
                .gave_up_why()
                .map(|w| format!(": {w}"))
                .unwrap_or_default();
            format!("Repair gave up after {work}{why}{left}.")
        }
    })
}

/// Where a search stood: the heights already decided (one candidate left; 0 where several are),
/// with every cell's candidates beside them.
fn stood_at(n: usize, candidates: &[u32]) -> contract::Stopped {
    let digit = |c: u32| {
        if c.count_ones() == 1 {
            c.trailing_zeros() as u8 + 1
        } else {
            0
        }
    };
    let grid: Vec<Vec<u8>> = candidates
        .chunks(n.max(1))
        .map(|row| row.iter().map(|&c| digit(c)).collect())
        .collect();
    contract::Stopped {
        candidates: Some(candidates.to_vec()),
        ..contract::Stopped::board(AnySolution::from(grid), 0)
    }
}

/// The common sentence for the end of a run (its time only for a `solve`).
fn common_says(end: &contract::End) -> String {
    contract::says(
        end.verdict,
        end.status,
        Question::Uniqueness,
        end.stats.solutions,
        end.timed.then_some(end.stats.elapsed_micros),
        end.limit,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::contract::AnyGame;
    use crate::puzzles::lookup;
    use serde_json::json;

    #[test]
    fn the_registry_offers_exactly_the_generator_levels() {
        // The page's New button lists these; each must be accepted and none left out.
        let names: Vec<&str> = Difficulty::ALL.iter().map(|d| d.name()).collect();
        assert_eq!(Skyscrapers::INFO.helpers.generate_levels, names.as_slice());
    }

    #[test]
    fn parse_export_round_trip_through_the_registry() {
        let g: &dyn AnyGame = lookup("towers").unwrap();
        let parsed = g.parse("4://///1/3///4/////3/").unwrap();
        assert_eq!(parsed["puzzle"]["n"], 4);
        assert_eq!(parsed["exports"]["tatham"], "4://///1/3///4/////3/");
        assert_eq!(g.export(&parsed["puzzle"]).unwrap(), parsed["exports"]);
        let url = parsed["exports"]["puzzlink"].as_str().unwrap();
        assert_eq!(g.parse(url).unwrap()["puzzle"], parsed["puzzle"]);
    }

    #[test]
    fn export_refuses_bad_data_with_a_place() {
        let g = lookup("skyscrapers").unwrap();
        let mut p = g.parse("4://///1/3///4/////3/").unwrap()["puzzle"].clone();
        p["givens"][5] = json!(9);
        let e = g.export(&p).unwrap_err();
        assert!(e.contains("row 2, column 2"), "{e}");
        let e = g.export(&json!({"n": 4})).unwrap_err();
        assert!(e.starts_with("skyscrapers: bad puzzle"), "{e}");
    }

    #[test]
    fn generated_puzzles_are_unique_and_reproducible() {
        let r = GenerateRequest {
            size: "5".into(),
            seed: Some(3),
            ..Default::default()
        };
        let a = Skyscrapers::generate(&r).unwrap();
        assert_eq!(a, Skyscrapers::generate(&r).unwrap());
        let id = a.exports.tatham.unwrap();
        let mut s =
            crate::session::Session::new("skyscrapers", &id, "solve", &Value::Null).unwrap();
        let report = s.solve(u64::MAX, u64::MAX).unwrap();
        assert_eq!(report.verdict, crate::engine::Verdict::Unique);
        let too_big = GenerateRequest {
            size: "17".into(),
            seed: None,
            ..Default::default()
        };
        assert!(Skyscrapers::generate(&too_big)
            .unwrap_err()
            .contains("16x16"));
    }

    #[test]
    fn techniques_are_read_by_name_and_typos_refused() {
        let p = Skyscrapers::parse("4://///1/3///4/////3/").unwrap();
        assert!(Skyscrapers::start(&p, "solve", &json!({"techniques": {"lines": false}})).is_ok());
        let e = Skyscrapers::start(&p, "solve", &json!({"techniques": {"line": false}}))
            .err()
            .unwrap();
        assert!(e.contains("line"), "{e}");
        let e = Skyscrapers::start(&p, "solve", &json!({"tabu": 3}))
            .err()
            .unwrap();
        assert!(e.contains("options of solve: techniques, limit"), "{e}");
    }
}
