//! Counters belong to events: every event a frame carries comes with the counters after it
//! (`Frame::after`), and a viewer at step k shows those. This suite checks them, for every
//! algorithm of every puzzle in the registry, against two oracles that share nothing with the
//! machines' bookkeeping:
//!
//! - the events themselves: the solutions counter moves exactly at solution events, backtracks
//!   at backtrack events, restarts at restart events, repair moves at move and swap events, each
//!   by one; no counter ever goes down but the depth;
//! - the frame size: step k has the same event and the same counters whether the run is stepped
//!   one event at a time (the page's single steps) or in large frames (its fast play), so no path
//!   to a step shows another step's numbers.

use serde_json::{json, Value};
use solvescope::engine::Counters;
use solvescope::puzzles::contract::OptionKind;
use solvescope::puzzles::REGISTRY;
use solvescope::session::Session;

/// Events looked at per run: enough to cross solutions, backtracks and restarts on the examples.
const EVENTS: usize = 30_000;

/// (events as JSON, the counters after each) for the first `EVENTS` events, in frames of `frame`.
fn trace(
    puzzle: &str,
    id: &str,
    algorithm: &str,
    options: &Value,
    frame: usize,
) -> (Vec<Value>, Vec<Counters>) {
    let mut s = Session::new(puzzle, id, algorithm, options).unwrap();
    let (mut events, mut after) = (Vec::new(), Vec::new());
    while events.len() < EVENTS {
        let f = s.step(frame);
        assert_eq!(
            f.events.len(),
            f.after.len(),
            "{puzzle} {algorithm}: one counter set per event"
        );
        for (e, a) in f.events.iter().zip(&f.after) {
            events.push(serde_json::to_value(e).unwrap());
            after.push(*a);
        }
        if let Some(last) = f.after.last() {
            // The frame's own counters are how far the machine got: never behind its last event.
            let end = Counters::of(&f.stats).0;
            for (i, name) in NAMES.iter().enumerate() {
                if *name != "depth" {
                    assert!(
                        end[i] >= last.0[i],
                        "{puzzle} {algorithm}: frame {name} behind its last event"
                    );
                }
            }
        }
        if f.status.is_done() {
            break;
        }
    }
    events.truncate(EVENTS);
    after.truncate(EVENTS);
    (events, after)
}

const NAMES: [&str; 6] = [
    "nodes",
    "backtracks",
    "solutions",
    "depth",
    "moves",
    "restarts",
];

/// Which counter an event kind reports, read from the last word of its camelCase name
/// (`skyBacktrack` → backtrack, `repairMove` → move, but `remove` → remove): the rules written
/// again, from the names alone.
fn counted(kind: &str) -> Option<usize> {
    let start = kind.rfind(|c: char| c.is_ascii_uppercase()).unwrap_or(0);
    match kind[start..].to_ascii_lowercase().as_str() {
        "solution" => Some(2),
        "backtrack" => Some(1),
        "restart" => Some(5),
        "move" | "swap" => Some(4),
        _ => None,
    }
}

/// The option sets tried per algorithm: the defaults, and each choice of each choice option.
/// A randomised algorithm gets a fixed seed, so its two traces are the same run.
fn option_sets(options: &[solvescope::puzzles::contract::OptionInfo]) -> Vec<Value> {
    let base = if options.iter().any(|o| o.name == "seed") {
        json!({"seed": 7})
    } else {
        json!({})
    };
    let mut sets = vec![base.clone()];
    for o in options {
        if let OptionKind::Choice { choices, .. } = o.kind {
            for c in choices {
                let mut set = base.clone();
                set[o.name] = json!(c);
                sets.push(set);
            }
        }
    }
    sets
}

/// The first step at which two traces differ, if any.
fn first_difference<T: PartialEq>(a: &[T], b: &[T]) -> Option<usize> {
    (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i))
}

#[test]
fn every_event_carries_the_counters_of_its_step() {
    let mut runs = 0;
    let mut seen = [0u64; 6];
    for p in REGISTRY {
        for a in p.algorithms {
            for options in option_sets(a.options) {
                let label = format!("{} {} {options}", p.name, a.name);
                let (events, after) = trace(p.name, p.example, a.name, &options, 1);
                assert!(!events.is_empty(), "{label}: no events");
                let mut before = Counters::default();
                for (k, (e, now)) in events.iter().zip(&after).enumerate() {
                    let kind = e["kind"].as_str().unwrap();
                    let reported = counted(kind);
                    for (i, name) in NAMES.iter().enumerate() {
                        let (b, n) = (before.0[i], now.0[i]);
                        match i {
                            0 | 3 => {}
                            _ if reported == Some(i) => {
                                assert_eq!(
                                    n,
                                    b + 1,
                                    "{label}: step {}: a {kind} event moves {name} by one",
                                    k + 1
                                );
                                seen[i] += 1;
                            }
                            _ => assert_eq!(
                                n,
                                b,
                                "{label}: step {}: {name} changed at a {kind} event",
                                k + 1
                            ),
                        }
                    }
                    assert!(
                        now.0[0] >= before.0[0],
                        "{label}: step {}: nodes went down",
                        k + 1
                    );
                    before = *now;
                }
                // Large frames show the same counters at every step.
                let (big_events, big_after) = trace(p.name, p.example, a.name, &options, 997);
                if let Some(k) = first_difference(&big_events, &events) {
                    panic!("{label}: step {} differs with the frame size", k + 1);
                }
                if let Some(k) = first_difference(&big_after, &after) {
                    panic!(
                        "{label}: step {}: counters {:?} in big frames, {:?} one by one",
                        k + 1,
                        big_after.get(k),
                        after.get(k)
                    );
                }
                runs += 1;
            }
        }
    }
    assert!(runs >= REGISTRY.len());
    // The examples cross every counter the rule speaks of, so a machine that stopped reporting
    // one would fail here.
    for i in [1, 2] {
        assert!(seen[i] > 0, "no run moved {}", NAMES[i]);
    }
}

#[test]
fn repair_counts_restarts_and_moves_on_their_events() {
    // A short step limit forces restarts, for both repair engines.
    for strategy in ["minConflicts", "swap"] {
        let options = json!({"strategy": strategy, "maxSteps": 5, "seed": 3});
        let (events, after) = trace("queens", "queens:40", "repair", &options, 1);
        let restarts = events
            .iter()
            .filter(|e| counted(e["kind"].as_str().unwrap()) == Some(5))
            .count();
        let moves = events
            .iter()
            .filter(|e| counted(e["kind"].as_str().unwrap()) == Some(4))
            .count();
        assert!(
            restarts > 0 && moves > 0,
            "{strategy}: {restarts} restarts, {moves} moves"
        );
        let last = after.last().unwrap().0;
        assert_eq!(
            (last[5], last[4]),
            (restarts as u64, moves as u64),
            "{strategy}"
        );
    }
}
