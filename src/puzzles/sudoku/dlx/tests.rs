//! Dancing links against the oracles: every completion of random small puzzles against plain
//! enumeration ([`brute_force`]), the top95 sample and 16x16 grids against the independent
//! checker and a second method (the tests' DFS), and its events replayed on a board of their own.

use super::super::tests::{blank, dfs, filled};
use super::{Dlx, Event};
use crate::engine::{Budget, Machine, NoEvents, Status, Trace};
use crate::puzzles::sudoku::solve::{Solver, Techniques};
use crate::puzzles::sudoku::{brute_force, check_solution, parse, to_line, Puzzle};
use crate::shared::rng::Rng;

fn run(p: &Puzzle, limit: u64) -> (Status, Vec<Vec<Vec<u8>>>) {
    let mut m = Dlx::new(p, limit).unwrap();
    let status = m.run(&mut Budget::unlimited(), &mut NoEvents);
    (status, m.solutions().iter().map(|g| g.0.clone()).collect())
}

#[test]
fn exact_cover_finds_exactly_the_completions_brute_force_finds() {
    let mut rng = Rng::new(2);
    let grids = brute_force(&Puzzle::empty(4).unwrap(), usize::MAX);
    let (mut unique, mut several, mut none) = (0, 0, 0);
    for round in 0..300 {
        let p = match round % 3 {
            0 => blank(
                &grids[rng.index(grids.len())],
                2,
                15 + rng.below(50),
                &mut rng,
            ),
            1 => Puzzle {
                n: 4,
                box_rows: 2,
                box_cols: 2,
                givens: (0..16)
                    .map(|_| {
                        if rng.below(100) < 25 {
                            rng.below(4) as u8 + 1
                        } else {
                            0
                        }
                    })
                    .collect(),
            },
            _ => {
                let (h, w) = if rng.below(2) == 0 { (2, 3) } else { (3, 2) };
                blank(&filled(h, w, &mut rng), h, 45 + rng.below(30), &mut rng)
            }
        };
        let mut want = brute_force(&p, usize::MAX);
        want.sort();
        // Every solution: the search runs to its end and finds each completion once.
        let (status, mut got) = run(&p, u64::MAX);
        assert_eq!(status, Status::Exhausted);
        got.sort();
        assert_eq!(got, want, "{}", to_line(&p));
        // Stopping at two: the verdict of a uniqueness run.
        let (status, got) = run(&p, 2);
        match want.len() {
            0 => none += 1,
            1 => unique += 1,
            _ => several += 1,
        }
        let (want_status, want_kept) = match want.len() {
            0 | 1 => (Status::Exhausted, want.len()),
            _ => (Status::LimitReached, 2),
        };
        assert_eq!(
            (status, got.len()),
            (want_status, want_kept),
            "{}",
            to_line(&p)
        );
    }
    assert!(
        unique > 40 && several > 40 && none > 20,
        "{unique} {several} {none}"
    );
}

#[test]
fn the_empty_4x4_has_288_covers() {
    let (status, got) = run(&Puzzle::empty(4).unwrap(), u64::MAX);
    assert_eq!(status, Status::Exhausted);
    assert_eq!(got.len(), 288);
}

#[test]
fn top95_puzzles_are_proved_unique_with_the_verdict_of_propagation() {
    let sample: Vec<Puzzle> = include_str!("../fixtures/top95-sample.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| parse(l).unwrap())
        .collect();
    assert_eq!(sample.len(), 20);
    for p in &sample {
        let (status, got) = run(p, 2);
        assert_eq!(status, Status::Exhausted, "{}", to_line(p));
        assert_eq!(got.len(), 1, "{}", to_line(p));
        check_solution(p, &got[0]).unwrap();
        assert_eq!(got, dfs(p, 2), "{}", to_line(p));
        let mut s = Solver::new(p, Techniques::ALL, 2).unwrap();
        assert_eq!(s.run(&mut Budget::unlimited(), &mut NoEvents), status);
        assert_eq!(s.solutions()[0].0, got[0]);
    }
}

#[test]
fn sixteen_by_sixteen_grids_solve_and_check() {
    let mut rng = Rng::new(61);
    for _ in 0..6 {
        let grid = filled(4, 4, &mut rng);
        let p = blank(&grid, 4, 60, &mut rng);
        let want = dfs(&p, 2);
        let (_, got) = run(&p, 2);
        for g in &got {
            check_solution(&p, g).unwrap();
        }
        assert_eq!(got.len(), want.len());
        if want.len() == 1 {
            assert_eq!(got, want);
        }
    }
}

/// What the rules leave of each cell once `placed` (0 = none) is filled in: its own value, or
/// every value that no cell of its row, column or box holds (written from the coordinates), less
/// those of the constraint a level is `between` two options of.
fn by_the_rules(p: &Puzzle, placed: &[u8], between: Option<u32>) -> Vec<u32> {
    let n = p.n;
    let (h, w) = (p.box_rows, p.box_cols);
    (0..n * n)
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            if placed[cell] != 0 {
                return 1 << (placed[cell] - 1);
            }
            let mut mask = (1u32 << n) - 1;
            // Between two options of a level its constraint stays covered: the options that
            // meet it are out of the matrix.
            if let Some(k) = between.map(|k| k as usize) {
                let (part, a, v) = (k / (n * n), k % (n * n) / n, k % n);
                let box_index = (r / h) * (n / w) + c / w;
                match part {
                    0 if k == cell => mask = 0,
                    1 if a == r => mask &= !(1 << v),
                    2 if a == c => mask &= !(1 << v),
                    3 if a == box_index => mask &= !(1 << v),
                    _ => {}
                }
            }
            for y in 0..n {
                for x in 0..n {
                    let v = placed[y * n + x];
                    let peer = y == r || x == c || (y / h == r / h && x / w == c / w);
                    if v != 0 && peer {
                        mask &= !(1 << (v - 1));
                    }
                }
            }
            mask
        })
        .collect()
}

/// The events, replayed on a board of their own from full candidates: each change starts from
/// what the board shows; after each event the board is what the rules say of the values placed
/// so far (a placed cell shows its value; any other cell every value no peer holds); each
/// solution is what the board shows then; the counters move with the covers and uncovers;
/// undoing every change in reverse gives the full board back.
#[test]
fn events_replay_on_their_own_board_and_undo_to_the_start() {
    let mut rng = Rng::new(7);
    let mut puzzles = vec![
        parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
            .unwrap(),
        parse("..../..../..../....").unwrap(),
    ];
    for _ in 0..20 {
        puzzles.push(blank(&filled(2, 3, &mut rng), 2, 30, &mut rng));
    }
    let mut kinds = std::collections::BTreeSet::new();
    for p in &puzzles {
        let n = p.n;
        let full = (1u32 << n) - 1;
        let mut board = vec![full; n * n];
        let mut m = Dlx::new(p, 3).unwrap();
        let mut trace = Trace::default();
        while m.run(&mut Budget::nodes(1), &mut trace) == Status::Paused {}
        let mut applied = Vec::new();
        let mut placed = vec![0u8; n * n];
        // The constraints of the open levels, and whether the top one is between two options.
        let (mut levels, mut between) = (Vec::new(), None);
        let (mut covers, mut uncovers) = (0, 0);
        for (e, after) in trace.events.iter().zip(&trace.after) {
            kinds.insert(format!("{:?}", std::mem::discriminant(e)));
            let changes = match e {
                Event::DlxGiven {
                    row,
                    col,
                    value,
                    changes,
                    ..
                } => {
                    placed[*row as usize * n + *col as usize] = *value;
                    changes
                }
                Event::DlxCover {
                    row,
                    col,
                    value,
                    constraint,
                    option,
                    changes,
                    why,
                    ..
                } => {
                    if *option == 1 {
                        levels.push(*constraint);
                    }
                    between = None;
                    covers += 1;
                    assert_eq!(after.0[0], covers, "nodes after a cover");
                    assert!(why.contains("covers its constraints"), "{why}");
                    placed[*row as usize * n + *col as usize] = *value;
                    changes
                }
                Event::DlxUncover {
                    row,
                    col,
                    constraint,
                    depth,
                    changes,
                    ..
                } => {
                    // Its level closes after its constraint's last option, else stays open.
                    if (*depth as usize) < levels.len() {
                        levels.pop();
                        between = None;
                    } else {
                        assert_eq!(levels.last(), Some(constraint));
                        between = Some(*constraint);
                    }
                    uncovers += 1;
                    assert_eq!(after.0[1], uncovers, "backtracks after an uncover");
                    placed[*row as usize * n + *col as usize] = 0;
                    changes
                }
                Event::DlxSolution { grid, .. } => {
                    check_solution(p, grid).unwrap();
                    let shown: Vec<u32> = grid.iter().flatten().map(|&v| 1 << (v - 1)).collect();
                    assert_eq!(board, shown, "{}", to_line(p));
                    continue;
                }
                _ => continue,
            };
            for c in changes {
                let cell = c.row as usize * n + c.col as usize;
                assert_eq!(board[cell], c.before, "{}: {e:?}", to_line(p));
                assert_ne!(c.before, c.after);
                board[cell] = c.after;
                applied.push(*c);
            }
            assert_eq!(
                board,
                by_the_rules(p, &placed, between),
                "{}: after {e:?}",
                to_line(p)
            );
        }
        assert_eq!(covers, m.stats().nodes);
        assert_eq!(uncovers, m.stats().backtracks);
        for c in applied.iter().rev() {
            let cell = c.row as usize * n + c.col as usize;
            assert_eq!(board[cell], c.after);
            board[cell] = c.before;
        }
        assert!(board.iter().all(|&b| b == full));
    }
    assert!(kinds.len() >= 5, "{kinds:?}");
}

#[test]
fn a_given_that_clashes_is_a_dead_end_that_says_which_constraint() {
    let p = parse("1.../.1../..../....").unwrap();
    let mut m = Dlx::new(&p, 2).unwrap();
    let mut trace = Trace::default();
    assert_eq!(
        m.run(&mut Budget::unlimited(), &mut trace),
        Status::Exhausted
    );
    let said: Vec<&str> = trace
        .events
        .iter()
        .filter_map(|e| match e {
            Event::DlxDeadEnd { why, .. } => Some(why.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(
        said,
        ["The given 1 at row 2, column 2 cannot be chosen: 'box 1 needs a 1' is already met by an earlier given, so the puzzle has no solution."]
    );
    assert_eq!(m.stats().nodes, 0);
}
