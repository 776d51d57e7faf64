//! The session: one handle over every puzzle of the registry, found by name or alias; verdicts
//! read from the end of a run (and carried by its last frame); options refused with a reason.

use serde_json::{json, Value};
use solvescope::engine::Status;
use solvescope::session::{Session, Verdict};

#[test]
fn queens_session_solves_and_reports_verdicts() {
    let mut s = Session::new("queens", "queens:8", "backtrack", &Value::Null).unwrap();
    let r = s.solve(u64::MAX, u64::MAX).unwrap();
    assert_eq!(r.verdict, Verdict::Found);
    assert_eq!(r.solutions.len(), 1);

    let count = json!({"mode": "count"});
    let mut s = Session::new("queens", "queens:6", "backtrack", &count).unwrap();
    let r = s.solve(u64::MAX, u64::MAX).unwrap();
    assert_eq!((r.verdict, r.stats.solutions), (Verdict::Counted, 4));

    let mut s = Session::new("queens", "queens:3", "backtrack", &Value::Null).unwrap();
    assert_eq!(s.solve(u64::MAX, u64::MAX).unwrap().verdict, Verdict::None);
}

#[test]
fn bad_requests_are_readable_errors() {
    let o = Value::Null;
    let err = |p: &str, id: &str, a: &str, o: &Value| Session::new(p, id, a, o).err().unwrap();
    assert!(err("chess", "queens:8", "backtrack", &o).contains("unknown puzzle 'chess'"));
    assert!(err("queens", "queens:8", "magic", &o).contains("unknown algorithm 'magic'"));
    assert!(err("queens", "queens:99", "backtrack", &o).contains("1 to 64"));
    let e = err("queens", "queens:8", "backtrack", &json!({"tabu": 2}));
    assert!(e.contains("tabu only applies to repair"), "{e}");
    let e = err("queens", "queens:8", "backtrack", &json!([1, 2]));
    assert!(e.contains("options must be an object"), "{e}");
    let e = err("queens", "queens:8", "backtrack", &json!({"mode": 3}));
    assert!(e.contains("mode must be one of first, all, count"), "{e}");
}

#[test]
fn aliases_reach_the_same_puzzle() {
    for alias in ["building", "Towers", " skyscraper "] {
        assert!(Session::new(alias, "4://///1/3///4/////3/", "solve", &Value::Null).is_ok());
    }
}

#[test]
fn a_solution_limit_beyond_the_cap_is_refused() {
    let o = json!({"limit": u64::MAX});
    for (puzzle, id) in [
        ("skyscrapers", "4://///1/3///4/////3/"),
        ("hashi", "3x3m2:2a2c2a2"),
    ] {
        let e = Session::new(puzzle, id, "solve", &o).err().unwrap();
        assert!(
            e.contains("limit must be a whole number from 1 to 10000"),
            "{e}"
        );
    }
    let all = json!({"mode": "all", "limit": u64::MAX});
    assert!(Session::new("queens", "queens:8", "backtrack", &all).is_err());
}

#[test]
fn a_node_budget_pauses_with_a_budget_verdict() {
    let mut s = Session::new("queens", "queens:30", "backtrack", &Value::Null).unwrap();
    let r = s.solve(100, u64::MAX).unwrap();
    assert_eq!(r.verdict, Verdict::Budget);
    assert_eq!(r.stats.nodes, 100);
}

/// Which budget a solve blames is this call's: after steps that made more nodes than the call's
/// node budget, a solve stopped by its clock says the time budget ran out (it blamed the nodes,
/// counting the steps'), and one stopped by its nodes says so, having made that many more.
#[test]
fn the_budget_blamed_is_the_one_this_call_spent() {
    let mut s = Session::new(
        "queens",
        "queens:30",
        "backtrack",
        &json!({"mode": "count"}),
    )
    .unwrap();
    s.step(5000);
    let stepped = s.stats().0.nodes;
    assert!(stepped > 100, "{stepped}");
    let r = s.solve(100, 0).unwrap();
    assert_eq!(r.verdict, Verdict::Budget);
    assert_eq!(r.stats.nodes, stepped, "no time, no node");
    assert!(
        r.says.contains("its time budget of 0 µs ran out"),
        "{}",
        r.says
    );
    let r = s.solve(100, u64::MAX).unwrap();
    assert_eq!(r.stats.nodes, stepped + 100);
    assert!(r.says.contains("budget of 100 nodes"), "{}", r.says);
}

#[test]
fn an_empty_grid_with_a_large_limit_is_multiple() {
    let mut s = Session::new(
        "skyscrapers",
        "4:///////////////",
        "solve",
        &json!({"limit": 1000}),
    )
    .unwrap();
    let r = s.solve(u64::MAX, u64::MAX).unwrap();
    assert_eq!(r.stats.solutions, 576);
    assert_eq!(r.verdict, Verdict::Multiple);
}

#[test]
fn the_last_frame_carries_the_verdict() {
    for (puzzle, id, algorithm, verdict) in [
        (
            "skyscrapers",
            "4://///1/3///4/////3/",
            "solve",
            Verdict::Unique,
        ),
        ("hashi", "3x3m2:3a3c3a3", "solve", Verdict::Multiple),
        ("queens", "queens:3", "backtrack", Verdict::None),
        ("queens", "queens:8#1", "repair", Verdict::Found),
    ] {
        let mut s = Session::new(puzzle, id, algorithm, &Value::Null).unwrap();
        let mut last = s.step(1);
        while last.status == Status::Paused {
            assert_eq!(last.verdict, None);
            last = s.step(1000);
        }
        assert_eq!(last.verdict, Some(verdict), "{puzzle} {id}");
    }
}
