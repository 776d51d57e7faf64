//! The split of a count into independent [`Task`]s, and their weights for progress.

use super::search::TaskCounter;
use super::symmetry::Rules;
use super::{check_n, Counts, Plan, Task, WEIGHT_ROWS};

/// Splits the count of N into tasks of `rows` fixed rows (clamped so that every task leaves at
/// least two rows to search: corner tasks fix at least rows 0-1, edge tasks row 0).
pub fn plan(n: usize, rows: usize) -> Result<Plan, String> {
    check_n(n)?;
    let mut p = Plan {
        n: n as u32,
        base: Counts::default(),
        tasks: Vec::new(),
        weights: Vec::new(),
    };
    if n == 1 {
        p.base = Counts {
            solutions: 1,
            unique: 1,
            nodes: 1,
        };
        return Ok(p);
    }
    if n <= 3 {
        // No b1 satisfies either family's rules: there is nothing to search (and no solution).
        return Ok(p);
    }
    let depth = rows.clamp(2, n - 2);
    // Corner family: the queen on (0, 0) is one node for all of its tasks.
    p.base.nodes += 1;
    for b1 in 2..=n - 2 {
        let rules = Rules::corner(n, b1);
        p.base.nodes += 1;
        let bit = 1u32 << b1;
        let mut prefix = vec![0, b1 as u32];
        split(
            &rules,
            2,
            1 | bit,
            (2 | bit) << 1,
            bit >> 1,
            depth,
            &mut prefix,
            &mut p,
        );
    }
    // Edge family.
    let mut b1 = 1;
    while 2 * b1 < n - 1 {
        let rules = Rules::edge(n, b1);
        p.base.nodes += 1;
        let bit = 1u32 << b1;
        let mut prefix = vec![b1 as u32];
        split(
            &rules,
            1,
            bit,
            bit << 1,
            bit >> 1,
            depth,
            &mut prefix,
            &mut p,
        );
        b1 += 1;
    }
    Ok(p)
}

/// Places rows `row..depth` in every allowed way, counting those nodes in the plan, and leaves a
/// task at each board that reached `depth` rows.
#[allow(clippy::too_many_arguments)]
fn split(
    rules: &Rules,
    row: usize,
    cols: u32,
    ld: u32,
    rd: u32,
    depth: usize,
    prefix: &mut Vec<u32>,
    p: &mut Plan,
) {
    if row == depth {
        p.tasks.push(Task {
            n: rules.n as u32,
            columns: prefix.clone(),
        });
        return;
    }
    // The same test as the search's, so that every split depth counts the same nodes.
    let mut f = rules.open(row, cols, ld, rd);
    while f != 0 {
        let bit = f & f.wrapping_neg();
        f ^= bit;
        p.base.nodes += 1;
        prefix.push(bit.trailing_zeros());
        split(
            rules,
            row + 1,
            cols | bit,
            (ld | bit) << 1,
            (rd | bit) >> 1,
            depth,
            prefix,
            p,
        );
        prefix.pop();
    }
}

/// Fills `p.weights` (see [`Plan::weights`]), one per task.
pub fn weigh(p: &mut Plan) -> Result<(), String> {
    p.weights = p
        .tasks
        .iter()
        .map(|task| {
            let t = TaskCounter::new(task)?;
            let row = t.start;
            // `open` may look at rows up to N-2 (it reads the row below).
            let rows = WEIGHT_ROWS.min(t.rules.n - 1 - row);
            Ok(1 + boards_below(&t.rules, row, t.cols[row], t.ld[row], t.rd[row], rows))
        })
        .collect::<Result<_, String>>()?;
    Ok(())
}

/// The boards the search reaches `rows` rows below a board filled to `row - 1`, by the same
/// [`Rules::open`] test as [`split`] and the search (so nothing is counted that they would not
/// visit).
fn boards_below(rules: &Rules, row: usize, cols: u32, ld: u32, rd: u32, rows: usize) -> u64 {
    if rows == 0 {
        return 1;
    }
    let mut f = rules.open(row, cols, ld, rd);
    let mut boards = 0;
    while f != 0 {
        let bit = f & f.wrapping_neg();
        f ^= bit;
        boards += boards_below(
            rules,
            row + 1,
            cols | bit,
            (ld | bit) << 1,
            (rd | bit) >> 1,
            rows - 1,
        );
    }
    boards
}
