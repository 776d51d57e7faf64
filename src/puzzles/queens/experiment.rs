//! The classroom experiments of N-Queens (docs/EXPERIMENTS.md): *scaling* (backtracking to the
//! first solution against min-conflicts repair as N grows) and *trials* (T seeded repair runs per
//! N for each of several option series, the min-conflicts article's table).
//!
//! An experiment is a [`ExperimentPlan`] of independent [`ExperimentRun`]s, so the page can hand them to a pool of
//! workers (one wasm instance each) and the CLI can run them in a loop: a run is a pure function
//! of its spec and gives the same [`ExperimentRow`] wherever it runs, apart from the measured `micros`. The
//! summary table and the CSV are computed here for both, so the page's download and
//! `solvescope queens experiment … --csv` print the same lines for the same seeds.
//!
//! Every run goes through [`Session`], so each placement it finds has passed the independent
//! checker before it is counted as solved.

use serde::Serialize;
use serde_json::{json, Value};

use super::repair::{MAX_MIN_CONFLICTS_N, MAX_REPAIR_N};
use super::MAX_BACKTRACK_N;
use crate::session::{Report, Session, Verdict};

/// Runs one plan may hold: enough for 1,000 trials at 4 sizes and 5 series, few enough that a
/// pasted spec cannot queue work for days and that the rows travel back for the summary at once.
pub const MAX_RUNS: usize = 20_000;
/// Longest JSON of [`MAX_RUNS`] rows the page may hand back (a row is under 300 characters).
pub const MAX_ROWS_JSON_CHARS: usize = MAX_RUNS * 400;
/// Largest seed: JavaScript holds whole numbers exactly up to 2^53 - 1, and every run's seed
/// (the base plus the trial) must stay within.
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// Sizes one plan may list.
pub const MAX_SIZES: usize = 64;
/// Series one trials plan may compare.
pub const MAX_SERIES: usize = 8;
/// Trials per size and series.
pub const MAX_TRIALS: u64 = 10_000;
/// Time budget of one run when the spec gives none: a run that needs more is reported as
/// `budget` (the only status that depends on the machine's speed).
pub const DEFAULT_RUN_MS: u64 = 10_000;
/// Node budget of one backtracking run when the spec gives none.
pub const DEFAULT_MAX_NODES: u64 = 10_000_000;

/// The scaling experiment's default sizes: every N from 4 for backtracking (it stops being
/// feasible in the thirties), and a 1-2-5 ladder from 8 to a million for repair.
pub const SCALING_BACKTRACK_SIZES: std::ops::RangeInclusive<usize> = 4..=32;
/// See [`SCALING_BACKTRACK_SIZES`].
pub const SCALING_REPAIR_SIZES: &[usize] = &[
    8, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000,
    500_000, 1_000_000,
];

/// What one run does. Series names are canonical (options in a fixed order), so the same run has
/// the same name whichever way it was asked for.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExperimentRun {
    /// `backtracking`, or a repair series (`min-conflicts+greedy+tabu=5`, `swap`, `repair`).
    pub series: String,
    /// The board size.
    pub n: usize,
    /// The repair run's seed (`queens:N#SEED` replays it); none for backtracking.
    pub seed: Option<u64>,
    /// Node budget (backtracking).
    pub max_nodes: Option<u64>,
    /// Time budget in milliseconds.
    pub max_ms: u64,
}

/// What one run found. `nodes` is the search's node count (backtracking) or the repair
/// machine's work units; `moves` and `restarts` are repair's.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExperimentRow {
    /// The run's series (canonical name).
    pub series: String,
    /// The board size.
    pub n: usize,
    /// The repair run's seed.
    pub seed: Option<u64>,
    /// The algorithm that ran (`bitmask`, `minConflicts`, `swap`).
    pub algorithm: String,
    /// `found`, `none` (no placement exists), `gaveUp` (restart limit) or `budget`.
    pub status: String,
    /// Search nodes, or repair work units.
    pub nodes: u64,
    /// Repair moves.
    pub moves: Option<u64>,
    /// Repair restarts.
    pub restarts: Option<u64>,
    /// Measured time of the run.
    pub micros: u64,
}

/// One line of the summary table: the runs of one series at one N.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExperimentSummary {
    /// The series.
    pub series: String,
    /// The board size.
    pub n: usize,
    /// Runs of this series at this N.
    pub runs: u64,
    /// Runs that found a placement.
    pub solved: u64,
    /// `solved / runs`.
    pub success_rate: f64,
    /// Solved without a restart (repair).
    pub first_try_rate: f64,
    /// Means and medians over the solved runs; `None` when none was solved.
    pub mean_nodes: Option<f64>,
    /// Median nodes of the solved runs.
    pub median_nodes: Option<u64>,
    /// Mean moves of the solved runs (repair).
    pub mean_moves: Option<f64>,
    /// Median moves of the solved runs (repair).
    pub median_moves: Option<u64>,
    /// Most moves a solved run needed (repair).
    pub max_moves: Option<u64>,
    /// Mean restarts over all runs (repair).
    pub mean_restarts: Option<f64>,
    /// Mean time over all runs.
    pub mean_micros: f64,
    /// Median time over all runs.
    pub median_micros: u64,
}

/// An experiment's runs, in the order the summary and CSV list them.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExperimentPlan {
    /// `scaling` or `trials`.
    pub kind: String,
    /// Every run, in order.
    pub runs: Vec<ExperimentRun>,
}

/// A parsed series: backtracking, or repair with its options.
#[derive(Clone, Debug, PartialEq)]
enum Series {
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
    fn parse(text: &str) -> Result<Series, String> {
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
    fn name(&self) -> String {
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
    fn max_n(&self) -> usize {
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
    let seed = f.whole("seed", 0..=MAX_SEED)?.unwrap_or(1);
    let max_ms = f.whole("maxMs", 1..=600_000)?.unwrap_or(DEFAULT_RUN_MS);
    let mut runs = Vec::new();
    let mut push = |series: &Series, n: usize, seed: Option<u64>, max_nodes| {
        if n > series.max_n() {
            return Err(format!(
                "experiment: {} runs N up to {}, got {n}",
                series.name(),
                series.max_n()
            ));
        }
        if seed.is_some_and(|s| s > MAX_SEED) {
            return Err(format!(
                "experiment: the seeds run past {MAX_SEED}, the largest JavaScript holds exactly; choose a smaller seed"
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
                push(&repair_series, n, Some(seed.wrapping_add(t)), None)?;
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
                    push(s, n, Some(seed.wrapping_add(t)), None)?;
                }
            }
        }
    }
    Ok(ExperimentPlan {
        kind: kind.to_string(),
        runs,
    })
}

/// Runs one run of a plan. The spec is checked again (it may come back from JavaScript).
pub fn run(spec: &ExperimentRun) -> Result<ExperimentRow, String> {
    let series = Series::parse(&spec.series)?;
    if spec.n == 0 || spec.n > series.max_n() {
        return Err(format!(
            "experiment: {} runs N from 1 to {}, got {}",
            series.name(),
            series.max_n(),
            spec.n
        ));
    }
    let max_micros = spec.max_ms.clamp(1, 600_000) * 1000;
    let id = format!("queens:{}", spec.n);
    let (mut session, max_nodes) = match &series {
        Series::Backtracking => {
            if spec.seed.is_some() {
                return Err("experiment: a backtracking run takes no seed".into());
            }
            let s = Session::new("queens", &id, "backtrack", &json!({"mode": "first"}))?;
            (s, spec.max_nodes.unwrap_or(DEFAULT_MAX_NODES))
        }
        Series::Repair {
            strategy,
            conflict_set,
            greedy,
            tabu,
            noise,
        } => {
            let seed = spec
                .seed
                .ok_or("experiment: a repair run needs a seed, so that it can be replayed")?;
            let options = json!({
                "strategy": strategy,
                "maintainConflictSet": conflict_set,
                "greedy": greedy,
                "tabu": tabu,
                "noise": noise,
                "seed": seed,
            });
            (Session::new("queens", &id, "repair", &options)?, u64::MAX)
        }
    };
    let report = session.solve(max_nodes, max_micros)?;
    let repair = series != Series::Backtracking;
    Ok(row(
        series.name(),
        spec.n,
        spec.seed,
        &session,
        &report,
        repair,
    ))
}

/// The row of a finished run. `series` names it; `repair` says whether it counts moves and
/// restarts. Also used by `queens repair-stats`, whose runs take options no series names.
pub fn row(
    series: String,
    n: usize,
    seed: Option<u64>,
    session: &Session,
    report: &Report,
    repair: bool,
) -> ExperimentRow {
    let status = match report.verdict {
        Verdict::Budget => "budget",
        Verdict::GaveUp => "gaveUp",
        Verdict::None => "none",
        _ => "found",
    };
    ExperimentRow {
        series,
        n,
        seed,
        algorithm: session.variant().unwrap_or("bitmask").to_string(),
        status: status.to_string(),
        nodes: report.stats.nodes,
        moves: repair.then_some(report.stats.moves),
        restarts: repair.then_some(report.stats.restarts),
        micros: report.stats.elapsed_micros,
    }
}

/// Reads one run spec handed back by the page (an element of [`ExperimentPlan::runs`]).
pub fn run_from_json(v: &Value) -> Result<ExperimentRun, String> {
    let f = Fields::of(v, "the run", &["series", "n", "seed", "maxNodes", "maxMs"])?;
    Ok(ExperimentRun {
        series: f.series_name()?,
        n: f.required("n", 1..=MAX_REPAIR_N as u64)? as usize,
        seed: f.whole("seed", 0..=MAX_SEED)?,
        max_nodes: f.whole("maxNodes", 1..=u64::MAX)?,
        max_ms: f.required("maxMs", 1..=600_000)?,
    })
}

/// Reads the rows handed back by the page (what [`run`] returned), at most [`MAX_RUNS`]. Every
/// cell is checked, so the CSV made from them is always well formed.
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
                seed: f.whole("seed", 0..=MAX_SEED)?,
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

/// The summary table: one line per series and N, in the order they first appear in `rows`.
/// Medians are the upper middle value (of 4 values, the third smallest).
pub fn summarise(rows: &[ExperimentRow]) -> Vec<ExperimentSummary> {
    let mut keys: Vec<(&str, usize)> = Vec::new();
    for r in rows {
        if !keys.contains(&(r.series.as_str(), r.n)) {
            keys.push((r.series.as_str(), r.n));
        }
    }
    keys.into_iter()
        .map(|(series, n)| {
            let group: Vec<&ExperimentRow> = rows
                .iter()
                .filter(|r| r.series == series && r.n == n)
                .collect();
            let solved: Vec<&ExperimentRow> = group
                .iter()
                .copied()
                .filter(|r| r.status == "found")
                .collect();
            let runs = group.len() as u64;
            let mean = |xs: &[u64]| {
                (!xs.is_empty()).then(|| xs.iter().sum::<u64>() as f64 / xs.len() as f64)
            };
            let median = |mut xs: Vec<u64>| {
                xs.sort_unstable();
                xs.get(xs.len() / 2).copied()
            };
            let nodes: Vec<u64> = solved.iter().map(|r| r.nodes).collect();
            let moves: Vec<u64> = solved.iter().filter_map(|r| r.moves).collect();
            let restarts: Vec<u64> = group.iter().filter_map(|r| r.restarts).collect();
            let micros: Vec<u64> = group.iter().map(|r| r.micros).collect();
            ExperimentSummary {
                series: series.to_string(),
                n,
                runs,
                solved: solved.len() as u64,
                success_rate: solved.len() as f64 / runs as f64,
                first_try_rate: solved
                    .iter()
                    .filter(|r| r.restarts.unwrap_or(0) == 0)
                    .count() as f64
                    / runs as f64,
                mean_nodes: mean(&nodes),
                median_nodes: median(nodes),
                mean_moves: mean(&moves),
                max_moves: moves.iter().max().copied(),
                median_moves: median(moves),
                mean_restarts: mean(&restarts),
                mean_micros: mean(&micros).unwrap_or(0.0),
                median_micros: median(micros).unwrap_or(0),
            }
        })
        .collect()
}

/// The CSV header of [`csv`]; `micros` is the one column that is measured, not computed.
pub const CSV_HEADER: &str = "series,n,seed,algorithm,status,nodes,moves,restarts,micros";

/// The runs as CSV, one line per run after [`CSV_HEADER`], empty cells for what a run has not.
/// No cell needs quoting: series names and statuses are made of letters, digits and `+=.-`.
pub fn csv(rows: &[ExperimentRow]) -> String {
    let opt = |x: Option<u64>| x.map_or(String::new(), |v| v.to_string());
    let mut out = String::from(CSV_HEADER);
    out.push('\n');
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{}\n",
            r.series,
            r.n,
            opt(r.seed),
            r.algorithm,
            r.status,
            r.nodes,
            opt(r.moves),
            opt(r.restarts),
            r.micros
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn series_names_are_canonical_and_bad_ones_are_refused() {
        let s = Series::parse("min-conflicts+tabu=5+greedy+noise=0.1+conflict-set").unwrap();
        assert_eq!(
            s.name(),
            "min-conflicts+conflict-set+greedy+tabu=5+noise=0.1"
        );
        assert_eq!(Series::parse("repair").unwrap().name(), "repair");
        for bad in [
            "",
            "min",
            "swap+greedy",
            "min-conflicts+noise=2",
            "min-conflicts+tabu=-1",
            "min-conflicts+fast",
            "min-conflicts+greedy+greedy",
            "min-conflicts+tabu=3+tabu=5",
            "backtracking+greedy",
        ] {
            let e = Series::parse(bad).unwrap_err();
            assert!(e.contains("series"), "{bad}: {e}");
        }
    }

    #[test]
    fn plans_list_every_run_with_consecutive_seeds() {
        let p = plan(
            &json!({"kind": "trials", "sizes": [8, 16], "trials": 3, "seed": 10,
            "series": ["min-conflicts", "min-conflicts+greedy", "min-conflicts"]}),
        )
        .unwrap();
        assert_eq!(p.runs.len(), 2 * 2 * 3, "a repeated series is listed once");
        assert_eq!(p.runs[0].seed, Some(10));
        assert_eq!(p.runs[2].seed, Some(12));
        assert_eq!(p.runs[6].series, "min-conflicts+greedy");
        let s = plan(
            &json!({"kind": "scaling", "backtrackSizes": [4, 5], "repairSizes": [8], "seeds": 2}),
        )
        .unwrap();
        let names: Vec<_> = s
            .runs
            .iter()
            .map(|r| (r.series.as_str(), r.n, r.seed))
            .collect();
        let cut = plan(&json!({"kind": "scaling", "backtrackMax": 6, "repairMax": 60, "seeds": 1}))
            .unwrap();
        let sizes: Vec<_> = cut.runs.iter().map(|r| r.n).collect();
        assert_eq!(sizes, [4, 5, 6, 8, 10, 20, 50]);
        assert!(
            plan(&json!({"kind": "scaling", "backtrackMax": 6, "backtrackSizes": [4]})).is_err()
        );
        assert_eq!(
            names,
            [
                ("backtracking", 4, None),
                ("backtracking", 5, None),
                ("repair", 8, Some(1)),
                ("repair", 8, Some(2))
            ]
        );
    }

    #[test]
    fn bad_specs_say_what_and_where() {
        for (spec, words) in [
            (json!(null), "must be an object"),
            (json!({"kind": "race"}), "\"kind\""),
            (json!({"kind": "trials", "trials": 0}), "\"trials\""),
            (json!({"kind": "trials", "sizes": [8, "x"]}), "item 2"),
            (json!({"kind": "trials", "sizes": []}), "1 to 64 sizes"),
            (
                json!({"kind": "trials", "series": ["backtracking"]}),
                "scaling experiment",
            ),
            (json!({"kind": "trials", "sizes": [200000]}), "up to 100000"),
            (json!({"kind": "trials", "bogus": 1}), "no field \"bogus\""),
            (
                json!({"kind": "trials", "seed": 9007199254740990u64, "trials": 5}),
                "the seeds run past",
            ),
            (
                json!({"kind": "scaling", "backtrackSizes": [65]}),
                "backtracking runs N up to 64",
            ),
            (
                json!({"kind": "trials", "sizes": [8, 9, 10, 11, 12, 13], "trials": 10000, "series": ["swap", "repair"]}),
                "more than 20000 runs",
            ),
        ] {
            // Not unwrap_err: a plan that was wrongly accepted can list 100,000 runs.
            let e = plan(&spec)
                .err()
                .unwrap_or_else(|| format!("accepted: {spec}"));
            assert!(e.contains(words), "{spec}: {e}");
        }
    }

    #[test]
    fn runs_are_replayable_and_checked() {
        let spec = ExperimentRun {
            series: "min-conflicts".into(),
            n: 16,
            seed: Some(4),
            max_nodes: None,
            max_ms: 10_000,
        };
        let a = run(&spec).unwrap();
        let b = run(&spec).unwrap();
        assert_eq!((a.status.as_str(), a.moves), (b.status.as_str(), b.moves));
        assert_eq!(a.status, "found");
        // The same run as the repair command line's session: the same moves for the same seed.
        let mut s = Session::new(
            "queens",
            "queens:16#4",
            "repair",
            &json!({"strategy": "minConflicts"}),
        )
        .unwrap();
        let r = s.solve(u64::MAX, 10_000_000).unwrap();
        assert_eq!(Some(r.stats.moves), a.moves);
        let none = run(&ExperimentRun {
            series: "backtracking".into(),
            n: 3,
            seed: None,
            max_nodes: Some(1000),
            max_ms: 1000,
        })
        .unwrap();
        assert_eq!(none.status, "none");
        let budget = run(&ExperimentRun {
            series: "backtracking".into(),
            n: 30,
            seed: None,
            max_nodes: Some(1000),
            max_ms: 1000,
        })
        .unwrap();
        assert_eq!((budget.status.as_str(), budget.nodes), ("budget", 1000));
    }

    #[test]
    fn rows_and_runs_read_back_from_json_are_checked_cell_by_cell() {
        let p = plan(&json!({"kind": "trials", "sizes": [8], "trials": 2, "series": ["min-conflicts+greedy"]})).unwrap();
        let back = run_from_json(&serde_json::to_value(&p.runs[1]).unwrap()).unwrap();
        assert_eq!(back, p.runs[1]);
        let row = run(&back).unwrap();
        let rows = rows_from_json(&serde_json::to_value(vec![row.clone()]).unwrap()).unwrap();
        assert_eq!(rows, [row]);
        let good = serde_json::to_value(&rows[0]).unwrap();
        for (key, bad, words) in [
            ("series", json!("min-conflicts,x"), "is not known"),
            ("series", json!("min-conflicts+tabu=2+greedy"), "is written"),
            ("status", json!("found\nevil"), "\"status\" must be one of"),
            ("n", json!(-1), "\"n\""),
            ("micros", json!(null), "needs \"micros\""),
            ("extra", json!(1), "no field \"extra\""),
        ] {
            let mut v = good.clone();
            v[key] = bad;
            let e = rows_from_json(&json!([good.clone(), v])).unwrap_err();
            assert!(e.contains("row 2") && e.contains(words), "{key}: {e}");
        }
        assert!(run_from_json(&json!({"series": "swap", "n": 8}))
            .unwrap_err()
            .contains("maxMs"));
    }

    #[test]
    fn the_summary_counts_and_takes_upper_medians() {
        let row = |moves: u64, status: &str, restarts: u64| ExperimentRow {
            series: "min-conflicts".into(),
            n: 8,
            seed: Some(1),
            algorithm: "minConflicts".into(),
            status: status.into(),
            nodes: moves + 1,
            moves: Some(moves),
            restarts: Some(restarts),
            micros: 10,
        };
        let rows = [
            row(5, "found", 0),
            row(9, "found", 1),
            row(1, "found", 0),
            row(50, "budget", 3),
            row(7, "found", 0),
        ];
        let s = &summarise(&rows)[0];
        assert_eq!((s.runs, s.solved), (5, 4));
        assert_eq!(s.success_rate, 0.8);
        assert_eq!(s.first_try_rate, 0.6);
        assert_eq!((s.median_moves, s.max_moves), (Some(7), Some(9)));
        assert_eq!(s.mean_moves, Some(5.5));
        assert_eq!(s.mean_restarts, Some(0.8));
        let text = csv(&rows[..1]);
        assert_eq!(
            text,
            format!("{CSV_HEADER}\nmin-conflicts,8,1,minConflicts,found,6,5,0,10\n")
        );
    }
}
