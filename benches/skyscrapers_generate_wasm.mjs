// The Skyscrapers generator natively and in WebAssembly (the optimised module the page loads, run
// by Node's V8, Chromium's engine), the same requests side by side in one run: `unreasonable`
// with givens at 9x9 (seeds 0 … 8) and 16x16 (seeds 0 … 2), the wall time of `generate` in wasm
// against the CLI's whole process (start-up included, a few milliseconds), and a check that both
// sides made the same puzzle for every seed.
//
//   cargo build --release && bash scripts/build-wasm.sh
//   node benches/skyscrapers_generate_wasm.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
// The skyscrapers module alone, as the page's skyscrapers view loads it.
import * as wasm from '../www/pkg/skyscrapers/solvescope_skyscrapers.js';

wasm.initSync({ module: readFileSync(new URL('../www/pkg/skyscrapers/solvescope_skyscrapers_bg.wasm', import.meta.url)) });
const cli = new URL('../target/release/solvescope', import.meta.url).pathname;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log('| N | seeds | wasm median / max | native median / max | same puzzle |');
console.log('|---:|---|---:|---:|---:|');
for (const [size, seeds] of [['9', [0, 1, 2, 3, 4, 5, 6, 7, 8]], ['16', [0, 1, 2]]]) {
  const inWasm = [];
  const native = [];
  let same = 0;
  for (const seed of seeds) {
    const t0 = performance.now();
    const r = wasm.generate('skyscrapers', { size, difficulty: 'unreasonable', givens: true, seed });
    inWasm.push(performance.now() - t0);
    const t1 = performance.now();
    const line = execFileSync(cli, ['skyscrapers', 'generate', size, '--difficulty', 'unreasonable', '--givens', '--seed', String(seed)], { encoding: 'utf8' });
    native.push(performance.now() - t1);
    if (r.exports.plain === JSON.parse(line.trim().split('\n')[0]).plain) same++;
  }
  const ms = (xs) => `${median(xs).toFixed(0)} / ${Math.max(...xs).toFixed(0)} ms`;
  console.log(`| ${size} | ${seeds[0]}-${seeds.at(-1)} | ${ms(inWasm)} | ${ms(native)} | ${same} of ${seeds.length} |`);
}
