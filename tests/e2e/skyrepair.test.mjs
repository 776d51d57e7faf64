// Skyscrapers' min-conflicts repair in the page's watch mode (issue 31, issue 28). The oracles are
// the native CLI: its `list` (the registry the algorithm choice and the options must show) and its
// `trace` of the very run the page's session was created with (the status line's data-run), whose
// events and last line carry the machine's moves, costs and sentences; the grid a stopped run ends
// on is rebuilt here from the trace's events and its cost counted by the rules written again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { startApp, openPage, notSentences } from './harness.mjs';
import { ensureCli, nativeTrace } from './trace-oracle.mjs';
import { brokenCells, tathamClues, repairCost, gridOf } from './sky-oracle.mjs';

const CLI = new URL('../../target/release/solvescope', import.meta.url).pathname;
const EXAMPLE = '4://///1/3///4/////3/';
const link = (settings) => '#skyscrapers/' + encodeURIComponent(EXAMPLE) + '?mode=watch&' + settings;

let app;
before(async () => {
  ensureCli();
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const runOf = async (page) => JSON.parse(await page.getAttribute('#sky-status', 'data-run'));
const counter = (page, key) => page.textContent(`#skyscrapers [data-counter=${key}]`);
const inWatch = (page) => page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.mode === 'watch');
const addressMatches = (page, re) => page.waitForFunction((src) => new RegExp(src).test(decodeURIComponent(location.hash)), re.source);

const shownGrid = async (page) => (await page.getAttribute('#sky-board', 'data-grid')).split('/').map((r) => r.split(',').map(Number));

test('the algorithm choice, its summary, repair options and pseudocode are the registry’s', async () => {
  const registry = execFileSync(CLI, ['list'], { encoding: 'utf8' }).trim().split('\n').map((l) => JSON.parse(l)).find((p) => p.name === 'skyscrapers');
  const { page, problems } = await openPage(app, '#skyscrapers/' + encodeURIComponent(EXAMPLE) + '?mode=watch');
  await inWatch(page);
  const choices = await page.$$eval('#sky-algo option', (os) => os.map((o) => ({ name: o.value, title: o.textContent, summary: o.title })));
  assert.deepEqual(choices, registry.algorithms.map((a) => ({ name: a.name, title: a.title, summary: a.summary })));
  const repair = registry.algorithms.find((a) => a.name === 'repair');
  await page.selectOption('#sky-algo', 'repair');
  assert.equal(await page.textContent('#sky-algo-summary'), repair.summary);
  // Its number options, each named as the CLI and the address name it, with its summary.
  const fields = await page.$$eval('#sky-repair-options .option-row', (rows) => rows.map((r) => ({ name: r.querySelector('code').textContent, summary: r.querySelector('.option-about').textContent })));
  assert.deepEqual(
    fields,
    repair.options.filter((o) => o.kind.type === 'int' || o.kind.type === 'float').map((o) => ({ name: o.name, summary: o.summary })),
  );
  assert.ok(repair.options.some((o) => o.kind.type === 'seed'));
  assert.equal(await page.isVisible('#sky-seed'), true, 'the seed field');
  // What belongs to the search is away: its technique switches, tree and comparison.
  assert.equal(await page.isVisible('#sky-t-mrv'), false, 'no technique switches for repair');
  assert.equal(await page.isVisible('#sky-tree'), false, 'no search tree for repair');
  assert.deepEqual(
    await page.$$eval('#sky-code li code', (ls) => ls.map((l) => l.textContent)),
    repair.code.map((l) => l.text.trimStart()),
  );
  assert.equal(await page.isVisible('#skyscrapers button.milestone >> text=Next guess'), false);
  assert.equal(await page.isVisible('#skyscrapers button.milestone >> text=Next restart'), true);
  // The colour key explains only what repair draws: no rule's line.
  await page.waitForSelector('#skyscrapers [data-item=rule-line]', { state: 'hidden' });
  // And back: the search's switches and tree return.
  await page.selectOption('#sky-algo', 'solve');
  assert.equal(await page.isVisible('#sky-t-mrv'), true);
  assert.equal(await page.isVisible('#sky-seed'), false);
  await page.waitForSelector('#skyscrapers [data-item=rule-line]', { state: 'visible' });
  assert.deepEqual(problems, []);
  await page.context().close();
});

test('the address keeps the algorithm, the seed and its options; a reload replays the run at its step', async () => {
  const { page, problems, context } = await openPage(app, '#skyscrapers/' + encodeURIComponent(EXAMPLE) + '?mode=watch');
  await inWatch(page);
  await page.selectOption('#sky-algo', 'repair');
  await page.fill('#sky-seed', '5');
  await page.locator('#sky-seed').dispatchEvent('change');
  await page.click('#sky-repair-details summary');
  await page.fill('#sky-repair-tabu', '2');
  await page.locator('#sky-repair-tabu').dispatchEvent('change');
  const step = page.locator('#skyscrapers .playback').getByRole('button', { name: 'Step', exact: true });
  for (let k = 1; k <= 7; k++) {
    await step.click();
    await page.waitForFunction((k) => new RegExp(`^Step ${k} of`).test(document.querySelector('#skyscrapers .step-count')?.textContent ?? ''), k);
  }
  await addressMatches(page, /\?mode=watch&algo=repair&seed=5&opts=tabu:2&step=7$/);
  const run = await runOf(page);
  assert.equal(run.algorithm, 'repair');
  assert.deepEqual(run.options, { tabu: 2, seed: '5' });
  const native = nativeTrace(run, 7).events.at(-1);
  const seen = { grid: await shownGrid(page), status: await page.textContent('#sky-status'), moves: await counter(page, 'moves'), cost: await counter(page, 'cost') };
  assert.equal(seen.moves, String(native.after.moves));
  assert.equal(seen.cost, String(native.event.costAfter ?? native.event.cost));
  assert.deepEqual(seen.grid, gridOf(4, nativeTrace(run, 7).events));
  // The address, reloaded: the same run at the same step.
  const address = await page.evaluate(() => location.href);
  const other = await openPage(app, address.slice(address.indexOf('#')));
  await other.page.waitForFunction(() => /^Step 7 of/.test(document.querySelector('#skyscrapers .step-count')?.textContent ?? ''));
  assert.equal(await other.page.inputValue('#sky-algo'), 'repair');
  assert.equal(await other.page.inputValue('#sky-seed'), '5');
  assert.equal(await other.page.inputValue('#sky-repair-tabu'), '2');
  assert.deepEqual(await runOf(other.page), run);
  assert.deepEqual({ grid: await shownGrid(other.page), status: await other.page.textContent('#sky-status'), moves: await counter(other.page, 'moves'), cost: await counter(other.page, 'cost') }, seen);
  assert.deepEqual(other.problems, []);
  await other.context.close();
  // Without a seed typed, the seed drawn is the one the address keeps.
  await page.fill('#sky-seed', '');
  await page.locator('#sky-seed').dispatchEvent('change');
  await step.click();
  await page.waitForFunction(() => /^Step 1 of/.test(document.querySelector('#skyscrapers .step-count')?.textContent ?? ''));
  const drawn = String((await runOf(page)).options.seed);
  await addressMatches(page, new RegExp(`&algo=repair&seed=${drawn}&opts=tabu:2&step=1$`));
  assert.deepEqual(problems, []);
  await context.close();
});

test('bad algorithm, seed and option values in a link are said in the banner', async () => {
  for (const [settings, says] of [
    ['algo=bogus', /There is no Skyscrapers algorithm "bogus": the algorithms are solve and repair\./],
    ['algo=repair&seed=007', /The setting "seed" at character \d+ must be a whole number from 0 to 18446744073709551615 without leading zeros \(got "007"\)\./],
    ['algo=repair&opts=tabu:x', /The Skyscrapers repair option "tabu" must be a whole number from 0 to 4,294,967,295 \(got "x"\)\./],
    ['algo=repair&opts=noise:2', /The Skyscrapers repair option "noise" must be a number from 0 to 1 \(got "2"\)\./],
    ['algo=repair&opts=mrv:off', /There is no option "mrv" for Skyscrapers repair: its options are tabu, noise, maxSteps, maxRestarts\./],
    ['seed=3', /The setting "seed" does nothing for Propagation and search, which uses no randomness/],
  ]) {
    const { page, problems, context } = await openPage(app, link(settings));
    await inWatch(page);
    await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#link-error')?.textContent ?? ''), says.source);
    assert.deepEqual(problems, [], settings);
    await context.close();
  }
});

test('a repair run that gives up shows its last grid, that grid’s real cost, and Rust’s sentence why', async () => {
  // Seed 2 needs 112 moves; allowed 30 and no restart, it gives up on a grid that still breaks rules.
  const { page, problems, context } = await openPage(app, link('algo=repair&seed=2&opts=maxSteps:30,maxRestarts:0'));
  await inWatch(page);
  // The link's options are on show, in their fields.
  assert.equal(await page.inputValue('#sky-repair-maxSteps'), '30');
  assert.equal(await page.isVisible('#sky-repair-maxRestarts'), true);
  const { n, clues } = tathamClues(EXAMPLE);
  await page.locator('#skyscrapers .playback input.speed-slider').fill('100');
  await page.locator('#skyscrapers .playback').getByRole('button', { name: 'Play' }).click();
  await page.waitForFunction(() => document.querySelector('#sky-board')?.dataset.verdict === 'gaveUp', null, { timeout: 30_000 });
  const run = await runOf(page);
  assert.equal(run.algorithm, 'repair');
  const native = nativeTrace(run, 1_000_000);
  assert.ok(native.ended && native.end.verdict === 'gaveUp', JSON.stringify(native.end));
  const grid = gridOf(n, native.events);
  const cost = repairCost(n, clues, grid);
  assert.ok(cost > 0, 'a grid it gave up on breaks rules');
  const check = async (how) => {
    assert.deepEqual(await shownGrid(page), grid, `${how}: the grid on screen is the one the run stopped at`);
    assert.equal(await counter(page, 'cost'), String(cost), `${how}: its real cost`);
    assert.equal(await counter(page, 'moves'), String(native.end.stats.moves), `${how}: the moves`);
    assert.equal(await page.textContent('#sky-status'), native.end.says, `${how}: Rust's sentence`);
    assert.match(native.end.says, new RegExp(`^Repair gave up after 30 moves and 0 restarts: .+; the grid it stopped at has cost ${cost}\\.$`));
  };
  await check('played');
  // The cells in a broken rule are marked, as many as the rules counted again find (the board's
  // label counts them; it follows the board at most a few times a second, www/announce.ts).
  const wrong = brokenCells(n, clues, grid).length;
  assert.ok(wrong > 0);
  const marked = (how) => page.waitForFunction((k) => new RegExp(`, ${k} marked wrong`).test(document.querySelector('#sky-board')?.getAttribute('aria-label') ?? ''), wrong, { timeout: 5_000 }).catch(async () => assert.fail(`${how}: ${wrong} cells break rules; the board says ${await page.getAttribute('#sky-board', 'aria-label')}`));
  await marked('played');
  // Solve at full speed ends the same way, on the same grid, with the same cells marked.
  await page.locator('#skyscrapers .playback').getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /^Ran at full speed/.test(document.querySelector('#skyscrapers .step-count')?.textContent ?? ''));
  await check('solved');
  await marked('solved');
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('N-Queens repair’s options are the registry’s too: names, summaries, choices and defaults', async () => {
  const registry = execFileSync(CLI, ['list'], { encoding: 'utf8' }).trim().split('\n').map((l) => JSON.parse(l)).find((p) => p.name === 'queens');
  const repair = registry.algorithms.find((a) => a.name === 'repair');
  const { page, problems } = await openPage(app, '#repair/30?seed=3');
  await page.waitForSelector('#repair-board');
  const fields = await page.$$eval('#repair-options .option-row', (rows) =>
    rows.map((r) => {
      const input = r.querySelector('input, select');
      const value = input.type === 'checkbox' ? input.checked : input.tagName === 'SELECT' ? input.value : input.value === '' ? null : Number(input.value);
      const choices = input.tagName === 'SELECT' ? [...input.options].map((o) => o.value) : undefined;
      return { name: r.querySelector('code').textContent, summary: r.querySelector('.option-about').textContent, value, ...(choices ? { choices } : {}) };
    }),
  );
  // Every option but the seed (a field of its own), in the registry's order and words.
  assert.deepEqual(
    fields,
    repair.options.filter((o) => o.kind.type !== 'seed').map((o) => ({ name: o.name, summary: o.summary, value: o.kind.default, ...(o.kind.choices ? { choices: o.kind.choices } : {}) })),
  );
  // A choice and a switch travel in the link and come back from it.
  await page.click('#repair details.options > summary');
  await page.selectOption('#repair-strategy', 'swap');
  await page.check('#repair-greedy');
  await addressMatches(page, /opts=.*strategy:swap/);
  await addressMatches(page, /opts=.*greedy:true/);
  assert.equal(JSON.parse(await page.getAttribute('#repair-status', 'data-run')).options.strategy, 'swap');
  const other = await openPage(app, (await page.evaluate(() => location.hash)));
  await other.page.waitForSelector('#repair-board');
  assert.equal(await other.page.inputValue('#repair-strategy'), 'swap');
  assert.equal(await other.page.isChecked('#repair-greedy'), true);
  // Bad words are refused by name, with what the option takes.
  await other.page.goto(`${app.url}#repair/30?seed=3&opts=strategy:fast,greedy:yes`);
  await other.page.waitForFunction(() => /"strategy" must be auto, minConflicts or swap \(got "fast"\)/.test(document.querySelector('#link-error')?.textContent ?? ''));
  assert.match(await other.page.textContent('#link-error'), /"greedy" must be true or false \(got "yes"\)/);
  assert.deepEqual(other.problems, []);
  await other.context.close();
  assert.deepEqual(problems, []);
});

test('a link’s seed left out for the search is no longer reported once repair draws its own', async () => {
  const { page, problems, context } = await openPage(app, link('seed=4'));
  await inWatch(page);
  await page.waitForFunction(() => /"seed" does nothing/.test(document.querySelector('#link-error')?.textContent ?? ''));
  await page.selectOption('#sky-algo', 'repair');
  await page.waitForFunction(() => !/"seed" does nothing/.test(document.querySelector('#link-error')?.textContent ?? '') || document.querySelector('#link-error').hidden);
  assert.equal(await page.isVisible('#link-error'), false, 'nothing else was wrong with the link');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a value typed out of range is quoted as typed, not as JavaScript prints the number', async () => {
  const { page, problems, context } = await openPage(app, link('algo=repair&seed=2'));
  await inWatch(page);
  await page.click('#sky-repair-details summary');
  await page.fill('#sky-repair-maxSteps', '100000000000000000000000');
  await page.locator('#sky-repair-maxSteps').dispatchEvent('change');
  await page.locator('#skyscrapers .playback').getByRole('button', { name: 'Step', exact: true }).click();
  await page.waitForFunction(() => /\(got "100000000000000000000000"\)/.test(document.querySelector('#skyscrapers')?.textContent ?? ''));
  assert.doesNotMatch(await page.textContent('#skyscrapers'), /1e\+23/);
  assert.deepEqual(problems, []);
  await context.close();
});
