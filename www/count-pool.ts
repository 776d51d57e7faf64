// Counting N-Queens on every core of the browser: a pool of solver workers (one per
// navigator.hardwareConcurrency, each with its own wasm instance) fed the tasks of
// `queensCountPlan(n)`; each worker takes the next task when it finishes one, and the counts are
// added here. The puzzle (the split, the search, the symmetry) stays in Rust: this file only
// schedules and sums. Cancel terminates every worker, stopping even a task in the middle.

import { SolverClient, CancelledError } from './solver-client';
import type { CountAlgorithm, Counts, CountTask } from './protocol';

/** `queensCountPlan(n)`: the answer is `base` plus the counts of every task. */
interface Plan {
  n: number;
  base: Counts;
  tasks: CountTask[];
}

/** How a run stands, for the progress bar. */
export interface CountProgress {
  tasks: number;
  tasksDone: number;
  /** Figures of the finished tasks plus those the running ones have reported. */
  counts: Counts;
  elapsedMs: number;
  /** How far the run is, 0 to 1 (tasks done; the naive counter's own estimate). */
  fraction: number;
}

export interface CountResult {
  n: number;
  algorithm: CountAlgorithm;
  workers: number;
  counts: Counts;
  elapsedMs: number;
}

/** Nodes per call into wasm: big enough that the calls cost nothing, small enough (a few ms) that
 *  a worker reports in time. The naive counter spends much longer per node. */
const CHUNK_NODES: Record<CountAlgorithm, number> = { bitmask: 1 << 20, naive: 1 << 16 };

/** Batches per worker: one message round trip per task would dominate small N (a few thousand
 *  nodes per task), while a handful per worker still lets a fast worker take more of them. */
const BATCHES_PER_WORKER = 8;

const zero = (): Counts => ({ solutions: 0, unique: 0, nodes: 0 });

function add(a: Counts, b: Counts): void {
  a.solutions += b.solutions;
  a.unique += b.unique;
  a.nodes += b.nodes;
}

export class CountPool {
  /** Started on the first count and kept between runs (a cancel replaces their workers). */
  private clients: SolverClient[] = [];

  constructor(readonly size: number = Math.max(1, navigator.hardwareConcurrency || 1)) {}

  private client(k: number): SolverClient {
    while (this.clients.length <= k) this.clients.push(new SolverClient());
    return this.clients[k]!;
  }

  /**
   * Counts `n` queens; `progress` hears how far it is several times a second. Rejects with a
   * CancelledError after `cancel()`, or with the solver's sentence for a bad N.
   */
  async count(n: number, algorithm: CountAlgorithm, progress: (p: CountProgress) => void): Promise<CountResult> {
    const started = performance.now();
    // The naive counter is the article's one sequential search: a single task on one worker.
    const plan: Plan =
      algorithm === 'naive' ? { n, base: zero(), tasks: [{ n, columns: [] }] } : await this.client(0).call<Plan>('queensCountPlan', n);
    const workers = Math.min(this.size, plan.tasks.length) || 1;
    // Contiguous batches, the same few tasks each (their order is the plan's).
    const per = Math.max(1, Math.ceil(plan.tasks.length / (workers * BATCHES_PER_WORKER)));
    const batches: CountTask[][] = [];
    for (let i = 0; i < plan.tasks.length; i += per) batches.push(plan.tasks.slice(i, i + per));
    const done = plan.base;
    const running = new Map<number, { counts: Counts; tasksDone: number; fraction: number | null }>();
    let next = 0;
    let tasksDone = 0;
    const report = (): void => {
      const counts = { ...done };
      let partial = 0;
      for (const r of running.values()) {
        add(counts, r.counts);
        partial += r.tasksDone + (r.fraction ?? 0);
      }
      const tasks = plan.tasks.length;
      progress({ tasks, tasksDone: tasksDone + Math.floor(partial), counts, elapsedMs: performance.now() - started, fraction: tasks ? (tasksDone + partial) / tasks : 1 });
    };
    let failure: unknown = null;
    const work = async (k: number): Promise<void> => {
      const client = this.client(k);
      while (next < batches.length && failure === null) {
        const i = next++;
        const batch = batches[i]!;
        running.set(i, { counts: zero(), tasksDone: 0, fraction: 0 });
        const counts = await client.count(algorithm, batch, CHUNK_NODES[algorithm], (c, inBatch, fraction) => {
          running.set(i, { counts: c, tasksDone: inBatch, fraction });
          report();
        });
        running.delete(i);
        add(done, counts);
        tasksDone += batch.length;
        report();
      }
    };
    report();
    await Promise.all(
      Array.from({ length: workers }, (_, k) =>
        work(k).catch((e: unknown) => {
          // The first failure (or a cancel) ends the run: stop the others rather than count on.
          if (failure === null) {
            failure = e;
            this.cancel();
          }
        }),
      ),
    );
    if (failure !== null) throw failure instanceof Error ? failure : new Error(String(failure));
    return { n, algorithm, workers, counts: done, elapsedMs: performance.now() - started };
  }

  /** Starts the workers (each loads its wasm instance) before the first count, so the first
   *  run's time is the count's, not the module's start-up. */
  warm(): void {
    for (let k = 0; k < this.size; k++) void this.client(k).call('queensCountPlan', 1).catch(() => undefined);
  }

  /** Stops every worker at once; a running `count` rejects with a CancelledError. */
  cancel(): void {
    for (const c of this.clients) c.cancel();
  }
}

export { CancelledError };
