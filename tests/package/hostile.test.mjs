// Hostile arguments to every export of the built package, through its JavaScript glue, in Node and
// in Chromium: the values and calls of tests/hostile-values.json (also run by tests/web.rs against
// the Rust side), built and judged by hostile.mjs; this file runs them in both hosts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../e2e/harness.mjs';
import { absentCalls, attack } from './hostile.mjs';
import { serve } from './serve.mjs';

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
    assert.equal(skipped.length === 0, puzzle === 'queens', `${puzzle}: the counting and experiment exports are in the N-Queens module alone`);
    const perCall = (c) => 1 + (c.args.length + 1) * spec.values.length;
    const kept = spec.calls.filter((c) => !skipped.includes(c));
    assert.equal(calls, kept.reduce((n, c) => n + perCall(c), 0) + ('QueensCountTask' in api ? 5 : 4));
    assert.deepEqual(problems, []);
  });
}

test('in Chromium, no hostile argument traps the module or leaves it broken', async () => {
  const server = await serve(root);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}tests/package/page.html`);
    await page.waitForSelector('body[data-ready=yes]', { state: 'attached', timeout: 30_000 });
    const { calls, problems } = await page.evaluate(async (s) => {
      const { attack } = await import('./hostile.mjs');
      return attack(await import('solvescope'), s);
    }, spec);
    assert.equal(calls, expected);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await server.close();
  }
});
