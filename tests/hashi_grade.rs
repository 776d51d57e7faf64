//! Hashiwokakero grading (docs/GRADING.md): agreement with Tatham's own levels, soundness of the
//! rungs against the solver and the independent checker, and the verdicts for puzzles with no
//! or several solutions.

use solvescope::puzzles::hashi::generate::{generate, GenParams};
use solvescope::puzzles::hashi::grade::{
    bridges_without_guessing, grade, Difficulty, Grade, Method,
};
use solvescope::puzzles::hashi::solve::solve_all;
use solvescope::puzzles::hashi::{check_solution, parse_any, SolveOptions};

/// Tatham's generator made these puzzles at each of its levels (tests/fixtures): each is unique
/// (the solver, and its solution through the independent checker), our grade is never more than
/// one level from his, and all 120 agree (docs/GRADING.md; 89 of 120 when the levels were first
/// defined).
#[test]
fn grades_agree_with_tatham_on_puzzles_tatham_graded() {
    let text = include_str!("fixtures/tatham-bridges-graded.txt");
    let mut matrix = [[0usize; 3]; 3];
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (level, id) = line.split_once('\t').unwrap();
        let theirs = Difficulty::from_name(level).unwrap();
        let p = parse_any(id).unwrap();
        let (_, sols, _) = solve_all(&p, SolveOptions::default(), 5_000_000, u64::MAX).unwrap();
        assert_eq!(sols.len(), 1, "{id}");
        check_solution(&p, &sols[0]).unwrap();
        let Grade::Unique(method) = grade(&p, 5_000_000).unwrap() else {
            panic!("{id}: Tatham's puzzles have one solution");
        };
        let ours = method.difficulty();
        assert!(
            (ours as i32 - theirs as i32).abs() <= 1,
            "{id}: Tatham {theirs:?}, ours {ours:?} ({method:?})"
        );
        matrix[theirs as usize][ours as usize] += 1;
    }
    let total: usize = matrix.iter().flatten().sum();
    let agree: usize = (0..3).map(|i| matrix[i][i]).sum();
    eprintln!("Tatham (rows) against our grade (columns), easy..hard: {matrix:?}");
    assert_eq!(total, 120);
    // Before the own-view forms of easy and medium (Tatham's way of counting, docs/GRADING.md)
    // this was 89 of 120: [[35, 5, 0], [5, 35, 0], [0, 21, 19]].
    assert_eq!(agree, 120, "agreement {agree} of {total}: {matrix:?}");
}

/// Every rung is sound and each contains the one before: on random boards (unique or not), a
/// rung that decides every edge reaches the one solution the full solver finds, which passes the
/// independent checker, and every stronger rung then decides it too. A board with several
/// solutions is never decided by any rung.
#[test]
fn rungs_are_sound_and_nested() {
    let mut decided = [0usize; 6];
    let mut multiple = 0;
    for seed in 0..300u64 {
        let gp = GenParams {
            width: 5 + (seed % 6) as usize,
            height: 5 + (seed % 5) as usize,
            islands: 6 + (seed % 10) as usize,
            max_bridges: 1 + (seed % 4) as u8,
            max_len: 4,
            loop_chance: 0.4,
            no_loops: false,
            expansion: None,
        };
        let (p, _) = generate(&gp, seed);
        if p.validate().is_err() {
            continue;
        }
        let (_, sols, _) = solve_all(&p, SolveOptions::default(), 1_000_000, u64::MAX).unwrap();
        let mut solved_below = false;
        for (k, m) in Method::DEDUCTIVE.into_iter().enumerate() {
            let got = bridges_without_guessing(&p, m).unwrap();
            match &got {
                Some(b) => {
                    assert_eq!(
                        sols.len(),
                        1,
                        "seed {seed}: {m:?} decided a board with {} solutions",
                        sols.len()
                    );
                    assert_eq!(b, &sols[0], "seed {seed}: {m:?}");
                    check_solution(&p, b).unwrap();
                    decided[k] += 1;
                }
                None => assert!(
                    !solved_below,
                    "seed {seed}: {m:?} lost what a weaker rung found"
                ),
            }
            solved_below |= got.is_some();
        }
        multiple += (sols.len() > 1) as usize;
    }
    eprintln!(
        "decided per rung (simple..probe): {decided:?}, boards with several solutions: {multiple}"
    );
    assert!(decided[0] > 20 && multiple > 20, "{decided:?} {multiple}");
}

#[test]
fn puzzles_without_one_solution_have_no_grade() {
    assert_eq!(
        grade(&parse_any("3.3/.../3.3").unwrap(), 1000).unwrap(),
        Grade::Multiple
    );
    assert_eq!(
        grade(&parse_any("3.3.2/...../.2.2./...../2.3.3").unwrap(), 1000).unwrap(),
        Grade::NoSolution
    );
    // The middle 2 has two neighbours that take one each.
    assert_eq!(
        grade(&parse_any("1.2.1").unwrap(), 1000).unwrap(),
        Grade::Unique(Method::Simple)
    );
    // Four 2s in the corners: two double bridges would leave two groups, so a ring it is.
    let corners = parse_any("2.2/.../2.2").unwrap();
    assert_eq!(
        grade(&corners, 1000).unwrap(),
        Grade::Unique(Method::Isolation)
    );
    assert_eq!(Method::Isolation.difficulty(), Difficulty::Hard);
    assert!(Difficulty::from_name("extreme")
        .unwrap_err()
        .contains("easy, medium, hard"));
}

/// `generate` with a difficulty, through the registry's JSON request (the path wasm takes): at
/// each size and level offered, every puzzle is unique (the full solver, its solution through the
/// independent checker), graded exactly the level asked for, has a Tatham ID, and the same request
/// gives the same puzzle; different seeds give different puzzles.
#[test]
fn generated_puzzles_have_the_difficulty_asked_for() {
    let game = solvescope::puzzles::lookup("hashi").unwrap();
    for (size, levels) in [
        ("7x7", &["easy", "medium", "hard"][..]),
        ("10x10", &["easy", "medium", "hard"][..]),
        ("15x9", &["easy", "medium", "hard"][..]),
        ("20x20", &["easy", "medium", "hard"][..]),
        ("30x30", &["easy", "medium", "hard"][..]),
        ("45x45", &["easy", "medium", "hard"][..]),
        ("60x60", &["easy", "medium", "hard"][..]),
    ] {
        for &level in levels {
            let mut ids = Vec::new();
            for seed in 1..=3u64 {
                let req = serde_json::json!({"size": size, "seed": seed, "difficulty": level});
                let made = game
                    .generate(&req)
                    .unwrap_or_else(|e| panic!("{size} {level} seed {seed}: {e}"));
                assert_eq!(made["difficulty"], level);
                assert_eq!(game.generate(&req).unwrap(), made, "{size} {level} {seed}");
                let id = made["exports"]["tatham"].as_str().unwrap().to_string();
                let p = parse_any(&id).unwrap();
                let (_, sols, _) =
                    solve_all(&p, SolveOptions::default(), 5_000_000, u64::MAX).unwrap();
                assert_eq!(sols.len(), 1, "{id}");
                check_solution(&p, &sols[0]).unwrap();
                let g = grade(&p, 5_000_000).unwrap();
                assert_eq!(
                    g.difficulty().map(|d| d.name()),
                    Some(level),
                    "{size} {level} seed {seed}: {g:?}"
                );
                assert!(!ids.contains(&id), "{size} {level}: seeds repeat a puzzle");
                ids.push(id);
            }
        }
    }
}
