//! One engine, two speeds: draining `step` to the end must give exactly what `solve` gives — the same
//! solutions, the same counters — for every registered algorithm on a range of inputs. Every
//! solution compared here has passed the puzzle's independent checker inside `Session::solve`.

use serde_json::{json, Value};
use solvescope::engine::Status;
use solvescope::session::Session;

/// Steps `puzzle`/`id` with small frames until done; returns (nodes, backtracks, solutions, status).
fn drain(
    puzzle: &str,
    id: &str,
    algorithm: &str,
    options: &Value,
    frame: usize,
) -> (u64, u64, u64, Status, usize) {
    let mut s = Session::new(puzzle, id, algorithm, options).unwrap();
    let mut events = 0;
    loop {
        let f = s.step(frame);
        events += f.events.len();
        if f.status.is_done() {
            return (
                f.stats.nodes,
                f.stats.backtracks,
                f.stats.solutions,
                f.status,
                events,
            );
        }
        assert!(events < 50_000_000, "step never finished");
    }
}

#[test]
fn queens_backtracking_step_equals_solve() {
    for mode in ["first", "all", "count"] {
        for n in 1..=9 {
            let options = json!({"mode": mode});
            let id = format!("queens:{n}");
            // The naive machine searches the bitmask machine's tree: same figures, same answers.
            let mut reports = Vec::new();
            for algorithm in ["backtrack", "naive"] {
                for frame in [1, 7, 1000] {
                    let (nodes, backtracks, solutions, status, events) =
                        drain("queens", &id, algorithm, &options, frame);
                    let mut solved = Session::new("queens", &id, algorithm, &options).unwrap();
                    let report = solved.solve(u64::MAX, u64::MAX).unwrap();
                    assert_eq!(
                        (nodes, backtracks, solutions, status),
                        (
                            report.stats.nodes,
                            report.stats.backtracks,
                            report.stats.solutions,
                            report.status
                        ),
                        "{algorithm}: n = {n}, mode = {mode}, frame = {frame}"
                    );
                    assert!(events as u64 >= nodes, "every node is at least one event");
                }
                let report = Session::new("queens", &id, algorithm, &options)
                    .unwrap()
                    .solve(u64::MAX, u64::MAX)
                    .unwrap();
                reports.push(serde_json::to_value(&report).unwrap());
            }
            for r in &mut reports {
                r["stats"]["elapsedMicros"] = json!(0);
                // The sentence says the run's time too ("… (12 µs)."): compared without it.
                let says = r["says"].as_str().unwrap_or_default();
                let untimed = says.split(" (").next().unwrap_or_default();
                r["says"] = json!(untimed.trim_end_matches('.'));
            }
            assert_eq!(reports[0], reports[1], "n = {n}, mode = {mode}");
        }
    }
}

#[test]
fn queens_solutions_from_step_match_solve() {
    let options = json!({"mode": "all"});
    let mut stepped = Session::new("queens", "queens:6", "backtrack", &options).unwrap();
    let mut from_events = Vec::new();
    loop {
        let f = stepped.step(3);
        for e in &f.events {
            let v = serde_json::to_value(e).unwrap();
            if v["kind"] == "solution" {
                let cols: Vec<usize> = serde_json::from_value(v["columns"].clone()).unwrap();
                from_events.push(cols);
            }
        }
        if f.status.is_done() {
            break;
        }
    }
    let report = Session::new("queens", "queens:6", "backtrack", &options)
        .unwrap()
        .solve(u64::MAX, u64::MAX)
        .unwrap();
    let from_solve: Vec<Vec<usize>> = report
        .solutions
        .iter()
        .map(|s| serde_json::from_value(serde_json::to_value(s).unwrap()).unwrap())
        .collect();
    assert_eq!(from_events.len(), 4);
    assert_eq!(from_events, from_solve);
}
