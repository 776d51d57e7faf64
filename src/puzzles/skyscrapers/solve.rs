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
//! - a completed line is always checked against its clues, so the solver stays correct with every
//!   toggle off.
//!
//! - **line propagation** also runs Régin's all-different filter on rows and columns without
//!   clues and on the *value planes* (for each height, rows → columns must be a permutation), which
//!   covers naked/hidden subsets and X-wing/swordfish patterns of the Latin square;
//!
//! Search: binary branching on a cell chosen by MRV (fewest candidates; ties go to the cell whose
//! lines met the most dead ends so far, then to the one whose row and column hold the most
//! candidates; toggle `mrv`, otherwise the first open cell in row-major order), lowest height first: "cell = v", and when that fails,
//! "cell ≠ v" as a deduction at the level above (`refuted`). One *node* = one propagation run (the
//! initial one, after a guess, or after a refutation). Every change goes on a trail and is undone on
//! backtrack. The solution limit (default 2) makes uniqueness fall out of [`Status`]:
//! `Exhausted` with 0 / 1 solution = none / unique, `LimitReached` with 2 = multiple.
//!
//! Events are invertible from themselves alone: every candidate change carries the masks before
//! and after, backtracks list every restored cell.

use serde::{Deserialize, Serialize};

use super::{clue_place, Puzzle, Side};
use crate::engine::{Budget, Machine, Sink, Stats, Status};

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
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques::ALL
    }
}

impl Techniques {
    pub const ALL: Techniques = Techniques {
        visibility: true,
        lines: true,
        mrv: true,
    };
    /// The source article's solver: bitmasks, clue rules, visibility bounds, MRV; no line tables.
    pub const ARTICLE: Techniques = Techniques {
        visibility: true,
        lines: false,
        mrv: true,
    };
    /// Latin-square singles and the clue-1 / clue-N rules only.
    pub const NONE: Techniques = Techniques {
        visibility: false,
        lines: false,
        mrv: false,
    };
}

/// Solver options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
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

/// Why candidates changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Reason {
    /// A height given in the puzzle.
    Given,
    /// Clue 1: the tallest tower stands next to it.
    ClueOne,
    /// Clue N: the line climbs 1, 2, …, N.
    ClueStaircase,
    /// Clue c: the cell at distance d can hold at most N − c + 1 + d.
    ClueDistance,
    /// The visibility bound lo ≤ clue ≤ hi on a line.
    VisibilityBound,
    /// No permutation of the line that fits both clues uses this candidate.
    LinePermutations,
    /// A height has one place left in a row or column.
    OnlyPlace,
    /// Places of one height across the grid (X-wing style): see `value_plane`.
    ValuePlane,
    /// A placed height is removed from its row and column.
    NakedSingle,
    /// The search tries a height.
    Guess,
    /// The guess failed, so the cell cannot hold that height.
    Refuted,
}

/// Row or column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Axis {
    Row,
    Col,
}

/// A line of the grid (0-based index), for highlighting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LineRef {
    pub axis: Axis,
    pub index: u32,
}

/// One cell's candidate mask changing from `before` to `after` (bit v-1 = height v).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    pub row: u32,
    pub col: u32,
    pub before: u32,
    pub after: u32,
}

/// One step of the solver, invertible from its own fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Event {
    /// A deduction: candidates removed (a cell left with one candidate is placed).
    #[serde(rename_all = "camelCase")]
    SkyDeduce {
        reason: Reason,
        /// The line under consideration, if the deduction is about one.
        line: Option<LineRef>,
        /// The height the deduction is about, if one.
        value: Option<u8>,
        why: String,
        changes: Vec<Change>,
    },
    /// The search tries `value` at (row, col); `depth` is the number of open guesses after it.
    #[serde(rename_all = "camelCase")]
    SkyGuess {
        row: u32,
        col: u32,
        value: u8,
        depth: u32,
        why: String,
        changes: Vec<Change>,
    },
    /// The last guess is undone: every cell changed since goes back (`before` = now, `after` =
    /// restored). `depth` is the number of open guesses after it.
    #[serde(rename_all = "camelCase")]
    SkyBacktrack {
        row: u32,
        col: u32,
        value: u8,
        depth: u32,
        changes: Vec<Change>,
    },
    /// Propagation hit a dead end (changes nothing on the board).
    #[serde(rename_all = "camelCase")]
    SkyContradiction {
        line: Option<LineRef>,
        cells: Vec<[u32; 2]>,
        why: String,
    },
    /// Every cell holds one height: a solution (rows of heights).
    #[serde(rename_all = "camelCase")]
    SkySolution { grid: Vec<Vec<u8>>, number: u64 },
    /// The whole search space was explored.
    #[serde(rename_all = "camelCase")]
    SkyExhausted { solutions: u64 },
}

#[derive(Clone, Debug)]
struct Line {
    /// Cell indices from the start side.
    cells: Vec<usize>,
    /// Clue at the start side (left / top) and the end side (right / bottom), 0 = none.
    start: u8,
    end: u8,
}

#[derive(Clone, Copy, Debug)]
struct Decision {
    cell: usize,
    value: u8,
    trail_len: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    Start,
    Assign(usize, u8),
    Refute(usize, u8),
    Done(Status),
}

/// Propagation failed (details already emitted when tracing).
struct Dead;

type Res = Result<(), Dead>;

/// The solving machine.
#[derive(Clone, Debug)]
pub struct Solver {
    puzzle: Puzzle,
    n: usize,
    full: u32,
    options: Options,
    lines: Vec<Line>,
    cand: Vec<u32>,
    trail: Vec<(usize, u32)>,
    stack: Vec<Decision>,
    singles: Vec<usize>,
    dirty_hidden: u32,
    dirty_bound: u32,
    dirty_perm: u32,
    /// Heights (bit v-1) whose places changed: their value planes need another look.
    dirty_plane: u32,
    phase: Phase,
    stats: Stats,
    solutions: Vec<Vec<Vec<u8>>>,
    // Event under construction (tracing only).
    changes: Vec<Change>,
    // Scratch tables of the line programme.
    tables: LineTables,
    /// Line programme runs and sets visited (for benchmarks).
    pub line_runs: u64,
    pub line_sets: u64,
    /// Dead ends met per line: the search prefers cells on lines that failed often (dom/wdeg).
    weight: [u32; 32],
    /// The cell whose last candidate was just removed (reported after the deduction's event).
    emptied: Option<(usize, u32)>,
}

fn bit(v: u8) -> u32 {
    1u32 << (v - 1)
}

fn single(mask: u32) -> bool {
    mask != 0 && mask & (mask - 1) == 0
}

fn value_of(mask: u32) -> u8 {
    (mask.trailing_zeros() + 1) as u8
}

/// Highest height in a mask (0 for the empty mask).
fn top(mask: u32) -> u32 {
    32 - mask.leading_zeros()
}

fn heights(mask: u32) -> String {
    let v: Vec<String> = (0..32)
        .filter(|b| mask & (1 << b) != 0)
        .map(|b| (b + 1).to_string())
        .collect();
    v.join(", ")
}

/// (lo, hi): towers surely visible and possibly visible when walking `masks` in order.
/// hi counts the cells that could top everything before them (their best height above the least
/// the earlier cells must reach); lo counts the cells that top everything before them whatever
/// the choices, and is at least 1 (the tallest tower is always seen).
fn bounds(masks: impl Iterator<Item = u32>) -> (u32, u32) {
    let (mut lo, mut hi) = (0, 0);
    let (mut floor, mut ceil) = (0u32, 0u32);
    for m in masks {
        let (low, high) = (m.trailing_zeros() + 1, top(m));
        if high > floor {
            hi += 1;
        }
        if low > ceil {
            lo += 1;
        }
        floor = floor.max(low);
        ceil = ceil.max(high);
    }
    (lo.max(1), hi)
}

impl Solver {
    pub fn new(puzzle: &Puzzle, options: Options) -> Result<Self, String> {
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
        let full = (1u32 << n) - 1; // n ≤ 16
        let all_lines = if 2 * n == 32 {
            u32::MAX
        } else {
            (1u32 << (2 * n)) - 1
        };
        Ok(Solver {
            puzzle: puzzle.clone(),
            n,
            full,
            options: Options {
                limit: options.limit.max(1),
                ..options
            },
            lines,
            cand: vec![full; n * n],
            trail: Vec::new(),
            stack: Vec::new(),
            singles: Vec::new(),
            dirty_hidden: all_lines,
            dirty_bound: all_lines,
            dirty_perm: all_lines,
            dirty_plane: full,
            phase: Phase::Start,
            stats: Stats::default(),
            solutions: Vec::new(),
            changes: Vec::new(),
            tables: if options.techniques.lines {
                LineTables::new(n)
            } else {
                LineTables::default()
            },
            emptied: None,
            weight: [0; 32],
            line_runs: 0,
            line_sets: 0,
        })
    }

    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The candidate masks right now, row-major.
    pub fn candidates(&self) -> &[u32] {
        &self.cand
    }

    fn line_ref(&self, l: usize) -> LineRef {
        if l < self.n {
            LineRef {
                axis: Axis::Row,
                index: l as u32,
            }
        } else {
            LineRef {
                axis: Axis::Col,
                index: (l - self.n) as u32,
            }
        }
    }

    fn line_name(&self, l: usize) -> String {
        if l < self.n {
            format!("row {}", l + 1)
        } else {
            format!("column {}", l - self.n + 1)
        }
    }

    /// The clue sides of line `l`: (start side, end side).
    fn sides(&self, l: usize) -> (Side, Side, usize) {
        if l < self.n {
            (Side::Left, Side::Right, l)
        } else {
            (Side::Top, Side::Bottom, l - self.n)
        }
    }

    fn cell_name(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.n + 1, cell % self.n + 1)
    }

    fn rc(&self, cell: usize) -> [u32; 2] {
        [(cell / self.n) as u32, (cell % self.n) as u32]
    }

    // -----------------------------------------------------------------------------------------
    // Candidate changes

    /// Keeps only `mask` of the cell's candidates; trails the change and marks its lines dirty.
    /// Fails when nothing is left.
    #[inline]
    fn narrow<S: Sink<Event>>(&mut self, _sink: &mut S, cell: usize, mask: u32) -> Res {
        let old = self.cand[cell];
        let new = old & mask;
        if new == old {
            return Ok(());
        }
        if S::ENABLED {
            let [row, col] = self.rc(cell);
            self.changes.push(Change {
                row,
                col,
                before: old,
                after: new,
            });
        }
        self.trail.push((cell, old));
        self.cand[cell] = new;
        let lines = (1u32 << (cell / self.n)) | (1u32 << (self.n + cell % self.n));
        self.dirty_hidden |= lines;
        self.dirty_bound |= lines;
        self.dirty_perm |= lines;
        self.dirty_plane |= old & !new;
        if new == 0 {
            // Reported by `run` once the caller has emitted its deduction.
            self.emptied = Some((cell, old));
            self.weight[cell / self.n] += 1;
            self.weight[self.n + cell % self.n] += 1;
            return Err(Dead);
        }
        if single(new) {
            self.singles.push(cell);
        }
        Ok(())
    }

    /// Emits the changes gathered so far as one deduction (tracing only).
    fn flush<S: Sink<Event>>(
        &mut self,
        sink: &mut S,
        reason: Reason,
        line: Option<usize>,
        value: Option<u8>,
        why: impl FnOnce(&Self) -> String,
    ) {
        if S::ENABLED && !self.changes.is_empty() {
            let changes = std::mem::take(&mut self.changes);
            sink.emit(Event::SkyDeduce {
                reason,
                line: line.map(|l| self.line_ref(l)),
                value,
                why: why(self),
                changes,
            });
        }
    }

    /// Reports a contradiction (tracing only). Every deduction flushes its changes before
    /// returning, so the viewer's board always matches the trail the backtrack will undo.
    fn dead<S: Sink<Event>>(
        &mut self,
        sink: &mut S,
        line: Option<usize>,
        cells: Vec<usize>,
        why: String,
    ) {
        if S::ENABLED {
            sink.emit(Event::SkyContradiction {
                line: line.map(|l| self.line_ref(l)),
                cells: cells.iter().map(|&c| self.rc(c)).collect(),
                why,
            });
        }
    }

    // -----------------------------------------------------------------------------------------
    // Deductions

    /// The clue rules and givens that need no search state (first node only).
    fn initial<S: Sink<Event>>(&mut self, sink: &mut S) -> Res {
        let n = self.n;
        for cell in 0..n * n {
            let g = self.puzzle.givens[cell];
            if g != 0 {
                let r = self.narrow(sink, cell, bit(g));
                self.flush(sink, Reason::Given, None, Some(g), |s| {
                    format!("{} is given as {g}", s.cell_name(cell))
                });
                r?;
            }
        }
        for l in 0..2 * n {
            for from_end in [false, true] {
                let line = &self.lines[l];
                let clue = if from_end { line.end } else { line.start };
                if clue == 0 {
                    continue;
                }
                let cells: Vec<usize> = if from_end {
                    line.cells.iter().rev().copied().collect()
                } else {
                    line.cells.clone()
                };
                let (s0, s1, i) = self.sides(l);
                let side = if from_end { s1 } else { s0 };
                let c = clue as usize;
                if c == 1 {
                    let r = self.narrow(sink, cells[0], bit(n as u8));
                    self.flush(sink, Reason::ClueOne, Some(l), Some(n as u8), |s| {
                        format!(
                            "Clue 1 {}: the {n} must stand next to it, at {}",
                            clue_place(side, i),
                            s.cell_name(cells[0])
                        )
                    });
                    r?;
                } else if c == n {
                    let mut r = Ok(());
                    for (d, &cell) in cells.iter().enumerate() {
                        r = self.narrow(sink, cell, bit(d as u8 + 1));
                        if r.is_err() {
                            break;
                        }
                    }
                    self.flush(sink, Reason::ClueStaircase, Some(l), None, |s| {
                        format!(
                            "Clue {n} {}: every tower must be seen, so the {} climbs 1, 2, …, {n} from that side",
                            clue_place(side, i),
                            s.line_name(l)
                        )
                    });
                    r?;
                } else if self.options.techniques.visibility {
                    let mut r = Ok(());
                    for (d, &cell) in cells.iter().enumerate().take(c - 1) {
                        // At distance d, c-1-d more towers must still rise behind this one.
                        let cap = n - c + 1 + d;
                        r = self.narrow(sink, cell, (1u32 << cap) - 1);
                        if r.is_err() {
                            break;
                        }
                    }
                    self.flush(sink, Reason::ClueDistance, Some(l), None, |_| {
                        format!(
                            "Clue {c} {}: the k-th cell from it (k = 1…{}) can hold at most {} + k, since {c} towers must rise from there on",
                            clue_place(side, i),
                            c - 1,
                            n - c
                        )
                    });
                    r?;
                }
            }
        }
        Ok(())
    }

    /// A placed height leaves the rest of its row and column.
    fn naked_single<S: Sink<Event>>(&mut self, sink: &mut S, cell: usize) -> Res {
        let m = self.cand[cell];
        if !single(m) {
            return Ok(()); // already emptied: the failure was reported then
        }
        let (n, r, c) = (self.n, cell / self.n, cell % self.n);
        let mut res = Ok(());
        for k in 0..n {
            for other in [r * n + k, k * n + c] {
                if other != cell && res.is_ok() {
                    res = self.narrow(sink, other, !m);
                }
            }
        }
        let v = value_of(m);
        self.flush(sink, Reason::NakedSingle, None, Some(v), |s| {
            format!(
                "{} holds {v}, so no other cell of row {} or column {} can",
                s.cell_name(cell),
                r + 1,
                c + 1
            )
        });
        res
    }

    /// Heights with one place left in line `l` go there; a height with no place is a dead end.
    fn hidden_singles<S: Sink<Event>>(&mut self, sink: &mut S, l: usize) -> Res {
        let (mut once, mut twice) = (0u32, 0u32);
        for &cell in &self.lines[l].cells {
            let m = self.cand[cell];
            twice |= once & m;
            once |= m;
        }
        let missing = self.full & !once;
        if missing != 0 {
            if S::ENABLED {
                let v = value_of(missing);
                let why = format!("{} has no place left for {v}", self.line_name(l));
                let cells = self.lines[l].cells.clone();
                self.dead(sink, Some(l), cells, why);
            }
            return self.blame(l);
        }
        let mut lonely = once & !twice;
        while lonely != 0 {
            let b = lonely & lonely.wrapping_neg();
            lonely ^= b;
            let Some(&cell) = self.lines[l].cells.iter().find(|&&c| self.cand[c] & b != 0) else {
                // An earlier placement in this loop took the only place of this height.
                if S::ENABLED {
                    let why = format!(
                        "{} has no place left for {}",
                        self.line_name(l),
                        value_of(b)
                    );
                    let cells = self.lines[l].cells.clone();
                    self.dead(sink, Some(l), cells, why);
                }
                return self.blame(l);
            };
            if self.cand[cell] == b {
                continue;
            }
            let v = value_of(b);
            let r = self.narrow(sink, cell, b);
            self.flush(sink, Reason::OnlyPlace, Some(l), Some(v), |s| {
                format!(
                    "{v} has only one place left in {}: {}",
                    s.line_name(l),
                    s.cell_name(cell)
                )
            });
            r?;
        }
        Ok(())
    }

    /// The visibility bound on line `l` (as a candidate filter when the technique is on) and the
    /// exact check of a completed line (always).
    fn bound_line<S: Sink<Event>>(&mut self, sink: &mut S, l: usize) -> Res {
        let (a, b) = (self.lines[l].start as u32, self.lines[l].end as u32);
        if a == 0 && b == 0 {
            return Ok(());
        }
        let n = self.n;
        let mut masks = [0u32; 32];
        for (i, &cell) in self.lines[l].cells.iter().enumerate() {
            masks[i] = self.cand[cell];
        }
        let fits = |m: &[u32]| -> bool {
            let ok_a = a == 0 || {
                let (lo, hi) = bounds(m.iter().copied());
                lo <= a && a <= hi
            };
            ok_a && (b == 0 || {
                let (lo, hi) = bounds(m.iter().rev().copied());
                lo <= b && b <= hi
            })
        };
        let complete = masks[..n].iter().all(|&m| single(m));
        if (complete || self.options.techniques.visibility) && !fits(&masks[..n]) {
            if S::ENABLED {
                let (s0, s1, i) = self.sides(l);
                let seen_a = bounds(masks[..n].iter().copied());
                let seen_b = bounds(masks[..n].iter().rev().copied());
                let why = if complete {
                    format!(
                        "{} is full but breaks a clue (it shows {} from {} and {} from {})",
                        self.line_name(l),
                        seen_a.0,
                        clue_place(s0, i),
                        seen_b.0,
                        clue_place(s1, i)
                    )
                } else {
                    format!(
                            "{} cannot meet its clues: from one side it shows between {} and {} towers, from the other between {} and {}",
                            self.line_name(l),
                            seen_a.0,
                            seen_a.1,
                            seen_b.0,
                            seen_b.1
                        )
                };
                let cells = self.lines[l].cells.clone();
                self.dead(sink, Some(l), cells, why);
            }
            return self.blame(l);
        }
        if complete || !self.options.techniques.visibility || self.options.techniques.lines {
            return Ok(());
        }
        let mut keep = [0u32; 32];
        for i in 0..n {
            let m = masks[i];
            if single(m) {
                keep[i] = m;
                continue;
            }
            let mut rest = m;
            while rest != 0 {
                let v = rest & rest.wrapping_neg();
                rest ^= v;
                masks[i] = v;
                if fits(&masks[..n]) {
                    keep[i] |= v;
                }
            }
            masks[i] = m;
        }
        let mut res = Ok(());
        for i in 0..n {
            if keep[i] != masks[i] {
                let cell = self.lines[l].cells[i];
                res = self.narrow(sink, cell, keep[i]);
                if res.is_err() {
                    break;
                }
            }
        }
        self.flush(sink, Reason::VisibilityBound, Some(l), None, |s| {
            let (s0, s1, i) = s.sides(l);
            let mut clues = Vec::new();
            if a != 0 {
                clues.push(format!("{a} {}", clue_place(s0, i)));
            }
            if b != 0 {
                clues.push(format!("{b} {}", clue_place(s1, i)));
            }
            format!(
                "Visibility bound on {}: with these heights the line would surely show more, or could show fewer, towers than the clue {}",
                s.line_name(l),
                clues.join(" and ")
            )
        });
        res
    }

    /// Exact line propagation: keeps the candidates used by some permutation of line `l` that
    /// fits its clues (see the module header for the split-at-N programme).
    fn line_permutations<S: Sink<Event>>(&mut self, sink: &mut S, l: usize) -> Res {
        let (a, b) = (self.lines[l].start as u32, self.lines[l].end as u32);
        let n = self.n;
        let mut m = [0u32; 32];
        for (i, &cell) in self.lines[l].cells.iter().enumerate() {
            m[i] = self.cand[cell];
        }
        if m[..n].iter().all(|&x| single(x)) {
            return Ok(()); // checked exactly by bound_line
        }
        let support = if a == 0 && b == 0 {
            alldiff_support(n, &m[..n])
        } else {
            {
                self.line_runs += 1;
                let r = line_support(n, &m[..n], a, b, &mut self.tables);
                self.line_sets += (self.tables.list_f.len() + self.tables.list_b.len()) as u64;
                r
            }
        };
        if support[..n].iter().all(|&s| s == 0) {
            if S::ENABLED {
                let why = format!(
                    "No arrangement of {} fits its clues and candidates",
                    self.line_name(l)
                );
                let cells = self.lines[l].cells.clone();
                self.dead(sink, Some(l), cells, why);
            }
            return self.blame(l);
        }
        let mut res = Ok(());
        for i in 0..n {
            if support[i] != m[i] {
                let cell = self.lines[l].cells[i];
                res = self.narrow(sink, cell, support[i]);
                if res.is_err() {
                    break;
                }
            }
        }
        self.flush(sink, Reason::LinePermutations, Some(l), None, |s| {
            format!(
                "Line propagation on {}: no arrangement of the line that fits its clues and candidates uses the removed heights",
                s.line_name(l)
            )
        });
        res
    }

    /// The value plane of height `v`: each row must put `v` in a different column, so the plane is
    /// a permutation (rows → columns) and the same line programme, with no clues, keeps exactly
    /// the places that some complete placement of `v` uses (Hall's condition: k rows whose `v`
    /// fits only in k columns take those columns from every other row — X-wings, swordfish).
    fn value_plane<S: Sink<Event>>(&mut self, sink: &mut S, v: u8) -> Res {
        let n = self.n;
        let b = bit(v);
        let mut m = [0u32; 32];
        let mut all_fixed = true;
        for (r, slot) in m.iter_mut().enumerate().take(n) {
            for c in 0..n {
                let x = self.cand[r * n + c];
                if x & b != 0 {
                    *slot |= 1 << c;
                    all_fixed &= x == b;
                }
            }
        }
        if all_fixed {
            return Ok(()); // every row has v placed (or lacks it, caught by hidden singles)
        }
        let support = alldiff_support(n, &m[..n]);
        if support[..n].iter().all(|&s| s == 0) {
            if S::ENABLED {
                let why = format!("{v} cannot be placed once in every row and column any more");
                let cells = (0..n * n).filter(|&i| self.cand[i] & b != 0).collect();
                self.dead(sink, None, cells, why);
            }
            return Err(Dead);
        }
        let mut res = Ok(());
        'rows: for r in 0..n {
            let mut gone = m[r] & !support[r];
            while gone != 0 {
                let c = gone.trailing_zeros() as usize;
                gone &= gone - 1;
                res = self.narrow(sink, r * n + c, !b);
                if res.is_err() {
                    break 'rows;
                }
            }
        }
        self.flush(sink, Reason::ValuePlane, None, Some(v), |_| {
            format!(
                "Places of {v}: some rows can only take {v} in as many columns as there are rows, so no other row can use those columns"
            )
        });
        res
    }

    /// A dead end on line `l`: counted for the branching heuristic.
    fn blame(&mut self, l: usize) -> Res {
        self.weight[l] += 1;
        Err(Dead)
    }

    /// Runs every deduction to a fixed point, cheapest first.
    fn propagate<S: Sink<Event>>(&mut self, sink: &mut S) -> Res {
        loop {
            if let Some(cell) = self.singles.pop() {
                self.naked_single(sink, cell)?;
                continue;
            }
            if self.dirty_hidden != 0 {
                let l = self.dirty_hidden.trailing_zeros() as usize;
                self.dirty_hidden &= !(1 << l);
                self.hidden_singles(sink, l)?;
                continue;
            }
            if self.dirty_bound != 0 {
                let l = self.dirty_bound.trailing_zeros() as usize;
                self.dirty_bound &= !(1 << l);
                self.bound_line(sink, l)?;
                continue;
            }
            if self.options.techniques.lines && self.dirty_perm != 0 {
                let l = self.dirty_perm.trailing_zeros() as usize;
                self.dirty_perm &= !(1 << l);
                self.line_permutations(sink, l)?;
                continue;
            }
            if self.options.techniques.lines && self.dirty_plane != 0 {
                let v = self.dirty_plane.trailing_zeros() as u8 + 1;
                self.dirty_plane &= !bit(v);
                self.value_plane(sink, v)?;
                continue;
            }
            return Ok(());
        }
    }

    // -----------------------------------------------------------------------------------------
    // Search

    fn choose(&self) -> Option<usize> {
        if self.options.techniques.mrv {
            // Fewest candidates first; among those, the cell whose row and column still hold
            // the most candidates (branching there settles the most), then row-major order.
            let n = self.n;
            let mut load = [0u32; 32];
            for (cell, &m) in self.cand.iter().enumerate() {
                let k = m.count_ones();
                load[cell / n] += k;
                load[n + cell % n] += k;
            }
            let mut best = None;
            let mut best_key = (u32::MAX, 0u32, 0u32);
            for (cell, &m) in self.cand.iter().enumerate() {
                let k = m.count_ones();
                if k > 1 {
                    let w = self.weight[cell / n] + self.weight[n + cell % n];
                    let key = (
                        k,
                        u32::MAX - w,
                        u32::MAX - load[cell / n] - load[n + cell % n],
                    );
                    if key < best_key {
                        best_key = key;
                        best = Some(cell);
                    }
                }
            }
            best
        } else {
            self.cand.iter().position(|&m| !single(m))
        }
    }

    /// Undoes the trail down to `len`, returning the restorations (tracing only).
    fn undo_to<S: Sink<Event>>(&mut self, len: usize) -> Vec<Change> {
        let mut restored = Vec::new();
        while self.trail.len() > len {
            let Some((cell, old)) = self.trail.pop() else {
                break;
            };
            if S::ENABLED {
                let [row, col] = self.rc(cell);
                restored.push(Change {
                    row,
                    col,
                    before: self.cand[cell],
                    after: old,
                });
            }
            self.cand[cell] = old;
        }
        restored
    }

    /// After a dead end or a recorded solution: undo the last guess and refute it, or finish.
    fn fail<S: Sink<Event>>(&mut self, sink: &mut S) {
        self.singles.clear();
        self.dirty_hidden = 0;
        self.dirty_bound = 0;
        self.dirty_perm = 0;
        self.dirty_plane = 0;
        self.changes.clear();
        match self.stack.pop() {
            None => {
                sink.emit(Event::SkyExhausted {
                    solutions: self.stats.solutions,
                });
                self.phase = Phase::Done(Status::Exhausted);
            }
            Some(d) => {
                self.stats.backtracks += 1;
                let restored = self.undo_to::<S>(d.trail_len);
                if S::ENABLED {
                    let [row, col] = self.rc(d.cell);
                    sink.emit(Event::SkyBacktrack {
                        row,
                        col,
                        value: d.value,
                        depth: self.stack.len() as u32,
                        changes: restored,
                    });
                }
                self.phase = Phase::Refute(d.cell, d.value);
            }
        }
    }

    fn grid(&self) -> Vec<Vec<u8>> {
        self.cand
            .chunks(self.n)
            .map(|row| row.iter().map(|&m| value_of(m)).collect())
            .collect()
    }

    /// One node: the work of the current phase plus propagation.
    fn node<S: Sink<Event>>(&mut self, sink: &mut S) -> Res {
        match self.phase {
            Phase::Start => self.initial(sink)?,
            Phase::Assign(cell, v) => {
                let before = self.cand[cell];
                self.narrow(sink, cell, bit(v))?;
                if S::ENABLED {
                    self.changes.clear();
                    let [row, col] = self.rc(cell);
                    sink.emit(Event::SkyGuess {
                        row,
                        col,
                        value: v,
                        depth: self.stack.len() as u32,
                        why: format!(
                            "Guess: {} could be {}; try {v}",
                            self.cell_name(cell),
                            heights(before)
                        ),
                        changes: vec![Change {
                            row,
                            col,
                            before,
                            after: bit(v),
                        }],
                    });
                }
            }
            Phase::Refute(cell, v) => {
                let r = self.narrow(sink, cell, !bit(v));
                self.flush(sink, Reason::Refuted, None, Some(v), |s| {
                    format!(
                        "{v} at {} led to a dead end, so it is crossed out",
                        s.cell_name(cell)
                    )
                });
                r?;
            }
            Phase::Done(_) => return Ok(()),
        }
        self.propagate(sink)
    }
}

/// All-different filtering (Régin): the candidates of `m` (n positions over n values, bit w = value
/// w) that belong to some assignment giving every position a different value. All zero when there
/// is none. A maximum matching is found by augmenting paths; an unmatched edge (i, w) is usable
/// exactly when it lies on an alternating cycle, i.e. when the position holding `w` in the matching
/// can reach `i` along "my candidate is matched to you" edges (transitive closure on bitsets).
/// Used for rows and columns without clues and for value planes, in O(n²) word operations.
pub(crate) fn alldiff_support(n: usize, m: &[u32]) -> [u32; 32] {
    fn augment(
        i: usize,
        m: &[u32],
        owner: &mut [usize; 32],
        mate: &mut [usize; 32],
        seen: &mut u32,
    ) -> bool {
        loop {
            let bits = m[i] & !*seen;
            if bits == 0 {
                return false;
            }
            let w = bits.trailing_zeros() as usize;
            *seen |= 1 << w;
            if owner[w] == usize::MAX || augment(owner[w], m, owner, mate, seen) {
                owner[w] = i;
                mate[i] = w;
                return true;
            }
        }
    }
    let mut out = [0u32; 32];
    let mut owner = [usize::MAX; 32];
    let mut mate = [usize::MAX; 32];
    for i in 0..n {
        let mut seen = 0u32;
        if !augment(i, m, &mut owner, &mut mate, &mut seen) {
            return out;
        }
    }
    let mut reach = [0u32; 32];
    for i in 0..n {
        let mut r = 1u32 << i;
        let mut bits = m[i] & !(1u32 << mate[i]);
        while bits != 0 {
            let w = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            r |= 1 << owner[w];
        }
        reach[i] = r;
    }
    for k in 0..n {
        for i in 0..n {
            if reach[i] & (1 << k) != 0 {
                reach[i] |= reach[k];
            }
        }
    }
    for i in 0..n {
        let mut keep = 1u32 << mate[i];
        let mut bits = m[i] & !keep;
        while bits != 0 {
            let w = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if reach[owner[w]] & (1 << i) != 0 {
                keep |= 1 << w;
            }
        }
        out[i] = keep;
    }
    out
}

/// Scratch tables of [`line_support`]: 2^(N-1) entries each, kept all-zero between calls (only
/// the entries listed in `list_f` / `list_b` are ever written, and they are cleared at the end).
#[derive(Clone, Debug, Default)]
pub(crate) struct LineTables {
    fwd: Vec<u32>,
    bwd: Vec<u32>,
    need_f: Vec<u32>,
    need_b: Vec<u32>,
    list_f: Vec<u32>,
    list_b: Vec<u32>,
}

impl LineTables {
    pub(crate) fn new(n: usize) -> Self {
        let size = 1usize << n.saturating_sub(1);
        LineTables {
            fwd: vec![0; size],
            bwd: vec![0; size],
            need_f: vec![0; size],
            need_b: vec![0; size],
            list_f: Vec::new(),
            list_b: Vec::new(),
        }
    }
}

/// Forward half of [`line_support`]: from the empty set, every set S of heights 1..n-1 that can
/// fill the positions `pos(|S|)` in some order, with the bitset of tower counts seen (bit c = c
/// towers) in `table[S]`. Sets are listed in `list` by size (breadth first), so walking the list
/// backwards visits supersets before subsets. Counts that overshoot the clue, or that could no
/// longer reach it with the taller heights left, are dropped on the way.
///
/// Two more cuts keep the tables small without losing any permutation: a set of size k must hold
/// every height whose last possible place lies among its k positions (`must[k]`), and sets larger
/// than `max_layer` (beyond the last place N can take) are never part of a split.
#[allow(clippy::too_many_arguments)]
fn sweep(
    n: usize,
    m: &[u32],
    clue: u32,
    from_end: bool,
    must: &[u32; 33],
    max_layer: usize,
    table: &mut [u32],
    list: &mut Vec<u32>,
) {
    let low = (1u32 << (n - 1)) - 1;
    let cap = if clue == 0 {
        u32::MAX
    } else {
        (1u32 << clue) - 1
    };
    list.clear();
    table[0] = 1;
    list.push(0);
    let mut k = 0;
    while k < list.len() {
        let s = list[k];
        k += 1;
        let p = s.count_ones() as usize;
        if p >= n - 1 || p >= max_layer {
            continue;
        }
        let f = table[s as usize];
        let t = top(s);
        let mut avail = m[if from_end { n - 1 - p } else { p }] & low & !s;
        while avail != 0 {
            let v = avail & avail.wrapping_neg();
            avail ^= v;
            let ns = s | v;
            if must[p + 1] & !ns != 0 {
                continue;
            }
            let h = v.trailing_zeros() + 1;
            let mut grow = if h > t { (f << 1) & cap } else { f };
            if clue > 0 {
                // Heights still to come that could rise above everything so far.
                let rises = (low & !ns & !((1u32 << h.max(t)) - 1)).count_ones();
                let least = (clue - 1).saturating_sub(rises);
                grow &= !((1u32 << least) - 1);
            }
            if grow == 0 {
                continue;
            }
            if table[ns as usize] == 0 {
                list.push(ns);
            }
            table[ns as usize] |= grow;
        }
    }
}

/// For one line: the candidates (per position) that appear in some permutation fitting the
/// candidates `m` and the clues `a` (from the start) and `b` (from the end), 0 = no clue.
/// All zero when no permutation fits.
///
/// Sets range over the heights 1..n-1 (bit v-1); `fwd[S]` is the set of counts (bit c = c towers
/// seen from the start) of the ways to put the heights S, in some order, on positions 0..|S|-1;
/// `bwd[T]` likewise for T on the last |T| positions seen from the end. A permutation is a split:
/// S before N at position |S|, the rest after it, seen counts a-1 and b-1. Only reachable sets are
/// visited, so the cost shrinks with the candidates.
pub(crate) fn line_support(n: usize, m: &[u32], a: u32, b: u32, t: &mut LineTables) -> [u32; 32] {
    let mut support = [0u32; 32];
    if n == 1 {
        let ok = m[0] & 1 != 0 && a <= 1 && b <= 1;
        support[0] = if ok { 1 } else { 0 };
        return support;
    }
    let big = 1u32 << (n - 1); // height n
    let low = big - 1; // heights 1..n-1
    let LineTables {
        fwd,
        bwd,
        need_f,
        need_b,
        list_f,
        list_b,
    } = t;
    // Where each height can go in this line, and where N can.
    let (mut must_f, mut must_b) = ([0u32; 33], [0u32; 33]);
    let (mut first_big, mut last_big) = (n, 0);
    for (p, &mask) in m.iter().enumerate().take(n) {
        if mask & big != 0 {
            first_big = first_big.min(p);
            last_big = p;
        }
    }
    if first_big == n {
        return support; // N has no place
    }
    let mut places = [0u32; 32];
    for (p, &mask) in m.iter().enumerate().take(n) {
        let mut rest = mask & low;
        while rest != 0 {
            let v = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            places[v] |= 1 << p;
        }
    }
    for (v, &pl) in places.iter().enumerate().take(n - 1) {
        if pl == 0 {
            return support;
        }
        let (first, last) = (
            pl.trailing_zeros() as usize,
            31 - pl.leading_zeros() as usize,
        );
        // Sets of size k on the first k positions must hold v once k > last; sets of size k on
        // the last k positions once n - k <= first (accumulated below).
        must_f[last + 1] |= 1 << v;
        must_b[n - first] |= 1 << v;
    }
    for k in 1..=n {
        must_f[k] |= must_f[k - 1];
        must_b[k] |= must_b[k - 1];
    }
    sweep(n, m, a, false, &must_f, last_big, fwd, list_f);
    sweep(n, m, b, true, &must_b, n - 1 - first_big, bwd, list_b);
    let want_a = if a == 0 { u32::MAX } else { 1u32 << (a - 1) };
    let want_b = if b == 0 { u32::MAX } else { 1u32 << (b - 1) };
    let mut any = false;
    for &s in list_f.iter() {
        let p = s.count_ones() as usize;
        if m[p] & big == 0 {
            continue;
        }
        let rest = (low ^ s) as usize;
        let (f, g) = (fwd[s as usize] & want_a, bwd[rest] & want_b);
        if f != 0 && g != 0 {
            any = true;
            support[p] |= big;
            need_f[s as usize] |= f;
            need_b[rest] |= g;
        }
    }
    if any {
        // Walk back from the accepted splits: every step that leads to one is used by a solution.
        for (list, table, need, from_end) in [
            (&*list_f, &*fwd, &mut *need_f, false),
            (&*list_b, &*bwd, &mut *need_b, true),
        ] {
            for &s in list.iter().rev() {
                let ns = need[s as usize];
                if ns == 0 || s == 0 {
                    continue;
                }
                let p = s.count_ones() as usize;
                let pos = if from_end { n - p } else { p - 1 };
                let mut rest = s & m[pos];
                while rest != 0 {
                    let v = rest & rest.wrapping_neg();
                    rest ^= v;
                    let prev = s ^ v;
                    let rose = v.trailing_zeros() + 1 > top(prev);
                    let c = (if rose { ns >> 1 } else { ns }) & table[prev as usize];
                    if c != 0 {
                        need[prev as usize] |= c;
                        support[pos] |= v;
                    }
                }
            }
        }
    }
    for &s in list_f.iter() {
        fwd[s as usize] = 0;
        need_f[s as usize] = 0;
    }
    for &s in list_b.iter() {
        bwd[s as usize] = 0;
        need_b[s as usize] = 0;
    }
    support
}

impl Machine for Solver {
    type Event = Event;
    type Solution = Vec<Vec<u8>>;

    fn run<S: Sink<Event>>(&mut self, budget: &mut Budget, sink: &mut S) -> Status {
        loop {
            if let Phase::Done(status) = self.phase {
                return status;
            }
            if !budget.take() {
                return Status::Paused;
            }
            self.stats.nodes += 1;
            if self.node(sink).is_err() {
                if let Some((cell, old)) = self.emptied.take() {
                    if S::ENABLED {
                        let why = format!(
                            "{} has no height left (it could only be {})",
                            self.cell_name(cell),
                            heights(old)
                        );
                        self.dead(sink, None, vec![cell], why);
                    }
                }
                self.fail(sink);
                continue;
            }
            match self.choose() {
                Some(cell) => {
                    let v = value_of(self.cand[cell]);
                    self.stack.push(Decision {
                        cell,
                        value: v,
                        trail_len: self.trail.len(),
                    });
                    self.phase = Phase::Assign(cell, v);
                }
                None => {
                    self.stats.solutions += 1;
                    let grid = self.grid();
                    if S::ENABLED {
                        sink.emit(Event::SkySolution {
                            grid: grid.clone(),
                            number: self.stats.solutions,
                        });
                    }
                    self.solutions.push(grid);
                    if self.stats.solutions >= self.options.limit {
                        // Leave the last solution on the board for the viewer.
                        self.phase = Phase::Done(Status::LimitReached);
                    } else {
                        self.fail(sink);
                    }
                }
            }
        }
    }

    fn stats(&self) -> Stats {
        Stats {
            depth: self.stack.len() as u32,
            ..self.stats
        }
    }

    fn solutions(&self) -> &[Vec<Vec<u8>>] {
        &self.solutions
    }
}

/// Solves `puzzle` to the end without events (a convenience for tests, hints and the generator).
pub fn solve(
    puzzle: &Puzzle,
    options: Options,
    max_nodes: u64,
) -> Result<(Status, Solver), String> {
    let mut s = Solver::new(puzzle, options)?;
    let status = s.run(&mut Budget::nodes(max_nodes), &mut crate::engine::NoEvents);
    Ok((status, s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{NoEvents, Trace};
    use crate::puzzles::skyscrapers::{brute_force, check_solution, parse_tatham};

    /// All permutations of 1..n (test oracle for the line programme).
    fn perms(n: usize) -> Vec<Vec<u8>> {
        let mut out = vec![vec![]];
        for _ in 0..n {
            let mut next = Vec::new();
            for p in &out {
                for v in 1..=n as u8 {
                    if !p.contains(&v) {
                        let mut q = p.clone();
                        q.push(v);
                        next.push(q);
                    }
                }
            }
            out = next;
        }
        out
    }

    #[test]
    fn line_support_equals_permutation_enumeration() {
        let mut rng = crate::shared::rng::Rng::new(11);
        for n in 1..=6usize {
            let all = perms(n);
            let mut tables = LineTables::new(n);
            for _ in 0..300 {
                let full = (1u32 << n) - 1;
                let m: Vec<u32> = (0..n)
                    .map(|_| {
                        if rng.below(3) == 0 {
                            full
                        } else {
                            (rng.next_u64() as u32) & full
                        }
                    })
                    .collect();
                let a = rng.below(n as u64 + 1) as u32;
                let bb = rng.below(n as u64 + 1) as u32;
                let mut want = vec![0u32; n];
                for p in &all {
                    let ok = p
                        .iter()
                        .enumerate()
                        .all(|(i, &v)| m[i] & (1 << (v - 1)) != 0)
                        && (a == 0 || crate::puzzles::skyscrapers::visible_count(p) as u32 == a)
                        && (bb == 0 || {
                            let r: Vec<u8> = p.iter().rev().copied().collect();
                            crate::puzzles::skyscrapers::visible_count(&r) as u32 == bb
                        });
                    if ok {
                        for (i, &v) in p.iter().enumerate() {
                            want[i] |= 1 << (v - 1);
                        }
                    }
                }
                let got = line_support(n, &m, a, bb, &mut tables);
                assert_eq!(&got[..n], &want[..], "n={n} m={m:?} a={a} b={bb}");
                if a == 0 && bb == 0 {
                    assert_eq!(&alldiff_support(n, &m)[..n], &want[..], "n={n} m={m:?}");
                }
            }
        }
    }

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
}
