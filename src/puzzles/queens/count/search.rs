//! Counting one task: [`TaskCounter`]'s resumable loop, the plain recursion for subtrees that fit
//! the budget left, the per-depth rows and the last three rows' table.

use super::symmetry::{class_size, Rules};
use super::{check_n, Counts, Task, MAX_COUNT_N};

/// Counts one task, resumably: `run(limit)` stops when the task's node count would pass
/// `limit` and continues from there on the next call.
#[derive(Clone, Debug)]
pub struct TaskCounter {
    pub(super) rules: Rules,
    /// The first row searched (the task's fixed rows are above it).
    pub(super) start: usize,
    /// The row being filled.
    row: usize,
    /// Per row, on entering it: columns used, attacks along both diagonals, squares left to try.
    pub(super) cols: [u32; MAX_COUNT_N],
    pub(super) ld: [u32; MAX_COUNT_N],
    pub(super) rd: [u32; MAX_COUNT_N],
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
    /// tenth of the nodes; docs/history/BENCHMARKS-HISTORY.md, seventh round). Same tree, same
    /// nodes, same classes.
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
pub(super) const TAIL_SIZE: usize = 1 << 15;

/// The last three rows worked out once for every case (64 KB, built on first use, about a
/// millisecond). Index ([`Found::last_three`]): bits 0-2 the columns x, y, z row N-3 may take,
/// 3-5 and 6-8 those rows N-2 and N-1 may take given the rows above row N-3, 9-10 and 11-12 the
/// gaps y-x and z-y less one (2: three or more), 13 and 14 whether x and z are side columns that
/// the side deadline at row N-2 applies to. Entry: bits 0-3 the queens the search places on
/// the three rows, bit `4 + p` set when the columns in the order `TAIL_ORDER[p]` are a board.
/// The tests are the search's own: [`Rules::child`]'s looks at row N-3 (nothing is placed
/// when row N-2 or N-1 is closed already), then each square of row N-3 tried with the side
/// deadline and the look one row ahead for row N-2, and the last two rows as before.
pub(super) fn tail_table() -> &'static [u16; TAIL_SIZE] {
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
