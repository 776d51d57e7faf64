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
use crate::puzzles::contract::{Hand, Run};

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

    /// [`Session::solve`], handing each solution to `hand` within the run's time (see
    /// [`Run::solve_handing`]).
    pub fn solve_handing(
        &mut self,
        max_nodes: u64,
        max_micros: u64,
        hand: Hand<'_>,
    ) -> Result<Report, String> {
        self.run.solve_handing(max_nodes, max_micros, Some(hand))
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
/// Default wall-time budget of [`solve_text`]: 60 s, in microseconds.
pub const DEFAULT_MAX_MICROS: u64 = 60_000_000;

/// Everything in one call, for library users who want an answer rather than a stepping session:
/// `options` is `null` or an object `{algorithm?, maxNodes?, maxMs?, ...}` where `algorithm`
/// defaults to the puzzle's first (its registry entry), the budgets to [`DEFAULT_MAX_NODES`] and
/// [`DEFAULT_MAX_MICROS`] (so a forgotten budget cannot hang a page), and every other field is an
/// option of the algorithm, checked like any other.
///
/// ```
/// use serde_json::json;
/// use solvescope::puzzles::REGISTRY;
/// use solvescope::session::{solve_text, Verdict};
/// // Each puzzle's example by its registry name, its first algorithm and the default budgets.
/// for p in REGISTRY {
///     let r = solve_text(p.name, p.example, &json!(null)).unwrap();
///     assert_ne!(r.verdict, Verdict::Budget);
///     assert!(!r.solutions.is_empty());
/// }
/// let p = REGISTRY[0];
/// assert!(solve_text(p.name, p.example, &json!({"maxMs": "soon"})).is_err());
/// ```
pub fn solve_text(puzzle: &str, text: &str, options: &Value) -> Result<Report, String> {
    solve_text_handing(puzzle, text, options, None)
}

/// [`solve_text`], handing the solutions to `hand` (see [`Session::solve_handing`]).
pub fn solve_text_handing(
    puzzle: &str,
    text: &str,
    options: &Value,
    hand: Option<Hand<'_>>,
) -> Result<Report, String> {
    let mut rest = match options {
        Value::Null => serde_json::Map::new(),
        Value::Object(m) => m.clone(),
        other => return Err(format!("the options must be an object, not {other}")),
    };
    let algorithm = match rest.remove("algorithm") {
        None | Some(Value::Null) => puzzles::lookup(puzzle)?.info().algorithms[0]
            .name
            .to_string(),
        Some(Value::String(a)) => a,
        Some(other) => return Err(format!("\"algorithm\" must be a string, not {other}")),
    };
    let max_nodes = budget(rest.remove("maxNodes"), "maxNodes", 1.0)?.unwrap_or(DEFAULT_MAX_NODES);
    let max_micros = budget(rest.remove("maxMs"), "maxMs", 1000.0)?.unwrap_or(DEFAULT_MAX_MICROS);
    let mut session = Session::new(puzzle, text, &algorithm, &Value::Object(rest))?;
    session.run.solve_handing(max_nodes, max_micros, hand)
}

/// The time budget of a player helper (`hint`, `check`) from its options: `null` or `{maxMs?}`;
/// without one, [`HELPER_MAX_MICROS`](crate::puzzles::contract::HELPER_MAX_MICROS).
///
/// ```
/// use serde_json::json;
/// use solvescope::session::helper_micros;
/// assert_eq!(helper_micros(&json!({"maxMs": 250})), Ok(250_000));
/// assert!(helper_micros(&json!({"maxNodes": 5})).is_err());
/// ```
pub fn helper_micros(options: &Value) -> Result<u64, String> {
    let mut rest = match options {
        Value::Null => serde_json::Map::new(),
        Value::Object(m) => m.clone(),
        other => return Err(format!("the options must be an object, not {other}")),
    };
    let micros = budget(rest.remove("maxMs"), "maxMs", 1000.0)?
        .unwrap_or(crate::puzzles::contract::HELPER_MAX_MICROS);
    match rest.keys().next() {
        Some(k) => Err(format!(
            "unknown option \"{k}\" (a hint or check takes only maxMs)"
        )),
        None => Ok(micros),
    }
}

/// A budget field: absent or `null` is `None`; otherwise a number of at least 0, times `scale`.
fn budget(value: Option<Value>, name: &str, scale: f64) -> Result<Option<u64>, String> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Number(n)) if n.as_f64().is_some_and(|x| x >= 0.0) => {
            // Saturating: a huge budget is simply no limit.
            Ok(Some((n.as_f64().unwrap_or(0.0) * scale) as u64))
        }
        Some(other) => Err(format!(
            "\"{name}\" must be a number of at least 0, not {other}"
        )),
    }
}
