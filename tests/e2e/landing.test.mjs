// The landing view (www/views/landing.ts): shown on a visit with no address, reachable again from
// the Start tab, and each demo is a plain link to an address that opens its view with its board.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startApp, openPage, notSentences } from './harness.mjs';

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const fixture = (name) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'));

/** The demo's link, read from the page (what a user would click or copy). */
async function demoHref(page, id) {
  const href = await page.getAttribute(`#${id}`, 'href');
  assert.ok(href?.startsWith('#'), `${id} links to an address of this page (${href})`);
  return decodeURIComponent(href);
}

test('a visit with no address shows the landing view: three sentences and four demos', async () => {
  const { page, problems } = await openPage(app, '');
  await page.waitForSelector('#start:not([hidden])');
  for (const tab of ['queens', 'repair', 'race', 'hashi', 'skyscrapers']) assert.equal(await page.isHidden(`#${tab}`), true, `${tab} is hidden`);
  const lede = (await page.textContent('#start .landing-lede')).trim();
  assert.equal(lede.split(/(?<=\.)\s+/).length, 3, `three sentences: ${lede}`);
  const titles = await page.locator('#start a.demo strong').allTextContents();
  assert.deepEqual(titles, ['8 queens by backtracking', 'Search vs repair at N = 50', 'A hard 9x9 Skyscrapers explained', 'A 25x25 Hashiwokakero']);
  assert.equal(await page.getAttribute('nav.tabs a[data-tab=start]', 'aria-current'), 'page');
  // A bad view name still falls back to the queens view (old links), and the Start tab leads back.
  await page.goto(app.url + '#nowhere');
  await page.waitForSelector('#queens:not([hidden])');
  await page.click('nav.tabs a[data-tab=start]');
  await page.waitForSelector('#start:not([hidden])');
  assert.equal(await page.isHidden('#queens'), true);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('"8 queens by backtracking" opens the N-Queens view on an empty 8 x 8 board', async () => {
  const { page, problems } = await openPage(app, '');
  await page.click('#demo-queens');
  await page.waitForSelector('#queens:not([hidden])');
  assert.equal(await page.inputValue('#queens-n'), '8');
  await page.waitForFunction(() => document.querySelector('#queens-board')?.dataset.queens?.split(',').length === 8);
  assert.deepEqual((await page.getAttribute('#queens-board', 'data-queens')).split(',').map(Number), Array(8).fill(-1));
  assert.deepEqual(problems, []);
});

test('"search vs repair at N = 50" opens the race with N = 50 and a fixed seed', async () => {
  const { page, problems } = await openPage(app, '');
  const href = await demoHref(page, 'demo-race');
  await page.click('#demo-race');
  await page.waitForSelector('#race:not([hidden])');
  assert.equal(await page.inputValue('#race-n'), '50');
  assert.equal(await page.inputValue('#race-seed'), new URLSearchParams(href.split('?')[1]).get('seed'));
  assert.match(await page.getAttribute('#race-repair-board', 'aria-label'), /^50 by 50 board/);
  assert.deepEqual(problems, []);
});

test('"a hard 9x9 Skyscrapers explained" opens an extreme 9x9 with one solution in watch mode', async () => {
  const { page, problems } = await openPage(app, '');
  const href = await demoHref(page, 'demo-skyscrapers');
  const id = href.slice('#skyscrapers/'.length).split('?')[0];
  const row = fixture('tatham-towers.txt').find((r) => r[2] === id);
  assert.ok(row, 'the demo is one of Tatham\'s generated puzzles (tests/fixtures/tatham-towers.txt)');
  assert.equal(row[0], '9');
  assert.ok(['extreme', 'unreasonable'].includes(row[1]), `difficulty ${row[1]}`);
  await page.click('#demo-skyscrapers');
  await page.waitForSelector('#skyscrapers:not([hidden])');
  await page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.mode === 'watch');
  assert.equal(await page.getAttribute('#sky-board', 'data-n'), '9');
  // The clues on screen are the fixture's: the ID's part before ',' lists them in slash order.
  const clues = (await page.getAttribute('#sky-board', 'data-clues')).split('/').flatMap((s) => s.split(','));
  assert.deepEqual(clues.map((c) => (c === '0' ? '' : c)), id.slice(2).split(',')[0].split('/'));
  assert.deepEqual(problems, []);
});

test('"a 25x25 Hashiwokakero" opens a 25 x 25 puzzle with one solution in watch mode', async () => {
  const { page, problems } = await openPage(app, '');
  const href = await demoHref(page, 'demo-hashi');
  const id = href.slice('#hashi/'.length).split('?')[0];
  const row = fixture('tatham-bridges.txt').find((r) => r[1] === id);
  assert.ok(row, 'the demo is one of Tatham\'s puzzles (tests/fixtures/tatham-bridges.txt)');
  await page.click('#demo-hashi');
  await page.waitForSelector('#hashi:not([hidden])');
  await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.mode === 'watch');
  assert.equal(await page.getAttribute('#hashi-board', 'data-width'), '25');
  assert.equal(await page.getAttribute('#hashi-board', 'data-height'), '25');
  // Every digit of a Bridges ID is one island (letters are runs of water).
  const islands = (await page.getAttribute('#hashi-board', 'data-cells')).split(',').filter((v) => v !== '0' && v !== '255').length;
  assert.equal(islands, id.split(':')[1].replace(/[^0-9]/g, '').length);
  assert.deepEqual(problems, []);
});

test('a demo link opened directly (shared) shows the same view', async () => {
  const { page } = await openPage(app, '');
  const href = await page.getAttribute('#demo-skyscrapers', 'href');
  const { page: other, problems } = await openPage(app, href);
  await other.waitForFunction(() => document.querySelector('#sky-board')?.dataset.mode === 'watch');
  assert.equal(await other.isHidden('#start'), true);
  assert.equal(await other.getAttribute('#sky-board', 'data-n'), '9');
  assert.deepEqual(problems, []);
});
