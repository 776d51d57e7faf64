//! The type-erased layer: one object per puzzle in the registry, speaking JSON values.

use super::*;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;

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
pub(crate) fn size_as_text(puzzle: &str, request: &Value) -> Result<Value, String> {
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

/// A generator request's `seed` as the exact `u64` it stands for ([`exact_seed`]). The CLI hands
/// its `--seed` as text, so the same seed is the same puzzle everywhere.
pub(crate) fn seed_as_number(puzzle: &str, mut request: Value) -> Result<Value, String> {
    if let Some(seed) = request.get_mut("seed") {
        // Other kinds are left to the request's reader, which says where they are.
        if seed.is_string() || seed.is_number() {
            *seed = Value::from(exact_seed(seed).map_err(|e| format!("{puzzle}: {e}"))?);
        }
    }
    Ok(request)
}

/// A seed read from JSON as the exact `u64` it stands for: decimal text is any `u64` (JavaScript
/// hands big seeds as text, or as a BigInt that the wasm boundary writes as text); a number only
/// up to 2^53 − 1, beyond which a JavaScript number is not exact (2^60 arrives as
/// 1152921504606847000), so it is refused rather than read as another seed. Every seed the
/// library takes (generators, seeded algorithms, experiments) goes through here, and leaves
/// through [`super::info::seed_out`].
pub fn exact_seed(seed: &Value) -> Result<u64, String> {
    use crate::shared::text::{decimal, not_decimal};
    match seed {
        Value::String(text) => decimal(text).ok_or_else(|| not_decimal("the seed", text)),
        Value::Number(n) => match n.as_u64() {
            Some(v) if v <= MAX_WHOLE => Ok(v),
            _ if n.as_u64().is_some() || n.as_f64().is_some_and(|v| v > MAX_WHOLE as f64) => Err(format!(
                "the seed {n} is above 2^53 - 1, where a JavaScript number is no longer exact; give it as a string of digits or a BigInt"
            )),
            _ => Err(format!("the seed must be a whole number from 0 to {}, got {n}", u64::MAX)),
        },
        other => Err(format!(
            "the seed must be a whole number (or its digits as text), got {}",
            json_type(other)
        )),
    }
}

pub(crate) fn from_json<T: DeserializeOwned>(
    puzzle: &str,
    what: &str,
    v: &Value,
) -> Result<T, String> {
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
pub(crate) fn culprit(v: &Value, message: &str) -> Option<String> {
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

pub(crate) fn to_json<T: Serialize>(v: &T) -> Result<Value, String> {
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
        let request = seed_as_number(G::INFO.name, size_as_text(G::INFO.name, request)?)?;
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
