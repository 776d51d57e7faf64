//! Budgets hold for every `--limit` (issue 36 point 2): on the largest boards each puzzle takes,
//! with many solutions, a solve given T ends within T and a margin whatever the limit, up to its
//! maximum (10,000, docs/LIMITS.md) — collecting, checking and handing over the solutions
//! included — its `micros` is the wall time, and a run the budget stopped after two solutions
//! says `multiple`. Every solution reported is checked here again by the puzzle's rules written in
//! this file (Skyscrapers) or by the independent checker's oracle of tests/hashi.rs's kind.
//!
//! The bound tested is the promised T + 10% + 50 ms plus 350 ms for a shared machine, by the
//! wall clock or, where a loaded machine kept the run waiting, by its own CPU time
//! (tests/support/timing.rs); the overshoot it guards against was 2-10x the budget (19 s for 10 s
//! with `--limit 10000`). `cargo test --release --test budgets_limits -- --nocapture` prints the
//! figures measured.

mod common;
#[path = "support/timing.rs"]
mod timing;

use std::time::{Duration, Instant};
use timing::{bound, Timer, Took};

use serde_json::{json, Value};
use solvescope::session::{solve_text, Report, Verdict, MAX_SOLUTION_LIMIT};

/// A 100x100 Hashiwokakero plain grid with a vast number of solutions: 25 ladders of 2 x 50
/// islands, one above the other, kept apart by rows of rocks except in the first column, where one
/// bridge joins each ladder to the next. The numbers are those of one bridge on every link; any
/// square of a ladder whose rungs are free can instead take two bridges along and none across,
/// so each ladder alone has a Fibonacci number of solutions.
fn hashi_ladders() -> String {
    const SIDE: usize = 100;
    let mut need = vec![0u8; SIDE * SIDE];
    let mut grid = vec![b'.'; SIDE * SIDE];
    let mut link = |a: (usize, usize), b: (usize, usize)| {
        need[a.0 * SIDE + a.1] += 1;
        need[b.0 * SIDE + b.1] += 1;
    };
    for j in 0..25 {
        let (top, bottom) = (4 * j, 4 * j + 2);
        for c in (0..SIDE - 1).step_by(2) {
            link((top, c), (bottom, c));
            if c + 2 < SIDE {
                link((top, c), (top, c + 2));
                link((bottom, c), (bottom, c + 2));
            }
        }
        if j < 24 {
            link((bottom, 0), (4 * j + 4, 0));
            for c in 1..SIDE {
                grid[(4 * j + 3) * SIDE + c] = b'#';
            }
        }
    }
    for (cell, n) in grid.iter_mut().zip(&need) {
        if *n > 0 {
            *cell = b'0' + n;
        }
    }
    grid.chunks(SIDE)
        .map(|row| String::from_utf8(row.to_vec()).unwrap())
        .collect::<Vec<_>>()
        .join("/")
}

/// An empty 16x16 Skyscrapers board (no clue): every Latin square of 16 is a solution.
fn sky_empty_16() -> String {
    format!("16:{}", "/".repeat(63))
}

/// Solves with `limit` and a budget of `ms`, timing the whole call.
fn timed(puzzle: &str, text: &str, limit: u64, ms: u64, extra: Value) -> (Report, Took) {
    let mut options = json!({"limit": limit, "maxMs": ms});
    if let (Value::Object(o), Value::Object(e)) = (&mut options, extra) {
        o.extend(e);
    }
    let timer = Timer::start();
    let r = solve_text(puzzle, text, &options).unwrap();
    (r, timer.took())
}

/// A Latin square, checked from the rules (every row and column holds 1..=n once).
fn latin(grid: &Value, n: usize) -> bool {
    let rows: Vec<Vec<u64>> = serde_json::from_value(grid.clone()).unwrap();
    let full = |cells: Vec<u64>| {
        let mut seen = vec![false; n + 1];
        cells.len() == n
            && cells.into_iter().all(|v| {
                let ok = (1..=n as u64).contains(&v) && !seen[v as usize];
                if ok {
                    seen[v as usize] = true;
                }
                ok
            })
    };
    rows.len() == n
        && (0..n).all(|r| full(rows[r].clone()))
        && (0..n).all(|c| full(rows.iter().map(|row| row[c]).collect()))
}

/// Whether `bridges` (`[{a, b, n}]`) solve the plain grid `board`, by the rules written again: each
/// bridge joins two islands in a line over water only, at most 2, every island gets its number,
/// no two bridges cross, and all islands are connected.
fn hashi_solves(board: &str, bridges: &Value) -> bool {
    let rows: Vec<&[u8]> = board.split('/').map(str::as_bytes).collect();
    let (h, w) = (rows.len(), rows[0].len());
    let island = |r: usize, c: usize| rows[r][c].is_ascii_digit() && rows[r][c] != b'0';
    let mut got = vec![0u32; h * w];
    let mut covered = vec![0u8; h * w]; // 1 across, 2 down
    let mut parent: Vec<usize> = (0..h * w).collect();
    fn root(p: &mut [usize], mut x: usize) -> usize {
        while p[x] != x {
            p[x] = p[p[x]];
            x = p[x];
        }
        x
    }
    for b in bridges.as_array().unwrap() {
        let (a, z, n) = (&b["a"], &b["b"], b["n"].as_u64().unwrap() as u32);
        let (r1, c1) = (
            a[0].as_u64().unwrap() as usize,
            a[1].as_u64().unwrap() as usize,
        );
        let (r2, c2) = (
            z[0].as_u64().unwrap() as usize,
            z[1].as_u64().unwrap() as usize,
        );
        if !(1..=2).contains(&n) || !island(r1, c1) || !island(r2, c2) || (r1 != r2 && c1 != c2) {
            return false;
        }
        let cells: Vec<usize> = if r1 == r2 {
            (c1.min(c2) + 1..c1.max(c2)).map(|c| r1 * w + c).collect()
        } else {
            (r1.min(r2) + 1..r1.max(r2)).map(|r| r * w + c1).collect()
        };
        let dir = if r1 == r2 { 1 } else { 2 };
        for &x in &cells {
            if rows[x / w][x % w] != b'.' || covered[x] != 0 {
                return false;
            }
            covered[x] = dir;
        }
        got[r1 * w + c1] += n;
        got[r2 * w + c2] += n;
        let (x, y) = (
            root(&mut parent, r1 * w + c1),
            root(&mut parent, r2 * w + c2),
        );
        parent[x] = y;
    }
    let islands: Vec<usize> = (0..h * w).filter(|&x| island(x / w, x % w)).collect();
    let first = root(&mut parent, islands[0]);
    islands
        .iter()
        .all(|&x| got[x] == u32::from(rows[x / w][x % w] - b'0') && root(&mut parent, x) == first)
}

fn check(label: &str, r: &Report, took: Took, budget: Duration, limit: u64) {
    eprintln!(
        "{label}: limit {limit}, budget {} ms: {} ms wall ({:?} on CPU), micros {}, verdict {:?}, {} solutions listed, {} omitted",
        budget.as_millis(),
        took.wall.as_millis(),
        took.cpu,
        r.stats.elapsed_micros,
        r.verdict,
        r.solutions.len(),
        r.omitted
    );
    assert!(
        took.within(bound(budget)),
        "{label}: limit {limit}: {took:?} for a {budget:?} budget"
    );
    // `micros` is the time the caller waited, not only the search's part of it: all of the
    // call but the parse, which is small beside the budget unless the thread was kept waiting
    // during it (then only the upper bound is asked).
    let micros = r.stats.elapsed_micros as f64;
    let wall = took.wall.as_micros() as f64;
    assert!(
        micros <= wall + 1000.0,
        "{label}: micros {micros} against {took:?}"
    );
    assert!(
        took.starved(0.9) || micros >= wall * 0.8,
        "{label}: micros {micros} against {took:?}"
    );
    assert!(r.solutions.len() as u64 + r.omitted <= limit);
}

#[test]
fn skyscrapers_16x16_keeps_its_budget_for_every_limit() {
    let board = sky_empty_16();
    let budget = Duration::from_millis(500);
    for limit in [2, 100, 1000, MAX_SOLUTION_LIMIT] {
        let (r, took) = timed("skyscrapers", &board, limit, 500, json!({}));
        check("skyscrapers 16x16 empty", &r, took, budget, limit);
        assert_eq!(r.verdict, Verdict::Multiple);
        assert!(r.solutions.len() >= 2);
        for s in &r.solutions {
            assert!(latin(&serde_json::to_value(s).unwrap(), 16));
        }
    }
}

#[test]
fn hashi_100x100_keeps_its_budget_for_every_limit() {
    let board = hashi_ladders();
    let budget = Duration::from_millis(1000);
    for limit in [2, 100, 1000, MAX_SOLUTION_LIMIT] {
        let (r, took) = timed("hashi", &board, limit, 1000, json!({}));
        check("hashi 100x100 ladders", &r, took, budget, limit);
        // Two solutions or more found answer the question even when the budget ended the run.
        // They come in about half a second of work, so a run that got its budget's worth of CPU
        // must have them; one kept waiting for a core may end on the budget first.
        if r.stats.solutions >= 2 || !took.starved(0.8) {
            assert!(
                r.stats.solutions >= 2,
                "{limit}: the board has solutions to spare ({took:?})"
            );
            assert_eq!(r.verdict, Verdict::Multiple, "{limit}");
            assert!(r.solutions.len() >= 2);
        } else {
            eprintln!("hashi 100x100, limit {limit}: kept waiting ({took:?}), ended on the budget");
            assert_eq!(r.verdict, Verdict::Budget, "{limit}");
        }
        for s in &r.solutions {
            assert!(hashi_solves(&board, &serde_json::to_value(s).unwrap()));
        }
    }
}

/// The command line, as the issue measured it: `hashi solve --max-ms 1000 --limit 10000` on a
/// 100x100 board ends within the bound and prints `multiple` with a solution when it found two.
#[test]
fn the_command_line_keeps_the_budget_with_the_largest_limit() {
    let board = hashi_ladders();
    for (limit, ms) in [("1000", 1000u64), ("10000", 1000)] {
        let (started, cpu_before) = (Instant::now(), timing::children_cpu());
        let (code, out, err) = common::run(
            &[
                "hashi",
                "solve",
                "--limit",
                limit,
                "--max-ms",
                &ms.to_string(),
                &board,
            ],
            "",
        );
        let took = Took {
            wall: started.elapsed(),
            // No other test of this file starts a process, so the children's time is this one's.
            cpu: cpu_before.zip(timing::children_cpu()).map(|(a, b)| b - a),
        };
        assert_eq!(code, 0, "{err}");
        let line: Value = serde_json::from_str(out.trim()).unwrap();
        eprintln!(
            "CLI hashi 100x100 --limit {limit} --max-ms {ms}: {} ms wall (process; {:?} on CPU), micros {}, status {}",
            took.wall.as_millis(),
            took.cpu,
            line["micros"],
            line["status"]
        );
        assert!(took.within(bound(Duration::from_millis(ms))), "{took:?}");
        assert!(line["micros"].as_u64().unwrap() <= took.wall.as_micros() as u64);
        // Two solutions come within the budget's worth of work (see above).
        if line["status"] == "budget" && took.starved(0.8) {
            eprintln!("CLI, limit {limit}: kept waiting ({took:?}), ended on the budget");
            continue;
        }
        assert_eq!(
            line["status"], "multiple",
            "two solutions come within the budget"
        );
        assert!(hashi_solves(&board, &line["solution"]));
    }
}
