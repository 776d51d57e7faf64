//! Reading an algorithm's options, checked against what its registry entry announces.

use super::*;
use serde::de::DeserializeOwned;
use serde_json::Value;

pub(crate) fn unsupported(puzzle: &str, what: &str) -> String {
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
    let mut options = options.clone();
    seeds_as_numbers(puzzle, algorithm, &mut options);
    serde_json::from_value(options).map_err(|e| options_error(puzzle, algorithm, e))
}

/// Seed options given as text become the `u64` they stand for, so an options struct reads them
/// as plain numbers (checked already by [`check_range`]).
fn seeds_as_numbers(puzzle: &PuzzleInfo, algorithm: &str, options: &mut Value) {
    let Some(a) = puzzle.algorithms.iter().find(|a| a.name == algorithm) else {
        return;
    };
    for info in a
        .options
        .iter()
        .filter(|o| matches!(o.kind, OptionKind::Seed))
    {
        if let Some(v) = options.get_mut(info.name) {
            if let Ok(seed) = exact_seed(v) {
                *v = Value::from(seed);
            }
        }
    }
}

/// The type-independent part of [`parse_options`]: true for `null` (the defaults), an error for
/// a non-object or a number outside its announced range, false when the object may be read.
pub(crate) fn check_options(
    puzzle: &PuzzleInfo,
    algorithm: &str,
    options: &Value,
) -> Result<bool, String> {
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
pub(crate) fn options_error(puzzle: &PuzzleInfo, algorithm: &str, e: serde_json::Error) -> String {
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
pub(crate) fn check_range(info: &OptionInfo, value: &Value) -> Result<(), String> {
    match info.kind {
        OptionKind::Int { min, max, .. } => match value.as_u64() {
            Some(v) if (min..=max).contains(&v) => Ok(()),
            _ => Err(format!(
                "must be a whole number from {min} to {max}, got {value}"
            )),
        },
        OptionKind::Seed if value.is_null() => Ok(()),
        OptionKind::Seed => exact_seed(value)
            .map(drop)
            .map_err(|e| e.trim_start_matches("the seed ").to_string()),
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
