// The built package in headless Chromium, outside Solvescope's own page: a plain page that imports
// it by name, the same page's module worker, and the web example from examples/web.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser } from '../e2e/harness.mjs';
import { checkSky } from '../e2e/sky-oracle.mjs';
import { serve } from './serve.mjs';
import { towers } from './fixtures.mjs';
import { input, verify } from './verify.mjs';

const root = new URL('../../', import.meta.url).pathname;
let server;
let browser;
before(async () => {
  server = await serve(root);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  await page.goto(server.url + path);
  return { page, problems };
}

test('the public API in a browser page and in a module worker', async () => {
  const { page, problems } = await open('tests/package/page.html');
  await page.waitForSelector('body[data-ready=yes]', { state: 'attached', timeout: 30_000 });
  verify(await page.evaluate((i) => window.runTour(i), input));
  verify(await page.evaluate((i) => window.runTourInWorker(i), input));
  assert.deepEqual(problems, []);
});

test('the web example solves its Skyscrapers puzzle, and then one typed in', async () => {
  const { page, problems } = await open('examples/web/index.html');
  const verdict = page.locator('#verdict');
  await page.waitForSelector('#verdict[data-verdict]', { timeout: 30_000 });
  const readBoard = () => page.$$eval('#board tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => Number(td.textContent) || 0)));

  // The example's own puzzle is a Tatham fixture (with givens): Tatham's solution, inside the clues.
  const example = await page.inputValue('#puzzle');
  const fixture = towers.find((t) => t.id === example);
  assert.ok(fixture, 'the example starts with a fixture puzzle');
  assert.equal(await verdict.getAttribute('data-verdict'), 'unique');
  const board = await readBoard();
  const n = fixture.n;
  assert.deepEqual(board.slice(1, n + 1).map((row) => row.slice(1, n + 1)), fixture.solution);

  // Another puzzle typed in: the clues drawn around the grid, and the grid right by the rules.
  const other = towers.find((t) => t.n === 6 && !t.id.includes(',')) ?? towers.at(-1);
  await page.fill('#puzzle', other.id);
  await page.click('#solve');
  await page.waitForFunction((k) => document.querySelectorAll('#board tr').length === k, other.n + 2);
  const b = await readBoard();
  const m = other.n;
  const grid = b.slice(1, m + 1).map((row) => row.slice(1, m + 1));
  const clues = [b[0].slice(1, m + 1), b[m + 1].slice(1, m + 1), b.slice(1, m + 1).map((r) => r[0]), b.slice(1, m + 1).map((r) => r[m + 1])];
  assert.equal(checkSky(m, clues, grid), null);
  assert.deepEqual(grid, other.solution);

  // A mistake is a sentence on the page, not an exception.
  await page.fill('#puzzle', '4:9/9/9');
  await page.click('#solve');
  await page.waitForSelector('#verdict[data-verdict=error]');
  assert.match(await verdict.textContent(), /^[A-Z].*\.$/);
  assert.deepEqual(problems, []);
});
