//! Latin-square and all-different helpers over bitmask candidates (bit `v-1` = value `v`).
//!
//! Skyscrapers is a Latin square with clues, and its solver, hints and generator need the same few
//! pieces: mask arithmetic, Régin's all-different filter (which covers naked and hidden subsets
//! of a row, column or value plane), and random Latin squares for generating puzzles. They live
//! here once, with their own tests, so a future Latin-square puzzle (Futoshiki, KenKen) can use
//! them too; [`LatinGrid`] (`grid.rs`) holds the candidates of a grid under search. Masks are `u32`, so values go from 1 to 32; the all-different filter handles up to
//! 32 positions.

mod grid;

pub use grid::LatinGrid;

use crate::shared::rng::Rng;

/// The mask of value `v` (1-based): bit `v-1`.
#[inline]
pub fn bit(v: u8) -> u32 {
    1u32 << (v - 1)
}

/// True when the mask holds exactly one value (a placed cell).
#[inline]
pub fn single(mask: u32) -> bool {
    mask != 0 && mask & (mask - 1) == 0
}

/// The lowest value of a non-empty mask (the value of a single).
#[inline]
pub fn value_of(mask: u32) -> u8 {
    (mask.trailing_zeros() + 1) as u8
}

/// Highest value in a mask (0 for the empty mask).
#[inline]
pub fn top(mask: u32) -> u32 {
    32 - mask.leading_zeros()
}

/// All-different filtering (Régin): the candidates of `m` (n positions over n values, bit w = value
/// w) that belong to some assignment giving every position a different value. All zero when there
/// is none. A maximum matching is found by augmenting paths; an unmatched edge (i, w) is usable
/// exactly when it lies on an alternating cycle, i.e. when the position holding `w` in the matching
/// can reach `i` along "my candidate is matched to you" edges (transitive closure on bitsets).
/// Used for rows and columns without clues and for value planes, in O(n²) word operations.
pub fn alldiff_support(n: usize, m: &[u32]) -> [u32; 32] {
    fn augment(
        i: usize,
        m: &[u32],
        owner: &mut [usize; 32],
        mate: &mut [usize; 32],
        seen: &mut u32,
    ) -> bool {
        loop {
            let bits = m[i] & !*seen;
            if bits == 0 {
                return false;
            }
            let w = bits.trailing_zeros() as usize;
            *seen |= 1 << w;
            if owner[w] == usize::MAX || augment(owner[w], m, owner, mate, seen) {
                owner[w] = i;
                mate[i] = w;
                return true;
            }
        }
    }
    let mut out = [0u32; 32];
    let mut owner = [usize::MAX; 32];
    let mut mate = [usize::MAX; 32];
    for i in 0..n {
        let mut seen = 0u32;
        if !augment(i, m, &mut owner, &mut mate, &mut seen) {
            return out;
        }
    }
    let mut reach = [0u32; 32];
    for i in 0..n {
        let mut r = 1u32 << i;
        let mut bits = m[i] & !(1u32 << mate[i]);
        while bits != 0 {
            let w = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            r |= 1 << owner[w];
        }
        reach[i] = r;
    }
    for k in 0..n {
        for i in 0..n {
            if reach[i] & (1 << k) != 0 {
                reach[i] |= reach[k];
            }
        }
    }
    for i in 0..n {
        let mut keep = 1u32 << mate[i];
        let mut bits = m[i] & !keep;
        while bits != 0 {
            let w = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if reach[owner[w]] & (1 << i) != 0 {
                keep |= 1 << w;
            }
        }
        out[i] = keep;
    }
    out
}

/// A random Latin square of side `n` (rows of heights 1..=n).
pub fn random_latin(n: usize, rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut grid: Vec<Vec<u8>> = Vec::with_capacity(n);
    for _ in 0..n {
        // allowed[c] = heights column c still lacks.
        let allowed: Vec<Vec<u8>> = (0..n)
            .map(|c| {
                let mut v: Vec<u8> = (1..=n as u8)
                    .filter(|&h| grid.iter().all(|row| row[c] != h))
                    .collect();
                rng.shuffle(&mut v);
                v
            })
            .collect();
        let mut owner: Vec<Option<usize>> = vec![None; n + 1]; // height -> column
        let mut order: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut order);
        for &c in &order {
            let mut seen = vec![false; n + 1];
            augment(c, &allowed, &mut owner, &mut seen);
        }
        let mut row = vec![0u8; n];
        // owner[0] is unused: heights start at 1.
        for (h, &col) in owner.iter().enumerate().skip(1) {
            if let Some(c) = col {
                row[c] = h as u8;
            }
        }
        grid.push(row);
    }
    grid
}

/// One augmenting path for column `c` (Kuhn's algorithm): a height it still lacks that is free,
/// or whose column can move to another height.
fn augment(c: usize, allowed: &[Vec<u8>], owner: &mut [Option<usize>], seen: &mut [bool]) -> bool {
    for &h in &allowed[c] {
        let h = h as usize;
        if seen[h] {
            continue;
        }
        seen[h] = true;
        if owner[h].is_none() || owner[h].is_some_and(|o| augment(o, allowed, owner, seen)) {
            owner[h] = Some(c);
            return true;
        }
    }
    false
}

/// True when every row and every column of `grid` holds each of 1..=n exactly once.
pub fn is_latin(grid: &[Vec<u8>]) -> bool {
    let n = grid.len();
    let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    (0..n).all(|i| {
        let (mut row, mut col) = (0u32, 0u32);
        for k in 0..n {
            // A value out of 1..=n, or a repeat, leaves a bit missing from `full`.
            let (r, c) = (grid[i].get(k).copied(), grid[k].get(i).copied());
            for (acc, v) in [(&mut row, r), (&mut col, c)] {
                match v {
                    Some(v) if (1..=n).contains(&(v as usize)) => *acc |= bit(v),
                    _ => return false,
                }
            }
        }
        grid[i].len() == n && row == full && col == full
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mask_helpers() {
        assert_eq!(bit(1), 1);
        assert_eq!(bit(4), 8);
        assert!(single(8) && !single(0) && !single(6));
        assert_eq!(value_of(8), 4);
        assert_eq!(top(0), 0);
        assert_eq!(top(0b1010), 4);
    }

    #[test]
    fn alldiff_keeps_only_values_on_some_assignment() {
        // Positions 0 and 1 can only take values 0 and 1 (a naked pair), so position 2 loses them.
        let m = [0b011, 0b011, 0b111];
        assert_eq!(&alldiff_support(3, &m)[..3], &[0b011, 0b011, 0b100]);
        // Value 2 fits only position 0 (a hidden single).
        let m = [0b111, 0b011, 0b011];
        assert_eq!(&alldiff_support(3, &m)[..3], &[0b100, 0b011, 0b011]);
        // Three positions over two values: no assignment, all zero.
        let m = [0b011, 0b011, 0b011];
        assert_eq!(&alldiff_support(3, &m)[..3], &[0, 0, 0]);
        // Nothing to remove.
        let m = [0b111; 3];
        assert_eq!(&alldiff_support(3, &m)[..3], &m);
    }

    #[test]
    fn random_latin_squares_are_latin_and_seeded() {
        for n in 1..=9 {
            let mut rng = Rng::new(n as u64);
            let g = random_latin(n, &mut rng);
            assert!(is_latin(&g), "{g:?}");
            assert_eq!(g, random_latin(n, &mut Rng::new(n as u64)));
        }
        assert!(!is_latin(&[vec![1, 2], vec![1, 2]]));
        assert!(!is_latin(&[vec![1, 3], vec![3, 1]]));
        assert!(!is_latin(&[vec![1, 2], vec![2]]));
    }
}
