//! Exact line propagation: for a row or column with clues, the candidates used by some
//! permutation of the line that fits both clues (the split-at-N dynamic programme over sets of
//! heights, see the module header of `solve`); for clueless lines and the value planes of each
//! height, all-different filtering. All of it is the `lines` technique.

use super::events::{Event, Reason};
use super::{Dead, Out, Res, SkyRules};
use crate::engine::Sink;
use crate::shared::latin::{alldiff_support, bit, single};

// The programme (kernel) and what it remembers between runs (caches); this file is the solver's
// side: when to run it, and what its result removes.
mod caches;
mod kernel;

pub(crate) use caches::LineTables;
use caches::{memo_key, support_of_few, FEW_UNCOVERED, MEMO_CAP};
use kernel::line_support_learning;

impl SkyRules {
    /// Exact line propagation: keeps the candidates used by some permutation of line `l` that
    /// fits its clues (see the module header for the split-at-N programme).
    pub(super) fn line_permutations<S: Sink<Event>>(
        &mut self,
        sink: &mut Out<'_, S>,
        l: usize,
    ) -> Res {
        let (a, b) = (self.lines[l].start as u32, self.lines[l].end as u32);
        let n = self.n;
        let mut m = [0u32; 32];
        for (i, &cell) in self.lines[l].cells.iter().enumerate() {
            m[i] = self.grid[cell];
        }
        if m[..n].iter().all(|&x| single(x)) {
            return Ok(()); // checked exactly by bound_line
        }
        let support = if a == 0 && b == 0 {
            alldiff_support(n, &m[..n])
        } else {
            let mut open = [(0u8, 0u8); FEW_UNCOVERED];
            let mut uncovered = usize::MAX;
            if let Some(w) = self.tables.witnesses.as_mut().map(|all| &mut all[l]) {
                uncovered = w.uncovered(n, &m[..n], Some((a, b)), &mut open);
                if uncovered == 0 {
                    // Every candidate of the line is on a known arrangement that still fits: the
                    // programme would remove nothing, so it need not run (see `Witnesses`).
                    self.line_skips += 1;
                    return Ok(());
                }
            }
            self.line_runs += 1;
            let key = self.tables.memo.as_ref().map(|_| memo_key(l, &m[..n]));
            let hit = match (&self.tables.memo, &key) {
                (Some(memo), Some(key)) => memo.get(key).copied(),
                _ => None,
            };
            if let Some(hit) = hit {
                self.line_hits += 1;
                let mut r = [0u32; 32];
                for (x, &h) in r.iter_mut().zip(hit.iter()).take(n) {
                    *x = h as u32;
                }
                r
            } else {
                let mut learned = self
                    .tables
                    .witnesses
                    .as_mut()
                    .map(|all| std::mem::take(&mut all[l]));
                let r = if uncovered <= FEW_UNCOVERED {
                    self.line_few += 1;
                    let (r, sets) = support_of_few(
                        n,
                        &m[..n],
                        a,
                        b,
                        &mut self.tables,
                        learned.as_mut(),
                        &open[..uncovered],
                    );
                    self.line_sets += sets;
                    r
                } else {
                    let r =
                        line_support_learning(n, &m[..n], a, b, &mut self.tables, learned.as_mut());
                    self.line_sets += (self.tables.list_f.len() + self.tables.list_b.len()) as u64;
                    r
                };
                if let (Some(all), Some(w)) = (self.tables.witnesses.as_mut(), learned) {
                    all[l] = w;
                }
                if let (Some(memo), Some(key)) = (&mut self.tables.memo, key) {
                    if memo.len() >= MEMO_CAP {
                        memo.clear();
                    }
                    let mut v = [0u16; 16];
                    for (x, &s) in v.iter_mut().zip(r.iter()).take(n) {
                        *x = s as u16;
                    }
                    memo.insert(key, v);
                }
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
        if support[..n] == m[..n] {
            self.line_idle += 1;
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
    pub(super) fn value_plane<S: Sink<Event>>(&mut self, sink: &mut Out<'_, S>, v: u8) -> Res {
        let n = self.n;
        let b = bit(v);
        let mut m = [0u32; 32];
        let mut all_fixed = true;
        for (r, slot) in m.iter_mut().enumerate().take(n) {
            for c in 0..n {
                let x = self.grid[r * n + c];
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
                let cells = (0..n * n).filter(|&i| self.grid[i] & b != 0).collect();
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
}

#[cfg(test)]
mod tests {
    use super::caches::{fits_line, Witnesses};
    use super::kernel::line_support;
    use super::*;
    use crate::shared::latin::alldiff_support;

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

    /// Witnesses ([`Witnesses`]): every arrangement collected fits its line, every kept candidate
    /// gets one, and the skip is sound: whenever they cover a narrower set of candidates, the
    /// exact programme (checked against the enumeration of permutations) would remove nothing.
    #[test]
    fn witnesses_cover_only_what_the_programme_keeps() {
        let mut rng = crate::shared::rng::Rng::new(5);
        let (mut covered, mut checked, mut few, mut mends) = (0, 0, 0, 0);
        for n in 2..=7usize {
            let all = perms(n);
            let fits = |p: &Vec<u8>, m: &[u32], a: u32, b: u32| {
                let r: Vec<u8> = p.iter().rev().copied().collect();
                p.iter()
                    .enumerate()
                    .all(|(i, &v)| m[i] & (1 << (v - 1)) != 0)
                    && (a == 0 || crate::puzzles::skyscrapers::visible_count(p) as u32 == a)
                    && (b == 0 || crate::puzzles::skyscrapers::visible_count(&r) as u32 == b)
            };
            let exact = |m: &[u32], a: u32, b: u32| {
                let mut want = vec![0u32; n];
                for p in all.iter().filter(|p| fits(p, m, a, b)) {
                    for (i, &v) in p.iter().enumerate() {
                        want[i] |= 1 << (v - 1);
                    }
                }
                want
            };
            let mut tables = LineTables::new(n);
            let full = (1u32 << n) - 1;
            for _ in 0..200 {
                let a = rng.below(n as u64 + 1) as u32;
                let b = rng.below(n as u64 + 1) as u32;
                if a == 0 && b == 0 {
                    continue;
                }
                let mut w = Witnesses::default();
                let m: Vec<u32> = (0..n)
                    .map(|_| {
                        if rng.below(2) == 0 {
                            full
                        } else {
                            (rng.next_u64() as u32 | 1) & full
                        }
                    })
                    .collect();
                let support = line_support_learning(n, &m, a, b, &mut tables, Some(&mut w));
                assert_eq!(
                    &support[..n],
                    &exact(&m, a, b)[..],
                    "n={n} m={m:?} a={a} b={b}"
                );
                for perm in &w.perms {
                    assert!(fits_line(n, perm, &m, a, b), "{perm:?} m={m:?} a={a} b={b}");
                }
                if support[..n].contains(&0) {
                    assert!(w.perms.is_empty());
                    continue;
                }
                assert!(w.cover(n, &support[..n]), "n={n} m={m:?} a={a} b={b}");
                // Narrow the kept candidates at random: a cover must mean nothing to remove.
                for _ in 0..20 {
                    let narrower: Vec<u32> = support[..n]
                        .iter()
                        .map(|&x| {
                            let cut = x & (rng.next_u64() as u32);
                            if cut == 0 || rng.below(2) == 0 {
                                x
                            } else {
                                cut
                            }
                        })
                        .collect();
                    checked += 1;
                    // A few candidates without an arrangement: deciding them one at a time
                    // gives exactly the whole programme's result.
                    let mut open = [(0u8, 0u8); 3];
                    let count = w.clone().uncovered(n, &narrower, None, &mut open);
                    if count != usize::MAX && count > 0 {
                        few += 1;
                        let mut learned = w.clone();
                        let (got, _) = support_of_few(
                            n,
                            &narrower,
                            a,
                            b,
                            &mut tables,
                            Some(&mut learned),
                            &open[..count],
                        );
                        let want = exact(&narrower, a, b);
                        let want = if want.contains(&0) { vec![0; n] } else { want };
                        assert_eq!(&got[..n], &want[..], "n={n} {narrower:?} a={a} b={b}");
                        for perm in &learned.perms {
                            assert!(fits_line(n, perm, &m, a, b), "{perm:?}");
                        }
                    }
                    // Mending broken arrangements keeps the skip sound: no candidate left
                    // uncovered means nothing to remove, and every mended one fits.
                    let mut mended = w.clone();
                    if mended.uncovered(n, &narrower, Some((a, b)), &mut []) == 0 {
                        assert_eq!(exact(&narrower, a, b), narrower, "n={n} {narrower:?}");
                        if !w.cover(n, &narrower) {
                            mends += 1;
                        }
                    }
                    for perm in &mended.perms {
                        assert!(fits_line(n, perm, &m, a, b), "{perm:?} m={m:?} a={a} b={b}");
                    }
                    if w.cover(n, &narrower) {
                        covered += 1;
                        assert_eq!(
                            exact(&narrower, a, b),
                            narrower,
                            "n={n} {narrower:?} a={a} b={b}"
                        );
                    }
                }
            }
        }
        // Both outcomes occur, so the test sees skips as well as runs.
        assert!(covered > 50 && covered < checked, "{covered} of {checked}");
        assert!(few > 50, "{few} checks of the one-at-a-time path");
        assert!(mends > 20, "{mends} skips only mending allowed");
    }
}
