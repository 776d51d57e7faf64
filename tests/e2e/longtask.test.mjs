// The page's main thread stays free while the worker solves and when a huge answer arrives: a
// long-task observer watches from the Solve click of a 10,000,000-queen min-conflicts run to its
// result. Before the answer crossed as a transferred Int32Array and the density picture sampled
// rows, this run held the main thread for about 490 ms in one task (measured here); now no task
// over 50 ms is seen on a quiet machine. The bound asserted leaves room for a shared CI machine.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

test('a 10^7-queen answer arrives without blocking the main thread', async () => {
  const { page, problems } = await openPage(app, '#repair');
  await page.waitForSelector('#repair-board');
  await page.fill('#repair-n', '10000000');
  await page.locator('#repair-n').dispatchEvent('change');
  // The new N starts a fresh run in the worker; let that settle before watching.
  await page.waitForTimeout(1500);
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push(Math.round(e.duration));
    }).observe({ type: 'longtask' });
  });
  await page.locator('#repair .playback').getByRole('button', { name: 'Solve' }).click();
  await page.waitForFunction(() => /^Solved N = 10,000,000/.test(document.querySelector('#repair-status').textContent), null, { timeout: 120_000 });
  // Let the drawing that follows the answer run and be observed.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(300);
  const tasks = await page.evaluate(() => window.__longTasks);
  console.log(`long tasks during the 10^7 solve (ms): ${JSON.stringify(tasks)}`);
  assert.ok(tasks.every((ms) => ms < 200), `main thread blocked: ${JSON.stringify(tasks)} ms`);
  assert.deepEqual(problems, []);
});
