// Screenshot scenes of N-Queens, repair and the race for scripts/screenshots.mjs (not loaded by the page): each
// puts its view into a state worth a picture. `view` is the tab opened, `anchor` what is scrolled
// to the top inside it, `focus` (optional) a part of the page to centre instead.
export const scenes = {
  'queens': {
    view: 'queens',
    anchor: '.playback',
    async run(page, { click }) {
      await click(page, 'queens', 'Next backtrack');
      await page.waitForTimeout(300);
    },
  },
  'repair': {
    view: 'repair',
    anchor: '.playback',
    async run(page, { click }) {
      await page.fill('#repair-n', '12');
      await page.locator('#repair-n').dispatchEvent('change');
      await page.fill('#repair-seed', '3');
      await page.locator('#repair-seed').dispatchEvent('change');
      await page.waitForTimeout(400);
      for (let k = 0; k < 6; k++) await click(page, 'repair', 'Step');
    },
  },
  'race': {
    view: 'race',
    anchor: '.playback',
    async run(page, { click }) {
      await page.fill('#race-seed', '5');
      await page.locator('#race-seed').dispatchEvent('change');
      await page.waitForTimeout(400);
      for (let k = 0; k < 40; k++) await click(page, 'race', 'Step');
    },
  },
  // Count mode: a few sizes with both counters in the table and plot, then N = 16 caught mid-run.
  'queens-count': {
    view: 'queens',
    anchor: '.count-mode',
    async run(page, { click }) {
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
  },
  // The live search tree, mid-search on 10 queens.
  'queens-tree': {
    view: 'queens',
    anchor: '.playback',
    focus: '#queens-tree-box',
    async run(page, { click }) {
      await page.fill('#queens-n', '10');
      await page.locator('#queens-n').dispatchEvent('change');
      await page.waitForTimeout(300);
      for (let k = 0; k < 8; k++) await click(page, 'queens', 'Next backtrack');
      await page.waitForTimeout(300);
    },
  },
  // The move strip under the conflicts chart, stepped back to the middle of a 200-queen repair.
  'repair-strip': {
    view: 'repair',
    anchor: '.playback',
    focus: '#repair-chart',
    async run(page, { click }) {
      await page.fill('#repair-n', '200');
      await page.locator('#repair-n').dispatchEvent('change');
      await page.fill('#repair-seed', '3');
      await page.locator('#repair-seed').dispatchEvent('change');
      await page.waitForTimeout(400);
      await click(page, 'repair', 'Next solution');
      await page.waitForTimeout(800);
      const box = await page.locator('#repair-strip').boundingBox();
      await page.mouse.click(box.x + 0.45 * box.width, box.y + box.height / 2);
      await page.waitForTimeout(300);
    },
  },
};
