//! Puzzle text as people hand it over: the size every reader accepts, one optional byte-order
//! mark, strict decimal numbers, and how input is quoted in messages (docs/formats/README.md,
//! "Conventions shared by all parsers", and docs/LIMITS.md).
//!
//! Every parser and the command line quote input through [`quote`] and name a bad character with
//! [`describe`], so a message never carries more than a short excerpt of what it was given, and
//! never a raw control character or terminal escape: a 10 MB line must not become 10 MB of
//! stderr, and `ESC [ 2 J` in a pasted ID must not clear the screen that shows the error.

/// The longest puzzle text any reader accepts, in bytes (UTF-8). The largest board written in
/// the longest form, a 100×100 Hashiwokakero plain grid, takes 10,099 bytes; the limit leaves
/// room for indentation and spaces around the rows, and is checked before anything is read.
pub const MAX_TEXT_BYTES: usize = 64 * 1024;

/// How many characters of the input a message quotes at most.
pub const EXCERPT_CHARS: usize = 40;

const BOM: char = '\u{feff}';

/// `text` trimmed, with one leading byte-order mark dropped, or an error (prefixed `name: `)
/// when it is longer than [`MAX_TEXT_BYTES`] or starts with a second mark. Every public reader starts here.
///
/// ```
/// use solvescope::shared::text::prepare;
/// assert_eq!(prepare("hashi", "\u{feff} 3x3:2a2c2a2\n"), Ok("3x3:2a2c2a2"));
/// assert!(prepare("hashi", &"1".repeat(70_000)).unwrap_err().contains("65536"));
/// ```
pub fn prepare<'a>(name: &str, text: &'a str) -> Result<&'a str, String> {
    if text.len() > MAX_TEXT_BYTES {
        return Err(format!(
            "{name}: the puzzle text is {} bytes long, more than the {MAX_TEXT_BYTES} a puzzle may take",
            text.len()
        ));
    }
    let t = text.trim();
    let t = t.strip_prefix(BOM).map_or(t, str::trim);
    // Readers call each other (any form, then the one it is): a second mark would be dropped by
    // the next reader down, so it is refused here, where the first was dropped.
    if t.starts_with(BOM) {
        return Err(format!(
            "{name}: the text starts with a second byte-order mark (U+FEFF); one is dropped, not two"
        ));
    }
    Ok(t)
}

/// Whether `c` is shown as an escape: control characters, and characters that are invisible or
/// change how the text around them is displayed (format characters such as zero-width spaces and
/// bidirectional overrides, line and paragraph separators, spaces other than the plain one).
fn hidden(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(c,
            '\u{ad}' | '\u{34f}' | '\u{61c}' | '\u{115f}' | '\u{1160}' | '\u{180e}'
            | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}'
            | '\u{3164}' | '\u{fe00}'..='\u{fe0f}' | '\u{feff}' | '\u{ffa0}'
            | '\u{fff0}'..='\u{fffb}' | '\u{e0000}'..='\u{e0fff}')
        || ('\u{e000}'..='\u{f8ff}').contains(&c)
        || c >= '\u{f0000}'
}

fn push_escaped(out: &mut String, c: char, keep_newlines: bool) {
    match c {
        '\n' if keep_newlines => out.push('\n'),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if hidden(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        c => out.push(c),
    }
}

/// `'…'`: `s` in quotes for a message, at most [`EXCERPT_CHARS`] characters of it (longer text is
/// cut with `…` and its length in characters), hidden characters as `\u{…}` escapes and
/// backslashes doubled, so the quote says exactly what was there. Non-ASCII shows as itself.
///
/// ```
/// use solvescope::shared::text::quote;
/// assert_eq!(quote("é\u{1b}[2J"), "'é\\u{1b}[2J'");
/// assert_eq!(quote(&"x".repeat(100)), format!("'{}…' (100 characters)", "x".repeat(40)));
/// ```
pub fn quote(s: &str) -> String {
    let mut out = String::from("'");
    let mut count = 0;
    for c in s.chars() {
        count += 1;
        if count <= EXCERPT_CHARS {
            if c == '\\' {
                out.push_str("\\\\");
            } else {
                push_escaped(&mut out, c, false);
            }
        }
    }
    if count > EXCERPT_CHARS {
        out.push_str(&format!("…' ({count} characters)"));
    } else {
        out.push('\'');
    }
    out
}

/// serde's message for a value it refused, in the page's words: "invalid type: string \"x\",
/// expected u64" says what a Rust type wanted, not what the user should write. The common shapes
/// are rewritten (wrong type or value, missing or unknown field, unknown name); anything else
/// keeps serde's text with its backquotes turned into quotes.
///
/// ```
/// use solvescope::shared::text::plain_serde;
/// assert_eq!(plain_serde("invalid type: string \"yes\", expected a boolean"), "got the text \"yes\" where true or false is expected");
/// assert_eq!(plain_serde("invalid value: integer `-3`, expected u32"), "got the number -3 where a whole number is expected");
/// assert_eq!(plain_serde("missing field `seed`"), "the field \"seed\" is missing");
/// assert_eq!(plain_serde("invalid length 0, expected struct Puzzle with 5 elements"), "got a list of 0 where an object is expected");
/// assert_eq!(plain_serde("unknown field `x`, expected one of `a`, `b`"), "there is no field \"x\" (the fields are a, b)");
/// assert_eq!(plain_serde("unknown variant `up`, expected `down`"), "\"up\" is not known (known: down)");
/// assert_eq!(plain_serde("unknown variant `up`, expected `down` or `left`"), "\"up\" is not known (known: down, left)");
/// ```
pub fn plain_serde(message: &str) -> String {
    fn expected(what: &str) -> String {
        let what = what.trim();
        match what {
            "u8" | "u16" | "u32" | "u64" | "usize" | "i8" | "i16" | "i32" | "i64" | "isize" => {
                "a whole number".into()
            }
            "f32" | "f64" => "a number".into(),
            "a boolean" => "true or false".into(),
            "a string" | "a borrowed string" => "text".into(),
            "a sequence" => "a list".into(),
            "a map" => "an object".into(),
            w if w.starts_with("struct ") => "an object".into(),
            w => w.replace('`', "\""),
        }
    }
    fn got(what: &str) -> String {
        let what = what.trim();
        let inner = |w: &str| w.trim_matches('`').to_string();
        if let Some(t) = what.strip_prefix("string ") {
            format!("the text {t}")
        } else if let Some(n) = what
            .strip_prefix("integer ")
            .or_else(|| what.strip_prefix("floating point "))
        {
            format!("the number {}", inner(n))
        } else if let Some(b) = what.strip_prefix("boolean ") {
            inner(b)
        } else {
            match what {
                "map" => "an object".into(),
                "sequence" => "a list".into(),
                "unit value" | "null" => "null".into(),
                w => w.replace('`', "\""),
            }
        }
    }
    // serde lists the names as "`a`", "`a` or `b`" or "one of `a`, `b`, `c`".
    let names = |list: &str| {
        list.trim_start_matches("one of ")
            .split(", ")
            .flat_map(|n| n.split(" or "))
            .map(|n| n.trim_matches('`'))
            .collect::<Vec<_>>()
            .join(", ")
    };
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some(rest) = message.strip_prefix(prefix) {
            if let Some((g, e)) = rest.rsplit_once(", expected ") {
                return format!("got {} where {} is expected", got(g), expected(e));
            }
        }
    }
    // A list where an object was wanted: serde reads a struct from a list by position.
    if let Some(rest) = message.strip_prefix("invalid length ") {
        if let Some((n, e)) = rest.split_once(", expected ") {
            if e.starts_with("struct ") {
                return format!("got a list of {n} where an object is expected");
            }
            return format!("got {n} items where {} is expected", e.replace('`', "\""));
        }
    }
    if let Some(f) = message.strip_prefix("missing field ") {
        return format!("the field \"{}\" is missing", f.trim_matches('`'));
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        if let Some((f, list)) = rest.split_once(", expected ") {
            return format!(
                "there is no field \"{}\" (the fields are {})",
                f.trim_matches('`'),
                names(list)
            );
        }
        if let Some((f, _)) = rest.split_once(", there are no fields") {
            return format!(
                "there is no field \"{}\" (it takes none)",
                f.trim_matches('`')
            );
        }
    }
    if let Some(rest) = message.strip_prefix("unknown variant ") {
        if let Some((v, list)) = rest.split_once(", expected ") {
            return format!(
                "\"{}\" is not known (known: {})",
                v.trim_matches('`'),
                names(list)
            );
        }
    }
    message.replace('`', "\"")
}

/// `message` with every hidden character escaped except newlines: the last line of defence
/// before a message reaches a terminal or a page (the command line passes everything it prints
/// on stderr through it).
pub fn printable(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    for c in message.chars() {
        push_escaped(&mut out, c, true);
    }
    out
}

/// `json` (compact JSON as serde_json writes it) with every hidden character escaped as `\uXXXX`.
/// serde_json escapes C0 controls but writes DEL, C1 controls (U+009B starts a terminal escape)
/// and bidirectional overrides raw; outside strings compact JSON has none of them, so the result
/// is the same JSON value.
pub fn escape_hidden_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if hidden(c) {
            for unit in c.encode_utf16(&mut [0; 2]) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A bad character for a message: quoted, with a guess at the mistake where there is a likely
/// one (a full-width digit or letter from an East Asian keyboard, a minus sign or dash pasted from
/// a document, a byte-order mark, a control character).
///
/// ```
/// use solvescope::shared::text::describe;
/// assert_eq!(describe('４'), "'４' (a full-width character; type '4')");
/// assert_eq!(describe('x'), "'x'");
/// ```
pub fn describe(c: char) -> String {
    let q = quote(c.encode_utf8(&mut [0; 4]));
    match c {
        '\u{ff01}'..='\u{ff5e}' => {
            let ascii = char::from_u32(c as u32 - 0xff01 + 0x21).unwrap_or('?');
            format!("{q} (a full-width character; type '{ascii}')")
        }
        '\u{3000}' => format!("{q} (a full-width space)"),
        '\u{2010}'..='\u{2015}' | '\u{2212}' => format!("{q} (a dash or minus sign; type '-')"),
        BOM => format!("{q} (a byte-order mark, left by some editors; delete it)"),
        c if c.is_control() => format!("{q} (a control character)"),
        c if hidden(c) => format!("{q} (an invisible character)"),
        _ => q,
    }
}

/// The character at byte `at` of `s`, described (see [`describe`]); `None` at the end.
pub fn describe_at(s: &str, at: usize) -> Option<String> {
    s.get(at..)?.chars().next().map(describe)
}

/// A decimal number written the strict way: ASCII digits only, no sign, no leading zero (except
/// `0` itself), and at most `u64::MAX` (beyond, `None`, which [`not_decimal`] calls too large).
///
/// ```
/// use solvescope::shared::text::decimal;
/// assert_eq!(decimal("16"), Some(16));
/// for bad in ["", "+1", "-1", "01", "1 ", "４"] {
///     assert_eq!(decimal(bad), None, "{bad}");
/// }
/// ```
pub fn decimal(s: &str) -> Option<u64> {
    let b = s.as_bytes();
    if b.is_empty() || !b.iter().all(u8::is_ascii_digit) || (b.len() > 1 && b[0] == b'0') {
        return None;
    }
    b.iter().try_fold(0u64, |v, &d| {
        v.checked_mul(10)?.checked_add(u64::from(d - b'0'))
    })
}

/// Why `s` is not a [`decimal`] number, as a clause for a message about `what` (e.g. "the size"),
/// guessing the likely mistake: a sign, a leading zero, a full-width digit, other characters.
pub fn not_decimal(what: &str, s: &str) -> String {
    let q = quote(s);
    if s.is_empty() {
        return format!("{what} is missing");
    }
    if let Some(rest) = s.strip_prefix(['-', '+', '\u{2212}']) {
        if rest.starts_with(|c: char| c.is_ascii_digit()) {
            return format!("{what} {q} has a sign");
        }
    }
    if s.len() > 1 && s.starts_with('0') && s.bytes().all(|b| b.is_ascii_digit()) {
        return format!("{what} {q} has a leading zero");
    }
    match s.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, c)) => format!(
            "{what} {q} is not a whole number: {} at character {}",
            describe(c),
            s[..i].chars().count() + 1
        ),
        None => format!("{what} {q} is too large"),
    }
}

/// `x` as JavaScript's `String(x)` writes it, for messages that quote a number a page passed in:
/// "Infinity", "-0", and an exponent with its sign below 10^-6 and from 10^21 up ("1e+308" where
/// Rust's `{x}` would print all 309 digits). serde_json's printer is used for the exponent form
/// because it is in the module anyway (`{x:e}` would add core's exponent formatter, 2.5 KB).
pub fn js_number(x: f64) -> String {
    if x.is_infinite() {
        return if x > 0.0 { "Infinity" } else { "-Infinity" }.to_string();
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0" } else { "0" }.to_string();
    }
    if !x.is_nan() && (x.abs() >= 1e21 || x.abs() < 1e-6) {
        let s = serde_json::Value::from(x).to_string();
        // JavaScript always signs the exponent; add the sign only where the printer left it out.
        return match s.split_once('e') {
            Some((m, e)) if !e.starts_with(['+', '-']) => format!("{m}e+{e}"),
            _ => s,
        };
    }
    format!("{x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_as_javascript_writes_them() {
        for (x, js) in [
            (1e308, "1e+308"),
            (1e300, "1e+300"),
            (-1.5e21, "-1.5e+21"),
            (1e21, "1e+21"),
            (123456789012345680000.0, "123456789012345680000"),
            (1e-7, "1e-7"),
            (0.000001, "0.000001"),
            (2.5, "2.5"),
            (42.0, "42"),
            (-0.0, "-0"),
            (0.0, "0"),
            (f64::INFINITY, "Infinity"),
            (f64::NEG_INFINITY, "-Infinity"),
            (f64::NAN, "NaN"),
            (4294967296.0, "4294967296"),
        ] {
            assert_eq!(js_number(x), js, "{x:?}");
        }
    }

    #[test]
    fn quotes_are_short_escaped_and_keep_non_ascii() {
        assert_eq!(quote("abc"), "'abc'");
        assert_eq!(quote("a\\b"), "'a\\\\b'");
        assert_eq!(quote("\u{9b}31m\u{7}\0"), "'\\u{9b}31m\\u{7}\\u{0}'");
        assert_eq!(quote("a\u{202e}b\u{200b}"), "'a\\u{202e}b\\u{200b}'");
        assert_eq!(quote("日本\t"), "'日本\\t'");
        let long = "é".repeat(5_000_000);
        let q = quote(&long);
        assert!(q.chars().count() < 80, "{q}");
        assert!(q.ends_with("(5000000 characters)"), "{q}");
        // The cut never splits an escape: 40 characters, each escaped whole.
        let q = quote(&"\u{1b}".repeat(50));
        assert_eq!(q.matches("\\u{1b}").count(), 40);
    }

    #[test]
    fn printable_keeps_newlines_only() {
        assert_eq!(printable("a\nb\u{1b}[2J\r"), "a\nb\\u{1b}[2J\\r");
        assert_eq!(printable("C:\\dir é"), "C:\\dir é");
    }

    #[test]
    fn json_keeps_its_value_without_hidden_characters() {
        let v = serde_json::json!({"id": "7x7#\u{9b}31m\u{202e}\u{e0041}é", "n": 1});
        let safe = escape_hidden_json(&v.to_string());
        assert!(safe.chars().all(|c| !hidden(c)), "{safe}");
        assert!(
            safe.contains("\\u009b") && safe.contains("\\udb40\\udc41") && safe.contains('é'),
            "{safe}"
        );
        assert_eq!(serde_json::from_str::<serde_json::Value>(&safe).unwrap(), v);
    }

    #[test]
    fn prepare_trims_one_bom_and_caps_the_size() {
        assert_eq!(prepare("x", "  a b \n"), Ok("a b"));
        assert!(prepare("x", "\u{feff}\u{feff}a")
            .unwrap_err()
            .contains("second byte-order mark"));
        assert!(prepare("x", "\u{feff} \u{feff}a").is_err());
        assert_eq!(prepare("x", "\u{feff} a"), Ok("a"));
        assert_eq!(
            prepare("x", &"a".repeat(MAX_TEXT_BYTES)).unwrap().len(),
            MAX_TEXT_BYTES
        );
        let e = prepare("x", &"a".repeat(MAX_TEXT_BYTES + 1)).unwrap_err();
        assert!(e.starts_with("x: ") && e.len() < 200, "{e}");
    }

    #[test]
    fn characters_and_numbers_get_their_likely_mistake() {
        assert!(describe('\u{feff}').contains("byte-order mark"));
        assert!(describe('\u{2212}').contains("minus"));
        assert!(describe('\u{1b}').contains("control"));
        assert_eq!(describe('é'), "'é'");
        assert!(not_decimal("the size", "-4").contains("sign"));
        assert!(not_decimal("the size", "04").contains("leading zero"));
        let e = not_decimal("the size", "1２");
        assert!(e.contains("full-width") && e.contains("character 2"), "{e}");
        assert_eq!(decimal("18446744073709551615"), Some(u64::MAX));
        assert_eq!(decimal("18446744073709551616"), None);
        assert!(not_decimal("the seed", "18446744073709551616").contains("too large"));
        assert_eq!(decimal("0"), Some(0));
    }
}
