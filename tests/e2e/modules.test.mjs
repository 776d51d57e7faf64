// One WebAssembly module per puzzle (issue 11: a module the page loads is at most 400 KB): a view's
// worker fetches its own puzzle's module, no other, and only once the view is opened. Checked by
// watching every request the page and its workers make, with the service worker blocked (it would
// otherwise fetch every module for offline use, which tests/e2e/offline.test.mjs covers).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage, checkQueens, notSentences } from './harness.mjs';
import { checkHashi, parseBridges } from './hashi-oracle.mjs';

const TARGET = 400_000;

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

test('each view downloads its own puzzle module, under 400 KB, and nothing else', async () => {
  const { page, problems, context } = await openPage(app, '', undefined, { serviceWorkers: 'block' });
  /** Every wasm file fetched so far: its puzzle (from the file name) and size. */
  const fetched = [];
  context.on('response', async (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.endsWith('.wasm')) return;
    const name = path.match(/solvescope_([a-z]+)_bg[^/]*\.wasm$/)?.[1] ?? path;
    fetched.push({ name, bytes: (await response.body()).length });
  });
  const names = async () => {
    // The body arrives after the response event: give the handler its turn.
    await page.waitForTimeout(300);
    return [...new Set(fetched.map((f) => f.name))].sort();
  };

  // The landing page needs no solver.
  await page.waitForTimeout(500);
  assert.deepEqual(await names(), [], 'the landing page fetches no module');

  await page.goto(app.url + '#queens/8');
  await page.waitForFunction(() => document.querySelector('#queens')?.hidden === false);
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.waitForFunction(() => document.querySelector('#queens-board')?.dataset.solved === 'true', null, { timeout: 30_000 });
  assert.equal(checkQueens(8, (await page.getAttribute('#queens-board', 'data-queens')).split(',').map(Number)), null);
  assert.deepEqual(await names(), ['queens']);

  await page.goto(app.url + '#skyscrapers/' + encodeURIComponent('4://///1/3///4/////3/') + '?mode=watch');
  await page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.mode === 'watch');
  await page.locator('#skyscrapers .playback').getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.solved === 'true', null, { timeout: 30_000 });
  assert.deepEqual(await names(), ['queens', 'skyscrapers']);

  await page.goto(app.url + '#hashi/3x3m2:2a2c2a2');
  await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.cells === '2,0,2,0,0,0,2,0,2');
  await page.click('#hashi-mode-watch');
  await page.locator('#hashi').getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.verdict === 'unique', null, { timeout: 30_000 });
  assert.equal(checkHashi(3, 3, [2, 0, 2, 0, 0, 0, 2, 0, 2], 2, parseBridges(await page.getAttribute('#hashi-board', 'data-bridges'))), null);
  assert.deepEqual(await names(), ['hashi', 'queens', 'skyscrapers']);

  for (const f of fetched) assert.ok(f.bytes > 8 && f.bytes <= TARGET, `the ${f.name} module is ${f.bytes.toLocaleString('en-US')} bytes (at most ${TARGET.toLocaleString('en-US')})`);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});
