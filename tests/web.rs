//! The wasm boundary, exercised in real headless Chromium by `wasm-pack test --headless --chrome`.
//!
//! These tests go through `api::Session` exactly as the page's worker does and read the results back
//! as JavaScript objects, so they catch serialization and error-conversion mistakes the native tests
//! cannot see. Every placement read back is verified by the independent checker.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Reflect};
use solvescope::api::{self, list_puzzles, Session};
use solvescope::puzzles::queens::check_placement;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[path = "support/hard_boards.rs"]
mod hard_boards;

fn js(text: &str) -> JsValue {
    JsValue::from_str(text)
}

/// The message of a thrown `Error`, checked to be what the page can show as is: a sentence with a
/// capital first letter and a closing full stop (or ! ?). Lower-cased for the `contains` checks.
fn error_message(err: JsValue) -> String {
    let m = err
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .unwrap_or_else(|| panic!("not an Error: {err:?}"));
    let first = m.chars().next().expect("an empty error message");
    assert!(
        !first.is_lowercase() && m.ends_with(['.', '!', '?', '…']),
        "not a sentence: {m:?}"
    );
    m.to_lowercase()
}

/// A number as a JS value (every numeric parameter of the boundary is a checked `JsValue`).
fn number(x: f64) -> JsValue {
    JsValue::from_f64(x)
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap_or_else(|_| panic!("no field {key}"))
}

fn num(v: &JsValue, key: &str) -> f64 {
    get(v, key)
        .as_f64()
        .unwrap_or_else(|| panic!("{key} is not a number"))
}

fn columns(v: &JsValue) -> Vec<usize> {
    Array::from(v)
        .iter()
        .map(|c| c.as_f64().unwrap() as usize)
        .collect()
}

#[wasm_bindgen_test]
fn registry_lists_queens() {
    let list = Array::from(&list_puzzles().unwrap());
    let names: Vec<String> = list
        .iter()
        .map(|p| get(&p, "name").as_string().unwrap())
        .collect();
    assert!(names.contains(&"queens".to_string()), "{names:?}");
}

#[wasm_bindgen_test]
fn session_steps_then_solves_the_same_search() {
    let mut s = Session::new(
        js("queens"),
        js("queens:8"),
        js("backtrack"),
        JsValue::UNDEFINED,
    )
    .unwrap();
    let frame = s.step(number(5.0)).unwrap();
    let events = Array::from(&get(&frame, "events"));
    assert!(events.length() >= 5);
    assert_eq!(
        get(&events.get(0), "kind").as_string().as_deref(),
        Some("place")
    );
    assert_eq!(get(&frame, "status").as_string().as_deref(), Some("paused"));

    let report = s
        .solve(number(f64::INFINITY), number(f64::INFINITY))
        .unwrap();
    assert_eq!(
        get(&report, "verdict").as_string().as_deref(),
        Some("found")
    );
    let sols = Array::from(&get(&report, "solutions"));
    assert_eq!(sols.length(), 1);
    let cols = columns(&sols.get(0));
    check_placement(8, &cols).unwrap();
    // Stepping first must not change the search: 113 nodes to the first 8-queens solution.
    assert_eq!(num(&get(&report, "stats"), "nodes"), 113.0);
}

#[wasm_bindgen_test]
fn draining_step_gives_what_solve_gives() {
    let mut stepped = Session::new(
        js("queens"),
        js("queens:6"),
        js("backtrack"),
        JsValue::UNDEFINED,
    )
    .unwrap();
    let mut last = JsValue::UNDEFINED;
    for _ in 0..10_000 {
        last = stepped.step(number(1.0)).unwrap();
        if get(&last, "status").as_string().as_deref() != Some("paused") {
            break;
        }
    }
    let mut solved = Session::new(
        js("queens"),
        js("queens:6"),
        js("backtrack"),
        JsValue::UNDEFINED,
    )
    .unwrap();
    let report = solved
        .solve(number(f64::INFINITY), number(f64::INFINITY))
        .unwrap();
    assert_eq!(
        num(&get(&last, "stats"), "nodes"),
        num(&get(&report, "stats"), "nodes")
    );
}

#[wasm_bindgen_test]
fn bad_input_is_a_readable_exception() {
    let err = Session::new(
        js("queens"),
        js("queens:99"),
        js("backtrack"),
        JsValue::UNDEFINED,
    )
    .err()
    .expect("n = 99 must be refused");
    let message = error_message(err.into());
    assert!(message.contains("1 to 64"), "{message}");

    let bad_options = js_sys::JSON::parse(r#"{"mdoe":"all"}"#).unwrap();
    let err: JsValue = Session::new(js("queens"), js("queens:8"), js("backtrack"), bad_options)
        .err()
        .expect("a misspelt option must be refused")
        .into();
    let message = error_message(err);
    assert!(message.contains("mdoe"), "{message}");
}

#[wasm_bindgen_test]
fn seeded_random_stream_matches_native() {
    let mut r = solvescope::shared::rng::Rng::new(0);
    let got: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
    assert_eq!(got, solvescope::shared::rng::PINNED_SEED0);
}

/// The same seed gives the same repair run in the browser as natively: these figures are pinned by
/// the native test `tests/queens_repair.rs` (`PINNED`), so a drift on either side fails one of them.
#[wasm_bindgen_test]
fn seeded_repair_replays_the_native_run() {
    for (id, moves) in [
        ("queens:8#42", 71.0),
        ("queens:64#42", 101.0),
        ("queens:5000#42", 11.0),
    ] {
        let mut s = Session::new(js("queens"), js(id), js("repair"), JsValue::UNDEFINED).unwrap();
        let report = s
            .solve(number(f64::INFINITY), number(f64::INFINITY))
            .unwrap();
        assert_eq!(num(&get(&report, "stats"), "moves"), moves, "{id}");
        let cols = columns(&Array::from(&get(&report, "solutions")).get(0));
        solvescope::puzzles::queens::check_placement_counting(cols.len(), &cols).unwrap();
        if id == "queens:8#42" {
            assert_eq!(cols, vec![5, 1, 6, 0, 2, 4, 7, 3]);
        }
    }
}

#[wasm_bindgen_test]
fn skyscrapers_and_hashi_solve_through_the_boundary() {
    let mut s = Session::new(
        js("skyscrapers"),
        js("4://///1/3///4/////3/"),
        js("solve"),
        JsValue::UNDEFINED,
    )
    .unwrap();
    let report = s
        .solve(number(f64::INFINITY), number(f64::INFINITY))
        .unwrap();
    assert_eq!(
        get(&report, "verdict").as_string().as_deref(),
        Some("unique")
    );
    let grid: Vec<Vec<u8>> = Array::from(&Array::from(&get(&report, "solutions")).get(0))
        .iter()
        .map(|row| {
            Array::from(&row)
                .iter()
                .map(|v| v.as_f64().unwrap() as u8)
                .collect()
        })
        .collect();
    let puzzle = solvescope::puzzles::skyscrapers::parse_any("4://///1/3///4/////3/").unwrap();
    solvescope::puzzles::skyscrapers::check_solution(&puzzle, &grid).unwrap();

    // The source article's 5x5 Hashiwokakero has no solution.
    let mut h = Session::new(
        js("hashi"),
        js("3.3.2/...../.2.2./...../2.3.3"),
        js("solve"),
        JsValue::UNDEFINED,
    )
    .unwrap();
    let report = h
        .solve(number(f64::INFINITY), number(f64::INFINITY))
        .unwrap();
    assert_eq!(get(&report, "verdict").as_string().as_deref(), Some("none"));

    let err: JsValue = Session::new(
        js("hashi"),
        js("3x3m2:2a2c2a"),
        js("solve"),
        JsValue::UNDEFINED,
    )
    .err()
    .expect("a truncated ID must be refused")
    .into();
    let message = error_message(err);
    assert!(message.contains("covers 8 cells"), "{message}");
}

/// Wrong types from JavaScript are clear exceptions, never a trap: the module keeps working after.
#[wasm_bindgen_test]
fn wrong_types_are_refused_and_the_module_keeps_working() {
    let wrong: [JsValue; 5] = [
        JsValue::from_f64(4.0),
        JsValue::from_f64(f64::NAN),
        JsValue::TRUE,
        js_sys::Object::new().into(),
        JsValue::NULL,
    ];
    for w in &wrong {
        let e = Session::new(
            w.clone(),
            js("queens:8"),
            js("backtrack"),
            JsValue::UNDEFINED,
        )
        .err()
        .expect("a non-string puzzle name must be refused");
        assert!(error_message(e.into()).contains("must be a string"));
        let e = api::parse(js("skyscrapers"), w.clone()).err().unwrap();
        assert!(error_message(e.into()).contains("must be a string"));
        let e = api::format(js("hashi"), w.clone()).err().unwrap();
        assert!(error_message(e.into()).contains("bad puzzle"));
    }
    let mut s = Session::new(
        js("queens"),
        js("queens:6"),
        js("backtrack"),
        JsValue::UNDEFINED,
    )
    .unwrap();
    let report = s
        .solve(number(f64::INFINITY), number(f64::INFINITY))
        .unwrap();
    assert_eq!(
        get(&report, "verdict").as_string().as_deref(),
        Some("found")
    );
}

/// The generic helpers reach every puzzle by name: parse, format, hint, layout, generate.
#[wasm_bindgen_test]
fn helpers_are_reached_by_puzzle_name() {
    let parsed = api::parse(js("towers"), js("4://///1/3///4/////3/")).unwrap();
    let exports = api::format(js("skyscrapers"), get(&parsed, "puzzle")).unwrap();
    assert_eq!(
        get(&exports, "tatham").as_string().as_deref(),
        Some("4://///1/3///4/////3/")
    );
    let board = js_sys::JSON::parse("[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]").unwrap();
    let hint = api::hint(
        js("skyscrapers"),
        get(&parsed, "puzzle"),
        board,
        JsValue::UNDEFINED,
    )
    .unwrap();
    assert!(!get(&hint, "kind").is_undefined());

    let parsed = api::parse(js("hashi"), js("7x7m2:3a4c3i2b1a5e5n3e2")).unwrap();
    let layout = api::layout(js("hashi"), get(&parsed, "puzzle")).unwrap();
    assert!(Array::from(&get(&layout, "edges")).length() > 0);

    let request = js_sys::JSON::parse(r#"{"size":"5","seed":3}"#).unwrap();
    let a = api::generate(js("skyscrapers"), request.clone()).unwrap();
    let b = api::generate(js("skyscrapers"), request).unwrap();
    assert_eq!(
        get(&get(&a, "exports"), "tatham").as_string(),
        get(&get(&b, "exports"), "tatham").as_string()
    );
    // A size given as a JavaScript number is the same request as its digits.
    let number = js_sys::JSON::parse(r#"{"size":5,"seed":3}"#).unwrap();
    let c = api::generate(js("skyscrapers"), number).unwrap();
    assert_eq!(
        get(&get(&a, "exports"), "tatham").as_string(),
        get(&get(&c, "exports"), "tatham").as_string()
    );
    let e = api::generate(
        js("skyscrapers"),
        js_sys::JSON::parse(r#"{"size":5.5}"#).unwrap(),
    )
    .err()
    .unwrap();
    assert!(error_message(e.into()).contains("the size is not a whole number below 2^53"));
    // 2^32 overflows wasm's 32-bit usize: still a size out of range, as natively.
    for (puzzle, says) in [
        ("skyscrapers", "16x16, got 4294967296"),
        ("hashi", "60x60, got 4294967296x4294967296"),
    ] {
        let e = api::generate(
            js(puzzle),
            js_sys::JSON::parse(r#"{"size":4294967296}"#).unwrap(),
        )
        .err()
        .unwrap();
        assert!(error_message(e.into()).contains(says), "{puzzle}");
    }
    let e = api::hint(
        js("queens"),
        JsValue::NULL,
        JsValue::NULL,
        JsValue::UNDEFINED,
    )
    .err()
    .unwrap();
    assert!(error_message(e.into()).contains("no hints"));
}

/// `generate` with a difficulty in wasm makes the very puzzle the native library makes for the
/// same request (the seeds are the same on every target), graded as asked.
#[wasm_bindgen_test]
fn generate_with_a_difficulty_matches_the_native_library() {
    use solvescope::puzzles::skyscrapers::grade::{grade, Difficulty, Grade};
    for text in [
        r#"{"size":"6","seed":4,"difficulty":"extreme"}"#,
        r#"{"size":"9","seed":7,"difficulty":"unreasonable","givens":true}"#,
    ] {
        let made = api::generate(js("skyscrapers"), js_sys::JSON::parse(text).unwrap()).unwrap();
        let native = solvescope::puzzles::lookup("skyscrapers")
            .unwrap()
            .generate(&serde_json::from_str(text).unwrap())
            .unwrap();
        let id = get(&get(&made, "exports"), "tatham").as_string().unwrap();
        assert_eq!(
            Some(id.as_str()),
            native["exports"]["tatham"].as_str(),
            "{text}"
        );
        let level = get(&made, "difficulty").as_string().unwrap();
        let p = solvescope::puzzles::skyscrapers::parse_any(&id).unwrap();
        assert_eq!(
            grade(&p, u64::MAX).unwrap(),
            Grade::Unique(Difficulty::from_name(&level).unwrap())
        );
    }
    let e = api::generate(
        js("skyscrapers"),
        js_sys::JSON::parse(r#"{"size":"5","difficulty":"medium"}"#).unwrap(),
    )
    .err()
    .unwrap();
    assert!(error_message(e.into()).contains("unknown difficulty 'medium'"));
}

/// Circular and very deeply nested values are refused with a message, and the module keeps
/// working (walking them from Rust used to exhaust the wasm stack and trap for good).
#[wasm_bindgen_test]
fn circular_and_deep_values_are_refused_without_a_trap() {
    let circular = js_sys::Object::new();
    Reflect::set(&circular, &js("self"), &circular).unwrap();
    let mut deep: JsValue = Array::new().into();
    for _ in 0..10_000 {
        let outer = Array::new();
        outer.push(&deep);
        deep = outer.into();
    }
    for bad in [JsValue::from(circular), deep] {
        let e = api::format(js("hashi"), bad.clone()).err().unwrap();
        assert!(error_message(e.into()).contains("bad puzzle"));
        let e = Session::new(js("queens"), js("queens:8"), js("backtrack"), bad)
            .err()
            .unwrap();
        assert!(error_message(e.into()).contains("bad solver options"));
        let mut s = Session::new(
            js("queens"),
            js("queens:8"),
            js("backtrack"),
            JsValue::UNDEFINED,
        )
        .unwrap();
        let report = s
            .solve(number(f64::INFINITY), number(f64::INFINITY))
            .unwrap();
        assert_eq!(
            get(&report, "verdict").as_string().as_deref(),
            Some("found")
        );
    }
}

/// Counting in a browser: the plan's base plus every task, each counted in small chunks as a
/// worker would, gives OEIS A000170 and A002562 (listed here, not computed by the solver); bad
/// arguments are sentences, and the module keeps working after them.
#[wasm_bindgen_test]
fn counting_by_tasks_in_chunks_gives_the_oeis_figures() {
    // n = 1..10: solutions (A000170) and classes under the square's symmetries (A002562).
    let solutions = [1.0, 0.0, 0.0, 2.0, 10.0, 4.0, 40.0, 92.0, 352.0, 724.0];
    let unique = [1.0, 0.0, 0.0, 1.0, 2.0, 1.0, 6.0, 12.0, 46.0, 92.0];
    for n in 1..=10usize {
        let plan = api::count_plan(js("queens"), number(n as f64)).unwrap();
        let base = get(&plan, "base");
        let (mut total, mut classes) = (num(&base, "solutions"), num(&base, "unique"));
        for task in Array::from(&get(&plan, "tasks")).iter() {
            let mut counter = api::CountTask::new(js("queens"), js("bitmask"), task).unwrap();
            let mut chunks = 0;
            while !counter.run(number(64.0)).unwrap() {
                chunks += 1;
                assert!(chunks < 100_000, "a task that never ends");
            }
            let c = counter.counts().unwrap();
            total += num(&c, "solutions");
            classes += num(&c, "unique");
        }
        assert_eq!(total, solutions[n - 1], "solutions for n = {n}");
        assert_eq!(classes, unique[n - 1], "classes for n = {n}");
    }
    for bad in [0.0, 28.0, 2.5] {
        let e = api::count_plan(js("queens"), number(bad)).err().unwrap();
        assert!(error_message(e.into()).contains("from 1 to 27"));
    }
    let e = api::count_plan(js("queens"), number(f64::NAN))
        .err()
        .unwrap();
    let m = error_message(e.into());
    assert!(m.to_lowercase().contains("nan is not data"), "{m}");
    // A puzzle without counting says so.
    let e = api::count_plan(js("hashi"), number(8.0)).err().unwrap();
    let m = error_message(e.into());
    assert!(m.contains("has no counting"), "{m}");
    for bad in [
        JsValue::NULL,
        js("8"),
        js_sys::JSON::parse(r#"{"n":8,"columns":[0,0]}"#).unwrap(),
    ] {
        let e = api::CountTask::new(js("queens"), js("bitmask"), bad)
            .err()
            .unwrap();
        assert!(!error_message(e.into()).is_empty());
    }
    // The module still answers after the refusals.
    let plan = api::count_plan(js("queens"), number(6.0)).unwrap();
    assert!(Array::from(&get(&plan, "tasks")).length() > 0);
}

/// The one-call `solve` of the library API: default algorithm and budget, options beside the
/// budgets, answers through the checker, and refusals as sentences.
#[wasm_bindgen_test]
fn solve_in_one_call() {
    let r = api::solve_once(js("queens"), js("queens:8"), JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&r, "verdict").as_string().as_deref(), Some("found"));
    let sols = Array::from(&get(&r, "solutions"));
    let cols: Vec<usize> = Array::from(&sols.get(0))
        .iter()
        .map(|v| v.as_f64().unwrap() as usize)
        .collect();
    check_placement(8, &cols).unwrap();

    let opts = js_sys::JSON::parse(r#"{"mode":"count","maxMs":10000}"#).unwrap();
    let r = api::solve_once(js("queens"), js("queens:8"), opts).unwrap();
    assert_eq!(num(&get(&r, "stats"), "solutions"), 92.0); // OEIS A000170

    let r = api::solve_once(js("towers"), js("4://///1/3///4/////3/"), JsValue::NULL).unwrap();
    assert_eq!(get(&r, "verdict").as_string().as_deref(), Some("unique"));

    // A node budget of 1 ends the search at once, with the verdict saying so.
    let opts = js_sys::JSON::parse(r#"{"maxNodes":1,"mode":"count"}"#).unwrap();
    let r = api::solve_once(js("queens"), js("queens:12"), opts).unwrap();
    assert_eq!(get(&r, "verdict").as_string().as_deref(), Some("budget"));

    for bad in [
        r#"{"maxMs":"soon"}"#,
        r#"{"algorithm":7}"#,
        r#"{"colour":"red"}"#,
        "5",
    ] {
        let opts = js_sys::JSON::parse(bad).unwrap();
        let e = api::solve_once(js("queens"), js("queens:8"), opts)
            .err()
            .unwrap();
        assert!(!error_message(e.into()).is_empty(), "{bad}");
    }
}

// ---- Hostile arguments in every position of every export (tests/hostile-values.json). ----
//
// The calls go to the Rust functions behind the exports; since every parameter of every export is
// a `JsValue` (or absent), the generated glue passes arguments through untouched, so these are the
// same checks a call from JavaScript meets.

/// The value a `make` descriptor of tests/hostile-values.json describes, built without `eval`
/// (with `set`: then one key of it replaced by NaN or a function).
fn hostile(d: &serde_json::Value) -> JsValue {
    let v = hostile_base(d);
    if let Some(set) = d["set"].as_array() {
        let inner = match set[1].as_str().unwrap() {
            "NaN" => JsValue::from_f64(f64::NAN),
            _ => js_sys::Function::new_no_args("return 1").into(),
        };
        Reflect::set(&v, &js(set[0].as_str().unwrap()), &inner).unwrap();
    }
    v
}

fn hostile_base(d: &serde_json::Value) -> JsValue {
    let thrower = |what: &str| js_sys::Function::new_no_args(&format!("throw new Error('{what}')"));
    let object = |pairs: &[(&str, &JsValue)]| {
        let o = js_sys::Object::new();
        for (k, v) in pairs {
            Reflect::set(&o, &js(k), v).unwrap();
        }
        JsValue::from(o)
    };
    match d["make"].as_str().unwrap() {
        "number" => JsValue::from_f64(match &d["value"] {
            serde_json::Value::String(s) => match s.as_str() {
                "NaN" => f64::NAN,
                "Infinity" => f64::INFINITY,
                "-Infinity" => f64::NEG_INFINITY,
                "-0" => -0.0,
                other => panic!("unknown number {other}"),
            },
            n => n.as_f64().unwrap(),
        }),
        "json" => js_sys::JSON::parse(&d["value"].to_string()).unwrap(),
        "undefined" => JsValue::UNDEFINED,
        "symbol" => JsValue::symbol(Some("hostile")),
        "bigint" => js_sys::BigInt::new(&js(d["value"].as_str().unwrap()))
            .unwrap()
            .into(),
        "function" => js_sys::Function::new_no_args("return 1").into(),
        "date" => js_sys::Date::new(&JsValue::from_f64(0.0)).into(),
        "typedArray" => js_sys::Uint8Array::new_with_length(3).into(),
        "string" => {
            let times = d["times"].as_u64().unwrap() as usize;
            js(&d["repeat"].as_str().unwrap().repeat(times))
        }
        "utf16" => {
            let units: Vec<u16> = d["units"]
                .as_array()
                .unwrap()
                .iter()
                .map(|u| u.as_u64().unwrap() as u16)
                .collect();
            js_sys::JsString::from_char_code(&units).into()
        }
        "deepArray" | "deepObject" => {
            let mut v: JsValue = Array::new().into();
            for _ in 0..d["depth"].as_u64().unwrap() {
                v = if d["make"] == "deepArray" {
                    Array::of1(&v).into()
                } else {
                    object(&[("a", &v)])
                };
            }
            v
        }
        "circularObject" => {
            let o = object(&[]);
            Reflect::set(&o, &js("self"), &o).unwrap();
            o
        }
        "circularArray" => {
            let a = Array::new();
            a.push(&a);
            a.into()
        }
        "throwingGetter" => {
            let o = js_sys::Object::new();
            let descriptor = object(&[
                ("get", &thrower("the getter throws").into()),
                ("enumerable", &JsValue::TRUE),
            ]);
            js_sys::Object::define_property(&o, &js("x"), descriptor.unchecked_ref());
            o.into()
        }
        "throwingToJSON" => object(&[("toJSON", &thrower("toJSON throws").into())]),
        "throwingProxy" => {
            let traps = [
                "get",
                "set",
                "has",
                "ownKeys",
                "getOwnPropertyDescriptor",
                "getPrototypeOf",
                "defineProperty",
            ];
            let handler = js_sys::Object::new();
            for t in traps {
                Reflect::set(&handler, &js(t), &thrower("the proxy throws")).unwrap();
            }
            js_sys::Proxy::new(&js_sys::Object::new(), &handler).into()
        }
        "revokedProxy" => {
            let pair = js_sys::Proxy::revocable(&js_sys::Object::new(), &js_sys::Object::new());
            let revoke: js_sys::Function = get(&pair, "revoke").unchecked_into();
            revoke.call0(&JsValue::UNDEFINED).unwrap();
            get(&pair, "proxy")
        }
        other => panic!("unknown make {other}"),
    }
}

/// The first task of `countPlan('queens', n)`: a valid argument for `new CountTask`.
fn plan_task(n: f64) -> JsValue {
    let plan = api::count_plan(js("queens"), JsValue::from_f64(n)).unwrap();
    Array::from(&get(&plan, "tasks")).get(0)
}

/// A baseline argument of tests/hostile-values.json as a JS value.
fn baseline(v: &serde_json::Value) -> JsValue {
    match v.get("planTask") {
        Some(n) => plan_task(n.as_f64().unwrap()),
        None => js_sys::JSON::parse(&v.to_string()).unwrap(),
    }
}

/// Calls the export (or the method, on a fresh object) named `call` with `args`; errors come back
/// as the JS value JavaScript would catch.
fn call_export(call: &str, args: &[JsValue], session: &[JsValue]) -> Result<JsValue, JsValue> {
    let a = |i: usize| args[i].clone();
    let fresh_session = || {
        Session::new(
            session[0].clone(),
            session[1].clone(),
            session[2].clone(),
            session[3].clone(),
        )
        .unwrap()
    };
    let fresh_task = || api::CountTask::new(js("queens"), js("bitmask"), plan_task(8.0)).unwrap();
    let r = match call {
        "listPuzzles" => list_puzzles(),
        "memoryUsage" => api::memory_usage(),
        "start" => {
            api::start();
            Ok(JsValue::UNDEFINED)
        }
        "solve" => api::solve_once(a(0), a(1), a(2)),
        "new Session" => Session::new(a(0), a(1), a(2), a(3)).map(|_| JsValue::TRUE),
        "Session.step" => fresh_session().step(a(0)),
        "Session.solve" => fresh_session().solve(a(0), a(1)),
        "Session.stats" => fresh_session().stats(),
        "parse" => api::parse(a(0), a(1)),
        "format" => api::format(a(0), a(1)),
        "hint" => api::hint(a(0), a(1), a(2), args.get(3).cloned().unwrap_or_default()),
        "check" => api::check(a(0), a(1), a(2), args.get(3).cloned().unwrap_or_default()),
        "layout" => api::layout(a(0), a(1)),
        "generate" => api::generate(a(0), a(1)),
        "countPlan" => api::count_plan(a(0), a(1)),
        "experimentPlan" => api::experiment_plan(a(0), a(1)),
        "experimentRun" => api::experiment_run(a(0), a(1)),
        "experimentSummary" => api::experiment_summary(a(0), a(1)),
        "experimentCsv" => api::experiment_csv(a(0), a(1)).map(JsValue::from),
        "new CountTask" => api::CountTask::new(a(0), a(1), a(2)).map(|_| JsValue::TRUE),
        "CountTask.run" => fresh_task().run(a(0)).map(JsValue::from_bool),
        "CountTask.counts" => fresh_task().counts(),
        "CountTask.fraction" => Ok(fresh_task()
            .fraction()
            .map_or(JsValue::UNDEFINED, JsValue::from_f64)),
        other => panic!("tests/hostile-values.json names an unknown call {other}"),
    };
    r.map_err(JsValue::from)
}

/// 8-queens through a fresh session, checked here from the rules (no crate code): proves the
/// module still works after whatever the previous call did.
fn module_still_solves_8_queens(after: &str) {
    let mut s = Session::new(
        js("queens"),
        js("queens:8"),
        js("backtrack"),
        JsValue::UNDEFINED,
    )
    .unwrap_or_else(|e| panic!("after {after}: {:?}", JsValue::from(e)));
    let report = s
        .solve(JsValue::from_f64(f64::INFINITY), JsValue::from_f64(5000.0))
        .unwrap_or_else(|e| panic!("after {after}: {:?}", JsValue::from(e)));
    let sols = Array::from(&get(&report, "solutions"));
    assert_eq!(sols.length(), 1, "after {after}");
    let q = columns(&sols.get(0));
    let attack_free = q.len() == 8
        && (0..8).all(|i| q[i] < 8 && (0..i).all(|j| q[i] != q[j] && q[i].abs_diff(q[j]) != i - j));
    assert!(
        attack_free,
        "after {after}: {q:?} is not an 8-queens placement"
    );
}

#[wasm_bindgen_test]
fn hostile_values_in_every_argument_position_are_refused_without_a_trap() {
    let spec: serde_json::Value =
        serde_json::from_str(include_str!("hostile-values.json")).unwrap();
    let session: Vec<JsValue> = spec["sessionArgs"]
        .as_array()
        .unwrap()
        .iter()
        .map(baseline)
        .collect();
    let values: Vec<(String, JsValue, Vec<String>)> = spec["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let accepted = d["accepted"]
                .as_array()
                .unwrap()
                .iter()
                .map(|k| k.as_str().unwrap().to_string())
                .collect();
            (
                d["name"].as_str().unwrap().to_string(),
                hostile(d),
                accepted,
            )
        })
        .collect();
    let (mut hostile_calls, mut refused, mut accepted_calls) = (0, 0, 0);
    for c in spec["calls"].as_array().unwrap() {
        let name = c["call"].as_str().unwrap();
        let params = c["args"].as_array().unwrap();
        let kinds: Vec<&str> = params.iter().map(|p| p[0].as_str().unwrap()).collect();
        let args: Vec<JsValue> = params.iter().map(|p| baseline(&p[1])).collect();
        call_export(name, &args, &session)
            .unwrap_or_else(|e| panic!("the baseline call {name} fails: {e:?}"));
        for (i, kind) in kinds.iter().enumerate() {
            for (value, v, accepted) in &values {
                let mut with = args.clone();
                with[i] = v.clone();
                let what = format!("{name} with {value} as argument {} ({kind})", i + 1);
                let result = call_export(name, &with, &session);
                hostile_calls += 1;
                if accepted.iter().any(|k| k == kind) {
                    result.unwrap_or_else(|e| panic!("{what}: refused, but it is valid: {e:?}"));
                    accepted_calls += 1;
                } else {
                    let e = result.err().unwrap_or_else(|| panic!("{what}: accepted"));
                    let message = error_message(e);
                    let length = message.chars().count();
                    assert!(length <= 600, "{what}: a message of {length} characters");
                    refused += 1;
                }
                module_still_solves_8_queens(&what);
            }
        }
    }
    // Every position of every call met every value (a shortened list would show here).
    let positions: usize = spec["calls"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["args"].as_array().unwrap().len())
        .sum();
    assert!(positions >= 29, "{positions} argument positions");
    assert_eq!(hostile_calls, positions * values.len(), "calls made");
    web_sys::console::log_1(
        &format!(
            "hostile values: {hostile_calls} calls ({refused} refused with a sentence, {accepted_calls} valid), each followed by a checked 8-queens solve"
        )
        .into(),
    );
}

/// The page's time budget holds in the browser (where the clock is `performance.now`): a unique
/// minimal 14x14 Skyscrapers under the article's techniques (the full solver proves it in tens of
/// milliseconds, see tests/budgets.rs) and a 99x99 Hashiwokakero with the matrix-tree test, each far
/// longer than 300 ms, return `budget` within 300 ms * 1.1 + 50 ms plus 350 ms for a loaded
/// machine (the same margin as tests/budgets.rs, which explains it). Timed with `Date.now`, not
/// with the clock under test.
#[wasm_bindgen_test]
fn time_budgets_are_kept_in_the_browser() {
    let bound = 300.0 * 1.1 + 50.0 + 350.0;
    let sky = hard_boards::skyscrapers_minimal_big()[0];
    let article = js_sys::JSON::parse(r#"{"techniques":{"lines":false}}"#).unwrap();
    let mut s = Session::new(js("skyscrapers"), js(sky), js("solve"), article).unwrap();
    let started = js_sys::Date::now();
    let r = s
        .solve(JsValue::from_f64(f64::INFINITY), JsValue::from_f64(300.0))
        .unwrap();
    let took = js_sys::Date::now() - started;
    assert_eq!(get(&r, "verdict").as_string().as_deref(), Some("budget"));
    assert!(took <= bound, "skyscrapers: {took} ms");

    let hashi = hard_boards::hashi_lattice(99, 1);
    let opts = js_sys::JSON::parse(r#"{"maxMs":300,"techniques":{"matrixTree":true}}"#).unwrap();
    let started = js_sys::Date::now();
    let r = api::solve_once(js("hashi"), js(&hashi), opts).unwrap();
    let took = js_sys::Date::now() - started;
    assert_eq!(get(&r, "verdict").as_string().as_deref(), Some("budget"));
    assert!(took <= bound, "hashi: {took} ms");
}
