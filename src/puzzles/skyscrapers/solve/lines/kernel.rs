//! The line programme itself: the split-at-N dynamic programme over sets of heights
//! ([`line_support`]), and the rebuilding of arrangements from its tables for the witnesses.

use super::caches::{fits_line, LineTables, Witnesses};
use crate::shared::latin::top;

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
        let mut avail = m[if from_end { n - 1 - p } else { p }] & low & !s;
        // Heights that must be in the next set: at most one can be added, and it must be that one.
        let required = must[p + 1] & !s;
        if required != 0 {
            if required & (required - 1) != 0 {
                continue;
            }
            avail &= required;
        }
        let f = table[s as usize];
        let t = top(s);
        let free = low & !s;
        // Heights still free above the tallest placed so far (they could rise later).
        let free_above_t = (free & !((1u32 << t) - 1)).count_ones();
        while avail != 0 {
            let v = avail & avail.wrapping_neg();
            avail ^= v;
            let ns = s | v;
            let h = v.trailing_zeros() + 1;
            let mut grow = if h > t { (f << 1) & cap } else { f };
            if clue > 0 {
                // Heights still to come that could rise above everything so far: those free
                // above the new tallest (v itself is placed, so it no longer counts).
                let rises = if h > t {
                    (free & !((1u32 << h) - 1)).count_ones()
                } else {
                    free_above_t
                };
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
#[cfg(test)]
pub(crate) fn line_support(n: usize, m: &[u32], a: u32, b: u32, t: &mut LineTables) -> [u32; 32] {
    line_support_learning(n, m, a, b, t, None)
}

/// Where an arrangement through a (position, height) can be rebuilt from the tables: a set of the
/// forward or backward programme that holds the height at that position, with a count that both
/// is reachable and leads to an accepted split.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Seed {
    pub(super) set: u32,
    pub(super) count: u32,
}

/// [`line_support`], and when `learn` is given, an arrangement ([`Witnesses`]) for every kept
/// candidate that has none that fits the kept candidates, rebuilt from the programme's tables.
pub(super) fn line_support_learning(
    n: usize,
    m: &[u32],
    a: u32,
    b: u32,
    t: &mut LineTables,
    learn: Option<&mut Witnesses>,
) -> [u32; 32] {
    let mut support = [0u32; 32];
    const NO_SEED: Seed = Seed {
        set: u32::MAX,
        count: 0,
    };
    // Seeds in `t.seeds` (forward sets, backward sets, by position and height) are valid where
    // `seeded` has the height's bit: the table itself is not cleared between runs.
    let mut seeded = [[0u32; 16]; 2];
    let mut splits = [NO_SEED; 16];
    let learning = learn.is_some();
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
        seeds,
        ..
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
            if learning && splits[p].set == u32::MAX {
                splits[p] = Seed {
                    set: s,
                    count: f.trailing_zeros(),
                };
            }
        }
    }
    if any {
        // Walk back from the accepted splits: every step that leads to one is used by a solution.
        let [seeds_f, seeds_b] = &mut **seeds;
        let [seeded_f, seeded_b] = &mut seeded;
        for (list, table, need, from_end, seeds, seeded) in [
            (&*list_f, &*fwd, &mut *need_f, false, seeds_f, seeded_f),
            (&*list_b, &*bwd, &mut *need_b, true, seeds_b, seeded_b),
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
                        if learning && seeded[pos] & v == 0 {
                            seeded[pos] |= v;
                            seeds[pos][v.trailing_zeros() as usize] = Seed {
                                set: s,
                                count: c.trailing_zeros() + u32::from(rose),
                            };
                        }
                    }
                }
            }
        }
    }
    if let (Some(w), true) = (learn, any) {
        let tables = Tables {
            n,
            m,
            fwd,
            bwd,
            need_f,
            need_b,
            want_a,
            want_b,
        };
        for pos in 0..n {
            let mut rest = support[pos];
            while rest != 0 {
                let v = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if w.covered(pos, v, &support[..n]) {
                    continue;
                }
                let built = if v == n - 1 {
                    tables.through_split(pos, splits[pos])
                } else {
                    if seeded[0][pos] >> v & 1 != 0 {
                        tables.through_forward(pos, 1 << v, seeds[0][pos][v])
                    } else if seeded[1][pos] >> v & 1 != 0 {
                        tables.through_backward(pos, 1 << v, seeds[1][pos][v])
                    } else {
                        None
                    }
                };
                match built {
                    Some(perm) if fits_line(n, &perm, m, a, b) => w.add(n, perm),
                    // Unreachable when the tables are right; without an arrangement the line
                    // is simply run again next time, so nothing goes wrong.
                    _ => debug_assert!(false, "no arrangement for height {} at {pos}", v + 1),
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

/// The line programme's tables after a run, for rebuilding arrangements from them: `fwd[S]` /
/// `bwd[T]` the counts reachable with S on the first |S| / T on the last |T| positions, `need_*`
/// those of them that lead to an accepted split.
struct Tables<'a> {
    n: usize,
    m: &'a [u32],
    fwd: &'a [u32],
    bwd: &'a [u32],
    need_f: &'a [u32],
    need_b: &'a [u32],
    want_a: u32,
    want_b: u32,
}

impl Tables<'_> {
    /// Position of the `q`-th height of a set (1-based) on its side.
    fn place(&self, q: usize, from_end: bool) -> usize {
        if from_end {
            self.n - q
        } else {
            q - 1
        }
    }

    /// Fills `perm` with an order of `set` on its side that reaches `count` (which the table
    /// holds for it), walking back to the empty set.
    fn back(
        &self,
        mut set: u32,
        mut count: u32,
        from_end: bool,
        perm: &mut [u16; 16],
    ) -> Option<()> {
        let table = if from_end { self.bwd } else { self.fwd };
        while set != 0 {
            let pos = self.place(set.count_ones() as usize, from_end);
            let mut step = None;
            let mut rest = set & self.m[pos];
            while rest != 0 {
                let u = rest & rest.wrapping_neg();
                rest ^= u;
                let prev = set ^ u;
                let rose = u.trailing_zeros() + 1 > top(prev);
                if rose && count == 0 {
                    continue;
                }
                let before = count - u32::from(rose);
                if table[prev as usize] >> before & 1 != 0 {
                    step = Some((u, prev, before));
                    break;
                }
            }
            let (u, prev, before) = step?;
            perm[pos] = u as u16;
            set = prev;
            count = before;
        }
        Some(())
    }

    /// Whether `set` with `count` on one side splits with the tallest tower next to it.
    fn accepted(&self, set: u32, count: u32, from_end: bool) -> bool {
        let low = (1u32 << (self.n - 1)) - 1;
        let big = 1u32 << (self.n - 1);
        let p = if from_end {
            self.n - 1 - set.count_ones() as usize
        } else {
            set.count_ones() as usize
        };
        let other = (low ^ set) as usize;
        let (mine, theirs, table) = if from_end {
            (self.want_b, self.want_a, self.fwd)
        } else {
            (self.want_a, self.want_b, self.bwd)
        };
        self.m[p] & big != 0 && mine >> count & 1 != 0 && table[other] & theirs != 0
    }

    /// From `set` with `count` (in its `need` table) on one side, grows it one height at a time
    /// along `need` up to an accepted split, then puts N there and the other side behind it.
    fn forth(
        &self,
        mut set: u32,
        mut count: u32,
        from_end: bool,
        perm: &mut [u16; 16],
    ) -> Option<()> {
        let n = self.n;
        let low = (1u32 << (n - 1)) - 1;
        let need = if from_end { self.need_b } else { self.need_f };
        while !self.accepted(set, count, from_end) {
            let q = set.count_ones() as usize;
            if q >= n - 1 {
                return None;
            }
            let pos = self.place(q + 1, from_end);
            let mut step = None;
            let mut rest = self.m[pos] & low & !set;
            while rest != 0 {
                let w = rest & rest.wrapping_neg();
                rest ^= w;
                let after = count + u32::from(w.trailing_zeros() + 1 > top(set));
                if need[(set | w) as usize] >> after & 1 != 0 {
                    step = Some((w, after));
                    break;
                }
            }
            let (w, after) = step?;
            perm[pos] = w as u16;
            set |= w;
            count = after;
        }
        let p = if from_end {
            n - 1 - set.count_ones() as usize
        } else {
            set.count_ones() as usize
        };
        perm[p] = (1u16) << (n - 1);
        let other = low ^ set;
        let (table, want) = if from_end {
            (self.fwd, self.want_a)
        } else {
            (self.bwd, self.want_b)
        };
        let c = table[other as usize] & want;
        self.back(other, c.trailing_zeros(), !from_end, perm)
    }

    /// An arrangement with N at `pos`, from an accepted split there.
    fn through_split(&self, pos: usize, seed: Seed) -> Option<[u16; 16]> {
        if seed.set == u32::MAX {
            return None;
        }
        let mut perm = [0u16; 16];
        self.back(seed.set, seed.count, false, &mut perm)?;
        debug_assert_eq!(seed.set.count_ones() as usize, pos);
        self.forth(seed.set, seed.count, false, &mut perm)?;
        Some(perm)
    }

    /// An arrangement with height bit `v` at `pos` on the start side of N, from the forward set
    /// that placed it there.
    fn through_forward(&self, pos: usize, v: u32, seed: Seed) -> Option<[u16; 16]> {
        self.through(pos, v, seed, false)
    }

    /// The same on the end side of N.
    fn through_backward(&self, pos: usize, v: u32, seed: Seed) -> Option<[u16; 16]> {
        self.through(pos, v, seed, true)
    }

    fn through(&self, pos: usize, v: u32, seed: Seed, from_end: bool) -> Option<[u16; 16]> {
        if seed.set == u32::MAX {
            return None;
        }
        let mut perm = [0u16; 16];
        let prev = seed.set ^ v;
        let rose = v.trailing_zeros() + 1 > top(prev);
        perm[pos] = v as u16;
        self.back(prev, seed.count - u32::from(rose), from_end, &mut perm)?;
        self.forth(seed.set, seed.count, from_end, &mut perm)?;
        Some(perm)
    }
}
