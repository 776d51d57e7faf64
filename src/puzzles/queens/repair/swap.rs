//! Swap repair for large boards: queens kept as a permutation (so rows and columns never
//! conflict), diagonal counts, and swaps of two queens' columns accepted when they lower the
//! conflicts; initialisation in chunks, plus the loop that drives it with restarts inside
//! [`Repair`].

use super::{plural, Engine, Event, Repair, INIT_CHUNK, SWAP_INIT_TRIES, SWAP_INIT_WINDOW};
use std::collections::BTreeMap;

use crate::engine::{Budget, Sink, Stats, Status};
use crate::shared::rng::Rng;

impl Repair {
    pub(super) fn run_swap<S: Sink<Event>>(&mut self, budget: &mut Budget, sink: &mut S) -> Status {
        loop {
            let Engine::Swap(s) = &mut self.engine else {
                unreachable!("engine checked by the caller")
            };
            match s.phase {
                SwapPhase::Fresh | SwapPhase::Start => {
                    if !budget.take() {
                        return Status::Paused;
                    }
                    self.stats.nodes += 1;
                    let restarting = s.phase == SwapPhase::Fresh && self.stats.restarts > 0;
                    if s.phase == SwapPhase::Fresh {
                        // The old placement is kept on every restart (not only when recording), so
                        // a restart begun in `solve` and finished in `step` still reports it.
                        s.reset(restarting, &mut self.rng);
                    }
                    if s.start_chunk(&mut self.rng) {
                        let old = s.old.take();
                        if !S::ENABLED {
                            continue;
                        }
                        let columns = s.queens.clone();
                        if let Some(old) = old {
                            sink.emit(
                                Event::RepairRestart {
                                    old,
                                    columns,
                                    total_before: s.total_before_restart,
                                    total_after: s.total,
                                    restarts: self.stats.restarts,
                                    why: format!(
                                        "{} swap attempts without a solution: start again",
                                        self.max_steps
                                    ),
                                },
                                self.stats,
                            );
                        } else {
                            sink.emit(Event::RepairInit {
                                columns,
                                total_conflicts: s.total,
                                greedy: true,
                                why: format!(
                                    "A permutation built row by row on free diagonals where possible: {}, {}",
                                    plural(s.total, "attacking pair"),
                                    plural(s.suspects.len() as u64, "suspect row")
                                ),
                            }, self.stats);
                        }
                    }
                }
                SwapPhase::Repair => {
                    if !s.drop_settled_suspect(&mut self.rng) {
                        // No suspect left: the invariant says the board is solved.
                        debug_assert_eq!(s.total, 0);
                        let queens = std::mem::take(&mut s.queens);
                        return self.solved(queens, sink);
                    }
                    if self.steps >= self.max_steps {
                        if self.out_of_restarts(sink) {
                            return Status::GaveUp;
                        }
                        let Engine::Swap(s) = &mut self.engine else {
                            unreachable!()
                        };
                        self.stats.restarts += 1;
                        self.steps = 0;
                        s.total_before_restart = s.total;
                        s.phase = SwapPhase::Fresh;
                        continue;
                    }
                    if !budget.take() {
                        return Status::Paused;
                    }
                    self.stats.nodes += 1;
                    self.steps += 1;
                    // The counters of a kept swap: this move counted.
                    let kept = Stats {
                        moves: self.stats.moves + 1,
                        ..self.stats
                    };
                    if s.attempt(&mut self.rng, kept, sink) {
                        self.stats.moves += 1;
                    }
                }
            }
        }
    }
}

/// Per-diagonal queen counts: a bit per diagonal for "at least one", and a small ordered map of the
/// extra queens on the few diagonals holding two or more. (An ordered map, not a hash map, so
/// nothing depends on a hasher's random keys.)
#[derive(Clone, Debug, Default)]
pub(super) struct DiagCounts {
    pub(super) occupied: Vec<u64>,
    pub(super) extra: BTreeMap<u32, u32>,
}

impl DiagCounts {
    pub(super) fn new(lines: usize) -> Self {
        DiagCounts {
            occupied: vec![0; lines.div_ceil(64)],
            extra: BTreeMap::new(),
        }
    }
    pub(super) fn clear(&mut self) {
        self.occupied.fill(0);
        self.extra.clear();
    }
    #[inline]
    pub(super) fn is_empty_line(&self, d: usize) -> bool {
        self.occupied[d >> 6] & (1u64 << (d & 63)) == 0
    }
    #[inline]
    pub(super) fn count(&self, d: usize) -> u32 {
        if self.is_empty_line(d) {
            0
        } else {
            1 + self.extra.get(&(d as u32)).copied().unwrap_or(0)
        }
    }
    /// Adds a queen; returns how many were there before (= new attacking pairs).
    #[inline]
    pub(super) fn add(&mut self, d: usize) -> u32 {
        if self.is_empty_line(d) {
            self.occupied[d >> 6] |= 1u64 << (d & 63);
            0
        } else {
            let e = self.extra.entry(d as u32).or_insert(0);
            *e += 1;
            *e
        }
    }
    /// Removes a queen; returns how many remain (= attacking pairs lost).
    #[inline]
    pub(super) fn remove(&mut self, d: usize) -> u32 {
        if let Some(e) = self.extra.get_mut(&(d as u32)) {
            *e -= 1;
            let left = *e + 1;
            if *e == 0 {
                self.extra.remove(&(d as u32));
            }
            left
        } else {
            self.occupied[d >> 6] &= !(1u64 << (d & 63));
            0
        }
    }
}

/// A uniformly random permutation of `0..n`, built cache-friendly (Rao–Sandelius): every value is
/// sent to one of `k` random buckets (written as `k` sequential streams), then each bucket, small
/// enough for the cache, is shuffled by Fisher–Yates. A plain Fisher–Yates over 10^7 entries would
/// miss the cache on nearly every swap.
pub(super) fn random_permutation(n: usize, rng: &mut Rng) -> Vec<u32> {
    const BUCKET: usize = 1 << 14;
    let k = n.div_ceil(BUCKET);
    if k <= 1 {
        let mut v: Vec<u32> = (0..n as u32).collect();
        rng.shuffle(&mut v);
        return v;
    }
    // First pass on a copy of the generator counts the bucket sizes; the second pass draws the
    // very same buckets from the generator itself and scatters.
    let mut starts = vec![0usize; k + 1];
    let mut ahead = rng.clone();
    for _ in 0..n {
        starts[ahead.index(k) + 1] += 1;
    }
    for b in 0..k {
        starts[b + 1] += starts[b];
    }
    let mut next = starts.clone();
    let mut out = vec![0u32; n];
    for value in 0..n as u32 {
        let b = rng.index(k);
        out[next[b]] = value;
        next[b] += 1;
    }
    for b in 0..k {
        rng.shuffle(&mut out[starts[b]..starts[b + 1]]);
    }
    out
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SwapPhase {
    /// A (re)start is due: reset, then build the start chunk by chunk.
    Fresh,
    Start,
    Repair,
}

#[derive(Clone, Debug)]
pub(super) struct SwapRepair {
    pub(super) n: usize,
    pub(super) phase: SwapPhase,
    /// `queens[row]` = column; always a permutation of 0..n.
    pub(super) queens: Vec<u32>,
    /// Rows `0..next_row` are placed (during the start).
    pub(super) next_row: usize,
    /// Rolling position (past the candidate window) where rejected columns are sent.
    pub(super) spill: usize,
    /// The last suspect is the attacked one drawn for the next attempt.
    pub(super) picked: bool,
    /// `r - c + n - 1` and `r + c` diagonals.
    pub(super) d1: DiagCounts,
    pub(super) d2: DiagCounts,
    pub(super) total: u64,
    /// Rows that may be attacked (see the invariant in the module header), with a membership bit.
    pub(super) suspects: Vec<u32>,
    pub(super) is_suspect: Vec<u64>,
    /// While restarting with events on: the placement being replaced.
    pub(super) old: Option<Vec<u32>>,
    pub(super) total_before_restart: u64,
}

impl SwapRepair {
    pub(super) fn new(n: usize) -> Self {
        SwapRepair {
            n,
            phase: SwapPhase::Fresh,
            queens: Vec::new(),
            next_row: 0,
            spill: 0,
            picked: false,
            d1: DiagCounts::new(2 * n - 1),
            d2: DiagCounts::new(2 * n - 1),
            total: 0,
            suspects: Vec::new(),
            is_suspect: vec![0; n.div_ceil(64)],
            old: None,
            total_before_restart: 0,
        }
    }

    pub(super) fn reset(&mut self, keep_old: bool, rng: &mut Rng) {
        let old = std::mem::take(&mut self.queens);
        self.old = keep_old.then_some(old);
        self.queens = random_permutation(self.n, rng);
        self.d1.clear();
        self.d2.clear();
        self.total = 0;
        self.suspects.clear();
        self.is_suspect.fill(0);
        self.picked = false;
        self.spill = 0;
        self.next_row = 0;
        self.phase = SwapPhase::Start;
    }

    #[inline]
    pub(super) fn diagonals(&self, row: usize, c: usize) -> (usize, usize) {
        (row + self.n - 1 - c, row + c)
    }

    #[inline]
    pub(super) fn add(&mut self, row: usize, c: usize) {
        let (a, b) = self.diagonals(row, c);
        self.total += (self.d1.add(a) + self.d2.add(b)) as u64;
    }

    #[inline]
    pub(super) fn remove(&mut self, row: usize, c: usize) {
        let (a, b) = self.diagonals(row, c);
        self.total -= (self.d1.remove(a) + self.d2.remove(b)) as u64;
    }

    #[inline]
    pub(super) fn conflicts(&self, row: usize) -> u32 {
        let (a, b) = self.diagonals(row, self.queens[row] as usize);
        self.d1.count(a) + self.d2.count(b) - 2
    }

    pub(super) fn mark_suspect(&mut self, row: usize) {
        let bit = 1u64 << (row & 63);
        if self.is_suspect[row >> 6] & bit == 0 {
            self.is_suspect[row >> 6] |= bit;
            self.suspects.push(row as u32);
        }
    }

    /// Places the next chunk of rows; true when the start is complete.
    pub(super) fn start_chunk(&mut self, rng: &mut Rng) -> bool {
        let n = self.n;
        let end = (self.next_row + INIT_CHUNK).min(n);
        for j in self.next_row..end {
            // Candidates come from the next WINDOW entries of the (shuffled) unused columns: as
            // random as the whole tail, but the reads stay in cache.
            let pool = (n - j).min(SWAP_INIT_WINDOW) as u64;
            let mut chosen = None;
            for _ in 0..SWAP_INIT_TRIES {
                let m = j + rng.below(pool) as usize;
                let c = self.queens[m] as usize;
                let (a, b) = self.diagonals(j, c);
                if self.d1.is_empty_line(a) && self.d2.is_empty_line(b) {
                    chosen = Some(m);
                    break;
                }
                // A rejected column leaves the window for a place further down the tail (a
                // sequential pointer, so still cache-friendly): otherwise the window fills up with
                // hard columns and the last rows are left with poor choices.
                let outside = n - j - pool as usize;
                if outside > 0 {
                    self.spill = (self.spill + 1) % outside;
                    self.queens.swap(m, j + pool as usize + self.spill);
                }
            }
            let m = match chosen {
                Some(m) => m,
                None => {
                    self.mark_suspect(j);
                    j + rng.below(pool) as usize
                }
            };
            self.queens.swap(j, m);
            self.add(j, self.queens[j] as usize);
        }
        self.next_row = end;
        if end == n {
            self.phase = SwapPhase::Repair;
            true
        } else {
            false
        }
    }

    /// Drops suspects that turned out not to be attacked, until one that is attacked is on top
    /// of a random pick; false when no suspect is left (solved).
    pub(super) fn drop_settled_suspect(&mut self, rng: &mut Rng) -> bool {
        if self.picked {
            // Drawn before the machine paused: draw nothing more, or step and solve would differ.
            return true;
        }
        while !self.suspects.is_empty() {
            let k = rng.index(self.suspects.len());
            let row = self.suspects[k] as usize;
            if self.conflicts(row) > 0 {
                // Move it to the end so `attempt` finds it without drawing again.
                let last = self.suspects.len() - 1;
                self.suspects.swap(k, last);
                self.picked = true;
                return true;
            }
            self.suspects.swap_remove(k);
            self.is_suspect[row >> 6] &= !(1u64 << (row & 63));
        }
        false
    }

    /// Tries to swap the last suspect's queen with a random row's; keeps the swap only if the
    /// number of attacking pairs falls. True if the swap was kept.
    pub(super) fn attempt<S: Sink<Event>>(
        &mut self,
        rng: &mut Rng,
        after: Stats,
        sink: &mut S,
    ) -> bool {
        let n = self.n;
        let i = *self.suspects.last().expect("a conflicted suspect") as usize;
        self.picked = false;
        let mut j = rng.index(n - 1);
        if j >= i {
            j += 1;
        }
        let (ci, cj) = (self.queens[i] as usize, self.queens[j] as usize);
        let before = self.total;
        self.remove(i, ci);
        self.remove(j, cj);
        self.add(i, cj);
        self.add(j, ci);
        if self.total < before {
            self.queens.swap(i, j);
            self.mark_suspect(j);
            if S::ENABLED {
                sink.emit(
                    Event::RepairSwap {
                        row_a: i as u32,
                        row_b: j as u32,
                        col_a: ci as u32,
                        col_b: cj as u32,
                        total_before: before,
                        total_after: self.total,
                        why: format!(
                            "Rows {} and {} exchange columns: attacking pairs {before} -> {}",
                            i + 1,
                            j + 1,
                            self.total
                        ),
                    },
                    after,
                );
            }
            true
        } else {
            self.remove(j, ci);
            self.remove(i, cj);
            self.add(j, cj);
            self.add(i, ci);
            false
        }
    }
}
