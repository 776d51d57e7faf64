// Native against wasm on the same inputs, in the same run. Each workload runs `reps` times on both
// sides; the table shows medians of the solver's own time (Session's elapsed micros: the clock is
// read inside the solve call on both sides, so parsing and process start-up are not counted).
import { execFileSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
// Each puzzle's own module, the one the page's workers run (scripts/build-wasm.sh).
const modules = {};
for (const p of ['queens', 'skyscrapers', 'hashi']) {
  modules[p] = await import(`../www/pkg/${p}/solvescope_${p}.js`);
  modules[p].initSync({ module: readFileSync(new URL(`../www/pkg/${p}/solvescope_${p}_bg.wasm`, import.meta.url)) });
}
const wasm = modules.queens;
const reps = Number(process.argv[2] || 7);
const cli = new URL('../target/release/solvescope', import.meta.url).pathname;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Rows of a fixture file: `col`-th tab-separated column of every non-comment line. */
function ids(file, col) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t')[col]);
}

function nativeMicros(args) {
  const out = execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  return out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l).micros);
}

function wasmMicros(puzzle, id, algorithm, options) {
  const s = new modules[puzzle].Session(puzzle, id, algorithm, options);
  try {
    const r = s.solve(Infinity, 600_000);
    return r.stats.elapsedMicros;
  } finally {
    s.free();
  }
}

const rows = [];
function run(label, puzzle, algorithm, list, cliArgs, options = {}) {
  if (list.length === 0) return;
  const native = list.map(() => []);
  const inWasm = list.map(() => []);
  // Warm-up, not counted: V8 first runs wasm through its baseline compiler and tiers up to the
  // optimising one in the background; the page's users meet the optimised code after a moment too.
  list.forEach((id) => wasmMicros(puzzle, id, algorithm, options));
  for (let r = 0; r < reps; r++) {
    nativeMicros(cliArgs(list)).forEach((m, i) => native[i].push(m));
    list.forEach((id, i) => inWasm[i].push(wasmMicros(puzzle, id, algorithm, options)));
  }
  const n = list.map((_, i) => median(native[i]));
  const w = list.map((_, i) => median(inWasm[i]));
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  // With one set chosen (WASM_BENCH), each puzzle's own medians and ratio too.
  if (oneSet) list.forEach((id, i) => console.log(`${id.slice(0, 40)}\tnative ${n[i]} µs\twasm ${w[i]} µs\t${(w[i] / Math.max(1, n[i])).toFixed(2)}x`));
  rows.push({ label, count: list.length, nativeMed: median(n), wasmMed: median(w), nativeMax: Math.max(...n), wasmMax: Math.max(...w), ratio: sum(w) / Math.max(1, sum(n)) });
}

// Fixture files and the tab-separated column holding the puzzle ID.
const sets = [
  ['skyscrapers', 'tests/fixtures/tatham-towers.txt', 2],
  ['skyscrapers', 'tests/fixtures/skyscrapers-generated.txt', 2],
  ['skyscrapers', 'tests/fixtures/skyscrapers-large.txt', 2],
  ['skyscrapers', 'tests/fixtures/skyscrapers-big.txt', 2],
  ['hashi', 'tests/fixtures/tatham-bridges.txt', 1],
  ['hashi', 'tests/fixtures/hashi-external.txt', 1],
  ['hashi', 'tests/fixtures/hashi-generated.txt', 1],
];
// WASM_BENCH=count runs only the counting rows below (the n = 12..17 table of BENCHMARKS.md).
// WASM_BENCH=FILE (a fixture name without .txt, e.g. skyscrapers-big) runs only that set.
const countOnly = process.env.WASM_BENCH === 'count';
const oneSet = countOnly ? null : sets.find(([, file]) => file.endsWith(`/${process.env.WASM_BENCH}.txt`));
for (const [puzzle, file, col] of countOnly ? [] : oneSet ? [oneSet] : sets) {
  run(`${puzzle}: ${file.split('/').pop()}`, puzzle, 'solve', ids(file, col), (l) => [puzzle, 'solve', ...l]);
}
for (const n of countOnly || oneSet ? [] : [1000, 100000, 1000000]) {
  const seeds = [1, 2, 3];
  const native = [];
  const inWasm = [];
  wasmMicros('queens', `queens:${n}#9`, 'repair', {});
  for (let r = 0; r < reps; r++) {
    for (const s of seeds) {
      native.push(...nativeMicros(['queens', 'repair', String(n), '--seed', String(s)]));
      inWasm.push(wasmMicros('queens', `queens:${n}#${s}`, 'repair', {}));
    }
  }
  rows.push({ label: `Queens repair n=${n.toLocaleString('en-US')} (3 seeds)`, count: 3, nativeMed: median(native), wasmMed: median(inWasm), nativeMax: Math.max(...native), wasmMax: Math.max(...inWasm), ratio: median(inWasm) / median(native) });
}

// Counting on one worker: the plan's tasks one after another in this thread (what one page worker
// does), against `queens count N --threads 1`; the naive counter against `--algorithm naive`. Both
// sides time the whole count (plan, tasks and sums; the CLI from its start to its answer line).
// The page's all-workers times come from tests/e2e/count.test.mjs (SOLVESCOPE_COUNT_TIMES=1).
function wasmCountMicros(n, algorithm) {
  const started = performance.now();
  if (algorithm === 'naive') {
    const c = new wasm.QueensNaiveCount(n);
    c.run(Infinity);
    c.free();
  } else {
    const plan = wasm.queensCountPlan(n);
    for (const task of plan.tasks) {
      const c = new wasm.QueensCountTask(task);
      c.run(Infinity);
      c.free();
    }
  }
  return Math.round((performance.now() - started) * 1000);
}
// QUEENS_MAX_N (default 15) is the largest bitmask count, as in benches/queens_count.rs.
const countMax = Number(process.env.QUEENS_MAX_N || 15);
const bitmaskSizes = Array.from({ length: Math.max(0, countMax - 11) }, (_, i) => 12 + i);
for (const [algorithm, sizes] of oneSet ? [] : [['bitmask', bitmaskSizes], ['naive', [11, 12, 13]]]) {
  for (const n of sizes) {
    const native = [];
    const inWasm = [];
    wasmCountMicros(n, algorithm);
    for (let r = 0; r < reps; r++) {
      native.push(...nativeMicros(['queens', 'count', String(n), '--algorithm', algorithm, '--threads', '1']));
      inWasm.push(wasmCountMicros(n, algorithm));
    }
    rows.push({ label: `Queens count n=${n}, ${algorithm}, 1 thread / 1 worker`, count: 1, nativeMed: median(native), wasmMed: median(inWasm), nativeMax: Math.max(...native), wasmMax: Math.max(...inWasm), ratio: median(inWasm) / median(native) });
  }
}

const fmt = (us) => (us >= 10_000 ? `${(us / 1000).toFixed(0)} ms` : us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us} µs`);
console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown'}, ${os.cpus().length} cores; node ${process.version}; ${reps} repetitions after one warm-up, medians`);
console.log('| workload | puzzles | native median | wasm median | native max | wasm max | wasm / native (total) |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.label} | ${r.count} | ${fmt(r.nativeMed)} | ${fmt(r.wasmMed)} | ${fmt(r.nativeMax)} | ${fmt(r.wasmMax)} | ${r.ratio.toFixed(2)}x |`);
}
