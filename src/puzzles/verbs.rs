//! Verbs a puzzle may offer beyond the contract's solving and player helpers, each behind a
//! trait of JSON values so that the wasm API, the worker and the CLI reach them by puzzle name
//! and name no puzzle:
//! - *counting* every solution of a size, as a plan of tasks a pool of workers shares, each task
//!   counted in chunks (a node budget per call) so it reports progress and can be stopped;
//! - *experiments*: a plan of independent runs, each under its own budget, then a summary table and
//!   a CSV of the rows (docs/EXPERIMENTS.md).
//!
//! A puzzle offers one by setting the matching constant of its [`Game`](super::Game)
//! (`const EXPERIMENTS: Option<&'static dyn Experiments> = Some(&MY_EXPERIMENTS)`).

use serde_json::Value;

/// Classroom experiments: a spec becomes a plan of runs, which any worker runs one at a time (a
/// run is a pure function of its spec, apart from its measured time), and the rows come back
/// for the summary and the CSV, the same lines the CLI prints for the same seeds.
pub trait Experiments: Sync {
    /// The runs of an experiment spec (`{kind, …}`), as `{runs: [...], …}`.
    fn plan(&self, spec: &Value) -> Result<Value, String>;
    /// Runs one run of a plan under its budget; its row.
    fn run(&self, run: &Value) -> Result<Value, String>;
    /// The summary table of some rows.
    fn summary(&self, rows: &Value) -> Result<Value, String>;
    /// The rows as CSV text.
    fn csv(&self, rows: &Value) -> Result<String, String>;
    /// Longest JSON text of rows the caller may hand back (the rows of the largest plan).
    fn max_rows_chars(&self) -> usize;
}

/// Counting every solution: a plan of tasks (`{tasks, base, weights, …}`: the answer is `base`
/// plus every task's counts; `weights` say how big each task is likely to be, for progress), and
/// a counter per task that runs under node budgets.
pub trait Counting: Sync {
    /// The plan for counting the puzzle of `request` (its size, in the puzzle's words).
    fn plan(&self, request: &Value) -> Result<Value, String>;
    /// A counter for one task of a plan (`algorithm`: one of the puzzle's counters).
    fn task(&self, algorithm: &str, task: &Value) -> Result<Box<dyn CountTask>, String>;
}

/// One task being counted.
pub trait CountTask {
    /// Counts about `more` nodes further (at least a few, so every call makes progress); true
    /// when the task is done.
    fn run(&mut self, more: u64) -> bool;
    /// What the task has found so far (`{solutions, unique, nodes}` for N-Queens).
    fn counts(&self) -> Value;
    /// How far the task is, 0 to 1, where the counter can estimate it (else `None`).
    fn fraction(&self) -> Option<f64>;
}

/// The message for a verb the puzzle does not offer.
pub fn not_offered(puzzle: &str, verb: &str) -> String {
    format!("{puzzle} has no {verb}")
}
