//! N-Queens counting as the registry's verb (src/puzzles/verbs.rs): what the wasm API and the
//! page's pool of counting workers call, by puzzle name. Two counters: `bitmask`, the
//! symmetry-class tasks of [`plan`](super::plan), and `naive`, the article's record-array search
//! (one sequential task, as the article wrote it, so its plan is the whole board).

use serde_json::{json, Value};

use super::{plan, weigh, Task, TaskCounter, DEFAULT_SPLIT_ROWS, MAX_COUNT_N};
use crate::puzzles::queens::naive::NaiveCounter;
use crate::puzzles::queens::MAX_BACKTRACK_N;
use crate::puzzles::verbs::{CountTask, Counting};

/// The counters behind [`VERB`].
pub struct Verb;

/// The counting verb of N-Queens, for `Game::COUNTING`.
pub static VERB: Verb = Verb;

/// N from a request: a whole number in `range`.
fn size(request: &Value, max: usize) -> Result<usize, String> {
    match request.as_u64() {
        Some(n) if (1..=max as u64).contains(&n) => Ok(n as usize),
        _ => Err(format!(
            "queens count: N must be a whole number from 1 to {max}, got {request}"
        )),
    }
}

impl Counting for Verb {
    fn plan(&self, request: &Value) -> Result<Value, String> {
        let mut p = plan(size(request, MAX_COUNT_N)?, DEFAULT_SPLIT_ROWS)?;
        // The page shows progress by the tasks' weights; native counts leave them out.
        weigh(&mut p)?;
        serde_json::to_value(&p).map_err(|e| format!("queens count: {e}"))
    }

    fn task(&self, algorithm: &str, task: &Value) -> Result<Box<dyn CountTask>, String> {
        match algorithm {
            "bitmask" => {
                let task: Task = serde_json::from_value(task.clone()).map_err(|e| {
                    format!(
                        "bad queens count task: {}",
                        crate::shared::text::plain_serde(&e.to_string())
                    )
                })?;
                Ok(Box::new(Bitmask(TaskCounter::new(&task)?)))
            }
            // The naive count is one task of the whole board: `{n, columns: []}`.
            "naive" => {
                let n = size(&task["n"], MAX_BACKTRACK_N)?;
                if task
                    .get("columns")
                    .and_then(Value::as_array)
                    .is_some_and(|c| !c.is_empty())
                {
                    return Err(
                        "queens count: the naive counter counts the whole board (columns: [])"
                            .into(),
                    );
                }
                Ok(Box::new(Naive(NaiveCounter::new(n)?)))
            }
            other => Err(format!(
                "queens count: no counter {} (counters: bitmask, naive)",
                crate::shared::text::quote(other)
            )),
        }
    }
}

struct Bitmask(TaskCounter);

impl CountTask for Bitmask {
    // At least 64 nodes a call: calls of about 2^24 nodes (0.1 s) run at full speed; at 2^20 up to
    // about 3% is lost to the rows above the last eight, counted in the slower resumable loop.
    fn run(&mut self, more: u64) -> bool {
        let limit = self.0.counts().nodes.saturating_add(more.max(64));
        self.0.run(limit)
    }
    fn counts(&self) -> Value {
        json!(self.0.counts())
    }
    fn fraction(&self) -> Option<f64> {
        None
    }
}

struct Naive(NaiveCounter);

impl CountTask for Naive {
    fn run(&mut self, more: u64) -> bool {
        let limit = self.0.counts().nodes.saturating_add(more.max(1));
        self.0.run(limit)
    }
    fn counts(&self) -> Value {
        json!(self.0.counts())
    }
    fn fraction(&self) -> Option<f64> {
        Some(self.0.fraction())
    }
}
