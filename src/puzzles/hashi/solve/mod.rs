//! The Hashiwokakero solver: bridge ranges, deductions to a fixed point, and search with a trail.
//!
//! State: for every candidate edge a range `[lo, hi]` of bridge counts still possible (start
//! `[0, cap]`). Every change goes through `Solver::tighten`, which records the old range on the
//! trail (undo on backtrack) and emits an invertible `hashiRange` event.
//!
//! Deductions (each a [`Rule`], each switchable through [`Techniques`] except the rules of the
//! puzzle itself, which are always enforced):
//! - **degree** (per island, demand n, sums L = Σlo and H = Σhi over its edges): each edge gets
//!   `lo ≥ n − (H − hi)` and `hi ≤ n − (L − lo)`. This contains "demand equals capacity: take
//!   everything", "needs 6 with 3 neighbours: two each", "needs 3 with two neighbours: at least one
//!   each", and "finished: no more bridges". Switched off, only the check L ≤ n ≤ H remains (the
//!   article's capacity check).
//! - **crossing** (a rule): an edge with lo > 0 forces every edge crossing it to 0.
//! - **no loops** (a rule, with `L`): an edge whose ends are already joined by built bridges is 0.
//! - **isolation**: with the groups of islands joined by built bridges (lo > 0) and their remaining
//!   demand, a value of an edge that would leave the joined group with no demand left while other
//!   islands exist is removed (two 1s may not join; two 2s not with a double bridge; in general
//!   a group may not close itself off).
//! - **connectivity**: union-find over the edges still possible (hi > 0): more than one group is
//!   a dead end.
//! - **cutEdges**: an edge that is the only link left between two parts of the possible graph
//!   (a bridge in graph terms, found by Tarjan's lowlink) must carry at least one bridge.
//! - **matrixTree** (off by default): the article's Kirchhoff count modulo two primes; zero means
//!   disconnected. Decides the same question as `connectivity`, at O(n³) instead of O(E).
//!
//! Search: the island with the highest ratio of remaining demand to open edges (the article's
//! heuristic, ties to fewer open edges), by default multiplied by a failure weight per island
//! ([`Heuristic::Weighted`], dom/wdeg style: on big boards it stops the search from thrashing between
//! independent regions, 26x fewer nodes on random 60x60 boards, see BENCHMARKS.md); its first open
//! edge is tried with every value from high to low. One node = one root propagation or one tried
//! value. The solution limit (2 by default) turns the search into a uniqueness proof. After a
//! backtrack the state is restored from the trail; the union-find tests (connectivity, cut edges,
//! matrix tree) only run again once an edge has lost its last possible bridge. After 100 x Luby(i)
//! backtracks the search restarts from the root keeping the weights (`restart_base`, 0 = never);
//! it stays complete (growing cutoffs, solutions deduplicated, "exhausted" only from a finished run).
//!
//! Events (`kind`, all prefixed `hashi`): `hashiRule` (rule, islands, edges, `why`), `hashiRange`
//! (edge, a, b, before/after `[lo, hi]`, rule; `undo` on backtrack: invertible from itself),
//! `hashiFocus` (island being branched on, previous), `hashiGuess`, `hashiDeadEnd` (rule, islands,
//! `why`), `hashiMatrixTree` (counts `[0, 0]` when it prunes), `hashiBacktrack`, `hashiSolution`,
//! `hashiRestart`, `hashiExhausted`. Sentences use 1-based `(row,col)`; fields are 0-based `[row, col]`.
//!
//! The code is split along those lines: the event types and the sentences in `events.rs`, the
//! deductions and the fixed-point loop in `rules.rs`, the branching, restarts and the
//! [`Machine`](crate::engine::Machine) implementation in `search.rs`. Union-find and cut-edge
//! detection come from [`crate::shared::dsf`]; hints and board reports for players are in
//! [`hint`](mod@super::hint), which drives this machine.

mod events;
pub(crate) mod reach;
mod rules;
mod search;

pub use super::hint::{BoardReport, Hint, HintKind};
pub(crate) use events::bridges_word;
pub use events::{Event, Rule};
pub use search::solve_all;

use serde::Serialize;

use super::graph::Graph;
use super::{Bridge, Puzzle};
use crate::engine::{Stats, Status};
use crate::shared::dsf::{CutEdges, Dsf};

/// Which deductions run (the puzzle's own rules always do).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Techniques {
    /// Narrow each island's edges from its number and the others' ranges (the degree rule).
    pub degree: bool,
    /// Forbid bridges that would cut a group of islands off from the rest.
    pub isolation: bool,
    /// A dead end as soon as some island can no longer reach the others.
    pub connectivity: bool,
    /// A link that is the only way left between two parts of the board gets a bridge.
    pub cut_edges: bool,
    /// The source article's test: prune when the possible links admit no spanning tree (off by
    /// default).
    pub matrix_tree: bool,
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques {
            degree: true,
            isolation: true,
            connectivity: true,
            cut_edges: true,
            matrix_tree: false,
        }
    }
}

impl Techniques {
    /// Names accepted by [`Techniques::from_names`].
    pub const NAMES: [&'static str; 5] = [
        "degree",
        "isolation",
        "connectivity",
        "cutEdges",
        "matrixTree",
    ];

    /// Nothing but the checks the rules need: plain degree-constrained backtracking.
    pub fn none() -> Self {
        Techniques {
            degree: false,
            isolation: false,
            connectivity: false,
            cut_edges: false,
            matrix_tree: false,
        }
    }

    /// The source article's algorithm: capacity checks and the matrix-tree test at every node.
    pub fn article() -> Self {
        Techniques {
            matrix_tree: true,
            ..Techniques::none()
        }
    }

    /// Exactly the techniques named (see [`Techniques::NAMES`]).
    pub fn from_names(names: &[String]) -> Result<Self, String> {
        let mut t = Techniques::none();
        for n in names {
            t.set(n, true)?;
        }
        Ok(t)
    }

    /// Switches one technique on or off by its name in [`Techniques::NAMES`].
    pub fn set(&mut self, name: &str, on: bool) -> Result<(), String> {
        let flag = match name {
            "degree" => &mut self.degree,
            "isolation" => &mut self.isolation,
            "connectivity" => &mut self.connectivity,
            "cutEdges" => &mut self.cut_edges,
            "matrixTree" => &mut self.matrix_tree,
            other => {
                return Err(format!(
                    "hashi: unknown technique '{other}' (known: {})",
                    Techniques::NAMES.join(", ")
                ))
            }
        };
        *flag = on;
        Ok(())
    }
}

/// How the search picks the island to branch on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Heuristic {
    /// The article's: highest remaining demand per open edge.
    Ratio,
    /// The same ratio multiplied by the island's failure weight (dom/wdeg style): every dead end
    /// adds one to the weight of the islands it names, so the search turns to the islands that keep
    /// failing instead of thrashing over independent parts of a big board.
    Weighted,
}

/// Solver settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// Which deductions run.
    pub techniques: Techniques,
    /// How the island to branch on is picked.
    pub heuristic: Heuristic,
    /// Restart the search from the root after `restart_base` × Luby(i) backtracks (0: never),
    /// keeping the failure weights. Still complete: the cutoffs grow without bound, solutions
    /// found twice are counted once, and "exhausted" is only reported by a run that finished.
    pub restart_base: u64,
    /// Stop after this many solutions (2 proves uniqueness).
    pub solution_limit: u64,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            techniques: Techniques::default(),
            heuristic: Heuristic::Weighted,
            restart_base: 100,
            solution_limit: 2,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Dead;

#[derive(Clone, Copy, Debug)]
struct Frame {
    edge: u32,
    trail_len: usize,
    next: i16,
    min: i16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Root,
    Descend,
    Try,
    Done(Status),
}

/// A matrix-tree test in progress: the possible links it looks at, the counts modulo the primes
/// done so far, and the elimination of the current prime.
#[derive(Clone, Debug)]
struct PendingMatrixTree {
    pairs: Vec<(u32, u32)>,
    counts: [u64; 2],
    prime: usize,
    elimination: crate::puzzles::hashi::matrix_tree::Elimination,
    /// The trail length when the test started: the state it was started on.
    trail_len: usize,
}

/// Work units (edges looked at by the whole-graph rules, plus island rules) between two looks at
/// the time budget inside one propagation: a few hundred microseconds, so a board that is done
/// in a few of them never reads the clock inside a node.
const WORK_PER_CLOCK_LOOK: u64 = 1 << 16;

/// The search machine.
#[derive(Clone, Debug)]
pub struct Solver {
    puzzle: Puzzle,
    g: Graph,
    opts: SolveOptions,
    lo: Vec<u8>,
    hi: Vec<u8>,
    trail: Vec<(u32, u8, u8)>,
    frames: Vec<Frame>,
    queue: Vec<u32>,
    queued: Vec<bool>,
    phase: Phase,
    stats: Stats,
    solutions: Vec<Vec<Bridge>>,
    focus: Option<u32>,
    /// Groups of islands joined by built (or possible) bridges, rebuilt by `build_groups`.
    groups: Dsf,
    /// Remaining demand per group root (need minus built bridge ends).
    rem: Vec<i32>,
    /// Scratch of the cut-edge search.
    cuts: CutEdges,
    mt_scratch: Vec<u64>,
    /// A matrix-tree test the time budget interrupted, continued by the next call.
    mt_pending: Option<PendingMatrixTree>,
    /// Work (edges looked at by the whole-graph tests) since the last look at the time budget.
    work: u64,
    /// The last node's propagation stopped on the time budget: the next call continues it, as
    /// the same node, before anything else (see `Solver::propagate`).
    interrupted: bool,
    /// Failure weights per island (see [`Heuristic::Weighted`]); a `Cell` so that dead-end
    /// reporting, which borrows the solver to word its sentence, can bump them.
    weight: Vec<std::cell::Cell<u32>>,
    /// Some edge lost its last possible bridge since the whole-graph tests (connectivity, cut
    /// edges, matrix tree) last ran; they depend only on which edges are still possible.
    removed: bool,
    /// Backtracks since the last restart, and the cutoff of this run (restarts are counted in
    /// `stats.restarts`).
    run_backtracks: u64,
    restart_limit: u64,
    /// Times the matrix-tree test ran.
    pub matrix_tree_calls: u64,
    /// Times the matrix-tree test pruned a branch.
    pub matrix_tree_prunes: u64,
    /// Grading only ([`reach`]): which forms of the degree rule run (`Full` when solving).
    degree_form: reach::DegreeForm,
}

impl Solver {
    /// A solver for a validated puzzle.
    pub fn new(puzzle: &Puzzle, opts: SolveOptions) -> Result<Self, String> {
        puzzle.validate()?;
        Ok(Self::with_graph(puzzle, Graph::new(puzzle), opts))
    }

    /// A solver for a validated puzzle and its graph (`Graph::new(puzzle)`).
    pub(crate) fn with_graph(puzzle: &Puzzle, g: Graph, opts: SolveOptions) -> Self {
        let n = g.islands.len();
        let m = g.edges.len();
        Solver {
            lo: vec![0; m],
            hi: g.edges.iter().map(|e| e.cap).collect(),
            trail: Vec::new(),
            frames: Vec::new(),
            queue: Vec::with_capacity(n),
            queued: vec![false; n],
            phase: Phase::Root,
            stats: Stats::default(),
            solutions: Vec::new(),
            focus: None,
            groups: Dsf::new(n),
            rem: vec![0; n],
            cuts: CutEdges::default(),
            mt_scratch: Vec::new(),
            mt_pending: None,
            work: 0,
            interrupted: false,
            weight: vec![std::cell::Cell::new(1); n],
            removed: true,
            run_backtracks: 0,
            restart_limit: opts.restart_base,
            matrix_tree_calls: 0,
            matrix_tree_prunes: 0,
            degree_form: reach::DegreeForm::Full,
            g,
            opts,
            puzzle: puzzle.clone(),
        }
    }

    /// The solver's graph, taken back when the solver is done with it.
    pub(crate) fn into_graph(self) -> Graph {
        self.g
    }

    /// The puzzle being solved.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The solver's graph (islands, candidate edges, crossings).
    pub fn graph(&self) -> &Graph {
        &self.g
    }

    /// Current `[lo, hi]` of every edge.
    pub fn ranges(&self) -> Vec<[u8; 2]> {
        self.lo
            .iter()
            .zip(&self.hi)
            .map(|(&l, &h)| [l, h])
            .collect()
    }

    /// Before the first node only: the edge `e` carries at least `n` bridges (a player's bridge,
    /// for hints). The root propagation then starts from these lower bounds. Fails when that
    /// contradicts the bounds already given (nothing is emitted: a hint words its own message).
    pub(crate) fn assume_at_least(&mut self, e: u32, n: u8) -> Result<(), String> {
        if self.phase != Phase::Root {
            return Err("bridges can only be assumed before the search starts".into());
        }
        self.tighten(e, n, u8::MAX, Rule::Range, &mut crate::engine::NoEvents)
            .map(|_| ())
            .map_err(|_| "the bridge breaks a rule together with the others".into())
    }

    fn enqueue(&mut self, i: u32) {
        if !self.queued[i as usize] {
            self.queued[i as usize] = true;
            self.queue.push(i);
        }
    }

    fn clear_queue(&mut self) {
        for &i in &self.queue {
            self.queued[i as usize] = false;
        }
        self.queue.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::search::luby;
    use super::*;
    use crate::engine::{Budget, Machine, Trace};
    use crate::puzzles::hashi::check_solution;
    use crate::puzzles::hashi::parse_any;

    fn solve(text: &str) -> (Status, Vec<Vec<Bridge>>) {
        let p = parse_any(text).unwrap();
        let (st, sols, _) = solve_all(&p, SolveOptions::default(), u64::MAX, u64::MAX).unwrap();
        for s in &sols {
            check_solution(&p, s).unwrap();
        }
        (st, sols)
    }

    #[test]
    fn luby_sequence() {
        let got: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    #[test]
    fn article_example_has_no_solution() {
        let (st, sols) = solve("3.3.2/...../.2.2./...../2.3.3");
        assert_eq!((st, sols.len()), (Status::Exhausted, 0));
    }

    #[test]
    fn four_corners_are_unique_and_a_square_of_ones_is_not() {
        let (st, sols) = solve("2.2/.../2.2");
        assert_eq!((st, sols.len()), (Status::Exhausted, 1));
        // Four 2s with a free choice: 3x3 corners of 2 joined... the ring of 1-bridges only.
        let (st, sols) = solve("3.3/.../3.3");
        assert_eq!(st, Status::LimitReached);
        assert_eq!(sols.len(), 2);
    }

    #[test]
    fn degree_sentence_names_the_island() {
        let p = parse_any("2.2/.../2.2").unwrap();
        let mut s = Solver::new(&p, SolveOptions::default()).unwrap();
        let mut t = Trace::default();
        s.run(&mut Budget::unlimited(), &mut t);
        let whys: Vec<&String> = t
            .events
            .iter()
            .filter_map(|e| match e {
                Event::HashiRule { why, .. } => Some(why),
                _ => None,
            })
            .collect();
        assert!(
            whys.iter().any(|w| w.starts_with("island (")
                && w.ends_with(" needs 2 and has two neighbours: one bridge each")),
            "{whys:?}"
        );
    }

    #[test]
    fn guesses_dead_ends_and_undos_say_what_they_are() {
        // Plain backtracking on a puzzle that needs guesses: every kind of search event occurs.
        let p = parse_any("3x3m2:3a3c3a3").unwrap();
        let off = SolveOptions {
            techniques: Techniques::none(),
            ..SolveOptions::default()
        };
        let mut s = Solver::new(&p, off).unwrap();
        let mut t = Trace::default();
        s.run(&mut Budget::unlimited(), &mut t);
        let mut seen = [0; 3];
        for e in &t.events {
            match e {
                Event::HashiGuess { why, depth, .. } => {
                    seen[0] += 1;
                    assert!(
                        why.starts_with(&format!("guess (depth {depth}): ")),
                        "{why}"
                    );
                }
                Event::HashiDeadEnd { why, .. } => {
                    seen[1] += 1;
                    assert!(why.starts_with("dead end: "), "{why}");
                }
                Event::HashiRange {
                    rule: Rule::Undo,
                    why,
                    after,
                    ..
                } => {
                    seen[2] += 1;
                    let why = why.as_deref().unwrap_or_default();
                    let tail = format!(" may again have {} to {} bridges", after[0], after[1]);
                    assert!(
                        why.starts_with("back: (row ") && why.ends_with(&tail),
                        "{why}"
                    );
                }
                Event::HashiRange { why, .. } => assert!(why.is_none(), "{why:?}"),
                _ => {}
            }
        }
        assert!(seen.iter().all(|&k| k > 0), "{seen:?}");
    }

    #[test]
    fn two_ones_may_not_join() {
        // The two 1s on top see each other; joined they would be cut off from the 2s below.
        let p = parse_any("1.1/.../2.2").unwrap();
        let mut s = Solver::new(&p, SolveOptions::default()).unwrap();
        let mut t = Trace::default();
        s.run(&mut Budget::unlimited(), &mut t);
        assert!(t.events.iter().any(|e| matches!(e, Event::HashiRule { rule: Rule::Isolation, why, .. } if why.contains("cut them off"))));
        assert_eq!(s.stats().solutions, 1);
    }
}
