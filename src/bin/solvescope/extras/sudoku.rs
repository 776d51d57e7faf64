//! Sudoku's own command: `grade`, each puzzle's level by technique (Tatham's Solo levels as the
//! reference; src/puzzles/sudoku/generate.rs says how they are defined). The body is the shared
//! `extras::grade_each`; this file says only how a grade reads.

use serde_json::{json, Map};
use solvescope::puzzles::sudoku::generate::{grade, Grade};
use solvescope::puzzles::sudoku::parse;

use crate::Failure;

pub const USAGE: &str = "Sudoku's own command:
  solvescope sudoku grade ID… | --batch FILE|-  [--max-nodes N] [--max-ms MS]
                                                  the level of each puzzle: basic, intermediate,
                                                  advanced, extreme or unreasonable
";

/// Sudoku's own commands.
pub const COMMANDS: &[&str] = &["grade"];

/// Runs one of Sudoku's own commands, or `None` for the generic ones.
pub fn run(argv: &[String]) -> Option<Result<(), Failure>> {
    match argv.first().map(String::as_str)? {
        "grade" => Some(grade_command(&argv[1..])),
        _ => None,
    }
}

/// `sudoku grade …`: one line per puzzle, `{"id", "status", "difficulty", "nodes", "micros"}`;
/// `status` is `graded` for a puzzle with one solution, else `none`, `multiple` or `budget`
/// (`--max-nodes` bounds each of the five runs; the runs take milliseconds, so `--max-ms` is
/// read but a grading is not cut by time).
fn grade_command(argv: &[String]) -> Result<(), Failure> {
    super::grade_each(argv, "sudoku", parse, |puzzle, max_nodes, _max_micros| {
        grade(puzzle, max_nodes).map(|(g, nodes)| {
            let (status, difficulty) = match g {
                Grade::Level(l) => ("graded", Some(l.name())),
                Grade::None => ("none", None),
                Grade::Multiple => ("multiple", None),
                Grade::Budget => ("budget", None),
            };
            let mut fields = Map::new();
            fields.insert("difficulty".into(), json!(difficulty));
            (status, fields, nodes)
        })
    })
}
