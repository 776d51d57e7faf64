// Hashiwokakero in the real page: build a puzzle by clicking cells and typing numbers, let the solver
// solve it, play bridges by dragging, and the error paths. What the board shows is read from its
// data attributes and checked by the independent checker in hashi-oracle.mjs (no code shared with wasm).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage, hashiCellCenter as cellCenter, hashiDrag as drag, notSentences } from './harness.mjs';
import { checkHashi, parseBridges } from './hashi-oracle.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const attr = (page, name) => page.getAttribute('#hashi-board', `data-${name}`);
const waitAttr = (page, name, value) =>
  page.waitForFunction(([n, v]) => document.querySelector('#hashi-board')?.getAttribute(`data-${n}`) === v, [name, value], { timeout: 30_000 });

// `2.3.3/...../5.5.1/...../2.4.1`: a 5x5 board with one solution (the CLI says unique); placed by hand.
const PLACED = [
  [0, 0, 2],
  [0, 2, 3],
  [0, 4, 3],
  [2, 0, 5],
  [2, 2, 5],
  [2, 4, 1],
  [4, 0, 2],
  [4, 2, 4],
  [4, 4, 1],
];

test('editor: islands placed by clicking and typing, solved by the solver, bridges pass the checker', async () => {
  const { page, problems } = await openPage(app, '#hashi');
  // The first visit opens the article's 7x7 example.
  await page.waitForFunction(() => document.querySelector('#hashi-id')?.textContent === '7x7m2:3a4c3i2b1a5e5n3e2');
  await page.click('#hashi-clear-board');
  await page.fill('#hashi-width', '5');
  await page.locator('#hashi-width').dispatchEvent('change');
  await page.fill('#hashi-height', '5');
  await page.locator('#hashi-height').dispatchEvent('change');
  await waitAttr(page, 'width', '5');
  await waitAttr(page, 'height', '5');
  // Each island is placed on the board as drawn after the previous one (as a person would look
  // before clicking), so a slow machine cannot click a board that is still being laid out.
  const cells = new Array(25).fill(0);
  for (const [r, c, n] of PLACED) {
    const p = await cellCenter(page, r, c);
    await page.mouse.click(p.x, p.y);
    await page.keyboard.press(String(n));
    cells[r * 5 + c] = n;
    await waitAttr(page, 'cells', cells.join(','));
  }
  await page.waitForFunction(() => !document.querySelector('#hashi-mode-watch').disabled);
  assert.ok(await page.locator('#hashi-error').isHidden(), 'a valid board shows no error');

  await page.click('#hashi-mode-watch');
  await page.locator('#hashi').getByRole('button', { name: 'Solve', exact: true }).click();
  await waitAttr(page, 'verdict', 'unique');
  const bridges = parseBridges(await attr(page, 'bridges'));
  assert.equal(checkHashi(5, 5, cells, 2, bridges), null);
  assert.match(await page.textContent('#hashi-status'), /Unique/);

  // Step by step: step back undoes exactly what a step did.
  await page.locator('#hashi').getByRole('button', { name: 'Reset', exact: true }).click();
  const step = page.locator('#hashi').getByRole('button', { name: 'Step', exact: true });
  for (let i = 0; i < 12; i++) await step.click();
  const before = await attr(page, 'bridges');
  await step.click();
  await step.click();
  await page.locator('#hashi').getByRole('button', { name: 'Step back' }).click();
  await page.locator('#hashi').getByRole('button', { name: 'Step back' }).click();
  assert.equal(await attr(page, 'bridges'), before);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('play: bridges dragged by hand (and one by keyboard) solve a small puzzle', async () => {
  const { page, problems } = await openPage(app, '#hashi/3x3m2:2a2c2a2');
  await waitAttr(page, 'cells', '2,0,2,0,0,0,2,0,2');
  await page.waitForFunction(() => !document.querySelector('#hashi-mode-play').disabled);
  await page.click('#hashi-mode-play');
  await waitAttr(page, 'mode', 'play');

  // Click again for the second bridge, once more to remove.
  await drag(page, [0, 0], [0, 2]);
  await waitAttr(page, 'bridges', '0,0-0,2x1');
  await drag(page, [0, 0], [0, 2]);
  await waitAttr(page, 'bridges', '0,0-0,2x2');
  await drag(page, [0, 2], [0, 0]);
  await waitAttr(page, 'bridges', '');

  await drag(page, [0, 0], [0, 2]);
  await drag(page, [2, 0], [0, 0]);
  await drag(page, [0, 2], [2, 2]);
  await waitAttr(page, 'bridges', '0,0-0,2x1;0,0-2,0x1;0,2-2,2x1');
  assert.equal(await attr(page, 'solved'), 'false');
  // The last bridge from the keyboard: cursor to (2,0), select, arrow right.
  await page.locator('#hashi-board').focus();
  for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await waitAttr(page, 'solved', 'true');
  const bridges = parseBridges(await attr(page, 'bridges'));
  assert.equal(checkHashi(3, 3, [2, 0, 2, 0, 0, 0, 2, 0, 2], 2, bridges), null);
  await page.waitForFunction(() => /Solved/.test(document.querySelector('#hashi-status')?.textContent ?? ''));
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('play: following the hints (Apply) solves a puzzle, and the result passes the checker', async () => {
  const id = '10x10m2:4b4e3a2e1m3b4b6a5f1j1f2f2a4b6b2j3b2b4b1';
  const { page, problems } = await openPage(app, '#hashi/' + encodeURIComponent(id));
  await page.waitForFunction((t) => document.querySelector('#hashi-id')?.textContent === t, id);
  await page.click('#hashi-mode-play');
  await waitAttr(page, 'mode', 'play');
  let placed = '';
  for (let i = 0; i < 200 && (await attr(page, 'solved')) !== 'true'; i++) {
    await page.click('#hashi-hint');
    await page.waitForSelector('#hashi-apply:not([hidden])');
    assert.ok((await page.textContent('#hashi-status')).length > 10, 'the hint says why');
    await page.click('#hashi-apply');
    // Each applied hint adds at least one bridge.
    await page.waitForFunction((before) => document.querySelector('#hashi-board')?.dataset.bridges !== before, placed);
    placed = await attr(page, 'bridges');
  }
  assert.equal(await attr(page, 'solved'), 'true');
  const cells = (await attr(page, 'cells')).split(',').map(Number);
  assert.equal(checkHashi(10, 10, cells, 2, parseBridges(await attr(page, 'bridges'))), null);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('watch: switching techniques off costs more search nodes, with the same unique answer', async () => {
  const id = '10x10m2:4b4e3a2e1m3b4b6a5f1j1f2f2a4b6b2j3b2b4b1';
  const { page, problems } = await openPage(app, '#hashi/' + encodeURIComponent(id));
  await page.waitForFunction((t) => document.querySelector('#hashi-id')?.textContent === t, id);
  await page.click('#hashi-mode-watch');
  const solve = page.locator('#hashi').getByRole('button', { name: 'Solve', exact: true });
  const nodes = async () => Number((await page.textContent('#hashi [data-counter=nodes]')).replace(/,/g, ''));
  const cells = (await attr(page, 'cells')).split(',').map(Number);
  await solve.click();
  await waitAttr(page, 'verdict', 'unique');
  const withRules = await nodes();
  const first = await attr(page, 'bridges');
  assert.equal(checkHashi(10, 10, cells, 2, parseBridges(first)), null);
  for (const t of ['degree', 'isolation', 'connectivity', 'cutEdges']) await page.uncheck(`#hashi-tech-${t}`);
  await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.verdict === '');
  await solve.click();
  await waitAttr(page, 'verdict', 'unique');
  const plain = await nodes();
  assert.ok(plain > withRules, `plain search ${plain} nodes, with deductions ${withRules}`);
  assert.equal(await attr(page, 'bridges'), first, 'the same unique solution');
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('editor: a rock from the keyboard leaves only the plain form; touch drags lay bridges', async () => {
  const { page, problems } = await openPage(app, '#hashi/' + encodeURIComponent('2.2/.../2.2') + '?mode=edit', { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  await waitAttr(page, 'cells', '2,0,2,0,0,0,2,0,2');
  await page.waitForFunction(() => document.querySelector('#hashi-id')?.textContent === '3x3m2:2a2c2a2');
  // Keyboard only: focus the board, move to the middle cell, make it a rock.
  await page.locator('#hashi-board').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('#');
  await waitAttr(page, 'cells', '2,0,2,0,255,0,2,0,2');
  await page.waitForFunction(() => document.querySelector('#hashi-id')?.textContent === '2.2/.#./2.2');
  assert.equal(await page.isDisabled('#hashi-copy-tatham'), true, 'Tatham IDs cannot hold rocks');
  assert.equal(await page.isDisabled('#hashi-copy-url'), true, 'puzz.link cannot hold rocks');

  // Touch: pointer events of type "touch" along the four sides.
  await page.click('#hashi-mode-play');
  await waitAttr(page, 'mode', 'play');
  for (const [from, to] of [
    [[0, 0], [0, 2]],
    [[0, 2], [2, 2]],
    [[2, 2], [2, 0]],
    [[2, 0], [0, 0]],
  ]) {
    const p = await cellCenter(page, ...from);
    const q = await cellCenter(page, ...to);
    await page.evaluate(
      ([p, q]) => {
        const board = document.querySelector('#hashi-board');
        const fire = (type, at) =>
          board.dispatchEvent(new PointerEvent(type, { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true, clientX: at.x, clientY: at.y }));
        fire('pointerdown', p);
        fire('pointermove', { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 });
        fire('pointermove', q);
        fire('pointerup', q);
      },
      [p, q],
    );
  }
  await waitAttr(page, 'solved', 'true');
  assert.equal(checkHashi(3, 3, [2, 0, 2, 0, 255, 0, 2, 0, 2], 2, parseBridges(await attr(page, 'bridges'))), null);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test("the article's 5x5 example has no solution", async () => {
  const { page, problems } = await openPage(app, '#hashi');
  await page.fill('#hashi-load', '3.3.2/...../.2.2./...../2.3.3');
  await page.click('#hashi-load-btn');
  await waitAttr(page, 'width', '5');
  await page.waitForFunction(() => !document.querySelector('#hashi-mode-watch').disabled);
  await page.click('#hashi-mode-watch');
  await page.locator('#hashi').getByRole('button', { name: 'Solve', exact: true }).click();
  await waitAttr(page, 'verdict', 'none');
  assert.match(await page.textContent('#hashi-status'), /No solution/);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('a garbage paste and a bad link show a readable error', async () => {
  const { page, problems } = await openPage(app, '#hashi');
  await page.fill('#hashi-load', '7x7m2:3a4c3i2b1a5e5n3e!');
  await page.click('#hashi-load-btn');
  await page.waitForSelector('#hashi-error:not([hidden])');
  assert.match(await page.textContent('#hashi-error'), /character \d+ '!'/);

  const bad = await openPage(app, '#hashi/' + encodeURIComponent('hello there'));
  await bad.page.waitForSelector('#hashi-error:not([hidden])');
  assert.match(await bad.page.textContent('#hashi-error'), /^Hashi: .*\.$/);
  assert.deepEqual([...problems, ...bad.problems], []);
});
