//! How hard a Skyscrapers puzzle is, in the four levels Tatham's Towers uses: the weakest set of
//! deductions that solves it without a single guess.
//!
//! The ladder is the solver's own techniques, cheapest first (each level adds to the one before):
//!
//! | level | deductions it may use |
//! |---|---|
//! | `easy` | Latin-square singles (a cell with one height left, a height with one place left in a line), the clue-1 / clue-N edge rules, and visibility: the distance caps of every clue and the bound filter (a line that surely shows `lo` and can show at most `hi` towers must have lo ≤ clue ≤ hi) |
//! | `hard` | + exact line reasoning: every permutation of a line that fits its candidates and both clues, and all-different filtering of clueless lines and of the value planes (subsets, X-wings) |
//! | `extreme` | + failed-literal probing, one level deep, with the singles and edge rules inside each probe ([`probe`]) |
//! | `unreasonable` | none of the above finishes it: it needs nested guessing (trial and error) |
//!
//! "Solves it" means that propagation alone, from the clues and givens, leaves one height in
//! every cell; grading first proves the puzzle has exactly one solution (a puzzle with none or
//! several has no grade). The levels are defined by this project's deductions, not Tatham's
//! (which are different rules of similar strength); docs/GRADING.md records how often the two
//! agree on puzzles Tatham's generator made at each level.

use serde::Serialize;

use super::solve::{probe, Options, Solver, Techniques};
use super::Puzzle;
use crate::engine::{Status, Stepper};

/// A difficulty level, from easiest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Difficulty {
    /// Singles and the edge rules suffice.
    Easy,
    /// Visibility bounds are needed too.
    Hard,
    /// Exact line reasoning is needed too.
    Extreme,
    /// Deductions alone do not finish it: guessing is needed.
    Unreasonable,
}

impl Difficulty {
    /// Every level, from easiest.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Hard,
        Difficulty::Extreme,
        Difficulty::Unreasonable,
    ];

    /// The name players know (Tatham's).
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Hard => "hard",
            Difficulty::Extreme => "extreme",
            Difficulty::Unreasonable => "unreasonable",
        }
    }

    /// A level by name (as written by [`Difficulty::name`]).
    pub fn from_name(name: &str) -> Result<Difficulty, String> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == name)
            .ok_or_else(|| {
                format!("unknown difficulty '{name}' (known: easy, hard, extreme, unreasonable)")
            })
    }

    /// The deductions this level may use (`unreasonable`: all of them, and guessing).
    fn techniques(self) -> Techniques {
        let easy = Techniques {
            visibility: true,
            ..Techniques::NONE
        };
        match self {
            Difficulty::Easy => easy,
            _ => Techniques {
                lines: true,
                ..easy
            },
        }
    }
}

/// What grading found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grade {
    /// Exactly one solution, and the weakest level whose deductions reach it without guessing.
    Unique(Difficulty),
    /// No solution at all.
    NoSolution,
    /// More than one solution.
    Multiple,
    /// The uniqueness search did not finish within the node budget.
    Undecided,
}

/// Whether the deductions of `level` alone, without a guess, leave one height in every cell.
pub fn solves_without_guessing(puzzle: &Puzzle, level: Difficulty) -> Result<bool, String> {
    // Probes use the singles and edge rules only: with the line tables inside every probe, one
    // level of trial finishes nearly every puzzle, and the level would no longer separate what
    // players (and Tatham's grader) find extreme from what needs real trial and error.
    let probe = (level == Difficulty::Extreme).then_some(Techniques::NONE);
    Ok(matches!(
        probe::reach(puzzle, level.techniques(), probe)?,
        probe::Reach::Solved(_)
    ))
}

/// Grades `puzzle`: proves uniqueness (within `max_nodes` nodes of the full solver), then finds
/// the weakest level that solves it without guessing.
pub fn grade(puzzle: &Puzzle, max_nodes: u64) -> Result<Grade, String> {
    Ok(grade_within(puzzle, max_nodes, u64::MAX)?.0)
}

/// [`grade`] with a time budget too: the uniqueness search stops after `max_nodes` nodes or
/// `max_micros` microseconds, whichever comes first, and the puzzle is then [`Grade::Undecided`].
/// Also returns the nodes that search took. The levels' own propagation has no budget: it is a
/// fixed point over at most N² cells (see [`probe::reach`]).
pub fn grade_within(
    puzzle: &Puzzle,
    max_nodes: u64,
    max_micros: u64,
) -> Result<(Grade, u64), String> {
    let mut full = Stepper::new(Solver::new(puzzle, Options::default())?);
    let status = full.solve_within(max_nodes, max_micros);
    let nodes = full.stats().nodes;
    let grade = match (status, full.stats().solutions) {
        (Status::Paused, _) => Grade::Undecided,
        (_, 0) => Grade::NoSolution,
        (_, 1) if status == Status::Exhausted => level(puzzle)?,
        _ => Grade::Multiple,
    };
    Ok((grade, nodes))
}

/// The grade of a puzzle already known to have exactly one solution.
fn level(puzzle: &Puzzle) -> Result<Grade, String> {
    for level in [Difficulty::Easy, Difficulty::Hard, Difficulty::Extreme] {
        if solves_without_guessing(puzzle, level)? {
            return Ok(Grade::Unique(level));
        }
    }
    Ok(Grade::Unique(Difficulty::Unreasonable))
}
