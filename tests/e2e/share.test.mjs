// Share on phones (issue 32, point 5 of the issue): where the browser has navigator.share, a Share
// button shares the view's link and, where navigator.canShare accepts files, the board as a PNG;
// where it has none, the button is hidden. Headless Chromium on Linux has no share sheet, so the
// second test gives the page one that records what it was handed (the browser's part, not the
// page's), and checks what the page hands it: the address of this step, and a PNG that decodes.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage } from './harness.mjs';

const SKY = '6://2/3//4/5/2/3//////2//////3/2/2/,g6f4u';
const LINK = `#skyscrapers/${encodeURIComponent(SKY)}?mode=watch&step=5`;

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

test('Share shows only where the browser has a share sheet', async () => {
  const { page, problems } = await openPage(app, LINK);
  await page.waitForFunction(() => document.querySelector('#sky-status')?.dataset.step === '5', null, { timeout: 30_000 });
  const has = await page.evaluate(() => typeof navigator.share === 'function');
  assert.equal(await page.locator('#share-button').isVisible(), has);
  assert.deepEqual(problems, []);
});

/** A share sheet: records the data it is given (files as base64) and answers canShare for PNGs
 *  only if `files` is true. */
function shareSheet(files) {
  window.__shared = [];
  navigator.canShare = (data) => !data.files || (files && data.files.every((f) => f.type === 'image/png'));
  navigator.share = async (data) => {
    const out = { url: data.url, title: data.title, files: [] };
    for (const f of data.files ?? []) {
      const bytes = new Uint8Array(await f.arrayBuffer());
      let bin = '';
      for (const b of bytes) bin += String.fromCharCode(b);
      out.files.push({ name: f.name, type: f.type, b64: btoa(bin) });
    }
    window.__shared.push(out);
  };
}

for (const files of [true, false]) {
  test(`Share hands the share sheet this step's link${files ? ' and the board as a PNG' : ' (no files where it takes none)'}`, async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(shareSheet, files);
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(app.url + LINK);
    await page.waitForFunction(() => document.querySelector('#sky-status')?.dataset.step === '5', null, { timeout: 30_000 });
    assert.ok(await page.locator('#share-button').isVisible());
    await page.locator('#share-button').click();
    await page.waitForFunction(() => window.__shared.length === 1);
    const [shared] = await page.evaluate(() => window.__shared);
    assert.equal(shared.url, await page.evaluate(() => location.href));
    assert.equal(shared.url, `${app.url}${LINK}`);
    assert.match(shared.title, /Skyscrapers/);
    if (!files) {
      assert.deepEqual(shared.files, []);
    } else {
      assert.equal(shared.files.length, 1);
      assert.equal(shared.files[0].name, 'skyscrapers-5.png');
      const size = await page.evaluate(async (b64) => {
        const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
        return { width: bitmap.width, height: bitmap.height, css: document.querySelector('#sky-board').getBoundingClientRect().width };
      }, shared.files[0].b64);
      assert.equal(size.width, Math.round(size.css * 2));
      assert.ok(size.height > size.width, 'the sentence under the board');
    }
    assert.equal(await page.textContent('#share-status'), '');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('a share sheet refused because the tap went stale asks for a second tap, which shares the picture', async () => {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => {
    window.__shared = [];
    let calls = 0;
    navigator.canShare = () => true;
    // As a browser does when the picture took longer than the tap's user activation lasts.
    navigator.share = async (data) => {
      if (calls++ === 0) throw new DOMException('Must be handling a user gesture', 'NotAllowedError');
      window.__shared.push({ url: data.url, files: (data.files ?? []).map((f) => f.name) });
    };
  });
  const page = await context.newPage();
  await page.goto(app.url + LINK);
  await page.waitForFunction(() => document.querySelector('#sky-status')?.dataset.step === '5', null, { timeout: 30_000 });
  await page.locator('#share-button').click();
  await page.waitForFunction(() => /tap Share again/.test(document.querySelector('#share-status')?.textContent ?? ''));
  await page.locator('#share-button').click();
  await page.waitForFunction(() => window.__shared.length === 1);
  const [shared] = await page.evaluate(() => window.__shared);
  assert.equal(shared.url, `${app.url}${LINK}`);
  assert.deepEqual(shared.files, ['skyscrapers-5.png']);
  assert.equal(await page.textContent('#share-status'), '');
  await context.close();
});
