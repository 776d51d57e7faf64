//! The model's tests: the checker against each broken rule, the brute force against a known
//! count, and the solver against both — every completion of random small puzzles, with every
//! technique switch, and hard published 9x9 puzzles proved unique by a second method.

use super::solve::{Event, Reason, Solver, Techniques};
use super::*;
use crate::engine::{Budget, Machine, NoEvents, Status, Trace};
use crate::shared::rng::Rng;

/// A filled grid of any box shape, by the classic pattern (each box row shifts by a box's
/// width, each band by one), with its values relabelled at random.
pub(super) fn filled(box_rows: usize, box_cols: usize, rng: &mut Rng) -> Vec<Vec<u8>> {
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
pub(super) fn blank(grid: &[Vec<u8>], box_rows: usize, percent: u64, rng: &mut Rng) -> Puzzle {
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

/// A second, different method for the tests: depth-first search over used-value masks per row,
/// column and box, on the empty cell with the fewest values, no propagation at all; the grids
/// found, up to `limit`.
pub(super) fn dfs(p: &Puzzle, limit: usize) -> Vec<Vec<Vec<u8>>> {
    struct S<'a> {
        p: &'a Puzzle,
        cells: Vec<u8>,
        rows: Vec<u32>,
        cols: Vec<u32>,
        boxes: Vec<u32>,
        out: Vec<Vec<Vec<u8>>>,
        limit: usize,
    }
    fn go(s: &mut S) {
        let n = s.p.n;
        let mut best: Option<(usize, u32)> = None;
        for i in 0..n * n {
            if s.cells[i] != 0 {
                continue;
            }
            let (r, c) = (i / n, i % n);
            let free = !(s.rows[r] | s.cols[c] | s.boxes[s.p.box_of(r, c)]) & ((1u32 << n) - 1);
            if best.is_none_or(|(_, m)| free.count_ones() < m.count_ones()) {
                best = Some((i, free));
            }
        }
        let Some((i, free)) = best else {
            s.out.push(s.cells.chunks(n).map(<[u8]>::to_vec).collect());
            return;
        };
        let (r, c) = (i / n, i % n);
        let b = s.p.box_of(r, c);
        for v in 0..n {
            if free & (1 << v) == 0 || s.out.len() >= s.limit {
                continue;
            }
            s.cells[i] = v as u8 + 1;
            s.rows[r] |= 1 << v;
            s.cols[c] |= 1 << v;
            s.boxes[b] |= 1 << v;
            go(s);
            s.cells[i] = 0;
            s.rows[r] &= !(1 << v);
            s.cols[c] &= !(1 << v);
            s.boxes[b] &= !(1 << v);
        }
    }
    let n = p.n;
    let mut s = S {
        p,
        cells: vec![0; n * n],
        rows: vec![0; n],
        cols: vec![0; n],
        boxes: vec![0; n],
        out: Vec::new(),
        limit,
    };
    for (i, &g) in p.givens.iter().enumerate() {
        if g == 0 {
            continue;
        }
        let (r, c, bit) = (i / n, i % n, 1u32 << (g - 1));
        let b = p.box_of(r, c);
        if (s.rows[r] | s.cols[c] | s.boxes[b]) & bit != 0 {
            return Vec::new(); // clashing givens
        }
        s.cells[i] = g;
        s.rows[r] |= bit;
        s.cols[c] |= bit;
        s.boxes[b] |= bit;
    }
    go(&mut s);
    s.out
}

/// Every solution the solver finds (no limit), each passed through the checker.
fn solve_all(p: &Puzzle, t: Techniques) -> Vec<Vec<Vec<u8>>> {
    let mut s = Solver::new(p, t, u64::MAX).unwrap();
    assert_eq!(
        s.run(&mut Budget::unlimited(), &mut NoEvents),
        Status::Exhausted
    );
    let got: Vec<Vec<Vec<u8>>> = s.solutions().iter().map(|g| g.0.clone()).collect();
    for g in &got {
        check_solution(p, g).unwrap();
    }
    got
}

/// Every technique alone, all of them, and none.
fn switch_sets() -> Vec<Techniques> {
    let mut sets = vec![Techniques::ALL, Techniques::NONE];
    for k in 0..8 {
        let mut t = Techniques::NONE;
        *[
            &mut t.hidden_singles,
            &mut t.pointing,
            &mut t.claiming,
            &mut t.naked_pairs,
            &mut t.hidden_pairs,
            &mut t.naked_triples,
            &mut t.hidden_triples,
            &mut t.x_wing,
        ][k] = true;
        sets.push(t);
    }
    sets
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
    let mut solved = solve_all(&empty, Techniques::ALL);
    solved.sort();
    assert_eq!(solved, all);
}

#[test]
fn the_solver_finds_exactly_the_completions_brute_force_finds() {
    let mut rng = Rng::new(30);
    let grids = brute_force(&Puzzle::empty(4).unwrap(), usize::MAX);
    let (mut unique, mut several, mut none) = (0, 0, 0);
    for round in 0..400 {
        // 4x4 puzzles from the 288 grids, and some with random (maybe clashing) givens; 6x6
        // puzzles from random filled grids, thinned until brute force is quick.
        let p = match round % 4 {
            0 | 1 => blank(
                &grids[rng.index(grids.len())],
                2,
                25 + rng.below(40),
                &mut rng,
            ),
            2 => {
                let givens = (0..16)
                    .map(|_| {
                        if rng.below(100) < 25 {
                            rng.below(4) as u8 + 1
                        } else {
                            0
                        }
                    })
                    .collect();
                Puzzle {
                    n: 4,
                    box_rows: 2,
                    box_cols: 2,
                    givens,
                }
            }
            _ => {
                let (h, w) = if rng.below(2) == 0 { (2, 3) } else { (3, 2) };
                blank(&filled(h, w, &mut rng), h, 45 + rng.below(30), &mut rng)
            }
        };
        let mut want = brute_force(&p, usize::MAX);
        want.sort();
        match want.len() {
            0 => none += 1,
            1 => unique += 1,
            _ => several += 1,
        }
        for t in switch_sets() {
            let mut got = solve_all(&p, t);
            got.sort();
            assert_eq!(got, want, "{t:?} on {}", to_line(&p));
        }
    }
    assert!(
        unique > 50 && several > 50 && none > 20,
        "{unique} {several} {none}"
    );
}

/// The top95 sample (see fixtures/top95-sample.txt for its source).
fn top95_sample() -> Vec<Puzzle> {
    include_str!("fixtures/top95-sample.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| parse(l).unwrap())
        .collect()
}

#[test]
fn hard_published_puzzles_are_solved_and_proved_unique_by_two_methods() {
    let sample = top95_sample();
    assert_eq!(sample.len(), 20);
    for p in &sample {
        let by_dfs = dfs(p, 2);
        assert_eq!(
            by_dfs.len(),
            1,
            "the second method finds one solution of {}",
            to_line(p)
        );
        for t in [Techniques::ALL, Techniques::NONE] {
            let mut s = Solver::new(p, t, 2).unwrap();
            assert_eq!(
                s.run(&mut Budget::unlimited(), &mut NoEvents),
                Status::Exhausted
            );
            assert_eq!(s.solutions().len(), 1);
            check_solution(p, &s.solutions()[0].0).unwrap();
            assert_eq!(s.solutions()[0].0, by_dfs[0]);
        }
    }
}

/// Deductions of the first node (before any guess) on puzzles with one solution: every candidate
/// removed must be one the solution does not use, whatever technique removed it.
fn first_node_removals(
    p: &Puzzle,
    solution: &[Vec<u8>],
    seen: &mut std::collections::BTreeSet<String>,
) {
    // All techniques, and each alone beside hidden singles (so the last ones get their turn).
    for t in switch_sets().into_iter().filter(|t| *t != Techniques::NONE) {
        let t = Techniques {
            hidden_singles: true,
            ..t
        };
        removals_before_a_guess(p, t, solution, seen);
    }
}

fn removals_before_a_guess(
    p: &Puzzle,
    t: Techniques,
    solution: &[Vec<u8>],
    seen: &mut std::collections::BTreeSet<String>,
) {
    let mut s = Solver::new(p, t, 2).unwrap();
    let mut trace = Trace::default();
    s.run(&mut Budget::unlimited(), &mut trace);
    for e in &trace.events {
        let (reason, changes, why) = match e {
            Event::SudokuGuess { .. } => break,
            Event::SudokuDeduce {
                reason,
                changes,
                why,
                ..
            } => (reason, changes, why),
            _ => continue,
        };
        seen.insert(format!("{reason:?}"));
        for ch in changes {
            let v = solution[ch.row as usize][ch.col as usize];
            let bit = 1u32 << (v - 1);
            assert!(
                ch.after & bit != 0 || ch.before & bit == 0,
                "{reason:?} removed the solution's {v} at row {}, column {}: {why} ({})",
                ch.row + 1,
                ch.col + 1,
                to_line(p)
            );
        }
    }
}

#[test]
fn no_technique_ever_removes_the_solutions_value() {
    let mut seen = std::collections::BTreeSet::new();
    // SudokuWiki's X-wing example (sudokuwiki.org, "X-Wing"), beside the top95 sample.
    let x_wing =
        parse("1.....569492.561.8.561.924...964.8.1.64.1....218.356.4.4.5...169.5.614.2621.....5")
            .unwrap();
    for p in top95_sample().into_iter().chain([x_wing]) {
        let solution = dfs(&p, 1).remove(0);
        first_node_removals(&p, &solution, &mut seen);
    }
    let mut rng = Rng::new(95);
    for _ in 0..300 {
        let (h, w) = [(2, 3), (3, 3), (3, 3), (2, 4)][rng.index(4)];
        let grid = filled(h, w, &mut rng);
        let p = blank(&grid, h, 30 + rng.below(20), &mut rng);
        if dfs(&p, 2).len() == 1 {
            first_node_removals(&p, &grid, &mut seen);
        }
    }
    // Every technique was put to the test at least once.
    for r in [
        Reason::Given,
        Reason::NakedSingle,
        Reason::HiddenSingle,
        Reason::Pointing,
        Reason::Claiming,
        Reason::NakedPair,
        Reason::HiddenPair,
        Reason::NakedTriple,
        Reason::HiddenTriple,
        Reason::XWing,
    ] {
        assert!(
            seen.contains(&format!("{r:?}")),
            "{r:?} never fired: {seen:?}"
        );
    }
}

#[test]
fn sixteen_by_sixteen_puzzles_solve_and_check() {
    let mut rng = Rng::new(16);
    for _ in 0..6 {
        let grid = filled(4, 4, &mut rng);
        let p = blank(&grid, 4, 55, &mut rng);
        let want = dfs(&p, 2);
        let mut s = Solver::new(&p, Techniques::ALL, 2).unwrap();
        s.run(&mut Budget::unlimited(), &mut NoEvents);
        let got: Vec<Vec<Vec<u8>>> = s.solutions().iter().map(|g| g.0.clone()).collect();
        for g in &got {
            check_solution(&p, g).unwrap();
        }
        assert_eq!(got.len(), want.len());
        if want.len() == 1 {
            assert_eq!(got, want);
        }
    }
}
