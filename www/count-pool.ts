// Counting N-Queens on every core of the browser: a pool of solver workers (one per
// navigator.hardwareConcurrency, each with its own wasm instance) fed the tasks of
// `countPlan(puzzle, n)`; each worker takes the next task when it finishes one, and the counts are
// added here. The puzzle (the split, the search, the symmetry) stays in Rust: this file only
// schedules and sums. Cancel terminates every worker, stopping even a task in the middle.

import { CancelledError } from './solver-client';
import { WorkerPool } from './worker-pool';
import type { CountAlgorithm, Counts, CountTask } from './protocol';
import { batchEnd, mixedOrder, progressWeights } from './count-weights';

/** `countPlan(puzzle, n)`: the answer is `base` plus the counts of every task; `weights` are the
 *  tasks' likely sizes (src/puzzles/queens/count.rs), which measure progress far better than the
 *  number of tasks done (their sizes differ a hundredfold). */
interface Plan {
  n: number;
  base: Counts;
  tasks: CountTask[];
  weights: number[];
}

/** How a run stands, for the progress bar. */
export interface CountProgress {
  tasks: number;
  tasksDone: number;
  /** Figures of the finished tasks plus those the running ones have reported. */
  counts: Counts;
  elapsedMs: number;
  /** How far the run is, 0 to 1: the weights of the tasks done (the naive counter: its own
   *  estimate within its one task). */
  fraction: number;
}

export interface CountResult {
  n: number;
  algorithm: CountAlgorithm;
  workers: number;
  counts: Counts;
  elapsedMs: number;
}

/** Nodes per call into wasm, about 0.1 s of a worker: small enough that a worker reports in
 *  time (every COUNT_PROGRESS_MS, between chunks or tasks), big enough that the budget costs
 *  nothing. A call ends exactly at its nodes, so the rows above the last eight, and subtrees
 *  tried and given back near a call's end, go through the slower resumable loop: with 2^20
 *  N = 18 took 30.5-30.8 s in the page instead of 27.4-28.6 s (BENCHMARKS.md, seventh round;
 *  `TaskCounter::fits` has since taken most of that penalty away, but not all). The naive
 *  counter spends much longer per node. */
const CHUNK_NODES: Record<CountAlgorithm, number> = { bitmask: 1 << 24, naive: 1 << 16 };

const zero = (): Counts => ({ solutions: 0, unique: 0, nodes: 0 });

function add(a: Counts, b: Counts): void {
  a.solutions += b.solutions;
  a.unique += b.unique;
  a.nodes += b.nodes;
}

export class CountPool extends WorkerPool {
  /**
   * Counts `n` queens; `progress` hears how far it is several times a second. Rejects with a
   * CancelledError after `cancel()`, or with the solver's sentence for a bad N.
   */
  async count(n: number, algorithm: CountAlgorithm, progress: (p: CountProgress) => void): Promise<CountResult> {
    // The clock starts once every worker has its module: a first count (or one after Cancel,
    // which ends the workers) measured the start-up too, and N = 8 looked slower than N = 12.
    await this.warm();
    const started = performance.now();
    // The naive counter is the article's one sequential search: a single task on one worker.
    const plan: Plan =
      algorithm === 'naive' ? { n, base: zero(), tasks: [{ n, columns: [] }], weights: [1] } : await this.client(0).call<Plan>('countPlan', this.puzzle, n);
    const workers = Math.min(this.size, plan.tasks.length) || 1;
    // The tasks in a mixed order (see mixedOrder), their weights with them, handed out in
    // contiguous batches that shrink towards the end (see batchEnd).
    const order = mixedOrder(plan.tasks.length);
    const tasks = order.map((i) => plan.tasks[i]!);
    const weight = progressWeights(
      plan.weights?.length === plan.tasks.length ? order.map((i) => plan.weights[i]!) : undefined,
      tasks.length,
    );
    const done = plan.base;
    /** The batches being counted, by their first task. */
    const running = new Map<number, { counts: Counts; tasksDone: number; fraction: number | null }>();
    /** The first task not yet handed out. */
    let next = 0;
    let tasksDone = 0;
    let weightDone = 0;
    const report = (): void => {
      const counts = { ...done };
      let partial = 0;
      let partialWeight = 0;
      for (const [i, r] of running) {
        add(counts, r.counts);
        partial += r.tasksDone;
        partialWeight += weight.within(i, r.tasksDone, r.fraction ?? 0);
      }
      const total = tasks.length;
      progress({ tasks: total, tasksDone: tasksDone + partial, counts, elapsedMs: performance.now() - started, fraction: total ? Math.min(1, (weightDone + partialWeight) / weight.total) : 1 });
    };
    const work = async (k: number): Promise<void> => {
      const client = this.client(k);
      while (next < tasks.length) {
        const i = next;
        next = batchEnd(weight, i, tasks.length, workers);
        const batch = tasks.slice(i, next);
        running.set(i, { counts: zero(), tasksDone: 0, fraction: 0 });
        const counts = await client.count(algorithm, batch, CHUNK_NODES[algorithm], (c, inBatch, fraction) => {
          running.set(i, { counts: c, tasksDone: inBatch, fraction });
          report();
        });
        running.delete(i);
        add(done, counts);
        tasksDone += batch.length;
        weightDone += weight.within(i, batch.length, 0);
        report();
      }
    };
    report();
    // The first failure (or a cancel) ends the run: the others stop rather than count on.
    await this.spread(workers, work);
    return { n, algorithm, workers, counts: done, elapsedMs: performance.now() - started };
  }

  /** Starts the workers (each loads its wasm instance) before the first count, so the first
   *  run's time is the count's, not the module's start-up. */
  warm(): Promise<void> {
    const generations = Array.from({ length: this.size }, (_, k) => this.client(k).generation).join(',');
    if (!this.warming || this.warmedFor !== generations) {
      this.warmedFor = generations;
      this.warming = Promise.all(Array.from({ length: this.size }, (_, k) => this.client(k).call('countPlan', this.puzzle, 1).catch(() => undefined))).then(() => undefined);
    }
    return this.warming;
  }

  /** The workers' start-up in flight or done, for the workers of these generations. */
  private warming: Promise<void> | null = null;
  private warmedFor = '';
}

export { CancelledError };
