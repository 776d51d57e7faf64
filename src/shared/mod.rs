//! Pieces every puzzle shares: the clock, the seeded random generator, small parsing helpers.

pub mod clock;
pub mod rng;
