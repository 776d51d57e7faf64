//! The registry: every puzzle Solvescope offers, in one list.
//!
//! Each puzzle is one folder implementing [`contract::Game`] (in its `game.rs`). The `puzzles!`
//! line at the bottom of this file is the only place that lists them; from it come the registry
//! ([`REGISTRY`], [`lookup`]) that the CLI, the wasm API and the page read, and the two
//! registry-wide types [`AnyEvent`] and [`AnySolution`] that a type-erased [`contract::Run`] hands
//! out. Adding a puzzle: see docs/ARCHITECTURE.md, "Adding a puzzle" (a puzzle also gets a cargo
//! feature of the same name, on by default, which the page's per-puzzle module builds select).

pub mod contract;
pub mod verbs;

pub mod hashi;
pub mod queens;
pub mod skyscrapers;
#[cfg(feature = "sudoku")]
pub mod sudoku;
#[cfg(feature = "template")]
pub mod template;

use serde::Serialize;

pub use contract::{AlgorithmInfo, AnyGame, Game, PuzzleInfo};

/// Generates the registry and the registry-wide enums from one list of `"feature" => module::Game`
/// entries, then, after `opt_in:`, the puzzles that are built only when their feature is asked for.
///
/// Each puzzle is in the registry only when its cargo feature is on (all but the opt-in ones are,
/// by default). The page builds one WebAssembly module per puzzle with only that feature
/// (scripts/build-wasm.sh), so a visitor downloads one puzzle's solvers, not all of them: the
/// linker drops every puzzle the registry does not name. The enums keep every default puzzle, so
/// the puzzles' own code compiles the same in every build; an opt-in puzzle's module (and its
/// variants) exist only with its feature (the template puzzle: `--features template`).
macro_rules! puzzles {
    (
        $($feature:literal => $module:ident :: $game:ident),* ;
        opt_in: $($ofeature:literal => $omodule:ident :: $ogame:ident),* $(,)?
    ) => {
        #[cfg(not(any($(feature = $feature,)* $(feature = $ofeature),*)))]
        compile_error!(concat!("Solvescope needs at least one puzzle feature:" $(, " ", $feature)*));

        /// Every puzzle of this build, in the order the page shows them.
        pub static GAMES: &[&dyn AnyGame] = &[
            $(#[cfg(feature = $feature)] &contract::Erased::<$module::$game>::NEW,)*
            $(#[cfg(feature = $ofeature)] &contract::Erased::<$omodule::$ogame>::NEW,)*
        ];

        /// Whether this build has an opt-in puzzle (files generated from the registry describe
        /// the default build, so such a build leaves them alone: src/typescript.rs).
        #[allow(dead_code)]
        pub(crate) const OPT_IN_BUILD: bool = false $(|| cfg!(feature = $ofeature))*;

        /// The registry entries of [`GAMES`], for listings.
        pub static REGISTRY: &[&PuzzleInfo] = &[
            $(#[cfg(feature = $feature)] &<$module::$game as Game>::INFO,)*
            $(#[cfg(feature = $ofeature)] &<$omodule::$ogame as Game>::INFO,)*
        ];

        /// Every puzzle's names (name, aliases), in this build or not, so that asking a
        /// one-puzzle build for another puzzle says so instead of "unknown puzzle".
        static EVERY_NAME: &[(&str, &[&str])] = &[
            $((<$module::$game as Game>::INFO.name, <$module::$game as Game>::INFO.aliases),)*
            $(#[cfg(feature = $ofeature)]
              (<$omodule::$ogame as Game>::INFO.name, <$omodule::$ogame as Game>::INFO.aliases),)*
        ];

        /// One event of any puzzle's machines; each puzzle's events carry their own `kind` tag.
        #[cfg_attr(test, derive(ts_rs::TS))]
        #[cfg_attr(test, ts(untagged))]
        #[derive(Clone, Debug)]
        pub enum AnyEvent {
            $(
                /// The events of the puzzle of this name.
                $game(<$module::$game as Game>::Event),
            )*
            $(
                /// The events of the puzzle of this name.
                #[cfg(feature = $ofeature)]
                $ogame(<$omodule::$ogame as Game>::Event),
            )*
        }

        /// One checked solution of any puzzle.
        #[cfg_attr(test, derive(ts_rs::TS))]
        #[cfg_attr(test, ts(untagged))]
        #[derive(Clone, Debug, PartialEq)]
        pub enum AnySolution {
            $(
                /// A solution of the puzzle of this name.
                $game(<$module::$game as Game>::Solution),
            )*
            $(
                /// A solution of the puzzle of this name.
                #[cfg(feature = $ofeature)]
                $ogame(<$omodule::$ogame as Game>::Solution),
            )*
        }

        /// Registry-wide unions of the player-helper types, for the TypeScript the page and the
        /// wasm package's `.d.ts` are typed with (src/typescript.rs); Rust code never builds them.
        #[cfg(test)]
        #[allow(dead_code)]
        pub(crate) mod typing {
            use super::*;

            #[derive(ts_rs::TS)]
            #[ts(untagged)]
            pub enum AnyPuzzle {
                $($game(<$module::$game as Game>::Puzzle),)*
                $(#[cfg(feature = $ofeature)] $ogame(<$omodule::$ogame as Game>::Puzzle),)*
            }

            #[derive(ts_rs::TS)]
            #[ts(untagged)]
            pub enum AnyBoard {
                $($game(<$module::$game as Game>::Board),)*
                $(#[cfg(feature = $ofeature)] $ogame(<$omodule::$ogame as Game>::Board),)*
            }

            #[derive(ts_rs::TS)]
            #[ts(untagged)]
            pub enum AnyHint {
                $($game(<$module::$game as Game>::Hint),)*
                $(#[cfg(feature = $ofeature)] $ogame(<$omodule::$ogame as Game>::Hint),)*
            }

            #[derive(ts_rs::TS)]
            #[ts(untagged)]
            pub enum AnyCheck {
                $($game(<$module::$game as Game>::Check),)*
                $(#[cfg(feature = $ofeature)] $ogame(<$omodule::$ogame as Game>::Check),)*
            }

            #[derive(ts_rs::TS)]
            #[ts(untagged)]
            pub enum AnyLayout {
                $($game(<$module::$game as Game>::Layout),)*
                $(#[cfg(feature = $ofeature)] $ogame(<$omodule::$ogame as Game>::Layout),)*
            }
        }

        // Serialized by hand, untagged as the derive would, so that a one-puzzle build's match
        // names only its own puzzle: the derive's arms kept every default puzzle's event and
        // solution serializers in every page module (about 5 KB), though none can occur there.
        impl Serialize for AnyEvent {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                #[allow(unreachable_patterns)]
                match self {
                    $(#[cfg(feature = $feature)] AnyEvent::$game(e) => e.serialize(s),)*
                    $(#[cfg(feature = $ofeature)] AnyEvent::$ogame(e) => e.serialize(s),)*
                    _ => Err(serde::ser::Error::custom("an event of a puzzle not in this build")),
                }
            }
        }

        impl Serialize for AnySolution {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                #[allow(unreachable_patterns)]
                match self {
                    $(#[cfg(feature = $feature)] AnySolution::$game(x) => x.serialize(s),)*
                    $(#[cfg(feature = $ofeature)] AnySolution::$ogame(x) => x.serialize(s),)*
                    _ => Err(serde::ser::Error::custom("a solution of a puzzle not in this build")),
                }
            }
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
        $(
            #[cfg(feature = $ofeature)]
            impl From<<$omodule::$ogame as Game>::Event> for AnyEvent {
                fn from(e: <$omodule::$ogame as Game>::Event) -> Self {
                    AnyEvent::$ogame(e)
                }
            }

            #[cfg(feature = $ofeature)]
            impl From<<$omodule::$ogame as Game>::Solution> for AnySolution {
                fn from(s: <$omodule::$ogame as Game>::Solution) -> Self {
                    AnySolution::$ogame(s)
                }
            }
        )*
    };
}

puzzles!(
    "queens" => queens::Queens,
    "skyscrapers" => skyscrapers::Skyscrapers,
    "hashi" => hashi::Hashi;
    opt_in:
    "template" => template::Template,
    "sudoku" => sudoku::Sudoku,
);

/// Finds a puzzle by name or alias (case-insensitive, surrounding blanks ignored).
pub fn lookup(name: &str) -> Result<&'static dyn AnyGame, String> {
    let wanted = name.trim().to_ascii_lowercase();
    let named = |n: &str, aliases: &[&str]| n == wanted || aliases.contains(&wanted.as_str());
    GAMES
        .iter()
        .copied()
        .find(|g| named(g.info().name, g.info().aliases))
        .ok_or_else(|| {
            let known: Vec<&str> = REGISTRY.iter().map(|p| p.name).collect();
            let left_out = EVERY_NAME.iter().find(|(n, aliases)| named(n, aliases));
            match left_out {
                Some((n, _)) => format!(
                    "this build has {} only: {n} is in the {n} module and in the one with every puzzle",
                    known.join(", ")
                ),
                None => format!(
                    "unknown puzzle {} (known: {})",
                    crate::shared::text::quote(name),
                    known.join(", ")
                ),
            }
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
