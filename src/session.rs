//! A running search behind one handle, the same natively and in the browser.
//!
//! [`Session`] picks the machine from the registry names (puzzle, algorithm), hides its concrete
//! type behind one enum, and turns its events and solutions into the serializable [`AnyEvent`] and
//! [`AnySolution`]. `api.rs` wraps it for JavaScript; the CLI and the tests use it directly, so the
//! boundary itself stays thin. Every solution leaving a session has passed the puzzle's independent
//! checker ([`Session::solve`] refuses to return an answer that does not).

use serde::{Deserialize, Serialize};

use crate::engine::{Frame, Machine, Stats, Status, Stepper};
use std::collections::BTreeMap;

use crate::puzzles::{self, hashi, queens, skyscrapers};

/// Everything a caller may tune; unknown fields are an error so typos do not pass silently.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct Options {
    /// "first" (default), "all" or "count" for searches that can enumerate.
    pub mode: Option<String>,
    /// With mode "all": stop after this many solutions (default 1000).
    pub limit: Option<u64>,
    /// Repair: "auto" (default), "minConflicts" (the article's algorithm) or "swap" (large n).
    pub strategy: Option<String>,
    /// Repair: keep the set of conflicted rows incrementally instead of rescanning.
    pub maintain_conflict_set: Option<bool>,
    /// Repair: tabu tenure k (a moved queen may not return to its old column for k moves).
    pub tabu: Option<u32>,
    /// Repair: greedy initial placement (least-conflicted among sampled columns).
    pub greedy: Option<bool>,
    /// Repair: probability of a random-walk move.
    pub noise: Option<f64>,
    /// Repair: moves before a restart (default 200 n).
    pub max_steps: Option<u64>,
    /// Repair: restarts before giving up (default: no limit).
    pub max_restarts: Option<u64>,
    /// Repair: the RNG seed (also accepted as `queens:N#SEED`); a fresh one is drawn if absent.
    pub seed: Option<u64>,
    /// Skyscrapers and Hashi: deduction techniques switched on or off by name, e.g.
    /// `{"lines": false}`; techniques not named keep their defaults, unknown names are an error.
    /// Skyscrapers: visibility, lines, mrv. Hashi: see `hashi::Techniques::NAMES`.
    pub techniques: Option<BTreeMap<String, bool>>,
    /// Hashi: how to pick the island to branch on, "weighted" (default) or "ratio" (the article's).
    pub heuristic: Option<String>,
}

impl Options {
    /// Names of the repair-only options that are set (for "does not apply" messages).
    fn repair_fields_set(&self) -> Vec<&'static str> {
        let mut set = Vec::new();
        let fields: [(&'static str, bool); 8] = [
            ("strategy", self.strategy.is_some()),
            ("maintainConflictSet", self.maintain_conflict_set.is_some()),
            ("tabu", self.tabu.is_some()),
            ("greedy", self.greedy.is_some()),
            ("noise", self.noise.is_some()),
            ("maxSteps", self.max_steps.is_some()),
            ("maxRestarts", self.max_restarts.is_some()),
            ("seed", self.seed.is_some()),
        ];
        for (name, is_set) in fields {
            if is_set {
                set.push(name);
            }
        }
        set
    }
}

/// One event of any machine; each puzzle's events carry their own `kind` tag.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum AnyEvent {
    Queens(queens::backtrack::Event),
    QueensRepair(queens::repair::Event),
    Skyscrapers(skyscrapers::solve::Event),
    Hashi(hashi::Event),
}

/// One solution of any puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum AnySolution {
    /// N-Queens: the column of the queen in each row.
    Columns(Vec<usize>),
    /// Grid puzzles (Skyscrapers): rows of values.
    Grid(Vec<Vec<u8>>),
    /// Hashiwokakero: the bridges (each pair once, `n` bridges).
    Bridges(Vec<hashi::Bridge>),
}

/// What `solve` proved, in the words of shared/FORMATS.md §6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Verdict {
    /// Exactly one solution, and the search proved there is no other.
    Unique,
    /// At least two solutions (the limit was reached).
    Multiple,
    /// The search space was exhausted without a solution.
    None,
    /// Solutions were found and the search stopped as asked without proving anything more.
    Found,
    /// Every solution was counted (`stats.solutions`).
    Counted,
    /// The budget ran out before an answer.
    Budget,
    /// A local search gave up.
    GaveUp,
}

/// The result of [`Session::solve`].
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub verdict: Verdict,
    pub status: Status,
    pub stats: Stats,
    pub solutions: Vec<AnySolution>,
    /// The seed of a randomised run (share it as `queens:N#SEED`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
}

// One Session holds one machine for a whole run, so the variants' size difference costs nothing.
#[allow(clippy::large_enum_variant)]
enum Machines {
    QueensBacktrack(Stepper<queens::backtrack::Backtrack>),
    QueensRepair(Stepper<queens::repair::Repair>),
    Skyscrapers(Stepper<skyscrapers::solve::Solver>),
    Hashi(Stepper<hashi::Solver>),
}

/// A search in progress.
pub struct Session {
    machine: Machines,
    /// Whether "one solution, proved unique" is the question (puzzles) or not (queens modes).
    proves_uniqueness: bool,
    /// Mode "count": the verdict on exhaustion is `Counted`.
    counting: bool,
}

/// Runs `$body` with `$s` bound to the stepper inside whichever machine variant is active.
macro_rules! with_stepper {
    ($machines:expr, $s:ident => $body:expr) => {
        match $machines {
            Machines::QueensBacktrack($s) => $body,
            Machines::QueensRepair($s) => $body,
            Machines::Skyscrapers($s) => $body,
            Machines::Hashi($s) => $body,
        }
    };
}

impl Session {
    /// Starts a search for the puzzle `id` (a text ID of `puzzle`) with `algorithm`.
    pub fn new(puzzle: &str, id: &str, algorithm: &str, options: &Options) -> Result<Self, String> {
        let info = puzzles::lookup(puzzle)?;
        if !info.algorithms.iter().any(|a| a.name == algorithm) {
            let known: Vec<&str> = info.algorithms.iter().map(|a| a.name).collect();
            return Err(format!(
                "{}: unknown algorithm '{algorithm}' (known: {})",
                info.name,
                known.join(", ")
            ));
        }
        match (info.name, algorithm) {
            ("queens", "backtrack") => {
                let qid = queens::parse_id(id)?;
                let repair_only = options.repair_fields_set();
                if !repair_only.is_empty() {
                    return Err(format!(
                        "queens: {} only appl{} to the repair algorithm, not to backtrack",
                        repair_only.join(", "),
                        if repair_only.len() == 1 { "ies" } else { "y" }
                    ));
                }
                if qid.seed.is_some() {
                    return Err(
                        "queens: a seed (queens:N#SEED) only applies to the repair algorithm"
                            .into(),
                    );
                }
                let mode = options.mode.as_deref().unwrap_or("first");
                let opts = match mode {
                    "first" => queens::backtrack::Options::first(),
                    "all" => queens::backtrack::Options::all(solution_limit(options, 1000)?),
                    "count" => queens::backtrack::Options::count(),
                    other => {
                        return Err(format!(
                            "queens: unknown mode '{other}' (known: first, all, count)"
                        ))
                    }
                };
                let m = queens::backtrack::Backtrack::new(qid.n, opts)?;
                Ok(Session {
                    machine: Machines::QueensBacktrack(Stepper::new(m)),
                    proves_uniqueness: false,
                    counting: mode == "count",
                })
            }
            ("queens", "repair") => {
                let qid = queens::parse_id(id)?;
                if options.mode.as_deref().is_some_and(|m| m != "first") || options.limit.is_some()
                {
                    return Err(
                        "queens repair: finds one placement; mode and limit do not apply".into(),
                    );
                }
                let seed = match (qid.seed, options.seed) {
                    (Some(a), Some(b)) if a != b => {
                        return Err(format!(
                            "queens repair: the ID says seed {a} but the options say seed {b}"
                        ))
                    }
                    (Some(a), _) | (None, Some(a)) => a,
                    (None, None) => crate::shared::rng::Rng::entropy_seed(),
                };
                let strategy = match options.strategy.as_deref() {
                    None => queens::repair::Strategy::Auto,
                    Some(s) => queens::repair::Strategy::parse(s)?,
                };
                let opts = queens::repair::Options {
                    strategy,
                    maintain_conflict_set: options.maintain_conflict_set.unwrap_or(false),
                    tabu: options.tabu.unwrap_or(0),
                    greedy: options.greedy.unwrap_or(false),
                    noise: options.noise.unwrap_or(0.0),
                    max_steps: options.max_steps,
                    max_restarts: options.max_restarts,
                };
                let m = queens::repair::Repair::new(qid.n, seed, opts)?;
                Ok(Session {
                    machine: Machines::QueensRepair(Stepper::new(m)),
                    proves_uniqueness: false,
                    counting: false,
                })
            }
            ("skyscrapers", "solve") => {
                let puzzle = skyscrapers::parse_any(id)?;
                let opts = skyscrapers::solve::Options {
                    techniques: sky_techniques(options.techniques.as_ref())?,
                    limit: solution_limit(options, 2)?,
                };
                let m = skyscrapers::solve::Solver::new(&puzzle, opts)?;
                Ok(Session {
                    machine: Machines::Skyscrapers(Stepper::new(m)),
                    proves_uniqueness: true,
                    counting: false,
                })
            }
            ("hashi", "solve") => {
                let puzzle = hashi::parse_any(id)?;
                let mut techniques = hashi::Techniques::default();
                for (name, &on) in options.techniques.iter().flatten() {
                    techniques.set(name, on)?;
                }
                let heuristic = match options.heuristic.as_deref() {
                    None | Some("weighted") => hashi::Heuristic::Weighted,
                    Some("ratio") => hashi::Heuristic::Ratio,
                    Some(other) => {
                        return Err(format!(
                            "hashi: unknown heuristic '{other}' (known: weighted, ratio)"
                        ))
                    }
                };
                let opts = hashi::SolveOptions {
                    techniques,
                    heuristic,
                    solution_limit: solution_limit(options, 2)?,
                    ..hashi::SolveOptions::default()
                };
                let m = hashi::Solver::new(&puzzle, opts)?;
                Ok(Session {
                    machine: Machines::Hashi(Stepper::new(m)),
                    proves_uniqueness: true,
                    counting: false,
                })
            }
            (p, a) => Err(format!("{p}: algorithm '{a}' is listed but not wired up")),
        }
    }

    /// Runs until at least `max_events` events happened (or the search ended).
    pub fn step(&mut self, max_events: usize) -> Frame<AnyEvent> {
        fn wrap<E>(f: Frame<E>, tag: fn(E) -> AnyEvent) -> Frame<AnyEvent> {
            Frame {
                events: f.events.into_iter().map(tag).collect(),
                stats: f.stats,
                status: f.status,
            }
        }
        match &mut self.machine {
            Machines::QueensBacktrack(s) => wrap(s.step(max_events), AnyEvent::Queens),
            Machines::QueensRepair(s) => wrap(s.step(max_events), AnyEvent::QueensRepair),
            Machines::Skyscrapers(s) => wrap(s.step(max_events), AnyEvent::Skyscrapers),
            Machines::Hashi(s) => wrap(s.step(max_events), AnyEvent::Hashi),
        }
    }

    /// Runs to the end without events, or until `max_nodes` nodes or `max_micros` of time were
    /// spent, and reports the verdict and every solution kept, each checked independently.
    pub fn solve(&mut self, max_nodes: u64, max_micros: u64) -> Result<Report, String> {
        let status =
            with_stepper!(&mut self.machine, s => s.solve_within(max_nodes, max_micros, 1 << 16));
        let (stats, solutions) = self.checked_solutions()?;
        let verdict = match status {
            Status::Paused => Verdict::Budget,
            Status::GaveUp => Verdict::GaveUp,
            Status::Exhausted if self.counting => Verdict::Counted,
            Status::Exhausted if stats.solutions == 0 => Verdict::None,
            Status::Exhausted if self.proves_uniqueness && stats.solutions == 1 => Verdict::Unique,
            Status::LimitReached if self.proves_uniqueness && stats.solutions >= 2 => {
                Verdict::Multiple
            }
            Status::Exhausted | Status::LimitReached => Verdict::Found,
        };
        Ok(Report {
            verdict,
            status,
            stats,
            solutions,
            seed: self.seed(),
        })
    }

    /// The seed of a randomised run (repair), so it can be shared as `queens:N#SEED`.
    pub fn seed(&self) -> Option<u64> {
        match &self.machine {
            Machines::QueensRepair(s) => Some(s.machine().seed()),
            _ => None,
        }
    }

    /// The repair strategy in effect ("minConflicts" or "swap"; `None` for other machines).
    pub fn repair_strategy(&self) -> Option<&'static str> {
        match &self.machine {
            Machines::QueensRepair(s) => Some(s.machine().strategy().name()),
            _ => None,
        }
    }

    /// The queens on the board now, one column per row (repair runs; empty before the first
    /// placement, and for other machines). For the page's density view of large boards.
    pub fn repair_board(&self) -> &[u32] {
        match &self.machine {
            Machines::QueensRepair(s) => s.machine().board(),
            _ => &[],
        }
    }

    /// Counters and status so far.
    pub fn stats(&self) -> (Stats, Status) {
        with_stepper!(&self.machine, s => (s.stats(), s.status()))
    }

    /// Every solution kept, each passed through its puzzle's independent checker first.
    fn checked_solutions(&self) -> Result<(Stats, Vec<AnySolution>), String> {
        let solutions = match &self.machine {
            Machines::QueensBacktrack(s) => {
                let n = s.machine().n();
                checked(s.machine().solutions(), |cols| {
                    queens::check_placement(n, cols)?;
                    Ok(AnySolution::Columns(cols.clone()))
                })?
            }
            Machines::QueensRepair(s) => {
                let n = s.machine().n();
                checked(s.machine().solutions(), |cols| {
                    let cols: Vec<usize> = cols.iter().map(|&c| c as usize).collect();
                    // The pairwise checker is quadratic; above a few thousand queens the linear
                    // one (fresh tables, no code shared with the solver) takes over.
                    if n <= 4096 {
                        queens::check_placement(n, &cols)?;
                    } else {
                        queens::check_placement_counting(n, &cols)?;
                    }
                    Ok(AnySolution::Columns(cols))
                })?
            }
            Machines::Skyscrapers(s) => checked(s.machine().solutions(), |grid| {
                skyscrapers::check_solution(s.machine().puzzle(), grid)?;
                Ok(AnySolution::Grid(grid.clone()))
            })?,
            Machines::Hashi(s) => checked(s.machine().solutions(), |bridges| {
                hashi::check_solution(s.machine().puzzle(), bridges)?;
                Ok(AnySolution::Bridges(bridges.clone()))
            })?,
        };
        Ok((self.stats().0, solutions))
    }
}

/// Converts each solution with `check_and_wrap`; a solution the checker refuses is a solver bug,
/// reported as such instead of being handed out.
fn checked<T>(
    solutions: &[T],
    check_and_wrap: impl Fn(&T) -> Result<AnySolution, String>,
) -> Result<Vec<AnySolution>, String> {
    solutions
        .iter()
        .map(|s| {
            check_and_wrap(s)
                .map_err(|e| format!("internal error: the solver produced an invalid answer: {e}"))
        })
        .collect()
}

/// Most solutions a session keeps: each is stored and checked, so the limit bounds memory and time.
pub const MAX_SOLUTION_LIMIT: u64 = 10_000;

/// The `limit` option (default `default`), refused outside 1..=[`MAX_SOLUTION_LIMIT`].
fn solution_limit(options: &Options, default: u64) -> Result<u64, String> {
    match options.limit.unwrap_or(default) {
        n @ 1..=MAX_SOLUTION_LIMIT => Ok(n),
        n => Err(format!(
            "limit must be from 1 to {MAX_SOLUTION_LIMIT} solutions, got {n} (to count every solution of N-Queens use mode \"count\")"
        )),
    }
}

/// Skyscrapers technique switches from the by-name map (omitted names stay on).
fn sky_techniques(
    map: Option<&BTreeMap<String, bool>>,
) -> Result<skyscrapers::solve::Techniques, String> {
    match map {
        None => Ok(skyscrapers::solve::Techniques::default()),
        Some(map) => serde_json::to_value(map)
            .and_then(serde_json::from_value)
            .map_err(|e| {
                format!("skyscrapers: bad techniques: {e} (known: visibility, lines, mrv)")
            }),
    }
}

/// Default limits for a solve that must not run for ever (pasted puzzles, the CLI without flags).
pub const DEFAULT_MAX_NODES: u64 = u64::MAX;
pub const DEFAULT_MAX_MICROS: u64 = 60_000_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queens_session_solves_and_reports_verdicts() {
        let mut s = Session::new("queens", "queens:8", "backtrack", &Options::default()).unwrap();
        let r = s.solve(u64::MAX, u64::MAX).unwrap();
        assert_eq!(r.verdict, Verdict::Found);
        assert_eq!(r.solutions.len(), 1);

        let opts = Options {
            mode: Some("count".into()),
            ..Options::default()
        };
        let mut s = Session::new("queens", "queens:6", "backtrack", &opts).unwrap();
        let r = s.solve(u64::MAX, u64::MAX).unwrap();
        assert_eq!((r.verdict, r.stats.solutions), (Verdict::Counted, 4));

        let mut s = Session::new("queens", "queens:3", "backtrack", &Options::default()).unwrap();
        assert_eq!(s.solve(u64::MAX, u64::MAX).unwrap().verdict, Verdict::None);
    }

    #[test]
    fn bad_requests_are_readable_errors() {
        let o = Options::default();
        assert!(Session::new("chess", "queens:8", "backtrack", &o)
            .err()
            .unwrap()
            .contains("unknown puzzle 'chess'"));
        assert!(Session::new("queens", "queens:8", "magic", &o)
            .err()
            .unwrap()
            .contains("unknown algorithm 'magic'"));
        assert!(Session::new("queens", "queens:99", "backtrack", &o)
            .err()
            .unwrap()
            .contains("1 to 64"));
    }

    #[test]
    fn a_solution_limit_beyond_the_cap_is_refused() {
        let o = Options {
            limit: Some(u64::MAX),
            ..Options::default()
        };
        for (puzzle, id) in [
            ("skyscrapers", "4://///1/3///4/////3/"),
            ("hashi", "3x3m2:2a2c2a2"),
        ] {
            let e = Session::new(puzzle, id, "solve", &o).err().unwrap();
            assert!(e.contains("limit must be from 1 to 10000"), "{e}");
        }
        let all = Options {
            mode: Some("all".into()),
            ..o
        };
        assert!(Session::new("queens", "queens:8", "backtrack", &all).is_err());
    }

    #[test]
    fn a_node_budget_pauses_with_a_budget_verdict() {
        let mut s = Session::new("queens", "queens:30", "backtrack", &Options::default()).unwrap();
        let r = s.solve(100, u64::MAX).unwrap();
        assert_eq!(r.verdict, Verdict::Budget);
        assert_eq!(r.stats.nodes, 100);
    }
}
