//! Sudoku's solver: the rules the shared [`Search`] runs. Rows and columns are the Latin square
//! of a [`LatinGrid`] (candidates as bitmasks, the undo trail, MRV); boxes are the extra units.
//!
//! Deductions, to a fixed point, cheapest first and each a switch ([`Techniques`]) but the first:
//! - a *naked single* (a cell with one value left) removes that value from its row, column and
//!   box — the rule itself, always on; a unit with no place left for a value is a dead end;
//! - a *hidden single*: a value with one place left in a unit goes there;
//! - then, one deduction at a time and back to the singles after each (the order a person
//!   works in): *locked candidates* — pointing (a value's places in a box all in one line leave
//!   the rest of that line) and claiming (a value's places in a line all in one box leave the
//!   rest of that box); *naked pairs and triples* (k cells of a unit holding only k values
//!   between them keep those values from the unit's other cells); *hidden pairs and triples*
//!   (k values of a unit with only k places between them leave those cells nothing else);
//!   *X-wing* (a value with exactly two places in each of two rows, in the same two columns,
//!   leaves the rest of those columns; and the same with rows and columns swapped).
//!
//! Search: the open cell with the fewest candidates, its lowest value first; a failed guess is
//! crossed out at the level above. The decision stack, counters, limit and budgets are the
//! engine's, so a limit of 2 proves uniqueness.

mod techniques;

use serde::{Deserialize, Serialize};

use super::{Grid, Puzzle};
use crate::engine::search::{Dead, Emit, Fixpoint, Rules, Search};
use crate::engine::{Budget, Sink};
use crate::shared::latin::{bit, single, value_of, LatinGrid};

/// Which deductions run beyond naked singles (the teaching switches); all on by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct Techniques {
    /// A value with one place left in a unit goes there.
    pub hidden_singles: bool,
    /// A value's places in a box all in one line leave the rest of the line.
    pub pointing: bool,
    /// A value's places in a line all in one box leave the rest of the box.
    pub claiming: bool,
    /// Two cells of a unit with the same two values keep them from the unit's other cells.
    pub naked_pairs: bool,
    /// Two values of a unit with the same two places leave those cells nothing else.
    pub hidden_pairs: bool,
    /// Three cells of a unit holding three values between them keep them from the others.
    pub naked_triples: bool,
    /// Three values of a unit with three places between them leave those cells nothing else.
    pub hidden_triples: bool,
    /// Two rows (columns) holding a value in the same two columns (rows) only.
    pub x_wing: bool,
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques::ALL
    }
}

impl Techniques {
    /// Every technique on (the default).
    pub const ALL: Techniques = Techniques {
        hidden_singles: true,
        pointing: true,
        claiming: true,
        naked_pairs: true,
        hidden_pairs: true,
        naked_triples: true,
        hidden_triples: true,
        x_wing: true,
    };
    /// Naked singles and search only.
    pub const NONE: Techniques = Techniques {
        hidden_singles: false,
        pointing: false,
        claiming: false,
        naked_pairs: false,
        hidden_pairs: false,
        naked_triples: false,
        hidden_triples: false,
        x_wing: false,
    };
}

/// Why candidates changed.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SudokuReason"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Reason {
    /// A value given in the puzzle.
    Given,
    /// A placed value leaves the rest of its row, column and box.
    NakedSingle,
    /// A value with one place left in a unit goes there.
    HiddenSingle,
    /// Locked candidates in a box, pointing along a line.
    Pointing,
    /// Locked candidates in a line, claiming a box.
    Claiming,
    /// Two cells, two values.
    NakedPair,
    /// Two values, two cells.
    HiddenPair,
    /// Three cells, three values.
    NakedTriple,
    /// Three values, three cells.
    HiddenTriple,
    /// Two lines, two cross lines, one value.
    XWing,
    /// A guess that led to a dead end is crossed out.
    Refuted,
}

/// One cell's candidates before and after (bit `v-1` = value `v`), so every event can be
/// undone from itself alone.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SudokuChange"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// 0-based row.
    pub row: u32,
    /// 0-based column.
    pub col: u32,
    /// Candidates before.
    pub before: u32,
    /// Candidates after.
    pub after: u32,
}

/// What the solver tells the viewer; every sentence is 1-based.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SudokuEvent"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Event {
    /// Candidates crossed out by one deduction.
    #[serde(rename_all = "camelCase")]
    SudokuDeduce {
        /// Which rule.
        reason: Reason,
        /// The values it is about.
        values: Vec<u8>,
        /// The cells that make the pattern, `[row, col]` (what a viewer highlights).
        cells: Vec<[u32; 2]>,
        /// Every cell it changed.
        changes: Vec<Change>,
        /// The sentence.
        why: String,
    },
    /// A dead end.
    #[serde(rename_all = "camelCase")]
    SudokuContradiction {
        /// The cells at fault, `[row, col]`.
        cells: Vec<[u32; 2]>,
        /// The sentence.
        why: String,
    },
    /// The search tries a value.
    #[serde(rename_all = "camelCase")]
    SudokuGuess {
        /// 0-based row.
        row: u32,
        /// 0-based column.
        col: u32,
        /// The value tried.
        value: u8,
        /// Open guesses, this one included.
        depth: u32,
        /// The cell's change.
        changes: Vec<Change>,
        /// The sentence.
        why: String,
    },
    /// The search undoes a guess (which the next node crosses out).
    #[serde(rename_all = "camelCase")]
    SudokuBacktrack {
        /// 0-based row of the guess.
        row: u32,
        /// 0-based column of the guess.
        col: u32,
        /// The value that was tried.
        value: u8,
        /// Open guesses left.
        depth: u32,
        /// Every cell restored, newest change first.
        changes: Vec<Change>,
    },
    /// A filled grid.
    #[serde(rename_all = "camelCase")]
    SudokuSolution {
        /// The grid, row by row.
        grid: Vec<Vec<u8>>,
        /// 1 for the first solution found.
        number: u64,
    },
    /// The search is over.
    #[serde(rename_all = "camelCase")]
    SudokuExhausted {
        /// Solutions found in the whole search.
        solutions: u64,
    },
}

/// A guess: `value` at `cell`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    cell: usize,
    value: u8,
}

type Out<'a, S> = Emit<'a, Event, S>;

/// Sudoku's rules: the board, the unit tables, the work queues, the event under construction.
#[derive(Clone, Debug)]
pub struct SudokuRules {
    puzzle: Puzzle,
    techniques: Techniques,
    grid: LatinGrid,
    /// Units: rows `0..n`, columns `n..2n`, boxes `2n..3n`, each its cells in reading order.
    units: Vec<Vec<usize>>,
    /// The box unit (`2n + b`) of each cell.
    box_unit: Vec<usize>,
    /// The other cells of each cell's row, column and box, each once.
    peers: Vec<Vec<usize>>,
    /// Cells that became single: their value leaves their units.
    singles: Vec<usize>,
    /// Units whose candidates changed since their last look for hidden singles.
    dirty: u64,
    /// The changes of the deduction being made (tracing only).
    changes: Vec<Change>,
    /// The cell whose last candidate was just removed (reported by `dead_end`).
    emptied: Option<usize>,
}

/// Sudoku's solving machine: the shared search over [`SudokuRules`].
pub type Solver = Search<SudokuRules>;

impl Search<SudokuRules> {
    /// A solver for `puzzle` (checked) with `techniques`, stopping after `limit` solutions (2
    /// proves uniqueness).
    pub fn new(puzzle: &Puzzle, techniques: Techniques, limit: u64) -> Result<Self, String> {
        puzzle.validate()?;
        let n = puzzle.n;
        let mut units: Vec<Vec<usize>> = (0..n)
            .map(|r| (0..n).map(|c| r * n + c).collect())
            .collect();
        units.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect::<Vec<_>>()));
        let mut boxes = vec![Vec::new(); n];
        let box_unit: Vec<usize> = (0..n * n)
            .map(|cell| 2 * n + puzzle.box_of(cell / n, cell % n))
            .collect();
        for (cell, &u) in box_unit.iter().enumerate() {
            boxes[u - 2 * n].push(cell);
        }
        units.extend(boxes);
        let peers = (0..n * n)
            .map(|cell| {
                let mut p: Vec<usize> = [cell / n, n + cell % n, box_unit[cell]]
                    .iter()
                    .flat_map(|&u| units[u].iter().copied())
                    .filter(|&o| o != cell)
                    .collect();
                p.sort_unstable();
                p.dedup();
                p
            })
            .collect();
        let rules = SudokuRules {
            puzzle: puzzle.clone(),
            techniques,
            grid: LatinGrid::new(n),
            units,
            box_unit,
            peers,
            singles: Vec::new(),
            dirty: 0,
            changes: Vec::new(),
            emptied: None,
        };
        Ok(Search::of(rules, limit))
    }
}

impl SudokuRules {
    /// The puzzle being solved.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The candidates right now, row-major.
    pub fn candidates(&self) -> &[u32] {
        self.grid.candidates()
    }

    fn n(&self) -> usize {
        self.grid.n()
    }

    fn rc(&self, cell: usize) -> [u32; 2] {
        let n = self.n();
        [(cell / n) as u32, (cell % n) as u32]
    }

    fn cell_name(&self, cell: usize) -> String {
        let [r, c] = self.rc(cell);
        format!("row {}, column {}", r + 1, c + 1)
    }

    fn unit_name(&self, u: usize) -> String {
        let n = self.n();
        match u / n {
            0 => format!("row {}", u + 1),
            1 => format!("column {}", u - n + 1),
            _ => format!("box {}", u - 2 * n + 1),
        }
    }

    /// The cells of a unit named by where they sit in it ("columns 2 and 5", "rows 1, 4 and 7",
    /// "row 2, column 3 and row 3, column 1" for a box).
    fn cells_in(&self, u: usize, cells: &[usize]) -> String {
        let n = self.n();
        let parts: Vec<String> = match u / n {
            0 => cells.iter().map(|&c| (c % n + 1).to_string()).collect(),
            1 => cells.iter().map(|&c| (c / n + 1).to_string()).collect(),
            _ => cells.iter().map(|&c| self.cell_name(c)).collect(),
        };
        let list = and_list(&parts);
        match (u / n, cells.len()) {
            (0, 1) => format!("column {list}"),
            (0, _) => format!("columns {list}"),
            (1, 1) => format!("row {list}"),
            (1, _) => format!("rows {list}"),
            _ => list,
        }
    }

    /// Keeps only `mask` of the cell's candidates; queues what follows. Fails when the cell is
    /// left empty.
    fn narrow<S: Sink<Event>>(&mut self, cell: usize, mask: u32) -> Result<(), Dead> {
        let Some(old) = self.grid.narrow(cell, mask) else {
            return Ok(());
        };
        let new = self.grid[cell];
        if S::ENABLED {
            let [row, col] = self.rc(cell);
            self.changes.push(Change {
                row,
                col,
                before: old,
                after: new,
            });
        }
        let n = self.n();
        self.dirty |=
            (1u64 << (cell / n)) | (1u64 << (n + cell % n)) | (1u64 << self.box_unit[cell]);
        if new == 0 {
            self.emptied = Some(cell);
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
        out: &mut Out<'_, S>,
        reason: Reason,
        values: &[u8],
        cells: &[usize],
        why: impl FnOnce(&Self) -> String,
    ) {
        if S::ENABLED && !self.changes.is_empty() {
            let changes = std::mem::take(&mut self.changes);
            out.event(Event::SudokuDeduce {
                reason,
                values: values.to_vec(),
                cells: cells.iter().map(|&c| self.rc(c)).collect(),
                changes,
                why: why(self),
            });
        }
    }

    fn contradiction<S: Sink<Event>>(&self, out: &mut Out<'_, S>, cells: &[usize], why: String) {
        if S::ENABLED {
            let cells = cells.iter().map(|&c| self.rc(c)).collect();
            out.event(Event::SudokuContradiction { cells, why });
        }
    }

    /// A placed value leaves the rest of its row, column and box.
    fn naked_single<S: Sink<Event>>(
        &mut self,
        out: &mut Out<'_, S>,
        cell: usize,
    ) -> Result<(), Dead> {
        let m = self.grid[cell];
        if !single(m) {
            return Ok(()); // emptied since: reported then
        }
        let mut res = Ok(());
        for k in 0..self.peers[cell].len() {
            res = self.narrow::<S>(self.peers[cell][k], !m);
            if res.is_err() {
                break;
            }
        }
        let v = value_of(m);
        self.flush(out, Reason::NakedSingle, &[v], &[cell], |s| {
            format!(
                "{} holds {v}, so no other cell of its row, column or box can",
                s.cell_name(cell)
            )
        });
        res
    }

    /// A value with one place left in unit `u` goes there (when switched on); a value with none
    /// is a dead end.
    fn hidden_singles<S: Sink<Event>>(
        &mut self,
        out: &mut Out<'_, S>,
        u: usize,
    ) -> Result<(), Dead> {
        let (mut once, mut twice) = (0u32, 0u32);
        for &c in &self.units[u] {
            let m = self.grid[c];
            twice |= once & m;
            once |= m;
        }
        let missing = self.grid.full() & !once;
        if missing != 0 {
            if S::ENABLED {
                let v = value_of(missing);
                let why = format!("{} has no place left for {v}", self.unit_name(u));
                let cells = self.units[u].clone();
                self.contradiction(out, &cells, why);
            }
            return Err(Dead);
        }
        if !self.techniques.hidden_singles {
            return Ok(());
        }
        let mut only = once & !twice;
        while only != 0 {
            let v = value_of(only);
            only &= only - 1;
            let Some(&cell) = self.units[u].iter().find(|&&c| self.grid[c] & bit(v) != 0) else {
                continue; // narrowed away by an earlier value of this loop: a dead end follows
            };
            if self.grid[cell] == bit(v) {
                continue;
            }
            let r = self.narrow::<S>(cell, bit(v));
            self.flush(out, Reason::HiddenSingle, &[v], &[cell], |s| {
                format!(
                    "{v} has only one place left in {}: {}",
                    s.unit_name(u),
                    s.cell_name(cell)
                )
            });
            r?;
        }
        Ok(())
    }
}

/// "a", "a and b", "a, b and c".
fn and_list(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The values of a mask, lowest first.
fn values_of(mut m: u32) -> Vec<u8> {
    let mut out = Vec::new();
    while m != 0 {
        out.push(value_of(m));
        m &= m - 1;
    }
    out
}

impl Rules for SudokuRules {
    type Event = Event;
    type Choice = Choice;
    type Solution = Grid;

    fn start<S: Sink<Event>>(&mut self, out: &mut Out<'_, S>) -> Result<(), Dead> {
        self.dirty = u64::MAX >> (64 - 3 * self.n());
        for cell in 0..self.puzzle.givens.len() {
            let g = self.puzzle.givens[cell];
            if g != 0 {
                let r = self.narrow::<S>(cell, bit(g));
                self.flush(out, Reason::Given, &[g], &[cell], |s| {
                    format!("{} is given as {g}", s.cell_name(cell))
                });
                r?;
            }
        }
        Ok(())
    }

    fn assign<S: Sink<Event>>(&mut self, choice: Choice, out: &mut Out<'_, S>) -> Result<(), Dead> {
        let Choice { cell, value } = choice;
        let before = self.grid[cell];
        self.narrow::<S>(cell, bit(value))?;
        if S::ENABLED {
            self.changes.clear();
            let [row, col] = self.rc(cell);
            let why = format!(
                "Guess: {} has the fewest values left ({}); try {value}",
                self.cell_name(cell),
                and_list(
                    &values_of(before)
                        .iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                )
            );
            out.event(Event::SudokuGuess {
                row,
                col,
                value,
                depth: out.stats().depth,
                changes: vec![Change {
                    row,
                    col,
                    before,
                    after: bit(value),
                }],
                why,
            });
        }
        Ok(())
    }

    fn refute<S: Sink<Event>>(&mut self, choice: Choice, out: &mut Out<'_, S>) -> Result<(), Dead> {
        let Choice { cell, value } = choice;
        let r = self.narrow::<S>(cell, !bit(value));
        self.flush(out, Reason::Refuted, &[value], &[cell], |s| {
            format!(
                "{value} at {} led to a dead end, so it is crossed out",
                s.cell_name(cell)
            )
        });
        r
    }

    /// Singles first, then the other techniques one deduction at a time. Nodes are small (at
    /// most 16x16), so propagation never stops for the time budget.
    fn propagate<S: Sink<Event>>(
        &mut self,
        out: &mut Out<'_, S>,
        _budget: &mut Budget,
    ) -> Fixpoint {
        loop {
            let step = if let Some(cell) = self.singles.pop() {
                self.naked_single(out, cell)
            } else if self.dirty != 0 {
                let u = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                self.hidden_singles(out, u)
            } else {
                match self.advanced(out) {
                    Ok(true) => Ok(()),
                    Ok(false) => return Fixpoint::Reached,
                    Err(dead) => Err(dead),
                }
            };
            if step.is_err() {
                return Fixpoint::Contradiction;
            }
        }
    }

    fn dead_end<S: Sink<Event>>(&mut self, out: &mut Out<'_, S>) {
        if let Some(cell) = self.emptied.take() {
            if S::ENABLED {
                let why = format!("{} has no value left", self.cell_name(cell));
                self.contradiction(out, &[cell], why);
            }
        }
    }

    fn clear_pending(&mut self) {
        self.singles.clear();
        self.dirty = 0;
        self.changes.clear();
        self.emptied = None;
    }

    fn choose(&self) -> Option<Choice> {
        let cell = self.grid.fewest_candidates()?;
        Some(Choice {
            cell,
            value: value_of(self.grid[cell]),
        })
    }

    fn mark(&self) -> usize {
        self.grid.mark()
    }

    fn backtrack<S: Sink<Event>>(&mut self, mark: usize, choice: Choice, out: &mut Out<'_, S>) {
        let n = self.n();
        let mut changes = Vec::new();
        self.grid.undo_to(mark, |cell, now, before| {
            if S::ENABLED {
                changes.push(Change {
                    row: (cell / n) as u32,
                    col: (cell % n) as u32,
                    before: now,
                    after: before,
                });
            }
        });
        if S::ENABLED {
            let [row, col] = self.rc(choice.cell);
            out.event(Event::SudokuBacktrack {
                row,
                col,
                value: choice.value,
                depth: out.stats().depth,
                changes,
            });
        }
    }

    fn solution(&self) -> Grid {
        Grid(self.grid.values())
    }

    fn solution_event(&self, grid: &Grid, number: u64) -> Event {
        Event::SudokuSolution {
            grid: grid.0.clone(),
            number,
        }
    }

    fn exhausted_event(&self, solutions: u64) -> Event {
        Event::SudokuExhausted { solutions }
    }
}

#[cfg(test)]
mod tests;
