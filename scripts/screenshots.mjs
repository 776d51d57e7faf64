// Screenshots of every tab in light and dark, desktop (1280x800) and phone (390x844), for the README
// and for looking at what changed: `npm run build && node scripts/screenshots.mjs` writes
// docs/screenshots/<tab>-<desktop|phone>-<light|dark>.png. Each tab is caught mid-run, where the
// board, the sentence and the player all show something.
import { mkdirSync } from 'node:fs';
import { startApp, openPage } from '../tests/e2e/harness.mjs';

const out = new URL('../docs/screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const click = (page, tab, name) => page.locator(`#${tab} .playback`).getByRole('button', { name, exact: true }).first().click();

/** Puts each tab into a state worth a picture. */
const scenes = {
  async queens(page) {
    await click(page, 'queens', 'Next backtrack');
    await page.waitForTimeout(300);
  },
  async repair(page) {
    await page.fill('#repair-n', '12');
    await page.locator('#repair-n').dispatchEvent('change');
    await page.fill('#repair-seed', '3');
    await page.locator('#repair-seed').dispatchEvent('change');
    await page.waitForTimeout(400);
    for (let k = 0; k < 6; k++) await click(page, 'repair', 'Step');
  },
  async race(page) {
    await page.fill('#race-seed', '5');
    await page.locator('#race-seed').dispatchEvent('change');
    await page.waitForTimeout(400);
    for (let k = 0; k < 40; k++) await click(page, 'race', 'Step');
  },
  async hashi(page) {
    await page.waitForFunction(() => !document.querySelector('#hashi-mode-watch').disabled);
    await page.click('#hashi-mode-watch');
    await page.waitForTimeout(300);
    await click(page, 'hashi', 'Next guess');
  },
  async skyscrapers(page) {
    await page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
    await page.click('#sky-mode-watch');
    await page.waitForTimeout(300);
    for (let k = 0; k < 5; k++) await click(page, 'skyscrapers', 'Step');
  },
  // Play modes: the player's digits, pencil marks and a Check; bridges with one marked wrong.
  async 'skyscrapers-play'(page) {
    await page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
    await page.click('#sky-mode-play');
    await page.focus('#sky-board');
    await page.keyboard.type('2');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('p');
    await page.keyboard.type('134');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('13');
    await page.keyboard.press('p');
    await page.click('#sky-check');
    await page.waitForTimeout(400);
  },
  // Count mode: a few sizes with both counters in the table and plot, then N = 16 caught mid-run.
  async 'queens-count'(page) {
    await page.selectOption('#queens-mode', 'count');
    const count = async (n) => {
      const rows = await page.locator('#queens-count-table tbody tr').count();
      await page.fill('#queens-n', String(n));
      await page.locator('#queens-n').dispatchEvent('change');
      await page.click('#queens-count-run');
      await page.waitForFunction((k) => document.querySelectorAll('#queens-count-table tbody tr').length > k, rows, { timeout: 120_000 });
    };
    for (const n of [8, 10, 12, 13, 14, 15]) await count(n);
    await page.selectOption('#queens-algo', 'naive');
    for (const n of [8, 10, 11, 12]) await count(n);
    await page.selectOption('#queens-algo', 'backtrack');
    await page.fill('#queens-n', '16');
    await page.locator('#queens-n').dispatchEvent('change');
    await page.click('#queens-count-run');
    await page.waitForFunction(() => / of [\d,]+ tasks, .* left\.$/.test(document.querySelector('#queens-count-status').textContent) && !/not known/.test(document.querySelector('#queens-count-status').textContent), null, { timeout: 20_000 });
  },
  async 'hashi-play'(page) {
    await page.waitForFunction(() => !document.querySelector('#hashi-mode-play').disabled);
    await page.click('#hashi-mode-play');
    await page.click('#hashi-hint');
    await page.waitForSelector('#hashi-apply:not([hidden])');
    await page.click('#hashi-apply');
    await page.waitForTimeout(300);
    await page.click('#hashi-hint');
    await page.waitForTimeout(400);
  },
};

const app = await startApp();
try {
  // ONLY=tab,tab… takes just those pictures.
  const only = process.env.ONLY?.split(',');
  for (const [tab, scene] of Object.entries(scenes).filter(([t]) => !only || only.includes(t))) {
    for (const [size, viewport, touch] of [['desktop', { width: 1280, height: 800 }, false], ['phone', { width: 390, height: 844 }, true]]) {
      for (const scheme of ['light', 'dark']) {
        const view = tab.replace(/-(play|count)$/, '');
        const { page } = await openPage(app, `#${view}`, viewport, { colorScheme: scheme, hasTouch: touch });
        await page.waitForTimeout(500);
        await scene(page);
        // Scroll so the player is at the top, with the board and the sentence below it (Skyscrapers
        // and Hashiwokakero keep their player beside the board: the board goes at the top there).
        // The count mode shows its own part of the tab.
        const anchor = tab.endsWith('-count') ? '.count-mode' : view === 'skyscrapers' || view === 'hashi' ? '.stage' : '.playback';
        await page.locator(`#${view} ${anchor}`).first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await page.waitForTimeout(200);
        const file = `${out}${tab}-${size}-${scheme}.png`;
        await page.screenshot({ path: file });
        console.log(file);
        await page.close();
      }
    }
  }
} finally {
  await app.close();
}
