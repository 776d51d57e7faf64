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

    /// The seed of a randomised run, so it can be shared in the puzzle's ID (`…#SEED`).
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
