// Test puzzles for the package tests, read from the repository's Tatham fixtures (each with Tatham's
// own unique solution, so the answers are checked against a source independent of Solvescope).
import { readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const rows = (file) =>
  readFileSync(new URL(`tests/fixtures/${file}`, root), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t'));

/** Towers: { n, id, solution: number[][] } (the fixture's solution is N*N digits, row-major). */
export const towers = rows('tatham-towers.txt').map(([size, , id, digits]) => {
  const n = Number(size);
  return { n, id, solution: Array.from({ length: n }, (_, r) => [...digits.slice(r * n, r * n + n)].map(Number)) };
});

/** Bridges: { id, bridges: 'r,c-r,cxK;…' } as Tatham solved it, entries sorted as text. */
export const bridges = rows('tatham-bridges.txt').map(([, id, solution]) => ({ id, bridges: solution.split(';').sort().join(';') }));

/** A bridge list of the API as the fixtures write it (smaller end first, sorted). */
export function bridgeText(list) {
  return list
    .map(({ a, b, n }) => {
      const [p, q] = a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? [a, b] : [b, a];
      return `${p[0]},${p[1]}-${q[0]},${q[1]}x${n}`;
    })
    .sort()
    .join(';');
}
