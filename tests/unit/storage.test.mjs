// Stored state (www/storage.ts) and undo history (www/views/common/history.ts): corrupt, old or
// foreign stored values are ignored without a throw; undo/redo return exactly the earlier states.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDigits, loadValue, saveValue, storageKey } from '../../build/unit/storage.js';
import { History, historyKey } from '../../build/unit/views/common/history.js';

function memory() {
  const m = new Map();
  return { m, getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), removeItem: (k) => m.delete(k) };
}

test('a saved value loads back for its puzzle only', () => {
  const s = memory();
  const key = storageKey('skyscrapers', 'play', '4:1/2');
  assert.match(key, /^solvescope:v1:skyscrapers:play:[0-9a-z]+$/);
  assert.notEqual(key, storageKey('skyscrapers', 'play', '4:1/3'));
  saveValue(s, key, [1, 0, 2, 0], '4:1/2');
  assert.deepEqual(loadValue(s, key, isDigits(4, 4), '4:1/2'), [1, 0, 2, 0]);
  // Same key but another puzzle (a digest collision): ignored.
  assert.equal(loadValue(s, key, isDigits(4, 4), 'other'), null);
});

test('corrupt, old-version and wrong-shape values are ignored and removed, never thrown', () => {
  const valid = isDigits(4, 4);
  for (const junk of ['{', 'null', '42', '"x"', '[]', JSON.stringify({ v: 0, data: [1, 2, 3, 4] }), JSON.stringify({ v: 1, data: [1, 2, 3] }), JSON.stringify({ v: 1, data: [1, 2, 3, 9] }), JSON.stringify({ v: 1, data: [1, 2, '3', 4] }), JSON.stringify({ v: 1, data: { length: 4 } }), 'x'.repeat(300_000)]) {
    const s = memory();
    s.setItem('k', junk);
    assert.equal(loadValue(s, 'k', valid), null, junk.slice(0, 40));
    assert.equal(s.getItem('k'), null, 'removed');
  }
  const throwing = { getItem() { throw new Error('blocked'); }, setItem() { throw new Error('full'); }, removeItem() { throw new Error('blocked'); } };
  assert.equal(loadValue(throwing, 'k', valid), null);
  saveValue(throwing, 'k', [1]);
  assert.equal(loadValue(null, 'k', valid), null);
});

test('undo and redo give back exactly the earlier states, and a new change drops the redo', () => {
  const h = new History(3);
  let state = { n: 4, cells: [0, 0, 0, 0] };
  const change = (i, v) => {
    h.record(state);
    state = { ...state, cells: state.cells.map((c, j) => (j === i ? v : c)) };
  };
  change(0, 1);
  change(1, 2);
  state.cells[3] = 4; // a later in-place mutation must not reach the stored snapshots
  state.cells[3] = 0;
  assert.equal(h.canRedo, false);
  state = h.undo(state);
  assert.deepEqual(state, { n: 4, cells: [1, 0, 0, 0] });
  state = h.undo(state);
  assert.deepEqual(state, { n: 4, cells: [0, 0, 0, 0] });
  assert.equal(h.undo(state), null);
  state = h.redo(state);
  assert.deepEqual(state, { n: 4, cells: [1, 0, 0, 0] });
  change(2, 3);
  assert.equal(h.redo(state), null, 'a new change clears redo');
  for (let k = 0; k < 10; k++) change(0, k % 4);
  let undos = 0;
  while (h.undo(state)) undos++;
  assert.equal(undos, 3, 'bounded by the limit');
});

test('history keys: Ctrl+Z, Ctrl+Y, Ctrl+Shift+Z, ⌘ too; plain Z is not', () => {
  const k = (key, mods = {}) => historyKey({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });
  assert.equal(k('z', { ctrlKey: true }), 'undo');
  assert.equal(k('Z', { ctrlKey: true, shiftKey: true }), 'redo');
  assert.equal(k('y', { ctrlKey: true }), 'redo');
  assert.equal(k('z', { metaKey: true }), 'undo');
  assert.equal(k('z'), null);
  assert.equal(k('z', { ctrlKey: true, altKey: true }), null);
});
