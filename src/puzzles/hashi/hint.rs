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
use crate::puzzles::contract::{sentence, solvability_says, verdict, Question, HELPER_MAX_MICROS};

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
    /// What the hint is (see [`HintKind`]).
    pub kind: HintKind,
    /// The rule of a deduction; `None` for the other kinds.
    pub rule: Option<Rule>,
    /// The hint as a sentence (1-based rows and columns).
    pub why: String,
    /// 0-based `[row, col]` of the islands to highlight (may be empty).
    pub islands: Vec<[u32; 2]>,
    /// The bridges the hint is about (0-based cells): the ones to add for a deduction or a guess, the
    /// wrong one for a mistake; may be empty.
    pub bridges: Vec<Bridge>,
    /// Earlier deductions (sentences) the hint relies on, e.g. bridges ruled out first.
    pub because: Vec<String>,
    /// The line the page shows for the hint.
    pub says: String,
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
    /// User bridges that cannot exist (no straight water line, or a count outside 1 to k).
    pub invalid: Vec<Bridge>,
    /// Later listings of a pair already listed (with the same count or another): each pair
    /// counts once, with its first listing, everywhere (see [`PlayerBoard`]).
    pub repeated: Vec<Bridge>,
    /// User bridges with more bridges than the solution has on that pair (only when the puzzle has
    /// exactly one solution).
    pub mistakes: Vec<Bridge>,
    /// The bridges are a complete valid solution (checked by the independent checker).
    pub solved: bool,
    /// Whether the puzzle itself (its islands, not the player's bridges) has one solution
    /// (`unique`), `none`, several (`multiple`), or `budget` when `HINT_NODES` nodes of search
    /// did not decide it: "no mistakes" means little on a puzzle without exactly one solution.
    pub solvability: Verdict,
    /// The solvability as the sentence the page adds (absent for a unique puzzle).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub solvability_says: Option<String>,
    /// The message line's sentence about this board, worded here so the page writes none.
    pub says: ReportSays,
}

/// What the message line says of a board report, one sentence for each way the page shows it:
/// the page knows whether red marks are on, the words come from here.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "HashiReportSays"))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ReportSays {
    /// Red marks off ("Mark mistakes as I play" unticked): how far the player is.
    pub quiet: String,
    /// Red marks on after a move: what is marked wrong, or how far the player is.
    pub marked: String,
    /// After Check: what is marked wrong, or that nothing is so far.
    pub checked: String,
}

/// Words `r`'s sentences for a board of `islands` islands.
fn report_says(r: &BoardReport, islands: usize) -> ReportSays {
    use crate::puzzles::contract::plural;
    if r.solved {
        let s = "Solved! Every island has its bridges and all are connected.".to_string();
        return ReportSays {
            quiet: s.clone(),
            marked: s.clone(),
            checked: s,
        };
    }
    let progress = format!("{} of {islands} islands finished.", r.finished.len());
    let about = r
        .solvability_says
        .as_ref()
        .map(|a| format!(" {a}"))
        .unwrap_or_default();
    let count = |n: usize, one: &str, many: &str| plural(n as u64, one, many);
    let mut parts = Vec::new();
    if !r.overfull.is_empty() {
        parts.push(count(
            r.overfull.len(),
            "island has too many bridges",
            "islands have too many bridges",
        ));
    }
    if !r.crossing.is_empty() {
        parts.push(count(r.crossing.len(), "crossing", "crossings"));
    }
    if !r.mistakes.is_empty() {
        parts.push(count(
            r.mistakes.len(),
            "bridge is not in the solution",
            "bridges are not in the solution",
        ));
    }
    if !r.invalid.is_empty() {
        parts.push(count(
            r.invalid.len(),
            "impossible bridge",
            "impossible bridges",
        ));
    }
    let (marked, checked) = if parts.is_empty() {
        (
            format!("{progress}{about}"),
            match &r.solvability_says {
                Some(a) => a.clone(),
                None => format!("No mistakes so far: {progress}"),
            },
        )
    } else {
        let wrong = format!("Marked wrong: {}.{about}", parts.join(", "));
        (wrong.clone(), wrong)
    };
    ReportSays {
        quiet: progress,
        marked,
        checked,
    }
}

/// Node budget of the full solve behind hints and board reports (a uniqueness proof).
const HINT_NODES: u64 = 2_000_000;

/// A deduction seen in the hint's trace: rule, sentence, islands, edges.
type RuleSeen = (Rule, String, Vec<[u32; 2]>, Vec<u32>);

/// The player's bridges read once, the same way by [`hint`] and [`check_board`] (and so by the
/// page's play mode, which asks them): every listed bridge is either placed (the first listing of
/// a pair that can carry that many bridges), invalid (no straight water line between its ends,
/// or a count outside 1 to k) or repeated (a later listing of a placed pair, whatever its
/// count). Reading is linear in the list and the board: pairs are looked up by edge number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerBoard {
    /// (edge, bridge with its ends in order), in the order listed.
    pub placed: Vec<(u32, Bridge)>,
    /// Listed bridges that cannot exist, in the order listed (ends in order).
    pub invalid: Vec<Bridge>,
    /// Later listings of placed pairs, in the order listed (ends in order).
    pub repeated: Vec<Bridge>,
    /// Per edge: the count placed on it (0: none).
    pub count: Vec<u8>,
}

impl PlayerBoard {
    /// Reads `user` on the graph `g` of a puzzle with at most `k` bridges per pair.
    pub fn read(g: &Graph, k: u8, user: &[Bridge]) -> PlayerBoard {
        let mut board = PlayerBoard {
            count: vec![0; g.edges.len()],
            ..PlayerBoard::default()
        };
        for &b in user {
            let b = b.normalized();
            match g.edge_between(b.a, b.b) {
                Some(e) if (1..=k).contains(&b.n) => {
                    if board.count[e as usize] == 0 {
                        board.count[e as usize] = b.n;
                        board.placed.push((e, b));
                    } else {
                        board.repeated.push(b);
                    }
                }
                _ => board.invalid.push(b),
            }
        }
        board
    }
}

/// The mistake hint for an invalid bridge `b` (see [`PlayerBoard::invalid`]).
fn invalid_hint(g: &Graph, k: u8, b: Bridge) -> Hint {
    let why = if g.edge_between(b.a, b.b).is_none() {
        format!(
            "there can be no bridge between {}: they are not two islands in a line with only water between them",
            ends(&b, " and ")
        )
    } else {
        // In digits: "no bridges between …" would read as a statement about the board.
        format!(
            "{} bridge{} between {}: a pair of islands carries 1 to {k} bridges",
            b.n,
            if b.n == 1 { "" } else { "s" },
            ends(&b, " and ")
        )
    };
    mistake(b, why)
}

/// The mistake hint for a repeated bridge `b`, first listed with `first` bridges.
fn repeated_hint(b: Bridge, first: u8) -> Hint {
    let why = if b.n == first {
        format!("the bridge {} is listed twice", ends(&b, "-"))
    } else {
        format!(
            "the bridge {} is listed twice, with {} and with {}",
            ends(&b, "-"),
            bridges_word(first as i32),
            bridges_word(b.n as i32)
        )
    };
    mistake(b, why)
}

/// Per edge of `g`, the bridges `sol` puts on it (linear in both).
fn counts_by_edge(g: &Graph, sol: &[Bridge]) -> Vec<u8> {
    let mut count = vec![0u8; g.edges.len()];
    for b in sol {
        if let Some(e) = g.edge_between(b.a, b.b) {
            count[e as usize] = b.n;
        }
    }
    count
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
        says: String::new(),
    }
}

/// The next deduction from the user's bridges, or the mistake among them, or "solved".
pub fn hint(puzzle: &Puzzle, user: &[Bridge]) -> Result<Hint, String> {
    hint_within(puzzle, user, HELPER_MAX_MICROS)
}

/// [`hint`] within `max_micros` of time (the caller's budget), with the line the page shows.
pub fn hint_within(puzzle: &Puzzle, user: &[Bridge], max_micros: u64) -> Result<Hint, String> {
    let mut h = next_hint(puzzle, user, max_micros)?;
    h.says = match h.kind {
        HintKind::NoSolution => solvability_says(Verdict::None).unwrap_or_default(),
        _ => sentence(&h.why),
    };
    Ok(h)
}

/// [`hint_within`] before its line is written.
fn next_hint(puzzle: &Puzzle, user: &[Bridge], max_micros: u64) -> Result<Hint, String> {
    // One time budget for the whole hint: the uniqueness solve, then the first node below.
    let deadline = crate::shared::clock::now_micros().saturating_add(max_micros);
    let mut solver = Solver::new(puzzle, SolveOptions::default())?;
    let board = PlayerBoard::read(solver.graph(), puzzle.max_bridges, user);
    if let Some(&b) = board.invalid.first() {
        return Ok(invalid_hint(solver.graph(), puzzle.max_bridges, b));
    }
    if let Some(&b) = board.repeated.first() {
        let first = solver
            .graph()
            .edge_between(b.a, b.b)
            .map_or(0, |e| board.count[e as usize]);
        return Ok(repeated_hint(b, first));
    }
    let edges = &board.placed;
    if check_solution(puzzle, user).is_ok() {
        return Ok(Hint {
            kind: HintKind::Solved,
            rule: None,
            why: "every island has its bridges and all are connected: solved".into(),
            islands: vec![],
            bridges: vec![],
            because: vec![],
            says: String::new(),
        });
    }
    let (status, sols, _) = solve_all(
        puzzle,
        SolveOptions::default(),
        HINT_NODES,
        deadline.saturating_sub(crate::shared::clock::now_micros()),
    )?;
    // No solution found is "none" only when the search ended; out of budget, the hint goes on
    // with the deductions, which need no solution.
    if sols.is_empty() && status.is_done() {
        return Ok(Hint {
            kind: HintKind::NoSolution,
            rule: None,
            why: "this puzzle has no solution".into(),
            islands: vec![],
            bridges: vec![],
            because: vec![],
            says: String::new(),
        });
    }
    let g = solver.graph().clone();
    // The first user bridge with more bridges than `sol` has on that pair, as a mistake hint.
    let excess = |sol: &[Bridge], which: &str| -> Option<Hint> {
        let in_solution = counts_by_edge(&g, sol);
        edges.iter().find_map(|&(e, b)| {
            let (want, n) = (in_solution[e as usize], b.n);
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
    for &(e, b) in edges {
        if solver.assume_at_least(e, b.n).is_err() {
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
                    // The event's sentence begins "dead end: ".
                    why: format!("your bridges lead to a {why}"),
                    islands,
                    bridges: vec![],
                    because: because
                        .into_iter()
                        .rev()
                        .take(5)
                        .rev()
                        .map(|b| b.0)
                        .collect(),
                    says: String::new(),
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
            says: String::new(),
        });
    }
    // No deduction adds a bridge: point at one the solution has and the user lacks.
    let Some(sol) = sols.first() else {
        return Err(
            "no rule adds a bridge here, and the search for a solution did not finish within its time budget"
                .into(),
        );
    };
    for b in sol {
        let have = g
            .edge_between(b.a, b.b)
            .map_or(0, |e| board.count[e as usize]);
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
                says: String::new(),
            });
        }
    }
    // The user has every bridge of the solution found, and more: name one of the extra ones.
    excess(sol, "the solution found")
        .ok_or_else(|| "internal error: no hint found for an unsolved board".to_string())
}

/// Marks finished and over-full islands, crossing and impossible bridges, and mistakes.
pub fn check_board(puzzle: &Puzzle, user: &[Bridge]) -> Result<BoardReport, String> {
    check_board_within(puzzle, user, HELPER_MAX_MICROS)
}

/// [`check_board`] within `max_micros` of time for its uniqueness solve (the caller's budget; out
/// of time, the solvability is `budget` and no mistakes against the solution are marked).
pub fn check_board_within(
    puzzle: &Puzzle,
    user: &[Bridge],
    max_micros: u64,
) -> Result<BoardReport, String> {
    puzzle.validate()?;
    let g = Graph::new(puzzle);
    let board = PlayerBoard::read(&g, puzzle.max_bridges, user);
    let mut report = BoardReport {
        invalid: board.invalid,
        repeated: board.repeated,
        ..BoardReport::default()
    };
    let mut degree = vec![0u32; g.islands.len()];
    for &(e, b) in &board.placed {
        let ed = g.edges[e as usize];
        degree[ed.a as usize] += b.n as u32;
        degree[ed.b as usize] += b.n as u32;
    }
    for (i, isl) in g.islands.iter().enumerate() {
        let d = degree[i];
        if d == isl.need as u32 {
            report.finished.push([isl.row, isl.col]);
        } else if d > isl.need as u32 {
            report.overfull.push([isl.row, isl.col]);
        }
    }
    // Each crossing once, from its lower-numbered edge: linear in the crossings of placed edges.
    let mut by_edge: Vec<Option<Bridge>> = vec![None; g.edges.len()];
    for &(e, b) in &board.placed {
        by_edge[e as usize] = Some(b);
    }
    for &(e, b) in &board.placed {
        for &x in &g.crossings[e as usize] {
            if let (true, Some(c)) = (x > e, by_edge[x as usize]) {
                report.crossing.push([b, c]);
            }
        }
    }
    report.solved = check_solution(puzzle, user).is_ok();
    let (status, sols, _) = solve_all(puzzle, SolveOptions::default(), HINT_NODES, max_micros)?;
    report.solvability =
        verdict(Question::Uniqueness, status, sols.len() as u64).unwrap_or(Verdict::Budget);
    report.solvability_says = crate::puzzles::contract::solvability_says(report.solvability);
    if report.solvability == Verdict::Unique {
        let in_solution = counts_by_edge(&g, &sols[0]);
        for &(e, b) in &board.placed {
            let want = in_solution[e as usize];
            if b.n > want {
                report.mistakes.push(b);
            }
        }
    }
    report.says = report_says(&report, g.islands.len());
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::hashi::brute::brute_force;
    use crate::puzzles::hashi::WATER;
    use crate::shared::rng::Rng;

    /// A small random board: islands on the even cells (islands may not touch), dense enough for
    /// several solutions, small enough for the brute force; `None` when it is not a valid puzzle.
    fn random_board(rng: &mut Rng) -> Option<Puzzle> {
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
        p.validate().ok().map(|_| p)
    }

    /// Check's word on the puzzle agrees with the independent brute force on small random boards.
    #[test]
    fn check_says_unique_none_or_several_as_brute_force_counts() {
        let mut rng = Rng::new(2026);
        let mut seen = [0u32; 3];
        for _ in 0..1500 {
            let Some(p) = random_board(&mut rng) else {
                continue;
            };
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

    /// The hint's line (what the page shows) says "no solution" exactly when the brute force finds
    /// none, and otherwise is the hint's reason as a sentence: capital first letter, full stop.
    #[test]
    fn hint_says_no_solution_as_brute_force_finds_or_its_reason() {
        let mut rng = Rng::new(28);
        let mut seen = [0u32; 2];
        for _ in 0..800 {
            let Some(p) = random_board(&mut rng) else {
                continue;
            };
            let none = brute_force(&p, false, 1).is_empty();
            seen[usize::from(none)] += 1;
            let h = hint(&p, &[]).unwrap();
            if none {
                assert!(h.says.contains("has no solution"), "{p:?}: {}", h.says);
                continue;
            }
            let why = h.why.trim();
            let mut want = why[..1].to_ascii_uppercase() + &why[1..];
            if !want.ends_with('.') {
                want.push('.');
            }
            assert_eq!(h.says, want, "{p:?}");
        }
        assert!(seen.iter().all(|&k| k > 20), "both kinds tried: {seen:?}");
    }
}
