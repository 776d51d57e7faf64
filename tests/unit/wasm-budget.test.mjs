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
    const raw = execFileSync(CLI, ['skyscrapers', 'generate', '5', '--seed', s], { encoding: 'utf8' });
    const line = JSON.parse(raw);
    const made = wasm.generate('skyscrapers', { size: '5', seed: s });
    // JSON.parse would round the seed: read its digits from the text.
    assert.equal(/"seed":(\d+)/.exec(raw)[1], s);
    assert.equal(line.id, made.exports.tatham, `seed ${s}`);
  }
});
