// Which keys the focused control keeps for itself (www/controls/keys.ts): Space and Enter on buttons
// and checkboxes, the arrows on a slider, everything in a text field; the board keeps nothing back.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { controlOwnsKey } from '../../build/unit/controls/keys.js';

test('buttons, links and checkboxes keep Space and Enter, not the other shortcuts', () => {
  for (const target of [{ tagName: 'BUTTON' }, { tagName: 'a' }, { tagName: 'INPUT', type: 'checkbox' }, { tagName: 'INPUT', type: 'radio' }]) {
    assert.equal(controlOwnsKey(' ', target), true, `${target.tagName} Space`);
    assert.equal(controlOwnsKey('Enter', target), true, `${target.tagName} Enter`);
    assert.equal(controlOwnsKey('ArrowRight', target), false, `${target.tagName} →`);
    assert.equal(controlOwnsKey('s', target), false, `${target.tagName} S`);
  }
});

test('a slider keeps its arrows, Home, End and Page keys, not Space', () => {
  const slider = { tagName: 'INPUT', type: 'range' };
  for (const k of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']) {
    assert.equal(controlOwnsKey(k, slider), true, k);
  }
  assert.equal(controlOwnsKey(' ', slider), false);
  assert.equal(controlOwnsKey('r', slider), false);
});

test('text fields, selects and editable text keep every key; the board and the page keep none', () => {
  for (const target of [{ tagName: 'TEXTAREA' }, { tagName: 'SELECT' }, { tagName: 'INPUT' }, { tagName: 'INPUT', type: 'number' }, { tagName: 'DIV', isContentEditable: true }]) {
    for (const k of [' ', 'ArrowLeft', '5', 's']) assert.equal(controlOwnsKey(k, target), true, `${target.tagName} ${k}`);
  }
  for (const target of [{ tagName: 'CANVAS' }, { tagName: 'BODY' }, { tagName: 'DIV' }, null]) {
    for (const k of [' ', 'ArrowLeft', '5', 's']) assert.equal(controlOwnsKey(k, target), false, `${target?.tagName} ${k}`);
  }
});
