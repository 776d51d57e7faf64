//! Grading by technique and a graded generator, with Tatham's Solo levels as the reference.
//!
//! A puzzle's level is the smallest set of techniques that solves it with no guess (the first
//! node of the search ends on the solution):
//! - `basic`: naked and hidden singles (Solo's Basic);
//! - `intermediate`: and locked candidates, pointing and claiming (Solo's Intermediate,
//!   "intersectional analysis");
//! - `advanced`: and naked and hidden pairs and triples (Solo's Advanced, "set elimination");
//! - `extreme`: and X-wing (Solo's Extreme adds X-wings and forcing chains; this solver has the
//!   X-wing only);
//! - `unreasonable`: none of these suffice, the search must guess (Solo's Unreasonable).
//!
//! The generator makes a random filled grid, removes givens in 180°-symmetric pairs (Solo's
//! default symmetry) in random order, keeping each removal that leaves the puzzle unique and no
//! harder than the level asked for, and keeps the result if its level is the one asked for
//! (else it tries again, up to [`ATTEMPTS`] times). Puzzles that need the X-wing are rare among
//! random removals (none in 200 tries at 9x9), so the registry does not offer `extreme` to the
//! generator; grading still names it.

use super::solve::{Solver, Techniques};
use super::{check_solution, default_box, Puzzle};
use crate::engine::{Budget, Machine, NoEvents, Status};
use crate::shared::rng::Rng;

/// Tries per generation before giving up with a message.
pub const ATTEMPTS: usize = 200;

/// Node budget of one uniqueness or grading run while generating.
const NODES: u64 = 100_000;

/// A difficulty level (see the module header).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Singles.
    Basic,
    /// And locked candidates.
    Intermediate,
    /// And pairs and triples.
    Advanced,
    /// And X-wing.
    Extreme,
    /// Guessing.
    Unreasonable,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Basic,
        Level::Intermediate,
        Level::Advanced,
        Level::Extreme,
        Level::Unreasonable,
    ];

    /// The level's name in the registry.
    pub fn name(self) -> &'static str {
        match self {
            Level::Basic => "basic",
            Level::Intermediate => "intermediate",
            Level::Advanced => "advanced",
            Level::Extreme => "extreme",
            Level::Unreasonable => "unreasonable",
        }
    }

    /// The level of a name.
    pub fn from_name(name: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == name.trim().to_ascii_lowercase())
            .ok_or_else(|| {
                let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                format!(
                    "no difficulty {} (levels: {})",
                    crate::shared::text::quote(name),
                    names.join(", ")
                )
            })
    }

    /// The techniques of a level without guessing (`None` for `unreasonable`).
    fn techniques(self) -> Option<Techniques> {
        let t = Techniques::NONE;
        let singles = Techniques {
            hidden_singles: true,
            ..t
        };
        let locked = Techniques {
            pointing: true,
            claiming: true,
            ..singles
        };
        let sets = Techniques {
            naked_pairs: true,
            hidden_pairs: true,
            naked_triples: true,
            hidden_triples: true,
            ..locked
        };
        match self {
            Level::Basic => Some(singles),
            Level::Intermediate => Some(locked),
            Level::Advanced => Some(sets),
            Level::Extreme => Some(Techniques::ALL),
            Level::Unreasonable => None,
        }
    }
}

/// How a grading ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grade {
    /// One solution, at this level.
    Level(Level),
    /// No solution.
    None,
    /// More than one solution.
    Multiple,
    /// The node budget ran out.
    Budget,
}

/// Grades `p` (see the module header) within `max_nodes` per run; also the nodes spent.
pub fn grade(p: &Puzzle, max_nodes: u64) -> Result<(Grade, u64), String> {
    let mut spent = 0;
    for level in Level::ALL {
        let t = level.techniques().unwrap_or(Techniques::ALL);
        let mut s = Solver::new(p, t, 2)?;
        let status = s.run(&mut Budget::nodes(max_nodes), &mut NoEvents);
        spent += s.stats().nodes;
        let found = s.solutions().len();
        if level == Level::Unreasonable || s.stats().nodes > 1 {
            if level != Level::Unreasonable {
                continue; // it guessed: harder than this level
            }
            return Ok((
                match (status, found) {
                    (Status::Paused, _) => Grade::Budget,
                    (_, 0) => Grade::None,
                    (_, 1) => Grade::Level(Level::Unreasonable),
                    _ => Grade::Multiple,
                },
                spent,
            ));
        }
        // One node: propagation alone settled it.
        return Ok((
            match found {
                0 => Grade::None,
                _ => Grade::Level(level),
            },
            spent,
        ));
    }
    unreachable!("the last level always answers")
}

/// A random filled grid: the classic pattern, values relabelled, rows shuffled within bands and
/// bands shuffled, columns within stacks and stacks shuffled.
fn filled(n: usize, h: usize, w: usize, rng: &mut Rng) -> Vec<u8> {
    let mut label: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut label);
    let order = |size: usize, group: usize, rng: &mut Rng| -> Vec<usize> {
        let mut groups: Vec<usize> = (0..size / group).collect();
        rng.shuffle(&mut groups);
        groups
            .into_iter()
            .flat_map(|g| {
                let mut inner: Vec<usize> = (0..group).collect();
                rng.shuffle(&mut inner);
                inner
                    .into_iter()
                    .map(move |k| g * group + k)
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let rows = order(n, h, rng);
    let cols = order(n, w, rng);
    let mut g = vec![0; n * n];
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            g[r * n + c] = label[(w * (pr % h) + pr / h + pc) % n];
        }
    }
    g
}

/// One generated puzzle of side `n` at `level` (any level when `None`), from `seed`.
pub fn generate(n: usize, seed: u64, level: Option<Level>) -> Result<Puzzle, String> {
    let (h, w) = default_box(n)
        .filter(|_| (4..=16).contains(&n))
        .ok_or_else(|| format!("random puzzles are 4x4, 6x6, 8x8, 9x9, 10x10, 12x12 … 16x16 with their usual boxes, not {n}x{n}"))?;
    let mut rng = Rng::new(seed);
    for _ in 0..ATTEMPTS {
        let grid = filled(n, h, w, &mut rng);
        let mut p = Puzzle {
            n,
            box_rows: h,
            box_cols: w,
            givens: grid.clone(),
        };
        let mut cells: Vec<usize> = (0..(n * n).div_ceil(2)).collect();
        rng.shuffle(&mut cells);
        for cell in cells {
            let pair = [cell, n * n - 1 - cell];
            let kept = pair.map(|c| p.givens[c]);
            for c in pair {
                p.givens[c] = 0;
            }
            let ok = match grade(&p, NODES)?.0 {
                Grade::Level(l) => level.is_none_or(|want| l <= want),
                _ => false,
            };
            if !ok {
                for (c, v) in pair.into_iter().zip(kept) {
                    p.givens[c] = v;
                }
            }
        }
        let got = grade(&p, NODES)?.0;
        if level.is_none_or(|want| got == Grade::Level(want)) {
            let rows: Vec<Vec<u8>> = grid.chunks(n).map(<[u8]>::to_vec).collect();
            check_solution(&p, &rows)?;
            return Ok(p);
        }
    }
    Err(format!(
        "no {n}x{n} puzzle of level {} in {ATTEMPTS} tries from seed {seed}; try another seed",
        level.map_or("any", Level::name)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_puzzles_are_unique_at_their_level_and_reproducible() {
        for (n, level, seed) in [
            (9, Level::Basic, 1),
            (9, Level::Intermediate, 2),
            (9, Level::Advanced, 3),
            (9, Level::Unreasonable, 4),
            (4, Level::Basic, 5),
            (6, Level::Intermediate, 6),
        ] {
            let p = generate(n, seed, Some(level)).unwrap();
            assert_eq!(generate(n, seed, Some(level)).unwrap(), p);
            // Unique by the second method of the model's tests (DFS, no propagation).
            assert_eq!(
                super::super::tests::dfs(&p, 2).len(),
                1,
                "{}",
                super::super::to_line(&p)
            );
            assert_eq!(grade(&p, NODES).unwrap().0, Grade::Level(level));
            // And not at the level below: the techniques of that level alone guess.
            if let Some(below) = Level::ALL.iter().rev().find(|l| **l < level) {
                let t = below.techniques().unwrap();
                let mut s = Solver::new(&p, t, 2).unwrap();
                s.run(&mut Budget::unlimited(), &mut NoEvents);
                assert!(s.stats().nodes > 1, "{level:?} puzzle solved at {below:?}");
            }
        }
        assert!(Level::from_name("hard")
            .unwrap_err()
            .contains("basic, intermediate"));
        assert!(generate(7, 1, None).unwrap_err().contains("not 7x7"));
    }
}
