//! Boards within the limits that take far longer than a small time budget, for the tests that
//! prove budgets are kept (tests/budgets.rs natively, tests/web.rs in the browser). Built from a
//! seed here rather than stored, so the sizes are plain to see.

use solvescope::shared::rng::Rng;

/// The unique minimal 14x14 and 16x16 Skyscrapers boards of tests/fixtures/skyscrapers-big.txt
/// (made with a CP-SAT model, not by Solvescope). A unique board has to be searched to the end, so
/// a better guessing order cannot cut the run short, as it can on a board with many solutions
/// (where the second solution found ends it): the full solver proves these in tens of
/// milliseconds, but the article's technique set (no line tables) runs past five seconds and
/// hundreds of thousands of nodes on each.
pub fn skyscrapers_minimal_big() -> Vec<&'static str> {
    include_str!("../fixtures/skyscrapers-big.txt")
        .lines()
        .filter_map(|l| {
            let mut f = l.split('\t');
            let (n, label, id) = (f.next()?.parse::<usize>().ok()?, f.next()?, f.next()?);
            (n >= 14 && label.starts_with("unique-minimal")).then_some(id)
        })
        .collect()
}

/// An N x N Skyscrapers Tatham ID with clues only: a random Latin square's visible counts, about
/// half of them kept. At N = 16 the first propagation alone takes seconds (the line tables).
pub fn skyscrapers_clues_only(n: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut rows: Vec<usize> = (0..n).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    let mut heights: Vec<usize> = (1..=n).collect();
    rng.shuffle(&mut rows);
    rng.shuffle(&mut cols);
    rng.shuffle(&mut heights);
    let at = |r: usize, c: usize| heights[(rows[r] + cols[c]) % n];
    let seen = |line: &mut dyn Iterator<Item = usize>| {
        let (mut top, mut count) = (0, 0);
        for h in line {
            if h > top {
                (top, count) = (h, count + 1);
            }
        }
        count
    };
    let mut clues = Vec::new();
    for c in 0..n {
        clues.push(seen(&mut (0..n).map(|r| at(r, c))));
    }
    for c in 0..n {
        clues.push(seen(&mut (0..n).rev().map(|r| at(r, c))));
    }
    for r in 0..n {
        clues.push(seen(&mut (0..n).map(|c| at(r, c))));
    }
    for r in 0..n {
        clues.push(seen(&mut (0..n).rev().map(|c| at(r, c))));
    }
    let kept: Vec<String> = clues
        .into_iter()
        .map(|k| {
            if rng.index(2) == 0 {
                k.to_string()
            } else {
                String::new()
            }
        })
        .collect();
    format!("{n}:{}", kept.join("/"))
}

/// A side x side Hashiwokakero plain grid (rows joined by `/`): islands on every other cell,
/// numbered from a random layout of 0 to 2 bridges between neighbours (every row linked along,
/// the first column linked down, so it has a solution). At side 99 (2,500 islands) proving
/// uniqueness takes far more than a second, and one matrix-tree test takes seconds.
pub fn hashi_lattice(side: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let k = side.div_ceil(2);
    let mut need = vec![0u8; k * k];
    for r in 0..k {
        for c in 0..k {
            if c + 1 < k {
                let b = 1 + rng.index(2) as u8;
                need[r * k + c] += b;
                need[r * k + c + 1] += b;
            }
            if r + 1 < k {
                let b = if c == 0 {
                    1 + rng.index(2)
                } else {
                    rng.index(3)
                } as u8;
                need[r * k + c] += b;
                need[(r + 1) * k + c] += b;
            }
        }
    }
    (0..side)
        .map(|r| {
            (0..side)
                .map(|c| {
                    if r % 2 == 0 && c % 2 == 0 {
                        char::from(b'0' + need[(r / 2) * k + c / 2])
                    } else {
                        '.'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}
