//! The template puzzle's text forms: the one-line ID `N:cells` (N×N characters, row-major, a
//! digit 1..N for a given and `.` or `0` for an empty cell) and the plain grid (N lines of N such
//! characters). Parsers name the first problem and where it is; they never panic.

use super::{Puzzle, MAX_N};
use crate::shared::text::{describe, not_decimal, prepare};

const NAME: &str = "template";

/// Reads an ID (`3:1.2.....`) or a plain grid (one row per line).
///
/// ```
/// use solvescope::puzzles::template::{parse, to_plain};
/// let p = parse("3:1.2......").unwrap();
/// assert_eq!(p.givens, [1, 0, 2, 0, 0, 0, 0, 0, 0]);
/// assert_eq!(parse(&to_plain(&p)).unwrap(), p);
/// assert!(parse("3:1.2..x...").unwrap_err().contains("row 2, column 3"));
/// ```
pub fn parse(text: &str) -> Result<Puzzle, String> {
    let t = prepare(NAME, text)?;
    if t.is_empty() {
        return Err(format!("{NAME}: the puzzle text is empty"));
    }
    let (n, cells): (usize, Vec<char>) = match t.split_once(':') {
        Some((size, cells)) if !t.contains('\n') => {
            let n = crate::shared::text::decimal(size)
                .ok_or_else(|| format!("{NAME}: {}", not_decimal("the size", size)))?;
            (
                usize::try_from(n).unwrap_or(usize::MAX),
                cells.chars().collect(),
            )
        }
        _ => {
            let rows: Vec<&str> = t.lines().map(str::trim).collect();
            for (r, row) in rows.iter().enumerate() {
                if row.chars().count() != rows.len() {
                    return Err(format!(
                        "{NAME}: a plain grid is square: row {} has {} characters, and there are {} rows",
                        r + 1,
                        row.chars().count(),
                        rows.len()
                    ));
                }
            }
            (rows.len(), rows.concat().chars().collect())
        }
    };
    if !(1..=MAX_N).contains(&n) {
        return Err(format!("{NAME}: the size {n} is not in 1..{MAX_N}"));
    }
    if cells.len() != n * n {
        return Err(format!(
            "{NAME}: a {n}x{n} grid has {} cells, but {} are written",
            n * n,
            cells.len()
        ));
    }
    let mut givens = Vec::with_capacity(n * n);
    for (i, &ch) in cells.iter().enumerate() {
        let v = match ch {
            '.' | '0' => 0,
            '1'..='9' if (ch as usize - '0' as usize) <= n => ch as u8 - b'0',
            _ => {
                return Err(format!(
                "{NAME}: row {}, column {}: {} is neither a value 1..{n} nor '.' for an empty cell",
                i / n + 1,
                i % n + 1,
                describe(ch)
            ))
            }
        };
        givens.push(v);
    }
    let p = Puzzle { n, givens };
    p.validate()?;
    Ok(p)
}

/// The one-line ID of a valid puzzle (the form [`parse`] reads first).
pub fn to_id(p: &Puzzle) -> String {
    let cells: String = p.givens.iter().map(|&v| cell_char(v)).collect();
    format!("{}:{cells}", p.n)
}

/// The plain grid of a valid puzzle: one line per row, `.` for an empty cell.
pub fn to_plain(p: &Puzzle) -> String {
    p.givens
        .chunks(p.n)
        .map(|row| row.iter().map(|&v| cell_char(v)).collect::<String>() + "\n")
        .collect()
}

fn cell_char(v: u8) -> char {
    if v == 0 {
        '.'
    } else {
        (b'0' + v) as char
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_round_trip_and_say_what_is_wrong() {
        let p = parse("4:1..2.3........4.").unwrap();
        assert_eq!(parse(&to_id(&p)).unwrap(), p);
        assert_eq!(parse(&to_plain(&p)).unwrap(), p);
        for (bad, says) in [
            ("", "empty"),
            ("x:1", "the size 'x' is not a whole number"),
            ("10:", "the size 10 is not in 1..9"),
            ("0:", "the size 0 is not in 1..9"),
            ("2:1.", "has 4 cells, but 2 are written"),
            ("2:13..", "row 1, column 2"),
            ("12\n1", "row 2 has 1 characters"),
        ] {
            let e = parse(bad).unwrap_err();
            assert!(
                e.starts_with("template: ") && e.contains(says),
                "{bad:?}: {e}"
            );
        }
    }
}
