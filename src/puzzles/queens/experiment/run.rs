//! One run of a plan, through [`Session`] so that every placement it finds is checked.

use super::spec::Series;
use super::{ExperimentRow, ExperimentRun, DEFAULT_MAX_NODES};

use crate::session::{Report, Session, Verdict};
use serde_json::json;

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
                // As text: every u64 exactly (a number only up to 2^53 - 1).
                "seed": seed.to_string(),
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
