//! The one puzzle contract: what a puzzle folder provides, and the type-erased layer built on it.
//!
//! A puzzle implements [`Game`] once, in its own folder (`src/puzzles/<name>/game.rs`): its registry
//! entry ([`PuzzleInfo`]: names, algorithms, options with their ranges, limits, examples), its text
//! forms, how to start each algorithm as an engine machine ([`Game::start`]), its independent
//! checker (inside the [`Runner`] it builds), and its player helpers (hint, check, layout,
//! generate). Then one line in the `puzzles!` list of `src/puzzles/mod.rs` makes it reachable from
//! the session, the wasm API, the CLI and the page; none of those name a puzzle.
//!
//! Two layers, as in Tatham's `struct game` and cspuz's `puzzle_list!`:
//! - [`Game`] is typed: tests and native callers use a puzzle's own types;
//! - [`AnyGame`] is object-safe and speaks JSON values ([`serde_json::Value`]) at its edges, so the
//!   registry can hold every puzzle in one slice and the wasm boundary needs one function per verb
//!   instead of one per puzzle and verb. The blanket [`Erased`] adapter writes it for every `Game`.
//!
//! A running algorithm is a [`Run`]: the [`Runner`] adapter drives any [`Machine`] through a
//! [`Stepper`], converts its events and solutions to the registry-wide [`AnyEvent`] /
//! [`AnySolution`], passes every solution through the puzzle's checker, and computes the verdict
//! in one place ([`verdict`]), so neither the session nor the page re-derives it.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::engine::{Frame, Machine, Stats, Status, Stepper, Verdict};
use crate::puzzles::{AnyEvent, AnySolution};

// ---------------------------------------------------------------------------------------------
// The registry entry of a puzzle: static data the page and the CLI read.
// ---------------------------------------------------------------------------------------------

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
/// into a control; [`parse_options`] refuses names not listed.
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
    },
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
    /// The puzzle as plain data (its [`Game::Puzzle`]).
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
    /// The seed; `None`: a fresh one (handed back in [`Generated::seed`]).
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
    /// generators that take budgets ([`Game::GENERATE_BUDGETS`]) accept one.
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
    /// The seed that made it: the same request with this seed gives the same puzzle.
    pub seed: u64,
    /// Its difficulty level when one was asked for (the grade of the puzzle made), else `None`.
    pub difficulty: Option<String>,
}

// ---------------------------------------------------------------------------------------------
// The typed contract.
// ---------------------------------------------------------------------------------------------

/// What one puzzle provides. Everything is associated functions: a puzzle has no state of its own.
pub trait Game: 'static {
    /// The registry entry.
    const INFO: PuzzleInfo;

    /// The puzzle as plain data (what editors send back); checked by [`Game::validate`].
    type Puzzle: Serialize + DeserializeOwned + Clone + Typed;
    /// What the puzzle's machines report, step by step (an enum over its algorithms if they
    /// differ); every variant carries a `kind` tag.
    type Event: Serialize + Clone + std::fmt::Debug + Typed;
    /// One checked answer.
    type Solution: Serialize + Clone + std::fmt::Debug + PartialEq + Typed;
    /// A player's board, as the page sends it to `hint` and `check`.
    type Board: DeserializeOwned + Typed;
    /// The answer of `hint`.
    type Hint: Serialize + Typed;
    /// The answer of `check`.
    type Check: Serialize + Typed;
    /// What the page draws before any event (`()` where the puzzle data is enough).
    type Layout: Serialize + Typed;

    /// Reads any accepted text form (Tatham ID, puzz.link URL, plain grid, …).
    fn parse(text: &str) -> Result<Self::Puzzle, String>;
    /// Checks plain data that did not come from [`Game::parse`] (sizes before allocation, ranges).
    fn validate(puzzle: &Self::Puzzle) -> Result<(), String>;
    /// Every text form of a valid puzzle.
    fn exports(puzzle: &Self::Puzzle) -> Exports;
    /// Starts `algorithm` (a registry name) with `options` (a JSON object, see [`parse_options`]).
    fn start(
        puzzle: &Self::Puzzle,
        algorithm: &str,
        options: &Value,
    ) -> Result<Box<dyn Run>, String>;

    /// The next step for a player from their board, its search within `max_micros` of time.
    fn hint(
        _puzzle: &Self::Puzzle,
        _board: &Self::Board,
        _max_micros: u64,
    ) -> Result<Self::Hint, String> {
        Err(unsupported(Self::INFO.name, "hints"))
    }
    /// What is wrong (or finished) on a player's board, its search within `max_micros` of time.
    fn check(
        _puzzle: &Self::Puzzle,
        _board: &Self::Board,
        _max_micros: u64,
    ) -> Result<Self::Check, String> {
        Err(unsupported(Self::INFO.name, "board checks"))
    }
    /// The drawing data of a puzzle (Bridges: islands and candidate edges, numbered as in events).
    fn layout(_puzzle: &Self::Puzzle) -> Result<Self::Layout, String> {
        Err(unsupported(Self::INFO.name, "layout"))
    }
    /// Whether [`Game::generate`] honours [`GenerateRequest::max_nodes`] and `max_ms` (the
    /// adapter refuses a budget for a generator that does not).
    const GENERATE_BUDGETS: bool = false;

    /// The puzzle's counting of every solution (src/puzzles/verbs.rs), if it offers one.
    const COUNTING: Option<&'static dyn crate::puzzles::verbs::Counting> = None;

    /// The puzzle's experiments (src/puzzles/verbs.rs), if it offers any.
    const EXPERIMENTS: Option<&'static dyn crate::puzzles::verbs::Experiments> = None;
    /// A new puzzle with a unique solution.
    fn generate(_request: &GenerateRequest) -> Result<Generated<Self::Puzzle>, String> {
        Err(unsupported(Self::INFO.name, "generator"))
    }
}

/// The types a puzzle hands to the page must also be describable in TypeScript (in test builds,
/// where the types are generated; elsewhere this asks nothing).
#[cfg(test)]
pub trait Typed: ts_rs::TS + 'static {}
#[cfg(test)]
impl<T: ts_rs::TS + 'static> Typed for T {}
/// The types a puzzle hands to the page (see the test-build definition).
#[cfg(not(test))]
pub trait Typed {}
#[cfg(not(test))]
impl<T> Typed for T {}

fn unsupported(puzzle: &str, what: &str) -> String {
    format!("{puzzle}: this puzzle has no {what}")
}

/// Reads an algorithm's options from a JSON object (`null` = defaults) into its own typed struct.
/// The struct should be `#[serde(default, deny_unknown_fields, rename_all = "camelCase")]`, so a
/// misspelt option is refused with the list of the ones that exist.
pub fn parse_options<T: DeserializeOwned + Default>(
    puzzle: &PuzzleInfo,
    algorithm: &str,
    options: &Value,
) -> Result<T, String> {
    // Only the deserialising is generic: the checks and the error text are one shared copy
    // instead of one per options type (each copy weighed about 2.8 KB in the wasm module).
    if check_options(puzzle, algorithm, options)? {
        return Ok(T::default());
    }
    serde_json::from_value(options.clone()).map_err(|e| options_error(puzzle, algorithm, e))
}

/// The type-independent part of [`parse_options`]: true for `null` (the defaults), an error for
/// a non-object or a number outside its announced range, false when the object may be read.
fn check_options(puzzle: &PuzzleInfo, algorithm: &str, options: &Value) -> Result<bool, String> {
    if options.is_null() {
        return Ok(true);
    }
    if !options.is_object() {
        return Err(format!(
            "{} {algorithm}: options must be an object, got {}",
            puzzle.name,
            json_type(options)
        ));
    }
    let known = puzzle
        .algorithms
        .iter()
        .find(|a| a.name == algorithm)
        .map_or(&[][..], |a| a.options);
    for (name, value) in options.as_object().into_iter().flatten() {
        if let Some(info) = known.iter().find(|o| o.name == name) {
            check_range(info, value)
                .map_err(|why| format!("{} {algorithm}: {name} {why}", puzzle.name))?;
        }
    }
    Ok(false)
}

/// The message for options serde refused: an unknown field names where it does apply, if
/// anywhere, and the options this algorithm takes.
fn options_error(puzzle: &PuzzleInfo, algorithm: &str, e: serde_json::Error) -> String {
    let known: Vec<&str> = puzzle
        .algorithms
        .iter()
        .find(|a| a.name == algorithm)
        .map(|a| a.options.iter().map(|o| o.name).collect())
        .unwrap_or_default();
    let mut message = format!(
        "{} {algorithm}: bad options: {}",
        puzzle.name,
        crate::shared::text::plain_serde(&e.to_string())
    );
    if e.to_string().starts_with("unknown field") {
        // Say where the option does apply, when another algorithm of the puzzle takes it.
        if let Some(field) = e.to_string().split('`').nth(1) {
            message = format!("{} {algorithm}: there is no option {field}", puzzle.name);
            let elsewhere: Vec<&str> = puzzle
                .algorithms
                .iter()
                .filter(|a| a.options.iter().any(|o| o.name == field))
                .map(|a| a.name)
                .collect();
            if !elsewhere.is_empty() {
                message = format!(
                    "{} {algorithm}: the option {field} only applies to {}",
                    puzzle.name,
                    elsewhere.join(", ")
                );
            }
        }
        message.push_str(&format!(
            " (options of {algorithm}: {})",
            if known.is_empty() {
                "none".to_string()
            } else {
                known.join(", ")
            }
        ));
    }
    message
}

/// Checks a number against the range its [`OptionInfo`] announces, so the registry's ranges are
/// the ones enforced, and the JSON type of every other kind. Which words and technique names are
/// accepted is left to the puzzle, which knows its aliases.
fn check_range(info: &OptionInfo, value: &Value) -> Result<(), String> {
    match info.kind {
        OptionKind::Int { min, max, .. } => match value.as_u64() {
            Some(v) if (min..=max).contains(&v) => Ok(()),
            _ => Err(format!(
                "must be a whole number from {min} to {max}, got {value}"
            )),
        },
        OptionKind::Float { min, max, .. } => match value.as_f64() {
            Some(v) if (min..=max).contains(&v) => Ok(()),
            _ => Err(format!("must be a number from {min} to {max}, got {value}")),
        },
        OptionKind::Bool { .. } if !value.is_boolean() => {
            Err(format!("must be true or false, got {value}"))
        }
        // The words themselves (with their aliases) are the puzzle's to check, their type here, so
        // a wrong type names its option instead of serde's bare "got a list".
        // (`null` is the default, as serde reads it.)
        OptionKind::Choice { choices, .. } if !value.is_string() && !value.is_null() => {
            Err(format!(
                "must be one of {}, got {}",
                choices.join(", "),
                json_type(value)
            ))
        }
        OptionKind::Techniques { .. } if value.is_null() => Ok(()),
        OptionKind::Techniques { names, .. } => match value.as_object() {
            None => Err(format!(
                "must be an object of switches ({}: true or false), got {}",
                names.join(", "),
                json_type(value)
            )),
            Some(m) => match m.iter().find(|(_, on)| !on.is_boolean()) {
                Some((t, on)) => Err(format!("{t} must be true or false, got {on}")),
                None => Ok(()),
            },
        },
        _ => Ok(()),
    }
}

/// The largest whole number an option announces: the largest JavaScript holds exactly, so the
/// registry means the same thing on both sides of the wasm boundary.
pub const MAX_WHOLE: u64 = (1 << 53) - 1;

/// "a number", "a string", … for messages about wrong JSON types.
pub fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Most solutions a run keeps: each is stored and checked, so the limit bounds memory and time.
pub const MAX_SOLUTION_LIMIT: u64 = 10_000;

/// A `limit` option (default `default`), refused outside 1..=[`MAX_SOLUTION_LIMIT`].
pub fn solution_limit(limit: Option<u64>, default: u64) -> Result<u64, String> {
    match limit.unwrap_or(default) {
        n @ 1..=MAX_SOLUTION_LIMIT => Ok(n),
        n => Err(format!(
            "limit must be from 1 to {MAX_SOLUTION_LIMIT} solutions, got {n}"
        )),
    }
}

/// The [`OptionInfo`] of the `limit` option, shared by every algorithm that takes it.
pub const LIMIT_OPTION: OptionInfo = OptionInfo {
    name: "limit",
    summary: "stop after this many solutions (2 is enough to prove uniqueness)",
    kind: OptionKind::Int {
        min: 1,
        max: MAX_SOLUTION_LIMIT,
        default: None,
    },
};

/// `message` as a sentence: trimmed, first letter capitalised, ending in `.`, `!` or `?` (a full
/// stop is added if none). Used where a solver's clause meets a person (the wasm boundary).
///
/// ```
/// use solvescope::puzzles::contract::sentence;
/// assert_eq!(sentence("hashi: row 2, column 3: 'x' is not '.'"), "Hashi: row 2, column 3: 'x' is not '.'.");
/// assert_eq!(sentence(" Done. "), "Done.");
/// ```
pub fn sentence(message: &str) -> String {
    let t = message.trim();
    let mut chars = t.chars();
    let mut out: String = match chars.next() {
        // ASCII only: every message starts with a puzzle's name or an English word, and Unicode
        // case mapping would bring about 12 KB of tables into the wasm module.
        Some(first) => std::iter::once(first.to_ascii_uppercase())
            .chain(chars)
            .collect(),
        None => return String::new(),
    };
    if !out.ends_with(['.', '!', '?', '…']) {
        out.push('.');
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Running algorithms.
// ---------------------------------------------------------------------------------------------

/// Wall-time budget of the searches behind the player helpers (a hint, a check's uniqueness
/// proof): they answer a click, and a hostile board (a 16x16 Skyscrapers with clues only, a
/// 100x100 Hashiwokakero) would otherwise keep them busy for minutes within their node budgets.
/// When it runs out, the answer says `budget` (not decided), as for a node budget.
pub const HELPER_MAX_MICROS: u64 = 2_000_000;

/// The result of [`Run::solve`].
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// What the run proved ([`Verdict::Budget`] when the budget ran out first).
    pub verdict: Verdict,
    /// Where the machine stopped.
    pub status: Status,
    /// The counters at the end, wall time included.
    pub stats: Stats,
    /// Every solution kept, each passed through the puzzle's independent checker.
    pub solutions: Vec<AnySolution>,
    /// The seed of a randomised run (share it in the ID, e.g. `queens:N#SEED`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub seed: Option<u64>,
    /// The variant of the algorithm in effect where it chooses one itself (repair: "swap").
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub variant: Option<&'static str>,
    /// Where a local search stood when it stopped without an answer (the budget ran out or it
    /// gave up), so a viewer shows that board and its real cost instead of an empty one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub stopped: Option<Stopped>,
}

/// A local search's assignment when it stopped: not a solution (it breaks `cost` rules), in the
/// shape of one.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stopped {
    /// The assignment, as a solution of the puzzle would be written.
    pub board: AnySolution,
    /// How many rules it breaks (for N-Queens: attacking pairs), as the machine counted them.
    pub cost: u64,
}

/// A running algorithm of any puzzle, object-safe so a session can hold any of them.
pub trait Run {
    /// Runs until at least `max_events` events happened or the search ended. The frame that ends
    /// the run carries its verdict.
    fn step(&mut self, max_events: usize) -> Frame<AnyEvent>;
    /// Runs without events to the end, or until `max_nodes` nodes or `max_micros` of wall time.
    fn solve(&mut self, max_nodes: u64, max_micros: u64) -> Result<Report, String>;
    /// Counters and status so far.
    fn stats(&self) -> (Stats, Status);
    /// The seed of a randomised run.
    fn seed(&self) -> Option<u64>;
    /// The variant in effect, where the algorithm picks one (see [`Report::variant`]).
    fn variant(&self) -> Option<&'static str>;
}

/// What a run is asked, which decides how its end is read (see [`verdict`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Find solutions up to a limit and prove there are no more: unique / multiple / none.
    Uniqueness,
    /// Find one or more solutions, nothing to prove beyond "none".
    Find,
    /// Count every solution.
    Count,
}

/// The verdict of a run that ended with `status` after finding `solutions`; `None` while paused
/// and not forced to stop. `stopped` says the caller's budget ended the run (`solve`).
pub fn verdict(question: Question, status: Status, solutions: u64) -> Option<Verdict> {
    Some(match status {
        Status::Paused => return None,
        Status::GaveUp => Verdict::GaveUp,
        Status::Exhausted if question == Question::Count => Verdict::Counted,
        _ if solutions == 0 => Verdict::None,
        Status::Exhausted if question == Question::Uniqueness && solutions == 1 => Verdict::Unique,
        // Two or more solutions answer the uniqueness question whether or not the search then
        // ran out of space or hit its limit (an empty 4x4 with limit 1000 exhausts at 576).
        _ if question == Question::Uniqueness && solutions >= 2 => Verdict::Multiple,
        Status::Exhausted | Status::LimitReached => Verdict::Found,
    })
}

/// The puzzle side of a [`Runner`]: how its machine's solutions become checked answers.
pub type Checker<M> = fn(&M, &<M as Machine>::Solution) -> Result<AnySolution, String>;

/// Drives one machine for a session: events and solutions converted, answers checked, verdicts
/// computed. Puzzles build one in [`Game::start`]; nobody else needs to know the machine's type.
pub struct Runner<M: Machine> {
    stepper: Stepper<M>,
    question: Question,
    check: Checker<M>,
    seed: Option<u64>,
    variant: Option<&'static str>,
    stopped: Option<fn(&M) -> Option<Stopped>>,
}

impl<M> Runner<M>
where
    M: Machine + 'static,
    M::Event: Into<AnyEvent>,
{
    /// A runner for `machine`, asking `question`, whose solutions go through `check` (which must
    /// be the puzzle's independent checker, not the solver's own bookkeeping).
    pub fn new(machine: M, question: Question, check: Checker<M>) -> Self {
        Runner {
            stepper: Stepper::new(machine),
            question,
            check,
            seed: None,
            variant: None,
            stopped: None,
        }
    }

    /// How to read where a local search stands, for a run that stops without an answer.
    pub fn with_stopped(mut self, stopped: fn(&M) -> Option<Stopped>) -> Self {
        self.stopped = Some(stopped);
        self
    }

    /// Records the seed of a randomised machine.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// Records the variant the machine chose.
    pub fn with_variant(mut self, variant: &'static str) -> Self {
        self.variant = Some(variant);
        self
    }

    /// Boxed, for [`Game::start`].
    pub fn boxed(self) -> Box<dyn Run> {
        Box::new(self)
    }

    fn checked_solutions(&self) -> Result<Vec<AnySolution>, String> {
        let m = self.stepper.machine();
        m.solutions()
            .iter()
            .map(|s| {
                (self.check)(m, s).map_err(|e| {
                    format!("internal error: the solver produced an invalid answer: {e}")
                })
            })
            .collect()
    }
}

impl<M> Run for Runner<M>
where
    M: Machine + 'static,
    M::Event: Into<AnyEvent>,
{
    fn step(&mut self, max_events: usize) -> Frame<AnyEvent> {
        let f = self.stepper.step(max_events);
        Frame {
            events: f.events.into_iter().map(Into::into).collect(),
            after: f.after,
            verdict: verdict(self.question, f.status, f.stats.solutions),
            stats: f.stats,
            status: f.status,
        }
    }

    fn solve(&mut self, max_nodes: u64, max_micros: u64) -> Result<Report, String> {
        let status = self.stepper.solve_within(max_nodes, max_micros);
        let solutions = self.checked_solutions()?;
        let stats = self.stepper.stats();
        let stopped = match self.stopped {
            Some(read) if solutions.is_empty() => read(self.stepper.machine()),
            _ => None,
        };
        Ok(Report {
            stopped,
            verdict: verdict(self.question, status, stats.solutions).unwrap_or(Verdict::Budget),
            status,
            stats,
            solutions,
            seed: self.seed,
            variant: self.variant,
        })
    }

    fn stats(&self) -> (Stats, Status) {
        (self.stepper.stats(), self.stepper.status())
    }

    fn seed(&self) -> Option<u64> {
        self.seed
    }

    fn variant(&self) -> Option<&'static str> {
        self.variant
    }
}

// ---------------------------------------------------------------------------------------------
// The type-erased layer: one object per puzzle in the registry.
// ---------------------------------------------------------------------------------------------

/// A [`Game`] behind JSON values, so the registry can list every puzzle in one slice and the wasm
/// boundary and CLI can call any of them by name.
pub trait AnyGame: Sync {
    /// The puzzle's registry entry.
    fn info(&self) -> &'static PuzzleInfo;
    /// Parses `text` and starts `algorithm` on it.
    fn start(&self, text: &str, algorithm: &str, options: &Value) -> Result<Box<dyn Run>, String>;
    /// `{puzzle, exports}` from any accepted text.
    fn parse(&self, text: &str) -> Result<Value, String>;
    /// Whether `text` parses (for batch files with several columns).
    fn parses(&self, text: &str) -> bool;
    /// The text forms of plain puzzle data.
    fn export(&self, puzzle: &Value) -> Result<Value, String>;
    /// The next step for a player's `board` on plain `puzzle` data, as JSON; an error when the
    /// puzzle offers no hints. Its search gets [`HELPER_MAX_MICROS`].
    fn hint(&self, puzzle: &Value, board: &Value) -> Result<Value, String> {
        self.hint_within(puzzle, board, HELPER_MAX_MICROS)
    }
    /// [`AnyGame::hint`] with the caller's time budget for its search.
    fn hint_within(&self, puzzle: &Value, board: &Value, max_micros: u64) -> Result<Value, String>;
    /// What is wrong (or finished) on a player's `board`, as JSON; an error when the puzzle offers
    /// no check. Its search gets [`HELPER_MAX_MICROS`].
    fn check(&self, puzzle: &Value, board: &Value) -> Result<Value, String> {
        self.check_within(puzzle, board, HELPER_MAX_MICROS)
    }
    /// [`AnyGame::check`] with the caller's time budget for its search.
    fn check_within(&self, puzzle: &Value, board: &Value, max_micros: u64)
        -> Result<Value, String>;
    /// The drawing data of plain `puzzle` data, as JSON; an error when the puzzle has no layout.
    fn layout(&self, puzzle: &Value) -> Result<Value, String>;
    /// A new puzzle for a [`GenerateRequest`] (as JSON), answered as `{puzzle, exports, seed}`.
    fn generate(&self, request: &Value) -> Result<Value, String>;
    /// The puzzle's experiments, if it offers any ([`Game::EXPERIMENTS`]).
    fn experiments(&self) -> Option<&'static dyn crate::puzzles::verbs::Experiments>;
    /// The puzzle's counting, if it offers one ([`Game::COUNTING`]).
    fn counting(&self) -> Option<&'static dyn crate::puzzles::verbs::Counting>;
}

/// The adapter that makes every [`Game`] an [`AnyGame`].
// `fn() -> G`: the adapter holds no `G`, so it is `Sync` whatever `G` is, without `unsafe`.
pub struct Erased<G>(std::marker::PhantomData<fn() -> G>);

impl<G> Erased<G> {
    /// The adapter (a constant, so that the registry can be a `static`).
    pub const NEW: Erased<G> = Erased(std::marker::PhantomData);
}

/// A generator request whose `size` is a whole number, with the number written as text
/// ([`GenerateRequest::size`]); anything else is left to [`from_json`]. Done on the JSON value
/// rather than by a deserializer of its own, which cost 4 KB in each module with a generator. The
/// number is not printed back when it is no size: formatting a float costs kilobytes too, and the
/// caller has it at hand.
fn size_as_text(puzzle: &str, request: &Value) -> Result<Value, String> {
    let mut request = request.clone();
    if let Some(size) = request.get_mut("size") {
        if let Value::Number(n) = size {
            let text = match (n.as_u64(), n.as_i64(), n.as_f64()) {
                (Some(v), _, _) => v.to_string(),
                (None, Some(v), _) => return Err(format!("{puzzle}: the size {v} is negative")),
                // A float may stand for a whole number (9.0 is 9); every whole float up to
                // MAX_WHOLE (2^53 - 1) converts exactly.
                (None, None, Some(v)) if v.fract() == 0.0 && (0.0..=MAX_WHOLE as f64).contains(&v) =>
                {
                    (v as u64).to_string()
                }
                (None, None, Some(v)) if v < 0.0 => {
                    return Err(format!("{puzzle}: the size is negative"))
                }
                _ => {
                    return Err(format!(
                        "{puzzle}: the size is not a whole number below 2^53 (give text such as \"9\" or \"7x7\", or a whole number)"
                    ))
                }
            };
            *size = Value::String(text);
        }
    }
    Ok(request)
}

fn from_json<T: DeserializeOwned>(puzzle: &str, what: &str, v: &Value) -> Result<T, String> {
    serde_json::from_value(v.clone()).map_err(|e| {
        let e = e.to_string();
        let at = culprit(v, &e).map_or(String::new(), |path| format!(" at {path}"));
        format!(
            "{puzzle}: bad {what}{at}: {}",
            crate::shared::text::plain_serde(&e)
        )
    })
}

/// Where in `v` serde's complaint about a value points, when that value occurs in one place only.
///
/// serde_json reading a [`Value`] keeps no path, so "got the text "x" where a whole number is
/// expected" would leave the user to guess which field. The complaint's "got" part is serde's
/// own description of the value (`string "x"`, ``integer `5` ``, `map`), so each node's
/// description is compared with it; a value found in two places names no place rather than a
/// wrong one. Not generic, so it costs the module one copy.
fn culprit(v: &Value, message: &str) -> Option<String> {
    let rest = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))?;
    let (got, _) = rest.rsplit_once(", expected ")?;
    fn walk(v: &Value, path: &mut String, got: &str, found: &mut Vec<String>) {
        use serde::de::Unexpected as U;
        if found.len() > 1 {
            return;
        }
        let here = match v {
            Value::Null => U::Unit,
            Value::Bool(b) => U::Bool(*b),
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => U::Unsigned(u),
                (None, Some(i)) => U::Signed(i),
                _ => U::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            Value::String(s) => U::Str(s),
            Value::Array(_) => U::Seq,
            Value::Object(_) => U::Map,
        };
        // The whole value is no place to name (and a wrong field inside an object must not
        // count as a second match of "map").
        if !path.is_empty() && here.to_string() == got {
            found.push(path.clone());
        }
        let len = path.len();
        match v {
            Value::Array(items) => {
                for (i, x) in items.iter().enumerate() {
                    path.push_str(&format!("[{i}]"));
                    walk(x, path, got, found);
                    path.truncate(len);
                }
            }
            Value::Object(map) => {
                for (k, x) in map {
                    if !path.is_empty() {
                        path.push('.');
                    }
                    path.push_str(k);
                    walk(x, path, got, found);
                    path.truncate(len);
                }
            }
            _ => {}
        }
    }
    let mut found = Vec::new();
    walk(v, &mut String::new(), got, &mut found);
    match found.as_slice() {
        // A field name from the input is quoted unless it is plainly a name.
        [one] => Some(
            if one.len() <= 60
                && one
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_.[]".contains(c))
            {
                one.clone()
            } else {
                crate::shared::text::quote(one)
            },
        ),
        _ => None,
    }
}

fn to_json<T: Serialize>(v: &T) -> Result<Value, String> {
    serde_json::to_value(v).map_err(|e| format!("internal error: could not write a result: {e}"))
}

impl<G: Game> Erased<G> {
    fn puzzle(&self, v: &Value) -> Result<G::Puzzle, String> {
        // The likely mistake: the puzzle's text handed over where its data belongs. Say so, rather
        // than serde's "invalid type: string …, expected struct Puzzle" quoting the whole text.
        if v.is_string() {
            return Err(format!(
                "{}: the puzzle must be puzzle data (the `puzzle` that parse returns), not a text: read the text with parse first",
                G::INFO.name
            ));
        }
        let p: G::Puzzle = from_json(G::INFO.name, "puzzle", v)?;
        G::validate(&p)?;
        Ok(p)
    }
}

impl<G: Game> AnyGame for Erased<G> {
    fn info(&self) -> &'static PuzzleInfo {
        &G::INFO
    }

    fn experiments(&self) -> Option<&'static dyn crate::puzzles::verbs::Experiments> {
        G::EXPERIMENTS
    }

    fn counting(&self) -> Option<&'static dyn crate::puzzles::verbs::Counting> {
        G::COUNTING
    }

    fn start(&self, text: &str, algorithm: &str, options: &Value) -> Result<Box<dyn Run>, String> {
        let info = &G::INFO;
        if !info.algorithms.iter().any(|a| a.name == algorithm) {
            let known: Vec<&str> = info.algorithms.iter().map(|a| a.name).collect();
            return Err(format!(
                "{}: unknown algorithm '{algorithm}' (known: {})",
                info.name,
                known.join(", ")
            ));
        }
        let p = G::parse(text)?;
        G::start(&p, algorithm, options)
    }

    fn parse(&self, text: &str) -> Result<Value, String> {
        let puzzle = G::parse(text)?;
        let exports = G::exports(&puzzle);
        to_json(&Parsed { puzzle, exports })
    }

    fn parses(&self, text: &str) -> bool {
        G::parse(text).is_ok()
    }

    fn export(&self, puzzle: &Value) -> Result<Value, String> {
        to_json(&G::exports(&self.puzzle(puzzle)?))
    }

    fn hint_within(&self, puzzle: &Value, board: &Value, max_micros: u64) -> Result<Value, String> {
        if !G::INFO.helpers.hint {
            return Err(unsupported(G::INFO.name, "hints"));
        }
        let p = self.puzzle(puzzle)?;
        let b: G::Board = from_json(G::INFO.name, "board", board)?;
        to_json(&G::hint(&p, &b, max_micros)?)
    }

    fn check_within(
        &self,
        puzzle: &Value,
        board: &Value,
        max_micros: u64,
    ) -> Result<Value, String> {
        if !G::INFO.helpers.check {
            return Err(unsupported(G::INFO.name, "board checks"));
        }
        let p = self.puzzle(puzzle)?;
        let b: G::Board = from_json(G::INFO.name, "board", board)?;
        to_json(&G::check(&p, &b, max_micros)?)
    }

    fn layout(&self, puzzle: &Value) -> Result<Value, String> {
        if !G::INFO.helpers.layout {
            return Err(unsupported(G::INFO.name, "layout"));
        }
        to_json(&G::layout(&self.puzzle(puzzle)?)?)
    }

    fn generate(&self, request: &Value) -> Result<Value, String> {
        if !G::INFO.helpers.generate {
            return Err(unsupported(G::INFO.name, "generator"));
        }
        let request = size_as_text(G::INFO.name, request)?;
        let r: GenerateRequest = from_json(G::INFO.name, "generator request", &request)?;
        if !G::GENERATE_BUDGETS && (r.max_nodes.is_some() || r.max_ms.is_some()) {
            return Err(format!(
                "{}: the generator takes no budget (maxNodes, maxMs)",
                G::INFO.name
            ));
        }
        to_json(&G::generate(&r)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_read_the_end_of_a_run() {
        use Question::*;
        use Status::*;
        assert_eq!(verdict(Uniqueness, Paused, 1), None);
        assert_eq!(verdict(Uniqueness, Exhausted, 1), Some(Verdict::Unique));
        assert_eq!(verdict(Uniqueness, Exhausted, 0), Some(Verdict::None));
        assert_eq!(
            verdict(Uniqueness, LimitReached, 2),
            Some(Verdict::Multiple)
        );
        // The bug of the old per-page verdicts: many solutions, search space exhausted.
        assert_eq!(verdict(Uniqueness, Exhausted, 576), Some(Verdict::Multiple));
        assert_eq!(verdict(Uniqueness, LimitReached, 1), Some(Verdict::Found));
        assert_eq!(verdict(Find, LimitReached, 1), Some(Verdict::Found));
        assert_eq!(verdict(Find, Exhausted, 0), Some(Verdict::None));
        assert_eq!(verdict(Count, Exhausted, 92), Some(Verdict::Counted));
        assert_eq!(verdict(Find, GaveUp, 0), Some(Verdict::GaveUp));
    }

    #[test]
    fn a_puzzle_text_where_puzzle_data_belongs_says_so() {
        let id = "4:1/2".repeat(1000);
        for name in ["skyscrapers", "hashi"] {
            let g = crate::puzzles::lookup(name).unwrap();
            let mut errors = vec![
                g.hint(&Value::String(id.clone()), &Value::Null)
                    .unwrap_err(),
                g.check(&Value::String(id.clone()), &Value::Null)
                    .unwrap_err(),
                g.export(&Value::String(id.clone())).unwrap_err(),
            ];
            if g.info().helpers.layout {
                errors.push(g.layout(&Value::String(id.clone())).unwrap_err());
            }
            for e in errors {
                assert!(e.contains("read the text with parse first"), "{e}");
                assert!(!e.contains("4:1/2"), "the text is not quoted back: {e}");
            }
        }
    }

    #[test]
    fn a_value_of_the_wrong_kind_is_placed_when_it_occurs_once() {
        use serde_json::json;
        let sky = crate::puzzles::lookup("skyscrapers").unwrap();
        let e = sky
            .generate(&json!({"size": "7", "seed": "1"}))
            .unwrap_err();
        assert!(
            e.starts_with("skyscrapers: bad generator request at seed: got the text"),
            "{e}"
        );
        let e = sky.generate(&json!({"size": true})).unwrap_err();
        assert!(
            e.starts_with("skyscrapers: bad generator request at size: got"),
            "{e}"
        );
        let p = sky.parse("4://///1/3///4/////3/").unwrap()["puzzle"].clone();
        let mut board = json!([[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
        board[2][3] = json!("x");
        let e = sky.check(&p, &board).unwrap_err();
        assert!(e.contains("bad board at [2][3]: got the text"), "{e}");
        // The same wrong value twice: no place rather than a guess.
        board[0][1] = json!("x");
        let e = sky.hint(&p, &board).unwrap_err();
        assert!(e.contains("bad board: got the text"), "{e}");
        let hashi = crate::puzzles::lookup("hashi").unwrap();
        let e = hashi
            .generate(&json!({"size": "7x7", "seed": "soon"}))
            .unwrap_err();
        assert!(e.contains("request at seed: got the text"), "{e}");
        let e = hashi
            .generate(&json!({"size": "7x7", "seed": 1, "maxMs": {"soon": 1}}))
            .unwrap_err();
        assert!(e.contains("at maxMs: got an object"), "{e}");
    }

    #[test]
    fn solution_limits_are_capped() {
        assert_eq!(solution_limit(None, 2), Ok(2));
        assert!(solution_limit(Some(0), 2).is_err());
        assert!(solution_limit(Some(MAX_SOLUTION_LIMIT + 1), 2)
            .unwrap_err()
            .contains("1 to 10000"));
    }

    #[test]
    fn a_generator_size_is_text_or_a_whole_number() {
        use serde_json::json;
        let sky = crate::puzzles::lookup("skyscrapers").unwrap();
        let made = |size: Value| sky.generate(&json!({ "size": size, "seed": 3 }));
        let text = made(json!("5")).unwrap();
        assert_eq!(made(json!(5)).unwrap(), text);
        assert_eq!(made(json!(5.0)).unwrap(), text);
        for (size, says) in [
            (
                json!(9.5),
                "skyscrapers: the size is not a whole number below 2^53",
            ),
            (json!(-2.5), "skyscrapers: the size is negative"),
            (json!(-3), "skyscrapers: the size -3 is negative"),
            (json!(1e300), "the size is not a whole number"),
            (json!(1e3), "random puzzles go from 1x1 to 16x16, got 1000"),
            // Past a 32-bit usize (wasm's) and past any integer: out of range, not "no number".
            (json!(4294967296u64), "16x16, got 4294967296"),
            (
                json!("99999999999999999999999"),
                "16x16, got 99999999999999999999999",
            ),
            (json!(true), "at size: got true where text is expected"),
            (json!([9]), "at size: got a list where text is expected"),
        ] {
            let e = made(size.clone()).unwrap_err();
            assert!(e.contains(says), "{size}: {e}");
        }
    }
}
