//! A seeded generator of Hashiwokakero boards (for tests, benchmarks and the page's "random").
//!
//! It grows a random connected bridge layout: start with one island; repeatedly take a random
//! island and direction, walk over empty water for a random length and either end on a new island
//! (never orthogonally next to another island) or, if the walk meets an island first, join it (a
//! loop). Each new link gets 1..=k bridges. Bridge cells are marked, so no two links cross. The
//! islands' numbers are read off the layout, which is therefore always a solution; whether it is
//! the *only* one is for the solver to decide ([`generate_unique`] retries with new seeds).

// The random layout and the edits made to it (layout), the plain generator that makes it unique
// (unique), and the generator of a wanted level (graded).
mod graded;
mod layout;
mod unique;

pub use graded::generate_graded;
pub use layout::{generate, layout_seeds};
pub use unique::{generate_unique, make_unique, random_unique, RANDOM_MAX_SIDE};

/// Generation settings.
#[derive(Clone, Copy, Debug)]
pub struct GenParams {
    /// Columns of the board (at least 2).
    pub width: usize,
    /// Rows of the board (at least 2).
    pub height: usize,
    /// Islands wanted; fewer when the board fills up (the growth stops after 400 tries per island
    /// wanted).
    pub islands: usize,
    /// Most bridges one link gets (the puzzle's k); each link gets 1 to this many.
    pub max_bridges: u8,
    /// Longest walk from an island, in cells.
    pub max_len: usize,
    /// Chance (0..1) that a walk meeting an existing island joins it (closing a loop).
    pub loop_chance: f64,
    /// The no-loops rule (`L`): the layout is grown as a tree (no walk joins an island it meets,
    /// whatever `loop_chance` says) and the puzzle states the rule, so the solver enforces it.
    pub no_loops: bool,
    /// None: the walk of the first generator (a random length up to `max_len`, given up when
    /// its end does not fit), which the seeds of the plain generator keep. Some(x): every walk
    /// first looks how far it could go (to the edge, to one cell before a bridge, or two before
    /// an island), then puts the new island at that farthest place with chance x, else at a
    /// random place from 2 cells out to `max_len` (or the farthest place, when nearer), so a walk
    /// fails only where no island fits at all; the growth stops after 100 failed walks in a row.
    /// With x = e/100 this is Tatham's Bridges "expansion factor" `e` (docs/CLI.md §6.5).
    pub expansion: Option<f64>,
}

/// Why a generator came back without a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenFail {
    /// Every layout it may try (`tries`) was tried and none gave a puzzle as asked.
    Exhausted,
    /// The time budget ran out after this many layouts.
    Budget {
        /// Layouts tried (the last one perhaps not to its end).
        layouts: u64,
    },
}

/// Whether a [`clock`](crate::shared::clock) deadline (None: none) has passed.
fn past(deadline: Option<u64>) -> bool {
    deadline.is_some_and(|d| crate::shared::clock::now_micros() >= d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Status;
    use crate::puzzles::hashi::{check_solution, parse_any, to_plain};

    #[test]
    fn layouts_are_solutions_and_seeds_reproduce() {
        let gp = GenParams {
            width: 12,
            height: 9,
            islands: 20,
            max_bridges: 2,
            max_len: 5,
            loop_chance: 0.5,
            no_loops: false,
            expansion: None,
        };
        let (p, sol) = generate(&gp, 3);
        check_solution(&p, &sol).unwrap();
        assert_eq!(generate(&gp, 3).0, p);
        let a = parse_any("9x7#42").unwrap();
        assert_eq!((a.width, a.height), (9, 7));
        assert_eq!(parse_any("9x7#42").unwrap(), a);
        assert_ne!(to_plain(&parse_any("9x7#43").unwrap()), to_plain(&a));
        let (st, sols, _) =
            crate::puzzles::hashi::solve::solve_all(&a, Default::default(), u64::MAX, u64::MAX)
                .unwrap();
        assert_eq!((st, sols.len()), (Status::Exhausted, 1));
        assert!(parse_any("2x2#1").unwrap_err().contains("3x3"));
        assert!(parse_any("9x7m3L#word").unwrap().no_loops);
    }
}
