// Screenshots of every tab in light and dark, desktop (1280x800) and phone (390x844), for the README
// and for looking at what changed: `npm run build && node scripts/screenshots.mjs` writes
// docs/screenshots/<tab>-<desktop|phone>-<light|dark>.png. Each tab is caught mid-run, where the
// board, the sentence and the player all show something.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { startApp, openPage } from '../tests/e2e/harness.mjs';

const out = new URL('../docs/screenshots/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });

const click = (page, tab, name) => page.locator(`#${tab} .playback`).getByRole('button', { name, exact: true }).first().click();

// Each view folder may hold a `screenshots.mjs` with its scenes (see www/views/queens/); the
// landing view is taken as a visitor first sees it.
const views = new URL('../www/views/', import.meta.url).pathname;
const scenes = { start: { view: 'start', async run() {} } };
for (const folder of readdirSync(views).sort()) {
  const file = `${views}${folder}/screenshots.mjs`;
  if (existsSync(file)) Object.assign(scenes, (await import(file)).scenes);
}

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
    const { view } = scene;
    for (const [size, viewport, touch] of [['desktop', { width: 1280, height: 800 }, false], ['phone', { width: 390, height: 844 }, true]]) {
      for (const scheme of ['light', 'dark']) {
        const { page } = await openPage(app, `#${view}`, viewport, { colorScheme: scheme, hasTouch: touch });
        await page.waitForTimeout(500);
        await scene.run(page, { click });
        // Scroll the scene's anchor to the top (the player, with the board and the sentence below
        // it, or the board where the player sits beside it), or centre its focus; the landing
        // view is pictured from the top.
        if (scene.focus) await page.locator(scene.focus).first().evaluate((el, top) => el.scrollIntoView({ block: top ? 'start' : 'center' }), size === 'phone');
        else if (scene.anchor) await page.locator(`#${view} ${scene.anchor}`).first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
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
      await page.waitForFunction(() => [...document.querySelectorAll('.step-count')].some((e) => /^Step 60 of/.test(e.textContent)));
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
