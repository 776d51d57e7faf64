// Issue 36 point 3 for repair: a long repair run's conflicts chart stays bounded (CHART_KEEP
// points), like the player's history and the search tree, while every point a step back can
// reach is kept. The oracle is a plain list of every total the run reported.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyRepairEvent } from '../../build/unit/views/queens/events.js';
import { CHART_KEEP, emptyRepairView } from '../../build/unit/render/repair.js';
import { HISTORY } from '../../build/unit/player.js';

test('a repair run of millions of moves keeps at most CHART_KEEP chart points, the latest ones', () => {
  const n = 8;
  const view = emptyRepairView(n);
  const all = []; // every total, in order: the chart's oracle
  const allSteps = [];
  const restartsAt = []; // absolute chart indices of restarts
  // The last HISTORY undos, as the player keeps them (a ring: `count` applied so far).
  const undos = new Array(HISTORY);
  let count = 0;
  const apply = (e) => {
    undos[count++ % HISTORY] = applyRepairEvent(view, e);
  };
  apply({ kind: 'repairInit', columns: Array.from({ length: n }, (_, i) => i), totalConflicts: 28 });
  all.push(28);
  allSteps.push(1); // the player's step after the event (applyRepairEvent counts it)
  const moves = 2 * CHART_KEEP + 12_345;
  for (let k = 1; k <= moves; k++) {
    const total = (k * 7919) % 29;
    if (k % 100_003 === 0) {
      restartsAt.push(all.length);
      apply({ kind: 'repairRestart', columns: Array.from({ length: n }, (_, i) => (i + k) % n), totalAfter: total, restart: restartsAt.length });
    } else {
      apply({ kind: 'repairMove', row: k % n, from: 0, to: 1, totalAfter: total, conflictsBefore: 1, conflictsAfter: 0 });
    }
    all.push(total);
    allSteps.push(k + 1);
  }
  assert.ok(view.chart.length <= CHART_KEEP, `the chart holds ${view.chart.length} points`);
  assert.ok(view.chart.length >= CHART_KEEP / 2);
  assert.equal(view.chartDropped + view.chart.length, all.length);
  assert.deepEqual(view.chart, all.slice(view.chartDropped));
  assert.deepEqual(view.chartSteps, allSteps.slice(view.chartDropped));
  assert.deepEqual(
    view.restarts.map((r) => r + view.chartDropped),
    restartsAt.filter((r) => r >= view.chartDropped),
  );
  assert.equal(view.restartsDropped, restartsAt.filter((r) => r < view.chartDropped).length);
  // Stepping back the whole player's window lands on the chart of that step, point for point.
  for (let i = 0; i < HISTORY; i++) undos[--count % HISTORY]();
  const keptTo = all.length - HISTORY;
  assert.deepEqual(view.chart, all.slice(view.chartDropped, keptTo));
});
