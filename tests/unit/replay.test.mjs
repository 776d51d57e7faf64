// Replays REAL solver traces (the wasm module built by scripts/build-wasm.sh, run in Node) through
// every view's reducer: all events forwards, then all undone in reverse. Step back must land on
// exactly the state the view had at that step going forwards — board, counters and the sentence
// shown, since they all live in the view state — and on the initial state at the start.
// Every event kind each Rust `Event` enum declares must occur in some trace, so a kind the page
// cannot apply or undo is caught here rather than by a user pressing Step back.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import * as wasm from '../../www/pkg/solvescope.js';
const { initSync, Session } = wasm;
import { applyQueensEvent, applyRepairEvent } from '../../build/unit/views/queens/events.js';
import { applyWatch as applyHashi, freshWatch as freshHashi } from '../../build/unit/views/hashi/state.js';
import { applySkyEvent, freshWatch as freshSky } from '../../build/unit/views/skyscrapers/state.js';
import { emptyQueensView } from '../../build/unit/render/queens.js';
import { emptyRepairView } from '../../build/unit/render/repair.js';

const root = new URL('../../', import.meta.url);
initSync({ module: readFileSync(new URL('www/pkg/solvescope_bg.wasm', root)) });

/** The `kind` tags of a Rust `pub enum Event` (serde `tag = "kind"`, camelCase variants). */
function rustKinds(path) {
  const src = readFileSync(new URL(path, root), 'utf8');
  const body = src.slice(src.indexOf('pub enum Event {'));
  const end = body.search(/\n}\n/);
  const names = [...body.slice(0, end).matchAll(/^ {4}([A-Z]\w*)/gm)].map((m) => m[1]);
  assert.ok(names.length > 0, `no Event variants found in ${path}`);
  return names.map((n) => n[0].toLowerCase() + n.slice(1)).sort();
}

/** Every event of a fresh session, stepped to the end in frames of `frame` events. */
function trace(puzzle, id, algorithm, options, frame = 97) {
  const s = new Session(puzzle, id, algorithm, options);
  const events = [];
  let f;
  try {
    do {
      f = s.step(frame);
      events.push(...f.events);
      assert.ok(events.length < 200_000, `${id}: the trace is too long for a unit test`);
    } while (f.status === 'paused');
  } finally {
    s.free();
  }
  return { events, status: f.status, stats: f.stats };
}

/**
 * Applies `events` to `fresh()` one by one, then undoes them all in reverse. At a few steps k the
 * state reached by undoing back to k must deep-equal the state after applying the first k.
 */
function replay(label, fresh, apply, events) {
  const view = fresh();
  const n = events.length;
  const checkpoints = new Set([0, 1, 2, Math.floor(n / 3), Math.floor(n / 2), n - 2, n - 1, n].filter((k) => k >= 0 && k <= n));
  const seen = new Map();
  const undos = [];
  events.forEach((e, i) => {
    if (checkpoints.has(i)) seen.set(i, structuredClone(view));
    const undo = apply(view, e);
    assert.equal(typeof undo, 'function', `${label}: event ${i} (${e.kind}) returned no undo`);
    undos.push(undo);
  });
  seen.set(n, structuredClone(view));
  assert.deepStrictEqual(view, seen.get(n));
  for (let i = n - 1; i >= 0; i--) {
    undos[i]();
    if (checkpoints.has(i)) assert.deepStrictEqual(view, seen.get(i), `${label}: stepping back to step ${i} of ${n} (after undoing ${events[i].kind})`);
  }
  assert.deepStrictEqual(view, fresh(), `${label}: back at the start`);
}

/** Runs each case, replays it, and checks that together they emit every kind in `kinds`. */
function covers(kinds, cases) {
  const seen = new Set();
  for (const c of cases) {
    const t = trace(...c.session);
    if (c.status) assert.equal(t.status, c.status, `${c.label}: status`);
    if (c.expect) c.expect(t);
    for (const e of t.events) seen.add(e.kind);
    replay(c.label, c.fresh, c.apply, t.events);
  }
  assert.deepStrictEqual([...seen].sort(), kinds, 'every event kind of the solver occurs in some trace');
}

test('queens backtracking: first, all with a limit, count; every kind applied and undone', () => {
  const fresh = (n) => () => emptyQueensView(n);
  const apply = applyQueensEvent;
  covers(rustKinds('src/puzzles/queens/backtrack.rs'), [
    { label: 'first, n=6', session: ['queens', 'queens:6', 'backtrack', { mode: 'first' }], status: 'limitReached', fresh: fresh(6), apply },
    { label: 'all up to 2, n=6', session: ['queens', 'queens:6', 'backtrack', { mode: 'all', limit: 2 }], status: 'limitReached', fresh: fresh(6), apply },
    { label: 'count, n=6', session: ['queens', 'queens:6', 'backtrack', { mode: 'count' }], status: 'exhausted', expect: (t) => assert.equal(t.stats.solutions, 4), fresh: fresh(6), apply },
    { label: 'count, n=3 (none)', session: ['queens', 'queens:3', 'backtrack', { mode: 'count' }], status: 'exhausted', fresh: fresh(3), apply },
  ]);
});

test('queens repair: min-conflicts with tabu, noise and restarts, swap, giving up', () => {
  const fresh = (n) => () => emptyRepairView(n);
  const apply = applyRepairEvent;
  covers(rustKinds('src/puzzles/queens/repair/mod.rs'), [
    { label: 'minConflicts tabu+noise', session: ['queens', 'queens:8#7', 'repair', { strategy: 'minConflicts', tabu: 2, noise: 0.1, maxSteps: 5 }], fresh: fresh(8), apply },
    // Three moves per run are too few for N = 8: it restarts twice, then gives up.
    { label: 'minConflicts restarts', session: ['queens', 'queens:8#7', 'repair', { strategy: 'minConflicts', maxSteps: 3, maxRestarts: 2 }], status: 'gaveUp', expect: (t) => assert.equal(t.stats.restarts, 2), fresh: fresh(8), apply },
    { label: 'n=3 has no solution', session: ['queens', 'queens:3#1', 'repair', { strategy: 'minConflicts' }], status: 'gaveUp', fresh: fresh(3), apply },
    { label: 'swap', session: ['queens', 'queens:12#5', 'repair', { strategy: 'swap' }], status: 'limitReached', fresh: fresh(12), apply },
    { label: 'swap restarts', session: ['queens', 'queens:12#5', 'repair', { strategy: 'swap', maxSteps: 2, maxRestarts: 3 }], status: 'gaveUp', fresh: fresh(12), apply },
  ]);
});

test('skyscrapers: unique, several solutions, none; every kind applied and undone', () => {
  const sky = (label, id, status) => {
    const puzzle = wasm.parse('skyscrapers', id).puzzle;
    return { label, session: ['skyscrapers', id, 'solve', {}], status, fresh: () => freshSky(puzzle), apply: applySkyEvent };
  };
  covers(rustKinds('src/puzzles/skyscrapers/solve/events.rs'), [
    sky('unique 4x4', '4://///1/3///4/////3/', 'exhausted'),
    // No clue at all: every Latin square is a solution; the search stops at the second.
    sky('empty 4x4', `4:${'/'.repeat(15)}`, 'limitReached'),
    // Column 1 seen as 4 from the top and 4 from the bottom: a contradiction.
    sky('no solution', `4:4////4${'/'.repeat(11)}`, 'exhausted'),
  ]);
});

test('hashiwokakero: unique, multiple, none, matrix-tree prunes and restarts; every kind applied and undone', () => {
  const hashi = (label, id, techniques, status) => {
    const layout = wasm.layout('hashi', wasm.parse('hashi', id).puzzle);
    return { label, session: ['hashi', id, 'solve', { techniques }], status, fresh: () => freshHashi(layout), apply: applyHashi };
  };
  const off = { degree: false, isolation: false, connectivity: false, cutEdges: false, matrixTree: false };
  covers(rustKinds('src/puzzles/hashi/solve/events.rs'), [
    hashi('unique (the example)', '7x7m2:3a4c3i2b1a5e5n3e2', {}, 'exhausted'),
    hashi('multiple', '3x3m2:3a3c3a3', off, 'limitReached'),
    hashi('none (the article)', '5x5m2:3a3a2f2a2f2a3a3', {}, 'exhausted'),
    hashi('none by matrix-tree', '3x3m2L:2a2c2a2', { ...off, matrixTree: true }, 'exhausted'),
    // Plain backtracking on a hard 15x15 backtracks past the restart cutoff (100 × Luby) six times.
    {
      ...hashi('restarts (hard 15x15)', '15x15m2:c1j23l2p4a3c5b5d3g2c1h2f3a2g6a5a2t1b3p2g6c2q4a6a1q24d3a2a2f1d5e4a1', { ...off, matrixTree: true }, 'exhausted'),
      expect: (t) => assert.ok(t.stats.restarts > 0, 'the search restarted'),
    },
  ]);
});
