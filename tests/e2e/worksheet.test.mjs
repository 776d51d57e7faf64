// Worksheets (issue 32, point 4): k new puzzles on printed pages, solutions on the last page. The
// worksheet's print view goes through page.pdf(); its text is read back from the PDF with pdf.js
// (pdfjs-dist, a devDependency) and held against the native CLI, the independent oracle: puzzle i's
// ID is `solvescope skyscrapers generate N --seed S+i-1 --difficulty L`'s, the solutions page
// has each puzzle's solution rows as the CLI gives them, and no button or field label is printed.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { startApp, openPage } from './harness.mjs';

const root = new URL('../../', import.meta.url).pathname;
const cli = (...args) =>
  execFileSync(`${root}target/release/solvescope`, args, { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** Each page's text, its items joined by spaces (pdf.js reads the PDF's text operators). */
async function pdfText(bytes) {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => it.str).join(' ').replace(/\s+/g, ' '));
  }
  return pages;
}

async function makeSheet(page, { prefix, size, level, seed, count, paper, givens }) {
  await page.selectOption(`#${prefix}-new-size`, size);
  await page.selectOption(`#${prefix}-new-level`, level);
  if (givens !== undefined) await page.locator(`#${prefix}-new-givens`).setChecked(givens);
  await page.fill(`#${prefix}-new-seed`, seed);
  await page.click(`#${prefix}-worksheet`);
  await page.fill(`#${prefix}-sheet-count`, String(count));
  await page.selectOption(`#${prefix}-sheet-paper`, paper);
  await page.click(`#${prefix}-sheet-make`);
  await page.waitForSelector('#worksheet', { timeout: 120_000 });
}

test('a Skyscrapers worksheet prints its puzzles with their IDs and the solutions, no controls', async () => {
  const { page, problems } = await openPage(app, '#skyscrapers');
  await page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
  const [N, LEVEL, SEED, K] = ['5', 'easy', '40', 5];
  await makeSheet(page, { prefix: 'sky', size: N, level: LEVEL, seed: SEED, count: K, paper: 'A4', givens: false });
  const expected = cli('skyscrapers', 'generate', N, '--seed', SEED, '--difficulty', LEVEL, '--count', String(K));
  assert.equal(expected.length, K);
  // Each seed alone gives the same puzzle as the count did: puzzle i is seed S + i - 1.
  assert.equal(cli('skyscrapers', 'generate', N, '--seed', String(Number(SEED) + 2), '--difficulty', LEVEL)[0].id, expected[2].id);
  assert.deepEqual(
    expected.map((e) => e.seed),
    Array.from({ length: K }, (_, i) => Number(SEED) + i),
  );

  // On screen: the print view with its Print button.
  assert.ok(await page.locator('#worksheet-print').isVisible());
  await page.screenshot({ path: `${root}docs/screenshots/worksheet-view.png` });
  // The print view as paper shows it: A4's width at 96 dpi, print media.
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `${root}docs/screenshots/worksheet-print.png`, fullPage: true });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  writeFileSync('/tmp/worksheet.pdf', pdf);
  await page.emulateMedia({ media: 'screen' });
  const pages = await pdfText(pdf);
  assert.ok(pages.length >= 2, `${pages.length} pages`);
  const body = pages.slice(0, -1).join(' ');
  const last = pages.at(-1);
  // A4: 595 x 842 points.
  const doc = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const [, , w, h] = (await doc.getPage(1)).view;
  assert.deepEqual([Math.round(w), Math.round(h)], [595, 842], 'A4 pages');

  // Without spaces: a long ID may wrap inside its narrow column, which the PDF keeps as two runs.
  const bare = (t) => t.replace(/\s+/g, '');
  for (let i = 0; i < K; i++) {
    assert.ok(bare(body).includes(`${i + 1}.${expected[i].id}`), `puzzle ${i + 1} with the CLI's ID ${expected[i].id}`);
    const rows = expected[i].solution.map((r) => r.join('')).join('');
    // The answer key: the solution's rows, then the puzzle's number and ID.
    assert.ok(bare(last).includes(`${rows}${i + 1}.${expected[i].id}`), `the solutions page has puzzle ${i + 1}'s solution as the CLI gives it: ${rows}`);
    assert.ok(!bare(body).includes(rows), `no solution of puzzle ${i + 1} before the last page`);
  }
  const puzzlesPages = pages.length - 1;
  assert.equal(puzzlesPages, 1, `${K} puzzles fit one A4 page`);
  assert.ok(last.startsWith('Solutions'), 'the last page is the solutions page');
  const everything = pages.join(' ');
  for (const word of ['Print', 'Close', 'Paper', 'Make worksheet', 'New puzzle', 'Export', 'Embed', 'Copy view link', 'Watch the solver', 'Cancel']) {
    assert.ok(!everything.includes(word), `no "${word}" in the PDF`);
  }
  // An ID reopens its puzzle.
  await page.click('#worksheet .ws-puzzle:nth-child(2) a');
  await page.waitForFunction((id) => document.querySelector('#sky-board')?.dataset.tatham === id, expected[1].id);
  assert.equal(await page.locator('#worksheet').count(), 0, 'the sheet is closed');
  assert.deepEqual(problems, []);
});

test('a Hashiwokakero worksheet on Letter paper has the CLI\'s puzzles', async () => {
  const { page, problems } = await openPage(app, '#hashi');
  await page.waitForSelector('#hashi-worksheet');
  const [SIZE, LEVEL, SEED, K] = ['7x7', 'easy', '9', 3];
  await makeSheet(page, { prefix: 'hashi', size: SIZE, level: LEVEL, seed: SEED, count: K, paper: 'Letter' });
  // The size as the generator is asked for it: Tatham's parameters after the size (m<k>, i, e, L).
  const asked = await page.evaluate(() => {
    const v = (id) => document.querySelector(id).value;
    return `m${v('#hashi-new-k')}${v('#hashi-new-density') ? `i${v('#hashi-new-density')}` : ''}${v('#hashi-new-expansion') ? `e${v('#hashi-new-expansion')}` : ''}${document.querySelector('#hashi-new-noloops').checked ? 'L' : ''}`;
  });
  const expected = cli('hashi', 'generate', SIZE + asked, '--seed', SEED, '--difficulty', LEVEL, '--count', String(K));
  const pdf = await page.pdf({ preferCSSPageSize: true });
  const pages = await pdfText(pdf);
  const doc = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const [, , w, h] = (await doc.getPage(1)).view;
  assert.deepEqual([Math.round(w), Math.round(h)], [612, 792], 'Letter pages');
  const all = pages.join(' ');
  for (let i = 0; i < K; i++) assert.ok(all.replace(/\s+/g, '').includes(`${i + 1}.${expected[i].id}`), `puzzle ${i + 1}: ${expected[i].id}`);
  // The solutions page draws each solved board: K boards after the heading.
  assert.equal(await page.locator('#worksheet .ws-solution svg').count(), K);
  await page.setViewportSize({ width: 816, height: 1056 });
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `${root}docs/screenshots/worksheet-hashi-print.png`, fullPage: true });
  assert.deepEqual(problems, []);
});

test('Cancel stops a worksheet being made and opens none', async () => {
  const { page, problems } = await openPage(app, '#hashi');
  await page.waitForSelector('#hashi-worksheet');
  const sizes = await page.$$eval('#hashi-new-size option', (os) => os.map((o) => o.value));
  await page.selectOption('#hashi-new-size', sizes.at(-1));
  await page.selectOption('#hashi-new-level', 'hard');
  await page.fill('#hashi-new-seed', '5');
  await page.click('#hashi-worksheet');
  await page.fill('#hashi-sheet-count', '12');
  await page.click('#hashi-sheet-make');
  await page.waitForFunction(() => /^Making puzzle 1 of 12/.test(document.querySelector('#hashi-sheet-status').textContent));
  assert.ok(await page.locator('#hashi-sheet-progress').isVisible());
  await page.click('#hashi-sheet-cancel');
  await page.waitForFunction(() => /^Cancelled/.test(document.querySelector('#hashi-sheet-status').textContent));
  assert.equal(await page.locator('#worksheet').count(), 0);
  assert.ok(!(await page.locator('#hashi-sheet-make').isDisabled()));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'hashi-sheet-make', 'the keyboard is back on Make worksheet');
  // Too many puzzles are refused with a sentence.
  await page.fill('#hashi-sheet-count', '13');
  await page.click('#hashi-sheet-make');
  assert.match(await page.textContent('#hashi-sheet-status'), /from 1 to 12/);
  assert.deepEqual(problems, []);
});
