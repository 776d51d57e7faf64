// Min-conflicts repair and the side-by-side view in the real page.
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

const boardOf = async (page, id) => (await page.getAttribute(id, 'data-queens')).split(',').map(Number);
// Function predicates only: the page's Content-Security-Policy forbids evaluating strings.
const allSolved = (ids) => ids.every((id) => document.querySelector(id)?.dataset.solved === 'true');

test('side by side: both boards end on valid placements, each with its own counters', async () => {
  const { page, problems } = await openPage(app, '#race');
  await page.fill('#race-n', '12');
  await page.locator('#race-n').dispatchEvent('change');
  await page.fill('#race-seed', '7');
  await page.locator('#race-seed').dispatchEvent('change');
  await page.locator('#race .playback input.speed-slider').fill('100');
  await page.locator('#race').getByRole('button', { name: 'Play' }).click();
  await page.waitForFunction(allSolved, ['#race-search-board', '#race-repair-board'], { timeout: 30_000 });
  assert.equal(checkQueens(12, await boardOf(page, '#race-search-board')), null);
  assert.equal(checkQueens(12, await boardOf(page, '#race-repair-board')), null);
  const nodes = Number((await page.textContent('#race-search [data-counter=nodes]')).replace(/,/g, ''));
  const moves = Number((await page.textContent('#race-repair [data-counter=moves]')).replace(/,/g, ''));
  assert.ok(nodes > 0 && moves > 0, `nodes ${nodes}, moves ${moves}`);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('repair: the same seed replays the same run, and stepping back undoes moves', async () => {
  const { page, problems } = await openPage(app, '#repair');
  await page.fill('#repair-n', '16');
  await page.locator('#repair-n').dispatchEvent('change');
  await page.fill('#repair-seed', '42');
  await page.locator('#repair-seed').dispatchEvent('change');
  const step = page.locator('#repair').getByRole('button', { name: 'Step', exact: true });
  for (let i = 0; i < 6; i++) await step.click();
  const afterSix = await boardOf(page, '#repair-board');
  await step.click();
  await page.locator('#repair').getByRole('button', { name: 'Step back' }).click();
  assert.deepEqual(await boardOf(page, '#repair-board'), afterSix, 'step then step back returns to the same board');

  await page.locator('#repair .playback input.speed-slider').fill('100');
  await page.locator('#repair').getByRole('button', { name: 'Play' }).click();
  await page.waitForFunction(allSolved, ['#repair-board'], { timeout: 30_000 });
  const first = await boardOf(page, '#repair-board');
  assert.equal(checkQueens(16, first), null);

  // Solve with the same seed gives the same placement (one engine for step and solve).
  await page.locator('#repair').getByRole('button', { name: 'Solve' }).click();
  await page.waitForFunction(() => /Solved N = 16 with seed 42/.test(document.querySelector('#repair-status')?.textContent ?? ''));
  assert.deepEqual(await boardOf(page, '#repair-board'), first);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('repair: a million queens solve in the browser (density view)', async () => {
  const { page, problems } = await openPage(app, '#repair');
  await page.fill('#repair-n', '1000000');
  await page.locator('#repair-n').dispatchEvent('change');
  await page.fill('#repair-seed', '1');
  await page.locator('#repair-seed').dispatchEvent('change');
  await page.locator('#repair').getByRole('button', { name: 'Solve' }).click();
  await page.waitForFunction(() => /Solved N = 1,000,000/.test(document.querySelector('#repair-status')?.textContent ?? ''), null, {
    timeout: 60_000,
  });
  assert.equal(await page.getAttribute('#repair-board', 'data-solved'), 'true');
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('presenter mode: the race\'s result lines are on a 1024 x 768 screen without scrolling, and 800 x 600 does not scroll sideways', async () => {
  const { page, problems } = await openPage(app, '#race/20?seed=3&present=1', { width: 1024, height: 768 });
  await page.waitForFunction(() => document.documentElement.classList.contains('presenter'));
  await page.locator('#race').getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(allSolved, ['#race-search-board', '#race-repair-board'], { timeout: 30_000 });
  assert.equal(checkQueens(20, await boardOf(page, '#race-search-board')), null);
  assert.equal(checkQueens(20, await boardOf(page, '#race-repair-board')), null);
  for (const id of ['#race-search-status', '#race-repair-status']) {
    // Rust's sentences (Report.says): search found a placement, repair solved N = 20.
    await page.waitForFunction((id) => /^(Found a solution|Solved N = 20) /.test(document.querySelector(id)?.textContent ?? ''), id);
    const box = await page.evaluate((id) => document.querySelector(id).getBoundingClientRect().toJSON(), id);
    assert.ok(box.height > 0 && box.bottom <= 768 + 0.5, `${id} is on screen: ${JSON.stringify(box)}`);
  }
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  await page.setViewportSize({ width: 800, height: 600 });
  await page.evaluate(() => window.dispatchEvent(new Event('resize')));
  await page.waitForTimeout(300);
  assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth), '800 x 600 does not scroll sideways');
  assert.deepEqual(problems, []);
});
