// The address parser/serialiser (www/address.ts): round trips, old links, and hostile input. Every
// bad input must give a usable address plus sentences saying what and where, never a throw.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_FRAGMENT, formatAddress, parseAddress, unusedSettings } from '../../build/unit/address.js';

test('round trip: every setting survives format then parse', () => {
  const cases = [
    { tab: 'skyscrapers', puzzle: '4://///1/3///4/////3/', settings: { mode: 'play' } },
    { tab: 'skyscrapers', puzzle: '4://///1/3///4/////3/', settings: { mode: 'play', board: '1.3.0_2-a' } },
    { tab: 'hashi', puzzle: '7x7m:a2b?&=#%', settings: { mode: 'watch', step: 217 } },
    { tab: 'race', puzzle: '50', settings: { seed: '123456789012345', algo: 'min-conflicts' } },
    { tab: 'repair', puzzle: '1000', settings: { seed: '7', opts: [['strategy', 'swap'], ['noise', '0.05'], ['greedy', 'true']] } },
    { tab: 'queens', puzzle: null, settings: {} },
    { tab: 'start', puzzle: null, settings: {} },
  ];
  for (const a of cases) {
    const text = formatAddress(a);
    const back = parseAddress(text);
    assert.deepEqual(back.errors, [], text);
    assert.deepEqual(back.address, a, text);
  }
});

test('board: the play entries, a safe alphabet only, long enough for a 60x60 board', () => {
  const long = 'a1'.repeat(3000);
  assert.deepEqual(parseAddress(`#hashi/7x7m2:a2?mode=play&board=${long}`).address.settings, { mode: 'play', board: long });
  const bad = parseAddress('#hashi/7x7m2:a2?mode=play&board=%3Cscript%3E');
  assert.deepEqual(bad.address.settings, { mode: 'play' });
  assert.match(bad.errors[0], /^The setting "board" at character \d+ may hold only letters, digits/);
  const huge = parseAddress(`#hashi/7x7m2:a2?board=${'1'.repeat(9000)}`);
  assert.deepEqual(huge.address.settings, {});
  assert.match(huge.errors[0], /^The setting "board" at character \d+ is too long \(9000 characters, at most 8000\)/);
});

test('short forms and old links: #race/50, #queens/12, #skyscrapers/<encoded id>, empty', () => {
  assert.deepEqual(parseAddress('#race/50'), { address: { tab: 'race', puzzle: '50', settings: {} }, errors: [] });
  assert.deepEqual(parseAddress('queens/12').address, { tab: 'queens', puzzle: '12', settings: {} });
  assert.equal(parseAddress('#skyscrapers/4%3A%2F%2F%2F%2F%2F1').address.puzzle, '4://///1');
  // Raw slashes after the first belong to the puzzle (hand-typed Tatham IDs).
  assert.equal(parseAddress('#skyscrapers/4://///1').address.puzzle, '4://///1');
  assert.deepEqual(parseAddress(''), { address: { tab: 'queens', puzzle: null, settings: {} }, errors: [] });
  assert.deepEqual(parseAddress('#'), { address: { tab: 'queens', puzzle: null, settings: {} }, errors: [] });
  // The landing view has its own name; an empty address stays `queens` here (the page shows the
  // landing view for it, www/main.ts), so old links and bad names keep their meaning.
  assert.deepEqual(parseAddress('#start'), { address: { tab: 'start', puzzle: null, settings: {} }, errors: [] });
});

test('bad parts are reported with what and where, the rest is kept', () => {
  const r = parseAddress('#skyscrapers/4:1?mode=fly&step=x&seed=12&colour=red&seed=3');
  assert.equal(r.address.puzzle, '4:1');
  assert.deepEqual(r.address.settings, { seed: '12' });
  assert.deepEqual(r.errors, [
    'The setting "mode" at character 17 must be edit, play or watch (got "fly").',
    'The setting "step" at character 26 must be a whole number of at most 9 digits (got "x").',
    'The address has an unknown setting "colour" at character 41: the settings are mode, algo, seed, opts, step, board, present, embed.',
    'The address gives the setting "seed" twice (again at character 52).',
  ]);
  assert.match(parseAddress('#nowhere/3').errors[0], /unknown view "nowhere" at character 1/);
  assert.equal(parseAddress('#nowhere/3').address.tab, 'queens');
  assert.match(parseAddress('#queens/eight').errors[0], /N in the address \(at character 8\) must be a whole number \(got "eight"\)/);
  assert.match(parseAddress('#queens/').errors[0], /is empty/);
  assert.match(parseAddress('#hashi?mode').errors[0], /"mode" at character 7 has no value/);
});

test('hostile input: huge, truncated escapes, junk, wrong types never throw', () => {
  const huge = parseAddress('#skyscrapers/' + '1/'.repeat(MAX_FRAGMENT));
  assert.equal(huge.address.puzzle, null);
  assert.match(huge.errors[0], /too long: 40,012 characters, at most 20,000/);
  const t0 = performance.now();
  parseAddress('#hashi?' + '&'.repeat(MAX_FRAGMENT - 10));
  parseAddress('#hashi?' + 'step=1&'.repeat(2800));
  assert.ok(performance.now() - t0 < 200, 'caps keep parsing fast');
  for (const bad of ['#skyscrapers/4%3A%2', '#skyscrapers/%E0%A4%A', '#hashi/%zz', '#skyscrapers/%']) {
    const r = parseAddress(bad);
    assert.equal(r.address.puzzle, null, bad);
    assert.match(r.errors[0], /broken %-escape/, bad);
  }
  assert.match(parseAddress('#hashi?mode=%E0%A4').errors[0], /"mode" at character 7 has a broken %-escape/);
  assert.match(parseAddress('#hashi?seed=' + '9'.repeat(100)).errors[0], /too long \(100 characters, at most 64\)/);
  assert.match(parseAddress('#race?seed=1e5').errors[0], /whole number/);
  assert.match(parseAddress('#hashi?algo=%3Cscript%3E').errors[0], /algorithm name \(got "<script>"\)/);
  assert.match(parseAddress('#queens/__proto__').errors[0], /whole number/);
  assert.match(parseAddress('#hashi?__proto__=1').errors[0], /unknown setting "__proto__"/);
  assert.equal(Object.getPrototypeOf(parseAddress('#hashi?__proto__=1').address.settings), Object.prototype);
  for (const v of [null, undefined, 42, {}, ['#race/5']]) {
    const r = parseAddress(v);
    assert.equal(r.address.tab, 'queens');
    assert.deepEqual(r.errors, ['The address is not text.']);
  }
});

test('opts: name:value pairs, checked and capped', () => {
  assert.deepEqual(parseAddress('#repair/8?opts=tabu:5,maxSteps:100').address.settings.opts, [['tabu', '5'], ['maxSteps', '100']]);
  assert.match(parseAddress('#repair?opts=tabu').errors[0], /"opts" at character 8: option 1 must be name:value/);
  assert.match(parseAddress('#repair?opts=tabu:1,tabu:2').errors[0], /"tabu" is given twice/);
  assert.match(parseAddress('#repair?opts=a:%3Cb%3E').errors[0], /got "a:<b>"/);
  assert.match(parseAddress('#repair?opts=' + Array.from({ length: 17 }, (_, i) => `a${i}:1`).join(',')).errors[0], /at most 16 options \(got 17\)/);
  assert.match(parseAddress('#repair?opts=' + 'a:1,'.repeat(70)).errors[0], /too long \(280 characters, at most 256\)/);
  assert.equal(parseAddress('#repair?opts=__proto__:1').address.settings.opts, undefined);
});

test('settings a view does not read are named, the others pass', () => {
  const unused = (hash) => unusedSettings(parseAddress(hash).address);
  assert.deepEqual(unused('#queens/12?algo=naive&opts=find:count&step=3&present=1'), []);
  assert.deepEqual(unused('#skyscrapers/4:1?mode=watch&step=3&embed=1'), []);
  assert.deepEqual(unused('#hashi/3x3m2:2a2c2a2?mode=play&board=9'), []);
  assert.deepEqual(unused('#repair/50?algo=nonexistent'), ['The setting "algo" does nothing in the repair view (it reads seed, opts, step), so it is left out.']);
  assert.deepEqual(unused('#start?mode=watch'), ['The setting "mode" does nothing in the start view, so it is left out.']);
  assert.deepEqual(unused('#hashi?algo=x&seed=4'), [
    'The setting "algo" does nothing in the hashi view (it reads mode, opts, step, board), so it is left out.',
    'The setting "seed" does nothing in the hashi view (it reads mode, opts, step, board), so it is left out.',
  ]);
  // Skyscrapers' watch mode chooses its algorithm, and repair's seed (the view checks the name).
  assert.deepEqual(unused('#skyscrapers?mode=watch&algo=repair&seed=4&step=9'), []);
});

test('a quoted part of a link shows hidden and reordering characters as escapes', () => {
  const r = parseAddress('#hashi?mode=%E2%80%AEyalp%00');
  assert.equal(r.errors.length, 1);
  assert.match(r.errors[0], /\(got "\\u\{202e\}yalp\\u\{0\}"\)/);
  assert.ok(!/[\u202e\u0000]/.test(r.errors[0]), r.errors[0]);
});

test('issue 36: seeds are every u64, kept as text', () => {
  // 2^60 and 2^64 - 1 are kept exactly, as text; 2^64 and a leading zero are refused.
  assert.equal(parseAddress('#repair/8?seed=1152921504606846976').address.settings.seed, '1152921504606846976');
  assert.equal(parseAddress('#repair/8?seed=18446744073709551615').address.settings.seed, '18446744073709551615');
  assert.match(parseAddress('#repair/8?seed=18446744073709551616').errors[0], /from 0 to 18446744073709551615/);
  assert.match(parseAddress('#repair/8?seed=007').errors[0], /without leading zeros/);
});

test('issue 36: N and opts values over their length say so', () => {
  // N beyond 8 digits is a length, not "not a whole number".
  const n = parseAddress('#queens/999999999').errors[0];
  assert.match(n, /at most 8 digits/);
  assert.doesNotMatch(n, /must be a whole number/);
  // An opts value (or name) over 32 characters is a length, not a character-class error.
  const long = parseAddress(`#repair/8?opts=strategy:${'a'.repeat(33)}`).errors[0];
  assert.match(long, /value of 33 characters, at most 32/);
  assert.match(parseAddress(`#repair/8?opts=${'a'.repeat(33)}:1`).errors[0], /name of 33 characters, at most 32/);
  assert.deepEqual(parseAddress(`#repair/8?opts=strategy:${'a'.repeat(32)}`).address.settings.opts, [['strategy', 'a'.repeat(32)]]);
});

test('embed=1 is a page setting: read, written last, and only the value 1', () => {
  const r = parseAddress('#skyscrapers/4%3A1?mode=watch&step=7&embed=1');
  assert.deepEqual(r, { address: { tab: 'skyscrapers', puzzle: '4:1', settings: { mode: 'watch', step: 7, embed: true } }, errors: [] });
  assert.equal(formatAddress({ tab: 'skyscrapers', puzzle: '4:1', settings: { embed: true, present: true, step: 7, mode: 'watch' } }), '#skyscrapers/4%3A1?mode=watch&step=7&present=1&embed=1');
  assert.deepEqual(parseAddress('#queens/8?embed=yes').errors, ['The setting "embed" at character 10 must be 1 (got "yes").']);
  assert.equal(parseAddress('#queens/8?embed=yes').address.settings.embed, undefined);
  assert.deepEqual(parseAddress('#queens/8?embed=1&embed=1').errors, ['The address gives the setting "embed" twice (again at character 18).']);
});
