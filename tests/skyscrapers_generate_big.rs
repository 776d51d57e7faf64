//! The Skyscrapers generator at the big sizes, 10x10 to 16x16, through the registry's JSON request
//! (the path wasm and the CLI take): a batch at every size and level, each puzzle proved unique by
//! the solver, its solution passed through the independent checker, graded as asked; nearby seeds
//! give different puzzles, the same request the same puzzle; clue-only levels are refused with a
//! sentence naming size and level; budgets end a generation with an "out of budget" error instead of
//! running on.

use serde_json::{json, Value};
use solvescope::puzzles::contract::OUT_OF_BUDGET;
use solvescope::puzzles::skyscrapers::grade::{grade, Difficulty, Grade};
use solvescope::puzzles::skyscrapers::{check_solution, parse_any};
use solvescope::session::{AnySolution, Session, Verdict};

fn sky() -> &'static dyn solvescope::puzzles::contract::AnyGame {
    solvescope::puzzles::lookup("skyscrapers").unwrap()
}

/// Proves the generated puzzle unique with the solver, checks its solution independently, and
/// returns its ID after checking the grade.
fn assert_unique_and_graded(made: &Value, n: usize, level: Difficulty) -> String {
    let id = made["exports"]["tatham"].as_str().unwrap().to_string();
    let p = parse_any(&id).unwrap();
    assert_eq!(p.n, n, "{id}");
    assert_eq!(made["difficulty"], level.name(), "{id}");
    let mut s = Session::new("skyscrapers", &id, "solve", &Value::Null).unwrap();
    let r = s.solve(u64::MAX, u64::MAX).unwrap();
    assert_eq!(r.verdict, Verdict::Unique, "{id}");
    let AnySolution::Skyscrapers(grid) = &r.solutions[0] else {
        panic!("{id}: not a grid")
    };
    check_solution(&p, grid).unwrap();
    // The givens the generator left are the solution's own heights.
    for (i, &g) in p.givens.iter().enumerate() {
        if g != 0 {
            assert_eq!(grid[i / n][i % n], g, "{id}: given at cell {i}");
        }
    }
    assert_eq!(grade(&p, u64::MAX).unwrap(), Grade::Unique(level), "{id}");
    id
}

#[test]
fn every_big_size_and_level_with_givens_gives_unique_puzzles_of_that_grade() {
    for n in 10..=16usize {
        for level in Difficulty::ALL {
            let mut ids = Vec::new();
            for seed in [0u64, 1] {
                let request = json!({"size": n.to_string(), "seed": seed, "difficulty": level.name(), "givens": true});
                let made = sky()
                    .generate(&request)
                    .unwrap_or_else(|e| panic!("{request}: {e}"));
                assert_eq!(made["seed"], seed);
                ids.push(assert_unique_and_graded(&made, n, level));
            }
            assert_ne!(
                ids[0], ids[1],
                "{n}x{n} {level:?}: nearby seeds, one puzzle"
            );
        }
    }
}

#[test]
fn the_same_request_gives_the_same_big_puzzle() {
    for (n, level) in [(12, "unreasonable"), (16, "easy"), (16, "hard")] {
        let request =
            json!({"size": n.to_string(), "seed": 7, "difficulty": level, "givens": true});
        let a = sky().generate(&request).unwrap();
        assert_eq!(a, sky().generate(&request).unwrap(), "{request}");
        // A budget that is not used up changes nothing: what a seed makes never depends on it.
        let mut budgeted = request.clone();
        budgeted["maxMs"] = json!(600_000);
        budgeted["maxNodes"] = json!(1_000_000_000u64);
        assert_eq!(a, sky().generate(&budgeted).unwrap(), "{budgeted}");
    }
}

#[test]
fn clue_only_levels_above_seven_are_refused_naming_size_and_level() {
    for n in [8usize, 10, 16] {
        for level in Difficulty::ALL {
            let request = json!({"size": n.to_string(), "seed": 1, "difficulty": level.name()});
            let e = sky().generate(&request).unwrap_err();
            assert!(
                e.contains(&format!(
                    "no {n}x{n} {} puzzles with clues only",
                    level.name()
                )) && e.contains("--givens"),
                "{request}: {e}"
            );
        }
    }
    // The registry's largest size is the solver's, and one more is refused with the range.
    let e = sky().generate(&json!({"size": "17"})).unwrap_err();
    assert!(e.contains("1x1 to 16x16, got 17"), "{e}");
}

#[test]
fn budgets_end_a_generation_with_out_of_budget() {
    // Nodes: the level checks alone need more than ten.
    let e = sky()
        .generate(&json!({"size": "16", "seed": 3, "difficulty": "unreasonable", "givens": true, "maxNodes": 10}))
        .unwrap_err();
    assert!(
        e.contains(OUT_OF_BUDGET)
            && e.contains("16x16 unreasonable puzzle from seed 3")
            && e.contains("10 nodes"),
        "{e}"
    );
    // Time: a 16x16 unreasonable takes far more than a millisecond (BENCHMARKS.md).
    let e = sky()
        .generate(&json!({"size": "16", "seed": 3, "difficulty": "unreasonable", "givens": true, "maxMs": 1}))
        .unwrap_err();
    assert!(e.contains(OUT_OF_BUDGET) && e.contains("1 ms"), "{e}");
    // The generator without a level keeps to its budget too.
    let e = sky()
        .generate(&json!({"size": "14", "seed": 3, "maxNodes": 5}))
        .unwrap_err();
    assert!(
        e.contains(OUT_OF_BUDGET) && e.contains("14x14 puzzle from seed 3"),
        "{e}"
    );
    // Hashiwokakero's generator takes a time budget but refuses a node budget rather than
    // ignoring it.
    let hashi = solvescope::puzzles::lookup("hashi").unwrap();
    let e = hashi
        .generate(&json!({"size": "7", "maxNodes": 100}))
        .unwrap_err();
    assert!(e.contains("not a node budget"), "{e}");
}
