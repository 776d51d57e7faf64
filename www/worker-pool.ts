// What the page's pools of solver workers share (count-pool.ts for counting, experiment-pool.ts
// for experiments): one SolverClient per navigator.hardwareConcurrency, each with its own wasm
// instance, started on first use and kept between runs; work spread over them, where the first
// failure stops the others; and Cancel, which terminates every worker at once.

import { SolverClient, type SolverModule } from './solver-client';

export class WorkerPool {
  private clients: SolverClient[] = [];

  constructor(
    /** Whose module the workers load (every pool today counts or experiments with N-Queens). */
    readonly puzzle: SolverModule,
    readonly size: number = Math.max(1, navigator.hardwareConcurrency || 1),
  ) {}

  protected client(k: number): SolverClient {
    while (this.clients.length <= k) this.clients.push(new SolverClient(this.puzzle));
    return this.clients[k]!;
  }

  /**
   * Runs `work(k)` on workers 0 … workers-1 together. The first failure (a cancel too) stops the
   * others, since there is no point in going on, and is thrown once all have stopped.
   */
  protected async spread(workers: number, work: (k: number) => Promise<void>): Promise<void> {
    let failure: unknown = null;
    await Promise.all(
      Array.from({ length: workers }, (_, k) =>
        work(k).catch((e: unknown) => {
          if (failure === null) {
            failure = e;
            this.cancel();
          }
        }),
      ),
    );
    if (failure !== null) throw failure instanceof Error ? failure : new Error(String(failure));
  }

  /** Stops every worker at once; whatever they were asked rejects with a CancelledError. */
  cancel(): void {
    for (const c of this.clients) c.cancel();
  }
}
