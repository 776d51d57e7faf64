//! Kirchhoff's Matrix-Tree theorem as a connectivity test (the source article's pruning).
//!
//! The number of spanning trees of a graph is any cofactor of its Laplacian L = D - A. It is zero
//! exactly when the graph is disconnected. The count overflows any integer for big boards, so the
//! article computes the determinant of the minor modulo two primes by Gaussian elimination: a zero
//! modulo both is taken as "disconnected". O(n^3) per call, where the union-find test is O(E).

/// The two moduli of the article.
pub const PRIMES: [u64; 2] = [1_000_000_007, 998_244_353];

fn pow_mod(mut b: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1;
    b %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % m;
        }
        b = b * b % m;
        e >>= 1;
    }
    r
}

/// Spanning-tree count of the simple graph on `n` vertices with `edges`, modulo `p`
/// (determinant of the Laplacian with the last row and column removed). `scratch` is reused.
pub fn spanning_trees_mod(n: usize, edges: &[(u32, u32)], p: u64, scratch: &mut Vec<u64>) -> u64 {
    let mut e = Elimination::new(n, edges, p, std::mem::take(scratch));
    let count = e.run(|| false).unwrap_or_default();
    *scratch = e.into_scratch();
    count
}

/// Work units (matrix entries updated) between two calls of the `stop` test of
/// [`Elimination::run`]: about a hundred microseconds of elimination.
const WORK_PER_STOP_LOOK: u64 = 1 << 16;

/// The Gaussian elimination behind [`spanning_trees_mod`], resumable after any row: on a big
/// board the determinant is the slowest single step of any solver (O(n^3): 2,500 islands take
/// seconds), so the solver runs it under its time budget and continues it on the next call.
#[derive(Clone, Debug)]
pub struct Elimination {
    m: usize,
    p: u64,
    /// The matrix, row-major (public so that a caller can take the buffer for the next one).
    pub a: Vec<u64>,
    /// The column being eliminated, and the next row below it (0: its pivot is not chosen yet).
    col: usize,
    row: usize,
    inv: u64,
    det: u64,
}

impl Elimination {
    /// Sets up the Laplacian minor of the graph on `n` vertices with `edges`, modulo `p`, in the
    /// buffer `scratch` (reused).
    pub fn new(n: usize, edges: &[(u32, u32)], p: u64, mut scratch: Vec<u64>) -> Self {
        let m = n.saturating_sub(1);
        scratch.clear();
        scratch.resize(m * m, 0);
        let a = &mut scratch;
        for &(u, v) in edges {
            let (u, v) = (u as usize, v as usize);
            if u < m {
                a[u * m + u] = (a[u * m + u] + 1) % p;
            }
            if v < m {
                a[v * m + v] = (a[v * m + v] + 1) % p;
            }
            if u < m && v < m {
                a[u * m + v] = (a[u * m + v] + p - 1) % p;
                a[v * m + u] = (a[v * m + u] + p - 1) % p;
            }
        }
        Elimination {
            m,
            p,
            a: scratch,
            col: 0,
            row: 0,
            inv: 0,
            det: 1,
        }
    }

    /// Eliminates until the determinant is known (`Some`), or until `stop` (asked every
    /// 65,536 units of work) says to stop (`None`; calling again continues).
    pub fn run(&mut self, mut stop: impl FnMut() -> bool) -> Option<u64> {
        let (m, p) = (self.m, self.p);
        let a = &mut self.a;
        let mut work = 0u64;
        while self.col < m {
            let col = self.col;
            if self.row == 0 {
                let Some(piv) = (col..m).find(|&r| a[r * m + col] != 0) else {
                    self.det = 0;
                    self.col = m;
                    break;
                };
                if piv != col {
                    for k in 0..m {
                        a.swap(piv * m + k, col * m + k);
                    }
                    self.det = (p - self.det) % p;
                }
                let d = a[col * m + col];
                self.det = self.det * d % p;
                self.inv = pow_mod(d, p - 2, p);
                self.row = col + 1;
            }
            while self.row < m {
                if work >= WORK_PER_STOP_LOOK {
                    work = 0;
                    if stop() {
                        return None;
                    }
                }
                let r = self.row;
                self.row += 1;
                let f = a[r * m + col] * self.inv % p;
                if f == 0 {
                    work += 1;
                    continue;
                }
                for k in col..m {
                    let sub = f * a[col * m + k] % p;
                    a[r * m + k] = (a[r * m + k] + p - sub) % p;
                }
                work += (m - col) as u64;
            }
            self.col += 1;
            self.row = 0;
        }
        Some(self.det)
    }

    /// The buffer back, for the next elimination.
    pub fn into_scratch(self) -> Vec<u64> {
        self.a
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_known_graphs() {
        let mut s = Vec::new();
        // A 4-cycle has 4 spanning trees; K4 has 16 (Cayley: n^(n-2)).
        let cycle = [(0, 1), (1, 2), (2, 3), (3, 0)];
        assert_eq!(spanning_trees_mod(4, &cycle, PRIMES[0], &mut s), 4);
        let k4 = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];
        assert_eq!(spanning_trees_mod(4, &k4, PRIMES[1], &mut s), 16);
        // Two separate edges: disconnected.
        assert_eq!(
            spanning_trees_mod(4, &[(0, 1), (2, 3)], PRIMES[0], &mut s),
            0
        );
        // K_7: 7^5 = 16807.
        let k7: Vec<(u32, u32)> = (0..7)
            .flat_map(|i| (i + 1..7).map(move |j| (i, j)))
            .collect();
        assert_eq!(spanning_trees_mod(7, &k7, PRIMES[0], &mut s), 16807);
    }

    #[test]
    fn an_elimination_stopped_at_every_look_ends_with_the_same_count() {
        // K_120 (120^118 spanning trees): enough work for several looks at `stop`.
        let k: Vec<(u32, u32)> = (0..120)
            .flat_map(|i| (i + 1..120).map(move |j| (i, j)))
            .collect();
        let mut s = Vec::new();
        let whole = spanning_trees_mod(120, &k, PRIMES[0], &mut s);
        assert_ne!(whole, 0);
        let mut e = Elimination::new(120, &k, PRIMES[0], Vec::new());
        let mut stops = 0;
        let count = loop {
            if let Some(c) = e.run(|| true) {
                break c;
            }
            stops += 1;
        };
        assert_eq!(count, whole);
        assert!(
            stops > 0,
            "the test must stop the elimination at least once"
        );
    }
}
