// Judges what exercise.mjs wrote down, with oracles that share no code with Solvescope: Tatham's
// own solutions from the fixtures, the rules checkers of the end-to-end tests, and OEIS counts.
import assert from 'node:assert/strict';
import { checkQueens } from '../e2e/harness.mjs';
import { checkHashi } from '../e2e/hashi-oracle.mjs';
import { checkSky, tathamClues } from '../e2e/sky-oracle.mjs';
import { bridgeText, bridges, towers } from './fixtures.mjs';

const tower = towers.find((t) => !t.id.includes(',') && t.n === 5) ?? towers.find((t) => !t.id.includes(','));
const hardTower = towers.reduce((a, b) => (b.n > a.n ? b : a));
const bridge = bridges[0];

/** The puzzles exercise() is handed, the same in every host. */
export const input = { tower: tower.id, towerSolution: tower.solution, hardTower: hardTower.id, bridges: bridge.id };

const sentence = (t) => /^[A-Z0-9"“'(]/.test(t) && /[.!?…]["”')]?$/.test(t);

export function verify(out) {
  assert.deepEqual(
    out.puzzles.map((p) => p.name),
    ['queens', 'skyscrapers', 'hashi'],
  );
  for (const p of out.puzzles) assert.ok(p.algorithms.length > 0, `${p.name} lists its algorithms`);

  // Skyscrapers: Tatham's unique solution, and the rules.
  const { n, clues } = tathamClues(tower.id);
  assert.equal(out.sky.verdict, 'unique');
  assert.equal(out.sky.solutions.length, 1);
  assert.deepEqual(out.sky.solutions[0], tower.solution);
  assert.equal(checkSky(n, clues, out.sky.solutions[0]), null);

  // Hashiwokakero: Tatham's unique solution.
  assert.equal(out.hashi.verdict, 'unique');
  assert.equal(bridgeText(out.hashi.solutions[0]), bridge.bridges);

  assert.equal(out.queensCount, 92, 'A000170(8)');
  assert.equal(out.nodeBudget, 'budget', 'a 1-node budget ends the run as a budget');

  // The stepped session: the same search as the one-call solve, solution by solution.
  const last = out.stepped.frames.at(-1);
  assert.ok(last.verdict, 'the session ran to a verdict');
  assert.ok(out.stepped.frames.slice(0, -1).every((f) => f.verdict === null), 'only the last frame has a verdict');
  assert.equal(last.verdict, out.stepped.solve.verdict);
  assert.equal(last.nodes, out.stepped.solve.nodes);
  const stepped = out.stepped.frames.flatMap((f) => f.solutions);
  assert.equal(stepped.length, 4, 'A000170(6)');
  for (const s of stepped) assert.equal(checkQueens(6, s), null);
  assert.deepEqual(stepped, out.stepped.solve.solutions);
  const nodes = out.stepped.frames.map((f) => f.nodes);
  assert.deepEqual(nodes, [...nodes].sort((a, b) => a - b), 'node counts only grow');

  // Text forms round-trip.
  assert.deepEqual(out.parsed.puzzle.clues, clues);
  assert.equal(out.parsed.exports.tatham, tower.id);
  assert.deepEqual(out.formatted, out.parsed.exports);
  assert.equal(out.reparsed.length, 3);
  for (const { form, puzzle } of out.reparsed) assert.deepEqual(puzzle, out.parsed.puzzle, `${form} reads back`);

  // Helpers.
  assert.ok(['place', 'eliminate'].includes(out.hint.kind), `a first hint on an empty board: ${out.hint.kind}`);
  // The reason is a clause for a page to place in its own sentence ("Hint: … . <why>."), capitalised.
  assert.match(out.hint.why, /^[A-Z]/);
  if (out.hint.kind === 'place') assert.equal(out.hint.value, tower.solution[out.hint.row][out.hint.col]);
  assert.ok(out.check.mistakes.some((m) => m.row === 0 && m.col === 0), 'the wrong digit is a mistake');
  assert.equal(out.check.solvability, 'unique');
  assert.deepEqual(out.checkSolved.mistakes, []);

  // Generated puzzles: reproducible from the seed, unique, and right by the rules.
  const g = out.generated;
  assert.equal(g.id, g.again, 'one seed, one puzzle');
  assert.equal(g.seed, 2026);
  assert.equal(g.verdict, 'unique');
  assert.equal(checkSky(5, g.puzzle.clues, g.solutions[0]), null);
  g.puzzle.givens.forEach((v, i) => v && assert.equal(g.solutions[0][Math.floor(i / 5)][i % 5], v, `given ${i}`));
  const h = out.generatedHashi;
  assert.equal(h.verdict, 'unique');
  assert.equal(checkHashi(h.puzzle.width, h.puzzle.height, h.puzzle.cells, h.puzzle.maxBridges, h.solutions[0]), null);

  // Errors.
  for (const e of out.errors) {
    assert.ok(e.threw && e.isError, `bad input throws an Error: ${JSON.stringify(e)}`);
    assert.ok(sentence(e.message), `a sentence: ${e.message}`);
  }
  assert.equal(checkQueens(8, out.afterErrors[0]), null, 'the module works after the errors');
}
