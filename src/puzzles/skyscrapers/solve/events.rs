//! What the Skyscrapers solver tells the viewer: the [`Event`] type with its parts ([`Reason`],
//! [`LineRef`], [`Change`]), and the helpers that word the sentences and emit deductions and
//! contradictions. Kept apart from the rules so that the event format (which the page and the
//! hints read) is defined in one place.

use serde::{Deserialize, Serialize};

use super::{Out, SkyRules};
use crate::engine::Sink;
use crate::puzzles::skyscrapers::Side;

/// How a contradiction's sentence starts (the page shows `why` as it is; a hint quotes the rest).
pub(crate) const CONTRADICTION: &str = "Contradiction: ";

/// Why candidates changed.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SkyscrapersReason"))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Axis {
    /// A row.
    Row,
    /// A column.
    Col,
}

/// A line of the grid (0-based index), for highlighting.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LineRef {
    /// Row or column.
    pub axis: Axis,
    /// 0-based index of the row or column.
    pub index: u32,
}

/// One cell's candidate mask changing from `before` to `after` (bit v-1 = height v).
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SkyscrapersChange"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Change {
    /// 0-based row of the cell.
    pub row: u32,
    /// 0-based column of the cell.
    pub col: u32,
    /// The candidate mask before the change.
    pub before: u32,
    /// The candidate mask after the change.
    pub after: u32,
}

/// One step of the solver, invertible from its own fields.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SkyscrapersEvent"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Event {
    /// A deduction: candidates removed (a cell left with one candidate is placed).
    #[serde(rename_all = "camelCase")]
    SkyDeduce {
        /// The rule applied.
        reason: Reason,
        /// The line under consideration, if the deduction is about one.
        line: Option<LineRef>,
        /// The height the deduction is about, if one.
        value: Option<u8>,
        /// The deduction as a sentence (1-based rows and columns).
        why: String,
        /// The cells whose candidates changed.
        changes: Vec<Change>,
    },
    /// The search tries `value` at (row, col); `depth` is the number of open guesses after it.
    #[serde(rename_all = "camelCase")]
    SkyGuess {
        /// 0-based row of the cell.
        row: u32,
        /// 0-based column of the cell.
        col: u32,
        /// The height tried.
        value: u8,
        /// Open guesses, this one included.
        depth: u32,
        /// The guess as a sentence (1-based rows and columns).
        why: String,
        /// The candidate changes the guess makes.
        changes: Vec<Change>,
    },
    /// The last guess is undone: every cell changed since goes back (`before` = now, `after` =
    /// restored). `depth` is the number of open guesses after it.
    #[serde(rename_all = "camelCase")]
    SkyBacktrack {
        /// 0-based row of the guessed cell.
        row: u32,
        /// 0-based column of the guessed cell.
        col: u32,
        /// The height that was tried there.
        value: u8,
        /// Open guesses after it.
        depth: u32,
        /// Every cell changed since the guess (`before` = now, `after` = restored).
        changes: Vec<Change>,
        /// The backtrack as a sentence (1-based rows and columns).
        why: String,
    },
    /// Propagation hit a dead end (changes nothing on the board).
    #[serde(rename_all = "camelCase")]
    SkyContradiction {
        /// The row or column where it happened; `None`: not one line.
        line: Option<LineRef>,
        /// 0-based `[row, col]` of the cells involved.
        cells: Vec<[u32; 2]>,
        /// Why the branch fails, as a sentence (1-based rows and columns).
        why: String,
    },
    /// Every cell holds one height: a solution (rows of heights).
    #[serde(rename_all = "camelCase")]
    SkySolution {
        /// `grid[row][col]`: the height of each cell (0-based indices).
        grid: Vec<Vec<u8>>,
        /// Which solution this is: 1 for the first.
        number: u64,
        /// The find as a sentence.
        why: String,
    },
    /// Repair's first grid (`restart` false: `before` is every candidate) or a restart's: every
    /// row's free cells get its missing heights in random order.
    #[serde(rename_all = "camelCase")]
    SkyRepairStart {
        /// True for a restart.
        restart: bool,
        /// The cells whose height changed.
        changes: Vec<Change>,
        /// The cost of the new grid (repeated heights in columns, clue misses).
        cost: u64,
        /// 0-based `[row, col]` of every cell in a broken rule.
        bad: Vec<[u32; 2]>,
        /// The placement as a sentence.
        why: String,
    },
    /// A repair move: two free cells of `row` swap heights.
    #[serde(rename_all = "camelCase")]
    SkyRepairMove {
        /// 0-based row.
        row: u32,
        /// 0-based columns: the conflicted cell picked, then its partner.
        cols: [u32; 2],
        /// The cost before the move.
        cost_before: u64,
        /// The cost after it.
        cost_after: u64,
        /// The two cells' heights before and after (single-height masks).
        changes: Vec<Change>,
        /// 0-based `[row, col]` of every cell in a broken rule after the move.
        bad: Vec<[u32; 2]>,
        /// What the move fixes, and the cost before and after, as a sentence.
        why: String,
    },
    /// Repair stops without a grid (a restart limit, or nothing it can change).
    #[serde(rename_all = "camelCase")]
    SkyRepairGaveUp {
        /// Why, as a sentence.
        why: String,
    },
    /// The whole search space was explored.
    #[serde(rename_all = "camelCase")]
    SkyExhausted {
        /// Solutions found in the whole search.
        solutions: u64,
        /// The end of the search as a sentence.
        why: String,
    },
}

/// `n thing` or `n things`.
pub(super) fn count(n: u64, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}

/// The heights of a mask as a list for sentences: "1, 3, 4".
pub(super) fn heights(mask: u32) -> String {
    let v: Vec<String> = (0..32)
        .filter(|b| mask & (1 << b) != 0)
        .map(|b| (b + 1).to_string())
        .collect();
    v.join(", ")
}

impl SkyRules {
    pub(super) fn line_ref(&self, l: usize) -> LineRef {
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

    pub(super) fn line_name(&self, l: usize) -> String {
        if l < self.n {
            format!("row {}", l + 1)
        } else {
            format!("column {}", l - self.n + 1)
        }
    }

    /// The clue sides of line `l`: (start side, end side).
    pub(super) fn sides(&self, l: usize) -> (Side, Side, usize) {
        if l < self.n {
            (Side::Left, Side::Right, l)
        } else {
            (Side::Top, Side::Bottom, l - self.n)
        }
    }

    pub(super) fn cell_name(&self, cell: usize) -> String {
        format!("row {}, column {}", cell / self.n + 1, cell % self.n + 1)
    }

    pub(super) fn rc(&self, cell: usize) -> [u32; 2] {
        [(cell / self.n) as u32, (cell % self.n) as u32]
    }

    /// Emits the changes gathered so far as one deduction (tracing only).
    pub(super) fn flush<S: Sink<Event>>(
        &mut self,
        sink: &mut Out<'_, S>,
        reason: Reason,
        line: Option<usize>,
        value: Option<u8>,
        why: impl FnOnce(&Self) -> String,
    ) {
        if S::ENABLED && !self.changes.is_empty() {
            let changes = std::mem::take(&mut self.changes);
            sink.event(Event::SkyDeduce {
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
    pub(super) fn dead<S: Sink<Event>>(
        &mut self,
        sink: &mut Out<'_, S>,
        line: Option<usize>,
        cells: Vec<usize>,
        why: String,
    ) {
        if S::ENABLED {
            sink.event(Event::SkyContradiction {
                line: line.map(|l| self.line_ref(l)),
                cells: cells.iter().map(|&c| self.rc(c)).collect(),
                why: format!("{CONTRADICTION}{why}"),
            });
        }
    }
}
