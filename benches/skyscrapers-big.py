#!/usr/bin/env python3
"""Big Skyscrapers benchmark (issue 15): Solvescope against a CP-SAT model on 10x10 to 16x16.

Two parts:

* ``--make`` builds the puzzles by a route independent of Solvescope and writes them to
  tests/fixtures/skyscrapers-big.txt (the Rust tests read the same file). For every puzzle: a random
  Latin square (row by row, each row a random perfect matching of columns to the heights still free
  in them, which always exists by Hall's theorem), all 4N visibility clues, givens from the square
  added (in random order) until a CP-SAT model proves the solution unique, then every clue and
  given, in random order, dropped if CP-SAT still proves uniqueness without it. The result is
  minimal: no single clue or given can go. A few 16x16 clue-only boards are added too: all clues of
  a square (unique or multiple, whichever it is), the same with clues dropped until a second
  solution appears (multiple), and one clue changed until CP-SAT proves there is no solution (none).
  Everything comes from one fixed seed.

* the default run reads that file, solves every puzzle with Solvescope's native CLI in one batch
  (``solvescope skyscrapers solve --batch``; its ``micros`` field is the time of the search with the
  uniqueness proof, so process start-up is not counted) and with CP-SAT (one worker: find a solution,
  then forbid it and prove there is no other), in the same run, and prints per size the median and
  maximum time of each, Solvescope's nodes and the ratio. Every Solvescope answer is checked here
  (Latin square, every clue, every given) and its verdict must equal CP-SAT's.

With ``--generated K`` the run also takes K puzzles per size from Solvescope's generator
(``generate N --difficulty unreasonable --givens``: minimal for uniqueness, needing search); with
``--base PATH`` a second build is timed in turn with the first, in the same run.

Usage: python3 benches/skyscrapers-big.py [--make] [--per-size K] [--bin PATH] [--generated K] [--base PATH]
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from ortools.sat.python import cp_model

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURE = os.path.join(ROOT, "tests", "fixtures", "skyscrapers-big.txt")
SIZES = (10, 12, 14, 16)
SEED = 1515


# ---------------------------------------------------------------- puzzles as data

def lines_of(n):
    """The 4N lines in Tatham's clue order (top, bottom, left, right), each as the cells seen
    from its clue, nearest first."""
    out = []
    for c in range(n):
        out.append([(r, c) for r in range(n)])
    for c in range(n):
        out.append([(r, c) for r in reversed(range(n))])
    for r in range(n):
        out.append([(r, c) for c in range(n)])
    for r in range(n):
        out.append([(r, c) for c in reversed(range(n))])
    return out


def seen(heights):
    count, top = 0, 0
    for h in heights:
        if h > top:
            count, top = count + 1, h
    return count


def clues_of(square):
    n = len(square)
    return [seen([square[r][c] for r, c in line]) for line in lines_of(n)]


def tatham_id(n, clues, givens):
    """`N:CLUES[,GIVENS]` (docs/formats/skyscrapers.md §1.1); clue 0 = none, givens {(r, c): h}."""
    text = f"{n}:" + "/".join(str(c) if c else "" for c in clues)
    if givens:
        parts, run, last_num = [], 0, False
        for i in range(n * n):
            h = givens.get(divmod(i, n))
            if h is None:
                run += 1
                continue
            while run > 0:
                k = min(run, 26)
                parts.append(chr(ord("a") + k - 1))
                run -= k
                last_num = False
            if last_num:
                parts.append("_")
            parts.append(str(h))
            last_num = True
        while run > 0:
            k = min(run, 26)
            parts.append(chr(ord("a") + k - 1))
            run -= k
        text += "," + "".join(parts)
    return text


def parse_id(text):
    """The inverse of tatham_id (enough for the files this script writes)."""
    head, desc = text.split(":", 1)
    n = int(head)
    clue_text, _, given_text = desc.partition(",")
    clues = [int(f) if f else 0 for f in clue_text.split("/")]
    assert len(clues) == 4 * n, text
    givens, i, k = {}, 0, 0
    while k < len(given_text):
        ch = given_text[k]
        if ch.isalpha():
            i += ord(ch) - ord("a") + 1
            k += 1
        elif ch == "_":
            k += 1
        else:
            j = k
            while j < len(given_text) and given_text[j].isdigit():
                j += 1
            givens[divmod(i, n)] = int(given_text[k:j])
            i += 1
            k = j
    return n, clues, givens


def check(n, clues, givens, grid):
    """The benchmark's own checker: Latin square of 1..N, every clue, every given."""
    if len(grid) != n or any(len(row) != n for row in grid):
        return "wrong shape"
    want = set(range(1, n + 1))
    for r in range(n):
        if set(grid[r]) != want:
            return f"row {r + 1} is not a permutation"
    for c in range(n):
        if {grid[r][c] for r in range(n)} != want:
            return f"column {c + 1} is not a permutation"
    for k, line in enumerate(lines_of(n)):
        if clues[k] and seen([grid[r][c] for r, c in line]) != clues[k]:
            return f"clue field {k + 1} ({clues[k]}) not met"
    for (r, c), h in givens.items():
        if grid[r][c] != h:
            return f"given at row {r + 1}, column {c + 1} not kept"
    return None


# ---------------------------------------------------------------- random Latin squares

def random_matching(rng, n, allowed):
    """A random perfect matching column -> height, allowed[c] = set of heights (Kuhn's algorithm
    with columns and candidate lists shuffled)."""
    match_h = {}  # height -> column

    def augment(c, seen_h):
        opts = list(allowed[c])
        rng.shuffle(opts)
        for h in opts:
            if h in seen_h:
                continue
            seen_h.add(h)
            if h not in match_h or augment(match_h[h], seen_h):
                match_h[h] = c
                return True
        return False

    cols = list(range(n))
    rng.shuffle(cols)
    for c in cols:
        if not augment(c, set()):
            raise RuntimeError("no matching (cannot happen for a Latin rectangle)")
    row = [0] * n
    for h, c in match_h.items():
        row[c] = h
    return row


def random_latin(rng, n):
    square = []
    free = [set(range(1, n + 1)) for _ in range(n)]
    for _ in range(n):
        row = random_matching(rng, n, free)
        for c, h in enumerate(row):
            free[c].discard(h)
        square.append(row)
    rng.shuffle(square)
    return square


# ---------------------------------------------------------------- the CP-SAT model

def build_model(n, clues, givens):
    """A straightforward model: integer heights, all-different rows and columns, and per clue a
    prefix maximum with one Boolean per position for "this tower is taller than all before it"."""
    m = cp_model.CpModel()
    x = [[m.NewIntVar(1, n, f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for i in range(n):
        m.AddAllDifferent(x[i])
        m.AddAllDifferent([x[r][i] for r in range(n)])
    for (r, c), h in givens.items():
        m.Add(x[r][c] == h)
    for k, line in enumerate(lines_of(n)):
        if not clues[k]:
            continue
        v = [x[r][c] for r, c in line]
        prev = v[0]
        visible = [1]
        for i in range(1, n):
            cur = m.NewIntVar(1, n, "")
            m.AddMaxEquality(cur, [prev, v[i]])
            b = m.NewBoolVar("")
            m.Add(v[i] > prev).OnlyEnforceIf(b)
            m.Add(v[i] <= prev).OnlyEnforceIf(b.Not())
            visible.append(b)
            prev = cur
        m.Add(sum(visible) == clues[k])
    return m, x


def cpsat_solve(n, clues, givens, forbid=None, time_limit=None):
    """One CP-SAT solve (one worker). Returns (grid or None, 'feasible'/'infeasible'/'unknown',
    seconds). `forbid` is a solution that must not be returned (uniqueness check)."""
    m, x = build_model(n, clues, givens)
    if forbid is not None:
        diff = []
        for r in range(n):
            for c in range(n):
                d = m.NewBoolVar("")
                m.Add(x[r][c] != forbid[r][c]).OnlyEnforceIf(d)
                m.Add(x[r][c] == forbid[r][c]).OnlyEnforceIf(d.Not())
                diff.append(d)
        m.AddBoolOr(diff)
    s = cp_model.CpSolver()
    s.parameters.num_workers = 1
    if time_limit:
        s.parameters.max_time_in_seconds = time_limit
    st = s.Solve(m)
    secs = s.WallTime()
    if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return [[s.Value(x[r][c]) for c in range(n)] for r in range(n)], "feasible", secs
    if st == cp_model.INFEASIBLE:
        return None, "infeasible", secs
    return None, "unknown", secs


def cpsat_verdict(n, clues, givens, time_limit=None):
    """(verdict, first solution, seconds for both solves)."""
    g, st, t1 = cpsat_solve(n, clues, givens, time_limit=time_limit)
    if st == "unknown":
        return "budget", None, t1
    if g is None:
        return "none", None, t1
    g2, st2, t2 = cpsat_solve(n, clues, givens, forbid=g, time_limit=time_limit)
    if st2 == "unknown":
        return "budget", g, t1 + t2
    return ("multiple" if g2 is not None else "unique"), g, t1 + t2


def still_unique(n, clues, givens, square):
    """Is `square` still the only solution? (one CP-SAT solve: anything else that fits.)"""
    g, st, _ = cpsat_solve(n, clues, givens, forbid=square)
    assert st != "unknown"
    return g is None


# ---------------------------------------------------------------- making the fixture

def minimal_puzzle(rng, n):
    square = random_latin(rng, n)
    clues = clues_of(square)
    givens = {}
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    checks = 0
    # Add givens in batches until the clues and givens pin the square down.
    k = 0
    while True:
        checks += 1
        if still_unique(n, clues, givens, square):
            break
        for (r, c) in cells[k:k + max(1, n // 4)]:
            givens[(r, c)] = square[r][c]
        k += max(1, n // 4)
    # Drop what is not needed, one item at a time in random order (an item kept was needed when it
    # was tried and stays needed as more go, so the result is minimal). Trying groups of 4 first
    # (halving on failure) was measured slower: most groups fail at these densities.
    items = [("clue", i) for i in range(4 * n)] + [("given", rc) for rc in list(givens)]
    rng.shuffle(items)

    def drop(group):
        nonlocal checks
        saved = []
        for kind, key in group:
            if kind == "clue":
                saved.append((kind, key, clues[key]))
                clues[key] = 0
            else:
                saved.append((kind, key, givens.pop(key)))
        checks += 1
        if still_unique(n, clues, givens, square):
            return
        for kind, key, old in saved:
            if kind == "clue":
                clues[key] = old
            else:
                givens[key] = old
        if len(group) > 1:
            drop(group[:len(group) // 2])
            drop(group[len(group) // 2:])

    step = 1
    for k in range(0, len(items), step):
        drop(items[k:k + step])
    return square, clues, givens, checks


def clue_only(rng, n, deadline):
    """Clue-only boards at N: all clues of a square, a reduced multiple one, and a 'none'."""
    out = []
    square = random_latin(rng, n)
    clues = clues_of(square)
    verdict, _, _ = cpsat_verdict(n, clues, {}, time_limit=60)
    if verdict in ("unique", "multiple"):
        out.append((verdict, "all-clues", clues[:], square if verdict == "unique" else None))
    # Drop clues until a second solution shows up.
    drop = list(range(4 * n))
    rng.shuffle(drop)
    reduced = clues[:]
    for i in drop:
        if time.time() > deadline:
            break
        reduced[i] = 0
        if not still_unique(n, reduced, {}, square):
            out.append(("multiple", "dropped-clues", reduced[:], None))
            break
    # Change clues of the full set until CP-SAT proves there is no solution.
    for _ in range(20):
        if time.time() > deadline:
            break
        bad = clues[:]
        i = rng.randrange(4 * n)
        bad[i] = bad[i] % n + 1
        verdict, _, _ = cpsat_verdict(n, bad, {}, time_limit=30)
        if verdict == "none":
            out.append(("none", f"clue-{i + 1}-changed", bad, None))
            break
    return out


def make(per_size):
    """Writes the fixture as it goes (a row as soon as its puzzle is made), one puzzle of every
    size per round, so an interrupted run still leaves a usable file."""
    rng = random.Random(SEED)
    t0 = time.time()
    f = open(FIXTURE, "w")
    f.write("# Big Skyscrapers (issue 15): unique minimal puzzles of 10x10 to 16x16 and 16x16 clue-only\n")
    f.write("# boards, made by benches/skyscrapers-big.py --make (seed %d) with no Solvescope code:\n" % SEED)
    f.write("# random Latin square, its clues, givens until a CP-SAT model proves uniqueness, then every\n")
    f.write("# clue and given dropped that CP-SAT can do without. The label starts with the verdict\n")
    f.write("# (unique / multiple / none), c = clues, g = givens.\n")
    f.write("# size<TAB>label<TAB>Tatham ID<TAB>solution as comma-separated heights, row-major (- if none or several)\n")
    count = 0

    def put(n, label, pid, sol):
        nonlocal count
        f.write(f"{n}\t{label}\t{pid}\t{sol}\n")
        f.flush()
        count += 1

    for k in range(per_size):
        for n in SIZES:
            if n == 16 and k >= max(1, per_size // 2):
                continue
            t = time.time()
            square, clues, givens, checks = minimal_puzzle(rng, n)
            pid = tatham_id(n, clues, givens)
            assert check(n, clues, givens, square) is None
            nclues = sum(1 for c in clues if c)
            put(n, f"unique-minimal-{k + 1}-c{nclues}-g{len(givens)}", pid,
                ",".join(str(h) for row in square for h in row))
            print(f"  {n}x{n} #{k + 1}: {nclues} clues, {len(givens)} givens, {checks} CP-SAT "
                  f"checks, {time.time() - t:.1f} s", file=sys.stderr, flush=True)
        if k == 0:
            for verdict, how, clues, square in clue_only(rng, 16, time.time() + 240):
                sol = ",".join(str(h) for row in square for h in row) if square else "-"
                put(16, f"{verdict}-clues-only-{how}", tatham_id(16, clues, {}), sol)
                print(f"  16x16 clue-only {how}: {verdict}", file=sys.stderr, flush=True)
    f.close()
    print(f"wrote {count} puzzles to {FIXTURE} in {time.time() - t0:.0f} s", file=sys.stderr)


# ---------------------------------------------------------------- the benchmark

def load():
    rows = []
    with open(FIXTURE) as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            n, label, pid, _sol = line.rstrip("\n").split("\t")
            rows.append((int(n), label, pid))
    return rows


def run_solvescope(binary, ids, max_ms):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(ids) + "\n")
        path = f.name
    try:
        out = subprocess.run([binary, "skyscrapers", "solve", "--batch", path, "--max-ms", str(max_ms)],
                             capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(path)
    res = [json.loads(l) for l in out.splitlines() if l.strip()]
    assert len(res) == len(ids), (len(res), len(ids))
    return res


def generated(binary, k):
    """K puzzles per size from Solvescope's own generator (seeds 0..K-1): `unreasonable` with
    givens, which removes clues and givens while the full solver still proves uniqueness, so each
    is minimal and needs search. CP-SAT gives the verdict the same way as for the fixture."""
    rows = []
    for n in SIZES:
        out = subprocess.run([binary, "skyscrapers", "generate", str(n), "--difficulty", "unreasonable",
                              "--givens", "--seed", "0", "--count", str(k)],
                             capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            v = json.loads(line)
            rows.append((n, f"generated-unreasonable-seed{v['seed']}", v["id"]))
    return rows


def bench(binary, max_ms, repeat, gen, base):
    rows = load()
    if gen:
        rows += generated(binary, gen)
    ids = [pid for _, _, pid in rows]
    # Solvescope: the whole batch `repeat` times, median of each puzzle's runs; the --base build
    # (a build before a change) in turn with it, in the same run.
    runs, base_runs = [], []
    for _ in range(repeat):
        runs.append(run_solvescope(binary, ids, max_ms))
        if base:
            base_runs.append(run_solvescope(base, ids, max_ms))
    table = {}
    failures = 0
    print(f"{'N':>3} {'label':<40} {'verdict':<9} {'nodes':>6} {'ms ss':>9} {'ms cpsat':>9} {'ratio':>7}"
          + (f" {'ms base':>9} {'nodes base':>10}" if base else ""))
    for i, (n, label, pid) in enumerate(rows):
        r = runs[0][i]
        micros = statistics.median(run[i]["micros"] for run in runs)
        base_ms = statistics.median(run[i]["micros"] for run in base_runs) / 1000 if base else None
        _, clues, givens = parse_id(pid)
        verdict, _, secs = cpsat_verdict(n, clues, givens, time_limit=120)
        if r["solution"] is not None:
            err = check(n, clues, givens, r["solution"])
            if err:
                print(f"WRONG: {pid}: Solvescope's solution fails: {err}")
                failures += 1
        if r["status"] != verdict:
            print(f"DISAGREE: {pid}: Solvescope {r['status']}, CP-SAT {verdict}")
            failures += 1
        ss_ms = micros / 1000
        cp_ms = secs * 1000
        extra = f" {base_ms:>9.2f} {base_runs[0][i]['nodes']:>10}" if base else ""
        print(f"{n:>3} {label:<40} {r['status']:<9} {r['nodes']:>6} {ss_ms:>9.2f} {cp_ms:>9.1f} "
              f"{cp_ms / max(ss_ms, 1e-3):>7.1f}{extra}", flush=True)
        kind = "clues only" if "clues-only" in label else "generated" if "generated" in label else "minimal"
        table.setdefault((n, kind), []).append((ss_ms, cp_ms, r["nodes"], base_ms))
    print()
    print("| N | puzzles | count | Solvescope median ms | max ms | nodes median / max | CP-SAT median ms | max ms | ratio of medians | ratio of totals |"
          + (" base median / max ms |" if base else ""))
    print("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|" + ("---:|" if base else ""))
    for (n, kind), vals in sorted(table.items()):
        ss = [v[0] for v in vals]
        cp = [v[1] for v in vals]
        nodes = [v[2] for v in vals]
        extra = ""
        if base:
            bs = [v[3] for v in vals]
            extra = f" {statistics.median(bs):.2f} / {max(bs):.2f} |"
        print(f"| {n} | {kind} | {len(vals)} | {statistics.median(ss):.2f} | {max(ss):.2f} | "
              f"{statistics.median(nodes):g} / {max(nodes)} | {statistics.median(cp):.0f} | {max(cp):.0f} | "
              f"{statistics.median(cp) / max(statistics.median(ss), 1e-3):.0f}x | {sum(cp) / max(sum(ss), 1e-3):.0f}x |"
              + extra)
    print(f"\nload average: {os.getloadavg()}; all answers checked, {failures} failures")
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--make", action="store_true", help="build the fixture file (CP-SAT only)")
    ap.add_argument("--per-size", type=int, default=4,
                    help="minimal puzzles per size (half as many at 16, about 2 min of CP-SAT each)")
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release", "solvescope"))
    ap.add_argument("--max-ms", type=int, default=60000)
    ap.add_argument("--repeat", type=int, default=3, help="Solvescope batch runs (median taken)")
    ap.add_argument("--generated", type=int, default=0, metavar="K",
                    help="also K puzzles per size from Solvescope's generator (unreasonable, givens)")
    ap.add_argument("--base", help="a second solvescope binary (a build before a change), run in turn")
    a = ap.parse_args()
    if a.make:
        make(a.per_size)
        return 0
    return 1 if bench(a.bin, a.max_ms, a.repeat, a.generated, a.base) else 0


if __name__ == "__main__":
    sys.exit(main())
