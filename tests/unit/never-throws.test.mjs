// Property tests (issue 35): the page's address parser (www/address.ts) and storage reader
// (www/storage.ts) never throw, whatever string they are handed — a link anyone can type, a
// value another tab, an old version or a broken extension left in localStorage. The strings come
// from a seeded generator (the seed is printed with a failure, so it can be replayed) that mixes
// the characters these parsers treat specially, broken %-escapes, lone surrogates, hidden
// characters, real addresses and stored values cut and spliced, and lengths around the limits.
//
//   SOLVESCOPE_PROPERTY_CASES=100000 bash scripts/unit.sh     # more cases (5,000 by default)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_BOARD, MAX_FRAGMENT, MAX_OPTS, TABS, formatAddress, parseAddress } from '../../build/unit/address.js';
import { MAX_STORED, STORAGE_VERSION, isDigits, loadValue, saveValue, storageKey } from '../../build/unit/storage.js';

const CASES = Number(process.env.SOLVESCOPE_PROPERTY_CASES ?? 5000);

/** mulberry32: small, seeded, the same sequence everywhere. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '#', '?', '&', '=', '%', '/', ':', ';', ',', '.', '-', '_', '+', ' ', '\t', '\n', '"', "'", '\\', '<', '>',
  '0', '1', '9', '007', '99999999', '123456789012345', '1e9', '-1', 'NaN', 'Infinity', '0x10',
  '%2', '%zz', '%E0%A4', '%C0%80', '%00', '%25', '%3F', '%23', '%26', '%3D', '%2F', '%F0%9F%98%80', '%u0041',
  '\uD800', '\uDFFF', '\uDBFF\uDFFF', '😀', '\u0000', '\u200b', '\u202e', '\u2066', '\ufeff', '\u0085', 'é', 'ﬁ', 'İ',
  ...TABS, 'Queens', 'queens ', 'mode', 'play', 'edit', 'watch', 'algo', 'seed', 'step', 'opts', 'board', 'present',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  '4://///1/3///4/////3/', '7x7m2:a2b', 'a1', '1.3.0_2-a',
  '{', '}', '[', ']', 'null', 'true', 'false', '{"v":1,"data":', `{"v":${STORAGE_VERSION},"puzzle":"p","data":[1,2,3,4]}`, '"data"', '"v"', '"puzzle"', '1e999', '-0', '[[[[[[[[',
];

/** Real addresses and stored values to cut, splice and mutate. */
const SEEDS = [
  '#queens/12?opts=find:count', '#race/50', '#repair/1000?seed=7&opts=strategy:swap,noise:0.05', '#skyscrapers/4%3A%2F%2F%2F%2F%2F1?mode=play&board=1.3.0_2-a',
  '#hashi/7x7m2:a2b?mode=watch&step=217&present=1', '#experiments', '#start', 'skyscrapers/4://///1/3///4/////3/',
  JSON.stringify({ v: STORAGE_VERSION, puzzle: '4:1/2', data: [1, 0, 2, 0] }), JSON.stringify({ v: STORAGE_VERSION, data: [[1, 2], [3, 4]] }),
];

function randomString(next) {
  const pick = (list) => list[Math.floor(next() * list.length)];
  const shape = next();
  let s = '';
  if (shape < 0.3) {
    // A real one, mutated: pieces replaced, inserted or cut.
    s = pick(SEEDS);
    for (let k = Math.floor(next() * 6); k > 0; k--) {
      const at = Math.floor(next() * (s.length + 1));
      const cut = next() < 0.5 ? Math.floor(next() * 4) : 0;
      s = s.slice(0, at) + (next() < 0.7 ? pick(PIECES) : '') + s.slice(at + cut);
    }
  } else if (shape < 0.85) {
    for (let k = Math.floor(next() * 24); k > 0; k--) s += pick(PIECES);
  } else if (shape < 0.95) {
    // Any UTF-16 units at all.
    for (let k = Math.floor(next() * 40); k > 0; k--) s += String.fromCharCode(Math.floor(next() * 0x10000));
  } else {
    // Around the limits: a repeated piece to just under or just over a limit.
    const limit = pick([MAX_FRAGMENT, MAX_BOARD, MAX_OPTS, 64, MAX_STORED]);
    const unit = pick(['a', '1', '%', 'a1', ',', ':', '\uD800']);
    s = `${pick(['#hashi/7x7m2:a2?board=', '#repair/10?opts=', '#queens/', '', '{"v":1,"data":"'])}${unit.repeat(Math.ceil((limit + Math.floor(next() * 5) - 2) / unit.length))}`;
  }
  return s;
}

/** Runs `check` on CASES strings; the first that fails is reported with its seed and text. */
function forAll(name, seed, check) {
  for (let k = 0; k < CASES; k++) {
    const next = rng(seed + k);
    const s = randomString(next);
    try {
      check(s, next);
    } catch (e) {
      assert.fail(`${name}: case ${k} (seed ${seed + k}) with ${JSON.stringify(s.slice(0, 200))}${s.length > 200 ? ` (${s.length} characters)` : ''}: ${e?.message ?? e}`);
    }
  }
}

const sentence = (t) => typeof t === 'string' && /^[A-Z]/.test(t) && /[.!?]$/.test(t);

test('parseAddress never throws: any string gives a usable address and sentences', () => {
  forAll('parseAddress', 1, (s) => {
    for (const text of [s, `#${s}`]) {
      const { address, errors } = parseAddress(text);
      assert.ok(TABS.includes(address.tab), `a known view, got ${address.tab}`);
      assert.ok(address.puzzle === null || (typeof address.puzzle === 'string' && address.puzzle !== ''), 'the puzzle is text or null');
      assert.equal(Object.getPrototypeOf(address.settings), Object.prototype, 'settings are a plain object');
      assert.ok(Array.isArray(errors) && errors.every(sentence), `every error a sentence: ${JSON.stringify(errors).slice(0, 300)}`);
      assert.ok(errors.every((e) => e.length <= 600), 'every error short');
    }
  });
});

test('whatever parseAddress makes of a string, formatAddress writes and parseAddress reads back', () => {
  forAll('round trip', 100_000, (s) => {
    const { address } = parseAddress(s);
    const text = formatAddress(address);
    assert.equal(typeof text, 'string');
    const back = parseAddress(text);
    assert.deepEqual(back.errors, [], text);
    assert.deepEqual(back.address, address, text);
  });
});

/** A Store over a Map whose calls may throw, as a blocked or full localStorage does. */
function store(next, value) {
  const m = new Map([['k', value]]);
  const flaky = (what) => {
    if (next() < 0.1) throw new Error(`storage: ${what} refused`);
  };
  return {
    m,
    getItem: (k) => (flaky('getItem'), m.has(k) ? m.get(k) : null),
    setItem: (k, v) => (flaky('setItem'), m.set(k, String(v))),
    removeItem: (k) => (flaky('removeItem'), m.delete(k)),
  };
}

test('loadValue never throws on any stored string, and returns null or a value that passes its check', () => {
  const checks = [isDigits(4, 4), isDigits(2, 9), (x) => Array.isArray(x), (x) => x !== undefined];
  forAll('loadValue', 200_000, (s, next) => {
    // The string as stored, and wrapped in a current envelope (so the check itself is reached).
    for (const value of [s, `{"v":${STORAGE_VERSION},"data":${s}}`, `{"v":${STORAGE_VERSION},"puzzle":${JSON.stringify(s)},"data":[1,2,3,4]}`]) {
      const valid = checks[Math.floor(next() * checks.length)];
      const puzzle = next() < 0.5 ? undefined : s;
      const st = store(next, value);
      const got = loadValue(st, 'k', valid, puzzle);
      assert.ok(got === null || valid(got), `returned ${JSON.stringify(got)?.slice(0, 100)}, which its check refuses`);
      assert.equal(loadValue(null, 'k', valid, puzzle), null);
    }
  });
});

test('storageKey and saveValue never throw on any string, and what is saved loads back', () => {
  forAll('saveValue', 300_000, (s, next) => {
    const key = storageKey(s, s, next() < 0.5 ? undefined : s);
    assert.equal(typeof key, 'string');
    const st = store(() => 1, null); // a store that never refuses, to check the round trip
    const data = [s, s.length];
    saveValue(st, key, data, s);
    const back = loadValue(st, key, (x) => Array.isArray(x) && x.length === 2, s);
    if (JSON.stringify({ v: STORAGE_VERSION, puzzle: s, data }).length <= MAX_STORED) assert.deepEqual(back, JSON.parse(JSON.stringify(data)), 'saved, then loaded');
    else assert.equal(back, null, 'too long to keep');
    // And against a store that refuses at random: never a throw.
    saveValue(store(next, null), key, data, s);
  });
});

test('formatAddress never throws on an address holding any string as its puzzle (a typed one, say)', () => {
  forAll('formatAddress', 400_000, (s, next) => {
    const tab = TABS[Math.floor(next() * TABS.length)];
    const text = formatAddress({ tab, puzzle: s, settings: { mode: 'play' } });
    const back = parseAddress(text);
    // A well-formed puzzle comes back as it was (when its address is within what is read); one
    // with half a character is refused by the parser.
    const readable = text.length - 1 <= MAX_FRAGMENT;
    assert.equal(back.address.tab, readable ? tab : 'queens');
    if (readable && !/[\uD800-\uDFFF]/.test(s) && s !== '' && !['queens', 'repair', 'race'].includes(tab)) assert.equal(back.address.puzzle, s);
  });
});

test('found by the round trip above: a puzzle holding half a character is refused, and never throws when written', () => {
  const read = parseAddress('#skyscrapers/4:\uD800//?mode=play');
  assert.equal(read.address.puzzle, null);
  assert.deepEqual(read.address.settings, { mode: 'play' });
  assert.deepEqual(read.errors, ['The puzzle in the address (from character 13) holds half of a character (a lone UTF-16 surrogate).']);
  // A pair is one character and passes; a typed puzzle with half of one is written with U+FFFD.
  assert.equal(parseAddress('#hashi/a\uD83D\uDE00b').address.puzzle, 'a\uD83D\uDE00b');
  assert.equal(formatAddress({ tab: 'hashi', puzzle: 'a\uDE00b', settings: {} }), '#hashi/a%EF%BF%BDb');
});
