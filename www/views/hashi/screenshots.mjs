// Screenshot scenes of Hashiwokakero for scripts/screenshots.mjs (not loaded by the page): each
// puts its view into a state worth a picture. `view` is the tab opened, `anchor` what is scrolled
// to the top inside it, `focus` (optional) a part of the page to centre instead.
import { hashiDrag } from '../../../tests/e2e/harness.mjs';

export const scenes = {
  'hashi': {
    view: 'hashi',
    anchor: '.stage',
    async run(page, { click }) {
      await page.waitForFunction(() => !document.querySelector('#hashi-mode-watch').disabled);
      await page.click('#hashi-mode-watch');
      await page.waitForTimeout(300);
      await click(page, 'hashi', 'Next guess');
    },
  },
  // Wrong and finished side by side, for the colour-blind check (CVD=… below): an overfull island
  // and a finished one in Hashiwokakero, a repeated digit after Check in Skyscrapers.
  'hashi-mistake': {
    view: 'hashi',
    anchor: '.stage',
    async run(page, { click }) {
      await page.evaluate(() => (location.hash = '#hashi/3x3m2:2a2c2a2?mode=play'));
      await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.mode === 'play');
      await hashiDrag(page, [0, 0], [0, 2]);
      await hashiDrag(page, [0, 0], [0, 2]);
      await hashiDrag(page, [0, 0], [2, 0]);
      await page.waitForTimeout(300);
    },
  },
  // Compare techniques on one of Tatham's 15x15 "hard" Bridges.
  'hashi-compare': {
    view: 'hashi',
    anchor: '.stage',
    focus: '#hashi-compare-box',
    async run(page, { click }) {
      const id = '15x15m2:1a4a5f4d2j1d2a3i1k2e1a6g7a5f2i3b2za3b2z2c6e5j2a2d2b4a2h3d1a2c1e2a4a2b3c2a1';
      await page.evaluate((t) => (location.hash = '#hashi/' + encodeURIComponent(t)), id);
      await page.waitForFunction((t) => document.querySelector('#hashi-id')?.textContent === t, id);
      await page.click('#hashi-mode-watch');
      await page.click('#hashi-compare');
      await page.waitForFunction(() => /runs done/.test(document.querySelector('#hashi-compare-progress')?.textContent ?? ''), null, { timeout: 120_000 });
    },
  },
  'hashi-play': {
    view: 'hashi',
    anchor: '.stage',
    async run(page, { click }) {
      await page.waitForFunction(() => !document.querySelector('#hashi-mode-play').disabled);
      await page.click('#hashi-mode-play');
      await page.click('#hashi-hint');
      await page.waitForSelector('#hashi-apply:not([hidden])');
      await page.click('#hashi-apply');
      await page.waitForTimeout(300);
      await page.click('#hashi-hint');
      await page.waitForTimeout(400);
    },
  },
};
