// N-Queens in the real page: set N, play to the first solution, check the board on screen.
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

test('N=8: playing to the first solution shows a valid placement', async () => {
  const { page, problems } = await openPage(app, '#queens');
  await page.fill('#queens-n', '8');
  await page.press('#queens-n', 'Enter');
  await page.locator('#queens-n').blur();
  // Top speed, pause at the solution, then Play.
  await page.locator('#queens .playback input.speed-slider').fill('100');
  await page.getByRole('button', { name: 'Play' }).first().click();
  await page.waitForFunction(() => document.querySelector('#queens-board')?.dataset.solved === 'true', null, {
    timeout: 20_000,
  });
  const columns = (await page.getAttribute('#queens-board', 'data-queens')).split(',').map(Number);
  assert.equal(checkQueens(8, columns), null, `board on screen: ${columns}`);
  const solutions = await page.textContent('[data-counter=solutions]');
  assert.equal(solutions, '1');
  // The lowest-column-first search reaches its first 8-queens solution after 113 placements.
  assert.equal(await page.textContent('[data-counter=nodes]'), '113');

  // Step back takes the last event back without asking the solver; Step redoes it.
  await page.getByRole('button', { name: 'Step back' }).click();
  assert.equal(await page.getAttribute('#queens-board', 'data-solved'), 'false');
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('N=3: the page says there is no solution', async () => {
  const { page, problems } = await openPage(app, '#queens');
  await page.fill('#queens-n', '3');
  await page.locator('#queens-n').dispatchEvent('change');
  await page.getByRole('button', { name: 'Solve' }).click();
  await page.waitForFunction(() => /no solution/.test(document.querySelector('#queens-status')?.textContent ?? ''));
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('an out-of-range N gets a clear message, not a crash', async () => {
  const { page, problems } = await openPage(app, '#queens');
  await page.fill('#queens-n', '99');
  await page.locator('#queens-n').dispatchEvent('change');
  await page.waitForSelector('#queens .error:not([hidden])');
  assert.match(await page.textContent('#queens .error'), /1 to 64/);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('keyboard only: Tab to the controls, arrows step and step back, Enter solves', async () => {
  const { page, problems } = await openPage(app, '#queens');
  await page.waitForSelector('#queens-board[data-queens]');
  // Reach N with Tab, as a keyboard user would, and type a new size.
  for (let i = 0; i < 20 && !(await page.evaluate(() => document.activeElement?.id === 'queens-n')); i++) {
    await page.keyboard.press('Tab');
  }
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'queens-n');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('6');
  await page.keyboard.press('Tab'); // leaves the field: the board resets to 6x6
  await page.waitForFunction(() => document.querySelector('#queens-board')?.dataset.queens === '-1,-1,-1,-1,-1,-1');
  await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('#queens-board')?.dataset.queens?.startsWith('0,2,'));
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => document.querySelector('#queens-board')?.dataset.queens?.startsWith('0,-1,'));
  // Tab to Solve and press Enter.
  for (let i = 0; i < 20 && !(await page.evaluate(() => document.activeElement?.textContent === 'Solve')); i++) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#queens-board')?.dataset.solved === 'true');
  const columns = (await page.getAttribute('#queens-board', 'data-queens')).split(',').map(Number);
  assert.equal(checkQueens(6, columns), null);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});
