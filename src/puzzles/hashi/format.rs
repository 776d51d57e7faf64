//! Reading and writing Hashiwokakero puzzles: Tatham Bridges IDs, puzz.link URLs, plain grids.
//!
//! Every reader ends with [`Puzzle::validate`], so a parsed puzzle always has islands, numbers in
//! range and no two islands side by side. Messages give character offsets (IDs, URLs) or 1-based
//! row/column (grids).

use super::{Puzzle, MAX_SIDE, ROCK, WATER};
use crate::shared::puzzlink::{self, write_number16, Token};
use crate::shared::text::{describe, describe_at, not_decimal, prepare, quote};

const NAME: &str = "hashi";

/// Reads any supported form: a URL (contains `?` or `://`), a Tatham ID (contains `:`), else a
/// plain grid.
///
/// ```
/// use solvescope::puzzles::hashi::parse_any;
/// let a = parse_any("3x3m2:2a2c2a2").unwrap();
/// let b = parse_any("https://puzz.link/p?hashi/3/3/2g2i2g2").unwrap();
/// let c = parse_any("2.2/.../2.2").unwrap();
/// assert_eq!(a, b);
/// assert_eq!(a, c);
/// ```
pub fn parse_any(text: &str) -> Result<Puzzle, String> {
    let t = prepare(NAME, text)?;
    if t.is_empty() {
        return Err("hashi: empty puzzle text".to_string());
    }
    if t.contains('?') || t.contains("://") {
        parse_puzzlink(t)
    } else if t.contains(':') || looks_like_seed_id(t) || looks_like_cut_id(t) {
        parse_tatham(t)
    } else {
        parse_plain(t)
    }
}

/// `7x7m2#1234`: Tatham's generator form (params with an `x`, then `#`), refused by parse_tatham.
fn looks_like_seed_id(t: &str) -> bool {
    match t.split_once('#') {
        Some((params, _)) => {
            params.contains('x')
                && params.starts_with(|c: char| c.is_ascii_digit())
                && params.chars().all(|c| c.is_ascii_alphanumeric())
        }
        None => false,
    }
}

/// `3x`, `7x7m2`: a Tatham ID's parameters with the ':' and description gone (a link cut in a chat
/// or an e-mail). No plain grid looks like this ('x' is no grid character), so it is read as the
/// cut ID it is and gets that sentence, not "'x' is not '.' …" from the plain reader.
fn looks_like_cut_id(t: &str) -> bool {
    let b = t.as_bytes();
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    digits > 0 && b.get(digits) == Some(&b'x') && b.iter().all(|c| c.is_ascii_alphanumeric())
}

/// The decimal number starting at byte `i` of the parameters (saturating, so an absurd size is
/// reported as too big) and where it ends; `None` when no digit stands there. A leading zero is
/// refused, as in every number Solvescope reads.
fn number_at(s: &[u8], mut i: usize) -> Result<(Option<usize>, usize), String> {
    let start = i;
    let mut v: usize = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        v = v.saturating_mul(10).saturating_add((s[i] - b'0') as usize);
        i += 1;
    }
    if i > start + 1 && s[start] == b'0' {
        return Err(format!(
            "hashi: the number '{}' at character {} has a leading zero",
            String::from_utf8_lossy(&s[start..i]),
            start + 1
        ));
    }
    Ok(((i > start).then_some(v.min(1 << 20)), i))
}

/// Reads a Tatham Bridges game ID `PARAMS:DESC` (docs/formats/hashi.md §1.2), or `PARAMS#SEED`,
/// which builds a puzzle with our own seeded generator ([`super::generate::random_unique`]; the
/// same seed gives the same puzzle everywhere, but not Tatham's puzzle for that seed). A seed of
/// digits is a decimal `u64` as everywhere (no leading zero, at most 2^64 − 1, else refused); any
/// other text is hashed.
pub fn parse_tatham(text: &str) -> Result<Puzzle, String> {
    let t = prepare(NAME, text)?;
    if !t.contains(':') {
        if let Some((params, seed)) = t.split_once('#') {
            let (w, h, k, no_loops) = parse_params(params)?;
            let digits = seed.trim();
            let seed = if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                crate::shared::text::decimal(digits).ok_or_else(|| {
                    format!(
                        "{NAME}: {}",
                        crate::shared::text::not_decimal("the seed", digits)
                    )
                })?
            } else {
                // FNV-1a, so any text works as a seed.
                seed.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                    (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
                })
            };
            return super::generate::random_unique(w, h, k, no_loops, seed);
        }
    }
    let (params, desc) = t.split_once(':').ok_or_else(|| {
        if looks_like_cut_id(t) {
            return format!(
                "hashi: {} is the start of a Tatham ID (PARAMS:DESC, e.g. 7x7m2:3a4c…) with no ':' and description after it, so the ID looks cut short: copy it whole",
                quote(t)
            );
        }
        format!(
            "hashi: {} is not a Tatham ID (expected PARAMS:DESC)",
            quote(t)
        )
    })?;
    let (w, h, k, no_loops) = parse_params(params)?;
    let offset = params.len() + 1;
    let mut cells = Vec::with_capacity(w * h);
    for (j, ch) in desc.char_indices() {
        let at = offset + j + 1;
        match ch {
            '1'..='9' => cells.push(ch as u8 - b'0'),
            'A'..='G' => cells.push(ch as u8 - b'A' + 10),
            'a'..='z' => cells.extend(std::iter::repeat_n(WATER, (ch as u8 - b'a' + 1) as usize)),
            _ => {
                return Err(format!(
                    "hashi: character {at} {} is not an island (1-9, A-G) or a water run (a-z)",
                    describe(ch)
                ))
            }
        }
        if cells.len() > w * h {
            return Err(format!(
                "hashi: the description runs past the {w}x{h} = {} cells at character {at}",
                w * h
            ));
        }
    }
    if cells.len() != w * h {
        return Err(format!(
            "hashi: the description covers {} cells, a {w}x{h} board has {}; Tatham's IDs write every cell (a water run stands for the water at the end), so the ID looks cut short: copy it whole",
            cells.len(),
            w * h
        ));
    }
    let puzzle = Puzzle {
        width: w,
        height: h,
        cells,
        max_bridges: k,
        no_loops,
    };
    puzzle.validate()?;
    Ok(puzzle)
}

/// `W`, `WxH`, then `m<k>`, `L`, and the generator's `i`/`e`/`d` (read and ignored).
fn parse_params(params: &str) -> Result<(usize, usize, u8, bool), String> {
    let p = params.as_bytes();
    let (w, mut i) = number_at(p, 0)?;
    let w = w.ok_or_else(|| {
        // Say what is wrong with the width (a sign, a full-width digit) where one was meant.
        let word = params.split(['x', 'm', 'L']).next().unwrap_or(params);
        format!(
            "hashi: {} (Tatham ID parameters start with the width, e.g. 7x7m2)",
            not_decimal("the width", word)
        )
    })?;
    let mut h = w;
    if i < p.len() && p[i] == b'x' {
        let (hh, j) = number_at(p, i + 1)?;
        h = hh.ok_or(format!("hashi: no height after 'x' at character {}", i + 2))?;
        i = j;
    }
    let mut k = 2u8;
    let mut no_loops = false;
    let mut seen = Vec::new();
    while i < p.len() {
        let letter = p[i];
        if seen.contains(&letter) {
            return Err(format!(
                "hashi: the parameter '{}' at character {} is given twice",
                letter as char,
                i + 1
            ));
        }
        seen.push(letter);
        match letter {
            b'L' => {
                no_loops = true;
                i += 1;
            }
            b'm' | b'i' | b'e' | b'd' => {
                let (v, j) = number_at(p, i + 1)?;
                let v = v.ok_or(format!(
                    "hashi: parameter '{}' at character {} needs a number",
                    letter as char,
                    i + 1
                ))?;
                if letter == b'm' {
                    if !(1..=4).contains(&v) {
                        return Err(format!(
                            "hashi: m{v} at character {}: the bridges per pair must be 1 to 4",
                            i + 1
                        ));
                    }
                    k = v as u8;
                }
                i = j;
            }
            _ => {
                return Err(format!(
                    "hashi: unknown parameter {} at character {} of {}",
                    describe_at(params, i).unwrap_or_default(),
                    i + 1,
                    quote(params)
                ))
            }
        }
    }
    check_size(w, h)?;
    Ok((w, h, k, no_loops))
}

fn check_size(w: usize, h: usize) -> Result<(), String> {
    if w == 0 || h == 0 {
        return Err(format!("hashi: the board {w}x{h} is empty"));
    }
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(format!(
            "hashi: the board {w}x{h} is too big (at most {MAX_SIDE}x{MAX_SIDE})"
        ));
    }
    Ok(())
}

/// Writes the Tatham ID `WxHm<k>[L]:DESC`; boards with rocks have no Tatham form.
pub fn to_tatham_id(p: &Puzzle) -> Result<String, String> {
    let mut out = format!("{}x{}m{}", p.width, p.height, p.max_bridges);
    if p.no_loops {
        out.push('L');
    }
    out.push(':');
    let mut run = 0u8;
    for &v in &p.cells {
        match v {
            WATER => {
                run += 1;
                if run == 26 {
                    out.push('z');
                    run = 0;
                }
            }
            ROCK => return Err("hashi: Tatham IDs cannot hold rocks; use the plain grid".into()),
            v => {
                if run > 0 {
                    out.push((b'a' + run - 1) as char);
                    run = 0;
                }
                out.push(if v <= 9 {
                    (b'0' + v) as char
                } else {
                    (b'A' + v - 10) as char
                });
            }
        }
    }
    if run > 0 {
        out.push((b'a' + run - 1) as char);
    }
    Ok(out)
}

/// Reads a puzz.link / pzv.jp URL for `hashikake`, `hashi` or `bridges` (docs/formats/hashi.md
/// §2.2; header and `&` parameters as in [`crate::shared::puzzlink`]).
pub fn parse_puzzlink(text: &str) -> Result<Puzzle, String> {
    let h = puzzlink::parse_header(
        prepare(NAME, text)?,
        NAME,
        &["hashikake", "hashi", "bridges"],
    )?;
    let (cols, rows) = (h.cols, h.rows);
    check_size(cols, rows)?;
    let (body, body_offset) = (h.body, h.body_at);
    let n = cols * rows;
    let mut cells = Vec::with_capacity(n);
    let mut i = 0;
    while i < body.len() && cells.len() < n {
        let at = body_offset + i + 1;
        let (token, used) = puzzlink::read_token(body, i, at).map_err(|e| format!("hashi: {e}"))?;
        let value = match token {
            Token::Number(v) => v,
            Token::Unknown => {
                let c = cells.len();
                return Err(format!(
                    "hashi: the island at row {}, column {} (character {at}) has no number; islands of unknown count are not supported",
                    c / cols + 1,
                    c % cols + 1
                ));
            }
            Token::Empty(skip) => {
                cells.extend(std::iter::repeat_n(WATER, skip.min(n - cells.len())));
                i += used;
                continue;
            }
        };
        if value == 0 || value > 16 {
            let c = cells.len();
            return Err(format!(
                "hashi: the island at row {}, column {} (character {at}) needs {value} bridges; 1 to 16 expected",
                c / cols + 1,
                c % cols + 1
            ));
        }
        cells.push(value as u8);
        i += used;
    }
    if i < body.len() {
        return Err(format!(
            "hashi: unexpected text after the {cols}x{rows} cells at character {}",
            body_offset + i + 1
        ));
    }
    // pzprjs writes every cell, ending with a skip letter for trailing water, so a body that
    // stops early, or is missing, was cut off and would read as a board with islands missing.
    if cells.len() < n {
        let ended = format!(
            "{} of the {n} cells of its {cols}x{rows} board (row {})",
            cells.len(),
            cells.len() / cols + 1
        );
        return Err(format!("hashi: {}", puzzlink::cut_short(&ended, "water")));
    }
    cells.resize(n, WATER);
    let max = cells.iter().copied().max().unwrap_or(0);
    let puzzle = Puzzle {
        width: cols,
        height: rows,
        cells,
        // puzz.link has no per-pair option; allow more than 2 only when a number needs it.
        max_bridges: if max > 8 { max.div_ceil(4) } else { 2 },
        no_loops: false,
    };
    puzzle.validate()?;
    Ok(puzzle)
}

/// Writes a puzz.link URL (`hashikake` pid); rocks, the no-loops rule and k != 2 cannot be written.
pub fn to_puzzlink_url(p: &Puzzle) -> Result<String, String> {
    if p.no_loops || p.max_bridges != 2 {
        return Err("hashi: puzz.link URLs hold only the standard rules (2 bridges per pair, loops allowed)".into());
    }
    if p.cells.contains(&ROCK) {
        return Err("hashi: puzz.link URLs cannot hold rocks; use the plain grid".into());
    }
    let body = write_number16(&p.cells);
    Ok(format!(
        "https://puzz.link/p?hashikake/{}/{}/{body}",
        p.width, p.height
    ))
}

/// Reads the plain grid: `.` water, `1`-`9`/`A`-`G` islands, `#` rock; rows split by newlines or
/// `/`; all rows the same length. Default rules (2 per pair, loops allowed).
pub fn parse_plain(text: &str) -> Result<Puzzle, String> {
    let rows: Vec<&str> = prepare(NAME, text)?
        .split(['\n', '/'])
        .map(|r| r.trim())
        .filter(|r| !r.is_empty())
        .collect();
    if rows.is_empty() {
        return Err("hashi: the grid has no rows".to_string());
    }
    let w = rows[0].chars().count();
    check_size(w, rows.len())?;
    let mut cells = Vec::with_capacity(w * rows.len());
    for (r, row) in rows.iter().enumerate() {
        let len = row.chars().count();
        if len != w {
            return Err(format!(
                "hashi: row {} has {len} cells, row 1 has {w}",
                r + 1
            ));
        }
        for (c, ch) in row.chars().enumerate() {
            cells.push(match ch {
                '.' | '0' => WATER,
                '#' => ROCK,
                '1'..='9' => ch as u8 - b'0',
                'A'..='G' => ch as u8 - b'A' + 10,
                _ => {
                    return Err(format!(
                        "hashi: row {}, column {}: {} is not '.', '#', 1-9 or A-G",
                        r + 1,
                        c + 1,
                        describe(ch)
                    ))
                }
            });
        }
    }
    let max = cells
        .iter()
        .copied()
        .filter(|&v| v != ROCK)
        .max()
        .unwrap_or(0);
    let puzzle = Puzzle {
        width: w,
        height: rows.len(),
        cells,
        max_bridges: if max > 8 { max.div_ceil(4) } else { 2 },
        no_loops: false,
    };
    puzzle.validate()?;
    Ok(puzzle)
}

/// Writes the plain grid, rows joined by `/` (rules other than the default are not kept).
pub fn to_plain(p: &Puzzle) -> String {
    let mut out = String::new();
    for r in 0..p.height {
        if r > 0 {
            out.push('/');
        }
        for c in 0..p.width {
            out.push(match p.at(r, c) {
                WATER => '.',
                ROCK => '#',
                v if v <= 9 => (b'0' + v) as char,
                v => (b'A' + v - 10) as char,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_example_is_read_the_same_three_ways() {
        let t = parse_any("7x7m2:3a4c3i2b1a5e5n3e2").unwrap();
        let plain = "3.4...3\n.......\n..2..1.\n5.....5\n.......\n.......\n3.....2";
        assert_eq!(parse_any(plain).unwrap(), t);
        let url = to_puzzlink_url(&t).unwrap();
        assert_eq!(parse_any(&url).unwrap(), t);
        assert_eq!(to_tatham_id(&t).unwrap(), "7x7m2:3a4c3i2b1a5e5n3e2");
    }

    #[test]
    fn tatham_params_variants() {
        let p = parse_any("3:2a2c2a2").unwrap();
        assert_eq!((p.width, p.height, p.max_bridges), (3, 3, 2));
        let p = parse_any("3x3i30e10m3d2L:2a2c2a2").unwrap();
        assert_eq!((p.max_bridges, p.no_loops), (3, true));
        assert_eq!(to_tatham_id(&p).unwrap(), "3x3m3L:2a2c2a2");
        let p = parse_any("3x3m4:Ga2c2a2").unwrap();
        assert_eq!(p.cells[0], 16);
    }

    #[test]
    fn errors_say_what_and_where() {
        let e = parse_any("3x3m2:22d2a2").unwrap_err();
        assert!(e.contains("row 1, column 1 and row 1, column 2"), "{e}");
        let e = parse_any("3x3m2:2a2c2a").unwrap_err();
        assert!(
            e.contains("covers 8 cells") && e.contains("cut short"),
            "{e}"
        );
        // A Tatham ID cut before (or at) its ':' is a cut ID, not a plain grid with a bad 'x'.
        for cut in ["3x", "3x3", "7x7m2", "3x3m2:"] {
            let e = parse_any(cut).unwrap_err();
            assert!(
                e.contains("cut short") && !e.contains("is not '.'"),
                "{cut}: {e}"
            );
        }
        let e = parse_any("3x").unwrap_err();
        assert!(e.contains("'3x'") && e.contains("no ':'"), "{e}");
        // Still a plain grid's error where the text is a grid with an 'x' in it.
        let e = parse_any("2x2/.../2.2").unwrap_err();
        assert!(e.contains("is not '.'"), "{e}");
        let e = parse_any("3x3m2:2a2c2a2a").unwrap_err();
        assert!(e.contains("runs past"), "{e}");
        let e = parse_any("3x3m2:2a2c2!2").unwrap_err();
        assert!(e.contains("character 12"), "{e}");
        let e = parse_any("3x3m2:i").unwrap_err();
        assert!(e.contains("no islands"), "{e}");
        let e = parse_any("300x3m2:i").unwrap_err();
        assert!(e.contains("too big"), "{e}");
        let e = parse_any("3x3m2:9a2c2a2").unwrap_err();
        assert!(e.contains("needs 9"), "{e}");
        let e = parse_any("1.2/..").unwrap_err();
        assert!(e.contains("row 2 has 2 cells"), "{e}");
        let e = parse_any("1.x/...").unwrap_err();
        assert!(e.contains("row 1, column 3"), "{e}");
        let e = parse_any("https://puzz.link/p?hashi/3/3/2g.i2g2").unwrap_err();
        assert!(
            e.contains("unknown count") && e.contains("row 1, column 3"),
            "{e}"
        );
        let e = parse_any("https://puzz.link/p?nurikabe/3/3/2g2i2g2").unwrap_err();
        assert!(e.contains("nurikabe"), "{e}");
        let e = parse_any("7x7m9#12345").unwrap_err();
        assert!(e.contains("m9"), "{e}");
        // A body that stops before the last cell is a cut-off link, not a board with water
        // there; the same board with its trailing skip letter reads.
        let e = parse_any("https://puzz.link/p?hashi/3/3/2g2i2").unwrap_err();
        assert!(
            e.contains("after 7 of the 9 cells") && e.contains("row 3") && e.contains("cut short"),
            "{e}"
        );
        // A missing body too: an empty board is written as skip letters (`…/3/3/o`).
        let e = parse_any("https://puzz.link/p?hashi/3/3/").unwrap_err();
        assert!(
            e.contains("after 0 of the 9 cells") && e.contains("cut short"),
            "{e}"
        );
        assert_eq!(
            parse_any("https://puzz.link/p?hashi/3/3/2g2i2h").unwrap(),
            parse_any("2.2/.../2..").unwrap()
        );
    }

    #[test]
    fn messages_quote_short_escape_and_guess() {
        for (text, says) in [
            ("-3x3m2:2a2c2a2", "the width '-3' has a sign"),
            ("３x3m2:2a2c2a2", "'３' (a full-width character; type '3')"),
            (
                "3x3m2:２a2c2a2",
                "character 7 '２' (a full-width character; type '2')",
            ),
            ("3x3é:2a2c2a2", "unknown parameter 'é' at character 4"),
            ("3x3m2:2a2c\u{1b}[2J", "'\\u{1b}'"),
            (
                "2.2/\u{feff}../2.2",
                "row 2, column 1: '\\u{feff}' (a byte-order mark",
            ),
            ("javascript:alert(1)//?hashi/3/3/2g2i2g2", "'javascript:'"),
            ("https://puzz.link/hashi/3/3/2g2i2g2", "'?'"),
            (
                "p?hashi/3/3/-+1",
                "'-' at character 13 must be followed by 2 hex digits",
            ),
            ("07x7m2:2a2c2a2", "'07' at character 1 has a leading zero"),
            ("3x3m2m3:2a2c2a2", "'m' at character 6 is given twice"),
            ("3x3LL:2a2c2a2", "'L' at character 5 is given twice"),
        ] {
            let e = parse_any(text).unwrap_err();
            assert!(e.contains(says), "{text}: {e}");
            assert!(!e.contains('\u{1b}'), "{e}");
        }
        let e = parse_any(&format!("{}x", "7".repeat(60_000))).unwrap_err();
        assert!(e.len() < 300, "{e}");
        assert!(parse_any(&"7".repeat(70_000))
            .unwrap_err()
            .contains("65536"));
        // One leading byte-order mark is dropped.
        let p = parse_any("3x3m2:2a2c2a2").unwrap();
        for text in [
            "\u{feff}3x3m2:2a2c2a2",
            "\u{feff}2.2/.../2.2",
            "\u{feff}p?hashi/3/3/2g2i2g2",
        ] {
            assert_eq!(parse_any(text).unwrap(), p, "{text}");
        }
    }

    #[test]
    fn urls_with_options_and_suffixes() {
        let a = parse_any("https://pzv.jp/p.html?hashikake_edit/3/3/2g2i2g2").unwrap();
        let b = parse_any("https://puzz.link/p?pzprv3=1&bridges/3/3/2g2i2g2").unwrap();
        assert_eq!(a, b);
        // `&key=value` parameters after the body are skipped too; other text next to '&' is not.
        let c = parse_any("https://puzz.link/p?hashi/3/3/2g2i2g2&lang=en").unwrap();
        assert_eq!(a, c);
        let e = parse_any("https://puzz.link/p?hashi/3/3/2g2i2g2&junk").unwrap_err();
        assert!(e.contains("'&junk'"), "{e}");
        let e = parse_any("https://puzz.link/p?junk&hashi/3/3/2g2i2g2").unwrap_err();
        assert!(e.contains("key=value"), "{e}");
        assert_eq!(to_plain(&a), "2.2/.../2.2");
    }

    #[test]
    fn rocks_survive_plain_and_are_refused_elsewhere() {
        let p = parse_plain("2#2/.../2.2").unwrap();
        assert_eq!(to_plain(&p), "2#2/.../2.2");
        assert!(to_tatham_id(&p).unwrap_err().contains("rocks"));
        assert!(to_puzzlink_url(&p).unwrap_err().contains("rocks"));
    }
}
