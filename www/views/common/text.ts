// The sentences every view shows: a solver's `why` made into a sentence, and the verdict of a
// search that proves uniqueness (Skyscrapers, Hashiwokakero). Pure: no DOM, unit-tested.

import type { Verdict } from '../../protocol';

export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A `why` from the solver as a sentence: trimmed, capital first letter, final full stop. The
 *  solver writes clauses that may follow a label ("Guess: …"), so they start lower-case. */
export function sentence(s: string): string {
  const t = capitalise(s.trim());
  return t === '' || /[.!?…]$/.test(t) ? t : `${t}.`;
}

/** `why` with a "Kind:" prefix unless the solver's sentence already starts with it. */
export function prefixed(kind: string, why: string): string {
  const t = sentence(why);
  return t.toLowerCase().startsWith(kind.toLowerCase()) ? t : `${kind}: ${t}`;
}

/** `n thing` or `n things`, with the number written the way the counters write it. */
export function plural(n: number, thing: string, things = `${thing}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? thing : things}`;
}

/** The status line for a verdict; `elapsed` (the solver's time, formatted) is added when known. */
export function verdictText(v: Verdict, solutions: number, elapsed: string | null = null): string {
  const took = elapsed ? ` (${elapsed})` : '';
  switch (v) {
    case 'unique':
      return `Unique: one solution, and the search proved there is no other${took}.`;
    case 'multiple':
      return 'Multiple solutions: the search stopped at the second one (use the switch to compare the two).';
    case 'none':
      return `No solution: every branch ends in a contradiction, so this puzzle has no solution${took}.`;
    case 'found':
      return 'Found a solution (the search was stopped before proving it unique).';
    case 'budget':
      return `Stopped: the budget ran out before the search ended (${plural(solutions, 'solution')} so far).`;
    default:
      return `Finished (${v}).`;
  }
}
