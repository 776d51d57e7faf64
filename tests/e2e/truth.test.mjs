// What you see is the run at this step. For every algorithm of every puzzle, the page is taken to
// 20 or more steps spread over a run, and what it shows there — every counter and the sentence —
// is compared with an independent replay: the same run (the parameters the page's session was
// created with, read from the status line's data-run) stepped natively by the CLI's `trace`,
// which prints each event with the counters after it. The same step reached four ways (stepping
// forward, scrubbing back, Step back, and opening its link) must show the same pixels and words,
// the search-tree panel included; step 0 must be the untouched page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, openPage } from './harness.mjs';
import { ensureCli, nativeTrace } from './trace-oracle.mjs';
import { attackingPairs, replayRepair } from './queens-oracle.mjs';
import { gridOf, repairCost, tathamClues } from './sky-oracle.mjs';


let app;
before(async () => {
  ensureCli();
  app = await startApp();
});
after(async () => {
  await app?.close();
});


/** A sentence as the page writes Rust's `why` (capitalised, with a full stop). */
function sentence(why) {
  const t = why.trim();
  const c = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(c) ? c : `${c}.`;
}

/** The counters the page shows for the step of `at` (the native event, or null for step 0). */
function expectedCounters(keys, at) {
  const a = at?.after ?? { nodes: 0, backtracks: 0, solutions: 0, depth: 0, moves: 0, restarts: 0 };
  const out = {};
  for (const k of keys) if (k in a) out[k] = a[k].toLocaleString('en-US');
  return out;
}

/** "Conflicts now" for N-Queens' repair, by the rules written again: the attacking pairs of the
 *  board the first `k` events stand at (0 before the first board). */
function conflictsAt(events, k) {
  const cols = replayRepair(events.slice(0, k));
  return cols ? attackingPairs(cols).toLocaleString('en-US') : '0';
}

/** "Cost now" for Skyscrapers' repair, by the rules written again: repeated heights and clue
 *  misses of the grid the first `k` events stand at, "—" before the first grid. */
function costAt(run, events, k) {
  if (!events.slice(0, k).some((e) => e.event.kind === 'skyRepairStart')) return '—';
  const { n, clues } = tathamClues(run.id);
  return repairCost(n, clues, gridOf(n, events.slice(0, k))).toLocaleString('en-US');
}

/** What a native event does to the search tree, by what the event means: a choice at a depth, a
 *  return above a depth, a reason the choice on top failed, a solution, a restart. */
const TREE_OPS = {
  place: (e) => ({ push: e.row + 1 }),
  remove: (e) => ({ truncate: e.row + 1 }),
  backtrack: (e) => ({ truncate: e.row + 1, why: true }),
  solution: () => ({ solution: true }),
  skyGuess: (e) => ({ push: e.depth }),
  skyBacktrack: (e) => ({ truncate: e.depth + 1 }),
  skyContradiction: () => ({ why: true }),
  skySolution: () => ({ solution: true }),
  hashiGuess: (e) => ({ push: e.depth }),
  hashiBacktrack: (e) => ({ truncate: e.depth + 1 }),
  hashiDeadEnd: () => ({ why: true }),
  hashiRestart: () => ({ restart: true }),
  hashiSolution: () => ({ solution: true }),
};

/** The tree's caption figures after the first `k` native events, counted again: every choice, the
 *  deepest depth, and the dead ends — a choice counts from the event that says why it failed (a
 *  leaf, or one whose children all failed; never one with a solution below it), a childless one
 *  said nowhere from when the search leaves it, never a restart's path. */
function treeAt(events, k) {
  const path = [];
  let choices = 0;
  let deadEnds = 0;
  let deepest = 0;
  const keep = (len) => {
    while (path.length > len) {
      const n = path.pop();
      if (n.children === 0 && !n.dead && !n.solution) deadEnds++;
    }
  };
  for (const { event } of events.slice(0, k)) {
    const op = TREE_OPS[event.kind]?.(event);
    if (!op) continue;
    if (op.restart) path.length = 0;
    if (op.truncate !== undefined) keep(Math.max(1, op.truncate) - 1);
    if (op.push !== undefined) {
      keep(Math.max(1, op.push) - 1);
      if (path.length) path[path.length - 1].children++;
      path.push({ children: 0, dead: false, solution: false, fruitful: false });
      choices++;
      deepest = Math.max(deepest, op.push);
    }
    const top = path[path.length - 1];
    if (op.why && top && !top.dead && !top.fruitful) {
      top.dead = true;
      deadEnds++;
    }
    if (op.solution && top) {
      top.solution = true;
      for (const n of path) n.fruitful = true;
    }
  }
  return { choices, deadEnds, deepest };
}

/** The figures of a tree caption ("12 choices, 3 dead ends (×), deepest depth 4; …"); a tree with
 *  no choice yet says so in words. */
function captionFigures(caption) {
  const m = /^([\d,]+) choices?, ([\d,]+) dead ends? \(×\), deepest depth (\d+);/.exec(caption);
  if (!m) {
    assert.match(caption, /grows here|^No choices up to step/, `a caption without figures: ${caption}`);
    return { choices: 0, deadEnds: 0, deepest: 0 };
  }
  const num = (t) => Number(t.replace(/,/g, ''));
  return { choices: num(m[1]), deadEnds: num(m[2]), deepest: num(m[3]) };
}

/** Everything a side of a view shows: canvases' pixels, the sentence, the counters, the tree. */
async function snapshot(page, side) {
  return page.evaluate((side) => {
    const q = (s) => document.querySelector(s);
    const counters = {};
    // Time is the solver's so far (not kept per event): it is not part of a step's picture.
    for (const d of document.querySelectorAll(`${side.scope} [data-counter]`)) if (d.dataset.counter !== 'elapsed') counters[d.dataset.counter] = d.textContent;
    return {
      pixels: side.canvases.map((c) => q(c)?.toDataURL() ?? null),
      sentence: q(side.status).textContent,
      counters,
      tree: side.tree ? q(`${side.tree}-caption`)?.textContent ?? null : null,
    };
  }, side);
}

async function settle(page) {
  // Two animation frames: the tree and charts paint on the next frame after a step.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

async function seek(page, tab, k, sides, ends) {
  await page.locator(`#${tab} .scrubber`).evaluate((el, k) => {
    el.value = String(k);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, k);
  await atStep(page, tab, k, sides, ends);
  await settle(page);
}

/** Waits for the step count to read k and every side to have got there (or to its run's end:
 *  the race's sides play on together, and the shorter run stops at its last step). */
const atStep = (page, tab, k, sides = [], ends = []) =>
  page.waitForFunction(
    ([tab, k, statuses, ends]) =>
      new RegExp(`^Step ${k.toLocaleString('en-US')} of`).test(document.querySelector(`#${tab} .step-count`)?.textContent ?? '') &&
      statuses.every((s, i) => Number(document.querySelector(s)?.dataset.step ?? 0) === Math.min(k, ends[i] ?? k)),
    [tab, k, sides.map((s) => s.status), ends],
    { timeout: 30_000 },
  );

/** Steps spread over 1..total: the first few, then evenly, the last. */
/** An event's kind; an undone range is a kind of its own (it has a sentence, a narrowed one has none). */
function kindOf(e) {
  return e.rule === 'undo' ? `${e.kind}:undo` : e.kind;
}

function picks(total, traces = [], count = 20) {
  const s = new Set([1, 2, 3]);
  for (let i = 1; i <= count; i++) s.add(Math.max(1, Math.round((i * total) / count)));
  // And the first event of every kind, so that each kind's sentence is seen at least once.
  for (const t of traces) {
    const kinds = new Set();
    t.events.forEach((e, i) => {
      const kind = kindOf(e.event);
      if (!kinds.has(kind)) s.add(i + 1);
      kinds.add(kind);
    });
  }
  return [...s].filter((k) => k <= total).sort((a, b) => a - b);
}

/**
 * One view: `link` opens it, `sides` name what each run shows (the race has two). Checks the
 * counters and sentence at every pick against the native replay, then the four paths. `run`, if
 * given, is the algorithm and seed the link must have made the page run.
 */
async function checkView({ link, tab, sides, cap = 600, ready = null, run = null }) {
  const { page, problems, context } = await openPage(app, link);
  // A puzzle view applies its link's mode once the puzzle has loaded.
  if (ready) await page.waitForSelector(ready);
  await atStep(page, tab, 0, sides);
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await settle(page);
  const start = await Promise.all(sides.map((s) => snapshot(page, s)));
  for (const [i, s] of sides.entries()) {
    if (s.tree) assert.match(start[i].tree, /grows here/, `${link}: the untouched tree panel`);
  }
  // Path 1: forward, by Step (the page fetches in frames; the counters must still be per event).
  const forward = new Map();
  const step = page.locator(`#${tab} .playback`).getByRole('button', { name: 'Step', exact: true });
  const FORWARD = 12;
  for (let k = 1; k <= FORWARD; k++) {
    await step.click();
    await atStep(page, tab, k, sides);
    await settle(page);
    forward.set(k, await Promise.all(sides.map((s) => snapshot(page, s))));
  }
  // The runs on screen, as their sessions were created: the oracle replays exactly these.
  const runs = await Promise.all(sides.map((s) => page.getAttribute(s.status, 'data-run').then((r) => JSON.parse(r))));
  if (run) {
    assert.equal(runs[0].algorithm, run.algorithm, `${link}: the algorithm of the link`);
    assert.equal(String(runs[0].options.seed), run.seed, `${link}: the seed of the link`);
  }
  const traces = runs.map((r) => nativeTrace(r, cap));
  const total = Math.max(...traces.map((t) => t.events.length));
  assert.ok(total >= 20, `${link}: a run of 20 steps or more (${total})`);
  const ends = traces.map((t) => (t.end.status === 'paused' ? Infinity : t.events.length));
  const ks = picks(total, traces);
  assert.ok(ks.length >= 20, `${link}: ${ks.length} steps`);
  // The rest of the way through the step's link (the player runs there through the run itself).
  const sep = link.includes('?') ? '&' : '?';
  await page.goto(`${app.url}${link}${sep}step=${total}`);
  await atStep(page, tab, total, sides, ends);

  // Path 2: scrubbing, from the last pick back to the first; each compared with the oracle.
  const scrubbed = new Map();
  for (const k of [...ks].reverse()) {
    await seek(page, tab, k, sides, ends);
    const shot = await Promise.all(sides.map((s) => snapshot(page, s)));
    scrubbed.set(k, shot);
    for (const [i, s] of sides.entries()) {
      const ev = traces[i].events[Math.min(k, traces[i].events.length) - 1];
      const expected = expectedCounters(Object.keys(shot[i].counters), ev);
      if ('conflicts' in shot[i].counters) expected.conflicts = conflictsAt(traces[i].events, Math.min(k, traces[i].events.length));
      if ('cost' in shot[i].counters) expected.cost = costAt(runs[i], traces[i].events, Math.min(k, traces[i].events.length));
      const shown = Object.fromEntries(Object.entries(shot[i].counters).filter(([key]) => key in expected));
      assert.deepEqual(shown, expected, `${link} ${s.name}: counters at step ${k} (${ev?.event.kind})`);
      // The last step of an ended run shows the run's verdict instead of the event's sentence.
      const ended = k >= traces[i].events.length && traces[i].end.status !== 'paused';
      // Every event of a side with sentences carries Rust's, and the page shows it as it is:
      // labels such as "Guess:" are Rust's too, so the page writes no words of its own.
      // `quiet`: the kinds that keep the sentence before them on screen.
      const checked = s.sentences && ev && !(s.quiet ?? []).includes(kindOf(ev.event));
      if (checked && ev && !ended) {
        assert.ok(ev.event.why, `${link} ${s.name}: the ${ev.event.kind} at step ${k} has a sentence`);
        assert.equal(shot[i].sentence, sentence(ev.event.why), `${link} ${s.name}: sentence at step ${k}`);
      }
      // The tree's caption counts what the native run did up to this step: its dead ends with
      // the sentence that reports them, not when the search later leaves them.
      if (s.tree) assert.deepEqual(captionFigures(shot[i].tree), treeAt(traces[i].events, Math.min(k, traces[i].events.length)), `${link} ${s.name}: the tree's caption at step ${k}`);
      // A side whose last step shows how the run ended shows the native run's own sentence.
      if (s.endSays && ended) assert.equal(shot[i].sentence, traces[i].end.says, `${link} ${s.name}: the end at step ${k}`);
    }
    if (forward.has(k)) assert.deepEqual(shot, forward.get(k), `${link}: step ${k} scrubbed back equals stepped to`);
  }
  // Step 0 by scrubbing is the untouched page, tree panel included.
  await seek(page, tab, 0, sides, ends);
  assert.deepEqual(await Promise.all(sides.map((s) => snapshot(page, s))), start, `${link}: step 0 is the start`);

  // Path 3: Step back, from a later pick to the one before it.
  const back = page.locator(`#${tab} .playback`).getByRole('button', { name: 'Step back', exact: true });
  for (const k of ks.slice(-4, -1)) {
    await seek(page, tab, k + 1, sides, ends);
    await back.click();
    await atStep(page, tab, k, sides, ends);
    await settle(page);
    assert.deepEqual(await Promise.all(sides.map((s) => snapshot(page, s))), scrubbed.get(k), `${link}: Step back to ${k}`);
  }
  assert.deepEqual(problems, []);
  await context.close();

  // Path 4: the step's link, in a fresh page.
  for (const k of [ks[2], ks[Math.floor(ks.length / 2)], ks[ks.length - 1]]) {
    const other = await openPage(app, `${link}${sep}step=${k}`);
    if (ready) await other.page.waitForSelector(ready);
    await atStep(other.page, tab, k, sides, ends);
    await settle(other.page);
    assert.deepEqual(await Promise.all(sides.map((s) => snapshot(other.page, s))), scrubbed.get(k), `${link}: step=${k} opened as a link`);
    assert.deepEqual(other.problems, []);
    await other.context.close();
  }
}

const QUEENS = { name: 'search', scope: '#queens', canvases: ['#queens-board', '#queens-tree'], status: '#queens-status', tree: '#queens-tree', sentences: true, endSays: true };

test('N-Queens backtracking (bitmask, first solution) shows step k of its run', async () => {
  await checkView({ link: '#queens/6', tab: 'queens', sides: [QUEENS] });
});

test('N-Queens naive backtracking, all solutions, shows step k of its run', async () => {
  await checkView({ link: '#queens/6?algo=naive&opts=find:all', tab: 'queens', sides: [QUEENS], cap: 900 });
});

test('min-conflicts repair shows step k of its run, conflicts included', async () => {
  await checkView({
    link: '#repair/30?seed=5',
    tab: 'repair',
    sides: [{ name: 'repair', scope: '#repair', canvases: ['#repair-board', '#repair-chart', '#repair-strip'], status: '#repair-status', sentences: true, endSays: true }],
  });
});

test('search versus repair shows step k of both runs', async () => {
  await checkView({
    link: '#race/30?seed=5',
    tab: 'race',
    sides: [
      { name: 'search', scope: '#race-search', canvases: ['#race-search-board'], status: '#race-search-status', sentences: true, endSays: true },
      { name: 'repair', scope: '#race-repair', canvases: ['#race-repair-board'], status: '#race-repair-status', sentences: true, endSays: true },
    ],
    cap: 400,
  });
});

test('Skyscrapers watch shows step k of its run', async () => {
  await checkView({
    link: '#skyscrapers/' + encodeURIComponent('6://2/3//4/5/2/3//////2//////3/2/2/,g6f4u') + '?mode=watch',
    tab: 'skyscrapers',
    ready: '#sky-board[data-mode=watch]',
    sides: [{ name: 'watch', scope: '#skyscrapers', canvases: ['#sky-board', '#sky-tree'], status: '#sky-status', tree: '#sky-tree', sentences: true, endSays: true }],
  });
});

test('Skyscrapers repair shows step k of its run: moves, restarts and cost included', async () => {
  // Seed 4 on the example: 432 moves, with a restart among them, before it finds the grid.
  await checkView({
    link: '#skyscrapers/' + encodeURIComponent('4://///1/3///4/////3/') + '?mode=watch&algo=repair&seed=4',
    tab: 'skyscrapers',
    ready: '#sky-board[data-mode=watch]',
    run: { algorithm: 'repair', seed: '4' },
    // No search tree for repair: the board, the counters and Rust's sentence.
    sides: [{ name: 'repair', scope: '#skyscrapers', canvases: ['#sky-board'], status: '#sky-status', sentences: true, endSays: true }],
  });
});

// A range a rule narrowed, and a change of focus, keep the line of the rule before them; every
// other event (an undo of a range included) says what it does.
const HASHI = {
  name: 'watch',
  scope: '#hashi',
  canvases: ['#hashi-board', '#hashi-tree'],
  status: '#hashi-status',
  tree: '#hashi-tree',
  sentences: true,
  quiet: ['hashiFocus', 'hashiRange'],
  endSays: true,
};

test('Hashiwokakero watch shows step k of its run', async () => {
  await checkView({
    link: '#hashi/' + encodeURIComponent('7x7m2:3a4c3i2b1a5e5n3e2') + '?mode=watch',
    tab: 'hashi',
    ready: '#hashi-board[data-mode=watch]',
    sides: [HASHI],
  });
});

test('Hashiwokakero plain backtracking shows step k of its run, backtracks included', async () => {
  await checkView({
    link: '#hashi/' + encodeURIComponent('3x3m2:3a3c3a3') + '?mode=watch&opts=degree:off,isolation:off,connectivity:off,cutEdges:off,matrixTree:off',
    tab: 'hashi',
    ready: '#hashi-board[data-mode=watch]',
    sides: [HASHI],
  });
});
