use super::*;
use crate::shared::rng::Rng;

/// A random puzzle of the given box shape, each cell given with probability `percent` (the
/// values need not fit: the forms carry any values in range).
fn random_puzzle(box_rows: usize, box_cols: usize, percent: u64, rng: &mut Rng) -> Puzzle {
    let n = box_rows * box_cols;
    let givens = (0..n * n)
        .map(|_| {
            if rng.below(100) < percent {
                rng.below(n as u64) as u8 + 1
            } else {
                0
            }
        })
        .collect();
    Puzzle {
        n,
        box_rows,
        box_cols,
        givens,
    }
}

#[test]
fn every_form_round_trips_at_every_size_and_shape() {
    let mut rng = Rng::new(30);
    let shapes = [
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (4, 4),
        (1, 5),
        (2, 4),
        (3, 4),
        (1, 1),
        (4, 3),
    ];
    let mut urls = 0;
    for (h, w) in shapes {
        for percent in [0, 5, 30, 70, 100] {
            let p = random_puzzle(h, w, percent, &mut rng);
            assert_eq!(parse(&to_plain(&p)).unwrap(), p, "plain {}", to_plain(&p));
            assert_eq!(parse(&to_line(&p)).unwrap(), p, "line {}", to_line(&p));
            assert_eq!(
                parse(&to_solo_id(&p)).unwrap(),
                p,
                "solo {}",
                to_solo_id(&p)
            );
            if let Some(url) = to_puzzlink_url(&p) {
                assert_eq!(parse(&url).unwrap(), p, "{url}");
                urls += 1;
            }
        }
    }
    // puzz.link has 4x4, 6x6 (2x3), 9x9 and 16x16; not 3x2, 1x5, 2x4, 3x4, 1x1 or 4x3 boxes.
    assert_eq!(urls, 4 * 5);
}

#[test]
fn the_usual_written_forms_read_as_people_write_them() {
    // The 81-character line, with 0 or . for empty, and the same grid printed with box rules.
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let p = parse(line).unwrap();
    assert_eq!((p.n, p.box_rows, p.box_cols), (9, 3, 3));
    assert_eq!(&p.givens[..9], &[4, 0, 0, 0, 0, 0, 8, 0, 5]);
    assert_eq!(parse(&line.replace('.', "0")).unwrap(), p);
    let printed = "4 . . | . . . | 8 . 5\n. 3 . | . . . | . . .\n. . . | 7 . . | . . .\n------+-------+------\n\
                   . 2 . | . . . | . 6 .\n. . . | . 8 . | 4 . .\n. . . | . 1 . | . . .\n------+-------+------\n\
                   . . . | 6 . 3 | . 7 .\n5 . . | 2 . . | . . .\n1 . 4 | . . . | . . .";
    assert_eq!(parse(printed).unwrap(), p);
    let slashed: Vec<String> = line
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8_lossy(r).into())
        .collect();
    assert_eq!(parse(&slashed.join("/")).unwrap(), p);
    // Solo's own encoding of the same grid: runs of empty cells as letters.
    assert_eq!(parse(&to_solo_id(&p)).unwrap(), p);
    assert!(
        to_solo_id(&p).starts_with("3x3:4e8a5a3"),
        "{}",
        to_solo_id(&p)
    );
    // 6x6 boxes are 2 rows by 3 columns unless written; 3x2 written first turns them.
    let six = "1.....\n......\n......\n......\n......\n.....6";
    assert_eq!(parse(six).unwrap().box_rows, 2);
    let turned = parse(&format!("3x2\n{six}")).unwrap();
    assert_eq!((turned.box_rows, turned.box_cols), (3, 2));
    assert_eq!(to_solo_id(&turned), "3x2:1zh6");
    // 16x16: numbers with blanks, 1-9 and A-G, or the letters A-P alone.
    let mut numbers = vec![vec![".".to_string(); 16]; 16];
    numbers[0][0] = "16".into();
    numbers[0][1] = "9".into();
    numbers[15][15] = "10".into();
    let spaced: Vec<String> = numbers.iter().map(|r| r.join(" ")).collect();
    let p16 = parse(&spaced.join("\n")).unwrap();
    assert_eq!((p16.givens[0], p16.givens[1], p16.givens[255]), (16, 9, 10));
    let compact = format!("G9{}A", ".".repeat(253));
    assert_eq!(parse(&compact).unwrap(), p16);
    let letters = format!("PI{}j", ".".repeat(253));
    assert_eq!(parse(&letters).unwrap(), p16);
    // puzz.link: the grid's cells in number16, 16 as -10.
    let url = to_puzzlink_url(&p16).unwrap();
    assert!(
        url.starts_with("https://puzz.link/p?sudoku/16/16/-109z"),
        "{url}"
    );
    assert_eq!(parse(&url).unwrap(), p16);
    assert_eq!(
        parse("http://pzv.jp/p.html?sudoku/4/4/1t2").unwrap().givens[15],
        2
    );
}

#[test]
fn bad_input_says_what_and_where() {
    for (bad, says) in [
        ("", "empty"),
        (
            "1.../..3./.x../...2",
            "row 3, column 2: 'x' is not a digit 1..4",
        ),
        (
            "1.../..5./..../...2",
            "row 2, column 3: '5' is not a digit 1..4",
        ),
        (
            "1.../..3/..../...2",
            "row 2 has 3 cells, and there are 4 rows",
        ),
        ("12345678", "8 cells is no square grid"),
        (&".".repeat(25), "a 5x5 grid has no usual box shape"),
        (
            "2x3\n....\n....\n....\n....",
            "boxes of 2x3 cells do not tile a 4x4 grid",
        ),
        ("3x3:a5z", "covers 28 of the 81 cells"),
        ("2x2:a5o", "has 5 at character 6, not a value in 1..4"),
        (
            "2x2:a1!o",
            "character 7 '!' is not part of a Solo description",
        ),
        ("2x2:z", "runs past the 16 cells"),
        ("9j:a,b", "Jigsaw"),
        ("3x3x:i", "Solo X game"),
        ("3x3#1234", "random seed"),
        ("5x5:a", "Solo 5x5 is a 25x25 grid"),
        ("https://puzz.link/p?sudoku/9/9/1z", "21 of its 81 cells"),
        (
            "https://puzz.link/p?sudoku/4/4/5o",
            "gives 5 at character 32 (row 1, column 1)",
        ),
        (
            "https://puzz.link/p?sudoku/5/5/y",
            "4x4, 6x6, 9x9, 16x16 or 25x25",
        ),
        (
            "https://puzz.link/p?sudoku/4/4/zz",
            "goes on past the 16 cells",
        ),
        ("https://puzz.link/p?sukoro/4/4/v", "expected one of sudoku"),
    ] {
        let e = parse(bad).unwrap_err();
        assert!(
            e.starts_with("sudoku: ") && e.contains(says),
            "{bad:?}: {e}"
        );
    }
}
