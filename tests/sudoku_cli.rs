//! Sudoku's second algorithm on the command line: `solvescope sudoku solve --algorithm dlx` on the
//! top95 sample (each answer through the independent checker), on puzzles with two solutions and
//! with none, and `trace --algorithm dlx` stepping through covers and uncovers. Sudoku is an
//! opt-in feature: `cargo test --release --features sudoku --test sudoku_cli`.
#![cfg(feature = "sudoku")]

mod common;
use common::run;

use serde_json::Value;
use solvescope::puzzles::sudoku::{brute_force, check_solution, parse};

const SAMPLE: &str = "src/puzzles/sudoku/fixtures/top95-sample.txt";

/// The JSON lines of a command that must succeed.
fn lines(args: &[&str]) -> Vec<Value> {
    let (code, out, err) = run(args, "");
    assert_eq!(code, 0, "{args:?}: {err}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn grid(v: &Value) -> Vec<Vec<u8>> {
    serde_json::from_value(v.clone()).unwrap()
}

#[test]
fn dlx_proves_the_top95_sample_unique_and_each_answer_checks() {
    let puzzles: Vec<String> = std::fs::read_to_string(SAMPLE)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    let dlx = lines(&["sudoku", "solve", "--batch", SAMPLE, "--algorithm", "dlx"]);
    let solve = lines(&["sudoku", "solve", "--batch", SAMPLE]);
    assert_eq!(dlx.len(), puzzles.len());
    for ((text, d), s) in puzzles.iter().zip(&dlx).zip(&solve) {
        assert_eq!(d["status"], "unique", "{text}: {d}");
        assert_eq!(d["status"], s["status"], "{text}");
        check_solution(&parse(text).unwrap(), &grid(&d["solution"])).unwrap();
        assert_eq!(d["solution"], s["solution"], "{text}");
        assert!(d["nodes"].as_u64().unwrap() > 0, "{d}");
    }
}

#[test]
fn dlx_verdicts_on_small_grids_match_brute_force() {
    for id in [
        "..../..../..../....",
        "11../..../..../....",
        "1.../..3./.4../...2",
        "12../34../..../....",
        "1.../.1../..../....",
    ] {
        let want = match brute_force(&parse(id).unwrap(), 2).len() {
            0 => "none",
            1 => "unique",
            _ => "multiple",
        };
        let out = lines(&["sudoku", "solve", id, "--algorithm", "dlx"]);
        assert_eq!(out[0]["status"], want, "{id}: {}", out[0]);
    }
}

#[test]
fn dlx_trace_steps_through_covers_and_uncovers() {
    let out = lines(&[
        "sudoku",
        "trace",
        "1.../..3./.4../...2",
        "--algorithm",
        "dlx",
    ]);
    let kinds: Vec<&str> = out
        .iter()
        .filter_map(|l| l["event"]["kind"].as_str())
        .collect();
    assert_eq!(kinds.iter().filter(|k| **k == "dlxGiven").count(), 4);
    assert!(kinds.contains(&"dlxCover"), "{kinds:?}");
    assert!(kinds.contains(&"dlxUncover"), "{kinds:?}");
    assert_eq!(kinds.last(), Some(&"dlxExhausted"));
    let end = out.last().unwrap();
    assert_eq!(end["verdict"], "unique", "{end}");
    for l in &out {
        if let Some(why) = l["event"]["why"].as_str() {
            assert!(why.ends_with('.'), "{why}");
        }
    }
}
