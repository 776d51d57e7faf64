//! The WebAssembly boundary: the only file that mentions wasm-bindgen.
//!
//! It is deliberately thin and names no puzzle: [`Session`] wraps [`crate::session::Session`] (which
//! is tested natively), and the free functions (`parse`, `format`, `hint`, `check`, `layout`,
//! `generate`) take the puzzle's registry name and forward to its [`puzzles::AnyGame`]. Structured values cross as
//! JSON text both ways (`to_js`, `json_from_js`), so numbers, `null` and objects look the same in
//! every message, and the module carries one serde format (serde_json) instead of two. Every fallible call returns `Result<_, JsError>`: bad input becomes a JS
//! exception with the solver's readable message. The solvers never panic on any input; should a bug
//! panic anyway, the hook installed at start-up logs it to the console before the module traps; the
//! worker reports the trap as fatal and the page starts a fresh worker (www/solver-client.ts).
//! Running out of memory is an error too, as far as wasm32 allows ([`bounded`], src/shared/memory.rs).

use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use crate::puzzles;
use crate::session;
use crate::shared::memory;

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

/// Every error the page shows is a sentence: the solvers write clauses ("PUZZLE: row 2, column 3:
/// …") so the CLI and tests can prefix or embed them; here they get a capital and a full stop.
/// A message is cut to [`MAX_MESSAGE_CHARS`]: whatever a message quotes of a hostile argument, the
/// page's error paragraph stays short.
fn js_error(message: &str) -> JsError {
    let message = match message.char_indices().nth(MAX_MESSAGE_CHARS) {
        Some((cut, _)) => format!(
            "{}… (the message goes on for {} more characters)",
            &message[..cut],
            message[cut..].chars().count()
        ),
        None => message.to_string(),
    };
    JsError::new(&puzzles::contract::sentence(&message))
}

/// Longest error message handed to JavaScript, in characters (before the note saying how much
/// was cut).
const MAX_MESSAGE_CHARS: usize = 400;

/// What a JS value is, for messages: a number as itself, anything else by its `typeof`. Nothing
/// here (nor anywhere in this file) calls a JS function on an argument that could throw out of
/// wasm: `typeof` never throws, whereas `Array.isArray` throws on a revoked Proxy, and a JS
/// exception unwinding through Rust frames would leave the module's stack pointer behind.
fn describe(value: &JsValue) -> String {
    match value.as_f64() {
        Some(x) => crate::shared::text::js_number(x),
        None if value.is_null() => "null".to_string(),
        None => {
            let t = value.js_typeof().as_string().unwrap_or_default();
            let article = if t.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            match t.as_str() {
                "undefined" => t,
                _ => format!("{article} {t}"),
            }
        }
    }
}

/// The one way a result leaves the boundary: serde-wasm-bindgen builds plain JS objects from the
/// Rust value directly, with the JSON-compatible settings (maps as plain objects, not `Map`s;
/// `None` as `null`; every number a JS number: counters, seeds and sizes stay below 2^53). It
/// replaced serialising to JSON text and `JSON.parse` in the browser: one copy of each result
/// instead of two (BENCHMARKS.md, "The wasm boundary", has the side-by-side figures).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_error(&format!("could not send the result to JavaScript: {e}")))
}

/// A solve's report, its solutions built as JavaScript objects one by one inside the run's time
/// ([`Hand`](puzzles::contract::Hand)): 10,000 boards of the largest size take as long as the
/// search, so the budget, `micros` and the sentence include them. Those the budget left no time
/// for are counted in `omitted`, with those the checker had no time for.
fn solve_to_js(
    solve: impl FnOnce(puzzles::contract::Hand<'_>) -> Result<session::Report, String>,
) -> Result<JsValue, JsError> {
    let list = js_sys::Array::new();
    let mut hand = |s: &puzzles::AnySolution| -> Result<(), String> {
        let js = to_js(s).map_err(|_| "could not send a solution to JavaScript".to_string())?;
        list.push(&js);
        Ok(())
    };
    let report = solve(&mut hand).map_err(|e| js_error(&e))?;
    let out = to_js(&report)?;
    js_sys::Reflect::set(&out, &JsValue::from_str("solutions"), &list)
        .map_err(|_| js_error("internal error: could not send the solutions to JavaScript"))?;
    Ok(out)
}

/// A frame of events, the one hot result: as JSON text read by the browser's `JSON.parse`. A frame
/// holds up to tens of thousands of small events, each with its counters, and building those
/// objects field by field from Rust (serde-wasm-bindgen, one call into JavaScript per value) made
/// stepping runs of many small events 1.3x slower than one string and one `JSON.parse` (benches/boundary.mjs,
/// BENCHMARKS.md "The wasm boundary").
fn frame_to_js<T: Serialize>(frame: &T) -> Result<JsValue, JsError> {
    let text = serde_json::to_string(frame)
        .map_err(|e| js_error(&format!("could not send the frame to JavaScript: {e}")))?;
    js_sys::JSON::parse(&text)
        .map_err(|_| js_error("internal error: could not read the frame's JSON in JavaScript"))
}

/// A JS value as JSON (`undefined` becomes `null`). Everything structured crosses as a JSON value
/// and is then read by the puzzle's own serde types: serde-wasm-bindgen reads a struct by asking
/// for its known fields only, which would let a misspelt field pass silently.
///
/// The value crosses as JSON text made by the browser's own `JSON.stringify`, not by walking it
/// from Rust: a circular object or one nested thousands deep then fails there, as a catchable
/// JavaScript error, instead of exhausting the wasm stack (which traps and leaves the module
/// unusable). serde_json then refuses anything nested deeper than its recursion limit.
///
/// `JSON.stringify` runs the value's own code (`toJSON`, getters, a Proxy's traps); what that code
/// throws is caught and quoted, and so is what `JSON.stringify` itself throws (a cycle). What it
/// would quietly turn into `null` or leave out (NaN, ±Infinity, a function, a symbol; a BigInt,
/// which it refuses without saying where) is refused by [`strict_replacer`], naming the key. The
/// JSON text's length is checked before it is copied into wasm memory.
fn json_from_js(value: JsValue, what: &str) -> Result<serde_json::Value, JsError> {
    json_from_js_up_to(value, what, MAX_DATA_CHARS)
}

/// [`json_from_js`] with another length limit (an experiment's rows are longer than any puzzle).
fn json_from_js_up_to(
    value: JsValue,
    what: &str,
    max_chars: usize,
) -> Result<serde_json::Value, JsError> {
    if value.is_undefined() || value.is_null() {
        return Ok(serde_json::Value::Null);
    }
    let replacer = strict_replacer();
    let text = js_sys::JSON::stringify_with_replacer(&value, replacer.as_ref()).map_err(|e| {
        // `Reflect.get` is caught if the thrown value's `message` is a getter that throws too.
        let reason = js_sys::Reflect::get(&e, &JsValue::from_str("message"))
            .ok()
            .and_then(|m| m.as_string())
            .unwrap_or_else(|| describe(&e));
        js_error(&format!(
            "bad {what}: {reason} (only plain objects, arrays, strings, finite numbers, true, false and null are data)"
        ))
    })?;
    // `JSON.stringify` gives `undefined` for what JSON cannot hold at the top level.
    if !text.is_string() {
        return Err(js_error(&format!(
            "bad {what}: {} is not data (expected plain objects, arrays, numbers, strings)",
            describe(&value)
        )));
    }
    let length = text.length() as usize;
    if length > max_chars {
        return Err(js_error(&format!(
            "bad {what}: {length} characters of JSON, more than the {max_chars} it may have"
        )));
    }
    let text = String::from(text);
    serde_json::from_str(&text).map_err(|e| js_error(&format!("bad {what}: {e}")))
}

/// The replacer [`json_from_js`] hands to `JSON.stringify`: it sees every value (after `toJSON`)
/// and throws for those JSON cannot hold, so `{maxNodes: NaN}` is an error rather than "no
/// budget given". It is called from JavaScript and returns to it, so its error is thrown in JS,
/// never through Rust frames.
fn strict_replacer() -> Closure<dyn FnMut(JsValue, JsValue) -> Result<JsValue, JsValue>> {
    Closure::new(|key: JsValue, value: JsValue| {
        // A seed may be any u64, beyond what a JavaScript number holds exactly: a BigInt seed
        // crosses as its decimal text, which the generator reads exactly.
        if key.as_string().as_deref() == Some("seed") {
            if let Some(big) = value.dyn_ref::<js_sys::BigInt>() {
                return big.to_string(10).map(JsValue::from).map_err(JsValue::from);
            }
        }
        let not_data = match value.as_f64() {
            Some(x) => !x.is_finite(),
            None => matches!(
                value.js_typeof().as_string().as_deref(),
                Some("function" | "symbol" | "bigint")
            ),
        };
        if !not_data {
            return Ok(value);
        }
        let at = match key.as_string() {
            Some(k) if !k.is_empty() => format!(" at {k:?}"),
            _ => String::new(),
        };
        Err(js_sys::Error::new(&format!("{}{at} is not data", describe(&value))).into())
    })
}

/// Most JSON text one argument may hold, in UTF-16 units: a 100x100 board with every bridge is far
/// below it.
const MAX_DATA_CHARS: usize = 4 << 20;

/// Most characters a string argument may hold: the largest puzzle text (a 100x100 plain grid)
/// has about 10,000.
const MAX_TEXT_CHARS: usize = 1 << 20;

/// A string argument, refused clearly when JavaScript passes anything else (a number where a
/// string belongs must be an error, not undefined behaviour in the glue code).
/// Its length is checked before the text is copied into wasm memory.
fn text_from_js(value: &JsValue, what: &str) -> Result<String, JsError> {
    let Some(text) = value.dyn_ref::<js_sys::JsString>() else {
        return Err(js_error(&format!(
            "{what} must be a string, got {}",
            describe(value)
        )));
    };
    let length = text.length() as usize;
    if length > MAX_TEXT_CHARS {
        return Err(js_error(&format!(
            "{what} is {length} characters long, more than the {MAX_TEXT_CHARS} any puzzle needs"
        )));
    }
    Ok(String::from(text))
}

/// A count or budget from JavaScript: a number of at least 0, or `Infinity`; NaN, negative
/// numbers and anything that is not a number (a BigInt, a string, `undefined`) are refused. Every
/// numeric parameter is taken as a `JsValue` and checked here, since the glue code's own
/// conversion of a BigInt or a Symbol to a number throws a `TypeError` with no sentence of ours.
fn amount_from_js(value: &JsValue, what: &str) -> Result<f64, JsError> {
    match value.as_f64() {
        Some(x) if x >= 0.0 => Ok(x),
        _ => Err(js_error(&format!(
            // "The argument maxNodes …": the first word is capitalised (a sentence), the argument
            // keeps its own name.
            "the argument {what} must be a number of at least 0 (or Infinity), got {}",
            describe(value)
        ))),
    }
}

/// `amount` (from [`amount_from_js`]) times `scale`, as a whole number; `Infinity` (or more than
/// u64 holds) is no limit.
fn limit(amount: f64, scale: f64) -> u64 {
    // `as` saturates: Infinity and anything past u64::MAX become u64::MAX.
    (amount * scale) as u64
}

fn game(puzzle: &JsValue) -> Result<&'static dyn puzzles::AnyGame, JsError> {
    puzzles::lookup(&text_from_js(puzzle, "the puzzle name")?).map_err(|e| js_error(&e))
}

fn js_result(r: Result<serde_json::Value, String>) -> Result<JsValue, JsError> {
    to_js(&r.map_err(|e| js_error(&e))?)
}

/// Every export runs through this (the classes' methods through [`bounded_on`]): when memory ran
/// past [`memory::SOFT_LIMIT`] during the call, what it made is dropped, which gives the memory
/// back, and the call throws an Error saying so instead of the module trapping later
/// (src/shared/memory.rs says why and how far this reaches).
fn bounded<T>(call: impl FnOnce() -> Result<T, JsError>) -> Result<T, JsError> {
    let outer = memory::start_call();
    let result = call();
    if memory::end_call(outer) {
        drop(result);
        return Err(ran_out());
    }
    result
}

/// The error of a call that ran out of memory: one copy for every export (the module's size).
#[inline(never)]
fn ran_out() -> JsError {
    js_error(&memory::ran_out_message())
}

/// [`bounded`] for a method that changes its object: after running out of memory part-way, the
/// object may be half-changed (a frame's events lost), so it refuses every later call.
fn bounded_on<T>(
    ran_out: &mut bool,
    class: &str,
    call: impl FnOnce() -> Result<T, JsError>,
) -> Result<T, JsError> {
    live(*ran_out, class)?;
    let outer = memory::start_call();
    let result = call();
    if memory::end_call(outer) {
        *ran_out = true;
        drop(result);
        return Err(self::ran_out());
    }
    result
}

/// Refuses a call on an object that ran out of memory in an earlier one (see [`bounded_on`]).
fn live(ran_out: bool, class: &str) -> Result<(), JsError> {
    if ran_out {
        return Err(js_error(&format!(
            "this {class} ran out of memory in an earlier call and cannot go on; free() it and make a new one"
        )));
    }
    Ok(())
}

/// What the module holds, in bytes: `held` now, `peak` (the most held at once since the last
/// `memoryUsage()`), `limit` (past it a call that needs memory throws instead of going on) and
/// `memory` (the wasm memory's size: it never shrinks, and freed blocks in it are reused).
/// Not bounded itself: it is how a program looks when memory runs out.
#[wasm_bindgen(
    js_name = memoryUsage,
    unchecked_return_type = "{ held: number; peak: number; limit: number; memory: number }"
)]
pub fn memory_usage() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Usage {
        held: usize,
        peak: usize,
        limit: usize,
        memory: usize,
    }
    let (held, peak) = memory::usage();
    to_js(&Usage {
        held,
        peak,
        limit: memory::SOFT_LIMIT,
        memory: core::arch::wasm32::memory_size(0) * 65536,
    })
}

/// The registry: puzzles, their aliases, algorithms and example IDs.
#[wasm_bindgen(js_name = listPuzzles, unchecked_return_type = "PuzzleInfo[]")]
pub fn list_puzzles() -> Result<JsValue, JsError> {
    bounded(|| to_js(&puzzles::REGISTRY))
}

/// Solves `text` (any text form of `puzzle`) in one call and returns `{verdict, status, stats,
/// solutions}`. `options`: `{algorithm?, maxNodes?, maxMs?, ...the algorithm's options}`; the
/// default algorithm is the puzzle's first, the default time budget 60 s.
#[wasm_bindgen(js_name = solve, unchecked_return_type = "Report")]
pub fn solve_once(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    // Optional in the generated types (`options?:`), as documented: JavaScript may leave it out.
    #[wasm_bindgen(
        unchecked_optional_param_type = "{ algorithm?: string; maxNodes?: number; maxMs?: number; [option: string]: unknown } | null"
    )]
    options: JsValue,
) -> Result<JsValue, JsError> {
    bounded(|| {
        let puzzle = text_from_js(&puzzle, "the puzzle name")?;
        let text = text_from_js(&text, "the puzzle text")?;
        let options = json_from_js(options, "solve options")?;
        solve_to_js(|hand| session::solve_text_handing(&puzzle, &text, &options, Some(hand)))
    })
}

/// A search in progress, kept in wasm memory; JavaScript holds only this handle.
#[wasm_bindgen]
pub struct Session {
    inner: session::Session,
    /// Set when a call ran out of memory part-way: its state may be half-changed.
    ran_out: bool,
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
        options: JsValue,
    ) -> Result<Session, JsError> {
        bounded(|| {
            let puzzle = text_from_js(&puzzle, "the puzzle name")?;
            let id = text_from_js(&id, "the puzzle text")?;
            let algorithm = text_from_js(&algorithm, "the algorithm name")?;
            let options = json_from_js(options, "solver options")?;
            session::Session::new(&puzzle, &id, &algorithm, &options)
                .map(|inner| Session {
                    inner,
                    ran_out: false,
                })
                .map_err(|e| js_error(&e))
        })
    }

    /// Runs until at least `max_events` events happened or the search ended; returns one frame
    /// `{events, stats, status, verdict}` (`verdict` is set on the frame that ends the run).
    /// Any number of at least 0 works: a frame ends after a bounded number of nodes anyway
    /// (`engine::MAX_NODES_PER_FRAME`).
    #[wasm_bindgen(unchecked_return_type = "Frame<AnyEvent>")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] max_events: JsValue,
    ) -> Result<JsValue, JsError> {
        bounded_on(&mut self.ran_out, "Session", || {
            let events = limit(amount_from_js(&max_events, "maxEvents")?, 1.0);
            frame_to_js(
                &self
                    .inner
                    .step(usize::try_from(events).unwrap_or(usize::MAX)),
            )
        })
    }

    /// Runs to the end (or until `max_nodes` nodes / `max_ms` milliseconds), without events, and
    /// returns `{verdict, status, stats, solutions}`; every solution has passed the checker.
    /// `Infinity` is no limit; NaN, a negative number or a non-number is an error.
    #[wasm_bindgen(unchecked_return_type = "Report")]
    pub fn solve(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] max_nodes: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] max_ms: JsValue,
    ) -> Result<JsValue, JsError> {
        bounded_on(&mut self.ran_out, "Session", || {
            let nodes = limit(amount_from_js(&max_nodes, "maxNodes")?, 1.0);
            let micros = limit(amount_from_js(&max_ms, "maxMs")?, 1000.0);
            solve_to_js(|hand| self.inner.solve_handing(nodes, micros, hand))
        })
    }

    /// Counters and status so far: `{stats, status}`.
    #[wasm_bindgen(unchecked_return_type = "{ stats: Stats; status: Status }")]
    pub fn stats(&self) -> Result<JsValue, JsError> {
        live(self.ran_out, "Session")?;
        bounded(|| {
            #[derive(Serialize)]
            struct Now {
                stats: crate::engine::Stats,
                status: crate::engine::Status,
            }
            let (stats, status) = self.inner.stats();
            to_js(&Now { stats, status })
        })
    }
}

// ---- Player helpers, for any puzzle of the registry that offers them (see `PuzzleInfo.helpers`).

/// `{puzzle, exports: {tatham, puzzlink, plain}}` from any text form of `puzzle`.
#[wasm_bindgen(unchecked_return_type = "Parsed<AnyPuzzle>")]
pub fn parse(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
) -> Result<JsValue, JsError> {
    bounded(|| {
        let g = game(&puzzle)?;
        js_result(g.parse(&text_from_js(&text, "the puzzle text")?))
    })
}

/// `{tatham, puzzlink, plain}` for plain puzzle data (`null` where a form cannot hold it).
#[wasm_bindgen(unchecked_return_type = "Exports")]
pub fn format(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "AnyPuzzle")] data: JsValue,
) -> Result<JsValue, JsError> {
    bounded(|| {
        let g = game(&puzzle)?;
        js_result(g.export(&json_from_js(data, "puzzle")?))
    })
}

/// The time budget of a helper's search from its optional `{maxMs}` (2 s without one).
fn helper_budget(options: JsValue) -> Result<u64, JsError> {
    session::helper_micros(&json_from_js(options, "hint or check options")?)
        .map_err(|e| js_error(&e))
}

/// The next step for a player from their board; `options.maxMs` bounds its search (default 2 s).
#[wasm_bindgen(unchecked_return_type = "AnyHint")]
pub fn hint(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "AnyPuzzle")] data: JsValue,
    #[wasm_bindgen(unchecked_param_type = "AnyBoard")] board: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "{ maxMs?: number } | null")] options: JsValue,
) -> Result<JsValue, JsError> {
    bounded(|| {
        let g = game(&puzzle)?;
        let micros = helper_budget(options)?;
        js_result(g.hint_within(
            &json_from_js(data, "puzzle")?,
            &json_from_js(board, "board")?,
            micros,
        ))
    })
}

/// What is wrong (or finished) on a player's board; `options.maxMs` bounds its uniqueness search
/// (default 2 s; out of time, `solvability` is `budget`).
#[wasm_bindgen(unchecked_return_type = "AnyCheck")]
pub fn check(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "AnyPuzzle")] data: JsValue,
    #[wasm_bindgen(unchecked_param_type = "AnyBoard")] board: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "{ maxMs?: number } | null")] options: JsValue,
) -> Result<JsValue, JsError> {
    bounded(|| {
        let g = game(&puzzle)?;
        let micros = helper_budget(options)?;
        js_result(g.check_within(
            &json_from_js(data, "puzzle")?,
            &json_from_js(board, "board")?,
            micros,
        ))
    })
}

/// What the page draws before any event, where the puzzle has a layout (see `helpers`).
#[wasm_bindgen(unchecked_return_type = "AnyLayout")]
pub fn layout(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "AnyPuzzle")] data: JsValue,
) -> Result<JsValue, JsError> {
    bounded(|| {
        let g = game(&puzzle)?;
        js_result(g.layout(&json_from_js(data, "puzzle")?))
    })
}

/// A random puzzle with a unique solution: `request` is `{size, seed?, difficulty?, givens?}` (no
/// seed: a fresh one; a difficulty level by name where the puzzle has levels).
#[wasm_bindgen(unchecked_return_type = "Generated<AnyPuzzle>")]
pub fn generate(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "GenerateRequest")] request: JsValue,
) -> Result<JsValue, JsError> {
    bounded(|| {
        let g = game(&puzzle)?;
        js_result(g.generate(&json_from_js(request, "generator request")?))
    })
}

// ---- Counting (src/puzzles/verbs.rs), for the puzzles that offer it: the page asks for the plan,
// hands its tasks to a pool of workers, and each worker counts its tasks in chunks.

/// The puzzle's counting, or an error saying it has none.
fn counting_of(puzzle: &JsValue) -> Result<&'static dyn puzzles::verbs::Counting, JsError> {
    let game = game(puzzle)?;
    game.counting()
        .ok_or_else(|| js_error(&puzzles::verbs::not_offered(game.info().name, "counting")))
}

/// The tasks of counting the puzzle at `size` (its count verb's size), `{base, tasks, weights, …}`: the
/// answer is `base` plus the counts of every task (see `CountTask`); `weights[i]` is how big task
/// `i` is likely to be, for progress.
#[wasm_bindgen(
    js_name = countPlan,
    unchecked_return_type = "{ n: number; base: { solutions: number; unique: number; nodes: number }; tasks: { n: number; columns: number[] }[]; weights: number[] }"
)]
pub fn count_plan(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] size: JsValue,
) -> Result<JsValue, JsError> {
    bounded(|| {
        let verb = counting_of(&puzzle)?;
        let size = json_from_js(size, "count size")?;
        to_js(&verb.plan(&size).map_err(|e| js_error(&e))?)
    })
}

/// One task of a plan, counted in chunks so a worker can report progress and be stopped between
/// them.
#[wasm_bindgen]
pub struct CountTask {
    inner: Box<dyn puzzles::verbs::CountTask>,
    /// Set when a call ran out of memory part-way: its state may be half-changed.
    ran_out: bool,
}

#[wasm_bindgen]
impl CountTask {
    /// Checks `task` (one element of `countPlan(puzzle, size).tasks`) and prepares the search of
    /// the counter `algorithm` (one of those the puzzle's count verb lists in the registry).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string")] algorithm: JsValue,
        #[wasm_bindgen(unchecked_param_type = "{ n: number; columns: number[] }")] task: JsValue,
    ) -> Result<CountTask, JsError> {
        bounded(|| {
            let verb = counting_of(&puzzle)?;
            let algorithm = text_from_js(&algorithm, "the counter")?;
            let task = json_from_js(task, "count task")?;
            verb.task(&algorithm, &task)
                .map(|inner| CountTask {
                    inner,
                    ran_out: false,
                })
                .map_err(|e| js_error(&e))
        })
    }

    /// Counts about `max_nodes` more nodes (`Infinity`: to the end); true when the task is done.
    /// NaN, a negative number or a non-number is an error.
    pub fn run(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] max_nodes: JsValue,
    ) -> Result<bool, JsError> {
        bounded_on(&mut self.ran_out, "CountTask", || {
            let more = limit(amount_from_js(&max_nodes, "maxNodes")?, 1.0);
            Ok(self.inner.run(more))
        })
    }

    /// What the task found so far.
    #[wasm_bindgen(unchecked_return_type = "{ solutions: number; unique: number; nodes: number }")]
    pub fn counts(&self) -> Result<JsValue, JsError> {
        live(self.ran_out, "CountTask")?;
        bounded(|| to_js(&self.inner.counts()))
    }

    /// How far the task is, 0 to 1, where its counter can estimate it (for the time left); null
    /// where it cannot.
    pub fn fraction(&self) -> Option<f64> {
        self.inner.fraction()
    }
}

// ---- Experiments (src/puzzles/verbs.rs), for the puzzles that offer them: the page asks for the
// plan, hands its runs to a pool of workers one at a time, and asks for the summary and the CSV.

/// The puzzle's experiments, or an error saying it has none.
fn experiments_of(puzzle: JsValue) -> Result<&'static dyn puzzles::verbs::Experiments, JsError> {
    let game = game(&puzzle)?;
    game.experiments().ok_or_else(|| {
        js_error(&puzzles::verbs::not_offered(
            game.info().name,
            "experiments",
        ))
    })
}

/// The runs of an experiment spec (`{kind: …, …}`, docs/EXPERIMENTS.md).
#[wasm_bindgen(js_name = experimentPlan, unchecked_return_type = "ExperimentPlan")]
pub fn experiment_plan(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ kind: string; [field: string]: unknown }")]
    spec: JsValue,
) -> Result<JsValue, JsError> {
    bounded(|| {
        let verbs = experiments_of(puzzle)?;
        let spec = json_from_js(spec, "experiment spec")?;
        to_js(&verbs.plan(&spec).map_err(|e| js_error(&e))?)
    })
}

/// Runs one run of a plan and returns its row.
#[wasm_bindgen(js_name = experimentRun, unchecked_return_type = "ExperimentRow")]
pub fn experiment_run(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ExperimentRun")] run: JsValue,
) -> Result<JsValue, JsError> {
    bounded(|| {
        let verbs = experiments_of(puzzle)?;
        let run = json_from_js(run, "experiment run")?;
        to_js(&verbs.run(&run).map_err(|e| js_error(&e))?)
    })
}

/// The summary table of some rows: one line per series and size.
#[wasm_bindgen(js_name = experimentSummary, unchecked_return_type = "ExperimentSummary[]")]
pub fn experiment_summary(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ExperimentRow[]")] rows: JsValue,
) -> Result<JsValue, JsError> {
    bounded(|| {
        let verbs = experiments_of(puzzle)?;
        let rows = json_from_js_up_to(rows, "experiment rows", verbs.max_rows_chars())?;
        to_js(&verbs.summary(&rows).map_err(|e| js_error(&e))?)
    })
}

/// The rows as CSV, the same text as `solvescope PUZZLE experiment …`.
#[wasm_bindgen(js_name = experimentCsv)]
pub fn experiment_csv(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ExperimentRow[]")] rows: JsValue,
) -> Result<String, JsError> {
    bounded(|| {
        let verbs = experiments_of(puzzle)?;
        let rows = json_from_js_up_to(rows, "experiment rows", verbs.max_rows_chars())?;
        verbs.csv(&rows).map_err(|e| js_error(&e))
    })
}
