// The one contract between the page and the solver worker. Every message is a discriminated union
// member; both sides switch on `type` exhaustively, so adding a message is a compile error until
// both ends handle it. Values mirror the Rust types serialized by src/api.rs (camelCase).

export type Status = 'paused' | 'exhausted' | 'limitReached' | 'gaveUp';

export type Verdict = 'unique' | 'multiple' | 'none' | 'found' | 'counted' | 'budget' | 'gaveUp';

export interface Stats {
  nodes: number;
  backtracks: number;
  solutions: number;
  depth: number;
  moves: number;
  restarts: number;
  elapsedMicros: number;
}

/** One event of any solver; each puzzle module narrows it by `kind`. */
export interface SolverEvent {
  kind: string;
  [field: string]: unknown;
}

export interface Frame<E extends SolverEvent = SolverEvent> {
  events: E[];
  stats: Stats;
  status: Status;
  /** Set on the frame that ends the run: what it proved, decided in Rust. */
  verdict: Verdict | null;
}

export interface Report {
  verdict: Verdict;
  status: Status;
  stats: Stats;
  solutions: unknown[];
}

export interface AlgorithmInfo {
  name: string;
  title: string;
  summary: string;
}

export interface PuzzleInfo {
  name: string;
  title: string;
  aliases: string[];
  algorithms: AlgorithmInfo[];
  example: string;
}

export type SolverOptions = Record<string, unknown>;

/** Page → worker. `req` numbers each request so its answer can be matched. */
export type Request =
  | { type: 'list'; req: number }
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
  | { type: 'dispose'; req: number; session: number };

/** Worker → page. */
export type Response =
  | { type: 'ready' }
  | { type: 'list'; req: number; puzzles: PuzzleInfo[] }
  | { type: 'created'; req: number; session: number }
  | { type: 'frame'; req: number; frame: Frame }
  | { type: 'solved'; req: number; report: Report }
  | { type: 'called'; req: number; value: unknown }
  | { type: 'disposed'; req: number }
  /** `fatal`: the module trapped or failed to load; the page must start a new worker. */
  | { type: 'error'; req: number; message: string; fatal?: boolean };

export function assertNever(x: never): never {
  throw new Error(`unexpected message: ${JSON.stringify(x)}`);
}
