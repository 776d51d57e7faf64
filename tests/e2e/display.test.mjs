// Display faults seen in screenshots (issue 28, "What you see is the run at this step"): each test
// measures what is drawn (boxes against their container and the screen, label boxes against each
// other, the tree's pixels) at the sizes the page is used at: a 1280 x 800 screen, a 1024 x 768
// projector in presenter mode and a 390 x 844 phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startApp, openPage } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const hashiHard = readFileSync(new URL('../fixtures/tatham-bridges.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((l) => l.split('\t'))
  .find(([level, id]) => level === 'hard' && id?.startsWith('15x15'))[1];

/** The parts of the compare table past its box's right edge or the screen's, and how wide the
 *  table and the page are against their boxes. */
async function compareFit(page) {
  return page.evaluate(() => {
    const wrap = document.querySelector('#hashi-compare-box .table-wrap');
    const table = document.querySelector('#hashi-compare-table');
    const right = Math.min(wrap.getBoundingClientRect().right, window.innerWidth);
    const cut = [...table.querySelectorAll('th, td')]
      .filter((c) => c.getBoundingClientRect().right > right + 0.5)
      .map((c) => `${c.textContent || c.className} ends at ${Math.round(c.getBoundingClientRect().right)} px, past ${Math.round(right)}`);
    return {
      cut,
      tableWidth: table.scrollWidth,
      wrapWidth: wrap.clientWidth,
      wrapRight: wrap.getBoundingClientRect().right,
      pageWidth: document.documentElement.scrollWidth,
    };
  });
}

test('the technique comparison fits at 1280 x 800 and at 1024 x 768 presenter, and scrolls only in its own box on a phone', async () => {
  const { page, problems, context } = await openPage(app, `#hashi/${encodeURIComponent(hashiHard)}?mode=watch`, { width: 1280, height: 800 });
  await page.waitForFunction((t) => document.querySelector('#hashi-id')?.textContent === t, hashiHard);
  await page.click('#hashi-compare');
  await page.waitForFunction(() => /runs done\./.test(document.querySelector('#hashi-compare-progress')?.textContent ?? ''), null, { timeout: 120_000 });

  await page.waitForTimeout(200);
  let fit = await compareFit(page);
  assert.deepEqual(fit.cut, [], '1280 x 800: cells past the table\'s box');
  assert.ok(fit.tableWidth <= fit.wrapWidth, `1280 x 800: the table (${fit.tableWidth} px) fits its box (${fit.wrapWidth} px) without scrolling`);

  // The projector: the table has been made, presenter mode is switched on (F2 or its button).
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.click('#presenter-toggle');
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('presenter')), true);
  fit = await compareFit(page);
  assert.deepEqual(fit.cut, [], '1024 x 768 presenter: cells past the table\'s box');
  assert.ok(fit.tableWidth <= fit.wrapWidth, `1024 x 768 presenter: the table (${fit.tableWidth} px) fits its box (${fit.wrapWidth} px) without scrolling`);
  assert.equal(fit.pageWidth, 1024, '1024 x 768 presenter: the page does not scroll sideways');

  // A phone: the table may scroll inside its own box, but the box and the page stay on screen.
  await page.click('#presenter-toggle');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  fit = await compareFit(page);
  assert.ok(fit.wrapRight <= 390, `390 px phone: the table's box ends at ${fit.wrapRight} px`);
  assert.equal(fit.pageWidth, 390, '390 px phone: the page does not scroll sideways');
  assert.deepEqual(problems, []);
  await context.close();
});

/** The tree's labels as drawn: their boxes (CSS pixels, from the canvas), with the number of
 *  path-coloured and ink-coloured pixels inside each, read back from the canvas itself. */
async function treeLabels(page, prefix) {
  return page.evaluate((p) => {
    const canvas = document.querySelector(`#${p}-tree`);
    const boxes = JSON.parse(canvas.dataset.labels ?? '[]');
    const g = canvas.getContext('2d');
    const scale = canvas.width / canvas.clientWidth;
    const rgb = (name) => {
      // The computed colour of a custom property, as the canvas paints it.
      const probe = document.createElement('span');
      probe.style.color = getComputedStyle(canvas).getPropertyValue(name);
      document.body.append(probe);
      const c = getComputedStyle(probe).color.match(/\d+/g).map(Number);
      probe.remove();
      return c;
    };
    const accent = rgb('--accent');
    const ink = rgb('--fg');
    const near = (d, i, c, tol) => Math.abs(d[i] - c[0]) <= tol && Math.abs(d[i + 1] - c[1]) <= tol && Math.abs(d[i + 2] - c[2]) <= tol && d[i + 3] > 200;
    return {
      width: canvas.clientWidth,
      height: canvas.clientHeight,
      nodes: Number(canvas.dataset.nodes),
      labels: boxes.map(([x, y, w, h]) => {
        const px = Math.max(0, Math.floor(x * scale));
        const py = Math.max(0, Math.floor(y * scale));
        const pw = Math.max(1, Math.min(canvas.width - px, Math.ceil(w * scale)));
        const ph = Math.max(1, Math.min(canvas.height - py, Math.ceil(h * scale)));
        const d = g.getImageData(px, py, pw, ph).data;
        let path = 0;
        let text = 0;
        for (let i = 0; i < d.length; i += 4) {
          if (near(d, i, accent, 24)) path++;
          if (near(d, i, ink, 60)) text++;
        }
        return { x, y, w, h, path, text };
      }),
    };
  }, prefix);
}

/** Runs in the page before the app: records every text drawn on a search-tree canvas since its
 *  last full clear, with the box of its ink as the browser measures it (device pixels through the
 *  transform in force). It reads what was painted, not the placement code's own boxes. */
function recordTreeText() {
  const proto = CanvasRenderingContext2D.prototype;
  const fill = proto.fillText;
  const clear = proto.clearRect;
  const mine = (g) => g.canvas.id?.endsWith('-tree');
  window.__treeText = {};
  proto.clearRect = function (x, y, w, h) {
    if (mine(this) && w >= this.canvas.clientWidth) window.__treeText[this.canvas.id] = [];
    return clear.call(this, x, y, w, h);
  };
  proto.fillText = function (text, x, y, ...rest) {
    if (mine(this)) {
      const m = this.measureText(text);
      const t = this.getTransform();
      const a = t.transformPoint(new DOMPoint(x - m.actualBoundingBoxLeft, y - m.actualBoundingBoxAscent));
      const b = t.transformPoint(new DOMPoint(x + m.actualBoundingBoxRight, y + m.actualBoundingBoxDescent));
      const dpr = this.canvas.width / this.canvas.clientWidth;
      (window.__treeText[this.canvas.id] ??= []).push({ text, x: a.x / dpr, y: a.y / dpr, w: (b.x - a.x) / dpr, h: (b.y - a.y) / dpr });
    }
    return fill.call(this, text, x, y, ...rest);
  };
}

/** The texts drawn on the tree now, as recorded by recordTreeText. */
const drawnTexts = (page, prefix) => page.evaluate((id) => window.__treeText[id] ?? [], `${prefix}-tree`);

const overlapping = (labels) => {
  const out = [];
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++) {
      const [a, b] = [labels[i], labels[j]];
      if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h) out.push(`labels ${i} and ${j} overlap: ${JSON.stringify([a.x, a.y, a.w, a.h])} and ${JSON.stringify([b.x, b.y, b.w, b.h])}`);
    }
  return out;
};

test('N-Queens on a 390 px phone: the search tree\'s labels keep off each other and off the path', async () => {
  for (const step of [12, 24, 36, 48]) {
    const { page, problems, context } = await openPage(app, `#queens/8?step=${step}`, { width: 390, height: 844 }, { colorScheme: 'dark', init: recordTreeText });
    await page.waitForFunction((s) => document.querySelector('#queens .step-count')?.textContent.startsWith(`Step ${s} `), step);
    // The tree says which step's picture it has painted: measure only once it is this one.
    await page.waitForSelector(`#queens-tree[data-painted="${step}"]`);
    const tree = await treeLabels(page, 'queens');
    assert.ok(tree.nodes > 4 && tree.nodes <= 48, `step ${step}: a labelled tree (${tree.nodes} nodes)`);
    assert.ok(tree.labels.length >= 3, `step ${step}: labels are drawn (${tree.labels.length})`);
    assert.deepEqual(overlapping(tree.labels), [], `step ${step}`);
    // The same, from what was painted: the ink of every text drawn on the tree, measured apart.
    const texts = await drawnTexts(page, 'queens');
    assert.equal(texts.length, tree.labels.length, `step ${step}: every label drawn is a text painted`);
    assert.deepEqual(overlapping(texts), [], `step ${step}: painted texts`);
    for (const [k, l] of tree.labels.entries()) {
      assert.equal(l.path, 0, `step ${step}: label ${k} at ${JSON.stringify([l.x, l.y, l.w, l.h])} has ${l.path} pixels of the path in it`);
      assert.ok(l.text > 0, `step ${step}: label ${k} is written where its box says`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('Hashiwokakero: the search tree\'s labels lie inside the drawing at every size', async () => {
  for (const [size, present] of [
    [{ width: 1280, height: 800 }, false],
    [{ width: 1024, height: 768 }, true],
    [{ width: 390, height: 844 }, false],
  ]) {
    for (const step of [60, 120]) {
      const { page, problems, context } = await openPage(app, `#hashi/${encodeURIComponent(hashiHard)}?mode=watch&step=${step}&opts=degree:off${present ? '&present=1' : ''}`, size, { init: recordTreeText });
      await page.waitForFunction((s) => document.querySelector('#hashi .step-count')?.textContent.startsWith(`Step ${s} `), step);
      await page.waitForSelector(`#hashi-tree[data-painted="${step}"]`);
      const tree = await treeLabels(page, 'hashi');
      const where = `${size.width} x ${size.height}${present ? ' presenter' : ''}, step ${step}`;
      assert.ok(tree.nodes > 1 && tree.nodes <= 48, `${where}: a labelled tree (${tree.nodes} nodes)`);
      assert.ok(tree.labels.length >= 1, `${where}: labels are drawn`);
      for (const l of tree.labels) {
        assert.ok(l.x >= 0 && l.y >= 0 && l.x + l.w <= tree.width && l.y + l.h <= tree.height, `${where}: a label at ${JSON.stringify([l.x, l.y, l.w, l.h])} runs out of the ${tree.width} x ${tree.height} drawing`);
      }
      assert.deepEqual(overlapping(tree.labels), [], where);
      const texts = await drawnTexts(page, 'hashi');
      assert.ok(texts.length >= 1, `${where}: texts are painted`);
      assert.deepEqual(overlapping(texts), [], `${where}: painted texts`);
      for (const l of texts) {
        assert.ok(l.x >= 0 && l.y >= 0 && l.x + l.w <= tree.width && l.y + l.h <= tree.height, `${where}: "${l.text}" painted at ${JSON.stringify([l.x, l.y, l.w, l.h])} runs out of the ${tree.width} x ${tree.height} drawing`);
      }
      assert.deepEqual(problems, []);
      await context.close();
    }
  }
});

test('Skyscrapers Play: the status line\'s text starts at its column\'s edge, as the board and panels do', async () => {
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const { page, problems, context } = await openPage(app, '#skyscrapers?mode=play', size);
    await page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.mode === 'play' || /Fill in/.test(document.querySelector('#sky-status')?.textContent ?? ''));
    await page.waitForFunction(() => (document.querySelector('#sky-status')?.textContent ?? '').length > 0);
    const at = await page.evaluate(() => {
      const status = document.querySelector('#sky-status');
      const range = document.createRange();
      range.selectNodeContents(status);
      const text = range.getBoundingClientRect().left;
      // The column: the side column beside the board, or on a phone (where the side's parts join
      // the stage's one column) the stage itself.
      const side = status.closest('.side');
      const column = getComputedStyle(side).display === 'contents' ? status.closest('.stage') : side;
      const others = [...column.querySelectorAll('dl.counters, .board-wrap, .playback, .params')].filter((e) => e.offsetParent !== null).map((e) => e.getBoundingClientRect().left);
      return { text, column: column.getBoundingClientRect().left, others };
    });
    assert.ok(Math.abs(at.text - at.column) <= 1, `${size.width} px: the text starts ${Math.round(at.text - at.column)} px from its column's edge`);
    for (const left of at.others) assert.ok(Math.abs(at.text - left) <= 1, `${size.width} px: the text starts ${Math.round(at.text - left)} px from a panel's edge`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});
