//! A brute-force enumerator for small boards: a second, independent way to count solutions.
//!
//! It shares nothing with the solver: it finds the candidate pairs by walking the grid itself,
//! tries every bridge count on every pair (pruning only when an island's count is exceeded or can
//! no longer be met) and hands each complete assignment to [`check_solution`]. With
//! `ignore_crossing` it checks the other rules itself, so tests can show that the no-crossing rule
//! alone removes a solution. Exponential: meant for boards with up to about 20 candidate pairs.

use super::{check_solution, Bridge, Puzzle, ROCK, WATER};

/// A candidate pair: its two cells and the most bridges it can carry.
type Pair = ((usize, usize), (usize, usize), u8);

/// Up to `limit` solutions of `p` (all rules, or all but no-crossing).
pub fn brute_force(p: &Puzzle, ignore_crossing: bool, limit: usize) -> Vec<Vec<Bridge>> {
    let (w, h) = (p.width, p.height);
    let mut pairs: Vec<Pair> = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if !p.is_island(r, c) {
                continue;
            }
            // Right.
            let mut cc = c + 1;
            while cc < w && p.at(r, cc) == WATER {
                cc += 1;
            }
            if cc < w && p.at(r, cc) != ROCK {
                pairs.push((
                    (r, c),
                    (r, cc),
                    p.max_bridges.min(p.at(r, c)).min(p.at(r, cc)),
                ));
            }
            // Down.
            let mut rr = r + 1;
            while rr < h && p.at(rr, c) == WATER {
                rr += 1;
            }
            if rr < h && p.at(rr, c) != ROCK {
                pairs.push((
                    (r, c),
                    (rr, c),
                    p.max_bridges.min(p.at(r, c)).min(p.at(rr, c)),
                ));
            }
        }
    }
    let mut left = vec![0i32; w * h];
    for (i, &v) in p.cells.iter().enumerate() {
        if v != WATER && v != ROCK {
            left[i] = v as i32;
        }
    }
    // How many pairs of each island are still unassigned, to prune islands that can no longer finish.
    let mut open = vec![0u32; w * h];
    for &(a, b, _) in &pairs {
        open[a.0 * w + a.1] += 1;
        open[b.0 * w + b.1] += 1;
    }
    let mut values = vec![0u8; pairs.len()];
    let mut out = Vec::new();
    rec(
        p,
        &pairs,
        0,
        &mut values,
        &mut left,
        &mut open,
        ignore_crossing,
        limit,
        &mut out,
    );
    out
}

#[allow(clippy::too_many_arguments)]
fn rec(
    p: &Puzzle,
    pairs: &[Pair],
    k: usize,
    values: &mut Vec<u8>,
    left: &mut Vec<i32>,
    open: &mut Vec<u32>,
    ignore_crossing: bool,
    limit: usize,
    out: &mut Vec<Vec<Bridge>>,
) {
    if out.len() >= limit {
        return;
    }
    let w = p.width;
    if k == pairs.len() {
        let bridges: Vec<Bridge> = pairs
            .iter()
            .zip(values.iter())
            .filter(|(_, &v)| v > 0)
            .map(|(&(a, b, _), &n)| Bridge { a, b, n })
            .collect();
        let ok = if ignore_crossing {
            rules_but_crossing(p, &bridges)
        } else {
            check_solution(p, &bridges).is_ok()
        };
        if ok {
            out.push(bridges);
        }
        return;
    }
    let (a, b, cap) = pairs[k];
    let (ia, ib) = (a.0 * w + a.1, b.0 * w + b.1);
    open[ia] -= 1;
    open[ib] -= 1;
    for v in 0..=cap {
        let v32 = v as i32;
        if left[ia] < v32 || left[ib] < v32 {
            break;
        }
        left[ia] -= v32;
        left[ib] -= v32;
        let dead = (open[ia] == 0 && left[ia] != 0) || (open[ib] == 0 && left[ib] != 0);
        if !dead {
            values[k] = v;
            rec(
                p,
                pairs,
                k + 1,
                values,
                left,
                open,
                ignore_crossing,
                limit,
                out,
            );
        }
        left[ia] += v32;
        left[ib] += v32;
    }
    values[k] = 0;
    open[ia] += 1;
    open[ib] += 1;
}

/// Degrees, connectivity and no-loops, without looking at crossings.
fn rules_but_crossing(p: &Puzzle, bridges: &[Bridge]) -> bool {
    let w = p.width;
    let mut deg = vec![0u32; p.cells.len()];
    let mut parent: Vec<usize> = (0..p.cells.len()).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            x = parent[x];
        }
        x
    }
    for b in bridges {
        let (ia, ib) = (b.a.0 * w + b.a.1, b.b.0 * w + b.b.1);
        deg[ia] += b.n as u32;
        deg[ib] += b.n as u32;
        let (ra, rb) = (root(&mut parent, ia), root(&mut parent, ib));
        parent[ra] = rb;
    }
    let islands: Vec<usize> = (0..p.cells.len())
        .filter(|&i| p.cells[i] != WATER && p.cells[i] != ROCK)
        .collect();
    if islands.iter().any(|&i| deg[i] != p.cells[i] as u32) {
        return false;
    }
    let r0 = root(&mut parent, islands[0]);
    if islands.iter().any(|&i| root(&mut parent, i) != r0) {
        return false;
    }
    !p.no_loops || bridges.len() + 1 == islands.len()
}
