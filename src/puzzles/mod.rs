//! The registry: every puzzle Solvescope offers, in one list.
//!
//! Each puzzle is one folder implementing [`contract::Game`] (in its `game.rs`). The `puzzles!`
//! line at the bottom of this file is the only place that lists them; from it come the registry
//! ([`REGISTRY`], [`lookup`]) that the CLI, the wasm API and the page read, and the two
//! registry-wide types [`AnyEvent`] and [`AnySolution`] that a type-erased [`contract::Run`] hands
//! out. Adding a puzzle: see docs/ARCHITECTURE.md, "Adding a puzzle".

pub mod contract;

pub mod hashi;
pub mod queens;
pub mod skyscrapers;

use serde::Serialize;

pub use contract::{AlgorithmInfo, AnyGame, Game, PuzzleInfo};

/// Generates the registry and the registry-wide enums from one list of `module::Game` types.
macro_rules! puzzles {
    ($($module:ident :: $game:ident),* $(,)?) => {
        /// Every puzzle, in the order the page shows them.
        pub static GAMES: &[&dyn AnyGame] = &[$(&contract::Erased::<$module::$game>::NEW),*];

        /// The registry entries of [`GAMES`], for listings.
        pub static REGISTRY: &[&PuzzleInfo] = &[$(&<$module::$game as Game>::INFO),*];

        /// One event of any puzzle's machines; each puzzle's events carry their own `kind` tag.
        #[cfg_attr(test, derive(ts_rs::TS))]
        #[derive(Clone, Debug, Serialize)]
        #[serde(untagged)]
        pub enum AnyEvent {
            $(
                /// The events of the puzzle of this name.
                $game(<$module::$game as Game>::Event)
            ),*
        }

        /// One checked solution of any puzzle.
        #[cfg_attr(test, derive(ts_rs::TS))]
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum AnySolution {
            $(
                /// A solution of the puzzle of this name.
                $game(<$module::$game as Game>::Solution)
            ),*
        }

        /// Registry-wide unions of the player-helper types, for the TypeScript the page and the
        /// wasm package's `.d.ts` are typed with (src/typescript.rs); Rust code never builds them.
        #[cfg(test)]
        #[allow(dead_code)]
        pub(crate) mod typing {
            use super::*;

            #[derive(ts_rs::TS)]
            #[ts(untagged)]
            pub enum AnyPuzzle { $($game(<$module::$game as Game>::Puzzle)),* }

            #[derive(ts_rs::TS)]
            #[ts(untagged)]
            pub enum AnyBoard { $($game(<$module::$game as Game>::Board)),* }

            #[derive(ts_rs::TS)]
            #[ts(untagged)]
            pub enum AnyHint { $($game(<$module::$game as Game>::Hint)),* }

            #[derive(ts_rs::TS)]
            #[ts(untagged)]
            pub enum AnyCheck { $($game(<$module::$game as Game>::Check)),* }

            #[derive(ts_rs::TS)]
            #[ts(untagged)]
            pub enum AnyLayout { $($game(<$module::$game as Game>::Layout)),* }
        }

        $(
            impl From<<$module::$game as Game>::Event> for AnyEvent {
                fn from(e: <$module::$game as Game>::Event) -> Self {
                    AnyEvent::$game(e)
                }
            }

            impl From<<$module::$game as Game>::Solution> for AnySolution {
                fn from(s: <$module::$game as Game>::Solution) -> Self {
                    AnySolution::$game(s)
                }
            }
        )*
    };
}

puzzles!(queens::Queens, skyscrapers::Skyscrapers, hashi::Hashi);

/// Finds a puzzle by name or alias (case-insensitive, surrounding blanks ignored).
pub fn lookup(name: &str) -> Result<&'static dyn AnyGame, String> {
    let wanted = name.trim().to_ascii_lowercase();
    GAMES
        .iter()
        .copied()
        .find(|g| g.info().name == wanted || g.info().aliases.contains(&wanted.as_str()))
        .ok_or_else(|| {
            let known: Vec<&str> = REGISTRY.iter().map(|p| p.name).collect();
            format!(
                "unknown puzzle {} (known: {})",
                crate::shared::text::quote(name),
                known.join(", ")
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_are_unique_and_lower_case() {
        let mut seen = std::collections::BTreeSet::new();
        for p in REGISTRY {
            for name in std::iter::once(&p.name).chain(p.aliases) {
                assert_eq!(name.to_ascii_lowercase(), *name);
                assert!(seen.insert(*name), "'{name}' is used twice");
            }
        }
    }

    #[test]
    fn every_alias_finds_its_puzzle_and_every_example_parses() {
        for g in GAMES {
            let info = g.info();
            for name in std::iter::once(&info.name).chain(info.aliases) {
                assert_eq!(
                    lookup(&name.to_ascii_uppercase()).unwrap().info().name,
                    info.name
                );
            }
            assert!(
                g.parses(info.example),
                "{}: example does not parse",
                info.name
            );
            assert!(!info.algorithms.is_empty());
        }
        assert!(lookup("chess")
            .err()
            .unwrap()
            .contains("unknown puzzle 'chess'"));
    }
}
