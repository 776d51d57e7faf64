//! The stepping engine every solver in Solvescope is written against.
//!
//! A search is a [`Machine`]: it owns its whole state and can stop after any unit of work (a *node*:
//! one decision, one propagation round, one repair move) and later continue exactly where it stopped.
//! `run(budget, sink)` does at most `budget` nodes and returns a [`Status`].
//!
//! The event sink is a generic parameter, so one algorithm serves both speeds:
//! - with [`NoEvents`] (`Sink::ENABLED == false`) every `emit` compiles to nothing: that is `solve`;
//! - with [`Trace`] the same code records small, invertible [`Machine::Event`]s: that is `step`.
//!
//! There is no second, slower copy of any algorithm for animation; `tests/step_equals_solve.rs`
//! drains `step` to the end and checks it agrees with `solve` node for node.
//!
//! Most grid puzzles search the same way — propagate to a fixed point, then branch and undo on a
//! dead end — so that machine is written once, in [`search`]: a puzzle supplies its
//! [`search::Rules`] and gets a [`Machine`].
//!
//! Time is not the machine's business: [`Stats::elapsed_micros`] is filled in by the driver
//! ([`Stepper`]), because `std::time::Instant` does not exist in the browser (see `shared::clock`).

use serde::Serialize;

use crate::shared::clock;

pub mod search;

/// Where a search stands after a call to [`Machine::run`].
///
/// Uniqueness falls out of these without a special mode: run with a solution limit of 2; `Exhausted`
/// with one solution is a proof of uniqueness, `LimitReached` with two shows the puzzle is ambiguous,
/// `Exhausted` with none proves there is no solution.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    /// The budget ran out; calling `run` again continues where it stopped.
    Paused,
    /// The whole search space was explored; `Stats::solutions` counts every solution there is.
    Exhausted,
    /// The search stopped because it found as many solutions as it was asked for.
    LimitReached,
    /// A local-search machine gave up (its restart limit was reached) without proving anything.
    GaveUp,
}

impl Status {
    /// True once the machine will do no more work.
    pub fn is_done(self) -> bool {
        self != Status::Paused
    }
}

/// Counters every machine keeps; fields that mean nothing for an algorithm stay zero.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// Units of work done: search nodes (decisions) or, for repair, moves.
    pub nodes: u64,
    /// Times a search undid a decision.
    pub backtracks: u64,
    /// Solutions found so far.
    pub solutions: u64,
    /// Current depth of the search (number of open decisions).
    pub depth: u32,
    /// Repair moves made (min-conflicts only).
    pub moves: u64,
    /// Restarts (min-conflicts only).
    pub restarts: u64,
    /// Wall time spent inside `run`, filled in by the driver.
    pub elapsed_micros: u64,
}

/// How much work one call to `run` may do, counted in nodes, and optionally until when.
///
/// The node count is what machines spend ([`Budget::take`], once per node, on the hot path). The
/// deadline is for the few nodes that can be slow on their own (a 16x16 line table, a matrix-tree
/// determinant on a big board, a min-conflicts move at n = 100,000): they ask
/// [`Budget::out_of_time`] between pieces of their work and stop early, leaving the node to be
/// finished by the next call. The driver ([`Stepper::solve_within`]) sets it; without one the
/// machine never reads the clock.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    left: u64,
    /// Microseconds on [`clock::now_micros`] after which slow nodes stop early.
    deadline: Option<u64>,
}

impl Budget {
    /// A budget of `n` nodes.
    pub fn nodes(n: u64) -> Self {
        Budget {
            left: n,
            deadline: None,
        }
    }

    /// No limit: `run` returns only when the search is done.
    pub fn unlimited() -> Self {
        Budget::nodes(u64::MAX)
    }

    /// The same budget, also ending at `deadline` (a [`clock::now_micros`] reading).
    pub fn until(self, deadline: u64) -> Self {
        Budget {
            deadline: Some(deadline),
            ..self
        }
    }

    /// Takes one node from the budget; false means the machine must pause *before* doing the work.
    #[inline(always)]
    pub fn take(&mut self) -> bool {
        if self.left == 0 {
            false
        } else {
            self.left -= 1;
            true
        }
    }

    /// Nodes still available.
    pub fn left(&self) -> u64 {
        self.left
    }

    /// True once the deadline has passed (reads the clock; false without a deadline). A slow node
    /// calls it every so often — every few microseconds of work or more, since a reading costs
    /// tens of nanoseconds natively and more in the browser — and when it says so, leaves the
    /// rest of its work for the next call and returns `Paused`. Once it has said true it says
    /// true without reading the clock again, and [`Budget::take`] refuses every further node.
    pub fn out_of_time(&mut self) -> bool {
        match self.deadline {
            Some(d) if clock::now_micros() >= d => {
                self.left = 0;
                self.deadline = Some(0);
                true
            }
            _ => false,
        }
    }
}

/// Receives the events of a search.
///
/// Every event travels with the machine's counters *after* it (`after`, its `elapsed_micros`
/// left at zero), so a viewer at step k shows the counters of step k, whichever way it got there:
/// a node often emits several events (a queen placed, its row's attacks, three backtracks), and
/// counters read at the end of the node would run ahead of the board. The rule for machines:
/// update a counter before emitting the event that reports it.
pub trait Sink<E> {
    /// False when events are thrown away: machines test it before building an expensive event,
    /// and with it the compiler removes all tracing from the fast path.
    const ENABLED: bool;
    /// Records one event and the counters after it.
    fn emit(&mut self, event: E, after: Stats);
}

/// The sink of `solve`: drops everything, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl<E> Sink<E> for NoEvents {
    const ENABLED: bool = false;
    #[inline(always)]
    fn emit(&mut self, _event: E, _after: Stats) {}
}

/// The sink of `step`: keeps every event in order, with the counters after each.
#[derive(Clone, Debug)]
pub struct Trace<E> {
    /// Every event recorded so far, oldest first.
    pub events: Vec<E>,
    /// `after[i]`: the counters after `events[i]`.
    pub after: Vec<Counters>,
}

impl<E> Default for Trace<E> {
    fn default() -> Self {
        Trace {
            events: Vec::new(),
            after: Vec::new(),
        }
    }
}

impl<E> Sink<E> for Trace<E> {
    const ENABLED: bool = true;
    #[inline]
    fn emit(&mut self, event: E, after: Stats) {
        self.events.push(event);
        self.after.push(Counters::of(&after));
    }
}

/// The counters after one event, as a frame carries them: `[nodes, backtracks, solutions, depth,
/// moves, restarts]` (the fields of [`Stats`] but time, in that order). An array rather than an
/// object because a fast frame holds up to 20,000 of them.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(type = "[number, number, number, number, number, number]"))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counters(pub [u64; 6]);

impl Counters {
    /// The counters of `s` (its time dropped).
    pub fn of(s: &Stats) -> Self {
        Counters([
            s.nodes,
            s.backtracks,
            s.solutions,
            s.depth as u64,
            s.moves,
            s.restarts,
        ])
    }
}

/// A search that can stop after any node and continue later.
pub trait Machine {
    /// One small, invertible change to what the viewer sees, with its reason.
    type Event;
    /// One complete answer.
    type Solution;

    /// Does at most `budget` nodes of work, reporting every change to `sink`.
    /// After a done status, further calls return the same status and do nothing.
    fn run<S: Sink<Self::Event>>(&mut self, budget: &mut Budget, sink: &mut S) -> Status;

    /// Counters so far (`elapsed_micros` is left to the driver).
    fn stats(&self) -> Stats;

    /// The solutions kept so far, in the order found (at most the machine's solution limit).
    fn solutions(&self) -> &[Self::Solution];
}

/// What a finished run proved (see `puzzles::contract::verdict` for how a run's end is read).
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Verdict {
    /// Exactly one solution, and the search proved there is no other.
    Unique,
    /// At least two solutions.
    Multiple,
    /// The search space was exhausted without a solution.
    None,
    /// Solutions were found and the search stopped as asked without proving anything more.
    Found,
    /// Every solution was counted (`stats.solutions`).
    Counted,
    /// The budget ran out before an answer (also the default: nothing decided yet).
    #[default]
    Budget,
    /// A local search gave up.
    GaveUp,
}

/// One batch of events as handed to the page: what changed, the counters after it, and where the
/// search stands. The frame that ends a run carries its verdict, computed in Rust so that no
/// caller re-derives it from counters.
#[cfg_attr(test, derive(ts_rs::TS))]
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Frame<E> {
    /// The events of this batch, in the order they happened.
    pub events: Vec<E>,
    /// `after[i]`: the counters after `events[i]`, what a viewer at that step shows.
    pub after: Vec<Counters>,
    /// The counters after the batch (wall time included): how far the machine has computed,
    /// which is ahead of every event but the last one of the batch.
    pub stats: Stats,
    /// Where the search stands after the batch ([`Status::Paused`] while it can go on).
    pub status: Status,
    /// What the run proved, on the frame that ends it; `None` (JSON `null`) on the frames before,
    /// and on every frame a bare [`Stepper`] makes (the puzzle's runner fills it in).
    pub verdict: Option<Verdict>,
    /// The sentence that says what the run proved, on the frame that ends it (written by the
    /// puzzle's runner, `contract::says`, so no viewer writes one of its own); `None` before.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub says: Option<String>,
}

/// Most nodes one [`Stepper::step`] call runs, whatever the number of events.
pub const MAX_NODES_PER_FRAME: u64 = 100_000;

/// Drives a [`Machine`] for `step` and `solve`, keeping time and the last status.
#[derive(Debug)]
pub struct Stepper<M> {
    machine: M,
    status: Status,
    elapsed_micros: u64,
    /// The node chunk [`Stepper::solve_within`] starts with: what the last call learnt, so a
    /// run solved in slices does not start each slice at [`FIRST_CHUNK`] slow nodes.
    chunk: u64,
}

impl<M: Machine> Stepper<M> {
    /// A driver for `machine`, which has done no work yet.
    pub fn new(machine: M) -> Self {
        Stepper {
            machine,
            status: Status::Paused,
            elapsed_micros: 0,
            chunk: FIRST_CHUNK,
        }
    }

    /// The machine being driven (to read its board or solutions).
    pub fn machine(&self) -> &M {
        &self.machine
    }

    /// The machine back, for callers that read more than the stepper shows.
    pub fn into_machine(self) -> M {
        self.machine
    }

    /// The status of the last call ([`Status::Paused`] before the first).
    pub fn status(&self) -> Status {
        self.status
    }

    /// Adds `micros` of wall time spent on this run outside the driver's calls (checking and
    /// converting its solutions), so the time reported is the time the caller waited.
    pub fn add_elapsed(&mut self, micros: u64) {
        self.elapsed_micros += micros;
    }

    /// The machine's counters, with the wall time spent in this driver's calls.
    pub fn stats(&self) -> Stats {
        Stats {
            elapsed_micros: self.elapsed_micros,
            ..self.machine.stats()
        }
    }

    /// Runs node by node until at least `max_events` events were recorded or the search is done,
    /// so a frame never stops in the middle of a node (every frame leaves a consistent board).
    /// A frame also ends after [`MAX_NODES_PER_FRAME`] nodes, even with fewer events: a machine
    /// may work silently for long stretches (rejected repair swaps), and the caller — the page's
    /// worker — must get control back to stay cancellable.
    pub fn step(&mut self, max_events: usize) -> Frame<M::Event> {
        let mut trace = Trace::default();
        let started = clock::now_micros();
        let mut nodes = 0;
        while !self.status.is_done() && nodes < MAX_NODES_PER_FRAME {
            self.status = self.machine.run(&mut Budget::nodes(1), &mut trace);
            nodes += 1;
            if trace.events.len() >= max_events.max(1) {
                break;
            }
        }
        self.elapsed_micros += clock::now_micros().saturating_sub(started);
        Frame {
            events: trace.events,
            after: trace.after,
            stats: self.stats(),
            status: self.status,
            // The machine alone cannot read its end (uniqueness or not): the runner fills it in.
            verdict: None,
            says: None,
        }
    }

    /// Runs without recording events for at most `budget` nodes (or to the end).
    pub fn solve(&mut self, mut budget: Budget) -> Status {
        let started = clock::now_micros();
        if !self.status.is_done() {
            self.status = self.machine.run(&mut budget, &mut NoEvents);
        }
        self.elapsed_micros += clock::now_micros().saturating_sub(started);
        self.status
    }

    /// Like [`Stepper::solve`], but also gives up after `max_micros` of wall time. Used wherever a
    /// pasted puzzle could otherwise run for ever, so the budget must hold on every board: the run
    /// returns within `max_micros` plus about [`CLOCK_SLICE_MICROS`] (plus whatever one stretch
    /// of a slow node between two of its [`Budget::out_of_time`] looks costs).
    ///
    /// The clock is read once per chunk of nodes, and the chunk is sized by time, not by count:
    /// after each chunk the next is scaled so that it should take about [`CLOCK_SLICE_MICROS`]
    /// (growing at most 2x a time, shrinking at once). A fixed count cannot fit every board: a
    /// Queens node costs nanoseconds, a 16x16 Skyscrapers or 100x100 Hashiwokakero node up to
    /// milliseconds, a min-conflicts move at n = 100,000 a fraction of one (65,536 nodes per
    /// reading overshot a 1 s budget by 4-8x there). Small puzzles still need only a reading or
    /// two: the first chunk is [`FIRST_CHUNK`] nodes.
    pub fn solve_within(&mut self, max_nodes: u64, max_micros: u64) -> Status {
        self.solve_within_then(max_nodes, max_micros, |_| Ok::<(), ()>(()))
            .unwrap_or(self.status)
    }

    /// [`Stepper::solve_within`], calling `between` with the machine after each chunk of nodes,
    /// inside the same time budget (the run's caller checks the solutions found so far there, so a
    /// budget that ends the search leaves no backlog of work past it). Chunks are sized by the
    /// search's time alone. An error from `between` ends the run at once.
    pub fn solve_within_then<E>(
        &mut self,
        max_nodes: u64,
        max_micros: u64,
        mut between: impl FnMut(&M) -> Result<(), E>,
    ) -> Result<Status, E> {
        let started = clock::now_micros();
        let deadline = started.saturating_add(max_micros);
        let mut nodes_left = max_nodes;
        let mut chunk = self.chunk;
        let mut now = started;
        let mut result = Ok(());
        while !self.status.is_done() && nodes_left > 0 && now < deadline {
            let n = chunk.min(nodes_left);
            let mut budget = Budget::nodes(n).until(deadline);
            self.status = self.machine.run(&mut budget, &mut NoEvents);
            // `left` is zero if a slow node stopped on the deadline: count the chunk as spent.
            nodes_left -= n - budget.left().min(n);
            let searched = clock::now_micros();
            chunk = next_chunk(chunk, searched.saturating_sub(now));
            result = between(&self.machine);
            now = clock::now_micros();
            if result.is_err() {
                break;
            }
        }
        self.chunk = chunk;
        self.elapsed_micros += now.saturating_sub(started);
        result.map(|()| self.status)
    }
}

/// Wall time [`Stepper::solve_within`] aims to spend between two readings of the clock: short
/// against any budget a person gives (the margin promised is 10% + 50 ms), long against a reading
/// (a few hundred of them per second cost nothing measurable, natively or in the browser).
pub const CLOCK_SLICE_MICROS: u64 = 2_000;

/// Nodes of the first chunk of [`Stepper::solve_within`], before any chunk was timed: enough for
/// most small puzzles to finish before the second reading, few enough that even the slowest
/// nodes measured (a few milliseconds each) fit the margin.
pub const FIRST_CHUNK: u64 = 16;

/// The chunk after one of `chunk` nodes that took `micros`: scaled to [`CLOCK_SLICE_MICROS`],
/// at most doubled (one fast chunk says little about the next), never below one node.
fn next_chunk(chunk: u64, micros: u64) -> u64 {
    if micros == 0 {
        return chunk.saturating_mul(2);
    }
    let scaled = (chunk as u128 * CLOCK_SLICE_MICROS as u128 / micros as u128) as u64;
    scaled.clamp(1, chunk.saturating_mul(2))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy machine: counts down from `n`, one event per node; a solution at zero.
    struct Countdown {
        left: u32,
        nodes: u64,
        found: Vec<u32>,
    }

    impl Machine for Countdown {
        type Event = u32;
        type Solution = u32;
        fn run<S: Sink<u32>>(&mut self, budget: &mut Budget, sink: &mut S) -> Status {
            loop {
                if self.left == 0 {
                    if self.found.is_empty() {
                        self.found.push(0);
                    }
                    return Status::LimitReached;
                }
                if !budget.take() {
                    return Status::Paused;
                }
                self.nodes += 1;
                self.left -= 1;
                sink.emit(self.left, self.stats());
            }
        }
        fn stats(&self) -> Stats {
            Stats {
                nodes: self.nodes,
                solutions: self.found.len() as u64,
                ..Stats::default()
            }
        }
        fn solutions(&self) -> &[u32] {
            &self.found
        }
    }

    #[test]
    fn budget_pauses_and_resumes_exactly() {
        let mut m = Countdown {
            left: 5,
            nodes: 0,
            found: vec![],
        };
        let mut trace = Trace::default();
        assert_eq!(m.run(&mut Budget::nodes(2), &mut trace), Status::Paused);
        assert_eq!(trace.events, vec![4, 3]);
        assert_eq!(
            m.run(&mut Budget::unlimited(), &mut trace),
            Status::LimitReached
        );
        assert_eq!(trace.events, vec![4, 3, 2, 1, 0]);
        assert_eq!(m.stats().nodes, 5);
    }

    /// A machine that works without events for a long time still hands control back.
    struct Silent {
        nodes: u64,
    }

    impl Machine for Silent {
        type Event = ();
        type Solution = ();
        fn run<S: Sink<()>>(&mut self, budget: &mut Budget, _sink: &mut S) -> Status {
            while budget.take() {
                self.nodes += 1;
            }
            Status::Paused
        }
        fn stats(&self) -> Stats {
            Stats {
                nodes: self.nodes,
                ..Stats::default()
            }
        }
        fn solutions(&self) -> &[()] {
            &[]
        }
    }

    #[test]
    fn a_silent_machine_still_ends_its_frame() {
        let mut s = Stepper::new(Silent { nodes: 0 });
        let f = s.step(10);
        assert!(f.events.is_empty());
        assert_eq!(f.status, Status::Paused);
        assert_eq!(f.stats.nodes, MAX_NODES_PER_FRAME);
    }

    #[test]
    fn chunks_follow_the_time_they_take() {
        // Fast chunks at most double; a slow one shrinks the next to fit the slice at once.
        assert_eq!(next_chunk(16, 0), 32);
        assert_eq!(next_chunk(16, 1), 32);
        assert_eq!(next_chunk(1000, CLOCK_SLICE_MICROS), 1000);
        assert_eq!(next_chunk(1000, 10 * CLOCK_SLICE_MICROS), 100);
        assert_eq!(next_chunk(16, 1_000_000), 1);
    }

    #[test]
    fn a_passed_deadline_stops_every_further_node() {
        let mut b = Budget::nodes(10).until(0);
        assert!(b.out_of_time());
        assert!(!b.take());
        assert!(
            !Budget::nodes(10).out_of_time(),
            "no deadline, never out of time"
        );
        // A stepper given no time at all does not start the machine.
        let mut s = Stepper::new(Silent { nodes: 0 });
        assert_eq!(s.solve_within(u64::MAX, 0), Status::Paused);
        assert_eq!(s.stats().nodes, 0);
    }

    #[test]
    fn stepper_frames_respect_max_events_and_finish() {
        let mut s = Stepper::new(Countdown {
            left: 5,
            nodes: 0,
            found: vec![],
        });
        let f = s.step(2);
        assert_eq!(f.events, vec![4, 3]);
        assert_eq!(f.status, Status::Paused);
        assert_eq!(s.solve(Budget::unlimited()), Status::LimitReached);
        assert_eq!(s.stats().nodes, 5);
        assert_eq!(s.machine().solutions(), &[0]);
    }
}
