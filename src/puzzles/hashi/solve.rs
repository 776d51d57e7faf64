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

use serde::Serialize;

use super::graph::Graph;
use super::matrix_tree::{spanning_trees_mod, PRIMES};
use super::{check_solution, Bridge, Puzzle};
use crate::engine::{Budget, Machine, NoEvents, Sink, Stats, Status, Trace};

/// Which deductions run (the puzzle's own rules always do).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Techniques {
    pub degree: bool,
    pub isolation: bool,
    pub connectivity: bool,
    pub cut_edges: bool,
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
    pub techniques: Techniques,
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

/// Why a range changed or a branch died.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Rule {
    Degree,
    Crossing,
    NoLoops,
    Isolation,
    Connectivity,
    CutEdge,
    MatrixTree,
    Guess,
    /// A range restored on backtracking.
    Undo,
    /// The range is empty or a user bridge breaks the rules.
    Range,
}

/// One event of the solver. Cells are 0-based `[row, col]`; sentences (`why`) use 1-based ones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(
    tag = "kind",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum Event {
    /// A deduction: the rule, the islands and edges it looked at. The `hashiRange` events after it
    /// (until the next rule/guess) are its consequences.
    HashiRule {
        rule: Rule,
        islands: Vec<[u32; 2]>,
        edges: Vec<u32>,
        why: String,
    },
    /// The range of bridges on `edge` (between `a` and `b`) changed from `before` to `after`
    /// (`[lo, hi]`). `rule` is `undo` when backtracking restores it.
    HashiRange {
        edge: u32,
        a: [u32; 2],
        b: [u32; 2],
        before: [u8; 2],
        after: [u8; 2],
        rule: Rule,
    },
    /// The island being worked on changed (`null` = none).
    HashiFocus {
        island: Option<[u32; 2]>,
        previous: Option<[u32; 2]>,
    },
    /// The matrix-tree count of the possible-edge graph is 0 modulo both primes: pruned.
    HashiMatrixTree {
        counts: [u64; 2],
        islands: u32,
        edges: u32,
        why: String,
    },
    /// A search decision: `value` bridges on `edge` (one node); `depth` decisions are open.
    HashiGuess {
        edge: u32,
        a: [u32; 2],
        b: [u32; 2],
        value: u8,
        depth: u32,
        why: String,
    },
    /// The current branch cannot be completed.
    HashiDeadEnd {
        rule: Rule,
        islands: Vec<[u32; 2]>,
        why: String,
    },
    /// The decision on `edge` has no value left: the search returns one level up.
    HashiBacktrack { edge: u32, depth: u32 },
    /// A complete solution (bridges on the board = the `lo` of every edge).
    HashiSolution { bridges: Vec<Bridge> },
    /// The search went back to the root to start again with what it learnt (`restarts` so far);
    /// the `hashiRange` undo events before it restore the root's ranges.
    HashiRestart { restarts: u64 },
    /// Every branch was explored: `solutions` is the exact number of solutions (0 or 1 under the
    /// default limit). A search that stops at its solution limit ends with `hashiSolution` instead.
    HashiExhausted { solutions: u64 },
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
    uf: Vec<u32>,
    rem: Vec<i32>,
    size: Vec<u32>,
    disc: Vec<u32>,
    low: Vec<u32>,
    dfs: Vec<(u32, u32, u32)>,
    mt_scratch: Vec<u64>,
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
    /// Times the matrix-tree test ran / pruned.
    pub matrix_tree_calls: u64,
    pub matrix_tree_prunes: u64,
}

const WORDS: [&str; 17] = [
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
];

fn word(n: i32) -> String {
    usize::try_from(n)
        .ok()
        .and_then(|n| WORDS.get(n))
        .map(|s| s.to_string())
        .unwrap_or_else(|| n.to_string())
}

fn bridges_word(n: i32) -> String {
    format!("{} bridge{}", word(n), if n == 1 { "" } else { "s" })
}

impl Solver {
    /// A solver for a validated puzzle.
    pub fn new(puzzle: &Puzzle, opts: SolveOptions) -> Result<Self, String> {
        puzzle.validate()?;
        let g = Graph::new(puzzle);
        let n = g.islands.len();
        let m = g.edges.len();
        Ok(Solver {
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
            uf: vec![0; n],
            rem: vec![0; n],
            size: vec![0; n],
            disc: vec![0; n],
            low: vec![0; n],
            dfs: Vec::new(),
            mt_scratch: Vec::new(),
            weight: vec![std::cell::Cell::new(1); n],
            removed: true,
            run_backtracks: 0,
            restart_limit: opts.restart_base,
            matrix_tree_calls: 0,
            matrix_tree_prunes: 0,
            g,
            opts,
            puzzle: puzzle.clone(),
        })
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

    fn cell(&self, i: u32) -> [u32; 2] {
        let (r, c) = self.g.pos(i);
        [r as u32, c as u32]
    }

    /// "(3,4)" in 1-based coordinates, for sentences.
    fn name(&self, i: u32) -> String {
        let (r, c) = self.g.pos(i);
        format!("({},{})", r + 1, c + 1)
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

    fn dead<S: Sink<Event>>(
        &self,
        sink: &mut S,
        rule: Rule,
        islands: &[u32],
        why: impl FnOnce() -> String,
    ) -> Dead {
        for &i in islands {
            let w = &self.weight[i as usize];
            w.set(w.get().saturating_add(1));
        }
        if S::ENABLED {
            sink.emit(Event::HashiDeadEnd {
                rule,
                islands: islands.iter().map(|&i| self.cell(i)).collect(),
                why: why(),
            });
        }
        Dead
    }

    /// Intersects the range of `e` with `[nl, nh]`; records the change, wakes both ends, and applies
    /// the crossing rule when the edge gets its first bridge.
    fn tighten<S: Sink<Event>>(
        &mut self,
        e: u32,
        nl: u8,
        nh: u8,
        rule: Rule,
        sink: &mut S,
    ) -> Result<bool, Dead> {
        let ei = e as usize;
        let (ol, oh) = (self.lo[ei], self.hi[ei]);
        let (l, h) = (ol.max(nl), oh.min(nh));
        let ed = self.g.edges[ei];
        if l > h {
            return Err(self.dead(sink, Rule::Range, &[ed.a, ed.b], || {
                format!(
                    "between {} and {} there would have to be at least {} and at most {}",
                    self.name(ed.a),
                    self.name(ed.b),
                    bridges_word(l as i32),
                    bridges_word(h as i32)
                )
            }));
        }
        if (l, h) == (ol, oh) {
            return Ok(false);
        }
        self.trail.push((e, ol, oh));
        if h == 0 {
            self.removed = true;
        }
        self.lo[ei] = l;
        self.hi[ei] = h;
        if S::ENABLED {
            sink.emit(Event::HashiRange {
                edge: e,
                a: self.cell(ed.a),
                b: self.cell(ed.b),
                before: [ol, oh],
                after: [l, h],
                rule,
            });
        }
        self.enqueue(ed.a);
        self.enqueue(ed.b);
        if ol == 0 && l > 0 {
            for k in 0..self.g.crossings[ei].len() {
                let x = self.g.crossings[ei][k];
                let xe = self.g.edges[x as usize];
                if self.lo[x as usize] > 0 {
                    return Err(
                        self.dead(sink, Rule::Crossing, &[ed.a, ed.b, xe.a, xe.b], || {
                            format!(
                                "the bridge {}-{} would cross the bridge {}-{}",
                                self.name(ed.a),
                                self.name(ed.b),
                                self.name(xe.a),
                                self.name(xe.b)
                            )
                        }),
                    );
                }
                if self.hi[x as usize] > 0 {
                    if S::ENABLED {
                        sink.emit(Event::HashiRule {
                            rule: Rule::Crossing,
                            islands: vec![
                                self.cell(ed.a),
                                self.cell(ed.b),
                                self.cell(xe.a),
                                self.cell(xe.b),
                            ],
                            edges: vec![e, x],
                            why: format!(
                                "the bridge {}-{} is built, so nothing can cross it from {} to {}",
                                self.name(ed.a),
                                self.name(ed.b),
                                self.name(xe.a),
                                self.name(xe.b)
                            ),
                        });
                    }
                    self.tighten(x, 0, 0, Rule::Crossing, sink)?;
                }
            }
        }
        Ok(true)
    }

    /// The degree rule on island `i`.
    fn island_rule<S: Sink<Event>>(&mut self, i: u32, sink: &mut S) -> Result<(), Dead> {
        let need = self.g.islands[i as usize].need as i32;
        let (mut l, mut h) = (0i32, 0i32);
        for &e in &self.g.incident[i as usize] {
            l += self.lo[e as usize] as i32;
            h += self.hi[e as usize] as i32;
        }
        if l > need {
            return Err(self.dead(sink, Rule::Degree, &[i], || {
                format!("island {} needs {need} but already has {l}", self.name(i))
            }));
        }
        if h < need {
            return Err(self.dead(sink, Rule::Degree, &[i], || {
                format!(
                    "island {} needs {need} but its neighbours can take at most {h}",
                    self.name(i)
                )
            }));
        }
        if !self.opts.techniques.degree {
            return Ok(());
        }
        let mut changes = [(0u32, 0u8, 0u8); 4];
        let mut count = 0;
        for &e in &self.g.incident[i as usize] {
            let (el, eh) = (self.lo[e as usize] as i32, self.hi[e as usize] as i32);
            let nl = el.max(need - (h - eh));
            let nh = eh.min(need - (l - el));
            if (nl, nh) != (el, eh) {
                changes[count] = (e, nl as u8, nh as u8);
                count += 1;
            }
        }
        if count == 0 {
            return Ok(());
        }
        if S::ENABLED {
            let why = self.degree_why(i, need, l, h, &changes[..count]);
            sink.emit(Event::HashiRule {
                rule: Rule::Degree,
                islands: vec![self.cell(i)],
                edges: changes[..count].iter().map(|c| c.0).collect(),
                why,
            });
        }
        for &(e, nl, nh) in &changes[..count] {
            self.tighten(e, nl, nh, Rule::Degree, sink)?;
        }
        Ok(())
    }

    /// The sentence for a degree deduction, worded for the common cases a person recognises.
    fn degree_why(&self, i: u32, need: i32, l: i32, h: i32, changes: &[(u32, u8, u8)]) -> String {
        let me = self.name(i);
        let open: Vec<u32> = self.g.incident[i as usize]
            .iter()
            .copied()
            .filter(|&e| self.hi[e as usize] > 0)
            .collect();
        if h == need {
            let his: Vec<u8> = open.iter().map(|&e| self.hi[e as usize]).collect();
            if l == 0 && his.iter().all(|&x| x == his[0]) {
                return if open.len() == 1 {
                    format!(
                        "island {me} needs {need} and has one neighbour: {} to it",
                        bridges_word(his[0] as i32)
                    )
                } else {
                    format!(
                        "island {me} needs {need} and has {} neighbours: {} each",
                        word(open.len() as i32),
                        bridges_word(his[0] as i32)
                    )
                };
            }
            return format!(
                "island {me} needs {need} and its neighbours can take exactly {need}: every possible bridge is built"
            );
        }
        if l == need {
            return format!(
                "island {me} already has all its {need} bridges: no more to its other neighbours"
            );
        }
        // One clause per edge, with the sum that forces it.
        let parts: Vec<String> = changes
            .iter()
            .map(|&(e, nl, nh)| {
                let other = self.name(self.g.other(e, i));
                let (el, eh) = (self.lo[e as usize] as i32, self.hi[e as usize] as i32);
                let others_max = h - eh;
                let others_built = l - el;
                if nl as i32 > el && (nh as i32) < eh {
                    let others = if others_built == others_max {
                        format!("exactly {others_max}")
                    } else {
                        format!("at least {others_built} and at most {others_max}")
                    };
                    format!(
                        "exactly {} to {other} (the others take {others})",
                        bridges_word(nl as i32)
                    )
                } else if nl as i32 > el {
                    format!(
                        "at least {} to {other} (the others can take only {others_max})",
                        bridges_word(nl as i32)
                    )
                } else {
                    format!(
                        "at most {} to {other} (it already has {others_built} elsewhere)",
                        bridges_word(nh as i32)
                    )
                }
            })
            .collect();
        format!("island {me} needs {need}: {}", parts.join("; "))
    }

    fn find(&mut self, mut x: u32) -> u32 {
        while self.uf[x as usize] != x {
            let p = self.uf[x as usize];
            self.uf[x as usize] = self.uf[p as usize];
            x = p;
        }
        x
    }

    fn union(&mut self, a: u32, b: u32) -> bool {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        let (big, small) = if self.size[ra as usize] >= self.size[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.uf[small as usize] = big;
        self.size[big as usize] += self.size[small as usize];
        self.rem[big as usize] += self.rem[small as usize];
        true
    }

    /// Union-find over the edges with `lo > 0` (built) or `hi > 0` (possible); `rem` holds each
    /// group's remaining demand (need minus built bridge ends).
    fn build_groups(&mut self, possible: bool) -> u32 {
        let n = self.g.islands.len();
        for i in 0..n {
            self.uf[i] = i as u32;
            self.size[i] = 1;
            self.rem[i] = self.g.islands[i].need as i32;
        }
        for (e, ed) in self.g.edges.iter().enumerate() {
            self.rem[ed.a as usize] -= self.lo[e] as i32;
            self.rem[ed.b as usize] -= self.lo[e] as i32;
        }
        let mut groups = n as u32;
        for e in 0..self.g.edges.len() {
            let used = if possible {
                self.hi[e] > 0
            } else {
                self.lo[e] > 0
            };
            if used {
                let ed = self.g.edges[e];
                if self.union(ed.a, ed.b) {
                    groups -= 1;
                }
            }
        }
        groups
    }

    /// Rules that look at the whole board: no loops, isolation, connectivity, cut edges, matrix tree.
    fn global_rules<S: Sink<Event>>(&mut self, sink: &mut S) -> Result<(), Dead> {
        let n = self.g.islands.len() as u32;
        let t = self.opts.techniques;
        let trail_at_start = self.trail.len();
        if t.isolation || self.g.no_loops {
            self.build_groups(false);
            for e in 0..self.g.edges.len() as u32 {
                let ei = e as usize;
                if self.hi[ei] == 0 || self.lo[ei] == self.hi[ei] {
                    continue;
                }
                let ed = self.g.edges[ei];
                let (ca, cb) = (self.find(ed.a), self.find(ed.b));
                let (lo, hi) = (self.lo[ei] as i32, self.hi[ei] as i32);
                if ca == cb {
                    if self.g.no_loops && lo == 0 {
                        if S::ENABLED {
                            sink.emit(Event::HashiRule {
                                rule: Rule::NoLoops,
                                islands: vec![self.cell(ed.a), self.cell(ed.b)],
                                edges: vec![e],
                                why: format!(
                                    "{} and {} are already joined: a bridge between them would close a loop",
                                    self.name(ed.a),
                                    self.name(ed.b)
                                ),
                            });
                        }
                        self.tighten(e, 0, 0, Rule::NoLoops, sink)?;
                        continue;
                    }
                    if !t.isolation {
                        continue;
                    }
                    // Each extra bridge takes two ends from the group's remaining demand.
                    let rem = self.rem[ca as usize];
                    let size = self.size[ca as usize];
                    if size < n && rem % 2 == 0 && rem > 0 && lo + rem / 2 == hi {
                        if S::ENABLED {
                            sink.emit(Event::HashiRule {
                                rule: Rule::Isolation,
                                islands: vec![self.cell(ed.a), self.cell(ed.b)],
                                edges: vec![e],
                                why: format!(
                                    "{} between {} and {} would use up the last demand of their group of {} islands and cut it off",
                                    bridges_word(hi),
                                    self.name(ed.a),
                                    self.name(ed.b),
                                    size
                                ),
                            });
                        }
                        self.tighten(e, 0, (hi - 1) as u8, Rule::Isolation, sink)?;
                    }
                } else if t.isolation {
                    // Joining with v bridges closes both groups iff both have exactly v left.
                    let (ra, rb) = (self.rem[ca as usize], self.rem[cb as usize]);
                    let size = self.size[ca as usize] + self.size[cb as usize];
                    if size < n && ra == rb && ra == hi && lo == 0 {
                        if S::ENABLED {
                            let why = if size == 2 {
                                let (na, nb) = (
                                    self.g.islands[ed.a as usize].need,
                                    self.g.islands[ed.b as usize].need,
                                );
                                format!(
                                    "joining {} and {} (a {na} and a {nb}) with {} would cut them off from the rest",
                                    self.name(ed.a),
                                    self.name(ed.b),
                                    bridges_word(hi)
                                )
                            } else {
                                format!(
                                    "{} between {} and {} would close a group of {size} islands off from the rest",
                                    bridges_word(hi),
                                    self.name(ed.a),
                                    self.name(ed.b)
                                )
                            };
                            sink.emit(Event::HashiRule {
                                rule: Rule::Isolation,
                                islands: vec![self.cell(ed.a), self.cell(ed.b)],
                                edges: vec![e],
                                why,
                            });
                        }
                        self.tighten(e, 0, (hi - 1) as u8, Rule::Isolation, sink)?;
                    }
                }
            }
            if t.isolation {
                for i in 0..n {
                    if self.uf[i as usize] == i
                        && self.rem[i as usize] == 0
                        && self.size[i as usize] < n
                    {
                        return Err(self.dead(sink, Rule::Isolation, &[i], || {
                            format!(
                                "the group of {} islands around {} has all its bridges and is cut off",
                                self.size[i as usize],
                                self.name(i)
                            )
                        }));
                    }
                }
            }
        }
        // Cheap rules first: if they changed anything, let the island queue run before the
        // whole-graph tests, which only need to look again once an edge has been removed.
        if self.trail.len() != trail_at_start || !self.removed {
            return Ok(());
        }
        self.removed = false;
        if t.matrix_tree {
            self.matrix_tree_calls += 1;
            let pairs: Vec<(u32, u32)> = (0..self.g.edges.len())
                .filter(|&e| self.hi[e] > 0)
                .map(|e| (self.g.edges[e].a, self.g.edges[e].b))
                .collect();
            let mut counts = [0u64; 2];
            for (k, &p) in PRIMES.iter().enumerate() {
                counts[k] = spanning_trees_mod(n as usize, &pairs, p, &mut self.mt_scratch);
                if counts[k] != 0 {
                    break;
                }
            }
            if counts == [0, 0] {
                self.matrix_tree_prunes += 1;
                if S::ENABLED {
                    sink.emit(Event::HashiMatrixTree {
                        counts,
                        islands: n,
                        edges: pairs.len() as u32,
                        why: format!(
                            "the {} possible links among {n} islands admit no spanning tree (count 0 mod {} and mod {}): the islands can no longer all be connected",
                            pairs.len(),
                            PRIMES[0],
                            PRIMES[1]
                        ),
                    });
                }
                return Err(Dead);
            }
        }
        if t.connectivity || t.cut_edges {
            if self.build_groups(true) > 1 {
                let r0 = self.find(0);
                let lost = (0..n).find(|&i| self.find(i) != r0).unwrap_or(0);
                return Err(self.dead(sink, Rule::Connectivity, &[0, lost], || {
                    format!(
                        "island {} can no longer reach island {}",
                        self.name(lost),
                        self.name(0)
                    )
                }));
            }
            if t.cut_edges {
                self.cut_edges(sink)?;
            }
        }
        Ok(())
    }

    /// Tarjan's bridge finding on the possible graph (connected here); a cut edge must be built.
    fn cut_edges<S: Sink<Event>>(&mut self, sink: &mut S) -> Result<(), Dead> {
        let n = self.g.islands.len();
        if n <= 1 {
            return Ok(());
        }
        self.disc.iter_mut().for_each(|d| *d = 0);
        let mut time = 1;
        let mut found: Vec<u32> = Vec::new();
        self.dfs.clear();
        // (island, edge we came by, next incident index)
        self.dfs.push((0, u32::MAX, 0));
        self.disc[0] = time;
        self.low[0] = time;
        while let Some(&(v, via, k)) = self.dfs.last() {
            let inc = &self.g.incident[v as usize];
            if (k as usize) < inc.len() {
                self.dfs.last_mut().unwrap().2 += 1;
                let e = inc[k as usize];
                if e == via || self.hi[e as usize] == 0 {
                    continue;
                }
                let w = self.g.other(e, v);
                if self.disc[w as usize] == 0 {
                    time += 1;
                    self.disc[w as usize] = time;
                    self.low[w as usize] = time;
                    self.dfs.push((w, e, 0));
                } else {
                    self.low[v as usize] = self.low[v as usize].min(self.disc[w as usize]);
                }
            } else {
                self.dfs.pop();
                if let Some(&(p, _, _)) = self.dfs.last() {
                    self.low[p as usize] = self.low[p as usize].min(self.low[v as usize]);
                    if self.low[v as usize] > self.disc[p as usize] && self.lo[via as usize] == 0 {
                        found.push(via);
                    }
                }
            }
        }
        for e in found {
            let ed = self.g.edges[e as usize];
            if S::ENABLED {
                sink.emit(Event::HashiRule {
                    rule: Rule::CutEdge,
                    islands: vec![self.cell(ed.a), self.cell(ed.b)],
                    edges: vec![e],
                    why: format!(
                        "the link {}-{} is the only way left between two parts of the board: it needs at least one bridge",
                        self.name(ed.a),
                        self.name(ed.b)
                    ),
                });
            }
            self.tighten(e, 1, u8::MAX, Rule::CutEdge, sink)?;
        }
        Ok(())
    }

    /// Runs the island queue and the global rules until nothing changes.
    fn propagate<S: Sink<Event>>(&mut self, sink: &mut S) -> Result<(), Dead> {
        loop {
            while let Some(i) = self.queue.pop() {
                self.queued[i as usize] = false;
                self.island_rule(i, sink)?;
            }
            let before = self.trail.len();
            self.global_rules(sink)?;
            if self.trail.len() == before && self.queue.is_empty() {
                return Ok(());
            }
        }
    }

    /// Undoes the trail back to `len`, which is always the fixed point reached before a decision,
    /// so the whole-graph tests need not run again until something is removed.
    fn undo_to<S: Sink<Event>>(&mut self, len: usize, sink: &mut S) {
        self.removed = false;
        while self.trail.len() > len {
            let (e, l, h) = self.trail.pop().unwrap();
            let ei = e as usize;
            if S::ENABLED {
                let ed = self.g.edges[ei];
                sink.emit(Event::HashiRange {
                    edge: e,
                    a: self.cell(ed.a),
                    b: self.cell(ed.b),
                    before: [self.lo[ei], self.hi[ei]],
                    after: [l, h],
                    rule: Rule::Undo,
                });
            }
            self.lo[ei] = l;
            self.hi[ei] = h;
        }
    }

    /// The article's choice: the island with the highest remaining demand per open edge.
    fn choose(&self) -> Option<(u32, u32)> {
        let mut best: Option<(u32, u32)> = None;
        let mut best_key = (0i64, 0i64); // ratio as a fraction rem/open, compared by cross-multiplying
        for i in 0..self.g.islands.len() {
            let mut rem = self.g.islands[i].need as i64;
            let mut open = 0i64;
            let mut first = u32::MAX;
            for &e in &self.g.incident[i] {
                rem -= self.lo[e as usize] as i64;
                if self.lo[e as usize] < self.hi[e as usize] {
                    open += 1;
                    if first == u32::MAX {
                        first = e;
                    }
                }
            }
            if open == 0 {
                continue;
            }
            if self.opts.heuristic == Heuristic::Weighted {
                rem *= self.weight[i].get() as i64;
            }
            let better = match best {
                None => true,
                Some(_) => {
                    let lhs = rem * best_key.1;
                    let rhs = best_key.0 * open;
                    lhs > rhs || (lhs == rhs && open < best_key.1)
                }
            };
            if better {
                best = Some((i as u32, first));
                best_key = (rem, open);
            }
        }
        best
    }

    /// At a leaf every edge is decided; the rules the techniques may have skipped are checked here.
    fn leaf_is_valid(&mut self) -> bool {
        let n = self.g.islands.len() as u32;
        if self.build_groups(false) != 1 {
            return false;
        }
        if self.g.no_loops {
            let used = self.lo.iter().filter(|&&l| l > 0).count() as u32;
            if used + 1 != n {
                return false;
            }
        }
        true
    }

    fn current_bridges(&self) -> Vec<Bridge> {
        let mut out: Vec<Bridge> = (0..self.g.edges.len())
            .filter(|&e| self.lo[e] > 0)
            .map(|e| {
                let ed = self.g.edges[e];
                Bridge {
                    a: self.g.pos(ed.a),
                    b: self.g.pos(ed.b),
                    n: self.lo[e],
                }
                .normalized()
            })
            .collect();
        out.sort();
        out
    }

    fn set_focus<S: Sink<Event>>(&mut self, island: Option<u32>, sink: &mut S) {
        if self.focus != island {
            if S::ENABLED {
                sink.emit(Event::HashiFocus {
                    island: island.map(|i| self.cell(i)),
                    previous: self.focus.map(|i| self.cell(i)),
                });
            }
            self.focus = island;
        }
    }

    fn finish<S: Sink<Event>>(&mut self, status: Status, sink: &mut S) -> Status {
        self.set_focus(None, sink);
        if S::ENABLED && status == Status::Exhausted {
            sink.emit(Event::HashiExhausted {
                solutions: self.stats.solutions,
            });
        }
        self.phase = Phase::Done(status);
        status
    }
}

impl Machine for Solver {
    type Event = Event;
    type Solution = Vec<Bridge>;

    fn run<S: Sink<Event>>(&mut self, budget: &mut Budget, sink: &mut S) -> Status {
        loop {
            match self.phase {
                Phase::Done(s) => return s,
                Phase::Root => {
                    if !budget.take() {
                        return Status::Paused;
                    }
                    self.stats.nodes += 1;
                    for i in 0..self.g.islands.len() as u32 {
                        self.enqueue(i);
                    }
                    match self.propagate(sink) {
                        Ok(()) => self.phase = Phase::Descend,
                        Err(Dead) => {
                            self.clear_queue();
                            return self.finish(Status::Exhausted, sink);
                        }
                    }
                }
                Phase::Descend => match self.choose() {
                    None => {
                        let bridges = self.current_bridges();
                        // After a restart the same solution can be met again: count it once.
                        let valid = self.leaf_is_valid();
                        if valid && !self.solutions.contains(&bridges) {
                            self.stats.solutions += 1;
                            if S::ENABLED {
                                sink.emit(Event::HashiSolution {
                                    bridges: bridges.clone(),
                                });
                            }
                            if (self.solutions.len() as u64) < self.opts.solution_limit {
                                self.solutions.push(bridges);
                            }
                            if self.stats.solutions >= self.opts.solution_limit {
                                return self.finish(Status::LimitReached, sink);
                            }
                        } else if S::ENABLED && !valid {
                            sink.emit(Event::HashiDeadEnd {
                                rule: Rule::Connectivity,
                                islands: vec![],
                                why: "every bridge is decided but the islands are not all connected (or form a loop)".into(),
                            });
                        }
                        if self.frames.is_empty() {
                            return self.finish(Status::Exhausted, sink);
                        }
                        self.phase = Phase::Try;
                    }
                    Some((island, e)) => {
                        self.set_focus(Some(island), sink);
                        self.frames.push(Frame {
                            edge: e,
                            trail_len: self.trail.len(),
                            next: self.hi[e as usize] as i16,
                            min: self.lo[e as usize] as i16,
                        });
                        self.stats.depth = self.frames.len() as u32;
                        self.phase = Phase::Try;
                    }
                },
                Phase::Try => {
                    let f = *self.frames.last().unwrap();
                    if f.next < f.min {
                        self.frames.pop();
                        self.undo_to(f.trail_len, sink);
                        self.stats.backtracks += 1;
                        self.stats.depth = self.frames.len() as u32;
                        if S::ENABLED {
                            sink.emit(Event::HashiBacktrack {
                                edge: f.edge,
                                depth: self.frames.len() as u32,
                            });
                        }
                        if self.frames.is_empty() {
                            return self.finish(Status::Exhausted, sink);
                        }
                        self.run_backtracks += 1;
                        if self.opts.restart_base > 0 && self.run_backtracks >= self.restart_limit {
                            let root = self.frames[0].trail_len;
                            self.frames.clear();
                            self.undo_to(root, sink);
                            self.stats.depth = 0;
                            self.stats.restarts += 1;
                            self.run_backtracks = 0;
                            self.restart_limit =
                                self.opts.restart_base * luby(self.stats.restarts + 1);
                            if S::ENABLED {
                                sink.emit(Event::HashiRestart {
                                    restarts: self.stats.restarts,
                                });
                            }
                            self.phase = Phase::Descend;
                        }
                        continue;
                    }
                    if !budget.take() {
                        return Status::Paused;
                    }
                    self.stats.nodes += 1;
                    self.undo_to(f.trail_len, sink);
                    self.frames.last_mut().unwrap().next -= 1;
                    let v = f.next as u8;
                    let e = f.edge;
                    if S::ENABLED {
                        let ed = self.g.edges[e as usize];
                        sink.emit(Event::HashiGuess {
                            edge: e,
                            a: self.cell(ed.a),
                            b: self.cell(ed.b),
                            value: v,
                            depth: self.frames.len() as u32,
                            why: format!(
                                "no rule applies: try {} between {} and {}",
                                bridges_word(v as i32),
                                self.name(ed.a),
                                self.name(ed.b)
                            ),
                        });
                    }
                    let ok = self.tighten(e, v, v, Rule::Guess, sink).is_ok()
                        && self.propagate(sink).is_ok();
                    if ok {
                        self.phase = Phase::Descend;
                    } else {
                        self.clear_queue();
                    }
                }
            }
        }
    }

    fn stats(&self) -> Stats {
        Stats {
            solutions: self.stats.solutions,
            ..self.stats
        }
    }

    fn solutions(&self) -> &[Vec<Bridge>] {
        &self.solutions
    }
}

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 … (index from 1), the restart cutoffs.
fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        // The smallest k with 2^k - 1 >= i.
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// Solves `puzzle` to the end (limit 2), for hints, reports and tests.
pub fn solve_all(
    puzzle: &Puzzle,
    opts: SolveOptions,
    max_nodes: u64,
) -> Result<(Status, Vec<Vec<Bridge>>, Stats), String> {
    let mut s = Solver::new(puzzle, opts)?;
    let status = s.run(&mut Budget::nodes(max_nodes), &mut NoEvents);
    Ok((status, s.solutions.clone(), s.stats()))
}

/// What a hint says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum HintKind {
    /// The user's bridges are a complete, valid solution.
    Solved,
    /// A deduction adds bridges (`bridges` are the new lower bounds to draw).
    Deduction,
    /// A user bridge breaks a rule or is not in the (unique) solution; `bridges` names it.
    Mistake,
    /// No rule applies; `bridges` holds one bridge of the solution to place.
    Guess,
    /// The puzzle has no solution.
    NoSolution,
}

/// The next step from the user's bridges.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Hint {
    pub kind: HintKind,
    pub rule: Option<Rule>,
    pub why: String,
    pub islands: Vec<[u32; 2]>,
    pub bridges: Vec<Bridge>,
    /// Earlier deductions (sentences) the hint relies on, e.g. bridges ruled out first.
    pub because: Vec<String>,
}

/// Where the user's bridges stand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardReport {
    /// Islands with exactly their number of bridges.
    pub finished: Vec<[usize; 2]>,
    /// Islands with more bridges than their number.
    pub overfull: Vec<[usize; 2]>,
    /// Pairs of user bridges that cross.
    pub crossing: Vec<[Bridge; 2]>,
    /// User bridges that cannot exist (no straight water line, or more than k).
    pub invalid: Vec<Bridge>,
    /// User bridges with more bridges than the solution has on that pair (only when the puzzle has
    /// exactly one solution).
    pub mistakes: Vec<Bridge>,
    /// The bridges are a complete valid solution (checked by the independent checker).
    pub solved: bool,
}

const HINT_NODES: u64 = 2_000_000;

/// A deduction seen in the hint's trace: rule, sentence, islands, edges.
type RuleSeen = (Rule, String, Vec<[u32; 2]>, Vec<u32>);

fn user_edges(g: &Graph, k: u8, user: &[Bridge]) -> Result<Vec<(u32, u8)>, Hint> {
    let mut out: Vec<(u32, u8)> = Vec::new();
    for &b in user {
        let e = g.edge_between(b.a, b.b).filter(|_| b.n >= 1 && b.n <= k);
        let Some(e) = e else {
            return Err(mistake(
                b,
                format!(
                    "there can be no {} between {}",
                    bridges_word(b.n as i32),
                    ends(&b, " and ")
                ),
            ));
        };
        if out.iter().any(|&(x, _)| x == e) {
            return Err(mistake(
                b,
                format!("the bridge {} is listed twice", ends(&b, "-")),
            ));
        }
        out.push((e, b.n));
    }
    Ok(out)
}

/// A bridge's ends in people's 1-based coordinates, joined by `sep`: "(3,4) and (3,7)".
fn ends(b: &Bridge, sep: &str) -> String {
    let at = |(r, c): (usize, usize)| format!("({},{})", r.saturating_add(1), c.saturating_add(1));
    format!("{}{sep}{}", at(b.a), at(b.b))
}

fn mistake(b: Bridge, why: String) -> Hint {
    Hint {
        kind: HintKind::Mistake,
        rule: None,
        why,
        islands: vec![[b.a.0 as u32, b.a.1 as u32], [b.b.0 as u32, b.b.1 as u32]],
        bridges: vec![b.normalized()],
        because: vec![],
    }
}

/// The next deduction from the user's bridges, or the mistake among them, or "solved".
pub fn hint(puzzle: &Puzzle, user: &[Bridge]) -> Result<Hint, String> {
    let mut solver = Solver::new(puzzle, SolveOptions::default())?;
    let edges = match user_edges(&solver.g, puzzle.max_bridges, user) {
        Ok(e) => e,
        Err(h) => return Ok(h),
    };
    if check_solution(puzzle, user).is_ok() {
        return Ok(Hint {
            kind: HintKind::Solved,
            rule: None,
            why: "every island has its bridges and all are connected: solved".into(),
            islands: vec![],
            bridges: vec![],
            because: vec![],
        });
    }
    let (_, sols, _) = solve_all(puzzle, SolveOptions::default(), HINT_NODES)?;
    if sols.is_empty() {
        return Ok(Hint {
            kind: HintKind::NoSolution,
            rule: None,
            why: "this puzzle has no solution".into(),
            islands: vec![],
            bridges: vec![],
            because: vec![],
        });
    }
    let g = solver.g.clone();
    let in_solution = |e: u32, sol: &[Bridge]| -> u8 {
        let ed = g.edges[e as usize];
        let key = Bridge {
            a: g.pos(ed.a),
            b: g.pos(ed.b),
            n: 0,
        }
        .normalized();
        sol.iter()
            .find(|b| b.a == key.a && b.b == key.b)
            .map_or(0, |b| b.n)
    };
    // The first user bridge with more bridges than `sol` has on that pair, as a mistake hint.
    let excess = |sol: &[Bridge], which: &str| -> Option<Hint> {
        edges.iter().zip(user).find_map(|(&(e, n), &b)| {
            let want = in_solution(e, sol);
            (n > want).then(|| {
                mistake(
                    b,
                    format!(
                        "{which} has {} between {}, not {n}",
                        bridges_word(want as i32),
                        ends(&b, " and ")
                    ),
                )
            })
        })
    };
    if sols.len() == 1 {
        if let Some(h) = excess(&sols[0], "the solution") {
            return Ok(h);
        }
    }
    // Start from the user's bridges as lower bounds, then record one round of propagation.
    for (&(e, n), &b) in edges.iter().zip(user) {
        if solver
            .tighten(e, n, u8::MAX, Rule::Range, &mut NoEvents)
            .is_err()
        {
            return Ok(mistake(
                b,
                format!(
                    "the bridge {} breaks a rule together with your other bridges",
                    ends(&b, "-")
                ),
            ));
        }
    }
    for i in 0..solver.g.islands.len() as u32 {
        solver.enqueue(i);
    }
    let mut trace = Trace::default();
    // A contradiction shows up as a dead-end event below; the result itself adds nothing.
    let _ = solver.propagate(&mut trace);
    // Earlier deductions (sentence, edges) in the order made; only those next to the hint are kept.
    let mut because: Vec<(String, Vec<u32>)> = Vec::new();
    let mut current: Option<RuleSeen> = None;
    let mut adds: Vec<Bridge> = Vec::new();
    for ev in trace.events {
        match ev {
            Event::HashiRule {
                rule,
                islands,
                why,
                edges,
            } => {
                if !adds.is_empty() {
                    break;
                }
                if let Some((_, w, _, es)) = current.take() {
                    because.push((w, es));
                }
                current = Some((rule, why, islands, edges));
            }
            Event::HashiRange {
                a,
                b,
                before,
                after,
                ..
            } if after[0] > before[0] => {
                adds.push(
                    Bridge {
                        a: (a[0] as usize, a[1] as usize),
                        b: (b[0] as usize, b[1] as usize),
                        n: after[0],
                    }
                    .normalized(),
                );
            }
            Event::HashiDeadEnd { why, islands, .. } => {
                return Ok(Hint {
                    kind: HintKind::Mistake,
                    rule: None,
                    why: format!("your bridges lead to a contradiction: {why}"),
                    islands,
                    bridges: vec![],
                    because: because
                        .into_iter()
                        .rev()
                        .take(5)
                        .rev()
                        .map(|b| b.0)
                        .collect(),
                });
            }
            _ => {}
        }
    }
    if let (Some((rule, why, islands, _)), false) = (current, adds.is_empty()) {
        // Keep the earlier deductions that touched the hinted islands (at most the last five).
        let mut near: Vec<(usize, usize)> = islands
            .iter()
            .map(|c| (c[0] as usize, c[1] as usize))
            .collect();
        near.extend(adds.iter().flat_map(|b| [b.a, b.b]));
        let relevant: Vec<String> = because
            .into_iter()
            .filter(|(_, es)| {
                es.iter().any(|&e| {
                    let ed = g.edges[e as usize];
                    near.contains(&g.pos(ed.a)) || near.contains(&g.pos(ed.b))
                })
            })
            .map(|(w, _)| w)
            .collect();
        let skip = relevant.len().saturating_sub(5);
        return Ok(Hint {
            kind: HintKind::Deduction,
            rule: Some(rule),
            why,
            islands,
            bridges: adds,
            because: relevant.into_iter().skip(skip).collect(),
        });
    }
    // No deduction adds a bridge: point at one the solution has and the user lacks.
    let sol = &sols[0];
    for b in sol {
        let have = user
            .iter()
            .find(|u| u.normalized().a == b.a && u.normalized().b == b.b)
            .map_or(0, |u| u.n);
        if have < b.n {
            return Ok(Hint {
                kind: HintKind::Guess,
                rule: None,
                why: format!(
                    "no rule applies here; the solution has {} between {}",
                    bridges_word(b.n as i32),
                    ends(b, " and ")
                ),
                islands: vec![[b.a.0 as u32, b.a.1 as u32], [b.b.0 as u32, b.b.1 as u32]],
                bridges: vec![*b],
                because: vec![],
            });
        }
    }
    // The user has every bridge of the solution found, and more: name one of the extra ones.
    excess(sol, "the solution found")
        .ok_or_else(|| "internal error: no hint found for an unsolved board".to_string())
}

/// Marks finished and over-full islands, crossing and impossible bridges, and mistakes.
pub fn check_board(puzzle: &Puzzle, user: &[Bridge]) -> Result<BoardReport, String> {
    puzzle.validate()?;
    let g = Graph::new(puzzle);
    let mut report = BoardReport::default();
    let mut degree = vec![0u32; g.islands.len()];
    let mut placed: Vec<(u32, Bridge)> = Vec::new();
    for &b in user {
        match g.edge_between(b.a, b.b) {
            Some(e) if b.n >= 1 && b.n <= puzzle.max_bridges => {
                let ed = g.edges[e as usize];
                degree[ed.a as usize] += b.n as u32;
                degree[ed.b as usize] += b.n as u32;
                placed.push((e, b.normalized()));
            }
            _ => report.invalid.push(b.normalized()),
        }
    }
    for (i, isl) in g.islands.iter().enumerate() {
        let d = degree[i];
        if d == isl.need as u32 {
            report.finished.push([isl.row, isl.col]);
        } else if d > isl.need as u32 {
            report.overfull.push([isl.row, isl.col]);
        }
    }
    for (k, &(e, b)) in placed.iter().enumerate() {
        for &(x, c) in &placed[k + 1..] {
            if g.crossings[e as usize].contains(&x) {
                report.crossing.push([b, c]);
            }
        }
    }
    report.solved = check_solution(puzzle, user).is_ok();
    let (_, sols, _) = solve_all(puzzle, SolveOptions::default(), HINT_NODES)?;
    if sols.len() == 1 {
        for &(_, b) in &placed {
            let want = sols[0]
                .iter()
                .find(|s| s.a == b.a && s.b == b.b)
                .map_or(0, |s| s.n);
            if b.n > want {
                report.mistakes.push(b);
            }
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::hashi::parse_any;

    fn solve(text: &str) -> (Status, Vec<Vec<Bridge>>) {
        let p = parse_any(text).unwrap();
        let (st, sols, _) = solve_all(&p, SolveOptions::default(), u64::MAX).unwrap();
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
