// Guided lessons (www/lessons/) and presenter mode (www/presenter.ts). Each lesson starts from the
// landing view; at every stop the page must show the stop's view at the stop's step, with the same
// board, counters and solver sentence as the stop's address opened on its own in a fresh page.
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

const BOARDS = { queens: ['#queens-board'], repair: ['#repair-board'], race: ['#race-search-board', '#race-repair-board'], skyscrapers: ['#sky-board'], hashi: ['#hashi-board'] };

/** The view's board (its data attributes), step counter and sentence, once the step is reached. */
async function snapshot(page, tab, step) {
  await page.waitForSelector(`#${tab}:not([hidden])`);
  await page.waitForFunction(
    ([t, k]) => new RegExp(`^Step ${k} of`).test(document.querySelector(`#${t} .step-count`)?.textContent ?? ''),
    [tab, step],
    { timeout: 20_000 },
  ).catch(async (e) => {
    throw new Error(`${page.url()}: the view shows "${await page.textContent(`#${tab} .step-count`)}", not step ${step} (${e.message})`);
  });
  await page.waitForTimeout(150);
  return page.evaluate(
    ([t, boards]) => ({
      boards: boards.map((sel) => {
        const d = { ...document.querySelector(sel).dataset };
        delete d.cursor;
        delete d.selected;
        return d;
      }),
      status: [...document.querySelectorAll(`#${t} .status`)].map((s) => s.textContent.trim()),
      // Solver time differs from run to run (a tiny puzzle reads "—" in one run and "3 µs" in
      // the next); every other counter must not.
      counters: [...document.querySelectorAll(`#${t} dl.counters dd:not([data-counter=elapsed])`)].map((s) => `${s.dataset.counter}=${s.textContent.trim()}`),
    }),
    [tab, BOARDS[tab]],
  );
}

test('the landing view lists at least five lessons, and each opens at each of its stops', async () => {
  const { page, problems, context } = await openPage(app, '');
  const ids = await page.locator('#lessons button.lesson-start').evaluateAll((bs) => bs.map((b) => b.id.replace(/^lesson-/, '')));
  assert.ok(ids.length >= 5, `${ids.length} lessons`);
  const other = await context.newPage();
  for (const id of ids) {
    await page.click('nav.tabs a[data-tab=start]');
    await page.waitForSelector('#start:not([hidden])');
    await page.click(`#lesson-${id}`);
    const stops = Number((await page.textContent('#lesson-where')).match(/of (\d+)/)[1]);
    assert.ok(stops >= 2 && stops <= 6, `${id}: ${stops} stops`);
    for (let k = 1; k <= stops; k++) {
      if (k > 1) await page.click('#lesson-next');
      await page.waitForSelector(`#lesson[data-lesson="${id}"][data-stop="${k}"]`);
      const text = (await page.textContent('#lesson-text')).trim();
      const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z])/).length;
      assert.ok(sentences >= 2 && sentences <= 3, `${id} stop ${k} has two or three sentences: ${text}`);
      const raw = await page.getAttribute('#lesson', 'data-address');
      const hash = decodeURIComponent(raw);
      const tab = hash.slice(1).split(/[/?]/)[0];
      const step = Number((hash.match(/[?&]step=(\d+)/) ?? [0, 0])[1]);
      // The same address opened on its own (a shared link) shows the same state. It is opened
      // first, so the lesson's page can wait for the same run: two stops of one view at one step
      // (the same puzzle, other options) already read "Step 40" before the new run is made.
      await other.goto('about:blank');
      await other.goto(app.url + raw);
      const alone = await snapshot(other, tab, step);
      // The run and each side's step, as data-run and data-step say them.
      const runs = (p) => p.evaluate((t) => [...document.querySelectorAll(`#${t} [data-run]`)].map((e) => `${e.dataset.run}@${e.dataset.step}`).join('|'), tab);
      const run = await runs(other);
      if (run) await page.waitForFunction(([t, r]) => [...document.querySelectorAll(`#${t} [data-run]`)].map((e) => `${e.dataset.run}@${e.dataset.step}`).join('|') === r, [tab, run], { timeout: 30_000 });
      const seen = await snapshot(page, tab, step).catch((e) => {
        throw new Error(`${id} stop ${k} (${hash}): ${e.message}`);
      });
      assert.deepEqual(seen.boards, alone.boards, `${id} stop ${k}: board`);
      assert.deepEqual(seen.counters, alone.counters, `${id} stop ${k}: counters`);
      assert.deepEqual(seen.status, alone.status, `${id} stop ${k}: sentence`);
      if (step > 0) assert.ok(seen.status.some((s) => s.length > 0), `${id} stop ${k}: the solver's sentence is shown`);
      assert.equal(await page.isDisabled('#lesson-back'), k === 1);
      assert.equal(await page.isDisabled('#lesson-next'), k === stops);
    }
    // Back returns to the stop before, at its own step.
    await page.click('#lesson-back');
    await page.waitForSelector(`#lesson[data-stop="${stops - 1}"]`);
    const back = decodeURIComponent(await page.getAttribute('#lesson', 'data-address'));
    const backStep = Number((back.match(/[?&]step=(\d+)/) ?? [0, 0])[1]);
    const backTab = back.slice(1).split(/[/?]/)[0];
    if (backStep > 0) {
      await page.waitForFunction(([t, k]) => (document.querySelector(`#${t} .step-count`)?.textContent ?? '').startsWith(`Step ${k} `), [backTab, backStep], { timeout: 30_000 });
    }
    await page.click('#lesson-close');
    assert.equal(await page.isHidden('#lesson'), true);
    // The stop Back opened may still be loading (a link's puzzle is parsed in the worker); under
    // load its late address update has overridden a click on the Start tab made meanwhile (seen
    // in CI). Wait until the address stands still: that race is a known open problem, not what
    // this test is about.
    await page.waitForFunction(() => {
      const w = window;
      const now = location.hash;
      if (w.__lastHash !== now) {
        w.__lastHash = now;
        w.__since = performance.now();
      }
      return performance.now() - w.__since > 600;
    }, null, { polling: 100, timeout: 30_000 });
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('presenter mode: a button and F2 toggle it, the address keeps it, and it fits 1024 x 768', async () => {
  const { page, problems, context } = await openPage(app, '#queens/8?step=20');
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.waitForFunction(() => /^Step 20 of/.test(document.querySelector('#queens .step-count')?.textContent ?? ''));
  await page.click('#presenter-toggle');
  assert.equal(await page.getAttribute('#presenter-toggle', 'aria-pressed'), 'true');
  await page.waitForFunction(() => location.hash === '#queens/8?step=20&present=1');
  // Board and sentence both on screen at 1024 x 768, the type larger than the default 16 px.
  const box = async (sel) => page.locator(sel).boundingBox();
  const board = await box('#queens-board');
  const status = await box('#queens-status');
  for (const b of [board, status]) assert.ok(b && b.y >= 0 && b.y + b.height <= 768 && b.x + b.width <= 1024, JSON.stringify(b));
  assert.ok(parseFloat(await page.evaluate(() => getComputedStyle(document.body).fontSize)) >= 20);
  assert.equal(await page.isVisible('#queens-n'), false, 'the size field is hidden');
  await page.screenshot({ path: `/tmp/lessons-lab-presenter.png` });
  // The address opens it on its own; F2 turns it off.
  const other = await context.newPage();
  await other.goto(app.url + '#queens/8?step=20&present=1');
  await other.waitForFunction(() => document.documentElement.classList.contains('presenter'));
  await other.keyboard.press('F2');
  await other.waitForFunction(() => !document.documentElement.classList.contains('presenter'));
  await other.waitForFunction(() => location.hash === '#queens/8?step=20');
  await other.keyboard.press('F2');
  await other.waitForFunction(() => location.hash === '#queens/8?step=20&present=1');
  assert.deepEqual(problems, []);
  await context.close();
});
