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
    if n <= 1 {
        return 1;
    }
    let m = n - 1;
    scratch.clear();
    scratch.resize(m * m, 0);
    let a = scratch;
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
    let mut det = 1u64;
    for col in 0..m {
        let Some(piv) = (col..m).find(|&r| a[r * m + col] != 0) else {
            return 0;
        };
        if piv != col {
            for k in 0..m {
                a.swap(piv * m + k, col * m + k);
            }
            det = (p - det) % p;
        }
        let d = a[col * m + col];
        det = det * d % p;
        let inv = pow_mod(d, p - 2, p);
        for r in col + 1..m {
            let f = a[r * m + col] * inv % p;
            if f == 0 {
                continue;
            }
            for k in col..m {
                let sub = f * a[col * m + k] % p;
                a[r * m + k] = (a[r * m + k] + p - sub) % p;
            }
        }
    }
    det
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
}
