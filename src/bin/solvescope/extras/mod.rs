//! Commands that only one puzzle has, by registry name. A puzzle needs a line here only if it
//! has commands beyond the generic `solve`, `generate` and `format` of `commands.rs`.

mod hashi;
mod queens;
mod skyscrapers;
#[cfg(feature = "sudoku")]
mod sudoku;

use serde_json::{json, Map, Value};
use solvescope::session::{DEFAULT_MAX_MICROS, DEFAULT_MAX_NODES};

use crate::args::{Args, Job};
use crate::commands::{finish, report_bad};
use crate::{emit, Failure};

/// Runs `argv` if it is one of the puzzle's own commands; `None` hands it to the generic ones.
type Extra = fn(&[String]) -> Option<Result<(), Failure>>;

const EXTRAS: &[(&str, Extra, &[&str])] = &[
    ("hashi", hashi::run, hashi::COMMANDS),
    ("queens", queens::run, queens::COMMANDS),
    ("skyscrapers", skyscrapers::run, skyscrapers::COMMANDS),
    #[cfg(feature = "sudoku")]
    ("sudoku", sudoku::run, sudoku::COMMANDS),
];

/// Usage lines of the extra commands, for `--help`.
pub const USAGE: &[&str] = &[
    hashi::USAGE,
    queens::USAGE,
    skyscrapers::USAGE,
    #[cfg(feature = "sudoku")]
    sudoku::USAGE,
];

/// Whether `puzzle` has its own `command`, which then replaces the generic one (N-Queens' `solve`
/// lists placements; there is no uniqueness to prove), so `--help` shows only the one that runs.
pub fn owns(puzzle: &str, command: &str) -> bool {
    EXTRAS
        .iter()
        .any(|(name, _, commands)| *name == puzzle && commands.contains(&command))
}

/// The puzzle's own command words (`grade`, `count`, …), for messages that list its commands.
pub fn commands(puzzle: &str) -> &'static [&'static str] {
    EXTRAS
        .iter()
        .find(|(name, _, _)| *name == puzzle)
        .map_or(&[], |(_, _, commands)| commands)
}

pub fn run(puzzle: &str, argv: &[String]) -> Option<Result<(), Failure>> {
    EXTRAS
        .iter()
        .find(|(name, _, _)| *name == puzzle)
        .and_then(|(_, extra, _)| extra(argv))
}

/// The shared body of `<puzzle> grade ID… | --batch FILE|- [--max-nodes N] [--max-ms MS]`: each
/// puzzle is read with `parse`, graded within solve's budgets by `grade`, and printed as one line
/// `{"id", "status", …grade's fields, "nodes", "micros"}`. `grade` answers the status (`graded`,
/// `none`, `multiple` or `budget`), the puzzle's own fields (`difficulty`, …) and the nodes.
/// Bad lines are reported as `solve` reports them.
#[allow(clippy::type_complexity)]
fn grade_each<P>(
    argv: &[String],
    puzzle: &str,
    parse: fn(&str) -> Result<P, String>,
    grade: fn(&P, u64, u64) -> Result<(&'static str, Map<String, Value>, u64), String>,
) -> Result<(), Failure> {
    let command = format!("{puzzle} grade");
    let args = Args::parse(argv, &command, &["batch", "max-nodes", "max-ms"], &[])?;
    let max_nodes: u64 = args.number("max-nodes")?.unwrap_or(DEFAULT_MAX_NODES);
    let max_micros: u64 = args
        .number::<u64>("max-ms")?
        .map_or(DEFAULT_MAX_MICROS, |ms| ms.saturating_mul(1000));
    let ids: Vec<&str> = args.positional.iter().map(String::as_str).collect();
    let mut bad = 0;
    let count = crate::args::for_each_job(
        &ids,
        args.value("batch"),
        puzzle,
        |f| parse(f).is_ok(),
        |job| {
            let Job { place, label, text } = job;
            match text.and_then(|id| Ok((parse(&id)?, id))) {
                Ok((p, id)) => {
                    let started = std::time::Instant::now();
                    let (status, fields, nodes) = grade(&p, max_nodes, max_micros)
                        .map_err(|message| Failure { code: 1, message })?;
                    let mut line = json!({"id": id, "status": status});
                    line.as_object_mut().unwrap().extend(fields);
                    line["nodes"] = json!(nodes);
                    line["micros"] = json!(started.elapsed().as_micros() as u64);
                    emit(&line);
                }
                Err(e) => {
                    bad += 1;
                    report_bad(place, &label, &e);
                }
            }
            Ok(())
        },
    )?;
    finish(puzzle, "grade", count, bad)
}
