//! A seeded generator of Hashiwokakero boards (for tests, benchmarks and the page's "random").
//!
//! It grows a random connected bridge layout: start with one island; repeatedly take a random
//! island and direction, walk over empty water for a random length and either end on a new island
//! (never orthogonally next to another island) or, if the walk meets an island first, join it (a
//! loop). Each new link gets 1..=k bridges. Bridge cells are marked, so no two links cross. The
//! islands' numbers are read off the layout, which is therefore always a solution; whether it is
//! the *only* one is for the solver to decide ([`generate_unique`] retries with new seeds).

use super::{Puzzle, WATER};
use crate::engine::Status;
use crate::shared::rng::Rng;

/// Generation settings.
#[derive(Clone, Copy, Debug)]
pub struct GenParams {
    pub width: usize,
    pub height: usize,
    pub islands: usize,
    pub max_bridges: u8,
    /// Longest walk from an island, in cells.
    pub max_len: usize,
    /// Chance (0..1) that a walk meeting an existing island joins it (closing a loop).
    pub loop_chance: f64,
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
    let mut attempts = 0;
    while islands.len() < params.islands && attempts < params.islands * 400 {
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
                    if rng.unit() < params.loop_chance
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
            no_loops: false,
        },
        links,
    )
}

/// Makes the layout's puzzle unique by dropping rocks: while the solver finds a second solution,
/// a rock goes on a water cell of a link that other solution uses and the layout does not (never on
/// a cell the layout's bridges cover, so the layout stays a solution). Gives up (None) when no such
/// cell exists or after `max_rocks`. Returns the puzzle and the number of rocks placed.
pub fn add_rocks_until_unique(
    puzzle: &Puzzle,
    layout: &[super::Bridge],
    max_rocks: usize,
    max_nodes: u64,
) -> Option<(Puzzle, usize)> {
    let mut p = puzzle.clone();
    let w = p.width;
    // Cells under the layout's bridges.
    let mut covered = vec![false; p.cells.len()];
    for b in layout {
        let (a, z) = (b.a, b.b);
        for r in a.0..=z.0 {
            for c in a.1..=z.1 {
                covered[r * w + c] = true;
            }
        }
    }
    let same = |x: &super::Bridge, y: &super::Bridge| x.a == y.a && x.b == y.b;
    for rocks in 0..=max_rocks {
        let (status, sols, _) =
            super::solve::solve_all(&p, super::SolveOptions::default(), max_nodes).ok()?;
        if status == Status::Exhausted && sols.len() == 1 {
            return Some((p, rocks));
        }
        if status != Status::LimitReached || rocks == max_rocks {
            return None;
        }
        let mut placed = false;
        'sols: for sol in &sols {
            for b in sol {
                if layout.iter().any(|l| same(l, b)) {
                    continue;
                }
                let cells: Vec<(usize, usize)> = if b.a.0 == b.b.0 {
                    (b.a.1 + 1..b.b.1).map(|c| (b.a.0, c)).collect()
                } else {
                    (b.a.0 + 1..b.b.0).map(|r| (r, b.a.1)).collect()
                };
                let mid = cells.len() / 2;
                let order = (mid..cells.len()).chain(0..mid);
                for k in order {
                    let (r, c) = cells[k];
                    if !covered[r * w + c] && p.cells[r * w + c] == WATER {
                        p.cells[r * w + c] = super::ROCK;
                        placed = true;
                        break 'sols;
                    }
                }
            }
        }
        if !placed {
            return None;
        }
    }
    None
}

/// Tries seeds `seed`, `seed+1`, … until the layout's puzzle has exactly one solution (proved by
/// the solver within `max_nodes`); returns the puzzle, its solution and the seed that made it.
pub fn generate_unique(
    params: &GenParams,
    seed: u64,
    tries: u64,
    max_nodes: u64,
) -> Option<(Puzzle, Vec<super::Bridge>, u64)> {
    for s in seed..seed + tries {
        let (p, sol) = generate(params, s);
        if p.validate().is_err() {
            continue;
        }
        let Ok((status, sols, _)) =
            super::solve::solve_all(&p, super::SolveOptions::default(), max_nodes)
        else {
            continue;
        };
        if status == Status::Exhausted && sols.len() == 1 {
            return Some((p, sol, s));
        }
    }
    None
}

/// A random puzzle with exactly one solution, reproducible from `seed` (the `WxH#SEED` IDs): a
/// tree layout with about one island per seven cells, made unique with rocks where needed. Tries
/// the seeds `seed`, `seed+1`, … (at most 20) until one works.
pub fn random_unique(
    width: usize,
    height: usize,
    max_bridges: u8,
    seed: u64,
) -> Result<Puzzle, String> {
    if width < 3 || height < 3 || width > super::MAX_SIDE || height > super::MAX_SIDE {
        return Err(format!(
            "hashi: random boards are 3x3 to {0}x{0}, not {width}x{height}",
            super::MAX_SIDE
        ));
    }
    let gp = GenParams {
        width,
        height,
        islands: (width * height / 7).max(2),
        max_bridges: max_bridges.clamp(1, 4),
        max_len: (width.min(height) / 4).clamp(3, 8),
        loop_chance: 0.0,
    };
    for t in 0..20 {
        let (p, layout) = generate(&gp, seed.wrapping_add(t));
        if p.validate().is_err() {
            continue;
        }
        if let Some((p, _)) = add_rocks_until_unique(&p, &layout, 200, 200_000) {
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
        };
        let (p, sol) = generate(&gp, 3);
        check_solution(&p, &sol).unwrap();
        assert_eq!(generate(&gp, 3).0, p);
        let a = parse_any("9x7#42").unwrap();
        assert_eq!((a.width, a.height), (9, 7));
        assert_eq!(parse_any("9x7#42").unwrap(), a);
        assert_ne!(to_plain(&parse_any("9x7#43").unwrap()), to_plain(&a));
        let (st, sols, _) =
            crate::puzzles::hashi::solve::solve_all(&a, Default::default(), u64::MAX).unwrap();
        assert_eq!((st, sols.len()), (Status::Exhausted, 1));
        assert!(parse_any("2x2#1").unwrap_err().contains("3x3"));
        assert!(parse_any("9x7m3L#word").unwrap().no_loops);
    }
}
