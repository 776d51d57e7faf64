//! Running algorithms: the report of a run, its verdict, and the adapter from a machine to a run.

use serde::Serialize;

use crate::engine::{Frame, Machine, Stats, Status, Stepper, Verdict};
use crate::puzzles::{AnyEvent, AnySolution};
use crate::shared::clock;

/// Wall-time budget of the searches behind the player helpers (a hint, a check's uniqueness
/// proof): they answer a click, and a hostile board (a 16x16 Skyscrapers with clues only, a
/// 100x100 Hashiwokakero) would otherwise keep them busy for minutes within their node budgets.
/// When it runs out, the answer says `budget` (not decided), as for a node budget.
pub const HELPER_MAX_MICROS: u64 = 2_000_000;

/// How many solutions [`Run::solve`] always checks and reports, however little time is left: the
/// verdict rests on them (one for `unique` and `found`, two for `multiple`).
pub const ALWAYS_CHECKED: usize = 2;

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// The result of [`Run::solve`].
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// What the run proved ([`Verdict::Budget`] when the budget ran out first).
    pub verdict: Verdict,
    /// The verdict as the sentence a viewer shows, with the run's time, and for a run its budget
    /// stopped, which budget ([`says`]).
    pub says: String,
    /// Where the machine stopped.
    pub status: Status,
    /// The counters at the end, wall time included.
    pub stats: Stats,
    /// Every solution kept, each passed through the puzzle's independent checker.
    pub solutions: Vec<AnySolution>,
    /// The seed of a randomised run (share it in the ID, e.g. `queens:N#SEED`): a number up to
    /// 2^53 − 1, decimal text above (an ID's seed goes up to 2^64 − 1).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "super::info::seed_out_opt"
    )]
    #[cfg_attr(test, ts(optional, type = "number | string"))]
    pub seed: Option<u64>,
    /// The variant of the algorithm in effect where it chooses one itself (repair: "swap").
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub variant: Option<&'static str>,
    /// Solutions found and kept by the search but left out of [`Report::solutions`] because the
    /// time budget ended while they were being checked or sent (0, and absent, when none was).
    /// The verdict counts them only where it needs no more than the solutions listed.
    #[serde(skip_serializing_if = "is_zero")]
    #[cfg_attr(test, ts(as = "Option<u64>", optional))]
    pub omitted: u64,
    /// Where a local search stood when it stopped without an answer (the budget ran out or it
    /// gave up), so a viewer shows that board and its real cost instead of an empty one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub stopped: Option<Stopped>,
}

/// A local search's assignment when it stopped: not a solution (it breaks `cost` rules), in the
/// shape of one.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stopped {
    /// The assignment, as a solution of the puzzle would be written.
    pub board: AnySolution,
    /// How many rules it breaks (for N-Queens: attacking pairs), as the machine counted them; 0
    /// for a backtracking search, whose board breaks none but is not complete.
    pub cost: u64,
    /// Skyscrapers: the candidate masks still open at the stop, row-major (bit h-1: height h).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub candidates: Option<Vec<u32>>,
    /// Hashiwokakero: `[lo, hi]` bridges still possible on each candidate edge at the stop.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub ranges: Option<Vec<[u8; 2]>>,
    /// Skyscrapers repair: `[row, column]` of every cell in a broken rule at the stop, as its
    /// events mark them, so a run ended by Solve marks the same cells as one stepped there.
    /// (Bytes, as `ranges` are: one serializer for both keeps the other modules' size.)
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub bad: Option<Vec<[u8; 2]>>,
}

impl Stopped {
    /// A board with nothing open beside it (N-Queens).
    pub fn board(board: AnySolution, cost: u64) -> Self {
        Stopped {
            board,
            cost,
            candidates: None,
            ranges: None,
            bad: None,
        }
    }
}

/// The sentence of a search its budget stopped, and what the board shown at the stop holds
/// (`held`: "9 of 16 cells decided"), so the page need not word it.
pub fn stopped_says(common: String, held: &str) -> String {
    format!("{common} The board shows where it stood: {held}.")
}

/// A running algorithm of any puzzle, object-safe so a session can hold any of them.
pub trait Run {
    /// Runs until at least `max_events` events happened or the search ended. The frame that ends
    /// the run carries its verdict.
    fn step(&mut self, max_events: usize) -> Frame<AnyEvent>;
    /// Runs without events to the end, or until `max_nodes` nodes or `max_micros` of wall time.
    fn solve(&mut self, max_nodes: u64, max_micros: u64) -> Result<Report, String> {
        self.solve_handing(max_nodes, max_micros, None)
    }
    /// [`Run::solve`], handing each solution to `hand` (the wasm boundary, which builds it as a
    /// JavaScript object) inside the run's time instead of listing it in the report: until the
    /// budget's end plus 5% of it, the first [`ALWAYS_CHECKED`] whatever the time. Those not
    /// handed are counted in [`Report::omitted`]; the time, the counters and the sentence
    /// include the hand-over, which for 10,000 large boards is as long as the search.
    fn solve_handing(
        &mut self,
        max_nodes: u64,
        max_micros: u64,
        hand: Option<Hand<'_>>,
    ) -> Result<Report, String>;
    /// Counters and status so far.
    fn stats(&self) -> (Stats, Status);
    /// The seed of a randomised run.
    fn seed(&self) -> Option<u64>;
    /// The variant in effect, where the algorithm picks one (see [`Report::variant`]).
    fn variant(&self) -> Option<&'static str>;
}

/// Where [`Run::solve_handing`] sends each solution.
pub type Hand<'a> = &'a mut dyn FnMut(&AnySolution) -> Result<(), String>;

/// What a run is asked, which decides how its end is read (see [`verdict`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Find solutions up to a limit and prove there are no more: unique / multiple / none.
    Uniqueness,
    /// Find one or more solutions, nothing to prove beyond "none".
    Find,
    /// Count every solution.
    Count,
}

/// The verdict of a run that ended with `status` after finding `solutions`; `None` while paused
/// and not forced to stop. `stopped` says the caller's budget ended the run (`solve`).
pub fn verdict(question: Question, status: Status, solutions: u64) -> Option<Verdict> {
    Some(match status {
        Status::Paused => return None,
        Status::GaveUp => Verdict::GaveUp,
        Status::Exhausted if question == Question::Count => Verdict::Counted,
        _ if solutions == 0 => Verdict::None,
        Status::Exhausted if question == Question::Uniqueness && solutions == 1 => Verdict::Unique,
        // Two or more solutions answer the uniqueness question whether or not the search then
        // ran out of space or hit its limit (an empty 4x4 with limit 1000 exhausts at 576).
        _ if question == Question::Uniqueness && solutions >= 2 => Verdict::Multiple,
        Status::Exhausted | Status::LimitReached => Verdict::Found,
    })
}

/// Whether a run ended without answering: its budget stopped it or it gave up (a board it stood
/// at then says something; after "no solution" it is only where the search unwound to).
fn unanswered(v: Verdict) -> bool {
    matches!(v, Verdict::Budget | Verdict::GaveUp)
}

/// Which budget ended a `solve` that stopped before its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The node budget (how many nodes).
    Nodes(u64),
    /// The time budget (microseconds).
    Micros(u64),
}

/// The sentence that ends a run with `verdict` asked `question`, after `solutions` solutions:
/// what the page shows under the board, so no viewer writes one of its own. `elapsed_micros`
/// (the run's time) is said when given; `limit` says which budget stopped a [`Verdict::Budget`],
/// or a [`Verdict::Multiple`] that `status` says was paused (its budget ran out after two).
pub fn says(
    verdict: Verdict,
    status: Status,
    question: Question,
    solutions: u64,
    elapsed_micros: Option<u64>,
    limit: Option<Limit>,
) -> String {
    let took = match elapsed_micros.and_then(time_text) {
        Some(t) => format!(" ({t})"),
        None => String::new(),
    };
    let sols = |n: u64| plural(n, "solution", "solutions");
    match verdict {
        Verdict::Unique => {
            format!("Unique: one solution, and the search proved there is no other{took}.")
        }
        // How it ended: at the solution limit, its budget, or the whole space searched (an
        // empty 4x4 with limit 1000 finds all 576).
        Verdict::Multiple => match status {
            Status::LimitReached if solutions == 2 => "Multiple solutions: the search stopped \
                at the second one (use the switch to compare the two)."
                .to_string(),
            Status::LimitReached => format!(
                "Multiple solutions: the search stopped at its limit of {} (use the switch to \
                 compare them).",
                sols(solutions)
            ),
            Status::Exhausted => format!(
                "Multiple solutions: {}, and the search found every one{took}.",
                sols(solutions)
            ),
            _ => format!(
                "Multiple solutions: {} found before {}{took}.",
                sols(solutions),
                budget_words(limit)
            ),
        },
        Verdict::None => format!(
            "No solution: every branch ends in a contradiction, so this puzzle has no \
             solution{took}."
        ),
        Verdict::Found if question == Question::Uniqueness => {
            "Found a solution (the search was stopped before proving it unique).".to_string()
        }
        Verdict::Found => format!("Found {}{took}.", sols(solutions)),
        Verdict::Counted => format!("Counted {}{took}.", sols(solutions)),
        Verdict::GaveUp => {
            format!("Gave up: the search stopped without an answer{took}.")
        }
        Verdict::Budget => {
            let after = match elapsed_micros.and_then(time_text) {
                Some(t) => format!(" after {t}"),
                None => String::new(),
            };
            format!(
                "Stopped{after}: {} before the search ended, {} so far.",
                budget_words(limit),
                sols(solutions)
            )
        }
    }
}

/// Which budget ran out ("its budget of 2,000 nodes ran out").
fn budget_words(limit: Option<Limit>) -> String {
    match limit {
        Some(Limit::Nodes(n)) => format!("its budget of {} ran out", plural(n, "node", "nodes")),
        Some(Limit::Micros(us)) => format!(
            "its time budget of {} ran out",
            time_text(us).unwrap_or_else(|| "0 µs".into())
        ),
        None => "the budget ran out".to_string(),
    }
}

/// What Check, Hint and Load add about the puzzle itself (its clues, not the player's moves)
/// when it does not have exactly one solution, from a uniqueness solve's verdict: "no mistakes so
/// far" would otherwise promise more than the search knows. None for a unique puzzle.
pub fn solvability_says(v: Verdict) -> Option<String> {
    Some(
        match v {
            Verdict::Unique => return None,
            Verdict::None => {
                "This puzzle has no solution: no way of finishing it keeps every rule."
            }
            Verdict::Multiple | Verdict::Found => {
                "This puzzle has more than one solution, so only broken rules can be marked."
            }
            _ => {
                "Whether this puzzle has exactly one solution could not be decided within the \
                 search budget; only broken rules are marked."
            }
        }
        .to_string(),
    )
}

/// `n` with thousands separators and the noun in the right number ("1 node", "2,000 nodes").
pub fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

/// `n` with thousands separators, as the page's counters write numbers ("1,000,000").
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A time as the page's counters write it; `None` for no time measured (0 µs would read as one).
pub fn time_text(us: u64) -> Option<String> {
    Some(match us {
        0 => return None,
        1..=999 => format!("{us} µs"),
        1_000..=999_999 => format!("{:.1} ms", us as f64 / 1e3),
        _ => format!("{:.2} s", us as f64 / 1e6),
    })
}

/// How a `solve` ended, for a puzzle's own sentence ([`Runner::with_says`]).
pub struct End<'a> {
    /// What the run proved.
    pub verdict: Verdict,
    /// Where the machine stopped (a search that found every solution is `Exhausted`).
    pub status: Status,
    /// The counters at the end.
    pub stats: &'a Stats,
    /// Which budget stopped it, for [`Verdict::Budget`].
    pub limit: Option<Limit>,
    /// Where a local search stood when it stopped without an answer.
    pub stopped: Option<&'a Stopped>,
    /// The seed of a randomised run.
    pub seed: Option<u64>,
    /// Whether the sentence says the run's time (a `solve`'s; a stepped run's last frame does not).
    pub timed: bool,
}

/// A puzzle's own sentence for the end of a `solve` of machine `M` (None: the common one).
pub type SaysFn<M> = fn(&M, &End) -> Option<String>;

/// The puzzle side of a [`Runner`]: how its machine's solutions become checked answers.
pub type Checker<M> = fn(&M, &<M as Machine>::Solution) -> Result<AnySolution, String>;

/// Drives one machine for a session: events and solutions converted, answers checked, verdicts
/// computed. Puzzles build one in [`Game::start`](super::Game::start); nobody else needs to know the machine's type.
pub struct Runner<M: Machine> {
    stepper: Stepper<M>,
    question: Question,
    check: Checker<M>,
    seed: Option<u64>,
    variant: Option<&'static str>,
    stopped: Option<fn(&M) -> Option<Stopped>>,
    says: Option<SaysFn<M>>,
}

impl<M> Runner<M>
where
    M: Machine + 'static,
    M::Event: Into<AnyEvent>,
{
    /// A runner for `machine`, asking `question`, whose solutions go through `check` (which must
    /// be the puzzle's independent checker, not the solver's own bookkeeping).
    pub fn new(machine: M, question: Question, check: Checker<M>) -> Self {
        Runner {
            stepper: Stepper::new(machine),
            question,
            check,
            seed: None,
            variant: None,
            stopped: None,
            says: None,
        }
    }

    /// The puzzle's own sentence for the end of a `solve` (repair says its moves and the board it
    /// stopped at); the common one ([`says`]) where it returns None.
    pub fn with_says(mut self, says: SaysFn<M>) -> Self {
        self.says = Some(says);
        self
    }

    /// How to read where a local search stands, for a run that stops without an answer.
    pub fn with_stopped(mut self, stopped: fn(&M) -> Option<Stopped>) -> Self {
        self.stopped = Some(stopped);
        self
    }

    /// Records the seed of a randomised machine.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = Some(seed);
        self
    }

    /// Records the variant the machine chose.
    pub fn with_variant(mut self, variant: &'static str) -> Self {
        self.variant = Some(variant);
        self
    }

    /// Boxed, for [`Game::start`](super::Game::start).
    pub fn boxed(self) -> Box<dyn Run> {
        Box::new(self)
    }

    /// Checks `m`'s solutions from `out.len()` on, in order, through the independent checker,
    /// while the clock is before `until`; the first [`ALWAYS_CHECKED`] whatever the time, since
    /// the verdict (unique, multiple) rests on them.
    fn check_more(
        check: Checker<M>,
        m: &M,
        out: &mut Vec<AnySolution>,
        until: u64,
    ) -> Result<(), String> {
        let kept = m.solutions();
        if out.len() >= kept.len() {
            return Ok(());
        }
        for s in &kept[out.len()..] {
            if out.len() >= ALWAYS_CHECKED && clock::now_micros() >= until {
                break;
            }
            out.push(check(m, s).map_err(|e| {
                format!("internal error: the solver produced an invalid answer: {e}")
            })?);
        }
        Ok(())
    }
}

impl<M> Run for Runner<M>
where
    M: Machine + 'static,
    M::Event: Into<AnyEvent>,
{
    fn step(&mut self, max_events: usize) -> Frame<AnyEvent> {
        let f = self.stepper.step(max_events);
        let verdict = verdict(self.question, f.status, f.stats.solutions);
        Frame {
            events: f.events.into_iter().map(Into::into).collect(),
            after: f.after,
            // No time in the sentence of a step: the last step's time is the run's so far.
            says: verdict.map(|v| {
                // Where a local search stood when it ended without an answer, as `solve` says it.
                let stopped = match self.stopped {
                    Some(read) if f.stats.solutions == 0 && unanswered(v) => {
                        read(self.stepper.machine())
                    }
                    _ => None,
                };
                let end = End {
                    verdict: v,
                    status: f.status,
                    stats: &f.stats,
                    limit: None,
                    stopped: stopped.as_ref(),
                    seed: self.seed,
                    timed: false,
                };
                self.says
                    .and_then(|own| own(self.stepper.machine(), &end))
                    .unwrap_or_else(|| {
                        says(v, f.status, self.question, f.stats.solutions, None, None)
                    })
            }),
            verdict,
            stats: f.stats,
            status: f.status,
        }
    }

    fn solve_handing(
        &mut self,
        max_nodes: u64,
        max_micros: u64,
        hand: Option<Hand<'_>>,
    ) -> Result<Report, String> {
        // One budget for the whole call: the search and checking the solutions it keeps (a
        // 100x100 board with --limit 10000 holds 10,000 boards of 2,500 bridges). The solutions
        // found are checked between chunks of the search, on the same clock, so a budget that
        // ends the search leaves the solutions found so far checked, not a backlog.
        let deadline = clock::now_micros().saturating_add(max_micros);
        // The node budget is this call's; the stats count the whole run (steps before it too).
        let nodes_before = self.stepper.stats().nodes;
        let check = self.check;
        let mut solutions = Vec::new();
        let status = self.stepper.solve_within_then(max_nodes, max_micros, |m| {
            Self::check_more(check, m, &mut solutions, deadline)
        })?;
        // A run that was done before this call (solved twice) still reports its solutions.
        let before = clock::now_micros();
        Self::check_more(check, self.stepper.machine(), &mut solutions, deadline)?;
        let checked = solutions.len();
        let mut listed = checked;
        if let Some(hand) = hand {
            let send_until = deadline.saturating_add(max_micros / 20);
            let mut sent = 0;
            for s in &solutions {
                if sent >= ALWAYS_CHECKED && clock::now_micros() >= send_until {
                    break;
                }
                hand(s)?;
                sent += 1;
            }
            // Handed over: the report does not list them again.
            listed = sent;
            solutions.clear();
        }
        self.stepper
            .add_elapsed(clock::now_micros().saturating_sub(before));
        let stats = self.stepper.stats();
        let kept = self.stepper.machine().solutions().len() as u64;
        let verdict = verdict(self.question, status, stats.solutions).unwrap_or(
            // The budget ended the search, but two solutions already answer the question.
            if self.question == Question::Uniqueness && checked >= 2 {
                Verdict::Multiple
            } else {
                Verdict::Budget
            },
        );
        // The board where a run without an answer stood (not one that proved there is none).
        let stopped = match self.stopped {
            Some(read) if checked == 0 && unanswered(verdict) => read(self.stepper.machine()),
            _ => None,
        };
        // Which budget ended it: the nodes if this call spent them all, else the clock.
        let spent = stats.nodes.saturating_sub(nodes_before);
        // (A Multiple the budget ended says it too.)
        let paused = status == Status::Paused;
        let limit = (verdict == Verdict::Budget || paused).then_some(if spent >= max_nodes {
            Limit::Nodes(max_nodes)
        } else {
            Limit::Micros(max_micros)
        });
        let own = self.says.and_then(|f| {
            let end = End {
                verdict,
                status,
                stats: &stats,
                limit,
                stopped: stopped.as_ref(),
                seed: self.seed,
                timed: true,
            };
            f(self.stepper.machine(), &end)
        });
        let says = own.unwrap_or_else(|| {
            says(
                verdict,
                status,
                self.question,
                stats.solutions,
                Some(stats.elapsed_micros),
                limit,
            )
        });
        Ok(Report {
            stopped,
            says,
            verdict,
            status,
            stats,
            omitted: kept.saturating_sub(listed as u64),
            solutions,
            seed: self.seed,
            variant: self.variant,
        })
    }

    fn stats(&self) -> (Stats, Status) {
        (self.stepper.stats(), self.stepper.status())
    }

    fn seed(&self) -> Option<u64> {
        self.seed
    }

    fn variant(&self) -> Option<&'static str> {
        self.variant
    }
}
