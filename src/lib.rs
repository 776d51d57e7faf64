//! Solvescope: constraint-puzzle solvers you can watch think.
//!
//! Every algorithm is an [`engine::Machine`] that can stop after any node; the same code runs at
//! full speed (`solve`) or records invertible events for the page (`step`). Puzzles are read from
//! and written to short text IDs (see `docs/FORMATS.md`), and every answer can be verified by an
//! independent checker in each puzzle module. `api` is the WebAssembly boundary; the native CLI
//! lives in `src/bin/solvescope.rs`.

pub mod engine;
pub mod puzzles;
pub mod session;
pub mod shared;

#[cfg(target_arch = "wasm32")]
pub mod api;

#[cfg(test)]
mod typescript;
