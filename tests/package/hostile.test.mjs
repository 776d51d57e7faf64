// Hostile arguments to every export of the built package, in Node and in Chromium (hostile.mjs
// holds the values and the calls; this file runs them in both hosts and reports every problem).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from '../e2e/harness.mjs';
import { attack } from './hostile.mjs';
import { serve } from './serve.mjs';

const root = new URL('../../', import.meta.url).pathname;
const here = new URL('.', import.meta.url).pathname;

before(() => {
  assert.ok(existsSync(join(root, 'pkg/package.json')), 'pkg/ is missing: run npm run package');
  if (!existsSync(join(here, 'node_modules/solvescope'))) {
    mkdirSync(join(here, 'node_modules'), { recursive: true });
    symlinkSync(join(root, 'pkg'), join(here, 'node_modules/solvescope'), 'dir');
  }
});

test('in Node, no hostile argument traps the module or leaves it broken', async () => {
  const api = await import('solvescope');
  const { calls, problems } = attack(api);
  assert.ok(calls > 900, `${calls} calls`);
  assert.deepEqual(problems, []);
});

test('in Chromium, no hostile argument traps the module or leaves it broken', async () => {
  const server = await serve(root);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}tests/package/page.html`);
    await page.waitForSelector('body[data-ready=yes]', { state: 'attached', timeout: 30_000 });
    const { calls, problems } = await page.evaluate(async () => {
      const { attack } = await import('./hostile.mjs');
      return attack(await import('solvescope'));
    });
    assert.ok(calls > 900, `${calls} calls`);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await server.close();
  }
});
