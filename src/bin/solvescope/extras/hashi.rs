//! Hashiwokakero's own command: `grade`, the difficulty of each puzzle in Tatham's three Bridges
//! levels (docs/GRADING.md), with the rung of deductions that decided it.

use serde_json::{json, Map};
use solvescope::puzzles::hashi::grade::{grade_within, Grade};
use solvescope::puzzles::hashi::parse_any;

use crate::Failure;

pub const USAGE: &str = "Hashiwokakero's own command:
  solvescope hashi grade ID… | --batch FILE|-  [--max-nodes N] [--max-ms MS]
                                                  the difficulty of each puzzle: easy, medium
                                                  or hard (docs/GRADING.md)
";

/// Hashiwokakero's own commands.
pub const COMMANDS: &[&str] = &["grade"];

/// Runs one of Hashiwokakero's own commands, or `None` for the generic ones.
pub fn run(argv: &[String]) -> Option<Result<(), Failure>> {
    match argv.first().map(String::as_str)? {
        "grade" => Some(grade(&argv[1..])),
        _ => None,
    }
}

/// `hashi grade ID… | --batch FILE|- [--max-nodes N] [--max-ms MS]`: one line per puzzle,
/// `{"id", "status", "difficulty", "method", "nodes", "micros"}` (`method`: the weakest rung that
/// decides it, `simple` … `probe`, or `search` when it needs nested guessing); `status` is `graded` for a puzzle with
/// one solution, else `none`, `multiple` or `budget` (the uniqueness search ran out; the budgets
/// are solve's), with `difficulty` null. Bad lines are reported as `solve` reports them.
fn grade(argv: &[String]) -> Result<(), Failure> {
    super::grade_each(argv, "hashi", parse_any, |puzzle, max_nodes, max_micros| {
        grade_within(puzzle, max_nodes, max_micros).map(|(g, nodes)| {
            let (status, method) = match g {
                Grade::Unique(m) => ("graded", Some(m)),
                Grade::NoSolution => ("none", None),
                Grade::Multiple => ("multiple", None),
                Grade::Undecided => ("budget", None),
            };
            let mut fields = Map::new();
            fields.insert(
                "difficulty".into(),
                json!(method.map(|m| m.difficulty().name())),
            );
            fields.insert("method".into(), json!(method.map(|m| m.name())));
            (status, fields, nodes)
        })
    })
}
