// Issue 36 in the page: long play keeps memory flat (point 3), and a shared link's board never
// silently destroys the moves this browser kept (point 4).
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

const EXAMPLE = '4://///1/3///4/////3/';

const stepOf = async (page) => Number(/^Step ([\d,]+)/.exec(await page.textContent('#queens .step-count'))[1].replace(/,/g, ''));

/** The JS heap in use after a full garbage collection, in MiB (Chrome DevTools Protocol). */
async function heapAfterGc(cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 2 ** 20;
}

test('point 3: an all-solutions run at full speed keeps the heap flat over millions of events', async () => {
  const { page, problems, context } = await openPage(app, '#queens/30?opts=find:all,pause:off');
  await page.waitForSelector('#queens-board[data-queens]');
  const cdp = await context.newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  await page.locator('#queens .playback input.speed-slider').fill('100');
  await page.getByRole('button', { name: 'Play' }).first().click();
  // Samples once the player's and the tree's windows are full (200,000 events, 300,000 nodes),
  // then at fixed event counts after: a leak of one node per event would add tens of MiB each.
  const marks = [1_000_000, 1_600_000, 2_200_000];
  const samples = [];
  for (const mark of marks) {
    await page.waitForFunction((m) => Number(/^Step ([\d,]+)/.exec(document.querySelector('#queens .step-count')?.textContent ?? '')?.[1]?.replace(/,/g, '') ?? 0) >= m, mark, {
      timeout: 240_000,
      polling: 500,
    });
    samples.push({ events: await stepOf(page), mib: await heapAfterGc(cdp) });
  }
  console.log(`heap after GC: ${samples.map((s) => `${s.events.toLocaleString('en-US')} events ${s.mib.toFixed(1)} MiB`).join('; ')}`);
  // Flat: the last sample is within 25 MiB of the first (with the tree unbounded the same run
  // went 141.8 -> 181.1 -> 193.9 MiB; the issue measured 153 -> 792 MiB in two minutes).
  const growth = samples[samples.length - 1].mib - samples[0].mib;
  assert.ok(growth < 25, `the heap grew ${growth.toFixed(1)} MiB: ${JSON.stringify(samples)}`);
  const caption = await page.textContent('#queens-tree-caption');
  assert.match(caption, /oldest choices are counted but no longer drawn/);
  assert.ok(Number(await page.getAttribute('#queens-tree', 'data-nodes')) <= 300_000, 'the tree holds at most 300,000 nodes');
  assert.deepEqual(problems, []);
  await context.close();
});

test('point 4: a link with a board is one undoable step on top of the moves this browser kept', async () => {
  const { page, problems, context } = await openPage(app, '#skyscrapers/' + encodeURIComponent(EXAMPLE) + '?mode=play');
  await page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.mode === 'play');
  await page.focus('#sky-board');
  await page.keyboard.press('1'); // the player's 1 at row 1, column 1, kept in local storage
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.grid.startsWith('1,0,0,0/'));
  // A shared link to the same puzzle whose board has a 2 there ("a" = 2 x 5 + 0: two cells a
  // character, values 0 to 4), opened in the same browser.
  const shared = await context.newPage();
  await shared.goto(`${app.url}#skyscrapers/${encodeURIComponent(EXAMPLE)}?mode=play&board=a`);
  await shared.waitForFunction(() => document.querySelector('#sky-board')?.dataset.grid?.startsWith('2,0,0,0/'));
  assert.match(await shared.textContent('#sky-status'), /Undo brings back/);
  assert.equal(await shared.isDisabled('#sky-play-undo'), false, 'Undo is offered');
  await shared.click('#sky-play-undo');
  await shared.waitForFunction(() => document.querySelector('#sky-board').dataset.grid.startsWith('1,0,0,0/'));
  // Undone, the kept moves are kept again: a reload without the board shows them.
  await shared.goto(`${app.url}#skyscrapers/${encodeURIComponent(EXAMPLE)}?mode=play`);
  await shared.reload();
  await shared.waitForFunction(() => document.querySelector('#sky-board')?.dataset.grid?.startsWith('1,0,0,0/'));
  // A link whose board is what was kept adds no step.
  await shared.goto(`${app.url}#skyscrapers/${encodeURIComponent(EXAMPLE)}?mode=play&board=5`);
  await shared.reload();
  await shared.waitForFunction(() => document.querySelector('#sky-board')?.dataset.grid?.startsWith('1,0,0,0/'));
  assert.equal(await shared.isDisabled('#sky-play-undo'), true);
  assert.deepEqual(problems, []);
  await context.close();
});

test('point 4 across a reload: the kept moves outlive a link left without Undo, until the player moves on it', async () => {
  const { page, problems, context } = await openPage(app, '#skyscrapers/' + encodeURIComponent(EXAMPLE) + '?mode=play');
  await page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.mode === 'play');
  await page.focus('#sky-board');
  await page.keyboard.press('1');
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.grid.startsWith('1,0,0,0/'));
  await page.close();
  // The shared link, opened and closed again with no Undo.
  const shared = await context.newPage();
  await shared.goto(`${app.url}#skyscrapers/${encodeURIComponent(EXAMPLE)}?mode=play&board=a`);
  await shared.waitForFunction(() => document.querySelector('#sky-board')?.dataset.grid?.startsWith('2,0,0,0/'));
  // Reloaded as it is, the link lies on top again and Undo still reaches the kept moves.
  await shared.reload();
  await shared.waitForFunction(() => document.querySelector('#sky-board')?.dataset.grid?.startsWith('2,0,0,0/'));
  assert.match(await shared.textContent('#sky-status'), /Undo brings back/);
  await shared.close();
  const mine = await context.newPage();
  await mine.goto(`${app.url}#skyscrapers/${encodeURIComponent(EXAMPLE)}?mode=play`);
  await mine.waitForFunction(() => document.querySelector('#sky-board')?.dataset.grid?.startsWith('1,0,0,0/'));
  // A move on the link's board adopts it: then it is what this browser keeps.
  await mine.goto(`${app.url}#skyscrapers/${encodeURIComponent(EXAMPLE)}?mode=play&board=a`);
  await mine.reload();
  await mine.waitForFunction(() => document.querySelector('#sky-board')?.dataset.grid?.startsWith('2,0,0,0/'));
  await mine.focus('#sky-board');
  await mine.keyboard.press('ArrowRight');
  await mine.keyboard.press('3');
  await mine.waitForFunction(() => document.querySelector('#sky-board').dataset.grid.startsWith('2,3,0,0/'));
  await mine.goto(`${app.url}#skyscrapers/${encodeURIComponent(EXAMPLE)}?mode=play`);
  await mine.reload();
  await mine.waitForFunction(() => document.querySelector('#sky-board')?.dataset.grid?.startsWith('2,3,0,0/'));
  assert.deepEqual(problems, []);
  await context.close();
});

test('point 4, two links in one tab: Undo goes back to the kept moves, not to the first link', async () => {
  const { page, problems, context } = await openPage(app, '#skyscrapers/' + encodeURIComponent(EXAMPLE) + '?mode=play');
  const gridStarts = (p, want) => p.waitForFunction((w) => document.querySelector('#sky-board')?.dataset.grid?.startsWith(w), want);
  await page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.mode === 'play');
  await page.focus('#sky-board');
  await page.keyboard.press('1');
  await gridStarts(page, '1,0,0,0/');
  // Two shared links to the same puzzle, one after the other in this tab (2, then 3 at row 1,
  // column 1: "a" = 2 x 5 + 0, "f" = 3 x 5 + 0).
  await page.goto(`${app.url}#skyscrapers/${encodeURIComponent(EXAMPLE)}?mode=play&board=a`);
  await gridStarts(page, '2,0,0,0/');
  await page.goto(`${app.url}#skyscrapers/${encodeURIComponent(EXAMPLE)}?mode=play&board=f`);
  await gridStarts(page, '3,0,0,0/');
  assert.match(await page.textContent('#sky-status'), /Undo brings back/);
  await page.click('#sky-play-undo');
  await gridStarts(page, '1,0,0,0/');
  const other = await context.newPage();
  await other.goto(`${app.url}#skyscrapers/${encodeURIComponent(EXAMPLE)}?mode=play`);
  await gridStarts(other, '1,0,0,0/');
  assert.deepEqual(problems, []);
  await context.close();
});

test('point 4, Hashiwokakero: a link with bridges is one undoable step on top of the kept bridges', async () => {
  const PUZZLE = '3x3m2:2a2c2a2';
  const { page, problems, context } = await openPage(app, `#hashi/${PUZZLE}?mode=play`);
  const bridgesAre = (p, want) => p.waitForFunction((w) => document.querySelector('#hashi-board')?.dataset.bridges === w, want);
  await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.mode === 'play');
  await page.locator('#hashi-board').focus();
  // From the middle cell to the top-left island, select it, a bridge right and one down.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await bridgesAre(page, '0,0-0,2x1');
  await page.keyboard.press('ArrowDown');
  await bridgesAre(page, '0,0-0,2x1;0,0-2,0x1');
  await page.waitForFunction(() => /[?&]board=/.test(location.hash));
  const twoBridges = await page.evaluate(() => location.hash);
  // The player takes the second bridge back: what this browser keeps is one bridge.
  await page.keyboard.press('Control+z');
  await bridgesAre(page, '0,0-0,2x1');
  // The link with both bridges, opened in the same browser, lies on top of the kept one.
  const shared = await context.newPage();
  await shared.goto(app.url + twoBridges);
  await bridgesAre(shared, '0,0-0,2x1;0,0-2,0x1');
  assert.match(await shared.textContent('#hashi-status'), /Undo brings back/);
  // Left without Undo, the kept bridge is still what this browser keeps.
  const other = await context.newPage();
  await other.goto(`${app.url}#hashi/${PUZZLE}?mode=play`);
  await bridgesAre(other, '0,0-0,2x1');
  await other.close();
  assert.equal(await shared.isDisabled('#hashi-play-undo'), false, 'Undo is offered');
  await shared.click('#hashi-play-undo');
  await bridgesAre(shared, '0,0-0,2x1');
  // Undone, the kept bridge is kept again: the puzzle's address without a board shows it.
  await shared.goto(`${app.url}#hashi/${PUZZLE}?mode=play`);
  await shared.reload();
  await bridgesAre(shared, '0,0-0,2x1');
  assert.deepEqual(problems, []);
  await context.close();
});
