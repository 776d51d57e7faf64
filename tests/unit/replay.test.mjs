// Replays REAL solver traces (the wasm module built by scripts/build-wasm.sh, run in Node) through
// every view's reducer: all events forwards, then all undone in reverse. Step back must land on
// exactly the state the view had at that step going forwards — board, counters and the sentence
// shown, since they all live in the view state — and on the initial state at the start.
// Every event kind of every algorithm must occur in some trace, so a kind the page cannot apply or
// undo is caught here rather than by a user pressing Step back.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import * as wasm from '../../www/pkg/solvescope.js';
const { initSync, Session } = wasm;
import { REGISTRY } from '../../build/unit/generated/registry.js';

const root = new URL('../../', import.meta.url);
initSync({ module: readFileSync(new URL('www/pkg/solvescope_bg.wasm', root)) });

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

// Every puzzle of the registry, with the runs of its samples.json (the conformance suite's fixtures,
// tests/conformance.rs) through its view folder's reducer (www/views/<name>/replay.ts).
for (const name of JSON.parse(readFileSync(new URL('www/generated/puzzles.json', root), 'utf8'))) {
  test(`${name}: every sample run applied and undone, every event kind of every algorithm`, async () => {
    const { REPLAY } = await import(`../../build/unit/views/${name}/replay.js`);
    const info = REGISTRY.find((p) => p.name === name);
    const { runs } = JSON.parse(readFileSync(new URL(`src/puzzles/${name}/samples.json`, root), 'utf8'));
    for (const algorithm of info.algorithms) {
      // The kinds the registry lists on the algorithm's pseudocode: the conformance suite proves they
      // are exactly the ones the Rust machine emits.
      const kinds = algorithm.code.flatMap((line) => line.events).sort();
      const cases = runs.filter((r) => r.algorithm === algorithm.name);
      assert.ok(cases.length > 0, `${name}/${algorithm.name} has sample runs`);
      covers(
        kinds,
        cases.map((r) => {
          const puzzle = wasm.parse(name, r.id).puzzle;
          let layout = null;
          try {
            layout = wasm.layout(name, puzzle);
          } catch {
            // A puzzle without a layout (N-Queens) says so; its reducer does not need one.
          }
          const start = { algorithm: r.algorithm, puzzle, layout };
          return {
            label: `${name} ${r.label}`,
            session: [name, r.id, r.algorithm, r.options],
            status: r.status,
            fresh: () => REPLAY.fresh(start),
            apply: (view, e) => REPLAY.apply(view, e, r.algorithm),
          };
        }),
      );
    }
  });
}
