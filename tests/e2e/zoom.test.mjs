// Zoom and pan on big boards: at 30x30 Hashiwokakero the zoomed board is drawn larger inside a
// scrolling box, clicks still land on the cell under the pointer, and "Fit" brings the whole board
// back; N-Queens zooms the same way.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage, hashiCellCenter as cellCenter } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const attr = (page, name) => page.getAttribute('#hashi-board', `data-${name}`);


test('a 30x30 Hashiwokakero board zooms, pans and still places islands where clicked', async () => {
  const { page, problems } = await openPage(app, '#hashi', { width: 390, height: 844 }, { hasTouch: true });
  await page.waitForFunction(() => (document.querySelector('#hashi-board')?.dataset.cells ?? '') !== '');
  await page.click('#hashi-clear-board');
  for (const id of ['#hashi-width', '#hashi-height']) {
    await page.fill(id, '30');
    await page.locator(id).dispatchEvent('change');
  }
  await page.waitForFunction(() => document.querySelector('#hashi-board').dataset.width === '30' && document.querySelector('#hashi-board').dataset.height === '30');
  const fit = (await page.locator('#hashi-board').boundingBox()).width;
  const viewport = page.locator('#hashi .board-viewport');

  await page.locator('#hashi .zoom-in').click();
  await page.locator('#hashi .zoom-in').click();
  assert.equal(await page.textContent('#hashi .zoom-level'), '200%');
  const zoomed = (await page.locator('#hashi-board').boundingBox()).width;
  assert.ok(Math.abs(zoomed - 2 * fit) <= 2, `zoomed width ${zoomed} is twice ${fit}`);
  assert.ok(await viewport.evaluate((v) => v.scrollWidth > v.clientWidth && v.scrollHeight > v.clientHeight), 'the zoomed board scrolls');
  assert.ok(await viewport.evaluate((v) => v.getBoundingClientRect().width <= innerWidth), 'the box stays inside the window');

  // Pan to the top left and place an island at row 3, column 4 (0-based 2, 3).
  await viewport.evaluate((v) => {
    v.scrollLeft = 0;
    v.scrollTop = 0;
  });
  await page.locator('#hashi-board').scrollIntoViewIfNeeded();
  const p = await cellCenter(page, 2, 3);
  await page.mouse.click(p.x, p.y);
  await page.keyboard.press('4');
  await page.waitForFunction(() => document.querySelector('#hashi-board').dataset.cells.split(',')[2 * 30 + 3] === '4');
  const cells = (await attr(page, 'cells')).split(',');
  assert.equal(cells.filter((v) => v !== '0').length, 1, 'exactly one island, where clicked');

  await page.locator('#hashi .zoom-fit').click();
  assert.ok(Math.abs((await page.locator('#hashi-board').boundingBox()).width - fit) <= 2, 'Fit shows the whole board again');
  assert.deepEqual(problems, []);
});

test('N-Queens at N = 50 zooms in and out', async () => {
  const { page, problems } = await openPage(app, '#queens');
  await page.fill('#queens-n', '50');
  await page.locator('#queens-n').dispatchEvent('change');
  await page.waitForTimeout(300);
  const fit = (await page.locator('#queens-board').boundingBox()).width;
  await page.locator('#queens .zoom-in').click();
  assert.equal(await page.textContent('#queens .zoom-level'), '150%');
  assert.ok(Math.abs((await page.locator('#queens-board').boundingBox()).width - 1.5 * fit) <= 2);
  await page.locator('#queens .zoom-out').click();
  assert.ok(Math.abs((await page.locator('#queens-board').boundingBox()).width - fit) <= 2);
  assert.deepEqual(problems, []);
});
