// Hostile arguments to every export of the built package, through its JavaScript glue, in Node and
// in Chromium: the values and calls of tests/hostile-values.json (also run by tests/web.rs against
// the Rust side), built and judged by hostile.mjs; this file runs them in both hosts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { attackHandles } from './handles.mjs';
import { absentCalls, attack } from './hostile.mjs';
import { withPackagePage } from './serve.mjs';

const root = new URL('../../', import.meta.url).pathname;
const here = new URL('.', import.meta.url).pathname;
const spec = JSON.parse(readFileSync(join(root, 'tests/hostile-values.json'), 'utf8'));
const expected = spec.calls.reduce((n, c) => n + 1 + (c.args.length + 1) * spec.values.length, 0) + 5;

before(() => {
  assert.ok(existsSync(join(root, 'pkg/package.json')), 'pkg/ is missing: run npm run package');
  if (!existsSync(join(here, 'node_modules/solvescope'))) {
    mkdirSync(join(here, 'node_modules'), { recursive: true });
    symlinkSync(join(root, 'pkg'), join(here, 'node_modules/solvescope'), 'dir');
  }
});

test('in Node, no hostile argument traps the module or leaves it broken', async () => {
  const api = await import('solvescope');
  const { calls, problems } = attack(api, spec);
  assert.equal(calls, expected);
  assert.deepEqual(problems, []);
});

// Each one-puzzle module (the page's, and `solvescope/<puzzle>`): the same boundary code with a
// smaller registry. Its own puzzle's calls are judged as above; another puzzle's calls must fail
// cleanly; the counting classes only exist in the N-Queens module.
for (const puzzle of ['queens', 'skyscrapers', 'hashi']) {
  test(`in Node, solvescope/${puzzle}: no hostile argument traps the module or leaves it broken`, async () => {
    const api = await import(`solvescope/${puzzle}`);
    const { calls, problems } = attack(api, spec, puzzle);
    const skipped = absentCalls(api, spec);
    assert.deepEqual(skipped, [], `${puzzle}: every module has every export (the verbs refuse puzzles they do not have)`);
    const perCall = (c) => 1 + (c.args.length + 1) * spec.values.length;
    const kept = spec.calls.filter((c) => !skipped.includes(c));
    assert.equal(calls, kept.reduce((n, c) => n + perCall(c), 0) + 5);
    assert.deepEqual(problems, []);
  });
}

test('in Chromium, every module: no hostile argument traps it or leaves it broken', async () => {
  await withPackagePage(root, async (page) => {
    for (const only of [null, 'queens', 'skyscrapers', 'hashi']) {
      const { calls, problems, skipped } = await page.evaluate(
        async ([s, o]) => {
          const { absentCalls, attack } = await import('./hostile.mjs');
          const api = await import(o === null ? 'solvescope' : `/pkg/${o}/index.js`);
          return { ...attack(api, s, o), skipped: absentCalls(api, s).map((c) => c.call) };
        },
        [spec, only],
      );
      const perCall = (c) => 1 + (c.args.length + 1) * spec.values.length;
      const kept = spec.calls.filter((c) => !skipped.includes(c.call));
      assert.deepEqual(skipped, [], `${only}: every module has every export`);
      assert.equal(calls, only === null ? expected : kept.reduce((n, c) => n + perCall(c), 0) + 5, String(only));
      assert.deepEqual(problems, [], String(only));
    }
  });
});

// The objects every module hands out (handles.mjs): forged, copied, aliased, prototype-chained,
// freed twice, another class's in their place. Every module in Node, then every one in Chromium.
const MODULES = [
  ['solvescope', null, ['CountTask', 'Session']],
  ['solvescope/queens', 'queens', ['CountTask', 'Session']],
  // Their CountTask cannot be made (counting is N-Queens' verb): handles.mjs checks that it refuses
  // with a sentence, and attacks the classes it can make.
  ['solvescope/skyscrapers', 'skyscrapers', ['Session']],
  ['solvescope/hashi', 'hashi', ['Session']],
];

for (const [entry, only, classes] of MODULES) {
  test(`in Node, ${entry}: no forged, copied or freed handle traps the module or frees another object's memory`, async () => {
    const r = attackHandles(await import(entry), only);
    assert.deepEqual(r.classes.sort(), classes);
    assert.ok(r.cases > 20 * classes.length, `${r.cases} cases`);
    assert.equal(r.traps, 0, r.problems.join('\n'));
    assert.deepEqual(r.problems, []);
  });
}

test('in Chromium, every module: no forged, copied or freed handle traps it or frees another object', async () => {
  await withPackagePage(root, async (page) => {
    for (const [entry, only, classes] of MODULES) {
      const r = await page.evaluate(
        async ([path, o]) => {
          const { attackHandles } = await import('./handles.mjs');
          return attackHandles(await import(path), o);
        },
        [entry === 'solvescope' ? 'solvescope' : `/pkg/${only}/index.js`, only],
      );
      assert.deepEqual(r.classes.sort(), classes, entry);
      assert.ok(r.cases > 20 * classes.length, `${entry}: ${r.cases} cases`);
      assert.equal(r.traps, 0, `${entry}: ${r.problems.join('\n')}`);
      assert.deepEqual(r.problems, [], entry);
    }
  });
});

test("the page's worker uses its module through the same facade (www/package/handles.js)", () => {
  const worker = readFileSync(join(root, 'www/worker.ts'), 'utf8');
  assert.match(worker, /^import \{ guard \} from '\.\/package\/handles\.js';$/m);
  assert.match(worker, /^\s*wasm = guard\(module\);$/m, 'the sessions and counters the worker makes come from the guarded module');
});
