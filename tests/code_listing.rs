//! The pseudocode beside each animation (`AlgorithmInfo::code`) lights the line of the event on
//! screen by its `kind`, so every kind an algorithm emits must be on exactly one of its lines.
//! Checked here on real runs of every algorithm that steps, on puzzles that make them guess,
//! backtrack, restart and finish.

use serde_json::{json, Value};
use solvescope::puzzles::REGISTRY;
use solvescope::session::Session;
use std::collections::BTreeSet;

/// The kinds of every event of a run, drained to the end (or to `max` events).
fn kinds(puzzle: &str, id: &str, algorithm: &str, options: &Value, max: usize) -> BTreeSet<String> {
    let mut s = Session::new(puzzle, id, algorithm, options).unwrap();
    let mut seen = BTreeSet::new();
    let mut events = 0;
    loop {
        let f = s.step(4096);
        events += f.events.len();
        for e in &f.events {
            let v = serde_json::to_value(e).unwrap();
            seen.insert(
                v["kind"]
                    .as_str()
                    .expect("every event has a kind")
                    .to_string(),
            );
        }
        if f.status.is_done() || events >= max {
            return seen;
        }
    }
}

fn check(puzzle: &str, algorithm: &str, runs: &[(&str, Value)]) {
    let info = REGISTRY.iter().find(|p| p.name == puzzle).unwrap();
    let algo = info
        .algorithms
        .iter()
        .find(|a| a.name == algorithm)
        .unwrap();
    assert!(!algo.code.is_empty(), "{puzzle}/{algorithm} has pseudocode");
    let mut listed = BTreeSet::new();
    for line in algo.code {
        for k in line.events {
            assert!(
                listed.insert(*k),
                "{puzzle}/{algorithm}: '{k}' is on two lines"
            );
        }
    }
    let mut emitted = BTreeSet::new();
    for (id, options) in runs {
        emitted.extend(kinds(puzzle, id, algorithm, options, 2_000_000));
    }
    for k in &emitted {
        assert!(
            listed.contains(k.as_str()),
            "{puzzle}/{algorithm}: the event '{k}' is on no line of the pseudocode"
        );
    }
    // A listed kind that never happened in these runs is allowed (gave up, swap on huge boards),
    // but the core ones must have been seen, or the runs above prove nothing.
    assert!(
        emitted.len() >= 4,
        "{puzzle}/{algorithm}: only {emitted:?} seen"
    );
}

#[test]
fn queens_backtracking_events_each_have_a_line() {
    for algorithm in ["backtrack", "naive"] {
        check(
            "queens",
            algorithm,
            &[
                ("queens:6", json!({"mode": "all"})),
                ("queens:3", json!({})),
            ],
        );
    }
}

#[test]
fn repair_events_each_have_a_line() {
    check(
        "queens",
        "repair",
        &[
            ("queens:50", json!({"seed": 1})),
            ("queens:3", json!({"seed": 1, "maxRestarts": 2})),
            ("queens:2000", json!({"seed": 1, "strategy": "swap"})),
        ],
    );
}

#[test]
fn skyscrapers_events_each_have_a_line() {
    check(
        "skyscrapers",
        "solve",
        &[
            // Tatham 7x7 "unreasonable" (guesses), the article's 6x6 (no solution), a 3x3 with several.
            (
                "7:/2/3//3/3/3/4///5//2/3//3/5///3/3//////3/,b4s1i1i1f",
                json!({}),
            ),
            ("6:/3/2/2/3///3/2/1/2///2/3/2/1///1/2/2/3/", json!({})),
            ("3:///////////", json!({})),
        ],
    );
}

#[test]
fn hashi_events_each_have_a_line() {
    check(
        "hashi",
        "solve",
        &[
            ("7x7m2:3a4c3i2b1a5e5n3e2", json!({})),
            (
                "7x7m2:3a4c3i2b1a5e5n3e2",
                json!({"techniques": {"matrixTree": true}}),
            ),
            (
                "6x6:2aa4a2aaaaaa3aa5a3aaaaaaaaaaaa1aa1a1",
                json!({"techniques": {"degree": false, "isolation": false, "connectivity": false, "cutEdges": false}}),
            ),
        ],
    );
}
