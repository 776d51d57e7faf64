//! The Skyscrapers deductions that need no tables: the givens and clue rules of the first node,
//! naked and hidden singles of the Latin square, the visibility bound on a line (and the exact
//! check of a completed line), plus `narrow` through which every candidate change goes and the
//! fixed-point loop `propagate` that runs them all, cheapest first.

use super::events::{Change, Event, Reason};
use super::{Dead, Out, Res, SkyRules, WORK_PER_CLOCK_LOOK};
use crate::engine::{Budget, Sink};
use crate::puzzles::skyscrapers::clue_place;
use crate::shared::latin::{bit, single, top, value_of};

/// From this size up the line programme runs take the cheapest dirty line first
/// (see `cheapest_dirty_line`).
const ORDER_FROM_N: usize = 10;

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

impl SkyRules {
    // -----------------------------------------------------------------------------------------
    // Candidate changes

    /// Keeps only `mask` of the cell's candidates; trails the change and marks its lines dirty.
    /// Fails when nothing is left.
    #[inline]
    pub(super) fn narrow<S: Sink<Event>>(
        &mut self,
        _sink: &mut Out<'_, S>,
        cell: usize,
        mask: u32,
    ) -> Res {
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

    // -----------------------------------------------------------------------------------------
    // Deductions

    /// The clue rules and givens that need no search state (first node only).
    pub(super) fn initial<S: Sink<Event>>(&mut self, sink: &mut Out<'_, S>) -> Res {
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
                } else if self.techniques.visibility {
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
    pub(super) fn naked_single<S: Sink<Event>>(
        &mut self,
        sink: &mut Out<'_, S>,
        cell: usize,
    ) -> Res {
        let m = self.grid[cell];
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
    pub(super) fn hidden_singles<S: Sink<Event>>(
        &mut self,
        sink: &mut Out<'_, S>,
        l: usize,
    ) -> Res {
        let (mut once, mut twice) = (0u32, 0u32);
        for &cell in &self.lines[l].cells {
            let m = self.grid[cell];
            twice |= once & m;
            once |= m;
        }
        let missing = self.grid.full() & !once;
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
        if lonely == 0 {
            return Ok(());
        }
        // The one place of each lonely height, found in one pass over the line (placing one of
        // them only removes candidates, so a place can vanish below but never move).
        let mut place = [usize::MAX; 32];
        for &cell in &self.lines[l].cells {
            let mut here = self.grid[cell] & lonely;
            while here != 0 {
                place[here.trailing_zeros() as usize] = cell;
                here &= here - 1;
            }
        }
        while lonely != 0 {
            let b = lonely & lonely.wrapping_neg();
            lonely ^= b;
            let cell = place[b.trailing_zeros() as usize];
            if self.grid[cell] & b == 0 {
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
            }
            if self.grid[cell] == b {
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
    pub(super) fn bound_line<S: Sink<Event>>(&mut self, sink: &mut Out<'_, S>, l: usize) -> Res {
        let (a, b) = (self.lines[l].start as u32, self.lines[l].end as u32);
        if a == 0 && b == 0 {
            return Ok(());
        }
        let n = self.n;
        let mut masks = [0u32; 32];
        for (i, &cell) in self.lines[l].cells.iter().enumerate() {
            masks[i] = self.grid[cell];
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
        if (complete || self.techniques.visibility) && !fits(&masks[..n]) {
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
        if complete || !self.techniques.visibility || self.techniques.lines {
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

    /// The dirty line with the fewest candidates, for the next line programme run. The
    /// programme's cost grows with the candidates, and what a cheap run removes often makes a
    /// dearer line's run smaller or unneeded; taking lines in index order instead re-ran the big
    /// lines again after each small one narrowed them. Boards below [`ORDER_FROM_N`] keep index
    /// order (their runs are too cheap for the choice to pay).
    fn cheapest_dirty_line(&self) -> usize {
        let first = self.dirty_perm.trailing_zeros() as usize;
        if self.n < ORDER_FROM_N {
            return first;
        }
        let (mut best, mut best_cost) = (first, u32::MAX);
        let mut rest = self.dirty_perm;
        while rest != 0 {
            let l = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let cost = self.grid.load(l);
            if cost < best_cost {
                best = l;
                best_cost = cost;
            }
        }
        best
    }

    /// A dead end on line `l`: counted for the branching heuristic.
    pub(super) fn blame(&mut self, l: usize) -> Res {
        self.weight[l] += 1;
        Err(Dead)
    }

    /// Runs every deduction to a fixed point, cheapest first. Between two line runs it looks at
    /// the time budget every [`WORK_PER_CLOCK_LOOK`] units of work; out of time, it returns
    /// `Ok(false)` with the fixed point not reached yet (`Ok(true)` once reached). The work left
    /// is all in the dirty sets and the singles list, so the next call picks it up where it
    /// stopped, and the run ends exactly as an uninterrupted one would.
    pub(super) fn propagate<S: Sink<Event>>(
        &mut self,
        sink: &mut Out<'_, S>,
        budget: &mut Budget,
    ) -> Result<bool, Dead> {
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
            let lines = self.techniques.lines;
            if lines
                && (self.dirty_perm != 0 || self.dirty_plane != 0)
                && self.work >= WORK_PER_CLOCK_LOOK
            {
                self.work = 0;
                if budget.out_of_time() {
                    return Ok(false);
                }
            }
            if lines && self.dirty_perm != 0 {
                let l = self.cheapest_dirty_line();
                self.dirty_perm &= !(1 << l);
                let before = self.line_sets;
                self.line_permutations(sink, l)?;
                self.work += self.line_sets - before + self.n as u64;
                continue;
            }
            if lines && self.dirty_plane != 0 {
                let v = self.dirty_plane.trailing_zeros() as u8 + 1;
                self.dirty_plane &= !bit(v);
                self.value_plane(sink, v)?;
                self.work += (self.n * self.n) as u64;
                continue;
            }
            return Ok(true);
        }
    }
}
