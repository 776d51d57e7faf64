//! Min-conflicts repair through the public Session: reproducibility, step = solve, the article's
//! statistics, every option, impossible boards and bad input. Every placement a test gets is
//! verified by the independent checkers of `puzzles::queens`.

use serde_json::Value;
use solvescope::engine::Status;
use solvescope::puzzles::queens::repair::{self, Event, Repair, Strategy};
use solvescope::puzzles::queens::{check_placement, check_placement_counting};
use solvescope::session::{AnyEvent, AnySolution, Session, Verdict};

fn opts(json: &str) -> Value {
    serde_json::from_str(json).unwrap()
}

fn session(id: &str, o: &Value) -> Session {
    Session::new("queens", id, "repair", o).unwrap()
}

/// Solves and returns (verdict, moves, restarts, nodes, columns), with the columns checked.
fn solve(id: &str, o: &Value) -> (Verdict, u64, u64, u64, Vec<usize>) {
    let mut s = session(id, o);
    let r = s.solve(u64::MAX, u64::MAX).unwrap();
    let cols = match r.solutions.first() {
        Some(AnySolution::Queens(c)) => c.clone(),
        Some(other) => panic!("a repair run returned {other:?}"),
        None => Vec::new(),
    };
    if r.verdict == Verdict::Found {
        let n = cols.len();
        if n <= 3000 {
            check_placement(n, &cols).unwrap();
        } else {
            check_placement_counting(n, &cols).unwrap();
        }
    }
    (
        r.verdict,
        r.stats.moves,
        r.stats.restarts,
        r.stats.nodes,
        cols,
    )
}

/// Drains `step` to the end, returning every event and the final report.
fn drain(id: &str, o: &Value, per_frame: usize) -> (Vec<Event>, Verdict, u64, u64, Vec<usize>) {
    let mut s = session(id, o);
    let mut events = Vec::new();
    loop {
        let f = s.step(per_frame);
        for e in f.events {
            match e {
                AnyEvent::Queens(solvescope::puzzles::queens::Event::Repair(e)) => events.push(e),
                other => panic!("a repair session sent {other:?}"),
            }
        }
        if f.status.is_done() {
            break;
        }
    }
    let r = s.solve(u64::MAX, u64::MAX).unwrap();
    let cols = match r.solutions.first() {
        Some(AnySolution::Queens(c)) => c.clone(),
        Some(other) => panic!("a repair run returned {other:?}"),
        None => Vec::new(),
    };
    (events, r.verdict, r.stats.moves, r.stats.nodes, cols)
}

/// Applies the events forward to an empty board, checking each against the board it changes,
/// then undoes them backwards from the events alone and must reach the empty board again.
fn replay(n: usize, events: &[Event]) -> Vec<u32> {
    let mut board: Vec<u32> = Vec::new();
    for e in events {
        match e {
            Event::RepairInit { columns, .. } => {
                assert!(board.is_empty());
                board = columns.clone();
            }
            Event::RepairPick {
                row,
                col,
                conflicts,
                candidates,
                counts,
                best,
                ..
            } => {
                assert_eq!(board[*row as usize], *col);
                assert_eq!(*conflicts, attackers(&board, *row as usize, *col));
                assert!(*conflicts > 0, "a picked queen is attacked");
                for (c, k) in candidates.iter().zip(counts) {
                    assert_ne!(c, col);
                    assert_eq!(*k, attackers(&board, *row as usize, *c));
                }
                if n <= repair::PICK_DETAIL_MAX_N {
                    assert_eq!(candidates.len(), n - 1);
                    if !best.is_empty() {
                        let min = *counts.iter().min().unwrap();
                        for b in best {
                            let k = counts[candidates.iter().position(|c| c == b).unwrap()];
                            assert!(k >= min);
                        }
                    }
                }
            }
            Event::RepairMove {
                row,
                from,
                to,
                conflicts_before,
                conflicts_after,
                total_before,
                total_after,
                ..
            } => {
                assert_eq!(board[*row as usize], *from);
                assert_ne!(from, to, "the queen must move");
                assert_eq!(*total_before, pairs(&board));
                assert_eq!(*conflicts_before, attackers(&board, *row as usize, *from));
                board[*row as usize] = *to;
                assert_eq!(*total_after, pairs(&board));
                assert_eq!(*conflicts_after, attackers(&board, *row as usize, *to));
            }
            Event::RepairSwap {
                row_a,
                row_b,
                col_a,
                col_b,
                total_before,
                total_after,
                ..
            } => {
                assert_eq!(board[*row_a as usize], *col_a);
                assert_eq!(board[*row_b as usize], *col_b);
                assert_eq!(*total_before, pairs(&board));
                board.swap(*row_a as usize, *row_b as usize);
                assert_eq!(*total_after, pairs(&board));
                assert!(total_after < total_before);
            }
            Event::RepairRestart { old, columns, .. } => {
                assert_eq!(&board, old);
                board = columns.clone();
            }
            Event::RepairSolution { columns, .. } => {
                assert_eq!(&board, columns);
                assert_eq!(pairs(&board), 0);
            }
            Event::RepairGaveUp { .. } => {}
        }
    }
    let end = board.clone();
    for e in events.iter().rev() {
        match e {
            Event::RepairInit { .. } => board.clear(),
            Event::RepairMove { row, from, .. } => board[*row as usize] = *from,
            Event::RepairSwap { row_a, row_b, .. } => board.swap(*row_a as usize, *row_b as usize),
            Event::RepairRestart { old, .. } => board = old.clone(),
            _ => {}
        }
    }
    assert!(
        board.is_empty(),
        "stepping back from the events alone ends on the empty board"
    );
    end
}

/// Queens (other than one on `(row, col)`) attacking square `(row, col)`, counted naively.
fn attackers(board: &[u32], row: usize, col: u32) -> u32 {
    (0..board.len())
        .filter(|&r| r != row)
        .filter(|&r| {
            board[r] == col || r.abs_diff(row) == (board[r] as usize).abs_diff(col as usize)
        })
        .count() as u32
}

/// Attacking pairs, counted naively.
fn pairs(board: &[u32]) -> u64 {
    let mut k = 0;
    for a in 0..board.len() {
        for b in a + 1..board.len() {
            if board[a] == board[b] || b - a == (board[a] as usize).abs_diff(board[b] as usize) {
                k += 1;
            }
        }
    }
    k
}

#[test]
fn same_seed_same_run_and_different_seeds_differ() {
    for (id, o) in [
        ("queens:40#7", Value::Null),
        (
            "queens:40#7",
            opts(r#"{"maintainConflictSet":true,"tabu":3,"noise":0.05}"#),
        ),
        ("queens:40#7", opts(r#"{"greedy":true}"#)),
        ("queens:300#7", opts(r#"{"strategy":"swap"}"#)),
        ("queens:20000#7", Value::Null),
    ] {
        let a = solve(id, &o);
        let b = solve(id, &o);
        assert_eq!(a, b, "{id} {o:?}");
        assert_eq!(a.0, Verdict::Found);
    }
    let a = solve("queens:40#1", &Value::Null);
    let b = solve("queens:40#2", &Value::Null);
    assert_ne!((a.1, &a.4), (b.1, &b.4));
}

/// Pins a few seeded runs: they are what a shared `queens:N#SEED` link replays, natively and in
/// the browser (tests/web.rs can check the same numbers); a change here breaks shared links.
#[test]
fn seeded_runs_are_pinned() {
    let got: Vec<(u64, u64)> = ["queens:8#42", "queens:64#42", "queens:5000#42"]
        .iter()
        .map(|id| {
            let r = solve(id, &Value::Null);
            (r.1, r.2)
        })
        .collect();
    assert_eq!(got, PINNED);
    let eight = solve("queens:8#42", &Value::Null).4;
    assert_eq!(eight, vec![5, 1, 6, 0, 2, 4, 7, 3]);
}
/// (moves, restarts) of `queens:8#42`, `queens:64#42` (minConflicts) and `queens:5000#42` (swap).
pub const PINNED: [(u64, u64); 3] = [(71, 0), (101, 0), (11, 0)];

#[test]
fn step_drained_equals_solve() {
    for (id, o) in [
        ("queens:8#3", Value::Null),
        ("queens:30#5", opts(r#"{"maintainConflictSet":true}"#)),
        (
            "queens:30#5",
            opts(r#"{"tabu":4,"greedy":true,"noise":0.1}"#),
        ),
        // Forced restarts.
        ("queens:12#9", opts(r#"{"maxSteps":6}"#)),
        ("queens:200#4", opts(r#"{"strategy":"swap"}"#)),
        ("queens:9#4", opts(r#"{"strategy":"swap","maxSteps":3}"#)),
        ("queens:3#1", Value::Null),
    ] {
        for per_frame in [1, 7] {
            let (events, verdict, moves, nodes, cols) = drain(id, &o, per_frame);
            let (v2, m2, _, n2, c2) = solve(id, &o);
            assert_eq!(
                (verdict, moves, nodes, &cols),
                (v2, m2, n2, &c2),
                "{id} {o:?}"
            );
            let n = solvescope::puzzles::queens::parse_id(id).unwrap().n;
            let end = replay(n, &events);
            if verdict == Verdict::Found {
                let end: Vec<usize> = end.iter().map(|&c| c as usize).collect();
                assert_eq!(end, cols);
            }
        }
    }
}

#[test]
fn restarts_happen_and_replay() {
    let (events, verdict, ..) = drain("queens:12#9", &opts(r#"{"maxSteps":6}"#), 1);
    assert_eq!(verdict, Verdict::Found);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::RepairRestart { .. })));
    let (events, verdict, ..) = drain(
        "queens:9#4",
        &opts(r#"{"strategy":"swap","maxSteps":3}"#),
        1,
    );
    assert_eq!(verdict, Verdict::Found);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::RepairRestart { .. })));
}

/// The article: 100% success, about 40.6 moves for n = 8 and 728 for n = 1024 (200 trials each).
/// n = 1024 uses 60 trials in a debug build to keep it quick, the full 200 under
/// `cargo test --release`; `repair-stats` prints the whole table.
#[test]
fn the_articles_statistics_are_reproduced() {
    let big_trials = if cfg!(debug_assertions) { 60 } else { 200 };
    for (n, trials, lo, hi) in [
        (8usize, 200u64, 30.0, 55.0),
        (1024, big_trials, 600.0, 850.0),
    ] {
        let mut sum = 0u64;
        for t in 0..trials {
            // No restart allowed: success must come within the default 200 n moves.
            let o = opts(r#"{"strategy":"minConflicts","maxRestarts":0}"#);
            let (verdict, moves, restarts, _, _) = solve(&format!("queens:{n}#{}", 1 + t), &o);
            assert_eq!(verdict, Verdict::Found, "n={n} trial {t}");
            assert_eq!(restarts, 0);
            sum += moves;
        }
        let mean = sum as f64 / trials as f64;
        assert!((lo..=hi).contains(&mean), "n={n}: mean moves {mean}");
    }
}

#[test]
fn the_conflict_set_gives_the_same_statistics() {
    // Same distribution, different trajectories: compare means over 300 runs at n = 16.
    let mean = |o: &Value| {
        (0..300)
            .map(|t| solve(&format!("queens:16#{t}"), o).1)
            .sum::<u64>() as f64
            / 300.0
    };
    let plain = mean(&opts(r#"{"strategy":"minConflicts"}"#));
    let set = mean(&opts(
        r#"{"strategy":"minConflicts","maintainConflictSet":true}"#,
    ));
    assert!((plain - set).abs() < 0.25 * plain, "{plain} vs {set}");
    let a = solve("queens:16#3", &opts(r#"{"maintainConflictSet":false}"#));
    let b = solve("queens:16#3", &opts(r#"{"maintainConflictSet":true}"#));
    assert_ne!(
        (a.1, a.4),
        (b.1, b.4),
        "the set's order gives a different run"
    );
}

#[test]
fn tabu_keeps_queens_off_their_old_columns() {
    let k = 5u64;
    let (events, verdict, ..) = drain("queens:24#11", &opts(r#"{"tabu":5}"#), 1);
    assert_eq!(verdict, Verdict::Found);
    // Per row: the column its queen last left, and the move number it left it at.
    let mut left: Vec<Option<(u32, u64)>> = vec![None; 24];
    let mut step = 0u64;
    let mut blocked = 0;
    for e in &events {
        match e {
            Event::RepairPick { row, tabu, .. } => {
                if let Some((c, s)) = left[*row as usize] {
                    // The pick reports the tabu column exactly while it is forbidden.
                    assert_eq!(*tabu, (step < s + k).then_some(c));
                    blocked += tabu.is_some() as u32;
                }
            }
            Event::RepairMove { row, from, to, .. } => {
                step += 1;
                if let Some((c, s)) = left[*row as usize] {
                    if c == *to {
                        assert!(
                            step > s + k,
                            "row {row} back on column {to} after {} moves",
                            step - s
                        );
                    }
                }
                left[*row as usize] = Some((*from, step));
            }
            Event::RepairRestart { .. } => left = vec![None; 24],
            _ => {}
        }
    }
    assert!(blocked > 0, "the tabu rule never came into play");
    let plain = solve("queens:24#11", &Value::Null);
    let tabu = solve("queens:24#11", &opts(r#"{"tabu":5}"#));
    assert_ne!((plain.1, plain.4), (tabu.1, tabu.4));
}

#[test]
fn greedy_starts_with_fewer_conflicts() {
    let start = |o: &Value, seed: u64| {
        let (events, ..) = drain(&format!("queens:100#{seed}"), o, 1);
        match &events[0] {
            Event::RepairInit {
                total_conflicts, ..
            } => *total_conflicts,
            e => panic!("first event {e:?}"),
        }
    };
    let (mut plain, mut greedy) = (0, 0);
    for seed in 0..10 {
        plain += start(&Value::Null, seed);
        greedy += start(&opts(r#"{"greedy":true}"#), seed);
    }
    assert!(greedy * 3 < plain, "greedy {greedy} vs random {plain}");
    assert_eq!(
        solve("queens:100#1", &opts(r#"{"greedy":true}"#)).0,
        Verdict::Found
    );
}

#[test]
fn noise_makes_random_walk_moves() {
    let (events, verdict, ..) = drain("queens:40#2", &opts(r#"{"noise":0.3}"#), 1);
    assert_eq!(verdict, Verdict::Found);
    let reasons: Vec<repair::MoveReason> = events
        .iter()
        .filter_map(|e| match e {
            Event::RepairMove { reason, .. } => Some(*reason),
            _ => None,
        })
        .collect();
    let noisy = reasons
        .iter()
        .filter(|r| **r == repair::MoveReason::Noise)
        .count();
    assert!(
        noisy > 0 && noisy < reasons.len(),
        "{noisy} of {}",
        reasons.len()
    );
    // noise 1: a pure random walk still only ever moves conflicted queens.
    let mut s = session(
        "queens:10#1",
        &opts(r#"{"noise":1.0,"maxSteps":50,"maxRestarts":2}"#),
    );
    let r = s.solve(u64::MAX, u64::MAX).unwrap();
    assert!(matches!(r.verdict, Verdict::Found | Verdict::GaveUp));
}

#[test]
fn restart_limit_gives_up() {
    let mut s = session("queens:30#1", &opts(r#"{"maxSteps":1,"maxRestarts":2}"#));
    let r = s.solve(u64::MAX, u64::MAX).unwrap();
    assert_eq!((r.verdict, r.status), (Verdict::GaveUp, Status::GaveUp));
    assert_eq!(r.stats.restarts, 2);
    assert!(r.solutions.is_empty());
}

#[test]
fn tiny_and_impossible_boards() {
    let (v, moves, _, _, cols) = solve("queens:1#5", &Value::Null);
    assert_eq!((v, moves, cols), (Verdict::Found, 0, vec![0]));
    for n in [2, 3] {
        for o in [Value::Null, opts(r#"{"strategy":"swap"}"#)] {
            let (events, v, moves, ..) = drain(&format!("queens:{n}#1"), &o, 1);
            assert_eq!((v, moves), (Verdict::GaveUp, 0));
            assert!(
                matches!(&events[..], [Event::RepairGaveUp { reason, .. }] if reason == "noSolution")
            );
        }
    }
    for n in 4..=12 {
        for seed in 0..4 {
            assert_eq!(
                solve(&format!("queens:{n}#{seed}"), &Value::Null).0,
                Verdict::Found
            );
            let swap = opts(r#"{"strategy":"swap"}"#);
            assert_eq!(
                solve(&format!("queens:{n}#{seed}"), &swap).0,
                Verdict::Found
            );
        }
    }
}

#[test]
fn large_boards_use_the_swap_path_and_pass_the_checker() {
    let mut s = session("queens:200000#3", &Value::Null);
    assert_eq!(s.variant(), Some("swap"));
    let r = s.solve(u64::MAX, u64::MAX).unwrap();
    let Some(AnySolution::Queens(cols)) = r.solutions.first() else {
        panic!("no solution: {:?}", r.verdict)
    };
    check_placement_counting(200_000, cols).unwrap();
    assert_eq!(s.variant(), Some("swap"));
    assert_eq!(
        session("queens:4096#1", &Value::Null).variant(),
        Some("minConflicts")
    );
}

#[test]
fn a_run_without_seed_reports_the_seed_it_used() {
    let mut s = session("queens:50", &Value::Null);
    let seed = s.seed().unwrap();
    let r = s.solve(u64::MAX, u64::MAX).unwrap();
    assert_eq!(r.seed, Some(seed));
    let again = solve(&format!("queens:50#{seed}"), &Value::Null);
    let AnySolution::Queens(first) = &r.solutions[0] else {
        panic!("a repair run returned {:?}", r.solutions[0]);
    };
    assert_eq!((r.stats.moves, first), (again.1, &again.4));
    // The seed can also be given as an option.
    let o = opts(&format!(r#"{{"seed":{seed}}}"#));
    assert_eq!(solve("queens:50", &o), again);
}

#[test]
fn bad_options_are_readable_errors() {
    let err = |id: &str, json: &str| {
        let o: Value = serde_json::from_str(json).unwrap();
        Session::new("queens", id, "repair", &o).err().expect(json)
    };
    assert!(err("queens:8", r#"{"noise":1.5}"#).contains("noise"));
    assert!(err("queens:8", r#"{"noise":-0.1}"#).contains("noise"));
    assert!(err("queens:8", r#"{"maxSteps":0}"#).contains("maxSteps"));
    assert!(err("queens:8", r#"{"strategy":"magic"}"#).contains("unknown strategy 'magic'"));
    let e = err("queens:5000", r#"{"tabu":3}"#);
    assert!(e.contains("tabu") && e.contains("minConflicts"), "{e}");
    assert!(err("queens:100#1", r#"{"seed":2}"#).contains("seed"));
    assert!(err("queens:0", "{}").contains("1 to"));
    assert!(err("queens:10000001", "{}").contains("10000000"));
    assert!(err("queens:200000", r#"{"strategy":"minConflicts"}"#).contains("swap"));
    assert!(err("queens:8", r#"{"mode":"all"}"#).contains("mode"));
    let bt = Session::new("queens", "queens:8", "backtrack", &opts(r#"{"tabu":2}"#));
    assert!(bt.err().unwrap().contains("repair"));
    let bt = Session::new("queens", "queens:8#3", "backtrack", &Value::Null);
    assert!(bt.err().unwrap().contains("seed"));
    // Unknown option names are refused by the deserializer (typos do not pass silently).
    let e = err("queens:8", r#"{"tabuTenure":3}"#);
    assert!(
        e.contains("tabuTenure") && e.contains("options of repair"),
        "{e}"
    );
    // The machine API itself.
    assert!(Repair::new(
        8,
        1,
        repair::Options {
            noise: f64::NAN,
            ..Default::default()
        }
    )
    .is_err());
    assert_eq!(Strategy::parse("swap"), Ok(Strategy::Swap));
}

#[test]
fn garbage_ids_never_panic() {
    let mut rng = solvescope::shared::rng::Rng::new(99);
    let alphabet: Vec<char> = "queens:#0123456789 -+x\u{e9}".chars().collect();
    for _ in 0..3000 {
        let len = rng.index(16);
        let text: String = (0..len)
            .map(|_| alphabet[rng.index(alphabet.len())])
            .collect();
        if let Ok(mut s) = Session::new("queens", &text, "repair", &Value::Null) {
            // Whatever parses must run within a small budget without panicking (big boards are
            // only built, to keep the test quick).
            let n = solvescope::puzzles::queens::parse_id(&text).unwrap().n;
            if n <= 100_000 {
                let _ = s.solve(2000, 1_000_000);
            }
        }
    }
}

#[test]
fn stepping_then_solving_continues_the_same_run() {
    for (id, o) in [
        ("queens:30#8", opts(r#"{"maxSteps":30}"#)),
        (
            "queens:30#8",
            opts(r#"{"maintainConflictSet":true,"tabu":2}"#),
        ),
        ("queens:60#8", opts(r#"{"strategy":"swap","maxSteps":40}"#)),
    ] {
        let whole = solve(id, &o);
        for frames in [1, 3, 20] {
            let mut s = session(id, &o);
            for _ in 0..frames {
                s.step(2);
            }
            let r = s.solve(u64::MAX, u64::MAX).unwrap();
            let AnySolution::Queens(cols) = &r.solutions[0] else {
                panic!("a repair run returned {:?}", r.solutions[0]);
            };
            assert_eq!(
                (r.stats.moves, r.stats.restarts, r.stats.nodes, cols),
                (whole.1, whole.2, whole.3, &whole.4),
                "{id} {o:?} after {frames} frames"
            );
        }
    }
}
