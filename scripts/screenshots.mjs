// Screenshots of every tab in light and dark, desktop (1280x800) and phone (390x844), for the README
// and for looking at what changed: `npm run build && node scripts/screenshots.mjs` writes
// docs/screenshots/<tab>-<desktop|phone>-<light|dark>.png. Each tab is caught mid-run, where the
// board, the sentence and the player all show something.
import { mkdirSync } from 'node:fs';
import { startApp, openPage, hashiDrag } from '../tests/e2e/harness.mjs';

const out = new URL('../docs/screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const click = (page, tab, name) => page.locator(`#${tab} .playback`).getByRole('button', { name, exact: true }).first().click();

/** Puts each tab into a state worth a picture. */
/** Where a scene's picture starts, when not at the tab's usual place. */
const ANCHORS = {
  'queens-tree': '#queens-tree-box',
  'repair-strip': '#repair-chart',
  'skyscrapers-code': '#sky-code-box',
  'hashi-compare': '#hashi-compare-box',
  'skyscrapers-new': '#sky-new',
  'experiments-scaling': '#exp-scaling-chart',
  'experiments-trials': '#exp-trials-chart',
};

const scenes = {
  // The landing view (a visit with no address).
  async start() {},
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
  // Wrong and finished side by side, for the colour-blind check (CVD=… below): an overfull island
  // and a finished one in Hashiwokakero, a repeated digit after Check in Skyscrapers.
  async 'hashi-mistake'(page) {
    await page.evaluate(() => (location.hash = '#hashi/3x3m2:2a2c2a2?mode=play'));
    await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.mode === 'play');
    await hashiDrag(page, [0, 0], [0, 2]);
    await hashiDrag(page, [0, 0], [0, 2]);
    await hashiDrag(page, [0, 0], [2, 0]);
    await page.waitForTimeout(300);
  },
  async 'skyscrapers-mistake'(page) {
    await page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
    await page.click('#sky-mode-play');
    await page.focus('#sky-board');
    await page.keyboard.type('2');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.type('2');
    await page.click('#sky-check');
    await page.waitForTimeout(400);
  },
  // The live search tree, mid-search on 10 queens.
  async 'queens-tree'(page) {
    await page.fill('#queens-n', '10');
    await page.locator('#queens-n').dispatchEvent('change');
    await page.waitForTimeout(300);
    for (let k = 0; k < 8; k++) await click(page, 'queens', 'Next backtrack');
    await page.waitForTimeout(300);
  },
  // The move strip under the conflicts chart, stepped back to the middle of a 200-queen repair.
  async 'repair-strip'(page) {
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
  // The pseudocode with the line of a guess lit, on Tatham's 7x7 "unreasonable".
  async 'skyscrapers-code'(page) {
    await page.evaluate(() => (location.hash = '#skyscrapers/' + encodeURIComponent('7:/2/3//3/3/3/4///5//2/3//3/5///3/3//////3/,b4s1i1i1f')));
    await page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.tatham?.startsWith('7:/2/3'));
    await page.click('#sky-mode-watch');
    for (let k = 0; k < 3; k++) await click(page, 'skyscrapers', 'Next guess');
    await page.waitForTimeout(400);
  },
  // Compare techniques on one of Tatham's 15x15 "hard" Bridges.
  async 'hashi-compare'(page) {
    const id = '15x15m2:1a4a5f4d2j1d2a3i1k2e1a6g7a5f2i3b2za3b2z2c6e5j2a2d2b4a2h3d1a2c1e2a4a2b3c2a1';
    await page.evaluate((t) => (location.hash = '#hashi/' + encodeURIComponent(t)), id);
    await page.waitForFunction((t) => document.querySelector('#hashi-id')?.textContent === t, id);
    await page.click('#hashi-mode-watch');
    await page.click('#hashi-compare');
    await page.waitForFunction(() => /runs done/.test(document.querySelector('#hashi-compare-progress')?.textContent ?? ''), null, { timeout: 120_000 });
  },
  // The New puzzle control after making a 9x9 "extreme" from seed 5.
  async 'skyscrapers-new'(page) {
    await page.selectOption('#sky-new-size', '9');
    await page.selectOption('#sky-new-level', 'extreme');
    await page.fill('#sky-new-seed', '5');
    await page.click('#sky-random');
    await page.waitForFunction(() => document.querySelector('#sky-new-made')?.textContent !== '');
  },
  // The scaling experiment with its default fields (backtracking to N = 32, repair to a million).
  async 'experiments-scaling'(page) {
    await page.click('#exp-show-scaling');
    await page.click('#exp-scaling-run');
    await page.waitForFunction(() => /runs on/.test(document.querySelector('#exp-scaling-status')?.textContent ?? ''), null, { timeout: 300_000 });
  },
  // The trials with three series: the article's, greedy start and tabu 5.
  async 'experiments-trials'(page) {
    await page.click('#exp-show-trials');
    await page.check('#exp-trials-tabu');
    await page.click('#exp-trials-run');
    await page.waitForFunction(() => /runs on/.test(document.querySelector('#exp-trials-status')?.textContent ?? ''), null, { timeout: 300_000 });
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

// CVD=deuteranopia (or protanopia, tritanopia) takes the pictures through a colour-vision filter
// (Machado, Oliveira and Fernandes 2009, severity 1), written as <name>-<cvd>.png: a check that
// wrong and finished still differ by their marks, not only by hue.
const CVD = {
  deuteranopia: '0.367 0.861 -0.228 0 0  0.280 0.673 0.047 0 0  -0.012 0.043 0.969 0 0  0 0 0 1 0',
  protanopia: '0.152 1.053 -0.205 0 0  0.115 0.786 0.099 0 0  -0.004 -0.048 1.052 0 0  0 0 0 1 0',
  tritanopia: '1.256 -0.077 -0.179 0 0  -0.078 0.931 0.148 0 0  0.005 0.691 0.304 0 0  0 0 0 1 0',
};
const cvd = process.env.CVD;
if (cvd && !CVD[cvd]) throw new Error(`CVD must be one of ${Object.keys(CVD).join(', ')} (got "${cvd}")`);

const app = await startApp();
try {
  // ONLY=tab,tab… takes just those pictures.
  const only = process.env.ONLY?.split(',');
  for (const [tab, scene] of Object.entries(scenes).filter(([t]) => !only || only.includes(t))) {
    for (const [size, viewport, touch] of [['desktop', { width: 1280, height: 800 }, false], ['phone', { width: 390, height: 844 }, true]]) {
      for (const scheme of ['light', 'dark']) {
        const view = tab.replace(/-(play|count|mistake|tree|strip|code|compare|new|scaling|trials)$/, '');
        const { page } = await openPage(app, `#${view}`, viewport, { colorScheme: scheme, hasTouch: touch });
        await page.waitForTimeout(500);
        await scene(page);
        // Scroll so the player is at the top, with the board and the sentence below it (Skyscrapers
        // and Hashiwokakero keep their player beside the board: the board goes at the top there).
        // The count mode shows its own part of the tab.
        const anchor = tab.endsWith('-count') ? '.count-mode' : view === 'skyscrapers' || view === 'hashi' ? '.stage' : '.playback';
        // The landing view is pictured as a visitor first sees it, from the top.
        if (ANCHORS[tab]) await page.locator(ANCHORS[tab]).first().evaluate((el, top) => el.scrollIntoView({ block: top ? 'start' : 'center' }), size === 'phone');
        else if (view !== 'start') await page.locator(`#${view} ${anchor}`).first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await page.waitForTimeout(200);
        if (cvd) {
          await page.evaluate((values) => {
            const ns = 'http://www.w3.org/2000/svg';
            const svg = document.createElementNS(ns, 'svg');
            svg.setAttribute('width', '0');
            svg.setAttribute('height', '0');
            svg.style.position = 'absolute';
            const filter = document.createElementNS(ns, 'filter');
            filter.id = 'cvd';
            filter.setAttribute('color-interpolation-filters', 'linearRGB');
            const m = document.createElementNS(ns, 'feColorMatrix');
            m.setAttribute('type', 'matrix');
            m.setAttribute('values', values);
            filter.append(m);
            svg.append(filter);
            document.body.append(svg);
            document.documentElement.style.filter = 'url(#cvd)';
          }, CVD[cvd]);
          await page.waitForTimeout(200);
        }
        const file = `${out}${tab}-${size}-${scheme}${cvd ? `-${cvd}` : ''}.png`;
        await page.screenshot({ path: file });
        console.log(file);
        await page.close();
      }
    }
  }
  // A guided lesson at its second stop (desktop), and the same lesson in presenter mode at a
  // projector's 1024 x 768, in both schemes: lesson-desktop-<scheme>.png, presenter-1024-<scheme>.png.
  for (const [name, viewport, present] of [['lesson-desktop', { width: 1280, height: 800 }, false], ['presenter-1024', { width: 1024, height: 768 }, true]]) {
    if (only && !only.includes(name.split('-')[0])) continue;
    for (const scheme of ['light', 'dark']) {
      const { page } = await openPage(app, present ? '#start?present=1' : '', viewport, { colorScheme: scheme });
      await page.click('#lesson-blowup');
      await page.click('#lesson-next');
      await page.waitForFunction(() => /^Step 60 of/.test(document.querySelector('#queens .step-count')?.textContent ?? ''));
      await page.waitForTimeout(300);
      const file = `${out}${name}-${scheme}.png`;
      await page.screenshot({ path: file });
      console.log(file);
      await page.close();
    }
  }
} finally {
  await app.close();
}
