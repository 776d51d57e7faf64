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
    let mut count = 0;
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
                    count += usize::from(ok);
                }
            }
        }
    }
    count
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
        // The solve's sentence adds the run's time to a proof over the whole search; a step's
        // sentence has none (its time is the run's so far).
        if count <= 1 {
            let timed = [" µs).", " ms).", " s)."]
                .iter()
                .any(|t| report.says.ends_with(t));
            assert!(timed, "{id}: {}", report.says);
            assert!(
                stepped.ends_with("no other.") || stepped.ends_with("no solution."),
                "{stepped}"
            );
        }
    }
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
