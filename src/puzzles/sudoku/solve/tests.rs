use super::*;
use crate::engine::{Machine, Trace};

#[test]
fn events_replay_to_the_board_and_backtracks_undo_exactly() {
    // Replaying every change (before → after) from the full grid must meet each change's
    // `before` and end on the solver's board, for a run with guesses and backtracks.
    let p = crate::puzzles::sudoku::parse(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    )
    .unwrap();
    let mut s = Solver::new(&p, Techniques::NONE, 2).unwrap();
    let mut trace = Trace::default();
    s.run(&mut Budget::unlimited(), &mut trace);
    let mut board = vec![0x1ffu32; 81];
    let mut kinds = std::collections::BTreeSet::new();
    for e in &trace.events {
        let json = serde_json::to_value(e).unwrap();
        kinds.insert(json["kind"].as_str().unwrap().to_string());
        let changes = match e {
            Event::SudokuDeduce { changes, .. }
            | Event::SudokuGuess { changes, .. }
            | Event::SudokuBacktrack { changes, .. } => changes,
            _ => continue,
        };
        for ch in changes {
            let i = (ch.row * 9 + ch.col) as usize;
            assert_eq!(board[i], ch.before, "{e:?}");
            board[i] = ch.after;
        }
    }
    assert_eq!(board, s.rules().candidates());
    assert!(
        kinds.contains("sudokuBacktrack") && kinds.contains("sudokuGuess"),
        "{kinds:?}"
    );
}

#[test]
fn each_technique_says_what_it_saw() {
    // Sentences name the pattern's unit, cells and values (1-based).
    let p = crate::puzzles::sudoku::parse(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    )
    .unwrap();
    let mut s = Solver::new(&p, Techniques::ALL, 2).unwrap();
    let mut trace = Trace::default();
    s.run(&mut Budget::unlimited(), &mut trace);
    let whys: Vec<String> = trace
        .events
        .iter()
        .filter_map(|e| match e {
            Event::SudokuDeduce { why, .. } => Some(why.clone()),
            _ => None,
        })
        .collect();
    assert!(whys.iter().any(|w| w == "row 1, column 1 is given as 4"));
    assert!(whys.iter().any(|w| w
        .starts_with("row 1, column 1 holds 4, so no other cell of its row, column or box can")));
    assert!(
        whys.iter()
            .any(|w| w.contains(" has only one place left in ")),
        "{whys:#?}"
    );
}
