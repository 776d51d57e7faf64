// An independent Skyscrapers oracle for the end-to-end tests: the clues of a Tatham ID, the rules
// check and a brute-force solver, sharing no code with the solvers the page runs.

import assert from 'node:assert/strict';

export const SIDES = ['top', 'bottom', 'left', 'right'];

/** Clues of a Tatham Towers ID without givens: 4N slash-separated fields (top, bottom, left, right). */
export function tathamClues(id) {
  const [size, body] = id.split(':');
  const n = Number(size);
  const fields = body.split('/');
  assert.equal(fields.length, 4 * n, 'test fixture: clue count');
  return { n, clues: [0, 1, 2, 3].map((s) => fields.slice(s * n, s * n + n).map((f) => (f === '' ? 0 : Number(f)))) };
}

function visible(line) {
  let seen = 0;
  let top = 0;
  for (const v of line) {
    if (v > top) {
      seen++;
      top = v;
    }
  }
  return seen;
}

/** Independent rules check: a Latin square of 1..N whose lines see what every clue says. */
export function checkSky(n, clues, grid) {
  if (grid.length !== n) return `expected ${n} rows, got ${grid.length}`;
  for (let r = 0; r < n; r++) {
    if (grid[r].length !== n) return `row ${r} has ${grid[r].length} cells`;
    if ([...grid[r]].sort((a, b) => a - b).join() !== Array.from({ length: n }, (_, k) => k + 1).join()) {
      return `row ${r} is not a permutation of 1..${n}: ${grid[r]}`;
    }
  }
  for (let c = 0; c < n; c++) {
    const col = grid.map((row) => row[c]);
    if ([...col].sort((a, b) => a - b).join() !== Array.from({ length: n }, (_, k) => k + 1).join()) {
      return `column ${c} is not a permutation of 1..${n}`;
    }
  }
  for (let i = 0; i < n; i++) {
    const col = grid.map((row) => row[i]);
    const row = grid[i];
    const lines = [col, [...col].reverse(), row, [...row].reverse()];
    for (let s = 0; s < 4; s++) {
      const clue = clues[s][i];
      if (clue && visible(lines[s]) !== clue) return `${SIDES[s]} clue ${i} is ${clue}, but ${visible(lines[s])} towers are visible`;
    }
  }
  return null;
}

/** Repair's cost, the rules written again: each extra copy of a height in a column counts one, and
 *  every clue counts how far the towers its line shows are from it. */
export function repairCost(n, clues, grid) {
  let cost = 0;
  for (let i = 0; i < n; i++) {
    const col = grid.map((row) => row[i]);
    cost += col.length - new Set(col).size;
    const lines = [col, [...col].reverse(), grid[i], [...grid[i]].reverse()];
    for (let s = 0; s < 4; s++) if (clues[s][i]) cost += Math.abs(visible(lines[s]) - clues[s][i]);
  }
  return cost;
}

/** The cells a repair grid marks as wrong, the rules written again: a height repeated in its row
 *  or column, or a row or column that misses one of its clues. */
export function brokenCells(n, clues, grid) {
  const out = [];
  const misses = (line, a, b) => (a && visible(line) !== a) || (b && visible([...line].reverse()) !== b);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const row = grid[r];
      const col = grid.map((x) => x[c]);
      const twice = (line) => line.filter((h) => h === grid[r][c]).length > 1;
      if (twice(row) || twice(col) || misses(row, clues[2][r], clues[3][r]) || misses(col, clues[0][c], clues[1][c])) out.push([r, c]);
    }
  return out;
}

/** Every solution by brute force (row permutations that fit their row clues, column checks), small N. */
export function bruteForce(n, clues, limit = 3) {
  const perms = [];
  const permute = (prefix, rest) => {
    if (rest.length === 0) perms.push(prefix);
    rest.forEach((v, k) => permute([...prefix, v], [...rest.slice(0, k), ...rest.slice(k + 1)]));
  };
  permute([], Array.from({ length: n }, (_, k) => k + 1));
  const rowPerms = Array.from({ length: n }, (_, r) =>
    perms.filter((p) => (!clues[2][r] || visible(p) === clues[2][r]) && (!clues[3][r] || visible([...p].reverse()) === clues[3][r])),
  );
  const found = [];
  const grid = [];
  const place = (r) => {
    if (found.length >= limit) return;
    if (r === n) {
      if (checkSky(n, clues, grid) === null) found.push(grid.map((row) => [...row]));
      return;
    }
    for (const p of rowPerms[r]) {
      if (grid.some((row) => row.some((v, c) => v === p[c]))) continue;
      grid.push(p);
      // Seen from the top, a column can only gain towers: more than the clue already is hopeless.
      // Once the column holds N its count from the top is final.
      const ok = p.every((_, c) => {
        if (!clues[0][c]) return true;
        const col = grid.map((row) => row[c]);
        const seen = visible(col);
        return col.includes(n) ? seen === clues[0][c] : seen <= clues[0][c];
      });
      if (ok) place(r + 1);
      grid.pop();
    }
  };
  place(0);
  return found;
}

/**
 * The given digits of a Tatham Towers ID (row-major, 0 = not given): after the comma, a letter
 * skips that many cells (a = 1 … z = 26), a number is the next cell's digit, `_` separates two
 * numbers in a row. Read here without the solver's parser.
 */
export function tathamGivens(id) {
  const n = Number(id.split(':')[0]);
  const cells = new Array(n * n).fill(0);
  const comma = id.indexOf(',');
  if (comma < 0) return cells;
  let at = 0;
  for (const [, letter, digits] of id.slice(comma + 1).matchAll(/([a-z])|(\d+)|_/g)) {
    if (letter) at += letter.charCodeAt(0) - 96;
    else if (digits) cells[at++] = Number(digits);
  }
  assert.equal(at, n * n, `the givens of ${id} cover ${at} of ${n * n} cells`);
  return cells;
}

/** The grid a trace stands at after its events: every change's height (single-height masks). */
export function gridOf(n, events) {
  const grid = Array.from({ length: n }, () => new Array(n).fill(0));
  for (const { event: e } of events) for (const c of e.changes ?? []) grid[c.row][c.col] = 31 - Math.clz32(c.after) + 1;
  return grid;
}
