//! puzz.link (and pzv.jp) URLs: the header `…p?PID/COLS/ROWS/BODY` and the number16 codec of
//! the body, shared by every puzzle that reads or writes these URLs.
//!
//! Extra parameters: a query may carry `key=value` items joined by `&`, before the puzzle type
//! (`?pzprv3=1&bridges/3/3/…`) or after the body (`…/2g2i2g2&lang=en`). They say nothing about the
//! puzzle and are skipped. Anything else next to a `&` is refused with a message, so a mangled URL
//! is not silently read as some other puzzle.
//!
//! What may stand before the `?`: nothing (`?skyscrapers/4/4/…`), `p` or `p.html`, or an address
//! with or without `http://` / `https://` whose path ends in `/p` or `/p.html` (puzz.link, pzv.jp
//! and their mirrors). Any other scheme (`javascript:`, `data:`, `file:`) is refused: the text is
//! only ever parsed, but a link that looks like it runs something should not read as a puzzle.
//!
//! number16 (pzprjs' `decodeNumber16`): `0`-`9`, `a`-`f` is one hex digit, `-` and two hex digits
//! or `+` and three give larger numbers, `.` is an unknown number, `g`-`z` skip 1 to 20 empty
//! cells. What a number means (a clue, an island) and which are allowed is the puzzle's business.

/// The parts of a puzz.link URL before the puzzle-specific body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header<'a> {
    /// The puzzle type as written, without an `_edit` / `_play` suffix.
    pub pid: &'a str,
    /// Columns, as written in the URL.
    pub cols: usize,
    /// Rows, as written in the URL.
    pub rows: usize,
    /// The body, without `&` parameters after it and without trailing `/`.
    pub body: &'a str,
    /// Byte offset of the body in the trimmed URL, so messages can say "character k".
    pub body_at: usize,
}

use crate::shared::text::{decimal, describe, not_decimal, quote};

/// Checks the part of a URL before its `?` (see the module documentation).
fn check_address(name: &str, before: &str) -> Result<(), String> {
    let lower = before.to_ascii_lowercase();
    let rest = if let Some((scheme, _)) = before.split_once(':') {
        let Some(rest) = ["https://", "http://"]
            .iter()
            .find_map(|s| lower.strip_prefix(s))
        else {
            if matches!(scheme.to_ascii_lowercase().as_str(), "http" | "https") {
                return Err(format!(
                    "{name}: the address {} should start with {scheme}://",
                    quote(before)
                ));
            }
            return Err(format!(
                "{name}: only http:// and https:// addresses (or a bare '?TYPE/…') are read, not {}",
                quote(&format!("{scheme}:"))
            ));
        };
        // After a scheme there must be a host and a path.
        if !rest.contains('/') {
            return Err(format!(
                "{name}: the address {} has no path; puzz.link addresses end in /p?… or /p.html?…",
                quote(before)
            ));
        }
        &before[before.len() - rest.len()..]
    } else {
        before
    };
    if rest.is_empty() {
        return Ok(());
    }
    let url_safe = |b: u8| b.is_ascii_alphanumeric() || b"-._~/:@%".contains(&b);
    if let Some((i, c)) = rest
        .char_indices()
        .find(|&(_, c)| !c.is_ascii() || !url_safe(c as u8))
    {
        return Err(format!(
            "{name}: {} at character {} cannot stand in the address before '?'",
            describe(c),
            before.len() - rest.len() + rest[..i].chars().count() + 1
        ));
    }
    let last = rest.rsplit('/').next().unwrap_or(rest);
    if last != "p" && last != "p.html" {
        return Err(format!(
            "{name}: the address {} should end in /p or /p.html before '?' (as puzz.link and pzv.jp links do)",
            quote(before)
        ));
    }
    Ok(())
}

/// True for a `key=value` item (the key made of letters, digits, `_` or `-`; the value free).
fn is_parameter(item: &str) -> bool {
    matches!(item.split_once('='), Some((k, _)) if !k.is_empty()
        && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'))
}

/// Reads the header of a puzz.link / pzv.jp URL for a puzzle called `name` (used as the prefix of
/// every message) whose accepted types are `pids`. The body may be empty; what it must hold is
/// left to the caller.
pub fn parse_header<'a>(text: &'a str, name: &str, pids: &[&str]) -> Result<Header<'a>, String> {
    let t = text.trim();
    let first = pids.first().copied().unwrap_or(name);
    let q = t.find('?').ok_or_else(|| {
        format!("{name}: a puzz.link URL needs '?' before the puzzle (…/p?{first}/COLS/ROWS/…)")
    })?;
    check_address(name, &t[..q])?;
    let query = &t[q + 1..];
    let (head, rest) = query.split_once('/').unwrap_or((query, ""));
    // Before the first '/': the type, possibly among `key=value` parameters joined by '&'.
    let mut pid = None;
    for item in head.split('&') {
        if is_parameter(item) {
            continue;
        }
        if pid.is_some() || item.is_empty() || item.contains('=') {
            return Err(format!(
                "{name}: {} should be the puzzle type, with only key=value parameters next to it after '&'",
                quote(head)
            ));
        }
        pid = Some(item);
    }
    let pid = pid.ok_or_else(|| format!("{name}: the URL names no puzzle type after '?'"))?;
    let pid = pid
        .strip_suffix("_edit")
        .or_else(|| pid.strip_suffix("_play"))
        .unwrap_or(pid);
    if !pids.contains(&pid) {
        return Err(format!(
            "{name}: the URL is for {}, expected one of {}",
            quote(pid),
            pids.join(", ")
        ));
    }
    let mut fields = rest.splitn(3, '/');
    let (Some(cols), Some(rows)) = (fields.next(), fields.next()) else {
        return Err(format!(
            "{name}: the URL needs COLS/ROWS after the puzzle type"
        ));
    };
    let count = |s: &str, what: &str| {
        decimal(s)
            .map(|v| usize::try_from(v).unwrap_or(usize::MAX))
            .ok_or_else(|| format!("{name}: {}", not_decimal(what, s)))
    };
    let cols = count(cols, "the column count")?;
    let rows = count(rows, "the row count")?;
    let full = fields.next().unwrap_or("");
    let body_at = t.len() - full.len();
    // After the body: only `&key=value` parameters.
    let body = match full.split_once('&') {
        None => full,
        Some((body, params)) => {
            if let Some(bad) = params.split('&').find(|p| !is_parameter(p)) {
                return Err(format!(
                    "{name}: after the body {} only &key=value parameters may follow, not {}",
                    quote(body),
                    quote(&format!("&{bad}"))
                ));
            }
            body
        }
    };
    Ok(Header {
        pid,
        cols,
        rows,
        body: body.trim_end_matches('/'),
        body_at,
    })
}

/// One item of a number16 stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// A number (0 to 4095).
    Number(u32),
    /// `.`: a number that is there but unknown.
    Unknown,
    /// `g`-`z`: this many empty cells (1 to 20).
    Empty(usize),
}

/// What a reader says of a body that stops before its last place: pzprjs writes every place,
/// ending with a skip letter for the empty ones at the end (`skipped`: what they are), so a short
/// body is a link cut in a chat or an e-mail, and reading the rest as empty would give another
/// puzzle without a word. `ended` says where it stopped ("7 of the 9 cells …"). No puzzle
/// prefix; callers add it.
pub fn cut_short(ended: &str, skipped: &str) -> String {
    format!(
        "the URL ends after {ended}; puzz.link writes them all (a skip letter stands for {skipped} at the end), so the link looks cut short: copy it whole"
    )
}

/// Reads the number16 token starting at byte `i` of `s`, returning it and the bytes it takes.
/// `at` is the 1-based character position of `i` in the whole URL, for the message on failure
/// (messages carry no puzzle prefix; callers add it).
pub fn read_token(s: &str, i: usize, at: usize) -> Result<(Token, usize), String> {
    let c = s.as_bytes()[i];
    match c {
        b'0'..=b'9' | b'a'..=b'f' => Ok((Token::Number((c as char).to_digit(16).unwrap_or(0)), 1)),
        b'-' | b'+' => {
            let w = if c == b'-' { 2 } else { 3 };
            // from_str_radix alone would also take a sign: only hex digits are a number here.
            let hex = s
                .get(i + 1..i + 1 + w)
                .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
                .ok_or_else(|| {
                    let found: String = s[i + 1..].chars().take(w).collect();
                    // The body ends inside the number: a link cut in the middle of a token, as
                    // a chat or an e-mail cuts it, not a wrong character.
                    if found.len() < w && found.bytes().all(|b| b.is_ascii_hexdigit()) {
                        return format!(
                            "'{}' at character {at} must be followed by {w} hex digits (0-9, a-f), but the puzzle data ends {}; the link looks cut short: copy it whole",
                            c as char,
                            if found.is_empty() { "right after it".to_string() } else { format!("after {}", quote(&found)) }
                        );
                    }
                    format!(
                        "'{}' at character {at} must be followed by {w} hex digits (0-9, a-f), found {}",
                        c as char,
                        if found.is_empty() { "the end".to_string() } else { quote(&found) }
                    )
                })?;
            let v = u32::from_str_radix(hex, 16).unwrap_or(0);
            Ok((Token::Number(v), 1 + w))
        }
        b'.' => Ok((Token::Unknown, 1)),
        b'g'..=b'z' => Ok((Token::Empty((c - b'f') as usize), 1)),
        _ => {
            let ch = s[i..].chars().next().unwrap_or('?');
            Err(format!(
                "character {at} {} is not a puzz.link clue character (those are 0-9, a-z, '.', '-' and '+')",
                describe(ch)
            ))
        }
    }
}

/// Writes `values` as number16, 0 meaning an empty cell: runs of empty cells become `g`-`z`
/// (up to 20 each), 1-15 one hex digit, 16-255 `-` and two digits, 256-4095 `+` and three.
pub fn write_number16<T: Copy + Into<u32>>(values: &[T]) -> String {
    let mut out = String::new();
    let mut run = 0usize;
    let flush = |out: &mut String, run: &mut usize| {
        while *run > 0 {
            let k = (*run).min(20);
            out.push(char::from(b'f' + k as u8));
            *run -= k;
        }
    };
    for &v in values {
        let v: u32 = v.into();
        if v == 0 {
            run += 1;
            continue;
        }
        flush(&mut out, &mut run);
        if v < 16 {
            out.push(char::from_digit(v, 16).unwrap_or('0'));
        } else if v < 256 {
            out.push_str(&format!("-{v:02x}"));
        } else {
            out.push_str(&format!("+{v:03x}"));
        }
    }
    flush(&mut out, &mut run);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PIDS: [&str; 2] = ["hashikake", "bridges"];

    #[test]
    fn headers_with_hosts_suffixes_and_parameters() {
        let h = parse_header(" https://puzz.link/p?hashikake/3/4/2g2i ", "hashi", &PIDS).unwrap();
        assert_eq!((h.pid, h.cols, h.rows, h.body), ("hashikake", 3, 4, "2g2i"));
        assert_eq!(
            &"https://puzz.link/p?hashikake/3/4/2g2i"[h.body_at..],
            "2g2i"
        );
        let h = parse_header("https://pzv.jp/p.html?bridges_edit/3/3/2g/", "hashi", &PIDS).unwrap();
        assert_eq!((h.pid, h.body), ("bridges", "2g"));
        // Parameters before the type and after the body are skipped.
        for url in [
            "https://puzz.link/p?pzprv3=1&bridges/3/3/2g",
            "https://puzz.link/p?bridges&lang=en/3/3/2g",
            "https://puzz.link/p?bridges/3/3/2g&lang=en&x-y=",
        ] {
            let h = parse_header(url, "hashi", &PIDS).unwrap();
            assert_eq!((h.pid, h.cols, h.body), ("bridges", 3, "2g"), "{url}");
        }
        // An empty body is the caller's business.
        assert_eq!(
            parse_header("p?bridges/3/3", "hashi", &PIDS).unwrap().body,
            ""
        );
    }

    #[test]
    fn anything_else_next_to_an_ampersand_is_refused() {
        let e =
            parse_header("https://puzz.link/p?junk&bridges/3/3/2g", "hashi", &PIDS).unwrap_err();
        assert!(e.starts_with("hashi: ") && e.contains("key=value"), "{e}");
        let e =
            parse_header("https://puzz.link/p?bridges/3/3/2g&junk", "hashi", &PIDS).unwrap_err();
        assert!(e.contains("'&junk'"), "{e}");
        let e = parse_header("https://puzz.link/p?&/3/3/2g", "hashi", &PIDS).unwrap_err();
        assert!(e.contains("puzzle type"), "{e}");
    }

    #[test]
    fn header_errors_name_the_problem() {
        let e = parse_header("puzz.link/hashikake/3/3", "hashi", &PIDS).unwrap_err();
        assert!(e.contains("'?'"), "{e}");
        let e = parse_header("p?nurikabe/3/3/2", "hashi", &PIDS).unwrap_err();
        assert!(
            e.contains("'nurikabe'") && e.contains("hashikake, bridges"),
            "{e}"
        );
        let e = parse_header("p?bridges/3", "hashi", &PIDS).unwrap_err();
        assert!(e.contains("COLS/ROWS"), "{e}");
        let e = parse_header("p?bridges/x/3/", "hashi", &PIDS).unwrap_err();
        assert!(e.contains("column count 'x'"), "{e}");
        let e = parse_header("p?bridges/3/y/", "hashi", &PIDS).unwrap_err();
        assert!(e.contains("row count 'y'"), "{e}");
    }

    #[test]
    fn only_puzzlink_style_addresses_stand_before_the_query() {
        for url in [
            "?bridges/3/3/2g",
            "p?bridges/3/3/2g",
            "p.html?bridges/3/3/2g",
            "puzz.link/p?bridges/3/3/2g",
            "https://puzz.link/p?bridges/3/3/2g",
            "HTTP://pzv.jp/p.html?bridges/3/3/2g",
            "https://example.org:8080/mirror/p?bridges/3/3/2g",
        ] {
            assert_eq!(
                parse_header(url, "hashi", &PIDS).unwrap().body,
                "2g",
                "{url}"
            );
        }
        for (url, says) in [
            ("javascript:alert(1)//?bridges/3/3/2g", "'javascript:'"),
            ("data:text/html,?bridges/3/3/2g", "'data:'"),
            ("file:///p?bridges/3/3/2g", "'file:'"),
            ("https:p?bridges/3/3/2g", "should start with https://"),
            ("https://puzz.link?bridges/3/3/2g", "no path"),
            ("https://puzz.link/list.html?bridges/3/3/2g", "/p.html"),
            (
                "https://puzz.link/p x?bridges/3/3/2g",
                "' ' at character 20",
            ),
            ("https://puzz.link/\u{1b}p?bridges/3/3/2g", "control"),
        ] {
            let e = parse_header(url, "hashi", &PIDS).unwrap_err();
            assert!(e.starts_with("hashi: ") && e.contains(says), "{url}: {e}");
        }
    }

    #[test]
    fn sizes_are_plain_decimal_numbers() {
        for (url, says) in [
            ("p?bridges/+3/3/2g", "'+3' has a sign"),
            ("p?bridges/3/03/2g", "leading zero"),
            ("p?bridges/３/3/2g", "full-width"),
        ] {
            let e = parse_header(url, "hashi", &PIDS).unwrap_err();
            assert!(e.contains(says), "{url}: {e}");
        }
    }

    #[test]
    fn number16_reads_every_token_kind() {
        let s = "3f-1a+1ff.gz";
        let mut got = Vec::new();
        let mut i = 0;
        while i < s.len() {
            let (t, w) = read_token(s, i, i + 1).unwrap();
            got.push(t);
            i += w;
        }
        use Token::*;
        assert_eq!(
            got,
            vec![
                Number(3),
                Number(15),
                Number(26),
                Number(511),
                Unknown,
                Empty(1),
                Empty(20)
            ]
        );
        assert!(read_token("-1", 0, 7).unwrap_err().contains("character 7"));
        assert!(read_token("-+1", 0, 1).unwrap_err().contains("hex"));
        // A body that ends inside a number is a cut link, said as such; a wrong character is not.
        for (body, says) in [
            ("-", "ends right after it"),
            ("-a", "ends after 'a'"),
            ("+", "ends right after it"),
            ("+1f", "ends after '1f'"),
        ] {
            let e = read_token(body, 0, 9).unwrap_err();
            assert!(e.contains(says) && e.contains("cut short"), "{body}: {e}");
        }
        for body in ["-x1", "-1x", "+12x"] {
            let e = read_token(body, 0, 9).unwrap_err();
            assert!(
                !e.contains("cut short") && e.contains("found"),
                "{body}: {e}"
            );
        }
        assert!(read_token("!", 0, 4)
            .unwrap_err()
            .contains("character 4 '!'"));
    }

    #[test]
    fn number16_round_trips() {
        let values: Vec<u32> = vec![0, 1, 15, 16, 255, 256, 4095, 0, 0, 0];
        let mut with_runs = values.clone();
        with_runs.extend(std::iter::repeat_n(0, 45));
        with_runs.push(7);
        for v in [values, with_runs] {
            let s = write_number16(&v);
            let mut back = Vec::new();
            let mut i = 0;
            while i < s.len() {
                let (t, w) = read_token(&s, i, i + 1).unwrap();
                match t {
                    Token::Number(x) => back.push(x),
                    Token::Empty(k) => back.extend(std::iter::repeat_n(0, k)),
                    Token::Unknown => unreachable!(),
                }
                i += w;
            }
            assert_eq!(back, v, "{s}");
        }
        assert_eq!(write_number16(&[2u8, 0, 2, 0, 0, 0, 0]), "2g2j");
    }
}
