//! The generator of a wanted level: layouts split until the level's own deductions decide them,
//! then graded ([`generate_graded`]).

use super::layout::{drop_link, generate, layout_seeds, lonely, span};
use super::{past, GenFail, GenParams};
use crate::puzzles::hashi::grade::{self, Difficulty, Method};
use crate::puzzles::hashi::solve::reach::{reach_in, Reach};
use crate::puzzles::hashi::{self, Puzzle, WATER};
use crate::shared::dsf::CutEdges;
use crate::shared::rng::Rng;

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
) -> Result<(Puzzle, Vec<hashi::Bridge>, u64), GenFail> {
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
    mut layout: Vec<hashi::Bridge>,
    rung: Method,
    seed: u64,
    deadline: Option<u64>,
) -> Result<Option<(Puzzle, Vec<hashi::Bridge>)>, OutOfTime> {
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
        let (reached, g) = reach_in(&p, hashi::graph::Graph::new(&p), rung.rung());
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
            layout.push(hashi::Bridge {
                a: b.a,
                b: (r, c),
                n: b.n,
            });
            layout.push(hashi::Bridge {
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
            (n > 0).then_some(hashi::Bridge { a, b, n })
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
