// How a view folder's reducer is driven from a solver's trace, as one interface for every puzzle
// (each folder's replay.ts exports one `REPLAY`): the page's replay test (tests/unit/replay.test.mjs)
// runs every sample of src/puzzles/<name>/samples.json through it, forward and back.

import type { Undo } from '../player';

/** What a run starts from, as the wasm module describes it. */
export interface ReplayStart {
  /** The registry's algorithm name. */
  algorithm: string;
  /** `parse(puzzle, id).puzzle`. */
  puzzle: unknown;
  /** `layout(puzzle, parsed)`, or null for a puzzle without one. */
  layout: unknown;
}

export interface Replay {
  /** The view state before the run's first event. */
  fresh(start: ReplayStart): object;
  /** Applies one event and returns what undoes it (the `kind`s are the algorithm's). */
  apply(view: object, event: { kind: string }, algorithm: string): Undo;
}
