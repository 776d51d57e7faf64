//! The plain generator: a layout made unique by splits, rocks and drops ([`make_unique`]), retried
//! over seeds ([`generate_unique`]), and the random boards of the `WxH#SEED` IDs.

use super::layout::{drop_link, droppable, generate, layout_seeds};
use super::{past, GenFail, GenParams};
use crate::engine::Status;
use crate::puzzles::hashi::{self, Puzzle, WATER};

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
    layout: &[hashi::Bridge],
    max_steps: usize,
    max_nodes: u64,
) -> Option<(Puzzle, Vec<hashi::Bridge>, usize, usize)> {
    let mut p = puzzle.clone();
    let mut layout = layout.to_vec();
    layout.sort();
    let (w, h) = (p.width, p.height);
    let span = |b: &hashi::Bridge| -> Vec<(usize, usize)> {
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
            hashi::solve::solve_all(&p, hashi::SolveOptions::default(), max_nodes, u64::MAX)
                .ok()?;
        if status == Status::Exhausted && sols.len() == 1 {
            layout.sort();
            return Some((p, layout, edits, rocks));
        }
        if status != Status::LimitReached || edits + rocks == max_steps {
            return None;
        }
        let other = sols.iter().find(|s| **s != layout)?;
        let count_in = |sol: &[hashi::Bridge], b: &hashi::Bridge| {
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
            layout.push(hashi::Bridge {
                a: b.a,
                b: m,
                n: b.n,
            });
            layout.push(hashi::Bridge {
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
                    p.cells[r * w + c] = hashi::ROCK;
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
) -> Result<(Puzzle, Vec<hashi::Bridge>, u64), GenFail> {
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
            hashi::solve::solve_all(&p, hashi::SolveOptions::default(), max_nodes, micros)
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
            hashi::game::GENERATE_MAX
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
