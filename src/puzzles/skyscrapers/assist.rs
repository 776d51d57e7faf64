//! Help while the player types, with no search: the clashes on a board (a height repeated in a
//! line, a clue its line can no longer meet) and the pencil marks the simple rules leave. Both
//! answer at once on any board, so the page asks after every move.
//!
//! They travel through the puzzle's `check` verb: a board sent as `{rows}` instead of bare rows
//! asks for the rules' view alone ([`rules`]). A verb of its own would add an export and an
//! `AnyGame` method to every puzzle's module, and the others have no use for it.

use serde::de::{Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::hint::Check;
#[cfg(test)]
use super::visible_count;
use super::{clue_place, Puzzle, Side, MAX_N};
use crate::puzzles::contract::plural;

/// A player's board as check and hint receive it: rows of digits (0 = empty), or the same rows
/// as `{rows}`, which asks check for the rules' view without a search ([`rules`]).
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SkyscrapersBoard", untagged))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Board {
    /// Rows of the player's digits, 0 = empty.
    Rows(Vec<Vec<u8>>),
    /// The same, asking for the rules' view only.
    RulesOnly(RulesOnly),
}

/// Rows of the player's digits (0 = empty), asking for the rules' view only.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SkyscrapersRulesOnly"))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesOnly {
    /// Rows of the player's digits, 0 = empty.
    pub rows: Vec<Vec<u8>>,
}

// By hand rather than `untagged`: an untagged enum's error says only "no variant matched",
// where the rows' own error says which value is wrong (and the contract places it); and a
// visitor, not a `Value` read first, keeps the module small.
impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Rows;
        impl<'de> Visitor<'de> for Rows {
            type Value = Board;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("rows of digits, or {rows}")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Board, A::Error> {
                let mut rows = Vec::new();
                while let Some(row) = seq.next_element::<Vec<u8>>()? {
                    rows.push(row);
                }
                Ok(Board::Rows(rows))
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Board, M::Error> {
                let mut rows = None;
                while let Some(key) = map.next_key::<String>()? {
                    if key != "rows" {
                        return Err(M::Error::unknown_field(&key, &["rows"]));
                    }
                    rows = Some(map.next_value::<Vec<Vec<u8>>>()?);
                }
                let rows = rows.ok_or_else(|| M::Error::missing_field("rows"))?;
                Ok(Board::RulesOnly(RulesOnly { rows }))
            }
        }
        d.deserialize_any(Rows)
    }
}

/// One clash: the cells it involves and what is wrong, as a sentence.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SkyscrapersClash"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Clash {
    /// 0-based `[row, col]` of the cells involved.
    pub cells: Vec<[u32; 2]>,
    /// What is wrong (1-based rows and columns).
    pub says: String,
}

/// The rules' view of a board (the answer to `{rows}`).
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SkyscrapersRules"))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rules {
    /// Every clash ([`clashes`]), rows before columns, repeats before clues.
    pub clashes: Vec<Clash>,
    /// Per cell, row-major: bit v−1 set when height v is not yet in the cell's row or column
    /// (0 on a filled cell).
    pub open: Vec<u32>,
    /// `open` less what the clue beside each line rules out (clue 1: the tallest next to it;
    /// clue N: 1, 2, …, N; clue c: at distance d at most N − c + 1 + d).
    pub allowed: Vec<u32>,
}

/// What `check` answers: Check's own answer for bare rows, the rules' view for `{rows}`.
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SkyscrapersCheckAnswer", untagged))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum CheckAnswer {
    /// Check's mistakes and the puzzle's solvability.
    Check(Check),
    /// The rules' view.
    Rules(Rules),
}

/// The rules' view of `rows`: its clashes and the pencil marks the simple rules leave.
pub fn rules(puzzle: &Puzzle, rows: &[Vec<u8>]) -> Result<Rules, String> {
    let clashes = clashes(puzzle, rows)?;
    let (open, allowed) = obvious(puzzle, rows)?;
    Ok(Rules {
        clashes,
        open,
        allowed,
    })
}

/// Number words for a repeat ("two 3s"); beyond ten, digits.
fn times(k: usize) -> String {
    const WORDS: [&str; 9] = [
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(k.wrapping_sub(2))
        .map_or_else(|| k.to_string(), |w| w.to_string())
}

/// The cells of line `i` looking from `side`, nearest the clue first, as (row, col).
fn line_cells(n: usize, side: Side, i: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(n);
    for k in 0..n {
        out.push(match side {
            Side::Top => (k, i),
            Side::Bottom => (n - 1 - k, i),
            Side::Left => (i, k),
            Side::Right => (i, n - 1 - k),
        });
    }
    out
}

/// The numbers of towers that can be seen along `line` (0 = empty; no height twice) when its
/// empty cells take the heights 1..=n missing from it in any order, as a bit set (bit k: k
/// towers). Exact, by a dynamic programme over (cell, tallest so far): an empty cell takes either
/// a missing height above the tallest (a new tower seen; every such height is still unused) or
/// one below it that is still unused, and how many of those are left follows from the cell and
/// the tallest alone (every height used so far is at most the tallest). O(n^3) per line.
fn reachable_counts(n: usize, line: &[u8]) -> u32 {
    let mut missing = [true; MAX_N + 1];
    for &h in line {
        missing[h as usize] = h == 0;
    }
    // counts[m]: the visible counts reachable with m the tallest so far (0: none yet).
    let mut counts = [0u32; MAX_N + 1];
    counts[0] = 1;
    let mut filled = 0; // empty cells passed
    for &h in line {
        let mut next = [0u32; MAX_N + 1];
        for m in 0..=n {
            let c = counts[m];
            if c == 0 {
                continue;
            }
            if h != 0 {
                let h = h as usize;
                if h > m {
                    next[h] |= c << 1;
                } else {
                    next[m] |= c;
                }
                continue;
            }
            for r in m + 1..=n {
                if missing[r] {
                    next[r] |= c << 1;
                }
            }
            // Missing heights below m, less those used: all used ones are at most m, and m is
            // one of them when it came from an empty cell.
            let mut below = 0;
            for x in 1..m {
                below += missing[x] as usize;
            }
            if below + (missing[m] && m > 0) as usize > filled {
                next[m] |= c;
            }
        }
        if h == 0 {
            filled += 1;
        }
        counts = next;
    }
    // Every height is in the line at the end, so the tallest is n.
    counts[n]
}

/// Every clash on `rows` (a board of the puzzle's shape; givens are part of it): a height twice
/// in a row or column, and a clue its line can no longer meet (a full line that shows another
/// number of towers, or a partial one no filling of whose empty cells shows the clue's number).
/// A line with a repeat is not judged by its clues: its repeat is the clash to mend first.
pub fn clashes(puzzle: &Puzzle, rows: &[Vec<u8>]) -> Result<Vec<Clash>, String> {
    super::hint::check_shape(puzzle, rows)?;
    let n = puzzle.n;
    let mut out = Vec::new();
    // Plain loops rather than iterator chains: they cost the wasm module less.
    let mut repeated = [[false; MAX_N]; 2];
    for axis in 0..2 {
        for i in 0..n {
            for v in 1..=n as u8 {
                let mut cells = Vec::new();
                for k in 0..n {
                    let (r, c) = if axis == 0 { (i, k) } else { (k, i) };
                    if rows[r][c] == v {
                        cells.push([r as u32, c as u32]);
                    }
                }
                if cells.len() > 1 {
                    repeated[axis][i] = true;
                    let word = if axis == 0 { "Row" } else { "Column" };
                    out.push(Clash {
                        says: format!("{word} {} has {} {v}s.", i + 1, times(cells.len())),
                        cells,
                    });
                }
            }
        }
    }
    for side in Side::ALL {
        let axis = matches!(side, Side::Top | Side::Bottom) as usize;
        for i in 0..n {
            let clue = puzzle.clue(side, i) as usize;
            if clue == 0 || repeated[axis][i] {
                continue;
            }
            let at = line_cells(n, side, i);
            let mut line = Vec::new();
            let mut cells = Vec::new();
            for &(r, c) in &at {
                line.push(rows[r][c]);
                if rows[r][c] != 0 {
                    cells.push([r as u32, c as u32]);
                }
            }
            if cells.is_empty() {
                continue; // nothing placed yet: every clue 1..=N can still be met
            }
            let can = reachable_counts(n, &line);
            if can >> clue & 1 == 1 {
                continue;
            }
            let place = clue_place(side, i);
            // A full line shows one count; a partial one a range it cannot leave.
            let (least, most) = (can.trailing_zeros(), 31 - can.leading_zeros());
            let (bound, k, verb) = if cells.len() == n {
                ("", least, "")
            } else if (clue as u32) < least {
                ("at least ", least, "are")
            } else if clue as u32 > most {
                ("at most ", most, "can be")
            } else {
                ("never exactly ", clue as u32, "are")
            };
            let towers = plural(k as u64, "tower", "towers");
            let says = if cells.len() == n {
                format!("The clue {clue} {place} sees {towers}.")
            } else {
                let line_word = if axis == 0 { "row" } else { "column" };
                format!(
                    "The clue {clue} {place} can no longer be met: whatever fills the empty cells of this {line_word}, {bound}{towers} {verb} seen from there."
                )
            };
            out.push(Clash { cells, says });
        }
    }
    Ok(out)
}

/// The pencil marks the simple rules leave on `rows`: `(open, allowed)` as in [`Rules`].
pub fn obvious(puzzle: &Puzzle, rows: &[Vec<u8>]) -> Result<(Vec<u32>, Vec<u32>), String> {
    super::hint::check_shape(puzzle, rows)?;
    let n = puzzle.n;
    let all: u32 = if n >= 32 { u32::MAX } else { (1 << n) - 1 };
    let mut open = vec![0u32; n * n];
    for r in 0..n {
        for c in 0..n {
            if rows[r][c] != 0 {
                continue;
            }
            let mut m = all;
            for k in 0..n {
                for v in [rows[r][k], rows[k][c]] {
                    if v != 0 {
                        m &= !(1 << (v - 1));
                    }
                }
            }
            open[r * n + c] = m;
        }
    }
    let mut allowed = open.clone();
    for side in Side::ALL {
        for i in 0..n {
            let clue = puzzle.clue(side, i) as usize;
            if clue == 0 {
                continue;
            }
            for (d, (r, c)) in line_cells(n, side, i).into_iter().enumerate() {
                let keep = if clue == 1 {
                    // Clue 1: the tallest stands next to it; further cells are not ruled by it.
                    if d == 0 {
                        1 << (n - 1)
                    } else {
                        all & !(1 << (n - 1))
                    }
                } else if clue == n {
                    1 << d
                } else {
                    // At distance d at most N − c + 1 + d.
                    let most = (n + 1 + d).saturating_sub(clue).min(n);
                    if most >= 32 {
                        u32::MAX
                    } else {
                        (1u32 << most) - 1
                    }
                };
                allowed[r * n + c] &= keep;
            }
        }
    }
    Ok((open, allowed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::rng::Rng;

    /// A random n x n puzzle, each clue there one time in two, and a board in which a cell is
    /// drawn one time in `odds`: it holds a random height if `height_when_drawn`, else it is
    /// empty (the draws in the order the tests were written with).
    fn random_board(
        rng: &mut Rng,
        n: usize,
        odds: usize,
        height_when_drawn: bool,
    ) -> (Puzzle, Vec<Vec<u8>>) {
        let mut p = Puzzle::empty(n).unwrap();
        for side in 0..4 {
            for i in 0..n {
                if rng.index(2) == 0 {
                    p.clues[side][i] = 1 + rng.index(n) as u8;
                }
            }
        }
        let rows = (0..n)
            .map(|_| {
                (0..n)
                    .map(|_| {
                        if (rng.index(odds) == 0) == height_when_drawn {
                            1 + rng.index(n) as u8
                        } else {
                            0
                        }
                    })
                    .collect()
            })
            .collect();
        (p, rows)
    }

    /// Every permutation of `items` (for the brute force below).
    fn perms(items: &[u8]) -> Vec<Vec<u8>> {
        if items.is_empty() {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for (i, &x) in items.iter().enumerate() {
            let mut rest = items.to_vec();
            rest.remove(i);
            for mut p in perms(&rest) {
                p.insert(0, x);
                out.push(p);
            }
        }
        out
    }

    /// The counts a line can show, by trying every filling (the rule written again).
    fn brute_counts(n: usize, line: &[u8]) -> u32 {
        let mut missing = Vec::new();
        for h in 1..=n as u8 {
            if !line.contains(&h) {
                missing.push(h);
            }
        }
        let mut can = 0;
        for p in perms(&missing) {
            let mut it = p.into_iter();
            let full: Vec<u8> = line
                .iter()
                .map(|&h| if h == 0 { it.next().unwrap() } else { h })
                .collect();
            can |= 1 << visible_count(&full);
        }
        can
    }

    #[test]
    fn reachable_counts_equal_every_filling_tried() {
        let mut rng = Rng::new(33);
        for _ in 0..3000 {
            let n = 1 + rng.index(7);
            // A line without repeats: a random permutation, some cells emptied.
            let mut line: Vec<u8> = (1..=n as u8).collect();
            for i in (1..n).rev() {
                line.swap(i, rng.index(i + 1));
            }
            for h in line.iter_mut() {
                if rng.index(2) == 0 {
                    *h = 0;
                }
            }
            assert_eq!(
                reachable_counts(n, &line),
                brute_counts(n, &line),
                "{line:?}"
            );
        }
    }

    /// Clashes against the rules written again: repeated heights cell by cell, and for each
    /// clue whether some filling of its line's empty cells meets it.
    #[test]
    fn clashes_mark_what_the_rules_written_again_mark() {
        let mut rng = Rng::new(7);
        let (mut repeats, mut clues) = (0, 0);
        for _ in 0..1500 {
            let n = 2 + rng.index(4);
            let (p, rows) = random_board(&mut rng, n, 2, false);
            let got = clashes(&p, &rows).unwrap();
            let mut marked = std::collections::BTreeSet::new();
            for c in &got {
                assert!(c.says.ends_with('.') && !c.says.is_empty());
                marked.extend(c.cells.iter().map(|&[r, c]| (r as usize, c as usize)));
            }
            let mut want = std::collections::BTreeSet::new();
            let mut bad_line = [vec![false; n], vec![false; n]];
            for r in 0..n {
                for c in 0..n {
                    let v = rows[r][c];
                    if v == 0 {
                        continue;
                    }
                    let in_row = (0..n).filter(|&k| rows[r][k] == v).count() > 1;
                    let in_col = (0..n).filter(|&k| rows[k][c] == v).count() > 1;
                    if in_row {
                        bad_line[0][r] = true;
                    }
                    if in_col {
                        bad_line[1][c] = true;
                    }
                    if in_row || in_col {
                        want.insert((r, c));
                        repeats += 1;
                    }
                }
            }
            for side in Side::ALL {
                let axis = matches!(side, Side::Top | Side::Bottom) as usize;
                for i in 0..n {
                    let clue = p.clue(side, i) as usize;
                    if clue == 0 || bad_line[axis][i] {
                        continue;
                    }
                    let cells = line_cells(n, side, i);
                    let line: Vec<u8> = cells.iter().map(|&(r, c)| rows[r][c]).collect();
                    if brute_counts(n, &line) >> clue & 1 == 0 {
                        clues += 1;
                        want.extend(cells.into_iter().filter(|&(r, c)| rows[r][c] != 0));
                    }
                }
            }
            assert_eq!(marked, want, "{p:?} {rows:?}");
        }
        assert!(repeats > 100 && clues > 100, "{repeats} {clues}");
    }

    #[test]
    fn clashes_say_what_is_wrong() {
        let p = crate::puzzles::skyscrapers::parse_tatham("4://///1/3///4/////3/").unwrap();
        let mut rows = vec![vec![0; 4]; 4];
        rows[1] = vec![3, 0, 3, 0];
        let got = clashes(&p, &rows).unwrap();
        assert_eq!(got[0].says, "Row 2 has two 3s.");
        assert_eq!(got[0].cells, vec![[1, 0], [1, 2]]);
        assert!(clashes(&p, &[vec![0; 3]]).is_err());
        // Full row 1 seen from the left as 4 towers.
        let p = crate::puzzles::skyscrapers::parse_tatham("4:////////2///////").unwrap();
        let rows = vec![vec![1, 2, 3, 4], vec![0; 4], vec![0; 4], vec![0; 4]];
        let got = clashes(&p, &rows).unwrap();
        assert_eq!(
            got[0].says,
            "The clue 2 on the left of row 1 sees 4 towers."
        );
        let rows = vec![vec![4, 0, 0, 0], vec![0; 4], vec![0; 4], vec![0; 4]];
        let got = clashes(&p, &rows).unwrap();
        assert_eq!(
            got[0].says,
            "The clue 2 on the left of row 1 can no longer be met: whatever fills the empty cells of this row, at most 1 tower can be seen from there."
        );
    }

    /// Through the registry, as the page calls it: `{rows}` asks check for the rules' view;
    /// bad boards get a sentence that says what is wrong, and a hint wants bare rows.
    #[test]
    fn rows_in_an_object_ask_check_for_the_rules_view() {
        use serde_json::json;
        let g = crate::puzzles::lookup("skyscrapers").unwrap();
        let p = g.parse("4://///1/3///4/////3/").unwrap()["puzzle"].clone();
        let rows = json!([[1, 0, 1, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]);
        let got = g.check(&p, &json!({ "rows": rows })).unwrap();
        assert_eq!(got["clashes"][0]["says"], "Row 1 has two 1s.");
        assert_eq!(got["clashes"][0]["cells"], json!([[0, 0], [0, 2]]));
        assert_eq!(got["open"].as_array().unwrap().len(), 16);
        // Bare rows still get Check's answer.
        assert!(g.check(&p, &rows).unwrap()["mistakes"].is_array());
        let e = g.check(&p, &json!({ "rows": rows, "ask": 1 })).unwrap_err();
        assert!(e.contains("no field \"ask\""), "{e}");
        let e = g.check(&p, &json!({})).unwrap_err();
        assert!(e.contains("rows"), "{e}");
        let e = g.check(&p, &json!({ "rows": [[9, 0, 0, 0]] })).unwrap_err();
        assert!(e.contains("rows"), "{e}");
        let e = g
            .check(
                &p,
                &json!({ "rows": [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 7]] }),
            )
            .unwrap_err();
        assert!(e.contains("row 4, column 4 holds 7"), "{e}");
        let e = g.hint(&p, &json!({ "rows": rows })).unwrap_err();
        assert!(e.contains("bare rows"), "{e}");
    }

    /// `open` and `allowed` against the rules written again for every height of every cell.
    #[test]
    fn obvious_marks_follow_the_rules_written_again() {
        let mut rng = Rng::new(5);
        for _ in 0..500 {
            let n = 1 + rng.index(7);
            let (p, rows) = random_board(&mut rng, n, 3, true);
            let (open, allowed) = obvious(&p, &rows).unwrap();
            for r in 0..n {
                for c in 0..n {
                    for v in 1..=n as u8 {
                        let bit = |m: u32| m >> (v - 1) & 1 == 1;
                        let placed =
                            rows[r][c] != 0 || (0..n).any(|k| rows[r][k] == v || rows[k][c] == v);
                        assert_eq!(bit(open[r * n + c]), !placed);
                        // Distance from each clue: left d = c, right n-1-c, top r, bottom n-1-r.
                        let near = [
                            (p.clue(Side::Top, c), r),
                            (p.clue(Side::Bottom, c), n - 1 - r),
                            (p.clue(Side::Left, r), c),
                            (p.clue(Side::Right, r), n - 1 - c),
                        ];
                        let ruled_out = near.iter().any(|&(clue, d)| {
                            let (clue, v) = (clue as usize, v as usize);
                            match clue {
                                0 => false,
                                1 => (d == 0) != (v == n),
                                _ if clue == n => v != d + 1,
                                _ => v + clue > n + 1 + d,
                            }
                        });
                        assert_eq!(
                            bit(allowed[r * n + c]),
                            !placed && !ruled_out,
                            "{p:?} {rows:?} r{r} c{c} v{v}"
                        );
                    }
                }
            }
        }
    }
}
