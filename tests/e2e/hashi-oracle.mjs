// An independent Hashiwokakero oracle for the end-to-end and package tests: the bridge list as the
// board and the fixtures write it, and a rules check sharing no code with the solvers.

import assert from 'node:assert/strict';

/** Parses `r,c-r,cxN;…` (0-based) from the board. */
export function parseBridges(text) {
  if (!text) return [];
  return text.split(';').map((item) => {
    const m = /^(\d+),(\d+)-(\d+),(\d+)x(\d+)$/.exec(item);
    assert.ok(m, `bad bridge entry ${item}`);
    const [, r1, c1, r2, c2, n] = m.map(Number);
    return { a: [r1, c1], b: [r2, c2], n };
  });
}

/**
 * Independent Hashiwokakero checker: `cells` row-major (0 water, 255 rock, else the number), `k`
 * bridges per pair at most. Returns null when the bridges are a solution, else what is wrong.
 */
export function checkHashi(width, height, cells, k, bridges) {
  const at = (r, c) => cells[r * width + c];
  const island = (r, c) => r >= 0 && c >= 0 && r < height && c < width && at(r, c) !== 0 && at(r, c) !== 255;
  const degree = new Map();
  const used = new Map(); // water cell -> 'h' | 'v'
  const adj = new Map();
  const seenPairs = new Set();
  for (const { a, b, n } of bridges) {
    if (!island(...a) || !island(...b)) return `bridge end not on an island: ${a} ${b}`;
    if (!(n >= 1 && n <= k)) return `${n} bridges on ${a}-${b}`;
    const pair = `${a}|${b}`;
    if (seenPairs.has(pair)) return `pair ${pair} twice`;
    seenPairs.add(pair);
    const horizontal = a[0] === b[0];
    if (!horizontal && a[1] !== b[1]) return `bridge ${a}-${b} is not straight`;
    const [lo, hi] = horizontal ? [Math.min(a[1], b[1]), Math.max(a[1], b[1])] : [Math.min(a[0], b[0]), Math.max(a[0], b[0])];
    for (let t = lo + 1; t < hi; t++) {
      const [r, c] = horizontal ? [a[0], t] : [t, a[1]];
      if (at(r, c) !== 0) return `bridge ${a}-${b} passes over a non-water cell at ${r},${c}`;
      if (used.has(r * width + c)) return `bridges cross at ${r},${c}`;
      used.set(r * width + c, horizontal ? 'h' : 'v');
    }
    for (const [p, q] of [
      [a, b],
      [b, a],
    ]) {
      const key = p[0] * width + p[1];
      degree.set(key, (degree.get(key) ?? 0) + n);
      if (!adj.has(key)) adj.set(key, []);
      adj.get(key).push(q[0] * width + q[1]);
    }
  }
  const islands = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      if (!island(r, c)) continue;
      islands.push(r * width + c);
      if ((degree.get(r * width + c) ?? 0) !== at(r, c)) return `island ${r},${c} has ${degree.get(r * width + c) ?? 0} of ${at(r, c)}`;
    }
  }
  const seen = new Set([islands[0]]);
  const stack = [islands[0]];
  while (stack.length) for (const q of adj.get(stack.pop()) ?? []) if (!seen.has(q)) seen.add(q), stack.push(q);
  if (seen.size !== islands.length) return `only ${seen.size} of ${islands.length} islands are connected`;
  return null;
}
