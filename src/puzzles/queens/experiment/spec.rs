//! Reading what an experiment is made of, with readable errors: the spec into a plan of runs
//! ([`plan`]), and the runs and rows the page hands back ([`run_from_json`], [`rows_from_json`]).

use serde_json::Value;

use super::super::repair::{MAX_MIN_CONFLICTS_N, MAX_REPAIR_N};
use super::super::MAX_BACKTRACK_N;
use super::{
    ExperimentPlan, ExperimentRow, ExperimentRun, DEFAULT_MAX_NODES, DEFAULT_RUN_MS, MAX_RUNS,
    MAX_SERIES, MAX_SIZES, MAX_TRIALS, SCALING_BACKTRACK_SIZES, SCALING_REPAIR_SIZES,
};

/// A parsed series: backtracking, or repair with its options.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Series {
    Backtracking,
    Repair {
        /// `minConflicts`, `swap` or `auto` (the article's up to 4,096 queens, swap above).
        strategy: &'static str,
        conflict_set: bool,
        greedy: bool,
        tabu: u32,
        noise: f64,
    },
}

impl Series {
    /// Reads `backtracking`, `repair` (the page's default repair: the article's algorithm up to
    /// 4,096 queens, swap repair above), `swap`, or `min-conflicts` followed by any of
    /// `+conflict-set`, `+greedy`, `+tabu=K`, `+noise=P`.
    pub(super) fn parse(text: &str) -> Result<Series, String> {
        let mut parts = text.split('+');
        let base = parts.next().unwrap_or_default();
        let strategy = match base {
            "backtracking" => {
                return match parts.next() {
                    None => Ok(Series::Backtracking),
                    Some(p) => Err(format!(
                        "series '{text}': backtracking takes no options (got '+{p}')"
                    )),
                }
            }
            "min-conflicts" => "minConflicts",
            "swap" => "swap",
            "repair" => "auto",
            other => {
                return Err(format!(
                "series '{other}' is not known (known: backtracking, min-conflicts, swap, repair)"
            ))
            }
        };
        let (mut conflict_set, mut greedy, mut tabu, mut noise) = (false, false, 0u32, 0.0f64);
        let mut seen: Vec<&str> = Vec::new();
        for p in parts {
            let option = p.split('=').next().unwrap_or_default();
            if seen.contains(&option) {
                return Err(format!("series '{text}': +{option} is given twice"));
            }
            seen.push(option);
            if strategy != "minConflicts" {
                return Err(format!(
                    "series '{text}': the options +{p} belong to min-conflicts, not to {base}"
                ));
            }
            match p.split_once('=') {
                None if p == "conflict-set" => conflict_set = true,
                None if p == "greedy" => greedy = true,
                Some(("tabu", k)) => {
                    tabu = k.parse().ok().filter(|&k| k <= 1_000_000).ok_or_else(|| {
                        format!("series '{text}': tabu must be a whole number from 0 to 1000000, got '{k}'")
                    })?
                }
                Some(("noise", p)) => {
                    noise = p
                        // serde_json's number reader, not str::parse: the module already holds
                        // it, and core's float parser would add about 20 KB to the wasm.
                        .parse::<Value>()
                        .ok()
                        .and_then(|v| v.as_f64())
                        .filter(|x| (0.0..=1.0).contains(x))
                        .ok_or_else(|| {
                            format!("series '{text}': noise must be a probability from 0 to 1, got '{p}'")
                        })?
                }
                _ => {
                    return Err(format!(
                        "series '{text}': '+{p}' is not an option (known: +conflict-set, +greedy, +tabu=K, +noise=P)"
                    ))
                }
            }
        }
        Ok(Series::Repair {
            strategy,
            conflict_set,
            greedy,
            tabu,
            noise,
        })
    }

    /// The canonical name: options in a fixed order, defaults left out.
    pub(super) fn name(&self) -> String {
        match self {
            Series::Backtracking => "backtracking".into(),
            Series::Repair {
                strategy,
                conflict_set,
                greedy,
                tabu,
                noise,
            } => {
                let mut s = String::from(match *strategy {
                    "minConflicts" => "min-conflicts",
                    "swap" => "swap",
                    _ => "repair",
                });
                if *conflict_set {
                    s.push_str("+conflict-set");
                }
                if *greedy {
                    s.push_str("+greedy");
                }
                if *tabu > 0 {
                    s.push_str(&format!("+tabu={tabu}"));
                }
                if *noise > 0.0 {
                    // Written by serde_json (shortest round-trip form) rather than `{noise}`,
                    // for the same reason as above.
                    s.push_str("+noise=");
                    s.push_str(&Value::from(*noise).to_string());
                }
                s
            }
        }
    }

    /// Largest N the series' algorithm accepts.
    pub(super) fn max_n(&self) -> usize {
        match self {
            Series::Backtracking => MAX_BACKTRACK_N,
            Series::Repair {
                strategy: "minConflicts",
                ..
            } => MAX_MIN_CONFLICTS_N,
            Series::Repair { .. } => MAX_REPAIR_N,
        }
    }
}

/// The fields of an experiment spec (`{kind, …}`), a run or a row, read with readable errors.
/// (Read by hand rather than by serde's derive: the derived readers added about 20 KB to the
/// wasm module.)
struct Fields<'a> {
    map: &'a serde_json::Map<String, Value>,
    /// What the object is, for messages ("the spec", "row 3").
    what: String,
}

impl<'a> Fields<'a> {
    /// `v` as an object with no other fields than `known`.
    fn of(v: &'a Value, what: &str, known: &[&str]) -> Result<Fields<'a>, String> {
        let map = v
            .as_object()
            .ok_or_else(|| format!("experiment: {what} must be an object, got {}", short(v)))?;
        if let Some(k) = map.keys().find(|k| !known.contains(&k.as_str())) {
            return Err(format!(
                "experiment: {what} has no field \"{}\" (known: {})",
                k.chars().take(40).collect::<String>(),
                known.join(", ")
            ));
        }
        Ok(Fields {
            map,
            what: what.to_string(),
        })
    }

    fn required(&self, key: &str, range: std::ops::RangeInclusive<u64>) -> Result<u64, String> {
        self.whole(key, range)?
            .ok_or_else(|| format!("experiment: {} needs \"{key}\"", self.what))
    }

    /// A series name, given in canonical form (as [`plan`] wrote it).
    fn series_name(&self) -> Result<String, String> {
        let text = self
            .map
            .get("series")
            .and_then(Value::as_str)
            .ok_or_else(|| format!("experiment: {} needs \"series\", a name", self.what))?;
        let name = Series::parse(text)
            .map_err(|e| format!("experiment: {}: {e}", self.what))?
            .name();
        if name != text {
            return Err(format!(
                "experiment: {}: the series is written \"{name}\"",
                self.what
            ));
        }
        Ok(name)
    }

    fn whole(
        &self,
        key: &str,
        range: std::ops::RangeInclusive<u64>,
    ) -> Result<Option<u64>, String> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v
                .as_u64()
                .filter(|x| range.contains(x))
                .map(Some)
                .ok_or_else(|| {
                    format!(
                        "experiment: {}: \"{key}\" must be a whole number from {} to {}, got {}",
                        self.what,
                        range.start(),
                        range.end(),
                        short(v)
                    )
                }),
        }
    }

    /// The `seed` field: any u64, exactly ([`crate::puzzles::contract::exact_seed`]).
    fn seed(&self) -> Result<Option<u64>, String> {
        match self.map.get("seed") {
            None | Some(Value::Null) => Ok(None),
            Some(v) => crate::puzzles::contract::exact_seed(v)
                .map(Some)
                .map_err(|e| format!("experiment: {}: {e}", self.what)),
        }
    }

    fn sizes(&self, key: &str) -> Result<Option<Vec<usize>>, String> {
        match self.map.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Array(items)) => {
                if items.is_empty() || items.len() > MAX_SIZES {
                    return Err(format!(
                        "experiment: \"{key}\" must list 1 to {MAX_SIZES} sizes, got {}",
                        items.len()
                    ));
                }
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        v.as_u64()
                            .filter(|&n| n >= 1 && n <= MAX_REPAIR_N as u64)
                            .map(|n| n as usize)
                            .ok_or_else(|| {
                                format!(
                                    "experiment: \"{key}\" item {}: a size is a whole number from 1 to {MAX_REPAIR_N}, got {}",
                                    i + 1,
                                    short(v)
                                )
                            })
                    })
                    .collect::<Result<Vec<_>, _>>()
                    .map(Some)
            }
            Some(v) => Err(format!(
                "experiment: \"{key}\" must be a list of sizes, got {}",
                short(v)
            )),
        }
    }

    fn series(&self) -> Result<Option<Vec<Series>>, String> {
        match self.map.get("series") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Array(items)) => {
                if items.is_empty() || items.len() > MAX_SERIES {
                    return Err(format!(
                        "experiment: \"series\" must list 1 to {MAX_SERIES} series, got {}",
                        items.len()
                    ));
                }
                let mut out: Vec<Series> = Vec::new();
                for (i, v) in items.iter().enumerate() {
                    let s = v
                        .as_str()
                        .ok_or_else(|| {
                            format!(
                                "experiment: \"series\" item {}: a series is a name, got {}",
                                i + 1,
                                short(v)
                            )
                        })
                        .and_then(|t| {
                            Series::parse(t)
                                .map_err(|e| format!("experiment: \"series\" item {}: {e}", i + 1))
                        })?;
                    if s == Series::Backtracking {
                        return Err(format!(
                            "experiment: \"series\" item {}: trials compare repair series; backtracking is in the scaling experiment",
                            i + 1
                        ));
                    }
                    // The same series twice would only draw one line over the other.
                    if !out.contains(&s) {
                        out.push(s);
                    }
                }
                Ok(Some(out))
            }
            Some(v) => Err(format!(
                "experiment: \"series\" must be a list of names, got {}",
                short(v)
            )),
        }
    }
}

/// A JSON value in a message, cut short: a spec may come from a pasted link.
fn short(v: &Value) -> String {
    let text = v.to_string();
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

/// Reads an experiment spec and lists its runs:
/// - `{kind: "scaling", backtrackSizes? | backtrackMax?, repairSizes? | repairMax?, seeds?, seed?,
///   maxNodes?, maxMs?}`: backtracking once per size (with `maxNodes`, default 10^7), repair
///   (`repair` series) `seeds` times per size (default 3) with seeds `seed`, `seed + 1`, …; the
///   default sizes are [`SCALING_BACKTRACK_SIZES`] and [`SCALING_REPAIR_SIZES`], cut at
///   `backtrackMax` / `repairMax` when given;
/// - `{kind: "trials", sizes?, trials?, seed?, series?, maxMs?}`: every series `trials` times per
///   size (default 100), trial t with seed `seed + t` for every size and series, so the series
///   are compared on the same seeds.
pub fn plan(spec: &Value) -> Result<ExperimentPlan, String> {
    let map = spec.as_object().ok_or_else(|| {
        format!(
            "experiment: the spec must be an object, got {}",
            short(spec)
        )
    })?;
    let kind = map.get("kind").and_then(Value::as_str).unwrap_or("");
    let known: &[&str] = match kind {
        "scaling" => &[
            "kind",
            "backtrackSizes",
            "backtrackMax",
            "repairSizes",
            "repairMax",
            "seeds",
            "seed",
            "maxNodes",
            "maxMs",
        ],
        "trials" => &["kind", "sizes", "trials", "seed", "series", "maxMs"],
        _ => {
            return Err(format!(
                "experiment: \"kind\" must be \"scaling\" or \"trials\", got {}",
                map.get("kind").map_or("nothing".into(), short)
            ))
        }
    };
    let f = Fields::of(spec, &format!("the {kind} spec"), known)?;
    let seed = f.seed()?.unwrap_or(1);
    let max_ms = f.whole("maxMs", 1..=600_000)?.unwrap_or(DEFAULT_RUN_MS);
    let mut runs = Vec::new();
    // Run t's seed is the spec's seed plus t; past 2^64 - 1 it would wrap onto other runs' seeds.
    let nth_seed = |t: u64| {
        seed.checked_add(t).ok_or_else(|| {
            format!(
                "experiment: the seeds run past {}, the largest seed; choose a smaller seed",
                u64::MAX
            )
        })
    };
    let mut push = |series: &Series, n: usize, seed: Option<u64>, max_nodes| {
        if n > series.max_n() {
            return Err(format!(
                "experiment: {} runs N up to {}, got {n}",
                series.name(),
                series.max_n()
            ));
        }
        if runs.len() == MAX_RUNS {
            return Err(format!(
                "experiment: more than {MAX_RUNS} runs; ask for fewer sizes, series or trials"
            ));
        }
        runs.push(ExperimentRun {
            series: series.name(),
            n,
            seed,
            max_nodes,
            max_ms,
        });
        Ok(())
    };
    if kind == "scaling" {
        // A list, or the default ladder cut at a largest N (what the page's fields give).
        let both = |list: &str, max: &str| {
            if map.contains_key(list) && map.contains_key(max) {
                return Err(format!(
                    "experiment: give \"{list}\" or \"{max}\", not both"
                ));
            }
            Ok(())
        };
        both("backtrackSizes", "backtrackMax")?;
        both("repairSizes", "repairMax")?;
        let back = match f.sizes("backtrackSizes")? {
            Some(list) => list,
            None => {
                let max = f.whole("backtrackMax", 4..=MAX_BACKTRACK_N as u64)?;
                let max = max.map_or(*SCALING_BACKTRACK_SIZES.end(), |m| m as usize);
                (*SCALING_BACKTRACK_SIZES.start()..=max).collect()
            }
        };
        let repair = match f.sizes("repairSizes")? {
            Some(list) => list,
            None => {
                let max = f
                    .whole("repairMax", 8..=MAX_REPAIR_N as u64)?
                    .unwrap_or(u64::MAX);
                SCALING_REPAIR_SIZES
                    .iter()
                    .copied()
                    .filter(|&n| n as u64 <= max)
                    .collect()
            }
        };
        let seeds = f.whole("seeds", 1..=MAX_TRIALS)?.unwrap_or(3);
        let max_nodes = f
            .whole("maxNodes", 1..=(1 << 50))?
            .unwrap_or(DEFAULT_MAX_NODES);
        for n in back {
            push(&Series::Backtracking, n, None, Some(max_nodes))?;
        }
        let repair_series = Series::parse("repair")?;
        for n in repair {
            for t in 0..seeds {
                push(&repair_series, n, Some(nth_seed(t)?), None)?;
            }
        }
    } else {
        let sizes = f
            .sizes("sizes")?
            .unwrap_or_else(|| vec![8, 16, 32, 64, 128, 256]);
        let trials = f.whole("trials", 1..=MAX_TRIALS)?.unwrap_or(100);
        let series = f
            .series()?
            .unwrap_or_else(|| vec![Series::parse("min-conflicts").expect("a known series")]);
        for s in &series {
            for &n in &sizes {
                for t in 0..trials {
                    push(s, n, Some(nth_seed(t)?), None)?;
                }
            }
        }
    }
    Ok(ExperimentPlan {
        kind: kind.to_string(),
        runs,
    })
}

/// Reads one run spec handed back by the page (an element of [`ExperimentPlan::runs`]).
pub fn run_from_json(v: &Value) -> Result<ExperimentRun, String> {
    let f = Fields::of(v, "the run", &["series", "n", "seed", "maxNodes", "maxMs"])?;
    Ok(ExperimentRun {
        series: f.series_name()?,
        n: f.required("n", 1..=MAX_REPAIR_N as u64)? as usize,
        seed: f.seed()?,
        max_nodes: f.whole("maxNodes", 1..=u64::MAX)?,
        max_ms: f.required("maxMs", 1..=600_000)?,
    })
}

/// Reads the rows handed back by the page (what [`run`](fn@super::run) returned), at most
/// [`MAX_RUNS`]. Every cell is checked, so the CSV made from them is always well formed.
pub fn rows_from_json(v: &Value) -> Result<Vec<ExperimentRow>, String> {
    let items = v
        .as_array()
        .ok_or_else(|| format!("experiment: the rows must be a list, got {}", short(v)))?;
    if items.len() > MAX_RUNS {
        return Err(format!(
            "experiment: at most {MAX_RUNS} rows, got {}",
            items.len()
        ));
    }
    let all = 0..=u64::MAX;
    let one_of = |f: &Fields, key: &str, known: &[&str]| -> Result<String, String> {
        match f.map.get(key).and_then(Value::as_str) {
            Some(t) if known.contains(&t) => Ok(t.to_string()),
            _ => Err(format!(
                "experiment: {}: \"{key}\" must be one of {}",
                f.what,
                known.join(", ")
            )),
        }
    };
    items
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let what = format!("row {}", i + 1);
            let f = Fields::of(r, &what, &ROW_FIELDS)?;
            Ok(ExperimentRow {
                series: f.series_name()?,
                n: f.required("n", 1..=MAX_REPAIR_N as u64)? as usize,
                seed: f.seed()?,
                algorithm: one_of(&f, "algorithm", &["bitmask", "minConflicts", "swap"])?,
                status: one_of(&f, "status", &["found", "none", "gaveUp", "budget"])?,
                nodes: f.required("nodes", all.clone())?,
                moves: f.whole("moves", all.clone())?,
                restarts: f.whole("restarts", all.clone())?,
                micros: f.required("micros", all.clone())?,
            })
        })
        .collect()
}

/// The fields of a row, as the page receives them.
const ROW_FIELDS: [&str; 9] = [
    "series",
    "n",
    "seed",
    "algorithm",
    "status",
    "nodes",
    "moves",
    "restarts",
    "micros",
];
