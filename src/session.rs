//! A running search behind one handle, the same natively and in the browser.
//!
//! [`Session::new`] finds the puzzle in the registry by name or alias and asks it to start the
//! algorithm ([`crate::puzzles::contract::Game::start`]); from then on the session holds a
//! type-erased [`Run`] and knows nothing about the puzzle. `api.rs` wraps it for JavaScript; the CLI
//! and the tests use it directly. Every solution leaving a session has passed the puzzle's
//! independent checker, and every verdict is computed in `contract::verdict`.

use serde_json::Value;

use crate::engine::{Frame, Stats, Status};
use crate::puzzles;
use crate::puzzles::contract::Run;

pub use crate::engine::Verdict;
pub use crate::puzzles::contract::{Report, MAX_SOLUTION_LIMIT};
pub use crate::puzzles::{AnyEvent, AnySolution};

/// A search in progress.
pub struct Session {
    run: Box<dyn Run>,
}

impl Session {
    /// Starts `algorithm` (a registry name) on `text` (any text form of `puzzle`) with `options`
    /// (a JSON object of the algorithm's options, or `null` for the defaults).
    pub fn new(puzzle: &str, text: &str, algorithm: &str, options: &Value) -> Result<Self, String> {
        let game = puzzles::lookup(puzzle)?;
        Ok(Session {
            run: game.start(text, algorithm, options)?,
        })
    }

    /// Runs until at least `max_events` events happened (or the search ended).
    pub fn step(&mut self, max_events: usize) -> Frame<AnyEvent> {
        self.run.step(max_events)
    }

    /// Runs to the end without events, or until `max_nodes` nodes or `max_micros` of time were
    /// spent, and reports the verdict and every solution kept, each checked independently.
    pub fn solve(&mut self, max_nodes: u64, max_micros: u64) -> Result<Report, String> {
        self.run.solve(max_nodes, max_micros)
    }

    /// The seed of a randomised run, so it can be shared in the ID (`queens:N#SEED`).
    pub fn seed(&self) -> Option<u64> {
        self.run.seed()
    }

    /// The algorithm variant in effect where the algorithm picks one itself (repair: "swap").
    pub fn variant(&self) -> Option<&'static str> {
        self.run.variant()
    }

    /// Counters and status so far.
    pub fn stats(&self) -> (Stats, Status) {
        self.run.stats()
    }
}

/// Default limits for a solve that must not run for ever (pasted puzzles, the CLI without flags).
pub const DEFAULT_MAX_NODES: u64 = u64::MAX;
pub const DEFAULT_MAX_MICROS: u64 = 60_000_000;

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
        assert!(e.contains("bad options"), "{e}");
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
            assert!(e.contains("limit must be from 1 to 10000"), "{e}");
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
}
