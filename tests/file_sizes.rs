//! No Rust file under src/ runs past 1,000 lines before its `#[cfg(test)]` module (issue 29): a
//! file that long holds several jobs, and is split where they part (see `queens/count/`).
//! Tests below the code do not count, since they grow with the cases and are read one at a time.

use std::path::{Path, PathBuf};

/// Lines a file may have before its tests.
const MAX_LINES: usize = 1_000;

/// Files allowed past the limit for now, each with why. Remove an entry once its file is split.
const ALLOWED: &[&str] = &[];

/// Every `.rs` file under `dir`, depth first.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Lines before the first top-level `#[cfg(test)]` that opens a module (`mod tests` or any
/// other name), or every line when there is none. A `#[cfg(test)]` on a single item higher up
/// (a trait or impl only test builds need) is code, and counted.
fn lines_before_tests(text: &str) -> usize {
    let lines: Vec<&str> = text.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if line.trim_end() != "#[cfg(test)]" {
            continue;
        }
        // The item the attribute is on, past any further attributes.
        let item = lines[i + 1..]
            .iter()
            .find(|l| !l.trim_start().starts_with("#["));
        if item.is_some_and(|l| l.starts_with("mod ") || l.starts_with("pub mod ")) {
            return i;
        }
    }
    lines.len()
}

#[test]
fn no_rust_file_is_over_a_thousand_lines_before_its_tests() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    assert!(
        files.len() > 20,
        "found only {} files under src/",
        files.len()
    );
    let mut over = Vec::new();
    for f in &files {
        let name = f
            .strip_prefix(root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let n = lines_before_tests(&std::fs::read_to_string(f).unwrap());
        if n > MAX_LINES && !ALLOWED.contains(&name.as_str()) {
            over.push(format!("{name}: {n} lines before its tests"));
        }
    }
    assert!(
        over.is_empty(),
        "over {MAX_LINES} lines before the tests (split each along its jobs, see \
         src/puzzles/queens/count/):\n  {}",
        over.join("\n  ")
    );
}

#[test]
fn tests_are_found_where_the_module_starts() {
    let code = "fn a() {}\n#[cfg(test)]\nimpl T for U {}\nfn b() {}\n";
    assert_eq!(
        lines_before_tests(code),
        4,
        "an item under cfg(test) is code"
    );
    let with = format!("{code}#[cfg(test)]\n#[allow(unused)]\nmod tests {{\n}}\n");
    assert_eq!(lines_before_tests(&with), 4);
    assert_eq!(lines_before_tests("#[cfg(test)]\nmod checks;\n"), 0);
}
