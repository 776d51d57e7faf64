// The installable, offline app (issue 14, point 4): after one visit the service worker has cached
// the page, its scripts, the solver worker and every puzzle's wasm module, so with the network gone
// a reload still shows the page and its solvers still answer, in a view the first visit never opened
// too. The manifest has what Chromium asks of an
// installable app (name, start URL, standalone display, 192 and 512 pixel icons).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage, checkQueens, notSentences } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

test('after one visit the page reloads and solves with the network gone', async () => {
  const { page, problems, context } = await openPage(app, '#queens/8');
  // The first visit installs the worker and fills its cache.
  const cached = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    const names = await caches.keys();
    const cache = await caches.open(names.find((n) => n.startsWith('solvescope-')));
    return { active: !!reg.active, files: (await cache.keys()).map((r) => new URL(r.url).pathname) };
  });
  assert.ok(cached.active, 'the service worker is active');
  // Every puzzle's module, not only the one this visit used: offline, any view must still solve.
  for (const puzzle of ['queens', 'skyscrapers', 'hashi']) {
    assert.ok(cached.files.some((f) => new RegExp(`/solvescope_${puzzle}_bg[^/]*\\.wasm$`).test(f)), `the ${puzzle} module is cached: ${cached.files}`);
  }
  assert.ok(cached.files.includes('/'), 'the page itself is cached');

  await context.setOffline(true);
  // Offline, the server cannot answer: a fetch that bypasses the cache fails (and logs that error,
  // the one console error this test expects).
  const seen = problems.length;
  assert.equal(await page.evaluate(() => fetch('/manifest.webmanifest?no-cache=' + Math.random(), { cache: 'no-store' }).then(() => 'answered', () => 'failed')), 'failed');
  await page.waitForTimeout(200);
  assert.match(problems.splice(seen).join(' | '), /^console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED$/);
  await page.reload();
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the reloaded page is served by the worker');
  await page.waitForFunction(() => document.querySelector('#queens')?.hidden === false);
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.waitForFunction(() => document.querySelector('#queens-board')?.dataset.solved === 'true', null, { timeout: 30_000 });
  const columns = (await page.getAttribute('#queens-board', 'data-queens')).split(',').map(Number);
  assert.equal(checkQueens(8, columns), null);

  // Another puzzle, whose module this visit never used (a worker of its own, its module from the cache): the format example of Skyscrapers, solved.
  await page.goto(app.url + '#skyscrapers/' + encodeURIComponent('4://///1/3///4/////3/') + '?mode=watch');
  await page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.mode === 'watch');
  await page.locator('#skyscrapers .playback').getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.solved === 'true', null, { timeout: 30_000 });

  // The manifest and its icons, as an installing browser reads them (from the cache, offline).
  const manifest = await page.evaluate(async () => {
    const m = await (await fetch('./manifest.webmanifest')).json();
    const icons = [];
    for (const icon of m.icons) {
      const r = await fetch(icon.src);
      icons.push({ ...icon, ok: r.ok, type: r.headers.get('content-type') });
    }
    return { ...m, icons };
  });
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.name && manifest.short_name && manifest.start_url);
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
    assert.ok(icon?.ok, `a ${size} PNG icon that loads: ${JSON.stringify(manifest.icons)}`);
  }
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});
