//! Pieces every puzzle shares: the clock, the seeded random generator, Latin-square and
//! all-different helpers, union-find with cut-edge detection, and the puzz.link URL codec.

pub mod clock;
pub mod dsf;
pub mod latin;
pub mod puzzlink;
pub mod rng;
