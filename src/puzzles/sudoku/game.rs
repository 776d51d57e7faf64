//! Sudoku behind the puzzle contract: its registry entry (two algorithms — techniques and search
//! with its technique switches, and dancing links — each with the solution limit and its
//! pseudocode with the event kinds of each line), `start` and the graded generator. The other player helpers keep the contract's defaults until the page has a
//! Sudoku view.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{check_solution, dlx, format, generate, solve, Grid, Puzzle, MAX_N};
use crate::puzzles::contract::{
    self, AlgorithmInfo, CodeLine, Exports, Game, GenerateRequest, Generated, Helpers, LimitInfo,
    OptionInfo, OptionKind, PuzzleInfo, Question, Run, Runner, TechniqueLabel,
};
use crate::puzzles::{AnyEvent, AnySolution};

/// Sudoku, as registered.
pub struct Sudoku;

/// The events of either algorithm (each has its own `kind` tags).
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SudokuAnyEvent"))]
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Event {
    /// An event of `solve`.
    Solve(solve::Event),
    /// An event of `dlx`.
    Dlx(dlx::Event),
}

impl From<solve::Event> for AnyEvent {
    fn from(e: solve::Event) -> Self {
        AnyEvent::Sudoku(Event::Solve(e))
    }
}

impl From<dlx::Event> for AnyEvent {
    fn from(e: dlx::Event) -> Self {
        AnyEvent::Sudoku(Event::Dlx(e))
    }
}

/// Options of `dlx`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct DlxOptions {
    limit: Option<u64>,
}

/// Technique names, in the order of [`solve::Techniques`].
const TECHNIQUES: &[&str] = &[
    "hiddenSingles",
    "pointing",
    "claiming",
    "nakedPairs",
    "hiddenPairs",
    "nakedTriples",
    "hiddenTriples",
    "xWing",
];

/// Options of `solve`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct SolveOptions {
    techniques: Option<solve::Techniques>,
    limit: Option<u64>,
}

const fn line(text: &'static str, events: &'static [&'static str]) -> CodeLine {
    CodeLine { text, events }
}

const fn label(name: &'static str, label: &'static str, title: &'static str) -> TechniqueLabel {
    TechniqueLabel { name, label, title }
}

/// The pseudocode beside the solver, each line with its event kinds.
const CODE: &[CodeLine] = &[
    line(
        "every cell starts with candidates 1..N; the givens are placed",
        &[],
    ),
    line(
        "propagate: singles first, then one technique at a time, until nothing changes",
        &["sudokuDeduce"],
    ),
    line(
        "  a cell, or a unit's value, with no place left: contradiction",
        &["sudokuContradiction"],
    ),
    line(
        "every cell has one value: a solution (stop at the limit)",
        &["sudokuSolution"],
    ),
    line(
        "else try the lowest value of the cell with the fewest",
        &["sudokuGuess"],
    ),
    line(
        "on a contradiction: undo to the guess, cross it out, go on",
        &["sudokuBacktrack"],
    ),
    line("no guess left to try: done", &["sudokuExhausted"]),
];

/// The pseudocode of dancing links (Knuth's Algorithm X), each line with its event kinds.
const DLX_CODE: &[CodeLine] = &[
    line(
        "one option per cell and value; one constraint per cell, and per value in each row, column and box",
        &[],
    ),
    line(
        "choose each given's option: cover its four constraints",
        &["dlxGiven"],
    ),
    line(
        "no constraint left: a solution (stop at the limit)",
        &["dlxSolution"],
    ),
    line(
        "else take the constraint with the fewest options; none left: dead end",
        &["dlxDeadEnd"],
    ),
    line(
        "  choose each of its options in turn: cover every constraint it meets",
        &["dlxCover"],
    ),
    line(
        "  search on; then uncover them, in reverse order, and withdraw it",
        &["dlxUncover"],
    ),
    line("no option left to try: done", &["dlxExhausted"]),
];

impl Game for Sudoku {
    const INFO: PuzzleInfo = PuzzleInfo {
        name: "sudoku",
        title: "Sudoku",
        aliases: &["solo", "number-place"],
        algorithms: &[AlgorithmInfo {
            name: "solve",
            title: "Techniques and search",
            summary: "Crosses out candidates with named techniques (singles, locked candidates, pairs, triples, X-wing), then guesses on the cell with the fewest candidates, on the shared search engine.",
            options: &[
                OptionInfo {
                    name: "techniques",
                    summary: "deductions beyond naked singles, switched on or off by name",
                    kind: OptionKind::Techniques {
                        names: TECHNIQUES,
                        on: TECHNIQUES,
                        labels: &[
                            label("hiddenSingles", "Hidden singles", "A value with one place left in a row, column or box goes there"),
                            label("pointing", "Pointing", "A value whose places in a box are all in one row or column leaves the rest of that line"),
                            label("claiming", "Claiming", "A value whose places in a row or column are all in one box leaves the rest of that box"),
                            label("nakedPairs", "Naked pairs", "Two cells of a unit with the same two values keep them from the unit's other cells"),
                            label("hiddenPairs", "Hidden pairs", "Two values with the same two places in a unit leave those cells nothing else"),
                            label("nakedTriples", "Naked triples", "Three cells of a unit with three values between them keep them from the other cells"),
                            label("hiddenTriples", "Hidden triples", "Three values with three places between them in a unit leave those cells nothing else"),
                            label("xWing", "X-wing", "A value with the same two places in two rows leaves the rest of those two columns (and the other way round)"),
                        ],
                    },
                },
                contract::LIMIT_OPTION,
            ],
            code: CODE,
        },
        AlgorithmInfo {
            name: "dlx",
            title: "Dancing links",
            summary: "Sudoku as exact cover: Knuth's Algorithm X on dancing links, branching on the constraint with the fewest options, covering and uncovering; no deductions beyond that choice.",
            options: &[contract::LIMIT_OPTION],
            code: DLX_CODE,
        }],
        example: "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        limits: &[LimitInfo {
            name: "n",
            summary: "grid size (box rows × box columns)",
            min: 1,
            max: MAX_N as u64,
        }],
        helpers: Helpers {
            hint: false,
            check: false,
            layout: false,
            generate: true,
            // `extreme` (an X-wing needed) is graded but too rare for random removal to reach.
            generate_levels: &["basic", "intermediate", "advanced", "unreasonable"],
            generate_givens: false,
        },
    };

    type Puzzle = Puzzle;
    type Event = Event;
    type Solution = Grid;
    type Board = ();
    type Hint = ();
    type Check = ();
    type Layout = ();

    fn parse(text: &str) -> Result<Puzzle, String> {
        format::parse(text)
    }

    fn validate(p: &Puzzle) -> Result<(), String> {
        p.validate()
    }

    fn exports(p: &Puzzle) -> Exports {
        Exports {
            tatham: Some(format::to_solo_id(p)),
            puzzlink: format::to_puzzlink_url(p),
            plain: format::to_plain(p),
        }
    }

    fn start(p: &Puzzle, algorithm: &str, options: &Value) -> Result<Box<dyn Run>, String> {
        if algorithm == "dlx" {
            let o: DlxOptions = contract::parse_options(&Self::INFO, algorithm, options)?;
            let limit = contract::solution_limit(o.limit, 2)?;
            let m = dlx::Dlx::new(p, limit)?;
            return Ok(Runner::new(m, Question::Uniqueness, |m, grid| {
                check_solution(m.puzzle(), &grid.0)?;
                Ok(AnySolution::from(grid.clone()))
            })
            .boxed());
        }
        let o: SolveOptions = contract::parse_options(&Self::INFO, algorithm, options)?;
        let limit = contract::solution_limit(o.limit, 2)?;
        let m = solve::Solver::new(p, o.techniques.unwrap_or_default(), limit)?;
        Ok(Runner::new(m, Question::Uniqueness, |m, grid| {
            check_solution(m.rules().puzzle(), &grid.0)?;
            Ok(AnySolution::from(grid.clone()))
        })
        .boxed())
    }

    fn generate(request: &GenerateRequest) -> Result<Generated<Puzzle>, String> {
        let text = request.size.trim();
        let n: usize = text.parse().map_err(|_| {
            format!(
                "sudoku: the size {} is not a whole number",
                crate::shared::text::quote(&request.size)
            )
        })?;
        let level = request
            .difficulty
            .as_deref()
            .map(|d| generate::Level::from_name(d).map_err(|e| format!("sudoku: {e}")))
            .transpose()?;
        if level == Some(generate::Level::Extreme) {
            return Err("sudoku: puzzles that need an X-wing are too rare for this generator's random removal; ask for basic, intermediate, advanced or unreasonable".into());
        }
        let seed = request
            .seed
            .unwrap_or_else(crate::shared::rng::Rng::entropy_seed);
        let puzzle = generate::generate(n, seed, level).map_err(|e| format!("sudoku: {e}"))?;
        let difficulty = level.map(|l| l.name().to_string());
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
