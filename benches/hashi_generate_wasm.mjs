// The Hashiwokakero generator natively and in WebAssembly (the optimised module the page loads,
// run by Node's V8, Chromium's engine), the same requests side by side in one run: seeds 0 … K-1
// of each size, level and option, medians of the time natively (examples/hashi_generate_seeds)
// and in wasm (performance.now() around `generate`), and the ratio. It
// also checks that both sides made the same puzzle for every seed.
//
//   cargo build --release --example hashi_generate_seeds && bash scripts/build-wasm.sh
//   node benches/hashi_generate_wasm.mjs [K] [BUDGET_MS]
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
// The hashi module alone, as the page's hashi view loads it.
import * as wasm from '../www/pkg/hashi/solvescope_hashi.js';

wasm.initSync({ module: readFileSync(new URL('../www/pkg/hashi/solvescope_hashi_bg.wasm', import.meta.url)) });
const seeds = Number(process.argv[2] || 5);
const budget = Number(process.argv[3] || 10_000);
const native = new URL('../target/release/examples/hashi_generate_seeds', import.meta.url).pathname;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};
const ms = (x) => (Number.isNaN(x) ? '-' : `${x.toFixed(1)} ms`);

const cases = [
  ['30x30', 'easy'],
  ['30x30', 'medium'],
  ['30x30', 'hard'],
  ['60x60', 'easy'],
  ['60x60', 'medium'],
  ['60x60', 'hard'],
  ['60x60m1', 'hard'],
  ['60x60m3', 'medium'],
  ['60x60m4', 'hard'],
  ['60x60m3L', 'medium'],
  ['60x60i30', 'hard'],
  ['60x60m3i25e10L', 'hard'],
];
console.log(`seeds 0..${seeds}, budget ${budget} ms, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log('| size | level | native median | wasm median | wasm / native | made (native, wasm) | same puzzles |');
console.log('|---|---|---:|---:|---:|---:|---|');
// Warm-up, not counted: V8 tiers the module up to its optimising compiler after a moment.
wasm.generate('hashi', { size: '30x30', seed: 99, difficulty: 'hard', maxMs: budget });
for (const [size, level] of cases) {
  const lines = execFileSync(native, [size, level, String(seeds), String(budget)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const inWasm = [];
  let same = true;
  for (let seed = 0; seed < seeds; seed++) {
    const t = performance.now();
    let id = null;
    try {
      id = wasm.generate('hashi', { size, seed, difficulty: level, maxMs: budget }).exports.tatham;
      inWasm.push(performance.now() - t);
    } catch {
      // Gave up (budget or no puzzle): not in the median; a puzzle on one side only is a mismatch.
    }
    const n = lines[seed];
    if ((n.id ?? null) !== id && !(n.error && id === null)) same = false;
  }
  const nat = lines.filter((l) => !l.error).map((l) => l.ms);
  const [a, b] = [median(nat), median(inWasm)];
  console.log(`| ${size} | ${level} | ${ms(a)} | ${ms(b)} | ${(b / a).toFixed(2)}x | ${nat.length}/${seeds}, ${inWasm.length}/${seeds} | ${same ? 'yes' : 'NO'} |`);
}
