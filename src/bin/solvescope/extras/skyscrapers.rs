//! Skyscrapers' own command (docs/FORMATS.md §6.12): `grade`, the difficulty of each puzzle in
//! Tatham's four levels (docs/GRADING.md). The command's body is shared with Hashiwokakero's
//! (`extras::grade_each`); each puzzle says only how a grade reads.

use serde_json::{json, Map};
use solvescope::puzzles::skyscrapers::grade::{grade_within, Grade};
use solvescope::puzzles::skyscrapers::parse_any;

use crate::Failure;

pub const USAGE: &str = "Skyscrapers' own command:
  solvescope skyscrapers grade ID… | --batch FILE|-  [--max-nodes N] [--max-ms MS]
                                                  the difficulty of each puzzle: easy, hard,
                                                  extreme or unreasonable (docs/GRADING.md)
";

/// Skyscrapers' own commands.
pub const COMMANDS: &[&str] = &["grade"];

/// Runs one of Skyscrapers' own commands, or `None` for the generic ones.
pub fn run(argv: &[String]) -> Option<Result<(), Failure>> {
    match argv.first().map(String::as_str)? {
        "grade" => Some(grade(&argv[1..])),
        _ => None,
    }
}

/// `skyscrapers grade ID… | --batch FILE|- [--max-nodes N] [--max-ms MS]`: one line per puzzle,
/// `{"id", "status", "difficulty", "nodes", "micros"}`; `status` is `graded` for a puzzle with
/// one solution, else `none`, `multiple` or `budget` (the uniqueness search ran out; the budgets
/// are solve's), with `difficulty` null. Bad lines are reported as `solve` reports them.
fn grade(argv: &[String]) -> Result<(), Failure> {
    super::grade_each(
        argv,
        "skyscrapers",
        parse_any,
        |puzzle, max_nodes, max_micros| {
            grade_within(puzzle, max_nodes, max_micros).map(|(g, nodes)| {
                let (status, difficulty) = match g {
                    Grade::Unique(d) => ("graded", Some(d.name())),
                    Grade::NoSolution => ("none", None),
                    Grade::Multiple => ("multiple", None),
                    Grade::Undecided => ("budget", None),
                };
                let mut fields = Map::new();
                fields.insert("difficulty".into(), json!(difficulty));
                (status, fields, nodes)
            })
        },
    )
}
