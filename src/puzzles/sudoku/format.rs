//! Sudoku's text forms (docs: the module header of each reader below):
//!
//! - the **plain grid**: rows separated by newlines or `/`, each row one character per cell or
//!   cells separated by blanks; `.` or `0` is an empty cell; `|` and lines of `-`, `+`, `=` (the
//!   box rules many sites print) are skipped. Up to 9x9 a value is a digit; from 10x10 up either
//!   `1`-`9` then `A`-`G` for 10-16, or, in a grid with no digit at all, the letters `A`-`P` for
//!   1-16 (either case); with blanks between cells, numbers `1`-`16`. An optional first line
//!   `RxC` gives the box shape (R rows by C columns of cells), which sizes without a usual shape
//!   need;
//! - the **line**: the same cells on one line (81 characters for 9x9; 16, 36, 256 for the others);
//! - **Tatham's Solo game ID** `CxR:DESC`: C rows by R columns of cells per box (Solo's `c` and
//!   `r`); DESC names the cells row by row, a number for a given, `a`-`z` for 1 to 26 empty
//!   cells, `_` between two numbers that would otherwise run together. Jigsaw (`9j:`), X (`3x3x:`)
//!   and Killer (`3x3k:`) games are other puzzles and are refused by name;
//! - **puzz.link** `…/p?sudoku/N/N/BODY`: the cells in number16 (`g`-`z` skip 1 to 20 empty
//!   cells), boxes of the usual shape (puzz.link offers 4x4, 6x6, 9x9, 16x16 and 25x25).
//!
//! Every reader names the first problem and where it is, and never panics.

use super::{default_box, Puzzle, MAX_N};
use crate::shared::puzzlink::{self, read_token, write_number16, Token};
use crate::shared::text::{decimal, describe, prepare, quote};

const NAME: &str = "sudoku";

/// Reads any of the forms above.
///
/// ```
/// use solvescope::puzzles::sudoku::{parse, to_plain, to_solo_id};
/// let p = parse("1.../..3./.4../...2").unwrap();
/// assert_eq!((p.n, p.box_rows, p.box_cols), (4, 2, 2));
/// assert_eq!(parse(&to_solo_id(&p)).unwrap(), p);
/// assert!(parse("1.../..3./.x../...2").unwrap_err().contains("row 3, column 2"));
/// ```
pub fn parse(text: &str) -> Result<Puzzle, String> {
    let t = prepare(NAME, text)?;
    if t.is_empty() {
        return Err(format!("{NAME}: the puzzle text is empty"));
    }
    if t.contains('?') {
        return parse_puzzlink(t);
    }
    // Solo's parameters: a digit first, then digits and lower-case letters, up to ':' or '#'.
    if let Some(head) = t.split([':', '#']).next().filter(|h| h.len() < t.len()) {
        if head.starts_with(|c: char| c.is_ascii_digit())
            && head
                .chars()
                .all(|c| c.is_ascii_digit() || c.is_ascii_lowercase())
        {
            return parse_solo(t);
        }
    }
    parse_plain(t)
}

// ---------------------------------------------------------------------------------------------
// Plain grids and the line

/// `RxC` (both whole numbers), the box shape.
fn box_shape(s: &str) -> Option<(usize, usize)> {
    let (r, c) = s.split_once(['x', 'X'])?;
    let r = usize::try_from(decimal(r)?).ok()?;
    let c = usize::try_from(decimal(c)?).ok()?;
    Some((r, c))
}

/// The box shape of a grid of side `n`: the one written, or the usual one.
fn shape_for(n: usize, written: Option<(usize, usize)>) -> Result<(usize, usize), String> {
    if !(1..=MAX_N).contains(&n) {
        return Err(format!("{NAME}: the size {n} is not in 1..{MAX_N}"));
    }
    match written {
        Some((r, c)) if r * c == n && r > 0 => Ok((r, c)),
        Some((r, c)) => Err(format!(
            "{NAME}: boxes of {r}x{c} cells do not tile a {n}x{n} grid (rows × columns of a box must be {n})"
        )),
        None => default_box(n).ok_or_else(|| {
            format!(
                "{NAME}: a {n}x{n} grid has no usual box shape: write it first, as ROWSxCOLUMNS of one box (say '1x{n}') on a line of its own"
            )
        }),
    }
}

/// Whether a line is a printed box rule (`---+---`, `=====`), not a row.
fn is_rule(line: &str) -> bool {
    line.chars().any(|c| matches!(c, '-' | '+' | '='))
        && line
            .chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|' | ' '))
}

/// One written cell: a character or a blank-separated token, and where it stands.
struct Cell<'a> {
    text: &'a str,
    row: usize,
    col: usize,
}

/// Reads the plain grid or the line (see the module header).
pub fn parse_plain(text: &str) -> Result<Puzzle, String> {
    let t = prepare(NAME, text)?;
    let mut lines: Vec<&str> = t
        .split(['\n', '/'])
        .map(str::trim)
        .filter(|l| !l.is_empty() && !is_rule(l))
        .collect();
    let mut written = None;
    if let Some(shape) = lines.first().and_then(|l| box_shape(l)) {
        written = Some(shape);
        lines.remove(0);
    }
    if lines.is_empty() {
        return Err(format!("{NAME}: the grid has no rows"));
    }
    // Each line's cells: blank-separated tokens, or one character each (`|` skipped).
    let mut rows: Vec<Vec<&str>> = Vec::new();
    for line in &lines {
        let cells: Vec<&str> = if line.contains(char::is_whitespace) {
            line.split_whitespace().filter(|c| *c != "|").collect()
        } else {
            line.char_indices()
                .filter(|&(_, c)| c != '|')
                .map(|(i, c)| &line[i..i + c.len_utf8()])
                .collect()
        };
        rows.push(cells);
    }
    let cells: Vec<Cell> = if rows.len() == 1 {
        // The line: its length is the number of cells, a square.
        let count = rows[0].len();
        let n = (1..=MAX_N).find(|k| k * k == count).ok_or_else(|| {
            format!(
                "{NAME}: one line of {count} cells is no square grid (16, 36, 81 or 256 cells: 4x4, 6x6, 9x9, 16x16)"
            )
        })?;
        rows[0]
            .iter()
            .enumerate()
            .map(|(i, s)| Cell {
                text: s,
                row: i / n,
                col: i % n,
            })
            .collect()
    } else {
        let n = rows.len();
        for (r, row) in rows.iter().enumerate() {
            if row.len() != n {
                return Err(format!(
                    "{NAME}: a grid is square: row {} has {} cells, and there are {n} rows",
                    r + 1,
                    row.len()
                ));
            }
        }
        rows.iter()
            .enumerate()
            .flat_map(|(r, row)| {
                row.iter().enumerate().map(move |(c, s)| Cell {
                    text: s,
                    row: r,
                    col: c,
                })
            })
            .collect()
    };
    let n = (1..=MAX_N).find(|k| k * k == cells.len()).unwrap_or(0);
    let (box_rows, box_cols) = shape_for(n, written)?;
    // From 10x10 up, single characters are 1-9 then A-G, or A-P in a grid without a digit.
    let letters_only = n > 9
        && !cells
            .iter()
            .any(|c| c.text.len() == 1 && matches!(c.text.as_bytes()[0], b'1'..=b'9'));
    let mut givens = Vec::with_capacity(n * n);
    for cell in &cells {
        givens.push(read_cell(cell, n, letters_only)?);
    }
    let p = Puzzle {
        n,
        box_rows,
        box_cols,
        givens,
    };
    p.validate()?;
    Ok(p)
}

fn read_cell(cell: &Cell, n: usize, letters_only: bool) -> Result<u8, String> {
    let s = cell.text;
    let bad = |what: String| {
        format!(
            "{NAME}: row {}, column {}: {what}",
            cell.row + 1,
            cell.col + 1
        )
    };
    if s == "." || s == "0" {
        return Ok(0);
    }
    let mut chars = s.chars();
    let (Some(ch), None) = (chars.next(), chars.clone().next()) else {
        // A token of several characters: a number.
        return match decimal(s) {
            Some(v) if (1..=n as u64).contains(&v) => Ok(v as u8),
            Some(v) => Err(bad(format!("{v} is not in 1..{n}"))),
            None => Err(bad(format!(
                "{} is neither a number 1..{n} nor '.' for an empty cell",
                quote(s)
            ))),
        };
    };
    let v = match ch {
        '1'..='9' => ch as u32 - '0' as u32,
        'a'..='p' | 'A'..='P' if n > 9 => {
            let k = ch.to_ascii_uppercase() as u32 - 'A' as u32;
            if letters_only {
                k + 1
            } else {
                k + 10
            }
        }
        _ => 0,
    };
    if v == 0 || v as usize > n {
        let values = match (n > 9, letters_only) {
            (false, _) => format!("a digit 1..{n}"),
            (true, false) => format!(
                "a value 1-9 or A-{} (10..{n})",
                char::from(b'A' + (n - 10) as u8)
            ),
            (true, true) => format!("a letter A-{} (1..{n})", char::from(b'A' + (n - 1) as u8)),
        };
        return Err(bad(format!(
            "{} is not {values} nor '.' for an empty cell",
            describe(ch)
        )));
    }
    Ok(v as u8)
}

/// One cell as a character: `.`, a digit, or `A`-`G` for 10-16.
fn cell_char(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => (b'0' + v) as char,
        _ => (b'A' + v - 10) as char,
    }
}

/// The box-shape line a plain form starts with when the shape is not the usual one.
fn shape_line(p: &Puzzle) -> Option<String> {
    (default_box(p.n) != Some((p.box_rows, p.box_cols)))
        .then(|| format!("{}x{}", p.box_rows, p.box_cols))
}

/// The plain grid of a valid puzzle: one line per row, `.` for an empty cell, values from 10 as
/// `A`-`G`; the box shape on a first line when it is not the usual one.
pub fn to_plain(p: &Puzzle) -> String {
    let mut out = shape_line(p).map(|s| s + "\n").unwrap_or_default();
    for row in p.givens.chunks(p.n) {
        out.extend(row.iter().map(|&v| cell_char(v)));
        out.push('\n');
    }
    out
}

/// The one-line form (81 characters for 9x9), the box shape before it when not the usual one.
pub fn to_line(p: &Puzzle) -> String {
    let cells: String = p.givens.iter().map(|&v| cell_char(v)).collect();
    match shape_line(p) {
        Some(s) => format!("{s}/{cells}"),
        None => cells,
    }
}

// ---------------------------------------------------------------------------------------------
// Tatham's Solo

/// Reads a Solo game ID `CxR:DESC` (or `N:DESC` for square boxes).
pub fn parse_solo(text: &str) -> Result<Puzzle, String> {
    let t = prepare(NAME, text)?;
    let (params, desc) = t
        .split_once(':')
        .filter(|(head, _)| !head.contains('#'))
        .ok_or_else(|| match t.split_once('#') {
            Some((params, _)) => format!(
                "{NAME}: {} is a Solo random seed, not a game ID (Solo's Game > Specific… shows the ID)",
                quote(&format!("{params}#…"))
            ),
            None => format!("{NAME}: a Solo game ID is CxR:DESC, this has no ':'"),
        })?;
    let digits_end = params
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(params.len());
    let c = decimal(&params[..digits_end]).ok_or_else(|| {
        format!(
            "{NAME}: a Solo game ID starts with the box shape CxR (say '3x3:'), not {}",
            quote(params)
        )
    })?;
    let mut rest = &params[digits_end..];
    let mut r = c;
    if let Some(after) = rest.strip_prefix('x') {
        let end = after
            .find(|ch: char| !ch.is_ascii_digit())
            .unwrap_or(after.len());
        if end > 0 {
            r = decimal(&after[..end]).unwrap_or(u64::MAX);
            rest = &after[end..];
        }
    }
    // What may follow the shape: other games, refused by name; symmetry and difficulty, which
    // say how the puzzle was made and not what it is.
    for (letter, game) in [('j', "Jigsaw"), ('x', "X"), ('k', "Killer")] {
        if rest.contains(letter) {
            return Err(format!(
                "{NAME}: {} is a Solo {game} game, which has other rules; only plain Sudoku is read",
                quote(params)
            ));
        }
    }
    if let Some(ch) = rest.chars().find(|ch| !"rmad0123456789tbieu".contains(*ch)) {
        return Err(format!(
            "{NAME}: {} in the Solo parameters {} is not a parameter Solo writes",
            describe(ch),
            quote(params)
        ));
    }
    let (rows, cols) = (
        usize::try_from(c).unwrap_or(usize::MAX),
        usize::try_from(r).unwrap_or(usize::MAX),
    );
    let n = rows.saturating_mul(cols);
    if !(1..=MAX_N).contains(&n) {
        return Err(format!(
            "{NAME}: Solo {c}x{r} is a {n}x{n} grid; sides go from 1 to {MAX_N}",
            n = c.saturating_mul(r)
        ));
    }
    let mut givens = Vec::with_capacity(n * n);
    let base = params.chars().count() + 1;
    let bytes = desc.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let at = base + desc[..i].chars().count() + 1;
        match bytes[i] {
            b'a'..=b'z' => {
                givens.extend(std::iter::repeat_n(0u8, (bytes[i] - b'a' + 1) as usize));
                i += 1;
            }
            b'_' => i += 1,
            b'1'..=b'9' => {
                let end = desc[i..]
                    .find(|ch: char| !ch.is_ascii_digit())
                    .map_or(desc.len(), |k| i + k);
                let v = decimal(&desc[i..end]).unwrap_or(u64::MAX);
                if v > n as u64 {
                    return Err(format!(
                        "{NAME}: the Solo description has {} at character {at}, not a value in 1..{n}",
                        &desc[i..end]
                    ));
                }
                givens.push(v as u8);
                i = end;
            }
            _ => {
                let ch = desc[i..].chars().next().unwrap_or('?');
                return Err(format!(
                    "{NAME}: character {at} {} is not part of a Solo description (numbers, a-z for empty cells, '_')",
                    describe(ch)
                ));
            }
        }
        if givens.len() > n * n {
            return Err(format!(
                "{NAME}: the Solo description runs past the {} cells of a {n}x{n} grid at character {at}",
                n * n
            ));
        }
    }
    if givens.len() < n * n {
        return Err(format!(
            "{NAME}: the Solo description covers {} of the {} cells of a {n}x{n} grid; the ID looks cut short",
            givens.len(),
            n * n
        ));
    }
    let p = Puzzle {
        n,
        box_rows: rows,
        box_cols: cols,
        givens,
    };
    p.validate()?;
    Ok(p)
}

/// The Solo game ID of a valid puzzle (`C` = rows of a box, `R` = its columns, as Solo names them).
pub fn to_solo_id(p: &Puzzle) -> String {
    let mut desc = String::new();
    let mut run = 0usize;
    let mut after_number = false;
    for &v in &p.givens {
        if v == 0 {
            run += 1;
            continue;
        }
        while run > 0 {
            let k = run.min(26);
            desc.push((b'a' + k as u8 - 1) as char);
            run -= k;
            after_number = false;
        }
        if after_number {
            desc.push('_');
        }
        desc.push_str(&v.to_string());
        after_number = true;
    }
    while run > 0 {
        let k = run.min(26);
        desc.push((b'a' + k as u8 - 1) as char);
        run -= k;
    }
    format!("{}x{}:{desc}", p.box_rows, p.box_cols)
}

// ---------------------------------------------------------------------------------------------
// puzz.link

/// Reads a puzz.link `sudoku` URL.
pub fn parse_puzzlink(text: &str) -> Result<Puzzle, String> {
    let h = puzzlink::parse_header(text, NAME, &["sudoku"])?;
    if h.cols != h.rows {
        return Err(format!(
            "{NAME}: the grid must be square, the URL says {} columns and {} rows",
            h.cols, h.rows
        ));
    }
    let n = h.cols;
    let (box_rows, box_cols) = match (n, default_box(n)) {
        (4 | 6 | 9 | 16, Some(shape)) => shape,
        _ => {
            return Err(format!(
                "{NAME}: puzz.link Sudoku grids are 4x4, 6x6, 9x9, 16x16 or 25x25; this build reads up to 16x16, not {n}x{n}"
            ))
        }
    };
    let (body, base) = (h.body, h.body_at);
    let mut givens = Vec::with_capacity(n * n);
    let mut i = 0;
    while i < body.len() && givens.len() < n * n {
        let at = base + body[..i].chars().count() + 1;
        let (token, used) = read_token(body, i, at).map_err(|e| format!("{NAME}: {e}"))?;
        match token {
            Token::Number(v) if (1..=n as u32).contains(&v) => givens.push(v as u8),
            Token::Number(v) => {
                return Err(format!(
                    "{NAME}: the URL gives {v} at character {at} (row {}, column {}), not a value in 1..{n}",
                    givens.len() / n + 1,
                    givens.len() % n + 1
                ))
            }
            Token::Unknown => {
                return Err(format!(
                    "{NAME}: the URL has '.' (an unknown number) at character {at}; a Sudoku given is a value"
                ))
            }
            Token::Empty(k) => givens.extend(std::iter::repeat_n(0u8, k)),
        }
        i += used;
    }
    if givens.len() < n * n {
        return Err(format!(
            "{NAME}: {}",
            puzzlink::cut_short(
                &format!("{} of its {} cells", givens.len(), n * n),
                "empty ones"
            )
        ));
    }
    // A skip letter may run past the grid's end (pzprjs never writes one that does).
    if givens.len() > n * n || i < body.len() {
        return Err(format!(
            "{NAME}: the URL goes on past the {} cells of a {n}x{n} grid at character {}: {}",
            n * n,
            base + body[..i.min(body.len())].chars().count(),
            quote(&body[i.saturating_sub(1).min(body.len())..])
        ));
    }
    let p = Puzzle {
        n,
        box_rows,
        box_cols,
        givens,
    };
    p.validate()?;
    Ok(p)
}

/// The puzz.link URL of a valid puzzle, where puzz.link has its size and box shape.
pub fn to_puzzlink_url(p: &Puzzle) -> Option<String> {
    let usual = matches!(p.n, 4 | 6 | 9 | 16) && default_box(p.n) == Some((p.box_rows, p.box_cols));
    usual.then(|| {
        format!(
            "https://puzz.link/p?sudoku/{n}/{n}/{}",
            write_number16(&p.givens),
            n = p.n
        )
    })
}

#[cfg(test)]
mod tests;
