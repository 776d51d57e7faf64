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
/// its answer in its place with its own number; nothing is swallowed.
#[test]
fn a_line_of_exactly_the_maximum_leaves_the_next_line_alone() {
    let mut file = "x".repeat(MAX_LINE);
    file.push_str(&format!("\n{SKY}\nbad\n"));
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
    for over in [1, 2, 100_000] {
        let mut file = "x".repeat(MAX_LINE + over);
        file.push_str(&format!("\n{SKY}\nbad\n{SKY}"));
        let (code, out, err) = run(&["skyscrapers", "solve", "--batch", "-"], &file);
        assert_eq!(code, 2, "{err}");
        let lines = json_lines(&out);
        assert_eq!(lines.len(), 4, "{over}: {out}");
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
