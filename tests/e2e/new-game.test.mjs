// The New puzzle control of the Skyscrapers and Hashiwokakero editors, at the largest size each
// offers: the puzzle made in the page is the one the native CLI makes from the same size, level
// and seed; it has exactly one solution (the page's Solve says unique, and the grid or bridges pass
// the checkers written here); Cancel stops a generation without touching the board; a bad seed
// gets a sentence.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startApp, openPage, notSentences } from './harness.mjs';
import { checkSky, tathamClues, tathamGivens } from './sky-oracle.mjs';
import { checkHashi, parseBridges } from './hashi-oracle.mjs';

const CLI = new URL('../../target/release/solvescope', import.meta.url).pathname;

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** What the native CLI generates for these arguments (its JSON line). */
function cli(...args) {
  assert.ok(existsSync(CLI), `${CLI} is missing: npm test builds it (cargo test --release), or run cargo build --release`);
  return JSON.parse(execFileSync(CLI, args, { encoding: 'utf8' }).trim().split('\n')[0]);
}

async function lastOption(page, select) {
  return page.$eval(select, (s) => s.options[s.options.length - 1].value);
}

test('Skyscrapers: New at the largest size and the hardest level is the CLI puzzle for the seed, unique and solved correctly', async () => {
  const { page, problems } = await openPage(app, '#skyscrapers');
  page.on('dialog', (d) => void d.accept());
  await page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
  const size = await lastOption(page, '#sky-new-size');
  const levels = await page.$$eval('#sky-new-level option', (os) => os.map((o) => o.value).filter(Boolean));
  assert.deepEqual(levels, ['easy', 'hard', 'extreme', 'unreasonable'], 'the levels the generator takes');
  for (const [level, seed] of [['unreasonable', '11'], ['easy', '12']]) {
    await page.selectOption('#sky-new-size', size);
    await page.selectOption('#sky-new-level', level);
    await page.check('#sky-new-givens');
    await page.fill('#sky-new-seed', seed);
    await page.click('#sky-random');
    // The line under the control names the puzzle made (each seed here once).
    await page.waitForFunction((t) => document.querySelector('#sky-new-made').textContent.includes(t), `(seed ${seed}). Made in`, { timeout: 60_000 });
    const id = (await page.textContent('#sky-new-made')).replace(/^.*: /, '');
    assert.equal(await page.getAttribute('#sky-board', 'data-tatham'), id, 'the board holds the puzzle made');
    const native = cli('skyscrapers', 'generate', size, '--seed', seed, '--difficulty', level, '--givens');
    assert.equal(id, native.id, `the page and the CLI make the same ${size}x${size} ${level} puzzle from seed ${seed}`);
    const made = await page.textContent('#sky-new-made');
    assert.match(made, new RegExp(`^A new ${size} × ${size} ${level} puzzle with exactly one solution \\(seed ${seed}\\)\\. Made in \\d+\\.\\d\\d s: `), made);
    assert.ok(made.includes(id), 'the ID of the puzzle made is shown');
    assert.equal(await page.textContent('#sky-new-progress'), '', 'no progress left once it is made');
    assert.equal(await page.isHidden('#sky-new-cancel'), true);

    await page.click('#sky-mode-watch');
    await page.click('#skyscrapers .playback >> text=Solve');
    await page.waitForFunction(() => document.querySelector('#sky-board').dataset.verdict !== '', null, { timeout: 60_000 });
    assert.equal(await page.getAttribute('#sky-board', 'data-verdict'), 'unique');
    const n = Number(size);
    const grid = (await page.getAttribute('#sky-board', 'data-grid')).split('/').map((r) => r.split(',').map(Number));
    assert.equal(checkSky(n, tathamClues(id.replace(/,.*$/, '')).clues, grid), null, `${id}: ${JSON.stringify(grid)}`);
    tathamGivens(id).forEach((g, i) => {
      if (g) assert.equal(grid[Math.floor(i / n)][i % n], g, `given ${g} at cell ${i} of ${id} is kept`);
    });
    await page.click('#sky-mode-edit');
  }
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('Skyscrapers: Cancel stops a generation at once and leaves the board and its solver as they were', async () => {
  const { page, problems } = await openPage(app, '#skyscrapers');
  await page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
  const start = await page.getAttribute('#sky-board', 'data-tatham');
  // The slowest request there is: the largest size (16 × 16), the hardest level, with givens
  // (seconds natively, see BENCHMARKS.md), so Cancel is pressed mid-run.
  await page.selectOption('#sky-new-size', await lastOption(page, '#sky-new-size'));
  await page.selectOption('#sky-new-level', 'unreasonable');
  await page.check('#sky-new-givens');
  await page.click('#sky-random');
  await page.waitForSelector('#sky-new-cancel:not([hidden])');
  assert.match(await page.textContent('#sky-new-progress'), /^Making a \d+ × \d+ unreasonable puzzle… \d+\.\d s$/);
  await page.click('#sky-new-cancel');
  await page.waitForFunction(() => document.querySelector('#sky-status')?.textContent.startsWith('Cancelled'));
  assert.equal(await page.getAttribute('#sky-board', 'data-tatham'), start, 'the board is as it was');
  assert.equal(await page.isDisabled('#sky-random'), false);
  assert.equal(await page.isHidden('#sky-new-cancel'), true);
  assert.equal(await page.textContent('#sky-new-progress'), '');
  assert.equal(await page.isHidden('#sky-error'), true, 'a cancel is not an error');
  // The board's own worker was not the one stopped: Solve still works on the same puzzle.
  await page.click('#sky-mode-watch');
  await page.click('#skyscrapers .playback >> text=Solve');
  await page.waitForFunction(() => document.querySelector('#sky-board').dataset.verdict === 'unique');
  assert.deepEqual(problems, []);
});

test('Skyscrapers: a clue-only level at the largest size is refused with a sentence naming size and level', async () => {
  const { page, problems } = await openPage(app, '#skyscrapers');
  await page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
  const before = await page.getAttribute('#sky-board', 'data-tatham');
  const size = await lastOption(page, '#sky-new-size');
  await page.selectOption('#sky-new-size', size);
  await page.selectOption('#sky-new-level', 'hard');
  await page.uncheck('#sky-new-givens');
  await page.click('#sky-random');
  await page.waitForSelector('#sky-error:not([hidden])');
  const said = await page.textContent('#sky-error');
  assert.ok(said.includes(`no ${size}x${size} hard puzzles with clues only`) && said.includes('--givens'), said);
  assert.equal(await page.getAttribute('#sky-board', 'data-tatham'), before, 'the board is as it was');
  assert.equal(await page.isDisabled('#sky-random'), false);
  assert.deepEqual(problems, []);
});

test('Skyscrapers: a seed that is not a whole number is refused with a sentence, and the board stays', async () => {
  const { page, problems } = await openPage(app, '#skyscrapers');
  await page.waitForFunction(() => (document.querySelector('#sky-board')?.dataset.tatham ?? '') !== '');
  const before = await page.getAttribute('#sky-board', 'data-tatham');
  for (const bad of ['12abc', '-3', '1e9', '99999999999999999999']) {
    await page.fill('#sky-new-seed', bad);
    await page.click('#sky-random');
    await page.waitForSelector('#sky-error:not([hidden])');
    assert.match(await page.textContent('#sky-error'), /The seed must be a whole number from 0 to \d+, got "/);
  }
  assert.equal(await page.getAttribute('#sky-board', 'data-tatham'), before);
  assert.deepEqual(problems, []);
});

test('Hashiwokakero: New at the largest size is the CLI puzzle for the seed, unique and solved correctly', async () => {
  const { page, problems } = await openPage(app, '#hashi');
  await page.waitForFunction(() => (document.querySelector('#hashi-id')?.textContent ?? '—') !== '—');
  const size = await lastOption(page, '#hashi-new-size');

  // Then one from a seed, compared with the CLI and solved.
  await page.selectOption('#hashi-new-size', size);
  await page.fill('#hashi-new-seed', '7');
  await page.click('#hashi-random');
  // The line under the control names the puzzle made; the board's ID follows once it is laid out.
  await page.waitForFunction(() => document.querySelector('#hashi-new-made')?.textContent !== '', null, { timeout: 60_000 });
  const id = (await page.textContent('#hashi-new-made')).replace(/^.*: /, '');
  await page.waitForFunction((t) => document.querySelector('#hashi-id')?.textContent === t, id);
  assert.equal(id, cli('hashi', 'generate', size, '--seed', '7').id, `the page and the CLI make the same ${size} puzzle from seed 7`);
  assert.match(await page.textContent('#hashi-new-made'), /\(seed 7\).*\. Made in/);
  await page.click('#hashi-mode-watch');
  await page.locator('#hashi').getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.verdict === 'unique', null, { timeout: 60_000 });
  const [, w, hh, k] = /^(\d+)x(\d+)m(\d)/.exec(id).map(Number);
  const cells = (await page.getAttribute('#hashi-board', 'data-cells')).split(',').map(Number);
  assert.equal(checkHashi(w, hh, cells, k, parseBridges(await page.getAttribute('#hashi-board', 'data-bridges'))), null);

  // And one graded hard at the same size (the levels come from the registry).
  const levels = await page.$$eval('#hashi-new-level option', (os) => os.map((o) => o.value).filter(Boolean));
  assert.deepEqual(levels, ['easy', 'medium', 'hard']);
  await page.click('#hashi-mode-edit');
  await page.selectOption('#hashi-new-size', size);
  await page.selectOption('#hashi-new-level', 'hard');
  await page.fill('#hashi-new-seed', '3');
  await page.click('#hashi-random');
  await page.waitForFunction(() => /hard puzzle with exactly one solution \(seed 3\).*\. Made in/.test(document.querySelector('#hashi-new-made')?.textContent ?? ''), null, { timeout: 60_000 });
  const hard = (await page.textContent('#hashi-new-made')).replace(/^.*: /, '');
  assert.equal(hard, cli('hashi', 'generate', size, '--seed', '3', '--difficulty', 'hard').id, `the page and the CLI make the same ${size} hard puzzle from seed 3`);
  await page.waitForFunction((t) => document.querySelector('#hashi-id')?.textContent === t, hard);
  await page.click('#hashi-mode-watch');
  await page.locator('#hashi').getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.verdict === 'unique', null, { timeout: 60_000 });
  const cells2 = (await page.getAttribute('#hashi-board', 'data-cells')).split(',').map(Number);
  assert.equal(checkHashi(w, hh, cells2, k, parseBridges(await page.getAttribute('#hashi-board', 'data-bridges'))), null);
  // The editor's rules go to the generator: 3 bridges per pair and no loops.
  await page.click('#hashi-mode-edit');
  await page.selectOption('#hashi-k', '3');
  await page.check('#hashi-noloops');
  await page.selectOption('#hashi-new-size', '15x15');
  await page.fill('#hashi-new-seed', '5');
  await page.click('#hashi-random');
  await page.waitForFunction(() => /15 × 15 hard puzzle with exactly one solution \(seed 5\).*\. Made in/.test(document.querySelector('#hashi-new-made')?.textContent ?? ''), null, { timeout: 60_000 });
  const ruled = (await page.textContent('#hashi-new-made')).replace(/^.*: /, '');
  assert.match(ruled, /^15x15m3L:/);
  assert.equal(ruled, cli('hashi', 'generate', '15x15', '--seed', '5', '--difficulty', 'hard', '--max-bridges', '3', '--no-loops').id, 'the page and the CLI make the same 15x15m3L hard puzzle from seed 5');
  await page.waitForFunction((t) => document.querySelector('#hashi-id')?.textContent === t, ruled);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('Hashiwokakero: New with the generator options at the largest size makes that puzzle (CLI flags), unique and solved, with the options in its line', async () => {
  const { page, problems } = await openPage(app, '#hashi');
  await page.waitForFunction(() => (document.querySelector('#hashi-id')?.textContent ?? '—') !== '—');
  const size = await lastOption(page, '#hashi-new-size');
  // The options the CLI has, each away from its default.
  assert.deepEqual(await page.$$eval('#hashi-new-k option', (os) => os.map((o) => o.value)), ['1', '2', '3', '4']);
  await page.selectOption('#hashi-new-size', size);
  await page.selectOption('#hashi-new-level', 'hard');
  await page.selectOption('#hashi-new-k', '3');
  await page.selectOption('#hashi-new-density', '25');
  await page.selectOption('#hashi-new-expansion', '10');
  await page.check('#hashi-new-noloops');
  await page.fill('#hashi-new-seed', '9');
  await page.click('#hashi-random');
  await page.waitForFunction(() => /\(seed 9\).*\. Made in/.test(document.querySelector('#hashi-new-made')?.textContent ?? ''), null, { timeout: 60_000 });
  const line = await page.textContent('#hashi-new-made');
  const asked = `${size}m3i25e10L`;
  assert.ok(line.includes(`hard puzzle with exactly one solution (seed 9)`) && line.includes(`asked as ${asked}:`), line);
  const id = line.replace(/^.*: /, '');
  assert.match(id, new RegExp(`^${size}m3L:`), 'the ID keeps 3 bridges per pair and the no-loops rule');
  const native = cli('hashi', 'generate', size, '--seed', '9', '--difficulty', 'hard', '--max-bridges', '3', '--density', '25', '--expansion', '10', '--no-loops');
  assert.equal(id, native.id, `the page and the CLI make the same ${asked} hard puzzle from seed 9`);
  assert.equal(native.status, 'unique');
  await page.waitForFunction((t) => document.querySelector('#hashi-id')?.textContent === t, id);
  // The board shows it: as many islands as the ID has, about the density asked for.
  const [, w, hh, k] = /^(\d+)x(\d+)m(\d)/.exec(id).map(Number);
  const cells = (await page.getAttribute('#hashi-board', 'data-cells')).split(',').map(Number);
  assert.equal(cells.length, w * hh);
  const share = cells.filter((c) => c > 0).length / cells.length;
  assert.ok(share > 0.18 && share < 0.3, `islands ${share} for 25% asked`);
  await page.click('#hashi-mode-watch');
  await page.locator('#hashi').getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => document.querySelector('#hashi-board')?.dataset.verdict === 'unique', null, { timeout: 60_000 });
  const bridges = parseBridges(await page.getAttribute('#hashi-board', 'data-bridges'));
  assert.equal(checkHashi(w, hh, cells, k, bridges), null);
  assert.equal(bridges.length + 1, cells.filter((c) => c > 0).length, 'no loops: the bridges form a tree');
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('Hashiwokakero: the new puzzle’s sentence stays on the message line after Play’s check lands', async () => {
  const { page, problems } = await openPage(app, '#hashi');
  await page.waitForFunction(() => (document.querySelector('#hashi-id')?.textContent ?? '—') !== '—');
  await page.selectOption('#hashi-new-size', '7x7');
  await page.fill('#hashi-new-seed', '4');
  await page.click('#hashi-random');
  const native = cli('hashi', 'generate', '7x7', '--seed', '4');
  await page.waitForFunction((t) => document.querySelector('#hashi-id')?.textContent === t, native.id, { timeout: 60_000 });
  // The islands counted again from the CLI's plain grid (digits are islands).
  const islands = [...native.plain].filter((c) => /[1-8]/.test(c)).length;
  const said = new RegExp(`^A new 7 × 7 puzzle with exactly one solution \\(seed 4\\): ${islands} islands, `);
  const shown = await page
    .waitForFunction((re) => new RegExp(re).test(document.querySelector('#hashi-status').textContent), said.source, { timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  assert.ok(shown, `the message line says the new puzzle, not: ${await page.textContent('#hashi-status')}`);
  assert.equal(await page.getAttribute('#hashi-board', 'data-mode'), 'play', 'the new puzzle opens in Play');
  // Play's check of the empty board (a worker call of a few ms) lands meanwhile; the message
  // line must not change to its "0 of 9 islands finished." within 3 s (ample on a loaded machine).
  const changed = await page
    .waitForFunction((re) => !new RegExp(re).test(document.querySelector('#hashi-status').textContent), said.source, { timeout: 3_000 })
    .then(() => page.textContent('#hashi-status'))
    .catch(() => null);
  assert.equal(changed, null, `the message line changed to: ${changed}`);
  assert.equal(await page.isHidden('#hashi-error'), true);
  assert.deepEqual(problems, []);
});
