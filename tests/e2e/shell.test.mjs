// The page shell the grid puzzles share (www/views/common/shell.ts): one message line per view,
// always the current one. A failed New puzzle leaves its error alone (no "Making…", no stale
// "Made…"); a new puzzle puts its ID in the Load field and opens in Play; a long ID never pushes
// the board away; Hint and Load say when a puzzle has no solution or several; a copy message does
// not outlive the view it was said in. Every claim about a puzzle is checked against an oracle
// here (the native CLI's generator, a brute-force count), not against the page itself.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startApp, openPage, notSentences } from './harness.mjs';
import { bruteForce, tathamClues } from './sky-oracle.mjs';

const CLI = new URL('../../target/release/solvescope', import.meta.url).pathname;
const ARTICLE_6 = '6:/3/2/2/3///3/2/1/2///2/3/2/1///1/2/2/3/';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

function cli(...args) {
  assert.ok(existsSync(CLI), `${CLI} is missing: cargo build --release`);
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }).trim().split('\n')[0]);
}

const text = (page, sel) => page.evaluate((s) => document.querySelector(s)?.textContent ?? '', sel);
const waitText = (page, sel, re, timeout = 30_000) =>
  page.waitForFunction(([s, src]) => new RegExp(src).test(document.querySelector(s)?.textContent ?? ''), [sel, re.source], { timeout });
const shown = (page, sel) => page.evaluate((s) => {
  const el = document.querySelector(s);
  return !!el && !el.closest('[hidden]') && el.textContent.trim() !== '';
}, sel);

async function sky(path = '#skyscrapers') {
  const opened = await openPage(app, path);
  opened.page.on('dialog', (d) => void d.accept());
  await opened.page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
  return opened;
}

async function hashi(path = '#hashi', viewport) {
  const opened = await openPage(app, path, viewport);
  await opened.page.waitForFunction(() => (document.querySelector('#hashi-id')?.textContent ?? '—') !== '—');
  return opened;
}

test('Skyscrapers: a New puzzle that fails leaves its error as the only message', async () => {
  const { page, problems } = await sky();
  // One that succeeds first, so there is a "Made…" line to go stale.
  await page.selectOption('#sky-new-size', '4');
  await page.selectOption('#sky-new-level', 'extreme');
  await page.fill('#sky-new-seed', '1');
  await page.click('#sky-random');
  await waitText(page, '#sky-new-made', /^A new 4 × 4 extreme puzzle with exactly one solution \(seed 1\)\. Made in/, 60_000);
  const made = await page.getAttribute('#sky-board', 'data-tatham');
  // The generator refuses this one (no 4 × 4 puzzle needs that much reasoning).
  let refused = null;
  try {
    cli('skyscrapers', 'generate', '4', '--seed', '1', '--difficulty', 'unreasonable', '--givens');
  } catch (e) {
    refused = String(e.stderr ?? e.message);
  }
  assert.ok(refused, 'the CLI refuses a 4 × 4 unreasonable puzzle too');
  await page.click('#sky-mode-edit');
  await page.selectOption('#sky-new-level', 'unreasonable');
  await page.click('#sky-random');
  await page.waitForSelector('#sky-error:not([hidden])', { timeout: 60_000 });
  await page.waitForFunction(() => !document.querySelector('#sky-random').disabled);
  assert.doesNotMatch(await text(page, '#sky-status'), /Making/, 'the failure replaces "Making…"');
  assert.equal(await shown(page, '#sky-status'), false, 'the error is the one message');
  assert.equal(await shown(page, '#sky-new-made'), false, 'no stale "A new 4 × 4 extreme puzzle…"');
  assert.equal(await shown(page, '#sky-new-progress'), false);
  assert.equal(await page.getAttribute('#sky-board', 'data-tatham'), made, 'the board keeps the puzzle from before');
  assert.deepEqual(problems, []);
});

test('Skyscrapers: New puzzle puts its ID in the Load field and opens in Play, where digits are the player’s', async () => {
  const { page, problems } = await sky();
  await page.click('#sky-mode-edit');
  const before = await page.getAttribute('#sky-board', 'data-tatham');
  await page.fill('#sky-paste', before);
  await page.selectOption('#sky-new-size', '5');
  await page.selectOption('#sky-new-level', 'easy');
  await page.fill('#sky-new-seed', '12');
  await page.click('#sky-random');
  const native = cli('skyscrapers', 'generate', '5', '--seed', '12', '--difficulty', 'easy', '--givens');
  await page.waitForFunction((t) => document.querySelector('#sky-board').dataset.tatham === t, native.id, { timeout: 60_000 });
  assert.equal(await page.inputValue('#sky-paste'), native.id, 'the Load field holds the new puzzle');
  assert.equal(await page.getAttribute('#sky-board', 'data-mode'), 'play');
  assert.equal(await page.getAttribute('#sky-mode-play', 'aria-pressed'), 'true');
  // A digit typed now is a move, not a given: the puzzle's ID does not change.
  const grid = (await page.getAttribute('#sky-board', 'data-grid')).split('/').map((r) => r.split(','));
  const r = grid.findIndex((row) => row.includes('0'));
  const c = grid[r].indexOf('0');
  await page.focus('#sky-board');
  for (let k = 0; k < r; k++) await page.keyboard.press('ArrowDown');
  for (let k = 0; k < c; k++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('1');
  await page.waitForFunction(([rr, cc]) => document.querySelector('#sky-board').dataset.grid.split('/')[rr].split(',')[cc] === '1', [r, c]);
  assert.equal(await page.getAttribute('#sky-board', 'data-tatham'), native.id, 'no given was added');
  assert.deepEqual(problems, []);
});

test('Hashiwokakero: New puzzle puts its ID in the Load field and opens in Play', async () => {
  const { page, problems } = await hashi();
  await page.fill('#hashi-load', '3x3m2:2a2c2a2');
  await page.click('#hashi-load-btn');
  await page.waitForFunction(() => document.querySelector('#hashi-id')?.textContent === '3x3m2:2a2c2a2');
  await page.selectOption('#hashi-new-size', '7x7');
  await page.fill('#hashi-new-seed', '7');
  await page.click('#hashi-random');
  const native = cli('hashi', 'generate', '7x7', '--seed', '7');
  await page.waitForFunction((t) => document.querySelector('#hashi-id')?.textContent === t, native.id, { timeout: 60_000 });
  assert.equal(await page.inputValue('#hashi-load'), native.id, 'the Load field holds the new puzzle');
  await page.waitForFunction(() => document.querySelector('#hashi-board').dataset.mode === 'play');
  assert.equal(await page.getAttribute('#hashi-mode-play', 'aria-pressed'), 'true');
  assert.deepEqual(problems, []);
});

test('a New puzzle size picked while the view is still loading its first puzzle stands', async () => {
  // The first board can land after the first ID shows (a race: about one load in four here); it
  // must not take back the user's pick. Several fresh pages, so the race is met.
  for (let k = 0; k < 8; k++) {
    const { page, problems, context } = await hashi('#hashi', { width: 1280, height: 900 });
    await page.selectOption('#hashi-new-size', '60x60');
    await page.waitForFunction(() => /islands/.test(document.querySelector('#hashi-status')?.textContent ?? ''));
    await page.waitForTimeout(1000);
    assert.equal(await page.inputValue('#hashi-new-size'), '60x60', `page ${k}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
  test(`Hashiwokakero at ${viewport.width} px: a 60 × 60 puzzle's long ID does not push the board away`, async () => {
    const { page, problems } = await hashi('#hashi', viewport);
    // Where the 7 × 7 example's board starts in play mode, where a new puzzle opens.
    const boardTop = () => page.evaluate(() => {
      window.scrollTo(0, 0);
      return document.querySelector('#hashi-board').getBoundingClientRect().top;
    });
    await page.click('#hashi-mode-play');
    await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.mode === 'play');
    const before = await boardTop();
    await page.click('#hashi-mode-edit');
    await page.selectOption('#hashi-new-size', '60x60');
    await page.fill('#hashi-new-seed', '3');
    await page.click('#hashi-random');
    const native = cli('hashi', 'generate', '60x60', '--seed', '3');
    assert.ok(native.id.length > 500, 'a long ID');
    await page.waitForFunction((t) => document.querySelector('#hashi-id')?.textContent === t, native.id, { timeout: 120_000 });
    await waitText(page, '#hashi-new-made', /\(seed 3\).*\. Made in/);
    // The full ID is still there to copy, in the ID line and in the Load field.
    assert.ok((await text(page, '#hashi-new-made')).endsWith(native.id));
    assert.equal(await page.inputValue('#hashi-load'), native.id);
    await page.evaluate(() => window.scrollTo(0, 0));
    const m = await page.evaluate(() => {
      const b = document.querySelector('#hashi-board').getBoundingClientRect();
      return { top: b.top, width: document.documentElement.scrollWidth, made: document.querySelector('#hashi-new-made').getBoundingClientRect().height, id: document.querySelector('#hashi-id').getBoundingClientRect().height };
    });
    assert.ok(m.width <= viewport.width, `the page stays ${viewport.width} px wide (got ${m.width})`);
    assert.ok(m.made < 60 && m.id < 60, `the ID lines take a line or two (${m.made}, ${m.id} px)`);
    // Where the 7 × 7 board started, give or take a line of the controls: the ID does not push it.
    assert.ok(m.top <= before + 30, `the board starts at ${m.top} px, the 7 × 7 one at ${before} px`);
    assert.ok(m.top < viewport.height, `the board starts on the first screen (top at ${m.top} px)`);
    assert.deepEqual(problems, []);
  });
}

test('Skyscrapers: Hint on a puzzle with no solution says so and gives no hint', async () => {
  const { n, clues } = tathamClues(ARTICLE_6);
  assert.deepEqual(bruteForce(n, clues, 1), [], 'brute force: no solution');
  const { page, problems } = await sky(`#skyscrapers/${encodeURIComponent(ARTICLE_6)}`);
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.mode === 'play');
  await page.evaluate(() => (document.querySelector('#sky-status').textContent = ''));
  await page.click('#sky-hint');
  await waitText(page, '#sky-status', /\S/);
  assert.match(await text(page, '#sky-status'), /no solution/);
  assert.equal(await page.getAttribute('#sky-board', 'data-hint'), '', 'no placement offered');
  assert.equal(await page.isHidden('#sky-apply'), true);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('Load says when a puzzle has no solution or several, in both views', async () => {
  const { page, problems } = await sky();
  for (const [id, words, count] of [
    ['4:4////4///////////', /has no solution/, 0],
    ['4:1///////////////', /more than one solution/, 2],
    ['4://///1/3///4/////3/', /^Loaded: a 4 × 4 puzzle\.$/, 1],
  ]) {
    const { n, clues } = tathamClues(id);
    assert.equal(bruteForce(n, clues, 2).length, count, `brute force on ${id}`);
    await page.click('#sky-mode-edit');
    await page.fill('#sky-paste', id);
    await page.click('#sky-load');
    await waitText(page, '#sky-status', words);
  }
  const h = await hashi();
  // Counted by hand (as in play.test.mjs): four 1s cannot be connected with two bridges; four 3s
  // in a ring take 1-2-1-2 bridges either way round.
  for (const [id, words] of [
    ['3x3m2:1a1c1a1', /has no solution/],
    ['3x3m2:3a3c3a3', /more than one solution/],
  ]) {
    await h.page.fill('#hashi-load', id);
    await h.page.click('#hashi-load-btn');
    await waitText(h.page, '#hashi-status', words);
  }
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual([...problems, ...h.problems], []);
});

test('a copy message does not outlive its view or mode', async () => {
  const { page, problems } = await sky();
  await page.click('#sky-copy-link');
  await waitText(page, '#sky-status', /Copied the link|press Ctrl\+C/);
  await page.click('nav.tabs a[data-tab="hashi"]');
  await page.waitForFunction(() => !document.querySelector('#hashi').hidden);
  await page.click('nav.tabs a[data-tab="skyscrapers"]');
  await page.waitForFunction(() => !document.querySelector('#skyscrapers').hidden);
  assert.doesNotMatch(await text(page, '#sky-status'), /Copied|Ctrl\+C/, 'back in the view, the copy is old news');
  // The page's own Copy view link, said in the tab bar, belongs to the view it copied.
  await page.click('#copy-link');
  await waitText(page, '#copy-link-status', /Copied the link|press Ctrl\+C/);
  await page.click('nav.tabs a[data-tab="hashi"]');
  await page.waitForFunction(() => !document.querySelector('#hashi').hidden);
  assert.equal(await text(page, '#copy-link-status'), '', 'not kept across views');
  // Within the view, a change of mode replaces it too.
  await page.click('#hashi-copy-tatham');
  await waitText(page, '#hashi-status', /Copied the Tatham ID|press Ctrl\+C/);
  await page.click('#hashi-mode-watch');
  assert.doesNotMatch(await text(page, '#hashi-status'), /Copied|Ctrl\+C/);
  assert.deepEqual(problems, []);
});

test('a failed link\'s error in the view does not outlive a visit to another view', async () => {
  const { page, problems } = await openPage(app, '#skyscrapers/garbage?mode=watch');
  await page.waitForSelector('#sky-error:not([hidden])');
  assert.match(await page.textContent('#sky-error'), /plain grid/);
  await page.click('nav a[data-tab=hashi]');
  await page.waitForFunction(() => !document.querySelector('#hashi')?.hidden);
  await page.click('nav a[data-tab=skyscrapers]');
  await page.waitForFunction(() => !document.querySelector('#skyscrapers')?.hidden);
  // Back on Skyscrapers, with the example puzzle it showed instead: no word about the old link.
  await page.waitForFunction(() => /^#skyscrapers\/4/.test(location.hash));
  assert.equal(await shown(page, '#sky-error'), false, 'the old error is gone');
  assert.equal(await shown(page, '#link-error'), false);
  assert.deepEqual(problems, []);
});
