//! The conformance suite: what every puzzle of the registry must do, checked by iterating the
//! registry, so a new puzzle is tested the day its line is added, and a puzzle missing from the
//! suite (no `samples.json` in its folder, an algorithm with no run there) fails it.
//!
//! Each puzzle's folder has `samples.json`, one fixture format for every puzzle: runs (ID,
//! algorithm, options, and the status the run must end with) that together emit every event kind
//! of every algorithm. The page's replay test (tests/unit/replay.test.mjs) replays the same runs
//! through each view's reducer, forward and back. Here, for each run:
//! - step equals solve: stepping to the end in frames of 1 and of 997 events gives the same events
//!   and per-event counters, and ends with the counters, status, verdict and solutions that one
//!   `solve` call reports (each solution there has passed the puzzle's checker);
//! - every event kind an algorithm emits is on exactly one line of its pseudocode, and every kind
//!   on its pseudocode occurs in some run;
//! - budgets hold: a one-node budget stops after one node's work, a millisecond budget returns in
//!   time;
//! - hostile input (texts, option values of every wrong type and range) is refused with a message,
//!   never a panic.

#[path = "support/timing.rs"]
mod timing;

use std::collections::{BTreeMap, BTreeSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;
use timing::Timer;

use serde_json::{json, Value};
use solvescope::puzzles::contract::OptionKind;
use solvescope::puzzles::REGISTRY;
use solvescope::session::Session;

struct Run {
    label: String,
    id: String,
    algorithm: String,
    options: Value,
    status: Option<String>,
}

/// The puzzle's runs, from `src/puzzles/<name>/samples.json`.
fn samples(puzzle: &str) -> Vec<Run> {
    let path = format!(
        "{}/src/puzzles/{puzzle}/samples.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{puzzle}: the conformance suite needs {path} ({e})"));
    let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    let runs = v["runs"]
        .as_array()
        .unwrap_or_else(|| panic!("{path}: no \"runs\" list"));
    runs.iter()
        .map(|r| Run {
            label: format!("{puzzle}/{}", r["label"].as_str().expect("a label")),
            id: r["id"].as_str().expect("an id").to_string(),
            algorithm: r["algorithm"].as_str().expect("an algorithm").to_string(),
            options: r["options"].clone(),
            status: r["status"].as_str().map(str::to_string),
        })
        .collect()
}

/// Every event (as JSON), the counters after each, and the last frame's status, verdict and
/// stats, stepping in frames of `frame` events.
struct Drained {
    events: Vec<Value>,
    after: Vec<Value>,
    end: Value,
}

fn drain(puzzle: &str, r: &Run, frame: usize) -> Drained {
    let mut s = Session::new(puzzle, &r.id, &r.algorithm, &r.options)
        .unwrap_or_else(|e| panic!("{}: does not start: {e}", r.label));
    let (mut events, mut after) = (Vec::new(), Vec::new());
    loop {
        let f = serde_json::to_value(s.step(frame)).unwrap();
        events.extend(f["events"].as_array().unwrap().iter().cloned());
        after.extend(f["after"].as_array().unwrap().iter().cloned());
        assert!(
            events.len() < 3_000_000,
            "{}: too many events for the suite",
            r.label
        );
        if f["status"] != "paused" {
            return Drained {
                events,
                after,
                end: f,
            };
        }
        assert!(
            f["verdict"].is_null(),
            "{}: a verdict before the end",
            r.label
        );
    }
}

fn kind(e: &Value) -> String {
    e["kind"]
        .as_str()
        .expect("every event has a kind")
        .to_string()
}

#[test]
fn every_puzzle_has_samples_for_every_algorithm() {
    for p in REGISTRY {
        let runs = samples(p.name);
        for a in p.algorithms {
            assert!(
                runs.iter().any(|r| r.algorithm == a.name),
                "{}: samples.json has no run of the algorithm {}",
                p.name,
                a.name
            );
        }
        for r in &runs {
            assert!(
                p.algorithms.iter().any(|a| a.name == r.algorithm),
                "{}: no algorithm {}",
                r.label,
                r.algorithm
            );
        }
    }
}

#[test]
fn step_equals_solve_event_for_event() {
    for p in REGISTRY {
        for r in samples(p.name) {
            let big = drain(p.name, &r, 997);
            assert_eq!(
                big.events.len(),
                big.after.len(),
                "{}: one count per event",
                r.label
            );
            if big.events.len() <= 20_000 {
                let one = drain(p.name, &r, 1);
                assert_eq!(
                    one.events, big.events,
                    "{}: frames of 1 and 997 differ",
                    r.label
                );
                assert_eq!(
                    one.after, big.after,
                    "{}: counters differ by frame size",
                    r.label
                );
            }
            if let Some(want) = &r.status {
                assert_eq!(big.end["status"], json!(want), "{}: status", r.label);
            }
            let mut s = Session::new(p.name, &r.id, &r.algorithm, &r.options).unwrap();
            let report = serde_json::to_value(s.solve(u64::MAX, u64::MAX).unwrap()).unwrap();
            assert_eq!(report["status"], big.end["status"], "{}: status", r.label);
            assert_eq!(
                report["verdict"], big.end["verdict"],
                "{}: verdict",
                r.label
            );
            for c in ["nodes", "backtracks", "solutions", "moves", "restarts"] {
                assert_eq!(
                    report["stats"][c], big.end["stats"][c],
                    "{}: {c} after solve and after stepping",
                    r.label
                );
            }
            // The last event's counters are the run's: nothing is counted after the last event.
            if let Some(last) = big.after.last() {
                let counted: Vec<&Value> = last.as_array().unwrap().iter().collect();
                let names = [
                    "nodes",
                    "backtracks",
                    "solutions",
                    "depth",
                    "moves",
                    "restarts",
                ];
                for (c, v) in names.iter().zip(counted) {
                    if *c != "depth" {
                        assert_eq!(
                            &report["stats"][c], v,
                            "{}: {c} after the last event",
                            r.label
                        );
                    }
                }
            }
            // Solve keeps at most the solutions it counted (stepping counted as many, above).
            let kept = report["solutions"].as_array().unwrap().len() as u64;
            assert!(
                kept <= report["stats"]["solutions"].as_u64().unwrap(),
                "{}: keeps {kept} solutions of {}",
                r.label,
                report["stats"]["solutions"]
            );
        }
    }
}

#[test]
fn every_event_kind_is_on_one_line_and_occurs() {
    for p in REGISTRY {
        let mut emitted: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for r in samples(p.name) {
            let d = drain(p.name, &r, 4096);
            emitted
                .entry(r.algorithm.clone())
                .or_default()
                .extend(d.events.iter().map(kind));
        }
        for a in p.algorithms {
            assert!(!a.code.is_empty(), "{}/{}: no pseudocode", p.name, a.name);
            let mut listed = BTreeSet::new();
            for line in a.code {
                for k in line.events {
                    assert!(
                        listed.insert(k.to_string()),
                        "{}/{}: '{k}' is on two lines",
                        p.name,
                        a.name
                    );
                }
            }
            let seen = emitted.get(a.name).cloned().unwrap_or_default();
            let unlisted: Vec<_> = seen.difference(&listed).collect();
            assert!(
                unlisted.is_empty(),
                "{}/{}: {unlisted:?} on no line of the pseudocode",
                p.name,
                a.name
            );
            let never: Vec<_> = listed.difference(&seen).collect();
            assert!(
                never.is_empty(),
                "{}/{}: the pseudocode names {never:?}, which no run in samples.json emits: add a run that does",
                p.name,
                a.name
            );
        }
    }
}

#[test]
fn budgets_hold() {
    for p in REGISTRY {
        for r in samples(p.name) {
            // One node: the run stops after at most one node's work (a node may emit several
            // events, never a second node).
            let mut s = Session::new(p.name, &r.id, &r.algorithm, &r.options).unwrap();
            let report = s.solve(1, u64::MAX).unwrap();
            assert!(
                report.stats.nodes <= 1,
                "{}: {} nodes on a budget of one",
                r.label,
                report.stats.nodes
            );
            // A millisecond: the call returns soon after it (generously: this is a bound, not a
            // speed test), and the time it reports is the time it took.
            // By the wall clock, or by the thread's own CPU time where the machine kept it
            // waiting (tests/support/timing.rs).
            let mut s = Session::new(p.name, &r.id, &r.algorithm, &r.options).unwrap();
            let timer = Timer::start();
            let report = s.solve(u64::MAX, 1_000).unwrap();
            let took = timer.took();
            let wall = took.wall;
            assert!(
                took.within(Duration::from_millis(500)),
                "{}: a 1 ms budget took {took:?}",
                r.label
            );
            assert!(
                // (micros round up)
                Duration::from_micros(report.stats.elapsed_micros)
                    <= wall + Duration::from_micros(1),
                "{}: reports {} µs in {wall:?}",
                r.label,
                report.stats.elapsed_micros
            );
        }
    }
}

/// Runs `f`, failing the test on a panic (which would be a trap across the wasm boundary).
fn no_panic<T>(what: &str, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| panic!("{what}: panicked"))
}

#[test]
fn hostile_texts_and_options_are_refused_with_a_message() {
    let texts = [
        String::new(),
        " ".into(),
        "\0".into(),
        "\u{feff}\u{feff}".into(),
        "x".repeat(1 << 20),
        "9".repeat(40),
        "99999:".into(),
        "-1".into(),
        ":".into(),
        "#".into(),
    ];
    for p in REGISTRY {
        for t in &texts {
            let shown: String = t.chars().take(12).collect();
            for a in p.algorithms {
                if let Err(e) = no_panic(&format!("{} {shown:?}", p.name), || {
                    Session::new(p.name, t, a.name, &Value::Null).map(|_| ())
                }) {
                    assert!(
                        e.len() > 10,
                        "{} {shown:?}: the error says little: {e:?}",
                        p.name
                    );
                }
            }
        }
        for a in p.algorithms {
            let refused = |options: Value, names: &str| {
                let what = format!("{}/{} {options}", p.name, a.name);
                let e = no_panic(&what, || {
                    Session::new(p.name, p.example, a.name, &options).map(|_| ())
                })
                .err()
                .unwrap_or_else(|| panic!("{what}: accepted"));
                assert!(
                    e.contains(names),
                    "{what}: the error {e:?} does not name {names:?}"
                );
            };
            refused(json!(42), "");
            refused(json!({"noSuchOption": 1}), "noSuchOption");
            for o in a.options {
                let n = o.name;
                refused(json!({ n: [1] }), n);
                refused(json!({ n: {"a": 1} }), n);
                match o.kind {
                    OptionKind::Bool { .. } => refused(json!({ n: "yes" }), n),
                    OptionKind::Int { min, max, .. } => {
                        refused(json!({ n: "1" }), n);
                        refused(json!({ n: 1.5 }), n);
                        if max < u64::MAX {
                            refused(json!({ n: max + 1 }), n);
                        }
                        if min > 0 {
                            refused(json!({ n: min - 1 }), n);
                        } else {
                            refused(json!({ n: -1 }), n);
                        }
                    }
                    OptionKind::Seed => {
                        refused(json!({ n: 1.5 }), n);
                        refused(json!({ n: -1 }), n);
                        refused(json!({ n: true }), n);
                        // Not exact in JavaScript as a number; too large or malformed as text.
                        refused(json!({ n: 1u64 << 53 }), "2^53");
                        refused(json!({ n: "18446744073709551616" }), "too large");
                        refused(json!({ n: "007" }), "leading zero");
                    }
                    OptionKind::Float { min, max, .. } => {
                        refused(json!({ n: "0.5" }), n);
                        refused(json!({ n: max + 1.0 }), n);
                        refused(json!({ n: min - 1.0 }), n);
                    }
                    OptionKind::Choice { .. } => {
                        refused(json!({ n: 12345 }), n);
                        refused(json!({ n: "noSuchChoice" }), "noSuchChoice");
                    }
                    OptionKind::Techniques { names, .. } => {
                        refused(json!({ n: {"noSuchTechnique": true} }), "noSuchTechnique");
                        if let Some(t) = names.first() {
                            refused(json!({ n: { *t: "yes" } }), t);
                        }
                    }
                }
            }
        }
    }
}
