//! Help for a player: the next step from their bridges ([`hint`]) and a report on the board
//! ([`check_board`]).
//!
//! A hint drives the solver's own machine: the player's bridges become lower bounds, the first
//! node (the root propagation to a fixed point) runs with a [`Trace`], and the first deduction
//! in that trace that adds a bridge the player has not drawn is the hint, worded with the same
//! sentence as the animation. Before that, the player's bridges are checked against the rules and,
//! when the puzzle has a single solution, against it; when no rule adds a bridge, the hint points
//! at a bridge of the solution instead.

use serde::Serialize;

use super::graph::Graph;
use super::solve::{bridges_word, solve_all, Event, Rule, SolveOptions, Solver};
use super::{check_solution, Bridge, Puzzle};
use crate::engine::{Budget, Machine, Trace, Verdict};
use crate::puzzles::contract::{verdict, Question, HELPER_MAX_MICROS};

/// What a hint says.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "HashiHintKind"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum HintKind {
    /// The user's bridges are a complete, valid solution.
    Solved,
    /// A deduction adds bridges (`bridges` are the new lower bounds to draw).
    Deduction,
    /// A user bridge breaks a rule or is not in the (unique) solution; `bridges` names it.
    Mistake,
    /// No rule applies; `bridges` holds one bridge of the solution to place.
    Guess,
    /// The puzzle has no solution.
    NoSolution,
}

/// The next step from the user's bridges.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "HashiHint"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Hint {
    pub kind: HintKind,
    pub rule: Option<Rule>,
    pub why: String,
    pub islands: Vec<[u32; 2]>,
    pub bridges: Vec<Bridge>,
    /// Earlier deductions (sentences) the hint relies on, e.g. bridges ruled out first.
    pub because: Vec<String>,
}

/// Where the user's bridges stand.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "HashiBoardReport"))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardReport {
    /// Islands with exactly their number of bridges.
    pub finished: Vec<[usize; 2]>,
    /// Islands with more bridges than their number.
    pub overfull: Vec<[usize; 2]>,
    /// Pairs of user bridges that cross.
    pub crossing: Vec<[Bridge; 2]>,
    /// User bridges that cannot exist (no straight water line, or more than k).
    pub invalid: Vec<Bridge>,
    /// User bridges with more bridges than the solution has on that pair (only when the puzzle has
    /// exactly one solution).
    pub mistakes: Vec<Bridge>,
    /// The bridges are a complete valid solution (checked by the independent checker).
    pub solved: bool,
    /// Whether the puzzle itself (its islands, not the player's bridges) has one solution
    /// (`unique`), `none`, several (`multiple`), or `budget` when `HINT_NODES` nodes of search
    /// did not decide it: "no mistakes" means little on a puzzle without exactly one solution.
    pub solvability: Verdict,
}

/// Node budget of the full solve behind hints and board reports (a uniqueness proof).
const HINT_NODES: u64 = 2_000_000;

/// A deduction seen in the hint's trace: rule, sentence, islands, edges.
type RuleSeen = (Rule, String, Vec<[u32; 2]>, Vec<u32>);

/// The player's bridges as (edge, count), or the mistake hint for the first one that cannot
/// exist or is listed twice.
fn user_edges(g: &Graph, k: u8, user: &[Bridge]) -> Result<Vec<(u32, u8)>, Hint> {
    let mut out: Vec<(u32, u8)> = Vec::new();
    for &b in user {
        let e = g.edge_between(b.a, b.b).filter(|_| b.n >= 1 && b.n <= k);
        let Some(e) = e else {
            return Err(mistake(
                b,
                format!(
                    "there can be no {} between {}",
                    bridges_word(b.n as i32),
                    ends(&b, " and ")
                ),
            ));
        };
        if out.iter().any(|&(x, _)| x == e) {
            return Err(mistake(
                b,
                format!("the bridge {} is listed twice", ends(&b, "-")),
            ));
        }
        out.push((e, b.n));
    }
    Ok(out)
}

/// A bridge's ends in people's 1-based coordinates, joined by `sep`: "(3,4) and (3,7)".
fn ends(b: &Bridge, sep: &str) -> String {
    let at = |(r, c): (usize, usize)| {
        format!(
            "(row {}, column {})",
            r.saturating_add(1),
            c.saturating_add(1)
        )
    };
    format!("{}{sep}{}", at(b.a), at(b.b))
}

/// A mistake hint naming the bridge `b`.
fn mistake(b: Bridge, why: String) -> Hint {
    Hint {
        kind: HintKind::Mistake,
        rule: None,
        why,
        islands: vec![[b.a.0 as u32, b.a.1 as u32], [b.b.0 as u32, b.b.1 as u32]],
        bridges: vec![b.normalized()],
        because: vec![],
    }
}

/// The next deduction from the user's bridges, or the mistake among them, or "solved".
pub fn hint(puzzle: &Puzzle, user: &[Bridge]) -> Result<Hint, String> {
    let mut solver = Solver::new(puzzle, SolveOptions::default())?;
    let edges = match user_edges(solver.graph(), puzzle.max_bridges, user) {
        Ok(e) => e,
        Err(h) => return Ok(h),
    };
    if check_solution(puzzle, user).is_ok() {
        return Ok(Hint {
            kind: HintKind::Solved,
            rule: None,
            why: "every island has its bridges and all are connected: solved".into(),
            islands: vec![],
            bridges: vec![],
            because: vec![],
        });
    }
    let (_, sols, _) = solve_all(puzzle, SolveOptions::default(), HINT_NODES, HELPER_MAX_MICROS)?;
    if sols.is_empty() {
        return Ok(Hint {
            kind: HintKind::NoSolution,
            rule: None,
            why: "this puzzle has no solution".into(),
            islands: vec![],
            bridges: vec![],
            because: vec![],
        });
    }
    let g = solver.graph().clone();
    let in_solution = |e: u32, sol: &[Bridge]| -> u8 {
        let ed = g.edges[e as usize];
        let key = Bridge {
            a: g.pos(ed.a),
            b: g.pos(ed.b),
            n: 0,
        }
        .normalized();
        sol.iter()
            .find(|b| b.a == key.a && b.b == key.b)
            .map_or(0, |b| b.n)
    };
    // The first user bridge with more bridges than `sol` has on that pair, as a mistake hint.
    let excess = |sol: &[Bridge], which: &str| -> Option<Hint> {
        edges.iter().zip(user).find_map(|(&(e, n), &b)| {
            let want = in_solution(e, sol);
            (n > want).then(|| {
                mistake(
                    b,
                    format!(
                        "{which} has {} between {}, not {n}",
                        bridges_word(want as i32),
                        ends(&b, " and ")
                    ),
                )
            })
        })
    };
    if sols.len() == 1 {
        if let Some(h) = excess(&sols[0], "the solution") {
            return Ok(h);
        }
    }
    // Start from the user's bridges as lower bounds, then record the machine's first node (the
    // root propagation to a fixed point), exactly as a stepped run would show it.
    for (&(e, n), &b) in edges.iter().zip(user) {
        if solver.assume_at_least(e, n).is_err() {
            return Ok(mistake(
                b,
                format!(
                    "the bridge {} breaks a rule together with your other bridges",
                    ends(&b, "-")
                ),
            ));
        }
    }
    let mut trace = Trace::default();
    // A contradiction shows up as a dead-end event below; the status itself adds nothing. The
    // events after the propagation (focus, solution, exhausted) are not read.
    // Within the helpers' time budget: on a big board the first node alone can take seconds;
    // the deductions recorded before the deadline are as sound as the rest would have been.
    let deadline = crate::shared::clock::now_micros().saturating_add(HELPER_MAX_MICROS);
    solver.run(&mut Budget::nodes(1).until(deadline), &mut trace);
    // Earlier deductions (sentence, edges) in the order made; only those next to the hint are kept.
    let mut because: Vec<(String, Vec<u32>)> = Vec::new();
    let mut current: Option<RuleSeen> = None;
    let mut adds: Vec<Bridge> = Vec::new();
    for ev in trace.events {
        match ev {
            Event::HashiRule {
                rule,
                islands,
                why,
                edges,
            } => {
                if !adds.is_empty() {
                    break;
                }
                if let Some((_, w, _, es)) = current.take() {
                    because.push((w, es));
                }
                current = Some((rule, why, islands, edges));
            }
            Event::HashiRange {
                a,
                b,
                before,
                after,
                ..
            } if after[0] > before[0] => {
                adds.push(
                    Bridge {
                        a: (a[0] as usize, a[1] as usize),
                        b: (b[0] as usize, b[1] as usize),
                        n: after[0],
                    }
                    .normalized(),
                );
            }
            Event::HashiDeadEnd { why, islands, .. } => {
                return Ok(Hint {
                    kind: HintKind::Mistake,
                    rule: None,
                    why: format!("your bridges lead to a contradiction: {why}"),
                    islands,
                    bridges: vec![],
                    because: because
                        .into_iter()
                        .rev()
                        .take(5)
                        .rev()
                        .map(|b| b.0)
                        .collect(),
                });
            }
            _ => {}
        }
    }
    if let (Some((rule, why, islands, _)), false) = (current, adds.is_empty()) {
        // Keep the earlier deductions that touched the hinted islands (at most the last five).
        let mut near: Vec<(usize, usize)> = islands
            .iter()
            .map(|c| (c[0] as usize, c[1] as usize))
            .collect();
        near.extend(adds.iter().flat_map(|b| [b.a, b.b]));
        let relevant: Vec<String> = because
            .into_iter()
            .filter(|(_, es)| {
                es.iter().any(|&e| {
                    let ed = g.edges[e as usize];
                    near.contains(&g.pos(ed.a)) || near.contains(&g.pos(ed.b))
                })
            })
            .map(|(w, _)| w)
            .collect();
        let skip = relevant.len().saturating_sub(5);
        return Ok(Hint {
            kind: HintKind::Deduction,
            rule: Some(rule),
            why,
            islands,
            bridges: adds,
            because: relevant.into_iter().skip(skip).collect(),
        });
    }
    // No deduction adds a bridge: point at one the solution has and the user lacks.
    let sol = &sols[0];
    for b in sol {
        let have = user
            .iter()
            .find(|u| u.normalized().a == b.a && u.normalized().b == b.b)
            .map_or(0, |u| u.n);
        if have < b.n {
            return Ok(Hint {
                kind: HintKind::Guess,
                rule: None,
                why: format!(
                    "no rule applies here; the solution has {} between {}",
                    bridges_word(b.n as i32),
                    ends(b, " and ")
                ),
                islands: vec![[b.a.0 as u32, b.a.1 as u32], [b.b.0 as u32, b.b.1 as u32]],
                bridges: vec![*b],
                because: vec![],
            });
        }
    }
    // The user has every bridge of the solution found, and more: name one of the extra ones.
    excess(sol, "the solution found")
        .ok_or_else(|| "internal error: no hint found for an unsolved board".to_string())
}

/// Marks finished and over-full islands, crossing and impossible bridges, and mistakes.
pub fn check_board(puzzle: &Puzzle, user: &[Bridge]) -> Result<BoardReport, String> {
    puzzle.validate()?;
    let g = Graph::new(puzzle);
    let mut report = BoardReport::default();
    let mut degree = vec![0u32; g.islands.len()];
    let mut placed: Vec<(u32, Bridge)> = Vec::new();
    for &b in user {
        match g.edge_between(b.a, b.b) {
            Some(e) if b.n >= 1 && b.n <= puzzle.max_bridges => {
                let ed = g.edges[e as usize];
                degree[ed.a as usize] += b.n as u32;
                degree[ed.b as usize] += b.n as u32;
                placed.push((e, b.normalized()));
            }
            _ => report.invalid.push(b.normalized()),
        }
    }
    for (i, isl) in g.islands.iter().enumerate() {
        let d = degree[i];
        if d == isl.need as u32 {
            report.finished.push([isl.row, isl.col]);
        } else if d > isl.need as u32 {
            report.overfull.push([isl.row, isl.col]);
        }
    }
    for (k, &(e, b)) in placed.iter().enumerate() {
        for &(x, c) in &placed[k + 1..] {
            if g.crossings[e as usize].contains(&x) {
                report.crossing.push([b, c]);
            }
        }
    }
    report.solved = check_solution(puzzle, user).is_ok();
    let (status, sols, _) = solve_all(puzzle, SolveOptions::default(), HINT_NODES, HELPER_MAX_MICROS)?;
    report.solvability =
        verdict(Question::Uniqueness, status, sols.len() as u64).unwrap_or(Verdict::Budget);
    if report.solvability == Verdict::Unique {
        for &(_, b) in &placed {
            let want = sols[0]
                .iter()
                .find(|s| s.a == b.a && s.b == b.b)
                .map_or(0, |s| s.n);
            if b.n > want {
                report.mistakes.push(b);
            }
        }
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::hashi::brute::brute_force;
    use crate::puzzles::hashi::WATER;
    use crate::shared::rng::Rng;

    /// Check's word on the puzzle agrees with the independent brute force on small random boards.
    #[test]
    fn check_says_unique_none_or_several_as_brute_force_counts() {
        let mut rng = Rng::new(2026);
        let mut seen = [0u32; 3];
        for _ in 0..1500 {
            // Islands on the even cells of a small board (islands may not touch): dense enough
            // for several solutions, small enough for the brute force.
            let (w, h) = (5 + 2 * rng.index(2), 5);
            let mut cells = vec![WATER; w * h];
            for _ in 0..3 + rng.index(6) {
                cells[2 * rng.index(h.div_ceil(2)) * w + 2 * rng.index(w.div_ceil(2))] = 1;
            }
            // Numbers from random bridges between neighbours (so many boards have a solution, and
            // some several), or at random (so some have none).
            let mut need = vec![0u8; w * h];
            for i in (0..w * h).filter(|&i| cells[i] != WATER) {
                let right = (i % w + 1..w)
                    .map(|c| i - i % w + c)
                    .find(|&j| cells[j] != WATER);
                let down = (i / w + 1..h)
                    .map(|r| r * w + i % w)
                    .find(|&j| cells[j] != WATER);
                for j in [right, down].into_iter().flatten() {
                    let k = rng.index(3) as u8;
                    need[i] += k;
                    need[j] += k;
                }
            }
            for i in 0..w * h {
                if cells[i] == WATER {
                    continue;
                }
                cells[i] = if need[i] == 0 || rng.index(5) == 0 {
                    1 + rng.index(4) as u8
                } else {
                    need[i]
                };
            }
            let p = Puzzle {
                width: w,
                height: h,
                cells,
                max_bridges: 2,
                no_loops: false,
            };
            if p.validate().is_err() {
                continue;
            }
            let (want, k) = match brute_force(&p, false, 2).len() {
                0 => (Verdict::None, 0),
                1 => (Verdict::Unique, 1),
                _ => (Verdict::Multiple, 2),
            };
            seen[k] += 1;
            let got = check_board(&p, &[]).unwrap().solvability;
            assert_eq!(got, want, "{p:?}");
        }
        assert!(seen.iter().all(|&k| k > 5), "every kind tried: {seen:?}");
    }
}
