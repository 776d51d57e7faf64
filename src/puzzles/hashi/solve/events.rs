//! What the Hashi solver tells the viewer: [`Rule`] and [`Event`] (the `hashi…` events the page
//! animates and the hints read), the number words of the sentences, and the helpers that name
//! islands and report dead ends and the focus. The event format is defined here and nowhere else.

use serde::Serialize;

use super::{Bridge, Dead, Solver};
use crate::engine::Sink;

/// Why a range changed or a branch died.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "HashiRule"))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "HashiEvent"))]
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

const WORDS: [&str; 17] = [
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
];

/// A small number in words ("two"), digits beyond sixteen.
pub(super) fn word(n: i32) -> String {
    usize::try_from(n)
        .ok()
        .and_then(|n| WORDS.get(n))
        .map(|s| s.to_string())
        .unwrap_or_else(|| n.to_string())
}

/// "one bridge", "two bridges".
pub(crate) fn bridges_word(n: i32) -> String {
    format!("{} bridge{}", word(n), if n == 1 { "" } else { "s" })
}

impl Solver {
    /// The 0-based `[row, col]` of island `i`, for event fields.
    pub(super) fn cell(&self, i: u32) -> [u32; 2] {
        let (r, c) = self.g.pos(i);
        [r as u32, c as u32]
    }

    /// "(row 3, column 4)" in 1-based coordinates, for sentences (the words every message uses).
    pub(super) fn name(&self, i: u32) -> String {
        let (r, c) = self.g.pos(i);
        format!("(row {}, column {})", r + 1, c + 1)
    }

    /// Reports a dead end (tracing only) and bumps the failure weights of the islands it names.
    pub(super) fn dead<S: Sink<Event>>(
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

    /// Moves the focus to the island being branched on, emitting the change.
    pub(super) fn set_focus<S: Sink<Event>>(&mut self, island: Option<u32>, sink: &mut S) {
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
}
