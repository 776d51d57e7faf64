//! N-Queens: place N queens on an N×N board so that no two share a row, column or diagonal.
//!
//! ID format: `queens:N` (see docs/formats/queens.md); a placement is one column per row, 0-based.
//! Two algorithms live here, both as [`crate::engine::Machine`]s:
//! - [`backtrack`]: constructive depth-first search, row by row, with the columns and both
//!   diagonals kept as bitmasks (the "accelerated" version of the source article);
//! - [`naive`]: the article's first version of the same search (a record array, each square
//!   checked against every queen above), for teaching; same tree, same events;
//! - [`count`]: counting only, over one representative per symmetry class, split into
//!   independent tasks for threads and workers (not a machine: it reports counts, no events);
//! - [`experiment`]: the scaling and trials experiments, as plans of independent runs;
//! - [`repair`]: min-conflicts repair (the source article's algorithm, seeded), with a swap-based
//!   path for boards of millions of queens.
//!
//! Limits: backtracking supports 1 ≤ N ≤ [`MAX_BACKTRACK_N`] because a row fits one `u64`.

pub mod backtrack;
pub mod code;
pub mod count;
pub mod experiment;
mod game;
pub mod naive;
pub mod repair;

pub use game::Event;
pub use game::Queens;

use serde::{Deserialize, Serialize};

use crate::shared::text::{decimal, not_decimal};

/// Largest board the bitmask backtracking accepts (one `u64` per row of attacks).
pub const MAX_BACKTRACK_N: usize = 64;

/// A parsed `queens:N` ID, with an optional seed (`queens:N#SEED`, used by repair runs).
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueensId {
    /// The board size N.
    pub n: usize,
    /// The `#SEED` part; `None` when the ID has none. A number up to 2^53 − 1, decimal text
    /// above (either is read), as every seed.
    #[serde(
        default,
        serialize_with = "crate::puzzles::contract::seed_out_opt",
        deserialize_with = "crate::puzzles::contract::seed_in_opt"
    )]
    #[cfg_attr(test, ts(type = "number | string | null"))]
    pub seed: Option<u64>,
}

/// Reads `queens:N`, `queens:N#SEED`, or a bare `N`.
///
/// ```
/// use solvescope::puzzles::queens::parse_id;
/// assert_eq!(parse_id("queens:8").unwrap().n, 8);
/// assert_eq!(parse_id("queens:8#42").unwrap().seed, Some(42));
/// assert!(parse_id("queens:x").unwrap_err().contains("'x'"));
/// ```
pub fn parse_id(text: &str) -> Result<QueensId, String> {
    let text = crate::shared::text::prepare("queens", text)?;
    let body = text.strip_prefix("queens:").unwrap_or(text);
    let (size, seed) = match body.split_once('#') {
        Some((size, seed)) => (size, Some(seed)),
        None => (body, None),
    };
    let number = |s: &str, what: &str, example: &str| {
        decimal(s).ok_or_else(|| format!("queens: {} ({example})", not_decimal(what, s)))
    };
    let n = number(size, "the board size", "expected queens:N, e.g. queens:8")?;
    // Beyond every algorithm's range the size is refused here, quoted as typed: converted first,
    // a huge number would be quoted as the largest `usize` (2^32 - 1 in wasm).
    if n == 0 {
        return Err(format!(
            "queens: the board size must be from 1 to {}, got 0",
            repair::MAX_REPAIR_N
        ));
    }
    let n = match usize::try_from(n) {
        Ok(n) if n <= repair::MAX_REPAIR_N => n,
        _ => {
            return Err(format!(
                "queens: the board size {n} is larger than any algorithm takes (repair goes up to {}, backtracking to {MAX_BACKTRACK_N})",
                repair::MAX_REPAIR_N
            ))
        }
    };
    let seed = match seed {
        None => None,
        Some(s) => Some(number(
            s,
            "the seed after '#'",
            "a whole number from 0 to 18446744073709551615",
        )?),
    };
    Ok(QueensId { n, seed })
}

/// Writes the ID of a board (and seed, if any).
pub fn format_id(id: &QueensId) -> String {
    match id.seed {
        Some(seed) => format!("queens:{}#{seed}", id.n),
        None => format!("queens:{}", id.n),
    }
}

/// The independent checker: verifies a complete placement by comparing every pair of queens.
///
/// Deliberately naive (O(N²), no bitmasks, no shared code with the solvers) so that a bug in a
/// solver's bookkeeping cannot hide in the checker too. For very large N (repair runs) use
/// [`check_placement_counting`], which is linear but still independent of the solvers' arrays.
pub fn check_placement(n: usize, columns: &[usize]) -> Result<(), String> {
    if columns.len() != n {
        return Err(format!(
            "expected {n} queens (one per row), got {}",
            columns.len()
        ));
    }
    for (row, &col) in columns.iter().enumerate() {
        if col >= n {
            return Err(format!("row {row}: column {col} is off the {n}x{n} board"));
        }
    }
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            let (c1, c2) = (columns[r1], columns[r2]);
            if c1 == c2 {
                return Err(format!("queens in rows {r1} and {r2} share column {c1}"));
            }
            if r2 - r1 == c1.abs_diff(c2) {
                return Err(format!(
                    "queens at ({r1},{c1}) and ({r2},{c2}) share a diagonal"
                ));
            }
        }
    }
    Ok(())
}

/// A linear-time checker for large boards: marks every column and diagonal in fresh tables and
/// reports the first square that is used twice.
pub fn check_placement_counting(n: usize, columns: &[usize]) -> Result<(), String> {
    if columns.len() != n {
        return Err(format!(
            "expected {n} queens (one per row), got {}",
            columns.len()
        ));
    }
    let mut col_used = vec![false; n];
    let mut diag_used = vec![false; 2 * n];
    let mut anti_used = vec![false; 2 * n];
    for (row, &col) in columns.iter().enumerate() {
        if col >= n {
            return Err(format!("row {row}: column {col} is off the {n}x{n} board"));
        }
        let d = row + n - col; // row - col, shifted to be non-negative
        let a = row + col;
        if std::mem::replace(&mut col_used[col], true) {
            return Err(format!("row {row}: column {col} already holds a queen"));
        }
        if std::mem::replace(&mut diag_used[d], true) {
            return Err(format!(
                "row {row}: the diagonal through ({row},{col}) already holds a queen"
            ));
        }
        if std::mem::replace(&mut anti_used[a], true) {
            return Err(format!(
                "row {row}: the anti-diagonal through ({row},{col}) already holds a queen"
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for text in ["queens:1", "queens:64", "queens:1000000#7"] {
            assert_eq!(format_id(&parse_id(text).unwrap()), text);
        }
        assert_eq!(parse_id(" 8 ").unwrap(), QueensId { n: 8, seed: None });
        assert!(parse_id("queens:").is_err());
        assert!(parse_id("queens:8#-1").unwrap_err().contains("seed"));
    }

    #[test]
    fn checkers_agree_on_good_and_bad_placements() {
        let good = [1, 3, 0, 2];
        assert!(check_placement(4, &good).is_ok());
        assert!(check_placement_counting(4, &good).is_ok());
        for bad in [&[0, 1, 2, 3][..], &[1, 3, 0, 0], &[1, 3, 0], &[1, 3, 0, 4]] {
            assert!(check_placement(4, bad).is_err(), "{bad:?}");
            assert!(check_placement_counting(4, bad).is_err(), "{bad:?}");
        }
    }
}
