//! Solvescope: constraint-puzzle solvers you can watch think — N-Queens (backtracking and
//! min-conflicts repair), Skyscrapers and Hashiwokakero.
//!
//! The crate is the whole product: the solvers, the [`session`] that drives any of them, the text
//! forms puzzles travel in (Tatham game IDs, puzz.link URLs, plain grids; `docs/formats/`), the
//! WebAssembly boundary the page and the JavaScript package use (`api`, only built for `wasm32`),
//! and the `solvescope` command-line tool, a thin user of this library (`src/bin/solvescope`).
//!
//! # One call: text in, checked answer out
//!
//! [`session::solve_text`] reads any text form of a puzzle, runs its default algorithm (or the
//! one named in the options) within a budget and returns a [`session::Report`]: the verdict, the
//! counters and every solution, each one passed through the puzzle's independent checker.
//!
//! ```
//! use serde_json::json;
//! use solvescope::session::{solve_text, Verdict};
//!
//! // A Tatham Towers ID: clues top, bottom, left, right.
//! let report = solve_text("skyscrapers", "4:2/2/1/4/2/3/3/1/3/2/1/2/2/3/2/1", &json!({"maxMs": 10_000}))?;
//! assert_eq!(report.verdict, Verdict::Unique); // found, and proved to be the only one
//! assert_eq!(report.solutions.len(), 1);
//!
//! // Names and aliases come from one registry: "towers" is Tatham's name for the same puzzle.
//! let again = solve_text("towers", "4:2/2/1/4/2/3/3/1/3/2/1/2/2/3/2/1", &json!(null))?;
//! assert_eq!(again.solutions, report.solutions);
//!
//! // Bad input is an error that says what and where, never a panic.
//! let err = solve_text("skyscrapers", "4:9///", &json!(null)).unwrap_err();
//! assert!(err.starts_with("skyscrapers"), "{err}");
//! # Ok::<(), String>(())
//! ```
//!
//! # The engine: one algorithm, two speeds
//!
//! Every algorithm is an [`engine::Machine`]: it owns its state and can stop after any *node* (a
//! decision, a propagation round, a repair move) and later continue exactly where it stopped.
//! [`engine::Machine::run`] takes a [`engine::Budget`] of nodes and a [`engine::Sink`] for its
//! events. The sink is a type parameter: with [`engine::NoEvents`] every event compiles away
//! (that is *solve*), with [`engine::Trace`] the same code records small invertible events (that is
//! *step*, which the page animates forwards and backwards). There is no second copy of any
//! algorithm for the animation, and `tests/step_equals_solve.rs` checks the two agree node for node.
//!
//! ```
//! use solvescope::engine::{Budget, Machine, NoEvents, Status, Trace};
//! use solvescope::puzzles::queens::backtrack::{Backtrack, Event, Options};
//!
//! let mut search = Backtrack::new(8, Options::count()).map_err(|e| e.to_string())?;
//!
//! // A few nodes with a recording sink: the first queens being placed, each with its reason.
//! let mut trace = Trace::default();
//! assert_eq!(search.run(&mut Budget::nodes(3), &mut trace), Status::Paused);
//! assert!(matches!(trace.events[0], Event::Place { row: 0, col: 0, .. }));
//!
//! // Then the rest at full speed, without events, from exactly where it stopped.
//! assert_eq!(search.run(&mut Budget::unlimited(), &mut NoEvents), Status::Exhausted);
//! assert_eq!(search.stats().solutions, 92); // OEIS A000170
//! # Ok::<(), String>(())
//! ```
//!
//! A machine never reads the clock (there is no `Instant` in the browser); time budgets are the
//! driver's: [`engine::Stepper`] runs a machine in chunks of nodes, checking the clock between them,
//! and cuts `step` frames at node boundaries.
//!
//! # A puzzle's contract
//!
//! Each puzzle is one folder under [`puzzles`] whose `game.rs` implements
//! [`puzzles::contract::Game`]: its registry entry (name, aliases, algorithms and their options,
//! limits), its plain-data `Puzzle`, its text forms (`parse`, `exports`), `start` (build an
//! algorithm's machine behind the object-safe [`puzzles::contract::Run`]), and the player helpers
//! `hint`, `check`, `layout`, `generate`. The one list in `src/puzzles/mod.rs` generates the
//! registry ([`puzzles::REGISTRY`]), the type-erased [`puzzles::AnyGame`] objects that
//! [`puzzles::lookup`] finds by name or alias, and the unions of events and solutions — so the
//! session, the wasm boundary and the CLI name no puzzle. `docs/ARCHITECTURE.md` walks through
//! adding one.
//!
//! Every answer is checked by code that shares nothing with the solver that found it, written from
//! the rules (for example [`puzzles::queens::check_placement`]); a run refuses to hand out a
//! solution that fails it.
//!
//! ```
//! use solvescope::puzzles;
//!
//! let towers = puzzles::lookup("towers")?; // an alias
//! assert_eq!(towers.info().name, "skyscrapers");
//! // Every text form in, every text form out, as JSON values (the wasm boundary's shape).
//! let parsed = towers.parse("https://puzz.link/p?skyscrapers/4/4/k13h4j3g")?;
//! assert_eq!(parsed["exports"]["tatham"], "4://///1/3///4/////3/");
//!
//! assert!(puzzles::queens::check_placement(4, &[1, 3, 0, 2]).is_ok());
//! assert!(puzzles::queens::check_placement(4, &[0, 1, 2, 3]).is_err());
//! # Ok::<(), String>(())
//! ```
//!
//! # Stepping a run, with a budget
//!
//! A [`session::Session`] holds any running algorithm behind one handle, the same natively and in
//! the browser: [`session::Session::step`] returns [`engine::Frame`]s of events (the verdict set on
//! the frame that ends the run), [`session::Session::solve`] runs on without events within a node
//! and time budget.
//!
//! ```
//! use serde_json::json;
//! use solvescope::session::{Session, Verdict};
//!
//! let mut run = Session::new("queens", "queens:6", "backtrack", &json!({"mode": "all"}))?;
//! let mut events = 0;
//! let verdict = loop {
//!     let frame = run.step(10); // about ten events per frame
//!     events += frame.events.len();
//!     if let Some(v) = frame.verdict {
//!         break v;
//!     }
//! };
//! assert_eq!(verdict, Verdict::Found);
//! assert_eq!(run.stats().0.solutions, 4);
//! assert!(events > 4);
//!
//! // The same search without events, with a budget of 10 nodes: it stops and says so.
//! let mut short = Session::new("queens", "queens:12", "backtrack", &json!({"mode": "count"}))?;
//! let report = short.solve(10, u64::MAX)?;
//! assert_eq!(report.verdict, Verdict::Budget);
//! # Ok::<(), String>(())
//! ```

#![warn(missing_docs)]

pub mod engine;
pub mod puzzles;
pub mod session;
pub mod shared;

#[cfg(target_arch = "wasm32")]
pub mod api;

#[cfg(test)]
mod typescript;
