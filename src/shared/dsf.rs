//! Union-find (a disjoint-set forest) and cut-edge (graph bridge) detection.
//!
//! Hashi's solver asks two graph questions many times per search node: "which islands are joined
//! (by built, or by still possible, bridges)?" and "which links are the only way between two parts
//! of the board?". Both live here once, with their own tests, and keep their scratch memory
//! between calls so the solver's hot loop does not allocate. Elements and edges are `u32` indices,
//! which is what the solver stores.
//!
//! The puzzles' independent checkers (`hashi::check_solution`, `hashi::brute`) deliberately do
//! not use this module: they share no code with the solver, so a bug here cannot hide there too.

/// A disjoint-set forest over `0..len()`, with union by size and path halving.
///
/// Which root survives a union is fixed (the larger set's, the first argument's on a tie), so
/// callers that keep data per set (Hashi's remaining demand) can merge it from what
/// [`Dsf::union`] returns, and names derived from roots are stable from run to run.
#[derive(Clone, Debug, Default)]
pub struct Dsf {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl Dsf {
    /// `n` singleton sets.
    pub fn new(n: usize) -> Self {
        let mut d = Dsf::default();
        d.reset(n);
        d
    }

    /// Makes every element of `0..n` its own set again, reusing the memory.
    pub fn reset(&mut self, n: usize) {
        self.parent.clear();
        self.parent.extend(0..n as u32);
        self.size.clear();
        self.size.resize(n, 1);
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// True when there are no elements.
    pub fn is_empty(&self) -> bool {
        self.parent.is_empty()
    }

    /// The root of `x`'s set. Path halving (every node on the way points to its grandparent)
    /// keeps the trees flat without a second pass or recursion.
    #[inline]
    pub fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let p = self.parent[x as usize];
            self.parent[x as usize] = self.parent[p as usize];
            x = p;
        }
        x
    }

    /// Joins the sets of `a` and `b`. Returns `(kept, absorbed)` roots when they were apart (the
    /// larger set's root is kept, `a`'s on a tie), `None` when they were already one set.
    #[inline]
    pub fn union(&mut self, a: u32, b: u32) -> Option<(u32, u32)> {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra == rb {
            return None;
        }
        let (big, small) = if self.size[ra as usize] >= self.size[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.parent[small as usize] = big;
        self.size[big as usize] += self.size[small as usize];
        Some((big, small))
    }

    /// True when `x` is the root of its set.
    #[inline]
    pub fn is_root(&self, x: u32) -> bool {
        self.parent[x as usize] == x
    }

    /// The number of elements in the set whose root is `root` (meaningless for other elements).
    #[inline]
    pub fn size(&self, root: u32) -> u32 {
        self.size[root as usize]
    }
}

/// Scratch space for finding cut edges (bridges in graph terms: edges whose removal disconnects
/// the graph) with Tarjan's lowlink method, iteratively so deep boards cannot overflow the stack.
#[derive(Clone, Debug, Default)]
pub struct CutEdges {
    disc: Vec<u32>,
    low: Vec<u32>,
    /// (vertex, edge we came by, next incident index)
    stack: Vec<(u32, u32, u32)>,
}

impl CutEdges {
    /// Appends to `out` every cut edge of the part of the graph reachable from `start`, in the
    /// order the depth-first search closes them. The graph is given by `incident[v]` (edge ids at
    /// vertex `v`), `other(e, v)` (the far end of `e` from `v`) and `usable(e)` (edges for which
    /// it is false are treated as absent). Parallel edges must be merged into one id: the search
    /// skips only the edge it came by, by id.
    pub fn find(
        &mut self,
        start: u32,
        incident: &[Vec<u32>],
        other: impl Fn(u32, u32) -> u32,
        usable: impl Fn(u32) -> bool,
        out: &mut Vec<u32>,
    ) {
        let n = incident.len();
        self.disc.clear();
        self.disc.resize(n, 0);
        self.low.resize(n, 0);
        self.stack.clear();
        // Discovery times start at 1 so that 0 means "not visited yet".
        let mut time = 1;
        self.stack.push((start, u32::MAX, 0));
        self.disc[start as usize] = time;
        self.low[start as usize] = time;
        while let Some(&(v, via, k)) = self.stack.last() {
            let inc = &incident[v as usize];
            if (k as usize) < inc.len() {
                if let Some(top) = self.stack.last_mut() {
                    top.2 += 1;
                }
                let e = inc[k as usize];
                if e == via || !usable(e) {
                    continue;
                }
                let w = other(e, v);
                if self.disc[w as usize] == 0 {
                    time += 1;
                    self.disc[w as usize] = time;
                    self.low[w as usize] = time;
                    self.stack.push((w, e, 0));
                } else {
                    self.low[v as usize] = self.low[v as usize].min(self.disc[w as usize]);
                }
            } else {
                self.stack.pop();
                if let Some(&(p, _, _)) = self.stack.last() {
                    self.low[p as usize] = self.low[p as usize].min(self.low[v as usize]);
                    // Nothing below v reaches above p except through the edge v came by.
                    if self.low[v as usize] > self.disc[p as usize] {
                        out.push(via);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_find_joins_and_keeps_sizes() {
        let mut d = Dsf::new(5);
        assert_eq!(d.union(0, 1), Some((0, 1)));
        assert_eq!(d.union(2, 1), Some((0, 2)), "the larger set's root stays");
        assert_eq!(d.union(1, 2), None);
        assert_eq!(d.find(2), 0);
        assert_eq!(d.size(0), 3);
        assert!(d.is_root(0) && !d.is_root(2) && d.is_root(3));
        assert_ne!(d.find(3), d.find(4));
        d.reset(3);
        assert_eq!((d.len(), d.find(2), d.size(0)), (3, 2, 1));
    }

    /// Edges as (a, b) pairs; returns the cut edges found from vertex 0.
    fn cuts(n: usize, edges: &[(u32, u32)], skip: &[u32]) -> Vec<u32> {
        let mut incident = vec![Vec::new(); n];
        for (e, &(a, b)) in edges.iter().enumerate() {
            incident[a as usize].push(e as u32);
            incident[b as usize].push(e as u32);
        }
        let other = |e: u32, v: u32| {
            let (a, b) = edges[e as usize];
            if a == v {
                b
            } else {
                a
            }
        };
        let mut out = Vec::new();
        CutEdges::default().find(0, &incident, other, |e| !skip.contains(&e), &mut out);
        out.sort();
        out
    }

    #[test]
    fn cut_edges_are_the_links_off_every_cycle() {
        // A triangle 0-1-2 with a tail 2-3-4: the tail's two edges are cut edges.
        let edges = [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)];
        assert_eq!(cuts(5, &edges, &[]), vec![3, 4]);
        // Without the edge 2-0 the triangle is a path: every edge is a cut edge.
        assert_eq!(cuts(5, &edges, &[2]), vec![0, 1, 3, 4]);
        // A square has none; a lone vertex neither.
        assert!(cuts(4, &[(0, 1), (1, 2), (2, 3), (3, 0)], &[]).is_empty());
        assert!(cuts(1, &[], &[]).is_empty());
    }

    #[test]
    fn cut_edges_match_removal_on_random_graphs() {
        let mut rng = crate::shared::rng::Rng::new(5);
        for _ in 0..200 {
            let n = 2 + rng.below(7) as usize;
            let mut edges = Vec::new();
            for a in 0..n as u32 {
                for b in a + 1..n as u32 {
                    if rng.below(3) == 0 {
                        edges.push((a, b));
                    }
                }
            }
            // Reachable from 0 with the edges not in `skip`, by union-find.
            let reach = |skip: &[u32]| {
                let mut d = Dsf::new(n);
                for (e, &(a, b)) in edges.iter().enumerate() {
                    if !skip.contains(&(e as u32)) {
                        d.union(a, b);
                    }
                }
                (0..n as u32).filter(|&v| d.find(v) == d.find(0)).count()
            };
            let all = reach(&[]);
            let want: Vec<u32> = (0..edges.len() as u32)
                .filter(|&e| {
                    let (a, b) = edges[e as usize];
                    let mut d = Dsf::new(n);
                    edges.iter().for_each(|&(x, y)| {
                        d.union(x, y);
                    });
                    // Only edges inside 0's part count, and only those whose loss shrinks it.
                    d.find(a) == d.find(0) && reach(&[e]) < all && d.find(b) == d.find(0)
                })
                .collect();
            assert_eq!(cuts(n, &edges, &[]), want, "{edges:?}");
        }
    }
}
