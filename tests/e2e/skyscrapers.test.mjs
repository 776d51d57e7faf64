// Skyscrapers in the real page: type a puzzle with the keyboard, solve it and check the grid on
// screen with a checker written here (no code shared with the solver); step and step back; a hint
// whose placement agrees with a brute-force solution computed here; the article's 6x6 says "no
// solution"; a garbage paste shows a readable error.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage, notSentences } from './harness.mjs';
import { SIDES, bruteForce, checkSky, tathamClues } from './sky-oracle.mjs';

const EXAMPLE = '4://///1/3///4/////3/';
const ARTICLE_6 = '6:/3/2/2/3///3/2/1/2///2/3/2/1///1/2/2/3/';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

function readGrid(attr) {
  return attr.split('/').map((row) => row.split(',').map(Number));
}

const board = '#sky-board';
const data = (page, name) => page.getAttribute(board, `data-${name}`);

async function open(path = '#skyscrapers') {
  const opened = await openPage(app, path);
  opened.page.on('dialog', (d) => void d.accept());
  await opened.page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
  return opened;
}

test('typing the example with the keyboard, then Solve: the grid on screen obeys every rule', async () => {
  const { page, problems } = await open();
  assert.equal(await data(page, 'tatham'), EXAMPLE, 'the example loads at first visit');
  await page.click('#sky-empty');
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.clues === '0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0');

  const { n, clues } = tathamClues(EXAMPLE);
  await page.focus(board);
  // Selection in ring coordinates: (1..n, 1..n) are cells, row/col 0 and n+1 the clue ring.
  let pos = { R: 1, C: 1 };
  const press = async (key, times) => {
    for (let k = 0; k < Math.abs(times); k++) await page.keyboard.press(key);
  };
  const goTo = async (R, C) => {
    // Step into the grid, cross it, step out: corners never lie on the way.
    const inR = Math.min(Math.max(R, 1), n);
    const inC = Math.min(Math.max(C, 1), n);
    const midR = Math.min(Math.max(pos.R, 1), n);
    const midC = Math.min(Math.max(pos.C, 1), n);
    await press(pos.R < midR ? 'ArrowDown' : 'ArrowUp', Math.abs(pos.R - midR));
    await press(pos.C < midC ? 'ArrowRight' : 'ArrowLeft', Math.abs(pos.C - midC));
    await press(inR > midR ? 'ArrowDown' : 'ArrowUp', Math.abs(inR - midR));
    await press(inC > midC ? 'ArrowRight' : 'ArrowLeft', Math.abs(inC - midC));
    await press(R > inR ? 'ArrowDown' : 'ArrowUp', Math.abs(R - inR));
    await press(C > inC ? 'ArrowRight' : 'ArrowLeft', Math.abs(C - inC));
    pos = { R, C };
  };
  for (let s = 0; s < 4; s++) {
    for (let i = 0; i < n; i++) {
      const v = clues[s][i];
      if (!v) continue;
      const [R, C] = s === 0 ? [0, i + 1] : s === 1 ? [n + 1, i + 1] : s === 2 ? [i + 1, 0] : [i + 1, n + 1];
      await goTo(R, C);
      assert.equal(await data(page, 'selected'), `clue:${SIDES[s]},${i}`);
      await page.keyboard.type(String(v));
    }
  }
  // A wrong digit typed and cleared again leaves no trace.
  await goTo(2, 2);
  await page.keyboard.type('3');
  await page.keyboard.press('Backspace');
  await page.waitForFunction((id) => document.querySelector('#sky-board').dataset.tatham === id, EXAMPLE);
  assert.equal(await page.inputValue('#sky-tatham'), EXAMPLE);

  await page.click('#sky-mode-watch');
  await page.click('#skyscrapers .playback >> text=Solve');
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.verdict !== '');
  assert.equal(await data(page, 'verdict'), 'unique');
  const grid = readGrid(await data(page, 'grid'));
  assert.equal(checkSky(n, clues, grid), null, `grid on screen: ${JSON.stringify(grid)}`);
  assert.deepEqual([grid], bruteForce(n, clues), 'the one solution brute force finds');
  assert.match(await page.textContent('#sky-status'), /Unique/);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('watch mode: Step shows candidates and a reason, Step back restores them exactly', async () => {
  const { page, problems } = await open();
  await page.click('#sky-mode-watch');
  const n = 4;
  const start = await data(page, 'candidates');
  assert.equal(start, new Array(n * n).fill(15).join(','), 'every empty cell starts with all N candidates');
  const seen = [start];
  const reasons = [];
  for (let k = 0; k < 8; k++) {
    await page.click('#skyscrapers .playback >> text=Step');
    await page.waitForFunction((prev) => document.querySelector('#sky-board').dataset.candidates !== prev || /Unique|Solution|explored/.test(document.querySelector('#sky-status').textContent), seen.at(-1));
    seen.push(await data(page, 'candidates'));
    reasons.push(await page.textContent('#sky-status'));
    // The whole solve is one search node (deductions only), whose counters already hold its
    // solution: the Solutions box must still count only what the steps on screen found.
    const found = /Solution \d+ found|Unique/.test(reasons.at(-1)) ? 1 : 0;
    assert.equal(await page.textContent('#sky-watch-panel [data-counter=solutions]'), String(found), `step ${k + 1}: ${reasons.at(-1)}`);
  }
  // Candidates only shrink while the solver deduces (no guess is needed here).
  for (let k = 1; k < seen.length; k++) {
    const a = seen[k - 1].split(',').map(Number);
    const b = seen[k].split(',').map(Number);
    assert.ok(b.every((m, i) => (m & ~a[i]) === 0), `step ${k} only removes candidates`);
  }
  assert.ok(reasons.every((r) => r.length > 10 && /[.]$/.test(r.trim())), `reasons are sentences: ${reasons.join(' | ')}`);
  for (let k = seen.length - 2; k >= 0; k--) {
    await page.click('#skyscrapers .playback >> text=Step back');
    assert.equal(await data(page, 'candidates'), seen[k], `step back to position ${k}`);
  }
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('play mode: a hint gives a sentence and a right placement; Apply puts it on the board', async () => {
  const { page, problems } = await open();
  const { n, clues } = tathamClues(EXAMPLE);
  const [solution] = bruteForce(n, clues);
  await page.click('#sky-mode-play');
  await page.click('#sky-hint');
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.hint !== '');
  const [r, c, v] = (await data(page, 'hint')).split(',').map(Number);
  assert.equal(v, solution[r][c], `hint ${r},${c}=${v}`);
  const text = await page.textContent('#sky-status');
  assert.match(text, new RegExp(`${v} goes at row ${r + 1}, column ${c + 1}\\. \\S.+`));
  await page.click('#sky-apply');
  assert.equal(readGrid(await data(page, 'grid'))[r][c], v);

  // A wrong digit typed by the player is marked by Check.
  const wr = r === 0 ? 1 : 0;
  const empty = readGrid(await data(page, 'grid'))[wr].findIndex((x) => x === 0);
  await page.focus(board);
  for (let k = 0; k < n; k++) await page.keyboard.press('ArrowUp');
  for (let k = 0; k < n; k++) await page.keyboard.press('ArrowLeft');
  for (let k = 0; k < wr; k++) await page.keyboard.press('ArrowDown');
  for (let k = 0; k < empty; k++) await page.keyboard.press('ArrowRight');
  const wrong = (solution[wr][empty] % n) + 1;
  await page.keyboard.type(String(wrong));
  await page.click('#sky-check');
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.mistakes !== '');
  assert.ok((await data(page, 'mistakes')).split(';').includes(`${wr},${empty}`));

  // Typing the whole solution announces the solved board.
  await page.click('#sky-clear-mine');
  await page.focus(board);
  for (let k = 0; k < 8; k++) await page.keyboard.press('ArrowUp');
  for (let k = 0; k < 8; k++) await page.keyboard.press('ArrowLeft');
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      await page.keyboard.type(String(solution[row][col]));
      if (col < n - 1) await page.keyboard.press('ArrowRight');
    }
    for (let k = 0; k < n - 1; k++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowDown');
  }
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.solved === 'true');
  assert.match(await page.textContent('#sky-status'), /Solved/);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test("the article's 6x6, opened from a link, has no solution", async () => {
  const { page, problems } = await open(`#skyscrapers/${encodeURIComponent(ARTICLE_6)}`);
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.n === '6');
  const { n, clues } = tathamClues(ARTICLE_6);
  assert.deepEqual(bruteForce(n, clues, 1), [], 'brute force agrees there is none');
  await page.click('#sky-mode-watch');
  await page.click('#skyscrapers .playback >> text=Solve');
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.verdict !== '');
  assert.equal(await data(page, 'verdict'), 'none');
  assert.match(await page.textContent('#sky-status'), /no solution/);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('N >= 10: two digits typed quickly make one height', async () => {
  const { page, problems } = await open();
  await page.selectOption('#sky-n', '12');
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.n === '12');
  await page.focus(board);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('12');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('7');
  const grid = readGrid(await data(page, 'grid'));
  assert.equal(grid[0][1], 12);
  assert.equal(grid[1][1], 7);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('a garbage paste shows a readable error and keeps the puzzle', async () => {
  const { page, problems } = await open();
  await page.fill('#sky-paste', '5:1/2/x');
  await page.click('#sky-load');
  await page.waitForSelector('#sky-error:not([hidden])');
  const message = await page.textContent('#sky-error');
  assert.match(message, /\S{3,}.*\S{3,}/, 'a sentence');
  assert.doesNotMatch(message, /undefined|unreachable|RuntimeError/);
  assert.equal(await data(page, 'tatham'), EXAMPLE, 'the old puzzle stays');
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('phone size: no horizontal scrolling, touch-sized digit pad, a random puzzle loads and is unique', async () => {
  const { page, problems } = await openPage(app, '#skyscrapers', { width: 390, height: 844 }, { colorScheme: 'dark', hasTouch: true });
  await page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  for (const box of await page.locator('.digit-pad button').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()))) {
    assert.ok(box.height >= 40 && box.width >= 40, `pad button ${box.width}x${box.height}`);
  }
  // Tap a cell of the board, then a pad digit: it becomes a given.
  const rect = await page.locator('#sky-board').boundingBox();
  const slot = rect.width / 6;
  await page.tap('#sky-board', { position: { x: slot * 1.5, y: slot * 1.5 } });
  assert.equal(await page.getAttribute('#sky-board', 'data-selected'), 'cell:0,0');
  await page.tap('.digit-pad button[data-digit="2"]');
  assert.equal(readGrid(await page.getAttribute('#sky-board', 'data-grid'))[0][0], 2);
  // The Tatham ID of an edit comes back from the worker a moment later: wait for it (givens follow
  // a comma), or the random puzzle's ID could be mistaken for the edit's and vice versa.
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.tatham.includes(','));

  const before = await page.getAttribute('#sky-board', 'data-tatham');
  await page.tap('#sky-random');
  await page.waitForFunction((b) => document.querySelector('#sky-board').dataset.tatham !== b, before);
  const random = await page.getAttribute('#sky-board', 'data-tatham');
  const { n, clues } = tathamClues(random.replace(/,.*$/, ''));
  await page.tap('#sky-mode-watch');
  await page.tap('#skyscrapers .playback >> text=Solve');
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.verdict !== '');
  assert.equal(await page.getAttribute('#sky-board', 'data-verdict'), 'unique');
  assert.equal(await page.getAttribute('#sky-board', 'data-tatham'), random, 'the puzzle solved is the one checked');
  const grid = readGrid(await page.getAttribute('#sky-board', 'data-grid'));
  assert.equal(checkSky(n, clues, grid), null, `random puzzle ${random}, solution: ${JSON.stringify(grid)}`);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});
