//! The command line against the attack pass of issue 36: batch lines at the length limit, Hashi
//! grids that start with a rock, a closed stdout, two byte-order marks, and numbers in flags.
//! The expected lines come from how each input file is built (which line holds what), not from
//! another path of the program.

mod common;
use common::run;

use serde_json::Value;

const SKY: &str = "4://///1/3///4/////3/";
const MAX_LINE: usize = 262_144;

fn json_lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// The reproduction: a line of exactly the maximum, a puzzle, a bad line. Each line gets
/// its answer in its place with its own number; nothing is swallowed. A CRLF file the same: the
/// CR is the line's ending, not one byte too many.
#[test]
fn a_line_of_exactly_the_maximum_leaves_the_next_line_alone() {
    for eol in ["\n", "\r\n"] {
        exactly_the_maximum(eol);
    }
}

fn exactly_the_maximum(eol: &str) {
    let mut file = "x".repeat(MAX_LINE);
    file.push_str(&format!("{eol}{SKY}{eol}bad{eol}"));
    let (code, out, err) = run(&["skyscrapers", "solve", "--batch", "-"], &file);
    assert_eq!(code, 2, "{err}");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(lines[0]["line"], 1, "{out}");
    assert_eq!(lines[0]["status"], "error");
    // Read whole as a line, then refused by the puzzle reader's own, smaller limit.
    assert!(
        lines[0]["error"]
            .as_str()
            .unwrap()
            .contains("262144 bytes long"),
        "{out}"
    );
    assert_eq!(lines[1]["id"], SKY);
    assert_eq!(lines[1]["status"], "unique");
    assert_eq!(lines[2]["line"], 3, "{out}");
    assert!(
        err.contains("- line 1:") && err.contains("- line 3:"),
        "{err}"
    );
    assert!(err.contains("2 puzzle(s) could not be read"), "{err}");
}

/// One byte over: the line reader refuses it, skips to its newline, and goes on at the next.
#[test]
fn a_line_one_byte_over_is_refused_and_the_next_is_read() {
    for (over, eol) in [1, 2, 3, 100_000]
        .into_iter()
        .flat_map(|over| [(over, "\n"), (over, "\r\n")])
    {
        let mut file = "x".repeat(MAX_LINE + over);
        file.push_str(&format!("{eol}{SKY}{eol}bad{eol}{SKY}"));
        let (code, out, err) = run(&["skyscrapers", "solve", "--batch", "-"], &file);
        assert_eq!(code, 2, "{err}");
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 4, "{over} {eol:?}: {out}");
        assert_eq!(lines[0]["line"], 1);
        assert!(
            lines[0]["error"]
                .as_str()
                .unwrap()
                .contains("longer than 262144 bytes"),
            "{out}"
        );
        assert_eq!(lines[1]["status"], "unique");
        assert_eq!(lines[2]["line"], 3);
        assert_eq!(
            lines[3]["status"], "unique",
            "a last line without a newline"
        );
    }
}

/// `#2.2/..../.1.1` is a Hashi plain grid whose first cell is a rock: a puzzle, not a comment.
/// Comments are `#` alone or followed by a space or tab.
#[test]
fn a_hashi_grid_starting_with_a_rock_is_a_puzzle() {
    let file = "# a comment\n#\n#\tanother\n#2.2/..../.1.1\n##\n";
    let (code, out, err) = run(&["hashi", "solve", "--batch", "-"], file);
    assert_eq!(code, 2, "'##' is no comment and no puzzle: {err}");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0]["id"], "#2.2/..../.1.1");
    assert_eq!(lines[0]["status"], "unique");
    // The one solution, worked out by hand: (0,1) needs 2 and cannot take both from (0,3)
    // (then (2,1) is cut off), so one bridge each to (0,3) and (2,1), and (0,3) one to (2,3).
    let expected = serde_json::json!([
        {"a": [0, 1], "b": [0, 3], "n": 1},
        {"a": [0, 1], "b": [2, 1], "n": 1},
        {"a": [0, 3], "b": [2, 3], "n": 1},
    ]);
    assert_eq!(lines[0]["solution"], expected);
    assert_eq!(lines[1]["line"], 5);
    assert_eq!(lines[1]["status"], "error");

    // The reproduction: its first grid has rows of 4 and 3 cells, so it is reported, in
    // its place, instead of vanishing; its second has no solution (each corner's 2 can only go
    // down, twice, which leaves two halves apart).
    let (code, out, _) = run(
        &["hashi", "solve", "--batch", "-"],
        "#2.2/.../2.2\n2#2/.../2.2\n",
    );
    assert_eq!(code, 2);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(
        (lines[0]["line"].clone(), lines[0]["status"].clone()),
        (1.into(), "error".into())
    );
    assert_eq!(lines[1]["id"], "2#2/.../2.2");
    assert_eq!(lines[1]["status"], "none");
}

/// `solvescope … >&-`: stdout is closed, so nothing can be written; that is exit 1 with a
/// message, not 0 with every answer lost. (A reader that goes away is still 0: tests/cli.rs.)
/// Sent to `/dev/null` it is a choice, and exit 0, whether opened write-only (a shell's
/// `>/dev/null`) or read-write (`1<>/dev/null`, as Python's `DEVNULL` and Node's `'ignore'` do).
#[test]
fn a_closed_stdout_is_exit_1_with_a_message() {
    for redirect in [">/dev/null", "1<>/dev/null"] {
        let null = std::process::Command::new("sh")
            .args([
                "-c",
                &format!("exec \"$0\" skyscrapers solve \"$1\" {redirect}"),
            ])
            .arg(env!("CARGO_BIN_EXE_solvescope"))
            .arg(SKY)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&null.stderr);
        assert_eq!(null.status.code(), Some(0), "{redirect}: {err}");
    }
    let out = std::process::Command::new("sh")
        .args(["-c", "exec \"$0\" skyscrapers solve \"$1\" >&-"])
        .arg(env!("CARGO_BIN_EXE_solvescope"))
        .arg(SKY)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot write the output"), "{err}");
}

/// One byte-order mark at the start of a file is dropped; a second one is an error, as it is for
/// an argument (whose one mark is dropped by the puzzle reader).
#[test]
fn two_byte_order_marks_are_refused() {
    let one = format!("\u{feff}{SKY}\n");
    let (code, out, err) = run(&["skyscrapers", "solve", "--batch", "-"], &one);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json_lines(&out)[0]["status"], "unique");
    let two = format!("\u{feff}\u{feff}{SKY}\n{SKY}\n");
    let (code, out, err) = run(&["skyscrapers", "solve", "--batch", "-"], &two);
    assert_eq!(code, 2, "{out}");
    let lines = json_lines(&out);
    assert_eq!(lines[0]["line"], 1);
    assert!(err.contains("byte-order mark"), "{err}");
    assert_eq!(lines[1]["status"], "unique");
    let (code, _, err) = run(
        &["skyscrapers", "solve", &format!("\u{feff}\u{feff}{SKY}")],
        "",
    );
    assert_eq!(code, 2, "{err}");
}

/// Numbers in flags follow the same rules as numbers in IDs (docs/LIMITS.md): no leading zero,
/// no sign; a value too large says so with the range; `NaN` is not a number.
#[test]
fn numbers_in_flags_are_strict_and_say_what_is_wrong() {
    let refused = |args: &[&str]| {
        let (code, out, err) = run(args, "");
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        err
    };
    let e = refused(&["skyscrapers", "solve", SKY, "--max-ms", "007"]);
    assert!(e.contains("--max-ms '007' has a leading zero"), "{e}");
    let e = refused(&["skyscrapers", "solve", SKY, "--limit", "+3"]);
    assert!(e.contains("has a sign"), "{e}");
    let e = refused(&["queens", "repair", "8", "--tabu", "4294967296"]);
    assert!(
        e.contains("4294967295") && !e.contains("not a valid number"),
        "{e}"
    );
    let e = refused(&["queens", "repair", "8", "--noise", "NaN"]);
    assert!(
        e.contains("--noise 'NaN' is not a number") && !e.contains("null"),
        "{e}"
    );
    let e = refused(&["queens", "repair", "8", "--noise", "1e-3"]);
    assert!(e.contains("is not a number"), "{e}");
    // What is right still reads.
    let (code, _, err) = run(
        &["queens", "repair", "8", "--noise", "0.25", "--tabu", "3"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&["skyscrapers", "solve", SKY, "--max-ms", "0"], "");
    assert_eq!(code, 0, "{err}");
}

/// `queens format 0` is no board; the word `skyscrapers` with a wrong command lists `grade`.
#[test]
fn small_inconsistencies_of_the_command_line() {
    let (code, out, err) = run(&["queens", "format", "0"], "");
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("from 1 to"), "{err}");
    let (code, _, err) = run(&["skyscrapers", "bogus"], "");
    assert_eq!(code, 2);
    assert!(err.contains("'grade'"), "{err}");
    let (code, _, err) = run(&["hashi", "bogus"], "");
    assert_eq!(code, 2);
    assert!(err.contains("'grade'"), "{err}");
    // `hashi grade` exists, as docs/CLI.md §6.12 says.
    let (code, out, err) = run(&["hashi", "grade", "3x3m2:2a2c2a2"], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(json_lines(&out)[0]["status"], "graded");
}

/// Seeds are every `u64`, exactly, as the wasm `generate` takes them as text (tests/unit/
/// wasm-budget.test.mjs compares the two): the line prints the seed's digits as given, and a seed
/// past 2^64 - 1 says it is too large.
#[test]
fn generate_takes_every_u64_seed_exactly() {
    for seed in [
        "1152921504606846976",
        "18446744073709551615",
        "9007199254740993",
    ] {
        let (code, out, err) = run(&["skyscrapers", "generate", "5", "--seed", seed], "");
        assert_eq!(code, 0, "{err}");
        // Text above 2^53 - 1, as the wasm `generate` hands it back: a JSON reader in
        // JavaScript would round the number.
        assert!(out.contains(&format!("\"seed\":\"{seed}\",")), "{out}");
    }
    let (_, out, _) = run(
        &["skyscrapers", "generate", "5", "--seed", "9007199254740991"],
        "",
    );
    assert!(out.contains("\"seed\":9007199254740991,"), "{out}");
    let (code, _, err) = run(
        &[
            "skyscrapers",
            "generate",
            "5",
            "--seed",
            "18446744073709551616",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("too large"), "{err}");
}

/// The repair seed is every `u64` too, whichever way it is given: `--seed S` runs the same moves
/// as the ID `queens:N#S` (which always took every u64), and the line writes it as text above
/// 2^53 - 1. Before, `--seed` stopped at 2^53 - 1 while the ID went on.
#[test]
fn repair_takes_every_u64_seed_as_the_id_does() {
    for seed in ["9007199254740993", "18446744073709551615", "12"] {
        let (code, by_flag, err) = run(&["queens", "repair", "10", "--seed", seed], "");
        assert_eq!(code, 0, "{err}");
        let (code, by_id, err) = run(&["queens", "repair", &format!("queens:10#{seed}")], "");
        assert_eq!(code, 0, "{err}");
        let [a, b] = [&by_flag, &by_id].map(|o| json_lines(o).remove(0));
        for key in ["moves", "restarts", "nodes", "seed"] {
            assert_eq!(a[key], b[key], "{key}: {by_flag} vs {by_id}");
        }
        let text = seed.parse::<u64>().unwrap() > (1 << 53) - 1;
        assert_eq!(a["seed"].is_string(), text, "{by_flag}");
        assert_eq!(a["seed"].to_string().trim_matches('"'), seed);
    }
    let (code, _, err) = run(
        &["queens", "repair", "10", "--seed", "18446744073709551616"],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("too large"), "{err}");
}

/// A Hashiwokakero seed ID's digits are a seed as every seed is: `7x7#005` and a seed past
/// 2^64 - 1 are refused (they were read as 5 and hashed), spaces around it are trimmed, and
/// other text is still hashed.
#[test]
fn hashi_seed_ids_read_digits_as_every_seed() {
    // The board made, as its Tatham ID (the line also echoes the ID asked for).
    let board = |id: &str| {
        let (code, out, err) = run(&["hashi", "format", id], "");
        let made = (code == 0).then(|| json_lines(&out)[0]["tatham"].clone());
        (code, made, err)
    };
    let (code, five, err) = board("7x7#5");
    assert_eq!(code, 0, "{err}");
    assert_eq!(board("7x7# 5 ").1, five);
    for (id, why) in [
        ("7x7#005", "leading zero"),
        ("7x7#18446744073709551616", "too large"),
    ] {
        let (code, _, err) = board(id);
        assert_eq!(code, 2, "{id}");
        assert!(err.contains(why), "{id}: {err}");
    }
    let (code, word, err) = board("7x7#word");
    assert_eq!(code, 0, "{err}");
    assert_ne!(word, five);
}

/// `repair-stats` runs trial t with seed S + t, as the experiments do, and refuses seeds that
/// would run past 2^64 - 1 as they do (it wrapped round to 0).
#[test]
fn repair_stats_refuses_seeds_past_the_largest() {
    let max = u64::MAX.to_string();
    let (code, out, err) = run(
        &[
            "queens",
            "repair-stats",
            "--seed",
            &max,
            "--trials",
            "1",
            "--sizes",
            "8",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(json_lines(&out)[0]["seed"], max.as_str());
    let (code, _, err) = run(
        &[
            "queens",
            "repair-stats",
            "--seed",
            &max,
            "--trials",
            "2",
            "--sizes",
            "8",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("run past 18446744073709551615"), "{err}");
}
