// The page's small pure helpers: the speed slider's scale, number and time formats, and the
// sentences and verdicts the status lines show.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_SPEED, sliderToSpeed, speedLabel } from '../../build/unit/player.js';
import { formatMicros } from '../../build/unit/dom.js';
import { plural, sentence, typedWhole } from '../../build/unit/views/common/text.js';

test('the speed slider: 1 event/s at 0, ×10 per 100/4.5 steps, unlimited only at 100', () => {
  assert.equal(sliderToSpeed(0), 1);
  assert.equal(sliderToSpeed(100), MAX_SPEED);
  assert.equal(sliderToSpeed(200 / 4.5), 100);
  assert.equal(sliderToSpeed(99), Math.round(10 ** 4.455));
  for (let v = 1; v <= 100; v++) assert.ok(sliderToSpeed(v) >= sliderToSpeed(v - 1), `monotonic at ${v}`);
  assert.ok(sliderToSpeed(99) < MAX_SPEED);
  assert.equal(speedLabel(1), '1 event/s');
  assert.equal(speedLabel(178), '178 events/s');
  assert.equal(speedLabel(MAX_SPEED), 'max');
});

test('solver time: µs below a millisecond, ms below a second, then seconds', () => {
  assert.equal(formatMicros(0), '—', 'no time measured is not "0 µs"');
  assert.equal(formatMicros(1), '1 µs');
  assert.equal(formatMicros(999), '999 µs');
  assert.equal(formatMicros(1000), '1.0 ms');
  assert.equal(formatMicros(123_456), '123.5 ms');
  assert.equal(formatMicros(999_999), '1000.0 ms');
  assert.equal(formatMicros(1_000_000), '1.00 s');
  assert.equal(formatMicros(61_234_567), '61.23 s');
});

test('sentences: capitalised, one final stop', () => {
  assert.equal(sentence('  island 2,3 needs one more bridge '), 'Island 2,3 needs one more bridge.');
  assert.equal(sentence('done.'), 'Done.');
  assert.equal(sentence('really?'), 'Really?');
  assert.equal(sentence(''), '');
  assert.equal(plural(1, 'solution'), '1 solution');
  assert.equal(plural(1234, 'solution'), '1,234 solutions');
});

test('count progress: weights of the tasks done, a share of the one running, 1 each without weights', async () => {
  const { progressWeights } = await import('../../build/unit/count-weights.js');
  const w = progressWeights([5, 1, 4], 3);
  assert.equal(w.total, 10);
  assert.equal(w.within(0, 1, 0), 5);
  assert.equal(w.within(1, 2, 0), 5);
  assert.equal(w.within(0, 1, 0.5), 5.5);
  assert.equal(w.within(0, 3, 0.5), 10); // nothing after the last task
  // Missing, short or bad weights (an older module): every task weighs 1.
  for (const bad of [undefined, [1, 2], [1, 0, 2], [1, 1.5, 2], [1, -1, 2]]) {
    const u = progressWeights(bad, 3);
    assert.equal(u.total, 3, String(bad));
    assert.equal(u.within(1, 1, 0), 1, String(bad));
  }
  assert.equal(progressWeights([], 0).total, 1);
});

test('count order: a permutation that spreads neighbouring tasks of the plan apart', async () => {
  const { mixedOrder } = await import('../../build/unit/count-weights.js');
  for (const count of [0, 1, 2, 3, 10, 351, 851, 1031]) {
    const order = mixedOrder(count);
    assert.deepEqual([...order].sort((a, b) => a - b), Array.from({ length: count }, (_, i) => i), `count ${count}`);
    // The first tenth of the run already reaches into every tenth of the plan.
    if (count >= 100) {
      const reached = new Set(order.slice(0, Math.ceil(count / 10)).map((i) => Math.floor((10 * i) / count)));
      assert.equal(reached.size, 10, `count ${count}`);
    }
  }
});

test('count batches: contiguous, at least one task, shrinking to the end, a few dozen for any plan', async () => {
  const { batchEnd, progressWeights } = await import('../../build/unit/count-weights.js');
  const lcg = (seed) => () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (const [tasks, workers] of [[1, 2], [3, 2], [10, 1], [351, 2], [5000, 2], [5000, 8]]) {
    const rand = lcg(tasks + workers);
    // Weights a hundredfold apart, as in a real plan.
    const weights = Array.from({ length: tasks }, () => 1 + Math.floor(100 * rand()));
    const w = progressWeights(weights, tasks);
    const sizes = [];
    for (let start = 0; start < tasks; ) {
      const end = batchEnd(w, start, tasks, workers);
      assert.ok(end > start && end <= tasks, `${tasks}/${workers}: batch ${start}..${end}`);
      sizes.push(w.within(start, end - start, 0));
      start = end;
    }
    assert.equal(sizes.reduce((a, b) => a + b, 0), w.total, 'every task once');
    // Shrinking: no batch outweighs the one before by more than one task (a batch ends at the
    // first task that takes it past its share).
    const heaviest = Math.max(...weights);
    sizes.forEach((s, k) => k === 0 || assert.ok(s <= sizes[k - 1] + heaviest, `${tasks}/${workers}: batch ${k} ${s} after ${sizes[k - 1]}`));
    assert.ok(sizes.length <= Math.min(tasks, 64 * workers), `${tasks}/${workers}: ${sizes.length} batches`);
    if (tasks >= 351) {
      // The first batch is about 1/(2·workers) of the run; the last ones are small.
      assert.ok(Math.abs(sizes[0] / w.total - 1 / (2 * workers)) < 0.02, `first batch ${sizes[0] / w.total}`);
      assert.ok(sizes.at(-1) / w.total < 1 / (32 * workers), `last batch ${sizes.at(-1) / w.total}`);
    }
  }
  // Without weights (an older module) every task weighs 1: the same shrinking batches by count.
  const ones = progressWeights(undefined, 1000);
  const counts = [];
  for (let start = 0; start < 1000; start = batchEnd(ones, start, 1000, 2)) counts.push(batchEnd(ones, start, 1000, 2) - start);
  assert.equal(counts[0], 250);
  assert.ok(counts.every((c, k) => k === 0 || c <= counts[k - 1]) && counts.at(-1) <= 8, counts.join(' '));
  // One task is one batch.
  assert.equal(batchEnd(progressWeights([7], 1), 0, 1, 2), 1);
});

test('a typed whole number: digits only, as links write them', () => {
  assert.equal(typedWhole('1000'), 1000);
  assert.equal(typedWhole(' 12 '), 12);
  for (const t of ['1e3', '0x10', '1.0', '-1', '+5', '', ' ', '١٢', '12abc', '9'.repeat(16)]) assert.ok(Number.isNaN(typedWhole(t)), t);
  // With a range: its ends are in, anything past them is NaN like a non-number.
  assert.equal(typedWhole('4', 4, 64), 4);
  assert.equal(typedWhole('64', 4, 64), 64);
  for (const t of ['3', '65', '0', '1e1']) assert.ok(Number.isNaN(typedWhole(t, 4, 64)), t);
});

test("a plot's placeholder wraps to the frame's width (presenter mode's narrow plot cut it at both edges)", async () => {
  const { wrapText } = await import('../../build/unit/render/xy-plot.js');
  // A stand-in context: every character is 10 units wide.
  const ctx = { measureText: (s) => ({ width: s.length * 10 }) };
  const text = 'Count a few sizes to see the time grow with N.';
  const lines = wrapText(ctx, text, 150);
  assert.deepEqual(lines, ['Count a few', 'sizes to see', 'the time grow', 'with N.']);
  for (const l of lines) assert.ok(l.length * 10 <= 150, l);
  assert.equal(lines.join(' '), text, 'no word lost');
  // Wide enough: one line; a word wider than the frame stays whole on its own line.
  assert.deepEqual(wrapText(ctx, text, 10_000), [text]);
  assert.deepEqual(wrapText(ctx, 'a verylongword b', 50), ['a', 'verylongword', 'b']);
});

test('a or an before a spoken number: an 8 × 8, an 11 × 11, an 18 × 18, a 9 × 9', async () => {
  const { article } = await import('../../build/unit/views/common/text.js');
  for (const n of [8, 11, 18, 80, 83, 800, 8000, 11000, 18500]) assert.equal(article(n), 'an', String(n));
  for (const n of [1, 4, 9, 10, 12, 16, 25, 60, 100, 110, 180, 1100, 1800]) assert.equal(article(n), 'a', String(n));
});

test('a plot keeps its y axis label clear of the widest tick label, in a wide font', async () => {
  const { drawXYPlot } = await import('../../build/unit/render/xy-plot.js');
  // A recording stand-in for the canvas: a wide font (every character 0.7 em, as DejaVu Sans's
  // digits nearly are), the tick labels drawn right-aligned, and where the rotated label stands.
  const em = (font) => Number(/([\d.]+)px/.exec(font)[1]);
  for (const dpr of [1, 2]) {
    const drawn = [];
    let labelX = null;
    const state = { font: '10px sans-serif', textAlign: 'left' };
    const ctx = new Proxy(state, {
      get(t, key) {
        if (key === 'measureText') return (s) => ({ width: s.length * 0.7 * em(t.font) });
        if (key === 'fillText') return (s, x) => drawn.push({ s, x, align: t.textAlign, size: em(t.font), rotated: labelX !== null && t.rotated });
        if (key === 'translate') return (x) => (labelX = x);
        if (key === 'rotate') return () => (t.rotated = true);
        if (key === 'restore') return () => (t.rotated = false);
        if (key in t) return t[key];
        return () => {};
      },
      set(t, key, v) {
        t[key] = v;
        return true;
      },
    });
    const ms = (v) => (v >= 1000 ? `${v / 1000} s` : `${Number(v.toPrecision(1))} ms`);
    const series = [{ label: 'count', color: '#000', dash: [], marker: 'circle', points: [[8, 30], [12, 100], [15, 400]] }];
    const css = { getPropertyValue: () => '' };
    const theme = { faint: '#ccc', muted: '#666', fg: '#000', bg: '#fff' };
    drawXYPlot(ctx, dpr, { x: 0, y: 0, w: 560 * dpr, h: 200 * dpr }, { label: 'N', log: false, format: String }, { label: 'time', log: true, format: ms }, series, theme, css, { empty: '', legend: false });
    const ticks = drawn.filter((d) => d.align === 'right');
    assert.ok(ticks.some((d) => d.s === '100 ms'), JSON.stringify(ticks));
    const tickLeft = Math.min(...ticks.map((d) => d.x - d.s.length * 0.7 * d.size));
    const label = drawn.find((d) => d.s === 'time');
    // Rotated a quarter turn back, the label's glyphs stand left of its baseline (their ascent,
    // about 0.8 em) and its descent (about 0.25 em) to the right.
    assert.ok(labelX + 0.25 * label.size < tickLeft, `dpr ${dpr}: the label (baseline ${labelX}) runs into the tick labels (from ${tickLeft})`);
    assert.ok(labelX - 0.8 * label.size >= 0, `dpr ${dpr}: the label stays inside the canvas`);
  }
});
