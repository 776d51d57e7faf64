//! The registry entry of a puzzle: static data the page and the CLI read.

use serde::{Deserialize, Serialize};

/// One puzzle of the registry.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleInfo {
    /// Name used in IDs, links, the CLI and the API.
    pub name: &'static str,
    /// Name shown to people.
    pub title: &'static str,
    /// Other names users type (puzz.link pids, Tatham's names and the like).
    pub aliases: &'static [&'static str],
    /// Algorithms, the first being the default.
    pub algorithms: &'static [AlgorithmInfo],
    /// A small puzzle to start the page with.
    pub example: &'static str,
    /// Size and value limits the parsers enforce (for the page's inputs and the docs).
    pub limits: &'static [LimitInfo],
    /// Which player helpers the puzzle offers.
    pub helpers: Helpers,
}

/// One algorithm a puzzle can be solved with.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AlgorithmInfo {
    /// Name used in options, the API and the CLI (`"backtrack"`, `"repair"`, …).
    pub name: &'static str,
    /// Name shown to people.
    pub title: &'static str,
    /// One sentence on what it does.
    pub summary: &'static str,
    /// The options it takes (anything else is refused).
    pub options: &'static [OptionInfo],
    /// Its pseudocode, shown beside the animation with the line of the event on screen lit.
    pub code: &'static [CodeLine],
}

/// One line of an algorithm's pseudocode and the events that happen on it. Each event kind of
/// the algorithm is on exactly one line (tests check it on real runs), so the page lights the
/// line of the event on screen from the event's `kind` alone.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CodeLine {
    /// The text, indented by two spaces per level.
    pub text: &'static str,
    /// The `kind`s of the events emitted on this line.
    pub events: &'static [&'static str],
}

/// One option of an algorithm. The CLI turns each into a flag (`--kebab-case-name`), the page
/// into a control; [`parse_options`](super::parse_options) refuses names not listed.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OptionInfo {
    /// camelCase name as in the options object.
    pub name: &'static str,
    /// One phrase on what the option does (for help texts and the page).
    pub summary: &'static str,
    /// What values it takes, with their range and default.
    pub kind: OptionKind,
}

/// What values an option takes.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(rename_all = "camelCase", tag = "type")]
pub enum OptionKind {
    /// On or off (a CLI switch).
    Bool {
        /// The value when the option is left out.
        default: bool,
    },
    /// A whole number in `min..=max`; `default: None` means "decided by the algorithm".
    Int {
        /// Smallest value accepted.
        min: u64,
        /// Largest value accepted.
        max: u64,
        /// The value when the option is left out; `None`: decided by the algorithm.
        default: Option<u64>,
    },
    /// A seed: any `u64`, exactly (a number up to 2^53 − 1, or decimal text; see
    /// [`super::exact_seed`]); left out, the algorithm draws a fresh one.
    Seed,
    /// A real number in `min..=max`.
    Float {
        /// Smallest value accepted.
        min: f64,
        /// Largest value accepted.
        max: f64,
        /// The value when the option is left out.
        default: f64,
    },
    /// One of a few words.
    Choice {
        /// The words accepted.
        choices: &'static [&'static str],
        /// The word used when the option is left out.
        default: &'static str,
    },
    /// Technique switches by name: an object `{name: bool}`; names left out keep their default.
    Techniques {
        /// Every technique name accepted.
        names: &'static [&'static str],
        /// The ones on by default.
        on: &'static [&'static str],
        /// How a viewer names each switch, in the order of `names` (the page writes none).
        labels: &'static [TechniqueLabel],
    },
}

/// How a viewer names a technique switch: a short label and one sentence for its tooltip.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, Serialize)]
pub struct TechniqueLabel {
    /// The technique's name in options (`"mrv"`).
    pub name: &'static str,
    /// The switch's label (`"MRV"`).
    pub label: &'static str,
    /// What the technique does, in one sentence.
    pub title: &'static str,
}

/// A limit a parser enforces, e.g. `{name: "n", min: 1, max: 64}`.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LimitInfo {
    /// What is limited, as a camelCase name (`"n"`, `"side"`, …).
    pub name: &'static str,
    /// One phrase on what the limit is about.
    pub summary: &'static str,
    /// Smallest value accepted.
    pub min: u64,
    /// Largest value accepted.
    pub max: u64,
}

/// The player helpers a puzzle implements (the others answer with a clear error).
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Helpers {
    /// `hint` gives the next step from a player's board.
    pub hint: bool,
    /// `check` says what is wrong (or finished) on a player's board.
    pub check: bool,
    /// `layout` gives drawing data beyond the puzzle itself.
    pub layout: bool,
    /// `generate` makes new puzzles.
    pub generate: bool,
    /// The difficulty levels `generate` can be asked for, easiest first (empty: none), so the
    /// page's New button offers exactly what the generator accepts.
    pub generate_levels: &'static [&'static str],
    /// Whether `generate` takes `givens` (given cells besides the clues).
    pub generate_givens: bool,
}

/// Every text form of a puzzle; `None` where a form cannot hold it (rocks in a Tatham ID).
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Exports {
    /// The Tatham game ID; `None` where it cannot hold this puzzle or the puzzle has no such form.
    pub tatham: Option<String>,
    /// The puzz.link URL; `None` where it cannot hold this puzzle or the puzzle has no such form.
    pub puzzlink: Option<String>,
    /// The plain text form, which every puzzle has (`docs/FORMATS.md`).
    pub plain: String,
}

/// A parsed puzzle as plain data, with its text forms.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Parsed<P> {
    /// The puzzle as plain data (its `Game::Puzzle`).
    pub puzzle: P,
    /// Its text forms.
    pub exports: Exports,
}

/// What to generate: a size in the puzzle's own words ("9" for Skyscrapers, "7x7" for Bridges)
/// and a seed (none: a fresh one). The same seed gives the same puzzle natively and in wasm.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GenerateRequest {
    /// The size, in the puzzle's own words (`"9"`, `"7x7"`). In a request read from JSON (the
    /// registry's `generate`, the wasm API) a whole number stands for its digits (`9` for `"9"`),
    /// as a JavaScript caller would naturally write it.
    #[cfg_attr(test, ts(type = "string | number"))]
    pub size: String,
    #[serde(default)]
    /// The seed; `None`: a fresh one (handed back in [`Generated::seed`]). Read from JSON, a
    /// number up to 2^53 − 1 or decimal text up to 2^64 − 1 (a BigInt crosses the wasm boundary
    /// as its text); a number above 2^53 − 1 is refused, since JavaScript has already rounded it.
    #[cfg_attr(test, ts(type = "number | string | bigint | null"))]
    pub seed: Option<u64>,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    /// The difficulty level by name (Skyscrapers: `easy`, `hard`, `extreme`, `unreasonable`);
    /// `None`: no level asked for. A puzzle without levels refuses one.
    pub difficulty: Option<String>,
    #[serde(default)]
    #[cfg_attr(test, ts(as = "Option<bool>", optional))]
    /// Whether the puzzle may have given cells besides its clues (Skyscrapers); `false`: clues only
    /// when a difficulty is asked for, givens only where the clues cannot pin the grid otherwise.
    pub givens: bool,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    /// Solver nodes the generator may spend on this puzzle; `None`: no node limit. Only
    /// generators that take budgets (`Game::GENERATE_BUDGETS`) accept one.
    pub max_nodes: Option<u64>,
    #[serde(default)]
    #[cfg_attr(test, ts(optional))]
    /// Wall time in milliseconds the generator may spend on this puzzle; `None`: no time limit.
    pub max_ms: Option<u64>,
}

/// The words a generator's error starts with (after the puzzle's name) when it ran out of the
/// request's budget rather than failing: the CLI reports such a puzzle with status `budget`.
pub const OUT_OF_BUDGET: &str = "out of budget";

/// A generated puzzle with the seed that made it.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Generated<P> {
    /// The new puzzle as plain data.
    pub puzzle: P,
    /// Its text forms.
    pub exports: Exports,
    /// The seed that made it: the same request with this seed gives the same puzzle. A number
    /// up to 2^53 − 1, decimal text above (where a JavaScript number would not be exact).
    #[serde(serialize_with = "seed_out")]
    #[cfg_attr(test, ts(type = "number | string"))]
    pub seed: u64,
    /// Its difficulty level when one was asked for (the grade of the puzzle made), else `None`.
    pub difficulty: Option<String>,
    /// What New puzzle says of it ("A new 6 × 6 hard puzzle with exactly one solution (seed 7)."),
    /// so the page writes none of its own.
    pub says: String,
}

/// The start of New puzzle's sentence for a `size` ("6 × 6") puzzle made from `seed` at level
/// `difficulty`, before its full stop or whatever a puzzle adds.
pub fn made_says(size: &str, difficulty: Option<&str>, seed: u64) -> String {
    let level = difficulty.map(|d| format!(" {d}")).unwrap_or_default();
    format!("A new {size}{level} puzzle with exactly one solution (seed {seed})")
}

/// A seed as it leaves the library: a JSON number while JavaScript holds it exactly (up to
/// 2^53 − 1), else its decimal text, so that a seed handed back can be handed in again unchanged
/// (a generator request takes both) and never turns into a nearby seed on the way.
pub fn seed_out<S: serde::Serializer>(seed: &u64, s: S) -> Result<S::Ok, S::Error> {
    if *seed <= super::MAX_WHOLE {
        s.serialize_u64(*seed)
    } else {
        s.serialize_str(&seed.to_string())
    }
}

/// A seed field of plain data read from JSON, by [`super::exact_seed`]: a number up to
/// 2^53 − 1 or decimal text (use with `#[serde(default)]`).
pub fn seed_in_opt<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    use serde::Deserialize;
    match Option::<serde_json::Value>::deserialize(d)? {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(v) => super::exact_seed(&v)
            .map(Some)
            .map_err(serde::de::Error::custom),
    }
}

/// [`seed_out`] as a JSON value, for lines written by hand (the CLI's).
pub fn seed_json(seed: u64) -> serde_json::Value {
    if seed <= super::MAX_WHOLE {
        seed.into()
    } else {
        seed.to_string().into()
    }
}

/// [`seed_out`] for an optional seed (a run's, `None` skipped by the caller).
pub fn seed_out_opt<S: serde::Serializer>(seed: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
    match seed {
        Some(v) => seed_out(v, s),
        None => s.serialize_none(),
    }
}
