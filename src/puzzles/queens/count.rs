//! Counting every N-Queens solution fast: bitmask depth-first search over one representative of
//! each symmetry class, split into independent tasks.
//!
//! The square's 8 rotations and reflections act on the solutions. Two families are searched:
//!
//! - **Corner**: a queen on (0, 0). No two corners can both hold queens (they share a row, column
//!   or diagonal), and no solution is symmetric under the main-diagonal reflection (a queen pair
//!   (r, c), (c, r) shares an anti-diagonal), so each such class has 8 members, exactly two with a
//!   queen on (0, 0): a solution and its transpose. We keep the one whose queen in column 1 is in a
//!   lower row than the column `b1` of the queen in row 1, so rows `2..b1` may not use column 1.
//!   Every board found stands for 8 solutions.
//! - **Edge**: no corner queen. We keep the solution whose column list is the lexicographically
//!   smallest of its 8 images. Each image's row-0 queen comes from one of the four edge queens,
//!   so the representative's row-0 column `b1` is at most every edge queen's distance to a
//!   corner, which prunes: the queens in columns 0 and N-1 lie in rows `b1..=N-1-b1`, so those
//!   columns are closed above and below that band, and both must be used by row `N-1-b1`; the
//!   last row's queen lies in columns `b1..=N-1-b1`; and `2·b1 < N-1` (with `b1` the centre of an
//!   odd board, the top and left edge queens would share an anti-diagonal). What the pruning lets
//!   through is settled at the leaf by comparing with the 7 images; the number of images equal to
//!   the board gives its class size (8, 4 or 2 — reflections never fix a solution).
//!
//! `solutions` (OEIS A000170) adds the class sizes, `unique` (OEIS A002562) counts the classes.
//!
//! The work is split by the first rows into [`Task`]s ([`plan`]), pure data that any thread — or a
//! browser worker with its own wasm instance — counts on its own ([`TaskCounter`]); the sums of
//! the tasks' [`Counts`] plus the plan's own are the answer. The inner loop uses an explicit stack
//! of fixed arrays (no allocation, no recursion), handles the last two rows without pushing, and
//! can stop at a node budget and resume exactly where it stopped. A subtree that cannot exhaust
//! the budget left (bounded by the falling factorials of its free columns) is counted by plain
//! recursion with nothing kept for a pause, where nearly all nodes are counted (a subtree of the
//! last eight rows that might exhaust it is counted so too, and taken back if it did); its last
//! eight rows are one inlined function per depth (no call per queen), natively and in
//! WebAssembly alike (a subtree starts no lower than those rows, so the chain is compiled once
//! per family: +1.3 KB in the page's module), and its last three rows are looked up in a table
//! built once (`tail_table`), without a branch. Both loops drop a board as soon as its queens
//! attack every square of one of the next two rows, or (from row N-5 up) every allowed square
//! of the last row or, in the edge family, every square a still empty side column may take up
//! to the side deadline; the split
//! applies the same tests, so every split depth and every budget count the same tree and the
//! same nodes.
//!
//! # Example
//!
//! ```
//! use solvescope::puzzles::queens::count::{count, plan, TaskCounter};
//!
//! // Split N = 8 by its first two rows; every task could go to another thread or worker.
//! let p = plan(8, 2)?;
//! let mut total = p.base;
//! for task in &p.tasks {
//!     let mut counter = TaskCounter::new(task)?;
//!     // A task can pause at a node limit and continue from there.
//!     if !counter.run(5) {
//!         assert!(counter.run(u64::MAX));
//!     }
//!     total.add(&counter.counts());
//! }
//! assert_eq!((total.solutions, total.unique), (92, 12)); // OEIS A000170, A002562
//! // The same on this thread in one call (with the default split, so other node counts).
//! let again = count(8)?;
//! assert_eq!((again.solutions, again.unique), (92, 12));
//! # Ok::<(), String>(())
//! ```

use serde::{Deserialize, Serialize};

/// Largest N counted: every known total (up to A000170(27) ≈ 2.3·10^17) fits a `u64` with room,
/// while the total for N = 29 would not (the sequence grows by about 13 per step), and one row
/// of attacks fits a `u32`.
pub const MAX_COUNT_N: usize = 27;

/// Default number of rows fixed by the split: a few hundred tasks at N = 14, about a thousand at
/// N = 16, enough to keep every core busy to the end while each task still does real work.
pub const DEFAULT_SPLIT_ROWS: usize = 3;

/// What a count found so far (all of them add up).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    /// Solutions (each symmetry class counted with its size).
    pub solutions: u64,
    /// Symmetry classes (fundamental solutions).
    pub unique: u64,
    /// Queens placed.
    pub nodes: u64,
}

impl Counts {
    /// Adds `other` to these counts, field by field.
    pub fn add(&mut self, other: &Counts) {
        self.solutions += other.solutions;
        self.unique += other.unique;
        self.nodes += other.nodes;
    }
}

/// One independent piece of a count: the columns of the queens in the first rows. Row 0 at
/// column 0 makes it a corner task (then row 1 is given too).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Task {
    /// The board size N (4..=[`MAX_COUNT_N`]).
    pub n: u32,
    /// 0-based columns of the queens in rows 0, 1, … that the task fixes.
    pub columns: Vec<u32>,
}

/// A count split into tasks: `base` is what the split itself counted (the queens it placed, and
/// the whole answer for N ≤ 3, where there is nothing to split).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// The board size N.
    pub n: u32,
    /// What the split counted itself (see above).
    pub base: Counts,
    /// The tasks; their counts added to `base` are the answer.
    pub tasks: Vec<Task>,
    /// Per task, how big it is likely to be, for progress and time-left estimates (the tasks of a
    /// plan differ a hundredfold in size, so "tasks done" is a poor measure of how far a count
    /// is): 1 plus the boards its search reaches [`WEIGHT_ROWS`] rows below the task's own, by the
    /// search's own rules. Measured at N = 16, the share of the weights done stays within 9
    /// points of the share of the nodes done along the plan's order, against 25 for the share of
    /// the tasks done (BENCHMARKS.md). Empty until [`weigh`] fills it: only the page shows
    /// progress, so a native count does not pay for it (6 ms at N = 16, 0.5% of one thread's
    /// count, where the speed target has less margin than that).
    pub weights: Vec<u64>,
}

/// Rows below a task's that its weight looks: each row more costs about N/3 times the work and
/// takes the estimate's worst error from 25 points (none) to 19, 13, 9 and 7 at N = 16; three
/// cost about 1% of the plan's count at N = 16.
pub const WEIGHT_ROWS: usize = 3;

/// Refuses sizes outside `1..=MAX_COUNT_N` with the range in the message.
pub fn check_n(n: usize) -> Result<(), String> {
    if !(1..=MAX_COUNT_N).contains(&n) {
        return Err(format!(
            "queens count: N must be from 1 to {MAX_COUNT_N}, got {n} (larger totals would overflow a 64-bit count, and are unknown anyway)"
        ));
    }
    Ok(())
}

/// The pruning of one family, fixed once the representative's `b1` is known.
#[derive(Clone, Debug)]
struct Rules {
    n: usize,
    mask: u32,
    /// Per row: columns closed by the symmetry rules.
    closed: [u32; MAX_COUNT_N],
    /// Per row: the columns left open, `mask & !closed`; 0 from row N on, where the look two
    /// rows ahead has nothing to test.
    allow: [u32; MAX_COUNT_N + 2],
    /// Edge family: the last row that may use a side column (both must be used by then);
    /// `usize::MAX` for corner tasks.
    side_deadline: usize,
    side: u32,
    corner: bool,
    /// Edge family, per row `next`: the bits of the right-going diagonals (`rd` at `next`) that
    /// reach column 0 in a row where a queen may still stand there (rows `next..=side_deadline`
    /// and at least `b1`), and the same for column N-1 in `ld`; `side_pass[next]` is all ones
    /// where there is nothing to test (past the deadline, and in the corner family).
    side_win0: [u32; MAX_COUNT_N + 2],
    side_winm: [u32; MAX_COUNT_N + 2],
    side_pass: [u32; MAX_COUNT_N + 2],
    /// Edge family whose side deadline is row N-2 (`b1` = 1): the last three rows' table is
    /// indexed by the side columns too.
    tail_side: bool,
    /// The last three rows' table ([`tail_table`]).
    tail: &'static [u16; TAIL_SIZE],
}

impl Rules {
    /// Corner family with the row-1 queen on column `b1` (2 ≤ b1 ≤ N-2).
    fn corner(n: usize, b1: usize) -> Rules {
        let mut closed = [0; MAX_COUNT_N];
        for c in closed.iter_mut().take(b1).skip(2) {
            *c = 1 << 1;
        }
        Rules::new(n, closed, usize::MAX, 0, true)
    }

    /// Edge family with the row-0 queen on column `b1` (1 ≤ b1, 2·b1 < N-1).
    fn edge(n: usize, b1: usize) -> Rules {
        let m = n - 1;
        let side = 1 | 1 << m;
        let mut closed = [0; MAX_COUNT_N];
        for (r, c) in closed.iter_mut().enumerate().take(m).skip(1) {
            if r < b1 || r > m - b1 {
                *c = side;
            }
        }
        // The last row's queen must be at least b1 from either corner.
        closed[m] = full(n) & !((full(n) >> b1) & (full(n) << b1));
        let mut r = Rules::new(n, closed, m - b1, side, false);
        let deadline = m - b1;
        for next in 0..n {
            if next > deadline {
                continue;
            }
            // A queen may stand on a side column in rows max(next, b1)..=deadline, that is
            // k = lo..=hi rows below `next`. Column 0 is reached there only by the diagonal that
            // is bit k of `rd` at `next`; column N-1 only by bit N-1-k of `ld`.
            let (lo, hi) = (b1.saturating_sub(next), deadline - next);
            let ks = ((2u64 << (hi - lo)) - 1) as u32;
            r.side_win0[next] = ks << lo;
            r.side_winm[next] = ks << (m - hi);
            r.side_pass[next] = 0;
        }
        r
    }

    fn new(
        n: usize,
        closed: [u32; MAX_COUNT_N],
        side_deadline: usize,
        side: u32,
        corner: bool,
    ) -> Rules {
        let mask = full(n);
        let mut allow = [0; MAX_COUNT_N + 2];
        for (a, &c) in allow.iter_mut().zip(&closed[..n]) {
            *a = mask & !c;
        }
        Rules {
            n,
            mask,
            closed,
            allow,
            side_deadline,
            side,
            corner,
            side_win0: [0; MAX_COUNT_N + 2],
            side_winm: [0; MAX_COUNT_N + 2],
            side_pass: [u32::MAX; MAX_COUNT_N + 2],
            tail_side: !corner && side_deadline == n - 2,
            tail: tail_table(),
        }
    }

    /// True when a board about to fill row `next` (`c`, `l`, `r`: the attacks on it) can be
    /// dropped by a look further down than the next rows: every allowed square of the last row
    /// is attacked already, or a side column of the edge family is still empty and every square
    /// left to it (rows up to the side deadline) is attacked. A diagonal reaching a square
    /// `k` rows below `next` is `l << k` or `r >> k`; columns stay.
    ///
    /// Only from row N-5 up: nearer the bottom the look drops too few boards to pay for itself.
    /// At row N-3 (one look per board entering the last three rows) it dropped 0.5% of the
    /// boards, all by the side columns (the look two rows ahead has tested the last row there
    /// already); at row N-4 the side columns dropped 2.5% and the last row 11.6% (N = 15), but
    /// there each board now goes to the last three rows' table ([`tail_table`]), which costs
    /// less than the look did (n = 16: 164.2M nodes instead of 160.6M, and faster). For rows
    /// N-2 and N-1 it finds nothing the next rows' looks and the side deadline do not. The
    /// budgeted loop and the split use this same test, so every split and every budget still
    /// count the same tree.
    #[inline(always)]
    fn far_dead<const CORNER: bool>(&self, next: usize, c: u32, l: u32, r: u32) -> bool {
        // Rows from `next` to the last (a constant in the per-depth functions).
        let k = self.n - 1 - next;
        if k <= 3 {
            return false;
        }
        let last = self.allow[self.n - 1] & !(c | l << k | r >> k) == 0;
        if CORNER {
            // The corner family has no side rules (`side_pass` is all ones there).
            return last;
        }
        let pass = self.side_pass[next];
        let left = (!r & self.side_win0[next]) | (c & 1) | pass == 0;
        let right = (!l & self.side_winm[next]) | (c & !(self.mask >> 1)) | pass == 0;
        last | left | right
    }

    /// The rules of the family a task's first rows belong to.
    fn of(n: usize, columns: &[u32]) -> Result<Rules, String> {
        let bad = |why: &str| Err(format!("queens count: not a task of N = {n}: {why}"));
        match columns {
            [0, b1, ..] if (2..=n - 2).contains(&(*b1 as usize)) => {
                Ok(Rules::corner(n, *b1 as usize))
            }
            [0, ..] => bad("a corner task needs row 1 on a column from 2 to N-2"),
            [b1, ..] if 2 * (*b1 as usize) < n - 1 => Ok(Rules::edge(n, *b1 as usize)),
            [_, ..] => bad("row 0 must be on column 0 or left of the middle"),
            [] => bad("no columns"),
        }
    }

    /// The squares of `row` a queen may take, given the attacks from the rows above.
    #[inline(always)]
    fn free(&self, row: usize, cols: u32, ld: u32, rd: u32) -> u32 {
        self.free_in::<false>(row, cols, ld, rd)
    }

    /// [`Rules::open_in`] for either family.
    #[inline(always)]
    fn open(&self, row: usize, cols: u32, ld: u32, rd: u32) -> u32 {
        if self.corner {
            self.open_in::<true>(row, cols, ld, rd)
        } else {
            self.open_in::<false>(row, cols, ld, rd)
        }
    }

    /// [`Rules::free`], told at compile time whether these are corner rules (no side deadline).
    #[inline(always)]
    fn free_in<const CORNER: bool>(&self, row: usize, cols: u32, ld: u32, rd: u32) -> u32 {
        let f = self.mask & !(cols | ld | rd | self.closed[row]);
        if !CORNER && row == self.side_deadline {
            let missing = self.side & !cols;
            if missing == self.side {
                // Both side columns are still empty and only this row may take one.
                return 0;
            }
            if missing != 0 {
                return f & missing;
            }
        }
        f
    }
}

impl Rules {
    /// The squares row `next` may take after a queen went to the row above it (`cols`, `ld`,
    /// `rd` already hold it), with the side deadline of the edge family; 0 also when the queens
    /// so far attack every square of one of the two rows below `next` (`allow` is 0 past the
    /// last row). [`Rules::open_in`] written branch-light over `allow`: the same test, the same
    /// tree.
    #[inline(always)]
    fn child<const CORNER: bool, const DEEP: bool>(
        &self,
        next: usize,
        c: u32,
        l: u32,
        r: u32,
    ) -> u32 {
        let f = self.row_open::<CORNER>(next, c, l, r);
        let look1 = self.allow[next + 1];
        let look2 = self.allow[next + 2];
        // `DEEP`: the row two below `next` exists, true for every row above N-2 (where its
        // `allow` is never 0); false only for row N-2, which has no such row. Known at
        // compile time, so neither needs a guard at run time.
        debug_assert!(DEEP == (next + 2 < self.n));
        let dead =
            (look1 & !(c | l << 1 | r >> 1) == 0) | (DEEP && (look2 & !(c | l << 2 | r >> 2) == 0));
        // One branch for "push or not", not two.
        f & (dead as u32).wrapping_sub(1)
    }

    /// The squares of row `next` with the side deadline, before [`Rules::child`]'s looks.
    #[inline(always)]
    fn row_open<const CORNER: bool>(&self, next: usize, c: u32, l: u32, r: u32) -> u32 {
        let mut f = self.allow[next] & !(c | l | r);
        if !CORNER && next == self.side_deadline {
            let side = self.side;
            let missing = side & !c;
            f = if missing == side {
                0
            } else if missing != 0 {
                f & missing
            } else {
                f
            };
        }
        f
    }

    /// [`Rules::free_in`] for a row above the last, but 0 also when the queens so far already
    /// attack every square of the row below it: that board is dead whatever this row takes, and
    /// seeing it here saves trying each of this row's squares (one look costs a few operations,
    /// each square tried a queen and a likely mispredicted branch).
    #[inline(always)]
    fn open_in<const CORNER: bool>(&self, row: usize, cols: u32, ld: u32, rd: u32) -> u32 {
        let f = self.free_in::<CORNER>(row, cols, ld, rd);
        if self.mask & !(cols | ld << 1 | rd >> 1 | self.closed[row + 1]) == 0 {
            return 0;
        }
        if row + 2 < self.n && self.mask & !(cols | ld << 2 | rd >> 2 | self.closed[row + 2]) == 0 {
            return 0;
        }
        if self.far_dead::<CORNER>(row, cols, ld, rd) {
            return 0;
        }
        f
    }
}

fn full(n: usize) -> u32 {
    if n == 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

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

/// Counts one task, resumably: `run(limit)` stops when the task's node count would pass
/// `limit` and continues from there on the next call.
#[derive(Clone, Debug)]
pub struct TaskCounter {
    rules: Rules,
    /// The first row searched (the task's fixed rows are above it).
    start: usize,
    /// The row being filled.
    row: usize,
    /// Per row, on entering it: columns used, attacks along both diagonals, squares left to try.
    cols: [u32; MAX_COUNT_N],
    ld: [u32; MAX_COUNT_N],
    rd: [u32; MAX_COUNT_N],
    avail: [u32; MAX_COUNT_N],
    /// The queens of the board and the classes found so far.
    found: Found,
    nodes: u64,
    done: bool,
}

/// What the subtree count writes: apart from the rules it only reads, so that it can take the
/// rules as a separate reference (which lets the compiler keep their masks in registers across
/// the recursion).
#[derive(Clone, Debug)]
struct Found {
    /// Per row: the queen's bit (for the symmetry test at the leaves).
    queen: [u32; MAX_COUNT_N],
    /// Classes found, by size.
    by_size: [u64; 3],
}

impl TaskCounter {
    /// Checks the task (size, family, every fixed queen legal and allowed by the family's rules)
    /// and prepares its search.
    pub fn new(task: &Task) -> Result<TaskCounter, String> {
        let n = task.n as usize;
        check_n(n)?;
        if n < 4 {
            return Err(format!(
                "queens count: N = {n} has no tasks (its plan holds the whole answer)"
            ));
        }
        let rules = Rules::of(n, &task.columns)?;
        let fixed = if rules.corner { 2 } else { 1 };
        let start = task.columns.len();
        if start > n - 2 {
            return Err(format!(
                "queens count: a task of N = {n} fixes at most {} rows, got {start}",
                n - 2
            ));
        }
        let mut t = TaskCounter {
            rules,
            start,
            row: start,
            cols: [0; MAX_COUNT_N],
            ld: [0; MAX_COUNT_N],
            rd: [0; MAX_COUNT_N],
            avail: [0; MAX_COUNT_N],
            found: Found {
                queen: [0; MAX_COUNT_N],
                by_size: [0; 3],
            },
            nodes: 0,
            done: false,
        };
        let (mut cols, mut ld, mut rd) = (0u32, 0u32, 0u32);
        for (row, &c) in task.columns.iter().enumerate() {
            let bit = 1u32 << c.min(31);
            let allowed = if row < fixed {
                c < task.n && bit & (cols | ld | rd) == 0
            } else {
                t.rules.free(row, cols, ld, rd) & bit != 0
            };
            if !allowed {
                return Err(format!(
                    "queens count: not a task of N = {n}: row {row} cannot hold a queen on column {c}"
                ));
            }
            t.found.queen[row] = bit;
            cols |= bit;
            ld = (ld | bit) << 1;
            rd = (rd | bit) >> 1;
        }
        t.cols[start] = cols;
        t.ld[start] = ld;
        t.rd[start] = rd;
        t.avail[start] = t.rules.open(start, cols, ld, rd);
        Ok(t)
    }

    /// Counts on until the task is done (true) or its node count would pass `limit` (false; call
    /// again with a higher limit to continue). The last two rows are one step of one or two nodes,
    /// so a pause may leave one node of the limit unused, and a limit less than two above the
    /// count may not move it at all: callers give at least two more (the wasm API at least 64;
    /// the native threads stop when a call makes no progress). A limit below the count pauses
    /// at once.
    pub fn run(&mut self, limit: u64) -> bool {
        if !self.done {
            self.done = if self.rules.corner {
                self.search::<true>(limit)
            } else {
                self.search::<false>(limit)
            };
        }
        self.done
    }

    /// True once the task is counted completely.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// What this task found so far.
    pub fn counts(&self) -> Counts {
        let [c8, c4, c2] = self.found.by_size;
        Counts {
            solutions: 8 * c8 + 4 * c4 + 2 * c2,
            unique: c8 + c4 + c2,
            nodes: self.nodes,
        }
    }

    /// Counts the whole subtree below a board filled to `top - 1` (with `avail` the squares
    /// `top` may take, and at least [`FIXED_ROWS`] rows from `top` to the end), without budget
    /// checks; returns the queens placed. The same tree as [`TaskCounter::search`] (the same
    /// [`Rules::open_in`] test, as [`Rules::child`]), but with nothing to save for a pause,
    /// which is most of the time of a count.
    fn subtree<const CORNER: bool>(
        &mut self,
        top: usize,
        cols: u32,
        ld: u32,
        rd: u32,
        avail: u32,
    ) -> u64 {
        let rules = &self.rules;
        if rules.n - top == FIXED_ROWS {
            self.found.rows_8::<CORNER>(rules, cols, ld, rd, avail, 0)
        } else {
            self.found.rows::<CORNER>(rules, top, cols, ld, rd, avail)
        }
    }

    /// Counts the last [`FIXED_ROWS`] rows below a board with the fast recursion even though the
    /// budget `left` may not cover their worst case (109,600 nodes, against a few hundred
    /// typically), and keeps the result (its nodes) only when it did fit: else the classes it
    /// found are taken back and `None` sends the caller to the resumable loop,
    /// which stops inside that subtree at the limit. So a call spends at most one such subtree
    /// in vain, and the last 109,600 nodes of every budget no longer all go through the
    /// resumable loop (markedly slower than the recursion in V8: with 2^20-node calls that was a
    /// tenth of the nodes; BENCHMARKS.md, seventh round). Same tree, same nodes, same classes.
    /// With budgets of a few hundred nodes per call most speculations are given back, so such
    /// callers pay up to a subtree per call; the page's calls are 2^24 nodes.
    #[inline(never)]
    fn fits<const CORNER: bool>(
        &mut self,
        next: usize,
        cols: u32,
        ld: u32,
        rd: u32,
        avail: u32,
        left: u64,
    ) -> Option<u64> {
        let before = self.found.by_size;
        let nodes = self.subtree::<CORNER>(next, cols, ld, rd, avail);
        if nodes <= left {
            Some(nodes)
        } else {
            // The queens the recursion wrote below `next` are written again by the loop.
            self.found.by_size = before;
            None
        }
    }

    /// The search loop, compiled once per family so the leaf test is decided at compile time.
    fn search<const CORNER: bool>(&mut self, limit: u64) -> bool {
        let n = self.rules.n;
        let last = n - 1;
        let pen = n - 2;
        let start = self.start;
        let mut row = self.row;
        let mut nodes = self.nodes;
        loop {
            if row == pen {
                // The last two rows: each square left here either completes a board or not.
                let (cols, ld, rd) = (self.cols[row], self.ld[row], self.rd[row]);
                let mut a = self.avail[row];
                while a != 0 {
                    // Saturating: a caller may pass a limit below the count so far.
                    if limit.saturating_sub(nodes) < 2 {
                        self.avail[row] = a;
                        self.row = row;
                        self.nodes = nodes;
                        return false;
                    }
                    let bit = a & a.wrapping_neg();
                    a ^= bit;
                    nodes += 1;
                    let f = self.rules.free_in::<CORNER>(
                        last,
                        cols | bit,
                        (ld | bit) << 1,
                        (rd | bit) >> 1,
                    );
                    if f != 0 {
                        nodes += 1;
                        if CORNER {
                            self.found.by_size[0] += 1;
                        } else {
                            self.found.queen[pen] = bit;
                            self.found.queen[last] = f;
                            self.found.leaf(n);
                        }
                    }
                }
                self.avail[row] = 0;
                if row == start {
                    break;
                }
                row -= 1;
                continue;
            }
            let a = self.avail[row];
            if a == 0 {
                if row == start {
                    break;
                }
                row -= 1;
                continue;
            }
            if nodes >= limit {
                self.row = row;
                self.nodes = nodes;
                return false;
            }
            let bit = a & a.wrapping_neg();
            self.avail[row] = a ^ bit;
            nodes += 1;
            let cols = self.cols[row] | bit;
            let ld = (self.ld[row] | bit) << 1;
            let rd = (self.rd[row] | bit) >> 1;
            let next = row + 1;
            self.found.queen[row] = bit;
            let f = self.rules.open_in::<CORNER>(next, cols, ld, rd);
            // Subtrees start no lower than the per-depth rows: below them this loop goes on
            // (only at the end of a budget, or for N ≤ 11, whose tasks start there). Entering
            // them lower down would need a copy of the per-depth chain for every starting depth
            // (16 KB in the page's module), and measured no faster.
            let counted = if f == 0 || n - next < FIXED_ROWS {
                None
            } else if limit - nodes >= SUBTREE_BOUND[n - next] {
                // The budget cannot run out below here: count the subtree in one go.
                Some(self.subtree::<CORNER>(next, cols, ld, rd, f))
            } else if n - next == FIXED_ROWS {
                self.fits::<CORNER>(next, cols, ld, rd, f, limit - nodes)
            } else {
                None
            };
            if let Some(sub) = counted {
                nodes += sub;
            } else if f != 0 {
                self.cols[next] = cols;
                self.ld[next] = ld;
                self.rd[next] = rd;
                self.avail[next] = f;
                row = next;
            }
        }
        self.row = start;
        self.nodes = nodes;
        true
    }
}

impl Found {
    /// Files the edge-family board in `queen` under its class size (or nowhere, when another
    /// image is the representative).
    #[inline(never)]
    fn leaf(&mut self, n: usize) {
        match class_size(&self.queen[..n]) {
            8 => self.by_size[0] += 1,
            4 => self.by_size[1] += 1,
            2 => self.by_size[2] += 1,
            _ => {}
        }
    }

    /// The last three rows, `avail` the squares row N-3 may take before [`Rules::child`]'s looks
    /// (`cols`, `ld`, `rd`: the attacks of the rows above on row N-3). Returns the queens the
    /// search places there, from [`tail_table`]: three columns x < y < z are left, and what the
    /// search does on them depends only on which of them each of the three rows may still take
    /// (given the rows above), how far apart they are, and, for the edge family with `b1` = 1
    /// (side deadline at row N-2), whether x is column 0 and z column N-1. No loop and no
    /// data-dependent branch but the rare board of the edge family: the loop over row N-3's
    /// squares, the looks of the row above and the last two rows' tests were the worst-predicted
    /// branches of the count.
    #[inline(always)]
    fn last_three<const CORNER: bool>(
        &mut self,
        rules: &Rules,
        cols: u32,
        ld: u32,
        rd: u32,
        avail: u32,
    ) -> u64 {
        let pen = rules.n - 2;
        let free = rules.mask & !cols;
        let (tx, tz) = (free.trailing_zeros(), 31 - free.leading_zeros());
        let ty = (free & free.wrapping_sub(1)).trailing_zeros();
        // Rows N-2 and N-1 as the rows above leave them (the columns taken already are not
        // looked at).
        let o2 = rules.allow[pen] & !(ld << 1 | rd >> 1);
        let o1 = rules.allow[pen + 1] & !(ld << 2 | rd >> 2);
        let three = |m: u32| (m >> tx & 1) | (m >> ty & 1) << 1 | (m >> tz & 1) << 2;
        let mut i = three(avail)
            | three(o2) << 3
            | three(o1) << 6
            | ((ty - tx).min(3) - 1) << 9
            | ((tz - ty).min(3) - 1) << 11;
        if !CORNER && rules.tail_side {
            i |= ((tx == 0) as u32) << 13 | ((tz as usize == rules.n - 1) as u32) << 14;
        }
        let e = rules.tail[i as usize % TAIL_SIZE];
        let boards = u32::from(e >> 4);
        if CORNER {
            self.by_size[0] += u64::from(boards.count_ones());
        } else if boards != 0 {
            let at = [1u32 << tx, 1 << ty, 1 << tz];
            for (p, &(a, b, c)) in TAIL_ORDER.iter().enumerate() {
                if boards >> p & 1 != 0 {
                    self.queen[pen - 1] = at[a];
                    self.queen[pen] = at[b];
                    self.queen[pen + 1] = at[c];
                    self.leaf(rules.n);
                }
            }
        }
        u64::from(e & 15)
    }

    /// [`TaskCounter::subtree`] from a row above the last [`FIXED_ROWS`]: plain recursion,
    /// which measured faster than an explicit stack here (the stack's loads and stores, and its
    /// "pop or place" branch, cost more than a call and return, which the processor predicts;
    /// 0.92x of the explicit stack's CPU time at N = 16). The rules come as their own
    /// reference, not through `self`: read-only, so their masks stay in registers across the
    /// calls (fewer instructions than reading them through `self`).
    fn rows<const CORNER: bool>(
        &mut self,
        rules: &Rules,
        row: usize,
        cols: u32,
        ld: u32,
        rd: u32,
        avail: u32,
    ) -> u64 {
        let next = row + 1;
        // The far look of [`Rules::far_dead`], once per board here rather than once per square
        // tried in the row above (where it made the loop spill registers).
        let a = avail & (rules.far_dead::<CORNER>(row, cols, ld, rd) as u32).wrapping_sub(1);
        self.each_square::<CORNER>(row, cols, ld, rd, a, 0, |found, c, l, r, nodes| {
            let f = rules.child::<CORNER, true>(next, c, l, r);
            if f == 0 {
                return nodes;
            }
            // `rows` is only entered above the last FIXED_ROWS rows.
            nodes
                + if rules.n - next == FIXED_ROWS {
                    found.rows_8::<CORNER>(rules, c, l, r, f, 0)
                } else {
                    found.rows::<CORNER>(rules, next, c, l, r, f)
                }
        })
    }

    /// The loop every row of the subtree count shares (the recursion, the per-depth rows and
    /// row N-4): a queen on each square of `a` in `row` in turn, one node each (the edge
    /// family's leaf test reads the queens), and `below` given the attacks on the next row and
    /// the count so far, returning the count after what it placed below.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn each_square<const CORNER: bool>(
        &mut self,
        row: usize,
        cols: u32,
        ld: u32,
        rd: u32,
        mut a: u32,
        mut nodes: u64,
        mut below: impl FnMut(&mut Found, u32, u32, u32, u64) -> u64,
    ) -> u64 {
        while a != 0 {
            let bit = a & a.wrapping_neg();
            a ^= bit;
            nodes += 1;
            if !CORNER {
                self.queen[row] = bit;
            }
            nodes = below(self, cols | bit, (ld | bit) << 1, (rd | bit) >> 1, nodes);
        }
        nodes
    }
}

/// The six orders of the last three rows' columns (x, y, z as 0, 1, 2) in rows N-3, N-2 and
/// N-1; bit `4 + p` of a [`tail_table`] entry stands for `TAIL_ORDER[p]`.
const TAIL_ORDER: [(usize, usize, usize); 6] = [
    (0, 1, 2),
    (0, 2, 1),
    (1, 0, 2),
    (1, 2, 0),
    (2, 0, 1),
    (2, 1, 0),
];

/// Entries of [`tail_table`]: 15 index bits.
const TAIL_SIZE: usize = 1 << 15;

/// The last three rows worked out once for every case (64 KB, built on first use, about a
/// millisecond). Index ([`Found::last_three`]): bits 0-2 the columns x, y, z row N-3 may take,
/// 3-5 and 6-8 those rows N-2 and N-1 may take given the rows above row N-3, 9-10 and 11-12 the
/// gaps y-x and z-y less one (2: three or more), 13 and 14 whether x and z are side columns that
/// the side deadline at row N-2 applies to. Entry: bits 0-3 the queens the search places on
/// the three rows, bit `4 + p` set when the columns in the order `TAIL_ORDER[p]` are a board.
/// The tests are the search's own: [`Rules::child`]'s looks at row N-3 (nothing is placed
/// when row N-2 or N-1 is closed already), then each square of row N-3 tried with the side
/// deadline and the look one row ahead for row N-2, and the last two rows as before.
fn tail_table() -> &'static [u16; TAIL_SIZE] {
    static TABLE: std::sync::OnceLock<Box<[u16; TAIL_SIZE]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([0; TAIL_SIZE]);
        for (i, e) in t.iter_mut().enumerate() {
            *e = tail_entry(i);
        }
        t
    })
}

/// One entry of [`tail_table`].
fn tail_entry(i: usize) -> u16 {
    let has = |m: usize, k: usize| m >> k & 1 != 0;
    let (avail, o2, o1) = (i & 7, i >> 3 & 7, i >> 6 & 7);
    if o2 == 0 || o1 == 0 {
        return 0;
    }
    let (gxy, gyz) = ((i >> 9 & 3) + 1, (i >> 11 & 3) + 1);
    let pos = [0, gxy, gxy + gyz];
    let gap = |a: usize, b: usize| pos[a].abs_diff(pos[b]);
    let side = [has(i, 13), false, has(i, 14)];
    let (mut nodes, mut boards) = (0u16, 0u16);
    for (p, &(t, j, k)) in TAIL_ORDER.iter().enumerate() {
        // Each square of row N-3 once, with the other two columns in increasing order.
        if p % 2 != 0 || !has(avail, t) {
            continue;
        }
        nodes += 1;
        let mut f = [j, k].map(|c| has(o2, c) && gap(c, t) != 1);
        // The side deadline at row N-2: every side column still empty must be taken there.
        match (side[j], side[k]) {
            (true, true) => f = [false, false],
            (true, false) => f[1] = false,
            (false, true) => f[0] = false,
            (false, false) => {}
        }
        let g = [j, k].map(|c| has(o1, c) && gap(c, t) != 2);
        if !(g[0] || g[1]) {
            f = [false, false];
        }
        nodes += u16::from(f[0]) + u16::from(f[1]);
        let apart = gap(j, k) != 1;
        if f[0] && g[1] && apart {
            nodes += 1;
            boards |= 1 << p;
        }
        if f[1] && g[0] && apart {
            nodes += 1;
            boards |= 1 << (p + 1);
        }
    }
    nodes | boards << 4
}

/// Rows from N-FIXED_ROWS down are searched by one function per depth ([`fixed_rows`]), all
/// inlined into one: no call and return per queen, the row indexes known at compile time, and
/// registers allocated across the levels instead of saved and restored at every call.
const FIXED_ROWS: usize = 8;

/// `$name` fills row N-`$k` from `avail` and hands each board that leaves the next row
/// something to `$inner` (the function for row N-`$k`+1): the same tree as [`Found::rows`].
macro_rules! fixed_rows {
    ($name:ident, $k:expr, $inner:ident, $inline:meta) => {
        impl Found {
            #[$inline]
            fn $name<const CORNER: bool>(
                &mut self,
                rules: &Rules,
                cols: u32,
                ld: u32,
                rd: u32,
                avail: u32,
                nodes: u64,
            ) -> u64 {
                let row = rules.n - $k;
                let next = row + 1;
                let a =
                    avail & (rules.far_dead::<CORNER>(row, cols, ld, rd) as u32).wrapping_sub(1);
                self.each_square::<CORNER>(row, cols, ld, rd, a, nodes, |found, c, l, r, nodes| {
                    let f = rules.child::<CORNER, true>(next, c, l, r);
                    if f == 0 {
                        return nodes;
                    }
                    found.$inner::<CORNER>(rules, c, l, r, f, nodes)
                })
            }
        }
    };
}
fixed_rows!(rows_5, 5, rows_4, inline(always));
fixed_rows!(rows_6, 6, rows_5, inline(always));
fixed_rows!(rows_7, 7, rows_6, inline(always));
fixed_rows!(rows_8, 8, rows_7, inline(never));

impl Found {
    /// Row N-4, as [`fixed_rows`] writes the rows above it, except that each board goes to the
    /// last three rows' table without [`Rules::child`]'s looks and without a "push or not"
    /// branch: the table places nothing where those looks would drop the board.
    #[inline(always)]
    fn rows_4<const CORNER: bool>(
        &mut self,
        rules: &Rules,
        cols: u32,
        ld: u32,
        rd: u32,
        avail: u32,
        nodes: u64,
    ) -> u64 {
        let row = rules.n - 4;
        let next = row + 1;
        // No far look at this row ([`Rules::far_dead`]).
        self.each_square::<CORNER>(row, cols, ld, rd, avail, nodes, |found, c, l, r, nodes| {
            let f = rules.row_open::<CORNER>(next, c, l, r);
            nodes + found.last_three::<CORNER>(rules, c, l, r, f)
        })
    }
}

/// `SUBTREE_BOUND[k]`: the most queens a search can place on `k` rows with `k` free columns
/// (`k·(k-1)·…` summed over the rows), saturated: a subtree that fits the budget left is counted
/// without the resumable stack.
const SUBTREE_BOUND: [u64; MAX_COUNT_N + 1] = {
    let mut b = [0u64; MAX_COUNT_N + 1];
    let mut k = 1;
    while k <= MAX_COUNT_N {
        // Nodes on k rows = k + k·(nodes on k-1 rows).
        b[k] = match b[k - 1].checked_mul(k as u64) {
            Some(x) => match x.checked_add(k as u64) {
                Some(y) => y,
                None => u64::MAX,
            },
            None => u64::MAX,
        };
        k += 1;
    }
    b
};

/// The size of the symmetry class of an edge-family board (`queen[r]` = the bit of row r's
/// queen) if it is the lexicographically smallest of its 8 images, else 0.
fn class_size(queen: &[u32]) -> u32 {
    let n = queen.len();
    let m = n - 1;
    let b1 = queen[0].trailing_zeros() as usize;
    // The images' row-0 columns are the edge queens' distances from the corners; the pruning
    // made them all ≥ b1, so unless one equals b1 every image is larger. A side queen is at
    // distance b1 when it stands in row b1 or m-b1, the last row's when it stands in column
    // b1 or m-b1: two rows and four bits to look at (a scan for the side queens' rows was
    // 3% of a count's time).
    let band = queen[b1] | queen[m - b1];
    let tie = (queen[m] & (queen[0] | 1 << (m - b1))) | (band & (1 | 1 << m));
    if tie == 0 {
        return 8;
    }
    let mut col = [0usize; MAX_COUNT_N];
    let mut row = [0usize; MAX_COUNT_N];
    for (r, &q) in queen.iter().enumerate() {
        let c = q.trailing_zeros() as usize;
        col[r] = c;
        row[c] = r;
    }
    let mut equal = 0;
    // Each image as "column of the queen in row r of the image", compared in turn (a closure per
    // image called directly: through `&dyn Fn` it was an indirect call per row in wasm).
    macro_rules! image {
        ($f:expr) => {
            match (0..n).map($f).cmp(col[..n].iter().copied()) {
                std::cmp::Ordering::Less => return 0,
                std::cmp::Ordering::Equal => equal += 1,
                std::cmp::Ordering::Greater => {}
            }
        };
    }
    image!(|r| m - col[r]); // mirror left-right
    image!(|r| col[m - r]); // mirror top-bottom
    image!(|r| m - col[m - r]); // half turn
    image!(|r| row[r]); // main diagonal
    image!(|r| m - row[m - r]); // anti-diagonal
    image!(|r| m - row[r]); // quarter turn
    image!(|r| row[m - r]); // three-quarter turn
    8 / (1 + equal)
}

/// Counts N on this thread: the plan's tasks one after the other.
pub fn count(n: usize) -> Result<Counts, String> {
    let p = plan(n, DEFAULT_SPLIT_ROWS)?;
    let mut total = p.base;
    for t in &p.tasks {
        let mut c = TaskCounter::new(t)?;
        c.run(u64::MAX);
        total.add(&c.counts());
    }
    Ok(total)
}

/// How far a native count may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Threads counting tasks side by side (at least 1).
    pub threads: usize,
    /// Nodes over all threads (`u64::MAX`: no limit).
    pub max_nodes: u64,
    /// Wall time in microseconds (`u64::MAX`: no limit).
    pub max_micros: u64,
}

/// The end of a native count: `finished` is false when a limit stopped it, and `counts` then
/// holds what the tasks found up to there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// What was counted (the whole answer when `finished`).
    pub counts: Counts,
    /// True when every task was counted to the end.
    pub finished: bool,
    /// Tasks in the plan.
    pub tasks: usize,
    /// Tasks counted to the end.
    pub tasks_done: usize,
    /// Threads used (`limits.threads`, at least 1 and at most one per task).
    pub threads: usize,
}

/// Nodes a thread counts between two looks at the shared budget and the clock (a few
/// milliseconds of work).
const CHUNK: u64 = 1 << 20;

/// Counts N on `limits.threads` native threads: each takes the next task of the plan until none
/// is left; nodes are drawn from one shared budget a chunk at a time, unused nodes go back. The
/// count never passes `max_nodes`; a thread that finds the budget empty stops, and the others
/// spend what they still hold.
/// For native callers only: in wasm there are no threads and no `Instant` (both would fail at
/// run time), so the page runs one [`TaskCounter`] per worker instead. It still compiles there so
/// that every target of the crate (the CLI included) builds for wasm32 in `wasm-pack test`.
pub fn count_native(n: usize, limits: Limits) -> Result<Outcome, String> {
    use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
    use std::time::{Duration, Instant};

    let p = plan(n, DEFAULT_SPLIT_ROWS)?;
    // Check every task up front, so the threads below cannot fail.
    for t in &p.tasks {
        TaskCounter::new(t)?;
    }
    let threads = limits.threads.clamp(1, p.tasks.len().max(1));
    let deadline = Instant::now().checked_add(Duration::from_micros(limits.max_micros));
    let next = AtomicUsize::new(0);
    // The split's own nodes are spent first (they are few: the queens of the first rows).
    let left = AtomicU64::new(limits.max_nodes.saturating_sub(p.base.nodes));
    let stop = AtomicBool::new(false);
    let take = |want: u64| {
        left.fetch_update(Relaxed, Relaxed, |l| Some(l - l.min(want)))
            .map_or(0, |l| l.min(want))
    };
    let work = || {
        let (mut found, mut done) = (Counts::default(), 0usize);
        // Set when this thread finds the node budget empty: it stops, while another thread that
        // still holds nodes spends them (so the budget is used up rather than abandoned).
        let mut spent = false;
        while !spent && !stop.load(Relaxed) {
            let Some(task) = p.tasks.get(next.fetch_add(1, Relaxed)) else {
                break;
            };
            let Ok(mut c) = TaskCounter::new(task) else {
                break;
            };
            loop {
                let grant = take(CHUNK);
                let before = c.counts().nodes;
                let finished = c.run(before + grant);
                let used = c.counts().nodes - before;
                left.fetch_add(grant - used, Relaxed);
                if finished {
                    done += 1;
                }
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    stop.store(true, Relaxed);
                    break;
                }
                if finished || stop.load(Relaxed) {
                    break;
                }
                // No progress means the budget is spent (a step may need two nodes at once).
                if used == 0 {
                    spent = true;
                    break;
                }
            }
            found.add(&c.counts());
        }
        (found, done)
    };
    let results: Vec<(Counts, usize)> = if threads == 1 {
        vec![work()]
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        })
    };
    let mut counts = p.base;
    let mut tasks_done = 0;
    for (c, d) in results {
        counts.add(&c);
        tasks_done += d;
    }
    Ok(Outcome {
        counts,
        finished: tasks_done == p.tasks.len(),
        tasks: p.tasks.len(),
        tasks_done,
        threads,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Budget, Machine, NoEvents};
    use crate::puzzles::queens::backtrack::{Backtrack, Options};

    /// OEIS A000170, n = 1..=13.
    const TOTAL: [u64; 13] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712];
    /// OEIS A002562, n = 1..=13.
    const UNIQUE: [u64; 13] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233];

    #[test]
    fn counts_match_both_oeis_lists() {
        for n in 1..=13 {
            let c = count(n).unwrap();
            assert_eq!(c.solutions, TOTAL[n - 1], "solutions, n = {n}");
            assert_eq!(c.unique, UNIQUE[n - 1], "unique, n = {n}");
        }
    }

    #[test]
    fn agrees_with_the_backtracking_machine() {
        for n in 1..=10 {
            let mut m = Backtrack::new(n, Options::count()).unwrap();
            m.run(&mut Budget::unlimited(), &mut NoEvents);
            let c = count(n).unwrap();
            assert_eq!(c.solutions, m.stats().solutions, "n = {n}");
            assert_eq!(c.unique, m.fundamental_solutions(), "n = {n}");
            // Symmetry must save work, not add it.
            assert!(c.nodes <= m.stats().nodes, "n = {n}");
        }
    }

    #[test]
    fn every_split_depth_gives_the_same_figures() {
        for n in 4..=11 {
            let whole = count(n).unwrap();
            for rows in 0..=n {
                let p = plan(n, rows).unwrap();
                let mut total = p.base;
                for t in &p.tasks {
                    let mut c = TaskCounter::new(t).unwrap();
                    assert!(c.run(u64::MAX));
                    total.add(&c.counts());
                }
                assert_eq!(total, whole, "n = {n}, rows = {rows}");
            }
        }
    }

    #[test]
    fn a_weight_counts_the_boards_a_task_reaches_a_few_rows_down() {
        for n in 4..=13 {
            let mut p = plan(n, DEFAULT_SPLIT_ROWS).unwrap();
            assert!(p.weights.is_empty(), "n = {n}: weighed only when asked");
            weigh(&mut p).unwrap();
            assert_eq!(p.weights.len(), p.tasks.len(), "n = {n}");
            assert!(p.weights.iter().all(|&w| w >= 1), "n = {n}");
            // Where the split could go WEIGHT_ROWS rows deeper (it stops at row N-2), the boards
            // the weights count are exactly the tasks of that deeper split.
            let depth = p.tasks.first().map_or(0, |t| t.columns.len());
            if depth + WEIGHT_ROWS <= n - 2 && p.tasks.iter().all(|t| t.columns.len() == depth) {
                let deeper = plan(n, depth + WEIGHT_ROWS).unwrap();
                let boards: u64 = p.weights.iter().map(|w| w - 1).sum();
                assert_eq!(boards, deeper.tasks.len() as u64, "n = {n}");
            }
        }
        // A task whose search dies early weighs less than one that goes on: at N = 12 the
        // heaviest task is one of the largest by nodes, and the lightest one of the smallest.
        let mut p = plan(12, DEFAULT_SPLIT_ROWS).unwrap();
        weigh(&mut p).unwrap();
        let nodes: Vec<u64> = p
            .tasks
            .iter()
            .map(|t| {
                let mut c = TaskCounter::new(t).unwrap();
                c.run(u64::MAX);
                c.counts().nodes
            })
            .collect();
        let by = |key: &dyn Fn(usize) -> u64| (0..nodes.len()).max_by_key(|&i| key(i)).unwrap();
        let heaviest = by(&|i| p.weights[i]);
        let lightest = by(&|i| u64::MAX - p.weights[i]);
        let mut sorted = nodes.clone();
        sorted.sort_unstable();
        let tenth = sorted.len() / 10;
        assert!(
            nodes[heaviest] >= sorted[sorted.len() - 1 - tenth],
            "{nodes:?}"
        );
        assert!(nodes[lightest] <= sorted[tenth], "{nodes:?}");
    }

    #[test]
    fn a_budget_pauses_and_resumes_without_losing_anything() {
        let n = 10;
        let whole = count(n).unwrap();
        let p = plan(n, 2).unwrap();
        let mut total = p.base;
        for t in &p.tasks {
            let mut c = TaskCounter::new(t).unwrap();
            let mut limit = 0;
            while !c.run(limit) {
                assert!(c.counts().nodes <= limit);
                limit += 3;
            }
            total.add(&c.counts());
        }
        assert_eq!(total, whole);
    }

    /// The budgeted loop and the budget-free recursion (with its per-depth functions) must
    /// search the same tree: steps below `SUBTREE_BOUND[FIXED_ROWS]` (109,600) mix the loop with
    /// subtrees of the last 8 rows counted on trial and given back when they overran
    /// (`TaskCounter::fits`), the largest step hands subtrees to the per-depth rows and leaves
    /// the end of each step to the loop, as the threads' and the page's chunks do, and `whole`
    /// (no budget) starts the recursion at the top. Sizes where every family's look-ahead and
    /// side rules come into play.
    /// A limit at or below the count so far pauses at once and counts nothing (it used to
    /// underflow on the last two rows), and the task still finishes with the right figures.
    #[test]
    fn a_limit_below_the_count_pauses_without_counting() {
        let whole = count(10).unwrap();
        let p = plan(10, 3).unwrap();
        let mut total = p.base;
        for t in &p.tasks {
            let mut c = TaskCounter::new(t).unwrap();
            let mut limit = 0;
            loop {
                limit += 7;
                if c.run(limit) {
                    break;
                }
                let before = c.counts();
                for low in [0, before.nodes.saturating_sub(3), before.nodes] {
                    assert!(!c.run(low));
                    assert_eq!(c.counts(), before);
                }
            }
            total.add(&c.counts());
        }
        assert_eq!(total, whole);
    }

    #[test]
    fn every_budget_step_gives_the_same_figures_at_larger_sizes() {
        for (n, steps) in [
            (12, [1, 40, 5_000, 150_000]),
            (13, [3, 300, 30_000, 200_000]),
        ] {
            let whole = count(n).unwrap();
            for step in steps {
                for rows in [2, 3] {
                    let p = plan(n, rows).unwrap();
                    let mut total = p.base;
                    for t in &p.tasks {
                        let mut c = TaskCounter::new(t).unwrap();
                        let mut limit = step;
                        while !c.run(limit) {
                            limit += step;
                        }
                        total.add(&c.counts());
                    }
                    assert_eq!(total, whole, "n = {n}, step = {step}, rows = {rows}");
                }
            }
        }
    }

    #[cfg(not(target_arch = "wasm32"))] // threads: native only
    #[test]
    fn threads_give_the_same_figures_as_one() {
        for n in [1, 4, 8, 11] {
            let one = count(n).unwrap();
            for threads in [1, 2, 3] {
                let o = count_native(
                    n,
                    Limits {
                        threads,
                        max_nodes: u64::MAX,
                        max_micros: u64::MAX,
                    },
                )
                .unwrap();
                assert!(o.finished && o.tasks_done == o.tasks, "n = {n}");
                assert_eq!(o.counts, one, "n = {n}, threads = {threads}");
            }
        }
    }

    #[cfg(not(target_arch = "wasm32"))] // threads: native only
    #[test]
    fn a_node_budget_stops_every_thread_with_partial_figures() {
        let whole = count(12).unwrap();
        for threads in [1, 2] {
            let max_nodes = whole.nodes / 3;
            let o = count_native(
                12,
                Limits {
                    threads,
                    max_nodes,
                    max_micros: u64::MAX,
                },
            )
            .unwrap();
            assert!(!o.finished);
            // Never over; under by at most what other threads held when one found none left.
            assert!(
                o.counts.nodes <= max_nodes,
                "{} of {max_nodes}",
                o.counts.nodes
            );
            if threads == 1 {
                assert!(
                    o.counts.nodes + 2 >= max_nodes,
                    "{} of {max_nodes}",
                    o.counts.nodes
                );
            }
            assert!(o.counts.solutions < whole.solutions);
            assert!(o.tasks_done < o.tasks);
        }
        let o = count_native(
            12,
            Limits {
                threads: 2,
                max_nodes: u64::MAX,
                max_micros: 0,
            },
        )
        .unwrap();
        assert!(!o.finished);
    }

    #[test]
    fn sizes_and_tasks_out_of_range_are_clear_errors() {
        for n in [0, MAX_COUNT_N + 1] {
            let e = plan(n, 3).unwrap_err();
            assert!(e.contains("from 1 to 27"), "{e}");
        }
        for (n, columns) in [
            (8, vec![]),
            (8, vec![0, 1]),
            (8, vec![4]),
            (8, vec![1, 2]),
            (8, vec![1, 3, 5, 7, 2, 0, 4]),
            (8, vec![40]),
            (3, vec![0]),
        ] {
            assert!(TaskCounter::new(&Task { n, columns }).is_err());
        }
    }
}
