//! `solvescope queens experiment scaling|trials` (docs/EXPERIMENTS.md): every row is replayed
//! through the single-run commands, every placement is checked here from the rules, and the
//! summary is recomputed from the CSV by this test's own arithmetic.

use std::process::Command;

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

fn json(line: &str) -> serde_json::Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// No two queens share a column or a diagonal (one queen per row by construction).
fn attack_free(cols: &[u64]) -> bool {
    (0..cols.len())
        .all(|i| (0..i).all(|j| cols[i] != cols[j] && cols[i].abs_diff(cols[j]) != (i - j) as u64))
}

/// The CSV as header-keyed rows.
fn rows(csv: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut lines = csv.lines();
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    assert_eq!(
        header,
        [
            "series",
            "n",
            "seed",
            "algorithm",
            "status",
            "nodes",
            "moves",
            "restarts",
            "micros"
        ]
    );
    lines
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            assert_eq!(cells.len(), header.len(), "{l}");
            header
                .iter()
                .cloned()
                .zip(cells.iter().map(|c| c.to_string()))
                .collect()
        })
        .collect()
}

/// The CSV without its measured column, for comparing two runs.
fn without_micros(csv: &str) -> String {
    csv.lines()
        .map(|l| l.rsplit_once(',').unwrap().0.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn trials_rows_replay_through_the_repair_command() {
    let args = [
        "queens",
        "experiment",
        "trials",
        "--sizes",
        "8,12",
        "--trials",
        "4",
        "--seed",
        "20",
        "--series",
        "min-conflicts,min-conflicts+greedy+tabu=2,swap",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let table = rows(&out);
    assert_eq!(table.len(), 3 * 2 * 4);
    for r in &table {
        assert_eq!(r["status"], "found", "{r:?}");
        let mut replay = vec!["queens", "repair", &r["n"], "--seed", &r["seed"], "--print"];
        match r["series"].as_str() {
            "min-conflicts" => replay.extend(["--strategy", "minConflicts"]),
            "min-conflicts+greedy+tabu=2" => {
                replay.extend(["--strategy", "minConflicts", "--greedy", "--tabu", "2"])
            }
            "swap" => replay.extend(["--strategy", "swap"]),
            other => panic!("unexpected series {other}"),
        }
        let (code, line, err) = run(&replay);
        assert_eq!(code, 0, "{err}");
        let v = json(&line);
        assert_eq!(v["moves"].to_string(), r["moves"], "{r:?}");
        assert_eq!(v["restarts"].to_string(), r["restarts"], "{r:?}");
        let cols: Vec<u64> = v["columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .collect();
        assert_eq!(cols.len().to_string(), r["n"]);
        assert!(attack_free(&cols), "{r:?}: {cols:?}");
    }
    // Trial t has seed S + t for every size and series, so series are compared on equal seeds.
    let seeds: Vec<&str> = table.iter().take(4).map(|r| r["seed"].as_str()).collect();
    assert_eq!(seeds, ["20", "21", "22", "23"]);
    let (_, again, _) = run(&args);
    assert_eq!(without_micros(&again), without_micros(&out));
}

#[test]
fn scaling_rows_replay_through_the_solve_command() {
    let (code, out, err) = run(&[
        "queens",
        "experiment",
        "scaling",
        "--backtrack-sizes",
        "3,8,22,30",
        "--repair-sizes",
        "10,5000",
        "--seeds",
        "2",
        "--max-nodes",
        "2000000",
    ]);
    assert_eq!(code, 0, "{err}");
    let table = rows(&out);
    assert_eq!(table.len(), 4 + 2 * 2);
    for r in table.iter().filter(|r| r["series"] == "backtracking") {
        let (_, line, _) = run(&["queens", "solve", &r["n"], "--max-nodes", "2000000"]);
        let v = json(&line);
        assert_eq!(v["nodes"].to_string(), r["nodes"], "{r:?}");
        let expected = match v["status"].as_str().unwrap() {
            "found" => {
                let cols: Vec<u64> = v["solutions"][0]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_u64().unwrap())
                    .collect();
                assert!(attack_free(&cols));
                "found"
            }
            other => other,
        };
        assert_eq!(r["status"], expected, "{r:?}");
        assert!(r["seed"].is_empty() && r["moves"].is_empty());
    }
    let status: Vec<&str> = table.iter().take(4).map(|r| r["status"].as_str()).collect();
    assert_eq!(status, ["none", "found", "found", "budget"]);
    // The page's repair series switches to swap repair above 4,096 queens.
    let algorithms: Vec<&str> = table[4..].iter().map(|r| r["algorithm"].as_str()).collect();
    assert_eq!(algorithms, ["minConflicts", "minConflicts", "swap", "swap"]);
}

#[test]
fn the_summary_agrees_with_the_rows() {
    let base = [
        "queens",
        "experiment",
        "trials",
        "--sizes",
        "8,16",
        "--trials",
        "9",
        "--seed",
        "5",
        "--series",
        "min-conflicts,min-conflicts+noise=0.2",
    ];
    let (_, csv, _) = run(&base);
    let table = rows(&csv);
    let (code, out, err) = run(&[&base[..], &["--summary"]].concat());
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out.lines().map(json).collect();
    assert_eq!(lines.len(), 4);
    for s in &lines {
        let group: Vec<_> = table
            .iter()
            .filter(|r| {
                r["series"] == s["series"].as_str().unwrap()
                    && r["n"].parse::<u64>().ok() == s["n"].as_u64()
            })
            .collect();
        assert_eq!(group.len(), 9);
        let mut moves: Vec<u64> = group
            .iter()
            .filter(|r| r["status"] == "found")
            .map(|r| r["moves"].parse().unwrap())
            .collect();
        moves.sort_unstable();
        assert_eq!(s["solved"], moves.len());
        assert_eq!(s["medianMoves"], moves[moves.len() / 2]);
        assert_eq!(s["maxMoves"], *moves.last().unwrap());
        let mean = moves.iter().sum::<u64>() as f64 / moves.len() as f64;
        assert!((s["meanMoves"].as_f64().unwrap() - mean).abs() < 1e-9);
    }
}

#[test]
fn bad_experiments_exit_with_2_and_say_what() {
    for (args, words) in [
        (
            &["queens", "experiment", "race"][..],
            "'scaling' or 'trials'",
        ),
        (
            &["queens", "experiment", "trials", "--seeds", "3"],
            "takes no --seeds",
        ),
        (
            &["queens", "experiment", "trials", "--backtrack-max", "6"],
            "takes no --backtrack-max",
        ),
        (
            &["queens", "experiment", "scaling", "--series", "swap"],
            "takes no --series",
        ),
        (
            &["queens", "experiment", "trials", "--series", "fast"],
            "'fast' is not known",
        ),
        (
            &["queens", "experiment", "trials", "--sizes", "8,x"],
            "'x' is not a whole number",
        ),
        (
            &["queens", "experiment", "trials", "--trials", "0"],
            "\"trials\"",
        ),
        (
            &["queens", "experiment", "scaling", "--backtrack-sizes", "99"],
            "up to 64",
        ),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty() && err.contains(words), "{args:?}: {err}");
    }
}
