//! A seeded generator of Hashiwokakero boards (for tests, benchmarks and the page's "random").
//!
//! It grows a random connected bridge layout: start with one island; repeatedly take a random
//! island and direction, walk over empty water for a random length and either end on a new island
//! (never orthogonally next to another island) or, if the walk meets an island first, join it (a
//! loop). Each new link gets 1..=k bridges. Bridge cells are marked, so no two links cross. The
//! islands' numbers are read off the layout, which is therefore always a solution; whether it is
//! the *only* one is for the solver to decide ([`generate_unique`] retries with new seeds).

use super::grade::{self, Difficulty, Method};
use super::solve::reach::{reach_in, Reach};
use super::{Puzzle, WATER};
use crate::engine::Status;
use crate::shared::dsf::{CutEdges, Dsf};
use crate::shared::rng::Rng;

/// Generation settings.
#[derive(Clone, Copy, Debug)]
pub struct GenParams {
    /// Columns of the board (at least 2).
    pub width: usize,
    /// Rows of the board (at least 2).
    pub height: usize,
    /// Islands wanted; fewer when the board fills up (the growth stops after 400 tries per island
    /// wanted).
    pub islands: usize,
    /// Most bridges one link gets (the puzzle's k); each link gets 1 to this many.
    pub max_bridges: u8,
    /// Longest walk from an island, in cells.
    pub max_len: usize,
    /// Chance (0..1) that a walk meeting an existing island joins it (closing a loop).
    pub loop_chance: f64,
    /// The no-loops rule (`L`): the layout is grown as a tree (no walk joins an island it meets,
    /// whatever `loop_chance` says) and the puzzle states the rule, so the solver enforces it.
    pub no_loops: bool,
    /// None: the walk of the first generator (a random length up to `max_len`, given up when
    /// its end does not fit), which the seeds of the plain generator keep. Some(x): every walk
    /// first looks how far it could go (to the edge, to one cell before a bridge, or two before
    /// an island), then puts the new island at that farthest place with chance x, else at a
    /// random place from 2 cells out to `max_len` (or the farthest place, when nearer), so a walk
    /// fails only where no island fits at all; the growth stops after 100 failed walks in a row.
    /// With x = e/100 this is Tatham's Bridges "expansion factor" `e` (docs/FORMATS.md §6.5).
    pub expansion: Option<f64>,
}

/// Why a generator came back without a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenFail {
    /// Every layout it may try (`tries`) was tried and none gave a puzzle as asked.
    Exhausted,
    /// The time budget ran out after this many layouts.
    Budget {
        /// Layouts tried (the last one perhaps not to its end).
        layouts: u64,
    },
}

/// Whether a [`clock`](crate::shared::clock) deadline (None: none) has passed.
fn past(deadline: Option<u64>) -> bool {
    deadline.is_some_and(|d| crate::shared::clock::now_micros() >= d)
}

const EMPTY: u8 = 0;
const ISLAND: u8 = 1;
const BRIDGE: u8 = 2;

/// One random layout; the puzzle and its built-in solution as `(a, b, n)` cell pairs.
pub fn generate(params: &GenParams, seed: u64) -> (Puzzle, Vec<super::Bridge>) {
    let (w, h) = (params.width.max(2), params.height.max(2));
    let mut rng = Rng::new(seed);
    let mut state = vec![EMPTY; w * h];
    let mut degree = vec![0u8; w * h];
    let mut islands: Vec<(usize, usize)> = Vec::new();
    let mut links: Vec<super::Bridge> = Vec::new();
    let start = (rng.index(h), rng.index(w));
    state[start.0 * w + start.1] = ISLAND;
    islands.push(start);
    let free_of_neighbours = |state: &[u8], r: usize, c: usize, from: (usize, usize)| {
        let mut ok = true;
        for (dr, dc) in [(0i64, 1i64), (0, -1), (1, 0), (-1, 0)] {
            let (nr, nc) = (r as i64 + dr, c as i64 + dc);
            if nr < 0 || nc < 0 || nr >= h as i64 || nc >= w as i64 {
                continue;
            }
            if (nr as usize, nc as usize) != from && state[nr as usize * w + nc as usize] == ISLAND
            {
                ok = false;
            }
        }
        ok
    };
    if let Some(expand) = params.expansion {
        grow_free(
            params,
            expand,
            &mut rng,
            (&mut state, &mut degree),
            &mut islands,
            &mut links,
        );
    }
    let mut attempts = 0;
    while params.expansion.is_none()
        && islands.len() < params.islands
        && attempts < params.islands * 400
    {
        attempts += 1;
        let (r0, c0) = islands[rng.index(islands.len())];
        let (dr, dc) = [(0i64, 1i64), (0, -1), (1, 0), (-1, 0)][rng.index(4)];
        let len = 2 + rng.index(params.max_len.max(2) - 1);
        let mut path = Vec::new();
        let mut end = None;
        for step in 1..=len {
            let (r, c) = (r0 as i64 + dr * step as i64, c0 as i64 + dc * step as i64);
            if r < 0 || c < 0 || r >= h as i64 || c >= w as i64 {
                break;
            }
            let (r, c) = (r as usize, c as usize);
            match state[r * w + c] {
                BRIDGE => break,
                ISLAND => {
                    let (a, b) = if (r0, c0) < (r, c) {
                        ((r0, c0), (r, c))
                    } else {
                        ((r, c), (r0, c0))
                    };
                    if !params.no_loops
                        && rng.unit() < params.loop_chance
                        && !links.iter().any(|l| l.a == a && l.b == b)
                    {
                        end = Some((r, c, false));
                    }
                    break;
                }
                _ => {
                    if step == len {
                        if free_of_neighbours(&state, r, c, (usize::MAX, usize::MAX)) {
                            end = Some((r, c, true));
                        }
                    } else {
                        path.push((r, c));
                    }
                }
            }
        }
        let Some((r, c, new)) = end else { continue };
        let n = 1 + rng.index(params.max_bridges as usize) as u8;
        let (ia, ib) = (r0 * w + c0, r * w + c);
        if degree[ia] + n > 4 * params.max_bridges || degree[ib] + n > 4 * params.max_bridges {
            continue;
        }
        if new {
            state[ib] = ISLAND;
            islands.push((r, c));
        }
        for &(pr, pc) in &path {
            state[pr * w + pc] = BRIDGE;
        }
        degree[ia] += n;
        degree[ib] += n;
        links.push(
            super::Bridge {
                a: (r0, c0),
                b: (r, c),
                n,
            }
            .normalized(),
        );
    }
    let cells = (0..w * h)
        .map(|i| if state[i] == ISLAND { degree[i] } else { WATER })
        .collect();
    links.sort();
    (
        Puzzle {
            width: w,
            height: h,
            cells,
            max_bridges: params.max_bridges,
            no_loops: params.no_loops,
        },
        links,
    )
}

/// The growth of [`GenParams::expansion`] (Some): like Tatham's, a walk from a random island in a
/// random direction finds the farthest place a new island could go and picks a place up to
/// there, so it fails only when nothing fits; with loops allowed, a walk that ends at an island
/// joins it with chance `loop_chance`. Stops at `islands` islands or after 1000 failed walks in a
/// row (on a full board every walk fails; 100 stopped a 60x60 board asked for 30% at 12-16%, when
/// 1000 reach 24%, and a walk is cheap next to the propagations that follow).
fn grow_free(
    params: &GenParams,
    expand: f64,
    rng: &mut Rng,
    (state, degree): (&mut [u8], &mut [u8]),
    islands: &mut Vec<(usize, usize)>,
    links: &mut Vec<super::Bridge>,
) {
    let (w, h) = (params.width.max(2), params.height.max(2));
    let top = 4 * params.max_bridges;
    let island_at = |state: &[u8], r: i64, c: i64| {
        r >= 0
            && c >= 0
            && r < h as i64
            && c < w as i64
            && state[r as usize * w + c as usize] == ISLAND
    };
    let mut failed = 0;
    while islands.len() < params.islands && failed < 1000 {
        failed += 1;
        let (r0, c0) = islands[rng.index(islands.len())];
        let (dr, dc) = [(0i64, 1i64), (0, -1), (1, 0), (-1, 0)][rng.index(4)];
        let at = |step: i64| (r0 as i64 + dr * step, c0 as i64 + dc * step);
        let inside = |(r, c): (i64, i64)| r >= 0 && c >= 0 && r < h as i64 && c < w as i64;
        // The farthest step a new island may take, and the island the walk meets, if any.
        let mut step = 1;
        let (farthest, meets) = loop {
            let cell = at(step);
            if !inside(cell) {
                break (step - 1, None);
            }
            match state[cell.0 as usize * w + cell.1 as usize] {
                ISLAND => break (step - 2, Some(cell)),
                BRIDGE => break (step - 1, None),
                _ => step += 1,
            }
        };
        let n = 1 + rng.index(params.max_bridges as usize) as u8;
        let ia = r0 * w + c0;
        if degree[ia] + n > top {
            continue;
        }
        if let Some((r, c)) = meets {
            let ib = r as usize * w + c as usize;
            let (a, b) = (
                (r0, c0).min((r as usize, c as usize)),
                (r0, c0).max((r as usize, c as usize)),
            );
            if !params.no_loops
                && step >= 2
                && rng.unit() < params.loop_chance
                && degree[ib] + n <= top
                && !links.iter().any(|l| l.a == a && l.b == b)
            {
                for s in 1..step {
                    let (pr, pc) = at(s);
                    state[pr as usize * w + pc as usize] = BRIDGE;
                }
                degree[ia] += n;
                degree[ib] += n;
                links.push(super::Bridge { a, b, n }.normalized());
                failed = 0;
                continue;
            }
        }
        if farthest < 2 {
            continue;
        }
        let reach = if rng.unit() < expand {
            farthest
        } else {
            2 + rng.index(farthest.min(params.max_len.max(2) as i64) as usize - 1) as i64
        };
        let (r, c) = at(reach);
        // Never beside another island across the walk (the one ahead is two cells off already).
        if island_at(state, r + dc, c + dr) || island_at(state, r - dc, c - dr) {
            continue;
        }
        let ib = r as usize * w + c as usize;
        for s in 1..reach {
            let (pr, pc) = at(s);
            state[pr as usize * w + pc as usize] = BRIDGE;
        }
        state[ib] = ISLAND;
        islands.push((r as usize, c as usize));
        degree[ia] += n;
        degree[ib] += n;
        links.push(
            super::Bridge {
                a: (r0, c0),
                b: (r as usize, c as usize),
                n,
            }
            .normalized(),
        );
        failed = 0;
    }
}

/// Makes the layout's puzzle unique. While the solver finds a second solution, one difference
/// between it and the layout is removed, preferring a change that keeps the board rock-free:
/// - **split**: a layout link whose count the other solution changes gets a new island in the
///   middle of its span (its number is twice the link's count, so the layout stays a solution,
///   now through the new island), which the other solution cannot follow unchanged;
/// - **rock**: otherwise a rock goes on a water cell of a link the other solution uses and the
///   layout does not (never on a cell a layout bridge covers).
///
/// - **drop**: a changed layout link on a loop of the layout is taken out (both ends' numbers go
///   down by its count; the layout stays connected), which breaks the swap around that loop;
///
/// Returns the puzzle, its layout (the unique solution), the number of splits and drops, and the
/// number of rocks; None
/// when neither step applies, after `max_steps`, or when the solver runs out of `max_nodes`.
pub fn make_unique(
    puzzle: &Puzzle,
    layout: &[super::Bridge],
    max_steps: usize,
    max_nodes: u64,
) -> Option<(Puzzle, Vec<super::Bridge>, usize, usize)> {
    let mut p = puzzle.clone();
    let mut layout = layout.to_vec();
    layout.sort();
    let (w, h) = (p.width, p.height);
    let span = |b: &super::Bridge| -> Vec<(usize, usize)> {
        if b.a.0 == b.b.0 {
            (b.a.1 + 1..b.b.1).map(|c| (b.a.0, c)).collect()
        } else {
            (b.a.0 + 1..b.b.0).map(|r| (r, b.a.1)).collect()
        }
    };
    // Cells under the layout's bridges.
    let mut covered = vec![false; p.cells.len()];
    for b in &layout {
        for (r, c) in span(b) {
            covered[r * w + c] = true;
        }
    }
    let (mut edits, mut rocks) = (0, 0);
    for _ in 0..=max_steps {
        let (status, sols, _) =
            super::solve::solve_all(&p, super::SolveOptions::default(), max_nodes, u64::MAX)
                .ok()?;
        if status == Status::Exhausted && sols.len() == 1 {
            layout.sort();
            return Some((p, layout, edits, rocks));
        }
        if status != Status::LimitReached || edits + rocks == max_steps {
            return None;
        }
        let other = sols.iter().find(|s| **s != layout)?;
        let count_in = |sol: &[super::Bridge], b: &super::Bridge| {
            sol.iter()
                .find(|x| x.a == b.a && x.b == b.b)
                .map_or(0, |x| x.n)
        };
        // Split: a middle cell of a changed layout link, with no island beside it.
        let mut split = None;
        'links: for (k, b) in layout.iter().enumerate() {
            if count_in(other, b) == b.n || 2 * b.n > 4 * p.max_bridges {
                continue;
            }
            let cells = span(b);
            if cells.len() < 3 {
                continue;
            }
            let mid = cells.len() / 2;
            for j in (mid..cells.len() - 1).chain(1..mid) {
                let (r, c) = cells[j];
                let lonely = [(0i64, 1i64), (0, -1), (1, 0), (-1, 0)]
                    .iter()
                    .all(|&(dr, dc)| {
                        let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                        nr < 0
                            || nc < 0
                            || nr >= h as i64
                            || nc >= w as i64
                            || !p.is_island(nr as usize, nc as usize)
                    });
                if lonely {
                    split = Some((k, (r, c)));
                    break 'links;
                }
            }
        }
        if let Some((k, m)) = split {
            let b = layout.swap_remove(k);
            p.cells[m.0 * w + m.1] = 2 * b.n;
            covered[m.0 * w + m.1] = false;
            layout.push(super::Bridge {
                a: b.a,
                b: m,
                n: b.n,
            });
            layout.push(super::Bridge {
                a: m,
                b: b.b,
                n: b.n,
            });
            layout.sort();
            edits += 1;
            continue;
        }
        // Drop: a changed layout link on a loop of the layout (so the rest stays connected) whose
        // ends keep at least one bridge; the swap around that loop no longer balances.
        let mut drop = None;
        for (k, b) in layout.iter().enumerate() {
            if count_in(other, b) != b.n && droppable(&p, &layout, k) {
                drop = Some(k);
                break;
            }
        }
        if let Some(k) = drop {
            let b = drop_link(&mut p, &mut layout, k);
            for (r, c) in span(&b) {
                covered[r * w + c] = false;
            }
            edits += 1;
            continue;
        }
        // Rock: on a link only the other solution uses.
        let mut placed = false;
        'sols: for b in other {
            if count_in(&layout, b) > 0 {
                continue;
            }
            let cells = span(b);
            let mid = cells.len() / 2;
            for j in (mid..cells.len()).chain(0..mid) {
                let (r, c) = cells[j];
                if !covered[r * w + c] && p.cells[r * w + c] == WATER {
                    p.cells[r * w + c] = super::ROCK;
                    placed = true;
                    break 'sols;
                }
            }
        }
        if !placed {
            return None;
        }
        rocks += 1;
    }
    None
}

/// True when the bridges join every island of `p` (union-find over the pairs).
fn layout_connected(p: &Puzzle, bridges: &[super::Bridge]) -> bool {
    let w = p.width;
    let mut groups = Dsf::new(p.cells.len());
    for b in bridges {
        groups.union((b.a.0 * w + b.a.1) as u32, (b.b.0 * w + b.b.1) as u32);
    }
    let mut islands = (0..p.cells.len())
        .filter(|&i| p.cells[i] != WATER && p.cells[i] != super::ROCK)
        .map(|i| i as u32);
    let Some(first) = islands.next() else {
        return true;
    };
    let root = groups.find(first);
    islands.all(|i| groups.find(i) == root)
}

/// The layout seeds a generator tries for `seed`: `seed` itself first, then numbers drawn from a
/// stream of its own. Not `seed`, `seed+1`, …: with those, seeds 1, 2 and 3 of a board where most
/// layouts fail all walked into the same first good seed and so gave the same puzzle (and
/// `generate --seed S --count K`, which asks for S, S+1, …, printed one puzzle K times).
pub fn layout_seeds(seed: u64) -> impl Iterator<Item = u64> {
    // The constant keeps the stream apart from the first layout's own Rng::new(seed).
    let mut stream = Rng::new(seed ^ 0x7E57_5EED_A11C_E5ED);
    std::iter::once(seed).chain(std::iter::from_fn(move || Some(stream.next_u64())))
}

/// Tries the [`layout_seeds`] of `seed` until the layout's puzzle has exactly one solution (proved
/// by the solver within `max_nodes` per layout); returns the puzzle, its solution and the layout
/// seed that made it. `deadline` (a [`crate::shared::clock::now_micros`] reading) stops it with
/// [`GenFail::Budget`]; a uniqueness proof cut short by it counts as not unique.
pub fn generate_unique(
    params: &GenParams,
    seed: u64,
    tries: u64,
    max_nodes: u64,
    deadline: Option<u64>,
) -> Result<(Puzzle, Vec<super::Bridge>, u64), GenFail> {
    for (n, s) in layout_seeds(seed).take(tries as usize).enumerate() {
        if past(deadline) {
            return Err(GenFail::Budget { layouts: n as u64 });
        }
        let (p, sol) = generate(params, s);
        if p.validate().is_err() {
            continue;
        }
        let micros = deadline.map_or(u64::MAX, |d| {
            d.saturating_sub(crate::shared::clock::now_micros())
        });
        let Ok((status, sols, _)) =
            super::solve::solve_all(&p, super::SolveOptions::default(), max_nodes, micros)
        else {
            continue;
        };
        if status == Status::Exhausted && sols.len() == 1 {
            return Ok((p, sol, s));
        }
    }
    Err(if past(deadline) {
        GenFail::Budget { layouts: tries }
    } else {
        GenFail::Exhausted
    })
}

/// A puzzle graded `level` (docs/GRADING.md) with exactly one solution, from the
/// [`layout_seeds`] of `seed` (at most `tries` layouts); returns the puzzle, its solution and the
/// layout seed.
///
/// Each layout is first *split until decided*: while the level's own deductions (the rung that
/// defines it: `simple` for easy, `atLeastOne` for medium, `global` for hard) stop with some layout
/// link undecided, a new island goes in the middle of such a link (its number twice the link's
/// count, so the layout stays a solution). A split island is one more fixed point for the
/// deductions, and this keeps big boards reachable: left alone, a 45x45 layout almost never has
/// every corner decided. The deductions are sound, so a board they decide has exactly one
/// solution; no search is needed. The result is kept when the rung below the level does not
/// decide it (so its grade is exactly `level`); *hard* asks that the one-island counting of
/// *medium* fails. With no level, any grade is kept. Rock-free, so the result has a Tatham ID.
/// `deadline` (a [`crate::shared::clock::now_micros`] reading) stops it with [`GenFail::Budget`],
/// checked between layouts and between the splits of one layout.
pub fn generate_graded(
    params: &GenParams,
    seed: u64,
    level: Option<Difficulty>,
    tries: u64,
    deadline: Option<u64>,
) -> Result<(Puzzle, Vec<super::Bridge>, u64), GenFail> {
    // No level asked for: decided by `global`, whatever its grade.
    let (rung, below) = match level {
        Some(Difficulty::Easy) => (Method::Simple, None),
        Some(Difficulty::Medium) => (Method::AtLeastOne, Some(Method::Simple)),
        Some(Difficulty::Hard) => (Method::Global, Some(Method::AtLeastOne)),
        None => (Method::Global, None),
    };
    // The splits add islands (a 60x60 board grown to 20% came out at 23% with k = 2 and 27%
    // with k = 4), so the growth aims lower by what the last decided layout overshot; a board
    // more than an eighth over what was asked is tried again that way, at most three times
    // (the free growth only, the first generator's layouts keep their count).
    let mut aim = params.islands;
    let mut retargets = 0;
    for (n, s) in layout_seeds(seed).take(tries as usize).enumerate() {
        let out_of_time = GenFail::Budget {
            layouts: n as u64 + 1,
        };
        if past(deadline) {
            return Err(out_of_time);
        }
        let (p, layout) = generate(
            &GenParams {
                islands: aim,
                ..*params
            },
            s,
        );
        if p.validate().is_err() {
            continue;
        }
        let Some((p, layout)) =
            split_until_decided(p, layout, rung, s, deadline).map_err(|OutOfTime| out_of_time)?
        else {
            continue;
        };
        let made = p.cells.iter().filter(|&&c| c != WATER).count();
        if params.expansion.is_some() && retargets < 3 && 8 * made > 9 * params.islands {
            retargets += 1;
            aim = (aim * params.islands / made).max(2);
            continue;
        }
        let too_easy = match below {
            Some(m) => grade::solves_without_guessing(&p, m).unwrap_or(true),
            None => false,
        };
        if !too_easy {
            return Ok((p, layout, s));
        }
    }
    Err(GenFail::Exhausted)
}

/// The deadline passed in the middle of a layout.
struct OutOfTime;

/// Splits undecided layout links (see [`generate_graded`]) until the deductions of `rung` decide
/// every edge; None when no step below applies or after `4 × cells` rounds. The deadline is
/// looked at before each round of propagation.
///
/// One round: build the board's graph once, propagate from scratch, then change the layout by
/// the first step that applies, each of which keeps the layout a connected solution:
/// 1. **split** a random undecided link with a free middle cell (a new island of twice its count);
/// 2. **drop** an undecided link that lies on a loop of the layout, both ends keeping a bridge;
/// 3. **raise** undecided links below k bridges to k (one per round for medium, else all);
/// 4. **add**: an undecided candidate edge the layout does not use, crossing no layout bridge,
///    joins the layout with as many bridges as both ends can still take (up to k). This is what
///    breaks the rectangle of four islands whose two short parallel links are already at k: the
///    other pair can take over any share of them until it is in the layout at k too;
/// 5. **leaf**: take an undecided link to an island with no other link out, with that island.
///
/// Steps 2-5 only act where every undecided link is too short to split; without 4, most 60x60
/// layouts with k = 3 or 4 (and many with k = 2) ended stuck after hundreds of rounds.
fn split_until_decided(
    mut p: Puzzle,
    mut layout: Vec<super::Bridge>,
    rung: Method,
    seed: u64,
    deadline: Option<u64>,
) -> Result<Option<(Puzzle, Vec<super::Bridge>)>, OutOfTime> {
    let mut rng = Rng::new(seed ^ 0x5911_7000_0000_0001);
    let w = p.width;
    let top = 4 * p.max_bridges;
    // Adds and drops could undo each other; splits alone end within one per cell.
    let max_rounds = 4 * p.cells.len();
    let mut cuts = CutEdges::default();
    let mut found = Vec::new();
    for _ in 0..max_rounds {
        if past(deadline) {
            return Err(OutOfTime);
        }
        if p.validate().is_err() {
            return Ok(None);
        }
        let (reached, g) = reach_in(&p, super::graph::Graph::new(&p), rung.rung());
        let ranges = match reached {
            Reach::Solved(_) => {
                layout.sort();
                return Ok(Some((p, layout)));
            }
            Reach::Contradiction => return Ok(None),
            Reach::Stuck(r) => r,
        };
        // The candidate edge of each layout link (a link spans water only, so it has one).
        let Some(edge_of) = layout
            .iter()
            .map(|b| g.edge_between(b.a, b.b))
            .collect::<Option<Vec<u32>>>()
        else {
            return Ok(None);
        };
        let undecided = |e: u32| ranges[e as usize][0] < ranges[e as usize][1];
        let mut open: Vec<usize> = (0..layout.len())
            .filter(|&k| undecided(edge_of[k]))
            .collect();
        // Any undecided layout link may be split; a random one spreads the new islands out. One
        // per round: splitting a share of them at once (1/8 to all) made 60x60 medium slower
        // (0.8 s for three seeds became 2.6 to 8.6 s: more islands, more layouts graded hard).
        rng.shuffle(&mut open);
        let split = open.iter().find_map(|&k| {
            let cells = span(&layout[k]);
            if cells.len() < 3 {
                return None;
            }
            let mid = cells.len() / 2;
            (mid..cells.len() - 1)
                .chain(1..mid)
                .map(|j| cells[j])
                .find(|&(r, c)| lonely(&p, r, c))
                .map(|cell| (k, cell))
        });
        if let Some((k, (r, c))) = split {
            let b = layout.swap_remove(k);
            p.cells[r * w + c] = 2 * b.n;
            layout.push(super::Bridge {
                a: b.a,
                b: (r, c),
                n: b.n,
            });
            layout.push(super::Bridge {
                a: (r, c),
                b: b.b,
                n: b.n,
            });
            continue;
        }
        let at = |p: &Puzzle, c: (usize, usize)| p.cells[c.0 * w + c.1];
        // Drop: the layout's links that are not cut edges of the layout lie on a loop. One
        // Tarjan pass per round (the layout is connected, so island 0 reaches every island).
        let mut in_layout = vec![false; g.edges.len()];
        for &e in &edge_of {
            in_layout[e as usize] = true;
        }
        found.clear();
        cuts.find(
            0,
            &g.incident,
            |e, v| g.other(e, v),
            |e| in_layout[e as usize],
            &mut found,
        );
        let mut is_cut = vec![false; g.edges.len()];
        for &e in &found {
            is_cut[e as usize] = true;
        }
        let drop = (0..layout.len()).find(|&k| {
            let b = layout[k];
            undecided(edge_of[k])
                && !is_cut[edge_of[k] as usize]
                && at(&p, b.a) > b.n
                && at(&p, b.b) > b.n
        });
        if let Some(k) = drop {
            drop_link(&mut p, &mut layout, k);
            continue;
        }
        // Raise: undecided links below k bridges get k (both numbers go up, within 4k); a link
        // at the most its pair may carry is often forced. All of them in one round, except for
        // medium: a 60x60 k = 3 no-loops layout took about 300 rounds of one raise each (1.4 s
        // instead of 2.6 s median for easy with all at once, 60x60m4 hard 0.25 s instead of
        // 0.5 s), while medium boards raised all at once more often came out too easy (60x60m3
        // medium 0.6 s instead of 0.3 s, 15x15m4 medium 10 ms instead of 2.5 ms).
        let mut raised = false;
        for k in 0..layout.len() {
            let b = layout[k];
            let more = p.max_bridges.saturating_sub(b.n);
            if undecided(edge_of[k])
                && more > 0
                && at(&p, b.a) + more <= top
                && at(&p, b.b) + more <= top
            {
                layout[k].n = p.max_bridges;
                p.cells[b.a.0 * w + b.a.1] += more;
                p.cells[b.b.0 * w + b.b.1] += more;
                raised = true;
                if rung == Method::AtLeastOne {
                    break;
                }
            }
        }
        if raised {
            continue;
        }
        // Add: an undecided edge outside the layout that crosses no layout bridge (with the
        // no-loops rule the layout must stay a tree, so never).
        let mut outside: Vec<u32> = (0..g.edges.len() as u32)
            .filter(|&e| {
                !p.no_loops
                    && !in_layout[e as usize]
                    && undecided(e)
                    && !g.crossings[e as usize]
                        .iter()
                        .any(|&x| in_layout[x as usize])
            })
            .collect();
        rng.shuffle(&mut outside);
        let add = outside.into_iter().find_map(|e| {
            let ed = g.edges[e as usize];
            let (a, b) = (g.pos(ed.a), g.pos(ed.b));
            let n = p.max_bridges.min(top - at(&p, a)).min(top - at(&p, b));
            (n > 0).then_some(super::Bridge { a, b, n })
        });
        if let Some(link) = add {
            p.cells[link.a.0 * w + link.a.1] += link.n;
            p.cells[link.b.0 * w + link.b.1] += link.n;
            layout.push(link);
            continue;
        }
        // Leaf, last because it loses an island (first, it took a 60x60 k = 4 layout from 20%
        // islands down to 11%): an undecided link to an island with no other link goes, with
        // the island, when the other end keeps a bridge.
        let links_at = |i: u32| {
            g.incident[i as usize]
                .iter()
                .filter(|&&e| in_layout[e as usize])
                .count()
        };
        let leaf = (0..layout.len()).find_map(|k| {
            let b = layout[k];
            let ed = g.edges[edge_of[k] as usize];
            if !undecided(edge_of[k]) {
                return None;
            }
            [(ed.a, b.b, b.a), (ed.b, b.a, b.b)]
                .into_iter()
                .find_map(|(i, other, leaf)| {
                    (g.pos(i) == leaf && links_at(i) == 1 && at(&p, other) > b.n)
                        .then_some((k, leaf))
                })
        });
        if let Some((k, leaf)) = leaf {
            drop_link(&mut p, &mut layout, k);
            p.cells[leaf.0 * w + leaf.1] = WATER;
            continue;
        }
        return Ok(None);
    }
    Ok(None)
}

/// Whether layout link `k` can be taken out: both its ends keep a bridge, and the rest of the
/// layout stays connected (the link lies on a loop), so the rest is still a solution once both
/// numbers are lowered.
fn droppable(p: &Puzzle, layout: &[super::Bridge], k: usize) -> bool {
    let b = layout[k];
    let w = p.width;
    if p.cells[b.a.0 * w + b.a.1] <= b.n || p.cells[b.b.0 * w + b.b.1] <= b.n {
        return false;
    }
    let rest: Vec<super::Bridge> = layout
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != k)
        .map(|(_, x)| *x)
        .collect();
    layout_connected(p, &rest)
}

/// Takes layout link `k` out and lowers the numbers of its ends; returns the link.
fn drop_link(p: &mut Puzzle, layout: &mut Vec<super::Bridge>, k: usize) -> super::Bridge {
    let b = layout.remove(k);
    let w = p.width;
    p.cells[b.a.0 * w + b.a.1] -= b.n;
    p.cells[b.b.0 * w + b.b.1] -= b.n;
    b
}

/// The water cells under a bridge, from end to end.
fn span(b: &super::Bridge) -> Vec<(usize, usize)> {
    if b.a.0 == b.b.0 {
        (b.a.1 + 1..b.b.1).map(|c| (b.a.0, c)).collect()
    } else {
        (b.a.0 + 1..b.b.0).map(|r| (r, b.a.1)).collect()
    }
}

/// No island orthogonally next to `(r, c)` (islands never touch).
fn lonely(p: &Puzzle, r: usize, c: usize) -> bool {
    [(0i64, 1i64), (0, -1), (1, 0), (-1, 0)]
        .iter()
        .all(|&(dr, dc)| {
            let (nr, nc) = (r as i64 + dr, c as i64 + dc);
            nr < 0
                || nc < 0
                || nr >= p.height as i64
                || nc >= p.width as i64
                || !p.is_island(nr as usize, nc as usize)
        })
}

/// Largest side of a random board (`WxH#SEED`).
pub const RANDOM_MAX_SIDE: usize = 30;

/// A random puzzle with exactly one solution, reproducible from `seed` (the `WxH#SEED` IDs): a
/// tree layout with about one island per seven cells, made unique with rocks where needed. Tries
/// the first 20 [`layout_seeds`] of `seed` until one works.
pub fn random_unique(
    width: usize,
    height: usize,
    max_bridges: u8,
    no_loops: bool,
    seed: u64,
) -> Result<Puzzle, String> {
    // Generation proves uniqueness again and again; beyond this size (and with 3-4 bridges per
    // pair) a seed can take minutes, and `WxH#SEED` arrives from shared links.
    if width < 3 || height < 3 || width > RANDOM_MAX_SIDE || height > RANDOM_MAX_SIDE {
        return Err(format!(
            "hashi: random boards from an ID (WxH#SEED) are 3x3 to {RANDOM_MAX_SIDE}x{RANDOM_MAX_SIDE}, not {width}x{height}; the generator (New puzzle, or hashi generate) makes boards up to {0}x{0}",
            super::game::GENERATE_MAX
        ));
    }
    let gp = GenParams {
        width,
        height,
        islands: (width * height / 7).max(2),
        max_bridges: max_bridges.clamp(1, 4),
        max_len: (width.min(height) / 4).clamp(3, 8),
        // With the no-loops rule the layout must be a tree, or its own solution would break it.
        loop_chance: if no_loops { 0.0 } else { 0.3 },
        // The rule is stated only once the puzzle is unique (below), as before.
        no_loops: false,
        expansion: None,
    };
    for s in layout_seeds(seed).take(20) {
        let (p, layout) = generate(&gp, s);
        if p.validate().is_err() {
            continue;
        }
        if let Some((mut p, _, _, _)) = make_unique(&p, &layout, 200, 200_000) {
            // A tree's solution is unique among all solutions, so it stays unique among trees.
            p.no_loops = no_loops;
            return Ok(p);
        }
    }
    Err(format!(
        "hashi: no unique {width}x{height} puzzle found from seed {seed}"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::hashi::{check_solution, parse_any, to_plain};

    #[test]
    fn layouts_are_solutions_and_seeds_reproduce() {
        let gp = GenParams {
            width: 12,
            height: 9,
            islands: 20,
            max_bridges: 2,
            max_len: 5,
            loop_chance: 0.5,
            no_loops: false,
            expansion: None,
        };
        let (p, sol) = generate(&gp, 3);
        check_solution(&p, &sol).unwrap();
        assert_eq!(generate(&gp, 3).0, p);
        let a = parse_any("9x7#42").unwrap();
        assert_eq!((a.width, a.height), (9, 7));
        assert_eq!(parse_any("9x7#42").unwrap(), a);
        assert_ne!(to_plain(&parse_any("9x7#43").unwrap()), to_plain(&a));
        let (st, sols, _) =
            crate::puzzles::hashi::solve::solve_all(&a, Default::default(), u64::MAX, u64::MAX)
                .unwrap();
        assert_eq!((st, sols.len()), (Status::Exhausted, 1));
        assert!(parse_any("2x2#1").unwrap_err().contains("3x3"));
        assert!(parse_any("9x7m3L#word").unwrap().no_loops);
    }
}
