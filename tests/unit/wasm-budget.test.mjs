// Issue 36 at the wasm boundary (the all-puzzles module, www/pkg): a solve's time budget holds
// whatever `limit` (point 2), and seeds beyond 2^53 are exact as text or BigInt and refused as
// numbers (point 7), the same puzzle as the command line makes (the native binary is the oracle).
// Needs `bash scripts/build-wasm.sh` and `cargo build --release` first.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import * as wasm from '../../www/pkg/solvescope.js';

const root = new URL('../../', import.meta.url);
wasm.initSync({ module: readFileSync(new URL('www/pkg/solvescope_bg.wasm', root)) });
const CLI = new URL('target/release/solvescope', root).pathname;

/** The 100x100 board of tests/budgets_limits.rs: 25 ladders of 2 x 50 islands joined in the first
 *  column, apart by rocks; one bridge on every link gives the numbers, and each square of a ladder
 *  can swap its rungs for doubled rails, so solutions abound. */
function ladders() {
  const side = 100;
  const need = new Array(side * side).fill(0);
  const grid = new Array(side * side).fill('.');
  const link = (a, b) => {
    need[a[0] * side + a[1]]++;
    need[b[0] * side + b[1]]++;
  };
  for (let j = 0; j < 25; j++) {
    const [top, bottom] = [4 * j, 4 * j + 2];
    for (let c = 0; c < side - 1; c += 2) {
      link([top, c], [bottom, c]);
      if (c + 2 < side) {
        link([top, c], [top, c + 2]);
        link([bottom, c], [bottom, c + 2]);
      }
    }
    if (j < 24) {
      link([bottom, 0], [4 * j + 4, 0]);
      for (let c = 1; c < side; c++) grid[(4 * j + 3) * side + c] = '#';
    }
  }
  need.forEach((n, i) => {
    if (n > 0) grid[i] = String(n);
  });
  const rows = [];
  for (let r = 0; r < side; r++) rows.push(grid.slice(r * side, (r + 1) * side).join(''));
  return rows.join('/');
}

test('point 2: solve keeps its time budget for every limit up to 10000 on a 100x100 board', () => {
  const board = ladders();
  const budget = 2000;
  const figures = [];
  for (const limit of [2, 100, 1000, 10000]) {
    const [started, cpu] = [performance.now(), process.cpuUsage()];
    const r = wasm.solve('hashi', board, { limit, maxMs: budget });
    const took = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const ran = (used.user + used.system) / 1000;
    figures.push(`limit ${limit}: ${took.toFixed(0)} ms, micros ${r.stats.elapsedMicros}, ${r.verdict}, ${r.solutions.length} listed, ${r.omitted ?? 0} omitted`);
    // The promise is 10% + 50 ms; the test allows 2x + 300 ms for a loaded 2-core machine (the
    // overshoot it guards against: 2.86 s for 1 s in the issue).
    assert.ok(took <= 2 * budget + 300, `limit ${limit}: ${took} ms for ${budget} ms`);
    assert.ok(r.stats.elapsedMicros / 1000 <= took + 1, `micros is the time waited: ${figures.at(-1)}`);
    // All of it but the parse (a few ms), the solutions' hand-over included (it was left out:
    // 10,000 boards took hundreds of ms). Asked where the process was not kept waiting for a core.
    if (ran >= 0.9 * took) assert.ok(r.stats.elapsedMicros / 1000 >= 0.9 * took - 20, `micros is the time waited: ${figures.at(-1)}`);
    // Found two or more: "multiple" with what was found, even though the budget ended it (the
    // first two come in about half a second natively; a loaded machine may take longer).
    if (r.stats.solutions >= 2) {
      assert.equal(r.verdict, 'multiple', figures.at(-1));
      assert.ok(r.solutions.length >= 2);
    }
  }
  console.log(`wasm hashi 100x100, maxMs ${budget}: ${figures.join('; ')}`);
});

test('micros includes handing the solutions over: 10,000 boards of 16x16 found well within the budget', () => {
  const board = `16:${'/'.repeat(63)}`; // no clue: every Latin square of 16 solves it
  const [started, cpu] = [performance.now(), process.cpuUsage()];
  const r = wasm.solve('skyscrapers', board, { limit: 10000, maxMs: 60000 });
  const took = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const figures = `${took.toFixed(0)} ms waited, micros ${r.stats.elapsedMicros}, ${((used.user + used.system) / 1000).toFixed(0)} ms on CPU`;
  console.log(`wasm skyscrapers 16x16 empty, limit 10000: ${figures}`);
  assert.equal(r.solutions.length, 10000);
  assert.ok(r.stats.elapsedMicros / 1000 <= took + 1, figures);
  // Building 10,000 boards as JavaScript objects is half the call (without it, micros was 788
  // of 1,600 ms); the parse of a 66-character text is nothing. The call's wall time, or the CPU
  // time it ran where the machine kept it waiting, whichever is less: micros covers most of it.
  const ran = Math.min(took, (used.user + used.system) / 1000);
  assert.ok(r.stats.elapsedMicros / 1000 >= 0.8 * ran - 10, figures);
  // A session's counters afterwards agree with its report.
  const s = new wasm.Session('skyscrapers', board, 'solve', { limit: 10000 });
  const report = s.solve(Infinity, 60000);
  assert.equal(report.solutions.length, 10000);
  assert.equal(s.stats().stats.elapsedMicros, report.stats.elapsedMicros);
  s.free();
});

test('the sentence that ends a solve says the time its micros says, the hand-over included', () => {
  const r = wasm.solve('queens', 'queens:12', { algorithm: 'backtrack', mode: 'all', limit: 10000 });
  assert.equal(r.solutions.length, 10000);
  const said = /\(([\d.,]+) (µs|ms|s)\)/.exec(r.says);
  assert.ok(said, r.says);
  const saidMs = Number(said[1].replace(/,/g, '')) * { µs: 0.001, ms: 1, s: 1000 }[said[2]];
  // The sentence rounds to three figures.
  assert.ok(Math.abs(saidMs - r.stats.elapsedMicros / 1000) <= 0.01 * saidMs + 0.1, `${r.says} against micros ${r.stats.elapsedMicros}`);
});

test('point 7: a seed above 2^53 is exact as text or BigInt, and the same puzzle as the CLI makes', () => {
  const seed = '1152921504606846976'; // 2^60
  const text = wasm.generate('skyscrapers', { size: '5', seed });
  const big = wasm.generate('skyscrapers', { size: '5', seed: 2n ** 60n });
  assert.deepEqual(big, text);
  assert.equal(text.seed, seed, 'handed back as text: a number would not be exact');
  // 2**60 as a JavaScript number prints as 1152921504606847000, another seed: refused.
  assert.throws(() => wasm.generate('skyscrapers', { size: '5', seed: 2 ** 60 }), /above 2\^53 - 1.*string of digits or a BigInt/);
  // Up to 2^53 - 1 a number is exact and comes back as one.
  assert.equal(wasm.generate('skyscrapers', { size: '5', seed: Number.MAX_SAFE_INTEGER }).seed, Number.MAX_SAFE_INTEGER);
  if (!existsSync(CLI)) execFileSync('cargo', ['build', '--release', '--locked', '--bin', 'solvescope'], { cwd: root.pathname, stdio: 'inherit' });
  for (const s of [seed, '18446744073709551615']) {
    const line = JSON.parse(execFileSync(CLI, ['skyscrapers', 'generate', '5', '--seed', s], { encoding: 'utf8' }));
    const made = wasm.generate('skyscrapers', { size: '5', seed: s });
    // Written the same way on both sides: text above 2^53 - 1, so JSON.parse keeps every digit.
    assert.equal(line.seed, s);
    assert.equal(made.seed, s);
    assert.equal(line.id, made.exports.tatham, `seed ${s}`);
  }
  const low = JSON.parse(execFileSync(CLI, ['skyscrapers', 'generate', '5', '--seed', '9007199254740991'], { encoding: 'utf8' }));
  assert.equal(low.seed, Number.MAX_SAFE_INTEGER, 'a number while JavaScript holds it exactly');
});

test('point 7: a repair seed above 2^53 is the same run in wasm (ID or option) and in the CLI', () => {
  const seed = '9007199254740993'; // 2^53 + 1: a JavaScript number would read 2^53
  const cli = JSON.parse(execFileSync(CLI, ['queens', 'repair', '12', '--seed', seed], { encoding: 'utf8' }));
  assert.equal(cli.seed, seed);
  const byId = wasm.solve('queens', `queens:12#${seed}`, { algorithm: 'repair' });
  const byOption = wasm.solve('queens', 'queens:12', { algorithm: 'repair', seed });
  const byBig = wasm.solve('queens', 'queens:12', { algorithm: 'repair', seed: 2n ** 53n + 1n });
  for (const r of [byId, byOption, byBig]) {
    assert.equal(r.stats.moves, cli.moves, 'the same moves as the CLI for the same seed');
    assert.equal(r.stats.restarts, cli.restarts);
  }
  // The neighbour JavaScript's 2**53 + 1 rounds to is another run: refused, not rounded.
  assert.throws(() => wasm.solve('queens', 'queens:12', { algorithm: 'repair', seed: 2 ** 53 + 1 }), /above 2\^53 - 1/);
});

test('point 7: the seed of a queens ID crosses the boundary exact both ways', () => {
  const big = '9007199254740993';
  assert.equal(wasm.parse('queens', `queens:8#${big}`).puzzle.seed, big, 'text above 2^53 - 1');
  assert.equal(wasm.parse('queens', 'queens:8#12').puzzle.seed, 12);
  assert.equal(wasm.format('queens', { n: 8, seed: big }).plain, `queens:8#${big}`);
  assert.equal(wasm.format('queens', { n: 8, seed: 2n ** 64n - 1n }).plain, 'queens:8#18446744073709551615');
  // 2**60 as a number is already 1152921504606847000: refused, not written as another seed.
  assert.throws(() => wasm.format('queens', { n: 8, seed: 2 ** 60 }), /above 2\^53 - 1/);
});

test('point 7: experiment seeds are every u64, exact, and run past 2^64 - 1 is refused', () => {
  const plan = wasm.experimentPlan('queens', { kind: 'trials', sizes: [8], trials: 3, seed: '18446744073709551612', series: ['min-conflicts'] });
  assert.deepEqual(plan.runs.map((r) => r.seed), ['18446744073709551612', '18446744073709551613', '18446744073709551614']);
  const row = wasm.experimentRun('queens', plan.runs[2]);
  assert.equal(row.seed, '18446744073709551614');
  // The CLI's trial with that seed makes the same moves (the native binary as the oracle).
  const cli = JSON.parse(execFileSync(CLI, ['queens', 'repair', '8', '--seed', '18446744073709551614'], { encoding: 'utf8' }));
  assert.equal(row.moves, cli.moves);
  assert.throws(() => wasm.experimentPlan('queens', { kind: 'trials', sizes: [8], trials: 5, seed: '18446744073709551613' }), /run past 18446744073709551615/);
});
