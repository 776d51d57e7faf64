//! The template puzzle's solver: the rules the shared [`Search`] runs, over a [`LatinGrid`].
//!
//! Deductions, to a fixed point: the givens (first node); a *naked single* (a cell with one
//! value left) removes that value from its row and column; a *hidden single* (a value with one
//! place left in a line) goes there; a value with no place in a line, or a cell with no value,
//! is a contradiction. Search: the open cell with the fewest candidates (MRV), its lowest value
//! first; a failed guess is crossed out at the level above. Everything else — the decision
//! stack, counters, solution limit, budgets, backtracking — is the engine's.
//!
//! A new grid puzzle replaces the deductions (its clues' rules) and the words; the shape stays.

use serde::Serialize;

use super::{Puzzle, Square};
use crate::engine::search::{Dead, Emit, Fixpoint, Rules, Search};
use crate::engine::{Budget, Sink};
use crate::shared::latin::{bit, single, value_of, LatinGrid};

/// Why candidates changed.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "TemplateReason"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Reason {
    /// A value given in the puzzle.
    Given,
    /// A placed value leaves the rest of its row and column.
    NakedSingle,
    /// A value with one place left in a row or column goes there.
    HiddenSingle,
    /// A guess that led to a dead end is crossed out.
    Refuted,
}

/// One cell's candidates before and after (bit `v-1` = value `v`), so every event can be
/// undone from itself alone.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "TemplateChange"))]
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
#[cfg_attr(test, ts(rename = "TemplateEvent"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Event {
    /// Candidates crossed out by one deduction.
    #[serde(rename_all = "camelCase")]
    LatinDeduce {
        /// Which rule.
        reason: Reason,
        /// The value it is about.
        value: u8,
        /// Every cell it changed.
        changes: Vec<Change>,
        /// The sentence.
        why: String,
    },
    /// A dead end.
    #[serde(rename_all = "camelCase")]
    LatinContradiction {
        /// The cells at fault, `[row, col]`.
        cells: Vec<[u32; 2]>,
        /// The sentence.
        why: String,
    },
    /// The search tries a value.
    #[serde(rename_all = "camelCase")]
    LatinGuess {
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
    LatinBacktrack {
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
    /// A completed square.
    #[serde(rename_all = "camelCase")]
    LatinSolution {
        /// The square, row by row.
        grid: Vec<Vec<u8>>,
        /// 1 for the first solution found.
        number: u64,
    },
    /// The search is over.
    #[serde(rename_all = "camelCase")]
    LatinExhausted {
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

/// The template's rules: the board, the work queues, and the event under construction.
#[derive(Clone, Debug)]
pub struct LatinRules {
    puzzle: Puzzle,
    grid: LatinGrid,
    /// Cells that became single: their value leaves their lines.
    singles: Vec<usize>,
    /// Lines (rows `0..n`, columns `n..2n`) whose candidates changed since their last look.
    dirty: u32,
    /// The changes of the deduction being made (tracing only).
    changes: Vec<Change>,
    /// The cell whose last candidate was just removed (reported by `dead_end`).
    emptied: Option<(usize, u32)>,
}

/// The template's solving machine: the shared search over [`LatinRules`].
pub type Solver = Search<LatinRules>;

impl Search<LatinRules> {
    /// A solver for `puzzle` (checked), stopping after `limit` solutions (2 proves uniqueness).
    pub fn new(puzzle: &Puzzle, limit: u64) -> Result<Self, String> {
        puzzle.validate()?;
        let n = puzzle.n;
        let rules = LatinRules {
            puzzle: puzzle.clone(),
            grid: LatinGrid::new(n),
            singles: Vec::new(),
            dirty: 0,
            changes: Vec::new(),
            emptied: None,
        };
        Ok(Search::of(rules, limit))
    }
}

impl LatinRules {
    /// The puzzle being solved.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The candidates right now, row-major.
    pub fn candidates(&self) -> &[u32] {
        self.grid.candidates()
    }

    fn rc(&self, cell: usize) -> [u32; 2] {
        let n = self.grid.n();
        [(cell / n) as u32, (cell % n) as u32]
    }

    fn cell_name(&self, cell: usize) -> String {
        let [r, c] = self.rc(cell);
        format!("row {}, column {}", r + 1, c + 1)
    }

    fn line_name(&self, l: usize) -> String {
        let n = self.grid.n();
        if l < n {
            format!("row {}", l + 1)
        } else {
            format!("column {}", l - n + 1)
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
        let (r, c) = self.grid.lines_of(cell);
        self.dirty |= (1 << r) | (1 << c);
        if new == 0 {
            self.emptied = Some((cell, old));
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
        value: u8,
        why: impl FnOnce(&Self) -> String,
    ) {
        if S::ENABLED && !self.changes.is_empty() {
            let changes = std::mem::take(&mut self.changes);
            out.event(Event::LatinDeduce {
                reason,
                value,
                changes,
                why: why(self),
            });
        }
    }

    fn contradiction<S: Sink<Event>>(&self, out: &mut Out<'_, S>, cells: Vec<usize>, why: String) {
        if S::ENABLED {
            let cells = cells.iter().map(|&c| self.rc(c)).collect();
            out.event(Event::LatinContradiction { cells, why });
        }
    }

    /// A placed value leaves the rest of its row and column.
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
        let peers: Vec<usize> = self.grid.peers(cell).collect();
        for other in peers {
            res = self.narrow::<S>(other, !m);
            if res.is_err() {
                break;
            }
        }
        let v = value_of(m);
        self.flush(out, Reason::NakedSingle, v, |s| {
            format!(
                "{} holds {v}, so no other cell of its row or column can",
                s.cell_name(cell)
            )
        });
        res
    }

    /// A value with one place left in line `l` goes there; a value with none is a dead end.
    fn hidden_singles<S: Sink<Event>>(
        &mut self,
        out: &mut Out<'_, S>,
        l: usize,
    ) -> Result<(), Dead> {
        let cells: Vec<usize> = self.grid.line(l).collect();
        for v in 1..=self.grid.n() as u8 {
            let places: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&c| self.grid[c] & bit(v) != 0)
                .collect();
            match places[..] {
                [] => {
                    if S::ENABLED {
                        let why = format!("{} has no place left for {v}", self.line_name(l));
                        self.contradiction(out, cells, why);
                    }
                    return Err(Dead);
                }
                [cell] if self.grid[cell] != bit(v) => {
                    let r = self.narrow::<S>(cell, bit(v));
                    self.flush(out, Reason::HiddenSingle, v, |s| {
                        format!(
                            "{v} has only one place left in {}: {}",
                            s.line_name(l),
                            s.cell_name(cell)
                        )
                    });
                    r?;
                }
                _ => {}
            }
        }
        Ok(())
    }
}

impl Rules for LatinRules {
    type Event = Event;
    type Choice = Choice;
    type Solution = Square;

    fn start<S: Sink<Event>>(&mut self, out: &mut Out<'_, S>) -> Result<(), Dead> {
        self.dirty = u32::MAX >> (32 - 2 * self.grid.n());
        for cell in 0..self.puzzle.givens.len() {
            let g = self.puzzle.givens[cell];
            if g != 0 {
                let r = self.narrow::<S>(cell, bit(g));
                self.flush(out, Reason::Given, g, |s| {
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
                "Guess: {} has the fewest values left; try {value}",
                self.cell_name(cell)
            );
            out.event(Event::LatinGuess {
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
        self.flush(out, Reason::Refuted, value, |s| {
            format!(
                "{value} at {} led to a dead end, so it is crossed out",
                s.cell_name(cell)
            )
        });
        r
    }

    /// Nodes are small (N ≤ 9), so propagation never stops for the time budget.
    fn propagate<S: Sink<Event>>(
        &mut self,
        out: &mut Out<'_, S>,
        _budget: &mut Budget,
    ) -> Fixpoint {
        loop {
            let step = if let Some(cell) = self.singles.pop() {
                self.naked_single(out, cell)
            } else if self.dirty != 0 {
                let l = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                self.hidden_singles(out, l)
            } else {
                return Fixpoint::Reached;
            };
            if step.is_err() {
                return Fixpoint::Contradiction;
            }
        }
    }

    fn dead_end<S: Sink<Event>>(&mut self, out: &mut Out<'_, S>) {
        if let Some((cell, _)) = self.emptied.take() {
            if S::ENABLED {
                let why = format!("{} has no value left", self.cell_name(cell));
                self.contradiction(out, vec![cell], why);
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
        let n = self.grid.n();
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
            out.event(Event::LatinBacktrack {
                row,
                col,
                value: choice.value,
                depth: out.stats().depth,
                changes,
            });
        }
    }

    fn solution(&self) -> Square {
        Square(self.grid.values())
    }

    fn solution_event(&self, square: &Square, number: u64) -> Event {
        Event::LatinSolution {
            grid: square.0.clone(),
            number,
        }
    }

    fn exhausted_event(&self, solutions: u64) -> Event {
        Event::LatinExhausted { solutions }
    }
}
