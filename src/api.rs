//! The WebAssembly boundary: the only file that mentions wasm-bindgen.
//!
//! It is deliberately thin: [`Session`] wraps [`crate::session::Session`] (which is tested natively),
//! and the free functions forward to the puzzle modules. Structured values cross through
//! serde-wasm-bindgen with one serializer setting ([`to_js`]), so numbers, `null` and objects look the
//! same in every message. Every fallible call returns `Result<_, JsError>`: bad input becomes a JS
//! exception with the solver's readable message. The solvers never panic on any input; should a bug
//! panic anyway, the hook installed at start-up logs it to the console before the module traps; the
//! worker reports the trap as fatal and the page starts a fresh worker (www/solver-client.ts).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::puzzles;
use crate::session::{self, Options};
use crate::tools;

/// Runs once when the module is instantiated.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("solvescope: internal error: {info}").into());
    }));
}

/// The one serializer setting of the boundary: plain JS objects (not `Map`s), `null` for `None`.
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::json_compatible();
    value
        .serialize(&serializer)
        .map_err(|e| JsError::new(&format!("could not send the result to JavaScript: {e}")))
}

fn options_from_js(options: JsValue) -> Result<Options, JsError> {
    if options.is_undefined() || options.is_null() {
        return Ok(Options::default());
    }
    // Through a JSON value rather than straight into `Options`: serde-wasm-bindgen reads a struct by
    // asking for its known fields only, which would let a misspelt option pass silently.
    let value: serde_json::Value = serde_wasm_bindgen::from_value(options)
        .map_err(|e| JsError::new(&format!("bad solver options: {e}")))?;
    serde_json::from_value(value).map_err(|e| JsError::new(&format!("bad solver options: {e}")))
}

/// The registry: puzzles, their aliases, algorithms and example IDs.
#[wasm_bindgen(js_name = listPuzzles)]
pub fn list_puzzles() -> Result<JsValue, JsError> {
    to_js(&puzzles::REGISTRY)
}

/// A search in progress, kept in wasm memory; JavaScript holds only this handle.
#[wasm_bindgen]
pub struct Session {
    inner: session::Session,
}

#[wasm_bindgen]
impl Session {
    /// Starts a search: `puzzle` is a registry name ("queens", …), `id` a puzzle text ID,
    /// `algorithm` a registry algorithm name, `options` an object (or undefined).
    #[wasm_bindgen(constructor)]
    pub fn new(
        puzzle: &str,
        id: &str,
        algorithm: &str,
        options: JsValue,
    ) -> Result<Session, JsError> {
        let options = options_from_js(options)?;
        session::Session::new(puzzle, id, algorithm, &options)
            .map(|inner| Session { inner })
            .map_err(|e| JsError::new(&e))
    }

    /// Runs until at least `max_events` events happened or the search ended; returns one frame
    /// `{events, stats, status}`.
    pub fn step(&mut self, max_events: u32) -> Result<JsValue, JsError> {
        to_js(&self.inner.step(max_events as usize))
    }

    /// Runs to the end (or until `max_nodes` nodes / `max_ms` milliseconds), without events, and
    /// returns `{verdict, status, stats, solutions}`; every solution has passed the checker.
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
        let report = self
            .inner
            .solve(nodes, micros)
            .map_err(|e| JsError::new(&e))?;
        to_js(&report)
    }

    /// Counters and status so far: `{stats, status}`.
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

fn from_js<T: serde::de::DeserializeOwned>(value: JsValue, what: &str) -> Result<T, JsError> {
    // Through a JSON value, as for options: unknown fields must be refused, not skipped.
    let json: serde_json::Value = serde_wasm_bindgen::from_value(value)
        .map_err(|e| JsError::new(&format!("bad {what}: {e}")))?;
    serde_json::from_value(json).map_err(|e| JsError::new(&format!("bad {what}: {e}")))
}

fn js_result<T: Serialize>(r: Result<T, String>) -> Result<JsValue, JsError> {
    to_js(&r.map_err(|e| JsError::new(&e))?)
}

// ---- Skyscrapers: editor, hints, board checks, random puzzles (see `tools`). ----

/// `{puzzle: {n, clues, givens}, exports: {tatham, puzzlink, plain}}` from any accepted text.
#[wasm_bindgen(js_name = skyscrapersParse)]
pub fn skyscrapers_parse(text: &str) -> Result<JsValue, JsError> {
    js_result(tools::sky_parse(text))
}

/// `{tatham, puzzlink, plain}` for the editor's puzzle.
#[wasm_bindgen(js_name = skyscrapersExport)]
pub fn skyscrapers_export(puzzle: JsValue) -> Result<JsValue, JsError> {
    let p: tools::SkyPuzzle = from_js(puzzle, "puzzle")?;
    js_result(tools::sky_export(&p))
}

/// The next deduction from the player's board (rows of digits, 0 = empty).
#[wasm_bindgen(js_name = skyscrapersHint)]
pub fn skyscrapers_hint(puzzle: JsValue, board: JsValue) -> Result<JsValue, JsError> {
    let p: tools::SkyPuzzle = from_js(puzzle, "puzzle")?;
    let b: Vec<Vec<u8>> = from_js(board, "board")?;
    js_result(tools::sky_hint(&p, &b))
}

/// The wrong cells of the player's board.
#[wasm_bindgen(js_name = skyscrapersCheck)]
pub fn skyscrapers_check(puzzle: JsValue, board: JsValue) -> Result<JsValue, JsError> {
    let p: tools::SkyPuzzle = from_js(puzzle, "puzzle")?;
    let b: Vec<Vec<u8>> = from_js(board, "board")?;
    js_result(tools::sky_check(&p, &b))
}

/// A random puzzle with a unique solution (`seed` null or undefined: a fresh one).
#[wasm_bindgen(js_name = skyscrapersGenerate)]
pub fn skyscrapers_generate(n: u32, seed: Option<f64>) -> Result<JsValue, JsError> {
    js_result(tools::sky_generate(n as usize, seed.map(|s| s as u64)))
}

// ---- Hashiwokakero: editor, layout, hints, board checks, random puzzles (see `tools`). ----

/// `{puzzle: {width, height, cells, maxBridges, noLoops}, exports: {tatham, puzzlink, plain}}`.
#[wasm_bindgen(js_name = hashiParse)]
pub fn hashi_parse(text: &str) -> Result<JsValue, JsError> {
    js_result(tools::hashi_parse(text))
}

/// `{tatham, puzzlink, plain}` for the editor's puzzle (`null` where a form cannot hold it).
#[wasm_bindgen(js_name = hashiExport)]
pub fn hashi_export(puzzle: JsValue) -> Result<JsValue, JsError> {
    let p: tools::HashiPuzzle = from_js(puzzle, "puzzle")?;
    js_result(tools::hashi_export(&p))
}

/// `{width, height, maxBridges, islands: [{id,row,col,need}], edges: [{id,a,b,islandA,islandB,cap,horizontal,crosses}]}`.
#[wasm_bindgen(js_name = hashiLayout)]
pub fn hashi_layout(puzzle: JsValue) -> Result<JsValue, JsError> {
    let p: tools::HashiPuzzle = from_js(puzzle, "puzzle")?;
    js_result(tools::hashi_layout(&p))
}

/// The next step from the player's bridges (`[{a:[r,c], b:[r,c], n}]`).
#[wasm_bindgen(js_name = hashiHint)]
pub fn hashi_hint(puzzle: JsValue, bridges: JsValue) -> Result<JsValue, JsError> {
    let p: tools::HashiPuzzle = from_js(puzzle, "puzzle")?;
    let b: Vec<puzzles::hashi::Bridge> = from_js(bridges, "bridges")?;
    js_result(tools::hashi_hint(&p, &b))
}

/// Where the player's bridges stand: finished, overfull, crossing, invalid, mistakes, solved.
#[wasm_bindgen(js_name = hashiCheck)]
pub fn hashi_check(puzzle: JsValue, bridges: JsValue) -> Result<JsValue, JsError> {
    let p: tools::HashiPuzzle = from_js(puzzle, "puzzle")?;
    let b: Vec<puzzles::hashi::Bridge> = from_js(bridges, "bridges")?;
    js_result(tools::hashi_check(&p, &b))
}

/// A random puzzle with a unique solution (`seed` null or undefined: a fresh one).
#[wasm_bindgen(js_name = hashiGenerate)]
pub fn hashi_generate(width: u32, height: u32, seed: Option<f64>) -> Result<JsValue, JsError> {
    js_result(tools::hashi_generate(
        width as usize,
        height as usize,
        seed.map(|s| s as u64),
    ))
}
