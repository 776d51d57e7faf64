//! The registry: every puzzle and algorithm Solvescope offers, in one table.
//!
//! The CLI, the wasm API (`list_puzzles`), the page's menus and the tests all read [`REGISTRY`], so
//! adding a puzzle means adding its module and one entry here (and its arm in `session.rs`).

pub mod hashi;
pub mod queens;
pub mod skyscrapers;

use serde::Serialize;

/// One algorithm a puzzle can be solved with.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AlgorithmInfo {
    /// Name used in IDs, the CLI and the API.
    pub name: &'static str,
    /// Name shown to people.
    pub title: &'static str,
    /// One sentence on what it does.
    pub summary: &'static str,
}

/// One puzzle of the registry.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleInfo {
    pub name: &'static str,
    pub title: &'static str,
    /// Other names users type (puzz.link pids and the like).
    pub aliases: &'static [&'static str],
    pub algorithms: &'static [AlgorithmInfo],
    /// A small puzzle to start the page with.
    pub example: &'static str,
}

pub static REGISTRY: &[PuzzleInfo] = &[PuzzleInfo {
    name: "queens",
    title: "N-Queens",
    aliases: &["nqueens", "n-queens"],
    algorithms: &[
        AlgorithmInfo {
            name: "backtrack",
            title: "Backtracking",
            summary:
                "Builds a placement row by row and undoes the last queen when a row has no safe square.",
        },
        AlgorithmInfo {
            name: "repair",
            title: "Min-conflicts repair",
            summary: "Starts with a queen in every row and keeps moving an attacked queen to its least-attacked column (seeded; swap-based for huge boards).",
        },
    ],
    example: "queens:8",
}, PuzzleInfo {
    name: "skyscrapers",
    title: "Skyscrapers",
    aliases: &["towers", "building", "skyscraper"],
    algorithms: &[AlgorithmInfo {
        name: "solve",
        title: "Propagation and search",
        summary: "Crosses out candidates with clue rules, visibility bounds, line permutations and Latin-square singles, then guesses on the cell with the fewest candidates.",
    }],
    example: "4://///1/3///4/////3/",
},
PuzzleInfo {
    name: "hashi",
    title: "Hashiwokakero (Bridges)",
    aliases: &["hashiwokakero", "bridges", "hashikake"],
    algorithms: &[AlgorithmInfo {
        name: "solve",
        title: "Deductions + search",
        summary: "Narrows the bridges possible on every pair of islands by degree, crossing, isolation and connectivity rules, then tries values on the most demanding island and backtracks; proves uniqueness.",
    }],
    example: "7x7m2:3a4c3i2b1a5e5n3e2",
}];

/// Finds a puzzle by name or alias (case-insensitive).
pub fn lookup(name: &str) -> Result<&'static PuzzleInfo, String> {
    let wanted = name.trim().to_ascii_lowercase();
    REGISTRY
        .iter()
        .find(|p| p.name == wanted || p.aliases.contains(&wanted.as_str()))
        .ok_or_else(|| {
            let known: Vec<&str> = REGISTRY.iter().map(|p| p.name).collect();
            format!("unknown puzzle '{name}' (known: {})", known.join(", "))
        })
}
