//! What the page's editors and play modes need besides solving: read a pasted puzzle into plain
//! data, write plain data back to IDs and URLs, hints, board checks and random puzzles.
//!
//! Everything here is native and tested; `api.rs` only converts between these serde types and
//! JavaScript values. The page never interprets puzzle rules itself: it sends the user's board and
//! draws what comes back.

use serde::{Deserialize, Serialize};

use crate::puzzles::{hashi, skyscrapers};
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

// ---- Hashiwokakero ----

/// A Hashiwokakero puzzle as plain data for the editor: row-major `cells` with 0 = water,
/// 255 = rock, else the island's number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HashiPuzzle {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<u8>,
    pub max_bridges: u8,
    pub no_loops: bool,
}

fn hashi_from(p: &HashiPuzzle) -> Result<hashi::Puzzle, String> {
    let puzzle = hashi::Puzzle {
        width: p.width,
        height: p.height,
        cells: p.cells.clone(),
        max_bridges: p.max_bridges,
        no_loops: p.no_loops,
    };
    puzzle.validate()?;
    Ok(puzzle)
}

fn hashi_to(p: &hashi::Puzzle) -> HashiPuzzle {
    HashiPuzzle {
        width: p.width,
        height: p.height,
        cells: p.cells.clone(),
        max_bridges: p.max_bridges,
        no_loops: p.no_loops,
    }
}

/// Tatham IDs and puzz.link URLs cannot hold rocks (and puzz.link has no no-loops flag): those
/// forms are `None` then, and the plain grid carries the puzzle.
fn hashi_exports(p: &hashi::Puzzle) -> Exports {
    Exports {
        tatham: hashi::to_tatham_id(p).ok(),
        puzzlink: hashi::to_puzzlink_url(p).ok(),
        plain: hashi::to_plain(p),
    }
}

/// Reads a Tatham ID, puzz.link URL or plain grid.
pub fn hashi_parse(text: &str) -> Result<Parsed<HashiPuzzle>, String> {
    let p = hashi::parse_any(text)?;
    Ok(Parsed {
        puzzle: hashi_to(&p),
        exports: hashi_exports(&p),
    })
}

/// Writes the editor's puzzle in every text form it fits (after checking the structural rules).
pub fn hashi_export(p: &HashiPuzzle) -> Result<Exports, String> {
    Ok(hashi_exports(&hashi_from(p)?))
}

/// An island of the layout; `id` is its index in the solver's graph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LayoutIsland {
    pub id: u32,
    pub row: usize,
    pub col: usize,
    pub need: u8,
}

/// A candidate edge: `id` is the `edge` of the solver's events; `a`, `b` are `[row, col]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LayoutEdge {
    pub id: u32,
    pub a: [usize; 2],
    pub b: [usize; 2],
    pub island_a: u32,
    pub island_b: u32,
    /// Most bridges this pair can carry: min(k, both numbers).
    pub cap: u8,
    pub horizontal: bool,
    /// Edges that would cross this one.
    pub crosses: Vec<u32>,
}

/// What the page draws before any bridge: islands and the candidate edges between them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HashiLayout {
    pub width: usize,
    pub height: usize,
    pub max_bridges: u8,
    pub islands: Vec<LayoutIsland>,
    pub edges: Vec<LayoutEdge>,
}

/// The solver's graph of the puzzle, in the same numbering as its events.
pub fn hashi_layout(p: &HashiPuzzle) -> Result<HashiLayout, String> {
    let puzzle = hashi_from(p)?;
    let g = hashi::graph::Graph::new(&puzzle);
    let islands = g
        .islands
        .iter()
        .enumerate()
        .map(|(i, isl)| LayoutIsland {
            id: i as u32,
            row: isl.row,
            col: isl.col,
            need: isl.need,
        })
        .collect();
    let edges = g
        .edges
        .iter()
        .enumerate()
        .map(|(e, ed)| {
            let (a, b) = (g.pos(ed.a), g.pos(ed.b));
            LayoutEdge {
                id: e as u32,
                a: [a.0, a.1],
                b: [b.0, b.1],
                island_a: ed.a,
                island_b: ed.b,
                cap: ed.cap,
                horizontal: ed.horizontal,
                crosses: g.crossings[e].clone(),
            }
        })
        .collect();
    Ok(HashiLayout {
        width: puzzle.width,
        height: puzzle.height,
        max_bridges: puzzle.max_bridges,
        islands,
        edges,
    })
}

/// The next step from the player's bridges.
pub fn hashi_hint(p: &HashiPuzzle, bridges: &[hashi::Bridge]) -> Result<hashi::Hint, String> {
    hashi::hint(&hashi_from(p)?, bridges)
}

/// Finished and over-full islands, crossing, impossible and wrong bridges, solved.
pub fn hashi_check(
    p: &HashiPuzzle,
    bridges: &[hashi::Bridge],
) -> Result<hashi::BoardReport, String> {
    hashi::check_board(&hashi_from(p)?, bridges)
}

/// Largest side of a random Hashiwokakero board from the page (generation proves uniqueness).
pub const HASHI_GENERATE_MAX: usize = 20;

/// A random puzzle with a unique solution; the same seed gives the same puzzle everywhere.
pub fn hashi_generate(
    width: usize,
    height: usize,
    seed: Option<u64>,
) -> Result<Parsed<HashiPuzzle>, String> {
    let range = 4..=HASHI_GENERATE_MAX;
    if !range.contains(&width) || !range.contains(&height) {
        return Err(format!(
            "hashi: random puzzles go from 4x4 to {HASHI_GENERATE_MAX}x{HASHI_GENERATE_MAX}, got {width}x{height}"
        ));
    }
    let seed = seed.unwrap_or_else(Rng::entropy_seed);
    // About one island per five cells, as in Tatham's default density; walks up to half a side.
    let params = hashi::generate::GenParams {
        width,
        height,
        islands: (width * height / 5).max(4),
        max_bridges: 2,
        max_len: (width.max(height) / 2).max(3),
        loop_chance: 0.3,
    };
    let (p, _, _) =
        hashi::generate::generate_unique(&params, seed, 200, 200_000).ok_or_else(|| {
            format!("hashi: no unique {width}x{height} puzzle found from seed {seed}")
        })?;
    Ok(Parsed {
        puzzle: hashi_to(&p),
        exports: hashi_exports(&p),
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
    const ARTICLE: &str = "7x7m2:3a4c3i2b1a5e5n3e2";

    #[test]
    fn hashi_parse_export_round_trip() {
        let parsed = hashi_parse(ARTICLE).unwrap();
        assert_eq!(parsed.puzzle.width, 7);
        assert_eq!(parsed.exports.tatham.as_deref(), Some(ARTICLE));
        assert_eq!(hashi_export(&parsed.puzzle).unwrap(), parsed.exports);
        let url = parsed.exports.puzzlink.clone().unwrap();
        assert_eq!(hashi_parse(&url).unwrap().puzzle, parsed.puzzle);
        assert_eq!(
            hashi_parse(&parsed.exports.plain).unwrap().puzzle,
            parsed.puzzle
        );
    }

    #[test]
    fn hashi_rocks_have_only_a_plain_form() {
        let parsed = hashi_parse("2#2/.../2.2").unwrap();
        assert_eq!(parsed.exports.tatham, None);
        assert_eq!(parsed.exports.puzzlink, None);
        assert_eq!(hashi_parse(&parsed.exports.plain).unwrap(), parsed);
    }

    #[test]
    fn hashi_export_refuses_bad_data_with_a_place() {
        let mut p = hashi_parse("3x3m2:2a2c2a2").unwrap().puzzle;
        p.cells[1] = 2;
        let e = hashi_export(&p).unwrap_err();
        assert!(
            e.contains("side by side") && e.contains("row 1, col 1"),
            "{e}"
        );
        p.cells = vec![0; 9];
        assert!(hashi_export(&p).unwrap_err().contains("no islands"));
        p.cells = vec![9, 0, 0, 0, 0, 0, 0, 0, 0];
        assert!(hashi_export(&p).unwrap_err().contains("row 1, col 1"));
        p.width = 200;
        p.cells = vec![0; 200 * 3];
        assert!(hashi_export(&p).unwrap_err().contains("too big"));
        let garbage = hashi_parse("hello?").unwrap_err();
        assert!(garbage.starts_with("hashi:"), "{garbage}");
    }

    #[test]
    fn hashi_layout_numbers_edges_like_the_solver() {
        let p = hashi_parse(".1./1.1/.1.").unwrap().puzzle;
        let l = hashi_layout(&p).unwrap();
        assert_eq!(l.islands.len(), 4);
        assert_eq!(l.edges.len(), 2);
        assert_eq!(l.edges[0].crosses, vec![1]);
        // Every edge joins two islands of the layout on one row or one column.
        for e in &l.edges {
            assert!(e.a[0] == e.b[0] || e.a[1] == e.b[1]);
            let ia = &l.islands[e.island_a as usize];
            assert_eq!([ia.row, ia.col], e.a);
        }
        // The solver's range events name the same edges with the same end cells.
        let p = hashi_parse(ARTICLE).unwrap().puzzle;
        let l = hashi_layout(&p).unwrap();
        let mut s =
            crate::session::Session::new("hashi", ARTICLE, "solve", &Default::default()).unwrap();
        let frame = s.step(100_000);
        let mut seen = 0;
        for ev in frame.events {
            let v = serde_json::to_value(&ev).unwrap();
            if v["kind"] == "hashiRange" {
                let e = &l.edges[v["edge"].as_u64().unwrap() as usize];
                assert_eq!(v["a"], serde_json::json!(e.a));
                assert_eq!(v["b"], serde_json::json!(e.b));
                seen += 1;
            }
        }
        assert!(seen > 0);
    }

    #[test]
    fn hashi_hint_and_check_follow_the_users_bridges() {
        let p = hashi_parse("3x3m2:2a2c2a2").unwrap().puzzle;
        let h = hashi_hint(&p, &[]).unwrap();
        assert!(!h.why.is_empty());
        let all = hashi::parse_bridge_list("0,0-0,2x1;0,0-2,0x1;0,2-2,2x1;2,0-2,2x1").unwrap();
        assert!(hashi_check(&p, &all).unwrap().solved);
        assert!(!hashi_check(&p, &all[..2]).unwrap().solved);
    }

    #[test]
    fn hashi_generated_puzzles_are_unique_and_reproducible() {
        let a = hashi_generate(7, 7, Some(5)).unwrap();
        assert_eq!(a, hashi_generate(7, 7, Some(5)).unwrap());
        let id = a.exports.tatham.unwrap();
        let mut s =
            crate::session::Session::new("hashi", &id, "solve", &Default::default()).unwrap();
        let r = s.solve(u64::MAX, u64::MAX).unwrap();
        assert_eq!(r.verdict, crate::session::Verdict::Unique);
        assert!(hashi_generate(3, 7, None).is_err());
    }
}
