//! The one puzzle contract: what a puzzle folder provides, and the type-erased layer built on it.
//!
//! A puzzle implements [`Game`] once, in its own folder (`src/puzzles/<name>/game.rs`): its registry
//! entry ([`PuzzleInfo`]: names, algorithms, options with their ranges, limits, examples), its text
//! forms, how to start each algorithm as an engine machine ([`Game::start`]), its independent
//! checker (inside the [`Runner`] it builds), and its player helpers (hint, check, layout,
//! generate). Then one line in the `puzzles!` list of `src/puzzles/mod.rs` makes it reachable from
//! the session, the wasm API, the CLI and the page; none of those name a puzzle.
//!
//! Two layers, as in Tatham's `struct game` and cspuz's `puzzle_list!`:
//! - [`Game`] is typed: tests and native callers use a puzzle's own types;
//! - [`AnyGame`] is object-safe and speaks JSON values ([`serde_json::Value`]) at its edges, so the
//!   registry can hold every puzzle in one slice and the wasm boundary needs one function per verb
//!   instead of one per puzzle and verb. The blanket [`Erased`] adapter writes it for every `Game`.
//!
//! A running algorithm is a [`Run`]: the [`Runner`] adapter drives any [`Machine`](crate::engine::Machine) through a
//! [`Stepper`](crate::engine::Stepper), converts its events and solutions to the registry-wide [`AnyEvent`](crate::puzzles::AnyEvent) /
//! [`AnySolution`](crate::puzzles::AnySolution), passes every solution through the puzzle's checker, and computes the verdict
//! in one place ([`verdict`]), so neither the session nor the page re-derives it.
//!
//! The contract lives in four files by job: `info.rs` (the registry entry: names, algorithms,
//! options, limits, helpers, text forms), `options.rs` (reading and checking an algorithm's
//! options), `run.rs` (a running algorithm, its report and verdict, the [`Runner`] adapter) and
//! `erased.rs` (the JSON-speaking [`AnyGame`] layer). Their items are re-exported here.

mod erased;
mod info;
mod options;
mod run;

pub use erased::*;
pub use info::*;
pub use options::*;
pub use run::*;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

// ---------------------------------------------------------------------------------------------
// The typed contract.
// ---------------------------------------------------------------------------------------------

/// What one puzzle provides. Everything is associated functions: a puzzle has no state of its own.
pub trait Game: 'static {
    /// The registry entry.
    const INFO: PuzzleInfo;

    /// The puzzle as plain data (what editors send back); checked by [`Game::validate`].
    type Puzzle: Serialize + DeserializeOwned + Clone + Typed;
    /// What the puzzle's machines report, step by step (an enum over its algorithms if they
    /// differ); every variant carries a `kind` tag.
    type Event: Serialize + Clone + std::fmt::Debug + Typed;
    /// One checked answer.
    type Solution: Serialize + Clone + std::fmt::Debug + PartialEq + Typed;
    /// A player's board, as the page sends it to `hint` and `check`.
    type Board: DeserializeOwned + Typed;
    /// The answer of `hint`.
    type Hint: Serialize + Typed;
    /// The answer of `check`.
    type Check: Serialize + Typed;
    /// What the page draws before any event (`()` where the puzzle data is enough).
    type Layout: Serialize + Typed;

    /// Reads any accepted text form (Tatham ID, puzz.link URL, plain grid, …).
    fn parse(text: &str) -> Result<Self::Puzzle, String>;
    /// Checks plain data that did not come from [`Game::parse`] (sizes before allocation, ranges).
    fn validate(puzzle: &Self::Puzzle) -> Result<(), String>;
    /// Every text form of a valid puzzle.
    fn exports(puzzle: &Self::Puzzle) -> Exports;
    /// Starts `algorithm` (a registry name) with `options` (a JSON object, see [`parse_options`]).
    fn start(
        puzzle: &Self::Puzzle,
        algorithm: &str,
        options: &Value,
    ) -> Result<Box<dyn Run>, String>;

    /// The next step for a player from their board, its search within `max_micros` of time.
    fn hint(
        _puzzle: &Self::Puzzle,
        _board: &Self::Board,
        _max_micros: u64,
    ) -> Result<Self::Hint, String> {
        Err(unsupported(Self::INFO.name, "hints"))
    }
    /// What is wrong (or finished) on a player's board, its search within `max_micros` of time.
    fn check(
        _puzzle: &Self::Puzzle,
        _board: &Self::Board,
        _max_micros: u64,
    ) -> Result<Self::Check, String> {
        Err(unsupported(Self::INFO.name, "board checks"))
    }
    /// The drawing data of a puzzle (Bridges: islands and candidate edges, numbered as in events).
    fn layout(_puzzle: &Self::Puzzle) -> Result<Self::Layout, String> {
        Err(unsupported(Self::INFO.name, "layout"))
    }
    /// Whether [`Game::generate`] honours [`GenerateRequest::max_nodes`] and `max_ms` (the
    /// adapter refuses a budget for a generator that does not).
    const GENERATE_BUDGETS: bool = false;

    /// The puzzle's counting of every solution (src/puzzles/verbs.rs), if it offers one.
    const COUNTING: Option<&'static dyn crate::puzzles::verbs::Counting> = None;

    /// The puzzle's experiments (src/puzzles/verbs.rs), if it offers any.
    const EXPERIMENTS: Option<&'static dyn crate::puzzles::verbs::Experiments> = None;
    /// A new puzzle with a unique solution.
    fn generate(_request: &GenerateRequest) -> Result<Generated<Self::Puzzle>, String> {
        Err(unsupported(Self::INFO.name, "generator"))
    }
}

/// The types a puzzle hands to the page must also be describable in TypeScript (in test builds,
/// where the types are generated; elsewhere this asks nothing).
#[cfg(test)]
pub trait Typed: ts_rs::TS + 'static {}
#[cfg(test)]
impl<T: ts_rs::TS + 'static> Typed for T {}
/// The types a puzzle hands to the page (see the test-build definition).
#[cfg(not(test))]
pub trait Typed {}
#[cfg(not(test))]
impl<T> Typed for T {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Status, Verdict};

    #[test]
    fn verdicts_read_the_end_of_a_run() {
        use Question::*;
        use Status::*;
        assert_eq!(verdict(Uniqueness, Paused, 1), None);
        assert_eq!(verdict(Uniqueness, Exhausted, 1), Some(Verdict::Unique));
        assert_eq!(verdict(Uniqueness, Exhausted, 0), Some(Verdict::None));
        assert_eq!(
            verdict(Uniqueness, LimitReached, 2),
            Some(Verdict::Multiple)
        );
        // The bug of the old per-page verdicts: many solutions, search space exhausted.
        assert_eq!(verdict(Uniqueness, Exhausted, 576), Some(Verdict::Multiple));
        assert_eq!(verdict(Uniqueness, LimitReached, 1), Some(Verdict::Found));
        assert_eq!(verdict(Find, LimitReached, 1), Some(Verdict::Found));
        assert_eq!(verdict(Find, Exhausted, 0), Some(Verdict::None));
        assert_eq!(verdict(Count, Exhausted, 92), Some(Verdict::Counted));
        assert_eq!(verdict(Find, GaveUp, 0), Some(Verdict::GaveUp));
    }

    #[test]
    fn the_end_of_a_run_in_words() {
        use Question::*;
        let s = |v, q, n, us, limit| says(v, Status::LimitReached, q, n, us, limit);
        assert_eq!(
            s(Verdict::Unique, Uniqueness, 1, Some(3_000), None),
            "Unique: one solution, and the search proved there is no other (3.0 ms)."
        );
        // No time measured: none said ("0 µs" would read as a measurement).
        assert!(s(Verdict::None, Uniqueness, 0, Some(0), None).ends_with("no solution."));
        assert_eq!(
            s(
                Verdict::Budget,
                Uniqueness,
                1,
                Some(2_500_000),
                Some(Limit::Nodes(2_000_000))
            ),
            "Stopped after 2.50 s: its budget of 2,000,000 nodes ran out before the search \
             ended, 1 solution so far."
        );
        assert_eq!(
            s(
                Verdict::Budget,
                Find,
                0,
                None,
                Some(Limit::Micros(60_000_000))
            ),
            "Stopped: its time budget of 60.00 s ran out before the search ended, 0 solutions \
             so far."
        );
        assert_eq!(
            s(Verdict::Counted, Count, 92, Some(999), None),
            "Counted 92 solutions (999 µs)."
        );
    }

    #[test]
    fn a_puzzle_text_where_puzzle_data_belongs_says_so() {
        let id = "4:1/2".repeat(1000);
        for name in ["skyscrapers", "hashi"] {
            let g = crate::puzzles::lookup(name).unwrap();
            let mut errors = vec![
                g.hint(&Value::String(id.clone()), &Value::Null)
                    .unwrap_err(),
                g.check(&Value::String(id.clone()), &Value::Null)
                    .unwrap_err(),
                g.export(&Value::String(id.clone())).unwrap_err(),
            ];
            if g.info().helpers.layout {
                errors.push(g.layout(&Value::String(id.clone())).unwrap_err());
            }
            for e in errors {
                assert!(e.contains("read the text with parse first"), "{e}");
                assert!(!e.contains("4:1/2"), "the text is not quoted back: {e}");
            }
        }
    }

    #[test]
    fn a_value_of_the_wrong_kind_is_placed_when_it_occurs_once() {
        use serde_json::json;
        let sky = crate::puzzles::lookup("skyscrapers").unwrap();
        let e = sky
            .generate(&json!({"size": "7", "seed": [1]}))
            .unwrap_err();
        assert!(
            e.starts_with("skyscrapers: bad generator request at seed: got a list"),
            "{e}"
        );
        let e = sky.generate(&json!({"size": true})).unwrap_err();
        assert!(
            e.starts_with("skyscrapers: bad generator request at size: got"),
            "{e}"
        );
        let p = sky.parse("4://///1/3///4/////3/").unwrap()["puzzle"].clone();
        let mut board = json!([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
        board[2][3] = json!("x");
        let e = sky.check(&p, &board).unwrap_err();
        assert!(e.contains("bad board at [2][3]: got the text"), "{e}");
        // The same wrong value twice: no place rather than a guess.
        board[0][1] = json!("x");
        let e = sky.hint(&p, &board).unwrap_err();
        assert!(e.contains("bad board: got the text"), "{e}");
        let hashi = crate::puzzles::lookup("hashi").unwrap();
        let e = hashi
            .generate(&json!({"size": "7x7", "seed": "soon"}))
            .unwrap_err();
        assert!(e.contains("the seed 'soon' is not a whole number"), "{e}");
        let e = hashi
            .generate(&json!({"size": "7x7", "seed": 1, "maxMs": {"soon": 1}}))
            .unwrap_err();
        assert!(e.contains("at maxMs: got an object"), "{e}");
    }

    /// Issue 36 point 7: every u64 seed is exact as text (what JavaScript hands as a string or a
    /// BigInt), a number only up to 2^53 - 1, where JavaScript numbers stop being exact; a seed
    /// above it comes back as text, so it can be handed in again.
    #[test]
    fn seeds_are_exact_as_text_and_refused_as_inexact_numbers() {
        use serde_json::json;
        let sky = crate::puzzles::lookup("skyscrapers").unwrap();
        let big = 1u64 << 60;
        let a = sky
            .generate(&json!({"size": "5", "seed": big.to_string()}))
            .unwrap();
        assert_eq!(a["seed"], json!(big.to_string()));
        // The neighbouring seed JavaScript's 2**60 prints as is another puzzle, so it is refused.
        let e = sky
            .generate(&json!({"size": "5", "seed": 1152921504606847000u64}))
            .unwrap_err();
        assert!(e.contains("above 2^53 - 1") && e.contains("string"), "{e}");
        let e = sky
            .generate(&json!({"size": "5", "seed": 1e300}))
            .unwrap_err();
        assert!(e.contains("above 2^53 - 1"), "{e}");
        // Up to 2^53 - 1 a number and its text are the same seed.
        let n = sky
            .generate(&json!({"size": "5", "seed": MAX_WHOLE}))
            .unwrap();
        let t = sky
            .generate(&json!({"size": "5", "seed": MAX_WHOLE.to_string()}))
            .unwrap();
        assert_eq!(n, t);
        assert_eq!(n["seed"], json!(MAX_WHOLE));
        let e = sky
            .generate(&json!({"size": "5", "seed": "18446744073709551616"}))
            .unwrap_err();
        assert!(e.contains("too large"), "{e}");
        let e = sky
            .generate(&json!({"size": "5", "seed": "007"}))
            .unwrap_err();
        assert!(e.contains("leading zero"), "{e}");
        assert!(sky
            .generate(&json!({"size": "5", "seed": u64::MAX.to_string()}))
            .is_ok());
    }

    #[test]
    fn solution_limits_are_capped() {
        assert_eq!(solution_limit(None, 2), Ok(2));
        assert!(solution_limit(Some(0), 2).is_err());
        assert!(solution_limit(Some(MAX_SOLUTION_LIMIT + 1), 2)
            .unwrap_err()
            .contains("1 to 10000"));
    }

    #[test]
    fn a_generator_size_is_text_or_a_whole_number() {
        use serde_json::json;
        let sky = crate::puzzles::lookup("skyscrapers").unwrap();
        let made = |size: Value| sky.generate(&json!({ "size": size, "seed": 3 }));
        let text = made(json!("5")).unwrap();
        assert_eq!(made(json!(5)).unwrap(), text);
        assert_eq!(made(json!(5.0)).unwrap(), text);
        for (size, says) in [
            (
                json!(9.5),
                "skyscrapers: the size is not a whole number below 2^53",
            ),
            (json!(-2.5), "skyscrapers: the size is negative"),
            (json!(-3), "skyscrapers: the size -3 is negative"),
            (json!(1e300), "the size is not a whole number"),
            (json!(1e3), "random puzzles go from 1x1 to 16x16, got 1000"),
            // Past a 32-bit usize (wasm's) and past any integer: out of range, not "no number".
            (json!(4294967296u64), "16x16, got 4294967296"),
            (
                json!("99999999999999999999999"),
                "16x16, got 99999999999999999999999",
            ),
            (json!(true), "at size: got true where text is expected"),
            (json!([9]), "at size: got a list where text is expected"),
        ] {
            let e = made(size.clone()).unwrap_err();
            assert!(e.contains(says), "{size}: {e}");
        }
    }
}
