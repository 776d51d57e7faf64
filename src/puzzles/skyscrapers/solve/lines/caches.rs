//! What the line programme remembers between runs, on boards from [`MEMO_FROM_N`] up: the
//! arrangements that witness each candidate ([`Witnesses`], which let a run be skipped or cut to
//! the few candidates without one) and the memo of earlier results; and [`LineTables`], which
//! holds them with the programme's scratch tables.

use super::kernel::{line_support_learning, Seed};
use crate::shared::latin::single;

/// Boards from this size up remember the result of every line programme run (see
/// [`LineTables::memo`]) and the arrangements that witness each candidate ([`Witnesses`]). Below
/// it a run visits at most 2^9 sets and costs about as much as the lookup would, so the small
/// boards keep the plain path.
const MEMO_FROM_N: usize = 10;

/// No arrangement recorded for a (position, height).
const NONE: u16 = u16::MAX;

/// When at most this many candidates of a line lack a known arrangement, each of them is
/// decided by the programme on the line with its cell fixed to it, instead of one run on the
/// whole line: every other candidate is known to stay, and a fixed cell makes the tables
/// several times smaller (most wide lines lose nothing, so their runs were mostly confirming
/// what the witnesses nearly showed). Removing the ones that fail leaves every witness fitting
/// (none of them used a removed candidate, or it would have been covered), so the result is
/// exactly the whole programme's.
pub(super) const FEW_UNCOVERED: usize = 1;

/// Arrangements kept per line before they are forgotten and collected again.
const WITNESS_CAP: usize = 1024;

/// Known arrangements of one clued line (each a permutation that fits both clues, as one height
/// bit per position), and for each (position, height) the index of one that puts that height
/// there. Whether an arrangement fits the clues does not depend on the search state, so they stay
/// true across guesses and backtracks; only whether one still fits the current candidates changes.
///
/// Before the line programme runs, [`Witnesses::cover`] asks: does every candidate of the line
/// have its arrangement, still inside the candidates? Then every candidate is used by some
/// arrangement that fits, the exact programme would keep all of them, and the run is skipped:
/// the same result, so the search, its events and its node counts are exactly those without
/// witnesses. This is residual support (as in AC-3rm) for the line constraint. When a run does
/// happen, it collects new arrangements for the candidates it keeps that have none.
#[derive(Clone, Debug)]
pub(crate) struct Witnesses {
    pub(super) perms: Vec<[u16; 16]>,
    /// For each (position, height), the last [`WAYS`] arrangements that put it there, newest
    /// first (the search narrows a line in many ways, and what one guess broke an earlier
    /// arrangement often survived).
    of: [[[u16; WAYS]; 16]; 16],
}

/// Arrangements remembered per (position, height).
const WAYS: usize = 8;

impl Default for Witnesses {
    fn default() -> Self {
        Witnesses {
            perms: Vec::new(),
            of: [[[NONE; WAYS]; 16]; 16],
        }
    }
}

impl Witnesses {
    /// The arrangement `k` fits the candidates `m`.
    fn fits(&self, k: u16, m: &[u32]) -> bool {
        let w = &self.perms[k as usize];
        m.iter().zip(w.iter()).all(|(&c, &h)| c & h as u32 != 0)
    }

    /// Every candidate of `m` has an arrangement that fits `m`.
    #[cfg(test)]
    pub(super) fn cover(&self, n: usize, m: &[u32]) -> bool {
        self.clone().uncovered(n, m, None, &mut []) == 0
    }

    /// The candidates of `m` (position, height index) with no known arrangement that fits `m`,
    /// written to `out`; returns how many there are, or `usize::MAX` once there are more than
    /// `out` holds (the caller then runs the whole programme). With `clues` (start, end; 0 =
    /// none), a candidate whose arrangements all broke first tries to mend one by a swap
    /// ([`Witnesses::mend`]).
    pub(crate) fn uncovered(
        &mut self,
        n: usize,
        m: &[u32],
        clues: Option<(u32, u32)>,
        out: &mut [(u8, u8)],
    ) -> usize {
        // Heights per position on some arrangement found to fit `m` in this call: a candidate
        // there is covered whichever (position, height) the arrangement was kept for.
        let mut seen = [0u32; 16];
        let mut count = 0;
        // Arrangements already tried against `m` in this call, and which of them fit (one bit
        // per arrangement): most are shared by many candidates.
        let (mut tried, mut good) = ([0u64; WITNESS_CAP / 64], [0u64; WITNESS_CAP / 64]);
        for (pos, &mask) in m.iter().enumerate().take(n) {
            let mut rest = mask;
            while rest != 0 {
                let v = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if seen[pos] >> v & 1 != 0 {
                    continue;
                }
                let ways = &self.of[pos][v];
                let found = ways.iter().copied().find(|&k| {
                    if k == NONE {
                        return false;
                    }
                    let (word, bit) = (k as usize / 64, 1u64 << (k % 64));
                    if tried[word] & bit == 0 {
                        tried[word] |= bit;
                        if self.fits(k, m) {
                            good[word] |= bit;
                        }
                    }
                    good[word] & bit != 0
                });
                let found = found.or_else(|| {
                    let k = clues.and_then(|(a, b)| self.mend(n, m, pos, v, a, b))?;
                    // `mend` may have forgotten every older arrangement (at the cap): the
                    // indices tried so far mean nothing then (what `seen` holds stays true).
                    if self.perms.len() == 1 {
                        (tried, good) = ([0u64; WITNESS_CAP / 64], [0u64; WITNESS_CAP / 64]);
                    }
                    Some(k)
                });
                if let Some(k) = found {
                    for (x, &h) in seen.iter_mut().zip(self.perms[k as usize].iter()).take(n) {
                        *x |= h as u32;
                    }
                    continue;
                }
                if count == out.len() {
                    return usize::MAX;
                }
                out[count] = (pos as u8, v as u8);
                count += 1;
            }
        }
        count
    }

    /// Tries to turn a broken arrangement of height index `v` at `pos` into one that fits `m`
    /// again by swapping heights between positions (never `pos`), at most [`MEND_SWAPS`] swaps:
    /// after a guess elsewhere most arrangements of a wide line break at one or two cells, and
    /// a few swaps that keep the clues cost far less than the programme's thousands of sets.
    /// Returns the new arrangement's index, kept like any other.
    fn mend(&mut self, n: usize, m: &[u32], pos: usize, v: usize, a: u32, b: u32) -> Option<u16> {
        for i in 0..WAYS {
            let k = self.of[pos][v][i];
            if k == NONE {
                continue;
            }
            let mut perm = self.perms[k as usize];
            if mend_by_swaps(n, m, pos, a, b, &mut perm, MEND_SWAPS) {
                self.add(n, perm);
                return Some(self.perms.len() as u16 - 1);
            }
        }
        None
    }

    /// The candidate `v` at `pos` has an arrangement that fits `m`.
    pub(super) fn covered(&self, pos: usize, v: usize, m: &[u32]) -> bool {
        self.of[pos][v]
            .iter()
            .any(|&k| k != NONE && self.fits(k, m))
    }

    /// Keeps `perm` (checked by the caller) as the arrangement of each of its (position, height).
    pub(super) fn add(&mut self, n: usize, perm: [u16; 16]) {
        if self.perms.len() >= WITNESS_CAP {
            // Forget them all and collect again (in place: the memory stays).
            self.perms.clear();
            self.of = [[[NONE; WAYS]; 16]; 16];
        }
        let k = self.perms.len() as u16;
        self.perms.push(perm);
        for (pos, &h) in perm.iter().enumerate().take(n) {
            let ways = &mut self.of[pos][h.trailing_zeros() as usize];
            ways.copy_within(0..WAYS - 1, 1);
            ways[0] = k;
        }
    }
}

/// The exact line support when every candidate of `m` but those in `open` (position, height
/// index) has a known arrangement that fits `m`: each open candidate is decided by the
/// programme on the line with its cell fixed to it (see [`FEW_UNCOVERED`]). Returns the support
/// (all zero when a cell is left with nothing) and the sets the runs visited.
pub(super) fn support_of_few(
    n: usize,
    m: &[u32],
    a: u32,
    b: u32,
    tables: &mut LineTables,
    mut learn: Option<&mut Witnesses>,
    open: &[(u8, u8)],
) -> ([u32; 32], u64) {
    let mut r = [0u32; 32];
    r[..n].copy_from_slice(&m[..n]);
    let mut sets = 0;
    for &(pos, v) in open {
        let (pos, hv) = (pos as usize, 1u32 << v);
        let mut fixed = r;
        fixed[pos] = hv;
        let one = line_support_learning(n, &fixed[..n], a, b, tables, learn.as_deref_mut());
        sets += (tables.list_f.len() + tables.list_b.len()) as u64;
        if one[pos] == 0 {
            r[pos] &= !hv;
        }
    }
    if r[..n].contains(&0) {
        r = [0u32; 32]; // a cell with no height left: no arrangement at all
    }
    (r, sets)
}

/// Swaps allowed when mending an arrangement (see [`Witnesses::mend`]).
const MEND_SWAPS: u32 = 2;

/// Depth-first: fixes the first cell of `perm` whose height left `m` by swapping it with
/// another position (not `keep`) that holds a height it can take, up to `swaps` swaps; true
/// (with `perm` mended) when it fits `m` and shows the clues.
fn mend_by_swaps(
    n: usize,
    m: &[u32],
    keep: usize,
    a: u32,
    b: u32,
    perm: &mut [u16; 16],
    swaps: u32,
) -> bool {
    let mut broken = 0u32;
    for (i, (&c, &h)) in m.iter().zip(perm.iter()).enumerate().take(n) {
        if c & h as u32 == 0 {
            broken |= 1 << i;
        }
    }
    swap_search(n, m, keep, a, b, perm, broken, swaps)
}

/// [`mend_by_swaps`] with the cells still broken in `broken` (kept up to date per swap, so a
/// try costs a few operations).
#[allow(clippy::too_many_arguments)]
fn swap_search(
    n: usize,
    m: &[u32],
    keep: usize,
    a: u32,
    b: u32,
    perm: &mut [u16; 16],
    broken: u32,
    swaps: u32,
) -> bool {
    if broken == 0 {
        return shows(n, perm, a, b);
    }
    // One swap mends at most two cells.
    if swaps == 0 || broken.count_ones() > 2 * swaps {
        return false;
    }
    let first = broken.trailing_zeros() as usize;
    for j in 0..n {
        if j == keep || j == first || m[first] & perm[j] as u32 == 0 {
            continue;
        }
        // After the swap `first` fits; `j` fits when it can take `first`'s height.
        let mut after = broken & !(1 << first) & !(1 << j);
        if m[j] & perm[first] as u32 == 0 {
            after |= 1 << j;
        }
        if after.count_ones() > 2 * (swaps - 1) {
            continue;
        }
        perm.swap(first, j);
        if swap_search(n, m, keep, a, b, perm, after, swaps - 1) {
            return true;
        }
        perm.swap(first, j);
    }
    false
}

/// Whether the arrangement `perm` (one height bit per position) shows `a` towers from the
/// start and `b` from the end (0 = no clue).
fn shows(n: usize, perm: &[u16; 16], a: u32, b: u32) -> bool {
    let count = |order: &mut dyn Iterator<Item = &u16>| {
        let (mut tallest, mut seen) = (0u16, 0u32);
        for &h in order {
            if h > tallest {
                tallest = h;
                seen += 1;
            }
        }
        seen
    };
    (a == 0 || count(&mut perm[..n].iter()) == a)
        && (b == 0 || count(&mut perm[..n].iter().rev()) == b)
}

/// Whether `perm` (one height bit per position) is a permutation of 1..n inside the candidates
/// `m` that shows `a` towers from the start and `b` from the end (0 = no clue).
pub(super) fn fits_line(n: usize, perm: &[u16; 16], m: &[u32], a: u32, b: u32) -> bool {
    let mut seen = 0u32;
    for (&h, &c) in perm.iter().zip(m.iter()).take(n) {
        let h = h as u32;
        if !single(h) || seen & h != 0 || c & h == 0 {
            return false;
        }
        seen |= h;
    }
    let heights: Vec<u8> = perm[..n]
        .iter()
        .map(|&h| h.trailing_zeros() as u8 + 1)
        .collect();
    let rev: Vec<u8> = heights.iter().rev().copied().collect();
    use crate::puzzles::skyscrapers::visible_count;
    (a == 0 || visible_count(&heights) as u32 == a) && (b == 0 || visible_count(&rev) as u32 == b)
}

/// Entries kept in the memo before it is emptied and starts again (each is 68 bytes: a few MB).
pub(super) const MEMO_CAP: usize = 1 << 16;

/// The memo key: the line's index (which fixes its clues) and its candidate masks, 16 bits each.
type MemoKey = (u8, [u16; 16]);

pub(super) fn memo_key(l: usize, m: &[u32]) -> MemoKey {
    let mut k = [0u16; 16];
    for (x, &v) in k.iter_mut().zip(m.iter()) {
        *x = v as u16;
    }
    (l as u8, k)
}

/// A cheap hash for the memo keys (the std hasher's DoS resistance buys nothing here, and its
/// cost is a fair part of a lookup).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(w))
                .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
}

type Memo = std::collections::HashMap<MemoKey, [u16; 16], std::hash::BuildHasherDefault<KeyHasher>>;

/// Scratch tables of [`line_support`]: 2^(N-1) entries each, kept all-zero between calls (only
/// the entries listed in `list_f` / `list_b` are ever written, and they are cleared at the end).
#[derive(Clone, Debug, Default)]
pub(crate) struct LineTables {
    pub(super) fwd: Vec<u32>,
    pub(super) bwd: Vec<u32>,
    pub(super) need_f: Vec<u32>,
    pub(super) need_b: Vec<u32>,
    pub(super) list_f: Vec<u32>,
    pub(super) list_b: Vec<u32>,
    /// Results of earlier runs by (line, candidates), for N ≥ [`MEMO_FROM_N`]. The programme is
    /// a pure function of the line's candidates and clues, and the search meets the same line
    /// states again and again (after a backtrack, in the uniqueness proof, on the other branch of
    /// a guess that did not touch the line), so a lookup replaces a run of up to 2^15 sets.
    pub(super) memo: Option<Memo>,
    /// Known arrangements per line, for N ≥ [`MEMO_FROM_N`] (see [`Witnesses`]); `None` turns
    /// the skipping off (tests compare both).
    pub(crate) witnesses: Option<Vec<Witnesses>>,
    /// Scratch of the witness collection (see `line_support_learning`).
    pub(super) seeds: Box<[[[Seed; 16]; 16]; 2]>,
}

impl LineTables {
    pub(crate) fn new(n: usize) -> Self {
        let size = 1usize << n.saturating_sub(1);
        LineTables {
            fwd: vec![0; size],
            bwd: vec![0; size],
            need_f: vec![0; size],
            need_b: vec![0; size],
            list_f: Vec::new(),
            list_b: Vec::new(),
            memo: (n >= MEMO_FROM_N).then(Memo::default),
            witnesses: (n >= MEMO_FROM_N).then(|| vec![Witnesses::default(); 2 * n]),
            seeds: Box::new([[[Seed { set: 0, count: 0 }; 16]; 16]; 2]),
        }
    }
}
