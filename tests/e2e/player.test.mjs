// The recorded run: a scrubber over every step computed, a step counter, "run to the next …", and
// exact stepping back. For each algorithm the page is captured at several steps going forward
// (board pixels, the sentence, every counter), then reached again by scrubbing backwards and
// forwards: it must be identical, words included; step 0 must equal the page before the first step.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage, checkQueens, notSentences } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** Everything the page shows of a run: the canvases' pixels, the sentence and the counters. */
async function snapshot(page, tab, canvases, status) {
  return page.evaluate(
    ([tab, canvases, status]) => ({
      pixels: canvases.map((c) => document.querySelector(c).toDataURL()),
      sentence: document.querySelector(status).textContent,
      counters: [...document.querySelectorAll(`#${tab} [data-counter]`)].map((d) => `${d.dataset.counter}=${d.textContent}`).join(' '),
    }),
    [tab, canvases, status],
  );
}

async function seek(page, tab, k) {
  await page.locator(`#${tab} .scrubber`).evaluate((el, k) => {
    el.value = String(k);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, k);
}

const stepCount = (page, tab) => page.textContent(`#${tab} .step-count`);

/** Runs to the first solution, then checks exact revisits of steps and the start. */
async function scrubExactly(page, tab, canvases, status, start) {
  const steps = Number((await stepCount(page, tab)).match(/^Step ([\d,]+)/)[1].replace(/,/g, ''));
  assert.ok(steps >= 4, `${tab}: a run of some length (${steps} steps)`);
  const picks = [...new Set([1, 2, Math.floor(steps / 3), Math.floor(steps / 2), steps - 1, steps])];
  const forward = new Map();
  for (const k of picks) {
    await seek(page, tab, k);
    assert.match(await stepCount(page, tab), new RegExp(`^Step ${k.toLocaleString('en-US')} of `));
    forward.set(k, await snapshot(page, tab, canvases, status));
  }
  // Back to the start: the page as it was before the first step.
  await seek(page, tab, 0);
  assert.deepEqual(await snapshot(page, tab, canvases, status), start, `${tab}: step 0 equals the start`);
  for (const k of [...picks].reverse()) {
    await seek(page, tab, k);
    assert.deepEqual(await snapshot(page, tab, canvases, status), forward.get(k), `${tab}: step ${k} after scrubbing`);
  }
  // One at a time with Step back from the end equals scrubbing there too.
  await seek(page, tab, steps);
  await page.locator(`#${tab} .playback`).getByRole('button', { name: 'Step back', exact: true }).click();
  assert.deepEqual(await snapshot(page, tab, canvases, status), forward.get(steps - 1), `${tab}: Step back from the end`);
}

test('N-Queens: Next solution stops at a checked solution; scrubbing is exact; step 0 is the start', async () => {
  const { page, problems } = await openPage(app, '#queens');
  await page.waitForSelector('#queens .scrubber');
  await page.waitForTimeout(300);
  const start = await snapshot(page, 'queens', ['#queens-board'], '#queens-status');
  await page.locator('#queens .playback').getByRole('button', { name: 'Next solution' }).click();
  await page.waitForFunction(() => document.querySelector('#queens-board').dataset.solved === 'true');
  const columns = (await page.getAttribute('#queens-board', 'data-queens')).split(',').map(Number);
  assert.equal(checkQueens(8, columns), null, `board: ${columns}`);
  assert.equal(await page.textContent('[data-counter=solutions]'), '1');
  await scrubExactly(page, 'queens', ['#queens-board'], '#queens-status', start);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('min-conflicts: exact scrubbing over a seeded run, counters included', async () => {
  const { page, problems } = await openPage(app, '#repair');
  await page.fill('#repair-seed', '7');
  await page.locator('#repair-seed').dispatchEvent('change');
  await page.waitForTimeout(500);
  const start = await snapshot(page, 'repair', ['#repair-board', '#repair-chart'], '#repair-status');
  await page.locator('#repair .playback').getByRole('button', { name: 'Next solution' }).click();
  await page.waitForFunction(() => document.querySelector('#repair-board').dataset.solved === 'true');
  const columns = (await page.getAttribute('#repair-board', 'data-queens')).split(',').map(Number);
  assert.equal(checkQueens(8, columns), null, `board: ${columns}`);
  await scrubExactly(page, 'repair', ['#repair-board', '#repair-chart'], '#repair-status', start);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('Skyscrapers watch: exact scrubbing, candidates and highlights included', async () => {
  const { page, problems } = await openPage(app, '#skyscrapers');
  await page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
  await page.click('#sky-mode-watch');
  await page.waitForSelector('#skyscrapers .scrubber');
  await page.waitForTimeout(300);
  const start = await snapshot(page, 'skyscrapers', ['#sky-board'], '#sky-status');
  await page.locator('#skyscrapers .playback').getByRole('button', { name: 'Next solution' }).click();
  // Stopped at the solution event: every cell filled.
  await page.waitForFunction(() => !document.querySelector('#sky-board').dataset.grid.split(/[,/]/).includes('0'));
  await scrubExactly(page, 'skyscrapers', ['#sky-board'], '#sky-status', start);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('Hashiwokakero watch: exact scrubbing over the article example', async () => {
  const { page, problems } = await openPage(app, '#hashi');
  await page.waitForFunction(() => document.querySelector('#hashi-id')?.textContent === '7x7m2:3a4c3i2b1a5e5n3e2');
  await page.waitForFunction(() => !document.querySelector('#hashi-mode-watch').disabled);
  await page.click('#hashi-mode-watch');
  await page.waitForSelector('#hashi .scrubber');
  await page.waitForTimeout(300);
  const start = await snapshot(page, 'hashi', ['#hashi-board'], '#hashi-status');
  // The article's example has no solution: run to its end with Next solution.
  await page.locator('#hashi .playback').getByRole('button', { name: 'Next solution' }).click();
  await page.waitForFunction(() => /of [\d,]+$/.test(document.querySelector('#hashi .step-count').textContent));
  await scrubExactly(page, 'hashi', ['#hashi-board'], '#hashi-status', start);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});
