//! The techniques beyond singles, each one deduction at a time (the first pattern found that
//! removes a candidate), so that singles run again after each, as a person would work: locked
//! candidates (pointing, claiming), naked and hidden pairs and triples, X-wing. Each is a switch
//! of [`Techniques`](super::Techniques); each event carries the pattern's cells and a sentence.

use super::{and_list, values_of, Out, Reason, SudokuRules};
use crate::engine::search::Dead;
use crate::engine::Sink;
use crate::shared::latin::{bit, single};

/// Every way to pick `k` of `items` (k ≤ 3), in order.
fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let m = items.len();
    match k {
        2 => {
            for a in 0..m {
                for b in a + 1..m {
                    out.push(vec![items[a], items[b]]);
                }
            }
        }
        3 => {
            for a in 0..m {
                for b in a + 1..m {
                    for c in b + 1..m {
                        out.push(vec![items[a], items[b], items[c]]);
                    }
                }
            }
        }
        _ => {}
    }
    out
}

fn value_list(values: &[u8]) -> String {
    and_list(&values.iter().map(u8::to_string).collect::<Vec<_>>())
}

impl SudokuRules {
    /// The first deduction of the switched-on techniques, in order; `Ok(true)` when it removed a
    /// candidate.
    pub(super) fn advanced<S: Sink<super::Event>>(
        &mut self,
        out: &mut Out<'_, S>,
    ) -> Result<bool, Dead> {
        let t = self.techniques;
        if (t.pointing || t.claiming) && self.locked(out, t.pointing, t.claiming)? {
            return Ok(true);
        }
        for (on, k, naked) in [
            (t.naked_pairs, 2, true),
            (t.hidden_pairs, 2, false),
            (t.naked_triples, 3, true),
            (t.hidden_triples, 3, false),
        ] {
            if on && self.subsets(out, k, naked)? {
                return Ok(true);
            }
        }
        if t.x_wing && self.x_wing(out)? {
            return Ok(true);
        }
        Ok(false)
    }

    /// Removes value `v` from `cells` outside `keep`; true when something changed.
    fn remove_from<S: Sink<super::Event>>(
        &mut self,
        v: u8,
        cells: &[usize],
        keep: &[usize],
    ) -> Result<bool, Dead> {
        let mut changed = false;
        for &c in cells {
            if !keep.contains(&c) && self.grid[c] & bit(v) != 0 {
                changed = true;
                self.narrow::<S>(c, !bit(v))?;
            }
        }
        Ok(changed)
    }

    /// Locked candidates: a value whose places in one unit all lie in a second unit leaves the
    /// rest of the second (box → line: pointing; line → box: claiming).
    fn locked<S: Sink<super::Event>>(
        &mut self,
        out: &mut Out<'_, S>,
        pointing: bool,
        claiming: bool,
    ) -> Result<bool, Dead> {
        let n = self.n();
        for u in 0..3 * n {
            let is_box = u >= 2 * n;
            if (is_box && !pointing) || (!is_box && !claiming) {
                continue;
            }
            for v in 1..=n as u8 {
                let places: Vec<usize> = self.units[u]
                    .iter()
                    .copied()
                    .filter(|&c| self.grid[c] & bit(v) != 0)
                    .collect();
                if places.len() < 2 || places.iter().any(|&c| self.grid[c] == bit(v)) {
                    continue;
                }
                // The other unit all the places share: a line for a box, the box for a line.
                let targets: Vec<usize> = if is_box {
                    vec![places[0] / n, n + places[0] % n]
                } else {
                    vec![self.box_unit[places[0]]]
                };
                for target in targets {
                    if !places.iter().all(|&c| self.units[target].contains(&c)) {
                        continue;
                    }
                    let cells = self.units[target].clone();
                    let res = self.remove_from::<S>(v, &cells, &places);
                    let (reason, from, to) = if is_box {
                        (Reason::Pointing, u, target)
                    } else {
                        (Reason::Claiming, u, target)
                    };
                    self.flush(out, reason, &[v], &places, |s| {
                        format!(
                            "Every place for {v} in {} is in {}, so {v} leaves the rest of {}",
                            s.unit_name(from),
                            s.unit_name(to),
                            s.unit_name(to)
                        )
                    });
                    if res? {
                        return Ok(true);
                    }
                }
            }
        }
        Ok(false)
    }

    /// Naked (`naked`) or hidden subsets of size `k` in any unit.
    fn subsets<S: Sink<super::Event>>(
        &mut self,
        out: &mut Out<'_, S>,
        k: usize,
        naked: bool,
    ) -> Result<bool, Dead> {
        let n = self.n();
        for u in 0..3 * n {
            let cells = self.units[u].clone();
            if naked {
                let open: Vec<usize> = cells
                    .iter()
                    .copied()
                    .filter(|&c| (2..=k as u32).contains(&self.grid[c].count_ones()))
                    .collect();
                for pick in combinations(&open, k) {
                    let union = pick.iter().fold(0, |m, &c| m | self.grid[c]);
                    if union.count_ones() as usize != k {
                        continue;
                    }
                    let others: Vec<usize> = cells
                        .iter()
                        .copied()
                        .filter(|c| !pick.contains(c))
                        .collect();
                    if !others.iter().any(|&c| self.grid[c] & union != 0) {
                        continue;
                    }
                    let mut res = Ok(());
                    for &c in &others {
                        res = self.narrow::<S>(c, !union);
                        if res.is_err() {
                            break;
                        }
                    }
                    let values = values_of(union);
                    let reason = if k == 2 {
                        Reason::NakedPair
                    } else {
                        Reason::NakedTriple
                    };
                    self.flush(out, reason, &values, &pick, |s| {
                        format!(
                            "In {}, the cells at {} hold only {} between them, so no other cell of {} can",
                            s.unit_name(u),
                            s.cells_in(u, &pick),
                            value_list(&values),
                            s.unit_name(u)
                        )
                    });
                    res?;
                    return Ok(true);
                }
            } else {
                // Each open value's places, as a mask of positions in the unit.
                let mut places = vec![0u32; n + 1];
                let mut placed = 0u32;
                for (i, &c) in cells.iter().enumerate() {
                    let m = self.grid[c];
                    if single(m) {
                        placed |= m;
                    }
                    for v in values_of(m) {
                        places[v as usize] |= 1 << i;
                    }
                }
                let open: Vec<usize> = (1..=n)
                    .filter(|&v| {
                        placed & bit(v as u8) == 0
                            && (2..=k as u32).contains(&places[v].count_ones())
                    })
                    .collect();
                for pick in combinations(&open, k) {
                    let spots = pick.iter().fold(0, |m, &v| m | places[v]);
                    if spots.count_ones() as usize != k {
                        continue;
                    }
                    let keep = pick.iter().fold(0, |m, &v| m | bit(v as u8));
                    let at: Vec<usize> = (0..n)
                        .filter(|&i| spots & (1 << i) != 0)
                        .map(|i| cells[i])
                        .collect();
                    if !at.iter().any(|&c| self.grid[c] & !keep != 0) {
                        continue;
                    }
                    let mut res = Ok(());
                    for &c in &at {
                        res = self.narrow::<S>(c, keep);
                        if res.is_err() {
                            break;
                        }
                    }
                    let values: Vec<u8> = pick.iter().map(|&v| v as u8).collect();
                    let reason = if k == 2 {
                        Reason::HiddenPair
                    } else {
                        Reason::HiddenTriple
                    };
                    self.flush(out, reason, &values, &at, |s| {
                        format!(
                            "In {}, {} fit only in {}, so those cells can hold nothing else",
                            s.unit_name(u),
                            value_list(&values),
                            s.cells_in(u, &at)
                        )
                    });
                    res?;
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// X-wing: a value with exactly two places in each of two rows, in the same two columns,
    /// leaves the rest of those columns (and with rows and columns swapped).
    fn x_wing<S: Sink<super::Event>>(&mut self, out: &mut Out<'_, S>) -> Result<bool, Dead> {
        let n = self.n();
        for v in 1..=n as u8 {
            for base in [0, n] {
                // Lines of this direction with exactly two places, as (line, the two cross lines).
                let mut pairs: Vec<(usize, usize, usize)> = Vec::new();
                for l in base..base + n {
                    let spots: Vec<usize> = self.units[l]
                        .iter()
                        .enumerate()
                        .filter(|&(_, &c)| self.grid[c] & bit(v) != 0)
                        .map(|(i, _)| i)
                        .collect();
                    if let [a, b] = spots[..] {
                        if !single(self.grid[self.units[l][a]])
                            && !single(self.grid[self.units[l][b]])
                        {
                            pairs.push((l, a, b));
                        }
                    }
                }
                let cross = n - base; // the other direction's first line
                for i in 0..pairs.len() {
                    for j in i + 1..pairs.len() {
                        let ((l1, a, b), (l2, a2, b2)) = (pairs[i], pairs[j]);
                        if (a, b) != (a2, b2) {
                            continue;
                        }
                        let corners = vec![
                            self.units[l1][a],
                            self.units[l1][b],
                            self.units[l2][a],
                            self.units[l2][b],
                        ];
                        let mut changed = false;
                        let mut res = Ok(());
                        for line in [cross + a, cross + b] {
                            let cells = self.units[line].clone();
                            match self.remove_from::<S>(v, &cells, &corners) {
                                Ok(c) => changed |= c,
                                Err(d) => {
                                    res = Err(d);
                                    break;
                                }
                            }
                        }
                        if !changed && res.is_ok() {
                            continue;
                        }
                        self.flush(out, Reason::XWing, &[v], &corners, |s| {
                            format!(
                                "{v} fits only at the same two places in {} and {}, so it leaves the rest of {} and {}",
                                s.unit_name(l1),
                                s.unit_name(l2),
                                s.unit_name(cross + a),
                                s.unit_name(cross + b)
                            )
                        });
                        res?;
                        return Ok(true);
                    }
                }
            }
        }
        Ok(false)
    }
}
