//! [`LatinGrid`]: the candidates of an n x n Latin square under search — one bitmask per cell
//! (bit `v-1` = value `v`), an undo trail, and the candidates left per line — shared by every
//! puzzle whose grid holds each value once per row and column (Skyscrapers, the template
//! puzzle; Futoshiki or KenKen would be next). Lines are numbered as the puzzles number them:
//! `0..n` the rows, `n..2n` the columns, so a set of lines fits a `u32` up to n = 16.

use super::{single, value_of};

/// Candidate masks per cell with an undo trail (see the module header).
#[derive(Clone, Debug)]
pub struct LatinGrid {
    n: usize,
    full: u32,
    cand: Vec<u32>,
    trail: Vec<(usize, u32)>,
    /// Candidates left per line (rows, then columns), kept by `narrow` and `undo_to`, so the
    /// search reads a line's size without counting its cells.
    load: [u32; 32],
}

impl LatinGrid {
    /// Every value open in every cell of an n x n grid (1 ≤ n ≤ 16).
    pub fn new(n: usize) -> Self {
        assert!(
            (1..=16).contains(&n),
            "a Latin grid has 1 to 16 values, not {n}"
        );
        let full = (1u32 << n) - 1;
        let mut load = [0u32; 32];
        load[..2 * n].fill((n * n) as u32);
        LatinGrid {
            n,
            full,
            cand: vec![full; n * n],
            trail: Vec::new(),
            load,
        }
    }

    /// The side.
    #[inline(always)]
    pub fn n(&self) -> usize {
        self.n
    }

    /// The mask of every value, 1..=n.
    #[inline(always)]
    pub fn full(&self) -> u32 {
        self.full
    }

    /// The candidates of every cell, row-major.
    #[inline(always)]
    pub fn candidates(&self) -> &[u32] {
        &self.cand
    }

    /// The candidates of `cell`.
    #[inline(always)]
    pub fn get(&self, cell: usize) -> u32 {
        self.cand[cell]
    }

    /// Candidates left in line `l` (rows `0..n`, then columns).
    #[inline(always)]
    pub fn load(&self, l: usize) -> u32 {
        self.load[l]
    }

    /// The row line and the column line of `cell`.
    #[inline(always)]
    pub fn lines_of(&self, cell: usize) -> (usize, usize) {
        (cell / self.n, self.n + cell % self.n)
    }

    /// Keeps only `mask` of the cell's candidates. Returns the candidates before when they
    /// changed (the change is on the trail), `None` when `mask` removed nothing. The cell may
    /// end empty: the caller decides what a dead end is.
    #[inline(always)]
    pub fn narrow(&mut self, cell: usize, mask: u32) -> Option<u32> {
        let old = self.cand[cell];
        let new = old & mask;
        if new == old {
            return None;
        }
        self.trail.push((cell, old));
        self.cand[cell] = new;
        let gone = old.count_ones() - new.count_ones();
        self.load[cell / self.n] -= gone;
        self.load[self.n + cell % self.n] -= gone;
        Some(old)
    }

    /// The trail's position, for [`LatinGrid::undo_to`].
    #[inline(always)]
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Undoes every change after `mark`, newest first, telling `restored(cell, now, before)`
    /// about each.
    #[inline]
    pub fn undo_to(&mut self, mark: usize, mut restored: impl FnMut(usize, u32, u32)) {
        while self.trail.len() > mark {
            let Some((cell, old)) = self.trail.pop() else {
                break;
            };
            restored(cell, self.cand[cell], old);
            let back = old.count_ones() - self.cand[cell].count_ones();
            self.load[cell / self.n] += back;
            self.load[self.n + cell % self.n] += back;
            self.cand[cell] = old;
        }
    }

    /// The other cells of `cell`'s row and column, in the order k = 0..n: the row's k-th cell,
    /// then the column's.
    pub fn peers(&self, cell: usize) -> impl Iterator<Item = usize> {
        let (n, r, c) = (self.n, cell / self.n, cell % self.n);
        (0..n)
            .flat_map(move |k| [r * n + k, k * n + c])
            .filter(move |&other| other != cell)
    }

    /// The cells of line `l`, from its start (left, top).
    pub fn line(&self, l: usize) -> impl Iterator<Item = usize> {
        let n = self.n;
        (0..n).map(move |k| if l < n { l * n + k } else { k * n + (l - n) })
    }

    /// The open cell with the fewest candidates (the first in row-major order among equals),
    /// `None` when every cell holds one value or none.
    pub fn fewest_candidates(&self) -> Option<usize> {
        let mut best = None;
        let mut fewest = u32::MAX;
        for (cell, &m) in self.cand.iter().enumerate() {
            let k = m.count_ones();
            if k >= 2 && k < fewest {
                best = Some(cell);
                fewest = k;
                if k == 2 {
                    break;
                }
            }
        }
        best
    }

    /// The first open cell in row-major order.
    pub fn first_open(&self) -> Option<usize> {
        self.cand.iter().position(|&m| !single(m))
    }

    /// The grid's values row by row (each cell's lowest candidate: the value once all are
    /// single).
    pub fn values(&self) -> Vec<Vec<u8>> {
        self.cand
            .chunks(self.n)
            .map(|row| row.iter().map(|&m| value_of(m)).collect())
            .collect()
    }
}

/// `grid[cell]`: the candidates of `cell`.
impl std::ops::Index<usize> for LatinGrid {
    type Output = u32;
    #[inline(always)]
    fn index(&self, cell: usize) -> &u32 {
        &self.cand[cell]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::latin::bit;

    #[test]
    fn narrowing_is_trailed_and_undone_with_the_loads() {
        let mut g = LatinGrid::new(4);
        assert_eq!((g.load(0), g.load(4)), (16, 16));
        let mark = g.mark();
        assert_eq!(g.narrow(5, bit(2) | bit(3)), Some(0b1111));
        assert_eq!(
            g.narrow(5, bit(2) | bit(3)),
            None,
            "nothing removed: not trailed"
        );
        assert_eq!(g.narrow(6, bit(1)), Some(0b1111));
        assert_eq!(g.narrow(5, bit(2)), Some(0b0110));
        // Row 1 lost 2 + 3 + 1 candidates; column 1 (line 5) 3, column 2 (line 6) 3.
        assert_eq!(
            (g.load(1), g.load(5), g.load(6), g.load(0)),
            (10, 13, 13, 16)
        );
        let mut seen = Vec::new();
        g.undo_to(mark, |cell, now, before| seen.push((cell, now, before)));
        assert_eq!(
            seen,
            [
                (5, 0b0010, 0b0110),
                (6, 0b0001, 0b1111),
                (5, 0b0110, 0b1111)
            ]
        );
        assert!(g.candidates().iter().all(|&m| m == 0b1111));
        assert_eq!((g.load(1), g.load(5), g.load(6)), (16, 16, 16));
    }

    #[test]
    fn peers_lines_and_the_fewest_candidates() {
        let g = LatinGrid::new(3);
        // Cell 4 is the centre: its row (3, 5) and column (1, 7), k by k.
        assert_eq!(g.peers(4).collect::<Vec<_>>(), [3, 1, 5, 7]);
        assert_eq!(g.peers(0).collect::<Vec<_>>(), [1, 3, 2, 6]);
        assert_eq!(g.line(1).collect::<Vec<_>>(), [3, 4, 5]);
        assert_eq!(g.line(4).collect::<Vec<_>>(), [1, 4, 7]);
        let mut g = LatinGrid::new(3);
        assert_eq!(g.fewest_candidates(), Some(0));
        g.narrow(0, bit(1));
        g.narrow(7, bit(1) | bit(3));
        assert_eq!((g.first_open(), g.fewest_candidates()), (Some(1), Some(7)));
        for cell in 0..9 {
            g.narrow(cell, bit(1));
        }
        assert_eq!(g.fewest_candidates(), None);
        assert_eq!(g.values(), vec![vec![1; 3]; 3]);
    }
}
