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
