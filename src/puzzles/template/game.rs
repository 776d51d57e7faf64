//! The template puzzle behind the puzzle contract: its registry entry (one algorithm, the
//! solution limit as its only option, the pseudocode with the event kinds of each line) and
//! `start`. The player helpers (hint, check, layout, generate) keep the contract's defaults,
//! which say the puzzle has none.

use serde::Deserialize;
use serde_json::Value;

use super::{check_solution, format, solve, Puzzle, Square, MAX_N};
use crate::puzzles::contract::{
    self, AlgorithmInfo, CodeLine, Exports, Game, Helpers, LimitInfo, PuzzleInfo, Question, Run,
    Runner,
};
use crate::puzzles::AnySolution;

/// The template puzzle, as registered.
pub struct Template;

/// Options of `solve`.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
struct SolveOptions {
    limit: Option<u64>,
}

const fn line(text: &'static str, events: &'static [&'static str]) -> CodeLine {
    CodeLine { text, events }
}

/// The pseudocode the page would show beside the solver, each line with its event kinds.
const CODE: &[CodeLine] = &[
    line("every cell starts with candidates 1..N", &[]),
    line(
        "propagate: the givens, then naked and hidden singles, until nothing changes",
        &["latinDeduce"],
    ),
    line(
        "  a cell or a line with no possibility left: contradiction",
        &["latinContradiction"],
    ),
    line(
        "every cell has one value: a solution (stop at the limit)",
        &["latinSolution"],
    ),
    line(
        "else try the lowest value of the cell with the fewest",
        &["latinGuess"],
    ),
    line(
        "on a contradiction: undo to the guess, cross it out, go on",
        &["latinBacktrack"],
    ),
    line("no guess left to try: done", &["latinExhausted"]),
];

impl Game for Template {
    const INFO: PuzzleInfo = PuzzleInfo {
        name: "template",
        title: "Latin square (template)",
        aliases: &["latin-square"],
        algorithms: &[AlgorithmInfo {
            name: "solve",
            title: "Singles and search",
            summary: "Places naked and hidden singles, then guesses on the cell with the fewest candidates, on the shared search engine.",
            options: &[contract::LIMIT_OPTION],
            code: CODE,
        }],
        example: "5:...15.1.....3..52...4..2.",
        limits: &[LimitInfo {
            name: "n",
            summary: "grid size (one digit per cell)",
            min: 1,
            max: MAX_N as u64,
        }],
        helpers: Helpers {
            hint: false,
            check: false,
            layout: false,
            generate: false,
            generate_levels: &[],
            generate_givens: false,
        },
    };

    type Puzzle = Puzzle;
    type Event = solve::Event;
    type Solution = Square;
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
            tatham: None,
            puzzlink: None,
            plain: format::to_plain(p),
        }
    }

    fn start(p: &Puzzle, algorithm: &str, options: &Value) -> Result<Box<dyn Run>, String> {
        let o: SolveOptions = contract::parse_options(&Self::INFO, algorithm, options)?;
        let limit = contract::solution_limit(o.limit, 2)?;
        let m = solve::Solver::new(p, limit)?;
        Ok(Runner::new(m, Question::Uniqueness, |m, square| {
            check_solution(m.rules().puzzle(), &square.0)?;
            Ok(AnySolution::from(square.clone()))
        })
        .boxed())
    }
}
