// The wasm boundary, two module builds side by side in one Node process: how long stepping whole
// runs takes through each (events crossing to JavaScript), and each module's size.
//
//   node benches/boundary.mjs DIR_A DIR_B     (each a wasm-pack --target web output: solvescope.js
//                                             and solvescope_bg.wasm, e.g. a copy of www/pkg)
//
// Runs alternate A, B, A, B… so load on a shared machine falls on both; best of the rounds.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dirs = process.argv.slice(2);
if (dirs.length !== 2) {
  console.error('usage: node benches/boundary.mjs DIR_A DIR_B');
  process.exit(2);
}
const load = async (dir) => {
  const m = await import(pathToFileURL(resolve(dir, 'solvescope.js')).href);
  m.initSync({ module: readFileSync(resolve(dir, 'solvescope_bg.wasm')) });
  return m;
};
const mods = [await load(dirs[0]), await load(dirs[1])];

const runs = [
  ['queens backtrack 10, all', 'queens', 'queens:10', 'backtrack', { mode: 'all', limit: 10000 }],
  ['queens repair 200', 'queens', 'queens:200#1', 'repair', {}],
  ['Skyscrapers 9x9, lines off', 'skyscrapers', '9:4/4//4/2/3/3//4/3/2//2/6/2/4////3/4////2//4///3//4/2/3//,a4_7m1a2_6i8a2d4g3b2b6_3j5a1e2g4b', 'solve', { techniques: { lines: false } }],
  ['Hashiwokakero 7x7', 'hashi', '7x7m2:3a4c3i2b1a5e5n3e2', 'solve', { techniques: { degree: false } }],
];

/** Milliseconds to step the run to its end in frames of 20,000 events, and the events. */
function stepAll(m, [, puzzle, id, algorithm, options]) {
  const s = new m.Session(puzzle, id, algorithm, options);
  const t = performance.now();
  let events = 0;
  for (;;) {
    const f = s.step(20000);
    events += f.events.length;
    if (f.status !== 'paused') break;
  }
  const ms = performance.now() - t;
  s.free();
  return { ms, events };
}

const rounds = 7;
console.log(`| run | events | A ms | B ms | B / A |`);
console.log(`|---|---:|---:|---:|---:|`);
for (const r of runs) {
  let events = 0;
  const best = [Infinity, Infinity];
  try {
    for (let i = 0; i < rounds; i++) {
      for (const k of [0, 1]) {
        const x = stepAll(mods[k], r);
        events = x.events;
        best[k] = Math.min(best[k], x.ms);
      }
    }
  } catch (e) {
    console.log(`| ${r[0]} | failed: ${e.message} |`);
    continue;
  }
  console.log(`| ${r[0]} | ${events.toLocaleString('en-US')} | ${best[0].toFixed(2)} | ${best[1].toFixed(2)} | ${(best[1] / best[0]).toFixed(2)} |`);
}
// One solve whose report carries many solutions (every placement of 12 queens: 14,200).
{
  const best = [Infinity, Infinity];
  for (let i = 0; i < rounds; i++) {
    for (const k of [0, 1]) {
      const s = new mods[k].Session('queens', 'queens:12', 'backtrack', { mode: 'all', limit: 10000 });
      const t = performance.now();
      s.solve(Infinity, Infinity);
      best[k] = Math.min(best[k], performance.now() - t);
      s.free();
    }
  }
  console.log(`| solve, 10,000 solutions of 12 queens in the report | — | ${best[0].toFixed(2)} | ${best[1].toFixed(2)} | ${(best[1] / best[0]).toFixed(2)} |`);
}
const size = (d) => statSync(resolve(d, 'solvescope_bg.wasm')).size;
console.log(`\nmodule size: A ${size(dirs[0]).toLocaleString('en-US')} B, B ${size(dirs[1]).toLocaleString('en-US')} B`);
