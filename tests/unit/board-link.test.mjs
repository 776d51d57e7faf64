// The player's entries in a link (www/views/common/board-link.ts): every board packs and reads
// back exactly, and a hand-edited or truncated value is refused with a sentence, never read
// as some other board.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { packDigits, packValues, unpackDigits, unpackValues } from '../../build/unit/views/common/board-link.js';

/** A small deterministic generator, so the test is the same on every run. */
function lcg(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

test('values of every range pack and read back exactly, trailing zeros left out', () => {
  const rnd = lcg(7);
  for (const max of [1, 2, 3, 4, 8, 16, 35]) {
    for (const length of [0, 1, 2, 3, 7, 64, 1000]) {
      for (let t = 0; t < 20; t++) {
        const density = rnd();
        const values = Array.from({ length }, () => (rnd() < density ? Math.floor(rnd() * (max + 1)) : 0));
        const text = packValues(values, max);
        assert.match(text, /^[0-9a-z]*$/);
        assert.deepEqual(unpackValues(text, length, max), values, `max ${max}, length ${length}`);
      }
    }
  }
  // Bridges (0..4) go two per character, digits of a 16x16 one per character.
  assert.equal(packValues([1, 2, 0, 4, 0, 0], 4), (1 * 5 + 2).toString(36) + (0 * 5 + 4).toString(36));
  assert.equal(packValues(new Array(10).fill(0), 4), '');
  assert.equal(packValues([16, 0, 9], 16), 'g09');
});

test('digits and pencil marks round trip; an empty board is no setting at all', () => {
  const digits = [0, 3, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 4];
  const notes = [5, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 15, 0, 0];
  const text = packDigits(digits, notes, 4);
  assert.deepEqual(unpackDigits(text, 16, 4), { digits, notes });
  assert.equal(packDigits(new Array(16).fill(0), new Array(16).fill(0), 4), undefined);
  // docs/ADDRESS.md's example: row 1 = _ 3 _ 1, pencil marks 1 and 3 in its third cell.
  const row1 = [0, 3, 0, 1, ...new Array(12).fill(0)];
  const marks = [0, 0, 5, ...new Array(13).fill(0)];
  assert.equal(packDigits(row1, marks, 4), '31_2.5');
  assert.deepEqual(unpackDigits(packDigits(new Array(16).fill(0), notes, 4), 16, 4), { digits: new Array(16).fill(0), notes });
});

test('values for another board, foreign characters and bad marks are refused with a sentence', () => {
  // Two bridges counts per character: "5" is 1 then 0.
  assert.deepEqual(unpackValues('5', 4, 4), [1, 0, 0, 0]);
  assert.deepEqual(unpackValues('5', 1, 4), [1]);
  for (const [got, want] of [
    [unpackValues('p', 4, 4), /^character 1 \("p"\) is not a value it can hold$/], // 25: past 5 x 5
    [unpackValues('A', 4, 4), /^character 1 \("A"\)/],
    [unpackValues('111', 4, 4), /more than 4 entries/],
    [unpackValues('1', 1, 4), /more than 1 entry$/], // 0 then 1: the 1 is past the end
    [unpackValues('h', 3, 16), /^character 1 \("h"\)/], // 17: no such height
    [unpackDigits('1_g.1', 16, 4), /pencil marks "g\.1"/], // cell 16 of 0..15
    [unpackDigits('1_0.g', 16, 4), /pencil marks "0\.g"/], // mask 16 needs a fifth height
    [unpackDigits('1_0.0', 16, 4), /pencil marks/],
    [unpackDigits('1_x', 16, 4), /pencil marks "x"/],
    [unpackDigits('1__0.1', 16, 4), /empty pencil-mark entry/],
    [unpackDigits('1_', 16, 4), /empty pencil-mark entry/],
    [unpackDigits('_0.1_0.2', 16, 4), /pencil marks of cell 0 are given twice/],
  ]) {
    assert.equal(typeof got, 'string', String(want));
    assert.match(got, want);
  }
});
