//! A running search behind one handle, the same natively and in the browser.
//!
//! [`Session`] picks the machine from the registry names (puzzle, algorithm), hides its concrete
//! type behind one enum, and turns its events and solutions into the serializable [`AnyEvent`] and
//! [`AnySolution`]. `api.rs` wraps it for JavaScript; the CLI and the tests use it directly, so the
//! boundary itself stays thin. Every solution leaving a session has passed the puzzle's independent
//! checker ([`Session::solve`] refuses to return an answer that does not).

use serde::{Deserialize, Serialize};

use crate::engine::{Frame, Machine, Stats, Status, Stepper};
use crate::puzzles::{self, queens, skyscrapers};

/// Everything a caller may tune; unknown fields are an error so typos do not pass silently.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct Options {
    /// "first" (default), "all" or "count" for searches that can enumerate.
    pub mode: Option<String>,
    /// With mode "all": stop after this many solutions (default 1000).
    pub limit: Option<u64>,
    /// Skyscrapers: which deductions run (`{"visibility":bool,"lines":bool,"mrv":bool}`, all on by
    /// default; omitted fields stay on).
    pub techniques: Option<skyscrapers::solve::Techniques>,
}

/// One event of any machine; each puzzle's events carry their own `kind` tag.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum AnyEvent {
    Queens(queens::backtrack::Event),
    Skyscrapers(skyscrapers::solve::Event),
}

/// One solution of any puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum AnySolution {
    /// N-Queens: the column of the queen in each row.
    Columns(Vec<usize>),
    /// Grid puzzles (Skyscrapers): rows of values.
    Grid(Vec<Vec<u8>>),
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
}

// One session holds one machine for its whole life; boxing would only add an indirection.
#[allow(clippy::large_enum_variant)]
enum Machines {
    QueensBacktrack(Stepper<queens::backtrack::Backtrack>),
    Skyscrapers(Stepper<skyscrapers::solve::Solver>),
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
            Machines::Skyscrapers($s) => $body,
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
                let mode = options.mode.as_deref().unwrap_or("first");
                let opts = match mode {
                    "first" => queens::backtrack::Options::first(),
                    "all" => queens::backtrack::Options::all(options.limit.unwrap_or(1000).max(1)),
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
            ("skyscrapers", "solve") => {
                let puzzle = skyscrapers::parse_any(id)?;
                let opts = skyscrapers::solve::Options {
                    techniques: options.techniques.unwrap_or_default(),
                    limit: options.limit.unwrap_or(2).max(1),
                };
                let m = skyscrapers::solve::Solver::new(&puzzle, opts)?;
                Ok(Session {
                    machine: Machines::Skyscrapers(Stepper::new(m)),
                    proves_uniqueness: true,
                    counting: false,
                })
            }
            (p, a) => Err(format!("{p}: algorithm '{a}' is listed but not wired up")),
        }
    }

    /// Runs until at least `max_events` events happened (or the search ended).
    pub fn step(&mut self, max_events: usize) -> Frame<AnyEvent> {
        fn wrap<E>(f: Frame<E>, into: fn(E) -> AnyEvent) -> Frame<AnyEvent> {
            Frame {
                events: f.events.into_iter().map(into).collect(),
                stats: f.stats,
                status: f.status,
            }
        }
        match &mut self.machine {
            Machines::QueensBacktrack(s) => wrap(s.step(max_events), AnyEvent::Queens),
            Machines::Skyscrapers(s) => wrap(s.step(max_events), AnyEvent::Skyscrapers),
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
        })
    }

    /// Counters and status so far.
    pub fn stats(&self) -> (Stats, Status) {
        with_stepper!(&self.machine, s => (s.stats(), s.status()))
    }

    fn checked_solutions(&self) -> Result<(Stats, Vec<AnySolution>), String> {
        match &self.machine {
            Machines::QueensBacktrack(s) => {
                let n = s.machine().n();
                let mut out = Vec::new();
                for cols in s.machine().solutions() {
                    queens::check_placement(n, cols).map_err(|e| {
                        format!("internal error: the solver produced an invalid placement: {e}")
                    })?;
                    out.push(AnySolution::Columns(cols.clone()));
                }
                Ok((s.stats(), out))
            }
            Machines::Skyscrapers(s) => {
                let mut out = Vec::new();
                for grid in s.machine().solutions() {
                    skyscrapers::check_solution(s.machine().puzzle(), grid).map_err(|e| {
                        format!("internal error: the solver produced an invalid grid: {e}")
                    })?;
                    out.push(AnySolution::Grid(grid.clone()));
                }
                Ok((s.stats(), out))
            }
        }
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
    fn a_node_budget_pauses_with_a_budget_verdict() {
        let mut s = Session::new("queens", "queens:30", "backtrack", &Options::default()).unwrap();
        let r = s.solve(100, u64::MAX).unwrap();
        assert_eq!(r.verdict, Verdict::Budget);
        assert_eq!(r.stats.nodes, 100);
    }
}
