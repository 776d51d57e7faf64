// The live search tree (issue 10 point 1): it grows with the run; a click on a node moves the
// player to the step that made it, and the board there shows that choice (the queen of the node's
// label on its row, as many queens as the node's depth; the guessed height in its cell); stepping
// on from there gives the same tree again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage, notSentences, settledStep } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const stepOf = async (page, tab) => Number(/^Step ([\d,]+)/.exec(await page.textContent(`#${tab} .step-count`))[1].replace(/,/g, ''));


/** Clicks the tree at a fraction of its width and height; returns the node's description. */
async function clickTree(page, prefix, fx, fy) {
  // The tree sits under the watch controls: bring it into the window before clicking on it.
  await page.locator(`#${prefix}-tree`).scrollIntoViewIfNeeded();
  const box = await page.locator(`#${prefix}-tree`).boundingBox();
  await page.mouse.click(box.x + fx * box.width, box.y + fy * box.height);
  const text = await page.textContent(`#${prefix}-tree-detail`);
  const m = /^(.*) \(depth (\d+), step (\d+), subtree (\d+) nodes?\)/.exec(text);
  assert.ok(m, `a node is described: ${text}`);
  return { label: m[1], depth: Number(m[2]), step: Number(m[3]), subtree: Number(m[4]) };
}

test('N-Queens: a click on a tree node moves the board to the step of that choice', async () => {
  const { page, problems } = await openPage(app, '#queens/6');
  await page.waitForSelector('#queens-board[data-queens]');
  for (let i = 0; i < 60; i++) await page.click('#queens .playback >> text=Step');
  await page.waitForFunction(() => document.querySelector('#queens .step-count')?.textContent.startsWith('Step 60 '));
  await page.waitForFunction(() => Number(document.querySelector('#queens-tree')?.dataset.nodes) > 10);
  const before = await page.getAttribute('#queens-tree', 'data-nodes');
  for (const [fx, fy] of [[0.1, 0.3], [0.5, 0.6], [0.9, 0.8], [0.3, 0.9]]) {
    const node = await clickTree(page, 'queens', fx, fy);
    assert.equal(await stepOf(page, 'queens'), node.step, `${node.label}: the player is at the node's step`);
    const queens = (await page.getAttribute('#queens-board', 'data-queens')).split(',').map(Number);
    const [, r, c] = /^r(\d+):c(\d+)$/.exec(node.label).map(Number);
    assert.equal(queens[r - 1], c - 1, `${node.label}: its queen is on the board`);
    assert.equal(queens.filter((q) => q >= 0).length, node.depth, `${node.label}: as many queens as its depth`);
    // The tree is that of the step on screen: the nodes made by then, no more (a link to the
    // step draws the same), and the clicked node among them.
    assert.ok(Number(await page.getAttribute('#queens-tree', 'data-nodes')) <= Number(before), 'going back shows the tree of that step');
    assert.equal(Number((await page.getAttribute('#queens-tree', 'data-path')).split(',').pop()) > 0, true);
  }
  // The caption counts the choices up to the step on screen: as many as the nodes drawn.
  const caption = await page.textContent('#queens-tree-caption');
  const upTo = await page.evaluate(() => Number(document.querySelector('#queens .step-count').textContent.match(/^Step ([\d,]+)/)[1].replace(/,/g, '')));
  const m = /^(\d+) choices?, (\d+) dead ends? \(×\), deepest depth (\d+);/.exec(caption);
  assert.ok(m, `caption after going back: ${caption}`);
  assert.equal(m[1], await page.getAttribute('#queens-tree', 'data-nodes'), `the caption counts the nodes drawn: ${caption}`);
  assert.ok(Number(m[1]) <= upTo, 'no more choices than steps shown');
  // Stepping forward to where the run was gives the same tree (nodes are reused, not made twice).
  const path = await page.getAttribute('#queens-tree', 'data-path');
  await page.click('#queens .playback >> text=Step');
  await settledStep(page, 'queens');
  await page.click('#queens .playback >> text=Step back');
  await settledStep(page, 'queens');
  assert.equal(await page.getAttribute('#queens-tree', 'data-path'), path, 'Step then Step back: the same path');
  // Back at step 60 by the scrubber, the whole tree of step 60 again (its nodes reused).
  await page.locator('#queens .scrubber').evaluate((el) => {
    el.value = '60';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settledStep(page, 'queens');
  assert.equal(await page.getAttribute('#queens-tree', 'data-nodes'), before);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('Skyscrapers: the tree shows the guesses; a click shows the guessed height in its cell', async () => {
  // Tatham's 7x7 "unreasonable" needs guesses.
  const id = '7:/2/3//3/3/3/4///5//2/3//3/5///3/3//////3/,b4s1i1i1f';
  const { page, problems } = await openPage(app, `#skyscrapers/${encodeURIComponent(id)}?mode=watch`);
  await page.waitForFunction((t) => document.querySelector('#sky-board')?.dataset.tatham === t, id);
  if ((await page.getAttribute('#sky-board', 'data-mode')) !== 'watch') await page.click('#sky-mode-watch');
  for (let i = 0; i < 4; i++) await page.click('#skyscrapers .playback >> text=Next guess');
  await settledStep(page, 'skyscrapers');
  await page.waitForFunction(() => Number(document.querySelector('#sky-tree')?.dataset.nodes) >= 2);
  const node = await clickTree(page, 'sky', 0.02, 0.5);
  assert.equal(await stepOf(page, 'skyscrapers'), node.step);
  const [, r, c, v] = /^r(\d+)c(\d+)=(\d+)$/.exec(node.label).map(Number);
  const grid = (await page.getAttribute('#sky-board', 'data-grid')).split('/').map((row) => row.split(',').map(Number));
  assert.equal(grid[r - 1][c - 1], v, `${node.label}: the guessed height is in its cell at that step`);
  assert.deepEqual(problems, []);
});

test('Min-conflicts: a click on the move strip goes to that move, and the strip is that of the move', async () => {
  const { page, problems } = await openPage(app, '#repair/30?seed=3');
  await page.waitForSelector('#repair-board');
  for (let i = 0; i < 80; i++) await page.click('#repair .playback >> text=Step');
  await page.waitForFunction(() => document.querySelector('#repair .step-count')?.textContent.startsWith('Step 80 '));
  const moves = Number(await page.getAttribute('#repair-strip', 'data-moves'));
  assert.ok(moves >= 10, `moves so far: ${moves}`);
  const box = await page.locator('#repair-strip').boundingBox();
  for (const f of [0.25, 0.6, 0.05]) {
    await page.mouse.click(box.x + f * box.width, box.y + box.height / 2);
    const note = await page.textContent('#repair-strip-note');
    const m = /^(The start|Move \d+|Restart \d+) at step (\d+): (\d+) conflicts/.exec(note);
    assert.ok(m, note);
    assert.equal(await stepOf(page, 'repair'), Number(m[2]), `${note}: the player is at its step`);
    assert.equal(Number((await page.textContent('#repair [data-counter=conflicts]')).replace(/,/g, '')), Number(m[3]), `${note}: the board has its conflicts`);
    // The strip, like the chart, is that of the step on screen (a link to it draws the same).
    const shown = Number(await page.getAttribute('#repair-strip', 'data-moves'));
    assert.ok(shown <= moves, 'no move after the step on screen');
    assert.equal(Number(await page.getAttribute('#repair-strip', 'data-at')), shown, 'the move on screen is the last one drawn');
  }
  assert.deepEqual(problems, []);
});

test('the tree and the move strip work by keyboard: arrows pick, Enter goes there', async () => {
  const { page, problems } = await openPage(app, '#queens/6');
  await page.waitForSelector('#queens-board[data-queens]');
  for (let i = 0; i < 30; i++) await page.click('#queens .playback >> text=Step');
  await page.waitForFunction(() => document.querySelector('#queens .step-count')?.textContent.startsWith('Step 30 '));
  await page.focus('#queens-tree');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  // Picking a node moves nothing: the page's arrows (step, step back) are not triggered.
  assert.equal(await stepOf(page, 'queens'), 30, 'arrows on the tree do not step the player');
  const text = await page.textContent('#queens-tree-detail');
  const m = /^(r(\d+):c(\d+)) \(depth (\d+), step (\d+),/.exec(text);
  assert.ok(m, `the picked node is described: ${text}`);
  await page.keyboard.press('Enter');
  await settledStep(page, 'queens');
  assert.equal(await stepOf(page, 'queens'), Number(m[5]), 'Enter goes to the node\'s step');
  const queens = (await page.getAttribute('#queens-board', 'data-queens')).split(',').map(Number);
  assert.equal(queens[Number(m[2]) - 1], Number(m[3]) - 1, `${m[1]}: its queen is on the board`);

  await page.goto(app.url + '#repair/30?seed=3');
  await page.waitForSelector('#repair-board');
  for (let i = 0; i < 40; i++) await page.click('#repair .playback >> text=Step');
  await page.waitForFunction(() => document.querySelector('#repair .step-count')?.textContent.startsWith('Step 40 '));
  await page.focus('#repair-strip');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await stepOf(page, 'repair'), 40, 'arrows on the strip do not step the player');
  const note = await page.textContent('#repair-strip-note');
  const n = /^Move 2 at step (\d+): (\d+) conflicts?/.exec(note);
  assert.ok(n, `the second move is described: ${note}`);
  await page.keyboard.press('Enter');
  await page.waitForFunction((k) => document.querySelector('#repair .step-count')?.textContent.startsWith(`Step ${k} `), Number(n[1]));
  assert.equal(Number((await page.textContent('#repair [data-counter=conflicts]')).replace(/,/g, '')), Number(n[2]), 'the board has that move\'s conflicts');
  assert.equal(await page.getAttribute('#repair-strip', 'aria-valuenow'), '2');
  assert.deepEqual(problems, []);
});

test('after Solve at full speed, the tree and the step count say Reset comes before Play or Step', async () => {
  // Solve records no steps, so Play and Step are off until Reset: nothing on screen may promise
  // a tree that grows "as you press Step", or read as a run that has not started ("Step 0 of 0").
  for (const [view, id] of [['hashi', 'hashi'], ['skyscrapers', 'sky']]) {
    const { page, problems } = await openPage(app, `#${view}?mode=watch`);
    await page.waitForFunction((v) => !document.querySelector(`#${v}-mode-watch`)?.disabled, id);
    if ((await page.getAttribute(`#${id}-board`, 'data-mode')) !== 'watch') await page.click(`#${id}-mode-watch`);
    const bar = page.locator(`#${view} .playback`);
    await bar.getByRole('button', { name: 'Solve', exact: true }).click();
    await page.waitForFunction((v) => document.querySelector(`#${v}-board`)?.dataset.verdict === 'unique', id);
    const step = bar.getByRole('button', { name: 'Step', exact: true });
    assert.equal(await step.isDisabled(), true, `${view}: Step is off after Solve`);
    const caption = await page.textContent(`#${id}-tree-caption`);
    const count = await page.textContent(`#${view} .step-count`);
    for (const [what, text] of [['tree caption', caption], ['step count', count]]) {
      assert.match(text, /Reset/, `${view}: the ${what} says Reset comes first: ${text}`);
      assert.doesNotMatch(text, /^Step 0 of 0/, `${view}: the ${what}: ${text}`);
    }
    // After Reset, Step is on and the panel is the untouched one.
    await bar.getByRole('button', { name: 'Reset', exact: true }).click();
    await page.waitForFunction((v) => /^Step 0 of/.test(document.querySelector(`#${v} .step-count`)?.textContent ?? ''), view);
    assert.equal(await step.isDisabled(), false, `${view}: Step is on after Reset`);
    assert.match(await page.textContent(`#${id}-tree-caption`), /grows here/);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('Hashiwokakero: a run the rules solve alone says it made no choice, not "press Play"', async () => {
  // The example is solved by deductions only (no guess): its tree never grows past the root.
  const { page, problems } = await openPage(app, '#hashi?mode=watch');
  await page.waitForFunction(() => !document.querySelector('#hashi-mode-watch')?.disabled);
  if ((await page.getAttribute('#hashi-board', 'data-mode')) !== 'watch') await page.click('#hashi-mode-watch');
  assert.match(await page.textContent('#hashi-tree-caption'), /grows here/, 'the untouched panel');
  // Next guess plays on to the next choice, or to the end when there is none.
  await page.click('#hashi .playback >> text=Next guess');
  await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.verdict === 'unique');
  await settledStep(page, 'hashi');
  const step = await stepOf(page, 'hashi');
  assert.ok(step > 0);
  assert.equal(await page.getAttribute('#hashi-tree', 'data-nodes'), '0', 'no choice was made');
  const caption = await page.textContent('#hashi-tree-caption');
  assert.equal(caption, `No choices up to step ${step.toLocaleString('en-US')}: every step so far was forced by the rules.`);
  // Back at step 0 the panel is the untouched one again.
  await page.locator('#hashi').getByRole('button', { name: 'Reset', exact: true }).click();
  await page.waitForFunction(() => /^Step 0 /.test(document.querySelector('#hashi .step-count')?.textContent ?? ''));
  assert.match(await page.textContent('#hashi-tree-caption'), /grows here/);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});
