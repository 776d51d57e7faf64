//! What the runs' rows add up to: the summary table and the CSV, the same for the page and CLI.

use super::{ExperimentRow, ExperimentSummary};

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
