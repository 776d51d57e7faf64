#!/usr/bin/env python3
"""A/B: two solvescope binaries (say, a commit before a change and after it) on the same workloads,
runs alternating, median of K wall times of the whole process, and their ratio.

Usage: python3 benches/ab_cli.py BINARY_A BINARY_B [K]  (run from anywhere; reads tests/fixtures)
"""
import subprocess, sys, time, statistics, os
A, B, K = sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 7
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
def batch(p, f):
    # fixture lines: the puzzle ID is the first field; comments start with '#'
    ids = [next(x for x in l.split() if ':' in x) for l in open(f) if l.strip() and not l.startswith('#')]
    path = f'/tmp/ab-{p}.txt'
    open(path, 'w').write('\n'.join(ids) + '\n')
    return path
W = [
    ('queens count 15, 1 thread', ['queens', 'count', '15', '--threads', '1']),
    ('queens solve 28 (backtracking)', ['queens', 'solve', '28']),
    ('queens repair 100000, seed 1', ['queens', 'repair', '100000', '--seed', '1']),
    ('skyscrapers: tatham-towers.txt', ['skyscrapers', 'solve', '--batch', batch('sky', 'tests/fixtures/tatham-towers.txt')]),
    ('skyscrapers: skyscrapers-large.txt', ['skyscrapers', 'solve', '--batch', batch('skyl', 'tests/fixtures/skyscrapers-large.txt')]),
    ('hashi: tatham-bridges.txt', ['hashi', 'solve', '--batch', batch('hashi', 'tests/fixtures/tatham-bridges.txt')]),
]
def run(binary, args):
    t = time.perf_counter()
    r = subprocess.run([binary] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    dt = time.perf_counter() - t
    return dt, r.returncode, r.stdout
print(f'A = {A}\nB = {B}\nmedian of {K} wall times, runs alternating; load {os.getloadavg()[0]:.1f}')
print('| workload | A ms | B ms | B / A |\n|---|---:|---:|---:|')
for name, args in W:
    ta, tb = [], []
    for i in range(K):
        for who, arr in ((A, ta), (B, tb)) if i % 2 == 0 else ((B, tb), (A, ta)):
            dt, rc, out = run(who, args)
            if rc not in (0,): print(f'  {name}: {who} exit {rc}', file=sys.stderr)
            arr.append(dt)
    a, b = statistics.median(ta) * 1e3, statistics.median(tb) * 1e3
    print(f'| {name} | {a:.1f} | {b:.1f} | {b / a:.2f} |', flush=True)
print(f'load after {os.getloadavg()[0]:.1f}')
