//! A backtracking Solve its node budget stops reports the board it stopped at (`Report::stopped`)
//! and says so in its sentence (issue 28, point 5), for N-Queens, Skyscrapers and
//! Hashiwokakero. The oracle is the CLI's `trace` (docs/CLI.md §6.6a): the same run stepped event
//! by event, replayed here from its events alone up to the last event of the budget's last node,
//! and the board's rules written again (no two queens attack; a decided height is a single
//! candidate).

use std::process::Command;

use serde_json::{json, Value};
use solvescope::session::Session;

/// The trace of `id` (all events, each with the counters after it), from the CLI.
fn trace(puzzle: &str, id: &str) -> Vec<Value> {
    let out = Command::new(env!("CARGO_BIN_EXE_solvescope"))
        .args([puzzle, "trace", id, "--steps", "1000000"])
        .output()
        .expect("the CLI runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    lines.pop(); // where the run stands, not an event
    lines
}

/// The events of the first `nodes` nodes: a budget of `nodes` ends the run before the next one.
fn within(events: &[Value], nodes: u64) -> impl Iterator<Item = &Value> {
    events
        .iter()
        .take_while(move |l| l["after"]["nodes"].as_u64().unwrap() <= nodes)
        .map(|l| &l["event"])
}

/// A budget-stopped `solve` of `id`, which must have found nothing yet.
fn stopped(puzzle: &str, id: &str, nodes: u64) -> Value {
    let r = Session::new(
        puzzle,
        id,
        if puzzle == "queens" {
            "backtrack"
        } else {
            "solve"
        },
        &json!({}),
    )
    .unwrap()
    .solve(nodes, u64::MAX)
    .unwrap();
    assert_eq!(r.stats.nodes, nodes, "{id}: the budget spent");
    assert_eq!(
        r.stats.solutions, 0,
        "{id}: pick a budget that ends before a solution"
    );
    assert!(r.says.starts_with("Stopped"), "{}", r.says);
    serde_json::to_value(&r).unwrap()
}

#[test]
fn a_stopped_queens_search_shows_its_queens_at_the_stop() {
    for (n, budget) in [(12usize, 7u64), (12, 40), (14, 100)] {
        let id = format!("queens:{n}");
        let r = stopped("queens", &id, budget);
        let events = trace("queens", &id);
        let mut cols: Vec<Option<u64>> = vec![None; n];
        for e in within(&events, budget) {
            let row = e["row"].as_u64().unwrap_or(0) as usize;
            match e["kind"].as_str().unwrap() {
                "place" => cols[row] = e["col"].as_u64(),
                "remove" => cols[row] = None,
                _ => {}
            }
        }
        let placed: Vec<u64> = cols.iter().map_while(|c| *c).collect();
        let shown: Vec<u64> = serde_json::from_value(r["stopped"]["board"].clone()).unwrap();
        assert_eq!(shown, placed, "{id}, {budget} nodes");
        // The rules again: no two of them share a column or a diagonal.
        for a in 0..shown.len() {
            for b in a + 1..shown.len() {
                assert!(shown[a] != shown[b] && shown[a].abs_diff(shown[b]) != (b - a) as u64);
            }
        }
        let says = r["says"].as_str().unwrap();
        assert!(
            says.ends_with(&format!(
                "The board shows where it stood: queens on {} of {n} rows.",
                placed.len()
            )),
            "{says}"
        );
    }
}

#[test]
fn a_stopped_skyscrapers_search_shows_its_candidates_at_the_stop() {
    let empty9 = format!("9:{}", "/".repeat(35));
    for (id, budget) in [(empty9.as_str(), 5u64), (empty9.as_str(), 12)] {
        let r = stopped("skyscrapers", id, budget);
        let events = trace("skyscrapers", id);
        let mut cand = vec![(1u64 << 9) - 1; 81];
        for e in within(&events, budget) {
            for c in e["changes"].as_array().into_iter().flatten() {
                let i = c["row"].as_u64().unwrap() * 9 + c["col"].as_u64().unwrap();
                cand[i as usize] = c["after"].as_u64().unwrap();
            }
        }
        let shown: Vec<u64> = serde_json::from_value(r["stopped"]["candidates"].clone()).unwrap();
        assert_eq!(shown, cand, "{id}, {budget} nodes");
        // A height is written where one candidate is left, and only there.
        let grid: Vec<Vec<u64>> = serde_json::from_value(r["stopped"]["board"].clone()).unwrap();
        let mut decided = 0;
        for (i, &c) in cand.iter().enumerate() {
            let want = if c.count_ones() == 1 {
                (1..=9).find(|h| c == 1 << (h - 1)).unwrap()
            } else {
                0
            };
            decided += usize::from(want > 0);
            assert_eq!(grid[i / 9][i % 9], want, "cell {i}");
        }
        assert!(decided > 0, "a guess decides at least one cell");
        let says = r["says"].as_str().unwrap();
        assert!(
            says.ends_with(&format!(
                "The board shows where it stood: {decided} of 81 cells decided."
            )),
            "{says}"
        );
    }
}

#[test]
fn a_stopped_hashi_search_shows_its_ranges_at_the_stop() {
    let row = "2a2a2a2a2";
    let id = format!("9x9m2:{row}i{row}i{row}i{row}i{row}");
    let hashi = solvescope::puzzles::lookup("hashi").unwrap();
    let layout = hashi.layout(&hashi.parse(&id).unwrap()["puzzle"]).unwrap();
    let edges = layout["edges"].as_array().unwrap().clone();
    for budget in [3u64, 20, 60] {
        let r = stopped("hashi", &id, budget);
        let mut ranges: Vec<[u64; 2]> = edges
            .iter()
            .map(|e| [0, e["cap"].as_u64().unwrap()])
            .collect();
        for e in within(&trace("hashi", &id), budget) {
            if e["kind"] == "hashiRange" {
                ranges[e["edge"].as_u64().unwrap() as usize] =
                    serde_json::from_value(e["after"].clone()).unwrap();
            }
        }
        let shown: Vec<[u64; 2]> = serde_json::from_value(r["stopped"]["ranges"].clone()).unwrap();
        assert_eq!(shown, ranges, "{budget} nodes");
        // The bridges drawn are the lower bounds, between the edge's two islands.
        let mut want: Vec<(Value, Value, u64)> = edges
            .iter()
            .zip(&ranges)
            .filter(|(_, r)| r[0] > 0)
            .map(|(e, r)| (e["a"].clone(), e["b"].clone(), r[0]))
            .collect();
        let mut got: Vec<(Value, Value, u64)> = r["stopped"]["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| (b["a"].clone(), b["b"].clone(), b["n"].as_u64().unwrap()))
            .collect();
        want.sort_by_key(|w| w.to_owned().0.to_string() + &w.1.to_string());
        got.sort_by_key(|w| w.to_owned().0.to_string() + &w.1.to_string());
        assert_eq!(got, want, "{budget} nodes");
        let settled = ranges.iter().filter(|r| r[0] == r[1]).count();
        let says = r["says"].as_str().unwrap();
        assert!(
            says.ends_with(&format!(
                "The board shows where it stood: {settled} of {} possible edges settled.",
                ranges.len()
            )),
            "{says}"
        );
    }
}
