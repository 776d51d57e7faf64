//! Hashiwokakero's own command: `grade`, the difficulty of each puzzle in Tatham's three Bridges
//! levels (docs/GRADING.md), with the rung of deductions that decided it.

use serde_json::json;
use solvescope::puzzles::hashi::grade::{grade_within, Grade};
use solvescope::puzzles::hashi::parse_any;
use solvescope::session::{DEFAULT_MAX_MICROS, DEFAULT_MAX_NODES};

use crate::args::{Args, Job};
use crate::commands::{finish, report_bad};
use crate::{emit, Failure};

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
    let args = Args::parse(argv, "hashi grade", &["batch", "max-nodes", "max-ms"], &[])?;
    let max_nodes: u64 = args.number("max-nodes")?.unwrap_or(DEFAULT_MAX_NODES);
    let max_micros: u64 = args
        .number::<u64>("max-ms")?
        .map_or(DEFAULT_MAX_MICROS, |ms| ms.saturating_mul(1000));
    let ids: Vec<&str> = args.positional.iter().map(String::as_str).collect();
    let mut bad = 0;
    let count = crate::args::for_each_job(
        &ids,
        args.value("batch"),
        "hashi",
        |f| parse_any(f).is_ok(),
        |job| {
            let Job { place, label, text } = job;
            match text.and_then(|id| Ok((parse_any(&id)?, id))) {
                Ok((puzzle, id)) => {
                    let started = std::time::Instant::now();
                    let (g, nodes) = grade_within(&puzzle, max_nodes, max_micros)
                        .map_err(|message| Failure { code: 1, message })?;
                    let (status, method) = match g {
                        Grade::Unique(m) => ("graded", Some(m)),
                        Grade::NoSolution => ("none", None),
                        Grade::Multiple => ("multiple", None),
                        Grade::Undecided => ("budget", None),
                    };
                    emit(&json!({
                        "id": id,
                        "status": status,
                        "difficulty": method.map(|m| m.difficulty().name()),
                        "method": method.map(|m| m.name()),
                        "nodes": nodes,
                        "micros": started.elapsed().as_micros() as u64,
                    }));
                }
                Err(e) => {
                    bad += 1;
                    report_bad(place, &label, &e);
                }
            }
            Ok(())
        },
    )?;
    finish("hashi", "grade", count, bad)
}
