//! Verbs a puzzle may offer beyond the contract's solving and player helpers, each behind a
//! trait of JSON values so that the wasm API, the worker and the CLI reach them by puzzle name
//! and name no puzzle: today *experiments* (a plan of independent runs, each under its own budget,
//! then a summary table and a CSV of the rows; docs/EXPERIMENTS.md).
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

/// The message for a verb the puzzle does not offer.
pub fn not_offered(puzzle: &str, verb: &str) -> String {
    format!("{puzzle} has no {verb}")
}
