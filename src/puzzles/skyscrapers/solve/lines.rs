//! Exact line propagation: for a row or column with clues, the candidates used by some
//! permutation of the line that fits both clues (the split-at-N dynamic programme over sets of
//! heights, see the module header of `solve`); for clueless lines and the value planes of each
//! height, all-different filtering. All of it is the `lines` technique.

use super::events::{Event, Reason};
use super::{Dead, Res, Solver};
use crate::engine::Sink;
use crate::shared::latin::{alldiff_support, bit, single, top};

impl Solver {
    /// Exact line propagation: keeps the candidates used by some permutation of line `l` that
    /// fits its clues (see the module header for the split-at-N programme).
    pub(super) fn line_permutations<S: Sink<Event>>(&mut self, sink: &mut S, l: usize) -> Res {
        let (a, b) = (self.lines[l].start as u32, self.lines[l].end as u32);
        let n = self.n;
        let mut m = [0u32; 32];
        for (i, &cell) in self.lines[l].cells.iter().enumerate() {
            m[i] = self.cand[cell];
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
    pub(super) fn value_plane<S: Sink<Event>>(&mut self, sink: &mut S, v: u8) -> Res {
        let n = self.n;
        let b = bit(v);
        let mut m = [0u32; 32];
        let mut all_fixed = true;
        for (r, slot) in m.iter_mut().enumerate().take(n) {
            for c in 0..n {
                let x = self.cand[r * n + c];
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
                let cells = (0..n * n).filter(|&i| self.cand[i] & b != 0).collect();
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
const FEW_UNCOVERED: usize = 1;

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
    perms: Vec<[u16; 16]>,
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
    fn cover(&self, n: usize, m: &[u32]) -> bool {
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
    fn covered(&self, pos: usize, v: usize, m: &[u32]) -> bool {
        self.of[pos][v]
            .iter()
            .any(|&k| k != NONE && self.fits(k, m))
    }

    /// Keeps `perm` (checked by the caller) as the arrangement of each of its (position, height).
    fn add(&mut self, n: usize, perm: [u16; 16]) {
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
fn support_of_few(
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
fn fits_line(n: usize, perm: &[u16; 16], m: &[u32], a: u32, b: u32) -> bool {
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
const MEMO_CAP: usize = 1 << 16;

/// The memo key: the line's index (which fixes its clues) and its candidate masks, 16 bits each.
type MemoKey = (u8, [u16; 16]);

fn memo_key(l: usize, m: &[u32]) -> MemoKey {
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
    fwd: Vec<u32>,
    bwd: Vec<u32>,
    need_f: Vec<u32>,
    need_b: Vec<u32>,
    list_f: Vec<u32>,
    list_b: Vec<u32>,
    /// Results of earlier runs by (line, candidates), for N ≥ [`MEMO_FROM_N`]. The programme is
    /// a pure function of the line's candidates and clues, and the search meets the same line
    /// states again and again (after a backtrack, in the uniqueness proof, on the other branch of
    /// a guess that did not touch the line), so a lookup replaces a run of up to 2^15 sets.
    memo: Option<Memo>,
    /// Known arrangements per line, for N ≥ [`MEMO_FROM_N`] (see [`Witnesses`]); `None` turns
    /// the skipping off (tests compare both).
    pub(crate) witnesses: Option<Vec<Witnesses>>,
    /// Scratch of the witness collection (see `line_support_learning`).
    seeds: Box<[[[Seed; 16]; 16]; 2]>,
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
struct Seed {
    set: u32,
    count: u32,
}

/// [`line_support`], and when `learn` is given, an arrangement ([`Witnesses`]) for every kept
/// candidate that has none that fits the kept candidates, rebuilt from the programme's tables.
fn line_support_learning(
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

#[cfg(test)]
mod tests {
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
