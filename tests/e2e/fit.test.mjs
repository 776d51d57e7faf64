// The page fits the screens it is used on: a 390 px phone (nothing widens the page, with every
// options panel open) and a 1024 x 768 projector in presenter mode (the link can still be copied,
// the race's two boards get the room, and each side's sentence is on screen).
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

test('on a 390 px phone no view is wider than the screen, options open', async () => {
  for (const path of ['#queens/8', '#repair/8', '#race/8', '#hashi', '#skyscrapers', '#experiments', '#start']) {
    const { page, problems, context } = await openPage(app, path, { width: 390, height: 844 });
    await page.waitForTimeout(800);
    // Open every options panel of the view on screen: they were what widened the page.
    await page.evaluate(() => document.querySelectorAll('section:not([hidden]) details').forEach((d) => (d.open = true)));
    await page.waitForTimeout(200);
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('section:not([hidden]) *')]
        // Inside a sideways-scrolling box (tables, a zoomed board) width is allowed.
        .filter((e) => e.offsetParent !== null && !e.closest('.table-wrap, .board-viewport, .board-wrap') && e.getBoundingClientRect().right > 391)
        .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} to ${Math.round(e.getBoundingClientRect().right)} px`),
    );
    assert.deepEqual(wide, [], `${path}: elements past the screen's edge`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, `${path}: the page scrolls sideways`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('presenter mode at 1024 x 768: the link copies, the race boards are big, the sentences show', async () => {
  const { page, problems, context } = await openPage(app, '#race/30?seed=5&step=40&present=1', { width: 1024, height: 768 });
  await page.waitForFunction(() => /^Step 40 of/.test(document.querySelector('#race .step-count')?.textContent ?? ''));
  await page.waitForTimeout(500);
  assert.equal(await page.isVisible('#copy-link'), true, 'Copy view link is there in presenter mode');
  for (const side of ['search', 'repair']) {
    const board = await page.locator(`#race-${side}-board`).boundingBox();
    assert.ok(board.width >= 380, `${side}: the board is ${Math.round(board.width)} px wide`);
    const status = await page.locator(`#race-${side}-status`).boundingBox();
    assert.ok(status.y + status.height <= 768, `${side}: its sentence is on screen (ends at ${Math.round(status.y + status.height)} px)`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('presenter mode at 1024 x 768: a 25x25 Hashiwokakero and a 9x9 Skyscrapers fit, sentence shown', async () => {
  const hashi = '25x25m2:4a4t2d1a1a2d4e4c1b3c2n2a3h4a5j5a2c1c3d1a3c3f4h2w3b6h5b4d2c5b3zh3b3zl1g2b1l5m6m3a5b2c1zn1b1c2c3j4d7c3c3a1u1n1b3a1a3a1a1l4j5b2zg2a4b3k2d6c7d4h3b5m4b3f1d4a2b2a3a2l2a4d6e6g3b3';
  const sky = '9:4/4//4/2/3/3//4/3/2//2/6/2/4////3/4////2//4///3//4/2/3//,a4_7m1a2_6i8a2d4g3b2b6_3j5a1e2g4b';
  for (const [tab, id, board, status] of [
    ['hashi', hashi, '#hashi-board', '#hashi-status'],
    ['skyscrapers', sky, '#sky-board', '#sky-status'],
  ]) {
    const { page, problems, context } = await openPage(app, `#${tab}/${encodeURIComponent(id)}?mode=watch&step=30&present=1`, { width: 1024, height: 768 });
    await page.waitForFunction((t) => /^Step 30 of/.test(document.querySelector(`#${t} .step-count`)?.textContent ?? ''), tab);
    await page.waitForTimeout(500);
    const b = await page.locator(board).boundingBox();
    assert.ok(b.y + b.height <= 768 && b.x + b.width <= 1024, `${tab}: the board ends at ${Math.round(b.x + b.width)} x ${Math.round(b.y + b.height)}`);
    const s = await page.locator(status).boundingBox();
    assert.ok(s.y + s.height <= 768, `${tab}: the sentence ends at ${Math.round(s.y + s.height)} px`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});
