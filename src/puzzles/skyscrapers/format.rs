//! Reading and writing Skyscrapers puzzles: Tatham Towers IDs, puzz.link URLs, plain grids
//! (docs/formats/skyscrapers.md). Parsers are strict about structure and name the field, character
//! offset or row/column of the first problem; they never panic.

use super::{Puzzle, Side, MAX_N};
use crate::shared::puzzlink::{self, write_number16, Token};
use crate::shared::text::{decimal, describe_at, not_decimal, prepare, quote};

const NAME: &str = "skyscrapers";

/// Reads whichever format `text` is in: a Tatham ID (`N:...` on one line), a URL (anything else
/// with `?` or `://`), or a plain grid. What stands before the first `:` decides between a Tatham
/// ID and a URL: a URL's scheme is letters only (`https`), so anything else there (`4`, `6dx`, and
/// also the mistyped `-4` or a full-width `４`) is read as a Tatham size, whose reader then says
/// what is wrong with it.
///
/// ```
/// use solvescope::puzzles::skyscrapers::parse_any;
/// let a = parse_any("4://///1/3///4/////3/").unwrap();
/// let b = parse_any("https://puzz.link/p?skyscrapers/4/4/k13h4j3g").unwrap();
/// assert_eq!(a, b);
/// ```
pub fn parse_any(text: &str) -> Result<Puzzle, String> {
    let t = prepare(NAME, text)?;
    if t.is_empty() {
        return Err("skyscrapers: the puzzle text is empty".into());
    }
    // A Tatham ID starts with its size and ':' (and may contain "://" when clues are missing).
    if !t.contains('\n') {
        if let Some((params, _)) = t.split_once(':') {
            if !params.is_empty()
                && !params.contains(['?', '/'])
                && !params.bytes().all(|b| b.is_ascii_alphabetic())
            {
                return parse_tatham(t);
            }
        }
    }
    if t.contains('?') || t.contains("://") {
        return parse_puzzlink(t);
    }
    parse_plain(t)
}

/// `n` as a board size, or the message: taken as `u64` so that a huge number typed is quoted as
/// typed, not as the largest `usize` (which in wasm is 2^32 - 1).
fn check_n(n: u64, what: &str) -> Result<usize, String> {
    match usize::try_from(n) {
        Ok(k) if (1..=MAX_N).contains(&k) => Ok(k),
        _ => Err(format!(
            "skyscrapers: {what} N = {n} is out of range (1 to {MAX_N})"
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// Tatham Towers IDs

/// Reads a Tatham Towers ID `N:clues[,givens]` (docs/formats/skyscrapers.md §1.1). The parameter
/// part may carry one of Tatham's difficulty suffixes (`de`, `dh`, `dx`, `du`, as in `7dx`), which
/// is ignored.
pub fn parse_tatham(text: &str) -> Result<Puzzle, String> {
    let t = prepare(NAME, text)?;
    let (params, desc) = t
        .split_once(':')
        .ok_or("skyscrapers: a Tatham ID needs 'N:' before the clues (e.g. 4:/1//…)")?;
    let digits = &params[..params.bytes().take_while(u8::is_ascii_digit).count()];
    let rest = &params[digits.len()..];
    let n = match decimal(digits) {
        Some(n) => n,
        None => {
            // Say what is wrong with the number the size should be (a sign, a full-width digit).
            let word = if digits.is_empty() { params } else { digits };
            return Err(format!(
                "skyscrapers: {} (a Tatham ID starts with its size, from 1 to {MAX_N}, and ':', e.g. 4:…)",
                not_decimal("the size", word)
            ));
        }
    };
    if !(rest.is_empty() || matches!(rest, "de" | "dh" | "dx" | "du")) {
        return Err(format!(
            "skyscrapers: the size {} before ':' should be a number like 6, or 6 with one of Tatham's difficulties de, dh, dx, du (6dx)",
            quote(params)
        ));
    }
    let n = check_n(n, "the size")?;
    let mut puzzle = Puzzle::empty(n)?;
    let (clues, givens) = match desc.split_once(',') {
        Some((c, g)) => (c, Some(g)),
        None => (desc, None),
    };
    let fields: Vec<&str> = clues.split('/').collect();
    if fields.len() != 4 * n {
        return Err(format!(
            "skyscrapers: a {n}x{n} Tatham ID needs {} clue fields separated by '/', found {}",
            4 * n,
            fields.len()
        ));
    }
    for (k, f) in fields.iter().enumerate() {
        if f.is_empty() {
            continue;
        }
        let v = match decimal(f) {
            Some(v) if (1..=n as u64).contains(&v) => v,
            Some(_) => {
                return Err(format!(
                    "skyscrapers: clue field {} is {}, expected empty or a number from 1 to {n}",
                    k + 1,
                    quote(f)
                ))
            }
            None => {
                return Err(format!(
                    "skyscrapers: clue field {}: {}, expected empty or a number from 1 to {n}",
                    k + 1,
                    not_decimal("the clue", f)
                ))
            }
        };
        puzzle.clues[k / n][k % n] = v as u8;
    }
    if let Some(g) = givens {
        // Offset of the givens stream inside the whole text, for messages.
        let base = t.len() - g.len();
        let bytes = g.as_bytes();
        let mut cell = 0usize;
        let mut i = 0usize;
        let misplaced_underscore = |at: usize| {
            format!(
                "skyscrapers: the '_' at character {} of the givens must stand between two numbers",
                base + at + 1
            )
        };
        while i < bytes.len() {
            let b = bytes[i];
            if b.is_ascii_lowercase() {
                cell += (b - b'a' + 1) as usize;
                i += 1;
            } else if b.is_ascii_digit() {
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let v = decimal(&g[start..i]).ok_or_else(|| {
                    format!(
                        "skyscrapers: the given {} at character {} has a leading zero",
                        quote(&g[start..i]),
                        base + start + 1
                    )
                })?;
                if !(1..=n as u64).contains(&v) {
                    return Err(format!(
                        "skyscrapers: the given {} at character {} is not a height from 1 to {n}",
                        quote(&g[start..i]),
                        base + start + 1
                    ));
                }
                if cell >= n * n {
                    return Err(format!(
                        "skyscrapers: the givens run past the {} cells at character {}",
                        n * n,
                        base + start + 1
                    ));
                }
                puzzle.givens[cell] = v as u8;
                cell += 1;
                if i < bytes.len() && bytes[i] == b'_' {
                    if !bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
                        return Err(misplaced_underscore(i));
                    }
                    i += 1;
                }
            } else if b == b'_' {
                return Err(misplaced_underscore(i));
            } else {
                return Err(format!(
                    "skyscrapers: unexpected {} at character {} in the givens (expected a-z, digits or _)",
                    describe_at(g, i).unwrap_or_default(),
                    base + i + 1
                ));
            }
            if cell > n * n {
                return Err(format!(
                    "skyscrapers: the givens cover {cell} cells, more than the {} of the grid (at character {})",
                    n * n,
                    base + i
                ));
            }
        }
        if cell != n * n {
            return Err(format!(
                "skyscrapers: the givens cover {cell} cells, the grid has {}",
                n * n
            ));
        }
    }
    puzzle.validate()?;
    Ok(puzzle)
}

/// Writes the Tatham Towers ID of `puzzle` (givens only when there are some).
pub fn to_tatham_id(puzzle: &Puzzle) -> String {
    let n = puzzle.n;
    let mut fields = Vec::with_capacity(4 * n);
    for side in Side::ALL {
        for i in 0..n {
            let v = puzzle.clue(side, i);
            fields.push(if v == 0 { String::new() } else { v.to_string() });
        }
    }
    let mut out = format!("{n}:{}", fields.join("/"));
    if puzzle.givens.iter().any(|&g| g != 0) {
        out.push(',');
        let mut run = 0usize;
        let mut last_was_number = false;
        for &g in &puzzle.givens {
            if g == 0 {
                run += 1;
                continue;
            }
            flush_run(&mut out, &mut run, &mut last_was_number);
            if last_was_number {
                out.push('_');
            }
            out.push_str(&g.to_string());
            last_was_number = true;
        }
        flush_run(&mut out, &mut run, &mut last_was_number);
    }
    out
}

fn flush_run(out: &mut String, run: &mut usize, last_was_number: &mut bool) {
    while *run > 0 {
        let k = (*run).min(26);
        out.push(char::from(b'a' + k as u8 - 1));
        *run -= k;
        *last_was_number = false;
    }
}

// ---------------------------------------------------------------------------------------------
// puzz.link

const PIDS: [&str; 3] = ["skyscrapers", "building", "skyscraper"];

/// Reads a puzz.link (or pzv.jp) Skyscrapers URL: `…p?skyscrapers/N/N/<edges>[<cells>]`
/// (header and `&` parameters as in [`crate::shared::puzzlink`]).
pub fn parse_puzzlink(text: &str) -> Result<Puzzle, String> {
    let h = puzzlink::parse_header(text, "skyscrapers", &PIDS)?;
    let (cols, rows) = (h.cols, h.rows);
    if cols != rows {
        return Err(format!(
            "skyscrapers: the grid must be square, the URL says {cols} columns and {rows} rows"
        ));
    }
    check_n(cols as u64, "the URL's")?;
    let n = cols;
    let (body, base) = (h.body, h.body_at);
    if let Some((_, more)) = body.split_once('/') {
        return Err(format!(
            "skyscrapers: unexpected text after the body at character {}: {}",
            base + body.len() - more.len() + 1,
            quote(more)
        ));
    }
    let mut puzzle = Puzzle::empty(n)?;
    let mut edges = vec![0u8; 4 * n];
    let (used, clues_read) = decode_number16(body, &mut edges, n, base, "clue")?;
    // pzprjs writes every clue place, ending with a skip letter for trailing empty ones, so a
    // clue stream that stops early was cut off (a link truncated in a chat or an e-mail) and
    // would read as a different puzzle. That holds for a missing body too: pzprjs (and
    // `to_puzzlink_url`) write an empty puzzle as skip letters (`v` for 4x4), so `…/4/4/` is a
    // link cut right after its size.
    if clues_read < 4 * n {
        return Err(cut_short("clue places around the grid", clues_read, 4 * n));
    }
    for (k, &v) in edges.iter().enumerate() {
        puzzle.clues[k / n][k % n] = v;
    }
    let rest = &body[used..];
    // The cell stream is optional (our writer leaves it out when there are no givens), but one
    // that starts must cover the grid, for the same reason. It ends where the grid does: anything
    // after it (stray digits) is refused rather than dropped, since it means the URL is not what
    // its writer meant.
    let (cells_used, cells_read) =
        decode_number16(rest, &mut puzzle.givens, n, base + used, "given")?;
    if !rest.is_empty() && cells_read < n * n {
        return Err(cut_short("cells", cells_read, n * n));
    }
    if cells_used < rest.len() {
        return Err(format!(
            "skyscrapers: unexpected text after the {n}x{n} cells at character {}: {}",
            base + used + cells_used + 1,
            quote(&rest[cells_used..])
        ));
    }
    puzzle.validate()?;
    Ok(puzzle)
}

/// The message for a puzz.link stream that ends before covering its `total` places.
fn cut_short(what: &str, read: usize, total: usize) -> String {
    format!(
        "skyscrapers: {}",
        puzzlink::cut_short(&format!("{read} of its {total} {what}"), "empty ones")
    )
}

/// Decodes a number16 stream into `out` (stopping once it is full, as pzprjs does) and returns the
/// bytes consumed and the places covered (at most `out.len()`). Values must be 1..=n; `.`
/// (unknown) reads as 0, since it constrains nothing.
fn decode_number16(
    s: &str,
    out: &mut [u8],
    n: usize,
    base: usize,
    what: &str,
) -> Result<(usize, usize), String> {
    let mut i = 0;
    let mut k = 0;
    while i < s.len() && k < out.len() {
        let at = base + i + 1;
        let (token, width) =
            puzzlink::read_token(s, i, at).map_err(|e| format!("skyscrapers: {e}"))?;
        match token {
            Token::Empty(run) => k += run,
            Token::Unknown => {
                out[k] = 0;
                k += 1;
            }
            Token::Number(v) => {
                if !(1..=n as u32).contains(&v) {
                    return Err(format!(
                        "skyscrapers: {what} value {v} at character {at} is not from 1 to {n}"
                    ));
                }
                out[k] = v as u8;
                k += 1;
            }
        }
        i += width;
    }
    Ok((i.min(s.len()), k.min(out.len())))
}

/// Writes the puzz.link URL of `puzzle`.
pub fn to_puzzlink_url(puzzle: &Puzzle) -> String {
    let n = puzzle.n;
    let edges: Vec<u8> = Side::ALL
        .iter()
        .flat_map(|&s| puzzle.clues[s.index()].iter().copied())
        .collect();
    let mut body = write_number16(&edges);
    if puzzle.givens.iter().any(|&g| g != 0) {
        body.push_str(&write_number16(&puzzle.givens));
    }
    format!("https://puzz.link/p?skyscrapers/{n}/{n}/{body}")
}

// ---------------------------------------------------------------------------------------------
// Plain grids

/// Reads the plain (N+2)×(N+2) grid: the outer ring holds the clues, corners and missing clues are
/// `.`, `0` or `-`; inner cells `.`/`0` or a given height. Rows are separated by newlines or `/`.
/// A row is either one character per cell (heights 10..16 as `a`..`g`) or whitespace-separated
/// numbers.
pub fn parse_plain(text: &str) -> Result<Puzzle, String> {
    let rows: Vec<&str> = prepare(NAME, text)?
        .split(['\n', '/'])
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    let size = rows.len();
    if size < 3 {
        return Err(format!(
            "skyscrapers: a plain grid needs N+2 rows (at least 3), found {size}"
        ));
    }
    let n = size - 2;
    check_n(n as u64, "the plain grid's")?;
    let mut grid = vec![vec![0u8; size]; size];
    for (r, row) in rows.iter().enumerate() {
        let tokens: Vec<String> = if row.contains(char::is_whitespace) {
            row.split_whitespace().map(str::to_string).collect()
        } else {
            row.chars().map(|c| c.to_string()).collect()
        };
        if tokens.len() != size {
            return Err(format!(
                "skyscrapers: row {} of the plain grid has {} entries, expected {size} (N+2 for a {size}-row grid)",
                r + 1,
                tokens.len()
            ));
        }
        for (c, tok) in tokens.iter().enumerate() {
            let v = match tok.as_str() {
                "." | "-" | "0" => 0,
                s if s.len() == 1 && matches!(s.as_bytes()[0].to_ascii_lowercase(), b'a'..=b'g') => {
                    (s.as_bytes()[0].to_ascii_lowercase() - b'a' + 10) as usize
                }
                s => decimal(s)
                    .map(|v| usize::try_from(v).unwrap_or(usize::MAX))
                    .ok_or_else(|| {
                        let what = match s.chars().count() {
                            1 => describe_at(s, 0).unwrap_or_default(),
                            _ => quote(s),
                        };
                        format!(
                            "skyscrapers: {what} at row {}, column {} of the plain grid is not a number or '.'",
                            r + 1,
                            c + 1
                        )
                    })?,
            };
            if v > n {
                return Err(format!(
                    "skyscrapers: {v} at row {}, column {} of the plain grid is larger than N = {n}",
                    r + 1,
                    c + 1
                ));
            }
            let corner = (r == 0 || r == size - 1) && (c == 0 || c == size - 1);
            if corner && v != 0 {
                return Err(format!(
                    "skyscrapers: the corner at row {}, column {} of the plain grid must be '.'",
                    r + 1,
                    c + 1
                ));
            }
            grid[r][c] = v as u8;
        }
    }
    let mut p = Puzzle::empty(n)?;
    for i in 0..n {
        p.clues[Side::Top.index()][i] = grid[0][i + 1];
        p.clues[Side::Bottom.index()][i] = grid[size - 1][i + 1];
        p.clues[Side::Left.index()][i] = grid[i + 1][0];
        p.clues[Side::Right.index()][i] = grid[i + 1][size - 1];
        for c in 0..n {
            p.givens[i * n + c] = grid[i + 1][c + 1];
        }
    }
    p.validate()?;
    Ok(p)
}

/// Writes the plain grid, rows separated by newlines (one character per cell up to N = 9,
/// space-separated numbers above).
pub fn to_plain(puzzle: &Puzzle) -> String {
    let n = puzzle.n;
    let size = n + 2;
    let mut grid = vec![vec![0u8; size]; size];
    for i in 0..n {
        grid[0][i + 1] = puzzle.clue(Side::Top, i);
        grid[size - 1][i + 1] = puzzle.clue(Side::Bottom, i);
        grid[i + 1][0] = puzzle.clue(Side::Left, i);
        grid[i + 1][size - 1] = puzzle.clue(Side::Right, i);
        for c in 0..n {
            grid[i + 1][c + 1] = puzzle.givens[i * n + c];
        }
    }
    let rows: Vec<String> = grid
        .iter()
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .map(|&v| {
                    if v == 0 {
                        ".".to_string()
                    } else {
                        v.to_string()
                    }
                })
                .collect();
            cells.join(if n <= 9 { "" } else { " " })
        })
        .collect();
    rows.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tatham_and_puzzlink_examples_agree() {
        let a = parse_tatham("4://///1/3///4/////3/").unwrap();
        assert_eq!(a.clues[Side::Bottom.index()], vec![0, 1, 3, 0]);
        assert_eq!(a.clues[Side::Left.index()], vec![0, 4, 0, 0]);
        assert_eq!(a.clues[Side::Right.index()], vec![0, 0, 3, 0]);
        let b = parse_puzzlink("https://puzz.link/p?skyscrapers/4/4/k13h4j3g").unwrap();
        assert_eq!(a, b);
        assert_eq!(
            to_puzzlink_url(&a),
            "https://puzz.link/p?skyscrapers/4/4/k13h4j3g"
        );
        for url in [
            "http://pzv.jp/p.html?building/4/4/k13h4j3g",
            "https://puzz.link/p?pzprv3=1&skyscraper_edit/4/4/k13h4j3g",
            "p?skyscrapers_play/4/4/k13h4j3g",
        ] {
            assert_eq!(parse_any(url).unwrap(), a, "{url}");
        }
    }

    #[test]
    fn givens_are_read_and_written() {
        let p = parse_tatham("4:/3///3////////2///2,i1f").unwrap();
        assert_eq!(p.givens[9], 1);
        assert_eq!(p.givens.iter().filter(|&&g| g != 0).count(), 1);
        assert_eq!(to_tatham_id(&p), "4:/3///3////////2///2,i1f");
        let q = parse_tatham(
            "9:///3/4/5//3/3//2//4//1/5/3//2///2/2/1///3//////4/5/2/3,h1_1m2s1_4b3c5b7a5c1i2j",
        )
        .unwrap();
        assert_eq!(q.givens[8], 1);
        assert_eq!(q.givens[9], 1);
        assert_eq!(parse_tatham(&to_tatham_id(&q)).unwrap(), q);
        assert_eq!(parse_puzzlink(&to_puzzlink_url(&q)).unwrap(), q);
        assert_eq!(parse_plain(&to_plain(&q)).unwrap(), q);
    }

    #[test]
    fn plain_grids_in_both_layouts() {
        let p = parse_tatham("4://///1/3///4/////3/").unwrap();
        let text = "....../....../4...../.....3/....../..13..";
        assert_eq!(parse_plain(text).unwrap(), p);
        assert_eq!(parse_plain(&to_plain(&p)).unwrap(), p);
        let mut big = Puzzle::empty(12).unwrap();
        big.clues[0][3] = 12;
        big.clues[3][11] = 10;
        big.givens[5] = 11;
        assert_eq!(parse_plain(&to_plain(&big)).unwrap(), big);
        assert_eq!(parse_any(&to_plain(&big)).unwrap(), big);
        assert_eq!(parse_any(&to_puzzlink_url(&big)).unwrap(), big);
        assert_eq!(parse_any(&to_tatham_id(&big)).unwrap(), big);
    }

    #[test]
    fn errors_say_what_and_where() {
        let e = parse_tatham("4:1/2/3").unwrap_err();
        assert!(e.contains("16 clue fields") && e.contains("found 3"), "{e}");
        let e = parse_tatham(&format!("4:5{}", "/".repeat(15))).unwrap_err();
        assert!(e.contains("field 1") && e.contains("'5'"), "{e}");
        let e = parse_tatham(&format!("4:{},a9o", "/".repeat(15))).unwrap_err();
        assert!(e.contains("character 20"), "{e}");
        let e = parse_tatham(&format!("4:{},z", "/".repeat(15))).unwrap_err();
        assert!(e.contains("26 cells"), "{e}");
        let e = parse_puzzlink("https://puzz.link/p?skyscrapers/4/5/k").unwrap_err();
        assert!(e.contains("square"), "{e}");
        let e = parse_puzzlink("https://puzz.link/p?hashi/4/4/k").unwrap_err();
        assert!(e.contains("'hashi'"), "{e}");
        let e = parse_puzzlink("https://puzz.link/p?skyscrapers/4/4/k9").unwrap_err();
        assert!(e.contains("character"), "{e}");
        // Streams that stop early are cut-off links: pzprjs writes every place, an empty puzzle
        // as skip letters. The cell stream may be left out as a whole.
        let e = parse_puzzlink("https://puzz.link/p?skyscrapers/4/4/k13h4").unwrap_err();
        assert!(
            e.contains("after 10 of its 16 clue places") && e.contains("cut short"),
            "{e}"
        );
        let e = parse_puzzlink("https://puzz.link/p?skyscrapers/4/4/k13h4j3g1").unwrap_err();
        assert!(e.contains("after 1 of its 16 cells"), "{e}");
        for url in [
            "https://puzz.link/p?skyscrapers/4/4/",
            "https://puzz.link/p?skyscrapers/4/4",
        ] {
            let e = parse_puzzlink(url).unwrap_err();
            assert!(
                e.contains("after 0 of its 16 clue places") && e.contains("cut short"),
                "{url}: {e}"
            );
        }
        let empty = Puzzle::empty(4).unwrap();
        assert_eq!(
            parse_puzzlink(&to_puzzlink_url(&empty)).unwrap(),
            empty,
            "the writer's empty puzzle reads back"
        );
        for url in [
            "https://puzz.link/p?skyscrapers/4/4/v",
            "https://puzz.link/p?skyscrapers/4/4/vv",
        ] {
            assert_eq!(parse_puzzlink(url).unwrap(), empty, "{url}");
        }
        // Extra `&key=value` parameters (before the type or after the body) are skipped; anything
        // else next to '&' is refused instead of being read as the puzzle type.
        let a = parse_puzzlink("https://puzz.link/p?skyscrapers/4/4/k13h4j3g").unwrap();
        for url in [
            "https://puzz.link/p?pzprv3=1&skyscrapers/4/4/k13h4j3g",
            "https://puzz.link/p?skyscrapers/4/4/k13h4j3g&lang=en",
        ] {
            assert_eq!(parse_puzzlink(url).unwrap(), a, "{url}");
        }
        let e = parse_puzzlink("https://puzz.link/p?junk&skyscrapers/4/4/k13h4j3g").unwrap_err();
        assert!(e.contains("key=value"), "{e}");
        let e = parse_puzzlink("https://puzz.link/p?skyscrapers/4/4/k13h4j3g&x").unwrap_err();
        assert!(e.contains("'&x'"), "{e}");
        let e = parse_plain("...\n.5.\n...").unwrap_err();
        assert!(e.contains("row 2, column 2"), "{e}");
        let e = parse_plain("1..\n...\n...").unwrap_err();
        assert!(e.contains("corner"), "{e}");
        assert!(parse_tatham("17:").unwrap_err().contains("out of range"));
    }

    #[test]
    fn only_the_written_grammar_is_accepted() {
        let sky = parse_tatham("4://///1/3///4/////3/").unwrap();
        for (text, says) in [
            (
                "4:+1///////////////",
                "clue field 1: the clue '+1' has a sign",
            ),
            ("4:01///////////////", "leading zero"),
            ("4:1 ///////////////", "' ' at character 2"),
            ("04://///1/3///4/////3/", "leading zero"),
            ("4dq://///1/3///4/////3/", "'4dq'"),
            ("4d://///1/3///4/////3/", "'4d'"),
            ("4://///1/3///4/////3/,1_c", "'_' at character 24"),
            ("4://///1/3///4/////3/,p_", "'_' at character 24"),
            ("4://///1/3///4/////3/,_1o", "'_' at character 23"),
            ("4://///1/3///4/////3/,01o", "leading zero"),
            ("p?skyscrapers/4/4/k13h4j3gz123", "at character 28: '123'"),
            (
                "p?skyscrapers/4/4/k13h4j3g12341234123412341",
                "after the 4x4 cells at character 43",
            ),
            (
                "p?skyscrapers/4/4/k13h4j3g/x",
                "after the body at character 28",
            ),
            ("....../....../4...../.....3/....../..+1..", "'+'"),
            (". . .\n. +1 .\n. . .", "'+1' at row 2, column 2"),
        ] {
            let e = parse_any(text).unwrap_err();
            assert!(e.contains(says), "{text}: {e}");
        }
        // The difficulty suffixes Tatham writes, and `_` between two numbers, still read.
        for suffix in ["de", "dh", "dx", "du"] {
            assert_eq!(
                parse_any(&format!("4{suffix}://///1/3///4/////3/")).unwrap(),
                sky
            );
        }
        let q = parse_tatham("4:/3///3////////2///2,i1_2e").unwrap();
        assert_eq!((q.givens[9], q.givens[10]), (1, 2));
    }

    #[test]
    fn messages_guess_signs_full_width_digits_and_marks() {
        let e = parse_any("-4://///1/3///4/////3/").unwrap_err();
        assert!(e.contains("the size '-4' has a sign"), "{e}");
        let e = parse_any("\u{2212}4://///1/3///4/////3/").unwrap_err();
        assert!(e.contains("sign"), "{e}");
        let e = parse_any("４://///1/3///4/////3/").unwrap_err();
        assert!(e.contains("'４' (a full-width character; type '4')"), "{e}");
        let e = parse_any("4://///1/3///4/////3/,é").unwrap_err();
        assert!(e.contains("'é' at character 23"), "{e}");
        let e = parse_any("4://///1/3///4/////3/,\u{feff}").unwrap_err();
        assert!(e.contains("byte-order mark"), "{e}");
        let e = parse_any("4:\u{1b}[2J///////////////").unwrap_err();
        assert!(e.contains("\\u{1b}") && !e.contains('\u{1b}'), "{e}");
        // One leading BOM is dropped by every reader.
        let sky = parse_tatham("4://///1/3///4/////3/").unwrap();
        assert_eq!(parse_any("\u{feff}4://///1/3///4/////3/").unwrap(), sky);
        assert_eq!(
            parse_any("\u{feff}p?skyscrapers/4/4/k13h4j3g").unwrap(),
            sky
        );
        assert_eq!(
            parse_any("\u{feff}....../....../4...../.....3/....../..13..").unwrap(),
            sky
        );
    }

    #[test]
    fn texts_are_bounded_and_quoted_short() {
        // The page's paste box and the command line both come here: a 5 MB paste is refused by
        // its size before it is read, and no message carries more than a short excerpt.
        let huge = format!("4:{}", "7".repeat(5_000_000));
        let e = parse_any(&huge).unwrap_err();
        assert!(e.contains("65536") && e.len() < 200, "{e}");
        let long = format!("4:{}{}", "9".repeat(60_000), "/".repeat(15));
        let e = parse_any(&long).unwrap_err();
        assert!(e.len() < 300 && e.contains("60000 characters"), "{e}");
        let e = parse_any(&format!("p?skyscrapers/4/4/{}", "x".repeat(60_000))).unwrap_err();
        assert!(e.len() < 300, "{e}");
    }
}
