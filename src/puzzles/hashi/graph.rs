//! The solver's own view of a board: islands, candidate edges and crossing pairs.
//!
//! Tatham's Bridges notes that working on the display grid made its solver awkward; here the grid is
//! read once. An island is a vertex with a demand; a candidate edge joins two islands that see each
//! other along a row or column (the first island met looking right or down, with no rock between);
//! two candidate edges cross when a horizontal one and a vertical one pass over the same water cell.
//! Each water cell lies on at most one horizontal and one vertical candidate, so the crossing pairs
//! are found in one pass over the cells.

use super::{Puzzle, ROCK, WATER};

/// An island: its cell and how many bridge ends it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Island {
    /// 0-based row of the island.
    pub row: usize,
    /// 0-based column of the island.
    pub col: usize,
    /// The island's number: how many bridge ends it needs.
    pub need: u8,
}

/// A candidate edge between islands `a` < `b` (island indices); `cap` is the most bridges it can
/// ever carry: min(k, need of a, need of b).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    /// Index of the left or upper island.
    pub a: u32,
    /// Index of the right or lower island.
    pub b: u32,
    /// Most bridges the edge can carry.
    pub cap: u8,
    /// True for an edge along a row, false for one along a column.
    pub horizontal: bool,
}

/// Islands, candidate edges, and for each edge the edges it crosses.
///
/// # Example
///
/// Four islands around a water cell, as a plain grid: the row and the column through the middle
/// cross there.
///
/// ```
/// use solvescope::puzzles::hashi::graph::{Edge, Graph};
/// use solvescope::puzzles::hashi::parse_any;
///
/// let puzzle = parse_any(".1./1.1/.1.")?;
/// let g = Graph::new(&puzzle);
/// // Islands are numbered row by row: 0 = (0, 1), 1 = (1, 0), 2 = (1, 2), 3 = (2, 1).
/// assert_eq!(g.islands.len(), 4);
/// assert_eq!((g.islands[3].row, g.islands[3].col, g.islands[3].need), (2, 1, 1));
/// // Edges are found looking right and down from each island in that order.
/// assert_eq!(g.edges, [
///     Edge { a: 0, b: 3, cap: 1, horizontal: false },
///     Edge { a: 1, b: 2, cap: 1, horizontal: true },
/// ]);
/// assert_eq!(g.crossings, [vec![1], vec![0]]);
/// assert_eq!(g.incident[0], [0]);
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug)]
pub struct Graph {
    /// Every island, numbered row by row (the order of their cells).
    pub islands: Vec<Island>,
    /// Every candidate edge; an edge's index is the `edge` of the solver's events.
    pub edges: Vec<Edge>,
    /// For each island, its candidate edges (at most four).
    pub incident: Vec<Vec<u32>>,
    /// For each edge, the edges that would cross it.
    pub crossings: Vec<Vec<u32>>,
    /// Island index of each cell, `u32::MAX` elsewhere.
    pub island_at: Vec<u32>,
    /// Columns of the board (the row length of `island_at`).
    pub width: usize,
    /// Most bridges one pair of islands may carry (the puzzle's k).
    pub max_bridges: u8,
    /// The puzzle's "no loops" rule: the bridges must form a tree.
    pub no_loops: bool,
}

impl Graph {
    /// Builds the graph of a validated puzzle.
    pub fn new(p: &Puzzle) -> Graph {
        let (w, h) = (p.width, p.height);
        let mut island_at = vec![u32::MAX; w * h];
        let mut islands = Vec::new();
        for r in 0..h {
            for c in 0..w {
                if p.is_island(r, c) {
                    island_at[r * w + c] = islands.len() as u32;
                    islands.push(Island {
                        row: r,
                        col: c,
                        need: p.at(r, c),
                    });
                }
            }
        }
        // Allocation was most of the cost of a graph (the generator builds one per round): each
        // island gets room for its four edges at once, and the walks keep no path.
        let mut edges = Vec::with_capacity(2 * islands.len());
        let mut incident: Vec<Vec<u32>> =
            (0..islands.len()).map(|_| Vec::with_capacity(4)).collect();
        // Which candidate edge runs over each water cell, per direction.
        let mut h_over = vec![u32::MAX; w * h];
        let mut v_over = vec![u32::MAX; w * h];
        for (i, isl) in islands.iter().enumerate() {
            for horizontal in [true, false] {
                let (mut r, mut c) = (isl.row, isl.col);
                loop {
                    if horizontal {
                        c += 1;
                    } else {
                        r += 1;
                    }
                    if r >= h || c >= w {
                        break;
                    }
                    let v = p.at(r, c);
                    if v == ROCK {
                        break;
                    }
                    if v == WATER {
                        continue;
                    }
                    let j = island_at[r * w + c];
                    let cap = p.max_bridges.min(isl.need).min(v);
                    let e = edges.len() as u32;
                    edges.push(Edge {
                        a: i as u32,
                        b: j,
                        cap,
                        horizontal,
                    });
                    incident[i].push(e);
                    incident[j as usize].push(e);
                    // The water between the two islands, walked again.
                    if horizontal {
                        for cc in isl.col + 1..c {
                            h_over[r * w + cc] = e;
                        }
                    } else {
                        for rr in isl.row + 1..r {
                            v_over[rr * w + c] = e;
                        }
                    }
                    break;
                }
            }
        }
        let mut crossings = vec![Vec::new(); edges.len()];
        for cell in 0..w * h {
            let (x, y) = (h_over[cell], v_over[cell]);
            if x != u32::MAX && y != u32::MAX {
                crossings[x as usize].push(y);
                crossings[y as usize].push(x);
            }
        }
        Graph {
            islands,
            edges,
            incident,
            crossings,
            island_at,
            width: w,
            max_bridges: p.max_bridges,
            no_loops: p.no_loops,
        }
    }

    /// The island on the other end of edge `e` from island `i`.
    #[inline]
    pub fn other(&self, e: u32, i: u32) -> u32 {
        let ed = self.edges[e as usize];
        if ed.a == i {
            ed.b
        } else {
            ed.a
        }
    }

    /// (row, col) of island `i`.
    pub fn pos(&self, i: u32) -> (usize, usize) {
        let isl = self.islands[i as usize];
        (isl.row, isl.col)
    }

    /// The candidate edge joining the islands at two cells, if any.
    pub fn edge_between(&self, a: (usize, usize), b: (usize, usize)) -> Option<u32> {
        let height = self.island_at.len() / self.width;
        let index =
            |p: (usize, usize)| (p.0 < height && p.1 < self.width).then(|| p.0 * self.width + p.1);
        let ia = self.island_at[index(a)?];
        let ib = self.island_at[index(b)?];
        if ia == u32::MAX || ib == u32::MAX {
            return None;
        }
        self.incident[ia as usize]
            .iter()
            .copied()
            .find(|&e| self.other(e, ia) == ib)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::hashi::parse_plain;

    #[test]
    fn edges_stop_at_rocks_and_crossings_are_found() {
        let p = parse_plain(".1./1.1/.1.").unwrap();
        let g = Graph::new(&p);
        assert_eq!(g.islands.len(), 4);
        assert_eq!(g.edges.len(), 2);
        assert_eq!(g.crossings[0], vec![1]);
        let p = parse_plain("1#1/.../..1").unwrap();
        let g = Graph::new(&p);
        assert_eq!(g.edges.len(), 1); // only the column (0,2)-(2,2)
        assert!(g.edge_between((0, 0), (0, 2)).is_none());
        assert!(g.edge_between((0, 2), (2, 2)).is_some());
        let e = g.edges[0];
        assert_eq!((g.pos(e.a), g.pos(e.b)), ((0, 2), (2, 2)));
    }
}
