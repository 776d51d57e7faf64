// Solve always shows progress and can be stopped; in the race, repair's answer shows as soon as it
// is found (each side has its own worker); Solve and Reset reuse the seed the class just watched.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage, checkQueens } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

test('race at N = 50: repair answers at once while search shows progress; Stop stops it', async () => {
  const { page, problems } = await openPage(app, '#race');
  await page.waitForSelector('#race-search-board');
  await page.fill('#race-n', '50');
  await page.locator('#race-n').dispatchEvent('change');
  await page.waitForTimeout(500);
  const bar = page.locator('#race .playback');
  await bar.getByRole('button', { name: 'Solve', exact: true }).click();

  // Repair's side: solved, and the placement on screen passes the checker, while search runs on.
  await page.waitForFunction(() => document.querySelector('#race-repair-board').dataset.solved === 'true', null, { timeout: 20_000 });
  const columns = (await page.getAttribute('#race-repair-board', 'data-queens')).split(',').map(Number);
  assert.equal(checkQueens(50, columns), null, `repair's board: ${columns}`);
  // Rust's sentence (Report.says), naming the run: N, its seed, the moves it took.
  assert.match(await page.textContent('#race-repair-status'), /^Solved N = 50 with seed \d+: [\d,]+ moves? and [\d,]+ restarts?, .+\.$/);

  // Search's side: still solving, and the bar says how far it got.
  await page.waitForFunction(() => /^Solving… [\d,]+ nodes, /.test(document.querySelector('#race .solve-progress')?.textContent ?? ''), null, { timeout: 10_000 });
  assert.equal(await bar.getByRole('button', { name: 'Stop', exact: true }).count(), 1, 'Solve became Stop');
  await bar.getByRole('button', { name: 'Stop', exact: true }).click();
  await page.waitForFunction(() => /^Stopped after/.test(document.querySelector('#race .solve-progress').textContent));
  assert.equal(await bar.getByRole('button', { name: 'Solve', exact: true }).count(), 1, 'Stop became Solve again');
  // The page still works after a stop: a step places a queen.
  await bar.getByRole('button', { name: 'Step', exact: true }).click();
  await page.waitForFunction(() => /\d/.test(document.querySelector('#race-search-board').dataset.queens));
  assert.deepEqual(problems, []);
});

test('min-conflicts: Solve and Reset use the seed that was just watched; New seed draws another', async () => {
  const { page, problems } = await openPage(app, '#repair');
  await page.waitForSelector('#repair-board');
  const bar = page.locator('#repair .playback');
  for (let k = 0; k < 3; k++) await bar.getByRole('button', { name: 'Step', exact: true }).click();
  await page.waitForFunction(() => /random \(now \d+\)/.test(document.querySelector('#repair-seed').placeholder));
  const watched = (await page.getAttribute('#repair-seed', 'placeholder')).match(/\d+/)[0];
  await bar.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /^Solved N = 8/.test(document.querySelector('#repair-status').textContent));
  assert.match(await page.textContent('#repair-status'), new RegExp(`with seed ${watched}:`));
  await bar.getByRole('button', { name: 'Reset', exact: true }).click();
  await page.waitForTimeout(300);
  assert.equal((await page.getAttribute('#repair-seed', 'placeholder')).match(/\d+/)[0], watched, 'Reset keeps the seed');
  await page.locator('#repair .new-seed').click();
  await page.waitForFunction((w) => !document.querySelector('#repair-seed').placeholder.includes(w), watched);
  assert.deepEqual(problems, []);
});
