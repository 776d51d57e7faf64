//! Property tests: random *valid* puzzles, built from a known solution, go through every text form
//! the project reads and writes and back unchanged; every answer the solver gives for them passes
//! the puzzle's independent checker, the known solution is among the answers, and the uniqueness
//! verdict agrees with a brute-force count on boards small enough for one.
//!
//! The default number of cases per property is small so `cargo test --release` stays quick;
//! `PROPTEST_CASES=5000 cargo test --release --test properties` runs more (docs/FUZZING.md).
//! A failing case is shrunk by proptest and printed; keep it as a named regression test below.

use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;
use serde_json::{json, Value};
use solvescope::puzzles;
use solvescope::puzzles::hashi::{self, brute::brute_force as hashi_brute, Bridge};
use solvescope::puzzles::queens::{self, QueensId};
use solvescope::puzzles::skyscrapers::{self, Puzzle as SkyPuzzle, Side};
use solvescope::session::{AnySolution, Session, Verdict};
use solvescope::shared::latin::random_latin;
use solvescope::shared::rng::Rng;

/// Cases per property: `PROPTEST_CASES` when set, else `default`.
fn config(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    ProptestConfig {
        cases,
        // Failures are kept as named tests in this file, not in a side file nobody reads.
        failure_persistence: Some(Box::new(FileFailurePersistence::Off)),
        ..ProptestConfig::default()
    }
}

/// A generous time budget: these boards are solved in milliseconds; the budget only turns a hang
/// into a failure with a message.
const MAX_MICROS: u64 = 20_000_000;

/// Solves `text` with the session (as the CLI and the page do), asking for up to two solutions.
fn solve(puzzle: &str, text: &str, algorithm: &str, options: Value) -> solvescope::session::Report {
    let mut s = Session::new(puzzle, text, algorithm, &options)
        .unwrap_or_else(|e| panic!("{puzzle} {text:?} did not start: {e}"));
    s.solve(u64::MAX, MAX_MICROS)
        .unwrap_or_else(|e| panic!("{puzzle} {text:?}: {e}"))
}

/// What the wasm `parse` and `format` exports do, natively: the registry's game reads `text` and
/// writes every form; each form it writes must read back as the same puzzle, through the game's
/// own `parse` (which picks the reader from the text, as the page and CLI do). The plain grid
/// reads back as `plain` when given (Hashi's grid cannot say k or the no-loops rule).
fn registry_round_trip(puzzle: &str, text: &str, plain: Option<&Value>) -> Value {
    let game = puzzles::lookup(puzzle).unwrap();
    let parsed = game.parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    let data = parsed["puzzle"].clone();
    assert_eq!(
        game.export(&data).unwrap(),
        parsed["exports"],
        "format(parse(text)) differs from parse's own exports"
    );
    for form in ["tatham", "puzzlink", "plain"] {
        if let Some(t) = parsed["exports"][form].as_str() {
            let again = game.parse(t).unwrap_or_else(|e| {
                panic!("the {form} export {t:?} of {text:?} does not parse: {e}")
            });
            let want = if form == "plain" {
                plain.unwrap_or(&data)
            } else {
                &data
            };
            assert_eq!(&again["puzzle"], want, "{form} export {t:?} of {text:?}");
        }
    }
    data
}

// ---------------------------------------------------------------------------------------------
// Skyscrapers: a random Latin square, a random subset of its clues and givens.
// ---------------------------------------------------------------------------------------------

/// Towers seen looking along `line`, counted here from the rules (not with the crate's helper).
fn seen(line: impl Iterator<Item = u8>) -> u8 {
    let mut tallest = 0;
    let mut count = 0;
    for h in line {
        if h > tallest {
            tallest = h;
            count += 1;
        }
    }
    count
}

/// `grid` with the clues where `clue_mask` is set and the givens where `given_mask` is set.
fn sky_puzzle(grid: &[Vec<u8>], clue_mask: &[bool], given_mask: &[bool]) -> SkyPuzzle {
    let n = grid.len();
    let col = |c: usize| (0..n).map(move |r| grid[r][c]);
    let mut clues = [vec![0; n], vec![0; n], vec![0; n], vec![0; n]];
    for i in 0..n {
        clues[Side::Top.index()][i] = seen(col(i));
        clues[Side::Bottom.index()][i] = seen(col(i).collect::<Vec<_>>().into_iter().rev());
        clues[Side::Left.index()][i] = seen(grid[i].iter().copied());
        clues[Side::Right.index()][i] = seen(grid[i].iter().rev().copied());
    }
    for (k, on) in clue_mask.iter().enumerate() {
        if !on {
            clues[k / n][k % n] = 0;
        }
    }
    let givens = (0..n * n)
        .map(|k| if given_mask[k] { grid[k / n][k % n] } else { 0 })
        .collect();
    SkyPuzzle { n, clues, givens }
}

/// (grid, clue mask, given mask): N from 1 to 7, about half the clues, about a tenth of the cells.
fn sky_case() -> impl Strategy<Value = (Vec<Vec<u8>>, Vec<bool>, Vec<bool>)> {
    (1usize..=7, any::<u64>()).prop_flat_map(|(n, seed)| {
        let grid = random_latin(n, &mut Rng::new(seed));
        (
            Just(grid),
            proptest::collection::vec(proptest::bool::weighted(0.5), 4 * n),
            proptest::collection::vec(proptest::bool::weighted(0.1), n * n),
        )
    })
}

fn check_latin(grid: &[Vec<u8>]) {
    let n = grid.len();
    for i in 0..n {
        let mut row: Vec<u8> = grid[i].clone();
        let mut col: Vec<u8> = (0..n).map(|r| grid[r][i]).collect();
        row.sort();
        col.sort();
        let want: Vec<u8> = (1..=n as u8).collect();
        assert!(row == want && col == want, "not a Latin square: {grid:?}");
    }
}

fn sky_solutions(report: &solvescope::session::Report) -> Vec<Vec<Vec<u8>>> {
    report
        .solutions
        .iter()
        .map(|s| match s {
            AnySolution::Skyscrapers(g) => g.clone(),
            other => panic!("not a Skyscrapers solution: {other:?}"),
        })
        .collect()
}

fn skyscrapers_property(grid: &[Vec<u8>], clue_mask: &[bool], given_mask: &[bool]) {
    check_latin(grid);
    let p = sky_puzzle(grid, clue_mask, given_mask);
    p.validate().unwrap();
    skyscrapers::check_solution(&p, grid).unwrap();

    // Every writer's text reads back as the same puzzle, by its own reader and by parse_any.
    let forms = [
        (
            "tatham",
            skyscrapers::to_tatham_id(&p),
            skyscrapers::parse_tatham as fn(&str) -> _,
        ),
        (
            "puzzlink",
            skyscrapers::to_puzzlink_url(&p),
            skyscrapers::parse_puzzlink,
        ),
        ("plain", skyscrapers::to_plain(&p), skyscrapers::parse_plain),
        (
            "plain, one line",
            skyscrapers::to_plain(&p).replace('\n', "/"),
            skyscrapers::parse_plain,
        ),
    ];
    for (form, text, read) in &forms {
        assert_eq!(read(text).as_ref(), Ok(&p), "{form} {text:?}");
        assert_eq!(
            skyscrapers::parse_any(text).as_ref(),
            Ok(&p),
            "{form} {text:?} via parse_any"
        );
        // Surrounding whitespace is trimmed by every reader.
        assert_eq!(
            skyscrapers::parse_any(&format!(" \n{text}\t")).as_ref(),
            Ok(&p),
            "{form}"
        );
    }
    let data = registry_round_trip("skyscrapers", &forms[0].1, None);
    assert_eq!(data, serde_json::to_value(&p).unwrap());

    // The solver: every answer checked, the known grid among them, the verdict right.
    let r = solve("skyscrapers", &forms[0].1, "solve", json!({"limit": 2}));
    let found = sky_solutions(&r);
    for g in &found {
        skyscrapers::check_solution(&p, g).unwrap();
    }
    match r.verdict {
        Verdict::Unique => assert_eq!(found, vec![grid.to_vec()], "unique, but not the known grid"),
        Verdict::Multiple => {
            assert_eq!(found.len(), 2);
            assert_ne!(found[0], found[1]);
        }
        v => panic!(
            "{}: verdict {v:?} for a puzzle made from a solution",
            forms[0].1
        ),
    }
    if p.n <= 5 {
        let brute = skyscrapers::brute_force(&p, 2);
        assert_eq!(
            brute.len() == 1,
            r.verdict == Verdict::Unique,
            "{}: brute force found {} solution(s), the solver says {:?}",
            forms[0].1,
            brute.len(),
            r.verdict
        );
    }

    // The player's check agrees: the known grid has no mistakes.
    let game = puzzles::lookup("skyscrapers").unwrap();
    let checked = game.check(&data, &json!(grid)).unwrap();
    assert_eq!(checked["mistakes"], json!([]), "{checked}");
    assert_eq!(checked["solvability"], json!(r.verdict), "{checked}");
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn skyscrapers_round_trip_and_solve((grid, clues, givens) in sky_case()) {
        skyscrapers_property(&grid, &clues, &givens);
    }
}

// ---------------------------------------------------------------------------------------------
// Hashiwokakero: a random connected bridge layout, grown island by island.
// ---------------------------------------------------------------------------------------------

/// One growth step: from island `from` (an index, wrapped), go `len` cells in direction `dir` and
/// build `count` bridges (wrapped into 1..=k) to a new island there, or to the island already there.
type Grow = (usize, u8, usize, u8);

struct Layout {
    puzzle: hashi::Puzzle,
    bridges: Vec<Bridge>,
}

/// Grows a layout on a `w`×`h` board; steps that would break a rule (islands side by side, a
/// bridge crossing another, a second bridge between the same pair, a loop under the no-loops
/// rule) are skipped. Then `rocks` are dropped on cells no bridge passes.
fn grow(
    (w, h): (usize, usize),
    start: (usize, usize),
    k: u8,
    no_loops: bool,
    steps: &[Grow],
    rocks: &[(usize, usize)],
) -> Layout {
    const EMPTY: u8 = 0;
    const ISLAND: u8 = 1;
    const SPAN: u8 = 2;
    const ROCK: u8 = 3;
    let mut cell = vec![EMPTY; w * h];
    let mut islands = vec![(start.0 % h, start.1 % w)];
    cell[islands[0].0 * w + islands[0].1] = ISLAND;
    let mut bridges: Vec<Bridge> = Vec::new();
    let neighbour_island = |cell: &[u8], r: usize, c: usize| {
        (r > 0 && cell[(r - 1) * w + c] == ISLAND)
            || (r + 1 < h && cell[(r + 1) * w + c] == ISLAND)
            || (c > 0 && cell[r * w + c - 1] == ISLAND)
            || (c + 1 < w && cell[r * w + c + 1] == ISLAND)
    };
    for &(from, dir, len, count) in steps {
        let (r0, c0) = islands[from % islands.len()];
        let (dr, dc): (isize, isize) = [(0, 1), (1, 0), (0, -1), (-1, 0)][dir as usize % 4];
        let len = len.max(2) as isize;
        let (r1, c1) = (r0 as isize + dr * len, c0 as isize + dc * len);
        if r1 < 0 || c1 < 0 || r1 >= h as isize || c1 >= w as isize {
            continue;
        }
        let (r1, c1) = (r1 as usize, c1 as usize);
        let between = (1..len).map(|s| {
            (
                (r0 as isize + dr * s) as usize,
                (c0 as isize + dc * s) as usize,
            )
        });
        if between.clone().any(|(r, c)| cell[r * w + c] != EMPTY) {
            continue;
        }
        let (a, b) = ((r0, c0), (r1, c1));
        match cell[r1 * w + c1] {
            EMPTY if !neighbour_island(&cell, r1, c1) => {
                cell[r1 * w + c1] = ISLAND;
                islands.push(b);
            }
            // A second link between islands already connected makes a loop.
            ISLAND if !no_loops => {
                if bridges.iter().any(|x| (x.a, x.b) == (a.min(b), a.max(b))) {
                    continue;
                }
            }
            _ => continue,
        }
        for (r, c) in between {
            cell[r * w + c] = SPAN;
        }
        let n = count % k + 1;
        bridges.push(Bridge {
            a: a.min(b),
            b: a.max(b),
            n,
        });
    }
    for &(r, c) in rocks {
        let (r, c) = (r % h, c % w);
        if cell[r * w + c] == EMPTY {
            cell[r * w + c] = ROCK;
        }
    }
    let mut cells: Vec<u8> = cell
        .iter()
        .map(|&v| if v == ROCK { hashi::ROCK } else { hashi::WATER })
        .collect();
    for b in &bridges {
        for (r, c) in [b.a, b.b] {
            cells[r * w + c] += b.n;
        }
    }
    bridges.sort();
    Layout {
        puzzle: hashi::Puzzle {
            width: w,
            height: h,
            cells,
            max_bridges: k,
            no_loops,
        },
        bridges,
    }
}

#[allow(clippy::type_complexity)]
fn hashi_case() -> impl Strategy<
    Value = (
        (usize, usize),
        (usize, usize),
        u8,
        bool,
        Vec<Grow>,
        Vec<(usize, usize)>,
    ),
> {
    (
        (2usize..=9, 2usize..=9),
        (0usize..9, 0usize..9),
        prop_oneof![3 => Just(2u8), 1 => 1u8..=4],
        proptest::bool::weighted(0.2),
        proptest::collection::vec((0usize..64, 0u8..4, 2usize..6, 0u8..4), 1..24),
        prop_oneof![
            3 => Just(Vec::new()),
            1 => proptest::collection::vec((0usize..9, 0usize..9), 1..6)
        ],
    )
}

fn hashi_solutions(report: &solvescope::session::Report) -> Vec<Vec<Bridge>> {
    report
        .solutions
        .iter()
        .map(|s| match s {
            AnySolution::Hashi(b) => {
                let mut b: Vec<Bridge> = b.iter().map(|x| x.normalized()).collect();
                b.sort();
                b
            }
            other => panic!("not a Hashiwokakero solution: {other:?}"),
        })
        .collect()
}

fn hashi_property(layout: &Layout) {
    let p = &layout.puzzle;
    p.validate()
        .unwrap_or_else(|e| panic!("the generated board is invalid: {e}: {p:?}"));
    hashi::check_solution(p, &layout.bridges).unwrap();
    let has_rocks = p.cells.contains(&hashi::ROCK);

    // Tatham IDs hold everything but rocks.
    match hashi::format::to_tatham_id(p) {
        Ok(id) => {
            assert!(!has_rocks);
            assert_eq!(hashi::format::parse_tatham(&id).as_ref(), Ok(p), "{id}");
            assert_eq!(
                hashi::format::parse_any(&id).as_ref(),
                Ok(p),
                "{id} via parse_any"
            );
        }
        Err(e) => assert!(has_rocks, "no Tatham ID without rocks: {e}"),
    }
    // puzz.link holds neither rocks, nor the no-loops rule, nor k other than 2.
    let fits_url = !has_rocks && !p.no_loops && p.max_bridges == 2;
    match hashi::format::to_puzzlink_url(p) {
        Ok(url) => {
            assert!(fits_url, "{url} written for a board it cannot hold");
            assert_eq!(hashi::format::parse_puzzlink(&url).as_ref(), Ok(p), "{url}");
            assert_eq!(
                hashi::format::parse_any(&url).as_ref(),
                Ok(p),
                "{url} via parse_any"
            );
        }
        Err(e) => assert!(!fits_url, "no URL for a board that fits one: {e}"),
    }
    // The plain grid holds the cells; k is read from the numbers (docs/formats/hashi.md §3.2), no
    // loops off.
    let plain = hashi::format::to_plain(p);
    let largest = p
        .cells
        .iter()
        .filter(|&&v| v != hashi::ROCK)
        .max()
        .copied()
        .unwrap_or(0);
    let implied = hashi::Puzzle {
        max_bridges: if largest > 8 { largest.div_ceil(4) } else { 2 },
        no_loops: false,
        ..p.clone()
    };
    assert_eq!(
        hashi::format::parse_plain(&plain).as_ref(),
        Ok(&implied),
        "{plain}"
    );
    assert_eq!(
        hashi::format::parse_any(&plain).as_ref(),
        Ok(&implied),
        "{plain} via parse_any"
    );
    let multi_line = plain.replace('/', "\n");
    assert_eq!(
        hashi::format::parse_plain(&multi_line).as_ref(),
        Ok(&implied),
        "{multi_line}"
    );

    let text = hashi::format::to_tatham_id(p).unwrap_or(plain);
    let solved = if has_rocks { &implied } else { p };
    let data = registry_round_trip(
        "hashi",
        &text,
        Some(&serde_json::to_value(&implied).unwrap()),
    );
    assert_eq!(data, serde_json::to_value(solved).unwrap());

    // The solver: answers checked, the known layout among them when it is unique, the verdict
    // agreeing with brute force on small boards.
    let r = solve("hashi", &text, "solve", json!({"limit": 2}));
    let found = hashi_solutions(&r);
    for b in &found {
        hashi::check_solution(solved, b).unwrap();
    }
    // With k read back from the plain grid the layout may not fit the rule the solver was given
    // (k = 2 but a layout bridge of 3): then nothing is promised about the layout itself.
    let layout_fits = hashi::check_solution(solved, &layout.bridges).is_ok();
    match r.verdict {
        Verdict::Unique if layout_fits => {
            assert_eq!(
                found,
                vec![layout.bridges.clone()],
                "{text}: unique, but not the layout"
            )
        }
        Verdict::Unique => assert_eq!(found.len(), 1),
        Verdict::Multiple => {
            assert_eq!(found.len(), 2);
            assert_ne!(found[0], found[1]);
        }
        Verdict::None => assert!(!layout_fits, "{text}: no solution, but the layout is one"),
        v => panic!("{text}: verdict {v:?}"),
    }
    let islands = solved
        .cells
        .iter()
        .filter(|&&v| v != 0 && v != hashi::ROCK)
        .count();
    if islands <= 7 {
        let brute = hashi_brute(solved, false, 2);
        assert_eq!(
            brute.len().min(2),
            found.len(),
            "{text}: brute force found {} solution(s), the solver {:?}",
            brute.len(),
            r.verdict
        );
    }

    // The player's check: the known layout is finished, with no mistakes.
    if layout_fits {
        let game = puzzles::lookup("hashi").unwrap();
        let checked = game.check(&data, &json!(layout.bridges)).unwrap();
        assert_eq!(checked["solved"], json!(true), "{text}: {checked}");
        assert_eq!(
            checked["solvability"],
            json!(r.verdict),
            "{text}: {checked}"
        );
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn hashi_round_trip_and_solve(
        (size, start, k, no_loops, steps, rocks) in hashi_case()
    ) {
        let layout = grow(size, start, k, no_loops, &steps, &rocks);
        // A board needs two islands: one alone has number 0, which is no island.
        prop_assume!(!layout.bridges.is_empty());
        hashi_property(&layout);
    }
}

// ---------------------------------------------------------------------------------------------
// N-Queens: IDs round-trip; backtracking and repair answers are checked; counts match brute force.
// ---------------------------------------------------------------------------------------------

/// Placements of `n` queens counted by trying every permutation (no pruning beyond columns).
fn brute_count(n: usize) -> u64 {
    fn go(n: usize, cols: &mut Vec<usize>) -> u64 {
        if cols.len() == n {
            let ok = (0..n).all(|i| (0..i).all(|j| cols[i].abs_diff(cols[j]) != i - j));
            return ok as u64;
        }
        let mut total = 0;
        for c in 0..n {
            if !cols.contains(&c) {
                cols.push(c);
                total += go(n, cols);
                cols.pop();
            }
        }
        total
    }
    go(n, &mut Vec::new())
}

fn queens_solution(report: &solvescope::session::Report) -> Option<Vec<usize>> {
    match report.solutions.first()? {
        AnySolution::Queens(cols) => Some(cols.clone()),
        other => panic!("not an N-Queens solution: {other:?}"),
    }
}

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn queens_ids_round_trip(n in 0..=queens::repair::MAX_REPAIR_N, seed in proptest::option::of(any::<u64>())) {
        let id = QueensId { n, seed };
        let text = queens::format_id(&id);
        prop_assert_eq!(queens::parse_id(&text), Ok(id));
        prop_assert_eq!(queens::parse_id(&format!("  {text} ")), Ok(id));
        // The bare form the CLI takes.
        let bare = text.strip_prefix("queens:").unwrap();
        prop_assert_eq!(queens::parse_id(bare), Ok(id));
    }

    /// A size past every algorithm's range is refused by the parser, quoted exactly as typed
    /// (not as the largest `usize`, which is all a 32-bit wasm build could hold).
    #[test]
    fn queens_ids_beyond_every_range_are_refused_as_typed(n in (queens::repair::MAX_REPAIR_N as u64 + 1)..=u64::MAX) {
        let e = queens::parse_id(&format!("queens:{n}")).unwrap_err();
        let quoted = format!("board size {n} is larger than any algorithm takes");
        prop_assert!(e.contains(&quoted), "{}", e);
    }

    #[test]
    fn queens_backtracking_answers_are_checked(n in 1usize..=24) {
        let text = queens::format_id(&QueensId { n, seed: None });
        let data = registry_round_trip("queens", &text, None);
        prop_assert_eq!(data, json!({"n": n, "seed": null}));
        let r = solve("queens", &text, "backtrack", Value::Null);
        match queens_solution(&r) {
            Some(cols) => {
                queens::check_placement(n, &cols).unwrap();
                prop_assert_eq!(r.verdict, Verdict::Found);
            }
            None => {
                prop_assert!(n == 2 || n == 3, "no placement found for N = {}", n);
                prop_assert_eq!(r.verdict, Verdict::None);
            }
        }
        if n <= 8 {
            let r = solve("queens", &text, "backtrack", json!({"mode": "count"}));
            prop_assert_eq!(r.stats.solutions, brute_count(n), "N = {}", n);
        }
    }

    #[test]
    fn queens_repair_answers_are_checked(n in 4usize..=400, seed in any::<u64>()) {
        let text = queens::format_id(&QueensId { n, seed: Some(seed) });
        let r = solve("queens", &text, "repair", Value::Null);
        prop_assert_eq!(r.seed, Some(seed));
        if let Some(cols) = queens_solution(&r) {
            queens::check_placement(n, &cols).unwrap();
            prop_assert_eq!(r.verdict, Verdict::Found);
        } else {
            // Repair may give up (restart limits), but never claims a placement it does not have.
            prop_assert!(matches!(r.verdict, Verdict::GaveUp | Verdict::Budget), "{:?}", r.verdict);
        }
    }
}
