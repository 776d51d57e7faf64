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
//! Every run goes through [`Session`](crate::session::Session), so each placement it finds has
//! passed the independent checker before it is counted as solved.

use serde::Serialize;

// Reading specs, runs and rows (spec), running one run (run), the summary and the CSV (report).
mod report;
mod run;
mod spec;

pub use report::{csv, summarise, CSV_HEADER};
pub use run::{row, run};
pub use spec::{plan, rows_from_json, run_from_json};

/// N-Queens' experiments as the registry's verb (src/puzzles/verbs.rs): what the wasm API and the
/// page's pool of workers call, by puzzle name.
pub struct Verbs;

/// The one [`Verbs`], for `Game::EXPERIMENTS`.
pub static VERBS: Verbs = Verbs;

impl crate::puzzles::verbs::Experiments for Verbs {
    fn plan(&self, spec: &serde_json::Value) -> Result<serde_json::Value, String> {
        to_value(&plan(spec)?)
    }
    fn run(&self, spec: &serde_json::Value) -> Result<serde_json::Value, String> {
        to_value(&run(&run_from_json(spec)?)?)
    }
    fn summary(&self, rows: &serde_json::Value) -> Result<serde_json::Value, String> {
        to_value(&summarise(&rows_from_json(rows)?))
    }
    fn csv(&self, rows: &serde_json::Value) -> Result<String, String> {
        Ok(csv(&rows_from_json(rows)?))
    }
    fn max_rows_chars(&self) -> usize {
        MAX_ROWS_JSON_CHARS
    }
}

fn to_value<T: Serialize>(v: &T) -> Result<serde_json::Value, String> {
    serde_json::to_value(v).map_err(|e| format!("queens experiment: {e}"))
}

/// Runs one plan may hold: enough for 1,000 trials at 4 sizes and 5 series, few enough that a
/// pasted spec cannot queue work for days and that the rows travel back for the summary at once.
pub const MAX_RUNS: usize = 20_000;
/// Longest JSON of [`MAX_RUNS`] rows the page may hand back (a row is under 300 characters).
pub const MAX_ROWS_JSON_CHARS: usize = MAX_RUNS * 400;
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
    /// The repair run's seed (`queens:N#SEED` replays it); none for backtracking. A number up
    /// to 2^53 − 1, decimal text above.
    #[serde(serialize_with = "crate::puzzles::contract::seed_out_opt")]
    #[cfg_attr(test, ts(type = "number | string | null"))]
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
    /// The repair run's seed (a number up to 2^53 − 1, decimal text above).
    #[serde(serialize_with = "crate::puzzles::contract::seed_out_opt")]
    #[cfg_attr(test, ts(type = "number | string | null"))]
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

#[cfg(test)]
mod tests {
    use super::spec::Series;
    use super::*;
    use crate::session::Session;
    use serde_json::json;

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
                json!({"kind": "trials", "seed": "18446744073709551613", "trials": 5}),
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
