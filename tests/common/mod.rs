//! What the command-line tests share: running the binary.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the binary with `args` and `stdin`: (exit code, stdout, stderr).
pub fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    run_bytes(args, stdin.as_bytes().to_vec())
}

/// Runs the binary with raw bytes on stdin (written from a thread, so a child that stops reading
/// early does not block or fail the test): (exit code, stdout, stderr).
pub fn run_bytes(args: &[&str], stdin: Vec<u8>) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_solvescope"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}
