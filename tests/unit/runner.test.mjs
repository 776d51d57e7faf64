// The runner shared by every view, driven by a fake solver client: Step back must leave the view
// and the "last event" (which the status line describes) exactly as they were one step earlier.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Runner } from '../../build/unit/views/runner.js';

// Node has no animation frames; only play() schedules any, and dispose() cancels one.
globalThis.requestAnimationFrame ??= (f) => setTimeout(() => f(performance.now()), 16);
globalThis.cancelAnimationFrame ??= (id) => clearTimeout(id);

const stats = (nodes) => ({ nodes, backtracks: 0, solutions: 0, depth: 0, moves: 0, restarts: 0, elapsedMicros: 0 });

/** A client whose one session yields events 0..count-1, one per frame. */
function fakeClient(count) {
  let next = 0;
  return {
    async create() {
      return 1;
    },
    async step() {
      const events = next < count ? [{ kind: 'tick', n: next++ }] : [];
      return { events, after: events.map(() => [next, 0, 0, 0, 0, 0]), stats: stats(next), status: next < count ? 'paused' : 'exhausted' };
    },
    params() {
      return { puzzle: 'fake', id: 'fake', algorithm: 'tick', options: {} };
    },
    async dispose() {},
    cancel() {},
  };
}

test('Step back restores the view and the last event the status line shows', async () => {
  const shown = [];
  const run = new Runner(fakeClient(3), {
    create: (c) => c.create(),
    fresh: () => ({ ticks: [] }),
    apply(view, e) {
      view.ticks.push(e.n);
      return () => view.ticks.pop();
    },
    changed(_state, last) {
      shown.push(last ? last.n : null);
    },
    solved() {},
    error(message) {
      if (message !== null) throw new Error(message);
    },
  });
  await run.reset();
  await run.step();
  await run.step();
  assert.deepEqual(run.view.ticks, [0, 1]);
  assert.equal(shown.at(-1), 1);
  run.stepBack();
  assert.deepEqual(run.view.ticks, [0]);
  assert.equal(shown.at(-1), 0, 'after one step back the status describes event 0, not the undone event 1');
  run.stepBack();
  assert.deepEqual(run.view.ticks, []);
  assert.equal(shown.at(-1), null, 'back at the start: no event to describe');
  assert.equal(run.state().canStepBack, false);
  run.dispose();
});
