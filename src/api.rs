//! The WebAssembly boundary: the only file that mentions wasm-bindgen.
//!
//! It is deliberately thin and names no puzzle: [`Session`] wraps [`crate::session::Session`] (which
//! is tested natively), and the free functions (`parse`, `format`, `hint`, `check`, `layout`,
//! `generate`) take the puzzle's registry name and forward to its [`puzzles::AnyGame`]. Structured values cross through
//! serde-wasm-bindgen with one serializer setting (`to_js`), so numbers, `null` and objects look the
//! same in every message. Every fallible call returns `Result<_, JsError>`: bad input becomes a JS
//! exception with the solver's readable message. The solvers never panic on any input; should a bug
//! panic anyway, the hook installed at start-up logs it to the console before the module traps; the
//! worker reports the trap as fatal and the page starts a fresh worker (www/solver-client.ts).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::puzzles;
use crate::session;

// The types of every value below, generated from the Rust types by `cargo test`
// (src/typescript.rs), so the package's `.d.ts` names them instead of saying `any`.
#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = include_str!("../www/generated/types.ts");

/// Runs once when the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("solvescope: internal error: {info}").into());
    }));
}

/// Every error the page shows is a sentence: the solvers write clauses ("hashi: row 2, column 3:
/// …") so the CLI and tests can prefix or embed them; here they get a capital and a full stop.
fn js_error(message: &str) -> JsError {
    JsError::new(&puzzles::contract::sentence(message))
}

/// The one serializer setting of the boundary: plain JS objects (not `Map`s), `null` for `None`.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value
        .serialize(&serializer)
        .map_err(|e| js_error(&format!("could not send the result to JavaScript: {e}")))
}

/// A JS value as JSON (`undefined` becomes `null`). Everything structured crosses as a JSON value
/// and is then read by the puzzle's own serde types: serde-wasm-bindgen reads a struct by asking
/// for its known fields only, which would let a misspelt field pass silently.
///
/// The value crosses as JSON text made by the browser's own `JSON.stringify`, not by walking it
/// from Rust: a circular object or one nested thousands deep then fails there, as a catchable
/// JavaScript error, instead of exhausting the wasm stack (which traps and leaves the module
/// unusable). serde_json then refuses anything nested deeper than its recursion limit.
fn json_from_js(value: JsValue, what: &str) -> Result<serde_json::Value, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(serde_json::Value::Null);
    }
    let text = js_sys::JSON::stringify(&value).map_err(|_| {
        js_error(&format!(
            "bad {what}: not plain data (a circular reference, or nested too deeply)"
        ))
    })?;
    let text = text.as_string().unwrap_or_default();
    if text.len() > MAX_DATA_BYTES {
        return Err(js_error(&format!(
            "bad {what}: {} bytes of data, more than the {MAX_DATA_BYTES} any puzzle needs",
            text.len()
        )));
    }
    serde_json::from_str(&text).map_err(|e| js_error(&format!("bad {what}: {e}")))
}

/// Most JSON text one argument may hold: a 100x100 board with every bridge is far below it.
const MAX_DATA_BYTES: usize = 4 << 20;

/// A string argument, refused clearly when JavaScript passes anything else (a number where a
/// string belongs must be an error, not undefined behaviour in the glue code).
fn text_from_js(value: &JsValue, what: &str) -> Result<String, JsError> {
    value.as_string().ok_or_else(|| {
        js_error(&format!(
            "{what} must be a string, got {}",
            value.js_typeof().as_string().unwrap_or_default()
        ))
    })
}

fn game(puzzle: &JsValue) -> Result<&'static dyn puzzles::AnyGame, JsError> {
    puzzles::lookup(&text_from_js(puzzle, "the puzzle name")?).map_err(|e| js_error(&e))
}

fn js_result(r: Result<serde_json::Value, String>) -> Result<JsValue, JsError> {
    to_js(&r.map_err(|e| js_error(&e))?)
}

/// The registry: puzzles, their aliases, algorithms and example IDs.
#[wasm_bindgen(js_name = listPuzzles, unchecked_return_type = "PuzzleInfo[]")]
pub fn list_puzzles() -> Result<JsValue, JsError> {
    to_js(&puzzles::REGISTRY)
}

/// Solves `text` (any text form of `puzzle`) in one call and returns `{verdict, status, stats,
/// solutions}`. `options`: `{algorithm?, maxNodes?, maxMs?, ...the algorithm's options}`; the
/// default algorithm is the puzzle's first, the default time budget 60 s.
#[wasm_bindgen(js_name = solve, unchecked_return_type = "Report")]
pub fn solve_once(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    // `Option` makes the parameter optional in the generated types (`options?:`), as documented.
    #[wasm_bindgen(
        unchecked_optional_param_type = "{ algorithm?: string; maxNodes?: number; maxMs?: number; [option: string]: unknown } | null"
    )]
    options: Option<JsValue>,
) -> Result<JsValue, JsError> {
    let puzzle = text_from_js(&puzzle, "the puzzle name")?;
    let text = text_from_js(&text, "the puzzle text")?;
    let options = json_from_js(options.unwrap_or(JsValue::UNDEFINED), "solve options")?;
    to_js(&session::solve_text(&puzzle, &text, &options).map_err(|e| js_error(&e))?)
}

/// A search in progress, kept in wasm memory; JavaScript holds only this handle.
#[wasm_bindgen]
pub struct Session {
    inner: session::Session,
}

#[wasm_bindgen]
impl Session {
    /// Starts a search: `puzzle` is a registry name or alias (see `listPuzzles`), `id` a puzzle text,
    /// `algorithm` a registry algorithm name, `options` an object (or undefined).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] id: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] algorithm: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Record<string, unknown> | null")]
        options: Option<JsValue>,
    ) -> Result<Session, JsError> {
        let puzzle = text_from_js(&puzzle, "the puzzle name")?;
        let id = text_from_js(&id, "the puzzle text")?;
        let algorithm = text_from_js(&algorithm, "the algorithm name")?;
        let options = json_from_js(options.unwrap_or(JsValue::UNDEFINED), "solver options")?;
        session::Session::new(&puzzle, &id, &algorithm, &options)
            .map(|inner| Session { inner })
            .map_err(|e| js_error(&e))
    }

    /// Runs until at least `max_events` events happened or the search ended; returns one frame
    /// `{events, stats, status, verdict}` (`verdict` is set on the frame that ends the run).
    #[wasm_bindgen(unchecked_return_type = "Frame<AnyEvent>")]
    pub fn step(&mut self, max_events: u32) -> Result<JsValue, JsError> {
        to_js(&self.inner.step(max_events as usize))
    }

    /// Runs to the end (or until `max_nodes` nodes / `max_ms` milliseconds), without events, and
    /// returns `{verdict, status, stats, solutions}`; every solution has passed the checker.
    #[wasm_bindgen(unchecked_return_type = "Report")]
    pub fn solve(&mut self, max_nodes: f64, max_ms: f64) -> Result<JsValue, JsError> {
        let nodes = if max_nodes.is_finite() && max_nodes >= 0.0 {
            max_nodes as u64
        } else {
            u64::MAX
        };
        let micros = if max_ms.is_finite() && max_ms >= 0.0 {
            (max_ms * 1000.0) as u64
        } else {
            u64::MAX
        };
        let report = self.inner.solve(nodes, micros).map_err(|e| js_error(&e))?;
        to_js(&report)
    }

    /// Counters and status so far: `{stats, status}`.
    #[wasm_bindgen(unchecked_return_type = "{ stats: Stats; status: Status }")]
    pub fn stats(&self) -> Result<JsValue, JsError> {
        #[derive(Serialize)]
        struct Now {
            stats: crate::engine::Stats,
            status: crate::engine::Status,
        }
        let (stats, status) = self.inner.stats();
        to_js(&Now { stats, status })
    }
}

// ---- Player helpers, for any puzzle of the registry that offers them (see `PuzzleInfo.helpers`).

/// `{puzzle, exports: {tatham, puzzlink, plain}}` from any text form of `puzzle`.
#[wasm_bindgen(unchecked_return_type = "Parsed<AnyPuzzle>")]
pub fn parse(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsError> {
    let g = game(&puzzle)?;
    js_result(g.parse(&text_from_js(&text, "the puzzle text")?))
}

/// `{tatham, puzzlink, plain}` for plain puzzle data (`null` where a form cannot hold it).
#[wasm_bindgen(unchecked_return_type = "Exports")]
pub fn format(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "AnyPuzzle")] data: JsValue,
) -> Result<JsValue, JsError> {
    let g = game(&puzzle)?;
    js_result(g.export(&json_from_js(data, "puzzle")?))
}

/// The next step for a player from their board.
#[wasm_bindgen(unchecked_return_type = "AnyHint")]
pub fn hint(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "AnyPuzzle")] data: JsValue,
    #[wasm_bindgen(unchecked_param_type = "AnyBoard")] board: JsValue,
) -> Result<JsValue, JsError> {
    let g = game(&puzzle)?;
    js_result(g.hint(
        &json_from_js(data, "puzzle")?,
        &json_from_js(board, "board")?,
    ))
}

/// What is wrong (or finished) on a player's board.
#[wasm_bindgen(unchecked_return_type = "AnyCheck")]
pub fn check(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "AnyPuzzle")] data: JsValue,
    #[wasm_bindgen(unchecked_param_type = "AnyBoard")] board: JsValue,
) -> Result<JsValue, JsError> {
    let g = game(&puzzle)?;
    js_result(g.check(
        &json_from_js(data, "puzzle")?,
        &json_from_js(board, "board")?,
    ))
}

/// What the page draws before any event, where the puzzle has a layout (see `helpers`).
#[wasm_bindgen(unchecked_return_type = "AnyLayout")]
pub fn layout(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "AnyPuzzle")] data: JsValue,
) -> Result<JsValue, JsError> {
    let g = game(&puzzle)?;
    js_result(g.layout(&json_from_js(data, "puzzle")?))
}

/// A random puzzle with a unique solution: `request` is `{size, seed?}` (no seed: a fresh one).
#[wasm_bindgen(unchecked_return_type = "Generated<AnyPuzzle>")]
pub fn generate(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "GenerateRequest")] request: JsValue,
) -> Result<JsValue, JsError> {
    let g = game(&puzzle)?;
    js_result(g.generate(&json_from_js(request, "generator request")?))
}

// ---- N-Queens counting for a pool of workers: the main thread asks for the plan, each worker
// (its own wasm instance) counts the tasks it is handed, in chunks, and the page adds the counts.
// The one puzzle-specific corner of this file: counting has no session (no events, no solutions).

/// A whole number from JavaScript within `range`, or a readable error naming `what`.
fn whole_from_js(
    value: f64,
    what: &str,
    range: std::ops::RangeInclusive<u64>,
) -> Result<u64, JsError> {
    if value.is_finite()
        && value.fract() == 0.0
        && value >= *range.start() as f64
        && value <= *range.end() as f64
    {
        Ok(value as u64)
    } else {
        Err(js_error(&format!(
            "{what} must be a whole number from {} to {}, got {value}",
            range.start(),
            range.end()
        )))
    }
}

/// The tasks of counting `n` queens, `{n, base, tasks}`: the answer is `base` plus the counts of
/// every task (see `QueensCountTask`). N from 1 to 27.
#[wasm_bindgen(
    js_name = queensCountPlan,
    unchecked_return_type = "{ n: number; base: { solutions: number; unique: number; nodes: number }; tasks: { n: number; columns: number[] }[] }"
)]
pub fn queens_count_plan(n: f64) -> Result<JsValue, JsError> {
    use crate::puzzles::queens::count;
    let n = whole_from_js(n, "N", 1..=count::MAX_COUNT_N as u64)? as usize;
    let plan = count::plan(n, count::DEFAULT_SPLIT_ROWS).map_err(|e| js_error(&e))?;
    to_js(&plan)
}

/// One task of a plan, counted in chunks so a worker can report progress and be stopped between
/// them.
#[wasm_bindgen]
pub struct QueensCountTask {
    inner: crate::puzzles::queens::count::TaskCounter,
}

#[wasm_bindgen]
impl QueensCountTask {
    /// Checks `task` (one element of `queensCountPlan(n).tasks`) and prepares its search.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "{ n: number; columns: number[] }")] task: JsValue,
    ) -> Result<QueensCountTask, JsError> {
        let value = json_from_js(task, "queens count task")?;
        let task: crate::puzzles::queens::count::Task = serde_json::from_value(value)
            .map_err(|e| js_error(&format!("bad queens count task: {e}")))?;
        crate::puzzles::queens::count::TaskCounter::new(&task)
            .map(|inner| QueensCountTask { inner })
            .map_err(|e| js_error(&e))
    }

    /// Counts about `max_nodes` more nodes (at least 64; `Infinity`: to the end); true when the
    /// task is done.
    pub fn run(&mut self, max_nodes: f64) -> bool {
        let more = if max_nodes.is_finite() && max_nodes >= 0.0 {
            (max_nodes as u64).max(64)
        } else {
            u64::MAX
        };
        let limit = self.inner.counts().nodes.saturating_add(more);
        self.inner.run(limit)
    }

    /// What the task found so far.
    #[wasm_bindgen(unchecked_return_type = "{ solutions: number; unique: number; nodes: number }")]
    pub fn counts(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.counts())
    }
}
