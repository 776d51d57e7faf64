//! Hashiwokakero's own commands: `grade`, the difficulty of each puzzle in Tatham's three Bridges
//! levels (docs/GRADING.md), with the rung of deductions that decided it; and `generate`, the
//! generic one with three more flags for the generator's options.

use serde_json::{json, Map};
use solvescope::puzzles::hashi::grade::{grade_within, Grade};
use solvescope::puzzles::hashi::parse_any;

use crate::args::Args;
use crate::Failure;
use solvescope::shared::text::quote;

pub const USAGE: &str = "Hashiwokakero's own commands:
  solvescope hashi grade ID… | --batch FILE|-  [--max-nodes N] [--max-ms MS]
                                                  the difficulty of each puzzle: easy, medium
                                                  or hard (docs/GRADING.md)
  solvescope hashi generate SIZE [--seed S] [--count K] [--difficulty easy|medium|hard]
      [--max-bridges 1-4] [--density 5-30] [--expansion 0-100] [--no-loops] [--max-ms MS]
                                                  SIZE is N or WxH, 4 to 60; the options may
                                                  also be written Tatham's way: 12x12m3i25e10L
";

/// Hashiwokakero's own commands.
pub const COMMANDS: &[&str] = &["grade", "generate"];

/// Runs one of Hashiwokakero's own commands, or `None` for the generic ones.
pub fn run(argv: &[String]) -> Option<Result<(), Failure>> {
    match argv.first().map(String::as_str)? {
        "grade" => Some(grade(&argv[1..])),
        "generate" => Some(generate(&argv[1..])),
        _ => None,
    }
}

/// `hashi generate`: `--max-bridges K`, `--density P`, `--expansion E` and `--no-loops` are
/// checked here (so a bad value is named by its flag) and become Tatham's parameters `m<K>`,
/// `i<P>`, `e<E>`, `L` after SIZE,
/// which is how the generator (natively and in wasm) takes them; the rest is the generic command.
fn generate(argv: &[String]) -> Result<(), Failure> {
    let mut args = Args::parse(
        argv,
        "hashi generate",
        &[
            "seed",
            "count",
            "difficulty",
            "max-ms",
            "max-bridges",
            "density",
            "expansion",
        ],
        &["givens", "no-loops"],
    )?;
    let density = solvescope::puzzles::hashi::DENSITY_RANGE;
    let mut suffix = String::new();
    // Each numeric flag becomes one Tatham parameter, its letter and the number.
    for (flag, letter, range, what) in [
        ("max-bridges", 'm', 1..=4, "bridges per pair of islands"),
        (
            "density",
            'i',
            *density.start()..=*density.end(),
            "percent of the cells are islands",
        ),
        ("expansion", 'e', 0..=100, "percent"),
    ] {
        let Some(text) = args.value(flag) else {
            continue;
        };
        match text.parse::<u32>() {
            Ok(v) if range.contains(&v) => suffix.push_str(&format!("{letter}{v}")),
            _ => {
                return Err(Failure::input(format!(
                    "hashi generate: --{flag} {} is out of range: {} to {} {what}",
                    quote(text),
                    range.start(),
                    range.end()
                )))
            }
        }
    }
    if args.has("no-loops") {
        suffix.push('L');
    }
    if let [size] = args.positional.as_mut_slice() {
        size.push_str(&suffix);
    }
    let mut rest: Vec<String> = args.positional.clone();
    for flag in ["seed", "count", "difficulty", "max-ms"] {
        if let Some(v) = args.value(flag) {
            rest.push(format!("--{flag}={v}"));
        }
    }
    if args.has("givens") {
        rest.push("--givens".into());
    }
    let game = solvescope::puzzles::lookup("hashi").map_err(Failure::input)?;
    crate::commands::generate(game, &rest)
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
