// Promise-based access to a solver worker. One client per view (or per pool worker), for one
// puzzle: its worker loads that puzzle's own wasm module (worker.ts), so a view waits for its own
// solvers only. Sessions are numbered here.
// `cancel()` terminates the worker (stopping even a long synchronous solve at once) and starts a new
// one; every pending request then rejects with a CancelledError and sessions must be created again.

import {
  assertNever,
  type CountAlgorithm,
  type Counts,
  type CountTask,
  type Frame,
  type Report,
  type Request,
  type Response,
  type SolverOptions,
  type Stats,
} from './protocol';

import { CancelledError } from './cancelled';
import type { PuzzleName } from './generated/puzzles';
import { WORKERS } from './generated/workers';

export { CancelledError };

/** The messages a request may hear before its answer. */
type Progress = Extract<Response, { type: 'progress' | 'counting' }>;

type Pending = { resolve: (r: Response) => void; reject: (e: Error) => void; progress?: ((msg: Progress) => void) | undefined };

// Distributes Omit over the union so each request keeps its own fields.
type RequestBody = Request extends infer R ? (R extends Request ? Omit<R, 'req'> : never) : never;

/** The puzzles with a wasm module of their own (scripts/build-wasm.sh builds one per puzzle). */
export type SolverModule = PuzzleName;

/** Starts a worker for `puzzle`'s module; the worker learns which from its name. (The factories
 *  are generated: Vite bundles a worker only from a literal `new Worker(new URL(…), {…})`.) */
function startWorker(puzzle: SolverModule): Worker {
  const start = Object.hasOwn(WORKERS, puzzle) ? WORKERS[puzzle] : undefined;
  if (!start) throw new Error(`no solver module for ${JSON.stringify(String(puzzle)).slice(0, 60)}`);
  return start();
}

/** A run's identity: what `create` sent (the CLI's `trace` replays exactly this). */
export interface RunParams {
  puzzle: string;
  id: string;
  algorithm: string;
  options: SolverOptions;
}

export class SolverClient {
  /** Started on the first request, so tabs never opened cost nothing. */
  private worker: Worker | null = null;
  private pending = new Map<number, Pending>();
  private nextReq = 1;
  private nextSession = 1;
  /** Bumped on every restart so stale sessions can tell they are gone. */
  generation = 0;

  constructor(readonly puzzle: SolverModule) {}

  private spawn(): Worker {
    const worker = startWorker(this.puzzle);
    this.worker = worker;
    worker.onmessage = (e: MessageEvent<Response>) => this.receive(e.data);
    worker.onerror = (e: ErrorEvent) => {
      this.fail(new Error(`the solver worker failed: ${e.message || 'could not load the wasm module'}`));
    };
    return worker;
  }

  private receive(msg: Response): void {
    switch (msg.type) {
      case 'ready':
        return;
      case 'progress':
      case 'counting':
        this.pending.get(msg.req)?.progress?.(msg);
        return;
      case 'created':
      case 'counted':
      case 'frame':
      case 'solved':
      case 'called':
      case 'disposed':
      case 'error': {
        const p = this.pending.get(msg.req);
        if (msg.type === 'error' && msg.fatal) {
          // The worker is gone or unusable: fail everything it held; the next request starts anew.
          this.pending.delete(msg.req);
          p?.reject(new Error(msg.message));
          this.fail(new Error(`the solver stopped: ${msg.message}`));
          return;
        }
        if (!p) return;
        this.pending.delete(msg.req);
        if (msg.type === 'error') p.reject(new Error(msg.message));
        else p.resolve(msg);
        return;
      }
      default:
        assertNever(msg);
    }
  }

  private request(body: RequestBody, progress?: (msg: Progress) => void): Promise<Response> {
    const req = this.nextReq++;
    return new Promise((resolve, reject) => {
      this.pending.set(req, { resolve, reject, progress });
      (this.worker ?? this.spawn()).postMessage({ ...body, req } as Request);
    });
  }

  /** Drops a dead worker and rejects what it held; sessions must be created again. */
  private fail(err: Error): void {
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
    this.generation++;
  }

  /** Stops everything the worker is doing and starts a fresh one. */
  cancel(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const p of this.pending.values()) p.reject(new CancelledError());
    this.pending.clear();
    this.generation++;
  }

  async create(puzzle: string, id: string, algorithm: string, options: SolverOptions = {}): Promise<number> {
    const session = this.nextSession++;
    await this.request({ type: 'create', session, puzzle, id, algorithm, options });
    this.made.set(session, { puzzle, id, algorithm, options });
    return session;
  }

  /** What each live session was created with (a run is its puzzle, ID, algorithm and options). */
  private readonly made = new Map<number, RunParams>();

  /** The parameters session `session` was created with, so a run can be named and replayed. */
  params(session: number): RunParams | undefined {
    return this.made.get(session);
  }

  async step(session: number, maxEvents: number): Promise<Frame> {
    const r = await this.request({ type: 'step', session, maxEvents });
    if (r.type !== 'frame') throw new Error('unexpected answer');
    return r.frame;
  }

  /** Solves at full speed; `progress` hears the counters between the worker's chunks. */
  async solve(session: number, maxNodes = Infinity, maxMs = 60_000, progress?: (stats: Stats) => void): Promise<Report> {
    const r = await this.request({ type: 'solve', session, maxNodes, maxMs }, (m) => {
      if (m.type === 'progress') progress?.(m.stats);
    });
    if (r.type !== 'solved') throw new Error('unexpected answer');
    return r.report;
  }

  /** Counts a batch of counting tasks in this client's worker and answers with their sum;
   *  `progress` hears the batch's figures and tasks done meanwhile. */
  async count(
    algorithm: CountAlgorithm,
    tasks: CountTask[],
    chunkNodes: number,
    progress?: (counts: Counts, tasksDone: number, fraction: number | null) => void,
  ): Promise<Counts> {
    const r = await this.request({ type: 'count', algorithm, tasks, chunkNodes }, (m) => {
      if (m.type === 'counting') progress?.(m.counts, m.tasksDone, m.fraction);
    });
    if (r.type !== 'counted') throw new Error('unexpected answer');
    return r.counts;
  }

  /** Calls an exported wasm helper (parse, format, hint, check…) by name. */
  async call<T>(fn: string, ...args: unknown[]): Promise<T> {
    const r = await this.request({ type: 'call', fn, args });
    if (r.type !== 'called') throw new Error('unexpected answer');
    return r.value as T;
  }

  async dispose(session: number): Promise<void> {
    this.made.delete(session);
    await this.request({ type: 'dispose', session }).catch(() => undefined);
  }
}
