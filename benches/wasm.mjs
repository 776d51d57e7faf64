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
// WASM_BENCH=repair runs only the min-conflicts rows.
const countOnly = process.env.WASM_BENCH === 'count';
const repairOnly = process.env.WASM_BENCH === 'repair';
const oneSet = countOnly || repairOnly ? null : sets.find(([, file]) => file.endsWith(`/${process.env.WASM_BENCH}.txt`));
for (const [puzzle, file, col] of countOnly || repairOnly ? [] : oneSet ? [oneSet] : sets) {
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
// The all-workers rows below run a pool of Node worker threads; the page's own times (Chromium,
// its pool and its UI) come from tests/e2e/count.test.mjs (SOLVESCOPE_COUNT_TIMES=16,17,18).
/** The bitmask total of each n as one worker counted it, to check the pool's sums against. */
const oneWorkerSolutions = new Map();
function wasmCountMicros(n, algorithm) {
  const started = performance.now();
  if (algorithm === 'naive') {
    const c = new wasm.CountTask('queens', 'naive', { n, columns: [] });
    c.run(Infinity);
    c.free();
  } else {
    const plan = wasm.countPlan('queens', n);
    let solutions = plan.base.solutions;
    for (const task of plan.tasks) {
      const c = new wasm.CountTask('queens', 'bitmask', task);
      c.run(Infinity);
      solutions += c.counts().solutions;
      c.free();
    }
    oneWorkerSolutions.set(n, solutions);
  }
  return Math.round((performance.now() - started) * 1000);
}
// Counting on every core: one Node worker thread per core, each with its own wasm instance of the
// queens module, taking the plan's tasks one at a time from a shared index (the page's pool hands
// out batches; here the share is the same without a page), each task in calls of CHUNK nodes as
// the page's workers count (www/count-pool.ts). Against `queens count N --threads W`. The time is
// from making the plan to the last sum, with the workers started and warmed before.
const CHUNK = 2 ** 24;
const poolSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
(async () => {
  const m = await import(workerData.glue);
  m.initSync({ module: readFileSync(workerData.wasm) });
  const next = new Int32Array(workerData.next);
  parentPort.on('message', (tasks) => {
    const sum = { solutions: 0, nodes: 0 };
    for (let i = Atomics.add(next, 0, 1); i < tasks.length; i = Atomics.add(next, 0, 1)) {
      const c = new m.CountTask('queens', 'bitmask', tasks[i]);
      while (!c.run(${CHUNK})) {}
      const k = c.counts();
      sum.solutions += k.solutions;
      sum.nodes += k.nodes;
      c.free();
    }
    parentPort.postMessage(sum);
  });
  parentPort.postMessage('ready');
})();`;
const cores = os.availableParallelism?.() ?? os.cpus().length;
async function startPool() {
  const { Worker } = await import('node:worker_threads');
  const next = new SharedArrayBuffer(4);
  const glue = new URL('../www/pkg/queens/solvescope_queens.js', import.meta.url).href;
  const wasmFile = new URL('../www/pkg/queens/solvescope_queens_bg.wasm', import.meta.url).pathname;
  const workers = Array.from({ length: cores }, () => new Worker(poolSource, { eval: true, workerData: { glue, wasm: wasmFile, next } }));
  const once = (w) => new Promise((resolve, reject) => { w.once('message', resolve); w.once('error', reject); });
  await Promise.all(workers.map(once));
  const count = async (n) => {
    new Int32Array(next)[0] = 0;
    const started = performance.now();
    // One plan, made here as the page's pool has one worker make it, and its tasks handed to all.
    const plan = wasm.countPlan('queens', n);
    const sums = await Promise.all(workers.map((w) => { const p = once(w); w.postMessage(plan.tasks); return p; }));
    const micros = Math.round((performance.now() - started) * 1000);
    return { micros, solutions: sums.reduce((a, s) => a + s.solutions, plan.base.solutions) };
  };
  return { count, close: () => Promise.all(workers.map((w) => w.terminate())) };
}

// QUEENS_MAX_N (default 15) is the largest bitmask count, as in benches/queens_count.rs.
const countMax = Number(process.env.QUEENS_MAX_N || 15);
const bitmaskSizes = Array.from({ length: Math.max(0, countMax - 11) }, (_, i) => 12 + i);
const pool = oneSet || repairOnly ? null : await startPool();
for (const [algorithm, sizes] of oneSet || repairOnly ? [] : [['bitmask', bitmaskSizes], ['naive', [11, 12, 13]]]) {
  for (const n of sizes) {
    const native = [];
    const inWasm = [];
    wasmCountMicros(n, algorithm);
    for (let r = 0; r < reps; r++) {
      native.push(...nativeMicros(['queens', 'count', String(n), '--algorithm', algorithm, '--threads', '1']));
      inWasm.push(wasmCountMicros(n, algorithm));
    }
    rows.push({ label: `Queens count n=${n}, ${algorithm}, 1 thread / 1 worker`, count: 1, nativeMed: median(native), wasmMed: median(inWasm), nativeMax: Math.max(...native), wasmMax: Math.max(...inWasm), ratio: median(inWasm) / median(native) });
    if (algorithm !== 'bitmask') continue;
    const nativeAll = [];
    const wasmAll = [];
    await pool.count(n);
    for (let r = 0; r < reps; r++) {
      nativeAll.push(...nativeMicros(['queens', 'count', String(n), '--threads', String(cores)]));
      const { micros, solutions } = await pool.count(n);
      // The same total as the one-worker count, or the pool lost a task.
      if (solutions !== oneWorkerSolutions.get(n)) throw new Error(`the pool counted ${solutions} solutions for n = ${n}, one worker ${oneWorkerSolutions.get(n)}`);
      wasmAll.push(micros);
    }
    rows.push({ label: `Queens count n=${n}, bitmask, ${cores} threads / ${cores} workers`, count: 1, nativeMed: median(nativeAll), wasmMed: median(wasmAll), nativeMax: Math.max(...nativeAll), wasmMax: Math.max(...wasmAll), ratio: median(wasmAll) / median(nativeAll) });
  }
}
await pool?.close();

const fmt = (us) => (us >= 10_000 ? `${(us / 1000).toFixed(0)} ms` : us >= 1000 ? `${(us / 1000).toFixed(2)} ms` : `${us} µs`);
console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown'}, ${os.cpus().length} cores; node ${process.version}; ${reps} repetitions after one warm-up, medians`);
console.log('| workload | puzzles | native median | wasm median | native max | wasm max | wasm / native (total) |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.label} | ${r.count} | ${fmt(r.nativeMed)} | ${fmt(r.wasmMed)} | ${fmt(r.nativeMax)} | ${fmt(r.wasmMax)} | ${r.ratio.toFixed(2)}x |`);
}
