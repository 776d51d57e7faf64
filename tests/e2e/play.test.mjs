// What players of Tatham's collection and puzz.link expect of play mode: multi-line plain grids in
// Load, Check that says when a puzzle has no solution or several, pencil marks in Skyscrapers, and
// Hashiwokakero's "Mark mistakes as I play" switch. Each answer the page gives about a puzzle is
// compared with an independent count here (brute force), not with a remembered answer.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage, hashiDrag, notSentences } from './harness.mjs';
import { bruteForce, tathamClues } from './sky-oracle.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const sky = (page, name) => page.getAttribute('#sky-board', `data-${name}`);
const hashi = (page, name) => page.getAttribute('#hashi-board', `data-${name}`);
const waitText = (page, sel, re) =>
  page.waitForFunction(([s, src]) => new RegExp(src).test(document.querySelector(s)?.textContent ?? ''), [sel, re.source], { timeout: 30_000 });
const waitData = (page, board, name, value) =>
  page.waitForFunction(([b, n, v]) => document.querySelector(b)?.getAttribute(`data-${n}`) === v, [board, name, value], { timeout: 30_000 });

/** A Skyscrapers puzzle as the plain (N+2)x(N+2) block, one string per row. */
function skyPlain(n, clues) {
  const row = (cells) => cells.map((v) => (v ? String(v) : '.')).join('');
  const lines = [`.${row(clues[0])}.`];
  for (let r = 0; r < n; r++) lines.push(`${clues[2][r] || '.'}${'.'.repeat(n)}${clues[3][r] || '.'}`);
  lines.push(`.${row(clues[1])}.`);
  return lines;
}

/** Types `lines` into a Load field with Shift+Enter between them and Enter at the end. */
async function typeLines(page, field, lines) {
  await page.fill(field, '');
  await page.focus(field);
  for (const [i, line] of lines.entries()) {
    await page.keyboard.type(line);
    await page.keyboard.press(i < lines.length - 1 ? 'Shift+Enter' : 'Enter');
  }
}

test('Load takes a multi-line plain grid, typed with Shift+Enter or pasted, in both puzzles', async () => {
  const { page, problems } = await openPage(app, '#skyscrapers');
  await page.waitForFunction(() => (document.querySelector('#sky-tatham')?.value ?? '') !== '');
  const id = '6:/3/2/2/3///3/2/1/2///2/3/2/1///1/2/2/3/';
  const { n, clues } = tathamClues(id);
  await typeLines(page, '#sky-paste', skyPlain(n, clues));
  assert.equal((await page.inputValue('#sky-paste')).split('\n').length, n + 2, 'Shift+Enter made new lines');
  await waitData(page, '#sky-board', 'clues', clues.map((s) => s.join(',')).join('/'));
  assert.equal(await page.inputValue('#sky-tatham'), id);

  // Pasted text keeps its lines too (a one-line input used to join them).
  const { page: hp, problems: hProblems } = await openPage(app, '#hashi');
  await hp.waitForFunction(() => !document.querySelector('#hashi-mode-play')?.disabled);
  await hp.fill('#hashi-load', '2.2\n...\n2.2');
  await hp.click('#hashi-load-btn');
  await waitData(hp, '#hashi-board', 'cells', '2,0,2,0,0,0,2,0,2');
  await typeLines(hp, '#hashi-load', ['1.1', '...', '...']);
  await waitData(hp, '#hashi-board', 'cells', '1,0,1,0,0,0,0,0,0');
  assert.deepEqual([...problems, ...hProblems], []);
});

test('Skyscrapers Check says whether the puzzle has one solution, none or several', async () => {
  const { page, problems } = await openPage(app, '#skyscrapers');
  await page.waitForFunction(() => (document.querySelector('#sky-tatham')?.value ?? '') !== '');
  const cases = [
    // Unique (the format example), none (a 4 on both ends of a column), several (one clue).
    ['4://///1/3///4/////3/', /^No mistakes so far\.$/, 1],
    ['4:4////4///////////', /has no solution/, 0],
    ['4:1///////////////', /more than one solution/, 2],
  ];
  for (const [id, words, count] of cases) {
    const { n, clues } = tathamClues(id);
    assert.equal(bruteForce(n, clues, 2).length, count, `brute force on ${id}`);
    await page.click('#sky-mode-edit');
    await page.fill('#sky-paste', id);
    await page.press('#sky-paste', 'Enter');
    await waitData(page, '#sky-board', 'clues', clues.map((s) => s.join(',')).join('/'));
    await page.click('#sky-mode-play');
    await page.evaluate(() => (document.querySelector('#sky-status').textContent = ''));
    await page.click('#sky-check');
    await waitText(page, '#sky-status', /\S/);
    assert.match(await page.textContent('#sky-status'), words, id);
  }
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('Skyscrapers pencil marks: P toggles, digits mark, undo and reload keep them exactly', async () => {
  const { page, problems } = await openPage(app, '#skyscrapers');
  await page.waitForFunction(() => (document.querySelector('#sky-tatham')?.value ?? '') !== '');
  await page.click('#sky-mode-play');
  await page.focus('#sky-board');
  assert.match(await sky(page, 'grid'), /^[0,/]+$/, 'a fresh board');
  assert.equal(await sky(page, 'pencil'), 'off');
  await page.keyboard.press('p');
  await waitData(page, '#sky-board', 'pencil', 'on');
  const sel = await sky(page, 'selected');
  await page.keyboard.type('13');
  // The selection is a cell named like "r2c3"; marks are listed 0-based "row,col:digits".
  const marks = await sky(page, 'marks');
  assert.match(marks, /^\d+,\d+:13$/, `marks ${marks} at ${sel}`);
  assert.match(await sky(page, 'grid'), /^[0,/]+$/, 'marks place no digit');
  await page.keyboard.type('1');
  assert.match(await sky(page, 'marks'), /:3$/);
  await page.keyboard.press('Control+z');
  assert.match(await sky(page, 'marks'), /:13$/);
  await page.keyboard.press('Control+y');
  assert.match(await sky(page, 'marks'), /:3$/);
  // A digit placed with pencil off hides the marks; clearing it shows them again.
  await page.keyboard.press('p');
  await waitData(page, '#sky-board', 'pencil', 'off');
  await page.keyboard.type('2');
  assert.equal(await sky(page, 'marks'), '');
  await page.keyboard.press('Backspace');
  assert.match(await sky(page, 'marks'), /:3$/);
  // The marks survive a reload, like the digits.
  const kept = await sky(page, 'marks');
  await page.reload();
  await page.waitForFunction(() => (document.querySelector('#sky-tatham')?.value ?? '') !== '');
  await page.click('#sky-mode-play');
  await waitData(page, '#sky-board', 'marks', kept);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('Hashi Check names the puzzle (none, several) and "Mark mistakes as I play" can be turned off', async () => {
  const { page, problems } = await openPage(app, '#hashi/3x3m2:2a2c2a2');
  await waitData(page, '#hashi-board', 'cells', '2,0,2,0,0,0,2,0,2');
  await page.click('#hashi-mode-play');
  await waitData(page, '#hashi-board', 'mode', 'play');
  await page.click('#hashi-check');
  await waitText(page, '#hashi-status', /^No mistakes so far/);

  // Three bridges at (0,0) where it needs two: marked in red at once (the default)...
  await hashiDrag(page, [0, 0], [0, 2]);
  await hashiDrag(page, [0, 0], [0, 2]);
  await hashiDrag(page, [0, 0], [2, 0]);
  await waitData(page, '#hashi-board', 'bridges', '0,0-0,2x2;0,0-2,0x1');
  await page.waitForFunction(() => (document.querySelector('#hashi-board')?.dataset.marked ?? '').split(';').includes('0,0'));
  // ...and not with the switch off, until Check (or C) is pressed; the next move hides them again.
  await page.uncheck('#hashi-auto-check');
  await waitData(page, '#hashi-board', 'marked', '');
  await page.focus('#hashi-board');
  await page.keyboard.press('c');
  await page.waitForFunction(() => (document.querySelector('#hashi-board')?.dataset.marked ?? '').split(';').includes('0,0'));
  await waitText(page, '#hashi-status', /too many bridges/);
  await hashiDrag(page, [0, 2], [2, 2]);
  await waitData(page, '#hashi-board', 'marked', '');
  // The preference is kept.
  await page.reload();
  await page.waitForFunction(() => !document.querySelector('#hashi-mode-play')?.disabled);
  await page.click('#hashi-mode-play');
  assert.equal(await page.isChecked('#hashi-auto-check'), false);

  // Puzzles without exactly one solution say so (counts by hand: four 1s cannot be connected with
  // two bridges; four 3s in a ring take 1-2-1-2 bridges either way round).
  for (const [id, cells, words] of [
    ['3x3m2:1a1c1a1', '1,0,1,0,0,0,1,0,1', /has no solution/],
    ['3x3m2:3a3c3a3', '3,0,3,0,0,0,3,0,3', /more than one solution/],
  ]) {
    await page.click('#hashi-mode-edit');
    await page.fill('#hashi-load', id);
    await page.click('#hashi-load-btn');
    await waitData(page, '#hashi-board', 'cells', cells);
    await page.click('#hashi-mode-play');
    await page.click('#hashi-check');
    await waitText(page, '#hashi-status', words);
  }
  assert.equal(await hashi(page, 'solved'), 'false');
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('Hashiwokakero: single bridges on a solved play board are drawn final, not as still growing', async () => {
  const { page, problems } = await openPage(app, '#hashi/' + encodeURIComponent('3x3m2:2a2c2a2') + '?mode=play');
  await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.mode === 'play');
  // Four 2s in the corners: the one solution is a ring of single bridges (doubles would leave
  // two separate pairs), each pair allowing two.
  await hashiDrag(page, [0, 0], [0, 2]);
  await page.waitForFunction(() => document.querySelector('#hashi-board').dataset.growing === '1');
  for (const [a, b] of [[[0, 2], [2, 2]], [[2, 2], [2, 0]], [[2, 0], [0, 0]]]) await hashiDrag(page, a, b);
  await page.waitForFunction(() => document.querySelector('#hashi-board').dataset.solved === 'true');
  assert.equal(await page.getAttribute('#hashi-board', 'data-growing'), '0');
  assert.deepEqual(problems, []);
});
