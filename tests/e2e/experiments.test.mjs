// Experiments (issue 10 point 4): the scaling experiment and the min-conflicts trials run in the
// page's pool of workers; the CSV they download must equal what the native CLI prints for the
// same settings and seeds (every column but the measured time), the command the page shows is
// the one run here, Cancel stops a long run and keeps the rows finished so far (each equal to the
// CLI's row for the same run), and links carry the settings.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { startApp, openPage, notSentences } from './harness.mjs';

const CLI = new URL('../../target/release/solvescope', import.meta.url).pathname;

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** Runs the command line the page shows (`solvescope queens experiment …`) natively. */
function runShown(command) {
  assert.ok(existsSync(CLI), `${CLI} is missing: npm test builds it, or run cargo build --release`);
  const words = command.trim().split(/\s+/);
  assert.equal(words[0], 'solvescope', command);
  return execFileSync(CLI, words.slice(1), { encoding: 'utf8' });
}

/** CSV lines without the last column (micros, the one measured figure). */
const untimed = (csv) =>
  csv
    .trim()
    .split('\n')
    .map((l) => l.slice(0, l.lastIndexOf(',')));

async function downloadCsv(page, id) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(`#${id}-csv`)]);
  return readFileSync(await download.path(), 'utf8');
}

async function runAndWait(page, id, timeout = 120_000) {
  await page.click(`#${id}-run`);
  await page.waitForFunction((i) => /runs on \d+ worker/.test(document.querySelector(`#${i}-status`)?.textContent ?? ''), id, { timeout });
}

test('the trials CSV equals the CLI for the same seeds, and the link carries the settings', async () => {
  const { page, problems } = await openPage(app, '#experiments/trials?seed=7&opts=sizes:8-12,trials:6,series:mc-greedy-tabu-swap,tabu:3');
  await page.waitForSelector('#exp-trials:not([hidden])');
  assert.equal(await page.inputValue('#exp-trials-sizes'), '8, 12');
  assert.equal(await page.inputValue('#exp-seed'), '7');
  assert.equal(await page.isChecked('#exp-trials-tabu'), true);
  assert.equal(await page.isChecked('#exp-trials-cs'), false);
  const command = await page.textContent('#exp-trials-command');
  assert.match(command, /--series min-conflicts,min-conflicts\+greedy,min-conflicts\+tabu=3,swap/);
  await runAndWait(page, 'exp-trials');
  const csv = await downloadCsv(page, 'exp-trials');
  const native = runShown(command);
  assert.deepEqual(untimed(csv), untimed(native));
  assert.equal(csv.trim().split('\n').length, 1 + 4 * 2 * 6);
  // The table: one line per series and N, its solved share read from the CSV here.
  const rows = await page.$$eval('#exp-trials-table tbody tr', (trs) => trs.map((tr) => [tr.dataset.series, tr.dataset.n, tr.children[2].textContent]));
  assert.equal(rows.length, 8);
  for (const [series, n, solved] of rows) {
    const mine = native.trim().split('\n').slice(1).map((l) => l.split(',')).filter((c) => c[0] === series && c[1] === n);
    const share = Math.round((100 * mine.filter((c) => c[4] === 'found').length) / mine.length);
    assert.equal(solved, `${share}%`, `${series} at N = ${n}`);
  }
  // The run-length plot draws every series at the chosen N; a link of this view keeps the settings.
  assert.equal(await page.getAttribute('#exp-trials-chart', 'data-series'), 'min-conflicts;min-conflicts+greedy;min-conflicts+tabu=3;swap');
  await page.waitForFunction(() => location.hash.startsWith('#experiments/trials'));
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /seed=7/);
  assert.match(hash, /series:mc-greedy-tabu-swap/);
  assert.deepEqual(problems, []);
  assert.deepEqual(await notSentences(page), []);
  await page.close();
});

test('a seed near 2^64 runs exactly, as the CLI runs it, and one whose runs pass 2^64 - 1 is refused', async () => {
  const seed = '18446744073709551610'; // a JavaScript number would round it to 2^64
  const { page, problems } = await openPage(app, `#experiments/trials?seed=${seed}&opts=sizes:8,trials:4,series:mc`);
  await page.waitForSelector('#exp-trials:not([hidden])');
  assert.equal(await page.inputValue('#exp-seed'), seed);
  const command = await page.textContent('#exp-trials-command');
  assert.match(command, new RegExp(`--seed ${seed}`));
  await runAndWait(page, 'exp-trials');
  const csv = await downloadCsv(page, 'exp-trials');
  assert.deepEqual(untimed(csv), untimed(runShown(command)));
  assert.deepEqual(csv.trim().split('\n').slice(1).map((l) => l.split(',')[2]), ['0', '1', '2', '3'].map((t) => (BigInt(seed) + BigInt(t)).toString()));
  // Seven runs from ...610 would need ...616: past the largest seed (six end on it exactly).
  await page.fill('#exp-trials-count', '7');
  await page.click('#exp-trials-run');
  await page.waitForFunction(() => /run past 18446744073709551615/.test(document.querySelector('#exp-trials-error')?.textContent ?? ''));
  assert.deepEqual(problems, []);
  await page.close();
});

test('the scaling CSV equals the CLI, with budget-ended backtracking and repair to 1,000 queens', async () => {
  const { page, problems } = await openPage(app, '#experiments/scaling?seed=3&opts=backtrackMax:31,maxNodes:1000000,repairMax:1000,seeds:2');
  await page.waitForSelector('#exp-scaling:not([hidden])');
  const command = await page.textContent('#exp-scaling-command');
  assert.equal(command, 'solvescope queens experiment scaling --backtrack-max 31 --max-nodes 1000000 --repair-max 1000 --seeds 2 --seed 3');
  await runAndWait(page, 'exp-scaling');
  const csv = await downloadCsv(page, 'exp-scaling');
  assert.deepEqual(untimed(csv), untimed(runShown(command)));
  // 28 backtracking sizes (4 to 31) and 8 repair sizes (8 to 1,000) twice.
  assert.equal(csv.trim().split('\n').length, 1 + 28 + 8 * 2);
  const budget = csv.split('\n').filter((l) => l.startsWith('backtracking,') && l.includes(',budget,')).length;
  assert.ok(budget > 0, 'some N beyond the 1,000,000-node budget');
  assert.equal(await page.getAttribute('#exp-scaling-chart', 'data-points'), String(28 + 8));
  assert.match(await page.textContent('#exp-scaling-status'), /budget ran out at N = /);
  // A budget-ended N reads "more than the budget" in the table, from this run's own rows.
  const stopped = csv.split('\n').find((l) => l.startsWith('backtracking,') && l.includes(',budget,')).split(',')[1];
  assert.equal(await page.textContent(`#exp-scaling-table tr[data-series="backtracking"][data-n="${stopped}"] td:nth-child(4)`), '> 1,000,000');
  // Focus stays on the controls for keyboard users: Run has it back after the run.
  await page.focus('#exp-scaling-run');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.id === 'exp-scaling-cancel' || /runs on/.test(document.querySelector('#exp-scaling-status').textContent));
  await page.waitForFunction(() => /runs on/.test(document.querySelector('#exp-scaling-status').textContent) && document.activeElement?.id === 'exp-scaling-run', null, { timeout: 120_000 });
  assert.deepEqual(problems, []);
  await page.close();
});

test('Cancel stops a long run at once and keeps the finished rows, each equal to the CLI', async () => {
  const { page, problems } = await openPage(app, '#experiments/trials?opts=sizes:2000-4000,trials:400,series:mc');
  await page.waitForSelector('#exp-trials:not([hidden])');
  await page.click('#exp-trials-run');
  // Progress shows while it runs: the bar moves and the sentence says which run is going on.
  await page.waitForFunction(() => Number(document.querySelector('#exp-trials-bar').value) > 0, null, { timeout: 60_000 });
  assert.match(await page.textContent('#exp-trials-status'), /^Run \d+ of 800 on \d+ workers?: the article's min-conflicts at N = /);
  await page.click('#exp-trials-cancel');
  await page.waitForFunction(() => /^Cancelled after/.test(document.querySelector('#exp-trials-status')?.textContent ?? ''), null, { timeout: 10_000 });
  const status = await page.textContent('#exp-trials-status');
  const done = Number(/Cancelled after ([\d,]+) of 800/.exec(status)[1].replace(/,/g, ''));
  assert.ok(done > 0 && done < 800, status);
  assert.equal(await page.isEnabled('#exp-trials-run'), true);
  const csv = await downloadCsv(page, 'exp-trials');
  const lines = csv.trim().split('\n').slice(1);
  assert.equal(lines.length, done);
  // Each kept row is the CLI's run for the same seed.
  for (const line of lines.slice(0, 3)) {
    const [series, n, seed] = line.split(',');
    const native = runShown(`solvescope queens experiment trials --sizes ${n} --trials 1 --seed ${seed} --series ${series}`);
    assert.deepEqual(untimed(`${csv.split('\n')[0]}\n${line}`), untimed(native));
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('bad fields and bad links are refused with sentences that say what and where', async () => {
  const { page } = await openPage(app, '#experiments/trials?opts=series:mc-turbo,bogus:1');
  await page.waitForSelector('#exp-trials:not([hidden])');
  const banner = await page.textContent('#link-error-text');
  assert.match(banner, /unknown series "turbo"/);
  assert.match(banner, /no option "bogus"/);
  await page.fill('#exp-trials-sizes', '8, x');
  await page.click('#exp-trials-run');
  assert.match(await page.textContent('#exp-trials-error'), /Each size N must be a whole number from 4 to 100,000 \(got "x"\)\./);
  await page.fill('#exp-trials-sizes', '8');
  await page.fill('#exp-trials-noise-p', '2');
  await page.check('#exp-trials-noise');
  await page.click('#exp-trials-run');
  await page.waitForFunction(() => !document.querySelector('#exp-trials-error').hidden && /noise/.test(document.querySelector('#exp-trials-error').textContent));
  assert.match(await page.textContent('#exp-trials-error'), /The noise must be a probability from 0 to 1, like 0\.05 \(got "2"\)\./);
  assert.deepEqual(await notSentences(page), []);
  await page.close();
});

test('the scaling table names the repair that ran: swap repair above 4,096 queens', async () => {
  const { page, problems } = await openPage(app, '#experiments/scaling?seed=3&opts=backtrackMax:5,maxNodes:1000,repairMax:8192,seeds:1');
  await page.waitForSelector('#exp-scaling:not([hidden])');
  const command = await page.textContent('#exp-scaling-command');
  await runAndWait(page, 'exp-scaling');
  // The CLI's CSV says which algorithm each repair N used; the table must say the same.
  const rows = runShown(command).trim().split('\n').slice(1).map((l) => l.split(',')).filter((c) => c[0] === 'repair');
  assert.ok(rows.some((c) => c[3] === 'swap') && rows.some((c) => c[3] === 'minConflicts'), 'both repairs ran');
  for (const [, n, , algorithm] of rows) {
    const cell = await page.textContent(`#exp-scaling-table tr[data-series="repair"][data-n="${n}"] td:nth-child(1)`);
    assert.equal(cell, algorithm === 'swap' ? 'swap repair' : 'min-conflicts repair', `N = ${n}`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});
