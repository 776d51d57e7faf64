//! One random layout ([`generate`]), its seeds, and the edits the generators make to it: the cells
//! under a link, where an island may go, and which link may be taken out.

use super::GenParams;
use crate::puzzles::hashi::{self, Puzzle, WATER};
use crate::shared::dsf::Dsf;
use crate::shared::rng::Rng;

const EMPTY: u8 = 0;
const ISLAND: u8 = 1;
const BRIDGE: u8 = 2;

/// One random layout; the puzzle and its built-in solution as `(a, b, n)` cell pairs.
pub fn generate(params: &GenParams, seed: u64) -> (Puzzle, Vec<hashi::Bridge>) {
    let (w, h) = (params.width.max(2), params.height.max(2));
    let mut rng = Rng::new(seed);
    let mut state = vec![EMPTY; w * h];
    let mut degree = vec![0u8; w * h];
    let mut islands: Vec<(usize, usize)> = Vec::new();
    let mut links: Vec<hashi::Bridge> = Vec::new();
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
            hashi::Bridge {
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
    links: &mut Vec<hashi::Bridge>,
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
                links.push(hashi::Bridge { a, b, n }.normalized());
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
            hashi::Bridge {
                a: (r0, c0),
                b: (r as usize, c as usize),
                n,
            }
            .normalized(),
        );
        failed = 0;
    }
}

/// True when the bridges join every island of `p` (union-find over the pairs).
fn layout_connected(p: &Puzzle, bridges: &[hashi::Bridge]) -> bool {
    let w = p.width;
    let mut groups = Dsf::new(p.cells.len());
    for b in bridges {
        groups.union((b.a.0 * w + b.a.1) as u32, (b.b.0 * w + b.b.1) as u32);
    }
    let mut islands = (0..p.cells.len())
        .filter(|&i| p.cells[i] != WATER && p.cells[i] != hashi::ROCK)
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

/// Whether layout link `k` can be taken out: both its ends keep a bridge, and the rest of the
/// layout stays connected (the link lies on a loop), so the rest is still a solution once both
/// numbers are lowered.
pub(super) fn droppable(p: &Puzzle, layout: &[hashi::Bridge], k: usize) -> bool {
    let b = layout[k];
    let w = p.width;
    if p.cells[b.a.0 * w + b.a.1] <= b.n || p.cells[b.b.0 * w + b.b.1] <= b.n {
        return false;
    }
    let rest: Vec<hashi::Bridge> = layout
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != k)
        .map(|(_, x)| *x)
        .collect();
    layout_connected(p, &rest)
}

/// Takes layout link `k` out and lowers the numbers of its ends; returns the link.
pub(super) fn drop_link(
    p: &mut Puzzle,
    layout: &mut Vec<hashi::Bridge>,
    k: usize,
) -> hashi::Bridge {
    let b = layout.remove(k);
    let w = p.width;
    p.cells[b.a.0 * w + b.a.1] -= b.n;
    p.cells[b.b.0 * w + b.b.1] -= b.n;
    b
}

/// The water cells under a bridge, from end to end.
pub(super) fn span(b: &hashi::Bridge) -> Vec<(usize, usize)> {
    if b.a.0 == b.b.0 {
        (b.a.1 + 1..b.b.1).map(|c| (b.a.0, c)).collect()
    } else {
        (b.a.0 + 1..b.b.0).map(|r| (r, b.a.1)).collect()
    }
}

/// No island orthogonally next to `(r, c)` (islands never touch).
pub(super) fn lonely(p: &Puzzle, r: usize, c: usize) -> bool {
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
