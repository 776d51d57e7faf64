#!/usr/bin/env python3
"""Sudoku against peer solvers, side by side in one run: each set of puzzles (one line each, the
81- or 256-character form) solved with a uniqueness proof by our two algorithms (`solve`:
techniques and search; `dlx`: dancing links) through the CLI, by Tatham's Solo (its own solver,
recursion included, which also stops at a second solution) and, for 9x9, by attractivechaos's
exact-cover solver `sudoku_v1.c` (after Stertenbrink's suexco; it enumerates every solution).

    python3 benches/sudoku_peer.py SOLO_BENCH KUDOKU_BENCH [K] FILE…

SOLO_BENCH and KUDOKU_BENCH are drivers built in a scratch folder, never in this repository
(BENCHMARKS.md, "Sudoku", says how): each reads puzzles on stdin (Solo game IDs; 81-character
lines) and prints, per line, the best of K timings of the solver call in microseconds, then
Solo's difficulty code (6 = ambiguous, 7 = impossible) or the number of solutions. Our times are the CLI's `micros` (the run inside the process, the checker's pass
included), best of K. Runs alternate between us and the peer, set by set. Needs
`cargo build --release --features sudoku` first.
"""

import json
import statistics
import subprocess
import sys

BIN = "target/release/solvescope"


def solo_id(line):
    """Solo's game ID of a line: runs of empty cells as a-z, '_' between adjacent numbers."""
    n = {16: 4, 36: 6, 81: 9, 256: 16}[len(line)]
    shape = {4: "2x2", 6: "2x3", 9: "3x3", 16: "4x4"}[n]
    vals = [0 if c in ".0" else int(c) if c.isdigit() else ord(c.upper()) - 55 for c in line]
    out, run, after_number = [], 0, False
    for v in vals + [None]:
        if v == 0:
            run += 1
            continue
        while run:
            k = min(run, 26)
            out.append(chr(96 + k))
            run -= k
            after_number = False
        if v is None:
            break
        if after_number:
            out.append("_")
        out.append(str(v))
        after_number = True
    return shape + ":" + "".join(out)


def ours(path, algorithm):
    out = subprocess.run(
        [BIN, "sudoku", "solve", "--batch", path, "--algorithm", algorithm],
        capture_output=True, text=True, check=True,
    ).stdout
    rows = [json.loads(l) for l in out.splitlines()]
    for r in rows:
        assert r["status"] == "unique", (path, algorithm, r)
    return [r["micros"] for r in rows], [r["nodes"] for r in rows]


def peer(solo_bench, lines, k):
    ids = "".join(solo_id(l) + "\n" for l in lines)
    out = subprocess.run([solo_bench, str(k)], input=ids, capture_output=True, text=True, check=True).stdout
    times = []
    for l in out.splitlines():
        t, diff = l.split("\t")
        assert diff not in ("6", "7", "error"), l
        times.append(float(t))
    return times


def kudoku(bench, lines, k):
    if any(len(l) != 81 for l in lines):
        return None
    out = subprocess.run([bench, str(k)], input="".join(l + "\n" for l in lines),
                         capture_output=True, text=True, check=True).stdout
    times = []
    for l in out.splitlines():
        t, n = l.split("\t")
        assert n == "1", l
        times.append(float(t))
    return times


def main():
    solo_bench, kudoku_bench = sys.argv[1], sys.argv[2]
    k = int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[3].isdigit() else 3
    files = [a for a in sys.argv[3:] if not a.isdigit()]
    print(f"{'set':<22} {'puzzles':>7} | {'solve med/worst µs':>20} | {'dlx med/worst µs':>20} | "
          f"{'Solo med/worst µs':>20} | {'solve/Solo':>11} | {'dlx/Solo':>11} | "
          f"{'suexco med/worst µs':>20} | {'dlx/suexco':>11} | {'nodes solve/dlx med (worst)':>28}")
    for path in files:
        lines = [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]
        best = {"solve": None, "dlx": None, "solo": None, "kudoku": None}
        nodes = {}
        for _ in range(k):
            for alg in ("solve", "dlx"):
                t, nodes[alg] = ours(path, alg)
                best[alg] = t if best[alg] is None else [min(a, b) for a, b in zip(best[alg], t)]
            t = peer(solo_bench, lines, 1)
            best["solo"] = t if best["solo"] is None else [min(a, b) for a, b in zip(best["solo"], t)]
            t = kudoku(kudoku_bench, lines, 1)
            if t is not None:
                best["kudoku"] = t if best["kudoku"] is None else [min(a, b) for a, b in zip(best["kudoku"], t)]
        med = {a: statistics.median(v) for a, v in best.items() if v}
        worst = {a: max(v) for a, v in best.items() if v}
        name = path.rsplit("/", 1)[-1]

        def pair(a):
            return f"{med[a]:>9.0f} / {worst[a]:>8.0f}" if a in med else f"{'n/a':>20}"

        def ratio(a, b):
            return f"{med[a] / med[b]:>4.2f}/{worst[a] / worst[b]:>5.2f}x" if b in med else f"{'n/a':>11}"

        print(f"{name:<22} {len(lines):>7} | {pair('solve')} | {pair('dlx')} | {pair('solo')} | "
              f"{ratio('solve', 'solo')} | {ratio('dlx', 'solo')} | {pair('kudoku')} | {ratio('dlx', 'kudoku')} | "
              f"{statistics.median(nodes['solve']):>6.0f}/{statistics.median(nodes['dlx']):>6.0f} "
              f"({max(nodes['solve'])}/{max(nodes['dlx'])})")


if __name__ == "__main__":
    main()
