//! The `solvescope queens repair` and `repair-stats` command lines (docs/CLI.md §6.10, §6.11).

use std::process::Command;

use solvescope::puzzles::queens::check_placement;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_solvescope"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn repair_prints_one_checked_json_line() {
    let (code, out, _) = run(&[
        "queens", "repair", "20", "--seed", "4", "--print", "--tabu", "2",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["n"].as_u64(), v["seed"].as_u64()), (Some(20), Some(4)));
    assert_eq!(v["status"], "found");
    assert!(v["moves"].is_u64() && v["restarts"].is_u64() && v["micros"].is_u64());
    let cols: Vec<usize> = serde_json::from_value(v["columns"].clone()).unwrap();
    check_placement(20, &cols).unwrap();
    // Same seed, same line (apart from the time).
    let (_, again, _) = run(&[
        "queens", "repair", "20", "--seed", "4", "--print", "--tabu", "2",
    ]);
    let w: serde_json::Value = serde_json::from_str(&again).unwrap();
    assert_eq!((&v["moves"], &v["columns"]), (&w["moves"], &w["columns"]));
    // Without --print there are no columns; without --seed a seed is still reported.
    let (_, out, _) = run(&["queens", "repair", "30", "--greedy", "--noise", "0.1"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v.get("columns").is_none() && v["seed"].is_u64());
}

#[test]
fn repair_stats_prints_one_line_per_size() {
    let (code, out, _) = run(&[
        "queens",
        "repair-stats",
        "--trials",
        "20",
        "--sizes",
        "8,16",
        "--seed",
        "3",
    ]);
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["n"], 16);
    assert_eq!(lines[0]["successRate"], 1.0);
    assert!(lines[0]["meanMoves"].as_f64().unwrap() > 0.0);
}

#[test]
fn bad_flags_exit_with_2_and_a_reason() {
    for args in [
        &["queens", "repair", "8", "--noise", "2"][..],
        &["queens", "repair", "8", "--tabu", "x"],
        &["queens", "repair", "8", "--strategy", "magic"],
        &["queens", "repair", "0"],
        &["queens", "repair", "8", "--bogus"],
        &["queens", "repair-stats", "--sizes", "8,x"],
        &["queens", "repair-stats", "--trials", "0"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty() && !err.trim().is_empty(), "{args:?}");
    }
    let (code, out, _) = run(&["queens", "repair", "3", "--seed", "1"]);
    assert_eq!(code, 0);
    assert!(out.contains("\"gaveUp\""));
}
