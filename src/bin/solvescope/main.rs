//! `solvescope`: the native command line (docs/FORMATS.md §6).
//!
//! stdout carries exactly one JSON object per answer (JSON lines) and nothing else; messages go to
//! stderr. Exit status: 0 success, 2 bad input (with a one-line reason; for `solve` and `format`,
//! any puzzle that did not read), 1 an internal failure or output that could not be written.
//! Everything printed passes through `solvescope::shared::text`, so input echoed in a message or a
//! JSON line never reaches the terminal as a raw control character.
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
    // Rust's stdout treats a closed descriptor (`solvescope … >&-`) as a reader that takes
    // everything, so every answer would vanish with status 0; and the next file opened would
    // take descriptor 1. Look before anything is opened or written.
    if stdout_was_closed() {
        warn("cannot write the output: standard output is closed");
        return ExitCode::from(1);
    }
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let result = match argv.first().map(String::as_str) {
        Some("-h") | Some("--help") | Some("help") => {
            write_out(&commands::usage());
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
    // Whatever is still buffered must reach its reader too, or the failure is reported.
    write_result(std::io::Write::flush(&mut std::io::stdout()));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            warn(&f.message);
            ExitCode::from(f.code)
        }
    }
}

/// Whether the program started with stdout closed (`solvescope … >&-`). Rust's runtime reopens a
/// closed descriptor 0-2 on `/dev/null` before `main`, so writes would vanish with status 0, and
/// what it opens looks like any caller's `/dev/null` (Python's `DEVNULL`, Node's `'ignore'`,
/// which are choices and exit 0). So the descriptor is looked at earlier, by a constructor in
/// `.init_array`, which the C runtime runs before Rust's `main`. Linux only; elsewhere no.
fn stdout_was_closed() -> bool {
    #[cfg(target_os = "linux")]
    return start_up::STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed);
    #[cfg(not(target_os = "linux"))]
    return false;
}

#[cfg(target_os = "linux")]
mod start_up {
    use std::sync::atomic::{AtomicBool, Ordering};

    pub static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" {
        fn fcntl(fd: i32, cmd: i32, ...) -> i32;
    }
    const F_GETFD: i32 = 1;

    extern "C" fn look_at_stdout() {
        // SAFETY: F_GETFD only reads the descriptor's flags; -1 means descriptor 1 is not open.
        if unsafe { fcntl(1, F_GETFD) } == -1 {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
        }
    }

    #[used]
    #[link_section = ".init_array"]
    static LOOK_AT_STDOUT: extern "C" fn() = look_at_stdout;
}

/// Prints one JSON line on stdout, with hidden characters escaped (see [`write_out`]).
pub fn emit(value: &serde_json::Value) {
    write_out(&format!(
        "{}\n",
        solvescope::shared::text::escape_hidden_json(&value.to_string())
    ));
}

/// Writes `text` on stdout. When the reader has gone (`| head -1`), stop quietly with status 0:
/// that is not an error of ours. Any other failure (a full disk, `>/dev/full`) is reported and
/// ends the program with status 1, since the answers did not arrive.
pub fn write_out(text: &str) {
    use std::io::Write;
    write_result(std::io::stdout().lock().write_all(text.as_bytes()));
}

fn write_result(result: std::io::Result<()>) {
    match result {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => {
            warn(&format!("cannot write the output: {e}"));
            std::process::exit(1);
        }
    }
}

/// One message on stderr, prefixed `solvescope: `, with control characters escaped. A failure to
/// write it is ignored: there is nowhere left to say so.
pub fn warn(message: &str) {
    use std::io::Write;
    let text = solvescope::shared::text::printable(message);
    let _ = writeln!(std::io::stderr().lock(), "solvescope: {text}");
}
