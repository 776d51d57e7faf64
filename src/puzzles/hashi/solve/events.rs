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
    /// An island's number against the ranges of its edges (the degree rule).
    Degree,
    /// Bridges may not cross.
    Crossing,
    /// The "no loops" variant: a bridge between islands already joined would close a loop.
    NoLoops,
    /// A group of islands must not be cut off from the rest.
    Isolation,
    /// Every island must stay reachable from every other.
    Connectivity,
    /// The only link left between two parts of the board needs a bridge.
    CutEdge,
    /// The matrix-tree count: the possible links admit no spanning tree.
    MatrixTree,
    /// A search decision.
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
        /// The rule applied.
        rule: Rule,
        /// 0-based `[row, col]` of the islands it looked at.
        islands: Vec<[u32; 2]>,
        /// Indices of the edges it looked at.
        edges: Vec<u32>,
        /// The deduction as a sentence.
        why: String,
    },
    /// The range of bridges on `edge` (between `a` and `b`) changed from `before` to `after`
    /// (`[lo, hi]`). `rule` is `undo` when backtracking restores it.
    HashiRange {
        /// Index of the edge.
        edge: u32,
        /// 0-based `[row, col]` of its left or upper island.
        a: [u32; 2],
        /// 0-based `[row, col]` of its right or lower island.
        b: [u32; 2],
        /// `[lo, hi]` bridges possible before the change.
        before: [u8; 2],
        /// `[lo, hi]` bridges possible after it.
        after: [u8; 2],
        /// The rule that changed it.
        rule: Rule,
        /// What the change does, as a sentence: only for `undo` (a range a rule narrowed follows
        /// the rule's own event, whose sentence stays on screen).
        #[serde(skip_serializing_if = "Option::is_none")]
        #[cfg_attr(test, ts(optional))]
        why: Option<String>,
    },
    /// The island being worked on changed (`null` = none).
    HashiFocus {
        /// 0-based `[row, col]` of the island now worked on; `None`: none.
        island: Option<[u32; 2]>,
        /// 0-based `[row, col]` of the island worked on before; `None`: none.
        previous: Option<[u32; 2]>,
    },
    /// The matrix-tree count of the possible-edge graph is 0 modulo both primes: pruned.
    HashiMatrixTree {
        /// Spanning trees of the possible-link graph modulo each of the two primes (both 0).
        counts: [u64; 2],
        /// Islands of that graph (every island of the board).
        islands: u32,
        /// Its links: the edges that can still carry a bridge.
        edges: u32,
        /// The pruning as a sentence.
        why: String,
    },
    /// A search decision: `value` bridges on `edge` (one node); `depth` decisions are open.
    HashiGuess {
        /// Index of the edge decided.
        edge: u32,
        /// 0-based `[row, col]` of its left or upper island.
        a: [u32; 2],
        /// 0-based `[row, col]` of its right or lower island.
        b: [u32; 2],
        /// Bridges tried on it.
        value: u8,
        /// Open decisions, this one included.
        depth: u32,
        /// The decision as a sentence.
        why: String,
    },
    /// The current branch cannot be completed.
    HashiDeadEnd {
        /// The rule that failed ([`Rule::Range`]: an empty range or a user bridge against the rules).
        rule: Rule,
        /// 0-based `[row, col]` of the islands involved.
        islands: Vec<[u32; 2]>,
        /// Why the branch fails, as a sentence.
        why: String,
    },
    /// The decision on `edge` has no value left: the search returns one level up.
    HashiBacktrack {
        /// Index of the edge whose decision is undone.
        edge: u32,
        /// Open decisions left after it.
        depth: u32,
        /// The backtrack as a sentence.
        why: String,
    },
    /// A complete solution (bridges on the board = the `lo` of every edge).
    HashiSolution {
        /// The bridges of the solution (0-based cells).
        bridges: Vec<Bridge>,
        /// The find as a sentence.
        why: String,
    },
    /// The search went back to the root to start again with what it learnt (`restarts` so far);
    /// the `hashiRange` undo events before it restore the root's ranges.
    HashiRestart {
        /// Restarts so far, this one included.
        restarts: u64,
        /// The restart as a sentence.
        why: String,
    },
    /// Every branch was explored: `solutions` is the exact number of solutions (0 or 1 under the
    /// default limit). A search that stops at its solution limit ends with `hashiSolution` instead.
    HashiExhausted {
        /// Solutions found in the whole search.
        solutions: u64,
    },
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
    /// `why` begins "dead end: ", the label the page shows (and a hint reads "… lead to a why").
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
            sink.emit(
                Event::HashiDeadEnd {
                    rule,
                    islands: islands.iter().map(|&i| self.cell(i)).collect(),
                    why: why(),
                },
                self.stats,
            );
        }
        Dead
    }

    /// Moves the focus to the island being branched on, emitting the change.
    pub(super) fn set_focus<S: Sink<Event>>(&mut self, island: Option<u32>, sink: &mut S) {
        if self.focus != island {
            if S::ENABLED {
                sink.emit(
                    Event::HashiFocus {
                        island: island.map(|i| self.cell(i)),
                        previous: self.focus.map(|i| self.cell(i)),
                    },
                    self.stats,
                );
            }
            self.focus = island;
        }
    }
}
