//! How hard a Hashiwokakero puzzle is, in the three levels Tatham's Bridges uses: the weakest
//! rung of this project's deductions that solves it without a single guess (docs/GRADING.md).
//!
//! The rungs, cheapest first (each adds to the one before):
//!
//! | rung | deductions | level |
//! |---|---|---|
//! | `simple` | one island's own view (the other end's need shows only once that island is full): full, so its other edges close; exactly enough room, so it takes it all; a number above (open directions − 1) × k, so a bridge in every open direction | `easy` |
//! | `atLeastOne` | + an edge gets its first bridge when the room of the island's other edges is less than it still needs | `medium` |
//! | `degree` | the full degree rule, with both ends' needs at once (`lo ≥ n − (H − hi)`, `hi ≤ n − (L − lo)` stored on the edge for the other end, so also a second bridge) | `hard` |
//! | `isolation` | + no group of joined islands may use up its demand and close itself off | `hard` |
//! | `global` | + connectivity and cut edges (a link that is the only way left between two parts must be built) | `hard` |
//! | `probe` | + one level of trial: an edge set to its lowest or highest value that propagates (with `global`) to a contradiction loses that value | `hard` |
//! | `search` | none of that finishes it: nested guessing | `hard` |
//!
//! `simple` and `atLeastOne` count the way Tatham's easy and medium solvers do (bridges.c,
//! stages 1 and 2); with them all 120 of Tatham's graded puzzles in the fixture get his level.
//! The crossing rule (a built bridge closes every link crossing it) and, with `L`, the no-loops
//! rule belong to the puzzle and run at every rung. Grading first proves the puzzle has exactly
//! one solution with the full solver (none or several: no grade).

use serde::Serialize;

use super::solve::reach::{reach, DegreeForm, Reach, Rung};
use super::solve::{SolveOptions, Solver, Techniques};
use super::Puzzle;
use crate::engine::{Status, Stepper};

/// A difficulty level, from easiest (Tatham's names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Difficulty {
    /// One island's own view finishes it: full, exactly enough room, or a bridge in every
    /// direction.
    Easy,
    /// Counting one island's room finishes it (a first bridge where the others fall short).
    Medium,
    /// It needs both ends' needs at once (the full degree rule), reasoning about groups of
    /// islands (isolation, connectivity, cut edges), one level of trial, or guessing.
    Hard,
}

impl Difficulty {
    /// Every level, from easiest.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The name players know (Tatham's).
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// A level by name (as written by [`Difficulty::name`]).
    pub fn from_name(name: &str) -> Result<Difficulty, String> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == name)
            .ok_or_else(|| format!("unknown difficulty '{name}' (known: easy, medium, hard)"))
    }
}

/// A rung of the ladder in the module docs, from cheapest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Method {
    /// One island's own view: full, exactly enough room, a bridge in every direction.
    Simple,
    /// + the first bridge of an edge the island cannot do without.
    AtLeastOne,
    /// The full degree rule, both ends' needs at once.
    Degree,
    /// + isolation.
    Isolation,
    /// + connectivity and cut edges.
    Global,
    /// + one level of trial.
    Probe,
    /// Nested guessing.
    Search,
}

impl Method {
    /// Every rung that is a set of deductions (all but `Search`), from cheapest.
    pub const DEDUCTIVE: [Method; 6] = [
        Method::Simple,
        Method::AtLeastOne,
        Method::Degree,
        Method::Isolation,
        Method::Global,
        Method::Probe,
    ];

    /// The rung's name (as in docs/GRADING.md).
    pub fn name(self) -> &'static str {
        match self {
            Method::Simple => "simple",
            Method::AtLeastOne => "atLeastOne",
            Method::Degree => "degree",
            Method::Isolation => "isolation",
            Method::Global => "global",
            Method::Probe => "probe",
            Method::Search => "search",
        }
    }

    /// The level a puzzle whose weakest rung is this one gets.
    pub fn difficulty(self) -> Difficulty {
        match self {
            Method::Simple => Difficulty::Easy,
            Method::AtLeastOne => Difficulty::Medium,
            _ => Difficulty::Hard,
        }
    }

    pub(crate) fn rung(self) -> Rung {
        let degree = Techniques {
            degree: true,
            ..Techniques::none()
        };
        let isolation = Techniques {
            isolation: true,
            ..degree
        };
        let global = Techniques {
            connectivity: true,
            cut_edges: true,
            ..isolation
        };
        let (techniques, form, probe) = match self {
            Method::Simple => (degree, DegreeForm::Simple, false),
            Method::AtLeastOne => (degree, DegreeForm::AtLeastOne, false),
            Method::Degree => (degree, DegreeForm::Full, false),
            Method::Isolation => (isolation, DegreeForm::Full, false),
            Method::Global => (global, DegreeForm::Full, false),
            Method::Probe | Method::Search => (global, DegreeForm::Full, true),
        };
        Rung {
            techniques,
            degree: form,
            probe,
        }
    }
}

/// What grading found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grade {
    /// Exactly one solution; the weakest rung that reaches it without guessing (its level is
    /// [`Method::difficulty`]).
    Unique(Method),
    /// No solution at all.
    NoSolution,
    /// More than one solution.
    Multiple,
    /// The uniqueness search did not finish within its budget.
    Undecided,
}

impl Grade {
    /// The level, for a unique puzzle.
    pub fn difficulty(self) -> Option<Difficulty> {
        match self {
            Grade::Unique(m) => Some(m.difficulty()),
            _ => None,
        }
    }
}

/// Whether the deductions of rung `method` alone, without a guess, decide every edge (`Search`:
/// always false).
pub fn solves_without_guessing(puzzle: &Puzzle, method: Method) -> Result<bool, String> {
    if method == Method::Search {
        return Ok(false);
    }
    Ok(matches!(reach(puzzle, method.rung())?, Reach::Solved(_)))
}

/// The bridges the deductions of rung `method` reach without a guess, if they decide every edge
/// (for tests: they must be the puzzle's solution).
pub fn bridges_without_guessing(
    puzzle: &Puzzle,
    method: Method,
) -> Result<Option<Vec<super::Bridge>>, String> {
    if method == Method::Search {
        return Ok(None);
    }
    Ok(match reach(puzzle, method.rung())? {
        Reach::Solved(b) => Some(b),
        _ => None,
    })
}

/// The weakest rung that solves a puzzle already known to have exactly one solution.
pub fn method(puzzle: &Puzzle) -> Result<Method, String> {
    for m in Method::DEDUCTIVE {
        if solves_without_guessing(puzzle, m)? {
            return Ok(m);
        }
    }
    Ok(Method::Search)
}

/// The weakest level that solves a puzzle known to be unique (cheaper than [`method`] when only
/// the level matters: it stops at the first rung of each level).
pub fn difficulty_of_unique(puzzle: &Puzzle) -> Result<Difficulty, String> {
    if solves_without_guessing(puzzle, Method::Simple)? {
        Ok(Difficulty::Easy)
    } else if solves_without_guessing(puzzle, Method::AtLeastOne)? {
        Ok(Difficulty::Medium)
    } else {
        Ok(Difficulty::Hard)
    }
}

/// Grades `puzzle`: proves uniqueness with the full solver (at most `max_nodes` nodes and
/// `max_micros` microseconds, else [`Grade::Undecided`]), then finds the weakest rung. Also
/// returns the nodes of the uniqueness search. The rungs' propagation has no budget of its own
/// (it is bounded, see `solve::reach`).
pub fn grade_within(
    puzzle: &Puzzle,
    max_nodes: u64,
    max_micros: u64,
) -> Result<(Grade, u64), String> {
    let mut full = Stepper::new(Solver::new(puzzle, SolveOptions::default())?);
    let status = full.solve_within(max_nodes, max_micros);
    let nodes = full.stats().nodes;
    let grade = match (status, full.stats().solutions) {
        (Status::Paused, _) => Grade::Undecided,
        (_, 0) => Grade::NoSolution,
        (_, 1) if status == Status::Exhausted => Grade::Unique(method(puzzle)?),
        _ => Grade::Multiple,
    };
    Ok((grade, nodes))
}

/// [`grade_within`] without a time budget.
pub fn grade(puzzle: &Puzzle, max_nodes: u64) -> Result<Grade, String> {
    Ok(grade_within(puzzle, max_nodes, u64::MAX)?.0)
}
