//! Help for a player: the next deduction from their board ([`hint`]) and the cells that are wrong
//! ([`check_board`]). A board is rows of digits, 0 = empty.
//!
//! A hint runs the solver's own first node (givens and the player's digits, clue rules, then
//! propagation to a fixed point) with a trace, and returns the first deduction that places a
//! digit the player has not written yet, with the reasons of the eliminations that led to it.
//! So a hint never needs a full solve, and it explains itself with the same sentences as the
//! animation.

use serde::Serialize;

use super::solve::{solve, Change, Event, LineRef, Options, Reason, Solver, CONTRADICTION};
use super::{clue_place, visible_count, Puzzle, Side};
use crate::engine::{Budget, Machine, Status, Trace, Verdict};
use crate::puzzles::contract::{
    plural, sentence, solvability_says, verdict, Question, HELPER_MAX_MICROS,
};
use crate::shared::latin::{single, value_of};

/// A wrong cell on the player's board (0-based row and column; `why` in 1-based words).
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SkyscrapersMistake"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Mistake {
    /// 0-based row of the cell.
    pub row: u32,
    /// 0-based column of the cell.
    pub col: u32,
    /// The height the player wrote there (0 when the board has the wrong shape).
    pub value: u8,
    /// What is wrong, as a sentence.
    pub why: String,
}

/// What the player could do next. Every kind carries `says`, the line the page shows for it.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SkyscrapersHint"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Hint {
    /// The board is full and breaks no rule.
    #[serde(rename_all = "camelCase")]
    Solved {
        /// What the page shows.
        says: String,
    },
    /// The puzzle itself (its clues and givens) has no solution, so no hint holds.
    #[serde(rename_all = "camelCase")]
    NoSolution {
        /// What the page shows.
        says: String,
    },
    /// A digit on the board is wrong (first mistake found).
    #[serde(rename_all = "camelCase")]
    Mistake {
        /// 0-based row of the wrong cell.
        row: u32,
        /// 0-based column of the wrong cell.
        col: u32,
        /// The height the player wrote there.
        value: u8,
        /// What is wrong, as a sentence (1-based rows and columns).
        why: String,
        /// What the page shows.
        says: String,
    },
    /// The board breaks no rule by itself, yet it cannot be completed.
    #[serde(rename_all = "camelCase")]
    Contradiction {
        /// 0-based `[row, col]` of the cells involved.
        cells: Vec<[u32; 2]>,
        /// Why the board cannot be completed, as a sentence (1-based rows and columns).
        why: String,
        /// What the page shows.
        says: String,
    },
    /// Put `value` at (row, col). `steps` are the reasons of the eliminations needed first (in
    /// order), `changes` the candidate changes of the deduction itself.
    #[serde(rename_all = "camelCase")]
    Place {
        /// 0-based row of the cell to fill.
        row: u32,
        /// 0-based column of the cell to fill.
        col: u32,
        /// The height to write there (1..=N).
        value: u8,
        /// The rule that gives it.
        reason: Reason,
        /// The row or column the rule is about; `None`: not about one line.
        line: Option<LineRef>,
        /// The deduction as a sentence (1-based rows and columns).
        why: String,
        /// The sentences of the eliminations needed first, in order.
        steps: Vec<String>,
        /// The candidate changes of the deduction itself.
        changes: Vec<Change>,
        /// What the page shows.
        says: String,
    },
    /// No digit follows yet, but these candidates can be crossed out.
    #[serde(rename_all = "camelCase")]
    Eliminate {
        /// The rule that crosses them out.
        reason: Reason,
        /// The row or column the rule is about; `None`: not about one line.
        line: Option<LineRef>,
        /// The deduction as a sentence (1-based rows and columns).
        why: String,
        /// The candidate changes: what can be crossed out.
        changes: Vec<Change>,
        /// What the page shows.
        says: String,
    },
    /// Nothing follows by deduction alone: a guess is needed.
    #[serde(rename_all = "camelCase")]
    Guess {
        /// What the player is told, as a sentence.
        why: String,
        /// What the page shows.
        says: String,
    },
}

/// The page's line for a hint whose own sentence is `why`.
fn hint_says(why: &str) -> String {
    format!("Hint: {}", sentence(why))
}

pub(super) fn check_shape(puzzle: &Puzzle, board: &[Vec<u8>]) -> Result<(), String> {
    let n = puzzle.n;
    if board.len() != n {
        return Err(format!(
            "the board has {} rows, the puzzle {n}",
            board.len()
        ));
    }
    for (r, row) in board.iter().enumerate() {
        if row.len() != n {
            return Err(format!(
                "row {} of the board has {} cells, expected {n}",
                r + 1,
                row.len()
            ));
        }
        if let Some(c) = row.iter().position(|&v| v as usize > n) {
            return Err(format!(
                "row {}, column {} holds {}, but heights go from 1 to {n}",
                r + 1,
                c + 1,
                row[c]
            ));
        }
    }
    Ok(())
}

/// What Check answers in play mode: the player's mistakes, and whether the puzzle itself (its
/// clues and givens, not the player's digits) has one solution, none, several, or could not be
/// decided within the budget. "No mistakes" means little on a puzzle with no or many solutions, so
/// the page says which it is (as Tatham's puzzles do when a solve fails).
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SkyscrapersCheck"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Check {
    /// Every wrong cell on the player's board (see [`check_board`]).
    pub mistakes: Vec<Mistake>,
    /// `unique`, `none`, `multiple`, or `budget` when [`CHECK_NODES`] nodes did not decide it.
    pub solvability: Verdict,
    /// The solvability as the sentence the page adds (absent for a unique puzzle).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub solvability_says: Option<String>,
    /// What Check says: solved, no mistakes, or the first three mistakes, then the solvability.
    pub says: String,
}

/// What Skyscrapers' Check says of a finished, correct board.
pub const SOLVED_SAYS: &str = "Solved! Every row and column holds each height once, and every \
                               clue sees the right number of towers.";

/// Check's sentence for `mistakes` on a board that is `full` or not, on a puzzle whose
/// solvability is `about` (see [`Check::says`]).
fn check_says(mistakes: &[Mistake], full: bool, about: Option<&str>) -> String {
    let about_after = about.map(|a| format!(" {a}")).unwrap_or_default();
    match mistakes.len() {
        0 if full => SOLVED_SAYS.to_string(),
        0 => about.unwrap_or("No mistakes so far.").to_string(),
        k => {
            let first: Vec<String> = mistakes.iter().take(3).map(|m| sentence(&m.why)).collect();
            format!(
                "{}: {}{}{about_after}",
                plural(k as u64, "mistake", "mistakes"),
                first.join(" "),
                if k > 3 { " …" } else { "" }
            )
        }
    }
}

/// Node budget of the uniqueness solve behind Check (a 9x9 from the generator needs well under
/// 10,000; hostile 16x16 boards with few clues can need far more, and Check must answer at once).
pub const CHECK_NODES: u64 = 200_000;

/// Check: [`check_board`] and the puzzle's solvability, from one uniqueness solve (within the
/// helpers' time budget).
pub fn check(puzzle: &Puzzle, board: &[Vec<u8>]) -> Result<Check, String> {
    check_within(puzzle, board, HELPER_MAX_MICROS)
}

/// [`check`] within `max_micros` of time (the caller's budget; out of time, the solvability is
/// `budget` and only the rules' mistakes are marked).
pub fn check_within(puzzle: &Puzzle, board: &[Vec<u8>], max_micros: u64) -> Result<Check, String> {
    let (status, s) = solve(puzzle, Options::default(), CHECK_NODES, max_micros)?;
    let mistakes = board_mistakes(puzzle, board, unique_solution(status, &s));
    let solvability = verdict(Question::Uniqueness, status, s.solutions().len() as u64)
        .unwrap_or(Verdict::Budget);
    let solvability_says = solvability_says(solvability);
    let full = board.len() == puzzle.n
        && board
            .iter()
            .all(|r| r.len() == puzzle.n && r.iter().all(|&v| v > 0));
    Ok(Check {
        says: check_says(&mistakes, full, solvability_says.as_deref()),
        mistakes,
        solvability,
        solvability_says,
    })
}

/// The solution of a uniqueness solve that proved there is exactly one.
fn unique_solution(status: Status, s: &Solver) -> Option<&Vec<Vec<u8>>> {
    match (status, s.solutions()) {
        (Status::Exhausted, [sol]) => Some(sol),
        _ => None,
    }
}

/// Whether the puzzle has one solution, none or several, from a uniqueness solve of at most
/// [`CHECK_NODES`] nodes.
/// The puzzle must be valid (`Puzzle::validate`), as every parsed puzzle is.
pub fn solvability(puzzle: &Puzzle) -> Result<Verdict, String> {
    let (status, s) = solve(puzzle, Options::default(), CHECK_NODES, HELPER_MAX_MICROS)?;
    Ok(
        verdict(Question::Uniqueness, status, s.solutions().len() as u64)
            .unwrap_or(Verdict::Budget),
    )
}

/// Every cell on `board` that breaks a rule (a repeated height, a changed given, a full line that
/// contradicts a clue) or, when the puzzle has a unique solution, differs from it.
/// A board of the wrong shape yields one mistake at (0, 0) saying so.
pub fn check_board(puzzle: &Puzzle, board: &[Vec<u8>]) -> Vec<Mistake> {
    check_board_within(puzzle, board, HELPER_MAX_MICROS)
}

/// [`check_board`] within `max_micros` of time for its uniqueness solve.
fn check_board_within(puzzle: &Puzzle, board: &[Vec<u8>], max_micros: u64) -> Vec<Mistake> {
    if check_shape(puzzle, board).is_err() {
        return board_mistakes(puzzle, board, None);
    }
    match solve(puzzle, Options::default(), CHECK_NODES, max_micros) {
        Ok((status, s)) => board_mistakes(puzzle, board, unique_solution(status, &s)),
        Err(_) => board_mistakes(puzzle, board, None),
    }
}

/// [`check_board`] given the puzzle's unique solution, when known.
fn board_mistakes(
    puzzle: &Puzzle,
    board: &[Vec<u8>],
    unique: Option<&Vec<Vec<u8>>>,
) -> Vec<Mistake> {
    if let Err(e) = check_shape(puzzle, board) {
        return vec![Mistake {
            row: 0,
            col: 0,
            value: 0,
            why: e,
        }];
    }
    let n = puzzle.n;
    let mut out: Vec<Mistake> = Vec::new();
    let mut add = |r: usize, c: usize, why: String| {
        if !out.iter().any(|m| m.row == r as u32 && m.col == c as u32) {
            out.push(Mistake {
                row: r as u32,
                col: c as u32,
                value: board[r][c],
                why,
            });
        }
    };
    for r in 0..n {
        for c in 0..n {
            let v = board[r][c];
            if v == 0 {
                continue;
            }
            let g = puzzle.givens[r * n + c];
            if g != 0 && g != v {
                add(
                    r,
                    c,
                    format!("row {}, column {} is given as {g}", r + 1, c + 1),
                );
            }
            if let Some(k) = (0..n).find(|&k| k != c && board[r][k] == v) {
                add(
                    r,
                    c,
                    format!("row {} already has {v} in column {}", r + 1, k + 1),
                );
            }
            if let Some(k) = (0..n).find(|&k| k != r && board[k][c] == v) {
                add(
                    r,
                    c,
                    format!("column {} already has {v} in row {}", c + 1, k + 1),
                );
            }
        }
    }
    for i in 0..n {
        let row: Vec<u8> = board[i].clone();
        let col: Vec<u8> = (0..n).map(|r| board[r][i]).collect();
        for (side, line, first) in [
            (Side::Left, row.clone(), (i, 0)),
            (Side::Right, row.iter().rev().copied().collect(), (i, n - 1)),
            (Side::Top, col.clone(), (0, i)),
            (
                Side::Bottom,
                col.iter().rev().copied().collect(),
                (n - 1, i),
            ),
        ] {
            let clue = puzzle.clue(side, i) as usize;
            if clue == 0 || line.contains(&0) {
                continue;
            }
            let seen = visible_count(&line);
            if seen != clue {
                add(
                    first.0,
                    first.1,
                    format!(
                        "the clue {clue} {} sees {}",
                        clue_place(side, i),
                        plural(seen as u64, "tower", "towers")
                    ),
                );
            }
        }
    }
    {
        if let Some(sol) = unique {
            for r in 0..n {
                for c in 0..n {
                    let v = board[r][c];
                    if v != 0 && v != sol[r][c] {
                        add(
                            r,
                            c,
                            format!(
                                "{v} at row {}, column {} does not fit the solution",
                                r + 1,
                                c + 1
                            ),
                        );
                    }
                }
            }
        }
    }
    out
}

/// The next step from the player's `board` (see the module header).
pub fn hint(puzzle: &Puzzle, board: &[Vec<u8>]) -> Result<Hint, String> {
    hint_within(puzzle, board, HELPER_MAX_MICROS)
}

/// [`hint`] within `max_micros` of time (the caller's budget).
pub fn hint_within(puzzle: &Puzzle, board: &[Vec<u8>], max_micros: u64) -> Result<Hint, String> {
    // One time budget for the whole hint: the check's solve, then the first node below.
    let deadline = crate::shared::clock::now_micros().saturating_add(max_micros);
    check_shape(puzzle, board)?;
    let n = puzzle.n;
    // One uniqueness solve gives both the solution (to name mistakes) and whether the puzzle has
    // any: a hint on a puzzle with no solution would explain deductions that lead nowhere.
    let left = deadline.saturating_sub(crate::shared::clock::now_micros());
    let unique = match solve(puzzle, Options::default(), CHECK_NODES, left) {
        Ok((status, s)) => {
            let count = s.solutions().len() as u64;
            if verdict(Question::Uniqueness, status, count) == Some(Verdict::None) {
                let none = solvability_says(Verdict::None).unwrap_or_default();
                return Ok(Hint::NoSolution {
                    says: format!("Hint: {none}"),
                });
            }
            unique_solution(status, &s).cloned()
        }
        Err(_) => None,
    };
    if let Some(m) = board_mistakes(puzzle, board, unique.as_ref())
        .into_iter()
        .next()
    {
        return Ok(Hint::Mistake {
            says: format!(
                "Hint: row {}, column {} is wrong. {}",
                m.row + 1,
                m.col + 1,
                sentence(&m.why)
            ),
            row: m.row,
            col: m.col,
            value: m.value,
            why: m.why,
        });
    }
    if board.iter().all(|row| row.iter().all(|&v| v != 0)) {
        return Ok(Hint::Solved {
            says: SOLVED_SAYS.into(),
        });
    }
    let mut q = puzzle.clone();
    for r in 0..n {
        for c in 0..n {
            if board[r][c] != 0 {
                q.givens[r * n + c] = board[r][c];
            }
        }
    }
    let mut solver = Solver::new(&q, Options::default())?;
    let mut trace = Trace::default();
    // Within the helpers' time budget: on a big board the first node alone can take seconds;
    // the deductions recorded before the deadline are as sound as the rest would have been.
    solver.run(&mut Budget::nodes(1).until(deadline), &mut trace);
    let mut steps = Vec::new();
    let mut first_elimination = None;
    for e in trace.events {
        match e {
            Event::SkyContradiction { cells, why, .. } => {
                // The hint says what is wrong; the word "Contradiction" is the event's label.
                let why = why.strip_prefix(CONTRADICTION).unwrap_or(&why).to_string();
                return Ok(Hint::Contradiction {
                    says: hint_says(&why),
                    cells,
                    why,
                });
            }
            Event::SkyDeduce {
                reason,
                line,
                why,
                changes,
                ..
            } if reason != Reason::Given => {
                let placed = changes
                    .iter()
                    .find(|ch| single(ch.after) && board[ch.row as usize][ch.col as usize] == 0);
                if let Some(ch) = placed {
                    let value = value_of(ch.after);
                    return Ok(Hint::Place {
                        says: format!(
                            "Hint: {value} goes at row {}, column {}. {}",
                            ch.row + 1,
                            ch.col + 1,
                            sentence(&why)
                        ),
                        row: ch.row,
                        col: ch.col,
                        value,
                        reason,
                        line,
                        why,
                        steps,
                        changes,
                    });
                }
                if first_elimination.is_none() {
                    first_elimination = Some(Hint::Eliminate {
                        says: hint_says(&why),
                        reason,
                        line,
                        why: why.clone(),
                        changes,
                    });
                }
                steps.push(why);
            }
            _ => {}
        }
    }
    Ok(first_elimination.unwrap_or_else(|| {
        let why = "No digit follows from the clues and the board by the solver's rules; a guess \
                   is needed";
        Hint::Guess {
            says: hint_says(why),
            why: why.into(),
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::skyscrapers::parse_tatham;

    fn empty(n: usize) -> Vec<Vec<u8>> {
        vec![vec![0; n]; n]
    }

    /// Check's word on the puzzle agrees with an independent brute-force count (shared code: none;
    /// the brute force enumerates row permutations and hands full grids to the checker).
    #[test]
    fn check_says_unique_none_or_several_as_brute_force_counts() {
        use crate::puzzles::skyscrapers::brute_force;
        use crate::shared::rng::Rng;
        let mut rng = Rng::new(2026);
        let mut seen = [0u32; 3];
        for _ in 0..400 {
            let n = 3 + rng.index(2);
            let mut p = Puzzle::empty(n).unwrap();
            for side in 0..4 {
                for i in 0..n {
                    if rng.index(3) == 0 {
                        p.clues[side][i] = 1 + rng.index(n) as u8;
                    }
                }
            }
            if rng.index(3) == 0 {
                p.givens[rng.index(n * n)] = 1 + rng.index(n) as u8;
            }
            let (want, k) = match brute_force(&p, 2).len() {
                0 => (Verdict::None, 0),
                1 => (Verdict::Unique, 1),
                _ => (Verdict::Multiple, 2),
            };
            seen[k] += 1;
            let got = check(&p, &empty(n)).unwrap().solvability;
            assert_eq!(got, want, "{p:?}");
        }
        assert!(seen.iter().all(|&k| k > 10), "every kind tried: {seen:?}");
    }

    /// The hint's line (what the page shows) says "no solution" exactly when a brute force finds
    /// none; on a puzzle with one solution a placement's line names the cell and the height the
    /// brute force's solution has there (the words written again here).
    #[test]
    fn hint_says_no_solution_or_the_solutions_digit_as_brute_force_finds() {
        use crate::puzzles::skyscrapers::brute_force;
        use crate::shared::rng::Rng;
        let mut rng = Rng::new(28);
        let (mut none, mut placed) = (0, 0);
        for _ in 0..400 {
            let n = 3 + rng.index(2);
            let mut p = Puzzle::empty(n).unwrap();
            for side in 0..4 {
                for i in 0..n {
                    if rng.index(4) == 0 {
                        p.clues[side][i] = 1 + rng.index(n) as u8;
                    }
                }
            }
            let sols = brute_force(&p, 2);
            let got = hint(&p, &empty(n)).unwrap();
            match (sols.len(), &got) {
                (0, Hint::NoSolution { says }) => {
                    assert!(says.starts_with("Hint: ") && says.contains("has no solution"));
                    none += 1;
                }
                (0, h) => panic!("{p:?} has no solution, yet the hint is {h:?}"),
                (_, Hint::NoSolution { .. }) => panic!("{p:?} has a solution"),
                (
                    1,
                    Hint::Place {
                        row,
                        col,
                        value,
                        says,
                        ..
                    },
                ) => {
                    let (r, c) = (*row as usize, *col as usize);
                    assert_eq!(*value, sols[0][r][c], "{p:?}");
                    let want = format!("Hint: {value} goes at row {}, column {}. ", r + 1, c + 1);
                    assert!(says.starts_with(&want) && says.ends_with('.'), "{says}");
                    placed += 1;
                }
                _ => {}
            }
        }
        assert!(
            none > 10 && placed > 10,
            "both kinds tried: {none} {placed}"
        );
    }

    #[test]
    fn hints_walk_a_puzzle_to_its_solution() {
        let p = parse_tatham("5:/3//4/2///2////2//1/3/////").unwrap();
        let mut board = empty(5);
        for _ in 0..25 {
            match hint(&p, &board).unwrap() {
                Hint::Place {
                    row,
                    col,
                    value,
                    why,
                    ..
                } => {
                    assert!(!why.is_empty());
                    assert_eq!(board[row as usize][col as usize], 0);
                    board[row as usize][col as usize] = value;
                }
                Hint::Solved { .. } => break,
                other => panic!("unexpected hint {other:?}"),
            }
        }
        assert!(matches!(hint(&p, &board).unwrap(), Hint::Solved { .. }));
        crate::puzzles::skyscrapers::check_solution(&p, &board).unwrap();
    }

    #[test]
    fn one_tower_is_one_tower() {
        // Clue 2 on the left of row 1; the row as written shows one tower from there.
        let p = parse_tatham("4:////////2///////").unwrap();
        let board = vec![vec![4, 3, 2, 1], vec![0; 4], vec![0; 4], vec![0; 4]];
        let m = check_board(&p, &board);
        assert!(
            m.iter()
                .any(|m| m.why == "the clue 2 on the left of row 1 sees 1 tower"),
            "{m:?}"
        );
    }

    #[test]
    fn mistakes_are_named() {
        let p = parse_tatham("4://///1/3///4/////3/").unwrap();
        let mut board = empty(4);
        board[0][0] = 1; // the solution has 2 there
        let m = check_board(&p, &board);
        assert_eq!(m.len(), 1);
        assert!(m[0].why.contains("row 1, column 1"), "{}", m[0].why);
        board[0][1] = 1;
        assert!(check_board(&p, &board)
            .iter()
            .any(|m| m.why.contains("already has 1")));
        match hint(&p, &board).unwrap() {
            Hint::Mistake { row: 0, .. } => {}
            h => panic!("{h:?}"),
        }
        assert!(hint(&p, &empty(3)).is_err());
    }
}
