// Export a picture (issue 32, point 3 of the issue): the board at the current step as SVG and PNG,
// with or without the sentence and the legend. The SVG is parsed and read back as a board: its grid
// lines against N taken from the puzzle's ID, its digits and clues against the board's state at that
// step (the canvas's data attributes). The PNG is decoded in the page; at scale 1 it is the canvas
// on screen, pixel for pixel, over the page's background.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startApp, openPage } from './harness.mjs';

const root = new URL('../../', import.meta.url).pathname;
const SKY = '6://2/3//4/5/2/3//////2//////3/2/2/,g6f4u';
const N = Number(SKY.split(':')[0]);
const LINK = `#skyscrapers/${encodeURIComponent(SKY)}?mode=watch`;

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** Sets the dialog's choices, presses Download and returns the file's name and bytes. */
async function download(page, { format, scale = 2, sentence = true, legend = true }) {
  await page.locator(`#export-${format}`).check();
  await page.locator('#export-scale').selectOption(String(scale));
  await page.locator('#export-sentence').setChecked(sentence);
  await page.locator('#export-legend').setChecked(legend);
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator('#export-download').click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** The SVG read back in the page: its grid, its texts by size and place, its caption. */
function readSvg(page, text) {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror').textContent };
    const svg = doc.documentElement;
    const board = svg.querySelector('g.board');
    // The grid's frame: the widest rectangle drawn as a stroke.
    const frames = [...board.querySelectorAll('rect[fill=none]')].map((r) => ['x', 'y', 'width', 'height'].map((k) => Number(r.getAttribute(k))));
    const [x0, y0, size] = frames.sort((a, b) => b[2] - a[2])[0];
    // Stroked segments spanning the whole grid, by direction.
    let across = 0;
    let down = 0;
    for (const p of board.querySelectorAll('path[fill=none]')) {
      const pts = [...p.getAttribute('d').matchAll(/([ML])([-\d.]+) ([-\d.]+)/g)].map((m) => [m[1], Number(m[2]), Number(m[3])]);
      for (let i = 1; i < pts.length; i++) {
        if (pts[i][0] !== 'L') continue;
        const [dx, dy] = [pts[i][1] - pts[i - 1][1], pts[i][2] - pts[i - 1][2]];
        if (Math.abs(dy) < 0.01 && Math.abs(Math.abs(dx) - size) < 0.6) across++;
        if (Math.abs(dx) < 0.01 && Math.abs(Math.abs(dy) - size) < 0.6) down++;
      }
    }
    const texts = [...board.querySelectorAll('text')].map((t) => ({
      text: t.textContent,
      x: Number(t.getAttribute('x')),
      y: Number(t.getAttribute('y')),
      size: Number(/(\d+(?:\.\d+)?)px/.exec(t.getAttribute('style'))[1]),
    }));
    const caption = [...svg.querySelectorAll('g.caption text')].map((t) => t.textContent);
    return { width: Number(svg.getAttribute('width')), height: Number(svg.getAttribute('height')), x0, y0, size, across, down, texts, caption };
  }, text);
}

test('the board exports as an SVG with its grid, digits and clues, and as a PNG of the canvas', async () => {
  const { page, problems } = await openPage(app, `${LINK}&step=9`);
  await page.waitForFunction(() => document.querySelector('#sky-status')?.dataset.step === '9', null, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
  await page.locator('#export-button').click();
  assert.ok(await page.locator('#export-dialog').isVisible());
  await page.screenshot({ path: `${root}docs/screenshots/export-dialog.png` });

  // SVG, with the sentence and the legend.
  const svgFile = await download(page, { format: 'svg' });
  assert.equal(svgFile.name, 'skyscrapers-9.svg');
  const svg = await readSvg(page, svgFile.bytes.toString('utf8'));
  assert.equal(svg.error, undefined);
  assert.equal(svg.across, N + 1, 'N + 1 lines across');
  assert.equal(svg.down, N + 1, 'N + 1 lines down');
  const cell = svg.size / N;
  const grid = (await page.getAttribute('#sky-board', 'data-grid')).split('/').map((r) => r.split(',').map(Number));
  const clues = (await page.getAttribute('#sky-board', 'data-clues')).split('/').map((s) => s.split(',').map(Number));
  // Big type (at least 0.4 of a cell): a cell's digit or a clue; the pencil marks are smaller.
  const big = svg.texts.filter((t) => t.size >= cell * 0.4);
  const digits = Array.from({ length: N }, () => Array(N).fill(0));
  const ring = [Array(N).fill(0), Array(N).fill(0), Array(N).fill(0), Array(N).fill(0)];
  for (const t of big) {
    const c = Math.floor((t.x - svg.x0) / cell);
    const r = Math.floor((t.y - svg.y0) / cell);
    const v = Number(t.text);
    if (r >= 0 && r < N && c >= 0 && c < N) digits[r][c] = v;
    else if (r < 0) ring[0][c] = v;
    else if (r >= N) ring[1][c] = v;
    else if (c < 0) ring[2][r] = v;
    else ring[3][r] = v;
  }
  assert.deepEqual(digits, grid, 'the digits are the board at step 9');
  assert.deepEqual(ring, clues, 'the clues are the puzzle\'s');
  assert.ok(svg.texts.length > big.length, 'the pencil marks are there too');
  const sentence = await page.textContent('#sky-status');
  // Each legend item's words (its swatch may hold a sample digit, drawn as a swatch too).
  const legend = await page.$$eval('#skyscrapers ul.legend li', (lis) => lis.map((li) => [...li.childNodes].filter((n) => !n.classList?.contains('swatch')).map((n) => n.textContent).join('').trim()));
  const words = svg.caption.join(' ');
  assert.ok(words.startsWith(sentence), `the caption starts with the sentence: ${words}`);
  for (const item of legend) assert.ok(words.includes(item.trim()), `the caption has "${item}"`);
  assert.ok(svg.height > svg.width);

  // Without the caption, the SVG is the board alone.
  const bare = await readSvg(page, (await download(page, { format: 'svg', sentence: false, legend: false })).bytes.toString('utf8'));
  assert.equal(bare.height, bare.width);
  assert.deepEqual(bare.caption, []);

  // PNG at 2x with its caption: twice the board's CSS size, taller than wide.
  const css = await page.evaluate(() => document.querySelector('#sky-board').getBoundingClientRect().width);
  const decode = (bytes) =>
    page.evaluate(async (b64) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
      return { width: bitmap.width, height: bitmap.height };
    }, bytes.toString('base64'));
  const png2 = await download(page, { format: 'png', scale: 2 });
  assert.equal(png2.name, 'skyscrapers-9.png');
  const size2 = await decode(png2.bytes);
  assert.equal(size2.width, Math.round(css * 2));
  assert.ok(size2.height > size2.width, 'the sentence and legend under the board');

  // PNG at 1x without caption: the canvas on screen over the page's background, pixel for pixel.
  const png1 = await download(page, { format: 'png', scale: 1, sentence: false, legend: false });
  const diff = await page.evaluate(async (b64) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
    const board = document.querySelector('#sky-board');
    const w = board.width;
    const read = (draw) => {
      const c = new OffscreenCanvas(w, w);
      const x = c.getContext('2d');
      draw(x);
      return x.getImageData(0, 0, w, w).data;
    };
    const a = read((x) => x.drawImage(bitmap, 0, 0));
    const b = read((x) => {
      x.fillStyle = getComputedStyle(board).getPropertyValue('--bg').trim();
      x.fillRect(0, 0, w, w);
      x.drawImage(board, 0, 0);
    });
    let off = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > 2) off++;
    return { width: bitmap.width, height: bitmap.height, canvas: w, off };
  }, png1.bytes.toString('base64'));
  assert.equal(diff.width, diff.canvas);
  assert.equal(diff.height, diff.canvas);
  assert.equal(diff.off, 0, 'the PNG is the board on screen');
  assert.deepEqual(problems, []);
});

const HASHI = readFileSync(new URL('../fixtures/tatham-bridges.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((l) => l.split('\t'))
  .find(([level, id]) => level === 'hard' && id?.startsWith('15x15'))[1];

test('Hashiwokakero exports as an SVG with every island, its number in its cell, row by row', async () => {
  const { page, problems } = await openPage(app, `#hashi/${encodeURIComponent(HASHI)}?mode=watch&step=12`);
  await page.waitForFunction(() => /^Step 12 of/.test(document.querySelector('#hashi .step-count')?.textContent ?? ''), null, { timeout: 30_000 });
  // The board's size and islands as the page holds them, and the size again from the ID itself.
  const [w, h] = HASHI.split(/[xm:]/).map(Number);
  assert.equal(await page.getAttribute('#hashi-board', 'data-width'), String(w));
  assert.equal(await page.getAttribute('#hashi-board', 'data-height'), String(h));
  const cells = (await page.getAttribute('#hashi-board', 'data-cells')).split(',').map(Number);
  const islands = cells.map((v, i) => ({ v, r: Math.floor(i / w), c: i % w })).filter(({ v }) => v > 0 && v < 255);
  await page.locator('#export-button').click();
  const svg = await page.evaluate(
    (text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const board = doc.querySelector('g.board');
      // An island is a filled full circle: a path of two half arcs.
      const discs = [...board.querySelectorAll('path')].filter((p) => p.getAttribute('fill') !== 'none' && (p.getAttribute('d').match(/A/g) ?? []).length === 2);
      const texts = [...board.querySelectorAll('text')].map((t) => ({ v: Number(t.textContent), x: Number(t.getAttribute('x')), y: Number(t.getAttribute('y')) }));
      return { error: doc.querySelector('parsererror')?.textContent, discs: discs.length, texts, width: Number(doc.documentElement.getAttribute('width')) };
    },
    (await download(page, { format: 'svg', sentence: false, legend: false })).bytes.toString('utf8'),
  );
  assert.equal(svg.error, undefined);
  assert.equal(svg.discs, islands.length, 'one disc per island');
  assert.equal(svg.texts.length, islands.length, 'one number per island');
  // Each number lies in its island's cell, laid out as the page lays the board out (the formula
  // the harness uses to click a cell, hashiCellCenter): whole-pixel cells, centred.
  const px = svg.width;
  const margin = Math.ceil(Math.max(3, px / Math.max(w, h) / 10)) + 2;
  const cell = Math.max(4, Math.floor((px - 2 * margin) / Math.max(w, h)));
  const x0 = Math.floor((px - cell * w) / 2);
  const y0 = Math.floor((px - cell * h) / 2);
  const placed = svg.texts.map((t) => ({ v: t.v, r: Math.floor((t.y - y0) / cell), c: Math.floor((t.x - x0) / cell) })).sort((a, b) => a.r - b.r || a.c - b.c);
  assert.deepEqual(placed, islands);
  assert.deepEqual(problems, []);
});

test('a view without a board says so instead of exporting', async () => {
  const { page, problems } = await openPage(app, '#start');
  await page.locator('#export-button').click();
  assert.match(await page.textContent('#export-status'), /no board/);
  assert.ok(await page.locator('#export-download').isDisabled());
  assert.deepEqual(problems, []);
});

// The SVG is the same picture as the PNG: rasterised by the browser at the same size, it matches the
// canvas drawing to within a pixel's shift of an edge on all but 1% of the pixels, on every board
// (measured: 0.42% for Skyscrapers with its many small digits, 0.14% for Hashiwokakero, none for
// the queens boards).
const BOARDS = [
  { link: `${LINK}&step=9`, tab: 'skyscrapers', step: 9 },
  { link: `#hashi/${encodeURIComponent(HASHI)}?mode=watch&step=12`, tab: 'hashi', step: 12 },
  { link: '#queens/8?step=30', tab: 'queens', step: 30 },
  { link: '#repair/40?seed=3&step=25', tab: 'repair', step: 25 },
];
for (const b of BOARDS) {
  test(`${b.tab}: the SVG rasterised is the PNG`, async () => {
    const { page, problems } = await openPage(app, b.link);
    await page.waitForFunction(([tab, k]) => new RegExp(`^Step ${k} of`).test(document.querySelector(`#${tab} .step-count`)?.textContent ?? ''), [b.tab, b.step], { timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready);
    await page.locator('#export-button').click();
    const svg = (await download(page, { format: 'svg', sentence: false, legend: false })).bytes.toString('base64');
    const png = (await download(page, { format: 'png', scale: 1, sentence: false, legend: false })).bytes.toString('base64');
    const d = await page.evaluate(
      async ([svg, png]) => {
        const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes(png)], { type: 'image/png' }));
        const img = new Image();
        img.src = `data:image/svg+xml;base64,${svg}`;
        await img.decode();
        const read = (src) => {
          const c = new OffscreenCanvas(bitmap.width, bitmap.height);
          const x = c.getContext('2d');
          x.drawImage(src, 0, 0, bitmap.width, bitmap.height);
          return x.getImageData(0, 0, bitmap.width, bitmap.height).data;
        };
        const a = read(bitmap);
        const v = read(img);
        // A pixel differs when no pixel within one of its place in the other picture is near it
        // (text is laid out by two engines, and an edge may fall one pixel over).
        const w = bitmap.width;
        const h = bitmap.height;
        const near = (i, j) => Math.max(Math.abs(a[i] - v[j]), Math.abs(a[i + 1] - v[j + 1]), Math.abs(a[i + 2] - v[j + 2])) <= 64;
        let off = 0;
        for (let y = 0; y < h; y++) {
          for (let x = 0; x < w; x++) {
            const i = (y * w + x) * 4;
            let ok = false;
            for (let dy = -1; dy <= 1 && !ok; dy++) {
              for (let dx = -1; dx <= 1 && !ok; dx++) {
                const yy = y + dy;
                const xx = x + dx;
                if (yy >= 0 && yy < h && xx >= 0 && xx < w) ok = near(i, (yy * w + xx) * 4);
              }
            }
            if (!ok) off++;
          }
        }
        return { off, total: a.length / 4, w: bitmap.width, svgWidth: img.naturalWidth };
      },
      [svg, png],
    );
    assert.equal(d.svgWidth, d.w, 'the same size');
    assert.ok(d.off / d.total < 0.01, `${d.off} of ${d.total} pixels differ`);
    assert.deepEqual(problems, []);
  });
}

test('the race exports both boards side by side, with both sides\' sentences', async () => {
  const { page, problems } = await openPage(app, '#race/12?seed=5&step=40');
  await page.waitForFunction(() => /^Step 40 of/.test(document.querySelector('#race .step-count')?.textContent ?? ''), null, { timeout: 30_000 });
  const sentences = [await page.textContent('#race-search-status'), await page.textContent('#race-repair-status')];
  const css = await page.$$eval('#race-search-board, #race-repair-board', (cs) => cs.map((c) => c.getBoundingClientRect().width));
  await page.locator('#export-button').click();
  const file = await download(page, { format: 'svg', legend: false });
  assert.equal(file.name, 'race-40.svg');
  const svg = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror')?.textContent,
      width: Number(doc.documentElement.getAttribute('width')),
      boards: [...doc.querySelectorAll('g.board')].map((g) => ({ at: g.getAttribute('transform'), rects: g.querySelectorAll('rect').length })),
      caption: [...doc.querySelectorAll('g.caption text')].map((t) => t.textContent).join(' '),
      ids: [...doc.querySelectorAll('[id]')].map((e) => e.id),
    };
  }, file.bytes.toString('utf8'));
  assert.equal(svg.error, undefined);
  assert.equal(svg.boards.length, 2);
  assert.equal(svg.boards[0].at, null);
  assert.equal(svg.boards[1].at, `translate(${Math.round((css[0] + 16) * 100) / 100} 0)`);
  assert.equal(svg.width, Math.round((css[0] + 16 + css[1]) * 100) / 100);
  // Each board has at least its 12 x 12 squares.
  for (const b of svg.boards) assert.ok(b.rects >= 144, `${b.rects} rectangles`);
  assert.equal(new Set(svg.ids).size, svg.ids.length, 'ids are unique across the two boards');
  assert.equal(svg.caption, sentences.join(' '));
  assert.deepEqual(problems, []);
});
