#![allow(dead_code)] // each target uses one of these functions; the regression test uses them all
//! What each fuzz target checks, in one file shared by the targets (`fuzz_targets/*.rs`) and by
//! the native regression test `tests/fuzz_regressions.rs`, which replays every kept input through
//! the same functions with `cargo test` (no nightly compiler needed).
//!
//! Beyond "never panics": whatever a reader accepts is a valid puzzle, and every form the writers
//! produce for it reads back as the same puzzle.

use serde_json::{json, Value};
use solvescope::puzzles::{self, hashi, queens, skyscrapers};
use solvescope::session;
use solvescope::shared::puzzlink;

/// A text reader of some puzzle.
type Reader<P> = fn(&str) -> Result<P, String>;

/// Skyscrapers: all four readers; what they accept round-trips through all three writers.
pub fn skyscrapers_text(data: &[u8]) {
    use skyscrapers::*;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let readers: [Reader<Puzzle>; 4] = [parse_any, parse_tatham, parse_puzzlink, parse_plain];
    for read in readers {
        let Ok(p) = read(text) else { continue };
        assert_eq!(p.validate(), Ok(()), "{text:?} parsed to an invalid puzzle");
        for (form, written) in [
            ("tatham", to_tatham_id(&p)),
            ("puzzlink", to_puzzlink_url(&p)),
            ("plain", to_plain(&p)),
        ] {
            assert_eq!(
                parse_any(&written).as_ref(),
                Ok(&p),
                "{text:?}: {form} {written:?}"
            );
        }
    }
}

/// Hashiwokakero: all four readers (seed IDs only through the plain reader, where `#` is a rock:
/// a seed ID runs the generator, which belongs to the generator's tests, not to a parser fuzzer);
/// what they accept round-trips through every writer that can hold it.
pub fn hashi_text(data: &[u8]) {
    use hashi::format::*;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut readers: Vec<Reader<hashi::Puzzle>> = vec![parse_puzzlink, parse_plain];
    if !text.contains('#') {
        readers.extend([parse_any as Reader<_>, parse_tatham]);
    }
    for read in readers {
        let Ok(p) = read(text) else { continue };
        assert_eq!(p.validate(), Ok(()), "{text:?} parsed to an invalid puzzle");
        if let Ok(id) = to_tatham_id(&p) {
            assert_eq!(parse_tatham(&id).as_ref(), Ok(&p), "{text:?}: {id:?}");
        }
        if let Ok(url) = to_puzzlink_url(&p) {
            assert_eq!(parse_puzzlink(&url).as_ref(), Ok(&p), "{text:?}: {url:?}");
        }
        // The grid cannot say k or the no-loops rule (docs/formats/hashi.md §3.2): compare the
        // cells.
        let plain = to_plain(&p);
        let back = parse_plain(&plain).unwrap_or_else(|e| panic!("{text:?}: {plain:?}: {e}"));
        assert_eq!(
            (back.width, back.height, &back.cells),
            (p.width, p.height, &p.cells),
            "{text:?}: {plain:?}"
        );
    }
}

/// N-Queens IDs: what parses is written back to the same ID.
pub fn queens_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(id) = queens::parse_id(text) {
        assert_eq!(
            queens::parse_id(&queens::format_id(&id)),
            Ok(id),
            "{text:?}"
        );
    }
}

/// puzz.link: the shared header reader and number16 tokenizer, then both puzzles' URL readers.
pub fn puzzlink_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(h) = puzzlink::parse_header(text, "fuzz", &["skyscrapers", "hashikake"]) {
        assert!(text
            .trim()
            .get(h.body_at..)
            .is_some_and(|rest| rest.starts_with(h.body)));
        let mut i = 0;
        let mut values = Vec::new();
        while i < h.body.len() {
            match puzzlink::read_token(h.body, i, h.body_at + i + 1) {
                Ok((token, used)) => {
                    assert!(used >= 1 && i + used <= h.body.len());
                    if let puzzlink::Token::Number(v) = token {
                        values.push(v);
                    }
                    i += used;
                }
                Err(_) => break,
            }
        }
        // number16 round trip of the values read (0 is written as a skip, so leave it out).
        values.retain(|&v| v != 0);
        let written = puzzlink::write_number16(&values);
        let mut j = 0;
        let mut again = Vec::new();
        while j < written.len() {
            let (token, used) = puzzlink::read_token(&written, j, j + 1).unwrap();
            if let puzzlink::Token::Number(v) = token {
                again.push(v);
            }
            j += used;
        }
        assert_eq!(again, values, "{written:?}");
    }
    let _ = skyscrapers::parse_puzzlink(text);
    let _ = hashi::format::parse_puzzlink(text);
}

/// Budgets the fuzzer may not exceed: a case must take milliseconds, not the default minute.
const MAX_NODES: u64 = 5_000;
const MAX_MS: u64 = 200;

/// A string argument as `api.rs` reads one (anything else is refused there before Rust sees it).
fn text(v: &Value) -> Option<&str> {
    v.as_str()
}

/// The JSON argument decoding behind the wasm exports (`src/api.rs`): the input is one JSON array
/// `[export, arg…]`, decoded as `api.rs` does (serde_json with its recursion limit, after
/// `JSON.stringify` in the browser), and each argument goes where that export sends it:
/// `solve` → `session::solve_text`, `Session` → `session::Session`, `parse` / `format` / `hint` /
/// `check` / `layout` / `generate` / `countPlan` / `CountTask` → the registry's `AnyGame` and its
/// verbs.
/// Budgets in options are clamped so one case stays short.
pub fn wasm_args(data: &[u8]) {
    let Ok(args) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let Some(args) = args.as_array() else { return };
    let Some(export) = args.first().and_then(Value::as_str) else {
        return;
    };
    static NULL: Value = Value::Null;
    let arg = |i: usize| args.get(i).unwrap_or(&NULL);
    let game = || text(arg(1)).and_then(|name| puzzles::lookup(name).ok());
    match export {
        "solve" => {
            let (Some(puzzle), Some(t)) = (arg(1).as_str(), arg(2).as_str()) else {
                return;
            };
            let mut options = arg(3).clone();
            clamp_budget(&mut options, "maxNodes", MAX_NODES);
            clamp_budget(&mut options, "maxMs", MAX_MS);
            if let Ok(report) = session::solve_text(puzzle, t, &options) {
                serde_json::to_value(&report).unwrap();
            }
        }
        "Session" => {
            let (Some(puzzle), Some(t), Some(algorithm)) =
                (arg(1).as_str(), arg(2).as_str(), arg(3).as_str())
            else {
                return;
            };
            if let Ok(mut s) = session::Session::new(puzzle, t, algorithm, arg(4)) {
                let events = arg(5).as_u64().unwrap_or(100).min(1_000) as usize;
                serde_json::to_value(s.step(events)).unwrap();
                if let Ok(report) = s.solve(MAX_NODES, MAX_MS * 1000) {
                    serde_json::to_value(&report).unwrap();
                }
                let _ = s.stats();
            }
        }
        "parse" => {
            if let (Some(g), Some(t)) = (game(), arg(2).as_str()) {
                let _ = g.parse(t);
            }
        }
        "format" => {
            if let Some(g) = game() {
                if let Ok(exports) = g.export(arg(2)) {
                    // What format writes, parse reads back as the same data (plain grids of
                    // Hashi keep the cells only, so the check is on the Tatham form where given).
                    let form = exports["tatham"].as_str().or(exports["plain"].as_str());
                    let parsed = g.parse(form.unwrap_or_default());
                    assert!(parsed.is_ok(), "{exports}: {parsed:?}");
                }
            }
        }
        "hint" | "check" => {
            if let Some(g) = game() {
                let _ = if export == "hint" {
                    g.hint(arg(2), arg(3))
                } else {
                    g.check(arg(2), arg(3))
                };
            }
        }
        "layout" => {
            if let Some(g) = game() {
                let _ = g.layout(arg(2));
            }
        }
        "generate" => {
            // Only the smallest sizes: generating is slow on purpose (uniqueness proofs), and
            // the request decoding is what is fuzzed here.
            if let Some(g) = game() {
                let small = arg(2)["size"].as_str().is_some_and(|s| s.trim().len() <= 1);
                if small || !arg(2)["size"].is_string() {
                    let _ = g.generate(arg(2));
                }
            }
        }
        "CountTask" => {
            if let (Some(verb), Some(algorithm)) =
                (game().and_then(|g| g.counting()), arg(2).as_str())
            {
                if let Ok(mut counter) = verb.task(algorithm, arg(3)) {
                    counter.run(MAX_NODES);
                    let _ = counter.counts();
                }
            }
        }
        "countPlan" => {
            if let Some(verb) = game().and_then(|g| g.counting()) {
                let _ = verb.plan(arg(2));
            }
        }
        _ => {}
    }
}

/// Lowers `options[name]` to `most` when it is absent or a larger number (other values are left
/// for the session to refuse).
fn clamp_budget(options: &mut Value, name: &str, most: u64) {
    if options.is_null() {
        *options = json!({});
    }
    if let Some(map) = options.as_object_mut() {
        let keep = map
            .get(name)
            .is_some_and(|v| !v.is_number() || v.as_f64().is_some_and(|x| x <= most as f64));
        if !keep {
            map.insert(name.to_string(), json!(most));
        }
    }
}
