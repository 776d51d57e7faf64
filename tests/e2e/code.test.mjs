// The pseudocode beside the animation (issue 10 point 2): the line lit is the one the event on
// screen happens on. The event is read here from the sentence the solver wrote for it (not from
// the page's lookup), so a wrong line for a kind fails.
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

/** Steps once and waits for the step to land (the next event may come from the worker first). */
async function step(page, tab) {
  const count = () => page.$eval(`#${tab} .step-count`, (el) => el.textContent);
  const before = await count();
  await page.click(`#${tab} .playback >> text=Step`);
  await page.waitForFunction(([t, b]) => document.querySelector(`#${t} .step-count`)?.textContent !== b, [tab, before]);
}

const litEvents = (page, id) => page.$eval(`#${id}-code`, (ol) => ol.querySelector('li[aria-current="step"]')?.dataset.events.split(' ') ?? []);

test('N-Queens: each step lights the line of its event, for both machines', async () => {
  const { page, problems } = await openPage(app, '#queens/6');
  await page.waitForSelector('#queens-board[data-queens]');
  const kinds = [
    [/queen on column/, 'place'],
    [/taking the queen off/, 'remove'],
    [/has no safe square/, 'backtrack'],
  ];
  for (const algo of ['backtrack', 'naive']) {
    await page.selectOption('#queens-algo', algo);
    assert.equal(await page.getAttribute('#queens-code-box', 'data-algorithm'), algo, 'the listing of the chosen machine');
    const seen = new Set();
    for (let i = 0; i < 40; i++) {
      await step(page, 'queens');
      const sentence = await page.textContent('#queens-status');
      const kind = kinds.find(([re]) => re.test(sentence))?.[1];
      if (!kind) continue;
      seen.add(kind);
      assert.ok((await litEvents(page, 'queens')).includes(kind), `${algo}: "${sentence}" lights the line of ${kind}`);
    }
    assert.equal(seen.size, 3, `${algo}: places, removals and backtracks were all checked`);
  }
  assert.deepEqual(problems, []);
});

test('Skyscrapers, Hashiwokakero and min-conflicts: a guess, a move light their lines', async () => {
  const id = '7:/2/3//3/3/3/4///5//2/3//3/5///3/3//////3/,b4s1i1i1f';
  const { page, problems } = await openPage(app, `#skyscrapers/${encodeURIComponent(id)}`);
  await page.waitForFunction((t) => document.querySelector('#sky-board')?.dataset.tatham === t, id);
  await page.click('#sky-mode-watch');
  await page.click('#skyscrapers .playback >> text=Next guess');
  await page.waitForFunction(() => /^Guess/.test(document.querySelector('#sky-status')?.textContent ?? ''));
  assert.match(await page.textContent('#sky-status'), /^Guess/);
  assert.ok((await litEvents(page, 'sky')).includes('skyGuess'));

  await page.goto(`${app.url}#repair/20?seed=2`);
  await page.waitForSelector('#repair-board');
  for (let i = 0; i < 3; i++) await step(page, 'repair');
  const sentence = await page.textContent('#repair-status');
  const kind = /moves to column/i.test(sentence) ? 'repairMove' : /attacked|conflicted|picks?/i.test(sentence) ? 'repairPick' : null;
  assert.ok(kind, `a pick or a move after three steps: ${sentence}`);
  assert.ok((await litEvents(page, 'repair')).includes(kind), `"${sentence}" lights ${kind}`);
  assert.deepEqual(problems, []);
});
