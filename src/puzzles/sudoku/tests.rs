//! The model's tests: the checker against each broken rule, the brute force against a known
//! count.

use super::*;
use crate::shared::rng::Rng;

/// A filled grid of any box shape, by the classic pattern (each box row shifts by a box's
/// width, each band by one), with its values relabelled at random.
fn filled(box_rows: usize, box_cols: usize, rng: &mut Rng) -> Vec<Vec<u8>> {
    let n = box_rows * box_cols;
    let mut label: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut label);
    (0..n)
        .map(|r| {
            (0..n)
                .map(|c| label[(box_cols * (r % box_rows) + r / box_rows + c) % n])
                .collect()
        })
        .collect()
}

/// The puzzle of `grid` with each cell kept with probability `percent`.
fn blank(grid: &[Vec<u8>], box_rows: usize, percent: u64, rng: &mut Rng) -> Puzzle {
    let n = grid.len();
    let givens = grid
        .iter()
        .flatten()
        .map(|&v| if rng.below(100) < percent { v } else { 0 })
        .collect();
    Puzzle {
        n,
        box_rows,
        box_cols: n / box_rows,
        givens,
    }
}

#[test]
fn the_checker_refuses_each_broken_rule() {
    let mut rng = Rng::new(1);
    for (h, w) in [(2, 2), (2, 3), (3, 2), (3, 3), (4, 4), (1, 4)] {
        let good = filled(h, w, &mut rng);
        let p = blank(&good, h, 30, &mut rng);
        check_solution(&p, &good).unwrap();
        let n = h * w;
        // A Latin square whose boxes repeat values (rows and columns are fine) — unless boxes
        // are whole rows.
        let latin: Vec<Vec<u8>> = (0..n)
            .map(|r| (0..n).map(|c| ((r + c) % n) as u8 + 1).collect())
            .collect();
        let free = Puzzle {
            givens: vec![0; n * n],
            ..p.clone()
        };
        if h > 1 {
            let e = check_solution(&free, &latin).unwrap_err();
            assert!(e.contains("box at row 1, column 1 holds"), "{e}");
        }
        // Two cells of a row swapped: their columns now repeat.
        let mut swapped = good.clone();
        swapped[0].swap(0, 1);
        assert!(check_solution(&free, &swapped)
            .unwrap_err()
            .contains("column"));
        let mut zero = good.clone();
        zero[1][2] = 0;
        assert!(check_solution(&free, &zero)
            .unwrap_err()
            .contains("row 2, column 3: 0"));
        let mut given = p.clone();
        let at = given.givens.iter().position(|&g| g != 0).unwrap();
        given.givens[at] = given.givens[at] % n as u8 + 1;
        assert!(check_solution(&given, &good)
            .unwrap_err()
            .contains("the given"));
    }
}

#[test]
fn brute_force_counts_the_288_filled_4x4_grids() {
    let all = brute_force(&Puzzle::empty(4).unwrap(), usize::MAX);
    assert_eq!(all.len(), 288); // the known count of 4x4 Sudoku grids
    let empty = Puzzle::empty(4).unwrap();
    for g in &all {
        check_solution(&empty, g).unwrap();
    }
}
