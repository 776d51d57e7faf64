//! Hashiwokakero end to end: fixtures, step = solve, parser fuzz, brute-force cross-checks, hints.

use serde_json::{json, Value};
use solvescope::engine::{Budget, Machine, NoEvents, Status, Trace};
use solvescope::puzzles::hashi::brute::brute_force;
use solvescope::puzzles::hashi::generate::{generate, GenParams};
use solvescope::puzzles::hashi::solve::{solve_all, HintKind};
use solvescope::puzzles::hashi::*;
use solvescope::session::{AnyEvent, AnySolution, Session, Verdict};
use solvescope::shared::rng::Rng;

struct Fixture {
    file: &'static str,
    status: String,
    id: String,
    solution: Option<Vec<Bridge>>,
}

/// Reads a fixture file: `status<TAB>id<TAB>bridges[<TAB>note]`, or Tatham's
/// `difficulty<TAB>id<TAB>bridges` (all unique).
fn fixtures() -> Vec<Fixture> {
    let mut out = Vec::new();
    for (file, text) in [
        (
            "tatham-bridges.txt",
            include_str!("fixtures/tatham-bridges.txt"),
        ),
        ("hashi-small.txt", include_str!("fixtures/hashi-small.txt")),
        (
            "hashi-generated.txt",
            include_str!("fixtures/hashi-generated.txt"),
        ),
        (
            "hashi-external.txt",
            include_str!("fixtures/hashi-external.txt"),
        ),
    ] {
        for line in text.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            let status = match f[0] {
                "easy" | "medium" | "hard" => "unique",
                s => s,
            };
            let solution = (f[2] != "-").then(|| parse_bridge_list(f[2]).unwrap());
            out.push(Fixture {
                file,
                status: status.to_string(),
                id: f[1].to_string(),
                solution,
            });
        }
    }
    assert!(out.len() >= 60, "fixtures missing: {}", out.len());
    out
}

fn status_word(st: Status, n: usize) -> &'static str {
    match (st, n) {
        (Status::Exhausted, 0) => "none",
        (Status::Exhausted, 1) => "unique",
        (Status::LimitReached, 2) => "multiple",
        _ => "other",
    }
}

#[test]
fn every_fixture_gets_its_status_and_solution() {
    for fx in fixtures() {
        let p = parse_any(&fx.id).unwrap_or_else(|e| panic!("{}: {e}", fx.file));
        let (st, sols, _) = solve_all(&p, SolveOptions::default(), u64::MAX, u64::MAX).unwrap();
        assert_eq!(
            status_word(st, sols.len()),
            fx.status,
            "{} {}",
            fx.file,
            fx.id
        );
        for s in &sols {
            check_solution(&p, s).unwrap_or_else(|e| panic!("{}: {e}", fx.id));
        }
        if sols.len() == 2 {
            assert_ne!(sols[0], sols[1]);
        }
        if let Some(want) = &fx.solution {
            assert_eq!(&sols[0], want, "{}", fx.id);
            check_solution(&p, want).unwrap();
        }
    }
}

#[test]
fn small_fixtures_agree_with_brute_force() {
    let mut checked = 0;
    for fx in fixtures() {
        let p = parse_any(&fx.id).unwrap();
        let islands = p.cells.iter().filter(|&&c| c != 0 && c != ROCK).count();
        if p.width * p.height > 49 || islands > 12 {
            continue;
        }
        let n = brute_force(&p, false, 2).len();
        assert_eq!(["none", "unique", "multiple"][n], fx.status, "{}", fx.id);
        checked += 1;
    }
    assert!(checked >= 20, "{checked}");
}

#[test]
fn fixtures_agree_with_every_technique_set() {
    // The deductions only prune: with any subset of techniques the verdict stays the same.
    let sets = [
        Techniques::none(),
        Techniques::article(),
        Techniques {
            matrix_tree: true,
            ..Techniques::default()
        },
        Techniques {
            degree: true,
            ..Techniques::none()
        },
    ];
    for fx in fixtures()
        .iter()
        .filter(|f| f.file == "hashi-small.txt" || f.file == "tatham-bridges.txt")
    {
        let p = parse_any(&fx.id).unwrap();
        for t in sets {
            if p.width > 10 && !t.degree {
                continue; // plain backtracking is exponential on the bigger boards
            }
            let opts = SolveOptions {
                techniques: t,
                ..SolveOptions::default()
            };
            let (st, sols, _) = solve_all(&p, opts, 5_000_000, u64::MAX).unwrap();
            assert_eq!(status_word(st, sols.len()), fx.status, "{} {t:?}", fx.id);
            for s in &sols {
                check_solution(&p, s).unwrap();
            }
        }
    }
}

#[test]
fn the_articles_example_has_no_solution_through_the_session() {
    let mut s = Session::new(
        "hashi",
        "3.3.2/...../.2.2./...../2.3.3",
        "solve",
        &Value::Null,
    )
    .unwrap();
    let r = s.solve(u64::MAX, u64::MAX).unwrap();
    assert_eq!(r.verdict, Verdict::None);
    assert!(r.solutions.is_empty());
    // Also by brute force, independently of the solver.
    assert!(brute_force(
        &parse_any("3.3.2/...../.2.2./...../2.3.3").unwrap(),
        false,
        1
    )
    .is_empty());
}

#[test]
fn session_verdicts_and_options() {
    let o = Value::Null;
    let r = Session::new("bridges", "3x3m2:2a2c2a2", "solve", &o)
        .unwrap()
        .solve(u64::MAX, u64::MAX)
        .unwrap();
    assert_eq!(r.verdict, Verdict::Unique);
    assert!(matches!(&r.solutions[0], AnySolution::Hashi(b) if b.len() == 4));
    let r = Session::new("hashi", "3.3/.../3.3", "solve", &o)
        .unwrap()
        .solve(u64::MAX, u64::MAX)
        .unwrap();
    assert_eq!((r.verdict, r.solutions.len()), (Verdict::Multiple, 2));
    let opts = json!({"techniques": only(&["degree", "matrixTree"])});
    let r = Session::new("hashi", "3x3m2:2a2c2a2", "solve", &opts)
        .unwrap()
        .solve(u64::MAX, u64::MAX)
        .unwrap();
    assert_eq!(r.verdict, Verdict::Unique);
    let bad = json!({"techniques": {"magic": true}});
    let err = Session::new("hashi", "3x3m2:2a2c2a2", "solve", &bad)
        .err()
        .unwrap();
    assert!(err.contains("unknown technique 'magic'"), "{err}");
    let bogus = json!({"techniques": {"degree": true}, "bogus": 1});
    let err = Session::new("hashi", "3x3m2:2a2c2a2", "solve", &bogus)
        .err()
        .unwrap();
    assert!(
        err.contains("bogus") && err.contains("options of solve"),
        "{err}"
    );
    // A node budget pauses with a budget verdict.
    let big = &fixtures()
        .into_iter()
        .find(|f| f.id.starts_with("25x25"))
        .unwrap()
        .id;
    let opts = json!({"techniques": only(&[])});
    let r = Session::new("hashi", big, "solve", &opts)
        .unwrap()
        .solve(50, u64::MAX)
        .unwrap();
    assert_eq!((r.verdict, r.stats.nodes), (Verdict::Budget, 50));
}

/// Session options switching on exactly `names` (every other technique off).
fn only(names: &[&str]) -> Option<std::collections::BTreeMap<String, bool>> {
    Some(
        Techniques::NAMES
            .iter()
            .map(|t| (t.to_string(), names.contains(t)))
            .collect(),
    )
}

/// Drains `step` one small frame at a time and compares with `solve`.
#[test]
fn step_equals_solve() {
    // Small and Tatham boards, a board that needs search, and one generated 30x30 board.
    let mut ids: Vec<String> = fixtures()
        .into_iter()
        .filter(|f| f.file == "hashi-small.txt" || f.file == "tatham-bridges.txt")
        .map(|f| f.id)
        .collect();
    ids.push(
        fixtures()
            .into_iter()
            .find(|f| f.id.starts_with("10x14:2aa5a3"))
            .unwrap()
            .id,
    );
    ids.push(
        fixtures()
            .into_iter()
            .find(|f| f.file == "hashi-generated.txt")
            .unwrap()
            .id,
    );
    for techniques in [None, only(&["degree", "matrixTree"])] {
        let opts = json!({"techniques": techniques.clone()});
        for id in &ids {
            let mut fast = Session::new("hashi", id, "solve", &opts).unwrap();
            let fr = fast.solve(u64::MAX, u64::MAX).unwrap();
            let mut slow = Session::new("hashi", id, "solve", &opts).unwrap();
            let mut events = 0;
            loop {
                let f = slow.step(7);
                events += f.events.len();
                for e in &f.events {
                    assert!(matches!(e, AnyEvent::Hashi(_)));
                }
                if f.status.is_done() {
                    break;
                }
            }
            let sr = slow.solve(u64::MAX, u64::MAX).unwrap();
            assert_eq!(fr.stats.nodes, sr.stats.nodes, "{id}");
            assert_eq!(fr.stats.backtracks, sr.stats.backtracks, "{id}");
            assert_eq!(fr.verdict, sr.verdict, "{id}");
            assert_eq!(fr.solutions, sr.solutions, "{id}");
            assert!(events > 0);
        }
    }
}

/// Replays the range events of a trace on a fresh copy of the ranges, forwards and then backwards,
/// to show the events are invertible from themselves alone.
#[test]
fn range_events_replay_forwards_and_backwards() {
    for id in [
        "3x3m2:3a3c3a3",
        "7x7m2:2g1d3g5e6h2a3b33c2b",
        "6x6m2L:2a4a2i4i1a4a3g",
    ] {
        let p = parse_any(id).unwrap();
        let mut s = Solver::new(&p, SolveOptions::default()).unwrap();
        let start = s.ranges();
        let mut t = Trace::default();
        s.run(&mut Budget::unlimited(), &mut t);
        let mut r = start.clone();
        for e in &t.events {
            if let Event::HashiRange {
                edge,
                before,
                after,
                ..
            } = e
            {
                assert_eq!(r[*edge as usize], *before);
                r[*edge as usize] = *after;
            }
        }
        assert_eq!(r, s.ranges(), "{id}");
        for e in t.events.iter().rev() {
            if let Event::HashiRange {
                edge,
                before,
                after,
                ..
            } = e
            {
                assert_eq!(r[*edge as usize], *after);
                r[*edge as usize] = *before;
            }
        }
        assert_eq!(r, start);
        let json = serde_json::to_string(&t.events).unwrap();
        assert!(json.contains(r#""kind":"hashiRange""#) && json.contains(r#""why":"#));
    }
}

#[test]
fn brute_force_agrees_on_random_small_boards() {
    let mut checked = 0;
    for seed in 0..400u64 {
        let w = 3 + (seed % 4) as usize;
        let gp = GenParams {
            width: w,
            height: w + (seed % 2) as usize,
            islands: 3 + (seed % 7) as usize,
            max_bridges: 1 + (seed % 3) as u8,
            max_len: 4,
            loop_chance: 0.6,
            no_loops: false,
            expansion: None,
        };
        let (mut p, _) = generate(&gp, seed);
        // Perturb some numbers so boards without any solution are tested too.
        if seed % 3 == 0 {
            let mut rng = Rng::new(seed);
            for v in p.cells.iter_mut() {
                if *v != 0 && rng.index(4) == 0 {
                    *v = (*v % (4 * p.max_bridges)) + 1;
                }
            }
        }
        p.no_loops = seed % 5 == 0;
        if p.validate().is_err() {
            continue;
        }
        let want = brute_force(&p, false, 2);
        let (st, sols, _) = solve_all(&p, SolveOptions::default(), u64::MAX, u64::MAX).unwrap();
        assert_eq!(sols.len(), want.len(), "seed {seed}: {}", to_plain(&p));
        assert_eq!(
            st,
            if want.len() == 2 {
                Status::LimitReached
            } else {
                Status::Exhausted
            }
        );
        for s in &sols {
            check_solution(&p, s).unwrap();
        }
        let art = SolveOptions {
            techniques: Techniques::article(),
            ..SolveOptions::default()
        };
        let (_, sols2, _) = solve_all(&p, art, u64::MAX, u64::MAX).unwrap();
        assert_eq!(sols2.len(), want.len(), "article, seed {seed}");
        // Restarting after every backtrack must stay complete and count each solution once.
        let restarting = SolveOptions {
            techniques: Techniques::none(),
            restart_base: 1,
            ..SolveOptions::default()
        };
        let (st3, sols3, _) = solve_all(&p, restarting, u64::MAX, u64::MAX).unwrap();
        assert_eq!(sols3.len(), want.len(), "restarts, seed {seed}");
        assert_eq!(st3, st);
        checked += 1;
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn parsers_never_panic_on_garbage() {
    let mut rng = Rng::new(99);
    let alphabet: Vec<char> = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGL.#/:?&=-+x \n\t_é"
        .chars()
        .collect();
    let seeds = [
        "7x7m2:3a4c3i2b1a5e5n3e2",
        "https://puzz.link/p?hashi/3/3/2g2i2g2",
        "3.4...3/.......",
        "5x5m4L:b4g4aGa4g4b",
        "https://pzv.jp/p.html?hashikake/10/10/-ff+fff",
    ];
    for round in 0..20_000 {
        let text: String = if round % 2 == 0 {
            let len = rng.index(40);
            (0..len)
                .map(|_| alphabet[rng.index(alphabet.len())])
                .collect()
        } else {
            // Truncate or mutate a valid ID.
            let base: Vec<char> = seeds[rng.index(seeds.len())].chars().collect();
            let mut v: Vec<char> = base[..rng.index(base.len() + 1)].to_vec();
            if !v.is_empty() && rng.index(2) == 0 {
                let i = rng.index(v.len());
                v[i] = alphabet[rng.index(alphabet.len())];
            }
            v.into_iter().collect()
        };
        if let Ok(p) = parse_any(&text) {
            // Whatever parses must write back and be solvable without panicking.
            assert!(p.validate().is_ok());
            let _ = to_plain(&p);
            let _ = to_tatham_id(&p);
            let _ = to_puzzlink_url(&p);
            let mut s = Solver::new(&p, SolveOptions::default()).unwrap();
            s.run(&mut Budget::nodes(1000), &mut NoEvents);
        }
    }
}

#[test]
fn ids_round_trip() {
    for fx in fixtures() {
        let p = parse_any(&fx.id).unwrap();
        assert_eq!(
            parse_any(&to_plain(&p)).map(|q| q.cells),
            Ok(p.cells.clone())
        );
        if let Ok(t) = to_tatham_id(&p) {
            if fx.file != "hashi-external.txt" {
                // Those use another run-length style ('aa' for 'b') and omit m2.
                assert_eq!(t, fx.id, "Tatham IDs are written back exactly");
            }
            assert_eq!(parse_any(&t).unwrap(), p);
        }
        if let Ok(u) = to_puzzlink_url(&p) {
            assert_eq!(parse_any(&u).unwrap(), p);
        }
    }
}

#[test]
fn hints_follow_the_solution() {
    let p = parse_any("7x7m2:2g1d3g5e6h2a3b33c2b").unwrap();
    let (_, sols, _) = solve_all(&p, SolveOptions::default(), u64::MAX, u64::MAX).unwrap();
    let sol = &sols[0];
    // From an empty board, repeatedly taking the hint's bridges solves the puzzle.
    let mut user: Vec<Bridge> = Vec::new();
    for _ in 0..100 {
        let h = hint(&p, &user).unwrap();
        match h.kind {
            HintKind::Solved => break,
            HintKind::Deduction | HintKind::Guess => {
                assert!(!h.why.is_empty());
                for b in h.bridges {
                    user.retain(|u| !(u.a == b.a && u.b == b.b));
                    user.push(b);
                }
            }
            other => panic!("unexpected hint {other:?}: {}", h.why),
        }
    }
    user.sort();
    assert_eq!(&user, sol);
    assert!(check_board(&p, &user).unwrap().solved);
    // A bridge the solution does not have is named as the mistake.
    let g = graph::Graph::new(&p);
    let wrong = g
        .edges
        .iter()
        .map(|e| {
            Bridge {
                a: g.pos(e.a),
                b: g.pos(e.b),
                n: 1,
            }
            .normalized()
        })
        .find(|w| !sol.iter().any(|b| b.a == w.a && b.b == w.b))
        .expect("some candidate pair is unused");
    let h = hint(&p, &[wrong]).unwrap();
    assert_eq!(h.kind, HintKind::Mistake);
    assert_eq!(h.bridges, vec![wrong]);
    assert_eq!(check_board(&p, &[wrong]).unwrap().mistakes, vec![wrong]);
    // The first hint on the board of four 2s explains itself.
    let p = parse_any("2.2/.../2.2").unwrap();
    let h = hint(&p, &[]).unwrap();
    assert_eq!(h.kind, HintKind::Deduction);
    assert!(h.why.contains("needs 2"), "{}", h.why);
    assert!(!h.because.is_empty());
}

/// The first deduction of a stepped run that adds bridges: its rule and sentence, and the bridges
/// it adds (read the way a viewer would: the `hashiRange` events after a `hashiRule`). Only the
/// first node (the root propagation) counts: a guess ends the search for a deduction.
fn first_adding_deduction(p: &Puzzle) -> Option<(solve::Rule, String, Vec<Bridge>)> {
    let mut stepper =
        solvescope::engine::Stepper::new(Solver::new(p, SolveOptions::default()).unwrap());
    let mut current = None;
    let mut adds: Vec<Bridge> = Vec::new();
    let mut stopped = false;
    while !stopped {
        let frame = stepper.step(64);
        for ev in frame.events {
            match ev {
                Event::HashiRule { rule, why, .. } => {
                    if !adds.is_empty() {
                        stopped = true;
                        break;
                    }
                    current = Some((rule, why));
                }
                Event::HashiRange {
                    a,
                    b,
                    before,
                    after,
                    ..
                } if after[0] > before[0] => {
                    adds.push(
                        Bridge {
                            a: (a[0] as usize, a[1] as usize),
                            b: (b[0] as usize, b[1] as usize),
                            n: after[0],
                        }
                        .normalized(),
                    );
                }
                Event::HashiFocus { .. }
                | Event::HashiGuess { .. }
                | Event::HashiDeadEnd { .. } => {
                    stopped = true;
                    break;
                }
                _ => continue,
            }
        }
        stopped |= frame.status.is_done();
    }
    let (rule, why) = current?;
    (!adds.is_empty()).then_some((rule, why, adds))
}

#[test]
fn hint_agrees_with_the_first_deduction_of_a_stepped_run() {
    let mut compared = 0;
    for f in fixtures().iter().filter(|f| f.status == "unique").take(25) {
        let p = parse_any(&f.id).unwrap();
        let h = hint(&p, &[]).unwrap();
        match first_adding_deduction(&p) {
            Some((rule, why, bridges)) => {
                assert_eq!(h.kind, HintKind::Deduction, "{}", f.id);
                assert_eq!(h.rule, Some(rule), "{}", f.id);
                assert_eq!(h.why, why, "{}", f.id);
                assert_eq!(h.bridges, bridges, "{}", f.id);
                compared += 1;
            }
            None => assert_ne!(h.kind, HintKind::Deduction, "{}", f.id),
        }
    }
    assert!(
        compared >= 10,
        "only {compared} fixtures start with a deduction"
    );
}

#[test]
fn check_board_marks_problems() {
    let p = parse_plain(".2./2.2/.2.").unwrap();
    let cross = [
        Bridge {
            a: (0, 1),
            b: (2, 1),
            n: 2,
        },
        Bridge {
            a: (1, 0),
            b: (1, 2),
            n: 2,
        },
    ];
    let r = check_board(&p, &cross).unwrap();
    assert_eq!(r.crossing.len(), 1);
    assert_eq!(r.finished.len(), 4);
    assert!(!r.solved);
    let bad = [Bridge {
        a: (0, 1),
        b: (1, 0),
        n: 1,
    }];
    let off = [Bridge {
        a: (usize::MAX, 1),
        b: (1, usize::MAX),
        n: 1,
    }];
    assert_eq!(check_board(&p, &off).unwrap().invalid.len(), 1);
    assert_eq!(hint(&p, &off).unwrap().kind, HintKind::Mistake);
    assert_eq!(check_board(&p, &bad).unwrap().invalid.len(), 1);
    let p = parse_any("3x3m2:2a2c1a1").unwrap();
    let over = [Bridge {
        a: (2, 0),
        b: (2, 2),
        n: 2,
    }];
    let r = check_board(&p, &over).unwrap();
    assert_eq!(r.overfull, vec![[2, 0], [2, 2]]);
    assert_eq!(r.mistakes, vec![over[0]]);
}

#[test]
fn hint_and_check_board_never_panic_on_random_bridges() {
    let mut rng = Rng::new(5);
    let boards = [
        "7x7m2:2g1d3g5e6h2a3b33c2b",
        "3.3/.../3.3",
        "3.3.2/...../.2.2./...../2.3.3",
        "2#2/.../3.3",
    ];
    for round in 0..300 {
        let p = parse_any(boards[round % boards.len()]).unwrap();
        let n = rng.index(6);
        let coord = |rng: &mut Rng| match rng.index(10) {
            0 => usize::MAX,
            _ => rng.index(8),
        };
        let user: Vec<Bridge> = (0..n)
            .map(|_| Bridge {
                a: (coord(&mut rng), coord(&mut rng)),
                b: (coord(&mut rng), coord(&mut rng)),
                n: rng.index(5) as u8,
            })
            .collect();
        let report = check_board(&p, &user).unwrap();
        assert!(!report.solved || check_solution(&p, &user).is_ok());
        let h = hint(&p, &user);
        assert!(h.is_ok(), "{user:?}: {h:?}");
    }
}

#[test]
fn the_matrix_tree_prune_is_visible_in_the_events() {
    // The article's setting on its own 5x5: the two middle 2s can only join each other, so once
    // the search removes the last link to them the count of spanning trees drops to zero.
    let opts = json!({"techniques": only(&["matrixTree"]), "heuristic": "ratio"});
    let mut s = Session::new("hashi", "3.3.2/...../.2.2./...../2.3.3", "solve", &opts).unwrap();
    let mut seen = false;
    loop {
        let f = s.step(50);
        for e in &f.events {
            if let AnyEvent::Hashi(Event::HashiMatrixTree { counts, why, .. }) = e {
                assert_eq!(*counts, [0, 0]);
                assert!(why.contains("no spanning tree"));
                seen = true;
            }
        }
        if f.status.is_done() {
            break;
        }
    }
    assert!(seen);
    assert_eq!(s.solve(u64::MAX, u64::MAX).unwrap().verdict, Verdict::None);
    let bad = json!({"heuristic": "random"});
    assert!(Session::new("hashi", "2.2/.../2.2", "solve", &bad)
        .err()
        .unwrap()
        .contains("unknown heuristic"));
}

/// What a replay has seen: the islands of each guessed edge (1-based, as sentences write them),
/// solutions and restarts.
#[derive(Default)]
struct Seen {
    edges: std::collections::HashMap<u32, [[u32; 2]; 2]>,
    solutions: u64,
    restarts: u64,
}

/// Checks that the sentences of backtracks, solutions and restarts state what the replay itself
/// saw: the islands of the edge guessed on last, the solution's and the restart's numbers.
fn said(events: &[AnyEvent], seen: &mut Seen) {
    let at = |[r, c]: [u32; 2]| format!("(row {}, column {})", r + 1, c + 1);
    for e in events {
        match e {
            AnyEvent::Hashi(Event::HashiGuess { edge, a, b, .. }) => {
                seen.edges.insert(*edge, [*a, *b]);
            }
            AnyEvent::Hashi(Event::HashiBacktrack { edge, why, .. }) => {
                let [a, b] = seen.edges[edge];
                let want = format!(
                    "backtrack: every number of bridges between {} and {} failed",
                    at(a),
                    at(b)
                );
                assert_eq!(why, &want);
            }
            AnyEvent::Hashi(Event::HashiSolution { why, .. }) => {
                seen.solutions += 1;
                assert_eq!(why, &format!("solution {} found", seen.solutions));
            }
            AnyEvent::Hashi(Event::HashiRestart { why, .. }) => {
                seen.restarts += 1;
                assert!(
                    why.starts_with(&format!("restart {}: ", seen.restarts)),
                    "{why}"
                );
                assert!(why.contains("too many backtracks"), "{why}");
            }
            _ => {}
        }
    }
}

#[test]
fn step_equals_solve_across_restarts() {
    // Plain backtracking on the 10x10 and 15x15 boards backtracks enough to restart.
    let opts = json!({"techniques": only(&[])});
    let mut restarted = 0;
    for fx in fixtures().iter().filter(|f| {
        f.file == "tatham-bridges.txt" && !f.id.starts_with("25x25") || f.id.starts_with("10x10")
    }) {
        let mut fast = Session::new("hashi", &fx.id, "solve", &opts).unwrap();
        let fr = fast.solve(u64::MAX, u64::MAX).unwrap();
        let mut slow = Session::new("hashi", &fx.id, "solve", &opts).unwrap();
        let mut restart_events = 0;
        while !slow.step(64).status.is_done() {}
        let sr = slow.solve(u64::MAX, u64::MAX).unwrap();
        let mut again = Session::new("hashi", &fx.id, "solve", &opts).unwrap();
        let mut seen = Seen::default();
        loop {
            let f = again.step(1000);
            said(&f.events, &mut seen);
            restart_events += f
                .events
                .iter()
                .filter(|e| matches!(e, AnyEvent::Hashi(Event::HashiRestart { .. })))
                .count();
            if f.status.is_done() {
                break;
            }
        }
        assert_eq!(
            (fr.stats.nodes, fr.stats.restarts),
            (sr.stats.nodes, sr.stats.restarts)
        );
        assert_eq!(fr.solutions, sr.solutions);
        assert_eq!(fr.verdict, Verdict::Unique, "{}", fx.id);
        assert_eq!(restart_events as u64, fr.stats.restarts);
        assert_eq!((seen.restarts, seen.solutions), (fr.stats.restarts, 1));
        restarted += (fr.stats.restarts > 0) as u32;
    }
    assert!(restarted >= 2, "{restarted}");
}

/// `WxH#SEED` IDs come from shared links: large boards are refused rather than generated for
/// minutes, the no-loops rule gets a puzzle that has a solution under it, and any seed works.
#[test]
fn random_ids_are_capped_and_honour_no_loops() {
    let e = parse_any("100x100m4#1").unwrap_err();
    assert!(e.contains("30x30"), "{e}");
    for id in ["12x12L#4", "30x30L#4", "9x9m3#1"] {
        let p = parse_any(id).unwrap();
        assert_eq!(p.no_loops, id.contains('L'));
        let r = Session::new("hashi", id, "solve", &Value::Null)
            .unwrap()
            .solve(u64::MAX, u64::MAX)
            .unwrap();
        assert_eq!(r.verdict, Verdict::Unique, "{id}");
        let AnySolution::Hashi(b) = &r.solutions[0] else {
            panic!("{id}: {:?}", r.solutions[0]);
        };
        check_solution(&p, b).unwrap();
    }
    // Seeds next to u64::MAX wrap instead of overflowing (above 2^53 - 1 a seed is given as
    // text: a JSON number there would not be exact in JavaScript, and is refused).
    let request = json!({"size": "7x7", "seed": u64::MAX.to_string()});
    assert!(solvescope::puzzles::lookup("hashi")
        .unwrap()
        .generate(&request)
        .is_ok());
}

/// A bridge listed twice, with the same count or another, or with its ends swapped, is read once
/// and the same way by check and hint (`hint::PlayerBoard`): the first listing counts, every later
/// one is `repeated` in the report and the hint's mistake; a count of 0 is worded as such.
#[test]
fn repeated_and_contradictory_bridges_are_read_once_by_check_and_hint() {
    let p = parse_any("7x7m2:2g1d3g5e6h2a3b33c2b").unwrap();
    let (_, sols, _) = solve_all(&p, SolveOptions::default(), u64::MAX, u64::MAX).unwrap();
    let sol = &sols[0];
    let b = sol[0];
    let alone = check_board(&p, &[b]).unwrap();
    let other = Bridge {
        n: if b.n == 1 { 2 } else { 1 },
        ..b
    };
    let swapped = Bridge {
        a: b.b,
        b: b.a,
        ..b
    };
    for (second, contradictory) in [(b, false), (other, true), (swapped, false)] {
        let user = [b, second];
        let r = check_board(&p, &user).unwrap();
        assert_eq!(r.repeated, vec![second.normalized()], "{second:?}");
        // The first listing alone counts toward finished and over-full islands.
        assert_eq!(
            (r.finished.clone(), r.overfull.clone()),
            (alone.finished.clone(), alone.overfull.clone())
        );
        assert!(r.invalid.is_empty() && r.crossing.is_empty());
        let h = hint(&p, &user).unwrap();
        assert_eq!(h.kind, HintKind::Mistake, "{}", h.why);
        assert_eq!(h.bridges, vec![second.normalized()]);
        assert!(h.why.contains("is listed twice"), "{}", h.why);
        assert_eq!(h.why.contains(", with "), contradictory, "{}", h.why);
    }
    // The whole solution with one bridge repeated is not solved, for check, hint and the checker.
    let mut user = sol.clone();
    user.push(b);
    assert!(check_solution(&p, &user).is_err());
    let r = check_board(&p, &user).unwrap();
    assert!(!r.solved);
    assert_eq!(r.repeated, vec![b]);
    assert_eq!(hint(&p, &user).unwrap().kind, HintKind::Mistake);
    // "0 bridges" and "3 bridges" on a real pair, and a pair that sees no water line: each said
    // once, in words that read (no "no no bridges").
    for n in [0, 3] {
        let bad = Bridge { n, ..b };
        assert_eq!(check_board(&p, &[bad]).unwrap().invalid, vec![bad]);
        let h = hint(&p, &[bad]).unwrap();
        assert_eq!(h.kind, HintKind::Mistake);
        assert!(h.why.contains("carries 1 to 2 bridges"), "{}", h.why);
        assert!(!h.why.contains("no no"), "{}", h.why);
    }
    let nowhere = Bridge {
        a: (0, 0),
        b: (6, 6),
        n: 0,
    };
    let h = hint(&p, &[nowhere]).unwrap();
    assert!(
        h.why.starts_with("there can be no bridge between"),
        "{}",
        h.why
    );
    assert!(!h.why.contains("no no"), "{}", h.why);
}

/// A list with a bridge repeated 400,000 times (the attack repeated one 80,000 times and took 14 s
/// in a quadratic check) is read in linear time by check and hint, with one `repeated` entry per
/// later listing.
#[test]
fn a_long_list_of_repeated_bridges_is_read_in_linear_time() {
    let p = parse_any("7x7m2:2g1d3g5e6h2a3b33c2b").unwrap();
    let (_, sols, _) = solve_all(&p, SolveOptions::default(), u64::MAX, u64::MAX).unwrap();
    let b = sols[0][0];
    let copies = 400_000;
    let user = vec![b; copies];
    let board = hint::PlayerBoard::read(&graph::Graph::new(&p), p.max_bridges, &user);
    assert_eq!(board.placed.len(), 1);
    assert_eq!(board.repeated.len(), copies - 1);
    let started = std::time::Instant::now();
    let r = check_board(&p, &user).unwrap();
    assert_eq!(r.repeated.len(), copies - 1);
    assert_eq!(hint(&p, &user).unwrap().kind, HintKind::Mistake);
    // Not a speed test: linear work takes tens of milliseconds here, the old quadratic reading
    // ~350 s. 20 s leaves room for a loaded shared 2-core machine and a debug build.
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
}

/// Every dead end's sentence begins with its label, "dead end: " (the page shows it as it is, and
/// a hint on a wrong board reads "your bridges lead to a dead end: …"), whichever rule found it:
/// the small fixtures traced under every technique set, each run cut at 3,000 nodes.
#[test]
fn every_dead_end_says_dead_end_whichever_rule_finds_it() {
    let mut seen = std::collections::BTreeSet::new();
    let sets = [
        Techniques::none(),
        Techniques::default(),
        Techniques::article(),
        Techniques {
            connectivity: false,
            ..Techniques::default()
        },
    ];
    for fx in fixtures() {
        let p = parse_any(&fx.id).unwrap();
        if p.width * p.height > 100 {
            continue; // small boards reach every rule; big ones only cost time
        }
        for techniques in sets {
            let opts = SolveOptions {
                techniques,
                ..SolveOptions::default()
            };
            let mut s = solve::Solver::new(&p, opts).unwrap();
            let mut t = Trace::default();
            s.run(&mut Budget::nodes(3_000), &mut t);
            for e in &t.events {
                if let solve::Event::HashiDeadEnd { rule, why, .. } = e {
                    assert!(why.starts_with("dead end: "), "{}: {why}", fx.id);
                    seen.insert(format!("{rule:?}"));
                }
            }
        }
    }
    // The rules that end the solver's branches (a range or a crossing fails only on a player's
    // bridges, which hints read).
    assert_eq!(
        seen.into_iter().collect::<Vec<_>>(),
        ["Connectivity", "Degree", "Isolation"]
    );
}
