//! Hashiwokakero's board report words its own sentences (`BoardReport::says`: red marks off, on
//! after a move, after Check), so the page writes none. Checked against boards whose counts are
//! made again here from the rules alone: puzzles and their one solution from the CLI's
//! `generate`, random bridges over the pairs of islands that see each other (found again by
//! scanning the plain grid), finished and over-full islands, crossings and bridges beyond the
//! solution counted with no code of the library.

use serde_json::Value;
use solvescope::puzzles::hashi::{check_board, parse_any, Bridge};
use solvescope::shared::rng::Rng;

type Cell = (usize, usize);

/// `n` and the noun in the right number, the way the page writes counts.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[test]
fn the_report_says_what_the_counts_made_again_say() {
    let cli = env!("CARGO_BIN_EXE_solvescope");
    let mut rng = Rng::new(28);
    let mut seen = [0usize; 4]; // solved, clean, crossing, beyond the solution
    for seed in 0..6u64 {
        let out = std::process::Command::new(cli)
            .args(["hashi", "generate", "9x9", "--seed", &seed.to_string()])
            .output()
            .unwrap();
        assert!(out.status.success());
        let made: Value = serde_json::from_slice(&out.stdout).unwrap();
        let plain = made["plain"].as_str().unwrap();
        let rows: Vec<Vec<u8>> = plain.split('/').map(|r| r.bytes().collect()).collect();
        let need = |c: Cell| (rows[c.0][c.1] as char).to_digit(10);
        let islands: Vec<Cell> = (0..rows.len())
            .flat_map(|r| (0..rows[r].len()).map(move |c| (r, c)))
            .filter(|&c| need(c).is_some())
            .collect();
        // The pairs that see each other: the next island right of or below each one over water.
        let mut pairs: Vec<(Cell, Cell)> = Vec::new();
        for &(r, c) in &islands {
            if let Some(c2) = (c + 1..rows[r].len()).find(|&x| rows[r][x] != b'.') {
                if need((r, c2)).is_some() {
                    pairs.push(((r, c), (r, c2)));
                }
            }
            if let Some(r2) = (r + 1..rows.len()).find(|&y| rows[y][c] != b'.') {
                if need((r2, c)).is_some() {
                    pairs.push(((r, c), (r2, c)));
                }
            }
        }
        let cell = |v: &Value| {
            (
                v[0].as_u64().unwrap() as usize,
                v[1].as_u64().unwrap() as usize,
            )
        };
        let solution: Vec<(Cell, Cell, u8)> = made["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| (cell(&b["a"]), cell(&b["b"]), b["n"].as_u64().unwrap() as u8))
            .collect();
        let in_solution = |a: Cell, b: Cell| {
            solution
                .iter()
                .find(|s| (s.0, s.1) == (a, b) || (s.0, s.1) == (b, a))
                .map_or(0, |s| s.2)
        };
        let puzzle = parse_any(plain).unwrap();
        for round in 0..40 {
            // The solution itself once, then random boards of a few bridges.
            let board: Vec<(Cell, Cell, u8)> = if round == 0 {
                solution.clone()
            } else {
                {
                    let mut b = Vec::new();
                    for &(a, c) in &pairs {
                        if rng.below(4) == 0 {
                            b.push((a, c, 1 + rng.below(2) as u8));
                        }
                    }
                    b
                }
            };
            let mut degree = vec![0u32; islands.len()];
            for &(a, b, n) in &board {
                for end in [a, b] {
                    degree[islands.iter().position(|&i| i == end).unwrap()] += n as u32;
                }
            }
            let finished = (0..islands.len())
                .filter(|&i| degree[i] == need(islands[i]).unwrap())
                .count();
            let overfull = (0..islands.len())
                .filter(|&i| degree[i] > need(islands[i]).unwrap())
                .count();
            let mut crossing = 0;
            for &(a, b, _) in &board {
                for &(p, q, _) in &board {
                    // a-b across (one row), p-q down (one column), each strictly inside the other.
                    if a.0 == b.0 && p.1 == q.1 && p.0 < a.0 && a.0 < q.0 && a.1 < p.1 && p.1 < b.1
                    {
                        crossing += 1;
                    }
                }
            }
            let beyond = board
                .iter()
                .filter(|&&(a, b, n)| n > in_solution(a, b))
                .count();
            let solved = board.len() == solution.len()
                && board.iter().all(|&(a, b, n)| in_solution(a, b) == n);

            let user: Vec<Bridge> = board.iter().map(|&(a, b, n)| Bridge { a, b, n }).collect();
            let says = check_board(&puzzle, &user).unwrap().says;
            let progress = format!("{finished} of {} islands finished.", islands.len());
            let mut parts = Vec::new();
            if overfull > 0 {
                parts.push(count(
                    overfull,
                    "island has too many bridges",
                    "islands have too many bridges",
                ));
            }
            if crossing > 0 {
                parts.push(count(crossing, "crossing", "crossings"));
            }
            if beyond > 0 {
                parts.push(count(
                    beyond,
                    "bridge is not in the solution",
                    "bridges are not in the solution",
                ));
            }
            let what = format!("seed {seed} round {round}: {board:?}");
            if solved {
                seen[0] += 1;
                for s in [&says.quiet, &says.marked, &says.checked] {
                    assert_eq!(
                        s, "Solved! Every island has its bridges and all are connected.",
                        "{what}"
                    );
                }
                continue;
            }
            assert_eq!(says.quiet, progress, "{what}");
            if parts.is_empty() {
                seen[1] += 1;
                assert_eq!(says.marked, progress, "{what}");
                assert_eq!(
                    says.checked,
                    format!("No mistakes so far: {progress}"),
                    "{what}"
                );
            } else {
                seen[2] += (crossing > 0) as usize;
                seen[3] += (beyond > 0) as usize;
                let wrong = format!("Marked wrong: {}.", parts.join(", "));
                assert_eq!(says.marked, wrong, "{what}");
                assert_eq!(says.checked, wrong, "{what}");
            }
        }
    }
    // Every kind of sentence came up.
    assert!(
        seen.iter().all(|&n| n > 0),
        "solved, clean, crossing, beyond: {seen:?}"
    );
}
