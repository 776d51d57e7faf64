// The guided lessons, as prose data: each stop is an address the page already reads (www/address.ts,
// docs/ADDRESS.md) and two or three sentences. The prose names no puzzle fact of its own (no node
// count, no column, no verdict): at each stop the view shows the solver's own counters and sentence,
// computed by the Rust solver, and the text only says where to look. What the text does promise
// (an event happens by this step, a counter is non-zero, one setting needs more nodes than
// another) is written beside it as `claims`, and tests/e2e/lesson-claims.test.mjs checks every
// claim against the solver's own trace of the stop's run, so a lesson cannot describe a line that
// never appears.

import type { Address } from '../address';
import { DEMO_SKYSCRAPERS } from '../views/landing';

/** What a stop's text promises about its run (each checked against the native trace). */
export interface Claims {
  /** Which of the view's runs (the race has two: 0 search, 1 repair); 0 by default. */
  run?: number;
  /** Event kinds that happen by the stop's step. */
  occurs?: string[];
  /** Event kinds that happen somewhere in the whole run (the text says "press Solve"). */
  eventually?: string[];
  /** Event kinds that never happen in the whole run. */
  never?: string[];
  /** The kind of the event on screen at the stop. */
  at?: string;
  /** The sentence on screen contains this. */
  says?: string;
  /** Counters shown at the stop, each within [min, max]. */
  counters?: Record<string, [number, number]>;
  /** The whole run needs more nodes than the run of stop k of the same lesson (0-based). */
  moreNodesThan?: number;
  /** The kind that comes first: the first event of `before[0]` precedes any of `before[1]`. */
  before?: [string, string];
}

/** One stop of a lesson: where the player opens, and what to read there. */
export interface Stop {
  address: Address;
  text: string;
  claims?: Claims[];
}

export interface Lesson {
  id: string;
  title: string;
  stops: Stop[];
}

const sky = (step: number, opts?: [string, string][]): Address => ({ tab: 'skyscrapers', puzzle: DEMO_SKYSCRAPERS, settings: { mode: 'watch', step, ...(opts ? { opts } : {}) } });
/** A hard 7x7 from Simon Tatham's Bridges (tests/fixtures/tatham-bridges-graded.txt) whose search
 *  the matrix-tree test prunes once the cheaper connectivity rules are off: at step MT_PRUNE. */
const MT_PUZZLE = '7x7m2:2d1h3b2b4g4e4g1a1a2a2';
const MT_PRUNE = 36;
const mt = (step: number, cheapRules: boolean): Address => ({
  tab: 'hashi',
  puzzle: MT_PUZZLE,
  settings: { mode: 'watch', step, opts: [['matrixTree', 'on'], ['connectivity', cheapRules ? 'on' : 'off'], ['isolation', cheapRules ? 'on' : 'off']] },
});

export const LESSONS: Lesson[] = [
  {
    id: 'blowup',
    title: 'Why backtracking blows up and repair does not',
    stops: [
      {
        address: { tab: 'queens', puzzle: '8', settings: { step: 12 } },
        text: 'Backtracking places one queen per row, always in the leftmost safe square. The sentence under the board says what the last step did and why.',
        claims: [{ occurs: ['place', 'attacked'] }],
      },
      {
        address: { tab: 'queens', puzzle: '8', settings: { step: 60 } },
        text: 'A few dozen steps later the search has already undone queens: a row with no safe square sends it back to the row above. Each undo throws away work, and the number of partial boards it can visit grows exponentially with N.',
        claims: [{ occurs: ['backtrack', 'remove'], counters: { backtracks: [1, Infinity] } }],
      },
      {
        address: { tab: 'repair', puzzle: '8', settings: { seed: '1', step: 4 } },
        text: 'Repair starts from a full board with one queen in every row, attacks and all. Each move takes one attacked queen and puts it where it is attacked least; the chart beside the board shows the total number of conflicts falling.',
        claims: [{ occurs: ['repairInit', 'repairPick', 'repairMove'], counters: { moves: [1, Infinity] } }],
      },
      {
        address: { tab: 'race', puzzle: '50', settings: { seed: '1', step: 300 } },
        text: 'At N = 50 the two race on the same board, step for step. Compare their counters and the sentences under the two boards: one mends a whole board, the other builds and backs up.',
        claims: [
          { run: 0, occurs: ['place', 'backtrack'], counters: { backtracks: [1, Infinity] } },
          { run: 1, occurs: ['repairInit', 'repairMove'], never: ['backtrack'] },
        ],
      },
    ],
  },
  {
    id: 'deductions',
    title: 'What each Skyscrapers deduction buys',
    stops: [
      {
        address: sky(40),
        text: 'With every technique on, the solver crosses out candidates before it ever guesses. The sentence under the board names the rule that removed each candidate.',
        claims: [{ occurs: ['skyDeduce'], before: ['skyDeduce', 'skyGuess'] }],
      },
      {
        address: sky(40, [['lines', 'off']]),
        text: 'The same puzzle with line propagation switched off (see the Techniques box). Press Solve and compare the nodes and backtracks with the run before: what is left has to be found by guessing.',
        claims: [{ eventually: ['skyGuess', 'skyBacktrack'], moreNodesThan: 0 }],
      },
      {
        address: sky(40, [['lines', 'off'], ['visibility', 'off']]),
        text: 'Now the visibility bounds are off too. Press Solve again: without the cheap bounds the search needs far more nodes, and the time budget may run out before it ends.',
        claims: [{ moreNodesThan: 1 }],
      },
      {
        address: sky(40, [['lines', 'off'], ['visibility', 'on'], ['mrv', 'off']]),
        text: 'Finally the bounds are back and MRV is off: the solver guesses on the first open cell instead of the one with the fewest candidates. The deductions are the same, the order of guesses is not: compare the nodes with the run two stops back.',
        claims: [{ moreNodesThan: 1 }],
      },
    ],
  },
  {
    id: 'matrix-tree',
    title: 'The matrix-tree test and when it prunes',
    stops: [
      {
        address: mt(0, false),
        text: 'Hashiwokakero asks for one connected network of bridges. The matrix-tree test counts the spanning trees that the bridges still possible allow, modulo two primes; a count of zero means the islands can no longer all be joined.',
        claims: [{ eventually: ['hashiMatrixTree', 'hashiGuess'] }],
      },
      {
        address: mt(MT_PRUNE, false),
        text: 'Here a guess has cut the network in two, and the test says so: the count is zero modulo both primes, so the search backs up at once. The cheaper connectivity rules are off in this run, which is why the test is the one that notices.',
        claims: [{ at: 'hashiMatrixTree', says: 'spanning', occurs: ['hashiGuess'] }],
      },
      {
        address: mt(MT_PRUNE, true),
        text: 'The same puzzle with the connectivity and isolation rules back on. They see a split network by a simple search before any determinant is taken, so the test never prunes here: it pays off only where the cheap rules miss what it finds.',
        claims: [{ never: ['hashiMatrixTree'] }],
      },
    ],
  },
  {
    id: 'ties',
    title: 'Why min-conflicts needs random tie-breaking',
    stops: [
      {
        address: { tab: 'repair', puzzle: '8', settings: { seed: '7', step: 5 } },
        text: 'In the highlighted row each column shows its number of conflicts. Often several columns share the least number: the sentence under the board says which columns tie and which one the move chose.',
        claims: [{ at: 'repairMove', says: 'tied' }],
      },
      {
        address: { tab: 'repair', puzzle: '8', settings: { seed: '7', step: 12 } },
        text: 'Always taking the first tied column would make the same choices again from the same board, and the search can cycle between a few boards for ever. Choosing among the ties at random breaks such cycles.',
        claims: [{ occurs: ['repairMove'] }],
      },
      {
        address: { tab: 'repair', puzzle: '8', settings: { seed: '7', step: 12, opts: [['noise', '0.2']] } },
        text: 'Noise goes further: with this probability a move ignores the conflict counts altogether. Compare the moves it needs with the run before, on the same seed.',
      },
    ],
  },
  {
    id: 'restarts',
    title: 'Restarts',
    stops: [
      {
        address: { tab: 'repair', puzzle: '8', settings: { seed: '3', step: 10, opts: [['maxSteps', '8']] } },
        text: 'Repair can get stuck on a board where every move keeps some conflict. This run restarts from a fresh random board after only a few moves (the options say how many).',
        claims: [{ eventually: ['repairRestart'] }],
      },
      {
        address: { tab: 'repair', puzzle: '8', settings: { seed: '3', step: 40, opts: [['maxSteps', '8']] } },
        text: 'The restarts counter and the chart show each new start. A run-length that is cut and begun again is what keeps a rare long run from dominating the average.',
        claims: [{ occurs: ['repairRestart'], counters: { restarts: [1, Infinity] } }],
      },
      {
        address: { tab: 'repair', puzzle: '8', settings: { seed: '3', step: 40 } },
        text: 'The same seed with the default limit of 200 N moves before a restart. Compare the restarts counter with the run before: restarts matter for the unlucky runs, not the typical one.',
        claims: [{ counters: { restarts: [0, 0] } }],
      },
    ],
  },
];
