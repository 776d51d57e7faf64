//! A seeded puzzle generator, for tests, benchmarks and `solvescope skyscrapers generate`.
//!
//! 1. A random Latin square, row by row: each new row is a perfect matching between columns and
//!    the heights each column still lacks (Hall's theorem guarantees one exists for every Latin
//!    rectangle), found by augmenting paths over shuffled orders. Not uniform over Latin squares,
//!    but varied and always successful.
//! 2. All 4N clues of that square. If they do not pin it down, givens from the square are added
//!    where the first two solutions differ, until the solver proves it unique.
//! 3. Givens, then clues, are removed in random order whenever the puzzle stays unique, so the
//!    result is minimal: no single clue or given can go.
//!
//! Same `(n, seed)`, same puzzle, on every platform (only [`Rng`] is used).
//!
//! [`generate_graded`] makes a puzzle of one difficulty level instead: it starts from every clue
//! (and, with givens allowed, every cell given), removes them in random order while the level's
//! own deductions still finish the puzzle without a guess (so it stays unique and no harder than
//! asked), and keeps the result if the level below cannot finish it; otherwise it tries a new
//! Latin square, up to [`MAX_ATTEMPTS`] times.
//!
//! Both take a [`Spend`]: solver nodes and wall time for the whole puzzle. It only ever ends a
//! generation (with an error that says [`OUT_OF_BUDGET`]); it never changes what a seed makes,
//! so that a puzzle that does come out is the same on every machine however fast it is.

use super::grade::{solves_without_guessing, Difficulty};
use super::solve::{solve, Options};
use super::{visible_count, Puzzle, Side};
use crate::engine::{Machine, Status};
use crate::puzzles::contract::OUT_OF_BUDGET;
use crate::shared::clock::now_micros;
use crate::shared::rng::Rng;

pub use crate::shared::latin::random_latin;

/// The puzzle with every clue of `grid` and no givens.
pub fn all_clues(grid: &[Vec<u8>]) -> Puzzle {
    let n = grid.len();
    let mut p = Puzzle {
        n,
        clues: [vec![0; n], vec![0; n], vec![0; n], vec![0; n]],
        givens: vec![0; n * n],
    };
    for i in 0..n {
        let row: Vec<u8> = grid[i].clone();
        let col: Vec<u8> = (0..n).map(|r| grid[r][i]).collect();
        let rev = |v: &Vec<u8>| v.iter().rev().copied().collect::<Vec<u8>>();
        p.clues[Side::Top.index()][i] = visible_count(&col) as u8;
        p.clues[Side::Bottom.index()][i] = visible_count(&rev(&col)) as u8;
        p.clues[Side::Left.index()][i] = visible_count(&row) as u8;
        p.clues[Side::Right.index()][i] = visible_count(&rev(&row)) as u8;
    }
    p
}

/// A solution, row by row.
type Grid = Vec<Vec<u8>>;

/// What generating one puzzle may spend in all: solver nodes (each uniqueness search counts its
/// nodes, each level check by propagation one) and wall time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spend {
    /// Nodes in all (`u64::MAX`: no limit).
    pub max_nodes: u64,
    /// Microseconds of wall time in all (`u64::MAX`: no limit).
    pub max_micros: u64,
}

impl Spend {
    /// No limit at all.
    pub const UNLIMITED: Spend = Spend {
        max_nodes: u64::MAX,
        max_micros: u64::MAX,
    };
}

/// What is left of a [`Spend`] while one puzzle is made, and what to say when it runs out.
struct Meter {
    nodes_left: u64,
    /// A [`now_micros`] reading, `None` without a time limit.
    deadline: Option<u64>,
    spend: Spend,
    /// The request in words (`"16x16 unreasonable puzzle from seed 3"`), for the message.
    what: String,
}

impl Meter {
    fn new(spend: Spend, what: String) -> Meter {
        Meter {
            nodes_left: spend.max_nodes,
            deadline: (spend.max_micros != u64::MAX)
                .then(|| now_micros().saturating_add(spend.max_micros)),
            spend,
            what,
        }
    }

    /// The error of a generation that ran out.
    fn spent(&self) -> String {
        let mut limits = Vec::new();
        if self.spend.max_nodes != u64::MAX {
            limits.push(format!("{} nodes", self.spend.max_nodes));
        }
        if self.spend.max_micros != u64::MAX {
            limits.push(format!("{} ms", self.spend.max_micros / 1000));
        }
        format!(
            "skyscrapers: {OUT_OF_BUDGET}: making a {} took more than {}",
            self.what,
            limits.join(" or ")
        )
    }

    fn micros_left(&self) -> u64 {
        self.deadline
            .map_or(u64::MAX, |d| d.saturating_sub(now_micros()).max(1))
    }

    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| now_micros() >= d)
    }

    /// Fails once nodes or time are used up (called before each step).
    fn check(&self) -> Result<(), String> {
        if self.nodes_left == 0 || self.out_of_time() {
            return Err(self.spent());
        }
        Ok(())
    }

    fn charge(&mut self, nodes: u64) {
        self.nodes_left = self.nodes_left.saturating_sub(nodes);
    }
}

/// Unique = proved within `max_nodes`; also returns the solutions found when there are several.
/// A search stopped by `meter` rather than by `max_nodes` is an error: its answer would depend on
/// the budget (and so on the machine's speed), which what a seed makes must not.
fn uniqueness(
    p: &Puzzle,
    max_nodes: u64,
    meter: &mut Meter,
) -> Result<(bool, Option<Vec<Grid>>), String> {
    meter.check()?;
    let nodes = max_nodes.min(meter.nodes_left);
    let (status, s) = solve(p, Options::default(), nodes, meter.micros_left())?;
    meter.charge(s.stats().nodes);
    Ok(match status {
        Status::Exhausted => (s.solutions().len() == 1, None),
        Status::LimitReached => (false, Some(s.solutions().to_vec())),
        _ if nodes < max_nodes || meter.out_of_time() => return Err(meter.spent()),
        _ => (false, None),
    })
}

/// Generates a minimal puzzle of size `n` with a unique solution, returned with it.
/// `max_nodes` bounds each uniqueness check (a check that runs out keeps the clue).
pub fn generate(n: usize, seed: u64, max_nodes: u64) -> Result<(Puzzle, Vec<Vec<u8>>), String> {
    generate_within(n, seed, max_nodes, Spend::UNLIMITED)
}

/// [`generate`] within `spend` for the whole puzzle.
pub fn generate_within(
    n: usize,
    seed: u64,
    max_nodes: u64,
    spend: Spend,
) -> Result<(Puzzle, Vec<Vec<u8>>), String> {
    Puzzle::empty(n)?;
    let meter = &mut Meter::new(spend, format!("{n}x{n} puzzle from seed {seed}"));
    let mut rng = Rng::new(seed);
    let grid = random_latin(n, &mut rng);
    let mut p = all_clues(&grid);
    loop {
        let (unique, other) = uniqueness(&p, max_nodes, meter)?;
        if unique {
            break;
        }
        // Pin a cell where another solution differs (or any open cell if none was shown).
        let open: Vec<usize> = (0..n * n)
            .filter(|&i| p.givens[i] == 0)
            .filter(|&i| {
                let (r, c) = (i / n, i % n);
                other
                    .as_ref()
                    .is_none_or(|sols| sols.iter().any(|o| o[r][c] != grid[r][c]))
            })
            .collect();
        if open.is_empty() {
            return Err("skyscrapers: generator could not make the puzzle unique".into());
        }
        let i = open[rng.index(open.len())];
        p.givens[i] = grid[i / n][i % n];
    }
    // Givens go first: the point of the puzzle is the clues.
    let mut items: Vec<Item> = (0..n * n)
        .filter(|&i| p.givens[i] != 0)
        .map(Item::Given)
        .collect();
    rng.shuffle(&mut items);
    let mut clues: Vec<Item> = (0..4 * n).map(Item::Clue).collect();
    rng.shuffle(&mut clues);
    items.extend(clues);
    let p = reduce(p, items, |q| Ok(uniqueness(q, max_nodes, meter)?.0))?;
    Ok((p, grid))
}

/// One clue (`k` = side * N + index) or one given (`k` = cell) a generator may take away.
#[derive(Clone, Copy, Debug)]
enum Item {
    Clue(usize),
    Given(usize),
}

/// Takes the `items` away from `p` one at a time, in order, keeping each removal only while
/// `keep` still holds for the smaller puzzle: what is left is minimal for `keep`.
fn reduce(
    mut p: Puzzle,
    items: Vec<Item>,
    mut keep: impl FnMut(&Puzzle) -> Result<bool, String>,
) -> Result<Puzzle, String> {
    let n = p.n;
    for item in items {
        let mut q = p.clone();
        match item {
            Item::Clue(k) => q.clues[k / n][k % n] = 0,
            Item::Given(i) => q.givens[i] = 0,
        }
        if keep(&q)? {
            p = q;
        }
    }
    Ok(p)
}

/// How many Latin squares [`generate_graded`] tries before it gives up.
pub const MAX_ATTEMPTS: usize = 200;

/// Whether `p` is unique and no harder than `level`: its deductions finish it without a guess
/// (which proves uniqueness, since deductions are sound); `unreasonable` or any level (`None`)
/// needs the full solver.
fn within(
    p: &Puzzle,
    level: Option<Difficulty>,
    max_nodes: u64,
    meter: &mut Meter,
) -> Result<bool, String> {
    match level {
        None | Some(Difficulty::Unreasonable) => Ok(uniqueness(p, max_nodes, meter)?.0),
        Some(level) => {
            meter.check()?;
            meter.charge(1);
            solves_without_guessing(p, level)
        }
    }
}

/// The largest size at which a level is made with clues only. From 8x8 up the 4N clues of a
/// random Latin square never finished it without guessing, nor made it unique, in any of 3,000
/// squares tried per size (15 seeds of 200 at 8x8 and 9x9, BENCHMARKS.md), so such a request is
/// refused at once instead of trying [`MAX_ATTEMPTS`] squares (at 16x16 that would take minutes).
pub const CLUES_ONLY_MAX: usize = 7;

/// Generates a puzzle of size `n` graded exactly `level` (docs/GRADING.md; `None`: any level),
/// unique, and minimal for its level: no clue or given can go without it needing more than `level`'s deductions (or,
/// for `unreasonable`, without losing uniqueness). `givens`: cells may be given besides the
/// clues; otherwise only clues. `max_nodes` bounds each uniqueness check. Fails with a sentence
/// after [`MAX_ATTEMPTS`] Latin squares none of which gave the level (some levels do not exist
/// at small sizes).
pub fn generate_graded(
    n: usize,
    seed: u64,
    level: Option<Difficulty>,
    givens: bool,
    max_nodes: u64,
) -> Result<(Puzzle, Vec<Vec<u8>>), String> {
    generate_graded_within(n, seed, level, givens, max_nodes, Spend::UNLIMITED)
}

/// [`generate_graded`] within `spend` for the whole puzzle; a clue-only level above
/// [`CLUES_ONLY_MAX`] is refused with a sentence naming size and level.
pub fn generate_graded_within(
    n: usize,
    seed: u64,
    level: Option<Difficulty>,
    givens: bool,
    max_nodes: u64,
    spend: Spend,
) -> Result<(Puzzle, Vec<Vec<u8>>), String> {
    Puzzle::empty(n)?;
    let name = level.map_or(String::new(), |l| format!("{} ", l.name()));
    if let (Some(_), false, true) = (level, givens, n > CLUES_ONLY_MAX) {
        return Err(format!(
            "skyscrapers: no {n}x{n} {name}puzzles with clues only: from {0}x{0} up the clues of a random Latin square never pin its grid down, so clue-only levels stop at {CLUES_ONLY_MAX}x{CLUES_ONLY_MAX}; ask for given digits too (--givens)",
            CLUES_ONLY_MAX + 1
        ));
    }
    let meter = &mut Meter::new(
        spend,
        format!(
            "{n}x{n} {name}puzzle{} from seed {seed}",
            if givens { "" } else { " with clues only" }
        ),
    );
    let mut rng = Rng::new(seed);
    let easier = level.and_then(|l| Difficulty::ALL.into_iter().rev().find(|&d| d < l));
    for _ in 0..MAX_ATTEMPTS {
        let grid = random_latin(n, &mut rng);
        let mut p = all_clues(&grid);
        let mut items: Vec<Item> = (0..4 * n).map(Item::Clue).collect();
        if givens {
            for (i, g) in p.givens.iter_mut().enumerate() {
                *g = grid[i / n][i % n];
                items.push(Item::Given(i));
            }
        }
        if !within(&p, level, max_nodes, meter)? {
            continue;
        }
        rng.shuffle(&mut items);
        let p = reduce(p, items, |q| within(q, level, max_nodes, meter))?;
        let harder_than_easier = match easier {
            None => true,
            Some(d) => {
                meter.check()?;
                meter.charge(1);
                !solves_without_guessing(&p, d)?
            }
        };
        if harder_than_easier {
            return Ok((p, grid));
        }
    }
    Err(format!(
        "skyscrapers: no {n}x{n} {name}puzzle{} found in {MAX_ATTEMPTS} attempts from seed {seed} (the level may not exist at this size; try another seed or level)",
        if givens { "" } else { " with clues only" }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::skyscrapers::check_solution;

    #[test]
    fn latin_squares_are_latin() {
        let mut rng = Rng::new(3);
        for n in 1..=16 {
            let g = random_latin(n, &mut rng);
            check_solution(&all_clues(&g), &g).unwrap();
        }
    }

    #[test]
    fn generated_puzzles_are_unique_and_reproducible() {
        for n in [3, 4, 5] {
            let (p, g) = generate(n, 9, 100_000).unwrap();
            check_solution(&p, &g).unwrap();
            let all = crate::puzzles::skyscrapers::brute_force(&p, 2);
            assert_eq!(all, vec![g.clone()]);
            assert_eq!(generate(n, 9, 100_000).unwrap().0, p);
        }
    }

    #[test]
    fn every_seed_gives_a_unique_puzzle() {
        // The second solution a uniqueness check reports may be the generator's own grid; the
        // generator must pin a cell where the *other* one differs (this once failed for some seeds).
        for n in [2, 3, 4] {
            for seed in 0..150 {
                let (p, g) =
                    generate(n, seed, 100_000).unwrap_or_else(|e| panic!("n={n} seed={seed}: {e}"));
                assert_eq!(
                    crate::puzzles::skyscrapers::brute_force(&p, 2),
                    vec![g],
                    "n={n} seed={seed}"
                );
            }
        }
    }
}
