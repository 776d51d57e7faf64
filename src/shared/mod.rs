//! Pieces every puzzle shares: the clock, the seeded random generator, Latin-square and
//! all-different helpers, union-find with cut-edge detection, the puzz.link URL codec, how
//! puzzle text is bounded and quoted in messages, and the wasm module's counted allocator.

pub mod clock;
pub mod dsf;
pub mod latin;
pub mod memory;
pub mod puzzlink;
pub mod rng;
pub mod text;
