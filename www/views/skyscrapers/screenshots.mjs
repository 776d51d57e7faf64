// Screenshot scenes of Skyscrapers for scripts/screenshots.mjs (not loaded by the page): each
// puts its view into a state worth a picture. `view` is the tab opened, `anchor` what is scrolled
// to the top inside it, `focus` (optional) a part of the page to centre instead.
export const scenes = {
  'skyscrapers': {
    view: 'skyscrapers',
    anchor: '.stage',
    async run(page, { click }) {
      await page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
      await page.click('#sky-mode-watch');
      await page.waitForTimeout(300);
      for (let k = 0; k < 5; k++) await click(page, 'skyscrapers', 'Step');
    },
  },
  // Min-conflicts repair on the example, seed 4: mid-run (a move, the cells in broken rules
  // striped), and at the grid it finds after 432 moves and a restart.
  'skyscrapers-repair': {
    view: 'skyscrapers',
    anchor: '.stage',
    async run(page) {
      await page.evaluate(() => (location.hash = '#skyscrapers/' + encodeURIComponent('4://///1/3///4/////3/') + '?mode=watch&algo=repair&seed=4&step=40'));
      await page.waitForFunction(() => /^Step 40 of/.test(document.querySelector('#skyscrapers .step-count')?.textContent ?? ''));
      await page.waitForTimeout(300);
    },
  },
  'skyscrapers-repair-solved': {
    view: 'skyscrapers',
    anchor: '.stage',
    async run(page, { click }) {
      await page.evaluate(() => (location.hash = '#skyscrapers/' + encodeURIComponent('4://///1/3///4/////3/') + '?mode=watch&algo=repair&seed=4'));
      await page.waitForFunction(() => document.querySelector('#sky-algo')?.value === 'repair' && document.querySelector('#sky-board')?.dataset.mode === 'watch');
      await click(page, 'skyscrapers', 'Next solution');
      await page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.solved === 'true');
      await page.waitForTimeout(300);
    },
  },
  // Play modes: the player's digits, pencil marks and a Check; bridges with one marked wrong.
  'skyscrapers-play': {
    view: 'skyscrapers',
    anchor: '.stage',
    async run(page, { click }) {
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
  },
  'skyscrapers-mistake': {
    view: 'skyscrapers',
    anchor: '.stage',
    async run(page, { click }) {
      await page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
      await page.click('#sky-mode-play');
      await page.focus('#sky-board');
      await page.keyboard.type('2');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.type('2');
      await page.click('#sky-check');
      await page.waitForTimeout(400);
    },
  },
  // The pseudocode with the line of a guess lit, on Tatham's 7x7 "unreasonable".
  'skyscrapers-code': {
    view: 'skyscrapers',
    anchor: '.stage',
    focus: '#sky-code-box',
    async run(page, { click }) {
      await page.evaluate(() => (location.hash = '#skyscrapers/' + encodeURIComponent('7:/2/3//3/3/3/4///5//2/3//3/5///3/3//////3/,b4s1i1i1f')));
      await page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.tatham?.startsWith('7:/2/3'));
      await page.click('#sky-mode-watch');
      for (let k = 0; k < 3; k++) await click(page, 'skyscrapers', 'Next guess');
      await page.waitForTimeout(400);
    },
  },
  // The New puzzle control after making a 9x9 "extreme" from seed 5.
  'skyscrapers-new': {
    view: 'skyscrapers',
    anchor: '.stage',
    focus: '#sky-new',
    async run(page, { click }) {
      await page.selectOption('#sky-new-size', '9');
      await page.selectOption('#sky-new-level', 'extreme');
      await page.fill('#sky-new-seed', '5');
      await page.click('#sky-random');
      await page.waitForFunction(() => document.querySelector('#sky-new-made')?.textContent !== '');
    },
  },
};
