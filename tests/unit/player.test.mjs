// The player without a page: stepping forwards fetches frames as needed, stepping back undoes
// without asking the source again, and the counters shown are those the solver sent with the
// event on top (Frame.after), never the frame's own, which run ahead of all but its last event.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Player } from '../../build/unit/player.js';

globalThis.requestAnimationFrame ??= (f) => setTimeout(() => f(performance.now()), 16);
globalThis.cancelAnimationFrame ??= (id) => clearTimeout(id);

const stats = (nodes) => ({ nodes, backtracks: 0, solutions: 0, depth: 0, moves: 0, restarts: 0, elapsedMicros: 0 });
/** Counters after an event (Rust's engine::Counters): [nodes, backtracks, solutions, depth, moves, restarts]. */
const after = (nodes) => [nodes, 0, 0, 0, 0, 0];

test('steps forwards and back through frames; finished only when every event is shown', async () => {
  // Two frames: events 0,1 (2 and 5 nodes after them; the machine got to 6), then event 2 and
  // the end (7 nodes).
  const frames = [
    { events: [{ kind: 'e', n: 0 }, { kind: 'e', n: 1 }], after: [after(2), after(5)], stats: stats(6), status: 'paused' },
    { events: [{ kind: 'e', n: 2 }], after: [after(7)], stats: stats(7), status: 'exhausted' },
  ];
  let fetched = 0;
  const applied = [];
  const states = [];
  const p = new Player(
    async () => frames[fetched++],
    (e) => {
      applied.push(e.n);
      return () => applied.pop();
    },
    (s) => states.push(s),
    (e) => assert.fail(String(e)),
  );
  assert.equal(await p.stepForward(), true);
  assert.equal(fetched, 1);
  assert.deepEqual(applied, [0]);
  assert.equal(p.state().stats.nodes, 2, 'the counters after event 0, not the frame end');
  assert.equal(p.state().computed.nodes, 6, 'how far the solver got, shown apart');
  assert.equal(p.state().status, 'paused');
  assert.equal(p.state().verdict, null);
  await p.stepForward();
  await p.stepForward();
  assert.deepEqual(applied, [0, 1, 2]);
  assert.equal(fetched, 2);
  assert.equal(p.state().stats.nodes, 7);
  assert.equal(p.state().finished, true);
  assert.equal(await p.stepForward(), false, 'nothing after the end');
  assert.equal(p.stepBack(), true);
  assert.deepEqual(applied, [0, 1]);
  assert.equal(p.state().finished, false);
  assert.equal(p.state().stats.nodes, 5, 'the counters after event 1');
  assert.equal(p.state().status, 'paused', 'not the end status before the last event');
  p.stepBack();
  p.stepBack();
  assert.deepEqual(applied, []);
  assert.equal(p.state().position, 0);
  assert.equal(p.state().stats.nodes, 0, 'step 0 shows zero, as before the first step');
  assert.equal(p.state().status, null);
  assert.equal(p.stepBack(), false, 'nothing before the start');
  assert.equal(fetched, 2, 'stepping back never asks the source');
  // Held-down arrow: quick successive steps apply one event each, in order.
  await Promise.all([p.stepForward(), p.stepForward(), p.stepForward()]);
  assert.deepEqual(applied, [0, 1, 2]);
  p.dispose();
});

test('a failed fetch is reported and the next step tries again', async () => {
  let calls = 0;
  const errors = [];
  const p = new Player(
    async () => {
      if (calls++ === 0) throw new Error('worker restarted');
      return { events: [{ kind: 'e' }], after: [after(1)], stats: stats(1), status: 'exhausted' };
    },
    () => () => {},
    () => {},
    (e) => errors.push(e.message),
  );
  assert.equal(await p.stepForward(), false);
  assert.deepEqual(errors, ['worker restarted']);
  assert.equal(await p.stepForward(), true);
  assert.equal(p.state().finished, true);
  p.dispose();
});

test('a fetch that fails after the player was disposed (its session freed by a reset) is not reported', async () => {
  const errors = [];
  let release;
  const p = new Player(
    () =>
      new Promise((_, reject) => {
        release = () => reject(new Error('no solver session 1 (it was reset or never created)'));
      }),
    () => () => {},
    () => {},
    (e) => errors.push(e.message),
  );
  const pending = p.stepForward();
  while (!release) await new Promise((r) => setTimeout(r, 1)); // the fetch is under way
  p.dispose();
  release();
  await pending;
  assert.deepEqual(errors, [], 'the new run must not show the old run\'s error');
});

test('computeTo fetches the run ahead without moving the step on screen', async () => {
  // Ten events, one per frame, the last frame ending the run.
  let fetched = 0;
  const applied = [];
  const p = new Player(
    async (max) => {
      const events = [];
      const afters = [];
      while (events.length < max && fetched < 10) {
        events.push({ kind: 'e', n: fetched });
        afters.push(after(++fetched));
      }
      return { events, after: afters, stats: stats(fetched), status: fetched < 10 ? 'paused' : 'exhausted' };
    },
    (e) => {
      applied.push(e.n);
      return () => applied.pop();
    },
    () => {},
    (e) => assert.fail(String(e)),
  );
  await p.stepForward();
  assert.equal(await p.computeTo(6), 6, 'six steps known');
  assert.deepEqual(applied, [0], 'still at step 1');
  assert.equal(p.state().position, 1);
  assert.equal(await p.computeTo(50), 10, 'the run ends at ten');
  assert.equal(p.state().complete, true);
  p.seek(8);
  assert.deepEqual(applied, [0, 1, 2, 3, 4, 5, 6, 7]);
  p.seek(1);
  assert.deepEqual(applied, [0]);
});
