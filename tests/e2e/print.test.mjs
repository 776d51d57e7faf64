// Printing (issue 32, point 4 of the issue, first half): with print media a view shows its board at
// print size (16 cm), black on white (every inked pixel grey, the page white even in dark mode), and
// its sentence; no header, tabs, banner, buttons, fields or panels.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage } from './harness.mjs';

const root = new URL('../../', import.meta.url).pathname;
const SKY = '6://2/3//4/5/2/3//////2//////3/2/2/,g6f4u';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const VIEWS = [
  { name: 'skyscrapers', link: `#skyscrapers/${encodeURIComponent(SKY)}?mode=watch&step=9`, board: '#sky-board', status: '#sky-status', ready: ['#skyscrapers .step-count', '^Step 9 of'] },
  { name: 'hashi', link: '#hashi/7x7m2:2a2c2a2?mode=watch&step=4', board: '#hashi-board', status: '#hashi-status', ready: ['#hashi .step-count', '^Step 4 of'] },
  { name: 'queens', link: '#queens/8?step=30', board: '#queens-board', status: '#queens-status', ready: ['#queens .step-count', '^Step 30 of'] },
];

/** Controls that must not print, wherever the view has them. */
const CONTROLS = ['header.site', 'nav.tabs', '#copy-link', '#embed-button', '#export-button', '.playback button', '.scrubber', '.modes button', '.zoom', 'select', 'input', 'dl.counters', 'ul.legend'];

for (const v of VIEWS) {
  test(`${v.name}: print media shows the board black on white and the sentence, and no controls`, async () => {
    const { page, problems } = await openPage(app, v.link, { width: 1200, height: 900 }, { colorScheme: 'dark' });
    // The step count says the link's step (the page's CSP allows no string evaluation).
    await page.waitForFunction(([sel, re]) => new RegExp(re).test(document.querySelector(sel)?.textContent ?? ''), v.ready, { timeout: 30_000 });
    const sentence = await page.textContent(v.status);
    await page.emulateMedia({ media: 'print' });
    // The views redraw under the print colours.
    await page.waitForFunction(() => /^#f{3}(f{3})?$/.test(getComputedStyle(document.documentElement).getPropertyValue('--bg').trim()));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    for (const sel of CONTROLS) {
      const shown = await page.$$eval(`${sel}`, (els) => els.filter((e) => e.getClientRects().length > 0).map((e) => e.outerHTML.slice(0, 80)));
      assert.deepEqual(shown, [], `${sel} does not print`);
    }
    const box = await page.locator(v.board).boundingBox();
    // 16 cm at 96 CSS px per inch.
    assert.ok(box && Math.abs(box.width - (16 / 2.54) * 96) < 2, `the board prints 16 cm wide (${box?.width} px)`);
    // Drawn finely enough for paper: at least 2 device pixels per CSS pixel (about 190 dpi).
    const backing = await page.$eval(v.board, (c) => c.width);
    assert.ok(backing >= 2 * box.width, `a fine backing store (${backing} px for ${box.width} CSS px)`);
    assert.ok(await page.locator(v.status).isVisible());
    assert.equal(await page.textContent(v.status), sentence);
    // Black on white: a white page, and every pixel the board inks is a grey.
    const ink = await page.evaluate((sel) => {
      const c = document.querySelector(sel);
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let inked = 0;
      let coloured = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (d[i + 3] === 0) continue;
        inked++;
        if (Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 10) coloured++;
      }
      return { inked, coloured, bg: getComputedStyle(document.body).backgroundColor };
    }, v.board);
    assert.equal(ink.bg, 'rgb(255, 255, 255)');
    assert.ok(ink.inked > 1000, 'the board is drawn');
    assert.equal(ink.coloured, 0, 'no colour on the printed board');
    if (v.name === 'skyscrapers') {
      await page.screenshot({ path: `${root}docs/screenshots/print-skyscrapers.png`, fullPage: true });
    }
    await page.emulateMedia({ media: 'screen' });
    assert.ok(await page.locator('nav.tabs').isVisible(), 'the screen view is back');
    // Back on screen, the board is drawn at the screen's own resolution again.
    await page.waitForFunction((sel) => document.querySelector(sel).width === Math.round(document.querySelector(sel).getBoundingClientRect().width * devicePixelRatio), v.board);
    assert.deepEqual(problems, []);
  });
}
