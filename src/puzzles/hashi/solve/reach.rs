//! Propagation without search, for grading: how far a set of deductions gets from the clues
//! alone, optionally with one level of trial (failed-literal probing).

use super::{Dead, SolveOptions, Solver, Techniques};
use crate::engine::{Budget, NoEvents};
use crate::puzzles::hashi::graph::Graph;
use crate::puzzles::hashi::{Bridge, Puzzle};

/// The deductions one grading rung may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rung {
    /// Which of the solver's techniques run.
    pub techniques: Techniques,
    /// Which forms of the degree rule run.
    pub degree: DegreeForm,
    /// Failed-literal probing, one level deep: set an undecided edge to its lowest or highest
    /// value, propagate with the same deductions, and cross the value out if that dies.
    pub probe: bool,
}

/// How much of the degree rule runs (each form contains the one before). The first two are one
/// island's own view (`Solver::own_view_changes`): they count an edge's room up to what the
/// island itself still needs and never narrow an edge for the island at its other end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DegreeForm {
    /// A full island closes its other edges; an island with exactly enough room takes all of it;
    /// a number above (open directions − 1) × k puts a bridge in every open direction.
    Simple,
    /// Also: an edge gets its first bridge when the room of the island's other edges is less
    /// than the island still needs.
    AtLeastOne,
    /// The whole rule: each edge gets `lo ≥ n − (H − hi)` and `hi ≤ n − (L − lo)`.
    Full,
}

/// Where propagation stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// Every edge decided, and these bridges connect all islands (and obey the no-loops rule).
    Solved(Vec<Bridge>),
    /// A fixed point with edges still undecided: these ranges.
    Stuck(Vec<[u8; 2]>),
    /// The deductions found a contradiction: the puzzle has no solution.
    Contradiction,
}

/// Propagates `puzzle` with the deductions of `rung` to a fixed point. No budget: each round
/// narrows some range of at most E edges (each at most 4 wide), and a probe costs one
/// propagation, so it ends after at most 4E rounds (of at most 8E probes with `probe`).
pub(crate) fn reach(puzzle: &Puzzle, rung: Rung) -> Result<Reach, String> {
    puzzle.validate()?;
    Ok(reach_in(puzzle, Graph::new(puzzle), rung).0)
}

/// [`reach`] on a validated puzzle whose graph the caller has built already (the generator needs
/// the graph after the propagation too, and building it is a good part of a round's cost on big
/// boards); hands the graph back.
pub(crate) fn reach_in(puzzle: &Puzzle, g: Graph, rung: Rung) -> (Reach, Graph) {
    let opts = SolveOptions {
        techniques: rung.techniques,
        ..SolveOptions::default()
    };
    let mut s = Solver::with_graph(puzzle, g, opts);
    let out = run(&mut s, rung);
    (out, s.into_graph())
}

fn run(s: &mut Solver, rung: Rung) -> Reach {
    s.degree_form = rung.degree;
    let mut budget = Budget::unlimited();
    let mut sink = NoEvents;
    for i in 0..s.g.islands.len() as u32 {
        s.enqueue(i);
    }
    if s.propagate(&mut sink, &mut budget).is_err() {
        return Reach::Contradiction;
    }
    if rung.probe {
        loop {
            let mut changed = false;
            for e in 0..s.g.edges.len() as u32 {
                for high in [false, true] {
                    let (lo, hi) = (s.lo[e as usize], s.hi[e as usize]);
                    if lo == hi {
                        break;
                    }
                    let v = if high { hi } else { lo };
                    let mark = s.trail.len();
                    let dead = probe_dies(s, e, v, &mut budget);
                    s.clear_queue();
                    s.undo_to(mark, &mut sink);
                    if !dead {
                        continue;
                    }
                    let (nl, nh) = if high { (lo, hi - 1) } else { (lo + 1, hi) };
                    changed = true;
                    if s.tighten(e, nl, nh, super::Rule::Range, &mut sink).is_err()
                        || s.propagate(&mut sink, &mut budget).is_err()
                    {
                        return Reach::Contradiction;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }
    if s.lo != s.hi {
        return Reach::Stuck(s.ranges());
    }
    if s.leaf_is_valid() {
        Reach::Solved(s.current_bridges())
    } else {
        Reach::Contradiction
    }
}

/// Whether edge `e` set to exactly `v` propagates to a dead end (or, fully decided, to bridges
/// that do not connect every island).
fn probe_dies(s: &mut Solver, e: u32, v: u8, budget: &mut Budget) -> bool {
    let mut sink = NoEvents;
    if s.tighten(e, v, v, super::Rule::Range, &mut sink).is_err() {
        return true;
    }
    let out: Result<(), Dead> = s.propagate(&mut sink, budget);
    out.is_err() || (s.lo == s.hi && !s.leaf_is_valid())
}
