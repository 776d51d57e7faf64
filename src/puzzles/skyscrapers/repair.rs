//! Skyscrapers by repair: min-conflicts over complete grids, the N-Queens article's algorithm
//! carried to a puzzle where it struggles.
//!
//! The assignment is always complete: every row holds a permutation of 1..N that keeps the
//! row's givens, so rows never break a rule. What can break is a column (a height twice) and a
//! clue (the towers seen from its side are not the clue). The *cost* is the number of repeated
//! heights summed over the columns plus, for every clue, how far the towers seen are from it.
//!
//! One *move*: pick a free cell that takes part in a broken rule, uniformly at random; try
//! swapping it with every other free cell of its row and make the swap that leaves the lowest
//! cost, ties broken uniformly at random (the swap must happen even when none lowers the cost,
//! as the queen must move in the article). Options as in N-Queens' repair where they fit:
//! `noise` (a random partner instead of the best), `tabu` (a cell may not take back, for this
//! many moves, the height it just gave up), `maxSteps` (moves before a restart from a fresh
//! random grid), `maxRestarts` (then it gives up), `seed`.
//!
//! Why it struggles where N-Queens' repair shines: a clue is a property of a whole line, so the
//! cost landscape is full of plateaus and local minima that only a change of several cells
//! leaves, and a unique puzzle has one zero-cost grid among (N!)^N. Nothing here proves anything:
//! a run ends with a grid (checked by the independent checker), or gives up, or runs out of
//! budget. A line given the same height twice can never be repaired: the machine says so and
//! gives up before its first move.

use crate::engine::{Budget, Machine, Sink, Stats, Status};
use crate::puzzles::contract::plural;
use crate::puzzles::skyscrapers::solve::{Change, Event};
use crate::puzzles::skyscrapers::{clue_place, visible_count, Puzzle, Side};
use crate::shared::rng::Rng;

/// Options of the repair machine (see the module's text).
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Probability of a random partner instead of the best one.
    pub noise: f64,
    /// Moves during which a cell may not take back the height it gave up.
    pub tabu: u32,
    /// Moves before a restart; `None`: [`default_max_steps`].
    pub max_steps: Option<u64>,
    /// Restarts before giving up; `None`: no limit.
    pub max_restarts: Option<u64>,
}

/// Moves before a restart when the options give none: 20 per cell, at least 100.
pub fn default_max_steps(n: usize) -> u64 {
    (20 * n * n).max(100) as u64
}

/// Where the machine is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Nothing placed yet.
    Start,
    /// Moving.
    Moving,
    /// Ended with this status.
    Done(Status),
}

/// The repair machine (a [`Machine`] whose events are Skyscrapers events).
#[derive(Clone, Debug)]
pub struct Repair {
    puzzle: Puzzle,
    n: usize,
    /// Row-major heights; 0 before the start.
    grid: Vec<u8>,
    /// Free (not given) columns of each row.
    free: Vec<Vec<usize>>,
    rng: Rng,
    options: Options,
    max_steps: u64,
    stats: Stats,
    phase: Phase,
    /// Moves since the last (re)start.
    since_start: u64,
    /// `until[cell * n + h - 1]`: the move number up to which `cell` may not take height `h`.
    until: Vec<u64>,
    solutions: Vec<Vec<Vec<u8>>>,
    /// Why the puzzle cannot be repaired at all (a line given the same height twice).
    hopeless: Option<String>,
    /// Why the run gave up, once it has (for the end sentence, which `solve` shows alone).
    gave_up: Option<String>,
}

impl Repair {
    /// A machine for `puzzle`, seeded; nothing placed until the first node.
    pub fn new(puzzle: &Puzzle, seed: u64, options: Options) -> Result<Self, String> {
        puzzle.validate()?;
        if !(0.0..=1.0).contains(&options.noise) {
            return Err(format!(
                "skyscrapers repair: noise is a probability from 0 to 1, got {}",
                options.noise
            ));
        }
        let n = puzzle.n;
        let free = (0..n)
            .map(|r| (0..n).filter(|&c| puzzle.givens[r * n + c] == 0).collect())
            .collect();
        Ok(Repair {
            puzzle: puzzle.clone(),
            n,
            grid: vec![0; n * n],
            free,
            rng: Rng::new(seed),
            options,
            max_steps: options.max_steps.unwrap_or_else(|| default_max_steps(n)),
            stats: Stats::default(),
            phase: Phase::Start,
            since_start: 0,
            until: vec![0; n * n * n],
            solutions: Vec::new(),
            hopeless: unrepairable(puzzle),
            gave_up: None,
        })
    }

    /// Why the run gave up, once it has.
    pub fn gave_up_why(&self) -> Option<&str> {
        self.gave_up.as_deref()
    }

    /// The puzzle being repaired.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The grid as rows, `None` before the start.
    pub fn current(&self) -> Option<Vec<Vec<u8>>> {
        (self.phase != Phase::Start && self.grid.iter().all(|&h| h != 0))
            .then(|| self.grid.chunks(self.n).map(<[u8]>::to_vec).collect())
    }

    /// The cost of the grid now (0 before the start).
    pub fn cost(&self) -> u64 {
        if self.grid.contains(&0) {
            return 0;
        }
        self.total_cost()
    }

    /// Every cell in a broken rule now, `[row, column]`, row-major: the board's marks (N is at
    /// most [`super::MAX_N`], so a byte holds each).
    pub fn marks(&self) -> Vec<[u8; 2]> {
        let (_, marks) = self.conflicted();
        marks.iter().map(|&[r, c]| [r as u8, c as u8]).collect()
    }

    fn at(&self, r: usize, c: usize) -> u8 {
        self.grid[r * self.n + c]
    }

    /// Heights of column `c`, top down.
    fn column(&self, c: usize) -> Vec<u8> {
        (0..self.n).map(|r| self.at(r, c)).collect()
    }

    /// Repeated heights in column `c` (each extra copy counts one).
    fn column_repeats(&self, c: usize) -> u64 {
        let mut seen = 0u32;
        let mut repeats = 0;
        for r in 0..self.n {
            let bit = 1u32 << (self.at(r, c) - 1);
            if seen & bit != 0 {
                repeats += 1;
            }
            seen |= bit;
        }
        repeats
    }

    /// The towers seen from `side` along its line `i`, and the clue (0: none).
    fn seen(&self, side: Side, i: usize) -> (u64, u8) {
        let clue = self.puzzle.clue(side, i);
        if clue == 0 {
            return (0, 0);
        }
        let mut line: Vec<u8> = match side {
            Side::Top | Side::Bottom => self.column(i),
            Side::Left | Side::Right => self.grid[i * self.n..(i + 1) * self.n].to_vec(),
        };
        if matches!(side, Side::Bottom | Side::Right) {
            line.reverse();
        }
        (visible_count(&line) as u64, clue)
    }

    /// How far the clue on `side` of line `i` is from what its line shows (0 without a clue).
    fn clue_miss(&self, side: Side, i: usize) -> u64 {
        match self.seen(side, i) {
            (_, 0) => 0,
            (seen, clue) => seen.abs_diff(clue as u64),
        }
    }

    /// The cost of the columns `c` and the clues of row `r` and columns `c`: the part of the
    /// cost a swap in row `r` touching column `c` can change.
    fn local_cost(&self, r: usize, cols: [usize; 2]) -> u64 {
        let mut cost = self.clue_miss(Side::Left, r) + self.clue_miss(Side::Right, r);
        for c in cols {
            cost += self.column_repeats(c)
                + self.clue_miss(Side::Top, c)
                + self.clue_miss(Side::Bottom, c);
        }
        cost
    }

    fn total_cost(&self) -> u64 {
        (0..self.n)
            .map(|i| {
                self.column_repeats(i)
                    + Side::ALL.iter().map(|&s| self.clue_miss(s, i)).sum::<u64>()
            })
            .sum()
    }

    /// True when the height at (r, c) is repeated in its column.
    fn repeated_in_column(&self, r: usize, c: usize) -> bool {
        let h = self.at(r, c);
        (0..self.n).any(|o| o != r && self.at(o, c) == h)
    }

    /// The rules broken through cell (r, c), as phrases.
    fn broken_at(&self, r: usize, c: usize) -> Vec<String> {
        let mut out = Vec::new();
        if self.repeated_in_column(r, c) {
            out.push(format!(
                "its {} is repeated in column {}",
                self.at(r, c),
                c + 1
            ));
        }
        for (side, i) in [
            (Side::Left, r),
            (Side::Right, r),
            (Side::Top, c),
            (Side::Bottom, c),
        ] {
            let (seen, clue) = self.seen(side, i);
            if clue != 0 && seen != clue as u64 {
                out.push(format!(
                    "the clue {clue} {} sees {seen}",
                    clue_place(side, i)
                ));
            }
        }
        out
    }

    /// Free cells in a broken rule, row-major, and every cell in one (for the board's marks).
    fn conflicted(&self) -> (Vec<(usize, usize)>, Vec<[u32; 2]>) {
        let n = self.n;
        let mut bad = vec![false; n * n];
        for i in 0..n {
            for r in 0..n {
                if self.repeated_in_column(r, i) {
                    bad[r * n + i] = true;
                }
            }
            if self.clue_miss(Side::Left, i) + self.clue_miss(Side::Right, i) > 0 {
                (0..n).for_each(|c| bad[i * n + c] = true);
            }
            if self.clue_miss(Side::Top, i) + self.clue_miss(Side::Bottom, i) > 0 {
                (0..n).for_each(|r| bad[r * n + i] = true);
            }
        }
        let mut movable = Vec::new();
        let mut marks = Vec::new();
        for (k, _) in bad.iter().enumerate().filter(|(_, &b)| b) {
            let (r, c) = (k / n, k % n);
            marks.push([r as u32, c as u32]);
            if self.puzzle.givens[k] == 0 && self.free[r].len() >= 2 {
                movable.push((r, c));
            }
        }
        (movable, marks)
    }

    /// Fills every row's free cells with its missing heights in random order; returns the
    /// changes from what the cells held before (`None` before the start: all candidates).
    fn fill(&mut self) -> Vec<Change> {
        let n = self.n;
        let all = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
        let mut changes = Vec::new();
        for r in 0..n {
            let given: u32 = (0..n)
                .map(|c| self.puzzle.givens[r * n + c])
                .filter(|&g| g != 0)
                .fold(0, |m, g| m | 1 << (g - 1));
            let mut missing: Vec<u8> = (1..=n as u8)
                .filter(|h| given & 1 << (h - 1) == 0)
                .collect();
            self.rng.shuffle(&mut missing);
            for c in 0..n {
                let k = r * n + c;
                let g = self.puzzle.givens[k];
                if g != 0 {
                    self.grid[k] = g;
                    continue;
                }
                let before = match self.grid[k] {
                    0 => all,
                    h => 1 << (h - 1),
                };
                let h = missing
                    .pop()
                    .expect("a row's free cells match its missing heights");
                self.grid[k] = h;
                if before != 1 << (h - 1) {
                    changes.push(Change {
                        row: r as u32,
                        col: c as u32,
                        before,
                        after: 1 << (h - 1),
                    });
                }
            }
        }
        self.since_start = 0;
        self.until.iter_mut().for_each(|u| *u = 0);
        changes
    }

    /// Ends with a solution if the cost is 0: the event, the status.
    fn settle<S: Sink<Event>>(&mut self, sink: &mut S) -> Option<Status> {
        if self.total_cost() != 0 {
            return None;
        }
        let grid = self.current().expect("a full grid");
        self.stats.solutions = 1;
        if S::ENABLED {
            sink.emit(
                Event::SkySolution {
                    grid: grid.clone(),
                    number: 1,
                    why: "cost 0: the grid breaks no rule, so it is a solution; repair stops here and proves nothing about others".into(),
                },
                self.stats,
            );
        }
        self.solutions.push(grid);
        Some(Status::LimitReached)
    }

    /// The partner column of cell (r, c) in a move: the swap leaving the lowest cost, ties at
    /// random; a tabu swap only when every swap is tabu.
    fn choose_partner(&mut self, r: usize, c: usize) -> usize {
        let partners: Vec<usize> = self.free[r].iter().copied().filter(|&o| o != c).collect();
        if self.options.noise > 0.0 && self.rng.unit() < self.options.noise {
            return partners[self.rng.index(partners.len())];
        }
        let n = self.n;
        let move_no = self.stats.moves + 1;
        let mut best: Option<(bool, i64)> = None;
        let mut chosen = partners[0];
        let mut ties = 0usize;
        for &o in &partners {
            let (a, b) = (self.at(r, c), self.at(r, o));
            // Tabu: either cell taking back the height it just gave up.
            let tabu = self.until[(r * n + c) * n + b as usize - 1] >= move_no
                || self.until[(r * n + o) * n + a as usize - 1] >= move_no;
            let before = self.local_cost(r, [c, o]);
            self.grid.swap(r * n + c, r * n + o);
            let after = self.local_cost(r, [c, o]);
            self.grid.swap(r * n + c, r * n + o);
            // Only this row's clues and the two columns change, so the change of their cost
            // ranks the partners; allowed swaps come before tabu ones.
            let key = (tabu, after as i64 - before as i64);
            match best {
                Some(b) if key > b => continue,
                Some(b) if key == b => {
                    ties += 1;
                    if self.rng.index(ties) == 0 {
                        chosen = o;
                    }
                }
                _ => {
                    best = Some(key);
                    chosen = o;
                    ties = 1;
                }
            }
        }
        chosen
    }

    /// One move from one of the `movable` cells; the event says which rules the cell is in and
    /// the cost before and after.
    fn step<S: Sink<Event>>(&mut self, movable: &[(usize, usize)], sink: &mut S) -> Option<Status> {
        let (r, c) = movable[self.rng.index(movable.len())];
        let broken = self.broken_at(r, c);
        let before = self.total_cost();
        let o = self.choose_partner(r, c);
        let n = self.n;
        let (a, b) = (self.at(r, c), self.at(r, o));
        self.grid.swap(r * n + c, r * n + o);
        self.stats.moves += 1;
        self.stats.nodes += 1;
        self.since_start += 1;
        if self.options.tabu > 0 {
            let until = self.stats.moves + self.options.tabu as u64;
            self.until[(r * n + c) * n + a as usize - 1] = until;
            self.until[(r * n + o) * n + b as usize - 1] = until;
        }
        if S::ENABLED {
            let after = self.total_cost();
            let (_, bad) = self.conflicted();
            let why = format!(
                "Row {}: the {a} in column {} is in {} ({}), so it swaps with the {b} in column {}; cost {before} → {after}.",
                r + 1,
                c + 1,
                if broken.len() == 1 { "a broken rule" } else { "broken rules" },
                broken.join("; "),
                o + 1
            );
            sink.emit(
                Event::SkyRepairMove {
                    row: r as u32,
                    cols: [c as u32, o as u32],
                    cost_before: before,
                    cost_after: after,
                    changes: vec![
                        Change {
                            row: r as u32,
                            col: c as u32,
                            before: 1 << (a - 1),
                            after: 1 << (b - 1),
                        },
                        Change {
                            row: r as u32,
                            col: o as u32,
                            before: 1 << (b - 1),
                            after: 1 << (a - 1),
                        },
                    ],
                    bad,
                    why,
                },
                self.stats,
            );
        }
        self.settle(sink)
    }

    fn give_up<S: Sink<Event>>(&mut self, why: String, sink: &mut S) -> Status {
        if S::ENABLED {
            sink.emit(
                Event::SkyRepairGaveUp {
                    why: format!("Repair gives up: {why}."),
                },
                self.stats,
            );
        }
        self.gave_up = Some(why);
        Status::GaveUp
    }

    /// The first placement or a restart, as one node.
    fn place<S: Sink<Event>>(&mut self, sink: &mut S) -> Option<Status> {
        let restart = self.phase == Phase::Moving;
        if restart {
            if self
                .options
                .max_restarts
                .is_some_and(|m| self.stats.restarts >= m)
            {
                let why = format!(
                    "{} without reaching cost 0",
                    crate::puzzles::contract::plural(self.stats.restarts + 1, "start", "starts")
                );
                return Some(self.give_up(why, sink));
            }
            self.stats.restarts += 1;
        }
        self.stats.nodes += 1;
        let changes = self.fill();
        self.phase = Phase::Moving;
        if S::ENABLED {
            let cost = self.total_cost();
            let (_, bad) = self.conflicted();
            let why = if restart {
                format!(
                    "Restart {} after {} without reaching cost 0: every row gets its missing heights in a new random order; cost {cost}.",
                    self.stats.restarts,
                    plural(self.max_steps, "move", "moves")
                )
            } else if cost == 0 {
                "Start: every row gets its missing heights in random order, and no rule is broken: cost 0.".into()
            } else {
                format!("Start: every row gets its missing heights in random order, so rows never break a rule; columns and clues do: cost {cost}.")
            };
            sink.emit(
                Event::SkyRepairStart {
                    restart,
                    changes,
                    cost,
                    bad,
                    why,
                },
                self.stats,
            );
        }
        self.settle(sink)
    }
}

/// Why no move can ever reach cost 0, found before the first: a line given the same height
/// twice, counting as given the cell of a row with one free cell (its height is forced).
fn unrepairable(p: &Puzzle) -> Option<String> {
    let n = p.n;
    let mut fixed = p.clone();
    for r in 0..n {
        let row = &p.givens[r * n..(r + 1) * n];
        if row.iter().filter(|&&g| g == 0).count() == 1 {
            let missing = (1..=n as u8).find(|h| !row.contains(h));
            let c = row.iter().position(|&g| g == 0).unwrap_or(0);
            if let Some(h) = missing {
                fixed.givens[r * n + c] = h;
            }
        }
    }
    repeated_given(p, false).or_else(|| repeated_given(&fixed, true))
}

/// Why no complete grid can keep the givens: a line given the same height twice (`forced`: the
/// givens include the heights forced in rows with one free cell).
fn repeated_given(p: &Puzzle, forced: bool) -> Option<String> {
    let n = p.n;
    for i in 0..n {
        for (name, at) in [("row", true), ("column", false)] {
            let mut seen = 0u32;
            for j in 0..n {
                let g = if at {
                    p.givens[i * n + j]
                } else {
                    p.givens[j * n + i]
                };
                if g == 0 {
                    continue;
                }
                if seen & 1 << (g - 1) != 0 {
                    return Some(if forced {
                        format!(
                            "{name} {} holds the height {g} twice in cells that are given or the last free cell of their row, so no grid keeps the givens",
                            i + 1
                        )
                    } else {
                        format!(
                            "{name} {} is given the height {g} twice, so no grid keeps the givens",
                            i + 1
                        )
                    });
                }
                seen |= 1 << (g - 1);
            }
        }
    }
    None
}

impl Machine for Repair {
    type Event = Event;
    type Solution = Vec<Vec<u8>>;

    fn run<S: Sink<Event>>(&mut self, budget: &mut Budget, sink: &mut S) -> Status {
        loop {
            if let Phase::Done(status) = self.phase {
                return status;
            }
            if let Some(why) = self.hopeless.take() {
                let status = self.give_up(why, sink);
                self.phase = Phase::Done(status);
                continue;
            }
            // Ends that do no work are decided before a node of the budget is taken for them.
            let restart_due = self.phase == Phase::Moving && self.since_start >= self.max_steps;
            let mut movable = Vec::new();
            if restart_due
                && self
                    .options
                    .max_restarts
                    .is_some_and(|m| self.stats.restarts >= m)
            {
                let why = format!(
                    "{} without reaching cost 0",
                    plural(self.stats.restarts + 1, "start", "starts")
                );
                let status = self.give_up(why, sink);
                self.phase = Phase::Done(status);
                continue;
            }
            if self.phase == Phase::Moving && !restart_due {
                movable = self.conflicted().0;
                if movable.is_empty() {
                    // Every broken rule runs through givens or rows with one free cell.
                    let why = "every broken rule runs through cells no swap can change".into();
                    let status = self.give_up(why, sink);
                    self.phase = Phase::Done(status);
                    continue;
                }
            }
            if !budget.take() {
                return Status::Paused;
            }
            let end = match self.phase {
                Phase::Start => self.place(sink),
                _ if restart_due => self.place(sink),
                _ => self.step(&movable, sink),
            };
            if let Some(status) = end {
                self.phase = Phase::Done(status);
            }
        }
    }

    fn stats(&self) -> Stats {
        self.stats
    }

    fn solutions(&self) -> &[Vec<Vec<u8>>] {
        &self.solutions
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{NoEvents, Trace};
    use crate::puzzles::skyscrapers::{brute_force, check_solution, parse_any};

    fn run(p: &Puzzle, seed: u64, options: Options) -> (Status, Repair, Trace<Event>) {
        let mut m = Repair::new(p, seed, options).unwrap();
        let mut t = Trace::default();
        let s = m.run(&mut Budget::nodes(2_000_000), &mut t);
        (s, m, t)
    }

    /// The rules written again: cost = repeats per column + how far each clue is from its line.
    fn cost_of(p: &Puzzle, g: &[Vec<u8>]) -> u64 {
        let n = p.n;
        let mut cost = 0;
        for c in 0..n {
            let col: Vec<u8> = (0..n).map(|r| g[r][c]).collect();
            let distinct = (1..=n as u8).filter(|h| col.contains(h)).count();
            cost += (n - distinct) as u64;
        }
        let sees = |line: Vec<u8>| {
            let mut top = 0;
            line.iter()
                .filter(|&&h| (h > top).then(|| top = h).is_some())
                .count() as u64
        };
        for i in 0..n {
            let row = g[i].clone();
            let col: Vec<u8> = (0..n).map(|r| g[r][i]).collect();
            let lines = [
                (p.clues[0][i], col.clone()),
                (p.clues[1][i], col.iter().rev().copied().collect()),
                (p.clues[2][i], row.clone()),
                (p.clues[3][i], row.iter().rev().copied().collect()),
            ];
            for (clue, line) in lines {
                if clue != 0 {
                    cost += sees(line).abs_diff(clue as u64);
                }
            }
        }
        cost
    }

    /// The rules written again: the cells of a column holding a repeated height, and every cell
    /// of a line whose clue it misses, row-major.
    fn bad_of(p: &Puzzle, g: &[Vec<u8>]) -> Vec<[u32; 2]> {
        let n = p.n;
        let sees = |line: Vec<u8>| {
            let mut top = 0;
            line.iter()
                .filter(|&&h| (h > top).then(|| top = h).is_some())
                .count()
        };
        let misses = |clue: u8, line: Vec<u8>| clue != 0 && sees(line) != clue as usize;
        let mut out = Vec::new();
        for r in 0..n {
            for c in 0..n {
                let row = g[r].clone();
                let col: Vec<u8> = (0..n).map(|k| g[k][c]).collect();
                let repeated = col.iter().filter(|&&h| h == g[r][c]).count() > 1;
                let rev = |v: &Vec<u8>| v.iter().rev().copied().collect::<Vec<u8>>();
                if repeated
                    || misses(p.clues[2][r], row.clone())
                    || misses(p.clues[3][r], rev(&row))
                    || misses(p.clues[0][c], col.clone())
                    || misses(p.clues[1][c], rev(&col))
                {
                    out.push([r as u32, c as u32]);
                }
            }
        }
        out
    }

    #[test]
    fn answers_pass_the_checker_and_every_move_reports_the_true_cost() {
        // Small Tatham-size puzzles that repair can finish; every answer through the checker,
        // every event's cost against the rules written again on the board replayed from events.
        for (id, seeds) in [
            ("4://///1/3///4/////3/", 0..20),
            ("4:2/2/1/4/2/3/3/1/3/2/1/2/2/3/2/1", 0..20),
            ("5:/3////3//1//4///1//2/////,g4q", 0..10),
        ] {
            let p = parse_any(id).unwrap();
            let truth = brute_force(&p, 2);
            for seed in seeds {
                let (status, m, t) = run(&p, seed, Options::default());
                let n = p.n;
                // The givens, once: no event may change them.
                let mut board: Vec<Vec<u8>> = p.givens.chunks(n).map(<[u8]>::to_vec).collect();
                let mut started = false;
                for e in &t.events {
                    let (changes, before, after, bad) = match e {
                        Event::SkyRepairStart {
                            changes, cost, bad, ..
                        } => (changes, None, Some(*cost), Some(bad)),
                        Event::SkyRepairMove {
                            changes,
                            cost_before,
                            cost_after,
                            bad,
                            ..
                        } => (changes, Some(*cost_before), Some(*cost_after), Some(bad)),
                        _ => (&Vec::new(), None, None, None),
                    };
                    if let Some(b) = before {
                        assert_eq!(b, cost_of(&p, &board), "{id} seed {seed}: cost before");
                    }
                    for ch in changes {
                        let (r, c) = (ch.row as usize, ch.col as usize);
                        assert_eq!(p.givens[r * n + c], 0, "{id}: a given changed");
                        if started {
                            assert_eq!(ch.before, 1 << (board[r][c] - 1), "{id}: before");
                        }
                        board[r][c] = ch.after.trailing_zeros() as u8 + 1;
                    }
                    started |= matches!(e, Event::SkyRepairStart { .. });
                    if let Some(cost) = after {
                        assert_eq!(cost, cost_of(&p, &board), "{id} seed {seed}");
                    }
                    if let Some(bad) = bad {
                        assert_eq!(bad, &bad_of(&p, &board), "{id} seed {seed}: marks");
                    }
                }
                if status == Status::LimitReached {
                    let g = &m.solutions()[0];
                    check_solution(&p, g).unwrap();
                    assert_eq!(&board, g);
                    if truth.len() == 1 {
                        assert_eq!(g, &truth[0]);
                    }
                }
            }
        }
    }

    #[test]
    fn a_seed_replays_the_same_moves_and_solve_does_what_step_does() {
        let p = parse_any("5:/3////3//1//4///1//2/////,g4q").unwrap();
        let opts = Options {
            noise: 0.1,
            tabu: 3,
            ..Options::default()
        };
        let (s1, m1, t1) = run(&p, 7, opts);
        let (s2, _, t2) = run(&p, 7, opts);
        assert_eq!((s1, &t1.events), (s2, &t2.events));
        let mut quiet = Repair::new(&p, 7, opts).unwrap();
        let s3 = quiet.run(&mut Budget::nodes(2_000_000), &mut NoEvents);
        assert_eq!((s3, quiet.stats()), (s1, m1.stats()));
        assert_eq!(quiet.solutions(), m1.solutions());
    }

    #[test]
    fn a_line_given_a_height_twice_gives_up_at_once_and_says_where() {
        let mut p = Puzzle::empty(4).unwrap();
        p.givens[1] = 2;
        p.givens[3] = 2;
        let (status, m, t) = run(&p, 1, Options::default());
        assert_eq!(status, Status::GaveUp);
        assert_eq!(m.stats().nodes, 0);
        match &t.events[..] {
            [Event::SkyRepairGaveUp { why }] => assert!(why.contains("row 1"), "{why}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn restarts_and_give_up_follow_the_limits() {
        // A puzzle with no solution (clue 4 and clue 4 facing each other on one row) can never
        // reach cost 0: with 3 restarts of 10 moves it gives up after 4 starts and 40 moves.
        let mut p = Puzzle::empty(4).unwrap();
        p.clues[2][0] = 4;
        p.clues[3][0] = 4;
        let opts = Options {
            max_steps: Some(10),
            max_restarts: Some(3),
            ..Options::default()
        };
        let (status, m, t) = run(&p, 2, opts);
        assert_eq!(status, Status::GaveUp);
        assert_eq!((m.stats().restarts, m.stats().moves), (3, 40));
        assert!(
            matches!(t.events.last(), Some(Event::SkyRepairGaveUp { why }) if why.contains("4 starts"))
        );
    }
}
