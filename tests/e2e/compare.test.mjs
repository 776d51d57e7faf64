// Compare techniques (issue 10 point 3): for a loaded puzzle, one click solves it with the defaults,
// each technique switched the other way, each other branching choice and no techniques. Every row's
// verdict and node count must equal what the native CLI prints for the same puzzle and settings
// (the settings are read off the row, turned into CLI flags here), and the default run's verdict
// is the fixture's known one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { startApp, openPage, notSentences } from './harness.mjs';

const CLI = new URL('../../target/release/solvescope', import.meta.url).pathname;
const fixture = (name) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'));

/** The node budget of every compare run (www/views/common/compare.ts). */
const MAX_NODES = 200000;

let app;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

/** The CLI flags for a row's options: techniques as a list of those on, other options by name. */
function flags(options) {
  const args = [];
  for (const [k, v] of Object.entries(options)) {
    const flag = `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    if (k === 'techniques') {
      const on = Object.entries(v).filter(([, b]) => b).map(([n]) => n);
      args.push(flag, on.length ? on.join(',') : 'none');
    } else args.push(flag, String(v));
  }
  return args;
}

function cli(puzzle, id, options) {
  assert.ok(existsSync(CLI), `${CLI} is missing: npm test builds it (cargo test --release), or run cargo build --release`);
  const out = execFileSync(CLI, [puzzle, 'solve', id, '--max-nodes', String(MAX_NODES), ...flags(options)], { encoding: 'utf8' });
  return JSON.parse(out.trim());
}

async function compareRows(page, prefix) {
  await page.click(`#${prefix}-compare`);
  await page.waitForFunction((p) => /runs done\./.test(document.querySelector(`#${p}-compare-progress`)?.textContent ?? ''), prefix, { timeout: 120_000 });
  return page.$$eval(`#${prefix}-compare-table tbody tr`, (trs) =>
    trs.map((tr) => ({ label: tr.querySelector('th').textContent, verdict: tr.dataset.verdict, nodes: Number(tr.dataset.nodes), options: JSON.parse(tr.dataset.options) })),
  );
}

function agreeWithCli(puzzle, id, rows) {
  for (const row of rows) {
    const native = cli(puzzle, id, row.options);
    const verdict = native.status === 'budget' ? 'budget' : native.status;
    assert.equal(row.verdict, verdict, `${row.label}: verdict in the page and on the CLI (${flags(row.options).join(' ')})`);
    assert.equal(row.nodes, native.nodes, `${row.label}: nodes in the page and on the CLI (${flags(row.options).join(' ')})`);
  }
}

test('Skyscrapers: the comparison has a row per technique, and each row equals the CLI for the same settings', async () => {
  const [, , id] = fixture('tatham-towers.txt').find(([n, level]) => n === '6' && level === 'extreme');
  const { page, problems } = await openPage(app, `#skyscrapers/${encodeURIComponent(id)}`);
  page.on('dialog', (d) => void d.accept());
  await page.waitForFunction((t) => document.querySelector('#sky-board')?.dataset.tatham === t, id);
  await page.click('#sky-mode-watch');
  const rows = await compareRows(page, 'sky');
  assert.deepEqual(
    rows.map((r) => r.label),
    ['Default settings', 'Without visibility bounds', 'Without line propagation', 'Without MRV', 'Without places in a line', 'No techniques'],
  );
  assert.equal(rows[0].verdict, 'unique', 'Tatham puzzles have one solution');
  assert.ok(rows.some((r) => r.nodes > rows[0].nodes), 'switching a technique off costs nodes on an extreme puzzle');
  agreeWithCli('skyscrapers', id, rows);
  // A new puzzle clears the old table.
  await page.click('#sky-mode-edit');
  await page.click('#sky-empty');
  await page.click('#sky-mode-watch');
  assert.equal(await page.isHidden('#sky-compare-table'), true, 'the table of the old puzzle is gone');
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});

test('Hashiwokakero: the comparison covers every technique, the matrix-tree test and the other heuristic, equal to the CLI', async () => {
  const [, id] = fixture('tatham-bridges.txt').find(([level, id]) => level === 'hard' && id.startsWith('15x15'));
  const { page, problems } = await openPage(app, `#hashi/${encodeURIComponent(id)}`);
  await page.waitForFunction((t) => document.querySelector('#hashi-id')?.textContent === t, id);
  await page.click('#hashi-mode-watch');
  const rows = await compareRows(page, 'hashi');
  assert.deepEqual(
    rows.map((r) => r.label),
    ['Default settings', 'Without degree', 'Without isolation', 'Without connectivity', 'Without cut edges', 'With matrix-tree', 'Branching: ratio', 'No techniques'],
  );
  assert.equal(rows[0].verdict, 'unique', 'Tatham puzzles have one solution');
  for (const r of rows) assert.ok(['unique', 'budget'].includes(r.verdict), `${r.label}: ${r.verdict}`);
  agreeWithCli('hashi', id, rows);
  assert.deepEqual(await notSentences(page), []);
  assert.deepEqual(problems, []);
});
