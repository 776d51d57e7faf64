//! Propagate-and-branch search, once for every puzzle: [`Search`] is a [`Machine`] over any
//! [`Rules`].
//!
//! A puzzle supplies its rules — what its first node deduces, how a choice is tried and crossed
//! out, propagation to a fixed point, the branch choice, its undo trail, and the words of its
//! events — and the engine does the rest, the same way for every puzzle:
//!
//! - the decision stack: a node chooses a branch and tries it (*assign*); a dead end undoes the
//!   trail to where the choice was made and crosses the choice out at the level above
//!   (*refute*), so every node is binary and no alternative is listed;
//! - the phases of a node (start, assign, refute) and the counters: one node per propagation
//!   run, a backtrack per undone choice, the depth is the stack's height;
//! - the solution limit (2 makes uniqueness fall out of [`Status`]) and the last solution left
//!   on the board for the viewer;
//! - node budgets, and time budgets inside a node: propagation that runs out of time returns
//!   [`Fixpoint::Interrupted`], and the next call finishes the same node before anything else;
//! - the counters on every event: rules emit through an [`Emit`], which stamps the counters of
//!   the moment, so no puzzle can report them a step early or late.
//!
//! Rules emit their events only when `S::ENABLED` (see [`Sink`]), so `solve` runs them with
//! no tracing at all.

use std::marker::PhantomData;

use super::{Budget, Machine, Sink, Stats, Status};

/// A dead end: the rules found a contradiction (and have reported it when tracing, or will in
/// [`Rules::dead_end`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dead;

/// How a propagation run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fixpoint {
    /// Nothing more follows: the node is done.
    Reached,
    /// The time budget ran out with work left; the next call to [`Rules::propagate`] goes on
    /// from there, as part of the same node.
    Interrupted,
    /// A contradiction: the node is a dead end.
    Contradiction,
}

/// Hands the rules' events to the sink with the counters of the moment (see [`Sink`]: a counter
/// is updated before the event that reports it).
pub struct Emit<'a, E, S: Sink<E>> {
    sink: &'a mut S,
    after: Stats,
    _event: PhantomData<fn(E)>,
}

impl<'a, E, S: Sink<E>> Emit<'a, E, S> {
    /// Events into `sink`, each with the counters `after` (for rules run outside a [`Search`],
    /// such as a grader's probes).
    pub fn new(sink: &'a mut S, after: Stats) -> Self {
        Emit {
            sink,
            after,
            _event: PhantomData,
        }
    }

    /// Records `event` with the counters of the moment.
    #[inline(always)]
    pub fn event(&mut self, event: E) {
        self.sink.emit(event, self.after);
    }

    /// The counters the events of this moment carry.
    pub fn stats(&self) -> Stats {
        self.after
    }
}

/// What a puzzle supplies to be searched by [`Search`]. A method that takes an [`Emit`] emits
/// its events there only when `S::ENABLED`.
pub trait Rules {
    /// What the viewer is told.
    type Event;
    /// One branch: what `assign` tries and, after a dead end, `refute` crosses out.
    type Choice: Copy;
    /// One complete answer.
    type Solution: Clone;

    /// The first node's own work (givens, clue rules), before its propagation.
    fn start<S: Sink<Self::Event>>(
        &mut self,
        out: &mut Emit<'_, Self::Event, S>,
    ) -> Result<(), Dead>;
    /// Tries `choice` (the stack already holds it: `out.stats().depth` counts it).
    fn assign<S: Sink<Self::Event>>(
        &mut self,
        choice: Self::Choice,
        out: &mut Emit<'_, Self::Event, S>,
    ) -> Result<(), Dead>;
    /// Crosses out `choice`, which led to a dead end, at the level it was made.
    fn refute<S: Sink<Self::Event>>(
        &mut self,
        choice: Self::Choice,
        out: &mut Emit<'_, Self::Event, S>,
    ) -> Result<(), Dead>;
    /// Runs the deductions to a fixed point. It may stop early when `budget` says it is out of
    /// time ([`Budget::out_of_time`]) and return [`Fixpoint::Interrupted`]; it is then called
    /// again, before anything else, to finish.
    fn propagate<S: Sink<Self::Event>>(
        &mut self,
        out: &mut Emit<'_, Self::Event, S>,
        budget: &mut Budget,
    ) -> Fixpoint;
    /// After a contradiction, before the backtrack: reports what the deduction that failed
    /// left unsaid (say, the cell it emptied). Nothing by default.
    fn dead_end<S: Sink<Self::Event>>(&mut self, _out: &mut Emit<'_, Self::Event, S>) {}
    /// Drops the work queued for propagation (a dead end or a solution ends the node).
    fn clear_pending(&mut self);
    /// The next branch, or `None` when everything is decided (a solution).
    fn choose(&self) -> Option<Self::Choice>;
    /// The undo trail's position, to come back to when the choice made now fails.
    fn mark(&self) -> usize;
    /// Undoes the trail back to `mark` and reports it: `choice` is given up, and
    /// `out.stats().depth` choices stay open.
    fn backtrack<S: Sink<Self::Event>>(
        &mut self,
        mark: usize,
        choice: Self::Choice,
        out: &mut Emit<'_, Self::Event, S>,
    );
    /// The answer on the board (called when `choose` found nothing left to decide).
    fn solution(&self) -> Self::Solution;
    /// The event announcing solution number `number` (tracing only).
    fn solution_event(&self, solution: &Self::Solution, number: u64) -> Self::Event;
    /// The event that ends an exhausted search with `solutions` found (tracing only).
    fn exhausted_event(&self, solutions: u64) -> Self::Event;
}

/// Where the search stands between two nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase<C> {
    Start,
    Assign(C),
    Refute(C),
    Done(Status),
}

/// The propagate-and-branch machine over the rules `R` (see the module header).
#[derive(Clone, Debug)]
pub struct Search<R: Rules> {
    rules: R,
    /// Open choices, each with the trail position from before it.
    stack: Vec<(R::Choice, usize)>,
    phase: Phase<R::Choice>,
    stats: Stats,
    limit: u64,
    solutions: Vec<R::Solution>,
    /// The last node's propagation stopped on the time budget: the next call finishes it.
    interrupted: bool,
}

impl<R: Rules> Search<R> {
    /// A search over `rules`, stopping after `limit` solutions (0 counts as 1).
    pub fn of(rules: R, limit: u64) -> Self {
        Search {
            rules,
            stack: Vec::new(),
            phase: Phase::Start,
            stats: Stats::default(),
            limit: limit.max(1),
            solutions: Vec::new(),
            interrupted: false,
        }
    }

    /// The rules and their state (the board as the search left it).
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The rules, to change (tests and tools; changing them mid-search is the caller's risk).
    pub fn rules_mut(&mut self) -> &mut R {
        &mut self.rules
    }

    fn emit<'a, S: Sink<R::Event>>(&self, sink: &'a mut S) -> Emit<'a, R::Event, S> {
        Emit {
            sink,
            after: self.stats(),
            _event: PhantomData,
        }
    }

    /// One node: the work of its phase and propagation, or only the rest of the propagation
    /// that the time budget interrupted.
    fn node<S: Sink<R::Event>>(&mut self, sink: &mut S, budget: &mut Budget) -> Fixpoint {
        let mut out = self.emit(sink);
        if !std::mem::take(&mut self.interrupted) {
            let done = match self.phase {
                Phase::Start => self.rules.start(&mut out),
                Phase::Assign(c) => self.rules.assign(c, &mut out),
                Phase::Refute(c) => self.rules.refute(c, &mut out),
                Phase::Done(_) => return Fixpoint::Reached,
            };
            if done.is_err() {
                return Fixpoint::Contradiction;
            }
        }
        self.rules.propagate(&mut out, budget)
    }

    /// After a dead end or a recorded solution: undo the last choice and refute it, or finish.
    fn fail<S: Sink<R::Event>>(&mut self, sink: &mut S) {
        self.rules.clear_pending();
        match self.stack.pop() {
            None => {
                if S::ENABLED {
                    let event = self.rules.exhausted_event(self.stats.solutions);
                    self.emit(sink).event(event);
                }
                self.phase = Phase::Done(Status::Exhausted);
            }
            Some((choice, mark)) => {
                self.stats.backtracks += 1;
                let mut out = self.emit(sink);
                self.rules.backtrack(mark, choice, &mut out);
                self.phase = Phase::Refute(choice);
            }
        }
    }
}

impl<R: Rules> Machine for Search<R> {
    type Event = R::Event;
    type Solution = R::Solution;

    fn run<S: Sink<R::Event>>(&mut self, budget: &mut Budget, sink: &mut S) -> Status {
        loop {
            if let Phase::Done(status) = self.phase {
                return status;
            }
            // An interrupted node goes on without taking another node from the budget.
            if !self.interrupted {
                if !budget.take() {
                    return Status::Paused;
                }
                self.stats.nodes += 1;
            }
            match self.node(sink, budget) {
                Fixpoint::Interrupted => {
                    self.interrupted = true;
                    return Status::Paused;
                }
                Fixpoint::Contradiction => {
                    let mut out = self.emit(sink);
                    self.rules.dead_end(&mut out);
                    self.fail(sink);
                    continue;
                }
                Fixpoint::Reached => {}
            }
            match self.rules.choose() {
                Some(choice) => {
                    self.stack.push((choice, self.rules.mark()));
                    self.phase = Phase::Assign(choice);
                }
                None => {
                    self.stats.solutions += 1;
                    let solution = self.rules.solution();
                    if S::ENABLED {
                        let event = self.rules.solution_event(&solution, self.stats.solutions);
                        self.emit(sink).event(event);
                    }
                    self.solutions.push(solution);
                    if self.stats.solutions >= self.limit {
                        // Leave the last solution on the board for the viewer.
                        self.phase = Phase::Done(Status::LimitReached);
                    } else {
                        self.fail(sink);
                    }
                }
            }
        }
    }

    fn stats(&self) -> Stats {
        Stats {
            depth: self.stack.len() as u32,
            ..self.stats
        }
    }

    fn solutions(&self) -> &[R::Solution] {
        &self.solutions
    }
}
