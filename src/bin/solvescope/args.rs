//! A very small argument reader: positional words plus `--flag` and `--flag VALUE` options, and
//! the bounded reader of `--batch` files (docs/FORMATS.md §6.3, Appendix A).

use std::io::BufRead;

use solvescope::shared::text::quote;

use crate::Failure;

pub struct Args {
    pub positional: Vec<String>,
    flags: Vec<(String, Option<String>)>,
}

impl Args {
    /// Splits `argv` for `command` (e.g. "queens count", named in messages); `valued` lists the
    /// flags that take a value, `switches` those that take none. Any other flag is refused with
    /// the list of flags the command does take, so a flag meant for another command is never
    /// silently ignored.
    pub fn parse(
        argv: &[String],
        command: &str,
        valued: &[&str],
        switches: &[&str],
    ) -> Result<Self, Failure> {
        let mut positional = Vec::new();
        let mut flags = Vec::new();
        let mut i = 0;
        while i < argv.len() {
            let a = &argv[i];
            if let Some(name) = a.strip_prefix("--") {
                let (name, inline) = match name.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (name, None),
                };
                if valued.contains(&name) {
                    let value = match inline {
                        Some(v) => v,
                        None => {
                            i += 1;
                            argv.get(i)
                                .cloned()
                                .ok_or_else(|| Failure::input(format!("--{name} needs a value")))?
                        }
                    };
                    flags.push((name.to_string(), Some(value)));
                } else if switches.contains(&name) {
                    if inline.is_some() {
                        return Err(Failure::input(format!(
                            "--{name} is a switch and takes no value: write {}, not {}",
                            quote(&format!("--{name}")),
                            quote(a)
                        )));
                    }
                    flags.push((name.to_string(), None));
                } else {
                    let known: Vec<String> = valued
                        .iter()
                        .chain(switches)
                        .map(|f| format!("--{f}"))
                        .collect();
                    return Err(Failure::input(format!(
                        "{command} has no option {}{}",
                        quote(&format!("--{name}")),
                        if known.is_empty() {
                            " (it takes none)".to_string()
                        } else {
                            format!(" (its options: {})", known.join(", "))
                        }
                    )));
                }
            } else {
                positional.push(a.clone());
            }
            i += 1;
        }
        Ok(Args { positional, flags })
    }

    pub fn has(&self, name: &str) -> bool {
        self.flags.iter().any(|(n, _)| n == name)
    }

    pub fn value(&self, name: &str) -> Option<&str> {
        self.flags
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    /// A whole-number flag, read as every number Solvescope reads (`decimal`: ASCII digits, no
    /// sign, no leading zero, at most 2^64−1), with a message naming the flag and the mistake.
    pub fn number<T: TryFrom<u64>>(&self, name: &str) -> Result<Option<T>, Failure> {
        use solvescope::shared::text::{decimal, not_decimal};
        let Some(v) = self.value(name) else {
            return Ok(None);
        };
        let n = decimal(v).ok_or_else(|| Failure::input(not_decimal(&format!("--{name}"), v)))?;
        T::try_from(n).map(Some).map_err(|_| {
            Failure::input(format!("--{name} {} is out of range: too large", quote(v)))
        })
    }

    /// A fractional flag (`--noise 0.25`): ASCII digits with at most one `.` between digits,
    /// nothing else (no sign, exponent, `NaN` or `inf`), so the value is a finite number.
    pub fn float(&self, name: &str) -> Result<Option<f64>, Failure> {
        let Some(v) = self.value(name) else {
            return Ok(None);
        };
        let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
        let ok = match v.split_once('.') {
            Some((i, f)) => digits(i) && digits(f),
            None => digits(v),
        };
        match v.parse::<f64>() {
            Ok(x) if ok && x.is_finite() => Ok(Some(x)),
            _ => Err(Failure::input(format!(
                "--{name} {} is not a number: write digits with at most one '.', like 0.25",
                quote(v)
            ))),
        }
    }
}

/// `--techniques a,b,…`: exactly the named techniques on and the others of `known` off (`all` and
/// `none` are accepted too); without the flag, `None` leaves the solver's defaults.
pub fn techniques(
    list: Option<&str>,
    known: &[&str],
) -> Result<Option<std::collections::BTreeMap<String, bool>>, Failure> {
    let Some(list) = list else {
        return Ok(None);
    };
    let mut on: std::collections::BTreeMap<String, bool> =
        known.iter().map(|k| (k.to_string(), false)).collect();
    for word in list.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        match word {
            "none" => {}
            "all" => on.values_mut().for_each(|v| *v = true),
            w if known.contains(&w) => {
                on.insert(w.to_string(), true);
            }
            other => {
                return Err(Failure::input(format!(
                    "--techniques: unknown technique {} (known: {}, all, none)",
                    quote(other),
                    known.join(", ")
                )))
            }
        }
    }
    Ok(Some(on))
}

/// The longest line a `--batch` file may have, in bytes: a few tab-separated columns of puzzle
/// texts (each at most [`solvescope::shared::text::MAX_TEXT_BYTES`]).
pub const MAX_LINE_BYTES: usize = 256 * 1024;
/// The most a `--batch` file may hold, in bytes and in lines (comments and blank lines included).
pub const MAX_BATCH_BYTES: u64 = 64 * 1024 * 1024;
pub const MAX_BATCH_LINES: usize = 1_000_000;

/// Whether a trimmed batch line is a comment: `#` alone or followed by a space or tab. A `#`
/// followed by anything else starts a puzzle (a Hashiwokakero plain grid whose first cell is a
/// rock, `#2.2/.../2.2`), so such a line is read, and reported if it does not parse.
pub fn is_comment(line: &str) -> bool {
    line == "#" || line.starts_with("# ") || line.starts_with("#\t")
}

/// Where a puzzle came from: its 1-based argument number or batch line number.
#[derive(Clone, Copy)]
pub enum Place {
    Argument(usize),
    Line(usize),
}

/// One puzzle of a `solve` or `format` command: where it came from, how messages name that place
/// ("argument 2", "file.txt line 7", "- line 7" for stdin), and its text, or why the line could
/// not be read as text (too long, not UTF-8).
pub struct Job {
    pub place: Place,
    pub label: String,
    pub text: Result<String, String>,
}

/// Hands `each` the puzzles of a command, as they are read: the IDs given as arguments, then the
/// lines of `--batch FILE` (`-` reads stdin; blank lines and comments ([`is_comment`]) skipped, one leading
/// byte-order mark dropped). A line with tab-separated columns (the fixture files) stands for its
/// first field that `parses`; failing that, the whole line, whose error is then reported.
///
/// The file is read line by line with a cap on each read, never whole: a line over
/// [`MAX_LINE_BYTES`] is a bad line like one that does not parse (reported, then skipped to its
/// end), and a file over [`MAX_BATCH_BYTES`] or [`MAX_BATCH_LINES`] ends the command with exit 2
/// after the lines before. Returns how many puzzles there were.
pub fn for_each_job(
    ids: &[&str],
    batch: Option<&str>,
    puzzle: &str,
    parses: impl Fn(&str) -> bool,
    mut each: impl FnMut(Job) -> Result<(), Failure>,
) -> Result<usize, Failure> {
    let mut count = 0;
    for (k, id) in ids.iter().enumerate() {
        count += 1;
        each(Job {
            place: Place::Argument(k + 1),
            label: format!("argument {}", k + 1),
            text: Ok(id.to_string()),
        })?;
    }
    let Some(file) = batch else {
        return Ok(count);
    };
    let cannot = |e: std::io::Error| Failure::input(format!("--batch {}: {e}", quote(file)));
    let mut reader: Box<dyn BufRead> = if file == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::io::BufReader::new(
            std::fs::File::open(file).map_err(cannot)?,
        ))
    };
    let mut total = 0u64;
    let mut buf = Vec::new();
    let too_big = || {
        Failure::input(format!(
            "--batch {}: the file is larger than {MAX_BATCH_BYTES} bytes, the most a batch may hold; split it",
            quote(file)
        ))
    };
    for k in 1.. {
        buf.clear();
        // Two bytes more than a full line: a line of exactly MAX_LINE_BYTES arrives whole with
        // its newline, CRLF included, and a longer one is known to be longer.
        let read = std::io::Read::take(&mut reader, MAX_LINE_BYTES as u64 + 2)
            .read_until(b'\n', &mut buf)
            .map_err(cannot)?;
        if read == 0 {
            break;
        }
        if k > MAX_BATCH_LINES {
            return Err(Failure::input(format!(
                "--batch {}: the file has more than {MAX_BATCH_LINES} lines, the most a batch may hold; split it",
                quote(file)
            )));
        }
        total += read as u64;
        if total > MAX_BATCH_BYTES {
            return Err(too_big());
        }
        let place = Place::Line(k);
        let label = format!("{file} line {k}");
        let ended = buf.last() == Some(&b'\n');
        if ended {
            buf.pop();
        }
        // A CRLF ending is the line's end, not its text (the last line may end in a bare CR).
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
        if buf.len() > MAX_LINE_BYTES {
            count += 1;
            each(Job {
                place,
                label,
                text: Err(format!(
                    "{puzzle}: the line is longer than {MAX_LINE_BYTES} bytes, the most a batch line may have"
                )),
            })?;
            // Unless its newline came with it (a line one or two bytes over), skip to that
            // newline, still counting towards the file's limit, so the next line is read from
            // its start.
            if !ended {
                loop {
                    let chunk = reader.fill_buf().map_err(cannot)?;
                    if chunk.is_empty() {
                        break;
                    }
                    let (used, done) = match chunk.iter().position(|&b| b == b'\n') {
                        Some(p) => (p + 1, true),
                        None => (chunk.len(), false),
                    };
                    reader.consume(used);
                    total += used as u64;
                    if total > MAX_BATCH_BYTES {
                        return Err(too_big());
                    }
                    if done {
                        break;
                    }
                }
            }
            continue;
        }
        let line = match std::str::from_utf8(&buf) {
            Ok(line) => line,
            Err(e) => {
                count += 1;
                each(Job {
                    place,
                    label,
                    text: Err(format!(
                        "{puzzle}: the line is not UTF-8 text (byte {} is not valid)",
                        e.valid_up_to() + 1
                    )),
                })?;
                continue;
            }
        };
        let line = if k == 1 {
            line.strip_prefix('\u{feff}').unwrap_or(line)
        } else {
            line
        };
        let t = line.trim();
        if t.is_empty() || is_comment(t) {
            continue;
        }
        // The file's byte-order mark was dropped above; the puzzle reader would drop a second one
        // as the text's own, and a line is not two texts.
        if k == 1 && t.starts_with('\u{feff}') {
            count += 1;
            each(Job {
                place,
                label,
                text: Err(format!(
                    "{puzzle}: the line starts with a second byte-order mark (U+FEFF); only one, at the start of the file, is dropped"
                )),
            })?;
            continue;
        }
        let id = t.split('\t').find(|f| parses(f)).unwrap_or(t);
        count += 1;
        each(Job {
            place,
            label,
            text: Ok(id.to_string()),
        })?;
    }
    Ok(count)
}
