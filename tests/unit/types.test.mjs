// The wasm package's public exports are typed with the types generated from Rust: no `any` in
// what a caller of `Session`, `parse`, `hint`, … sees (wasm-bindgen's raw `InitOutput` table of
// ABI shims is not part of that API and is skipped).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';

test('the public exports of the wasm package name their types (no any)', () => {
  const dts = readFileSync('www/pkg/solvescope.d.ts', 'utf8');
  const publicPart = dts.split('export type InitInput')[0];
  const offenders = publicPart
    .split('\n')
    .filter((l) => !l.trim().startsWith('*') && !l.trim().startsWith('/'))
    .filter((l) => /\bany\b/.test(l));
  assert.deepEqual(offenders, []);
  for (const name of ['Frame<AnyEvent>', 'Report', 'PuzzleInfo[]', 'AnyLayout', 'Parsed<AnyPuzzle>']) {
    assert.ok(publicPart.includes(name), `${name} is named in the .d.ts`);
  }
});

test('the registry the page reads lists every puzzle with its limits', async () => {
  const { REGISTRY } = await import('../../build/unit/generated/registry.js');
  const names = REGISTRY.map((p) => p.name);
  // The scripts' list and the page's tabs come from the same registry (src/typescript.rs writes
  // them); each puzzle has its view folder and its module.
  assert.deepEqual(names, JSON.parse(readFileSync('www/generated/puzzles.json', 'utf8')));
  const { PUZZLE_VIEWS } = await import('../../build/unit/generated/tabs.js');
  assert.deepEqual(PUZZLE_VIEWS.map((v) => v.puzzle), names, 'one view folder per puzzle, in registry order');
  for (const n of names) {
    for (const f of [`www/views/${n}/tabs.ts`, `www/views/${n}/mount.ts`, `www/pkg/${n}/solvescope_${n}.js`]) assert.ok(existsSync(f), `${n}: ${f} exists`);
  }
  for (const p of REGISTRY) {
    assert.ok(p.algorithms.length > 0, p.name);
    for (const l of p.limits) assert.ok(l.min <= l.max, `${p.name} ${l.name}`);
  }
});
