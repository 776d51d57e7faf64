//! `solvescope`: the native command line (docs/FORMATS.md §6).
//!
//! stdout carries exactly one JSON object per answer (JSON lines) and nothing else; messages go to
//! stderr. Exit status: 0 success, 2 bad input (with a one-line reason), 1 an internal failure.
//! Arguments are parsed by hand: the grammar is tiny and a parser crate would dominate build time.
//!
//! The first word names a puzzle (any registry name or alias). The generic commands of
//! `commands.rs` (`solve`, `generate`, `format`, `list`) work for every puzzle of the registry, with
//! flags made from the registry's option descriptions; `extras/` adds the few commands that only
//! one puzzle has.

mod args;
mod commands;
mod extras;

use std::process::ExitCode;

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
        Some("-h") | Some("--help") | Some("help") => {
            print!("{}", commands::usage());
            Ok(())
        }
        Some("list") => commands::list(),
        Some(word) => match solvescope::puzzles::lookup(word) {
            Ok(game) => match extras::run(game.info().name, &argv[1..]) {
                Some(result) => result,
                None => commands::run(game, &argv[1..]),
            },
            Err(e) => Err(Failure::input(format!("{e}\n{}", commands::usage()))),
        },
        None => Err(Failure::input(commands::usage().trim_end().to_string())),
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
