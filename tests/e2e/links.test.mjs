// The address is the state, and nothing is lost (issue 9, points 3 and 4): a copied address opened
// in a fresh browser shows the same board, mode and N; #race/50 and #queens/12 open at that N; a
// truncated Skyscrapers link (a Tatham ID or a puzz.link URL) says what is wrong and keeps saying it; a reload keeps the edits and
// the player's digits; undo/redo in the editor and in play mode return exactly the earlier boards.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { startApp, openPage, notSentences, settledStep } from './harness.mjs';

const EXAMPLE = '4://///1/3///4/////3/';
const shots = new URL('../../build/screenshots/', import.meta.url).pathname;

let app;
before(async () => {
  app = await startApp();
  mkdirSync(shots, { recursive: true });
});
after(async () => {
  await app?.close();
});

const sky = (page, name) => page.getAttribute('#sky-board', `data-${name}`);
/** Waits until the address bar holds `re` (the page writes it with replaceState). */
const addressMatches = (page, re) => page.waitForFunction((src) => new RegExp(src).test(decodeURIComponent(location.hash)), re.source);

async function skyReady(page) {
  await page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
}

test('#queens/12 and #race/50 open at that N, and the address keeps N and the seed', async () => {
  const { page, problems, context } = await openPage(app, '#queens/12');
  await page.waitForFunction(() => (document.querySelector('#queens-board')?.dataset.queens ?? '').split(',').length === 12);
  assert.equal(await page.inputValue('#queens-n'), '12');
  await addressMatches(page, /^#queens\/12$/);
  await page.selectOption('#queens-mode', 'count');
  await addressMatches(page, /^#queens\/12\?opts=find:count$/);
  await page.goto(app.url + '#queens/6?opts=find:all');
  await page.waitForFunction(() => document.querySelector('#queens-n')?.value === '6');
  assert.equal(await page.inputValue('#queens-mode'), 'all');
  await page.goto(app.url + '#race/50');
  await page.waitForFunction(() => document.querySelector('#race')?.hidden === false);
  assert.equal(await page.inputValue('#race-n'), '50');
  await addressMatches(page, /^#race\/50\?seed=\d+$/);
  // The race's seed in the address replays the same repair run.
  const seeded = await page.evaluate(() => location.hash);
  const seed = seeded.match(/seed=(\d+)/)[1];
  const other = await context.newPage();
  await other.goto(app.url + seeded);
  await other.waitForFunction(() => document.querySelector('#race')?.hidden === false);
  assert.equal(await other.inputValue('#race-n'), '50');
  assert.equal(await other.inputValue('#race-seed'), seed);
  // Repair options travel in opts=; an unknown one is reported, the others are used.
  await other.goto(app.url + '#repair/20?seed=5&opts=tabu:3,greedy:true,colour:red');
  await other.waitForFunction(() => document.querySelector('#repair')?.hidden === false);
  assert.equal(await other.inputValue('#repair-tabu'), '3');
  assert.equal(await other.isChecked('#repair-greedy'), true);
  assert.match(await other.textContent('#link-error'), /There is no repair option "colour"/);
  await other.click('#link-error-dismiss');
  await addressMatches(other, /^#repair\/20\?seed=5&opts=tabu:3,greedy:true$/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('N-Queens: the pause at each solution travels in opts=pause:off, and its default is left out', async () => {
  const { page, problems, context } = await openPage(app, '#queens/10?opts=find:all,pause:off');
  await page.waitForFunction(() => document.querySelector('#queens-n')?.value === '10');
  assert.equal(await page.isChecked('#queens-pause'), false);
  await page.check('#queens-pause');
  await addressMatches(page, /^#queens\/10\?opts=find:all$/);
  await page.uncheck('#queens-pause');
  await addressMatches(page, /^#queens\/10\?opts=find:all,pause:off$/);
  // A bad value is named in the banner; the box keeps its default.
  const bad = await openPage(app, '#queens/10?opts=pause:maybe');
  await bad.page.waitForFunction(() => /The N-Queens option "pause" must be on or off \(got "maybe"\)/.test(document.querySelector('#link-error-text')?.textContent ?? ''));
  assert.equal(await bad.page.isChecked('#queens-pause'), true);
  await bad.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('a truncated Skyscrapers link says what is wrong and the message stays', async () => {
  const truncated = '#skyscrapers/' + encodeURIComponent(EXAMPLE.slice(0, 9));
  const { page, problems, context } = await openPage(app, truncated);
  await skyReady(page);
  const banner = page.locator('#link-error');
  await banner.waitFor({ state: 'visible' });
  const text = await banner.textContent();
  assert.match(text, /The Skyscrapers puzzle in this link could not be opened\. .+ The example puzzle is shown instead\./);
  // Still there after the example has loaded and the page has settled; the address is untouched.
  await page.waitForTimeout(1500);
  assert.ok(await banner.isVisible(), 'the message stays on screen');
  assert.equal(await page.evaluate(() => location.hash), truncated);
  await page.screenshot({ path: `${shots}links-truncated.png` });
  // A malformed address reports what and where.
  await page.goto(app.url + '#skyscrapers/' + encodeURIComponent(EXAMPLE) + '?mode=fly');
  await page.waitForFunction(() => /"mode" at character \d+ must be edit, play or watch \(got "fly"\)/.test(document.querySelector('#link-error')?.textContent ?? ''));
  await page.click('#link-error-dismiss');
  assert.equal(await banner.isVisible(), false);
  // The same for a truncated Hashiwokakero link.
  await page.goto(app.url + '#hashi/' + encodeURIComponent('7x7m2:3a4c3i2b1'));
  await page.waitForFunction(() => /The Hashiwokakero puzzle in this link could not be opened\. Hashi: .+\./.test(document.querySelector('#link-error')?.textContent ?? ''));
  await page.waitForTimeout(1000);
  assert.ok(await banner.isVisible(), 'the message stays on screen');
  // A puzz.link URL cut off in the middle of its stream says how far it got, for both puzzles
  // (read as it was, the rest would have been empty squares or water: another puzzle).
  for (const [view, url, says] of [
    ['hashi', 'https://puzz.link/p?hashikake/7/7/h2g3g1q3g3h2p2', /ends after 35 of the 49 cells of its 7x7 board \(row 6\).+cut short/],
    ['skyscrapers', 'https://puzz.link/p?skyscrapers/4/4/k13h4', /ends after 10 of its 16 clue places.+cut short/],
  ]) {
    await page.goto(app.url + `#${view}/` + encodeURIComponent(url));
    await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#link-error')?.textContent ?? ''), says.source);
    assert.ok(await banner.isVisible(), `${view}: the message is on screen`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

/** Types digits on the Skyscrapers board: each [dr, dc, digit] moves from the current slot. */
async function typeOnBoard(page, moves) {
  await page.focus('#sky-board');
  for (const [dr, dc, d] of moves) {
    for (let k = 0; k < Math.abs(dr); k++) await page.keyboard.press(dr > 0 ? 'ArrowDown' : 'ArrowUp');
    for (let k = 0; k < Math.abs(dc); k++) await page.keyboard.press(dc > 0 ? 'ArrowRight' : 'ArrowLeft');
    await page.keyboard.press(String(d));
  }
}

test('edits and play digits survive a reload; a copied address reopens the same board and mode', async () => {
  const { page, problems, context } = await openPage(app, '#skyscrapers');
  await skyReady(page);
  await typeOnBoard(page, [[0, 0, 2]]); // given 2 at row 1, column 1
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.grid.startsWith('2,0,0,0/'));
  await page.click('#sky-mode-play');
  await page.focus('#sky-board');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('3'); // the player's 3 at row 2, column 1
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.grid.split('/')[1].startsWith('3,'));
  // Pencil marks 1 and 4 at row 2, column 2.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('p');
  await page.keyboard.press('1');
  await page.keyboard.press('4');
  await page.keyboard.press('p');
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.marks === '1,1:14');
  // The address holds the player's position too: digits and marks (docs/ADDRESS.md, board=).
  // Two digits a character (0 = empty): row 1 empty, then the 3 at cell 5 ("f" = 3 x 5 + 0); the
  // marks as cell 5, mask 9 (heights 1 and 4).
  await addressMatches(page, /^#skyscrapers\/4:.*\?mode=play&board=00f_5\.9$/);
  const grid = await sky(page, 'grid');
  const clues = await sky(page, 'clues');
  const tatham = await sky(page, 'tatham');

  await page.reload();
  await page.waitForFunction((g) => document.querySelector('#sky-board')?.dataset.grid === g, grid);
  assert.equal(await sky(page, 'mode'), 'play');
  assert.equal(await sky(page, 'clues'), clues);

  // The Copy link button's address, opened in a fresh browser (no stored moves): the same puzzle,
  // mode, digits and pencil marks.
  await page.click('#copy-link');
  await page.waitForFunction(() => /link/.test(document.querySelector('#copy-link-status')?.textContent ?? ''));
  const href = await page.evaluate(() => location.href);
  const fresh = await openPage(app, href.slice(app.url.length));
  await fresh.page.waitForFunction((t) => document.querySelector('#sky-board')?.dataset.tatham === t, tatham);
  await fresh.page.waitForFunction(() => document.querySelector('#sky-board').dataset.mode === 'play');
  assert.equal(await sky(fresh.page, 'clues'), clues);
  await fresh.page.waitForFunction((g) => document.querySelector('#sky-board').dataset.grid === g, grid);
  assert.equal(await sky(fresh.page, 'marks'), '1,1:14');
  assert.deepEqual(fresh.problems, []);
  await fresh.context.close();

  // A board that does not fit the puzzle ("p" is 25, past the 5 x 5 pairs of digits a 4x4 character holds) is reported and left out.
  const bad = await openPage(app, `${href.slice(app.url.length).replace(/board=[^&]*/, 'board=p')}`);
  await bad.page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.mode === 'play');
  await bad.page.waitForFunction(() => /The board in the link does not fit this 4x4 puzzle: character 1 \("p"\)/.test(document.querySelector('#link-error-text')?.textContent ?? ''));
  assert.match(await sky(bad.page, 'grid'), /^2,0,0,0\/0,0,0,0\//, 'the given is there, nothing from the bad board');
  await bad.context.close();

  // Corrupt stored data is ignored: the page still opens (and no error is logged) with what the
  // address holds, the puzzle and the player's board.
  await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) localStorage.setItem(localStorage.key(i), '{"v":1,"data":[1,2');
  });
  await page.reload();
  await skyReady(page);
  await page.waitForFunction((g) => document.querySelector('#sky-board').dataset.grid === g, grid);
  assert.deepEqual(problems, []);
  await context.close();
});

test('undo and redo, by keys and buttons, in the editor and in play mode are exact', async () => {
  const { page, problems, context } = await openPage(app, '#skyscrapers/' + encodeURIComponent(EXAMPLE) + '?mode=edit');
  await skyReady(page);
  const states = [await sky(page, 'grid') + '|' + (await sky(page, 'clues'))];
  const now = async () => (await sky(page, 'grid')) + '|' + (await sky(page, 'clues'));
  await typeOnBoard(page, [[0, 0, 1], [0, 1, 2], [-1, 0, 3]]); // two givens, then a clue above column 2
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.clues.startsWith('0,3,'));
  const after = await now();
  assert.match(after, /^1,2,0,0\//);
  await page.keyboard.press('Control+z');
  assert.match(await now(), /^1,2,0,0\/.*\|0,0,0,0\//, 'the clue is undone, the givens stay');
  await page.keyboard.press('Control+z');
  assert.match(await now(), /^1,0,0,0\//);
  await page.click('#sky-edit-undo');
  assert.equal(await now(), states[0], 'back exactly to the example');
  await page.keyboard.press('Control+y');
  await page.focus('#sky-board');
  await page.keyboard.press('Control+Shift+Z');
  await page.click('#sky-edit-redo');
  assert.equal(await now(), after, 'redo returns exactly the edited board');

  await page.click('#sky-mode-play');
  const start = await sky(page, 'grid');
  await page.focus('#sky-board');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('4');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('3');
  const played = await sky(page, 'grid');
  assert.match(played, /^1,2,0,0\/4,3,0,0\//);
  await page.keyboard.press('Control+z');
  assert.match(await sky(page, 'grid'), /^1,2,0,0\/4,0,0,0\//);
  await page.click('#sky-play-undo');
  assert.equal(await sky(page, 'grid'), start);
  assert.equal(await page.isDisabled('#sky-play-undo'), true);
  await page.click('#sky-play-redo');
  await page.focus('#sky-board');
  await page.keyboard.press('Control+y');
  assert.equal(await sky(page, 'grid'), played);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Hashiwokakero: undo/redo in the editor and play mode, bridges and mode survive a reload', async () => {
  const { page, problems, context } = await openPage(app, '#hashi/' + encodeURIComponent('2.2/.../2.2') + '?mode=edit');
  const attr = (n) => page.getAttribute('#hashi-board', `data-${n}`);
  const waitAttr = (n, v) => page.waitForFunction(([n, v]) => document.querySelector('#hashi-board')?.getAttribute(`data-${n}`) === v, [n, v]);
  await waitAttr('cells', '2,0,2,0,0,0,2,0,2');
  await page.waitForFunction(() => !document.querySelector('#hashi-mode-play').disabled);
  await page.locator('#hashi-board').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('#');
  await waitAttr('cells', '2,0,2,0,255,0,2,0,2');
  await page.keyboard.press('Control+z');
  await waitAttr('cells', '2,0,2,0,0,0,2,0,2');
  await page.waitForFunction(() => document.querySelector('#hashi-id')?.textContent === '3x3m2:2a2c2a2');
  await page.keyboard.press('Control+Shift+Z');
  await waitAttr('cells', '2,0,2,0,255,0,2,0,2');
  await page.click('#hashi-edit-undo');
  await waitAttr('cells', '2,0,2,0,0,0,2,0,2');
  await page.waitForFunction(() => !document.querySelector('#hashi-mode-play').disabled);

  await page.click('#hashi-mode-play');
  await waitAttr('mode', 'play');
  await page.locator('#hashi-board').focus();
  // Cursor is on the middle cell: up-left to (0,0), select, lay two bridges right then one down.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await waitAttr('bridges', '0,0-0,2x1');
  await page.keyboard.press('ArrowRight');
  await waitAttr('bridges', '0,0-0,2x2');
  await page.keyboard.press('ArrowDown');
  await waitAttr('bridges', '0,0-0,2x2;0,0-2,0x1');
  await page.keyboard.press('Control+z');
  await waitAttr('bridges', '0,0-0,2x2');
  await page.click('#hashi-play-undo');
  await waitAttr('bridges', '0,0-0,2x1');
  await page.keyboard.press('Control+y');
  await waitAttr('bridges', '0,0-0,2x2');
  await page.waitForFunction(() => /^#hashi\/3x3m2:2a2c2a2\?mode=play&board=[0-9a-z]+$/.test(decodeURIComponent(location.hash)));

  await page.reload();
  await waitAttr('mode', 'play');
  await waitAttr('bridges', '0,0-0,2x2');
  // The address alone (a fresh browser, nothing stored) lays the same bridges.
  const fresh = await openPage(app, await page.evaluate(() => location.hash));
  await fresh.page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.mode === 'play');
  await fresh.page.waitForFunction(() => document.querySelector('#hashi-board').dataset.bridges === '0,0-0,2x2');
  assert.deepEqual(fresh.problems, []);
  await fresh.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('watch techniques travel in opts=: switched off from a link, kept in the address', async () => {
  const { page, problems, context } = await openPage(app, '#skyscrapers/' + encodeURIComponent(EXAMPLE) + '?mode=watch&opts=mrv:off');
  await page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.mode === 'watch');
  assert.equal(await page.isChecked('#sky-t-mrv'), false);
  assert.equal(await page.isChecked('#sky-t-lines'), true);
  await addressMatches(page, /\?mode=watch&opts=mrv:off$/);
  // A second link in the same page names only lines: mrv goes back to its default, not kept off.
  await page.evaluate((id) => (location.hash = '#skyscrapers/' + encodeURIComponent(id) + '?mode=watch&opts=lines:off'), EXAMPLE);
  await page.waitForFunction(() => !document.querySelector('#sky-t-lines').checked);
  assert.equal(await page.isChecked('#sky-t-mrv'), true);
  await addressMatches(page, /\?mode=watch&opts=lines:off$/);
  await page.goto(app.url + '#hashi/' + encodeURIComponent('2.2/.../2.2') + '?mode=watch&opts=matrixTree:on,degree:off,bogus:on');
  await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.mode === 'watch');
  assert.equal(await page.isChecked('#hashi-tech-matrixTree'), true);
  assert.equal(await page.isChecked('#hashi-tech-degree'), false);
  assert.match(await page.textContent('#link-error'), /There is no Hashiwokakero technique option "bogus"/);
  await page.click('#link-error-dismiss');
  await addressMatches(page, /^#hashi\/3x3m2:2a2c2a2\?mode=watch&opts=degree:off,matrixTree:on$/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('step= reopens a run at that step, and the address follows the player', async () => {
  const { page, problems, context } = await openPage(app, '#queens/8?step=25');
  const count = (sel) => page.textContent(`${sel} .step-count`);
  await page.waitForFunction(() => /^Step 25 of/.test(document.querySelector('#queens .step-count')?.textContent ?? ''));
  const board = await page.getAttribute('#queens-board', 'data-queens');
  await addressMatches(page, /^#queens\/8\?step=25$/);
  // The same step reached by hand shows the same board.
  const other = await context.newPage();
  await other.goto(app.url + '#queens/8');
  await other.waitForFunction(() => /^Step 0 of/.test(document.querySelector('#queens .step-count')?.textContent ?? ''));
  await other.focus('#queens-board').catch(() => {});
  for (let i = 0; i < 25; i++) await other.keyboard.press('ArrowRight');
  await other.waitForFunction(() => /^Step 25 of/.test(document.querySelector('#queens .step-count')?.textContent ?? ''));
  assert.equal(await other.getAttribute('#queens-board', 'data-queens'), board);
  await addressMatches(other, /^#queens\/8\?step=25$/);
  // Watch mode of a puzzle: the step applies once the puzzle has loaded.
  await page.goto(app.url + '#skyscrapers/' + encodeURIComponent(EXAMPLE) + '?mode=watch&step=4');
  await page.waitForFunction(() => /^Step 4 of/.test(document.querySelector('#skyscrapers .step-count')?.textContent ?? ''));
  await addressMatches(page, /\?mode=watch&step=4$/);
  assert.match(await count('#skyscrapers'), /^Step 4 of/);

  // The race: step k of both sides, the same boards as ten steps by hand with the same seed.
  await page.goto(app.url + '#race/8?seed=3&step=10');
  await page.waitForFunction(() => /^Step 10 of/.test(document.querySelector('#race .step-count')?.textContent ?? ''));
  await addressMatches(page, /^#race\/8\?seed=3&step=10$/);
  const boards = async (p) => [await p.getAttribute('#race-search-board', 'data-queens'), await p.getAttribute('#race-repair-board', 'data-queens')];
  const linked = await boards(page);
  await other.goto(app.url + '#race/8?seed=3');
  await other.waitForFunction(() => /^Step 0 of/.test(document.querySelector('#race .step-count')?.textContent ?? ''));
  await other.focus('#race-search-board').catch(() => {});
  for (let i = 0; i < 10; i++) await other.keyboard.press('ArrowRight');
  await other.waitForFunction(() => /^Step 10 of/.test(document.querySelector('#race .step-count')?.textContent ?? ''));
  assert.deepEqual(await boards(other), linked);
  await addressMatches(other, /^#race\/8\?seed=3&step=10$/);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a bare puzzle link opens ready to play: a digit fills a cell and the puzzle stays as linked', async () => {
  const { page, problems, context } = await openPage(app, '#skyscrapers/' + encodeURIComponent(EXAMPLE));
  await skyReady(page);
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.mode === 'play');
  assert.equal(await page.getAttribute('#sky-mode-play', 'aria-pressed'), 'true');
  await typeOnBoard(page, [[0, 0, 2]]);
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.grid.startsWith('2,0,0,0/'));
  // The 2 is the player's: the puzzle (its ID, which would carry a given) is unchanged.
  assert.equal(await sky(page, 'tatham'), EXAMPLE);
  await addressMatches(page, /\?mode=play&board=/);
  // The same for a Hashiwokakero Tatham ID and an imported puzz.link URL.
  for (const link of ['3x3m2:2a2c2a2', 'https://puzz.link/p?hashi/3/3/2g2i2g2']) {
    await page.goto(app.url + '#hashi/' + encodeURIComponent(link));
    await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.mode === 'play');
    assert.equal(await page.getAttribute('#hashi-board', 'data-cells'), '2,0,2,0,0,0,2,0,2', link);
  }
  // An explicit mode in a link is still obeyed.
  await page.goto(app.url + '#skyscrapers/' + encodeURIComponent(EXAMPLE) + '?mode=watch');
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.mode === 'watch');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link copied in edit mode says mode=edit and reopens in edit mode', async () => {
  const { page, problems, context } = await openPage(app, '#skyscrapers');
  await skyReady(page);
  assert.equal(await sky(page, 'mode'), 'edit');
  await page.click('#copy-link');
  await page.waitForFunction(() => /link/.test(document.querySelector('#copy-link-status')?.textContent ?? ''));
  const href = await page.evaluate(() => location.href);
  assert.match(decodeURIComponent(href), /#skyscrapers\/4:[^?]*\?mode=edit$/);
  const fresh = await openPage(app, href.slice(app.url.length));
  await skyReady(fresh.page);
  await fresh.page.waitForFunction(() => document.querySelector('#sky-board').dataset.mode === 'edit');
  const before = await sky(fresh.page, 'tatham');
  // In edit mode the digit is a given: it is part of the puzzle, so its ID changes.
  await typeOnBoard(fresh.page, [[0, 0, 2]]);
  await fresh.page.waitForFunction((t) => document.querySelector('#sky-board').dataset.tatham !== t, before);
  assert.deepEqual([...problems, ...fresh.problems], []);
  await fresh.context.close();
  await context.close();
});

test('an out-of-range N stays out of the address: the last valid N is kept while the sentence explains', async () => {
  const { page, problems, context } = await openPage(app, '#queens/12');
  await addressMatches(page, /^#queens\/12$/);
  await page.fill('#queens-n', '99');
  await page.locator('#queens-n').dispatchEvent('change');
  await page.waitForSelector('#queens > .error:not([hidden])');
  assert.match(await page.textContent('#queens > .error'), /from 1 to 64 \(got "99"\)/);
  await page.waitForTimeout(700); // the address is written every 300 ms
  assert.equal(await page.evaluate(() => location.hash), '#queens/12');
  // A valid N typed next is written at once.
  await page.fill('#queens-n', '10');
  await page.locator('#queens-n').dispatchEvent('change');
  await addressMatches(page, /^#queens\/10$/);

  await page.goto(app.url + '#race/50');
  await addressMatches(page, /^#race\/50\?seed=\d+$/);
  await page.fill('#race-n', '3');
  await page.locator('#race-n').dispatchEvent('change');
  await page.waitForFunction(() => /from 4 to \d+ for the side-by-side view \(got "3"\)/.test(document.querySelector('#race')?.textContent ?? ''));
  await page.waitForTimeout(700);
  assert.match(await page.evaluate(() => location.hash), /^#race\/50\?seed=\d+$/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Hashiwokakero: a cut Tatham ID says it is cut short, and a failed link says the example is shown', async () => {
  const { page, problems, context } = await openPage(app, '#hashi/3x');
  const banner = page.locator('#link-error');
  await page.waitForFunction(() => /could not be opened\. Hashi: '3x' is the start of a Tatham ID.+cut short.+ The example puzzle is shown instead\./.test(document.querySelector('#link-error')?.textContent ?? ''));
  assert.doesNotMatch(await banner.textContent(), /is not '\.'/);
  // The example is on the board (islands, not an empty grid), and the editor still says why.
  await page.waitForFunction(() => (document.querySelector('#hashi-board')?.dataset.cells ?? '').split(',').some((c) => c !== '0'));
  assert.match(await page.textContent('#hashi-error'), /cut short/);
  // A failed link is not a puzzle to play: the example opens in the editor.
  assert.equal(await page.getAttribute('#hashi-board', 'data-mode'), 'edit');
  await page.waitForTimeout(1000);
  assert.ok(await banner.isVisible(), 'the message stays on screen');
  assert.equal(await page.evaluate(() => location.hash), '#hashi/3x');
  // A later link that fails leaves the board as it was, and says so (in both views).
  const cells = await page.getAttribute('#hashi-board', 'data-cells');
  await page.goto(app.url + '#hashi/7x7m2');
  await page.waitForFunction(() => /'7x7m2' is the start of a Tatham ID.+cut short.+ The puzzle from before is kept\./.test(document.querySelector('#link-error')?.textContent ?? ''));
  assert.equal(await page.getAttribute('#hashi-board', 'data-cells'), cells);
  await page.goto(app.url + '#skyscrapers/' + encodeURIComponent(EXAMPLE));
  await skyReady(page);
  await page.goto(app.url + '#skyscrapers/' + encodeURIComponent(EXAMPLE.slice(0, 9)));
  await page.waitForFunction(() => /The Skyscrapers puzzle in this link could not be opened\. .+ The puzzle from before is kept\./.test(document.querySelector('#link-error')?.textContent ?? ''));
  assert.equal(await sky(page, 'tatham'), EXAMPLE);
  assert.deepEqual(problems, []);
  await context.close();
});

/** The step the race's step count shows. */
const raceStep = async (page) => Number(/^Step ([\d,]+)/.exec(await page.textContent('#race .step-count'))[1].replace(/,/g, ''));

test('a seed being typed is not the run: the address keeps the run on screen until the edit is committed', async () => {
  const { page, problems } = await openPage(app, '#repair/30?seed=5');
  await page.waitForSelector('#repair-board');
  const step = page.locator('#repair .playback').getByRole('button', { name: 'Step', exact: true });
  for (let k = 0; k < 4; k++) await step.click();
  await addressMatches(page, /seed=5&step=4$/);
  await page.locator('#repair-seed').press('End');
  await page.keyboard.type('1');
  await page.waitForTimeout(500);
  // Typed, not committed: the run, its record and the address are still seed 5's.
  assert.match(decodeURIComponent(await page.evaluate(() => location.hash)), /seed=5&step=4$/);
  assert.equal(JSON.parse(await page.getAttribute('#repair-status', 'data-run')).id, 'queens:30#5');
  // Committed (Enter): the run starts over with seed 51, and the address says so.
  await page.keyboard.press('Enter');
  await addressMatches(page, /seed=51$/);
  await step.click();
  await page.waitForFunction(() => JSON.parse(document.querySelector('#repair-status').dataset.run ?? '{}').id === 'queens:30#51');
  assert.deepEqual(problems, []);
});

test('the race: a new repair seed starts both sides over, so both show one step and the link reopens it', async () => {
  const { page, problems } = await openPage(app, '#race/30?seed=5');
  await page.waitForSelector('#race-repair-board');
  const step = page.locator('#race .playback').getByRole('button', { name: 'Step', exact: true });
  for (let k = 0; k < 6; k++) await step.click();
  await page.waitForFunction(() => /^Step 6 /.test(document.querySelector('#race .step-count')?.textContent ?? ''));
  await page.fill('#race-seed', '6');
  await page.locator('#race-seed').press('Tab');
  await page.waitForFunction(() => /^Step 0 /.test(document.querySelector('#race .step-count')?.textContent ?? ''));
  await step.click();
  await page.waitForFunction(() => /^Step 1 /.test(document.querySelector('#race .step-count')?.textContent ?? ''));
  // Both sides at step 1: each one's counters are those of its first event.
  assert.equal(await page.textContent('#race-repair [data-counter=moves]'), '0');
  assert.equal(await page.textContent('#race-search [data-counter=nodes]'), '1');
  await addressMatches(page, /seed=6&step=1$/);
  assert.equal(await raceStep(page), 1);
  assert.deepEqual(problems, []);
});

test('while a step= link catches up, every address the page writes keeps its step (a reload reopens it)', async () => {
  // A long way to go (the naive search of all 10-queen solutions), so the catch-up takes a while.
  const K = 60_000;
  for (const link of [`#queens/10?algo=naive&opts=find:all&step=${K}`, `#skyscrapers/${encodeURIComponent('7:/2/3//3/3/3/4///5//2/3//3/5///3/3//////3/,b4s1i1i1f')}?mode=watch&step=200`]) {
    const { page, problems, context } = await openPage(app, link);
    const want = /step=(\d+)/.exec(link)[1];
    const tab = link.startsWith('#queens') ? 'queens' : 'skyscrapers';
    // Every address the page writes on the way must hold the step the link asked for.
    const seen = await page.evaluate(
      ([tab, want]) =>
        new Promise((resolve) => {
          const hashes = [];
          const started = performance.now();
          const tick = () => {
            hashes.push(location.hash);
            const count = document.querySelector(`#${tab} .step-count`)?.textContent ?? '';
            if (new RegExp(`^Step ${Number(want).toLocaleString('en-US')} of`).test(count) || performance.now() - started > 60_000) resolve({ hashes, count });
            else setTimeout(tick, 5);
          };
          tick();
        }),
      [tab, want],
    );
    assert.match(seen.count, new RegExp(`^Step ${Number(want).toLocaleString('en-US')} of`), `${link}: the run got there`);
    const lost = seen.hashes.filter((h) => !h.includes(`step=${want}`));
    assert.deepEqual([...new Set(lost)], [], `${link}: ${lost.length} of ${seen.hashes.length} addresses written on the way lost step=${want}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('a step= link opened over a run already at a step goes to that step, not that many further', async () => {
  const sky = `#skyscrapers/${encodeURIComponent('6://2/3//4/5/2/3//////2//////3/2/2/,g6f4u')}?mode=watch`;
  const hashi = `#hashi/${encodeURIComponent('7x7m2:3a4c3i2b1a5e5n3e2')}?mode=watch&opts=degree:off`;
  for (const [tab, base, first, then] of [
    ['skyscrapers', sky, 5, 20],
    ['skyscrapers', sky, 20, 7],
    ['hashi', hashi, 5, 40],
  ]) {
    const { page, problems, context } = await openPage(app, `${base}&step=${first}`);
    // The step count standing still: a run that overshoots would pass the step and go on.
    const settled = () => settledStep(page, tab);
    assert.equal(await settled(), first, `${base}: opened at step ${first}`);
    // The same address with another step, as a pasted link or the browser's Back would bring it.
    await page.evaluate((h) => (location.hash = h), `${base}&step=${then}`);
    assert.equal(await settled(), then, `${base}: step ${first}, then a link to step ${then}`);
    assert.match(await page.evaluate(() => location.hash), new RegExp(`step=${then}(&|$)`));
    assert.deepEqual(problems, []);
    await context.close();
  }
});
