// The player's toolbox (issue 33, points 1-3): Skyscrapers clashes marked as you type, pencil
// marks that help (auto-removal, Fill all candidates, Clear obvious), H and C keys, and the
// play-mode timer with best times. Every mark the page shows is compared with the rules written
// again here (duplicates and clue checks by trying every filling of a line; candidates from the
// placed heights and the clue-distance rules), never with the page's own answer; the timer runs
// on Playwright's clock, not on real waits.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage, notSentences } from './harness.mjs';
import { bruteForce, tathamClues } from './sky-oracle.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const ID = '5:/3//4/2///2////2//1/3/////';
const sky = (page, name) => page.getAttribute('#sky-board', `data-${name}`);
const waitData = async (page, name, value, what) => {
  try {
    await page.waitForFunction(([n, v]) => document.querySelector('#sky-board')?.getAttribute(`data-${n}`) === v, [name, value], { timeout: 15_000 });
  } catch {
    assert.equal(await sky(page, name), value, `${what}: data-${name}`);
  }
};
const grid = (text) => text.split('/').map((r) => r.split(',').map(Number));

/** Every permutation of `items`. */
function perms(items) {
  if (items.length === 0) return [[]];
  return items.flatMap((x, i) => perms([...items.slice(0, i), ...items.slice(i + 1)]).map((p) => [x, ...p]));
}
const visible = (line) => line.reduce(([seen, top], v) => (v > top ? [seen + 1, v] : [seen, top]), [0, 0])[0];

/** The cells of line i seen from `side` (0 top, 1 bottom, 2 left, 3 right), nearest first. */
function lineCells(n, side, i) {
  return Array.from({ length: n }, (_, k) => [[k, i], [n - 1 - k, i], [i, k], [i, n - 1 - k]][side]);
}

/** The rules written again: cells with a height repeated in their row or column, and the placed
 *  cells of a line (without repeats) no filling of whose empty cells meets a clue. "r,c" sorted. */
function clashOracle(n, clues, g) {
  const bad = new Set();
  const repeated = [new Set(), new Set()];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const v = g[r][c];
      if (!v) continue;
      const inRow = g[r].filter((x) => x === v).length > 1;
      const inCol = g.filter((row) => row[c] === v).length > 1;
      if (inRow) repeated[0].add(r);
      if (inCol) repeated[1].add(c);
      if (inRow || inCol) bad.add(r * n + c);
    }
  for (let side = 0; side < 4; side++)
    for (let i = 0; i < n; i++) {
      const clue = clues[side][i];
      if (!clue || repeated[side < 2 ? 1 : 0].has(i)) continue;
      const cells = lineCells(n, side, i);
      const line = cells.map(([r, c]) => g[r][c]);
      const missing = Array.from({ length: n }, (_, k) => k + 1).filter((h) => !line.includes(h));
      const meets = perms(missing).some((p) => {
        let k = 0;
        return visible(line.map((v) => v || p[k++])) === clue;
      });
      if (!meets) for (const [r, c] of cells) if (g[r][c]) bad.add(r * n + c);
    }
  return [...bad].sort((a, b) => a - b).map((x) => `${Math.floor(x / n)},${x % n}`).join(';');
}

/** Heights not placed in the cell's row or column, per cell (0 for a filled cell). */
function openOracle(n, g) {
  return g.flatMap((row, r) => row.map((v, c) => (v ? 0 : Array.from({ length: n }, (_, k) => k + 1).filter((h) => !row.includes(h) && !g.some((x) => x[c] === h)).reduce((m, h) => m | (1 << (h - 1)), 0))));
}

/** What the clue next to a line allows at distance d: clue 1 the tallest first, clue N the
 *  staircase, clue c at most N − c + 1 + d. */
function clueAllows(n, clue, d, h) {
  if (!clue) return true;
  if (clue === 1) return (d === 0) === (h === n);
  if (clue === n) return h === d + 1;
  return h + clue <= n + 1 + d;
}

/** data-marks as the page writes it ("r,c:digits;…", cells with marks and no digit). */
function marksText(n, masks) {
  return masks
    .map((m, i) => (m ? `${Math.floor(i / n)},${i % n}:${Array.from({ length: n }, (_, k) => k + 1).filter((h) => (m >> (h - 1)) & 1).join('')}` : ''))
    .filter(Boolean)
    .join(';');
}
function readMarks(n, text) {
  const masks = new Array(n * n).fill(0);
  for (const part of text ? text.split(';') : []) {
    const [at, digits] = part.split(':');
    const [r, c] = at.split(',').map(Number);
    masks[r * n + c] = [...digits].reduce((m, d) => m | (1 << (Number(d) - 1)), 0);
  }
  return masks;
}

async function openPuzzle(page, id) {
  await page.waitForFunction(() => (document.querySelector('#sky-tatham')?.value ?? '') !== '');
  await page.click('#sky-mode-edit');
  await page.fill('#sky-paste', id);
  await page.press('#sky-paste', 'Enter');
  const { clues } = tathamClues(id);
  await waitData(page, 'clues', clues.map((s) => s.join(',')).join('/'), 'loaded');
  await page.click('#sky-mode-play');
}

/** Moves the selection to (r, c) with the arrow keys. */
async function goTo(page, r, c) {
  const [r0, c0] = (await sky(page, 'selected')).replace('cell:', '').split(',').map(Number);
  for (let k = 0; k < Math.abs(r - r0); k++) await page.keyboard.press(r > r0 ? 'ArrowDown' : 'ArrowUp');
  for (let k = 0; k < Math.abs(c - c0); k++) await page.keyboard.press(c > c0 ? 'ArrowRight' : 'ArrowLeft');
}

/** A seeded random stream (mulberry32), so a failure can be replayed. */
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('keyboard only: clashes are marked as you type, as the rules written again mark them; the switch and H, C keys', async () => {
  const { page, problems } = await openPage(app, '#skyscrapers');
  await openPuzzle(page, ID);
  const { n, clues } = tathamClues(ID);
  await page.focus('#sky-board');
  assert.equal(await page.isChecked('#sky-auto-check'), true, 'on by default');
  const random = rng(33);
  let marked = 0;
  for (let move = 0; move < 30; move++) {
    const [r, c] = [Math.floor(random() * n), Math.floor(random() * n)];
    const v = random() < 0.2 ? 0 : 1 + Math.floor(random() * n);
    await goTo(page, r, c);
    await page.keyboard.press(String(v));
    const g = grid(await sky(page, 'grid'));
    const want = clashOracle(n, clues, g);
    await waitData(page, 'clashes', want, `move ${move}: ${v} at ${r},${c} on ${JSON.stringify(g)}`);
    if (want) marked++;
  }
  assert.ok(marked >= 5, `moves with a clash: ${marked}`);
  // A repeat is named in the status line as it happens.
  await page.keyboard.press('Control+Shift+Z').catch(() => undefined);
  await goTo(page, 0, 0);
  await page.keyboard.press('Delete');
  await goTo(page, 4, 0);
  for (let c = 0; c < n; c++) {
    await goTo(page, 4, c);
    await page.keyboard.press('Delete');
  }
  await goTo(page, 4, 0);
  await page.keyboard.press('2');
  await goTo(page, 4, 3);
  await page.keyboard.press('2');
  await page.waitForFunction(() => /Row 5 has two 2s\./.test(document.querySelector('#sky-status').textContent));
  // The tooltip over a cell in the clash says the same.
  const box = await page.locator('#sky-board').boundingBox();
  const slot = box.width / (n + 2);
  await page.mouse.move(box.x + slot * 4.5, box.y + slot * 5.5);
  await page.waitForFunction(() => /Row 5 has two 2s\./.test(document.querySelector('#sky-board').title));
  // Off: no clash marks; C still checks and marks mistakes; H asks for a hint.
  await page.focus('#sky-auto-check');
  await page.keyboard.press('Space');
  assert.equal(await page.isChecked('#sky-auto-check'), false);
  await waitData(page, 'clashes', '', 'switched off');
  await page.focus('#sky-board');
  await page.keyboard.press('c');
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.mistakes !== '');
  assert.match(await page.textContent('#sky-status'), /mistake/);
  await page.keyboard.press('h');
  await page.waitForFunction(() => /^Hint: /.test(document.querySelector('#sky-status').textContent));
  // The switch is kept across a reload.
  await page.reload();
  await page.waitForSelector('#sky-auto-check');
  assert.equal(await page.isChecked('#sky-auto-check'), false);
  const help = await page.evaluate(() => document.querySelector('#sky-help').textContent);
  assert.match(help, /H asks for a hint, C checks/);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('keyboard only: Fill all candidates, auto-removal and Clear obvious follow the rules written again', async () => {
  const { page, problems } = await openPage(app, '#skyscrapers');
  await openPuzzle(page, ID);
  const { n, clues } = tathamClues(ID);
  await page.focus('#sky-board');
  await goTo(page, 0, 0);
  await page.keyboard.press('3');
  await goTo(page, 2, 2);
  await page.keyboard.press('5');
  let g = grid(await sky(page, 'grid'));
  await page.focus('#sky-fill-notes');
  await page.keyboard.press('Enter');
  await waitData(page, 'marks', marksText(n, openOracle(n, g)), 'fill all');
  // A placed height leaves the marks of its row and column (the switch is on by default).
  let before = readMarks(n, await sky(page, 'marks'));
  await page.focus('#sky-board');
  await goTo(page, 1, 3);
  await page.keyboard.press('2');
  const after = before.map((m, i) => {
    const [r, c] = [Math.floor(i / n), i % n];
    return r === 1 && c === 3 ? 0 : r === 1 || c === 3 ? m & ~(1 << 1) : m;
  });
  assert.equal(await sky(page, 'marks'), marksText(n, after), 'the 2 left its lines');
  // Undo brings the digit and the marks back in one step.
  await page.keyboard.press('Control+z');
  assert.equal(await sky(page, 'marks'), marksText(n, before));
  await page.keyboard.press('Control+y');
  // Clear obvious: what the placed heights and the clue-distance rules exclude.
  g = grid(await sky(page, 'grid'));
  before = readMarks(n, await sky(page, 'marks'));
  const want = before.map((m, i) => {
    const [r, c] = [Math.floor(i / n), i % n];
    let keep = 0;
    for (let h = 1; h <= n; h++) {
      if (!((m >> (h - 1)) & 1)) continue;
      if (g[r].includes(h) || g.some((row) => row[c] === h)) continue;
      const near = [
        [clues[0][c], r],
        [clues[1][c], n - 1 - r],
        [clues[2][r], c],
        [clues[3][r], n - 1 - c],
      ];
      if (near.every(([clue, d]) => clueAllows(n, clue, d, h))) keep |= 1 << (h - 1);
    }
    return keep;
  });
  assert.notEqual(marksText(n, want), marksText(n, before), 'the fixture has something obvious to clear');
  await page.focus('#sky-clear-obvious');
  await page.keyboard.press('Enter');
  await waitData(page, 'marks', marksText(n, want), 'clear obvious');
  assert.match(await page.textContent('#sky-status'), /^Removed \d+ pencil marks?/);
  // Auto-removal off: a placed digit leaves the marks alone.
  await page.focus('#sky-auto-notes');
  await page.keyboard.press('Space');
  const kept = await sky(page, 'marks');
  await page.focus('#sky-board');
  await goTo(page, 4, 4);
  await page.keyboard.press('1');
  const cellGone = readMarks(n, kept).map((m, i) => (i === 4 * n + 4 ? 0 : m));
  assert.equal(await sky(page, 'marks'), marksText(n, cellGone));
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('touch: tapped digits are marked as they clash, Fill all by tap, the timer tapped to pause', async () => {
  const { page, problems } = await openPage(app, '#skyscrapers', { width: 390, height: 844 }, { hasTouch: true });
  await openPuzzle(page, ID);
  const { n, clues } = tathamClues(ID);
  const box = await page.locator('#sky-board').boundingBox();
  const slot = box.width / (n + 2);
  const tapCell = (r, c) => page.tap('#sky-board', { position: { x: slot * (c + 1.5), y: slot * (r + 1.5) } });
  await tapCell(1, 1);
  assert.equal(await sky(page, 'selected'), 'cell:1,1');
  await page.tap('.digit-pad button[data-digit="4"]');
  await tapCell(1, 4);
  await page.tap('.digit-pad button[data-digit="4"]');
  const g = grid(await sky(page, 'grid'));
  const want = clashOracle(n, clues, g);
  assert.ok(want.includes('1,1') && want.includes('1,4'));
  await waitData(page, 'clashes', want, 'tapped repeat');
  await page.tap('#sky-fill-notes');
  await waitData(page, 'marks', marksText(n, openOracle(n, g)), 'fill all by tap');
  await page.tap('#sky-timer-pause');
  await page.waitForFunction(() => document.querySelector('#sky-timer').dataset.state === 'paused');
  await page.tap('#sky-timer-pause');
  await page.waitForFunction(() => document.querySelector('#sky-timer').dataset.state === 'running');
  assert.deepEqual(problems, []);
});

/** A page on Playwright's clock, opened at `hash`. */
async function clockPage(hash, options = {}) {
  const opened = await openPage(app, '#queens', { width: 1200, height: 900 }, options);
  await opened.page.clock.install();
  await opened.page.goto(app.url + hash);
  await opened.page.reload();
  return opened;
}
const timer = (page, prefix = 'sky') => page.evaluate((p) => {
  const t = document.querySelector(`#${p}-timer`);
  return { text: t.textContent, state: t.dataset.state, ms: Number(t.dataset.ms) };
}, prefix);
const waitTimer = (page, re, prefix = 'sky') =>
  page.waitForFunction(([p, src]) => new RegExp(src).test(document.querySelector(`#${p}-timer`)?.textContent ?? ''), [prefix, re.source], { timeout: 15_000 });

test('the timer runs in play only, pauses, hides, stops with the tab hidden, and a solved board says its time and the best', async () => {
  const { page, problems } = await clockPage(`#skyscrapers/${ID}`);
  await page.waitForSelector('#sky-timer');
  await waitData(page, 'mode', 'play', 'a puzzle link opens in play');
  await page.waitForFunction(() => document.querySelector('#sky-timer').dataset.state === 'running');
  await page.clock.fastForward(62_000);
  await waitTimer(page, /^1:02$/);
  // Paused by keyboard: time does not move.
  await page.focus('#sky-timer-pause');
  await page.keyboard.press('Enter');
  await page.clock.fastForward(60_000);
  assert.match((await timer(page)).text, /^1:02 \(paused\)$/);
  await page.keyboard.press('Enter');
  await page.clock.fastForward(30_000);
  await waitTimer(page, /^1:32$/);
  // A hidden tab stops the clock; shown again it goes on.
  const visibility = (state) =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await visibility('hidden');
  await page.clock.fastForward(300_000);
  assert.match((await timer(page)).text, /^1:32$/);
  await visibility('visible');
  // Watch and edit modes do not count.
  await page.click('#sky-mode-watch');
  await page.clock.fastForward(120_000);
  await page.click('#sky-mode-edit');
  await page.clock.fastForward(120_000);
  await page.click('#sky-mode-play');
  assert.match((await timer(page)).text, /^1:3[23]$/);
  // Hidden on request, still running.
  await page.check('#sky-timer-hide');
  assert.equal((await timer(page)).text, 'Time hidden');
  await page.clock.fastForward(10_000);
  await page.uncheck('#sky-timer-hide');
  await waitTimer(page, /^1:4[23]$/);
  // Solve it by typing the brute force's solution.
  const { n, clues } = tathamClues(ID);
  const [solution] = bruteForce(n, clues, 2);
  await page.focus('#sky-board');
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      await goTo(page, r, c);
      await page.keyboard.press(String(solution[r][c]));
    }
  await waitData(page, 'solved', 'true', 'solved');
  const t = await timer(page);
  assert.equal(t.state, 'solved');
  assert.match(t.text, /^Solved in 1:4\d: your best for 5×5\.$/);
  await page.waitForFunction(() => /Solved in 1:4\d: your best for 5×5\./.test(document.querySelector('#sky-status').textContent));
  await page.clock.fastForward(60_000);
  assert.equal((await timer(page)).text, t.text, 'stopped once solved');
  // Undo the last digit and solve again after a minute: the best stays the first time.
  await page.keyboard.press('Control+z');
  await page.clock.fastForward(60_000);
  await page.keyboard.press(String(solution[n - 1][n - 1]));
  await waitData(page, 'solved', 'true', 'solved again');
  await waitTimer(page, /^Solved in 2:4\d; your best for 5×5 is 1:4\d\.$/);
  assert.deepEqual(problems, []);
});

test('a New puzzle at a level keeps its best per level; Hashiwokakero has the timer too', async () => {
  const { page, problems } = await clockPage('#skyscrapers');
  await page.waitForFunction(() => (document.querySelector('#sky-tatham')?.value ?? '') !== '');
  await page.click('#sky-mode-edit');
  await page.selectOption('#sky-new-size', '4');
  await page.selectOption('#sky-new-level', 'easy');
  await page.fill('#sky-new-seed', '12');
  const old = await sky(page, 'tatham');
  await page.click('#sky-random');
  await waitData(page, 'mode', 'play', 'New opens in play');
  await page.waitForFunction((o) => document.querySelector('#sky-board').dataset.tatham !== o, old);
  await page.clock.fastForward(75_000);
  const tatham = await sky(page, 'tatham');
  const id = tatham.replace(/,.*$/, '');
  const given = tatham.includes(',');
  const { n, clues } = tathamClues(id);
  const g = grid(await sky(page, 'grid'));
  const solutions = bruteForce(n, clues, 1000).filter((s) => s.every((row, r) => row.every((v, c) => !g[r][c] || g[r][c] === v)));
  assert.equal(solutions.length, 1, `one solution (givens: ${given})`);
  await page.focus('#sky-board');
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      if (g[r][c]) continue;
      await goTo(page, r, c);
      await page.keyboard.press(String(solutions[0][r][c]));
    }
  await waitTimer(page, /^Solved in 1:1\d: your best for 4×4 easy\.$/);

  // Hashiwokakero: the same clock in its play mode, paused by keyboard.
  await page.goto(app.url + '#hashi');
  await page.waitForFunction(() => !document.querySelector('#hashi-mode-play')?.disabled);
  await page.fill('#hashi-load', '2.2\n...\n2.2');
  await page.click('#hashi-load-btn');
  await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.cells === '2,0,2,0,0,0,2,0,2');
  await page.click('#hashi-mode-play');
  await page.waitForFunction(() => document.querySelector('#hashi-timer')?.dataset.state === 'running');
  await page.clock.fastForward(5_000);
  await waitTimer(page, /^0:0[56]$/, 'hashi');
  // Hints applied until solved: the timer says the time.
  for (let k = 0; k < 8; k++) {
    if ((await page.getAttribute('#hashi-board', 'data-solved')) === 'true') break;
    await page.focus('#hashi-board');
    await page.keyboard.press('h');
    await page.waitForSelector('#hashi-apply:not([hidden])', { timeout: 10_000 }).catch(() => undefined);
    if (await page.isVisible('#hashi-apply')) await page.click('#hashi-apply');
    await page.clock.fastForward(1_000);
  }
  await waitTimer(page, /^Solved in 0:\d\d: your best for 3×3\.$/, 'hashi');
  assert.deepEqual(problems, []);
});
