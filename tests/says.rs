//! The sentence that ends a run comes from Rust (`Report::says`, and `Frame::says` on the frame
//! that ends a stepped run), so the page writes none of its own. Checked against an oracle that
//! shares nothing with the solver: every 4 × 4 Latin square is tried against the clues and givens
//! (the rules written again here), and the sentence must say what that count says; a run its
//! node budget stops must say so, with the budget, and not claim an answer.

use serde_json::{json, Value};
use solvescope::puzzles::lookup;
use solvescope::session::Session;

/// How many 4 × 4 grids keep every rule of the Skyscrapers puzzle `id`.
fn brute_force_count(id: &str) -> usize {
    brute_force_solutions(id).len()
}

/// Every 4 × 4 grid that keeps every rule of the Skyscrapers puzzle `id`.
fn brute_force_solutions(id: &str) -> Vec<[[usize; 4]; 4]> {
    let p = lookup("skyscrapers").unwrap().parse(id).unwrap()["puzzle"].clone();
    let n = p["n"].as_u64().unwrap() as usize;
    assert_eq!(n, 4, "the oracle tries 4 × 4 grids");
    let clue = |side: usize, i: usize| p["clues"][side][i].as_u64().unwrap() as usize;
    let given = |r: usize, c: usize| p["givens"][r * n + c].as_u64().unwrap() as usize;
    let perms: Vec<[usize; 4]> = (0..256)
        .map(|k| [k % 4 + 1, k / 4 % 4 + 1, k / 16 % 4 + 1, k / 64 + 1])
        .filter(|r| (1..=4).all(|v| r.contains(&v)))
        .collect();
    let seen = |line: &[usize]| {
        let mut top = 0;
        line.iter()
            .filter(|&&h| {
                h > top && {
                    top = h;
                    true
                }
            })
            .count()
    };
    let mut found = Vec::new();
    for a in &perms {
        for b in &perms {
            for c in &perms {
                for d in &perms {
                    let g = [a, b, c, d];
                    let ok = (0..4).all(|i| {
                        let col: Vec<usize> = (0..4).map(|r| g[r][i]).collect();
                        let row: Vec<usize> = g[i].to_vec();
                        let rev = |v: &[usize]| v.iter().rev().copied().collect::<Vec<_>>();
                        let distinct = (1..=4).all(|v| col.contains(&v));
                        let fits = |k: usize, line: &[usize]| k == 0 || seen(line) == k;
                        distinct
                            && fits(clue(0, i), &col)
                            && fits(clue(1, i), &rev(&col))
                            && fits(clue(2, i), &row)
                            && fits(clue(3, i), &rev(&row))
                            && (0..4).all(|c| given(i, c) == 0 || given(i, c) == g[i][c])
                    });
                    if ok {
                        found.push([*a, *b, *c, *d]);
                    }
                }
            }
        }
    }
    found
}

/// The sentence of the frame that ends the stepped run of `id`.
fn stepped_says(id: &str) -> String {
    let mut s = Session::new("skyscrapers", id, "solve", &Value::Null).unwrap();
    loop {
        let f = s.step(1000);
        if f.status.is_done() {
            assert!(f.verdict.is_some(), "{id}: the last frame has a verdict");
            return f
                .says
                .expect("the frame that ends a run says what it proved");
        }
        assert!(f.says.is_none(), "{id}: no sentence before the end");
    }
}

#[test]
fn the_end_of_a_run_says_what_the_brute_force_count_says() {
    for id in [
        "4://///1/3///4/////3/",
        "4:///////////////",
        "4:4////4///////////",
        "4:///////////////,1d2d3d4",
    ] {
        let count = brute_force_count(id);
        let report = Session::new("skyscrapers", id, "solve", &Value::Null)
            .unwrap()
            .solve(u64::MAX, u64::MAX)
            .unwrap();
        let expected = match count {
            0 => "No solution: every branch ends in a contradiction",
            1 => "Unique: one solution, and the search proved there is no other",
            _ => "Multiple solutions: the search stopped at the second one",
        };
        let stepped = stepped_says(id);
        assert!(
            stepped.starts_with(expected),
            "{id} ({count} by brute force): {stepped}"
        );
        assert!(report.says.starts_with(expected), "{id}: {}", report.says);
        // The solve's sentence adds the run's time to a proof over the whole search, when the
        // clock measured one (a contradiction found in under a microsecond says none, since
        // "0 µs" would read as a measurement); a step's sentence has none (its time is the
        // run's so far).
        if count <= 1 {
            let timed = [" µs).", " ms).", " s)."]
                .iter()
                .any(|t| report.says.ends_with(t));
            let measured = report.stats.elapsed_micros > 0;
            assert_eq!(timed, measured, "{id}: {}", report.says);
            assert!(
                stepped.ends_with("no other.") || stepped.ends_with("no solution."),
                "{stepped}"
            );
        }
    }
}

/// The distinct solutions of `report` that keep the rules by the brute force above (each one
/// checked, none counted twice).
fn valid_solutions(id: &str, report: &solvescope::puzzles::contract::Report) -> usize {
    let all = brute_force_solutions(id);
    let mut seen = Vec::new();
    for s in &report.solutions {
        let v = serde_json::to_value(s).unwrap();
        let g: Vec<Vec<usize>> = serde_json::from_value(v).unwrap();
        let grid: [[usize; 4]; 4] = std::array::from_fn(|r| std::array::from_fn(|c| g[r][c]));
        assert!(all.contains(&grid), "{id}: {g:?} breaks a rule");
        assert!(!seen.contains(&grid), "{id}: {g:?} reported twice");
        seen.push(grid);
    }
    seen.len()
}

#[test]
fn several_solutions_say_how_the_search_ended_at_any_limit_or_budget() {
    // The empty 4 × 4: every Latin square (576 by the brute force) is a solution.
    let id = "4:///////////////";
    let every = brute_force_count(id);
    let solve = |limit: u64, nodes: u64| {
        Session::new("skyscrapers", id, "solve", &json!({ "limit": limit }))
            .unwrap()
            .solve(nodes, u64::MAX)
            .unwrap()
    };
    // Stopped at the limit: the second one, or as many as the limit asks.
    let r = solve(2, u64::MAX);
    assert_eq!(valid_solutions(id, &r), 2);
    assert!(r.says.contains("stopped at the second one"), "{}", r.says);
    for limit in [3u64, 7] {
        let r = solve(limit, u64::MAX);
        assert_eq!(valid_solutions(id, &r), limit as usize);
        assert!(
            r.says
                .contains(&format!("stopped at its limit of {limit} solutions"))
                && !r.says.contains("second"),
            "limit {limit}: {}",
            r.says
        );
    }
    // A limit above the count: the search ends by finding every one, as many as the brute force.
    let r = solve(1000, u64::MAX);
    assert_eq!(valid_solutions(id, &r), every);
    assert!(
        r.says.starts_with(&format!(
            "Multiple solutions: {every} solutions, and the search found every one ("
        )),
        "{}",
        r.says
    );
    // The node budget ends it after several: said, with the solutions it holds, no claim of all.
    let r = solve(1000, 40);
    let held = valid_solutions(id, &r);
    assert!(held >= 2 && held < every, "{held} solutions in 40 nodes");
    assert!(
        r.says.starts_with(&format!(
            "Multiple solutions: {held} solutions found before its budget of 40 nodes ran out ("
        )),
        "{}",
        r.says
    );
    // The CLI's stepped run says what the library's solve says at a limit of 3.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_solvescope"))
        .args(["skyscrapers", "trace", id, "--options", r#"{"limit":3}"#])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
    assert_eq!(last["stats"]["solutions"], 3);
    assert_eq!(last["says"].as_str().unwrap(), solve(3, u64::MAX).says);
}

#[test]
fn a_run_its_node_budget_stops_says_so_and_claims_no_answer() {
    // An empty 9 × 9 takes more than 2 nodes to reach its second solution.
    let id = "9:".to_string() + &"/".repeat(35);
    for budget in [1u64, 2] {
        let r = Session::new("skyscrapers", &id, "solve", &json!({}))
            .unwrap()
            .solve(budget, u64::MAX)
            .unwrap();
        let nodes = if budget == 1 {
            "1 node".to_string()
        } else if budget == 1000 {
            "1,000 nodes".into()
        } else {
            format!("{budget} nodes")
        };
        assert!(
            r.says.starts_with("Stopped")
                && r.says.contains(&format!("its budget of {nodes} ran out")),
            "budget {budget}: {}",
            r.says
        );
        assert!(
            !r.says.contains("Unique") && !r.says.contains("No solution"),
            "{}",
            r.says
        );
        let sols = r.stats.solutions;
        let so_far = format!(
            "{} solution{} so far",
            sols,
            if sols == 1 { "" } else { "s" }
        );
        assert!(r.says.contains(&so_far), "{}: {}", so_far, r.says);
    }
}

#[test]
fn check_says_what_the_brute_force_count_and_the_rules_say() {
    let sky = lookup("skyscrapers").unwrap();
    for id in [
        "4://///1/3///4/////3/",
        "4:///////////////",
        "4:4////4///////////",
        "4:1///////////////",
        "4:///////////////,1d2d3d4",
    ] {
        let sols = brute_force_solutions(id);
        let puzzle = sky.parse(id).unwrap()["puzzle"].clone();
        let empty = json!([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
        let c = sky.check(&puzzle, &empty).unwrap();
        let about = c["solvabilitySays"].as_str();
        // The puzzle's solvability, as the count says it.
        match sols.len() {
            0 => assert!(
                about.unwrap().starts_with("This puzzle has no solution"),
                "{id}: {c}"
            ),
            1 => assert!(about.is_none(), "{id}: {c}"),
            _ => assert!(
                about.unwrap().contains("more than one solution"),
                "{id}: {c}"
            ),
        }
        // An empty board breaks no rule: Check says so, or says what the puzzle is.
        assert_eq!(c["says"], about.unwrap_or("No mistakes so far."), "{id}");
        let Some(sol) = sols.first() else { continue };
        // A finished board that keeps every rule is solved (any of the solutions).
        let full = json!(sol);
        let c = sky.check(&puzzle, &full).unwrap();
        assert!(
            c["says"].as_str().unwrap().starts_with("Solved!"),
            "{id}: {c}"
        );
        if sols.len() != 1 {
            continue;
        }
        // One wrong height in the unique solution's first cell repeats it in its row and its
        // column: Check counts the cells it marks and names the first three, each a sentence.
        let mut wrong = *sol;
        wrong[0][0] = wrong[0][0] % 4 + 1;
        let c = sky.check(&puzzle, &json!(wrong)).unwrap();
        let says = c["says"].as_str().unwrap();
        let marked = c["mistakes"].as_array().unwrap();
        assert!(
            marked.len() >= 3,
            "{id}: the cell and the two it repeats: {c}"
        );
        assert!(
            says.starts_with(&format!("{} mistakes: ", marked.len())),
            "{id}: {says}"
        );
        assert!(says.contains("Row 1 already has"), "{id}: {says}");
        assert_eq!(says.ends_with(" …"), marked.len() > 3, "{id}: {says}");
    }
}

#[test]
fn new_puzzle_says_the_size_level_seed_and_islands_of_the_puzzle_made() {
    // Skyscrapers: the size and the level asked, the seed given back.
    for (size, level) in [("4", None), ("5", Some("hard"))] {
        let made = lookup("skyscrapers")
            .unwrap()
            .generate(&json!({"size": size, "seed": 7, "difficulty": level}))
            .unwrap();
        let n = made["puzzle"]["n"].as_u64().unwrap();
        let level = level.map(|l| format!(" {l}")).unwrap_or_default();
        assert_eq!(
            made["says"],
            format!("A new {n} × {n}{level} puzzle with exactly one solution (seed 7).")
        );
    }
    // Hashiwokakero: the islands counted again from the plain text form (a digit per island).
    for (size, level) in [("7x7", None), ("9x5", Some("easy"))] {
        let made = lookup("hashi")
            .unwrap()
            .generate(&json!({"size": size, "seed": 3, "difficulty": level}))
            .unwrap();
        let plain = made["exports"]["plain"].as_str().unwrap();
        let rows: Vec<&str> = plain.split(['/', '\n']).collect();
        let (h, w) = (rows.len(), rows[0].chars().count());
        let islands = plain.chars().filter(|c| c.is_ascii_digit()).count();
        let level = level.map(|l| format!(" {l}")).unwrap_or_default();
        let share = 100.0 * islands as f64 / (w * h) as f64;
        assert_eq!(
            made["says"],
            format!(
                "A new {w} × {h}{level} puzzle with exactly one solution (seed 3): {islands} \
                 islands, {share:.1}% of the cells."
            ),
            "{plain}"
        );
    }
}
