//! A very small argument reader: positional words plus `--flag` and `--flag VALUE` options.

use crate::Failure;

pub struct Args {
    pub positional: Vec<String>,
    flags: Vec<(String, Option<String>)>,
}

impl Args {
    /// Splits `argv`; `valued` lists the flags that take a value.
    pub fn parse(argv: &[String], valued: &[&str], switches: &[&str]) -> Result<Self, Failure> {
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
                } else if switches.contains(&name) && inline.is_none() {
                    flags.push((name.to_string(), None));
                } else {
                    return Err(Failure::input(format!("unknown option --{name}")));
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

    /// A numeric flag, with a message naming the flag when it does not parse.
    pub fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, Failure> {
        match self.value(name) {
            None => Ok(None),
            Some(v) => v
                .parse()
                .map(Some)
                .map_err(|_| Failure::input(format!("--{name}: '{v}' is not a valid number"))),
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
                    "--techniques: unknown technique '{other}' (known: {}, all, none)",
                    known.join(", ")
                )))
            }
        }
    }
    Ok(Some(on))
}

/// The puzzles of a `solve` command: the IDs given as arguments, then the lines of `--batch FILE`
/// (`-` reads stdin; blank lines and `#` comments skipped), each with where it came from
/// ("argument 2", "file.txt line 7") for error messages. A line with tab-separated columns (the
/// fixture files) stands for its first field that `parses`; failing that, the whole line, whose
/// error is then reported.
pub fn puzzle_jobs(
    ids: &[&str],
    batch: Option<&str>,
    parses: impl Fn(&str) -> bool,
) -> Result<Vec<(String, String)>, Failure> {
    let mut jobs: Vec<(String, String)> = ids
        .iter()
        .enumerate()
        .map(|(k, id)| (format!("argument {}", k + 1), id.to_string()))
        .collect();
    if let Some(file) = batch {
        let text = if file == "-" {
            let mut s = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin().lock(), &mut s)
                .map_err(|e| Failure::input(format!("--batch -: cannot read stdin: {e}")))?;
            s
        } else {
            std::fs::read_to_string(file)
                .map_err(|e| Failure::input(format!("--batch {file}: {e}")))?
        };
        for (k, line) in text.lines().enumerate() {
            let t = line.trim();
            if !t.is_empty() && !t.starts_with('#') {
                let id = t.split('\t').find(|f| parses(f)).unwrap_or(t);
                jobs.push((format!("{file} line {}", k + 1), id.to_string()));
            }
        }
    }
    Ok(jobs)
}
