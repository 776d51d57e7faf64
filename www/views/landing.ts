// The first screen (a visit with no address, or the Start tab): what Solvescope is in three
// sentences, and one-click demos. Each demo is only a link to an address the page already reads
// (www/address.ts, docs/FORMATS.md §7), so it can be shared, bookmarked or opened in a new tab.

import { h } from '../dom';
import { formatAddress, type Address } from '../address';
import type { Feature } from './feature';

/** A hard 9x9 with one solution, from Simon Tatham's Towers (tests/fixtures/tatham-towers.txt, "extreme"). */
export const DEMO_SKYSCRAPERS = '9:4/4//4/2/3/3//4/3/2//2/6/2/4////3/4////2//4///3//4/2/3//,a4_7m1a2_6i8a2d4g3b2b6_3j5a1e2g4b';
/** A hard 25x25 with one solution, from Simon Tatham's Bridges (tests/fixtures/tatham-bridges.txt). */
export const DEMO_HASHI =
  '25x25m2:4a4t2d1a1a2d4e4c1b3c2n2a3h4a5j5a2c1c3d1a3c3f4h2w3b6h5b4d2c5b3zh3b3zl1g2b1l5m6m3a5b2c1zn1b1c2c3j4d7c3c3a1u1n1b3a1a3a1a1l4j5b2zg2a4b3k2d6c7d4h3b5m4b3f1d4a2b2a3a2l2a4d6e6g3b3';

interface Demo {
  id: string;
  title: string;
  what: string;
  address: Address;
}

export const DEMOS: Demo[] = [
  {
    id: 'demo-queens',
    title: '8 queens by backtracking',
    what: 'Place a queen row by row, and watch the search back up when a row has no safe square left.',
    address: { tab: 'queens', puzzle: '8', settings: {} },
  },
  {
    id: 'demo-race',
    title: 'Search vs repair at N = 50',
    what: 'Backtracking and min-conflicts side by side on the same 50 × 50 board: one builds, the other mends.',
    address: { tab: 'race', puzzle: '50', settings: { seed: '1' } },
  },
  {
    id: 'demo-skyscrapers',
    title: 'A hard 9x9 Skyscrapers explained',
    what: 'Step through the deductions the solver makes, each with the sentence that says why.',
    address: { tab: 'skyscrapers', puzzle: DEMO_SKYSCRAPERS, settings: { mode: 'watch' } },
  },
  {
    id: 'demo-hashi',
    title: 'A 25x25 Hashiwokakero',
    what: 'A large bridges puzzle with one solution: watch deductions, guesses and the connectivity test at work.',
    address: { tab: 'hashi', puzzle: DEMO_HASHI, settings: { mode: 'watch' } },
  },
];

export function mountLanding(): Feature {
  const element = h(
    'section',
    { class: 'feature landing', id: 'start', 'aria-labelledby': 'start-title' },
    h('h2', { id: 'start-title' }, 'What Solvescope is'),
    h(
      'p',
      { class: 'landing-lede' },
      'Solvescope runs real constraint solvers for N-Queens, Skyscrapers and Hashiwokakero in your browser, compiled from Rust to WebAssembly. ',
      'It plays their search back one step at a time, with a sentence for every step, so you can see why a choice was made, where a dead end was found and what each deduction bought. ',
      'Backtracking search and min-conflicts repair can race on the same board, and every view has an address you can share.',
    ),
    h('h3', {}, 'Start with a demo'),
    h(
      'ul',
      { class: 'demos' },
      ...DEMOS.map((d) => h('li', {}, h('a', { href: formatAddress(d.address), id: d.id, class: 'demo' }, h('strong', {}, d.title), h('span', {}, d.what)))),
    ),
    h('p', { class: 'help' }, 'Or pick a puzzle from the tabs above. Press ? for the keyboard keys.'),
  );
  return {
    element,
    key: () => false,
    show() {
      element.hidden = false;
    },
    hide() {
      element.hidden = true;
    },
    state: () => ({ puzzle: null, settings: {} }),
  };
}
