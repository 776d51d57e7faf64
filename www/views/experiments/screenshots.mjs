// Screenshot scenes of the experiments for scripts/screenshots.mjs (not loaded by the page): each
// puts its view into a state worth a picture. `view` is the tab opened, `anchor` what is scrolled
// to the top inside it, `focus` (optional) a part of the page to centre instead.
export const scenes = {
  // The scaling experiment with its default fields (backtracking to N = 32, repair to a million).
  'experiments-scaling': {
    view: 'experiments',
    anchor: '.playback',
    focus: '#exp-scaling-chart',
    async run(page, { click }) {
      await page.click('#exp-show-scaling');
      await page.click('#exp-scaling-run');
      await page.waitForFunction(() => /runs on/.test(document.querySelector('#exp-scaling-status')?.textContent ?? ''), null, { timeout: 300_000 });
    },
  },
  // The trials with three series: the article's, greedy start and tabu 5.
  'experiments-trials': {
    view: 'experiments',
    anchor: '.playback',
    focus: '#exp-trials-chart',
    async run(page, { click }) {
      await page.click('#exp-show-trials');
      await page.check('#exp-trials-tabu');
      await page.click('#exp-trials-run');
      await page.waitForFunction(() => /runs on/.test(document.querySelector('#exp-trials-status')?.textContent ?? ''), null, { timeout: 300_000 });
    },
  },
};
