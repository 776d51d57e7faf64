//! What the page's editors and play modes need besides solving: read a pasted puzzle into plain
//! data, write plain data back to IDs and URLs, hints, board checks and random puzzles.
//!
//! Everything here is native and tested; `api.rs` only converts between these serde types and
//! JavaScript values. The page never interprets puzzle rules itself: it sends the user's board and
//! draws what comes back.

use serde::{Deserialize, Serialize};

use crate::puzzles::skyscrapers;
use crate::shared::rng::Rng;

/// A Skyscrapers puzzle as plain data for the editor, with every text form of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SkyPuzzle {
    pub n: usize,
    /// Clues per side in the order top, bottom, left, right; 0 = no clue.
    pub clues: [Vec<u8>; 4],
    /// Row-major givens, 0 = empty.
    pub givens: Vec<u8>,
}

/// The text forms of a puzzle; `puzzlink` is `None` where the format cannot express the puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Exports {
    pub tatham: Option<String>,
    pub puzzlink: Option<String>,
    pub plain: String,
}

/// A parsed puzzle together with its text forms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Parsed<P> {
    pub puzzle: P,
    pub exports: Exports,
}

fn sky_from(p: &SkyPuzzle) -> Result<skyscrapers::Puzzle, String> {
    let puzzle = skyscrapers::Puzzle {
        n: p.n,
        clues: p.clues.clone(),
        givens: p.givens.clone(),
    };
    puzzle.validate()?;
    Ok(puzzle)
}

fn sky_to(p: &skyscrapers::Puzzle) -> SkyPuzzle {
    SkyPuzzle {
        n: p.n,
        clues: p.clues.clone(),
        givens: p.givens.clone(),
    }
}

fn sky_exports(p: &skyscrapers::Puzzle) -> Exports {
    Exports {
        tatham: Some(skyscrapers::to_tatham_id(p)),
        puzzlink: Some(skyscrapers::to_puzzlink_url(p)),
        plain: skyscrapers::to_plain(p),
    }
}

/// Reads a Tatham ID, puzz.link URL or plain grid.
pub fn sky_parse(text: &str) -> Result<Parsed<SkyPuzzle>, String> {
    let p = skyscrapers::parse_any(text)?;
    Ok(Parsed {
        puzzle: sky_to(&p),
        exports: sky_exports(&p),
    })
}

/// Writes the editor's puzzle in every text form (after checking sizes and ranges).
pub fn sky_export(p: &SkyPuzzle) -> Result<Exports, String> {
    Ok(sky_exports(&sky_from(p)?))
}

/// The next deduction from the player's board (rows of digits, 0 = empty).
pub fn sky_hint(p: &SkyPuzzle, board: &[Vec<u8>]) -> Result<skyscrapers::hint::Hint, String> {
    skyscrapers::hint::hint(&sky_from(p)?, board)
}

/// The cells of the player's board that break a rule or differ from the unique solution.
pub fn sky_check(
    p: &SkyPuzzle,
    board: &[Vec<u8>],
) -> Result<Vec<skyscrapers::hint::Mistake>, String> {
    Ok(skyscrapers::hint::check_board(&sky_from(p)?, board))
}

/// Largest Skyscrapers size the page generates (generation proves uniqueness many times).
pub const SKY_GENERATE_MAX: usize = 9;

/// A random puzzle with a unique solution; the same seed gives the same puzzle everywhere.
pub fn sky_generate(n: usize, seed: Option<u64>) -> Result<Parsed<SkyPuzzle>, String> {
    if !(1..=SKY_GENERATE_MAX).contains(&n) {
        return Err(format!(
            "skyscrapers: random puzzles go from 1x1 to {SKY_GENERATE_MAX}x{SKY_GENERATE_MAX}, got {n}"
        ));
    }
    let seed = seed.unwrap_or_else(Rng::entropy_seed);
    let (p, _) = skyscrapers::generate::generate(n, seed, 200_000)?;
    Ok(Parsed {
        puzzle: sky_to(&p),
        exports: sky_exports(&p),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sky_parse_export_round_trip() {
        let parsed = sky_parse("4://///1/3///4/////3/").unwrap();
        assert_eq!(parsed.puzzle.n, 4);
        assert_eq!(
            parsed.exports.tatham.as_deref(),
            Some("4://///1/3///4/////3/")
        );
        assert_eq!(sky_export(&parsed.puzzle).unwrap(), parsed.exports);
        let url = parsed.exports.puzzlink.clone().unwrap();
        assert_eq!(sky_parse(&url).unwrap().puzzle, parsed.puzzle);
    }

    #[test]
    fn sky_export_refuses_bad_data_with_a_place() {
        let mut p = sky_parse("4://///1/3///4/////3/").unwrap().puzzle;
        p.givens[5] = 9;
        let e = sky_export(&p).unwrap_err();
        assert!(e.contains("row 2, column 2"), "{e}");
    }

    #[test]
    fn sky_generated_puzzles_are_unique_and_reproducible() {
        let a = sky_generate(5, Some(3)).unwrap();
        assert_eq!(a, sky_generate(5, Some(3)).unwrap());
        let id = a.exports.tatham.unwrap();
        let mut s =
            crate::session::Session::new("skyscrapers", &id, "solve", &Default::default()).unwrap();
        let r = s.solve(u64::MAX, u64::MAX).unwrap();
        assert_eq!(r.verdict, crate::session::Verdict::Unique);
    }
}
