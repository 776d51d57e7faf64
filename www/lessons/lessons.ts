// The guided lessons, as prose data: each stop is an address the page already reads (www/address.ts,
// docs/FORMATS.md §7) and two or three sentences. The prose names no puzzle fact of its own (no node
// count, no column, no verdict): at each stop the view shows the solver's own counters and sentence,
// computed by the Rust solver, and the text only says where to look.

import type { Address } from '../address';
import { DEMO_HASHI, DEMO_SKYSCRAPERS } from '../views/landing';

/** One stop of a lesson: where the player opens, and what to read there. */
export interface Stop {
  address: Address;
  text: string;
}

export interface Lesson {
  id: string;
  title: string;
  stops: Stop[];
}

const sky = (step: number, opts?: [string, string][]): Address => ({ tab: 'skyscrapers', puzzle: DEMO_SKYSCRAPERS, settings: { mode: 'watch', step, ...(opts ? { opts } : {}) } });
const hashi = (step: number, opts?: [string, string][]): Address => ({ tab: 'hashi', puzzle: DEMO_HASHI, settings: { mode: 'watch', step, ...(opts ? { opts } : {}) } });

export const LESSONS: Lesson[] = [
  {
    id: 'blowup',
    title: 'Why backtracking blows up and repair does not',
    stops: [
      {
        address: { tab: 'queens', puzzle: '8', settings: { step: 12 } },
        text: 'Backtracking places one queen per row, always in the leftmost safe square. The sentence under the board says what the last step did and why.',
      },
      {
        address: { tab: 'queens', puzzle: '8', settings: { step: 60 } },
        text: 'A few dozen steps later the search has already undone queens: a row with no safe square sends it back to the row above. Each undo throws away work, and the number of partial boards it can visit grows exponentially with N.',
      },
      {
        address: { tab: 'repair', puzzle: '8', settings: { seed: '1', step: 4 } },
        text: 'Repair starts from a full board with one queen in every row, attacks and all. Each move takes one attacked queen and puts it where it is attacked least; the chart beside the board shows the total number of conflicts falling.',
      },
      {
        address: { tab: 'race', puzzle: '50', settings: { seed: '1', step: 300 } },
        text: 'At N = 50 the two race on the same board, step for step. Compare their counters and the sentences under the two boards: one mends a whole board, the other builds and backs up.',
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
      },
      {
        address: sky(40, [['lines', 'off']]),
        text: 'The same puzzle with line propagation switched off (see the Techniques box). Press Solve and compare the nodes and backtracks with the run before: what is left has to be found by guessing.',
      },
      {
        address: sky(40, [['visibility', 'off'], ['lines', 'on']]),
        text: 'Now visibility bounds are off and line propagation is back on. Solve again: the counters show how much of the work the cheap bounds were doing.',
      },
      {
        address: sky(40, [['visibility', 'on'], ['lines', 'on'], ['mrv', 'off']]),
        text: 'Finally MRV is off: the solver guesses on the first open cell instead of the one with the fewest candidates. The deductions are the same, the order of guesses is not — watch the backtracks.',
      },
    ],
  },
  {
    id: 'matrix-tree',
    title: 'The matrix-tree test and when it prunes',
    stops: [
      {
        address: hashi(0, [['matrixTree', 'on']]),
        text: 'Hashiwokakero asks for one connected network of bridges. The matrix-tree test counts the spanning trees that the bridges still possible allow, modulo two primes; a count of zero means the islands can no longer all be joined.',
      },
      {
        address: hashi(40, [['matrixTree', 'on']]),
        text: 'The line under the sentence is the test’s own report for the current state. Most of the time the count is not zero and the test prunes nothing: it costs a determinant and buys nothing.',
      },
      {
        address: hashi(40, [['matrixTree', 'off']]),
        text: 'The same position with the test off. Press Solve in both settings and compare nodes and time: the test pays off only when guesses often cut the network in two.',
      },
    ],
  },
  {
    id: 'ties',
    title: 'Why min-conflicts needs random tie-breaking',
    stops: [
      {
        address: { tab: 'repair', puzzle: '8', settings: { seed: '7', step: 2 } },
        text: 'In the highlighted row each column shows its number of conflicts. Often several columns share the least number: the sentence under the board says which columns tie and which one the move chose.',
      },
      {
        address: { tab: 'repair', puzzle: '8', settings: { seed: '7', step: 12 } },
        text: 'Always taking the first tied column would make the same choices again from the same board, and the search can cycle between a few boards for ever. Choosing among the ties at random breaks such cycles.',
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
      },
      {
        address: { tab: 'repair', puzzle: '8', settings: { seed: '3', step: 40, opts: [['maxSteps', '8']] } },
        text: 'The restarts counter and the chart show each new start. A run-length that is cut and begun again is what keeps a rare long run from dominating the average.',
      },
      {
        address: { tab: 'repair', puzzle: '8', settings: { seed: '3', step: 40 } },
        text: 'The same seed with the default limit of 200 N moves before a restart. Compare the restarts counter with the run before: restarts matter for the unlucky runs, not the typical one.',
      },
    ],
  },
];
