//! The two families of representatives a count searches (see the parent module): the pruning
//! each family's symmetry rules allow ([`Rules`]), the attack tests the split and the search
//! share, and the class size of an edge-family board found ([`class_size`]).

use super::search::{tail_table, TAIL_SIZE};
use super::MAX_COUNT_N;

/// The pruning of one family, fixed once the representative's `b1` is known.
#[derive(Clone, Debug)]
pub(super) struct Rules {
    pub(super) n: usize,
    pub(super) mask: u32,
    /// Per row: columns closed by the symmetry rules.
    pub(super) closed: [u32; MAX_COUNT_N],
    /// Per row: the columns left open, `mask & !closed`; 0 from row N on, where the look two
    /// rows ahead has nothing to test.
    pub(super) allow: [u32; MAX_COUNT_N + 2],
    /// Edge family: the last row that may use a side column (both must be used by then);
    /// `usize::MAX` for corner tasks.
    pub(super) side_deadline: usize,
    pub(super) side: u32,
    pub(super) corner: bool,
    /// Edge family, per row `next`: the bits of the right-going diagonals (`rd` at `next`) that
    /// reach column 0 in a row where a queen may still stand there (rows `next..=side_deadline`
    /// and at least `b1`), and the same for column N-1 in `ld`; `side_pass[next]` is all ones
    /// where there is nothing to test (past the deadline, and in the corner family).
    pub(super) side_win0: [u32; MAX_COUNT_N + 2],
    pub(super) side_winm: [u32; MAX_COUNT_N + 2],
    pub(super) side_pass: [u32; MAX_COUNT_N + 2],
    /// Edge family whose side deadline is row N-2 (`b1` = 1): the last three rows' table is
    /// indexed by the side columns too.
    pub(super) tail_side: bool,
    /// The last three rows' table ([`tail_table`]).
    pub(super) tail: &'static [u16; TAIL_SIZE],
}

impl Rules {
    /// Corner family with the row-1 queen on column `b1` (2 ≤ b1 ≤ N-2).
    pub(super) fn corner(n: usize, b1: usize) -> Rules {
        let mut closed = [0; MAX_COUNT_N];
        for c in closed.iter_mut().take(b1).skip(2) {
            *c = 1 << 1;
        }
        Rules::new(n, closed, usize::MAX, 0, true)
    }

    /// Edge family with the row-0 queen on column `b1` (1 ≤ b1, 2·b1 < N-1).
    pub(super) fn edge(n: usize, b1: usize) -> Rules {
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

    pub(super) fn new(
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
    pub(super) fn far_dead<const CORNER: bool>(&self, next: usize, c: u32, l: u32, r: u32) -> bool {
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
    pub(super) fn of(n: usize, columns: &[u32]) -> Result<Rules, String> {
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
    pub(super) fn free(&self, row: usize, cols: u32, ld: u32, rd: u32) -> u32 {
        self.free_in::<false>(row, cols, ld, rd)
    }

    /// [`Rules::open_in`] for either family.
    #[inline(always)]
    pub(super) fn open(&self, row: usize, cols: u32, ld: u32, rd: u32) -> u32 {
        if self.corner {
            self.open_in::<true>(row, cols, ld, rd)
        } else {
            self.open_in::<false>(row, cols, ld, rd)
        }
    }

    /// [`Rules::free`], told at compile time whether these are corner rules (no side deadline).
    #[inline(always)]
    pub(super) fn free_in<const CORNER: bool>(
        &self,
        row: usize,
        cols: u32,
        ld: u32,
        rd: u32,
    ) -> u32 {
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
    pub(super) fn child<const CORNER: bool, const DEEP: bool>(
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
    pub(super) fn row_open<const CORNER: bool>(&self, next: usize, c: u32, l: u32, r: u32) -> u32 {
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
    pub(super) fn open_in<const CORNER: bool>(
        &self,
        row: usize,
        cols: u32,
        ld: u32,
        rd: u32,
    ) -> u32 {
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

/// The size of the symmetry class of an edge-family board (`queen[r]` = the bit of row r's
/// queen) if it is the lexicographically smallest of its 8 images, else 0.
pub(super) fn class_size(queen: &[u32]) -> u32 {
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
