//! `solvescope`: the native command line (shared/FORMATS.md §6).
//!
//! stdout carries exactly one JSON object per answer (JSON lines) and nothing else; messages go to
//! stderr. Exit status: 0 success, 2 bad input (with a one-line reason), 1 an internal failure.
//! Arguments are parsed by hand: the grammar is tiny and a parser crate would dominate build time.

mod args;
mod hashi;
mod queens;
mod skyscrapers;

use std::process::ExitCode;

const USAGE: &str = "usage:
  solvescope queens count N            count all solutions by backtracking
  solvescope queens solve N [--all [--limit K]]   first (or all) placements
  solvescope queens repair N [--seed S] [--print] [--tabu K] [--greedy] [--noise P]
             [--conflict-set] [--max-steps M] [--max-restarts R] [--strategy auto|minConflicts|swap]
                                       one placement by min-conflicts repair (seeded)
  solvescope queens repair-stats [--trials 200] [--sizes 8,16,...,1024] [--seed S] [repair options]
                                       the article's statistics, one JSON line per size
  solvescope skyscrapers solve ID… | --batch FILE|-  [--max-nodes N] [--max-ms MS] [--techniques LIST]
  solvescope skyscrapers generate N [--seed S] [--count K]
  solvescope hashi solve ID... | --batch FILE|-  [--max-nodes N] [--max-ms MS] [--techniques a,b,...] [--heuristic weighted|ratio]
                                       solve Bridges puzzles and prove uniqueness (JSON lines)
";

/// A failure with its exit code: 2 for the user's input, 1 for everything else.
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    pub fn input(message: impl Into<String>) -> Self {
        Failure {
            code: 2,
            message: message.into(),
        }
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::input(message)
    }
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let result = match argv.first().map(String::as_str) {
        Some("queens") => queens::run(&argv[1..]),
        Some("skyscrapers") | Some("towers") => skyscrapers::run(&argv[1..]),
        Some("hashi") | Some("hashiwokakero") | Some("bridges") => hashi::run(&argv[1..]),
        Some("-h") | Some("--help") | Some("help") => {
            print!("{USAGE}");
            Ok(())
        }
        Some(other) => Err(Failure::input(format!("unknown puzzle '{other}'\n{USAGE}"))),
        None => Err(Failure::input(USAGE.trim_end().to_string())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("solvescope: {}", f.message);
            ExitCode::from(f.code)
        }
    }
}

/// Prints one JSON line on stdout. When the reader has gone (`| head`), stop quietly: that is
/// not an error of ours, and `println!` would panic.
pub fn emit(value: &serde_json::Value) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{value}").is_err() {
        std::process::exit(0);
    }
}
