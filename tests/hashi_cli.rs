//! The `solvescope hashi solve` command line: JSON lines per docs/CLI.md §6, exit codes.

mod common;
use common::run;
use solvescope::puzzles::hashi::{check_solution, parse_any, Bridge};

#[test]
fn solve_prints_one_json_line_per_puzzle_with_checked_bridges() {
    let ids = [
        "3x3m2:2a2c2a2",
        "3.3/.../3.3",
        "3.3.2/...../.2.2./...../2.3.3",
    ];
    let (code, out, err) = run(&["hashi", "solve", ids[0], ids[1], ids[2]], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    let statuses: Vec<&str> = lines
        .iter()
        .map(|l| l["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["unique", "multiple", "none"]);
    assert!(lines[2]["solution"].is_null());
    for (line, id) in lines.iter().zip(ids).take(2) {
        assert_eq!(line["id"], id);
        assert!(line["nodes"].as_u64().unwrap() >= 1);
        assert!(line["micros"].is_u64());
        let bridges: Vec<Bridge> = line["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| Bridge {
                a: (
                    b["a"][0].as_u64().unwrap() as usize,
                    b["a"][1].as_u64().unwrap() as usize,
                ),
                b: (
                    b["b"][0].as_u64().unwrap() as usize,
                    b["b"][1].as_u64().unwrap() as usize,
                ),
                n: b["n"].as_u64().unwrap() as u8,
            })
            .collect();
        check_solution(&parse_any(id).unwrap(), &bridges).unwrap();
    }
}

#[test]
fn batch_from_stdin_budget_and_bad_input() {
    let batch =
        "# a comment\n\nunique\t7x7m2:2g1d3g5e6h2a3b33c2b\tsolution column ignored\n2.2/.../2.2\n";
    let (code, out, _) = run(&["hashi", "solve", "--batch", "-"], batch);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 2);
    assert!(out.lines().all(|l| l.contains(r#""status":"unique""#)));
    // A node budget too small for plain backtracking ends in "budget".
    let (code, out, _) = run(
        &[
            "hashi",
            "solve",
            "--techniques",
            "",
            "--max-nodes",
            "3",
            "10x10m2:4b4e3a2e1m3b4b6a5f1j1f2f2a4b6b2j3b2b4b1",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.contains(r#""status":"budget""#), "{out}");
    let (code, out, err) = run(&["hashi", "solve", "3x3m2:22d2a2"], "");
    assert_eq!(code, 2);
    // The puzzle that does not read has its own JSON line (docs/CLI.md §6.4).
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        out.contains(r#""argument":1"#) && out.contains(r#""status":"error""#),
        "{out}"
    );
    assert!(err.contains("side by side"), "{err}");
    let (code, _, err) = run(&["hashi", "solve", "--bogus"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--bogus"), "{err}");
}

/// `hashi grade --batch` on Tatham's graded fixture: one line per puzzle (the batch reader takes
/// the ID column), each graded with the library's verdict; the grade is at most one level from
/// Tatham's. Puzzles without one solution get no difficulty, bad ones exit 2.
#[test]
fn grade_prints_the_library_grade_for_every_line() {
    use solvescope::puzzles::hashi::grade::{grade, Grade};
    let file = "tests/fixtures/tatham-bridges-graded.txt";
    let (code, out, err) = run(&["hashi", "grade", "--batch", file], "");
    assert_eq!(code, 0, "{err}");
    let fixture: Vec<(String, String)> = std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (a, b) = l.split_once('\t').unwrap();
            (a.to_string(), b.to_string())
        })
        .collect();
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), fixture.len());
    let rank = |s: &str| {
        ["easy", "medium", "hard"]
            .iter()
            .position(|&x| x == s)
            .unwrap() as i32
    };
    for ((theirs, id), v) in fixture.iter().zip(&lines) {
        assert_eq!(v["id"], id.as_str());
        assert_eq!(v["status"], "graded", "{v}");
        let Grade::Unique(m) = grade(&parse_any(id).unwrap(), 5_000_000).unwrap() else {
            panic!("{id}")
        };
        assert_eq!(v["difficulty"], m.difficulty().name(), "{v}");
        assert_eq!(v["method"], m.name(), "{v}");
        assert!(
            (rank(v["difficulty"].as_str().unwrap()) - rank(theirs)).abs() <= 1,
            "{v}"
        );
    }
    let (code, out, _) = run(
        &[
            "hashi",
            "grade",
            "3.3/.../3.3",
            "3.3.2/...../.2.2./...../2.3.3",
            "x",
        ],
        "",
    );
    assert_eq!(code, 2);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["status"], "multiple");
    assert_eq!(lines[1]["status"], "none");
    assert!(lines[0]["difficulty"].is_null() && lines[1]["difficulty"].is_null());
    assert_eq!(lines[2]["status"], "error");
}
