// Accessibility (issue 10, point 6): one live region that hears each Step at once and a played run
// at most about once a second; labelled boards; no motion for a reader who asks for less.
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

/** Starts recording, in the page, every text the live region takes and every status-line change. */
function record(page, status) {
  return page.evaluate((sel) => {
    const log = { said: [], statusChanges: 0 };
    window.__a11y = log;
    const region = document.querySelector('#announcer');
    new MutationObserver(() => {
      const t = region.textContent.trim();
      if (t) log.said.push({ t, at: performance.now() });
    }).observe(region, { childList: true, characterData: true, subtree: true });
    new MutationObserver(() => log.statusChanges++).observe(document.querySelector(sel), { childList: true, characterData: true, subtree: true });
  }, status);
}

const said = (page) => page.evaluate(() => window.__a11y.said);
const play = (page, tab) => page.locator(`#${tab} .playback`).getByRole('button', { name: 'Play', exact: true }).click();
const button = (page, tab, name) => page.locator(`#${tab} .playback`).getByRole('button', { name, exact: true });

test('Step and Step back are announced at once, each with the sentence on screen', async () => {
  const { page, problems } = await openPage(app, '#queens/8');
  await page.waitForFunction(() => document.querySelector('#queens-board')?.dataset.queens?.split(',').length === 8);
  // The status lines are not live regions themselves (a played run would queue every sentence).
  assert.equal(await page.getAttribute('#queens-status', 'aria-live'), null);
  assert.equal(await page.getAttribute('#announcer', 'aria-live'), 'polite');
  await record(page, '#queens-status');
  // Each Step's sentence reaches the region at once (well within the 1 s a played run waits).
  const heard = async (name) => {
    const before = await page.evaluate(() => window.__a11y.said.length);
    const position = await page.textContent('#queens .step-count');
    await button(page, 'queens', name).click();
    await page.waitForFunction((p) => document.querySelector('#queens .step-count').textContent !== p, position);
    const status = (await page.textContent('#queens-status')).trim();
    await page.waitForFunction(([s, n]) => window.__a11y.said.length > n && document.querySelector('#announcer').textContent.trim() === s, [status, before], { timeout: 400 });
  };
  for (let k = 0; k < 3; k++) await heard('Step');
  await heard('Step back');
  assert.equal((await said(page)).length, 4, 'one announcement per Step and Step back');
  assert.deepEqual(problems, []);
});

test('playing at top speed is announced at most about once a second, the latest sentence; the verdict always', async () => {
  const { page, problems } = await openPage(app, '#queens/28');
  await page.waitForFunction(() => document.querySelector('#queens-board')?.dataset.queens?.split(',').length === 28);
  // Top speed (big batches, a few frames a second on a loaded machine) and a fast speed with a
  // fresh sentence every frame: either way the region hears about one sentence a second.
  for (const slider of ['100', '70']) {
    await page.locator('#queens .playback input.speed-slider').fill(slider);
    await record(page, '#queens-status');
    await play(page, 'queens');
    await page.waitForTimeout(3500);
    await button(page, 'queens', 'Pause').click();
    const log = await page.evaluate(() => window.__a11y);
    const times = log.said.map((s) => s.at);
    assert.ok(log.statusChanges > times.length, `slider ${slider}: the sentence changed more often (${log.statusChanges}) than it was announced (${times.length})`);
    assert.ok(times.length >= 2, `slider ${slider}: the run was announced while it played (${times.length} times)`);
    // 3.5 s of play and the pause: at most one a second, plus the first at once and the last one.
    assert.ok(times.length <= 6, `slider ${slider}: at most about one announcement a second (${times.length} in 3.5 s)`);
    for (let i = 1; i < times.length - 1; i++) assert.ok(times[i] - times[i - 1] >= 950, `slider ${slider}: gap ${Math.round(times[i] - times[i - 1])} ms`);
    // Paused, the region says what the status line says now (the latest sentence, not a backlog).
    const status = (await page.textContent('#queens-status')).trim();
    await page.waitForFunction((s) => document.querySelector('#announcer').textContent.trim() === s, status, { timeout: 1500 });
    if (slider === '70') assert.ok(log.statusChanges >= 3 * times.length, `slider 70: many sentences (${log.statusChanges}) for few announcements (${times.length})`);
  }

  // A run played to its end at top speed: the verdict is announced.
  await page.goto(app.url + '#queens/8');
  await page.waitForFunction(() => document.querySelector('#queens-board')?.dataset.queens?.split(',').length === 8);
  await play(page, 'queens');
  await page.waitForFunction(() => document.querySelector('#queens-board')?.dataset.solved === 'true', null, { timeout: 20_000 });
  await page.waitForFunction(() => !/Pause/.test(document.querySelector('#queens .playback button:nth-child(2)').textContent));
  const verdict = (await page.textContent('#queens-status')).trim();
  await page.waitForFunction((s) => document.querySelector('#announcer').textContent.trim() === s, verdict, { timeout: 1500 });
  assert.deepEqual(problems, []);
});

test('every board has a role and a label that summarises it, and the label follows the board', async () => {
  const { page, problems } = await openPage(app, '#queens/6');
  await page.waitForFunction(() => document.querySelector('#queens-board')?.dataset.queens?.split(',').length === 6);
  assert.equal(await page.getAttribute('#queens-board', 'role'), 'img');
  await page.waitForFunction(() => document.querySelector('#queens-board').getAttribute('aria-label') === '6 by 6 board, no queens', null, { timeout: 1500 });
  await button(page, 'queens', 'Step').click();
  await page.waitForFunction(() => /queens at row 1 column 1/.test(document.querySelector('#queens-board').getAttribute('aria-label')), null, { timeout: 1500 });
  for (const [hash, board, role, pattern] of [
    ['#repair/8', '#repair-board', 'img', /^8 by 8 board, \d+ attacking pairs/],
    ['#race/12', '#race-repair-board', 'img', /^12 by 12 board/],
    ['#skyscrapers', '#sky-board', 'img', /Skyscrapers board, \d+ of \d+ cells filled/],
    ['#hashi', '#hashi-board', 'application', /^Hashiwokakero \d+ by \d+, \d+ islands/],
  ]) {
    await page.goto(app.url + hash);
    await page.waitForFunction(([b, p]) => new RegExp(p).test(document.querySelector(b)?.getAttribute('aria-label') ?? ''), [board, pattern.source], { timeout: 5000 });
    assert.equal(await page.getAttribute(board, 'role'), role, `${board} role`);
  }
  assert.deepEqual(problems, []);
});

test('with reduced motion asked for, nothing on the page has a transition or an animation', async () => {
  for (const hash of ['', '#queens/8', '#skyscrapers', '#hashi']) {
    const { page, problems, context } = await openPage(app, hash, { width: 1200, height: 900 }, { reducedMotion: 'reduce' });
    await page.waitForTimeout(300);
    const moving = await page.evaluate(() => {
      const out = [];
      for (const el of document.querySelectorAll('*')) {
        for (const pseudo of [null, '::before', '::after']) {
          const cs = getComputedStyle(el, pseudo);
          const dur = (v) => v.split(',').some((d) => parseFloat(d) > 0);
          if (dur(cs.transitionDuration) || (cs.animationName !== 'none' && dur(cs.animationDuration)) || cs.scrollBehavior === 'smooth') out.push(`${el.tagName.toLowerCase()}#${el.id}${pseudo ?? ''}`);
        }
      }
      return out;
    });
    assert.deepEqual(moving, [], `${hash || 'landing'}: elements with motion`);
    assert.equal(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches), true);
    assert.deepEqual(problems, []);
    await context.close();
  }
});
