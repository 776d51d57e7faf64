//! Writes tests/fixtures/hashi-small.txt and tests/fixtures/hashi-generated.txt.
//! Run: `cargo run --release --example hashi_fixtures`. Statuses come from the solver and, for
//! the small boards, must agree with the brute-force enumerator (the program panics otherwise).
use solvescope::engine::Status;
use solvescope::puzzles::hashi::brute::brute_force;
use solvescope::puzzles::hashi::generate::*;
use solvescope::puzzles::hashi::solve::solve_all;
use solvescope::puzzles::hashi::*;
use std::fmt::Write;

fn status(p: &Puzzle) -> (&'static str, Vec<Vec<Bridge>>) {
    let (st, sols, _) = solve_all(p, SolveOptions::default(), u64::MAX, u64::MAX).unwrap();
    let s = match (st, sols.len()) {
        (Status::Exhausted, 0) => "none",
        (Status::Exhausted, 1) => "unique",
        (Status::LimitReached, 2) => "multiple",
        other => panic!("unexpected {other:?}"),
    };
    (s, sols)
}

fn id_of(p: &Puzzle) -> String {
    to_tatham_id(p).unwrap_or_else(|_| to_plain(p))
}

fn main() {
    let small: &[(&str, &str)] = &[
        (
            "3.3.2/...../.2.2./...../2.3.3",
            "the source article's 5x5 example (no solution)",
        ),
        ("2.2/.../1.1", "tiny, unique"),
        (
            "3.3/.../3.3",
            "two solutions: double bridges on the rows or on the columns",
        ),
        ("2.2/.../3.3", "two solutions without a rock"),
        (
            "2#2/.../3.3",
            "the same board with a rock between the top 2s: unique",
        ),
        ("1#1/.../2.2", "rock, unique"),
        ("2#2/.../2.2", "rock, no solution"),
        ("3x3m3:5a5c5a5", "m3: several solutions"),
        ("3x3m3:6a6c6a6", "m3: unique (three bridges on every side)"),
        ("..4../...../4.G.4/...../..4..", "island of 16 (m4), unique"),
        (
            "3x3m2L:2a2c2a2",
            "no-loops rule: the only layout is a loop, so none",
        ),
        ("3x3m2L:3a3c3a3", "no-loops rule, none"),
        (
            "6x6m2L:2a4a2i4i1a4a3g",
            "no-loops rule makes it unique (two solutions without L)",
        ),
        (
            "4x4m2L:e3a3e2a2",
            "no-loops rule makes it unique (two solutions without L)",
        ),
        (
            "6x6m2L:g3a3a32l3a2b3a3b4",
            "no-loops rule makes it unique (two solutions without L)",
        ),
        (
            "......./2.4..3./...2.../......./2..4.5./..1..../1....2.",
            "crossing-only: a second solution exists if bridges could cross",
        ),
        (
            "2...3/...../..1.4/2..1./..2.3",
            "crossing-only: a second solution exists if bridges could cross",
        ),
        (
            "3.4.3/...2./...../..2.2/3..3.",
            "crossing-only: a second solution exists if bridges could cross",
        ),
        (
            "3.4.3./.....1/3...2./....../2.5..3/......",
            "crossing-only: a second solution exists if bridges could cross",
        ),
        (
            "....../4.4..3/...2../..1..3/....../3..4.2",
            "crossing-only: a second solution exists if bridges could cross",
        ),
        (
            ".2.3../....../.3...1/....../.3.4.2/......",
            "crossing-only: a second solution exists if bridges could cross",
        ),
    ];
    let mut out = String::from("# Small Hashiwokakero boards written by hand or found by a seeded search (examples/hashi_fixtures.rs).\n# Each status was computed by the solver AND confirmed by the brute-force enumerator (hashi::brute); crossing-only boards\n# have one solution under all rules and two when crossings are ignored.\n# status<TAB>id<TAB>bridges \"r1,c1-r2,c2xK\" joined by \";\" (unique only, else -)<TAB>note\n");
    for &(text, note) in small {
        let p = parse_any(text).unwrap();
        let (s, sols) = status(&p);
        let brute = brute_force(&p, false, 3);
        let want = match brute.len() {
            0 => "none",
            1 => "unique",
            _ => "multiple",
        };
        assert_eq!(s, want, "{text}");
        if note.starts_with("crossing-only") {
            assert!(brute_force(&p, true, 3).len() >= 2, "{text}");
        }
        let sol = if s == "unique" {
            format_bridge_list(&sols[0])
        } else {
            "-".into()
        };
        writeln!(out, "{s}\t{}\t{sol}\t{note}", id_of(&p)).unwrap();
    }
    std::fs::write("tests/fixtures/hashi-small.txt", out).unwrap();

    let mut out = String::from("# Generated Hashiwokakero boards (src/puzzles/hashi/generate.rs via examples/hashi_fixtures.rs). A random bridge layout is\n# grown from one island with the seeded shared::rng::Rng (seed in the note): 'tree' layouts have no loops, 'loopy' ones join\n# existing islands half the time. Island numbers are read off the layout; then, while the solver finds a second solution,\n# generate::make_unique splits a link with a new island, drops a link on a loop, or drops a rock on a link only the other\n# solution uses. The final layout is the solution column (unique, proved by the solver; checked by the tests).\n# status<TAB>id (Tatham ID, or plain grid when there are rocks)<TAB>bridges<TAB>note\n");
    for &(w, n, len) in &[
        (30usize, 200usize, 6usize),
        (40, 320, 7),
        (50, 420, 8),
        (60, 500, 8),
    ] {
        for (kind, loops, count, rocks_ok) in [("tree", 0.0, 2, true), ("loopy", 0.6, 3, false)] {
            let mut made = 0;
            let mut seed = w as u64 * 1000 + if loops > 0.0 { 500 } else { 0 };
            while made < count {
                seed += 1;
                let gp = GenParams {
                    width: w,
                    height: w,
                    islands: n,
                    max_bridges: 2,
                    max_len: len,
                    loop_chance: loops,
                    no_loops: false,
                    expansion: None,
                };
                let (p, layout) = generate(&gp, seed);
                check_solution(&p, &layout).unwrap();
                let Some((p, layout, edits, rocks)) = make_unique(&p, &layout, 200, 2_000_000)
                else {
                    continue;
                };
                if rocks > 0 && !rocks_ok {
                    continue;
                }
                let islands = p.cells.iter().filter(|&&c| c != 0 && c != ROCK).count();
                let (s, sols) = status(&p);
                assert_eq!(s, "unique");
                assert_eq!(format_bridge_list(&sols[0]), format_bridge_list(&layout));
                writeln!(out, "unique\t{}\t{}\t{w}x{w} {kind}, {islands} islands, {edits} edits, {rocks} rocks, seed {seed}", id_of(&p), format_bridge_list(&layout)).unwrap();
                eprintln!(
                    "{w}x{w} {kind} seed {seed}: {islands} islands, {edits} edits, {rocks} rocks"
                );
                made += 1;
            }
        }
    }
    std::fs::write("tests/fixtures/hashi-generated.txt", out).unwrap();
}
