//! The Skyscrapers solver: candidate propagation to a fixed point, then search with an undo trail.
//!
//! State: one `u32` candidate mask per cell (bit `v-1` = height `v` still possible). A *line* is a
//! row or a column read from its start side (left / top), with the clue on that side (`start`) and
//! on the far side (`end`). Lines `0..N` are rows, `N..2N` columns, so a set of lines fits a `u32`.
//!
//! Deductions, cheapest first, each emitted as one event with its reason:
//! - **clue rules** at the start (always on, as in the article): a clue 1 puts N next to it
//!   (`clueOne`); a clue N makes the line 1, 2, …, N (`clueStaircase`); with visibility bounds on,
//!   a clue c also caps the cell at distance d (0-based) at N − c + 1 + d (`clueDistance`);
//! - **naked single**: a cell with one candidate removes it from its row and column;
//! - **only place** (hidden single): a height with one place left in a line goes there;
//! - **visibility bound** (toggle `visibility`, the article's rule made into a filter): a line that
//!   surely shows `lo` and can show at most `hi` towers must have lo ≤ clue ≤ hi; every candidate
//!   whose choice would break that for either clue of its line is removed. It runs only while line
//!   propagation is off: the line tables are exact per line and so subsume it (measured: running
//!   both costs a third more time for a few percent fewer table runs);
//! - **line propagation** (toggle `lines`): the exact filter of all permutations of the line that
//!   fit its candidates and both clues. Instead of listing permutations (up to 16! of them) it
//!   splits each permutation at the position of N: the cells before N decide the count from the
//!   start, the cells after it the count from the end. A dynamic programme over the *set* of heights
//!   placed so far (2^(N-1) sets, with a bitset of reachable counts per set) runs forward from each
//!   end, then backward from the accepted splits, marking every (position, height) on some valid
//!   permutation. This prunes exactly as much as enumerating the permutations;
//! - **witnesses** (not a deduction, so no toggle and no sentence: it never changes a result): from
//!   N = 10 each clued line keeps arrangements it has met (permutations that fit both clues), a few
//!   per (position, height); when every candidate of a dirty line still has one inside the current
//!   candidates, the exact programme would remove nothing and is skipped (residual supports, as
//!   in AC-3rm). A candidate whose arrangements all broke first tries to mend one by up to two
//!   swaps of heights (clues rechecked); if one candidate is still left without an arrangement,
//!   the programme decides only it, on the line with that cell fixed (smaller tables). Events
//!   and node counts are exactly those without any of it (tested);
//! - a completed line is always checked against its clues, so the solver stays correct with every
//!   toggle off.
//!
//! - **line propagation** also runs Régin's all-different filter on rows and columns without
//!   clues and on the *value planes* (for each height, rows → columns must be a permutation), which
//!   covers naked/hidden subsets and X-wing/swordfish patterns of the Latin square;
//!
//! Search: binary branching on a choice made by MRV (fewest alternatives: a cell's candidates, and
//! from 10x10 up also a height's open places in a row or column, toggle `places`; ties go to the
//! choice whose lines met the most dead ends so far, then to the one whose row and column hold the
//! most candidates; toggle `mrv`, otherwise the first open cell in row-major order, lowest height
//! first): "cell = v", and when that fails,
//! "cell ≠ v" as a deduction at the level above (`refuted`). One *node* = one propagation run (the
//! initial one, after a guess, or after a refutation). Every change goes on a trail and is undone on
//! backtrack. The solution limit (default 2) makes uniqueness fall out of [`Status`]:
//! `Exhausted` with 0 / 1 solution = none / unique, `LimitReached` with 2 = multiple.
//!
//! Events are invertible from themselves alone: every candidate change carries the masks before
//! and after, backtracks list every restored cell.
//!
//! The search itself (decision stack, phases of a node, counters, solution limit, budgets) is the
//! shared [`Search`] engine; this folder supplies its [`Rules`](crate::engine::search::Rules)
//! ([`SkyRules`]), and the candidates and their trail are the shared [`LatinGrid`]. The code is
//! split along those lines: `events.rs` holds the event types and the sentences, `rules.rs` the
//! clue rules, singles and visibility bounds with the fixed-point loop, `lines.rs` the exact line
//! tables and value planes (the programme in `lines/kernel.rs`, what it remembers between runs in
//! `lines/caches.rs`), `branch.rs` the branching choice and the rest of the `Rules`. Bitmask
//! helpers and all-different filtering are shared with the rest of the project in
//! [`crate::shared::latin`].

mod branch;
mod events;
mod lines;
pub mod probe;
mod rules;

pub(crate) use events::CONTRADICTION;
pub use events::{Axis, Change, Event, LineRef, Reason};

use serde::{Deserialize, Serialize};

use super::{Puzzle, Side};
use crate::engine::search::{Dead, Emit, Search};
use crate::engine::Status;
use crate::shared::latin::LatinGrid;
use lines::LineTables;

/// Which deductions run (the teaching toggles); all on by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct Techniques {
    /// Visibility bounds (lo ≤ clue ≤ hi) and the clue-distance caps (the bound filter itself
    /// only runs while `lines` is off, since the line tables subsume it).
    pub visibility: bool,
    /// Exact line propagation over all permutations that fit both clues, plus all-different
    /// filtering of clueless lines and value planes.
    pub lines: bool,
    /// Branch on the cell with the fewest candidates (otherwise the first open cell).
    pub mrv: bool,
    /// From 10x10 up, let a height's open places in a row or column compete with the cells'
    /// candidates in the MRV choice (the Latin square's other view; no effect with `mrv` off or
    /// below 10x10). Off, the search branches on cells only, as the article's solver does.
    pub places: bool,
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques::ALL
    }
}

impl Techniques {
    /// Every technique on (the default).
    pub const ALL: Techniques = Techniques {
        visibility: true,
        lines: true,
        mrv: true,
        places: true,
    };
    /// The source article's solver: bitmasks, clue rules, visibility bounds, MRV on cells; no
    /// line tables, no branching on a height's places.
    pub const ARTICLE: Techniques = Techniques {
        visibility: true,
        lines: false,
        mrv: true,
        places: false,
    };
    /// Latin-square singles and the clue-1 / clue-N rules only.
    pub const NONE: Techniques = Techniques {
        visibility: false,
        lines: false,
        mrv: false,
        places: false,
    };
}

/// Solver options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Which deductions run.
    pub techniques: Techniques,
    /// Stop after this many solutions (2 proves uniqueness).
    pub limit: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            techniques: Techniques::ALL,
            limit: 2,
        }
    }
}

#[derive(Clone, Debug)]
struct Line {
    /// Cell indices from the start side.
    cells: Vec<usize>,
    /// Clue at the start side (left / top) and the end side (right / bottom), 0 = none.
    start: u8,
    end: u8,
}

/// Work units (sets visited by the line programme, cells of a value plane) between two looks at
/// the time budget inside one propagation run. At N = 16 one run can visit millions of sets (the
/// first node of a clue-only 16x16 took 1.8 s); this many take a few hundred microseconds, and a
/// look costs tens of nanoseconds, so small boards, which never get this far, never read the
/// clock inside a node.
const WORK_PER_CLOCK_LOOK: u64 = 1 << 16;

type Res = Result<(), Dead>;

/// Where the deductions emit their events: the engine stamps the counters.
type Out<'a, S> = Emit<'a, Event, S>;

/// The solving machine: the shared [`Search`] over the Skyscrapers rules.
///
/// # Example
///
/// Parse a puzzle, solve it to the end, then watch the first steps of the same search:
///
/// ```
/// use solvescope::engine::{Budget, Machine, NoEvents, Status, Trace};
/// use solvescope::puzzles::skyscrapers::solve::{Event, Options, Reason, Solver};
/// use solvescope::puzzles::skyscrapers::{check_solution, parse_any};
///
/// // A Tatham Towers ID: the clues top, bottom, left, right.
/// let puzzle = parse_any("4:2/2/1/4/2/3/3/1/3/2/1/2/2/3/2/1")?;
///
/// // The default solution limit is 2: `Exhausted` with one solution proves it unique.
/// let mut solver = Solver::new(&puzzle, Options::default())?;
/// assert_eq!(solver.run(&mut Budget::unlimited(), &mut NoEvents), Status::Exhausted);
/// assert_eq!(solver.solutions().len(), 1);
/// let grid = &solver.solutions()[0]; // grid[row][col], heights 1..=4
/// assert!(check_solution(&puzzle, grid).is_ok()); // the independent checker
///
/// // One node with a recording sink: the clue rules come first, each with its reason.
/// let mut watched = Solver::new(&puzzle, Options::default())?;
/// let mut trace = Trace::default();
/// watched.run(&mut Budget::nodes(1), &mut trace);
/// assert!(trace.events.iter().any(|e| matches!(e, Event::SkyDeduce { reason: Reason::ClueOne, .. })));
/// # Ok::<(), String>(())
/// ```
pub type Solver = Search<SkyRules>;

/// The Skyscrapers rules the shared [`Search`] runs: the board (a [`LatinGrid`]), the line
/// tables, the propagation queues and the branching weights.
#[derive(Clone, Debug)]
pub struct SkyRules {
    puzzle: Puzzle,
    n: usize,
    techniques: Techniques,
    lines: Vec<Line>,
    grid: LatinGrid,
    singles: Vec<usize>,
    dirty_hidden: u32,
    dirty_bound: u32,
    dirty_perm: u32,
    /// Heights (bit v-1) whose places changed: their value planes need another look.
    dirty_plane: u32,
    // Event under construction (tracing only).
    changes: Vec<Change>,
    // Scratch tables of the line programme.
    tables: LineTables,
    /// Line programme runs (for benchmarks).
    pub line_runs: u64,
    /// Sets visited by the line programme (for benchmarks).
    pub line_sets: u64,
    /// Line programme runs answered from the memo (for benchmarks).
    pub line_hits: u64,
    /// Line programme runs skipped because known arrangements cover every candidate (for
    /// benchmarks; see `lines::Witnesses`).
    pub line_skips: u64,
    /// Line programme runs done one uncovered candidate at a time (for benchmarks; see
    /// `lines::FEW_UNCOVERED`).
    pub line_few: u64,
    /// Line runs (programme, memo or all-different) that removed nothing (for benchmarks).
    pub line_idle: u64,
    /// Dead ends met per line: the search prefers cells on lines that failed often (dom/wdeg).
    weight: [u32; 32],
    /// The cell whose last candidate was just removed (reported after the deduction's event).
    emptied: Option<(usize, u32)>,
    /// Work done since the last look at the time budget (see [`WORK_PER_CLOCK_LOOK`]).
    work: u64,
}

impl SkyRules {
    /// The rules of `puzzle` (checked with [`Puzzle::validate`]) with `techniques`, before the
    /// first node.
    pub fn new(puzzle: &Puzzle, techniques: Techniques) -> Result<Self, String> {
        puzzle.validate()?;
        let n = puzzle.n;
        let mut lines = Vec::with_capacity(2 * n);
        for r in 0..n {
            lines.push(Line {
                cells: (0..n).map(|c| r * n + c).collect(),
                start: puzzle.clue(Side::Left, r),
                end: puzzle.clue(Side::Right, r),
            });
        }
        for c in 0..n {
            lines.push(Line {
                cells: (0..n).map(|r| r * n + c).collect(),
                start: puzzle.clue(Side::Top, c),
                end: puzzle.clue(Side::Bottom, c),
            });
        }
        let all_lines = if 2 * n == 32 {
            u32::MAX
        } else {
            (1u32 << (2 * n)) - 1
        };
        let grid = LatinGrid::new(n); // n ≤ 16
        Ok(SkyRules {
            puzzle: puzzle.clone(),
            n,
            techniques,
            lines,
            dirty_plane: grid.full(),
            grid,
            singles: Vec::new(),
            dirty_hidden: all_lines,
            dirty_bound: all_lines,
            dirty_perm: all_lines,
            changes: Vec::new(),
            tables: if techniques.lines {
                LineTables::new(n)
            } else {
                LineTables::default()
            },
            emptied: None,
            work: 0,
            weight: [0; 32],
            line_runs: 0,
            line_sets: 0,
            line_hits: 0,
            line_skips: 0,
            line_few: 0,
            line_idle: 0,
        })
    }
}

impl Search<SkyRules> {
    /// A solver for `puzzle` (checked with [`Puzzle::validate`]); a `limit` of 0 counts as 1.
    pub fn new(puzzle: &Puzzle, options: Options) -> Result<Self, String> {
        Ok(Search::of(
            SkyRules::new(puzzle, options.techniques)?,
            options.limit,
        ))
    }

    /// The puzzle being solved.
    pub fn puzzle(&self) -> &Puzzle {
        &self.rules().puzzle
    }

    /// The candidate masks right now, row-major.
    pub fn candidates(&self) -> &[u32] {
        self.rules().grid.candidates()
    }
}

/// Solves `puzzle` to the end without events, or until `max_nodes` nodes or `max_micros` of wall
/// time (a convenience for tests, hints and the generator; the generator passes `u64::MAX`, so
/// that what it makes of a seed does not depend on the machine's speed).
pub fn solve(
    puzzle: &Puzzle,
    options: Options,
    max_nodes: u64,
    max_micros: u64,
) -> Result<(Status, Solver), String> {
    let mut s = crate::engine::Stepper::new(Solver::new(puzzle, options)?);
    let status = s.solve_within(max_nodes, max_micros);
    Ok((status, s.into_machine()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Budget, Machine, NoEvents, Trace};
    use crate::puzzles::skyscrapers::{brute_force, check_solution, parse_tatham};

    #[test]
    fn solves_the_format_example_uniquely() {
        let p = parse_tatham("4://///1/3///4/////3/").unwrap();
        for t in [Techniques::ALL, Techniques::ARTICLE, Techniques::NONE] {
            let (status, s) = solve(
                &p,
                Options {
                    techniques: t,
                    limit: 2,
                },
                u64::MAX,
                u64::MAX,
            )
            .unwrap();
            assert_eq!(status, Status::Exhausted, "{t:?}");
            assert_eq!(s.solutions().len(), 1);
            check_solution(&p, &s.solutions()[0]).unwrap();
            assert_eq!(s.solutions()[0], brute_force(&p, 2)[0]);
        }
    }

    #[test]
    fn the_article_six_by_six_has_no_solution() {
        let p = parse_tatham("6:/3/2/2/3///3/2/1/2///2/3/2/1///1/2/2/3/").unwrap();
        for t in [Techniques::ALL, Techniques::ARTICLE, Techniques::NONE] {
            let (status, s) = solve(
                &p,
                Options {
                    techniques: t,
                    limit: 2,
                },
                u64::MAX,
                u64::MAX,
            )
            .unwrap();
            assert_eq!(
                (status, s.solutions().len()),
                (Status::Exhausted, 0),
                "{t:?}"
            );
        }
    }

    #[test]
    fn reasons_name_human_coordinates_and_lines() {
        // Clue 1 above column 2 and clue 4 right of row 3 (1-based in every sentence).
        let p = parse_tatham(&format!("4:/1{}/4/", "/".repeat(12))).unwrap();
        let mut s = Solver::new(&p, Options::default()).unwrap();
        let mut trace = Trace::default();
        s.run(&mut Budget::nodes(1), &mut trace);
        let one = trace
            .events
            .iter()
            .find(|e| {
                matches!(
                    e,
                    Event::SkyDeduce {
                        reason: Reason::ClueOne,
                        ..
                    }
                )
            })
            .unwrap();
        let Event::SkyDeduce {
            why,
            line,
            changes,
            value,
            ..
        } = one
        else {
            unreachable!()
        };
        assert!(
            why.contains("above column 2") && why.contains("row 1, column 2"),
            "{why}"
        );
        assert_eq!(
            *line,
            Some(LineRef {
                axis: Axis::Col,
                index: 1
            })
        );
        assert_eq!(*value, Some(4));
        assert_eq!(
            changes,
            &vec![Change {
                row: 0,
                col: 1,
                before: 0b1111,
                after: 0b1000
            }]
        );
        let stair = trace
            .events
            .iter()
            .find(|e| {
                matches!(
                    e,
                    Event::SkyDeduce {
                        reason: Reason::ClueStaircase,
                        ..
                    }
                )
            })
            .unwrap();
        let Event::SkyDeduce {
            why, line, changes, ..
        } = stair
        else {
            unreachable!()
        };
        assert!(why.contains("on the right of row 3"), "{why}");
        assert_eq!(
            *line,
            Some(LineRef {
                axis: Axis::Row,
                index: 2
            })
        );
        // Read from the right: 1, 2, 3, 4, so column 4 holds 1 and column 1 holds 4.
        assert!(changes.contains(&Change {
            row: 2,
            col: 3,
            before: 0b1111,
            after: 0b0001
        }));
        assert!(changes.contains(&Change {
            row: 2,
            col: 0,
            before: 0b1111,
            after: 0b1000
        }));
        let json = serde_json::to_string(one).unwrap();
        assert!(
            json.starts_with(
                r#"{"kind":"skyDeduce","reason":"clueOne","line":{"axis":"col","index":1}"#
            ),
            "{json}"
        );
    }

    #[test]
    fn events_replay_to_the_solvers_board() {
        let p = parse_tatham("5:/3//4/2///2////2//1/3/////").unwrap();
        let mut s = Solver::new(&p, Options::default()).unwrap();
        let mut trace = Trace::default();
        let mut budget = Budget::unlimited();
        let status = s.run(&mut budget, &mut trace);
        assert_eq!(status, Status::Exhausted);
        let full = (1u32 << p.n) - 1;
        let mut board = vec![full; 25];
        for e in &trace.events {
            let changes = match e {
                Event::SkyDeduce { changes, .. }
                | Event::SkyGuess { changes, .. }
                | Event::SkyBacktrack { changes, .. } => changes,
                _ => continue,
            };
            for ch in changes {
                let i = (ch.row * 5 + ch.col) as usize;
                assert_eq!(board[i], ch.before, "{e:?}");
                board[i] = ch.after;
            }
        }
        assert_eq!(board, s.candidates());
        let mut quiet = Solver::new(&p, Options::default()).unwrap();
        quiet.run(&mut Budget::unlimited(), &mut NoEvents);
        assert_eq!(quiet.stats().nodes, s.stats().nodes);
    }

    #[test]
    fn skipping_covered_lines_changes_nothing_the_search_does() {
        // Witnesses only skip line runs that would remove nothing: every event, node and
        // solution is the same with them and without (big boards, where they are on).
        use crate::puzzles::skyscrapers::generate::generate_graded;
        use crate::puzzles::skyscrapers::grade::Difficulty;
        let mut skipped = 0;
        for (n, seed) in [(10, 1), (10, 2), (12, 3), (12, 4)] {
            let (p, _) =
                generate_graded(n, seed, Some(Difficulty::Unreasonable), true, 200_000).unwrap();
            let mut with = Solver::new(&p, Options::default()).unwrap();
            let mut without = Solver::new(&p, Options::default()).unwrap();
            assert!(with.rules().tables.witnesses.is_some());
            without.rules_mut().tables.witnesses = None;
            let (mut t1, mut t2) = (Trace::default(), Trace::default());
            let s1 = with.run(&mut Budget::unlimited(), &mut t1);
            let s2 = without.run(&mut Budget::unlimited(), &mut t2);
            assert_eq!(s1, s2);
            assert_eq!(with.stats().nodes, without.stats().nodes, "{n} {seed}");
            assert_eq!(with.solutions(), without.solutions());
            assert_eq!(t1.events, t2.events, "{n} {seed}");
            assert_eq!(without.rules().line_skips, 0);
            skipped += with.rules().line_skips;
        }
        assert!(
            skipped > 0,
            "no run was skipped: the test would not see a difference"
        );
    }
}
