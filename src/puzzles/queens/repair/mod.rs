//! N-Queens by repair (min-conflicts), the source article's algorithm, plus a swap-based path that
//! scales to tens of millions of queens.
//!
//! # The article's algorithm (`strategy: "minConflicts"`)
//!
//! Put one queen in every row on a random column. Then, one *move* at a time: pick a conflicted row
//! uniformly at random, move its queen to a column with the fewest conflicts, **excluding the column
//! it stands on** (the queen must move; the article's published figures only come out this way:
//! letting a queen "move" to its own column when that is a minimum stalls in local minima — measured
//! on 200 trials at n = 8, 186 mean moves and 6% of runs restarting, against 48 and none), ties
//! broken uniformly at random. After `maxSteps` moves (default `200 n`) without a solution,
//! restart from a fresh random placement. Three counter arrays (queens per column, per `r - c`
//! diagonal, per `r + c` diagonal) make evaluating one square O(1); a move still scans all `n`
//! columns, and the default mode also rescans all rows to list the conflicted ones, so one move
//! costs O(n) and a solve about O(n²). That is the article's cost and it is kept on purpose: this
//! mode is the reference the statistics are reproduced with (`solvescope queens repair-stats`).
//!
//! What "faithful" needs: a uniform choice among conflicted rows, the current column excluded,
//! uniform tie-breaking, restart after the step limit. The default (`maintainConflictSet: false`)
//! rescans the rows in order and picks a uniform index into that list, exactly as described.
//! `maintainConflictSet: true` keeps the same set incrementally (an indexed set updated in O(1) per
//! move: each line also stores the XOR of the rows on it, so when a line drops to one queen that
//! queen is known without a scan). The choice is still uniform over the same set, so the
//! *distribution* of runs and every statistic are the article's, but the set is held in a different
//! order, so one seed gives a different (equally valid) run than in the default mode.
//!
//! Improvements, all options (the article suggests the first two):
//! - `maintainConflictSet`: see above;
//! - `tabu: k`: a queen that left column `c` may not return to `c` during the next `k` moves of the
//!   whole run, `c` being the column it last left (k = 0: off);
//! - `greedy`: the initial placement (and each restart) puts each row's queen on a least-conflicted
//!   column among [`GREEDY_SAMPLE`] random columns (conflicts with the rows above), ties at random;
//! - `noise: p`: with probability p a move sends the queen to a uniformly random other column
//!   (a random-walk step) instead of the best one;
//! - `maxSteps` (moves, or swap attempts, before a restart; default `200 n`), `maxRestarts` (then
//!   the machine gives up with [`Status::GaveUp`]; default: no limit), `seed`.
//!
//! # Large boards (`strategy: "swap"`, chosen automatically for n > [`AUTO_SWAP_ABOVE`])
//!
//! The O(n) column scan is what stops the article's version (n = 16384 already takes ~0.8 s of CPU, see BENCHMARKS.md). The
//! large-n path is swap-based repair over a permutation, after Sosic and Gu's fast search for
//! N-Queens: the queens always form a permutation (one per row *and* per column), so only
//! diagonals can conflict, and a move is a swap of two rows' columns. That was chosen over
//! "min-conflicts with sampled candidate columns" because (1) the greedy start below leaves only a
//! few dozen conflicted queens whatever n is, so the repair phase is a tiny constant amount of work,
//! and (2) no per-column counters are needed, which keeps memory near 4.6 bytes per queen.
//! - Start: a uniformly random permutation (built bucket-wise so it stays cache-friendly), then
//!   rows are filled top-down; row `j` draws random unused columns among the next
//!   [`SWAP_INIT_WINDOW`] of the not-yet-placed tail and takes the first that leaves both of its
//!   diagonals empty, giving up after [`SWAP_INIT_TRIES`] draws and taking a random one (that row
//!   becomes a *suspect*). A rejected column is sent further down the tail, so the window does not
//!   silt up with hard columns. About 3 draws per row on average (Sosic and Gu report 3.08 n), and
//!   only a few dozen suspects remain for n = 10^5 … 10^7. A budget unit covers [`INIT_CHUNK`] rows,
//!   so the machine still pauses often during the O(n) start.
//! - Repair: pick a random suspect row `i`; if it has no conflict it leaves the suspect list;
//!   otherwise try swapping it with a uniformly random row `j` and keep the swap only if the number
//!   of attacking pairs drops (then `j` becomes a suspect too). Invariant: every diagonal holds at
//!   most one non-suspect queen, so "no suspect is attacked" means "solved". One attempt is O(1).
//! - Diagonal counts are held as two occupancy bitsets (2n bits each) plus a small ordered map of
//!   the diagonals holding two or more queens (there are only a few dozen), instead of two
//!   `u32` arrays of 2n entries: ~4.6 bytes per queen in all, and the bitsets stay in cache.
//!
//! In this mode a node is one swap attempt (or one chunk of the start); `moves` counts accepted
//! swaps. The min-conflicts options (`tabu`, `greedy`, `noise`, `maintainConflictSet`) do not
//! apply and are refused with a message saying so.
//!
//! # Nodes, events, limits
//!
//! In the min-conflicts mode a node is one move, one (re)start placement. Events (all invertible
//! from the event alone): `repairInit` (the first placement; the board was empty), `repairPick`
//! (min-conflicts mode only: the chosen row, its conflicts, and for n ≤ [`PICK_DETAIL_MAX_N`]
//! every candidate column with its conflict count; changes nothing), `repairMove` (row, from, to, that queen's conflicts before and
//! after, attacking pairs before and after), `repairSwap` (the swap mode's move: two rows and their
//! columns before), `repairRestart` (old and new placement), `repairSolution`, `repairGaveUp`.
//! The seed is part of the run's ID: `queens:N#SEED`. n = 2 and n = 3 have no solution: the machine
//! gives up at once and says so. Accepted n: 1 ..= [`MAX_REPAIR_N`] (min-conflicts mode:
//! ..= [`MAX_MIN_CONFLICTS_N`]). Randomness only comes from [`Rng`] (integer arithmetic; the noise
//! test compares an exactly computed f64), so a seed replays identically natively and in wasm.
//!
//! Files: this one holds what both paths share (options, events, the [`Repair`] machine and its
//! restarts); `min_conflicts.rs` the article's algorithm and its conflict bookkeeping; `swap.rs`
//! the permutation-based swap repair for large boards.

mod min_conflicts;
mod swap;

use serde::Serialize;

use crate::engine::{Budget, Machine, Sink, Stats, Status};
use crate::shared::rng::Rng;
use min_conflicts::MinConflicts;
use swap::{SwapPhase, SwapRepair};

/// Largest board the repair machine accepts. The swap path needs ~4.6 bytes per queen, but the
/// board's start (one O(n) pass, done before the first budget check can stop it) and the answer
/// handed out grow with n: at 10^7 that is 0.7 s and ~200 MB, a sensible ceiling for a page.
pub const MAX_REPAIR_N: usize = 10_000_000;
/// Largest board the article's O(n)-per-move mode accepts.
pub const MAX_MIN_CONFLICTS_N: usize = 100_000;
/// `strategy: "auto"` uses the article's algorithm up to this n and the swap path above it.
pub const AUTO_SWAP_ABOVE: usize = 4096;
/// Candidate columns (and their conflict counts) are reported in `repairPick` up to this n.
pub const PICK_DETAIL_MAX_N: usize = 64;
/// Columns sampled per row by the greedy start of the min-conflicts mode.
pub const GREEDY_SAMPLE: usize = 32;
/// Random unused columns tried per row by the swap path's start before it settles for a conflict.
pub const SWAP_INIT_TRIES: u32 = 64;
/// The swap path's start draws each row's candidates among this many next unused columns.
pub const SWAP_INIT_WINDOW: usize = 1 << 12;
/// Rows of the swap path's start done per budget unit.
pub const INIT_CHUNK: usize = 1 << 14;

/// Which repair algorithm runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Strategy {
    /// The article's min-conflicts up to [`AUTO_SWAP_ABOVE`], swap repair above.
    Auto,
    /// The article's algorithm (O(n) per move).
    MinConflicts,
    /// Swap-based repair over a permutation (amortised O(1) per move).
    Swap,
}

impl Strategy {
    /// Reads `auto`, `minConflicts` (or `article`), `swap`.
    pub fn parse(text: &str) -> Result<Self, String> {
        match text {
            "auto" => Ok(Strategy::Auto),
            "minConflicts" | "min-conflicts" | "article" => Ok(Strategy::MinConflicts),
            "swap" => Ok(Strategy::Swap),
            other => Err(format!(
                "queens repair: unknown strategy '{other}' (known: auto, minConflicts, swap)"
            )),
        }
    }

    /// The name used in options and reports.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Auto => "auto",
            Strategy::MinConflicts => "minConflicts",
            Strategy::Swap => "swap",
        }
    }
}

/// Everything a repair run can be tuned with (see the module header).
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Which algorithm runs (default [`Strategy::Auto`]).
    pub strategy: Strategy,
    /// Keep the set of conflicted rows up to date move by move instead of rescanning the rows
    /// (min-conflicts only).
    pub maintain_conflict_set: bool,
    /// A queen may not return to the column it last left for this many moves (0: off;
    /// min-conflicts only).
    pub tabu: u32,
    /// Start (and restart) from a greedy placement instead of a random one (min-conflicts only).
    pub greedy: bool,
    /// Probability (0 to 1) that a move goes to a random other column instead of a best one
    /// (min-conflicts only).
    pub noise: f64,
    /// Moves (swap attempts) before a restart; `None` = 200 n.
    pub max_steps: Option<u64>,
    /// Restarts allowed before giving up; `None` = no limit.
    pub max_restarts: Option<u64>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            strategy: Strategy::Auto,
            maintain_conflict_set: false,
            tabu: 0,
            greedy: false,
            noise: 0.0,
            max_steps: None,
            max_restarts: None,
        }
    }
}

impl Options {
    /// The article's algorithm with its defaults, whatever n is.
    pub fn article() -> Self {
        Options {
            strategy: Strategy::MinConflicts,
            ..Options::default()
        }
    }
}

/// Why a move went where it went.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum MoveReason {
    /// A least-conflicted column (ties broken at random).
    MinConflicts,
    /// A random-walk step (`noise`).
    Noise,
}

/// One change a repair run makes, with its reason.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "RepairEvent"))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Event {
    /// The first placement, on an empty board: `columns[row]`.
    #[serde(rename_all = "camelCase")]
    RepairInit {
        /// `columns[row]`: 0-based column of each row's queen.
        columns: Vec<u32>,
        /// Attacking pairs on the board after the placement.
        total_conflicts: u64,
        /// True for a greedy placement (the swap strategy's start always is).
        greedy: bool,
        /// The step as a sentence.
        why: String,
    },
    /// The conflicted queen chosen for the next move (changes nothing on the board). `candidates`
    /// and `counts` list every column it may move to with its conflict count (only for
    /// n ≤ 64; empty otherwise); `best` are the tied least-conflicted ones; `tabu` is a column it may
    /// not return to yet.
    #[serde(rename_all = "camelCase")]
    RepairPick {
        /// 0-based row of the chosen queen.
        row: u32,
        /// 0-based column it stands on.
        col: u32,
        /// Queens attacking it.
        conflicts: u32,
        /// 0-based columns it may move to (every other column), for n ≤ [`PICK_DETAIL_MAX_N`].
        candidates: Vec<u32>,
        /// Its conflicts on each of `candidates`, in the same order.
        counts: Vec<u32>,
        /// The tied least-conflicted columns, one of which it moves to (empty before a noise move).
        best: Vec<u32>,
        /// The column it may not return to yet; `None`: no such column.
        tabu: Option<u32>,
        /// The step as a sentence.
        why: String,
    },
    /// The queen of `row` moves from `from` to `to`. `conflictsBefore`/`conflictsAfter` are that
    /// queen's conflicts; `totalBefore`/`totalAfter` the number of attacking pairs on the board.
    #[serde(rename_all = "camelCase")]
    RepairMove {
        /// 0-based row of the queen.
        row: u32,
        /// 0-based column it leaves.
        from: u32,
        /// 0-based column it moves to.
        to: u32,
        /// Queens attacking it before the move.
        conflicts_before: u32,
        /// Queens attacking it after the move.
        conflicts_after: u32,
        /// Attacking pairs on the board before the move.
        total_before: u64,
        /// Attacking pairs on the board after the move.
        total_after: u64,
        /// Why it goes to `to`.
        reason: MoveReason,
        /// The step as a sentence.
        why: String,
    },
    /// Swap mode: the queens of `rowA` (on `colA`) and `rowB` (on `colB`) exchange columns.
    #[serde(rename_all = "camelCase")]
    RepairSwap {
        /// 0-based row of the first queen.
        row_a: u32,
        /// 0-based row of the second queen.
        row_b: u32,
        /// 0-based column of the first queen before the swap.
        col_a: u32,
        /// 0-based column of the second queen before the swap.
        col_b: u32,
        /// Attacking pairs on the board before the swap.
        total_before: u64,
        /// Attacking pairs on the board after the swap.
        total_after: u64,
        /// The step as a sentence.
        why: String,
    },
    /// The step limit was reached: `old` is replaced by the fresh placement `columns`.
    #[serde(rename_all = "camelCase")]
    RepairRestart {
        /// The abandoned placement, `old[row]` = 0-based column.
        old: Vec<u32>,
        /// The fresh placement, `columns[row]` = 0-based column.
        columns: Vec<u32>,
        /// Attacking pairs on the abandoned placement.
        total_before: u64,
        /// Attacking pairs on the fresh placement.
        total_after: u64,
        /// Restarts so far, this one included.
        restarts: u64,
        /// The step as a sentence.
        why: String,
    },
    /// No two queens attack each other.
    #[serde(rename_all = "camelCase")]
    RepairSolution {
        /// `columns[row]`: 0-based column of each row's queen.
        columns: Vec<u32>,
        /// Moves made in the whole run (`stats.moves`).
        moves: u64,
        /// Restarts in the whole run.
        restarts: u64,
        /// The step as a sentence.
        why: String,
    },
    /// The run stopped without a solution (`reason`: `noSolution` for n = 2, 3; `maxRestarts`).
    #[serde(rename_all = "camelCase")]
    RepairGaveUp {
        /// `noSolution` (n = 2 or 3) or `maxRestarts`.
        reason: String,
        /// Why, as a sentence.
        why: String,
    },
}

/// The repair machine (see the module header).
///
/// # Example
///
/// The article's algorithm with two of its improvements, then the swap path of large boards:
///
/// ```
/// use solvescope::engine::{Budget, Machine, NoEvents, Status};
/// use solvescope::puzzles::queens::check_placement;
/// use solvescope::puzzles::queens::repair::{Options, Repair, Strategy};
///
/// let options = Options { tabu: 3, greedy: true, ..Options::default() };
/// let mut run = Repair::new(64, 7, options)?; // 64 queens from seed 7
/// assert_eq!(run.strategy(), Strategy::MinConflicts); // what `auto` picks for n <= 4096
/// assert_eq!(run.run(&mut Budget::unlimited(), &mut NoEvents), Status::LimitReached);
/// let columns: Vec<usize> = run.solutions()[0].iter().map(|&c| c as usize).collect();
/// assert!(check_placement(64, &columns).is_ok()); // the independent checker
///
/// // Above 4096 queens `auto` takes the swap path, which has no tabu, greedy or noise options.
/// assert_eq!(Repair::new(5000, 1, Options::default())?.strategy(), Strategy::Swap);
/// let err = Repair::new(5000, 1, Options { greedy: true, ..Options::default() }).unwrap_err();
/// assert!(err.contains("minConflicts"), "{err}");
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug)]
pub struct Repair {
    n: usize,
    seed: u64,
    strategy: Strategy,
    options: Options,
    max_steps: u64,
    rng: Rng,
    engine: Engine,
    stats: Stats,
    /// Moves (or swap attempts) since the last (re)start.
    steps: u64,
    solutions: Vec<Vec<u32>>,
    finished: Option<Status>,
}

#[derive(Clone, Debug)]
enum Engine {
    MinConflicts(MinConflicts),
    Swap(SwapRepair),
    /// n = 2 or 3 (no placement exists) — or n = 0 never reaches here.
    Impossible,
}

impl Repair {
    /// A repair run for `n` queens from `seed`. Errors say which option is wrong and why.
    pub fn new(n: usize, seed: u64, options: Options) -> Result<Self, String> {
        if n == 0 || n > MAX_REPAIR_N {
            return Err(format!(
                "queens repair: N must be from 1 to {MAX_REPAIR_N}, got {n}"
            ));
        }
        if !(options.noise.is_finite() && (0.0..=1.0).contains(&options.noise)) {
            return Err(format!(
                "queens repair: noise must be a probability from 0 to 1, got {}",
                options.noise
            ));
        }
        if options.max_steps == Some(0) {
            return Err("queens repair: maxSteps must be at least 1".into());
        }
        let strategy = match options.strategy {
            Strategy::Auto if n > AUTO_SWAP_ABOVE => Strategy::Swap,
            Strategy::Auto => Strategy::MinConflicts,
            s => s,
        };
        if strategy == Strategy::MinConflicts && n > MAX_MIN_CONFLICTS_N {
            return Err(format!(
                "queens repair: the min-conflicts strategy costs O(n) per move and accepts N up to {MAX_MIN_CONFLICTS_N}, got {n} (use strategy swap or auto)"
            ));
        }
        if strategy == Strategy::Swap {
            let mut used = Vec::new();
            if options.tabu > 0 {
                used.push("tabu");
            }
            if options.greedy {
                used.push("greedy");
            }
            if options.noise > 0.0 {
                used.push("noise");
            }
            if options.maintain_conflict_set {
                used.push("maintainConflictSet");
            }
            if !used.is_empty() {
                let auto = if options.strategy == Strategy::Auto {
                    format!(" (auto picks swap for N > {AUTO_SWAP_ABOVE})")
                } else {
                    String::new()
                };
                return Err(format!(
                    "queens repair: {} only appl{} to the minConflicts strategy, and this run uses swap{auto}; set strategy minConflicts to use {}",
                    used.join(", "),
                    if used.len() == 1 { "ies" } else { "y" },
                    if used.len() == 1 { "it" } else { "them" },
                ));
            }
        }
        let engine = if n == 2 || n == 3 {
            Engine::Impossible
        } else if strategy == Strategy::Swap {
            Engine::Swap(SwapRepair::new(n))
        } else {
            Engine::MinConflicts(MinConflicts::new(n, &options))
        };
        Ok(Repair {
            n,
            seed,
            strategy,
            max_steps: options.max_steps.unwrap_or(200 * n as u64),
            options,
            rng: Rng::new(seed),
            engine,
            stats: Stats::default(),
            steps: 0,
            solutions: Vec::new(),
            finished: None,
        })
    }

    /// The board size N.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The seed the run was started from (the `#SEED` of its ID).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The strategy in effect (`auto` resolved).
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The options the run was started with (`strategy` as given, see [`Repair::strategy`]).
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The queens on the board now, row by row (empty before the first placement is complete).
    pub fn board(&self) -> &[u32] {
        if let Some(s) = self.solutions.first() {
            return s;
        }
        match &self.engine {
            Engine::MinConflicts(m) if m.placed => &m.queens,
            Engine::Swap(s) if s.phase == SwapPhase::Repair => &s.queens,
            _ => &[],
        }
    }

    /// The placement on the board now, while no solution was found (None once solved).
    pub fn current(&self) -> Option<&[u32]> {
        match &self.engine {
            _ if !self.solutions.is_empty() => None,
            Engine::MinConflicts(m) if m.placed => Some(&m.queens),
            Engine::Swap(s) if !s.queens.is_empty() => Some(&s.queens),
            _ => None,
        }
    }

    /// Attacking pairs on the board now (0 once solved).
    pub fn total_conflicts(&self) -> u64 {
        match &self.engine {
            _ if !self.solutions.is_empty() => 0,
            Engine::MinConflicts(m) => m.total,
            Engine::Swap(s) => s.total,
            Engine::Impossible => 0,
        }
    }

    fn solved<S: Sink<Event>>(&mut self, queens: Vec<u32>, sink: &mut S) -> Status {
        self.stats.solutions = 1;
        if S::ENABLED {
            let (moves, restarts) = (self.stats.moves, self.stats.restarts);
            sink.emit(Event::RepairSolution {
                columns: queens.clone(),
                moves,
                restarts,
                why: format!(
                    "no two queens attack each other: solved after {moves} move{} and {restarts} restart{}",
                    if moves == 1 { "" } else { "s" },
                    if restarts == 1 { "" } else { "s" }
                ),
            }, self.stats);
        }
        self.solutions.push(queens);
        // The counters are not needed any more; dropping them keeps peak memory down when the
        // caller converts the answer.
        self.engine = Engine::Impossible;
        self.finished = Some(Status::LimitReached);
        Status::LimitReached
    }

    /// True if the step limit is spent; then either a restart is due or (limit reached) the run
    /// gives up, which this reports.
    fn out_of_restarts<S: Sink<Event>>(&mut self, sink: &mut S) -> bool {
        if self
            .options
            .max_restarts
            .is_some_and(|m| self.stats.restarts >= m)
        {
            if S::ENABLED {
                sink.emit(
                    Event::RepairGaveUp {
                        reason: "maxRestarts".into(),
                        why: format!(
                            "{} moves without a solution after {}: the restart limit is reached",
                            self.max_steps,
                            plural(self.stats.restarts, "restart")
                        ),
                    },
                    self.stats,
                );
            }
            self.finished = Some(Status::GaveUp);
            return true;
        }
        false
    }
}

impl Machine for Repair {
    type Event = Event;
    type Solution = Vec<u32>;

    fn run<S: Sink<Event>>(&mut self, budget: &mut Budget, sink: &mut S) -> Status {
        if let Some(status) = self.finished {
            return status;
        }
        match self.engine {
            Engine::MinConflicts(_) => self.run_min_conflicts(budget, sink),
            Engine::Swap(_) => self.run_swap(budget, sink),
            Engine::Impossible => {
                if S::ENABLED {
                    sink.emit(Event::RepairGaveUp {
                        reason: "noSolution".into(),
                        why: format!(
                            "No placement of {n} queens on a {n}x{n} board is free of attacks, so repair cannot succeed",
                            n = self.n
                        ),
                    }, self.stats);
                }
                self.finished = Some(Status::GaveUp);
                Status::GaveUp
            }
        }
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn solutions(&self) -> &[Vec<u32>] {
        &self.solutions
    }
}

/// "1 conflict", "3 conflicts": event sentences read as English.
pub(super) fn plural(count: u64, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::swap::random_permutation;
    use super::*;
    use crate::engine::{NoEvents, Trace};
    use crate::puzzles::queens::{check_placement, check_placement_counting};

    fn solve(n: usize, seed: u64, o: Options) -> Repair {
        let mut m = Repair::new(n, seed, o).unwrap();
        let st = m.run(&mut Budget::unlimited(), &mut NoEvents);
        assert_eq!(st, Status::LimitReached, "n={n} seed={seed}");
        m
    }

    fn columns(m: &Repair) -> Vec<usize> {
        m.solutions()[0].iter().map(|&c| c as usize).collect()
    }

    #[test]
    fn min_conflicts_solves_small_boards() {
        for n in [1, 4, 5, 6, 8, 10, 30, 100] {
            for seed in 0..5 {
                let m = solve(n, seed, Options::article());
                check_placement(n, &columns(&m)).unwrap();
            }
        }
    }

    #[test]
    fn swap_solves_small_and_medium_boards() {
        let o = Options {
            strategy: Strategy::Swap,
            ..Options::default()
        };
        for n in [1, 4, 5, 6, 7, 8, 9, 20, 100, 1000, 5000] {
            for seed in 0..3 {
                let m = solve(n, seed, o.clone());
                check_placement_counting(n, &columns(&m)).unwrap();
                if n <= 1000 {
                    check_placement(n, &columns(&m)).unwrap();
                }
            }
        }
    }

    #[test]
    fn conflict_set_stays_exact() {
        let o = Options {
            maintain_conflict_set: true,
            tabu: 2,
            noise: 0.1,
            ..Options::article()
        };
        let mut m = Repair::new(40, 3, o).unwrap();
        for _ in 0..2000 {
            if m.run(&mut Budget::nodes(1), &mut NoEvents).is_done() {
                break;
            }
            if let Engine::MinConflicts(mc) = &m.engine {
                let mut want: Vec<u32> = (0..40u32)
                    .filter(|&r| mc.placed && mc.conflicts(r as usize) > 0)
                    .collect();
                let mut got = mc.set.as_ref().unwrap().members.clone();
                want.sort();
                got.sort();
                assert_eq!(want, got);
            }
        }
    }

    #[test]
    fn swap_counts_match_a_recount() {
        let o = Options {
            strategy: Strategy::Swap,
            ..Options::default()
        };
        let mut m = Repair::new(300, 9, o).unwrap();
        loop {
            let st = m.run(&mut Budget::nodes(1), &mut NoEvents);
            if st.is_done() {
                break;
            }
            if let Engine::Swap(s) = &m.engine {
                if s.phase != SwapPhase::Repair {
                    continue;
                }
                // Recount attacking pairs from scratch.
                let mut pairs = 0u64;
                for r1 in 0..300 {
                    for r2 in r1 + 1..300 {
                        let (a, b) = (s.queens[r1] as usize, s.queens[r2] as usize);
                        if r2 - r1 == a.abs_diff(b) {
                            pairs += 1;
                        }
                    }
                }
                assert_eq!(pairs, s.total);
            }
        }
    }

    #[test]
    fn random_permutations_are_permutations_and_seeded() {
        for n in [1, 2, 100, 16384, 70_000] {
            let p = random_permutation(n, &mut Rng::new(5));
            let mut seen = vec![false; n];
            for &c in &p {
                assert!(!std::mem::replace(&mut seen[c as usize], true));
            }
            assert_eq!(p, random_permutation(n, &mut Rng::new(5)));
        }
        // Not the identity, and every value can land anywhere: first entries spread out.
        let p = random_permutation(70_000, &mut Rng::new(6));
        assert!(p[..10].iter().any(|&c| c > 35_000) && p[..10].iter().any(|&c| c < 35_000));
    }

    #[test]
    fn events_replay_to_the_board() {
        let mut m = Repair::new(12, 5, Options::article()).unwrap();
        let mut t = Trace::default();
        m.run(&mut Budget::unlimited(), &mut t);
        let mut board: Vec<u32> = Vec::new();
        for e in &t.events {
            match e {
                Event::RepairInit { columns, .. } => board = columns.clone(),
                Event::RepairMove { row, from, to, .. } => {
                    assert_eq!(board[*row as usize], *from);
                    board[*row as usize] = *to;
                }
                Event::RepairRestart { old, columns, .. } => {
                    assert_eq!(&board, old);
                    board = columns.clone();
                }
                Event::RepairSolution { columns, .. } => assert_eq!(&board, columns),
                _ => {}
            }
        }
        assert_eq!(board, m.solutions()[0]);
    }
}
