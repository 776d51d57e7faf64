// Stopped runs show the truth, and the sentences that end a run are Rust's (issue 28, points 2
// and 5). The oracle is a native replay: the run the page's session was created with (its
// status line's data-run) stepped to its end by the CLI's `trace`, whose last line carries the
// machine's own sentence; the board it stopped at is rebuilt here from the trace's events and its
// attacking pairs counted by the rules written again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage, hashiCellCenter } from './harness.mjs';
import { attackingPairs, replayRepair } from './queens-oracle.mjs';
import { ensureCli, nativeTrace } from './trace-oracle.mjs';

let app;
before(async () => {
  ensureCli();
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const runOf = async (page, sel) => JSON.parse(await page.getAttribute(sel, 'data-run'));

test('a repair Solve that gives up shows the board it stopped at, its real conflicts, and why', async () => {
  // No restarts and 60 moves of pure random walk: it gives up, on a board with conflicts.
  const { page, problems } = await openPage(app, '#repair/40?seed=4&opts=strategy:minConflicts,noise:1,maxSteps:60,maxRestarts:0');
  await page.locator('#repair').getByRole('button', { name: 'Solve' }).click();
  await page.waitForFunction(() => /gave up/.test(document.querySelector('#repair-status')?.textContent ?? ''));
  const run = await runOf(page, '#repair-status');
  assert.equal(run.algorithm, 'repair');
  const native = nativeTrace(run, 1_000_000);
  assert.ok(native.ended && native.end.verdict === 'gaveUp', JSON.stringify(native.end));
  const board = replayRepair(native.events);
  const shown = (await page.getAttribute('#repair-board', 'data-queens')).split(',').map(Number);
  assert.deepEqual(shown, board, 'the board on screen is the one the run stopped at');
  const pairs = attackingPairs(board);
  assert.ok(pairs > 0, 'a board it gave up on has conflicts');
  const status = await page.textContent('#repair-status');
  // The machine's own sentence (Rust), and it names the real conflicts of that board.
  assert.equal(status, native.end.says);
  assert.match(status, new RegExp(`^Repair gave up after 60 moves and 0 restarts; the board it stopped at has ${pairs} attacking pairs?\\.$`));
  assert.deepEqual(problems, []);
});

test('the end of a watched Skyscrapers and Hashiwokakero run is the sentence Rust wrote for it', async () => {
  for (const [view, status] of [
    ['#skyscrapers/4:4////4///////////?mode=watch', '#sky-status'],
    ['#skyscrapers/4:///////////////?mode=watch', '#sky-status'],
    ['#hashi/7x7m2:3a4c3i2b1a5e5n3e2?mode=watch', '#hashi-status'],
  ]) {
    const { page, problems } = await openPage(app, view);
    const tab = view.startsWith('#hashi') ? '#hashi' : '#skyscrapers';
    const board = view.startsWith('#hashi') ? '#hashi-board' : '#sky-board';
    // The link's mode applies once its puzzle has loaded.
    await page.waitForFunction((b) => document.querySelector(b)?.dataset.mode === 'watch', board);
    await page.locator(`${tab} .playback input.speed-slider`).fill('100');
    await page.locator(`${tab} .playback`).getByRole('button', { name: 'Play' }).click();
    // Played to its end (the pause at a solution is resumed until the run is over).
    for (let k = 0; k < 10; k++) {
      const over = await page
        .waitForFunction((s) => /^(Unique|Multiple|No solution|Found|Stopped)/.test(document.querySelector(s)?.textContent ?? ''), status, { timeout: 5_000 })
        .then(() => true, () => false);
      if (over) break;
      const play = page.locator(`${tab} .playback`).getByRole('button', { name: 'Play' });
      if (await play.isEnabled()) await play.click();
    }
    const run = await runOf(page, status);
    const native = nativeTrace(run, 1_000_000);
    assert.ok(native.ended, view);
    assert.equal(await page.textContent(status), native.end.says, view);
    await page.context().close();
    assert.deepEqual(problems, [], view);
  }
});

test('search versus repair: after Solve, Play and Step wait for Reset', async () => {
  const { page, problems } = await openPage(app, '#race/8?seed=5');
  const race = page.locator('#race');
  await race.getByRole('button', { name: 'Solve' }).click();
  await page.waitForFunction(() => ['#race-search-board', '#race-repair-board'].every((id) => document.querySelector(id)?.dataset.solved === 'true'));
  assert.equal(await race.getByRole('button', { name: 'Play' }).isDisabled(), true, 'Play is off after Solve');
  assert.equal(await race.getByRole('button', { name: 'Step', exact: true }).isDisabled(), true, 'Step is off after Solve');
  await race.getByRole('button', { name: 'Reset' }).click();
  await page.waitForFunction(() => document.querySelector('#race-search-board')?.dataset.solved !== 'true');
  assert.equal(await race.getByRole('button', { name: 'Step', exact: true }).isDisabled(), false, 'Reset starts again');
  assert.deepEqual(problems, []);
});

test('a solved Hashiwokakero board: its frame leaves a gap before the rings of border islands', async () => {
  const { page, problems } = await openPage(app, '#hashi/7x7m2:3a4c3i2b1a5e5n3e2?mode=watch');
  await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.mode === 'watch');
  await page.locator('#hashi .playback').getByRole('button', { name: 'Solve' }).click();
  await page.waitForFunction(() => /^Unique/.test(document.querySelector('#hashi-status')?.textContent ?? ''));
  // The island at row 1, column 1 is on the border: scan from the canvas's left edge to its centre.
  const centre = await hashiCellCenter(page, 0, 0);
  const runs = await page.evaluate(({ y }) => {
    const canvas = document.querySelector('#hashi-board');
    const box = canvas.getBoundingClientRect();
    const scale = canvas.width / box.width;
    const row = Math.round((y - box.top) * scale);
    const good = getComputedStyle(canvas).getPropertyValue('--good').trim();
    const probe = document.createElement('canvas').getContext('2d');
    probe.fillStyle = good;
    probe.fillRect(0, 0, 1, 1);
    const [gr, gg, gb] = probe.getImageData(0, 0, 1, 1).data;
    const data = canvas.getContext('2d').getImageData(0, row, Math.round(canvas.width / 14), 1).data;
    // Runs of the solved colour along the line: the frame, the island's ring, then its disc
    // (drawn in the same colour inside a background edge).
    const out = [];
    let inRun = false;
    for (let x = 0; x < data.length / 4; x++) {
      const [r, g, b] = [data[4 * x], data[4 * x + 1], data[4 * x + 2]];
      const near = Math.abs(r - gr) + Math.abs(g - gg) + Math.abs(b - gb) < 60;
      if (near && !inRun) out.push(x);
      inRun = near;
    }
    return out;
  }, centre);
  assert.ok(runs.length >= 3, `the frame, the ring and the disc are apart (runs of the solved colour start at ${JSON.stringify(runs)})`);
  assert.deepEqual(problems, []);
});
