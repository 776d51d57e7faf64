// The one contract between the page and the solver worker. Every message is a discriminated union
// member; both sides switch on `type` exhaustively, so adding a message is a compile error until
// both ends handle it. The values inside (frames, reports, the registry) are the types generated
// from Rust (www/generated/types.ts, written by `cargo test`): the page never restates them.

import type { AnyEvent, AnySolution, Frame as RustFrame, Report as RustReport, Stats } from './generated/types';

export type {
  AlgorithmInfo,
  AnyEvent,
  Counters,
  PuzzleInfo,
  Stats,
  Status,
  Verdict,
} from './generated/types';

/**
 * A run's report as the page receives it: Rust's report, except that a long list of numbers (an
 * N-Queens placement above LONG_SOLUTION values) arrives as an Int32Array transferred from the
 * worker, because cloning a JS array of 10^7 numbers blocked the page for half a second.
 */
export type Report = Omit<RustReport, 'solutions'> & { solutions: Array<AnySolution | Int32Array> };

/** How long the worker solves before it reports progress and goes on. */
export const SOLVE_CHUNK_MS = 150;

/** Solutions with more numbers than this cross from the worker as transferred Int32Arrays. */
export const LONG_SOLUTION = 4096;

/** One event of any solver; each view narrows it by `kind`. */
export type SolverEvent = AnyEvent;

/** One frame of a run, with its events narrowed to a view's own kinds. */
export type Frame<E extends SolverEvent = SolverEvent> = RustFrame<E>;

export type SolverOptions = Record<string, unknown>;

/** What an N-Queens count found so far (Rust's `count::Counts`); counts of tasks add up. */
export interface Counts {
  solutions: number;
  unique: number;
  nodes: number;
}

/** One task of `countPlan('queens', n)`: the columns of the queens in the first rows. */
export interface CountTask {
  n: number;
  columns: number[];
}

/** The page's two counters: the symmetry-aware bitmask tasks, or the article's naive search. */
export type CountAlgorithm = 'bitmask' | 'naive';

/** How often a counting worker reports a task still running. */
export const COUNT_PROGRESS_MS = 150;

/** Page → worker. `req` numbers each request so its answer can be matched. */
export type Request =
  | {
      type: 'create';
      req: number;
      session: number;
      puzzle: string;
      id: string;
      algorithm: string;
      options: SolverOptions;
    }
  | { type: 'step'; req: number; session: number; maxEvents: number }
  | { type: 'solve'; req: number; session: number; maxNodes: number; maxMs: number }
  | { type: 'call'; req: number; fn: string; args: unknown[] }
  /** Counts a batch of tasks to their end, `chunkNodes` at a time, and answers with their sum
   *  (naive: one task, the whole search of `task.n`). */
  | { type: 'count'; req: number; algorithm: CountAlgorithm; tasks: CountTask[]; chunkNodes: number }
  | { type: 'dispose'; req: number; session: number };

/** Worker → page. */
export type Response =
  | { type: 'ready' }
  | { type: 'created'; req: number; session: number }
  | { type: 'frame'; req: number; frame: Frame }
  /** A long Solve still running: its counters so far (sent between chunks of SOLVE_CHUNK_MS). */
  | { type: 'progress'; req: number; stats: Stats }
  | { type: 'solved'; req: number; report: Report }
  | { type: 'called'; req: number; value: unknown }
  /** A batch still running (every COUNT_PROGRESS_MS): its figures so far, its tasks done, and
   *  `fraction` (0 to 1), the naive counter's estimate of how far its task is (null: bitmask). */
  | { type: 'counting'; req: number; counts: Counts; tasksDone: number; fraction: number | null }
  | { type: 'counted'; req: number; counts: Counts }
  | { type: 'disposed'; req: number }
  /** `fatal`: the module trapped or failed to load; the page must start a new worker. */
  | { type: 'error'; req: number; message: string; fatal?: boolean };

export function assertNever(x: never): never {
  throw new Error(`unexpected message: ${JSON.stringify(x)}`);
}
